/* workgroup.c — work-group shapes and tiles of the device steppers: the
 * options checked against the device (every stepper), what the options leave
 * at 0 chosen from the device's limits, and the plans of the kernels that
 * take their shape from here (naive and twocell: golcl__wg_plan; halo and
 * lazy: golcl__tiled_plan). */
#include "life.h"

#include <limits.h>

/* Rows of a tile that one work-item computes when the tile is chosen for the
 * caller: enough for the three-row sliding window of common/tile.cl to pay
 * for itself, few enough to keep many groups in flight. */
#define ROWS_PER_ITEM 4

golcl_status golcl__max_item_sizes(golcl_context *ctx, size_t out[2]) {
  size_t sizes[3] = {0, 0, 0};
  cl_uint dims = 0;
  cl_int err =
      clGetDeviceInfo(ctx->device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof dims, &dims, NULL);
  if (err == CL_SUCCESS && dims >= 2)
    err = clGetDeviceInfo(ctx->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, NULL);
  if (err == CL_SUCCESS && dims < 2) err = CL_INVALID_DEVICE;
  out[0] = sizes[0];
  out[1] = sizes[1];
  return golcl__cl_fail(ctx, err, "clGetDeviceInfo(CL_DEVICE_MAX_WORK_ITEM_SIZES)");
}

golcl_status golcl__wg_check_local(golcl_context *ctx, const char *who, uint32_t lw, uint32_t lh) {
  if ((lw == 0) != (lh == 0))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: give both local_w and local_h (the work-group shape), or neither", who);
  if (lw == 0) return GOLCL_OK;
  size_t max[2];
  golcl_status st = golcl__max_item_sizes(ctx, max);
  if (st != GOLCL_OK) return st;
  if (lw > max[0] || lh > max[1])
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: a %ux%u work-group exceeds the device's largest sides %zux%zu", who,
                       (unsigned)lw, (unsigned)lh, max[0], max[1]);
  if ((uint64_t)lw * lh > ctx->info.max_work_group_size)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: a %ux%u work-group has more than the device's %zu work-items", who,
                       (unsigned)lw, (unsigned)lh, ctx->info.max_work_group_size);
  return GOLCL_OK;
}

golcl_status golcl__wg_check_opts(golcl_stepper *s) {
  return golcl__wg_check_local(s->ctx, golcl_stepper_name(s->kind), s->opts.local_w,
                               s->opts.local_h);
}

/* Bytes of local memory that a tile of tw × th cells takes with its halo. */
static uint64_t tile_bytes(uint64_t tw, uint64_t th) { return (tw + 2) * (th + 2); }

golcl_status golcl__tiling_check_opts(golcl_stepper *s) {
  const golcl_stepper_opts *o = &s->opts;
  const char *who = golcl_stepper_name(s->kind);
  golcl_status st = golcl__wg_check_opts(s);
  if (st != GOLCL_OK) return st;
  if ((o->tile_w == 0) != (o->tile_h == 0))
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG, "%s: give both tile_w and tile_h, or neither",
                       who);
  uint64_t lmem = s->ctx->info.local_mem_bytes;
  if (o->tile_w) {
    if (tile_bytes(o->tile_w, o->tile_h) > lmem)
      return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                         "%s: a %ux%u tile with its halo needs %llu bytes of local memory; the "
                         "device has %llu",
                         who, (unsigned)o->tile_w, (unsigned)o->tile_h,
                         (unsigned long long)tile_bytes(o->tile_w, o->tile_h),
                         (unsigned long long)lmem);
    if (o->local_w && (o->tile_w % o->local_w || o->tile_h % o->local_h))
      return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                         "%s: the %ux%u tile is not a multiple of the %ux%u work-group", who,
                         (unsigned)o->tile_w, (unsigned)o->tile_h, (unsigned)o->local_w,
                         (unsigned)o->local_h);
  } else if (o->local_w && tile_bytes(o->local_w, o->local_h) > lmem) {
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "%s: a %ux%u work-group's tile does not fit in the device's %llu bytes of "
                       "local memory",
                       who, (unsigned)o->local_w, (unsigned)o->local_h, (unsigned long long)lmem);
  }
  return GOLCL_OK;
}

/* The preferred work-group multiple of a byte kernel on this device and the
 * largest group it can have (cl/life/workgroup.cl, built once per context). */
static golcl_status probe(golcl_context *ctx, size_t *multiple, size_t *max_items) {
  cl_kernel k;
  golcl_status st = golcl__kernel(ctx, "life/workgroup.cl", "", "golcl_probe", &k);
  if (st != GOLCL_OK) return st;
  size_t m = 0, kmax = 0;
  cl_int err = clGetKernelWorkGroupInfo(
      k, ctx->device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof m, &m, NULL);
  if (err == CL_SUCCESS)
    err = clGetKernelWorkGroupInfo(k, ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax,
                                   NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(ctx, err, "clGetKernelWorkGroupInfo");
  if (kmax > ctx->info.max_work_group_size) kmax = ctx->info.max_work_group_size;
  if (kmax == 0) kmax = 1;
  if (m == 0 || m > kmax) m = kmax;
  *multiple = m;
  *max_items = kmax;
  return GOLCL_OK;
}

/* The chosen group is one preferred multiple m wide (a warp's row of
 * coalesced bytes) and m / GROUP_ASPECT rows high: m²/4 work-items, 32×8 =
 * 256 on NVIDIA (eight warps, enough to hide global-load latency; a square
 * 32×32 group would leave few groups per multiprocessor), 64×16 on AMD
 * wavefronts (within the kernel's limit). The tiled kernels' tile height is
 * these rows times ROWS_PER_ITEM. */
#define GROUP_ASPECT 4

/* The shape chosen from the device for at most cap work-items. */
static golcl_status default_shape(golcl_stepper *s, size_t cap, size_t local[2]) {
  size_t m = 0, kmax = 0;
  golcl_status st = probe(s->ctx, &m, &kmax);
  if (st != GOLCL_OK) return st;
  if (cap && cap < kmax) kmax = cap;
  size_t dims[2];
  st = golcl__max_item_sizes(s->ctx, dims);
  if (st != GOLCL_OK) return st;
  local[0] = m < kmax ? m : kmax;
  if (local[0] > dims[0]) local[0] = dims[0];
  local[1] = m / GROUP_ASPECT;
  if (local[1] > kmax / local[0]) local[1] = kmax / local[0];
  if (local[1] > dims[1]) local[1] = dims[1];
  if (local[1] == 0) local[1] = 1;
  return GOLCL_OK;
}

static golcl_status kernel_max(golcl_stepper *s, cl_kernel k, size_t *out) {
  cl_int err = clGetKernelWorkGroupInfo(k, s->ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof *out,
                                        out, NULL);
  return golcl__cl_fail(s->ctx, err, "clGetKernelWorkGroupInfo");
}

golcl_status golcl__wg_fits(golcl_stepper *s, cl_kernel k, const size_t local[2]) {
  size_t kmax = 0;
  golcl_status st = kernel_max(s, k, &kmax);
  if (st != GOLCL_OK || local[0] * local[1] <= kmax) return st;
  return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                     "%s: the kernel can run at most %zu work-items per group on this device, "
                     "not %zux%zu",
                     golcl_stepper_name(s->kind), kmax, local[0], local[1]);
}

golcl_status golcl__wg_shape(golcl_stepper *s, cl_kernel k, size_t local[2]) {
  if (s->opts.local_w) {
    local[0] = s->opts.local_w;
    local[1] = s->opts.local_h;
  } else {
    size_t kmax = 0;
    golcl_status st = kernel_max(s, k, &kmax);
    if (st == GOLCL_OK) st = default_shape(s, kmax, local);
    if (st != GOLCL_OK) return st;
  }
  return golcl__wg_fits(s, k, local);
}

golcl_status golcl__wg_plan(golcl_stepper *s, const golcl_grid *g, const char *file,
                            const char *name, golcl__opts *o, uint32_t cells_x, golcl__plan *p) {
  golcl_status st = golcl__life_kernel(s, g, file, name, o, &p->kernel);
  if (st == GOLCL_OK) st = golcl__wg_shape(s, p->kernel, p->local);
  if (st != GOLCL_OK) return st;
  p->global[0] = golcl__round_up(((size_t)g->w + cells_x - 1) / cells_x, p->local[0]);
  p->global[1] = golcl__round_up(g->h, p->local[1]);
  return GOLCL_OK;
}

/* The largest divisor of n that is at most m (m >= 1). */
static size_t divisor_at_most(size_t n, size_t m) {
  for (size_t d = m < n ? m : n; d > 1; d--)
    if (n % d == 0) return d;
  return 1;
}

/* The tiling from the options, what they leave at 0 chosen from the device
 * for groups of at most cap work-items (0: no cap beyond the device's). */
static golcl_status tiling_resolve(golcl_stepper *s, size_t cap, golcl__tiling *t) {
  const golcl_stepper_opts *o = &s->opts;
  if (o->local_w) {
    t->local[0] = o->local_w;
    t->local[1] = o->local_h;
  } else {
    golcl_status st = default_shape(s, cap, t->local);
    if (st != GOLCL_OK) return st;
  }
  if (o->tile_w) {
    t->tile[0] = o->tile_w;
    t->tile[1] = o->tile_h;
    if (!o->local_w) { /* a group that divides the tile, no larger than the device's choice */
      t->local[0] = divisor_at_most(o->tile_w, t->local[0]);
      t->local[1] = divisor_at_most(o->tile_h, t->local[1]);
    }
    return GOLCL_OK;
  }
  t->tile[0] = (uint32_t)t->local[0];
  t->tile[1] = (uint32_t)(t->local[1] * ROWS_PER_ITEM);
  if (tile_bytes(t->tile[0], t->tile[1]) > s->ctx->info.local_mem_bytes)
    t->tile[1] = (uint32_t)t->local[1]; /* fits: checked by golcl__tiling_check_opts */
  return GOLCL_OK;
}

golcl_status golcl__tile_coords_fit(golcl_stepper *s, const golcl_grid *g, const uint32_t tile[2]) {
  /* tile origins and halo coordinates are ints in the kernel */
  if ((uint64_t)g->w + tile[0] + 2 <= INT_MAX && (uint64_t)g->h + tile[1] + 2 <= INT_MAX)
    return GOLCL_OK;
  return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                     "%s: a %ux%u grid with %ux%u tiles is too large for int coordinates",
                     golcl_stepper_name(s->kind), (unsigned)g->w, (unsigned)g->h, (unsigned)tile[0],
                     (unsigned)tile[1]);
}

golcl_status golcl__tiled_supports(golcl_stepper *s, const golcl_grid *g) {
  golcl__tiling t; /* the largest: a kernel's own limit only makes tiles smaller */
  golcl_status st = tiling_resolve(s, 0, &t);
  return st != GOLCL_OK ? st : golcl__tile_coords_fit(s, g, t.tile);
}

golcl_status golcl__tiled_plan(golcl_stepper *s, const golcl_grid *g, const char *file,
                               const char *name, golcl__plan *p) {
  size_t cap = 0;
  golcl__tiling t;
  for (;;) {
    golcl_status st = tiling_resolve(s, cap, &t);
    if (st != GOLCL_OK) return st;
    golcl__opts o;
    golcl__opts_init(&o);
    golcl__opts_define(&o, "GOLCL_TILE_W", t.tile[0]);
    golcl__opts_define(&o, "GOLCL_TILE_H", t.tile[1]);
    golcl__opts_define(&o, "GOLCL_LOCAL_W", (long long)t.local[0]);
    golcl__opts_define(&o, "GOLCL_LOCAL_H", (long long)t.local[1]);
    st = golcl__life_kernel(s, g, file, name, &o, &p->kernel);
    size_t kmax = 0;
    if (st == GOLCL_OK) st = kernel_max(s, p->kernel, &kmax);
    if (st == GOLCL_OK) st = golcl__wg_fits(s, p->kernel, t.local);
    if (st == GOLCL_OK) break;
    /* a shape the device chose may be too large for this kernel: ask again
       within the kernel's own limit; the caller's shape is theirs to change */
    if (st != GOLCL_E_UNSUPPORTED || s->opts.local_w || cap == kmax || kmax == 0) return st;
    cap = kmax;
  }
  for (int i = 0; i < 2; i++) {
    size_t n = i ? g->h : g->w;
    p->local[i] = t.local[i];
    p->tile[i] = t.tile[i];
    p->global[i] = (n + t.tile[i] - 1) / t.tile[i] * t.local[i];
  }
  return GOLCL_OK;
}
