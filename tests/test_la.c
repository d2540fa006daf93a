/* test_la.c — the linear-algebra module against a CPU reference in double:
 * vectors (axpby with aliasing, mul, dot, nrm2), band and dense products,
 * finite-difference matrices, CG and Jacobi-PCG (iteration counts against a
 * CPU CG, honest failure reports), determinism. Invalid arguments are in
 * test_la_args.c; the CPU reference is in test_la_ref.h. */
#include "test_la_ref.h"

#include <math.h>
#include <string.h>

static const golcl_dtype DTYPES[2] = {GOLCL_F32, GOLCL_F64};
static const size_t SIZES[] = {1, 7, 1000, 1000003};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])

/* ------------------------------------------------------------------ vectors */

START_TEST(axpby_matches_reference_with_aliasing) {
  golcl_dtype dt = DTYPES[_i];
  for (size_t si = 0; si < NSIZES; si++) {
    size_t n = SIZES[si];
    double *x = lr_random(n, -1, 1, 11 + si), *y = lr_random(n, -2, 2, 23 + si);
    double *ref = lr_alloc(n), *got = lr_alloc(n);
    golcl_vec *vx = lr_vec(dt, n, x), *vy = lr_vec(dt, n, y), *vz = lr_vec(dt, n, NULL);
    const double a = 1.75, b = -0.375;
    /* lr_vec rounded x and y to the dtype; the reference uses the rounded values */
    lr_read(vx, x);
    lr_read(vy, y);
    for (size_t i = 0; i < n; i++) ref[i] = a * x[i] + b * y[i];
    TU_OK(golcl_vec_axpby(a, vx, b, vy, vz));
    lr_read(vz, got);
    lr_check_close(got, ref, n, dt, 2, "axpby");
    /* z = x (y NULL): a·x */
    for (size_t i = 0; i < n; i++) ref[i] = a * x[i];
    TU_OK(golcl_vec_axpby(a, vx, 99.0, NULL, vz));
    lr_read(vz, got);
    lr_check_close(got, ref, n, dt, 1, "scale");
    /* aliasing: y = a·x + b·y, then x = a·x + b·x */
    for (size_t i = 0; i < n; i++) ref[i] = a * x[i] + b * y[i];
    TU_OK(golcl_vec_axpby(a, vx, b, vy, vy));
    lr_read(vy, got);
    lr_check_close(got, ref, n, dt, 2, "axpby z=y");
    for (size_t i = 0; i < n; i++) ref[i] = a * x[i] + b * x[i];
    TU_OK(golcl_vec_axpby(a, vx, b, vx, vx));
    lr_read(vx, got);
    lr_check_close(got, ref, n, dt, 2, "axpby z=x=y");
    golcl_vec_destroy(vx);
    golcl_vec_destroy(vy);
    golcl_vec_destroy(vz);
    free(x);
    free(y);
    free(ref);
    free(got);
  }
}
END_TEST

START_TEST(mul_matches_reference_with_aliasing) {
  golcl_dtype dt = DTYPES[_i];
  for (size_t si = 0; si < NSIZES; si++) {
    size_t n = SIZES[si];
    double *x = lr_random(n, -3, 3, 5 + si), *y = lr_random(n, -1, 1, 7 + si);
    double *ref = lr_alloc(n), *got = lr_alloc(n);
    golcl_vec *vx = lr_vec(dt, n, x), *vy = lr_vec(dt, n, y), *vz = lr_vec(dt, n, NULL);
    lr_read(vx, x);
    lr_read(vy, y);
    for (size_t i = 0; i < n; i++) ref[i] = x[i] * y[i];
    TU_OK(golcl_vec_mul(vx, vy, vz));
    lr_read(vz, got);
    lr_check_close(got, ref, n, dt, 1, "mul");
    TU_OK(golcl_vec_mul(vx, vy, vx));
    lr_read(vx, got);
    lr_check_close(got, ref, n, dt, 1, "mul z=x");
    golcl_vec_destroy(vx);
    golcl_vec_destroy(vy);
    golcl_vec_destroy(vz);
    free(x);
    free(y);
    free(ref);
    free(got);
  }
}
END_TEST

START_TEST(dot_and_nrm2_match_reference) {
  golcl_dtype dt = DTYPES[_i];
  const double tol = dt == GOLCL_F32 ? 2e-5 : 1e-12;
  for (size_t si = 0; si < NSIZES; si++) {
    size_t n = SIZES[si];
    double *x = lr_random(n, -1, 1, 31 + si), *y = lr_random(n, -1, 1, 37 + si);
    golcl_vec *vx = lr_vec(dt, n, x), *vy = lr_vec(dt, n, y);
    lr_read(vx, x);
    lr_read(vy, y);
    double dot = 0, absdot = 0, ss = 0;
    for (size_t i = 0; i < n; i++) {
      dot += x[i] * y[i];
      absdot += fabs(x[i] * y[i]);
      ss += x[i] * x[i];
    }
    double got;
    TU_OK(golcl_vec_dot(vx, vy, &got));
    ck_assert_msg(fabs(got - dot) <= tol * absdot + 1e-300, "dot n=%zu: %.17g vs %.17g", n, got,
                  dot);
    TU_OK(golcl_vec_nrm2(vx, &got));
    ck_assert_msg(fabs(got - sqrt(ss)) <= tol * sqrt(ss), "nrm2 n=%zu: %.17g vs %.17g", n, got,
                  sqrt(ss));
    /* dot_to leaves the result on the device, here in y[0] */
    TU_OK(golcl_vec_dot_to(vx, vy, vy, 0));
    double y0;
    lr_read_range(vy, 0, 1, &y0);
    ck_assert_msg(fabs(y0 - dot) <= tol * absdot + 1e-300, "dot_to n=%zu: %.17g vs %.17g", n, y0,
                  dot);
    golcl_vec_destroy(vx);
    golcl_vec_destroy(vy);
    free(x);
    free(y);
  }
}
END_TEST

/* Squares of these overflow or underflow the dtype; the norm does not. */
START_TEST(nrm2_scales_against_overflow_and_underflow) {
  golcl_dtype dt = DTYPES[_i];
  const double big = dt == GOLCL_F32 ? 1e30 : 1e300, small = dt == GOLCL_F32 ? 1e-30 : 1e-300;
  const double scales[2] = {big, small};
  const size_t n = 1000;
  for (int s = 0; s < 2; s++) {
    double *x = lr_random(n, -1, 1, 41 + s);
    for (size_t i = 0; i < n; i++) x[i] *= scales[s];
    golcl_vec *v = lr_vec(dt, n, x);
    lr_read(v, x);
    double ss = 0;
    for (size_t i = 0; i < n; i++) ss += (x[i] / scales[s]) * (x[i] / scales[s]);
    double want = sqrt(ss) * scales[s], got;
    TU_OK(golcl_vec_nrm2(v, &got));
    ck_assert_msg(isfinite(got) && fabs(got - want) <= 1e-5 * want, "nrm2 scale %g: %g vs %g",
                  scales[s], got, want);
    golcl_vec_destroy(v);
    free(x);
  }
  /* NaN propagates; zeros give 0 */
  golcl_vec *z = lr_vec(dt, 5, NULL);
  double got = 1;
  TU_OK(golcl_vec_nrm2(z, &got));
  ck_assert(got == 0);
  TU_OK(golcl_vec_fill(z, NAN));
  TU_OK(golcl_vec_nrm2(z, &got));
  ck_assert(isnan(got));
  golcl_vec_destroy(z);
}
END_TEST

START_TEST(write_read_fill_copy) {
  golcl_dtype dt = DTYPES[_i];
  const size_t n = 1000;
  double *x = lr_random(n, -1, 1, 3), *got = lr_alloc(n);
  golcl_vec *v = lr_vec(dt, n, x), *w = lr_vec(dt, n, NULL);
  lr_read(v, x);
  lr_read(w, got);
  for (size_t i = 0; i < n; i++) ck_assert(got[i] == 0); /* NULL init: zeros */
  TU_OK(golcl_vec_fill(w, 2.5));
  lr_read(w, got);
  for (size_t i = 0; i < n; i++) ck_assert(got[i] == 2.5);
  TU_OK(golcl_vec_copy(v, w));
  lr_read(w, got);
  for (size_t i = 0; i < n; i++) ck_assert(got[i] == x[i]);
  TU_OK(golcl_vec_copy(w, w));
  /* partial write and read */
  double part[3] = {7, 8, 9}, back[5];
  lr_write_range(w, 500, 3, part);
  lr_read_range(w, 499, 5, back);
  ck_assert(back[0] == x[499] && back[1] == 7 && back[2] == 8 && back[3] == 9 && back[4] == x[503]);
  TU_OK(golcl_vec_write(w, n, 0, part)); /* empty range at the end: nothing */
  ck_assert_uint_eq(golcl_vec_size(w), n);
  ck_assert_int_eq(golcl_vec_dtype(w), dt);
  ck_assert_ptr_eq(golcl_vec_context(w), tu_ctx);
  ck_assert_ptr_nonnull(golcl_vec_buffer(w));
  golcl_vec_destroy(v);
  golcl_vec_destroy(w);
  free(x);
  free(got);
}
END_TEST

/* ---------------------------------------------------------- band matrices */

/* A random band matrix with diagonals far apart and at ±(n−1). */
START_TEST(band_mv_far_offsets) {
  golcl_dtype dt = DTYPES[_i];
  const size_t sizes[] = {1, 2, 7, 1000, 100003};
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    size_t n = sizes[si];
    ptrdiff_t N = (ptrdiff_t)n;
    ptrdiff_t cand[] = {0, -(N - 1), N - 1, -1, 2, N / 3, -(N / 2) - 1, 5};
    ptrdiff_t offs[8];
    size_t nd = 0;
    for (size_t c = 0; c < 8; c++) { /* the distinct ones with |o| < n */
      ptrdiff_t o = cand[c];
      int dup = o >= N || -o >= N;
      for (size_t e = 0; e < nd; e++) dup |= offs[e] == o;
      if (!dup) offs[nd++] = o;
    }
    lr_band *B = lr_band_random(dt, n, nd, offs, 100 + si);
    double *x = lr_random(n, -1, 1, 200 + si), *y = lr_random(n, -1, 1, 300 + si);
    golcl_vec *vx = lr_vec(dt, n, x), *vy = lr_vec(dt, n, y), *vo = lr_vec(dt, n, NULL);
    lr_read(vx, x);
    lr_read(vy, y);
    double *ref = lr_alloc(n), *got = lr_alloc(n);
    lr_band_mv(B, x, y, ref);
    TU_OK(golcl_bandmat_mv(B->A, vx, vy, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, n, dt, (int)nd + 1, "band mv");
    lr_band_mv(B, x, NULL, ref);
    TU_OK(golcl_bandmat_mv(B->A, vx, NULL, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, n, dt, (int)nd, "band mv y=NULL");
    lr_band_mv(B, x, y, ref);
    TU_OK(golcl_bandmat_mv(B->A, vx, vy, vy)); /* out may be y */
    lr_read(vy, got);
    lr_check_close(got, ref, n, dt, (int)nd + 1, "band mv out=y");
    ck_assert_uint_eq(golcl_bandmat_size(B->A), n);
    lr_band_free(B);
    golcl_vec_destroy(vx);
    golcl_vec_destroy(vy);
    golcl_vec_destroy(vo);
    free(x);
    free(y);
    free(ref);
    free(got);
  }
}
END_TEST

/* set_diag ignores the entries whose column is outside, whatever they hold. */
START_TEST(band_set_diag_ignores_outside_entries) {
  golcl_dtype dt = DTYPES[_i];
  const size_t n = 10;
  ptrdiff_t offs[2] = {3, -4};
  golcl_bandmat *A;
  TU_OK(golcl_bandmat_create(tu_ctx, n, 2, offs, dt, &A));
  double up[10], lo[10];
  for (size_t i = 0; i < n; i++) {
    up[i] = i + 3 >= n ? NAN : (double)(i + 1);  /* rows 7..9 have no column i+3 */
    lo[i] = i < 4 ? INFINITY : -(double)(i + 1); /* rows 0..3 have no column i-4 */
  }
  lr_set_diag(A, dt, 3, up);
  lr_set_diag(A, dt, -4, lo);
  double x[10], want[10], got[10];
  for (size_t i = 0; i < n; i++) x[i] = 1.0 + (double)i * 0.5;
  for (size_t i = 0; i < n; i++) {
    want[i] = 0;
    if (i + 3 < n) want[i] += up[i] * x[i + 3];
    if (i >= 4) want[i] += lo[i] * x[i - 4];
  }
  golcl_vec *vx = lr_vec(dt, n, x), *vo = lr_vec(dt, n, NULL);
  TU_OK(golcl_bandmat_mv(A, vx, NULL, vo));
  lr_read(vo, got);
  lr_check_close(got, want, n, dt, 2, "set_diag outside");
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(vx);
  golcl_vec_destroy(vo);
}
END_TEST

/* ---------------------------------------------------------- dense matrices */

START_TEST(dense_mv_matches_reference) {
#if defined(GOLCL_HAVE_CLBLAST) && !GOLCL_HAVE_CLBLAST
  { /* make CLBLAST=0: dense matrices are refused, nothing else changes */
    golcl_densemat *M0 = (golcl_densemat *)1;
    ck_assert_int_eq(golcl_densemat_create(tu_ctx, 3, 3, DTYPES[_i], NULL, &M0),
                     GOLCL_E_UNSUPPORTED);
    ck_assert_ptr_null(M0);
    return;
  }
#endif
  golcl_dtype dt = DTYPES[_i];
  const size_t shapes[][2] = {{1, 1}, {37, 53}, {200, 3}, {64, 64}};
  for (size_t s = 0; s < 4; s++) {
    size_t rows = shapes[s][0], cols = shapes[s][1];
    double *m = lr_random(rows * cols, -1, 1, 400 + s), *x = lr_random(cols, -1, 1, 500 + s),
           *y = lr_random(rows, -1, 1, 600 + s);
    lr_round(dt, m, rows * cols);
    lr_round(dt, x, cols);
    lr_round(dt, y, rows);
    void *mdt = lr_to_dtype(dt, m, rows * cols);
    golcl_densemat *M;
    TU_OK(golcl_densemat_create(tu_ctx, rows, cols, dt, mdt, &M));
    free(mdt);
    golcl_vec *vx = lr_vec(dt, cols, x), *vy = lr_vec(dt, rows, y), *vo = lr_vec(dt, rows, NULL);
    double *ref = lr_alloc(rows), *got = lr_alloc(rows);
    for (size_t r = 0; r < rows; r++) {
      ref[r] = y[r];
      for (size_t c = 0; c < cols; c++) ref[r] += m[r * cols + c] * x[c];
    }
    TU_OK(golcl_vec_fill(vo, NAN)); /* whatever out held must not matter */
    TU_OK(golcl_densemat_mv(M, vx, vy, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, rows, dt, (int)cols + 1, "dense mv");
    TU_OK(golcl_densemat_mv(M, vx, vy, vy)); /* out may be y */
    lr_read(vy, got);
    lr_check_close(got, ref, rows, dt, (int)cols + 1, "dense mv out=y");
    for (size_t r = 0; r < rows; r++) ref[r] -= y[r];
    TU_OK(golcl_vec_fill(vo, NAN));
    TU_OK(golcl_densemat_mv(M, vx, NULL, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, rows, dt, (int)cols, "dense mv y=NULL");
    golcl_densemat_destroy(M);
    golcl_vec_destroy(vx);
    golcl_vec_destroy(vy);
    golcl_vec_destroy(vo);
    free(m);
    free(x);
    free(y);
    free(ref);
    free(got);
  }
  /* NULL data: zeros */
  golcl_densemat *Z;
  TU_OK(golcl_densemat_create(tu_ctx, 3, 4, dt, NULL, &Z));
  golcl_vec *vx = lr_vec(dt, 4, NULL), *vo = lr_vec(dt, 3, NULL);
  TU_OK(golcl_vec_fill(vx, 1.0));
  TU_OK(golcl_vec_fill(vo, 5.0));
  TU_OK(golcl_densemat_mv(Z, vx, NULL, vo));
  double got[3];
  lr_read(vo, got);
  ck_assert(got[0] == 0 && got[1] == 0 && got[2] == 0);
  golcl_densemat_destroy(Z);
  golcl_vec_destroy(vx);
  golcl_vec_destroy(vo);
}
END_TEST

/* ------------------------------------------------------------ FD helpers */

START_TEST(fd_matrices_match_their_definition) {
  golcl_dtype dt = DTYPES[_i];
  const size_t grids[][2] = {{1, 1}, {1, 6}, {7, 1}, {13, 9}, {64, 33}};
  for (size_t gi = 0; gi < 5; gi++) {
    size_t nx = grids[gi][0], ny = grids[gi][1], n = nx * ny;
    double *h = lr_random(n, -1, 1, 700 + gi), *ref = lr_alloc(n), *got = lr_alloc(n);
    lr_round(dt, h, n);
    golcl_vec *vh = lr_vec(dt, n, h), *vo = lr_vec(dt, n, NULL);
    golcl_bandmat *L, *A, *M;
    TU_OK(golcl_fd_laplacian(tu_ctx, nx, ny, dt, &L));
    lr_stencil5(nx, ny, -4, 1, h, ref);
    TU_OK(golcl_bandmat_mv(L, vh, NULL, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, n, dt, 5, "laplacian");
    const double alpha = 0.3;
    TU_OK(golcl_fd_wave_cn(tu_ctx, nx, ny, alpha, dt, &A, &M));
    lr_stencil5(nx, ny, 1 + 4 * alpha, -alpha, h, ref); /* (1+4α)I − α·L₄ */
    TU_OK(golcl_bandmat_mv(A, vh, NULL, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, n, dt, 5, "wave A");
    lr_stencil5(nx, ny, 2 - 4 * alpha, alpha, h, ref); /* 2I + αΔ */
    TU_OK(golcl_bandmat_mv(M, vh, NULL, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, n, dt, 5, "wave M");
    golcl_bandmat_destroy(L);
    golcl_bandmat_destroy(A);
    golcl_bandmat_destroy(M);
    golcl_vec_destroy(vh);
    golcl_vec_destroy(vo);
    free(h);
    free(ref);
    free(got);
  }
}
END_TEST

/* -------------------------------------------------------------------- CG */

/* CG on −Δ (2-D Poisson) reaches rtol, in an iteration count within 10% of a
 * CPU CG in double, and its x solves the system. */
START_TEST(cg_poisson_matches_cpu_cg) {
  golcl_dtype dt = DTYPES[_i];
  const size_t grids[][2] = {{32, 32}, {61, 47}, {1, 40}};
  const double rtol = dt == GOLCL_F32 ? 1e-4 : 1e-8;
  for (size_t gi = 0; gi < 3; gi++) {
    size_t nx = grids[gi][0], ny = grids[gi][1], n = nx * ny;
    golcl_bandmat *A;
    TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4, -1, dt, &A));
    lr_band *R = lr_band_stencil5(nx, ny, 4, -1);
    double *b = lr_random(n, -1, 1, 800 + gi), *x = lr_alloc(n), *xr = lr_alloc(n);
    lr_round(dt, b, n);
    size_t it_cpu = lr_cg(R, b, xr, rtol, 0, n, 0);
    golcl_vec *vb = lr_vec(dt, n, b), *vx = lr_vec(dt, n, NULL);
    golcl_cg_opts o = {.rtol = rtol};
    golcl_cg_report rep;
    TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
    ck_assert_msg(rep.converged, "%zux%zu: not converged after %zu (cpu %zu)", nx, ny,
                  rep.iterations, it_cpu);
    ck_assert_msg(fabs((double)rep.iterations - (double)it_cpu) <= 0.1 * (double)it_cpu + 1,
                  "%zux%zu %s: %zu iterations, cpu %zu", nx, ny, dt == GOLCL_F32 ? "f32" : "f64",
                  rep.iterations, it_cpu);
    lr_read(vx, x);
    double res = lr_rel_residual(R, b, x);
    ck_assert_msg(res <= rtol, "true residual %g > %g", res, rtol);
    ck_assert_msg(fabs(rep.rel_residual - res) <= 0.05 * res + (dt == GOLCL_F32 ? 1e-6 : 1e-14),
                  "reported residual %g, recomputed on the CPU %g", rep.rel_residual, res);
    lr_band_free(R);
    golcl_bandmat_destroy(A);
    golcl_vec_destroy(vb);
    golcl_vec_destroy(vx);
    free(b);
    free(x);
    free(xr);
  }
}
END_TEST

/* The x returned is the x of the iteration reported: stopping at max_iter = 7
 * gives the CPU CG's x_7, and a solve from a guess continues from it; for
 * both methods (_i: golcl_cg_method; the single reduction has the same
 * iterates in exact arithmetic). */
START_TEST(cg_returns_the_x_of_the_reported_iteration) {
  const size_t nx = 40, ny = 30, n = nx * ny;
  golcl_bandmat *A;
  TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4, -1, GOLCL_F64, &A));
  lr_band *R = lr_band_stencil5(nx, ny, 4, -1);
  double *b = lr_random(n, 0, 1, 901), *x0 = lr_random(n, -1, 1, 902), *xr = lr_alloc(n),
         *x = lr_alloc(n);
  const size_t caps[] = {1, 7, 33, 64, 65};
  for (size_t c = 0; c < 5; c++) {
    memcpy(xr, x0, n * sizeof *xr);
    size_t it = lr_cg(R, b, xr, 1e-12, 0, caps[c], 0);
    ck_assert_uint_eq(it, caps[c]);
    golcl_vec *vb = lr_vec(GOLCL_F64, n, b), *vx = lr_vec(GOLCL_F64, n, x0);
    golcl_cg_opts o = {.rtol = 1e-12, .max_iter = caps[c], .method = (golcl_cg_method)_i};
    golcl_cg_report rep;
    TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
    ck_assert_uint_eq(rep.iterations, caps[c]);
    ck_assert_int_eq(rep.stop, GOLCL_CG_MAX_ITER);
    ck_assert_int_eq(rep.converged, 0);
    ck_assert(rep.rel_residual > 1e-12);
    lr_read(vx, x);
    lr_check_close(x, xr, n, GOLCL_F64, 1000, "x at the cap");
    golcl_vec_destroy(vb);
    golcl_vec_destroy(vx);
  }
  lr_band_free(R);
  golcl_bandmat_destroy(A);
  free(b);
  free(x0);
  free(xr);
  free(x);
}
END_TEST

/* A badly scaled SPD matrix: Jacobi-PCG converges in fewer iterations than
 * CG, both within 10% of the CPU's counts. */
START_TEST(cg_jacobi_beats_cg_on_bad_scaling) {
  golcl_dtype dt = DTYPES[_i];
  const size_t nx = 30, ny = 30, n = nx * ny;
  double *d = lr_random(n, 0, 4, 1001);
  for (size_t i = 0; i < n; i++) d[i] = 4.0 + pow(10.0, d[i]); /* 5 .. 10004 */
  ptrdiff_t offs[5] = {-(ptrdiff_t)nx, -1, 0, 1, (ptrdiff_t)nx};
  lr_band *R = lr_band_stencil5(nx, ny, 0, -1);
  memcpy(R->diag[2], d, n * sizeof *d); /* offset 0 is diagonal 2 */
  golcl_bandmat *A;
  TU_OK(golcl_bandmat_create(tu_ctx, n, 5, offs, dt, &A));
  for (int k = 0; k < 5; k++) {
    lr_round(dt, R->diag[k], n);
    lr_set_diag(A, dt, offs[k], R->diag[k]);
  }
  double *b = lr_random(n, -1, 1, 1002), *x = lr_alloc(n);
  lr_round(dt, b, n);
  const double rtol = dt == GOLCL_F32 ? 1e-4 : 1e-8;
  size_t it_cpu[2];
  golcl_cg_report rep[2];
  for (int p = 0; p < 2; p++) {
    memset(x, 0, n * sizeof *x);
    it_cpu[p] = lr_cg(R, b, x, rtol, 0, n, p);
    golcl_vec *vb = lr_vec(dt, n, b), *vx = lr_vec(dt, n, NULL);
    golcl_cg_opts o = {.rtol = rtol, .precond = p ? GOLCL_PRECOND_JACOBI : GOLCL_PRECOND_NONE};
    TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep[p]));
    ck_assert_msg(rep[p].converged, "precond %d did not converge", p);
    ck_assert_msg(
        fabs((double)rep[p].iterations - (double)it_cpu[p]) <= 0.1 * (double)it_cpu[p] + 1,
        "precond %d: %zu iterations, cpu %zu", p, rep[p].iterations, it_cpu[p]);
    lr_read(vx, x);
    ck_assert(lr_rel_residual(R, b, x) <= rtol);
    golcl_vec_destroy(vb);
    golcl_vec_destroy(vx);
  }
  ck_assert_msg(rep[1].iterations < rep[0].iterations, "jacobi %zu vs cg %zu", rep[1].iterations,
                rep[0].iterations);
  lr_band_free(R);
  golcl_bandmat_destroy(A);
  free(d);
  free(b);
  free(x);
}
END_TEST

/* Not SPD: a negative definite and an indefinite matrix break down; the
 * report says so, and x is still returned (OK status). */
START_TEST(cg_reports_breakdown_on_non_spd) {
  golcl_dtype dt = DTYPES[_i];
  const size_t nx = 20, ny = 20, n = nx * ny;
  double *b = lr_random(n, 0.5, 1, 1101);
  lr_round(dt, b, n);
  golcl_vec *vb = lr_vec(dt, n, b), *vx = lr_vec(dt, n, NULL);
  golcl_cg_report rep;
  golcl_bandmat *A;
  TU_OK(golcl_fd_laplacian(tu_ctx, nx, ny, dt, &A)); /* Δ: negative definite */
  for (int p = 0; p < 2; p++) {
    golcl_cg_opts o = {.rtol = 1e-6, .precond = p ? GOLCL_PRECOND_JACOBI : GOLCL_PRECOND_NONE};
    TU_OK(golcl_vec_fill(vx, 0));
    TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
    ck_assert_int_eq(rep.converged, 0);
    ck_assert_uint_eq(rep.iterations, 0); /* p·Ap < 0 at once (Jacobi: r·z < 0) */
  }
  golcl_bandmat_destroy(A);
  /* indefinite: diagonal +1 / −1 alternating, weak coupling */
  TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 1, 0.1, dt, &A));
  double *d = lr_alloc(n);
  for (size_t i = 0; i < n; i++) d[i] = i % 2 ? -1.0 : 1.0;
  lr_set_diag(A, dt, 0, d);
  golcl_cg_opts o = {.rtol = 1e-6};
  TU_OK(golcl_vec_fill(vx, 0));
  TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
  ck_assert_int_eq(rep.converged, 0);
  ck_assert(rep.iterations < n);
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(vb);
  golcl_vec_destroy(vx);
  free(b);
  free(d);
}
END_TEST

/* f32 cannot represent an x with a residual below about eps·||A||·||x||:
 * asking for more gives converged = 0, and the reported residual is the one
 * of the x returned (recomputed here in double). */
START_TEST(cg_f32_reports_the_residual_it_reaches) {
  const size_t nx = 64, ny = 64, n = nx * ny;
  golcl_bandmat *A;
  TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4, -1, GOLCL_F32, &A));
  lr_band *R = lr_band_stencil5(nx, ny, 4, -1);
  double *b = lr_alloc(n), *x = lr_alloc(n);
  for (size_t i = 0; i < n; i++) b[i] = 1;
  golcl_vec *vb = lr_vec(GOLCL_F32, n, b), *vx = lr_vec(GOLCL_F32, n, NULL);
  golcl_cg_opts o = {.rtol = 1e-7};
  golcl_cg_report rep;
  TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
  lr_read(vx, x);
  double res = lr_rel_residual(R, b, x);
  ck_assert_msg(res > 1e-7 && rep.converged == 0, "residual %g, converged %d", res, rep.converged);
  ck_assert_msg(fabs(rep.rel_residual - res) <= 0.05 * res, "reported %g, true %g",
                rep.rel_residual, res);
  ck_assert(rep.iterations < n);
  lr_band_free(R);
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(vb);
  golcl_vec_destroy(vx);
  free(b);
  free(x);
}
END_TEST

START_TEST(cg_zero_rhs_and_exact_guess) {
  golcl_dtype dt = DTYPES[_i];
  const size_t n = 100;
  golcl_bandmat *A;
  TU_OK(golcl_fd_stencil5(tu_ctx, 10, 10, 4, -1, dt, &A));
  golcl_vec *vb = lr_vec(dt, n, NULL), *vx = lr_vec(dt, n, NULL);
  TU_OK(golcl_vec_fill(vx, 3.0));
  golcl_cg_report rep;
  TU_OK(golcl_cg_solve(A, vb, vx, NULL, &rep));
  ck_assert(rep.converged && rep.iterations == 0 && rep.rel_residual == 0);
  double x[100];
  lr_read(vx, x);
  for (size_t i = 0; i < n; i++) ck_assert(x[i] == 0);
  /* a guess that already solves: 0 iterations */
  TU_OK(golcl_vec_fill(vx, 1.0));
  TU_OK(golcl_bandmat_mv(A, vx, NULL, vb));
  TU_OK(golcl_cg_solve(A, vb, vx, NULL, &rep));
  ck_assert(rep.converged && rep.iterations == 0);
  /* atol alone */
  golcl_cg_opts o = {.atol = 1e-3};
  TU_OK(golcl_vec_fill(vx, 0.0));
  TU_OK(golcl_cg_solve(A, vb, vx, &o, &rep));
  ck_assert(rep.converged && rep.iterations > 0);
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(vb);
  golcl_vec_destroy(vx);
}
END_TEST

/* ------------------------------------------------------------ determinism */

START_TEST(results_are_bit_identical_run_after_run) {
  golcl_dtype dt = DTYPES[_i];
  const size_t n = 1000003, es = dt == GOLCL_F32 ? 4 : 8;
  double *x = lr_random(n, -1, 1, 1201), *y = lr_random(n, -1, 1, 1202);
  golcl_vec *vx = lr_vec(dt, n, x), *vy = lr_vec(dt, n, y);
  double d1, d2, n1, n2;
  TU_OK(golcl_vec_dot(vx, vy, &d1));
  TU_OK(golcl_vec_nrm2(vx, &n1));
  TU_OK(golcl_vec_dot(vx, vy, &d2));
  TU_OK(golcl_vec_nrm2(vx, &n2));
  ck_assert(memcmp(&d1, &d2, sizeof d1) == 0 && memcmp(&n1, &n2, sizeof n1) == 0);
  golcl_vec_destroy(vx);
  golcl_vec_destroy(vy);
  free(x);
  free(y);
  /* CG: same report and same x bits */
  const size_t nx = 50, ny = 40, m = nx * ny;
  golcl_bandmat *A;
  TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4, -1, dt, &A));
  double *b = lr_random(m, -1, 1, 1203);
  golcl_vec *vb = lr_vec(dt, m, b), *x1 = lr_vec(dt, m, NULL), *x2 = lr_vec(dt, m, NULL);
  golcl_cg_opts o = {.rtol = 1e-5, .precond = GOLCL_PRECOND_JACOBI};
  golcl_cg_report r1, r2;
  TU_OK(golcl_cg_solve(A, vb, x1, &o, &r1));
  TU_OK(golcl_cg_solve(A, vb, x2, &o, &r2));
  ck_assert(r1.iterations == r2.iterations && r1.converged == r2.converged &&
            memcmp(&r1.rel_residual, &r2.rel_residual, sizeof(double)) == 0);
  unsigned char *h1 = malloc(m * es), *h2 = malloc(m * es);
  TU_OK(golcl_vec_read(x1, 0, m, h1));
  TU_OK(golcl_vec_read(x2, 0, m, h2));
  ck_assert(memcmp(h1, h2, m * es) == 0);
  free(h1);
  free(h2);
  free(b);
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(vb);
  golcl_vec_destroy(x1);
  golcl_vec_destroy(x2);
}
END_TEST

/* Resident memory of the process in kB (Linux), or 0. */
static long rss_kb(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  long pages = 0, rss = 0;
  if (!f) return 0;
  if (fscanf(f, "%ld %ld", &pages, &rss) != 2) rss = 0;
  fclose(f);
  return rss * 4;
}

/* Issue 14, defect 8: each context that used CLBlast left ~760 kB of
 * compiled programs in CLBlast's process-wide cache. With the cache cleared
 * when the last dense matrix goes, 12 contexts that each run a gemv leave
 * (after 3 warm-up rounds) less than 4 MB behind; before, about 9 MB. */
static void one_dense_context(void) {
  golcl_context *c;
  TU_OK(golcl_context_create(NULL, &c));
  float m[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, x[4] = {1, 1, 1, 1};
  golcl_densemat *M;
  golcl_vec *vx, *vo;
  TU_OK(golcl_densemat_create(c, 4, 4, GOLCL_F32, m, &M));
  TU_OK(golcl_vec_create(c, 4, GOLCL_F32, x, &vx));
  TU_OK(golcl_vec_create(c, 4, GOLCL_F32, NULL, &vo));
  TU_OK(golcl_densemat_mv(M, vx, NULL, vo));
  float o[4];
  TU_OK(golcl_vec_read(vo, 0, 4, o));
  ck_assert(o[0] == 10 && o[3] == 58);
  golcl_densemat_destroy(M);
  golcl_vec_destroy(vx);
  golcl_vec_destroy(vo);
  golcl_context_destroy(c);
}

START_TEST(clblast_cache_released_with_the_last_dense_matrix) {
#if defined(GOLCL_HAVE_CLBLAST) && !GOLCL_HAVE_CLBLAST
  return;
#endif
  for (int i = 0; i < 3; i++) one_dense_context();
  long before = rss_kb();
  for (int i = 0; i < 12; i++) one_dense_context();
  long grown = rss_kb() - before;
  ck_assert_msg(grown < 4096, "12 contexts with a gemv each left %ld kB", grown);
}
END_TEST

static Suite *la_suite(void) {
  Suite *s = suite_create("la");
  TCase *v = tcase_create("vectors");
  tcase_add_loop_test(v, axpby_matches_reference_with_aliasing, 0, 2);
  tcase_add_loop_test(v, mul_matches_reference_with_aliasing, 0, 2);
  tcase_add_loop_test(v, dot_and_nrm2_match_reference, 0, 2);
  tcase_add_loop_test(v, nrm2_scales_against_overflow_and_underflow, 0, 2);
  tcase_add_loop_test(v, write_read_fill_copy, 0, 2);
  suite_add_tcase(s, v);
  TCase *m = tcase_create("matrices");
  tcase_add_loop_test(m, band_mv_far_offsets, 0, 2);
  tcase_add_loop_test(m, band_set_diag_ignores_outside_entries, 0, 2);
  tcase_add_loop_test(m, dense_mv_matches_reference, 0, 2);
  tcase_add_loop_test(m, fd_matrices_match_their_definition, 0, 2);
  tcase_add_test(m, clblast_cache_released_with_the_last_dense_matrix);
  suite_add_tcase(s, m);
  TCase *c = tcase_create("cg");
  tcase_add_loop_test(c, cg_poisson_matches_cpu_cg, 0, 2);
  tcase_add_loop_test(c, cg_returns_the_x_of_the_reported_iteration, 0, 2);
  tcase_add_loop_test(c, cg_jacobi_beats_cg_on_bad_scaling, 0, 2);
  tcase_add_loop_test(c, cg_reports_breakdown_on_non_spd, 0, 2);
  tcase_add_test(c, cg_f32_reports_the_residual_it_reaches);
  tcase_add_loop_test(c, cg_zero_rhs_and_exact_guess, 0, 2);
  tcase_add_loop_test(c, results_are_bit_identical_run_after_run, 0, 2);
  suite_add_tcase(s, c);
  return s;
}

int main(void) { return tu_main(la_suite()); }
