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
 * - Calls that only launch work return once it is queued on the context's
 *   in-order queue; calls that return a value to the host (read, dot, nrm2,
 *   cg_solve) wait for it.
 * - On failure out-handles are set to NULL and the objects passed in are
 *   unchanged; details are in golcl_context_errmsg() of the objects' context
 *   (golcl_last_errmsg() when no object was given).
 * - Reductions (dot, nrm2, the CG scalars) are two-stage on the device with a
 *   fixed number of work-groups and a fixed order: the same inputs give the
 *   same bits, run after run, on one device. */

/** Element type of vectors and matrices. */
typedef enum golcl_dtype {
  GOLCL_F32 = 0, /**< float */
  GOLCL_F64 = 1  /**< double; needs cl_khr_fp64 */
} golcl_dtype;

/** Bytes per element of a dtype: 4, 8, or 0 for a bad value. */
GOLCL_API size_t golcl_dtype_size(golcl_dtype dtype);

/* ----------------------------------------------------------------- vectors */

typedef struct golcl_vec golcl_vec;

/** Creates a vector of n elements on the context's device.
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

/** Destroys a vector (after the work queued on it). NULL is a no-op. */
GOLCL_API void golcl_vec_destroy(golcl_vec *v);

/** Length, element type, context and device buffer of a vector (0, GOLCL_F32,
 *  NULL, NULL for a NULL vector). The buffer holds exactly n elements and
 *  stays owned by the vector: use it with your own kernels on the context's
 *  queue (golcl_context_cl_queue). */
GOLCL_API size_t golcl_vec_size(const golcl_vec *v);
GOLCL_API golcl_dtype golcl_vec_dtype(const golcl_vec *v);
GOLCL_API golcl_context *golcl_vec_context(const golcl_vec *v);
GOLCL_API cl_mem golcl_vec_buffer(golcl_vec *v);

/** Copies count elements from host memory into v[offset .. offset+count-1];
 *  waits until the copy is done. count 0 does nothing.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL v or src, offset + count > n);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_write(golcl_vec *v, size_t offset, size_t count, const void *src);

/** Copies count elements v[offset ..] into host memory (waits for the work
 *  queued before it). count 0 does nothing.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL v or dst, offset + count > n);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_read(const golcl_vec *v, size_t offset, size_t count, void *dst);

/** Sets every element to value (rounded to float for f32).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL v); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_fill(golcl_vec *v, double value);

/** dst = src. src == dst does nothing.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_MISMATCH
 *          (other context, dtype or length); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_copy(const golcl_vec *src, golcl_vec *dst);

/** z = a·x + b·y elementwise, a and b rounded to the dtype. y may be NULL
 *  (then z = a·x and b is ignored); z may be x or y.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (x or z NULL); GOLCL_E_MISMATCH
 *          (other context, dtype or length); GOLCL_E_OUT_OF_MEMORY (building the
 *          kernel); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_axpby(double a, const golcl_vec *x, double b, const golcl_vec *y,
                                       golcl_vec *z);

/** z = x·y elementwise (Hadamard product); z may be x or y.
 *  @return as golcl_vec_axpby (y NULL is GOLCL_E_INVALID_ARG). */
GOLCL_API golcl_status golcl_vec_mul(const golcl_vec *x, const golcl_vec *y, golcl_vec *z);

/** The dot product Σ x[i]·y[i], summed on the device in the vectors' dtype
 *  (two-stage, deterministic), returned as a double; waits for it.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_MISMATCH;
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_dot(const golcl_vec *x, const golcl_vec *y, double *out);

/** The same dot product, written into out[index] on the device without
 *  waiting (BLAS style: the result stays on the device). out has the dtype
 *  of x and y and may be x or y.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, index >= length of
 *          out); GOLCL_E_MISMATCH; GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_dot_to(const golcl_vec *x, const golcl_vec *y, golcl_vec *out,
                                        size_t index);

/** The Euclidean norm sqrt(Σ x[i]²), computed with scaling (as LAPACK's
 *  nrm2) so that it neither overflows nor underflows where the norm itself is
 *  representable; waits for it.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_vec_nrm2(const golcl_vec *x, double *out);

/* ------------------------------------------------------------ band matrices */

typedef struct golcl_bandmat golcl_bandmat;

/** Creates an n×n matrix stored by diagonals: ndiag diagonals at the given
 *  offsets (0 the main diagonal, +k the k-th above, -k below), any set of
 *  distinct offsets with |offset| < n, as far apart as you like. All
 *  entries start at zero.
 *  @param offsets  ndiag distinct offsets (copied).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, offsets or out, n or
 *          ndiag 0, a repeated offset, |offset| >= n, a bad dtype, a size
 *          that overflows); GOLCL_E_UNSUPPORTED (f64 without cl_khr_fp64);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_bandmat_create(golcl_context *ctx, size_t n, size_t ndiag,
                                            const ptrdiff_t *offsets, golcl_dtype dtype,
                                            golcl_bandmat **out);

/** Destroys a band matrix and the solver workspace it holds. NULL is a no-op. */
GOLCL_API void golcl_bandmat_destroy(golcl_bandmat *A);

/** The order n of a band matrix (0 for NULL). */
GOLCL_API size_t golcl_bandmat_size(const golcl_bandmat *A);

/** Sets one diagonal from host memory: values[i] = A[i][i+offset] for i in
 *  0..n-1 (n elements of the matrix's dtype); entries whose column i+offset
 *  is outside 0..n-1 are ignored (stored as zero). Waits for the copy.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, an offset the
 *          matrix was not created with); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_bandmat_set_diag(golcl_bandmat *A, ptrdiff_t offset,
                                              const void *values);

/** out = A·x + y (y NULL: out = A·x). y may be out; x may not.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL A, x or out, out == x);
 *          GOLCL_E_MISMATCH (other context, dtype or length);
 *          GOLCL_E_OUT_OF_MEMORY (building the kernel); GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_bandmat_mv(const golcl_bandmat *A, const golcl_vec *x,
                                        const golcl_vec *y, golcl_vec *out);

/* ----------------------------------------------------------- dense matrices */

typedef struct golcl_densemat golcl_densemat;

/** Creates a rows×cols dense matrix from row-major host data (rows·cols
 *  elements of dtype), or zeros when row_major is NULL. Products run through
 *  CLBlast's gemv.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, a zero side, a bad
 *          dtype, a size that overflows); GOLCL_E_UNSUPPORTED (f64 without
 *          cl_khr_fp64); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_densemat_create(golcl_context *ctx, size_t rows, size_t cols,
                                             golcl_dtype dtype, const void *row_major,
                                             golcl_densemat **out);

/** Destroys a dense matrix. NULL is a no-op. */
GOLCL_API void golcl_densemat_destroy(golcl_densemat *M);

/** out = M·x + y, with x of length cols, y and out of length rows; y may be
 *  NULL (out = M·x) or out; x may not be out.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL M, x or out, out == x);
 *          GOLCL_E_MISMATCH (other context, dtype or length);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL (CLBlast's status in errmsg). */
GOLCL_API golcl_status golcl_densemat_mv(const golcl_densemat *M, const golcl_vec *x,
                                         const golcl_vec *y, golcl_vec *out);

/* ------------------------------------------------------- conjugate gradient */

typedef enum golcl_precond {
  GOLCL_PRECOND_NONE = 0,  /**< plain CG */
  GOLCL_PRECOND_JACOBI = 1 /**< z = r / diag(A); needs a main diagonal */
} golcl_precond;

/** Options of golcl_cg_solve; zero-initialised = the defaults. The solve
 *  stops at the first iteration k with ||r_k|| <= max(rtol·||b||, atol),
 *  r_k the residual the iteration updates (2-norms). */
typedef struct golcl_cg_opts {
  double rtol;     /**< relative tolerance; when rtol and atol are both 0: 1e-6 */
  double atol;     /**< absolute tolerance, default 0 */
  size_t max_iter; /**< iteration cap; 0 means n */
  golcl_precond precond;
} golcl_cg_opts;

/** What a solve did. */
typedef struct golcl_cg_report {
  size_t iterations;   /**< exact number of iterations (updates of x) done */
  double rel_residual; /**< ||b − A·x||₂ / ||b||₂ of the returned x, recomputed
                            on the device in the dtype (0 when b = 0) */
  int converged;       /**< 1 iff the tolerance was met, also by the recomputed
                            residual ||b − A·x||₂; 0 on breakdown or iteration cap */
} golcl_cg_report;

/** Solves A·x = b by the conjugate-gradient method (A symmetric positive
 *  definite), fused on the device: two kernels an iteration, the scalars on
 *  the device, the host reading back only every few iterations to test
 *  convergence (see docs/linear-algebra.md). On breakdown (p·Ap <= 0, a
 *  non-positive r·z, or NaN: A not SPD) the solve stops with converged = 0.
 *  When the iterated residual meets the tolerance but the recomputed one does
 *  not (rounding), CG restarts from the recomputed residual, at most twice.
 *  If b = 0, x is set to 0 (0 iterations, converged).
 *  @param A       the matrix (its workspace is kept in it between solves).
 *  @param b       right-hand side; may not be x.
 *  @param x       in: the initial guess; out: the solution. Written only when
 *                 the call returns GOLCL_OK.
 *  @param opts    NULL for the defaults.
 *  @param report  receives what the solve did (also when it did not converge).
 *  @return GOLCL_OK (whether or not it converged: see report);
 *          GOLCL_E_INVALID_ARG (NULL A, b, x or report, b == x, negative or NaN
 *          tolerances, a bad precond, JACOBI on a matrix without a main
 *          diagonal); GOLCL_E_MISMATCH (other context, dtype or length);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_cg_solve(const golcl_bandmat *A, const golcl_vec *b, golcl_vec *x,
                                      const golcl_cg_opts *opts, golcl_cg_report *report);

/* ------------------------------------------------ finite-difference helpers */

/** The 5-point stencil matrix on an nx×ny grid (unknown (ix, iy) at row
 *  iy·nx + ix) with homogeneous Dirichlet boundaries: `center` on the
 *  diagonal and `neighbour` for each of the up to 4 grid neighbours inside
 *  the grid (those outside are the zero boundary). Offsets 0, ±1 (when
 *  nx > 1) and ±nx (when ny > 1). No 1/h² factor: scale it yourself.
 *  Examples: −Δ is (4, −1); implicit heat I − sΔ is (1 + 4s, −s).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx or out, nx or ny 0, nx·ny
 *          overflows, a bad dtype); GOLCL_E_UNSUPPORTED (f64 without
 *          cl_khr_fp64); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_fd_stencil5(golcl_context *ctx, size_t nx, size_t ny, double center,
                                         double neighbour, golcl_dtype dtype, golcl_bandmat **out);

/** The 5-point Laplacian Δ (−4 on the diagonal, 1 for each neighbour inside
 *  the grid) on an nx×ny grid with Dirichlet boundaries:
 *  golcl_fd_stencil5(ctx, nx, ny, -4, 1, dtype, out). Note −Δ is the SPD one.
 *  @return as golcl_fd_stencil5. */
GOLCL_API golcl_status golcl_fd_laplacian(golcl_context *ctx, size_t nx, size_t ny,
                                          golcl_dtype dtype, golcl_bandmat **out);

/** The two Crank–Nicolson matrices of the 2-D wave equation h_tt = c²Δh on
 *  an nx×ny grid with reflecting (h = 0) walls, α = c²Δt²/(2Δx²), L₄ the sum
 *  of the 4 neighbours:
 *    A = (1+4α)·I − α·L₄ = I − αΔ        (SPD: solve with golcl_cg_solve)
 *    M = (2−4α)·I + α·L₄ = 2I + αΔ
 *  and one step is A·h_{t+1} = M·h_t − h_{t−1}, i.e.
 *  h_{t+1} − 2h_t + h_{t−1} = αΔ(h_{t+1} + h_t). See docs/linear-algebra.md
 *  for why M has 2−4α on its diagonal.
 *  @param alpha  α >= 0 and finite.
 *  @param A, M   receive the matrices; both NULL on failure.
 *  @return as golcl_fd_stencil5, and GOLCL_E_INVALID_ARG for a bad alpha or
 *          NULL A or M. */
GOLCL_API golcl_status golcl_fd_wave_cn(golcl_context *ctx, size_t nx, size_t ny, double alpha,
                                        golcl_dtype dtype, golcl_bandmat **A, golcl_bandmat **M);

#ifdef __cplusplus
}
#endif
#endif /* GOLCL_LA_H */
