/* msgrid_bounds.c — Golly's other bounded grids for the multi-state grid
 * (shifted tori, tubes, Klein bottles, cross-surfaces, spheres) as Golly
 * makes them for every algorithm but Larger than Life: before each
 * generation a frame of ghost cells one cell wide around the grid is filled
 * with the cells it stands for (golcl_bounds_neighbour), and the grid is
 * stepped with a dead boundary inside it. On the device the grid's cells
 * go into the middle of a (w+2)×(h+2) dead-boundary grid (the pad), a small
 * kernel (cl/rules/msgrid.cl's ms_ghost) fills the frame each generation and
 * the family's kernel steps the pad one generation at a time; the cells come
 * back at the end of the step. The host reference does the same on the
 * host. Planes and plain tori need none of it: the kernels' own dead and
 * torus boundaries give them. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

/* Whether bounds are a plane or a plain torus of both sides (the kernels'
 * own boundaries), and which. */
static int plain(const golcl_bounds *b, golcl_boundary *out) {
  if (b->topology == GOLCL_TOPOLOGY_INFINITE || b->topology == GOLCL_TOPOLOGY_PLANE) {
    *out = GOLCL_BOUNDARY_DEAD;
    return 1;
  }
  if (b->topology == GOLCL_TOPOLOGY_TORUS && b->width && b->height && !b->shift_x && !b->shift_y) {
    *out = GOLCL_BOUNDARY_TORUS;
    return 1;
  }
  return 0;
}

/* GOLCL_OK if bounds suit a w×h grid under the rule, else the status and
 * the reason in why. */
static golcl_status check(const golcl_bounds *b, uint32_t w, uint32_t h, const golcl_msrule *rule,
                          char *why, size_t cap) {
  char t[GOLCL_BOUNDS_TEXT_CAP];
  if (golcl_bounds_format(b, t, sizeof t) != GOLCL_OK) {
    snprintf(why, cap, "not a bounded grid golcl_bounds_parse gives");
    return GOLCL_E_INVALID_ARG;
  }
  if (b->topology == GOLCL_TOPOLOGY_INFINITE) return GOLCL_OK;
  if ((b->width && b->width != w) || (b->height && b->height != h)) {
    snprintf(why, cap, "the bounded grid %s does not fit a %ux%u grid", t, (unsigned)w,
             (unsigned)h);
    return GOLCL_E_MISMATCH;
  }
  golcl_boundary bd;
  if (rule && rule->family == GOLCL_MS_LTL && !plain(b, &bd)) {
    snprintf(why, cap,
             "the bounded grid %s: Larger than Life runs on planes and tori of both sides only "
             "(as Golly's, which refuses the others)",
             t);
    return GOLCL_E_UNSUPPORTED;
  }
  return GOLCL_OK;
}

/* The frame of a w×h grid in (w+2)×(h+2) pad indices: for each of its
 * 2(w+2) + 2h cells, the pad cell and the pad cell it copies (UINT64_MAX:
 * dead). n pairs in map (malloc'd). */
static golcl_status frame_map(const golcl_bounds *b, uint32_t w, uint32_t h, uint64_t **map,
                              size_t *n) {
  uint64_t pw = (uint64_t)w + 2, ph = (uint64_t)h + 2;
  size_t cells = (size_t)(2 * pw + 2 * h);
  uint64_t *m = malloc(2 * cells * sizeof *m);
  if (!m) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t k = 0;
  for (uint64_t py = 0; py < ph; py++)
    for (uint64_t px = 0; px < pw; px += (py == 0 || py == ph - 1) ? 1 : pw - 1) {
      uint32_t ox, oy;
      int r = golcl_bounds_neighbour(b, w, h, (int64_t)px - 1, (int64_t)py - 1, &ox, &oy);
      m[2 * k] = py * pw + px;
      m[2 * k + 1] = r == 1 ? ((uint64_t)oy + 1) * pw + ox + 1 : UINT64_MAX;
      k++;
    }
  *map = m;
  *n = k;
  return GOLCL_OK;
}

golcl_status golcl_ms_reference_run_bounds(const golcl_msrule *rule, const golcl_bounds *bounds,
                                           uint32_t w, uint32_t h, uint8_t *cells,
                                           uint64_t generations) {
  if (!rule || !bounds || !cells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run_bounds: NULL argument");
  if (!w || !h)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run_bounds: a zero side");
  char why[200];
  golcl_status s = check(bounds, w, h, rule, why, sizeof why);
  if (s != GOLCL_OK) return golcl__fail(NULL, s, "golcl_ms_reference_run_bounds: %s", why);
  golcl_boundary bd;
  if (plain(bounds, &bd)) return golcl_ms_reference_run(rule, bd, w, h, cells, generations);
  size_t pw = (size_t)w + 2, ph = (size_t)h + 2, n;
  uint64_t *map;
  if (pw * ph / ph != pw)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run_bounds: size overflows");
  s = frame_map(bounds, w, h, &map, &n);
  if (s != GOLCL_OK) return s;
  uint8_t *pad = calloc(pw * ph, 1);
  if (!pad) {
    free(map);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  for (uint32_t y = 0; y < h; y++) memcpy(pad + (y + 1) * pw + 1, cells + (size_t)y * w, w);
  for (uint64_t g = 0; g < generations && s == GOLCL_OK; g++) {
    for (size_t i = 0; i < n; i++)
      pad[map[2 * i]] = map[2 * i + 1] == UINT64_MAX ? 0 : pad[map[2 * i + 1]];
    s = golcl_ms_reference_run(rule, GOLCL_BOUNDARY_DEAD, (uint32_t)pw, (uint32_t)ph, pad, 1);
  }
  if (s == GOLCL_OK)
    for (uint32_t y = 0; y < h; y++) memcpy(cells + (size_t)y * w, pad + (y + 1) * pw + 1, w);
  free(pad);
  free(map);
  return s;
}

void golcl__msgrid_ghost_release(golcl_msgrid *g) {
  golcl_msgrid_destroy(g->pad);
  g->pad = NULL;
  if (g->ghost_map) clReleaseMemObject(g->ghost_map);
  g->ghost_map = NULL;
  g->ghost_n = 0;
}

golcl_status golcl_msgrid_set_bounds(golcl_msgrid *g, const golcl_bounds *bounds) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msgrid_set_bounds: grid is NULL");
  if (!bounds)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_set_bounds: bounds is NULL");
  char why[200];
  golcl_status s = check(bounds, g->w, g->h, &g->rule, why, sizeof why);
  if (s != GOLCL_OK) return golcl__fail(g->ctx, s, "golcl_msgrid_set_bounds: %s", why);
  golcl__msgrid_ghost_release(g);
  g->bounds = *bounds;
  golcl_boundary bd;
  g->ghost = !plain(bounds, &bd);
  g->boundary = g->ghost ? GOLCL_BOUNDARY_DEAD : bd;
  if (bounds->topology == GOLCL_TOPOLOGY_INFINITE) memset(&g->bounds, 0, sizeof g->bounds);
  g->table_stale = 1;
  return GOLCL_OK;
}

golcl_status golcl_msgrid_bounds(const golcl_msgrid *g, golcl_bounds *out) {
  if (!g || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msgrid_bounds: NULL");
  if (g->ghost || g->bounds.topology != GOLCL_TOPOLOGY_INFINITE) {
    *out = g->bounds;
    return GOLCL_OK;
  }
  memset(out, 0, sizeof *out); /* the boundary of golcl_msgrid_create */
  out->topology = g->boundary == GOLCL_BOUNDARY_TORUS ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  out->width = g->w, out->height = g->h;
  return GOLCL_OK;
}

/* The pad grid (the rule synced) and the frame's map on the device. */
static golcl_status ghost_setup(golcl_msgrid *g) {
  char why[200];
  golcl_status s = check(&g->bounds, g->w, g->h, &g->rule, why, sizeof why);
  if (s != GOLCL_OK) return golcl__fail(g->ctx, s, "golcl_msgrid_step: %s", why);
  if (!g->pad) {
    if ((uint64_t)g->w + 2 > INT32_MAX || (uint64_t)g->h + 2 > INT32_MAX)
      return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                         "golcl_msgrid_step: a %ux%u grid with a bounded grid's frame is above "
                         "2^31-1 cells a side",
                         (unsigned)g->w, (unsigned)g->h);
    s = golcl_msgrid_create(g->ctx, g->w + 2, g->h + 2, GOLCL_BOUNDARY_DEAD, &g->pad);
    uint64_t *map = NULL;
    size_t n = 0;
    if (s == GOLCL_OK) s = frame_map(&g->bounds, g->w, g->h, &map, &n);
    if (s == GOLCL_OK)
      s = golcl__buffer_copy(g->ctx, 2 * n * sizeof *map, CL_MEM_READ_ONLY, map, &g->ghost_map);
    free(map);
    g->ghost_n = (cl_uint)n;
    if (s != GOLCL_OK) {
      golcl__msgrid_ghost_release(g);
      return s;
    }
  }
  golcl_msrule cur;
  s = golcl_msgrid_msrule(g->pad, &cur);
  if (s == GOLCL_OK && (g->table_stale || memcmp(&cur, &g->rule, sizeof cur) != 0))
    s = golcl_msgrid_set_msrule(g->pad, &g->rule);
  if (s == GOLCL_OK) g->table_stale = 0;
  return s;
}

golcl_status golcl__msgrid_ghost_prepare(golcl_msgrid *g) {
  cl_kernel k;
  golcl_status s = ghost_setup(g);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, "rules/msgrid.cl", "", "ms_ghost", &k);
  return s == GOLCL_OK ? golcl_msgrid_prepare(g->pad) : s;
}

/* Copies the w×h cells between the grid's buffer and the pad's middle. */
static golcl_status pad_copy(golcl_msgrid *g, int in) {
  size_t grid0[3] = {0, 0, 0}, pad0[3] = {1, 1, 0}, region[3] = {g->w, g->h, 1};
  size_t gp = g->w, pp = (size_t)g->w + 2;
  cl_mem pb = golcl_msgrid_buffer(g->pad);
  cl_int e = in ? clEnqueueCopyBufferRect(g->ctx->queue, g->cur, pb, grid0, pad0, region, gp, 0, pp,
                                          0, 0, NULL, NULL)
                : clEnqueueCopyBufferRect(g->ctx->queue, pb, g->cur, pad0, grid0, region, pp, 0, gp,
                                          0, 0, NULL, NULL);
  return golcl__cl_fail(g->ctx, e, "clEnqueueCopyBufferRect");
}

golcl_status golcl__msgrid_ghost_step(golcl_msgrid *g, uint64_t gens) {
  golcl_status s = ghost_setup(g);
  cl_kernel k = NULL;
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, "rules/msgrid.cl", "", "ms_ghost", &k);
  if (s == GOLCL_OK) s = pad_copy(g, 1);
  cl_mem pb = golcl_msgrid_buffer(g->pad);
  size_t extent[1] = {g->ghost_n};
  uint64_t done = 0;
  while (s == GOLCL_OK && done < gens) {
    s = golcl__args(g->ctx, k, GOLCL__ARG(pb), GOLCL__ARG(g->ghost_map), GOLCL__ARG(g->ghost_n),
                    GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 1, extent);
    if (s == GOLCL_OK) s = golcl_msgrid_step(g->pad, 1); /* its buffers swap */
    pb = golcl_msgrid_buffer(g->pad);
    if (s == GOLCL_OK && ++done % 1024 == 0)
      s = golcl__cl_fail(g->ctx, clFinish(g->ctx->queue), "clFinish");
  }
  if (done) { /* the generations done come back */
    golcl_status c = pad_copy(g, 0);
    if (s == GOLCL_OK) s = c;
  }
  g->generation += done;
  return s;
}
