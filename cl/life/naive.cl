/* naive.cl — the course kernel: one byte per cell, one work-item per cell,
 * nine global reads, the rule as a table of the 3×3 block (every two-state
 * rule: B/S, Hensel, MAP, V, H, W). Any size; the global range may be
 * rounded up to the work-group shape, extra work-items return at once. The
 * row offsets of the three rows are computed once (common/life.cl). */
#include "common/life.cl"

__kernel void naive_step(__global const uchar *in, __global uchar *out, int w, int h,
                         __global const uint *table) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  ulong i = (ulong)y * (ulong)w + (ulong)x;
  out[i] = (uchar)golcl_table_apply(table, golcl_block9(in, x, y, w, h));
}
