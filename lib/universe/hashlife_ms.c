/* hashlife_ms.c — the cells of a multi-state HashLife store (4×4 leaves of
 * states): leaves walked band by band (the RLE writer
 * needs rows in order without a dense copy), counted by state through each
 * node's multiplicity, and converted to and from two-state stores node by
 * node (shared subtrees once). */
#include "hashlife.h"

#include <stdlib.h>
#include <string.h>

void golcl__hl_get_leaf4(const golcl__hl *h, int64_t x0, int64_t y0, uint8_t out[16]) {
  golcl__hl_id id = golcl__hl_leaf_at(h, x0, y0);
  if (id)
    golcl__hl_leaf4_cells(h, id, out);
  else
    memset(out, 0, 16);
}

typedef struct cells_walk {
  const golcl__hl *h;
  golcl__hl_leaf4_fn fn;
  void *user;
} cells_walk;

static golcl_status leaf_of_cells(void *user, golcl__hl_id id, int64_t x0, int64_t y0) {
  const cells_walk *w = user;
  uint8_t c[16];
  golcl__hl_leaf4_cells(w->h, id, c);
  return w->fn(w->user, x0, y0, c);
}

golcl_status golcl__hl_leaves4(const golcl__hl *h, int band, int64_t y0, golcl__hl_leaf4_fn fn,
                               void *user) {
  cells_walk w = {h, fn, user};
  return golcl__hl_walk_leaves(h, band, y0, leaf_of_cells, &w);
}

/* ---------------------------------------------------------------- census */

static uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

/* Each node's number of times in the pattern, passed down from the root
 * level by level (a node's children are one level below it; ids do not
 * follow the levels, since HashLife's threads take ids in chunks): the
 * nodes sorted by level once, then each level's multiplicities given to
 * its children. */
golcl_status golcl__hl_census(const golcl__hl *h, uint64_t counts[256]) {
  memset(counts, 0, 256 * sizeof *counts);
  size_t n = h->n, at[GOLCL__HL_MAX_LEVEL + 3] = {0};
  uint64_t *mult = calloc(n, sizeof *mult);
  uint32_t *order = malloc(n * sizeof *order);
  if (!mult || !order) {
    free(mult), free(order);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  }
  for (size_t i = 1; i < n; i++) at[h->nodes[i].level + 1]++; /* holes: level 0 */
  for (int l = 1; l <= GOLCL__HL_MAX_LEVEL + 2; l++) at[l] += at[l - 1];
  for (size_t i = 1; i < n; i++) order[at[h->nodes[i].level]++] = (uint32_t)i;
  /* at[l] is now the end of level l's run */
  mult[h->root] = 1;
  for (int l = h->nodes[h->root].level; l >= 2; l--) {
    for (size_t j = at[l - 1]; j < at[l]; j++) {
      size_t i = order[j];
      const golcl__hl_node *m = &h->nodes[i];
      if (!mult[i] || i == h->empty[l]) continue;
      if (l > 2) {
        for (int q = 0; q < 4; q++) mult[m->q[q]] = sat_add(mult[m->q[q]], mult[i]);
      } else {
        uint8_t c[16];
        golcl__hl_leaf4_cells(h, (golcl__hl_id)i, c);
        for (int k = 0; k < 16; k++)
          if (c[k]) counts[c[k]] = sat_add(counts[c[k]], mult[i]);
      }
    }
  }
  free(mult), free(order);
  return GOLCL_OK;
}

/* ----------------------------------------------------------- conversion */

/* The cells of store a into store b node by node (memo: a's ids to b's):
 * a node of level 3 (an 8×8 block: a two-state leaf, or four multi-state
 * ones) through leaf(), one above it of its quarters, the empty ones as
 * b's; 0 when b is full or leaf() refuses the node (*bad). */
typedef golcl__hl_id (*leaf_fn)(const golcl__hl *a, golcl__hl *b, const golcl__hl_node *n,
                                int *bad);
static golcl__hl_id convert(const golcl__hl *a, golcl__hl *b, golcl__hl_id id, leaf_fn leaf,
                            golcl__hl_id *memo, int *bad) {
  if (memo[id]) return memo[id];
  const golcl__hl_node *n = &a->nodes[id];
  golcl__hl_id r;
  if (id == a->empty[n->level]) {
    r = b->empty[n->level];
  } else if (n->level == 3) {
    r = leaf(a, b, n, bad);
  } else {
    golcl__hl_id q[4];
    for (int k = 0; k < 4; k++)
      if (!(q[k] = convert(a, b, n->q[k], leaf, memo, bad))) return 0;
    r = golcl__hl_node_of(b, n->level, q[0], q[1], q[2], q[3]);
  }
  return memo[id] = r;
}

/* b's root from a's; *bad as convert's */
static golcl_status convert_root(const golcl__hl *a, golcl__hl *b, leaf_fn leaf, int *bad) {
  golcl__hl_id *memo = calloc(a->n, sizeof *memo);
  if (!memo) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  golcl__hl_id r = convert(a, b, a->root, leaf, memo, bad);
  free(memo);
  if (*bad) return GOLCL_E_UNSUPPORTED;
  if (!r) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: the node store is full");
  b->root = r;
  return GOLCL_OK;
}

/* an 8×8 two-state leaf as four 4×4 leaves of states */
static golcl__hl_id leaf_to_ms(const golcl__hl *t, golcl__hl *m, const golcl__hl_node *n,
                               int *bad) {
  (void)t, (void)bad;
  uint64_t b = (uint64_t)n->q[0] | (uint64_t)n->q[1] << 32;
  golcl__hl_id q[4];
  for (int k = 0; k < 4; k++) {
    uint8_t c[16];
    for (int i = 0; i < 16; i++)
      c[i] = (uint8_t)(b >> (8 * (4 * (k >> 1) + (i >> 2)) + 4 * (k & 1) + (i & 3)) & 1);
    q[k] = golcl__hl_leaf4(m, c);
  }
  return golcl__hl_node_of(m, 3, q[0], q[1], q[2], q[3]);
}

/* four 4×4 leaves of states 0 and 1 as an 8×8 two-state leaf (*bad: a state above 1) */
static golcl__hl_id leaf_to_two(const golcl__hl *m, golcl__hl *t, const golcl__hl_node *n,
                                int *bad) {
  uint64_t b = 0;
  for (int k = 0; k < 4; k++) {
    uint8_t c[16];
    golcl__hl_leaf4_cells(m, n->q[k], c);
    for (int i = 0; i < 16; i++) {
      if (c[i] > 1) return *bad = 1, 0;
      b |= (uint64_t)c[i] << (8 * (4 * (k >> 1) + (i >> 2)) + 4 * (k & 1) + (i & 3));
    }
  }
  return golcl__hl_leaf(t, b);
}

/* an 8×8 two-state leaf as it is */
static golcl__hl_id leaf_copy(const golcl__hl *a, golcl__hl *b, const golcl__hl_node *n,
                              int *bad) {
  (void)a, (void)bad;
  return golcl__hl_leaf(b, (uint64_t)n->q[0] | (uint64_t)n->q[1] << 32);
}

golcl_status golcl__hl_to_ms(const golcl__hl *two, golcl__hl *ms) {
  int bad = 0;
  return convert_root(two, ms, leaf_to_ms, &bad);
}

golcl_status golcl__hl_to_two(const golcl__hl *ms, golcl__hl *two) {
  int high = 0;
  golcl_status st = convert_root(ms, two, leaf_to_two, &high);
  if (high)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "the universe has cells in states above 1, which a two-state rule "
                       "cannot hold");
  return st;
}

golcl_status golcl__hl_copy(const golcl__hl *a, golcl__hl *b) {
  int bad = 0;
  golcl_status st = convert_root(a, b, leaf_copy, &bad);
  if (st == GOLCL_OK) golcl__hl_set_rule(b, a->table);
  return st;
}
