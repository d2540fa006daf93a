/* stepper_sparse.c — SPARSE: cl/life/sparse.cl on the BITROW layout. MULTI's
 * register tiles (up to gens_per_launch generations a launch), computed only
 * where the launch before saw a change nearby; the list of those tiles is
 * built on the device by the launch before, so a launch is one command and
 * a run has no host round trip. State kept between launches (flags, lists,
 * counts, launch parity) is trusted only while the grid is as the last
 * launch left it (grid, epoch, generation, buffers, rule, tile grid); else
 * the run starts with every tile active and the spare buffer a copy of the
 * cells.
 *
 * Options as MULTI's (local_w × local_h work-group, local_w words of tile
 * width with one halo word each side; tile_h rows with the halo, at least
 * 3 × gens_per_launch, at most GOLCL__MR_MAX_ROWS a work-item). Statistics:
 * tiles_total, and tiles_computed (the last launch's list, read from the
 * device when asked). */
#include "bitslice.h"

#include <stdlib.h>

/* Without options, measured on an H200 (docs/benchmarks.md, a glider gun in
 * a 32768² torus): the register tile of 32 × 8 work-items, 64 rows (32
 * inside, 8 a work-item), 16 generations a launch — small tiles and short
 * launches, so that a quiet field costs little. */
static const golcl_stepper_opts DEFAULT_SHAPE = {
    .local_w = 32, .local_h = 8, .tile_h = 64, .gens_per_launch = 16};
/* Work-groups that walk the list, per compute unit. */
#define GROUPS_PER_CU 8

typedef struct sparse_state {
  golcl__multi_shape shape;
  cl_mem flags[2], list[2], count[3]; /* for ntiles tiles */
  size_t ntiles;
  cl_kernel all;
  uint64_t launch; /* launches since the lists were started */
  uint32_t gens;   /* generations of the launches the arguments are set for */
  int valid;       /* the grid as the last launch leaves it, below */
  const golcl_grid *grid;
  uint64_t epoch, generation;
  cl_mem cur, spare;
  uint64_t rule_epoch;
  uint32_t nx, ny;
} sparse_state;

static golcl_status sparse_init(golcl_stepper *s) {
  sparse_state *z = calloc(1, sizeof *z);
  if (!z) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s->state = z;
  golcl_stepper_opts o = s->opts;
  int none = !o.local_w && !o.local_h && !o.tile_w && !o.tile_h && !o.gens_per_launch;
  if (none && golcl__multi_resolve(s, &DEFAULT_SHAPE, &z->shape) == GOLCL_OK) {
    golcl__clear_error(s->ctx);
    return GOLCL_OK;
  }
  /* what the options leave open, from the default shape where it fits */
  if (!o.local_w && !o.tile_w) o.local_w = DEFAULT_SHAPE.local_w;
  if (!o.local_h && (!o.tile_h || o.tile_h % DEFAULT_SHAPE.local_h == 0))
    o.local_h = DEFAULT_SHAPE.local_h;
  golcl_status st = golcl__multi_resolve(s, &o, &z->shape);
  if (st != GOLCL_OK) return st;
  const golcl__multi_shape *m = &z->shape;
  if (m->ms > GOLCL__MR_MAX_ROWS)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "sparse: tile_h %u is %u rows a work-item; at most %d (the rows are kept "
                       "in registers)",
                       (unsigned)(m->my * m->ms), (unsigned)m->ms, GOLCL__MR_MAX_ROWS);
  if ((uint64_t)m->my * m->ms < 3ull * m->g)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "sparse: tile_h %u is below 3 × gens_per_launch %u (a tile's inside must "
                       "be as deep as a launch reaches)",
                       (unsigned)(m->my * m->ms), (unsigned)m->g);
  return GOLCL_OK;
}

/* The tile grid: nx × ny tiles of (mx-2) words × (my·ms - 2g) rows. */
static size_t tiles_of(const golcl_stepper *s, const golcl_grid *g, uint64_t *nx, uint64_t *ny) {
  const golcl__multi_shape *m = &((const sparse_state *)s->state)->shape;
  uint64_t words = ((uint64_t)g->w + 31) / 32, rows_in = (uint64_t)m->my * m->ms - 2u * m->g;
  *nx = (words + m->mx - 3) / (m->mx - 2);
  *ny = ((uint64_t)g->h + rows_in - 1) / rows_in;
  return (size_t)(*nx * *ny);
}

static golcl_status sparse_supports(golcl_stepper *s, const golcl_grid *g) {
  golcl_status st = golcl__bitslice_supports(s, g);
  if (st != GOLCL_OK) return st;
  uint64_t nx, ny;
  if (tiles_of(s, g, &nx, &ny) >= 0x80000000u)
    return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                       "sparse: a %ux%u grid has 2^31 tiles or more (raise tile_h)", (unsigned)g->w,
                       (unsigned)g->h);
  return GOLCL_OK;
}

static golcl_status sparse_plan(golcl_stepper *s, const golcl_grid *g,
                                const golcl_layout_info *info, golcl__plan *p) {
  (void)info;
  sparse_state *z = s->state;
  const golcl__multi_shape *m = &z->shape;
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__multi_define(m, &o);
  golcl__opts_define(&o, "GOLCL_MR_TRACK", 1);
  golcl__opts o2 = o;
  golcl_status st = golcl__bitslice_kernel(s, g, "life/sparse.cl", "sparse_run", &o, &p->kernel);
  /* the helper kernel of the same program (same options) */
  if (st == GOLCL_OK) st = golcl__bitslice_kernel(s, g, "life/sparse.cl", "sparse_all", &o2, &z->all);
  p->local[0] = m->mx;
  p->local[1] = m->my;
  if (st == GOLCL_OK) st = golcl__wg_fits(s, p->kernel, p->local);
  if (st != GOLCL_OK) return st;
  uint64_t nx, ny;
  size_t n = tiles_of(s, g, &nx, &ny), groups = (size_t)s->ctx->info.compute_units * GROUPS_PER_CU;
  p->global[0] = (n < groups ? n : groups) * m->mx;
  p->global[1] = m->my;
  p->tile[0] = 32 * (m->mx - 2);
  p->tile[1] = m->my * m->ms - 2 * m->g;
  p->gens_per_launch = m->g;
  return GOLCL_OK;
}

static void release(sparse_state *z) {
  for (int i = 0; i < 3; i++) {
    if (i < 2 && z->flags[i]) clReleaseMemObject(z->flags[i]);
    if (i < 2 && z->list[i]) clReleaseMemObject(z->list[i]);
    if (z->count[i]) clReleaseMemObject(z->count[i]);
    if (i < 2) z->flags[i] = z->list[i] = NULL;
    z->count[i] = NULL;
  }
  z->ntiles = 0;
  z->valid = 0;
}

static golcl_status ensure_buffers(golcl_stepper *s, size_t n) {
  sparse_state *z = s->state;
  if (z->ntiles == n) return GOLCL_OK;
  release(z);
  golcl_status st = GOLCL_OK;
  for (int i = 0; i < 3 && st == GOLCL_OK; i++) {
    if (i < 2) st = golcl__buffer(s->ctx, n * 4, CL_MEM_READ_WRITE, &z->flags[i]);
    if (i < 2 && st == GOLCL_OK) st = golcl__buffer(s->ctx, n * 4, CL_MEM_READ_WRITE, &z->list[i]);
    if (st == GOLCL_OK) st = golcl__buffer(s->ctx, 4, CL_MEM_READ_WRITE, &z->count[i]);
  }
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

/* From an unknown state: both buffers equal, every flag and count 0, and
 * the list of this launch's parity every tile. */
static golcl_status start_lists(golcl_stepper *s, golcl_grid *g) {
  sparse_state *z = s->state;
  cl_uint zero = 0, n = (cl_uint)z->ntiles;
  cl_int err =
      clEnqueueCopyBuffer(s->ctx->queue, g->cur, g->spare, 0, 0, g->info.bytes, 0, NULL, NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueCopyBuffer");
  golcl_status st = GOLCL_OK;
  for (int i = 0; i < 3 && st == GOLCL_OK; i++) {
    if (i < 2) st = golcl__fill(s->ctx, z->flags[i], &zero, sizeof zero, 0, z->ntiles * 4);
    if (st == GOLCL_OK) st = golcl__fill(s->ctx, z->count[i], &zero, sizeof zero, 0, 4);
  }
  z->launch = 0;
  size_t global = z->ntiles;
  if (st == GOLCL_OK)
    st = golcl__args(s->ctx, z->all, GOLCL__ARG(z->list[0]), GOLCL__ARG(z->count[0]),
                     GOLCL__ARG(n), GOLCL__END);
  return st == GOLCL_OK ? golcl__launch_cover(s->ctx, z->all, 1, &global) : st;
}

static golcl_status sparse_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                uint32_t gens) {
  (void)p;
  sparse_state *z = s->state;
  uint64_t nx, ny;
  size_t n = tiles_of(s, g, &nx, &ny);
  golcl_status st = ensure_buffers(s, n);
  if (st != GOLCL_OK) return st;
  if (!continues(z, g) || z->nx != nx || z->ny != ny) {
    z->nx = (uint32_t)nx;
    z->ny = (uint32_t)ny;
    st = start_lists(s, g);
    if (st != GOLCL_OK) return st;
  }
  z->gens = gens;
  /* on a torus, a last tile column or row thinner than a launch's reach */
  const golcl__multi_shape *m = &z->shape;
  int torus = g->boundary == GOLCL_BOUNDARY_TORUS;
  uint64_t tw = 32ull * (m->mx - 2), th = (uint64_t)m->my * m->ms - 2u * m->g;
  cl_int thin_x = torus && g->w - (nx - 1) * tw < m->g;
  cl_int thin_y = torus && g->h - (ny - 1) * th < m->g;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  cl_int cgens = (cl_int)gens, cnx = (cl_int)nx, cny = (cl_int)ny;
  st = golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__ARG(cgens), GOLCL__END);
  cl_int tail[] = {cnx, cny, thin_x, thin_y}; /* arguments 13..16 */
  for (cl_uint i = 0; i < 4 && st == GOLCL_OK; i++)
    st = golcl__cl_fail(s->ctx, clSetKernelArg(p->kernel, 13 + i, sizeof tail[i], &tail[i]),
                        "clSetKernelArg (sparse)");
  return st;
}

/* Before every launch: this launch's list, count and flags, the next
 * launch's, and the count to zero (arguments 6..12, by launch parity). */
static golcl_status sparse_each(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  sparse_state *z = s->state;
  uint64_t k = z->launch++;
  /* the grid as this launch will leave it (a failed launch leaves another
   * generation: the next run starts over) */
  z->valid = 1;
  z->grid = g;
  z->epoch = g->epoch;
  z->generation = g->generation + z->gens;
  z->cur = g->spare;
  z->spare = g->cur;
  z->rule_epoch = g->rule_epoch;
  cl_mem a[] = {z->list[k & 1],       z->count[k % 3],       z->flags[k & 1],
                z->list[(k + 1) & 1], z->count[(k + 1) % 3], z->flags[(k + 1) & 1],
                z->count[(k + 2) % 3]};
  golcl_status st = GOLCL_OK;
  for (cl_uint i = 0; i < 7 && st == GOLCL_OK; i++)
    st = golcl__cl_fail(s->ctx, clSetKernelArg(p->kernel, 6 + i, sizeof a[i], &a[i]),
                        "clSetKernelArg (sparse lists)");
  return st;
}

static golcl_status sparse_done(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  (void)g;
  (void)p;
  s->stats.tiles_total = ((sparse_state *)s->state)->ntiles;
  return GOLCL_OK;
}

/* The last launch's active tiles: its list's length, read now. */
static golcl_status sparse_stats(const golcl_stepper *s, golcl_stepper_stats *out) {
  const sparse_state *z = s->state;
  if (!out->tiles_total || !z->launch) return GOLCL_OK;
  cl_uint n = 0;
  cl_int err = clEnqueueReadBuffer(s->ctx->queue, z->count[(z->launch - 1) % 3], CL_TRUE, 0,
                                   sizeof n, &n, 0, NULL, NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueReadBuffer (sparse count)");
  out->tiles_computed = n;
  return GOLCL_OK;
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
    .prepare = golcl__bitrow_prepare,
    .args = sparse_args,
    .each = sparse_each,
    .done = sparse_done,
    .stats = sparse_stats,
    .destroy = sparse_destroy,
};
