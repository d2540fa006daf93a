/* layout_pack16.c — the PACK16 layout: one uint16 (device byte order) per
 * 4×4 block, bit 4r+c = cell (4bx+c, 4by+r); ceil(w/4) blocks per row
 * (row_pitch = 2·ceil(w/4) bytes), ceil(h/4) block rows; cells beyond the
 * grid are 0. Its kernels are cl/life/layout_pack16.cl, a row of layout.c's
 * bit-layout table. */
#include "life.h"

static golcl_status pack16_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  size_t bw = ((size_t)w + 3) / 4, bh = ((size_t)h + 3) / 4;
  if (golcl__mul_size(bw, 2, &info->row_pitch) ||
      golcl__mul_size(info->row_pitch, bh, &info->bytes))
    return GOLCL_E_INVALID_ARG;
  info->rows = bh;
  return GOLCL_OK;
}

const golcl__layout_ops golcl__layout_pack16 = {"pack16", pack16_describe, golcl__bits_pack,
                                                golcl__bits_unpack};
