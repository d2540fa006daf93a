/* binmul.cl — the naive kernel with the row address made by a shift: row y
 * starts at byte y << log2_pitch, the pitch being a power of two not below
 * the width (the bytes layout when the width is a power of two, else the
 * bytes_pow2 layout, whose padding bytes are never read). One work-item per
 * cell, eight global reads, branchless rule; the global range may be rounded
 * up to the work-group shape, extra work-items return at once. Cells off the
 * border read their neighbours at fixed offsets from their own address, as
 * NAIVE does (on pocl 0.55x the time of reading every neighbour through the
 * boundary rule); border cells take the boundary rule of common/life.cl. */
#include "common/life.cl"

/* Offset of row y (-1: outside) with a pitch of 1 << lp. */
inline long binmul_row(int y, uint lp) { return y < 0 ? -1L : (long)((ulong)y << lp); }

__kernel void binmul_step(__global const uchar *in, __global uchar *out, int w, int h, uint lp,
                          uint rule) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  long mid = (long)((ulong)y << lp);
  if (lp < 31u && x > 0 && y > 0 && x < w - 1 && y < h - 1) { /* off the border: no wrap, no test */
    __global const uchar *p = in + mid + x;
    uint n = GOLCL_NEIGHBOURS_INNER(p, 1 << lp);
    out[mid + x] = (uchar)golcl_rule_apply(rule, p[0], n);
    return;
  }
  uint n = golcl_neighbours_rows(in, binmul_row(golcl_edge(y - 1, h), lp), mid,
                                 binmul_row(golcl_edge(y + 1, h), lp), golcl_edge(x - 1, w), x,
                                 golcl_edge(x + 1, w));
  out[mid + x] = (uchar)golcl_rule_apply(rule, in[mid + x], n);
}
