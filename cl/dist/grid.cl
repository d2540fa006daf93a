/* grid.cl — the distributed grid's own passes over a local grid in the byte layout (row pitch
 * `pitch`), in global coordinates: randomize with the formula of golcl_grid_randomize (so that
 * the cells equal one W×H grid's), and population plus hash sum of the block (one partial per
 * work-group; sums mod 2^64 make them exact and order-free). (ox, oy) is the global cell of
 * local (0, 0), possibly negative on a torus, where cells wrap mod (W, H). */

inline ulong dist_mix64(ulong z) { /* splitmix64's finaliser, as golcl.h documents */
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
  return z ^ (z >> 31);
}

inline uint dist_wrap(long v, uint n) {
  long r = v % (long)n;
  return (uint)(r < 0 ? r + n : r);
}

__kernel void dist_randomize(__global uchar *cells, ulong pitch, uint lw, uint lh, long ox, long oy,
                             uint W, uint H, ulong seedmix, ulong threshold) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x >= lw || y >= lh) return;
  ulong gx = dist_wrap(ox + x, W), gy = dist_wrap(oy + y, H);
  ulong r = dist_mix64(seedmix ^ ((gy << 32) | gx));
  cells[y * pitch + x] = (uchar)((r >> 32) < threshold);
}

/* The multi-state soup of golcl_msgrid_randomize on a local grid of lw×lh bytes (row-major):
 * r = mix64(seedmix ^ key) of the global cell, non-zero iff r >> 32 < threshold, then state
 * 1 + ((r mod 2^32)·(states - 1) >> 32). */
__kernel void dist_ms_randomize(__global uchar *cells, uint lw, uint lh, long ox, long oy, uint W,
                                uint H, ulong seedmix, ulong threshold, uint states) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x >= lw || y >= lh) return;
  ulong gx = dist_wrap(ox + x, W), gy = dist_wrap(oy + y, H);
  ulong r = dist_mix64(seedmix ^ ((gy << 32) | gx));
  uint s = 0;
  if ((r >> 32) < threshold) s = 1 + (uint)(((r & 0xffffffffUL) * (ulong)(states - 1)) >> 32);
  cells[(ulong)y * lw + x] = (uchar)s;
}

/* Over the block [bx, bx + bw) × [by, by + bh) of the local grid, whose global origin is
 * (gx0, gy0): each work-item strides over the block's cells; partial[2g] and [2g+1] receive the
 * population and the sum of mix64(key) of live cells of work-group g. */
__kernel void dist_stats(__global const uchar *cells, ulong pitch, uint bx, uint by, uint bw,
                         uint bh, ulong gx0, ulong gy0, __global ulong *partial,
                         __local ulong *lpop, __local ulong *lsum) {
  size_t lid = get_local_id(0), lsz = get_local_size(0);
  ulong n = (ulong)bw * bh, pop = 0, sum = 0;
  for (ulong i = get_global_id(0); i < n; i += get_global_size(0)) {
    ulong x = i % bw, y = i / bw;
    uint alive = cells[(by + y) * pitch + bx + x] != 0;
    pop += alive;
    sum += alive ? dist_mix64(((gy0 + y) << 32) | (gx0 + x)) : 0UL;
  }
  lpop[lid] = pop;
  lsum[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = lsz / 2; s > 0; s /= 2) {
    if (lid < s) {
      lpop[lid] += lpop[lid + s];
      lsum[lid] += lsum[lid + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    partial[2 * get_group_id(0)] = lpop[0];
    partial[2 * get_group_id(0) + 1] = lsum[0];
  }
}
