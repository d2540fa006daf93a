/* ms.cl — what the multi-state kernels share: the next state of a cell
 * (lib/rules/rules.h has the same golcl__ms_next for the host), the
 * wrap of a coordinate on a torus and a cell read on the grid's boundary. */
#ifndef GOLCL_MS_CL
#define GOLCL_MS_CL

/* s = 0: born if on; s = 1: survives if on, else decays to 2 (dies when
 * there are 2 states); s >= 2: s + 1, or 0 from the last state. */
inline uchar golcl_ms_next(uint s, int on, uint states) {
  if (s == 0) return (uchar)(on ? 1 : 0);
  if (s == 1) return (uchar)(on ? 1 : (states > 2 ? 2 : 0));
  return (uchar)(s + 1 < states ? s + 1 : 0);
}

/* Floor division and modulo for any k and n > 0. */
inline long golcl_floordiv(long k, long n) { return k >= 0 ? k / n : -((-k + n - 1) / n); }
inline long golcl_floormod(long k, long n) { return k - golcl_floordiv(k, n) * n; }

/* Cell (x, y) of a w×h grid of bytes, x and y at most one side outside:
 * wrapped on a torus (GOLCL_TORUS 1), 0 outside a dead boundary. */
inline uint golcl_ms_cell(__global const uchar *in, int w, int h, int x, int y) {
#if GOLCL_TORUS
  x = x < 0 ? x + w : x >= w ? x - w : x;
  y = y < 0 ? y + h : y >= h ? y - h : y;
#else
  if (x < 0 || y < 0 || x >= w || y >= h) return 0;
#endif
  return in[(size_t)y * w + x];
}

#endif
