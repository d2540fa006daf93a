/* universe_ms_io.c — multi-state files in and out of a universe, straight
 * between the file and the quadtree (no dense copy, any span): Golly's
 * multi-state macrocell read line by line (gzip or not) into nodes, and
 * written back with shared subtrees once; RLE written band by band of
 * leaves, rows in order, with Golly's multi-state letters. */
#include "universe.h"
#include "../core/rle.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* --------------------------------------------------------- macrocell in */

/* A file node: its level and, at level 1, its four states (packed), else
 * the store's node. */
typedef struct mc_node {
  uint8_t level;
  uint32_t v;
} mc_node;

typedef struct mc_reader {
  golcl__hl *h;
  mc_node *nodes; /* by file id; 0 the empty node */
  size_t n, cap;
  char rule[GOLCL_MSRULE_TEXT_CAP + 64];
  int have_rule;
  uint64_t gen;
  golcl_pattern *notes;
  size_t line;
} mc_reader;

static golcl_status mc_fail(const mc_reader *r, const char *path, const char *why) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "%s, line %zu: %s", path, r->line, why);
}

/* The store node of file id k at level L (k = 0: empty). */
static golcl__hl_id kid_node(const mc_reader *r, uint32_t k, int L) {
  return k ? r->nodes[k].v : r->h->empty[L];
}

/* The 4×4 leaf of a level-2 node from four level-1 nodes (file ids). */
static golcl__hl_id leaf_of(mc_reader *r, const uint32_t k[4]) {
  uint8_t c[16] = {0};
  for (int q = 0; q < 4; q++) {
    uint32_t v = k[q] ? r->nodes[k[q]].v : 0;
    for (int i = 0; i < 4; i++) /* level 1: nw ne sw se states */
      c[4 * (2 * (q >> 1) + (i >> 1)) + 2 * (q & 1) + (i & 1)] = (uint8_t)(v >> (8 * i));
  }
  return golcl__hl_leaf4(r->h, c);
}

/* An 8×8 leaf line ('.', '*', '$'; state 1) as a level-3 node. */
static golcl__hl_id leaf_line(mc_reader *r, const char *s, int *bad) {
  uint8_t b[64] = {0};
  int x = 0, y = 0;
  for (; *s && *s != '\n' && *s != '\r'; s++) {
    if (*s == '$') {
      x = 0, y++;
    } else if ((*s == '.' || *s == '*') && x < 8 && y < 8) {
      b[8 * y + x++] = *s == '*';
    } else {
      *bad = 1;
      return 0;
    }
  }
  golcl__hl_id q[4];
  for (int k = 0; k < 4; k++) {
    uint8_t c[16];
    for (int i = 0; i < 16; i++) c[i] = b[8 * (4 * (k >> 1) + (i >> 2)) + 4 * (k & 1) + (i & 3)];
    q[k] = golcl__hl_leaf4(r->h, c);
  }
  return golcl__hl_node_of(r->h, 3, q[0], q[1], q[2], q[3]);
}

static golcl_status node_line(mc_reader *r, const char *path, const char *s) {
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 4096;
    mc_node *m = realloc(r->nodes, cap * sizeof *m);
    if (!m) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    r->nodes = m, r->cap = cap;
  }
  mc_node nd = {0, 0};
  if (*s == '.' || *s == '*' || *s == '$') {
    int bad = 0;
    nd.level = 3;
    nd.v = leaf_line(r, s, &bad);
    if (bad) return mc_fail(r, path, "a bad 8x8 leaf");
  } else {
    unsigned long long v[5];
    char *end;
    const char *p = s;
    for (int i = 0; i < 5; i++) {
      while (*p == ' ' || *p == '\t') p++;
      if (!isdigit((unsigned char)*p)) return mc_fail(r, path, "a node line needs five numbers");
      v[i] = strtoull(p, &end, 10);
      p = end;
    }
    if (v[0] < 1 || v[0] > GOLCL__HL_MAX_LEVEL) return mc_fail(r, path, "a bad level");
    nd.level = (uint8_t)v[0];
    uint32_t k[4];
    for (int q = 0; q < 4; q++) {
      if (nd.level == 1) {
        if (v[q + 1] > 255) return mc_fail(r, path, "a state above 255");
        nd.v |= (uint32_t)v[q + 1] << (8 * q);
        continue;
      }
      if (v[q + 1] >= r->n || (v[q + 1] && r->nodes[v[q + 1]].level != nd.level - 1))
        return mc_fail(r, path, "a node refers to a later node or one of another level");
      k[q] = (uint32_t)v[q + 1];
    }
    if (nd.level == 2) {
      nd.v = leaf_of(r, k);
    } else if (nd.level > 2) {
      nd.v = golcl__hl_node_of(r->h, nd.level, kid_node(r, k[0], nd.level - 1),
                               kid_node(r, k[1], nd.level - 1), kid_node(r, k[2], nd.level - 1),
                               kid_node(r, k[3], nd.level - 1));
    }
  }
  if (nd.level >= 2 && !nd.v)
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY,
                       "%s: the pattern does not fit the node store (%zu nodes)", path,
                       r->h->max_nodes);
  if (!r->n) r->n = 1; /* id 0: the empty node */
  r->nodes[r->n++] = nd;
  return GOLCL_OK;
}

static golcl_status comment_line(mc_reader *r, char *s) {
  size_t n = strlen(s);
  while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
  if (s[1] == 'R') {
    const char *t = s + 2;
    while (*t == ' ') t++;
    size_t k = strlen(t) < sizeof r->rule - 1 ? strlen(t) : sizeof r->rule - 1;
    memcpy(r->rule, t, k);
    r->rule[k] = '\0';
    r->have_rule = 1;
  } else if (s[1] == 'G') {
    r->gen = strtoull(s + 2, NULL, 10);
  } else {
    if (!r->notes && golcl_pattern_from_live_cells(NULL, NULL, 0, 0, 0, &r->notes) != GOLCL_OK)
      return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    golcl_pattern_add_comment(r->notes, s);
  }
  return GOLCL_OK;
}

static golcl_status read_lines(mc_reader *r, const char *path) {
  gzFile g = gzopen(path, "rb");
  if (!g) return golcl__fail(NULL, GOLCL_E_IO, "%s: cannot be read", path);
  char buf[4096];
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && gzgets(g, buf, sizeof buf)) {
    r->line++;
    if (r->line == 1 && strncmp(buf, "[M2]", 4) != 0)
      st = mc_fail(r, path, "not a macrocell file (no [M2])");
    else if (r->line == 1)
      continue;
    else if (buf[0] == '#')
      st = comment_line(r, buf);
    else if (buf[0] != '\n' && buf[0] != '\r' && buf[0])
      st = node_line(r, path, buf);
  }
  int err;
  gzerror(g, &err);
  if (st == GOLCL_OK && err != Z_OK && err != Z_STREAM_END)
    st = golcl__fail(NULL, GOLCL_E_IO, "%s: a read failed (corrupt gzip data?)", path);
  gzclose(g);
  return st;
}

/* The root node of level >= 4 around Golly's place of the file's root. */
static golcl__hl_id root_of(mc_reader *r) {
  golcl__hl *h = r->h;
  mc_node last = r->nodes[r->n - 1];
  golcl__hl_id id;
  int L = last.level;
  if (L == 1) { /* its 2×2 at cells (1, 1) of a 4×4 leaf: the same top-left place */
    uint8_t c[16] = {0};
    for (int i = 0; i < 4; i++) c[4 * (1 + (i >> 1)) + 1 + (i & 1)] = (uint8_t)(last.v >> (8 * i));
    id = golcl__hl_leaf4(h, c);
    L = 2;
  } else {
    id = last.v;
  }
  /* a root of level L sits in the south-east quadrant of the root of L+1 */
  for (; L < 4 && id; L++)
    id = golcl__hl_node_of(h, L + 1, h->empty[L], h->empty[L], h->empty[L], id);
  return id;
}

golcl_status golcl__universe_read_ms_macrocell(golcl_universe *u, const char *path) {
  golcl_msrule life;
  golcl_status st = golcl_msrule_parse("23/3/3", &life); /* any rule: the file's comes last */
  golcl__hl h;
  if (st == GOLCL_OK) st = golcl__universe_ms_store(u, &life, &h);
  if (st != GOLCL_OK) return st;
  mc_reader r;
  memset(&r, 0, sizeof r);
  r.h = &h;
  golcl_msrule rule;
  st = read_lines(&r, path);
  if (st == GOLCL_OK && !r.have_rule) st = mc_fail(&r, path, "no #R line");
  if (st == GOLCL_OK && strchr(r.rule, ':'))
    st = golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "%s: rule %s: a bounded grid; a universe is the infinite plane", path, r.rule);
  if (st == GOLCL_OK) st = golcl_msrule_parse(r.rule, &rule);
  if (st == GOLCL_OK) st = golcl__universe_ms_rule_ok(&rule);
  if (st == GOLCL_OK && r.n > 1) {
    golcl__hl_id root = root_of(&r);
    if (root)
      h.root = root;
    else
      st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "%s: the pattern does not fit the node store",
                       path);
  }
  unsigned top = 0;
  if (st == GOLCL_OK) {
    uint64_t c[256];
    st = golcl__hl_census(&h, c);
    for (unsigned s = 1; s < 256; s++)
      if (c[s]) top = s;
  }
  if (st == GOLCL_OK && top >= rule.states)
    st =
        golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: a cell in state %u, beyond the %u states of %s",
                    path, top, (unsigned)rule.states, r.rule);
  free(r.nodes);
  if (st != GOLCL_OK) {
    golcl__hl_free(&h);
    golcl_pattern_destroy(r.notes);
    return st;
  }
  golcl__hl_set_msrule(&h, &rule);
  golcl__universe_adopt(u, &h, 1, &rule, NULL, r.gen, r.notes);
  return GOLCL_OK;
}

/* -------------------------------------------------------- macrocell out */

typedef struct mc_out {
  FILE *f;
  uint32_t *fid;  /* by store id: the file's id, 0 not written yet */
  uint32_t *quad; /* level-1 nodes written: packed states -> file id (open addressing) */
  uint32_t *qid;
  size_t nquad; /* slots, a power of two */
  size_t used;
  uint32_t next;
  int err;
} mc_out;

static uint32_t quad_id(mc_out *o, uint32_t v) {
  if (!v) return 0;
  if (2 * (o->used + 1) > o->nquad) {
    size_t ns = o->nquad ? 2 * o->nquad : 4096;
    uint32_t *q = calloc(ns, sizeof *q), *id = calloc(ns, sizeof *id);
    if (!q || !id) {
      free(q), free(id);
      o->err = 1;
      return 0;
    }
    for (size_t i = 0; i < o->nquad; i++)
      if (o->qid[i]) {
        size_t j = (o->quad[i] * 2654435761u) & (ns - 1);
        while (id[j]) j = (j + 1) & (ns - 1);
        q[j] = o->quad[i], id[j] = o->qid[i];
      }
    free(o->quad), free(o->qid);
    o->quad = q, o->qid = id, o->nquad = ns;
  }
  size_t j = (v * 2654435761u) & (o->nquad - 1);
  for (; o->qid[j]; j = (j + 1) & (o->nquad - 1))
    if (o->quad[j] == v) return o->qid[j];
  if (fprintf(o->f, "1 %u %u %u %u\n", v & 255, v >> 8 & 255, v >> 16 & 255, v >> 24) < 0)
    o->err = 1;
  o->quad[j] = v, o->qid[j] = ++o->next;
  o->used++;
  return o->next;
}

static uint32_t mc_write(golcl__hl *h, golcl__hl_id id, mc_out *o) {
  const golcl__hl_node *m = &h->nodes[id];
  if (id == h->empty[m->level] || o->err) return 0;
  if (o->fid[id]) return o->fid[id];
  uint32_t k[4];
  int level = m->level;
  if (level == 2) {
    uint8_t c[16];
    golcl__hl_leaf4_cells(h, id, c);
    for (int q = 0; q < 4; q++) {
      const uint8_t *p = c + 8 * (q >> 1) + 2 * (q & 1);
      k[q] = quad_id(
          o, (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[4] << 16 | (uint32_t)p[5] << 24);
    }
  } else {
    golcl__hl_id q[4] = {m->q[0], m->q[1], m->q[2], m->q[3]};
    for (int i = 0; i < 4; i++) k[i] = mc_write(h, q[i], o);
  }
  if (fprintf(o->f, "%d %u %u %u %u\n", level, k[0], k[1], k[2], k[3]) < 0) o->err = 1;
  return o->fid[id] = ++o->next;
}

int golcl__universe_ms_mc_nodes(golcl_universe *u, FILE *f) {
  mc_out o;
  memset(&o, 0, sizeof o);
  o.f = f;
  o.fid = calloc(u->hl.n, sizeof *o.fid);
  if (!o.fid) return -1;
  mc_write(&u->hl, u->hl.root, &o);
  free(o.fid), free(o.quad), free(o.qid);
  return o.err != 0;
}

/* -------------------------------------------------------------- RLE out */

typedef struct band_leaf {
  int64_t x0;
  uint8_t c[16];
} band_leaf;

typedef struct rle_out {
  golcl__rle_wrap wr; /* the core's line wrap */
  int two;
  int64_t bx;        /* the box's west column */
  int64_t last;      /* the last row written, relative to the box (-1: none) */
  int64_t y0;        /* the band's top row */
  band_leaf *leaves; /* the band's leaves with a cell not in state 0, west to east */
  size_t n, cap;
} rle_out;

static golcl_status take_leaf(void *user, int64_t x0, int64_t y0, const uint8_t c[16]) {
  rle_out *w = user;
  (void)y0;
  if (w->n == w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 256;
    band_leaf *m = realloc(w->leaves, cap * sizeof *m);
    if (!m) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    w->leaves = m, w->cap = cap;
  }
  w->leaves[w->n].x0 = x0;
  memcpy(w->leaves[w->n].c, c, 16);
  w->n++;
  return GOLCL_OK;
}

/* A run of n cells in state s (a run of 0s is held back until a cell not
 * in state 0 follows it: a row ends at its last such cell). */
typedef struct run {
  uint8_t s;
  uint64_t n;
} run;

static void put(rle_out *w, run *rn, uint8_t s, uint64_t n) {
  if (rn->n && rn->s == s) {
    rn->n += n;
    return;
  }
  char sym[3];
  if (rn->n) {
    golcl_mspattern_rle_symbol(rn->s, w->two, sym);
    golcl__rle_emit(&w->wr, rn->n, sym);
  }
  rn->s = s, rn->n = n;
}

/* Writes the band's rows (those of the box: rows by .. by + bh - 1). */
static void band_rows(rle_out *w, int64_t by, int64_t bh) {
  for (int r = 0; r < 4 && w->n; r++) {
    int64_t y = w->y0 + r - by;
    if (y < 0 || y >= bh) continue;
    int any = 0;
    for (size_t i = 0; i < w->n && !any; i++)
      for (int k = 0; k < 4; k++) any |= w->leaves[i].c[4 * r + k] != 0;
    if (!any) continue;
    uint64_t gap = (uint64_t)(y - w->last) - (w->last < 0); /* rows to move down */
    if (gap) golcl__rle_emit(&w->wr, gap, "$");
    w->last = y;
    run rn = {0, 0};
    int64_t x = w->bx; /* the next column to write */
    for (size_t i = 0; i < w->n; i++)
      for (int k = 0; k < 4; k++) {
        uint8_t s = w->leaves[i].c[4 * r + k];
        if (!s) continue;
        int64_t cx = w->leaves[i].x0 + k;
        if (cx > x) put(w, &rn, 0, (uint64_t)(cx - x));
        put(w, &rn, s, 1);
        x = cx + 1;
      }
    put(w, &rn, 0, 0); /* flushes the last run of cells not in state 0 */
  }
  w->n = 0;
}

static golcl_status header(golcl_universe *u, FILE *f, int64_t bx, int64_t by, uint64_t bw,
                           uint64_t bh, const char *rule) {
  int err = 0;
  for (size_t i = 0; i < golcl_pattern_comment_count(u->notes); i++)
    err |= fprintf(f, "%s\n", golcl_pattern_comment(u->notes, i)) < 0;
  int64_t dx = -(int64_t)(bw / 2), dy = -(int64_t)(bh / 2);
  if (bx != dx || by != dy || u->generation) { /* as golcl_mspattern_write_rle */
    err |= fprintf(f, "#CXRLE Pos=%lld,%lld", (long long)bx, (long long)by) < 0;
    if (u->generation) err |= fprintf(f, " Gen=%llu", (unsigned long long)u->generation) < 0;
    err |= fputc('\n', f) == EOF;
  }
  err |= fprintf(f, "x = %llu, y = %llu, rule = %s\n", (unsigned long long)bw,
                 (unsigned long long)bh, rule) < 0;
  return err ? golcl__fail(NULL, GOLCL_E_IO, "golcl_universe_write_rle: a write failed") : GOLCL_OK;
}

/* The cells of a two-state universe as a multi-state store (for the band
 * walk: its Generations form), or the universe's own store. */
static golcl_status ms_view(golcl_universe *u, golcl__hl *tmp, const golcl__hl **view) {
  if (u->ms) {
    *view = &u->hl;
    return GOLCL_OK;
  }
  golcl_msrule r; /* the store's rule: not run, only its cells walked */
  memset(&r, 0, sizeof r);
  r.family = GOLCL_MS_GENERATIONS, r.states = 2, r.table = u->table;
  golcl_status st = golcl__hl_init_ms(tmp, 0, &r);
  if (st == GOLCL_OK && (st = golcl__hl_to_ms(&u->hl, tmp)) != GOLCL_OK) golcl__hl_free(tmp);
  *view = tmp;
  return st;
}

golcl_status golcl__universe_write_ms_rle(golcl_universe *u, FILE *f) {
  golcl_msrule r;
  char rule[GOLCL_MSRULE_TEXT_CAP];
  golcl_status st = golcl_universe_get_msrule(u, &r);
  if (st == GOLCL_OK) st = golcl_msrule_format(&r, rule, sizeof rule);
  int64_t bx, by;
  uint64_t bw, bh;
  if (st == GOLCL_OK) st = golcl__hl_bbox(&u->hl, &bx, &by, &bw, &bh);
  if (st == GOLCL_OK) st = header(u, f, bx, by, bw, bh, rule);
  if (st != GOLCL_OK) return st;
  golcl__hl tmp;
  const golcl__hl *h;
  if ((st = ms_view(u, &tmp, &h)) != GOLCL_OK) return st;
  rle_out w;
  memset(&w, 0, sizeof w);
  w.wr.f = f, w.two = r.states == 2, w.bx = bx, w.last = -1;
  for (int64_t y = golcl__hl_leaf4_y(by); bw && st == GOLCL_OK && y < by + (int64_t)bh; y += 4) {
    w.y0 = y;
    st = golcl__hl_leaves4(h, 1, y, take_leaf, &w);
    if (st == GOLCL_OK) band_rows(&w, by, (int64_t)bh);
  }
  free(w.leaves);
  if (h == &tmp) golcl__hl_free(&tmp);
  if (st != GOLCL_OK) return st;
  golcl__rle_emit(&w.wr, 1, "!");
  if (fputc('\n', f) == EOF || w.wr.err || fflush(f) != 0)
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_universe_write_rle: a write failed");
  return GOLCL_OK;
}
