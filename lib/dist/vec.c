/* vec.c — distributed vectors: rows split over the ranks, each rank's part a golcl_vec; the dot
 * product reduced in rank order; gather to one rank; and the sum in rank order with the status
 * agreement that the CG iteration uses. */
#include "dist_la.h"

#include <stdlib.h>
#include <string.h>

golcl_status golcl__dist_allsum(golcl_dist_context *d, golcl_status local, double *vals, int n,
                                const char *fn) {
  /* one Allgather of [status, vals...] per rank; then the first failing rank's message */
  double mine[1 + DIST_MAX_SUMS], *all = d->sums;
  mine[0] = (double)local;
  for (int i = 0; i < n; i++) mine[1 + i] = local == GOLCL_OK ? vals[i] : 0.0;
  MPI_Allgather(mine, n + 1, MPI_DOUBLE, all, n + 1, MPI_DOUBLE, d->comm);
  for (int r = 0; r < d->size; r++)
    if (all[r * (n + 1)] != 0.0) { /* rank r failed: its status and message everywhere */
      char buf[DIST_MSG_CAP];
      if (d->rank == r) memcpy(buf, d->local_msg, sizeof buf);
      MPI_Bcast(buf, (int)sizeof buf, MPI_CHAR, r, d->comm);
      buf[sizeof buf - 1] = 0;
      snprintf(d->msg, sizeof d->msg, "rank %d: %s: %.900s", r, fn, buf);
      return (golcl_status)(int)all[r * (n + 1)];
    }
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int r = 0; r < d->size; r++) s += all[r * (n + 1) + 1 + i];
    vals[i] = s;
  }
  return GOLCL_OK;
}

golcl_status golcl__dist_sums_ready(golcl_dist_context *d) {
  if (d->sums) return GOLCL_OK;
  d->sums = malloc((size_t)d->size * (1 + DIST_MAX_SUMS) * sizeof(double));
  return d->sums ? GOLCL_OK : golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
}

golcl_status golcl__dist_copy(golcl_dist_context *d, golcl_vec *src, size_t so, golcl_vec *dst,
                              size_t doff, size_t count) {
  if (count == 0) return GOLCL_OK;
  size_t es = golcl_dtype_size(golcl_vec_dtype(src));
  cl_int err =
      clEnqueueCopyBuffer(golcl_context_cl_queue(d->ctx), golcl_vec_buffer(src),
                          golcl_vec_buffer(dst), so * es, doff * es, count * es, 0, NULL, NULL);
  return err == CL_SUCCESS
             ? GOLCL_OK
             : golcl__dist_fail(d, GOLCL_E_OPENCL, "clEnqueueCopyBuffer: %d", (int)err);
}

golcl_status golcl_dist_vec_create(golcl_dist_context *d, size_t n, golcl_dtype dtype,
                                   golcl_dist_vec **out) {
  if (!d) return GOLCL_E_INVALID_ARG;
  if (out) *out = NULL;
  golcl_status s = golcl__dist_sums_ready(d);
  golcl_dist_vec *v = NULL;
  if (s == GOLCL_OK && (!out || n == 0 || golcl_dtype_size(dtype) == 0))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                         "golcl_dist_vec_create: NULL out, n = 0 or a bad dtype");
  if (s == GOLCL_OK && !(v = calloc(1, sizeof *v)))
    s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) {
    v->d = d;
    v->n = n;
    v->dtype = dtype;
    uint64_t lo, cnt;
    golcl__dist_split(n, (uint64_t)d->size, (uint64_t)d->rank, &lo, &cnt);
    v->lo = (size_t)lo;
    v->count = (size_t)cnt;
    if (d->max_object_bytes && cnt * golcl_dtype_size(dtype) > d->max_object_bytes)
      s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY,
                           "golcl_dist_vec_create: above this rank's max_object_bytes");
    if (s == GOLCL_OK && cnt)
      s = golcl__dist_core(d, golcl_vec_create(d->ctx, v->count, dtype, NULL, &v->local),
                           "golcl_vec_create");
  }
  s = golcl__dist_agree(d, s, golcl__dist_fp(golcl__dist_fp(0, n), (uint64_t)dtype),
                        "golcl_dist_vec_create");
  if (s != GOLCL_OK) {
    golcl_dist_vec_destroy(v);
    return s;
  }
  *out = v;
  return GOLCL_OK;
}

void golcl_dist_vec_destroy(golcl_dist_vec *v) {
  if (!v) return;
  golcl_vec_destroy(v->local);
  free(v);
}

size_t golcl_dist_vec_size(const golcl_dist_vec *v) { return v ? v->n : 0; }

golcl_status golcl_dist_vec_range(const golcl_dist_vec *v, size_t *lo, size_t *count) {
  if (!v || !lo || !count) return GOLCL_E_INVALID_ARG;
  *lo = v->lo;
  *count = v->count;
  return GOLCL_OK;
}

golcl_vec *golcl_dist_vec_local(golcl_dist_vec *v) { return v ? v->local : NULL; }

golcl_status golcl_dist_vec_write_local(golcl_dist_vec *v, const void *src) {
  if (!v) return GOLCL_E_INVALID_ARG;
  golcl_status s = GOLCL_OK;
  if (v->count && !src)
    s = golcl__dist_fail(v->d, GOLCL_E_INVALID_ARG, "golcl_dist_vec_write_local: src is NULL");
  else if (v->count)
    s = golcl__dist_core(v->d, golcl_vec_write(v->local, 0, v->count, src), "golcl_vec_write");
  return golcl__dist_agree(v->d, s, 0, "golcl_dist_vec_write_local");
}

golcl_status golcl_dist_vec_gather(golcl_dist_vec *v, int root, void *dst) {
  if (!v) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = v->d;
  golcl_status s = GOLCL_OK;
  size_t es = golcl_dtype_size(v->dtype);
  if (root < 0 || root >= d->size)
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_vec_gather: root %d", root);
  else if (d->rank == root && !dst)
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_vec_gather: dst NULL on root");
  void *mine = v->count ? malloc(v->count * es) : NULL;
  if (s == GOLCL_OK && v->count && !mine)
    s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s = golcl__dist_agree(d, s, golcl__dist_fp(0, (uint64_t)root), "golcl_dist_vec_gather");
  if (s != GOLCL_OK) {
    free(mine);
    return s;
  }
  golcl_status ls =
      v->count ? golcl__dist_core(d, golcl_vec_read(v->local, 0, v->count, mine), "golcl_vec_read")
               : GOLCL_OK;
  /* rows by point-to-point messages of at most 2^30 bytes each */
  const size_t cap = (size_t)1 << 30;
  if (d->rank == root) {
    for (int r = 0; r < d->size; r++) {
      uint64_t lo, cnt;
      golcl__dist_split(v->n, (uint64_t)d->size, (uint64_t)r, &lo, &cnt);
      char *at = (char *)dst + lo * es;
      if (r == root) {
        if (cnt) memcpy(at, mine, cnt * es);
        continue;
      }
      for (size_t off = 0; off < cnt * es; off += cap) {
        size_t len = cnt * es - off < cap ? cnt * es - off : cap;
        MPI_Recv(at + off, (int)len, MPI_BYTE, r, 2, d->comm, MPI_STATUS_IGNORE);
      }
    }
  } else {
    for (size_t off = 0; off < v->count * es; off += cap) {
      size_t len = v->count * es - off < cap ? v->count * es - off : cap;
      MPI_Send((char *)mine + off, (int)len, MPI_BYTE, root, 2, d->comm);
    }
  }
  free(mine);
  return golcl__dist_agree(d, ls, 0, "golcl_dist_vec_gather");
}

golcl_status golcl__dist_vec_match(golcl_dist_vec *x, golcl_dist_vec *y, const char *fn) {
  if (x->d != y->d || x->n != y->n || x->dtype != y->dtype)
    return golcl__dist_fail(x->d, GOLCL_E_MISMATCH,
                            "%s: vectors of other contexts, lengths or "
                            "dtypes",
                            fn);
  return GOLCL_OK;
}

golcl_status golcl_dist_vec_dot(golcl_dist_vec *x, golcl_dist_vec *y, double *out) {
  if (!x || !y) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = x->d;
  golcl_status s = out ? golcl__dist_vec_match(x, y, "golcl_dist_vec_dot")
                       : golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_vec_dot: out NULL");
  double part = 0;
  if (s == GOLCL_OK && x->count)
    s = golcl__dist_core(d, golcl_vec_dot(x->local, y->local, &part), "golcl_vec_dot");
  s = golcl__dist_allsum(d, s, &part, 1, "golcl_dist_vec_dot");
  if (s == GOLCL_OK) *out = part;
  return s;
}
