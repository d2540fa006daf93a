/* macrocell.c — Golly's macrocell format [M2] for two-state rules:
 * a quadtree of 8×8 leaves ('.', '*', '$' lines) and nodes "d nw ne sw se"
 * (children numbered from 1 in file order, 0 empty, the last node the
 * root), with "#R rule" and "#G generation". Read into the live-cell list
 * of a pattern, written with shared subtrees.
 *
 * Where the root lies (measured with bgolly 3.3): a root of level d (side
 * 2^d) has its top-left cell at (-2^(d-1), 1-2^(d-1)) in Golly's
 * coordinates, y growing southwards: Golly's quadtree has y growing
 * northwards and its cell (0, 0) is the south-west cell of the root's
 * north-east quadrant. */
#include "pattern.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MC_MAX_LEVEL 62 /* sides up to 2^62: coordinates fit int64 */

typedef struct mc_node {
  uint8_t level;          /* 1 (2×2 of states), 2.., 3 for an 8×8 leaf */
  uint8_t is_leaf;        /* an 8×8 leaf line (level 3 may also be a node of level-2 nodes) */
  uint32_t kid[4];        /* nw ne sw se (node ids, 0 empty); level 1: states */
  uint64_t leaf;          /* level 3: bit 8r+c = cell (c, r) */
  uint64_t pop;           /* live cells, saturating */
  int64_t x0, y0, x1, y1; /* bounding box of the live cells inside the node, x1/y1 exclusive */
} mc_node;

typedef struct mc_reader {
  const char *s;
  size_t len, pos;
  int line;
  mc_node *nodes;
  size_t n, cap;
  golcl_pattern *p;
  golcl_pattern_limits lim;
} mc_reader;

static golcl_status mc_err(const mc_reader *r, size_t col, golcl_status st, const char *what) {
  return golcl__fail(NULL, st, "line %d, column %zu: %s", r->line, col + 1, what);
}

static uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

/* Box and population of a node from its children (side 2^level). */
static void mc_summarise(mc_node *nodes, mc_node *m) {
  m->pop = 0;
  m->x0 = m->y0 = INT64_MAX;
  m->x1 = m->y1 = INT64_MIN;
  int64_t half = (int64_t)1 << (m->level - 1);
  for (int q = 0; q < 4; q++) {
    int64_t ox = (q & 1) ? half : 0, oy = (q & 2) ? half : 0;
    int64_t x0, y0, x1, y1;
    uint64_t pop;
    if (m->level == 1) {
      if (!m->kid[q]) continue;
      pop = 1, x0 = 0, y0 = 0, x1 = 1, y1 = 1;
    } else {
      if (!m->kid[q]) continue;
      const mc_node *c = &nodes[m->kid[q]];
      if (!c->pop) continue;
      pop = c->pop, x0 = c->x0, y0 = c->y0, x1 = c->x1, y1 = c->y1;
    }
    m->pop = sat_add(m->pop, pop);
    if (ox + x0 < m->x0) m->x0 = ox + x0;
    if (oy + y0 < m->y0) m->y0 = oy + y0;
    if (ox + x1 > m->x1) m->x1 = ox + x1;
    if (oy + y1 > m->y1) m->y1 = oy + y1;
  }
}

static void leaf_summarise(mc_node *m) {
  m->pop = 0;
  m->x0 = m->y0 = INT64_MAX;
  m->x1 = m->y1 = INT64_MIN;
  for (int b = 0; b < 64; b++)
    if (m->leaf >> b & 1) {
      int64_t x = b % 8, y = b / 8;
      m->pop++;
      if (x < m->x0) m->x0 = x;
      if (y < m->y0) m->y0 = y;
      if (x + 1 > m->x1) m->x1 = x + 1;
      if (y + 1 > m->y1) m->y1 = y + 1;
    }
}

static golcl_status mc_push(mc_reader *r, const mc_node *m) {
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 256;
    mc_node *nn = realloc(r->nodes, cap * sizeof *nn);
    if (!nn) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "macrocell: out of memory");
    r->nodes = nn, r->cap = cap;
  }
  r->nodes[r->n++] = *m;
  return GOLCL_OK;
}

static golcl_status mc_leaf(mc_reader *r, const char *t, size_t len) {
  mc_node m;
  memset(&m, 0, sizeof m);
  m.level = 3;
  m.is_leaf = 1;
  int x = 0, y = 0;
  for (size_t i = 0; i < len; i++) {
    char c = t[i];
    if (c == '$') {
      x = 0, y++;
      continue;
    }
    if (c == '\r' || c == ' ') continue;
    if (c != '.' && c != '*')
      return mc_err(r, i, GOLCL_E_PARSE, "a leaf line holds '.', '*' and '$' only");
    if (x >= 8 || y >= 8) return mc_err(r, i, GOLCL_E_PARSE, "a leaf is 8×8 cells");
    if (c == '*') m.leaf |= 1ull << (8 * y + x);
    x++;
  }
  leaf_summarise(&m);
  return mc_push(r, &m);
}

static int read_num(const char *t, size_t len, size_t *i, uint64_t *v) {
  while (*i < len && t[*i] == ' ') (*i)++;
  if (*i >= len || t[*i] < '0' || t[*i] > '9') return 0;
  uint64_t x = 0;
  while (*i < len && t[*i] >= '0' && t[*i] <= '9') {
    if (x > (UINT64_MAX - 9) / 10) return 0;
    x = x * 10 + (uint64_t)(t[*i] - '0');
    (*i)++;
  }
  *v = x;
  return 1;
}

static golcl_status mc_inner(mc_reader *r, const char *t, size_t len) {
  size_t i = 0;
  uint64_t v[5];
  for (int k = 0; k < 5; k++) {
    size_t at = i;
    if (!read_num(t, len, &i, &v[k]))
      return mc_err(r, at, GOLCL_E_PARSE, "a node line is \"level nw ne sw se\" in numbers");
  }
  while (i < len && (t[i] == ' ' || t[i] == '\r')) i++;
  if (i < len) return mc_err(r, i, GOLCL_E_PARSE, "unexpected text after a node");
  mc_node m;
  memset(&m, 0, sizeof m);
  if (v[0] < 1 || v[0] > MC_MAX_LEVEL) return mc_err(r, 0, GOLCL_E_PARSE, "a node level is 1..62");
  m.level = (uint8_t)v[0];
  for (int q = 0; q < 4; q++) {
    if (m.level == 1) {
      if (v[q + 1] > 1)
        return mc_err(
            r, 0, GOLCL_E_UNSUPPORTED,
            "a cell state above 1: a multi-state pattern (libgolcl runs two-state rules)");
      m.kid[q] = (uint32_t)v[q + 1];
      continue;
    }
    if (v[q + 1] >= r->n)
      return mc_err(r, 0, GOLCL_E_PARSE, "a node refers to one not yet defined");
    m.kid[q] = (uint32_t)v[q + 1];
    /* 8×8 leaves are level 3; files of other algorithms build up from
     * level-1 nodes of four states */
    if (m.kid[q] && r->nodes[m.kid[q]].level != m.level - 1)
      return mc_err(r, 0, GOLCL_E_PARSE, "a child's level is not one below its parent's");
  }
  mc_summarise(r->nodes, &m);
  return mc_push(r, &m);
}

/* Appends the live cells of node id at (ox, oy), relative to the box. */
static golcl_status mc_emit(mc_reader *r, uint32_t id, int64_t ox, int64_t oy) {
  const mc_node *m = &r->nodes[id];
  if (!m->pop) return GOLCL_OK;
  if (m->is_leaf) {
    for (int b = 0; b < 64; b++)
      if (m->leaf >> b & 1) {
        golcl_status st =
            golcl__pattern_push_run(r->p, (uint32_t)(ox + b % 8), (uint32_t)(oy + b / 8), 1);
        if (st != GOLCL_OK) return golcl__fail(NULL, st, "macrocell: out of memory");
      }
    return GOLCL_OK;
  }
  int64_t half = (int64_t)1 << (m->level - 1);
  for (int q = 0; q < 4; q++) {
    int64_t x = ox + ((q & 1) ? half : 0), y = oy + ((q & 2) ? half : 0);
    if (m->level == 1) {
      if (m->kid[q]) {
        golcl_status st = golcl__pattern_push_run(r->p, (uint32_t)x, (uint32_t)y, 1);
        if (st != GOLCL_OK) return golcl__fail(NULL, st, "macrocell: out of memory");
      }
    } else if (m->kid[q]) {
      golcl_status st = mc_emit(r, m->kid[q], x, y);
      if (st != GOLCL_OK) return st;
    }
  }
  return GOLCL_OK;
}

static golcl_status mc_header_line(mc_reader *r, const char *t, size_t len) {
  golcl_pattern *p = r->p;
  if (len >= 2 && t[1] == 'R') {
    size_t k = 2;
    while (k < len && t[k] == ' ') k++;
    size_t e = len;
    while (e > k && (t[e - 1] == ' ' || t[e - 1] == '\r')) e--;
    return golcl__pattern_rule_parse(t + k, e - k, r->line, k + 1, &p->table, &p->bounds);
  }
  if (len >= 2 && t[1] == 'G') {
    size_t k = 2;
    uint64_t g;
    if (!read_num(t, len, &k, &g)) return mc_err(r, k, GOLCL_E_PARSE, "#G needs a generation");
    p->generation = g;
    return GOLCL_OK;
  }
  if (len >= 2 && (t[1] == 'C' || t[1] == 'N' || t[1] == 'O')) {
    size_t e = len;
    while (e > 0 && t[e - 1] == '\r') e--;
    golcl_status st;
    if (e >= 6 && memcmp(t, "#CXRLE", 6) == 0) { /* text here, a position line in RLE */
      char *c = malloc(e + 3);
      if (!c) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "macrocell: out of memory");
      memcpy(c, "#C ", 3);
      memcpy(c + 3, t, e);
      st = golcl__pattern_push_comment(p, c, e + 3);
      free(c);
    } else {
      st = golcl__pattern_push_comment(p, t, e);
    }
    return st == GOLCL_OK ? st : golcl__fail(NULL, st, "macrocell: out of memory");
  }
  return GOLCL_OK; /* #FRAMES, #V ... : Golly's viewer settings */
}

/* Reads text into r (r->nodes, id 0 the empty node, the last one the root;
 * the header into r->p). On failure r->p and r->nodes are freed. */
static golcl_status mc_parse(const char *text, size_t len, mc_reader *r, size_t *last_line_out) {
  memset(r, 0, sizeof *r);
  r->s = text, r->len = len, r->lim = golcl__pattern_limits();
  if (len > r->lim.max_bytes)
    return golcl__fail(NULL, GOLCL_E_PARSE, "macrocell of %zu bytes is above the limit of %llu",
                       len, (unsigned long long)r->lim.max_bytes);
  if (len < 4 || memcmp(text, "[M2]", 4) != 0) {
    r->line = 1;
    return mc_err(r, 0, GOLCL_E_PARSE, "a macrocell file starts with \"[M2]\"");
  }
  r->p = golcl__pattern_new();
  mc_node zero;
  memset(&zero, 0, sizeof zero);
  golcl_status st = r->p ? mc_push(r, &zero) : GOLCL_E_OUT_OF_MEMORY; /* id 0: empty */
  if (!r->p) golcl__fail(NULL, st, "macrocell: out of memory");
  size_t last_line = 0;
  while (st == GOLCL_OK && r->pos < len) {
    const char *t = text + r->pos;
    size_t n = 0; /* lines end in "\n", "\r\n" or "\r", as the other readers take them */
    while (r->pos + n < len && t[n] != '\n' && t[n] != '\r') n++;
    size_t end =
        r->pos + n < len ? (t[n] == '\r' && r->pos + n + 1 < len && t[n + 1] == '\n' ? 2 : 1) : 0;
    r->line++;
    r->pos += n + end;
    if (memchr(t, '\0', n)) {
      st = mc_err(r, (size_t)((const char *)memchr(t, '\0', n) - t), GOLCL_E_PARSE, "a NUL byte");
      break;
    }
    if (r->line == 1) continue; /* "[M2] (golly 3.3)" */
    if (n == 0 || (n == 1 && t[0] == '\r')) continue;
    if (t[0] == '#')
      st = mc_header_line(r, t, n);
    else if (t[0] == '.' || t[0] == '*' || t[0] == '$')
      st = mc_leaf(r, t, n), last_line = (size_t)r->line;
    else if (t[0] >= '0' && t[0] <= '9')
      st = mc_inner(r, t, n), last_line = (size_t)r->line;
    else
      st = mc_err(r, 0, GOLCL_E_PARSE, "expected '#', a leaf ('.', '*', '$') or a node");
    if (st == GOLCL_OK && r->n > UINT32_MAX - 1)
      st = mc_err(r, 0, GOLCL_E_PARSE, "too many nodes");
  }
  if (st != GOLCL_OK) {
    golcl_pattern_destroy(r->p);
    free(r->nodes);
    r->p = NULL, r->nodes = NULL;
    return st;
  }
  r->p->format = GOLCL_FORMAT_MACROCELL;
  *last_line_out = last_line;
  return GOLCL_OK;
}

golcl_status golcl_pattern_parse_macrocell(const char *text, size_t len, golcl_pattern **out) {
  if (out) *out = NULL;
  if ((!text && len) || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_parse_macrocell: NULL");
  mc_reader r;
  size_t last_line = 0;
  golcl_status st = mc_parse(text, len, &r, &last_line);
  if (st != GOLCL_OK) return st;
  golcl_pattern *p = r.p;
  if (r.n > 1) {
    const mc_node *root = &r.nodes[r.n - 1];
    r.line = (int)last_line;
    if (root->pop) {
      uint64_t w = (uint64_t)(root->x1 - root->x0), h = (uint64_t)(root->y1 - root->y0);
      char m[200];
      if (w > r.lim.max_width || h > r.lim.max_height || root->pop > r.lim.max_cells) {
        snprintf(m, sizeof m,
                 "the live cells span %llu x %llu with %llu alive, above the limits (%u x %u, "
                 "%llu cells; golcl_pattern_set_limits; golcl_universe_read_file reads it "
                 "without a limit on its span)",
                 (unsigned long long)w, (unsigned long long)h, (unsigned long long)root->pop,
                 r.lim.max_width, r.lim.max_height, (unsigned long long)r.lim.max_cells);
        st = mc_err(&r, 0, GOLCL_E_PARSE, m);
      } else {
        int64_t half = (int64_t)1 << (root->level - 1);
        p->w = (uint32_t)w, p->h = (uint32_t)h;
        p->origin_x = -half + root->x0;
        p->origin_y = 1 - half + root->y0;
        p->origin_kind = GOLCL__ORIGIN_XRLE;
        st = mc_emit(&r, (uint32_t)(r.n - 1), -root->x0, -root->y0);
        if (st == GOLCL_OK && golcl__pattern_sort_cells(p->cells, p->ncells) != 0)
          st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      }
    }
  }
  free(r.nodes);
  if (st != GOLCL_OK) {
    golcl_pattern_destroy(p);
    return st;
  }
  *out = p;
  return GOLCL_OK;
}

golcl_status golcl__macrocell_nodes(const char *text, size_t len, golcl_pattern **header,
                                    golcl_macrocell_node_fn fn, void *user) {
  mc_reader r;
  size_t last_line = 0;
  golcl_status st = mc_parse(text, len, &r, &last_line);
  if (st != GOLCL_OK) return st;
  for (size_t i = 1; i < r.n && st == GOLCL_OK; i++) {
    const mc_node *m = &r.nodes[i];
    golcl_macrocell_node nd;
    memset(&nd, 0, sizeof nd);
    nd.level = m->level;
    memcpy(nd.kid, m->kid, sizeof nd.kid);
    nd.leaf = m->leaf;
    nd.is_leaf = m->is_leaf;
    st = fn(user, (uint32_t)i, &nd);
  }
  free(r.nodes);
  if (st != GOLCL_OK) {
    golcl_pattern_destroy(r.p);
    return st;
  }
  *header = r.p;
  return GOLCL_OK;
}

/* Writing ---------------------------------------------------------------------- */

typedef struct mc_key {
  uint8_t level;
  uint32_t kid[4];
  uint64_t leaf;
} mc_key;

typedef struct mc_writer {
  FILE *f;
  int io_err;
  mc_key *keys; /* open addressing; id = slot value */
  uint32_t *ids;
  size_t cap, used;
  uint32_t next_id;
  const golcl__cell *cells;
  int64_t ox, oy; /* universe coordinates of box cell (0, 0) */
} mc_writer;

static uint64_t key_hash(const mc_key *k) {
  uint64_t h = k->leaf * 0x9E3779B97F4A7C15ull ^ k->level;
  for (int i = 0; i < 4; i++) h = (h ^ k->kid[i]) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

static int key_eq(const mc_key *a, const mc_key *b) {
  return a->level == b->level && a->leaf == b->leaf && !memcmp(a->kid, b->kid, sizeof a->kid);
}

static golcl_status mc_grow(mc_writer *w) {
  size_t cap = w->cap ? 2 * w->cap : 1024;
  mc_key *keys = calloc(cap, sizeof *keys);
  uint32_t *ids = calloc(cap, sizeof *ids);
  if (!keys || !ids) {
    free(keys), free(ids);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "macrocell: out of memory");
  }
  for (size_t i = 0; i < w->cap; i++)
    if (w->ids[i]) {
      size_t j = key_hash(&w->keys[i]) & (cap - 1);
      while (ids[j]) j = (j + 1) & (cap - 1);
      keys[j] = w->keys[i], ids[j] = w->ids[i];
    }
  free(w->keys), free(w->ids);
  w->keys = keys, w->ids = ids, w->cap = cap;
  return GOLCL_OK;
}

/* The id of a node, writing its line the first time it is seen. */
static golcl_status mc_intern(mc_writer *w, const mc_key *k, uint32_t *id) {
  if ((w->used + 1) * 2 > w->cap) {
    golcl_status st = mc_grow(w);
    if (st != GOLCL_OK) return st;
  }
  size_t j = key_hash(k) & (w->cap - 1);
  while (w->ids[j]) {
    if (key_eq(&w->keys[j], k)) {
      *id = w->ids[j];
      return GOLCL_OK;
    }
    j = (j + 1) & (w->cap - 1);
  }
  w->keys[j] = *k;
  w->ids[j] = *id = ++w->next_id;
  w->used++;
  if (k->level == 3) {
    char line[80];
    size_t n = 0;
    int last_row = 7;
    while (last_row >= 0 && !(k->leaf >> (8 * last_row) & 0xff)) last_row--;
    for (int r = 0; r <= last_row; r++) {
      unsigned row = (unsigned)(k->leaf >> (8 * r) & 0xff);
      int last = 7;
      while (last >= 0 && !(row >> last & 1)) last--;
      for (int c = 0; c <= last; c++) line[n++] = (row >> c & 1) ? '*' : '.';
      line[n++] = '$';
    }
    line[n++] = '\n';
    if (fwrite(line, 1, n, w->f) != n) w->io_err = 1;
  } else if (fprintf(w->f, "%d %u %u %u %u\n", k->level, k->kid[0], k->kid[1], k->kid[2],
                     k->kid[3]) < 0) {
    w->io_err = 1;
  }
  return GOLCL_OK;
}

/* Builds the node of level `level` whose top-left cell is (x, y) (universe
 * coordinates) from cells[lo, hi), which all lie inside it. */
static golcl_status mc_build(mc_writer *w, int level, int64_t x, int64_t y, size_t lo, size_t hi,
                             uint32_t *id) {
  *id = 0;
  if (lo == hi) return GOLCL_OK;
  mc_key k;
  memset(&k, 0, sizeof k);
  k.level = (uint8_t)level;
  if (level == 3) {
    for (size_t i = lo; i < hi; i++) {
      int64_t cx = w->ox + w->cells[i].x - x, cy = w->oy + w->cells[i].y - y;
      k.leaf |= 1ull << (8 * cy + cx);
    }
    return mc_intern(w, &k, id);
  }
  int64_t half = (int64_t)1 << (level - 1);
  /* cells are sorted by (y, x): the top half is a prefix */
  size_t mid = lo;
  while (mid < hi && w->oy + (int64_t)w->cells[mid].y < y + half) mid++;
  size_t part[2][2] = {{lo, mid}, {mid, hi}};
  for (int q = 0; q < 4; q++) {
    size_t a = part[q >> 1][0], b = part[q >> 1][1];
    int64_t qx = x + ((q & 1) ? half : 0), qy = y + ((q & 2) ? half : 0);
    /* the cells of this quadrant, kept in (y, x) order in a scratch copy */
    size_t cnt = 0;
    for (size_t i = a; i < b; i++) {
      int64_t cx = w->ox + w->cells[i].x;
      cnt += cx >= qx && cx < qx + half;
    }
    if (!cnt) continue;
    golcl__cell *sub = malloc(cnt * sizeof *sub);
    if (!sub) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "macrocell: out of memory");
    size_t m = 0;
    for (size_t i = a; i < b; i++) {
      int64_t cx = w->ox + w->cells[i].x;
      if (cx >= qx && cx < qx + half) sub[m++] = w->cells[i];
    }
    const golcl__cell *saved = w->cells;
    w->cells = sub;
    golcl_status st = mc_build(w, level - 1, qx, qy, 0, cnt, &k.kid[q]);
    w->cells = saved;
    free(sub);
    if (st != GOLCL_OK) return st;
  }
  if (!(k.kid[0] | k.kid[1] | k.kid[2] | k.kid[3])) return GOLCL_OK;
  return mc_intern(w, &k, id);
}

golcl_status golcl_pattern_write_macrocell(const golcl_pattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_macrocell: NULL");
  char rule[GOLCL_PATTERN_RULE_CAP];
  golcl_status st = golcl__pattern_check_limits(p, 0, "golcl_pattern_write_macrocell");
  if (st == GOLCL_OK) st = golcl__pattern_rule_text(p, rule, sizeof rule);
  if (st != GOLCL_OK) return st;
  int err = fprintf(f, "[M2] (libgolcl %s)\n#R %s\n", golcl_version_string(), rule) < 0;
  if (p->generation) err |= fprintf(f, "#G %llu\n", (unsigned long long)p->generation) < 0;
  for (size_t i = 0; i < p->ncomments; i++) err |= fprintf(f, "%s\n", p->comments[i]) < 0;
  if (p->ncells) {
    /* smallest root (level >= 4) that holds the cells: x in [-h, h), y in [1-h, 1+h) */
    int64_t x0 = p->origin_x + p->cells[0].x, x1 = x0, y0 = p->origin_y + p->cells[0].y,
            y1 = p->origin_y + p->cells[p->ncells - 1].y;
    for (size_t i = 0; i < p->ncells; i++) {
      int64_t x = p->origin_x + p->cells[i].x;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
    }
    int level = 4;
    for (; level <= MC_MAX_LEVEL; level++) {
      int64_t h = (int64_t)1 << (level - 1);
      if (x0 >= -h && x1 < h && y0 >= 1 - h && y1 < 1 + h) break;
    }
    if (level > MC_MAX_LEVEL)
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_pattern_write_macrocell: cells beyond 2^61 from the origin");
    mc_writer w;
    memset(&w, 0, sizeof w);
    w.f = f, w.cells = p->cells, w.ox = p->origin_x, w.oy = p->origin_y;
    int64_t h = (int64_t)1 << (level - 1);
    uint32_t root;
    st = mc_build(&w, level, -h, 1 - h, 0, p->ncells, &root);
    err |= w.io_err;
    free(w.keys), free(w.ids);
    if (st != GOLCL_OK) return st;
  }
  if (err || fflush(f) != 0)
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_pattern_write_macrocell: a write failed");
  return GOLCL_OK;
}
