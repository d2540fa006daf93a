/* genbits.cl — Generations on bit planes (lib/rules/genbits.c): the state
 * of 32 cells of a row in GOLCL_GB_P words, bit b of the state number of
 * cell 32j+i at bit i of word j of plane b. A work-item walks down a word
 * column GOLCL_GB_ROWS rows, keeping the alive words (state 1) of the rows
 * above, at and below with their west and east neighbours; the neighbours
 * that count (GOLCL_GB_D, the rule table's bits: NW 8, N 7, NE 6, W 5, E 3,
 * SW 2, S 1, SE 0) are added into a 4-bit count by half adders, and the
 * rule (GOLCL_GB_B, GOLCL_GB_S: 9-bit masks of the counts of birth and
 * survival) folds at build time into a few terms. With GOLCL_GB_ARGS=1 the
 * rule (neighbours, birth, survival, states) comes in the kernels'
 * arguments instead, so that one build serves every rule of as many planes
 * (the host's choice where a build costs seconds: pocl). A cell in state 1 that
 * does not survive, and a dying cell (state ≥ 2), count up; the count wraps
 * to 0 at GOLCL_GB_STATES. Bits past the width stay 0 in every plane.
 * GOLCL_TORUS (0/1) picks the boundary. Any width and height. */
#include "common/adders.cl"
#include "common/planes.cl"

/* Planes: np of them, a build constant (GOLCL_GB_P) or, with the rule in
 * the arguments, the kernels' npl (arrays then hold the most, 8). */
#if GOLCL_GB_ARGS
#define GB_PMAX 8
#define GB_NPOF(npl) (npl)
#define GB_UNROLL_P /* loops over planes as loops: pocl builds faster */
#else
#define GB_UNROLL_P _Pragma("unroll")
#define GB_PMAX GOLCL_GB_P
#define GB_NPOF(npl) GOLCL_GB_P
#endif

/* The rule: build constants, or the kernel's arguments rd, rb, rs, rst. */
#if GOLCL_GB_ARGS
#define GB_RD rd
#define GB_RB rb
#define GB_RS rs
#define GB_RST rst
#else
#define GB_RD GOLCL_GB_D
#define GB_RB GOLCL_GB_B
#define GB_RS GOLCL_GB_S
#define GB_RST GOLCL_GB_STATES
#endif

/* Word j of row y of plane b. */
#define GB_AT(pl, b, y, j) (pl)[((size_t)(b)*h + (size_t)(y)) * ww + (size_t)(j)]

/* The alive word (state 1) at (y, j); 0 outside the grid's rows or words. */
inline uint gb_alive(__global const uint *pl, int h, int ww, int y, int j, int np) {
  if (y < 0 || y >= h || j < 0 || j >= ww) return 0u;
  uint a = GB_AT(pl, 0, y, j);
  GB_UNROLL_P
  for (int b = 1; b < np; b++) a &= ~GB_AT(pl, b, y, j);
  return a;
}

/* The west, centre and east alive words of the 32 cells of word j of row y
 * (w: the width in cells; row y already wrapped or out of range). */
inline uint3 gb_row(__global const uint *pl, int w, int h, int ww, int y, int j, int np) {
  uint c = gb_alive(pl, h, ww, y, j, np), west, east;
  if (y < 0 || y >= h) return (uint3)(0u);
  uint lw = gb_alive(pl, h, ww, y, j - 1, np), le = gb_alive(pl, h, ww, y, j + 1, np);
  west = c << 1 | lw >> 31;
  east = c >> 1 | le << 31;
#if GOLCL_TORUS
  if (j == 0) { /* cell w-1 is the west of cell 0 */
    int k = (w - 1) & 31;
    west |= (gb_alive(pl, h, ww, y, ww - 1, np) >> k) & 1u;
  }
  if (j == ww - 1) { /* cell 0 is the east of cell w-1 */
    int k = (w - 1) & 31;
    east = (east & ~(1u << k)) | (gb_alive(pl, h, ww, y, 0, np) & 1u) << k;
  }
#endif
  return (uint3)(west, c, east);
}

/* Adds one input word to the 4-bit count c (c.s0 the low bit). */
inline uint4 gb_add(uint4 c, uint x) {
  uint k = c.s0 & x;
  c.s0 ^= x;
  uint k1 = c.s1 & k;
  c.s1 ^= k;
  uint k2 = c.s2 & k1;
  c.s2 ^= k1;
  c.s3 |= k2; /* at most 8 inputs: no carry out of bit 3 */
  return c;
}

/* The cells whose count (0..9) is in mask m (a build constant where it can be). */
inline uint gb_rule(uint m, uint4 c) {
  uint r = 0;
#pragma unroll
  for (uint n = 0; n <= 9; n++) {
    if (!((m >> n) & 1u)) continue;
    r |= ((n & 1u) ? c.s0 : ~c.s0) & ((n & 2u) ? c.s1 : ~c.s1) & ((n & 4u) ? c.s2 : ~c.s2) &
         ((n & 8u) ? c.s3 : ~c.s3);
  }
  return r;
}

/* The next state of the 32 cells of planes p (in place): alive, the cells
 * in state 1; bornm, survm, those whose count is one of birth or survival;
 * keep, the bits that are cells (the others stay 0). Generations: state 1
 * stays where it survives, 0 becomes 1 where born, every other cell that is
 * not 0 counts up, wrapping to 0 at `states`. WireWorld
 * (GOLCL_GB_WIREWORLD: 0 empty, 1 head, 2 tail, 3 conductor; bornm, the
 * cells with 1 or 2 heads around): head to tail, tail to conductor,
 * conductor to head where born. */
inline void gb_next(uint *p, uint alive, uint bornm, uint survm, uint keep, uint states, int np) {
#if GOLCL_GB_WIREWORLD
  const uint p0 = p[0], p1 = p[1];
  (void)alive;
  (void)survm;
  (void)states;
  p[0] = p1 & keep;
  p[1] = ((p0 ^ p1) | (p0 & p1 & ~bornm)) & keep;
#else
  uint any = 0;
  GB_UNROLL_P
  for (int b = 0; b < np; b++) any |= p[b];
  const uint zero = ~any, one = (alive & survm) | (zero & bornm), up = ~zero & ~one;
  uint carry = 0xffffffffu, eq = 0xffffffffu;
  GB_UNROLL_P
  for (int b = 0; b < np; b++) {
    uint q = p[b] ^ carry;
    carry &= p[b];
    eq &= ((states >> b) & 1) ? q : ~q;
    p[b] = q;
  }
  if (states == (1u << np)) eq = 0; /* the count wraps by itself */
  GB_UNROLL_P
  for (int b = 0; b < np; b++) p[b] = ((up & p[b] & ~eq) | (b == 0 ? one : 0u)) & keep;
#endif
}

/* The count of the neighbours in dm (the rule's GOLCL_GB_D) of the west,
 * centre and east words of the rows above (u), at (m) and below (d). */
inline uint4 gb_count(uint3 u, uint3 m, uint3 d, uint dm) {
  uint4 cnt = (uint4)(0u);
  const uint x[9] = {d.s2, d.s1, d.s0, m.s2, 0u, m.s0, u.s2, u.s1, u.s0}; /* bit k: table bit k */
#pragma unroll
  for (int k = 0; k < 9; k++)
    if (k != 4 && ((dm >> k) & 1)) cnt = gb_add(cnt, x[k]);
  return cnt;
}

__kernel void genbits_step(__global const uint *in, __global uint *out, int w, int h, int ww,
                           int npl, uint rd, uint rb, uint rs, uint rst) {
  const int np = GB_NPOF(npl);
#if !GOLCL_GB_ARGS
  (void)rd, (void)rb, (void)rs, (void)rst;
#endif
  const int j = (int)get_global_id(0), y0 = (int)get_global_id(1) * GOLCL_GB_ROWS;
  if (j >= ww || y0 >= h) return;
  const uint last = golcl_plane_cells(j, w, ww);
#if GOLCL_TORUS
  uint3 u = gb_row(in, w, h, ww, y0 == 0 ? h - 1 : y0 - 1, j, np);
#else
  uint3 u = gb_row(in, w, h, ww, y0 - 1, j, np);
#endif
  uint3 m = gb_row(in, w, h, ww, y0, j, np);
  const int y1 = y0 + GOLCL_GB_ROWS < h ? y0 + GOLCL_GB_ROWS : h;
  for (int y = y0; y < y1; y++) {
#if GOLCL_TORUS
    uint3 d = gb_row(in, w, h, ww, y + 1 == h ? 0 : y + 1, j, np);
#else
    uint3 d = gb_row(in, w, h, ww, y + 1, j, np);
#endif
    uint4 cnt = gb_count(u, m, d, GB_RD);
    uint p[GB_PMAX];
    GB_UNROLL_P
    for (int b = 0; b < np; b++) p[b] = GB_AT(in, b, y, j);
    gb_next(p, m.s1, gb_rule(GB_RB, cnt), gb_rule(GB_RS, cnt), last, GB_RST, np);
    GB_UNROLL_P
    for (int b = 0; b < np; b++) GB_AT(out, b, y, j) = p[b];
    u = m;
    m = d;
  }
}

/* Bytes (one a cell, row-major w×h) to planes: a work-item a word. Where
 * the row is a multiple of 16 bytes and the word whole, its 32 bytes come
 * in two 16-byte loads (a byte a load made packing cost as much as 30
 * generations on an H100); little-endian devices (all we know of). */
#ifdef __ENDIAN_LITTLE__
#define GB_WIDE(w, j) (((w)&15) == 0 && 32 * (j) + 32 <= (w))
#else
#define GB_WIDE(w, j) 0
#endif
__kernel void genbits_pack(__global const uchar *cells, __global uint *pl, int w, int h, int ww,
                           int npl) {
  const int np = GB_NPOF(npl);
  const int j = (int)get_global_id(0), y = (int)get_global_id(1);
  if (j >= ww || y >= h) return;
  uint p[GB_PMAX];
  GB_UNROLL_P
  for (int b = 0; b < np; b++) p[b] = 0;
  __global const uchar *r = cells + (size_t)y * w + 32 * (size_t)j;
  if (GB_WIDE(w, j)) {
    const uint4 lo = ((__global const uint4 *)r)[0], hi = ((__global const uint4 *)r)[1];
    const uint v[8] = {lo.s0, lo.s1, lo.s2, lo.s3, hi.s0, hi.s1, hi.s2, hi.s3};
#pragma unroll
    for (int i = 0; i < 32; i++) {
      const uint s = v[i >> 2] >> (8 * (i & 3));
      GB_UNROLL_P
      for (int b = 0; b < np; b++) p[b] |= ((s >> b) & 1u) << i;
    }
  } else {
    for (int i = 0; i < 32 && 32 * j + i < w; i++) {
      uint s = r[i];
      GB_UNROLL_P
      for (int b = 0; b < np; b++) p[b] |= ((s >> b) & 1u) << i;
    }
  }
  GB_UNROLL_P
  for (int b = 0; b < np; b++) GB_AT(pl, b, y, j) = p[b];
}

/* Planes back to bytes (two 16-byte stores a word where packing had loads). */
__kernel void genbits_unpack(__global const uint *pl, __global uchar *cells, int w, int h, int ww,
                             int npl) {
  const int np = GB_NPOF(npl);
  const int j = (int)get_global_id(0), y = (int)get_global_id(1);
  if (j >= ww || y >= h) return;
  uint p[GB_PMAX];
  GB_UNROLL_P
  for (int b = 0; b < np; b++) p[b] = GB_AT(pl, b, y, j);
  __global uchar *r = cells + (size_t)y * w + 32 * (size_t)j;
  if (GB_WIDE(w, j)) {
    uint v[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {
      uint word = 0;
#pragma unroll
      for (int i = 0; i < 4; i++) {
        uint s = 0;
        GB_UNROLL_P
        for (int b = 0; b < np; b++) s |= ((p[b] >> (4 * k + i)) & 1u) << b;
        word |= s << (8 * i);
      }
      v[k] = word;
    }
    ((__global uint4 *)r)[0] = (uint4)(v[0], v[1], v[2], v[3]);
    ((__global uint4 *)r)[1] = (uint4)(v[4], v[5], v[6], v[7]);
    return;
  }
  for (int i = 0; i < 32 && 32 * j + i < w; i++) {
    uint s = 0;
    GB_UNROLL_P
    for (int b = 0; b < np; b++) s |= ((p[b] >> i) & 1u) << b;
    r[i] = (uchar)s;
  }
}

/* Several generations a launch (GOLCL_GB_MULTI): a work-group of
 * GB_LXW × GB_LY work-items holds a tile of GB_LXW words × GB_TH rows, a
 * work-item a word column and every GB_LY-th row, the state in registers;
 * each generation the alive words go through local memory (two copies: one
 * barrier a generation) and every work-item counts its cells' neighbours
 * there. The tile's edge spoils one cell inwards a generation: after g
 * generations the centre GB_LXW - 2 words × GB_TH - 2g rows are exact and
 * written back. Dead boundary, or a torus whose width is whole words (the
 * seam then falls between words); cells outside the grid are kept dead. */
#if GOLCL_GB_MULTI
#define GB_LXW 32
#define GB_LY GOLCL_GB_LY
#define GB_TH GOLCL_GB_TH
#define GB_RPI (GB_TH / GB_LY) /* rows a work-item */

#if GOLCL_GB_SHFL
/* The west, centre and east words of word x of a row from the lanes beside
 * (shfl.sync on NVIDIA, GOLCL_GB_SHFL: a warp is one row of the tile's 32
 * words); lanes 0 and 31, the halo words, take their own word, which
 * spoils only the halo. */
inline uint3 gb_triple(uint x) {
  uint pw, pe;
  asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(pw) : "r"(x));
  asm volatile("shfl.sync.down.b32 %0, %1, 1, 31, 0xffffffff;" : "=r"(pe) : "r"(x));
  return (uint3)(x << 1 | pw >> 31, x, x >> 1 | pe << 31);
}
#endif

__kernel __attribute__((reqd_work_group_size(GB_LXW, GB_LY, 1))) void genbits_multi(
    __global const uint *in, __global uint *out, int w, int h, int ww, int g, int npl, uint rd,
    uint rb, uint rs, uint rst) {
  const int np = GB_NPOF(npl);
#if !GOLCL_GB_ARGS
  (void)rd, (void)rb, (void)rs, (void)rst;
#endif
  const int moore = GB_RD == 0x1ef; /* the 3×3 count by the shared adders, centre included */
#if GOLCL_GB_SHFL
  __local uint X[2][GB_LY][2][GB_LXW];
#else
  __local uint A[2][GB_TH][GB_LXW];
#endif
  const int tx = (int)get_local_id(0), ty = (int)get_local_id(1), r0 = ty * GB_RPI;
  const int outh = GB_TH - 2 * g;
  const int gx0 = (int)get_group_id(0) * (GB_LXW - 2) - 1, gy0 = (int)get_group_id(1) * outh - g;
  uint keep; /* the bits of this column that are cells */
  const int gx = golcl_plane_column(gx0 + tx, w, ww, &keep);
  uint p[GB_RPI][GB_PMAX], rk[GB_RPI];
#pragma unroll
  for (int k = 0; k < GB_RPI; k++) {
    int gy = gy0 + r0 + k;
#if GOLCL_TORUS
    gy = ((gy % h) + h) % h;
    rk[k] = 0xffffffffu;
#else
    rk[k] = gy >= 0 && gy < h ? keep : 0u;
#endif
    GB_UNROLL_P
    for (int b = 0; b < np; b++) p[k][b] = rk[k] ? GB_AT(in, b, gy, gx) & rk[k] : 0u;
  }
  for (int t = 0; t < g; t++) {
#if GOLCL_GB_SHFL
    /* the strip's alive words in registers, its first and last row to the
     * strips above and below through local memory */
    uint av[GB_RPI];
#pragma unroll
    for (int k = 0; k < GB_RPI; k++) {
      uint v = p[k][0];
      GB_UNROLL_P
      for (int b = 1; b < np; b++) v &= ~p[k][b];
      av[k] = v;
    }
    __local uint(*x)[2][GB_LXW] = X[t & 1];
    x[ty][0][tx] = av[0];
    x[ty][1][tx] = av[GB_RPI - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint above = ty > 0 ? x[ty - 1][1][tx] : 0u;
    const uint below = ty < GB_LY - 1 ? x[ty + 1][0][tx] : 0u;
#define GB_ROWW(i) ((i) < 0 ? above : (i) >= GB_RPI ? below : av[i])
#define GB_TRIPLE(r) gb_triple(GB_ROWW((r)-r0))
#else
    __local uint(*a)[GB_LXW] = A[t & 1];
#pragma unroll
    for (int k = 0; k < GB_RPI; k++) {
      uint v = p[k][0];
      GB_UNROLL_P
      for (int b = 1; b < np; b++) v &= ~p[k][b];
      a[r0 + k][tx] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* the west, centre and east alive words of tile row r (0 off the tile) */
#define GB_TRIPLE(r)                                                                               \
  ((r) < 0 || (r) >= GB_TH ? (uint3)(0u)                                                           \
                           : (uint3)(a[r][tx] << 1 | (tx > 0 ? a[r][tx - 1] : 0u) >> 31, a[r][tx], \
                                     a[r][tx] >> 1 | (tx < GB_LXW - 1 ? a[r][tx + 1] : 0u) << 31))
#endif
    uint3 u = GB_TRIPLE(r0 - 1), m = GB_TRIPLE(r0);
    uint2 hu = (uint2)(0u), hm = (uint2)(0u);
    if (moore) hu = golcl_bs_h3(u.s0, u.s1, u.s2), hm = golcl_bs_h3(m.s0, m.s1, m.s2);
#pragma unroll
    for (int k = 0; k < GB_RPI; k++) {
      uint3 d = GB_TRIPLE(r0 + k + 1);
      const uint alive = m.s1;
      uint bornm, survm;
      if (moore) {
        uint2 hd = golcl_bs_h3(d.s0, d.s1, d.s2);
        uint4 cnt = golcl_bs_count9(hu, hm, hd);
        bornm = gb_rule(GB_RB, cnt), survm = gb_rule(GB_RS << 1, cnt);
        hu = hm;
        hm = hd;
      } else {
        uint4 cnt = gb_count(u, m, d, GB_RD);
        bornm = gb_rule(GB_RB, cnt), survm = gb_rule(GB_RS, cnt);
      }
      u = m;
      m = d;
      gb_next(p[k], alive, bornm, survm, rk[k], GB_RST, np);
    }
#undef GB_TRIPLE
#undef GB_ROWW
  }
  /* the exact centre back */
  const int ox = gx0 + tx;
  if (tx == 0 || tx == GB_LXW - 1 || ox < 0 || ox >= ww) return;
#pragma unroll
  for (int k = 0; k < GB_RPI; k++) {
    const int r = r0 + k, gy = gy0 + r;
    if (r < g || r >= GB_TH - g || gy < 0 || gy >= h) continue;
    GB_UNROLL_P
    for (int b = 0; b < np; b++) GB_AT(out, b, gy, ox) = p[k][b];
  }
}
#endif
