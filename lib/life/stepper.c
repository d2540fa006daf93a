/* stepper.c — the stepper object: names, the table of implementations,
 * argument checks shared by every kind, and statistics. */
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

golcl_status golcl_stepper_prepare(golcl_stepper *s, golcl_grid *g) {
  golcl_status st = check_pair(s, g, "golcl_stepper_prepare");
  if (st != GOLCL_OK || !s->ops->prepare) return st;
  return s->ops->prepare(s, g);
}

golcl_status golcl_stepper_run(golcl_stepper *s, golcl_grid *g, uint64_t generations) {
  golcl_status st = check_pair(s, g, "golcl_stepper_run");
  if (st != GOLCL_OK) return st;
  uint64_t before = g->generation;
  s->stats.generations = 0;
  s->stats.launches = 0;
  if (generations == 0) return GOLCL_OK;
  st = s->ops->run(s, g, generations);
  s->stats.generations = g->generation - before;
  return st;
}

golcl_status golcl_stepper_get_stats(const golcl_stepper *s, golcl_stepper_stats *out) {
  if (!s || !out)
    return golcl__fail(s ? s->ctx : NULL, GOLCL_E_INVALID_ARG,
                       "golcl_stepper_get_stats: NULL argument");
  *out = s->stats;
  return GOLCL_OK;
}

golcl_stepper_kind golcl_stepper_kind_of(const golcl_stepper *s) {
  return s ? s->kind : GOLCL_STEPPER_COUNT;
}

golcl_status golcl__step_loop(golcl_stepper *s, golcl_grid *g, cl_kernel k, const size_t global[2],
                              const size_t *local, uint64_t gens) {
  for (uint64_t i = 0; i < gens; i++) {
    golcl_status st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(s->ctx, k, 2, global, local);
    if (st != GOLCL_OK) return st;
    golcl__grid_swap(g);
    g->generation++;
    s->stats.launches++;
  }
  return GOLCL_OK;
}
