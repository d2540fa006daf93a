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

static golcl_layout binmul_layout(const golcl_grid *g) {
  return (g->w & (g->w - 1)) == 0 ? GOLCL_LAYOUT_BYTES : GOLCL_LAYOUT_BYTES_POW2;
}

static golcl_status binmul_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k) {
  char opts[64];
  golcl__life_options(g, opts, sizeof opts);
  golcl_status st = golcl__kernel(s->ctx, "life/binmul.cl", opts, "binmul_step", k);
  if (st != GOLCL_OK || !s->opts.local_w) return st;
  size_t local[2] = {s->opts.local_w, s->opts.local_h};
  return golcl__wg_fits(s, *k, local);
}

static golcl_status binmul_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_kernel k;
  return binmul_kernel(s, g, &k);
}

static golcl_status binmul_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  cl_kernel k;
  golcl_status st = binmul_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, binmul_layout(g));
  if (st != GOLCL_OK) return st;
  if (!g->spare) { /* a new spare buffer: make its padding dead too */
    cl_mem spare;
    cl_uchar zero = 0;
    st = golcl__grid_spare(g, &spare);
    if (st == GOLCL_OK && g->info.layout != GOLCL_LAYOUT_BYTES)
      st = golcl__fill(s->ctx, spare, &zero, 1, 0, g->info.bytes);
    if (st != GOLCL_OK) return st;
  }
  size_t local[2] = {s->opts.local_w, s->opts.local_h}, global[2] = {g->w, g->h};
  if (local[0]) {
    global[0] = golcl__round_up(g->w, local[0]);
    global[1] = golcl__round_up(g->h, local[1]);
  }
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint lp = log2_ceil(g->info.row_pitch), rule = golcl__rule_mask(g->rule);
  st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(lp), GOLCL__ARG(rule), GOLCL__END);
  return st == GOLCL_OK ? golcl__step_loop(s, g, k, global, local[0] ? local : NULL, gens) : st;
}

const golcl__stepper_ops golcl__stepper_binmul = {GOLCL_STEPPER_BINMUL, golcl__wg_check_opts,
                                                  binmul_prepare, binmul_run, NULL};
