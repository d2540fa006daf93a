/* cg.cl — the conjugate-gradient iteration with every scalar on the device.
 * LA_OP selects the operator: 0 a band matrix and 1 a stencil run FUSED, two
 * kernels an iteration k:
 *   cg_dir_mv  (B_k): reduces the partials of r·r and r·z left by the last
 *              update, decides (converged? breakdown?), forms β and then, in
 *              one sweep, p = z + β·p_old (for its own row and, on the fly,
 *              for the rows the operator reaches), q = A·p, and partials of p·q;
 *   cg_update  (A_k): reduces p·q, α = ρ/(p·q), x += α·p, r −= α·q, z = r or
 *              r/diag(A) (Jacobi), and partials of r·r and r·z.
 * The 2-D 5-point stencil built with ST_VW (tiles, see below) stores no q:
 * A_k forms it again from p. With LA_PREC 2 (a stored z: MG on a stencil)
 * B_k forms p from z, and the host launches the preconditioner z = M⁻¹·r
 * after A_k, whose last kernel leaves the partials of r·z (else cg_rz).
 * LA_OP 2 is the GENERAL iteration for any operator (CSR, dense, a caller's
 * callback, an exchange hook): cg_dir (B_k without the product), the
 * operator q = A·p launched by the host, cg_pq (partials of p·q), cg_update,
 * and with LA_PREC 2 the preconditioner and cg_rz.
 * p is double-buffered (rows read neighbours' old p). Every group re-reduces
 * the partials of the previous kernel itself, in the same fixed order, so
 * all groups agree bit for bit without atomics or a host round trip; a
 * caller's reduce hook may replace the partials between kernels by global
 * ones (row sums at element 0, zeros elsewhere). Group 0 records the
 * scalars of iteration k in hist[slot] and the decision in flags[slot]
 * (flags[2s] by B, flags[2s+1] by A); a kernel reads only what earlier
 * kernels wrote, and once a kernel stops, every later one sees it and skips
 * its sweep, so x stays the x of the first iteration that met the
 * tolerance. No kernel returns early: every work-item reaches every barrier
 * (pocl 3.1 lost stores of kernels that returned early, on a decision read
 * from memory, ahead of a barrier), and a stopped kernel only skips its
 * loop. The loops (LA_FOR) run over a fixed number of groups.
 * Kernel arguments: the ones that change every launch come first (cg.c sets
 * just them with one golcl__args call), then n, the operator's four (meta,
 * vals, dmain, z), then the workspace.
 * Options: REAL, IDX, LA_WG, LA_CONTIGUOUS (la_real.cl); LA_OP; NDIAG,
 * LA_BAND_WRAP (la_band.cl) or STENCIL_KIND, STENCIL_PERIODIC
 * (la_stencil.cl); LA_PREC (0 none, 1 Jacobi, 2 z stored); LA_DIAG_CONST
 * (general path: diag(A) is vals[dmain], else vals[dmain·n + j]); and the
 * flag values CG_RUNNING ... CG_ZERO_RHS from lib/la/cg.c. */
#include "common/la_real.cl"

#if LA_OP == 0
#include "common/la_band.cl"
#define OP_PROLOGUE
#define OP_FOR LA_FOR
#define OP_ROW_ABS(acc, ab, i, XJ) LA_BAND_ROW_ABS(acc, ab, i, n, meta, vals, XJ)
#define OP_DIAG(j) vals[(IDX)dmain * n + (j)]
#elif LA_OP == 1
#include "common/la_stencil.cl"
#define OP_PROLOGUE LA_STENCIL_PROLOGUE(meta, vals)
#define OP_FOR LA_STENCIL_FOR
#define OP_ROW_ABS(acc, ab, i, XJ) LA_STENCIL_ROW_ABS(acc, ab, i, XJ)
#define OP_DIAG(j) LA_STENCIL_DIAG
#else
#define OP_PROLOGUE
#if LA_DIAG_CONST
#define OP_DIAG(j) vals[dmain]
#else
#define OP_DIAG(j) vals[(IDX)dmain * n + (j)]
#endif
#endif
#define OP_ROW(acc, i, XJ)      \
  {                             \
    REAL ab_ = 0;               \
    OP_ROW_ABS(acc, ab_, i, XJ) \
  }

#define OP_PARAMS \
  __global const long *meta, __global const REAL *vals, IDX dmain, __global const REAL *z

#if LA_PREC == 1
/* Jacobi: z = r / diag(A). A row whose diagonal is 0 gets z = 0: the halo rows of a
 * distributed solve (libgolcl_dist), which the operator leaves at zero, so that they add
 * nothing to r·z (0/0 would make it NaN). An SPD matrix has no such row. */
inline REAL cg_jacobi(REAL r, REAL d) { return d != (REAL)0 ? r / d : (REAL)0; }
#define Z(j, rj) cg_jacobi((rj), OP_DIAG(j))
#elif LA_PREC == 2
#define Z(j, rj) (z[j])
#else
#define Z(j, rj) (rj)
#endif

/* Partials of Σ r·r, r·z, b·b and the error scale Σ(|b_i| + Σ_j|A_ij·x_j|)²
 * into rows 0..3 of part (row 1 is 0 with LA_PREC 2: cg_rz writes it). */
inline void cg_init_partials(REAL rr, REAL rz, REAL bb, REAL ee, __global REAL *part,
                             __local REAL4 *s) {
  const int m = (int)get_num_groups(0), g = (int)get_group_id(0);
#if LA_PREC == 0
  rz = rr;
#endif
  const REAL4 t = la_group_sum4((REAL4)(rr, rz, bb, ee), s);
  if (get_local_id(0) == 0) {
    part[g] = t.x;
#if LA_PREC != 2
    part[m + g] = t.y;
#endif
    part[2 * m + g] = t.z;
    part[3 * m + g] = t.w;
  }
}

#if LA_OP != 2
#define CG_X(j) x[j]
/* r = b − A·x and the partials. */
LA_KERNEL void cg_init(IDX n, OP_PARAMS, __global const REAL *b, __global const REAL *x,
                       __global REAL *r, __global REAL *part) {
  __local REAL4 s[LA_WG];
  OP_PROLOGUE
  REAL rr = 0, rz = 0, bb = 0, ee = 0;
  OP_FOR(i, n, 1) {
    REAL ax = 0, e = 0;
    OP_ROW_ABS(ax, e, i, CG_X)
    const REAL bi = b[i], ri = bi - ax;
    r[i] = ri;
    rr += ri * ri;
    rz += ri * Z(i, ri);
    bb += bi * bi;
    e += fabs(bi);
    ee += e * e;
  }
  cg_init_partials(rr, rz, bb, ee, part, s);
}
#else
/* r = b − ax (ax = A·x from the operator; r may be ax) and the partials,
 * the error scale taken as Σ(|b_i| + |ax_i|)². */
LA_KERNEL void cg_init(IDX n, OP_PARAMS, __global const REAL *b, __global const REAL *ax,
                       __global REAL *r, __global REAL *part) {
  __local REAL4 s[LA_WG];
  OP_PROLOGUE
  REAL rr = 0, rz = 0, bb = 0, ee = 0;
  LA_FOR(i, n, 1) {
    const REAL bi = b[i], a = ax[i], ri = bi - a;
    r[i] = ri;
    rr += ri * ri;
#if LA_PREC != 2
    rz += ri * Z(i, ri);
#endif
    bb += bi * bi;
    const REAL e = fabs(bi) + fabs(a);
    ee += e * e;
  }
  cg_init_partials(rr, rz, bb, ee, part, s);
}
#endif

/* B_k's decision from the partials (every work-item gets the same). */
typedef struct cg_dec {
  int flag, stopped;
  REAL rr, rz, bb, tol2, beta;
} cg_dec;

inline cg_dec cg_decide(__global const REAL *part, int m, __global const REAL *hist,
                        __global const REAL *st, __global const int *flags, int prev, int first,
                        int check_only, REAL rtol2, REAL atol2, __local REAL4 *s4) {
  cg_dec d;
  d.stopped = !first && flags[2 * prev + 1] != CG_RUNNING;
  /* Every barrier is reached by every work-item, whatever was decided. */
  const REAL4 sums = la_sum_partials4(part, m, 3, s4);
  d.rr = sums.x;
  d.bb = sums.z;
#if LA_PREC != 0
  d.rz = sums.y;
#else
  d.rz = d.rr;
#endif
  d.tol2 = first ? fmax(rtol2 * d.bb, atol2) : st[0];
  d.flag = CG_RUNNING;
  if (d.stopped)
    d.flag = CG_STOPPED;
  else if (first && d.bb == 0)
    d.flag = CG_ZERO_RHS;
  else if (d.rr <= d.tol2)
    d.flag = CG_CONVERGED;
  else if (!(d.rz > 0) || isinf(d.rz)) /* NaN fails rz > 0 */
    d.flag = CG_BREAKDOWN;
  else if (check_only)
    d.flag = CG_MAXITER;
  d.beta = first || d.flag != CG_RUNNING ? 0 : d.rz / hist[4 * prev + 1];
  return d;
}

/* Group 0's records of B_k. */
inline void cg_record(const cg_dec *d, int slot, int first, __global REAL *hist, __global REAL *st,
                      __global int *flags) {
  if (!la_lead()) return;
  flags[2 * slot] = d->flag;
  if (!d->stopped) {
    hist[4 * slot] = d->rr;
    hist[4 * slot + 1] = d->rz;
  }
  if (first) {
    st[0] = d->tol2;
    st[1] = d->bb;
  }
}

/* p_new at row j, from the residual and the previous direction. fma keeps
 * the value of a row the same wherever it is formed. */
#define PV(j) (first ? Z(j, r[j]) : fma(d.beta, p_old[j], Z(j, r[j])))

#if LA_OP == 1 && defined(ST_VW)
/* The 2-D 5-point stencil in tiles (LA_ST5_TILE, built with ST_VW, ST_RY):
 * B_k forms p on the fly for its tile and the rows and columns around it,
 * q = A·p, and writes p only; A_k forms q = A·p again from the stored p
 * (the same bits: the same values through the same fma chain) instead of
 * reading a stored q. An iteration moves 8 words an unknown (B: r, p_old
 * in, p out; A: p, x, r in, x, r out) instead of 10. */
#if LA_PREC == 1
#define ZV(v) (LA_STENCIL_DIAG != (REAL)0 ? (v) / ST_VS(LA_STENCIL_DIAG) : ST_VS(0))
#else
#define ZV(v) (v)
#endif
#if LA_PREC == 2
#define ZRV(j) ST_VLOAD(z, j)
#else
#define ZRV(j) ZV(ST_VLOAD(r, j))
#endif
#define PVV(j) (first ? ZRV(j) : fma(ST_VS(d.beta), ST_VLOAD(p_old, j), ZRV(j)))
#define CG_DIR_BODY(j, qv, pv)  \
  {                             \
    ST_VSTORE(pv, p_new, j);    \
    acc += ST_VSUM((pv) * (qv)); \
  }

#define CG_DIR_LOOP \
  (void)q;            \
  (void)n;            \
  if (run) LA_ST5_TILE(PVV, PV, CG_DIR_BODY)
#elif LA_OP != 2
#define CG_DIR_LOOP           \
  OP_FOR(i, n, run) {         \
    const REAL pi = PV(i);    \
    REAL qi = 0;              \
    OP_ROW(qi, i, PV)         \
    p_new[i] = pi;            \
    q[i] = qi;                \
    acc += pi * qi;           \
  }
#endif

#if LA_OP != 2
LA_KERNEL void cg_dir_mv(__global const REAL *p_old, __global REAL *p_new, int slot, int prev,
                         int first, int check_only, IDX n, OP_PARAMS, __global const REAL *r,
                         __global REAL *q, __global REAL *part, __global REAL *hist,
                         __global REAL *st, __global int *flags, REAL rtol2, REAL atol2) {
  __local REAL4 s4[LA_WG];
  __local REAL *s = (__local REAL *)s4;
  OP_PROLOGUE
  const int m = (int)get_num_groups(0);
  const cg_dec d = cg_decide(part, m, hist, st, flags, prev, first, check_only, rtol2, atol2, s4);
  const int run = d.flag == CG_RUNNING;
  REAL acc = 0;
  CG_DIR_LOOP
  acc = la_group_sum(acc, s);
  if (run && get_local_id(0) == 0) part[3 * m + (int)get_group_id(0)] = acc;
  cg_record(&d, slot, first, hist, st, flags);
}
#else
/* B_k of the general path: the decision and p only (q is unused). */
LA_KERNEL void cg_dir(__global const REAL *p_old, __global REAL *p_new, int slot, int prev,
                      int first, int check_only, IDX n, OP_PARAMS, __global const REAL *r,
                      __global REAL *q, __global REAL *part, __global REAL *hist, __global REAL *st,
                      __global int *flags, REAL rtol2, REAL atol2) {
  __local REAL4 s4[LA_WG];
  OP_PROLOGUE
  const int m = (int)get_num_groups(0);
  const cg_dec d = cg_decide(part, m, hist, st, flags, prev, first, check_only, rtol2, atol2, s4);
  const int run = d.flag == CG_RUNNING;
  LA_FOR(i, n, run) p_new[i] = PV(i);
  (void)q;
  cg_record(&d, slot, first, hist, st, flags);
}

/* Partials of p·q (row 3), unless B_k stopped. */
LA_KERNEL void cg_pq(__global const REAL *p, int slot, IDX n, __global const REAL *q,
                     __global REAL *part, __global const int *flags) {
  __local REAL s[LA_WG];
  const int m = (int)get_num_groups(0);
  const int run = flags[2 * slot] == CG_RUNNING;
  REAL acc = 0;
  LA_FOR(i, n, run) acc += p[i] * q[i];
  acc = la_group_sum(acc, s);
  if (run && get_local_id(0) == 0) part[3 * m + (int)get_group_id(0)] = acc;
}
#endif

/* Partials of r·z (row 1) for a stored z. */
LA_KERNEL void cg_rz(IDX n, __global const REAL *r, __global const REAL *zz, __global REAL *part) {
  __local REAL s[LA_WG];
  const int m = (int)get_num_groups(0);
  REAL acc = 0;
  LA_FOR(i, n, 1) acc += r[i] * zz[i];
  acc = la_group_sum(acc, s);
  if (get_local_id(0) == 0) part[m + (int)get_group_id(0)] = acc;
}

#if LA_OP == 1 && defined(ST_VW)
#define P_V(j) ST_VLOAD(p, j)
#define P_S(j) p[j]
#if LA_PREC == 1
#define CG_RZ_ADD(rv) rz += ST_VSUM((rv)*ZV(rv));
#else
#define CG_RZ_ADD(rv)
#endif
#define CG_UPD_BODY(j, qv, pv)                                   \
  {                                                              \
    ST_VSTORE(fma(ST_VS(alpha), pv, ST_VLOAD(x, j)), x, j);      \
    const ST_V rv_ = fma(ST_VS(-alpha), qv, ST_VLOAD(r, j));     \
    ST_VSTORE(rv_, r, j);                                        \
    rr += ST_VSUM(rv_ * rv_);                                    \
    CG_RZ_ADD(rv_)                                               \
  }
#define CG_UPDATE_LOOP \
  (void)q;             \
  if (run) LA_ST5_TILE(P_V, P_S, CG_UPD_BODY)
#else
#define CG_UPDATE_LOOP                           \
  LA_FOR(i, n, run) {                            \
    x[i] = fma(alpha, p[i], x[i]);               \
    const REAL ri = fma(-alpha, q[i], r[i]);     \
    r[i] = ri;                                   \
    rr += ri * ri;                               \
    CG_RZ_ROW                                    \
  }
#if LA_PREC == 1
#define CG_RZ_ROW rz += ri * Z(i, ri);
#else
#define CG_RZ_ROW
#endif
#endif

LA_KERNEL void cg_update(__global const REAL *p, int slot, IDX n, OP_PARAMS, __global REAL *x,
                         __global REAL *r, __global const REAL *q, __global REAL *part,
                         __global REAL *hist, __global int *flags) {
  __local REAL4 s4[LA_WG];
  __local REAL *s = (__local REAL *)s4;
  OP_PROLOGUE
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
  CG_UPDATE_LOOP
#if LA_PREC == 1
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
#if LA_PREC != 2
    part[m + g] = rz;
#endif
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
