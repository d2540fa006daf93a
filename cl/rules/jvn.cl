/* jvn.cl — Golly's JvN algorithm (JvN29, Nobili32, Hutton32). A work-item
 * takes four cells of a row and walks `rows` rows down: it keeps the rows
 * above, at and below its four cells (and one cell either side) in
 * registers, so that a step of four cells reads one row (four bytes and the
 * two beside them) and writes four bytes. The next state comes from
 * GOLCL_JVN_WAY:
 *   0 (direct): golcl_jvn_next computed (rules/jvn_rule.cl, which the host
 *     reference compiles too);
 *   1 (small, JvN29 and Nobili32): two tables the host builds with the same
 *     functions (lib/rules/jvn_rule.c), copied to local memory by each
 *     work-group: a neighbour's signals (by direction, whether the cell
 *     points at it, its state) and the next state by (state, the 7-bit key
 *     of the signals' union, jvn_signal_key);
 *   2 (full, Hutton32): the host's table of every (state, east, north, west,
 *     south), 2^25 bytes read at random, which a large cache mostly holds.
 * Any size; GOLCL_TORUS (0/1) picks the boundary, GOLCL_JVN_RULE the rule,
 * JVN_NEXT_BY_KEY (way 1) the order of the next states in local memory,
 * JVN_ALIGNED (1 where w is a multiple of 4) four cells a 32-bit access. */
#include "rules/jvn_rule.cl"
#include "rules/ms.cl"

/* Byte offsets in the small tables (JVN_TABLE_BYTES in all): signals' low
 * and high bytes [(d·2 + toward)·32 + state], next [state·128 + key]. */
#define JVN_SIG_LO 0
#define JVN_SIG_HI 256
#define JVN_NEXT 512
#define JVN_TABLE_BYTES 4608

/* Where the next state of (state c, key) lies in local memory. In the
 * host's order (JVN_NEXT_BY_KEY 0), c·128 + key, a lookup's bank is key / 4
 * whatever the state, and a warp's cells share few keys: on a soup of every
 * state, 46 % of the live cells have key 32 and 24 % key 0, so a warp's 32
 * lookups take 7.8 passes of the banks (tools/jvn_banks.c; the four signal lookups
 * take one each, their table 32 words a direction). By key (1), row
 * key ^ (key >> 5 & 3) of 32 states: a key's cells read 8 words in 8 banks
 * (or one word), and the rows of keys 0, 32, 64 and 96 start in different
 * banks: 2.4 passes. */
#if JVN_NEXT_BY_KEY
#define JVN_AT(c, key) (((key) ^ ((key) >> 5 & 3)) * 32 + (c))
#else
#define JVN_AT(c, key) ((c)*128 + (key))
#endif

/* Cell (x, y): 0 outside a dead boundary, wrapped once on a torus. */
inline int jvn_cell(__global const uchar *in, int w, int h, int x, int y) {
  return (int)golcl_ms_cell(in, w, h, x, y);
}

/* Cells x0-1 .. x0+4 of row y into r[0..5]. */
inline void jvn_row(__global const uchar *in, int w, int h, int x0, int y, int *r) {
  if (x0 >= 1 && x0 + 4 < w && y >= 0 && y < h) { /* inside: one vector and two bytes */
    __global const uchar *p = in + (size_t)y * w + x0;
#if JVN_ALIGNED /* w a multiple of 4: the four cells one aligned 32-bit load */
    const uchar4 v = *(__global const uchar4 *)p;
#else
    const uchar4 v = vload4(0, p);
#endif
    r[0] = p[-1], r[1] = v.s0, r[2] = v.s1, r[3] = v.s2, r[4] = v.s3, r[5] = p[4];
    return;
  }
#if !GOLCL_TORUS
  if (y < 0 || y >= h) {
    for (int k = 0; k < 6; k++) r[k] = 0;
    return;
  }
#endif
  for (int k = 0; k < 6; k++) /* what lies beyond x = w is no cell's neighbour */
    r[k] = x0 - 1 + k <= w ? jvn_cell(in, w, h, x0 - 1 + k, y) : 0;
}

#if GOLCL_JVN_WAY == 1
inline int jvn_sig(__local const ushort *sig, int d, int toward, int v) {
  return sig[(d * 2 + toward) * 32 + (v < 32 ? v : 0)];
}
#endif

__kernel void jvn_step(__global const uchar *in, __global uchar *out, int w, int h, int rows,
                       __global const uchar *tables) {
#if GOLCL_JVN_WAY == 1
  __local ushort sig[256]; /* the signals, their two bytes joined */
  __local uchar next[JVN_TABLE_BYTES - JVN_NEXT];
  const int lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  const int lsz = get_local_size(0) * get_local_size(1);
  for (int k = lid; k < 256; k += lsz)
    sig[k] = (ushort)(tables[JVN_SIG_LO + k] | tables[JVN_SIG_HI + k] << 8);
  for (int k = lid; k < JVN_TABLE_BYTES - JVN_NEXT; k += lsz)
    next[JVN_AT(k >> 7, k & 127)] = tables[JVN_NEXT + k];
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  const int x0 = get_global_id(0) * 4, y0 = get_global_id(1) * rows;
  if (x0 >= w || y0 >= h) return;
  const int y1 = min(y0 + rows, h);
  int up[6], at[6], dn[6];
  jvn_row(in, w, h, x0, y0 - 1, up);
  jvn_row(in, w, h, x0, y0, at);
  for (int y = y0; y < y1; y++) {
    jvn_row(in, w, h, x0, y + 1, dn);
    uchar r[4];
    for (int k = 0; k < 4; k++) {
      const int c = at[k + 1], e = at[k + 2], n = up[k + 1], wst = at[k], s = dn[k + 1];
#if GOLCL_JVN_WAY == 1
      const int p = jvn_points(c);
      const int m = jvn_sig(sig, 0, p == 0, e) | jvn_sig(sig, 1, p == 1, n) |
                    jvn_sig(sig, 2, p == 2, wst) | jvn_sig(sig, 3, p == 3, s);
      r[k] = (uchar)(c >= 32 ? c : next[JVN_AT(c & 31, jvn_signal_key(m))]);
#elif GOLCL_JVN_WAY == 2
      r[k] = c >= 32 ? (uchar)c
                     : tables[(size_t)c << 20 | (size_t)(s < 32 ? s : 0) << 15 |
                              (size_t)(wst < 32 ? wst : 0) << 10 | (size_t)(n < 32 ? n : 0) << 5 |
                              (size_t)(e < 32 ? e : 0)];
#else
      r[k] = (uchar)golcl_jvn_next(GOLCL_JVN_RULE, c, e, n, wst, s);
#endif
    }
    __global uchar *o = out + (size_t)y * w + x0;
    if (x0 + 4 <= w) {
#if JVN_ALIGNED
      *(__global uchar4 *)o = (uchar4)(r[0], r[1], r[2], r[3]);
#else
      vstore4((uchar4)(r[0], r[1], r[2], r[3]), 0, o);
#endif
    } else {
      for (int k = 0; x0 + k < w; k++) o[k] = r[k];
    }
    for (int k = 0; k < 6; k++) up[k] = at[k], at[k] = dn[k];
  }
}
