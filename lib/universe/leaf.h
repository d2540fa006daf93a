/* leaf.h — HashLife's base case (private to lib/universe): four 8×8
 * leaves (uint64_t, bit 8r+c is cell (c, r)) make a 16×16 square, kept as
 * four words of four 16-cell rows; its centre 8×8 after 1, 2 or 4
 * generations. */
#ifndef GOLCL_UNIVERSE_LEAF_H
#define GOLCL_UNIVERSE_LEAF_H

#include "hashlife.h"

/* The centre 8×8 of the square nw ne / sw se, as it is. */
uint64_t golcl__leaf_centre(uint64_t nw, uint64_t ne, uint64_t sw, uint64_t se);

/* The centre 8×8 after gens (1, 2 or 4) generations of h's rule. */
uint64_t golcl__leaf_step(const golcl__hl *h, uint64_t nw, uint64_t ne, uint64_t sw, uint64_t se,
                          int gens);

#endif
