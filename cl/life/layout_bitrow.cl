/* layout_bitrow.cl — rectangles of cells in and out of BITROW (one bit per
 * cell, cell x of row y at bit x%8 of byte y*pitch + x/8; pitch = 4*ceil(w/32)
 * bytes; bits beyond w are 0). The two kernels follow the signatures of every
 * bit layout (see golcl__bit_layout in lib/life/life.h); a whole-grid
 * rectangle is the conversion from and to the byte layout. */
#include "common/bits.cl"

/* One work-item per cell of the rectangle. */
__kernel void bitrow_read_rect(__global const uchar *bits, int pitch, int gw, int gh, int x0,
                               int y0, int rw, int rh, __global uchar *bytes, int bpitch) {
  int i = (int)get_global_id(0), j = (int)get_global_id(1);
  if (i >= rw || j >= rh) return;
  bytes[(ulong)j * (ulong)bpitch + (ulong)i] =
      (uchar)golcl_row_bit(bits + (ulong)(y0 + j) * (ulong)pitch, x0 + i);
}

/* One work-item per 32-bit word that the rectangle touches, word x0/32 +
 * gid0 of row y0 + gid1: its cells inside the rectangle come from bytes
 * (nonzero is alive); with keep, its other cells stay, else they become dead;
 * bits beyond the grid are always written 0. */
__kernel void bitrow_write_rect(__global uchar *bits, int pitch, int gw, int gh, int x0, int y0,
                                int rw, int rh, __global const uchar *bytes, int bpitch, int keep) {
  int k = x0 / 32 + (int)get_global_id(0), j = (int)get_global_id(1);
  if (k > (x0 + rw - 1) / 32 || j >= rh) return;
  __global uchar *row = bits + (ulong)(y0 + j) * (ulong)pitch;
  __global const uchar *src = bytes + (ulong)j * (ulong)bpitch;
  int inside = gw - 32 * k; /* cells of this word inside the grid, >= 1 */
  uint valid = inside >= 32 ? 0xffffffffu : (1u << inside) - 1u;
  uint v = keep ? golcl_load_le32(row, k) & valid : 0u;
  int a = max(x0, 32 * k), b = min(x0 + rw, 32 * k + 32);
  for (int x = a; x < b; x++) {
    uint bit = (uint)(x - 32 * k), alive = src[x - x0] != 0;
    v = (v & ~(1u << bit)) | (alive << bit);
  }
  golcl_store_le32(row, k, v);
}
