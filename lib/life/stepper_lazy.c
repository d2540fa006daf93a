/* stepper_lazy.c — launches cl/life/lazy.cl: the halo kernel on tiles with
 * activity flags, recomputing only tiles whose 3 × 3 tile neighbourhood
 * changed in the previous generation.
 *
 * Skipping a tile is exact only while both grid buffers hold this stepper's
 * last two generations and the flags describe the last one. The stepper
 * remembers what it left (grid, epoch, generation, buffers, rule, tile); any
 * difference — cells written, randomized, cleared or placed, a layout switch,
 * another stepper having run, the generation or rule set, the buffer handed
 * out by golcl_grid_buffer — makes the next generation compute every tile.
 *
 * The tiles the last generation computed (golcl_stepper_get_stats) are
 * counted when asked: a run only queues work and returns, and
 * golcl_stepper_get_stats reads the flags the last generation wrote. */
#include "life.h"

#include <stdlib.h>
#include <string.h>

typedef struct lazy_state {
  cl_mem flags[2]; /* one byte per tile; a generation reads flags[p], writes flags[1 - p] */
  size_t nflags;   /* tiles each array holds */
  int p;
  cl_int all;       /* the next launch computes every tile */
  uint8_t *host;    /* nflags bytes: the last flags, read back to count computed tiles */
  size_t uncounted; /* tiles of the last run's flags not yet counted, or 0 */
  cl_mem last;      /* the flags its last generation wrote */
  uint64_t computed;
  /* what the last run left; valid = 0 until a run completed */
  int valid;
  const golcl_grid *grid;
  uint64_t epoch, generation;
  cl_mem cur, spare;
  uint64_t rule_epoch; /* the grid's rule when it ran */
  uint32_t tile[2];
} lazy_state;

static golcl_status lazy_init(golcl_stepper *s) {
  golcl_status st = golcl__tiling_check_opts(s);
  if (st != GOLCL_OK) return st;
  s->state = calloc(1, sizeof(lazy_state));
  return s->state ? GOLCL_OK : golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
}

/* Counts the tiles that the last run's last generation computed (bit 1 of
 * the flags it wrote), once: a blocking read, after that run's work. */
static golcl_status count_computed(const golcl_stepper *s, lazy_state *z) {
  if (!z->uncounted) return GOLCL_OK;
  cl_int err =
      clEnqueueReadBuffer(s->ctx->queue, z->last, CL_TRUE, 0, z->uncounted, z->host, 0, NULL, NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueReadBuffer (lazy flags)");
  uint64_t c = 0;
  for (size_t i = 0; i < z->uncounted; i++) c += (z->host[i] >> 1) & 1u;
  z->computed = c;
  z->uncounted = 0;
  return GOLCL_OK;
}

static void release_flags(lazy_state *z) {
  for (int i = 0; i < 2; i++)
    if (z->flags[i]) clReleaseMemObject(z->flags[i]);
  z->flags[0] = z->flags[1] = NULL;
  free(z->host);
  z->host = NULL;
  z->nflags = 0;
  z->valid = 0;
}

static void lazy_destroy(golcl_stepper *s) {
  if (s->state) release_flags(s->state);
  free(s->state);
  s->state = NULL;
}

static golcl_status lazy_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                              golcl__plan *p) {
  (void)info;
  return golcl__tiled_plan(s, g, "life/lazy.cl", "lazy_step", p);
}

/* Flag arrays for n tiles (kept if large enough). */
static golcl_status ensure_flags(golcl_stepper *s, size_t n) {
  lazy_state *z = s->state;
  if (z->nflags >= n) return GOLCL_OK;
  release_flags(z);
  z->host = malloc(n);
  if (!z->host) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status st = golcl__buffer(s->ctx, n, CL_MEM_READ_WRITE, &z->flags[0]);
  if (st == GOLCL_OK) st = golcl__buffer(s->ctx, n, CL_MEM_READ_WRITE, &z->flags[1]);
  if (st != GOLCL_OK) {
    release_flags(z);
    return st;
  }
  z->nflags = n;
  return GOLCL_OK;
}

/* Tiles of the grid: one work-group each. */
static size_t tiles(const golcl__plan *p) {
  return (p->global[0] / p->local[0]) * (p->global[1] / p->local[1]);
}

/* 1 if the grid is as the last run left it, so that the flags still hold. */
static int continues(const lazy_state *z, const golcl_grid *g, const golcl__plan *p) {
  return z->valid && z->grid == g && z->epoch == g->epoch && z->generation == g->generation &&
         z->cur == g->cur && z->spare == g->spare && z->rule_epoch == g->rule_epoch &&
         z->tile[0] == p->tile[0] && z->tile[1] == p->tile[1];
}

static golcl_status lazy_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                              uint32_t gens) {
  lazy_state *z = s->state;
  z->uncounted = 0; /* this run's flags replace the last one's */
  golcl_status st = ensure_flags(s, tiles(p));
  if (st != GOLCL_OK) return st;
  z->all = !continues(z, g, p);
  z->valid = 0; /* until this run completes */
  return golcl__args_size_rule(s, g, p, gens);
}

/* The flags this generation reads and writes, and whether it computes all. */
static golcl_status lazy_each(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  (void)g;
  lazy_state *z = s->state;
  cl_int err = clSetKernelArg(p->kernel, 5, sizeof(cl_mem), &z->flags[z->p]);
  if (err == CL_SUCCESS) err = clSetKernelArg(p->kernel, 6, sizeof(cl_mem), &z->flags[1 - z->p]);
  if (err == CL_SUCCESS) err = clSetKernelArg(p->kernel, 7, sizeof(cl_int), &z->all);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clSetKernelArg (lazy flags)");
  z->p = 1 - z->p; /* for the next generation: the values above are set already */
  z->all = 0;
  return GOLCL_OK;
}

/* Remembers the flags to count and what the run left. */
static golcl_status lazy_done(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  lazy_state *z = s->state;
  z->last = z->flags[z->p]; /* written by the last generation */
  z->uncounted = tiles(p);
  s->stats.tiles_total = z->uncounted;
  z->valid = 1;
  z->grid = g;
  z->epoch = g->epoch;
  z->generation = g->generation;
  z->cur = g->cur;
  z->spare = g->spare;
  z->rule_epoch = g->rule_epoch;
  memcpy(z->tile, p->tile, sizeof z->tile);
  return GOLCL_OK;
}

static golcl_status lazy_stats(const golcl_stepper *s, golcl_stepper_stats *out) {
  lazy_state *z = s->state;
  golcl_status st = count_computed(s, z);
  if (out->tiles_total) out->tiles_computed = z->computed;
  return st;
}

/* Mask rules only, and not a B0 rule without Smax: its table changes every
 * generation, so a tile unchanged in one generation may change in the next
 * with no neighbour changing, which the activity flags cannot see. */
static golcl_status lazy_supports(golcl_stepper *s, const golcl_grid *g) {
  if (g->alternates)
    return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                       "the lazy stepper cannot run a B0 rule without Smax (Golly's emulation "
                       "changes the table every generation, which its activity flags miss)");
  return golcl__tiled_bs_supports(s, g);
}

const golcl__stepper_ops golcl__stepper_lazy = {
    .kind = GOLCL_STEPPER_LAZY,
    .layout = GOLCL_LAYOUT_BYTES,
    .init = lazy_init,
    .supports = lazy_supports,
    .plan = lazy_plan,
    .args = lazy_args,
    .each = lazy_each,
    .done = lazy_done,
    .stats = lazy_stats,
    .destroy = lazy_destroy,
};
