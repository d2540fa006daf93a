/* stencil.cl — out = A·x + (y) for a matrix-free stencil operator (see
 * common/la_stencil.cl): rows shared out by LA_FOR over a fixed number of
 * groups, each row reading only its neighbours in x. out must not be x. */
#include "common/la_real.cl"
#include "common/la_stencil.cl"

#define ST_X(j) x[j]

LA_KERNEL void stencil_mv(IDX n, __global const long *meta, __global const REAL *coef,
                          __global const REAL *x, __global const REAL *y, int has_y,
                          __global REAL *out) {
  LA_STENCIL_PROLOGUE(meta, coef)
  LA_STENCIL_FOR(i, n, 1) {
    REAL acc = 0, ab = 0;
    LA_STENCIL_ROW_ABS(acc, ab, i, ST_X)
    if (has_y) acc += y[i];
    out[i] = acc;
  }
}
