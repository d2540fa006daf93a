/* bits.cl — helpers of the bit-packed layouts (PACK16, BITROW):
 * little-endian words of byte rows, single bits, block masks.
 * Build option: GOLCL_TORUS (0: dead boundary, 1: torus). */
#ifndef GOLCL_BITS_CL
#define GOLCL_BITS_CL

#include "common/life.cl"

/* Bit x of a row of bits, LSB first in bytes (BITROW). */
inline uint golcl_row_bit(__global const uchar *row, int x) {
  return ((uint)row[x >> 3] >> (x & 7)) & 1u;
}

/* Word k of a BITROW row: bit i = cell 32k+i, whatever the device's byte order. */
inline uint golcl_load_le32(__global const uchar *row, int k) {
#ifdef __ENDIAN_LITTLE__
  return ((__global const uint *)row)[k];
#else
  uchar4 b = vload4(k, row);
  return (uint)b.s0 | (uint)b.s1 << 8 | (uint)b.s2 << 16 | (uint)b.s3 << 24;
#endif
}

inline void golcl_store_le32(__global uchar *row, int k, uint v) {
#ifdef __ENDIAN_LITTLE__
  ((__global uint *)row)[k] = v;
#else
  vstore4((uchar4)((uchar)v, (uchar)(v >> 8), (uchar)(v >> 16), (uchar)(v >> 24)), k, row);
#endif
}

/* The mask of a PACK16 block (bit 4r+c = cell (c, r)) whose first cols
 * columns and rows rows (each clamped to 0..4) lie inside the grid. */
inline uint golcl_pack16_mask(int cols, int rows) {
  cols = clamp(cols, 0, 4);
  rows = clamp(rows, 0, 4);
  return ((1u << cols) - 1u) * (0x1111u & ((1u << (4 * rows)) - 1u));
}

#endif
