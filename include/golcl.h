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
#define GOLCL_VERSION_MINOR 2
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

/* ------------------------------------------------- threads, blocking, ABI */

/* THREADS. libgolcl may be used from any number of threads, under these rules
 * (the same in every build; there is no single-thread mode):
 *
 *  - golcl_context_create, golcl_context_wrap and golcl_devices may be called
 *    by several threads at once. The library serialises OpenCL platform and
 *    device discovery inside itself (some OpenCL platforms crash when several
 *    threads initialise them at once), so they may wait for each other.
 *  - A context and every object made with it (grids, steppers, vectors,
 *    matrices) belong to one thread at a time. Several threads may use one
 *    context only one after the other, with their own lock around every call
 *    that names the context or one of its objects; a mutex's ordering is all
 *    that is needed. Different contexts (also on the same device) may be
 *    used by different threads at the same time without any lock.
 *  - golcl_context_errmsg(ctx) is the context's and is overwritten by its next
 *    failing call: read it in the thread that made the call, before another
 *    call on the context. golcl_last_errmsg() is per thread.
 *  - Patterns are plain host objects: functions that take a const pattern may
 *    read one pattern from several threads at once; a function that changes a
 *    pattern needs it to itself. Different patterns are independent.
 *  - golcl_pattern_set_limits changes process-wide limits: call it before
 *    other threads parse (each field is read atomically, the struct is not).
 *  - The OpenCL objects behind a context (golcl_context_cl_queue, ...,
 *    golcl_grid_buffer) follow OpenCL's own rules; work that you enqueue on
 *    the context's queue from another thread needs the context's lock too.
 *  - Nothing is inherited across fork(): make contexts in the child.
 *
 * BLOCKING. The context has one in-order queue; each call below says whether
 * it only enqueues (returns before the device has done the work; later calls
 * on the queue see the result) or blocks (returns when its work, and so all
 * work queued before it, is done). "Host only" calls, and the version and
 * error-text functions, touch no queue. Building
 * a kernel (the first use of a stepper, randomize, population, ... on a
 * context) compiles on the host and blocks for that time; golcl_stepper_prepare
 * does it ahead. To order your own kernels against libgolcl's, enqueue them on
 * golcl_context_cl_queue(ctx), or wait on a marker enqueued there.
 *
 * BUILDING. Kernels are built with -cl-std=CL1.2 where the device compiles
 * OpenCL C 1.2 or later, then $GOLCL_BUILD_OPTIONS, then
 * golcl_context_opts.build_options. Their binaries are kept on disk, one file
 * per kernel source, library version, device, driver version and build
 * options, under $XDG_CACHE_HOME/golcl (else $HOME/.cache/golcl), so that
 * later processes skip the compiler; GOLCL_CACHE=0 in the environment (read
 * when a context is made) turns that off. On pocl, which caches its kernels
 * itself and compiles every kernel of a program when asked for its binary,
 * it is off unless GOLCL_CACHE=1. A file is used only if it checks
 * out whole and names the very build wanted; a damaged or foreign one is
 * rebuilt from source and replaced. Failures of the cache never fail a call.
 *
 * ABI AND VERSIONS. While GOLCL_VERSION_MAJOR is 0, every minor version may
 * change the ABI and the shared library's soname is libgolcl.so.0.MINOR; from
 * 1.0 on, the soname is libgolcl.so.MAJOR and only a new major version breaks
 * the ABI. Option structs (golcl_context_opts, golcl_stepper_opts) grow
 * without breaking it: fields are only ever appended, a zero field always
 * means the behaviour from before that field existed, and the library is told
 * the size of the struct the caller compiled (the golcl_X_create wrappers of
 * this header pass sizeof for you): it reads that many bytes and takes zero
 * for fields the caller does not know. Structs the library fills
 * (golcl_device_info, golcl_layout_info, golcl_stepper_stats) change only with
 * the soname. */

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
  X(E_MISMATCH, -9, "objects do not match")                                     \
  X(E_CANCELLED, -10, "cancelled by the caller")

typedef enum golcl_status {
#define GOLCL__STATUS_ENUM(name, code, text) GOLCL_##name = code,
  GOLCL_STATUS_MAP(GOLCL__STATUS_ENUM)
#undef GOLCL__STATUS_ENUM
} golcl_status;

/** A fixed English text for a status code ("invalid argument"); never NULL.
 *  Host only. Unknown codes give "unknown status". Details of the last failure of a
 *  context are in golcl_context_errmsg(). */
GOLCL_API const char *golcl_strerror(golcl_status s);

/* ---------------------------------------------------------------- context */

typedef struct golcl_context golcl_context;

/** Options of golcl_context_create. Zero-initialise, then set what you need
 *  (zero is the default of every field). New fields are appended at the end
 *  only, their zero meaning the behaviour from before they existed. */
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

/** Room of each string of golcl_device_info, NUL included. */
#define GOLCL_DEVICE_STRING_CAP 256

/** What libgolcl knows of a device. Strings are NUL-terminated; one longer
 *  than GOLCL_DEVICE_STRING_CAP - 1 bytes is truncated (never left empty). */
typedef struct golcl_device_info {
  char name[GOLCL_DEVICE_STRING_CAP];     /**< CL_DEVICE_NAME */
  char vendor[GOLCL_DEVICE_STRING_CAP];   /**< CL_DEVICE_VENDOR */
  char platform[GOLCL_DEVICE_STRING_CAP]; /**< CL_PLATFORM_NAME */
  /** CL_DEVICE_VERSION, e.g. "OpenCL 3.0 CUDA" or
   *  "OpenCL 3.0 PoCL HSTR: pthread-x86_64-pc-linux-gnu-skylake-avx512" */
  char version[GOLCL_DEVICE_STRING_CAP];
  char driver_version[GOLCL_DEVICE_STRING_CAP];   /**< CL_DRIVER_VERSION */
  char platform_version[GOLCL_DEVICE_STRING_CAP]; /**< CL_PLATFORM_VERSION */
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
 *  profiling enabled) and an empty program cache. Blocks (no device work);
 *  safe to call from several threads at once.
 *  @param opts       device choice and build options; NULL for the defaults.
 *  @param opts_size  sizeof(golcl_context_opts) as the caller compiled it
 *                    (golcl_context_create passes it): the library reads that
 *                    many bytes of opts and takes zero for the fields beyond.
 *  @param out        receives the context; set to NULL on failure.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (out NULL, opts_size smaller than
 *          the first version of the struct, or a device spec that is not
 *          understood); GOLCL_E_UNSUPPORTED (opts from a newer libgolcl that
 *          sets fields this library does not have); GOLCL_E_NO_DEVICE (no
 *          OpenCL platform, or no device matches the spec);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL.
 *  Because no context exists on failure, golcl_last_errmsg() holds the
 *  details of a failed creation in this thread. */
GOLCL_API golcl_status golcl_context_create_sized(const golcl_context_opts *opts,
                                                  size_t opts_size, golcl_context **out);

/** golcl_context_create_sized with the size of golcl_context_opts as this
 *  header declares it: what C and C++ programs call. (An exported function
 *  of the same name, for bindings that call the library by symbol, takes
 *  options of the library's own size.) */
#ifndef GOLCL_BUILDING
static inline golcl_status golcl_context_create(const golcl_context_opts *opts,
                                                golcl_context **out) {
  return golcl_context_create_sized(opts, sizeof(golcl_context_opts), out);
}
#else
GOLCL_API golcl_status golcl_context_create(const golcl_context_opts *opts, golcl_context **out);
#endif

/** Adopts an OpenCL context, device and in-order queue that the caller made
 *  and keeps owning: libgolcl retains them and releases only its own
 *  references in golcl_context_destroy. Profiling need not be enabled on the
 *  queue. The queue must belong to the context and the device.
 *  Blocks (no device work).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (a NULL argument);
 *          GOLCL_E_MISMATCH (queue of another context or device);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_context_wrap(cl_context clctx, cl_device_id device,
                                          cl_command_queue queue, golcl_context **out);

/** A context on another in-order queue of ctx's OpenCL context and device
 *  (two queues that overlap work, as the distributed grid's frame beside
 *  its block): like golcl_context_wrap, but its programs and kernels are
 *  ctx's, built once for both. ctx must outlive it, and the two are used
 *  from one thread at a time (a kernel's arguments are set per launch).
 *  Blocks (no device work).
 *  @return as golcl_context_wrap (GOLCL_E_INVALID_ARG for a NULL ctx). */
GOLCL_API golcl_status golcl_context_with_queue(golcl_context *ctx, cl_command_queue queue,
                                                golcl_context **out);

/** Destroys a context and its program cache. Every grid, stepper, vector and
 *  matrix made with it must be destroyed first. NULL is a no-op.
 *  Blocks until the queue is idle. */
GOLCL_API void golcl_context_destroy(golcl_context *ctx);

/** Fills *out with the context's device.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_context_device_info(const golcl_context *ctx,
                                                 golcl_device_info *out);

/** Lists every device of every OpenCL platform, in "P:D" order.
 *  @param out    array of cap entries to fill; may be NULL when cap is 0.
 *  @param cap    capacity of out.
 *  @param count  receives the number of devices there are (may exceed cap).
 *  Blocks (no device work); safe to call from several threads at once.
 *  @return GOLCL_OK (also with no platform: *count = 0);
 *          GOLCL_E_INVALID_ARG (count NULL, or out NULL with cap > 0);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_devices(golcl_device_info *out, size_t cap, size_t *count);

/** The details of the last failure of a call on this context or on an object
 *  made with it: the failing OpenCL call and its cl_int, the full build log,
 *  or line:column of a parse error. "" if none; never NULL (also for a NULL
 *  ctx, which gives golcl_last_errmsg()). Valid until the next call. Host only. */
GOLCL_API const char *golcl_context_errmsg(const golcl_context *ctx);

/** The details of the last failure in this thread of a call that has no
 *  context to keep them (golcl_context_create, golcl_devices, pattern
 *  parsing). Never NULL. Host only. */
GOLCL_API const char *golcl_last_errmsg(void);

/** The OpenCL objects behind a context, to mix libgolcl with your own
 *  kernels. They stay owned by the context (do not release them). NULL for a
 *  NULL ctx. Host only. */
GOLCL_API cl_context golcl_context_cl_context(const golcl_context *ctx);
GOLCL_API cl_device_id golcl_context_cl_device(const golcl_context *ctx);
GOLCL_API cl_command_queue golcl_context_cl_queue(const golcl_context *ctx);

/** Waits until every command libgolcl queued on the context has finished.
 *  Blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_context_finish(golcl_context *ctx);

/* ------------------------------------------------------------------ rules */

/* Rules are plain values: every function here is host only. */

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

/* ------------------------------------------------------------ rule tables */

/** The neighbourhood a rule reads (Golly's "V" and "H" suffixes). */
typedef enum golcl_neighbourhood {
  GOLCL_NEIGHBOURHOOD_MOORE = 0,       /**< the 8 cells around */
  GOLCL_NEIGHBOURHOOD_VON_NEUMANN = 1, /**< N, W, E, S only */
  GOLCL_NEIGHBOURHOOD_HEXAGONAL = 2    /**< the Moore cells less NE and SW */
} golcl_neighbourhood;

/** How a rule was written, which decides how golcl_rule_table_format spells
 *  it (the table alone decides what it does). */
typedef enum golcl_rule_family {
  GOLCL_RULE_TOTALISTIC = 0, /**< "B3/S23", "B2/S013V", "B245/S3H" */
  GOLCL_RULE_ISOTROPIC = 1,  /**< Hensel notation, "B2-a/S12" (Moore only) */
  GOLCL_RULE_MAP = 2,        /**< "MAP" and base64 of the table */
  GOLCL_RULE_WOLFRAM = 3     /**< Wolfram's elementary 1-D rules "W0".."W254" (even) */
} golcl_rule_family;

/** Room for the longest text of golcl_rule_table_format, NUL included. */
#define GOLCL_RULE_TEXT_CAP 96

/** Every two-state rule Golly runs, in one form: the next state of a cell
 *  for each of the 512 states of its 3×3 neighbourhood. Index i has cell k
 *  of the block (k = 0..8 row by row from the north-west, 4 the cell
 *  itself) at bit 8-k: NW 256, N 128, NE 64, W 32, C 16, E 8, SW 4, S 2,
 *  SE 1 (Golly's MAP order). Rows grow southwards (y + 1 is south). A von
 *  Neumann or hexagonal table does not depend on the cells it ignores. */
typedef struct golcl_rule_table {
  uint8_t next[512];                 /**< 0 or 1 */
  golcl_neighbourhood neighbourhood; /**< what the table reads */
  golcl_rule_family family;          /**< how it is spelt */
} golcl_rule_table;

/** Parses any two-state rule Golly knows into a table:
 *  - totalistic "B3/S23" (B and S in either order, '/' or none, any case),
 *    the survival/birth form "23/3", with "V" (counts 0..4) or "H" (0..6)
 *    at the end for the von Neumann or hexagonal neighbourhood;
 *  - isotropic non-totalistic Moore rules in Hensel notation: letters
 *    after a count (1..7) name neighbour configurations, "-" before them
 *    takes the others ("B2-a/S12"); '_' may replace '/' here;
 *  - "MAP" and 86 (Moore), 22 (hexagonal) or 6 (von Neumann) base64
 *    characters, optionally followed by "==";
 *  - Wolfram's "Wn", n even, 0..254;
 *  - the named rules of Golly's rule dialog, case-insensitive: Life,
 *    3-4 Life, HighLife, AntiLife, Life without Death, Plow World, Day and
 *    Night, Diamoeba, LongLife, Seeds, Persian Rug, Replicator, Fredkin,
 *    Morley, Wolfram 22, Wolfram 30, Wolfram 110.
 *  Leading and trailing spaces are ignored. B0 rules are stored as they are
 *  (see golcl_rule_table_at for how they run).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE
 *          (malformed: the column and the reason in golcl_last_errmsg());
 *          GOLCL_E_UNSUPPORTED (a multi-state family: Generations, Larger
 *          than Life, LifeHistory, WireWorld, JvN29, ... or a RuleLoader
 *          rule; named in the message). *out is unchanged on failure. */
GOLCL_API golcl_status golcl_rule_table_parse(const char *text, golcl_rule_table *out);

/** Writes a table as Golly writes the rule: "B3/S23", "B2-a/S12" (letters
 *  in alphabetical order, the shorter of the plain and the '-' form, the
 *  plain one on a tie, a count with all its letters as the bare digit),
 *  "B2/S013V", "MAP" + base64 (the unused bits of the last character
 *  zero), "W30". A totalistic or isotropic family is written in Hensel
 *  notation only when the table is isotropic (totalistic for V and H).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small
 *          (GOLCL_RULE_TEXT_CAP always suffices), a bad enum, an entry
 *          other than 0 or 1, a table that its family cannot spell, or one
 *          that reads cells its neighbourhood ignores). */
GOLCL_API golcl_status golcl_rule_table_format(const golcl_rule_table *table, char *buf,
                                               size_t cap);

/** The table of a Life-like rule (Moore, totalistic family).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, bits above 8 set). */
GOLCL_API golcl_status golcl_rule_table_from_rule(golcl_rule rule, golcl_rule_table *out);

/** The Life-like rule of a table whose outcome depends only on the cell and
 *  the number of its 8 Moore neighbours alive.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_UNSUPPORTED
 *          (the table is not outer totalistic over the Moore neighbourhood:
 *          Hensel letters, MAP, V, H or Wolfram; *out unchanged). */
GOLCL_API golcl_status golcl_rule_table_totalistic(const golcl_rule_table *table,
                                                   golcl_rule *out);

/** The table that advances Golly's cells from generation `generation`,
 *  which is the rule itself unless it has B0 (next[0] = 1). Golly, and so
 *  libgolcl, never lets an empty background come alive: for B0 with Smax
 *  (next[511] = 1) every generation uses NOT(rule(NOT cells)), so the cells
 *  shown are the complement of the rule's own evolution of the complement;
 *  for B0 without Smax an even generation uses NOT(rule(cells)) and an odd
 *  one rule(NOT cells), so the cells shown at odd generations are the
 *  complement of the rule's own. Cells outside a bounded plane are dead in
 *  the cells shown, at every generation.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_rule_table_at(const golcl_rule_table *table, uint64_t generation,
                                           uint8_t out[512]);

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
 *  Blocks (until the queue is idle and the new grid is cleared).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, w or h zero or
 *          above 2^31-1, a bad boundary, or a byte size that overflows); GOLCL_E_OUT_OF_MEMORY
 *          (more than the device or host can hold); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_create(golcl_context *ctx, uint32_t w, uint32_t h,
                                         golcl_boundary boundary, golcl_grid **out);

/** Makes a new grid with the same size, boundary, rule, generation and cells.
 *  Blocks as golcl_grid_create, then enqueues the copy.
 *  @return as golcl_grid_create. */
GOLCL_API golcl_status golcl_grid_clone(golcl_grid *src, golcl_grid **out);

/** Destroys a grid. NULL is a no-op.
 *  Host only: OpenCL frees the buffers once queued work that uses them is done. */
GOLCL_API void golcl_grid_destroy(golcl_grid *grid);

/** Size, boundary, context and generation counter of a grid (0 / NULL for a
 *  NULL grid). Host only. */
GOLCL_API uint32_t golcl_grid_width(const golcl_grid *grid);
GOLCL_API uint32_t golcl_grid_height(const golcl_grid *grid);
GOLCL_API golcl_boundary golcl_grid_boundary(const golcl_grid *grid);
GOLCL_API golcl_context *golcl_grid_context(const golcl_grid *grid);
GOLCL_API uint64_t golcl_grid_generation(const golcl_grid *grid);

/** Sets the generation counter (steppers add to it). Cells are unchanged.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid). */
GOLCL_API golcl_status golcl_grid_set_generation(golcl_grid *grid, uint64_t generation);

/** Sets the rule from text: any two-state rule Golly runs (see
 *  golcl_rule_table_parse: B/S with V and H, Hensel, MAP, W, named rules).
 *  A rule with B0 runs as Golly runs it (golcl_rule_table_at): the cells
 *  are Golly's, never an all-alive background; the table of a generation
 *  depends on the parity of the grid's generation counter. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE (bad
 *          text; the column in golcl_context_errmsg); GOLCL_E_UNSUPPORTED (a
 *          multi-state family, named). The rule is unchanged on failure. */
GOLCL_API golcl_status golcl_grid_set_rule(golcl_grid *grid, const char *rule);

/** Sets the rule from a table, and gets it back. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; a table that
 *          golcl_rule_table_format refuses). */
GOLCL_API golcl_status golcl_grid_set_rule_table(golcl_grid *grid, const golcl_rule_table *table);
GOLCL_API golcl_status golcl_grid_rule_table(const golcl_grid *grid, golcl_rule_table *out);

/** Writes the grid's rule as Golly spells it ("B3/S23", "B2-a/S12",
 *  "MAP...") into buf (GOLCL_RULE_TEXT_CAP bytes always suffice). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small). */
GOLCL_API golcl_status golcl_grid_get_rule(const golcl_grid *grid, char *buf, size_t cap);

/** The grid's rule as Life-like bits; set it with golcl_grid_set_rule_bits.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL, or bits above 8 set);
 *          GOLCL_E_UNSUPPORTED (golcl_grid_rule: the rule is not Life-like,
 *          see golcl_grid_rule_table). */
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

/** Sets every cell dead. Enqueues only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_clear(golcl_grid *grid);

/** Fills the grid on the device: cell (x, y) is alive iff a counter-based
 *  hash of (seed, x, y) falls below density. The same seed gives the same
 *  cells on every device and in every layout; density 0 gives none, 1 all.
 *  The formula is part of the contract (libgolcl_dist fills blocks of one
 *  grid with it): with mix64 splitmix64's finaliser, cell (x, y) is alive iff
 *  mix64(mix64(seed) ^ (y << 32 | x)) >> 32 < (uint64_t)ldexp(density, 32).
 *  Enqueues only (after building its kernel on first use).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid, density outside [0,1] or
 *          NaN); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_randomize(golcl_grid *grid, double density, uint64_t seed);

/** Counts the live cells (a reduction on the device).
 *  Blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_population(golcl_grid *grid, uint64_t *out);

/** A 64-bit hash of the cells and the grid size, the same for the same cells
 *  whatever the layout, stepper or device. Rule and generation do not enter.
 *  The formula is part of the contract (so that libgolcl_dist can hash a grid
 *  held in blocks): with S the sum mod 2^64 of mix64(y << 32 | x) over the
 *  live cells and N their number, the hash is
 *  mix64(S + mix64((h << 32 | w) ^ (N << 1))), mix64 as in golcl_grid_randomize.
 *  Blocks.
 *  @return as golcl_grid_population. */
GOLCL_API golcl_status golcl_grid_hash(golcl_grid *grid, uint64_t *out);

/** The buffer that holds the cells now, described in *info (may be NULL).
 *  The grid keeps owning it; it may change after any call that steps,
 *  writes or changes the layout. NULL for a NULL grid.
 *  Host only; the buffer may still be written by queued work. */
GOLCL_API cl_mem golcl_grid_buffer(golcl_grid *grid, golcl_layout_info *info);

/** Converts the cells to another layout (on the device). Steppers do this
 *  themselves; call it to hand a buffer of a known layout to your own kernels.
 *  Enqueues only (after building its kernels on first use).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_grid_set_layout(golcl_grid *grid, golcl_layout layout);

/** The name of a layout ("bytes", "pack16", "bitrow", "bytes_pow2"), or NULL.
 *  Host only. */
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
 *  "chosen from the device". Fields a stepper does not use are ignored.
 *  The struct grows at the end only: a field added later must take zero as
 *  "the behaviour from before the field existed", because a program built
 *  against an older header passes a shorter struct that the library extends
 *  with zeros (see golcl_stepper_create_sized). */
typedef struct golcl_stepper_opts {
  uint32_t local_w, local_h; /**< work-group shape in work-items */
  uint32_t tile_w, tile_h;   /**< tile size in cells (halo, lazy, lut4) */
  uint32_t gens_per_launch;  /**< generations per launch (multi-generation kernels) */
} golcl_stepper_opts;

/** Counters of a stepper's work, reset at every golcl_stepper_run. */
typedef struct golcl_stepper_stats {
  uint64_t generations;    /**< generations done by the last run */
  uint64_t launches;       /**< kernel launches of the last run */
  uint64_t tiles_total;    /**< tiles of the grid (LAZY, SPARSE; else 0) */
  uint64_t tiles_computed; /**< tiles computed in the last generation (LAZY) or launch (SPARSE) */
} golcl_stepper_stats;

/** Creates a stepper of a kind. Kernels are built on first use (or by
 *  golcl_stepper_prepare) and cached in the context. Host only.
 *  @param opts       options, or NULL for the defaults.
 *  @param opts_size  sizeof(golcl_stepper_opts) as the caller compiled it
 *                    (golcl_stepper_create passes it): the library reads that
 *                    many bytes of opts and takes zero for the fields beyond.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, a bad kind,
 *          opts_size smaller than the first version of the struct, an option
 *          the device cannot take: the reason in errmsg); GOLCL_E_UNSUPPORTED
 *          (a kind this build or device does not offer, or opts from a newer
 *          libgolcl that sets fields this library does not have);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_stepper_create_sized(golcl_context *ctx, golcl_stepper_kind kind,
                                                  const golcl_stepper_opts *opts,
                                                  size_t opts_size, golcl_stepper **out);

/** golcl_stepper_create_sized with the size of golcl_stepper_opts as this
 *  header declares it: what C and C++ programs call. (An exported function
 *  of the same name, for bindings that call the library by symbol, takes
 *  options of the library's own size.) */
#ifndef GOLCL_BUILDING
static inline golcl_status golcl_stepper_create(golcl_context *ctx, golcl_stepper_kind kind,
                                                const golcl_stepper_opts *opts,
                                                golcl_stepper **out) {
  return golcl_stepper_create_sized(ctx, kind, opts, sizeof(golcl_stepper_opts), out);
}
#else
GOLCL_API golcl_status golcl_stepper_create(golcl_context *ctx, golcl_stepper_kind kind,
                                            const golcl_stepper_opts *opts, golcl_stepper **out);
#endif

/** Destroys a stepper. NULL is a no-op.
 *  Host only. */
GOLCL_API void golcl_stepper_destroy(golcl_stepper *stepper);

/** Builds the kernels the stepper needs for this grid (its rule, boundary and
 *  size) now, so that the first golcl_stepper_run does no JIT work. The
 *  table steppers take the rule as a kernel argument (a new rule needs no
 *  new build); the bit-sliced ones (bitslice, multi, sparse) compile it in.
 *  Blocks (kernel builds, lookup-table uploads).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_MISMATCH (grid of another
 *          context); GOLCL_E_UNSUPPORTED (the reason in errmsg); GOLCL_E_BUILD. */
GOLCL_API golcl_status golcl_stepper_prepare(golcl_stepper *stepper, golcl_grid *grid);

/** Advances the grid by some generations and adds them to its generation
 *  counter. 0 generations is a no-op. Returns once the work is queued; reads
 *  of the grid wait for it: enqueues only. Every stepper keeps this promise
 *  (REFERENCE, which computes on the host, blocks until it is done; AUTO on
 *  a grid of 2^20 cells or more first reads the grid's population, which
 *  waits for the work already queued); a long run waits now and then for
 *  its own earlier launches, so that the queue stays bounded.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, or a count that
 *          would take the generation counter past 2^64-1: the grid is then
 *          unchanged); GOLCL_E_MISMATCH
 *          (grid of another context); GOLCL_E_UNSUPPORTED (this stepper cannot
 *          serve this grid; the reason in errmsg); GOLCL_E_BUILD;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. On failure the grid holds
 *          the last generation that completed, and its counter says which. */
GOLCL_API golcl_status golcl_stepper_run(golcl_stepper *stepper, golcl_grid *grid,
                                         uint64_t generations);

/** The counters of the stepper's last run. Host only, except for LAZY and
 *  SPARSE: their tiles_computed is read now from the device (LAZY's flags,
 *  SPARSE's list length), so this call then blocks until the last run's
 *  work is done.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_OPENCL
 *          (LAZY, SPARSE: the read failed; the other counters are set). */
GOLCL_API golcl_status golcl_stepper_get_stats(const golcl_stepper *stepper,
                                               golcl_stepper_stats *out);

/** The generations one launch of the stepper advances on this grid: a run
 *  of N generations makes ceil(N / g) launches. 1 for one-generation
 *  kernels and for REFERENCE (no launches); MULTI's opts.gens_per_launch
 *  (or its default); for AUTO, that of the stepper it chooses for the grid.
 *  The count can depend on the grid, so the grid is needed: the plan for
 *  its shape is made as golcl_stepper_prepare makes it (kernels built once,
 *  then cached). Layered code (libgolcl_dist's ghost-frame depth) uses it to
 *  line its work up with whole launches.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_MISMATCH
 *          (grid of another context); GOLCL_E_UNSUPPORTED (this stepper
 *          cannot serve this grid); GOLCL_E_BUILD. *out is 0 on failure. */
GOLCL_API golcl_status golcl_stepper_generations_per_launch(golcl_stepper *stepper,
                                                            golcl_grid *grid, uint32_t *out);

/** The kind of a stepper (GOLCL_STEPPER_COUNT for NULL). Host only, as are
 *  the three functions below. */
GOLCL_API golcl_stepper_kind golcl_stepper_kind_of(const golcl_stepper *stepper);

/** The kind that ran the stepper's last run (or prepare): the stepper's own
 *  kind, or for GOLCL_STEPPER_AUTO the stepper it chose for that grid
 *  (GOLCL_STEPPER_AUTO itself before any run). GOLCL_STEPPER_COUNT for NULL.
 *  AUTO's choice: SPARSE on a grid of 2^20 cells or more with at most one
 *  live cell in 4096 (the population is read at the start of the run); else
 *  MULTI on a GPU, BITSLICE on a CPU device; the next of SPARSE, MULTI,
 *  BITSLICE, LUT6X3, NAIVE where one cannot serve the grid. */
GOLCL_API golcl_stepper_kind golcl_stepper_chosen(const golcl_stepper *stepper);

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
 * device and are host only (they touch no queue); golcl_grid_place,
 * golcl_grid_extract and golcl_grid_bounding_box, which use a grid, block. docs/formats.md describes what is read and written. */

typedef struct golcl_pattern golcl_pattern;

/** The file format a pattern was read from. */
typedef enum golcl_pattern_format {
  GOLCL_FORMAT_NONE = 0,  /**< made by golcl_pattern_from_cells or golcl_grid_extract */
  GOLCL_FORMAT_RLE = 1,   /**< run-length encoded (Golly's RLE and extended RLE) */
  GOLCL_FORMAT_PLAINTEXT = 2, /**< .cells: '!' comments, '.' and 'O' */
  GOLCL_FORMAT_LIFE105 = 3,   /**< "#Life 1.05": #P blocks of '.' and '*' */
  GOLCL_FORMAT_LIFE106 = 4,   /**< "#Life 1.06": one "x y" line per live cell */
  GOLCL_FORMAT_MACROCELL = 5  /**< Golly's macrocell "[M2]" (two-state) */
} golcl_pattern_format;

/** The universe a pattern lives in, from Golly's rule suffix (golcl_bounds
 *  has the whole description: shifts, twists, unbounded sides). */
typedef enum golcl_topology {
  GOLCL_TOPOLOGY_INFINITE = 0, /**< no suffix: the unbounded plane */
  GOLCL_TOPOLOGY_PLANE = 1,    /**< ":Pw,h": a w×h plane, dead outside */
  GOLCL_TOPOLOGY_TORUS = 2,    /**< ":Tw,h": a w×h torus */
  GOLCL_TOPOLOGY_KLEIN = 3,    /**< ":Kw*,h" or ":Kw,h*": a Klein bottle */
  GOLCL_TOPOLOGY_CROSS = 4,    /**< ":Cw,h": a cross-surface (both pairs of edges twisted) */
  GOLCL_TOPOLOGY_SPHERE = 5    /**< ":Sn": an n×n sphere */
} golcl_topology;

/** A bounded grid exactly as Golly's rule suffix describes it (Golly's
 *  help, "Bounded Grids"). Cells outside the grid that a cell at an edge
 *  reads are, with W = width and H = height (golcl_bounds_neighbour):
 *  - PLANE: dead. A zero side is unbounded: on a grid of libgolcl, whose
 *    sides are finite, dead beyond that side too.
 *  - TORUS: crossing the top or bottom edge wraps y and moves x by
 *    -shift_x (going up) or +shift_x (going down); crossing the left or
 *    right edge wraps x and moves y by -shift_y or +shift_y; x and y are
 *    then taken modulo W and H. One shift at most; a zero side (a tube) is
 *    unbounded there (dead on a finite grid) and allows no shift.
 *  - KLEIN: twist_x set (":K30*,20"): crossing the top or bottom edge wraps
 *    y and reflects x to W-1-x-shift_x (mod W); the left and right edges
 *    wrap plainly. twist_x clear (":K30,20*"): crossing the left or right
 *    edge wraps x and reflects y to H-1-y-shift_y (mod H); top and bottom
 *    wrap plainly. The shift is 0 or 1, and 1 only where the twisted side
 *    is even. (Golly's help draws the shifted reflection as W-1-x+1; its
 *    engine, bgolly 3.3, does W-1-x-1, and libgolcl follows the engine.)
 *  - CROSS: crossing the top or bottom edge wraps y and reflects x to
 *    W-1-x; then crossing the left or right edge wraps x and reflects y to
 *    H-1-y (so a corner cell is its own diagonal neighbour).
 *  - SPHERE (W = H): the top edge is joined to the left edge and the right
 *    edge to the bottom one: above (x, 0) lies (0, x), left of (0, y) lies
 *    (y, 0), right of (W-1, y) lies (y, H-1), below (x, H-1) lies (W-1, x);
 *    each of the four outer corner positions reads the grid's corner cell
 *    next to it. */
typedef struct golcl_bounds {
  golcl_topology topology; /**< INFINITE (no suffix), PLANE, TORUS, KLEIN, CROSS, SPHERE */
  uint32_t width, height;  /**< 0: unbounded along that axis (PLANE and TORUS) */
  int32_t shift_x;         /**< TORUS, KLEIN: the shift on the horizontal edges */
  int32_t shift_y;         /**< TORUS, KLEIN: the shift on the vertical edges */
  int twist_x;             /**< KLEIN: 1 if the horizontal (top, bottom) edges are twisted */
} golcl_bounds;

/** Room for the longest text of golcl_bounds_format, NUL included. */
#define GOLCL_BOUNDS_TEXT_CAP 48

/** Parses a bounded-grid suffix as Golly does: ":P30,20", ":P30,0", ":T0,20",
 *  ":T30", ":T30+5,20", ":T30,20-2", ":K30*,20", ":K30,20*", ":K30*+1,20",
 *  ":C30,20", ":S30" (the ':' may be left out; the letter in either case).
 *  Golly's normalisation applies: a torus shift is taken modulo its side
 *  (keeping its sign), a Klein shift becomes 1 (or 0 on an odd side), ":K"
 *  without '*' twists the vertical edges, ":Tn" is n×n, and ":P0,0", ":T0"
 *  and the like are the unbounded plane (INFINITE).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE
 *          (malformed, a side above 2000000000, a shift on both axes, on a
 *          plane or on an unbounded side, a twist outside K, a zero side of
 *          K, C or S, a sphere given two sides; the column in
 *          golcl_last_errmsg()). *out is unchanged on failure. */
GOLCL_API golcl_status golcl_bounds_parse(const char *text, golcl_bounds *out);

/** Writes Golly's canonical suffix, ":T30,20", ":T30+5,20", ":K30*+1,20",
 *  ":S30", or "" for INFINITE.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small, a
 *          description golcl_bounds_parse would not give). */
GOLCL_API golcl_status golcl_bounds_format(const golcl_bounds *bounds, char *buf, size_t cap);

/** Which cell of a gw×gh grid holding these bounds (gw = width and gh =
 *  height where those are not 0) the position (x, y) reads, for -1 ≤ x ≤
 *  gw and -1 ≤ y ≤ gh: itself inside the grid, else as the topology joins
 *  the edges (see golcl_bounds).
 *  @return 1 with *ox, *oy set; 0 where the position is dead (a plane, an
 *          unbounded side); -1 for a NULL argument, a position beyond that
 *          frame, or a grid size that disagrees with the bounds. */
GOLCL_API int golcl_bounds_neighbour(const golcl_bounds *bounds, uint32_t gw, uint32_t gh,
                                     int64_t x, int64_t y, uint32_t *ox, uint32_t *oy);

/** Gives the grid one of Golly's bounded grids (golcl_bounds): a bounded
 *  side must equal the grid's, an unbounded one (0) is dead beyond the
 *  grid's side, INFINITE is a dead boundary. A plane or an unshifted torus
 *  of both sides is the plain DEAD or TORUS boundary that every stepper
 *  runs; any other (shifted torus, tube, Klein bottle, cross-surface,
 *  sphere) runs on the naive and reference steppers, the others say
 *  GOLCL_E_UNSUPPORTED, and golcl_grid_boundary reads DEAD. golcl_grid_create
 *  gives the plain plane or torus of its size.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a description
 *          golcl_bounds_parse would not give); GOLCL_E_MISMATCH (a bounded
 *          side that differs from the grid's). */
GOLCL_API golcl_status golcl_grid_set_bounds(golcl_grid *grid, const golcl_bounds *bounds);
GOLCL_API golcl_status golcl_grid_bounds(const golcl_grid *grid, golcl_bounds *out);


/** Bounds that parsing untrusted text checks before it allocates. A text
 *  that exceeds one gets GOLCL_E_PARSE with line:column and the limit. */
typedef struct golcl_pattern_limits {
  uint32_t max_width;  /**< largest box width, header and rule-suffix sizes; default 1<<24 */
  uint32_t max_height; /**< the same for heights; default 1<<24 */
  uint64_t max_cells;  /**< most live cells in one pattern; default 1<<26 */
  uint64_t max_bytes;  /**< longest text or file; default 1<<30 */
} golcl_pattern_limits;

/** Room for the longest text of golcl_pattern_rule_text, NUL included
 *  (GOLCL_RULE_TEXT_CAP + GOLCL_BOUNDS_TEXT_CAP). */
#define GOLCL_PATTERN_RULE_CAP 144

/** The limits in force (process-wide). NULL out is a no-op. */
GOLCL_API void golcl_pattern_get_limits(golcl_pattern_limits *out);

/** Sets the process-wide limits of golcl_pattern_parse and
 *  golcl_pattern_read_file, which the writers keep too (they refuse a text
 *  that could not be read back); NULL restores the defaults. Set them before
 *  threads parse: each field is read atomically, not the struct as a whole.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (a field is 0). */
GOLCL_API golcl_status golcl_pattern_set_limits(const golcl_pattern_limits *limits);

/** Parses a pattern: RLE (with Golly's #CXRLE line), plaintext (.cells),
 *  Life 1.05, Life 1.06 or macrocell "[M2]" (golcl_pattern_parse_macrocell),
 *  recognised from the content. The rule of an RLE header, a "#R" line of
 *  Life 1.05 or 1.06 or of a macrocell file is any two-state rule Golly runs
 *  (golcl_rule_table_parse: B/S with V and H, Hensel, MAP, W, named rules)
 *  with any of Golly's bounded-grid suffixes (golcl_bounds_parse: ":P",
 *  ":T" with shifts and tubes, ":K", ":C", ":S"), the sides held to
 *  max_width and max_height;
 *  gzip-compressed text is inflated first (zlib; the inflated text is held
 *  to max_bytes). The text need not be NUL-terminated; a NUL byte in it is
 *  an error.
 *  @param text  len bytes of text.
 *  @param out   receives the pattern; set to NULL on failure.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL text with len > 0, or NULL
 *          out); GOLCL_E_PARSE (malformed text, or a size, run count or
 *          cell count above the limits: "line L, column C: ..." in
 *          golcl_last_errmsg(); corrupt or truncated gzip data; a macrocell
 *          whose live cells span more than the limits, with the span and
 *          the count); GOLCL_E_UNSUPPORTED (a multi-state rule family, a
 *          macrocell state above 1, a macrocell other than [M2], MCell
 *          input; the message names it); GOLCL_E_OUT_OF_MEMORY. */
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
 *  "Life 1.05", "Life 1.06", "macrocell", "none"; NULL for a bad value). */
GOLCL_API golcl_pattern_format golcl_pattern_get_format(const golcl_pattern *pattern);
GOLCL_API const char *golcl_pattern_format_name(golcl_pattern_format format);

/** The pattern's Life-like rule (B3/S23 when the file gave none).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_UNSUPPORTED
 *          (the rule is not Life-like, B/S over the 8 Moore neighbours:
 *          Hensel letters, MAP, V, H, W; see golcl_pattern_rule_table; *out
 *          unchanged). */
GOLCL_API golcl_status golcl_pattern_rule(const golcl_pattern *pattern, golcl_rule *out);

/** The pattern's rule as a table (any two-state rule; B3/S23 when the file
 *  gave none), and its setter (the bounds do not change).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; for the setter a
 *          table that golcl_rule_table_format refuses; the pattern is then
 *          unchanged). */
GOLCL_API golcl_status golcl_pattern_rule_table(const golcl_pattern *pattern,
                                                golcl_rule_table *out);
GOLCL_API golcl_status golcl_pattern_set_rule_table(golcl_pattern *pattern,
                                                    const golcl_rule_table *table);

/** The pattern's bounded grid, as Golly's rule suffix gave it (topology
 *  INFINITE for none), and its setter (the rule does not change). Put it on
 *  a grid of its size with golcl_grid_set_bounds.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; for the setter a
 *          description golcl_bounds_parse would not give; the pattern is
 *          then unchanged). */
GOLCL_API golcl_status golcl_pattern_bounds(const golcl_pattern *pattern, golcl_bounds *out);
GOLCL_API golcl_status golcl_pattern_set_bounds(golcl_pattern *pattern,
                                                const golcl_bounds *bounds);

/** The rule as text with its suffix in Golly's canonical spelling
 *  (golcl_rule_table_format, golcl_bounds_format): "B3/S23:T72,48",
 *  "B2-a/S12:K30*+1,20" (GOLCL_PATTERN_RULE_CAP bytes always suffice).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small). */
GOLCL_API golcl_status golcl_pattern_rule_text(const golcl_pattern *pattern, char *buf,
                                               size_t cap);

/** Sets rule and bounds from text as an RLE header takes it: any two-state
 *  rule (golcl_rule_table_parse) with an optional bounded-grid suffix
 *  (golcl_bounds_parse: ":T30,20", ":T30+5,20", ":T0,20", ":K30*,20",
 *  ":C30,20", ":S30", ":P30,20"; ":Tn" is n×n). Without a suffix the
 *  topology becomes infinite.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE
 *          (malformed, or a side above the limits of
 *          golcl_pattern_set_limits; the column in golcl_last_errmsg());
 *          GOLCL_E_UNSUPPORTED (a multi-state rule family; named in the
 *          message). The pattern is unchanged on failure. */
GOLCL_API golcl_status golcl_pattern_set_rule(golcl_pattern *pattern, const char *text);

/** The topology; *w and *h (either may be NULL) receive the size of a
 *  bounded one, 0 for the infinite plane and along the unbounded side of a
 *  tube or strip (":T0,20", ":P30,0"). Shifts and twists are in
 *  golcl_pattern_bounds. GOLCL_TOPOLOGY_INFINITE for NULL. */
GOLCL_API golcl_topology golcl_pattern_topology(const golcl_pattern *pattern, uint32_t *w,
                                                uint32_t *h);

/** Sets the topology without shifts (w and h are ignored for the infinite
 *  plane): KLEIN twists the vertical edges as Golly's ":Kw,h" does; other
 *  bounded grids are set with golcl_pattern_set_bounds.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL pattern, bad topology, a
 *          bounded topology with a zero side, a sphere that is not square,
 *          a side above 2000000000). */
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
 *  the grid's rule table, generation and bounds (golcl_grid_bounds: ":T" of
 *  its size for a torus, ":P" for a dead boundary, or the bounded grid that
 *  golcl_grid_set_bounds gave it) and its position in Golly's coordinates of that
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

/** Parses a macrocell text (Golly's "[M2]" quadtree of 8×8 leaves, or of
 *  level-1 nodes of four cell states 0 and 1) with "#R rule" (any rule and
 *  suffix golcl_pattern_set_rule takes), "#G
 *  generation" and "#C"/"#N"/"#O" comments (other '#' lines are Golly's
 *  viewer settings and are skipped). The pattern's box is the bounding box
 *  of the live cells, its position Golly's: a root of side 2^d has its
 *  top-left cell at (-2^(d-1), 1-2^(d-1)). Its format is
 *  GOLCL_FORMAT_MACROCELL; golcl_pattern_parse comes here for "[M2]".
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, NULL text with len >
 *          0); GOLCL_E_PARSE (malformed, or live cells spanning more than
 *          the limits: "line L, column C: ..." with the span and the number
 *          of cells); GOLCL_E_UNSUPPORTED (a state above 1, a rule that is
 *          not two-state); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_pattern_parse_macrocell(const char *text, size_t len,
                                                     golcl_pattern **out);

/** One node of a macrocell file, as golcl_macrocell_parse_nodes hands it
 *  over: an 8×8 leaf (is_leaf, level 3, cells in leaf: bit 8r+c is cell
 *  (c, r), rows growing southwards), or a node of level `level` (side
 *  2^level) whose kid[] are the ids of its north-west, north-east,
 *  south-west and south-east quadrants (nodes given before it, numbered
 *  from 1 in file order; 0 an empty quadrant). At level 1 kid[] are the
 *  states (0 or 1) of the four cells. */
typedef struct golcl_macrocell_node {
  uint32_t level;
  uint32_t kid[4];
  uint64_t leaf;
  int is_leaf;
} golcl_macrocell_node;

/** Called for each node of a macrocell in file order (the last is the
 *  root, of Golly's position: a root of side 2^d has its top-left cell at
 *  (-2^(d-1), 1-2^(d-1))); a status other than GOLCL_OK stops the walk. */
typedef golcl_status (*golcl_macrocell_node_fn)(void *user, uint32_t id,
                                                const golcl_macrocell_node *node);

/** Reads a macrocell text (gzip-compressed or not) as its quadtree, with no
 *  limit on the span of its cells: the whole text is checked first, then fn
 *  is called for every node, and *header receives a pattern of no cells
 *  with the file's rule, bounds, generation and comments. This is how a
 *  quadtree engine (golcl_universe.h) loads a metapixel pattern without a
 *  dense expansion. Host only.
 *  @return as golcl_pattern_parse_macrocell, less the limits on the span
 *          and the cells (max_bytes still holds), and any status of fn;
 *          *header is NULL on failure. */
GOLCL_API golcl_status golcl_macrocell_parse_nodes(const char *text, size_t len,
                                                   golcl_pattern **header,
                                                   golcl_macrocell_node_fn fn, void *user);

/** The same for a file (as golcl_pattern_read_file reads it).
 *  @return as golcl_macrocell_parse_nodes, and GOLCL_E_IO. */
GOLCL_API golcl_status golcl_macrocell_read_nodes(const char *path, golcl_pattern **header,
                                                  golcl_macrocell_node_fn fn, void *user);

/** A pattern of w×h box from a list of n live cells (x[i], y[i]) inside it
 *  (any order, repeats allowed), rule B3/S23, generation 0, position
 *  (0, 0) given (set it with golcl_pattern_set_origin). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, NULL x or y with n > 0,
 *          a cell outside the box, a box or count past the limits of
 *          golcl_pattern_set_limits); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_pattern_from_live_cells(const uint32_t *x, const uint32_t *y,
                                                     size_t n, uint32_t w, uint32_t h,
                                                     golcl_pattern **out);

/** Writes a pattern as macrocell: "[M2] (libgolcl VERSION)", "#R" with the
 *  rule and its bounded-grid suffix, "#G" when the generation is not 0, the
 *  comment lines, then the quadtree (8×8 leaves, equal subtrees written
 *  once, the smallest root of level 4 or more that holds the cells at their
 *  position; none for an empty pattern).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cells beyond
 *          2^61 from the origin, a pattern past the limits of
 *          golcl_pattern_set_limits, which the reader would refuse: nothing
 *          is written); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_IO. */
GOLCL_API golcl_status golcl_pattern_write_macrocell(const golcl_pattern *pattern, FILE *f);

/** Writes a pattern as plaintext: comments as "!" lines ("!Name: ", "!Author: "
 *  for #N and #O), then one line of '.' and 'O' for every row of the box.
 *  The rule, topology, position and generation are not written (plaintext
 *  has no place for them).
 *  @return as golcl_pattern_write_rle. */
GOLCL_API golcl_status golcl_pattern_write_plaintext(const golcl_pattern *pattern, FILE *f);

/** Writes a pattern to a file in the format of its extension: ".rle" for
 *  RLE, ".cells" for plaintext, ".mc" for macrocell (case-insensitive). The text goes to a new
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
