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

/* Puts the tree's cells on the engine: a new one, or the kept one emptied. */
static golcl_status upload(golcl_universe *u) {
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
  if (st != GOLCL_OK) golcl__universe_sparse_free(u);
  return st;
}

golcl_status golcl__universe_run_sparse(golcl_universe *u, uint64_t gens, int sync) {
  if (!u->ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "universe: the sparse algorithm needs a context");
  golcl_status st = u->sparse && !u->sparse_stale ? GOLCL_OK : upload(u);
  if (st == GOLCL_OK) st = golcl__sparse_run(u->sparse, gens);
  if (st != GOLCL_OK) return st;
  if (!sync) { /* the next chunk goes on from the engine */
    u->generation += gens;
    return GOLCL_OK;
  }
  /* the cells back into a new store */
  st = golcl__universe_from_tiles(u, walk, u->sparse);
  if (st != GOLCL_OK) {
    golcl__universe_sparse_free(u); /* the engine is ahead of the tree now */
    return st;
  }
  u->generation += gens;
  return GOLCL_OK;
}

void golcl__universe_sparse_free(golcl_universe *u) {
  golcl__sparse_destroy(u->sparse);
  u->sparse = NULL;
  u->sparse_stale = 0;
}

void golcl__universe_sparse_forget(golcl_universe *u) { u->sparse_stale = u->sparse != NULL; }

void golcl__universe_sparse_stats(const golcl_universe *u, uint64_t *tiles, uint64_t *bytes) {
  *tiles = *bytes = 0;
  if (u->sparse) golcl__sparse_stats(u->sparse, tiles, bytes, NULL);
}
