/* test_la_cgs.c — the single-reduction CG (GOLCL_CG_SINGLE_REDUCTION, Chronopoulos–Gear)
 * against the CPU CG in double and against the standard CG on the same device: the true
 * residual (recomputed on the CPU) within the tolerance, iteration counts within CGS_MARGIN of
 * the standard CG's, on the band (fused kernels), stencil (cgs_mv on the stencil) and CSR
 * (general path, u stored with Jacobi) operators, f32 and f64, plain and Jacobi; the same bits
 * twice; b = 0, breakdown and the refusals (the x of an iteration cap: test_la.c). */
#include "test_la_ref.h"

#include <math.h>
#include <string.h>

static const golcl_dtype DTYPES[2] = {GOLCL_F32, GOLCL_F64};

/* The stated margin: |k_single − k_standard| <= CGS_MARGIN_REL·k_standard + CGS_MARGIN_ABS. */
#define CGS_MARGIN_REL 0.05
#define CGS_MARGIN_ABS 2

static int within_margin(size_t k1, size_t k0) {
  return fabs((double)k1 - (double)k0) <= CGS_MARGIN_REL * (double)k0 + CGS_MARGIN_ABS;
}

/* Solves op·x = b by both methods (the band matrix R is the CPU twin of op): both converge,
 * the single reduction's true residual is within rtol, its count within the margin. Returns
 * the single reduction's report. */
static golcl_cg_report both(const golcl_op *op, const lr_band *R, golcl_dtype dt, const double *b,
                            double rtol, golcl_precond pc, const char *what) {
  size_t n = R->n;
  golcl_vec *vb = lr_vec(dt, n, b), *v0 = lr_vec(dt, n, NULL), *v1 = lr_vec(dt, n, NULL);
  golcl_cg_opts o = {.rtol = rtol, .precond = pc};
  golcl_cg_report r0, r1, r2;
  TU_OK(golcl_cg_solve_op(op, vb, v0, &o, &r0));
  o.method = GOLCL_CG_SINGLE_REDUCTION;
  TU_OK(golcl_cg_solve_op(op, vb, v1, &o, &r1));
  /* the same bits a second time (v0 reused, from x = 0 again) */
  TU_OK(golcl_vec_fill(v0, 0.0));
  TU_OK(golcl_cg_solve_op(op, vb, v0, &o, &r2));
  double *x = lr_alloc(n), *x2 = lr_alloc(n);
  lr_read(v1, x);
  lr_read(v0, x2);
  ck_assert_msg(r2.iterations == r1.iterations && memcmp(x, x2, n * sizeof *x) == 0,
                "%s: not the same bits twice", what);
  free(x2);
  const char *t = dt == GOLCL_F32 ? "f32" : "f64";
  ck_assert_msg(r0.converged && r1.converged, "%s %s prec %d: standard %d (%zu), single %d (%zu)",
                what, t, (int)pc, r0.converged, r0.iterations, r1.converged, r1.iterations);
  ck_assert_msg(within_margin(r1.iterations, r0.iterations),
                "%s %s prec %d: single reduction %zu iterations, standard %zu", what, t, (int)pc,
                r1.iterations, r0.iterations);
  double res = lr_rel_residual(R, b, x);
  ck_assert_msg(res <= rtol, "%s %s prec %d: true residual %g > %g", what, t, (int)pc, res, rtol);
  ck_assert_msg(fabs(r1.rel_residual - res) <= 0.05 * res + (dt == GOLCL_F32 ? 1e-6 : 1e-14),
                "%s: reported residual %g, recomputed on the CPU %g", what, r1.rel_residual, res);
  free(x);
  golcl_vec_destroy(vb), golcl_vec_destroy(v0), golcl_vec_destroy(v1);
  return r1;
}

/* −Δ on grids of odd shapes, band (fused kernels) and stencil operator, against the CPU CG. */
START_TEST(single_poisson_band_and_stencil) {
  golcl_dtype dt = DTYPES[_i];
  const size_t grids[][2] = {{32, 32}, {61, 47}, {1, 40}, {7, 5}, {1, 1}};
  const double rtol = dt == GOLCL_F32 ? 1e-4 : 1e-8;
  for (size_t gi = 0; gi < 5; gi++) {
    size_t nx = grids[gi][0], ny = grids[gi][1], n = nx * ny;
    golcl_bandmat *A;
    golcl_stencil *S;
    TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4, -1, dt, &A));
    TU_OK(golcl_fd_stencil5_op(tu_ctx, nx, ny, 4, -1, dt, &S));
    lr_band *R = lr_band_stencil5(nx, ny, 4, -1);
    double *b = lr_random(n, -1, 1, 1800 + gi), *xr = lr_alloc(n);
    lr_round(dt, b, n);
    size_t it_cpu = lr_cg(R, b, xr, rtol, 0, n, 0);
    golcl_cg_report r = both(golcl_bandmat_op(A), R, dt, b, rtol, GOLCL_PRECOND_NONE, "band");
    ck_assert_msg(fabs((double)r.iterations - (double)it_cpu) <= 0.1 * (double)it_cpu + 1,
                  "%zux%zu: %zu iterations, cpu %zu", nx, ny, r.iterations, it_cpu);
    both(golcl_stencil_op(S), R, dt, b, rtol, GOLCL_PRECOND_NONE, "stencil");
    both(golcl_stencil_op(S), R, dt, b, rtol, GOLCL_PRECOND_JACOBI, "stencil");
    lr_band_free(R);
    golcl_bandmat_destroy(A);
    golcl_stencil_destroy(S);
    free(b), free(xr);
  }
}
END_TEST

/* A badly scaled SPD band matrix: Jacobi on the band (on the fly) and on CSR (u stored). */
START_TEST(single_jacobi_band_and_csr) {
  golcl_dtype dt = DTYPES[_i];
  const size_t nx = 30, ny = 30, n = nx * ny;
  double *d = lr_random(n, 0, 4, 1001);
  for (size_t i = 0; i < n; i++) d[i] = 4.0 + pow(10.0, d[i]);
  ptrdiff_t offs[5] = {-(ptrdiff_t)nx, -1, 0, 1, (ptrdiff_t)nx};
  lr_band *R = lr_band_stencil5(nx, ny, 0, -1);
  memcpy(R->diag[2], d, n * sizeof *d);
  golcl_bandmat *A;
  TU_OK(golcl_bandmat_create(tu_ctx, n, 5, offs, dt, &A));
  for (int k = 0; k < 5; k++) {
    lr_round(dt, R->diag[k], n);
    lr_set_diag(A, dt, offs[k], R->diag[k]);
  }
  /* the same matrix as CSR, from the band's rows */
  size_t *rp = calloc(n + 1, sizeof *rp), *ci = calloc(5 * n, sizeof *ci), nnz = 0;
  double *v = lr_alloc(5 * n);
  for (size_t i = 0; i < n; i++) {
    for (int k = 0; k < 5; k++)
      if (lr_inside(n, i, offs[k]) && R->diag[k][i] != 0) {
        ci[nnz] = (size_t)((ptrdiff_t)i + offs[k]);
        v[nnz++] = R->diag[k][i];
      }
    rp[i + 1] = nnz;
  }
  void *vd = lr_to_dtype(dt, v, nnz);
  golcl_csrmat *M;
  TU_OK(golcl_csrmat_create(tu_ctx, n, n, rp, ci, vd, dt, &M));
  double *b = lr_random(n, -1, 1, 1002);
  lr_round(dt, b, n);
  const double rtol = dt == GOLCL_F32 ? 1e-4 : 1e-8;
  for (int p = 0; p < 2; p++) {
    golcl_precond pc = p ? GOLCL_PRECOND_JACOBI : GOLCL_PRECOND_NONE;
    both(golcl_bandmat_op(A), R, dt, b, rtol, pc, "band");
    both(golcl_csrmat_op(M), R, dt, b, rtol, pc, "csr");
  }
  lr_band_free(R);
  golcl_bandmat_destroy(A);
  golcl_csrmat_destroy(M);
  free(d), free(b), free(rp), free(ci), free(v), free(vd);
}
END_TEST

/* b = 0, a guess that solves, breakdown on a negative definite matrix, and the refusals. */
START_TEST(single_edges_and_refusals) {
  golcl_dtype dt = DTYPES[_i];
  const size_t n = 100;
  golcl_bandmat *A, *N;
  TU_OK(golcl_fd_stencil5(tu_ctx, 10, 10, 4, -1, dt, &A));
  TU_OK(golcl_fd_stencil5(tu_ctx, 10, 10, -4, 1, dt, &N));
  golcl_vec *vb = lr_vec(dt, n, NULL), *vx = lr_vec(dt, n, NULL);
  golcl_cg_opts o = {.method = GOLCL_CG_SINGLE_REDUCTION};
  golcl_cg_report rep;
  TU_OK(golcl_vec_fill(vx, 3.0));
  TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
  ck_assert(rep.converged && rep.iterations == 0 && rep.stop == GOLCL_CG_ZERO_RHS);
  TU_OK(golcl_vec_fill(vx, 1.0));
  TU_OK(golcl_bandmat_mv(A, vx, NULL, vb));
  TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
  ck_assert(rep.converged && rep.iterations == 0);
  TU_OK(golcl_vec_fill(vx, 0.0));
  TU_OK(golcl_cg_solve(N, vb, vx, &o, &rep));
  ck_assert_msg(!rep.converged && rep.stop == GOLCL_CG_BREAKDOWN, "stop %d after %zu",
                (int)rep.stop, rep.iterations);
  o.method = (golcl_cg_method)7;
  ck_assert_int_eq(golcl_cg_solve(A, vb, vx, &o, &rep), GOLCL_E_INVALID_ARG);
  golcl_stencil *S;
  TU_OK(golcl_fd_stencil5_op(tu_ctx, 10, 10, 4, -1, dt, &S));
  golcl_cg_opts m = {.method = GOLCL_CG_SINGLE_REDUCTION, .precond = GOLCL_PRECOND_MG};
  ck_assert_int_eq(golcl_cg_solve_op(golcl_stencil_op(S), vb, vx, &m, &rep), GOLCL_E_INVALID_ARG);
  golcl_stencil_destroy(S);
  golcl_bandmat_destroy(A);
  golcl_bandmat_destroy(N);
  golcl_vec_destroy(vb);
  golcl_vec_destroy(vx);
}
END_TEST

static Suite *cgs_suite(void) {
  Suite *s = suite_create("la_cgs");
  TCase *c = tcase_create("single_reduction");
  tcase_add_loop_test(c, single_poisson_band_and_stencil, 0, 2);
  tcase_add_loop_test(c, single_jacobi_band_and_csr, 0, 2);
  tcase_add_loop_test(c, single_edges_and_refusals, 0, 2);
  suite_add_tcase(s, c);
  return s;
}

int main(void) { return tu_main(cgs_suite()); }
