/* cg.c — distributed conjugate gradients, plain and Jacobi, on extended local vectors (rows of
 * this rank plus the matrix's halo; the halo is zero in every vector but the search direction,
 * so local dot products count owned rows only). Per iteration: one halo exchange of p through
 * the host, one band product, the updates by golcl_vec_axpby/mul, and two reductions of
 * per-rank partials summed in rank order (the same bits for the same rank count). The stopping
 * rule, restarts and report follow golcl_cg_solve. */
#include "dist_la.h"

#include <math.h>
#include <stdlib.h>

typedef struct cg_work {
  golcl_dist_bandmat *A;
  golcl_vec *x, *b, *r, *z, *p, *q; /* extended (A->m) */
  int jacobi;
} cg_work;

#define STEP(call, what)                                          \
  do {                                                            \
    if (*ls == GOLCL_OK) *ls = golcl__dist_core(d, (call), what); \
  } while (0)

/* Local dot of two extended vectors into *out (0 on an empty rank). */
static void ldot(golcl_dist_context *d, cg_work *w, golcl_vec *a, golcl_vec *b, double *out,
                 golcl_status *ls) {
  *out = 0;
  if (w->A->count) STEP(golcl_vec_dot(a, b, out), "golcl_vec_dot");
}

/* z = M⁻¹ r. */
static void precond(golcl_dist_context *d, cg_work *w, golcl_status *ls) {
  if (!w->A->count) return;
  if (w->jacobi)
    STEP(golcl_vec_mul(w->A->invdiag, w->r, w->z), "golcl_vec_mul");
  else
    STEP(golcl_vec_copy(w->r, w->z), "golcl_vec_copy");
}

/* r = b − A·x (x's halo exchanged first); returns ||r||² summed in rank order. */
static golcl_status residual(golcl_dist_context *d, cg_work *w, double *rr) {
  golcl_status st = GOLCL_OK, *ls = &st;
  golcl__dist_halo(w->A, w->x, ls);
  if (w->A->count) {
    if (w->A->local)
      STEP(golcl_bandmat_mv(w->A->local, w->x, NULL, w->r), "golcl_bandmat_mv");
    else
      STEP(golcl_vec_fill(w->r, 0), "golcl_vec_fill");
    STEP(golcl_vec_axpby(1, w->b, -1, w->r, w->r), "golcl_vec_axpby");
  }
  ldot(d, w, w->r, w->r, rr, ls);
  return golcl__dist_allsum(d, st, rr, 1, "golcl_dist_cg_solve");
}

/* Iterates from r = b − A·x until the tolerance, the cap or a breakdown. */
static golcl_status iterate(golcl_dist_context *d, cg_work *w, double tol2, size_t max_iter,
                            size_t *iters, double rr, int *met) {
  golcl_status st = GOLCL_OK, *ls = &st;
  double v[2];
  *met = rr <= tol2;
  if (*met) return GOLCL_OK;
  precond(d, w, ls);
  if (w->A->count) STEP(golcl_vec_copy(w->z, w->p), "golcl_vec_copy");
  ldot(d, w, w->r, w->z, &v[0], ls);
  st = golcl__dist_allsum(d, st, v, 1, "golcl_dist_cg_solve");
  if (st != GOLCL_OK) return st;
  double rz = v[0];
  if (!(rz > 0)) return GOLCL_OK; /* breakdown: not SPD (or r = 0 with M singular) */
  while (*iters < max_iter) {
    golcl__dist_halo(w->A, w->p, ls);
    if (w->A->count) {
      if (w->A->local)
        STEP(golcl_bandmat_mv(w->A->local, w->p, NULL, w->q), "golcl_bandmat_mv");
      else
        STEP(golcl_vec_fill(w->q, 0), "golcl_vec_fill");
    }
    ldot(d, w, w->p, w->q, &v[0], ls);
    st = golcl__dist_allsum(d, st, v, 1, "golcl_dist_cg_solve");
    if (st != GOLCL_OK) return st;
    double pq = v[0];
    if (!(pq > 0) || !isfinite(pq)) return GOLCL_OK; /* breakdown */
    double alpha = rz / pq;
    if (w->A->count) {
      STEP(golcl_vec_axpby(alpha, w->p, 1, w->x, w->x), "golcl_vec_axpby");
      STEP(golcl_vec_axpby(-alpha, w->q, 1, w->r, w->r), "golcl_vec_axpby");
    }
    (*iters)++;
    precond(d, w, ls);
    ldot(d, w, w->r, w->z, &v[0], ls);
    ldot(d, w, w->r, w->r, &v[1], ls);
    st = golcl__dist_allsum(d, st, v, 2, "golcl_dist_cg_solve");
    if (st != GOLCL_OK) return st;
    if (v[1] <= tol2) {
      *met = 1;
      return GOLCL_OK;
    }
    if (!(v[0] > 0) || !isfinite(v[0])) return GOLCL_OK;
    double beta = v[0] / rz;
    rz = v[0];
    if (w->A->count) STEP(golcl_vec_axpby(1, w->z, beta, w->p, w->p), "golcl_vec_axpby");
  }
  return GOLCL_OK;
}

static golcl_status check(golcl_dist_bandmat *A, golcl_dist_vec *b, golcl_dist_vec *x,
                          const golcl_cg_opts *o, golcl_cg_report *report) {
  golcl_dist_context *d = A->d;
  if (!report || b == x)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_cg_solve: NULL report or b == x");
  golcl_status s = golcl__dist_vec_match(b, x, "golcl_dist_cg_solve");
  if (s == GOLCL_OK && (b->n != A->n || b->dtype != A->dtype))
    s = golcl__dist_fail(d, GOLCL_E_MISMATCH, "golcl_dist_cg_solve: vectors and matrix differ");
  if (s == GOLCL_OK && o &&
      (!(o->rtol >= 0) || !(o->atol >= 0) ||
       (o->precond != GOLCL_PRECOND_NONE && o->precond != GOLCL_PRECOND_JACOBI)))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_cg_solve: bad tolerance or precond");
  if (s == GOLCL_OK && o && o->precond == GOLCL_PRECOND_JACOBI && !A->has_main)
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_cg_solve: JACOBI without a diagonal");
  return s;
}

golcl_status golcl_dist_cg_solve(golcl_dist_bandmat *A, golcl_dist_vec *b, golcl_dist_vec *x,
                                 const golcl_cg_opts *opts, golcl_cg_report *report) {
  if (!A || !b || !x) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = A->d;
  golcl_status s = check(A, b, x, opts, report);
  golcl_cg_opts o = {0};
  if (opts) o = *opts;
  if (o.rtol == 0 && o.atol == 0) o.rtol = 1e-6;
  size_t max_iter = o.max_iter ? o.max_iter : A->n;
  cg_work w = {A, A->xe, NULL, NULL, NULL, NULL, NULL, o.precond == GOLCL_PRECOND_JACOBI};
  golcl_vec **vs[] = {&w.b, &w.r, &w.z, &w.p, &w.q};
  for (int i = 0; i < 5 && s == GOLCL_OK && A->count; i++)
    s = golcl__dist_core(d, golcl_vec_create(d->ctx, A->m, A->dtype, NULL, vs[i]),
                         "golcl_vec_create");
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(0, (uint64_t)max_iter), (uint64_t)o.precond);
  s = golcl__dist_agree(d, s, fp, "golcl_dist_cg_solve");
  golcl_status st = s, *ls = &st;
  if (s == GOLCL_OK && A->count) { /* x and b into the extended vectors (halo zero) */
    STEP(golcl_vec_fill(w.x, 0), "golcl_vec_fill");
    STEP(golcl__dist_copy(d, x->local, 0, w.x, A->hlo, A->count), "copy");
    STEP(golcl__dist_copy(d, b->local, 0, w.b, A->hlo, A->count), "copy");
  }
  double bb = 0;
  if (s == GOLCL_OK) {
    ldot(d, &w, w.b, w.b, &bb, ls);
    s = golcl__dist_allsum(d, st, &bb, 1, "golcl_dist_cg_solve");
  }
  size_t iters = 0;
  double rr = 0;
  int met = 0;
  if (s == GOLCL_OK && bb == 0) { /* b = 0: x = 0 */
    st = GOLCL_OK;
    if (A->count) STEP(golcl_vec_fill(w.x, 0), "golcl_vec_fill");
    met = 1;
  } else if (s == GOLCL_OK) {
    double bnorm = sqrt(bb), tol = fmax(o.rtol * bnorm, o.atol), tol2 = tol * tol;
    s = residual(d, &w, &rr);
    for (int restart = 0; s == GOLCL_OK && restart < 3; restart++) {
      s = iterate(d, &w, tol2, max_iter, &iters, rr, &met);
      if (s != GOLCL_OK || !met) break;
      s = residual(d, &w, &rr); /* the true residual of the returned x */
      if (s != GOLCL_OK || rr <= tol2) break;
      met = 0;
    }
    if (s == GOLCL_OK) {
      report->rel_residual = sqrt(rr) / bnorm;
      met = met && rr <= tol2;
    }
  }
  if (s == GOLCL_OK) {
    st = GOLCL_OK;
    if (A->count) STEP(golcl__dist_copy(d, w.x, A->hlo, x->local, 0, A->count), "copy");
    if (A->count) STEP(golcl_context_finish(d->ctx), "golcl_context_finish");
    s = golcl__dist_agree(d, st, 0, "golcl_dist_cg_solve");
  }
  if (s == GOLCL_OK) {
    report->iterations = iters;
    report->converged = met;
    if (bb == 0) report->rel_residual = 0;
  }
  for (int i = 0; i < 5; i++) golcl_vec_destroy(*vs[i]);
  return s;
}
