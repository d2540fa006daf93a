/* multi.cl — MULTI on the BITROW layout: up to GOLCL_MG generations a launch.
 * A work-group of GOLCL_MX × GOLCL_MY work-items steps one tile of
 * common/multi_tile.cl (tile, halo, virtual cells, why it is exact):
 * multi_step in local memory — it steps the tile `gens` times between two
 * local buffers, a work-item walking its word column over a strip of
 * GOLCL_MS rows with the sliding 3-sums of common/bitslice.cl — and
 * multi_reg (GOLCL_MX = 32) with the tile in registers (golcl_mr_tile).
 *
 * multi_step computes, each generation, only the rows that can still reach
 * the inside. Build options: those of common/multi_tile.cl. */
#include "common/multi_tile.cl"

/* Rows read from local memory ahead of use; 1 measured fastest on the H200
 * (4: 9 % slower). */
#ifndef GOLCL_MT_AHEAD
#define GOLCL_MT_AHEAD 1
#endif

/* multi_step serves tiles of any width but 32 words, which multi_reg serves
 * (the host picks by width): leaving it out of a 32-word build keeps its two
 * local copies of the tile from limiting the register kernel's tile height. */
#if GOLCL_MX != 32
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
#endif

/* multi_reg — MULTI with the tile in registers (local_w = 32, one
 * sub-group across): golcl_mr_tile on the group's tile. */
__kernel __attribute__((reqd_work_group_size(GOLCL_MX, GOLCL_MY, 1))) void multi_reg(
    __global const uint *in, __global uint *out, int w, int h, int words, int gens) {
  __local uint lmem[MR_LMEM];
  golcl_mr_tile(in, out, w, h, words, gens, (long)get_group_id(0), (long)get_group_id(1), lmem);
}
