/* hosttiles.h — the universe's host tile engine (private to lib/universe):
 * QuickLife's idea with bit-parallel words. The plane is 64×64-cell tiles
 * (the layout of sparse.h: row r of tile (tx, ty) is one uint64_t whose bit
 * c is cell (64·tx + c, 64·ty + r)) in a hash table, each with pointers to
 * its 8 neighbours and two generations of rows. A generation steps only the
 * rows (in 4-row bricks) next to a row that differs from two generations before, so
 * still lifes and period-2 oscillators cost nothing (hosttiles.c says why
 * that is exact). Any outer-totalistic two-state rule whose table has no
 * birth on 0 neighbours. */
#ifndef GOLCL_UNIVERSE_HOSTTILES_H
#define GOLCL_UNIVERSE_HOSTTILES_H

#include "sparse.h" /* GOLCL__TILE, golcl__tile_fn */

typedef struct golcl__htiles golcl__htiles;

/* A new empty plane running the outer-totalistic rule with births on the
 * neighbour counts of the bits of `birth` and survivals on those of
 * `survive` (bit n: n live neighbours; HashLife's decode of a table, see
 * golcl__hl_set_rule). GOLCL_E_UNSUPPORTED (with the reason) for a birth on
 * 0 neighbours. */
golcl_status golcl__htiles_create(uint16_t birth, uint16_t survive, golcl__htiles **out);
void golcl__htiles_destroy(golcl__htiles *s); /* NULL is a no-op */

/* Removes every tile. */
void golcl__htiles_clear(golcl__htiles *s);

/* ORs rows[64] into tile (tx, ty) (allocated if need be). Only between runs
 * on a cleared or fresh engine: every tile put counts as changed. */
golcl_status golcl__htiles_put_tile(golcl__htiles *s, int64_t tx, int64_t ty,
                                    const uint64_t rows[GOLCL__TILE]);

/* Advances every cell `gens` generations of the infinite plane.
 * GOLCL_E_OUT_OF_MEMORY (the cells as they were at the generation reached,
 * *done of them) when a tile cannot be allocated. */
golcl_status golcl__htiles_run(golcl__htiles *s, uint64_t gens, uint64_t *done);

/* Calls fn for every tile that holds a live cell (any order). */
golcl_status golcl__htiles_get_tiles(golcl__htiles *s, golcl__tile_fn fn, void *user);

/* Counters for measuring (any pointer may be NULL): tiles now, their host
 * bytes, generations run, tile-generations and rows stepped. */
typedef struct golcl__htiles_stats {
  uint64_t tiles, bytes, generations, tiles_stepped, rows_stepped, tiles_freed;
} golcl__htiles_stats;
void golcl__htiles_get_stats(const golcl__htiles *s, golcl__htiles_stats *out);

#endif
