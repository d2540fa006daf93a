/* lut.h — private: the lookup tables of the table-driven steppers (LUT4,
 * PACK16, LUT6X3), built on the host from a rule and cached on the device,
 * and the launcher that pack16 and lut6x3 share. Index layouts: see
 * cl/common/lut.cl. */
#ifndef GOLCL_LUT_H
#define GOLCL_LUT_H

#include "life.h"

typedef enum golcl__lut_kind {
  GOLCL__LUT4,  /* 4×4 window → inner 2×2: 65 536 bytes */
  GOLCL__LUT6X3 /* 6×3 window → middle 4: 2^18 nibbles in 131 072 bytes */
} golcl__lut_kind;

/* The tables on the device for the last two rule tables (a B0 rule without
 * Smax alternates two), rebuilt when the rule changes. */
typedef struct golcl__lut {
  golcl__lut_kind kind;
  cl_mem buf[2];       /* NULL until used */
  cl_uint bits[2][16]; /* the rule table each holds */
  int next_slot;       /* the slot the next new table takes */
} golcl__lut;

/* Size in bytes of a table. */
size_t golcl__lut_bytes(golcl__lut_kind kind);

/* Fills a host table (golcl__lut_bytes(kind) bytes) from a rule table. */
void golcl__lut_fill(golcl__lut_kind kind, const uint8_t *next, uint8_t *table);

/* The device table for a rule table: a cached one, or built now (without
 * waiting for the queue). */
golcl_status golcl__lut_get(golcl_context *ctx, golcl__lut *t, const golcl__step_rule *r,
                            cl_mem *out);

/* Releases the device buffer. */
void golcl__lut_release(golcl__lut *t);

/* The hooks of the table steppers on packed layouts (stepper_packed.c):
 * one kernel `kernel(in, out, w, h, a, b, table)` a generation over a 2-D
 * range of work-items, where range() gives a, b and the range from the
 * layout's description. The work-group shape is the options' or the
 * runtime's. */
typedef struct golcl__packed_desc {
  golcl__lut_kind lut;
  const char *file, *kernel;
  const char *layout_file; /* built by prepare, so that a first run does no JIT */
  void (*range)(const golcl_layout_info *info, cl_int ab[2], size_t global[2]);
} golcl__packed_desc;

golcl_status golcl__packed_init(struct golcl_stepper *s, const golcl__packed_desc *d);
golcl_status golcl__packed_plan(struct golcl_stepper *s, const golcl_grid *g,
                                const golcl_layout_info *info, golcl__plan *p);
golcl_status golcl__packed_prepare(struct golcl_stepper *s, golcl_grid *g);
golcl_status golcl__packed_args(struct golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                uint32_t gens);
void golcl__packed_destroy(struct golcl_stepper *s);

/* The ops of a packed table stepper of kind KIND on LAYOUT, whose init
 * passes its golcl__packed_desc to golcl__packed_init. */
#define GOLCL__PACKED_OPS(KIND, LAYOUT, INIT)                                                      \
  {                                                                                                \
    .kind = (KIND), .layout = (LAYOUT), .init = (INIT), .plan = golcl__packed_plan,                \
    .prepare = golcl__packed_prepare, .args = golcl__packed_args, .destroy = golcl__packed_destroy \
  }

#endif
