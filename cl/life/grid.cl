/* grid.cl — device-side grid services on the byte layout: randomize, and
 * population + hash as a two-stage reduction (one partial per work-group,
 * summed on the host; sums mod 2^64 make it exact and order-free); the
 * population alone, of any layout, by popcount. */
#include "common/hash.cl"
#include "common/reduce.cl"

/* Cell (x, y) is alive iff the top 32 bits of mix64(seedmix ^ key) are below
 * threshold (density * 2^32, so that 2^32 makes every cell alive). */
__kernel void grid_randomize(__global uchar *cells, uint w, uint h, ulong seedmix,
                             ulong threshold) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  ulong r = golcl_mix64(seedmix ^ golcl_cell_key(x, y));
  cells[(ulong)y * w + x] = (uchar)((r >> 32) < threshold);
}

GOLCL_DEFINE_GROUP_REDUCE(golcl_group_sum_ulong, ulong, GOLCL_RED_ADD)

/* Each work-item strides over the cells; the group sums its items' counts
 * (one work-group of a power-of-two size, scratch of that many ulongs) and
 * writes its population and hash sum to partial[2*group + 0/1]. */
__kernel void grid_stats(__global const uchar *cells, uint w, ulong n,
                         __global ulong *partial, __local ulong *scratch) {
  ulong pop = 0, sum = 0;
  /* (x, y) of i, advanced by the stride without a division per cell */
  ulong i = get_global_id(0), stride = get_global_size(0);
  ulong x = i % w, y = i / w, sx = stride % w, sy = stride / w;
  for (; i < n; i += stride) {
    uint alive = cells[i];
    pop += alive;
    sum += alive ? golcl_mix64(golcl_cell_key((uint)x, (uint)y)) : 0UL;
    x += sx;
    y += sy;
    if (x >= w) {
      x -= w;
      y++;
    }
  }
  const int wg = (int)get_local_size(0);
  pop = golcl_group_sum_ulong(pop, scratch, wg);
  sum = golcl_group_sum_ulong(sum, scratch, wg);
  if (get_local_id(0) == 0) {
    partial[2 * get_group_id(0)] = pop;
    partial[2 * get_group_id(0) + 1] = sum;
  }
}

/* The population of a grid buffer of `bytes` bytes in any layout: every
 * layout stores a live cell as one set bit (a byte 1, or a bit) and keeps
 * its padding 0, so the population is the popcount of the buffer.
 * partial[2*group] as grid_stats, partial[2*group + 1] = 0. */
__kernel void grid_popcount(__global const uchar *buf, ulong bytes, __global ulong *partial,
                            __local ulong *scratch) {
  __global const uint *words = (__global const uint *)buf;
  ulong n = bytes / 4, pop = 0;
  for (ulong i = get_global_id(0); i < n; i += get_global_size(0)) pop += popcount(words[i]);
  if (get_global_id(0) == 0)
    for (ulong i = 4 * n; i < bytes; i++) pop += popcount(buf[i]);
  pop = golcl_group_sum_ulong(pop, scratch, (int)get_local_size(0));
  if (get_local_id(0) == 0) {
    partial[2 * get_group_id(0)] = pop;
    partial[2 * get_group_id(0) + 1] = 0;
  }
}
