/* stencil.c — matrix-free constant-coefficient stencil operators (2-D 5- and
 * 9-point, 3-D 7-point; zero or periodic edges) and the launch of
 * cl/la/stencil.cl. Only the sizes and the coefficients live on the device. */
#include "la.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void golcl__stencil_options(golcl__opts *o, golcl_stencil_kind kind, golcl_edge edge) {
  golcl__opts_define(o, "STENCIL_KIND", (long long)kind);
  golcl__opts_define(o, "STENCIL_PERIODIC", edge == GOLCL_EDGE_PERIODIC);
}

golcl_status golcl_stencil_create(golcl_context *ctx, golcl_stencil_kind kind, size_t nx, size_t ny,
                                  size_t nz, const double *coef, golcl_edge edge, golcl_dtype dtype,
                                  golcl_stencil **out) {
  static const char fn[] = "golcl_stencil_create";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!coef) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: coef is NULL", fn);
  if (kind != GOLCL_STENCIL_5 && kind != GOLCL_STENCIL_9 && kind != GOLCL_STENCIL_7)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad kind %d", fn, (int)kind);
  if (edge != GOLCL_EDGE_DIRICHLET && edge != GOLCL_EDGE_PERIODIC)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad edge %d", fn, (int)edge);
  if (nx == 0 || ny == 0 || nz == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: grid %zu x %zu x %zu has a zero side", fn, nx,
                       ny, nz);
  if (kind != GOLCL_STENCIL_7 && nz != 1)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: a 2-D stencil needs nz = 1 (got %zu)", fn,
                       nz);
  golcl_status s = golcl__la_check_dtype(ctx, dtype, fn);
  if (s != GOLCL_OK) return s;
  for (int c = 0; c < (int)kind; c++)
    if (!isfinite(coef[c]))
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: coefficient %d is not finite", fn, c);
  size_t nxy, n, bytes;
  if (golcl__mul_size(nx, ny, &nxy) != 0 || golcl__mul_size(nxy, nz, &n) != 0 ||
      golcl__la_bytes(dtype, n, &bytes) != 0 || n > (size_t)INT64_MAX / 4)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: grid %zu x %zu x %zu overflows", fn, nx, ny,
                       nz);
  golcl_stencil *S = calloc(1, sizeof *S);
  if (!S) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  S->ctx = ctx;
  S->kind = kind;
  S->nx = nx;
  S->ny = ny;
  S->nz = nz;
  S->n = n;
  S->edge = edge;
  S->dtype = dtype;
  for (int c = 0; c < (int)kind; c++) S->coef[c] = coef[c];
  S->op = (golcl_op){ctx, n, dtype, GOLCL__OP_STENCIL, S, NULL, NULL, 0};
  cl_long meta[4] = {(cl_long)nx, (cl_long)ny, (cl_long)nz, 0};
  union {
    cl_float f[9];
    cl_double d[9];
  } cv;
  for (int c = 0; c < 9; c++) {
    double v = c < (int)kind ? coef[c] : 0.0;
    if (dtype == GOLCL_F64)
      cv.d[c] = v;
    else
      cv.f[c] = (cl_float)v;
  }
  s = golcl__buffer(ctx, sizeof meta, CL_MEM_READ_ONLY, &S->meta);
  if (s == GOLCL_OK)
    s = golcl__buffer(ctx, 9 * golcl_dtype_size(dtype), CL_MEM_READ_ONLY, &S->vals);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx,
        clEnqueueWriteBuffer(ctx->queue, S->meta, CL_TRUE, 0, sizeof meta, meta, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueWriteBuffer(ctx->queue, S->vals, CL_TRUE, 0,
                                            9 * golcl_dtype_size(dtype), &cv, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  if (s != GOLCL_OK) {
    golcl_stencil_destroy(S);
    return s;
  }
  *out = S;
  return GOLCL_OK;
}

void golcl_stencil_destroy(golcl_stencil *S) {
  if (!S) return;
  if (S->meta) clReleaseMemObject(S->meta);
  if (S->vals) clReleaseMemObject(S->vals);
  free(S);
}

size_t golcl_stencil_size(const golcl_stencil *S) { return S ? S->n : 0; }
const golcl_op *golcl_stencil_op(const golcl_stencil *S) { return S ? &S->op : NULL; }

golcl__st_tile golcl__stencil_tile(const golcl_stencil *S, int cg) {
  golcl__st_tile t = {0, 0};
  const char *e = getenv("GOLCL_LA_STENCIL");
  if (S->kind != GOLCL_STENCIL_5 || (e && strcmp(e, "rows") == 0)) return t;
  /* The widest vector that divides a row (a vector never straddles two). */
  int vmax = (int)golcl__env_long("GOLCL_LA_TILE_VW", 1, 4, 0);
  if (!vmax) vmax = 4;
  t.vw = S->nx % 4 == 0 && vmax >= 4 ? 4 : S->nx % 2 == 0 && vmax >= 2 ? 2 : 1;
  t.ry = (int)golcl__env_long("GOLCL_LA_TILE_RY", 1, 1024, 0);
  if (t.ry) return t;
  /* Taller tiles load fewer halo rows, but a GPU wants work-groups enough
   * to fill it (4 a compute unit): small grids get shorter tiles, then
   * narrower ones. */
  t.ry = cg ? GOLCL__TILE_RY_CG : GOLCL__TILE_RY_MV;
  const golcl_context *ctx = S->ctx;
  if (ctx->info.type != GOLCL_DEVICE_CPU) {
    size_t local = golcl__la_geometry(ctx, S->n, GOLCL__LA_STREAM).local;
    size_t want = 4 * (ctx->info.compute_units ? ctx->info.compute_units : 1);
    while (t.ry > 1 && golcl__stencil_tile_groups(S, t, local) < want) t.ry /= 2;
    while (t.vw > 1 && golcl__stencil_tile_groups(S, t, local) < want) t.vw /= 2;
  }
  /* CG on one-wide tiles lost to the rows (f64 4095², H100: 561 against
   * 525 µs); $GOLCL_LA_STENCIL=tiles keeps them (the tests do). */
  if (cg && t.vw == 1 && !(e && strcmp(e, "tiles") == 0)) t.vw = 0;
  return t;
}

void golcl__stencil_tile_options(golcl__opts *o, golcl__st_tile t) {
  golcl__opts_define(o, "ST_VW", t.vw);
  golcl__opts_define(o, "ST_RY", t.ry);
}

size_t golcl__stencil_tile_groups(const golcl_stencil *S, golcl__st_tile t, size_t local) {
  size_t items = (S->nx / (size_t)t.vw) * ((S->ny + (size_t)t.ry - 1) / (size_t)t.ry);
  size_t groups = (items + local - 1) / local;
  return groups ? groups : 1;
}

void golcl__stencil_tile_geometry(const golcl_stencil *S, golcl__st_tile t, golcl__la_geom *g) {
  size_t tg = golcl__stencil_tile_groups(S, t, g->local);
  if (tg < g->groups) g->groups = tg;
}

/* The row kernel over the grid-stride geometry, or the tile kernel over a
 * range of whole groups that covers the tiles. */
golcl_status golcl__stencil_apply(const golcl_stencil *S, cl_mem x, cl_mem y, cl_mem out) {
  golcl_context *ctx = S->ctx;
  golcl__st_tile t = golcl__stencil_tile(S, 0);
  golcl__la_geom g = golcl__la_geometry(ctx, S->n, GOLCL__LA_STREAM);
  if (t.vw) g.groups = golcl__stencil_tile_groups(S, t, g.local); /* no partials: a tile an item */
  int wide = golcl__la_idx_long(S->n, &g);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__la_options(&o, S->dtype, wide, &g);
  golcl__stencil_options(&o, S->kind, S->edge);
  if (t.vw) golcl__stencil_tile_options(&o, t);
  cl_kernel k;
  golcl_status s =
      golcl__la_kernel(ctx, "la/stencil.cl", &o, t.vw ? "stencil_mv_tile" : "stencil_mv", &k);
  if (s != GOLCL_OK) return s;
  golcl__idx_arg ni;
  size_t ns = golcl__idx_set(wide, S->n, &ni);
  cl_int has_y = y != NULL;
  cl_mem yy = y ? y : x;
  s = golcl__args(ctx, k, ns, (const void *)&ni, GOLCL__ARG(S->meta), GOLCL__ARG(S->vals),
                  GOLCL__ARG(x), GOLCL__ARG(yy), GOLCL__ARG(has_y), GOLCL__ARG(out), GOLCL__END);
  size_t global = g.groups * g.local, local = g.local;
  return s == GOLCL_OK ? golcl__launch(ctx, k, 1, &global, &local) : s;
}

golcl_status golcl_stencil_mv(const golcl_stencil *S, const golcl_vec *x, const golcl_vec *y,
                              golcl_vec *out) {
  if (!S) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_stencil_mv: S is NULL");
  return golcl_op_mv(&S->op, x, y, out);
}
