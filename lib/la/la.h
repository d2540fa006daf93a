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
  cl_mem red, red_idx;   /* partials of golcl_vec_reduce (values, indices) */
  size_t red_groups;
  cl_mem scratch_idx; /* the index result of golcl_vec_reduce */
};

/* What an operator is; BAND and STENCIL have fused CG kernels. */
typedef enum golcl__op_kind {
  GOLCL__OP_BAND,
  GOLCL__OP_STENCIL,
  GOLCL__OP_CSR,
  GOLCL__OP_DENSE,
  GOLCL__OP_USER
} golcl__op_kind;

struct golcl_op {
  golcl_context *ctx;
  size_t n;
  golcl_dtype dtype;
  golcl__op_kind kind;
  const void *obj; /* the golcl_bandmat, golcl_stencil, ... it belongs to */
  golcl_op_apply_fn apply;
  void *user;
  int owned; /* made by golcl_op_create: golcl_op_destroy frees it */
};

struct golcl_bandmat {
  golcl_op op;
  golcl_context *ctx;
  size_t n, ndiag;
  golcl_dtype dtype;
  int wrap;           /* GOLCL_BAND_WRAP */
  ptrdiff_t *offsets; /* host copy, creation order */
  long dmain;         /* index of the offset-0 diagonal, or -1 */
  cl_mem offs;        /* ndiag offsets as cl_long */
  cl_mem vals;        /* vals[d*n + i] = A[i][i + offsets[d]]; 0 where outside */
};

struct golcl_stencil {
  golcl_op op;
  golcl_context *ctx;
  golcl_stencil_kind kind;
  size_t nx, ny, nz, n;
  golcl_edge edge;
  golcl_dtype dtype;
  double coef[9];
  cl_mem meta; /* cl_long nx, ny, nz, 0 */
  cl_mem vals; /* the coefficients in the dtype */
};

struct golcl_csrmat {
  golcl_op op;
  golcl_context *ctx;
  size_t rows, cols, nnz;
  golcl_dtype dtype;
  int vector;                    /* the kernel with a group of work-items a row */
  cl_mem row_ptr, col_idx, vals; /* cl_int, cl_int, dtype (vals/cols: at least 1) */
  cl_mem diag;                   /* diagonal (square only), for Jacobi */
};

struct golcl_densemat {
  golcl_op op;
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
typedef enum golcl__la_kind {
  GOLCL__LA_STREAM,
  GOLCL__LA_FUSED,
  GOLCL__LA_FUSED_BAND /* the fused CG kernels of a band matrix (not the general path's) */
} golcl__la_kind;

/* The groups a compute unit of the fused band CG kernels on a GPU: one wave
 * of the groups that fit at once. On an H100 (2026-11-27, golcl bench la
 * --ops cg_band with $GOLCL_LA_GROUPS) 6 a compute unit ran 1024² to 8192²
 * 5-22 % faster than the FUSED rule's 4-16, and 7 or 8 (a second, short
 * wave) 20-30 % slower: the kernels' registers let 6 groups of 256 stay. */
#define GOLCL__LA_BAND_GROUPS_CU 6

/* The geometry for n elements: local from the device (256 on GPUs, 64 on
 * CPUs, at most the device's limit; $GOLCL_LA_LOCAL overrides), groups =
 * min(ceil(n/local), groups_max) with groups_max = compute units × 8
 * (STREAM), about n/(32·local) between × 4 and × 16 (FUSED) or
 * × GOLCL__LA_BAND_GROUPS_CU (FUSED_BAND) on GPUs, × 8 on CPUs;
 * $GOLCL_LA_GROUPS overrides groups_max. */
golcl__la_geom golcl__la_geometry(const golcl_context *ctx, size_t n, golcl__la_kind kind);

/* 1 if kernels over `extent` indices need a 64-bit index type: when the
 * extent plus one grid stride of g does not fit in an int. */
int golcl__la_idx_long(size_t extent, const golcl__la_geom *g);

/* Appends "-DREAL=... -DIDX=int|long -DLA_WG=... -DLA_CONTIGUOUS=..."
 * (IDX long when wide) to o. */
void golcl__la_options(golcl__opts *o, golcl_dtype dtype, int wide, const golcl__la_geom *g);

/* The kernel `name` of `file` built with o (checked for overflow first). */
golcl_status golcl__la_kernel(golcl_context *ctx, const char *file, const golcl__opts *o,
                              const char *name, cl_kernel *k);

/* Scalar kernel arguments in the kernels' REAL and IDX types. */
typedef union golcl__real_arg {
  cl_float f;
  cl_double d;
} golcl__real_arg;
typedef union golcl__idx_arg {
  cl_int i;
  cl_long l;
} golcl__idx_arg;
size_t golcl__real_set(golcl_dtype dtype, double v, golcl__real_arg *r);
size_t golcl__idx_set(int wide, size_t v, golcl__idx_arg *r);

/* Validates a dtype for ctx: GOLCL_E_INVALID_ARG, GOLCL_E_UNSUPPORTED or OK. */
golcl_status golcl__la_check_dtype(golcl_context *ctx, golcl_dtype dtype, const char *fn);

/* Why golcl_clblast_symbol gave NULL (clblast.c). */
const char *golcl__clblast_why(void);

/* Checks that v (not NULL) matches ctx, dtype and n: GOLCL_E_MISMATCH
 * with a message naming fn and what, else OK. */
golcl_status golcl__vec_match(golcl_context *ctx, const golcl_vec *v, golcl_dtype dtype, size_t n,
                              const char *fn, const char *what);

/* The argument checks of every out = A·x (+ y): x and out not NULL, x of
 * cols elements, out and y (if given) of rows, all of ctx and dtype, out
 * not x. GOLCL_E_INVALID_ARG / GOLCL_E_MISMATCH naming fn, else OK. */
golcl_status golcl__mv_check(golcl_context *ctx, golcl_dtype dtype, size_t rows, size_t cols,
                             const golcl_vec *x, const golcl_vec *y, const golcl_vec *out,
                             const char *fn);

/* The vector's scratch buffer for reductions (2·groups + 2 elements). */
golcl_status golcl__vec_scratch(const golcl_vec *v, const golcl__la_geom *g, cl_mem *out);

/* Enqueues the two-stage dot product of x and y (length n, dtype) into
 * result[index] (an element of dtype), using part (groups elements). */
golcl_status golcl__la_dot(golcl_context *ctx, golcl_dtype dtype, size_t n, cl_mem x, cl_mem y,
                           cl_mem part, cl_mem result, size_t index);

/* out = alpha·A·x + beta·y (y may be NULL: beta ignored). */
golcl_status golcl__bandmat_apply(const golcl_bandmat *A, double alpha, cl_mem x, double beta,
                                  cl_mem y, cl_mem out);
golcl_status golcl__stencil_apply(const golcl_stencil *S, cl_mem x, cl_mem y, cl_mem out);
golcl_status golcl__csrmat_apply(const golcl_csrmat *M, cl_mem x, cl_mem y, cl_mem out);
golcl_status golcl__densemat_apply(const golcl_densemat *M, cl_mem x, cl_mem out);

/* out = A·x for any operator (x != out). */
golcl_status golcl__op_apply(const golcl_op *op, cl_mem x, cl_mem out);

/* Enqueues a reduction of n elements of x (golcl_reduce_op) into
 * result[at] (value, dtype) and, for MIN/MAX/AMAX, resi[0] (a cl_long
 * index) when resi is not NULL; part and parti: groups values (8 bytes
 * each at most) and groups cl_longs of scratch. */
golcl_status golcl__la_reduce(golcl_context *ctx, golcl_dtype dtype, size_t n, cl_mem x, int op,
                              cl_mem part, cl_mem parti, cl_mem result, size_t at, cl_mem resi);

/* The options that compile la_stencil.cl for S (STENCIL_KIND, STENCIL_PERIODIC). */
void golcl__stencil_options(golcl__opts *o, golcl_stencil_kind kind, golcl_edge edge);

/* The tile shape of the 2-D 5-point kernels (LA_ST5_TILE of la_stencil.cl):
 * ST_VW unknowns of a row (4, 2 or 1: the widest that divides nx; at most
 * $GOLCL_LA_TILE_VW) by ST_RY rows ($GOLCL_LA_TILE_RY, else
 * GOLCL__TILE_RY_MV for the product and GOLCL__TILE_RY_CG for CG: the best
 * on an H100 at 4096², 2026-11-26). vw = 0: the row kernels (other kinds,
 * $GOLCL_LA_STENCIL=rows, and CG where the vector would be 1 wide: there
 * the rows were faster, f64 4095² on the H100). */
#define GOLCL__TILE_RY_MV 4
#define GOLCL__TILE_RY_CG 16
typedef struct golcl__st_tile {
  int vw, ry;
} golcl__st_tile;
golcl__st_tile golcl__stencil_tile(const golcl_stencil *S, int cg);
void golcl__stencil_tile_options(golcl__opts *o, golcl__st_tile t);
/* Groups of `local` work-items that cover S's tiles, one tile an item. */
size_t golcl__stencil_tile_groups(const golcl_stencil *S, golcl__st_tile t, size_t local);
/* g (a grid-stride geometry) with no more groups than the tiles fill. */
void golcl__stencil_tile_geometry(const golcl_stencil *S, golcl__st_tile t, golcl__la_geom *g);

/* Multigrid internals used by CG: z = V(r) on raw buffers of the fine size. */
golcl_status golcl__mg_apply(golcl_mg *mg, cl_mem r, cl_mem z);
/* z = V(r) that also leaves the partials of r·z in row 1 of part (groups
 * partials a row, those of `groups` groups of `local` items), and does
 * nothing when the cl_int flags[slot] is not 0 (flags NULL: never): 1 with
 * *s set, or 0 when this cycle cannot (then nothing is done). */
int golcl__mg_apply_dot(golcl_mg *mg, cl_mem r, cl_mem z, cl_mem part, size_t groups, size_t local,
                        cl_mem flags, int slot, golcl_status *s);
const golcl_stencil *golcl__mg_stencil(const golcl_mg *mg);

/* Size in bytes of n elements of dtype, with overflow check: -1 on overflow. */
static inline int golcl__la_bytes(golcl_dtype dtype, size_t n, size_t *out) {
  return golcl__mul_size(n, golcl_dtype_size(dtype), out);
}

#endif
