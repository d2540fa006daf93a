/* golcl.h — libgolcl public API: errors, contexts, Life grids, steppers and patterns.
 * This header is the whole contract of the core library; nothing else is published. */
#ifndef GOLCL_H
#define GOLCL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Define GOLCL_NO_OPENCL_HEADERS before this header to use the parts that
 * need no device (patterns, rules, errors, versions) where the OpenCL headers
 * are not installed: the four OpenCL handle types it names are then declared
 * as the Khronos headers declare them (so including those later still works). */
#ifdef GOLCL_NO_OPENCL_HEADERS
typedef struct _cl_context *cl_context;
typedef struct _cl_device_id *cl_device_id;
typedef struct _cl_command_queue *cl_command_queue;
typedef struct _cl_mem *cl_mem;
#else
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#ifdef __APPLE__
#include <OpenCL/cl.h>
#else
#include <CL/cl.h>
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- version */

#define GOLCL_VERSION_MAJOR 0
#define GOLCL_VERSION_MINOR 1
#define GOLCL_VERSION_PATCH 0
#define GOLCL_VERSION_NUMBER \
  (GOLCL_VERSION_MAJOR * 10000 + GOLCL_VERSION_MINOR * 100 + GOLCL_VERSION_PATCH)
#define GOLCL__STR2(x) #x
#define GOLCL__STR(x) GOLCL__STR2(x)
#define GOLCL_VERSION_STRING                                                  \
  GOLCL__STR(GOLCL_VERSION_MAJOR)                                             \
  "." GOLCL__STR(GOLCL_VERSION_MINOR) "." GOLCL__STR(GOLCL_VERSION_PATCH)

#if defined(GOLCL_BUILDING) && (defined(__GNUC__) || defined(__clang__))
#define GOLCL_API __attribute__((visibility("default")))
#else
#define GOLCL_API
#endif

/** The version of the library linked at run time, as GOLCL_VERSION_NUMBER
 *  (major*10000 + minor*100 + patch). Compare with the macro to detect a
 *  header/library mismatch. */
GOLCL_API unsigned golcl_version(void);

/** The same as a string, "MAJOR.MINOR.PATCH". */
GOLCL_API const char *golcl_version_string(void);

/* ----------------------------------------------------------------- errors */

/* One table makes the enum and the strings of golcl_strerror. */
#define GOLCL_STATUS_MAP(X)                                                      \
  X(OK, 0, "success")                                                            \
  X(E_INVALID_ARG, -1, "invalid argument")                                       \
  X(E_NO_DEVICE, -2, "no OpenCL device")                                         \
  X(E_OUT_OF_MEMORY, -3, "out of memory")                                        \
  X(E_BUILD, -4, "OpenCL program build failed")                                  \
  X(E_OPENCL, -5, "OpenCL error")                                                \
  X(E_UNSUPPORTED, -6, "not supported")                                          \
  X(E_PARSE, -7, "parse error")                                                  \
  X(E_IO, -8, "input/output error")                                              \
  X(E_MISMATCH, -9, "objects do not match")

typedef enum golcl_status {
#define GOLCL__STATUS_ENUM(name, code, text) GOLCL_##name = code,
  GOLCL_STATUS_MAP(GOLCL__STATUS_ENUM)
#undef GOLCL__STATUS_ENUM
} golcl_status;

/** A fixed English text for a status code ("invalid argument"); never NULL.
 *  Unknown codes give "unknown status". Details of the last failure of a
 *  context are in golcl_context_errmsg(). */
GOLCL_API const char *golcl_strerror(golcl_status s);

/* ---------------------------------------------------------------- context */

typedef struct golcl_context golcl_context;

/** Options of golcl_context_create. Zero-initialise, then set what you need. */
typedef struct golcl_context_opts {
  /** Which device: NULL (or "") → $GOLCL_DEVICE → the first GPU → the first
   *  device. Accepts "gpu", "cpu", "P:D" (platform and device index, both
   *  from 0, as `golcl devices` lists them), or a case-insensitive substring
   *  of the device name. */
  const char *device;
  /** Extra OpenCL compiler options for every kernel built by this context,
   *  appended after $GOLCL_BUILD_OPTIONS. May be NULL. */
  const char *build_options;
} golcl_context_opts;

typedef enum golcl_device_type {
  GOLCL_DEVICE_OTHER = 0,
  GOLCL_DEVICE_CPU = 1,
  GOLCL_DEVICE_GPU = 2,
  GOLCL_DEVICE_ACCELERATOR = 3
} golcl_device_type;

/** What libgolcl knows of a device. Strings are NUL-terminated, truncated
 *  if longer than their arrays. */
typedef struct golcl_device_info {
  char name[128];
  char vendor[128];
  char platform[128];
  char version[64];         /**< CL_DEVICE_VERSION, e.g. "OpenCL 3.0 CUDA" */
  unsigned platform_index;  /**< the P of "P:D" */
  unsigned device_index;    /**< the D of "P:D" */
  golcl_device_type type;
  unsigned compute_units;
  uint64_t global_mem_bytes;
  uint64_t max_alloc_bytes;  /**< largest single buffer */
  uint64_t local_mem_bytes;
  size_t max_work_group_size;
  int fp64;                 /**< 1 if the device has cl_khr_fp64 */
} golcl_device_info;

/** Creates a context on one device, with one in-order command queue (with
 *  profiling enabled) and an empty program cache.
 *  @param opts  device choice and build options; NULL for the defaults.
 *  @param out   receives the context; set to NULL on failure.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (out NULL, or a device spec that is
 *          not understood); GOLCL_E_NO_DEVICE (no OpenCL platform, or no device
 *          matches the spec); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL.
 *  Because no context exists on failure, golcl_last_errmsg() holds the
 *  details of a failed creation in this thread. */
GOLCL_API golcl_status golcl_context_create(const golcl_context_opts *opts,
                                            golcl_context **out);

/** Adopts an OpenCL context, device and in-order queue that the caller made
 *  and keeps owning: libgolcl retains them and releases only its own
 *  references in golcl_context_destroy. Profiling need not be enabled on the
 *  queue. The queue must belong to the context and the device.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (a NULL argument);
 *          GOLCL_E_MISMATCH (queue of another context or device);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_context_wrap(cl_context clctx, cl_device_id device,
                                          cl_command_queue queue, golcl_context **out);

/** Destroys a context and its program cache. Every grid, stepper, vector and
 *  matrix made with it must be destroyed first. NULL is a no-op. */
GOLCL_API void golcl_context_destroy(golcl_context *ctx);

/** Fills *out with the context's device.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_context_device_info(const golcl_context *ctx,
                                                 golcl_device_info *out);

/** Lists every device of every OpenCL platform, in "P:D" order.
 *  @param out    array of cap entries to fill; may be NULL when cap is 0.
 *  @param cap    capacity of out.
 *  @param count  receives the number of devices there are (may exceed cap).
 *  @return GOLCL_OK (also with no platform: *count = 0);
 *          GOLCL_E_INVALID_ARG (count NULL, or out NULL with cap > 0);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_devices(golcl_device_info *out, size_t cap, size_t *count);

/** The details of the last failure of a call on this context or on an object
 *  made with it: the failing OpenCL call and its cl_int, the full build log,
 *  or line:column of a parse error. "" if none; never NULL (also for a NULL
 *  ctx, which gives golcl_last_errmsg()). Valid until the next call. */
GOLCL_API const char *golcl_context_errmsg(const golcl_context *ctx);

/** The details of the last failure in this thread of a call that has no
 *  context to keep them (golcl_context_create, golcl_devices, pattern
 *  parsing). Never NULL. */
GOLCL_API const char *golcl_last_errmsg(void);

/** The OpenCL objects behind a context, to mix libgolcl with your own
 *  kernels. They stay owned by the context (do not release them). NULL for a
 *  NULL ctx. */
GOLCL_API cl_context golcl_context_cl_context(const golcl_context *ctx);
GOLCL_API cl_device_id golcl_context_cl_device(const golcl_context *ctx);
GOLCL_API cl_command_queue golcl_context_cl_queue(const golcl_context *ctx);

/** Waits until every command libgolcl queued on the context has finished.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_context_finish(golcl_context *ctx);

/* ------------------------------------------------------------------ rules */

/** A Life-like rule: bit n of birth is set if a dead cell with n live
 *  neighbours is born, bit n of survive if a live cell with n live
 *  neighbours survives (n = 0..8). B3/S23 is {1<<3, (1<<2)|(1<<3)}. */
typedef struct golcl_rule {
  uint16_t birth;
  uint16_t survive;
} golcl_rule;

/** Parses a Life-like rule: "B3/S23" (B and S parts in either order, with
 *  or without '/', upper or lower case, e.g. "b36s23"), or the older
 *  survival/birth form "23/3". Leading and trailing spaces are ignored.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE
 *          (anything else, the column in golcl_last_errmsg()). On failure
 *          *out is unchanged. */
GOLCL_API golcl_status golcl_rule_parse(const char *text, golcl_rule *out);

/** Writes the canonical form "B3/S23" of a rule into buf (cap bytes, NUL
 *  included; 24 always suffice).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL buf, cap too small, bits
 *          above 8 set). */
GOLCL_API golcl_status golcl_rule_format(golcl_rule rule, char *buf, size_t cap);

/* ------------------------------------------------------------------- grid */

typedef struct golcl_grid golcl_grid;

typedef enum golcl_boundary {
  GOLCL_BOUNDARY_DEAD = 0,  /**< cells outside the grid are always dead */
  GOLCL_BOUNDARY_TORUS = 1  /**< edges wrap around: (x mod W, y mod H) */
} golcl_boundary;

/** How the cells of a grid are stored in its buffer. A grid keeps the layout
 *  of the stepper that last ran on it; reading, writing, population, hash and
 *  pattern placement work whatever the layout. */
typedef enum golcl_layout {
  GOLCL_LAYOUT_BYTES = 0,  /**< one uint8 per cell, 0 or 1; row y at y*row_pitch */
  /** One uint16 (device byte order) per 4×4 block: bit 4r+c = cell
   *  (4bx+c, 4by+r). ceil(w/4) blocks per row, row_pitch = 2·ceil(w/4)
   *  bytes, rows = ceil(h/4) block rows; cells beyond the grid are 0. */
  GOLCL_LAYOUT_PACK16 = 1,
  /** One bit per cell along rows: cell (x, y) is bit x%8 (LSB first) of byte
   *  y·row_pitch + x/8. Rows padded to whole 32-bit words: row_pitch =
   *  4·ceil(w/32) bytes, rows = h; bits beyond the grid are 0. */
  GOLCL_LAYOUT_BITROW = 2,
  /** One uint8 per cell as in BYTES, with rows padded to a power-of-two
   *  row_pitch (the binmul stepper's layout for widths that are not a power
   *  of two); padding bytes are 0. */
  GOLCL_LAYOUT_BYTES_POW2 = 3,
  GOLCL_LAYOUT_COUNT
} golcl_layout;

/** Description of a grid buffer, from golcl_grid_buffer. */
typedef struct golcl_layout_info {
  golcl_layout layout;
  size_t row_pitch;   /**< bytes from one row (of cells or of blocks) to the next */
  size_t rows;        /**< rows (of cells or of blocks) in the buffer */
  size_t bytes;       /**< size of the buffer in bytes */
  uint32_t width, height;
} golcl_layout_info;

/** Creates a w×h grid, all cells dead, rule B3/S23, generation 0, in the
 *  byte layout. 1 ≤ w, h ≤ 2^31-1.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, w or h zero or
 *          above 2^31-1, a bad boundary, or a byte size that overflows); GOLCL_E_OUT_OF_MEMORY
 *          (more than the device or host can hold); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_create(golcl_context *ctx, uint32_t w, uint32_t h,
                                         golcl_boundary boundary, golcl_grid **out);

/** Makes a new grid with the same size, boundary, rule, generation and cells.
 *  @return as golcl_grid_create. */
GOLCL_API golcl_status golcl_grid_clone(golcl_grid *src, golcl_grid **out);

/** Destroys a grid. NULL is a no-op. */
GOLCL_API void golcl_grid_destroy(golcl_grid *grid);

/** Size, boundary, context and generation counter of a grid (0 / NULL for a
 *  NULL grid). */
GOLCL_API uint32_t golcl_grid_width(const golcl_grid *grid);
GOLCL_API uint32_t golcl_grid_height(const golcl_grid *grid);
GOLCL_API golcl_boundary golcl_grid_boundary(const golcl_grid *grid);
GOLCL_API golcl_context *golcl_grid_context(const golcl_grid *grid);
GOLCL_API uint64_t golcl_grid_generation(const golcl_grid *grid);

/** Sets the generation counter (steppers add to it). Cells are unchanged.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid). */
GOLCL_API golcl_status golcl_grid_set_generation(golcl_grid *grid, uint64_t generation);

/** Sets the rule from text (see golcl_rule_parse).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE (bad
 *          text; the column in golcl_context_errmsg). The rule is unchanged on
 *          failure. */
GOLCL_API golcl_status golcl_grid_set_rule(golcl_grid *grid, const char *rule);

/** Writes the grid's rule in canonical form "B3/S23" into buf.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small). */
GOLCL_API golcl_status golcl_grid_get_rule(const golcl_grid *grid, char *buf, size_t cap);

/** The grid's rule as bits; set it with golcl_grid_set_rule_bits.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL, or bits above 8 set). */
GOLCL_API golcl_status golcl_grid_rule(const golcl_grid *grid, golcl_rule *out);
GOLCL_API golcl_status golcl_grid_set_rule_bits(golcl_grid *grid, golcl_rule rule);

/** Replaces all cells from host memory: cells[y*row_stride + x], 0 is dead,
 *  anything else alive. row_stride 0 means w. The layout and the generation
 *  are unchanged (golcl_grid_write_rect of the whole grid). Blocking as
 *  golcl_grid_write_rect.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, row_stride < w);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD (a bit layout's kernel);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_write(golcl_grid *grid, const uint8_t *cells,
                                        size_t row_stride);

/** Copies all cells to host memory as 0/1 bytes, cells[y*row_stride + x];
 *  row_stride 0 means w. Bytes between w and row_stride are not touched.
 *  Blocking; the layout is unchanged (golcl_grid_read_rect of the whole grid).
 *  @return as golcl_grid_write. */
GOLCL_API golcl_status golcl_grid_read(golcl_grid *grid, uint8_t *cells, size_t row_stride);

/** Copies the w×h rectangle of cells whose top-left cell is (x, y) to host
 *  memory as 0/1 bytes: cell (x+i, y+j) goes to cells[j*row_stride + i];
 *  row_stride 0 means w, and bytes between w and row_stride are not touched.
 *  Works in the grid's own layout (no conversion of the grid, which keeps its
 *  layout): a rectangle copy on the byte layouts, a small kernel over the
 *  rectangle on the bit layouts, through device memory of a few MB at most.
 *  An empty rectangle (w or h 0) copies nothing (cells may then be NULL).
 *  Blocking: returns when the cells are in host memory.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid, NULL cells for a
 *          non-empty rectangle, x + w > width or y + h > height, row_stride
 *          < w, (h-1)·row_stride + w beyond SIZE_MAX); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_BUILD (the layout's kernel); GOLCL_E_UNSUPPORTED (a layout
 *          without rectangle kernels; every built-in layout has them);
 *          GOLCL_E_OPENCL. Details in golcl_context_errmsg. */
GOLCL_API golcl_status golcl_grid_read_rect(golcl_grid *grid, uint32_t x, uint32_t y, uint32_t w,
                                            uint32_t h, uint8_t *cells, size_t row_stride);

/** Replaces the w×h rectangle of cells whose top-left cell is (x, y) from
 *  host memory: cell (x+i, y+j) becomes alive iff cells[j*row_stride + i] is
 *  not 0; the cells outside the rectangle, the layout, rule and generation do
 *  not change. row_stride 0 means w; an empty rectangle is a no-op.
 *  Blocking as far as the host memory goes: on return `cells` may be reused;
 *  on a bit layout the kernel that stores the last band of rows may still be
 *  queued (every later call on the context sees its result).
 *  @return as golcl_grid_read_rect. On failure the rectangle may be partly
 *          written (bands of rows in order); the cells outside it never are. */
GOLCL_API golcl_status golcl_grid_write_rect(golcl_grid *grid, uint32_t x, uint32_t y, uint32_t w,
                                             uint32_t h, const uint8_t *cells, size_t row_stride);

/** Sets every cell dead. @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_clear(golcl_grid *grid);

/** Fills the grid on the device: cell (x, y) is alive iff a counter-based
 *  hash of (seed, x, y) falls below density. The same seed gives the same
 *  cells on every device and in every layout; density 0 gives none, 1 all.
 *  The formula is part of the contract (libgolcl_dist fills blocks of one
 *  grid with it): with mix64 splitmix64's finaliser, cell (x, y) is alive iff
 *  mix64(mix64(seed) ^ (y << 32 | x)) >> 32 < (uint64_t)ldexp(density, 32).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid, density outside [0,1] or
 *          NaN); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_randomize(golcl_grid *grid, double density, uint64_t seed);

/** Counts the live cells (a reduction on the device).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_population(golcl_grid *grid, uint64_t *out);

/** A 64-bit hash of the cells and the grid size, the same for the same cells
 *  whatever the layout, stepper or device. Rule and generation do not enter.
 *  The formula is part of the contract (so that libgolcl_dist can hash a grid
 *  held in blocks): with S the sum mod 2^64 of mix64(y << 32 | x) over the
 *  live cells and N their number, the hash is
 *  mix64(S + mix64((h << 32 | w) ^ (N << 1))), mix64 as in golcl_grid_randomize.
 *  @return as golcl_grid_population. */
GOLCL_API golcl_status golcl_grid_hash(golcl_grid *grid, uint64_t *out);

/** The buffer that holds the cells now, described in *info (may be NULL).
 *  The grid keeps owning it; it may change after any call that steps,
 *  writes or changes the layout. NULL for a NULL grid. */
GOLCL_API cl_mem golcl_grid_buffer(golcl_grid *grid, golcl_layout_info *info);

/** Converts the cells to another layout (on the device). Steppers do this
 *  themselves; call it to hand a buffer of a known layout to your own kernels.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_set_layout(golcl_grid *grid, golcl_layout layout);

/** The name of a layout ("bytes", "pack16", "bitrow", "bytes_pow2"), or NULL. */
GOLCL_API const char *golcl_layout_name(golcl_layout layout);

/* ---------------------------------------------------------------- stepper */

typedef struct golcl_stepper golcl_stepper;

typedef enum golcl_stepper_kind {
  GOLCL_STEPPER_REFERENCE = 0, /**< plain C on the host: the definition */
  GOLCL_STEPPER_NAIVE,         /**< one byte and one work-item per cell */
  GOLCL_STEPPER_BINMUL,        /**< naive, row address by shift (power-of-two pitch) */
  GOLCL_STEPPER_HALO,          /**< tile plus halo in local memory */
  GOLCL_STEPPER_TWOCELL,       /**< two horizontally adjacent cells per work-item */
  GOLCL_STEPPER_LAZY,          /**< tiles recomputed only where something changed */
  GOLCL_STEPPER_LUT4,          /**< 4×4 → 2×2 lookup table from local memory */
  GOLCL_STEPPER_PACK16,        /**< uint16 = 4×4 block, 4×4 table */
  GOLCL_STEPPER_LUT6X3,        /**< bit per cell, 6×3 window table */
  GOLCL_STEPPER_BITSLICE,      /**< full-adder logic on words, one generation a launch */
  GOLCL_STEPPER_MULTI,         /**< bit-sliced, many generations a launch */
  GOLCL_STEPPER_SPARSE,        /**< bit-sliced, active tiles only */
  GOLCL_STEPPER_AUTO,          /**< the fastest for this device and grid */
  GOLCL_STEPPER_COUNT
} golcl_stepper_kind;

/** Options of golcl_stepper_create; zero-initialise. A zero field means
 *  "chosen from the device". Fields a stepper does not use are ignored. */
typedef struct golcl_stepper_opts {
  uint32_t local_w, local_h; /**< work-group shape in work-items */
  uint32_t tile_w, tile_h;   /**< tile size in cells (halo, lazy, lut4) */
  uint32_t gens_per_launch;  /**< generations per launch (multi-generation kernels) */
} golcl_stepper_opts;

/** Counters of a stepper's work, reset at every golcl_stepper_run. */
typedef struct golcl_stepper_stats {
  uint64_t generations;    /**< generations done by the last run */
  uint64_t launches;       /**< kernel launches of the last run */
  uint64_t tiles_total;    /**< tiles per generation (lazy steppers; else 0) */
  uint64_t tiles_computed; /**< tiles computed in the last generation (lazy) */
} golcl_stepper_stats;

/** Creates a stepper of a kind. Kernels are built on first use (or by
 *  golcl_stepper_prepare) and cached in the context.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, a bad kind, an
 *          option the device cannot take: the reason in errmsg);
 *          GOLCL_E_UNSUPPORTED (a kind this build or device does not offer);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_stepper_create(golcl_context *ctx, golcl_stepper_kind kind,
                                            const golcl_stepper_opts *opts,
                                            golcl_stepper **out);

/** Destroys a stepper. NULL is a no-op. */
GOLCL_API void golcl_stepper_destroy(golcl_stepper *stepper);

/** Builds the kernels the stepper needs for this grid (its rule, boundary and
 *  size) now, so that the first golcl_stepper_run does no JIT work.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_MISMATCH (grid of another
 *          context); GOLCL_E_UNSUPPORTED (the reason in errmsg); GOLCL_E_BUILD. */
GOLCL_API golcl_status golcl_stepper_prepare(golcl_stepper *stepper, golcl_grid *grid);

/** Advances the grid by some generations and adds them to its generation
 *  counter. 0 generations is a no-op. Returns once the work is queued; reads
 *  of the grid wait for it. Every stepper keeps this promise (REFERENCE,
 *  which computes on the host, returns when done); a long run waits now and
 *  then for its own earlier launches, so that the queue stays bounded.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, or a count that
 *          would take the generation counter past 2^64-1: the grid is then
 *          unchanged); GOLCL_E_MISMATCH
 *          (grid of another context); GOLCL_E_UNSUPPORTED (this stepper cannot
 *          serve this grid; the reason in errmsg); GOLCL_E_BUILD;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. On failure the grid holds
 *          the last generation that completed, and its counter says which. */
GOLCL_API golcl_status golcl_stepper_run(golcl_stepper *stepper, golcl_grid *grid,
                                         uint64_t generations);

/** The counters of the stepper's last run. For LAZY, tiles_computed is
 *  counted now from the flags on the device: this call then waits for the
 *  last run's work to finish.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_OPENCL
 *          (LAZY: reading the flags failed; the other counters are set). */
GOLCL_API golcl_status golcl_stepper_get_stats(const golcl_stepper *stepper,
                                               golcl_stepper_stats *out);

/** The generations one launch of the stepper advances (1 for one-generation
 *  kernels and for REFERENCE, which has no launches): a run of N generations
 *  makes ceil(N / g) launches. With grid NULL, the count the stepper declares
 *  for every grid; with a grid, the count of its plan for that grid's shape
 *  (a stepper may choose it per grid or from opts.gens_per_launch), made as
 *  golcl_stepper_prepare makes it (kernels built once, then cached). Layered
 *  code (libgolcl_dist's ghost-frame depth) uses it to line work up with
 *  whole launches.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL stepper or out);
 *          with a grid also GOLCL_E_MISMATCH, GOLCL_E_UNSUPPORTED and
 *          GOLCL_E_BUILD as golcl_stepper_prepare. *out is 0 on failure. */
GOLCL_API golcl_status golcl_stepper_generations_per_launch(golcl_stepper *stepper,
                                                            golcl_grid *grid, uint32_t *out);

/** The kind of a stepper (GOLCL_STEPPER_COUNT for NULL). */
GOLCL_API golcl_stepper_kind golcl_stepper_kind_of(const golcl_stepper *stepper);

/** The lower-case name of a kind ("naive", "lut6x3", ...), or NULL for a bad
 *  kind. */
GOLCL_API const char *golcl_stepper_name(golcl_stepper_kind kind);

/** The kind named (case-insensitive).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL, or no such name). */
GOLCL_API golcl_status golcl_stepper_from_name(const char *name, golcl_stepper_kind *out);

/** 1 if this build of the library implements the kind, else 0. */
GOLCL_API int golcl_stepper_available(golcl_stepper_kind kind);

/* --------------------------------------------------------------- patterns */

/* Patterns are host-side: parsing, writing and the accessors need no OpenCL
 * device. docs/formats.md describes what is read and written. */

typedef struct golcl_pattern golcl_pattern;

/** The file format a pattern was read from. */
typedef enum golcl_pattern_format {
  GOLCL_FORMAT_NONE = 0,  /**< made by golcl_pattern_from_cells or golcl_grid_extract */
  GOLCL_FORMAT_RLE = 1,   /**< run-length encoded (Golly's RLE and extended RLE) */
  GOLCL_FORMAT_PLAINTEXT = 2, /**< .cells: '!' comments, '.' and 'O' */
  GOLCL_FORMAT_LIFE105 = 3,   /**< "#Life 1.05": #P blocks of '.' and '*' */
  GOLCL_FORMAT_LIFE106 = 4    /**< "#Life 1.06": one "x y" line per live cell */
} golcl_pattern_format;

/** The universe a pattern lives in, from Golly's rule suffix. */
typedef enum golcl_topology {
  GOLCL_TOPOLOGY_INFINITE = 0, /**< no suffix: the unbounded plane */
  GOLCL_TOPOLOGY_PLANE = 1,    /**< ":Pw,h": a w×h plane, dead outside */
  GOLCL_TOPOLOGY_TORUS = 2     /**< ":Tw,h": a w×h torus */
} golcl_topology;

/** Bounds that parsing untrusted text checks before it allocates. A text
 *  that exceeds one gets GOLCL_E_PARSE with line:column and the limit. */
typedef struct golcl_pattern_limits {
  uint32_t max_width;  /**< largest box width, header and rule-suffix sizes; default 1<<24 */
  uint32_t max_height; /**< the same for heights; default 1<<24 */
  uint64_t max_cells;  /**< most live cells in one pattern; default 1<<26 */
  uint64_t max_bytes;  /**< longest text or file; default 1<<30 */
} golcl_pattern_limits;

/** Room for the longest text of golcl_pattern_rule_text, NUL included. */
#define GOLCL_PATTERN_RULE_CAP 64

/** The limits in force (process-wide). NULL out is a no-op. */
GOLCL_API void golcl_pattern_get_limits(golcl_pattern_limits *out);

/** Sets the process-wide limits of golcl_pattern_parse and
 *  golcl_pattern_read_file, which the writers keep too (they refuse a text
 *  that could not be read back); NULL restores the defaults. Set them before
 *  threads parse: each field is read atomically, not the struct as a whole.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (a field is 0). */
GOLCL_API golcl_status golcl_pattern_set_limits(const golcl_pattern_limits *limits);

/** Parses a pattern: RLE (with Golly's #CXRLE line and rule suffixes),
 *  plaintext (.cells), Life 1.05 or Life 1.06, recognised from the content;
 *  gzip-compressed text is inflated first (zlib; the inflated text is held
 *  to max_bytes). The text need not be NUL-terminated; a NUL byte in it is
 *  an error.
 *  @param text  len bytes of text.
 *  @param out   receives the pattern; set to NULL on failure.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL text with len > 0, or NULL
 *          out); GOLCL_E_PARSE (malformed text, or a size, run count or
 *          cell count above the limits: "line L, column C: ..." in
 *          golcl_last_errmsg(); corrupt or truncated gzip data); GOLCL_E_UNSUPPORTED
 *          (a rule that is not Life-like, a topology other than :T and :P,
 *          macrocell or MCell input; the message names it);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_pattern_parse(const char *text, size_t len, golcl_pattern **out);

/** Reads and parses a file (the format comes from the content, not the
 *  extension). Messages start with the path.
 *  @return as golcl_pattern_parse, and GOLCL_E_IO (cannot open or read, or
 *          larger than max_bytes), GOLCL_E_INVALID_ARG (NULL path). */
GOLCL_API golcl_status golcl_pattern_read_file(const char *path, golcl_pattern **out);

/** Makes a w×h pattern from host cells, cells[y*row_stride + x] (nonzero is
 *  alive; row_stride 0 means w), rule B3/S23, generation 0, no comments,
 *  position (0, 0). w or h may be 0 (then cells may be NULL).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, NULL cells for a
 *          non-empty box, row_stride < w); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_pattern_from_cells(const uint8_t *cells, uint32_t w, uint32_t h,
                                                size_t row_stride, golcl_pattern **out);

/** Destroys a pattern. NULL is a no-op. */
GOLCL_API void golcl_pattern_destroy(golcl_pattern *pattern);

/** Size of the pattern's box: the header's x and y for RLE (grown if the
 *  body is larger), the longest line and the rows for plaintext, the
 *  bounding box of the live cells otherwise. 0 for NULL. */
GOLCL_API uint32_t golcl_pattern_width(const golcl_pattern *pattern);
GOLCL_API uint32_t golcl_pattern_height(const golcl_pattern *pattern);

/** Number of live cells (0 for NULL). */
GOLCL_API uint64_t golcl_pattern_population(const golcl_pattern *pattern);

/** 1 if cell (x, y) of the box is alive, 0 if dead, outside or NULL. */
GOLCL_API int golcl_pattern_cell(const golcl_pattern *pattern, uint32_t x, uint32_t y);

/** The i-th live cell in row-major order (y, then x), 0 ≤ i < population.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, i out of range). */
GOLCL_API golcl_status golcl_pattern_live_cell(const golcl_pattern *pattern, uint64_t i,
                                               uint32_t *x, uint32_t *y);

/** Copies the box to host memory as 0/1 bytes, cells[y*row_stride + x];
 *  row_stride 0 means the width. Needs width*height bytes (in rows).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument with a non-empty
 *          box, row_stride < width). */
GOLCL_API golcl_status golcl_pattern_get_cells(const golcl_pattern *pattern, uint8_t *cells,
                                               size_t row_stride);

/** The format the pattern was read from, and its name ("RLE", "plaintext",
 *  "Life 1.05", "Life 1.06", "none"; NULL for a bad value). */
GOLCL_API golcl_pattern_format golcl_pattern_get_format(const golcl_pattern *pattern);
GOLCL_API const char *golcl_pattern_format_name(golcl_pattern_format format);

/** The pattern's Life-like rule (B3/S23 when the file gave none).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_pattern_rule(const golcl_pattern *pattern, golcl_rule *out);

/** The rule as text with its suffix, "B3/S23:T72,48" (GOLCL_PATTERN_RULE_CAP
 *  bytes always suffice).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small). */
GOLCL_API golcl_status golcl_pattern_rule_text(const golcl_pattern *pattern, char *buf,
                                               size_t cap);

/** Sets rule and topology from text as an RLE header takes it: a Life-like
 *  rule (see golcl_rule_parse) with an optional suffix ":Tw,h" or ":Pw,h"
 *  (":Tn" is n×n). Without a suffix the topology becomes infinite.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE
 *          (malformed; the column in golcl_last_errmsg()); GOLCL_E_UNSUPPORTED
 *          (another rule family, or :K, :C, :S, shifted or half-infinite
 *          grids; named in the message). The pattern is unchanged on failure. */
GOLCL_API golcl_status golcl_pattern_set_rule(golcl_pattern *pattern, const char *text);

/** The topology; *w and *h (either may be NULL) receive the size of a
 *  bounded one, 0 for the infinite plane. GOLCL_TOPOLOGY_INFINITE for NULL. */
GOLCL_API golcl_topology golcl_pattern_topology(const golcl_pattern *pattern, uint32_t *w,
                                                uint32_t *h);

/** Sets the topology (w and h are ignored for the infinite plane).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL pattern, bad topology, a
 *          bounded topology with a zero side). */
GOLCL_API golcl_status golcl_pattern_set_topology(golcl_pattern *pattern,
                                                  golcl_topology topology, uint32_t w,
                                                  uint32_t h);

/** The generation (from "#CXRLE Gen=n", else 0), and its setter.
 *  golcl_pattern_set_generation returns GOLCL_E_INVALID_ARG for NULL. */
GOLCL_API uint64_t golcl_pattern_generation(const golcl_pattern *pattern);
GOLCL_API golcl_status golcl_pattern_set_generation(golcl_pattern *pattern,
                                                    uint64_t generation);

/** Universe coordinates of the box's top-left cell: from "#CXRLE Pos=x,y",
 *  "#P x y" / "#R x y", Life 1.05 and 1.06 coordinates; if none was given,
 *  (-floor(w/2), -floor(h/2)) as Golly places such a pattern. In a bounded
 *  topology of W×H, Golly's grid has its top-left cell at
 *  (-floor(W/2), -floor(H/2)). Either pointer may be NULL.
 *  @return 1 if the position was given (or set), 0 for the default or NULL. */
GOLCL_API int golcl_pattern_origin(const golcl_pattern *pattern, int64_t *x, int64_t *y);

/** Sets the position; written as "#CXRLE Pos=x,y".
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL pattern). */
GOLCL_API golcl_status golcl_pattern_set_origin(golcl_pattern *pattern, int64_t x, int64_t y);

/** Comment lines in file order, in RLE form: "#N name", "#O author",
 *  "#C text" (plaintext "!" lines and Life 1.05 "#D" lines become "#C",
 *  "!Name:" "#N", "!Author:" "#O"). Position lines (#P, #R, #CXRLE) are not
 *  comments. golcl_pattern_comment returns NULL for a bad index or NULL. */
GOLCL_API size_t golcl_pattern_comment_count(const golcl_pattern *pattern);
GOLCL_API const char *golcl_pattern_comment(const golcl_pattern *pattern, size_t i);

/** Appends a comment line: kept as it is if it starts with '#' and a letter
 *  other than P or R (and is not "#Life..." or "#MCell...", which would be
 *  read as another format), else stored as "#C " followed by the text.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a line break or a
 *          #CXRLE line in text); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_pattern_add_comment(golcl_pattern *pattern, const char *text);

/** Writes the live cells of a pattern into a grid, the box's top-left cell
 *  at grid cell (x, y): a live pattern cell sets the grid cell alive, dead
 *  pattern cells leave the grid as it is (Golly's "Or" paste). With a dead
 *  boundary, cells that fall outside the grid are dropped (clipped); on a
 *  torus they wrap, (x + px) mod W and (y + py) mod H, so a pattern larger
 *  than the grid folds onto it. The grid's rule and generation do not
 *  change (see golcl_grid_set_rule_bits, golcl_grid_set_generation). Only
 *  the rectangles that the box covers cross to the host and back, in bands
 *  of a few MB (golcl_grid_read_rect / golcl_grid_write_rect), in the grid's
 *  own layout, which does not change. Blocking as golcl_grid_write_rect.
 *  @return GOLCL_OK (also when everything is clipped); GOLCL_E_INVALID_ARG
 *          (NULL argument); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD (the
 *          rectangle kernel of a bit layout); GOLCL_E_OPENCL (then cells may
 *          be partly placed). Details in golcl_context_errmsg. */
GOLCL_API golcl_status golcl_grid_place(golcl_grid *grid, const golcl_pattern *pattern,
                                        int64_t x, int64_t y);

/** Makes a pattern of the bounding box of the live cells (0×0 if none), with
 *  the grid's rule, generation and size as its topology (":T" for a torus,
 *  ":P" for a dead boundary) and its position in Golly's coordinates of that
 *  grid: grid cell (x, y) is (x - floor(W/2), y - floor(H/2)). Reads the grid
 *  in bands of rows of a few MB (golcl_grid_read_rect), in its own layout,
 *  which does not change. Blocking.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; *out is set to NULL
 *          on every failure); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD (the
 *          rectangle kernel of a bit layout); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_extract(golcl_grid *grid, golcl_pattern **out);

/** The bounding box of the live cells of a grid, without building a
 *  pattern: *w = *h = 0 (and *x = *y = 0) if there are none. Reads the grid
 *  as golcl_grid_extract does. Blocking.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_BUILD (the rectangle kernel of a bit layout); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_bounding_box(golcl_grid *grid, uint32_t *x, uint32_t *y,
                                               uint32_t *w, uint32_t *h);

/** Writes a pattern as RLE: "#CXRLE Pos=x,y Gen=n" when a position was given
 *  or the generation is not 0, the comment lines, the header
 *  "x = W, y = H, rule = RULE" (with the suffix of a bounded topology), and
 *  lines of at most 70 characters ending with '!'. Nothing is written if the
 *  text would break the limits of golcl_pattern_set_limits (a box or grid
 *  side, the live cells, the bytes of text), as the readers could not read
 *  it back.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, past a limit: the
 *          limit in golcl_last_errmsg()); GOLCL_E_IO (a write or the final
 *          fflush failed; f's error indicator is set). */
GOLCL_API golcl_status golcl_pattern_write_rle(const golcl_pattern *pattern, FILE *f);

/** Writes a pattern as plaintext: comments as "!" lines ("!Name: ", "!Author: "
 *  for #N and #O), then one line of '.' and 'O' for every row of the box.
 *  The rule, topology, position and generation are not written (plaintext
 *  has no place for them).
 *  @return as golcl_pattern_write_rle. */
GOLCL_API golcl_status golcl_pattern_write_plaintext(const golcl_pattern *pattern, FILE *f);

/** Writes a pattern to a file in the format of its extension: ".rle" for
 *  RLE, ".cells" for plaintext (case-insensitive). The text goes to a new
 *  temporary file in the same folder (the permissions of the file it
 *  replaces, else 0666 less the umask), is flushed and fsync'ed, and is then
 *  renamed over path: on any failure the temporary is removed and a file
 *  that was at path is left as it was, never cut. The folder must be
 *  writable; a symbolic link at path is replaced, not followed.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, another extension,
 *          past a limit as in golcl_pattern_write_rle); GOLCL_E_IO (cannot
 *          create, write, fsync, close or rename, a full disk included; the
 *          path and the reason in golcl_last_errmsg()). */
GOLCL_API golcl_status golcl_pattern_write_file(const golcl_pattern *pattern, const char *path);

#ifdef __cplusplus
}
#endif
#endif /* GOLCL_H */
