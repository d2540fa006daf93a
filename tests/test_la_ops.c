/* test_la_ops.c — linear algebra, part 2, against CPU references in double:
 * matrix-free stencils (5/9/7-point, both edges, 1×1 … 257×129) and their
 * band twins, CSR (random, empty rows, one row, unsorted, duplicates) and CG
 * on it, wrapping band diagonals, a caller's operator with its own kernel,
 * the MG V-cycle (one cycle against a host cycle; flat iteration counts),
 * reductions and the scan (exact on integers, NaN, indices, determinism),
 * vec_wrap, CG on non-finite and badly scaled b (issue 14), the residual
 * history and the reduce/exchange hooks, and invalid arguments. */
#include "test_la_ref.h"

#include <math.h>
#include <string.h>

static const golcl_dtype DTYPES[2] = {GOLCL_F32, GOLCL_F64};

/* ------------------------------------------------------------- stencils */

/* Host stencil product (kind 5, 9, 7), the definition of golcl_la.h. */
static void host_stencil(int kind, size_t nx, size_t ny, size_t nz, const double *c, int periodic,
                         const double *x, double *out) {
  static const int d5[5][3] = {{0, 0, 0}, {-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
  static const int d7[7][3] = {{0, 0, 0}, {-1, 0, 0}, {1, 0, 0}, {0, -1, 0},
                               {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
  int d9[9][3];
  for (int k = 0; k < 9; k++) d9[k][0] = k % 3 - 1, d9[k][1] = k / 3 - 1, d9[k][2] = 0;
  const int(*d)[3] = kind == 5 ? d5 : kind == 7 ? d7 : (const int(*)[3])d9;
  for (size_t iz = 0; iz < nz; iz++)
    for (size_t iy = 0; iy < ny; iy++)
      for (size_t ix = 0; ix < nx; ix++) {
        double acc = 0;
        for (int k = 0; k < kind; k++) {
          long jx = (long)ix + d[k][0], jy = (long)iy + d[k][1], jz = (long)iz + d[k][2];
          if (periodic) {
            jx = (jx + (long)nx) % (long)nx;
            jy = (jy + (long)ny) % (long)ny;
            jz = (jz + (long)nz) % (long)nz;
          } else if (jx < 0 || jy < 0 || jz < 0 || jx >= (long)nx || jy >= (long)ny ||
                     jz >= (long)nz) {
            continue;
          }
          acc += c[k] * x[((size_t)jz * ny + (size_t)jy) * nx + (size_t)jx];
        }
        out[(iz * ny + iy) * nx + ix] = acc;
      }
}

/* The kernels of the 2-D 5-point stencil ($GOLCL_LA_STENCIL and the tile
 * shape, read at each launch): rows; tiles of the default shape; tiles of
 * at most 2 columns and 3 rows (partial row blocks, vectors of 2 and 1). */
#define ST_MODES 3
static void stencil_mode(int mode) {
  setenv("GOLCL_LA_STENCIL", mode == 0 ? "rows" : "tiles", 1);
  if (mode == 2) {
    setenv("GOLCL_LA_TILE_VW", "2", 1);
    setenv("GOLCL_LA_TILE_RY", "3", 1);
  } else {
    unsetenv("GOLCL_LA_TILE_VW");
    unsetenv("GOLCL_LA_TILE_RY");
  }
}

START_TEST(stencil_mv_matches_reference_and_band) {
  golcl_dtype dt = DTYPES[_i / ST_MODES];
  stencil_mode(_i % ST_MODES);
  static const size_t S2[][2] = {{1, 1},   {1, 5},     {6, 1},   {2, 3},
                                 {37, 29}, {257, 129}, {40, 27}, {4, 3}};
  static const size_t S3[][3] = {{1, 1, 1}, {2, 3, 2}, {9, 5, 7}, {33, 17, 11}};
  const double c5[5] = {4.25, -1.5, -0.75, -1.25, 0.5};
  const double c9[9] = {0.1, -0.2, 0.3, -0.4, 3.5, -0.6, 0.7, -0.8, 0.9};
  const double c7[7] = {6.5, -1, -0.5, -1.5, -0.25, 0.75, -2};
  for (int kind = 5; kind <= 9; kind += 2) {
    const double *c = kind == 5 ? c5 : kind == 7 ? c7 : c9;
    size_t ns = kind == 7 ? 4 : 8;
    for (size_t si = 0; si < ns; si++)
      for (int per = 0; per < 2; per++) {
        size_t nx = kind == 7 ? S3[si][0] : S2[si][0], ny = kind == 7 ? S3[si][1] : S2[si][1];
        size_t nz = kind == 7 ? S3[si][2] : 1, n = nx * ny * nz;
        double *x = lr_random(n, -1, 1, 77 + si), *y = lr_random(n, -1, 1, 91 + si);
        double *ref = lr_alloc(n), *got = lr_alloc(n);
        lr_round(dt, x, n);
        lr_round(dt, y, n);
        double cr[9];
        for (int k = 0; k < kind; k++) cr[k] = dt == GOLCL_F32 ? (double)(float)c[k] : c[k];
        golcl_stencil *S;
        TU_OK(golcl_stencil_create(tu_ctx, (golcl_stencil_kind)kind, nx, ny, nz, c,
                                   per ? GOLCL_EDGE_PERIODIC : GOLCL_EDGE_DIRICHLET, dt, &S));
        ck_assert_uint_eq(golcl_stencil_size(S), n);
        golcl_vec *vx = lr_vec(dt, n, x), *vy = lr_vec(dt, n, y), *vo = lr_vec(dt, n, NULL);
        host_stencil(kind, nx, ny, nz, cr, per, x, ref);
        TU_OK(golcl_stencil_mv(S, vx, NULL, vo));
        lr_read(vo, got);
        lr_check_close(got, ref, n, dt, kind, "stencil mv");
        for (size_t i = 0; i < n; i++) ref[i] += y[i];
        TU_OK(golcl_stencil_mv(S, vx, vy, vy)); /* y may be out */
        lr_read(vy, got);
        lr_check_close(got, ref, n, dt, kind + 1, "stencil mv + y");
        if (kind == 5 && !per) { /* the band twin of golcl_fd_stencil5 */
          golcl_bandmat *B;
          golcl_stencil *T;
          TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4, -1, dt, &B));
          TU_OK(golcl_fd_stencil5_op(tu_ctx, nx, ny, 4, -1, dt, &T));
          double *g2 = lr_alloc(n);
          TU_OK(golcl_bandmat_mv(B, vx, NULL, vo));
          lr_read(vo, got);
          TU_OK(golcl_stencil_mv(T, vx, NULL, vo));
          lr_read(vo, g2);
          lr_check_close(g2, got, n, dt, 5, "stencil = band");
          free(g2);
          golcl_bandmat_destroy(B);
          golcl_stencil_destroy(T);
        }
        golcl_stencil_destroy(S);
        golcl_vec_destroy(vx);
        golcl_vec_destroy(vy);
        golcl_vec_destroy(vo);
        free(x), free(y), free(ref), free(got);
      }
  }
}
END_TEST

/* CG on op takes the iterates of CG on the band matrix B (the same
 * operator): plain and Jacobi, the same x within rounding, iteration counts
 * within one; b random from seed. */
static void cg_like_band(const golcl_bandmat *B, const golcl_op *op, golcl_dtype dt, uint64_t seed,
                         const char *what) {
  size_t n = golcl_bandmat_size(B);
  double *b = lr_random(n, -1, 1, seed), *x1 = lr_alloc(n), *x2 = lr_alloc(n);
  for (int prec = 0; prec < 2; prec++) {
    golcl_vec *vb = lr_vec(dt, n, b), *v1 = lr_vec(dt, n, NULL), *v2 = lr_vec(dt, n, NULL);
    golcl_cg_opts o = {.rtol = dt == GOLCL_F32 ? 1e-5 : 1e-10, .precond = (golcl_precond)prec};
    golcl_cg_report r1, r2;
    TU_OK(golcl_cg_solve(B, vb, v1, &o, &r1));
    TU_OK(golcl_cg_solve_op(op, vb, v2, &o, &r2));
    ck_assert(r1.converged && r2.converged);
    ck_assert_msg(r1.iterations <= r2.iterations + 1 && r2.iterations <= r1.iterations + 1,
                  "band %zu, %s %zu iterations", r1.iterations, what, r2.iterations);
    lr_read(v1, x1);
    lr_read(v2, x2);
    double tol = dt == GOLCL_F32 ? 1e-4 : 1e-9;
    for (size_t i = 0; i < n; i++) ck_assert(fabs(x1[i] - x2[i]) <= tol * (1 + fabs(x1[i])));
    golcl_vec_destroy(vb), golcl_vec_destroy(v1), golcl_vec_destroy(v2);
  }
  free(b), free(x1), free(x2);
}

/* CG on the stencil operator takes the iterates of CG on the band matrix. */
START_TEST(cg_stencil_matches_band) {
  golcl_dtype dt = DTYPES[_i / ST_MODES];
  stencil_mode(_i % ST_MODES);
  for (size_t nx = 44; nx <= 45; nx++) { /* vectors of 4 (or 2), and of 1 */
    const size_t ny = 31;
    golcl_bandmat *B;
    golcl_stencil *S;
    TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4.5, -1, dt, &B));
    TU_OK(golcl_fd_stencil5_op(tu_ctx, nx, ny, 4.5, -1, dt, &S));
    cg_like_band(B, golcl_stencil_op(S), dt, 5, "stencil");
    golcl_bandmat_destroy(B);
    golcl_stencil_destroy(S);
  }
}
END_TEST

/* ------------------------------------------------------------------- CSR */

START_TEST(csr_matches_dense_reference) {
  golcl_dtype dt = DTYPES[_i];
  static const size_t SH[][2] = {{1, 1}, {1, 40}, {40, 1}, {57, 43}, {300, 300}};
  for (size_t si = 0; si < 5; si++) {
    size_t rows = SH[si][0], cols = SH[si][1];
    size_t *rp = calloc(rows + 1, sizeof *rp);
    size_t cap = rows * 12 + 1, nnz = 0;
    size_t *ci = calloc(cap, sizeof *ci);
    double *v = lr_alloc(cap), *dense = lr_alloc(rows * cols);
    double *rnd = lr_random(cap * 3, 0, 1, 400 + si);
    for (size_t r = 0; r < rows; r++) {
      size_t len = r % 7 == 3 ? 0 : (size_t)(rnd[3 * r] * 12); /* empty rows */
      for (size_t t = 0; t < len; t++) {
        size_t c = (size_t)(rnd[(3 * r + t * 5 + 1) % (cap * 3)] * cols) % cols;
        if (t > 0 && t % 4 == 0) c = ci[nnz - 1]; /* a duplicate */
        double val = (double)(float)(rnd[(7 * r + 3 * t + 2) % (cap * 3)] - 0.5);
        ci[nnz] = c;
        v[nnz++] = val;
        dense[r * cols + c] += val;
      }
      rp[r + 1] = nnz;
    }
    void *vd = lr_to_dtype(dt, v, nnz);
    golcl_csrmat *M;
    TU_OK(golcl_csrmat_create(tu_ctx, rows, cols, rp, ci, vd, dt, &M));
    double *x = lr_random(cols, -1, 1, 9 + si), *ref = lr_alloc(rows), *got = lr_alloc(rows);
    lr_round(dt, x, cols);
    for (size_t r = 0; r < rows; r++) {
      double acc = 0;
      for (size_t c = 0; c < cols; c++) acc += dense[r * cols + c] * x[c];
      ref[r] = acc;
    }
    golcl_vec *vx = lr_vec(dt, cols, x), *vo = lr_vec(dt, rows, NULL);
    TU_OK(golcl_csrmat_mv(M, vx, NULL, vo));
    lr_read(vo, got);
    lr_check_close(got, ref, rows, dt, 24, "csr mv");
    ck_assert((golcl_csrmat_op(M) != NULL) == (rows == cols));
    golcl_csrmat_destroy(M);
    golcl_vec_destroy(vx), golcl_vec_destroy(vo);
    free(rp), free(ci), free(v), free(dense), free(rnd), free(vd), free(x), free(ref), free(got);
  }
}
END_TEST

/* The 5-point matrix as CSR (rows given in reverse order, to be sorted). */
static golcl_csrmat *csr_stencil5(golcl_dtype dt, size_t nx, size_t ny, double c, double nb) {
  size_t n = nx * ny, *rp = calloc(n + 1, sizeof *rp), *ci = calloc(5 * n, sizeof *ci), k = 0;
  double *v = lr_alloc(5 * n);
  for (size_t i = 0; i < n; i++) {
    size_t ix = i % nx, iy = i / nx;
    if (iy + 1 < ny) ci[k] = i + nx, v[k++] = nb;
    if (ix + 1 < nx) ci[k] = i + 1, v[k++] = nb;
    ci[k] = i, v[k++] = c;
    if (ix > 0) ci[k] = i - 1, v[k++] = nb;
    if (iy > 0) ci[k] = i - nx, v[k++] = nb;
    rp[i + 1] = k;
  }
  void *vd = lr_to_dtype(dt, v, k);
  golcl_csrmat *M;
  TU_OK(golcl_csrmat_create(tu_ctx, n, n, rp, ci, vd, dt, &M));
  ck_assert_uint_eq(golcl_csrmat_nnz(M), k);
  free(rp), free(ci), free(v), free(vd);
  return M;
}

START_TEST(cg_csr_matches_band) {
  golcl_dtype dt = DTYPES[_i];
  const size_t nx = 33, ny = 27;
  golcl_bandmat *B;
  TU_OK(golcl_fd_stencil5(tu_ctx, nx, ny, 4.5, -1, dt, &B));
  golcl_csrmat *M = csr_stencil5(dt, nx, ny, 4.5, -1);
  cg_like_band(B, golcl_csrmat_op(M), dt, 15, "csr");
  golcl_bandmat_destroy(B);
  golcl_csrmat_destroy(M);
}
END_TEST

/* ------------------------------------------------- wrapping band diagonals */

START_TEST(band_wrap_matches_reference) {
  golcl_dtype dt = DTYPES[_i];
  const size_t n = 1000;
  const ptrdiff_t offs[12] = {0, 1, -1, 2, -2, 31, -31, 500, -499, 997, -996, 250};
  golcl_bandmat *A;
  TU_OK(golcl_bandmat_create_ex(tu_ctx, n, 12, offs, dt, GOLCL_BAND_WRAP, &A));
  double *d[12];
  for (int k = 0; k < 12; k++) {
    d[k] = lr_random(n, -1, 1, 60 + k);
    lr_round(dt, d[k], n);
    lr_set_diag(A, dt, offs[k], d[k]);
  }
  double *x = lr_random(n, -1, 1, 3), *ref = lr_alloc(n), *got = lr_alloc(n);
  lr_round(dt, x, n);
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 12; k++)
      ref[i] += d[k][i] * x[(size_t)(((ptrdiff_t)i + offs[k] + (ptrdiff_t)n) % (ptrdiff_t)n)];
  golcl_vec *vx = lr_vec(dt, n, x), *vo = lr_vec(dt, n, NULL);
  TU_OK(golcl_bandmat_mv(A, vx, NULL, vo));
  lr_read(vo, got);
  lr_check_close(got, ref, n, dt, 12, "wrapping band mv");
  /* offsets equal modulo n are refused */
  const ptrdiff_t dup[2] = {3, 3 - (ptrdiff_t)n};
  golcl_bandmat *B = (golcl_bandmat *)1;
  ck_assert_int_eq(golcl_bandmat_create_ex(tu_ctx, n, 2, dup, dt, GOLCL_BAND_WRAP, &B),
                   GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(B);
  TU_OK(golcl_bandmat_create_ex(tu_ctx, n, 2, dup, dt, 0, &B)); /* fine without wrapping */
  golcl_bandmat_destroy(B);
  ck_assert_int_eq(golcl_bandmat_create_ex(tu_ctx, n, 2, dup, dt, 8, &B), GOLCL_E_INVALID_ARG);
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(vx), golcl_vec_destroy(vo);
  for (int k = 0; k < 12; k++) free(d[k]);
  free(x), free(ref), free(got);
}
END_TEST

/* ------------------------------------------------------ caller's operator */

static const char LAPLACE_SRC[] =
    "__kernel void lap(int nx, int ny, __global const float *x, __global float *y) {\n"
    "  int i = get_global_id(0); if (i >= nx * ny) return;\n"
    "  int ix = i % nx, iy = i / nx; float a = 4.5f * x[i];\n"
    "  if (ix > 0) a -= x[i - 1]; if (ix + 1 < nx) a -= x[i + 1];\n"
    "  if (iy > 0) a -= x[i - nx]; if (iy + 1 < ny) a -= x[i + nx];\n"
    "  y[i] = a; }\n";

typedef struct user_op {
  cl_kernel k;
  int nx, ny, calls, exchanges, reduces;
} user_op;

static golcl_status user_apply(void *u, cl_command_queue q, cl_mem x, cl_mem out) {
  user_op *op = u;
  op->calls++;
  clSetKernelArg(op->k, 0, sizeof op->nx, &op->nx);
  clSetKernelArg(op->k, 1, sizeof op->ny, &op->ny);
  clSetKernelArg(op->k, 2, sizeof x, &x);
  clSetKernelArg(op->k, 3, sizeof out, &out);
  size_t global = (size_t)(op->nx * op->ny);
  return clEnqueueNDRangeKernel(q, op->k, 1, NULL, &global, NULL, 0, NULL, NULL) == CL_SUCCESS
             ? GOLCL_OK
             : GOLCL_E_OPENCL;
}

static golcl_status user_exchange(void *u, cl_command_queue q, cl_mem v) {
  (void)q, (void)v;
  ((user_op *)u)->exchanges++;
  return GOLCL_OK;
}

/* The reduce hook of a one-rank "distributed" solve: row sums at element 0,
 * zeros elsewhere (what an MPI hook does after its fixed-order combine). */
static golcl_status user_reduce(void *u, cl_command_queue q, cl_mem part, size_t offset,
                                size_t rows, size_t groups, golcl_dtype dt) {
  ((user_op *)u)->reduces++;
  float *buf = calloc(rows * groups, sizeof *buf);
  ck_assert(dt == GOLCL_F32);
  clEnqueueReadBuffer(q, part, CL_TRUE, offset * 4, rows * groups * 4, buf, 0, NULL, NULL);
  for (size_t r = 0; r < rows; r++) {
    float s = 0;
    for (size_t g = 0; g < groups; g++) s += buf[r * groups + g], buf[r * groups + g] = 0;
    buf[r * groups] = s;
  }
  clEnqueueWriteBuffer(q, part, CL_TRUE, offset * 4, rows * groups * 4, buf, 0, NULL, NULL);
  free(buf);
  return GOLCL_OK;
}

START_TEST(user_operator_solves_like_the_builtin) {
  const size_t nx = 40, ny = 23, n = nx * ny;
  cl_context clc = golcl_context_cl_context(tu_ctx);
  cl_device_id dev = golcl_context_cl_device(tu_ctx);
  const char *src = LAPLACE_SRC;
  cl_int err;
  cl_program prog = clCreateProgramWithSource(clc, 1, &src, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(prog, 1, &dev, "", NULL, NULL), CL_SUCCESS);
  user_op u = {.nx = (int)nx, .ny = (int)ny};
  u.k = clCreateKernel(prog, "lap", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  golcl_op *op;
  TU_OK(golcl_op_create(tu_ctx, n, GOLCL_F32, user_apply, &u, &op));
  ck_assert_uint_eq(golcl_op_size(op), n);
  golcl_stencil *S;
  TU_OK(golcl_fd_stencil5_op(tu_ctx, nx, ny, 4.5, -1, GOLCL_F32, &S));
  double *b = lr_random(n, -1, 1, 21), *x1 = lr_alloc(n), *x2 = lr_alloc(n);
  golcl_vec *vb = lr_vec(GOLCL_F32, n, b), *v1 = lr_vec(GOLCL_F32, n, NULL),
            *v2 = lr_vec(GOLCL_F32, n, NULL);
  golcl_cg_opts o = {.rtol = 1e-5};
  golcl_cg_report r1, r2;
  TU_OK(golcl_cg_solve_op(golcl_stencil_op(S), vb, v1, &o, &r1));
  TU_OK(golcl_cg_solve_op(op, vb, v2, &o, &r2));
  ck_assert(r1.converged && r2.converged && u.calls > 0);
  ck_assert(r1.iterations <= r2.iterations + 1 && r2.iterations <= r1.iterations + 1);
  lr_read(v1, x1);
  lr_read(v2, x2);
  for (size_t i = 0; i < n; i++) ck_assert(fabs(x1[i] - x2[i]) <= 1e-4 * (1 + fabs(x1[i])));
  /* golcl_op_mv with y == out: b + A·x1 by the callback and by the stencil */
  {
    golcl_vec *vr = lr_vec(GOLCL_F32, n, b), *vs = lr_vec(GOLCL_F32, n, b);
    double *g1 = lr_alloc(n), *g2 = lr_alloc(n);
    TU_OK(golcl_op_mv(op, v1, vr, vr));
    TU_OK(golcl_stencil_mv(S, v1, vs, vs));
    lr_read(vr, g1);
    lr_read(vs, g2);
    lr_check_close(g1, g2, n, GOLCL_F32, 6, "callback mv + y");
    golcl_vec_destroy(vr), golcl_vec_destroy(vs);
    free(g1), free(g2);
  }
  /* hooks: the same solve through a solver with reduce and exchange hooks */
  golcl_cg *cg;
  TU_OK(golcl_cg_create(golcl_stencil_op(S), &cg));
  golcl_cg_hooks h = {.reduce = user_reduce, .exchange = user_exchange, .user = &u};
  TU_OK(golcl_cg_set_hooks(cg, &h));
  golcl_vec *vb2 = lr_vec(GOLCL_F32, n, b), *v3 = lr_vec(GOLCL_F32, n, NULL);
  golcl_cg_report r3;
  TU_OK(golcl_cg_run(cg, vb2, v3, &o, &r3));
  ck_assert(r3.converged && u.exchanges > 0 && u.reduces > 0);
  ck_assert(r1.iterations <= r3.iterations + 1 && r3.iterations <= r1.iterations + 1);
  lr_read(v3, x2);
  for (size_t i = 0; i < n; i++) ck_assert(fabs(x1[i] - x2[i]) <= 1e-4 * (1 + fabs(x1[i])));
  golcl_cg_destroy(cg);
  golcl_vec_destroy(vb), golcl_vec_destroy(v1), golcl_vec_destroy(v2);
  golcl_vec_destroy(vb2), golcl_vec_destroy(v3);
  golcl_op_destroy(op);
  golcl_op_destroy((golcl_op *)golcl_stencil_op(S)); /* a no-op: S owns it */
  golcl_stencil_destroy(S);
  clReleaseKernel(u.k);
  clReleaseProgram(prog);
  free(b), free(x1), free(x2);
}
END_TEST

/* -------------------------------------------------------------- multigrid */

/* The host V-cycle of mg.c for a 2-D 5-point stencil (c0, cn), Dirichlet
 * (vertex-centred: coarse I on fine 2I + 1; a side of n points coarsens to
 * (n − 1)/2 when n is odd, n/2 when even) or periodic (coarse I on fine 2I,
 * indices wrap). ex, ey: what the centre gains on the last column and the
 * last row, in units of |cn| (docs/linear-algebra.md: e/(2 + e) from an
 * odd side, 1 + 2e from an even one). */
typedef struct hlev {
  size_t nx, ny;
  double c0, cn, ex, ey;
  int per;
} hlev;

/* The centre of the row at (ix, iy). */
static double h_c0(const hlev *L, size_t ix, size_t iy) {
  double c = L->c0;
  if (ix + 1 == L->nx) c += L->ex * fabs(L->cn);
  if (iy + 1 == L->ny) c += L->ey * fabs(L->cn);
  return c;
}

/* x at (ix + dx, iy + dy): wrapped, or 0 outside a Dirichlet grid. */
static double h_at(const hlev *L, const double *x, size_t ix, size_t iy, int dx, int dy) {
  long jx = (long)ix + dx, jy = (long)iy + dy, nx = (long)L->nx, ny = (long)L->ny;
  if (L->per) {
    jx = (jx + nx) % nx;
    jy = (jy + ny) % ny;
  } else if (jx < 0 || jy < 0 || jx >= nx || jy >= ny) {
    return 0;
  }
  return x[(size_t)jy * L->nx + (size_t)jx];
}

/* (A·x) at (ix, iy), the centre first, then −x, +x, −y, +y. */
static double h_ax(const hlev *L, const double *x, size_t ix, size_t iy) {
  double acc = h_c0(L, ix, iy) * x[iy * L->nx + ix];
  acc += L->cn * h_at(L, x, ix, iy, -1, 0);
  acc += L->cn * h_at(L, x, ix, iy, 1, 0);
  acc += L->cn * h_at(L, x, ix, iy, 0, -1);
  acc += L->cn * h_at(L, x, ix, iy, 0, 1);
  return acc;
}

static void h_smooth(const hlev *L, const double *b, double *x, int color) {
  for (size_t iy = 0; iy < L->ny; iy++)
    for (size_t ix = 0; ix < L->nx; ix++) {
      if ((int)((ix + iy) & 1) != color) continue;
      size_t i = iy * L->nx + ix;
      x[i] += (b[i] - h_ax(L, x, ix, iy)) / h_c0(L, ix, iy);
    }
}

/* Coarse points of fine f on an axis of nc coarse points: k of them into
 * c[], weights into w[] (P's entries). */
static int h_coarse(long f, long nc, int per, long *c, double *w) {
  int k = 0;
  if (per) {
    if (f % 2 == 0) {
      c[k] = f / 2, w[k++] = 1;
    } else {
      c[k] = (f - 1) / 2, w[k++] = 0.5;
      c[k] = (f + 1) / 2 % nc, w[k++] = 0.5;
    }
  } else if (f & 1) {
    if ((f - 1) / 2 < nc) c[k] = (f - 1) / 2, w[k++] = 1;
  } else {
    if (f / 2 - 1 >= 0) c[k] = f / 2 - 1, w[k++] = 0.5;
    if (f / 2 < nc) c[k] = f / 2, w[k++] = 0.5;
  }
  return k;
}

static void h_vcycle(const hlev *lev, size_t l, size_t nlev, const double *b, double *x) {
  const hlev *L = &lev[l];
  size_t n = L->nx * L->ny;
  memset(x, 0, n * sizeof *x);
  if (l + 1 == nlev) {
    for (int k = 0; k < 16; k++) {
      int f = k < 8 ? 0 : 1;
      h_smooth(L, b, x, f);
      h_smooth(L, b, x, 1 - f);
    }
    return;
  }
  h_smooth(L, b, x, 0);
  h_smooth(L, b, x, 1);
  double *r = lr_alloc(n);
  for (size_t iy = 0; iy < L->ny; iy++)
    for (size_t ix = 0; ix < L->nx; ix++)
      r[iy * L->nx + ix] = b[iy * L->nx + ix] - h_ax(L, x, ix, iy);
  const hlev *C = &lev[l + 1];
  size_t nc = C->nx * C->ny;
  double *bc = lr_alloc(nc), *xc = lr_alloc(nc);
  /* R = Pᵀ/4 (full weighting): bc[I] = Σ_f P[f][I]·r[f] / 4, over the red
   * points f only: the residual at the black ones is 0 after the black
   * sweep (rounding apart), which the device does not form */
  for (size_t iy = 0; iy < L->ny; iy++)
    for (size_t ix = 0; ix < L->nx; ix++) {
      if ((ix + iy) & 1) continue;
      long cx[2], cy[2];
      double wx[2], wy[2];
      int kx = h_coarse((long)ix, (long)C->nx, L->per, cx, wx);
      int ky = h_coarse((long)iy, (long)C->ny, L->per, cy, wy);
      for (int a = 0; a < kx; a++)
        for (int c = 0; c < ky; c++)
          bc[(size_t)cy[c] * C->nx + (size_t)cx[a]] += wx[a] * wy[c] / 4 * r[iy * L->nx + ix];
    }
  h_vcycle(lev, l + 1, nlev, bc, xc);
  for (size_t iy = 0; iy < L->ny; iy++)
    for (size_t ix = 0; ix < L->nx; ix++) {
      long cx[2], cy[2];
      double wx[2], wy[2], acc = 0;
      int kx = h_coarse((long)ix, (long)C->nx, L->per, cx, wx);
      int ky = h_coarse((long)iy, (long)C->ny, L->per, cy, wy);
      for (int c = 0; c < ky; c++)
        for (int a = 0; a < kx; a++)
          acc += wx[a] * wy[c] * xc[(size_t)cy[c] * C->nx + (size_t)cx[a]];
      x[iy * L->nx + ix] += acc;
    }
  h_smooth(L, b, x, 1);
  h_smooth(L, b, x, 0);
  free(r), free(bc), free(xc);
}

START_TEST(mg_vcycle_matches_host) {
  /* Dirichlet (any size), then periodic (even sizes) */
  static const size_t SZ[][3] = {{31, 31, 0}, {40, 27, 0}, {7, 5, 0},    {1, 1, 0},
                                 {64, 64, 0}, {24, 50, 0}, {131, 70, 0}, {32, 16, 1},
                                 {64, 24, 1}, {12, 20, 1}, {136, 72, 1}};
  /* _i = 0: the defaults (small levels in one group, launches a step);
   * 1: no small levels, the one-sweep smoothers (GOLCL_LA_MG=rows) with
   * tiles of 5 rows (several tiles a side: a tile is at most the
   * work-group's 64 items × 2 columns less 6 on pocl); 2: the same with y
   * stored between them (rows-ystore); 3: rows with the default tiles and
   * the small levels */
  static const char *const MODE[4] = {"", "rows", "rows-ystore", "rows"};
  setenv("GOLCL_LA_MG_SMALL", _i == 1 || _i == 2 ? "0" : "16384", 1);
  if (_i == 1 || _i == 2) setenv("GOLCL_LA_MG_TH", "5", 1);
  setenv("GOLCL_LA_MG", MODE[_i], 1);
  for (size_t si = 0; si < sizeof SZ / sizeof SZ[0]; si++) {
    size_t nx = SZ[si][0], ny = SZ[si][1], n = nx * ny;
    int per = (int)SZ[si][2];
    golcl_stencil *S;
    const double c5[5] = {4.5, -1, -1, -1, -1};
    TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, nx, ny, 1, c5,
                               per ? GOLCL_EDGE_PERIODIC : GOLCL_EDGE_DIRICHLET, GOLCL_F64, &S));
    golcl_mg *mg;
    TU_OK(golcl_mg_create(S, 0, &mg));
    hlev lev[32];
    size_t nlev = 1;
    lev[0] = (hlev){nx, ny, 4.5, -1, 0, 0, per};
    for (;;) {
      hlev F = lev[nlev - 1];
      size_t cx = per ? (F.nx % 4 == 0 ? F.nx / 2 : 0) : (F.nx > 4 ? (F.nx - F.nx % 2) / 2 : 0);
      size_t cy = per ? (F.ny % 4 == 0 ? F.ny / 2 : 0) : (F.ny > 4 ? (F.ny - F.ny % 2) / 2 : 0);
      if (!cx || !cy) break;
      double sigma = F.c0 + 4 * F.cn, cn = F.cn / 4;
      double ex = per ? 0 : F.nx % 2 ? F.ex / (2 + F.ex) : 1 + 2 * F.ex;
      double ey = per ? 0 : F.ny % 2 ? F.ey / (2 + F.ey) : 1 + 2 * F.ey;
      lev[nlev++] = (hlev){cx, cy, sigma - 4 * cn, cn, ex, ey, per};
    }
    ck_assert_uint_eq(golcl_mg_levels(mg), nlev);
    double *b = lr_random(n, -1, 1, 8 + si), *ref = lr_alloc(n), *got = lr_alloc(n);
    h_vcycle(lev, 0, nlev, b, ref);
    golcl_vec *vb = lr_vec(GOLCL_F64, n, b), *vz = lr_vec(GOLCL_F64, n, NULL);
    TU_OK(golcl_mg_vcycle(mg, vb, vz));
    lr_read(vz, got);
    lr_check_close(got, ref, n, GOLCL_F64, 200, "V-cycle");
    ck_assert_int_eq(golcl_mg_vcycle(mg, vb, vb), GOLCL_E_INVALID_ARG);
    golcl_mg_destroy(mg);
    golcl_stencil_destroy(S);
    golcl_vec_destroy(vb), golcl_vec_destroy(vz);
    free(b), free(ref), free(got);
  }
  unsetenv("GOLCL_LA_MG_SMALL");
  unsetenv("GOLCL_LA_MG_TH");
  unsetenv("GOLCL_LA_MG");
}
END_TEST

/* Periodic grids: red-black colouring needs even sides (an odd periodic side
 * puts two points of one colour side by side across the wrap), so an odd
 * side is refused, by golcl_mg_create and by CG with the MG preconditioner;
 * an even side coarsens n -> n/2 while the result stays even and stops
 * there: 96 x 64 gives 96, 48, 24, 12, 6 (5 levels, 6 being 2·3), and the
 * cycle still preconditions. */
START_TEST(mg_periodic_sides) {
  const double c5[5] = {4.01, -1, -1, -1, -1}, c7[7] = {6.01, -1, -1, -1, -1, -1, -1};
  static const size_t ODD[][4] = {{33, 32, 1, 5}, {32, 33, 1, 5}, {1, 8, 1, 5},
                                  {8, 8, 7, 7},   {8, 9, 8, 7},   {7, 8, 8, 7}};
  for (size_t k = 0; k < sizeof ODD / sizeof ODD[0]; k++) {
    golcl_stencil *S;
    TU_OK(golcl_stencil_create(tu_ctx, ODD[k][3] == 5 ? GOLCL_STENCIL_5 : GOLCL_STENCIL_7,
                               ODD[k][0], ODD[k][1], ODD[k][2], ODD[k][3] == 5 ? c5 : c7,
                               GOLCL_EDGE_PERIODIC, GOLCL_F64, &S));
    golcl_mg *mg = (golcl_mg *)1;
    ck_assert_int_eq(golcl_mg_create(S, 0, &mg), GOLCL_E_UNSUPPORTED);
    ck_assert_ptr_null(mg);
    ck_assert_msg(strstr(golcl_context_errmsg(tu_ctx), "even sides"), "%zu x %zu x %zu: %s",
                  ODD[k][0], ODD[k][1], ODD[k][2], golcl_context_errmsg(tu_ctx));
    size_t n = golcl_stencil_size(S);
    golcl_vec *vb = lr_vec(GOLCL_F64, n, NULL), *vx = lr_vec(GOLCL_F64, n, NULL);
    TU_OK(golcl_vec_fill(vb, 1));
    golcl_cg_opts o = {.rtol = 1e-8, .precond = GOLCL_PRECOND_MG};
    golcl_cg_report r;
    ck_assert_int_eq(golcl_cg_solve_op(golcl_stencil_op(S), vb, vx, &o, &r), GOLCL_E_UNSUPPORTED);
    golcl_vec_destroy(vb), golcl_vec_destroy(vx);
    golcl_stencil_destroy(S);
  }
  golcl_stencil *P;
  TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 96, 64, 1, c5, GOLCL_EDGE_PERIODIC,
                             GOLCL_F64, &P));
  golcl_mg *mg;
  TU_OK(golcl_mg_create(P, 0, &mg));
  ck_assert_uint_eq(golcl_mg_levels(mg), 5);
  golcl_mg_destroy(mg);
  size_t n = golcl_stencil_size(P);
  double *b = lr_random(n, -1, 1, 77);
  golcl_vec *vb = lr_vec(GOLCL_F64, n, b), *vx = lr_vec(GOLCL_F64, n, NULL);
  golcl_cg_opts o = {.rtol = 1e-8, .precond = GOLCL_PRECOND_MG};
  golcl_cg_report r, r0;
  TU_OK(golcl_cg_solve_op(golcl_stencil_op(P), vb, vx, &o, &r));
  o.precond = GOLCL_PRECOND_NONE;
  TU_OK(golcl_vec_fill(vx, 0));
  TU_OK(golcl_cg_solve_op(golcl_stencil_op(P), vb, vx, &o, &r0));
  ck_assert_msg(r.converged && r0.converged && r.iterations * 2 < r0.iterations,
                "96 x 64 periodic: MG %zu, plain %zu", r.iterations, r0.iterations);
  golcl_vec_destroy(vb), golcl_vec_destroy(vx);
  golcl_stencil_destroy(P);
  free(b);
}
END_TEST

/* MG-preconditioned CG: iterations within ±20 % of 63²'s from 63² to 511²,
 * on the 2^k sides 64² to 512² and on 100², 200², 300² (f64, 1e-8), where
 * plain CG's grow with n;
 * also periodic and 3-D operators. */
START_TEST(mg_iterations_stay_flat) {
  static const size_t SIDES[] = {63, 127, 255, 511, 64, 128, 256, 512, 100, 200, 300};
  enum { NS = sizeof SIDES / sizeof SIDES[0] };
  size_t it[NS], plain[2];
  for (size_t si = 0; si < NS; si++) {
    size_t s = SIDES[si], n = s * s;
    golcl_stencil *S;
    TU_OK(golcl_fd_stencil5_op(tu_ctx, s, s, 4, -1, GOLCL_F64, &S));
    double *b = lr_random(n, 0, 1, 30 + si);
    golcl_vec *vb = lr_vec(GOLCL_F64, n, b), *vx = lr_vec(GOLCL_F64, n, NULL);
    golcl_cg *cg;
    TU_OK(golcl_cg_create(golcl_stencil_op(S), &cg));
    golcl_cg_opts o = {.rtol = 1e-8, .precond = GOLCL_PRECOND_MG};
    golcl_cg_report r;
    TU_OK(golcl_cg_run(cg, vb, vx, &o, &r));
    ck_assert_msg(r.converged && r.rel_residual <= 1e-8, "%zu²: %zu its, %g", s, r.iterations,
                  r.rel_residual);
    it[si] = r.iterations;
    if (si < 2) {
      o.precond = GOLCL_PRECOND_NONE;
      TU_OK(golcl_vec_fill(vx, 0));
      TU_OK(golcl_cg_run(cg, vb, vx, &o, &r));
      plain[si] = r.iterations;
    }
    golcl_cg_destroy(cg);
    golcl_stencil_destroy(S);
    golcl_vec_destroy(vb), golcl_vec_destroy(vx);
    free(b);
  }
  for (size_t si = 1; si < NS; si++)
    ck_assert_msg(it[si] * 5 <= it[0] * 6 && it[si] * 5 >= it[0] * 4,
                  "MG-CG iterations on %zu² (%zu) are not within 20 %% of 63²'s (%zu)", SIDES[si],
                  it[si], it[0]);
  ck_assert_msg(plain[1] > plain[0] * 3 / 2 && plain[0] > 2 * it[0], "plain CG %zu %zu, MG %zu",
                plain[0], plain[1], it[0]);
  /* periodic (a shifted Laplacian: SPD) and 3-D */
  const double cp[5] = {4.01, -1, -1, -1, -1}, c7[7] = {6, -1, -1, -1, -1, -1, -1};
  golcl_stencil *P, *T;
  TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 64, 32, 1, cp, GOLCL_EDGE_PERIODIC, GOLCL_F64,
                             &P));
  TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_7, 31, 15, 15, c7, GOLCL_EDGE_DIRICHLET,
                             GOLCL_F64, &T));
  const golcl_stencil *ops[2] = {P, T};
  for (int k = 0; k < 2; k++) {
    size_t n = golcl_stencil_size(ops[k]);
    double *b = lr_random(n, -1, 1, 50 + k);
    golcl_vec *vb = lr_vec(GOLCL_F64, n, b), *vx = lr_vec(GOLCL_F64, n, NULL);
    golcl_cg_opts o = {.rtol = 1e-8, .precond = GOLCL_PRECOND_MG};
    golcl_cg_report r, r0;
    TU_OK(golcl_cg_solve_op(golcl_stencil_op(ops[k]), vb, vx, &o, &r));
    o.precond = GOLCL_PRECOND_NONE;
    TU_OK(golcl_vec_fill(vx, 0));
    TU_OK(golcl_cg_solve_op(golcl_stencil_op(ops[k]), vb, vx, &o, &r0));
    ck_assert_msg(r.converged && r0.converged && r.iterations * 2 < r0.iterations,
                  "op %d: MG %zu, plain %zu", k, r.iterations, r0.iterations);
    golcl_vec_destroy(vb), golcl_vec_destroy(vx);
    free(b);
  }
  golcl_stencil_destroy(P);
  golcl_stencil_destroy(T);
}
END_TEST

/* ------------------------------------------------------------- reductions */

START_TEST(reductions_exact_with_nan_and_index) {
  golcl_dtype dt = DTYPES[_i];
  static const size_t NS[] = {1, 7, 1000, 100003};
  for (size_t si = 0; si < 4; si++) {
    size_t n = NS[si];
    double *x = lr_random(n, -1000, 1000, 70 + si);
    for (size_t i = 0; i < n; i++) x[i] = floor(x[i]); /* integers: sums exact below 2^24 */
    double sum = 0, mn = INFINITY, mx = -INFINITY, am = -1;
    size_t imn = 0, imx = 0, iam = 0;
    for (size_t i = 0; i < n; i++) {
      sum += x[i];
      if (x[i] < mn) mn = x[i], imn = i;
      if (x[i] > mx) mx = x[i], imx = i;
      if (fabs(x[i]) > am) am = fabs(x[i]), iam = i;
    }
    golcl_vec *v = lr_vec(dt, n, x), *o = lr_vec(dt, 4, NULL);
    double val;
    size_t idx;
    if (dt == GOLCL_F64 || fabs(sum) < 16777216.0) {
      TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_SUM, &val, &idx));
      ck_assert_msg(val == sum, "sum %.17g want %.17g", val, sum);
    }
    TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_MIN, &val, &idx));
    ck_assert(val == mn && idx == imn);
    TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_MAX, &val, &idx));
    ck_assert(val == mx && idx == imx);
    TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_AMAX, &val, &idx));
    ck_assert_msg(val == am && idx == iam, "amax %g at %zu, want %g at %zu", val, idx, am, iam);
    TU_OK(golcl_vec_reduce_to(v, GOLCL_REDUCE_MAX, o, 2));
    double got[4];
    lr_read(o, got);
    ck_assert(got[2] == mx && got[0] == 0);
    /* exclusive scan, in place and not */
    golcl_vec *s = lr_vec(dt, n, NULL);
    TU_OK(golcl_vec_scan(v, s));
    double *hs = lr_alloc(n), acc = 0;
    lr_read(s, hs);
    for (size_t i = 0; i < n; i++) {
      if (dt == GOLCL_F64 || fabs(acc) < 16777216.0)
        ck_assert_msg(hs[i] == acc, "scan[%zu] %.17g want %.17g", i, hs[i], acc);
      acc += x[i];
    }
    TU_OK(golcl_vec_scan(v, v));
    double *hv = lr_alloc(n);
    lr_read(v, hv);
    ck_assert(memcmp(hv, hs, n * sizeof *hv) == 0);
    /* NaN wins, first NaN's index; then determinism of a float sum */
    if (n > 5) {
      double nanv = NAN;
      lr_write_range(v, 5, 1, &nanv);
      lr_write_range(v, n - 1, 1, &nanv);
      for (int op = 1; op <= 3; op++) {
        TU_OK(golcl_vec_reduce(v, (golcl_reduce_op)op, &val, &idx));
        ck_assert(isnan(val) && idx == 5);
      }
      TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_SUM, &val, NULL));
      ck_assert(isnan(val));
    }
    double *y = lr_random(n, -1, 1, 5);
    golcl_vec *vy = lr_vec(dt, n, y);
    double a1, a2;
    TU_OK(golcl_vec_reduce(vy, GOLCL_REDUCE_SUM, &a1, NULL));
    TU_OK(golcl_vec_reduce(vy, GOLCL_REDUCE_SUM, &a2, NULL));
    ck_assert(memcmp(&a1, &a2, sizeof a1) == 0);
    golcl_vec_destroy(v), golcl_vec_destroy(o), golcl_vec_destroy(s), golcl_vec_destroy(vy);
    free(x), free(hs), free(hv), free(y);
  }
}
END_TEST

/* ------------------------------------------------------------------- wrap */

START_TEST(vec_wrap_adopts_a_buffer) {
  cl_context clc = golcl_context_cl_context(tu_ctx);
  cl_int err;
  float host[300];
  for (int i = 0; i < 300; i++) host[i] = (float)i;
  cl_mem buf =
      clCreateBuffer(clc, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  golcl_vec *v;
  TU_OK(golcl_vec_wrap(tu_ctx, buf, 0, 300, GOLCL_F32, &v));
  double s;
  TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_SUM, &s, NULL));
  ck_assert(s == 299.0 * 300 / 2);
  TU_OK(golcl_vec_axpby(2.0, v, 0, NULL, v));
  golcl_vec_destroy(v);
  /* the caller still owns and can use it */
  float back[300];
  ck_assert_int_eq(clEnqueueReadBuffer(golcl_context_cl_queue(tu_ctx), buf, CL_TRUE, 0, sizeof back,
                                       back, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert(back[7] == 14.0f);
  /* an offset at the device's alignment (in elements) */
  cl_uint bits = 0;
  clGetDeviceInfo(golcl_context_cl_device(tu_ctx), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits,
                  &bits, NULL);
  size_t off = bits / 8 / sizeof(float);
  if (off > 0 && off < 200) {
    TU_OK(golcl_vec_wrap(tu_ctx, buf, off, 100, GOLCL_F32, &v));
    TU_OK(golcl_vec_reduce(v, GOLCL_REDUCE_MIN, &s, NULL));
    ck_assert(s == 2.0 * (double)off);
    golcl_vec_destroy(v);
  }
  v = (golcl_vec *)1;
  ck_assert_int_eq(golcl_vec_wrap(tu_ctx, buf, 0, 301, GOLCL_F32, &v), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(v);
  ck_assert_int_eq(golcl_vec_wrap(tu_ctx, buf, 1, 10, GOLCL_F32, &v), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_vec_wrap(tu_ctx, NULL, 0, 10, GOLCL_F32, &v), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_vec_wrap(tu_ctx, buf, 0, 0, GOLCL_F32, &v), GOLCL_E_INVALID_ARG);
  clReleaseMemObject(buf);
}
END_TEST

/* --------------------------------------------------- CG on garbage (#14.2) */

START_TEST(cg_reports_nonfinite_and_scales_b) {
  golcl_dtype dt = DTYPES[_i];
  const size_t nx = 20, ny = 15, n = nx * ny;
  golcl_stencil *S;
  TU_OK(golcl_fd_stencil5_op(tu_ctx, nx, ny, 4, -1, dt, &S));
  const golcl_op *A = golcl_stencil_op(S);
  double *b = lr_random(n, 0.5, 1, 4), *x = lr_alloc(n), *ax = lr_alloc(n);
  golcl_cg_opts o = {.rtol = dt == GOLCL_F32 ? 1e-4 : 1e-10};
  golcl_cg_report r;
  /* +Inf in b, NaN in x: reported, x unchanged */
  golcl_vec *vb = lr_vec(dt, n, b), *vx = lr_vec(dt, n, NULL);
  double inf = INFINITY, nan = NAN, seven = 7;
  lr_write_range(vb, 17, 1, &inf);
  lr_write_range(vx, 3, 1, &seven);
  TU_OK(golcl_cg_solve_op(A, vb, vx, &o, &r));
  ck_assert(!r.converged && r.stop == GOLCL_CG_NONFINITE && isnan(r.rel_residual));
  lr_read(vx, x);
  ck_assert(x[3] == 7);
  lr_write_range(vb, 17, 1, &b[17]);
  lr_write_range(vx, 4, 1, &nan);
  TU_OK(golcl_cg_solve_op(A, vb, vx, &o, &r));
  ck_assert(!r.converged && r.stop == GOLCL_CG_NONFINITE);
  golcl_vec_destroy(vx);
  /* b of 1e20 / 1e-25 (f32) or 1e160 / 1e-170 (f64): the squares would
   * overflow or underflow; the true relative residual must meet rtol */
  const double scales[2] = {dt == GOLCL_F32 ? 1e20 : 1e160, dt == GOLCL_F32 ? 1e-25 : 1e-170};
  for (int k = 0; k < 2; k++) {
    double *bs = lr_alloc(n);
    for (size_t i = 0; i < n; i++) bs[i] = b[i] * scales[k];
    lr_round(dt, bs, n);
    golcl_vec *vbs = lr_vec(dt, n, bs);
    vx = lr_vec(dt, n, NULL);
    TU_OK(golcl_cg_solve_op(A, vbs, vx, &o, &r));
    ck_assert_msg(r.converged && r.iterations > 0 && r.stop == GOLCL_CG_CONVERGED,
                  "scale %g: converged %d after %zu, residual %g", scales[k], r.converged,
                  r.iterations, r.rel_residual);
    lr_read(vx, x);
    host_stencil(5, nx, ny, 1, (const double[5]){4, -1, -1, -1, -1}, 0, x, ax);
    double rr = 0, bb = 0;
    for (size_t i = 0; i < n; i++) {
      double d = (bs[i] - ax[i]) / scales[k], e = bs[i] / scales[k];
      rr += d * d;
      bb += e * e;
    }
    ck_assert_msg(sqrt(rr / bb) <= 10 * o.rtol, "scale %g: true residual %g", scales[k],
                  sqrt(rr / bb));
    golcl_vec_destroy(vbs), golcl_vec_destroy(vx);
    free(bs);
  }
  golcl_vec_destroy(vb);
  golcl_stencil_destroy(S);
  free(b), free(x), free(ax);
}
END_TEST

START_TEST(cg_history_and_solver_reuse) {
  const size_t nx = 30, ny = 30, n = nx * ny;
  golcl_stencil *S;
  TU_OK(golcl_fd_stencil5_op(tu_ctx, nx, ny, 4, -1, GOLCL_F64, &S));
  golcl_cg *cg;
  TU_OK(golcl_cg_create(golcl_stencil_op(S), &cg));
  double *b = lr_random(n, -1, 1, 2), hist[500];
  golcl_vec *vb = lr_vec(GOLCL_F64, n, b), *vx = lr_vec(GOLCL_F64, n, NULL);
  golcl_cg_opts o = {.rtol = 1e-9, .history = hist, .history_cap = 500};
  golcl_cg_report r;
  TU_OK(golcl_cg_run(cg, vb, vx, &o, &r));
  ck_assert(r.converged && r.history_len == r.iterations + 1);
  ck_assert_msg(fabs(hist[0] - 1) < 1e-12, "history[0] = %g", hist[0]);
  ck_assert(hist[r.iterations] <= 1e-9 && hist[r.iterations - 1] > 1e-9);
  /* a short history is cut, not overrun */
  o.history_cap = 5;
  hist[5] = -1;
  TU_OK(golcl_vec_fill(vx, 0));
  TU_OK(golcl_cg_run(cg, vb, vx, &o, &r));
  ck_assert(r.history_len == 5 && hist[5] == -1);
  o.history = NULL;
  ck_assert_int_eq(golcl_cg_run(cg, vb, vx, &o, &r), GOLCL_E_INVALID_ARG);
  golcl_cg_destroy(cg);
  golcl_stencil_destroy(S);
  golcl_vec_destroy(vb), golcl_vec_destroy(vx);
  free(b);
}
END_TEST

/* ------------------------------------------------------ invalid arguments */

START_TEST(ops_invalid_arguments) {
  golcl_stencil *S = (golcl_stencil *)1;
  const double c[9] = {4, -1, -1, -1, -1, 0, 0, 0, 0};
  ck_assert_int_eq(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 0, 4, 1, c, 0, GOLCL_F32, &S),
                   GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(S);
  ck_assert_int_eq(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 4, 4, 2, c, 0, GOLCL_F32, &S),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(
      golcl_stencil_create(tu_ctx, (golcl_stencil_kind)6, 4, 4, 1, c, 0, GOLCL_F32, &S),
      GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(
      golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 4, 4, 1, c, (golcl_edge)3, GOLCL_F32, &S),
      GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 4, 4, 1, NULL, 0, GOLCL_F32, &S),
                   GOLCL_E_INVALID_ARG);
  const double cn[5] = {4, NAN, -1, -1, -1};
  ck_assert_int_eq(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 4, 4, 1, cn, 0, GOLCL_F32, &S),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stencil_create(NULL, GOLCL_STENCIL_5, 4, 4, 1, c, 0, GOLCL_F32, &S),
                   GOLCL_E_INVALID_ARG);
  TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 4, 4, 1, c, 0, GOLCL_F32, &S));
  golcl_vec *v16 = lr_vec(GOLCL_F32, 16, NULL), *v15 = lr_vec(GOLCL_F32, 15, NULL),
            *d16 = lr_vec(GOLCL_F64, 16, NULL), *o16 = lr_vec(GOLCL_F32, 16, NULL);
  ck_assert_int_eq(golcl_stencil_mv(S, v15, NULL, o16), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_stencil_mv(S, d16, NULL, o16), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_stencil_mv(S, v16, NULL, v16), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stencil_mv(NULL, v16, NULL, o16), GOLCL_E_INVALID_ARG);
  /* CSR: out-of-range column, decreasing row_ptr, row_ptr[0] != 0, NULLs */
  size_t rp[4] = {0, 2, 1, 3}, rp0[4] = {1, 2, 3, 3}, rpok[4] = {0, 1, 2, 3}, ci[3] = {0, 1, 3};
  float vals[3] = {1, 2, 3};
  golcl_csrmat *M = (golcl_csrmat *)1;
  ck_assert_int_eq(golcl_csrmat_create(tu_ctx, 3, 3, rp, ci, vals, GOLCL_F32, &M),
                   GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(M);
  ck_assert_int_eq(golcl_csrmat_create(tu_ctx, 3, 3, rp0, ci, vals, GOLCL_F32, &M),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_csrmat_create(tu_ctx, 3, 3, rpok, ci, vals, GOLCL_F32, &M),
                   GOLCL_E_INVALID_ARG); /* column 3 of 3 */
  ci[2] = 2;
  ck_assert_int_eq(golcl_csrmat_create(tu_ctx, 3, 3, rpok, NULL, vals, GOLCL_F32, &M),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_csrmat_create(tu_ctx, 0, 3, rpok, ci, vals, GOLCL_F32, &M),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_csrmat_create(tu_ctx, 3, 3, rpok, ci, vals, (golcl_dtype)5, &M),
                   GOLCL_E_INVALID_ARG);
  TU_OK(golcl_csrmat_create(tu_ctx, 3, 3, rpok, ci, vals, GOLCL_F32, &M));
  ck_assert_int_eq(golcl_csrmat_mv(M, v16, NULL, o16), GOLCL_E_MISMATCH);
  /* operators and solvers */
  golcl_op *op = (golcl_op *)1;
  ck_assert_int_eq(golcl_op_create(tu_ctx, 16, GOLCL_F32, NULL, NULL, &op), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(op);
  ck_assert_int_eq(golcl_op_mv(golcl_stencil_op(S), v15, NULL, o16), GOLCL_E_MISMATCH);
  golcl_cg *cg = (golcl_cg *)1;
  ck_assert_int_eq(golcl_cg_create(NULL, &cg), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(cg);
  TU_OK(golcl_cg_create(golcl_stencil_op(S), &cg));
  golcl_cg_report r;
  golcl_cg_opts o = {.precond = (golcl_precond)7};
  ck_assert_int_eq(golcl_cg_run(cg, v16, o16, &o, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_cg_run(cg, v15, o16, NULL, &r), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_cg_run(cg, v16, v16, NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_cg_run(NULL, v16, o16, NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_cg_set_hooks(NULL, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_cg_set_rows(NULL, 0, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_cg_set_rows(cg, 10, 7), GOLCL_E_INVALID_ARG); /* rows 10..16 of 16 */
  ck_assert_int_eq(golcl_cg_set_rows(cg, 17, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_cg_set_rows(cg, SIZE_MAX, 2), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_cg_set_rows(cg, 4, 12));
  TU_OK(golcl_cg_set_rows(cg, 0, 0));
  golcl_cg_destroy(cg);
  o.precond = GOLCL_PRECOND_MG; /* MG on CSR: refused */
  ck_assert_int_eq(golcl_cg_solve_op(golcl_csrmat_op(M), v15, o16, &o, &r), GOLCL_E_MISMATCH);
  golcl_vec *a3 = lr_vec(GOLCL_F32, 3, NULL), *b3 = lr_vec(GOLCL_F32, 3, NULL);
  ck_assert_int_eq(golcl_cg_solve_op(golcl_csrmat_op(M), a3, b3, &o, &r), GOLCL_E_INVALID_ARG);
  /* MG: a 9-point stencil and unequal coefficients are refused */
  golcl_stencil *S9;
  TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_9, 4, 4, 1, c, 0, GOLCL_F32, &S9));
  golcl_mg *mg = (golcl_mg *)1;
  ck_assert_int_eq(golcl_mg_create(S9, 0, &mg), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(mg);
  const double cu[5] = {4, -1, -2, -1, -1};
  golcl_stencil *Su;
  TU_OK(golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, 4, 4, 1, cu, 0, GOLCL_F32, &Su));
  ck_assert_int_eq(golcl_mg_create(Su, 0, &mg), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_mg_create(NULL, 0, &mg), GOLCL_E_INVALID_ARG);
  /* reductions */
  double val;
  ck_assert_int_eq(golcl_vec_reduce(v16, (golcl_reduce_op)9, &val, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_vec_reduce(NULL, GOLCL_REDUCE_SUM, &val, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_vec_reduce(v16, GOLCL_REDUCE_SUM, NULL, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_vec_reduce_to(v16, GOLCL_REDUCE_SUM, v15, 15), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_vec_reduce_to(v16, GOLCL_REDUCE_SUM, d16, 0), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_vec_scan(v16, v15), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_vec_scan(NULL, v15), GOLCL_E_INVALID_ARG);
  golcl_stencil_destroy(S), golcl_stencil_destroy(S9), golcl_stencil_destroy(Su);
  golcl_csrmat_destroy(M);
  golcl_vec_destroy(v16), golcl_vec_destroy(v15), golcl_vec_destroy(d16), golcl_vec_destroy(o16);
  golcl_vec_destroy(a3), golcl_vec_destroy(b3);
}
END_TEST

static Suite *ops_suite(void) {
  Suite *s = suite_create("la_ops");
  TCase *t = tcase_create("operators");
  tcase_add_loop_test(t, stencil_mv_matches_reference_and_band, 0, 2 * ST_MODES);
  tcase_add_loop_test(t, cg_stencil_matches_band, 0, 2 * ST_MODES);
  tcase_add_loop_test(t, csr_matches_dense_reference, 0, 2);
  tcase_add_loop_test(t, cg_csr_matches_band, 0, 2);
  tcase_add_loop_test(t, band_wrap_matches_reference, 0, 2);
  tcase_add_test(t, user_operator_solves_like_the_builtin);
  suite_add_tcase(s, t);
  TCase *m = tcase_create("multigrid");
  tcase_add_loop_test(m, mg_vcycle_matches_host, 0, 4);
  tcase_add_test(m, mg_iterations_stay_flat);
  tcase_add_test(m, mg_periodic_sides);
  suite_add_tcase(s, m);
  TCase *r = tcase_create("reductions");
  tcase_add_loop_test(r, reductions_exact_with_nan_and_index, 0, 2);
  tcase_add_test(r, vec_wrap_adopts_a_buffer);
  suite_add_tcase(s, r);
  TCase *c = tcase_create("cg");
  tcase_add_loop_test(c, cg_reports_nonfinite_and_scales_b, 0, 2);
  tcase_add_test(c, cg_history_and_solver_reuse);
  tcase_add_test(c, ops_invalid_arguments);
  suite_add_tcase(s, c);
  return s;
}

int main(void) { return tu_main(ops_suite()); }
