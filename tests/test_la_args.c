/* test_la_args.c — invalid arguments of every function of golcl_la.h: NULL
 * handles, zero and overflowing sizes, mismatched dtypes, lengths and
 * contexts, f64 on a device without fp64 (simulated with $GOLCL_LA_NO_FP64),
 * and that out-handles are NULL and inputs unchanged after a failure. */
#include "test_la_ref.h"

#include <stdint.h>

#define ST(call, want)                                                                 \
  do {                                                                                 \
    golcl_status st_ = (call);                                                         \
    ck_assert_msg(st_ == (want), "%s -> %s, want %s (%s)", #call, golcl_strerror(st_), \
                  golcl_strerror(want), golcl_context_errmsg(tu_ctx));                 \
  } while (0)

/* A handle that must come back NULL from a failed constructor. */
#define JUNK ((void *)(uintptr_t)0x1)

static golcl_context *other_context(void) {
  golcl_context_opts o = {0};
  o.device = "cpu";
  golcl_context *c = NULL;
  TU_OK(golcl_context_create(&o, &c));
  return c;
}

START_TEST(dtype_size) {
  ck_assert_uint_eq(golcl_dtype_size(GOLCL_F32), 4);
  ck_assert_uint_eq(golcl_dtype_size(GOLCL_F64), 8);
  ck_assert_uint_eq(golcl_dtype_size((golcl_dtype)7), 0);
}
END_TEST

START_TEST(vec_create_args) {
  golcl_vec *v = JUNK;
  ST(golcl_vec_create(tu_ctx, 4, GOLCL_F32, NULL, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_create(NULL, 4, GOLCL_F32, NULL, &v), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(v);
  v = JUNK;
  ST(golcl_vec_create(tu_ctx, 0, GOLCL_F32, NULL, &v), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(v);
  v = JUNK;
  ck_assert_uint_gt(strlen(golcl_context_errmsg(tu_ctx)), 0);
  ST(golcl_vec_create(tu_ctx, 4, (golcl_dtype)2, NULL, &v), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(v);
  v = JUNK;
  ST(golcl_vec_create(tu_ctx, SIZE_MAX / 4 + 1, GOLCL_F32, NULL, &v), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(v);
  v = JUNK;
  ST(golcl_vec_create(tu_ctx, SIZE_MAX / 8, GOLCL_F64, NULL, &v), GOLCL_E_OUT_OF_MEMORY);
  ck_assert_ptr_null(v);
  v = JUNK;
  ST(golcl_vec_create(tu_ctx, (size_t)1 << 40, GOLCL_F32, NULL, &v), GOLCL_E_OUT_OF_MEMORY);
  ck_assert_ptr_null(v);
  v = JUNK;
  setenv("GOLCL_LA_NO_FP64", "1", 1);
  ST(golcl_vec_create(tu_ctx, 4, GOLCL_F64, NULL, &v), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(v);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "cl_khr_fp64"));
  TU_OK(golcl_vec_create(tu_ctx, 4, GOLCL_F32, NULL, &v)); /* f32 still fine */
  golcl_vec_destroy(v);
  unsetenv("GOLCL_LA_NO_FP64");
  TU_OK(golcl_vec_create(tu_ctx, 4, GOLCL_F64, NULL, &v));
  golcl_vec_destroy(v);
  golcl_vec_destroy(NULL);
  ck_assert_uint_eq(golcl_vec_size(NULL), 0);
  ck_assert_ptr_null(golcl_vec_context(NULL));
  ck_assert_ptr_null(golcl_vec_buffer(NULL));
  ck_assert_int_eq(golcl_vec_dtype(NULL), GOLCL_F32);
}
END_TEST

START_TEST(vec_io_args) {
  double init[4] = {1, 2, 3, 4}, buf[4] = {9, 9, 9, 9};
  golcl_vec *v = lr_vec(GOLCL_F64, 4, init);
  ST(golcl_vec_write(NULL, 0, 1, buf), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_write(v, 0, 1, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_write(v, 2, 3, buf), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_write(v, 5, 0, buf), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_write(v, 1, SIZE_MAX, buf), GOLCL_E_INVALID_ARG); /* offset + count wraps */
  ST(golcl_vec_read(NULL, 0, 1, buf), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_read(v, 0, 1, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_read(v, 4, 1, buf), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_read(v, 1, SIZE_MAX, buf), GOLCL_E_INVALID_ARG);
  ck_assert(buf[0] == 9 && buf[3] == 9); /* dst untouched */
  ST(golcl_vec_fill(NULL, 1), GOLCL_E_INVALID_ARG);
  lr_read(v, buf);
  for (int i = 0; i < 4; i++) ck_assert(buf[i] == init[i]); /* v unchanged */
  golcl_vec_destroy(v);
}
END_TEST

/* Every vector operation with mismatched context, dtype and length. */
START_TEST(vec_ops_args) {
  golcl_context *c2 = other_context();
  double one[5] = {1, 1, 1, 1, 1};
  golcl_vec *x = lr_vec(GOLCL_F32, 5, one), *y = lr_vec(GOLCL_F32, 5, one),
            *z = lr_vec(GOLCL_F32, 5, NULL), *d64 = lr_vec(GOLCL_F64, 5, NULL),
            *short4 = lr_vec(GOLCL_F32, 4, NULL), *far = NULL;
  TU_OK(golcl_vec_create(c2, 5, GOLCL_F32, NULL, &far));
  golcl_vec *bad[3] = {d64, short4, far};
  double r = 42;
  /* copy */
  ST(golcl_vec_copy(NULL, z), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_copy(x, NULL), GOLCL_E_INVALID_ARG);
  for (int b = 0; b < 3; b++) {
    ST(golcl_vec_copy(x, bad[b]), GOLCL_E_MISMATCH);
    ST(golcl_vec_copy(bad[b], x), GOLCL_E_MISMATCH);
  }
  /* axpby */
  ST(golcl_vec_axpby(1, NULL, 1, y, z), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_axpby(1, x, 1, y, NULL), GOLCL_E_INVALID_ARG);
  for (int b = 0; b < 3; b++) {
    ST(golcl_vec_axpby(1, x, 1, bad[b], z), GOLCL_E_MISMATCH);
    ST(golcl_vec_axpby(1, x, 1, y, bad[b]), GOLCL_E_MISMATCH);
    ST(golcl_vec_axpby(1, bad[b], 1, y, z), GOLCL_E_MISMATCH);
    ST(golcl_vec_axpby(1, x, 0, NULL, bad[b]), GOLCL_E_MISMATCH);
  }
  /* mul */
  ST(golcl_vec_mul(NULL, y, z), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_mul(x, NULL, z), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_mul(x, y, NULL), GOLCL_E_INVALID_ARG);
  for (int b = 0; b < 3; b++) {
    ST(golcl_vec_mul(x, bad[b], z), GOLCL_E_MISMATCH);
    ST(golcl_vec_mul(x, y, bad[b]), GOLCL_E_MISMATCH);
  }
  /* z unchanged by all of the above */
  double got[5];
  lr_read(z, got);
  for (int i = 0; i < 5; i++) ck_assert(got[i] == 0);
  /* dot, dot_to, nrm2 */
  ST(golcl_vec_dot(NULL, y, &r), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_dot(x, NULL, &r), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_dot(x, y, NULL), GOLCL_E_INVALID_ARG);
  for (int b = 0; b < 3; b++) ST(golcl_vec_dot(x, bad[b], &r), GOLCL_E_MISMATCH);
  ck_assert(r == 42);
  ST(golcl_vec_dot_to(NULL, y, z, 0), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_dot_to(x, NULL, z, 0), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_dot_to(x, y, NULL, 0), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_dot_to(x, y, z, 5), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_dot_to(x, y, short4, 4), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_vec_dot_to(x, y, short4, 3)); /* out of another length is fine */
  ST(golcl_vec_dot_to(x, y, d64, 0), GOLCL_E_MISMATCH);
  ST(golcl_vec_dot_to(x, y, far, 0), GOLCL_E_MISMATCH);
  ST(golcl_vec_dot_to(x, d64, z, 0), GOLCL_E_MISMATCH);
  ST(golcl_vec_nrm2(NULL, &r), GOLCL_E_INVALID_ARG);
  ST(golcl_vec_nrm2(x, NULL), GOLCL_E_INVALID_ARG);
  golcl_vec_destroy(x);
  golcl_vec_destroy(y);
  golcl_vec_destroy(z);
  golcl_vec_destroy(d64);
  golcl_vec_destroy(short4);
  golcl_vec_destroy(far);
  golcl_context_destroy(c2);
}
END_TEST

START_TEST(bandmat_create_args) {
  ptrdiff_t o3[3] = {-1, 0, 1};
  golcl_bandmat *A = JUNK;
  ST(golcl_bandmat_create(tu_ctx, 10, 3, o3, GOLCL_F32, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(NULL, 10, 3, o3, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(A);
  A = JUNK;
  ST(golcl_bandmat_create(tu_ctx, 10, 3, NULL, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(A);
  ST(golcl_bandmat_create(tu_ctx, 0, 3, o3, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(tu_ctx, 10, 0, o3, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(tu_ctx, 10, 3, o3, (golcl_dtype)-1, &A), GOLCL_E_INVALID_ARG);
  ptrdiff_t dup[3] = {4, 0, 4};
  ST(golcl_bandmat_create(tu_ctx, 10, 3, dup, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ptrdiff_t far[2] = {0, 10}, farneg[2] = {-10, 0}, minp[1] = {PTRDIFF_MIN};
  ST(golcl_bandmat_create(tu_ctx, 10, 2, far, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(tu_ctx, 10, 2, farneg, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(tu_ctx, 10, 1, minp, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(tu_ctx, 1, 3, o3, GOLCL_F32, &A), GOLCL_E_INVALID_ARG); /* > 2n−1 */
  ptrdiff_t two[2] = {0, 1};
  ST(golcl_bandmat_create(tu_ctx, SIZE_MAX / 4, 2, two, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_create(tu_ctx, (size_t)1 << 36, 2, two, GOLCL_F32, &A), GOLCL_E_OUT_OF_MEMORY);
  ck_assert_ptr_null(A);
  setenv("GOLCL_LA_NO_FP64", "1", 1);
  ST(golcl_bandmat_create(tu_ctx, 10, 3, o3, GOLCL_F64, &A), GOLCL_E_UNSUPPORTED);
  unsetenv("GOLCL_LA_NO_FP64");
  ck_assert_ptr_null(A);
  /* ±(n−1) are valid */
  ptrdiff_t corners[2] = {-9, 9};
  TU_OK(golcl_bandmat_create(tu_ctx, 10, 2, corners, GOLCL_F32, &A));
  golcl_bandmat_destroy(A);
  golcl_bandmat_destroy(NULL);
  ck_assert_uint_eq(golcl_bandmat_size(NULL), 0);
}
END_TEST

START_TEST(bandmat_use_args) {
  golcl_context *c2 = other_context();
  ptrdiff_t o3[3] = {-1, 0, 1};
  golcl_bandmat *A;
  TU_OK(golcl_bandmat_create(tu_ctx, 6, 3, o3, GOLCL_F32, &A));
  float vals[6] = {1, 1, 1, 1, 1, 1};
  ST(golcl_bandmat_set_diag(NULL, 0, vals), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_set_diag(A, 0, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_set_diag(A, 2, vals), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_bandmat_set_diag(A, 0, vals));
  golcl_vec *x = lr_vec(GOLCL_F32, 6, NULL), *y = lr_vec(GOLCL_F32, 6, NULL),
            *o = lr_vec(GOLCL_F32, 6, NULL), *d64 = lr_vec(GOLCL_F64, 6, NULL),
            *n5 = lr_vec(GOLCL_F32, 5, NULL), *far;
  TU_OK(golcl_vec_create(c2, 6, GOLCL_F32, NULL, &far));
  golcl_vec *bad[3] = {d64, n5, far};
  ST(golcl_bandmat_mv(NULL, x, y, o), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_mv(A, NULL, y, o), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_mv(A, x, y, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_bandmat_mv(A, x, y, x), GOLCL_E_INVALID_ARG);
  for (int b = 0; b < 3; b++) {
    ST(golcl_bandmat_mv(A, bad[b], y, o), GOLCL_E_MISMATCH);
    ST(golcl_bandmat_mv(A, x, bad[b], o), GOLCL_E_MISMATCH);
    ST(golcl_bandmat_mv(A, x, y, bad[b]), GOLCL_E_MISMATCH);
  }
  golcl_bandmat_destroy(A);
  golcl_vec_destroy(x);
  golcl_vec_destroy(y);
  golcl_vec_destroy(o);
  golcl_vec_destroy(d64);
  golcl_vec_destroy(n5);
  golcl_vec_destroy(far);
  golcl_context_destroy(c2);
}
END_TEST

START_TEST(densemat_args) {
  golcl_context *c2 = other_context();
  golcl_densemat *M = JUNK;
  ST(golcl_densemat_create(tu_ctx, 2, 3, GOLCL_F32, NULL, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_create(NULL, 2, 3, GOLCL_F32, NULL, &M), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(M);
  M = JUNK;
  ST(golcl_densemat_create(tu_ctx, 0, 3, GOLCL_F32, NULL, &M), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(M);
  ST(golcl_densemat_create(tu_ctx, 2, 0, GOLCL_F32, NULL, &M), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_create(tu_ctx, 2, 3, (golcl_dtype)9, NULL, &M), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_create(tu_ctx, SIZE_MAX / 2, 3, GOLCL_F32, NULL, &M), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_create(tu_ctx, (size_t)1 << 20, (size_t)1 << 20, GOLCL_F32, NULL, &M),
     GOLCL_E_OUT_OF_MEMORY);
  setenv("GOLCL_LA_NO_FP64", "1", 1);
  ST(golcl_densemat_create(tu_ctx, 2, 3, GOLCL_F64, NULL, &M), GOLCL_E_UNSUPPORTED);
  unsetenv("GOLCL_LA_NO_FP64");
  ck_assert_ptr_null(M);
  golcl_densemat_destroy(NULL);
  TU_OK(golcl_densemat_create(tu_ctx, 2, 3, GOLCL_F32, NULL, &M));
  golcl_vec *x = lr_vec(GOLCL_F32, 3, NULL), *y = lr_vec(GOLCL_F32, 2, NULL),
            *o = lr_vec(GOLCL_F32, 2, NULL), *x64 = lr_vec(GOLCL_F64, 3, NULL),
            *o64 = lr_vec(GOLCL_F64, 2, NULL), *far;
  TU_OK(golcl_vec_create(c2, 3, GOLCL_F32, NULL, &far));
  ST(golcl_densemat_mv(NULL, x, y, o), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_mv(M, NULL, y, o), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_mv(M, x, y, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_densemat_mv(M, y, y, o), GOLCL_E_MISMATCH); /* x of length rows, not cols */
  ST(golcl_densemat_mv(M, x, x, o), GOLCL_E_MISMATCH);
  ST(golcl_densemat_mv(M, x, y, x), GOLCL_E_MISMATCH);
  ST(golcl_densemat_mv(M, x64, y, o), GOLCL_E_MISMATCH);
  ST(golcl_densemat_mv(M, x, o64, o), GOLCL_E_MISMATCH);
  ST(golcl_densemat_mv(M, far, y, o), GOLCL_E_MISMATCH);
  golcl_densemat *S;
  TU_OK(golcl_densemat_create(tu_ctx, 3, 3, GOLCL_F32, NULL, &S));
  ST(golcl_densemat_mv(S, x, NULL, x), GOLCL_E_INVALID_ARG);
  golcl_densemat_destroy(S);
  golcl_densemat_destroy(M);
  golcl_vec_destroy(x);
  golcl_vec_destroy(y);
  golcl_vec_destroy(o);
  golcl_vec_destroy(x64);
  golcl_vec_destroy(o64);
  golcl_vec_destroy(far);
  golcl_context_destroy(c2);
}
END_TEST

START_TEST(cg_args) {
  golcl_context *c2 = other_context();
  golcl_bandmat *A, *nodiag, *A64;
  TU_OK(golcl_fd_stencil5(tu_ctx, 4, 4, 4, -1, GOLCL_F32, &A));
  TU_OK(golcl_fd_stencil5(tu_ctx, 4, 4, 4, -1, GOLCL_F64, &A64));
  ptrdiff_t off[2] = {-1, 1};
  TU_OK(golcl_bandmat_create(tu_ctx, 16, 2, off, GOLCL_F32, &nodiag));
  double guess[16];
  for (int i = 0; i < 16; i++) guess[i] = 0.5 + i;
  golcl_vec *b = lr_vec(GOLCL_F32, 16, guess), *x = lr_vec(GOLCL_F32, 16, guess),
            *x64 = lr_vec(GOLCL_F64, 16, NULL), *x15 = lr_vec(GOLCL_F32, 15, NULL), *far;
  TU_OK(golcl_vec_create(c2, 16, GOLCL_F32, NULL, &far));
  golcl_cg_report rep = {.iterations = 77};
  golcl_cg_opts o = {0};
  ST(golcl_cg_solve(NULL, b, x, &o, &rep), GOLCL_E_INVALID_ARG);
  ST(golcl_cg_solve(A, NULL, x, &o, &rep), GOLCL_E_INVALID_ARG);
  ST(golcl_cg_solve(A, b, NULL, &o, &rep), GOLCL_E_INVALID_ARG);
  ST(golcl_cg_solve(A, b, x, &o, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_cg_solve(A, b, b, &o, &rep), GOLCL_E_INVALID_ARG);
  ST(golcl_cg_solve(A, b, x64, &o, &rep), GOLCL_E_MISMATCH);
  ST(golcl_cg_solve(A, b, x15, &o, &rep), GOLCL_E_MISMATCH);
  ST(golcl_cg_solve(A, far, x, &o, &rep), GOLCL_E_MISMATCH);
  ST(golcl_cg_solve(A64, b, x64, &o, &rep), GOLCL_E_MISMATCH);
  golcl_cg_opts bad[] = {
      {.rtol = -1}, {.atol = -1e-9}, {.rtol = NAN}, {.atol = NAN}, {.precond = (golcl_precond)3}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    ST(golcl_cg_solve(A, b, x, &bad[i], &rep), GOLCL_E_INVALID_ARG);
  golcl_cg_opts jac = {.precond = GOLCL_PRECOND_JACOBI};
  ST(golcl_cg_solve(nodiag, b, x, &jac, &rep), GOLCL_E_INVALID_ARG);
  ck_assert_uint_eq(rep.iterations, 77); /* report untouched */
  double got[16];
  lr_read(x, got);
  for (int i = 0; i < 16; i++) ck_assert(got[i] == guess[i]); /* x unchanged */
  golcl_bandmat_destroy(A);
  golcl_bandmat_destroy(A64);
  golcl_bandmat_destroy(nodiag);
  golcl_vec_destroy(b);
  golcl_vec_destroy(x);
  golcl_vec_destroy(x64);
  golcl_vec_destroy(x15);
  golcl_vec_destroy(far);
  golcl_context_destroy(c2);
}
END_TEST

START_TEST(fd_args) {
  golcl_bandmat *A = JUNK, *M = JUNK;
  ST(golcl_fd_stencil5(tu_ctx, 4, 4, 4, -1, GOLCL_F32, NULL), GOLCL_E_INVALID_ARG);
  ST(golcl_fd_stencil5(NULL, 4, 4, 4, -1, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(A);
  A = JUNK;
  ST(golcl_fd_stencil5(tu_ctx, 0, 4, 4, -1, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(A);
  ST(golcl_fd_stencil5(tu_ctx, 4, 0, 4, -1, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_fd_stencil5(tu_ctx, SIZE_MAX / 2, 4, 4, -1, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_fd_stencil5(tu_ctx, 4, 4, 4, -1, (golcl_dtype)5, &A), GOLCL_E_INVALID_ARG);
  ST(golcl_fd_stencil5(tu_ctx, (size_t)1 << 20, (size_t)1 << 20, 4, -1, GOLCL_F32, &A),
     GOLCL_E_OUT_OF_MEMORY);
  A = JUNK;
  ST(golcl_fd_laplacian(tu_ctx, 4, 0, GOLCL_F32, &A), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(A);
  ST(golcl_fd_laplacian(tu_ctx, 4, 4, GOLCL_F32, NULL), GOLCL_E_INVALID_ARG);
  setenv("GOLCL_LA_NO_FP64", "1", 1);
  ST(golcl_fd_laplacian(tu_ctx, 4, 4, GOLCL_F64, &A), GOLCL_E_UNSUPPORTED);
  ST(golcl_fd_wave_cn(tu_ctx, 4, 4, 0.5, GOLCL_F64, &A, &M), GOLCL_E_UNSUPPORTED);
  unsetenv("GOLCL_LA_NO_FP64");
  A = M = JUNK;
  ST(golcl_fd_wave_cn(tu_ctx, 4, 4, 0.5, GOLCL_F32, NULL, &M), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(M);
  ST(golcl_fd_wave_cn(tu_ctx, 4, 4, 0.5, GOLCL_F32, &A, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(A);
  const double alphas[] = {-0.1, NAN, INFINITY};
  for (int i = 0; i < 3; i++) {
    A = M = JUNK;
    ST(golcl_fd_wave_cn(tu_ctx, 4, 4, alphas[i], GOLCL_F32, &A, &M), GOLCL_E_INVALID_ARG);
    ck_assert(A == NULL && M == NULL);
  }
  ST(golcl_fd_wave_cn(NULL, 4, 4, 0.5, GOLCL_F32, &A, &M), GOLCL_E_INVALID_ARG);
  ST(golcl_fd_wave_cn(tu_ctx, 0, 4, 0.5, GOLCL_F32, &A, &M), GOLCL_E_INVALID_ARG);
  ck_assert(A == NULL && M == NULL);
}
END_TEST

static Suite *la_args_suite(void) {
  Suite *s = suite_create("la_args");
  TCase *t = tcase_create("invalid");
  tcase_add_test(t, dtype_size);
  tcase_add_test(t, vec_create_args);
  tcase_add_test(t, vec_io_args);
  tcase_add_test(t, vec_ops_args);
  tcase_add_test(t, bandmat_create_args);
  tcase_add_test(t, bandmat_use_args);
  tcase_add_test(t, densemat_args);
  tcase_add_test(t, cg_args);
  tcase_add_test(t, fd_args);
  suite_add_tcase(s, t);
  return s;
}

int main(void) { return tu_main(la_args_suite()); }
