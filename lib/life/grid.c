/* grid.c — the grid object: creation, randomize, population and hash,
 * layout switching (through layout.c's table) and the double buffer that
 * steppers use. Host I/O is grid_rect.c. */
#include "life.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_GRID(g, fn) \
  if (!(g)) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, fn ": grid is NULL")

void golcl__life_options(const golcl_grid *g, golcl__opts *o) {
  golcl__opts_define(o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  if (g->exotic) { /* common/life.cl: golcl_bounds_index */
    golcl__opts_define(o, "GOLCL_BOUNDS_KIND", (long long)g->bounds.topology);
    golcl__opts_define(o, "GOLCL_BOUNDS_INFX", g->bounds.width == 0);
    golcl__opts_define(o, "GOLCL_BOUNDS_INFY", g->bounds.height == 0);
    golcl__opts_define(o, "GOLCL_SHIFT_X", g->bounds.shift_x);
    golcl__opts_define(o, "GOLCL_SHIFT_Y", g->bounds.shift_y);
    golcl__opts_define(o, "GOLCL_TWIST_X", g->bounds.twist_x);
  }
}

/* The bounds of a plain plane or torus of the grid's size. */
static void plain_bounds(golcl_grid *g) {
  memset(&g->bounds, 0, sizeof g->bounds);
  g->bounds.topology =
      g->boundary == GOLCL_BOUNDARY_TORUS ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  g->bounds.width = g->w;
  g->bounds.height = g->h;
  g->exotic = 0;
}

golcl_status golcl_grid_set_bounds(golcl_grid *g, const golcl_bounds *b) {
  CHECK_GRID(g, "golcl_grid_set_bounds");
  if (!b) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_set_bounds: bounds is NULL");
  char text[GOLCL_BOUNDS_TEXT_CAP];
  if (golcl_bounds_format(b, text, sizeof text) != GOLCL_OK)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_grid_set_bounds: not a bounded grid golcl_bounds_parse gives");
  if ((b->width && b->width != g->w) || (b->height && b->height != g->h))
    return golcl__fail(g->ctx, GOLCL_E_MISMATCH,
                       "golcl_grid_set_bounds: the bounded grid %s does not fit a %ux%u grid", text,
                       (unsigned)g->w, (unsigned)g->h);
  int plane = b->topology == GOLCL_TOPOLOGY_INFINITE || (b->topology == GOLCL_TOPOLOGY_PLANE);
  int torus =
      b->topology == GOLCL_TOPOLOGY_TORUS && b->width && b->height && !b->shift_x && !b->shift_y;
  g->boundary = torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  g->bounds = *b;
  g->exotic = !plane && !torus;
  golcl__grid_touch(g);
  return GOLCL_OK;
}

golcl_status golcl_grid_bounds(const golcl_grid *g, golcl_bounds *out) {
  CHECK_GRID(g, "golcl_grid_bounds");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_bounds: out is NULL");
  *out = g->bounds;
  return GOLCL_OK;
}

golcl_status golcl_grid_create(golcl_context *ctx, uint32_t w, uint32_t h, golcl_boundary boundary,
                               golcl_grid **out) {
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_grid_create: out is NULL");
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_create: ctx is NULL");
  if (w == 0 || h == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_grid_create: size %ux%u has a zero side",
                       (unsigned)w, (unsigned)h);
  if (w > INT32_MAX || h > INT32_MAX)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "golcl_grid_create: a side of %ux%u is above 2^31-1 cells", (unsigned)w,
                       (unsigned)h);
  if (boundary != GOLCL_BOUNDARY_DEAD && boundary != GOLCL_BOUNDARY_TORUS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_grid_create: bad boundary %d",
                       (int)boundary);
  golcl_grid *g = calloc(1, sizeof *g);
  if (!g) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  g->ctx = ctx;
  g->w = w;
  g->h = h;
  g->boundary = boundary;
  plain_bounds(g);
  golcl_rule_table life;
  golcl_rule_table_from_rule((golcl_rule){1u << 3, (1u << 2) | (1u << 3)}, &life);
  golcl__grid_set_table(g, &life);
  golcl_status s = golcl__layout_describe(g, GOLCL_LAYOUT_BYTES, &g->info);
  if (s == GOLCL_OK && g->info.bytes > ctx->info.global_mem_bytes)
    s = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "a %ux%u grid needs %zu bytes; the device has %llu",
                    (unsigned)w, (unsigned)h, g->info.bytes,
                    (unsigned long long)ctx->info.global_mem_bytes);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, g->info.bytes, CL_MEM_READ_WRITE, &g->cur);
  if (s == GOLCL_OK) s = golcl_grid_clear(g);
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (s != GOLCL_OK) {
    golcl_grid_destroy(g);
    return s;
  }
  *out = g;
  return GOLCL_OK;
}

golcl_status golcl_grid_clone(golcl_grid *src, golcl_grid **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_clone: out is NULL");
  *out = NULL;
  CHECK_GRID(src, "golcl_grid_clone");
  golcl_grid *g;
  golcl_status s = golcl_grid_create(src->ctx, src->w, src->h, src->boundary, &g);
  if (s != GOLCL_OK) return s;
  cl_mem m = NULL;
  s = golcl__buffer(src->ctx, src->info.bytes, CL_MEM_READ_WRITE, &m);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        src->ctx,
        clEnqueueCopyBuffer(src->ctx->queue, src->cur, m, 0, 0, src->info.bytes, 0, NULL, NULL),
        "clEnqueueCopyBuffer");
  if (s != GOLCL_OK) {
    if (m) clReleaseMemObject(m);
    golcl_grid_destroy(g);
    return s;
  }
  clReleaseMemObject(g->cur);
  g->cur = m;
  g->info = src->info;
  golcl__grid_set_table(g, &src->table);
  g->boundary = src->boundary;
  g->bounds = src->bounds;
  g->exotic = src->exotic;
  g->generation = src->generation;
  *out = g;
  return GOLCL_OK;
}

void golcl_grid_destroy(golcl_grid *g) {
  if (!g) return;
  if (g->cur) clReleaseMemObject(g->cur);
  if (g->spare) clReleaseMemObject(g->spare);
  for (int i = 0; i < 2; i++)
    if (g->rule_buf[i]) clReleaseMemObject(g->rule_buf[i]);
  free(g);
}

uint32_t golcl_grid_width(const golcl_grid *g) { return g ? g->w : 0; }
uint32_t golcl_grid_height(const golcl_grid *g) { return g ? g->h : 0; }
golcl_boundary golcl_grid_boundary(const golcl_grid *g) {
  return g ? g->boundary : GOLCL_BOUNDARY_DEAD;
}
golcl_context *golcl_grid_context(const golcl_grid *g) { return g ? g->ctx : NULL; }
uint64_t golcl_grid_generation(const golcl_grid *g) { return g ? g->generation : 0; }

golcl_status golcl_grid_set_generation(golcl_grid *g, uint64_t generation) {
  CHECK_GRID(g, "golcl_grid_set_generation");
  g->generation = generation;
  golcl__grid_touch(g);
  return GOLCL_OK;
}

golcl_status golcl_grid_set_rule(golcl_grid *g, const char *rule) {
  CHECK_GRID(g, "golcl_grid_set_rule");
  if (!rule) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_set_rule: rule is NULL");
  golcl_rule_table t;
  golcl_status s = golcl_rule_table_parse(rule, &t);
  if (s != GOLCL_OK) return golcl__fail(g->ctx, s, "%s", golcl_last_errmsg());
  golcl__grid_set_table(g, &t);
  return GOLCL_OK;
}

golcl_status golcl_grid_set_rule_table(golcl_grid *g, const golcl_rule_table *t) {
  CHECK_GRID(g, "golcl_grid_set_rule_table");
  if (!t)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_set_rule_table: table is NULL");
  char text[GOLCL_RULE_TEXT_CAP];
  if (golcl_rule_table_format(t, text, sizeof text) != GOLCL_OK)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_set_rule_table: %s",
                       golcl_last_errmsg());
  golcl__grid_set_table(g, t);
  return GOLCL_OK;
}

golcl_status golcl_grid_rule_table(const golcl_grid *g, golcl_rule_table *out) {
  CHECK_GRID(g, "golcl_grid_rule_table");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_rule_table: out is NULL");
  *out = g->table;
  return GOLCL_OK;
}

golcl_status golcl_grid_get_rule(const golcl_grid *g, char *buf, size_t cap) {
  CHECK_GRID(g, "golcl_grid_get_rule");
  golcl_status s = golcl_rule_table_format(&g->table, buf, cap);
  return s == GOLCL_OK ? s : golcl__fail(g->ctx, s, "%s", golcl_last_errmsg());
}

golcl_status golcl_grid_rule(const golcl_grid *g, golcl_rule *out) {
  CHECK_GRID(g, "golcl_grid_rule");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_rule: out is NULL");
  golcl_status s = GOLCL_E_UNSUPPORTED;
  if (g->table.neighbourhood == GOLCL_NEIGHBOURHOOD_MOORE)
    s = golcl_rule_table_totalistic(&g->table, out);
  if (s != GOLCL_OK)
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED,
                       "golcl_grid_rule: the rule is not Life-like (B/S over 8 neighbours); "
                       "see golcl_grid_rule_table");
  return GOLCL_OK;
}

golcl_status golcl_grid_set_rule_bits(golcl_grid *g, golcl_rule rule) {
  CHECK_GRID(g, "golcl_grid_set_rule_bits");
  golcl_rule_table t;
  if (golcl_rule_table_from_rule(rule, &t) != GOLCL_OK)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_grid_set_rule_bits: bits above 8 neighbours are set");
  golcl__grid_set_table(g, &t);
  return GOLCL_OK;
}

/* A byte buffer that will receive all cells: the grid's own when it has the
 * byte layout, else a new one that commit_bytes installs. */
static golcl_status bytes_target(golcl_grid *g, cl_mem *out) {
  if (g->info.layout == GOLCL_LAYOUT_BYTES) {
    *out = g->cur;
    return GOLCL_OK;
  }
  golcl_layout_info bi;
  golcl_status s = golcl__layout_describe(g, GOLCL_LAYOUT_BYTES, &bi);
  return s != GOLCL_OK ? s : golcl__buffer(g->ctx, bi.bytes, CL_MEM_READ_WRITE, out);
}

static void commit_bytes(golcl_grid *g, cl_mem m) {
  golcl__grid_touch(g);
  if (m == g->cur) return;
  clReleaseMemObject(g->cur);
  if (g->spare) clReleaseMemObject(g->spare);
  g->spare = NULL;
  g->cur = m;
  golcl__layout_describe(g, GOLCL_LAYOUT_BYTES, &g->info);
}

static void drop_target(golcl_grid *g, cl_mem m) {
  if (m && m != g->cur) clReleaseMemObject(m);
}

golcl_status golcl_grid_clear(golcl_grid *g) {
  CHECK_GRID(g, "golcl_grid_clear");
  golcl__grid_touch(g);
  cl_uchar zero = 0; /* dead is 0 in every layout, padding included */
  return golcl__fill(g->ctx, g->cur, &zero, 1, 0, g->info.bytes);
}

golcl_status golcl_grid_randomize(golcl_grid *g, double density, uint64_t seed) {
  CHECK_GRID(g, "golcl_grid_randomize");
  if (!(density >= 0.0 && density <= 1.0))
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_grid_randomize: density %g is outside [0, 1]", density);
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, "life/grid.cl", "", "grid_randomize", &k);
  if (s != GOLCL_OK) return s;
  cl_mem dst;
  s = bytes_target(g, &dst);
  if (s != GOLCL_OK) return s;
  cl_uint w = g->w, h = g->h;
  cl_ulong seedmix = golcl__mix64(seed), threshold = (cl_ulong)ldexp(density, 32);
  s = golcl__args(g->ctx, k, GOLCL__ARG(dst), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(seedmix),
                  GOLCL__ARG(threshold), GOLCL__END);
  size_t global[2] = {g->w, g->h};
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 2, global);
  if (s != GOLCL_OK) {
    drop_target(g, dst);
    return s;
  }
  commit_bytes(g, dst);
  return GOLCL_OK;
}

/* grid_stats' launch shape. Work-groups of at most STATS_MAX_LOCAL items (a
 * power of two, as the reduction tree wants): beyond that a bigger tree buys
 * nothing for a sum that memory bandwidth limits. Each item sums at least
 * STATS_CELLS_PER_ITEM cells, so that small grids launch few groups; at most
 * STATS_GROUPS_PER_CU groups per compute unit keep every unit busy while the
 * partial sums that the host adds stay few. */
#define STATS_MAX_LOCAL 256
#define STATS_CELLS_PER_ITEM 16
#define STATS_GROUPS_PER_CU 16

/* Population and hash sum of the cells, reduced on the device. */
static golcl_status grid_stats(golcl_grid *g, int pop_only, uint64_t *pop, uint64_t *sum) {
  golcl_context *ctx = g->ctx;
  cl_kernel k;
  /* the population alone: a popcount of the buffer in its own layout */
  golcl_status s =
      golcl__kernel(ctx, "life/grid.cl", "", pop_only ? "grid_popcount" : "grid_stats", &k);
  if (s != GOLCL_OK) return s;
  size_t kwg = 0;
  clGetKernelWorkGroupInfo(k, ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  size_t local = 1;
  while (local * 2 <= kwg && local * 2 <= ctx->info.max_work_group_size &&
         local * 2 * sizeof(cl_ulong) <= ctx->info.local_mem_bytes && local < STATS_MAX_LOCAL)
    local *= 2;
  cl_ulong n = pop_only ? (cl_ulong)g->info.bytes : (cl_ulong)g->w * g->h;
  size_t per_group = local * STATS_CELLS_PER_ITEM;
  size_t groups = (size_t)((n + per_group - 1) / per_group);
  size_t max_groups = (size_t)ctx->info.compute_units * STATS_GROUPS_PER_CU;
  if (groups > max_groups) groups = max_groups;
  if (groups == 0) groups = 1;
  cl_mem cells, partial = NULL;
  int owned;
  if (pop_only) {
    cells = g->cur;
    owned = 0;
  } else {
    s = golcl__grid_bytes_view(g, &cells, &owned);
    if (s != GOLCL_OK) return s;
  }
  uint64_t *host = malloc(groups * 2 * sizeof *host);
  if (!host) s = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK)
    s = golcl__buffer(ctx, groups * 2 * sizeof(cl_ulong), CL_MEM_READ_WRITE, &partial);
  cl_uint w = g->w;
  if (s == GOLCL_OK && pop_only)
    s = golcl__args(ctx, k, GOLCL__ARG(cells), GOLCL__ARG(n), GOLCL__ARG(partial),
                    GOLCL__LOCAL(local * sizeof(cl_ulong)), GOLCL__END);
  else if (s == GOLCL_OK)
    s = golcl__args(ctx, k, GOLCL__ARG(cells), GOLCL__ARG(w), GOLCL__ARG(n), GOLCL__ARG(partial),
                    GOLCL__LOCAL(local * sizeof(cl_ulong)), GOLCL__END);
  size_t global = groups * local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, k, 1, &global, &local);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, partial, CL_TRUE, 0,
                                           groups * 2 * sizeof(cl_ulong), host, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  if (s == GOLCL_OK) {
    *pop = *sum = 0;
    for (size_t i = 0; i < groups; i++) {
      *pop += host[2 * i];
      *sum += host[2 * i + 1];
    }
  }
  free(host);
  if (partial) clReleaseMemObject(partial);
  if (owned) clReleaseMemObject(cells);
  return s;
}

golcl_status golcl_grid_population(golcl_grid *g, uint64_t *out) {
  CHECK_GRID(g, "golcl_grid_population");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_population: out is NULL");
  uint64_t pop, sum;
  golcl_status s = grid_stats(g, 1, &pop, &sum);
  if (s == GOLCL_OK) *out = pop;
  return s;
}

golcl_status golcl_grid_hash(golcl_grid *g, uint64_t *out) {
  CHECK_GRID(g, "golcl_grid_hash");
  if (!out) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_hash: out is NULL");
  uint64_t pop, sum;
  golcl_status s = grid_stats(g, 0, &pop, &sum);
  if (s == GOLCL_OK)
    *out = golcl__mix64(sum + golcl__mix64(((uint64_t)g->h << 32 | g->w) ^ (pop << 1)));
  return s;
}

cl_mem golcl_grid_buffer(golcl_grid *g, golcl_layout_info *info) {
  if (!g) return NULL;
  golcl__grid_touch(g); /* the caller may write through it */
  if (info) *info = g->info;
  return g->cur;
}

golcl_status golcl_grid_set_layout(golcl_grid *g, golcl_layout layout) {
  CHECK_GRID(g, "golcl_grid_set_layout");
  if ((unsigned)layout >= GOLCL_LAYOUT_COUNT)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_grid_set_layout: bad layout %d",
                       (int)layout);
  return golcl__grid_set_layout(g, layout);
}

golcl_status golcl__grid_bytes_view(golcl_grid *g, cl_mem *out, int *owned) {
  *owned = 0;
  if (g->info.layout == GOLCL_LAYOUT_BYTES) {
    *out = g->cur;
    return GOLCL_OK;
  }
  golcl_layout_info bi;
  golcl_status s = golcl__layout_describe(g, GOLCL_LAYOUT_BYTES, &bi);
  cl_mem m = NULL;
  if (s == GOLCL_OK) s = golcl__buffer(g->ctx, bi.bytes, CL_MEM_READ_WRITE, &m);
  if (s == GOLCL_OK) s = golcl__layout_get(g->info.layout)->unpack(g, g->cur, &g->info, m);
  if (s != GOLCL_OK) {
    if (m) clReleaseMemObject(m);
    return s;
  }
  *out = m;
  *owned = 1;
  return GOLCL_OK;
}

golcl_status golcl__grid_set_layout(golcl_grid *g, golcl_layout layout) {
  if (g->info.layout == layout) return GOLCL_OK;
  golcl_layout_info ni;
  golcl_status s = golcl__layout_describe(g, layout, &ni);
  if (s != GOLCL_OK) return s;
  cl_mem bytes, dst = NULL;
  int owned;
  s = golcl__grid_bytes_view(g, &bytes, &owned);
  if (s != GOLCL_OK) return s;
  if (layout == GOLCL_LAYOUT_BYTES) {
    dst = bytes; /* a fresh buffer: the grid had another layout */
  } else {
    s = golcl__buffer(g->ctx, ni.bytes, CL_MEM_READ_WRITE, &dst);
    if (s == GOLCL_OK) s = golcl__layout_get(layout)->pack(g, bytes, dst, &ni);
    if (owned) clReleaseMemObject(bytes);
  }
  if (s != GOLCL_OK) {
    if (dst) clReleaseMemObject(dst);
    return s;
  }
  if (dst != g->cur) clReleaseMemObject(g->cur);
  if (g->spare) clReleaseMemObject(g->spare);
  g->spare = NULL;
  g->cur = dst;
  g->info = ni;
  golcl__grid_touch(g);
  return GOLCL_OK;
}

golcl_status golcl__grid_spare(golcl_grid *g, cl_mem *out) {
  if (!g->spare) {
    golcl_status s = golcl__buffer(g->ctx, g->info.bytes, CL_MEM_READ_WRITE, &g->spare);
    if (s != GOLCL_OK) return s;
  }
  *out = g->spare;
  return GOLCL_OK;
}

void golcl__grid_touch(golcl_grid *g) {
  static _Atomic uint64_t last;
  g->epoch = atomic_fetch_add(&last, 1) + 1;
}

void golcl__grid_swap(golcl_grid *g) {
  cl_mem t = g->cur;
  g->cur = g->spare;
  g->spare = t;
}
