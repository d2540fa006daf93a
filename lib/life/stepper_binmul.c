/* stepper_binmul.c — launches cl/life/binmul.cl on a layout whose row pitch
 * is a power of two, so that the kernel makes row addresses with a shift: a
 * grid whose width is a power of two keeps the plain byte layout (its pitch
 * is already one), so binmul and the other byte steppers share it without
 * conversion; other widths use bytes_pow2 (layout_bytes_pow2.c). */
#include "life.h"

static golcl_layout binmul_layout(const golcl_stepper *s, const golcl_grid *g) {
  (void)s;
  return (g->w & (g->w - 1)) == 0 ? GOLCL_LAYOUT_BYTES : GOLCL_LAYOUT_BYTES_POW2;
}

static golcl_status binmul_plan(golcl_stepper *s, const golcl_grid *g,
                                const golcl_layout_info *info, golcl__plan *p) {
  (void)info;
  golcl_status st = golcl__life_kernel(s, g, "life/binmul.cl", "binmul_step", NULL, &p->kernel);
  p->local[0] = s->opts.local_w;
  p->local[1] = s->opts.local_h;
  if (st != GOLCL_OK || !p->local[0]) {
    p->global[0] = g->w;
    p->global[1] = g->h;
    return st;
  }
  p->global[0] = golcl__round_up(g->w, p->local[0]);
  p->global[1] = golcl__round_up(g->h, p->local[1]);
  return golcl__wg_fits(s, p->kernel, p->local);
}

static golcl_status binmul_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                uint32_t gens) {
  (void)gens;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint lp = golcl__log2_ceil(g->info.row_pitch), rule = golcl__grid_step_rule(g)->mask;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(lp), GOLCL__ARG(rule), GOLCL__END);
}

const golcl__stepper_ops golcl__stepper_binmul = {
    .kind = GOLCL_STEPPER_BINMUL,
    .layout_for = binmul_layout,
    .init = golcl__wg_check_opts,
    .supports = golcl__bs_supports,
    .plan = binmul_plan,
    .args = binmul_args,
};
