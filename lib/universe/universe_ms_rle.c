/* universe_ms_rle.c — a multi-state RLE file too wide for a dense pattern
 * (Golly's JvN-loop-replicator, 1 048 753 x 151; Banks-IV-constructor,
 * 1 214 233 x 66), or a two-state one (states 0 and 1, then made
 * two-state), read straight into 4×4 leaves, band by band of four
 * rows, and built into the tree bottom up: memory follows the cells, not
 * the box. The syntax is golcl_mspattern_parse's ("#CXRLE Pos= Gen=", the
 * header, '.', 'b', 'o', 'A'..'X', 'p'..'y' + letter, '$', '!'); the
 * position is Golly's (#CXRLE Pos=, else the box centred). */
#include "universe.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct leaf {
  int64_t x0, y0; /* Golly's coordinates, on the tree's leaf grid */
  uint8_t c[16];
} leaf;

typedef struct rle_in {
  leaf *v;
  size_t n, cap;
  int64_t band_y;     /* the band's top row (on the leaf grid) */
  uint32_t band;      /* the band's number: a stamp of the map's slots */
  int64_t *key;       /* the band's leaves by column: open addressing */
  size_t *val;        /* (the leaf's index in v) */
  uint32_t *stamp;    /* a slot holds this band's leaf where stamp == band */
  size_t slots, used; /* slots: a power of two */
  int64_t ox, oy;     /* Golly's coordinates of the box's top-left cell */
  uint64_t w, h;      /* the box: the header's, widened by the cells */
  uint8_t top;        /* the highest state seen */
} rle_in;

static size_t slot_of(const rle_in *r, int64_t x) {
  uint64_t k = (uint64_t)x * 0x9E3779B97F4A7C15ull;
  return (size_t)(k ^ k >> 29) & (r->slots - 1);
}

static int grow_map(rle_in *r) {
  size_t ns = r->slots ? 2 * r->slots : 1024;
  int64_t *k = malloc(ns * sizeof *k);
  size_t *v = malloc(ns * sizeof *v);
  uint32_t *st = calloc(ns, sizeof *st);
  if (!k || !v || !st) {
    free(k), free(v), free(st);
    return -1;
  }
  int64_t *ok = r->key;
  size_t *ov = r->val, os = r->slots;
  uint32_t *ost = r->stamp;
  r->key = k, r->val = v, r->stamp = st, r->slots = ns;
  for (size_t i = 0; i < os; i++)
    if (ost[i] == r->band) {
      size_t j = slot_of(r, ok[i]);
      while (st[j] == r->band) j = (j + 1) & (ns - 1);
      k[j] = ok[i], v[j] = ov[i], st[j] = r->band;
    }
  free(ok), free(ov), free(ost);
  return 0;
}

/* The leaf of the current band at column lx (made if new). */
static leaf *band_leaf(rle_in *r, int64_t lx) {
  if (2 * (r->used + 1) > r->slots && grow_map(r) != 0) return NULL;
  size_t j = slot_of(r, lx);
  for (; r->stamp[j] == r->band; j = (j + 1) & (r->slots - 1))
    if (r->key[j] == lx) return &r->v[r->val[j]];
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 4096;
    leaf *m = realloc(r->v, cap * sizeof *m);
    if (!m) return NULL;
    r->v = m, r->cap = cap;
  }
  leaf *l = &r->v[r->n];
  memset(l, 0, sizeof *l);
  l->x0 = lx, l->y0 = r->band_y;
  r->key[j] = lx, r->val[j] = r->n++, r->stamp[j] = r->band, r->used++;
  return l;
}

/* Sets a run of n cells in state s at row y from column x of the box. */
static int put_run(rle_in *r, int64_t x, int64_t y, uint64_t n, uint8_t s) {
  const int64_t ay = r->oy + y, by = golcl__hl_leaf4_y(ay);
  if (!r->band || by != r->band_y) { /* a new band: the map starts empty */
    r->band_y = by, r->used = 0;
    if (++r->band == 0) { /* stamps wrapped: clear them */
      if (r->stamp) memset(r->stamp, 0, r->slots * sizeof *r->stamp);
      r->band = 1;
    }
  }
  if ((uint64_t)x + n > r->w) r->w = (uint64_t)x + n;
  if ((uint64_t)y + 1 > r->h) r->h = (uint64_t)y + 1;
  if (s > r->top) r->top = s;
  int64_t cx = r->ox + x;
  const int64_t end = cx + (int64_t)n;
  while (cx < end) {
    const int64_t lx = golcl__hl_leaf4_x(cx);
    leaf *l = band_leaf(r, lx);
    if (!l) return -1;
    for (; cx < end && cx < lx + 4; cx++) l->c[4 * (ay - by) + (cx - lx)] = s;
  }
  return 0;
}

/* The body: runs until '!' or the end. 0, or -1 (with *why) malformed. */
static int body(rle_in *r, const char *t, size_t len, const char **why) {
  int64_t x = 0, y = 0;
  uint64_t n = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)t[i];
    if (isdigit(ch)) {
      if (n > (UINT64_MAX - 9) / 10) return *why = "a run count too large", -1;
      n = n * 10 + (uint64_t)(ch - '0');
      continue;
    }
    if (isspace(ch)) continue;
    uint64_t k = n ? n : 1;
    n = 0;
    if (ch == '!') return 0;
    if (ch == '$') {
      y += (int64_t)k, x = 0;
      continue;
    }
    if (ch == '#') { /* a comment line inside the body */
      while (i < len && t[i] != '\n') i++;
      continue;
    }
    int s;
    if (ch == '.' || ch == 'b') {
      s = 0;
    } else if (ch == 'o') {
      s = 1;
    } else if (ch >= 'A' && ch <= 'X') {
      s = ch - 'A' + 1;
    } else if (ch >= 'p' && ch <= 'y' && i + 1 < len && t[i + 1] >= 'A' && t[i + 1] <= 'X') {
      s = 24 * (ch - 'p' + 1) + (t[++i] - 'A') + 1;
      if (s > 255) return *why = "a state above 255", -1;
    } else {
      return *why = "an unexpected character", -1;
    }
    if (k > ((uint64_t)1 << 40) || y > ((int64_t)1 << 40))
      return *why = "a run or row beyond 2^40", -1;
    if (s && put_run(r, x, y, k, (uint8_t)s) != 0) return *why = "out of host memory", -1;
    x += (int64_t)k;
  }
  return 0;
}

/* The header's numbers: "x = W, y = H, rule = R". */
static int header(const char *line, uint64_t *w, uint64_t *h, char *rule, size_t cap) {
  const char *p = strstr(line, "rule");
  unsigned long long a, b;
  if (sscanf(line, " x = %llu , y = %llu", &a, &b) != 2 || !p) return -1;
  p += 4;
  while (*p == ' ' || *p == '=') p++;
  size_t k = 0;
  while (p[k] && !isspace((unsigned char)p[k]) && k + 1 < cap) k++;
  memcpy(rule, p, k);
  rule[k] = '\0';
  *w = a, *h = b;
  return 0;
}

static golcl_status read_all(const char *path, char **text, size_t *len) {
  gzFile g = gzopen(path, "rb");
  if (!g) return golcl__fail(NULL, GOLCL_E_IO, "%s: cannot be read", path);
  size_t cap = 1 << 20, n = 0;
  char *b = malloc(cap + 1);
  int k = 0;
  while (b && (k = gzread(g, b + n, (unsigned)(cap - n))) > 0) {
    n += (size_t)k;
    if (n == cap) {
      char *m = realloc(b, 2 * cap + 1);
      if (!m) free(b);
      b = m, cap *= 2;
    }
  }
  gzclose(g);
  if (!b) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (k < 0) {
    free(b);
    return golcl__fail(NULL, GOLCL_E_IO, "%s: a read failed", path);
  }
  b[n] = '\0';
  *text = b, *len = n;
  return GOLCL_OK;
}

/* The comments, position and generation of the "#" lines before the header;
 * the offset of the header line in *at. */
static golcl_status preamble(const char *t, size_t len, size_t *at, golcl_pattern **notes,
                             int *has_pos, int64_t *px, int64_t *py, uint64_t *gen) {
  size_t i = 0;
  while (i < len && (t[i] == '#' || t[i] == '\n' || t[i] == '\r')) {
    size_t e = i;
    while (e < len && t[e] != '\n') e++;
    if (t[i] == '#') {
      char line[1024];
      size_t n = e - i < sizeof line - 1 ? e - i : sizeof line - 1;
      memcpy(line, t + i, n);
      while (n && line[n - 1] == '\r') n--;
      line[n] = '\0';
      if (strncmp(line, "#CXRLE", 6) == 0) {
        const char *p = strstr(line, "Pos=");
        long long a, b;
        *has_pos = 1;
        if (p && sscanf(p, "Pos=%lld,%lld", &a, &b) == 2) *px = a, *py = b;
        p = strstr(line, "Gen=");
        if (p) *gen = strtoull(p + 4, NULL, 10);
      } else {
        if (!*notes && golcl_pattern_from_live_cells(NULL, NULL, 0, 0, 0, notes) != GOLCL_OK)
          return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
        golcl_pattern_add_comment(*notes, line);
      }
    }
    i = e < len ? e + 1 : e;
  }
  *at = i;
  return GOLCL_OK;
}

static void free_leaves(rle_in *r) { free(r->v), free(r->key), free(r->val), free(r->stamp); }

/* A new store of the collected leaves in *h; the collector is freed. */
static golcl_status store_of_leaves(const golcl_universe *u, const golcl_msrule *rule, rle_in *r,
                                    golcl__hl *h) {
  golcl_status st = golcl__universe_ms_store(u, rule, h);
  int hl_made = st == GOLCL_OK;
  if (st == GOLCL_OK && r->n) { /* each node made once (golcl__hl_set_leaves) */
    int64_t *x = malloc(r->n * sizeof *x), *y = malloc(r->n * sizeof *y);
    uint8_t *c = malloc(r->n * 16);
    if (!x || !y || !c) st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    for (size_t i = 0; st == GOLCL_OK && i < r->n; i++)
      x[i] = r->v[i].x0, y[i] = r->v[i].y0, memcpy(c + 16 * i, r->v[i].c, 16);
    const golcl__hl_leafset lv = {.x = x, .y = y, .cells = c, .cap = r->n};
    if (st == GOLCL_OK && (st = golcl__hl_set_leaves(h, &lv)) == GOLCL_E_OUT_OF_MEMORY)
      st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "the pattern does not fit the node store");
    free(x), free(y), free(c);
  }
  free_leaves(r);
  if (st != GOLCL_OK && hl_made) golcl__hl_free(h);
  return st;
}

/* The same, taken into the universe with the generation and comments
 * (notes freed on failure). */
static golcl_status adopt_leaves(golcl_universe *u, const golcl_msrule *rule, rle_in *r,
                                 uint64_t gen, golcl_pattern *notes) {
  golcl__hl h;
  golcl_status st = store_of_leaves(u, rule, r, &h);
  if (st != GOLCL_OK) {
    golcl_pattern_destroy(notes);
    return st;
  }
  golcl__universe_adopt(u, &h, 1, rule, NULL, gen, notes);
  return GOLCL_OK;
}

static int put_run_sink(void *sink, int64_t x, int64_t y, uint64_t n, uint8_t s) {
  return put_run(sink, x, y, n, s);
}

golcl_status golcl__universe_ms_store_of_runs(const golcl_universe *u, const golcl_msrule *rule,
                                              int64_t ox, int64_t oy, uint64_t w, uint64_t h,
                                              golcl__ms_runs_fn runs, void *src, golcl__hl *out) {
  rle_in r;
  memset(&r, 0, sizeof r);
  r.ox = ox, r.oy = oy, r.w = w, r.h = h;
  golcl_status st = runs(src, put_run_sink, &r);
  if (st == GOLCL_OK) return store_of_leaves(u, rule, &r, out);
  free_leaves(&r);
  return st;
}

golcl_status golcl__universe_read_ms_rle(golcl_universe *u, const char *path) {
  char *t = NULL, rule_text[256];
  size_t len = 0, at = 0;
  golcl_pattern *notes = NULL;
  int has_pos = 0;
  int64_t px = 0, py = 0;
  uint64_t gen = 0;
  golcl_msrule rule;
  rle_in r;
  memset(&r, 0, sizeof r);
  golcl_status st = read_all(path, &t, &len);
  if (st == GOLCL_OK) st = preamble(t, len, &at, &notes, &has_pos, &px, &py, &gen);
  size_t e = at;
  while (e < len && t[e] != '\n') e++;
  if (st == GOLCL_OK) {
    char line[512];
    size_t n = e - at < sizeof line - 1 ? e - at : sizeof line - 1;
    memcpy(line, t + at, n);
    line[n] = '\0';
    if (header(line, &r.w, &r.h, rule_text, sizeof rule_text) != 0)
      st = golcl__fail(NULL, GOLCL_E_PARSE, "%s: no RLE header \"x = W, y = H, rule = R\"", path);
  }
  if (st == GOLCL_OK && strchr(rule_text, ':'))
    st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "%s: rule %s: a bounded grid; a universe is the infinite plane", path,
                     rule_text);
  /* a two-state rule: its cells as states 0 and 1, the universe made
   * two-state after (golcl run's own RLE of acorn at generation 10^8 is
   * 49 999 723 cells wide) */
  golcl_rule_table two;
  const int is_two = st == GOLCL_OK && golcl_rule_table_parse(rule_text, &two) == GOLCL_OK;
  if (is_two) {
    memset(&rule, 0, sizeof rule);
    rule.family = GOLCL_MS_GENERATIONS, rule.states = 2, rule.table = two;
  } else if (st == GOLCL_OK) {
    st = golcl_msrule_parse(rule_text, &rule);
    if (st == GOLCL_OK) st = golcl__universe_ms_rule_ok(&rule);
  }
  /* Golly's place: #CXRLE Pos=, else the box centred (the box the cells
   * make: a second pass where they widen the header's) */
  const char *why = NULL;
  const uint64_t hw = r.w, hh = r.h;
  for (int pass = 0; pass < 2 && st == GOLCL_OK; pass++) {
    r.n = 0, r.top = 0, r.band = 0;
    if (r.stamp) memset(r.stamp, 0, r.slots * sizeof *r.stamp);
    r.ox = has_pos ? px : -(int64_t)(r.w / 2), r.oy = has_pos ? py : -(int64_t)(r.h / 2);
    if (r.w > ((uint64_t)1 << 60) || r.h > ((uint64_t)1 << 60))
      st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "%s: a box beyond 2^60 cells", path);
    else if (body(&r, t + e, len - e, &why) != 0)
      st = golcl__fail(NULL, GOLCL_E_PARSE, "%s: %s", path, why);
    if (has_pos || (r.w == hw && r.h == hh)) break;
  }
  free(t);
  if (st == GOLCL_OK && r.top >= rule.states)
    st =
        golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: a cell in state %u, beyond the %u states of %s",
                    path, (unsigned)r.top, (unsigned)rule.states, rule_text);
  if (st == GOLCL_OK) {
    st = adopt_leaves(u, &rule, &r, gen, notes);
    return st == GOLCL_OK && is_two ? golcl_universe_set_rule(u, rule_text) : st;
  }
  free_leaves(&r);
  golcl_pattern_destroy(notes);
  return st;
}

golcl_status golcl__universe_ms_load_cells(golcl_universe *u, const golcl_msrule *rule,
                                           const uint8_t *cells, uint32_t w, uint32_t h, int64_t ox,
                                           int64_t oy, uint64_t gen, golcl_pattern *notes) {
  rle_in r;
  memset(&r, 0, sizeof r);
  r.ox = ox, r.oy = oy, r.w = w, r.h = h;
  golcl_status st = GOLCL_OK;
  /* the rows' runs of one state other than 0, as the RLE reader gets them */
  for (uint32_t y = 0; y < h && st == GOLCL_OK; y++) {
    const uint8_t *row = cells + (size_t)y * w;
    for (uint32_t x = 0; x < w && st == GOLCL_OK;) {
      if (!row[x]) {
        x++;
        continue;
      }
      uint32_t k = x;
      while (k < w && row[k] == row[x]) k++;
      if (put_run(&r, x, y, k - x, row[x]) != 0)
        st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      x = k;
    }
  }
  if (st == GOLCL_OK) return adopt_leaves(u, rule, &r, gen, notes);
  free_leaves(&r);
  golcl_pattern_destroy(notes);
  return st;
}
