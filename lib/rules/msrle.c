/* msrle.c — Golly's multi-state RLE: its reader (golcl__msrle_parse, which
 * mspattern_read.c calls for RLE text) and writer. The reader is this
 * part's own: golcl_pattern keeps a list of live cells without a state, so
 * the two-state reader cannot hold these cells. */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */

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
  const char *t;
  size_t len, i;
  size_t line, line_start;
  golcl_mspattern *p;
  run *runs;
  size_t nruns, cap;
  golcl_pattern_limits lim;
  int has_pos; /* #CXRLE Pos= was given */
} reader;

static golcl_status rerr(const reader *r, size_t at, golcl_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static golcl_status rerr(const reader *r, size_t at, golcl_status s, const char *fmt, ...) {
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  return golcl__fail(NULL, s, "line %zu, column %zu: %s", r->line, at - r->line_start + 1, why);
}

static size_t eol(const reader *r, size_t i) {
  while (i < r->len && r->t[i] != '\n') i++;
  return i;
}

static void next_line(reader *r, size_t end) {
  r->i = end < r->len ? end + 1 : end;
  r->line++;
  r->line_start = r->i;
}

static golcl_status comment(reader *r, size_t end) {
  golcl_mspattern *p = r->p;
  size_t n = end - r->i;
  while (n && r->t[r->i + n - 1] == '\r') n--;
  const char *s = r->t + r->i;
  if (n >= 6 && strncmp(s, "#CXRLE", 6) == 0) {
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < 255 ? n : 255), s);
    const char *pos = strstr(buf, "Pos="), *gen = strstr(buf, "Gen=");
    r->has_pos = 1; /* without Pos= the position is 0,0, as in Golly */
    long long x, y;
    unsigned long long g;
    if (pos && sscanf(pos, "Pos=%lld,%lld", &x, &y) == 2)
      p->ox = x, p->oy = y;
    else if (pos)
      return rerr(r, r->i + (size_t)(pos - buf), GOLCL_E_PARSE, "bad Pos=");
    if (gen && sscanf(gen, "Gen=%llu", &g) == 1)
      p->generation = g;
    else if (gen)
      return rerr(r, r->i + (size_t)(gen - buf), GOLCL_E_PARSE, "bad Gen=");
    return GOLCL_OK;
  }
  return golcl__mspattern_push_comment(p, s, n);
}

static void skip_sp(const reader *r, size_t *i, size_t end) {
  while (*i < end && (r->t[*i] == ' ' || r->t[*i] == '\t' || r->t[*i] == '\r')) (*i)++;
}

static golcl_status header_num(reader *r, size_t *i, size_t end, char key, uint32_t max,
                               uint32_t *out) {
  skip_sp(r, i, end);
  if (*i >= end || r->t[*i] != key) return rerr(r, *i, GOLCL_E_PARSE, "expected '%c ='", key);
  (*i)++;
  skip_sp(r, i, end);
  if (*i >= end || r->t[*i] != '=') return rerr(r, *i, GOLCL_E_PARSE, "expected '='");
  (*i)++;
  skip_sp(r, i, end);
  size_t d = *i;
  uint64_t v = 0;
  while (*i < end && isdigit((unsigned char)r->t[*i]) && *i - d < 11)
    v = v * 10 + (uint64_t)(r->t[(*i)++] - '0');
  if (*i == d) return rerr(r, *i, GOLCL_E_PARSE, "expected a number");
  if (v > max)
    return rerr(r, d, GOLCL_E_PARSE, "%c = %llu is above the limit %u", key, (unsigned long long)v,
                (unsigned)max);
  *out = (uint32_t)v;
  skip_sp(r, i, end);
  return GOLCL_OK;
}

static golcl_status header(reader *r, size_t end) {
  golcl_mspattern *p = r->p;
  size_t i = r->i;
  golcl_status s = header_num(r, &i, end, 'x', r->lim.max_width, &p->w);
  if (s == GOLCL_OK && i < end && r->t[i] == ',') i++;
  if (s == GOLCL_OK) s = header_num(r, &i, end, 'y', r->lim.max_height, &p->h);
  if (s != GOLCL_OK) return s;
  if (i < end && r->t[i] == ',') i++;
  skip_sp(r, &i, end);
  if (i + 4 > end || strncmp(r->t + i, "rule", 4) != 0)
    return rerr(r, i, GOLCL_E_UNSUPPORTED,
                "no rule: a two-state pattern (golcl_pattern_parse reads it)");
  i += 4;
  skip_sp(r, &i, end);
  if (i >= end || r->t[i] != '=') return rerr(r, i, GOLCL_E_PARSE, "expected '='");
  i++;
  skip_sp(r, &i, end);
  size_t a = i;
  while (i < end && !isspace((unsigned char)r->t[i])) i++;
  char rule[512];
  if (i - a >= sizeof rule) return rerr(r, a, GOLCL_E_PARSE, "rule too long");
  memcpy(rule, r->t + a, i - a);
  rule[i - a] = '\0';
  char *colon = strchr(rule, ':');
  p->bounds.topology = GOLCL_TOPOLOGY_INFINITE;
  if (colon) {
    s = golcl_bounds_parse(colon, &p->bounds);
    if (s != GOLCL_OK) return rerr(r, a + (size_t)(colon - rule), s, "%s", golcl_last_errmsg());
    if (p->bounds.width > r->lim.max_width || p->bounds.height > r->lim.max_height)
      return rerr(r, a + (size_t)(colon - rule), GOLCL_E_PARSE,
                  "the bounded grid is above the limits (%ux%u)", (unsigned)r->lim.max_width,
                  (unsigned)r->lim.max_height);
    *colon = '\0';
  }
  s = golcl_msrule_parse(rule, &p->rule);
  if (s != GOLCL_OK) { /* the rule's column as the line's */
    char why[400];
    const char *m = golcl_last_errmsg(), *at = strstr(m, ", column ");
    int col = 0, off = 0;
    if (at && sscanf(at, ", column %d: %n", &col, &off) == 1 && off > 0 && col > 0) {
      snprintf(why, sizeof why, "%.300s (rule \"%.80s\")", at + off, rule);
      return rerr(r, a + (size_t)col - 1, s, "%s", why);
    }
    snprintf(why, sizeof why, "%s", m);
    return rerr(r, a, s, "%s", why);
  }
  skip_sp(r, &i, end);
  if (i < end) return rerr(r, i, GOLCL_E_PARSE, "unexpected text after the rule");
  return GOLCL_OK;
}

static golcl_status push(reader *r, uint32_t x, uint32_t y, uint32_t n, uint8_t s) {
  if (r->nruns == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 256;
    run *m = realloc(r->runs, cap * sizeof *m);
    if (!m) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    r->runs = m, r->cap = cap;
  }
  r->runs[r->nruns++] = (run){x, y, n, s};
  return GOLCL_OK;
}

static golcl_status body(reader *r) {
  uint64_t x = 0, y = 0, count = 0, live = 0;
  uint32_t states = golcl__msrule_states(&r->p->rule);
  size_t count_at = 0;
  for (; r->i < r->len; r->i++) {
    char c = r->t[r->i];
    if (c == '\n') {
      r->line++, r->line_start = r->i + 1;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (isdigit((unsigned char)c)) {
      if (!count) count_at = r->i;
      count = count * 10 + (uint64_t)(c - '0');
      if (count > (uint64_t)r->lim.max_width + r->lim.max_height)
        return rerr(r, count_at, GOLCL_E_PARSE, "run count above the pattern limits");
      continue;
    }
    uint64_t n = count ? count : 1;
    count = 0;
    if (c == '!') return GOLCL_OK;
    if (c == '$') {
      y += n, x = 0;
      if (y >= r->lim.max_height)
        return rerr(r, r->i, GOLCL_E_PARSE, "more rows than the limit %u",
                    (unsigned)r->lim.max_height);
      continue;
    }
    size_t at = r->i;
    int st;
    if (c == '.' || c == 'b')
      st = 0;
    else if (c == 'o')
      st = 1;
    else if (c >= 'A' && c <= 'X')
      st = c - 'A' + 1;
    else if (c >= 'p' && c <= 'y') {
      char d = r->i + 1 < r->len ? r->t[r->i + 1] : '\0';
      if (d < 'A' || d > 'X' || (c == 'y' && d > 'O'))
        return rerr(r, r->i, GOLCL_E_PARSE,
                    "'%c' must be followed by 'A'..'X' ('A'..'O' after 'y')", c);
      st = 24 * (c - 'p' + 1) + (d - 'A' + 1);
      r->i++;
    } else {
      return rerr(r, r->i, GOLCL_E_PARSE, "unexpected '%c' in the cells",
                  isprint((unsigned char)c) ? c : '?');
    }
    if ((uint32_t)st >= states)
      return rerr(r, at, GOLCL_E_PARSE, "state %d is not a state of a rule of %u states", st,
                  (unsigned)states);
    if (x + n > r->lim.max_width)
      return rerr(r, at, GOLCL_E_PARSE, "a row wider than the limit %u",
                  (unsigned)r->lim.max_width);
    if (st) {
      live += n;
      if (live > r->lim.max_cells)
        return rerr(r, at, GOLCL_E_PARSE, "more cells than the limit %llu",
                    (unsigned long long)r->lim.max_cells);
      golcl_status s = push(r, (uint32_t)x, (uint32_t)y, (uint32_t)n, (uint8_t)st);
      if (s != GOLCL_OK) return s;
    }
    x += n;
  }
  return GOLCL_OK; /* Golly takes a missing '!' */
}

static golcl_status fill(reader *r) {
  golcl_mspattern *p = r->p;
  uint32_t w = p->w, h = p->h; /* cells beyond the header's box widen it */
  for (size_t k = 0; k < r->nruns; k++) {
    if (r->runs[k].x + r->runs[k].n > w) w = r->runs[k].x + r->runs[k].n;
    if (r->runs[k].y + 1 > h) h = r->runs[k].y + 1;
  }
  if ((uint64_t)w * h > r->lim.max_cells)
    return golcl__fail(NULL, GOLCL_E_PARSE,
                       "line %zu: a box of %ux%u cells is above the limit %llu", r->line,
                       (unsigned)w, (unsigned)h, (unsigned long long)r->lim.max_cells);
  p->cells = calloc((size_t)w * h + 1, 1);
  if (!p->cells) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (size_t k = 0; k < r->nruns; k++)
    memset(p->cells + (size_t)r->runs[k].y * w + r->runs[k].x, r->runs[k].s, r->runs[k].n);
  p->w = w, p->h = h;
  return GOLCL_OK;
}

golcl_status golcl__msrle_parse(const char *text, size_t len, golcl_mspattern **out) {
  reader r = {.t = text, .len = len, .line = 1};
  golcl_pattern_get_limits(&r.lim);
  if (len > r.lim.max_bytes)
    return golcl__fail(NULL, GOLCL_E_PARSE, "a text of %zu bytes is above the limit %llu", len,
                       (unsigned long long)r.lim.max_bytes);
  if (memchr(text, '\0', len)) return golcl__fail(NULL, GOLCL_E_PARSE, "a NUL byte in the text");
  if (!(r.p = calloc(1, sizeof *r.p)))
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = GOLCL_OK;
  while (s == GOLCL_OK && r.i < len) { /* comments and blank lines, then the header */
    size_t end = eol(&r, r.i), k = r.i;
    skip_sp(&r, &k, end);
    if (k == end) {
      next_line(&r, end);
    } else if (text[k] == '#') {
      r.i = k;
      s = comment(&r, end);
      next_line(&r, end);
    } else {
      r.i = k;
      s = text[k] == 'x' ? header(&r, end)
                         : rerr(&r, k, GOLCL_E_PARSE, "expected the header \"x = ..., y = ...\"");
      next_line(&r, end);
      break;
    }
  }
  if (s == GOLCL_OK && !r.p->rule.states)
    s = golcl__fail(NULL, GOLCL_E_PARSE, "line %zu: no header \"x = ..., y = ...\"", r.line);
  int64_t ox = r.p->ox, oy = r.p->oy;
  if (s == GOLCL_OK) s = body(&r);
  if (s == GOLCL_OK) s = fill(&r);
  free(r.runs);
  if (s != GOLCL_OK) {
    golcl_mspattern_destroy(r.p);
    return s;
  }
  if (r.has_pos) {
    r.p->ox = ox, r.p->oy = oy;
  } else { /* Golly's default place: the box centred on (0, 0) */
    r.p->ox = -(int64_t)(r.p->w / 2);
    r.p->oy = -(int64_t)(r.p->h / 2);
  }
  *out = r.p;
  return GOLCL_OK;
}

/* ------------------------------------------------------------------ writer */

typedef struct writer {
  FILE *f;
  int col, err;
} writer;

static void emit(writer *wr, uint64_t n, const char *sym) {
  char tok[32];
  int k = n > 1 ? snprintf(tok, sizeof tok, "%llu%s", (unsigned long long)n, sym)
                : snprintf(tok, sizeof tok, "%s", sym);
  if (wr->col + k > 70) {
    if (fputc('\n', wr->f) == EOF) wr->err = 1;
    wr->col = 0;
  }
  if (fputs(tok, wr->f) == EOF) wr->err = 1;
  wr->col += k;
}

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
  writer wr = {f, 0, 0};
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
    if (gap) emit(&wr, gap, "$");
    last = y;
    for (uint32_t x = 0; x < end;) {
      uint32_t k = x;
      while (k < end && row[k] == row[x]) k++;
      golcl_mspattern_rle_symbol(row[x], two, sym);
      emit(&wr, k - x, sym);
      x = k;
    }
  }
  emit(&wr, 1, "!");
  /* flushed here: a full disk shows only when the buffer goes out */
  if (fputc('\n', f) == EOF || wr.err || fflush(f) != 0 || ferror(f))
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_mspattern_write_rle: write failed");
  return GOLCL_OK;
}
