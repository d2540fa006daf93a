/* universe_mstiles.c — multi-state cells through the host tiles of states
 * (mstiles.h): the tree's 4×4 leaves put on the engine, the run, and the
 * tiles read back row by row into a new store (universe_ms_rle.c's leaf
 * builder; golcl__universe_ms_from_tiles, which the device tiles of states
 * use too). The engine is kept while the tree and it hold the same cells. */
#include "universe.h"

#include <stdlib.h>

/* Every rule the universe takes whose reach the tiles' frame holds. */
static int can(const golcl_universe *u) { return golcl_msrule_reach(&u->msrule) <= GOLCL__MSTILE; }

static golcl_status put_leaf(void *engine, int64_t x0, int64_t y0, const uint8_t cells[16]) {
  return golcl__mstiles_put(engine, x0, y0, cells, 4, 4);
}

static golcl_status load(golcl_universe *u, void **engine) {
  golcl_status st = GOLCL_OK;
  if (*engine) {
    golcl__mstiles_clear(*engine);
  } else {
    golcl__mstiles *t = NULL;
    st = golcl__mstiles_create(&u->msrule, &t);
    *engine = t;
  }
  if (st == GOLCL_OK) st = golcl__hl_leaves4(&u->hl, 0, 0, put_leaf, *engine);
  return st;
}

/* The engine's tiles (pointers valid until its next run), north to south. */
typedef struct tile_list {
  int64_t *tx, *ty;
  const uint8_t **cells;
  size_t n, cap;
} tile_list;

static golcl_status list_tile(void *user, int64_t tx, int64_t ty, const uint8_t *cells) {
  tile_list *l = user;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 256;
    int64_t *a = realloc(l->tx, cap * sizeof *a);
    if (a) l->tx = a;
    int64_t *b = realloc(l->ty, cap * sizeof *b);
    if (b) l->ty = b;
    const uint8_t **c = realloc(l->cells, cap * sizeof *c);
    if (c) l->cells = c;
    if (!a || !b || !c) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    l->cap = cap;
  }
  l->tx[l->n] = tx, l->ty[l->n] = ty, l->cells[l->n++] = cells;
  return GOLCL_OK;
}

typedef struct runs_src {
  const tile_list *l;
  int64_t ox, oy; /* the box's top-left cell */
} runs_src;

/* The tiles' runs, a row of tiles at a time and within it row by row, so
 * that the rows come in order. */
static golcl_status tile_runs(void *src, golcl__ms_run_put put, void *sink) {
  const runs_src *rs = src;
  const tile_list *l = rs->l;
  const int64_t S = GOLCL__MSTILE;
  for (size_t i = 0; i < l->n;) {
    size_t j = i;
    while (j < l->n && l->ty[j] == l->ty[i]) j++;
    for (int64_t r = 0; r < S; r++)
      for (size_t k = i; k < j; k++) {
        const uint8_t *row = l->cells[k] + r * S;
        for (int64_t c = 0; c < S;) {
          int64_t e = c + 1;
          while (e < S && row[e] == row[c]) e++;
          if (row[c] && put(sink, l->tx[k] * S + c - rs->ox, l->ty[k] * S + r - rs->oy,
                            (uint64_t)(e - c), row[c]) != 0)
            return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
          c = e;
        }
      }
    i = j;
  }
  return GOLCL_OK;
}

golcl_status golcl__universe_ms_from_tiles(golcl_universe *u, golcl__ms_tile_walk walk,
                                           void *engine) {
  tile_list l = {0};
  golcl_status st = walk(engine, list_tile, &l);
  golcl__hl h;
  if (st == GOLCL_OK) {
    int64_t x0 = 0, x1 = 0;
    for (size_t i = 0; i < l.n; i++) {
      if (!i || l.tx[i] < x0) x0 = l.tx[i];
      if (!i || l.tx[i] > x1) x1 = l.tx[i];
    }
    const int64_t S = GOLCL__MSTILE;
    runs_src rs = {&l, x0 * S, l.n ? l.ty[0] * S : 0};
    uint64_t w = l.n ? (uint64_t)(x1 - x0 + 1) * S : 0;
    uint64_t hh = l.n ? (uint64_t)(l.ty[l.n - 1] - l.ty[0] + 1) * S : 0;
    st = golcl__universe_ms_store_of_runs(u, &u->msrule, rs.ox, rs.oy, w, hh, tile_runs, &rs, &h);
  }
  free(l.tx), free(l.ty), free(l.cells);
  if (st != GOLCL_OK) return st;
  golcl__universe_take_store(u, &h);
  return GOLCL_OK;
}

static golcl_status walk(void *engine, golcl__mstile_fn fn, void *user) {
  return golcl__mstiles_get_tiles(engine, fn, user);
}

static golcl_status store(golcl_universe *u, void *engine) {
  return golcl__universe_ms_from_tiles(u, walk, engine);
}

static golcl_status run(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done) {
  (void)u;
  return golcl__mstiles_run(engine, gens, done);
}

static void stats(void *engine, golcl_universe_stats *out) {
  golcl__htiles_stats ms;
  golcl__mstiles_get_stats(engine, &ms);
  out->tiles += ms.tiles;
  out->host_tile_bytes += ms.bytes;
}

static void destroy(void *engine) { golcl__mstiles_destroy(engine); }

const golcl__uengine golcl__uengine_mstiles = {
    .algo = GOLCL_UNIVERSE_HOST_TILES,
    .kinds = GOLCL__UE_MS,
    .chunks = 1,
    .kept = GOLCL__UK_MSTILES,
    .can = can,
    .load = load,
    .run = run,
    .store = store,
    .stats = stats,
    .destroy = destroy,
};
