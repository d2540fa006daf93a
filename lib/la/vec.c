/* vec.c — device vectors: creation, host I/O, fill and copy, and the
 * launches of cl/la/vec.cl (axpby, mul, dot, nrm2). */
#include "la.h"

#include <stdlib.h>
#include <string.h>

#define VEC_FILE "la/vec.cl"

golcl_status golcl_vec_create(golcl_context *ctx, size_t n, golcl_dtype dtype, const void *init,
                              golcl_vec **out) {
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_vec_create: out is NULL");
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_vec_create: ctx is NULL");
  if (n == 0) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_vec_create: length 0");
  golcl_status s = golcl__la_check_dtype(ctx, dtype, "golcl_vec_create");
  if (s != GOLCL_OK) return s;
  size_t bytes;
  if (golcl__la_bytes(dtype, n, &bytes) != 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "golcl_vec_create: %zu elements overflow the address space", n);
  golcl_vec *v = calloc(1, sizeof *v);
  if (!v) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  v->ctx = ctx;
  v->n = n;
  v->dtype = dtype;
  s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &v->buf);
  if (s == GOLCL_OK && init)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, v->buf, CL_TRUE, 0, bytes, init, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s == GOLCL_OK && !init) s = golcl_vec_fill(v, 0.0);
  /* Surface allocation failures now rather than at the first kernel. */
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (s != GOLCL_OK) {
    golcl_vec_destroy(v);
    return s;
  }
  *out = v;
  return GOLCL_OK;
}

void golcl_vec_destroy(golcl_vec *v) {
  if (!v) return;
  if (v->buf) clReleaseMemObject(v->buf);
  if (v->scratch) clReleaseMemObject(v->scratch);
  if (v->scratch_idx) clReleaseMemObject(v->scratch_idx);
  if (v->red) clReleaseMemObject(v->red);
  if (v->red_idx) clReleaseMemObject(v->red_idx);
  free(v);
}

size_t golcl_vec_size(const golcl_vec *v) { return v ? v->n : 0; }
golcl_dtype golcl_vec_dtype(const golcl_vec *v) { return v ? v->dtype : GOLCL_F32; }
golcl_context *golcl_vec_context(const golcl_vec *v) { return v ? v->ctx : NULL; }
cl_mem golcl_vec_buffer(golcl_vec *v) { return v ? v->buf : NULL; }

/* offset + count <= n, without overflow. */
static golcl_status check_range(const golcl_vec *v, size_t offset, size_t count, const char *fn) {
  if (offset > v->n || count > v->n - offset)
    return golcl__fail(v->ctx, GOLCL_E_INVALID_ARG,
                       "%s: range [%zu, %zu + %zu) is outside the vector of %zu", fn, offset,
                       offset, count, v->n);
  return GOLCL_OK;
}

golcl_status golcl_vec_write(golcl_vec *v, size_t offset, size_t count, const void *src) {
  if (!v) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_vec_write: v is NULL");
  if (!src) return golcl__fail(v->ctx, GOLCL_E_INVALID_ARG, "golcl_vec_write: src is NULL");
  golcl_status s = check_range(v, offset, count, "golcl_vec_write");
  if (s != GOLCL_OK || count == 0) return s;
  size_t es = golcl_dtype_size(v->dtype);
  return golcl__cl_fail(v->ctx,
                        clEnqueueWriteBuffer(v->ctx->queue, v->buf, CL_TRUE, offset * es,
                                             count * es, src, 0, NULL, NULL),
                        "clEnqueueWriteBuffer");
}

golcl_status golcl_vec_read(const golcl_vec *v, size_t offset, size_t count, void *dst) {
  if (!v) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_vec_read: v is NULL");
  if (!dst) return golcl__fail(v->ctx, GOLCL_E_INVALID_ARG, "golcl_vec_read: dst is NULL");
  golcl_status s = check_range(v, offset, count, "golcl_vec_read");
  if (s != GOLCL_OK || count == 0) return s;
  size_t es = golcl_dtype_size(v->dtype);
  return golcl__cl_fail(v->ctx,
                        clEnqueueReadBuffer(v->ctx->queue, v->buf, CL_TRUE, offset * es, count * es,
                                            dst, 0, NULL, NULL),
                        "clEnqueueReadBuffer");
}

golcl_status golcl_vec_fill(golcl_vec *v, double value) {
  if (!v) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_vec_fill: v is NULL");
  size_t es = golcl_dtype_size(v->dtype);
  if (v->dtype == GOLCL_F64) {
    cl_double d = value;
    return golcl__fill(v->ctx, v->buf, &d, sizeof d, 0, v->n * es);
  }
  cl_float f = (cl_float)value;
  return golcl__fill(v->ctx, v->buf, &f, sizeof f, 0, v->n * es);
}

golcl_status golcl_vec_copy(const golcl_vec *src, golcl_vec *dst) {
  if (!src || !dst)
    return golcl__fail(src   ? src->ctx
                       : dst ? dst->ctx
                             : NULL,
                       GOLCL_E_INVALID_ARG, "golcl_vec_copy: NULL vector");
  golcl_status s = golcl__vec_match(src->ctx, dst, src->dtype, src->n, "golcl_vec_copy", "dst");
  if (s != GOLCL_OK || src == dst) return s;
  return golcl__cl_fail(src->ctx,
                        clEnqueueCopyBuffer(src->ctx->queue, src->buf, dst->buf, 0, 0,
                                            src->n * golcl_dtype_size(src->dtype), 0, NULL, NULL),
                        "clEnqueueCopyBuffer");
}

/* The kernel `name` of vec.cl for n elements of dtype with geometry g
 * (IDX wide enough for `extent`), RED_OP = red_op. */
static golcl_status vec_kernel_n(golcl_context *ctx, golcl_dtype dtype, size_t extent,
                                 const golcl__la_geom *g, int red_op, const char *name,
                                 cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__la_options(&o, dtype, golcl__la_idx_long(extent, g), g);
  golcl__opts_define(&o, "RED_OP", red_op);
  return golcl__la_kernel(ctx, VEC_FILE, &o, name, k);
}

static golcl_status vec_kernel(const golcl_vec *v, const golcl__la_geom *g, const char *name,
                               cl_kernel *k) {
  return vec_kernel_n(v->ctx, v->dtype, v->n, g, 0, name, k);
}

typedef golcl__real_arg real_arg;
typedef golcl__idx_arg idx_arg;
#define real_set golcl__real_set
#define idx_set golcl__idx_set

/* Launches an elementwise kernel over n elements, 4 a work-item (vec.cl). */
static golcl_status launch_elementwise(golcl_context *ctx, cl_kernel k, size_t n,
                                       const golcl__la_geom *g) {
  size_t global = golcl__round_up((n + 3) / 4, g->local), local = g->local;
  return golcl__launch(ctx, k, 1, &global, &local);
}

/* x, y (may be NULL), z not NULL: same context, dtype and length as x. */
static golcl_status check_xyz(const golcl_vec *x, const golcl_vec *y, const golcl_vec *z,
                              const char *fn) {
  golcl_status s = golcl__vec_match(x->ctx, z, x->dtype, x->n, fn, "z");
  if (s == GOLCL_OK && y) s = golcl__vec_match(x->ctx, y, x->dtype, x->n, fn, "y");
  return s;
}

golcl_status golcl_vec_axpby(double a, const golcl_vec *x, double b, const golcl_vec *y,
                             golcl_vec *z) {
  if (!x || !z)
    return golcl__fail(x   ? x->ctx
                       : z ? z->ctx
                           : NULL,
                       GOLCL_E_INVALID_ARG, "golcl_vec_axpby: x or z is NULL");
  golcl_status s = check_xyz(x, y, z, "golcl_vec_axpby");
  if (s != GOLCL_OK) return s;
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_kernel k;
  s = vec_kernel(x, &g, y ? "vec_axpby" : "vec_scale", &k);
  if (s != GOLCL_OK) return s;
  idx_arg n;
  real_arg ra, rb;
  size_t ns = idx_set(golcl__la_idx_long(x->n, &g), x->n, &n);
  size_t rs = real_set(x->dtype, a, &ra);
  real_set(x->dtype, b, &rb);
  if (y)
    s = golcl__args(x->ctx, k, ns, (const void *)&n, rs, (const void *)&ra, GOLCL__ARG(x->buf), rs,
                    (const void *)&rb, GOLCL__ARG(y->buf), GOLCL__ARG(z->buf), GOLCL__END);
  else
    s = golcl__args(x->ctx, k, ns, (const void *)&n, rs, (const void *)&ra, GOLCL__ARG(x->buf),
                    GOLCL__ARG(z->buf), GOLCL__END);
  return s == GOLCL_OK ? launch_elementwise(x->ctx, k, x->n, &g) : s;
}

golcl_status golcl_vec_mul(const golcl_vec *x, const golcl_vec *y, golcl_vec *z) {
  if (!x || !y || !z)
    return golcl__fail(x   ? x->ctx
                       : y ? y->ctx
                       : z ? z->ctx
                           : NULL,
                       GOLCL_E_INVALID_ARG, "golcl_vec_mul: NULL vector");
  golcl_status s = check_xyz(x, y, z, "golcl_vec_mul");
  if (s != GOLCL_OK) return s;
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_kernel k;
  s = vec_kernel(x, &g, "vec_mul", &k);
  if (s != GOLCL_OK) return s;
  idx_arg n;
  size_t ns = idx_set(golcl__la_idx_long(x->n, &g), x->n, &n);
  s = golcl__args(x->ctx, k, ns, (const void *)&n, GOLCL__ARG(x->buf), GOLCL__ARG(y->buf),
                  GOLCL__ARG(z->buf), GOLCL__END);
  return s == GOLCL_OK ? launch_elementwise(x->ctx, k, x->n, &g) : s;
}

golcl_status golcl__vec_scratch(const golcl_vec *v, const golcl__la_geom *g, cl_mem *out) {
  /* The scratch is a cache of the vector: logically mutable through const. */
  golcl_vec *mv = (golcl_vec *)v;
  if (mv->scratch && mv->scratch_groups < g->groups) { /* $GOLCL_LA_GROUPS changed */
    clReleaseMemObject(mv->scratch);
    mv->scratch = NULL;
  }
  if (!mv->scratch) {
    size_t bytes;
    if (golcl__la_bytes(v->dtype, 2 * g->groups + 2, &bytes) != 0)
      return golcl__fail(v->ctx, GOLCL_E_OUT_OF_MEMORY, "scratch size overflows");
    golcl_status s = golcl__buffer(v->ctx, bytes, CL_MEM_READ_WRITE, &mv->scratch);
    if (s != GOLCL_OK) return s;
    mv->scratch_groups = g->groups;
  }
  *out = mv->scratch;
  return GOLCL_OK;
}

/* Second stage: one group reduces m partials into result[index]. */
static golcl_status launch_final(golcl_context *ctx, golcl_dtype dtype, size_t n,
                                 const golcl__la_geom *g, const char *name, cl_mem part,
                                 cl_mem result, size_t index) {
  size_t ext = n > index ? n : index + 1; /* IDX must hold index too */
  cl_kernel k;
  golcl_status s = vec_kernel_n(ctx, dtype, ext, g, 0, name, &k);
  if (s != GOLCL_OK) return s;
  cl_int m = (cl_int)g->groups;
  idx_arg ix;
  size_t is = idx_set(golcl__la_idx_long(ext, g), index, &ix);
  s = golcl__args(ctx, k, GOLCL__ARG(m), GOLCL__ARG(part), GOLCL__ARG(result), is,
                  (const void *)&ix, GOLCL__END);
  size_t local = g->local;
  return s == GOLCL_OK ? golcl__launch(ctx, k, 1, &local, &local) : s;
}

golcl_status golcl__la_dot(golcl_context *ctx, golcl_dtype dtype, size_t n, cl_mem x, cl_mem y,
                           cl_mem part, cl_mem result, size_t index) {
  golcl__la_geom g = golcl__la_geometry(ctx, n, GOLCL__LA_STREAM);
  cl_kernel k;
  golcl_status s = vec_kernel_n(ctx, dtype, n, &g, 0, "vec_dot_part", &k);
  if (s != GOLCL_OK) return s;
  idx_arg ni;
  size_t ns = idx_set(golcl__la_idx_long(n, &g), n, &ni);
  s = golcl__args(ctx, k, ns, (const void *)&ni, GOLCL__ARG(x), GOLCL__ARG(y), GOLCL__ARG(part),
                  GOLCL__END);
  size_t global = g.groups * g.local, local = g.local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, k, 1, &global, &local);
  if (s == GOLCL_OK) s = launch_final(ctx, dtype, n, &g, "vec_sum_final", part, result, index);
  return s;
}

golcl_status golcl_vec_dot_to(const golcl_vec *x, const golcl_vec *y, golcl_vec *out,
                              size_t index) {
  if (!x || !y || !out)
    return golcl__fail(x     ? x->ctx
                       : y   ? y->ctx
                       : out ? out->ctx
                             : NULL,
                       GOLCL_E_INVALID_ARG, "golcl_vec_dot_to: NULL argument");
  golcl_status s = golcl__vec_match(x->ctx, y, x->dtype, x->n, "golcl_vec_dot_to", "y");
  if (s == GOLCL_OK && out->ctx != x->ctx)
    s = golcl__fail(x->ctx, GOLCL_E_MISMATCH, "golcl_vec_dot_to: out belongs to another context");
  if (s == GOLCL_OK && out->dtype != x->dtype)
    s = golcl__fail(x->ctx, GOLCL_E_MISMATCH, "golcl_vec_dot_to: out has another dtype");
  if (s == GOLCL_OK && index >= out->n)
    s = golcl__fail(x->ctx, GOLCL_E_INVALID_ARG, "golcl_vec_dot_to: index %zu >= length %zu", index,
                    out->n);
  if (s != GOLCL_OK) return s;
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_mem part;
  s = golcl__vec_scratch(x, &g, &part);
  if (s != GOLCL_OK) return s;
  return golcl__la_dot(x->ctx, x->dtype, x->n, x->buf, y->buf, part, out->buf, index);
}

/* Reads the result element (at 2·groups of the scratch) as a double. */
static golcl_status read_result(const golcl_vec *v, cl_mem scratch, size_t at, double *out) {
  size_t es = golcl_dtype_size(v->dtype);
  union {
    cl_float f;
    cl_double d;
  } r;
  golcl_status s = golcl__cl_fail(
      v->ctx, clEnqueueReadBuffer(v->ctx->queue, scratch, CL_TRUE, at * es, es, &r, 0, NULL, NULL),
      "clEnqueueReadBuffer");
  if (s == GOLCL_OK) *out = v->dtype == GOLCL_F64 ? r.d : (double)r.f;
  return s;
}

golcl_status golcl_vec_dot(const golcl_vec *x, const golcl_vec *y, double *out) {
  if (!x || !y || !out)
    return golcl__fail(x   ? x->ctx
                       : y ? y->ctx
                           : NULL,
                       GOLCL_E_INVALID_ARG, "golcl_vec_dot: NULL argument");
  golcl_status s = golcl__vec_match(x->ctx, y, x->dtype, x->n, "golcl_vec_dot", "y");
  if (s != GOLCL_OK) return s;
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_mem scratch;
  s = golcl__vec_scratch(x, &g, &scratch);
  if (s == GOLCL_OK)
    s = golcl__la_dot(x->ctx, x->dtype, x->n, x->buf, y->buf, scratch, scratch, 2 * g.groups);
  return s == GOLCL_OK ? read_result(x, scratch, 2 * g.groups, out) : s;
}

golcl_status golcl_vec_nrm2(const golcl_vec *x, double *out) {
  if (!x || !out)
    return golcl__fail(x ? x->ctx : NULL, GOLCL_E_INVALID_ARG, "golcl_vec_nrm2: NULL argument");
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_mem scratch;
  golcl_status s = golcl__vec_scratch(x, &g, &scratch);
  cl_kernel k;
  if (s == GOLCL_OK) s = vec_kernel(x, &g, "vec_nrm2_part", &k);
  if (s != GOLCL_OK) return s;
  idx_arg ni;
  size_t ns = idx_set(golcl__la_idx_long(x->n, &g), x->n, &ni);
  s = golcl__args(x->ctx, k, ns, (const void *)&ni, GOLCL__ARG(x->buf), GOLCL__ARG(scratch),
                  GOLCL__END);
  size_t global = g.groups * g.local, local = g.local;
  if (s == GOLCL_OK) s = golcl__launch(x->ctx, k, 1, &global, &local);
  if (s == GOLCL_OK)
    s = launch_final(x->ctx, x->dtype, x->n, &g, "vec_nrm2_final", scratch, scratch, 2 * g.groups);
  return s == GOLCL_OK ? read_result(x, scratch, 2 * g.groups, out) : s;
}

golcl_status golcl_vec_wrap(golcl_context *ctx, cl_mem buf, size_t offset, size_t n,
                            golcl_dtype dtype, golcl_vec **out) {
  static const char fn[] = "golcl_vec_wrap";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!buf || n == 0) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: buf is NULL or n is 0", fn);
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s != GOLCL_OK) return s;
  size_t es = golcl_dtype_size(dtype), end, bytes, origin;
  if (offset > (size_t)-1 - n || golcl__mul_size(offset + n, es, &end) != 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: offset %zu + n %zu overflows", fn, offset, n);
  origin = offset * es;
  bytes = n * es;
  cl_context bctx;
  size_t have;
  s = golcl__cl_fail(ctx, clGetMemObjectInfo(buf, CL_MEM_CONTEXT, sizeof bctx, &bctx, NULL),
                     "clGetMemObjectInfo");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx, clGetMemObjectInfo(buf, CL_MEM_SIZE, sizeof have, &have, NULL),
                       "clGetMemObjectInfo");
  if (s != GOLCL_OK) return s;
  if (bctx != ctx->clctx)
    return golcl__fail(ctx, GOLCL_E_MISMATCH, "%s: buf belongs to another OpenCL context", fn);
  if (have < end)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: the buffer has %zu bytes, elements %zu..%zu need %zu", fn, have, offset,
                       offset + n - 1, end);
  cl_mem m = NULL;
  if (offset == 0) {
    s = golcl__cl_fail(ctx, clRetainMemObject(buf), "clRetainMemObject");
    m = buf;
  } else {
    cl_uint align_bits = 0;
    s = golcl__cl_fail(ctx,
                       clGetDeviceInfo(ctx->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                       sizeof align_bits, &align_bits, NULL),
                       "clGetDeviceInfo");
    size_t align = align_bits / 8 ? align_bits / 8 : 1;
    if (s == GOLCL_OK && origin % align != 0)
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "%s: offset %zu (%zu bytes) is not a multiple of the device's %zu-byte "
                         "base address alignment",
                         fn, offset, origin, align);
    if (s == GOLCL_OK) {
      cl_buffer_region r = {origin, bytes};
      cl_int err;
      m = clCreateSubBuffer(buf, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
      s = golcl__cl_fail(ctx, err, "clCreateSubBuffer");
    }
  }
  if (s != GOLCL_OK) return s;
  golcl_vec *v = calloc(1, sizeof *v);
  if (!v) {
    clReleaseMemObject(m);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  v->ctx = ctx;
  v->n = n;
  v->dtype = dtype;
  v->buf = m;
  *out = v;
  return GOLCL_OK;
}

golcl_status golcl__la_reduce(golcl_context *ctx, golcl_dtype dtype, size_t n, cl_mem x, int op,
                              cl_mem part, cl_mem parti, cl_mem result, size_t at, cl_mem resi) {
  golcl__la_geom g = golcl__la_geometry(ctx, n, GOLCL__LA_STREAM);
  size_t ext = n > at ? n : at + 1;
  int wide = golcl__la_idx_long(ext, &g);
  cl_kernel k1, k2;
  golcl_status s = vec_kernel_n(ctx, dtype, ext, &g, op, "vec_reduce_part", &k1);
  if (s == GOLCL_OK) s = vec_kernel_n(ctx, dtype, ext, &g, op, "vec_reduce_final", &k2);
  if (s != GOLCL_OK) return s;
  cl_mem pv = part, pi = parti;
  idx_arg ni, ai;
  size_t ns = idx_set(wide, n, &ni);
  idx_set(wide, at, &ai);
  cl_int m = (cl_int)g.groups, has_i = resi != NULL;
  cl_mem ri = resi ? resi : pi;
  s = golcl__args(ctx, k1, ns, (const void *)&ni, GOLCL__ARG(x), GOLCL__ARG(pv), GOLCL__ARG(pi),
                  GOLCL__END);
  size_t global = g.groups * g.local, local = g.local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, k1, 1, &global, &local);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, k2, GOLCL__ARG(m), GOLCL__ARG(pv), GOLCL__ARG(pi), GOLCL__ARG(result), ns,
                    (const void *)&ai, GOLCL__ARG(ri), GOLCL__ARG(has_i), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch(ctx, k2, 1, &local, &local);
  return s;
}

/* The reduction scratch of a vector: groups values, groups indices and an
 * index result (index red_groups). */
static golcl_status reduce_scratch(const golcl_vec *v, const golcl__la_geom *g, cl_mem *part,
                                   cl_mem *parti) {
  golcl_vec *mv = (golcl_vec *)v; /* caches of the vector */
  if (mv->red && mv->red_groups < g->groups) {
    clReleaseMemObject(mv->red);
    clReleaseMemObject(mv->red_idx);
    mv->red = mv->red_idx = NULL;
  }
  golcl_status s = GOLCL_OK;
  if (!mv->red) {
    s = golcl__buffer(v->ctx, g->groups * 8, CL_MEM_READ_WRITE, &mv->red);
    if (s == GOLCL_OK)
      s = golcl__buffer(v->ctx, (g->groups + 1) * sizeof(cl_long), CL_MEM_READ_WRITE, &mv->red_idx);
    if (s != GOLCL_OK) {
      if (mv->red) clReleaseMemObject(mv->red);
      mv->red = NULL;
      return s;
    }
    mv->red_groups = g->groups;
  }
  *part = mv->red;
  *parti = mv->red_idx;
  return s;
}

static int bad_op(golcl_reduce_op op) {
  return op != GOLCL_REDUCE_SUM && op != GOLCL_REDUCE_MIN && op != GOLCL_REDUCE_MAX &&
         op != GOLCL_REDUCE_AMAX;
}

golcl_status golcl_vec_reduce(const golcl_vec *x, golcl_reduce_op op, double *value,
                              size_t *index) {
  static const char fn[] = "golcl_vec_reduce";
  if (!x || !value)
    return golcl__fail(x ? x->ctx : NULL, GOLCL_E_INVALID_ARG, "%s: x or value is NULL", fn);
  if (bad_op(op)) return golcl__fail(x->ctx, GOLCL_E_INVALID_ARG, "%s: bad op %d", fn, (int)op);
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_mem part, parti, res;
  golcl_status s = reduce_scratch(x, &g, &part, &parti);
  if (s == GOLCL_OK) s = golcl__vec_scratch(x, &g, &res);
  if (s != GOLCL_OK) return s;
  golcl_vec *mx = (golcl_vec *)x; /* a cache of the vector */
  if (!mx->scratch_idx)
    s = golcl__buffer(x->ctx, sizeof(cl_long), CL_MEM_READ_WRITE, &mx->scratch_idx);
  if (s == GOLCL_OK)
    s = golcl__la_reduce(x->ctx, x->dtype, x->n, x->buf, (int)op, part, parti, res, 2 * g.groups,
                         mx->scratch_idx);
  if (s == GOLCL_OK) s = read_result(x, res, 2 * g.groups, value);
  cl_long li = 0;
  if (s == GOLCL_OK && index && op != GOLCL_REDUCE_SUM)
    s = golcl__cl_fail(x->ctx,
                       clEnqueueReadBuffer(x->ctx->queue, x->scratch_idx, CL_TRUE, 0, sizeof li,
                                           &li, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  if (s == GOLCL_OK && index) *index = (size_t)li;
  return s;
}

golcl_status golcl_vec_reduce_to(const golcl_vec *x, golcl_reduce_op op, golcl_vec *out,
                                 size_t at) {
  static const char fn[] = "golcl_vec_reduce_to";
  if (!x || !out)
    return golcl__fail(x     ? x->ctx
                       : out ? out->ctx
                             : NULL,
                       GOLCL_E_INVALID_ARG, "%s: x or out is NULL", fn);
  if (bad_op(op)) return golcl__fail(x->ctx, GOLCL_E_INVALID_ARG, "%s: bad op %d", fn, (int)op);
  if (out->ctx != x->ctx)
    return golcl__fail(x->ctx, GOLCL_E_MISMATCH, "%s: out belongs to another context", fn);
  if (out->dtype != x->dtype)
    return golcl__fail(x->ctx, GOLCL_E_MISMATCH, "%s: out has another dtype", fn);
  if (at >= out->n)
    return golcl__fail(x->ctx, GOLCL_E_INVALID_ARG, "%s: at %zu >= length %zu", fn, at, out->n);
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  cl_mem part, parti;
  golcl_status s = reduce_scratch(x, &g, &part, &parti);
  if (s != GOLCL_OK) return s;
  return golcl__la_reduce(x->ctx, x->dtype, x->n, x->buf, (int)op, part, parti, out->buf, at, NULL);
}

golcl_status golcl_vec_scan(const golcl_vec *x, golcl_vec *out) {
  static const char fn[] = "golcl_vec_scan";
  if (!x || !out)
    return golcl__fail(x     ? x->ctx
                       : out ? out->ctx
                             : NULL,
                       GOLCL_E_INVALID_ARG, "%s: x or out is NULL", fn);
  golcl_status s = golcl__vec_match(x->ctx, out, x->dtype, x->n, fn, "out");
  if (s != GOLCL_OK) return s;
  golcl__la_geom g = golcl__la_geometry(x->ctx, x->n, GOLCL__LA_STREAM);
  size_t chunk = (x->n + g.groups - 1) / g.groups;
  size_t groups = (x->n + chunk - 1) / chunk; /* every group non-empty */
  int wide = golcl__la_idx_long(x->n + chunk, &g);
  cl_kernel k1, k2, k3;
  s = vec_kernel_n(x->ctx, x->dtype, x->n + chunk, &g, 0, "vec_scan_part", &k1);
  if (s == GOLCL_OK)
    s = vec_kernel_n(x->ctx, x->dtype, x->n + chunk, &g, 0, "vec_scan_groups", &k2);
  if (s == GOLCL_OK) s = vec_kernel_n(x->ctx, x->dtype, x->n + chunk, &g, 0, "vec_scan_apply", &k3);
  cl_mem part;
  if (s == GOLCL_OK) s = golcl__vec_scratch(x, &g, &part);
  if (s != GOLCL_OK) return s;
  idx_arg ni, ci;
  size_t ns = idx_set(wide, x->n, &ni);
  idx_set(wide, chunk, &ci);
  cl_int m = (cl_int)groups;
  size_t global = groups * g.local, local = g.local, one = 1;
  s = golcl__args(x->ctx, k1, ns, (const void *)&ni, ns, (const void *)&ci, GOLCL__ARG(x->buf),
                  GOLCL__ARG(part), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch(x->ctx, k1, 1, &global, &local);
  if (s == GOLCL_OK) s = golcl__args(x->ctx, k2, GOLCL__ARG(m), GOLCL__ARG(part), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch(x->ctx, k2, 1, &one, &one);
  if (s == GOLCL_OK)
    s = golcl__args(x->ctx, k3, ns, (const void *)&ni, ns, (const void *)&ci, GOLCL__ARG(x->buf),
                    GOLCL__ARG(out->buf), GOLCL__ARG(part), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch(x->ctx, k3, 1, &global, &local);
  return s;
}
