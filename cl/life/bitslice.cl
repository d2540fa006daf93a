/* bitslice.cl — BITSLICE on the BITROW layout: one generation a launch, a
 * work-item per word column and strip of GOLCL_BS_ROWS rows. It walks down
 * its strip keeping the horizontal 3-sums of three rows in registers, so each
 * row's word is loaded once (its two neighbour words come through the cache
 * from the work-items beside it), and writes 32 cells a row (common/bitslice.cl).
 *
 * Edges, by true cell coordinates: on a torus the west neighbour of cell 0 is
 * bit (w-1)&31 of the row's last word, and the east neighbour of cell w-1
 * (cell 0) is put at bit (w-1)&31 of the last word's east word, so widths
 * that are no multiple of 32 wrap exactly; rows wrap without a modulo (only
 * the strip's first row above may need one). Padding bits are written 0.
 * Build options: GOLCL_TORUS, GOLCL_BS_ROWS, the rule (GOLCL_RULE_*). */
#include "common/bitslice.cl"

/* Rows loaded ahead of use, a strip walked in chunks of GOLCL_BS_AHEAD
 * rows. 1 (no chunks) measured fastest on the H200 (2, 4, 8 were 0-30 %
 * slower); kept settable for other devices. */
#ifndef GOLCL_BS_AHEAD
#define GOLCL_BS_AHEAD 1
#endif

__kernel void bitslice_step(__global const uint *in, __global uint *out, int w, int h, int words) {
  size_t gk = get_global_id(0), gs = get_global_id(1); /* may round up past 2^31 */
  if (gk >= (size_t)words || gs * GOLCL_BS_ROWS >= (size_t)h) return;
  int k = (int)gk, y0 = (int)gs * GOLCL_BS_ROWS;
  int y1 = min(y0 + GOLCL_BS_ROWS, h);
  uint mask = golcl_bs_colmask(k, words, w);
#if GOLCL_TORUS
  int yu = y0 > 0 ? y0 - 1 : h - 1;
#else
  int yu = y0 - 1;
#endif
  uint a, b[GOLCL_BS_AHEAD] = {0};
  uint2 u = golcl_bs_row(in, yu, k, words, w, &a);
  uint2 m = golcl_bs_row(in, y0, k, words, w, &a);
  for (int y = y0; y < y1; y += GOLCL_BS_AHEAD) {
    uint2 d[GOLCL_BS_AHEAD];
#pragma unroll
    for (int i = 0; i < GOLCL_BS_AHEAD; i++) {
      int yd = y + 1 + i;
#if GOLCL_TORUS
      yd = yd < h ? yd : 0; /* rows that are kept (y + i < y1 <= h) have yd <= h */
#else
      yd = yd < h ? yd : -1;
#endif
      d[i] = y + i < y1 ? golcl_bs_row(in, yd, k, words, w, &b[i]) : (uint2)(0, 0);
    }
#pragma unroll
    for (int i = 0; i < GOLCL_BS_AHEAD; i++) {
      if (y + i < y1)
        golcl_bs_store(out, (size_t)(y + i) * (size_t)words + (size_t)k,
                       golcl_bs_next(a, u, m, d[i]) & mask);
      u = m;
      m = d[i];
      a = b[i];
    }
  }
}
