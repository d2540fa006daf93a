/* grid_ops.c — global operations on a distributed grid: clear, randomize and the statistics
 * (population, hash) in global coordinates on the devices, pattern placement at a global
 * position, scatter from and gather to one rank, and extraction as a pattern. */
#include "dist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

golcl_status golcl_dist_grid_clear(golcl_dist_grid *g) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = g->local ? golcl_grid_clear(g->local) : GOLCL_OK;
  return golcl__dist_agree(g->d, golcl__dist_core(g->d, s, "golcl_grid_clear"), 0,
                           "golcl_dist_grid_clear");
}

/* The local grid in the byte layout: its buffer and row pitch. */
static golcl_status bytes_buffer(golcl_dist_grid *g, cl_mem *buf, cl_ulong *pitch) {
  golcl_status s = golcl_grid_set_layout(g->local, GOLCL_LAYOUT_BYTES);
  if (s != GOLCL_OK) return golcl__dist_core(g->d, s, "golcl_grid_set_layout");
  golcl_layout_info info;
  *buf = golcl_grid_buffer(g->local, &info);
  *pitch = info.row_pitch;
  return GOLCL_OK;
}

static golcl_status randomize_local(golcl_dist_grid *g, double density, uint64_t seed) {
  golcl_dist_context *d = g->d;
  cl_mem buf;
  cl_ulong pitch;
  golcl_status s = bytes_buffer(g, &buf, &pitch);
  cl_kernel k = NULL;
  if (s == GOLCL_OK) s = golcl__dist_kernel(d, "dist_randomize", &k);
  cl_uint lw = g->blk.lw, lh = g->blk.lh, W = g->dc.W, H = g->dc.H;
  cl_long ox = g->blk.ox, oy = g->blk.oy;
  cl_ulong seedmix = golcl__dist_mix64(seed), threshold = (cl_ulong)ldexp(density, 32);
  const void *val[] = {&buf, &pitch, &lw, &lh, &ox, &oy, &W, &H, &seedmix, &threshold};
  const size_t size[] = {sizeof buf, sizeof pitch, sizeof lw, sizeof lh,      sizeof ox,
                         sizeof oy,  sizeof W,     sizeof H,  sizeof seedmix, sizeof threshold};
  for (cl_uint i = 0; s == GOLCL_OK && i < 10; i++) s = golcl__dist_arg(d, k, i, size[i], val[i]);
  size_t global[2] = {lw, lh};
  if (s == GOLCL_OK) s = golcl__dist_launch(d, k, 2, global);
  if (k) clReleaseKernel(k);
  return s;
}

golcl_status golcl_dist_grid_randomize(golcl_dist_grid *g, double density, uint64_t seed) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = GOLCL_OK;
  uint64_t bits;
  memcpy(&bits, &density, sizeof bits);
  if (!(density >= 0.0 && density <= 1.0))
    s = golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG,
                         "golcl_dist_grid_randomize: density %g is outside [0, 1]", density);
  s = golcl__dist_agree(g->d, s, golcl__dist_fp(golcl__dist_fp(0, bits), seed),
                        "golcl_dist_grid_randomize");
  if (s != GOLCL_OK) return s;
  golcl_status ls = g->local ? randomize_local(g, density, seed) : GOLCL_OK;
  return golcl__dist_agree(g->d, ls, 0, "golcl_dist_grid_randomize");
}

/* Population and hash sum of this rank's block, in global coordinates. */
static golcl_status stats_local(golcl_dist_grid *g, uint64_t *pop, uint64_t *sum) {
  golcl_dist_context *d = g->d;
  *pop = *sum = 0;
  cl_mem buf;
  cl_ulong pitch;
  golcl_status s = bytes_buffer(g, &buf, &pitch);
  cl_kernel k = NULL;
  if (s == GOLCL_OK) s = golcl__dist_kernel(d, "dist_stats", &k);
  size_t local = 64;
  golcl_device_info info;
  golcl_context_device_info(d->ctx, &info);
  while (local > info.max_work_group_size) local /= 2;
  uint64_t n = (uint64_t)g->blk.w * g->blk.h;
  size_t groups = (size_t)((n + local * 16 - 1) / (local * 16));
  size_t cap = (size_t)(info.compute_units ? info.compute_units : 1) * 16;
  if (groups > cap) groups = cap;
  if (groups == 0) groups = 1;
  cl_mem partial = NULL;
  uint64_t *host = malloc(groups * 2 * sizeof *host);
  if (!host && s == GOLCL_OK) s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) {
    cl_int err;
    partial = clCreateBuffer(golcl_context_cl_context(d->ctx), CL_MEM_READ_WRITE,
                             groups * 2 * sizeof(cl_ulong), NULL, &err);
    if (err != CL_SUCCESS)
      s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "clCreateBuffer: %d", (int)err);
  }
  cl_uint bx = g->blk.fl, by = g->blk.ft, bw = g->blk.w, bh = g->blk.h;
  cl_ulong gx0 = (cl_ulong)g->blk.x, gy0 = (cl_ulong)g->blk.y;
  const void *val[] = {&buf, &pitch, &bx, &by, &bw, &bh, &gx0, &gy0, &partial};
  const size_t size[] = {sizeof buf, sizeof pitch, sizeof bx,  sizeof by,     sizeof bw,
                         sizeof bh,  sizeof gx0,   sizeof gy0, sizeof partial};
  for (cl_uint i = 0; s == GOLCL_OK && i < 9; i++) s = golcl__dist_arg(d, k, i, size[i], val[i]);
  if (s == GOLCL_OK) s = golcl__dist_arg(d, k, 9, local * sizeof(cl_ulong), NULL);
  if (s == GOLCL_OK) s = golcl__dist_arg(d, k, 10, local * sizeof(cl_ulong), NULL);
  if (s == GOLCL_OK) {
    size_t global = groups * local;
    cl_int err = clEnqueueNDRangeKernel(golcl_context_cl_queue(d->ctx), k, 1, NULL, &global, &local,
                                        0, NULL, NULL);
    if (err == CL_SUCCESS)
      err = clEnqueueReadBuffer(golcl_context_cl_queue(d->ctx), partial, CL_TRUE, 0,
                                groups * 2 * sizeof(cl_ulong), host, 0, NULL, NULL);
    if (err != CL_SUCCESS) s = golcl__dist_fail(d, GOLCL_E_OPENCL, "dist_stats: %d", (int)err);
  }
  for (size_t i = 0; s == GOLCL_OK && i < groups; i++) {
    *pop += host[2 * i];
    *sum += host[2 * i + 1];
  }
  free(host);
  if (partial) clReleaseMemObject(partial);
  if (k) clReleaseKernel(k);
  return s;
}

static golcl_status global_stats(golcl_dist_grid *g, uint64_t *out, int want_hash, const char *fn) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = g->d;
  uint64_t mine[2] = {0, 0};
  golcl_status s = GOLCL_OK;
  if (!out) s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  if (s == GOLCL_OK && g->local) s = stats_local(g, &mine[0], &mine[1]);
  s = golcl__dist_agree(d, s, 0, fn);
  if (s != GOLCL_OK) return s;
  uint64_t *all = malloc((size_t)d->size * 2 * sizeof *all);
  s = all ? GOLCL_OK : golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s = golcl__dist_agree(d, s, 0, fn);
  if (s != GOLCL_OK) {
    free(all);
    return s;
  }
  MPI_Allgather(mine, 2, MPI_UINT64_T, all, 2, MPI_UINT64_T, d->comm);
  uint64_t pop = 0, sum = 0;
  for (int r = 0; r < d->size; r++) {
    pop += all[2 * r];
    sum += all[2 * r + 1];
  }
  free(all);
  if (!want_hash) {
    *out = pop;
  } else { /* golcl_grid_hash's formula (documented in golcl.h) */
    uint64_t size = (uint64_t)g->dc.H << 32 | g->dc.W;
    *out = golcl__dist_mix64(sum + golcl__dist_mix64(size ^ (pop << 1)));
  }
  return GOLCL_OK;
}

golcl_status golcl_dist_grid_population(golcl_dist_grid *g, uint64_t *out) {
  return global_stats(g, out, 0, "golcl_dist_grid_population");
}

golcl_status golcl_dist_grid_hash(golcl_dist_grid *g, uint64_t *out) {
  return global_stats(g, out, 1, "golcl_dist_grid_hash");
}

/* ------------------------------------------------------------ placing */

static uint64_t pattern_fp(const golcl_pattern *p, int64_t x, int64_t y) {
  uint64_t h = golcl__dist_fp(golcl__dist_fp(0, (uint64_t)x), (uint64_t)y);
  if (!p) return golcl__dist_fp(h, 1);
  h = golcl__dist_fp(golcl__dist_fp(h, golcl_pattern_width(p)), golcl_pattern_height(p));
  uint64_t n = golcl_pattern_population(p);
  h = golcl__dist_fp(h, n);
  for (uint64_t i = 0; i < n && i < 64; i++) { /* the first cells, and the last ones */
    uint32_t cx, cy;
    golcl_pattern_live_cell(p, i, &cx, &cy);
    h = golcl__dist_fp(h, (uint64_t)cy << 32 | cx);
    golcl_pattern_live_cell(p, n - 1 - i, &cx, &cy);
    h = golcl__dist_fp(h, (uint64_t)cy << 32 | cx);
  }
  return h;
}

static int64_t floormod(int64_t a, int64_t n) {
  int64_t r = a % n;
  return r < 0 ? r + n : r;
}

/* Or-pastes p at local (px, py), clipped to the local grid: for a local grid that is a torus
 * (frames on every side of a global torus), where golcl_grid_place would wrap the pattern
 * around the local grid. The box's cells go through the host. */
static golcl_status place_clipped(golcl_dist_grid *g, const golcl_pattern *p, int64_t px,
                                  int64_t py) {
  int64_t x0 = px > 0 ? px : 0, y0 = py > 0 ? py : 0;
  int64_t x1 = px + golcl_pattern_width(p), y1 = py + golcl_pattern_height(p);
  if (x1 > g->blk.lw) x1 = g->blk.lw;
  if (y1 > g->blk.lh) y1 = g->blk.lh;
  if (x0 >= x1 || y0 >= y1) return GOLCL_OK;
  size_t w = (size_t)(x1 - x0), h = (size_t)(y1 - y0);
  uint8_t *box = malloc(w * h);
  if (!box) return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = golcl__dist_rect_read(g, (uint32_t)x0, (uint32_t)y0, (uint32_t)w, (uint32_t)h,
                                         box, w);
  uint64_t n = golcl_pattern_population(p);
  for (uint64_t i = 0; i < n && s == GOLCL_OK; i++) {
    uint32_t cx, cy;
    golcl_pattern_live_cell(p, i, &cx, &cy);
    int64_t lx = px + cx, ly = py + cy;
    if (lx >= x0 && lx < x1 && ly >= y0 && ly < y1) box[(size_t)(ly - y0) * w + (size_t)(lx - x0)] = 1;
  }
  if (s == GOLCL_OK)
    s = golcl__dist_rect_write(g, (uint32_t)x0, (uint32_t)y0, (uint32_t)w, (uint32_t)h, box, w);
  free(box);
  return s;
}

static golcl_status place_local(golcl_dist_grid *g, const golcl_pattern *p, int64_t x, int64_t y) {
  golcl_status s = GOLCL_OK;
  if (g->dc.native_torus) /* the local grid is the whole torus */
    return golcl__dist_core(g->d, golcl_grid_place(g->local, p, x, y), "golcl_grid_place");
  int wrap = g->dc.boundary == GOLCL_BOUNDARY_TORUS;
  if (wrap) {
    x = floormod(x, g->dc.W);
    y = floormod(y, g->dc.H);
  }
  int64_t mx0, mx1, my0, my1;
  const dist_block *b = &g->blk;
  golcl__dist_images(x, golcl_pattern_width(p), b->ox, b->ox + b->lw, g->dc.W, wrap, &mx0, &mx1);
  golcl__dist_images(y, golcl_pattern_height(p), b->oy, b->oy + b->lh, g->dc.H, wrap, &my0, &my1);
  int clip = golcl_grid_boundary(g->local) == GOLCL_BOUNDARY_TORUS;
  for (int64_t my = my0; my <= my1 && s == GOLCL_OK; my++)
    for (int64_t mx = mx0; mx <= mx1 && s == GOLCL_OK; mx++) {
      int64_t px = x + mx * (int64_t)g->dc.W - b->ox, py = y + my * (int64_t)g->dc.H - b->oy;
      if (clip) {
        s = place_clipped(g, p, px, py);
        if (s != GOLCL_OK) return s;
      } else {
        s = golcl_grid_place(g->local, p, px, py);
      }
    }
  return golcl__dist_core(g->d, s, "golcl_grid_place");
}

golcl_status golcl_dist_grid_place(golcl_dist_grid *g, const golcl_pattern *p, int64_t x,
                                   int64_t y) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = GOLCL_OK;
  if (!p) s = golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_place: pattern is NULL");
  s = golcl__dist_agree(g->d, s, pattern_fp(p, x, y), "golcl_dist_grid_place");
  if (s != GOLCL_OK) return s;
  golcl_status ls = g->local && golcl_pattern_population(p) ? place_local(g, p, x, y) : GOLCL_OK;
  return golcl__dist_agree(g->d, ls, 0, "golcl_dist_grid_place");
}

/* ---------------------------------------------------- scatter and gather */

/* The local grid's rectangle I/O for golcl__dist_move_all. */
static golcl_status grid_io(void *obj, int write, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                            uint8_t *buf, size_t stride) {
  golcl_dist_grid *g = obj;
  return write ? golcl__dist_rect_write(g, x, y, w, h, buf, stride)
               : golcl__dist_rect_read(g, x, y, w, h, buf, stride);
}

static golcl_status move_all(golcl_dist_grid *g, int root, uint64_t max_bytes, uint8_t *cells,
                             size_t stride, int to_root, golcl_status pre, const char *fn) {
  dist_mover m = {g->d, &g->dc, &g->blk, grid_io, g};
  return golcl__dist_move_all(&m, root, max_bytes, cells, stride, to_root, pre, fn);
}

golcl_status golcl_dist_grid_gather(golcl_dist_grid *g, int root, uint64_t max_bytes,
                                    uint8_t *cells, size_t row_stride) {
  if (!g) return GOLCL_E_INVALID_ARG;
  return move_all(g, root, max_bytes, cells, row_stride, 1, GOLCL_OK, "golcl_dist_grid_gather");
}

golcl_status golcl_dist_grid_scatter(golcl_dist_grid *g, int root, const uint8_t *cells,
                                     size_t row_stride) {
  if (!g) return GOLCL_E_INVALID_ARG;
  /* Scatter only reads cells; move_blocks takes one pointer for both directions. */
  uint8_t *c;
  memcpy(&c, &cells, sizeof c);
  return move_all(g, root, UINT64_MAX, c, row_stride, 0, GOLCL_OK, "golcl_dist_grid_scatter");
}

/* The pattern golcl_grid_extract makes of cells (W×H) with the grid's rule and generation. */
static golcl_status make_pattern(golcl_dist_grid *g, const uint8_t *cells, golcl_pattern **out) {
  uint32_t W = g->dc.W, H = g->dc.H, x0 = W, y0 = H, x1 = 0, y1 = 0;
  for (uint32_t y = 0; y < H; y++) {
    const uint8_t *row = cells + (size_t)y * W;
    for (uint32_t x = 0; x < W; x++)
      if (row[x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
  }
  int any = x0 < W;
  if (!any) x0 = y0 = 0;
  golcl_pattern *p;
  golcl_status s = golcl_pattern_from_cells(any ? cells + (size_t)y0 * W + x0 : NULL,
                                            any ? x1 - x0 + 1 : 0, any ? y1 - y0 + 1 : 0, W, &p);
  if (s != GOLCL_OK) return golcl__dist_fail(g->d, s, "golcl_pattern_from_cells: out of memory");
  char rule[24];
  golcl_rule_format(g->rule, rule, sizeof rule);
  golcl_topology t =
      g->dc.boundary == GOLCL_BOUNDARY_TORUS ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  s = golcl_pattern_set_rule(p, rule);
  if (s == GOLCL_OK) s = golcl_pattern_set_topology(p, t, W, H);
  if (s == GOLCL_OK) s = golcl_pattern_set_generation(p, g->generation);
  if (s == GOLCL_OK)
    s = golcl_pattern_set_origin(p, (int64_t)x0 - (int64_t)(W / 2), (int64_t)y0 - (int64_t)(H / 2));
  if (s != GOLCL_OK) {
    golcl_pattern_destroy(p);
    return golcl__dist_fail(g->d, s, "making the pattern: %s", golcl_last_errmsg());
  }
  *out = p;
  return GOLCL_OK;
}

golcl_status golcl_dist_grid_extract(golcl_dist_grid *g, int root, uint64_t max_bytes,
                                     golcl_pattern **out) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = g->d;
  if (out) *out = NULL;
  golcl_status pre = GOLCL_OK;
  uint8_t *cells = NULL;
  uint64_t total = (uint64_t)g->dc.W * g->dc.H;
  if (d->rank == root) {
    if (!out)
      pre = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_extract: out is NULL");
    else if (total <= max_bytes && total <= SIZE_MAX && !(cells = malloc((size_t)total)))
      pre = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory for %llu cells",
                             (unsigned long long)total);
  }
  golcl_status s = move_all(g, root, max_bytes, cells, g->dc.W, 1, pre, "golcl_dist_grid_extract");
  golcl_status ls = GOLCL_OK;
  golcl_pattern *p = NULL;
  if (s == GOLCL_OK && d->rank == root) ls = make_pattern(g, cells, &p);
  free(cells);
  if (s != GOLCL_OK) return s;
  s = golcl__dist_agree(d, ls, 0, "golcl_dist_grid_extract");
  if (s != GOLCL_OK) {
    golcl_pattern_destroy(p);
    return s;
  }
  if (d->rank == root) *out = p;
  return GOLCL_OK;
}
