/* ltl.cl — Larger than Life through prefix sums, so that a cell's count
 * costs the same at any range:
 *   ltl_rows:  one work-item a row writes P[y][k] = the number of cells in
 *              state 1 among (0..k-1, y), k = 0..w ((w+1)·h uints);
 *   ltl_cols:  (Moore) one work-item a column writes Q[j][x] = the sum of
 *              the row windows (x-R..x+R) of rows 0..j-1 ((h+1)·w uints);
 *   ltl_box:   (Moore) a cell's count is a difference of two Q entries;
 *   ltl_spans: (von Neumann, circular) a cell adds one row window a row
 *              of its neighbourhood (2R+1 differences of P; half-widths in
 *              `spans`).
 * A window is S(b+1) - S(a) with S(k) = P[clamp(k, 0, w)] on a dead
 * boundary and floordiv(k, w)·P[w] + P[k mod w] on a torus, which counts a
 * cell once for every offset that lands on it however narrow the torus.
 * Sums are uints: modulo 2^32 the differences stay exact, since a count is
 * at most (2R+1)² < 2^32. GOLCL_TORUS (0/1) picks the boundary. */
#include "rules/ms.cl"

inline uint ltl_S(__global const uint *P, long stride, long n, long k, long line) {
  __global const uint *p = P + line * stride;
#if GOLCL_TORUS
  return (uint)golcl_floordiv(k, n) * p[n] + p[golcl_floormod(k, n)];
#else
  return p[k < 0 ? 0 : k > n ? n : k];
#endif
}

/* The cells in state 1 of row `y`, columns x-r..x+r. */
inline uint ltl_row_window(__global const uint *P, long w, long y, long x, long r) {
  return ltl_S(P, w + 1, w, x + r + 1, y) - ltl_S(P, w + 1, w, x - r, y);
}

__kernel void ltl_rows(__global const uchar *in, __global uint *P, int w, int h) {
  const int y = get_global_id(0);
  if (y >= h) return;
  __global const uchar *row = in + (size_t)y * w;
  __global uint *p = P + (size_t)y * ((size_t)w + 1);
  uint acc = 0;
  p[0] = 0;
  for (int x = 0; x < w; x++) {
    acc += row[x] == 1;
    p[x + 1] = acc;
  }
}

__kernel void ltl_cols(__global const uint *P, __global uint *Q, int w, int h, int r) {
  const int x = get_global_id(0);
  if (x >= w) return;
  uint acc = 0;
  Q[x] = 0;
  for (int y = 0; y < h; y++) {
    acc += ltl_row_window(P, w, y, x, r);
    Q[(size_t)(y + 1) * w + x] = acc;
  }
}

inline uchar ltl_rule(uint s, uint n, uint smin, uint smax, uint bmin, uint bmax, uint states) {
  const int on = s == 0 ? (n >= bmin && n <= bmax) : (n >= smin && n <= smax);
  return golcl_ms_next(s, on, states);
}

__kernel void ltl_box(__global const uchar *in, __global const uint *Q, __global uchar *out, int w,
                      int h, int r, uint middle, uint smin, uint smax, uint bmin, uint bmax,
                      uint states) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  /* column x of Q: row j at Q[j*w + x], Q[h*w + x] the whole column's sum */
#if GOLCL_TORUS
  const long a = y - r, b = y + r + 1;
  const uint qa =
      (uint)golcl_floordiv(a, h) * Q[(size_t)h * w + x] + Q[(size_t)golcl_floormod(a, h) * w + x];
  const uint qb =
      (uint)golcl_floordiv(b, h) * Q[(size_t)h * w + x] + Q[(size_t)golcl_floormod(b, h) * w + x];
#else
  const long a = max(y - r, 0), b = min(y + r + 1, h);
  const uint qa = Q[(size_t)a * w + x], qb = Q[(size_t)b * w + x];
#endif
  const uint s = in[(size_t)y * w + x];
  const uint n = qb - qa - (middle ? 0u : (uint)(s == 1));
  out[(size_t)y * w + x] = ltl_rule(s, n, smin, smax, bmin, bmax, states);
}

__kernel void ltl_spans(__global const uchar *in, __global const uint *P, __global const int *spans,
                        __global uchar *out, int w, int h, int r, uint middle, uint smin, uint smax,
                        uint bmin, uint bmax, uint states) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  uint n = 0;
  for (int dy = -r; dy <= r; dy++) {
    long yy = (long)y + dy;
#if GOLCL_TORUS
    yy = golcl_floormod(yy, h);
#else
    if (yy < 0 || yy >= h) continue;
#endif
    n += ltl_row_window(P, w, yy, x, spans[dy + r]);
  }
  const uint s = in[(size_t)y * w + x];
  n -= middle ? 0u : (uint)(s == 1);
  out[(size_t)y * w + x] = ltl_rule(s, n, smin, smax, bmin, bmax, states);
}
