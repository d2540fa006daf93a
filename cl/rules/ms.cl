/* ms.cl — what the multi-state kernels share: the next state of a cell
 * (lib/rules/rules.h has the same golcl__ms_next for the host) and the
 * wrap of a coordinate on a torus. */
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

#endif
