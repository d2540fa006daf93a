/* stepper_halo.c — launches cl/life/halo.cl: one work-group per tile, tile
 * plus halo in local memory, on the byte layout. Tile and group shape from
 * the options or the device (workgroup.c). */
#include "life.h"

static golcl_status halo_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                              golcl__plan *p) {
  (void)info;
  return golcl__tiled_plan(s, g, "life/halo.cl", "halo_step", p);
}

const golcl__stepper_ops golcl__stepper_halo = {
    .kind = GOLCL_STEPPER_HALO,
    .layout = GOLCL_LAYOUT_BYTES,
    .init = golcl__tiling_check_opts,
    .supports = golcl__tiled_bs_supports,
    .plan = halo_plan,
    .args = golcl__args_size_rule,
};
