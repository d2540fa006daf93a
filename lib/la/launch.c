/* launch.c — what every linear-algebra call shares: dtype checks, the launch
 * geometry of grid-stride kernels and the kernel build options. */
#include "la.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

size_t golcl_dtype_size(golcl_dtype dtype) {
  switch (dtype) {
    case GOLCL_F32:
      return sizeof(cl_float);
    case GOLCL_F64:
      return sizeof(cl_double);
  }
  return 0;
}

golcl_status golcl__la_check_dtype(golcl_context *ctx, golcl_dtype dtype, const char *fn) {
  if (dtype != GOLCL_F32 && dtype != GOLCL_F64)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad dtype %d", fn, (int)dtype);
  /* $GOLCL_LA_NO_FP64 (non-empty) makes an fp64 device look like one
   * without, so that this refusal can be tested on pocl. */
  const char *nofp64 = getenv("GOLCL_LA_NO_FP64");
  if (dtype == GOLCL_F64 && (!ctx->info.fp64 || (nofp64 && *nofp64)))
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "%s: f64 needs cl_khr_fp64, which the device %s does not have", fn,
                       ctx->info.name);
  return GOLCL_OK;
}

golcl_status golcl__vec_match(golcl_context *ctx, const golcl_vec *v, golcl_dtype dtype, size_t n,
                              const char *fn, const char *what) {
  if (v->ctx != ctx)
    return golcl__fail(ctx, GOLCL_E_MISMATCH, "%s: %s belongs to another context", fn, what);
  if (v->dtype != dtype)
    return golcl__fail(ctx, GOLCL_E_MISMATCH, "%s: %s is %s, expected %s", fn, what,
                       v->dtype == GOLCL_F64 ? "f64" : "f32", dtype == GOLCL_F64 ? "f64" : "f32");
  if (v->n != n)
    return golcl__fail(ctx, GOLCL_E_MISMATCH, "%s: %s has length %zu, expected %zu", fn, what, v->n,
                       n);
  return GOLCL_OK;
}

golcl_status golcl__mv_check(golcl_context *ctx, golcl_dtype dtype, size_t rows, size_t cols,
                             const golcl_vec *x, const golcl_vec *y, const golcl_vec *out,
                             const char *fn) {
  if (!x || !out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: x or out is NULL", fn);
  golcl_status s = golcl__vec_match(ctx, x, dtype, cols, fn, "x");
  if (s == GOLCL_OK) s = golcl__vec_match(ctx, out, dtype, rows, fn, "out");
  if (s == GOLCL_OK && y) s = golcl__vec_match(ctx, y, dtype, rows, fn, "y");
  if (s == GOLCL_OK && out == x)
    s = golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out may not be x (rows read other rows of x)",
                    fn);
  return s;
}

/* A positive integer from the environment, or 0. */
static size_t env_size(const char *name) {
  const char *s = getenv(name);
  if (!s || !*s) return 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  return *end == '\0' && v > 0 && v < (1ull << 24) ? (size_t)v : 0;
}

static size_t pow2_floor(size_t v) {
  size_t p = 1;
  while (p * 2 <= v) p *= 2;
  return p;
}

golcl__la_geom golcl__la_geometry(const golcl_context *ctx, size_t n, golcl__la_kind kind) {
  const int gpu = ctx->info.type != GOLCL_DEVICE_CPU;
  /* GPUs: 256 work-items keep several groups resident per compute unit and
   * the local reduction short. CPUs (pocl) run a group as one vectorised
   * loop; 64 items are enough for it and keep the tree short. */
  size_t local = env_size("GOLCL_LA_LOCAL");
  if (!local) local = gpu ? 256 : 64;
  size_t maxwg = ctx->info.max_work_group_size ? ctx->info.max_work_group_size : 1;
  if (local > maxwg) local = maxwg;
  local = pow2_floor(local);
  /* Enough groups to fill the device with a grid-stride loop, few enough that
   * every group can re-reduce all the partials (the CG kernels do) cheaply. */
  size_t gmax = env_size("GOLCL_LA_GROUPS");
  if (!gmax) {
    size_t cu = ctx->info.compute_units ? ctx->info.compute_units : 1;
    gmax = cu * 8;
    /* The fused CG kernels: each group re-reduces every partial, which costs
     * on small vectors, while large ones want more groups in flight. About
     * 32 elements a work-item, between 4 and 16 groups a compute unit. On
     * the H200 (132 CUs, golcl bench la --groups, 2026-11-21): at 1024²,
     * 528 groups 27 µs an iteration, 2112 groups 36 µs; at 4096², 528
     * groups 512 µs, 2112 groups 412 µs. */
    if (gpu && kind == GOLCL__LA_FUSED) {
      gmax = n / (local * 32);
      if (gmax < cu * 4) gmax = cu * 4;
      if (gmax > cu * 16) gmax = cu * 16;
    }
    if (gpu && kind == GOLCL__LA_FUSED_BAND) gmax = cu * GOLCL__LA_BAND_GROUPS_CU;
  }
  size_t groups = (n + local - 1) / local;
  if (groups > gmax) groups = gmax;
  if (groups == 0) groups = 1;
  golcl__la_geom g = {local, groups, !gpu};
  return g;
}

int golcl__la_idx_long(size_t extent, const golcl__la_geom *g) {
  size_t stride = g->local * g->groups;
  return extent > (size_t)INT_MAX - stride;
}

void golcl__la_options(golcl__opts *o, golcl_dtype dtype, int wide, const golcl__la_geom *g) {
  golcl__opts_define_str(o, "REAL", dtype == GOLCL_F64 ? "double" : "float");
  if (dtype == GOLCL_F64) golcl__opts_define(o, "GOLCL_FP64", 1);
  golcl__opts_define_str(o, "IDX", wide ? "long" : "int");
  golcl__opts_define(o, "LA_WG", (long long)g->local);
  golcl__opts_define(o, "LA_CONTIGUOUS", g->contiguous);
}

golcl_status golcl__la_kernel(golcl_context *ctx, const char *file, const golcl__opts *o,
                              const char *name, cl_kernel *k) {
  golcl_status s = golcl__opts_check(ctx, o, file);
  return s == GOLCL_OK ? golcl__kernel(ctx, file, o->buf, name, k) : s;
}

size_t golcl__real_set(golcl_dtype dtype, double v, golcl__real_arg *r) {
  if (dtype == GOLCL_F64) {
    r->d = v;
    return sizeof r->d;
  }
  r->f = (cl_float)v;
  return sizeof r->f;
}

size_t golcl__idx_set(int wide, size_t v, golcl__idx_arg *r) {
  if (wide) {
    r->l = (cl_long)v;
    return sizeof r->l;
  }
  r->i = (cl_int)v;
  return sizeof r->i;
}
