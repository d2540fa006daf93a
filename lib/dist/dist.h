/* dist.h — private to lib/dist: the distributed context, the status agreement, the block
 * decomposition and its exchange plan, and the kernels of this part. Uses only the public
 * headers and MPI. */
#ifndef GOLCL_DIST_PRIVATE_H
#define GOLCL_DIST_PRIVATE_H

#include "golcl_dist.h"

#include <stdarg.h>
#include <stdint.h>

#define DIST_MSG_CAP 1024

struct golcl_dist_context {
  MPI_Comm comm;
  int rank, size, local_rank, local_size;
  golcl_context *ctx;
  uint64_t max_object_bytes;
  char spec[32];
  char local_msg[DIST_MSG_CAP]; /* this rank's last failure */
  char msg[DIST_MSG_CAP];       /* the agreed one: "rank R: ..." */
  cl_program program[2];        /* cl/dist/grid.cl, cl/dist/exchange.cl: built on first use */
  double *sums;                 /* room for the rank-order sums of dist_la (vec.c) */
  golcl_dist_cg_stats cg_stats;
};

/* Records a local failure of this rank (printf-style) and returns s. */
golcl_status golcl__dist_fail(golcl_dist_context *d, golcl_status s, const char *fmt, ...);

/* Records the golcl_context's message when s is a failure; returns s. */
golcl_status golcl__dist_core(golcl_dist_context *d, golcl_status s, const char *what);

/* GOLCL_OK for CL_SUCCESS, else records "what: err" as GOLCL_E_OUT_OF_MEMORY (the device's or
 * the host's memory ran out) or GOLCL_E_OPENCL. */
golcl_status golcl__dist_cl_fail(golcl_dist_context *d, cl_int err, const char *what);

/* The agreement that ends every collective: every rank passes its local status and a
 * fingerprint of the global arguments; returns the first failing rank's status on every rank
 * (and its message in d->msg), or GOLCL_E_INVALID_ARG when fingerprints differ. */
golcl_status golcl__dist_agree(golcl_dist_context *d, golcl_status local, uint64_t fingerprint,
                               const char *fn);

/* Fingerprints of arguments: a running 64-bit hash. */
uint64_t golcl__dist_fp(uint64_t h, uint64_t v);
uint64_t golcl__dist_fp_bytes(uint64_t h, const void *p, size_t n);
uint64_t golcl__dist_mix64(uint64_t z);

/* Splits n items over parts as evenly as they go: part i gets [*lo, *lo + *len). */
void golcl__dist_split(uint64_t n, uint64_t parts, uint64_t i, uint64_t *lo, uint64_t *len);

/* ----------------------------------------------------------- decomposition */

typedef struct dist_block {
  int64_t x, y;    /* block origin, global cells */
  uint32_t w, h;   /* block size (0: none) */
  int64_t ox, oy;  /* local grid origin, global cells (x - frame_left) */
  uint32_t lw, lh; /* local grid size */
  uint32_t fl, fr, ft, fb;
} dist_block;

typedef struct dist_decomp {
  uint32_t W, H, px, py, k;
  golcl_boundary boundary;
  int native_torus; /* one rank on a torus: local torus grid, no frame */
} dist_decomp;

/* Chooses px×py = P for a W×H grid (the least halo traffic, blocks not empty when possible). */
void golcl__dist_choose_grid(uint32_t W, uint32_t H, golcl_boundary b, int P, uint32_t *px,
                             uint32_t *py);

/* The block and local grid of rank r. */
void golcl__dist_block(const dist_decomp *dc, int r, dist_block *out);

/* Sets *dc for a W×H grid with frames k deep, over px×py ranks (0×0: chosen; else their
 * product must be d->size), for the caller fn's messages. */
golcl_status golcl__dist_decomp_init(golcl_dist_context *d, dist_decomp *dc, uint32_t W, uint32_t H,
                                     golcl_boundary b, uint32_t k, uint32_t px, uint32_t py,
                                     const char *fn);

/* The public description of a rank's part (halo: the generations between exchanges). */
void golcl__dist_part(const dist_decomp *dc, const dist_block *blk, uint32_t halo,
                      golcl_dist_part *o);

/* One rectangle of an exchange: from the source rank's local grid at (sx, sy) to the
 * destination's at (dx, dy). */
typedef struct dist_piece {
  uint32_t sx, sy, dx, dy, w, h;
} dist_piece;

/* Calls fn for every piece that rank s sends to rank d, in the one order both sides use.
 * Returns the number of pieces (fn may be NULL). */
size_t golcl__dist_pieces(const dist_decomp *dc, int s, int d,
                          void (*fn)(void *arg, const dist_piece *p), void *arg);

/* Shifts m for which [lo + m·n, lo + m·n + len) meets [a, b): m in [*m0, *m1] (empty when
 * m1 < m0); without wrap only m = 0. */
void golcl__dist_images(int64_t lo, int64_t len, int64_t a, int64_t b, int64_t n, int wrap,
                        int64_t *m0, int64_t *m1);

/* ------------------------------------------------------------ the grid */

/* The pieces between this rank and one peer. The two-state grid's message is a bit stream
 * (cl/dist/exchange.cl): each piece w·h bits from a whole 32-bit word; the multi-state grid's
 * is bytes, one a cell, pieces back to back in the decomposition's order. */
typedef struct dist_link {
  int peer;
  size_t npieces;
  dist_piece *pieces;
  size_t words; /* of the message (bits: 32-bit words; bytes: 0) */
  size_t bytes; /* of the message */
  void *buf;    /* its place in the host buffer (NULL for the rank's own pieces) */
} dist_link;

/* The exchange plan of a rank: links to every rank it sends to or receives from, its own
 * wrapped pieces (self) and room for the requests of one exchange. */
typedef struct dist_plan {
  dist_link *send, *recv, self;
  size_t nsend, nrecv;
  MPI_Request *reqs;
} dist_plan;

/* Makes the plan of rank d->rank for dc (bits 1: two-state messages, 0: bytes); fn names the
 * caller in messages. The plan is left for golcl__dist_plan_free on failure too. */
golcl_status golcl__dist_plan_make(golcl_dist_context *d, const dist_decomp *dc, int bits,
                                   const char *fn, dist_plan *p);
void golcl__dist_plan_free(dist_plan *p);

/* The device side of the exchange: the stream of every piece in one device buffer, [send |
 * self | recv] in words (send and recv in link order), the host side [send | recv] in pinned
 * memory, and three piece tables (5 uints a piece): pack (send then self, source cells), self
 * unpack and recv unpack (destination cells), each with word offsets from its section's start. */
typedef struct dist_frame {
  cl_mem stream, pinned, tab[3];
  uint32_t *host; /* pinned, mapped */
  cl_uint ntab[3];
  size_t send_words, self_words, recv_words;
  size_t scratch_bytes; /* the largest piece in cells (RECT) */
  uint8_t *scratch;
  cl_kernel pack[2], unpack[2]; /* byte layouts, bitrow: made on first use */
  cl_event wrote;               /* the last write from the host's recv words */
  int little;                   /* the device is little-endian (bitrow's words) */
} dist_frame;

/* Device copies between the local grid and the two overlap strip grids (the frame kernels'
 * pack and unpack through a scratch stream): the local grid's side in one table (every piece,
 * words from 0), each strip grid's side in its own (its pieces, words from 0, at base[i] of
 * the stream): one launch on the local grid and one a strip grid. */
typedef struct dist_copy {
  cl_mem whole, part[2];
  cl_uint nwhole, npart[2];
  size_t base[2], words[2], total;
} dist_copy;

/* The overlapped interval's state: the strips along the block's sides with a frame, top and
 * bottom stacked in strip[0], left and right side by side in strip[1] (NULL where none), and
 * the copies of the block's border into them, of the new frame into them and of their rings
 * back. */
/* Two queues (overlap.c): a run of consecutive self or received pieces unpacked from the
 * stream into one band buffer (band coordinates, words from 0 at the stream's `base`), and a
 * copy of the frame's cells from a band buffer into a strip grid (the same pieces in both
 * tables, words from 0 at the scratch's `base`). */
typedef struct dist_band_run {
  cl_mem tab;
  cl_uint n;
  size_t words, base;
  int band;
} dist_band_run;

typedef struct dist_pair {
  cl_mem src, dst;
  cl_uint n;
  size_t words, base;
  int band, strip;
} dist_pair;

typedef struct dist_overlap {
  int state; /* 0: not decided yet, 1: on, -1: off */
  golcl_grid *strip[2];
  dist_copy in, frame, out;
  cl_mem scratch;
  golcl_rule rule; /* the strips' */
  /* the second queue (NULL ctx2: one queue): the strips live in ctx2 (the rank's device and
   * OpenCL context, its own in-order queue) and are stepped there by st2 while the block's
   * interior runs on the first; the new frame goes from the stream into the two band buffers
   * (the top and bottom frame rows stacked, lw wide; the left and right frame columns side by
   * side, the block's rows tall) and from them into the strips, all on the second queue */
  golcl_context *ctx2;
  golcl_stepper *st2;
  cl_mem band[2];
  cl_ulong bpitch[2];
  dist_band_run *runs;
  size_t nruns;
  dist_pair pairs[4];
  size_t npairs;
  int kind; /* the frame kernels' kind of the layout */
  int two;  /* 0: not tried yet, 1: two queues, -1: one */
} dist_overlap;

struct golcl_dist_grid {
  golcl_dist_context *d;
  dist_decomp dc;
  dist_block blk;
  golcl_grid *local; /* NULL when this rank holds no block */
  uint64_t generation;
  golcl_rule rule;
  dist_plan plan; /* other ranks' frames, and this rank's own wrap */
  dist_frame frame;
  golcl_dist_exchange exchange; /* golcl_dist_grid_opts */
  int profile;
  dist_overlap ov;
  int overlap;        /* golcl_dist_grid_opts.overlap */
  uint64_t intervals; /* stepped since creation (the layout is the stepper's after one) */
  double ov_mpi_s;    /* the last overlapped interval's MPI wait */
  cl_event stepped;   /* marker after the last stepper launches, until waited for */
  double stepped_s;   /* time an exchange spent waiting for it */
  golcl_dist_grid_stats stats;
};

/* The one seam to the local grid's cells on the host: rectangles in local coordinates,
 * 0/1 bytes, buf[y*stride + x], through the grid's rectangle I/O (no-ops without a local grid
 * or for an empty rectangle). */
golcl_status golcl__dist_rect_read(golcl_dist_grid *g, uint32_t x, uint32_t y, uint32_t w,
                                   uint32_t h, uint8_t *buf, size_t stride);
golcl_status golcl__dist_rect_write(golcl_dist_grid *g, uint32_t x, uint32_t y, uint32_t w,
                                    uint32_t h, const uint8_t *buf, size_t stride);

/* Fills every frame from the blocks (collective point-to-point, no agreement: a rank that
 * fails locally still sends and receives). */
golcl_status golcl__dist_exchange(golcl_dist_grid *g);

/* Enqueues the marker g->stepped after the stepper's launches; waits for it (adding the time to
 * g->stepped_s) and releases it (no-op without one). */
golcl_status golcl__dist_mark(golcl_dist_grid *g);
golcl_status golcl__dist_wait_stepped(golcl_dist_grid *g);

/* Sets up g->frame for the links of the plan (buffers, tables, the links' host words), and
 * releases it. */
golcl_status golcl__dist_frame_create(golcl_dist_grid *g);
void golcl__dist_frame_release(golcl_dist_grid *g);

/* A grid's blocks for scatter and gather: the decomposition, this rank's block and its
 * rectangle I/O (write 0 reads local cells into buf, 1 writes them). */
typedef struct dist_mover {
  golcl_dist_context *d;
  const dist_decomp *dc;
  const dist_block *blk;
  golcl_status (*io)(void *obj, int write, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                     uint8_t *buf, size_t stride);
  void *obj;
} dist_mover;

/* Gathers (to_root) or scatters every block between root's cells (W×H, row stride `stride`, 0
 * for W) and the ranks; pre is root's own earlier failure. Collective, with its agreements
 * (fn names the caller in messages). */
golcl_status golcl__dist_move_all(const dist_mover *m, int root, uint64_t max_bytes, uint8_t *cells,
                                  size_t stride, int to_root, golcl_status pre, const char *fn);

/* ------------------------------------------------------- multi-state grid */

struct golcl_dist_msgrid {
  golcl_dist_context *d;
  dist_decomp dc; /* dc.k: the frame depth in cells, gens·reach */
  dist_block blk;
  uint32_t gens; /* generations between exchanges */
  golcl_msrule rule;
  golcl_msgrid *local; /* NULL when this rank holds no block */
  uint64_t generation;
  dist_plan plan;
  cl_mem pinned; /* the host side of every message, [send | recv | self] */
  uint8_t *host;
  golcl_dist_grid_stats stats;
};

/* The exchange plan (links and pinned buffer) of a multi-state grid, its release, and the
 * exchange itself (collective point-to-point, no agreement; a rank that fails locally still
 * sends and receives). */
golcl_status golcl__dist_ms_plan(golcl_dist_msgrid *g);
void golcl__dist_ms_plan_free(golcl_dist_msgrid *g);
golcl_status golcl__dist_ms_exchange(golcl_dist_msgrid *g);

/* The frame kernels' index for a grid's layout: 0 bytes, 1 bitrow, -1 none (RECT). */
int golcl__dist_frame_kind(const golcl_dist_grid *g, const golcl_layout_info *info);

/* golcl__dist_frame_run on queue q (NULL: the context's). */
golcl_status golcl__dist_frame_run_on(golcl_dist_grid *g, cl_command_queue q, int kind, int unpack,
                                      cl_mem cells, cl_ulong pitch, cl_mem tab, cl_uint ntab,
                                      size_t nwords, cl_mem stream, size_t base);

/* Launches the pack (unpack 0) or unpack kernel of that kind over nwords words of `stream`
 * from base, for the grid cells `cells` (row pitch) and a piece table of ntab pieces. */
golcl_status golcl__dist_frame_run(golcl_dist_grid *g, int kind, int unpack, cl_mem cells,
                                   cl_ulong pitch, cl_mem tab, cl_uint ntab, size_t nwords,
                                   cl_mem stream, size_t base);

/* ----------------------------------------------------------------- overlap */

/* Decides (once, locally) whether g's intervals overlap, making the strips; returns 1 when they
 * do (a strip that cannot be made leaves the plain way). */
int golcl__dist_overlap_ready(golcl_dist_grid *g);
void golcl__dist_overlap_free(golcl_dist_grid *g);

/* One overlapped interval: the frame's pack and read, the interior's c generations on the
 * queue while MPI moves the frame, then the new frame, the strips' c generations and their
 * rings copied back; leaves the marker g->stepped after the launches. */
golcl_status golcl__dist_overlap_interval(golcl_dist_grid *g, golcl_stepper *st, uint64_t c);

/* The frame depth for a grid made without one (tune.c): from the stepper's measured cost a
 * generation on this rank's local grid (made with k = base) and the fixed cost of an
 * overlapped interval; at least base, a multiple of gpl (the generations a launch). Collective
 * (every rank calls it, whatever *s says; a local failure is put in *s). */
uint32_t golcl__dist_tune_halo(golcl_dist_context *d, golcl_dist_grid *g, golcl_stepper *st,
                               uint32_t gpl, uint32_t base, golcl_status *s);

/* ---------------------------------------------------------------- kernels */

/* The kernel `name` of cl/dist/grid.cl on this rank's device (built once per context). The
 * caller releases it. */
golcl_status golcl__dist_kernel(golcl_dist_context *d, const char *name, cl_kernel *out);

/* Launches a kernel over a 1-D or 2-D range on the context's queue (the work-group size the
 * implementation's). */
golcl_status golcl__dist_launch(golcl_dist_context *d, cl_kernel k, cl_uint dims,
                                const size_t *global);
/* The same on queue q (NULL: the context's), with the work-group size `local` (NULL: the
 * implementation's). */
golcl_status golcl__dist_launch_on(golcl_dist_context *d, cl_command_queue q, cl_kernel k,
                                   cl_uint dims, const size_t *global, const size_t *local);

/* Pinned host memory: a CL_MEM_ALLOC_HOST_PTR buffer of `bytes` mapped for reading and writing
 * (the memory device transfers go fastest from and to); *mem and *ptr NULL on failure. Released
 * (unmapped, after the queue is idle) by golcl__dist_pinned_free, which accepts NULL. */
golcl_status golcl__dist_pinned(golcl_dist_context *d, size_t bytes, cl_mem *mem, void **ptr);
void golcl__dist_pinned_free(golcl_dist_context *d, cl_mem mem, void *ptr);

/* Sets argument i of k or records the failure. */
golcl_status golcl__dist_arg(golcl_dist_context *d, cl_kernel k, cl_uint i, size_t size,
                             const void *value);

#endif
