/* block.c — one generation of a block's inner cells, for engines that step
 * the plane in pieces (the universe's HashLife): each inner cell from its
 * neighbourhood inside the block, by the same next-state functions as the
 * host reference (reference.c), so that a piece agrees with the whole. */
#include "ruletree.h" /* text only: builds without OpenCL */

#include "../../cl/rules/jvn_rule.cl"

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
  for (uint32_t y = 1; y + 1 < h; y++) {
    const uint8_t *a = in + (y - 1) * is, *b = a + is, *c = b + is;
    uint8_t *o = out + (y - 1) * os;
    for (uint32_t x = 1; x + 1 < w; x++)
      o[x - 1] = (uint8_t)golcl_jvn_next(v, b[x], b[x + 1], a[x], b[x - 1], c[x]);
  }
}

/* Larger than Life by prefix sums of the state-1 cells: the box (Moore) from
 * four corners of the block's 2-D sums, the other neighbourhoods a row's span
 * at a time from each row's sums: O(1) or O(R) a cell, not O(R^2) (the
 * universe's tiles of SoldierBugs, R 7: 1000 generations 1.5-2.3 s before).
 * Returns -1 when out of memory (the caller counts cell by cell then). */
static int ltl_sums(const golcl_msrule *r, const uint8_t *in, size_t is, uint32_t w, uint32_t h,
                    uint8_t *out, size_t os) {
  const uint32_t R = r->range, states = golcl__msrule_states(r);
  const size_t W = (size_t)w + 1;
  /* q[y][x]: the cells of rows < y (Moore) or of row y - 1, columns < x; then
   * the spans of the rows dy = -R..R */
  uint32_t *q = malloc((W * ((size_t)h + 1) + 2 * (size_t)R + 1) * sizeof *q);
  if (!q) return -1;
  uint32_t *span = q + W * ((size_t)h + 1) + R;
  for (int32_t dy = -(int32_t)R; dy <= (int32_t)R; dy++) span[dy] = golcl__ltl_span(r->nbhd, R, dy);
  const int moore = r->nbhd == GOLCL_LTL_MOORE;
  memset(q, 0, W * sizeof *q);
  for (uint32_t y = 0; y < h; y++) {
    const uint8_t *row = in + (size_t)y * is;
    uint32_t *p = q + (size_t)(y + 1) * W, *above = p - W;
    p[0] = 0;
    for (uint32_t x = 0; x < w; x++) /* Moore: 2-D sums; else: each row's own */
      p[x + 1] = p[x] + (row[x] == 1) + (moore ? above[x + 1] - above[x] : 0);
  }
  for (uint32_t y = R; y + R < h; y++)
    for (uint32_t x = R; x + R < w; x++) {
      uint32_t n = 0;
      if (moore) {
        const uint32_t *t = q + (size_t)(y - R) * W, *b = q + (size_t)(y + R + 1) * W;
        n = b[x + R + 1] - b[x - R] - t[x + R + 1] + t[x - R];
      } else {
        for (int32_t dy = -(int32_t)R; dy <= (int32_t)R; dy++) {
          const uint32_t sp = span[dy];
          const uint32_t *p = q + (size_t)((int64_t)y + dy + 1) * W;
          n += p[x + sp + 1] - p[x - sp];
        }
      }
      const uint8_t s = in[(size_t)y * is + x];
      if (!r->middle && s == 1) n--;
      const int on = s == 0 ? (n >= r->bmin && n <= r->bmax) : (n >= r->smin && n <= r->smax);
      out[(size_t)(y - R) * os + (x - R)] = golcl__ms_next(s, on, states);
    }
  free(q);
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
  const uint32_t R = r->range, states = golcl__msrule_states(r);
  const size_t n = (size_t)w + h - 1, N = n + 1;
  /* S[(U + 1) N + V + 1]: the cells at u <= U, v <= V */
  uint32_t *S = malloc(N * N * sizeof *S);
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
  for (uint32_t y = R; y + R < h; y++)
    for (uint32_t x = R; x + R < w; x++) {
      const size_t U = (size_t)x + y, V = (size_t)x + h - 1 - y;
      const uint32_t *lo = S + (U - R) * N, *hi = S + (U + R + 1) * N;
      uint32_t n1 = hi[V + R + 1] - hi[V - R] - lo[V + R + 1] + lo[V - R];
      const uint8_t s = in[(size_t)y * is + x];
      if (!r->middle && s == 1) n1--;
      const int on =
          s == 0 ? (n1 >= r->bmin && n1 <= r->bmax) : (n1 >= r->smin && n1 <= r->smax);
      out[(size_t)(y - R) * os + (x - R)] = golcl__ms_next(s, on, states);
    }
  free(S);
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
