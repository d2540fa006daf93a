/* hashlife.h — HashLife on the host (private to lib/universe): canonical
 * quadtree nodes in one hash table, 8×8 leaves, results memoised per node
 * for one step size at a time, a bounded node store with collection.
 *
 * Coordinates are Golly's (y grows southwards): a root of level L (side
 * 2^L) has its top-left cell at (-2^(L-1), 1-2^(L-1)), as in macrocell
 * files, so that a root, its expansion and its result share one centre. */
#ifndef GOLCL_UNIVERSE_HASHLIFE_H
#define GOLCL_UNIVERSE_HASHLIFE_H

#include "../core/host.h"
#include "golcl_rules.h"

#include <stdint.h>
#include <string.h>

#define GOLCL__HL_MAX_LEVEL 62

typedef uint32_t golcl__hl_id; /* 0 is "none" (and out of memory) */

typedef struct golcl__hl_node {
  uint32_t q[4]; /* nw ne sw se; a two-state leaf (level 3): q[0] | q[1] << 32 are its 8×8
                    cells; a multi-state leaf (level 2): its 4×4 states, byte 4r + c */
  union {
    struct {
      uint32_t res;   /* the memoised result (0: none) */
      uint32_t res_k; /* res is the centre after 2^res_k generations */
    };
    uint64_t rk; /* both, stored at once (threads read them while others write) */
  };
  uint8_t level; /* 3 for a leaf */
  uint8_t mark;  /* collection; during a step with threads, 1 while one computes its result */
  uint8_t pad[2];
  uint32_t aux; /* collection: the new id */
} golcl__hl_node;

typedef struct golcl__hl {
  golcl__hl_node *nodes;
  char pad0[64]; /* n on a cache line of its own: threads add to it while they read the rest */
  size_t n;      /* nodes[0] unused */
  char pad1[64];
  size_t cap, max_nodes;
  size_t room;        /* nodes the array's allocation holds (cap ≤ room) */
  uint64_t max_bytes; /* the bound: nodes and buckets never take more */
  uint64_t *buckets;  /* tag << 32 | id, 0 empty */
  size_t nbuckets;    /* a power of two, at least 4/3 of the nodes */
  size_t max_buckets; /* the largest table the bound allows */
  size_t broom;       /* buckets the table's allocation holds */
  golcl__hl_id empty[GOLCL__HL_MAX_LEVEL + 2];
  golcl__hl_id root;
  int oom;             /* the store filled up during a step */
  int leaf_level;      /* 3: two-state 8×8 bit leaves; 2: multi-state 4×4 byte leaves */
  golcl_msrule msrule; /* the rule of a multi-state store */
  /* the rule */
  int totalistic;
  uint16_t birth, survive;
  uint8_t table[512];
  /* statistics */
  uint64_t collections, results_computed;
  /* a step on several threads (hashlife.c): threads to use (0: not
   * decided yet), and while one runs: par set, stop asks the threads to
   * return, regrow that the buckets are too full to go on */
  int threads, par, stop, regrow;
  int holes; /* ids below n that were never made (level 0): threads claim ids in chunks */
  size_t solo_until; /* one thread until the store holds this many nodes (threads lost) */
  uint64_t budget; /* on one thread: results to compute before the threads start (0: no limit) */
  const int *cancel; /* NULL, or a flag another thread sets to stop the steps (GOLCL_E_CANCELLED) */
  /* the population and the box of the root `known_root` as of `known_gc`
   * collections (a node's cells never change until a collection renames
   * it); known: 1 the population, 2 the box (hashlife_tree.c) */
  golcl__hl_id known_root;
  uint64_t known_gc, known_pop, known_w, known_h;
  int64_t known_x, known_y;
  int known;
} golcl__hl;

/* A store of at most max_bytes of nodes and buckets (0: 1 GiB) and an
 * empty root of level 4. */
golcl_status golcl__hl_init(golcl__hl *h, uint64_t max_bytes);
void golcl__hl_free(golcl__hl *h);

/* The same for multi-state cells (4×4 leaves of states) under `rule` (a
 * rule golcl_msrule_step_block takes, reach 1, a still background). */
golcl_status golcl__hl_init_ms(golcl__hl *h, uint64_t max_bytes, const golcl_msrule *rule);
void golcl__hl_set_msrule(golcl__hl *h, const golcl_msrule *rule);

/* The multi-state leaf of 16 states (byte 4r + c is cell (c, r)), and its
 * states. */
golcl__hl_id golcl__hl_leaf4(golcl__hl *h, const uint8_t cells[16]);
static inline void golcl__hl_leaf4_cells(const golcl__hl *h, golcl__hl_id id, uint8_t out[16]) {
  memcpy(out, h->nodes[id].q, 16);
}

/* Bytes the store takes now, and its bound. */
uint64_t golcl__hl_bytes(const golcl__hl *h);
uint64_t golcl__hl_max_bytes(const golcl__hl *h);
/* Holds a new store to `bytes` of its bound for a while (collecting where
 * it would pass them; its first nodes and slots must fit them); 0 gives
 * the whole bound back. */
void golcl__hl_limit(golcl__hl *h, uint64_t bytes);

/* The rule: a table without B0 (next[0] == 0). */
void golcl__hl_set_rule(golcl__hl *h, const uint8_t table[512]);

/* The node of level `level` (≥ 4) from four nodes of level-1, and a leaf;
 * 0 when the store is full (h->oom set). */
golcl__hl_id golcl__hl_node_of(golcl__hl *h, int level, golcl__hl_id nw, golcl__hl_id ne,
                               golcl__hl_id sw, golcl__hl_id se);
golcl__hl_id golcl__hl_leaf(golcl__hl *h, uint64_t bits);

/* Advances the root 2^k generations (any k ≤ 60), growing it as needed.
 * On failure (GOLCL_E_OUT_OF_MEMORY after collecting and splitting the
 * step; GOLCL_E_CANCELLED once *h->cancel is set) the root is unchanged. */
golcl_status golcl__hl_step_pow2(golcl__hl *h, int k);

/* Collects the store: keeps the root (and, if keep_results, the results
 * reachable from it). */
golcl_status golcl__hl_collect(golcl__hl *h, int keep_results);

/* Grows the root by one level around the same centre. */
golcl_status golcl__hl_expand(golcl__hl *h);

/* 1 if the root's live cells lie in its centre half (side 2^(L-1)). */
int golcl__hl_in_centre(const golcl__hl *h);

/* The leaf grid: leaves have their top-left cell at x ≡ 0, y ≡ 1 (mod 8). */
static inline int64_t golcl__hl_leaf_x(int64_t x) { return golcl__floor_div(x, 8) * 8; }
static inline int64_t golcl__hl_leaf_y(int64_t y) { return golcl__hl_leaf_x(y - 1) + 1; }

/* Many leaves at once (cap entries, each position once; the root grows to
 * hold them), each node of the new tree made once (a load or a rectangle's
 * write: not a path of nodes a leaf). Two-state stores: bit 8r+c of a leaf
 * at (x0, y0) on the leaf grid is cell (x0 + c, y0 + r); a leaf becomes
 * (old & ~mask) | bits, or old | bits without masks; an entry of bits and
 * mask 0 is skipped. Multi-state stores: byte 4r+c of an entry's 16 cells
 * is cell (x0 + c, y0 + r), the cells of bit i of mask16 replaced (all 16
 * without masks). */
typedef struct golcl__hl_leafset {
  const int64_t *x, *y; /* the leaves' top-left cells, on the leaf grid */
  const uint64_t *bits;
  const uint64_t *mask;    /* NULL: the bits are or'd in */
  const uint8_t *cells;    /* multi-state: 16 an entry */
  const uint16_t *mask16;  /* multi-state: NULL: all 16 */
  size_t cap;
} golcl__hl_leafset;
golcl_status golcl__hl_set_leaves(golcl__hl *h, const golcl__hl_leafset *lv);
/* 1 if the root holds the leaf whose top-left cell is (x0, y0); that leaf's
 * id (0 outside the root or under an empty node). */
int golcl__hl_root_holds(const golcl__hl *h, int64_t x0, int64_t y0);
golcl__hl_id golcl__hl_leaf_at(const golcl__hl *h, int64_t x0, int64_t y0);

/* The leaf at (x0, y0) (0 outside the root). */
uint64_t golcl__hl_get_leaf(const golcl__hl *h, int64_t x0, int64_t y0);

/* Calls fn(user, id, x0, y0) for every leaf (level leaf_level) that is not
 * empty, at its top-left cell: west to east within a band of leaves, bands
 * north to south; only the band of leaves whose top row is y0 when band is
 * nonzero (then y0 is on the leaf grid). Both kinds of store. */
typedef golcl_status (*golcl__hl_node_fn)(void *user, golcl__hl_id id, int64_t x0, int64_t y0);
golcl_status golcl__hl_walk_leaves(const golcl__hl *h, int band, int64_t y0, golcl__hl_node_fn fn,
                                   void *user);

/* Calls fn for every leaf with a live cell (its top-left cell), in the
 * walk's order (two-state stores). */
typedef golcl_status (*golcl__hl_leaf_fn)(void *user, int64_t x0, int64_t y0, uint64_t bits);
golcl_status golcl__hl_leaves(golcl__hl *h, golcl__hl_leaf_fn fn, void *user);
/* The same for the band of leaves whose top row is y0 (on the leaf grid),
 * west to east. */
golcl_status golcl__hl_band_leaves(golcl__hl *h, int64_t y0, golcl__hl_leaf_fn fn, void *user);

/* Population (saturating at UINT64_MAX), bounding box of the live cells
 * (0 for none: *w = *h = 0), and a hash of the cells and their positions. */
golcl_status golcl__hl_population(golcl__hl *h, uint64_t *out);
golcl_status golcl__hl_bbox(golcl__hl *h, int64_t *x, int64_t *y, uint64_t *w, uint64_t *hh);
golcl_status golcl__hl_hash(golcl__hl *h, uint64_t *out);

/* ------------------------------------------- multi-state stores (hashlife_ms.c)
 * Leaves of 4×4 states have their top-left cell at x ≡ 0, y ≡ 1 (mod 4). */
static inline int64_t golcl__hl_leaf4_x(int64_t x) { return golcl__floor_div(x, 4) * 4; }
static inline int64_t golcl__hl_leaf4_y(int64_t y) { return golcl__hl_leaf4_x(y - 1) + 1; }

/* The leaf at (x0, y0) (0s outside the root). */
void golcl__hl_get_leaf4(const golcl__hl *h, int64_t x0, int64_t y0, uint8_t out[16]);

/* Calls fn for every leaf with a cell not in state 0, west to east within
 * a band of leaves, bands north to south; only the band of leaves whose top
 * row is y0 when band is nonzero (then y0 is on the leaf grid). */
typedef golcl_status (*golcl__hl_leaf4_fn)(void *user, int64_t x0, int64_t y0,
                                           const uint8_t cells[16]);
golcl_status golcl__hl_leaves4(const golcl__hl *h, int band, int64_t y0, golcl__hl_leaf4_fn fn,
                               void *user);

/* The cells in each state (counts[0] = 0), saturating. */
golcl_status golcl__hl_census(const golcl__hl *h, uint64_t counts[256]);

/* The cells of a two-state store into an empty multi-state one (state 1)
 * and back (GOLCL_E_UNSUPPORTED where a cell is in a state above 1); the
 * root keeps its level and place. */
golcl_status golcl__hl_to_ms(const golcl__hl *two, golcl__hl *ms);
golcl_status golcl__hl_to_two(const golcl__hl *ms, golcl__hl *two);

/* The cells and rule of two-state store a into b, an empty two-state store
 * (its bound its own). */
golcl_status golcl__hl_copy(const golcl__hl *a, golcl__hl *b);

/* The leaves under the root that hold a live cell: at how many positions
 * (saturating), and how many of them differ (a random soup: nearly every
 * one; a pattern HashLife compresses: few). GOLCL_E_OUT_OF_MEMORY (no
 * message) if the walk's table cannot be allocated. */
golcl_status golcl__hl_leaf_counts(const golcl__hl *h, uint64_t *positions, uint64_t *distinct);

/* The top-left cell of the root. */
void golcl__hl_root_origin(const golcl__hl *h, int64_t *x, int64_t *y);

#endif
