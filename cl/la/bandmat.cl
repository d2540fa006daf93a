/* bandmat.cl — out = alpha·A·x + beta·y for a band matrix stored by
 * diagonals (see common/la_band.cl), rows shared out by LA_FOR over a fixed
 * number of groups. Any offsets, as far apart as they come; out must not be
 * x (rows read other rows of x). */
#include "common/la_real.cl"
#include "common/la_band.cl"

#define BAND_X(j) x[j]

LA_KERNEL void band_mv(IDX n, __global const long *offs, __global const REAL *vals,
                       __global const REAL *x, REAL alpha, __global const REAL *y, REAL beta,
                       int has_y, __global REAL *out) {
  LA_FOR(i, n, 1) {
    REAL acc = 0;
    LA_BAND_ROW(acc, i, n, offs, vals, BAND_X)
    REAL v = alpha * acc;
    if (has_y) v += beta * y[i];
    out[i] = v;
  }
}
