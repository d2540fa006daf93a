/* layout_pack16.c — the PACK16 layout: one uint16 (device byte order) per
 * 4×4 block, bit 4r+c = cell (4bx+c, 4by+r); ceil(w/4) blocks per row
 * (row_pitch = 2·ceil(w/4) bytes), ceil(h/4) block rows; cells beyond the
 * grid are 0. Packed and unpacked by cl/life/layout_pack16.cl. */
#include "life.h"

static golcl_status pack16_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  size_t bw = ((size_t)w + 3) / 4, bh = ((size_t)h + 3) / 4;
  if (golcl__mul_size(bw, 2, &info->row_pitch) ||
      golcl__mul_size(info->row_pitch, bh, &info->bytes))
    return GOLCL_E_INVALID_ARG;
  info->rows = bh;
  return GOLCL_OK;
}

static golcl_status pack16_pack(golcl_grid *g, cl_mem bytes, cl_mem dst,
                                const golcl_layout_info *dst_info) {
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, "life/layout_pack16.cl", "", "pack16_from_bytes", &k);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_int bw = (cl_int)(dst_info->row_pitch / 2), bh = (cl_int)dst_info->rows;
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k, GOLCL__ARG(bytes), GOLCL__ARG(dst), GOLCL__ARG(w), GOLCL__ARG(h),
                    GOLCL__ARG(bw), GOLCL__ARG(bh), GOLCL__END);
  size_t global[2] = {(size_t)bw, (size_t)bh};
  return s == GOLCL_OK ? golcl__launch(g->ctx, k, 2, global, NULL) : s;
}

static golcl_status pack16_unpack(golcl_grid *g, cl_mem src, const golcl_layout_info *src_info,
                                  cl_mem bytes) {
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, "life/layout_pack16.cl", "", "pack16_to_bytes", &k);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, bw = (cl_int)(src_info->row_pitch / 2);
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k, GOLCL__ARG(src), GOLCL__ARG(bytes), GOLCL__ARG(w), GOLCL__ARG(h),
                    GOLCL__ARG(bw), GOLCL__END);
  size_t global[2] = {g->w, g->h};
  return s == GOLCL_OK ? golcl__launch(g->ctx, k, 2, global, NULL) : s;
}

const golcl__layout_ops golcl__layout_pack16 = {"pack16", pack16_describe, pack16_pack,
                                                pack16_unpack};
