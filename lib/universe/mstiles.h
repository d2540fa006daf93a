/* mstiles.h — the universe's host tiles of states (private to lib/universe):
 * the plane of a multi-state rule as 64×64-byte tiles (tile (tx, ty) holds
 * the cells x = 64·tx .. 64·tx+63, y = 64·ty .. 64·ty+63, byte 64r + c
 * being cell (64·tx + c, 64·ty + r)) in a hash table, each with pointers to
 * its 8 neighbours and two generations of cells. A generation steps, through
 * the rules room's golcl_msrule_step_block, only the rows within the rule's
 * reach of a cell that differs from two generations before (mstiles.c says
 * why that is exact), so still and period-2 areas cost nothing. Every rule
 * the block step takes whose reach is at most a tile side (Larger than Life
 * up to R 64) and whose background stays 0. */
#ifndef GOLCL_UNIVERSE_MSTILES_H
#define GOLCL_UNIVERSE_MSTILES_H

#include "golcl_rules.h"
#include "hosttiles.h" /* golcl__htiles_stats */

#define GOLCL__MSTILE 64 /* cells a tile side */

typedef struct golcl__mstiles golcl__mstiles;

/* A new empty plane running `rule` (copied). GOLCL_E_UNSUPPORTED (with the
 * reason) for a reach beyond GOLCL__MSTILE; GOLCL_E_INVALID_ARG for a rule
 * the block step refuses. */
golcl_status golcl__mstiles_create(const golcl_msrule *rule, golcl__mstiles **out);
void golcl__mstiles_destroy(golcl__mstiles *s); /* NULL is a no-op */

/* Removes every tile. */
void golcl__mstiles_clear(golcl__mstiles *s);

/* Sets the cells of a w×h block (row stride w) with its top-left cell at
 * (x, y) where they are not 0. Only between runs on a cleared or fresh
 * engine: every tile touched counts as changed. */
golcl_status golcl__mstiles_put(golcl__mstiles *s, int64_t x, int64_t y, const uint8_t *cells,
                                uint32_t w, uint32_t h);

/* Advances every cell `gens` generations of the infinite plane.
 * GOLCL_E_OUT_OF_MEMORY (the cells as they were at the generation reached,
 * *done of them) when a tile cannot be allocated. */
golcl_status golcl__mstiles_run(golcl__mstiles *s, uint64_t gens, uint64_t *done);

/* Calls fn for every tile that holds a cell not in state 0, north to south
 * by rows of tiles, west to east within one. */
typedef golcl_status (*golcl__mstile_fn)(void *user, int64_t tx, int64_t ty,
                                         const uint8_t cells[GOLCL__MSTILE * GOLCL__MSTILE]);
golcl_status golcl__mstiles_get_tiles(golcl__mstiles *s, golcl__mstile_fn fn, void *user);

/* Counters for measuring, as the two-state host tiles' (hosttiles.h). */
void golcl__mstiles_get_stats(const golcl__mstiles *s, golcl__htiles_stats *out);

#endif
