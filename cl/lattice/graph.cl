/* graph.cl — device services of graphs and their byte states: the neighbour
 * table of a lattice (made on the device, no host copy of a large table) or
 * of a graph kept as a row dictionary, the counter-based random start and a
 * byte count as a two-stage reduction (one partial a work-group, summed on
 * the host).
 * Build option of count_eq only: GOLCL_LOCAL_W, its work-group size (a power
 * of two); the other kernels need none. */
#include "common/hash.cl"
#include "common/reduce.cl"

/* table[d*n + i] for the D offsets offs[3d .. 3d+2] of a nx×ny×nz lattice:
 * wrapped on a torus (any extent, 1 included), -1 outside on a dead one. */
__kernel void lattice_table(__global int *table, uint nx, uint ny, uint nz, uint torus,
                            __global const int *offs, uint D, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  int x = (int)(i % nx), t = (int)(i / nx), y = t % (int)ny, z = t / (int)ny;
  for (uint d = 0; d < D; d++) {
    int a = x + offs[3 * d], b = y + offs[3 * d + 1], c = z + offs[3 * d + 2];
    int v;
    if (torus) {
      a = (a + (int)nx) % (int)nx;
      b = (b + (int)ny) % (int)ny;
      c = (c + (int)nz) % (int)nz;
      v = (c * (int)ny + b) * (int)nx + a;
    } else {
      v = (a < 0 || b < 0 || c < 0 || a >= (int)nx || b >= (int)ny || c >= (int)nz)
              ? -1
              : (c * (int)ny + b) * (int)nx + a;
    }
    table[(ulong)d * n + i] = v;
  }
}

/* table[d*n + i] of a graph kept as a row dictionary: i + rows[ids[i]*D + d],
 * or -1 where the row has INT_MIN. */
__kernel void dict_table(__global int *table, __global const ushort *ids, __global const int *rows,
                         uint D, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  __global const int *r = rows + (uint)ids[i] * D;
  for (uint d = 0; d < D; d++) table[(ulong)d * n + i] = r[d] == INT_MIN ? -1 : (int)i + r[d];
}

/* cells[i] = 1 iff the top 32 bits of mix64(seedmix ^ key(i)) < threshold,
 * key(i) = ((i / row) << 32) | (i % row): a grid's key when row is its width. */
__kernel void state_randomize(__global uchar *cells, uint n, ulong row, ulong seedmix,
                              ulong threshold) {
  uint i = get_global_id(0);
  if (i >= n) return;
  ulong key = (((ulong)i / row) << 32) | ((ulong)i % row);
  cells[i] = (uchar)((golcl_mix64(seedmix ^ key) >> 32) < threshold);
}

#ifdef GOLCL_LOCAL_W
GOLCL_DEFINE_GROUP_REDUCE(graph_group_sum, uint, GOLCL_RED_ADD)

/* partial[group] = how many of cells[0..n-1] equal value (strided). */
__kernel __attribute__((reqd_work_group_size(GOLCL_LOCAL_W, 1, 1))) void count_eq(
    __global const uchar *cells, uint n, uint value, __global uint *partial) {
  __local uint sum[GOLCL_LOCAL_W];
  uint c = 0;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) c += cells[i] == value;
  c = graph_group_sum(c, sum, GOLCL_LOCAL_W);
  if (get_local_id(0) == 0) partial[get_group_id(0)] = c;
}
#endif
