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

/* bitslice_step4 — the same with four words a work-item (words 4q .. 4q+3),
 * four times the bytes in flight per load, where one word a work-item
 * leaves the memory system half idle: one 16-byte load a row where rows are
 * a multiple of 4 words (GOLCL_BS_ALIGNED), else four loads, the words past
 * the row's last read as 0 (a last quad of 1-3 words). The words west of 4q
 * and east of the quad come through the cache from the work-items beside;
 * on a torus the west of word 0 and the east of the row's last word wrap as
 * above. */
typedef struct bs_row4 {
  uint4 c;      /* the four words */
  uint4 s0, s1; /* their horizontal 3-sums */
} bs_row4;

inline bs_row4 bs_row4_at(__global const uint *in, int y, int q, int words, int w) {
  bs_row4 r;
  if (y < 0) {
    r.c = r.s0 = r.s1 = (uint4)(0);
    return r;
  }
  size_t row = (size_t)y * (size_t)words;
  int k = 4 * q;
#if GOLCL_BS_ALIGNED
  uint4 c = golcl_bs_load4(in + row, (size_t)q);
#else
  uint4 c = (uint4)(golcl_bs_load(in, row + (size_t)k),
                    k + 1 < words ? golcl_bs_load(in, row + (size_t)k + 1) : 0u,
                    k + 2 < words ? golcl_bs_load(in, row + (size_t)k + 2) : 0u,
                    k + 3 < words ? golcl_bs_load(in, row + (size_t)k + 3) : 0u);
#endif
  uint before = 0; /* the west bit of word k */
  if (k > 0) before = golcl_bs_load(in, row + (size_t)k - 1) >> 31;
#if GOLCL_TORUS
  else
    before = (golcl_bs_load(in, row + (size_t)words - 1) >> ((w - 1) & 31)) & 1u;
#endif
  uint4 west = (c << 1) | (uint4)(before, c.s0 >> 31, c.s1 >> 31, c.s2 >> 31);
  uint4 east = (c >> 1) | (uint4)(c.s1 << 31, c.s2 << 31, c.s3 << 31, 0u);
  if (k + 4 < words) {
    east.s3 |= golcl_bs_load(in, row + (size_t)k + 4) << 31;
  } else {
#if GOLCL_TORUS /* cell 0 east of cell w-1, in the row's last word */
    uint e = (golcl_bs_load(in, row) & 1u) << ((w - 1) & 31);
    int last = words - 1 - k;
    east |= (uint4)(last == 0 ? e : 0u, last == 1 ? e : 0u, last == 2 ? e : 0u,
                    last == 3 ? e : 0u);
#endif
  }
  r.c = c;
  r.s0 = west ^ c ^ east; /* as golcl_bs_h3, four words */
  r.s1 = (west & c) | (east & (west ^ c));
  return r;
}

inline uint bs_next_of(uint a, uint u0, uint u1, uint m0, uint m1, uint d0, uint d1) {
  return golcl_bs_next(a, (uint2)(u0, u1), (uint2)(m0, m1), (uint2)(d0, d1));
}

__kernel void bitslice_step4(__global const uint *in, __global uint *out, int w, int h, int words) {
  size_t gq = get_global_id(0), gs = get_global_id(1);
  if (gq * 4 >= (size_t)words || gs * GOLCL_BS_ROWS >= (size_t)h) return;
  int q = (int)gq, y0 = (int)gs * GOLCL_BS_ROWS, k = 4 * q;
  int y1 = min(y0 + GOLCL_BS_ROWS, h);
  uint4 mask = (uint4)(golcl_bs_colmask(k, words, w), golcl_bs_colmask(k + 1, words, w),
                       golcl_bs_colmask(k + 2, words, w), golcl_bs_colmask(k + 3, words, w));
#if GOLCL_TORUS
  int yu = y0 > 0 ? y0 - 1 : h - 1;
#else
  int yu = y0 - 1;
#endif
  bs_row4 u = bs_row4_at(in, yu, q, words, w);
  bs_row4 m = bs_row4_at(in, y0, q, words, w);
  for (int y = y0; y < y1; y++) {
    int yd = y + 1;
#if GOLCL_TORUS
    yd = yd < h ? yd : 0;
#else
    yd = yd < h ? yd : -1;
#endif
    bs_row4 d = bs_row4_at(in, yd, q, words, w);
    uint4 n;
    n.s0 = bs_next_of(m.c.s0, u.s0.s0, u.s1.s0, m.s0.s0, m.s1.s0, d.s0.s0, d.s1.s0);
    n.s1 = bs_next_of(m.c.s1, u.s0.s1, u.s1.s1, m.s0.s1, m.s1.s1, d.s0.s1, d.s1.s1);
    n.s2 = bs_next_of(m.c.s2, u.s0.s2, u.s1.s2, m.s0.s2, m.s1.s2, d.s0.s2, d.s1.s2);
    n.s3 = bs_next_of(m.c.s3, u.s0.s3, u.s1.s3, m.s0.s3, m.s1.s3, d.s0.s3, d.s1.s3);
    n &= mask;
    size_t o = (size_t)y * (size_t)words;
#if GOLCL_BS_ALIGNED
    golcl_bs_store4(out + o, (size_t)q, n);
#else
    golcl_bs_store(out, o + (size_t)k, n.s0);
    if (k + 1 < words) golcl_bs_store(out, o + (size_t)k + 1, n.s1);
    if (k + 2 < words) golcl_bs_store(out, o + (size_t)k + 2, n.s2);
    if (k + 3 < words) golcl_bs_store(out, o + (size_t)k + 3, n.s3);
#endif
    u = m;
    m = d;
  }
}
