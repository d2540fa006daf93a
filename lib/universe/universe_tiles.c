/* universe_tiles.c — the universe's cells as 64×64 tiles and back, for
 * both tile engines (the device's sparse.h, the host's hosttiles.h): the
 * quadtree's leaves gathered into tiles, and an engine's tiles read back into
 * a new store. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

typedef struct tile_map {
  int64_t *tx, *ty;
  uint64_t *rows; /* GOLCL__TILE a tile */
  uint8_t *used;
  size_t cap, n;
} tile_map;

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
    int64_t y = y0 + r, x = x0;
    int64_t tx = golcl__floor_div(x, GOLCL__TILE), ty = golcl__floor_div(y, GOLCL__TILE);
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

golcl_status golcl__universe_to_tiles(golcl_universe *u, golcl__tile_fn fn, void *user) {
  tile_map m;
  memset(&m, 0, sizeof m);
  golcl_status st = golcl__hl_leaves(&u->hl, leaf_to_tiles, &m);
  for (size_t i = 0; i < m.cap && st == GOLCL_OK; i++)
    if (m.used[i]) st = fn(user, m.tx[i], m.ty[i], m.rows + i * GOLCL__TILE);
  free(m.tx), free(m.ty), free(m.rows), free(m.used);
  return st;
}

golcl_status golcl__universe_from_tiles(golcl_universe *u, golcl__tile_walk walk, void *engine) {
  golcl__hl h;
  golcl_status st = golcl__hl_init(&h, u->opts.max_memory);
  if (st != GOLCL_OK) return st;
  golcl__hl_set_rule(&h, u->hl.table);
  golcl__leaf_map m;
  memset(&m, 0, sizeof m);
  st = walk(engine, tile_to_leaves, &m);
  if (st == GOLCL_OK) st = golcl__leaf_map_flush(&m, &h);
  golcl__leaf_map_free(&m);
  if (st != GOLCL_OK) {
    golcl__hl_free(&h);
    return st;
  }
  golcl__universe_take_store(u, &h);
  return GOLCL_OK;
}
