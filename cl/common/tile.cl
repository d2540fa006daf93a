/* tile.cl — the local-memory tile of the halo and lazy kernels (lut4 uses
 * its loader, with a tile of twice its work-group): a
 * GOLCL_TILE_W × GOLCL_TILE_H block of cells plus a one-cell halo, loaded by
 * all GOLCL_LOCAL_W × GOLCL_LOCAL_H work-items of a group, and one generation
 * computed from it.
 *
 * Build options: GOLCL_TORUS, GOLCL_TILE_W, GOLCL_TILE_H, GOLCL_LOCAL_W,
 * GOLCL_LOCAL_H, with the tile a multiple of the group in each direction.
 * Work-item (i, j) of the group computes the columns i, i + LOCAL_W, ... of
 * the tile (so that neighbouring work-items write neighbouring bytes) and, in
 * each, TILE_H / LOCAL_H consecutive rows, sliding a three-row window down:
 * three local reads per cell instead of nine. The grid's size need not be a
 * multiple of the tile: cells past the right or bottom edge are never
 * written, and those more than one step past it, which only they need, are
 * loaded from a clamped coordinate. */
#ifndef GOLCL_TILE_CL
#define GOLCL_TILE_CL

#include "common/life.cl"

#define GOLCL_TP_W (GOLCL_TILE_W + 2) /* pitch of the tile in local memory */
#define GOLCL_TP_H (GOLCL_TILE_H + 2)
#define GOLCL_TILE_BYTES (GOLCL_TP_W * GOLCL_TP_H)
#define GOLCL_GROUP_ITEMS (GOLCL_LOCAL_W * GOLCL_LOCAL_H)

#if GOLCL_TILE_W % GOLCL_LOCAL_W != 0 || GOLCL_TILE_H % GOLCL_LOCAL_H != 0
#error "the tile must be a multiple of the work-group in each direction"
#endif

/* Fills t with the cells (x0 - 1 .. x0 + TILE_W, y0 - 1 .. y0 + TILE_H) of the
 * w × h grid `in`: edges and corners of the halo by the boundary rule. Every
 * work-item takes every GROUP_ITEMS-th byte of the tile in row order, so a
 * group's global reads are runs of consecutive bytes. Ends with a barrier. */
inline void golcl_tile_load(__global const uchar *in, __local uchar *t, int x0, int y0, int w,
                            int h) {
  int lid = (int)(get_local_id(1) * GOLCL_LOCAL_W + get_local_id(0));
  for (int i = lid; i < GOLCL_TILE_BYTES; i += GOLCL_GROUP_ITEMS) {
    int ly = i / GOLCL_TP_W, lx = i - ly * GOLCL_TP_W;
    /* cells more than one step past the grid are only neighbours of cells
       outside it, never written: any cell will do, so clamp to one step */
    int gx = golcl_edge(min(x0 + lx - 1, w), w), gy = golcl_edge(min(y0 + ly - 1, h), h);
    t[i] = (gx < 0 || gy < 0) ? (uchar)0 : in[(ulong)gy * (ulong)w + (ulong)gx];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

/* Computes this work-item's cells of the tile at (x0, y0) from t and writes
 * those inside the grid to out (pitch w). Returns 1 if any of them changed. */
inline uint golcl_tile_step(__local const uchar *t, __global uchar *out, int x0, int y0, int w,
                            int h, uint rule) {
  const int rows = GOLCL_TILE_H / GOLCL_LOCAL_H;
  int ly0 = (int)get_local_id(1) * rows;
  uint changed = 0;
  for (int cx = 0; cx < GOLCL_TILE_W / GOLCL_LOCAL_W; cx++) {
    int lx = (int)get_local_id(0) + cx * GOLCL_LOCAL_W;
    __local const uchar *c = t + ly0 * GOLCL_TP_W + lx; /* top-left of the 3-wide window */
    uint top = (uint)c[0] + c[1] + c[2];
    c += GOLCL_TP_W;
    uint mid = (uint)c[0] + c[1] + c[2];
    int gx = x0 + lx;
    for (int j = 0; j < rows; j++) {
      uint self = c[1];
      c += GOLCL_TP_W;
      uint bot = (uint)c[0] + c[1] + c[2];
      uint next = golcl_rule_apply(rule, self, top + mid + bot - self);
      int gy = y0 + ly0 + j;
      if (gx < w && gy < h) {
        out[(ulong)gy * (ulong)w + (ulong)gx] = (uchar)next;
        changed |= next ^ self;
      }
      top = mid;
      mid = bot;
    }
  }
  return changed;
}

#endif
