/* mstiles.c — the host tiles of states (mstiles.h).
 *
 * Each tile keeps two buffers: cells[cur] is generation t, the other t-1; a
 * generation writes t+1 over t-1. A tile is BANDS column bands of BW cells;
 * per band, chg[b] marks the rows of t that differ from t-2 (what a row
 * overwrote when it was written), and per tile chgw and chge the rows that
 * did within the rule's reach R of the west or east side. A cell's next
 * state depends on its neighbourhood (reach R) only, so a band's row none
 * of whose cells has a changed cell within R keeps at t+1 its value of t-1,
 * which its buffer already holds: it is skipped. A generation computes the
 * band rows within R rows and ceil(R / BW) bands of a marked one, in the
 * tile or across a side (rounded out: more work, never less). Exact by
 * induction, as the two-state host tiles (hosttiles.c), for every family:
 * still and period-2 areas cost nothing, and a glider crossing a tile costs
 * its band, not the tile's width.
 *
 * A tile is stepped on a copy of itself with a frame of R cells from its
 * eight neighbours (R ≤ 64: one ring of tiles), by the rules room's block
 * step. A missing tile is state 0 at t and t-1 (a shared zero tile); a tile
 * is made when a change next to it would make it compute, and freed every
 * FREE_EVERY generations when both buffers are 0 and it did not change. */
#include "mstiles.h"

#include "tiletable.h"

#include "../core/host.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define T GOLCL__MSTILE
#define FREE_EVERY 64u
/* Column bands a tile. Brian's Brain 512² soup, generations 0-1024, CPU
 * seconds (2026-11-28, this 2-core machine): 1 band 5.7-5.9, 2 5.9-6.1,
 * 4 5.1-5.2, 8 4.4, 16 3.7-4.1 (a WireWorld soup: 2.1-2.4 for all) */
#define BANDS 16
#define BW (T / BANDS)
enum { N = GOLCL__N, NE, E, SE, S, SW, W, NW };

typedef struct ms_tile {
  golcl__tile_node h; /* the table's: neighbours, coordinates */
  uint8_t cells[2][T * T];
  uint64_t chg[BANDS];  /* rows of t that differ from t-2, by band */
  uint64_t chgw, chge;  /* rows of t that differ from t-2 within R of W, of E */
  uint64_t need[BANDS]; /* rows to compute this generation, by band */
  int queued;           /* in todo[] */
} ms_tile;

#define TILE(n) ((ms_tile *)(n))
#define NB(t, d) TILE((t)->h.nb[d])

struct golcl__mstiles {
  golcl_msrule rule;
  uint32_t R;           /* the reach, 1 .. T */
  int k;                /* the bands a change reaches sideways: ceil(R / BW) */
  uint64_t top, bottom; /* the row masks of the first and last R rows */
  int cur;
  ms_tile zero;
  golcl__tile_table tab;
  uint8_t *pad, *out; /* the tile with its frame, (T+2R)²; T rows of results */
  uint64_t gens, tiles_stepped, rows_stepped;
};

golcl_status golcl__mstiles_create(const golcl_msrule *rule, golcl__mstiles **out) {
  *out = NULL;
  uint32_t R = golcl_msrule_reach(rule);
  if (R > T)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "host tiles of states: a reach of %u cells, beyond a tile's side (%d)",
                       (unsigned)R, T);
  golcl__mstiles *e = calloc(1, sizeof *e);
  size_t pw = T + 2 * (size_t)R;
  if (e) e->pad = calloc(pw * pw, 1), e->out = malloc((size_t)T * T);
  if (!e || !e->pad || !e->out) {
    golcl__mstiles_destroy(e);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  /* the rule checked once here (the block step refuses what it cannot
   * run), and its background: a cell among 0s stays 0 */
  uint8_t next = 0;
  golcl_status st = golcl_msrule_background_next(rule, &next);
  if (st == GOLCL_OK && next)
    st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "host tiles of states: a cell in state 0 among 0s becomes %u",
                     (unsigned)next);
  if (st != GOLCL_OK) {
    golcl__mstiles_destroy(e);
    return st;
  }
  e->rule = *rule;
  e->R = R;
  e->k = (int)((R + BW - 1) / BW);
  golcl__tile_table_init(&e->tab, &e->zero.h, sizeof(ms_tile), offsetof(ms_tile, h), 16);
  e->top = R >= 64 ? ~0ull : (1ull << R) - 1;
  e->bottom = R >= 64 ? ~0ull : e->top << (64 - R);
  *out = e;
  return GOLCL_OK;
}

void golcl__mstiles_clear(golcl__mstiles *s) {
  golcl__tile_table_clear(&s->tab);
  s->cur = 0;
}

void golcl__mstiles_destroy(golcl__mstiles *s) {
  if (!s) return;
  golcl__mstiles_clear(s);
  free(s->pad), free(s->out);
  free(s);
}

static int changed(const ms_tile *t) {
  uint64_t c = 0;
  for (int b = 0; b < BANDS; b++) c |= t->chg[b];
  return c != 0;
}

golcl_status golcl__mstiles_put(golcl__mstiles *s, int64_t x, int64_t y, const uint8_t *cells,
                                uint32_t w, uint32_t h) {
  ms_tile *t = NULL;
  for (uint32_t r = 0; r < h; r++)
    for (uint32_t c = 0; c < w; c++) {
      uint8_t v = cells[(size_t)r * w + c];
      if (!v) continue;
      int64_t cx = x + c, cy = y + r, tx = golcl__floor_div(cx, T), ty = golcl__floor_div(cy, T);
      if ((!t || t->h.tx != tx || t->h.ty != ty) &&
          !(t = TILE(golcl__tile_find(&s->tab, tx, ty))) &&
          !(t = TILE(golcl__tile_make(&s->tab, tx, ty))))
        return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "host tiles of states: out of host memory");
      size_t i = (size_t)(cy - ty * T) * T + (size_t)(cx - tx * T);
      t->cells[0][i] = t->cells[1][i] = v;
      if (!changed(t)) s->tab.active[s->tab.nactive++] = &t->h;
      for (int b = 0; b < BANDS; b++) t->chg[b] = ~0ull;
      t->chgw = t->chge = ~0ull;
    }
  return GOLCL_OK;
}

golcl_status golcl__mstiles_get_tiles(golcl__mstiles *s, golcl__mstile_fn fn, void *user) {
  golcl__tile_node **v = malloc((s->tab.n ? s->tab.n : 1) * sizeof *v);
  if (!v) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t n = 0;
  for (size_t i = 0; i < s->tab.n; i++) {
    const uint8_t *c = TILE(s->tab.all[i])->cells[s->cur];
    size_t k = 0;
    while (k < (size_t)T * T && !c[k]) k++;
    if (k < (size_t)T * T) v[n++] = s->tab.all[i];
  }
  qsort(v, n, sizeof *v, golcl__tile_by_position);
  golcl_status st = GOLCL_OK;
  for (size_t i = 0; i < n && st == GOLCL_OK; i++)
    st = fn(user, v[i]->tx, v[i]->ty, TILE(v[i])->cells[s->cur]);
  free(v);
  return st;
}

void golcl__mstiles_get_stats(const golcl__mstiles *s, golcl__htiles_stats *out) {
  out->tiles = s->tab.n;
  out->bytes = (s->tab.n + s->tab.nspare) * s->tab.bytes + s->tab.cap * 4 * sizeof(ms_tile *);
  out->generations = s->gens;
  out->tiles_stepped = s->tiles_stepped;
  out->rows_stepped = s->rows_stepped;
  out->tiles_freed = s->tab.freed;
}

/* ------------------------------------------------------- a generation */

/* The rows within R of the rows of m. */
static uint64_t spread(uint64_t m, uint32_t R) {
  if (R >= 64) return m ? ~0ull : 0;
  uint64_t s = m;
  for (uint32_t k = 1; k <= R; k++) s |= m << k | m >> k;
  return s;
}

/* Adds rows m to bands [b0, b1) of the work of t's neighbour d (-1: t),
 * making it if need be. */
static int touch(golcl__mstiles *s, ms_tile *t, int d, int b0, int b1, uint64_t m) {
  if (!m) return 1;
  ms_tile *o = d < 0 ? t : NB(t, d);
  if (o == &s->zero && !(o = TILE(golcl__tile_make(&s->tab, t->h.tx + golcl__tile_dx[d],
                                                   t->h.ty + golcl__tile_dy[d]))))
    return 0;
  for (int b = b0 < 0 ? 0 : b0; b < b1 && b < BANDS; b++) o->need[b] |= m;
  if (!o->queued) o->queued = 1, s->tab.todo[s->tab.ntodo++] = &o->h;
  return 1;
}

/* The work a changed tile gives itself and its neighbours: a band's change
 * reaches k bands either side, in the tile and in the tiles above and
 * below; the sides' changes reach the last k bands of the tiles west and
 * the first k east (and those of the corners). */
static int gather(golcl__mstiles *s, ms_tile *t) {
  const uint64_t w = t->chgw, e = t->chge, top = s->top, bot = s->bottom;
  const uint32_t R = s->R;
  const int k = s->k;
  for (int b = 0; b < BANDS; b++) {
    const uint64_t c = t->chg[b];
    if (c && !(touch(s, t, -1, b - k, b + k + 1, spread(c, R)) &&
               touch(s, t, N, b - k, b + k + 1, c & top ? bot : 0) &&
               touch(s, t, S, b - k, b + k + 1, c & bot ? top : 0)))
      return 0;
  }
  return touch(s, t, W, BANDS - k, BANDS, spread(w, R)) && touch(s, t, E, 0, k, spread(e, R)) &&
         touch(s, t, NW, BANDS - k, BANDS, w & top ? bot : 0) &&
         touch(s, t, NE, 0, k, e & top ? bot : 0) &&
         touch(s, t, SW, BANDS - k, BANDS, w & bot ? top : 0) &&
         touch(s, t, SE, 0, k, e & bot ? top : 0);
}

/* Rows [r0, r1) of columns [c0, c1) of tile o (generation cur) into the pad
 * at (px, py). */
static void copy_in(const golcl__mstiles *s, const ms_tile *o, int r0, int r1, int c0, int c1,
                    size_t px, size_t py) {
  const size_t pw = T + 2 * (size_t)s->R;
  for (int r = r0; r < r1; r++)
    memcpy(s->pad + (py + (size_t)(r - r0)) * pw + px, o->cells[s->cur] + (size_t)r * T + c0,
           (size_t)(c1 - c0));
}

/* The tile with a frame of R cells from its neighbours. */
static void frame(golcl__mstiles *s, const ms_tile *t) {
  const int R = (int)s->R;
  const int rows[3][2] = {{T - R, T}, {0, T}, {0, R}}, cols[3][2] = {{T - R, T}, {0, T}, {0, R}};
  const size_t at[3] = {0, (size_t)R, (size_t)R + T};
  static const int dir[3][3] = {{NW, N, NE}, {W, -1, E}, {SW, S, SE}};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      const ms_tile *o = dir[i][j] < 0 ? t : NB(t, dir[i][j]);
      copy_in(s, o, rows[i][0], rows[i][1], cols[j][0], cols[j][1], at[j], at[i]);
    }
}

/* Rows [r0, r1) of band b of generation t+1 into the other buffer, their
 * changes into t's masks. */
static golcl_status step_rows(golcl__mstiles *s, ms_tile *t, int b, int r0, int r1) {
  const size_t pw = T + 2 * (size_t)s->R, R = s->R, x0 = (size_t)b * BW;
  golcl_status st =
      golcl_msrule_step_block(&s->rule, s->pad + (size_t)r0 * pw + x0, pw, (uint32_t)(BW + 2 * R),
                              (uint32_t)(r1 - r0 + 2 * (int)R), s->out, BW);
  if (st != GOLCL_OK) return st;
  /* the columns of the band within R of the west and east sides */
  const size_t w1 = R < x0 + BW ? R : x0 + BW, e0 = T - R > x0 ? T - R : x0;
  uint8_t *dst = t->cells[s->cur ^ 1] + x0;
  for (int r = r0; r < r1; r++) {
    const uint8_t *nv = s->out + (size_t)(r - r0) * BW;
    uint8_t *old = dst + (size_t)r * T;
    if (!memcmp(nv, old, BW)) continue;
    t->chg[b] |= 1ull << r;
    if (w1 > x0 && memcmp(nv, old, w1 - x0)) t->chgw |= 1ull << r;
    if (e0 < x0 + BW && memcmp(nv + (e0 - x0), old + (e0 - x0), x0 + BW - e0)) t->chge |= 1ull << r;
    memcpy(old, nv, BW);
  }
  return GOLCL_OK;
}

/* Steps the rows t->need asks for, band by band, in runs of rows. */
static golcl_status step_tile(golcl__mstiles *s, ms_tile *t) {
  t->queued = 0;
  t->chgw = t->chge = 0;
  s->tiles_stepped++;
  frame(s, t);
  golcl_status st = GOLCL_OK;
  for (int b = 0; b < BANDS; b++) {
    uint64_t need = t->need[b];
    t->need[b] = t->chg[b] = 0;
    while (need && st == GOLCL_OK) {
      int r0 = __builtin_ctzll(need);
      uint64_t run = need >> r0;
      int len = ~run ? __builtin_ctzll(~run) : T - r0;
      st = step_rows(s, t, b, r0, r0 + len);
      s->rows_stepped += (uint64_t)len;
      need = r0 + len >= T ? 0 : need & ~0ull << (r0 + len);
    }
  }
  return st;
}

/* Frees the tiles that are 0 in both buffers and did not change. */
static void sweep(golcl__mstiles *s) {
  for (size_t i = s->tab.n; i-- > 0;) {
    ms_tile *t = TILE(s->tab.all[i]);
    if (changed(t)) continue;
    uint8_t any = 0;
    for (size_t k = 0; k < (size_t)T * T; k++) any |= t->cells[0][k] | t->cells[1][k];
    if (!any) golcl__tile_unmake(&s->tab, &t->h);
  }
}

golcl_status golcl__mstiles_run(golcl__mstiles *s, uint64_t gens, uint64_t *done) {
  if (done) *done = 0;
  for (uint64_t g = 0; g < gens; g++) {
    golcl__tile_table *tab = &s->tab;
    tab->ntodo = 0;
    for (size_t i = 0; i < tab->nactive; i++)
      if (!gather(s, TILE(tab->active[i]))) {
        for (size_t j = 0; j < tab->ntodo; j++) {
          memset(TILE(tab->todo[j])->need, 0, sizeof TILE(tab->todo[j])->need);
          TILE(tab->todo[j])->queued = 0;
        }
        return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "host tiles of states: out of host memory");
      }
    tab->nactive = 0;
    /* every tile's frame is read from generation t before any is written */
    for (size_t i = 0; i < tab->ntodo; i++) {
      ms_tile *t = TILE(tab->todo[i]);
      golcl_status st = step_tile(s, t);
      if (st != GOLCL_OK) return st; /* not reached: the rule was checked at create */
      if (changed(t)) tab->active[tab->nactive++] = &t->h;
    }
    s->cur ^= 1;
    s->gens++;
    if (done) ++*done;
    if (s->gens % FREE_EVERY == 0) sweep(s);
  }
  return GOLCL_OK;
}
