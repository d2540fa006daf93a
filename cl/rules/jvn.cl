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
 *     south), 2^25 bytes read at random, which a large cache mostly holds;
 *   3 (lanes, JvN29 and Nobili32): the small tables, the signals' copied
 *     once for each of 32 lanes (16 KB, entry k of lane l at word 32k + l),
 *     so that the four signal lookups of a warp fall in 32 distinct banks
 *     (the small tables' random lookups conflict in banks: five a cell);
 *     the work-group a row of JVN_GROUP work-items, so that its copy
 *     serves many.
 * Any size; GOLCL_TORUS (0/1) picks the boundary, GOLCL_JVN_RULE the rule,
 * JVN_GROUP (way 3) the work-group's size. */
#include "rules/jvn_rule.cl"
#include "rules/ms.cl"

/* Byte offsets in the small tables (JVN_TABLE_BYTES in all): signals' low
 * and high bytes [(d·2 + toward)·32 + state], next [state·128 + key]. */
#define JVN_SIG_LO 0
#define JVN_SIG_HI 256
#define JVN_NEXT 512
#define JVN_TABLE_BYTES 4608

/* Cell (x, y): 0 outside a dead boundary, wrapped once on a torus. */
inline int jvn_cell(__global const uchar *in, int w, int h, int x, int y) {
  return (int)golcl_ms_cell(in, w, h, x, y);
}

/* Cells x0-1 .. x0+4 of row y into r[0..5]. */
inline void jvn_row(__global const uchar *in, int w, int h, int x0, int y, int *r) {
  if (x0 >= 1 && x0 + 4 < w && y >= 0 && y < h) { /* inside: one vector and two bytes */
    __global const uchar *p = in + (size_t)y * w + x0;
    const uchar4 v = vload4(0, p);
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
#elif GOLCL_JVN_WAY == 3
/* Word d·32 + v of lane `lane`'s copy: toward 0 in the low half, 1 in the high. */
inline int jvn_sig_lane(__local const uint *sig, int lane, int d, int toward, int v) {
  return (int)(sig[((d * 32 + (v < 32 ? v : 0)) << 5) + lane] >> (toward ? 16 : 0)) & 0xffff;
}
#endif

#if GOLCL_JVN_WAY == 3
#define JVN_ATTR __attribute__((reqd_work_group_size(JVN_GROUP, 1, 1)))
#else
#define JVN_ATTR
#endif

__kernel JVN_ATTR void jvn_step(__global const uchar *in, __global uchar *out, int w, int h,
                                int rows, __global const uchar *tables) {
#if GOLCL_JVN_WAY == 1
  __local ushort sig[256]; /* the signals, their two bytes joined */
  __local uchar next[JVN_TABLE_BYTES - JVN_NEXT];
  const int lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  const int lsz = get_local_size(0) * get_local_size(1);
  for (int k = lid; k < 256; k += lsz)
    sig[k] = (ushort)(tables[JVN_SIG_LO + k] | tables[JVN_SIG_HI + k] << 8);
  for (int k = lid; k < JVN_TABLE_BYTES - JVN_NEXT; k += lsz) next[k] = tables[JVN_NEXT + k];
  barrier(CLK_LOCAL_MEM_FENCE);
#elif GOLCL_JVN_WAY == 3
  __local uint sig[128 * 32]; /* [d·32 + v][lane] */
  __local uchar next[JVN_TABLE_BYTES - JVN_NEXT];
  const int lid = get_local_id(0), lane = lid & 31;
  for (int k = lid; k < 128 * 32; k += JVN_GROUP) {
    /* the small table holds (d, toward, v) at (d·2 + toward)·32 + v */
    const int e = k >> 5, d = e >> 5, v = e & 31;
    const int t0 = (d * 2) * 32 + v, t1 = (d * 2 + 1) * 32 + v;
    sig[k] = (uint)(tables[JVN_SIG_LO + t0] | tables[JVN_SIG_HI + t0] << 8) |
             (uint)(tables[JVN_SIG_LO + t1] | tables[JVN_SIG_HI + t1] << 8) << 16;
  }
  for (int k = lid; k < JVN_TABLE_BYTES - JVN_NEXT; k += JVN_GROUP) next[k] = tables[JVN_NEXT + k];
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
      r[k] = (uchar)(c >= 32 ? c : next[c * 128 + jvn_signal_key(m)]);
#elif GOLCL_JVN_WAY == 3
      const int p = jvn_points(c);
      const int m = jvn_sig_lane(sig, lane, 0, p == 0, e) | jvn_sig_lane(sig, lane, 1, p == 1, n) |
                    jvn_sig_lane(sig, lane, 2, p == 2, wst) | jvn_sig_lane(sig, lane, 3, p == 3, s);
      r[k] = (uchar)(c >= 32 ? c : next[c * 128 + jvn_signal_key(m)]);
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
      vstore4((uchar4)(r[0], r[1], r[2], r[3]), 0, o);
    } else {
      for (int k = 0; x0 + k < w; k++) o[k] = r[k];
    }
    for (int k = 0; k < 6; k++) up[k] = at[k], at[k] = dn[k];
  }
}
