/* stepper_sparse.c — SPARSE: cl/life/sparse.cl on the BITROW layout. Each
 * generation zeroes a counter, compacts the flags of the last generation into
 * a list of active tiles on the device and steps only those (a fixed number
 * of work-items walks the list): no host round trip in a run. State kept
 * between runs (flags, list, counter) is trusted only while the grid is as
 * the last run left it (grid, epoch, generation, buffers, rule, tile size);
 * else the run starts with every tile active and the spare buffer a copy of
 * the cells. Options: tile_h (rows of a tile, 32 by default). Statistics:
 * tiles_total, and tiles_computed (the last generation's list, read from the
 * device when asked). */
#include "bitslice.h"

#include <stdlib.h>

#define DEFAULT_ROWS 32
#define MAX_ROWS 4096
/* Work-items that walk the list, per compute unit. */
#define ITEMS_PER_CU 2048

typedef struct sparse_state {
  cl_mem flags, list, count; /* for ntiles tiles */
  size_t ntiles;
  cl_kernel all, compact;
  int first; /* the next generation starts from every tile */
  int valid; /* what the last run left, below */
  const golcl_grid *grid;
  uint64_t epoch, generation;
  cl_mem cur, spare;
  uint64_t rule_epoch;
} sparse_state;

static uint32_t rows(const golcl_stepper *s) {
  return s->opts.tile_h ? s->opts.tile_h : DEFAULT_ROWS;
}

static golcl_status sparse_init(golcl_stepper *s) {
  if (s->opts.tile_h > MAX_ROWS)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG, "sparse: tile_h %u is above %u",
                       (unsigned)s->opts.tile_h, MAX_ROWS);
  sparse_state *z = calloc(1, sizeof *z);
  if (!z) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s->state = z;
  return golcl__wg_check_opts(s);
}

static size_t tiles_of(const golcl_stepper *s, const golcl_grid *g, size_t *ny) {
  *ny = ((size_t)g->h + rows(s) - 1) / rows(s);
  return ((size_t)g->w + 31) / 32 * *ny;
}

static golcl_status sparse_supports(golcl_stepper *s, const golcl_grid *g) {
  golcl_status st = golcl__bitslice_supports(s, g);
  if (st != GOLCL_OK) return st;
  size_t ny;
  if (tiles_of(s, g, &ny) >= 0x80000000u)
    return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                       "sparse: a %ux%u grid has 2^31 tiles or more (raise tile_h)", (unsigned)g->w,
                       (unsigned)g->h);
  return GOLCL_OK;
}

static golcl_status sparse_plan(golcl_stepper *s, const golcl_grid *g,
                                const golcl_layout_info *info, golcl__plan *p) {
  (void)info;
  sparse_state *z = s->state;
  golcl__opts o, o2;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_SP_ROWS", rows(s));
  o2 = o;
  golcl_status st = golcl__bitslice_kernel(s, g, "life/sparse.cl", "sparse_step", &o, &p->kernel);
  /* the helper kernels of the same program (same options) */
  if (st == GOLCL_OK)
    st = golcl__bitslice_kernel(s, g, "life/sparse.cl", "sparse_compact", &o2, &z->compact);
  golcl__opts_init(&o2);
  golcl__opts_define(&o2, "GOLCL_SP_ROWS", rows(s));
  if (st == GOLCL_OK)
    st = golcl__bitslice_kernel(s, g, "life/sparse.cl", "sparse_all", &o2, &z->all);
  if (st != GOLCL_OK) return st;
  size_t ny, n = tiles_of(s, g, &ny), items = (size_t)s->ctx->info.compute_units * ITEMS_PER_CU;
  p->global[0] = n < items ? n : items;
  p->global[1] = 1;
  p->local[0] = p->local[1] = 0;
  p->tile[0] = 32;
  p->tile[1] = rows(s);
  return GOLCL_OK;
}

static void release(sparse_state *z) {
  if (z->flags) clReleaseMemObject(z->flags);
  if (z->list) clReleaseMemObject(z->list);
  if (z->count) clReleaseMemObject(z->count);
  z->flags = z->list = z->count = NULL;
  z->ntiles = 0;
  z->valid = 0;
}

static golcl_status ensure_buffers(golcl_stepper *s, size_t n) {
  sparse_state *z = s->state;
  if (z->ntiles == n) return GOLCL_OK;
  release(z);
  cl_uchar zero = 0;
  golcl_status st = golcl__buffer(s->ctx, n, CL_MEM_READ_WRITE, &z->flags);
  if (st == GOLCL_OK) st = golcl__buffer(s->ctx, n * 4, CL_MEM_READ_WRITE, &z->list);
  if (st == GOLCL_OK) st = golcl__buffer(s->ctx, 4, CL_MEM_READ_WRITE, &z->count);
  if (st == GOLCL_OK) st = golcl__fill(s->ctx, z->flags, &zero, 1, 0, n);
  if (st != GOLCL_OK) {
    release(z);
    return st;
  }
  z->ntiles = n;
  return GOLCL_OK;
}

static int continues(const sparse_state *z, const golcl_grid *g) {
  return z->valid && z->grid == g && z->epoch == g->epoch && z->generation == g->generation &&
         z->cur == g->cur && z->spare == g->spare && z->rule_epoch == g->rule_epoch;
}

static golcl_status sparse_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                uint32_t gens) {
  (void)gens;
  sparse_state *z = s->state;
  size_t ny, n = tiles_of(s, g, &ny);
  golcl_status st = ensure_buffers(s, n);
  if (st != GOLCL_OK) return st;
  z->first = !continues(z, g);
  z->valid = 0;   /* until this run completes */
  if (z->first) { /* both buffers agree on every tile from here on */
    cl_int err =
        clEnqueueCopyBuffer(s->ctx->queue, g->cur, g->spare, 0, 0, g->info.bytes, 0, NULL, NULL);
    if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueCopyBuffer");
  }
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  cl_int cny = (cl_int)ny;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__ARG(z->list), GOLCL__ARG(z->count),
                     GOLCL__ARG(z->flags), GOLCL__ARG(cny), GOLCL__END);
}

/* Before every generation: the list of its active tiles, on the device. */
static golcl_status sparse_each(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  (void)g;
  (void)p;
  sparse_state *z = s->state;
  cl_uint n = (cl_uint)z->ntiles, zero = 0;
  size_t global = z->ntiles;
  golcl_status st;
  if (z->first) {
    st = golcl__args(s->ctx, z->all, GOLCL__ARG(z->list), GOLCL__ARG(z->count), GOLCL__ARG(n),
                     GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(s->ctx, z->all, 1, &global, NULL);
    z->first = 0;
    return st;
  }
  st = golcl__fill(s->ctx, z->count, &zero, sizeof zero, 0, sizeof zero);
  if (st == GOLCL_OK)
    st = golcl__args(s->ctx, z->compact, GOLCL__ARG(z->flags), GOLCL__ARG(z->list),
                     GOLCL__ARG(z->count), GOLCL__ARG(n), GOLCL__END);
  if (st == GOLCL_OK) st = golcl__launch(s->ctx, z->compact, 1, &global, NULL);
  return st;
}

static golcl_status sparse_done(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  (void)p;
  sparse_state *z = s->state;
  s->stats.tiles_total = z->ntiles;
  z->valid = 1;
  z->grid = g;
  z->epoch = g->epoch;
  z->generation = g->generation;
  z->cur = g->cur;
  z->spare = g->spare;
  z->rule_epoch = g->rule_epoch;
  return GOLCL_OK;
}

/* The last generation's active tiles: its list's length, read now. */
static golcl_status sparse_stats(const golcl_stepper *s, golcl_stepper_stats *out) {
  const sparse_state *z = s->state;
  if (!out->tiles_total || !z->count) return GOLCL_OK;
  cl_uint n = 0;
  cl_int err =
      clEnqueueReadBuffer(s->ctx->queue, z->count, CL_TRUE, 0, sizeof n, &n, 0, NULL, NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueReadBuffer (sparse count)");
  out->tiles_computed = n;
  return GOLCL_OK;
}

static golcl_status sparse_prepare(golcl_stepper *s, golcl_grid *g) {
  golcl__program_entry *conv;
  (void)g;
  return golcl__program(s->ctx, "life/layout_bitrow.cl", "", &conv);
}

static void sparse_destroy(golcl_stepper *s) {
  sparse_state *z = s->state;
  if (z) release(z);
  free(z);
}

const golcl__stepper_ops golcl__stepper_sparse = {
    .kind = GOLCL_STEPPER_SPARSE,
    .layout = GOLCL_LAYOUT_BITROW,
    .init = sparse_init,
    .supports = sparse_supports,
    .plan = sparse_plan,
    .prepare = sparse_prepare,
    .args = sparse_args,
    .each = sparse_each,
    .done = sparse_done,
    .stats = sparse_stats,
    .destroy = sparse_destroy,
};
