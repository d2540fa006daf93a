/* hosttiles.c — the host tile engine (hosttiles.h).
 *
 * Each tile keeps two buffers of rows: rows[cur] is generation t, the other
 * generation t-1; a generation writes t+1 over t-1. Per tile, chg marks the
 * rows of t that differ from t-2 (what the row overwrote when it was
 * written), chgw and chge those whose column 0 or 63 did. A row whose 3×3
 * neighbourhood at t equals the one at t-2 has at t+1 its value of t-1, which
 * its buffer already holds: it is skipped. So a generation computes only the
 * rows next to a marked row (in the tile or across a border), rounded out to
 * bricks of BRICK rows; still lifes and period-2 oscillators (blinkers, toads,
 * beacons, traffic lights) cost nothing. Exact by induction: every row that is not
 * written holds its value of t-1, equal to its value of t+1.
 *
 * A tile that does not exist is dead at t and t-1 and reads as a shared zero
 * tile. A tile is made when a change next to it would make it compute (its
 * two buffers zero: right, as it was dead), and freed, every FREE_EVERY
 * generations, when both buffers are zero and nothing in it changed: its
 * neighbours then see no change from it, as from a missing tile.
 *
 * The loaded cells go into both buffers (generation -1 taken as the
 * generation 0) with every row marked: the first generation computes all,
 * and a row unchanged by it is one whose value does not change. */
#include "hosttiles.h"

#include "tiletable.h"

#include "../core/core.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The vector bricks' AVX2 build (below), where glibc says the processor runs
 * it: glibc's own record of the processor, read without a CPUID (GCC's
 * target_clones asked libgcc, whose CPUID calls at every process start cost
 * a 1000-generation run of acorn 3 % of its wall time in pocl's virtual
 * machine, 2026-11-29). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__) && \
    defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define HT_AVX2 1
#endif
#endif

#define T GOLCL__TILE
#define FREE_EVERY 64u
/* Rows a brick: the unit of work (measured on lidka, iwona, rabbits: 4 beats
 * 1, 2 and 8 — a run of rows pays for reading the two rows around it). */
#define BRICK 4 /* a power of two, at most 8 */
enum { N = GOLCL__N, NE, E, SE, S, SW, W, NW };

typedef struct ht_tile {
  uint64_t rows[2][T];      /* first: 64-aligned as the tile */
  golcl__tile_node h;       /* the table's: neighbours, coordinates */
  uint64_t chg, chgw, chge; /* rows of t that differ from t-2: any cell, column 0, 63 */
  uint64_t need;            /* rows to compute this generation */
  int queued;               /* in todo[] */
} ht_tile;

typedef unsigned ht_step_fn(golcl__htiles *s, ht_tile *t); /* the rows it stepped */

#define TILE(n) ((ht_tile *)((char *)(n)-offsetof(ht_tile, h)))
#define NB(t, d) TILE((t)->h.nb[d])

struct golcl__htiles {
  int life;   /* B3/S23: the short evaluation */
  ht_step_fn *step; /* a tile's generation: the portable rows or the vector bricks (step_of) */
  uint16_t birth, survive;
  int cur;
  ht_tile zero;
  golcl__tile_table tab;
  uint64_t gens, tiles_stepped, rows_stepped;
};

static ht_step_fn *step_of(int scalar);

golcl_status golcl__htiles_create(uint16_t b, uint16_t s, golcl__htiles **out) {
  *out = NULL;
  if (b & 1)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "host tiles: a birth on 0 neighbours (B0) lights the whole plane");
  golcl__htiles *e = calloc(1, sizeof *e);
  if (!e) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  e->birth = b, e->survive = s;
  e->life = b == 1u << 3 && s == ((1u << 2) | (1u << 3));
  const char *sc = getenv("GOLCL_HTILES_SCALAR"); /* the tests run both */
  e->step = step_of(sc && strcmp(sc, "1") == 0);
  golcl__tile_table_init(&e->tab, &e->zero.h, sizeof(ht_tile), offsetof(ht_tile, h), 64);
  *out = e;
  return GOLCL_OK;
}

void golcl__htiles_clear(golcl__htiles *s) {
  golcl__tile_table_clear(&s->tab);
  s->cur = 0;
}

void golcl__htiles_destroy(golcl__htiles *s) {
  if (!s) return;
  golcl__htiles_clear(s);
  free(s);
}

golcl_status golcl__htiles_put_tile(golcl__htiles *s, int64_t tx, int64_t ty,
                                    const uint64_t rows[T]) {
  golcl__tile_node *n = golcl__tile_find(&s->tab, tx, ty);
  if (!n) n = golcl__tile_make(&s->tab, tx, ty);
  ht_tile *t = n ? TILE(n) : NULL;
  if (!t) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "host tiles: out of host memory");
  for (int r = 0; r < T; r++) {
    t->rows[s->cur][r] |= rows[r];
    t->rows[s->cur ^ 1][r] = t->rows[s->cur][r];
  }
  if (!t->chg) s->tab.active[s->tab.nactive++] = &t->h;
  t->chg = t->chgw = t->chge = ~0ull;
  return GOLCL_OK;
}

golcl_status golcl__htiles_get_tiles(golcl__htiles *s, golcl__tile_fn fn, void *user) {
  for (size_t i = 0; i < s->tab.n; i++) {
    const ht_tile *t = TILE(s->tab.all[i]);
    const uint64_t *r = t->rows[s->cur];
    uint64_t any = 0;
    for (int k = 0; k < T; k++) any |= r[k];
    if (!any) continue;
    golcl_status st = fn(user, t->h.tx, t->h.ty, r);
    if (st != GOLCL_OK) return st;
  }
  return GOLCL_OK;
}

void golcl__htiles_get_stats(const golcl__htiles *s, golcl__htiles_stats *out) {
  out->tiles = s->tab.n;
  out->bytes = (s->tab.n + s->tab.nspare) * s->tab.bytes + s->tab.cap * 4 * sizeof(ht_tile *);
  out->generations = s->gens;
  out->tiles_stepped = s->tiles_stepped;
  out->rows_stepped = s->rows_stepped;
  out->tiles_freed = s->tab.freed;
}

/* ------------------------------------------------------- a generation */

/* rows r-1, r, r+1 of a 3-row spread */
static inline uint64_t spread(uint64_t m) { return m | m << 1 | m >> 1; }

/* Adds rows m to the work of t's neighbour d, making it if need be. */
static inline int touch(golcl__htiles *s, ht_tile *t, int d, uint64_t m) {
  if (!m) return 1;
  ht_tile *o = NB(t, d);
  if (o == &s->zero) {
    golcl__tile_node *n =
        golcl__tile_make(&s->tab, t->h.tx + golcl__tile_dx[d], t->h.ty + golcl__tile_dy[d]);
    if (!n) return 0;
    o = TILE(n);
  }
  o->need |= m;
  if (!o->queued) o->queued = 1, s->tab.todo[s->tab.ntodo++] = &o->h;
  return 1;
}

/* The work a changed tile gives itself and its neighbours. */
static int gather(golcl__htiles *s, ht_tile *t) {
  uint64_t c = t->chg, w = t->chgw, e = t->chge;
  t->need |= spread(c);
  if (!t->queued) t->queued = 1, s->tab.todo[s->tab.ntodo++] = &t->h;
  return touch(s, t, W, spread(w)) && touch(s, t, E, spread(e)) && touch(s, t, N, (c & 1) << 63) &&
         touch(s, t, S, c >> 63) && touch(s, t, NW, (w & 1) << 63) &&
         touch(s, t, NE, (e & 1) << 63) && touch(s, t, SW, w >> 63) && touch(s, t, SE, e >> 63);
}

/* Row i (-1 .. 64) of t at generation cur with the words beside it. */
static inline void row3(const ht_tile *t, int cur, int i, uint64_t *m, uint64_t *w, uint64_t *e) {
  if (i < 0) {
    *m = NB(t, N)->rows[cur][T - 1], *w = NB(t, NW)->rows[cur][T - 1];
    *e = NB(t, NE)->rows[cur][T - 1];
  } else if (i >= T) {
    *m = NB(t, S)->rows[cur][0], *w = NB(t, SW)->rows[cur][0], *e = NB(t, SE)->rows[cur][0];
  } else {
    *m = t->rows[cur][i], *w = NB(t, W)->rows[cur][i], *e = NB(t, E)->rows[cur][i];
  }
}

/* A row's sums across (any type of words: uint64_t or a vector of them): of
 * 3 (lo3, hi3: with the cell) and of 2 (lo2, hi2: without). */
#define ACROSS(TYPE, x, w, e, lo3, hi3, lo2, hi2)              \
  do {                                                         \
    TYPE l_ = (x) << 1 | (w) >> 63, r_ = (x) >> 1 | (e) << 63; \
    lo2 = l_ ^ r_, hi2 = l_ & r_;                              \
    lo3 = lo2 ^ (x), hi3 = hi2 | (lo2 & (x));                  \
  } while (0)

/* The next cells from the sums of 3 above (ulo, uhi) and below (dlo, dhi),
 * of 2 beside (mlo, mhi) and the cells: the count's bits c0 c1 c2 c3 by full
 * adders (c3: all eight), then the rule (B3/S23 in three operations). */
#define NEXT(TYPE, s, ulo, uhi, mlo, mhi, dlo, dhi, alive, nv)                                 \
  do {                                                                                         \
    TYPE x0 = ulo ^ dlo, c0 = x0 ^ mlo, k0 = (ulo & dlo) | (x0 & mlo);                         \
    TYPE x1 = uhi ^ dhi, xs = x1 ^ mhi, k1 = (uhi & dhi) | (x1 & mhi);                         \
    TYPE c1 = xs ^ k0, k2 = xs & k0;                                                           \
    if ((s)->life) {                                                                           \
      nv = c1 & ~(k1 | k2) & (c0 | alive);                                                     \
    } else {                                                                                   \
      TYPE c2 = k1 ^ k2, c3 = k1 & k2, born = c0 ^ c0, keep = born;                            \
      for (int k = 0; k <= 8; k++) {                                                           \
        if (!(((s)->birth | (s)->survive) >> k & 1)) continue;                                 \
        TYPE q =                                                                               \
            (k & 1 ? c0 : ~c0) & (k & 2 ? c1 : ~c1) & (k & 4 ? c2 : ~c2) & (k & 8 ? c3 : ~c3); \
        if ((s)->birth >> k & 1) born |= q;                                                    \
        if ((s)->survive >> k & 1) keep |= q;                                                  \
      }                                                                                        \
      nv = (alive & keep) | (~alive & born);                                                   \
    }                                                                                          \
  } while (0)

/* Rows [r0, r1) of generation t+1 into the other buffer, their changes into
 * *c, *cw, *ce: one row below read a row, the sums of the two above kept.
 * Portable C; the vector bricks below do the same four rows at a time. */
static void step_rows(const golcl__htiles *s, ht_tile *t, int r0, int r1, uint64_t *c, uint64_t *cw,
                      uint64_t *ce) {
  int cur = s->cur;
  uint64_t m, w, e, ulo, uhi, mlo, mhi, mlo2, mhi2, dlo, dhi, dlo2, dhi2, alive, xm;
  row3(t, cur, r0 - 1, &m, &w, &e);
  ACROSS(uint64_t, m, w, e, ulo, uhi, mlo2, mhi2);
  row3(t, cur, r0, &m, &w, &e);
  alive = m;
  ACROSS(uint64_t, m, w, e, mlo, mhi, mlo2, mhi2);
  uint64_t *out = t->rows[cur ^ 1], ch = 0, chw = 0, che = 0;
  for (int r = r0; r < r1; r++) {
    row3(t, cur, r + 1, &xm, &w, &e);
    ACROSS(uint64_t, xm, w, e, dlo, dhi, dlo2, dhi2);
    uint64_t nv;
    NEXT(uint64_t, s, ulo, uhi, mlo2, mhi2, dlo, dhi, alive, nv);
    uint64_t d = nv ^ out[r];
    out[r] = nv;
    ch |= (uint64_t)(d != 0) << r;
    chw |= (d & 1) << r;
    che |= (d >> 63) << r;
    ulo = mlo, uhi = mhi, mlo = dlo, mhi = dhi, mlo2 = dlo2, mhi2 = dhi2, alive = xm;
  }
  *c |= ch, *cw |= chw, *ce |= che;
}

/* Each brick's rows ORed into its lowest bit. */
static inline uint64_t brick_bits(uint64_t need) {
  for (int k = 1; k < BRICK; k <<= 1) need |= need >> k;
  return need & ~0ull / ((1ull << BRICK) - 1);
}

/* Steps the rows t->need asks for, in runs of whole bricks. */
static unsigned step_tile_scalar(golcl__htiles *s, ht_tile *t) {
  uint64_t bricks = brick_bits(t->need) * ((1ull << BRICK) - 1);
  uint64_t c = 0, cw = 0, ce = 0;
  unsigned n = 0;
  while (bricks) {
    int r0 = __builtin_ctzll(bricks);
    uint64_t run = bricks >> r0;
    int len = ~run ? __builtin_ctzll(~run) : T - r0;
    step_rows(s, t, r0, r0 + len, &c, &cw, &ce);
    n += (unsigned)len;
    bricks &= len + r0 >= T ? 0 : ~0ull << (r0 + len);
  }
  t->chg = c, t->chgw = cw, t->chge = ce;
  return n;
}

#if defined(__GNUC__) && BRICK == 4
/* GCC's vector extensions: a brick is one vector of four rows (AVX2 where the
 * processor has it: HT_AVX2 below; two SSE2 halves elsewhere). The rows above
 * and below are unaligned loads one row off; at the tile's top and bottom the
 * six rows are gathered first. */
#define HT_VECTOR 1
typedef uint64_t ht_v4 __attribute__((vector_size(4 * sizeof(uint64_t))));
#define LD(v, p) memcpy(&(v), (p), sizeof(v))

#ifdef HT_AVX2
/* A brick's changes d (four rows): the rows that changed, their column 0
 * and their column 63, each a bit a row, by the sign masks of AVX
 * (vmovmskpd) rather than lane by lane. */
typedef double ht_v4d __attribute__((vector_size(4 * sizeof(double))));
__attribute__((target("avx2"))) static inline uint64_t lanes_avx2(ht_v4 d, uint64_t *first,
                                                                  uint64_t *last) {
  const ht_v4 zero = {0, 0, 0, 0};
  *first = (uint64_t)__builtin_ia32_movmskpd256((ht_v4d)(d << 63));
  *last = (uint64_t)__builtin_ia32_movmskpd256((ht_v4d)d);
  return (uint64_t)__builtin_ia32_movmskpd256((ht_v4d)(d != zero));
}
#endif

static inline __attribute__((always_inline)) unsigned step_tile_vector(golcl__htiles *s, ht_tile *t,
                                                                       int avx2) {
  (void)avx2;
  int cur = s->cur;
  unsigned n = 0;
  uint64_t bits = brick_bits(t->need), c = 0, cw = 0, ce = 0;
  const uint64_t *tm = t->rows[cur], *tw = NB(t, W)->rows[cur], *te = NB(t, E)->rows[cur];
  uint64_t *out = t->rows[cur ^ 1];
  while (bits) {
    int r0 = __builtin_ctzll(bits);
    bits &= bits - 1;
    uint64_t gm[6], gw[6], ge[6];
    const uint64_t *pm = tm + r0 - 1, *pw = tw + r0 - 1, *pe = te + r0 - 1;
    if (r0 == 0 || r0 + BRICK == T) {
      for (int i = 0; i < 6; i++) row3(t, cur, r0 - 1 + i, &gm[i], &gw[i], &ge[i]);
      pm = gm, pw = gw, pe = ge;
    }
    ht_v4 mu, mm, md, wu, wm, wd, eu, em, ed, ulo, uhi, mlo, mhi, dlo, dhi, x, y, nv, old;
    LD(mu, pm), LD(mm, pm + 1), LD(md, pm + 2);
    LD(wu, pw), LD(wm, pw + 1), LD(wd, pw + 2);
    LD(eu, pe), LD(em, pe + 1), LD(ed, pe + 2);
    ACROSS(ht_v4, mu, wu, eu, ulo, uhi, x, y);
    ACROSS(ht_v4, md, wd, ed, dlo, dhi, x, y);
    ACROSS(ht_v4, mm, wm, em, x, y, mlo, mhi);
    NEXT(ht_v4, s, ulo, uhi, mlo, mhi, dlo, dhi, mm, nv);
    LD(old, out + r0);
    memcpy(out + r0, &nv, sizeof nv);
    nv ^= old;
    n += BRICK;
    uint64_t any, first, last;
#ifdef HT_AVX2
    if (avx2) {
      any = lanes_avx2(nv, &first, &last);
    } else
#endif
    {
      uint64_t d[4];
      memcpy(d, &nv, sizeof d);
      any = (uint64_t)(d[0] != 0) | (uint64_t)(d[1] != 0) << 1 | (uint64_t)(d[2] != 0) << 2 |
            (uint64_t)(d[3] != 0) << 3;
      first = (d[0] & 1) | (d[1] & 1) << 1 | (d[2] & 1) << 2 | (d[3] & 1) << 3;
      last = d[0] >> 63 | d[1] >> 63 << 1 | d[2] >> 63 << 2 | d[3] >> 63 << 3;
    }
    if (!any) continue; /* often: a period-2 neighbour woke it */
    c |= any << r0, cw |= first << r0, ce |= last << r0;
  }
  t->chg = c, t->chgw = cw, t->chge = ce;
  return n;
}

static unsigned step_tile_default(golcl__htiles *s, ht_tile *t) {
  return step_tile_vector(s, t, 0);
}

#ifdef HT_AVX2
__attribute__((target("avx2"))) static unsigned step_tile_avx2(golcl__htiles *s, ht_tile *t) {
  return step_tile_vector(s, t, 1);
}
#endif
#endif

/* The portable rows where asked (GOLCL_HTILES_SCALAR=1) or where no vector
 * bricks are built; else the vector bricks, in their AVX2 build where the
 * processor runs it. */
static ht_step_fn *step_of(int scalar) {
  (void)scalar;
#ifdef HT_VECTOR
  if (!scalar) {
#ifdef HT_AVX2
    if (CPU_FEATURE_ACTIVE(AVX2)) return step_tile_avx2;
#endif
    return step_tile_default;
  }
#endif
  return step_tile_scalar;
}

static void step_tile(golcl__htiles *s, ht_tile *t) {
  s->tiles_stepped++;
  s->rows_stepped += s->step(s, t);
  t->need = 0;
  t->queued = 0;
}

/* Frees the tiles that are dead in both buffers and did not change. */
static void sweep(golcl__htiles *s) {
  for (size_t i = s->tab.n; i-- > 0;) {
    ht_tile *t = TILE(s->tab.all[i]);
    if (t->chg) continue;
    uint64_t any = 0;
    for (int r = 0; r < T; r++) any |= t->rows[0][r] | t->rows[1][r];
    if (!any) golcl__tile_unmake(&s->tab, &t->h);
  }
}

golcl_status golcl__htiles_run(golcl__htiles *s, uint64_t gens, uint64_t *done) {
  if (done) *done = 0;
  for (uint64_t g = 0; g < gens; g++) {
    golcl__tile_table *tab = &s->tab;
    tab->ntodo = 0;
    for (size_t i = 0; i < tab->nactive; i++)
      if (!gather(s, TILE(tab->active[i]))) {
        for (size_t j = 0; j < tab->ntodo; j++)
          TILE(tab->todo[j])->need = 0, TILE(tab->todo[j])->queued = 0;
        return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "host tiles: out of host memory");
      }
    tab->nactive = 0;
    for (size_t i = 0; i < tab->ntodo; i++) {
      ht_tile *t = TILE(tab->todo[i]);
      step_tile(s, t);
      if (t->chg) tab->active[tab->nactive++] = &t->h;
    }
    s->cur ^= 1;
    s->gens++;
    if (done) ++*done;
    if (s->gens % FREE_EVERY == 0) sweep(s);
  }
  return GOLCL_OK;
}
