/* lut4.cl — LUT4 on the byte layout: each work-item computes 2×2 cells with
 * one lookup in a 65 536-entry table (common/lut.cl) built from the rule.
 * A work-group of GOLCL_LOCAL_W × GOLCL_LOCAL_H work-items owns a tile of
 * 2·GOLCL_LOCAL_W × 2·GOLCL_LOCAL_H cells, loaded with its one-cell halo into
 * local memory by common/tile.cl's loader (coalesced; every cell by the
 * boundary rule), so any grid size is exact; only in-grid cells are
 * written. Each
 * work-item then packs its 4×4 neighbourhood into an index and writes the
 * inner 2×2.
 * Build options: GOLCL_TORUS, GOLCL_LOCAL_W, GOLCL_LOCAL_H. */
#define GOLCL_TILE_W (2 * GOLCL_LOCAL_W)
#define GOLCL_TILE_H (2 * GOLCL_LOCAL_H)
#include "common/lut.cl"
#include "common/tile.cl"

__kernel __attribute__((reqd_work_group_size(GOLCL_LOCAL_W, GOLCL_LOCAL_H, 1))) void lut4_step(
    __global const uchar *in, __global uchar *out, int w, int h,
    GOLCL_LUT4_SPACE const uchar *restrict lut) {
  __local uchar t[GOLCL_TILE_BYTES];
  int x0 = (int)get_group_id(0) * GOLCL_TILE_W, y0 = (int)get_group_id(1) * GOLCL_TILE_H;
  golcl_tile_load(in, t, x0, y0, w, h);

  int cx = 2 * (int)get_local_id(0), cy = 2 * (int)get_local_id(1); /* window's top-left */
  __local const uchar *c = t + cy * GOLCL_TP_W + cx;
  uint idx = 0;
  for (int r = 0; r < 4; r++)
    for (int k = 0; k < 4; k++) idx |= (uint)c[r * GOLCL_TP_W + k] << (4 * r + k);
  uint q = golcl_lut4(lut, idx);

  int x = x0 + cx, y = y0 + cy;
  for (int r = 0; r < 2; r++)
    for (int k = 0; k < 2; k++)
      if (x + k < w && y + r < h)
        out[(ulong)(y + r) * (ulong)w + (ulong)(x + k)] = (uchar)((q >> (2 * r + k)) & 1u);
}
