/* stepper_naive.c — launches cl/life/naive.cl: one work-item per cell on the
 * byte layout, double-buffered in the grid; work-group shape from the options
 * or the device (lib/life/workgroup.c). */
#include "life.h"

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
  cl_mem spare; /* g->spare from here on; swapped with g->cur every generation */
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  if (st != GOLCL_OK) return st;
  /* The work-group shape from the options, else the device's preferred one
   * (a warp-wide row); the range is rounded up to it. */
  size_t local[2], global[2];
  st = golcl__wg_shape(s, k, local);
  if (st != GOLCL_OK) return st;
  global[0] = golcl__round_up(g->w, local[0]);
  global[1] = golcl__round_up(g->h, local[1]);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint rule = golcl__rule_mask(g->rule);
  st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(rule), GOLCL__END);
  return st == GOLCL_OK ? golcl__step_loop(s, g, k, global, local, gens) : st;
}

const golcl__stepper_ops golcl__stepper_naive = {GOLCL_STEPPER_NAIVE, golcl__wg_check_opts,
                                                 naive_prepare, naive_run, NULL};
