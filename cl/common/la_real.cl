/* la_real.cl — element type and work-group reductions of the linear-algebra
 * kernels. Built with -DREAL=float|double (and GOLCL_FP64 for double),
 * -DIDX=int|long (a signed index type wide enough for the extent plus one
 * grid stride), -DLA_WG=<work-group size, a power of two> and
 * -DLA_CONTIGUOUS=0|1 (see LA_FOR). The sums run in a fixed order, so a
 * reduction gives the same bits every time on one device. */
#ifndef GOLCL_LA_REAL_CL
#define GOLCL_LA_REAL_CL

#include "common/reduce.cl"

#ifdef GOLCL_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define LA_KERNEL __kernel __attribute__((reqd_work_group_size(LA_WG, 1, 1)))

/* The loop of a work-item over its share of 0..n-1 while cond holds. GPUs
 * (LA_CONTIGUOUS 0): a grid-stride loop, so that neighbouring items touch
 * neighbouring elements (coalesced). CPUs (1): a contiguous run per item,
 * since a CPU runs the items of a group one after another and a grid stride
 * would have every item sweep the whole vector through the cache. */
#if LA_CONTIGUOUS
#define LA_FOR(i, n, cond)                                                           \
  const IDX i##_run = ((n) + (IDX)get_global_size(0) - 1) / (IDX)get_global_size(0); \
  const IDX i##_lo = (IDX)get_global_id(0) * i##_run;                                \
  const IDX i##_hi = min((IDX)(n), i##_lo + i##_run);                                \
  for (IDX i = i##_lo; (cond) && i < i##_hi; i++)
#else
#define LA_FOR(i, n, cond) \
  for (IDX i = (IDX)get_global_id(0); (cond) && i < (n); i += (IDX)get_global_size(0))
#endif

/* The sum of v over the work-group, given to every work-item. s holds LA_WG
 * elements of local memory; it may be reused after the call. */
GOLCL_DEFINE_GROUP_REDUCE(la_group_sum_wg, REAL, GOLCL_RED_ADD)
inline REAL la_group_sum(REAL v, __local REAL *s) { return la_group_sum_wg(v, s, LA_WG); }

/* The sum of the m partials p[0..m-1] of a first stage; every work-group
 * that calls it gets the same bits. */
inline REAL la_sum_partials(__global const REAL *p, int m, __local REAL *s) {
  REAL v = 0;
  for (int i = (int)get_local_id(0); i < m; i += LA_WG) v += p[i];
  return la_group_sum(v, s);
}

/* The same for up to four sums at once (one tree, one set of barriers). */
#define REAL4 GOLCL_CAT(REAL, 4)
#define GOLCL_CAT(a, b) GOLCL_CAT2(a, b)
#define GOLCL_CAT2(a, b) a##b
GOLCL_DEFINE_GROUP_REDUCE(la_group_sum4_wg, REAL4, GOLCL_RED_ADD)
inline REAL4 la_group_sum4(REAL4 v, __local REAL4 *s) { return la_group_sum4_wg(v, s, LA_WG); }

/* Sums of rows 0..3 of partials (m each, row k at p + k·m; rows past
 * `rows` count as 0), in one tree. */
inline REAL4 la_sum_partials4(__global const REAL *p, int m, int rows, __local REAL4 *s) {
  REAL4 v = (REAL4)(0);
  for (int i = (int)get_local_id(0); i < m; i += LA_WG)
    v += (REAL4)(p[i], rows > 1 ? p[m + i] : 0, rows > 2 ? p[2 * m + i] : 0,
                 rows > 3 ? p[3 * m + i] : 0);
  return la_group_sum4(v, s);
}

/* One work-item of group 0 (for the writes that one item must do). */
inline int la_lead(void) { return get_group_id(0) == 0 && get_local_id(0) == 0; }

#endif
