/* stencil.cl — out = A·x + (y) for a matrix-free stencil operator (see
 * common/la_stencil.cl), out not x. stencil_mv: any kind, rows shared out
 * by LA_FOR over a fixed number of groups, each row reading only its
 * neighbours in x. stencil_mv_tile (built with ST_VW and ST_RY, 2-D 5-point
 * only): a tile of ST_VW × ST_RY unknowns a work-item, rows as vectors kept
 * in registers while it walks down (LA_ST5_TILE). */
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

#ifdef ST_VW
#define ST_XV(j) ST_VLOAD(x, j)
#define ST_MV_BODY(j, av, xv)                    \
  {                                              \
    ST_V o_ = av;                                \
    if (has_y) o_ += ST_VLOAD(y, j);             \
    ST_VSTORE(o_, out, j);                       \
  }

LA_KERNEL void stencil_mv_tile(IDX n, __global const long *meta, __global const REAL *coef,
                               __global const REAL *x, __global const REAL *y, int has_y,
                               __global REAL *out) {
  LA_STENCIL_PROLOGUE(meta, coef)
  (void)n;
  LA_ST5_TILE(ST_XV, ST_X, ST_MV_BODY)
}
#endif
