/* op.c — the linear-operator interface: the caller's callback operators and
 * one dispatch (golcl__op_apply) over band matrices, stencils, CSR, dense
 * matrices and callbacks, which CG and golcl_op_mv use. */
#include "la.h"

#include <stdlib.h>

golcl_status golcl_op_create(golcl_context *ctx, size_t n, golcl_dtype dtype,
                             golcl_op_apply_fn apply, void *user, golcl_op **out) {
  static const char fn[] = "golcl_op_create";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!apply || n == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: apply is NULL or n is 0", fn);
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s != GOLCL_OK) return s;
  golcl_op *op = calloc(1, sizeof *op);
  if (!op) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  *op = (golcl_op){ctx, n, dtype, GOLCL__OP_USER, NULL, apply, user, 1};
  *out = op;
  return GOLCL_OK;
}

void golcl_op_destroy(golcl_op *op) {
  if (op && op->owned) free(op);
}

size_t golcl_op_size(const golcl_op *op) { return op ? op->n : 0; }

golcl_status golcl__op_apply(const golcl_op *op, cl_mem x, cl_mem out) {
  switch (op->kind) {
    case GOLCL__OP_BAND:
      return golcl__bandmat_apply(op->obj, 1.0, x, 0.0, NULL, out);
    case GOLCL__OP_STENCIL:
      return golcl__stencil_apply(op->obj, x, NULL, out);
    case GOLCL__OP_CSR:
      return golcl__csrmat_apply(op->obj, x, NULL, out);
    case GOLCL__OP_DENSE:
      return golcl__densemat_apply(op->obj, x, out);
    case GOLCL__OP_USER:
      break;
  }
  return op->apply(op->user, op->ctx->queue, x, out);
}

golcl_status golcl_op_mv(const golcl_op *op, const golcl_vec *x, const golcl_vec *y,
                         golcl_vec *out) {
  static const char fn[] = "golcl_op_mv";
  if (!op) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: op is NULL", fn);
  golcl_status s = golcl__mv_check(op->ctx, op->dtype, op->n, op->n, x, y, out, fn);
  if (s != GOLCL_OK) return s;
  switch (op->kind) {
    case GOLCL__OP_BAND:
      return golcl__bandmat_apply(op->obj, 1.0, x->buf, 1.0, y ? y->buf : NULL, out->buf);
    case GOLCL__OP_STENCIL:
      return golcl__stencil_apply(op->obj, x->buf, y ? y->buf : NULL, out->buf);
    case GOLCL__OP_CSR:
      return golcl__csrmat_apply(op->obj, x->buf, y ? y->buf : NULL, out->buf);
    case GOLCL__OP_DENSE:
      return golcl_densemat_mv(op->obj, x, y, out);
    case GOLCL__OP_USER:
      break;
  }
  /* Callbacks: out = A·x, then + y. With y == out the product goes to a
   * temporary first, released once queued (OpenCL keeps it for the
   * commands that use it), so that nothing waits. */
  if (y == out) {
    cl_mem t;
    size_t bytes = op->n * golcl_dtype_size(op->dtype);
    s = golcl__buffer(op->ctx, bytes, CL_MEM_READ_WRITE, &t);
    if (s != GOLCL_OK) return s;
    golcl_vec tv = {.ctx = op->ctx, .n = op->n, .dtype = op->dtype, .buf = t};
    s = golcl__op_apply(op, x->buf, t);
    if (s == GOLCL_OK) s = golcl_vec_axpby(1.0, &tv, 1.0, y, out);
    clReleaseMemObject(t);
    return s;
  }
  s = golcl__op_apply(op, x->buf, out->buf);
  if (s == GOLCL_OK && y) s = golcl_vec_axpby(1.0, out, 1.0, y, out);
  return s;
}
