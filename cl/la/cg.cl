/* cg.cl — the fused conjugate-gradient iteration for band matrices, two
 * kernels an iteration k with every scalar on the device:
 *   cg_dir_mv  (B_k): reduces the partials of r·r and r·z left by the last
 *              update, decides (converged? breakdown?), forms β and then, in
 *              one sweep, p = z + β·p_old (for its own row and, on the fly,
 *              for the rows its diagonals reach), q = A·p, and partials of p·q;
 *   cg_update  (A_k): reduces p·q, α = ρ/(p·q), x += α·p, r −= α·q, z = r or
 *              r/diag(A) (Jacobi), and partials of r·r and r·z.
 * z is never stored; p is double-buffered (rows read neighbours' old p).
 * Every group re-reduces the partials of the previous kernel itself, in the
 * same fixed order, so all groups agree bit for bit without atomics or a
 * host round trip. Group 0 records the scalars of iteration k in hist[slot]
 * and the decision in flags[slot] (flags[2s] by B, flags[2s+1] by A); a
 * kernel reads only what earlier kernels wrote, and once a kernel stops,
 * every later one sees it and skips its sweep, so x stays the x of the
 * first iteration that met the tolerance. No kernel returns early: every
 * work-item reaches every barrier (pocl 3.1 lost stores of kernels that
 * returned early, on a decision read from memory, ahead of a barrier), and
 * a stopped kernel only skips its loop. The loops (LA_FOR) run over a fixed
 * number of groups (get_num_groups), the same in all three kernels.
 * Options: REAL, IDX, LA_WG, LA_CONTIGUOUS (la_real.cl), NDIAG
 * (la_band.cl), LA_JACOBI (0/1), and the flag values CG_RUNNING,
 * CG_CONVERGED, CG_BREAKDOWN, CG_MAXITER, CG_STOPPED, CG_ZERO_RHS from
 * lib/la/cg.c. */
#include "common/la_real.cl"
#include "common/la_band.cl"

#if LA_JACOBI
#define Z(j, rj) ((rj) / vals[(IDX)dmain * n + (j)])
#else
#define Z(j, rj) (rj)
#endif

#define CG_X(j) x[j]

/* r = b − A·x, and partials of r·r, r·z, b·b in rows 0, 1, 2 of part and,
 * in row 3, of Σ_i (|b_i| + Σ_j |A_ij·x_j|)², the scale of the rounding
 * error of r. */
LA_KERNEL void cg_init(IDX n, __global const long *offs, __global const REAL *vals, IDX dmain,
                       __global const REAL *b, __global const REAL *x, __global REAL *r,
                       __global REAL *part) {
  __local REAL4 s[LA_WG];
  REAL rr = 0, rz = 0, bb = 0, ee = 0;
  LA_FOR(i, n, 1) {
    REAL ax = 0, e = 0;
    LA_BAND_ROW_ABS(ax, e, i, n, offs, vals, CG_X)
    const REAL bi = b[i], ri = bi - ax;
    r[i] = ri;
    rr += ri * ri;
    rz += ri * Z(i, ri);
    bb += bi * bi;
    e += fabs(bi);
    ee += e * e;
  }
  const int m = (int)get_num_groups(0), g = (int)get_group_id(0);
#if !LA_JACOBI
  rz = rr;
#endif
  const REAL4 t = la_group_sum4((REAL4)(rr, rz, bb, ee), s);
  if (get_local_id(0) == 0) {
    part[g] = t.x;
    part[m + g] = t.y;
    part[2 * m + g] = t.z;
    part[3 * m + g] = t.w;
  }
}

/* p_new at row j, from the residual and the previous direction. fma keeps
 * the value of a row the same wherever it is formed. */
#define PV(j) (first ? Z(j, r[j]) : fma(beta, p_old[j], Z(j, r[j])))

LA_KERNEL void cg_dir_mv(IDX n, __global const long *offs, __global const REAL *vals, IDX dmain,
                         __global const REAL *r, __global const REAL *p_old, __global REAL *p_new,
                         __global REAL *q, __global REAL *part, __global REAL *hist,
                         __global REAL *st, __global int *flags, int slot, int prev, int first,
                         int check_only, REAL rtol2, REAL atol2) {
  __local REAL4 s4[LA_WG];
  __local REAL *s = (__local REAL *)s4;
  const int m = (int)get_num_groups(0), lead = la_lead();
  const int stopped = !first && flags[2 * prev + 1] != CG_RUNNING;
  /* Every barrier is reached by every work-item, whatever was decided. */
  const REAL4 sums = la_sum_partials4(part, m, 3, s4);
  const REAL rr = sums.x, bb = sums.z;
#if LA_JACOBI
  const REAL rz = sums.y;
#else
  const REAL rz = rr;
#endif
  const REAL tol2 = first ? fmax(rtol2 * bb, atol2) : st[0];
  int flag = CG_RUNNING;
  if (stopped)
    flag = CG_STOPPED;
  else if (first && bb == 0)
    flag = CG_ZERO_RHS;
  else if (rr <= tol2)
    flag = CG_CONVERGED;
  else if (!(rz > 0) || isinf(rz)) /* NaN fails rz > 0 */
    flag = CG_BREAKDOWN;
  else if (check_only)
    flag = CG_MAXITER;
  const int run = flag == CG_RUNNING;
  const REAL beta = first || !run ? 0 : rz / hist[4 * prev + 1];
  REAL acc = 0;
  LA_FOR(i, n, run) {
    const REAL pi = PV(i);
    REAL qi = 0;
    LA_BAND_ROW(qi, i, n, offs, vals, PV)
    p_new[i] = pi;
    q[i] = qi;
    acc += pi * qi;
  }
  acc = la_group_sum(acc, s);
  if (run && get_local_id(0) == 0) part[3 * m + (int)get_group_id(0)] = acc;
  if (lead) {
    flags[2 * slot] = flag;
    if (!stopped) {
      hist[4 * slot] = rr;
      hist[4 * slot + 1] = rz;
    }
    if (first) {
      st[0] = tol2;
      st[1] = bb;
    }
  }
}

LA_KERNEL void cg_update(IDX n, __global const REAL *vals, IDX dmain, __global REAL *x,
                         __global REAL *r, __global const REAL *p, __global const REAL *q,
                         __global REAL *part, __global REAL *hist, __global int *flags, int slot) {
  __local REAL4 s4[LA_WG];
  __local REAL *s = (__local REAL *)s4;
  const int m = (int)get_num_groups(0), lead = la_lead();
  const int stopped = flags[2 * slot] != CG_RUNNING;
  const REAL pap = la_sum_partials(part + 3 * m, m, s);
  int flag = CG_RUNNING;
  if (stopped)
    flag = CG_STOPPED;
  else if (!(pap > 0) || isinf(pap))
    flag = CG_BREAKDOWN;
  const int run = flag == CG_RUNNING;
  const REAL alpha = run ? hist[4 * slot + 1] / pap : 0;
  REAL rr = 0, rz = 0;
  LA_FOR(i, n, run) {
    x[i] = fma(alpha, p[i], x[i]);
    const REAL ri = fma(-alpha, q[i], r[i]);
    r[i] = ri;
    rr += ri * ri;
    rz += ri * Z(i, ri);
  }
#if LA_JACOBI
  const REAL4 t = la_group_sum4((REAL4)(rr, rz, 0, 0), s4);
  rr = t.x;
  rz = t.y;
#else
  rr = la_group_sum(rr, s);
  rz = rr;
#endif
  const int g = (int)get_group_id(0);
  if (run && get_local_id(0) == 0) {
    part[g] = rr;
    part[m + g] = rz;
  }
  if (lead) {
    flags[2 * slot + 1] = flag;
    if (run) hist[4 * slot + 2] = pap;
  }
}

/* One group, after cg_init: st[2] = r·r, st[3] = b·b, st[4] = the error
 * scale², from m partials. */
LA_KERNEL void cg_final(__global const REAL *part, int m, __global REAL *st) {
  __local REAL4 s[LA_WG];
  const REAL4 t = la_sum_partials4(part, m, 4, s);
  if (get_local_id(0) == 0) {
    st[2] = t.x;
    st[3] = t.z;
    st[4] = t.w;
  }
}
