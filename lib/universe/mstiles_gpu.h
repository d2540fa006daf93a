/* mstiles_gpu.h — the universe's device tiles of states (private to
 * lib/universe): the plane of a multi-state rule as 64×64-byte tiles
 * (mstiles.h's layout: tile (tx, ty) holds cells x = 64·tx .. 64·tx+63,
 * y = 64·ty .. 64·ty+63, byte 64r + c being cell (64·tx + c, 64·ty + r)) in
 * a device buffer, a host table of their coordinates and neighbours. A
 * round steps only the tiles within reach of a change of the round before,
 * k generations at once, through the rules room's golcl_msgrid_step on an
 * atlas of those tiles with their frames (mstiles_gpu.c says why that is
 * exact); still tiles, and period-2 ones where k is even, cost nothing.
 * Every rule the universe takes whose reach is at most a tile side (Larger
 * than Life up to R 64) and whose background stays 0. */
#ifndef GOLCL_UNIVERSE_MSTILES_GPU_H
#define GOLCL_UNIVERSE_MSTILES_GPU_H

#include "mstiles.h" /* GOLCL__MSTILE, golcl__mstile_fn */

typedef struct golcl__mstiles_gpu golcl__mstiles_gpu;

/* A new empty plane on ctx's device running `rule` (copied).
 * GOLCL_E_UNSUPPORTED (with the reason) for a reach beyond GOLCL__MSTILE or
 * a background that does not stay 0; GOLCL_E_INVALID_ARG for a rule the
 * rules room refuses. The rule's kernels are built on the first run. */
golcl_status golcl__mstiles_gpu_create(golcl_context *ctx, const golcl_msrule *rule,
                                       golcl__mstiles_gpu **out);
void golcl__mstiles_gpu_destroy(golcl__mstiles_gpu *s); /* NULL is a no-op */

/* Generations a round (1 .. 64 with k·reach <= 64; 0: the default, which
 * mstiles_gpu.c gives with its measurements). Only while the engine is
 * empty: GOLCL_E_INVALID_ARG otherwise, or out of range. For measuring. */
golcl_status golcl__mstiles_gpu_set_round(golcl__mstiles_gpu *s, unsigned k);

/* Removes every tile. */
golcl_status golcl__mstiles_gpu_clear(golcl__mstiles_gpu *s);

/* Sets the cells of a w×h block (row stride w) with its top-left cell at
 * (x, y) where they are not 0, on the host until the next run or walk.
 * Only on a cleared or fresh engine. */
golcl_status golcl__mstiles_gpu_put(golcl__mstiles_gpu *s, int64_t x, int64_t y,
                                    const uint8_t *cells, uint32_t w, uint32_t h);

/* Advances every cell `gens` generations of the infinite plane, *done of
 * them completed (whole rounds): on failure the cells are those of the
 * generation reached. GOLCL_E_OUT_OF_MEMORY when the tiles or the atlas do
 * not fit the device; GOLCL_E_BUILD, GOLCL_E_OPENCL. */
golcl_status golcl__mstiles_gpu_run(golcl__mstiles_gpu *s, uint64_t gens, uint64_t *done);

/* Calls fn for every tile that holds a cell not in state 0, north to south
 * by rows of tiles, west to east within one (mstiles.h's order); the cells
 * it gives stay valid until the next run, walk or clear. Blocking. */
golcl_status golcl__mstiles_gpu_get_tiles(golcl__mstiles_gpu *s, golcl__mstile_fn fn, void *user);

/* What the engine holds and has done. */
typedef struct golcl__mstiles_gpu_stats {
  uint64_t tiles;         /* tiles in the table now */
  uint64_t device_bytes;  /* the store, the atlases and the tables */
  uint64_t generations;   /* generations run */
  uint64_t rounds;        /* rounds run */
  uint64_t tiles_stepped; /* atlas slots stepped, summed over the rounds */
  uint64_t atlases_made;  /* atlas grids created */
  unsigned k;             /* generations a round */
} golcl__mstiles_gpu_stats;
void golcl__mstiles_gpu_get_stats(const golcl__mstiles_gpu *s, golcl__mstiles_gpu_stats *out);

#endif
