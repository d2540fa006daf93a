/* msgrid.c — the multi-state grid: one byte a cell on the device (or on
 * the host, msgrid_host.c, without a context), its rule and generation; creation, host I/O of all cells or a rectangle,
 * randomize, census and hash (cl/rules/msgrid.cl), and the step that
 * hands over to the rule's family through the table of families
 * (family.c). */
#include "rules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(g, fn) \
  if (!(g)) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: grid is NULL", fn)

static size_t cells_of(const golcl_msgrid *g) { return (size_t)g->w * g->h; }

golcl_status golcl_msgrid_create(golcl_context *ctx, uint32_t w, uint32_t h,
                                 golcl_boundary boundary, golcl_msgrid **out) {
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_create: out is NULL");
  *out = NULL;
  if (!w || !h)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_create: size %ux%u has a zero side",
                       (unsigned)w, (unsigned)h);
  if (w > INT32_MAX || h > INT32_MAX)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "golcl_msgrid_create: a side of %ux%u is above 2^31-1 cells", (unsigned)w,
                       (unsigned)h);
  if (boundary != GOLCL_BOUNDARY_DEAD && boundary != GOLCL_BOUNDARY_TORUS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_create: bad boundary %d",
                       (int)boundary);
  size_t bytes;
  if (!ctx) { /* on the host (msgrid_host.c) */
    golcl_msgrid *g = calloc(1, sizeof *g);
    if (g) g->host = golcl__mul_size(w, h, &bytes) == 0 ? calloc(bytes, 1) : NULL;
    if (!g || !g->host) {
      free(g);
      return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY,
                         "golcl_msgrid_create: a %ux%u grid does not fit the host's memory",
                         (unsigned)w, (unsigned)h);
    }
    g->w = w, g->h = h, g->boundary = boundary;
    golcl_status s = golcl_msrule_parse("23/3/2", &g->rule);
    if (s != GOLCL_OK) {
      golcl_msgrid_destroy(g);
      return s;
    }
    *out = g;
    return GOLCL_OK;
  }
  if (golcl__mul_size(w, h, &bytes) != 0 || bytes > ctx->info.global_mem_bytes)
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY,
                       "golcl_msgrid_create: a %ux%u grid needs %llu bytes; the device has %llu",
                       (unsigned)w, (unsigned)h, (unsigned long long)w * h,
                       (unsigned long long)ctx->info.global_mem_bytes);
  golcl_msgrid *g = calloc(1, sizeof *g);
  if (!g) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  g->ctx = ctx;
  g->w = w;
  g->h = h;
  g->boundary = boundary;
  golcl_status s = golcl_msrule_parse("23/3/2", &g->rule);
  g->table_stale = 1;
  if (s == GOLCL_OK) s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &g->cur);
  if (s == GOLCL_OK) s = golcl_msgrid_clear(g);
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (s != GOLCL_OK) {
    golcl_msgrid_destroy(g);
    return s;
  }
  *out = g;
  return GOLCL_OK;
}

void golcl_msgrid_destroy(golcl_msgrid *g) {
  if (!g) return;
  free(g->host);
  golcl__msgrid_ghost_release(g);
  cl_mem *m[] = {&g->cur,    &g->spare,      &g->table,       &g->rowsum,
                 &g->rowwin, &g->spans,      &g->planes[0],   &g->planes[1],
                 &g->tree,   &g->jvn_tables, &g->ltl_bits[0], &g->ltl_bits[1]};
  for (size_t i = 0; i < sizeof m / sizeof *m; i++)
    if (*m[i]) clReleaseMemObject(*m[i]);
  free(g);
}

uint32_t golcl_msgrid_width(const golcl_msgrid *g) { return g ? g->w : 0; }
uint32_t golcl_msgrid_height(const golcl_msgrid *g) { return g ? g->h : 0; }
golcl_boundary golcl_msgrid_boundary(const golcl_msgrid *g) {
  return g ? g->boundary : GOLCL_BOUNDARY_DEAD;
}
uint64_t golcl_msgrid_generation(const golcl_msgrid *g) { return g ? g->generation : 0; }
golcl_context *golcl_msgrid_context(const golcl_msgrid *g) { return g ? g->ctx : NULL; }
cl_mem golcl_msgrid_buffer(golcl_msgrid *g) { return g ? g->cur : NULL; }

golcl_status golcl_msgrid_set_generation(golcl_msgrid *g, uint64_t generation) {
  CHECK(g, "golcl_msgrid_set_generation");
  g->generation = generation;
  return GOLCL_OK;
}

golcl_status golcl_msgrid_set_msrule(golcl_msgrid *g, const golcl_msrule *r) {
  CHECK(g, "golcl_msgrid_set_msrule");
  if (!r) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_set_msrule: rule is NULL");
  const char *why;
  if (golcl__msrule_check(r, &why) != GOLCL_OK)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_set_msrule: %s", why);
  g->rule = *r;
  g->table_stale = 1;
  return GOLCL_OK;
}

golcl_status golcl_msgrid_set_rule(golcl_msgrid *g, const char *text) {
  CHECK(g, "golcl_msgrid_set_rule");
  if (!text) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_set_rule: rule is NULL");
  golcl_msrule r;
  golcl_status s = golcl_msrule_parse(text, &r);
  if (s != GOLCL_OK) return golcl__fail(g->ctx, s, "%s", golcl_last_errmsg());
  return golcl_msgrid_set_msrule(g, &r);
}

golcl_status golcl_msgrid_msrule(const golcl_msgrid *g, golcl_msrule *out) {
  CHECK(g, "golcl_msgrid_msrule");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_msrule: out is NULL");
  *out = g->rule;
  return GOLCL_OK;
}

/* --------------------------------------------------------------- host I/O */

static golcl_status rect_io(golcl_msgrid *g, int write, uint32_t x, uint32_t y, uint32_t rw,
                            uint32_t rh, void *cells, size_t stride, const char *fn) {
  CHECK(g, fn);
  if (!cells) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "%s: cells is NULL", fn);
  if (!rw || !rh || x >= g->w || y >= g->h || rw > g->w - x || rh > g->h - y)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "%s: the rectangle %ux%u at (%u, %u) is empty or leaves the %ux%u grid", fn,
                       (unsigned)rw, (unsigned)rh, (unsigned)x, (unsigned)y, (unsigned)g->w,
                       (unsigned)g->h);
  if (stride == 0) stride = rw;
  if (stride < rw)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "%s: row stride %zu is below the width %u", fn,
                       stride, (unsigned)rw);
  if (g->host) {
    for (uint32_t r = 0; r < rh; r++) {
      uint8_t *cell = g->host + (size_t)(y + r) * g->w + x, *mine = (uint8_t *)cells + r * stride;
      memcpy(write ? cell : mine, write ? mine : cell, rw);
    }
    return GOLCL_OK;
  }
  size_t origin[3] = {x, y, 0}, host0[3] = {0, 0, 0}, region[3] = {rw, rh, 1};
  cl_int e;
  if (write)
    e = clEnqueueWriteBufferRect(g->ctx->queue, g->cur, CL_TRUE, origin, host0, region, g->w, 0,
                                 stride, 0, cells, 0, NULL, NULL);
  else
    e = clEnqueueReadBufferRect(g->ctx->queue, g->cur, CL_TRUE, origin, host0, region, g->w, 0,
                                stride, 0, cells, 0, NULL, NULL);
  return golcl__cl_fail(g->ctx, e, write ? "clEnqueueWriteBufferRect" : "clEnqueueReadBufferRect");
}

golcl_status golcl_msgrid_write_rect(golcl_msgrid *g, uint32_t x, uint32_t y, uint32_t rw,
                                     uint32_t rh, const uint8_t *cells, size_t stride) {
  return rect_io(g, 1, x, y, rw, rh, (void *)(uintptr_t)cells, stride, "golcl_msgrid_write_rect");
}

golcl_status golcl_msgrid_read_rect(golcl_msgrid *g, uint32_t x, uint32_t y, uint32_t rw,
                                    uint32_t rh, uint8_t *cells, size_t stride) {
  return rect_io(g, 0, x, y, rw, rh, cells, stride, "golcl_msgrid_read_rect");
}

golcl_status golcl_msgrid_write(golcl_msgrid *g, const uint8_t *cells, size_t stride) {
  CHECK(g, "golcl_msgrid_write");
  return rect_io(g, 1, 0, 0, g->w, g->h, (void *)(uintptr_t)cells, stride, "golcl_msgrid_write");
}

golcl_status golcl_msgrid_read(golcl_msgrid *g, uint8_t *cells, size_t stride) {
  CHECK(g, "golcl_msgrid_read");
  return rect_io(g, 0, 0, 0, g->w, g->h, cells, stride, "golcl_msgrid_read");
}

golcl_status golcl_msgrid_clear(golcl_msgrid *g) {
  CHECK(g, "golcl_msgrid_clear");
  if (g->host) {
    memset(g->host, 0, cells_of(g));
    return GOLCL_OK;
  }
  cl_uchar zero = 0;
  return golcl__fill(g->ctx, g->cur, &zero, 1, 0, cells_of(g));
}

golcl_status golcl_msgrid_randomize(golcl_msgrid *g, unsigned states, double density,
                                    uint64_t seed) {
  CHECK(g, "golcl_msgrid_randomize");
  if (states < 2 || states > 256)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_randomize: %u states (2..256)",
                       states);
  if (!(density >= 0.0 && density <= 1.0))
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_msgrid_randomize: density %g is outside [0, 1]", density);
  if (g->host) {
    golcl__msgrid_host_randomize(g, states, density, seed);
    return GOLCL_OK;
  }
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, "rules/msgrid.cl", "", "ms_randomize", &k);
  if (s != GOLCL_OK) return s;
  cl_uint w = g->w, h = g->h, st = states;
  cl_ulong seedmix = golcl__mix64(seed), threshold = (cl_ulong)ldexp(density, 32);
  s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(seedmix),
                  GOLCL__ARG(threshold), GOLCL__ARG(st), GOLCL__END);
  size_t extent[2] = {g->w, g->h};
  return s == GOLCL_OK ? golcl__launch_cover(g->ctx, k, 2, extent) : s;
}

/* ----------------------------------------------------------------- census */

#define CENSUS_MAX_LOCAL 256
#define CENSUS_CELLS_PER_ITEM 16
#define CENSUS_GROUPS_PER_CU 16
#define CENSUS_MAX_PER_GROUP 0x40000000ull /* a group's counts stay below 2^32 */

static golcl_status census(golcl_msgrid *g, uint64_t counts[256], uint64_t *sum) {
  if (g->host) {
    golcl__msgrid_host_census(g, counts, sum);
    return GOLCL_OK;
  }
  golcl_context *ctx = g->ctx;
  cl_kernel k;
  golcl_status s = golcl__kernel(ctx, "rules/msgrid.cl", "", "ms_census", &k);
  if (s != GOLCL_OK) return s;
  size_t kwg = 0;
  clGetKernelWorkGroupInfo(k, ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  size_t local = 1;
  while (local * 2 <= kwg && local * 2 <= ctx->info.max_work_group_size &&
         local * 2 * sizeof(cl_ulong) + 256 * sizeof(cl_uint) <= ctx->info.local_mem_bytes &&
         local < CENSUS_MAX_LOCAL)
    local *= 2;
  cl_ulong n = cells_of(g);
  size_t per_group = local * CENSUS_CELLS_PER_ITEM;
  size_t groups = (size_t)((n + per_group - 1) / per_group);
  size_t max_groups = (size_t)ctx->info.compute_units * CENSUS_GROUPS_PER_CU;
  size_t min_groups = (size_t)((n + CENSUS_MAX_PER_GROUP - 1) / CENSUS_MAX_PER_GROUP);
  if (groups > max_groups) groups = max_groups;
  if (groups < min_groups) groups = min_groups;
  if (groups == 0) groups = 1;
  size_t bytes = groups * 257 * sizeof(cl_ulong);
  cl_mem partial = NULL;
  uint64_t *host = malloc(bytes);
  if (!host) s = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &partial);
  cl_uint w = g->w;
  if (s == GOLCL_OK)
    s = golcl__args(ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(w), GOLCL__ARG(n), GOLCL__ARG(partial),
                    GOLCL__LOCAL(local * sizeof(cl_ulong)), GOLCL__LOCAL(256 * sizeof(cl_uint)),
                    GOLCL__END);
  size_t global = groups * local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, k, 1, &global, &local);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueReadBuffer(ctx->queue, partial, CL_TRUE, 0, bytes, host, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  if (s == GOLCL_OK) {
    memset(counts, 0, 256 * sizeof *counts);
    *sum = 0;
    for (size_t i = 0; i < groups; i++) {
      for (int j = 0; j < 256; j++) counts[j] += host[257 * i + j];
      *sum += host[257 * i + 256];
    }
  }
  free(host);
  if (partial) clReleaseMemObject(partial);
  return s;
}

golcl_status golcl_msgrid_census(golcl_msgrid *g, uint64_t counts[256]) {
  CHECK(g, "golcl_msgrid_census");
  if (!counts)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_census: counts is NULL");
  uint64_t sum;
  return census(g, counts, &sum);
}

golcl_status golcl_msgrid_population(golcl_msgrid *g, uint64_t *out) {
  CHECK(g, "golcl_msgrid_population");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_population: out is NULL");
  uint64_t c[256], sum;
  golcl_status s = census(g, c, &sum);
  if (s == GOLCL_OK) *out = cells_of(g) - c[0];
  return s;
}

golcl_status golcl_msgrid_hash(golcl_msgrid *g, uint64_t *out) {
  CHECK(g, "golcl_msgrid_hash");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_hash: out is NULL");
  uint64_t c[256], sum;
  golcl_status s = census(g, c, &sum);
  uint64_t pop = cells_of(g) - c[0];
  /* golcl_grid_hash's final mix, so that two-state cells hash alike */
  if (s == GOLCL_OK)
    *out = golcl__mix64(sum + golcl__mix64(((uint64_t)g->h << 32 | g->w) ^ (pop << 1)));
  return s;
}

/* ------------------------------------------------------------------- step */

#define MS_SYNC 1024 /* generations queued before a long run waits for them */

golcl_status golcl_msgrid_prepare(golcl_msgrid *g) {
  CHECK(g, "golcl_msgrid_prepare");
  if (g->host) return GOLCL_OK; /* nothing to build */
  if (g->ghost) return golcl__msgrid_ghost_prepare(g);
  return golcl__ms_family_of(&g->rule)->prepare(g);
}

golcl_status golcl_msgrid_step(golcl_msgrid *g, uint64_t gens) {
  CHECK(g, "golcl_msgrid_step");
  golcl__clear_error(g->ctx);
  if (!gens) return GOLCL_OK;
  if (g->host) {
    golcl_status s = golcl__msgrid_host_step(g, gens);
    if (s == GOLCL_OK) g->generation += gens;
    return s;
  }
  if (g->ghost) return golcl__msgrid_ghost_step(g, gens);
  golcl_status s = golcl__msgrid_spare(g);
  /* a long run waits for its own launches now and then: the queue stays bounded */
  for (uint64_t left = gens; s == GOLCL_OK && left > 0;) {
    uint64_t k = left < MS_SYNC ? left : MS_SYNC;
    s = golcl__ms_family_of(&g->rule)->step(g, k);
    left -= k;
    if (s == GOLCL_OK && left > 0) s = golcl__cl_fail(g->ctx, clFinish(g->ctx->queue), "clFinish");
  }
  return s;
}
