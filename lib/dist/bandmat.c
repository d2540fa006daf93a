/* bandmat.c — distributed band matrices: each rank's rows in an ordinary golcl_bandmat over
 * the extended range of its rows plus a halo of the largest offset on each side (the halo rows
 * are zero, so products and dot products over extended vectors see only the owned rows); the
 * halo plan and its exchange through the host; the product; the finite-difference helpers. */
#include "dist_la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Adds the part of [a, b) (global rows) that rank q owns to a peer's runs, in extended
 * indices of the rank whose vector holds them (origin = its first extended row). */
static void add_run(dist_peer *p, size_t a, size_t b, size_t qlo, size_t qcnt, size_t origin) {
  size_t x0 = a > qlo ? a : qlo, x1 = b < qlo + qcnt ? b : qlo + qcnt;
  if (x0 >= x1) return;
  p->run[p->nrun].at = x0 - origin;
  p->run[p->nrun].len = x1 - x0;
  p->nrun++;
  p->len += x1 - x0;
}

/* The halo of rank r: rows [lo - hlo, lo) and [lo + count, lo + count + hhi). */
static void halo_of(size_t n, int P, int r, size_t h, size_t *lo, size_t *cnt, size_t *hlo,
                    size_t *hhi) {
  uint64_t l, c;
  golcl__dist_split(n, (uint64_t)P, (uint64_t)r, &l, &c);
  *lo = (size_t)l;
  *cnt = (size_t)c;
  *hlo = c ? (l < h ? (size_t)l : h) : 0;
  *hhi = c ? (n - l - c < h ? (size_t)(n - l - c) : h) : 0;
}

static golcl_status make_plan(golcl_dist_bandmat *A, size_t h) {
  golcl_dist_context *d = A->d;
  A->send = calloc((size_t)d->size, sizeof *A->send);
  A->recv = calloc((size_t)d->size, sizeof *A->recv);
  A->reqs = calloc(2 * (size_t)d->size, sizeof *A->reqs);
  if (!A->send || !A->recv || !A->reqs)
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t es = golcl_dtype_size(A->dtype), my0 = A->lo - A->hlo;
  for (int q = 0; q < d->size && A->count; q++) {
    if (q == d->rank) continue;
    size_t qlo, qcnt, qhlo, qhhi;
    halo_of(A->n, d->size, q, h, &qlo, &qcnt, &qhlo, &qhhi);
    dist_peer in = {q, {{0, 0}, {0, 0}}, 0, 0, NULL}, out = in;
    /* what I receive: my halo below and above, where q owns it */
    add_run(&in, A->lo - A->hlo, A->lo, qlo, qcnt, my0);
    add_run(&in, A->lo + A->count, A->lo + A->count + A->hhi, qlo, qcnt, my0);
    /* what I send: q's halo below and above, where I own it */
    if (qcnt) {
      add_run(&out, qlo - qhlo, qlo, A->lo, A->count, my0);
      add_run(&out, qlo + qcnt, qlo + qcnt + qhhi, A->lo, A->count, my0);
    }
    if (in.len) A->recv[A->nrecv++] = in;
    if (out.len) A->send[A->nsend++] = out;
  }
  /* every halo row in one pinned buffer */
  size_t total = 0;
  for (int i = 0; i < A->nrecv; i++) total += A->recv[i].len * es;
  for (int i = 0; i < A->nsend; i++) total += A->send[i].len * es;
  if (!total) return GOLCL_OK;
  void *p = NULL;
  golcl_status s = golcl__dist_pinned(d, total, &A->pinned, &p);
  if (s != GOLCL_OK) return s;
  A->pinned_ptr = p;
  char *at = p;
  for (int i = 0; i < A->nrecv; i++, at += A->recv[i - 1].len * es) A->recv[i].buf = at;
  for (int i = 0; i < A->nsend; i++, at += A->send[i - 1].len * es) A->send[i].buf = at;
  return GOLCL_OK;
}

/* Queues the reads of the rows buf sends into the send buffers, the last one blocking when
 * `wait` (in-order queue: then every earlier command is done too). */
static void halo_reads(golcl_dist_bandmat *A, cl_mem buf, cl_bool wait, golcl_status *ls) {
  golcl_dist_context *d = A->d;
  cl_command_queue q = golcl_context_cl_queue(d->ctx);
  size_t es = golcl_dtype_size(A->dtype);
  cl_int err = CL_SUCCESS;
  for (int i = 0; i < A->nsend && *ls == GOLCL_OK; i++) {
    char *p = A->send[i].buf;
    for (int j = 0; j < A->send[i].nrun && err == CL_SUCCESS; j++) {
      const dist_run *r = &A->send[i].run[j];
      cl_bool last = wait && i == A->nsend - 1 && j == A->send[i].nrun - 1;
      err = clEnqueueReadBuffer(q, buf, last, r->at * es, r->len * es, p, 0, NULL, NULL);
      p += r->len * es;
    }
    if (err != CL_SUCCESS)
      *ls = golcl__dist_fail(d, GOLCL_E_OPENCL, "clEnqueueReadBuffer (halo): %d", (int)err);
  }
  if (*ls != GOLCL_OK) clFinish(q); /* no read left writing into the send buffers */
}

void golcl__dist_halo_prefetch(golcl_dist_bandmat *A, cl_mem buf, golcl_status *ls) {
  halo_reads(A, buf, CL_FALSE, ls);
}

void golcl__dist_halo_buf(golcl_dist_bandmat *A, cl_mem buf, golcl_status *ls) {
  golcl__dist_halo_buf_read(A, buf, 0, ls);
}

void golcl__dist_halo_buf_read(golcl_dist_bandmat *A, cl_mem buf, int fetched, golcl_status *ls) {
  golcl__dist_halo_post(A, buf, fetched, ls);
  golcl__dist_halo_finish(A, buf, ls);
}

void golcl__dist_halo_post(golcl_dist_bandmat *A, cl_mem buf, int fetched, golcl_status *ls) {
  golcl_dist_context *d = A->d;
  cl_command_queue q = golcl_context_cl_queue(d->ctx);
  size_t es = golcl_dtype_size(A->dtype);
  cl_int err = CL_SUCCESS;
  /* The last exchange's writes may still read the receive buffers: the blocking reads below
   * (in-order queue) wait for them; without reads, wait here. A prefetch was followed by a
   * blocking read, which waited for them. */
  if (!fetched && A->writes_pending && A->nsend == 0 && (err = clFinish(q)) != CL_SUCCESS)
    *ls = golcl__dist_fail(d, GOLCL_E_OPENCL, "clFinish (halo): %d", (int)err);
  A->writes_pending = 0;
  /* the reads queued back to back, the last one blocking (in-order queue); receives are
   * posted after it, when no queued write reads the receive buffers any more */
  double t0 = MPI_Wtime();
  if (!fetched) halo_reads(A, buf, CL_TRUE, ls);
  double t1 = MPI_Wtime();
  d->cg_stats.device_s += t1 - t0;
  int n = 0;
  for (int i = 0; i < A->nrecv; i++)
    MPI_Irecv(A->recv[i].buf, (int)(A->recv[i].len * es), MPI_BYTE, A->recv[i].rank, 3, d->comm,
              &A->reqs[n++]);
  for (int i = 0; i < A->nsend; i++)
    MPI_Isend(A->send[i].buf, (int)(A->send[i].len * es), MPI_BYTE, A->send[i].rank, 3, d->comm,
              &A->reqs[n++]);
  A->nreqs = n;
  d->cg_stats.halo_s += MPI_Wtime() - t1;
}

void golcl__dist_halo_finish(golcl_dist_bandmat *A, cl_mem buf, golcl_status *ls) {
  golcl_dist_context *d = A->d;
  cl_command_queue q = golcl_context_cl_queue(d->ctx);
  size_t es = golcl_dtype_size(A->dtype);
  cl_int err = CL_SUCCESS;
  double t1 = MPI_Wtime();
  MPI_Waitall(A->nreqs, A->reqs, MPI_STATUSES_IGNORE);
  A->nreqs = 0;
  double t2 = MPI_Wtime();
  d->cg_stats.halo_s += t2 - t1;
  /* The writes are queued, not waited for (see the top); buf NULL: none (the messages only) */
  for (int i = 0; buf && i < A->nrecv && *ls == GOLCL_OK; i++) {
    const char *p = A->recv[i].buf;
    for (int j = 0; j < A->recv[i].nrun && err == CL_SUCCESS; j++) {
      const dist_run *r = &A->recv[i].run[j];
      err = clEnqueueWriteBuffer(q, buf, CL_FALSE, r->at * es, r->len * es, p, 0, NULL, NULL);
      p += r->len * es;
    }
    if (err != CL_SUCCESS)
      *ls = golcl__dist_fail(d, GOLCL_E_OPENCL, "clEnqueueWriteBuffer (halo): %d", (int)err);
  }
  A->writes_pending = buf && A->nrecv > 0;
  d->cg_stats.write_s += MPI_Wtime() - t2;
}

void golcl__dist_halo(golcl_dist_bandmat *A, golcl_vec *ve, golcl_status *ls) {
  golcl__dist_halo_buf(A, ve ? golcl_vec_buffer(ve) : NULL, ls);
}

void golcl_dist_bandmat_destroy(golcl_dist_bandmat *A) {
  if (!A) return;
  if (A->writes_pending) clFinish(golcl_context_cl_queue(A->d->ctx)); /* before the buffers go */
  golcl_bandmat_destroy(A->local);
  golcl_vec_destroy(A->xe);
  golcl_vec_destroy(A->ye);
  golcl_vec_destroy(A->oe);
  golcl__dist_pinned_free(A->d, A->pinned, A->pinned_ptr);
  free(A->send);
  free(A->recv);
  free(A->reqs);
  free(A->offsets);
  free(A);
}

static golcl_status check_offsets(golcl_dist_context *d, size_t n, size_t ndiag,
                                  const ptrdiff_t *off, size_t *h) {
  *h = 0;
  if (!off || n == 0 || ndiag == 0)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                            "golcl_dist_bandmat_create: NULL offsets, n or ndiag 0");
  for (size_t i = 0; i < ndiag; i++) {
    size_t a = (size_t)(off[i] < 0 ? -off[i] : off[i]);
    if (a >= n)
      return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_bandmat_create: |offset| >= n");
    for (size_t j = 0; j < i; j++)
      if (off[j] == off[i])
        return golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                                "golcl_dist_bandmat_create: offset %td repeated", off[i]);
    if (a > *h) *h = a;
  }
  return GOLCL_OK;
}

/* This rank's local matrix: the offsets that reach within its m extended rows. */
static golcl_status make_local(golcl_dist_bandmat *A) {
  golcl_dist_context *d = A->d;
  ptrdiff_t *fit = malloc(A->ndiag * sizeof *fit);
  if (!fit) return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t nfit = 0;
  for (size_t i = 0; i < A->ndiag; i++) {
    size_t a = (size_t)(A->offsets[i] < 0 ? -A->offsets[i] : A->offsets[i]);
    if (a < A->m) fit[nfit++] = A->offsets[i];
    A->has_main |= A->offsets[i] == 0;
  }
  golcl_status s = GOLCL_OK;
  if (nfit)
    s = golcl__dist_core(d, golcl_bandmat_create(d->ctx, A->m, nfit, fit, A->dtype, &A->local),
                         "golcl_bandmat_create");
  free(fit);
  golcl_vec **w[] = {&A->xe, &A->ye, &A->oe};
  for (int i = 0; i < 3 && s == GOLCL_OK; i++)
    s = golcl__dist_core(d, golcl_vec_create(d->ctx, A->m, A->dtype, NULL, w[i]),
                         "golcl_vec_create");
  return s;
}

golcl_status golcl_dist_bandmat_create(golcl_dist_context *d, size_t n, size_t ndiag,
                                       const ptrdiff_t *offsets, golcl_dtype dtype,
                                       golcl_dist_bandmat **out) {
  if (!d) return GOLCL_E_INVALID_ARG;
  if (out) *out = NULL;
  size_t h = 0;
  golcl_status s = golcl__dist_sums_ready(d);
  if (s == GOLCL_OK) s = check_offsets(d, n, ndiag, offsets, &h);
  if (s == GOLCL_OK && (!out || golcl_dtype_size(dtype) == 0))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                         "golcl_dist_bandmat_create: NULL out or bad dtype");
  golcl_dist_bandmat *A = s == GOLCL_OK ? calloc(1, sizeof *A) : NULL;
  if (s == GOLCL_OK && !A) s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) {
    A->d = d;
    A->n = n;
    A->dtype = dtype;
    A->ndiag = ndiag;
    halo_of(n, d->size, d->rank, h, &A->lo, &A->count, &A->hlo, &A->hhi);
    A->m = A->hlo + A->count + A->hhi;
    A->offsets = malloc(ndiag * sizeof *A->offsets);
    if (!A->offsets)
      s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    else
      memcpy(A->offsets, offsets, ndiag * sizeof *offsets);
    uint64_t bytes = (uint64_t)A->m * golcl_dtype_size(dtype) * (ndiag + 3);
    if (s == GOLCL_OK && d->max_object_bytes && bytes > d->max_object_bytes)
      s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY,
                           "golcl_dist_bandmat_create: above this rank's max_object_bytes");
  }
  if (s == GOLCL_OK && A->count) s = make_local(A);
  if (s == GOLCL_OK) s = make_plan(A, h);
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(0, n), (uint64_t)dtype);
  if (offsets) fp = golcl__dist_fp_bytes(fp, offsets, ndiag * sizeof *offsets);
  s = golcl__dist_agree(d, s, fp, "golcl_dist_bandmat_create");
  if (s != GOLCL_OK) {
    golcl_dist_bandmat_destroy(A);
    return s;
  }
  *out = A;
  return GOLCL_OK;
}

/* Sets one diagonal of the local matrix from this rank's row values (local work). */
static golcl_status set_diag_local(golcl_dist_bandmat *A, ptrdiff_t off, const void *values) {
  golcl_dist_context *d = A->d;
  size_t es = golcl_dtype_size(A->dtype), a = (size_t)(off < 0 ? -off : off);
  if (A->count == 0) return GOLCL_OK;
  char *ext = calloc(A->m, es);
  if (!ext) return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  memcpy(ext + A->hlo * es, values, A->count * es);
  golcl_status s = GOLCL_OK;
  if (a < A->m) s = golcl__dist_core(d, golcl_bandmat_set_diag(A->local, off, ext), "set_diag");
  free(ext);
  return s;
}

golcl_status golcl_dist_bandmat_set_diag(golcl_dist_bandmat *A, ptrdiff_t off, const void *values) {
  if (!A) return GOLCL_E_INVALID_ARG;
  golcl_status s = GOLCL_OK;
  size_t i;
  for (i = 0; i < A->ndiag && A->offsets[i] != off; i++) {
  }
  if (i == A->ndiag || (A->count && !values))
    s = golcl__dist_fail(
        A->d, GOLCL_E_INVALID_ARG,
        "golcl_dist_bandmat_set_diag: offset %td not in the matrix, or NULL values", off);
  if (s == GOLCL_OK) s = set_diag_local(A, off, values);
  return golcl__dist_agree(A->d, s, golcl__dist_fp(0, (uint64_t)off),
                           "golcl_dist_bandmat_set_diag");
}

golcl_status golcl_dist_bandmat_mv(golcl_dist_bandmat *A, golcl_dist_vec *x, golcl_dist_vec *y,
                                   golcl_dist_vec *out) {
  if (!A || !x || !out) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = A->d;
  golcl_status s = GOLCL_OK;
  if (x == out) s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_bandmat_mv: out == x");
  if (s == GOLCL_OK) s = golcl__dist_vec_match(x, out, "golcl_dist_bandmat_mv");
  if (s == GOLCL_OK && y) s = golcl__dist_vec_match(x, y, "golcl_dist_bandmat_mv");
  if (s == GOLCL_OK && (x->n != A->n || x->dtype != A->dtype))
    s = golcl__dist_fail(d, GOLCL_E_MISMATCH, "golcl_dist_bandmat_mv: vector and matrix differ");
  s = golcl__dist_agree(d, s, y ? 1 : 0, "golcl_dist_bandmat_mv");
  if (s != GOLCL_OK) return s;
  golcl_status ls = GOLCL_OK;
  if (A->count) ls = golcl__dist_copy(d, x->local, 0, A->xe, A->hlo, A->count);
  golcl__dist_halo(A, A->xe, &ls);
  if (ls == GOLCL_OK && A->count) {
    if (y) ls = golcl__dist_copy(d, y->local, 0, A->ye, A->hlo, A->count);
    if (ls == GOLCL_OK && A->local)
      ls = golcl__dist_core(d, golcl_bandmat_mv(A->local, A->xe, y ? A->ye : NULL, A->oe),
                            "golcl_bandmat_mv");
    else if (ls == GOLCL_OK) /* no diagonal reaches these rows: out = y or 0 */
      ls = golcl__dist_core(d, golcl_vec_axpby(y ? 1.0 : 0.0, y ? A->ye : A->xe, 0, NULL, A->oe),
                            "golcl_vec_axpby");
    if (ls == GOLCL_OK) ls = golcl__dist_copy(d, A->oe, A->hlo, out->local, 0, A->count);
  }
  return golcl__dist_agree(d, ls, 0, "golcl_dist_bandmat_mv");
}

golcl_status golcl_dist_fd_stencil5(golcl_dist_context *d, size_t nx, size_t ny, double center,
                                    double neighbour, golcl_dtype dtype, golcl_dist_bandmat **out) {
  if (!d) return GOLCL_E_INVALID_ARG;
  if (out) *out = NULL;
  ptrdiff_t off[5];
  size_t nd = 0;
  off[nd++] = 0;
  if (nx > 1) {
    off[nd++] = -1;
    off[nd++] = 1;
  }
  if (ny > 1 && nx > 0) {
    off[nd++] = -(ptrdiff_t)nx;
    off[nd++] = (ptrdiff_t)nx;
  }
  size_t n = nx && ny && nx <= SIZE_MAX / ny ? nx * ny : 0;
  golcl_dist_bandmat *A = NULL;
  golcl_status s = golcl_dist_bandmat_create(d, n, nd, off, dtype, &A);
  if (s != GOLCL_OK) return s;
  size_t es = golcl_dtype_size(dtype);
  char *v = A->count ? malloc(A->count * es) : NULL;
  s = A->count && !v ? golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory") : GOLCL_OK;
  for (size_t k = 0; k < nd && s == GOLCL_OK; k++) {
    for (size_t i = 0; i < A->count; i++) {
      size_t row = A->lo + i, ix = row % nx, iy = row / nx;
      double val;
      switch (off[k] == 0 ? 0 : off[k] == -1 ? 1 : off[k] == 1 ? 2 : off[k] < 0 ? 3 : 4) {
        case 0:
          val = center;
          break;
        case 1:
          val = ix > 0 ? neighbour : 0;
          break;
        case 2:
          val = ix + 1 < nx ? neighbour : 0;
          break;
        case 3:
          val = iy > 0 ? neighbour : 0;
          break;
        default:
          val = iy + 1 < ny ? neighbour : 0;
          break;
      }
      if (dtype == GOLCL_F32)
        ((float *)v)[i] = (float)val;
      else
        ((double *)v)[i] = val;
    }
    s = set_diag_local(A, off[k], v);
    s = golcl__dist_agree(d, s, 0, "golcl_dist_fd_stencil5");
  }
  if (s == GOLCL_OK && nd == 0) s = golcl__dist_agree(d, s, 0, "golcl_dist_fd_stencil5");
  free(v);
  if (s != GOLCL_OK) {
    golcl_dist_bandmat_destroy(A);
    return s;
  }
  *out = A;
  return GOLCL_OK;
}

golcl_status golcl_dist_fd_wave_cn(golcl_dist_context *d, size_t nx, size_t ny, double alpha,
                                   golcl_dtype dtype, golcl_dist_bandmat **A,
                                   golcl_dist_bandmat **M) {
  if (!d) return GOLCL_E_INVALID_ARG;
  if (A) *A = NULL;
  if (M) *M = NULL;
  golcl_status s = GOLCL_OK;
  if (!A || !M || !(alpha >= 0 && isfinite(alpha)))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_fd_wave_cn: NULL A or M, bad alpha");
  uint64_t bits;
  memcpy(&bits, &alpha, sizeof bits);
  s = golcl__dist_agree(d, s, bits, "golcl_dist_fd_wave_cn");
  if (s != GOLCL_OK) return s;
  s = golcl_dist_fd_stencil5(d, nx, ny, 1 + 4 * alpha, -alpha, dtype, A);
  if (s == GOLCL_OK) s = golcl_dist_fd_stencil5(d, nx, ny, 2 - 4 * alpha, alpha, dtype, M);
  if (s != GOLCL_OK) {
    golcl_dist_bandmat_destroy(*A);
    *A = NULL;
  }
  return s;
}
