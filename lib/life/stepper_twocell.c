/* stepper_twocell.c — launches cl/life/twocell.cl: two horizontally adjacent
 * cells per work-item on the byte layout, double-buffered in the grid. The
 * work-group shape is from the options, else one preferred multiple of
 * work-items wide (workgroup.c), so that a group covers long row runs. */
#include "life.h"

static golcl_status twocell_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k, size_t local[2]) {
  char opts[64];
  golcl__life_options(g, opts, sizeof opts);
  golcl_status st = golcl__kernel(s->ctx, "life/twocell.cl", opts, "twocell_step", k);
  return st != GOLCL_OK ? st : golcl__wg_shape(s, *k, local);
}

static golcl_status twocell_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_kernel k;
  size_t local[2];
  return twocell_kernel(s, g, &k, local);
}

static golcl_status twocell_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  cl_kernel k;
  size_t local[2];
  golcl_status st = twocell_kernel(s, g, &k, local);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_BYTES);
  cl_mem spare;
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  if (st != GOLCL_OK) return st;
  size_t global[2] = {golcl__round_up(((size_t)g->w + 1) / 2, local[0]),
                      golcl__round_up(g->h, local[1])};
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint rule = golcl__rule_mask(g->rule);
  st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(rule), GOLCL__END);
  return st == GOLCL_OK ? golcl__step_loop(s, g, k, global, local, gens) : st;
}

const golcl__stepper_ops golcl__stepper_twocell = {GOLCL_STEPPER_TWOCELL, golcl__wg_check_opts,
                                                   twocell_prepare, twocell_run, NULL};
