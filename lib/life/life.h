/* life.h — private Life API: the grid struct, the layout table and the
 * stepper interface that every stepper_*.c implements. */
#ifndef GOLCL_LIFE_H
#define GOLCL_LIFE_H

#include "../core/core.h"

/* What advances a generation: a table of the 3×3 neighbourhood (golcl.h's
 * index), as bits, and its Life-like mask where it is outer totalistic over
 * the Moore neighbourhood (the fast path of the mask kernels). */
typedef struct golcl__step_rule {
  uint8_t next[512];
  cl_uint bits[16]; /* next[i] is bit i%32 of bits[i/32] */
  int bs;           /* 1: mask is the same rule */
  cl_uint mask;     /* birth bits 0..8 | survival bits 9..17 */
} golcl__step_rule;

struct golcl_grid {
  golcl_context *ctx;
  uint32_t w, h;
  golcl_boundary boundary;
  golcl_rule rule;          /* the rule as B/S when table is outer totalistic Moore, else 0/0 */
  golcl_rule_table table;   /* the rule as set */
  golcl__step_rule step[2]; /* Golly's table for an even [0] and an odd [1] generation */
  int alternates;           /* B0 without Smax: step[0] and step[1] differ */
  cl_mem rule_buf[2];       /* step[0].bits and step[1].bits on the device, or NULL */
  uint64_t rule_epoch;      /* new value at every rule change (caches of tables compare it) */
  uint64_t rule_buf_epoch;  /* the rule_epoch rule_buf holds */
  golcl_bounds bounds;      /* Golly's description of the edges (golcl_grid_set_bounds) */
  int exotic;               /* 1: bounds other than a plain plane or torus (boundary reads DEAD) */
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
extern const golcl__layout_ops golcl__layout_bytes_pow2;

/* The exponent of the smallest power of two >= v (v >= 1): bytes_pow2's
 * row pitch is 1 << golcl__log2_ceil(w) (layout_bytes_pow2.c). */
unsigned golcl__log2_ceil(uint64_t v);

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

/* Sets the grid's rule from a table: table, step[], alternates, rule,
 * rule_epoch (grid_rule.c). */
void golcl__grid_set_table(golcl_grid *g, const golcl_rule_table *t);

/* The table that advances the grid's current generation. */
static inline const golcl__step_rule *golcl__grid_step_rule(const golcl_grid *g) {
  return &g->step[g->generation & 1];
}

/* GOLCL_OK if the rule runs on a kernel of the Life-like mask (outer
 * totalistic over the Moore neighbourhood, B0 rules included), else
 * GOLCL_E_UNSUPPORTED naming the stepper `who` and the rule. */
golcl_status golcl__grid_needs_bs(const golcl_grid *g, const char *who);

/* The device copy of the bits of the table that advances the grid's current
 * generation (16 cl_uint), made or refreshed when the rule changed. */
golcl_status golcl__grid_rule_buffer(golcl_grid *g, cl_mem *out);

/* The rule as one mask: birth bits 0..8, survival bits 9..17. Kernels compute
 * the next state as (mask >> (n + 9*alive)) & 1. */
static inline cl_uint golcl__rule_mask(golcl_rule r) {
  return (cl_uint)r.birth | ((cl_uint)r.survive << 9);
}

/* Appends the build options every Life kernel gets: "-DGOLCL_TORUS=0|1". */
void golcl__life_options(const golcl_grid *g, golcl__opts *o);

/* One generation of the CPU reference, the definition of the semantics. */
void golcl__reference_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h,
                           golcl_boundary boundary, const uint8_t next[512]);

/* Steppers ---------------------------------------------------------------------
 * The contract (docs/guide.md, "Writing a stepper"). A stepper declares the
 * layout its kernel runs on, whether it can serve a grid, and how many
 * generations one launch advances; it supplies the kernel, its arguments and
 * the launch geometry through the hooks below. stepper.c owns the rest: the
 * checks, the layout switch, the spare buffer, the generation loop with its
 * queue bound, and the generation counter (no stepper writes g->generation). */

struct golcl_stepper;

/* What the launches of a run need, found once per stepper and grid shape
 * (width, height, boundary, rule) by the plan hook and cached in the stepper. */
typedef struct golcl__plan {
  cl_kernel kernel;         /* from the context's cache, which owns it */
  size_t global[2];         /* work-items in dimensions 0 and 1 */
  size_t local[2];          /* the work-group shape; 0 × 0: the runtime chooses */
  uint32_t tile[2];         /* cells a work-group computes (tiled kernels), else 0 × 0 */
  uint32_t gens_per_launch; /* generations one launch advances, >= 1 */
} golcl__plan;

typedef struct golcl__stepper_ops {
  golcl_stepper_kind kind;
  /* 1 if its kernels honour every golcl_bounds (the build options of
   * golcl__life_options); else the common path refuses grids whose bounds
   * are not a plain plane or torus. */
  int any_bounds;
  /* The layout the kernel reads and writes; layout_for, if set, chooses it
   * per grid instead (binmul: bytes or bytes_pow2 by the width). */
  golcl_layout layout;
  golcl_layout (*layout_for)(const struct golcl_stepper *s, const golcl_grid *g);
  /* Generations one launch advances (0 means 1); plan may set another count
   * per grid in p->gens_per_launch. */
  uint32_t gens_per_launch;
  /* Checks s->opts against the device and sets up s->state; may be NULL. */
  golcl_status (*init)(struct golcl_stepper *s);
  /* GOLCL_OK if the stepper can serve this grid, else GOLCL_E_UNSUPPORTED
   * with the reason in the context's errmsg; NULL: every grid. Cheap and
   * without side effects on the grid: AUTO asks it of every candidate. */
  golcl_status (*supports)(struct golcl_stepper *s, const golcl_grid *g);
  /* Fills *p for a grid of this shape whose cells are in `info` (the
   * declared layout): builds or finds the kernel, chooses the work-group
   * shape and the global range. Called once per grid shape. */
  golcl_status (*plan)(struct golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                       golcl__plan *p);
  /* Builds or uploads what else a run needs (tables, layout kernels), for
   * golcl_stepper_prepare; may be NULL. */
  golcl_status (*prepare)(struct golcl_stepper *s, golcl_grid *g);
  /* Sets the kernel's arguments for launches of `gens` generations (the
   * grid is in the declared layout, with its spare buffer). Arguments 0 and
   * 1 are the input and output buffers: set them to anything (g->cur,
   * g->spare); the loop sets them again before every launch. Called before
   * the first launch of a run, and again before a last launch of fewer
   * generations than p->gens_per_launch. */
  golcl_status (*args)(struct golcl_stepper *s, golcl_grid *g, const golcl__plan *p, uint32_t gens);
  /* Before every launch, after arguments 0 and 1 (lazy: its flags); may be NULL. */
  golcl_status (*each)(struct golcl_stepper *s, golcl_grid *g, const golcl__plan *p);
  /* After the last launch of a run that completed; may be NULL. */
  golcl_status (*done)(struct golcl_stepper *s, golcl_grid *g, const golcl__plan *p);
  /* A stepper without kernels (REFERENCE) sets this instead of plan and
   * args: runs gens generations on the host, all or none. */
  golcl_status (*host_run)(struct golcl_stepper *s, golcl_grid *g, uint64_t gens);
  /* Completes *out (a copy of s->stats) with counters found only when asked
   * (lazy: the tiles its last generation computed); may be NULL. */
  golcl_status (*stats)(const struct golcl_stepper *s, golcl_stepper_stats *out);
  /* Frees s->state; may be NULL (then free(s->state) is done). */
  void (*destroy)(struct golcl_stepper *s);
  /* A stepper that picks another per grid (AUTO) sets this instead of plan
   * and args: the stepper that runs (and prepares) this grid; its counters
   * become this one's. chosen gives the kind of the last choice. */
  golcl_status (*delegate)(struct golcl_stepper *s, const golcl_grid *g,
                           struct golcl_stepper **out);
  golcl_stepper_kind (*chosen)(const struct golcl_stepper *s);
} golcl__stepper_ops;

/* Plans a stepper keeps, one per grid shape it served last. */
#define GOLCL__PLANS 4

typedef struct golcl__plan_entry {
  int valid;
  uint32_t w, h;
  golcl_boundary boundary;
  cl_uint rule_mask; /* the step rule's mask: the bit-sliced kernels compile the rule in */
  golcl_bounds bounds;
  golcl__plan plan;
} golcl__plan_entry;

struct golcl_stepper {
  golcl_context *ctx;
  golcl_stepper_kind kind;
  golcl_stepper_opts opts;
  const golcl__stepper_ops *ops;
  golcl_stepper_stats stats;
  void *state;
  golcl__plan_entry plans[GOLCL__PLANS];
  unsigned next_plan; /* the entry a new shape replaces */
  unsigned unpaced;   /* launches since the last one that took an event */
  cl_event paced;     /* the event of that launch, or NULL */
};

/* The layout the stepper runs this grid in. */
golcl_layout golcl__stepper_layout(const struct golcl_stepper *s, const golcl_grid *g);

/* Whether the stepper can serve the grid: GOLCL_OK, or GOLCL_E_UNSUPPORTED
 * with the reason (its supports hook, and the layout for this size). */
golcl_status golcl__stepper_supports(struct golcl_stepper *s, const golcl_grid *g);

/* The stepper's plan for this grid (after golcl__stepper_supports), from its
 * cache or made now. NULL for a host stepper. */
golcl_status golcl__stepper_plan(struct golcl_stepper *s, const golcl_grid *g,
                                 const golcl__plan **out);

/* The kernel `name` of `file` built for this grid: the Life options
 * (GOLCL_TORUS) and those already in *o (may be NULL). */
golcl_status golcl__life_kernel(struct golcl_stepper *s, const golcl_grid *g, const char *file,
                                const char *name, golcl__opts *o, cl_kernel *k);

/* The supports hooks of the steppers whose kernels take the Life-like mask
 * (binmul, twocell; halo and lazy add the tiled check): GOLCL_E_UNSUPPORTED
 * with the reason for a rule that is not outer totalistic over Moore. */
golcl_status golcl__bs_supports(struct golcl_stepper *s, const golcl_grid *g);
golcl_status golcl__tiled_bs_supports(struct golcl_stepper *s, const golcl_grid *g);

/* Arguments 0..4 of the kernels that take (in, out, w, h, rule): the mask
 * of the table that advances the grid's current generation. */
golcl_status golcl__args_size_rule(struct golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                   uint32_t gens);

extern const golcl__stepper_ops golcl__stepper_reference;
extern const golcl__stepper_ops golcl__stepper_naive;
extern const golcl__stepper_ops golcl__stepper_lut4;
extern const golcl__stepper_ops golcl__stepper_pack16;
extern const golcl__stepper_ops golcl__stepper_lut6x3;
extern const golcl__stepper_ops golcl__stepper_binmul;
extern const golcl__stepper_ops golcl__stepper_halo;
extern const golcl__stepper_ops golcl__stepper_twocell;
extern const golcl__stepper_ops golcl__stepper_lazy;
extern const golcl__stepper_ops golcl__stepper_auto;

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

/* The plan of kernel `name` of `file` (built with the kernel's own options
 * o, or NULL) in which a work-item computes cells_x horizontally adjacent
 * cells of a row: the work-group shape of golcl__wg_shape, the range
 * rounded up to it. */
golcl_status golcl__wg_plan(struct golcl_stepper *s, const golcl_grid *g, const char *file,
                            const char *name, golcl__opts *o, uint32_t cells_x, golcl__plan *p);

/* GOLCL_E_UNSUPPORTED if a grid with tiles of tile[0] × tile[1] cells is too
 * large for the int coordinates of the tiled kernels (common/tile.cl). */
golcl_status golcl__tile_coords_fit(struct golcl_stepper *s, const golcl_grid *g,
                                    const uint32_t tile[2]);

/* The supports hook of the tiled steppers (halo, lazy): the coordinate check
 * with the largest tiling the options or the device give. */
golcl_status golcl__tiled_supports(struct golcl_stepper *s, const golcl_grid *g);

/* The plan of a tiled kernel `name` of `file` for this grid: the tiling of
 * the options or chosen from the device, passed as -DGOLCL_TILE_W/_H and
 * -DGOLCL_LOCAL_W/_H, one work-group per tile. */
golcl_status golcl__tiled_plan(struct golcl_stepper *s, const golcl_grid *g, const char *file,
                               const char *name, golcl__plan *p);

#endif
