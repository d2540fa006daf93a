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
#include "common/planes.cl"
#include "common/swar.cl"
#include "rules/jvn_bits_rule.cl"

#define JB_P 5      /* code planes */
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
  __global const uint *r = in + (size_t)y * ww + j;
  const size_t plane = (size_t)h * ww;
  for (int b = 0; b < JB_P; b++, r += plane) {
    const uint x = r[0], l = j > 0 ? r[-1] : 0u, rt = j + 1 < ww ? r[1] : 0u;
    uint west = golcl_plane_west(x, l), east = golcl_plane_east(x, rt);
#if GOLCL_TORUS
    if (j == 0) west |= r[ww - 1] >> k & 1u; /* cell w-1 west of cell 0 */
    if (j == ww - 1) east = (east & ~(1u << k)) | (r[-j] & 1u) << k;
#else
    (void)k;
#endif
    c[b] = x, wv[b] = west, e[b] = east;
  }
}

/* The confluent states that send along a row (27, 28, 29, 31) and along a
 * column (27, 28, 30, 31). */
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

/* The next code o of the 32 cells mc, from the rows above (uc) and below
 * (dc) and the cells west (mw) and east (me) of them. */
inline void jb_next(const uint *uc, const uint *mc, const uint *mw, const uint *me, const uint *dc,
                    uint *o) {
  /* the cell's arrows: t0 east, t1 north, t2 west, t3 south */
  const uint t0 = mc[4] & ~mc[1] & ~mc[0], t1 = mc[4] & ~mc[1] & mc[0];
  const uint t2 = mc[4] & mc[1] & ~mc[0], t3 = mc[4] & mc[1] & mc[0];
  uint oh = 0, ov = 0, ih = 0, iv = 0, xh = 0, xv = 0, ord = 0, sexc = 0, exc = 0;
  jb_from(me, me[4] & me[1] & ~me[0], jb_conf_h(me), t0, &oh, &ih, &xh, &ord, &sexc, &exc);
  jb_from(uc, uc[4] & uc[1] & uc[0], jb_conf_v(uc), t1, &ov, &iv, &xv, &ord, &sexc, &exc);
  jb_from(mw, mw[4] & ~mw[1] & ~mw[0], jb_conf_h(mw), t2, &oh, &ih, &xh, &ord, &sexc, &exc);
  jb_from(dc, dc[4] & ~dc[1] & dc[0], jb_conf_v(dc), t3, &ov, &iv, &xv, &ord, &sexc, &exc);
  /* the cell's code and jvn_signal_key's bits */
  const uint v[12] = {mc[0],   mc[1], mc[2], mc[3], mc[4], oh, ov, sexc, ord, ih & iv & xh & xv,
                      xh | xv, exc};
#if GOLCL_JVN_RULE == 1
  jb_next_nobili32(v, o);
#else
  jb_next_jvn29(v, o);
#endif
}

__kernel void jvn_bits_step(__global const uint *in, __global uint *out, __global const uint *fz,
                            int w, int h, int ww, int rows) {
  const int j = (int)get_global_id(0), y0 = (int)get_global_id(1) * rows;
  if (j >= ww || y0 >= h) return;
  const uint last = golcl_plane_cells(j, w, ww);
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
    uint o[JB_P];
    jb_next(uc, mc, mw, me, dc, o);
    const uint keep = last & (frozen ? ~JB_AT(fz, JB_FROZEN, y, j) : 0xffffffffu);
    __global uint *op = out + (size_t)y * ww + j;
    for (int b = 0; b < JB_P; b++, op += (size_t)h * ww) {
      *op = o[b] & keep;
      uc[b] = mc[b], mc[b] = dc[b], mw[b] = dw[b], me[b] = de[b];
    }
  }
}

/* Several generations a launch (GOLCL_JB_MULTI, as genbits.cl's
 * genbits_multi): a work-group of 32 × GOLCL_JB_LY work-items holds a tile
 * of 32 words × GOLCL_JB_TH rows, a work-item a word column of JB_RPI rows,
 * the codes in registers. Each generation the words west and east come
 * from the lanes beside (shfl.sync on NVIDIA, GOLCL_JB_SHFL; else local
 * memory, two barriers), the rows above and below a work-item's strip from
 * the work-items above and below through local memory. The tile's edge
 * spoils a cell inwards a generation: after g (at most 32) the centre 30
 * words × TH - 2g rows are exact and written. Dead boundary, or a torus of
 * whole words (no seam inside a word); cells outside the grid and those of
 * state 32 or more are kept 0. */
#if GOLCL_JB_MULTI
#define JB_LY GOLCL_JB_LY
#define JB_TH GOLCL_JB_TH
#define JB_RPI (JB_TH / JB_LY)
#if GOLCL_JB_SHFL
#include "common/shfl.cl"
#endif

__kernel __attribute__((reqd_work_group_size(32, JB_LY, 1))) void jvn_bits_multi(
    __global const uint *in, __global uint *out, __global const uint *fz, int w, int h, int ww,
    int g) {
#if GOLCL_JB_SHFL
  __local uint X[2][JB_LY][2][JB_P][32]; /* by parity: each strip's first and last row */
#else
  __local uint A[JB_TH][JB_P][32];
#endif
  const int tx = (int)get_local_id(0), ty = (int)get_local_id(1), r0 = ty * JB_RPI;
  const int gx0 = (int)get_group_id(0) * 30 - 1, gy0 = (int)get_group_id(1) * (JB_TH - 2 * g) - g;
  uint keep; /* the bits of this column that are cells */
  const int gx = golcl_plane_column(gx0 + tx, w, ww, &keep);
  const int frozen = JB_FLAG(fz) != 0u;
  uint p[JB_RPI][JB_P], rk[JB_RPI];
#pragma unroll
  for (int k = 0; k < JB_RPI; k++) {
    int gy = gy0 + r0 + k;
#if GOLCL_TORUS
    gy = ((gy % h) + h) % h;
    rk[k] = keep;
#else
    rk[k] = gy >= 0 && gy < h ? keep : 0u;
#endif
    if (rk[k] && frozen) rk[k] &= ~JB_AT(fz, JB_FROZEN, gy, gx);
#pragma unroll
    for (int b = 0; b < JB_P; b++) p[k][b] = rk[k] ? JB_AT(in, b, gy, gx) & rk[k] : 0u;
  }
  for (int t = 0; t < g; t++) {
    uint uc[JB_P], mc[JB_P], dc[JB_P], mw[JB_P], me[JB_P], below[JB_P];
#if GOLCL_JB_SHFL
    __local uint(*x)[2][JB_P][32] = X[t & 1];
#pragma unroll
    for (int b = 0; b < JB_P; b++) x[ty][0][b][tx] = p[0][b], x[ty][1][b][tx] = p[JB_RPI - 1][b];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int b = 0; b < JB_P; b++) {
      uc[b] = ty > 0 ? x[ty - 1][1][b][tx] : 0u;
      below[b] = ty < JB_LY - 1 ? x[ty + 1][0][b][tx] : 0u;
    }
#else
#pragma unroll
    for (int k = 0; k < JB_RPI; k++)
#pragma unroll
      for (int b = 0; b < JB_P; b++) A[r0 + k][b][tx] = p[k][b];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int b = 0; b < JB_P; b++) {
      uc[b] = r0 > 0 ? A[r0 - 1][b][tx] : 0u;
      below[b] = r0 + JB_RPI < JB_TH ? A[r0 + JB_RPI][b][tx] : 0u;
    }
#endif
#pragma unroll
    for (int b = 0; b < JB_P; b++) mc[b] = p[0][b];
#pragma unroll
    for (int k = 0; k < JB_RPI; k++) {
#pragma unroll
      for (int b = 0; b < JB_P; b++) {
        dc[b] = k + 1 < JB_RPI ? p[k + 1][b] : below[b];
        uint pw, pe;
#if GOLCL_JB_SHFL
        golcl_shfl_beside(mc[b], &pw, &pe);
#else
        pw = tx > 0 ? A[r0 + k][b][tx - 1] : 0u;
        pe = tx < 31 ? A[r0 + k][b][tx + 1] : 0u;
#endif
        mw[b] = golcl_plane_west(mc[b], pw);
        me[b] = golcl_plane_east(mc[b], pe);
      }
      uint o[JB_P];
      jb_next(uc, mc, mw, me, dc, o);
#pragma unroll
      for (int b = 0; b < JB_P; b++) uc[b] = mc[b], mc[b] = dc[b], p[k][b] = o[b] & rk[k];
    }
#if !GOLCL_JB_SHFL
    barrier(CLK_LOCAL_MEM_FENCE); /* every read of A done before the next writes */
#endif
  }
  /* the exact centre back */
  const int ox = gx0 + tx;
  if (tx == 0 || tx == 31 || ox < 0 || ox >= ww) return;
#pragma unroll
  for (int k = 0; k < JB_RPI; k++) {
    const int r = r0 + k, gy = gy0 + r;
    if (r < g || r >= JB_TH - g || gy < 0 || gy >= h) continue;
#pragma unroll
    for (int b = 0; b < JB_P; b++) JB_AT(out, b, gy, ox) = p[k][b];
  }
}
#endif

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

/* jb_put of four cells at once (cells 4k..4k+3, the bytes of v): the code
 * of each byte within the byte (x + 7 from 9, - 16 from 25), no carry
 * crossing a byte. */
inline void jb_put4(uint *p, uint v, int k) {
  const uint hi = v & 0xe0e0e0e0u, big = (hi >> 5 | hi >> 6 | hi >> 7) & 0x01010101u;
  const uint x = v & 0x1f1f1f1fu;
  const uint a = (x + 0x77777777u) >> 7 & 0x01010101u, b = (x + 0x67676767u) >> 7 & 0x01010101u;
  const uint c = (x + a * 7u - b * 23u) & ~(big * 255u);
  for (int q = 0; q < JB_P; q++) p[q] |= golcl_gather4(c >> q) << (4 * k);
  p[JB_FROZEN] |= golcl_gather4(big) << (4 * k);
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
    for (int k = 0; k < 8; k++) jb_put4(p, v[k], k);
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

/* jb_get of cells 4k..4k+3 as the bytes of a word (the state of each byte
 * within the byte: + 16 from 9, - 7 from 16); those of state 32 or more
 * from orig, the word of bytes that were packed. */
inline uint jb_get4(const uint *p, int k, __global const uint *orig) {
  uint c = 0;
  for (int q = 0; q < JB_P; q++) c |= golcl_spread4(p[q] >> (4 * k)) << q;
  const uint a = (c + 0x77777777u) >> 7 & 0x01010101u, b = c >> 4 & 0x01010101u;
  const uint s = c + a * 16u - b * 23u, m = golcl_spread4(p[JB_FROZEN] >> (4 * k)) * 255u;
  return m ? (s & ~m) | (orig[k] & m) : s;
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
    for (int k = 0; k < 8; k++) v[k] = jb_get4(p, k, (__global const uint *)r);
    ((__global uint4 *)o)[0] = (uint4)(v[0], v[1], v[2], v[3]);
    ((__global uint4 *)o)[1] = (uint4)(v[4], v[5], v[6], v[7]);
    return;
  }
  for (int i = 0; i < 32 && 32 * j + i < w; i++) o[i] = (uchar)jb_get(p, r, i);
}
