/* universe_hosttiles.c — the universe's cells through the host tiles
 * (hosttiles.h): the tree's tiles (universe_tiles.c) put on the engine, the
 * run, and the tiles read back into a new store. The engine is kept while
 * the tree and it hold the same cells (consecutive runs: a progress line).
 * Multi-state cells have their own engine, the host tiles of states
 * (universe_mstiles.c). */
#include "universe.h"

static golcl_status put(void *engine, int64_t tx, int64_t ty, const uint64_t rows[GOLCL__TILE]) {
  return golcl__htiles_put_tile(engine, tx, ty, rows);
}

static golcl_status walk(void *engine, golcl__tile_fn fn, void *user) {
  return golcl__htiles_get_tiles(engine, fn, user);
}

/* The universe's rule as HashLife decoded it (u->hl: the table it runs, B0 with S8 as its
 * fixed complement) is the host tiles' rule. */
static int can(const golcl_universe *u) { return u->hl.totalistic && !(u->hl.birth & 1); }

static golcl_status load(golcl_universe *u, void **engine) {
  golcl_status st = GOLCL_OK;
  if (*engine) {
    golcl__htiles_clear(*engine);
  } else if (!u->hl.totalistic) {
    st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "host tiles: the rule is not outer totalistic (it sees where the "
                     "neighbours are, not only how many)");
  } else {
    golcl__htiles *t = NULL;
    st = golcl__htiles_create(u->hl.birth, u->hl.survive, &t);
    *engine = t;
  }
  if (st == GOLCL_OK) st = golcl__universe_to_tiles(u, put, *engine);
  return st;
}

static golcl_status run(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done) {
  (void)u;
  return golcl__htiles_run(engine, gens, done);
}

static golcl_status store(golcl_universe *u, void *engine) {
  return golcl__universe_from_tiles(u, walk, engine);
}

static golcl_status count(void *user, int64_t tx, int64_t ty, const uint64_t rows[GOLCL__TILE]) {
  (void)tx, (void)ty;
  for (int k = 0; k < GOLCL__TILE; k++)
    *(uint64_t *)user += (uint64_t)__builtin_popcountll(rows[k]);
  return GOLCL_OK;
}

static golcl_status population(void *engine, uint64_t *out) {
  *out = 0;
  return golcl__htiles_get_tiles(engine, count, out);
}

static void stats(void *engine, golcl_universe_stats *out) {
  golcl__htiles_stats hs;
  golcl__htiles_get_stats(engine, &hs);
  out->tiles += hs.tiles;
  out->host_tile_bytes += hs.bytes;
}

static void destroy(void *engine) { golcl__htiles_destroy(engine); }

const golcl__uengine golcl__uengine_htiles = {
    .algo = GOLCL_UNIVERSE_HOST_TILES,
    .kinds = GOLCL__UE_TWO,
    .chunks = 1,
    .kept = GOLCL__UK_HTILES,
    .can = can,
    .load = load,
    .run = run,
    .store = store,
    .population = population,
    .stats = stats,
    .destroy = destroy,
};
