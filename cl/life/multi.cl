/* multi.cl — MULTI on the BITROW layout: up to GOLCL_MG generations a launch
 * in local memory. A work-group of GOLCL_MX × GOLCL_MY work-items loads a tile
 * of GOLCL_MX words (one halo word each side, the inner GOLCL_MX-2 are its
 * output) × TR = GOLCL_MY·GOLCL_MS rows (GOLCL_MG halo rows above and below),
 * steps it `gens` times between two local buffers — a work-item walks its
 * word column over a strip of GOLCL_MS rows with the sliding 3-sums of
 * common/bitslice.cl — and writes the inner part back.
 *
 * Why it is exact: a wrong cell at the tile's edge (the neighbours outside it
 * are read as dead) spoils one more cell inwards each generation, so after
 * gens ≤ GOLCL_MG ≤ 32 generations the inner words and rows are untouched.
 * Each generation only computes the rows that can still reach the inside.
 *
 * Edges, by true cell coordinates: the tile is addressed in virtual cells
 * (word j holds cells 32j..32j+31, j may be -1 or past the row); on a torus a
 * virtual cell is cell (x mod w, y mod h) — whole words where they line up
 * (every word when w is a multiple of 32, the halo words of the seam included),
 * else gathered bit by bit (a tile column at the seam of a width that is no
 * multiple of 32: once a launch, never in the generation loop) — so any size
 * wraps exactly, a 1×1 torus included. On a dead boundary, cells outside the
 * grid are loaded as 0 and kept 0 each generation (column mask, row range).
 * Build options: GOLCL_TORUS, GOLCL_MX, GOLCL_MY, GOLCL_MS, GOLCL_MG, rule. */
#include "common/bitslice.cl"

#define TR (GOLCL_MY * GOLCL_MS)
#define XIN (GOLCL_MX - 2)
#define YIN (TR - 2 * GOLCL_MG)

/* Rows read from local memory ahead of use; 1 measured fastest on the H200
 * (4: 9 % slower). */
#ifndef GOLCL_MT_AHEAD
#define GOLCL_MT_AHEAD 1
#endif

/* 32 cells from virtual cell X0 of row `row` on a torus of width w. */
__attribute__((noinline)) uint mt_gather(__global const uint *in, size_t row, long X0, int w) {
  uint v = 0;
  for (int i = 0; i < 32; i++) {
    long x = (X0 + i) % w;
    if (x < 0) x += w;
    v |= ((golcl_bs_load(in, row + (size_t)(x >> 5)) >> (x & 31)) & 1u) << i;
  }
  return v;
}

/* The horizontal 3-sum of tile word (r, c) of buffer b; *centre gets it.
 * (A 32-word tile runs multi_reg, which takes the words beside by shfl.sync.) */
inline uint2 mt_row(__local const uint *b, int r, int c, uint *centre) {
  __local const uint *p = b + r * GOLCL_MX + c;
  uint x = p[0];
  uint west = x << 1, east = x >> 1;
  if (c > 0) west |= p[-1] >> 31;
  if (c + 1 < GOLCL_MX) east |= p[1] << 31;
  *centre = x;
  return golcl_bs_h3(west, x, east);
}

__kernel __attribute__((reqd_work_group_size(GOLCL_MX, GOLCL_MY, 1))) void multi_step(
    __global const uint *in, __global uint *out, int w, int h, int words, int gens) {
  __local uint buf[2 * TR * GOLCL_MX];
  int c = (int)get_local_id(0), r0 = (int)get_local_id(1) * GOLCL_MS;
  long j = (long)get_group_id(0) * XIN + c - 1;        /* virtual word */
  long ybase = (long)get_group_id(1) * YIN - GOLCL_MG; /* virtual row of tile row 0 */
#if GOLCL_TORUS
  const uint cmask = 0xffffffffu;
  /* Word jw of the row holds virtual word j: j itself inside the row, and
   * when w is a multiple of 32 the wrapped j (the halo words of the seam
   * tiles, -1 and past the row); else the seam words are gathered. */
  int whole = (w & 31) == 0 || (j >= 0 && j < words - 1);
  long jw = (j + words) % words;
  int ylo = 0, yhi = TR;
#else
  uint cmask = (j < 0 || j >= words) ? 0u : golcl_bs_colmask((int)j, words, w);
  int ylo = (int)clamp(-ybase, 0L, (long)TR), yhi = (int)clamp((long)h - ybase, 0L, (long)TR);
#endif
#pragma unroll 1
  for (int i = 0; i < GOLCL_MS; i++) {
    long y = ybase + r0 + i;
    uint v;
#if GOLCL_TORUS
    if (y < 0 || y >= h) {
      y %= h;
      if (y < 0) y += h;
    }
    size_t row = (size_t)y * (size_t)words;
    v = whole ? golcl_bs_load(in, row + (size_t)jw) : mt_gather(in, row, 32 * j, w);
#else
    v = (y >= 0 && y < h && cmask) ? golcl_bs_load(in, (size_t)y * (size_t)words + (size_t)j) : 0u;
#endif
    buf[(r0 + i) * GOLCL_MX + c] = v;
    buf[(TR + r0 + i) * GOLCL_MX + c] = v;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int t = 1; t <= gens; t++) {
    __local const uint *src = buf + ((t - 1) & 1) * TR * GOLCL_MX;
    __local uint *dst = buf + (t & 1) * TR * GOLCL_MX;
    int lo = max(max(r0, t), ylo), hi = min(min(r0 + GOLCL_MS, TR - t), yhi);
    if (lo < hi) {
      uint a, b[GOLCL_MT_AHEAD] = {0};
      uint2 u = mt_row(src, lo - 1, c, &a);
      uint2 m = mt_row(src, lo, c, &a);
      for (int r = lo; r < hi; r += GOLCL_MT_AHEAD) {
        uint2 d[GOLCL_MT_AHEAD];
#pragma unroll
        for (int i = 0; i < GOLCL_MT_AHEAD; i++)
          d[i] = r + i < hi ? mt_row(src, r + 1 + i, c, &b[i]) : (uint2)(0, 0);
#pragma unroll
        for (int i = 0; i < GOLCL_MT_AHEAD; i++) {
          if (r + i < hi) dst[(r + i) * GOLCL_MX + c] = golcl_bs_next(a, u, m, d[i]) & cmask;
          u = m;
          m = d[i];
          a = b[i];
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (c < 1 || c > XIN || j >= words) return;
  __local const uint *fin = buf + (gens & 1) * TR * GOLCL_MX;
  uint mask = golcl_bs_colmask((int)j, words, w);
#pragma unroll 1
  for (int i = 0; i < GOLCL_MS; i++) {
    int r = r0 + i;
    long y = ybase + r;
    if (r >= GOLCL_MG && r < TR - GOLCL_MG && y < h)
      golcl_bs_store(out, (size_t)y * (size_t)words + (size_t)j, fin[r * GOLCL_MX + c] & mask);
  }
}

/* multi_reg — MULTI with the tile in registers (local_w = 32, one sub-group
 * of 32 work-items across). Work-item (c, wy) keeps its word column of
 * GOLCL_MS rows (tile rows wy·GOLCL_MS ..) in registers for all `gens`
 * generations. The words west and east of a row come from the lanes beside
 * (shfl.sync on NVIDIA, GOLCL_MR_SHFL, set by the host; lanes 0 and 31 are
 * the halo words and take their own word instead, which spoils only the
 * halo), the rows above and below the strip from the work-items above and
 * below through local memory: two words a generation, one barrier (two
 * exchange buffers by parity). Without GOLCL_MR_SHFL every row goes through
 * local memory (two barriers a generation): the portable path, for CPUs.
 * Same tile, halo, virtual cells and exactness argument as multi_step; rows
 * outside a dead boundary are kept 0 on the warps that have any (a
 * warp-uniform branch), words outside it by the column mask. */
#define MR_S GOLCL_MS

#if GOLCL_MR_SHFL
inline uint2 mr_h3(uint x) {
  uint pw, pe;
  asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(pw) : "r"(x));
  asm volatile("shfl.sync.down.b32 %0, %1, 1, 31, 0xffffffff;" : "=r"(pe) : "r"(x));
  return golcl_bs_h3((x << 1) | (pw >> 31), x, (x >> 1) | (pe << 31));
}
#define MR_H3(x, lrow) mr_h3(x)
#else
/* Row `lrow` of the local copy: x is its word c. */
inline uint2 mr_h3l(uint x, __local const uint *lb, int lrow, int c) {
  __local const uint *p = lb + lrow * GOLCL_MX + c;
  uint west = x << 1, east = x >> 1;
  if (c > 0) west |= p[-1] >> 31;
  if (c + 1 < GOLCL_MX) east |= p[1] << 31;
  return golcl_bs_h3(west, x, east);
}
#define MR_H3(x, lrow) mr_h3l(x, lb, lrow, c)
#endif

/* One generation of the strip v[0..MR_S-1] with rows `above` and `below`
 * (tile rows r0-1 and r0+MR_S); MASKED: rows i outside [ilo, ihi) become 0. */
#define MR_GEN(MASKED)                                                    \
  do {                                                                    \
    uint2 hp = wy > 0 ? MR_H3(above, r0 - 1) : (uint2)(0, 0);             \
    uint2 hc = MR_H3(v[0], r0);                                           \
    _Pragma("unroll") for (int i = 0; i < MR_S; i++) {                    \
      uint2 hn;                                                           \
      if (i + 1 < MR_S)                                                   \
        hn = MR_H3(v[i + 1], r0 + i + 1);                                 \
      else                                                                \
        hn = wy + 1 < GOLCL_MY ? MR_H3(below, r0 + MR_S) : (uint2)(0, 0); \
      uint nv = golcl_bs_next(v[i], hp, hc, hn) & cmask;                  \
      if (MASKED) nv = (i >= ilo && i < ihi) ? nv : 0u;                   \
      v[i] = nv;                                                          \
      hp = hc;                                                            \
      hc = hn;                                                            \
    }                                                                     \
  } while (0)

__kernel __attribute__((reqd_work_group_size(GOLCL_MX, GOLCL_MY, 1))) void multi_reg(
    __global const uint *in, __global uint *out, int w, int h, int words, int gens) {
#if GOLCL_MR_SHFL
  __local uint xch[2 * 2 * GOLCL_MY * GOLCL_MX];
#else
  __local uint lb[TR * GOLCL_MX];
#endif
  int c = (int)get_local_id(0), wy = (int)get_local_id(1), r0 = wy * MR_S;
  long j = (long)get_group_id(0) * XIN + c - 1;        /* virtual word */
  long ybase = (long)get_group_id(1) * YIN - GOLCL_MG; /* virtual row of tile row 0 */
  uint v[MR_S];
#if GOLCL_TORUS
  const uint cmask = 0xffffffffu;
  /* Word jw of the row holds virtual word j: j itself inside the row, and
   * when w is a multiple of 32 the wrapped j (the halo words of the seam
   * tiles, -1 and past the row); else the seam words are gathered. */
  int whole = (w & 31) == 0 || (j >= 0 && j < words - 1);
  long jw = (j + words) % words;
  const int ilo = 0, ihi = MR_S;
#else
  uint cmask = (j < 0 || j >= words) ? 0u : golcl_bs_colmask((int)j, words, w);
  /* strip rows i with ybase + r0 + i in [0, h) */
  int ilo = (int)clamp(-(ybase + r0), 0L, (long)MR_S);
  int ihi = (int)clamp((long)h - (ybase + r0), 0L, (long)MR_S);
#endif
#pragma unroll
  for (int i = 0; i < MR_S; i++) {
    long y = ybase + r0 + i;
#if GOLCL_TORUS
    if (y < 0 || y >= h) {
      y %= h;
      if (y < 0) y += h;
    }
    size_t row = (size_t)y * (size_t)words;
    v[i] = whole ? golcl_bs_load(in, row + (size_t)jw) : mt_gather(in, row, 32 * j, w);
#else
    v[i] =
        (y >= 0 && y < h && cmask) ? golcl_bs_load(in, (size_t)y * (size_t)words + (size_t)j) : 0u;
#endif
  }
  for (int t = 0; t < gens; t++) {
    uint above, below;
#if GOLCL_MR_SHFL
    __local uint *x = xch + (t & 1) * 2 * GOLCL_MY * GOLCL_MX;
    x[(2 * wy) * GOLCL_MX + c] = v[0];
    x[(2 * wy + 1) * GOLCL_MX + c] = v[MR_S - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    above = wy > 0 ? x[(2 * wy - 1) * GOLCL_MX + c] : 0u;
    below = wy + 1 < GOLCL_MY ? x[(2 * wy + 2) * GOLCL_MX + c] : 0u;
#else
#pragma unroll
    for (int i = 0; i < MR_S; i++) lb[(r0 + i) * GOLCL_MX + c] = v[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    above = wy > 0 ? lb[(r0 - 1) * GOLCL_MX + c] : 0u;
    below = wy + 1 < GOLCL_MY ? lb[(r0 + MR_S) * GOLCL_MX + c] : 0u;
#endif
#if GOLCL_TORUS
    MR_GEN(0);
#else
    if (ilo > 0 || ihi < MR_S)
      MR_GEN(1);
    else
      MR_GEN(0);
#endif
#if !GOLCL_MR_SHFL
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
  }
  if (c < 1 || c > XIN || j >= words) return;
  uint mask = golcl_bs_colmask((int)j, words, w);
#pragma unroll
  for (int i = 0; i < MR_S; i++) {
    int r = r0 + i;
    long y = ybase + r;
    if (r >= GOLCL_MG && r < TR - GOLCL_MG && y < h)
      golcl_bs_store(out, (size_t)y * (size_t)words + (size_t)j, v[i] & mask);
  }
}
