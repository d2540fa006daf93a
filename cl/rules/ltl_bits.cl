/* ltl_bits.cl — Larger than Life counting only the cells in state 1, from a
 * bit plane of them: a row of the plane is `pitch` = ceil(w/32) + 2 words,
 * word 0 the 32 cells left of x = 0, words 1..ceil(w/32) the cells (bit j of
 * word k+1 = cell 32k+j), the last word the 32 cells right of them; on a
 * torus the cells outside 0..w-1 are copies of the cells they wrap to (any
 * number of turns), on a dead boundary 0. A work-item takes a word of 32
 * cells and a run of `run` rows; it holds the three words of a plane row
 * around its own (96 bits: cells x0-32..x0+63), shifted once so that they
 * start at cell x0-R; the window of cell x0+j in that row, 2R+1 bits
 * (R <= 31), is then a funnel shift of two words by the constant j, a mask
 * and a popcount (two of each beyond R = 15; the window entering and the
 * one leaving share a popcount where they fit 16 bits).
 *   ltl_bits_box (Moore): 32 column sums in registers, the first the sum of
 *     2R+1 row windows, then slid down the run: a row's windows entering,
 *     the ones 2R+1 rows up leaving (two windows a cell a row, at any R);
 *   ltl_bits_spans (von Neumann, circular): a window a row of the
 *     neighbourhood, its half-width from `spans`, popcounted for each cell
 *     (2R+1 windows a cell: they differ from row to row, none slides);
 * then the rule on the cell's state (M0/M1, B/S ranges, decay for C > 2),
 * written as bytes, and the word of the new cells in state 1 written to the
 * next plane (its two outer words by ltl_bits_pad on a torus, kept 0 on a
 * dead boundary). ltl_bits_pack makes the first plane from the states.
 * Memory a cell and a generation: the state written (1 byte) and read
 * (1 byte; not with two states, where a cell's bit in the plane is its
 * state), the plane written (1/8 byte); the plane's rows are read 3 words
 * for 32 cells, twice a row (box) or 2R+1 times (spans), from the caches
 * (the plane is an eighth of the states' bytes): about 1.1 bytes a cell
 * from memory with two states, 2.1 with more, against ltl_tile.cl's 2
 * bytes and its halo's re-reads (2R/TW + 2R/TH of them).
 * With two states (LTL_BITS_TWO) the rule runs on the word: a cell's state
 * is its bit, its count against the ranges two subtractions and two
 * compares, the new bits spread to bytes four at a time (golcl_spread4).
 * Build options: GOLCL_TORUS (0/1); LTL_BITS_VEC (1 where w is a multiple
 * of 16: states moved 16 bytes at a time); LTL_BITS_R (0: the range is the
 * argument; else the box's range, built in); LTL_BITS_TWO (1: the word's
 * way for two states; 0: byte by byte as for more); LTL_BITS_SLIDE (0: the
 * box's windows slid down by popcounts; 1: by ltl_bits_delta; 2: by
 * ltl_bits_delta where a window is longer than a word, its popcounts then
 * three or four a cell). */
#include "common/swar.cl"
#include "rules/ms.cl"

inline uchar ltl_bits_rule(uint s, uint n, uint smin, uint smax, uint bmin, uint bmax,
                           uint states) {
  const int on = s == 0 ? (n >= bmin && n <= bmax) : (n >= smin && n <= smax);
  return golcl_ms_next(s, on, states);
}

/* Bits k..k+31 of the 64 bits hi:lo (k = 0..32): a funnel shift. */
inline uint ltl_bits_funnel(uint lo, uint hi, uint k) { return (uint)(upsample(hi, lo) >> k); }

/* A row of the plane as the work-item uses it: the 96 bits c:b:a (cells
 * x0-32..x0+63) shifted so that bit 0 of e0 is cell x0 - hw, for windows of
 * half-width hw (1 <= 32 - hw <= 32). */
typedef struct ltl_bits_row {
  uint e0, e1, e2;
} ltl_bits_row;

inline ltl_bits_row ltl_bits_align(uint a, uint b, uint c, uint hw) {
  const uint t = 32 - hw;
  ltl_bits_row e = {ltl_bits_funnel(a, b, t), ltl_bits_funnel(b, c, t), (uint)((ulong)c >> t)};
  return e;
}

/* Bits j..j+31 and j+32..j+63 of the aligned row: a funnel shift by a constant once unrolled. */
inline uint ltl_bits_lo(ltl_bits_row e, uint j) { return ltl_bits_funnel(e.e0, e.e1, j); }
inline uint ltl_bits_hi(ltl_bits_row e, uint j) { return ltl_bits_funnel(e.e1, e.e2, j); }

/* The cells in state 1 of the window of cell x0+j (j = 0..31, a constant
 * once unrolled), `len` = 2hw+1 <= 63 bits from bit j of the aligned row:
 * a funnel shift by a constant, a mask and a popcount to 31 bits, two of
 * them beyond. */
inline uint ltl_bits_short(ltl_bits_row e, uint j, uint mask) {
  return popcount(ltl_bits_lo(e, j) & mask);
}

inline uint ltl_bits_long(ltl_bits_row e, uint j, uint mask) {
  return popcount(ltl_bits_lo(e, j)) + popcount(ltl_bits_hi(e, j) & mask);
}

/* acc[j] += the window of cell x0+j in row e (the width's test out of the
 * loop). */
inline void ltl_bits_add(uint *acc, ltl_bits_row e, uint len) {
  if (len < 32) {
    const uint m = (1u << len) - 1u;
#pragma unroll
    for (uint j = 0; j < 32; j++) acc[j] += ltl_bits_short(e, j, m);
  } else {
    const uint m = (1u << (len - 32)) - 1u;
#pragma unroll
    for (uint j = 0; j < 32; j++) acc[j] += ltl_bits_long(e, j, m);
  }
}

/* popcount(in & m) + popcount(m) - popcount(out & m) in one popcount, for
 * masks of 16 bits at most. */
inline uint ltl_bits_pair(uint in, uint out, uint m) {
  return popcount((in & m) | (~out & m) << 16);
}

/* acc[j] += the window of row ei, -= that of row eo. Where a window (or
 * the part of one beyond 32 bits) is 16 bits or fewer, the two go through
 * one popcount (ltl_bits_pair: one a cell to R = 7, three instead of four
 * from R = 16 to 23). */
inline void ltl_bits_slide(uint *acc, ltl_bits_row ei, ltl_bits_row eo, uint len) {
  if (len <= 16) {
    const uint m = (1u << len) - 1u;
#pragma unroll
    for (uint j = 0; j < 32; j++)
      acc[j] += ltl_bits_pair(ltl_bits_lo(ei, j), ltl_bits_lo(eo, j), m) - len;
  } else if (len < 32) {
    const uint m = (1u << len) - 1u;
#pragma unroll
    for (uint j = 0; j < 32; j++) acc[j] += ltl_bits_short(ei, j, m) - ltl_bits_short(eo, j, m);
  } else if (len <= 48) {
    const uint m = (1u << (len - 32)) - 1u;
#pragma unroll
    for (uint j = 0; j < 32; j++)
      acc[j] += popcount(ltl_bits_lo(ei, j)) - popcount(ltl_bits_lo(eo, j)) +
                ltl_bits_pair(ltl_bits_hi(ei, j), ltl_bits_hi(eo, j), m) - (len - 32);
  } else {
    const uint m = (1u << (len - 32)) - 1u;
#pragma unroll
    for (uint j = 0; j < 32; j++) acc[j] += ltl_bits_long(ei, j, m) - ltl_bits_long(eo, j, m);
  }
}

/* ltl_bits_slide by the difference of the two windows slid along the row
 * (LTL_BITS_SLIDE 1): counted by popcounts for cell x0 only, then from cell
 * to cell changed by the bits entering and leaving at the windows' ends
 * (bits j + len and j of the aligned rows): shifts and adds, no popcount,
 * whatever the range. */
inline void ltl_bits_delta(uint *acc, ltl_bits_row ei, ltl_bits_row eo, uint len) {
  int d;
  if (len < 32) {
    const uint m = (1u << len) - 1u;
    d = (int)ltl_bits_short(ei, 0, m) - (int)ltl_bits_short(eo, 0, m);
  } else {
    const uint m = (1u << (len - 32)) - 1u;
    d = (int)ltl_bits_long(ei, 0, m) - (int)ltl_bits_long(eo, 0, m);
  }
  const uint ai = len < 32 ? ltl_bits_lo(ei, len) : ltl_bits_hi(ei, len - 32);
  const uint ao = len < 32 ? ltl_bits_lo(eo, len) : ltl_bits_hi(eo, len - 32);
#pragma unroll
  for (uint j = 0; j < 32; j++) {
    acc[j] += (uint)d;
    d +=
        (int)(ai >> j & 1u) - (int)(ei.e0 >> j & 1u) - (int)(ao >> j & 1u) + (int)(eo.e0 >> j & 1u);
  }
}

/* Row k + 1 of a side n, from row k (0..n-1). */
inline int ltl_bits_next(int k, int n) { return k + 1 == n ? 0 : k + 1; }

/* The three plane words around word i of plane row `row`. */
#define LTL_BITS_LOAD(plane, row, i, pitch, a, b, c)                   \
  do {                                                                 \
    __global const uint *p_ = (plane) + (size_t)(row) * (pitch) + (i); \
    a = p_[0], b = p_[1], c = p_[2];                                   \
  } while (0)

/* The states of cells x0..x0+n-1 of a row (n <= 32) into st (0 beyond n). */
inline void ltl_bits_states_in(__global const uchar *row, int n, uchar *st) {
#if LTL_BITS_VEC /* the row's address a multiple of 16 */
  if (n == 32) {
    __global const uint4 *v = (__global const uint4 *)row;
    vstore16(as_uchar16(v[0]), 0, st);
    vstore16(as_uchar16(v[1]), 1, st);
    return;
  }
#endif
  for (int j = 0; j < 32; j++) st[j] = j < n ? row[j] : 0;
}

inline void ltl_bits_states_out(__global uchar *row, int n, const uchar *st) {
#if LTL_BITS_VEC
  if (n == 32) {
    __global uint4 *v = (__global uint4 *)row;
    v[0] = as_uint4(vload16(0, st));
    v[1] = as_uint4(vload16(1, st));
    return;
  }
#endif
  for (int j = 0; j < n; j++) row[j] = st[j];
}

/* The new bits of two states: the 32 cells of `own` (a cell's state is
 * its bit), their counts in acc. The cells whose count is in the survival
 * range, and those whose count is in the birth range, as two words (each
 * range [lo, hi] as n - lo <= hi - lo, unsigned; an empty one masked off),
 * then chosen by the cell's bit: no bit of a cell taken apart. Without the
 * middle (M0) a live cell's count is one less: its survival bound one more. */
inline uint ltl_bits_two(uint own, const uint *acc, uint middle, uint smin, uint smax, uint bmin,
                         uint bmax) {
  const uint so = smin + (middle ? 0u : 1u), sd = smax - smin, bd = bmax - bmin;
  uint surv = 0, born = 0;
#pragma unroll
  for (int j = 0; j < 32; j++) {
    surv |= (uint)(acc[j] - so <= sd) << j;
    born |= (uint)(acc[j] - bmin <= bd) << j;
  }
  return (own & surv & (smin <= smax ? ~0u : 0u)) | (~own & born & (bmin <= bmax ? ~0u : 0u));
}

/* The bytes of cells x0..x0+n-1 (n <= 32) from their bits. */
inline void ltl_bits_bytes_out(__global uchar *row, int n, uint word) {
#if LTL_BITS_VEC && defined(__ENDIAN_LITTLE__)
  if (n == 32) {
    __global uint4 *v = (__global uint4 *)row;
    v[0] = (uint4)(golcl_spread4(word), golcl_spread4(word >> 4), golcl_spread4(word >> 8),
                   golcl_spread4(word >> 12));
    v[1] = (uint4)(golcl_spread4(word >> 16), golcl_spread4(word >> 20), golcl_spread4(word >> 24),
                   golcl_spread4(word >> 28));
    return;
  }
#endif
  for (int j = 0; j < n; j++) row[j] = (uchar)(word >> j & 1u);
}

/* The rule on the 32 cells of word i of row y, their counts in acc (the
 * middle cell included); the new states to out, the new plane word to
 * bout. With two states a cell's state is its bit in the plane: the bytes
 * are not read. */
inline void ltl_bits_apply(__global const uchar *in, __global uchar *out, __global const uint *bin,
                           __global uint *bout, int w, int pitch, int i, int y, const uint *acc,
                           uint middle, uint smin, uint smax, uint bmin, uint bmax, uint states) {
  const int x0 = i * 32, n = min(32, w - x0);
  const size_t at = (size_t)y * w + x0, word_at = (size_t)y * pitch + i + 1;
#if LTL_BITS_TWO
  if (states == 2) {
    uint word = ltl_bits_two(bin[word_at], acc, middle, smin, smax, bmin, bmax);
    word = n == 32 ? word : word & ((1u << n) - 1u);
    ltl_bits_bytes_out(out + at, n, word);
    bout[word_at] = word;
    return;
  }
#endif
  uchar st[32];
  if (states == 2) {
    const uint own = bin[word_at];
#pragma unroll
    for (int j = 0; j < 32; j++) st[j] = (uchar)((own >> j) & 1u);
  } else {
    ltl_bits_states_in(in + at, n, st);
  }
  uint word = 0;
#pragma unroll
  for (int j = 0; j < 32; j++) {
    const uint s = st[j];
    const uint next =
        ltl_bits_rule(s, acc[j] - (middle ? 0u : (uint)(s == 1)), smin, smax, bmin, bmax, states);
    st[j] = (uchar)next;
    word |= (uint)(next == 1) << j;
  }
  ltl_bits_states_out(out + at, n, st);
  bout[word_at] = n == 32 ? word : word & ((1u << n) - 1u);
}

/* Word k of plane row y from the states (k = 0..pitch-1): the words of 32
 * cells inside the row read straight, the others cell by cell (wrapped on
 * a torus, 0 outside a dead boundary). */
__kernel void ltl_bits_pack(__global const uchar *in, __global uint *bits, int w, int h,
                            int pitch) {
  const int k = get_global_id(0), y = get_global_id(1);
  if (k >= pitch || y >= h) return;
  __global const uchar *row = in + (size_t)y * w;
  const long x0 = 32l * (k - 1);
  uint word = 0;
  if (x0 >= 0 && x0 + 32 <= w) {
    uchar st[32];
    ltl_bits_states_in(row + x0, 32, st);
#pragma unroll
    for (int j = 0; j < 32; j++) word |= (uint)(st[j] == 1) << j;
  } else {
    for (int j = 0; j < 32; j++) {
      long x = x0 + j;
#if GOLCL_TORUS
      x = golcl_floormod(x, w);
#else
      if (x < 0 || x >= w) continue;
#endif
      word |= (uint)(row[x] == 1) << j;
    }
  }
  bits[(size_t)y * pitch + k] = word;
}

__kernel void ltl_bits_pad(__global uint *bits, int w, int h, int pitch) {
  const int y = get_global_id(0);
  if (y >= h) return;
  __global uint *p = bits + (size_t)y * pitch;
  /* word 0, then the words from the one that holds x = w (or starts there) on */
  for (int k = 0; k < pitch; k = k ? k + 1 : w / 32 + 1) {
    const long x0 = 32l * (k - 1);
    uint word = 0;
    for (int j = 0; j < 32; j++) {
      const long x = golcl_floormod(x0 + j, w);
      word |= ((p[1 + (x >> 5)] >> (x & 31)) & 1u) << j;
    }
    p[k] = word; /* its bits of cells inside are read as they are, so kept */
  }
}

/* acc[j] = the cells in state 1 of the windows of cell x0+j (word i) in
 * rows y-r..y+r (none outside a dead boundary), of half-width r, or
 * spans[dy + r] in row y + dy where spans is given. */
inline void ltl_bits_sum(uint *acc, __global const uint *bin, __global const int *spans, int i,
                         int pitch, int h, int y, int r) {
#pragma unroll
  for (int j = 0; j < 32; j++) acc[j] = 0;
#if GOLCL_TORUS
  int row = (int)golcl_floormod(y - r, h);
#endif
  for (int dy = -r; dy <= r; dy++) {
    uint a, b, c;
#if GOLCL_TORUS
    LTL_BITS_LOAD(bin, row, i, pitch, a, b, c);
    row = ltl_bits_next(row, h);
#else
    if (y + dy < 0 || y + dy >= h) continue;
    LTL_BITS_LOAD(bin, y + dy, i, pitch, a, b, c);
#endif
    const int hw = spans ? spans[dy + r] : r;
    ltl_bits_add(acc, ltl_bits_align(a, b, c, hw), 2 * hw + 1);
  }
}

__kernel void ltl_bits_box(__global const uchar *in, __global uchar *out, __global const uint *bin,
                           __global uint *bout, int w, int h, int pitch, int range, int run,
                           uint middle, uint smin, uint smax, uint bmin, uint bmax, uint states) {
#if LTL_BITS_R /* the range built in: shifts and masks by constants */
  const int r = LTL_BITS_R;
#else
  const int r = range;
#endif
  const int i = get_global_id(0), y0 = get_global_id(1) * run;
  if (i >= pitch - 2 || y0 >= h) return;
  const int y1 = min(y0 + run, h);
  const uint len = 2 * r + 1;
  uint acc[32];
  ltl_bits_sum(acc, bin, 0, i, pitch, h, y0, r);
  ltl_bits_apply(in, out, bin, bout, w, pitch, i, y0, acc, middle, smin, smax, bmin, bmax, states);
#if GOLCL_TORUS
  int in_k = (int)golcl_floormod(y0 + r + 1, h), out_k = (int)golcl_floormod(y0 - r, h);
#endif
  for (int y = y0 + 1; y < y1; y++) {
    uint ia = 0, ib = 0, ic = 0, oa = 0, ob = 0, oc = 0;
#if GOLCL_TORUS
    LTL_BITS_LOAD(bin, in_k, i, pitch, ia, ib, ic);
    LTL_BITS_LOAD(bin, out_k, i, pitch, oa, ob, oc);
    in_k = ltl_bits_next(in_k, h);
    out_k = ltl_bits_next(out_k, h);
#else
    if (y + r < h) LTL_BITS_LOAD(bin, y + r, i, pitch, ia, ib, ic);
    if (y - r - 1 >= 0) LTL_BITS_LOAD(bin, y - r - 1, i, pitch, oa, ob, oc);
#endif
    const ltl_bits_row ei = ltl_bits_align(ia, ib, ic, r), eo = ltl_bits_align(oa, ob, oc, r);
    if (LTL_BITS_SLIDE == 1 || (LTL_BITS_SLIDE == 2 && len > 32))
      ltl_bits_delta(acc, ei, eo, len);
    else
      ltl_bits_slide(acc, ei, eo, len);
    ltl_bits_apply(in, out, bin, bout, w, pitch, i, y, acc, middle, smin, smax, bmin, bmax, states);
  }
}

__kernel void ltl_bits_spans(__global const uchar *in, __global uchar *out,
                             __global const uint *bin, __global uint *bout,
                             __global const int *spans, int w, int h, int pitch, int r, int run,
                             uint middle, uint smin, uint smax, uint bmin, uint bmax, uint states) {
  const int i = get_global_id(0), y0 = get_global_id(1) * run;
  if (i >= pitch - 2 || y0 >= h) return;
  const int y1 = min(y0 + run, h);
  for (int y = y0; y < y1; y++) {
    uint acc[32];
    ltl_bits_sum(acc, bin, spans, i, pitch, h, y, r);
    ltl_bits_apply(in, out, bin, bout, w, pitch, i, y, acc, middle, smin, smax, bmin, bmax, states);
  }
}
