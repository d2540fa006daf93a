/* mstiles_gpu.c — the device tiles of states (mstiles_gpu.h).
 *
 * Why an atlas. The rules room already steps every family on the device
 * (Generations on bit planes, Larger than Life by window sums, @TABLE and
 * @TREE rules, JvN by tables): one name for a thing, so this engine writes
 * no rule kernel of its own. It steps the tiles that can change through
 * golcl_msgrid_step on an "atlas", a golcl_msgrid with a dead boundary
 * holding those tiles side by side, each in a slot of S×S cells
 * (S = 64 + 2P, P = k·R for a round of k generations, R the rule's reach):
 * the tile's cells in the middle, a frame of P cells of its neighbours
 * around them. cl/universe/mstiles.cl's two kernels copy tiles in (the
 * frame from a table of the 8 neighbours' store slots; none: 0s) and out
 * (comparing with the cells they replace).
 *
 * Why the atlas is exact. A cell's next state depends on the cells within R
 * of it. Slots touch each other and the atlas's dead edge, so after one
 * generation the cells within R of a slot's edge are wrong, after j those
 * within j·R; after k ≤ P / R generations the middle 64×64, P cells in, is
 * still exact: each tile's cells k generations on, whatever the slots
 * around it hold (so a slot not in use needs no clearing).
 *
 * Why skipping is exact. A round takes the cells from generation t to
 * t + k. If a tile and the cells within P of it (its frame) are the same at
 * t as at t - k, its cells at t + k are those it got at t from them: it is
 * not stepped. So a tile is stepped when a cell of it changed in the round
 * before, or a cell of a neighbour within P of the side or corner they
 * share (the flags mst_scatter gives); still tiles, and period-2 ones for an
 * even k, cost nothing. That needs rounds of one length: a round of
 * another (the end of a run that is not a multiple of k) steps every tile
 * and makes all their neighbours, as the first round after a load does.
 * Absent tiles hold 0s and stay 0 through a round (background 0 stays 0):
 * a tile is made, and stepped, as soon as a change within P of it could
 * reach it; one stepped into 0s with no change is freed (its slot, all 0s,
 * reused) unless a neighbour's change asks for it.
 *
 * Why the host plans. The list of tiles to step and the table of their
 * neighbours are made on the host from the flags of the round before (4
 * bytes a stepped tile, read once a round); the cells never cross the bus
 * between a load and a walk. */
#include "mstiles_gpu.h"

#include "tiletable.h"

#include "../core/core.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define T GOLCL__MSTILE
#define TB ((size_t)T * T)
enum { N = GOLCL__N, NE, E, SE, S, SW, W, NW };

#include "../../cl/universe/mstiles_defs.cl" /* the kernels' flags, MST_RUN */
#define MST_ALL 511u                         /* a loaded tile: changed everywhere */

/* The flag that asks for the neighbour in direction d (tiletable.h's order). */
static const uint32_t dir_flag[8] = {MST_N, MST_NE, MST_E, MST_SE, MST_S, MST_SW, MST_W, MST_NW};

typedef struct gtile {
  golcl__tile_node h;
  uint32_t slot;    /* in the store */
  uint32_t pending; /* the flags of its last round, not yet planned from */
  uint8_t queued;   /* in this round's list (todo) */
  uint8_t listed;   /* in the list of tiles with pending flags (active) */
} gtile;

#define TILE(n) ((gtile *)(n))

struct golcl__mstiles_gpu {
  golcl_context *ctx;
  golcl_msrule rule;
  uint32_t R;
  unsigned k;    /* generations a round */
  unsigned last; /* the length of the last round; 0: none since a load */
  gtile zero;
  golcl__tile_table tab; /* active: tiles with pending flags; todo: this round's */
  cl_mem store;          /* cap slots of TB bytes */
  uint32_t cap, high;    /* slots allocated, slots ever used */
  uint32_t *free_slots;
  size_t nfree, free_cap;
  uint8_t *stage; /* put's cells, slot by slot, until the next run or walk */
  size_t nstage, stage_cap;
  golcl_msgrid *atlas[2]; /* the last one used first; the other kept for reuse */
  uint32_t cols[2], slots[2];
  cl_mem nbr, flags; /* 9 slots and the flags of each atlas slot in use */
  size_t list_cap;
  int32_t *hnbr;
  uint32_t *hflags;
  gtile **zeros; /* tiles stepped into 0s without a change: freed unless asked for */
  size_t nzeros, zeros_cap;
  uint8_t *walked; /* the store as the last walk read it (its cells stay valid until the
                      next run, walk or clear) */
  cl_kernel gather, scatter;
  uint64_t gens, rounds, tiles_stepped, atlases_made;
  int gpu; /* the context's device is a GPU (the default round) */
};

static golcl_status oom(void) {
  return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "device tiles of states: out of host memory");
}

/* The default round: k·R cells of frame, at most 8 cells for a reach of
 * 1-2 (the bit planes of Generations step 8 generations a launch), an even
 * k (period 2 skipped) up to R 32, 1 beyond; on a GPU 16 cells for a reach
 * of 1-8, where a round's fixed cost (its launches, the copies in and out)
 * outweighs the wider frame (an H200, 200 generations of 4096² soups,
 * 2026-11-29: Brian's Brain k 8 0.020 s, 16 0.013, 32 0.011; WireWorld 8
 * 0.018, 16 0.014; on pocl 16 lost to 8). */
static unsigned default_round(uint32_t R, int gpu) {
  if (gpu && R <= 8) return 16 / R;
  if (R <= 2) return 8 / R;
  return R <= T / 2 ? 2 : 1;
}

golcl_status golcl__mstiles_gpu_create(golcl_context *ctx, const golcl_msrule *rule,
                                       golcl__mstiles_gpu **out) {
  *out = NULL;
  if (!ctx || !rule)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "device tiles of states: NULL argument");
  const uint32_t R = golcl_msrule_reach(rule);
  if (R > T)
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "device tiles of states: a reach of %u cells, beyond a tile's side (%d)",
                       (unsigned)R, T);
  /* the rule checked here (the block step refuses what the rules room does
   * not run), and its background: a cell among 0s stays 0 */
  uint8_t one = 0;
  golcl_status st = golcl_msrule_background_next(rule, &one);
  if (st == GOLCL_OK && one)
    st =
        golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                    "device tiles of states: a cell in state 0 among 0s becomes %u", (unsigned)one);
  if (st != GOLCL_OK) return st;
  golcl__mstiles_gpu *s = calloc(1, sizeof *s);
  if (!s) return oom();
  s->ctx = ctx;
  s->rule = *rule;
  s->R = R;
  golcl_device_info info;
  s->gpu = golcl_context_device_info(ctx, &info) == GOLCL_OK && info.type == GOLCL_DEVICE_GPU;
  s->k = default_round(R, s->gpu);
  golcl__tile_table_init(&s->tab, &s->zero.h, sizeof(gtile), offsetof(gtile, h), 64);
  st = golcl__kernel(ctx, "universe/mstiles.cl", "", "mst_gather", &s->gather);
  if (st == GOLCL_OK)
    st = golcl__kernel(ctx, "universe/mstiles.cl", "", "mst_scatter", &s->scatter);
  if (st != GOLCL_OK) {
    golcl__mstiles_gpu_destroy(s);
    return st;
  }
  *out = s;
  return GOLCL_OK;
}

void golcl__mstiles_gpu_destroy(golcl__mstiles_gpu *s) {
  if (!s) return;
  golcl__tile_table_clear(&s->tab);
  cl_mem m[] = {s->store, s->nbr, s->flags};
  for (size_t i = 0; i < sizeof m / sizeof *m; i++)
    if (m[i]) clReleaseMemObject(m[i]);
  golcl_msgrid_destroy(s->atlas[0]), golcl_msgrid_destroy(s->atlas[1]);
  free(s->free_slots), free(s->stage), free(s->hnbr), free(s->hflags), free(s->zeros);
  free(s->walked);
  free(s);
}

golcl_status golcl__mstiles_gpu_set_round(golcl__mstiles_gpu *s, unsigned k) {
  if (!k) k = default_round(s->R, s->gpu);
  if (s->tab.n || k > T || k * s->R > T)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "device tiles of states: a round of %u generations (reach %u, %s)", k,
                       (unsigned)s->R, s->tab.n ? "the engine holds tiles" : "a frame past a tile");
  s->k = k;
  return GOLCL_OK;
}

golcl_status golcl__mstiles_gpu_clear(golcl__mstiles_gpu *s) {
  golcl__tile_table_clear(&s->tab);
  free(s->walked);
  s->walked = NULL;
  s->nfree = s->nstage = s->nzeros = 0;
  s->last = 0;
  const uint8_t zero = 0;
  golcl_status st = s->high ? golcl__fill(s->ctx, s->store, &zero, 1, 0, s->high * TB) : GOLCL_OK;
  s->high = 0;
  return st;
}

/* --------------------------------------------------------------- slots */

/* Room for `slots` tiles in the store (a larger buffer, the tiles copied,
 * the rest 0s). */
static golcl_status store_room(golcl__mstiles_gpu *s, uint32_t slots) {
  if (slots <= s->cap) return GOLCL_OK;
  uint32_t cap = s->cap ? s->cap : 256;
  while (cap < slots) cap *= 2;
  cl_mem m = NULL;
  const uint8_t zero = 0;
  golcl_status st = golcl__buffer(s->ctx, cap * TB, CL_MEM_READ_WRITE, &m);
  if (st == GOLCL_OK && s->cap)
    st = golcl__cl_fail(
        s->ctx, clEnqueueCopyBuffer(s->ctx->queue, s->store, m, 0, 0, s->cap * TB, 0, NULL, NULL),
        "clEnqueueCopyBuffer");
  if (st == GOLCL_OK) st = golcl__fill(s->ctx, m, &zero, 1, s->cap * TB, (cap - s->cap) * TB);
  if (st != GOLCL_OK) {
    if (m) clReleaseMemObject(m);
    return st;
  }
  if (s->store) clReleaseMemObject(s->store);
  s->store = m;
  s->cap = cap;
  return GOLCL_OK;
}

/* A new tile at (tx, ty) with a slot of 0s. */
static golcl_status make_tile(golcl__mstiles_gpu *s, int64_t tx, int64_t ty, gtile **out) {
  golcl_status st = s->nfree ? GOLCL_OK : store_room(s, s->high + 1);
  if (st != GOLCL_OK) return st;
  gtile *t = TILE(golcl__tile_make(&s->tab, tx, ty));
  if (!t) return oom();
  t->slot = s->nfree ? s->free_slots[--s->nfree] : s->high++;
  *out = t;
  return GOLCL_OK;
}

static int free_tile(golcl__mstiles_gpu *s, gtile *t) {
  if (s->nfree == s->free_cap) {
    size_t cap = s->free_cap ? 2 * s->free_cap : 256;
    uint32_t *a = realloc(s->free_slots, cap * sizeof *a);
    if (!a) return 0;
    s->free_slots = a, s->free_cap = cap;
  }
  s->free_slots[s->nfree++] = t->slot;
  golcl__tile_unmake(&s->tab, &t->h);
  return 1;
}

/* ----------------------------------------------------------------- put */

golcl_status golcl__mstiles_gpu_put(golcl__mstiles_gpu *s, int64_t x, int64_t y,
                                    const uint8_t *cells, uint32_t w, uint32_t h) {
  gtile *t = NULL;
  for (uint32_t r = 0; r < h; r++)
    for (uint32_t c = 0; c < w; c++) {
      uint8_t v = cells[(size_t)r * w + c];
      if (!v) continue;
      int64_t cx = x + c, cy = y + r, tx = golcl__floor_div(cx, T), ty = golcl__floor_div(cy, T);
      if (!t || t->h.tx != tx || t->h.ty != ty) {
        t = TILE(golcl__tile_find(&s->tab, tx, ty));
        if (!t) { /* a fresh engine: the slots come in order, 0, 1, ... */
          if (!(t = TILE(golcl__tile_make(&s->tab, tx, ty)))) return oom();
          t->slot = s->high++;
          if (s->high > s->stage_cap) {
            size_t cap = s->stage_cap ? 2 * s->stage_cap : 64;
            uint8_t *a = realloc(s->stage, cap * TB);
            if (!a) return oom();
            s->stage = a, s->stage_cap = cap;
          }
          memset(s->stage + (size_t)t->slot * TB, 0, TB);
          s->nstage = s->high;
        }
      }
      s->stage[(size_t)t->slot * TB + (size_t)(cy - ty * T) * T + (size_t)(cx - tx * T)] = v;
    }
  return GOLCL_OK;
}

/* The cells put since the last load onto the device. */
static golcl_status flush(golcl__mstiles_gpu *s) {
  if (!s->nstage) return GOLCL_OK;
  golcl_status st = store_room(s, s->high);
  if (st == GOLCL_OK)
    st = golcl__cl_fail(s->ctx,
                        clEnqueueWriteBuffer(s->ctx->queue, s->store, CL_TRUE, 0, s->nstage * TB,
                                             s->stage, 0, NULL, NULL),
                        "clEnqueueWriteBuffer");
  if (st != GOLCL_OK) return st;
  s->nstage = 0;
  free(s->stage);
  s->stage = NULL, s->stage_cap = 0;
  return GOLCL_OK;
}

/* ---------------------------------------------------------------- plan */

static void queue(golcl__mstiles_gpu *s, gtile *t) {
  if (!t->queued) t->queued = 1, s->tab.todo[s->tab.ntodo++] = &t->h;
}

/* Every tile with pending flags all set: the next round steps them all and
 * makes their neighbours (a load, a round of another length). */
static void everything_changed(golcl__mstiles_gpu *s) {
  s->tab.nactive = 0;
  for (size_t i = 0; i < s->tab.n; i++) {
    gtile *t = TILE(s->tab.all[i]);
    t->pending = MST_ALL;
    t->listed = 1;
    s->tab.active[s->tab.nactive++] = &t->h;
  }
}

/* This round's list (todo) from the pending flags: a changed tile and the
 * neighbours its flags ask for, made where absent; then the tiles stepped
 * into 0s last round that nobody asked for are freed. */
static golcl_status plan(golcl__mstiles_gpu *s) {
  golcl__tile_table *tab = &s->tab;
  tab->ntodo = 0;
  golcl_status st = GOLCL_OK;
  size_t i = 0;
  for (; i < tab->nactive && st == GOLCL_OK; i++) {
    gtile *t = TILE(tab->active[i]);
    const uint32_t f = t->pending;
    t->pending = 0, t->listed = 0;
    if (f & MST_CHG) queue(s, t);
    for (int d = 0; d < 8 && st == GOLCL_OK; d++) {
      if (!(f & dir_flag[d])) continue;
      gtile *o = TILE(t->h.nb[d]);
      if (o == &s->zero)
        st = make_tile(s, t->h.tx + golcl__tile_dx[d], t->h.ty + golcl__tile_dy[d], &o);
      if (st == GOLCL_OK) queue(s, o);
    }
  }
  tab->nactive = 0;
  if (st != GOLCL_OK) return st;
  for (size_t z = 0; z < s->nzeros; z++)
    if (!s->zeros[z]->queued && !free_tile(s, s->zeros[z])) return oom();
  s->nzeros = 0;
  return GOLCL_OK;
}

/* --------------------------------------------------------------- round */

/* Room for n atlas slots' tables on the host and the device. */
static golcl_status list_room(golcl__mstiles_gpu *s, size_t n) {
  if (n <= s->list_cap) return GOLCL_OK;
  size_t cap = s->list_cap ? s->list_cap : 256;
  while (cap < n) cap *= 2;
  int32_t *a = realloc(s->hnbr, cap * 9 * sizeof *a);
  if (a) s->hnbr = a;
  uint32_t *b = realloc(s->hflags, cap * sizeof *b);
  if (b) s->hflags = b;
  if (!a || !b) return oom();
  cl_mem nbr = NULL, flags = NULL;
  golcl_status st = golcl__buffer(s->ctx, cap * 9 * sizeof *a, CL_MEM_READ_ONLY, &nbr);
  if (st == GOLCL_OK) st = golcl__buffer(s->ctx, cap * sizeof *b, CL_MEM_READ_WRITE, &flags);
  if (st != GOLCL_OK) {
    if (nbr) clReleaseMemObject(nbr);
    return st;
  }
  if (s->nbr) clReleaseMemObject(s->nbr), clReleaseMemObject(s->flags);
  s->nbr = nbr, s->flags = flags, s->list_cap = cap;
  return GOLCL_OK;
}

static uint32_t slot_side(const golcl__mstiles_gpu *s) { return T + 2 * s->k * s->R; }

/* An atlas for n tiles: the last one or the one before where it holds n
 * and at most 4n + 8 (so that a pattern that shrinks steps a smaller one),
 * else a new one with a quarter more room, about square; the other is
 * kept, the older freed. A new grid takes the context's programs of the
 * rule (the program cache is keyed by file and options, no size), and
 * builds its own rule tables on its first step. */
static golcl_status atlas_for(golcl__mstiles_gpu *s, uint32_t n) {
  for (int j = 0; j < 2; j++)
    if (s->atlas[j] && s->slots[j] >= n && s->slots[j] <= 4 * (uint64_t)n + 8) {
      if (j) { /* the one before becomes the last */
        golcl_msgrid *g = s->atlas[0];
        uint32_t c = s->cols[0], k = s->slots[0];
        s->atlas[0] = s->atlas[1], s->cols[0] = s->cols[1], s->slots[0] = s->slots[1];
        s->atlas[1] = g, s->cols[1] = c, s->slots[1] = k;
      }
      return GOLCL_OK;
    }
  const uint64_t want = (uint64_t)n + n / 4 + 1, side = slot_side(s);
  uint64_t cols = (uint64_t)ceil(sqrt((double)want));
  uint64_t rows = (want + cols - 1) / cols;
  if (cols * side > INT32_MAX || rows * side > INT32_MAX)
    return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY,
                       "device tiles of states: %u tiles need an atlas of %llux%llu cells",
                       (unsigned)n, (unsigned long long)(cols * side),
                       (unsigned long long)(rows * side));
  golcl_msgrid *g = NULL;
  golcl_status st = golcl_msgrid_create(s->ctx, (uint32_t)(cols * side), (uint32_t)(rows * side),
                                        GOLCL_BOUNDARY_DEAD, &g);
  if (st == GOLCL_OK) st = golcl_msgrid_set_msrule(g, &s->rule);
  if (st != GOLCL_OK && s->atlas[1]) { /* the spare's room first, then once more */
    golcl_msgrid_destroy(g), golcl_msgrid_destroy(s->atlas[1]);
    s->atlas[1] = NULL;
    g = NULL;
    st = golcl_msgrid_create(s->ctx, (uint32_t)(cols * side), (uint32_t)(rows * side),
                             GOLCL_BOUNDARY_DEAD, &g);
    if (st == GOLCL_OK) st = golcl_msgrid_set_msrule(g, &s->rule);
  }
  if (st != GOLCL_OK) {
    golcl_msgrid_destroy(g);
    return st;
  }
  golcl_msgrid_destroy(s->atlas[1]);
  s->atlas[1] = s->atlas[0], s->cols[1] = s->cols[0], s->slots[1] = s->slots[0];
  s->atlas[0] = g, s->cols[0] = (uint32_t)cols, s->slots[0] = (uint32_t)(cols * rows);
  s->atlases_made++;
  return GOLCL_OK;
}

/* The store slots of the 3×3 tiles of each listed tile (-1: none). */
static void neighbour_table(golcl__mstiles_gpu *s) {
  static const int dir[3][3] = {{NW, N, NE}, {W, -1, E}, {SW, S, SE}};
  for (size_t i = 0; i < s->tab.ntodo; i++) {
    gtile *t = TILE(s->tab.todo[i]);
    t->queued = 0;
    for (int r = 0; r < 3; r++)
      for (int c = 0; c < 3; c++) {
        const gtile *o = dir[r][c] < 0 ? t : TILE(t->h.nb[dir[r][c]]);
        s->hnbr[9 * i + 3 * (size_t)r + (size_t)c] = o == &s->zero ? -1 : (int32_t)o->slot;
      }
  }
}

/* The device's part of a round of m generations over the n listed tiles:
 * into the atlas, m generations there, back into the store with their
 * flags (read). */
static golcl_status step_listed(golcl__mstiles_gpu *s, uint32_t n, unsigned m) {
  golcl_context *ctx = s->ctx;
  golcl_status st = atlas_for(s, n);
  if (st != GOLCL_OK) return st;
  golcl_msgrid *g = s->atlas[0];
  cl_int cn = (cl_int)n, cols = (cl_int)s->cols[0], side = (cl_int)slot_side(s),
         P = (cl_int)(s->k * s->R);
  st = golcl__cl_fail(ctx,
                      clEnqueueWriteBuffer(ctx->queue, s->nbr, CL_FALSE, 0, (size_t)n * 9 * 4,
                                           s->hnbr, 0, NULL, NULL),
                      "clEnqueueWriteBuffer");
  cl_mem a = golcl_msgrid_buffer(g);
  size_t extent[2] = {(size_t)cols * (size_t)((side + MST_RUN - 1) / MST_RUN),
                      (size_t)((n + s->cols[0] - 1) / s->cols[0]) * (size_t)side};
  if (st == GOLCL_OK)
    st = golcl__args(ctx, s->gather, GOLCL__ARG(a), GOLCL__ARG(s->store), GOLCL__ARG(s->nbr),
                     GOLCL__ARG(cn), GOLCL__ARG(cols), GOLCL__ARG(side), GOLCL__ARG(P), GOLCL__END);
  if (st == GOLCL_OK) st = golcl__launch_cover(ctx, s->gather, 2, extent);
  if (st == GOLCL_OK) st = golcl_msgrid_step(g, m);
  a = golcl_msgrid_buffer(g); /* the step's last buffer */
  size_t global = (size_t)n * 64, local = 64;
  if (st == GOLCL_OK)
    st = golcl__args(ctx, s->scatter, GOLCL__ARG(a), GOLCL__ARG(s->store), GOLCL__ARG(s->nbr),
                     GOLCL__ARG(s->flags), GOLCL__ARG(cols), GOLCL__ARG(side), GOLCL__ARG(P),
                     GOLCL__END);
  if (st == GOLCL_OK) st = golcl__launch(ctx, s->scatter, 1, &global, &local);
  if (st == GOLCL_OK)
    st = golcl__cl_fail(ctx,
                        clEnqueueReadBuffer(ctx->queue, s->flags, CL_TRUE, 0, (size_t)n * 4,
                                            s->hflags, 0, NULL, NULL),
                        "clEnqueueReadBuffer");
  return st;
}

/* The flags of the round into the tiles: a changed tile's wait for the next
 * plan; one stepped into 0s without a change may be freed there. */
static golcl_status take_flags(golcl__mstiles_gpu *s, uint32_t n) {
  golcl__tile_table *tab = &s->tab;
  for (uint32_t i = 0; i < n; i++) {
    gtile *t = TILE(tab->todo[i]);
    const uint32_t f = s->hflags[i];
    if (f & MST_CHG) {
      t->pending = f;
      if (!t->listed) t->listed = 1, tab->active[tab->nactive++] = &t->h;
    } else if (!(f & MST_LIVE)) {
      if (s->nzeros == s->zeros_cap) {
        size_t cap = s->zeros_cap ? 2 * s->zeros_cap : 256;
        gtile **z = realloc(s->zeros, cap * sizeof *z);
        if (!z) return oom();
        s->zeros = z, s->zeros_cap = cap;
      }
      s->zeros[s->nzeros++] = t;
    }
  }
  tab->ntodo = 0;
  return GOLCL_OK;
}

/* One round of m generations (m <= k). */
static golcl_status round_of(golcl__mstiles_gpu *s, unsigned m) {
  if (m != s->last) everything_changed(s);
  golcl_status st = plan(s);
  const uint32_t n = (uint32_t)s->tab.ntodo;
  if (st == GOLCL_OK && n) st = list_room(s, n);
  if (st == GOLCL_OK) neighbour_table(s);
  if (st == GOLCL_OK && n) st = step_listed(s, n, m);
  if (st == GOLCL_OK) st = take_flags(s, n);
  if (st != GOLCL_OK) { /* the activity is lost: the next round steps everything */
    for (size_t i = 0; i < s->tab.ntodo; i++) TILE(s->tab.todo[i])->queued = 0;
    s->tab.ntodo = 0;
    s->last = 0;
    return st;
  }
  s->last = m;
  s->gens += m;
  s->rounds++;
  s->tiles_stepped += n;
  return GOLCL_OK;
}

golcl_status golcl__mstiles_gpu_run(golcl__mstiles_gpu *s, uint64_t gens, uint64_t *done) {
  *done = 0;
  golcl__clear_error(s->ctx);
  free(s->walked);
  s->walked = NULL;
  golcl_status st = flush(s);
  while (st == GOLCL_OK && *done < gens) {
    const unsigned m = gens - *done < s->k ? (unsigned)(gens - *done) : s->k;
    st = round_of(s, m);
    if (st == GOLCL_OK) *done += m;
  }
  return st;
}

/* ---------------------------------------------------------------- walk */

golcl_status golcl__mstiles_gpu_get_tiles(golcl__mstiles_gpu *s, golcl__mstile_fn fn, void *user) {
  golcl_status st = flush(s);
  if (st != GOLCL_OK || !s->tab.n) return st;
  free(s->walked);
  uint8_t *cells = s->walked = malloc(s->high * TB);
  golcl__tile_node **v = malloc(s->tab.n * sizeof *v);
  if (!cells || !v) {
    free(v);
    return oom();
  }
  st = golcl__cl_fail(
      s->ctx,
      clEnqueueReadBuffer(s->ctx->queue, s->store, CL_TRUE, 0, s->high * TB, cells, 0, NULL, NULL),
      "clEnqueueReadBuffer");
  size_t n = 0;
  for (size_t i = 0; i < s->tab.n && st == GOLCL_OK; i++) {
    const uint8_t *c = cells + TILE(s->tab.all[i])->slot * TB;
    size_t k = 0;
    while (k < TB && !c[k]) k++;
    if (k < TB) v[n++] = s->tab.all[i];
  }
  qsort(v, n, sizeof *v, golcl__tile_by_position);
  for (size_t i = 0; i < n && st == GOLCL_OK; i++)
    st = fn(user, v[i]->tx, v[i]->ty, cells + TILE(v[i])->slot * TB);
  free(v);
  return st;
}

void golcl__mstiles_gpu_get_stats(const golcl__mstiles_gpu *s, golcl__mstiles_gpu_stats *out) {
  memset(out, 0, sizeof *out);
  out->tiles = s->tab.n;
  out->device_bytes = (uint64_t)s->cap * TB + (uint64_t)s->list_cap * 10 * 4;
  for (int j = 0; j < 2; j++) /* the cells and the step's second buffer */
    if (s->atlas[j])
      out->device_bytes +=
          2 * (uint64_t)golcl_msgrid_width(s->atlas[j]) * golcl_msgrid_height(s->atlas[j]);
  out->generations = s->gens;
  out->rounds = s->rounds;
  out->tiles_stepped = s->tiles_stepped;
  out->atlases_made = s->atlases_made;
  out->k = s->k;
}
