/* sparse.cl — SPARSE on the BITROW layout: the bit-sliced step of
 * common/bitslice.cl, computed only on active tiles. A tile is one word
 * column × GOLCL_SP_ROWS rows. A generation is three commands, none of which
 * needs the host: the counter is zeroed (a fill), sparse_compact turns the
 * flags the last generation set into a list of active tiles (and clears
 * them), and sparse_step runs over that list with a fixed number of
 * work-items, each taking tiles list[i], list[i + items], ... A tile whose
 * cells changed flags itself and its 8 neighbours (wrapped on a torus) for
 * the next generation: a cell can only change if something in its 3×3
 * neighbourhood did, and that lies in its tile or an adjacent one.
 *
 * A tile that is not computed keeps, in the output buffer, what it had two
 * generations ago; that equals its present cells because an inactive tile
 * did not change in the last generation and both buffers agree on it (the
 * host copies cur to spare when it starts from an unknown state, with every
 * tile active: sparse_all). Build options: GOLCL_TORUS, GOLCL_SP_ROWS, rule. */
#include "common/bitslice.cl"

__kernel void sparse_all(__global uint *list, __global uint *count, uint ntiles) {
  size_t i = get_global_id(0);
  if (i < ntiles) list[i] = (uint)i;
  if (i == 0) *count = ntiles;
}

__kernel void sparse_compact(__global uchar *flags, __global uint *list, __global uint *count,
                             uint ntiles) {
  size_t i = get_global_id(0);
  if (i >= ntiles || !flags[i]) return;
  flags[i] = 0;
  list[atomic_inc(count)] = (uint)i;
}

/* Flags tile (tx + dx, ty + dy) for the next generation. */
inline void sp_flag(__global uchar *flags, int tx, int ty, int nx, int ny) {
#if GOLCL_TORUS
  tx = tx < 0 ? nx - 1 : (tx >= nx ? 0 : tx);
  ty = ty < 0 ? ny - 1 : (ty >= ny ? 0 : ty);
#else
  if (tx < 0 || ty < 0 || tx >= nx || ty >= ny) return;
#endif
  flags[(size_t)ty * (size_t)nx + (size_t)tx] = 1;
}

__kernel void sparse_step(__global const uint *in, __global uint *out, int w, int h, int words,
                          __global const uint *list, __global const uint *count,
                          __global uchar *flags, int ny) {
  uint n = *count;
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
    uint t = list[i];
    int k = (int)(t % (uint)words), ty = (int)(t / (uint)words);
    int y0 = ty * GOLCL_SP_ROWS, y1 = min(y0 + GOLCL_SP_ROWS, h);
    uint mask = golcl_bs_colmask(k, words, w), changed = 0, a, b;
#if GOLCL_TORUS
    int yu = y0 > 0 ? y0 - 1 : h - 1;
#else
    int yu = y0 - 1;
#endif
    uint2 u = golcl_bs_row(in, yu, k, words, w, &a);
    uint2 m = golcl_bs_row(in, y0, k, words, w, &a);
    for (int y = y0; y < y1; y++) {
#if GOLCL_TORUS
      int yd = y + 1 < h ? y + 1 : 0;
#else
      int yd = y + 1 < h ? y + 1 : -1;
#endif
      uint2 d = golcl_bs_row(in, yd, k, words, w, &b);
      uint next = golcl_bs_next(a, u, m, d) & mask;
      changed |= next ^ a;
      golcl_bs_store(out, (size_t)y * (size_t)words + (size_t)k, next);
      u = m;
      m = d;
      a = b;
    }
    if (changed)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) sp_flag(flags, k + dx, ty + dy, words, ny);
  }
}
