/* life.cl — what every Life kernel shares: the rule as one mask, boundary
 * addressing of the byte layout, and the 8-neighbour count.
 * Build option: GOLCL_TORUS (0: dead boundary, 1: torus). */
#ifndef GOLCL_LIFE_CL
#define GOLCL_LIFE_CL

#ifndef GOLCL_TORUS
#define GOLCL_TORUS 0
#endif

/* Next state from the state (0/1) and the live-neighbour count (0..8);
 * rule = birth bits 0..8 | survival bits 9..17. Branchless. */
inline uint golcl_rule_apply(uint rule, uint alive, uint n) {
  return (rule >> (n + 9u * alive)) & 1u;
}

/* The boundary rule on one axis of length len, for a coordinate v at most
 * one step outside the grid (-1 .. len): the cell it stands for, or -1 for a
 * dead cell. Inside, v itself; on a torus -1 is len - 1 and len is 0; on a
 * dead boundary both are dead. The one boundary helper of every kernel;
 * callers further out (tiles that overhang the grid) clamp first. As cheap
 * as a wrap can be: one comparison a side once the compiler knows which
 * side v can leave by (x - 1 of an in-grid x, say). */
inline int golcl_edge(int v, int len) {
#if GOLCL_TORUS
  return v < 0 ? v + len : (v >= len ? v - len : v);
#else
  return (v < 0 || v >= len) ? -1 : v;
#endif
}

/* The cell in column x of the row that starts at byte offset row of g; 0 when
 * the row or the column is outside (-1). For kernels whose row offsets are
 * not y * w (padded pitches). */
inline uint golcl_cell(__global const uchar *g, long row, int x) {
  return (row < 0 || x < 0) ? 0u : (uint)g[row + x];
}

/* Live neighbours of column x from the byte offsets of the rows above, at
 * and below it and the columns left and right of it (-1: outside), each of
 * the 8 offsets counted once. For any row pitch (binmul's shifts). */
inline uint golcl_neighbours_rows(__global const uchar *g, long ru, long rm, long rd, int xl, int x,
                                  int xr) {
  return golcl_cell(g, ru, xl) + golcl_cell(g, ru, x) + golcl_cell(g, ru, xr) +
         golcl_cell(g, rm, xl) + golcl_cell(g, rm, xr) + golcl_cell(g, rd, xl) +
         golcl_cell(g, rd, x) + golcl_cell(g, rd, xr);
}

/* Live neighbours of (x, y) in a compact byte grid (a 1-wide torus counts
 * its own column twice). The three row offsets and column indices are found
 * once; -1 marks what is outside. */
inline uint golcl_neighbours(__global const uchar *g, int x, int y, int w, int h) {
  int yu = golcl_edge(y - 1, h), yd = golcl_edge(y + 1, h);
  long ru = yu < 0 ? -1L : (long)yu * w, rd = yd < 0 ? -1L : (long)yd * w;
  return golcl_neighbours_rows(g, ru, (long)y * w, rd, golcl_edge(x - 1, w), x,
                               golcl_edge(x + 1, w));
}

#endif
