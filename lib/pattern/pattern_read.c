/* pattern_read.c — parsers of pattern text: RLE (with Golly's extensions),
 * plaintext .cells, Life 1.05 and Life 1.06, recognised from the content.
 * Input is untrusted: every error names line and column, and sizes, run
 * counts and cell counts are checked against the limits before anything is
 * allocated for them. gzip-compressed text is inflated first (zlib), within
 * the same byte limit. */
#include "pattern.h"

#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

/* One line of the text, without its line end ("\n", "\r\n" or "\r"). */
typedef struct line {
  const char *s;
  size_t len;
  int no; /* 1-based */
} line;

typedef struct reader {
  const char *s;
  size_t n, i;
  int no; /* number of the last line returned */
  golcl_pattern_limits lim;
  golcl_pattern *p;
} reader;

static int get_line(reader *r, line *L) {
  if (r->i >= r->n) return 0;
  size_t a = r->i, b = a;
  while (b < r->n && r->s[b] != '\n' && r->s[b] != '\r') b++;
  L->s = r->s + a;
  L->len = b - a;
  L->no = ++r->no;
  if (b < r->n) b += (r->s[b] == '\r' && b + 1 < r->n && r->s[b + 1] == '\n') ? 2 : 1;
  r->i = b;
  return 1;
}

/* "line L, column C: message". col is 0-based inside the line. */
static golcl_status lerr(const line *L, size_t col, golcl_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static golcl_status lerr(const line *L, size_t col, golcl_status st, const char *fmt, ...) {
  char what[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return golcl__fail(NULL, st, "line %d, column %zu: %s", L->no, col + 1, what);
}

/* The character at col described for a message: 'c' or byte 0xNN. */
static const char *char_name(const line *L, size_t col, char *buf, size_t cap) {
  unsigned char c = (unsigned char)L->s[col];
  if (c > ' ' && c < 127)
    golcl__snprintf(buf, cap, "'%c'", c);
  else
    golcl__snprintf(buf, cap, "byte 0x%02X", c);
  return buf;
}

static golcl_status oom(void) {
  return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

static size_t skip_ws(const line *L, size_t k) {
  while (k < L->len && is_ws(L->s[k])) k++;
  return k;
}

static size_t trim_end(const line *L) {
  size_t n = L->len;
  while (n > 0 && is_ws(L->s[n - 1])) n--;
  return n;
}

static int starts_with(const line *L, size_t k, const char *prefix) {
  size_t m = strlen(prefix);
  return L->len - k >= m && memcmp(L->s + k, prefix, m) == 0;
}

/* A signed decimal at *k, |v| ≤ 2^62. */
static golcl_status read_int(const line *L, size_t *k, int64_t *out, const char *what) {
  size_t a = *k, i = a;
  int neg = 0;
  if (i < L->len && (L->s[i] == '-' || L->s[i] == '+')) neg = L->s[i++] == '-';
  if (i >= L->len || !isdigit((unsigned char)L->s[i]))
    return lerr(L, i, GOLCL_E_PARSE, "expected %s (an integer)", what);
  int64_t v = 0, max = (int64_t)1 << 62;
  for (; i < L->len && isdigit((unsigned char)L->s[i]); i++) {
    int d = L->s[i] - '0';
    if (v > (max - d) / 10) /* checked before it could overflow */
      return lerr(L, a, GOLCL_E_PARSE, "%s is out of range (more than 2^62)", what);
    v = v * 10 + d;
  }
  *out = neg ? -v : v;
  *k = i;
  return GOLCL_OK;
}

/* An unsigned decimal at *k, at most max. */
static golcl_status read_uint(const line *L, size_t *k, uint64_t max, uint64_t *out,
                              const char *what, const char *limit_hint) {
  size_t a = *k, i = a;
  if (i >= L->len || !isdigit((unsigned char)L->s[i]))
    return lerr(L, i, GOLCL_E_PARSE, "expected %s (a number)", what);
  uint64_t v = 0;
  for (; i < L->len && isdigit((unsigned char)L->s[i]); i++) {
    uint64_t d = (uint64_t)(L->s[i] - '0');
    if (d > max || v > (max - d) / 10)
      return lerr(L, a, GOLCL_E_PARSE, "%s exceeds %s%llu%s", what, limit_hint ? "the limit " : "",
                  (unsigned long long)max, limit_hint ? limit_hint : "");
    v = v * 10 + d;
  }
  *out = v;
  *k = i;
  return GOLCL_OK;
}

static const char *LIMIT_HINT = " (golcl_pattern_set_limits)";

/* Comments --------------------------------------------------------------------- */

/* A '#' line that, written first in an RLE file, would be read as the header
 * of another format; such comments are kept as "#C" text. */
static int other_format_header(const line *L, size_t k) {
  return starts_with(L, k, "#Life") || starts_with(L, k, "#MCell");
}

/* Stores "prefix" + s[0..n) as a comment line. */
static golcl_status push_comment2(golcl_pattern *p, const char *prefix, const char *s, size_t n) {
  size_t m = strlen(prefix);
  char *buf = malloc(m + n + 1);
  if (!buf) return oom();
  memcpy(buf, prefix, m);
  memcpy(buf + m, s, n);
  golcl_status st = golcl__pattern_push_comment(p, buf, m + n);
  free(buf);
  return st == GOLCL_OK ? st : oom();
}

/* Life 1.05/1.06 '#' lines: #D description, #N normal rule, #R rule; other
 * '#' lines are kept as they are. `k` is the column of '#'. */
static golcl_status life10x_hash_line(reader *r, const line *L, size_t k, int *rule_seen) {
  golcl_pattern *p = r->p;
  char tag = k + 1 < L->len ? L->s[k + 1] : '\0';
  const char *rest = L->s + k + 2;
  size_t nrest = L->len > k + 2 ? L->len - k - 2 : 0;
  if (tag == 'D') /* "#DXRLE" must not become "#CXRLE" */
    return push_comment2(p, nrest == 0 || is_ws(rest[0]) ? "#C" : "#C ", rest, nrest);
  if (tag == 'N' && trim_end(L) == k + 2) {
    golcl_rule_table_from_rule((golcl_rule){1u << 3, (1u << 2) | (1u << 3)}, &p->table);
    *rule_seen = 1;
    return GOLCL_OK;
  }
  if (tag == 'R' && (k + 2 >= L->len || is_ws(L->s[k + 2]))) {
    size_t a = skip_ws(L, k + 2), e = trim_end(L);
    if (a >= e) return lerr(L, a, GOLCL_E_PARSE, "expected a rule after #R");
    *rule_seen = 1;
    return golcl__pattern_rule_parse(L->s + a, e - a, L->no, a + 1, &p->table, &p->bounds);
  }
  /* Lines that RLE would read as a position are kept as "#C" text. */
  if (starts_with(L, k, "#CXRLE") || other_format_header(L, k) ||
      ((tag == 'P' || tag == 'R') && (k + 2 >= L->len || is_ws(L->s[k + 2]))))
    return push_comment2(p, "#C ", L->s + k, L->len - k);
  return push_comment2(p, "", L->s + k, L->len - k);
}

/* Coordinates of Life 1.05 and 1.06: collected with their bounding box, then
 * sorted into the pattern. */
typedef struct icell {
  int64_t x, y;
} icell;

typedef struct coords {
  icell *c;
  size_t n, cap;
  int64_t x0, y0, x1, y1;
} coords;

static golcl_status coords_add(reader *r, coords *cs, const line *L, size_t col, int64_t x,
                               int64_t y) {
  if (cs->n >= r->lim.max_cells)
    return lerr(L, col, GOLCL_E_PARSE, "more than %llu live cells: the limit%s",
                (unsigned long long)r->lim.max_cells, LIMIT_HINT);
  int64_t x0 = cs->n ? (x < cs->x0 ? x : cs->x0) : x, x1 = cs->n ? (x > cs->x1 ? x : cs->x1) : x;
  int64_t y0 = cs->n ? (y < cs->y0 ? y : cs->y0) : y, y1 = cs->n ? (y > cs->y1 ? y : cs->y1) : y;
  /* Coordinates lie in [-2^62, 2^62]: their difference may reach 2^63, past
   * int64_t, so it is taken in uint64_t, where it is exact. */
  if ((uint64_t)x1 - (uint64_t)x0 >= r->lim.max_width)
    return lerr(L, col, GOLCL_E_PARSE, "the pattern is wider than the limit of %u cells%s",
                (unsigned)r->lim.max_width, LIMIT_HINT);
  if ((uint64_t)y1 - (uint64_t)y0 >= r->lim.max_height)
    return lerr(L, col, GOLCL_E_PARSE, "the pattern is taller than the limit of %u cells%s",
                (unsigned)r->lim.max_height, LIMIT_HINT);
  if (cs->n == cs->cap) {
    size_t cap = cs->cap ? cs->cap * 2 : 256;
    icell *c = realloc(cs->c, cap * sizeof *c);
    if (!c) return oom();
    cs->c = c;
    cs->cap = cap;
  }
  cs->c[cs->n].x = x;
  cs->c[cs->n].y = y;
  cs->n++;
  cs->x0 = x0, cs->x1 = x1, cs->y0 = y0, cs->y1 = y1;
  return GOLCL_OK;
}

static int icell_cmp(const void *a, const void *b) {
  const icell *p = a, *q = b;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return 0;
}

static golcl_status coords_finish(reader *r, coords *cs) {
  golcl_pattern *p = r->p;
  if (cs->n == 0) {
    p->w = p->h = 0;
    p->origin_x = p->origin_y = 0;
    p->origin_kind = GOLCL__ORIGIN_XRLE;
    return GOLCL_OK;
  }
  qsort(cs->c, cs->n, sizeof *cs->c, icell_cmp);
  for (size_t i = 0; i < cs->n; i++) {
    if (i > 0 && cs->c[i].x == cs->c[i - 1].x && cs->c[i].y == cs->c[i - 1].y) continue;
    if (golcl__pattern_push_run(p, (uint32_t)(cs->c[i].x - cs->x0), (uint32_t)(cs->c[i].y - cs->y0),
                                1) != GOLCL_OK)
      return oom();
  }
  p->w = (uint32_t)(cs->x1 - cs->x0 + 1);
  p->h = (uint32_t)(cs->y1 - cs->y0 + 1);
  p->origin_x = cs->x0;
  p->origin_y = cs->y0;
  p->origin_kind = GOLCL__ORIGIN_XRLE;
  return GOLCL_OK;
}

/* Life 1.05 -------------------------------------------------------------------- */

static golcl_status parse_life105(reader *r) {
  line L;
  get_line(r, &L); /* "#Life 1.05" */
  coords cs = {0};
  int64_t bx = 0, by = 0, row = 0;
  int rule_seen = 0;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && get_line(r, &L)) {
    size_t e = trim_end(&L);
    if (L.len > 0 && L.s[0] == '#') {
      if (L.len >= 2 && L.s[1] == 'P' && (L.len == 2 || is_ws(L.s[2]))) {
        size_t k = skip_ws(&L, 2);
        bx = by = row = 0; /* "#P" alone is 0 0 */
        if (k < e) {
          st = read_int(&L, &k, &bx, "the block's x");
          if (st == GOLCL_OK) {
            if (k < e && !is_ws(L.s[k]))
              st = lerr(&L, k, GOLCL_E_PARSE, "expected a space between x and y of #P");
            else {
              k = skip_ws(&L, k);
              st = read_int(&L, &k, &by, "the block's y");
            }
          }
          if (st == GOLCL_OK && skip_ws(&L, k) < L.len)
            st = lerr(&L, skip_ws(&L, k), GOLCL_E_PARSE, "unexpected text after #P x y");
        }
        continue;
      }
      st = life10x_hash_line(r, &L, 0, &rule_seen);
      continue;
    }
    for (size_t k = 0; k < e && st == GOLCL_OK; k++) {
      char c = L.s[k];
      if (c == '*' || c == 'O' || c == 'o')
        st = coords_add(r, &cs, &L, k, bx + (int64_t)k, by + row);
      else if (c != '.') {
        char cn[16];
        st = lerr(&L, k, GOLCL_E_PARSE, "unexpected %s in a Life 1.05 block (expected '.' or '*')",
                  char_name(&L, k, cn, sizeof cn));
      }
    }
    row++;
  }
  if (st == GOLCL_OK) st = coords_finish(r, &cs);
  free(cs.c);
  r->p->format = GOLCL_FORMAT_LIFE105;
  return st;
}

/* Life 1.06 -------------------------------------------------------------------- */

static golcl_status parse_life106(reader *r) {
  line L;
  get_line(r, &L); /* "#Life 1.06" */
  coords cs = {0};
  int rule_seen = 0;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && get_line(r, &L)) {
    size_t k = skip_ws(&L, 0), e = trim_end(&L);
    if (k >= e) continue;
    if (L.s[k] == '#') {
      st = life10x_hash_line(r, &L, k, &rule_seen);
      continue;
    }
    int64_t x, y;
    size_t at = k;
    st = read_int(&L, &k, &x, "x");
    if (st != GOLCL_OK) break;
    if (k < e && !is_ws(L.s[k])) {
      char cn[16];
      st = lerr(&L, k, GOLCL_E_PARSE, "unexpected %s after x (expected a space, then y)",
                char_name(&L, k, cn, sizeof cn));
      break;
    }
    k = skip_ws(&L, k);
    st = read_int(&L, &k, &y, "y");
    if (st != GOLCL_OK) break;
    k = skip_ws(&L, k);
    if (k < e) {
      char cn[16];
      st = lerr(&L, k, GOLCL_E_PARSE, "unexpected %s after \"x y\"",
                char_name(&L, k, cn, sizeof cn));
      break;
    }
    st = coords_add(r, &cs, &L, at, x, y);
  }
  if (st == GOLCL_OK) st = coords_finish(r, &cs);
  free(cs.c);
  r->p->format = GOLCL_FORMAT_LIFE106;
  return st;
}

/* Plaintext -------------------------------------------------------------------- */

static golcl_status plaintext_comment(golcl_pattern *p, const line *L) {
  const char *s = L->s + 1;
  size_t n = L->len - 1;
  if (n >= 5 && memcmp(s, "Name:", 5) == 0) {
    size_t k = 5 + (n > 5 && s[5] == ' ');
    return push_comment2(p, "#N ", s + k, n - k);
  }
  if (n >= 7 && memcmp(s, "Author:", 7) == 0) {
    size_t k = 7 + (n > 7 && s[7] == ' ');
    return push_comment2(p, "#O ", s + k, n - k);
  }
  return n ? push_comment2(p, "#C ", s, n) : push_comment2(p, "#C", s, 0);
}

static golcl_status parse_plaintext(reader *r) {
  golcl_pattern *p = r->p;
  line L;
  uint64_t rows = 0, blank = 0, w = 0;
  int started = 0;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && get_line(r, &L)) {
    if (L.len > 0 && L.s[0] == '!') {
      st = plaintext_comment(p, &L);
      continue;
    }
    size_t e = trim_end(&L);
    if (e == 0) {
      blank += started; /* blank lines inside the cells are dead rows */
      continue;
    }
    started = 1;
    rows += blank;
    blank = 0;
    if (rows >= r->lim.max_height)
      return lerr(&L, 0, GOLCL_E_PARSE, "more than %u rows: the limit%s",
                  (unsigned)r->lim.max_height, LIMIT_HINT);
    if (e > r->lim.max_width)
      return lerr(&L, r->lim.max_width, GOLCL_E_PARSE, "a row longer than the limit of %u cells%s",
                  (unsigned)r->lim.max_width, LIMIT_HINT);
    for (size_t k = 0; k < e; k++) {
      char c = L.s[k];
      if (c == '.') continue;
      if (c != 'O' && c != 'o' && c != '*') {
        char cn[16];
        return lerr(&L, k, GOLCL_E_PARSE, "unexpected %s in a plaintext row (expected '.' or 'O')",
                    char_name(&L, k, cn, sizeof cn));
      }
      size_t n = 1;
      while (k + n < e && (L.s[k + n] == 'O' || L.s[k + n] == 'o' || L.s[k + n] == '*')) n++;
      if (p->ncells + n > r->lim.max_cells)
        return lerr(&L, k, GOLCL_E_PARSE, "more than %llu live cells: the limit%s",
                    (unsigned long long)r->lim.max_cells, LIMIT_HINT);
      if (golcl__pattern_push_run(p, (uint32_t)k, (uint32_t)rows, (uint32_t)n) != GOLCL_OK)
        return oom();
      k += n - 1;
    }
    if (e > w) w = e;
    rows++;
  }
  if (st != GOLCL_OK) return st;
  p->w = (uint32_t)w;
  p->h = (uint32_t)rows;
  golcl__pattern_default_origin(p);
  p->format = GOLCL_FORMAT_PLAINTEXT;
  return GOLCL_OK;
}

/* RLE ---------------------------------------------------------------------------- */

/* "#CXRLE Pos=x,y Gen=n": other keys are ignored, as Golly does. */
static golcl_status rle_xrle(reader *r, const line *L, size_t k) {
  golcl_pattern *p = r->p;
  k += 6;
  p->origin_kind = GOLCL__ORIGIN_XRLE; /* Pos=0,0 unless given, as in Golly */
  for (;;) {
    k = skip_ws(L, k);
    if (k >= L->len) break;
    if (starts_with(L, k, "Pos=")) {
      k += 4;
      golcl_status st = read_int(L, &k, &p->origin_x, "the x of Pos");
      if (st != GOLCL_OK) return st;
      if (k >= L->len || L->s[k] != ',')
        return lerr(L, k, GOLCL_E_PARSE, "expected ',' in Pos=x,y");
      k++;
      st = read_int(L, &k, &p->origin_y, "the y of Pos");
      if (st != GOLCL_OK) return st;
    } else if (starts_with(L, k, "Gen=")) {
      k += 4;
      golcl_status st =
          read_uint(L, &k, UINT64_MAX / 10 - 1, &p->generation, "the generation", NULL);
      if (st != GOLCL_OK) return st;
    } else {
      while (k < L->len && !is_ws(L->s[k])) k++;
      continue;
    }
    if (k < L->len && !is_ws(L->s[k])) {
      char cn[16];
      return lerr(L, k, GOLCL_E_PARSE, "unexpected %s in #CXRLE", char_name(L, k, cn, sizeof cn));
    }
  }
  return GOLCL_OK;
}

/* A '#' line of an RLE file: #CXRLE, #P / #R position, else a comment. */
static golcl_status rle_hash_line(reader *r, const line *L, size_t k) {
  golcl_pattern *p = r->p;
  if (starts_with(L, k, "#CXRLE")) return rle_xrle(r, L, k);
  char tag = k + 1 < L->len ? L->s[k + 1] : '\0';
  if ((tag == 'P' || tag == 'R') && (k + 2 >= L->len || is_ws(L->s[k + 2]))) {
    size_t i = skip_ws(L, k + 2);
    int64_t x, y;
    golcl_status st = read_int(L, &i, &x, "x of the position");
    if (st != GOLCL_OK) return st;
    if (i < L->len && !is_ws(L->s[i]))
      return lerr(L, i, GOLCL_E_PARSE, "expected a space between x and y of #%c", tag);
    i = skip_ws(L, i);
    st = read_int(L, &i, &y, "y of the position");
    if (st != GOLCL_OK) return st;
    if (skip_ws(L, i) < L->len)
      return lerr(L, skip_ws(L, i), GOLCL_E_PARSE, "unexpected text after #%c x y", tag);
    p->origin_x = x;
    p->origin_y = y;
    p->origin_kind = tag == 'P' ? GOLCL__ORIGIN_P : GOLCL__ORIGIN_R;
    return GOLCL_OK;
  }
  if (other_format_header(L, k)) return push_comment2(p, "#C ", L->s + k, L->len - k);
  return push_comment2(p, "", L->s + k, L->len - k);
}

/* The header "x = m, y = n, rule = ...": any spacing, rule last (it may
 * contain commas, ":T72,48"). */
static golcl_status rle_header(reader *r, const line *L, size_t k, uint64_t *hw, uint64_t *hh) {
  golcl_pattern *p = r->p;
  int seen_x = 0, seen_y = 0;
  for (;;) {
    k = skip_ws(L, k);
    size_t key = k;
    while (k < L->len && isalpha((unsigned char)L->s[k])) k++;
    size_t klen = k - key;
    if (klen == 0) return lerr(L, key, GOLCL_E_PARSE, "expected x, y or rule in the header");
    k = skip_ws(L, k);
    if (k >= L->len || L->s[k] != '=')
      return lerr(L, k, GOLCL_E_PARSE, "expected '=' after \"%.*s\"", (int)klen, L->s + key);
    k = skip_ws(L, k + 1);
    if (klen == 4 && strncasecmp(L->s + key, "rule", 4) == 0) {
      golcl_status st =
          golcl__pattern_rule_parse(L->s + k, L->len - k, L->no, k + 1, &p->table, &p->bounds);
      if (st != GOLCL_OK) return st;
      k = L->len;
    } else if (klen == 1 && (L->s[key] == 'x' || L->s[key] == 'X')) {
      if (seen_x) return lerr(L, key, GOLCL_E_PARSE, "x is given twice");
      seen_x = 1;
      golcl_status st = read_uint(L, &k, r->lim.max_width, hw, "the width x", LIMIT_HINT);
      if (st != GOLCL_OK) return st;
    } else if (klen == 1 && (L->s[key] == 'y' || L->s[key] == 'Y')) {
      if (seen_y) return lerr(L, key, GOLCL_E_PARSE, "y is given twice");
      seen_y = 1;
      golcl_status st = read_uint(L, &k, r->lim.max_height, hh, "the height y", LIMIT_HINT);
      if (st != GOLCL_OK) return st;
    } else {
      return lerr(L, key, GOLCL_E_PARSE, "unknown header field \"%.*s\" (expected x, y or rule)",
                  (int)(klen > 40 ? 40 : klen), L->s + key);
    }
    k = skip_ws(L, k);
    if (k >= L->len) break;
    if (L->s[k] != ',') {
      char cn[16];
      return lerr(L, k, GOLCL_E_PARSE, "unexpected %s in the header (expected ',')",
                  char_name(L, k, cn, sizeof cn));
    }
    k = skip_ws(L, k + 1);
    if (k >= L->len) break; /* a trailing comma */
  }
  if (!seen_x || !seen_y)
    return lerr(L, L->len, GOLCL_E_PARSE, "the header lacks %s",
                !seen_x ? "x = width" : "y = height");
  return GOLCL_OK;
}

typedef struct rle_body {
  uint64_t x, y;    /* where the next run goes */
  uint64_t count;   /* run count being read */
  int ndigits;      /* digits of count so far */
  int count_closed; /* whitespace followed the digits */
  line count_line;  /* where the count started, for messages */
  size_t count_col;
  uint64_t w, h; /* extent of the live cells */
} rle_body;

static golcl_status rle_run(reader *r, rle_body *b, const line *L, size_t k, char c) {
  golcl_pattern *p = r->p;
  uint64_t n = b->ndigits ? b->count : 1;
  const line *cl = b->ndigits ? &b->count_line : L;
  size_t cc = b->ndigits ? b->count_col : k;
  if (n == 0) return lerr(cl, cc, GOLCL_E_PARSE, "a run count of 0");
  b->ndigits = 0;
  b->count = 0;
  b->count_closed = 0;
  if (c == '$') {
    if (b->y + n > r->lim.max_height)
      return lerr(cl, cc, GOLCL_E_PARSE, "the pattern is taller than the limit of %u rows%s",
                  (unsigned)r->lim.max_height, LIMIT_HINT);
    b->y += n;
    b->x = 0;
    return GOLCL_OK;
  }
  if (b->x + n > r->lim.max_width)
    return lerr(cl, cc, GOLCL_E_PARSE, "a row longer than the limit of %u cells%s",
                (unsigned)r->lim.max_width, LIMIT_HINT);
  if (c != 'b' && c != '.') {
    if (b->y >= r->lim.max_height)
      return lerr(cl, cc, GOLCL_E_PARSE, "the pattern is taller than the limit of %u rows%s",
                  (unsigned)r->lim.max_height, LIMIT_HINT);
    if (p->ncells + n > r->lim.max_cells)
      return lerr(cl, cc, GOLCL_E_PARSE, "more than %llu live cells: the limit%s",
                  (unsigned long long)r->lim.max_cells, LIMIT_HINT);
    if (golcl__pattern_push_run(p, (uint32_t)b->x, (uint32_t)b->y, (uint32_t)n) != GOLCL_OK)
      return oom();
    if (b->x + n > b->w) b->w = b->x + n;
    if (b->y + 1 > b->h) b->h = b->y + 1;
  }
  b->x += n;
  return GOLCL_OK;
}

static golcl_status parse_rle(reader *r) {
  golcl_pattern *p = r->p;
  line L;
  uint64_t hw = 0, hh = 0;
  int have_header = 0;
  golcl_status st = GOLCL_OK;
  while (get_line(r, &L)) {
    size_t k = skip_ws(&L, 0);
    if (k == L.len) continue;
    if (L.s[k] == '#') {
      st = rle_hash_line(r, &L, k);
      if (st != GOLCL_OK) return st;
      continue;
    }
    if (L.s[k] != 'x' && L.s[k] != 'X')
      return lerr(&L, k, GOLCL_E_PARSE, "expected the header \"x = width, y = height\"");
    st = rle_header(r, &L, k, &hw, &hh);
    if (st != GOLCL_OK) return st;
    have_header = 1;
    break;
  }
  if (!have_header) {
    line end = {r->s, 0, r->no + 1};
    return lerr(&end, 0, GOLCL_E_PARSE, "end of input before the header \"x = width, y = height\"");
  }
  rle_body b = {0};
  int done = 0;
  while (!done && get_line(r, &L)) {
    size_t k = skip_ws(&L, 0);
    if (k < L.len && L.s[k] == '#' && b.ndigits == 0) {
      st = rle_hash_line(r, &L, k);
      if (st != GOLCL_OK) return st;
      continue;
    }
    if (b.ndigits) b.count_closed = 1; /* a line break after a count */
    for (; k < L.len && !done; k++) {
      char c = L.s[k];
      if (isdigit((unsigned char)c)) {
        if (b.count_closed)
          return lerr(&b.count_line, b.count_col, GOLCL_E_PARSE,
                      "a run count must be followed by b, o or $ (found another number)");
        if (b.ndigits == 0) {
          b.count_line = L;
          b.count_col = k;
        }
        b.ndigits++;
        b.count = b.count * 10 + (uint64_t)(c - '0');
        uint64_t maxrun =
            r->lim.max_width > r->lim.max_height ? r->lim.max_width : r->lim.max_height;
        if (b.count > maxrun)
          return lerr(&b.count_line, b.count_col, GOLCL_E_PARSE,
                      "run count exceeds the limit %llu%s", (unsigned long long)maxrun, LIMIT_HINT);
      } else if (is_ws(c)) {
        if (b.ndigits) b.count_closed = 1;
      } else if (c == '!') {
        if (b.ndigits)
          return lerr(&b.count_line, b.count_col, GOLCL_E_PARSE, "a run count without b, o or $");
        done = 1;
      } else if (c == '$' || c == 'b' || c == '.' || isalpha((unsigned char)c)) {
        st = rle_run(r, &b, &L, k, c);
        if (st != GOLCL_OK) return st;
      } else {
        char cn[16];
        return lerr(&L, k, GOLCL_E_PARSE,
                    "unexpected %s in the RLE cells (expected a number, "
                    "b, o, $ or !)",
                    char_name(&L, k, cn, sizeof cn));
      }
    }
  }
  if (b.ndigits)
    return lerr(&b.count_line, b.count_col, GOLCL_E_PARSE,
                "a run count without b, o or $ at the end of the input");
  p->w = (uint32_t)(hw > b.w ? hw : b.w);
  p->h = (uint32_t)(hh > b.h ? hh : b.h);
  if (p->origin_kind == GOLCL__ORIGIN_DEFAULT) golcl__pattern_default_origin(p);
  p->format = GOLCL_FORMAT_RLE;
  return GOLCL_OK;
}

/* gzip ------------------------------------------------------------------------------ */

/* Doubles a full buffer *buf of *cap bytes, unless it already holds more
 * than max: 0 done, 1 past max (no message), -1 out of memory (message set). */
static int grow_full(char **buf, size_t *cap, uint64_t max) {
  if ((uint64_t)*cap > max) return 1;
  char *nb = *cap <= SIZE_MAX / 2 ? realloc(*buf, *cap * 2) : NULL;
  if (!nb) {
    oom();
    return -1;
  }
  *buf = nb;
  *cap *= 2;
  return 0;
}

static int is_gzip(const char *text, size_t len) {
  return len >= 2 && (unsigned char)text[0] == 0x1f && (unsigned char)text[1] == 0x8b;
}

static golcl_status gzip_fail(const char *what, const char *detail) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "line 1, column 1: gzip data: %s%s%s", what,
                     detail ? ": " : "", detail ? detail : "");
}

/* Inflates the gzip members of text[0..len) into a new buffer *out of *n
 * bytes, refusing more than max bytes of output. */
static golcl_status gunzip(const char *text, size_t len, uint64_t max, char **out, size_t *n) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return oom(); /* 16: gzip wrapper only */
  size_t cap = 1 << 16, used = 0, in = 0;
  char *buf = malloc(cap);
  golcl_status st = buf ? GOLCL_OK : oom();
  while (st == GOLCL_OK) {
    if (used == cap) {
      int g = grow_full(&buf, &cap, max);
      if (g > 0)
        st = golcl__fail(NULL, GOLCL_E_PARSE,
                         "line 1, column 1: gzip data inflates past the limit of %llu bytes%s",
                         (unsigned long long)max, LIMIT_HINT);
      else if (g < 0)
        st = GOLCL_E_OUT_OF_MEMORY;
      if (g) break;
    }
    size_t in_now = len - in < UINT_MAX ? len - in : UINT_MAX;
    size_t out_now = cap - used < UINT_MAX ? cap - used : UINT_MAX;
    z.next_in = (Bytef *)(uintptr_t)(text + in);
    z.avail_in = (uInt)in_now;
    z.next_out = (Bytef *)(buf + used);
    z.avail_out = (uInt)out_now;
    int r = inflate(&z, Z_NO_FLUSH);
    in += in_now - z.avail_in;
    used += out_now - z.avail_out;
    if (r == Z_STREAM_END) {
      if (in == len) break;
      if (!is_gzip(text + in, len - in)) {
        st = gzip_fail("unexpected bytes after the compressed data", NULL);
        break;
      }
      inflateReset(&z); /* another member, as gzip concatenates them */
    } else if (r == Z_BUF_ERROR && in == len && z.avail_out > 0) {
      st = gzip_fail("truncated", NULL);
    } else if (r != Z_OK && r != Z_BUF_ERROR) {
      st = r == Z_MEM_ERROR ? oom() : gzip_fail("corrupt", z.msg);
    }
  }
  inflateEnd(&z);
  if (st == GOLCL_OK && (uint64_t)used > max)
    st = golcl__fail(NULL, GOLCL_E_PARSE,
                     "line 1, column 1: gzip data inflates past the limit of %llu bytes%s",
                     (unsigned long long)max, LIMIT_HINT);
  if (st != GOLCL_OK) {
    free(buf);
    return st;
  }
  *out = buf;
  *n = used;
  return GOLCL_OK;
}

/* Entry points --------------------------------------------------------------------- */

static golcl_status parse_plain(const char *text, size_t len, golcl_pattern **out);

/* Parses text, inflating it first if it is gzip data. */
static golcl_status parse_text(const char *text, size_t len, golcl_pattern **out) {
  if (!is_gzip(text, len)) return parse_plain(text, len, out);
  char *plain = NULL;
  size_t n = 0;
  golcl_status st = gunzip(text, len, golcl__pattern_limits().max_bytes, &plain, &n);
  if (st != GOLCL_OK) return st;
  st = is_gzip(plain, n) ? gzip_fail("compressed twice", NULL) : parse_plain(plain, n, out);
  free(plain);
  return st;
}

static golcl_status parse_plain(const char *text, size_t len, golcl_pattern **out) {
  golcl_pattern_limits lim = golcl__pattern_limits();
  if (len > lim.max_bytes)
    return golcl__fail(NULL, GOLCL_E_PARSE,
                       "line 1, column 1: %zu bytes of text exceed the "
                       "limit of %llu bytes%s",
                       len, (unsigned long long)lim.max_bytes, LIMIT_HINT);
  reader r = {text, len, 0, 0, lim, NULL};
  /* NUL bytes first, so that no parser meets one. */
  const char *nul = len ? memchr(text, '\0', len) : NULL;
  if (nul) {
    line L;
    while (get_line(&r, &L))
      if (L.s + L.len > nul) return lerr(&L, (size_t)(nul - L.s), GOLCL_E_PARSE, "a NUL byte");
  }
  r.i = 0;
  r.no = 0;
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) r.i = 3; /* UTF-8 byte order mark */
  /* The first line that is not blank decides the format. */
  size_t start = r.i;
  line L;
  int no = 0;
  size_t k = 0;
  while (get_line(&r, &L)) {
    k = skip_ws(&L, 0);
    if (k < L.len) break;
    start = r.i;
    no = r.no;
  }
  if (r.no == no)
    return golcl__fail(NULL, GOLCL_E_PARSE, "line 1, column 1: empty input (no pattern)");
  r.i = start;
  r.no = no;
  r.p = golcl__pattern_new();
  if (!r.p) return oom();
  golcl_status st;
  char c = L.s[k];
  if (k == 0 && starts_with(&L, 0, "#Life 1.05")) {
    st = parse_life105(&r);
  } else if (k == 0 && starts_with(&L, 0, "#Life 1.06")) {
    st = parse_life106(&r);
  } else if (starts_with(&L, k, "#MCell")) {
    st = lerr(&L, k, GOLCL_E_UNSUPPORTED,
              "MCell format is not supported (RLE, plaintext, "
              "Life 1.05 and 1.06 are)");
  } else if (k == 0 && starts_with(&L, 0, "[M2]")) {
    /* macrocell.c reads from its "[M2]" line; its line numbers count from there */
    golcl_pattern_destroy(r.p);
    r.p = NULL;
    st = golcl_pattern_parse_macrocell(L.s, len - (size_t)(L.s - text), &r.p);
    if (st == GOLCL_OK) r.p->format = GOLCL_FORMAT_MACROCELL;
  } else if (starts_with(&L, k, "[M")) {
    st = lerr(&L, k, GOLCL_E_UNSUPPORTED,
              "a macrocell file other than \"[M2]\" (two-state Golly macrocell) at column 1");
  } else if (c == '#' || c == 'x' || c == 'X') {
    st = parse_rle(&r);
  } else if (k == 0 && (c == '!' || c == '.' || c == 'O' || c == '*')) {
    st = parse_plaintext(&r);
  } else {
    char cn[16];
    st = lerr(&L, k, GOLCL_E_PARSE,
              "%s starts no known pattern format (RLE: '#' or \"x = \"; "
              "plaintext: '!', '.' or 'O'; \"#Life 1.05\"; \"#Life 1.06\")",
              char_name(&L, k, cn, sizeof cn));
  }
  if (st != GOLCL_OK) {
    golcl_pattern_destroy(r.p);
    return st;
  }
  *out = r.p;
  return GOLCL_OK;
}

golcl_status golcl_pattern_parse(const char *text, size_t len, golcl_pattern **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_parse: out is NULL");
  *out = NULL;
  if (!text && len)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_parse: text is NULL");
  return parse_text(text ? text : "", len, out);
}

/* Reads a whole file into *buf (*n bytes), held to the limit of max_bytes. */
static golcl_status read_whole(const char *path, char **out_buf, size_t *out_n) {
  FILE *f = fopen(path, "rb");
  if (!f) return golcl__fail(NULL, GOLCL_E_IO, "%s: %s", path, strerror(errno));
  golcl_pattern_limits lim = golcl__pattern_limits();
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  golcl_status st = buf ? GOLCL_OK : oom();
  while (st == GOLCL_OK) {
    if (n == cap) {
      int g = grow_full(&buf, &cap, lim.max_bytes);
      if (g > 0)
        st = golcl__fail(NULL, GOLCL_E_IO, "%s: larger than the limit of %llu bytes%s", path,
                         (unsigned long long)lim.max_bytes, LIMIT_HINT);
      else if (g < 0)
        st = GOLCL_E_OUT_OF_MEMORY;
      if (g) break;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      if (ferror(f))
        st = golcl__fail(NULL, GOLCL_E_IO, "%s: read error: %s", path, strerror(errno));
      break;
    }
  }
  fclose(f);
  if (st == GOLCL_OK && n > lim.max_bytes)
    st = golcl__fail(NULL, GOLCL_E_IO, "%s: %zu bytes, larger than the limit of %llu bytes%s", path,
                     n, (unsigned long long)lim.max_bytes, LIMIT_HINT);
  if (st != GOLCL_OK) {
    free(buf);
    return st;
  }
  *out_buf = buf, *out_n = n;
  return GOLCL_OK;
}

/* Prefixes the thread's last message with the path. */
static golcl_status with_path(const char *path, golcl_status st) {
  if (st == GOLCL_OK) return st;
  char msg[GOLCL__ERRMSG_CAP];
  golcl__snprintf(msg, sizeof msg, "%s", golcl_last_errmsg());
  return golcl__fail(NULL, st, "%s: %s", path, msg);
}

golcl_status golcl_pattern_read_file(const char *path, golcl_pattern **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_read_file: out is NULL");
  *out = NULL;
  if (!path) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_read_file: path is NULL");
  char *buf = NULL;
  size_t n = 0;
  golcl_status st = read_whole(path, &buf, &n);
  if (st != GOLCL_OK) return st;
  st = with_path(path, parse_text(buf, n, out));
  free(buf);
  return st;
}

golcl_status golcl_macrocell_parse_nodes(const char *text, size_t len, golcl_pattern **header,
                                         golcl_macrocell_node_fn fn, void *user) {
  if (header) *header = NULL;
  if ((!text && len) || !header || !fn)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_macrocell_parse_nodes: NULL");
  if (!is_gzip(text, len)) return golcl__macrocell_nodes(text ? text : "", len, header, fn, user);
  char *plain = NULL;
  size_t n = 0;
  golcl_status st = gunzip(text, len, golcl__pattern_limits().max_bytes, &plain, &n);
  if (st != GOLCL_OK) return st;
  st = is_gzip(plain, n) ? gzip_fail("compressed twice", NULL)
                         : golcl__macrocell_nodes(plain, n, header, fn, user);
  free(plain);
  return st;
}

golcl_status golcl_macrocell_read_nodes(const char *path, golcl_pattern **header,
                                        golcl_macrocell_node_fn fn, void *user) {
  if (header) *header = NULL;
  if (!path || !header || !fn)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_macrocell_read_nodes: NULL");
  char *buf = NULL;
  size_t n = 0;
  golcl_status st = read_whole(path, &buf, &n);
  if (st != GOLCL_OK) return st;
  st = with_path(path, golcl_macrocell_parse_nodes(buf, n, header, fn, user));
  free(buf);
  return st;
}
