/* stepper_halo.c — launches cl/life/halo.cl: one work-group per tile, tile
 * plus halo in local memory, on the byte layout, double-buffered in the grid.
 * Tile and group shape from the options or the device (workgroup.c). */
#include "life.h"

static golcl_status halo_prepare(golcl_stepper *s, golcl_grid *g) {
  golcl__tiling t;
  cl_kernel k;
  return golcl__tiled_kernel(s, g, "life/halo.cl", "halo_step", &t, &k);
}

static golcl_status halo_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  golcl__tiling t;
  cl_kernel k;
  golcl_status st = golcl__tiled_kernel(s, g, "life/halo.cl", "halo_step", &t, &k);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_BYTES);
  cl_mem spare;
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  if (st != GOLCL_OK) return st;
  size_t global[2] = {(((size_t)g->w + t.tile[0] - 1) / t.tile[0]) * t.local[0],
                      (((size_t)g->h + t.tile[1] - 1) / t.tile[1]) * t.local[1]};
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint rule = golcl__rule_mask(g->rule);
  st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(rule), GOLCL__END);
  return st == GOLCL_OK ? golcl__step_loop(s, g, k, global, t.local, gens) : st;
}

const golcl__stepper_ops golcl__stepper_halo = {GOLCL_STEPPER_HALO, golcl__tiling_check_opts,
                                                halo_prepare, halo_run, NULL};
