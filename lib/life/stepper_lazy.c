/* stepper_lazy.c — launches cl/life/lazy.cl: the halo kernel on tiles with
 * activity flags, recomputing only tiles whose 3 × 3 tile neighbourhood
 * changed in the previous generation.
 *
 * Skipping a tile is exact only while both grid buffers hold this stepper's
 * last two generations and the flags describe the last one. The stepper
 * remembers what it left (grid, epoch, generation, buffers, rule, tile); any
 * difference — cells written, randomized, cleared or placed, a layout switch,
 * another stepper having run, the generation or rule set, the buffer handed
 * out by golcl_grid_buffer — makes the next generation compute every tile. */
#include "life.h"

#include <stdlib.h>
#include <string.h>

typedef struct lazy_state {
  cl_mem flags[2]; /* one byte per tile; a generation reads flags[p], writes flags[1 - p] */
  size_t nflags;   /* tiles each array holds */
  int p;
  uint8_t *host; /* nflags bytes: the last flags, read back to count computed tiles */
  /* what the last run left; valid = 0 until a run completed */
  int valid;
  const golcl_grid *grid;
  uint64_t epoch, generation;
  cl_mem cur, spare;
  cl_uint rule;
  uint32_t tile[2];
} lazy_state;

static golcl_status lazy_init(golcl_stepper *s) {
  golcl_status st = golcl__tiling_check_opts(s);
  if (st != GOLCL_OK) return st;
  s->state = calloc(1, sizeof(lazy_state));
  return s->state ? GOLCL_OK : golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
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

static golcl_status lazy_prepare(golcl_stepper *s, golcl_grid *g) {
  golcl__tiling t;
  cl_kernel k;
  return golcl__tiled_kernel(s, g, "life/lazy.cl", "lazy_step", &t, &k);
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

/* 1 if the grid is as the last run left it, so that the flags still hold. */
static int continues(const lazy_state *z, const golcl_grid *g, const golcl__tiling *t) {
  return z->valid && z->grid == g && z->epoch == g->epoch && z->generation == g->generation &&
         z->cur == g->cur && z->spare == g->spare && z->rule == golcl__rule_mask(g->rule) &&
         z->tile[0] == t->tile[0] && z->tile[1] == t->tile[1];
}

/* Tiles computed by the last generation: bit 1 of the flags it wrote. */
static golcl_status count_computed(golcl_stepper *s, size_t n) {
  lazy_state *z = s->state;
  golcl_status st = golcl__cl_fail(
      s->ctx,
      clEnqueueReadBuffer(s->ctx->queue, z->flags[z->p], CL_TRUE, 0, n, z->host, 0, NULL, NULL),
      "clEnqueueReadBuffer");
  if (st != GOLCL_OK) return st;
  uint64_t c = 0;
  for (size_t i = 0; i < n; i++) c += (z->host[i] >> 1) & 1u;
  s->stats.tiles_total = n;
  s->stats.tiles_computed = c;
  return GOLCL_OK;
}

static golcl_status lazy_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  lazy_state *z = s->state;
  golcl__tiling t;
  cl_kernel k;
  golcl_status st = golcl__tiled_kernel(s, g, "life/lazy.cl", "lazy_step", &t, &k);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_BYTES);
  cl_mem spare;
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  size_t tx = ((size_t)g->w + t.tile[0] - 1) / t.tile[0];
  size_t ty = ((size_t)g->h + t.tile[1] - 1) / t.tile[1];
  if (st == GOLCL_OK) st = ensure_flags(s, tx * ty);
  if (st != GOLCL_OK) return st;
  cl_int all = !continues(z, g, &t);
  z->valid = 0; /* until this run completes */
  size_t global[2] = {tx * t.local[0], ty * t.local[1]};
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint rule = golcl__rule_mask(g->rule);
  for (uint64_t i = 0; i < gens; i++) {
    st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(rule), GOLCL__ARG(z->flags[z->p]),
                     GOLCL__ARG(z->flags[1 - z->p]), GOLCL__ARG(all), GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(s->ctx, k, 2, global, t.local);
    if (st != GOLCL_OK) return st;
    golcl__grid_swap(g);
    g->generation++;
    s->stats.launches++;
    z->p = 1 - z->p;
    all = 0;
  }
  st = count_computed(s, tx * ty);
  if (st != GOLCL_OK) return st;
  z->valid = 1;
  z->grid = g;
  z->epoch = g->epoch;
  z->generation = g->generation;
  z->cur = g->cur;
  z->spare = g->spare;
  z->rule = rule;
  memcpy(z->tile, t.tile, sizeof z->tile);
  return GOLCL_OK;
}

const golcl__stepper_ops golcl__stepper_lazy = {GOLCL_STEPPER_LAZY, lazy_init, lazy_prepare,
                                                lazy_run, lazy_destroy};
