/* universe_mstiles_gpu.c — multi-state cells through the device tiles of
 * states (mstiles_gpu.h), GOLCL_UNIVERSE_SPARSE for multi-state cells: the
 * tree's 4×4 leaves put on the engine, the run on the device, and the
 * tiles read back into a new store (golcl__universe_ms_from_tiles, as the
 * host tiles of states). The engine is kept while the tree and it hold the
 * same cells, so that the chunks of a watched run cross the bus once. */
#include "universe.h"

/* Every rule the universe takes whose reach the tiles' frame holds. */
static int can(const golcl_universe *u) { return golcl_msrule_reach(&u->msrule) <= GOLCL__MSTILE; }

static golcl_status put_leaf(void *engine, int64_t x0, int64_t y0, const uint8_t cells[16]) {
  return golcl__mstiles_gpu_put(engine, x0, y0, cells, 4, 4);
}

static golcl_status load(golcl_universe *u, void **engine) {
  if (!u->ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "universe: the sparse algorithm needs a context");
  golcl_status st;
  if (*engine) {
    st = golcl__mstiles_gpu_clear(*engine);
  } else {
    golcl__mstiles_gpu *t = NULL;
    st = golcl__mstiles_gpu_create(u->ctx, &u->msrule, &t);
    *engine = t;
  }
  if (st == GOLCL_OK) st = golcl__hl_leaves4(&u->hl, 0, 0, put_leaf, *engine);
  return st;
}

static golcl_status run(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done) {
  (void)u;
  return golcl__mstiles_gpu_run(engine, gens, done);
}

static golcl_status walk(void *engine, golcl__mstile_fn fn, void *user) {
  return golcl__mstiles_gpu_get_tiles(engine, fn, user);
}

static golcl_status store(golcl_universe *u, void *engine) {
  return golcl__universe_ms_from_tiles(u, walk, engine);
}

static void stats(void *engine, golcl_universe_stats *out) {
  golcl__mstiles_gpu_stats g;
  golcl__mstiles_gpu_get_stats(engine, &g);
  out->tiles += g.tiles;
  out->device_bytes += g.device_bytes;
}

static void destroy(void *engine) { golcl__mstiles_gpu_destroy(engine); }

const golcl__uengine golcl__uengine_mstiles_gpu = {
    .algo = GOLCL_UNIVERSE_SPARSE,
    .kinds = GOLCL__UE_MS,
    .device = 1,
    .chunks = 1,
    .kept = GOLCL__UK_MSTILES_GPU,
    .can = can,
    .load = load,
    .run = run,
    .store = store,
    .stats = stats,
    .destroy = destroy,
};
