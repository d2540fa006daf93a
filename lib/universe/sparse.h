/* sparse.h — the universe's device engine (private to lib/universe): an
 * unbounded plane of 64×64-cell tiles of bit-packed cells kept in a hash
 * table on the device, keyed by tile coordinates; a run steps only the
 * tiles that can change, several generations a launch, allocating the
 * tiles that activity reaches and freeing those that died, on the device.
 *
 * The universe (universe.c) keeps its cells as a HashLife quadtree and
 * hands them to this engine, and takes them back, a 64×64 tile at a time:
 * tile (tx, ty) holds cells x = 64·tx .. 64·tx+63, y = 64·ty .. 64·ty+63
 * (y grows southwards, as in golcl.h), row r as one uint64_t whose bit c is
 * cell (64·tx + c, 64·ty + r). Tile coordinates are int64_t; the engine may
 * refuse coordinates beyond ±2^40 tiles (GOLCL_E_UNSUPPORTED). */
#ifndef GOLCL_UNIVERSE_SPARSE_H
#define GOLCL_UNIVERSE_SPARSE_H

#include <golcl.h>

#define GOLCL__TILE 64 /* cells a tile side: 64 rows of one uint64_t */

typedef struct golcl__sparse golcl__sparse;

/* A new empty plane on ctx's device that runs `table` (any two-state table
 * without B0: next[0] == 0; the universe gives B0 rules to this engine as
 * the per-generation tables of golcl_rule_table_at, see set_rule).
 * GOLCL_E_UNSUPPORTED for a table it cannot run (with the reason). */
golcl_status golcl__sparse_create(golcl_context *ctx, const golcl_rule_table *table,
                                  golcl__sparse **out);
void golcl__sparse_destroy(golcl__sparse *s); /* NULL is a no-op */

/* Replaces the rule (same conditions as create); the tiles stay. */
golcl_status golcl__sparse_set_rule(golcl__sparse *s, const golcl_rule_table *table);

/* Runs `even` on the generations of even number and `odd` on the others
 * (Golly's B0 without Smax: golcl_rule_table_at(rule, 0) and (rule, 1));
 * `generation` is the number of the generation the cells are at now. Both
 * tables as for create; the tiles stay. Only period 2 then spares a tile. */
golcl_status golcl__sparse_set_rules(golcl__sparse *s, const golcl_rule_table *even,
                                     const golcl_rule_table *odd, uint64_t generation);

/* Bounds the device bytes the engine may hold (0, the default: the
 * device's global memory); a run that would need more fails with
 * GOLCL_E_OUT_OF_MEMORY. */
golcl_status golcl__sparse_set_limit(golcl__sparse *s, uint64_t bytes);

/* Generations a launch at most (2 .. 32; 0: the default, 32 on a GPU, 16
 * elsewhere): the halo a tile reads. Only while the engine is empty (after
 * create or clear): GOLCL_E_INVALID_ARG otherwise, or for a count out of
 * range. For measuring; the default is what was measured best. */
golcl_status golcl__sparse_set_gens_per_launch(golcl__sparse *s, unsigned gens);

/* Removes every tile. */
golcl_status golcl__sparse_clear(golcl__sparse *s);

/* Replaces tile (tx, ty) with rows[64] (all zero removes it). Enqueues or
 * blocks, as the engine likes; tiles may be put in any order. */
golcl_status golcl__sparse_put_tile(golcl__sparse *s, int64_t tx, int64_t ty,
                                    const uint64_t rows[GOLCL__TILE]);

/* Advances every cell `gens` generations of the infinite plane (cells
 * outside every tile are dead). Blocking only where it must be (an
 * out-of-memory check, say); on any failure the cells are as before.
 * GOLCL_E_OUT_OF_MEMORY when the tiles would not fit the device (or the
 * engine's own bound): a clear error, never a crash. */
golcl_status golcl__sparse_run(golcl__sparse *s, uint64_t gens);

/* Calls fn for every tile that holds a live cell, in any order; the first
 * status of fn that is not GOLCL_OK stops the walk and is returned.
 * Blocking. */
typedef golcl_status (*golcl__tile_fn)(void *user, int64_t tx, int64_t ty,
                                       const uint64_t rows[GOLCL__TILE]);
golcl_status golcl__sparse_get_tiles(golcl__sparse *s, golcl__tile_fn fn, void *user);

/* Live tiles now, the device bytes the engine holds, and the tiles stepped
 * since it was created (any may be NULL). */
golcl_status golcl__sparse_stats(golcl__sparse *s, uint64_t *tiles, uint64_t *device_bytes,
                                 uint64_t *tiles_stepped);

/* What the host did so far: blocking reads of the engine's counters, and
 * rehashes into a new table (any may be NULL). Host only. */
golcl_status golcl__sparse_host_stats(const golcl__sparse *s, uint64_t *syncs, uint64_t *rehashes);

#endif
