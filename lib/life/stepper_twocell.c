/* stepper_twocell.c — launches cl/life/twocell.cl: two horizontally adjacent
 * cells per work-item on the byte layout. The work-group shape is from the
 * options, else one preferred multiple of work-items wide (workgroup.c), so
 * that a group covers long row runs. */
#include "life.h"

static golcl_status twocell_plan(golcl_stepper *s, const golcl_grid *g,
                                 const golcl_layout_info *info, golcl__plan *p) {
  (void)info;
  return golcl__wg_plan(s, g, "life/twocell.cl", "twocell_step", NULL, 2, p);
}

const golcl__stepper_ops golcl__stepper_twocell = {
    .kind = GOLCL_STEPPER_TWOCELL,
    .layout = GOLCL_LAYOUT_BYTES,
    .init = golcl__wg_check_opts,
    .supports = golcl__bs_supports,
    .plan = twocell_plan,
    .args = golcl__args_size_rule,
};
