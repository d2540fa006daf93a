/* naive.cl — the course kernel: one byte per cell, one work-item per cell,
 * nine global reads, the rule as a table of the 3×3 block (every two-state
 * rule: B/S, Hensel, MAP, V, H, W). Any size; the global range may be
 * rounded up to the work-group shape, extra work-items return at once.
 *
 * Cells off the border of a grid of less than 2^31 bytes (every grid up to
 * 46340², the uniform case) read their block at 32-bit offsets from their
 * own address, with no wrap or bounds test, and for an outer totalistic
 * rule (`totalistic`, the table's B/S `mask`) sum their 8 neighbours as the
 * course kernel does instead of looking the block up; border cells and larger grids
 * take the general path of common/life.cl (64-bit rows, the boundary or
 * Golly's bounded-grid addressing per neighbour). Build option:
 * GOLCL_INT_INDEX (1: the grid has less than 2^31 cells), and the
 * boundary's. */
#include "common/life.cl"

__kernel void naive_step(__global const uchar *in, __global uchar *out, int w, int h,
                         __global const uint *table, uint mask, int totalistic) {
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  if (GOLCL_INT_INDEX && x > 0 && y > 0 && x < w - 1 && y < h - 1) {
    int i = y * w + x;
    __global const uchar *p = in + i;
    if (totalistic) { /* the course's count: 8 sums, one shift of the B/S mask */
      uint n = GOLCL_NEIGHBOURS_INNER(p, w);
      out[i] = (uchar)golcl_rule_apply(mask, p[0], n);
    } else {
      out[i] = (uchar)golcl_table_apply(table, golcl_block9_inner(p, w));
    }
    return;
  }
  ulong i = (ulong)y * (ulong)w + (ulong)x;
  out[i] = (uchar)golcl_table_apply(table, golcl_block9(in, x, y, w, h));
}
