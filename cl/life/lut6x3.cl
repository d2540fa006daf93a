/* lut6x3.cl — LUT6X3 on the BITROW layout (one bit per cell, LSB first in
 * bytes, rows padded to whole 32-bit words, padding bits 0). A work-item
 * updates one word of 32 cells: for each of the rows above, at and below it
 * builds a 34-bit row (bit p = column 32k-1+p) from the word and one bit of
 * each neighbouring word, then makes eight lookups in a 2^18-entry table
 * (common/lut.cl) of 6×3 windows → 4 middle cells: two per byte.
 *
 * Edges, by true cell coordinates: on a torus the left neighbour of column 0
 * is bit w-1 of the row, and the right neighbour of column w-1 (column 0) is
 * put at position w-32k+1 of the last word's row, a padding position when w
 * is not a multiple of 32. A 1-wide torus so sees its own column three times,
 * as the semantics want. Padding bits of the result are masked to 0.
 * Build option: GOLCL_TORUS. */
#include "common/bits.cl"
#include "common/lut.cl"

/* Row y (or 0 for -1) around word k as a 34-bit value. */
inline ulong row34(__global const uchar *in, int y, int k, int words, int w, int pitch) {
  if (y < 0) return 0;
  __global const uchar *row = in + (ulong)y * (ulong)pitch;
  ulong v = (ulong)golcl_load_le32(row, k) << 1;
  if (k > 0) v |= golcl_load_le32(row, k - 1) >> 31;
  if (k + 1 < words) v |= (ulong)(golcl_load_le32(row, k + 1) & 1u) << 33;
#if GOLCL_TORUS
  if (k == 0) v |= golcl_row_bit(row, w - 1);
  if (k == words - 1) v |= (ulong)golcl_row_bit(row, 0) << (w - 32 * k + 1);
#endif
  return v;
}

__kernel void lut6x3_step(__global const uchar *in, __global uchar *out, int w, int h, int words,
                          int pitch, __global const uchar *restrict lut) {
  size_t gk = get_global_id(0), gy = get_global_id(1); /* may round up past 2^31 */
  if (gk >= (size_t)words || gy >= (size_t)h) return;
  int k = (int)gk, y = (int)gy;
  ulong a = row34(in, golcl_edge(y - 1, h), k, words, w, pitch);
  ulong b = row34(in, y, k, words, w, pitch);
  ulong c = row34(in, golcl_edge(y + 1, h), k, words, w, pitch);
  uint next = 0;
  for (uint j = 0; j < 8; j++)
    next |= golcl_lut6x3(lut, golcl_lut6x3_index(a, b, c, 4 * j)) << (4 * j);
  int valid = w - 32 * k;
  if (valid < 32) next &= (1u << valid) - 1u;
  golcl_store_le32(out + (ulong)y * (ulong)pitch, k, next);
}
