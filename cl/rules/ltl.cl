/* ltl.cl — Larger than Life with counts that cost the same at any range:
 *   Moore box, two launches a generation:
 *   ltl_row_windows: a work-item a run of `seg` cells of a row writes each
 *                    cell's row window, the cells in state 1 among
 *                    (x-R..x+R, y), sliding it one cell at a time (one cell in,
 *                    one out) after summing the first (w·h uints);
 *   ltl_box_cols:    a work-item a run of `seg` cells of a column slides the
 *                    sum of the row windows of y-R..y+R down the column the
 *                    same way and applies the rule.
 *   von Neumann and circular, two launches:
 *   ltl_rows:  a work-item a row writes its prefix sums P[y][k], the cells in
 *              state 1 among (0..k-1, y), k = 0..w ((w+1)·h uints);
 *   ltl_spans: a cell adds one row window a row of its neighbourhood (2R+1
 *              differences of P; half-widths in `spans`).
 * On a torus every offset wraps by itself, so a cell is counted once for
 * every offset that lands on it however narrow the torus: sliding windows
 * step their two ends modulo the side; a prefix window is S(b+1) - S(a) with
 * S(k) = floordiv(k, w)·P[w] + P[k mod w]. On a dead boundary cells outside
 * are 0 (S clamps). Sums are uints: modulo 2^32 the differences stay exact,
 * since a count is at most (2R+1)² < 2^32. GOLCL_TORUS (0/1) picks the
 * boundary. */
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

inline uchar ltl_rule(uint s, uint n, uint smin, uint smax, uint bmin, uint bmax, uint states) {
  const int on = s == 0 ? (n >= bmin && n <= bmax) : (n >= smin && n <= smax);
  return golcl_ms_next(s, on, states);
}

/* Whether cell k of a row of n cells is in state 1 on a dead boundary (0
 * outside the row). */
inline uint ltl_one(__global const uchar *row, long n, long k) {
  return k >= 0 && k < n && row[k] == 1;
}

/* k modulo n, for the first window of a run on a torus (any number of wraps). */
inline long ltl_wrap(long k, long n) { return golcl_floormod(k, n); }

__kernel void ltl_row_windows(__global const uchar *in, __global uint *win, int w, int h, int r,
                              int seg) {
  const long x0 = (long)get_global_id(0) * seg;
  const int y = get_global_id(1);
  if (y >= h || x0 >= w) return;
  const long x1 = min(x0 + seg, (long)w);
  __global const uchar *row = in + (size_t)y * w;
  __global uint *out = win + (size_t)y * w;
  uint acc = 0;
  for (long dx = -r; dx <= r; dx++) {
#if GOLCL_TORUS
    acc += row[ltl_wrap(x0 + dx, w)] == 1;
#else
    acc += ltl_one(row, w, x0 + dx);
#endif
  }
  out[x0] = acc;
#if GOLCL_TORUS
  long in_k = ltl_wrap(x0 + r + 1, w), out_k = ltl_wrap(x0 - r, w);
  for (long x = x0 + 1; x < x1; x++) {
    acc += (uint)(row[in_k] == 1) - (uint)(row[out_k] == 1);
    out[x] = acc;
    in_k = in_k + 1 == w ? 0 : in_k + 1;
    out_k = out_k + 1 == w ? 0 : out_k + 1;
  }
#else
  for (long x = x0 + 1; x < x1; x++) {
    acc += ltl_one(row, w, x + r) - ltl_one(row, w, x - r - 1);
    out[x] = acc;
  }
#endif
}

/* Row y's window at column x on a dead boundary (0 outside the grid). */
inline uint ltl_win(__global const uint *win, int w, long h, int x, long y) {
  return y >= 0 && y < h ? win[(size_t)y * w + x] : 0u;
}

__kernel void ltl_box_cols(__global const uchar *in, __global const uint *win, __global uchar *out,
                           int w, int h, int r, int seg, uint middle, uint smin, uint smax,
                           uint bmin, uint bmax, uint states) {
  const int x = get_global_id(0);
  const long y0 = (long)get_global_id(1) * seg;
  if (x >= w || y0 >= h) return;
  const long y1 = min(y0 + seg, (long)h);
  uint acc = 0;
  for (long dy = -r; dy <= r; dy++) {
#if GOLCL_TORUS
    acc += win[(size_t)ltl_wrap(y0 + dy, h) * w + x];
#else
    acc += ltl_win(win, w, h, x, y0 + dy);
#endif
  }
#if GOLCL_TORUS
  long in_k = ltl_wrap(y0 + r + 1, h), out_k = ltl_wrap(y0 - r, h);
#endif
  for (long y = y0; y < y1; y++) {
    if (y > y0) {
#if GOLCL_TORUS
      acc += win[(size_t)in_k * w + x] - win[(size_t)out_k * w + x];
      in_k = in_k + 1 == h ? 0 : in_k + 1;
      out_k = out_k + 1 == h ? 0 : out_k + 1;
#else
      acc += ltl_win(win, w, h, x, y + r) - ltl_win(win, w, h, x, y - r - 1);
#endif
    }
    const uint s = in[(size_t)y * w + x];
    const uint n = acc - (middle ? 0u : (uint)(s == 1));
    out[(size_t)y * w + x] = ltl_rule(s, n, smin, smax, bmin, bmax, states);
  }
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
