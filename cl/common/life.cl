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

#ifdef GOLCL_BOUNDS_KIND
/* Golly's bounded grids (golcl_bounds in golcl.h; build options from
 * golcl__life_options): the cell of a compact w×h grid that position (x, y)
 * reads, -1 <= x <= w, -1 <= y <= h, or -1 where it is dead. */
inline int golcl_mod(int a, int m) { return ((a % m) + m) % m; }

inline long golcl_bounds_index(int x, int y, int w, int h) {
  int xo = x < 0 || x >= w, yo = y < 0 || y >= h;
  if (xo || yo) {
#if GOLCL_BOUNDS_KIND == 2 /* torus, shifted, or a tube */
    if ((xo && GOLCL_BOUNDS_INFX) || (yo && GOLCL_BOUNDS_INFY)) return -1L;
    if (y < 0) {
      y += h;
      x -= GOLCL_SHIFT_X;
    } else if (y >= h) {
      y -= h;
      x += GOLCL_SHIFT_X;
    }
    if (x < 0) {
      x += w;
      y -= GOLCL_SHIFT_Y;
    } else if (x >= w) {
      x -= w;
      y += GOLCL_SHIFT_Y;
    }
    x = golcl_mod(x, w);
    y = golcl_mod(y, h);
#elif GOLCL_BOUNDS_KIND == 3 /* Klein bottle */
#if GOLCL_TWIST_X
    if (yo) {
      y = golcl_mod(y, h);
      x = w - 1 - x - GOLCL_SHIFT_X;
    }
    x = golcl_mod(x, w);
#else
    if (xo) {
      x = golcl_mod(x, w);
      y = h - 1 - y - GOLCL_SHIFT_Y;
    }
    y = golcl_mod(y, h);
#endif
#elif GOLCL_BOUNDS_KIND == 4 /* cross-surface */
    if (yo) {
      y = golcl_mod(y, h);
      x = w - 1 - x;
    }
    if (x < 0 || x >= w) {
      x = golcl_mod(x, w);
      y = h - 1 - y;
    }
#elif GOLCL_BOUNDS_KIND == 5 /* sphere */
    if (xo && yo) {
      x = x < 0 ? 0 : w - 1;
      y = y < 0 ? 0 : h - 1;
    } else if (y < 0) {
      y = x;
      x = 0;
    } else if (y >= h) {
      y = x;
      x = w - 1;
    } else if (x < 0) {
      x = y;
      y = 0;
    } else {
      x = y;
      y = h - 1;
    }
#else                        /* a plane */
    return -1L;
#endif
  }
  return (long)y * w + x;
}

inline uint golcl_block9(__global const uchar *g, int x, int y, int w, int h) {
  uint i = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      long k = golcl_bounds_index(x + dx, y + dy, w, h);
      i = i << 1 | (k < 0 ? 0u : (uint)g[k]);
    }
  return i;
}
#else
/* The 3×3 block around (x, y) of a compact byte grid as the 9-bit index of
 * a rule table (golcl.h): NW at bit 8, N 7, NE 6, W 5, the cell 4, E 3, SW 2,
 * S 1, SE 0; outside a dead boundary is 0. */
inline uint golcl_block9(__global const uchar *g, int x, int y, int w, int h) {
  int xl = golcl_edge(x - 1, w), xr = golcl_edge(x + 1, w);
  int yu = golcl_edge(y - 1, h), yd = golcl_edge(y + 1, h);
  long ru = yu < 0 ? -1L : (long)yu * w, rm = (long)y * w, rd = yd < 0 ? -1L : (long)yd * w;
  return golcl_cell(g, ru, xl) << 8 | golcl_cell(g, ru, x) << 7 | golcl_cell(g, ru, xr) << 6 |
         golcl_cell(g, rm, xl) << 5 | golcl_cell(g, rm, x) << 4 | golcl_cell(g, rm, xr) << 3 |
         golcl_cell(g, rd, xl) << 2 | golcl_cell(g, rd, x) << 1 | golcl_cell(g, rd, xr);
}
#endif

/* golcl_block9's index for a cell off the border, read at int offsets from
 * the cell's own address p in a compact grid of width w (no boundary test). */
inline uint golcl_block9_inner(__global const uchar *p, int w) {
  return (uint)p[-w - 1] << 8 | (uint)p[-w] << 7 | (uint)p[-w + 1] << 6 | (uint)p[-1] << 5 |
         (uint)p[0] << 4 | (uint)p[1] << 3 | (uint)p[w - 1] << 2 | (uint)p[w] << 1 |
         (uint)p[w + 1];
}

/* Live neighbours of a cell off the border, read at int offsets from the
 * cell's own address p in rows `pitch` bytes apart (no boundary test): the
 * course kernel's 8 sums, at addresses that step with x. A macro, not a
 * function: pocl compiled the same sum slower when it came through a call
 * (binmul, measured). */
#define GOLCL_NEIGHBOURS_INNER(p, pitch)                                                    \
  ((uint)(p)[-(pitch)-1] + (p)[-(pitch)] + (p)[-(pitch) + 1] + (p)[-1] + (p)[1] +           \
   (p)[(pitch)-1] + (p)[(pitch)] + (p)[(pitch) + 1])

/* Entry i of a rule table of 512 bits in 16 words. */
inline uint golcl_table_apply(__global const uint *table, uint i) {
  return (table[i >> 5] >> (i & 31u)) & 1u;
}

#endif
