/* stepper_binmul.c — launches cl/life/binmul.cl, and defines the bytes_pow2
 * layout it needs: the byte layout with rows padded to a power-of-two pitch,
 * so that the kernel makes row addresses with a shift. A grid whose width is
 * a power of two keeps the plain byte layout (its pitch is already one), so
 * binmul and the other byte steppers then share it without conversion. */
#include "life.h"

/* The exponent of the smallest power of two >= v (v >= 1). */
static unsigned log2_ceil(uint64_t v) {
  unsigned e = 0;
  while (((uint64_t)1 << e) < v) e++;
  return e;
}

/* The bytes_pow2 layout ---------------------------------------------------------- */

static golcl_status pow2_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  info->row_pitch = (size_t)1 << log2_ceil(w);
  info->rows = h;
  return golcl__mul_size(info->row_pitch, h, &info->bytes) ? GOLCL_E_INVALID_ARG : GOLCL_OK;
}

/* Copies the w × h cells between a buffer of pitch sp and one of pitch dp. */
static golcl_status copy_rows(golcl_grid *g, cl_mem src, size_t sp, cl_mem dst, size_t dp) {
  size_t origin[3] = {0, 0, 0}, region[3] = {g->w, g->h, 1};
  cl_int err = clEnqueueCopyBufferRect(g->ctx->queue, src, dst, origin, origin, region, sp,
                                       sp * g->h, dp, dp * g->h, 0, NULL, NULL);
  return golcl__cl_fail(g->ctx, err, "clEnqueueCopyBufferRect");
}

static golcl_status pow2_pack(golcl_grid *g, cl_mem bytes, cl_mem dst,
                              const golcl_layout_info *di) {
  cl_uchar zero = 0; /* the padding is dead, as in every layout */
  golcl_status st = golcl__fill(g->ctx, dst, &zero, 1, 0, di->bytes);
  return st != GOLCL_OK ? st : copy_rows(g, bytes, g->w, dst, di->row_pitch);
}

static golcl_status pow2_unpack(golcl_grid *g, cl_mem src, const golcl_layout_info *si,
                                cl_mem bytes) {
  return copy_rows(g, src, si->row_pitch, bytes, g->w);
}

const golcl__layout_ops golcl__layout_bytes_pow2 = {"bytes_pow2", pow2_describe, pow2_pack,
                                                    pow2_unpack};

/* The stepper ------------------------------------------------------------------- */

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
  cl_uint lp = log2_ceil(g->info.row_pitch), rule = golcl__rule_mask(g->rule);
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(lp), GOLCL__ARG(rule), GOLCL__END);
}

const golcl__stepper_ops golcl__stepper_binmul = {
    .kind = GOLCL_STEPPER_BINMUL,
    .layout_for = binmul_layout,
    .init = golcl__wg_check_opts,
    .plan = binmul_plan,
    .args = binmul_args,
};
