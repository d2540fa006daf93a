/* hashlife_tree.c — reading and writing the cells of the HashLife quadtree:
 * leaves set many at once (each node made once), leaves walked, and the population, bounding
 * box and hash, each memoised per node so that shared subtrees (a glider
 * stream, a metapixel) cost once. */
#include "hashlife.h"

#include <stdlib.h>
#include <string.h>

static uint64_t leaf_bits(const golcl__hl *h, golcl__hl_id id) {
  const golcl__hl_node *m = &h->nodes[id];
  return (uint64_t)m->q[0] | (uint64_t)m->q[1] << 32;
}

/* The occupied cells of a leaf as 8×8 bits (bit 8r + c): a two-state leaf's
 * cells, or the cells of a 4×4 multi-state leaf not in state 0. */
static uint64_t leaf_occupied(const golcl__hl *h, golcl__hl_id id) {
  if (h->leaf_level == 3) return leaf_bits(h, id);
  uint8_t c[16];
  golcl__hl_leaf4_cells(h, id, c);
  uint64_t b = 0;
  for (int i = 0; i < 16; i++) b |= (uint64_t)(c[i] != 0) << (8 * (i >> 2) + (i & 3));
  return b;
}

static int64_t half_of(int level) { return (int64_t)1 << (level - 1); }

int golcl__hl_root_holds(const golcl__hl *h, int64_t x0, int64_t y0) {
  int64_t rx, ry, side = (int64_t)1 << h->nodes[h->root].level, leaf = 1 << h->leaf_level;
  golcl__hl_root_origin(h, &rx, &ry);
  return x0 >= rx && x0 + leaf <= rx + side && y0 >= ry && y0 + leaf <= ry + side;
}

golcl__hl_id golcl__hl_leaf_at(const golcl__hl *h, int64_t x0, int64_t y0) {
  if (!golcl__hl_root_holds(h, x0, y0)) return 0;
  int64_t nx, ny;
  golcl__hl_root_origin(h, &nx, &ny);
  golcl__hl_id id = h->root;
  while (h->nodes[id].level > h->leaf_level) {
    if (id == h->empty[h->nodes[id].level]) return 0;
    int64_t half = half_of(h->nodes[id].level);
    int q = (x0 >= nx + half) + 2 * (y0 >= ny + half);
    nx += (q & 1) * half, ny += (q >> 1) * half;
    id = h->nodes[id].q[q];
  }
  return id;
}

/* The leaves idx[0..n) (golcl__hl_leafset's entries) put into node id
 * at (nx, ny): the indices split by quadrant (tmp the room), each quadrant
 * made once, so that a load of many leaves makes each node of the new tree
 * once rather than a path of nodes a leaf (a 72 M-cell RLE's 4.5 M leaves
 * filled the default store with 22 M nodes that way). 0: out of memory. */
static golcl__hl_id put_leaves(golcl__hl *h, golcl__hl_id id, int64_t nx, int64_t ny, size_t *idx,
                               size_t n, const golcl__hl_leafset *lv, size_t *tmp) {
  if (!n) return id;
  const golcl__hl_node m = h->nodes[id];
  if (m.level == h->leaf_level) { /* one entry: the positions are distinct */
    const size_t i = idx[0];
    if (h->leaf_level == 3)
      return golcl__hl_leaf(h, (leaf_bits(h, id) & ~(lv->mask ? lv->mask[i] : 0)) | lv->bits[i]);
    uint8_t c[16];
    golcl__hl_leaf4_cells(h, id, c);
    for (int k = 0; k < 16; k++)
      if (!lv->mask16 || lv->mask16[i] >> k & 1) c[k] = lv->cells[16 * i + k];
    return golcl__hl_leaf4(h, c);
  }
  const int64_t half = half_of(m.level);
  size_t cnt[4] = {0, 0, 0, 0};
#define QUAD(i) ((lv->x[i] >= nx + half) + 2 * (lv->y[i] >= ny + half))
  for (size_t i = 0; i < n; i++) cnt[QUAD(idx[i])]++;
  size_t at[4] = {0, cnt[0], cnt[0] + cnt[1], cnt[0] + cnt[1] + cnt[2]}, start[4];
  memcpy(start, at, sizeof at);
  for (size_t i = 0; i < n; i++) tmp[at[QUAD(idx[i])]++] = idx[i];
#undef QUAD
  memcpy(idx, tmp, n * sizeof *idx);
  golcl__hl_id q[4];
  for (int i = 0; i < 4; i++) {
    q[i] = put_leaves(h, m.q[i], nx + (i & 1) * half, ny + (i >> 1) * half, idx + start[i], cnt[i],
                      lv, tmp);
    if (!q[i]) return 0;
  }
  return golcl__hl_node_of(h, m.level, q[0], q[1], q[2], q[3]);
}

golcl_status golcl__hl_set_leaves(golcl__hl *h, const golcl__hl_leafset *lv) {
#define TAKEN(i) (lv->cells || lv->bits[i] || (lv->mask && lv->mask[i]))
  size_t n = 0;
  for (size_t i = 0; i < lv->cap; i++) n += TAKEN(i);
  if (!n) return GOLCL_OK;
  size_t *idx = malloc(n * sizeof *idx), *tmp = malloc(n * sizeof *tmp);
  if (!idx || !tmp) {
    free(idx), free(tmp);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  }
  const int64_t lim = (int64_t)1 << 61;
  golcl_status st = GOLCL_OK;
  n = 0;
  for (size_t i = 0; i < lv->cap && st == GOLCL_OK; i++) {
    if (!TAKEN(i)) continue;
    idx[n++] = i;
    if (lv->x[i] < -lim || lv->x[i] >= lim || lv->y[i] < -lim || lv->y[i] >= lim)
      st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "HashLife: a cell beyond 2^61 from the origin");
    while (st == GOLCL_OK && !golcl__hl_root_holds(h, lv->x[i], lv->y[i])) st = golcl__hl_expand(h);
  }
  if (st == GOLCL_OK) {
    int64_t rx, ry;
    golcl__hl_root_origin(h, &rx, &ry);
    golcl__hl_id r = put_leaves(h, h->root, rx, ry, idx, n, lv, tmp);
    if (r) {
      h->root = r;
    } else {
      h->oom = 0;
      st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: the node store is full");
    }
  }
  free(idx), free(tmp);
  return st;
#undef TAKEN
}

uint64_t golcl__hl_get_leaf(const golcl__hl *h, int64_t x0, int64_t y0) {
  golcl__hl_id id = golcl__hl_leaf_at(h, x0, y0);
  return id ? leaf_bits(h, id) : 0;
}

static golcl_status walk(const golcl__hl *h, golcl__hl_id id, int64_t nx, int64_t ny, int band,
                         int64_t y0, golcl__hl_node_fn fn, void *user) {
  const golcl__hl_node *m = &h->nodes[id];
  if (id == h->empty[m->level]) return GOLCL_OK;
  int64_t half = half_of(m->level);
  if (band && (y0 < ny || y0 >= ny + 2 * half)) return GOLCL_OK;
  if (m->level == h->leaf_level) return fn(user, id, nx, ny);
  golcl__hl_id q[4] = {m->q[0], m->q[1], m->q[2], m->q[3]};
  /* by bands: the two northern quadrants west to east, then the southern */
  for (int i = 0; i < 4; i++) {
    golcl_status st = walk(h, q[i], nx + (i & 1) * half, ny + (i >> 1) * half, band, y0, fn, user);
    if (st != GOLCL_OK) return st;
  }
  return GOLCL_OK;
}

golcl_status golcl__hl_walk_leaves(const golcl__hl *h, int band, int64_t y0, golcl__hl_node_fn fn,
                                   void *user) {
  int64_t rx, ry;
  golcl__hl_root_origin(h, &rx, &ry);
  return walk(h, h->root, rx, ry, band, y0, fn, user);
}

typedef struct bits_walk {
  const golcl__hl *h;
  golcl__hl_leaf_fn fn;
  void *user;
} bits_walk;

static golcl_status leaf_of_bits(void *user, golcl__hl_id id, int64_t x0, int64_t y0) {
  const bits_walk *w = user;
  return w->fn(w->user, x0, y0, leaf_bits(w->h, id));
}

golcl_status golcl__hl_leaves(golcl__hl *h, golcl__hl_leaf_fn fn, void *user) {
  bits_walk w = {h, fn, user};
  return golcl__hl_walk_leaves(h, 0, 0, leaf_of_bits, &w);
}

golcl_status golcl__hl_band_leaves(golcl__hl *h, int64_t y0, golcl__hl_leaf_fn fn, void *user) {
  bits_walk w = {h, fn, user};
  return golcl__hl_walk_leaves(h, 1, y0, leaf_of_bits, &w);
}

/* ----------------------------------------------------- memoised summaries */

static uint64_t *memo_new(const golcl__hl *h) {
  uint64_t *m = malloc(h->n * sizeof *m);
  if (m) memset(m, 0xff, h->n * sizeof *m); /* UINT64_MAX: not yet known */
  return m;
}

static uint64_t pop_of(const golcl__hl *h, golcl__hl_id id, uint64_t *memo) {
  if (memo[id] != UINT64_MAX) return memo[id];
  const golcl__hl_node *m = &h->nodes[id];
  uint64_t p = 0;
  if (m->level == h->leaf_level) {
    p = (uint64_t)__builtin_popcountll(leaf_occupied(h, id));
  } else {
    for (int i = 0; i < 4; i++) {
      uint64_t c = pop_of(h, m->q[i], memo);
      p = p + c < p || c == UINT64_MAX ? UINT64_MAX - 1 : p + c; /* saturating */
    }
  }
  return memo[id] = p;
}

/* Whether the population (what 1) or the box (2) of the root is known:
 * a run reports, hashes, writes and bounds the same root several times
 * (a walk over the whole store each, with a memo of 8 bytes a node ever
 * made). */
static int known(golcl__hl *h, int what) {
  if (h->known_root != h->root || h->known_gc != h->collections)
    h->known = 0, h->known_root = h->root, h->known_gc = h->collections;
  return h->known & what;
}

golcl_status golcl__hl_population(golcl__hl *h, uint64_t *out) {
  if (known(h, 1)) {
    *out = h->known_pop;
    return GOLCL_OK;
  }
  uint64_t *memo = memo_new(h);
  if (!memo) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  uint64_t p = pop_of(h, h->root, memo);
  free(memo);
  *out = h->known_pop = p >= UINT64_MAX - 1 ? UINT64_MAX : p;
  h->known |= 1;
  return GOLCL_OK;
}

/* The least x (dir 0), largest x (1), least y (2) or largest y (3) of a
 * live cell, relative to the node's corner; INT64_MAX (as uint64) if none. */
static uint64_t extent(const golcl__hl *h, golcl__hl_id id, int dir, uint64_t *memo) {
  if (memo[id] != UINT64_MAX) return memo[id];
  const golcl__hl_node *m = &h->nodes[id];
  uint64_t none = (uint64_t)INT64_MAX, r = none;
  if (id == h->empty[m->level]) return memo[id] = none;
  if (m->level == h->leaf_level) {
    uint64_t b = leaf_occupied(h, id);
    unsigned cols = 0, rows = 0;
    for (int y = 0; y < 8; y++) {
      unsigned row = (unsigned)(b >> (8 * y) & 0xff);
      cols |= row;
      if (row) rows |= 1u << y;
    }
    unsigned v = dir < 2 ? cols : rows;
    r = (dir & 1) ? (uint64_t)(31 - __builtin_clz(v)) : (uint64_t)__builtin_ctz(v);
    return memo[id] = r;
  }
  uint64_t half = (uint64_t)half_of(m->level);
  /* the two quadrants on the side asked for (west for the least x, east
   * for the largest, ...) decide unless both are empty */
  static const int side[4][2] = {{0, 2}, {1, 3}, {0, 1}, {2, 3}};
  static const int other[4][2] = {{1, 3}, {0, 2}, {2, 3}, {0, 1}};
  for (int pass = 0; pass < 2 && r == none; pass++) {
    const int *qs = pass ? other[dir] : side[dir];
    for (int i = 0; i < 2; i++) {
      int q = qs[i];
      uint64_t e = extent(h, m->q[q], dir, memo);
      if (e == none) continue;
      e += (dir < 2 ? (q & 1) : (q >> 1)) ? half : 0;
      if (r == none || ((dir & 1) ? e > r : e < r)) r = e;
    }
  }
  return memo[id] = r;
}

golcl_status golcl__hl_bbox(golcl__hl *h, int64_t *x, int64_t *y, uint64_t *w, uint64_t *hh) {
  *x = *y = 0, *w = *hh = 0;
  if (h->root == h->empty[h->nodes[h->root].level]) return GOLCL_OK;
  if (known(h, 2)) {
    *x = h->known_x, *y = h->known_y, *w = h->known_w, *hh = h->known_h;
    return GOLCL_OK;
  }
  uint64_t e[4];
  for (int dir = 0; dir < 4; dir++) {
    uint64_t *memo = memo_new(h);
    if (!memo) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
    e[dir] = extent(h, h->root, dir, memo);
    free(memo);
  }
  int64_t rx, ry;
  golcl__hl_root_origin(h, &rx, &ry);
  *x = h->known_x = rx + (int64_t)e[0], *y = h->known_y = ry + (int64_t)e[2];
  *w = h->known_w = e[1] - e[0] + 1, *hh = h->known_h = e[3] - e[2] + 1;
  h->known |= 2;
  return GOLCL_OK;
}

/* An 8×8 block of a multi-state store (level 3): its cells in state 1 as a
 * two-state leaf's bits, and a term for the cells in other states (0 when
 * there are none, so that 0/1 cells hash as two-state cells do). */
static uint64_t ms_block_bits(const golcl__hl *h, const golcl__hl_node *m, uint64_t *other) {
  uint64_t b = 0, o = 0;
  for (int q = 0; q < 4; q++) {
    uint8_t c[16];
    golcl__hl_leaf4_cells(h, m->q[q], c);
    for (int i = 0; i < 16; i++) {
      int bit = 8 * (4 * (q >> 1) + (i >> 2)) + 4 * (q & 1) + (i & 3);
      if (c[i] == 1) b |= 1ull << bit;
      if (c[i] > 1) o = (o ^ ((uint64_t)c[i] << 8 | (uint64_t)bit)) * 0xC2B2AE3D27D4EB4Full;
    }
  }
  *other = o ? o ^ o >> 29 : 0;
  return b;
}

static uint64_t hash_of(const golcl__hl *h, golcl__hl_id id, uint64_t *memo) {
  if (memo[id] != UINT64_MAX) return memo[id];
  const golcl__hl_node *m = &h->nodes[id];
  uint64_t v;
  if (m->level == 3 && h->leaf_level == 2) {
    uint64_t other;
    v = ms_block_bits(h, m, &other) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull + other;
  } else if (m->level == 3) {
    v = leaf_bits(h, id) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
  } else {
    v = (uint64_t)m->level;
    for (int i = 0; i < 4; i++) v = (v ^ hash_of(h, m->q[i], memo)) * 0xff51afd7ed558ccdull;
  }
  v ^= v >> 31;
  if (v == UINT64_MAX) v--;
  return memo[id] = v;
}

golcl_status golcl__hl_hash(golcl__hl *h, uint64_t *out) {
  /* the smallest root around the same centre that holds the cells */
  golcl__hl_id saved = h->root;
  while (h->nodes[h->root].level > 4 && golcl__hl_in_centre(h)) {
    const golcl__hl_node r = h->nodes[h->root];
    golcl__hl_id c = golcl__hl_node_of(h, r.level - 1, h->nodes[r.q[0]].q[3], h->nodes[r.q[1]].q[2],
                                       h->nodes[r.q[2]].q[1], h->nodes[r.q[3]].q[0]);
    if (!c) {
      h->oom = 0;
      h->root = saved;
      return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: the node store is full");
    }
    h->root = c;
  }
  uint64_t *memo = memo_new(h);
  if (!memo) {
    h->root = saved;
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  }
  *out = hash_of(h, h->root, memo);
  free(memo);
  h->root = saved;
  return GOLCL_OK;
}

/* Non-empty leaves under id (memo[id] holds it plus one once known); a
 * leaf's first visit counts it in *distinct. */
static uint64_t leaves_under(const golcl__hl *h, golcl__hl_id id, uint64_t *memo,
                             uint64_t *distinct) {
  if (memo[id]) return memo[id] - 1;
  const golcl__hl_node *m = &h->nodes[id];
  uint64_t c = 0;
  if (m->level == h->leaf_level) {
    c = h->leaf_level == 3 ? leaf_bits(h, id) != 0 : leaf_occupied(h, id) != 0;
    *distinct += c;
  } else {
    for (int i = 0; i < 4; i++) {
      uint64_t k = leaves_under(h, m->q[i], memo, distinct);
      c = c + k < c ? UINT64_MAX : c + k;
    }
  }
  memo[id] = c == UINT64_MAX ? c : c + 1;
  return c;
}

golcl_status golcl__hl_leaf_counts(const golcl__hl *h, uint64_t *positions, uint64_t *distinct) {
  uint64_t *memo = calloc(h->n, sizeof *memo);
  if (!memo) return GOLCL_E_OUT_OF_MEMORY;
  *distinct = 0;
  *positions = leaves_under(h, h->root, memo, distinct);
  free(memo);
  return GOLCL_OK;
}
