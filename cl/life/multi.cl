/* multi.cl — MULTI on the BITROW layout: up to GOLCL_MG generations a launch.
 * A work-group of GOLCL_MX × GOLCL_MY work-items steps one tile of
 * common/multi_tile.cl (tile, halo, virtual cells, why it is exact):
 * multi_step in local memory — it steps the tile `gens` times between two
 * local buffers, a work-item walking its word column over a strip of
 * GOLCL_MS rows with the sliding 3-sums of common/bitslice.cl — and
 * multi_reg (GOLCL_MX = 32) with the tile in registers (golcl_mr_tile).
 *
 * multi_step computes, each generation, only the rows that can still reach
 * the inside. Build options: those of common/multi_tile.cl; GOLCL_MK (words
 * a lane) builds multi_band instead (life/multi_band.cl: whole rows, no
 * halo column). */
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

#if !GOLCL_MK
/* multi_reg — MULTI with the tile in registers (local_w = 32, one
 * sub-group across): golcl_mr_tile on the group's tile. */
__kernel __attribute__((reqd_work_group_size(GOLCL_MX, GOLCL_MY, 1))) void multi_reg(
    __global const uint *in, __global uint *out, int w, int h, int words, int gens) {
  __local uint lmem[MR_LMEM];
  golcl_mr_tile(in, out, w, h, words, gens, (long)get_group_id(0), (long)get_group_id(1), lmem);
}
#else
/* multi_band — MULTI on rows of at most 32 · GOLCL_MK words (a 2048- to
 * 4096-cell row): a work-group of 32 × GOLCL_MY work-items holds a band of
 * whole rows in registers, lane l words l·GOLCL_MK .. l·GOLCL_MK+GOLCL_MK-1 of
 * GOLCL_MS rows, so there is no halo column: the words beside come from the
 * lanes beside (shfl.sync; lane 31 and lane 0 meet across the torus seam,
 * so a torus row must fill the lanes exactly: w = 1024 · GOLCL_MK, which
 * the host checks), the rows above and below the strip from the work-items
 * above and below through local memory. Group i owns grid rows
 * [i·h/nb, (i+1)·h/nb) (B rows, B + 2·GOLCL_MG ≤ TR), tile row r being
 * grid row b0 - GOLCL_MG + r: GOLCL_MG halo rows above and below.
 *
 * A launch runs `gens` generations in periods of up to GOLCL_MG: after a
 * period a group's halo rows are spoiled (one row a generation from each
 * edge) and its own rows are right. Between periods the groups trade edge
 * rows through `xbuf` (global memory, in L2): each publishes its first and
 * last GOLCL_MG own rows, each word with the period's number P (epoch +
 * period + 1) in one 64-bit store, and polls its two neighbours' rows until
 * every word carries P (GOLCL_MB_TAGGED 0: plain words, a fence, a flag per
 * group raised to P, and a wait on the neighbours' flags). A slot is written
 * again two periods later, which a neighbour cannot reach before this group
 * has read it (it waits for rows this group publishes after reading). That
 * needs every group of the launch resident at once:
 * the host launches this many periods only where nb ≤ the compute units of
 * an NVIDIA GPU (one group fits a unit) or nb = 1 (a group waits only on
 * itself); elsewhere it gives gens ≤ GOLCL_MG, one period, no exchange. A
 * wait gives up after GOLCL_MB_SPIN polls, sets flags[0] and goes on (the
 * host reports it): a device that breaks the assumption gets an error,
 * never a hang. Without shfl.sync (GOLCL_MR_SHFL 0) every row goes through
 * local memory (the portable path, two barriers a generation). Fences: PTX
 * membar.gl beside mem_fence on NVIDIA (GOLCL_MB_NO_PTX_FENCE: mem_fence
 * alone). */
#define MB_K GOLCL_MK
#define MB_W (32 * MB_K) /* words of a tile row */
#define MB_S GOLCL_MS
#ifndef GOLCL_MB_SPIN
#define GOLCL_MB_SPIN (1 << 22)
#endif
#ifndef GOLCL_MB_TAGGED
#define GOLCL_MB_TAGGED 1
#endif
/* GOLCL_MB_FULL: rows of exactly 1024·GOLCL_MK cells (the host sets it; a
 * torus always is): no column mask */
#ifndef GOLCL_MB_FULL
#define GOLCL_MB_FULL 0
#endif
/* word q of lane l of a row: local memory and xbuf (conflict-free, coalesced) */
#define MB_AT(row, q, l) (((row) * MB_K + (q)) * 32 + (l))

#if GOLCL_MR_SHFL
#define MB_LMEM (2 * 2 * GOLCL_MY * MB_W)
#ifndef GOLCL_MB_NO_PTX_FENCE
#define MB_FENCE()                           \
  do {                                       \
    mem_fence(CLK_GLOBAL_MEM_FENCE);         \
    asm volatile("membar.gl;" ::: "memory"); \
  } while (0)
#else
#define MB_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif
inline uint mb_shfl(uint x, int src) {
  uint r;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(r) : "r"(x), "r"(src));
  return r;
}
/* Horizontal 3-sums of a row x[0..MB_K-1] of lane l. */
inline void mb_h3(const uint *x, uint2 *o, int l) {
  uint pw = mb_shfl(x[MB_K - 1], (l + 31) & 31), pe = mb_shfl(x[0], (l + 1) & 31);
#if !GOLCL_TORUS && !defined(GOLCL_MB_PROFILE_NO_EDGE)
#if GOLCL_MB_SELECT_EDGE
  pw = l > 0 ? pw : 0u;
  pe = l < 31 ? pe : 0u;
#else
  /* the same by masks the compiler cannot see through (an and after the
   * shift instead of a selp): 1-2 % faster than the selects on an H100;
   * leaving the edge words out altogether (GOLCL_MB_PROFILE_NO_EDGE, cells
   * wrong) is 12 % faster still (docs/benchmarks.md) */
  uint wm, em;
  asm("mov.b32 %0, %1;" : "=r"(wm) : "r"(l > 0 ? 0xffffffffu : 0u));
  asm("mov.b32 %0, %1;" : "=r"(em) : "r"(l < 31 ? 0xffffffffu : 0u));
  pw &= wm;
  pe &= em;
#endif
#endif
#pragma unroll
  for (int q = 0; q < MB_K; q++) {
    uint wn = q > 0 ? x[q - 1] : pw, en = q + 1 < MB_K ? x[q + 1] : pe;
    o[q] = golcl_bs_h3((x[q] << 1) | (wn >> 31), x[q], (x[q] >> 1) | (en << 31));
  }
}
#define MB_H3(x, o, lrow) mb_h3(x, o, l)
#else
#define MB_LMEM (TR * MB_W)
#define MB_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
/* The same from the row's local copy (row `lrow` of lb). The neighbour bits
 * go in under conditions, as in mr_h3l: a plain (x << 1) | (y >> 31) becomes
 * LLVM's funnel shift, which Oclgrind cannot run (j ≥ 0 always holds). */
inline void mb_h3l(const uint *x, uint2 *o, __local const uint *lb, int lrow, int l) {
#pragma unroll
  for (int q = 0; q < MB_K; q++) {
    int j = l * MB_K + q, jw = (j + MB_W - 1) % MB_W, je = (j + 1) % MB_W;
    uint wn = q > 0 ? x[q - 1] : lb[MB_AT(lrow, jw % MB_K, jw / MB_K)];
    uint en = q + 1 < MB_K ? x[q + 1] : lb[MB_AT(lrow, je % MB_K, je / MB_K)];
    uint west = x[q] << 1, east = x[q] >> 1;
#if GOLCL_TORUS
    if (j >= 0) west |= wn >> 31;
    if (j >= 0) east |= en << 31;
#else
    if (j > 0) west |= wn >> 31;
    if (j + 1 < MB_W) east |= en << 31;
#endif
    o[q] = golcl_bs_h3(west, x[q], east);
  }
}
#define MB_H3(x, o, lrow) mb_h3l(x, o, lmem, lrow, l)
#endif

/* GOLCL_MB_STRAIGHT: the generation the same on every warp. With shfl.sync
 * it has no branch on the warp's place in the group (the first and last
 * warps take the rows beyond them as 0 from local memory, whose 3-sums are
 * 0); on a dead grid the rows off the grid are zeroed by a mask a row (all
 * ones on the grid), where GOLCL_MB_STRAIGHT 0 has the warps whose rows are
 * all off the grid skip the generation and those with some off zero them
 * after it. Profiling only: GOLCL_MB_PROFILE_NO_ROWMASK leaves the mask
 * out (cells wrong), GOLCL_MB_PROFILE_KEEP_WY keeps the branches on the
 * warp's place. */
/* By default on dead grids and on tori of 4 words a lane: at 2048² dead
 * 1.87-1.92e6 gens/s against 1.67-1.68e6, at 4096² torus 9.31e5 against
 * 8.79e5; on a 2048² torus 8-10 % slower (the exchange's registers spill),
 * H100, docs/benchmarks.md. */
#ifndef GOLCL_MB_STRAIGHT
#define GOLCL_MB_STRAIGHT (!GOLCL_TORUS || GOLCL_MK >= 4)
#endif
#ifndef GOLCL_MB_SELECT_EDGE /* profiling: the lane-edge words by selects */
#define GOLCL_MB_SELECT_EDGE 0
#endif
#if GOLCL_MB_STRAIGHT && GOLCL_MR_SHFL && !defined(GOLCL_MB_PROFILE_KEEP_WY)
#define MB_BR(c) 1
#else
#define MB_BR(c) (c)
#endif
#if GOLCL_MB_STRAIGHT && !GOLCL_TORUS && !defined(GOLCL_MB_PROFILE_NO_ROWMASK)
#define MB_RMASK(i) rmask[i]
#else
#define MB_RMASK(i) 0xffffffffu
#endif

/* One generation of the strip v[0..MB_S-1][..] with rows `above` and
 * `below` (rows off a dead grid zeroed after it or by the row mask: one copy
 * of the code, fewer registers than a masked copy beside it). */
#define MB_GEN()                                                               \
  do {                                                                         \
    uint2 hp[MB_K], hc[MB_K], hn[MB_K];                                        \
    _Pragma("unroll") for (int q = 0; q < MB_K; q++) hp[q] = (uint2)(0, 0);    \
    if (MB_BR(wy > 0)) MB_H3(above, hp, r0 - 1);                               \
    MB_H3(v[0], hc, r0);                                                       \
    _Pragma("unroll") for (int i = 0; i < MB_S; i++) {                         \
      _Pragma("unroll") for (int q = 0; q < MB_K; q++) hn[q] = (uint2)(0, 0);  \
      if (i + 1 < MB_S)                                                        \
        MB_H3(v[i + 1], hn, r0 + i + 1);                                       \
      else if (MB_BR(wy + 1 < GOLCL_MY))                                       \
        MB_H3(below, hn, r0 + MB_S);                                           \
      _Pragma("unroll") for (int q = 0; q < MB_K; q++) {                       \
        uint nv = golcl_bs_next(v[i][q], hp[q], hc[q], hn[q]) & cmask[q];      \
        v[i][q] = nv & MB_RMASK(i);                                            \
        hp[q] = hc[q];                                                         \
        hc[q] = hn[q];                                                         \
      }                                                                        \
    }                                                                          \
  } while (0)

__kernel __attribute__((reqd_work_group_size(32, GOLCL_MY, 1))) void multi_band(
    __global const uint *in, __global uint *out, int w, int h, int words, int gens, int nb,
    uint epoch, volatile __global uint *flags, __global uint *xbuf) {
  __local uint lmem[MB_LMEM];
  int l = (int)get_local_id(0), wy = (int)get_local_id(1), r0 = wy * MB_S;
  int gi = (int)get_group_id(1);
  long b0 = (long)gi * h / nb, b1 = (long)(gi + 1) * h / nb;
  int B = (int)(b1 - b0);
  long ybase = b0 - GOLCL_MG; /* grid row of tile row 0 */
  uint v[MB_S][MB_K], cmask[MB_K];
#pragma unroll
  for (int q = 0; q < MB_K; q++) {
#if GOLCL_TORUS || GOLCL_MB_FULL
    cmask[q] = 0xffffffffu;
#else
    int j = l * MB_K + q;
    cmask[q] = j < words ? golcl_bs_colmask(j, words, w) : 0u;
#endif
  }
#if GOLCL_TORUS
  int up = (gi + nb - 1) % nb, dn = (gi + 1) % nb;
#else
  int up = gi - 1, dn = gi + 1 < nb ? gi + 1 : -1;
  /* strip rows i with ybase + r0 + i in [0, h) */
  int ilo = (int)clamp(-(ybase + r0), 0L, (long)MB_S);
  int ihi = (int)clamp((long)h - (ybase + r0), 0L, (long)MB_S);
#if GOLCL_MB_STRAIGHT
  uint rmask[MB_S];
#pragma unroll
  for (int i = 0; i < MB_S; i++) rmask[i] = i >= ilo && i < ihi ? 0xffffffffu : 0u;
#endif
#endif
#pragma unroll
  for (int i = 0; i < MB_S; i++) {
    long y = ybase + r0 + i;
#if GOLCL_TORUS
    y = (y % h + h) % h;
#endif
#pragma unroll
    for (int q = 0; q < MB_K; q++) {
      int j = l * MB_K + q;
      v[i][q] = (y >= 0 && y < h && j < words)
                    ? golcl_bs_load(in, (size_t)y * (size_t)words + (size_t)j)
                    : 0u;
    }
  }
#if defined(GOLCL_MB_PROFILE_SMID) && GOLCL_MR_SHFL
  /* profiling only (cells wrong): each group writes into its first own row,
   * as (x << 1) | 1 (so that a cropped export keeps column 0), word 0 its
   * SM, word 1 the clock cycles of its warp, word 2 its start (%globaltimer
   * in units of 1024 ns), word 3 its number */
  ulong c0, g0;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
#endif
  int t = 0;
  for (int done = 0, period = 0; done < gens; period++) {
    int kp = min(GOLCL_MG, gens - done);
    for (int s = 0; s < kp; s++, t++) {
      uint above[MB_K], below[MB_K];
#if GOLCL_MR_SHFL
      __local uint *x = lmem + (t & 1) * 2 * GOLCL_MY * MB_W;
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        x[MB_AT(2 * wy, q, l)] = v[0][q];
        x[MB_AT(2 * wy + 1, q, l)] = v[MB_S - 1][q];
      }
      barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        above[q] = wy > 0 ? x[MB_AT(2 * wy - 1, q, l)] : 0u;
        below[q] = wy + 1 < GOLCL_MY ? x[MB_AT(2 * wy + 2, q, l)] : 0u;
      }
#else
#pragma unroll
      for (int i = 0; i < MB_S; i++)
#pragma unroll
        for (int q = 0; q < MB_K; q++) lmem[MB_AT(r0 + i, q, l)] = v[i][q];
      barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        above[q] = wy > 0 ? lmem[MB_AT(r0 - 1, q, l)] : 0u;
        below[q] = wy + 1 < GOLCL_MY ? lmem[MB_AT(r0 + MB_S, q, l)] : 0u;
      }
#endif
#if GOLCL_TORUS || GOLCL_MB_STRAIGHT
      MB_GEN();
#else
      /* a warp whose rows are all off the grid keeps them 0 and computes
       * nothing (the edge groups must not be slower: every group runs at
       * the pace of the slowest) */
      if (ilo < ihi) MB_GEN();
#ifndef GOLCL_MB_PROFILE_NO_FIXUP
      if (ilo < ihi && (ilo > 0 || ihi < MB_S)) { /* warps with some rows off the grid */
#pragma unroll
        for (int i = 0; i < MB_S; i++) {
#pragma unroll
          for (int q = 0; q < MB_K; q++) v[i][q] = i >= ilo && i < ihi ? v[i][q] : 0u;
        }
      }
#endif
#endif
#if !GOLCL_MR_SHFL
      barrier(CLK_LOCAL_MEM_FENCE);
#endif
    }
    done += kp;
    if (done >= gens) break;
#ifdef GOLCL_MB_PROFILE_NO_EXCHANGE
    continue; /* profiling only (GOLCL_BUILD_OPTIONS): what the exchange costs; cells wrong */
#endif
    /* trade edge rows: slot (parity, group, side) of GOLCL_MG rows; side 0
     * the group's first own rows (tile rows [MG, 2MG)), side 1 its last
     * ([B, B+MG)); P the period's number */
    uint P = epoch + (uint)period + 1u;
    size_t slot = (size_t)(P & 1u) * (size_t)nb * 2u;
#define MB_SLOT(grp, side) ((slot + 2u * (size_t)(grp) + (side)) * GOLCL_MG * MB_W)
#if GOLCL_MB_TAGGED
    /* each word goes with P in one 64-bit store; a reader polls its words
     * until all carry P: no flag, no fence, one round trip to L2 */
    volatile __global ulong *xq = (volatile __global ulong *)xbuf;
#pragma unroll
    for (int i = 0; i < MB_S; i++) {
      int r = r0 + i;
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        ulong x = (ulong)P << 32 | v[i][q];
        if (r >= GOLCL_MG && r < 2 * GOLCL_MG) xq[MB_SLOT(gi, 0) + MB_AT(r - GOLCL_MG, q, l)] = x;
        if (r >= B && r < B + GOLCL_MG) xq[MB_SLOT(gi, 1) + MB_AT(r - B, q, l)] = x;
      }
    }
    /* a group that trades with itself (nb = 1, as on pocl, which runs the
     * work-items of a group in turn between barriers) reads what its other
     * work-items wrote */
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    int ok, spins = 0;
    do {
      ok = 1;
#pragma unroll
      for (int i = 0; i < MB_S; i++) {
        int r = r0 + i;
#pragma unroll
        for (int q = 0; q < MB_K; q++) {
          ulong x = P;
          if (r < GOLCL_MG && up >= 0)
            x = xq[MB_SLOT(up, 1) + MB_AT(r, q, l)];
          else if (r >= B + GOLCL_MG && r < B + 2 * GOLCL_MG && dn >= 0)
            x = xq[MB_SLOT(dn, 0) + MB_AT(r - B - GOLCL_MG, q, l)];
          else
            continue;
          v[i][q] = (uint)x;
          ok &= (uint)(x >> 32) == P;
        }
      }
    } while (!ok && ++spins <= GOLCL_MB_SPIN);
    if (!ok) flags[0] = 1u;
#else
    /* the words, a fence, a flag a group raised to P, the neighbours' flags */
#pragma unroll
    for (int i = 0; i < MB_S; i++) {
      int r = r0 + i;
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        if (r >= GOLCL_MG && r < 2 * GOLCL_MG)
          xbuf[MB_SLOT(gi, 0) + MB_AT(r - GOLCL_MG, q, l)] = v[i][q];
        if (r >= B && r < B + GOLCL_MG) xbuf[MB_SLOT(gi, 1) + MB_AT(r - B, q, l)] = v[i][q];
      }
    }
    MB_FENCE();
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    if (l == 0 && wy == 0) {
      flags[1 + gi] = P;
      int spins = 0;
      if (up >= 0)
        while ((int)(flags[1 + up] - P) < 0)
          if (++spins > GOLCL_MB_SPIN) {
            flags[0] = 1u;
            break;
          }
      if (dn >= 0)
        while ((int)(flags[1 + dn] - P) < 0)
          if (++spins > GOLCL_MB_SPIN) {
            flags[0] = 1u;
            break;
          }
      MB_FENCE();
    }
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    volatile __global const uint *xv = xbuf;
#pragma unroll
    for (int i = 0; i < MB_S; i++) {
      int r = r0 + i;
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        if (r < GOLCL_MG && up >= 0)
          v[i][q] = xv[MB_SLOT(up, 1) + MB_AT(r, q, l)];
        else if (r >= B + GOLCL_MG && r < B + 2 * GOLCL_MG && dn >= 0)
          v[i][q] = xv[MB_SLOT(dn, 0) + MB_AT(r - B - GOLCL_MG, q, l)];
      }
    }
#endif
#undef MB_SLOT
  }
#if defined(GOLCL_MB_PROFILE_SMID) && GOLCL_MR_SHFL
  {
    ulong c1;
    uint sm;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    uint rec[4] = {sm, (uint)(c1 - c0), (uint)(g0 >> 10), (uint)gi};
#pragma unroll
    for (int i = 0; i < MB_S; i++)
#pragma unroll
      for (int q = 0; q < MB_K; q++) {
        int j = l * MB_K + q;
        v[i][q] = r0 + i == GOLCL_MG && j < 4 ? rec[j & 3] << 1 | 1u : 0u;
      }
  }
#endif
#pragma unroll
  for (int i = 0; i < MB_S; i++) {
    int r = r0 + i;
#pragma unroll
    for (int q = 0; q < MB_K; q++) {
      int j = l * MB_K + q;
      if (r >= GOLCL_MG && r < GOLCL_MG + B && j < words)
        golcl_bs_store(out, (size_t)(ybase + r) * (size_t)words + (size_t)j, v[i][q]);
    }
  }
}
#endif
