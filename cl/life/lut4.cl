/* lut4.cl — LUT4 on the byte layout: each work-item computes 2×2 cells with
 * one lookup in a 65 536-entry table (common/lut.cl) built from the rule.
 * A work-group of GOLCL_LW × GOLCL_LH work-items owns a tile of
 * 2·GOLCL_LW × 2·GOLCL_LH cells. It loads the tile and a one-cell halo into
 * local memory together, row by row (coalesced), each cell by its true
 * coordinate (common/bits.cl: wrapped on a torus, dead outside), so that
 * tiles that overhang the right or bottom edge stay exact: the overhang is
 * read as dead and only in-grid cells are written. Each work-item then packs
 * its 4×4 neighbourhood into an index and writes the inner 2×2.
 * Build options: GOLCL_TORUS, GOLCL_LW, GOLCL_LH. */
#include "common/bits.cl"
#include "common/lut.cl"

#define TILE_W (2 * GOLCL_LW + 2)
#define TILE_H (2 * GOLCL_LH + 2)

__kernel __attribute__((reqd_work_group_size(GOLCL_LW, GOLCL_LH, 1))) void lut4_step(
    __global const uchar *in, __global uchar *out, int w, int h,
    GOLCL_LUT4_SPACE const uchar *restrict lut) {
  __local uchar tile[TILE_H][TILE_W];
  int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  long x0 = (long)get_group_id(0) * (2 * GOLCL_LW) - 1;
  long y0 = (long)get_group_id(1) * (2 * GOLCL_LH) - 1;
  for (int ty = ly; ty < TILE_H; ty += GOLCL_LH) {
    int gy = golcl_axis_edge(y0 + ty, h);
    for (int tx = lx; tx < TILE_W; tx += GOLCL_LW)
      tile[ty][tx] = (uchar)golcl_byte_at(in, golcl_axis_edge(x0 + tx, w), gy, w);
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  int cx = 2 * lx, cy = 2 * ly; /* top-left of the 4×4 window in the tile */
  uint idx = 0;
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++) idx |= (uint)tile[cy + r][cx + c] << (4 * r + c);
  uint q = golcl_lut4(lut, idx);

  long x = x0 + 1 + cx, y = y0 + 1 + cy;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 2; c++)
      if (x + c < w && y + r < h)
        out[(ulong)(y + r) * (ulong)w + (ulong)(x + c)] = (uchar)((q >> (2 * r + c)) & 1u);
}
