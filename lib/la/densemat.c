/* densemat.c — dense row-major matrices; products through CLBlast's gemv
 * (measured faster than a simple kernel of ours, and tuned per device),
 * loaded on the first creation (clblast.c). Built with GOLCL_HAVE_CLBLAST=0
 * (make CLBLAST=0), or where libclblast.so.1 is not installed, creation says
 * GOLCL_E_UNSUPPORTED and nothing here calls CLBlast. CLBlast keeps compiled
 * programs in a process-wide cache that outlives contexts: it is cleared
 * when the last dense matrix of the process goes. */
#include "la.h"

#ifndef GOLCL_HAVE_CLBLAST
#define GOLCL_HAVE_CLBLAST 1
#endif

#if GOLCL_HAVE_CLBLAST
#include <clblast_c.h>
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Live dense matrices in the process, under a lock. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t live_count;

#if GOLCL_HAVE_CLBLAST
/* The three routines of CLBlast used here, from golcl_clblast_symbol. */
typedef CLBlastStatusCode (*sgemv_fn)(const CLBlastLayout, const CLBlastTranspose, const size_t,
                                      const size_t, const float, const cl_mem, const size_t,
                                      const size_t, const cl_mem, const size_t, const size_t,
                                      const float, cl_mem, const size_t, const size_t,
                                      cl_command_queue *, cl_event *);
typedef CLBlastStatusCode (*dgemv_fn)(const CLBlastLayout, const CLBlastTranspose, const size_t,
                                      const size_t, const double, const cl_mem, const size_t,
                                      const size_t, const cl_mem, const size_t, const size_t,
                                      const double, cl_mem, const size_t, const size_t,
                                      cl_command_queue *, cl_event *);
typedef CLBlastStatusCode (*clear_fn)(void);
static struct {
  sgemv_fn sgemv;
  dgemv_fn dgemv;
  clear_fn clear;
} clb;

/* The routines, or 0 (then nothing is set). */
static int clblast_ready(void) {
  void *s = golcl_clblast_symbol("CLBlastSgemv"), *d = golcl_clblast_symbol("CLBlastDgemv"),
       *c = golcl_clblast_symbol("CLBlastClearCache");
  if (!s || !d || !c) return 0;
  pthread_mutex_lock(&live_lock);
  memcpy(&clb.sgemv, &s, sizeof s);
  memcpy(&clb.dgemv, &d, sizeof d);
  memcpy(&clb.clear, &c, sizeof c);
  pthread_mutex_unlock(&live_lock);
  return 1;
}
#endif

golcl_status golcl_densemat_create(golcl_context *ctx, size_t rows, size_t cols, golcl_dtype dtype,
                                   const void *row_major, golcl_densemat **out) {
  static const char fn[] = "golcl_densemat_create";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (rows == 0 || cols == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: %zu x %zu has a zero side", fn, rows, cols);
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s != GOLCL_OK) return s;
#if GOLCL_HAVE_CLBLAST
  if (!clblast_ready())
#endif
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED, "%s: %s", fn, golcl__clblast_why());
  size_t count, bytes;
  if (golcl__mul_size(rows, cols, &count) != 0 || golcl__la_bytes(dtype, count, &bytes) != 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: %zu x %zu overflows", fn, rows, cols);
  golcl_densemat *M = calloc(1, sizeof *M);
  if (!M) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  M->ctx = ctx;
  M->op = (golcl_op){ctx, rows, dtype, GOLCL__OP_DENSE, M, NULL, NULL, 0};
  pthread_mutex_lock(&live_lock);
  live_count++;
  pthread_mutex_unlock(&live_lock);
  M->rows = rows;
  M->cols = cols;
  M->dtype = dtype;
  s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &M->buf);
  if (s == GOLCL_OK && row_major)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, M->buf, CL_TRUE, 0, bytes, row_major, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s == GOLCL_OK && !row_major) {
    cl_double zero = 0;
    s = golcl__fill(ctx, M->buf, &zero, golcl_dtype_size(dtype), 0, bytes);
  }
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (s != GOLCL_OK) {
    golcl_densemat_destroy(M);
    return s;
  }
  *out = M;
  return GOLCL_OK;
}

void golcl_densemat_destroy(golcl_densemat *M) {
  if (!M) return;
  if (M->buf) clReleaseMemObject(M->buf);
  pthread_mutex_lock(&live_lock);
  if (--live_count == 0) {
#if GOLCL_HAVE_CLBLAST
    /* CLBlast may still hold the queue's pending gemv: let it finish. */
    clFinish(M->ctx->queue);
    clb.clear();
#endif
  }
  pthread_mutex_unlock(&live_lock);
  free(M);
}

const golcl_op *golcl_densemat_op(const golcl_densemat *M) {
  return M && M->rows == M->cols ? &M->op : NULL;
}

#if GOLCL_HAVE_CLBLAST

/* A CLBlast status as ours: OpenCL codes through golcl__cl_fail (allocation
 * failures become GOLCL_E_OUT_OF_MEMORY), CLBlast's own codes (-1000 and
 * below) as GOLCL_E_OPENCL with the number. */
static golcl_status clblast_fail(golcl_context *ctx, CLBlastStatusCode st, const char *call) {
  if (st == CLBlastSuccess) return GOLCL_OK;
  if ((int)st > -1000) return golcl__cl_fail(ctx, (cl_int)st, call);
  return golcl__fail(ctx, GOLCL_E_OPENCL, "%s failed: CLBlast status %d (see clblast_c.h)", call,
                     (int)st);
}

/* out += M·x (CLBlast's gemv with beta 1). */
static golcl_status gemv(const golcl_densemat *M, cl_mem x, cl_mem out) {
  cl_command_queue q = M->ctx->queue;
  CLBlastStatusCode st;
  if (M->dtype == GOLCL_F64)
    st = clb.dgemv(CLBlastLayoutRowMajor, CLBlastTransposeNo, M->rows, M->cols, 1.0, M->buf, 0,
                   M->cols, x, 0, 1, 1.0, out, 0, 1, &q, NULL);
  else
    st = clb.sgemv(CLBlastLayoutRowMajor, CLBlastTransposeNo, M->rows, M->cols, 1.0f, M->buf, 0,
                   M->cols, x, 0, 1, 1.0f, out, 0, 1, &q, NULL);
  return clblast_fail(M->ctx, st, M->dtype == GOLCL_F64 ? "CLBlastDgemv" : "CLBlastSgemv");
}

golcl_status golcl_densemat_mv(const golcl_densemat *M, const golcl_vec *x, const golcl_vec *y,
                               golcl_vec *out) {
  static const char fn[] = "golcl_densemat_mv";
  if (!M) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: M is NULL", fn);
  golcl_status s = golcl__mv_check(M->ctx, M->dtype, M->rows, M->cols, x, y, out, fn);
  if (s != GOLCL_OK) return s;
  /* gemv computes out = M·x + beta·out: start out from y, or from zeros (a
   * beta of 0 would still multiply whatever out holds, NaN included). */
  if (y && y != out) s = golcl_vec_copy(y, out);
  if (!y) s = golcl_vec_fill(out, 0.0);
  if (s != GOLCL_OK) return s;
  return gemv(M, x->buf, out->buf);
}

golcl_status golcl__densemat_apply(const golcl_densemat *M, cl_mem x, cl_mem out) {
  cl_double zero = 0;
  golcl_status s = golcl__fill(M->ctx, out, &zero, golcl_dtype_size(M->dtype), 0,
                               M->rows * golcl_dtype_size(M->dtype));
  return s == GOLCL_OK ? gemv(M, x, out) : s;
}

#else /* no CLBlast: no dense matrix can exist */
golcl_status golcl_densemat_mv(const golcl_densemat *M, const golcl_vec *x, const golcl_vec *y,
                               golcl_vec *out) {
  (void)x, (void)y, (void)out;
  return golcl__fail(M ? M->ctx : NULL, GOLCL_E_UNSUPPORTED,
                     "golcl_densemat_mv: this libgolcl was built without CLBlast");
}

golcl_status golcl__densemat_apply(const golcl_densemat *M, cl_mem x, cl_mem out) {
  (void)x, (void)out;
  return golcl__fail(M->ctx, GOLCL_E_UNSUPPORTED, "this libgolcl was built without CLBlast");
}
#endif
