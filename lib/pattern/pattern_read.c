/* pattern_read.c — parsers of pattern text: RLE (with Golly's extensions),
 * plaintext .cells, Life 1.05 and Life 1.06, recognised from the content.
 * Input is untrusted: every error names line and column, and sizes, run
 * counts and cell counts are checked against the limits before anything is
 * allocated for them. gzip-compressed text is inflated first (zlib), within
 * the same byte limit. */
#include "pattern.h"
#include "../core/rle.h"

#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

typedef struct reader {
  golcl__text t;
  golcl_pattern_limits lim;
  golcl_pattern *p;
} reader;

/* Comments --------------------------------------------------------------------- */

static golcl_status keep_comment(void *p, const char *s, size_t n) {
  return golcl__pattern_push_comment(p, s, n) == GOLCL_OK ? GOLCL_OK : golcl__text_oom();
}

/* Stores "prefix" + s[0..n) as a comment line. */
static golcl_status push_comment2(golcl_pattern *p, const char *prefix, const char *s, size_t n) {
  return golcl__text_keep(prefix, s, n, keep_comment, p);
}

/* Life 1.05/1.06 '#' lines: #D description, #N normal rule, #R rule; other
 * '#' lines are kept as they are. `k` is the column of '#'. */
static golcl_status life10x_hash_line(reader *r, const golcl__line *L, size_t k, int *rule_seen) {
  golcl_pattern *p = r->p;
  char tag = k + 1 < L->len ? L->s[k + 1] : '\0';
  const char *rest = L->s + k + 2;
  size_t nrest = L->len > k + 2 ? L->len - k - 2 : 0;
  if (tag == 'D') /* "#DXRLE" must not become "#CXRLE" */
    return push_comment2(p, nrest == 0 || golcl__is_ws(rest[0]) ? "#C" : "#C ", rest, nrest);
  if (tag == 'N' && golcl__line_trim_end(L) == k + 2) {
    golcl_rule_table_from_rule((golcl_rule){1u << 3, (1u << 2) | (1u << 3)}, &p->table);
    *rule_seen = 1;
    return GOLCL_OK;
  }
  if (tag == 'R' && (k + 2 >= L->len || golcl__is_ws(L->s[k + 2]))) {
    size_t a = golcl__line_skip_ws(L, k + 2), e = golcl__line_trim_end(L);
    if (a >= e) return golcl__line_fail(L, a, GOLCL_E_PARSE, "expected a rule after #R");
    *rule_seen = 1;
    return golcl__pattern_rule_parse(L->s + a, e - a, L->no, a + 1, &p->table, &p->bounds);
  }
  /* Lines that RLE would read as a position are kept as "#C" text. */
  if (golcl__line_starts(L, k, "#CXRLE") || golcl__line_other_header(L, k) ||
      ((tag == 'P' || tag == 'R') && (k + 2 >= L->len || golcl__is_ws(L->s[k + 2]))))
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

static golcl_status coords_add(reader *r, coords *cs, const golcl__line *L, size_t col, int64_t x,
                               int64_t y) {
  if (cs->n >= r->lim.max_cells)
    return golcl__line_fail(L, col, GOLCL_E_PARSE, "more than %llu live cells: the limit%s",
                            (unsigned long long)r->lim.max_cells, GOLCL__LIMIT_HINT);
  int64_t x0 = cs->n ? (x < cs->x0 ? x : cs->x0) : x, x1 = cs->n ? (x > cs->x1 ? x : cs->x1) : x;
  int64_t y0 = cs->n ? (y < cs->y0 ? y : cs->y0) : y, y1 = cs->n ? (y > cs->y1 ? y : cs->y1) : y;
  /* Coordinates lie in [-2^62, 2^62]: their difference may reach 2^63, past
   * int64_t, so it is taken in uint64_t, where it is exact. */
  if ((uint64_t)x1 - (uint64_t)x0 >= r->lim.max_width)
    return golcl__line_fail(L, col, GOLCL_E_PARSE,
                            "the pattern is wider than the limit of %u cells%s",
                            (unsigned)r->lim.max_width, GOLCL__LIMIT_HINT);
  if ((uint64_t)y1 - (uint64_t)y0 >= r->lim.max_height)
    return golcl__line_fail(L, col, GOLCL_E_PARSE,
                            "the pattern is taller than the limit of %u cells%s",
                            (unsigned)r->lim.max_height, GOLCL__LIMIT_HINT);
  if (cs->n == cs->cap) {
    size_t cap = cs->cap ? cs->cap * 2 : 256;
    icell *c = realloc(cs->c, cap * sizeof *c);
    if (!c) return golcl__text_oom();
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
      return golcl__text_oom();
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
  golcl__line L;
  golcl__text_line(&r->t, &L); /* "#Life 1.05" */
  coords cs = {0};
  int64_t bx = 0, by = 0, row = 0;
  int rule_seen = 0;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && golcl__text_line(&r->t, &L)) {
    size_t e = golcl__line_trim_end(&L);
    if (L.len > 0 && L.s[0] == '#') {
      if (L.len >= 2 && L.s[1] == 'P' && (L.len == 2 || golcl__is_ws(L.s[2]))) {
        size_t k = golcl__line_skip_ws(&L, 2);
        bx = by = row = 0; /* "#P" alone is 0 0 */
        if (k < e) {
          st = golcl__line_int(&L, &k, &bx, "the block's x");
          if (st == GOLCL_OK) {
            if (k < e && !golcl__is_ws(L.s[k]))
              st = golcl__line_fail(&L, k, GOLCL_E_PARSE, "expected a space between x and y of #P");
            else {
              k = golcl__line_skip_ws(&L, k);
              st = golcl__line_int(&L, &k, &by, "the block's y");
            }
          }
          if (st == GOLCL_OK && golcl__line_skip_ws(&L, k) < L.len)
            st = golcl__line_fail(&L, golcl__line_skip_ws(&L, k), GOLCL_E_PARSE,
                                  "unexpected text after #P x y");
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
        st = golcl__line_fail(&L, k, GOLCL_E_PARSE,
                              "unexpected %s in a Life 1.05 block (expected '.' or '*')",
                              golcl__line_char(&L, k, cn, sizeof cn));
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
  golcl__line L;
  golcl__text_line(&r->t, &L); /* "#Life 1.06" */
  coords cs = {0};
  int rule_seen = 0;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && golcl__text_line(&r->t, &L)) {
    size_t k = golcl__line_skip_ws(&L, 0), e = golcl__line_trim_end(&L);
    if (k >= e) continue;
    if (L.s[k] == '#') {
      st = life10x_hash_line(r, &L, k, &rule_seen);
      continue;
    }
    int64_t x, y;
    size_t at = k;
    st = golcl__line_int(&L, &k, &x, "x");
    if (st != GOLCL_OK) break;
    if (k < e && !golcl__is_ws(L.s[k])) {
      char cn[16];
      st =
          golcl__line_fail(&L, k, GOLCL_E_PARSE, "unexpected %s after x (expected a space, then y)",
                           golcl__line_char(&L, k, cn, sizeof cn));
      break;
    }
    k = golcl__line_skip_ws(&L, k);
    st = golcl__line_int(&L, &k, &y, "y");
    if (st != GOLCL_OK) break;
    k = golcl__line_skip_ws(&L, k);
    if (k < e) {
      char cn[16];
      st = golcl__line_fail(&L, k, GOLCL_E_PARSE, "unexpected %s after \"x y\"",
                            golcl__line_char(&L, k, cn, sizeof cn));
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

static golcl_status plaintext_comment(golcl_pattern *p, const golcl__line *L) {
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
  golcl__line L;
  uint64_t rows = 0, blank = 0, w = 0;
  int started = 0;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && golcl__text_line(&r->t, &L)) {
    if (L.len > 0 && L.s[0] == '!') {
      st = plaintext_comment(p, &L);
      continue;
    }
    size_t e = golcl__line_trim_end(&L);
    if (e == 0) {
      blank += started; /* blank lines inside the cells are dead rows */
      continue;
    }
    started = 1;
    rows += blank;
    blank = 0;
    if (rows >= r->lim.max_height)
      return golcl__line_fail(&L, 0, GOLCL_E_PARSE, "more than %u rows: the limit%s",
                              (unsigned)r->lim.max_height, GOLCL__LIMIT_HINT);
    if (e > r->lim.max_width)
      return golcl__line_fail(&L, r->lim.max_width, GOLCL_E_PARSE,
                              "a row longer than the limit of %u cells%s",
                              (unsigned)r->lim.max_width, GOLCL__LIMIT_HINT);
    for (size_t k = 0; k < e; k++) {
      char c = L.s[k];
      if (c == '.') continue;
      if (c != 'O' && c != 'o' && c != '*') {
        char cn[16];
        return golcl__line_fail(&L, k, GOLCL_E_PARSE,
                                "unexpected %s in a plaintext row (expected '.' or 'O')",
                                golcl__line_char(&L, k, cn, sizeof cn));
      }
      size_t n = 1;
      while (k + n < e && (L.s[k + n] == 'O' || L.s[k + n] == 'o' || L.s[k + n] == '*')) n++;
      if (p->ncells + n > r->lim.max_cells)
        return golcl__line_fail(&L, k, GOLCL_E_PARSE, "more than %llu live cells: the limit%s",
                                (unsigned long long)r->lim.max_cells, GOLCL__LIMIT_HINT);
      if (golcl__pattern_push_run(p, (uint32_t)k, (uint32_t)rows, (uint32_t)n) != GOLCL_OK)
        return golcl__text_oom();
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

/* RLE: the core's tokenizer (lib/core/rle.c) into the pattern ------------------------ */

static golcl_status rle_rule(golcl__rle *t, const golcl__line *L, size_t col) {
  golcl_pattern *p = ((reader *)t->user)->p;
  if (!t->rule_given) return GOLCL_OK; /* B3/S23, as in Golly */
  return golcl__pattern_rule_parse(L->s + col, L->len - col, L->no, col + 1, &p->table, &p->bounds);
}

static golcl_status rle_comment(golcl__rle *t, const char *s, size_t n) {
  return keep_comment(((reader *)t->user)->p, s, n);
}

static golcl_status rle_cells(golcl__rle *t, uint32_t x, uint32_t y, uint32_t n, uint8_t s) {
  (void)s; /* a two-state rule has one live state */
  golcl_pattern *p = ((reader *)t->user)->p;
  return golcl__pattern_push_run(p, x, y, n) == GOLCL_OK ? GOLCL_OK : golcl__text_oom();
}

static golcl_status parse_rle(reader *r) {
  static const golcl__rle_sink sink = {rle_rule, rle_comment, rle_cells};
  golcl__rle t = {.lim = r->lim, .sink = &sink, .user = r, .states = 2};
  golcl_status st = golcl__rle_read(&t, &r->t);
  if (st != GOLCL_OK) return st;
  golcl_pattern *p = r->p;
  p->w = (uint32_t)t.w;
  p->h = (uint32_t)t.h;
  p->generation = t.generation;
  p->origin_x = t.ox;
  p->origin_y = t.oy;
  p->origin_kind = t.pos == GOLCL__RLE_POS_XRLE ? GOLCL__ORIGIN_XRLE
                   : t.pos == GOLCL__RLE_POS_P  ? GOLCL__ORIGIN_P
                   : t.pos == GOLCL__RLE_POS_R  ? GOLCL__ORIGIN_R
                                                : GOLCL__ORIGIN_DEFAULT;
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
    golcl__text_oom();
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
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
    return golcl__text_oom(); /* 16: gzip wrapper only */
  size_t cap = 1 << 16, used = 0, in = 0;
  char *buf = malloc(cap);
  golcl_status st = buf ? GOLCL_OK : golcl__text_oom();
  while (st == GOLCL_OK) {
    if (used == cap) {
      int g = grow_full(&buf, &cap, max);
      if (g > 0)
        st = golcl__fail(NULL, GOLCL_E_PARSE,
                         "line 1, column 1: gzip data inflates past the limit of %llu bytes%s",
                         (unsigned long long)max, GOLCL__LIMIT_HINT);
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
      st = r == Z_MEM_ERROR ? golcl__text_oom() : gzip_fail("corrupt", z.msg);
    }
  }
  inflateEnd(&z);
  if (st == GOLCL_OK && (uint64_t)used > max)
    st = golcl__fail(NULL, GOLCL_E_PARSE,
                     "line 1, column 1: gzip data inflates past the limit of %llu bytes%s",
                     (unsigned long long)max, GOLCL__LIMIT_HINT);
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
  golcl_status st = golcl__text_check(text, len, &lim); /* so that no parser meets a NUL */
  if (st != GOLCL_OK) return st;
  reader r = {{text, len, 0, 0}, lim, NULL};
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) r.t.i = 3; /* UTF-8 byte order mark */
  /* The first line that is not blank decides the format. */
  size_t start = r.t.i;
  golcl__line L;
  int no = 0;
  size_t k = 0;
  while (golcl__text_line(&r.t, &L)) {
    k = golcl__line_skip_ws(&L, 0);
    if (k < L.len) break;
    start = r.t.i;
    no = r.t.no;
  }
  if (r.t.no == no)
    return golcl__fail(NULL, GOLCL_E_PARSE, "line 1, column 1: empty input (no pattern)");
  r.t.i = start;
  r.t.no = no;
  r.p = golcl__pattern_new();
  if (!r.p) return golcl__text_oom();
  char c = L.s[k];
  if (k == 0 && golcl__line_starts(&L, 0, "#Life 1.05")) {
    st = parse_life105(&r);
  } else if (k == 0 && golcl__line_starts(&L, 0, "#Life 1.06")) {
    st = parse_life106(&r);
  } else if (golcl__line_starts(&L, k, "#MCell")) {
    st = golcl__line_fail(&L, k, GOLCL_E_UNSUPPORTED,
                          "MCell format is not supported (RLE, plaintext, "
                          "Life 1.05 and 1.06 are)");
  } else if (k == 0 && golcl__line_starts(&L, 0, "[M2]")) {
    /* macrocell.c reads from its "[M2]" line; its line numbers count from there */
    golcl_pattern_destroy(r.p);
    r.p = NULL;
    st = golcl_pattern_parse_macrocell(L.s, len - (size_t)(L.s - text), &r.p);
    if (st == GOLCL_OK) r.p->format = GOLCL_FORMAT_MACROCELL;
  } else if (golcl__line_starts(&L, k, "[M")) {
    st = golcl__line_fail(
        &L, k, GOLCL_E_UNSUPPORTED,
        "a macrocell file other than \"[M2]\" (two-state Golly macrocell) at column 1");
  } else if (c == '#' || c == 'x' || c == 'X') {
    st = parse_rle(&r);
  } else if (k == 0 && (c == '!' || c == '.' || c == 'O' || c == '*')) {
    st = parse_plaintext(&r);
  } else {
    char cn[16];
    st = golcl__line_fail(&L, k, GOLCL_E_PARSE,
                          "%s starts no known pattern format (RLE: '#' or \"x = \"; "
                          "plaintext: '!', '.' or 'O'; \"#Life 1.05\"; \"#Life 1.06\")",
                          golcl__line_char(&L, k, cn, sizeof cn));
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
  golcl_status st = buf ? GOLCL_OK : golcl__text_oom();
  while (st == GOLCL_OK) {
    if (n == cap) {
      int g = grow_full(&buf, &cap, lim.max_bytes);
      if (g > 0)
        st = golcl__fail(NULL, GOLCL_E_IO, "%s: larger than the limit of %llu bytes%s", path,
                         (unsigned long long)lim.max_bytes, GOLCL__LIMIT_HINT);
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
                     n, (unsigned long long)lim.max_bytes, GOLCL__LIMIT_HINT);
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
