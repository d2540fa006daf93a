/* layout_bitrow.c — the BITROW layout: one bit per cell along rows, cell x
 * of row y at bit x%8 of byte y·row_pitch + x/8 (LSB first); rows padded to
 * whole 32-bit words (row_pitch = 4·ceil(w/32) bytes), h rows; bits beyond
 * the grid are 0. Packed and unpacked by cl/life/layout_bitrow.cl. */
#include "life.h"

static golcl_status bitrow_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  size_t words = ((size_t)w + 31) / 32;
  if (golcl__mul_size(words, 4, &info->row_pitch) ||
      golcl__mul_size(info->row_pitch, h, &info->bytes))
    return GOLCL_E_INVALID_ARG;
  info->rows = h;
  return GOLCL_OK;
}

static golcl_status bitrow_pack(golcl_grid *g, cl_mem bytes, cl_mem dst,
                                const golcl_layout_info *dst_info) {
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, "life/layout_bitrow.cl", "", "bitrow_from_bytes", &k);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_int pitch = (cl_int)dst_info->row_pitch, words = pitch / 4;
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k, GOLCL__ARG(bytes), GOLCL__ARG(dst), GOLCL__ARG(w), GOLCL__ARG(h),
                    GOLCL__ARG(words), GOLCL__ARG(pitch), GOLCL__END);
  size_t global[2] = {(size_t)words, g->h};
  return s == GOLCL_OK ? golcl__launch(g->ctx, k, 2, global, NULL) : s;
}

static golcl_status bitrow_unpack(golcl_grid *g, cl_mem src, const golcl_layout_info *src_info,
                                  cl_mem bytes) {
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, "life/layout_bitrow.cl", "", "bitrow_to_bytes", &k);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, pitch = (cl_int)src_info->row_pitch;
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k, GOLCL__ARG(src), GOLCL__ARG(bytes), GOLCL__ARG(w), GOLCL__ARG(h),
                    GOLCL__ARG(pitch), GOLCL__END);
  size_t global[2] = {g->w, g->h};
  return s == GOLCL_OK ? golcl__launch(g->ctx, k, 2, global, NULL) : s;
}

const golcl__layout_ops golcl__layout_bitrow = {"bitrow", bitrow_describe, bitrow_pack,
                                                bitrow_unpack};
