/* layout_bytes_pow2.c — the BYTES_POW2 layout: one byte per cell as in
 * BYTES, with every row padded to the smallest power-of-two pitch not below
 * the width (binmul's layout for widths that are not a power of two, so that
 * row addresses are shifts); padding bytes are 0. Packed and unpacked by
 * rectangular device copies. */
#include "life.h"

unsigned golcl__log2_ceil(uint64_t v) {
  unsigned e = 0;
  while (((uint64_t)1 << e) < v) e++;
  return e;
}

static golcl_status pow2_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  info->row_pitch = (size_t)1 << golcl__log2_ceil(w);
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
