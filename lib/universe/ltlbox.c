/* ltlbox.c — the box of Larger than Life (ltlbox.h).
 *
 * Two arrays of W×H bytes, cur (generation t) and nxt (t-1, being
 * overwritten), the cell (ox + i, oy + j) at byte j·W + i. Every cell not 0
 * of cur lies in its live box L; those of nxt in its own box D. A generation
 * writes the box O = L widened by R from I = O widened by R (the block step
 * computes a block's inner cells), clears what of D lies outside O, and finds
 * the new live box in O. So the array keeps a frame of 2R around L; where L
 * comes nearer an edge, the cells move to a new array centred on L with room
 * to spare (half the box again, at least SLACK cells a side).
 *
 * A box of more than PAR_CELLS cells is stepped in bands of rows, one a
 * thread (each band reads its R rows above and below again, so a band has
 * at least R rows of its own). */
#include "ltlbox.h"
#include "../core/threads.h"

#include "../core/host.h"

#include <stdlib.h>
#include <string.h>

#define SLACK 64
#define PAR_CELLS (1u << 16)
#define MAX_BANDS 16
#define MAX_BYTES ((uint64_t)1 << 34) /* the two arrays together */

typedef struct box {
  uint64_t x0, y0, x1, y1; /* array coordinates, half-open; empty when x0 >= x1 */
} box;

struct golcl__ltlbox {
  golcl_msrule rule;
  uint64_t R;
  int64_t ox, oy;
  uint64_t W, H;
  uint8_t *cur, *nxt;
  box live, dirty;
  int bands; /* threads for a large box (core/threads.h), decided at its first */
  uint64_t gens, cells_stepped;
};

static int is_empty(const box *b) { return b->x0 >= b->x1 || b->y0 >= b->y1; }

golcl_status golcl__ltlbox_create(const golcl_msrule *rule, golcl__ltlbox **out) {
  *out = NULL;
  if (!rule || rule->family != GOLCL_MS_LTL)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "the box of Larger than Life: another family");
  /* the rule checked once here: the block step refuses what it cannot run */
  const uint32_t R = rule->range;
  uint8_t next = 0;
  golcl_status st = golcl_msrule_background_next(rule, &next);
  if (st != GOLCL_OK) return st;
  if (next)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "the box of Larger than Life: the background would not stay 0");
  golcl__ltlbox *b = calloc(1, sizeof *b);
  if (!b) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  b->rule = *rule;
  b->R = R;
  *out = b;
  return GOLCL_OK;
}

void golcl__ltlbox_destroy(golcl__ltlbox *b) {
  if (!b) return;
  free(b->cur), free(b->nxt);
  free(b);
}

void golcl__ltlbox_clear(golcl__ltlbox *b) {
  free(b->cur), free(b->nxt);
  b->cur = b->nxt = NULL;
  b->W = b->H = 0;
  memset(&b->live, 0, sizeof b->live);
  memset(&b->dirty, 0, sizeof b->dirty);
}

/* The array made to hold the plane's rectangle [x0, x1) × [y0, y1) with the
 * frame of 2R and room to spare, cur's live cells moved into it. */
static golcl_status regrid(golcl__ltlbox *b, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
  const uint64_t w = (uint64_t)(x1 - x0), h = (uint64_t)(y1 - y0);
  const uint64_t fw = w + 4 * b->R, fh = h + 4 * b->R;
  const uint64_t sw = fw / 2 > SLACK ? fw / 2 : SLACK, sh = fh / 2 > SLACK ? fh / 2 : SLACK;
  const uint64_t W = fw + 2 * sw, H = fh + 2 * sh;
  if (W > ((uint64_t)1 << 31) || H > ((uint64_t)1 << 31) || 2 * W * H > MAX_BYTES)
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY,
                       "the box of Larger than Life: a live box of %llux%llu cells is too large",
                       (unsigned long long)w, (unsigned long long)h);
  uint8_t *cur = calloc((size_t)(W * H), 1), *nxt = calloc((size_t)(W * H), 1);
  if (!cur || !nxt) {
    free(cur), free(nxt);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  const int64_t ox = x0 - (int64_t)(sw + 2 * b->R), oy = y0 - (int64_t)(sh + 2 * b->R);
  box live = {0, 0, 0, 0};
  if (!is_empty(&b->live)) {
    const box *L = &b->live;
    const uint64_t dx = (uint64_t)(b->ox + (int64_t)L->x0 - ox);
    const uint64_t dy = (uint64_t)(b->oy + (int64_t)L->y0 - oy);
    for (uint64_t j = L->y0; j < L->y1; j++)
      memcpy(cur + (dy + j - L->y0) * W + dx, b->cur + j * b->W + L->x0, L->x1 - L->x0);
    live = (box){dx, dy, dx + (L->x1 - L->x0), dy + (L->y1 - L->y0)};
  }
  free(b->cur), free(b->nxt);
  b->cur = cur, b->nxt = nxt;
  b->W = W, b->H = H, b->ox = ox, b->oy = oy;
  b->live = live;
  memset(&b->dirty, 0, sizeof b->dirty);
  return GOLCL_OK;
}

/* Room for the plane's rectangle [x0, x1) × [y0, y1) within the frame. */
static golcl_status room_for(golcl__ltlbox *b, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
  const int64_t f = 2 * (int64_t)b->R;
  if (b->cur && x0 - f >= b->ox && y0 - f >= b->oy && x1 + f <= b->ox + (int64_t)b->W &&
      y1 + f <= b->oy + (int64_t)b->H)
    return GOLCL_OK;
  if (!is_empty(&b->live)) { /* the new rectangle and the live cells */
    const int64_t lx0 = b->ox + (int64_t)b->live.x0, ly0 = b->oy + (int64_t)b->live.y0;
    const int64_t lx1 = b->ox + (int64_t)b->live.x1, ly1 = b->oy + (int64_t)b->live.y1;
    if (lx0 < x0) x0 = lx0;
    if (ly0 < y0) y0 = ly0;
    if (lx1 > x1) x1 = lx1;
    if (ly1 > y1) y1 = ly1;
  }
  return regrid(b, x0, y0, x1, y1);
}

golcl_status golcl__ltlbox_reserve(golcl__ltlbox *b, int64_t x, int64_t y, uint64_t w,
                                   uint64_t h) {
  if (!w || !h) return GOLCL_OK;
  return room_for(b, x, y, x + (int64_t)w, y + (int64_t)h);
}

golcl_status golcl__ltlbox_put(golcl__ltlbox *b, int64_t x, int64_t y, const uint8_t *cells,
                               uint32_t w, uint32_t h) {
  /* the block's own live box first: a block of 0s changes nothing */
  int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
  for (uint32_t j = 0; j < h; j++)
    for (uint32_t i = 0; i < w; i++)
      if (cells[(size_t)j * w + i]) {
        if (x + i < x0) x0 = x + i;
        if (x + i + 1 > x1) x1 = x + i + 1;
        if (y + j < y0) y0 = y + j;
        if (y + j + 1 > y1) y1 = y + j + 1;
      }
  if (x0 >= x1) return GOLCL_OK;
  golcl_status st = room_for(b, x0, y0, x1, y1);
  if (st != GOLCL_OK) return st;
  for (int64_t j = y0; j < y1; j++)
    for (int64_t i = x0; i < x1; i++) {
      const uint8_t c = cells[(size_t)(j - y) * w + (size_t)(i - x)];
      if (c) b->cur[(uint64_t)(j - b->oy) * b->W + (uint64_t)(i - b->ox)] = c;
    }
  box *L = &b->live;
  const box add = {(uint64_t)(x0 - b->ox), (uint64_t)(y0 - b->oy), (uint64_t)(x1 - b->ox),
                   (uint64_t)(y1 - b->oy)};
  if (is_empty(L)) {
    *L = add;
  } else {
    if (add.x0 < L->x0) L->x0 = add.x0;
    if (add.y0 < L->y0) L->y0 = add.y0;
    if (add.x1 > L->x1) L->x1 = add.x1;
    if (add.y1 > L->y1) L->y1 = add.y1;
  }
  return GOLCL_OK;
}

/* One band of a generation: the rows [y0, y1) of O written into nxt from
 * cur, and their live box. */
typedef struct band {
  golcl__ltlbox *b;
  box O;
  uint64_t y0, y1;
  box found;
  golcl_status st;
} band;

static void step_band(void *arg, int index) {
  band *d = (band *)arg + index;
  golcl__ltlbox *b = d->b;
  const uint64_t R = b->R, W = b->W, ow = d->O.x1 - d->O.x0;
  const uint8_t *in = b->cur + (d->y0 - R) * W + (d->O.x0 - R);
  uint8_t *out = b->nxt + d->y0 * W + d->O.x0;
  d->st = golcl_msrule_step_block(&b->rule, in, W, (uint32_t)(ow + 2 * R),
                                  (uint32_t)(d->y1 - d->y0 + 2 * R), out, W);
  box f = {UINT64_MAX, UINT64_MAX, 0, 0};
  if (d->st == GOLCL_OK)
    for (uint64_t j = d->y0; j < d->y1; j++) {
      size_t a, e;
      golcl__nonzero_span(b->nxt + j * W + d->O.x0, ow, &a, &e);
      if (a == ow) continue;
      if (d->O.x0 + a < f.x0) f.x0 = d->O.x0 + a;
      if (d->O.x0 + e > f.x1) f.x1 = d->O.x0 + e;
      if (j < f.y0) f.y0 = j;
      f.y1 = j + 1;
    }
  if (f.x0 == UINT64_MAX) f = (box){0, 0, 0, 0};
  d->found = f;
}

/* Clears the cells of nxt's box D outside O. */
static void clear_outside(golcl__ltlbox *b, const box *D, const box *O) {
  if (is_empty(D)) return;
  for (uint64_t j = D->y0; j < D->y1; j++) {
    uint8_t *row = b->nxt + j * b->W;
    if (j < O->y0 || j >= O->y1 || O->x1 <= D->x0 || O->x0 >= D->x1) {
      memset(row + D->x0, 0, D->x1 - D->x0);
      continue;
    }
    if (D->x0 < O->x0) memset(row + D->x0, 0, O->x0 - D->x0);
    if (O->x1 < D->x1) memset(row + O->x1, 0, D->x1 - O->x1);
  }
}

static golcl_status step(golcl__ltlbox *b) {
  if (is_empty(&b->live)) return GOLCL_OK; /* the empty plane stays empty */
  const int64_t R = (int64_t)b->R;
  golcl_status st = room_for(b, b->ox + (int64_t)b->live.x0, b->oy + (int64_t)b->live.y0,
                             b->ox + (int64_t)b->live.x1, b->oy + (int64_t)b->live.y1);
  if (st != GOLCL_OK) return st;
  const box *L = &b->live;
  const box O = {L->x0 - (uint64_t)R, L->y0 - (uint64_t)R, L->x1 + (uint64_t)R,
                 L->y1 + (uint64_t)R};
  clear_outside(b, &b->dirty, &O);
  const uint64_t oh = O.y1 - O.y0, cells = (O.x1 - O.x0) * oh;
  if (cells >= PAR_CELLS && !b->bands) b->bands = golcl__threads(MAX_BANDS);
  int n = cells < PAR_CELLS ? 1 : b->bands;
  /* each band sums its R rows above and below again: at most as many of them as its own */
  if ((uint64_t)n > oh / b->R) n = oh / b->R > 1 ? (int)(oh / b->R) : 1;
  band d[MAX_BANDS];
  for (int i = 0; i < n; i++)
    d[i] = (band){b, O, O.y0 + oh * (uint64_t)i / (uint64_t)n,
                  O.y0 + oh * (uint64_t)(i + 1) / (uint64_t)n, {0, 0, 0, 0}, GOLCL_OK};
  golcl__parallel(n, step_band, d);
  box f = {0, 0, 0, 0};
  for (int i = 0; i < n; i++) {
    if (d[i].st != GOLCL_OK) return d[i].st;
    const box *g = &d[i].found;
    if (is_empty(g)) continue;
    if (is_empty(&f)) {
      f = *g;
      continue;
    }
    if (g->x0 < f.x0) f.x0 = g->x0;
    if (g->x1 > f.x1) f.x1 = g->x1;
    if (g->y0 < f.y0) f.y0 = g->y0;
    if (g->y1 > f.y1) f.y1 = g->y1;
  }
  uint8_t *t = b->cur;
  b->cur = b->nxt, b->nxt = t;
  b->dirty = b->live; /* generation t's cells, in what is now nxt */
  b->live = f;
  b->gens++;
  b->cells_stepped += cells;
  return GOLCL_OK;
}

golcl_status golcl__ltlbox_run(golcl__ltlbox *b, uint64_t gens, uint64_t *done) {
  *done = 0;
  for (; *done < gens; ++*done) {
    golcl_status st = step(b);
    if (st != GOLCL_OK) return st;
    if (is_empty(&b->live)) { /* nothing more will change */
      *done = gens;
      break;
    }
  }
  return GOLCL_OK;
}

void golcl__ltlbox_live(const golcl__ltlbox *b, int64_t *x, int64_t *y, uint64_t *w, uint64_t *h) {
  if (is_empty(&b->live)) {
    *x = *y = 0, *w = *h = 0;
    return;
  }
  *x = b->ox + (int64_t)b->live.x0, *y = b->oy + (int64_t)b->live.y0;
  *w = b->live.x1 - b->live.x0, *h = b->live.y1 - b->live.y0;
}

const uint8_t *golcl__ltlbox_row(const golcl__ltlbox *b, uint64_t r) {
  return b->cur + (b->live.y0 + r) * b->W + b->live.x0;
}

uint64_t golcl__ltlbox_population(const golcl__ltlbox *b) {
  uint64_t n = 0, w = b->live.x1 - b->live.x0;
  if (is_empty(&b->live)) return 0;
  for (uint64_t j = b->live.y0; j < b->live.y1; j++) {
    const uint8_t *row = b->cur + j * b->W + b->live.x0;
    for (uint64_t i = 0; i < w; i++) n += row[i] != 0;
  }
  return n;
}

void golcl__ltlbox_get_stats(const golcl__ltlbox *b, uint64_t *bytes, uint64_t *generations,
                             uint64_t *cells_stepped) {
  *bytes = 2 * b->W * b->H;
  *generations = b->gens;
  *cells_stepped = b->cells_stepped;
}
