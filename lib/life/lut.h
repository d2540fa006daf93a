/* lut.h — private: the lookup tables of the table-driven steppers (LUT4,
 * PACK16, LUT6X3), built on the host from a rule and cached on the device,
 * and the work-group checks those steppers share. Index layouts: see
 * cl/common/lut.cl. */
#ifndef GOLCL_LUT_H
#define GOLCL_LUT_H

#include "life.h"

typedef enum golcl__lut_kind {
  GOLCL__LUT4,  /* 4×4 window → inner 2×2: 65 536 bytes */
  GOLCL__LUT6X3 /* 6×3 window → middle 4: 2^18 nibbles in 131 072 bytes */
} golcl__lut_kind;

/* A table on the device for one rule at a time, rebuilt when the rule changes. */
typedef struct golcl__lut {
  golcl__lut_kind kind;
  cl_mem buf;      /* NULL until first use */
  golcl_rule rule; /* the rule buf holds, when valid */
  int valid;
} golcl__lut;

/* Size in bytes of a table. */
size_t golcl__lut_bytes(golcl__lut_kind kind);

/* Fills a host table (golcl__lut_bytes(kind) bytes) for a rule. */
void golcl__lut_fill(golcl__lut_kind kind, golcl_rule rule, uint8_t *table);

/* The device table for `rule`: the cached one, or built and uploaded now. */
golcl_status golcl__lut_get(golcl_context *ctx, golcl__lut *t, golcl_rule rule, cl_mem *out);

/* Releases the device buffer. */
void golcl__lut_release(golcl__lut *t);

/* Checks a work-group shape from stepper options against the device: both
 * sides or neither (0 × 0), each side within CL_DEVICE_MAX_WORK_ITEM_SIZES,
 * the product within max_work_group_size. GOLCL_E_INVALID_ARG with the reason
 * (prefixed by `who`) otherwise. */
golcl_status golcl__lut_check_local(golcl_context *ctx, const char *who, uint32_t lw, uint32_t lh);

/* The device's largest work-group side for dimension 0 and 1. */
golcl_status golcl__lut_max_item_sizes(golcl_context *ctx, size_t out[2]);

/* GOLCL_E_UNSUPPORTED (with the reason) if the built kernel k cannot run
 * work-groups of local[0] × local[1]. */
golcl_status golcl__lut_check_kernel(golcl_context *ctx, const char *who, cl_kernel k,
                                     const size_t local[2]);

#endif
