/* fd.c — finite-difference operators: the 5-point stencil, as a band matrix
 * or as a matrix-free stencil operator (golcl_stencil_create), the 5-point stencil
 * on an nx×ny grid with Dirichlet boundaries, the Laplacian, and the
 * Crank–Nicolson matrices of the 2-D wave equation. Built on the host one
 * diagonal at a time. */
#include "la.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* Fills one diagonal (offset o) of the stencil into buf (dtype), zero where
 * the neighbour is outside the grid. */
static void stencil_diag(size_t nx, size_t n, ptrdiff_t o, double center, double nb,
                         golcl_dtype dtype, void *buf) {
  for (size_t i = 0; i < n; i++) {
    size_t ix = i % nx;
    double v;
    if (o == 0)
      v = center;
    else if (o == (ptrdiff_t)nx || o == -(ptrdiff_t)nx) /* first: ±1 is ±nx when nx = 1 */
      v = (o > 0 ? i + nx < n : i >= nx) ? nb : 0.0;
    else
      v = (o == 1 ? ix + 1 < nx : ix > 0) ? nb : 0.0;
    if (dtype == GOLCL_F64)
      ((double *)buf)[i] = v;
    else
      ((float *)buf)[i] = (float)v;
  }
}

golcl_status golcl_fd_stencil5(golcl_context *ctx, size_t nx, size_t ny, double center,
                               double neighbour, golcl_dtype dtype, golcl_bandmat **out) {
  static const char fn[] = "golcl_fd_stencil5";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (nx == 0 || ny == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: grid %zu x %zu has a zero side", fn, nx, ny);
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s != GOLCL_OK) return s;
  size_t n, bytes;
  if (golcl__mul_size(nx, ny, &n) != 0 || golcl__la_bytes(dtype, n, &bytes) != 0 ||
      nx > (size_t)PTRDIFF_MAX)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: grid %zu x %zu overflows", fn, nx, ny);
  ptrdiff_t offs[5];
  size_t nd = 0;
  if (ny > 1) offs[nd++] = -(ptrdiff_t)nx;
  if (nx > 1) offs[nd++] = -1;
  offs[nd++] = 0;
  if (nx > 1) offs[nd++] = 1;
  if (ny > 1) offs[nd++] = (ptrdiff_t)nx;
  golcl_bandmat *A;
  s = golcl_bandmat_create(ctx, n, nd, offs, dtype, &A);
  if (s != GOLCL_OK) return s;
  void *buf = malloc(bytes);
  if (!buf) s = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "%s: out of host memory", fn);
  for (size_t d = 0; d < nd && s == GOLCL_OK; d++) {
    stencil_diag(nx, n, offs[d], center, neighbour, dtype, buf);
    s = golcl_bandmat_set_diag(A, offs[d], buf);
  }
  free(buf);
  if (s != GOLCL_OK) {
    golcl_bandmat_destroy(A);
    return s;
  }
  *out = A;
  return GOLCL_OK;
}

golcl_status golcl_fd_laplacian(golcl_context *ctx, size_t nx, size_t ny, golcl_dtype dtype,
                                golcl_bandmat **out) {
  return golcl_fd_stencil5(ctx, nx, ny, -4.0, 1.0, dtype, out);
}

/* The argument checks of both wave builders (band and stencil forms). */
static golcl_status wave_check(golcl_context *ctx, int have_outs, double alpha, const char *fn) {
  if (!have_outs) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: A or M is NULL", fn);
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!(alpha >= 0) || isinf(alpha))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: alpha %g must be finite and >= 0", fn, alpha);
  return GOLCL_OK;
}

golcl_status golcl_fd_wave_cn(golcl_context *ctx, size_t nx, size_t ny, double alpha,
                              golcl_dtype dtype, golcl_bandmat **A, golcl_bandmat **M) {
  static const char fn[] = "golcl_fd_wave_cn";
  if (A) *A = NULL;
  if (M) *M = NULL;
  golcl_status s = wave_check(ctx, A && M, alpha, fn);
  if (s != GOLCL_OK) return s;
  golcl_bandmat *a, *m;
  s = golcl_fd_stencil5(ctx, nx, ny, 1.0 + 4.0 * alpha, -alpha, dtype, &a);
  if (s != GOLCL_OK) return s;
  s = golcl_fd_stencil5(ctx, nx, ny, 2.0 - 4.0 * alpha, alpha, dtype, &m);
  if (s != GOLCL_OK) {
    golcl_bandmat_destroy(a);
    return s;
  }
  *A = a;
  *M = m;
  return GOLCL_OK;
}

golcl_status golcl_fd_stencil5_op(golcl_context *ctx, size_t nx, size_t ny, double center,
                                  double neighbour, golcl_dtype dtype, golcl_stencil **out) {
  const double c[5] = {center, neighbour, neighbour, neighbour, neighbour};
  return golcl_stencil_create(ctx, GOLCL_STENCIL_5, nx, ny, 1, c, GOLCL_EDGE_DIRICHLET, dtype, out);
}

golcl_status golcl_fd_wave_cn_op(golcl_context *ctx, size_t nx, size_t ny, double alpha,
                                 golcl_dtype dtype, golcl_stencil **A, golcl_stencil **M) {
  static const char fn[] = "golcl_fd_wave_cn_op";
  if (A) *A = NULL;
  if (M) *M = NULL;
  golcl_status s = wave_check(ctx, A && M, alpha, fn);
  if (s != GOLCL_OK) return s;
  golcl_stencil *a, *m;
  s = golcl_fd_stencil5_op(ctx, nx, ny, 1.0 + 4.0 * alpha, -alpha, dtype, &a);
  if (s != GOLCL_OK) return s;
  s = golcl_fd_stencil5_op(ctx, nx, ny, 2.0 - 4.0 * alpha, alpha, dtype, &m);
  if (s != GOLCL_OK) {
    golcl_stencil_destroy(a);
    return s;
  }
  *A = a;
  *M = m;
  return GOLCL_OK;
}
