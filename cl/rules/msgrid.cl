/* msgrid.cl — services of the multi-state grid (one byte a cell): a random
 * soup of given states, and the census (cells per state) with the hash sum
 * as a two-stage reduction (one row of 257 partials per work-group, summed
 * on the host; the counts per group stay below 2^32). */
#include "common/hash.cl"
#include "common/reduce.cl"

/* r = mix64(seedmix ^ key): alive iff r >> 32 < threshold, then state
 * 1 + ((r mod 2^32) * (states - 1) >> 32). */
__kernel void ms_randomize(__global uchar *cells, uint w, uint h, ulong seedmix, ulong threshold,
                           uint states) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  ulong r = golcl_mix64(seedmix ^ golcl_cell_key(x, y));
  uint s = 0;
  if ((r >> 32) < threshold) s = 1 + (uint)(((r & 0xffffffffUL) * (ulong)(states - 1)) >> 32);
  cells[(ulong)y * w + x] = (uchar)s;
}

GOLCL_DEFINE_GROUP_REDUCE(golcl_ms_sum_ulong, ulong, GOLCL_RED_ADD)

/* The hash term of a cell: mix64(key) for state 1 (the two-state grid's),
 * mix64(mix64(key) + s) for the others, 0 for state 0. */
inline ulong ms_term(uint s, ulong key) {
  ulong m = golcl_mix64(key);
  return s == 0 ? 0UL : s == 1 ? m : golcl_mix64(m + s);
}

__kernel void ms_census(__global const uchar *cells, uint w, ulong n, __global ulong *partial,
                        __local ulong *scratch, __local uint *hist) {
  const int l = (int)get_local_id(0), wg = (int)get_local_size(0);
  for (int k = l; k < 256; k += wg) hist[k] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong sum = 0;
  ulong i = get_global_id(0), stride = get_global_size(0);
  ulong x = i % w, y = i / w, sx = stride % w, sy = stride / w;
  for (; i < n; i += stride) {
    uint s = cells[i];
    atomic_inc(&hist[s]);
    sum += ms_term(s, golcl_cell_key((uint)x, (uint)y));
    x += sx;
    y += sy;
    if (x >= w) {
      x -= w;
      y++;
    }
  }
  sum = golcl_ms_sum_ulong(sum, scratch, wg); /* its barriers order the histogram too */
  __global ulong *row = partial + 257 * (ulong)get_group_id(0);
  for (int k = l; k < 256; k += wg) row[k] = hist[k];
  if (l == 0) row[256] = sum;
}

/* The ghost frame of a bounded grid (lib/rules/msgrid_bounds.c): frame cell
 * i of the pad is map[2i]; it copies pad cell map[2i+1] (a cell inside the
 * frame, so that no work-item reads what another writes), or is 0 where
 * that is ~0. */
__kernel void ms_ghost(__global uchar *pad, __global const ulong *map, uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const ulong src = map[2 * (ulong)i + 1];
  pad[map[2 * (ulong)i]] = src == ~0UL ? (uchar)0 : pad[src];
}
