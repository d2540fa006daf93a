/* core.h — private core API: the context struct, error reporting, the program
 * cache, buffers and launches. Used by lib/life and lib/la; never installed. */
#ifndef GOLCL_CORE_H
#define GOLCL_CORE_H

#include "golcl.h"
#include "host.h"

#include <stdarg.h>
#include <stddef.h>

typedef struct golcl__program_entry {
  char *file;    /* embedded kernel file, e.g. "life/naive.cl" */
  char *options; /* full build options */
  cl_program program;
  struct golcl__kernel_entry *kernels;
  struct golcl__program_entry *next;
} golcl__program_entry;

typedef struct golcl__kernel_entry {
  char *name;
  cl_kernel kernel;
  struct golcl__kernel_entry *next;
} golcl__kernel_entry;

struct golcl_context {
  char errmsg[GOLCL__ERRMSG_CAP]; /* first: golcl__fail reaches it without OpenCL (host.h) */
  cl_context clctx;
  cl_device_id device;
  cl_command_queue queue;
  int profiling; /* queue has CL_QUEUE_PROFILING_ENABLE */
  golcl_device_info info;
  char *build_options; /* -cl-std for the device, $GOLCL_BUILD_OPTIONS, opts->build_options */
  char *cache_dir;     /* the on-disk binary cache (diskcache.c), NULL when off */
  golcl__program_entry *programs;
  golcl_context *programs_of; /* golcl_context_with_queue: the context whose programs it uses */
};
_Static_assert(offsetof(struct golcl_context, errmsg) == 0, "errmsg must come first (host.h)");

/* Errors ------------------------------------------------------------------ */

/* Maps a cl_int from `call` to a status (allocation failures → OUT_OF_MEMORY,
 * else E_OPENCL) with "call failed: CL_NAME (code)" in errmsg. CL_SUCCESS → OK. */
golcl_status golcl__cl_fail(const golcl_context *ctx, cl_int err, const char *call);

/* The symbolic name of a cl_int ("CL_INVALID_VALUE"). */
const char *golcl__cl_errname(cl_int err);

/* Options of the caller's size ----------------------------------------------- */

/* Reads `size` bytes of a caller's options struct into the library's own
 * (own_size bytes), zero beyond what the caller has. NULL opts gives all
 * zeros. GOLCL_E_INVALID_ARG if size < min_size (the struct's first
 * version), GOLCL_E_UNSUPPORTED if the caller's struct is larger and sets a
 * byte the library does not know. */
golcl_status golcl__opts_sized(const golcl_context *ctx, const void *opts, size_t size, void *own,
                               size_t own_size, size_t min_size, const char *who);

/* Device queries ------------------------------------------------------------ */

golcl_status golcl__device_info_fill(cl_device_id dev, cl_platform_id plat, unsigned pi,
                                     unsigned di, golcl_device_info *out);

/* Program cache --------------------------------------------------------------- */

/* The kernel `name` of the embedded file `file` (path below cl/, like
 * "life/naive.cl"), built with `options` (plus the context's own), from the
 * context's cache or built and cached now. The context keeps owning it.
 * GOLCL_E_BUILD puts the full build log into errmsg. */
golcl_status golcl__kernel(golcl_context *ctx, const char *file, const char *options,
                           const char *name, cl_kernel *out);

/* Builds (or finds) the program only, e.g. to prepare ahead. */
golcl_status golcl__program(golcl_context *ctx, const char *file, const char *options,
                            golcl__program_entry **out);

/* The embedded source of a kernel file with its #include lines expanded at
 * build time, or NULL. */
const char *golcl__embedded_source(const char *file);

/* On-disk binary cache (diskcache.c) ------------------------------------------- */

/* The cache folder the environment names ($XDG_CACHE_HOME/golcl, else
 * $HOME/.cache/golcl; NULL if GOLCL_CACHE=0 or neither is an absolute path),
 * malloc'd. */
char *golcl__diskcache_dir(int device_caches_itself); /* 1 for pocl: off unless GOLCL_CACHE=1 */

/* The program of `file` (its source text `src`) built for `options` from a
 * valid cache file, or NULL: no file, a file that fails any check, or a
 * binary the driver does not build. Never an error. */
cl_program golcl__diskcache_load(golcl_context *ctx, const char *file, const char *src,
                                 const char *options);

/* Writes the binary of a program just built from source to the cache
 * (atomically; failures are ignored). */
void golcl__diskcache_store(golcl_context *ctx, const char *file, const char *src,
                            const char *options, cl_program prog);

/* Buffers and launches ---------------------------------------------------------- */

/* Allocates a device buffer of `bytes` (> 0), checking the device's limit
 * first: more than max_alloc → GOLCL_E_OUT_OF_MEMORY with the figures. */
golcl_status golcl__buffer(golcl_context *ctx, size_t bytes, cl_mem_flags flags, cl_mem *out);
/* The same, holding a copy of `bytes` of host (a blocking write); on any
 * failure *out is NULL and nothing is left allocated. */
golcl_status golcl__buffer_copy(golcl_context *ctx, size_t bytes, cl_mem_flags flags,
                                const void *host, cl_mem *out);

/* Sets kernel arguments: pairs of (size, pointer) ended by GOLCL__END, written
 * with GOLCL__ARG(variable) or GOLCL__LOCAL(bytes) for local memory. */
#define GOLCL__ARG(x) sizeof(x), (const void *)&(x)
#define GOLCL__LOCAL(bytes) (size_t)(bytes), (const void *)NULL
#define GOLCL__END ((size_t)0)
golcl_status golcl__args(golcl_context *ctx, cl_kernel k, ...);

/* Enqueues a 1-, 2- or 3-D range. `local` may be NULL. */
golcl_status golcl__launch(golcl_context *ctx, cl_kernel k, cl_uint dims, const size_t *global,
                           const size_t *local);

/* Enqueues at least extent[d] work-items in each of 1 or 2 dimensions, in
 * work-groups of one fixed shape (GOLCL__COVER_W x GOLCL__COVER_H), the range
 * rounded up to it: the kernel must return for ids beyond its extent. For
 * kernels whose range follows the data (a grid, a rectangle, a lattice): a
 * NULL work-group lets the driver pick one from the range, and pocl then
 * compiles the kernel again for every new range size (and may pick groups of
 * one work-item where the size is prime). */
#define GOLCL__COVER_W 32
#define GOLCL__COVER_H 2
golcl_status golcl__launch_cover(golcl_context *ctx, cl_kernel k, cl_uint dims,
                                 const size_t *extent);

/* Fills bytes [offset, offset + bytes) of a buffer with a pattern of `psize` bytes (1, 2, 4,
 * ..., 128; offset and bytes multiples of it, as for clEnqueueFillBuffer): by
 * clEnqueueFillBuffer where the range ends at or below GOLCL__FILL_API_END, else by a kernel
 * (cl/core/fill.cl). NVIDIA's OpenCL hangs on one fill of 2^31 bytes or more (pyopencl issue
 * 395) and fails the queue on fills that reach past byte 2^31 (an H100, 2026-11-26): the clear
 * of a 65600x32832 byte grid, the local grid of a 65536² torus on two ranks, never returned. */
#define GOLCL__FILL_API_END (((size_t)1 << 31) - 4096)
golcl_status golcl__fill(golcl_context *ctx, cl_mem buf, const void *pattern, size_t psize,
                         size_t offset, size_t bytes);
/* golcl__fill with another bound for the clEnqueueFillBuffer way (the tests use 0, so that
 * the kernel does every fill, and small ones). */
golcl_status golcl__fill_with(golcl_context *ctx, cl_mem buf, const void *pattern, size_t psize,
                              size_t offset, size_t bytes, size_t api_end);

/* Kernel build options ---------------------------------------------------------
 * The one way to assemble build options: pieces are appended with a space
 * between them; a piece that does not fit sets `overflow` (and is dropped),
 * and golcl__opts_check turns that into GOLCL_E_BUILD with the text so far,
 * so that options are never truncated silently. Names of the shared options:
 * GOLCL_TORUS (0/1), GOLCL_LOCAL_W/_H (work-group shape), GOLCL_TILE_W/_H. */
#define GOLCL__OPTS_CAP 1024
typedef struct golcl__opts {
  char buf[GOLCL__OPTS_CAP];
  size_t len;
  int overflow;
} golcl__opts;

void golcl__opts_init(golcl__opts *o);
/* Appends a printf-formatted piece ("-cl-fast-relaxed-math", "-DX=%d"). */
void golcl__opts_add(golcl__opts *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends "-DNAME=value". */
void golcl__opts_define(golcl__opts *o, const char *name, long long value);
void golcl__opts_define_str(golcl__opts *o, const char *name, const char *value);
/* GOLCL_OK, or GOLCL_E_BUILD ("who: the kernel build options are longer
 * than ...") if anything was dropped. */
golcl_status golcl__opts_check(const golcl_context *ctx, const golcl__opts *o, const char *who);

#endif
