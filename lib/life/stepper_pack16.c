/* stepper_pack16.c — cl/life/pack16.cl on the PACK16 layout
 * (layout_pack16.c): one work-item per 4×4 block, four lookups in the 4×4
 * table (lut.c); hooks shared with lut6x3 in stepper_packed.c. */
#include "lut.h"

/* Kernel arguments a, b: blocks per row and block rows; one item a block. */
static void pack16_range(const golcl_layout_info *info, cl_int ab[2], size_t global[2]) {
  ab[0] = (cl_int)(info->row_pitch / sizeof(cl_ushort));
  ab[1] = (cl_int)info->rows;
  global[0] = (size_t)ab[0];
  global[1] = (size_t)ab[1];
}

static const golcl__packed_desc pack16 = {GOLCL__LUT4, "life/pack16.cl", "pack16_step",
                                          "life/layout_pack16.cl", pack16_range};

static golcl_status pack16_init(golcl_stepper *s) { return golcl__packed_init(s, &pack16); }

const golcl__stepper_ops golcl__stepper_pack16 =
    GOLCL__PACKED_OPS(GOLCL_STEPPER_PACK16, GOLCL_LAYOUT_PACK16, pack16_init);
