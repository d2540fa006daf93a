/* binmul.cl — the naive kernel with the row address made by a shift: row y
 * starts at byte y << log2_pitch, the pitch being a power of two not below
 * the width (the bytes layout when the width is a power of two, else the
 * bytes_pow2 layout, whose padding bytes are never read). One work-item per
 * cell, eight global reads, branchless rule; the global range may be rounded
 * up to the work-group shape, extra work-items return at once. */
#include "common/life.cl"

/* Offset of row y (-1: outside) with a pitch of 1 << lp. */
inline long binmul_row(int y, uint lp) { return y < 0 ? -1L : (long)((ulong)y << lp); }

__kernel void binmul_step(__global const uchar *in, __global uchar *out, int w, int h, uint lp,
                          uint rule) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  long mid = (long)((ulong)y << lp);
  uint n = golcl_neighbours_rows(in, binmul_row(golcl_edge(y - 1, h), lp), mid,
                                 binmul_row(golcl_edge(y + 1, h), lp), golcl_edge(x - 1, w), x,
                                 golcl_edge(x + 1, w));
  out[mid + x] = (uchar)golcl_rule_apply(rule, in[mid + x], n);
}
