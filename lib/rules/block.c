/* block.c — one generation of a block's inner cells, for engines that step
 * the plane in pieces (the universe's HashLife): each inner cell from its
 * neighbourhood inside the block, by the same next-state functions as the
 * host reference (reference.c), so that a piece agrees with the whole. */
#include "ruletree.h" /* text only: builds without OpenCL */

#include "../../cl/rules/jvn_rule.cl"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

uint32_t golcl_msrule_reach(const golcl_msrule *rule) {
  if (!rule) return 0;
  return rule->family == GOLCL_MS_LTL ? rule->range : 1;
}

/* The last rule that passed the checks in this thread: a HashLife base case
 * calls this millions of times with one rule, and the full check formats a
 * Generations table each time. */
static _Thread_local golcl_msrule checked;
static _Thread_local int checked_valid;

static int rule_ok(const golcl_msrule *r, const char **why) {
  if (checked_valid && memcmp(&checked, r, sizeof *r) == 0) return 1;
  if (golcl__msrule_check(r, why) != GOLCL_OK) return 0;
  checked = *r;
  checked_valid = 1;
  return 1;
}

static void generations(const golcl_msrule *r, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                        uint8_t *out, size_t os) {
  for (uint32_t y = 1; y + 1 < h; y++) {
    const uint8_t *a = in + (y - 1) * is, *b = a + is, *c = b + is;
    uint8_t *o = out + (y - 1) * os;
    for (uint32_t x = 1; x + 1 < w; x++) {
      /* Golly's MAP order: NW is bit 8, SE bit 0 (as reference.c) */
      unsigned idx = (unsigned)(a[x - 1] == 1) << 8 | (unsigned)(a[x] == 1) << 7 |
                     (unsigned)(a[x + 1] == 1) << 6 | (unsigned)(b[x - 1] == 1) << 5 |
                     (unsigned)(b[x] == 1) << 4 | (unsigned)(b[x + 1] == 1) << 3 |
                     (unsigned)(c[x - 1] == 1) << 2 | (unsigned)(c[x] == 1) << 1 |
                     (unsigned)(c[x + 1] == 1);
      o[x - 1] = golcl__ms_next(b[x], r->table.next[idx], r->states);
    }
  }
}

static void tree(const golcl_ruletree *t, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                 uint8_t *out, size_t os) {
  for (uint32_t y = 1; y + 1 < h; y++) {
    const uint8_t *a = in + (y - 1) * is, *b = a + is, *c = b + is;
    uint8_t *o = out + (y - 1) * os;
    for (uint32_t x = 1; x + 1 < w; x++) {
      const uint8_t v[9] = {a[x - 1], a[x],     a[x + 1], b[x - 1], b[x],
                            b[x + 1], c[x - 1], c[x],     c[x + 1]};
      o[x - 1] = golcl__ruletree_next(t, v);
    }
  }
}

static void jvn(const golcl_msrule *r, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                uint8_t *out, size_t os) {
  const int v = r->family == GOLCL_MS_HUTTON32   ? GOLCL_HUTTON32
                : r->family == GOLCL_MS_NOBILI32 ? GOLCL_NOBILI32
                                                 : GOLCL_JVN29;
  /* a cell whose neighbours and itself are all in state 0 takes the state z found once a
   * block, without the rule's branches: most cells of a HashLife base case (the JvN
   * replicator to 20 000 on pocl 2-4 % faster; a rule tree's walk gained nothing) */
  const uint8_t z = (uint8_t)golcl_jvn_next(v, 0, 0, 0, 0, 0);
  for (uint32_t y = 1; y + 1 < h; y++) {
    const uint8_t *a = in + (y - 1) * is, *b = a + is, *c = b + is;
    uint8_t *o = out + (y - 1) * os;
    for (uint32_t x = 1; x + 1 < w; x++)
      o[x - 1] = (b[x] | b[x + 1] | a[x] | b[x - 1] | c[x])
                     ? (uint8_t)golcl_jvn_next(v, b[x], b[x + 1], a[x], b[x - 1], c[x])
                     : z;
  }
}

/* The sums' room: a buffer of each thread's own, kept for its next block
 * (a block a generation, as the universe's box of Larger than Life steps,
 * would otherwise map and unmap its sums each time: a third of its run,
 * most of it the kernel's), freed when the thread ends; above KEEP_MAX
 * bytes, a buffer of the call's own (*own set: the caller frees it). */
#define KEEP_MAX ((size_t)64 << 20)
typedef struct scratch_buf {
  void *p;
  size_t n;
} scratch_buf;
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static int scratch_ok;

static void scratch_free(void *v) {
  scratch_buf *s = v;
  free(s->p);
  free(s);
}

static void scratch_init(void) { scratch_ok = pthread_key_create(&scratch_key, scratch_free) == 0; }

static void *scratch(size_t n, int *own) {
  *own = 1;
  pthread_once(&scratch_once, scratch_init);
  if (!scratch_ok || n > KEEP_MAX) return malloc(n);
  scratch_buf *s = pthread_getspecific(scratch_key);
  if (!s) {
    if (!(s = calloc(1, sizeof *s))) return NULL;
    if (pthread_setspecific(scratch_key, s) != 0) {
      free(s);
      return malloc(n);
    }
  }
  if (s->n < n) {
    free(s->p);
    s->n = 0;
    if (!(s->p = malloc(n))) return NULL;
    s->n = n;
  }
  *own = 0;
  return s->p;
}

/* A Larger than Life rule's decision for a cell in state s whose
 * neighbourhood holds n cells in state 1 (itself included): each range as
 * an offset and a width (n - lo <= hi - lo, unsigned; an empty range never
 * holds). */
typedef struct ltl_law {
  uint32_t b0, bw, s0, sw, states, drop;
} ltl_law;

static ltl_law law_of(const golcl_msrule *r) {
  ltl_law L = {r->bmin, r->bmax - r->bmin, r->smin, r->smax - r->smin, golcl__msrule_states(r),
               !r->middle};
  if (r->bmax < r->bmin) L.b0 = UINT32_MAX, L.bw = 0;
  if (r->smax < r->smin) L.s0 = UINT32_MAX, L.sw = 0;
  return L;
}

static inline uint8_t law_next(const ltl_law *L, uint8_t s, uint32_t n) {
  n -= L->drop & (s == 1);
  const int on = s == 0 ? n - L->b0 <= L->bw : n - L->s0 <= L->sw;
  return golcl__ms_next(s, on, L->states);
}

/* A row of a two-state rule in the Moore box, without branches, so that
 * the compiler can step it 16 or 32 cells at a time (GCC at -O2 vectorizes
 * only at its cheapest, hence O3 here: R500-alien-bug's row, the most of its
 * run). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("O3")))
#endif
static void moore2_row(const ltl_law *L, const uint8_t *row, const uint32_t *t, const uint32_t *b,
                       uint32_t R, uint32_t w, uint8_t *o) {
  const uint32_t b0 = L->b0, bw = L->bw, s0 = L->s0 + L->drop, sw = L->sw;
  const size_t n = (size_t)w - 2 * R;
  const uint32_t *bh = b + 2 * R + 1, *th = t + 2 * R + 1;
  const uint8_t *c = row + R;
  uint8_t *out = o + R;
  for (size_t i = 0; i < n; i++) {
    const uint32_t k = bh[i] - b[i] - th[i] + t[i], s = c[i];
    const uint32_t lo = s ? s0 : b0, width = s ? sw : bw;
    out[i] = (uint8_t)(k - lo <= width);
  }
}


/* Larger than Life by prefix sums of the state-1 cells: the box (Moore) from
 * four corners of the block's 2-D sums, the other neighbourhoods a row's span
 * at a time from each row's sums: O(1) or O(R) a cell, not O(R^2) (the
 * universe's tiles of SoldierBugs, R 7: 1000 generations 1.5-2.3 s before).
 * Returns -1 when out of memory (the caller counts cell by cell then). */
static int ltl_sums(const golcl_msrule *r, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                    uint8_t *out, size_t os) {
  const uint32_t R = r->range;
  const size_t W = (size_t)w + 1;
  /* q[y][x]: the cells of rows < y (Moore) or of row y - 1, columns < x; then
   * the spans of the rows dy = -R..R */
  int own;
  uint32_t *q = scratch((W * ((size_t)h + 1) + 2 * (size_t)R + 1) * sizeof *q, &own);
  if (!q) return -1;
  uint32_t *span = q + W * ((size_t)h + 1) + R;
  for (int32_t dy = -(int32_t)R; dy <= (int32_t)R; dy++) span[dy] = golcl__ltl_span(r->nbhd, R, dy);
  const int moore = r->nbhd == GOLCL_LTL_MOORE;
  memset(q, 0, W * sizeof *q);
  for (uint32_t y = 0; y < h; y++) {
    const uint8_t *row = in + (size_t)y * is;
    uint32_t *p = q + (size_t)(y + 1) * W, *above = p - W, run = 0;
    /* the row's cells from a to e (none outside): the sums elsewhere without a scan, so that a
     * block that is mostly a frame of 0s (the universe's box of a large range) costs its cells */
    size_t a, e;
    golcl__nonzero_span(row, w, &a, &e);
    p[0] = 0;
    if (moore) { /* 2-D sums: the row's running sum on the sums above */
      memcpy(p + 1, above + 1, a * sizeof *p);
      for (uint32_t x = (uint32_t)a; x < e; x++) run += row[x] == 1, p[x + 1] = above[x + 1] + run;
      for (uint32_t x = (uint32_t)e; x < w; x++) p[x + 1] = above[x + 1] + run;
    } else { /* each row's own */
      memset(p + 1, 0, a * sizeof *p);
      for (uint32_t x = (uint32_t)a; x < e; x++) run += row[x] == 1, p[x + 1] = run;
      for (uint32_t x = (uint32_t)e; x < w; x++) p[x + 1] = run;
    }
  }
  const ltl_law L = law_of(r);
  for (uint32_t y = R; y + R < h; y++) {
    const uint8_t *row = in + (size_t)y * is;
    uint8_t *o = out + (size_t)(y - R) * os - R;
    if (moore) {
      const uint32_t *t = q + (size_t)(y - R) * W, *b = q + (size_t)(y + R + 1) * W;
      if (L.states == 2) {
        moore2_row(&L, row, t, b, R, w, o);
        continue;
      }
      for (uint32_t x = R; x + R < w; x++)
        o[x] = law_next(&L, row[x], b[x + R + 1] - b[x - R] - t[x + R + 1] + t[x - R]);
      continue;
    }
    for (uint32_t x = R; x + R < w; x++) {
      uint32_t n = 0;
      for (int32_t dy = -(int32_t)R; dy <= (int32_t)R; dy++) {
        const uint32_t sp = span[dy];
        const uint32_t *p = q + (size_t)((int64_t)y + dy + 1) * W;
        n += p[x + sp + 1] - p[x - sp];
      }
      o[x] = law_next(&L, row[x], n);
    }
  }
  if (own) free(q);
  return 0;
}

/* The von Neumann diamond |dx| + |dy| <= R from the block turned by 45
 * degrees: cell (x, y) at (u, v) = (x + y, x - y + h - 1), where the diamond
 * is the square |du|, |dv| <= R, so that a count is four corners of the
 * turned block's 2-D sums, O(1) a cell rather than a span a row (Golly's
 * R100-NN-bug: 201 spans a cell). The turned block has (w + h - 1)² places,
 * half of them no cell. -1 when out of memory. */
static int ltl_diamond(const golcl_msrule *r, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                       uint8_t *out, size_t os) {
  const uint32_t R = r->range;
  const size_t n = (size_t)w + h - 1, N = n + 1;
  /* S[(U + 1) N + V + 1]: the cells at u <= U, v <= V */
  int own;
  uint32_t *S = scratch(N * N * sizeof *S, &own);
  if (!S) return -1;
  memset(S, 0, N * sizeof *S);
  for (size_t U = 0; U < n; U++) {
    uint32_t *row = S + (U + 1) * N, *above = row - N, run = 0;
    row[0] = 0;
    for (size_t V = 0; V < n; V++) {
      /* x - y = V - (h - 1), x + y = U */
      const int64_t d = (int64_t)V - ((int64_t)h - 1), x2 = (int64_t)U + d;
      if (!(x2 & 1)) {
        const int64_t x = x2 / 2, y = (int64_t)U - x;
        if (x >= 0 && x < (int64_t)w && y >= 0 && y < (int64_t)h)
          run += in[(size_t)y * is + (size_t)x] == 1;
      }
      row[V + 1] = above[V + 1] + run;
    }
  }
  const ltl_law L = law_of(r);
  for (uint32_t y = R; y + R < h; y++)
    for (uint32_t x = R; x + R < w; x++) {
      const size_t U = (size_t)x + y, V = (size_t)x + h - 1 - y;
      const uint32_t *lo = S + (U - R) * N, *hi = S + (U + R + 1) * N;
      out[(size_t)(y - R) * os + (x - R)] = law_next(
          &L, in[(size_t)y * is + x], hi[V + R + 1] - hi[V - R] - lo[V + R + 1] + lo[V - R]);
    }
  if (own) free(S);
  return 0;
}

static void ltl(const golcl_msrule *r, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                uint8_t *out, size_t os) {
  /* the diamond turned where its spans would cost more than the turned block's four times the
   * cells */
  if (r->nbhd == GOLCL_LTL_VON_NEUMANN && r->range >= 4 &&
      ltl_diamond(r, in, is, w, h, out, os) == 0)
    return;
  if (ltl_sums(r, in, is, w, h, out, os) == 0) return;
  const int32_t R = (int32_t)r->range;
  const uint32_t states = golcl__msrule_states(r);
  for (uint32_t y = (uint32_t)R; y + (uint32_t)R < h; y++)
    for (uint32_t x = (uint32_t)R; x + (uint32_t)R < w; x++) {
      uint32_t n = 0;
      for (int32_t dy = -R; dy <= R; dy++) {
        const int32_t sp = (int32_t)golcl__ltl_span(r->nbhd, r->range, dy);
        const uint8_t *row = in + (size_t)((int64_t)y + dy) * is;
        for (int32_t dx = -sp; dx <= sp; dx++)
          n += (dx || dy || r->middle) && row[(int64_t)x + dx] == 1;
      }
      const uint8_t s = in[(size_t)y * is + x];
      const int on = s == 0 ? (n >= r->bmin && n <= r->bmax) : (n >= r->smin && n <= r->smax);
      out[(size_t)(y - (uint32_t)R) * os + (x - (uint32_t)R)] = golcl__ms_next(s, on, states);
    }
}

golcl_status golcl_msrule_background_next(const golcl_msrule *rule, uint8_t *out) {
  if (!rule || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_background_next: NULL argument");
  const uint32_t side = 2 * golcl_msrule_reach(rule) + 1;
  uint8_t *zeros = calloc((size_t)side * side, 1);
  if (!zeros) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = golcl_msrule_step_block(rule, zeros, side, side, side, out, 1);
  free(zeros);
  return s;
}

golcl_status golcl_msrule_step_block(const golcl_msrule *rule, const uint8_t *in, size_t in_stride,
                                     uint32_t w, uint32_t h, uint8_t *out, size_t out_stride) {
  const char *why = "";
  if (!rule || !in || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_step_block: NULL argument");
  if (!rule_ok(rule, &why))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_step_block: %s", why);
  const uint32_t r = golcl_msrule_reach(rule);
  if (w <= 2 * (uint64_t)r || h <= 2 * (uint64_t)r)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_step_block: a %ux%u block has no inner cells at reach %u", w,
                       h, r);
  if (in_stride < w || out_stride < w - 2 * r)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_step_block: a stride below its width");
  if (rule->family == GOLCL_MS_RULELOADER)
    tree(rule->tree, in, in_stride, w, h, out, out_stride);
  else if (golcl__ms_is_jvn(rule->family))
    jvn(rule, in, in_stride, w, h, out, out_stride);
  else if (rule->family == GOLCL_MS_GENERATIONS)
    generations(rule, in, in_stride, w, h, out, out_stride);
  else
    ltl(rule, in, in_stride, w, h, out, out_stride);
  return GOLCL_OK;
}
