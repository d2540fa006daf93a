/* universe_sparse.c — the universe's cells through the device's sparse
 * tiles (sparse.h): the quadtree's leaves gathered into 64×64 tiles and put
 * on the device, the run there, and the tiles read back into a new store.
 * The engine is kept while the tree and it hold the same cells, so that
 * consecutive sparse runs (a progress line, -i) cross the bus only to read. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

typedef struct tile_map {
  int64_t *tx, *ty;
  uint64_t *rows; /* GOLCL__TILE a tile */
  uint8_t *used;
  size_t cap, n;
} tile_map;

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((b - 1 - a) / b); }

static uint64_t *tile_at(tile_map *m, int64_t tx, int64_t ty) {
  if ((m->n + 1) * 2 > m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 256;
    tile_map g = {malloc(cap * sizeof(int64_t)),
                  malloc(cap * sizeof(int64_t)),
                  calloc(cap * GOLCL__TILE, sizeof(uint64_t)),
                  calloc(cap, 1),
                  cap,
                  m->n};
    if (!g.tx || !g.ty || !g.rows || !g.used) {
      free(g.tx), free(g.ty), free(g.rows), free(g.used);
      return NULL;
    }
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->used[i]) continue;
      size_t j = ((uint64_t)m->tx[i] * 0x9E3779B97F4A7C15ull ^ (uint64_t)m->ty[i]) & (cap - 1);
      while (g.used[j]) j = (j + 1) & (cap - 1);
      g.used[j] = 1, g.tx[j] = m->tx[i], g.ty[j] = m->ty[i];
      memcpy(g.rows + j * GOLCL__TILE, m->rows + i * GOLCL__TILE, GOLCL__TILE * sizeof(uint64_t));
    }
    free(m->tx), free(m->ty), free(m->rows), free(m->used);
    *m = g;
  }
  size_t j = ((uint64_t)tx * 0x9E3779B97F4A7C15ull ^ (uint64_t)ty) & (m->cap - 1);
  while (m->used[j] && (m->tx[j] != tx || m->ty[j] != ty)) j = (j + 1) & (m->cap - 1);
  if (!m->used[j]) m->used[j] = 1, m->tx[j] = tx, m->ty[j] = ty, m->n++;
  return m->rows + j * GOLCL__TILE;
}

static golcl_status leaf_to_tiles(void *user, int64_t x0, int64_t y0, uint64_t bits) {
  tile_map *m = user;
  for (int r = 0; r < 8; r++) {
    uint64_t row = bits >> (8 * r) & 0xff;
    if (!row) continue;
    int64_t y = y0 + r, x = x0, tx = floor_div(x, GOLCL__TILE), ty = floor_div(y, GOLCL__TILE);
    uint64_t *t = tile_at(m, tx, ty); /* leaves are 8-aligned in x: one tile holds the row */
    if (!t) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "universe: out of host memory");
    t[y - ty * GOLCL__TILE] |= row << (x - tx * GOLCL__TILE);
  }
  return GOLCL_OK;
}

static golcl_status tile_to_leaves(void *user, int64_t tx, int64_t ty,
                                   const uint64_t rows[GOLCL__TILE]) {
  return golcl__leaf_map_rows(user, tx * GOLCL__TILE, ty * GOLCL__TILE, rows, GOLCL__TILE);
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
  tile_map m;
  memset(&m, 0, sizeof m);
  st = golcl__hl_leaves(&u->hl, leaf_to_tiles, &m);
  for (size_t i = 0; i < m.cap && st == GOLCL_OK; i++)
    if (m.used[i])
      st = golcl__sparse_put_tile(u->sparse, m.tx[i], m.ty[i], m.rows + i * GOLCL__TILE);
  free(m.tx), free(m.ty), free(m.rows), free(m.used);
  if (st != GOLCL_OK) golcl__universe_sparse_free(u);
  return st;
}

golcl_status golcl__universe_run_sparse(golcl_universe *u, uint64_t gens) {
  if (!u->ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "universe: the sparse algorithm needs a context");
  golcl_status st = u->sparse && !u->sparse_stale ? GOLCL_OK : upload(u);
  if (st == GOLCL_OK) st = golcl__sparse_run(u->sparse, gens);
  if (st != GOLCL_OK) return st;
  /* the cells back into a new store */
  golcl__hl h;
  st = golcl__hl_init(&h, u->opts.max_memory);
  if (st != GOLCL_OK) return st;
  memcpy(h.table, u->hl.table, sizeof h.table);
  golcl__hl_set_rule(&h, u->hl.table);
  golcl__leaf_map m;
  memset(&m, 0, sizeof m);
  st = golcl__sparse_get_tiles(u->sparse, tile_to_leaves, &m);
  if (st == GOLCL_OK) st = golcl__leaf_map_flush(&m, &h);
  golcl__leaf_map_free(&m);
  if (st != GOLCL_OK) {
    golcl__hl_free(&h);
    golcl__universe_sparse_free(u); /* the engine is ahead of the tree now */
    return st;
  }
  golcl__hl_free(&u->hl);
  u->hl = h;
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
