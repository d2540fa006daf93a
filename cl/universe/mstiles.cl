/* universe/mstiles.cl — the device tiles of states' own kernels
 * (lib/universe/mstiles_gpu.c): copying tiles of states between the store
 * and the atlas that the rules room steps. The rule itself is not here:
 * the atlas is a golcl_msgrid, stepped by its family's kernels.
 *
 * Store: tile slot t is 64×64 bytes at t·4096, row by row. Atlas: slots of
 * S×S cells (S = 64 + 2P), `cols` to a row of the grid, slot i at column
 * i mod cols, row i / cols; the tile's cells from (P, P), a frame of P
 * cells of its neighbours around them. nbr[9i + 3(dy+1) + (dx+1)] is the
 * store slot of the tile at (dx, dy) from atlas slot i's tile (dx, dy in
 * -1..1), -1 for none (its cells are 0). P ≤ 64: one ring of tiles. */
#include "common/reduce.cl"
#include "universe/mstiles_defs.cl"

GOLCL_DEFINE_GROUP_REDUCE(mst_group_or, uint, GOLCL_RED_OR)

/* One work-item a run of MST_RUN cells of a row of a slot in use, the
 * slot's column, row and source tiles worked out once for them (a
 * work-item a cell took twice as long on pocl): the tile and its frame from
 * the store into the atlas. */
__kernel void mst_gather(__global uchar *atlas, __global const uchar *store,
                         __global const int *nbr, int n, int cols, int S, int P) {
  const int runs = (S + MST_RUN - 1) / MST_RUN, aw = cols * S;
  const int gx = (int)get_global_id(0), y = (int)get_global_id(1);
  const int sx = gx / runs, x0 = (gx - sx * runs) * MST_RUN, sy = y / S, i = sy * cols + sx;
  if (sx >= cols || i >= n) return;
  const int cy = y - sy * S - P; /* -P .. 63 + P */
  const int dy = cy < 0 ? 0 : cy < 64 ? 1 : 2, ry = cy - (dy - 1) * 64;
  __global const int *nb = nbr + 9 * i + 3 * dy;
  __global uchar *out = atlas + (size_t)y * (size_t)aw + (size_t)(sx * S);
  for (int x = x0; x < x0 + MST_RUN && x < S; x++) {
    const int cx = x - P, dx = cx < 0 ? 0 : cx < 64 ? 1 : 2, t = nb[dx];
    out[x] = t < 0 ? 0 : store[(size_t)t * 4096 + (size_t)(ry * 64 + cx - (dx - 1) * 64)];
  }
}

/* A work-group of 64 a tile, one work-item a column: the tile's new cells
 * from the atlas into the store, compared with the old ones on the way;
 * the OR of the columns' flags (MST_*) into flags[i]. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void mst_scatter(
    __global const uchar *atlas, __global uchar *store, __global const int *nbr,
    __global uint *flags, int cols, int S, int P) {
  __local uint acc[64];
  const int i = (int)get_group_id(0), c = (int)get_local_id(0), aw = cols * S;
  const int sx = i % cols, sy = i / cols;
  __global const uchar *a = atlas + (size_t)(sy * S + P) * (size_t)aw + (size_t)(sx * S + P + c);
  __global uchar *s = store + (size_t)nbr[9 * i + 4] * 4096 + (size_t)c;
  uint any = 0, north = 0, south = 0, live = 0;
  for (int r = 0; r < 64; r++) {
    const uchar nv = a[(size_t)r * (size_t)aw], ov = s[r * 64];
    const uint d = nv != ov;
    any |= d;
    north |= d & (uint)(r < P);
    south |= d & (uint)(r >= 64 - P);
    live |= nv;
    s[r * 64] = nv;
  }
  const uint w = (uint)(c < P), e = (uint)(c >= 64 - P);
  uint f = (any ? MST_CHG : 0u) | (north ? MST_N : 0u) | (south ? MST_S : 0u) |
           (any && w ? MST_W : 0u) | (any && e ? MST_E : 0u) | (north && w ? MST_NW : 0u) |
           (north && e ? MST_NE : 0u) | (south && w ? MST_SW : 0u) | (south && e ? MST_SE : 0u) |
           (live ? MST_LIVE : 0u);
  f = mst_group_or(f, acc, 64);
  if (c == 0) flags[i] = f;
}
