/* layout_pack16.cl — rectangles of cells in and out of PACK16 (one uint16 per
 * 4×4 block, bit 4r+c = cell (4bx+c, 4by+r), row_pitch bytes per block row,
 * cells beyond the grid 0). The two kernels follow the signatures of every
 * bit layout (see golcl__bit_layout in lib/life/life.h): the grid buffer, its
 * row pitch in bytes, the grid's size, the rectangle (x0, y0, rw, rh), and a
 * byte buffer of the rectangle's cells with its pitch. A whole-grid rectangle
 * is the conversion from and to the byte layout. */
#include "common/bits.cl"

/* One work-item per cell of the rectangle. */
__kernel void pack16_read_rect(__global const ushort *blocks, int pitch, int gw, int gh, int x0,
                               int y0, int rw, int rh, __global uchar *bytes, int bpitch) {
  int i = (int)get_global_id(0), j = (int)get_global_id(1);
  if (i >= rw || j >= rh) return;
  int x = x0 + i, y = y0 + j;
  uint b = blocks[(ulong)(y >> 2) * (ulong)(pitch / 2) + (ulong)(x >> 2)];
  bytes[(ulong)j * (ulong)bpitch + (ulong)i] = (uchar)((b >> (4 * (y & 3) + (x & 3))) & 1u);
}

/* One work-item per block that the rectangle touches, block (x0/4 + gid0,
 * y0/4 + gid1): its cells inside the rectangle come from bytes (nonzero is
 * alive); with keep, its other cells stay, else they become dead; cells
 * beyond the grid are always written 0. */
__kernel void pack16_write_rect(__global ushort *blocks, int pitch, int gw, int gh, int x0, int y0,
                                int rw, int rh, __global const uchar *bytes, int bpitch, int keep) {
  int bx = x0 / 4 + (int)get_global_id(0), by = y0 / 4 + (int)get_global_id(1);
  if (bx > (x0 + rw - 1) / 4 || by > (y0 + rh - 1) / 4) return;
  ulong at = (ulong)by * (ulong)(pitch / 2) + (ulong)bx;
  uint v = keep ? blocks[at] & golcl_pack16_mask(gw - 4 * bx, gh - 4 * by) : 0u;
  for (int r = 0; r < 4; r++) {
    int y = 4 * by + r;
    if (y < y0 || y >= y0 + rh) continue;
    for (int c = 0; c < 4; c++) {
      int x = 4 * bx + c;
      if (x < x0 || x >= x0 + rw) continue;
      uint bit = 4u * (uint)r + (uint)c;
      uint alive = bytes[(ulong)(y - y0) * (ulong)bpitch + (ulong)(x - x0)] != 0;
      v = (v & ~(1u << bit)) | (alive << bit);
    }
  }
  blocks[at] = (ushort)v;
}
