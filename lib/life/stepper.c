/* stepper.c — the stepper object and the common path of every run: names,
 * the table of implementations, argument checks, the supports check, the
 * plan cache, the layout switch, the spare buffer, the generation loop with
 * its queue bound, the generation counter and statistics. A stepper only
 * supplies the hooks of golcl__stepper_ops (life.h). */
#include "life.h"
#include "bitslice.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const names[GOLCL_STEPPER_COUNT] = {
    [GOLCL_STEPPER_REFERENCE] = "reference", [GOLCL_STEPPER_NAIVE] = "naive",
    [GOLCL_STEPPER_BINMUL] = "binmul",       [GOLCL_STEPPER_HALO] = "halo",
    [GOLCL_STEPPER_TWOCELL] = "twocell",     [GOLCL_STEPPER_LAZY] = "lazy",
    [GOLCL_STEPPER_LUT4] = "lut4",           [GOLCL_STEPPER_PACK16] = "pack16",
    [GOLCL_STEPPER_LUT6X3] = "lut6x3",       [GOLCL_STEPPER_BITSLICE] = "bitslice",
    [GOLCL_STEPPER_MULTI] = "multi",         [GOLCL_STEPPER_SPARSE] = "sparse",
    [GOLCL_STEPPER_AUTO] = "auto",
};

/* The implementations this build has; a kind without one is refused with
 * GOLCL_E_UNSUPPORTED. */
static const golcl__stepper_ops *const impls[GOLCL_STEPPER_COUNT] = {
    [GOLCL_STEPPER_REFERENCE] = &golcl__stepper_reference,
    [GOLCL_STEPPER_NAIVE] = &golcl__stepper_naive,
    [GOLCL_STEPPER_LUT4] = &golcl__stepper_lut4,
    [GOLCL_STEPPER_PACK16] = &golcl__stepper_pack16,
    [GOLCL_STEPPER_LUT6X3] = &golcl__stepper_lut6x3,
    [GOLCL_STEPPER_BINMUL] = &golcl__stepper_binmul,
    [GOLCL_STEPPER_HALO] = &golcl__stepper_halo,
    [GOLCL_STEPPER_TWOCELL] = &golcl__stepper_twocell,
    [GOLCL_STEPPER_LAZY] = &golcl__stepper_lazy,
    [GOLCL_STEPPER_BITSLICE] = &golcl__stepper_bitslice,
    [GOLCL_STEPPER_MULTI] = &golcl__stepper_multi,
    [GOLCL_STEPPER_SPARSE] = &golcl__stepper_sparse,
    [GOLCL_STEPPER_AUTO] = &golcl__stepper_auto,
};

const char *golcl_stepper_name(golcl_stepper_kind kind) {
  return (unsigned)kind < GOLCL_STEPPER_COUNT ? names[kind] : NULL;
}

golcl_status golcl_stepper_from_name(const char *name, golcl_stepper_kind *out) {
  if (!name || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_stepper_from_name: NULL argument");
  for (int k = 0; k < GOLCL_STEPPER_COUNT; k++)
    if (strcasecmp(name, names[k]) == 0) {
      *out = (golcl_stepper_kind)k;
      return GOLCL_OK;
    }
  return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "no stepper is named \"%s\"", name);
}

int golcl_stepper_available(golcl_stepper_kind kind) {
  return (unsigned)kind < GOLCL_STEPPER_COUNT && impls[kind] != NULL;
}

golcl_status golcl_stepper_create(golcl_context *ctx, golcl_stepper_kind kind,
                                  const golcl_stepper_opts *opts, golcl_stepper **out) {
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_stepper_create: out is NULL");
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_stepper_create: ctx is NULL");
  if ((unsigned)kind >= GOLCL_STEPPER_COUNT)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_stepper_create: bad kind %d", (int)kind);
  if (!impls[kind])
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED, "the %s stepper is not implemented in libgolcl %s",
                       names[kind], GOLCL_VERSION_STRING);
  golcl_stepper *s = calloc(1, sizeof *s);
  if (!s) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s->ctx = ctx;
  s->kind = kind;
  s->ops = impls[kind];
  if (opts) s->opts = *opts;
  if (s->ops->init) {
    golcl_status st = s->ops->init(s);
    if (st != GOLCL_OK) {
      golcl_stepper_destroy(s);
      return st;
    }
  }
  *out = s;
  return GOLCL_OK;
}

void golcl_stepper_destroy(golcl_stepper *s) {
  if (!s) return;
  if (s->paced) clReleaseEvent(s->paced);
  if (s->ops && s->ops->destroy)
    s->ops->destroy(s);
  else
    free(s->state);
  free(s);
}

static golcl_status check_pair(golcl_stepper *s, golcl_grid *g, const char *fn) {
  if (!s) return golcl__fail(g ? g->ctx : NULL, GOLCL_E_INVALID_ARG, "%s: stepper is NULL", fn);
  if (!g) return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG, "%s: grid is NULL", fn);
  if (g->ctx != s->ctx)
    return golcl__fail(s->ctx, GOLCL_E_MISMATCH,
                       "%s: the grid and the stepper belong to different contexts", fn);
  return GOLCL_OK;
}

/* The common path ------------------------------------------------------------- */

golcl_layout golcl__stepper_layout(const golcl_stepper *s, const golcl_grid *g) {
  return s->ops->layout_for ? s->ops->layout_for(s, g) : s->ops->layout;
}

/* The supports check (a topology other than a plain plane or torus needs a
 * stepper with any_bounds), and the declared layout described for this grid. */
static golcl_status supports(golcl_stepper *s, const golcl_grid *g, golcl_layout_info *info) {
  if (g->exotic && !s->ops->any_bounds) {
    char b[GOLCL_BOUNDS_TEXT_CAP];
    if (golcl_bounds_format(&g->bounds, b, sizeof b) != GOLCL_OK) b[0] = '\0';
    return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                       "the %s stepper runs a plain plane or torus only, not the bounded grid %s; "
                       "the naive and reference steppers run every topology",
                       golcl_stepper_name(s->kind), b);
  }
  golcl_status st = s->ops->supports ? s->ops->supports(s, g) : GOLCL_OK;
  if (st == GOLCL_OK) st = golcl__layout_describe(g, golcl__stepper_layout(s, g), info);
  return st == GOLCL_E_INVALID_ARG ? GOLCL_E_UNSUPPORTED : st; /* too large for the layout */
}

golcl_status golcl__stepper_supports(golcl_stepper *s, const golcl_grid *g) {
  golcl_layout_info info;
  return supports(s, g, &info);
}

/* A B0 rule without Smax changes its table every generation (Golly's
 * emulation): the arguments are set again before every launch, which a
 * launch of several generations cannot follow. */
static golcl_status alternation_ok(golcl_stepper *s, const golcl_grid *g, const golcl__plan *p) {
  if (!g->alternates || p->gens_per_launch <= 1) return GOLCL_OK;
  return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                     "the %s stepper advances %u generations a launch; a B0 rule without Smax "
                     "changes its table every generation (Golly's emulation of B0)",
                     golcl_stepper_name(s->kind), (unsigned)p->gens_per_launch);
}

golcl_status golcl__stepper_plan(golcl_stepper *s, const golcl_grid *g, const golcl__plan **out) {
  *out = NULL;
  golcl_layout_info info;
  if (s->ops->host_run) return supports(s, g, &info);
  for (unsigned i = 0; i < GOLCL__PLANS; i++) {
    const golcl__plan_entry *e = &s->plans[i];
    if (e->valid && e->w == g->w && e->h == g->h && e->boundary == g->boundary &&
        e->rule_mask == golcl__grid_step_rule(g)->mask &&
        !memcmp(&e->bounds, &g->bounds, sizeof g->bounds)) {
      /* the shape is planned; the rule may have changed since */
      golcl_status st = golcl__stepper_supports(s, g);
      if (st == GOLCL_OK) st = alternation_ok(s, g, &e->plan);
      if (st == GOLCL_OK) *out = &e->plan;
      return st;
    }
  }
  golcl__plan p = {0};
  p.gens_per_launch = s->ops->gens_per_launch ? s->ops->gens_per_launch : 1;
  golcl_status st = supports(s, g, &info);
  if (st == GOLCL_OK) st = s->ops->plan(s, g, &info, &p);
  if (st == GOLCL_OK) st = alternation_ok(s, g, &p);
  if (st != GOLCL_OK) return st;
  golcl__plan_entry *e = &s->plans[s->next_plan];
  s->next_plan = (s->next_plan + 1) % GOLCL__PLANS;
  e->valid = 1;
  e->w = g->w;
  e->h = g->h;
  e->boundary = g->boundary;
  e->rule_mask = golcl__grid_step_rule(g)->mask;
  e->bounds = g->bounds;
  e->plan = p;
  *out = &e->plan;
  return GOLCL_OK;
}

golcl_status golcl__life_kernel(golcl_stepper *s, const golcl_grid *g, const char *file,
                                const char *name, golcl__opts *o, cl_kernel *k) {
  golcl__opts own;
  if (!o) {
    golcl__opts_init(&own);
    o = &own;
  }
  golcl__life_options(g, o);
  golcl_status st = golcl__opts_check(s->ctx, o, golcl_stepper_name(s->kind));
  return st != GOLCL_OK ? st : golcl__kernel(s->ctx, file, o->buf, name, k);
}

golcl_status golcl__bs_supports(golcl_stepper *s, const golcl_grid *g) {
  return golcl__grid_needs_bs(g, golcl_stepper_name(s->kind));
}

golcl_status golcl__tiled_bs_supports(golcl_stepper *s, const golcl_grid *g) {
  golcl_status st = golcl__bs_supports(s, g);
  return st == GOLCL_OK ? golcl__tiled_supports(s, g) : st;
}

golcl_status golcl__args_size_rule(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                   uint32_t gens) {
  (void)gens;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint rule = golcl__grid_step_rule(g)->mask;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(rule), GOLCL__END);
}

/* The spare buffer for double buffering; a new one in a layout with padding
 * gets its padding dead once (the kernels never write it). */
static golcl_status spare_ready(golcl_stepper *s, golcl_grid *g) {
  if (g->spare) return GOLCL_OK;
  cl_mem spare;
  cl_uchar zero = 0;
  golcl_status st = golcl__grid_spare(g, &spare);
  if (st == GOLCL_OK && g->info.layout != GOLCL_LAYOUT_BYTES)
    st = golcl__fill(s->ctx, spare, &zero, 1, 0, g->info.bytes);
  return st;
}

/* Flow control: without it, a run of 10^6 generations queues 10^6 launches
 * at once, and the queue's memory (pocl: hundreds of bytes a command, kept
 * by the process afterwards) grows with the generation count. Every
 * GOLCL__LAUNCH_WINDOW-th launch of a stepper takes an event and waits for
 * the one taken a window earlier, so at most two windows of launches are
 * queued while the device always has at least one window of work ahead of
 * it: the host enqueues a window far faster than the device runs it, and
 * the queue's memory stays a few hundred kB whatever the count. */
#define GOLCL__LAUNCH_WINDOW 256

static golcl_status launch(golcl_stepper *s, const golcl__plan *p) {
  const size_t *local = p->local[0] ? p->local : NULL;
  if (++s->unpaced < GOLCL__LAUNCH_WINDOW)
    return golcl__launch(s->ctx, p->kernel, 2, p->global, local);
  cl_event ev;
  cl_int err =
      clEnqueueNDRangeKernel(s->ctx->queue, p->kernel, 2, NULL, p->global, local, 0, NULL, &ev);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueNDRangeKernel");
  s->unpaced = 0;
  cl_event last = s->paced;
  s->paced = ev;
  if (!last) return GOLCL_OK;
  err = clWaitForEvents(1, &last);
  clReleaseEvent(last);
  return golcl__cl_fail(s->ctx, err, "clWaitForEvents");
}

/* gens generations in launches of p->gens_per_launch, the last one shorter
 * if gens is not a multiple: each launch reads g->cur and writes g->spare,
 * then the buffers swap and the counters advance. */
static golcl_status device_loop(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                uint64_t gens) {
  uint32_t k = p->gens_per_launch, set = 0; /* generations the arguments are set for */
  for (uint64_t left = gens; left > 0;) {
    uint32_t now = left < k ? (uint32_t)left : k;
    golcl_status st = GOLCL_OK;
    if (now != set || g->alternates) st = s->ops->args(s, g, p, now); /* the table of this parity */
    set = now;
    if (st == GOLCL_OK)
      st = golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__END);
    if (st == GOLCL_OK && s->ops->each) st = s->ops->each(s, g, p);
    if (st == GOLCL_OK) st = launch(s, p);
    if (st != GOLCL_OK) return st;
    golcl__grid_swap(g);
    g->generation += now;
    s->stats.launches++;
    left -= now;
  }
  return s->ops->done ? s->ops->done(s, g, p) : GOLCL_OK;
}

golcl_status golcl_stepper_prepare(golcl_stepper *s, golcl_grid *g) {
  golcl_status st = check_pair(s, g, "golcl_stepper_prepare");
  if (st == GOLCL_OK && s->ops->delegate) {
    golcl_stepper *inner;
    st = s->ops->delegate(s, g, &inner);
    return st == GOLCL_OK ? golcl_stepper_prepare(inner, g) : st;
  }
  const golcl__plan *p;
  if (st == GOLCL_OK) st = golcl__stepper_plan(s, g, &p); /* supports, kernel, shape */
  if (st == GOLCL_OK && s->ops->prepare) st = s->ops->prepare(s, g);
  return st;
}

golcl_status golcl_stepper_run(golcl_stepper *s, golcl_grid *g, uint64_t generations) {
  golcl_status st = check_pair(s, g, "golcl_stepper_run");
  if (st != GOLCL_OK) return st;
  s->stats.generations = 0;
  s->stats.launches = 0;
  if (generations > UINT64_MAX - g->generation)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_stepper_run: %llu generations from generation %llu would pass "
                       "the counter's largest value 2^64-1",
                       (unsigned long long)generations, (unsigned long long)g->generation);
  if (generations == 0) return GOLCL_OK;
  if (s->ops->delegate) {
    golcl_stepper *inner = NULL;
    st = s->ops->delegate(s, g, &inner);
    if (st == GOLCL_OK) st = golcl_stepper_run(inner, g, generations);
    if (inner && st != GOLCL_E_INVALID_ARG) s->stats = inner->stats;
    return st;
  }
  uint64_t before = g->generation;
  const golcl__plan *p = NULL;
  st = golcl__stepper_plan(s, g, &p); /* checks supports on a new shape */
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, golcl__stepper_layout(s, g));
  if (st != GOLCL_OK) return st;
  if (s->ops->host_run) {
    st = s->ops->host_run(s, g, generations);
    if (st == GOLCL_OK) g->generation += generations;
  } else {
    st = spare_ready(s, g);
    if (st == GOLCL_OK) st = device_loop(s, g, p, generations);
  }
  s->stats.generations = g->generation - before;
  return st;
}

golcl_status golcl_stepper_get_stats(const golcl_stepper *s, golcl_stepper_stats *out) {
  if (!s || !out)
    return golcl__fail(s ? s->ctx : NULL, GOLCL_E_INVALID_ARG,
                       "golcl_stepper_get_stats: NULL argument");
  *out = s->stats;
  return s->ops->stats ? s->ops->stats(s, out) : GOLCL_OK;
}

golcl_status golcl_stepper_generations_per_launch(golcl_stepper *s, golcl_grid *g, uint32_t *out) {
  static const char fn[] = "golcl_stepper_generations_per_launch";
  if (out) *out = 0;
  if (!out) return golcl__fail(s ? s->ctx : NULL, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  golcl_status st = check_pair(s, g, fn);
  if (st == GOLCL_OK && s->ops->delegate) { /* AUTO: the stepper it chooses for this grid */
    golcl_stepper *inner;
    st = s->ops->delegate(s, g, &inner);
    return st == GOLCL_OK ? golcl_stepper_generations_per_launch(inner, g, out) : st;
  }
  const golcl__plan *p = NULL;
  if (st == GOLCL_OK) st = golcl__stepper_plan(s, g, &p); /* supports, kernel, shape */
  if (st == GOLCL_OK) *out = s->ops->host_run || p->gens_per_launch == 0 ? 1 : p->gens_per_launch;
  return st;
}

golcl_stepper_kind golcl_stepper_chosen(const golcl_stepper *s) {
  if (!s) return GOLCL_STEPPER_COUNT;
  return s->ops->chosen ? s->ops->chosen(s) : s->kind;
}

golcl_stepper_kind golcl_stepper_kind_of(const golcl_stepper *s) {
  return s ? s->kind : GOLCL_STEPPER_COUNT;
}
