/* naive.cl — the course kernel: one byte per cell, one work-item per cell,
 * eight global reads, branchless rule. Any size; the global range may be
 * rounded up to the work-group shape, extra work-items return at once. The
 * row offsets of the three rows are computed once (common/life.cl). */
#include "common/life.cl"

__kernel void naive_step(__global const uchar *in, __global uchar *out, int w, int h,
                         uint rule) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  ulong i = (ulong)y * (ulong)w + (ulong)x;
  out[i] = (uchar)golcl_rule_apply(rule, in[i], golcl_neighbours(in, x, y, w, h));
}
