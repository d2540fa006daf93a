/* la.h — private linear-algebra API: the vector and matrix structs, the
 * launch geometry of the reductions and the kernel build options. */
#ifndef GOLCL_LA_PRIVATE_H
#define GOLCL_LA_PRIVATE_H

#include "../core/core.h"
#include "golcl_la.h"

struct golcl_vec {
  golcl_context *ctx;
  size_t n;
  golcl_dtype dtype;
  cl_mem buf;            /* n elements */
  cl_mem scratch;        /* reduction partials + result, allocated on first use */
  size_t scratch_groups; /* the geometry's groups it was sized for */
};

typedef struct golcl__cg_ws golcl__cg_ws;

struct golcl_bandmat {
  golcl_context *ctx;
  size_t n, ndiag;
  golcl_dtype dtype;
  ptrdiff_t *offsets; /* host copy, creation order */
  long dmain;         /* index of the offset-0 diagonal, or -1 */
  cl_mem offs;        /* ndiag offsets as cl_long */
  cl_mem vals;        /* vals[d*n + i] = A[i][i + offsets[d]]; 0 where outside */
  golcl__cg_ws *ws;   /* CG workspace, made by the first solve */
};

struct golcl_densemat {
  golcl_context *ctx;
  size_t rows, cols;
  golcl_dtype dtype;
  cl_mem buf; /* row-major */
};

/* Launch geometry of the grid-stride kernels and their two-stage reductions:
 * `local` work-items a group (a power of two), `groups` groups. Both depend
 * only on the device and n, so a reduction's order — and its bits — are the
 * same run after run. */
typedef struct golcl__la_geom {
  size_t local;
  size_t groups;
  int contiguous; /* LA_CONTIGUOUS of la_real.cl: 1 on CPUs */
} golcl__la_geom;

/* How a kernel uses its groups: STREAM kernels (dot, nrm2 first stage) are
 * followed by a one-group second stage; FUSED kernels (CG) have every group
 * re-reduce all partials of the kernel before, so fewer groups pay off. */
typedef enum golcl__la_kind { GOLCL__LA_STREAM, GOLCL__LA_FUSED } golcl__la_kind;

/* The geometry for n elements: local from the device (256 on GPUs, 64 on
 * CPUs, at most the device's limit; $GOLCL_LA_LOCAL overrides), groups =
 * min(ceil(n/local), groups_max) with groups_max = compute units × 8
 * (STREAM) or × 4 (FUSED) on GPUs, × 8 on CPUs; $GOLCL_LA_GROUPS overrides
 * groups_max. */
golcl__la_geom golcl__la_geometry(const golcl_context *ctx, size_t n, golcl__la_kind kind);

/* 1 if kernels over `extent` indices need a 64-bit index type: when the
 * extent plus one grid stride of g does not fit in an int. */
int golcl__la_idx_long(size_t extent, const golcl__la_geom *g);

/* Builds the "-DREAL=... -DIDX=int|long -DLA_WG=..." options (IDX long when
 * wide), with `extra` appended (may be NULL). */
void golcl__la_options(golcl_dtype dtype, int wide, const golcl__la_geom *g, const char *extra,
                       char *buf, size_t cap);

/* Validates a dtype for ctx: GOLCL_E_INVALID_ARG, GOLCL_E_UNSUPPORTED or OK. */
golcl_status golcl__la_check_dtype(golcl_context *ctx, golcl_dtype dtype, const char *fn);

/* Checks that v (not NULL) matches ctx, dtype and n: GOLCL_E_MISMATCH
 * with a message naming fn and what, else OK. */
golcl_status golcl__vec_match(golcl_context *ctx, const golcl_vec *v, golcl_dtype dtype, size_t n,
                              const char *fn, const char *what);

/* The vector's scratch buffer for reductions (2·groups + 2 elements). */
golcl_status golcl__vec_scratch(const golcl_vec *v, const golcl__la_geom *g, cl_mem *out);

/* Enqueues the two-stage dot product of x and y (length n, dtype) into
 * result[index] (an element of dtype), using part (groups elements). */
golcl_status golcl__la_dot(golcl_context *ctx, golcl_dtype dtype, size_t n, cl_mem x, cl_mem y,
                           cl_mem part, cl_mem result, size_t index);

/* out = alpha·A·x + beta·y (y may be NULL: beta ignored). */
golcl_status golcl__bandmat_apply(const golcl_bandmat *A, double alpha, cl_mem x, double beta,
                                  cl_mem y, cl_mem out);

/* Frees the CG workspace of a matrix (cg.c). */
void golcl__cg_ws_free(golcl__cg_ws *ws);

/* Size in bytes of n elements of dtype, with overflow check: -1 on overflow. */
static inline int golcl__la_bytes(golcl_dtype dtype, size_t n, size_t *out) {
  return golcl__mul_size(n, golcl_dtype_size(dtype), out);
}

#endif
