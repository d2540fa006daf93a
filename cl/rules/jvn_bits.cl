/* jvn_bits.cl — JvN29 and Nobili32 on bit planes (lib/rules/jvn_bits.c):
 * 32 cells of a row in a word of each of 5 planes, bit b of the cell's code
 * at bit i of word j of plane b for cell 32j+i. The code (jb_code) puts
 * what the rule reads in single bits: 0..8 ground and sensitised as they
 * are, 9..15 the confluent states 25..31, 16..31 the transmission states
 * 9..24 (bit 4 transmission, bits 0-1 the direction, bit 2 excited, bit 3
 * special). Plane 5 holds the cells in a state of 32 or more, which keep
 * it (the unpack writes their byte back) and read as ground to their
 * neighbours; word 6·h·ww of the first buffer says whether there is one.
 *
 * A work-item walks down a word column `rows` rows (one generation a
 * launch), keeping the rows above, at and below (the one at with its west
 * and east neighbours shifted in). Each neighbour's arrow pointing back at
 * the cell (pin), its kind and excitation, the confluent states that send
 * along its axis, make the 7 planes of jvn_signal_key (rules/jvn_rule.cl)
 * in a few logic operations a word, and the rule's next code is the
 * bitselect chain of rules/jvn_bits_rule.cl (generated from jvn_decide).
 * GOLCL_TORUS (0/1) picks the boundary, GOLCL_JVN_RULE (0 JvN29, 1
 * Nobili32) the rule. Any width and height; bits past the width stay 0. */
#include "rules/jvn_bits_rule.cl"

#define JB_P 5 /* code planes */
#define JB_FROZEN 5 /* the plane of the cells of state 32 or more */
#define JB_AT(pl, b, y, j) (pl)[((size_t)(b)*h + (size_t)(y)) * ww + (size_t)(j)]
#define JB_FLAG(pl) (pl)[(size_t)(JB_FROZEN + 1) * h * ww]

/* The code of a state under 32, and the state of a code. */
inline uint jb_code(uint s) { return s <= 8 ? s : s <= 24 ? s + 7 : s - 16; }
inline uint jb_state(uint c) { return c <= 8 ? c : c <= 15 ? c + 16 : c - 7; }

/* Row y's word j (c) and its west (wv) and east (e) neighbours shifted in:
 * bit i of wv is the cell west of bit i of c. Row y already wrapped on a
 * torus, out of range for a dead boundary (all 0). */
inline void jb_row(__global const uint *in, int w, int h, int ww, int y, int j, uint *c, uint *wv,
                   uint *e) {
  if (y < 0 || y >= h) {
    for (int b = 0; b < JB_P; b++) c[b] = wv[b] = e[b] = 0u;
    return;
  }
  const int k = (w - 1) & 31; /* the last cell's bit in the last word */
  for (int b = 0; b < JB_P; b++) {
    const uint x = JB_AT(in, b, y, j);
    const uint l = j > 0 ? JB_AT(in, b, y, j - 1) : 0u, r = j + 1 < ww ? JB_AT(in, b, y, j + 1) : 0u;
    uint west = x << 1 | l >> 31, east = x >> 1 | r << 31;
#if GOLCL_TORUS
    if (j == 0) west |= JB_AT(in, b, y, ww - 1) >> k & 1u; /* cell w-1 west of cell 0 */
    if (j == ww - 1) east = (east & ~(1u << k)) | (JB_AT(in, b, y, 0) & 1u) << k;
#else
    (void)k;
#endif
    c[b] = x, wv[b] = west, e[b] = east;
  }
}

/* The confluent states that send along a row (25..28 excited, 29 and 31)
 * and along a column (27, 28, 30, 31). */
inline uint jb_conf_h(const uint *y) { return ~y[4] & y[3] & ((y[1] & y[0]) | (y[2] & ~y[1])); }
inline uint jb_conf_v(const uint *y) { return ~y[4] & y[3] & ((y[1] & y[0]) | (y[2] & ~y[0])); }

/* The signals jvn_signal gives from a neighbour y: pin, the cells y points
 * at with an arrow (it points back at them); conf, where y is a confluent
 * state sending their way; away, the cells that point at y themselves
 * (head to head: no excitation passes). oexc, in, out: its axis's planes. */
inline void jb_from(const uint *y, uint pin, uint conf, uint away, uint *oexc, uint *in, uint *out,
                    uint *ord, uint *sexc, uint *exc) {
  const uint po = pin & ~y[3], ps = pin & y[3];
  *oexc |= po & y[2];
  *ord |= po & ~y[2];
  *sexc |= ps & y[2];
  *in |= po;
  *out |= y[4] & ~pin;
  *exc |= ~away & ((pin & y[2]) | conf);
}

__kernel void jvn_bits_step(__global const uint *in, __global uint *out, __global const uint *fz,
                            int w, int h, int ww, int rows) {
  const int j = (int)get_global_id(0), y0 = (int)get_global_id(1) * rows;
  if (j >= ww || y0 >= h) return;
  const uint last = (w & 31) && j == ww - 1 ? (1u << (w & 31)) - 1u : 0xffffffffu;
  const int frozen = JB_FLAG(fz) != 0u;
  uint uc[JB_P], mc[JB_P], mw[JB_P], me[JB_P], dc[JB_P], dw[JB_P], de[JB_P];
#if GOLCL_TORUS
  jb_row(in, w, h, ww, y0 == 0 ? h - 1 : y0 - 1, j, uc, dw, de);
#else
  jb_row(in, w, h, ww, y0 - 1, j, uc, dw, de);
#endif
  jb_row(in, w, h, ww, y0, j, mc, mw, me);
  const int y1 = y0 + rows < h ? y0 + rows : h;
  for (int y = y0; y < y1; y++) {
#if GOLCL_TORUS
    jb_row(in, w, h, ww, y + 1 == h ? 0 : y + 1, j, dc, dw, de);
#else
    jb_row(in, w, h, ww, y + 1, j, dc, dw, de);
#endif
    /* the cell's arrows: t0 east, t1 north, t2 west, t3 south */
    const uint t0 = mc[4] & ~mc[1] & ~mc[0], t1 = mc[4] & ~mc[1] & mc[0];
    const uint t2 = mc[4] & mc[1] & ~mc[0], t3 = mc[4] & mc[1] & mc[0];
    uint oh = 0, ov = 0, ih = 0, iv = 0, xh = 0, xv = 0, ord = 0, sexc = 0, exc = 0;
    jb_from(me, me[4] & me[1] & ~me[0], jb_conf_h(me), t0, &oh, &ih, &xh, &ord, &sexc, &exc);
    jb_from(uc, uc[4] & uc[1] & uc[0], jb_conf_v(uc), t1, &ov, &iv, &xv, &ord, &sexc, &exc);
    jb_from(mw, mw[4] & ~mw[1] & ~mw[0], jb_conf_h(mw), t2, &oh, &ih, &xh, &ord, &sexc, &exc);
    jb_from(dc, dc[4] & ~dc[1] & dc[0], jb_conf_v(dc), t3, &ov, &iv, &xv, &ord, &sexc, &exc);
    const uint v[12] = {mc[0], mc[1], mc[2], mc[3], mc[4], oh, ov, sexc,
                        ord,   ih & iv & xh & xv,  xh | xv, exc};
    uint o[JB_P];
#if GOLCL_JVN_RULE == 1
    jb_next_nobili32(v, o);
#else
    jb_next_jvn29(v, o);
#endif
    const uint keep = last & (frozen ? ~JB_AT(fz, JB_FROZEN, y, j) : 0xffffffffu);
    for (int b = 0; b < JB_P; b++) {
      JB_AT(out, b, y, j) = o[b] & keep;
      uc[b] = mc[b], mc[b] = dc[b], mw[b] = dw[b], me[b] = de[b];
    }
  }
}

/* Bytes (one a cell, row-major w×h) to the 5 code planes and the plane of
 * states of 32 or more (setting the flag where there is one): a work-item
 * a word, its 32 bytes in two 16-byte loads where the row is a multiple of
 * 16 bytes and the word whole (little-endian devices). The flag is 0 before. */
#ifdef __ENDIAN_LITTLE__
#define JB_WIDE(w, j) (((w)&15) == 0 && 32 * (j) + 32 <= (w))
#else
#define JB_WIDE(w, j) 0
#endif
inline void jb_put(uint *p, uint s, int i) {
  const uint c = s < 32 ? jb_code(s) : 0u;
  for (int b = 0; b < JB_P; b++) p[b] |= (c >> b & 1u) << i;
  p[JB_FROZEN] |= (uint)(s >= 32) << i;
}

__kernel void jvn_bits_pack(__global const uchar *cells, __global uint *pl, int w, int h, int ww) {
  const int j = (int)get_global_id(0), y = (int)get_global_id(1);
  if (j >= ww || y >= h) return;
  uint p[JB_P + 1] = {0u, 0u, 0u, 0u, 0u, 0u};
  __global const uchar *r = cells + (size_t)y * w + 32 * (size_t)j;
  if (JB_WIDE(w, j)) {
    const uint4 lo = ((__global const uint4 *)r)[0], hi = ((__global const uint4 *)r)[1];
    const uint v[8] = {lo.s0, lo.s1, lo.s2, lo.s3, hi.s0, hi.s1, hi.s2, hi.s3};
#pragma unroll
    for (int i = 0; i < 32; i++) jb_put(p, v[i >> 2] >> (8 * (i & 3)) & 255u, i);
  } else {
    for (int i = 0; i < 32 && 32 * j + i < w; i++) jb_put(p, r[i], i);
  }
  for (int b = 0; b <= JB_FROZEN; b++) JB_AT(pl, b, y, j) = p[b];
  if (p[JB_FROZEN]) atomic_or((__global volatile uint *)&JB_FLAG(pl), 1u);
}

/* Planes back to bytes: a cell of state 32 or more takes its byte from
 * `cells`, the bytes that were packed. */
inline uint jb_get(const uint *p, __global const uchar *r, int i) {
  if (p[JB_FROZEN] >> i & 1u) return r[i];
  uint c = 0;
  for (int b = 0; b < JB_P; b++) c |= (p[b] >> i & 1u) << b;
  return jb_state(c);
}

__kernel void jvn_bits_unpack(__global const uint *pl, __global const uint *fz,
                              __global const uchar *cells, __global uchar *outc, int w, int h,
                              int ww) {
  const int j = (int)get_global_id(0), y = (int)get_global_id(1);
  if (j >= ww || y >= h) return;
  uint p[JB_P + 1];
  for (int b = 0; b < JB_P; b++) p[b] = JB_AT(pl, b, y, j);
  p[JB_FROZEN] = JB_AT(fz, JB_FROZEN, y, j);
  const size_t at = (size_t)y * w + 32 * (size_t)j;
  __global const uchar *r = cells + at;
  __global uchar *o = outc + at;
  if (JB_WIDE(w, j)) {
    uint v[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {
      uint word = 0;
#pragma unroll
      for (int i = 0; i < 4; i++) word |= jb_get(p, r, 4 * k + i) << (8 * i);
      v[k] = word;
    }
    ((__global uint4 *)o)[0] = (uint4)(v[0], v[1], v[2], v[3]);
    ((__global uint4 *)o)[1] = (uint4)(v[4], v[5], v[6], v[7]);
    return;
  }
  for (int i = 0; i < 32 && 32 * j + i < w; i++) o[i] = (uchar)jb_get(p, r, i);
}
