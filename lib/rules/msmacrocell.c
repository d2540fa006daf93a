/* msmacrocell.c — Golly's macrocell format [M2] for multi-state rules:
 * level-1 nodes "1 nw ne sw se" whose four numbers are cell states, nodes
 * "L nw ne sw se" of level L >= 2 over earlier nodes (numbered from 1 in
 * file order, 0 empty, the last the root), "#R rule[:bounds]", "#G
 * generation", "#C"/"#N"/"#O" comments; 8×8 leaves ('.', '*', '$' lines,
 * state 1) are taken too. Read into the dense box of a golcl_mspattern
 * (held to the pattern limits) and written back with shared subtrees.
 * The root lies where lib/pattern/macrocell.c places it (measured with
 * bgolly): a root of level d has its top-left cell at (-2^(d-1),
 * 1-2^(d-1)). gzip data is inflated here too (zlib), within max_bytes. */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define MC_MAX_LEVEL 62

/* ------------------------------------------------------------------ gzip */

int golcl__ms_is_gzip(const char *t, size_t len) {
  return len >= 2 && (unsigned char)t[0] == 0x1f && (unsigned char)t[1] == 0x8b;
}

golcl_status golcl__ms_gunzip(const char *text, size_t len, char **out, size_t *n) {
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) /* 16: the gzip wrapper */
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t cap = 1 << 16, used = 0, in = 0;
  char *buf = malloc(cap + 1);
  golcl_status s = buf ? GOLCL_OK : golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (int r = Z_OK; s == GOLCL_OK;) {
    if (used == cap) {
      char *m = cap <= lim.max_bytes ? realloc(buf, 2 * cap + 1) : NULL;
      if (!m) {
        s = cap > lim.max_bytes ? golcl__fail(NULL, GOLCL_E_PARSE,
                                              "line 1, column 1: gzip data inflates past the "
                                              "limit of %llu bytes",
                                              (unsigned long long)lim.max_bytes)
                                : golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
        break;
      }
      buf = m, cap *= 2;
    }
    size_t ain = len - in < (1u << 30) ? len - in : (1u << 30);
    size_t aout = cap - used < (1u << 30) ? cap - used : (1u << 30);
    z.next_in = (Bytef *)(uintptr_t)(text + in), z.avail_in = (uInt)ain;
    z.next_out = (Bytef *)(buf + used), z.avail_out = (uInt)aout;
    r = inflate(&z, Z_NO_FLUSH);
    in += ain - z.avail_in, used += aout - z.avail_out;
    if (r == Z_STREAM_END) {
      if (in == len) break;
      if (!golcl__ms_is_gzip(text + in, len - in)) {
        s = golcl__fail(NULL, GOLCL_E_PARSE, "line 1, column 1: gzip data: bytes after the end");
        break;
      }
      inflateReset(&z); /* gzip concatenates members */
    } else if (r == Z_BUF_ERROR && in == len && z.avail_out > 0) {
      s = golcl__fail(NULL, GOLCL_E_PARSE, "line 1, column 1: gzip data: truncated");
    } else if (r != Z_OK && r != Z_BUF_ERROR) {
      s = golcl__fail(NULL, r == Z_MEM_ERROR ? GOLCL_E_OUT_OF_MEMORY : GOLCL_E_PARSE,
                      "line 1, column 1: gzip data: corrupt (%s)", z.msg ? z.msg : "zlib");
    }
  }
  inflateEnd(&z);
  if (s == GOLCL_OK && used > lim.max_bytes)
    s = golcl__fail(NULL, GOLCL_E_PARSE,
                    "line 1, column 1: gzip data inflates past the limit of %llu bytes",
                    (unsigned long long)lim.max_bytes);
  if (s != GOLCL_OK) {
    free(buf);
    return s;
  }
  buf[used] = '\0';
  *out = buf, *n = used;
  return GOLCL_OK;
}

/* ---------------------------------------------------------------- reader */

typedef struct mnode {
  uint32_t level;
  uint32_t kid[4]; /* nw ne sw se: node ids, or states at level 1 */
  uint64_t leaf;   /* an 8×8 leaf (level 3, is_leaf): bit 8r+c is cell (c, r) */
  int is_leaf;
  int64_t x0, y0, x1, y1; /* the box of the non-zero cells, relative to the node */
  uint64_t pop;           /* non-zero cells (saturating) */
} mnode;

typedef struct mreader {
  const char *t;
  size_t len, pos, line;
  mnode *nodes; /* id 0: the empty node */
  size_t n, cap;
  golcl_mspattern *p;
  golcl_msrule rule;
  golcl_bounds bounds;
  int have_rule;
  uint64_t generation;
  size_t last_line; /* of the root */
} mreader;

static golcl_status merr(const mreader *r, size_t col, golcl_status s, const char *why) {
  return golcl__fail(NULL, s, "line %zu, column %zu: %s", r->line, col + 1, why);
}

static void summarise(const mnode *nodes, mnode *m) {
  m->x0 = m->y0 = INT64_MAX, m->x1 = m->y1 = INT64_MIN, m->pop = 0;
  const int64_t half = m->level >= 1 ? (int64_t)1 << (m->level - 1) : 0;
  for (int q = 0; q < 64 && m->is_leaf; q++)
    if (m->leaf >> q & 1) {
      int64_t x = q % 8, y = q / 8;
      if (x < m->x0) m->x0 = x;
      if (x + 1 > m->x1) m->x1 = x + 1;
      if (y < m->y0) m->y0 = y;
      if (y + 1 > m->y1) m->y1 = y + 1;
      m->pop++;
    }
  for (int q = 0; q < 4 && !m->is_leaf; q++) {
    const int64_t qx = (q & 1) ? half : 0, qy = (q & 2) ? half : 0;
    int64_t a0, b0, a1, b1;
    uint64_t pop;
    if (m->level == 1) {
      if (!m->kid[q]) continue;
      a0 = qx, b0 = qy, a1 = qx + 1, b1 = qy + 1, pop = 1;
    } else {
      const mnode *k = &nodes[m->kid[q]];
      if (!m->kid[q] || !k->pop) continue;
      a0 = qx + k->x0, b0 = qy + k->y0, a1 = qx + k->x1, b1 = qy + k->y1, pop = k->pop;
    }
    if (a0 < m->x0) m->x0 = a0;
    if (b0 < m->y0) m->y0 = b0;
    if (a1 > m->x1) m->x1 = a1;
    if (b1 > m->y1) m->y1 = b1;
    m->pop = m->pop + pop < m->pop ? UINT64_MAX : m->pop + pop;
  }
}

static golcl_status push(mreader *r, const mnode *m) {
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 1024;
    mnode *nodes = cap > UINT32_MAX ? NULL : realloc(r->nodes, cap * sizeof *nodes);
    if (!nodes) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    r->nodes = nodes, r->cap = cap;
  }
  r->nodes[r->n++] = *m;
  return GOLCL_OK;
}

static int number(const char *t, size_t len, size_t *i, uint64_t *v) {
  while (*i < len && (t[*i] == ' ' || t[*i] == '\t')) (*i)++;
  if (*i >= len || !isdigit((unsigned char)t[*i])) return 0;
  uint64_t x = 0;
  for (; *i < len && isdigit((unsigned char)t[*i]); (*i)++) {
    if (x > (UINT64_MAX - 9) / 10) return 0;
    x = x * 10 + (uint64_t)(t[*i] - '0');
  }
  *v = x;
  return 1;
}

static golcl_status node_line(mreader *r, const char *t, size_t len) {
  uint64_t v[5];
  size_t i = 0;
  for (int k = 0; k < 5; k++) {
    while (i < len && (t[i] == ' ' || t[i] == '\t')) i++;
    if (!number(t, len, &i, &v[k]))
      return merr(r, i, GOLCL_E_PARSE, "a node line is \"level nw ne sw se\" in numbers");
  }
  while (i < len && (t[i] == ' ' || t[i] == '\t')) i++;
  if (i < len) return merr(r, i, GOLCL_E_PARSE, "unexpected text after a node");
  if (v[0] < 1 || v[0] > MC_MAX_LEVEL) return merr(r, 0, GOLCL_E_PARSE, "a node level is 1..62");
  if (!r->have_rule)
    return merr(r, 0, GOLCL_E_PARSE,
                "a node before \"#R rule\" (a multi-state macrocell names it)");
  mnode m;
  memset(&m, 0, sizeof m);
  m.level = (uint32_t)v[0];
  const uint32_t states = golcl__msrule_states(&r->rule);
  for (int q = 0; q < 4; q++) {
    if (m.level == 1) {
      if (v[q + 1] >= states) {
        char why[120];
        snprintf(why, sizeof why, "state %llu is not a state of the rule (of %u states)",
                 (unsigned long long)v[q + 1], (unsigned)states);
        return merr(r, 0, GOLCL_E_PARSE, why);
      }
    } else if (v[q + 1] >= r->n) {
      return merr(r, 0, GOLCL_E_PARSE, "a node refers to one not yet defined");
    } else if (v[q + 1] && r->nodes[v[q + 1]].level != m.level - 1) {
      return merr(r, 0, GOLCL_E_PARSE, "a child's level is not one below its parent's");
    }
    m.kid[q] = (uint32_t)v[q + 1];
  }
  summarise(r->nodes, &m);
  r->last_line = r->line;
  return push(r, &m);
}

static golcl_status leaf_line(mreader *r, const char *t, size_t len) {
  mnode m;
  memset(&m, 0, sizeof m);
  m.level = 3, m.is_leaf = 1;
  if (!r->have_rule)
    return merr(r, 0, GOLCL_E_PARSE,
                "a leaf before \"#R rule\" (a multi-state macrocell names it)");
  int x = 0, y = 0;
  for (size_t i = 0; i < len; i++) {
    if (t[i] == '$') {
      x = 0, y++;
      continue;
    }
    if (t[i] != '.' && t[i] != '*')
      return merr(r, i, GOLCL_E_PARSE, "a leaf line holds '.', '*' and '$' only");
    if (x >= 8 || y >= 8) return merr(r, i, GOLCL_E_PARSE, "a leaf is 8×8 cells");
    if (t[i] == '*') m.leaf |= 1ull << (8 * y + x);
    x++;
  }
  summarise(r->nodes, &m);
  r->last_line = r->line;
  return push(r, &m);
}

static golcl_status header_line(mreader *r, const char *t, size_t len) {
  if (len >= 2 && t[1] == 'R') {
    size_t a = 2, e = len;
    while (a < e && (t[a] == ' ' || t[a] == '\t')) a++;
    while (e > a && (t[e - 1] == ' ' || t[e - 1] == '\t')) e--;
    char rule[512];
    if (e - a >= sizeof rule) return merr(r, a, GOLCL_E_PARSE, "rule too long");
    memcpy(rule, t + a, e - a);
    rule[e - a] = '\0';
    char *colon = strchr(rule, ':');
    memset(&r->bounds, 0, sizeof r->bounds);
    r->bounds.topology = GOLCL_TOPOLOGY_INFINITE;
    if (colon) {
      if (golcl_bounds_parse(colon, &r->bounds) != GOLCL_OK)
        return merr(r, a + (size_t)(colon - rule), GOLCL_E_PARSE, golcl_last_errmsg());
      *colon = '\0';
    }
    golcl_status s = golcl_msrule_parse(rule, &r->rule);
    if (s != GOLCL_OK) {
      char why[400];
      snprintf(why, sizeof why, "%s", golcl_last_errmsg());
      return merr(r, a, s, why);
    }
    r->have_rule = 1;
    return GOLCL_OK;
  }
  if (len >= 2 && t[1] == 'G') {
    size_t k = 2;
    if (!number(t, len, &k, &r->generation))
      return merr(r, k, GOLCL_E_PARSE, "#G needs a generation");
    return GOLCL_OK;
  }
  if (len >= 2 && (t[1] == 'C' || t[1] == 'N' || t[1] == 'O')) {
    if (len >= 6 && memcmp(t, "#CXRLE", 6) == 0) { /* a position line in RLE, text here */
      char *c = malloc(len + 3);
      if (!c) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      memcpy(c, "#C ", 3);
      memcpy(c + 3, t, len);
      golcl_status s = golcl__mspattern_push_comment(r->p, c, len + 3);
      free(c);
      return s;
    }
    return golcl__mspattern_push_comment(r->p, t, len);
  }
  return GOLCL_OK; /* #FRAMES, #V, ...: Golly's viewer settings */
}

/* Writes the states of node id into the box (stride w) at (ox, oy). */
static void emit(const mreader *r, uint32_t id, int64_t ox, int64_t oy, uint8_t *box, size_t w) {
  const mnode *m = &r->nodes[id];
  if (!m->pop) return;
  if (m->is_leaf) {
    for (int q = 0; q < 64; q++)
      if (m->leaf >> q & 1) box[(size_t)(oy + q / 8) * w + (size_t)(ox + q % 8)] = 1;
    return;
  }
  const int64_t half = (int64_t)1 << (m->level - 1);
  for (int q = 0; q < 4; q++) {
    const int64_t x = ox + ((q & 1) ? half : 0), y = oy + ((q & 2) ? half : 0);
    if (m->level == 1) {
      if (m->kid[q]) box[(size_t)y * w + (size_t)x] = (uint8_t)m->kid[q];
    } else if (m->kid[q]) {
      emit(r, m->kid[q], x, y, box, w);
    }
  }
}

static golcl_status lines(mreader *r) {
  golcl_status s = GOLCL_OK;
  while (s == GOLCL_OK && r->pos < r->len) {
    const char *t = r->t + r->pos;
    size_t n = 0;
    while (r->pos + n < r->len && t[n] != '\n' && t[n] != '\r') n++;
    size_t end = r->pos + n < r->len
                     ? (t[n] == '\r' && r->pos + n + 1 < r->len && t[n + 1] == '\n' ? 2 : 1)
                     : 0;
    r->line++;
    r->pos += n + end;
    if (r->line == 1 || n == 0) continue; /* "[M2] (golly 3.3)" */
    if (t[0] == '#')
      s = header_line(r, t, n);
    else if (t[0] == '.' || t[0] == '*' || t[0] == '$')
      s = leaf_line(r, t, n);
    else if (isdigit((unsigned char)t[0]))
      s = node_line(r, t, n);
    else
      s = merr(r, 0, GOLCL_E_PARSE, "expected '#', a leaf ('.', '*', '$') or a node");
  }
  return s;
}

golcl_status golcl__msmacrocell_parse(const char *text, size_t len, golcl_mspattern **out) {
  mreader r;
  memset(&r, 0, sizeof r);
  r.t = text, r.len = len;
  if (len < 4 || memcmp(text, "[M2]", 4) != 0) {
    r.line = 1;
    return merr(&r, 0, GOLCL_E_PARSE, "a macrocell text starts with \"[M2]\"");
  }
  golcl_status s = golcl__mspattern_new(0, 0, &r.p);
  mnode zero;
  memset(&zero, 0, sizeof zero);
  if (s == GOLCL_OK) s = push(&r, &zero);
  if (s == GOLCL_OK) s = lines(&r);
  if (s == GOLCL_OK && !r.have_rule)
    s = golcl__fail(
        NULL, GOLCL_E_UNSUPPORTED,
        "line %zu: no \"#R rule\": a two-state macrocell (golcl_pattern_parse reads it)", r.line);
  const mnode *root = s == GOLCL_OK && r.n > 1 ? &r.nodes[r.n - 1] : NULL;
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  golcl_mspattern *p = NULL;
  int64_t ox = 0, oy = 0;
  if (root && root->pop) {
    const uint64_t w = (uint64_t)(root->x1 - root->x0), h = (uint64_t)(root->y1 - root->y0);
    r.line = r.last_line;
    if (w > lim.max_width || h > lim.max_height || w * h > lim.max_cells) {
      char why[240];
      snprintf(why, sizeof why,
               "the cells span %llu x %llu, above the pattern limits (%u x %u, %llu cells)",
               (unsigned long long)w, (unsigned long long)h, (unsigned)lim.max_width,
               (unsigned)lim.max_height, (unsigned long long)lim.max_cells);
      s = merr(&r, 0, GOLCL_E_PARSE, why);
    } else if ((s = golcl__mspattern_new((uint32_t)w, (uint32_t)h, &p)) == GOLCL_OK) {
      const int64_t half = (int64_t)1 << (root->level - 1);
      emit(&r, (uint32_t)(r.n - 1), -root->x0, -root->y0, golcl__mspattern_cells(p), (size_t)w);
      ox = -half + root->x0, oy = 1 - half + root->y0;
    }
  } else if (s == GOLCL_OK) {
    s = golcl__mspattern_new(0, 0, &p);
  }
  if (s == GOLCL_OK) {
    golcl__mspattern_set(p, &r.rule, &r.bounds, ox, oy, r.generation);
    for (size_t i = 0; i < golcl_mspattern_comment_count(r.p) && s == GOLCL_OK; i++) {
      const char *c = golcl_mspattern_comment(r.p, i);
      s = golcl__mspattern_push_comment(p, c, strlen(c));
    }
  }
  golcl_mspattern_destroy(r.p);
  free(r.nodes);
  if (s != GOLCL_OK) {
    golcl_mspattern_destroy(p);
    return s;
  }
  *out = p;
  return GOLCL_OK;
}

/* ---------------------------------------------------------------- writer */

typedef struct mwriter {
  FILE *f;
  const uint8_t *cells;
  uint32_t w, h;
  int64_t ox, oy;  /* Golly's coordinates of box cell (0, 0) */
  uint32_t *slots; /* open addressing: node ids, 0 free */
  size_t nslots;
  struct wnode {
    uint32_t level, kid[4];
  } * nodes; /* id 0 unused */
  size_t n, cap;
  int err;
} mwriter;

static size_t whash(const struct wnode *k) {
  uint64_t h = k->level;
  for (int q = 0; q < 4; q++) h = (h ^ k->kid[q]) * 0x9E3779B97F4A7C15ull;
  return (size_t)(h ^ h >> 29);
}

/* The id of the node (level, kid), written now if new; 0 for all zero. */
static uint32_t intern(mwriter *w, const struct wnode *k) {
  if (!k->kid[0] && !k->kid[1] && !k->kid[2] && !k->kid[3]) return 0;
  if (2 * (w->n + 1) >= w->nslots) { /* grow and rehash */
    size_t ns = w->nslots ? 2 * w->nslots : 4096;
    uint32_t *sl = calloc(ns, sizeof *sl);
    if (!sl) return w->err = 1, 0;
    for (size_t i = 1; i < w->n; i++) {
      size_t j = whash(&w->nodes[i]) & (ns - 1);
      while (sl[j]) j = (j + 1) & (ns - 1);
      sl[j] = (uint32_t)i;
    }
    free(w->slots);
    w->slots = sl, w->nslots = ns;
  }
  size_t j = whash(k) & (w->nslots - 1);
  for (; w->slots[j]; j = (j + 1) & (w->nslots - 1))
    if (!memcmp(&w->nodes[w->slots[j]], k, sizeof *k)) return w->slots[j];
  if (w->n == w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 4096;
    struct wnode *m = cap > UINT32_MAX ? NULL : realloc(w->nodes, cap * sizeof *m);
    if (!m) return w->err = 1, 0;
    w->nodes = m, w->cap = cap;
  }
  if (w->n == 0) w->n = 1; /* id 0 is the empty node */
  w->nodes[w->n] = *k;
  w->slots[j] = (uint32_t)w->n;
  if (fprintf(w->f, "%u %u %u %u %u\n", (unsigned)k->level, (unsigned)k->kid[0],
              (unsigned)k->kid[1], (unsigned)k->kid[2], (unsigned)k->kid[3]) < 0)
    w->err = 1;
  return (uint32_t)w->n++;
}

/* The node of `level` whose top-left cell is (x, y) in Golly's coordinates. */
static uint32_t build(mwriter *w, uint32_t level, int64_t x, int64_t y) {
  const int64_t side = (int64_t)1 << level;
  if (x + side <= w->ox || y + side <= w->oy || x >= w->ox + (int64_t)w->w ||
      y >= w->oy + (int64_t)w->h || w->err)
    return 0;
  struct wnode k;
  k.level = level;
  const int64_t half = side / 2;
  for (int q = 0; q < 4; q++) {
    const int64_t qx = x + ((q & 1) ? half : 0), qy = y + ((q & 2) ? half : 0);
    if (level > 1) {
      k.kid[q] = build(w, level - 1, qx, qy);
    } else {
      const int64_t bx = qx - w->ox, by = qy - w->oy;
      k.kid[q] = bx >= 0 && by >= 0 && bx < (int64_t)w->w && by < (int64_t)w->h
                     ? w->cells[(size_t)by * w->w + (size_t)bx]
                     : 0;
    }
  }
  return intern(w, &k);
}

golcl_status golcl_mspattern_write_macrocell(const golcl_mspattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_write_macrocell: NULL argument");
  golcl_msrule rule;
  golcl_bounds b;
  golcl_mspattern_msrule(p, &rule);
  golcl_mspattern_bounds(p, &b);
  char rt[GOLCL_MSRULE_TEXT_CAP], bt[GOLCL_BOUNDS_TEXT_CAP] = "";
  golcl_status s = golcl_msrule_format(&rule, rt, sizeof rt);
  if (s == GOLCL_OK && b.topology != GOLCL_TOPOLOGY_INFINITE)
    s = golcl_bounds_format(&b, bt, sizeof bt);
  if (s != GOLCL_OK) return s;
  mwriter w;
  memset(&w, 0, sizeof w);
  w.f = f, w.cells = golcl_mspattern_cells(p);
  w.w = golcl_mspattern_width(p), w.h = golcl_mspattern_height(p);
  golcl_mspattern_origin(p, &w.ox, &w.oy);
  /* the smallest root (level >= 1) with the box inside: x in [-h, h), y in [1-h, 1+h) */
  uint32_t level = 1;
  for (; level <= MC_MAX_LEVEL; level++) {
    const int64_t h = (int64_t)1 << (level - 1);
    if (w.ox >= -h && w.ox + (int64_t)w.w <= h && w.oy >= 1 - h && w.oy + (int64_t)w.h <= 1 + h)
      break;
  }
  if (level > MC_MAX_LEVEL)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_mspattern_write_macrocell: cells beyond 2^61 from the origin");
  w.err = fprintf(f, "[M2] (libgolcl %s)\n#R %s%s\n", golcl_version_string(), rt, bt) < 0;
  if (golcl_mspattern_generation(p))
    w.err |= fprintf(f, "#G %llu\n", (unsigned long long)golcl_mspattern_generation(p)) < 0;
  for (size_t i = 0; i < golcl_mspattern_comment_count(p); i++) {
    const char *c = golcl_mspattern_comment(p, i);
    int ours = c[0] == '#' && (c[1] == 'C' || c[1] == 'N' || c[1] == 'O');
    w.err |= fprintf(f, "%s%s\n", ours ? "" : "#C ", c) < 0;
  }
  const int64_t h = (int64_t)1 << (level - 1);
  if (w.w && w.h) build(&w, level, -h, 1 - h);
  free(w.slots);
  free(w.nodes);
  /* flushed here: a full disk shows only when the buffer goes out */
  if (w.err || fflush(f) != 0 || ferror(f))
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_mspattern_write_macrocell: write failed");
  return GOLCL_OK;
}
