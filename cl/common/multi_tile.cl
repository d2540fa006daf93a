/* multi_tile.cl — one tile of the multi-generation bit-sliced steppers
 * (MULTI, SPARSE) on the BITROW layout. A tile is GOLCL_MX words (one halo
 * word each side; the inner GOLCL_MX-2 are its output) × TR = GOLCL_MY ·
 * GOLCL_MS rows (GOLCL_MG halo rows above and below); it is stepped `gens`
 * ≤ GOLCL_MG generations in one launch and its inner part written back.
 *
 * Why it is exact: a wrong cell at the tile's edge (the neighbours outside it
 * are read as dead) spoils one more cell inwards each generation, so after
 * gens ≤ GOLCL_MG ≤ 32 generations the inner words and rows are untouched.
 *
 * Edges, by true cell coordinates: the tile is addressed in virtual cells
 * (word j holds cells 32j..32j+31, j may be -1 or past the row); on a torus a
 * virtual cell is cell (x mod w, y mod h) — whole words where they line up
 * (every word when w is a multiple of 32, the halo words of the seam included),
 * else gathered bit by bit (a tile column at the seam of a width that is no
 * multiple of 32: once a launch, never in the generation loop) — so any size
 * wraps exactly, a 1×1 torus included. On a dead boundary, cells outside the
 * grid are loaded as 0 and kept 0 each generation (column mask, row range).
 * Build options: GOLCL_TORUS, GOLCL_MX, GOLCL_MY, GOLCL_MS, GOLCL_MG,
 * GOLCL_MR_SHFL, GOLCL_MR_TRACK, the rule. */
#ifndef GOLCL_MULTI_TILE_CL
#define GOLCL_MULTI_TILE_CL

#include "common/bitslice.cl"

#define TR (GOLCL_MY * GOLCL_MS)
#define XIN (GOLCL_MX - 2)
#define YIN (TR - 2 * GOLCL_MG)

#ifndef GOLCL_MR_SHFL
#define GOLCL_MR_SHFL 0
#endif
#ifndef GOLCL_MR_TRACK
#define GOLCL_MR_TRACK 0
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

/* The register tile (golcl_mr_tile): work-item (c, wy) keeps its word column
 * of GOLCL_MS rows (tile rows wy·GOLCL_MS ..) in registers for all `gens`
 * generations. The words west and east of a row come from the lanes beside
 * (shfl.sync on NVIDIA, GOLCL_MR_SHFL, set by the host for GOLCL_MX = 32;
 * lanes 0 and 31 are the halo words and take their own word instead, which
 * spoils only the halo), the rows above and below the strip from the
 * work-items above and below through local memory: two words a generation,
 * one barrier (two exchange buffers by parity). Without GOLCL_MR_SHFL every
 * row goes through local memory (two barriers a generation): the portable
 * path. Rows outside a dead boundary are kept 0 on the warps that have any
 * (a warp-uniform branch), words outside it by the column mask. */
#define MR_S GOLCL_MS

/* Words of local memory golcl_mr_tile needs (the caller declares them). */
#if GOLCL_MR_SHFL
#define MR_LMEM (2 * 2 * GOLCL_MY * GOLCL_MX)
#else
#define MR_LMEM (TR * GOLCL_MX)
#endif

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
 * (tile rows r0-1 and r0+MR_S); MASKED: rows i outside [ilo, ihi) become 0.
 * With GOLCL_MR_TRACK the bits that change in strip rows [tlo, thi) are
 * or-ed into `changed`. */
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
      if (GOLCL_MR_TRACK && i >= tlo && i < thi) changed |= nv ^ v[i];    \
      v[i] = nv;                                                          \
      hp = hc;                                                            \
      hc = hn;                                                            \
    }                                                                     \
  } while (0)

/* Steps tile (tx, ty) — virtual words tx·XIN-1 .., rows ty·YIN-GOLCL_MG .. —
 * `gens` generations from `in` and writes its inner part to `out`. Every
 * work-item of the group calls it (it has barriers); `lmem` holds MR_LMEM
 * words. Returns, with GOLCL_MR_TRACK, the bits of this work-item's inner
 * words that changed in any of the generations (0 for halo words); else 0. */
inline uint golcl_mr_tile(__global const uint *in, __global uint *out, int w, int h, int words,
                          int gens, long tx, long ty, __local uint *lmem) {
  int c = (int)get_local_id(0), wy = (int)get_local_id(1), r0 = wy * MR_S;
  long j = tx * XIN + c - 1;         /* virtual word */
  long ybase = ty * YIN - GOLCL_MG; /* virtual row of tile row 0 */
  uint v[MR_S], changed = 0;
#if GOLCL_MR_SHFL
  __local uint *xch = lmem;
#else
  __local uint *lb = lmem;
#endif
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
  /* strip rows i in the tile's inner rows, on the grid */
  int tlo = clamp(GOLCL_MG - r0, 0, MR_S);
  int thi = (int)clamp(min((long)(TR - GOLCL_MG), (long)h - ybase) - r0, 0L, (long)MR_S);
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
  barrier(CLK_LOCAL_MEM_FENCE); /* local memory free of the group's last tile */
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
  if (c < 1 || c > XIN || j >= words) return 0u;
  uint mask = golcl_bs_colmask((int)j, words, w);
#pragma unroll
  for (int i = 0; i < MR_S; i++) {
    int r = r0 + i;
    long y = ybase + r;
    if (r >= GOLCL_MG && r < TR - GOLCL_MG && y < h)
      golcl_bs_store(out, (size_t)y * (size_t)words + (size_t)j, v[i] & mask);
  }
  return changed & mask;
}

#endif
