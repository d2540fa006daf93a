/* rle.c — pattern text shared by the pattern and rules rooms: lines, line
 * and column messages, numbers, the one RLE tokenizer (two-state and
 * multi-state files) and the writers' line wrap. Input is untrusted: every
 * count is checked against the limits before it is used. */
#include "rle.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Lines and messages ------------------------------------------------------------ */

int golcl__text_line(golcl__text *t, golcl__line *L) {
  if (t->i >= t->n) return 0;
  size_t a = t->i, b = a;
  while (b < t->n && t->s[b] != '\n' && t->s[b] != '\r') b++;
  L->s = t->s + a;
  L->len = b - a;
  L->no = ++t->no;
  if (b < t->n) b += (t->s[b] == '\r' && b + 1 < t->n && t->s[b + 1] == '\n') ? 2 : 1;
  t->i = b;
  return 1;
}

golcl_status golcl__line_fail(const golcl__line *L, size_t col, golcl_status st, const char *fmt,
                              ...) {
  char what[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return golcl__fail(NULL, st, "line %d, column %zu: %s", L->no, col + 1, what);
}

golcl_status golcl__text_oom(void) {
  return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
}

golcl_status golcl__text_check(const char *s, size_t n, const golcl_pattern_limits *lim) {
  if (n > lim->max_bytes)
    return golcl__fail(NULL, GOLCL_E_PARSE,
                       "line 1, column 1: %zu bytes of text exceed the limit of %llu bytes%s", n,
                       (unsigned long long)lim->max_bytes, GOLCL__LIMIT_HINT);
  const char *nul = n ? memchr(s, '\0', n) : NULL;
  if (!nul) return GOLCL_OK;
  golcl__text t = {s, n, 0, 0};
  golcl__line L = {s, 0, 1};
  while (golcl__text_line(&t, &L) && L.s + L.len <= nul) {
  }
  return golcl__line_fail(&L, (size_t)(nul - L.s), GOLCL_E_PARSE, "a NUL byte");
}

const char *golcl__line_char(const golcl__line *L, size_t col, char *buf, size_t cap) {
  unsigned char c = (unsigned char)L->s[col];
  if (c > ' ' && c < 127)
    golcl__snprintf(buf, cap, "'%c'", c);
  else
    golcl__snprintf(buf, cap, "byte 0x%02X", c);
  return buf;
}

int golcl__is_ws(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

size_t golcl__line_skip_ws(const golcl__line *L, size_t k) {
  while (k < L->len && golcl__is_ws(L->s[k])) k++;
  return k;
}

size_t golcl__line_trim_end(const golcl__line *L) {
  size_t n = L->len;
  while (n > 0 && golcl__is_ws(L->s[n - 1])) n--;
  return n;
}

int golcl__line_starts(const golcl__line *L, size_t k, const char *prefix) {
  size_t m = strlen(prefix);
  return L->len - k >= m && memcmp(L->s + k, prefix, m) == 0;
}

golcl_status golcl__line_int(const golcl__line *L, size_t *k, int64_t *out, const char *what) {
  size_t a = *k, i = a;
  int neg = 0;
  if (i < L->len && (L->s[i] == '-' || L->s[i] == '+')) neg = L->s[i++] == '-';
  if (i >= L->len || !isdigit((unsigned char)L->s[i]))
    return golcl__line_fail(L, i, GOLCL_E_PARSE, "expected %s (an integer)", what);
  int64_t v = 0, max = (int64_t)1 << 62;
  for (; i < L->len && isdigit((unsigned char)L->s[i]); i++) {
    int d = L->s[i] - '0';
    if (v > (max - d) / 10) /* checked before it could overflow */
      return golcl__line_fail(L, a, GOLCL_E_PARSE, "%s is out of range (more than 2^62)", what);
    v = v * 10 + d;
  }
  *out = neg ? -v : v;
  *k = i;
  return GOLCL_OK;
}

golcl_status golcl__line_uint(const golcl__line *L, size_t *k, uint64_t max, uint64_t *out,
                              const char *what, const char *hint) {
  size_t a = *k, i = a;
  if (i >= L->len || !isdigit((unsigned char)L->s[i]))
    return golcl__line_fail(L, i, GOLCL_E_PARSE, "expected %s (a number)", what);
  uint64_t v = 0;
  for (; i < L->len && isdigit((unsigned char)L->s[i]); i++) {
    uint64_t d = (uint64_t)(L->s[i] - '0');
    if (d > max || v > (max - d) / 10)
      return golcl__line_fail(L, a, GOLCL_E_PARSE, "%s exceeds %s%llu%s", what,
                              hint ? "the limit " : "", (unsigned long long)max, hint ? hint : "");
    v = v * 10 + d;
  }
  *out = v;
  *k = i;
  return GOLCL_OK;
}

/* RLE '#' lines ------------------------------------------------------------------ */

golcl_status golcl__text_keep(const char *prefix, const char *s, size_t n,
                              golcl_status (*keep)(void *user, const char *text, size_t len),
                              void *user) {
  size_t m = strlen(prefix);
  char *buf = malloc(m + n + 1);
  if (!buf) return golcl__text_oom();
  memcpy(buf, prefix, m);
  memcpy(buf + m, s, n);
  golcl_status st = keep(user, buf, m + n);
  free(buf);
  return st;
}

int golcl__line_other_header(const golcl__line *L, size_t k) {
  return golcl__line_starts(L, k, "#Life") || golcl__line_starts(L, k, "#MCell");
}

static golcl_status to_sink(void *user, const char *s, size_t n) {
  golcl__rle *r = user;
  return r->sink->comment(r, s, n);
}

/* "#CXRLE Pos=x,y Gen=n": other keys are ignored, as Golly does. */
static golcl_status xrle(golcl__rle *r, const golcl__line *L, size_t k) {
  k += 6;
  r->pos = GOLCL__RLE_POS_XRLE; /* Pos=0,0 unless given, as in Golly */
  r->ox = r->oy = 0;
  for (;;) {
    k = golcl__line_skip_ws(L, k);
    if (k >= L->len) break;
    golcl_status st = GOLCL_OK;
    if (golcl__line_starts(L, k, "Pos=")) {
      k += 4;
      st = golcl__line_int(L, &k, &r->ox, "the x of Pos");
      if (st == GOLCL_OK && (k >= L->len || L->s[k] != ','))
        st = golcl__line_fail(L, k, GOLCL_E_PARSE, "expected ',' in Pos=x,y");
      if (st == GOLCL_OK) k++, st = golcl__line_int(L, &k, &r->oy, "the y of Pos");
    } else if (golcl__line_starts(L, k, "Gen=")) {
      k += 4;
      st = golcl__line_uint(L, &k, UINT64_MAX / 10 - 1, &r->generation, "the generation", NULL);
    } else {
      while (k < L->len && !golcl__is_ws(L->s[k])) k++;
      continue;
    }
    if (st != GOLCL_OK) return st;
    if (k < L->len && !golcl__is_ws(L->s[k])) {
      char cn[16];
      return golcl__line_fail(L, k, GOLCL_E_PARSE, "unexpected %s in #CXRLE",
                              golcl__line_char(L, k, cn, sizeof cn));
    }
  }
  return GOLCL_OK;
}

/* A '#' line at column k: #CXRLE, "#P x y" / "#R x y", else a comment. */
static golcl_status hash_line(golcl__rle *r, const golcl__line *L, size_t k) {
  if (golcl__line_starts(L, k, "#CXRLE")) return xrle(r, L, k);
  char tag = k + 1 < L->len ? L->s[k + 1] : '\0';
  if ((tag == 'P' || tag == 'R') && (k + 2 >= L->len || golcl__is_ws(L->s[k + 2]))) {
    size_t i = golcl__line_skip_ws(L, k + 2);
    int64_t x, y;
    golcl_status st = golcl__line_int(L, &i, &x, "x of the position");
    if (st != GOLCL_OK) return st;
    if (i < L->len && !golcl__is_ws(L->s[i]))
      return golcl__line_fail(L, i, GOLCL_E_PARSE, "expected a space between x and y of #%c", tag);
    i = golcl__line_skip_ws(L, i);
    st = golcl__line_int(L, &i, &y, "y of the position");
    if (st != GOLCL_OK) return st;
    if (golcl__line_skip_ws(L, i) < L->len)
      return golcl__line_fail(L, golcl__line_skip_ws(L, i), GOLCL_E_PARSE,
                              "unexpected text after #%c x y", tag);
    r->ox = x, r->oy = y;
    r->pos = tag == 'P' ? GOLCL__RLE_POS_P : GOLCL__RLE_POS_R;
    return GOLCL_OK;
  }
  return golcl__text_keep(golcl__line_other_header(L, k) ? "#C " : "", L->s + k, L->len - k,
                          to_sink, r);
}

/* The header ------------------------------------------------------------------------ */

/* "x = m, y = n, rule = ...": any spacing and order, rule last (it may
 * contain commas, ":T72,48"); the sink reads the rule. */
static golcl_status header(golcl__rle *r, const golcl__line *L, size_t k) {
  int seen_x = 0, seen_y = 0;
  size_t rule_col = 0;
  for (;;) {
    k = golcl__line_skip_ws(L, k);
    size_t key = k;
    while (k < L->len && isalpha((unsigned char)L->s[k])) k++;
    size_t klen = k - key;
    if (klen == 0)
      return golcl__line_fail(L, key, GOLCL_E_PARSE, "expected x, y or rule in the header");
    k = golcl__line_skip_ws(L, k);
    if (k >= L->len || L->s[k] != '=')
      return golcl__line_fail(L, k, GOLCL_E_PARSE, "expected '=' after \"%.*s\"", (int)klen,
                              L->s + key);
    k = golcl__line_skip_ws(L, k + 1);
    golcl_status st = GOLCL_OK;
    if (klen == 4 && strncasecmp(L->s + key, "rule", 4) == 0) {
      r->rule_given = 1;
      rule_col = k;
      k = L->len;
    } else if (klen == 1 && (L->s[key] == 'x' || L->s[key] == 'X')) {
      if (seen_x++) return golcl__line_fail(L, key, GOLCL_E_PARSE, "x is given twice");
      st = golcl__line_uint(L, &k, r->lim.max_width, &r->hw, "the width x", GOLCL__LIMIT_HINT);
    } else if (klen == 1 && (L->s[key] == 'y' || L->s[key] == 'Y')) {
      if (seen_y++) return golcl__line_fail(L, key, GOLCL_E_PARSE, "y is given twice");
      st = golcl__line_uint(L, &k, r->lim.max_height, &r->hh, "the height y", GOLCL__LIMIT_HINT);
    } else {
      return golcl__line_fail(L, key, GOLCL_E_PARSE,
                              "unknown header field \"%.*s\" (expected x, y or rule)",
                              (int)(klen > 40 ? 40 : klen), L->s + key);
    }
    if (st != GOLCL_OK) return st;
    k = golcl__line_skip_ws(L, k);
    if (k >= L->len) break;
    if (L->s[k] != ',') {
      char cn[16];
      return golcl__line_fail(L, k, GOLCL_E_PARSE, "unexpected %s in the header (expected ',')",
                              golcl__line_char(L, k, cn, sizeof cn));
    }
    k = golcl__line_skip_ws(L, k + 1);
    if (k >= L->len) break; /* a trailing comma */
  }
  if (!seen_x || !seen_y)
    return golcl__line_fail(L, L->len, GOLCL_E_PARSE, "the header lacks %s",
                            !seen_x ? "x = width" : "y = height");
  return r->sink->rule(r, L, r->rule_given ? rule_col : L->len);
}

/* The cells ----------------------------------------------------------------------------- */

typedef struct body {
  uint64_t x, y;     /* where the next run goes */
  uint64_t count;    /* run count being read */
  int ndigits;       /* digits of count so far */
  golcl__line cline; /* where the count started, for messages */
  size_t ccol;
} body;

/* The state of the letter(s) at L->s[*k] (advancing *k past a two-letter
 * state), or -1 with the message set. */
static int state_at(const golcl__rle *r, const golcl__line *L, size_t *k) {
  char c = L->s[*k], d = *k + 1 < L->len ? L->s[*k + 1] : '\0';
  int st;
  if (c == 'b' || c == '.')
    st = 0;
  else if (c == 'o')
    st = 1;
  else if (c >= 'A' && c <= 'X')
    st = c - 'A' + 1;
  else if (c >= 'p' && c <= 'y' && d >= 'A' && d <= 'X') {
    st = 24 * (c - 'p' + 1) + (d - 'A' + 1);
    if (st > 255) {
      golcl__line_fail(L, *k, GOLCL_E_PARSE, "\"%c%c\" is no state (after 'y' come 'A'..'O')", c,
                       d);
      return -1;
    }
    ++*k;
  } else if (r->states == 2 && islower((unsigned char)c)) {
    st = 1; /* Golly reads any other letter of a two-state file as a live cell */
  } else {
    char cn[16];
    golcl__line_fail(L, *k, GOLCL_E_PARSE,
                     "unexpected %s in the RLE cells (expected a number, a state "
                     "(b, o, '.', 'A'..'X', 'pA'..'yO'), $ or !)",
                     golcl__line_char(L, *k, cn, sizeof cn));
    return -1;
  }
  if ((uint32_t)st >= r->states) {
    golcl__line_fail(L, *k - (st > 24), GOLCL_E_PARSE,
                     "state %d is not a state of the rule (of %u states)", st, (unsigned)r->states);
    return -1;
  }
  return st;
}

/* A run of n (the count read, else 1) of '$' or a state at L->s[*k]. */
static golcl_status run(golcl__rle *r, body *b, const golcl__line *L, size_t *k) {
  uint64_t n = b->ndigits ? b->count : 1;
  const golcl__line *cl = b->ndigits ? &b->cline : L;
  size_t cc = b->ndigits ? b->ccol : *k;
  const golcl_pattern_limits *lim = &r->lim;
  if (n == 0) return golcl__line_fail(cl, cc, GOLCL_E_PARSE, "a run count of 0");
  b->ndigits = 0;
  b->count = 0;
  if (L->s[*k] == '$') {
    if (b->y + n > lim->max_height)
      return golcl__line_fail(cl, cc, GOLCL_E_PARSE,
                              "the pattern is taller than the limit of %u rows%s",
                              (unsigned)lim->max_height, GOLCL__LIMIT_HINT);
    b->y += n;
    b->x = 0;
    return GOLCL_OK;
  }
  int s = state_at(r, L, k);
  if (s < 0) return GOLCL_E_PARSE;
  if (b->x + n > lim->max_width)
    return golcl__line_fail(cl, cc, GOLCL_E_PARSE, "a row longer than the limit of %u cells%s",
                            (unsigned)lim->max_width, GOLCL__LIMIT_HINT);
  if (s) {
    if (b->y >= lim->max_height)
      return golcl__line_fail(cl, cc, GOLCL_E_PARSE,
                              "the pattern is taller than the limit of %u rows%s",
                              (unsigned)lim->max_height, GOLCL__LIMIT_HINT);
    if (r->live + n > lim->max_cells)
      return golcl__line_fail(cl, cc, GOLCL_E_PARSE, "more than %llu live cells: the limit%s",
                              (unsigned long long)lim->max_cells, GOLCL__LIMIT_HINT);
    golcl_status st = r->sink->run(r, (uint32_t)b->x, (uint32_t)b->y, (uint32_t)n, (uint8_t)s);
    if (st != GOLCL_OK) return st;
    r->live += n;
    if (b->x + n > r->w) r->w = b->x + n;
    if (b->y + 1 > r->h) r->h = b->y + 1;
  }
  b->x += n;
  return GOLCL_OK;
}

/* One line of cells; *done at '!'. */
static golcl_status cells(golcl__rle *r, body *b, const golcl__line *L, size_t k, int *done) {
  uint64_t maxrun = r->lim.max_width > r->lim.max_height ? r->lim.max_width : r->lim.max_height;
  /* As Golly 3.3 reads them: a line break inside a count continues it ("1", then "3o" on the
   * next line, is 13o), a space or tab after a count drops it ("2 3o" is 3o, "2 o" is o). */
  for (; k < L->len && !*done; k++) {
    char c = L->s[k];
    if (isdigit((unsigned char)c)) {
      if (b->ndigits++ == 0) b->cline = *L, b->ccol = k;
      b->count = b->count * 10 + (uint64_t)(c - '0');
      if (b->count > maxrun)
        return golcl__line_fail(&b->cline, b->ccol, GOLCL_E_PARSE,
                                "run count exceeds the limit %llu%s", (unsigned long long)maxrun,
                                GOLCL__LIMIT_HINT);
    } else if (golcl__is_ws(c)) {
      b->ndigits = 0;
      b->count = 0;
    } else if (c == '!') {
      if (b->ndigits)
        return golcl__line_fail(&b->cline, b->ccol, GOLCL_E_PARSE,
                                "a run count without a state or $");
      *done = 1;
    } else {
      golcl_status st = run(r, b, L, &k);
      if (st != GOLCL_OK) return st;
    }
  }
  return GOLCL_OK;
}

golcl_status golcl__rle_read(golcl__rle *r, golcl__text *t) {
  golcl__line L;
  int have_header = 0;
  if (r->states < 2) r->states = 2;
  while (!have_header && golcl__text_line(t, &L)) {
    size_t k = golcl__line_skip_ws(&L, 0);
    if (k == L.len) continue;
    golcl_status st;
    if (L.s[k] == '#')
      st = hash_line(r, &L, k);
    else if (L.s[k] != 'x' && L.s[k] != 'X')
      st = golcl__line_fail(&L, k, GOLCL_E_PARSE, "expected the header \"x = width, y = height\"");
    else
      st = header(r, &L, k), have_header = 1;
    if (st != GOLCL_OK) return st;
  }
  if (!have_header) {
    golcl__line end = {t->s, 0, t->no + 1};
    return golcl__line_fail(&end, 0, GOLCL_E_PARSE,
                            "end of input before the header \"x = width, y = height\"");
  }
  body b = {0};
  int done = 0;
  while (!done && golcl__text_line(t, &L)) {
    size_t k = golcl__line_skip_ws(&L, 0);
    golcl_status st = k < L.len && L.s[k] == '#' && b.ndigits == 0 ? hash_line(r, &L, k)
                                                                   : cells(r, &b, &L, k, &done);
    if (st != GOLCL_OK) return st;
  }
  if (b.ndigits)
    return golcl__line_fail(&b.cline, b.ccol, GOLCL_E_PARSE,
                            "a run count without a state or $ at the end of the input");
  if (r->hw > r->w) r->w = r->hw;
  if (r->hh > r->h) r->h = r->hh;
  return GOLCL_OK;
}

/* RLE writing ---------------------------------------------------------------------------- */

#define RLE_LINE_MAX 70

void golcl__rle_put(golcl__rle_wrap *w, const char *s, size_t n) {
  /* putc_unlocked: a token is a few bytes, and fwrite's lock and call a token were an eighth
   * of writing a 70 000-cell RLE (perf, 2026-11-28); the FILE is the writer's alone */
  if (w->f)
    for (size_t i = 0; i < n; i++)
      if (putc_unlocked((unsigned char)s[i], w->f) == EOF) w->err = 1;
  w->bytes += n;
}

void golcl__rle_emit(golcl__rle_wrap *w, uint64_t n, const char *sym) {
  /* by hand, not snprintf: a writer emits a token a run (snprintf was a fifth of writing a
   * 70 000-cell RLE, perf 2026-11-28) */
  char tok[32], digits[20];
  size_t len = 0, nd = 0;
  if (n > 1)
    for (; n; n /= 10) digits[nd++] = (char)('0' + n % 10);
  while (nd) tok[len++] = digits[--nd];
  for (; *sym && len < sizeof tok; sym++) tok[len++] = *sym;
  if (w->col + len > RLE_LINE_MAX) {
    golcl__rle_put(w, "\n", 1);
    w->col = 0;
  }
  golcl__rle_put(w, tok, len);
  w->col += len;
}
