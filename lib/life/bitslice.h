/* bitslice.h — private: the bit-sliced steppers (BITSLICE, MULTI, SPARSE) on the
 * BITROW layout and the rule as logic of the count bits (rule_logic.c). */
#ifndef GOLCL_BITSLICE_H
#define GOLCL_BITSLICE_H

#include "life.h"

/* One term per on-minterm at most: 9 counts × 2 states. */
#define GOLCL__RULE_MAX_TERMS 18

/* The rule as product terms over (a, s0..s3), bits 0..4 the variables that
 * enter, bits 5..9 whether each enters true; returns how many (0 for a rule
 * that is never on). */
int golcl__rule_terms(golcl_rule r, uint16_t terms[GOLCL__RULE_MAX_TERMS]);

/* Appends the rule's build options "-DGOLCL_RULE_N=n -DGOLCL_RULE_T0=..."
 * to *o (golcl__opts_check reports an overflow). */
golcl_status golcl__rule_logic_options(golcl_context *ctx, golcl_rule r, golcl__opts *o);

/* The kernel `name` of `file` built for grid g: boundary, rule and the
 * options already in *o (the kernel's own -D options). */
golcl_status golcl__bitslice_kernel(struct golcl_stepper *s, const golcl_grid *g, const char *file,
                                    const char *name, golcl__opts *o, cl_kernel *k);

/* The prepare hook of every bit-sliced stepper: builds the BITROW layout's
 * conversion kernels (life/layout_bitrow.cl), so that a first run does no JIT
 * work for the layout switch either. */
golcl_status golcl__bitrow_prepare(struct golcl_stepper *s, golcl_grid *g);

/* The supports check of every bit-sliced stepper: the rule compiled into
 * the kernel must be a Life-like (B/S, Moore) mask that is the same at every
 * generation (a B0 rule without Smax alternates two tables: refused). */
golcl_status golcl__bitslice_supports(struct golcl_stepper *s, const golcl_grid *g);

/* The B/S rule the bit-sliced kernels compile in: the step rule's mask
 * (for B0 with Smax, Golly's complemented rule). */
static inline golcl_rule golcl__bitslice_rule(const golcl_grid *g) {
  cl_uint m = golcl__grid_step_rule(g)->mask;
  golcl_rule r = {(uint16_t)(m & 0x1ffu), (uint16_t)((m >> 9) & 0x1ffu)};
  return r;
}

/* Rows a work-item keeps in registers in the register tile (multi_reg,
 * sparse_run: common/multi_tile.cl), at most. */
#define GOLCL__MR_MAX_ROWS 128

/* The tile shape of the multi-generation steppers (MULTI, SPARSE): work-group
 * mx × my (mx words of tile width, the outer two the halo), ms rows a
 * work-item (tile_h = my·ms), g generations a launch at most. */
typedef struct golcl__multi_shape {
  uint32_t mx, my, ms, g;
  uint32_t mk;                       /* MULTI's band kernel: words a lane (2..4); 0: tiles */
  int shfl;                          /* the device has shfl.sync (NVIDIA) */
  uint32_t ms_small;                 /* ms for small grids; = ms when the options fix tile_h */
  struct golcl__multi_shape *small; /* MULTI's whole shape for small grids, or NULL */
} golcl__multi_shape;

/* The shape from the options (0: from the device) and the device;
 * GOLCL_E_INVALID_ARG with the reason if the options do not make one. */
golcl_status golcl__multi_resolve(struct golcl_stepper *s, const golcl_stepper_opts *o,
                                  golcl__multi_shape *m);

/* Appends the shape's build options (GOLCL_MX, GOLCL_MY, GOLCL_MS, GOLCL_MG,
 * GOLCL_MR_SHFL: shfl.sync where the device has it and mx is 32). */
void golcl__multi_define(const golcl__multi_shape *m, golcl__opts *o);

extern const golcl__stepper_ops golcl__stepper_bitslice;
extern const golcl__stepper_ops golcl__stepper_multi;
extern const golcl__stepper_ops golcl__stepper_sparse;

#endif
