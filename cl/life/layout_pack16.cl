/* layout_pack16.cl — conversion between the compact byte layout (pitch w)
 * and PACK16 (one uint16 per 4×4 block, bit 4r+c = cell (4bx+c, 4by+r),
 * bw = ceil(w/4) blocks per row, cells beyond the grid 0). */

/* One work-item per block; every block is written, padding bits as 0. */
__kernel void pack16_from_bytes(__global const uchar *bytes, __global ushort *blocks, int w, int h,
                                int bw, int bh) {
  int bx = (int)get_global_id(0), by = (int)get_global_id(1);
  if (bx >= bw || by >= bh) return;
  uint v = 0;
  for (int r = 0; r < 4; r++) {
    int y = 4 * by + r;
    if (y >= h) break;
    for (int c = 0; c < 4; c++) {
      int x = 4 * bx + c;
      if (x < w) v |= (uint)(bytes[(ulong)y * (ulong)w + (ulong)x] != 0) << (4 * r + c);
    }
  }
  blocks[(ulong)by * (ulong)bw + (ulong)bx] = (ushort)v;
}

/* One work-item per cell. */
__kernel void pack16_to_bytes(__global const ushort *blocks, __global uchar *bytes, int w, int h,
                              int bw) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  uint b = blocks[(ulong)(y >> 2) * (ulong)bw + (ulong)(x >> 2)];
  bytes[(ulong)y * (ulong)w + (ulong)x] = (uchar)((b >> (4 * (y & 3) + (x & 3))) & 1u);
}
