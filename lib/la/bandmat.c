/* bandmat.c — band matrices stored by diagonals at any offsets, and the
 * launch of cl/la/bandmat.cl (out = alpha·A·x + beta·y). */
#include "la.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

golcl_status golcl_bandmat_create(golcl_context *ctx, size_t n, size_t ndiag,
                                  const ptrdiff_t *offsets, golcl_dtype dtype,
                                  golcl_bandmat **out) {
  return golcl_bandmat_create_ex(ctx, n, ndiag, offsets, dtype, 0, out);
}

/* o mod n in 0..n-1 for |o| < n. */
static size_t mod_n(ptrdiff_t o, size_t n) { return o >= 0 ? (size_t)o : n - (size_t)(-o); }

golcl_status golcl_bandmat_create_ex(golcl_context *ctx, size_t n, size_t ndiag,
                                     const ptrdiff_t *offsets, golcl_dtype dtype, unsigned flags,
                                     golcl_bandmat **out) {
  static const char fn[] = "golcl_bandmat_create";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!offsets) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: offsets is NULL", fn);
  if (n == 0 || ndiag == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: n = %zu, ndiag = %zu (both must be > 0)", fn,
                       n, ndiag);
  if (flags & ~(unsigned)GOLCL_BAND_WRAP)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: unknown flags 0x%x", fn, flags);
  const int wrap = (flags & GOLCL_BAND_WRAP) != 0;
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s != GOLCL_OK) return s;
  if (wrap && ndiag > n)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: %zu wrapping diagonals cannot be distinct modulo %zu", fn, ndiag, n);
  if (ndiag / 2 >= n) /* at most 2n − 1 distinct offsets */
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: %zu diagonals cannot be distinct in a matrix of order %zu", fn, ndiag,
                       n);
  long dmain = -1;
  for (size_t d = 0; d < ndiag; d++) {
    ptrdiff_t o = offsets[d];
    /* |o| < n, written so that neither side overflows. */
    if ((o >= 0 && (size_t)o >= n) || (o < 0 && (o == PTRDIFF_MIN || (size_t)(-o) >= n)))
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "%s: offset %td is outside a matrix of order %zu", fn, o, n);
    for (size_t e = 0; e < d; e++)
      if (offsets[e] == o || (wrap && mod_n(offsets[e], n) == mod_n(o, n)))
        return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: offset %td given twice%s", fn, o,
                           wrap ? " (modulo n)" : "");
    if (o == 0) dmain = (long)d;
  }
  size_t count, bytes, obytes;
  if (golcl__mul_size(ndiag, n, &count) != 0 || golcl__la_bytes(dtype, count, &bytes) != 0 ||
      golcl__mul_size(ndiag, sizeof(cl_long), &obytes) != 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: %zu diagonals of %zu overflow", fn, ndiag, n);
  golcl_bandmat *A = calloc(1, sizeof *A);
  cl_long *lo = malloc(obytes);
  if (A) A->offsets = malloc(ndiag * sizeof *A->offsets);
  if (!A || !lo || !A->offsets) {
    free(lo);
    if (A) free(A->offsets);
    free(A);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  A->ctx = ctx;
  A->op = (golcl_op){ctx, n, dtype, GOLCL__OP_BAND, A, NULL, NULL, 0};
  A->wrap = wrap;
  A->n = n;
  A->ndiag = ndiag;
  A->dtype = dtype;
  A->dmain = dmain;
  for (size_t d = 0; d < ndiag; d++) {
    A->offsets[d] = offsets[d];
    lo[d] = (cl_long)offsets[d];
  }
  s = golcl__buffer(ctx, obytes, CL_MEM_READ_ONLY, &A->offs);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, A->offs, CL_TRUE, 0, obytes, lo, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  free(lo);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &A->vals);
  if (s == GOLCL_OK) {
    cl_double zero = 0; /* all-zero bits: 0.0 in either dtype */
    s = golcl__fill(ctx, A->vals, &zero, golcl_dtype_size(dtype), 0, bytes);
  }
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (s != GOLCL_OK) {
    golcl_bandmat_destroy(A);
    return s;
  }
  *out = A;
  return GOLCL_OK;
}

void golcl_bandmat_destroy(golcl_bandmat *A) {
  if (!A) return;
  if (A->offs) clReleaseMemObject(A->offs);
  if (A->vals) clReleaseMemObject(A->vals);
  free(A->offsets);
  free(A);
}

size_t golcl_bandmat_size(const golcl_bandmat *A) { return A ? A->n : 0; }
const golcl_op *golcl_bandmat_op(const golcl_bandmat *A) { return A ? &A->op : NULL; }

golcl_status golcl_bandmat_set_diag(golcl_bandmat *A, ptrdiff_t offset, const void *values) {
  static const char fn[] = "golcl_bandmat_set_diag";
  if (!A) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: A is NULL", fn);
  if (!values) return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG, "%s: values is NULL", fn);
  size_t d = 0;
  while (d < A->ndiag && A->offsets[d] != offset) d++;
  if (d == A->ndiag)
    return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG, "%s: the matrix has no diagonal at offset %td",
                       fn, offset);
  /* Rows [lo, hi) have their column inside; the others are stored as zero. */
  size_t n = A->n, es = golcl_dtype_size(A->dtype);
  size_t lo = offset < 0 && !A->wrap ? (size_t)(-offset) : 0;
  size_t hi = offset > 0 && !A->wrap ? n - (size_t)offset : n;
  size_t base = d * n * es;
  golcl_context *ctx = A->ctx;
  cl_double zero = 0;
  golcl_status s = GOLCL_OK;
  if (lo > 0) s = golcl__fill(ctx, A->vals, &zero, es, base, lo * es);
  if (s == GOLCL_OK && hi < n)
    s = golcl__fill(ctx, A->vals, &zero, es, base + hi * es, (n - hi) * es);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx,
        clEnqueueWriteBuffer(ctx->queue, A->vals, CL_TRUE, base + lo * es, (hi - lo) * es,
                             (const char *)values + lo * es, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  return s;
}

golcl_status golcl__bandmat_apply(const golcl_bandmat *A, double alpha, cl_mem x, double beta,
                                  cl_mem y, cl_mem out) {
  golcl_context *ctx = A->ctx;
  golcl__la_geom g = golcl__la_geometry(ctx, A->n, GOLCL__LA_STREAM);
  int wide = golcl__la_idx_long(A->ndiag * A->n, &g);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__la_options(&o, A->dtype, wide, &g);
  golcl__opts_define(&o, "NDIAG", (long long)A->ndiag);
  golcl__opts_define(&o, "LA_BAND_WRAP", A->wrap);
  cl_kernel k;
  golcl_status s = golcl__la_kernel(ctx, "la/bandmat.cl", &o, "band_mv", &k);
  if (s != GOLCL_OK) return s;
  cl_int has_y = y != NULL, ni = (cl_int)A->n;
  cl_long nl = (cl_long)A->n;
  cl_float af = (cl_float)alpha, bf = (cl_float)beta;
  cl_double ad = alpha, bd = beta;
  int f64 = A->dtype == GOLCL_F64;
  size_t rs = f64 ? sizeof ad : sizeof af;
  cl_mem yy = y ? y : x;
  s = golcl__args(
      ctx, k, wide ? sizeof nl : sizeof ni, wide ? (const void *)&nl : (const void *)&ni,
      GOLCL__ARG(A->offs), GOLCL__ARG(A->vals), GOLCL__ARG(x), rs,
      f64 ? (const void *)&ad : (const void *)&af, GOLCL__ARG(yy), rs,
      f64 ? (const void *)&bd : (const void *)&bf, GOLCL__ARG(has_y), GOLCL__ARG(out), GOLCL__END);
  size_t global = g.groups * g.local, local = g.local;
  return s == GOLCL_OK ? golcl__launch(ctx, k, 1, &global, &local) : s;
}

golcl_status golcl_bandmat_mv(const golcl_bandmat *A, const golcl_vec *x, const golcl_vec *y,
                              golcl_vec *out) {
  static const char fn[] = "golcl_bandmat_mv";
  if (!A) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: A is NULL", fn);
  golcl_status s = golcl__mv_check(A->ctx, A->dtype, A->n, A->n, x, y, out, fn);
  if (s != GOLCL_OK) return s;
  return golcl__bandmat_apply(A, 1.0, x->buf, 1.0, y ? y->buf : NULL, out->buf);
}
