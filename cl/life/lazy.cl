/* lazy.cl — the halo kernel with tile activity: one work-group per tile, and
 * a tile is recomputed only if it or one of its 8 neighbour tiles (wrapped on
 * a torus) changed in the previous generation. A skipped tile writes nothing:
 * the output buffer already holds its cells, because that buffer holds the
 * generation before the previous one and the tile did not change since (the
 * launcher makes the first generation after any outside change compute every
 * tile, which establishes this).
 *
 * Flags: one byte per tile, bit 0 "changed in this generation", bit 1
 * "computed in this generation". Generation n reads flags_in (written by
 * generation n - 1) and writes flags_out, and the launcher swaps the two
 * arrays. Each tile's byte is written by its own group only, every
 * generation, so nothing needs clearing and there are no races. all = 1
 * computes every tile without reading flags_in. */
#include "common/tile.cl"

/* Bit 0 of the flags of tile (tx + dx, ty + dy) for dx, dy in -1..1, ORed;
 * tiles outside a dead boundary count as unchanged. */
inline uint lazy_neighbourhood_changed(__global const uchar *flags, int tx, int ty, int ntx,
                                       int nty) {
  uint any = 0;
  for (int dy = -1; dy <= 1; dy++) {
    int y = golcl_edge(ty + dy, nty);
    for (int dx = -1; dx <= 1; dx++) {
      int x = golcl_edge(tx + dx, ntx);
      any |= (x < 0 || y < 0) ? 0u : (uint)flags[y * ntx + x];
    }
  }
  return any & 1u;
}

__kernel __attribute__((reqd_work_group_size(GOLCL_LOCAL_W, GOLCL_LOCAL_H, 1))) void lazy_step(
    __global const uchar *in, __global uchar *out, int w, int h, uint rule,
    __global const uchar *flags_in, __global uchar *flags_out, int all) {
  __local uchar t[GOLCL_TILE_BYTES];
  __local int any;
  int tx = (int)get_group_id(0), ty = (int)get_group_id(1);
  int ntx = (int)get_num_groups(0), nty = (int)get_num_groups(1);
  int first = get_local_id(0) == 0 && get_local_id(1) == 0;
  /* the same for every work-item of the group: the whole group returns */
  if (!all && !lazy_neighbourhood_changed(flags_in, tx, ty, ntx, nty)) {
    if (first) flags_out[ty * ntx + tx] = 0;
    return;
  }
  if (first) any = 0; /* ordered before the stores below by the barrier in the load */
  int x0 = tx * GOLCL_TILE_W, y0 = ty * GOLCL_TILE_H;
  golcl_tile_load(in, t, x0, y0, w, h);
  /* every writer stores the same 1, so their order does not matter (and
     costs less than 256 atomics on one word) */
  if (golcl_tile_step(t, out, x0, y0, w, h, rule)) any = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (first) flags_out[ty * ntx + tx] = (uchar)(2 | any);
}
