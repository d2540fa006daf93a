/* universe_hosttiles.c — the universe's cells through the host tiles
 * (hosttiles.h): the tree's tiles (universe_tiles.c) put on the engine, the
 * run, and the tiles read back into a new store. The engine is kept while
 * the tree and it hold the same cells (consecutive runs: a progress line).
 * Multi-state cells go to the host tiles of states (universe_mstiles.c). */
#include "universe.h"

static golcl_status put(void *engine, int64_t tx, int64_t ty, const uint64_t rows[GOLCL__TILE]) {
  return golcl__htiles_put_tile(engine, tx, ty, rows);
}

static golcl_status walk(void *engine, golcl__tile_fn fn, void *user) {
  return golcl__htiles_get_tiles(engine, fn, user);
}

/* The universe's rule as HashLife decoded it (u->hl: the table it runs, B0 with S8 as its
 * fixed complement) is the host tiles' rule. */
int golcl__universe_htiles_can(const golcl_universe *u) {
  if (u->ms) return golcl__universe_mstiles_can(u);
  return u->hl.totalistic && !(u->hl.birth & 1);
}

static golcl_status load(golcl_universe *u) {
  golcl_status st = GOLCL_OK;
  if (u->htiles)
    golcl__htiles_clear(u->htiles);
  else if (!u->hl.totalistic)
    st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "host tiles: the rule is not outer totalistic (it sees where the "
                     "neighbours are, not only how many)");
  else
    st = golcl__htiles_create(u->hl.birth, u->hl.survive, &u->htiles);
  if (st != GOLCL_OK) return st;
  u->htiles_stale = 0;
  st = golcl__universe_to_tiles(u, put, u->htiles);
  if (st != GOLCL_OK) golcl__universe_htiles_free(u);
  return st;
}

golcl_status golcl__universe_run_htiles(golcl_universe *u, uint64_t gens, int sync) {
  if (u->ms) return golcl__universe_run_mstiles(u, gens, sync);
  golcl_status st = u->htiles && !u->htiles_stale ? GOLCL_OK : load(u);
  uint64_t done = 0;
  if (st == GOLCL_OK) st = golcl__htiles_run(u->htiles, gens, &done);
  if (st != GOLCL_OK && !done) return st;
  if (st == GOLCL_OK && !sync) { /* the next chunk goes on from the engine */
    u->generation += done;
    return GOLCL_OK;
  }
  /* the cells back into a new store (those of the generation reached) */
  golcl_status back = golcl__universe_from_tiles(u, walk, u->htiles);
  if (back != GOLCL_OK) {
    golcl__universe_htiles_free(u); /* the engine is ahead of the tree now */
    return back;
  }
  u->generation += done;
  return st;
}

static golcl_status count(void *user, int64_t tx, int64_t ty, const uint64_t rows[GOLCL__TILE]) {
  (void)tx, (void)ty;
  for (int k = 0; k < GOLCL__TILE; k++) *(uint64_t *)user += (uint64_t)__builtin_popcountll(rows[k]);
  return GOLCL_OK;
}

/* The live cells of a two-state run left in the host tiles (sync 0), without the tree. */
golcl_status golcl__universe_htiles_population(golcl_universe *u, uint64_t *out) {
  *out = 0;
  if (u->ms || !u->htiles || u->htiles_stale)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "host tiles: no run of two states held");
  return golcl__htiles_get_tiles(u->htiles, count, out);
}

void golcl__universe_htiles_free(golcl_universe *u) {
  golcl__htiles_destroy(u->htiles);
  u->htiles = NULL;
  u->htiles_stale = 0;
  golcl__universe_mstiles_free(u);
}

void golcl__universe_htiles_forget(golcl_universe *u) {
  u->htiles_stale = u->htiles != NULL;
  u->mstiles_stale = u->mstiles != NULL;
}
