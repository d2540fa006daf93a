/* layout_bitrow.c — the BITROW layout: one bit per cell along rows, cell x
 * of row y at bit x%8 of byte y·row_pitch + x/8 (LSB first); rows padded to
 * whole 32-bit words (row_pitch = 4·ceil(w/32) bytes), h rows; bits beyond
 * the grid are 0. Its kernels are cl/life/layout_bitrow.cl, a row of
 * layout.c's bit-layout table. */
#include "life.h"

static golcl_status bitrow_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  size_t words = ((size_t)w + 31) / 32;
  if (golcl__mul_size(words, 4, &info->row_pitch) ||
      golcl__mul_size(info->row_pitch, h, &info->bytes))
    return GOLCL_E_INVALID_ARG;
  info->rows = h;
  return GOLCL_OK;
}

const golcl__layout_ops golcl__layout_bitrow = {"bitrow", bitrow_describe, golcl__bits_pack,
                                                golcl__bits_unpack};
