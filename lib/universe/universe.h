/* universe.h — the universe object (private to lib/universe). */
#ifndef GOLCL_UNIVERSE_PRIVATE_H
#define GOLCL_UNIVERSE_PRIVATE_H

#include "../core/core.h"
#include "golcl_universe.h"
#include "hashlife.h"
#include "hashlife_gpu.h"
#include "../core/threads.h"
#include "hosttiles.h"
#include "mstiles.h"
#include "mstiles_gpu.h"
#include "sparse.h"

/* The engines' own cells beside the tree, a slot an engine (golcl__uengine's
 * `kept`): the engine (NULL: none) and whether the tree has moved on without
 * it (kept for reuse, loaded again by its next run). */
enum {
  GOLCL__UK_NONE,
  GOLCL__UK_SPARSE,
  GOLCL__UK_HTILES,
  GOLCL__UK_MSTILES,
  GOLCL__UK_MSTILES_GPU,
  GOLCL__UK_HLG,
  GOLCL__UK_LTLBOX,
  GOLCL__UK_COUNT
};
typedef struct golcl__ukept {
  void *engine;
  int stale;
} golcl__ukept;

struct golcl_universe {
  golcl_context *ctx; /* may be NULL: HashLife only */
  golcl_universe_opts opts;
  golcl_rule_table table; /* the rule as given */
  uint64_t generation;
  golcl__hl hl;                       /* the cells, always */
  golcl__ukept kept[GOLCL__UK_COUNT]; /* the engines, made on their first run */
  uint64_t probe_r2; /* HashLife's results count where the probe's second jump began */
  int hlg_base;      /* device HashLife's base level (0: the default) */
  golcl_universe_algo last_algo;
  golcl_pattern *notes; /* the loaded file's comment lines (no cells); may be NULL */
  int ms;               /* multi-state cells: hl holds 4×4 leaves of states */
  golcl_msrule msrule;  /* their rule (when ms) */
  /* golcl_universe_run_progress: the callback, the run's first generation
   * and length, when it was last called (seconds), and the largest jump */
  golcl_universe_progress_fn progress;
  void *progress_user;
  uint64_t progress_start, progress_total;
  double progress_last;
  int progress_kcap;
  /* AUTO's race (universe.c): NULL, or a flag the other side sets when it
   * has won, which stops this side's run (GOLCL_E_CANCELLED) */
  const int *cancel;
};

/* Calls the progress callback at a generation boundary if one is set and
 * its time has come (always when `force`): GOLCL_E_CANCELLED if it asks to
 * stop, with the message, or if the run has lost AUTO's race (u->cancel). */
golcl_status golcl__universe_progress(golcl_universe *u, int force);

/* Multi-state cells (universe_ms.c): whether the universe takes a rule
 * (GOLCL_E_UNSUPPORTED or GOLCL_E_INVALID_ARG with the reason); a new empty
 * store of the universe's bound for it. */
golcl_status golcl__universe_ms_rule_ok(const golcl_msrule *rule);
golcl_status golcl__universe_ms_store(const golcl_universe *u, const golcl_msrule *rule,
                                      golcl__hl *h);
/* Takes store h (multi-state cells under rule, or two-state under table)
 * with its generation and comments (from: a pattern of comments, or NULL)
 * into the universe. */
void golcl__universe_adopt(golcl_universe *u, golcl__hl *h, int ms, const golcl_msrule *rule,
                           const golcl_rule_table *table, uint64_t gen, golcl_pattern *notes);
/* The multi-state files: a macrocell file straight into nodes
 * (universe_ms_io.c), any other through golcl_mspattern_read_file. */
golcl_status golcl__universe_read_ms_macrocell(golcl_universe *u, const char *path);
/* A multi-state RLE file (gzip or not) too wide for a dense pattern, read
 * straight into leaves (universe_ms_rle.c). */
golcl_status golcl__universe_read_ms_rle(golcl_universe *u, const char *path);
/* w×h states with their top-left cell at (ox, oy) into a new store of the
 * universe (rule, generation, comments: notes is taken), its leaves
 * gathered row by row (universe_ms_rle.c): the universe unchanged on
 * failure. */
golcl_status golcl__universe_ms_load_cells(golcl_universe *u, const golcl_msrule *rule,
                                           const uint8_t *cells, uint32_t w, uint32_t h, int64_t ox,
                                           int64_t oy, uint64_t gen, golcl_pattern *notes);
/* RLE and macrocell of a multi-state universe, straight from the tree; RLE
 * also of a two-state one as Generations of 2 states (golcl_universe_extract_ms
 * reads that back; a two-state universe's own RLE is universe_io.c's). */
golcl_status golcl__universe_write_ms_rle(golcl_universe *u, FILE *f);
/* The node lines of a multi-state store's macrocell file (after the header
 * golcl_universe_write_macrocell writes): 0, 1 if a write failed, -1 out of
 * host memory (no message set). */
int golcl__universe_ms_mc_nodes(golcl_universe *u, FILE *f);

/* A new store (rule; the universe's bound) of the cells that runs(src,
 * put, sink) gives as runs of n cells in state s from (x, y), relative to
 * the box (ox, oy, w, h) that holds them, the rows in order (universe_ms_rle.c);
 * put returns nonzero when out of memory. */
typedef int (*golcl__ms_run_put)(void *sink, int64_t x, int64_t y, uint64_t n, uint8_t s);
typedef golcl_status (*golcl__ms_runs_fn)(void *src, golcl__ms_run_put put, void *sink);
golcl_status golcl__universe_ms_store_of_runs(const golcl_universe *u, const golcl_msrule *rule,
                                              int64_t ox, int64_t oy, uint64_t w, uint64_t h,
                                              golcl__ms_runs_fn runs, void *src, golcl__hl *out);

/* The table that runs every generation (B0 with S8 becomes its complement
 * form, as Golly runs it); GOLCL_E_UNSUPPORTED for B0 without S8. */
golcl_status golcl__universe_run_table(const golcl_rule_table *t, uint8_t out[512]);

/* Live cells gathered into 8×8 leaves (open addressing on the leaf's
 * top-left cell), then ORed into a store (universe_io.c). */
typedef struct golcl__leaf_map {
  int64_t *x, *y;
  uint64_t *bits;
  size_t cap, used;
} golcl__leaf_map;

/* ORs the live cells of n rows (bit c of rows[r] is cell (x0 + c, y0 + r));
 * x0 on the leaf grid's columns (a multiple of 8: a tile's). */
golcl_status golcl__leaf_map_rows(golcl__leaf_map *m, int64_t x0, int64_t y0, const uint64_t *rows,
                                  int n);
golcl_status golcl__leaf_map_flush(golcl__leaf_map *m, golcl__hl *h);
void golcl__leaf_map_free(golcl__leaf_map *m);

/* The tree's cells as 64×64 tiles (sparse.h's layout) given to fn, and
 * back: the tree replaced by a new store of the cells an engine's walk gives
 * (universe_tiles.c; both tile engines use them). */
golcl_status golcl__universe_to_tiles(golcl_universe *u, golcl__tile_fn fn, void *user);
typedef golcl_status (*golcl__tile_walk)(void *engine, golcl__tile_fn fn, void *user);
golcl_status golcl__universe_from_tiles(golcl_universe *u, golcl__tile_walk walk, void *engine);

/* The same for tiles of states (mstiles.h's layout): the tree replaced by a
 * new store of the cells an engine's walk gives, north to south
 * (universe_mstiles.c; the host and the device tiles of states). */
typedef golcl_status (*golcl__ms_tile_walk)(void *engine, golcl__mstile_fn fn, void *user);
golcl_status golcl__universe_ms_from_tiles(golcl_universe *u, golcl__ms_tile_walk walk,
                                           void *engine);

/* 1 where AUTO takes device HashLife for a run of gens (a GPU context and a
 * wide tree; collects the host store to count it; universe_hashlife_gpu.c). */
int golcl__universe_hlg_may_win(golcl_universe *u, uint64_t gens);

/* ------------------------------------------------------------ engines
 * The engines that run the universe's cells, one table of functions each
 * (universe_engines.c lists them; each engine's file defines its table), as
 * the steppers are behind theirs: universe.c dispatches through them and
 * knows no engine. The tree (u->hl) holds the cells between runs; an engine
 * that keeps its own copy (the tiles, device HashLife) loads it from the
 * tree, runs, and stores its cells back into a new tree, and is kept while
 * both hold the same cells. */
enum { GOLCL__UE_TWO = 1, GOLCL__UE_MS = 2 }; /* the kinds of cells an engine runs */

typedef struct golcl__uengine {
  golcl_universe_algo algo; /* the algorithm it is */
  unsigned kinds;           /* GOLCL__UE_TWO, GOLCL__UE_MS or both */
  int device;               /* it runs on the universe's context (its objects belong to it) */
  int chunks;               /* a watched run and AUTO give it stretches in chunks, its cells
                               kept in it between them (the tiles) */
  int kept;                 /* its slot in u->kept (GOLCL__UK_NONE: it runs on the tree) */
  /* 1 where it runs the universe's rule; cheap, no side effect (AUTO asks
   * it); NULL: every rule of its kinds. */
  int (*can)(const golcl_universe *u);
  /* An engine with its own cells: the tree's cells into *engine (the kept
   * one emptied, or a new one made there; golcl__universe_engine_run frees
   * it on failure). NULL: it runs on the tree. */
  golcl_status (*load)(golcl_universe *u, void **engine);
  /* Advances the cells gens generations, *done of them completed: an
   * engine on the tree (engine NULL) advances the tree and u->generation
   * itself; one with its own cells, those (the generation reached). */
  golcl_status (*run)(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done);
  /* The engine's cells into a new tree (the universe's counts going on). */
  golcl_status (*store)(golcl_universe *u, void *engine);
  /* The live cells of a run left in it (sync 0), counted without the
   * tree; NULL: not counted there. */
  golcl_status (*population)(void *engine, uint64_t *out);
  /* Adds its tiles and bytes to *out; NULL: none. */
  void (*stats)(void *engine, golcl_universe_stats *out);
  void (*destroy)(void *engine);
} golcl__uengine;

/* The tree replaced by h, an engine's cells stored back (the universe's
 * counts of collections and results going on). */
void golcl__universe_take_store(golcl_universe *u, golcl__hl *h);

extern const golcl__uengine golcl__uengine_hashlife;    /* universe_hashlife.c: both kinds */
extern const golcl__uengine golcl__uengine_sparse;      /* universe_sparse.c */
extern const golcl__uengine golcl__uengine_hlg;         /* universe_hashlife_gpu.c */
extern const golcl__uengine golcl__uengine_htiles;      /* universe_hosttiles.c */
extern const golcl__uengine golcl__uengine_mstiles;     /* universe_mstiles.c */
extern const golcl__uengine golcl__uengine_mstiles_gpu; /* universe_mstiles_gpu.c */
extern const golcl__uengine golcl__uengine_ltlbox;      /* universe_ltlbox.c */

/* The engine of algorithm `algo` for the universe's cells (NULL: none, as
 * the device's for multi-state cells), and whether it runs the universe's
 * rule (0 where there is none). */
const golcl__uengine *golcl__universe_engine(const golcl_universe *u, golcl_universe_algo algo);
int golcl__universe_engine_can(const golcl_universe *u, golcl_universe_algo algo);

/* The live cells of a run that algorithm `algo`'s engine holds (sync 0),
 * without the tree (AUTO's short run); GOLCL_E_INVALID_ARG where it holds
 * none or does not count them. */
golcl_status golcl__universe_engine_population(const golcl_universe *u, golcl_universe_algo algo,
                                               uint64_t *out);

/* The engine kept in slot k (NULL: none). */
static inline void *golcl__universe_kept(const golcl_universe *u, int k) {
  return u->kept[k].engine;
}

/* Runs gens generations on engine e: loaded if it does not hold the cells;
 * sync 0 leaves the cells in it (the tree behind them, the generation
 * counted) for the next chunk of a run; the chunk that ends the run, or
 * fails after some generations, syncs (the tree rebuilt from its cells; an
 * engine that cannot give them back is freed). */
golcl_status golcl__universe_engine_run(golcl_universe *u, const golcl__uengine *e, uint64_t gens,
                                        int sync);

/* Frees every engine except those of algorithm `keep` (HASHLIFE: all);
 * only the device's (a new context); the tree moves on without them (a
 * HashLife run); their tiles and bytes added to *out. */
void golcl__universe_engines_free(golcl_universe *u, golcl_universe_algo keep);
void golcl__universe_device_engines_free(golcl_universe *u);
void golcl__universe_engines_forget(golcl_universe *u);
void golcl__universe_engines_stats(const golcl_universe *u, golcl_universe_stats *out);

/* HashLife's jumps with a progress callback start at most 2^GOLCL__PROGRESS_K0
 * generations (universe_hashlife.c). */
#define GOLCL__PROGRESS_K0 10
/* The progress callback is due a quarter of a second after the last call. */
#define GOLCL__PROGRESS_PERIOD 0.25

#endif
