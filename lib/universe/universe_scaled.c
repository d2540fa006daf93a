/* universe_scaled.c — golcl_universe_read_scaled: the plane zoomed out, as
 * Golly draws it. Each pixel counts the cells of its block by state: a node
 * wholly inside the block adds its census (memoised per node for the call,
 * so shared subtrees count once), a node across the block's edge is opened;
 * so the cost follows the quadtree, not the cells. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

typedef struct scaler {
  const golcl__hl *h;
  unsigned ns;    /* states counted: 2 for two-state cells */
  uint32_t *slot; /* by node id: 1 + its census's index in pool, 0 not yet */
  uint64_t *pool; /* censuses of ns counts */
  size_t n, cap;  /* censuses in pool */
  int oom;
  uint64_t *acc;              /* a row of blocks' counts, ns a block */
  unsigned shift;             /* a block's side is 2^shift */
  int64_t bx0, by0, bx1, by1; /* the row of blocks, half-open */
} scaler;

static uint64_t sat(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

/* The cell (c, r) of a leaf (two-state: 8×8 bits; multi-state: 4×4 states). */
static unsigned leaf_cell(const golcl__hl *h, golcl__hl_id id, int c, int r) {
  const golcl__hl_node *m = &h->nodes[id];
  if (h->leaf_level == 3) {
    uint64_t b = (uint64_t)m->q[0] | (uint64_t)m->q[1] << 32;
    return (unsigned)(b >> (8 * r + c) & 1);
  }
  uint8_t s[16];
  golcl__hl_leaf4_cells(h, id, s);
  return s[4 * r + c];
}

/* The census of a node (ns counts), or NULL when out of memory. */
static const uint64_t *census(scaler *sc, golcl__hl_id id) {
  if (sc->slot[id]) return sc->pool + (size_t)(sc->slot[id] - 1) * sc->ns;
  const golcl__hl *h = sc->h;
  const golcl__hl_node *m = &h->nodes[id];
  uint64_t c[256] = {0};
  if (m->level == h->leaf_level) {
    int side = 1 << m->level;
    for (int r = 0; r < side; r++)
      for (int k = 0; k < side; k++) c[leaf_cell(h, id, k, r)]++;
  } else {
    for (int q = 0; q < 4; q++) {
      const uint64_t *k = census(sc, m->q[q]);
      if (!k) return NULL;
      for (unsigned s = 1; s < sc->ns; s++) c[s] = sat(c[s], k[s]);
    }
  }
  if (sc->n == sc->cap) {
    size_t cap = sc->cap ? 2 * sc->cap : 1024;
    uint64_t *p = realloc(sc->pool, cap * sc->ns * sizeof *p);
    if (!p) return sc->oom = 1, NULL;
    sc->pool = p, sc->cap = cap;
  }
  memcpy(sc->pool + sc->n * sc->ns, c, sc->ns * sizeof *c);
  sc->slot[id] = (uint32_t)++sc->n;
  return sc->pool + (sc->n - 1) * sc->ns;
}

/* Adds the cells of node id at (nx, ny) that lie in the row of blocks
 * [by0, by1) and the columns [bx0, bx1) to the counts of their blocks: a
 * node within one block adds its census, a leaf across blocks its cells, any
 * other node across them its quarters. A row of blocks is one walk of the
 * tree (a pixel a walk from the root cost 40x read_rect on acorn's box). */
static void count(scaler *sc, golcl__hl_id id, int64_t nx, int64_t ny) {
  const golcl__hl *h = sc->h;
  const golcl__hl_node *m = &h->nodes[id];
  const int64_t side = (int64_t)1 << m->level;
  if (id == h->empty[m->level] || sc->oom || nx >= sc->bx1 || ny >= sc->by1 ||
      nx + side <= sc->bx0 || ny + side <= sc->by0)
    return;
  const int64_t c0 = (nx - sc->bx0) >> sc->shift, c1 = (nx + side - 1 - sc->bx0) >> sc->shift;
  if (nx >= sc->bx0 && ny >= sc->by0 && nx + side <= sc->bx1 && ny + side <= sc->by1 && c0 == c1) {
    const uint64_t *c = census(sc, id);
    uint64_t *acc = sc->acc + (size_t)c0 * sc->ns;
    for (unsigned s = 1; c && s < sc->ns; s++) acc[s] = sat(acc[s], c[s]);
    return;
  }
  if (m->level == h->leaf_level) {
    for (int r = 0; r < side; r++)
      for (int k = 0; k < side; k++)
        if (nx + k >= sc->bx0 && nx + k < sc->bx1 && ny + r >= sc->by0 && ny + r < sc->by1) {
          unsigned v = leaf_cell(h, id, k, r);
          uint64_t *acc = sc->acc + (size_t)((nx + k - sc->bx0) >> sc->shift) * sc->ns;
          acc[v] = sat(acc[v], 1);
        }
    return;
  }
  const int64_t half = side / 2;
  for (int q = 0; q < 4; q++) count(sc, m->q[q], nx + (q & 1) * half, ny + (q >> 1) * half);
}

/* share and most common state of a block of side 2^shift from its counts */
static void pixel(const uint64_t *acc, unsigned ns, unsigned shift, uint8_t *share,
                  uint8_t *state) {
  uint64_t pop = 0, best = 0;
  unsigned top = 0;
  for (unsigned s = 1; s < ns; s++) {
    pop = sat(pop, acc[s]);
    if (acc[s] > best) best = acc[s], top = s;
  }
  /* the share of 4^shift cells, scaled to 255, at least 1 for any cell */
  unsigned v = 0;
  if (pop) {
    long double area = (long double)((int64_t)1 << shift) * (long double)((int64_t)1 << shift);
    long double f = (long double)pop * 255.0L / area;
    v = f < 1 ? 1 : f > 255 ? 255 : (unsigned)f;
  }
  *share = (uint8_t)v;
  if (state) *state = (uint8_t)top;
}

golcl_status golcl_universe_read_scaled(golcl_universe *u, int64_t x, int64_t y, uint32_t w,
                                        uint32_t h, unsigned shift, uint8_t *share, uint8_t *state,
                                        size_t row_stride) {
  if (!u) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_read_scaled: NULL");
  if (row_stride == 0) row_stride = w;
  const int64_t lim = (int64_t)1 << 61;
  if ((!share && w && h) || row_stride < w || shift > 62)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_universe_read_scaled: NULL share, row_stride < w or shift > 62");
  /* the far corner, in blocks of 2^shift, within 2^61 of the origin */
  long double span = (long double)((int64_t)1 << shift);
  if (x < -lim || y < -lim || (long double)x + span * w > (long double)lim ||
      (long double)y + span * h > (long double)lim)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_universe_read_scaled: a rectangle beyond 2^61 from the origin");
  if (!w || !h) return GOLCL_OK;
  scaler sc;
  memset(&sc, 0, sizeof sc);
  sc.h = &u->hl;
  sc.ns = u->ms ? u->msrule.states : 2;
  sc.shift = shift;
  sc.slot = calloc(u->hl.n, sizeof *sc.slot);
  sc.acc = malloc((size_t)w * sc.ns * sizeof *sc.acc); /* a row of blocks' counts */
  if (!sc.slot || !sc.acc) {
    free(sc.slot), free(sc.acc);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  int64_t rx, ry;
  golcl__hl_root_origin(sc.h, &rx, &ry);
  sc.bx0 = x, sc.bx1 = x + ((int64_t)w << shift);
  for (uint32_t r = 0; r < h && !sc.oom; r++) {
    memset(sc.acc, 0, (size_t)w * sc.ns * sizeof *sc.acc);
    sc.by0 = y + ((int64_t)r << shift), sc.by1 = sc.by0 + ((int64_t)1 << shift);
    count(&sc, sc.h->root, rx, ry);
    for (uint32_t c = 0; c < w; c++)
      pixel(sc.acc + (size_t)c * sc.ns, sc.ns, shift, &share[(size_t)r * row_stride + c],
            state ? &state[(size_t)r * row_stride + c] : NULL);
  }
  free(sc.slot), free(sc.pool), free(sc.acc);
  if (sc.oom) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  return GOLCL_OK;
}
