/* vec.cl — elementwise vector kernels (one work-item an element; outputs may
 * alias inputs since each item reads and writes only its own element) and
 * the two-stage reductions behind dot and nrm2: a first stage of a fixed
 * number of groups, each a loop (LA_FOR) then a tree, writes one partial
 * a group; a second stage of one group reduces the partials in a fixed order. */
#include "common/la_real.cl"

/* Elementwise kernels take LA_EW = 4 consecutive elements a work-item: one
 * REAL4 load of each operand and one store when all four are inside (buffers
 * are aligned far beyond 4 elements), a scalar loop at the tail. */
#define LA_EW_BODY(expr4, expr1)              \
  const IDX i = (IDX)get_global_id(0) * 4;    \
  if (i + 3 < n) {                            \
    const IDX v = i / 4;                      \
    ((__global REAL4 *)z)[v] = expr4;         \
  } else {                                    \
    for (IDX j = i; j < n; j++) z[j] = expr1; \
  }
#define V4(p) (((__global const REAL4 *)(p))[v])

__kernel void vec_axpby(IDX n, REAL a, __global const REAL *x, REAL b, __global const REAL *y,
                        __global REAL *z){LA_EW_BODY(a * V4(x) + b * V4(y), a *x[j] + b * y[j])}

__kernel void vec_scale(IDX n, REAL a, __global const REAL *x,
                        __global REAL *z){LA_EW_BODY(a * V4(x), a *x[j])}

__kernel void vec_mul(IDX n, __global const REAL *x, __global const REAL *y,
                      __global REAL *z){LA_EW_BODY(V4(x) * V4(y), x[j] * y[j])}

LA_KERNEL
    void vec_dot_part(IDX n, __global const REAL *x, __global const REAL *y, __global REAL *part) {
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

/* The pair (scale, ssq) as a REAL2 and its combination, for the one
 * reduction tree of common/reduce.cl. */
#define REAL2 GOLCL_CAT(REAL, 2)
inline REAL2 nrm2_comb(REAL2 a, REAL2 b) {
  REAL scale = a.x, ssq = a.y;
  nrm2_add(&scale, &ssq, b.x, b.y);
  return (REAL2)(scale, ssq);
}
GOLCL_DEFINE_GROUP_REDUCE(nrm2_group_wg, REAL2, nrm2_comb)
inline void nrm2_group(REAL *scale, REAL *ssq, __local REAL2 *s) {
  const REAL2 t = nrm2_group_wg((REAL2)(*scale, *ssq), s, LA_WG);
  *scale = t.x;
  *ssq = t.y;
}

/* part[g] = scale of group g, part[m + g] = its ssq (m = number of groups). */
LA_KERNEL void vec_nrm2_part(IDX n, __global const REAL *x, __global REAL *part) {
  __local REAL2 s[LA_WG];
  REAL scale = 0, ssq = 0;
  LA_FOR(i, n, 1) nrm2_add(&scale, &ssq, fabs(x[i]), 1);
  nrm2_group(&scale, &ssq, s);
  if (get_local_id(0) == 0) {
    part[get_group_id(0)] = scale;
    part[get_num_groups(0) + get_group_id(0)] = ssq;
  }
}

LA_KERNEL void vec_nrm2_final(int m, __global const REAL *part, __global REAL *result, IDX index) {
  __local REAL2 s[LA_WG];
  REAL scale = 0, ssq = 0;
  for (int i = (int)get_local_id(0); i < m; i += LA_WG)
    nrm2_add(&scale, &ssq, part[i], part[m + i]);
  nrm2_group(&scale, &ssq, s);
  if (get_local_id(0) == 0) result[index] = scale * sqrt(ssq);
}

/* Reductions with an index (RED_OP: 1 min, 2 max, 3 max |x|): a (value,
 * index) pair a work-item, the winner of two pairs decided by value, NaN
 * winning every comparison, ties (and two NaNs) by the smaller index, so
 * that the result does not depend on the order of the tree. RED_OP 0 is the
 * plain sum. Identity: ±INFINITY (−1 for |x|) at index LONG_MAX. */
#ifndef RED_OP
#define RED_OP 0
#endif
typedef struct la_vi {
  REAL v;
  long i;
} la_vi;

inline la_vi la_vi_pick(la_vi a, la_vi b) {
  const int na = isnan(a.v), nb = isnan(b.v);
  int take_b;
  if (na || nb) take_b = na && nb ? b.i < a.i : nb;
#if RED_OP == 1
  else
    take_b = b.v < a.v || (b.v == a.v && b.i < a.i);
#else
  else
    take_b = b.v > a.v || (b.v == a.v && b.i < a.i);
#endif
  return take_b ? b : a;
}
GOLCL_DEFINE_GROUP_REDUCE(la_vi_group, la_vi, la_vi_pick)

inline la_vi la_vi_identity(void) {
  la_vi r;
#if RED_OP == 1
  r.v = INFINITY;
#elif RED_OP == 2
  r.v = -INFINITY;
#else
  r.v = -1;
#endif
  r.i = LONG_MAX;
  return r;
}

#if RED_OP == 3
#define RED_VAL(v) fabs(v)
#else
#define RED_VAL(v) (v)
#endif

/* First stage: part[g] = value (and parti[g] = index) of group g. */
LA_KERNEL void vec_reduce_part(IDX n, __global const REAL *x, __global REAL *part,
                               __global long *parti) {
#if RED_OP == 0
  __local REAL s[LA_WG];
  REAL acc = 0;
  LA_FOR(i, n, 1) acc += x[i];
  acc = la_group_sum(acc, s);
  if (get_local_id(0) == 0) part[get_group_id(0)] = acc;
#else
  __local la_vi s[LA_WG];
  la_vi acc = la_vi_identity();
  LA_FOR(i, n, 1) {
    la_vi e;
    e.v = RED_VAL(x[i]);
    e.i = (long)i;
    acc = la_vi_pick(acc, e);
  }
  acc = la_vi_group(acc, s, LA_WG);
  if (get_local_id(0) == 0) {
    part[get_group_id(0)] = acc.v;
    parti[get_group_id(0)] = acc.i;
  }
#endif
}

/* Second stage, one group: result[at] = the value, resi[0] = the index
 * (when has_i). */
LA_KERNEL void vec_reduce_final(int m, __global const REAL *part, __global const long *parti,
                                __global REAL *result, IDX at, __global long *resi, int has_i) {
#if RED_OP == 0
  __local REAL s[LA_WG];
  const REAL v = la_sum_partials(part, m, s);
  if (get_local_id(0) == 0) {
    result[at] = v;
    if (has_i) resi[0] = 0;
  }
#else
  __local la_vi s[LA_WG];
  la_vi acc = la_vi_identity();
  for (int i = (int)get_local_id(0); i < m; i += LA_WG) {
    la_vi e;
    e.v = part[i];
    e.i = parti[i];
    acc = la_vi_pick(acc, e);
  }
  acc = la_vi_group(acc, s, LA_WG);
  if (get_local_id(0) == 0) {
    result[at] = acc.v;
    if (has_i) resi[0] = acc.i;
  }
#endif
}

/* Exclusive scan in three kernels over `m` groups, group g owning the
 * contiguous chunk [g·chunk, (g+1)·chunk) and work-item l of it the run
 * [l·run, (l+1)·run) of that chunk (run = ceil(chunk / LA_WG)): sums in a
 * fixed order, so the same bits every time. */
#define SCAN_RANGE                                                \
  const IDX g_ = (IDX)get_group_id(0), l_ = (IDX)get_local_id(0); \
  const IDX run_ = (chunk + LA_WG - 1) / LA_WG;                   \
  const IDX glo_ = g_ * chunk, ghi_ = min(n, glo_ + chunk);       \
  const IDX lo_ = min(ghi_, glo_ + l_ * run_), hi_ = min(ghi_, lo_ + run_);

LA_KERNEL void vec_scan_part(IDX n, IDX chunk, __global const REAL *x, __global REAL *part) {
  __local REAL s[LA_WG];
  SCAN_RANGE
  REAL acc = 0;
  for (IDX i = lo_; i < hi_; i++) acc += x[i];
  acc = la_group_sum(acc, s);
  if (l_ == 0) part[g_] = acc;
}

/* One work-item: part[0..m) becomes its exclusive scan. */
__kernel void vec_scan_groups(int m, __global REAL *part) {
  REAL acc = 0;
  for (int g = 0; g < m; g++) {
    const REAL v = part[g];
    part[g] = acc;
    acc += v;
  }
}

LA_KERNEL void vec_scan_apply(IDX n, IDX chunk, __global const REAL *x, __global REAL *out,
                              __global const REAL *part) {
  __local REAL s[LA_WG];
  SCAN_RANGE
  REAL acc = 0;
  for (IDX i = lo_; i < hi_; i++) acc += x[i];
  s[l_] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l_ == 0) { /* exclusive scan of the items' sums, in order */
    REAL a = part[g_];
    for (int l = 0; l < LA_WG; l++) {
      const REAL v = s[l];
      s[l] = a;
      a += v;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  acc = s[l_];
  for (IDX i = lo_; i < hi_; i++) {
    const REAL v = x[i];
    out[i] = acc;
    acc += v;
  }
}
