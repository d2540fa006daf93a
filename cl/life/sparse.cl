/* sparse.cl — SPARSE on the BITROW layout: the multi-generation register
 * tiles of common/multi_tile.cl (as MULTI's multi_reg), stepped only where
 * something can change. A launch runs `gens` generations on the tiles of an
 * active list, built on the device by the launch before: no host round trip
 * and one command a launch.
 *
 * sparse_run: a fixed number of work-groups walk the list (group i takes
 * entries i, i + groups, ...). A tile whose inner cells changed in any of
 * the generations marks itself and its 8 neighbours (wrapped on a torus) for
 * the next launch: the first mark of a tile (atomic_xchg on its flag) appends
 * it to the next list (atomic_inc on the next count). Lists and flags are
 * double-buffered by launch parity, counts triple-buffered: launch k reads
 * count k, appends to count k+1 and zeroes count k+2 (read by launch k-1,
 * done); a tile taken from the list clears its flag of this parity, so every
 * flag is 0 again when the buffers come round.
 *
 * Why skipping is exact: a tile is skipped when neither it nor a neighbour
 * changed in any generation of the last launch. A tile's neighbours are at
 * least `gens` cells thick (tiles are ≥ 32 cells wide and ≥ GOLCL_MG rows
 * high; on a torus a last tile column or row thinner than GOLCL_MG counts
 * the tile beyond it as a neighbour too), so in `gens` generations nothing
 * from outside the neighbourhood reaches the tile, and inside it every
 * cell that did not change in a generation does not change in the next
 * (its own neighbourhood did not change): the tile stays as it is, for any
 * count of generations. A tile that is not computed keeps, in the output
 * buffer, what it had two launches ago; that equals its present cells
 * because it did not change in the last launch and both buffers agree on it
 * (the host copies cur to spare when it starts from an unknown state, with
 * every tile active: sparse_all). Build options: those of multi_tile.cl,
 * with GOLCL_MR_TRACK = 1. */
#include "common/multi_tile.cl"

__kernel void sparse_all(__global uint *list, __global uint *count, uint ntiles) {
  size_t i = get_global_id(0);
  if (i < ntiles) list[i] = (uint)i;
  if (i == 0) *count = ntiles;
}

/* Tile index t = ty·nx + tx wrapped (torus) or -1 outside (dead boundary). */
inline int sp_wrap(int t, int n) {
#if GOLCL_TORUS
  return t < 0 ? t + n : (t >= n ? t - n : t);
#else
  return t < 0 || t >= n ? -1 : t;
#endif
}

/* The tiles beside tile t along one axis of n tiles: t-1, t, t+1, and the
 * tile beyond a neighbour that is the thin last one (thin: on a torus, the
 * last tile is thinner than a launch's reach). Returns how many went in out. */
inline int sp_around(int t, int n, int thin, int *out) {
  int k = 0;
  for (int d = -1; d <= 1; d++) {
    int u = sp_wrap(t + d, n);
    if (u < 0) continue;
    out[k++] = u;
    if (d != 0 && thin && u == n - 1) {
      int b = sp_wrap(u + d, n);
      if (b >= 0) out[k++] = b;
    }
  }
  return k;
}

/* Marks tile t for the next launch: appended to its list once. */
inline void sp_mark(uint t, __global uint *flags, __global uint *list, __global uint *count) {
  if (atomic_xchg(&flags[t], 1u) == 0u) list[atomic_inc(count)] = t;
}

__kernel __attribute__((reqd_work_group_size(GOLCL_MX, GOLCL_MY, 1))) void sparse_run(
    __global const uint *in, __global uint *out, int w, int h, int words, int gens,
    __global const uint *list, __global const uint *count, __global uint *flags,
    __global uint *next_list, __global uint *next_count, __global uint *next_flags,
    __global uint *stale_count, int nx, int ny, int thin_x, int thin_y) {
  __local uint lmem[MR_LMEM];
  __local int any;
  int first = get_local_id(0) == 0 && get_local_id(1) == 0;
  if (first && get_group_id(0) == 0) *stale_count = 0;
  uint n = *count;
  for (uint i = (uint)get_group_id(0); i < n; i += (uint)get_num_groups(0)) {
    uint t = list[i];
    if (first) any = 0; /* golcl_mr_tile's first barrier orders this */
    uint changed =
        golcl_mr_tile(in, out, w, h, words, gens, (long)(t % (uint)nx), (long)(t / (uint)nx), lmem);
    if (changed) any = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (first) {
      flags[t] = 0;
      if (any) {
        int xs[5], ys[5];
        int kx = sp_around((int)(t % (uint)nx), nx, thin_x, xs);
        int ky = sp_around((int)(t / (uint)nx), ny, thin_y, ys);
        for (int a = 0; a < ky; a++)
          for (int b = 0; b < kx; b++)
            sp_mark((uint)ys[a] * (uint)nx + (uint)xs[b], next_flags, next_list, next_count);
      }
    }
  }
}
