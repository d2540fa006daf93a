/* game_bits.cl — the Nowak–May game with one bit an agent (1 = cooperate),
 * 32 agents a 32-bit word along x, rows of NWX words (bits past nx are zero).
 * Moore and von Neumann neighbourhoods (GOLCL_NBHD 0, 1), 2-D and 3-D, torus
 * or dead boundary.
 *
 * The host serves this kernel only when a score depends on the agent's
 * strategy and its count k of cooperating opponents alone, and is
 * non-decreasing in k (lib/lattice/game_bits.c checks it with the float score
 * of payoff.cl): then the best cooperator of a box is the one of the largest
 * k, and all float comparisons become comparisons of small integers. With
 * e = k + 1 (0: no such agent), every agent computes
 *   eC, eD = the largest e among the cooperators / defectors of its box
 * (itself included) and decides from tables made on the host for the game's
 * payoffs (build options GAME_GE*, GAME_HE*: bit v of GAME_GEi is bit i of
 * GE[v]; GAME_TIE: bit v set where GT[v] = GE[v] + 1, a tie, or with
 * GAME_GT_TABLE the table GAME_GT* where GT may exceed GE by more;
 * GAME_HE_ID: HE[v] = v):
 *   MC >= MD  iff eC >= GE[eD],   MC > MD  iff eC >= GT[eD],
 *   own score < MD (a defector) iff e_own < HE[eD];
 * a cooperator stays iff MC >= MD; a defector turns iff MC > MD, or MC == MD
 * above its own score — payoff.cl's tie rule, read off two maxima.
 *
 * Everything is bit-sliced: a number is EB words, word i its bit i for the
 * 32 agents. Counts by full adders (3-sums along x, then y, then z), maxima
 * by bit-sliced comparisons, separably (along the walk, across the group,
 * then along x). A work-item owns one word and walks the last axis (y in
 * 2-D, z in 3-D) over CHUNK rows with two rows of run-in; in 3-D the group
 * (GOLCL_LOCAL_W words × GOLCL_LOCAL_H rows, the outer two rows a halo that
 * stores nothing) shares 3-sums and maxima through local memory (von
 * Neumann: the strategies and the values themselves, its neighbourhood not
 * being a box). The cells
 * just left and right of a word (x = 32w - 1 and the one after its last
 * valid bit) enter the shifts as scalars computed beside the words, so a
 * work-item needs no other work-item's word along x. */
#ifdef GAME_EB
#define EB GAME_EB
#define NV (1 << EB)
#define GX GOLCL_LOCAL_W
#define GY GOLCL_LOCAL_H
#define CHUNK GAME_CHUNK

/* Every helper inlined: the numbers must stay in registers (a call would pass
 * them through the stack). GB_NO_ALWAYS_INLINE (through GOLCL_BUILD_OPTIONS)
 * leaves it to the compiler, to compare. */
#ifdef GB_NO_ALWAYS_INLINE
#define GB_INLINE inline
#else
#define GB_INLINE inline __attribute__((always_inline))
#endif

typedef struct num {
  uint b[EB];
} num;

GB_INLINE num num_zero(void) {
  num r;
#pragma unroll
  for (int i = 0; i < EB; i++) r.b[i] = 0;
  return r;
}

GB_INLINE uint xor3(uint a, uint b, uint c) { return a ^ b ^ c; }
GB_INLINE uint maj3(uint a, uint b, uint c) { return (a & b) | (c & (a ^ b)); }

/* a + b + c of numbers of w significant bits (a build-time constant after
 * inlining): a carry-save step, then one ripple addition over w + 2 bits. */
GB_INLINE num num_add3(num a, num b, num c, int w) {
  num s = num_zero(), k = num_zero(), r = num_zero();
#pragma unroll
  for (int i = 0; i < EB; i++)
    if (i < w) {
      s.b[i] = xor3(a.b[i], b.b[i], c.b[i]);
      if (i + 1 < EB) k.b[i + 1] = maj3(a.b[i], b.b[i], c.b[i]);
    }
  uint cy = 0;
#pragma unroll
  for (int i = 0; i < EB; i++)
    if (i < w + 2) {
      r.b[i] = xor3(s.b[i], k.b[i], cy);
      cy = maj3(s.b[i], k.b[i], cy);
    }
  return r;
}

/* a + one bit a lane. */
GB_INLINE num num_inc(num a, uint inc) {
  num r;
#pragma unroll
  for (int i = 0; i < EB; i++) {
    r.b[i] = a.b[i] ^ inc;
    inc &= a.b[i];
  }
  return r;
}

/* Lanes where a < b: the borrow out of a - b, one majority a bit (a single
 * LOP3 on NVIDIA). */
GB_INLINE uint num_lt(num a, num b) {
  uint br = 0;
#pragma unroll
  for (int i = 0; i < EB; i++) br = maj3(~a.b[i], b.b[i], br);
  return br;
}

GB_INLINE uint num_ge(num a, num b) { return ~num_lt(a, b); }

GB_INLINE num num_max(num a, num b) {
  uint lt = num_lt(a, b);
  num r;
#pragma unroll
  for (int i = 0; i < EB; i++) r.b[i] = bitselect(a.b[i], b.b[i], lt);
  return r;
}

GB_INLINE num num_max3(num a, num b, num c) { return num_max(num_max(a, b), c); }

GB_INLINE num num_and(num a, uint m) {
  num r;
#pragma unroll
  for (int i = 0; i < EB; i++) r.b[i] = a.b[i] & m;
  return r;
}

/* The x-neighbours of every bit of a number: bit j of west is bit j-1 (bit 0
 * takes the scalar left), bit j of east is bit j+1 below bit p (lowmask),
 * and bit p takes the scalar right (so do the bits past p: padding, which
 * never reaches a valid bit). */
GB_INLINE num num_west(num a, uint left) {
  num r;
#pragma unroll
  for (int i = 0; i < EB; i++) r.b[i] = (a.b[i] << 1) | ((left >> i) & 1u);
  return r;
}
GB_INLINE num num_east(num a, uint right, uint lowmask) {
  num r;
#pragma unroll
  for (int i = 0; i < EB; i++)
    r.b[i] = bitselect(-((right >> i) & 1u), a.b[i] >> 1, lowmask);
  return r;
}

/* A table of the host evaluated on eD: bit i of T[eD] for every lane, from
 * the minterms dec[v] of eD. m is a build-time constant, so only the
 * minterms it names are ORed. */
GB_INLINE uint table_bit(uint m, const uint *dec) {
  uint r = 0;
#pragma unroll
  for (int v = 0; v < NV; v++)
    if ((m >> v) & 1u) r |= dec[v];
  return r;
}

#define TABLE(NAME, dec, out)                                   \
  do {                                                          \
    out.b[0] = table_bit(NAME##0, dec);                         \
    if (EB > 1) out.b[1 % EB] = table_bit(NAME##1, dec);        \
    if (EB > 2) out.b[2 % EB] = table_bit(NAME##2, dec);        \
    if (EB > 3) out.b[3 % EB] = table_bit(NAME##3, dec);        \
    if (EB > 4) out.b[4 % EB] = table_bit(NAME##4, dec);        \
  } while (0)
#ifndef GAME_GE3
#define GAME_GE3 0u
#define GAME_GT3 0u
#define GAME_HE3 0u
#endif
#ifndef GAME_GE4
#define GAME_GE4 0u
#define GAME_GT4 0u
#define GAME_HE4 0u
#endif

/* The new strategies of 32 agents: own strategies s, own e, the box's
 * maxima eC, eD. */
GB_INLINE uint decide(uint s, num eown, num eC, num eD) {
  /* minterms of eD: of bits 0..2, of the bits above, then their products */
  uint lo[8], hi[NV >> 3], dec[NV];
#pragma unroll
  for (int j = 0; j < 8; j++)
    lo[j] = ((j & 1) ? eD.b[0] : ~eD.b[0]) & ((j & 2) ? eD.b[1] : ~eD.b[1]) &
            ((j & 4) ? eD.b[2] : ~eD.b[2]);
#pragma unroll
  for (int j = 0; j < (NV >> 3); j++) {
    uint m = ~0u;
#pragma unroll
    for (int i = 3; i < EB; i++) m &= ((j >> (i - 3)) & 1) ? eD.b[i] : ~eD.b[i];
    hi[j] = m;
  }
#pragma unroll
  for (int v = 0; v < NV; v++) dec[v] = lo[v & 7] & hi[v >> 3];
  num ge;
  TABLE(GAME_GE, dec, ge);
  uint pge = num_ge(eC, ge);
#if GAME_TIES
#if GAME_GT_TABLE
  num gt;
  TABLE(GAME_GT, dec, gt);
  uint pgt = num_ge(eC, gt);
#else
  /* MC > MD: eC >= GE[eD] unless eC == GE[eD] is a tie (GAME_TIE: the eD
   * whose GE is a tie; there GT = GE + 1) */
  uint eq = ~0u;
#pragma unroll
  for (int i = 0; i < EB; i++) eq &= ~(eC.b[i] ^ ge.b[i]);
  uint pgt = pge & ~(eq & table_bit(GAME_TIE, dec));
#endif
#if GAME_HE_ID
  uint below = num_lt(eown, eD); /* sD strictly increasing: HE[eD] = eD */
#else
  num he;
  TABLE(GAME_HE, dec, he);
  uint below = num_lt(eown, he);
#endif
  uint pd = pgt | (pge & below);
#else
  uint pd = pge;
#endif
  return bitselect(pd, pge, s);
}

/* ------------------------------------------------------------- one row */

/* Where the four scalar cells of a word are: x = 32w-2, 32w-1 (left) and
 * the two after bit p (right), each as a word index and bit, or absent. */
typedef struct edges {
  int wi[4];
  uint bi[4];
  uint p, lowmask, valid;
} edges;

GB_INLINE edges edges_of(int w, int nx) {
  edges e;
  int last = nx - 1 - 32 * w;
  e.p = (uint)min(31, last);
  e.lowmask = e.p ? (~0u >> (32 - e.p)) : 0u;
  e.valid = e.p == 31 ? ~0u : ((1u << (e.p + 1)) - 1u);
  int xs[4] = {32 * w - 2, 32 * w - 1, 32 * w + (int)e.p + 1, 32 * w + (int)e.p + 2};
#pragma unroll
  for (int k = 0; k < 4; k++) {
    int x = xs[k];
#if GOLCL_TORUS
    x = ((x % nx) + nx) % nx;
#endif
    int in = x >= 0 && x < nx;
    e.wi[k] = in ? x >> 5 : -1;
    e.bi[k] = in ? (uint)(x & 31) : 0u;
  }
  return e;
}

/* A row's word (0 for a missing row), its two left and two right scalar
 * cells (bits 0..3 of *sc: x = 32w-2, 32w-1, right 1, right 2). */
GB_INLINE uint load_row(__global const uint *row, int have, int w, int nwx, const edges *e,
                     uint *sc) {
  uint s = 0, c = 0;
  if (have) {
    if (w < nwx) s = row[w];
    /* the two left cells share a word but where a row is 1 or 2 cells
     * wide or starts a word; likewise the right ones */
    uint l1 = e->wi[1] >= 0 ? row[e->wi[1]] : 0u, r1 = e->wi[2] >= 0 ? row[e->wi[2]] : 0u;
    uint l2 = e->wi[0] == e->wi[1] ? l1 : e->wi[0] >= 0 ? row[e->wi[0]] : 0u;
    uint r2 = e->wi[3] == e->wi[2] ? r1 : e->wi[3] >= 0 ? row[e->wi[3]] : 0u;
    c = ((l2 >> e->bi[0]) & 1u) | (((l1 >> e->bi[1]) & 1u) << 1) |
        (((r1 >> e->bi[2]) & 1u) << 2) | (((r2 >> e->bi[3]) & 1u) << 3);
  }
  *sc = c;
  return s;
}

/* The 3-sum along x of a row (2 bits) and of its two scalar cells (bytes
 * 0 and 1 of *xe: left, right). */
GB_INLINE num row_xsum(uint s, uint sc, const edges *e, uint *xe) {
  uint west = (s << 1) | ((sc >> 1) & 1u);
  uint east = bitselect(-((sc >> 2) & 1u), s >> 1, e->lowmask);
  num r = num_zero();
  r.b[0] = xor3(west, s, east);
  r.b[1] = maj3(west, s, east);
  uint l = (sc & 1u) + ((sc >> 1) & 1u) + (s & 1u);
  uint rr = ((s >> e->p) & 1u) + ((sc >> 2) & 1u) + ((sc >> 3) & 1u);
  *xe = l | (rr << 8);
  return r;
}

/* e of every agent of a row from its box count c (self included) and
 * strategies s, split by strategy (vC, vD; 0 where no agent); ex is all ones
 * for a row that exists. The scalar cells likewise: cE bytes (left, right)
 * → vE bytes (C left, C right, D left, D right). */
GB_INLINE void row_values(num c, uint s, uint ex, num *vC, num *vD, uint cE, uint sc, uint exE,
                       uint *vE) {
#if GAME_SELF
  num e = num_inc(c, ~0u);
  uint incE = 0x0101u;
#else
  num e = num_inc(c, ~s);
  uint incE = (((sc >> 1) & 1u) ^ 1u) | ((((sc >> 2) & 1u) ^ 1u) << 8);
#endif
  *vC = num_and(e, s & ex);
  *vD = num_and(e, ~s & ex);
  uint eE = cE + incE;
  uint l = eE & 0xffu, r = eE >> 8;
  uint cl = (sc >> 1) & 1u, cr = (sc >> 2) & 1u;
  uint el = exE & 1u, er = (exE >> 1) & 1u;
  *vE = (cl & el ? l : 0u) | (cr & er ? r << 8 : 0u) | ((cl ^ 1u) & el ? l << 16 : 0u) |
        ((cr ^ 1u) & er ? r << 24 : 0u);
}

/* The bytewise maximum of four bytes below 128 each: bit 7 of a lane of
 * (a | 0x80) - b is set where a >= b (no borrow crosses a lane). */
GB_INLINE uint bytes_max(uint a, uint b) {
  uint d = ((a | 0x80808080u) - b) & 0x80808080u;
  return bitselect(b, a, (d << 1) - (d >> 7));
}

/* The maximum of a number over the agent and its two x-neighbours; l and r
 * the values of the scalar cells left and right. */
GB_INLINE num num_xmax(num m, uint l, uint r, const edges *e) {
  return num_max3(num_west(m, l), m, num_east(m, r, e->lowmask));
}

/* Moore: the strategies after the x-max of the box maxima mC, mD (already
 * maxed along y and z; mE their scalar cells) and the decision. */
GB_INLINE uint row_decide(uint s, num eown, num mC, num mD, uint mE, const edges *e) {
  num eC = num_xmax(mC, mE & 0xffu, (mE >> 8) & 0xffu, e);
  num eD = num_xmax(mD, (mE >> 16) & 0xffu, mE >> 24, e);
  return decide(s, eown, eC, eD) & e->valid;
}

/* A number of one bit. */
GB_INLINE num num_bit(uint v) {
  num r = num_zero();
  r.b[0] = v;
  return r;
}

/* Von Neumann: the strategies from the values of the agent's row (vC, vD,
 * vE: x-neighbours) and of its other neighbours (four in 2-D, eight in 3-D
 * with the unused ones zero). */
GB_INLINE uint vn_decide(uint s, num vC, num vD, uint vE, const num *oC, const num *oD,
                      const edges *e) {
  num eC = num_xmax(vC, vE & 0xffu, (vE >> 8) & 0xffu, e);
  num eD = num_xmax(vD, (vE >> 16) & 0xffu, vE >> 24, e);
  eC = num_max3(eC, num_max(oC[0], oC[1]), num_max(oC[2], oC[3]));
  eD = num_max3(eD, num_max(oD[0], oD[1]), num_max(oD[2], oD[3]));
  num own;
#pragma unroll
  for (int i = 0; i < EB; i++) own.b[i] = vC.b[i] | vD.b[i];
  return decide(s, own, eC, eD) & e->valid;
}

/* The index of coordinate c (at most 2 outside 0..n-1) on an axis, or -1. */
/* The next index of an axis after r (from wrap, c the coordinate it was
 * for): walking one cell on, without a division. */
GB_INLINE int wrap_next(int r, int c, int n) {
#if GOLCL_TORUS
  (void)c;
  return r + 1 == n ? 0 : r + 1;
#else
  (void)r;
  return c + 1 >= 0 && c + 1 < n ? c + 1 : -1;
#endif
}

GB_INLINE int wrap(int c, int n) {
#if GOLCL_TORUS
  return ((c % n) + n) % n;
#else
  return c >= 0 && c < n ? c : -1;
#endif
}

#if GOLCL_DIMS == 2
/* ------------------------------------------------------------------ 2-D */

/* Work-item (w, chunk): rows chunk·CHUNK .. +CHUNK of word w. */
__kernel __attribute__((reqd_work_group_size(GX, GY, 1))) void game_bits(
    __global const uint *cur, __global uint *next, int nx, int ny, int nwx) {
  int w = (int)get_global_id(0), y0 = (int)get_global_id(1) * CHUNK;
  if (w >= nwx || y0 >= ny) return;
  edges e = edges_of(w, nx);
  int yend = min(y0 + CHUNK, ny);
  uint exE = (e.wi[1] >= 0 ? 1u : 0u) | (e.wi[2] >= 0 ? 2u : 0u);
  /* history: index 0 the oldest */
  uint sh[3] = {0, 0, 0}, sch[3] = {0, 0, 0}, exh[3] = {0, 0, 0}, xeh[3] = {0, 0, 0};
  num xh[3] = {num_zero(), num_zero(), num_zero()};
  num vCh[3] = {num_zero(), num_zero(), num_zero()}, vDh[3] = {num_zero(), num_zero(), num_zero()};
  uint vEh[3] = {0, 0, 0};
  int ry = wrap(y0 - 2, ny);
  for (int y = y0 - 2; y < yend + 2; ry = wrap_next(ry, y, ny), y++) {
    uint sc, xe;
    uint s = load_row(cur + (size_t)max(ry, 0) * nwx, ry >= 0, w, nwx, &e, &sc);
    num xs = row_xsum(s, sc, &e, &xe);
    sh[0] = sh[1]; sh[1] = sh[2]; sh[2] = s;
    sch[0] = sch[1]; sch[1] = sch[2]; sch[2] = sc;
    exh[0] = exh[1]; exh[1] = exh[2]; exh[2] = ry >= 0 ? ~0u : 0u;
    xh[0] = xh[1]; xh[1] = xh[2]; xh[2] = xs;
    xeh[0] = xeh[1]; xeh[1] = xeh[2]; xeh[2] = xe;
    if (y < y0) continue;
    /* row y-1: counts and values */
#if GOLCL_NBHD == 1
    num c = num_add3(xh[1], num_bit(sh[0]), num_bit(sh[2]), 2);
    uint cE = xeh[1] + ((sch[0] >> 1) & 1u) + ((sch[2] >> 1) & 1u) +
              ((((sch[0] >> 2) & 1u) + ((sch[2] >> 2) & 1u)) << 8);
#else
    num c = num_add3(xh[0], xh[1], xh[2], 2);
    uint cE = xeh[0] + xeh[1] + xeh[2];
#endif
    num vC, vD;
    uint vE;
    row_values(c, sh[1], exh[1], &vC, &vD, cE, sch[1], exh[1] ? exE : 0u, &vE);
    vCh[0] = vCh[1]; vCh[1] = vCh[2]; vCh[2] = vC;
    vDh[0] = vDh[1]; vDh[1] = vDh[2]; vDh[2] = vD;
    vEh[0] = vEh[1]; vEh[1] = vEh[2]; vEh[2] = vE;
    /* row y-2: maxima along y, then along x, and the decision */
    int yo = y - 2;
    if (yo >= y0) {
#if GOLCL_NBHD == 1
      num oC[4] = {vCh[0], vCh[2], num_zero(), num_zero()};
      num oD[4] = {vDh[0], vDh[2], num_zero(), num_zero()};
      next[(size_t)yo * nwx + w] = vn_decide(sh[0], vCh[1], vDh[1], vEh[1], oC, oD, &e);
      continue;
#endif
      num mC = num_max3(vCh[0], vCh[1], vCh[2]), mD = num_max3(vDh[0], vDh[1], vDh[2]);
      uint mE = bytes_max(bytes_max(vEh[0], vEh[1]), vEh[2]);
      num own;
#pragma unroll
      for (int i = 0; i < EB; i++) own.b[i] = vCh[1].b[i] | vDh[1].b[i];
      uint so = sh[0];
      next[(size_t)yo * nwx + w] = row_decide(so, own, mC, mD, mE, &e);
    }
  }
}

#else
/* ------------------------------------------------------------------ 3-D */

/* A group: GX words × GY rows (rows gy·(GY-2) - 1 + ly), walking z over
 * CHUNK planes. Rows 0 and GY-1 of the group are a halo: they add their
 * 3-sums and maxima for their neighbours and store nothing; they also load
 * the row beyond them for their own sums. */
__kernel __attribute__((reqd_work_group_size(GX, GY, 1))) void game_bits(
    __global const uint *cur, __global uint *next, int nx, int ny, int nz, int nwx) {
  __local uint lx0[GY + 2][GX], lx1[GY + 2][GX], lxe[GY + 2][GX];
  __local uint lm[2 * EB + 1][GY][GX];
  int lxi = (int)get_local_id(0), ly = (int)get_local_id(1);
  int w = (int)get_group_id(0) * GX + lxi;
  int y = (int)get_group_id(1) * (GY - 2) - 1 + ly;
  int z0 = (int)get_group_id(2) * CHUNK, zend = min(z0 + CHUNK, nz);
  edges e = edges_of(min(w, nwx - 1), nx);
  int ry = wrap(y, ny);
  int outer = ly == 0 ? -1 : ly == GY - 1 ? 1 : 0;
  int ryo = wrap(y + outer, ny);
  uint exE = (e.wi[1] >= 0 ? 1u : 0u) | (e.wi[2] >= 0 ? 2u : 0u);
  int mine = w < nwx && ry >= 0 && outer == 0 && y < ny;
  uint sh[3] = {0, 0, 0}, sch[3] = {0, 0, 0}, exh[3] = {0, 0, 0}, yeh[3] = {0, 0, 0};
  num yh[3] = {num_zero(), num_zero(), num_zero()};
  num vCh[3] = {num_zero(), num_zero(), num_zero()}, vDh[3] = {num_zero(), num_zero(), num_zero()};
  uint vEh[3] = {0, 0, 0};
  int rz = wrap(z0 - 2, nz);
  for (int z = z0 - 2; z < zend + 2; rz = wrap_next(rz, z, nz), z++) {
    int have = rz >= 0 && ry >= 0;
    uint sc, xe;
    uint s = load_row(cur + ((size_t)max(rz, 0) * ny + max(ry, 0)) * nwx, have, w, nwx, &e, &sc);
    num xs = row_xsum(s, sc, &e, &xe);
#if GOLCL_NBHD == 1
    /* von Neumann shares the strategies and scalar cells themselves */
    lx0[ly + 1][lxi] = s;
    lxe[ly + 1][lxi] = sc;
    if (outer) {
      uint sco;
      uint so = load_row(cur + ((size_t)max(rz, 0) * ny + max(ryo, 0)) * nwx,
                         rz >= 0 && ryo >= 0, w, nwx, &e, &sco);
      lx0[ly + 1 + outer][lxi] = so;
      lxe[ly + 1 + outer][lxi] = sco;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint su = lx0[ly][lxi], sd = lx0[ly + 2][lxi], cu = lxe[ly][lxi], cd = lxe[ly + 2][lxi];
    num yn = num_zero();
    yn.b[0] = su ^ sd;
    yn.b[1] = su & sd;
    /* the row's 3-sum and its y-neighbours: c less the z-neighbours */
    num ys = num_add3(xs, yn, num_zero(), 2);
    uint ye = xe + ((cu >> 1) & 1u) + ((cd >> 1) & 1u) +
              ((((cu >> 2) & 1u) + ((cd >> 2) & 1u)) << 8);
#else
    lx0[ly + 1][lxi] = xs.b[0];
    lx1[ly + 1][lxi] = xs.b[1];
    lxe[ly + 1][lxi] = xe;
    if (outer) {
      uint sco, xeo;
      uint so = load_row(cur + ((size_t)max(rz, 0) * ny + max(ryo, 0)) * nwx,
                         rz >= 0 && ryo >= 0, w, nwx, &e, &sco);
      num xo = row_xsum(so, sco, &e, &xeo);
      lx0[ly + 1 + outer][lxi] = xo.b[0];
      lx1[ly + 1 + outer][lxi] = xo.b[1];
      lxe[ly + 1 + outer][lxi] = xeo;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    num a = num_zero(), b = num_zero();
    a.b[0] = lx0[ly][lxi];
    a.b[1] = lx1[ly][lxi];
    b.b[0] = lx0[ly + 2][lxi];
    b.b[1] = lx1[ly + 2][lxi];
    num ys = num_add3(a, xs, b, 2);
    uint ye = lxe[ly][lxi] + xe + lxe[ly + 2][lxi];
#endif
    sh[0] = sh[1]; sh[1] = sh[2]; sh[2] = s;
    sch[0] = sch[1]; sch[1] = sch[2]; sch[2] = sc;
    exh[0] = exh[1]; exh[1] = exh[2]; exh[2] = have ? ~0u : 0u;
    yh[0] = yh[1]; yh[1] = yh[2]; yh[2] = ys;
    yeh[0] = yeh[1]; yeh[1] = yeh[2]; yeh[2] = ye;
    /* run-in: the 3-sums only (uniform in the group); the barrier keeps the
     * reads of lx* above before the next plane's writes */
    if (z < z0) {
      barrier(CLK_LOCAL_MEM_FENCE);
      continue;
    }
    /* plane z-1: counts and values */
#if GOLCL_NBHD == 1
    num c = num_add3(yh[1], num_bit(sh[0]), num_bit(sh[2]), 3);
    uint cE = yeh[1] + ((sch[0] >> 1) & 1u) + ((sch[2] >> 1) & 1u) +
              ((((sch[0] >> 2) & 1u) + ((sch[2] >> 2) & 1u)) << 8);
#else
    num c = num_add3(yh[0], yh[1], yh[2], 4);
    uint cE = yeh[0] + yeh[1] + yeh[2];
#endif
    num vC, vD;
    uint vE;
    row_values(c, sh[1], exh[1], &vC, &vD, cE, sch[1], exh[1] ? exE : 0u, &vE);
    vCh[0] = vCh[1]; vCh[1] = vCh[2]; vCh[2] = vC;
    vDh[0] = vDh[1]; vDh[1] = vDh[2]; vDh[2] = vD;
    vEh[0] = vEh[1]; vEh[1] = vEh[2]; vEh[2] = vE;
    int zo = z - 2;
    if (zo < z0) {
      barrier(CLK_LOCAL_MEM_FENCE);
      continue;
    }
#if GOLCL_NBHD == 1
    /* plane z-2: the values shared along y, the decision */
#pragma unroll
    for (int i = 0; i < EB; i++) {
      lm[i][ly][lxi] = vCh[1].b[i];
      lm[EB + i][ly][lxi] = vDh[1].b[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (mine) {
      num oC[4] = {vCh[0], vCh[2], num_zero(), num_zero()};
      num oD[4] = {vDh[0], vDh[2], num_zero(), num_zero()};
#pragma unroll
      for (int i = 0; i < EB; i++) {
        oC[2].b[i] = lm[i][ly - 1][lxi];
        oC[3].b[i] = lm[i][ly + 1][lxi];
        oD[2].b[i] = lm[EB + i][ly - 1][lxi];
        oD[3].b[i] = lm[EB + i][ly + 1][lxi];
      }
      next[((size_t)zo * ny + y) * nwx + w] =
          vn_decide(sh[0], vCh[1], vDh[1], vEh[1], oC, oD, &e);
    }
    continue;
#endif
    /* plane z-2: maxima along z, shared along y */
    num mC = num_max3(vCh[0], vCh[1], vCh[2]), mD = num_max3(vDh[0], vDh[1], vDh[2]);
    uint mE = bytes_max(bytes_max(vEh[0], vEh[1]), vEh[2]);
#pragma unroll
    for (int i = 0; i < EB; i++) {
      lm[i][ly][lxi] = mC.b[i];
      lm[EB + i][ly][lxi] = mD.b[i];
    }
    lm[2 * EB][ly][lxi] = mE;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (mine) {
      num uC, uD, dC, dD;
#pragma unroll
      for (int i = 0; i < EB; i++) {
        uC.b[i] = lm[i][ly - 1][lxi];
        dC.b[i] = lm[i][ly + 1][lxi];
        uD.b[i] = lm[EB + i][ly - 1][lxi];
        dD.b[i] = lm[EB + i][ly + 1][lxi];
      }
      mC = num_max3(uC, mC, dC);
      mD = num_max3(uD, mD, dD);
      mE = bytes_max(bytes_max(lm[2 * EB][ly - 1][lxi], mE), lm[2 * EB][ly + 1][lxi]);
      num own;
#pragma unroll
      for (int i = 0; i < EB; i++) own.b[i] = vCh[1].b[i] | vDh[1].b[i];
      next[((size_t)zo * ny + y) * nwx + w] = row_decide(sh[0], own, mC, mD, mE, &e);
    }
    /* the second barrier kept the reads of lx* before the next plane's
     * writes; the next plane's first barrier keeps these reads of lm before
     * its writes */
  }
}
#endif
#endif /* GAME_EB: built without it, the file has only pack and unpack */

/* ------------------------------------------------------- pack / unpack */

/* bits[r·nwx + w] from the bytes of row r (0 = cooperate → bit 1). */
__kernel void game_pack(__global const uchar *bytes, __global uint *bits, int nx, int rows,
                        int nwx) {
  int w = (int)get_global_id(0), r = (int)get_global_id(1);
  if (w >= nwx || r >= rows) return;
  __global const uchar *src = bytes + (size_t)r * nx;
  uint v = 0;
  int x0 = 32 * w, n = min(32, nx - x0);
  for (int j = 0; j < n; j++) v |= (uint)(src[x0 + j] == 0) << j;
  bits[(size_t)r * nwx + w] = v;
}

/* bytes of row r from bits (bit 1 → 0 = cooperate, bit 0 → 1 = defect). */
__kernel void game_unpack(__global const uint *bits, __global uchar *bytes, int nx, int rows,
                          int nwx) {
  int x = (int)get_global_id(0), r = (int)get_global_id(1);
  if (x >= nx || r >= rows) return;
  uint v = bits[(size_t)r * nwx + (x >> 5)];
  bytes[(size_t)r * nx + x] = (uchar)(((v >> (x & 31)) & 1u) ^ 1u);
}
