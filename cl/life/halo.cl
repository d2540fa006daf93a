/* halo.cl — the local-memory course kernel: each work-group loads its tile
 * plus a one-cell halo (edges and corners by the boundary rule) into local
 * memory, all work-items taking part, then computes the tile from there; each
 * cell is read from global memory (1 + halo share) times instead of nine.
 * Tile and group shape are build options (see common/tile.cl); one group per
 * tile, any grid size. */
#include "common/tile.cl"

__kernel __attribute__((reqd_work_group_size(GOLCL_LOCAL_W, GOLCL_LOCAL_H, 1))) void halo_step(
    __global const uchar *in, __global uchar *out, int w, int h, uint rule) {
  __local uchar t[GOLCL_TILE_BYTES];
  int x0 = (int)get_group_id(0) * GOLCL_TILE_W, y0 = (int)get_group_id(1) * GOLCL_TILE_H;
  golcl_tile_load(in, t, x0, y0, w, h);
  golcl_tile_step(t, out, x0, y0, w, h, rule);
}
