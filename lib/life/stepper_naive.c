/* stepper_naive.c — launches cl/life/naive.cl: one work-item per cell on the
 * byte layout, double-buffered in the grid. */
#include "life.h"

/* Work-group shape from the options (0 × 0: the runtime chooses). */
static golcl_status naive_init(golcl_stepper *s) {
  const golcl_stepper_opts *o = &s->opts;
  if ((o->local_w == 0) != (o->local_h == 0))
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "naive: give both local_w and local_h, or neither");
  if (o->local_w && (size_t)o->local_w * o->local_h > s->ctx->info.max_work_group_size)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "naive: a %ux%u work-group exceeds the device's %zu work-items",
                       (unsigned)o->local_w, (unsigned)o->local_h,
                       s->ctx->info.max_work_group_size);
  return GOLCL_OK;
}

static golcl_status naive_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k) {
  char opts[64];
  golcl__life_options(g, opts, sizeof opts);
  return golcl__kernel(s->ctx, "life/naive.cl", opts, "naive_step", k);
}

static golcl_status naive_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_kernel k;
  return naive_kernel(s, g, &k);
}

static golcl_status naive_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  cl_kernel k;
  golcl_status st = naive_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_BYTES);
  cl_mem spare;
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  if (st != GOLCL_OK) return st;
  size_t local[2] = {s->opts.local_w, s->opts.local_h}, global[2] = {g->w, g->h};
  if (local[0]) {
    global[0] = golcl__round_up(g->w, local[0]);
    global[1] = golcl__round_up(g->h, local[1]);
  }
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint rule = golcl__rule_mask(g->rule);
  for (uint64_t i = 0; i < gens; i++) {
    st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(rule), GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(s->ctx, k, 2, global, local[0] ? local : NULL);
    if (st != GOLCL_OK) return st;
    golcl__grid_swap(g);
    g->generation++;
    s->stats.launches++;
  }
  return GOLCL_OK;
}

const golcl__stepper_ops golcl__stepper_naive = {GOLCL_STEPPER_NAIVE, naive_init, naive_prepare,
                                                 naive_run, NULL};
