/* jvn.cl — Golly's JvN algorithm (JvN29, Nobili32, Hutton32), one
 * work-item a cell or a run of cells down a column, from golcl_jvn_next's
 * definition (rules/jvn_rule.cl, which the host reference compiles too):
 *   jvn_step:       computes golcl_jvn_next (every rule; GOLCL_JVN_KERNEL=direct);
 *   jvn_table_step: JvN29 and Nobili32 from two tables the host builds
 *                   with the same functions (lib/rules/jvn_rule.c), copied
 *                   to local memory by each work-group: a neighbour's signals
 *                   (by direction, whether the cell points at it, its state)
 *                   and the next state by (state, 7-bit key of the signals'
 *                   union, jvn_signal_key). A work-item walks `rows` cells down its
 *                   column, keeping the cell and the one above in registers;
 *   jvn_full_step:  any rule (Hutton32 by default) from the host's table of
 *                   every (state, east, north, west, south): 2^25 bytes
 *                   read at random, which a large cache mostly holds.
 * Any size; GOLCL_TORUS (0/1) picks the boundary, GOLCL_JVN_RULE the rule. */
#include "rules/jvn_rule.cl"

/* Byte offsets in the tables (JVN_TABLE_BYTES in all): signals' low and high
 * bytes [(d·2 + toward)·32 + state], next [state·128 + key]. */
#define JVN_SIG_LO 0
#define JVN_SIG_HI 256
#define JVN_NEXT 512
#define JVN_TABLE_BYTES 4608

/* Cell (x, y): 0 outside a dead boundary, wrapped once on a torus. */
inline int jvn_cell(__global const uchar *in, int w, int h, int x, int y) {
#if GOLCL_TORUS
  x = x < 0 ? x + w : x >= w ? x - w : x;
  y = y < 0 ? y + h : y >= h ? y - h : y;
#else
  if (x < 0 || y < 0 || x >= w || y >= h) return 0;
#endif
  return in[(size_t)y * w + x];
}

__kernel void jvn_step(__global const uchar *in, __global uchar *out, int w, int h) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  const size_t i = (size_t)y * w + x;
  int e, n, wst, s;
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) { /* the interior: no boundary */
    e = in[i + 1], wst = in[i - 1], n = in[i - w], s = in[i + w];
  } else {
    e = jvn_cell(in, w, h, x + 1, y), wst = jvn_cell(in, w, h, x - 1, y);
    n = jvn_cell(in, w, h, x, y - 1), s = jvn_cell(in, w, h, x, y + 1);
  }
  out[i] = (uchar)golcl_jvn_next(GOLCL_JVN_RULE, in[i], e, n, wst, s);
}

/* The signals of neighbour state v in direction d. */
inline int jvn_sig(__local const ushort *sig, int d, int toward, int v) {
  return sig[(d * 2 + toward) * 32 + (v < 32 ? v : 0)];
}

__kernel void jvn_table_step(__global const uchar *in, __global uchar *out, int w, int h, int rows,
                             __global const uchar *tables) {
  __local ushort sig[256]; /* the signals, their two bytes joined */
  __local uchar next[JVN_TABLE_BYTES - JVN_NEXT];
  const int lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  const int lsz = get_local_size(0) * get_local_size(1);
  for (int k = lid; k < 256; k += lsz)
    sig[k] = (ushort)(tables[JVN_SIG_LO + k] | tables[JVN_SIG_HI + k] << 8);
  for (int k = lid; k < JVN_TABLE_BYTES - JVN_NEXT; k += lsz) next[k] = tables[JVN_NEXT + k];
  barrier(CLK_LOCAL_MEM_FENCE);
  const int x = get_global_id(0), y0 = get_global_id(1) * rows;
  if (x >= w || y0 >= h) return;
  const int y1 = min(y0 + rows, h);
  int n = jvn_cell(in, w, h, x, y0 - 1), c = jvn_cell(in, w, h, x, y0);
  for (int y = y0; y < y1; y++) {
    const int s = jvn_cell(in, w, h, x, y + 1);
    const int e = jvn_cell(in, w, h, x + 1, y), wst = jvn_cell(in, w, h, x - 1, y);
    const int p = jvn_points(c);
    const int m = jvn_sig(sig, 0, p == 0, e) | jvn_sig(sig, 1, p == 1, n) |
                  jvn_sig(sig, 2, p == 2, wst) | jvn_sig(sig, 3, p == 3, s);
    out[(size_t)y * w + x] = (uchar)(c >= 32 ? c : next[c * 128 + jvn_signal_key(m)]);
    n = c, c = s;
  }
}

__kernel void jvn_full_step(__global const uchar *in, __global uchar *out, int w, int h,
                            __global const uchar *next) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  const int c = in[(size_t)y * w + x];
  const int e = jvn_cell(in, w, h, x + 1, y), n = jvn_cell(in, w, h, x, y - 1);
  const int wst = jvn_cell(in, w, h, x - 1, y), s = jvn_cell(in, w, h, x, y + 1);
  out[(size_t)y * w + x] = c >= 32 ? (uchar)c
                                   : next[(size_t)c << 20 | (size_t)(s < 32 ? s : 0) << 15 |
                                          (size_t)(wst < 32 ? wst : 0) << 10 |
                                          (size_t)(n < 32 ? n : 0) << 5 | (size_t)(e < 32 ? e : 0)];
}

/* Pair tables (GOLCL_JVN_KERNEL=pairs): the signals of the east and west
 * neighbours together, [sel·1024 + east·32 + west] with sel 1 where the
 * cell points east, 2 west, else 0, and of the north and south ones the same
 * way; two lookups for the four neighbours. Byte offsets: east-west low and
 * high bytes, north-south low and high, next. */
#define JVN_PAIRS 3072
#define JVN_PAIR_NEXT (4 * JVN_PAIRS)
#define JVN_PAIR_BYTES (JVN_PAIR_NEXT + 4096)

__kernel void jvn_pair_step(__global const uchar *in, __global uchar *out, int w, int h, int rows,
                            __global const uchar *tables) {
  __local ushort ew[JVN_PAIRS], ns[JVN_PAIRS];
  __local uchar next[4096];
  const int lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  const int lsz = get_local_size(0) * get_local_size(1);
  for (int k = lid; k < JVN_PAIRS; k += lsz) {
    ew[k] = (ushort)(tables[k] | tables[JVN_PAIRS + k] << 8);
    ns[k] = (ushort)(tables[2 * JVN_PAIRS + k] | tables[3 * JVN_PAIRS + k] << 8);
  }
  for (int k = lid; k < 4096; k += lsz) next[k] = tables[JVN_PAIR_NEXT + k];
  barrier(CLK_LOCAL_MEM_FENCE);
  const int x = get_global_id(0), y0 = get_global_id(1) * rows;
  if (x >= w || y0 >= h) return;
  const int y1 = min(y0 + rows, h);
  int n = jvn_cell(in, w, h, x, y0 - 1), c = jvn_cell(in, w, h, x, y0);
  for (int y = y0; y < y1; y++) {
    const int s = jvn_cell(in, w, h, x, y + 1);
    const int e = jvn_cell(in, w, h, x + 1, y), wst = jvn_cell(in, w, h, x - 1, y);
    const int p = jvn_points(c);
    const int sew = p == 0 ? 1 : p == 2 ? 2 : 0, sns = p == 1 ? 1 : p == 3 ? 2 : 0;
    const int m = ew[sew * 1024 + (e < 32 ? e : 0) * 32 + (wst < 32 ? wst : 0)] |
                  ns[sns * 1024 + (n < 32 ? n : 0) * 32 + (s < 32 ? s : 0)];
    out[(size_t)y * w + x] = (uchar)(c >= 32 ? c : next[c * 128 + jvn_signal_key(m)]);
    n = c, c = s;
  }
}
