/* la_real.cl — element type and work-group reductions of the linear-algebra
 * kernels. Built with -DREAL=float|double (and GOLCL_FP64 for double),
 * -DIDX=int|long (a signed index type wide enough for the extent plus one
 * grid stride) and -DLA_WG=<work-group size, a power of two>. The sums run in
 * a fixed tree order, so a reduction gives the same bits every time. */
#ifndef GOLCL_LA_REAL_CL
#define GOLCL_LA_REAL_CL

#ifdef GOLCL_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define LA_KERNEL __kernel __attribute__((reqd_work_group_size(LA_WG, 1, 1)))

/* The sum of v over the work-group, given to every work-item. s holds LA_WG
 * elements of local memory; it may be reused after the call. */
inline REAL la_group_sum(REAL v, __local REAL *s) {
  const int l = (int)get_local_id(0);
  s[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int h = LA_WG / 2; h > 0; h >>= 1) {
    if (l < h) s[l] += s[l + h];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  const REAL r = s[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}

/* The sum of the m partials p[0..m-1] of a first stage; every work-group
 * that calls it gets the same bits. */
inline REAL la_sum_partials(__global const REAL *p, int m, __local REAL *s) {
  REAL v = 0;
  for (int i = (int)get_local_id(0); i < m; i += LA_WG) v += p[i];
  return la_group_sum(v, s);
}

/* One work-item of group 0 (for the writes that one item must do). */
inline int la_lead(void) { return get_group_id(0) == 0 && get_local_id(0) == 0; }

#endif
