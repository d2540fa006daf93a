/* tiletable.c — the host tile engines' table (tiletable.h). */
#include "tiletable.h"

#include <stdlib.h>
#include <string.h>

const int golcl__tile_dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
const int golcl__tile_dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

void golcl__tile_table_init(golcl__tile_table *t, golcl__tile_node *zero, size_t bytes,
                            size_t offset, size_t max_spare) {
  memset(t, 0, sizeof *t);
  t->zero = zero;
  t->bytes = (bytes + 63) / 64 * 64; /* aligned_alloc's size: a multiple, as C11 asks */
  t->offset = offset;
  t->max_spare = max_spare;
  for (int d = 0; d < 8; d++) zero->nb[d] = zero;
}

static void release(const golcl__tile_table *t, golcl__tile_node *n) {
  free((char *)n - t->offset);
}

void golcl__tile_table_clear(golcl__tile_table *t) {
  for (size_t i = 0; i < t->n; i++) release(t, t->all[i]);
  while (t->spare) {
    golcl__tile_node *n = t->spare;
    t->spare = n->hnext;
    release(t, n);
  }
  free(t->buckets), free(t->all), free(t->active), free(t->todo);
  t->buckets = NULL, t->all = t->active = t->todo = NULL;
  t->nbuckets = t->n = t->cap = t->nactive = t->ntodo = t->nspare = 0;
}

static size_t slot(const golcl__tile_table *t, int64_t tx, int64_t ty) {
  uint64_t h = (uint64_t)tx * 0x9E3779B97F4A7C15ull ^ (uint64_t)ty * 0xC2B2AE3D27D4EB4Full;
  return (size_t)(h ^ h >> 29) & (t->nbuckets - 1);
}

golcl__tile_node *golcl__tile_find(const golcl__tile_table *t, int64_t tx, int64_t ty) {
  if (!t->nbuckets) return NULL;
  for (golcl__tile_node *n = t->buckets[slot(t, tx, ty)]; n; n = n->hnext)
    if (n->tx == tx && n->ty == ty) return n;
  return NULL;
}

/* Room for one more tile in every array (the buckets as many as tiles can be). */
static int grow(golcl__tile_table *t) {
  if (t->n < t->cap) return 1;
  size_t cap = t->cap ? 2 * t->cap : 64;
  golcl__tile_node ***arr[3] = {&t->all, &t->active, &t->todo};
  for (int k = 0; k < 3; k++) {
    golcl__tile_node **a = realloc(*arr[k], cap * sizeof *a);
    if (!a) return 0;
    *arr[k] = a;
  }
  golcl__tile_node **b = calloc(cap, sizeof *b);
  if (!b) return 0;
  free(t->buckets);
  t->buckets = b, t->nbuckets = cap;
  for (size_t i = 0; i < t->n; i++) {
    golcl__tile_node *n = t->all[i];
    size_t j = slot(t, n->tx, n->ty);
    n->hnext = b[j], b[j] = n;
  }
  t->cap = cap;
  return 1;
}

golcl__tile_node *golcl__tile_make(golcl__tile_table *t, int64_t tx, int64_t ty) {
  if (!grow(t)) return NULL;
  golcl__tile_node *n = t->spare;
  char *block;
  if (n)
    t->spare = n->hnext, t->nspare--, block = (char *)n - t->offset;
  else if (!(block = aligned_alloc(64, t->bytes)))
    return NULL;
  memset(block, 0, t->bytes);
  n = (golcl__tile_node *)(block + t->offset);
  n->tx = tx, n->ty = ty;
  for (int d = 0; d < 8; d++) {
    golcl__tile_node *o = golcl__tile_find(t, tx + golcl__tile_dx[d], ty + golcl__tile_dy[d]);
    n->nb[d] = o ? o : t->zero;
    if (o) o->nb[(d + 4) & 7] = n;
  }
  size_t j = slot(t, tx, ty);
  n->hnext = t->buckets[j], t->buckets[j] = n;
  n->index = t->n;
  t->all[t->n++] = n;
  return n;
}

void golcl__tile_unmake(golcl__tile_table *t, golcl__tile_node *n) {
  for (int d = 0; d < 8; d++)
    if (n->nb[d] != t->zero) n->nb[d]->nb[(d + 4) & 7] = t->zero;
  golcl__tile_node **p = &t->buckets[slot(t, n->tx, n->ty)];
  while (*p != n) p = &(*p)->hnext;
  *p = n->hnext;
  t->all[n->index] = t->all[--t->n];
  t->all[n->index]->index = n->index;
  if (t->nspare < t->max_spare) {
    n->hnext = t->spare, t->spare = n, t->nspare++;
  } else {
    release(t, n);
  }
  t->freed++;
}

int golcl__tile_by_position(const void *a, const void *b) {
  const golcl__tile_node *p = *(golcl__tile_node *const *)a, *q = *(golcl__tile_node *const *)b;
  if (p->ty != q->ty) return p->ty < q->ty ? -1 : 1;
  return p->tx < q->tx ? -1 : p->tx > q->tx;
}
