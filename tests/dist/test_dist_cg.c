/* test_dist_cg.c — distributed vectors, band matrices and CG under mpirun (1..4 ranks) against
 * one device: products and dot products, the Poisson solve (f32 within 1e-5 relative of the
 * single-device golcl_cg_solve, f64 closer, the same iteration count), the same bits twice for
 * the same rank count and with r's halo (general or fused kernels) or p's (the general path),
 * Jacobi, the wave matrices, and failures seen by one rank. */
#include "mpitest.h"

#include <math.h>

/* A distributed vector and its whole on rank 0, from a formula (doubles, cast to the dtype). */
static golcl_dist_vec *make_vec(size_t n, golcl_dtype t, double (*f)(size_t), double **whole) {
  golcl_dist_vec *v = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, t, &v));
  if (!v) return NULL;
  size_t lo, cnt;
  golcl_dist_vec_range(v, &lo, &cnt);
  size_t es = golcl_dtype_size(t);
  char *mine = malloc(cnt * es + 1);
  for (size_t i = 0; i < cnt; i++) {
    if (t == GOLCL_F32)
      ((float *)mine)[i] = (float)f(lo + i);
    else
      ((double *)mine)[i] = f(lo + i);
  }
  MT_OK(golcl_dist_vec_write_local(v, mine));
  free(mine);
  if (whole) {
    *whole = malloc(n * sizeof **whole);
    for (size_t i = 0; i < n; i++) (*whole)[i] = t == GOLCL_F32 ? (double)(float)f(i) : f(i);
  }
  return v;
}

static double f_rhs(size_t i) { return sin(0.37 * (double)i) + 0.5; }
static double f_x(size_t i) { return cos(0.11 * (double)i) - 0.25 * (double)(i % 7); }

/* The gathered vector as doubles on rank 0 (NULL elsewhere). */
static double *gather(golcl_dist_vec *v) {
  size_t n = golcl_dist_vec_size(v), lo, cnt;
  golcl_dist_vec_range(v, &lo, &cnt);
  golcl_dtype t = golcl_vec_dtype(golcl_dist_vec_local(v));
  if (!golcl_dist_vec_local(v)) t = GOLCL_F32;
  int is64 = t == GOLCL_F64, any64 = 0;
  MPI_Allreduce(&is64, &any64, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  size_t es = any64 ? 8 : 4;
  void *raw = mt_rank == 0 ? malloc(n * es) : NULL;
  MT_OK(golcl_dist_vec_gather(v, 0, raw));
  double *out = NULL;
  if (mt_rank == 0) {
    out = malloc(n * sizeof *out);
    for (size_t i = 0; i < n; i++) out[i] = any64 ? ((double *)raw)[i] : ((float *)raw)[i];
  }
  free(raw);
  return out;
}

/* One device's vector as doubles. */
static double *one_read(golcl_vec *v) {
  size_t n = golcl_vec_size(v);
  double *out = malloc(n * sizeof *out);
  if (golcl_vec_dtype(v) == GOLCL_F64) {
    golcl_vec_read(v, 0, n, out);
  } else {
    float *f = malloc(n * sizeof *f);
    golcl_vec_read(v, 0, n, f);
    for (size_t i = 0; i < n; i++) out[i] = f[i];
    free(f);
  }
  return out;
}

static golcl_vec *one_vec(size_t n, golcl_dtype t, double (*f)(size_t)) {
  size_t es = golcl_dtype_size(t);
  char *h = malloc(n * es);
  for (size_t i = 0; i < n; i++) {
    if (t == GOLCL_F32)
      ((float *)h)[i] = (float)f(i);
    else
      ((double *)h)[i] = f(i);
  }
  golcl_vec *v = NULL;
  golcl_vec_create(golcl_dist_context_local(mt_dctx), n, t, h, &v);
  free(h);
  return v;
}

static double rel_diff(const double *a, const double *b, size_t n) {
  double num = 0, den = 0;
  for (size_t i = 0; i < n; i++) {
    num += (a[i] - b[i]) * (a[i] - b[i]);
    den += b[i] * b[i];
  }
  return den > 0 ? sqrt(num / den) : sqrt(num);
}

static const size_t grids[][2] = {{1, 1}, {7, 5}, {37, 29}, {64, 48}};

/* mv and dot against one device, f32, every size (the product and the partial sums are the
 * same arithmetic row by row; the sum over ranks differs only in its order). */
static void test_mv_dot(void) {
  for (size_t g = 0; g < 4; g++) {
    size_t nx = grids[g][0], ny = grids[g][1], n = nx * ny;
    golcl_dist_bandmat *A = NULL;
    MT_OK(golcl_dist_fd_stencil5(mt_dctx, nx, ny, 4, -1, GOLCL_F32, &A));
    golcl_dist_vec *x = make_vec(n, GOLCL_F32, f_x, NULL), *y = make_vec(n, GOLCL_F32, f_rhs, NULL);
    golcl_dist_vec *o = NULL;
    MT_OK(golcl_dist_vec_create(mt_dctx, n, GOLCL_F32, &o));
    MT_OK(golcl_dist_bandmat_mv(A, x, y, o));
    double *got = gather(o);
    golcl_bandmat *A1 = NULL;
    golcl_vec *x1 = one_vec(n, GOLCL_F32, f_x), *y1 = one_vec(n, GOLCL_F32, f_rhs), *o1 = NULL;
    golcl_context *ctx = golcl_dist_context_local(mt_dctx);
    golcl_fd_stencil5(ctx, nx, ny, 4, -1, GOLCL_F32, &A1);
    golcl_vec_create(ctx, n, GOLCL_F32, NULL, &o1);
    golcl_bandmat_mv(A1, x1, y1, o1);
    double *want = one_read(o1);
    if (mt_rank == 0)
      MT_CHECK(rel_diff(got, want, n) <= 1e-6, "%zux%zu mv differs by %g", nx, ny,
               rel_diff(got, want, n));
    /* out may be y */
    MT_OK(golcl_dist_bandmat_mv(A, x, y, y));
    free(got);
    got = gather(y);
    if (mt_rank == 0) MT_CHECK(rel_diff(got, want, n) <= 1e-6, "mv into y");
    double dd = 0, d1 = 0;
    MT_OK(golcl_dist_vec_dot(x, y, &dd));
    golcl_vec_dot(x1, o1, &d1);
    MT_CHECK(fabs(dd - d1) <= 1e-5 * fabs(d1) + 1e-6, "dot %g, want %g", dd, d1);
    MT_STATUS(golcl_dist_bandmat_mv(A, x, NULL, x), GOLCL_E_INVALID_ARG);
    free(got);
    free(want);
    golcl_dist_vec_destroy(x);
    golcl_dist_vec_destroy(y);
    golcl_dist_vec_destroy(o);
    golcl_dist_bandmat_destroy(A);
    golcl_bandmat_destroy(A1);
    golcl_vec_destroy(x1);
    golcl_vec_destroy(y1);
    golcl_vec_destroy(o1);
  }
}

/* The stated margin of the single reduction's iteration count against the standard CG's (the
 * same as tests/test_la_cgs.c). */
#define CGS_MARGIN_REL 0.05
#define CGS_MARGIN_ABS 2

/* One solve with opts o; x gathered on rank 0 (NULL elsewhere). */
static double *solve_gather(golcl_dist_bandmat *A, golcl_dist_vec *b, size_t n, golcl_dtype t,
                            const golcl_cg_opts *o, golcl_cg_report *rep) {
  golcl_dist_vec *x = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, t, &x));
  MT_OK(golcl_dist_cg_solve(A, b, x, o, rep));
  double *got = gather(x);
  golcl_dist_vec_destroy(x);
  return got;
}

/* GOLCL_CG_SINGLE_REDUCTION on the same system (o, rep0, x0: the standard solve's): one round
 * an iteration (the sums and w's halo together) where there is no preconditioner. Its count
 * within the margin of the standard CG's; the true residual (recomputed on the devices) within
 * rtol; the same bits twice, with the reduce and the exchange of w as two calls
 * (GOLCL_DIST_CG_SPLIT) and with the exchange completed before S (GOLCL_LA_CG_OVERLAP=0); x
 * within `within` of the standard solve's. */
static void single_case(golcl_dist_bandmat *A, golcl_dist_vec *b, size_t n, golcl_dtype t,
                        const golcl_cg_opts *o0, const golcl_cg_report *rep0, const double *x0,
                        double within) {
  golcl_cg_opts o = *o0;
  o.method = GOLCL_CG_SINGLE_REDUCTION;
  golcl_cg_report r1 = {0}, r2 = {0}, r3 = {0};
  double *x1 = solve_gather(A, b, n, t, &o, &r1);
  MT_CHECK(r1.converged && r1.rel_residual <= o.rtol, "single: converged %d, residual %g",
           r1.converged, r1.rel_residual);
  MT_CHECK(fabs((double)r1.iterations - (double)rep0->iterations) <=
               CGS_MARGIN_REL * (double)rep0->iterations + CGS_MARGIN_ABS,
           "single: %zu iterations, standard %zu", r1.iterations, rep0->iterations);
  /* one round an iteration: capped solves of 4 and 9 iterations (exactly as many queued)
   * differ by 5 rounds (by 10 for the standard CG) */
  if (mt_size > 1 && o.precond == GOLCL_PRECOND_NONE && r1.iterations > 9) {
    unsigned long long rounds[2];
    for (int k = 0; k < 2; k++) {
      golcl_cg_opts oc = o;
      oc.max_iter = k ? 9 : 4;
      golcl_cg_report rc = {0};
      golcl_dist_cg_stats st;
      MT_OK(golcl_dist_cg_stats_get(mt_dctx, NULL, 1));
      free(solve_gather(A, b, n, t, &oc, &rc));
      MT_OK(golcl_dist_cg_stats_get(mt_dctx, &st, 1));
      MT_CHECK(rc.iterations == oc.max_iter, "capped at %zu: %zu", oc.max_iter, rc.iterations);
      rounds[k] = (unsigned long long)st.rounds;
    }
    MT_CHECK(rounds[1] - rounds[0] == 5, "single: %llu rounds for 4 iterations, %llu for 9",
             rounds[0], rounds[1]);
  }
  double *x2 = solve_gather(A, b, n, t, &o, &r2);
  setenv("GOLCL_DIST_CG_SPLIT", "1", 1);
  double *x3 = solve_gather(A, b, n, t, &o, &r3);
  unsetenv("GOLCL_DIST_CG_SPLIT");
  setenv("GOLCL_LA_CG_OVERLAP", "0", 1);
  golcl_cg_report r4 = {0};
  double *x4 = solve_gather(A, b, n, t, &o, &r4);
  unsetenv("GOLCL_LA_CG_OVERLAP");
  MT_CHECK(r2.iterations == r1.iterations && r3.iterations == r1.iterations &&
               r4.iterations == r1.iterations,
           "single: %zu, %zu, %zu, %zu iterations", r1.iterations, r2.iterations, r3.iterations,
           r4.iterations);
  /* GOLCL_DIST_CG_AUTO: the single reduction on P > 1 ranks, the standard CG on one */
  golcl_cg_opts oa = o;
  oa.method = GOLCL_DIST_CG_AUTO;
  golcl_cg_report ra = {0};
  double *xa = solve_gather(A, b, n, t, &oa, &ra);
  MT_CHECK(ra.iterations == (mt_size > 1 ? r1.iterations : rep0->iterations),
           "auto: %zu iterations (single %zu, standard %zu)", ra.iterations, r1.iterations,
           rep0->iterations);
  if (mt_rank == 0 && xa)
    MT_CHECK(memcmp(xa, mt_size > 1 ? x1 : x0, n * sizeof *x1) == 0,
             "auto: not the bits of the %s solve", mt_size > 1 ? "single-reduction" : "standard");
  free(xa);
  if (mt_rank == 0) {
    MT_CHECK(memcmp(x1, x2, n * sizeof *x1) == 0, "single: not the same bits twice");
    MT_CHECK(memcmp(x1, x3, n * sizeof *x1) == 0, "single: split hooks differ");
    MT_CHECK(memcmp(x1, x4, n * sizeof *x1) == 0, "single: without the overlap, not the same");
    MT_CHECK(rel_diff(x1, x0, n) <= within, "single: differs from the standard CG by %g",
             rel_diff(x1, x0, n));
  }
  free(x1);
  free(x2);
  free(x3);
  free(x4);
}

/* The Poisson solve against golcl_cg_solve on one device. */
static void solve_case(size_t nx, size_t ny, golcl_dtype t, golcl_precond pc, double center,
                       double neighbour, double rtol, double within) {
  size_t n = nx * ny;
  golcl_dist_bandmat *A = NULL;
  MT_OK(golcl_dist_fd_stencil5(mt_dctx, nx, ny, center, neighbour, t, &A));
  golcl_dist_vec *b = make_vec(n, t, f_rhs, NULL), *x = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, t, &x));
  golcl_cg_opts o = {0};
  o.rtol = rtol;
  o.precond = pc;
  golcl_cg_report rep = {0}, rep1 = {0};
  MT_OK(golcl_dist_cg_solve(A, b, x, &o, &rep));
  MT_CHECK(rep.converged, "%zux%zu: not converged (%zu iterations, %g)", nx, ny, rep.iterations,
           rep.rel_residual);
  MT_CHECK(rep.rel_residual <= rtol, "residual %g", rep.rel_residual);
  double *got = gather(x);
  /* the same bits a second time */
  golcl_dist_vec *x2 = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, t, &x2));
  golcl_cg_report rep2 = {0};
  MT_OK(golcl_dist_cg_solve(A, b, x2, &o, &rep2));
  double *again = gather(x2);
  if (mt_rank == 0) MT_CHECK(memcmp(got, again, n * sizeof *got) == 0, "not the same bits twice");
  MT_CHECK(rep2.iterations == rep.iterations, "iterations %zu then %zu", rep.iterations,
           rep2.iterations);
  /* one device */
  golcl_context *ctx = golcl_dist_context_local(mt_dctx);
  golcl_bandmat *A1 = NULL;
  golcl_vec *b1 = one_vec(n, t, f_rhs), *x1 = NULL;
  golcl_fd_stencil5(ctx, nx, ny, center, neighbour, t, &A1);
  golcl_vec_create(ctx, n, t, NULL, &x1);
  MT_CHECK(golcl_cg_solve(A1, b1, x1, &o, &rep1) == GOLCL_OK && rep1.converged,
           "%zux%zu on one device: not converged (%g)", nx, ny, rep1.rel_residual);
  double *want = one_read(x1);
  if (mt_rank == 0)
    MT_CHECK(rel_diff(got, want, n) <= within, "%zux%zu %s: differs from one device by %g", nx, ny,
             t == GOLCL_F32 ? "f32" : "f64", rel_diff(got, want, n));
  /* Without a preconditioner golcl_cg runs with the halo of r exchanged (golcl_cg_set_rows:
   * two rounds an iteration, p formed on the halo rows); GOLCL_DIST_CG_GENERAL=1 forces the
   * general path (p exchanged before the operator, three rounds), whose products and sums are
   * the same row by row: the same bits and the same iterations. Against one device only the
   * order of the sums over groups differs: the same iteration count on these systems. */
  setenv("GOLCL_DIST_CG_GENERAL", "1", 1);
  golcl_cg_report rep3 = {0};
  golcl_dist_vec *x3 = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, t, &x3));
  MT_OK(golcl_dist_cg_solve(A, b, x3, &o, &rep3));
  unsetenv("GOLCL_DIST_CG_GENERAL");
  double *gen = gather(x3);
  golcl_dist_vec_destroy(x3);
  MT_CHECK(rep3.iterations == rep.iterations, "%zux%zu: %zu iterations, %zu on the general path",
           nx, ny, rep.iterations, rep3.iterations);
  if (mt_rank == 0)
    MT_CHECK(memcmp(got, gen, n * sizeof *got) == 0, "%zux%zu: not the general path's bits (%g)",
             nx, ny, rel_diff(got, gen, n));
  MT_CHECK(rep.iterations == rep1.iterations, "%zux%zu: %zu iterations, %zu on one device", nx, ny,
           rep.iterations, rep1.iterations);
  /* GOLCL_LA_CG_HALO_KERNELS=fused: the halo of r with the fused kernels: the same bits */
  setenv("GOLCL_LA_CG_HALO_KERNELS", "fused", 1);
  golcl_cg_report rep4 = {0};
  golcl_dist_vec *x4 = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, t, &x4));
  MT_OK(golcl_dist_cg_solve(A, b, x4, &o, &rep4));
  unsetenv("GOLCL_LA_CG_HALO_KERNELS");
  free(gen);
  gen = gather(x4);
  golcl_dist_vec_destroy(x4);
  MT_CHECK(rep4.iterations == rep.iterations,
           "%zux%zu: %zu iterations, %zu with the fused "
           "kernels and the halo",
           nx, ny, rep.iterations, rep4.iterations);
  if (mt_rank == 0)
    MT_CHECK(memcmp(got, gen, n * sizeof *got) == 0,
             "%zux%zu: the fused kernels with the halo differ (%g)", nx, ny, rel_diff(got, gen, n));
  free(gen);
  single_case(A, b, n, t, &o, &rep, got, within);
  free(got);
  free(again);
  free(want);
  golcl_dist_vec_destroy(b);
  golcl_dist_vec_destroy(x);
  golcl_dist_vec_destroy(x2);
  golcl_dist_bandmat_destroy(A);
  golcl_bandmat_destroy(A1);
  golcl_vec_destroy(b1);
  golcl_vec_destroy(x1);
}

/* f32: the Poisson matrix −Δ on grids where single precision reaches rtol 1e-5 (at 37×29
 * golcl_cg_solve itself stops at 2.7e-5 in f32; f64 covers that size), and the screened
 * Poisson matrix I − Δ (center 5) on every size at 1e-6. */
static void test_poisson_f32(void) {
  for (size_t g = 0; g < 2; g++)
    solve_case(grids[g][0], grids[g][1], GOLCL_F32, GOLCL_PRECOND_NONE, 4, -1, 1e-5, 1e-5);
  for (size_t g = 0; g < 4; g++)
    solve_case(grids[g][0], grids[g][1], GOLCL_F32, GOLCL_PRECOND_NONE, 5, -1, 1e-6, 1e-5);
}

static void test_poisson_f64_jacobi(void) {
  golcl_device_info info;
  golcl_context_device_info(golcl_dist_context_local(mt_dctx), &info);
  int fp64 = info.fp64, all = 0;
  MPI_Allreduce(&fp64, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all) solve_case(37, 29, GOLCL_F64, GOLCL_PRECOND_NONE, 4, -1, 1e-12, 1e-10);
  solve_case(37, 29, GOLCL_F32, GOLCL_PRECOND_JACOBI, 1 + 4 * 0.3, -0.3, 1e-5, 1e-5);
}

/* The wave matrices: M·x against one device. */
static void test_wave(void) {
  size_t nx = 23, ny = 17, n = nx * ny;
  golcl_dist_bandmat *A = NULL, *M = NULL;
  MT_OK(golcl_dist_fd_wave_cn(mt_dctx, nx, ny, 0.25, GOLCL_F32, &A, &M));
  golcl_dist_vec *x = make_vec(n, GOLCL_F32, f_x, NULL), *o = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, n, GOLCL_F32, &o));
  MT_OK(golcl_dist_bandmat_mv(M, x, NULL, o));
  double *got = gather(o);
  golcl_bandmat *A1 = NULL, *M1 = NULL;
  golcl_vec *x1 = one_vec(n, GOLCL_F32, f_x), *o1 = NULL;
  golcl_context *ctx = golcl_dist_context_local(mt_dctx);
  golcl_fd_wave_cn(ctx, nx, ny, 0.25, GOLCL_F32, &A1, &M1);
  golcl_vec_create(ctx, n, GOLCL_F32, NULL, &o1);
  golcl_bandmat_mv(M1, x1, NULL, o1);
  double *want = one_read(o1);
  if (mt_rank == 0) MT_CHECK(rel_diff(got, want, n) <= 1e-6, "wave M·x");
  golcl_dist_bandmat *A2 = NULL, *M2 = NULL;
  MT_STATUS(golcl_dist_fd_wave_cn(mt_dctx, nx, ny, -1, GOLCL_F32, &A2, &M2), GOLCL_E_INVALID_ARG);
  MT_CHECK(A2 == NULL && M2 == NULL, "no matrices on failure");
  golcl_dist_bandmat_destroy(A);
  golcl_dist_bandmat_destroy(M);
  free(got);
  free(want);
  golcl_dist_vec_destroy(x);
  golcl_dist_vec_destroy(o);
  golcl_bandmat_destroy(A1);
  golcl_bandmat_destroy(M1);
  golcl_vec_destroy(x1);
  golcl_vec_destroy(o1);
}

static void test_errors(void) {
  int odd = mt_size - 1;
  golcl_dist_vec *v = NULL, *w = NULL;
  MT_STATUS(golcl_dist_vec_create(mt_dctx, mt_rank == odd ? 0 : 10, GOLCL_F32, &v),
            GOLCL_E_INVALID_ARG);
  MT_CHECK(v == NULL, "no vector on failure");
  MT_STATUS(golcl_dist_vec_create(mt_dctx, 10, GOLCL_F32, mt_rank == odd ? NULL : &v),
            GOLCL_E_INVALID_ARG);
  MT_OK(golcl_dist_vec_create(mt_dctx, 10, GOLCL_F32, &v));
  MT_OK(golcl_dist_vec_create(mt_dctx, 11, GOLCL_F32, &w));
  double dd;
  MT_STATUS(golcl_dist_vec_dot(v, w, &dd), GOLCL_E_MISMATCH);
  MT_STATUS(golcl_dist_vec_dot(v, v, mt_rank == odd ? NULL : &dd), GOLCL_E_INVALID_ARG);
  golcl_dist_bandmat *A = NULL;
  MT_OK(golcl_dist_fd_stencil5(mt_dctx, 5, 2, 4, -1, GOLCL_F32, &A));
  golcl_cg_report rep;
  MT_STATUS(golcl_dist_cg_solve(A, v, v, NULL, &rep), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_cg_solve(A, w, w, NULL, &rep), GOLCL_E_INVALID_ARG);
  golcl_cg_opts o = {0};
  o.rtol = mt_rank == odd ? -1 : 1e-6;
  golcl_dist_vec *x = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, 10, GOLCL_F32, &x));
  MT_STATUS(golcl_dist_cg_solve(A, v, x, &o, &rep), GOLCL_E_INVALID_ARG);
  /* a refusal inside the solve on one rank only (history_cap without history: golcl_cg_run's
   * own check) reaches every rank at its first hook; the ranks stay in step */
  golcl_dist_bandmat *P = NULL;
  MT_OK(golcl_dist_fd_stencil5(mt_dctx, 7, 5, 4, -1, GOLCL_F32, &P));
  golcl_dist_vec *pb = make_vec(35, GOLCL_F32, f_rhs, NULL), *px = NULL;
  MT_OK(golcl_dist_vec_create(mt_dctx, 35, GOLCL_F32, &px));
  double hist[8];
  golcl_cg_opts ho = {0};
  ho.rtol = 1e-5;
  ho.history = mt_rank == odd ? NULL : hist;
  ho.history_cap = 8;
  MT_STATUS(golcl_dist_cg_solve(P, pb, px, &ho, &rep), GOLCL_E_INVALID_ARG);
  char msg[32];
  snprintf(msg, sizeof msg, "rank %d:", odd);
  MT_CHECK(strncmp(golcl_dist_errmsg(mt_dctx), msg, strlen(msg)) == 0, "message '%s'",
           golcl_dist_errmsg(mt_dctx));
  /* the same with the single reduction */
  ho.method = GOLCL_CG_SINGLE_REDUCTION;
  MT_STATUS(golcl_dist_cg_solve(P, pb, px, &ho, &rep), GOLCL_E_INVALID_ARG);
  MT_CHECK(strncmp(golcl_dist_errmsg(mt_dctx), msg, strlen(msg)) == 0, "message '%s'",
           golcl_dist_errmsg(mt_dctx));
  ho.method = GOLCL_CG_STANDARD;
  ho.history = hist;
  MT_OK(golcl_dist_cg_solve(P, pb, px, &ho, &rep));
  MT_CHECK(rep.converged && rep.history_len == 8 && hist[0] == 1.0, "after the refusal: %d %zu %g",
           rep.converged, rep.history_len, hist[0]);
  golcl_dist_vec_destroy(pb);
  golcl_dist_vec_destroy(px);
  golcl_dist_bandmat_destroy(P);
  /* b = 0: x = 0, converged at once */
  MT_OK(golcl_dist_cg_solve(A, v, x, NULL, &rep));
  MT_CHECK(rep.iterations == 0 && rep.converged && rep.rel_residual == 0, "b = 0");
  const ptrdiff_t rep_off[] = {0, 1, 1};
  golcl_dist_bandmat *B = NULL;
  MT_STATUS(golcl_dist_bandmat_create(mt_dctx, 10, 3, rep_off, GOLCL_F32, &B), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_bandmat_set_diag(A, 3, NULL), GOLCL_E_INVALID_ARG);
  /* an allocation limit on one rank */
  golcl_dist_context *d = NULL;
  golcl_dist_context_opts co = {0};
  co.device = mt_device();
  co.max_object_bytes = mt_rank == odd ? 64 : 0;
  MT_OK(golcl_dist_context_create(MPI_COMM_WORLD, &co, &d));
  golcl_dist_vec *big = NULL;
  golcl_status s = golcl_dist_vec_create(d, 1000, GOLCL_F32, &big);
  MT_CHECK(s == GOLCL_E_OUT_OF_MEMORY && big == NULL, "one rank's limit: %s", golcl_strerror(s));
  golcl_dist_bandmat *C = NULL;
  s = golcl_dist_fd_stencil5(d, 40, 30, 4, -1, GOLCL_F32, &C);
  MT_CHECK(s == GOLCL_E_OUT_OF_MEMORY && C == NULL, "one rank's limit (matrix): %s",
           golcl_strerror(s));
  golcl_dist_context_destroy(d);
  golcl_dist_bandmat_destroy(A);
  golcl_dist_vec_destroy(v);
  golcl_dist_vec_destroy(w);
  golcl_dist_vec_destroy(x);
}

int main(int argc, char **argv) {
  if (mt_init(&argc, &argv, "test_dist_cg")) return 1;
  mt_run("mv_dot", test_mv_dot);
  mt_run("poisson_f32", test_poisson_f32);
  mt_run("poisson_f64_jacobi", test_poisson_f64_jacobi);
  mt_run("wave", test_wave);
  mt_run("errors", test_errors);
  return mt_finish();
}
