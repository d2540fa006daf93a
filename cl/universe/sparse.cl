/* universe/sparse.cl — the universe's sparse tiles (lib/universe/sparse.c):
 * 64×64-cell tiles of the infinite plane in an open-addressing hash table on
 * the device, stepped several generations a launch where something can
 * change; tiles are allocated where activity reaches and freed where
 * everything died, all on the device.
 *
 * Table. Slot s of H (a power of two) holds a key (tile coordinates, biased:
 * x + 2^31 in the high word, y + 2^31 in the low one, relative to an origin
 * the host chose), the tile's flags and two copies of its 64 rows (ulong,
 * bit c = column c); flags' SP_PAR says which copy is current. Linear
 * probing; a slot is claimed with a 64-bit compare-and-swap of its key, so
 * the claim and the key are one atomic write; freed slots become tombstones
 * (never reused until the host rehashes into a fresh table).
 *
 * A launch of g ≤ GOLCL_SP_GMAX generations is three kernels, one in-order
 * queue, no host round trip: sp_plan lists the tiles that can change and
 * notes their 9 slots; sp_step (a work-group a tile) steps them and writes
 * the other copy; sp_settle commits the new copies and flags, inserts the
 * neighbours that live cells near an edge reach and drops the dead, quiet
 * tiles nobody needs. Once an insert found the table full (ctr[SP_OVF]),
 * that launch's sp_settle still commits every tile, and every later kernel
 * does nothing; the host grows the table, inserts again and goes on from
 * the generation reached (stat[0]).
 *
 * Why skipping is exact (QuickLife's idea). P1: the tile's cells at the end
 * of the last launch equal those one generation before; P2: two before; CH1
 * and CH2 say the same of the bands of the tile that face each neighbour
 * (GOLCL_SP_GMAX cells deep). Let R be the tile and the bands of its
 * neighbours that face it. If S, the cells now, equal those one generation
 * back on R, then step(S) = S on R but its rim of one cell (each of those
 * cells sees the same cells as one generation back), so step^j(S) = S on R
 * but its rim of j cells: the tile, GOLCL_SP_GMAX ≥ g cells in, keeps its
 * cells through the launch. Likewise two generations back for an even g.
 * So a tile is skipped when it has P1 and no neighbour's band facing it
 * changed (CH1), or P2 and no CH2 and g is even. Absent tiles are dead and
 * stay dead through a launch (below): they count as unchanged.
 *
 * Why absent tiles stay dead. After every launch, a tile with a live cell
 * within GOLCL_SP_GMAX cells of an edge or corner (its NEED bits) makes
 * sure the tile across exists (sp_settle); signals travel one cell a
 * generation, so nothing reaches an absent tile within the next launch.
 * sp_settle drops only dead tiles with P1 and P2 (dead for the last three
 * generations) that no neighbour needs.
 *
 * sp_step: region rows -GOLCL_SP_GMAX .. 63 + GOLCL_SP_GMAX, one work-item
 * a row, each row 128 cells in a uint4 (32 cells of the west tile, the 64 of
 * this one, 32 of the east), or 96 in a uint3 (16, 64, 16) where the halo is
 * at most 16; rows above and below through local memory. Cells outside the
 * region are read as dead, which spoils one more cell inwards each
 * generation: after g ≤ GOLCL_SP_GMAX generations (at most 32, and at most
 * the columns each side) the centre 64×64 is exact. The rule: the 3×3 count
 * by full adders on whole words (as common/bitslice.cl, on every word of the
 * row at once), then the B/S masks (build options GOLCL_SP_B0/S0) folded by
 * the compiler into a few terms; or (GOLCL_SP_TABLE) any 512-entry table
 * looked up cell by cell from constant memory. With GOLCL_SP_ALT a second rule (GOLCL_SP_B1/S1, or the table's
 * second half) runs the generations of odd number (Golly's B0 emulation
 * without Smax): only period 2 is then a reason to skip.
 *
 * Build options: GOLCL_SP_GMAX (≤ 32), GOLCL_SP_TABLE, GOLCL_SP_ALT,
 * GOLCL_SP_B0, GOLCL_SP_S0, GOLCL_SP_B1, GOLCL_SP_S1 (9-bit masks). */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#include "common/hash.cl"

#define SP_T 64
#define SP_GM GOLCL_SP_GMAX
#define SP_TR (SP_T + 2 * SP_GM)

/* A region row: 128 cells in four words (32 of the west tile, the tile's 64,
 * 32 of the east one), or for a halo of at most 16, 96 cells in three words
 * (16, 64, 16: a quarter less work). */
#if SP_GM <= 16
#define SP_NARROW 1
typedef uint3 sp_row;
#else
#define SP_NARROW 0
typedef uint4 sp_row;
#endif

#define SP_EMPTY 0xffffffffffffffffUL
#define SP_TOMB 0xfffffffffffffffeUL
#define SP_NONE 0xffffffffu

/* flags */
#define SP_ALIVE 1u
#define SP_P1 2u
#define SP_P2 4u
#define SP_PAR 8u
#define SP_STEPPED 32u
/* Bit SP_D(k) of each byte names neighbour k, at (k%3 - 1, k/3 - 1), k ≠ 4,
 * and the band of the tile that faces it (GOLCL_SP_GMAX cells deep; a corner square for a
 * diagonal): NEED, a live cell there (that neighbour must exist); CH1, CH2,
 * a cell there changed in the last generation, or differs from two back. */
#define SP_NEED_SHIFT 8
#define SP_CH1_SHIFT 16
#define SP_CH2_SHIFT 24
#define SP_CH_ALL (0xffffu << SP_CH1_SHIFT)
#define SP_BYTE(f, shift) (((f) >> (shift)) & 0xffu)
#define SP_D(k) ((k) - ((k) > 4))

/* ctr[] */
#define SP_CNT 0     /* tiles listed by sp_plan */
#define SP_CLAIMED 1 /* slots claimed (live and tombstones) */
#define SP_LIVE 2    /* slots that hold a tile */
#define SP_OVF 3     /* the table overflowed: every kernel waits for the host */
#define SP_RANGE 4   /* a tile beyond the coordinate range was needed */
#define SP_HALT 5    /* SP_OVF as this launch's sp_plan saw it */

inline int sp_used(ulong k) { return k < SP_TOMB; }

inline uint sp_slot0(ulong key, uint hmask) { return (uint)golcl_mix64(key) & hmask; }

/* The key of the tile (dx, dy) away; SP_EMPTY if it leaves the range. */
inline ulong sp_key_at(ulong key, int dx, int dy) {
  uint x = (uint)(key >> 32) + (uint)dx, y = (uint)key + (uint)dy;
  if (x < 1u || x > 0xfffffffdu || y < 1u || y > 0xfffffffdu) return SP_EMPTY;
  return ((ulong)x << 32) | y;
}

inline uint sp_lookup(__global const ulong *keys, uint hmask, ulong key) {
  uint i = sp_slot0(key, hmask);
  for (uint n = 0; n <= hmask; n++, i = (i + 1) & hmask) {
    ulong k = keys[i];
    if (k == key) return i;
    if (k == SP_EMPTY) return SP_NONE;
  }
  return SP_NONE;
}

/* Finds or claims the slot of key: *fresh is 1 if this call claimed it.
 * SP_NONE (and the overflow flag) when the table is too full. */
inline uint sp_insert(__global ulong *keys, uint hmask, ulong key, __global uint *ctr,
                      int *fresh) {
  uint i = sp_slot0(key, hmask);
  *fresh = 0;
  for (uint n = 0; n <= hmask; n++, i = (i + 1) & hmask) {
    ulong k = keys[i];
    if (k == key) return i;
    if (k != SP_EMPTY) continue;
    /* keep a quarter of the table empty: probe chains stay short */
    if (atomic_inc(&ctr[SP_CLAIMED]) >= hmask - (hmask >> 2)) {
      atomic_dec(&ctr[SP_CLAIMED]);
      ctr[SP_OVF] = 1;
      return SP_NONE;
    }
    k = atom_cmpxchg((volatile __global ulong *)&keys[i], SP_EMPTY, key);
    if (k == SP_EMPTY) {
      *fresh = 1;
      atomic_inc(&ctr[SP_LIVE]);
      return i;
    }
    atomic_dec(&ctr[SP_CLAIMED]);
    if (k == key) return i;
  }
  ctr[SP_OVF] = 1;
  return SP_NONE;
}

/* The NEED bits and SP_ALIVE of row r of a tile. */
inline uint sp_row_need(int r, ulong v) {
  if (!v) return 0;
  const ulong wm = (1UL << SP_GM) - 1, em = wm << (SP_T - SP_GM);
  uint n = 0, w = (v & wm) != 0, e = (v & em) != 0;
  if (w) n |= 1u << SP_D(3);
  if (e) n |= 1u << SP_D(5);
  if (r < SP_GM) n |= 1u << SP_D(1) | (w ? 1u << SP_D(0) : 0u) | (e ? 1u << SP_D(2) : 0u);
  if (r >= SP_T - SP_GM)
    n |= 1u << SP_D(7) | (w ? 1u << SP_D(6) : 0u) | (e ? 1u << SP_D(8) : 0u);
  return n << SP_NEED_SHIFT | SP_ALIVE;
}

inline __global ulong *sp_rows(__global ulong *cells, uint s, uint par) {
  return cells + ((size_t)s * 2 + par) * SP_T;
}

/* Tiles put by the host: n (key, 64 rows) entries, each key once. Their
 * history is unknown: neither P1 nor P2, so they and their neighbours are
 * stepped. */
__kernel void sp_put(__global ulong *keys, __global ulong *cells, __global uint *flags,
                     __global uint *ctr, uint hmask, __global const ulong *pkeys,
                     __global const ulong *prows, uint n) {
  uint i = (uint)get_global_id(0);
  if (i >= n || ctr[SP_OVF]) return;
  int fresh;
  uint s = sp_insert(keys, hmask, pkeys[i], ctr, &fresh);
  if (s == SP_NONE) return;
  __global ulong *d = sp_rows(cells, s, 0);
  uint f = 0;
  for (int r = 0; r < SP_T; r++) {
    ulong v = prows[(size_t)i * SP_T + r];
    d[r] = v;
    f |= sp_row_need(r, v);
  }
  flags[s] = f | SP_CH_ALL;
}

/* The tiles of the next launch of g generations: those whose 3×3 block is
 * not all quiet. nb[9s + k] gets the slot of neighbour k (or SP_NONE). */
__kernel void sp_plan(__global const ulong *keys, __global const uint *flags,
                      __global uint *nflags, __global uint *nb,
                      __global uint *list, __global uint *ctr, uint hmask, int g) {
  uint s = (uint)get_global_id(0);
  if (s == 0) ctr[SP_HALT] = ctr[SP_OVF];
  if (s > hmask || ctr[SP_OVF]) return;
  ulong key = keys[s];
  if (!sp_used(key)) return;
  nflags[s] = 0; /* sp_settle of the last launch is done with it */
  uint q = flags[s] & (SP_P1 | SP_P2), slots[9];
  for (int k = 0; k < 9; k++) {
    uint t = k == 4 ? s : SP_NONE;
    ulong nk = sp_key_at(key, k % 3 - 1, k / 3 - 1);
    if (k != 4 && nk != SP_EMPTY) t = sp_lookup(keys, hmask, nk);
    slots[k] = t;
    if (k == 4 || t == SP_NONE) continue;
    uint f = flags[t]; /* the band of t that faces this tile */
    if ((f >> (SP_CH1_SHIFT + SP_D(8 - k))) & 1u) q &= ~SP_P1;
    if ((f >> (SP_CH2_SHIFT + SP_D(8 - k))) & 1u) q &= ~SP_P2;
  }
#if GOLCL_SP_ALT
  q &= ~SP_P1; /* still for one generation under one rule says nothing of the other */
#endif
  if ((q & SP_P1) || ((q & SP_P2) && (g & 1) == 0)) return;
  uint i = atomic_inc(&ctr[SP_CNT]);
  list[i] = s;
  for (int k = 0; k < 9; k++) nb[(size_t)9 * s + k] = slots[k];
}

/* The 128 cells of region row w: 32 of the west tile, 64 of the middle one,
 * 32 of the east one; band b (0 north, 1 middle, 2 south) of the 3×3 block. */
inline sp_row sp_load(__global const ulong *cells, __global const uint *flags,
                      __global const uint *nbs, int b, int row) {
  ulong v[3];
  for (int k = 0; k < 3; k++) {
    uint t = nbs[3 * b + k];
    v[k] = t == SP_NONE ? 0UL
                        : sp_rows((__global ulong *)cells, t, (flags[t] & SP_PAR) ? 1u : 0u)[row];
  }
#if SP_NARROW
  return (sp_row)((uint)(v[0] >> 48 | v[1] << 16), (uint)(v[1] >> 16),
                  (uint)(v[1] >> 48 | v[2] << 16));
#else
  return (sp_row)((uint)(v[0] >> 32), (uint)v[1], (uint)(v[1] >> 32), (uint)v[2]);
#endif
}

/* The tile's 64 cells of a region row. */
inline ulong sp_tile_row(sp_row v) {
#if SP_NARROW
  return (ulong)(v.s0 >> 16) | (ulong)v.s1 << 16 | (ulong)v.s2 << 48;
#else
  return (ulong)v.s1 | (ulong)v.s2 << 32;
#endif
}

/* One generation of a region row v with the rows above (u) and below (d). */
#if GOLCL_SP_TABLE
inline uint sp_word_table(__constant uchar *tbl, uint uw, uint uc, uint ue, uint mw, uint mc,
                          uint me, uint dw, uint dc, uint de) {
  uint r = 0;
  for (int i = 0; i < 32; i++) {
    uint idx = ((uw >> i) & 1u) << 8 | ((uc >> i) & 1u) << 7 | ((ue >> i) & 1u) << 6 |
               ((mw >> i) & 1u) << 5 | ((mc >> i) & 1u) << 4 | ((me >> i) & 1u) << 3 |
               ((dw >> i) & 1u) << 2 | ((dc >> i) & 1u) << 1 | ((de >> i) & 1u);
    r |= (uint)tbl[idx] << i;
  }
  return r;
}
#else
/* The rule of birth mask b and survival mask s (compile-time constants:
 * the loop folds into the few terms the masks need) on the 3×3 counts
 * c = s0 + 2 s1 + 4 s2 + 8 s3 (cell included) of the cells a. */
inline sp_row sp_rule(uint b, uint s, sp_row a, sp_row s0, sp_row s1, sp_row s2, sp_row s3) {
  sp_row r = (sp_row)(0u);
#pragma unroll
  for (uint c = 0; c <= 9; c++) {
    uint born = (b >> c) & 1u, stays = c > 0 ? (s >> (c - 1)) & 1u : 0u;
    if (!born && !stays) continue;
    sp_row e = ((c & 1u) ? s0 : ~s0) & ((c & 2u) ? s1 : ~s1) & ((c & 4u) ? s2 : ~s2) &
              ((c & 8u) ? s3 : ~s3);
    r |= born && stays ? e : (born ? e & ~a : e & a);
  }
  return r;
}
#endif

/* West and east neighbours of every cell of a row (bit i: the cell at i-1,
 * i+1); the row's ends read dead cells. */
#if SP_NARROW
inline sp_row sp_west(sp_row v) { return (v << 1) | ((sp_row)(0u, v.s0, v.s1) >> 31); }
inline sp_row sp_east(sp_row v) { return (v >> 1) | ((sp_row)(v.s1, v.s2, 0u) << 31); }
#else
inline sp_row sp_west(sp_row v) { return (v << 1) | ((sp_row)(0u, v.s0, v.s1, v.s2) >> 31); }
inline sp_row sp_east(sp_row v) { return (v >> 1) | ((sp_row)(v.s1, v.s2, v.s3, 0u) << 31); }
#endif

inline sp_row sp_next(sp_row u, sp_row m, sp_row d, __constant uchar *tbl, int odd) {
  sp_row uw = sp_west(u), ue = sp_east(u), mw = sp_west(m), me = sp_east(m), dw = sp_west(d),
        de = sp_east(d);
#if GOLCL_SP_TABLE
  tbl += odd ? 512 : 0;
  sp_row r;
  r.s0 = sp_word_table(tbl, uw.s0, u.s0, ue.s0, mw.s0, m.s0, me.s0, dw.s0, d.s0, de.s0);
  r.s1 = sp_word_table(tbl, uw.s1, u.s1, ue.s1, mw.s1, m.s1, me.s1, dw.s1, d.s1, de.s1);
  r.s2 = sp_word_table(tbl, uw.s2, u.s2, ue.s2, mw.s2, m.s2, me.s2, dw.s2, d.s2, de.s2);
#if !SP_NARROW
  r.s3 = sp_word_table(tbl, uw.s3, u.s3, ue.s3, mw.s3, m.s3, me.s3, dw.s3, d.s3, de.s3);
#endif
  return r;
#else
  (void)tbl;
  /* each row's horizontal 3-sum (two bits), then the three added */
  sp_row u0 = uw ^ u ^ ue, u1 = (uw & u) | (ue & (uw ^ u));
  sp_row m0 = mw ^ m ^ me, m1 = (mw & m) | (me & (mw ^ m));
  sp_row d0 = dw ^ d ^ de, d1 = (dw & d) | (de & (dw ^ d));
  sp_row s0 = u0 ^ m0 ^ d0, t = (u0 & m0) | (d0 & (u0 ^ m0));
  sp_row x0 = u1 ^ m1 ^ d1, x1 = (u1 & m1) | (d1 & (u1 ^ m1));
  sp_row s1 = x0 ^ t, v = x0 & t, s2 = x1 ^ v, s3 = x1 & v;
#if GOLCL_SP_ALT
  if (odd) return sp_rule(GOLCL_SP_B1, GOLCL_SP_S1, m, s0, s1, s2, s3);
#else
  (void)odd;
#endif
  return sp_rule(GOLCL_SP_B0, GOLCL_SP_S0, m, s0, s1, s2, s3);
#endif
}

__kernel __attribute__((reqd_work_group_size(SP_TR, 1, 1))) void sp_step(
    __global ulong *cells, __global const uint *flags, __global uint *nflags,
    __global const uint *nb, __global const uint *list, __global const uint *ctr, int g,
    __constant uchar *tbl, int par0) {
  __local sp_row lrow[2][SP_TR]; /* by generation parity: one barrier a generation */
  __local uint acc, diff1, diff2;
  if (ctr[SP_OVF]) return;
  int w = (int)get_local_id(0), r = w - SP_GM; /* region row, tile row */
  int b = r < 0 ? 0 : (r < SP_T ? 1 : 2), row = r - (b - 1) * SP_T;
  uint n = ctr[SP_CNT];
  for (uint i = (uint)get_group_id(0); i < n; i += (uint)get_num_groups(0)) {
    uint s = list[i];
    __global const uint *nbs = nb + (size_t)9 * s;
    sp_row v = sp_load(cells, flags, nbs, b, row), p1 = v, p2 = v;
    if (w == 0) acc = diff1 = diff2 = 0;
    for (int t = 0; t < g; t++) {
      __local sp_row *lr = lrow[t & 1];
      lr[w] = v;
      barrier(CLK_LOCAL_MEM_FENCE);
      sp_row u = w > 0 ? lr[w - 1] : (sp_row)(0u), d = w + 1 < SP_TR ? lr[w + 1] : (sp_row)(0u);
      p2 = p1;
      p1 = v;
      v = sp_next(u, v, d, tbl, (par0 + t) & 1);
    }
    uint own = flags[s];
    if (b == 1) {
      ulong out = sp_tile_row(v), o1 = sp_tile_row(p1), o2 = sp_tile_row(p2);
      sp_rows(cells, s, (own & SP_PAR) ? 0u : 1u)[row] = out;
      uint f = sp_row_need(row, out) |
               (sp_row_need(row, out ^ o1) >> SP_NEED_SHIFT) << SP_CH1_SHIFT |
               (sp_row_need(row, out ^ o2) >> SP_NEED_SHIFT) << SP_CH2_SHIFT;
      if (f) atomic_or(&acc, f);
      if (out != o1) diff1 = 1;
      if (out != o2) diff2 = 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (w == 0) {
      uint f = acc | SP_STEPPED | ((own & SP_PAR) ^ SP_PAR);
      if (!diff1) f |= SP_P1;
      /* g = 1: two generations back is one back of the launch before, and
       * still only where the whole tile was */
      if (g >= 2 ? !diff2 : (!diff1 && (own & SP_P1))) f |= SP_P2;
      if (g == 1) f = (f & ~(0xffu << SP_CH2_SHIFT)) | ((f & SP_P2) ? 0u : 0xffu << SP_CH2_SHIFT);
      nflags[s] = f;
    }
    barrier(CLK_LOCAL_MEM_FENCE); /* acc and the flags read before the next tile */
  }
}

/* Inserts the neighbours of tile `key` that its NEED bits name. */
inline void sp_need(__global ulong *keys, __global ulong *cells, __global uint *flags,
                    __global uint *ctr, uint hmask, ulong key, uint need) {
  for (int k = 0; k < 9 && need; k++) {
    if (k == 4 || !((need >> SP_D(k)) & 1u)) continue;
    ulong nk = sp_key_at(key, k % 3 - 1, k / 3 - 1);
    if (nk == SP_EMPTY) {
      ctr[SP_RANGE] = 1;
      ctr[SP_OVF] = 1;
      return;
    }
    int fresh;
    uint t = sp_insert(keys, hmask, nk, ctr, &fresh);
    if (t == SP_NONE) return;
    if (fresh) {
      __global ulong *d = sp_rows(cells, t, 0);
      for (int r = 0; r < SP_T; r++) d[r] = 0;
      flags[t] = SP_P1 | SP_P2;
    }
  }
}

/* Makes sure every tile a live cell near an edge can reach exists (after
 * tiles were put, or the table grew). */
__kernel void sp_grow(__global ulong *keys, __global ulong *cells, __global uint *flags,
                      __global uint *ctr, uint hmask) {
  uint s = (uint)get_global_id(0);
  if (s > hmask || ctr[SP_OVF]) return;
  ulong key = keys[s];
  if (sp_used(key)) sp_need(keys, cells, flags, ctr, hmask, key, SP_BYTE(flags[s], SP_NEED_SHIFT));
}

/* The flags a tile has after this launch, while sp_settle commits them:
 * the new ones of a stepped tile, else its own (whose NEED bits are
 * settled; only SP_P2 and CH2 may change under us). */
inline uint sp_eff(__global const uint *flags, __global const uint *nflags, uint t) {
  uint n = nflags[t];
  return (n & SP_STEPPED) ? n : flags[t];
}

/* After sp_step, one work-item a slot: the stepped tiles take their new copy
 * and flags (a tile skipped with P1 has now been still for two generations:
 * P2); every tile a live cell near an edge can reach is made to exist (a new
 * tile is dead and has been: P1, P2); a tile that is dead, was dead the two
 * generations before, and that no neighbour needs is dropped. Committing and
 * reading neighbours go together because neighbours are read through sp_eff,
 * and NEED bits are all a neighbour's flags say here. nflags is cleared by
 * the next sp_plan. An overflow of the table while this kernel inserts stops
 * only the inserting: every tile is committed (the step was done), and the
 * host inserts again after it grew the table. */
__kernel void sp_settle(__global ulong *keys, __global ulong *cells, __global uint *flags,
                        __global const uint *nflags, __global uint *ctr, __global ulong *stat,
                        uint hmask, int g) {
  uint s = (uint)get_global_id(0);
  if (s > hmask || ctr[SP_HALT]) return;
  if (s == 0) {
    stat[0] += (ulong)g;
    stat[1] += ctr[SP_CNT];
    ctr[SP_CNT] = 0;
  }
  ulong key = keys[s];
  if (!sp_used(key)) return;
  uint f = nflags[s];
  if (f & SP_STEPPED) {
    f &= ~SP_STEPPED;
    flags[s] = f;
  } else {
    f = flags[s];
    /* skipped, and still (so no band changed): now still for two generations */
    if (f & SP_P1) flags[s] = f = (f | SP_P2) & ~(0xffu << SP_CH2_SHIFT);
  }
  uint need = SP_BYTE(f, SP_NEED_SHIFT);
  if (!need && !(f & SP_ALIVE) && (f & (SP_P1 | SP_P2)) == (SP_P1 | SP_P2)) {
    for (int k = 0; k < 9; k++) {
      if (k == 4) continue;
      ulong nk = sp_key_at(key, k % 3 - 1, k / 3 - 1);
      uint t = nk == SP_EMPTY ? SP_NONE : sp_lookup(keys, hmask, nk);
      if (t != SP_NONE && ((sp_eff(flags, nflags, t) >> (SP_NEED_SHIFT + SP_D(8 - k))) & 1u)) return;
    }
    keys[s] = SP_TOMB;
    flags[s] = 0;
    atomic_dec(&ctr[SP_LIVE]);
    return;
  }
  sp_need(keys, cells, flags, ctr, hmask, key, need);
}

/* Moves every tile of the old table into a fresh one (keys all SP_EMPTY,
 * ctr[SP_CLAIMED] and ctr[SP_LIVE] zero): its current copy becomes copy 0. */
__kernel void sp_rehash(__global const ulong *okeys, __global const ulong *ocells,
                        __global const uint *oflags, uint omask, __global ulong *keys,
                        __global ulong *cells, __global uint *flags, __global uint *ctr,
                        uint hmask) {
  uint s = (uint)get_global_id(0);
  if (s > omask) return;
  ulong key = okeys[s];
  if (!sp_used(key)) return;
  int fresh;
  uint t = sp_insert(keys, hmask, key, ctr, &fresh);
  if (t == SP_NONE) return;
  uint f = oflags[s];
  __global const ulong *src = sp_rows((__global ulong *)ocells, s, (f & SP_PAR) ? 1u : 0u);
  __global ulong *d = sp_rows(cells, t, 0);
  for (int r = 0; r < SP_T; r++) d[r] = src[r];
  flags[t] = f & ~SP_PAR;
}

/* The rule changed: no tile is known to be quiet. */
__kernel void sp_unquiet(__global const ulong *keys, __global uint *flags, uint hmask) {
  uint s = (uint)get_global_id(0);
  if (s <= hmask && sp_used(keys[s])) flags[s] = (flags[s] & ~(SP_P1 | SP_P2)) | SP_CH_ALL;
}
