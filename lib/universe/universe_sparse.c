/* universe_sparse.c — the universe's cells through the device's sparse
 * tiles (sparse.h): the tree's tiles (universe_tiles.c) put on the device,
 * the run there, and the tiles read back into a new store.
 * The engine is kept while the tree and it hold the same cells, so that
 * consecutive sparse runs (a progress line, -i) cross the bus only to read. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

static golcl_status put(void *engine, int64_t tx, int64_t ty, const uint64_t rows[GOLCL__TILE]) {
  return golcl__sparse_put_tile(engine, tx, ty, rows);
}

static golcl_status walk(void *engine, golcl__tile_fn fn, void *user) {
  return golcl__sparse_get_tiles(engine, fn, user);
}

/* Puts the tree's cells on the engine: the kept one emptied, or a new one. */
static golcl_status load(golcl_universe *u, void **engine) {
  if (!u->ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "universe: the sparse algorithm needs a context");
  golcl_status st;
  if (*engine) {
    st = golcl__sparse_clear(*engine);
  } else {
    golcl_rule_table t = u->table;
    golcl_rule_table_at(&u->table, 0, t.next); /* B0 with S8: its fixed complement table */
    golcl__sparse *s = NULL;
    st = golcl__sparse_create(u->ctx, &t, &s);
    *engine = s;
  }
  if (st == GOLCL_OK) st = golcl__universe_to_tiles(u, put, *engine);
  return st;
}

/* All or none: the device runs every generation or fails. */
static golcl_status run(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done) {
  (void)u;
  golcl_status st = golcl__sparse_run(engine, gens);
  *done = st == GOLCL_OK ? gens : 0;
  return st;
}

static golcl_status store(golcl_universe *u, void *engine) {
  return golcl__universe_from_tiles(u, walk, engine);
}

static void stats(void *engine, golcl_universe_stats *out) {
  uint64_t tiles = 0, bytes = 0;
  golcl__sparse_stats(engine, &tiles, &bytes, NULL);
  out->tiles += tiles;
  out->device_bytes += bytes;
}

static void destroy(void *engine) { golcl__sparse_destroy(engine); }

/* The rules the device's tiles run: one table for every generation,
 * without B0 (B0 with S8 in its complement form runs on the host tiles). */
static int can(const golcl_universe *u) {
  uint8_t a[512], b[512];
  golcl_rule_table_at(&u->table, 0, a);
  golcl_rule_table_at(&u->table, 1, b);
  return !a[0] && !memcmp(a, b, 512);
}

const golcl__uengine golcl__uengine_sparse = {
    .algo = GOLCL_UNIVERSE_SPARSE,
    .kinds = GOLCL__UE_TWO,
    .device = 1,
    .chunks = 1,
    .kept = GOLCL__UK_SPARSE,
    .can = can,
    .load = load,
    .run = run,
    .store = store,
    .stats = stats,
    .destroy = destroy,
};
