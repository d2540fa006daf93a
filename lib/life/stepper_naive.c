/* stepper_naive.c — launches cl/life/naive.cl: one work-item per cell on the
 * byte layout; work-group shape from the options or the device
 * (lib/life/workgroup.c), the range rounded up to it. */
#include "life.h"

static golcl_status naive_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                               golcl__plan *p) {
  (void)info;
  return golcl__wg_plan(s, g, "life/naive.cl", "naive_step", 1, p);
}

const golcl__stepper_ops golcl__stepper_naive = {
    .kind = GOLCL_STEPPER_NAIVE,
    .layout = GOLCL_LAYOUT_BYTES,
    .init = golcl__wg_check_opts,
    .plan = naive_plan,
    .args = golcl__args_size_rule,
};
