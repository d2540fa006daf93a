/* vec.cl — elementwise vector kernels (one work-item an element; outputs may
 * alias inputs since each item reads and writes only its own element) and
 * the two-stage reductions behind dot and nrm2: a first stage of a fixed
 * number of groups, each a loop (LA_FOR) then a tree, writes one partial
 * a group; a second stage of one group reduces the partials in a fixed order. */
#include "common/la_real.cl"

/* Elementwise kernels take LA_EW = 4 consecutive elements a work-item: one
 * REAL4 load of each operand and one store when all four are inside (buffers
 * are aligned far beyond 4 elements), a scalar loop at the tail. */
#define LA_EW_BODY(expr4, expr1)                                   \
  const IDX i = (IDX)get_global_id(0) * 4;                         \
  if (i + 3 < n) {                                                 \
    const IDX v = i / 4;                                           \
    ((__global REAL4 *)z)[v] = expr4;                              \
  } else {                                                         \
    for (IDX j = i; j < n; j++) z[j] = expr1;                      \
  }
#define V4(p) (((__global const REAL4 *)(p))[v])

__kernel void vec_axpby(IDX n, REAL a, __global const REAL *x, REAL b, __global const REAL *y,
                        __global REAL *z) {
  LA_EW_BODY(a * V4(x) + b * V4(y), a * x[j] + b * y[j])
}

__kernel void vec_scale(IDX n, REAL a, __global const REAL *x, __global REAL *z) {
  LA_EW_BODY(a * V4(x), a * x[j])
}

__kernel void vec_mul(IDX n, __global const REAL *x, __global const REAL *y, __global REAL *z) {
  LA_EW_BODY(V4(x) * V4(y), x[j] * y[j])
}

LA_KERNEL void vec_dot_part(IDX n, __global const REAL *x, __global const REAL *y,
                            __global REAL *part) {
  __local REAL s[LA_WG];
  REAL acc = 0;
  LA_FOR(i, n, 1) acc += x[i] * y[i];
  acc = la_group_sum(acc, s);
  if (get_local_id(0) == 0) part[get_group_id(0)] = acc;
}

LA_KERNEL void vec_sum_final(int m, __global const REAL *part, __global REAL *result, IDX index) {
  __local REAL s[LA_WG];
  const REAL v = la_sum_partials(part, m, s);
  if (get_local_id(0) == 0) result[index] = v;
}

/* nrm2 keeps (scale, ssq) with sum x² = scale²·ssq and scale = max |x| seen,
 * as LAPACK's dnrm2 does, so that no square overflows or underflows. */
inline void nrm2_add(REAL *scale, REAL *ssq, REAL s2, REAL q2) {
  if (s2 > *scale) {
    const REAL t = *scale / s2;
    *ssq = q2 + *ssq * t * t;
    *scale = s2;
  } else if (s2 == *scale) {
    *ssq += q2;
  } else if (s2 > 0 || isnan(s2)) {
    const REAL t = s2 / *scale;
    *ssq += q2 * t * t;
  }
}

/* Tree over the group of (scale, ssq) pairs; s and q: LA_WG each. */
inline void nrm2_group(REAL *scale, REAL *ssq, __local REAL *s, __local REAL *q) {
  const int l = (int)get_local_id(0);
  s[l] = *scale;
  q[l] = *ssq;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int h = LA_WG / 2; h > 0; h >>= 1) {
    if (l < h) {
      REAL a = s[l], b = q[l];
      nrm2_add(&a, &b, s[l + h], q[l + h]);
      s[l] = a;
      q[l] = b;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  *scale = s[0];
  *ssq = q[0];
}

/* part[g] = scale of group g, part[m + g] = its ssq (m = number of groups). */
LA_KERNEL void vec_nrm2_part(IDX n, __global const REAL *x, __global REAL *part) {
  __local REAL s[LA_WG], q[LA_WG];
  REAL scale = 0, ssq = 0;
  LA_FOR(i, n, 1) nrm2_add(&scale, &ssq, fabs(x[i]), 1);
  nrm2_group(&scale, &ssq, s, q);
  if (get_local_id(0) == 0) {
    part[get_group_id(0)] = scale;
    part[get_num_groups(0) + get_group_id(0)] = ssq;
  }
}

LA_KERNEL void vec_nrm2_final(int m, __global const REAL *part, __global REAL *result, IDX index) {
  __local REAL s[LA_WG], q[LA_WG];
  REAL scale = 0, ssq = 0;
  for (int i = (int)get_local_id(0); i < m; i += LA_WG)
    nrm2_add(&scale, &ssq, part[i], part[m + i]);
  nrm2_group(&scale, &ssq, s, q);
  if (get_local_id(0) == 0) result[index] = scale * sqrt(ssq);
}
