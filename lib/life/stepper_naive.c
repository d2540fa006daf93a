/* stepper_naive.c — launches cl/life/naive.cl: one work-item per cell on the
 * byte layout, the rule as the grid's table for the current generation
 * (golcl__grid_rule_buffer) and, where that table is outer totalistic, its
 * B/S mask (the interior's count path); work-group shape from the
 * options or the device (lib/life/workgroup.c), the range rounded up to it. */
#include "life.h"

#define GPU_ROW 256

static golcl_status naive_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                               golcl__plan *p) {
  (void)info;
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_INT_INDEX", (uint64_t)g->w * g->h < 0x80000000u);
  golcl_status st = golcl__wg_plan(s, g, "life/naive.cl", "naive_step", &o, 1, p);
  /* GPUs without options: whole rows of GPU_ROW work-items (288-293 gens/s
   * against 279-282 with 32 x 8 at 32768² on an H200, docs/benchmarks.md) */
  size_t row[2] = {GPU_ROW, 1};
  if (st != GOLCL_OK || s->opts.local_w || s->ctx->info.type != GOLCL_DEVICE_GPU) return st;
  if (golcl__wg_fits(s, p->kernel, row) != GOLCL_OK) {
    golcl__clear_error(s->ctx); /* the kernel cannot: the default shape stays */
    return GOLCL_OK;
  }
  p->local[0] = row[0];
  p->local[1] = row[1];
  p->global[0] = golcl__round_up(g->w, row[0]);
  p->global[1] = g->h;
  return GOLCL_OK;
}

static golcl_status naive_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                               uint32_t gens) {
  (void)gens;
  cl_mem table;
  golcl_status st = golcl__grid_rule_buffer(g, &table);
  if (st != GOLCL_OK) return st;
  const golcl__step_rule *r = golcl__grid_step_rule(g); /* this generation's */
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, totalistic = r->bs;
  cl_uint mask = r->mask;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(table), GOLCL__ARG(mask), GOLCL__ARG(totalistic),
                     GOLCL__END);
}

const golcl__stepper_ops golcl__stepper_naive = {
    .kind = GOLCL_STEPPER_NAIVE,
    .any_bounds = 1,
    .layout = GOLCL_LAYOUT_BYTES,
    .init = golcl__wg_check_opts,
    .plan = naive_plan,
    .args = naive_args,
};
