/* csr.c — sparse matrices in compressed-sparse-row form: validation of the
 * host arrays, rows sorted and duplicates summed on the host, the diagonal
 * for Jacobi, and the launch of cl/la/csr.cl with the kernel chosen from the
 * mean row length. */
#include "la.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Rows at least this long on average get a work-group a row. */
#define CSR_VECTOR_MIN_ROW 32

typedef struct csr_entry {
  size_t col, order; /* order: position in the input, to sum duplicates in it */
  double v;
} csr_entry;

static int cmp_entry(const void *a, const void *b) {
  const csr_entry *x = a, *y = b;
  if (x->col != y->col) return x->col < y->col ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static golcl_status validate(golcl_context *ctx, size_t rows, size_t cols, const size_t *row_ptr,
                             const size_t *col_idx, const void *vals) {
  static const char fn[] = "golcl_csrmat_create";
  if (row_ptr[0] != 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: row_ptr[0] is %zu, not 0", fn, row_ptr[0]);
  for (size_t r = 0; r < rows; r++)
    if (row_ptr[r + 1] < row_ptr[r])
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "%s: row_ptr decreases at row %zu (%zu after %zu)", fn, r, row_ptr[r + 1],
                         row_ptr[r]);
  size_t nnz = row_ptr[rows];
  if (nnz > 0 && (!col_idx || !vals))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: cols or vals is NULL with %zu entries", fn,
                       nnz);
  for (size_t k = 0; k < nnz; k++)
    if (col_idx[k] >= cols)
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: entry %zu has column %zu >= %zu", fn, k,
                         col_idx[k], cols);
  if (rows > INT_MAX - 1 || cols > INT_MAX || nnz > INT_MAX)
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "%s: %zu x %zu with %zu entries: at most 2^31 - 1 of each", fn, rows, cols,
                       nnz);
  return GOLCL_OK;
}

/* Sorted, summed host arrays: rp (rows+1), ci, v (doubles), diag (rows, if
 * square). */
typedef struct csr_host {
  cl_int *rp, *ci;
  double *v, *diag;
  size_t nnz;
} csr_host;

static int compress(size_t rows, size_t cols, const size_t *row_ptr, const size_t *col_idx,
                    const void *vals, golcl_dtype dtype, csr_host *h) {
  size_t nnz = row_ptr[rows];
  size_t cap = nnz ? nnz : 1;
  h->rp = malloc((rows + 1) * sizeof *h->rp);
  h->ci = malloc(cap * sizeof *h->ci);
  h->v = malloc(cap * sizeof *h->v);
  h->diag = rows == cols ? calloc(rows, sizeof *h->diag) : NULL;
  csr_entry *row = malloc(cap * sizeof *row);
  if (!h->rp || !h->ci || !h->v || !row || (rows == cols && !h->diag)) {
    free(row);
    return -1;
  }
  size_t out = 0;
  h->rp[0] = 0;
  for (size_t r = 0; r < rows; r++) {
    size_t len = row_ptr[r + 1] - row_ptr[r];
    for (size_t t = 0; t < len; t++) {
      size_t k = row_ptr[r] + t;
      row[t].col = col_idx[k];
      row[t].order = t;
      row[t].v = dtype == GOLCL_F64 ? ((const double *)vals)[k] : (double)((const float *)vals)[k];
    }
    qsort(row, len, sizeof *row, cmp_entry);
    for (size_t t = 0; t < len; t++) {
      if (t > 0 && row[t].col == row[t - 1].col) {
        h->v[out - 1] += row[t].v; /* a duplicate: summed */
      } else {
        h->ci[out] = (cl_int)row[t].col;
        h->v[out] = row[t].v;
        out++;
      }
    }
    h->rp[r + 1] = (cl_int)out;
    if (h->diag)
      for (cl_int k = h->rp[r]; k < h->rp[r + 1]; k++)
        if ((size_t)h->ci[k] == r) h->diag[r] = h->v[k];
  }
  free(row);
  h->nnz = out;
  return 0;
}

static golcl_status upload(golcl_context *ctx, const void *src, size_t bytes, cl_mem *m) {
  golcl_status s = golcl__buffer(ctx, bytes, CL_MEM_READ_ONLY, m);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueWriteBuffer(ctx->queue, *m, CL_TRUE, 0, bytes, src, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  return s;
}

/* doubles → dtype in place (f32: into the first half of the same memory). */
static void *to_dtype(double *v, size_t n, golcl_dtype dtype) {
  if (dtype == GOLCL_F64) return v;
  float *f = (float *)v;
  for (size_t i = 0; i < n; i++) f[i] = (float)v[i];
  return f;
}

golcl_status golcl_csrmat_create(golcl_context *ctx, size_t rows, size_t cols,
                                 const size_t *row_ptr, const size_t *col_idx, const void *vals,
                                 golcl_dtype dtype, golcl_csrmat **out) {
  static const char fn[] = "golcl_csrmat_create";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!row_ptr) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: row_ptr is NULL", fn);
  if (rows == 0 || cols == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: %zu x %zu has a zero side", fn, rows, cols);
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s == GOLCL_OK) s = validate(ctx, rows, cols, row_ptr, col_idx, vals);
  if (s != GOLCL_OK) return s;
  csr_host h = {0};
  golcl_csrmat *M = calloc(1, sizeof *M);
  if (!M || compress(rows, cols, row_ptr, col_idx, vals, dtype, &h) != 0) {
    free(M);
    free(h.rp), free(h.ci), free(h.v), free(h.diag);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  M->ctx = ctx;
  M->rows = rows;
  M->cols = cols;
  M->nnz = h.nnz;
  M->dtype = dtype;
  M->vector = h.nnz / rows >= CSR_VECTOR_MIN_ROW;
  M->op = (golcl_op){ctx, rows, dtype, GOLCL__OP_CSR, M, NULL, NULL, 0};
  size_t es = golcl_dtype_size(dtype), cap = h.nnz ? h.nnz : 1;
  s = upload(ctx, h.rp, (rows + 1) * sizeof(cl_int), &M->row_ptr);
  if (s == GOLCL_OK) s = upload(ctx, h.ci, cap * sizeof(cl_int), &M->col_idx);
  if (s == GOLCL_OK) s = upload(ctx, to_dtype(h.v, cap, dtype), cap * es, &M->vals);
  if (s == GOLCL_OK && h.diag) s = upload(ctx, to_dtype(h.diag, rows, dtype), rows * es, &M->diag);
  free(h.rp), free(h.ci), free(h.v), free(h.diag);
  if (s != GOLCL_OK) {
    golcl_csrmat_destroy(M);
    return s;
  }
  *out = M;
  return GOLCL_OK;
}

void golcl_csrmat_destroy(golcl_csrmat *M) {
  if (!M) return;
  cl_mem m[] = {M->row_ptr, M->col_idx, M->vals, M->diag};
  for (int i = 0; i < 4; i++)
    if (m[i]) clReleaseMemObject(m[i]);
  free(M);
}

size_t golcl_csrmat_nnz(const golcl_csrmat *M) { return M ? M->nnz : 0; }
const golcl_op *golcl_csrmat_op(const golcl_csrmat *M) {
  return M && M->rows == M->cols ? &M->op : NULL;
}

golcl_status golcl__csrmat_apply(const golcl_csrmat *M, cl_mem x, cl_mem y, cl_mem out) {
  golcl_context *ctx = M->ctx;
  golcl__la_geom g = golcl__la_geometry(ctx, M->rows, GOLCL__LA_STREAM);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__la_options(&o, M->dtype, 0, &g);
  cl_kernel k;
  golcl_status s =
      golcl__la_kernel(ctx, "la/csr.cl", &o, M->vector ? "csr_mv_vector" : "csr_mv_scalar", &k);
  if (s != GOLCL_OK) return s;
  cl_int rows = (cl_int)M->rows, has_y = y != NULL;
  cl_mem yy = y ? y : x;
  s = golcl__args(ctx, k, GOLCL__ARG(rows), GOLCL__ARG(M->row_ptr), GOLCL__ARG(M->col_idx),
                  GOLCL__ARG(M->vals), GOLCL__ARG(x), GOLCL__ARG(yy), GOLCL__ARG(has_y),
                  GOLCL__ARG(out), GOLCL__END);
  if (s != GOLCL_OK) return s;
  size_t local = g.local;
  size_t global = M->vector ? g.groups * g.local : golcl__round_up(M->rows, g.local);
  return golcl__launch(ctx, k, 1, &global, &local);
}

golcl_status golcl_csrmat_mv(const golcl_csrmat *M, const golcl_vec *x, const golcl_vec *y,
                             golcl_vec *out) {
  static const char fn[] = "golcl_csrmat_mv";
  if (!M) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: M is NULL", fn);
  golcl_status s = golcl__mv_check(M->ctx, M->dtype, M->rows, M->cols, x, y, out, fn);
  if (s != GOLCL_OK) return s;
  return golcl__csrmat_apply(M, x->buf, y ? y->buf : NULL, out->buf);
}
