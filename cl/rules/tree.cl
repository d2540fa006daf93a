/* tree.cl — Golly's RuleLoader rules (@TABLE compiled, or @TREE): the
 * rule's decision tree walked from local memory. The host packs the tree in
 * groups of TREE_G levels: a node has TREE_STATES^TREE_G entries, indexed by
 * the states of the next TREE_G cells it reads (the first most significant),
 * so a cell takes ceil(TREE_DEPTH / TREE_G) lookups instead of TREE_DEPTH.
 * Level l reads cell TREE_Ol of the 3×3 block (0..8 row-major: nw n ne w c e
 * sw s se); entries are child offsets, the new state in the last group;
 * the root is at TREE_BASE; TREE_T is ushort when there are fewer than 65536
 * entries, else int.
 * Work-groups of TREE_LW × TREE_LH work-items copy the tree to local memory
 * once (unless TREE_NO_LOCAL: read through the cache) and then take tiles of
 * TREE_LW columns × TREE_LH·TREE_RUN rows in turn (group g: tiles g,
 * g + groups, ...); a work-item walks TREE_RUN cells down its column,
 * keeping the 3×3 block in registers (3 new bytes a cell). A state at or
 * above TREE_STATES (not one of the rule's) is read as 0 (TREE_CLAMP 1;
 * the host builds TREE_CLAMP 0 for the generations after a step's first,
 * whose cells are all the rule's states). Any size;
 * GOLCL_TORUS (0/1) picks the boundary. tree_step4, for widths that are a
 * multiple of 4: a work-item takes 4 adjacent columns (tiles 4·TREE_LW
 * wide), reading a row as one aligned uchar4 and the two cells beside it.
 * TREE_ANY: the same two kernels with the rule's tree, root, states and
 * clamp in their arguments (the tree in global memory; lim:
 * the first state read as 0, the rule's states for a step's first
 * generation, 256 after it), built only for the order of the levels, the
 * depth and the group: one program serves every rule of a neighbourhood,
 * source (@TABLE or @TREE) and class of states, so that a new rule needs no
 * build (seconds on pocl). */

#if defined TREE_NO_LOCAL || defined TREE_ANY
#define TREE_LOCAL 0
#else
#define TREE_LOCAL 1
#endif

#include "rules/ms.cl"

#ifdef TREE_ANY /* the rule in the kernels' arguments */
#define TREE_CLAMP 1
#define TREE_ARGS , uint base, uint states, uint lim
#define TREE_RULE_DECL
#else
#define TREE_ARGS
#define TREE_RULE_DECL const uint base = TREE_BASE, states = TREE_STATES, lim = TREE_STATES;
#endif
#ifndef TREE_CLAMP
#define TREE_CLAMP 1
#endif
#if TREE_CLAMP
#define TREE_IN(v) ((uint)(v) < lim ? (uint)(v) : 0u)
#else /* every cell is a state of the rule (a generation of it has run) */
#define TREE_IN(v) ((uint)(v))
#endif
#define TREE_ORDER(k)   \
  ((k) == 0   ? TREE_O0 \
   : (k) == 1 ? TREE_O1 \
   : (k) == 2 ? TREE_O2 \
   : (k) == 3 ? TREE_O3 \
   : (k) == 4 ? TREE_O4 \
   : (k) == 5 ? TREE_O5 \
   : (k) == 6 ? TREE_O6 \
   : (k) == 7 ? TREE_O7 \
              : TREE_O8)

/* The cell at (x, y) on the grid's boundary. */
inline uint tree_cell(__global const uchar *in, int w, int h, int x, int y, uint lim) {
  return TREE_IN(golcl_ms_cell(in, w, h, x, y));
}

/* Row yy's cells x0-1 .. x0+4 into r[0..5] (x0 a multiple of 4, w too). */
inline void tree_row4(__global const uchar *in, int w, int h, int x0, int yy, uint *r, uint lim) {
#if GOLCL_TORUS
  yy = yy < 0 ? yy + h : yy >= h ? yy - h : yy;
#else
  if (yy < 0 || yy >= h) {
    r[0] = r[1] = r[2] = r[3] = r[4] = r[5] = 0;
    return;
  }
#endif
  __global const uchar *row = in + (size_t)yy * w;
  const uchar4 c = *(__global const uchar4 *)(row + x0);
  r[1] = TREE_IN(c.s0), r[2] = TREE_IN(c.s1), r[3] = TREE_IN(c.s2), r[4] = TREE_IN(c.s3);
#if GOLCL_TORUS
  r[0] = TREE_IN(row[x0 > 0 ? x0 - 1 : w - 1]);
  r[5] = TREE_IN(row[x0 + 4 < w ? x0 + 4 : 0]);
#else
  r[0] = x0 > 0 ? TREE_IN(row[x0 - 1]) : 0u;
  r[5] = x0 + 4 < w ? TREE_IN(row[x0 + 4]) : 0u;
#endif
}

#ifndef TREE_ROWS /* the packed tree: tree_step and tree_step4 */
#if TREE_LOCAL
#define TREE_SPACE __local
#else
#define TREE_SPACE __global
#endif

/* The new state of the cell whose block is v. */
inline uint tree_walk(TREE_SPACE const TREE_T *T, const uint *v, uint base, uint states) {
  uint o = base;
#pragma unroll
  for (int l = 0; l < TREE_DEPTH; l += TREE_G) {
    uint idx = 0;
#pragma unroll
    for (int j = 0; j < TREE_G; j++)
      if (l + j < TREE_DEPTH) idx = idx * states + v[TREE_ORDER(l + j)];
    o = T[o + idx];
  }
  return o;
}

/* The tree in T: a copy in local memory made by the whole work-group, or the buffer. */
#if TREE_LOCAL
#define TREE_COPY                                                              \
  __local TREE_T T[TREE_ENTRIES];                                              \
  {                                                                            \
    const int l_ = get_local_id(1) * TREE_LW + get_local_id(0);                \
    for (int i = l_; i < TREE_ENTRIES; i += TREE_LW * TREE_LH) T[i] = tree[i]; \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
  }
#else
#define TREE_COPY __global const TREE_T *restrict T = tree;
#endif

__kernel __attribute__((reqd_work_group_size(TREE_LW, TREE_LH, 1))) void tree_step(
    __global const uchar *in, __global uchar *out, int w, int h, int tiles_x, int tiles,
    __global const TREE_T *restrict tree TREE_ARGS) {
  TREE_RULE_DECL
  TREE_COPY
  for (int t = get_group_id(0); t < tiles; t += get_num_groups(0)) {
    const int x = (t % tiles_x) * TREE_LW + get_local_id(0);
    const int y0 = ((t / tiles_x) * TREE_LH + get_local_id(1)) * TREE_RUN;
    if (x >= w || y0 >= h) continue;
    const int y1 = min(y0 + TREE_RUN, h);
    const int inner = x > 0 && x < w - 1;
    uint v[9];
    for (int k = 0; k < 6; k++) /* rows y0-1 and y0 */
      v[k + 3] = tree_cell(in, w, h, x - 1 + k % 3, y0 - 1 + k / 3, lim);
    for (int y = y0; y < y1; y++) {
      v[0] = v[3], v[1] = v[4], v[2] = v[5];
      v[3] = v[6], v[4] = v[7], v[5] = v[8];
      if (inner && y + 1 < h) {
        __global const uchar *r = in + (size_t)(y + 1) * w + x;
        v[6] = TREE_IN(r[-1]), v[7] = TREE_IN(r[0]), v[8] = TREE_IN(r[1]);
      } else {
        v[6] = tree_cell(in, w, h, x - 1, y + 1, lim);
        v[7] = tree_cell(in, w, h, x, y + 1, lim);
        v[8] = tree_cell(in, w, h, x + 1, y + 1, lim);
      }
      out[(size_t)y * w + x] = (uchar)tree_walk(T, v, base, states);
    }
  }
}

__kernel __attribute__((reqd_work_group_size(TREE_LW, TREE_LH, 1))) void tree_step4(
    __global const uchar *in, __global uchar *out, int w, int h, int tiles_x, int tiles,
    __global const TREE_T *restrict tree TREE_ARGS) {
  TREE_RULE_DECL
  TREE_COPY
  for (int t = get_group_id(0); t < tiles; t += get_num_groups(0)) {
    const int x0 = ((t % tiles_x) * TREE_LW + get_local_id(0)) * 4;
    const int y0 = ((t / tiles_x) * TREE_LH + get_local_id(1)) * TREE_RUN;
    if (x0 >= w || y0 >= h) continue;
    const int y1 = min(y0 + TREE_RUN, h);
    uint a[6], b[6], c[6];
    tree_row4(in, w, h, x0, y0 - 1, b, lim);
    tree_row4(in, w, h, x0, y0, c, lim);
    for (int y = y0; y < y1; y++) {
      for (int k = 0; k < 6; k++) a[k] = b[k], b[k] = c[k];
      tree_row4(in, w, h, x0, y + 1, c, lim);
      uchar4 o;
      uint v[9];
#define TREE_CELL4(j, dst)                                                                      \
  v[0] = a[j], v[1] = a[j + 1], v[2] = a[j + 2], v[3] = b[j], v[4] = b[j + 1], v[5] = b[j + 2], \
  v[6] = c[j], v[7] = c[j + 1], v[8] = c[j + 2];                                                \
  dst = (uchar)tree_walk(T, v, base, states);
      TREE_CELL4(0, o.s0)
      TREE_CELL4(1, o.s1)
      TREE_CELL4(2, o.s2)
      TREE_CELL4(3, o.s3)
      *(__global uchar4 *)(out + (size_t)y * w + x0) = o;
    }
  }
}


#else  /* TREE_ROWS */
/* tree_rows4: the tree by rows of the block (lib/rules/ruletree_rows.c),
 * in one of two layouts. The row tree (by default): a
 * row's code is the states of the cells of it the tree reads (TREE_Mk, bit
 * 0 the west column), the westmost most significant; a cell's new state is
 * TL[TI[TI[code0(top)] + code1(middle)] + code2(bottom)], TI the root and
 * the nodes of top-row classes (TREE_NINNER ushorts), TL the leaf nodes
 * (TREE_NLEAVES bytes from byte TREE_LEAF_AT of the buffer), both copied to
 * local memory. A work-item takes 4 adjacent columns (width a multiple of
 * 4) down TREE_RUN rows: each row it reads gives, for each column, the
 * bottom code of the cell above it, the middle code of its own cell and,
 * looked up at once, the root's entry for the cell below: three lookups a
 * cell, the codes made once a row. With TREE_ANY (the row tree only) TI
 * and TL are read from the buffer, TL from byte `base`, and the states and
 * the clamp are arguments: only the masks are built in. */
/* -DTREE_UNROLL=N unrolls the walk's loop N times (2: no register moves of
 * the rows' values between steps; a measurement build). */
#ifdef TREE_UNROLL
#define TREE_PRAGMA_(x) _Pragma(#x)
#define TREE_PRAGMA(x) TREE_PRAGMA_(x)
#define TREE_UNROLL_PRAGMA TREE_PRAGMA(unroll TREE_UNROLL)
#else
#define TREE_UNROLL_PRAGMA
#endif
#define TREE_DIGIT(m, bit, code, v) ((m) >> (bit) & 1 ? (code) * states + (v) : (code))
#define TREE_CODE(m, r, j) \
  TREE_DIGIT(m, 2, TREE_DIGIT(m, 1, TREE_DIGIT(m, 0, 0u, (r)[j]), (r)[(j) + 1]), (r)[(j) + 2])
/* M(0) .. M(3): the 4 columns of a work-item spelt out, so that their
 * values stay in registers (loops over small arrays were not always
 * unrolled by NVIDIA's compiler, 2026-11-26). */
#define TREE_EACH4(M) M(0) M(1) M(2) M(3)

#ifdef TREE_CLASSES
/* The layout by classes of rows (TREE_CLASSES; golcl_rowclasses in
 * lib/rules/ruletree.h): a row's code over the cells of TREE_MU gives in
 * one lookup TR[code], its class as a top row (bits below TREE_SH1), as a
 * middle row (from TREE_SH1, TREE_MB wide) and as a bottom row (from
 * TREE_SH2); a cell's new state is
 * TO[TP[top · TREE_NMID + middle] · TREE_NBOT + bottom]. A row's lookup serves the three cells
 * that read it; TP and TO are small where the rule's rows fall in few
 * classes, so the lookups into them meet few bank conflicts. */
#ifndef TREE_ROWREP
#define TREE_ROWREP 1
#endif
#if TREE_ROWREP > 1 /* K copies of TR (as uint) interleaved: lane l reads copy l % K */
#define TREE_TR_T uint
#define TREE_ROWLOOK(c) TR[(c)*TREE_ROWREP + tree_lane]
#else
#define TREE_TR_T TREE_ROW_T
#define TREE_ROWLOOK(c) TR[c]
#endif
#ifdef TREE_FULL /* one product table TF: the state of each (top, middle, bottom) class */
#define TREE_TABLES                                                                 \
  __local uchar TF[TREE_NFULL];                                                     \
  for (int i = l_; i < TREE_NFULL; i += TREE_LW * TREE_LH) TF[i] = tree[TREE_FULL_AT + i];
#define TREE_CELLC(j) TF[(up[j] & TREE_MA) + (at[j] >> TREE_SH1 & TREE_MB) + (dn[j] >> TREE_SH2)]
#else
#define TREE_TABLES                                                                 \
  __local TREE_PAIR_T TP[TREE_NPAIR];                                               \
  __local uchar TO[TREE_NOUT];                                                      \
  __global const TREE_PAIR_T *tp_ = (__global const TREE_PAIR_T *)(tree + TREE_PAIR_AT); \
  for (int i = l_; i < TREE_NPAIR; i += TREE_LW * TREE_LH) TP[i] = tp_[i];          \
  for (int i = l_; i < TREE_NOUT; i += TREE_LW * TREE_LH) TO[i] = tree[TREE_OUT_AT + i];
#define TREE_CELLC(j)                                                                  \
  TO[mad24((uint)TP[mad24(up[j] & TREE_MA, (uint)TREE_NMID, at[j] >> TREE_SH1 & TREE_MB)], \
           (uint)TREE_NBOT, dn[j] >> TREE_SH2)]
#endif
#define TREE_ROWS_COPY                                                              \
  __local TREE_TR_T TR[TREE_NROW * TREE_ROWREP];                                    \
  const uint tree_lane = get_local_id(0) % TREE_ROWREP;                             \
  const int l_ = get_local_id(1) * TREE_LW + get_local_id(0);                       \
  TREE_TABLES                                                                       \
  {                                                                                 \
    __global const TREE_ROW_T *tr_ = (__global const TREE_ROW_T *)tree;             \
    for (int i = l_; i < TREE_NROW * TREE_ROWREP; i += TREE_LW * TREE_LH)           \
      TR[i] = tr_[i / TREE_ROWREP];                                                 \
    barrier(CLK_LOCAL_MEM_FENCE);                                                   \
  }
#define TREE_LOOKC(arr, j) arr[j] = TREE_ROWLOOK(TREE_CODE(TREE_MU, r, j));
#define TREE_UPC(j) TREE_LOOKC(up, j)
#define TREE_ATC(j) TREE_LOOKC(at, j)
#define TREE_DNC(j) TREE_LOOKC(dn, j)
#define TREE_SHIFTC(j) up[j] = at[j], at[j] = dn[j];
#define TREE_ROWS_WALK(y0, y1, ROW, PUT) \
  {                                      \
    uint r[6], up[4], at[4], dn[4];      \
    ROW((y0) - 1, r);                    \
    TREE_EACH4(TREE_UPC)                 \
    ROW((y0), r);                        \
    TREE_EACH4(TREE_ATC)                 \
    TREE_UNROLL_PRAGMA                   \
    for (int y = (y0); y < (y1); y++) {  \
      ROW(y + 1, r);                     \
      TREE_EACH4(TREE_DNC)               \
      uchar4 o;                          \
      o.s0 = TREE_CELLC(0);              \
      o.s1 = TREE_CELLC(1);              \
      o.s2 = TREE_CELLC(2);              \
      o.s3 = TREE_CELLC(3);              \
      PUT(y, o);                         \
      TREE_EACH4(TREE_SHIFTC)            \
    }                                    \
  }
#else
#ifdef TREE_ANY /* TI and TL read where they are (base: TL's first byte) */
#define TREE_ROWS_COPY                                      \
  __global const ushort *TI = (__global const ushort *)tree; \
  __global const uchar *TL = tree + base;
#else
/* The tree copied to local memory by the work-group: TI and TL. */
#define TREE_ROWS_COPY                                                                     \
  __local ushort TI[TREE_NINNER];                                                          \
  __local uchar TL[TREE_NLEAVES];                                                          \
  {                                                                                        \
    const int l_ = get_local_id(1) * TREE_LW + get_local_id(0);                            \
    __global const ushort *ti_ = (__global const ushort *)tree;                            \
    for (int i = l_; i < TREE_NINNER; i += TREE_LW * TREE_LH) TI[i] = ti_[i];              \
    for (int i = l_; i < TREE_NLEAVES; i += TREE_LW * TREE_LH) TL[i] = tree[TREE_LEAF_AT + i]; \
    barrier(CLK_LOCAL_MEM_FENCE);                                                          \
  }
#endif

/* The walk down rows y0..y1-1 of 4 columns: ROW(yy, r) reads row yy's 6
 * cells into r, PUT(y, o) takes the new uchar4 of row y. */
#define TREE_TOPR(j) top[j] = TI[TREE_CODE(TREE_M0, r, j)];
#define TREE_NEXTR(j) next[j] = TI[TREE_CODE(TREE_M0, r, j)], mid[j] = TREE_CODE(TREE_M1, r, j);
#define TREE_SHIFTR(j) \
  top[j] = next[j], next[j] = TI[TREE_CODE(TREE_M0, r, j)], mid[j] = TREE_CODE(TREE_M1, r, j);
#define TREE_ROWS_WALK(y0, y1, ROW, PUT)                          \
  {                                                               \
    uint r[6], top[4], next[4], mid[4];                           \
    ROW((y0) - 1, r);                                             \
    TREE_EACH4(TREE_TOPR)                                         \
    ROW((y0), r);                                                 \
    TREE_EACH4(TREE_NEXTR)                                        \
    TREE_UNROLL_PRAGMA                                            \
    for (int y = (y0); y < (y1); y++) {                           \
      ROW(y + 1, r);                                              \
      uchar4 o;                                                   \
      o.s0 = TL[TI[top[0] + mid[0]] + TREE_CODE(TREE_M2, r, 0)];  \
      o.s1 = TL[TI[top[1] + mid[1]] + TREE_CODE(TREE_M2, r, 1)];  \
      o.s2 = TL[TI[top[2] + mid[2]] + TREE_CODE(TREE_M2, r, 2)];  \
      o.s3 = TL[TI[top[3] + mid[3]] + TREE_CODE(TREE_M2, r, 3)];  \
      PUT(y, o);                                                  \
      TREE_EACH4(TREE_SHIFTR)                                     \
    }                                                             \
  }
#endif /* TREE_CLASSES */

#ifndef TREE_ANY
#define TREE_ROWS_DECL const uint states = TREE_STATES, lim = TREE_STATES;
#else
#define TREE_ROWS_DECL
#endif

__kernel __attribute__((reqd_work_group_size(TREE_LW, TREE_LH, 1))) void tree_rows4(
    __global const uchar *in, __global uchar *out, int w, int h, int tiles_x, int tiles,
    __global const uchar *tree TREE_ARGS) {
  TREE_ROWS_DECL
  TREE_ROWS_COPY
  for (int t = get_group_id(0); t < tiles; t += get_num_groups(0)) {
    const int x0 = ((t % tiles_x) * TREE_LW + get_local_id(0)) * 4;
    const int y0 = ((t / tiles_x) * TREE_LH + get_local_id(1)) * TREE_RUN;
    if (x0 >= w || y0 >= h) continue;
    const int y1 = min(y0 + TREE_RUN, h);
#define TREE_GROW(yy, r) tree_row4(in, w, h, x0, (yy), (r), lim)
#define TREE_GPUT(y, o) *(__global uchar4 *)(out + (size_t)(y)*w + x0) = (o)
    TREE_ROWS_WALK(y0, y1, TREE_GROW, TREE_GPUT)
  }
}

#if TREE_GENS > 1
/* tree_rows4_gens: TREE_GENS generations a launch (temporal blocking), the
 * width a multiple of 4. A work-group takes tiles of TREE_TW × TREE_TH
 * cells in turn: it loads the tile with a halo of 4 columns and TREE_GENS
 * rows each side into local memory (TB_W × TB_H bytes, states at or above
 * the rule's read as 0; outside a dead boundary 0; on a torus wrapped, any
 * size), runs TREE_GENS - 1 generations there between two buffers (rows
 * 1..TB_H-2, all columns: a cell beyond the buffer reads as 0, so the
 * valid band shrinks by a cell a generation from each side, within the
 * halo for TREE_GENS <= 4; cells outside a dead boundary kept 0), and the
 * last into the grid. A work-item takes a column of 4 (TB_CG of them) and
 * a share of the rows (TB_CHUNKS shares). Global traffic: about a byte
 * read and one written a cell every TREE_GENS generations. */
#define TB_W (TREE_TW + 8)
#define TB_H (TREE_TH + 2 * TREE_GENS)
#define TB_CG (TB_W / 4)
#define TB_CHUNKS (TREE_LW * TREE_LH / TB_CG)

inline void tb_row(__local const uchar *B, int cg, int by, uint *r) {
  __local const uchar *p = B + by * TB_W + 4 * cg;
  const uchar4 c = *(__local const uchar4 *)p;
  r[1] = c.s0, r[2] = c.s1, r[3] = c.s2, r[4] = c.s3;
  r[0] = cg > 0 ? (uint)p[-1] : 0u;
  r[5] = cg < TB_CG - 1 ? (uint)p[4] : 0u;
}

__kernel __attribute__((reqd_work_group_size(TREE_LW, TREE_LH, 1))) void tree_rows4_gens(
    __global const uchar *in, __global uchar *out, int w, int h, int tiles_x, int tiles,
    __global const uchar *tree) {
  const uint states = TREE_STATES;
  TREE_ROWS_COPY
  __local uint A4[TB_H * TB_W / 4], B4[TB_H * TB_W / 4];
  __local uchar *A = (__local uchar *)A4, *B = (__local uchar *)B4;
  const int lid = get_local_id(1) * TREE_LW + get_local_id(0);
  const int cg = lid % TB_CG, chunk = lid / TB_CG;
  for (int i = lid; i < TB_W / 4; i += TREE_LW * TREE_LH) /* B's first and last rows: never written */
    B4[i] = 0, B4[(TB_H - 1) * TB_W / 4 + i] = 0;
  for (int t = get_group_id(0); t < tiles; t += get_num_groups(0)) {
    const int gx = (t % tiles_x) * TREE_TW - 4, gy = (t / tiles_x) * TREE_TH - TREE_GENS;
    barrier(CLK_LOCAL_MEM_FENCE); /* the last tile is done with A and B */
    for (int i = lid; i < TB_H * TB_CG; i += TREE_LW * TREE_LH) {
      int x = gx + 4 * (i % TB_CG), y = gy + i / TB_CG;
      uchar4 v = (uchar4)(0);
#if GOLCL_TORUS
      x %= w, y %= h;
      x = x < 0 ? x + w : x, y = y < 0 ? y + h : y;
      v = *(__global const uchar4 *)(in + (size_t)y * w + x);
#else
      if (x >= 0 && x < w && y >= 0 && y < h) v = *(__global const uchar4 *)(in + (size_t)y * w + x);
#endif
      v.s0 = (uchar)((uint)v.s0 < TREE_STATES ? v.s0 : 0);
      v.s1 = (uchar)((uint)v.s1 < TREE_STATES ? v.s1 : 0);
      v.s2 = (uchar)((uint)v.s2 < TREE_STATES ? v.s2 : 0);
      v.s3 = (uchar)((uint)v.s3 < TREE_STATES ? v.s3 : 0);
      *(__local uchar4 *)(A + (i / TB_CG) * TB_W + 4 * (i % TB_CG)) = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const int x = gx + 4 * cg;
    for (int k = 1; k < TREE_GENS; k++) {
      __local uchar *src = k & 1 ? A : B, *dst = k & 1 ? B : A;
      const int per = (TB_H - 2 + TB_CHUNKS - 1) / TB_CHUNKS;
      const int b0 = 1 + chunk * per, b1 = min(b0 + per, TB_H - 1);
#define TREE_LROW(yy, r) tb_row(src, cg, (yy), (r))
#if GOLCL_TORUS
#define TREE_LPUT(y, o) *(__local uchar4 *)(dst + (y)*TB_W + 4 * cg) = (o)
#else
#define TREE_LPUT(y, o)                                                  \
  if (x >= 0 && x < w && gy + (y) >= 0 && gy + (y) < h)                  \
    *(__local uchar4 *)(dst + (y)*TB_W + 4 * cg) = (o);                  \
  else                                                                   \
    *(__local uchar4 *)(dst + (y)*TB_W + 4 * cg) = (uchar4)(0)
#endif
      if (b0 < b1) TREE_ROWS_WALK(b0, b1, TREE_LROW, TREE_LPUT)
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    {
      __local uchar *src = TREE_GENS & 1 ? A : B;
      const int per = (TREE_TH + TB_CHUNKS - 1) / TB_CHUNKS;
      const int b0 = TREE_GENS + chunk * per, b1 = min(b0 + per, TREE_GENS + TREE_TH);
#define TREE_FROW(yy, r) tb_row(src, cg, (yy), (r))
#define TREE_FPUT(y, o) \
  if (gy + (y) < h) *(__global uchar4 *)(out + (size_t)(gy + (y)) * w + x) = (o)
      if (cg >= 1 && cg < TB_CG - 1 && x < w && b0 < b1) TREE_ROWS_WALK(b0, b1, TREE_FROW, TREE_FPUT)
    }
  }
}
#endif /* TREE_GENS > 1 */
#endif
