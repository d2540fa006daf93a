/* csr.cl — out = M·x + (y) for a compressed-sparse-row matrix (rows sorted,
 * duplicates summed on the host; int indices). csr_mv_scalar: one work-item a
 * row (short rows, like a stencil's 5); csr_mv_vector: one work-group a row
 * in a grid-stride loop over rows, its items striding over the row's entries
 * and a tree summing them (long rows). The sum of a row runs in a fixed
 * order either way. out must not be x. */
#include "common/la_real.cl"

__kernel void csr_mv_scalar(int rows, __global const int *row_ptr, __global const int *col,
                            __global const REAL *val, __global const REAL *x,
                            __global const REAL *y, int has_y, __global REAL *out) {
  const int r = (int)get_global_id(0);
  if (r >= rows) return;
  REAL acc = 0;
  for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++) acc += val[k] * x[col[k]];
  if (has_y) acc += y[r];
  out[r] = acc;
}

LA_KERNEL void csr_mv_vector(int rows, __global const int *row_ptr, __global const int *col,
                             __global const REAL *val, __global const REAL *x,
                             __global const REAL *y, int has_y, __global REAL *out) {
  __local REAL s[LA_WG];
  for (int r = (int)get_group_id(0); r < rows; r += (int)get_num_groups(0)) {
    REAL acc = 0;
    for (int k = row_ptr[r] + (int)get_local_id(0); k < row_ptr[r + 1]; k += LA_WG)
      acc += val[k] * x[col[k]];
    acc = la_group_sum(acc, s);
    if (get_local_id(0) == 0) out[r] = has_y ? acc + y[r] : acc;
  }
}
