/* msrle.c — Golly's multi-state RLE: its reader (golcl__msrle_parse, which
 * mspattern_read.c calls for RLE text) and writer. The text is read by the
 * core's RLE tokenizer (lib/core/rle.c), the same as two-state files; this
 * file parses the rule and keeps the cells with their states. */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */
#include "../core/rle.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ reader */

typedef struct run {
  uint32_t x, y, n;
  uint8_t s;
} run;

typedef struct reader {
  golcl_mspattern *p;
  run *runs;
  size_t nruns, cap;
} reader;

/* The header's rule with its bounded-grid suffix; a header without a rule
 * is a two-state pattern. */
static golcl_status rle_rule(golcl__rle *t, const golcl__line *L, size_t col) {
  golcl_mspattern *p = ((reader *)t->user)->p;
  if (!t->rule_given)
    return golcl__line_fail(L, col, GOLCL_E_UNSUPPORTED,
                            "no rule: a two-state pattern (golcl_pattern_parse reads it)");
  size_t end = golcl__line_trim_end(L), a = col;
  char rule[512];
  if (end - a >= sizeof rule) return golcl__line_fail(L, a, GOLCL_E_PARSE, "rule too long");
  memcpy(rule, L->s + a, end - a);
  rule[end - a] = '\0';
  char *colon = strchr(rule, ':');
  p->bounds.topology = GOLCL_TOPOLOGY_INFINITE;
  golcl_status s;
  if (colon) {
    s = golcl_bounds_parse(colon, &p->bounds);
    if (s != GOLCL_OK)
      return golcl__line_fail(L, a + (size_t)(colon - rule), s, "%s", golcl_last_errmsg());
    if (p->bounds.width > t->lim.max_width || p->bounds.height > t->lim.max_height)
      return golcl__line_fail(L, a + (size_t)(colon - rule), GOLCL_E_PARSE,
                              "the bounded grid is above the limits (%ux%u)%s",
                              (unsigned)t->lim.max_width, (unsigned)t->lim.max_height,
                              GOLCL__LIMIT_HINT);
    *colon = '\0';
  }
  s = golcl_msrule_parse(rule, &p->rule);
  if (s != GOLCL_OK) { /* the rule's column as the line's */
    char why[400];
    const char *m = golcl_last_errmsg(), *at = strstr(m, ", column ");
    int c = 0, off = 0;
    if (at && sscanf(at, ", column %d: %n", &c, &off) == 1 && off > 0 && c > 0) {
      snprintf(why, sizeof why, "%.300s (rule \"%.80s\")", at + off, rule);
      return golcl__line_fail(L, a + (size_t)c - 1, s, "%s", why);
    }
    snprintf(why, sizeof why, "%s", m);
    return golcl__line_fail(L, a, s, "%s", why);
  }
  t->states = golcl__msrule_states(&p->rule);
  return GOLCL_OK;
}

static golcl_status rle_comment(golcl__rle *t, const char *s, size_t n) {
  return golcl__mspattern_push_comment(((reader *)t->user)->p, s, n);
}

static golcl_status rle_cells(golcl__rle *t, uint32_t x, uint32_t y, uint32_t n, uint8_t s) {
  reader *r = t->user;
  if (r->nruns == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 256;
    run *m = realloc(r->runs, cap * sizeof *m);
    if (!m) return golcl__text_oom();
    r->runs = m, r->cap = cap;
  }
  r->runs[r->nruns++] = (run){x, y, n, s};
  return GOLCL_OK;
}

/* The runs into the dense box (cells beyond the header's box widened it). */
static golcl_status fill(reader *r, const golcl__rle *t, int line) {
  golcl_mspattern *p = r->p;
  uint32_t w = (uint32_t)t->w, h = (uint32_t)t->h;
  if ((uint64_t)w * h > t->lim.max_cells)
    return golcl__fail(
        NULL, GOLCL_E_PARSE, "line %d: a box of %ux%u cells is above the limit of %llu cells%s",
        line, (unsigned)w, (unsigned)h, (unsigned long long)t->lim.max_cells, GOLCL__LIMIT_HINT);
  p->cells = calloc((size_t)w * h + 1, 1);
  if (!p->cells) return golcl__text_oom();
  for (size_t k = 0; k < r->nruns; k++)
    memset(p->cells + (size_t)r->runs[k].y * w + r->runs[k].x, r->runs[k].s, r->runs[k].n);
  p->w = w, p->h = h;
  return GOLCL_OK;
}

golcl_status golcl__msrle_parse(const char *text, size_t len, golcl_mspattern **out) {
  static const golcl__rle_sink sink = {rle_rule, rle_comment, rle_cells};
  reader r = {0};
  golcl__rle t = {.sink = &sink, .user = &r, .states = 2};
  golcl_pattern_get_limits(&t.lim);
  golcl_status s = golcl__text_check(text, len, &t.lim);
  if (s != GOLCL_OK) return s;
  if (!(r.p = calloc(1, sizeof *r.p))) return golcl__text_oom();
  golcl__text tx = {text, len, 0, 0};
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) tx.i = 3; /* UTF-8 byte order mark */
  s = golcl__rle_read(&t, &tx);
  if (s == GOLCL_OK) s = fill(&r, &t, tx.no);
  free(r.runs);
  if (s != GOLCL_OK) {
    golcl_mspattern_destroy(r.p);
    return s;
  }
  r.p->generation = t.generation;
  if (t.pos != GOLCL__RLE_POS_NONE) {
    r.p->ox = t.ox, r.p->oy = t.oy;
  } else { /* Golly's default place: the box centred on (0, 0) */
    r.p->ox = -(int64_t)(r.p->w / 2);
    r.p->oy = -(int64_t)(r.p->h / 2);
  }
  *out = r.p;
  return GOLCL_OK;
}

/* ------------------------------------------------------------------ writer */

void golcl_mspattern_rle_symbol(uint8_t s, int two, char sym[3]) {
  if (!sym) return;
  memset(sym, 0, 3);
  if (two)
    sym[0] = s ? 'o' : 'b';
  else if (s == 0)
    sym[0] = '.';
  else if (s <= 24)
    sym[0] = (char)('A' + s - 1);
  else
    sym[0] = (char)('p' + (s - 25) / 24), sym[1] = (char)('A' + (s - 25) % 24);
}

golcl_status golcl_mspattern_write_rle(const golcl_mspattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_write_rle: NULL argument");
  char rule[GOLCL_MSRULE_TEXT_CAP], bounds[GOLCL_BOUNDS_TEXT_CAP] = "";
  golcl_status s = golcl_msrule_format(&p->rule, rule, sizeof rule);
  if (s != GOLCL_OK) return s;
  if (p->bounds.topology != GOLCL_TOPOLOGY_INFINITE &&
      (s = golcl_bounds_format(&p->bounds, bounds, sizeof bounds)) != GOLCL_OK)
    return s;
  golcl__rle_wrap wr = {f, 0, 0, 0};
  for (size_t i = 0; i < p->ncomments; i++)
    if (fprintf(f, "%s\n", p->comments[i]) < 0) wr.err = 1;
  int64_t dx = -(int64_t)(p->w / 2), dy = -(int64_t)(p->h / 2);
  if (p->ox != dx || p->oy != dy || p->generation) { /* a #CXRLE line always has Pos= */
    if (fprintf(f, "#CXRLE Pos=%lld,%lld", (long long)p->ox, (long long)p->oy) < 0) wr.err = 1;
    if (p->generation && fprintf(f, " Gen=%llu", (unsigned long long)p->generation) < 0) wr.err = 1;
    if (fputc('\n', f) == EOF) wr.err = 1;
  }
  if (fprintf(f, "x = %u, y = %u, rule = %s%s\n", (unsigned)p->w, (unsigned)p->h, rule, bounds) < 0)
    wr.err = 1;
  int two = golcl__msrule_states(&p->rule) == 2;
  int64_t last = -1; /* the last row written */
  char sym[3];
  for (uint32_t y = 0; y < p->h; y++) {
    const uint8_t *row = p->cells + (size_t)y * p->w;
    uint32_t end = p->w;
    while (end && !row[end - 1]) end--;
    if (!end) continue;
    uint64_t gap = (uint64_t)((int64_t)y - last) - (last < 0); /* rows to move down */
    if (gap) golcl__rle_emit(&wr, gap, "$");
    last = y;
    for (uint32_t x = 0; x < end;) {
      uint32_t k = x;
      while (k < end && row[k] == row[x]) k++;
      golcl_mspattern_rle_symbol(row[x], two, sym);
      golcl__rle_emit(&wr, k - x, sym);
      x = k;
    }
  }
  golcl__rle_emit(&wr, 1, "!");
  /* flushed here: a full disk shows only when the buffer goes out */
  if (fputc('\n', f) == EOF || wr.err || fflush(f) != 0 || ferror(f))
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_mspattern_write_rle: write failed");
  return GOLCL_OK;
}
