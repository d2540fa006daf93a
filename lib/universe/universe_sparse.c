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

static void sparse_free(golcl_universe *u) {
  golcl__sparse_destroy(u->sparse);
  u->sparse = NULL;
  u->sparse_stale = 0;
}

/* Puts the tree's cells on the engine: a new one, or the kept one emptied. */
static golcl_status upload(golcl_universe *u) {
  if (!u->ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "universe: the sparse algorithm needs a context");
  golcl_status st;
  if (u->sparse) {
    st = golcl__sparse_clear(u->sparse);
  } else {
    golcl_rule_table t = u->table;
    golcl_rule_table_at(&u->table, 0, t.next); /* B0 with S8: its fixed complement table */
    st = golcl__sparse_create(u->ctx, &t, &u->sparse);
  }
  if (st != GOLCL_OK) return st;
  u->sparse_stale = 0;
  st = golcl__universe_to_tiles(u, put, u->sparse);
  if (st != GOLCL_OK) sparse_free(u);
  return st;
}

static int holds(const golcl_universe *u) { return u->sparse && !u->sparse_stale; }

/* All or none: the device runs every generation or fails. */
static golcl_status run(golcl_universe *u, uint64_t gens, uint64_t *done) {
  golcl_status st = golcl__sparse_run(u->sparse, gens);
  *done = st == GOLCL_OK ? gens : 0;
  return st;
}

static golcl_status store(golcl_universe *u) {
  return golcl__universe_from_tiles(u, walk, u->sparse);
}

static void forget(golcl_universe *u) { u->sparse_stale = u->sparse != NULL; }

static void stats(const golcl_universe *u, golcl_universe_stats *out) {
  uint64_t tiles = 0, bytes = 0;
  if (u->sparse) golcl__sparse_stats(u->sparse, &tiles, &bytes, NULL);
  out->tiles += tiles;
  out->device_bytes += bytes;
}

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
    .can = can,
    .run = run,
    .holds = holds,
    .load = upload,
    .store = store,
    .forget = forget,
    .stats = stats,
    .free = sparse_free,
};
