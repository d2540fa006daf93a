/* universe/hashlife_gpu.cl — HashLife with its node table and its level
 * batches on the device (lib/universe/hashlife_gpu.c drives it).
 *
 * Table. Node i: kids[i] (nw, ne, sw, se ids; a leaf, level 3, holds its 8×8
 * cells as kids.x | kids.y << 32, bit 8r+c = cell (c, r)), lvl[i], memo[i]
 * (the result node and the k of its 2^k generations; HLG_ANY for an empty
 * node, HLG_NONE for none) and claim[i] (the last frame that listed it).
 * Id 0 is "none". Canonical nodes by hash-consing: an open-addressing table
 * of 64-bit buckets, tag (the key hash's high word) << 32 | id, 0 empty.
 * A new node takes the next id (atomic counter), is written, fenced, and
 * published by a 64-bit compare-and-swap of an empty bucket; a loser of the
 * race compares the winner's node (volatile reads) and takes it if equal.
 * A node that a reader fails to see in time would only be made twice (the
 * results stay exact: a duplicate is a square like any other); the counter
 * past `cap` sets ctr[HLG_OOM], and every kernel then does nothing.
 *
 * Frames. A frame is the batch of nodes of one level whose results after
 * 2^k generations are needed, listed once each (claim[] = the frame's
 * number, by atomic exchange), without those already memoised. For a frame
 * at level l with k = l-2, hlg_nine makes the nine overlapping squares
 * t0..t8 of level l-1 of each node and lists those without a result (the
 * child frame, level l-1, k-1); once it is solved, hlg_four makes the four
 * squares u0..u3 of level l-1 of the nine results and lists them (a second
 * child frame); hlg_finish joins the four results. For k < l-2, hlg_centres
 * makes the nine centres (level l-2) straight from the great-grandchildren
 * and the four u of them (one child frame, level l-1, same k). At level
 * GOLCL_HLG_BASE (5 or 6) hlg_base gathers the node's cells (side S =
 * 2^BASE, one ulong a row), steps them 2^k generations by full adders on
 * whole rows (or the rule's table, cell by cell), and makes the result from
 * the centre's leaves. Out-of-range rows are taken as dead; the ring this
 * spoils grows a cell a generation, and 2^k ≤ S/4 leaves the centre exact.
 *
 * Lists live in one stack buffer that the host carves; counts go through
 * ctr[HLG_CNT], a running total: a kernel that lists is given the total as
 * the host last read it (cbase) and writes at atomic_inc - cbase.
 *
 * Build options: GOLCL_HLG_BASE (5 or 6), GOLCL_HLG_TABLE (0: B/S masks
 * GOLCL_HLG_B, GOLCL_HLG_S; 1: the 512-entry table argument),
 * GOLCL_HLG_SPLIT (hlg_jump: a work-item a square made, else a node). */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#include "common/hash.cl"

#define HLG_NONE 0xffu
#define HLG_ANY 0xfeu
/* ctr[] (must match lib/universe/hashlife_gpu.c) */
#define HLG_NEXT 0      /* next free id */
#define HLG_OOM 1       /* the table (or the id range) is full */
#define HLG_CNT 2       /* running total of listed nodes */
#define HLG_ROOT 3      /* the root */
#define HLG_ROOT_EXP 4  /* the expanded root of the jump under way */
#define HLG_LEVEL 5     /* its level */
#define HLG_RANGE 6     /* the root reached the largest level */
#define HLG_FRAME 7     /* the last frame number hlg_jump used */
#define HLG_STEPS 8     /* hlg_jump: steps of its loop (batches and their phases) */
#define HLG_LISTED 9    /* hlg_jump: nodes listed */
#define HLG_WIDEST 10   /* hlg_jump: the widest batch */
#define HLG_WIDE_NOW 11 /* hlg_jump: the widest batch of its last launch */

#define HLG_B GOLCL_HLG_BASE
#define HLG_S (1 << HLG_B) /* cells a side of a base square */

#define HLG_ARGS                                                                         \
  __global uint4 *kids, __global uchar *lvl, __global uint2 *memo, __global uint *claim, \
      __global ulong *bk, __global uint *ctr, uint bmask, uint cap
#define HLG_PASS kids, lvl, memo, claim, bk, ctr, bmask, cap

inline ulong hlg_key(uint l, uint4 q) {
  ulong h = (ulong)q.x * 0x9E3779B97F4A7C15UL + (ulong)q.y * 0xC2B2AE3D27D4EB4FUL +
            (ulong)q.z * 0x165667B19E3779F9UL + (ulong)q.w * 0x27D4EB2F165667C5UL + (ulong)l;
  return golcl_mix64(h);
}

/* The canonical node of level l with children q (a leaf: l = 3, its bits);
 * 0 if a child is 0 or the table is full. */
inline uint hlg_node(HLG_ARGS, uint l, uint4 q) {
  if (l > 3 && (!q.x || !q.y || !q.z || !q.w)) return 0;
  ulong h = hlg_key(l, q);
  uint tag = (uint)(h >> 32), j = (uint)h & bmask, mine = 0;
  for (uint n = 0; n <= bmask; n++, j = (j + 1) & bmask) {
    ulong e = ((volatile __global ulong *)bk)[j];
    if (e == 0) {
      if (!mine) {
        mine = atomic_inc(&ctr[HLG_NEXT]);
        if (mine >= cap) {
          ctr[HLG_OOM] = 1;
          return 0;
        }
        kids[mine] = q;
        lvl[mine] = (uchar)l;
        memo[mine] = (uint2)(0u, HLG_NONE);
        claim[mine] = 0;
        mem_fence(CLK_GLOBAL_MEM_FENCE);
      }
      e = atom_cmpxchg((volatile __global ulong *)&bk[j], 0UL, ((ulong)tag << 32) | mine);
      if (e == 0) return mine;
    }
    if ((uint)(e >> 32) == tag) {
      uint id = (uint)e;
      volatile __global uint *p = (volatile __global uint *)&kids[id];
      if (p[0] == q.x && p[1] == q.y && p[2] == q.z && p[3] == q.w &&
          ((volatile __global uchar *)lvl)[id] == l)
        return id;
    }
  }
  ctr[HLG_OOM] = 1;
  return 0;
}

/* Lists node id for its result after 2^k generations unless it has one or
 * is listed already in this frame. */
inline void hlg_list(HLG_ARGS, uint id, uint k, uint frame, __global uint *out, uint cbase) {
  if (!id) return;
  uint2 m = memo[id];
  if (m.x && (m.y == k || m.y == HLG_ANY)) return;
  if (atomic_xchg(&claim[id], frame) == frame) return;
  out[atomic_inc(&ctr[HLG_CNT]) - cbase] = id;
}

/* Existing nodes [n0, n1) into the buckets (an upload: canonical already). */
__kernel void hlg_insert(HLG_ARGS, uint n0, uint n1) {
  uint id = n0 + (uint)get_global_id(0);
  if (id >= n1) return;
  ulong h = hlg_key(lvl[id], kids[id]);
  uint j = (uint)h & bmask;
  ulong v = (h & 0xffffffff00000000UL) | id;
  for (uint n = 0; n <= bmask; n++, j = (j + 1) & bmask)
    if (atom_cmpxchg((volatile __global ulong *)&bk[j], 0UL, v) == 0) return;
  ctr[HLG_OOM] = 1;
}

inline int hlg_in_centre(HLG_ARGS, __global const uint *empty, uint r, uint L) {
  if (L < 5) return r == empty[L];
  uint e = empty[L - 2];
  uint4 q = kids[r], a = kids[q.x], b = kids[q.y], c = kids[q.z], d = kids[q.w];
  return a.x == e && a.y == e && a.z == e && b.x == e && b.y == e && b.w == e && c.x == e &&
         c.z == e && c.w == e && d.y == e && d.z == e && d.w == e;
}

inline uint hlg_expand(HLG_ARGS, __global const uint *empty, uint r, uint L) {
  uint e = empty[L - 1];
  uint4 q = kids[r];
  uint4 n = (uint4)(hlg_node(HLG_PASS, L, (uint4)(e, e, e, q.x)),
                    hlg_node(HLG_PASS, L, (uint4)(e, e, q.y, e)),
                    hlg_node(HLG_PASS, L, (uint4)(e, q.z, e, e)),
                    hlg_node(HLG_PASS, L, (uint4)(q.w, e, e, e)));
  return hlg_node(HLG_PASS, L + 1, n);
}

/* One work-item: grows the root (ctr[HLG_ROOT]) until its cells lie in its
 * centre half and it is of level k+3 at least, then once more (nothing can
 * leave the result; and of level minlevel at least before that, so that
 * the root's batch is not below the base case), and lists it. */
__kernel void hlg_seed(HLG_ARGS, __global const uint *empty, uint k, uint frame, __global uint *out,
                       uint cbase, uint minlevel, uint maxlevel) {
  if (get_global_id(0) != 0 || ctr[HLG_OOM]) return;
  uint r = ctr[HLG_ROOT], L = lvl[r];
  for (int last = 0; r && !last; L++) {
    last = L >= k + 3 && L >= minlevel && hlg_in_centre(HLG_PASS, empty, r, L);
    if (L + 1 > maxlevel) {
      ctr[HLG_RANGE] = 1;
      return;
    }
    r = hlg_expand(HLG_PASS, empty, r, L);
  }
  if (!r) return;
  ctr[HLG_ROOT_EXP] = r;
  ctr[HLG_LEVEL] = L;
  hlg_list(HLG_PASS, r, k, frame, out, cbase);
}

/* One work-item: the root becomes the result of the expanded root. */
__kernel void hlg_done(HLG_ARGS) {
  if (get_global_id(0) != 0 || ctr[HLG_OOM]) return;
  uint r = memo[ctr[HLG_ROOT_EXP]].x;
  if (r)
    ctr[HLG_ROOT] = r;
  else
    ctr[HLG_OOM] = 1;
}

/* ------------------------------------------------ one node's pieces of work */

/* The nine overlapping squares (level l-1) of node id (level l). */
inline void hlg_nine_of(HLG_ARGS, uint id, uint l, uint *t) {
  uint4 q = kids[id], a = kids[q.x], b = kids[q.y], c = kids[q.z], d = kids[q.w];
  t[0] = q.x;
  t[1] = hlg_node(HLG_PASS, l - 1, (uint4)(a.y, b.x, a.w, b.z));
  t[2] = q.y;
  t[3] = hlg_node(HLG_PASS, l - 1, (uint4)(a.z, a.w, c.x, c.y));
  t[4] = hlg_node(HLG_PASS, l - 1, (uint4)(a.w, b.z, c.y, d.x));
  t[5] = hlg_node(HLG_PASS, l - 1, (uint4)(b.z, b.w, d.x, d.y));
  t[6] = q.z;
  t[7] = hlg_node(HLG_PASS, l - 1, (uint4)(c.y, d.x, c.w, d.z));
  t[8] = q.w;
}

/* The four squares (level l-1) of a 3×3 array s of level l-2. */
inline void hlg_four_of(HLG_ARGS, uint l, const uint *s, uint *u) {
  u[0] = hlg_node(HLG_PASS, l - 1, (uint4)(s[0], s[1], s[3], s[4]));
  u[1] = hlg_node(HLG_PASS, l - 1, (uint4)(s[1], s[2], s[4], s[5]));
  u[2] = hlg_node(HLG_PASS, l - 1, (uint4)(s[3], s[4], s[6], s[7]));
  u[3] = hlg_node(HLG_PASS, l - 1, (uint4)(s[4], s[5], s[7], s[8]));
}

/* The nine centres (level l-2) of the nine squares of node id, straight
 * from its great-grandchildren (an 8×8 array of level l-3 ≥ 3 of which the
 * centre 6×6 counts). */
inline void hlg_centres_of(HLG_ARGS, uint id, uint l, uint *s) {
  uint4 q = kids[id];
  uint c4[4] = {q.x, q.y, q.z, q.w};
  uint gg[8][8];
  for (int a = 0; a < 4; a++) {
    uint4 ca = kids[c4[a]];
    uint g4[4] = {ca.x, ca.y, ca.z, ca.w};
    for (int b = 0; b < 4; b++) {
      uint4 gb = kids[g4[b]];
      int y = 4 * (a >> 1) + 2 * (b >> 1), x = 4 * (a & 1) + 2 * (b & 1);
      gg[y][x] = gb.x, gg[y][x + 1] = gb.y, gg[y + 1][x] = gb.z, gg[y + 1][x + 1] = gb.w;
    }
  }
  for (int iy = 0; iy < 3; iy++)
    for (int ix = 0; ix < 3; ix++) {
      int y = 2 * iy + 1, x = 2 * ix + 1;
      s[3 * iy + ix] = hlg_node(HLG_PASS, l - 2,
                                (uint4)(gg[y][x], gg[y][x + 1], gg[y + 1][x], gg[y + 1][x + 1]));
    }
}

/* Node id's result: the node of level l-1 of the results of u[0..3]. */
inline void hlg_finish_of(HLG_ARGS, uint id, uint l, uint k, const uint *u) {
  uint4 r = (uint4)(memo[u[0]].x, memo[u[1]].x, memo[u[2]].x, memo[u[3]].x);
  uint res = hlg_node(HLG_PASS, l - 1, r);
  if (res) memo[id] = (uint2)(res, k);
}

/* --------------------------------------------- one launch a batch (batched) */

/* k = l-2: the nine squares of level l-1 of each node, listed for k-1. */
__kernel void hlg_nine(HLG_ARGS, __global uint *stack, uint in, uint m, uint t9, uint out, uint l,
                       uint kc, uint frame, uint cbase) {
  uint i = (uint)get_global_id(0);
  if (i >= m || ctr[HLG_OOM]) return;
  uint t[9];
  hlg_nine_of(HLG_PASS, stack[in + i], l, t);
  for (int j = 0; j < 9; j++) {
    stack[t9 + 9 * i + j] = t[j];
    hlg_list(HLG_PASS, t[j], kc, frame, stack + out, cbase);
  }
}

inline void hlg_put_four(HLG_ARGS, __global uint *stack, uint u4, uint i, const uint *u, uint kc,
                         uint frame, uint out, uint cbase) {
  for (int j = 0; j < 4; j++) {
    stack[u4 + 4 * i + j] = u[j];
    hlg_list(HLG_PASS, u[j], kc, frame, stack + out, cbase);
  }
}

/* k = l-2, after the nine: the four squares of their results, listed. */
__kernel void hlg_four(HLG_ARGS, __global uint *stack, uint in, uint m, uint t9, uint u4, uint out,
                       uint l, uint kc, uint frame, uint cbase) {
  uint i = (uint)get_global_id(0);
  if (i >= m || ctr[HLG_OOM]) return;
  uint s[9], u[4];
  for (int j = 0; j < 9; j++) s[j] = memo[stack[t9 + 9 * i + j]].x;
  hlg_four_of(HLG_PASS, l, s, u);
  hlg_put_four(HLG_PASS, stack, u4, i, u, kc, frame, out, cbase);
}

/* k < l-2: the four squares of the nine centres, listed for the same k. */
__kernel void hlg_centres(HLG_ARGS, __global uint *stack, uint in, uint m, uint u4, uint out,
                          uint l, uint k, uint frame, uint cbase) {
  uint i = (uint)get_global_id(0);
  if (i >= m || ctr[HLG_OOM]) return;
  uint s[9], u[4];
  hlg_centres_of(HLG_PASS, stack[in + i], l, s);
  hlg_four_of(HLG_PASS, l, s, u);
  hlg_put_four(HLG_PASS, stack, u4, i, u, k, frame, out, cbase);
}

/* The result of each node from the four results. */
__kernel void hlg_finish(HLG_ARGS, __global uint *stack, uint in, uint m, uint u4, uint l, uint k) {
  uint i = (uint)get_global_id(0);
  if (i >= m || ctr[HLG_OOM]) return;
  uint u[4] = {stack[u4 + 4 * i], stack[u4 + 4 * i + 1], stack[u4 + 4 * i + 2],
               stack[u4 + 4 * i + 3]};
  hlg_finish_of(HLG_PASS, stack[in + i], l, k, u);
}

/* ----------------------------------------------------------- the base case */

/* Row y of the next generation from rows up, mid, dn (bit c = cell c). */
inline ulong hlg_next_row(ulong up, ulong mid, ulong dn, __global const uchar *table) {
#if GOLCL_HLG_TABLE
  ulong out = 0;
  for (int x = 0; x < HLG_S; x++) {
    uint i = 0;
    ulong r3[3] = {up, mid, dn};
    for (int dy = 0; dy < 3; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        int c = x + dx;
        i = i << 1 | (c >= 0 && c < 64 ? (uint)(r3[dy] >> c & 1) : 0u);
      }
    if (table[i]) out |= 1UL << x;
  }
  return out;
#else
  /* full adders on whole 64-cell rows: the eight neighbours' count in four
   * bit planes (common/adders.cl on two 32-cell halves with carried shifts
   * was measured 4x slower on pocl: acorn 30 000 generations 0.050 s
   * against 0.0135 s) */
  ulong nw = up << 1, ne = up >> 1, ww = mid << 1, ee = mid >> 1, sw = dn << 1, se = dn >> 1;
  ulong ua = nw ^ up, us = ua ^ ne, uc = (nw & up) | (ua & ne);
  ulong da = sw ^ dn, ds = da ^ se, dc = (sw & dn) | (da & se);
  ulong ms = ww ^ ee, mc = ww & ee;
  ulong oa = us ^ ds, b0 = oa ^ ms, oc = (us & ds) | (oa & ms);
  ulong p = uc ^ dc, qq = mc ^ oc, b1 = p ^ qq;
  ulong a12 = uc & dc, a34 = mc & oc, pq = p & qq;
  ulong b2 = a12 ^ a34 ^ pq, b3 = a12 & a34;
  ulong next = 0;
#pragma unroll
  for (int n = 0; n <= 8; n++) {
    int born = (GOLCL_HLG_B >> n) & 1, stay = (GOLCL_HLG_S >> n) & 1;
    if (!born && !stay) continue;
    ulong eq =
        ((n & 1) ? b0 : ~b0) & ((n & 2) ? b1 : ~b1) & ((n & 4) ? b2 : ~b2) & ((n & 8) ? b3 : ~b3);
    next |= eq & (born && stay ? ~0UL : born ? ~mid : mid);
  }
  return next;
#endif
}

/* Node id of level HLG_B: its centre (level HLG_B-1) after 2^k generations. */
/* The cells of node id of level HLG_B after 2^k generations (rows[y], bit
 * c = cell c; the centre half is exact). */
inline void hlg_base_rows(HLG_ARGS, uint id, uint k, __global const uchar *table, ulong *rows) {
  /* the leaves, a level at a time (21 + 64 reads for level 6); every loop
   * has constant bounds, so that unrolled the rows stay in registers */
  const int nl = HLG_S / 8; /* leaves a side */
  uint grid[(HLG_S / 8) * (HLG_S / 8)];
  grid[0] = id;
#pragma unroll
  for (int s = 1; s < nl; s *= 2) {
#pragma unroll
    for (int y = s - 1; y >= 0; y--)
#pragma unroll
      for (int x = s - 1; x >= 0; x--) {
        uint4 q = kids[grid[y * s + x]];
        grid[(2 * y) * (2 * s) + 2 * x] = q.x, grid[(2 * y) * (2 * s) + 2 * x + 1] = q.y;
        grid[(2 * y + 1) * (2 * s) + 2 * x] = q.z, grid[(2 * y + 1) * (2 * s) + 2 * x + 1] = q.w;
      }
  }
#pragma unroll
  for (int ly = 0; ly < nl; ly++) {
    uint2 lf[HLG_S / 8];
#pragma unroll
    for (int lx = 0; lx < nl; lx++) lf[lx] = kids[grid[ly * nl + lx]].xy;
#pragma unroll
    for (int r = 0; r < 8; r++) {
      ulong v = 0;
#pragma unroll
      for (int lx = 0; lx < nl; lx++)
        v |= (ulong)(((r < 4 ? lf[lx].x : lf[lx].y) >> (8 * (r & 3))) & 0xffu) << (8 * lx);
      rows[8 * ly + r] = v;
    }
  }
  /* 2^k generations; generation t changes rows t .. S-1-t only */
  int gens = 1 << k;
  for (int t = 1; t <= gens; t++) {
    ulong prev = 0;
#if !GOLCL_HLG_TABLE
#pragma unroll
#endif
    for (int y = 0; y < HLG_S; y++) {
      ulong cur = rows[y];
      if (y >= t && y < HLG_S - t)
        rows[y] = hlg_next_row(prev, cur, y + 1 < HLG_S ? rows[y + 1] : 0UL, table);
      prev = cur;
    }
  }
}

/* Leaf q (row-major in the centre's (S/16)² leaves) of rows. */
inline ulong hlg_centre_leaf(const ulong *rows, int q) {
  const int cl = HLG_S / 16, off = HLG_S / 4, cy = q / cl, cx = q % cl;
  ulong bits = 0;
#pragma unroll
  for (int r = 0; r < 8; r++)
    bits |= ((rows[off + 8 * cy + r] >> (off + 8 * cx)) & 0xffUL) << (8 * r);
  return bits;
}

/* Node id of level HLG_B: its centre (level HLG_B-1) after 2^k generations. */
inline void hlg_base_of(HLG_ARGS, uint id, uint k, __global const uchar *table) {
  ulong rows[HLG_S];
  hlg_base_rows(HLG_PASS, id, k, table, rows);
  /* the centre's leaves, then the levels up to HLG_B-1 */
  const int cl = HLG_S / 16;
  uint ids[(HLG_S / 16) * (HLG_S / 16)];
#pragma unroll
  for (int cy = 0; cy < cl; cy++)
#pragma unroll
    for (int cx = 0; cx < cl; cx++) {
      ulong bits = hlg_centre_leaf(rows, cy * cl + cx);
      ids[cy * cl + cx] = hlg_node(HLG_PASS, 3, (uint4)((uint)bits, (uint)(bits >> 32), 0u, 0u));
    }
  for (int side = cl, lev = 4; side > 1; side >>= 1, lev++)
    for (int y = 0; y < side / 2; y++)
      for (int x = 0; x < side / 2; x++)
        ids[y * (side / 2) + x] =
            hlg_node(HLG_PASS, lev,
                     (uint4)(ids[2 * y * side + 2 * x], ids[2 * y * side + 2 * x + 1],
                             ids[(2 * y + 1) * side + 2 * x], ids[(2 * y + 1) * side + 2 * x + 1]));
  if (ids[0]) memo[id] = (uint2)(ids[0], k);
}

__kernel void hlg_base(HLG_ARGS, __global uint *stack, uint in, uint m, uint k,
                       __global const uchar *table) {
  uint i = (uint)get_global_id(0);
  if (i >= m || ctr[HLG_OOM]) return;
  hlg_base_of(HLG_PASS, stack[in + i], k, table);
}

/* ------------------------------------ a whole jump in one work-group (jump) */

/* Component i of v. */
inline uint hlg_q(uint4 v, uint i) { return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w; }

/* Square j of the nine of node id (hlg_nine_of's t[j]). */
inline uint hlg_nine_one(HLG_ARGS, uint id, uint l, uint j) {
  uint4 q = kids[id];
  if (j == 0 || j == 2 || j == 6 || j == 8)
    return hlg_q(q, j == 0 ? 0 : j == 2 ? 1 : j == 6 ? 2 : 3);
  uint4 a = kids[q.x], b = kids[q.y], c = kids[q.z], d = kids[q.w], k;
  if (j == 1)
    k = (uint4)(a.y, b.x, a.w, b.z);
  else if (j == 3)
    k = (uint4)(a.z, a.w, c.x, c.y);
  else if (j == 4)
    k = (uint4)(a.w, b.z, c.y, d.x);
  else if (j == 5)
    k = (uint4)(b.z, b.w, d.x, d.y);
  else
    k = (uint4)(c.y, d.x, c.w, d.z);
  return hlg_node(HLG_PASS, l - 1, k);
}

/* The great-grandchild of node id at (x, y) of its 8×8 array. */
inline uint hlg_gg(HLG_ARGS, uint id, uint x, uint y) {
  uint c = hlg_q(kids[id], (y >> 2) * 2 + (x >> 2));
  uint g = hlg_q(kids[c], ((y >> 1) & 1) * 2 + ((x >> 1) & 1));
  return hlg_q(kids[g], (y & 1) * 2 + (x & 1));
}

/* Centre n of the nine (hlg_centres_of's s[n]). */
inline uint hlg_centre_one(HLG_ARGS, uint id, uint l, uint n) {
  uint x = 2 * (n % 3) + 1, y = 2 * (n / 3) + 1;
  return hlg_node(HLG_PASS, l - 2,
                  (uint4)(hlg_gg(HLG_PASS, id, x, y), hlg_gg(HLG_PASS, id, x + 1, y),
                          hlg_gg(HLG_PASS, id, x, y + 1), hlg_gg(HLG_PASS, id, x + 1, y + 1)));
}

/* Lists id in the work-group's batch (a local counter). */
inline void hlg_list_l(HLG_ARGS, uint id, uint k, uint frame, __global uint *out,
                       volatile __local uint *cnt) {
  if (!id) return;
  uint2 m = memo[id];
  if (m.x && (m.y == k || m.y == HLG_ANY)) return;
  if (atomic_xchg(&claim[id], frame) == frame) return;
  out[atomic_inc(cnt)] = id;
}

/* The base case in phases, for one work-group (GOLCL_HLG_SPLIT): the
 * node creations of the centre are independent chains of reads, so a
 * work-item each. Phase 0: node i's cells stepped (a work-item a node),
 * its HLG_NLEAF centre leaves' bits to sc[2 (NLEAF i + q)]; phase 1: leaf j
 * of node i (a work-item a leaf), its id to ids[0][NLEAF i + j]; phase p:
 * node j of level p+2 from four of level p+1; the last, node i's result.
 * ids of level p+2 at sc + 2 NLEAF m + off(p) m. */
#define HLG_NLEAF ((HLG_S / 16) * (HLG_S / 16))
#if GOLCL_HLG_SPLIT
#define HLG_SPLIT_BASE 1
#else
#define HLG_SPLIT_BASE 0
#endif
inline void hlg_base_phase(HLG_ARGS, __global uint *sc, uint m, uint i, uint j, uint ph, uint id,
                           uint k, __global const uchar *table) {
  if (ph == 0) {
    ulong rows[HLG_S];
    hlg_base_rows(HLG_PASS, id, k, table, rows);
#pragma unroll
    for (int q = 0; q < HLG_NLEAF; q++) {
      ulong bits = hlg_centre_leaf(rows, q);
      sc[2 * (HLG_NLEAF * i + q)] = (uint)bits,
                              sc[2 * (HLG_NLEAF * i + q) + 1] = (uint)(bits >> 32);
    }
    return;
  }
  /* level ph+2: per node n = NLEAF >> 2(ph-1) of them on a side of sqrt(n) */
  uint n = HLG_NLEAF >> (2 * (ph - 1)), off = 0;
  for (uint p = 1; p < ph; p++) off += HLG_NLEAF >> (2 * (p - 1));
  __global uint *ids = sc + 2 * HLG_NLEAF * m;
  uint r;
  if (ph == 1) {
    r = hlg_node(HLG_PASS, 3,
                 (uint4)(sc[2 * (HLG_NLEAF * i + j)], sc[2 * (HLG_NLEAF * i + j) + 1], 0u, 0u));
  } else {
    uint side = (HLG_S / 16) >> (ph - 1), pside = 2 * side, pn = 4 * n;
    uint x = j % side, y = j / side, poff = off - pn;
    __global const uint *pv = ids + poff * m + pn * i;
    r = hlg_node(HLG_PASS, ph + 2,
                 (uint4)(pv[2 * y * pside + 2 * x], pv[2 * y * pside + 2 * x + 1],
                         pv[(2 * y + 1) * pside + 2 * x], pv[(2 * y + 1) * pside + 2 * x + 1]));
  }
  if (n == 1) {
    if (r) memo[id] = (uint2)(r, k);
  } else {
    ids[off * m + n * i + j] = r;
  }
}

#define HLG_DEPTH 64

/* One work-group runs the whole recursion of a jump of 2^k generations:
 * the same frames as the batched kernels, on a stack of frames in local
 * memory, the work-items striding over each batch, a barrier between the
 * steps; no host round trip. Work-item 0 grows the root first (as
 * hlg_seed) and keeps the frame stack; or (m0 > 0) it solves a batch the
 * host listed, m0 nodes of level l0 at stack[in0], its lists from stack[sp0]
 * on (the host's batches above it). ctr[HLG_FRAME] carries its frame
 * numbers from launch to launch (from 2^31 up: the host's, for batches it
 * launches itself, are below); a full list stack sets ctr[HLG_OOM] = 2. */
__kernel void hlg_jump(HLG_ARGS, __global uint *stack, uint stack_cap, __global const uint *empty,
                       uint k, uint minlevel, uint maxlevel, __global const uchar *table, uint l0,
                       uint in0, uint m0, uint sp0) {
  __local uint fl[HLG_DEPTH], fk[HLG_DEPTH], fin[HLG_DEPTH], fm[HLG_DEPTH], fph[HLG_DEPTH],
      ft9[HLG_DEPTH], fu4[HLG_DEPTH], fout[HLG_DEPTH], fsp[HLG_DEPTH], fbs[HLG_DEPTH];
  __local uint depth, sp, frame, stop;
  volatile __local uint cnt;
  uint lid = (uint)get_local_id(0), wg = (uint)get_local_size(0);
  if (lid == 0) {
    depth = 0, sp = 0, stop = ctr[HLG_OOM] != 0;
    frame = ctr[HLG_FRAME];
    ctr[HLG_WIDE_NOW] = 0;
    if (m0) { /* a batch the host listed (m0 nodes of level l0 at stack[in0]) */
      sp = sp0, depth = 1;
      fl[0] = l0, fk[0] = k, fin[0] = in0, fm[0] = m0, fph[0] = 0, fsp[0] = sp0;
    } else { /* the root */
      uint r = ctr[HLG_ROOT], L = lvl[r];
      for (int last = 0; r && !last && !stop; L++) {
        last = L >= k + 3 && L >= minlevel && hlg_in_centre(HLG_PASS, empty, r, L);
        if (L + 1 > maxlevel) {
          ctr[HLG_RANGE] = 1;
          stop = 1;
        } else {
          r = hlg_expand(HLG_PASS, empty, r, L);
        }
      }
      if (!r) stop = 1;
      if (!stop) {
        ctr[HLG_ROOT_EXP] = r;
        ctr[HLG_LEVEL] = L;
        uint2 mm = memo[r];
        if (!(mm.x && (mm.y == k || mm.y == HLG_ANY))) {
          stack[0] = r;
          sp = 1, depth = 1;
          fl[0] = L, fk[0] = k, fin[0] = 0, fm[0] = 1, fph[0] = 0, fsp[0] = 1;
        }
      }
    }
  }
  /* every step passes the same four barriers, whatever it does (pocl wants
   * the barriers of a loop unconditional) */
  for (;;) {
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (depth == 0 || stop) break;
    uint d = depth - 1;
    uint l = fl[d], kk = fk[d], in = fin[d], m = fm[d], ph = fph[d];
    int full = kk + 2 == l, base = l == HLG_B, fin2 = !base && ph == 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
      ctr[HLG_STEPS]++;
      cnt = 0;
      if (base && ph == 0) { /* room for the leaves' bits and the ids of each level */
        fbs[d] = HLG_SPLIT_BASE && sp + 4 * HLG_NLEAF * m <= stack_cap;
        if (fbs[d]) ft9[d] = sp, sp += 4 * HLG_NLEAF * m;
      }
      if (!base && !fin2) {
        frame++;
        if (ph == 0 && full) { /* the nine and their list */
          ft9[d] = sp, fout[d] = sp + 9 * m;
          sp += 18 * m;
        } else { /* the four and their list (after the nine's results, or of the centres) */
          if (ph == 1) sp = fout[d];
          fu4[d] = sp, fout[d] = sp + 4 * m;
          sp += 8 * m;
        }
        if (sp > stack_cap) stop = 2;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint t9 = ft9[d], u4 = fu4[d], out = fout[d], fr = frame, kc = full ? kk - 1 : kk;
    int bsplit = base && fbs[d]; /* the base case in phases: rows, then a level a phase */
                                 /* GOLCL_HLG_SPLIT: a work-item a square made, nine or four a node
                                  * (their node lookups are chains of dependent reads; spread over
                                  * work-items, they overlap: for the GPU); else one a node (for a CPU) */
#if GOLCL_HLG_SPLIT
    uint per = bsplit && ph > 0  ? HLG_NLEAF >> (2 * (ph - 1))
               : base || fin2    ? 1u
               : ph == 0 && full ? 9u
                                 : 4u;
#else
    uint per = 1;
#endif
    for (uint w = lid; w < m * per && !stop; w += wg) {
      uint i = w / per, j = w % per, id = stack[in + i];
      if (bsplit) {
        hlg_base_phase(HLG_PASS, stack + t9, m, i, j, ph, id, kk, table);
      } else if (base) {
        hlg_base_of(HLG_PASS, id, kk, table);
      } else if (fin2) {
        uint u[4];
        for (int q = 0; q < 4; q++) u[q] = stack[u4 + 4 * i + q];
        hlg_finish_of(HLG_PASS, id, l, kk, u);
      } else if (per == 1) {
        uint t[9], u[4];
        if (ph == 0 && full) {
          hlg_nine_of(HLG_PASS, id, l, t);
          for (int q = 0; q < 9; q++) {
            stack[t9 + 9 * i + q] = t[q];
            hlg_list_l(HLG_PASS, t[q], kc, fr, stack + out, &cnt);
          }
        } else {
          if (ph == 1)
            for (int q = 0; q < 9; q++) t[q] = memo[stack[t9 + 9 * i + q]].x;
          else
            hlg_centres_of(HLG_PASS, id, l, t);
          hlg_four_of(HLG_PASS, l, t, u);
          for (int q = 0; q < 4; q++) {
            stack[u4 + 4 * i + q] = u[q];
            hlg_list_l(HLG_PASS, u[q], kc, fr, stack + out, &cnt);
          }
        }
      } else if (per == 9) {
        uint t = hlg_nine_one(HLG_PASS, id, l, j);
        stack[t9 + 9 * i + j] = t;
        hlg_list_l(HLG_PASS, t, kc, fr, stack + out, &cnt);
      } else {
        /* square j of the four: the 2×2 of the nine's results (or centres)
         * at (j & 1, j >> 1) */
        uint s0 = (j >> 1) * 3 + (j & 1), s4[4];
        for (int q = 0; q < 4; q++) {
          uint n = s0 + (q & 1) + 3 * (q >> 1);
          s4[q] = ph == 1 ? memo[stack[t9 + 9 * i + n]].x : hlg_centre_one(HLG_PASS, id, l, n);
        }
        uint u = hlg_node(HLG_PASS, l - 1, (uint4)(s4[0], s4[1], s4[2], s4[3]));
        stack[u4 + 4 * i + j] = u;
        hlg_list_l(HLG_PASS, u, kc, fr, stack + out, &cnt);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (lid == 0 && !stop) {
      if (ctr[HLG_OOM]) {
        stop = 1;
      } else if (bsplit && (HLG_NLEAF >> (2 * ph)) > 0) { /* the next phase */
        fph[d] = ph + 1;
      } else if (base || fin2) { /* done: pop */
        sp = fsp[d], depth = d;
      } else {
        ctr[HLG_LISTED] += cnt;
        if (cnt > ctr[HLG_WIDEST]) ctr[HLG_WIDEST] = cnt;
        if (cnt > ctr[HLG_WIDE_NOW]) ctr[HLG_WIDE_NOW] = cnt;
        fph[d] = ph == 0 && full ? 1 : 2;
        if (cnt) { /* the child batch */
          fl[d + 1] = l - 1, fk[d + 1] = kc, fin[d + 1] = out, fm[d + 1] = cnt, fph[d + 1] = 0;
          fsp[d + 1] = sp;
          depth = d + 2;
        }
      }
    }
  }
  if (lid == 0) {
    ctr[HLG_FRAME] = frame;
    if (stop == 2) ctr[HLG_OOM] = 2;
    if (!m0 && !stop && !ctr[HLG_OOM]) {
      uint r = memo[ctr[HLG_ROOT_EXP]].x;
      if (r)
        ctr[HLG_ROOT] = r;
      else
        ctr[HLG_OOM] = 1;
    }
  }
}
