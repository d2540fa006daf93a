/* glife.cl — Life-like rules on a graph: one work-item a cell, the live
 * neighbours counted through the int32 table (life_table, the ELL matrix of
 * the graph) or through a dictionary of offset rows (life_dict: a 16-bit row
 * id a cell, so that a regular graph reads 2 bytes of table a cell instead of
 * 4·D). A rule is two bit sets over counts 0..32 (bit n: born / survives
 * with n live neighbours). Build option: GOLCL_DEGREE (slots a cell). */

__kernel void life_table(__global const uchar *cur, __global uchar *next, __global const int *table,
                         uint n, ulong birth, ulong survive) {
  uint i = get_global_id(0);
  if (i >= n) return;
  uint c = 0;
#pragma unroll
  for (uint d = 0; d < GOLCL_DEGREE; d++) {
    int j = table[(ulong)d * n + i];
    if (j >= 0) c += cur[j];
  }
  ulong rule = cur[i] ? survive : birth;
  next[i] = (uchar)((rule >> c) & 1UL);
}

/* rows[id*D + d] = j - i for the d-th neighbour j of the cells with that id,
 * INT_MIN for none. */
__kernel void life_dict(__global const uchar *cur, __global uchar *next, __global const ushort *ids,
                        __global const int *rows, uint n, ulong birth, ulong survive) {
  uint i = get_global_id(0);
  if (i >= n) return;
  __global const int *r = rows + (uint)ids[i] * GOLCL_DEGREE;
  uint c = 0;
#pragma unroll
  for (uint d = 0; d < GOLCL_DEGREE; d++) {
    int o = r[d];
    if (o != INT_MIN) c += cur[(int)i + o];
  }
  ulong rule = cur[i] ? survive : birth;
  next[i] = (uchar)((rule >> c) & 1UL);
}
