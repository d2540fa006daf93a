/* golcl_dist.h — libgolcl over MPI: one OpenCL device a rank, Life grids decomposed into blocks
 * with ghost frames, distributed vectors, band matrices and CG. A library of its own,
 * libgolcl_dist (pkg-config golcl-dist), so that the core library keeps no MPI dependency. */
#ifndef GOLCL_DIST_H
#define GOLCL_DIST_H

#include <mpi.h>

#include "golcl.h"
#include "golcl_la.h"
#include "golcl_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Conventions of this module
 * - Every function that takes a distributed object is collective over the
 *   context's communicator: every rank calls it, in the same order, with the
 *   same global arguments (sizes, generations, seeds, positions, patterns).
 *   Arguments marked "per rank" may differ.
 * - Every collective returns the same status on every rank. After its local
 *   work each rank joins one agreement (an MPI_Allreduce): the first failing
 *   rank in rank order decides the status, and golcl_dist_errmsg gives
 *   "rank R: details" of that rank on every rank. A rank that fails locally
 *   still takes part in the communication of the operation, so no rank is
 *   left waiting. Global arguments that differ between ranks (seen through a
 *   fingerprint of them) give GOLCL_E_INVALID_ARG on every rank.
 * - Handles (the context, grids, vectors) must be valid on every rank: a NULL
 *   handle is refused locally, without communication.
 * - MPI errors follow the communicator's error handler (by default MPI aborts
 *   the job); libgolcl_dist itself never prints or exits. */

/* ---------------------------------------------------------------- context */

typedef struct golcl_dist_context golcl_dist_context;

/** Options of golcl_dist_context_create; zero-initialise. */
typedef struct golcl_dist_context_opts {
  /** Device of this rank (per rank). NULL or "" → $GOLCL_DEVICE → "gpu".
   *  "gpu": the node's GPUs are dealt out by node-local rank (rank i of the
   *  node, from an MPI_COMM_TYPE_SHARED split, takes GPU i mod count); with
   *  no GPU on the node the first device. A comma-separated list
   *  ("0:0,0:1") is dealt out the same way. Anything else ("cpu", "P:D", a
   *  name) is golcl_context_opts.device for every rank of the node. */
  const char *device;
  /** Extra OpenCL compiler options, as golcl_context_opts.build_options. */
  const char *build_options;
  /** Per rank: the most device memory (bytes) that one distributed object
   *  may take on this rank; 0 for no limit. A larger object fails with
   *  GOLCL_E_OUT_OF_MEMORY (on every rank), as if the device were full:
   *  a way to test the failure of one rank. */
  uint64_t max_object_bytes;
} golcl_dist_context_opts;

/** Creates the distributed context: duplicates comm, finds this rank's
 *  node-local rank, picks its device (see golcl_dist_context_opts.device)
 *  and creates a golcl_context on it. Collective over comm.
 *  @param comm  an intra-communicator; MPI must be initialised.
 *  @param opts  NULL for the defaults.
 *  @param out   receives the context; NULL on failure (on every rank).
 *  Collective; blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (out NULL on some rank, MPI not
 *          initialised or finalised — this one locally, without
 *          communication); GOLCL_E_NO_DEVICE; GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. Details of a failure in golcl_dist_last_errmsg(). */
GOLCL_API golcl_status golcl_dist_context_create(MPI_Comm comm, const golcl_dist_context_opts *opts,
                                                 golcl_dist_context **out);

/** Destroys the context (every distributed object made with it first).
 *  Collective (it frees the duplicated communicator). NULL is a no-op.
 *  Blocks. */
GOLCL_API void golcl_dist_context_destroy(golcl_dist_context *dctx);

/** This rank's golcl_context, for steppers and your own objects (NULL for
 *  NULL). Owned by dctx.
 *  Local, host only. */
GOLCL_API golcl_context *golcl_dist_context_local(const golcl_dist_context *dctx);

/** The duplicated communicator (MPI_COMM_NULL for NULL).
 *  Local, host only. */
GOLCL_API MPI_Comm golcl_dist_context_comm(const golcl_dist_context *dctx);

/** Rank, number of ranks, node-local rank and number of ranks on this node
 *  (-1 for NULL).
 *  Local, host only. */
GOLCL_API int golcl_dist_rank(const golcl_dist_context *dctx);
GOLCL_API int golcl_dist_size(const golcl_dist_context *dctx);
GOLCL_API int golcl_dist_local_rank(const golcl_dist_context *dctx);
GOLCL_API int golcl_dist_local_size(const golcl_dist_context *dctx);

/** The details of the last failure of a collective on this context, the
 *  same on every rank: "rank R: ..." ("" if none). Never NULL; a NULL dctx
 *  gives golcl_dist_last_errmsg(). Valid until the next call.
 *  Local, host only. */
GOLCL_API const char *golcl_dist_errmsg(const golcl_dist_context *dctx);

/** Details of the last failure in this thread of a call without a context
 *  (golcl_dist_context_create). Never NULL.
 *  Local, host only. */
GOLCL_API const char *golcl_dist_last_errmsg(void);

/** One rank's device, from golcl_dist_devices. */
typedef struct golcl_dist_device {
  int rank, local_rank;
  char host[64];          /**< MPI_Get_processor_name, truncated */
  char spec[32];          /**< the device spec this rank used ("0:1", "cpu", ...) */
  golcl_device_info info; /**< the device */
} golcl_dist_device;

/** Every rank's device, in rank order, on every rank. Collective.
 *  @param out  golcl_dist_size() entries (per rank: every rank passes its own array).
 *  @param cap  capacity of out.
 *  Collective; blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (out NULL or cap < size on some rank). */
GOLCL_API golcl_status golcl_dist_devices(golcl_dist_context *dctx, golcl_dist_device *out,
                                          size_t cap);

/* ------------------------------------------------------------- Life grids */

typedef struct golcl_dist_grid golcl_dist_grid;

/** Frame depth used when golcl_dist_grid_opts.halo is 0. */
#define GOLCL_DIST_DEFAULT_HALO 16

/** How a grid's frames travel (golcl_dist_grid_opts.exchange). Every frame
 *  message is the same bit stream (one bit a cell, each rectangle from a
 *  whole 32-bit word) either way, so ranks may differ. */
typedef enum golcl_dist_exchange {
  /** One kernel packs every piece of the frame that leaves the rank into
   *  one device buffer, one read brings it to pinned host memory, one
   *  message a neighbour, one write and one kernel unpack what arrives; the
   *  rank's own wrapped pieces (torus) never leave the device. Where the
   *  local grid's layout has no frame kernels (pack16, or bitrow on a
   *  big-endian device), that exchange takes the RECT way. */
  GOLCL_DIST_EXCHANGE_AUTO = 0,
  /** Every piece through golcl_grid_read_rect / golcl_grid_write_rect, one
   *  rectangle at a time, and packed on the host (the reference way). */
  GOLCL_DIST_EXCHANGE_RECT = 1
} golcl_dist_exchange;

/** Whether a grid's intervals overlap the exchange with the work
 *  (golcl_dist_grid_opts.overlap). Overlapped, an interval packs and reads
 *  the frame that leaves the rank, queues the stepper over the whole local
 *  grid (its interior comes out exact: cells at least k from a stale frame)
 *  and moves the frame through MPI while the device steps; then it writes
 *  the new frame and steps four strips along the block's sides with a frame
 *  (the frame, the block's k border cells and k more: 2k + frame deep) from
 *  the interval's start, and copies their border cells back. The device
 *  works through the MPI wait; the strips cost about 12k/side of a block's
 *  step more. */
typedef enum golcl_dist_overlap {
  GOLCL_DIST_OVERLAP_AUTO = 0, /**< overlap where it can (see above) */
  GOLCL_DIST_OVERLAP_OFF = 1   /**< exchange, then step (the way before overlap) */
} golcl_dist_overlap;

/** Options of golcl_dist_grid_create; zero-initialise. */
typedef struct golcl_dist_grid_opts {
  /** Process grid: px·py must equal the number of ranks; 0, 0 chooses it
   *  from the rank count and the grid's shape (least halo traffic). */
  uint32_t px, py;
  /** k: the depth of the ghost frame, and so the generations run between
   *  two exchanges; 0 → chosen: golcl_dist_halo_for(g) with g the
   *  stepper's generations per launch (see stepper), or
   *  golcl_dist_default_halo() without a stepper; with a stepper on more
   *  than one rank then tuned from measured costs: a generation of the
   *  stepper on this rank's local grid (timed on a soup, then cleared) and
   *  an overlapped interval's fixed cost (24 small launches and one
   *  agreement, timed), k = sqrt(L·N / 16t) for blocks of shorter side N,
   *  the largest over the ranks, at least the untuned k, at most N/160 (the
   *  frame's and the overlap strips' extra work within 10 %), a multiple of
   *  g (docs/distributed.md, "Defaults"). */
  uint32_t halo;
  /** Per rank, may be NULL (then on every rank): the stepper the grid will
   *  be stepped with, on golcl_dist_context_local, of the same kind and
   *  options on every rank. Only read when halo is 0, to choose k from its
   *  generations per launch: golcl_stepper_generations_per_launch on this
   *  rank's local grid (which builds the stepper's kernel now), the largest
   *  over the ranks; a stepper that cannot serve the local grid counts as 1
   *  (stepping then says why). */
  golcl_stepper *stepper;
  /** How the frames travel: GOLCL_DIST_EXCHANGE_AUTO (0) or _RECT. */
  golcl_dist_exchange exchange;
  /** Nonzero: each exchange waits for its device work phase by phase, so
   *  that golcl_dist_grid_stats splits its time into pack, read, MPI, write
   *  and unpack (an exchange then costs a few more waits). */
  int profile;
  /** Whether an interval steps the block's interior while its frame travels
   *  (GOLCL_DIST_OVERLAP_AUTO, 0) or exchanges first (_OFF). AUTO overlaps
   *  when the frame kernels serve the local grid's layout, the exchange is
   *  AUTO, profile is 0, and the block is at least 2k a side; else it is
   *  the OFF way. Either way the cells are the same; ranks may differ. */
  golcl_dist_overlap overlap;
} golcl_dist_grid_opts;

/** The k used when golcl_dist_grid_opts.halo is 0 and no stepper is given
 *  (process-wide; starts at GOLCL_DIST_DEFAULT_HALO), and its setter.
 *  golcl_dist_set_default_halo returns GOLCL_E_INVALID_ARG for 0 or above
 *  2^24.
 *  Host only. */
GOLCL_API uint32_t golcl_dist_default_halo(void);
GOLCL_API golcl_status golcl_dist_set_default_halo(uint32_t k);

/** The k chosen for a stepper that advances g generations a launch: the
 *  smallest multiple of g that is at least golcl_dist_default_halo(), so
 *  that every exchange interval is whole launches (g 0 or 1 gives the
 *  default). Capped at 2^24: then the largest multiple of g below it, or
 *  2^24 for g above it. Local, no communication.
 *  Host only. */
GOLCL_API uint32_t golcl_dist_halo_for(uint32_t gens_per_launch);

/** Where a grid lives on this rank (golcl_dist_grid_part). */
typedef struct golcl_dist_part {
  uint32_t px, py;     /**< the process grid; rank r is block (r % px, r / px) */
  uint32_t halo;       /**< k */
  uint32_t x, y, w, h; /**< this rank's block in global cells; w or h 0 for none */
  uint32_t frame_left, frame_right, frame_top, frame_bottom; /**< ghost depth each side */
  uint32_t local_w, local_h; /**< its local grid: block plus frame (0 if no block) */
} golcl_dist_part;

/** Creates a W×H grid over the ranks, all cells dead, rule B3/S23,
 *  generation 0. Rank r holds block (r % px, r / px) of a px×py
 *  decomposition (columns and rows split as evenly as they go; a rank may
 *  hold none when the grid is smaller than the process grid) plus a ghost
 *  frame of depth k in an ordinary golcl_grid with a dead boundary; at a
 *  global dead boundary the frame is 0 deep, on a torus it holds the wrapped
 *  cells. With one rank on a torus the local grid is a torus and has no
 *  frame. Collective.
 *  Collective; blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, w or h 0 or above
 *          2^31-1, a bad boundary, px·py not the rank count, a local grid
 *          above 2^31-1 a side, arguments that differ between ranks);
 *          GOLCL_E_OUT_OF_MEMORY (host, device or max_object_bytes on some
 *          rank); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_create(golcl_dist_context *dctx, uint32_t w, uint32_t h,
                                              golcl_boundary boundary,
                                              const golcl_dist_grid_opts *opts,
                                              golcl_dist_grid **out);

/** Destroys a grid (collective: it frees the exchange's requests). NULL is
 *  a no-op.
 *  Blocks. */
GOLCL_API void golcl_dist_grid_destroy(golcl_dist_grid *g);

/** Global size, boundary and generation counter (0 for NULL); local, no
 *  communication.
 *  Host only. */
GOLCL_API uint32_t golcl_dist_grid_width(const golcl_dist_grid *g);
GOLCL_API uint32_t golcl_dist_grid_height(const golcl_dist_grid *g);
GOLCL_API golcl_boundary golcl_dist_grid_boundary(const golcl_dist_grid *g);
GOLCL_API uint64_t golcl_dist_grid_generation(const golcl_dist_grid *g);

/** This rank's part (local, no communication).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_dist_grid_part(const golcl_dist_grid *g, golcl_dist_part *out);

/** This rank's local grid (block plus frame), NULL if it holds no block.
 *  Read it as you like; cells written into it are seen at the next
 *  exchange (frame cells are overwritten by it).
 *  Host only. */
GOLCL_API golcl_grid *golcl_dist_grid_local(golcl_dist_grid *g);

/** Sets the rule on every rank (see golcl_rule_parse).
 *  Collective; blocks (no device work).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL text on some rank, texts that
 *          differ); GOLCL_E_PARSE. The rule is unchanged on failure. */
GOLCL_API golcl_status golcl_dist_grid_set_rule(golcl_dist_grid *g, const char *rule);

/** The rule in canonical form (local).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small). */
GOLCL_API golcl_status golcl_dist_grid_get_rule(const golcl_dist_grid *g, char *buf, size_t cap);

/** Sets the generation counter. Collective; blocks (no device work).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (values that differ between ranks). */
GOLCL_API golcl_status golcl_dist_grid_set_generation(golcl_dist_grid *g, uint64_t generation);

/** Sets every cell dead. Collective; blocks until every rank has agreed;
 *  this rank's device writes may still be queued when it returns (later
 *  calls on its queue see them).
 *  @return GOLCL_OK; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_clear(golcl_dist_grid *g);

/** Fills the grid with the cells that golcl_grid_randomize gives one W×H
 *  grid with the same density and seed (cell (x, y) from a hash of
 *  (seed, x, y) in global coordinates), on the devices.
 *  Collective; blocks until every rank has agreed; this rank's device writes
 *  may still be queued when it returns (later calls on its queue see them).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (density outside [0, 1], values
 *          that differ); GOLCL_E_BUILD; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_randomize(golcl_dist_grid *g, double density, uint64_t seed);

/** The number of live cells of the whole grid, on every rank (exact: the
 *  per-rank counts are integers).
 *  Collective; blocks until the result is on the host.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out); GOLCL_E_BUILD;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_population(golcl_dist_grid *g, uint64_t *out);

/** The hash of the whole grid, on every rank: equal to golcl_grid_hash of
 *  one W×H grid with the same cells.
 *  Collective; blocks until the result is on the host.
 *  @return as golcl_dist_grid_population. */
GOLCL_API golcl_status golcl_dist_grid_hash(golcl_dist_grid *g, uint64_t *out);

/** Places a pattern with its box's top-left cell at global cell (x, y), as
 *  golcl_grid_place does on one grid (Or paste; clipped at a dead boundary,
 *  wrapped on a torus). Every rank passes the same pattern (each may parse
 *  its own copy of the file).
 *  Collective; blocks until every rank has agreed; this rank's device writes
 *  may still be queued when it returns (later calls on its queue see them).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL pattern, patterns or
 *          positions that differ); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_place(golcl_dist_grid *g, const golcl_pattern *pattern,
                                             int64_t x, int64_t y);

/** Replaces all cells with W×H cells held by rank root, cells[y*row_stride
 *  + x] (0 dead, anything else alive; row_stride 0 means W); other ranks
 *  pass NULL. The generation is unchanged.
 *  Collective; blocks until every rank has agreed; this rank's device writes
 *  may still be queued when it returns (later calls on its queue see them).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL cells or row_stride < W on
 *          root, a bad root); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_scatter(golcl_dist_grid *g, int root, const uint8_t *cells,
                                               size_t row_stride);

/** Copies all W×H cells to rank root as 0/1 bytes, cells[y*row_stride + x]
 *  (row_stride 0 means W); other ranks pass NULL. Refused when W·H exceeds
 *  max_bytes, so that a huge grid is not gathered by mistake.
 *  Collective; blocks until the result is on the host.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL cells or row_stride < W on
 *          root, a bad root); GOLCL_E_UNSUPPORTED (W·H above max_bytes: the
 *          size and the limit in the message); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_grid_gather(golcl_dist_grid *g, int root, uint64_t max_bytes,
                                              uint8_t *cells, size_t row_stride);

/** Gathers the grid to root and makes there what golcl_grid_extract makes
 *  of one W×H grid: the bounding box of the live cells with rule, topology,
 *  generation and Golly position. *out is set on root only (NULL elsewhere
 *  and on failure).
 *  Collective; blocks until the result is on the host.
 *  @return as golcl_dist_grid_gather (out NULL on root is INVALID_ARG). */
GOLCL_API golcl_status golcl_dist_grid_extract(golcl_dist_grid *g, int root, uint64_t max_bytes,
                                               golcl_pattern **out);

/** Advances the grid by some generations with a stepper (per rank: each rank
 *  passes its own stepper, made on its golcl_dist_context_local, of the
 *  same kind everywhere). Every k generations the ranks exchange their ghost
 *  frames (edges and corners, through the host) and each runs up to k
 *  generations on its local grid; the cells of a block stay exact because
 *  errors from the frame's edge travel one cell a generation.
 *  Collective; blocks until this rank's launches are done. Within the
 *  step an interval's launches are not waited for on their own: the
 *  interval's agreement runs while they execute and the next exchange
 *  queues its pack kernel behind them (see golcl_dist_grid_opts.exchange).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL stepper, generations or kinds
 *          that differ); GOLCL_E_MISMATCH (stepper of another context);
 *          GOLCL_E_UNSUPPORTED; GOLCL_E_BUILD; GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. On failure the generation counter holds the last
 *          exchange interval that completed on every rank and the cells are
 *          undefined until they are set again (clear, randomize, scatter). */
GOLCL_API golcl_status golcl_dist_grid_step(golcl_dist_grid *g, golcl_stepper *stepper,
                                            uint64_t generations);

/** Counters of this rank since the grid was made (or reset), for the cost
 *  of the exchange. Times are wall seconds (MPI_Wtime). */
typedef struct golcl_dist_grid_stats {
  uint64_t generations;  /**< generations stepped */
  uint64_t exchanges;    /**< frame exchanges */
  uint64_t bytes_sent;   /**< message bytes sent to other ranks (one bit a cell) */
  uint64_t bytes_copied; /**< stream bytes of the rank's own wrapped pieces (torus) */
  uint64_t cells_local;  /**< local grid cells stepped a generation, frame included */
  uint64_t cells_owned;  /**< block cells stepped a generation */
  double exchange_s;     /**< reading, sending, receiving and writing frames */
  double compute_s;      /**< running the stepper to completion (enqueueing it, and waiting
                              for its launches, which the next exchange does after queueing its
                              pack kernel) */
  double wait_s;         /**< in the agreement after each interval (load imbalance) */
  /* exchange_s split (golcl_dist_grid_opts.profile for device work by phase; without it the
   * device's work is counted where the host waits for it: the pack kernel in read_s, write
   * and unpack in compute_s) */
  double pack_s;       /**< the pack kernel (RECT: packing bits on the host) */
  double read_s;       /**< reading the packed frame to the host (RECT: the rectangle reads) */
  double mpi_s;        /**< posting the messages and waiting for the neighbours' */
  double write_s;      /**< writing what arrived to the device (RECT: the rectangle writes) */
  double unpack_s;     /**< the unpack kernels (the rank's own pieces and the received ones) */
  uint64_t bytes_host; /**< bytes read from and written to the device by the exchange */
  uint64_t overlapped; /**< intervals whose exchange overlapped the interior (overlap AUTO) */
} golcl_dist_grid_stats;

/** Reads (local) or resets (reset != 0, local) the counters.
 *  Local, host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL g, or NULL out without reset). */
GOLCL_API golcl_status golcl_dist_grid_stats_get(golcl_dist_grid *g, golcl_dist_grid_stats *out,
                                                 int reset);

/* -------------------------------------------------- multi-state byte grids */

typedef struct golcl_dist_msgrid golcl_dist_msgrid;

/** Options of golcl_dist_msgrid_create; zero-initialise. */
typedef struct golcl_dist_msgrid_opts {
  /** Process grid, as golcl_dist_grid_opts (0, 0: chosen). */
  uint32_t px, py;
  /** Generations between two exchanges; the ghost frame is halo·R cells
   *  deep, R the rule's reach (its range for Larger than Life, 1 for every
   *  other family). 0 → golcl_dist_ms_halo_for(R). */
  uint32_t halo;
} golcl_dist_msgrid_opts;

/** The generations between exchanges chosen for a rule of reach R when
 *  golcl_dist_msgrid_opts.halo is 0: golcl_dist_default_halo() / R, at
 *  least 1 (so that the frame stays about default_halo cells deep). */
GOLCL_API uint32_t golcl_dist_ms_halo_for(uint32_t reach);

/** Creates a W×H multi-state grid (golcl_rules.h: Generations, Larger than
 *  Life, RuleLoader tables and trees, JvN) over the ranks, all cells 0,
 *  generation 0, under `rule` (from golcl_msrule_parse, _load or a
 *  pattern; the grid's for its life, since its reach sets the frame). Rank r holds block
 *  (r % px, r / px) plus a frame of halo·R cells in a golcl_msgrid with a
 *  dead boundary, filled from the neighbours' blocks (the wrapped ones on a
 *  torus) before every interval of halo generations; one rank on a torus
 *  holds a torus grid and no frame. The cells equal golcl_ms_reference_run
 *  of one W×H grid at every generation. Only the dead boundary and the
 *  torus (Golly's other bounded grids are not distributed).
 *  Collective; blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL rule or out, w or h 0 or
 *          above 2^31-1, a bad boundary, px·py not the rank count, a frame
 *          above 2^24 cells, arguments that differ between ranks);
 *          a rule golcl_msrule_format refuses);
 *          GOLCL_E_OUT_OF_MEMORY (also max_object_bytes); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_msgrid_create(golcl_dist_context *dctx, uint32_t w, uint32_t h,
                                                golcl_boundary boundary, const golcl_msrule *rule,
                                                const golcl_dist_msgrid_opts *opts,
                                                golcl_dist_msgrid **out);

/** Destroys the grid. NULL is a no-op. Local; waits for its device work. */
GOLCL_API void golcl_dist_msgrid_destroy(golcl_dist_msgrid *g);

/** Global size, boundary, generation (0 for NULL) and the rule (local).
 *  golcl_dist_msgrid_msrule: GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument).
 *  Host only. */
GOLCL_API uint32_t golcl_dist_msgrid_width(const golcl_dist_msgrid *g);
GOLCL_API uint32_t golcl_dist_msgrid_height(const golcl_dist_msgrid *g);
GOLCL_API golcl_boundary golcl_dist_msgrid_boundary(const golcl_dist_msgrid *g);
GOLCL_API uint64_t golcl_dist_msgrid_generation(const golcl_dist_msgrid *g);
GOLCL_API golcl_status golcl_dist_msgrid_msrule(const golcl_dist_msgrid *g, golcl_msrule *out);

/** This rank's part: as golcl_dist_grid_part, halo being the generations
 *  between exchanges and the frame depths in cells (halo·R).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). Host only. */
GOLCL_API golcl_status golcl_dist_msgrid_part(const golcl_dist_msgrid *g, golcl_dist_part *out);

/** This rank's local grid (block plus frame), NULL if it holds no block.
 *  Cells written into it are seen at the next exchange. Host only. */
GOLCL_API golcl_msgrid *golcl_dist_msgrid_local(golcl_dist_msgrid *g);

/** Sets the generation counter. Collective.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (values that differ). */
GOLCL_API golcl_status golcl_dist_msgrid_set_generation(golcl_dist_msgrid *g, uint64_t generation);

/** Sets every cell to 0. Collective.
 *  @return GOLCL_OK; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_msgrid_clear(golcl_dist_msgrid *g);

/** The cells golcl_msgrid_randomize gives one W×H grid with the same
 *  states, density and seed (in global coordinates), on the devices.
 *  Collective.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (states outside 2..256, density
 *          outside [0, 1], values that differ); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_msgrid_randomize(golcl_dist_msgrid *g, unsigned states,
                                                   double density, uint64_t seed);

/** Places a pattern's box with its cell (0, 0) at global cell (x, y),
 *  writing every cell of the box (its 0s too) that falls inside the grid,
 *  as golcl_msgrid_place. Every rank passes the same pattern. Collective.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL pattern, patterns or
 *          positions that differ); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_msgrid_place(golcl_dist_msgrid *g, const golcl_mspattern *pattern,
                                               int64_t x, int64_t y);

/** Replaces all cells with W×H states held by rank root (row_stride 0
 *  means W; NULL elsewhere). Collective.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL cells or row_stride < W on
 *          root, a bad root); GOLCL_E_UNSUPPORTED (a block above 2^31-1
 *          bytes); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_msgrid_scatter(golcl_dist_msgrid *g, int root,
                                                 const uint8_t *cells, size_t row_stride);

/** Copies all W×H states to rank root (NULL elsewhere); refused above
 *  max_bytes cells. Collective.
 *  @return as golcl_dist_grid_gather. */
GOLCL_API golcl_status golcl_dist_msgrid_gather(golcl_dist_msgrid *g, int root, uint64_t max_bytes,
                                                uint8_t *cells, size_t row_stride);

/** Cells per state and the hash of the whole grid, on every rank: equal to
 *  golcl_msgrid_census and golcl_msgrid_hash of one W×H grid with the same
 *  cells (each rank reads its block to the host in slices). Collective.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_msgrid_census(golcl_dist_msgrid *g, uint64_t counts[256]);
GOLCL_API golcl_status golcl_dist_msgrid_hash(golcl_dist_msgrid *g, uint64_t *out);

/** Advances the grid: every halo generations the ranks exchange their
 *  frames (bytes, through pinned host memory) and each steps its local
 *  grid (golcl_msgrid_step). Collective; blocks until this rank's launches
 *  are done.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (generations that differ);
 *          GOLCL_E_BUILD; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. On failure
 *          the generation counter holds the last interval completed on every
 *          rank and the cells are undefined until set again. */
GOLCL_API golcl_status golcl_dist_msgrid_step(golcl_dist_msgrid *g, uint64_t generations);

/** This rank's counters (golcl_dist_grid_stats: generations, exchanges,
 *  bytes_sent (a byte a cell), bytes_copied, cells_local, cells_owned,
 *  exchange_s, compute_s, wait_s, read_s, mpi_s, write_s, bytes_host), read
 *  and/or reset (reset != 0). Local, host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL g, or NULL out without reset). */
GOLCL_API golcl_status golcl_dist_msgrid_stats_get(golcl_dist_msgrid *g, golcl_dist_grid_stats *out,
                                                   int reset);

/* ---------------------------------------------------- distributed vectors */

typedef struct golcl_dist_vec golcl_dist_vec;

/** Creates a vector of n elements whose rows are split over the ranks as
 *  evenly as they go (rank r holds a contiguous range; a rank may hold none
 *  when n < ranks), all zero. Collective.
 *  Collective; blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, n 0, a bad dtype,
 *          values that differ); GOLCL_E_UNSUPPORTED (f64 without fp64 on
 *          some rank); GOLCL_E_OUT_OF_MEMORY (also max_object_bytes);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_vec_create(golcl_dist_context *dctx, size_t n, golcl_dtype dtype,
                                             golcl_dist_vec **out);

/** Destroys a vector. NULL is a no-op (local).
 *  Does not block. */
GOLCL_API void golcl_dist_vec_destroy(golcl_dist_vec *v);

/** Global length; this rank's rows [*lo, *lo + *count) (local).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API size_t golcl_dist_vec_size(const golcl_dist_vec *v);
GOLCL_API golcl_status golcl_dist_vec_range(const golcl_dist_vec *v, size_t *lo, size_t *count);

/** This rank's rows as a golcl_vec (NULL when it holds none).
 *  Host only. */
GOLCL_API golcl_vec *golcl_dist_vec_local(golcl_dist_vec *v);

/** Writes this rank's rows from src (per rank: count elements of the
 *  dtype; NULL allowed when count is 0).
 *  Collective; blocks until every rank has agreed; this rank's device writes
 *  may still be queued when it returns (later calls on its queue see them).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL src with rows); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_vec_write_local(golcl_dist_vec *v, const void *src);

/** Copies all n elements to rank root (dst of n elements there, NULL
 *  elsewhere).
 *  Collective; blocks until the result is on the host.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (bad root, NULL dst on root);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_vec_gather(golcl_dist_vec *v, int root, void *dst);

/** The dot product on every rank: each rank's partial (golcl_vec_dot on the
 *  device), gathered and summed in rank order, so that the same ranks give
 *  the same bits, run after run.
 *  Collective; blocks until the result is on the host.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out); GOLCL_E_MISMATCH
 *          (other context, length or dtype); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_vec_dot(golcl_dist_vec *x, golcl_dist_vec *y, double *out);

/* ---------------------------------------------- distributed band matrices */

typedef struct golcl_dist_bandmat golcl_dist_bandmat;

/** An n×n band matrix (any distinct offsets, |offset| < n) whose rows are
 *  split as golcl_dist_vec's: each rank stores its rows and the columns
 *  they reach, within a halo of the largest |offset| on each side. Products
 *  exchange only that halo. All entries start at zero. Collective.
 *  Collective; blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL offsets or out, n or ndiag
 *          0, repeated or too large offsets, values that differ);
 *          GOLCL_E_UNSUPPORTED; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_bandmat_create(golcl_dist_context *dctx, size_t n, size_t ndiag,
                                                 const ptrdiff_t *offsets, golcl_dtype dtype,
                                                 golcl_dist_bandmat **out);

/** Destroys a distributed band matrix. NULL is a no-op (local).
 *  Waits for writes to the matrix that are still queued; otherwise does not
 *  block. */
GOLCL_API void golcl_dist_bandmat_destroy(golcl_dist_bandmat *A);

/** Sets one diagonal on this rank's rows: values[i] = A[lo+i][lo+i+offset]
 *  for i < count (per rank; entries whose column is outside 0..n-1 are
 *  ignored).
 *  Collective; blocks until every rank has agreed; this rank's device writes
 *  may still be queued when it returns (later calls on its queue see them).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (an offset not in the matrix, NULL
 *          values with rows); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_bandmat_set_diag(golcl_dist_bandmat *A, ptrdiff_t offset,
                                                   const void *values);

/** out = A·x + y (y may be NULL or out; x may not be out), exchanging the
 *  halo of x.
 *  Collective; blocks for the exchange of the rows other ranks need (read
 *  from the device); the product itself is enqueued.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_MISMATCH; GOLCL_E_BUILD;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_bandmat_mv(golcl_dist_bandmat *A, golcl_dist_vec *x,
                                             golcl_dist_vec *y, golcl_dist_vec *out);

/** The 5-point stencil matrix of golcl_fd_stencil5 (unknown (ix, iy) at row
 *  iy·nx + ix) in distributed form, each rank building its own rows.
 *  Collective; blocks.
 *  @return as golcl_dist_bandmat_create. */
GOLCL_API golcl_status golcl_dist_fd_stencil5(golcl_dist_context *dctx, size_t nx, size_t ny,
                                              double center, double neighbour, golcl_dtype dtype,
                                              golcl_dist_bandmat **out);

/** The Crank–Nicolson wave matrices of golcl_fd_wave_cn in distributed form:
 *  A = stencil5(1+4α, −α), M = stencil5(2−4α, α).
 *  Collective; blocks.
 *  @return as golcl_dist_fd_stencil5; GOLCL_E_INVALID_ARG for a bad alpha. */
GOLCL_API golcl_status golcl_dist_fd_wave_cn(golcl_dist_context *dctx, size_t nx, size_t ny,
                                             double alpha, golcl_dtype dtype,
                                             golcl_dist_bandmat **A, golcl_dist_bandmat **M);

/** golcl_cg_opts.method for golcl_dist_cg_solve: the single reduction
 *  (GOLCL_CG_SINGLE_REDUCTION) on more than one rank with the NONE or
 *  JACOBI preconditioner (one round an iteration instead of two: faster in
 *  every distributed solve measured, docs/benchmarks.md), else
 *  GOLCL_CG_STANDARD. Not a value of golcl_la.h's enum (whose zero stays the
 *  standard iteration); golcl_cg_solve refuses it. */
#define GOLCL_DIST_CG_AUTO ((golcl_cg_method)2)

/** Solves A·x = b by CG (plain or Jacobi): the solver of golcl_la.h
 *  (golcl_cg_run, its stopping rule, restarts, scaling, report and history)
 *  run on every rank over its rows plus the matrix's halo, through the
 *  solver's hooks: before each product the halo travels through the host;
 *  every dot product's per-rank partial sums are gathered and added in rank
 *  order (the same bits for the same rank count, every run), so that every
 *  rank's kernels take the same decisions. With one rank it is the plain
 *  (fused) single-device solve. The ranks' devices must compute alike (the
 *  same model and driver): decisions are made on the devices from the same
 *  sums, and devices that round differently could decide differently (then
 *  GOLCL_E_UNSUPPORTED on every rank, never a hang).
 *  @param opts  as golcl_cg_solve, and method GOLCL_DIST_CG_AUTO; max_iter 0
 *               means n (the global order);
 *               history is per rank (each rank gets the same entries).
 *  @param x  in: the guess; out: the solution (written only on GOLCL_OK).
 *  Collective; blocks.
 *  @return GOLCL_OK (see report->converged and report->stop);
 *          GOLCL_E_INVALID_ARG (NULL argument, b == x, bad tolerances or
 *          precond, JACOBI without a main diagonal, history_cap > 0 with a
 *          NULL history on some rank, values that differ);
 *          GOLCL_E_MISMATCH; GOLCL_E_UNSUPPORTED (the ranks' devices decided
 *          differently); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_dist_cg_solve(golcl_dist_bandmat *A, golcl_dist_vec *b,
                                           golcl_dist_vec *x, const golcl_cg_opts *opts,
                                           golcl_cg_report *report);

/** Where this rank's distributed CG solves spent their time (wall seconds,
 *  MPI_Wtime), summed over the solves since the context was made or reset.
 *  An iteration on P > 1 ranks is its kernels, which the host waits for in
 *  the blocking reads (device_s), plus the rounds, halo messages and writes;
 *  with one rank only solves, iterations and solve_s count. */
typedef struct golcl_dist_cg_stats {
  uint64_t solves, iterations;
  uint64_t rounds;    /**< Allgathers of the hooks (status, sums, max) */
  uint64_t exchanges; /**< halo exchanges (one a product) */
  double solve_s;     /**< in golcl_dist_cg_solve */
  double device_s;    /**< blocking reads of partial sums and halo rows: the queued kernels
                           finish there, so this is mostly the device's compute */
  double round_s;     /**< in the rounds (includes waiting for the slowest rank) */
  double halo_s;      /**< halo messages: posting, sending, waiting */
  double write_s;     /**< enqueueing the writes of sums and halo rows */
} golcl_dist_cg_stats;

/** Reads (out not NULL) and/or resets (reset != 0) this rank's CG counters.
 *  Local, host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL dctx, or NULL out without
 *          reset). */
GOLCL_API golcl_status golcl_dist_cg_stats_get(golcl_dist_context *dctx, golcl_dist_cg_stats *out,
                                               int reset);

#ifdef __cplusplus
}
#endif
#endif /* GOLCL_DIST_H */
