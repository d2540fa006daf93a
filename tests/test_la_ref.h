/* test_la_ref.h — the CPU reference of the linear-algebra tests, in double
 * (band products, the 5-point stencil, a textbook (P)CG), and helpers that
 * move double arrays to and from vectors of either dtype. Header-only:
 * included by the test_la*.c programs. */
#ifndef TEST_LA_REF_H
#define TEST_LA_REF_H

#include "testutil.h"

#include <golcl_la.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static inline double *lr_alloc(size_t n) {
  double *p = calloc(n ? n : 1, sizeof *p);
  ck_assert_ptr_nonnull(p);
  return p;
}

/* n values uniform in [lo, hi), from a xorshift on seed. */
static inline double *lr_random(size_t n, double lo, double hi, uint64_t seed) {
  double *p = lr_alloc(n);
  uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;
  for (size_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    p[i] = lo + (hi - lo) * ((double)(s >> 11) / 9007199254740992.0);
  }
  return p;
}

/* Rounds values to the dtype in place (so that the reference sees what the
 * device sees). */
static inline void lr_round(golcl_dtype dt, double *p, size_t n) {
  if (dt == GOLCL_F32)
    for (size_t i = 0; i < n; i++) p[i] = (double)(float)p[i];
}

/* A malloc'd copy of p in the dtype. */
static inline void *lr_to_dtype(golcl_dtype dt, const double *p, size_t n) {
  if (dt == GOLCL_F64) {
    double *d = malloc((n ? n : 1) * sizeof *d);
    ck_assert_ptr_nonnull(d);
    memcpy(d, p, n * sizeof *d);
    return d;
  }
  float *f = malloc((n ? n : 1) * sizeof *f);
  ck_assert_ptr_nonnull(f);
  for (size_t i = 0; i < n; i++) f[i] = (float)p[i];
  return f;
}

/* A vector of n elements from doubles (NULL: zeros). */
static inline golcl_vec *lr_vec(golcl_dtype dt, size_t n, const double *vals) {
  void *buf = vals ? lr_to_dtype(dt, vals, n) : NULL;
  golcl_vec *v = NULL;
  TU_OK(golcl_vec_create(tu_ctx, n, dt, buf, &v));
  free(buf);
  return v;
}

static inline void lr_read_range(const golcl_vec *v, size_t off, size_t count, double *out) {
  golcl_dtype dt = golcl_vec_dtype(v);
  if (dt == GOLCL_F64) {
    TU_OK(golcl_vec_read(v, off, count, out));
    return;
  }
  float *f = malloc((count ? count : 1) * sizeof *f);
  ck_assert_ptr_nonnull(f);
  TU_OK(golcl_vec_read(v, off, count, f));
  for (size_t i = 0; i < count; i++) out[i] = f[i];
  free(f);
}

static inline void lr_read(const golcl_vec *v, double *out) {
  lr_read_range(v, 0, golcl_vec_size(v), out);
}

static inline void lr_write_range(golcl_vec *v, size_t off, size_t count, const double *in) {
  void *buf = lr_to_dtype(golcl_vec_dtype(v), in, count);
  TU_OK(golcl_vec_write(v, off, count, buf));
  free(buf);
}

static inline void lr_set_diag(golcl_bandmat *A, golcl_dtype dt, ptrdiff_t off,
                               const double *vals) {
  void *buf = lr_to_dtype(dt, vals, golcl_bandmat_size(A));
  TU_OK(golcl_bandmat_set_diag(A, off, buf));
  free(buf);
}

/* |got − ref| <= 8·eps·terms·(1 + |ref|) elementwise: a sum of `terms`
 * products of values of order 1, rounded in the dtype. */
static inline void lr_check_close(const double *got, const double *ref, size_t n, golcl_dtype dt,
                                  int terms, const char *what) {
  const double eps = dt == GOLCL_F32 ? 1.1920929e-7 : 2.220446049250313e-16;
  for (size_t i = 0; i < n; i++) {
    double tol = 8 * eps * terms * (1 + fabs(ref[i]));
    ck_assert_msg(fabs(got[i] - ref[i]) <= tol, "%s: element %zu of %zu is %.17g, want %.17g", what,
                  i, n, got[i], ref[i]);
  }
}

/* A band matrix on the CPU: diag[d][i] = A[i][i + offs[d]] (0 outside);
 * A is its device copy, or NULL. */
typedef struct lr_band {
  size_t n, nd;
  ptrdiff_t offs[16];
  double *diag[16];
  golcl_bandmat *A;
} lr_band;

static inline lr_band *lr_band_new(size_t n, size_t nd, const ptrdiff_t *offs) {
  lr_band *B = calloc(1, sizeof *B);
  ck_assert_ptr_nonnull(B);
  ck_assert_uint_le(nd, 16);
  B->n = n;
  B->nd = nd;
  for (size_t d = 0; d < nd; d++) {
    B->offs[d] = offs[d];
    B->diag[d] = lr_alloc(n);
  }
  return B;
}

static inline int lr_inside(size_t n, size_t i, ptrdiff_t o) {
  return o >= 0 ? i + (size_t)o < n : i >= (size_t)(-o);
}

/* Random diagonals in [-1, 1), rounded to dt, on the CPU and the device; the
 * entries outside get garbage on the device side, which set_diag must
 * ignore. */
static inline lr_band *lr_band_random(golcl_dtype dt, size_t n, size_t nd, const ptrdiff_t *offs,
                                      uint64_t seed) {
  lr_band *B = lr_band_new(n, nd, offs);
  TU_OK(golcl_bandmat_create(tu_ctx, n, nd, offs, dt, &B->A));
  for (size_t d = 0; d < nd; d++) {
    double *v = lr_random(n, -1, 1, seed * 31 + d);
    lr_round(dt, v, n);
    lr_set_diag(B->A, dt, offs[d], v);
    for (size_t i = 0; i < n; i++) B->diag[d][i] = lr_inside(n, i, offs[d]) ? v[i] : 0.0;
    free(v);
  }
  return B;
}

static inline void lr_band_free(lr_band *B) {
  if (!B) return;
  for (size_t d = 0; d < B->nd; d++) free(B->diag[d]);
  golcl_bandmat_destroy(B->A);
  free(B);
}

/* out = B·x + y (y may be NULL). */
static inline void lr_band_mv(const lr_band *B, const double *x, const double *y, double *out) {
  for (size_t i = 0; i < B->n; i++) {
    double acc = 0;
    for (size_t d = 0; d < B->nd; d++)
      if (lr_inside(B->n, i, B->offs[d])) acc += B->diag[d][i] * x[(ptrdiff_t)i + B->offs[d]];
    out[i] = acc + (y ? y[i] : 0.0);
  }
}

/* The 5-point stencil (c on the diagonal, nb for the neighbours inside) as
 * a CPU band matrix with offsets −nx, −1, 0, 1, nx (diagonal 2 is the main). */
static inline lr_band *lr_band_stencil5(size_t nx, size_t ny, double c, double nb) {
  size_t n = nx * ny;
  ptrdiff_t offs[5] = {-(ptrdiff_t)nx, -1, 0, 1, (ptrdiff_t)nx};
  lr_band *B = lr_band_new(n, 5, offs);
  for (size_t i = 0; i < n; i++) {
    size_t ix = i % nx, iy = i / nx;
    B->diag[0][i] = iy > 0 ? nb : 0;
    B->diag[1][i] = ix > 0 ? nb : 0;
    B->diag[2][i] = c;
    B->diag[3][i] = ix + 1 < nx ? nb : 0;
    B->diag[4][i] = iy + 1 < ny ? nb : 0;
  }
  return B;
}

/* out = stencil applied to h directly on the grid (the definition). */
static inline void lr_stencil5(size_t nx, size_t ny, double c, double nb, const double *h,
                               double *out) {
  for (size_t iy = 0; iy < ny; iy++)
    for (size_t ix = 0; ix < nx; ix++) {
      size_t i = iy * nx + ix;
      double s = 0;
      if (ix > 0) s += h[i - 1];
      if (ix + 1 < nx) s += h[i + 1];
      if (iy > 0) s += h[i - nx];
      if (iy + 1 < ny) s += h[i + nx];
      out[i] = c * h[i] + nb * s;
    }
}

static inline double lr_dot(const double *a, const double *b, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

/* Textbook (P)CG in double from the guess in x: stops at the first k with
 * ||r_k|| <= max(rtol·||b||, atol) or k = max_iter; returns k. */
static inline size_t lr_cg(const lr_band *B, const double *b, double *x, double rtol, double atol,
                           size_t max_iter, int jacobi) {
  size_t n = B->n, k = 0, dm = 0;
  while (dm < B->nd && B->offs[dm] != 0) dm++;
  double *r = lr_alloc(n), *z = lr_alloc(n), *p = lr_alloc(n), *q = lr_alloc(n);
  lr_band_mv(B, x, NULL, q);
  for (size_t i = 0; i < n; i++) r[i] = b[i] - q[i];
  double tol = fmax(rtol * sqrt(lr_dot(b, b, n)), atol);
  for (size_t i = 0; i < n; i++) z[i] = jacobi ? r[i] / B->diag[dm][i] : r[i];
  memcpy(p, z, n * sizeof *p);
  double rz = lr_dot(r, z, n);
  while (sqrt(lr_dot(r, r, n)) > tol && k < max_iter) {
    lr_band_mv(B, p, NULL, q);
    double alpha = rz / lr_dot(p, q, n);
    for (size_t i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
      z[i] = jacobi ? r[i] / B->diag[dm][i] : r[i];
    }
    double rz2 = lr_dot(r, z, n), beta = rz2 / rz;
    rz = rz2;
    for (size_t i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
    k++;
  }
  free(r);
  free(z);
  free(p);
  free(q);
  return k;
}

/* ||b − B·x|| / ||b|| in double. */
static inline double lr_rel_residual(const lr_band *B, const double *b, const double *x) {
  double *q = lr_alloc(B->n);
  lr_band_mv(B, x, NULL, q);
  double rr = 0;
  for (size_t i = 0; i < B->n; i++) rr += (b[i] - q[i]) * (b[i] - q[i]);
  free(q);
  return sqrt(rr) / sqrt(lr_dot(b, b, B->n));
}

#endif
