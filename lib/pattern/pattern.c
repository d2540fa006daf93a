/* pattern.c — the pattern object: creation, accessors, limits, comments, and
 * the rule text of pattern files (a Life-like rule with Golly's bounded-grid
 * suffix ":Tw,h" or ":Pw,h"). */
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
  p->rule.birth = 1u << 3;
  p->rule.survive = (1u << 2) | (1u << 3);
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
  }
  return NULL;
}

golcl_status golcl_pattern_rule(const golcl_pattern *p, golcl_rule *out) {
  if (!p || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_rule: NULL argument");
  *out = p->rule;
  return GOLCL_OK;
}

golcl_status golcl__pattern_rule_text(const golcl_pattern *p, char *buf, size_t cap) {
  char tmp[GOLCL_PATTERN_RULE_CAP];
  golcl_status s = golcl_rule_format(p->rule, tmp, sizeof tmp);
  if (s != GOLCL_OK) return s;
  size_t n = strlen(tmp);
  if (p->topology != GOLCL_TOPOLOGY_INFINITE)
    golcl__snprintf(tmp + n, sizeof tmp - n, ":%c%u,%u",
                    p->topology == GOLCL_TOPOLOGY_TORUS ? 'T' : 'P', (unsigned)p->topo_w,
                    (unsigned)p->topo_h);
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
  golcl_rule r;
  golcl_topology t;
  uint32_t tw, th;
  golcl_status s = golcl__pattern_rule_parse(text, strlen(text), 0, 1, &r, &t, &tw, &th);
  if (s != GOLCL_OK) return s;
  p->rule = r;
  p->topology = t;
  p->topo_w = tw;
  p->topo_h = th;
  return GOLCL_OK;
}

golcl_topology golcl_pattern_topology(const golcl_pattern *p, uint32_t *w, uint32_t *h) {
  if (w) *w = p ? p->topo_w : 0;
  if (h) *h = p ? p->topo_h : 0;
  return p ? p->topology : GOLCL_TOPOLOGY_INFINITE;
}

golcl_status golcl_pattern_set_topology(golcl_pattern *p, golcl_topology t, uint32_t w,
                                        uint32_t h) {
  if (!p)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_topology: pattern is NULL");
  if (t != GOLCL_TOPOLOGY_INFINITE && t != GOLCL_TOPOLOGY_PLANE && t != GOLCL_TOPOLOGY_TORUS)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_set_topology: bad topology %d",
                       (int)t);
  if (t == GOLCL_TOPOLOGY_INFINITE) {
    w = h = 0;
  } else if (w == 0 || h == 0) {
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_pattern_set_topology: a bounded grid of %ux%u has a zero side",
                       (unsigned)w, (unsigned)h);
  }
  p->topology = t;
  p->topo_w = w;
  p->topo_h = h;
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

/* Names the family of a rule that golcl_rule_parse does not take, or returns
 * NULL if it looks like a malformed B/S rule (only B, S, digits and '/'). */
static const char *rule_family(const char *b, size_t n) {
  size_t slashes = 0, digits = 0;
  int only_bs = 1, gen_c = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)b[i];
    slashes += c == '/';
    digits += isdigit(c) != 0;
    if (isalpha(c) && toupper(c) != 'B' && toupper(c) != 'S') only_bs = 0;
    if (!isalnum(c) && c != '/') only_bs = 0;
    /* "B2/S/C3": a C part with a state count */
    if (toupper(c) == 'C' && (i == 0 || b[i - 1] == '/' || isdigit((unsigned char)b[i - 1])) &&
        i + 1 < n && isdigit((unsigned char)b[i + 1]))
      gen_c = 1;
  }
  if (n >= 3 && strncmp(b, "MAP", 3) == 0) return "a MAP rule (a table over all neighbourhoods)";
  if (slashes >= 2 || gen_c) return "a Generations rule (more than two states)";
  if (n >= 2 && b[0] == 'R' && isdigit((unsigned char)b[1])) return "a Larger than Life rule";
  if (only_bs) return NULL;
  unsigned char first = (unsigned char)toupper((unsigned char)b[0]);
  unsigned char last = (unsigned char)toupper((unsigned char)b[n - 1]);
  if (digits && (isdigit(first) || first == 'B' || first == 'S')) {
    if (last == 'H' && isdigit((unsigned char)b[n - 2])) return "a hexagonal-neighbourhood rule";
    if (last == 'V' && isdigit((unsigned char)b[n - 2])) return "a von Neumann-neighbourhood rule";
    for (size_t i = 1; i < n; i++) /* "B2ce/S12": letters right after a count */
      if (isalpha((unsigned char)b[i]) && isdigit((unsigned char)b[i - 1]) &&
          toupper((unsigned char)b[i]) != 'B' && toupper((unsigned char)b[i]) != 'S')
        return "a non-totalistic rule (letters after the neighbour counts)";
    return NULL; /* a malformed B/S rule */
  }
  return "a named rule, not a Life-like B/S rule";
}

/* Reads a decimal size of the suffix at *i; -1 if none. */
static int64_t suffix_number(const rule_ctx *rc, size_t *i) {
  if (*i >= rc->len || !isdigit((unsigned char)rc->text[*i])) return -1;
  int64_t v = 0;
  while (*i < rc->len && isdigit((unsigned char)rc->text[*i])) {
    if (v < ((int64_t)1 << 40)) v = v * 10 + (rc->text[*i] - '0');
    (*i)++;
  }
  return v;
}

static golcl_status parse_suffix(const rule_ctx *rc, size_t at, golcl_topology *topo, uint32_t *tw,
                                 uint32_t *th) {
  const char *t = rc->text;
  size_t i = at + 1; /* after ':' */
  if (i >= rc->len) return rule_fail(rc, GOLCL_E_PARSE, i, "expected a topology after ':'");
  char kind = (char)toupper((unsigned char)t[i]);
  switch (kind) {
    case 'T':
    case 'P':
      break;
    case 'K':
      return rule_fail(
          rc, GOLCL_E_UNSUPPORTED, i,
          "the Klein bottle topology :K is not supported (only :T torus and :P plane)");
    case 'C':
      return rule_fail(
          rc, GOLCL_E_UNSUPPORTED, i,
          "the cross-surface topology :C is not supported (only :T torus and :P plane)");
    case 'S':
      return rule_fail(rc, GOLCL_E_UNSUPPORTED, i,
                       "the sphere topology :S is not supported (only :T torus and :P plane)");
    default:
      return rule_fail(rc, GOLCL_E_PARSE, i, "unknown topology; expected T, P, K, C or S");
  }
  i++;
  size_t wat = i;
  int64_t w = suffix_number(rc, &i), h;
  if (w < 0) return rule_fail(rc, GOLCL_E_PARSE, i, "expected the grid width");
  if (i < rc->len && (t[i] == '+' || t[i] == '-' || t[i] == '*'))
    return rule_fail(rc, GOLCL_E_UNSUPPORTED, i,
                     "shifted or twisted edges are not supported (plain :Tw,h and :Pw,h only)");
  size_t hat = i;
  if (i < rc->len && t[i] == ',') {
    i++;
    hat = i;
    h = suffix_number(rc, &i);
    if (h < 0) return rule_fail(rc, GOLCL_E_PARSE, i, "expected the grid height");
    if (i < rc->len && (t[i] == '+' || t[i] == '-' || t[i] == '*'))
      return rule_fail(rc, GOLCL_E_UNSUPPORTED, i,
                       "shifted or twisted edges are not supported (plain :Tw,h and :Pw,h only)");
  } else {
    h = w; /* ":T30" is 30×30, as in Golly */
  }
  if (i < rc->len) return rule_fail(rc, GOLCL_E_PARSE, i, "unexpected text after the grid size");
  if (w == 0 || h == 0)
    return rule_fail(rc, GOLCL_E_UNSUPPORTED, w == 0 ? wat : hat,
                     "an infinite width or height (a tube or strip) is not supported");
  golcl_pattern_limits lim = golcl__pattern_limits();
  if (w > (int64_t)lim.max_width)
    return rule_fail(rc, GOLCL_E_PARSE, wat,
                     "grid width %lld exceeds the limit %u (golcl_pattern_set_limits)",
                     (long long)w, (unsigned)lim.max_width);
  if (h > (int64_t)lim.max_height)
    return rule_fail(rc, GOLCL_E_PARSE, hat,
                     "grid height %lld exceeds the limit %u (golcl_pattern_set_limits)",
                     (long long)h, (unsigned)lim.max_height);
  *topo = kind == 'T' ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  *tw = (uint32_t)w;
  *th = (uint32_t)h;
  return GOLCL_OK;
}

golcl_status golcl__pattern_rule_parse(const char *text, size_t len, int line, size_t col0,
                                       golcl_rule *rule, golcl_topology *topo, uint32_t *tw,
                                       uint32_t *th) {
  size_t a = 0;
  while (a < len && (text[a] == ' ' || text[a] == '\t')) a++;
  while (len > a && (text[len - 1] == ' ' || text[len - 1] == '\t')) len--;
  rule_ctx rc = {text + a, len - a, line, col0 + a};
  const char *t = rc.text;
  size_t n = rc.len;
  if (n == 0) return rule_fail(&rc, GOLCL_E_PARSE, 0, "empty rule");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)t[i];
    if (!(isalnum(c) || c == '/' || c == ':' || c == ',' || c == '+' || c == '-' || c == '*' ||
          c == '_' || c == '.'))
      return rule_fail(&rc, GOLCL_E_PARSE, i, "unexpected character in a rule");
  }
  size_t colon = 0;
  while (colon < n && t[colon] != ':') colon++;
  if (colon == 0) return rule_fail(&rc, GOLCL_E_PARSE, 0, "empty rule before ':'");
  char base[256];
  if (colon >= sizeof base) return rule_fail(&rc, GOLCL_E_PARSE, 0, "rule too long");
  memcpy(base, t, colon);
  base[colon] = '\0';
  golcl_rule r;
  if (golcl_rule_parse(base, &r) != GOLCL_OK) {
    const char *family = rule_family(base, colon);
    if (family)
      return rule_fail(&rc, GOLCL_E_UNSUPPORTED, 0,
                       "%s; libgolcl runs Life-like rules (B.../S...) only", family);
    /* A malformed B/S rule: golcl_rule_parse said "..., column C: what". */
    const char *msg = golcl_last_errmsg();
    const char *colp = strstr(msg, "column ");
    size_t col = colp ? (size_t)strtoul(colp + 7, NULL, 10) : 1;
    const char *what = colp ? strchr(colp, ':') : NULL;
    char detail[160];
    golcl__snprintf(detail, sizeof detail, "%s", what ? what + 2 : "not a Life-like rule");
    return rule_fail(&rc, GOLCL_E_PARSE, col ? col - 1 : 0, "%s", detail);
  }
  golcl_topology tp = GOLCL_TOPOLOGY_INFINITE;
  uint32_t w = 0, h = 0;
  if (colon < n) {
    golcl_status s = parse_suffix(&rc, colon, &tp, &w, &h);
    if (s != GOLCL_OK) return s;
  }
  *rule = r;
  *topo = tp;
  *tw = w;
  *th = h;
  return GOLCL_OK;
}
