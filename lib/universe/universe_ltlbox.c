/* universe_ltlbox.c — Larger than Life through the box that follows the
 * live cells (ltlbox.h): the tree's 4×4 leaves put into it, the run, and its
 * rows read back into a new store (universe_ms_rle.c's leaf builder). The
 * engine is kept while the tree and it hold the same cells. It is the host
 * algorithm (GOLCL_UNIVERSE_HOST_TILES) of Larger than Life, as Golly's own
 * algorithm holds it; the host tiles of states (universe_mstiles.c) run the
 * other families. */
#include "universe.h"
#include "ltlbox.h"

#include <stdlib.h>
#include <string.h>

/* Every Larger than Life rule (Golly's small LtL files run 1.6-4.6x faster
 * in the box than in the host tiles of states); with
 * GOLCL_UNIVERSE_TILES=states, only the ranges past a tile's side, so that
 * the tests run both engines. */
static int can(const golcl_universe *u) {
  const char *env = getenv("GOLCL_UNIVERSE_TILES");
  return u->msrule.family == GOLCL_MS_LTL &&
         (golcl_msrule_reach(&u->msrule) > GOLCL__MSTILE || !env || strcmp(env, "states") != 0);
}

static golcl_status put_leaf(void *engine, int64_t x0, int64_t y0, const uint8_t cells[16]) {
  return golcl__ltlbox_put(engine, x0, y0, cells, 4, 4);
}

static golcl_status load(golcl_universe *u, void **engine) {
  golcl_status st = GOLCL_OK;
  if (*engine) {
    golcl__ltlbox_clear(*engine);
  } else {
    golcl__ltlbox *b = NULL;
    st = golcl__ltlbox_create(&u->msrule, &b);
    *engine = b;
  }
  int64_t x = 0, y = 0;
  uint64_t w = 0, h = 0;
  if (st == GOLCL_OK) st = golcl__hl_bbox(&u->hl, &x, &y, &w, &h);
  if (st == GOLCL_OK) st = golcl__ltlbox_reserve(*engine, x, y, w, h);
  if (st == GOLCL_OK) st = golcl__hl_leaves4(&u->hl, 0, 0, put_leaf, *engine);
  return st;
}

/* The box's runs, row by row. */
static golcl_status box_runs(void *src, golcl__ms_run_put put, void *sink) {
  const golcl__ltlbox *b = src;
  int64_t x, y;
  uint64_t w, h;
  golcl__ltlbox_live(b, &x, &y, &w, &h);
  for (uint64_t r = 0; r < h; r++) {
    const uint8_t *row = golcl__ltlbox_row(b, r);
    for (uint64_t c = 0; c < w;) {
      uint64_t e = c + 1;
      while (e < w && row[e] == row[c]) e++;
      if (row[c] && put(sink, (int64_t)c, (int64_t)r, e - c, row[c]) != 0)
        return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      c = e;
    }
  }
  return GOLCL_OK;
}

/* The tree replaced by a new store of the box's cells. */
static golcl_status store(golcl_universe *u, void *engine) {
  int64_t x, y;
  uint64_t w, h;
  golcl__ltlbox_live(engine, &x, &y, &w, &h);
  golcl__hl t;
  golcl_status st = golcl__universe_ms_store_of_runs(u, &u->msrule, x, y, w, h, box_runs, engine, &t);
  if (st != GOLCL_OK) return st;
  golcl__universe_take_store(u, &t);
  return GOLCL_OK;
}

static golcl_status run(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done) {
  (void)u;
  return golcl__ltlbox_run(engine, gens, done);
}

static golcl_status population(void *engine, uint64_t *out) {
  *out = golcl__ltlbox_population(engine);
  return GOLCL_OK;
}

static void stats(void *engine, golcl_universe_stats *out) {
  uint64_t bytes, gens, cells;
  golcl__ltlbox_get_stats(engine, &bytes, &gens, &cells);
  out->host_tile_bytes += bytes;
}

static void destroy(void *engine) { golcl__ltlbox_destroy(engine); }

const golcl__uengine golcl__uengine_ltlbox = {
    .algo = GOLCL_UNIVERSE_HOST_TILES,
    .kinds = GOLCL__UE_MS,
    .chunks = 1,
    .kept = GOLCL__UK_LTLBOX,
    .can = can,
    .load = load,
    .run = run,
    .store = store,
    .population = population,
    .stats = stats,
    .destroy = destroy,
};
