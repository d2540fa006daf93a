/* layout_bitrow.cl — conversion between the compact byte layout (pitch w)
 * and BITROW (one bit per cell, cell x of row y at bit x%8 of byte
 * y*pitch + x/8; pitch = 4*ceil(w/32) bytes; bits beyond w are 0). */
#include "common/bits.cl"

/* One work-item per 32-bit word; every word is written, padding bits as 0. */
__kernel void bitrow_from_bytes(__global const uchar *bytes, __global uchar *bits, int w, int h,
                                int words, int pitch) {
  int k = (int)get_global_id(0), y = (int)get_global_id(1);
  if (k >= words || y >= h) return;
  __global const uchar *row = bytes + (ulong)y * (ulong)w;
  int n = min(32, w - 32 * k);
  uint v = 0;
  for (int i = 0; i < n; i++) v |= (uint)(row[32 * k + i] != 0) << i;
  golcl_store_le32(bits + (ulong)y * (ulong)pitch, k, v);
}

/* One work-item per cell. */
__kernel void bitrow_to_bytes(__global const uchar *bits, __global uchar *bytes, int w, int h,
                              int pitch) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  bytes[(ulong)y * (ulong)w + (ulong)x] = (uchar)golcl_row_bit(bits + (ulong)y * (ulong)pitch, x);
}
