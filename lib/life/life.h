/* life.h — private Life API: the grid struct, the layout table and the
 * stepper interface that every stepper_*.c implements. */
#ifndef GOLCL_LIFE_H
#define GOLCL_LIFE_H

#include "../core/core.h"

struct golcl_grid {
  golcl_context *ctx;
  uint32_t w, h;
  golcl_boundary boundary;
  golcl_rule rule;
  uint64_t generation;
  golcl_layout_info info; /* layout of cur */
  cl_mem cur;             /* the cells, in info.layout */
  cl_mem spare;           /* a second buffer of info.bytes for double buffering, or NULL */
  uint64_t epoch;         /* new value at every change from outside a step: golcl__grid_touch */
};

/* Layouts ---------------------------------------------------------------------
 * layout.c owns the layout table and every conversion of cells between
 * buffers; grid.c owns the grid and calls layout.c, never the reverse. Every
 * layout converts from and to the byte layout on the device; a switch
 * between two other layouts goes through a temporary byte buffer. */
typedef struct golcl__layout_ops {
  const char *name;
  /* Fills row_pitch, rows, bytes of *info for a w×h grid (width, height and
   * layout are set by the caller); GOLCL_E_INVALID_ARG if the size overflows. */
  golcl_status (*describe)(uint32_t w, uint32_t h, golcl_layout_info *info);
  /* bytes (compact, pitch w) → this layout, and back. NULL for the byte
   * layout; golcl__bits_pack/_unpack for the bit layouts. */
  golcl_status (*pack)(golcl_grid *g, cl_mem bytes, cl_mem dst, const golcl_layout_info *dst_info);
  golcl_status (*unpack)(golcl_grid *g, cl_mem src, const golcl_layout_info *src_info,
                         cl_mem bytes);
} golcl__layout_ops;

/* The layout table, indexed by golcl_layout (NULL where not built in). */
const golcl__layout_ops *golcl__layout_get(golcl_layout layout);

extern const golcl__layout_ops golcl__layout_bytes;
extern const golcl__layout_ops golcl__layout_pack16;
extern const golcl__layout_ops golcl__layout_bitrow;
extern const golcl__layout_ops golcl__layout_bytes_pow2; /* stepper_binmul.c */

/* 1 for the layouts of one byte per cell, cell (x, y) at y·row_pitch + x
 * (BYTES, BYTES_POW2): rectangles of them are plain buffer-rect copies. */
int golcl__layout_is_bytes(golcl_layout layout);

/* A layout of packed cells, described by two kernels with fixed signatures
 * (cl/life/layout_pack16.cl is the model to follow):
 *   NAME_read_rect(__global const T *grid, int pitch, int gw, int gh,
 *                  int x0, int y0, int rw, int rh, __global uchar *bytes, int bpitch)
 *     one work-item per cell (i, j) of the rectangle: bytes[j*bpitch + i] =
 *     cell (x0+i, y0+j) as 0/1;
 *   NAME_write_rect(__global T *grid, <the same>, __global const uchar *bytes,
 *                   int bpitch, int keep)
 *     one work-item per storage unit (unit_w × unit_h cells) that the
 *     rectangle touches, unit (x0/unit_w + gid0, y0/unit_h + gid1): the
 *     cells inside the rectangle from bytes (nonzero alive), the others kept
 *     (keep = 1) or dead (keep = 0), padding beyond the grid always 0.
 * pitch is the layout's row_pitch in bytes. With the whole grid as the
 * rectangle they are the pack (keep = 0) and unpack of golcl__layout_ops, so
 * a new bit layout writes its describe, two kernels and one table row. */
typedef struct golcl__bit_layout {
  golcl_layout layout;
  const char *file;      /* below cl/, e.g. "life/layout_pack16.cl" */
  const char *read_rect; /* kernel names */
  const char *write_rect;
  uint32_t unit_w, unit_h; /* cells per storage unit */
} golcl__bit_layout;

/* The description of a bit layout, or NULL (byte layouts, not built in). */
const golcl__bit_layout *golcl__layout_bits(golcl_layout layout);

/* pack and unpack of every bit layout (the layout comes from the info). */
golcl_status golcl__bits_pack(golcl_grid *g, cl_mem bytes, cl_mem dst,
                              const golcl_layout_info *dst_info);
golcl_status golcl__bits_unpack(golcl_grid *g, cl_mem src, const golcl_layout_info *src_info,
                                cl_mem bytes);

/* A rectangle of cells, inside the grid. */
typedef struct golcl__rect {
  uint32_t x, y, w, h;
} golcl__rect;

/* Launches the read_rect (write_rect) kernel of the grid's bit layout over
 * rectangle r: the cells go to (come from) the device buffer `bytes` of
 * pitch r->w. Queued, not waited for. */
golcl_status golcl__bits_read_rect(golcl_grid *g, const golcl__rect *r, cl_mem bytes);
golcl_status golcl__bits_write_rect(golcl_grid *g, const golcl__rect *r, cl_mem bytes, int keep);

/* Describes a layout for the grid's size into *info. */
golcl_status golcl__layout_describe(const golcl_grid *g, golcl_layout layout,
                                    golcl_layout_info *info);

/* Converts the grid's cells to `layout` (no-op if it has it already); on
 * failure the grid is unchanged. Frees the spare buffer when the size changes. */
golcl_status golcl__grid_set_layout(golcl_grid *g, golcl_layout layout);

/* A buffer holding the cells in the byte layout: the grid's own (*owned = 0)
 * or a temporary one the caller releases (*owned = 1). Layout unchanged. */
golcl_status golcl__grid_bytes_view(golcl_grid *g, cl_mem *out, int *owned);

/* The spare buffer (allocated on first use) for double buffering. */
golcl_status golcl__grid_spare(golcl_grid *g, cl_mem *out);

/* Swaps cur and spare, after a step wrote the next generation into spare. */
void golcl__grid_swap(golcl_grid *g);

/* Gives g->epoch a value no grid had before. Everything that changes cells,
 * buffers or generation other than a stepper's own step calls it (write,
 * randomize, clear, place, layout switch, set_generation, handing out the
 * buffer), so that a stepper that keeps state between runs (lazy) can tell
 * whether the grid is still as it left it. */
void golcl__grid_touch(golcl_grid *g);

/* The rule as one mask: birth bits 0..8, survival bits 9..17. Kernels compute
 * the next state as (mask >> (n + 9*alive)) & 1. */
static inline cl_uint golcl__rule_mask(golcl_rule r) {
  return (cl_uint)r.birth | ((cl_uint)r.survive << 9);
}

/* The build options every Life kernel gets: "-DGOLCL_TORUS=0|1". */
void golcl__life_options(const golcl_grid *g, char *buf, size_t cap);

/* One generation of the CPU reference, the definition of the semantics. */
void golcl__reference_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h,
                           golcl_boundary boundary, golcl_rule rule);

/* Steppers --------------------------------------------------------------------- */

struct golcl_stepper;

typedef struct golcl__stepper_ops {
  golcl_stepper_kind kind;
  /* Checks s->opts against the device and sets up s->state; may be NULL. */
  golcl_status (*init)(struct golcl_stepper *s);
  /* Builds what a run on this grid needs; may be NULL. */
  golcl_status (*prepare)(struct golcl_stepper *s, golcl_grid *g);
  /* Runs gens (> 0) generations, adding each completed one to g->generation
   * and counting launches in s->stats. */
  golcl_status (*run)(struct golcl_stepper *s, golcl_grid *g, uint64_t gens);
  /* Frees s->state; may be NULL (then free(s->state) is done). */
  void (*destroy)(struct golcl_stepper *s);
} golcl__stepper_ops;

struct golcl_stepper {
  golcl_context *ctx;
  golcl_stepper_kind kind;
  golcl_stepper_opts opts;
  const golcl__stepper_ops *ops;
  golcl_stepper_stats stats;
  void *state;
};

/* The generation loop of the steppers that launch one kernel a generation
 * on a double-buffered grid: gens times, sets arguments 0 and 1 of k to
 * (g->cur, g->spare) — the caller has set the others and the spare buffer —
 * launches it (local may be NULL), swaps the buffers and counts the
 * generation and the launch. */
golcl_status golcl__step_loop(struct golcl_stepper *s, golcl_grid *g, cl_kernel k,
                              const size_t global[2], const size_t *local, uint64_t gens);

extern const golcl__stepper_ops golcl__stepper_reference;
extern const golcl__stepper_ops golcl__stepper_naive;
extern const golcl__stepper_ops golcl__stepper_lut4;
extern const golcl__stepper_ops golcl__stepper_pack16;
extern const golcl__stepper_ops golcl__stepper_lut6x3;
extern const golcl__stepper_ops golcl__stepper_binmul;
extern const golcl__stepper_ops golcl__stepper_halo;
extern const golcl__stepper_ops golcl__stepper_twocell;
extern const golcl__stepper_ops golcl__stepper_lazy;

/* Work-group shapes and tiles of the steppers (workgroup.c) ---------------------- */

/* A tiled kernel's work-group shape (work-items) and tile (cells). */
typedef struct golcl__tiling {
  size_t local[2];
  uint32_t tile[2];
} golcl__tiling;

/* The device's largest work-group side in dimensions 0 and 1. */
golcl_status golcl__max_item_sizes(golcl_context *ctx, size_t out[2]);

/* Checks a work-group shape lw × lh: both sides or neither (0 × 0), each side
 * within the device's largest, the product within max_work_group_size.
 * GOLCL_E_INVALID_ARG with the reason, prefixed by `who`, otherwise. */
golcl_status golcl__wg_check_local(golcl_context *ctx, const char *who, uint32_t lw, uint32_t lh);

/* The same for local_w/local_h of s->opts: an init for the steppers that take
 * a work-group shape only. */
golcl_status golcl__wg_check_opts(struct golcl_stepper *s);

/* The same, and tile_w/tile_h (both or neither; tile and halo in local
 * memory; a multiple of the work-group if that is given too). */
golcl_status golcl__tiling_check_opts(struct golcl_stepper *s);

/* GOLCL_E_UNSUPPORTED (with the kernel's limit) if kernel k cannot run
 * work-groups of local[0] × local[1] on this device. */
golcl_status golcl__wg_fits(struct golcl_stepper *s, cl_kernel k, const size_t local[2]);

/* The work-group shape for kernel k: the options, else chosen from the
 * device (one preferred multiple wide, within the kernel's limit); checked
 * with golcl__wg_fits. */
golcl_status golcl__wg_shape(struct golcl_stepper *s, cl_kernel k, size_t local[2]);

/* Builds the tiled kernel `name` of `file` for this grid, with the tiling of
 * the options or chosen from the device, passed as -DGOLCL_TILE_W/_H and
 * -DGOLCL_LOCAL_W/_H; fills *t. */
golcl_status golcl__tiled_kernel(struct golcl_stepper *s, golcl_grid *g, const char *file,
                                 const char *name, golcl__tiling *t, cl_kernel *k);

#endif
