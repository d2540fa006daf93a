/* golcl_la.h — libgolcl linear algebra for finite-difference solvers: device
 * vectors, band and dense matrices, a fused conjugate-gradient solver and
 * helpers that build finite-difference operators. */
#ifndef GOLCL_LA_H
#define GOLCL_LA_H

#include "golcl.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Conventions of this module
 * - Every object belongs to one context; objects of two contexts passed to
 *   one call give GOLCL_E_MISMATCH, and so do vectors and matrices whose
 *   element types or lengths disagree.
 * - GOLCL_F64 needs a device with cl_khr_fp64 (golcl_device_info.fp64);
 *   elsewhere creating an f64 object gives GOLCL_E_UNSUPPORTED.
 * - Blocking: every call below says "Enqueues" (it returns once the work is
 *   queued on the context's in-order queue and never waits for the device:
 *   order your own kernels behind it on golcl_context_cl_queue) or "Blocks"
 *   (it waits for the device before it returns: everything that returns a
 *   value to the host, creation, and the CG solves).
 * - On failure out-handles are set to NULL and the objects passed in are
 *   unchanged; details are in golcl_context_errmsg() of the objects' context
 *   (golcl_last_errmsg() when no object was given).
 * - Reductions (dot, nrm2, sum/min/max/amax, scan, the CG scalars) are
 *   two-stage on the device with a fixed number of work-groups and a fixed
 *   order: the same inputs give the same bits, run after run, on one device.
 * - Operators (golcl_op): band matrices, stencils, CSR and dense matrices
 *   and the caller's own callback all present one interface that CG solves
 *   with (golcl_cg_create / golcl_cg_run). */

/** Element type of vectors and matrices. */
typedef enum golcl_dtype {
  GOLCL_F32 = 0, /**< float */
  GOLCL_F64 = 1  /**< double; needs cl_khr_fp64 */
} golcl_dtype;

/** Bytes per element of a dtype: 4, 8, or 0 for a bad value.
 *  Host only. */
GOLCL_API size_t golcl_dtype_size(golcl_dtype dtype);

/* ----------------------------------------------------------------- vectors */

typedef struct golcl_vec golcl_vec;

/** Creates a vector of n elements on the context's device. Blocks.
 *  @param ctx    the context.
 *  @param n      length, > 0.
 *  @param dtype  GOLCL_F32 or GOLCL_F64.
 *  @param init   n elements of dtype to copy in, or NULL for zeros.
 *  @param out    receives the vector; NULL on failure.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, n = 0, a bad
 *          dtype, n·size overflows size_t); GOLCL_E_UNSUPPORTED (f64 on a
 *          device without cl_khr_fp64); GOLCL_E_OUT_OF_MEMORY (larger than
 *          the device allows in one buffer, or no memory); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_create(golcl_context *ctx, size_t n, golcl_dtype dtype,
                                        const void *init, golcl_vec **out);

/** Adopts a caller's buffer as a vector of n elements of dtype starting at
 *  element `offset` (CLBlast style). The caller keeps owning the buffer: the
 *  vector retains it (clRetainMemObject; a sub-buffer when offset > 0) and
 *  releases only that reference when destroyed. Blocks (a query only).
 *  @param buf     a buffer of ctx's OpenCL context, at least (offset + n)
 *                 elements long.
 *  @param offset  first element; offset·size must be a multiple of the
 *                 device's CL_DEVICE_MEM_BASE_ADDR_ALIGN (in bytes) when > 0.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, buf or out, n = 0, a bad
 *          dtype, a buffer too short, a misaligned offset, a size that
 *          overflows); GOLCL_E_MISMATCH (buf of another OpenCL context);
 *          GOLCL_E_UNSUPPORTED (f64 without cl_khr_fp64); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_wrap(golcl_context *ctx, cl_mem buf, size_t offset, size_t n,
                                      golcl_dtype dtype, golcl_vec **out);

/** Destroys a vector (OpenCL releases the buffer after the work queued on
 *  it; does not block). NULL is a no-op. */
GOLCL_API void golcl_vec_destroy(golcl_vec *v);

/** Length, element type, context and device buffer of a vector (0, GOLCL_F32,
 *  NULL, NULL for a NULL vector). The buffer holds exactly n elements and
 *  stays owned by the vector: use it with your own kernels on the context's
 *  queue (golcl_context_cl_queue).
 *  Host only. */
GOLCL_API size_t golcl_vec_size(const golcl_vec *v);
GOLCL_API golcl_dtype golcl_vec_dtype(const golcl_vec *v);
GOLCL_API golcl_context *golcl_vec_context(const golcl_vec *v);
GOLCL_API cl_mem golcl_vec_buffer(golcl_vec *v);

/** Copies count elements from host memory into v[offset .. offset+count-1];
 *  Blocks until the copy is done. count 0 does nothing.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL v or src, offset + count > n);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_write(golcl_vec *v, size_t offset, size_t count, const void *src);

/** Copies count elements v[offset ..] into host memory. Blocks (for the
 *  work queued before it and the copy). count 0 does nothing.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL v or dst, offset + count > n);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_read(const golcl_vec *v, size_t offset, size_t count, void *dst);

/** Sets every element to value (rounded to float for f32). Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL v); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_fill(golcl_vec *v, double value);

/** dst = src. src == dst does nothing. Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_MISMATCH
 *          (other context, dtype or length); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_copy(const golcl_vec *src, golcl_vec *dst);

/** z = a·x + b·y elementwise, a and b rounded to the dtype. y may be NULL
 *  (then z = a·x and b is ignored); z may be x or y. Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (x or z NULL); GOLCL_E_MISMATCH
 *          (other context, dtype or length); GOLCL_E_OUT_OF_MEMORY (building the
 *          kernel); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_axpby(double a, const golcl_vec *x, double b, const golcl_vec *y,
                                       golcl_vec *z);

/** z = x·y elementwise (Hadamard product); z may be x or y. Enqueues.
 *  @return as golcl_vec_axpby (y NULL is GOLCL_E_INVALID_ARG). */
GOLCL_API golcl_status golcl_vec_mul(const golcl_vec *x, const golcl_vec *y, golcl_vec *z);

/** The dot product Σ x[i]·y[i], summed on the device in the vectors' dtype
 *  (two-stage, deterministic), returned as a double. Blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_MISMATCH;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_dot(const golcl_vec *x, const golcl_vec *y, double *out);

/** The same dot product, written into out[index] on the device without
 *  waiting (BLAS style: the result stays on the device). out has the dtype
 *  of x and y and may be x or y. Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, index >= length of
 *          out); GOLCL_E_MISMATCH; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_dot_to(const golcl_vec *x, const golcl_vec *y, golcl_vec *out,
                                        size_t index);

/** The Euclidean norm sqrt(Σ x[i]²), computed with scaling (as LAPACK's
 *  nrm2) so that it neither overflows nor underflows where the norm itself is
 *  representable. Blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_nrm2(const golcl_vec *x, double *out);

/** Reductions of golcl_vec_reduce. */
typedef enum golcl_reduce_op {
  GOLCL_REDUCE_SUM = 0, /**< Σ x[i] in the dtype (index: none, 0) */
  GOLCL_REDUCE_MIN = 1, /**< min x[i] and the first index where it is */
  GOLCL_REDUCE_MAX = 2, /**< max x[i] and the first index where it is */
  GOLCL_REDUCE_AMAX = 3 /**< max |x[i]| and the first index where it is */
} golcl_reduce_op;

/** One reduction of x, summed or compared on the device (two-stage,
 *  deterministic: the same bits and index every run on one device; on
 *  integer-valued data whose partial sums are exact in the dtype the sum is
 *  exact). NaN: MIN, MAX and AMAX return NaN and the index of the first NaN
 *  when x holds one (NaN wins every comparison); SUM follows IEEE (NaN, or
 *  ±Inf). Among equal extrema the smallest index is returned. Blocks.
 *  @param value  receives the result as a double.
 *  @param index  receives the index (0 for SUM); may be NULL.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL x or value, a bad op);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_reduce(const golcl_vec *x, golcl_reduce_op op, double *value,
                                        size_t *index);

/** The same reduction, its value written into out[at] on the device (out
 *  of x's dtype and context; out may be x). Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a bad op, at >=
 *          length of out); GOLCL_E_MISMATCH (other context or dtype);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_reduce_to(const golcl_vec *x, golcl_reduce_op op, golcl_vec *out,
                                           size_t at);

/** Exclusive prefix sum: out[0] = 0, out[i] = x[0] + … + x[i−1], in the
 *  dtype, in a fixed order (deterministic; exact on integer-valued data whose
 *  sums are exact). out may be x. Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_MISMATCH
 *          (other context, dtype or length); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_scan(const golcl_vec *x, golcl_vec *out);

/* ------------------------------------------------------------ operators */

/** A linear operator out = A·x on vectors of one length and dtype: what CG
 *  solves with. Band matrices, stencils, CSR and dense matrices each own
 *  one (golcl_bandmat_op, ...); golcl_op_create makes one from the caller's
 *  callback. */
typedef struct golcl_op golcl_op;

/** The caller's operator: enqueue out = A·x on `queue` (the context's
 *  in-order queue) and return GOLCL_OK, or a failure status that the calling
 *  solve returns. x and out are buffers of n elements of the operator's
 *  dtype and are never the same buffer; the callback must not block on
 *  them (it may, but CG then waits for the device every iteration). */
typedef golcl_status (*golcl_op_apply_fn)(void *user, cl_command_queue queue, cl_mem x, cl_mem out);

/** Makes an operator of order n from a callback. Blocks (nothing to wait for).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, apply or out, n = 0, a
 *          bad dtype); GOLCL_E_UNSUPPORTED (f64 without cl_khr_fp64);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_op_create(golcl_context *ctx, size_t n, golcl_dtype dtype,
                                       golcl_op_apply_fn apply, void *user, golcl_op **out);

/** Destroys an operator made by golcl_op_create (does not block). NULL, and
 *  the operator of a matrix or stencil (owned by it), are no-ops. */
GOLCL_API void golcl_op_destroy(golcl_op *op);

/** The order n of an operator (0 for NULL).
 *  Host only. */
GOLCL_API size_t golcl_op_size(const golcl_op *op);

/** out = A·x + y (y NULL: out = A·x); y may be out, x may not. Enqueues
 *  (and runs the caller's callback for golcl_op_create operators).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL op, x or out, out == x);
 *          GOLCL_E_MISMATCH (other context, dtype or length); the callback's
 *          status; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_op_mv(const golcl_op *op, const golcl_vec *x, const golcl_vec *y,
                                   golcl_vec *out);

/* ------------------------------------------------------------ band matrices */

typedef struct golcl_bandmat golcl_bandmat;

/** Flags of golcl_bandmat_create_ex. */
enum {
  GOLCL_BAND_WRAP = 1 /**< diagonals wrap around: A[i][(i + offset) mod n] (the
                           thesis's form); offsets distinct modulo n */
};

/** Creates an n×n matrix stored by diagonals: ndiag diagonals at the given
 *  offsets (0 the main diagonal, +k the k-th above, -k below), any set of
 *  distinct offsets with |offset| < n, as far apart as you like. All
 *  entries start at zero. Blocks.
 *  @param offsets  ndiag distinct offsets (copied).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, offsets or out, n or
 *          ndiag 0, a repeated offset, |offset| >= n, a bad dtype, a size
 *          that overflows); GOLCL_E_UNSUPPORTED (f64 without cl_khr_fp64);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_bandmat_create(golcl_context *ctx, size_t n, size_t ndiag,
                                            const ptrdiff_t *offsets, golcl_dtype dtype,
                                            golcl_bandmat **out);

/** golcl_bandmat_create with flags: 0, or GOLCL_BAND_WRAP (row i of the
 *  diagonal at offset o is the entry in column (i + o) mod n; every entry of
 *  a diagonal is then stored, and two offsets equal modulo n are refused).
 *  Blocks.
 *  @return as golcl_bandmat_create, and GOLCL_E_INVALID_ARG for unknown
 *          flags or offsets equal modulo n under GOLCL_BAND_WRAP. */
GOLCL_API golcl_status golcl_bandmat_create_ex(golcl_context *ctx, size_t n, size_t ndiag,
                                               const ptrdiff_t *offsets, golcl_dtype dtype,
                                               unsigned flags, golcl_bandmat **out);

/** Destroys a band matrix (does not block). NULL is a no-op. */
GOLCL_API void golcl_bandmat_destroy(golcl_bandmat *A);

/** The order n of a band matrix (0 for NULL).
 *  Host only. */
GOLCL_API size_t golcl_bandmat_size(const golcl_bandmat *A);

/** The matrix as an operator (owned by A, valid while A lives; NULL for NULL).
 *  Host only. */
GOLCL_API const golcl_op *golcl_bandmat_op(const golcl_bandmat *A);

/** Sets one diagonal from host memory: values[i] = A[i][i+offset] for i in
 *  0..n-1 (n elements of the matrix's dtype); entries whose column i+offset
 *  is outside 0..n-1 are ignored (stored as zero) unless the matrix wraps.
 *  Blocks (waits for the copy).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, an offset the
 *          matrix was not created with); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_bandmat_set_diag(golcl_bandmat *A, ptrdiff_t offset,
                                              const void *values);

/** out = A·x + y (y NULL: out = A·x). y may be out; x may not. Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL A, x or out, out == x);
 *          GOLCL_E_MISMATCH (other context, dtype or length);
 *          GOLCL_E_OUT_OF_MEMORY (building the kernel); GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_bandmat_mv(const golcl_bandmat *A, const golcl_vec *x,
                                        const golcl_vec *y, golcl_vec *out);

/* ------------------------------------------------------ matrix-free stencils */

/** Shapes of constant-coefficient stencils. */
typedef enum golcl_stencil_kind {
  GOLCL_STENCIL_5 = 5, /**< 2-D: coef = {centre, −x, +x, −y, +y} */
  GOLCL_STENCIL_9 = 9, /**< 2-D: coef[(dy+1)·3 + (dx+1)], dx, dy in −1..1 */
  GOLCL_STENCIL_7 = 7  /**< 3-D: coef = {centre, −x, +x, −y, +y, −z, +z} */
} golcl_stencil_kind;

/** What lies beyond the grid's edges. */
typedef enum golcl_edge {
  GOLCL_EDGE_DIRICHLET = 0, /**< zeros (homogeneous Dirichlet) */
  GOLCL_EDGE_PERIODIC = 1   /**< the grid wraps around on every axis */
} golcl_edge;

typedef struct golcl_stencil golcl_stencil;

/** Creates a matrix-free stencil operator on an nx×ny(×nz) grid, unknown
 *  (ix, iy, iz) at index (iz·ny + iy)·nx + ix: row i of A·x is Σ coef·x over
 *  the stencil's neighbours; nothing is stored but the coefficients, so
 *  A·x reads only x. With GOLCL_EDGE_PERIODIC a 1- or 2-wide axis counts a
 *  neighbour once per offset (as the equivalent matrix sums its entries).
 *  Blocks.
 *  @param nz    1 for the 2-D kinds.
 *  @param coef  5, 9 or 7 coefficients (see golcl_stencil_kind), copied.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, coef or out, a zero side,
 *          nz != 1 for a 2-D kind, a bad kind, edge or dtype, a non-finite
 *          coefficient, nx·ny·nz overflows); GOLCL_E_UNSUPPORTED (f64 without
 *          cl_khr_fp64); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_stencil_create(golcl_context *ctx, golcl_stencil_kind kind, size_t nx,
                                            size_t ny, size_t nz, const double *coef,
                                            golcl_edge edge, golcl_dtype dtype,
                                            golcl_stencil **out);

/** Destroys a stencil (does not block). NULL is a no-op. */
GOLCL_API void golcl_stencil_destroy(golcl_stencil *S);

/** The order nx·ny·nz of a stencil operator (0 for NULL).
 *  Host only. */
GOLCL_API size_t golcl_stencil_size(const golcl_stencil *S);

/** The stencil as an operator (owned by S; NULL for NULL).
 *  Host only. */
GOLCL_API const golcl_op *golcl_stencil_op(const golcl_stencil *S);

/** out = S·x + y (y NULL: out = S·x); y may be out, x may not. Enqueues.
 *  @return as golcl_bandmat_mv. */
GOLCL_API golcl_status golcl_stencil_mv(const golcl_stencil *S, const golcl_vec *x,
                                        const golcl_vec *y, golcl_vec *out);

/* ---------------------------------------------------------- sparse matrices */

typedef struct golcl_csrmat golcl_csrmat;

/** Creates a rows×cols sparse matrix from compressed-sparse-row host arrays:
 *  row r holds entries row_ptr[r] .. row_ptr[r+1]−1 of cols and vals (vals of
 *  dtype). Columns within a row may come in any order; duplicate (row,
 *  column) entries are SUMMED (in the order given, in double, then rounded
 *  to the dtype); explicit zeros are kept. Validated before anything is
 *  allocated: row_ptr[0] = 0, non-decreasing, every column < cols. Rows are
 *  stored sorted; products pick a kernel from the row lengths (one work-item
 *  a row, or a group of work-items a row when rows are long). Blocks.
 *  @param row_ptr  rows + 1 entries; nnz = row_ptr[rows] (may be 0).
 *  @param cols     nnz column indices (NULL when nnz = 0).
 *  @param vals     nnz values of dtype (NULL when nnz = 0).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, row_ptr or out, NULL
 *          cols or vals with nnz > 0, a zero side, row_ptr[0] != 0, a
 *          decreasing row_ptr, a column out of range, a bad dtype);
 *          GOLCL_E_UNSUPPORTED (f64 without cl_khr_fp64, more than
 *          2³¹ − 1 rows, columns or entries); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_csrmat_create(golcl_context *ctx, size_t rows, size_t cols,
                                           const size_t *row_ptr, const size_t *col_idx,
                                           const void *vals, golcl_dtype dtype, golcl_csrmat **out);

/** Destroys a CSR matrix (does not block). NULL is a no-op. */
GOLCL_API void golcl_csrmat_destroy(golcl_csrmat *M);

/** Entries stored after duplicates were summed (0 for NULL).
 *  Host only. */
GOLCL_API size_t golcl_csrmat_nnz(const golcl_csrmat *M);

/** The matrix as an operator (square matrices only: NULL otherwise; owned
 *  by M).
 *  Host only. */
GOLCL_API const golcl_op *golcl_csrmat_op(const golcl_csrmat *M);

/** out = M·x + y, x of length cols, y and out of length rows; y may be NULL
 *  or out, x may not be out. Enqueues.
 *  @return as golcl_bandmat_mv. */
GOLCL_API golcl_status golcl_csrmat_mv(const golcl_csrmat *M, const golcl_vec *x,
                                       const golcl_vec *y, golcl_vec *out);

/* ----------------------------------------------------------- dense matrices */

typedef struct golcl_densemat golcl_densemat;

/** Creates a rows×cols dense matrix from row-major host data (rows·cols
 *  elements of dtype), or zeros when row_major is NULL. Products run through
 *  CLBlast's gemv. Blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, a zero side, a bad
 *          dtype, a size that overflows); GOLCL_E_UNSUPPORTED (f64 without
 *          cl_khr_fp64; a library built with CLBLAST=0); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_densemat_create(golcl_context *ctx, size_t rows, size_t cols,
                                             golcl_dtype dtype, const void *row_major,
                                             golcl_densemat **out);

/** Destroys a dense matrix. NULL is a no-op. When the last dense matrix of
 *  the process goes, CLBlast's program cache is cleared (CLBlastClearCache),
 *  so that contexts that used it leave nothing behind; that destroy blocks
 *  (for the queue of the matrix's context), the others do not. */
GOLCL_API void golcl_densemat_destroy(golcl_densemat *M);

/** The matrix as an operator (square matrices only: NULL otherwise; owned
 *  by M).
 *  Host only. */
GOLCL_API const golcl_op *golcl_densemat_op(const golcl_densemat *M);

/** A routine of CLBlast (the C API of clblast_c.h, by name: "CLBlastSgemv"),
 *  which dense matrices use. libgolcl does not link CLBlast: it opens
 *  libclblast.so.1 the first time this is called (a process that uses no
 *  dense matrix never loads it), so a program that times its own kernels
 *  against CLBlast's takes them from here. Cast the result to the routine's
 *  type. Thread-safe; host only.
 *  @return the routine, or NULL (CLBlast not installed, a libgolcl built with
 *          make CLBLAST=0, no such routine, or a NULL name). */
GOLCL_API void *golcl_clblast_symbol(const char *name);

/** out = M·x + y, with x of length cols, y and out of length rows; y may be
 *  NULL (out = M·x) or out; x may not be out. Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL M, x or out, out == x);
 *          GOLCL_E_MISMATCH (other context, dtype or length);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL (CLBlast's status in errmsg). */
GOLCL_API golcl_status golcl_densemat_mv(const golcl_densemat *M, const golcl_vec *x,
                                         const golcl_vec *y, golcl_vec *out);

/* ------------------------------------------------------------- multigrid */

typedef struct golcl_mg golcl_mg;

/** A geometric multigrid V-cycle for a 2-D 5-point or 3-D 7-point stencil
 *  whose coefficients are symmetric (−x = +x, −y = +y, −z = +z, all <= 0,
 *  centre >= the sum of their magnitudes): red-black Gauss–Seidel smoothing
 *  (1 sweep red-black before, 1 black-red after: a symmetric cycle),
 *  full-weighting restriction, bi-/trilinear prolongation, coarse operators
 *  by rediscretisation (neighbours ÷ 4 a level, the identity part kept), and
 *  on the last level (at most 4 points a side or `levels` reached) 16
 *  symmetric sweeps. Dirichlet grids are vertex-centred and coarsen an odd
 *  side of n points to (n−1)/2, an even one to n/2 (the last coarse point on
 *  the last fine point), each coarse level's last rows with the centre that
 *  puts the edge where it is (docs/linear-algebra.md), so that 2^k and
 *  2^k − 1 sides converge alike. Periodic grids need every side even (the
 *  red-black colouring: an odd periodic side puts two points of one colour
 *  side by side across the wrap) and coarsen n to n/2 while the result is
 *  even, stopping there: a side of 2^k·m points, m odd, gives at most k
 *  levels (96 × 64: 96, 48, 24, 12, 6). A fixed linear SPD map, so CG can
 *  use it as a preconditioner.
 *  Blocks.
 *  @param levels  most levels, 0 for as many as the grid allows.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL S or out);
 *          GOLCL_E_UNSUPPORTED (a 9-point stencil, coefficients as above
 *          not met, an odd side of a periodic grid); GOLCL_E_OUT_OF_MEMORY;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_mg_create(const golcl_stencil *S, size_t levels, golcl_mg **out);

/** Destroys a V-cycle (does not block). NULL is a no-op. */
GOLCL_API void golcl_mg_destroy(golcl_mg *mg);

/** Levels of the V-cycle (0 for NULL).
 *  Host only. */
GOLCL_API size_t golcl_mg_levels(const golcl_mg *mg);

/** z = one V-cycle applied to r from z = 0 (z ≈ S⁻¹·r). z may not be r.
 *  Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, z == r);
 *          GOLCL_E_MISMATCH; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_mg_vcycle(golcl_mg *mg, const golcl_vec *r, golcl_vec *z);

/* ------------------------------------------------------- conjugate gradient */

typedef enum golcl_precond {
  GOLCL_PRECOND_NONE = 0,   /**< plain CG */
  GOLCL_PRECOND_JACOBI = 1, /**< z = r / diag(A); band (with a main diagonal),
                                 stencil and CSR operators */
  GOLCL_PRECOND_MG = 2      /**< one multigrid V-cycle (golcl_mg) a step;
                                 5-point and 7-point stencil operators */
} golcl_precond;

/** The CG iteration of a solve. */
typedef enum golcl_cg_method {
  /** Hestenes–Stiefel CG: α = r·z / p·Ap, then β = r·z (new) / r·z (old):
   *  two global reductions an iteration (p·Ap, then r·r and r·z). */
  GOLCL_CG_STANDARD = 0,
  /** Chronopoulos–Gear CG: s = A·p by the recurrence s = w + β·s with
   *  w = A·u (u = M⁻¹·r), and α, β from r·u, w·u and r·r of one reduction
   *  phase an iteration. The same iterates as GOLCL_CG_STANDARD in exact
   *  arithmetic; in floating point its recurrences drift a little more (the
   *  solve still stops on the true residual, see golcl_cg_run). One more
   *  vector of traffic an unknown; one round an iteration for a distributed
   *  solve instead of two. Preconditioners NONE and JACOBI. */
  GOLCL_CG_SINGLE_REDUCTION = 1
} golcl_cg_method;

/** Options of the CG solves; zero-initialised = the defaults. The solve
 *  stops at the first iteration k with ||r_k|| <= max(rtol·||b||, atol),
 *  r_k the residual the iteration updates (2-norms). */
typedef struct golcl_cg_opts {
  double rtol;     /**< relative tolerance; when rtol and atol are both 0: 1e-6 */
  double atol;     /**< absolute tolerance, default 0 */
  size_t max_iter; /**< iteration cap; 0 means n */
  golcl_precond precond;
  double *history;    /**< NULL, or room for history_cap doubles: entry k gets
                           ||r_k||/||b|| of the iterated residual, k = 0, 1, … */
  size_t history_cap; /**< entries of history */
  golcl_cg_method method; /**< the iteration; default GOLCL_CG_STANDARD */
} golcl_cg_opts;

/** Why a solve stopped. */
typedef enum golcl_cg_stop {
  GOLCL_CG_CONVERGED = 0, /**< the tolerance was met */
  GOLCL_CG_MAX_ITER = 1,  /**< the iteration cap came first */
  GOLCL_CG_BREAKDOWN = 2, /**< p·Ap <= 0, r·z <= 0 or NaN: A (or the
                               preconditioner) not SPD, or overflow */
  GOLCL_CG_NONFINITE = 3, /**< b or the initial x holds NaN or ±Inf: nothing
                               was done, x is unchanged */
  GOLCL_CG_ZERO_RHS = 4,  /**< b = 0: x = 0 */
  GOLCL_CG_INACCURATE = 5 /**< the iterated residual met the tolerance, the
                               recomputed one did not, and restarts could not
                               help (rounding floor) or were used up */
} golcl_cg_stop;

/** What a solve did. */
typedef struct golcl_cg_report {
  size_t iterations;   /**< exact number of iterations (updates of x) done */
  double rel_residual; /**< ||b − A·x||₂ / ||b||₂ of the returned x, recomputed
                            on the device in the dtype (0 when b = 0; NaN for
                            GOLCL_CG_NONFINITE) */
  int converged;       /**< 1 iff the tolerance was met, also by the recomputed
                            residual ||b − A·x||₂; 0 otherwise */
  golcl_cg_stop stop;  /**< why it stopped */
  size_t history_len;  /**< entries written to opts->history */
} golcl_cg_report;

/** Reduction and exchange hooks of a CG solver: the one seam through which
 *  a distributed solve (every rank holding its rows of x, b and the
 *  operator) runs this solver unchanged. All three are optional. */
typedef struct golcl_cg_hooks {
  /** After each kernel that leaves partial sums: `part` holds `rows` rows of
   *  `groups` partial sums of this process (row r at element offset +
   *  r·groups, of the solver's dtype). Before returning, the hook must make
   *  every row sum, in index order, to the global value: e.g. read the rows,
   *  sum each in index order, combine the ranks' sums in fixed rank order
   *  (MPI_Allgather, then a loop over ranks, never MPI_Allreduce whose order
   *  is unspecified), write the sum into element 0 and zeros elsewhere. The
   *  solver then takes the same decisions on every rank, bit for bit. */
  golcl_status (*reduce)(void *user, cl_command_queue queue, cl_mem part, size_t offset,
                         size_t rows, size_t groups, golcl_dtype dtype);
  /** Replace *value (a local maximum, ≥ 0 or NaN) by the global maximum (NaN
   *  if any rank has NaN); used once a solve to scale b. */
  golcl_status (*max)(void *user, double *value);
  /** Before each product A·v: fill v's halo (the rows other ranks own that
   *  the operator reads). Setting it makes CG apply the operator through
   *  golcl_op_mv instead of its fused band and stencil kernels, except as
   *  golcl_cg_set_rows describes. */
  golcl_status (*exchange)(void *user, cl_command_queue queue, cl_mem v);
  void *user;
  /** Optional: reduce and fill v's halo in one go, so that a hook can do
   *  both in one round with one wait for the device. Like reduce, except
   *  that the global row sums (the same bits on every rank) go to
   *  sums[0 .. rows−1], which the solver passes to its next kernel as
   *  arguments (part may be left as it is: no write of the sums); v's halo
   *  is filled as exchange does, here or — the point of it — in the call of
   *  exchange(v) that the solver makes after it, once it has queued the work
   *  that does not read the halo (the hook may post the messages here and
   *  wait for them there, while the device works). GOLCL_CG_SINGLE_REDUCTION
   *  with golcl_cg_set_rows calls it once an iteration (v = w = A·u,
   *  rows = 3), then exchange(w); when NULL it calls reduce, then
   *  exchange. */
  golcl_status (*reduce_exchange)(void *user, cl_command_queue queue, cl_mem part,
                                  size_t offset, size_t rows, size_t groups, golcl_dtype dtype,
                                  cl_mem v, double *sums);
} golcl_cg_hooks;

typedef struct golcl_cg golcl_cg;

/** A CG solver for one operator: holds the workspace (five to seven
 *  n-vectors and the flags), the kernels and, for GOLCL_PRECOND_MG, the
 *  V-cycle, all made on first use and kept for the next solve. Blocks.
 *  @param A  the operator; must outlive the solver.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL A or out);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_cg_create(const golcl_op *A, golcl_cg **out);

/** Destroys a solver and its workspace. Blocks (it unmaps pinned memory and
 *  waits for the queue). NULL is a no-op. */
GOLCL_API void golcl_cg_destroy(golcl_cg *cg);

/** Sets (or, with NULL, clears) the hooks. Blocks (nothing to wait for).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL cg). */
GOLCL_API golcl_status golcl_cg_set_hooks(golcl_cg *cg, const golcl_cg_hooks *hooks);

/** Names the rows [lo, lo + count) of the vectors as this process's own; the
 *  others are a halo (zero rows of the operator, zero in b) that the
 *  exchange hook fills. With the hooks set, a band operator without a
 *  preconditioner then exchanges the halo of r instead of p's: the exchange
 *  hook fills r's halo after each update, the iteration forms p on the halo
 *  rows too (from the owner's r and the previous p there: the same fma, the
 *  same bits the owner forms), r's halo is zeroed again before the update
 *  (so that every sum counts the process's rows only), and x's halo is
 *  filled before each residual. An iteration calls reduce (p·q), reduce
 *  (r·r, r·z) and, at once after it, exchange (r): a hook may fold that
 *  exchange into the reduce's round, so that an iteration costs two rounds
 *  instead of three. It runs the general kernels (cg_dir, the product,
 *  cg_pq, cg_update), which took less device time than the fused band
 *  kernels on an H100; $GOLCL_LA_CG_HALO_KERNELS=fused runs the fused ones
 *  (the same bits). With GOLCL_CG_SINGLE_REDUCTION the iteration forms s
 *  and r on the halo rows (from w's halo: the owner's fma, the owner's
 *  bits), so that only w's halo travels, with the reduce: one call of
 *  reduce_exchange (or reduce, then exchange) an iteration. Any other
 *  operator or preconditioner keeps the general path with the exchange of
 *  p (u with the single reduction). count 0 (the default) means every row
 *  is the process's. Blocks (nothing to wait for).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL cg, rows outside the
 *          operator's). */
GOLCL_API golcl_status golcl_cg_set_rows(golcl_cg *cg, size_t lo, size_t count);

/** Solves A·x = b by the conjugate-gradient method (A symmetric positive
 *  definite). Band and stencil operators run fused on the device (two
 *  kernels an iteration, the scalars on the device, the host looking at the
 *  flags every few iterations; with MG on a stencil, the V-cycle after
 *  them); CSR, dense and caller's operators run the general iteration (the
 *  operator, then three kernels). b is scaled by a power of two (exact) when its largest element
 *  is far from 1, so that no norm overflows or underflows for any finite b;
 *  a NaN or ±Inf in b or x stops the solve before it starts
 *  (GOLCL_CG_NONFINITE, x unchanged). On breakdown (p·Ap <= 0, r·z <= 0, NaN)
 *  the solve stops with converged = 0. When the iterated residual meets the
 *  tolerance but the recomputed one does not (rounding), CG restarts from
 *  the recomputed residual, at most twice. If b = 0, x is set to 0.
 *  Blocks until the solve is done.
 *  @param b       right-hand side; may not be x.
 *  @param x       in: the initial guess; out: the solution. Written only when
 *                 the call returns GOLCL_OK.
 *  @param opts    NULL for the defaults.
 *  @param report  receives what the solve did (also when it did not converge).
 *  @return GOLCL_OK (whether or not it converged: see report);
 *          GOLCL_E_INVALID_ARG (NULL cg, b, x or report, b == x, negative or
 *          NaN tolerances, a bad precond, JACOBI without a diagonal, MG on an
 *          operator that is not a 5- or 7-point stencil, history_cap > 0
 *          with a NULL history); GOLCL_E_MISMATCH (other context, dtype or
 *          length); GOLCL_E_UNSUPPORTED (MG on a stencil golcl_mg_create
 *          refuses); a hook's or the operator callback's status;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_cg_run(golcl_cg *cg, const golcl_vec *b, golcl_vec *x,
                                    const golcl_cg_opts *opts, golcl_cg_report *report);

/** golcl_cg_run with a solver made for this call and destroyed after it.
 *  Blocks. @return as golcl_cg_create and golcl_cg_run. */
GOLCL_API golcl_status golcl_cg_solve_op(const golcl_op *A, const golcl_vec *b, golcl_vec *x,
                                         const golcl_cg_opts *opts, golcl_cg_report *report);

/** golcl_cg_solve_op on a band matrix (golcl_bandmat_op(A)). Blocks.
 *  @return as golcl_cg_solve_op (NULL A is GOLCL_E_INVALID_ARG). */
GOLCL_API golcl_status golcl_cg_solve(const golcl_bandmat *A, const golcl_vec *b, golcl_vec *x,
                                      const golcl_cg_opts *opts, golcl_cg_report *report);

/* ------------------------------------------------ finite-difference helpers */

/** The 5-point stencil on an nx×ny grid (unknown (ix, iy) at row iy·nx + ix)
 *  with homogeneous Dirichlet boundaries: `center` on the diagonal and
 *  `neighbour` for each of the up to 4 grid neighbours inside the grid,
 *  as a matrix-free stencil operator (golcl_stencil_create with
 *  GOLCL_STENCIL_5). No 1/h² factor: scale it yourself. Examples: −Δ is
 *  (4, −1); implicit heat I − sΔ is (1 + 4s, −s). Blocks.
 *  @return as golcl_stencil_create (NULL out, ctx, a zero side ...). */
GOLCL_API golcl_status golcl_fd_stencil5_op(golcl_context *ctx, size_t nx, size_t ny, double center,
                                            double neighbour, golcl_dtype dtype,
                                            golcl_stencil **out);

/** The same operator stored as a band matrix (offsets 0, ±1 when nx > 1,
 *  ±nx when ny > 1), its diagonals filled from the stencil's definition.
 *  Blocks.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, nx or ny 0, nx·ny
 *          overflows, a bad dtype); GOLCL_E_UNSUPPORTED (f64 without
 *          cl_khr_fp64); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_fd_stencil5(golcl_context *ctx, size_t nx, size_t ny, double center,
                                         double neighbour, golcl_dtype dtype, golcl_bandmat **out);

/** The 5-point Laplacian Δ (−4 on the diagonal, 1 for each neighbour inside
 *  the grid) on an nx×ny grid with Dirichlet boundaries, as a band matrix:
 *  golcl_fd_stencil5(ctx, nx, ny, -4, 1, dtype, out). Note −Δ is the SPD one.
 *  Blocks. @return as golcl_fd_stencil5. */
GOLCL_API golcl_status golcl_fd_laplacian(golcl_context *ctx, size_t nx, size_t ny,
                                          golcl_dtype dtype, golcl_bandmat **out);

/** The two Crank–Nicolson matrices of the 2-D wave equation h_tt = c²Δh on
 *  an nx×ny grid with reflecting (h = 0) walls, α = c²Δt²/(2Δx²), L₄ the sum
 *  of the 4 neighbours:
 *    A = (1+4α)·I − α·L₄ = I − αΔ        (SPD: solve with CG)
 *    M = (2−4α)·I + α·L₄ = 2I + αΔ
 *  and one step is A·h_{t+1} = M·h_t − h_{t−1}, i.e.
 *  h_{t+1} − 2h_t + h_{t−1} = αΔ(h_{t+1} + h_t). See docs/linear-algebra.md
 *  for why M has 2−4α on its diagonal. As band matrices. Blocks.
 *  @param alpha  α >= 0 and finite.
 *  @param A, M   receive the matrices; both NULL on failure.
 *  @return as golcl_fd_stencil5, and GOLCL_E_INVALID_ARG for a bad alpha or
 *          NULL A or M. */
GOLCL_API golcl_status golcl_fd_wave_cn(golcl_context *ctx, size_t nx, size_t ny, double alpha,
                                        golcl_dtype dtype, golcl_bandmat **A, golcl_bandmat **M);

/** The same two matrices as matrix-free stencil operators (what the wave
 *  example uses: CG on them moves about 12 words an unknown an iteration
 *  instead of 17). Blocks.
 *  @return as golcl_fd_wave_cn. */
GOLCL_API golcl_status golcl_fd_wave_cn_op(golcl_context *ctx, size_t nx, size_t ny, double alpha,
                                           golcl_dtype dtype, golcl_stencil **A, golcl_stencil **M);

#ifdef __cplusplus
}
#endif
#endif /* GOLCL_LA_H */
