/* universe_io.c — cells into and out of a universe: patterns (through a
 * map of 8×8 leaves), macrocell files straight into nodes and back,
 * rectangles, RLE. */
#include "universe.h"

#include "../core/rle.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ------------------------------------------------------- leaf accumulator */

static uint64_t leaf_key(int64_t x, int64_t y) {
  uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15ull ^ (uint64_t)y * 0xC2B2AE3D27D4EB4Full;
  return h ^ h >> 29;
}

static int map_grow(golcl__leaf_map *m) {
  size_t cap = m->cap ? m->cap * 2 : 1024;
  int64_t *x = malloc(cap * sizeof *x), *y = malloc(cap * sizeof *y);
  uint64_t *b = calloc(cap, sizeof *b);
  if (!x || !y || !b) {
    free(x), free(y), free(b);
    return -1;
  }
  for (size_t i = 0; i < m->cap; i++)
    if (m->bits[i]) {
      size_t j = leaf_key(m->x[i], m->y[i]) & (cap - 1);
      while (b[j]) j = (j + 1) & (cap - 1);
      x[j] = m->x[i], y[j] = m->y[i], b[j] = m->bits[i];
    }
  free(m->x), free(m->y), free(m->bits);
  m->x = x, m->y = y, m->bits = b, m->cap = cap;
  return 0;
}

/* ORs bits into the leaf at (lx, ly) (on the leaf grid); bits must not be 0. */
static golcl_status map_or(golcl__leaf_map *m, int64_t lx, int64_t ly, uint64_t bits) {
  if ((m->used + 1) * 2 > m->cap && map_grow(m) != 0)
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "universe: out of host memory");
  size_t j = leaf_key(lx, ly) & (m->cap - 1);
  while (m->bits[j] && (m->x[j] != lx || m->y[j] != ly)) j = (j + 1) & (m->cap - 1);
  if (!m->bits[j]) m->x[j] = lx, m->y[j] = ly, m->used++;
  m->bits[j] |= bits;
  return GOLCL_OK;
}

static golcl_status map_cell(golcl__leaf_map *m, int64_t x, int64_t y) {
  int64_t lx = golcl__hl_leaf_x(x), ly = golcl__hl_leaf_y(y);
  return map_or(m, lx, ly, 1ull << (8 * (y - ly) + (x - lx)));
}

golcl_status golcl__leaf_map_flush(golcl__leaf_map *m, golcl__hl *h) {
  const golcl__hl_leafset lv = {.x = m->x, .y = m->y, .bits = m->bits, .cap = m->cap};
  return golcl__hl_set_leaves(h, &lv);
}

void golcl__leaf_map_free(golcl__leaf_map *m) {
  free(m->x), free(m->y), free(m->bits);
  memset(m, 0, sizeof *m);
}

golcl_status golcl__leaf_map_rows(golcl__leaf_map *m, int64_t x0, int64_t y0, const uint64_t *rows,
                                  int n) {
  /* a lookup a leaf: the rows of a band of leaves gathered first */
  for (int r = 0; r < n;) {
    const int64_t ly = golcl__hl_leaf_y(y0 + r);
    uint64_t acc[8] = {0}; /* the eight leaves across the rows */
    for (; r < n && y0 + r < ly + 8; r++)
      for (int k = 0; k < 8; k++) acc[k] |= (rows[r] >> (8 * k) & 0xff) << (8 * (y0 + r - ly));
    for (int k = 0; k < 8; k++) {
      golcl_status st = acc[k] ? map_or(m, x0 + 8 * k, ly, acc[k]) : GOLCL_OK;
      if (st != GOLCL_OK) return st;
    }
  }
  return GOLCL_OK;
}

/* A new store with the universe's bound and rule (for loads that must leave
 * the universe as it was on failure). */
static golcl_status fresh_store(const golcl_universe *u, const golcl_rule_table *t, golcl__hl *h) {
  uint8_t tab[512];
  golcl_rule_table_at(t, 0, tab);
  golcl_status st = golcl__hl_init(h, u->opts.max_memory);
  if (st == GOLCL_OK) golcl__hl_set_rule(h, tab);
  return st;
}

static golcl_status check_header(const golcl_pattern *p, golcl_rule_table *t) {
  if (golcl_pattern_topology(p, NULL, NULL) != GOLCL_TOPOLOGY_INFINITE) {
    char rule[GOLCL_PATTERN_RULE_CAP] = "?";
    golcl_pattern_rule_text(p, rule, sizeof rule);
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "rule %s: a bounded grid; a universe is the infinite plane (run it on a "
                       "golcl_grid with golcl_grid_set_bounds)",
                       rule);
  }
  golcl_status st = golcl_pattern_rule_table(p, t);
  uint8_t tab[512];
  return st != GOLCL_OK ? st : golcl__universe_run_table(t, tab);
}

/* A pattern of no cells holding the comment lines of p (NULL if none or
 * out of memory: comments are kept where they can be). */
static golcl_pattern *notes_of(const golcl_pattern *p) {
  size_t n = golcl_pattern_comment_count(p);
  golcl_pattern *c = NULL;
  if (!n || golcl_pattern_from_live_cells(NULL, NULL, 0, 0, 0, &c) != GOLCL_OK) return NULL;
  for (size_t i = 0; i < n; i++) golcl_pattern_add_comment(c, golcl_pattern_comment(p, i));
  return c;
}

/* Takes the store h, the rule, generation and comments into the universe. */
static void adopt(golcl_universe *u, golcl__hl *h, const golcl_rule_table *t, uint64_t gen,
                  const golcl_pattern *from) {
  golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
  golcl__hl_free(&u->hl);
  u->hl = *h;
  u->ms = 0;
  u->table = *t;
  u->generation = gen;
  golcl_pattern_destroy(u->notes);
  u->notes = notes_of(from);
}

golcl_status golcl_universe_load(golcl_universe *u, const golcl_pattern *p) {
  if (!u || !p) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_load: NULL");
  golcl_rule_table t;
  golcl_status st = check_header(p, &t);
  if (st != GOLCL_OK) return st;
  golcl__hl h;
  st = fresh_store(u, &t, &h);
  if (st != GOLCL_OK) return st;
  int64_t ox, oy;
  golcl_pattern_origin(p, &ox, &oy);
  golcl__leaf_map m;
  memset(&m, 0, sizeof m);
  uint64_t n = golcl_pattern_population(p), bits = 0;
  int64_t lx = 0, ly = 0;
  /* the cells come row by row: those of one leaf's row together, one
   * lookup for them (a lookup a cell was a sixth of loading a 25 000-cell
   * gun, 2026-11-29) */
  for (uint64_t i = 0; i < n && st == GOLCL_OK; i++) {
    uint32_t cx, cy;
    golcl_pattern_live_cell(p, i, &cx, &cy);
    const int64_t x = ox + cx, y = oy + cy, kx = golcl__hl_leaf_x(x), ky = golcl__hl_leaf_y(y);
    if (bits && (kx != lx || ky != ly)) st = map_or(&m, lx, ly, bits), bits = 0;
    lx = kx, ly = ky;
    bits |= 1ull << (8 * (y - ky) + (x - kx));
  }
  if (st == GOLCL_OK && bits) st = map_or(&m, lx, ly, bits);
  if (st == GOLCL_OK) st = golcl__leaf_map_flush(&m, &h);
  golcl__leaf_map_free(&m);
  if (st != GOLCL_OK) {
    golcl__hl_free(&h);
    return st;
  }
  adopt(u, &h, &t, golcl_pattern_generation(p), p);
  return GOLCL_OK;
}

/* ----------------------------------------------------------- macrocell in */

typedef struct mc_in {
  golcl__hl *h;
  uint8_t *level;   /* by file id */
  uint64_t *small;  /* level ≤ 3 below leaves: cells in the top-left of an 8×8 */
  golcl__hl_id *id; /* level ≥ 3: the store's node */
  size_t cap;
  uint32_t last;
} mc_in;

static golcl_status mc_node_in(void *user, uint32_t fid, const golcl_macrocell_node *nd) {
  mc_in *c = user;
  if (fid >= c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 4096;
    while (cap <= fid) cap *= 2;
    uint8_t *l = realloc(c->level, cap);
    if (l) c->level = l;
    uint64_t *s = realloc(c->small, cap * sizeof *s);
    if (s) c->small = s;
    golcl__hl_id *i = realloc(c->id, cap * sizeof *i);
    if (i) c->id = i;
    if (!l || !s || !i) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "universe: out of memory");
    c->cap = cap;
  }
  golcl__hl *h = c->h;
  c->level[fid] = (uint8_t)nd->level;
  c->small[fid] = 0, c->id[fid] = 0;
  c->last = fid;
  if (nd->is_leaf) {
    c->small[fid] = nd->leaf;
    c->id[fid] = golcl__hl_leaf(h, nd->leaf);
  } else if (nd->level <= 3) {
    int half = 1 << (nd->level - 1);
    uint64_t b = 0;
    for (int q = 0; q < 4; q++) {
      uint64_t k = nd->level == 1 ? (uint64_t)nd->kid[q] : nd->kid[q] ? c->small[nd->kid[q]] : 0;
      b |= k << ((q & 1) * half + 8 * (q >> 1) * half);
    }
    c->small[fid] = b;
    if (nd->level == 3) c->id[fid] = golcl__hl_leaf(h, b);
  } else {
    golcl__hl_id q[4];
    for (int i = 0; i < 4; i++) q[i] = nd->kid[i] ? c->id[nd->kid[i]] : h->empty[nd->level - 1];
    c->id[fid] = golcl__hl_node_of(h, (int)nd->level, q[0], q[1], q[2], q[3]);
  }
  if ((nd->level >= 3 && !c->id[fid]) || h->oom)
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY,
                       "universe: the macrocell does not fit the node store (%zu nodes)",
                       h->max_nodes);
  return GOLCL_OK;
}

static golcl_status read_macrocell(golcl_universe *u, const char *path) {
  golcl__hl h;
  golcl_rule_table life;
  golcl_rule lf = {1u << 3, (1u << 2) | (1u << 3)};
  golcl_rule_table_from_rule(lf, &life);
  golcl_status st = fresh_store(u, &life, &h);
  if (st != GOLCL_OK) return st;
  mc_in c;
  memset(&c, 0, sizeof c);
  c.h = &h;
  golcl_pattern *hdr = NULL;
  golcl_rule_table t;
  st = golcl_macrocell_read_nodes(path, &hdr, mc_node_in, &c);
  if (st == GOLCL_OK) st = check_header(hdr, &t);
  if (st == GOLCL_OK && c.last) {
    int d = c.level[c.last];
    if (d >= 4) {
      h.root = c.id[c.last];
    } else { /* a small root: its cells one by one */
      int64_t half = (int64_t)1 << (d - 1);
      uint64_t b = c.small[c.last];
      golcl__leaf_map m;
      memset(&m, 0, sizeof m);
      for (int i = 0; i < 64 && st == GOLCL_OK; i++)
        if (b >> i & 1) st = map_cell(&m, -half + i % 8, 1 - half + i / 8);
      if (st == GOLCL_OK) st = golcl__leaf_map_flush(&m, &h);
      golcl__leaf_map_free(&m);
    }
  }
  if (st == GOLCL_OK) {
    uint8_t tab[512];
    golcl_rule_table_at(&t, 0, tab);
    golcl__hl_set_rule(&h, tab);
    adopt(u, &h, &t, golcl_pattern_generation(hdr), hdr);
  } else {
    golcl__hl_free(&h);
  }
  golcl_pattern_destroy(hdr);
  free(c.level), free(c.small), free(c.id);
  return st;
}

static int is_macrocell_path(const char *path) {
  size_t n = strlen(path);
  if ((n >= 3 && strcmp(path + n - 3, ".mc") == 0) ||
      (n >= 6 && strcmp(path + n - 6, ".mc.gz") == 0))
    return 1;
  FILE *f = fopen(path, "rb");
  char head[4] = {0};
  int mc = f && fread(head, 1, 4, f) == 4 && memcmp(head, "[M2]", 4) == 0;
  if (f) fclose(f);
  return mc;
}

/* The rule of a macrocell file's "#R" line is a two-state rule (or there
 * is none: B3/S23). */
static int macrocell_is_two_state(const char *path) {
  gzFile g = gzopen(path, "rb");
  char line[512];
  int two = 1;
  for (int i = 0; g && i < 100000 && gzgets(g, line, sizeof line); i++) {
    if (line[0] != '#' && i > 0) break;
    if (strncmp(line, "#R", 2) != 0) continue;
    char *t = line + 2, *e;
    while (*t == ' ') t++;
    for (e = t; *e && *e != '\n' && *e != '\r' && *e != ':'; e++) continue;
    *e = '\0';
    golcl_rule_table tab;
    two = golcl_rule_table_parse(t, &tab) == GOLCL_OK;
    break;
  }
  if (g) gzclose(g);
  return two;
}

/* A file the two-state reader refused with `st` (its message in `why`):
 * read as multi-state cells; where that fails too, the error that says
 * more (the two-state one for a two-state rule). */
static golcl_status read_ms_file(golcl_universe *u, const char *path, golcl_status st,
                                 const char *why) {
  golcl_mspattern *p = NULL;
  golcl_status ms = golcl_mspattern_read_file(path, &p);
  if (ms == GOLCL_OK) {
    ms = golcl_universe_load_ms(u, p);
    golcl_mspattern_destroy(p);
    return ms;
  }
  char ms_why[1024];
  snprintf(ms_why, sizeof ms_why, "%s", golcl_last_errmsg());
  /* RLE of any rule past the pattern limits (a box or a run count): the
   * text straight into leaves, which has none; where that fails on the
   * text too, the error of the reader that says more */
  if (st == GOLCL_E_PARSE || ms == GOLCL_E_PARSE) {
    golcl_status rs = golcl__universe_read_ms_rle(u, path);
    if (rs != GOLCL_E_PARSE) return rs;
  }
  if (strstr(ms_why, "two-state")) return golcl__fail(NULL, st, "%s", why);
  return golcl__fail(NULL, ms, "%s", ms_why);
}

golcl_status golcl_universe_read_file(golcl_universe *u, const char *path) {
  if (!u || !path) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_read_file: NULL");
  if (is_macrocell_path(path))
    return macrocell_is_two_state(path) ? read_macrocell(u, path)
                                        : golcl__universe_read_ms_macrocell(u, path);
  golcl_pattern *p = NULL;
  golcl_status st = golcl_pattern_read_file(path, &p);
  if (st == GOLCL_OK) {
    st = golcl_universe_load(u, p);
    golcl_pattern_destroy(p);
    return st;
  }
  if (st != GOLCL_E_PARSE && st != GOLCL_E_UNSUPPORTED) return st;
  char why[1024];
  snprintf(why, sizeof why, "%s", golcl_last_errmsg());
  return read_ms_file(u, path, st, why);
}

/* ------------------------------------------------------------ rectangles */

static golcl_status check_rect(const char *fn, int64_t x, int64_t y, uint32_t w, uint32_t h,
                               const void *cells, size_t *row_stride) {
  int64_t lim = (int64_t)1 << 61;
  if (*row_stride == 0) *row_stride = w;
  if ((!cells && w && h) || *row_stride < w)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: NULL cells or row_stride < w", fn);
  if (x < -lim || y < -lim || x > lim - (int64_t)w || y > lim - (int64_t)h)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: a rectangle beyond 2^61 from the origin",
                       fn);
  return GOLCL_OK;
}

static golcl_status read_rect_ms(golcl_universe *u, int64_t x, int64_t y, uint32_t w, uint32_t h,
                                 uint8_t *cells, size_t row_stride) {
  for (int64_t ly = golcl__hl_leaf4_y(y); ly < y + h; ly += 4)
    for (int64_t lx = golcl__hl_leaf4_x(x); lx < x + w; lx += 4) {
      uint8_t c[16];
      golcl__hl_get_leaf4(&u->hl, lx, ly, c);
      for (int i = 0; i < 16; i++) {
        int64_t cx = lx + (i & 3), cy = ly + (i >> 2);
        if (cx < x || cy < y || cx >= x + w || cy >= y + h) continue;
        cells[(size_t)(cy - y) * row_stride + (size_t)(cx - x)] = c[i];
      }
    }
  return GOLCL_OK;
}

static golcl_status write_rect_ms(golcl_universe *u, int64_t x, int64_t y, uint32_t w, uint32_t h,
                                  const uint8_t *cells, size_t row_stride) {
  for (uint32_t r = 0; r < h; r++)
    for (uint32_t c = 0; c < w; c++)
      if (cells[(size_t)r * row_stride + c] >= u->msrule.states)
        return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                           "golcl_universe_write_rect: state %u is beyond the rule's %u states",
                           (unsigned)cells[(size_t)r * row_stride + c], (unsigned)u->msrule.states);
  /* the leaves the rectangle changes, set at once (golcl__hl_set_leaves) */
  const int64_t lx0 = golcl__hl_leaf4_x(x), ly0 = golcl__hl_leaf4_y(y);
  const size_t cols = (size_t)((x + w - lx0 + 3) / 4), rows = (size_t)((y + h - ly0 + 3) / 4);
  int64_t *lxs = malloc(cols * rows * sizeof *lxs), *lys = malloc(cols * rows * sizeof *lys);
  uint8_t *cs = malloc(cols * rows * 16);
  uint16_t *ms = malloc(cols * rows * sizeof *ms);
  if (!lxs || !lys || !cs || !ms) {
    free(lxs), free(lys), free(cs), free(ms);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  size_t n = 0;
  for (int64_t ly = ly0; ly < y + h; ly += 4)
    for (int64_t lx = lx0; lx < x + w; lx += 4) {
      uint8_t *c = cs + 16 * n, old[16];
      unsigned mask = 0;
      memset(c, 0, 16);
      for (int i = 0; i < 16; i++) {
        int64_t cx = lx + (i & 3), cy = ly + (i >> 2);
        if (cx < x || cy < y || cx >= x + w || cy >= y + h) continue;
        mask |= 1u << i;
        c[i] = cells[(size_t)(cy - y) * row_stride + (size_t)(cx - x)];
      }
      golcl__hl_get_leaf4(&u->hl, lx, ly, old);
      int change = 0;
      for (int i = 0; i < 16; i++) change |= (mask >> i & 1) && old[i] != c[i];
      if (change) lxs[n] = lx, lys[n] = ly, ms[n++] = (uint16_t)mask;
    }
  golcl__hl_id saved = u->hl.root; /* no collection happens while leaves are set */
  const golcl__hl_leafset lv = {.x = lxs, .y = lys, .cells = cs, .mask16 = ms, .cap = n};
  golcl_status st = golcl__hl_set_leaves(&u->hl, &lv);
  free(lxs), free(lys), free(cs), free(ms);
  if (st != GOLCL_OK)
    u->hl.root = saved;
  else
    golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
  return st;
}

golcl_status golcl_universe_read_rect(golcl_universe *u, int64_t x, int64_t y, uint32_t w,
                                      uint32_t h, uint8_t *cells, size_t row_stride) {
  if (!u) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_read_rect: NULL");
  golcl_status st = check_rect("golcl_universe_read_rect", x, y, w, h, cells, &row_stride);
  if (st != GOLCL_OK || !w || !h) return st;
  if (u->ms) return read_rect_ms(u, x, y, w, h, cells, row_stride);
  for (int64_t ly = golcl__hl_leaf_y(y); ly < y + h; ly += 8)
    for (int64_t lx = golcl__hl_leaf_x(x); lx < x + w; lx += 8) {
      uint64_t b = golcl__hl_get_leaf(&u->hl, lx, ly);
      for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
          int64_t cx = lx + c, cy = ly + r;
          if (cx < x || cy < y || cx >= x + w || cy >= y + h) continue;
          cells[(size_t)(cy - y) * row_stride + (size_t)(cx - x)] = (uint8_t)(b >> (8 * r + c) & 1);
        }
    }
  return GOLCL_OK;
}

golcl_status golcl_universe_write_rect(golcl_universe *u, int64_t x, int64_t y, uint32_t w,
                                       uint32_t h, const uint8_t *cells, size_t row_stride) {
  if (!u) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_write_rect: NULL");
  golcl_status st = check_rect("golcl_universe_write_rect", x, y, w, h, cells, &row_stride);
  if (st != GOLCL_OK || !w || !h) return st;
  if (u->ms) return write_rect_ms(u, x, y, w, h, cells, row_stride);
  /* the leaves the rectangle changes, set at once (golcl__hl_set_leaves: each
   * node of the new tree made once, not a path of nodes a leaf) */
  const int64_t lx0 = golcl__hl_leaf_x(x), ly0 = golcl__hl_leaf_y(y);
  const size_t cols = (size_t)((x + w - lx0 + 7) / 8), rows = (size_t)((y + h - ly0 + 7) / 8);
  int64_t *lxs = malloc(cols * rows * sizeof *lxs), *lys = malloc(cols * rows * sizeof *lys);
  uint64_t *bs = malloc(cols * rows * sizeof *bs), *ms = malloc(cols * rows * sizeof *ms);
  if (!lxs || !lys || !bs || !ms) {
    free(lxs), free(lys), free(bs), free(ms);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  size_t n = 0;
  for (int64_t ly = ly0; ly < y + h; ly += 8)
    for (int64_t lx = lx0; lx < x + w; lx += 8) {
      uint64_t bits = 0, mask = 0;
      for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
          int64_t cx = lx + c, cy = ly + r;
          if (cx < x || cy < y || cx >= x + w || cy >= y + h) continue;
          mask |= 1ull << (8 * r + c);
          if (cells[(size_t)(cy - y) * row_stride + (size_t)(cx - x)]) bits |= 1ull << (8 * r + c);
        }
      if (bits || golcl__hl_get_leaf(&u->hl, lx, ly) & mask)
        lxs[n] = lx, lys[n] = ly, bs[n] = bits, ms[n++] = mask;
    }
  golcl__hl_id saved = u->hl.root; /* no collection happens while leaves are set */
  const golcl__hl_leafset lv = {.x = lxs, .y = lys, .bits = bs, .mask = ms, .cap = n};
  st = golcl__hl_set_leaves(&u->hl, &lv);
  free(lxs), free(lys), free(bs), free(ms);
  if (st != GOLCL_OK)
    u->hl.root = saved;
  else
    golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
  return st;
}

/* ---------------------------------------------------------------- output */

typedef struct cell_list {
  uint32_t *x, *y;
  size_t n, cap;
  int64_t bx, by;
} cell_list;

static golcl_status list_leaf(void *user, int64_t x0, int64_t y0, uint64_t bits) {
  cell_list *l = user;
  while (bits) {
    int b = __builtin_ctzll(bits);
    bits &= bits - 1;
    if (l->n == l->cap) {
      size_t cap = l->cap ? l->cap * 2 : 4096;
      uint32_t *x = realloc(l->x, cap * sizeof *x);
      if (x) l->x = x;
      uint32_t *y = realloc(l->y, cap * sizeof *y);
      if (y) l->y = y;
      if (!x || !y) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "universe: out of memory");
      l->cap = cap;
    }
    l->x[l->n] = (uint32_t)(x0 + b % 8 - l->bx);
    l->y[l->n] = (uint32_t)(y0 + b / 8 - l->by);
    l->n++;
  }
  return GOLCL_OK;
}

golcl_status golcl_universe_extract(golcl_universe *u, golcl_pattern **out) {
  if (out) *out = NULL;
  if (!u || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_extract: NULL");
  if (u->ms)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_extract: multi-state cells (golcl_universe_extract_ms)");
  int64_t bx, by;
  uint64_t bw, bh, pop;
  golcl_status st = golcl__hl_bbox(&u->hl, &bx, &by, &bw, &bh);
  if (st == GOLCL_OK) st = golcl__hl_population(&u->hl, &pop);
  if (st != GOLCL_OK) return st;
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  if (bw > lim.max_width || bh > lim.max_height || pop > lim.max_cells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_universe_extract: %llu live cells span %llu x %llu, past the "
                       "pattern limits (%u x %u, %llu cells): write macrocell instead",
                       (unsigned long long)pop, (unsigned long long)bw, (unsigned long long)bh,
                       lim.max_width, lim.max_height, (unsigned long long)lim.max_cells);
  cell_list l;
  memset(&l, 0, sizeof l);
  l.bx = bx, l.by = by;
  st = golcl__hl_leaves(&u->hl, list_leaf, &l);
  golcl_pattern *p = NULL;
  if (st == GOLCL_OK)
    st = golcl_pattern_from_live_cells(l.x, l.y, l.n, (uint32_t)bw, (uint32_t)bh, &p);
  free(l.x), free(l.y);
  if (st == GOLCL_OK) st = golcl_pattern_set_origin(p, bx, by);
  if (st == GOLCL_OK) st = golcl_pattern_set_rule_table(p, &u->table);
  if (st == GOLCL_OK) st = golcl_pattern_set_generation(p, u->generation);
  for (size_t i = 0; st == GOLCL_OK && i < golcl_pattern_comment_count(u->notes); i++)
    st = golcl_pattern_add_comment(p, golcl_pattern_comment(u->notes, i));
  if (st != GOLCL_OK) {
    golcl_pattern_destroy(p);
    return st;
  }
  *out = p;
  return GOLCL_OK;
}

/* Two-state RLE straight from the tree, a band of leaves (8 rows) at a
 * time, west to east: the text golcl_pattern_write_rle gives the pattern
 * golcl_universe_extract makes, without the list of cells, its sort and
 * the pattern limits (infinite-Corderships-gun at generation 1000, 13 201
 * cells: golcl run's writing 0.93 ms against 1.36 through the pattern, the
 * file's creation included, pocl, 2026-11-29). */
typedef struct rle_band {
  golcl__rle_wrap wr;
  int64_t bx;
  uint64_t rows_done; /* rows of the box the text has moved down past */
  int64_t *lx;        /* the band's leaves */
  uint64_t *bits;
  size_t n, cap;
} rle_band;

static golcl_status band_leaf(void *user, int64_t x0, int64_t y0, uint64_t bits) {
  (void)y0;
  rle_band *b = user;
  if (b->n == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 256;
    int64_t *lx = realloc(b->lx, cap * sizeof *lx);
    if (lx) b->lx = lx;
    uint64_t *bt = lx ? realloc(b->bits, cap * sizeof *bt) : NULL;
    if (!bt) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "universe: out of host memory");
    b->bits = bt, b->cap = cap;
  }
  b->lx[b->n] = x0, b->bits[b->n++] = bits;
  return GOLCL_OK;
}

/* The run of len live cells from column start of row yr (the row's first
 * run: the moves down to it first), after the dead cells from x. */
static void band_run(rle_band *b, uint64_t yr, int *begun, uint64_t *x, uint64_t start,
                     uint64_t len) {
  if (!*begun) {
    if (yr > b->rows_done) golcl__rle_emit(&b->wr, yr - b->rows_done, "$");
    b->rows_done = yr, *begun = 1;
  }
  if (start > *x) golcl__rle_emit(&b->wr, start - *x, "b");
  golcl__rle_emit(&b->wr, len, "o");
  *x = start + len;
}

/* Row yr of the box, bit row r of the band's leaves: each run of live
 * cells whole, across leaves. */
static void band_row(rle_band *b, int r, uint64_t yr) {
  uint64_t x = 0, start = 0, len = 0;
  int begun = 0;
  for (size_t i = 0; i < b->n; i++)
    for (unsigned byte = (unsigned)(b->bits[i] >> (8 * r) & 0xff); byte; byte &= byte - 1) {
      const uint64_t cx = (uint64_t)(b->lx[i] - b->bx) + (uint64_t)__builtin_ctz(byte);
      if (len && cx == start + len) {
        len++;
        continue;
      }
      if (len) band_run(b, yr, &begun, &x, start, len);
      start = cx, len = 1;
    }
  if (len) band_run(b, yr, &begun, &x, start, len);
}

static golcl_status write_two_state_rle(golcl_universe *u, FILE *f) {
  char rule[GOLCL_RULE_TEXT_CAP];
  int64_t bx, by;
  uint64_t bw, bh;
  golcl_status st = golcl_rule_table_format(&u->table, rule, sizeof rule);
  if (st == GOLCL_OK) st = golcl__hl_bbox(&u->hl, &bx, &by, &bw, &bh);
  if (st != GOLCL_OK) return st;
  int err = fprintf(f, "#CXRLE Pos=%lld,%lld", (long long)bx, (long long)by) < 0;
  if (u->generation) err |= fprintf(f, " Gen=%llu", (unsigned long long)u->generation) < 0;
  err |= fputc('\n', f) == EOF;
  for (size_t i = 0; i < golcl_pattern_comment_count(u->notes); i++)
    err |= fprintf(f, "%s\n", golcl_pattern_comment(u->notes, i)) < 0;
  err |= fprintf(f, "x = %llu, y = %llu, rule = %s\n", (unsigned long long)bw,
                 (unsigned long long)bh, rule) < 0;
  rle_band b;
  memset(&b, 0, sizeof b);
  b.wr.f = f, b.bx = bx;
  for (int64_t ly = golcl__hl_leaf_y(by); bh && st == GOLCL_OK && ly < by + (int64_t)bh; ly += 8) {
    b.n = 0;
    st = golcl__hl_band_leaves(&u->hl, ly, band_leaf, &b);
    for (int r = 0; r < 8 && st == GOLCL_OK && b.n; r++)
      if (ly + r >= by && ly + r < by + (int64_t)bh) band_row(&b, r, (uint64_t)(ly + r - by));
  }
  free(b.lx), free(b.bits);
  if (st != GOLCL_OK) return st;
  golcl__rle_emit(&b.wr, 1, "!");
  if (err || fputc('\n', f) == EOF || b.wr.err || fflush(f) != 0)
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_universe_write_rle: a write failed");
  return GOLCL_OK;
}

golcl_status golcl_universe_write_rle(golcl_universe *u, FILE *f) {
  if (!u || !f) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_write_rle: NULL");
  return u->ms ? golcl__universe_write_ms_rle(u, f) : write_two_state_rle(u, f);
}

typedef struct mc_out {
  FILE *f;
  uint32_t *fid; /* by store id: the file's id, 0 not written yet */
  uint32_t next;
  int err;
} mc_out;

static uint32_t mc_write(golcl__hl *h, golcl__hl_id id, mc_out *o) {
  const golcl__hl_node *m = &h->nodes[id];
  if (id == h->empty[m->level]) return 0;
  if (o->fid[id]) return o->fid[id];
  if (m->level == 3) {
    uint64_t b = (uint64_t)m->q[0] | (uint64_t)m->q[1] << 32;
    char line[80];
    size_t n = 0;
    int last_row = 7;
    while (last_row >= 0 && !(b >> (8 * last_row) & 0xff)) last_row--;
    for (int r = 0; r <= last_row; r++) {
      unsigned row = (unsigned)(b >> (8 * r) & 0xff);
      int last = 7;
      while (last >= 0 && !(row >> last & 1)) last--;
      for (int c = 0; c <= last; c++) line[n++] = (row >> c & 1) ? '*' : '.';
      line[n++] = '$';
    }
    line[n++] = '\n';
    if (fwrite(line, 1, n, o->f) != n) o->err = 1;
  } else {
    uint32_t k[4];
    golcl__hl_id q[4] = {m->q[0], m->q[1], m->q[2], m->q[3]};
    int level = m->level;
    for (int i = 0; i < 4; i++) k[i] = mc_write(h, q[i], o);
    if (fprintf(o->f, "%d %u %u %u %u\n", level, k[0], k[1], k[2], k[3]) < 0) o->err = 1;
  }
  return o->fid[id] = ++o->next;
}

/* The node lines of a two-state store: as golcl__universe_ms_mc_nodes. */
static int mc_nodes(golcl_universe *u, FILE *f) {
  mc_out o;
  memset(&o, 0, sizeof o);
  o.f = f;
  o.fid = calloc(u->hl.n, sizeof *o.fid);
  if (!o.fid) return -1;
  mc_write(&u->hl, u->hl.root, &o);
  free(o.fid);
  return o.err != 0;
}

golcl_status golcl_universe_write_macrocell(golcl_universe *u, FILE *f) {
  if (!u || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_write_macrocell: NULL");
  char rule[GOLCL_RULE_TEXT_CAP + GOLCL_MSRULE_TEXT_CAP];
  golcl_status st = u->ms ? golcl_msrule_format(&u->msrule, rule, sizeof rule)
                          : golcl_rule_table_format(&u->table, rule, sizeof rule);
  if (st != GOLCL_OK) return st;
  int err = fprintf(f, "[M2] (libgolcl %s)\n#R %s\n", golcl_version_string(), rule) < 0;
  if (u->generation) err |= fprintf(f, "#G %llu\n", (unsigned long long)u->generation) < 0;
  for (size_t i = 0; i < golcl_pattern_comment_count(u->notes); i++)
    err |= fprintf(f, "%s\n", golcl_pattern_comment(u->notes, i)) < 0;
  int nodes = u->ms ? golcl__universe_ms_mc_nodes(u, f) : mc_nodes(u, f);
  if (nodes < 0) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "universe: out of host memory");
  if (err || nodes || fflush(f) != 0)
    return golcl__fail(NULL, GOLCL_E_IO, "golcl_universe_write_macrocell: a write failed");
  return GOLCL_OK;
}
