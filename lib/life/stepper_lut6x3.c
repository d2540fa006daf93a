/* stepper_lut6x3.c — cl/life/lut6x3.cl on the BITROW layout
 * (layout_bitrow.c): one work-item per 32-bit word of a row, eight lookups
 * in the 6×3 table (lut.c); hooks shared with pack16 in stepper_packed.c. */
#include "lut.h"

/* Kernel arguments a, b: 32-bit words per row and the row pitch in bytes;
 * one item a word. */
static void lut6x3_range(const golcl_layout_info *info, cl_int ab[2], size_t global[2]) {
  ab[1] = (cl_int)info->row_pitch;
  ab[0] = ab[1] / 4;
  global[0] = (size_t)ab[0];
  global[1] = info->rows;
}

static const golcl__packed_desc lut6x3 = {GOLCL__LUT6X3, "life/lut6x3.cl", "lut6x3_step",
                                          "life/layout_bitrow.cl", lut6x3_range};

static golcl_status lut6x3_init(golcl_stepper *s) { return golcl__packed_init(s, &lut6x3); }

const golcl__stepper_ops golcl__stepper_lut6x3 =
    GOLCL__PACKED_OPS(GOLCL_STEPPER_LUT6X3, GOLCL_LAYOUT_BITROW, lut6x3_init);
