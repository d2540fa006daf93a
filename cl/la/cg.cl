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

/* ------------------------------------------- single reduction (Chronopoulos–Gear)
 * GOLCL_CG_SINGLE_REDUCTION: with u = M⁻¹·r and w = A·u, iteration k is
 *   cgs_step (S_k): reduces the partials of r·r, γ = r·u and δ = w·u left by
 *               the last product, decides (as B_k), β = γ/γ_old,
 *               d = δ − β·γ/α_old (= p·A·p), α = γ/d, then, row by row,
 *               p = u + β·p, s = w + β·s, x += α·p, r −= α·s (with LA_OP 2
 *               and Jacobi also u = r/diag(A), stored);
 *   cgs_mv (W_k): w = A·u, partials of r·r, r·u and w·u (rows 0, 1, 2) over
 *               the rows [lo, hi) (this process's: the rest is a halo), with
 *               u formed from r on the fly; LA_OP 2: the host applies the
 *               operator and cgs_dots leaves the partials.
 * One reduction an iteration: between W_k and S_{k+1}. s = A·p only through
 * the recurrence, so r drifts from b − A·x a little more than in the two-
 * reduction CG; the solve's check of the true residual covers it. S_k runs on
 * every row, a halo's too: given w there (the exchange of w after W_k) it
 * forms s and r on the halo rows with the same fma as their owner (the same
 * bits), so the product W_{k+1} has r's halo without an exchange of r. The
 * start: r = b − A·x (cg_init), cg_final (st[3] = b·b), W_{-1} (start = 1).
 * With given = 1, S_k takes the three sums as arguments (g0, g1, g2) instead
 * of reducing the partials: a distributed solve's hook gives them, so that
 * no write of the sums stands between the host's round and S_k. S_k runs
 * over cnt rows: t < c0 is row a0 + t, the others a1 + t − c0 (every row; or
 * this process's rows, then, once w's halo has come, the halo's, in a second
 * launch that takes the same decision and records nothing: record = 0).
 * hist[4·slot]: r·r, γ, d, α. Flags: S_k writes flags[2·slot] (its decision),
 * W_k flags[2·slot + 1] (CG_STOPPED when S_k stopped). p and s are read and
 * written only at their own row: no double buffer. */
LA_KERNEL void cgs_step(int slot, int prev, int first, int check_only, int given, REAL g0,
                        REAL g1, REAL g2, IDX a0, IDX c0, IDX a1, IDX cnt, int record, IDX n,
                        OP_PARAMS,
                        __global REAL *x, __global REAL *r, __global REAL *p, __global REAL *s,
                        __global const REAL *w, __global REAL *u, __global const REAL *part,
                        __global REAL *hist, __global REAL *st, __global int *flags, REAL rtol2,
                        REAL atol2) {
  __local REAL4 s4[LA_WG];
  OP_PROLOGUE
  const int m = (int)get_num_groups(0);
  const int stopped = !first && flags[2 * prev + 1] != CG_RUNNING;
  /* given: the sums came from the host as arguments (a distributed solve's reduce) */
  const REAL4 sums = given ? (REAL4)(g0, g1, g2, 0) : la_sum_partials4(part, m, 3, s4);
  const REAL rr = sums.x, delta = sums.z;
#if LA_PREC != 0
  const REAL gamma = sums.y;
#else
  const REAL gamma = rr;
#endif
  const REAL bb = first ? st[3] : st[1];
  const REAL tol2 = first ? fmax(rtol2 * bb, atol2) : st[0];
  int flag = CG_RUNNING;
  if (stopped)
    flag = CG_STOPPED;
  else if (first && bb == 0)
    flag = CG_ZERO_RHS;
  else if (rr <= tol2)
    flag = CG_CONVERGED;
  else if (!(gamma > 0) || isinf(gamma)) /* NaN fails gamma > 0 */
    flag = CG_BREAKDOWN;
  else if (check_only)
    flag = CG_MAXITER;
  const REAL beta = first || flag != CG_RUNNING ? 0 : gamma / hist[4 * prev + 1];
  const REAL den = first || flag != CG_RUNNING ? delta : delta - beta * gamma / hist[4 * prev + 3];
  if (flag == CG_RUNNING && (!(den > 0) || isinf(den))) flag = CG_BREAKDOWN;
  const int run = flag == CG_RUNNING;
  const REAL alpha = run ? gamma / den : 0;
  LA_FOR(t, cnt, run) {
    const IDX i = t < c0 ? a0 + t : a1 + (t - c0);
    const REAL ui = Z(i, r[i]);
    const REAL pi = first ? ui : fma(beta, p[i], ui);
    const REAL si = first ? w[i] : fma(beta, s[i], w[i]);
    x[i] = fma(alpha, pi, x[i]);
    const REAL ri = fma(-alpha, si, r[i]);
    p[i] = pi;
    s[i] = si;
    r[i] = ri;
#if LA_OP == 2 && LA_PREC == 1
    u[i] = Z(i, ri);
#endif
  }
  (void)u;
  (void)n;
  if (record && la_lead()) {
    flags[2 * slot] = flag;
    if (!stopped) {
      hist[4 * slot] = rr;
      hist[4 * slot + 1] = gamma;
      hist[4 * slot + 2] = den;
      hist[4 * slot + 3] = alpha;
    }
    if (first) {
      st[0] = tol2;
      st[1] = bb;
    }
  }
}

/* The partials of W_k (rows 0, 1, 2: r·r, r·u, w·u) from the group's sums,
 * and W_k's flag; start: W_{-1}, which runs always and records nothing. */
inline void cgs_partials(REAL rr, REAL ru, REAL wu, int run, int start, int slot,
                         __global REAL *part, __global int *flags, __local REAL4 *s4) {
  const int m = (int)get_num_groups(0), g = (int)get_group_id(0);
  const REAL4 t = la_group_sum4((REAL4)(rr, ru, wu, 0), s4);
  if (run && get_local_id(0) == 0) {
    part[g] = t.x;
    part[m + g] = t.y;
    part[2 * m + g] = t.z;
  }
  if (!start && la_lead()) flags[2 * slot + 1] = run ? CG_RUNNING : CG_STOPPED;
}

#if LA_OP != 2
#define CGS_U(j) Z(j, r[j])
LA_KERNEL void cgs_mv(int slot, int start, IDX n, OP_PARAMS, __global const REAL *r,
                      __global REAL *w, __global REAL *part, __global int *flags, IDX lo, IDX hi) {
  __local REAL4 s4[LA_WG];
  OP_PROLOGUE
  const int run = start || flags[2 * slot] == CG_RUNNING;
  REAL rr = 0, ru = 0, wu = 0;
  OP_FOR(i, n, run) {
    REAL wi = 0;
    OP_ROW(wi, i, CGS_U)
    w[i] = wi;
    if (i >= lo && i < hi) {
      const REAL ri = r[i], ui = Z(i, ri);
      rr += ri * ri;
      ru += ri * ui;
      wu += wi * ui;
    }
  }
  cgs_partials(rr, ru, wu, run, start, slot, part, flags, s4);
}
#else
/* W_k of the general path after the host's w = A·u (u = r, or the stored
 * r/diag(A) with Jacobi). */
LA_KERNEL void cgs_dots(int slot, int start, IDX n, __global const REAL *u, __global const REAL *r,
                        __global const REAL *w, __global REAL *part, __global int *flags, IDX lo,
                        IDX hi) {
  __local REAL4 s4[LA_WG];
  const int run = start || flags[2 * slot] == CG_RUNNING;
  REAL rr = 0, ru = 0, wu = 0;
  LA_FOR(i, n, run) {
    if (i >= lo && i < hi) {
      const REAL ri = r[i], ui = u[i];
      rr += ri * ri;
      ru += ri * ui;
      wu += w[i] * ui;
    }
  }
  cgs_partials(rr, ru, wu, run, start, slot, part, flags, s4);
}

/* u = r/diag(A) before W_{-1} (general path with Jacobi). */
LA_KERNEL void cgs_prec(IDX n, OP_PARAMS, __global const REAL *r, __global REAL *u) {
  OP_PROLOGUE
  LA_FOR(i, n, 1) u[i] = Z(i, r[i]);
}
#endif
