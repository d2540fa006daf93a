/* golcl_universe.h — libgolcl's unbounded plane: a pattern in an endless
 * plane, run by HashLife (canonical quadtree nodes, jumps of 2^k
 * generations), by sparse 64×64 tiles on the device or by 64×64 tiles on
 * the host that step only what changed; its cost follows the live area,
 * not a bounding box. Two-state cells, or multi-state cells (Generations,
 * RuleLoader, JvN, Larger than Life: the end of this header) on HashLife
 * and tiles of states, on the host or the device. Part of libgolcl
 * (link -lgolcl). */
#ifndef GOLCL_UNIVERSE_H
#define GOLCL_UNIVERSE_H

#include "golcl.h"
#include "golcl_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct golcl_universe golcl_universe;

/** How a universe runs its generations. */
typedef enum golcl_universe_algo {
  GOLCL_UNIVERSE_AUTO = 0,     /**< HashLife; a run of fewer than 2048 generations of at
                                    most 2^16 cells on the host tiles (HashLife taking over
                                    after 256 where the cells grew sixteenfold past 2^14);
                                    for a run of 2048 to 2^17 generations of at
                                    most 2^14 cells, HashLife probes the first 1024 and,
                                    where it finds chaos (many results a live cell, growing
                                    with the jump in 1024 more), tiles run the chaotic
                                    stretches (HashLife probing again between them, and
                                    taking the settled rest): the sparse tiles on a GPU
                                    context, the host tiles (HOST_TILES) elsewhere, where
                                    they were measured faster (docs/universe.md,
                                    "Choosing"); each of these two runs of a small
                                    pattern races HashLife alone on a copy, on another
                                    thread, and the first to finish gives the cells (the
                                    chaotic stretches on two processors or more, the short
                                    run of more than 128 cells on three or more: "The
                                    race"; GOLCL_THREADS=1: no race); a soup
                                    (over 2^14 cells filling 1/8 of their box, leaves
                                    mostly unique) on the tiles from the start;
                                    on a GPU context, for a run of 256 generations or more of
                                    a tree of 1024 nodes or more (wide: a metapixel pattern, a
                                    large soup), HASHLIFE_DEVICE. Multi-state cells:
                                    HashLife, except a soup: on a GPU context SPARSE from
                                    the start, as a two-state soup; elsewhere HashLife
                                    probes first (two jumps of 128 generations for a run
                                    under 2048, else of 512) and HOST_TILES run what stays
                                    chaotic. Larger than Life: HOST_TILES (a soup of range
                                    64 at most on a GPU context: SPARSE) */
  GOLCL_UNIVERSE_HASHLIFE = 1, /**< HashLife on the host (exact for every rule without B0,
                                    and for B0 rules with S8 as Golly runs them) */
  GOLCL_UNIVERSE_SPARSE = 2,   /**< 64×64 tiles in a hash table on the context's device;
                                    multi-state cells: 64×64 tiles of states on the device,
                                    those within reach of a change of the last round of k
                                    generations stepped side by side in a golcl_msgrid (the
                                    rules room's kernels: every rule the universe takes),
                                    still and period-2 tiles skipped (docs/universe.md) */
  GOLCL_UNIVERSE_HASHLIFE_DEVICE = 3, /**< HashLife with its node table and level batches on
                                          the context's device (docs/universe.md); the same
                                          rules and cells as HASHLIFE */
  GOLCL_UNIVERSE_HOST_TILES = 4 /**< 64×64 tiles on the host, stepping only the 4-row
                                     bricks next to a change of the last two generations
                                     (Golly's QuickLife idea on bit-parallel words; still
                                     lifes and period-2 oscillators cost nothing); no
                                     context needed. Outer-totalistic rules only (B3/S23,
                                     B36/S23, ...; B0 with S8 as HASHLIFE runs it):
                                     golcl_universe_run gives GOLCL_E_UNSUPPORTED for
                                     others. Multi-state cells: 64×64 tiles of states,
                                     stepping only the rows within the rule's reach of a
                                     change of the last two generations, through
                                     golcl_msrule_step_block (every rule the universe
                                     takes); Larger than Life: one box of cells that
                                     follows the live ones, stepped through the same block
                                     step (Golly's way; every range) */
} golcl_universe_algo;

/** Options of golcl_universe_create; zero is the default of every field. */
typedef struct golcl_universe_opts {
  golcl_universe_algo algo;
  /** Bytes the HashLife node store may hold (nodes and hash buckets, 32 + 4
   *  a node); 0 means 1 GiB. When a step would need more, the store is
   *  collected (nodes not reachable from the pattern are dropped, and the
   *  memoised results) and the step is tried again, then in halves; if a
   *  single generation does not fit, the run stops with
   *  GOLCL_E_OUT_OF_MEMORY, the cells as they were. Like Golly's -M.
   *  AUTO's race (two processors or more: HashLife alone beside AUTO's
   *  run, docs/universe.md) holds a second store of at most a quarter of
   *  this bound while it runs, dropped when it ends.
   *  HASHLIFE_DEVICE: also the bound of the device's table (77 bytes a
   *  node with its buckets and lists, in a power of two of nodes); it
   *  starts small and grows by 4, and when full at the bound it is
   *  collected through the host (the same rules follow). */
  uint64_t max_memory;
} golcl_universe_opts;

/** What a universe holds and has done (golcl_universe_get_stats). */
typedef struct golcl_universe_stats {
  golcl_universe_algo algo;  /**< the algorithm of the last run (AUTO before any; HASHLIFE
                                  where AUTO's race went to HashLife alone) */
  uint64_t nodes;            /**< HashLife nodes in the store now */
  uint64_t node_bytes;       /**< host bytes they take (with the buckets); never above
                                  max_node_bytes */
  uint64_t max_node_bytes;   /**< the bound of the store (max_memory, or 1 GiB) */
  uint64_t collections;      /**< times the store was collected */
  uint64_t results_computed; /**< HashLife results computed (memo misses) */
  uint64_t tiles;            /**< tiles alive after the last tile run: the device's sparse
                                  tiles, or the host tiles (HOST_TILES) */
  uint64_t device_bytes;     /**< device bytes the sparse engine holds */
  uint64_t host_tile_bytes;  /**< host bytes the host tile engine holds */
} golcl_universe_stats;

/** Makes an empty universe running B3/S23 at generation 0. ctx (may be
 *  NULL) is the device of the sparse algorithm; HashLife needs none.
 *  opts may be NULL (defaults); opts_size is sizeof the caller's
 *  golcl_universe_opts (golcl_universe_create passes it). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, a bad enum, max_memory
 *          below 128 KiB, opts_size smaller than the first version);
 *          GOLCL_E_UNSUPPORTED (SPARSE without a context; options of a newer
 *          libgolcl); GOLCL_E_OUT_OF_MEMORY. *out is NULL on failure. */
GOLCL_API golcl_status golcl_universe_create_sized(golcl_context *ctx,
                                                   const golcl_universe_opts *opts,
                                                   size_t opts_size, golcl_universe **out);

/** golcl_universe_create_sized with this header's size of the options. */
#ifndef GOLCL_BUILDING
static inline golcl_status golcl_universe_create(golcl_context *ctx,
                                                 const golcl_universe_opts *opts,
                                                 golcl_universe **out) {
  return golcl_universe_create_sized(ctx, opts, sizeof(golcl_universe_opts), out);
}
#else
GOLCL_API golcl_status golcl_universe_create(golcl_context *ctx, const golcl_universe_opts *opts,
                                             golcl_universe **out);
#endif

/** Gives the universe the device of ctx (NULL: none) between runs, so that
 *  a program can start on the host engines at once and hand the device
 *  over once it has opened it (golcl run opens it beside the run). The
 *  engines that held the old context's memory are freed; the cells are
 *  kept. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL universe); GOLCL_E_UNSUPPORTED
 *          (NULL ctx for a universe created for SPARSE or HASHLIFE_DEVICE). */
GOLCL_API golcl_status golcl_universe_set_context(golcl_universe *u, golcl_context *ctx);

/** Destroys a universe; NULL is a no-op. */
GOLCL_API void golcl_universe_destroy(golcl_universe *u);

/** Sets the rule: any two-state rule golcl_rule_table_parse takes, without a
 *  bounded-grid suffix (a universe is the infinite plane); else any text
 *  golcl_msrule_parse takes, as golcl_universe_set_msrule. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; a multi-state rule
 *          with fewer states than the cells use); GOLCL_E_PARSE (neither
 *          parser takes it: the two-state parser's message);
 *          GOLCL_E_UNSUPPORTED (a suffix; a multi-state family the universe
 *          refuses; a name no rule folder holds; a two-state rule while
 *          cells are in states above 1; a B0 rule without S8, which Golly
 *          runs by alternating two tables: not yet in the universe, golcl
 *          run steps it on a growing grid). Unchanged on failure. */
GOLCL_API golcl_status golcl_universe_set_rule(golcl_universe *u, const char *rule);

/** The rule as Golly writes it (GOLCL_RULE_TEXT_CAP bytes suffice for a
 *  two-state rule, GOLCL_MSRULE_TEXT_CAP for a multi-state one).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small). */
GOLCL_API golcl_status golcl_universe_get_rule(const golcl_universe *u, char *buf, size_t cap);

/** Clears the universe and loads a pattern at its position
 *  (golcl_pattern_origin), with its rule, generation and comment lines
 *  (kept for golcl_universe_extract and the writers). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_UNSUPPORTED (a bounded grid, or a rule set_rule refuses);
 *          GOLCL_E_OUT_OF_MEMORY. The universe is unchanged on failure. */
GOLCL_API golcl_status golcl_universe_load(golcl_universe *u, const golcl_pattern *pattern);

/** Clears the universe and loads a pattern file: a macrocell file (gzip or
 *  not) goes straight into HashLife nodes, whatever the span of its cells
 *  (golcl_macrocell_read_nodes; Golly's multi-state macrocell, "1 a b c d"
 *  nodes, read here line by line); any other format through
 *  golcl_pattern_read_file, and where that finds a multi-state rule (or an
 *  MCell file) through golcl_mspattern_read_file and
 *  golcl_universe_load_ms; an RLE past the pattern limits, of any rule,
 *  straight into the tree's leaves. Host only.
 *  @return as golcl_universe_load, and those of the readers (GOLCL_E_IO,
 *          GOLCL_E_PARSE with line:column). */
GOLCL_API golcl_status golcl_universe_read_file(golcl_universe *u, const char *path);

/** Advances `generations` generations (any count up to 2^64-1). HashLife
 *  jumps in powers of two (the binary digits of the count, at most 2^58 a
 *  jump), so a run of 2^20 generations costs what the pattern's structure
 *  costs, not a million steps; SPARSE steps its tiles on the device,
 *  HOST_TILES on the host. Multi-state cells run on HashLife or on
 *  the tiles of states (AUTO, HASHLIFE, HOST_TILES or SPARSE; Larger than
 *  Life of range 2 and more on the tiles only: AUTO, HOST_TILES or
 *  SPARSE). Blocking.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL); GOLCL_E_OUT_OF_MEMORY (see
 *          max_memory; the universe stops at the last generation it
 *          completed, which golcl_universe_generation tells);
 *          GOLCL_E_UNSUPPORTED (cells that reach 2^61 from the origin;
 *          HOST_TILES with a two-state rule that is not outer totalistic,
 *          or HASHLIFE_DEVICE with multi-state cells, HASHLIFE with
 *          Larger than Life of range 2 and more: the universe unchanged);
 *          GOLCL_E_OPENCL, GOLCL_E_BUILD (SPARSE, HASHLIFE_DEVICE). */
GOLCL_API golcl_status golcl_universe_run(golcl_universe *u, uint64_t generations);

/** The generation, and its setter (for a pattern's "#G"). */
GOLCL_API uint64_t golcl_universe_generation(const golcl_universe *u);
GOLCL_API golcl_status golcl_universe_set_generation(golcl_universe *u, uint64_t generation);

/** Live cells (saturating at UINT64_MAX). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_population(golcl_universe *u, uint64_t *out);

/** The bounding box of the live cells: top-left (x, y) and size; w = h = 0
 *  and x = y = 0 when there are none. Cost follows the quadtree, not the
 *  box. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_bounding_box(golcl_universe *u, int64_t *x, int64_t *y,
                                                   uint64_t *w, uint64_t *h);

/** A hash of the live cells and their positions: equal universes (the same
 *  cells at the same places, whatever their history, algorithm or memory)
 *  hash equal. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_hash(golcl_universe *u, uint64_t *out);

/** Reads the w×h rectangle at (x, y) as 0/1 bytes, cells[r*row_stride + c]
 *  (row_stride 0 means w), and writes one (every cell of the rectangle
 *  takes the byte's value: nonzero is alive). Multi-state cells: the bytes
 *  are states. Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument with w·h > 0,
 *          row_stride < w, a rectangle past 2^61 from the origin; a state
 *          at or beyond the rule's number of states, nothing written);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_read_rect(golcl_universe *u, int64_t x, int64_t y, uint32_t w,
                                                uint32_t h, uint8_t *cells, size_t row_stride);
GOLCL_API golcl_status golcl_universe_write_rect(golcl_universe *u, int64_t x, int64_t y,
                                                 uint32_t w, uint32_t h, const uint8_t *cells,
                                                 size_t row_stride);

/** Makes a pattern of the live cells (their bounding box, position, rule
 *  and generation). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; a box or count past
 *          the limits of golcl_pattern_set_limits: write macrocell instead);
 *          GOLCL_E_UNSUPPORTED (multi-state cells: golcl_universe_extract_ms);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_extract(golcl_universe *u, golcl_pattern **out);

/** Writes the universe as macrocell straight from its nodes (any span), with
 *  "#R" and "#G"; and as RLE band by band straight from the tree (the text
 *  golcl_pattern_write_rle gives golcl_universe_extract's pattern, at any
 *  span: no pattern limit). Multi-state
 *  cells: Golly's multi-state macrocell ("[M2]", "1 a b c d" nodes), and
 *  Golly's multi-state RLE ('.', 'A'..'X', 'pA'..) written band by band
 *  straight from the tree (any span, no pattern limit). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_IO. */
GOLCL_API golcl_status golcl_universe_write_macrocell(golcl_universe *u, FILE *f);
GOLCL_API golcl_status golcl_universe_write_rle(golcl_universe *u, FILE *f);

/** Statistics (golcl_universe_stats). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_universe_get_stats(const golcl_universe *u, golcl_universe_stats *out);

/** The name of an algorithm ("auto", "hashlife", "sparse", "hashlife-gpu", "host-tiles"; NULL for a bad
 *  value) and back (GOLCL_E_INVALID_ARG for an unknown name). */
GOLCL_API const char *golcl_universe_algo_name(golcl_universe_algo algo);
GOLCL_API golcl_status golcl_universe_algo_from_name(const char *name, golcl_universe_algo *out);


/* ------------------------------------------------------- multi-state cells
 * A universe holds two-state cells (a golcl_rule_table rule) or multi-state
 * cells (a golcl_msrule): Generations (Moore, von Neumann, hexagonal),
 * RuleLoader rules (@TABLE and @TREE on the Moore, von Neumann and
 * hexagonal neighbourhoods: WireWorld, the loops, Codd, Devore, Banks, the
 * emulated Margolus rules, ...) and JvN29, Nobili32, Hutton32: the rules
 * Golly runs with its generalized HashLife; and Larger than Life at every
 * range (up to 500), which HOST_TILES runs as Golly's own algorithm does:
 * one box of cells that follows the live ones (and SPARSE up to range 64,
 * on the device tiles of states; HashLife's base case reaches one cell:
 * AUTO takes the host algorithm, or SPARSE for a soup on a GPU, HASHLIFE
 * refuses it at the run). oneDimensional rules are refused with the reason
 * (golcl_msgrid runs them). A multi-state universe is HashLife
 * with states in its leaves: the same memory bound, collection and
 * out-of-memory behaviour as two states; HOST_TILES runs its cells on
 * tiles of states instead, SPARSE on tiles of states on the device, and
 * AUTO moves a large soup between HashLife and the tiles
 * (docs/universe.md, "Tiles of states"). Cells are bytes everywhere the
 * universe gives or takes them: 0 the background, 1..states-1. */

/** Sets a multi-state rule (a family the universe takes, above). The cells
 *  are kept: two-state cells become state 1 (the tree converted node by
 *  node). golcl_universe_set_rule also takes every text golcl_msrule_parse
 *  takes ("WireWorld", "JvN29", "345/2/4"), after the two-state rules
 *  ("B3/S23" stays two-state). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a rule
 *          golcl_msrule_format refuses, cells in a state at or beyond the
 *          rule's number of states); GOLCL_E_UNSUPPORTED (oneDimensional,
 *          a rule under which a cell in state 0 among cells in state 0
 *          changes, with the reason);
 *          GOLCL_E_OUT_OF_MEMORY.
 *          Unchanged on failure. */
GOLCL_API golcl_status golcl_universe_set_msrule(golcl_universe *u, const golcl_msrule *rule);

/** The rule as a multi-state rule: a two-state universe's rule in its
 *  Generations form of 2 states where it has one.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_UNSUPPORTED
 *          (a two-state rule Generations cannot write). */
GOLCL_API golcl_status golcl_universe_get_msrule(const golcl_universe *u, golcl_msrule *out);

/** The number of states of the universe's cells: 2 for a two-state rule,
 *  the rule's for a multi-state one; 0 for NULL. */
GOLCL_API uint32_t golcl_universe_states(const golcl_universe *u);

/** Whether the cells are a soup as AUTO sees one (docs/universe.md,
 *  "Choosing"): more than min_cells live cells (and more than 2^14, AUTO's
 *  bound) filling at least an eighth of their bounding box, most of their
 *  leaves distinct (a random soup: all; Golly's metapixel patterns and wide
 *  self-similar ones: a few percent). AUTO gives such cells to the tiles
 *  from the start; a program can ask it to decide whether to open a device
 *  for them before a run (`golcl run` does, for 2^22 cells). Host only.
 *  @return 1 or 0 (0 for NULL). */
GOLCL_API int golcl_universe_is_soup(golcl_universe *u, uint64_t min_cells);

/** Clears the universe and loads a multi-state pattern at its position
 *  (golcl_mspattern_origin), with its rule, generation and comments. A
 *  pattern of 2 states whose rule is two-state loads as two-state cells.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; a cell in a state
 *          beyond the rule's); GOLCL_E_UNSUPPORTED (a bounded grid, a rule
 *          the universe refuses, with the reason); GOLCL_E_OUT_OF_MEMORY.
 *          The universe is unchanged on failure. */
GOLCL_API golcl_status golcl_universe_load_ms(golcl_universe *u, const golcl_mspattern *pattern);

/** Makes a multi-state pattern of the cells not in state 0 (their bounding
 *  box, position, rule and generation; a two-state universe's cells in
 *  state 1). The pattern is made through its RLE text, so a RuleLoader rule
 *  must be one golcl_msrule_parse finds by its name (GOLCL_E_UNSUPPORTED
 *  otherwise, from the parser). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument; a box past the
 *          pattern limits: write macrocell or RLE instead);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_extract_ms(golcl_universe *u, golcl_mspattern **out);

/** The number of cells in each state s = 1..255 in counts[s] (saturating);
 *  counts[0] is 0 (the plane is endless). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_census(golcl_universe *u, uint64_t counts[256]);

/** A picture of the plane zoomed out, as Golly draws it: w×h pixels, pixel
 *  (c, r) the block of 2^shift × 2^shift cells whose top-left cell is
 *  (x + c·2^shift, y + r·2^shift). share[r*row_stride + c] gets the block's
 *  share of cells not in state 0, scaled to 0..255 (0: none; any such cell
 *  gives at least 1); state (may be NULL) the most common state other than
 *  0 in the block (0 where there is none; 1 for two-state cells). Cost
 *  follows the quadtree, not the cells (shift 0 reads cells). Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument with w·h > 0,
 *          row_stride < w, shift > 62, a rectangle past 2^61 from the
 *          origin); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_universe_read_scaled(golcl_universe *u, int64_t x, int64_t y,
                                                  uint32_t w, uint32_t h, unsigned shift,
                                                  uint8_t *share, uint8_t *state,
                                                  size_t row_stride);

/* ------------------------------------------------------------- long runs */

/** Called by golcl_universe_run_progress between chunks of a run (at least
 *  every quarter of a second or so of stepping, always at a generation
 *  boundary): `done` generations of `total` are complete. The callback must
 *  not call the universe: while a tile engine runs, the cells stay in it
 *  between chunks and the universe's tree catches up when the run returns
 *  (a rebuild a chunk would cost a large pattern more than its stepping).
 *  Return 0 to go on, anything else to stop there. */
typedef int (*golcl_universe_progress_fn)(void *user, uint64_t done, uint64_t total);

/** golcl_universe_run with a progress callback (NULL: none). Stepping in
 *  chunks gives the same cells as one run and keeps AUTO's choices.
 *  @return as golcl_universe_run; GOLCL_E_CANCELLED when fn asked to stop:
 *          the universe holds the generation reached (a boundary of a
 *          chunk), which golcl_universe_generation tells. */
GOLCL_API golcl_status golcl_universe_run_progress(golcl_universe *u, uint64_t generations,
                                                   golcl_universe_progress_fn fn, void *user);

#ifdef __cplusplus
}
#endif
#endif /* GOLCL_UNIVERSE_H */
