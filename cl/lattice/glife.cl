/* glife.cl — Life-like rules on a graph: one work-item a cell, the live
 * neighbours counted through the int32 table (life_table, the ELL matrix of
 * the graph) or through a dictionary of offset rows (life_dict: a row id a
 * cell, so that a regular graph reads no table at all where a block of
 * GOLCL_DICT_BLOCK consecutive cells shares one row, and 2 bytes a cell
 * elsewhere, instead of 4·D). A rule is two bit sets over counts 0..32 (bit
 * n: born / survives with n live neighbours).
 * Build options: GOLCL_DEGREE (slots a cell); GOLCL_FULL (1: no slot is
 * empty, so the tests for -1 / INT_MIN are left out: the vertex-regular fast
 * path); GOLCL_IDX32 (1: degree·cells fits in 32 bits, the table is indexed
 * in 32 bits); life_dict only: GOLCL_DICT_BLOCK, GOLCL_DICT_VEC (cells a
 * work-item: 1 or 4), GOLCL_DICT_CONST (1: the
 * rows fit in constant memory, read through its broadcast cache), and the
 * main row's GOLCL_MAIN_* (below). */

#if GOLCL_IDX32
typedef uint tab_index;
#else
typedef ulong tab_index;
#endif

/* The next state of a cell with c live neighbours: 32-bit rule words where
 * counts stay below 32 (degree <= 31). */
inline uchar life_rule(uchar self, uint c, ulong birth, ulong survive) {
#if GOLCL_DEGREE < 32
  uint rule = self ? (uint)survive : (uint)birth;
  return (uchar)((rule >> c) & 1u);
#else
  ulong rule = self ? survive : birth;
  return (uchar)((rule >> c) & 1UL);
#endif
}

__kernel void life_table(__global const uchar *cur, __global uchar *next, __global const int *table,
                         uint n, ulong birth, ulong survive) {
  uint i = get_global_id(0);
  if (i >= n) return;
  uint c = 0;
#pragma unroll
  for (uint d = 0; d < GOLCL_DEGREE; d++) {
    int j = table[(tab_index)d * n + i];
#if GOLCL_FULL
    c += cur[j];
#else
    if (j >= 0) c += cur[j];
#endif
  }
  next[i] = life_rule(cur[i], c, birth, survive);
}

#ifdef GOLCL_DICT_BLOCK
#if GOLCL_DICT_CONST
#define ROWS_SPACE __constant
#else
#define ROWS_SPACE __global
#endif

/* The live neighbours of cell i through its row r of offsets. */
inline uint count_row(__global const uchar *cur, uint i, ROWS_SPACE const int *r) {
  uint c = 0;
#pragma unroll
  for (uint d = 0; d < GOLCL_DEGREE; d++) {
    int o = r[d];
#if GOLCL_FULL
    c += cur[(int)i + o];
#else
    if (o != INT_MIN) c += cur[(int)i + o];
#endif
  }
  return c;
}

/* rows[id*D + d] = j - i for the d-th neighbour j of the cells with that id,
 * INT_MIN for none; blocks[i / GOLCL_DICT_BLOCK] is the id of every cell of
 * the block, or -1 when they differ (then ids[i]).
 * The main row (GOLCL_MAIN_ID: the id of most uniform blocks; its
 * GOLCL_MAIN_N offsets GOLCL_MAIN_ROW, compile-time constants) is taken
 * speculatively: its gathers go out at once, beside the block's id, and are
 * redone through the dictionary only where the block's row is another. A
 * cell of a main block so waits for one memory access, as a grid kernel
 * does, not for three in a chain (id, row, neighbours): the chain, not the
 * bytes, was the limit. GOLCL_MAIN_LO <= i < GOLCL_MAIN_HI: the cells whose
 * main-row neighbours are inside the buffer (the others never need them). */
/* The next state of cell i through the dictionary (and the main row where
 * it applies). */
inline uchar dict_cell(__global const uchar *cur, __global const ushort *ids,
                       ROWS_SPACE const int *rows, __global const int *blocks, uint i, ulong birth,
                       ulong survive) {
  uint c = 0;
#ifdef GOLCL_MAIN_ID
  if (i >= GOLCL_MAIN_LO && i < GOLCL_MAIN_HI) {
    const int mo[GOLCL_MAIN_N] = {GOLCL_MAIN_ROW};
#pragma unroll
    for (uint d = 0; d < GOLCL_MAIN_N; d++) c += cur[(int)i + mo[d]];
  }
  int id = blocks[i / GOLCL_DICT_BLOCK];
  if (id != GOLCL_MAIN_ID) c = count_row(cur, i, rows + (uint)(id < 0 ? ids[i] : id) * GOLCL_DEGREE);
#else
  int id = blocks[i / GOLCL_DICT_BLOCK];
  c = count_row(cur, i, rows + (uint)(id < 0 ? ids[i] : id) * GOLCL_DEGREE);
#endif
  return life_rule(cur[i], c, birth, survive);
}

/* GOLCL_DICT_VEC cells a work-item (1 or 4; the block, 64, a multiple):
 * four cells of one block share their row, so where it is the main row,
 * and all four read inside the buffer through it, each neighbour of the
 * four is one 4-byte load and the four states one store (a quarter of the
 * work-items, memory instructions and groups); elsewhere cell by cell. */
__kernel void life_dict(__global const uchar *cur, __global uchar *next, __global const ushort *ids,
                        ROWS_SPACE const int *rows, __global const int *blocks, uint n, ulong birth,
                        ulong survive) {
#if GOLCL_DICT_VEC == 4
  uint i = get_global_id(0) * 4u;
  if (i >= n) return;
#ifdef GOLCL_MAIN_ID
  if (i + 4u <= n && i >= GOLCL_MAIN_LO && i + 4u <= GOLCL_MAIN_HI) {
    /* the gathers go out beside the block's id (speculatively, as above) */
    const int mo[GOLCL_MAIN_N] = {GOLCL_MAIN_ROW};
    uint4 c = (uint4)(0u);
#pragma unroll
    for (uint d = 0; d < GOLCL_MAIN_N; d++) c += convert_uint4(vload4(0, cur + (int)i + mo[d]));
    uchar4 self = vload4(0, cur + i);
    if (blocks[i / GOLCL_DICT_BLOCK] == GOLCL_MAIN_ID) {
      vstore4((uchar4)(life_rule(self.s0, c.s0, birth, survive),
                       life_rule(self.s1, c.s1, birth, survive),
                       life_rule(self.s2, c.s2, birth, survive),
                       life_rule(self.s3, c.s3, birth, survive)),
              0, next + i);
      return;
    }
  }
#endif
  for (uint j = i; j < i + 4u && j < n; j++)
    next[j] = dict_cell(cur, ids, rows, blocks, j, birth, survive);
#else
  uint i = get_global_id(0);
  if (i < n) next[i] = dict_cell(cur, ids, rows, blocks, i, birth, survive);
#endif
}
#endif
