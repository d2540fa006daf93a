/* ltlbox.h — the universe's box of Larger than Life (private to
 * lib/universe): the plane's cells as one dense byte array that follows the
 * live cells, as Golly's Larger than Life algorithm holds them. A generation
 * steps only the live box widened by the range R, by the rules room's block
 * step (golcl_msrule_step_block: 2-D sums, O(1) a cell for the Moore box and
 * the von Neumann diamond), so its cost follows the live box and not R²; a
 * large box is stepped in bands on threads. Every Larger than Life rule the
 * rules room takes (R up to GOLCL_LTL_MAX_RANGE) whose background stays 0;
 * the host tiles of states (mstiles.h) hold ranges up to a tile's side, and
 * skip still areas, which this box does not. */
#ifndef GOLCL_UNIVERSE_LTLBOX_H
#define GOLCL_UNIVERSE_LTLBOX_H

#include "golcl_rules.h"

typedef struct golcl__ltlbox golcl__ltlbox;

/* A new empty plane running `rule` (copied): GOLCL_E_INVALID_ARG for a rule
 * that is not Larger than Life or that the block step refuses. */
golcl_status golcl__ltlbox_create(const golcl_msrule *rule, golcl__ltlbox **out);
void golcl__ltlbox_destroy(golcl__ltlbox *b); /* NULL is a no-op */

/* Removes every cell. */
void golcl__ltlbox_clear(golcl__ltlbox *b);

/* Makes room for cells in the w×h rectangle at (x, y) (a load's box, so that
 * its puts do not grow the array piece by piece); GOLCL_E_OUT_OF_MEMORY. */
golcl_status golcl__ltlbox_reserve(golcl__ltlbox *b, int64_t x, int64_t y, uint64_t w, uint64_t h);

/* Sets the cells of a w×h block (row stride w) with its top-left cell at
 * (x, y) where they are not 0 (between runs). */
golcl_status golcl__ltlbox_put(golcl__ltlbox *b, int64_t x, int64_t y, const uint8_t *cells,
                               uint32_t w, uint32_t h);

/* Advances every cell `gens` generations of the infinite plane.
 * GOLCL_E_OUT_OF_MEMORY (the cells as they were at the generation reached,
 * *done of them) when the array cannot grow. */
golcl_status golcl__ltlbox_run(golcl__ltlbox *b, uint64_t gens, uint64_t *done);

/* The live box (every cell not in state 0 is inside it; w = h = 0: none)
 * and its rows: row r (0 ≤ r < h) has its w cells at (x, y + r). */
void golcl__ltlbox_live(const golcl__ltlbox *b, int64_t *x, int64_t *y, uint64_t *w, uint64_t *h);
const uint8_t *golcl__ltlbox_row(const golcl__ltlbox *b, uint64_t r);

/* The cells not in state 0. */
uint64_t golcl__ltlbox_population(const golcl__ltlbox *b);

/* Bytes of its arrays, generations run, cells stepped. */
void golcl__ltlbox_get_stats(const golcl__ltlbox *b, uint64_t *bytes, uint64_t *generations,
                             uint64_t *cells_stepped);

#endif
