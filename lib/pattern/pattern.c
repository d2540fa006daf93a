/* pattern.c — the pattern object: creation, accessors, limits, comments, and
 * the rule text of pattern files (any two-state rule of golcl_rule_table_parse
 * with Golly's bounded-grid suffix of golcl_bounds_parse). */
#include "pattern.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Limits ---------------------------------------------------------------------- */

#define DEFAULT_MAX_SIDE ((uint32_t)1 << 24)
#define DEFAULT_MAX_CELLS ((uint64_t)1 << 26)
#define DEFAULT_MAX_BYTES ((uint64_t)1 << 30)

static _Atomic uint32_t lim_w = DEFAULT_MAX_SIDE, lim_h = DEFAULT_MAX_SIDE;
static _Atomic uint64_t lim_cells = DEFAULT_MAX_CELLS, lim_bytes = DEFAULT_MAX_BYTES;

golcl_pattern_limits golcl__pattern_limits(void) {
  golcl_pattern_limits l;
  l.max_width = atomic_load(&lim_w);
  l.max_height = atomic_load(&lim_h);
  l.max_cells = atomic_load(&lim_cells);
  l.max_bytes = atomic_load(&lim_bytes);
  return l;
}

void golcl_pattern_get_limits(golcl_pattern_limits *out) {
  if (out) *out = golcl__pattern_limits();
}

golcl_status golcl_pattern_set_limits(const golcl_pattern_limits *l) {
  golcl_pattern_limits d = {DEFAULT_MAX_SIDE, DEFAULT_MAX_SIDE, DEFAULT_MAX_CELLS,
                            DEFAULT_MAX_BYTES};
  if (l) {
    if (!l->max_width || !l->max_height || !l->max_cells || !l->max_bytes)
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_pattern_set_limits: every limit must be at least 1");
    d = *l;
  }
  atomic_store(&lim_w, d.max_width);
  atomic_store(&lim_h, d.max_height);
  atomic_store(&lim_cells, d.max_cells);
  atomic_store(&lim_bytes, d.max_bytes);
  return GOLCL_OK;
}

/* The object ------------------------------------------------------------------- */

golcl_pattern *golcl__pattern_new(void) {
  golcl_pattern *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  golcl_rule_table_from_rule((golcl_rule){1u << 3, (1u << 2) | (1u << 3)}, &p->table);
  p->bounds.topology = GOLCL_TOPOLOGY_INFINITE;
  return p;
}

golcl_status golcl__pattern_push_run(golcl_pattern *p, uint32_t x, uint32_t y, uint32_t n) {
  if (n > SIZE_MAX / 4 - p->ncells) return GOLCL_E_OUT_OF_MEMORY;
  if (p->ncells + n > p->cap) {
    size_t cap = p->cap ? p->cap : 64;
    while (cap < p->ncells + n) cap = cap > SIZE_MAX / 4 ? p->ncells + n : cap * 2;
    size_t bytes;
    if (golcl__mul_size(cap, sizeof *p->cells, &bytes) != 0) return GOLCL_E_OUT_OF_MEMORY;
    golcl__cell *c = realloc(p->cells, bytes);
    if (!c) return GOLCL_E_OUT_OF_MEMORY;
    p->cells = c;
    p->cap = cap;
  }
  for (uint32_t i = 0; i < n; i++) {
    p->cells[p->ncells].x = x + i;
    p->cells[p->ncells].y = y;
    p->ncells++;
  }
  return GOLCL_OK;
}

golcl_status golcl__pattern_push_comment(golcl_pattern *p, const char *line, size_t len) {
  if (p->ncomments == p->comments_cap) {
    size_t cap = p->comments_cap ? p->comments_cap * 2 : 8;
    char **c = realloc(p->comments, cap * sizeof *c);
    if (!c) return GOLCL_E_OUT_OF_MEMORY;
    p->comments = c;
    p->comments_cap = cap;
  }
  char *s = malloc(len + 1);
  if (!s) return GOLCL_E_OUT_OF_MEMORY;
  memcpy(s, line, len);
  s[len] = '\0';
  p->comments[p->ncomments++] = s;
  return GOLCL_OK;
}

void golcl__pattern_default_origin(golcl_pattern *p) {
  p->origin_x = -(int64_t)(p->w / 2);
  p->origin_y = -(int64_t)(p->h / 2);
  p->origin_kind = GOLCL__ORIGIN_DEFAULT;
}

void golcl_pattern_destroy(golcl_pattern *p) {
  if (!p) return;
  for (size_t i = 0; i < p->ncomments; i++) free(p->comments[i]);
  free(p->comments);
  free(p->cells);
  free(p);
}

golcl_status golcl_pattern_from_cells(const uint8_t *cells, uint32_t w, uint32_t h,
                                      size_t row_stride, golcl_pattern **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_from_cells: out is NULL");
  *out = NULL;
  if (row_stride == 0) row_stride = w;
  if (row_stride < w)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_from_cells: row_stride %zu is less than the width %u",
                       row_stride, (unsigned)w);
  if (!cells && w && h)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_from_cells: cells is NULL");
  golcl_pattern *p = golcl__pattern_new();
  if (!p) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  p->w = w;
  p->h = h;
  for (uint32_t y = 0; y < h && w; y++) {
    const uint8_t *row = cells + (size_t)y * row_stride;
    for (uint32_t x = 0; x < w; x++) {
      if (!row[x]) continue;
      uint32_t n = 1;
      while (x + n < w && row[x + n]) n++;
      if (golcl__pattern_push_run(p, x, y, n) != GOLCL_OK) {
        golcl_pattern_destroy(p);
        return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      }
      x += n - 1;
    }
  }
  p->origin_kind = GOLCL__ORIGIN_XRLE; /* (0, 0), given */
  *out = p;
  return GOLCL_OK;
}

static int live_cell_cmp(const void *a, const void *b) {
  const golcl__cell *p = a, *q = b;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  return p->x < q->x ? -1 : p->x > q->x;
}

/* LSD radix (x then y, a digit that is the same in every cell skipped), qsort for a few.
 * qsort was a quarter of writing a 70 000-cell RLE from the universe (perf, 2026-11-28).
 * Digits of 16 bits from 2^16 cells, of 8 below: the counts of 16-bit digits are 512 KB
 * to clear each pass, 130 page faults that made a 1000-cell result's writing cost more
 * than bgolly's whole run on a VM's CPU. */
int golcl__pattern_sort_cells(golcl__cell *c, size_t n) {
  if (n < 2) return 0;
  if (n < 256) {
    qsort(c, n, sizeof *c, live_cell_cmp);
    return 0;
  }
  const int bits = n < 65536 ? 8 : 16;
  const size_t radix = (size_t)1 << bits, mask = radix - 1;
  golcl__cell *t = malloc(n * sizeof *t);
  size_t *count = malloc((radix + 1) * sizeof *count);
  if (!t || !count) {
    free(t);
    free(count);
    return -1;
  }
  golcl__cell *src = c, *dst = t;
  for (int pass = 0; pass < 64 / bits; pass++) {
    const int half = 32 / bits, sh = bits * (pass % half);
#define DIGIT(e) ((size_t)(((pass < half ? (e).x : (e).y) >> sh) & mask))
    memset(count, 0, (radix + 1) * sizeof *count);
    for (size_t i = 0; i < n; i++) count[DIGIT(src[i]) + 1]++;
    if (count[DIGIT(src[0]) + 1] == n) continue; /* one digit throughout */
    for (size_t d = 1; d <= radix; d++) count[d] += count[d - 1];
    for (size_t i = 0; i < n; i++) dst[count[DIGIT(src[i])]++] = src[i];
#undef DIGIT
    golcl__cell *sw = src;
    src = dst;
    dst = sw;
  }
  if (src != c) memcpy(c, src, n * sizeof *c);
  free(t);
  free(count);
  return 0;
}

golcl_status golcl_pattern_from_live_cells(const uint32_t *x, const uint32_t *y, size_t n,
                                           uint32_t w, uint32_t h, golcl_pattern **out) {
  if (!out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_from_live_cells: out is NULL");
  *out = NULL;
  if (n && (!x || !y))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_from_live_cells: NULL cells");
  golcl_pattern_limits lim = golcl__pattern_limits();
  if (w > lim.max_width || h > lim.max_height)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_from_live_cells: a %u x %u box is past the "
                       "limits (%u x %u; golcl_pattern_set_limits)",
                       (unsigned)w, (unsigned)h, lim.max_width, lim.max_height);
  for (size_t i = 0; i < n; i++)
    if (x[i] >= w || y[i] >= h)
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_pattern_from_live_cells: cell (%u, %u) is outside the %u x %u box",
                         (unsigned)x[i], (unsigned)y[i], (unsigned)w, (unsigned)h);
  golcl_pattern *p = golcl__pattern_new();
  golcl__cell *c = n ? malloc(n * sizeof *c) : NULL;
  if (!p || (n && !c)) {
    golcl_pattern_destroy(p);
    free(c);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  for (size_t i = 0; i < n; i++) c[i].x = x[i], c[i].y = y[i];
  if (n && golcl__pattern_sort_cells(c, n) != 0) {
    golcl_pattern_destroy(p);
    free(c);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (!m || c[m - 1].x != c[i].x || c[m - 1].y != c[i].y) c[m++] = c[i];
  if (m > lim.max_cells) {
    golcl_pattern_destroy(p);
    free(c);
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_from_live_cells: %zu live cells, above the limit of %llu "
                       "(golcl_pattern_set_limits)",
                       m, (unsigned long long)lim.max_cells);
  }
  p->cells = c, p->ncells = p->cap = m;
  p->w = w, p->h = h;
  p->origin_kind = GOLCL__ORIGIN_XRLE; /* (0, 0), given */
  *out = p;
  return GOLCL_OK;
}

/* Accessors -------------------------------------------------------------------- */

uint32_t golcl_pattern_width(const golcl_pattern *p) { return p ? p->w : 0; }
uint32_t golcl_pattern_height(const golcl_pattern *p) { return p ? p->h : 0; }
uint64_t golcl_pattern_population(const golcl_pattern *p) { return p ? p->ncells : 0; }

int golcl_pattern_cell(const golcl_pattern *p, uint32_t x, uint32_t y) {
  if (!p) return 0;
  size_t lo = 0, hi = p->ncells; /* first cell not before (x, y) */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const golcl__cell *c = &p->cells[mid];
    if (c->y < y || (c->y == y && c->x < x))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < p->ncells && p->cells[lo].x == x && p->cells[lo].y == y;
}

golcl_status golcl_pattern_live_cell(const golcl_pattern *p, uint64_t i, uint32_t *x, uint32_t *y) {
  if (!p || !x || !y)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_live_cell: NULL argument");
  if (i >= p->ncells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_live_cell: index %llu of %zu live cells",
                       (unsigned long long)i, p->ncells);
  *x = p->cells[i].x;
  *y = p->cells[i].y;
  return GOLCL_OK;
}

golcl_status golcl_pattern_get_cells(const golcl_pattern *p, uint8_t *cells, size_t row_stride) {
  if (!p) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_get_cells: pattern is NULL");
  if (row_stride == 0) row_stride = p->w;
  if (row_stride < p->w)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_get_cells: row_stride %zu is less than the width %u",
                       row_stride, (unsigned)p->w);
  if (p->w == 0 || p->h == 0) return GOLCL_OK;
  if (!cells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_get_cells: cells is NULL");
  for (uint32_t y = 0; y < p->h; y++) memset(cells + (size_t)y * row_stride, 0, p->w);
  for (size_t i = 0; i < p->ncells; i++)
    cells[(size_t)p->cells[i].y * row_stride + p->cells[i].x] = 1;
  return GOLCL_OK;
}

golcl_pattern_format golcl_pattern_get_format(const golcl_pattern *p) {
  return p ? p->format : GOLCL_FORMAT_NONE;
}

const char *golcl_pattern_format_name(golcl_pattern_format f) {
  switch (f) {
    case GOLCL_FORMAT_NONE:
      return "none";
    case GOLCL_FORMAT_RLE:
      return "RLE";
    case GOLCL_FORMAT_PLAINTEXT:
      return "plaintext";
    case GOLCL_FORMAT_LIFE105:
      return "Life 1.05";
    case GOLCL_FORMAT_LIFE106:
      return "Life 1.06";
    case GOLCL_FORMAT_MACROCELL:
      return "macrocell";
  }
  return NULL;
}

golcl_status golcl_pattern_rule(const golcl_pattern *p, golcl_rule *out) {
  if (!p || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_rule: NULL argument");
  golcl_status s = golcl_rule_table_totalistic(&p->table, out);
  if (s == GOLCL_E_UNSUPPORTED) {
    char text[GOLCL_RULE_TEXT_CAP];
    if (golcl_rule_table_format(&p->table, text, sizeof text) != GOLCL_OK) text[0] = '\0';
    return golcl__fail(NULL, s,
                       "golcl_pattern_rule: the rule %s is not Life-like (B/S over the 8 "
                       "neighbours); golcl_pattern_rule_table has it",
                       text);
  }
  return s;
}

golcl_status golcl_pattern_rule_table(const golcl_pattern *p, golcl_rule_table *out) {
  if (!p || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_rule_table: NULL argument");
  *out = p->table;
  return GOLCL_OK;
}

golcl_status golcl_pattern_set_rule_table(golcl_pattern *p, const golcl_rule_table *table) {
  if (!p || !table)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_rule_table: NULL argument");
  char text[GOLCL_RULE_TEXT_CAP];
  if (golcl_rule_table_format(table, text, sizeof text) != GOLCL_OK)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_set_rule_table: a table golcl_rule_table_format refuses");
  p->table = *table;
  return GOLCL_OK;
}

golcl_status golcl_pattern_bounds(const golcl_pattern *p, golcl_bounds *out) {
  if (!p || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_bounds: NULL argument");
  *out = p->bounds;
  return GOLCL_OK;
}

golcl_status golcl_pattern_set_bounds(golcl_pattern *p, const golcl_bounds *bounds) {
  if (!p || !bounds)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_bounds: NULL argument");
  char text[GOLCL_BOUNDS_TEXT_CAP];
  if (golcl_bounds_format(bounds, text, sizeof text) != GOLCL_OK)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_set_bounds: not a bounded grid golcl_bounds_parse gives");
  p->bounds = *bounds;
  return GOLCL_OK;
}

golcl_status golcl__pattern_rule_text(const golcl_pattern *p, char *buf, size_t cap) {
  char tmp[GOLCL_PATTERN_RULE_CAP];
  golcl_status s = golcl_rule_table_format(&p->table, tmp, GOLCL_RULE_TEXT_CAP);
  if (s != GOLCL_OK) return s;
  size_t n = strlen(tmp);
  s = golcl_bounds_format(&p->bounds, tmp + n, sizeof tmp - n);
  if (s != GOLCL_OK) return s;
  if (strlen(tmp) + 1 > cap)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "rule text \"%s\" needs %zu bytes, cap is %zu",
                       tmp, strlen(tmp) + 1, cap);
  memcpy(buf, tmp, strlen(tmp) + 1);
  return GOLCL_OK;
}

golcl_status golcl_pattern_rule_text(const golcl_pattern *p, char *buf, size_t cap) {
  if (!p || !buf)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_rule_text: NULL argument");
  return golcl__pattern_rule_text(p, buf, cap);
}

golcl_status golcl_pattern_set_rule(golcl_pattern *p, const char *text) {
  if (!p || !text)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_rule: NULL argument");
  golcl_rule_table t;
  golcl_bounds b;
  golcl_status s = golcl__pattern_rule_parse(text, strlen(text), 0, 1, &t, &b);
  if (s != GOLCL_OK) return s;
  p->table = t;
  p->bounds = b;
  return GOLCL_OK;
}

golcl_topology golcl_pattern_topology(const golcl_pattern *p, uint32_t *w, uint32_t *h) {
  if (w) *w = p ? p->bounds.width : 0;
  if (h) *h = p ? p->bounds.height : 0;
  return p ? p->bounds.topology : GOLCL_TOPOLOGY_INFINITE;
}

golcl_status golcl_pattern_set_topology(golcl_pattern *p, golcl_topology t, uint32_t w,
                                        uint32_t h) {
  if (!p)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_topology: pattern is NULL");
  if ((unsigned)t > GOLCL_TOPOLOGY_SPHERE)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_topology: bad topology %d",
                       (int)t);
  golcl_bounds b;
  memset(&b, 0, sizeof b);
  b.topology = t;
  if (t != GOLCL_TOPOLOGY_INFINITE) {
    if (w == 0 || h == 0)
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_pattern_set_topology: a bounded grid of %ux%u has a zero side",
                         (unsigned)w, (unsigned)h);
    b.width = w;
    b.height = h;
  }
  char text[GOLCL_BOUNDS_TEXT_CAP];
  if (golcl_bounds_format(&b, text, sizeof text) != GOLCL_OK)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_set_topology: no such grid of %ux%u (a sphere is square; "
                       "sides up to 2000000000)",
                       (unsigned)w, (unsigned)h);
  p->bounds = b;
  return GOLCL_OK;
}

uint64_t golcl_pattern_generation(const golcl_pattern *p) { return p ? p->generation : 0; }

golcl_status golcl_pattern_set_generation(golcl_pattern *p, uint64_t generation) {
  if (!p)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_generation: pattern is NULL");
  p->generation = generation;
  return GOLCL_OK;
}

int golcl_pattern_origin(const golcl_pattern *p, int64_t *x, int64_t *y) {
  if (x) *x = p ? p->origin_x : 0;
  if (y) *y = p ? p->origin_y : 0;
  return p && p->origin_kind != GOLCL__ORIGIN_DEFAULT;
}

golcl_status golcl_pattern_set_origin(golcl_pattern *p, int64_t x, int64_t y) {
  if (!p)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_origin: pattern is NULL");
  p->origin_x = x;
  p->origin_y = y;
  p->origin_kind = GOLCL__ORIGIN_XRLE;
  return GOLCL_OK;
}

size_t golcl_pattern_comment_count(const golcl_pattern *p) { return p ? p->ncomments : 0; }

const char *golcl_pattern_comment(const golcl_pattern *p, size_t i) {
  return p && i < p->ncomments ? p->comments[i] : NULL;
}

golcl_status golcl_pattern_add_comment(golcl_pattern *p, const char *text) {
  if (!p || !text)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_add_comment: NULL argument");
  if (strpbrk(text, "\r\n"))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_add_comment: a comment is one line");
  if (strncmp(text, "#CXRLE", 6) == 0)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_add_comment: #CXRLE is set by golcl_pattern_set_origin "
                       "and golcl_pattern_set_generation");
  int keep = text[0] == '#' && isalpha((unsigned char)text[1]) && text[1] != 'P' &&
             text[1] != 'R' && strncmp(text, "#Life", 5) != 0 && strncmp(text, "#MCell", 6) != 0;
  golcl_status s;
  if (keep) {
    s = golcl__pattern_push_comment(p, text, strlen(text));
  } else {
    size_t n = strlen(text);
    char *line = malloc(n + 4);
    if (!line) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    memcpy(line, "#C ", 3);
    memcpy(line + 3, text, n + 1);
    s = golcl__pattern_push_comment(p, line, n + 3);
    free(line);
  }
  return s == GOLCL_OK ? s : golcl__fail(NULL, s, "out of host memory");
}

/* Rule text --------------------------------------------------------------------- */

typedef struct rule_ctx {
  const char *text;
  size_t len;
  int line;
  size_t col0;
} rule_ctx;

/* "line L, column C: rule "...": " or "rule "...", column C: " and the
 * message; `at` is an offset into the rule text. */
static golcl_status rule_fail(const rule_ctx *rc, golcl_status st, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static golcl_status rule_fail(const rule_ctx *rc, golcl_status st, size_t at, const char *fmt,
                              ...) {
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  int n = rc->len > 200 ? 200 : (int)rc->len;
  const char *more = rc->len > 200 ? "..." : "";
  if (rc->line > 0)
    return golcl__fail(NULL, st, "line %d, column %zu: rule \"%.*s%s\": %s", rc->line,
                       rc->col0 + at, n, rc->text, more, what);
  return golcl__fail(NULL, st, "rule \"%.*s%s\", column %zu: %s", n, rc->text, more, at + 1, what);
}

/* Passes on the message of golcl_rule_table_parse or golcl_bounds_parse,
 * 'KIND "TEXT", column N: what' or 'KIND "TEXT": what', for a part that
 * starts at offset `part` of the rule text. */
static golcl_status pass_on(const rule_ctx *rc, golcl_status st, size_t part) {
  char msg[GOLCL__ERRMSG_CAP];
  golcl__snprintf(msg, sizeof msg, "%s", golcl_last_errmsg());
  const char *q = strstr(msg, "\", column "), *q2 = strstr(msg, "\": ");
  const char *what = msg;
  size_t at = part;
  if (q && (!q2 || q < q2)) {
    char *end;
    unsigned long col = strtoul(q + 10, &end, 10);
    if (col > 0) at = part + col - 1;
    what = *end == ':' ? end + 1 : end;
  } else if (q2) {
    what = q2 + 2;
  }
  while (*what == ' ') what++;
  return rule_fail(rc, st, at, "%s", what);
}

golcl_status golcl__pattern_rule_parse(const char *text, size_t len, int line, size_t col0,
                                       golcl_rule_table *table, golcl_bounds *bounds) {
  size_t a = 0;
  while (a < len && (text[a] == ' ' || text[a] == '\t')) a++;
  while (len > a && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\r')) len--;
  rule_ctx rc = {text + a, len - a, line, col0 + a};
  const char *t = rc.text;
  size_t n = rc.len;
  if (n == 0) return rule_fail(&rc, GOLCL_E_PARSE, 0, "empty rule");
  size_t colon = 0;
  while (colon < n && t[colon] != ':') colon++;
  if (colon == 0) return rule_fail(&rc, GOLCL_E_PARSE, 0, "empty rule before ':'");
  char part[256];
  if (colon >= sizeof part || n - colon >= sizeof part)
    return rule_fail(&rc, GOLCL_E_PARSE, colon >= sizeof part ? 0 : colon,
                     "too long (%zu characters; a rule and its suffix have 255 at most)",
                     colon >= sizeof part ? colon : n - colon);
  for (size_t i = 0; i < n; i++)
    if (t[i] == '\0') return rule_fail(&rc, GOLCL_E_PARSE, i, "a NUL byte");
  memcpy(part, t, colon);
  part[colon] = '\0';
  golcl_rule_table tab;
  golcl_status s = golcl_rule_table_parse(part, &tab);
  if (s != GOLCL_OK) return pass_on(&rc, s, 0);
  golcl_bounds b;
  memset(&b, 0, sizeof b);
  b.topology = GOLCL_TOPOLOGY_INFINITE;
  if (colon < n) {
    memcpy(part, t + colon + 1, n - colon - 1);
    part[n - colon - 1] = '\0';
    if (n - colon - 1 == 0)
      return rule_fail(&rc, GOLCL_E_PARSE, colon + 1, "expected a bounded grid after ':'");
    s = golcl_bounds_parse(part, &b);
    if (s != GOLCL_OK) return pass_on(&rc, s, colon + 1);
    golcl_pattern_limits lim = golcl__pattern_limits();
    if (b.width > lim.max_width)
      return rule_fail(&rc, GOLCL_E_PARSE, colon + 2,
                       "grid width %u exceeds the limit %u (golcl_pattern_set_limits)",
                       (unsigned)b.width, (unsigned)lim.max_width);
    size_t comma = colon;
    while (comma < n && t[comma] != ',') comma++;
    if (b.height > lim.max_height)
      return rule_fail(&rc, GOLCL_E_PARSE, comma < n ? comma + 1 : colon + 2,
                       "grid height %u exceeds the limit %u (golcl_pattern_set_limits)",
                       (unsigned)b.height, (unsigned)lim.max_height);
  }
  *table = tab;
  *bounds = b;
  return GOLCL_OK;
}
