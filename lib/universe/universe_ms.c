/* universe_ms.c — multi-state cells in the universe: which rules it takes,
 * switching between two-state and multi-state cells (the tree converted
 * node by node), loading and extracting multi-state patterns, the census. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

golcl_status golcl__universe_ms_rule_ok(const golcl_msrule *rule) {
  char text[GOLCL_MSRULE_TEXT_CAP];
  golcl_status st = golcl_msrule_format(rule, text, sizeof text);
  if (st != GOLCL_OK) return st;
  golcl_ruletree_info info;
  if (rule->family == GOLCL_MS_RULELOADER && golcl_msrule_tree_info(rule, &info) == GOLCL_OK &&
      strcmp(info.neighbourhood, "oneDimensional") == 0)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "rule %s: a oneDimensional rule, which Golly runs on bounded grids "
                       "(golcl_msgrid does)",
                       text);
  /* the plane's background must stay 0, or the empty plane would change */
  uint8_t next = 0;
  st = golcl_msrule_background_next(rule, &next);
  if (st != GOLCL_OK) return st;
  if (next)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "rule %s: a cell in state 0 among cells in state 0 becomes %u, so the "
                       "endless background would not stay 0",
                       text, (unsigned)next);
  return GOLCL_OK;
}

golcl_status golcl__universe_ms_store(const golcl_universe *u, const golcl_msrule *rule,
                                      golcl__hl *h) {
  return golcl__hl_init_ms(h, u->opts.max_memory, rule);
}

void golcl__universe_adopt(golcl_universe *u, golcl__hl *h, int ms, const golcl_msrule *rule,
                           const golcl_rule_table *table, uint64_t gen, golcl_pattern *notes) {
  golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
  golcl__hl_free(&u->hl);
  u->hl = *h;
  u->ms = ms;
  if (ms) u->msrule = *rule;
  if (table) u->table = *table;
  u->generation = gen;
  if (notes != u->notes) golcl_pattern_destroy(u->notes);
  u->notes = notes;
}

/* The highest state of a cell (0 for none). */
static golcl_status top_state(golcl_universe *u, unsigned *top) {
  uint64_t c[256];
  golcl_status st = golcl_universe_census(u, c);
  *top = 0;
  for (unsigned s = 1; s < 256 && st == GOLCL_OK; s++)
    if (c[s]) *top = s;
  return st;
}

golcl_status golcl_universe_set_msrule(golcl_universe *u, const golcl_msrule *rule) {
  if (!u || !rule) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_set_msrule: NULL");
  golcl_status st = golcl__universe_ms_rule_ok(rule);
  if (st != GOLCL_OK) return st;
  unsigned top;
  if ((st = top_state(u, &top)) != GOLCL_OK) return st;
  if (top >= rule->states)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_universe_set_msrule: the universe has cells in state %u, beyond "
                       "the rule's %u states",
                       top, (unsigned)rule->states);
  if (u->ms) {
    golcl__hl_set_msrule(&u->hl, rule);
    u->msrule = *rule;
    golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
    return GOLCL_OK;
  }
  golcl__hl h;
  if ((st = golcl__universe_ms_store(u, rule, &h)) != GOLCL_OK) return st;
  if ((st = golcl__hl_to_ms(&u->hl, &h)) != GOLCL_OK) {
    golcl__hl_free(&h);
    return st;
  }
  golcl__universe_adopt(u, &h, 1, rule, NULL, u->generation, u->notes);
  return GOLCL_OK;
}

golcl_status golcl_universe_get_msrule(const golcl_universe *u, golcl_msrule *out) {
  if (!u || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_get_msrule: NULL");
  if (u->ms) {
    *out = u->msrule;
    return GOLCL_OK;
  }
  golcl_msrule r;
  memset(&r, 0, sizeof r);
  r.family = GOLCL_MS_GENERATIONS;
  r.states = 2;
  r.table = u->table;
  char text[GOLCL_MSRULE_TEXT_CAP];
  if (golcl_msrule_format(&r, text, sizeof text) != GOLCL_OK) {
    char two[GOLCL_RULE_TEXT_CAP] = "?";
    golcl_rule_table_format(&u->table, two, sizeof two);
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_get_msrule: rule %s has no Generations form", two);
  }
  *out = r;
  return GOLCL_OK;
}

uint32_t golcl_universe_states(const golcl_universe *u) {
  return !u ? 0 : u->ms ? u->msrule.states : 2;
}

golcl_status golcl_universe_census(golcl_universe *u, uint64_t counts[256]) {
  if (!u || !counts) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_census: NULL");
  if (u->ms) return golcl__hl_census(&u->hl, counts);
  uint64_t pop;
  golcl_status st = golcl__hl_population(&u->hl, &pop);
  if (st != GOLCL_OK) return st;
  memset(counts, 0, 256 * sizeof *counts);
  counts[1] = pop;
  return GOLCL_OK;
}

/* ------------------------------------------------------------- patterns */

/* A pattern of no cells holding the comment lines of p (NULL if none). */
static golcl_pattern *notes_of(const golcl_mspattern *p) {
  size_t n = golcl_mspattern_comment_count(p);
  golcl_pattern *c = NULL;
  if (!n || golcl_pattern_from_live_cells(NULL, NULL, 0, 0, 0, &c) != GOLCL_OK) return NULL;
  for (size_t i = 0; i < n; i++) golcl_pattern_add_comment(c, golcl_mspattern_comment(p, i));
  return c;
}

/* A pattern of two states under a Generations rule of two states, loaded
 * as two-state cells through a golcl_pattern. */
static golcl_status load_two(golcl_universe *u, const golcl_mspattern *p, const golcl_msrule *r) {
  uint32_t w = golcl_mspattern_width(p), h = golcl_mspattern_height(p);
  const uint8_t *c = golcl_mspattern_cells(p);
  size_t n = 0, cap = 0;
  uint32_t *xs = NULL, *ys = NULL;
  golcl_status st = GOLCL_OK;
  for (uint32_t y = 0; y < h && st == GOLCL_OK; y++)
    for (uint32_t x = 0; x < w && st == GOLCL_OK; x++) {
      if (!c[(size_t)y * w + x]) continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 1024;
        uint32_t *a = realloc(xs, cap * sizeof *a);
        if (a) xs = a;
        uint32_t *b = realloc(ys, cap * sizeof *b);
        if (b) ys = b;
        if (!a || !b) st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      }
      if (st == GOLCL_OK) xs[n] = x, ys[n] = y, n++;
    }
  golcl_pattern *two = NULL;
  int64_t ox, oy;
  golcl_mspattern_origin(p, &ox, &oy);
  if (st == GOLCL_OK) st = golcl_pattern_from_live_cells(xs, ys, n, w, h, &two);
  free(xs), free(ys);
  if (st == GOLCL_OK) st = golcl_pattern_set_origin(two, ox, oy);
  if (st == GOLCL_OK) st = golcl_pattern_set_rule_table(two, &r->table);
  if (st == GOLCL_OK) st = golcl_pattern_set_generation(two, golcl_mspattern_generation(p));
  for (size_t i = 0; st == GOLCL_OK && i < golcl_mspattern_comment_count(p); i++)
    st = golcl_pattern_add_comment(two, golcl_mspattern_comment(p, i));
  if (st == GOLCL_OK) st = golcl_universe_load(u, two);
  golcl_pattern_destroy(two);
  return st;
}

golcl_status golcl_universe_load_ms(golcl_universe *u, const golcl_mspattern *p) {
  if (!u || !p) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_load_ms: NULL");
  golcl_msrule r;
  golcl_bounds b;
  golcl_status st = golcl_mspattern_msrule(p, &r);
  if (st == GOLCL_OK) st = golcl_mspattern_bounds(p, &b);
  if (st != GOLCL_OK) return st;
  if (b.topology != GOLCL_TOPOLOGY_INFINITE)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_load_ms: the pattern is on a bounded grid; a universe is "
                       "the infinite plane (run it on a golcl_msgrid)");
  if (r.family == GOLCL_MS_GENERATIONS && r.states == 2) return load_two(u, p, &r);
  if ((st = golcl__universe_ms_rule_ok(&r)) != GOLCL_OK) return st;
  uint32_t w = golcl_mspattern_width(p), h = golcl_mspattern_height(p);
  const uint8_t *c = golcl_mspattern_cells(p);
  for (size_t i = 0; i < (size_t)w * h; i++)
    if (c[i] >= r.states)
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_universe_load_ms: a cell in state %u, beyond the rule's %u states",
                         (unsigned)c[i], (unsigned)r.states);
  int64_t ox, oy;
  golcl_mspattern_origin(p, &ox, &oy);
  const int64_t lim = (int64_t)1 << 60;
  if (ox < -lim || oy < -lim || ox > lim || oy > lim)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_load_ms: cells beyond 2^60 from the origin");
  return golcl__universe_ms_load_cells(u, &r, c, w, h, ox, oy, golcl_mspattern_generation(p),
                                       notes_of(p));
}

golcl_status golcl_universe_extract_ms(golcl_universe *u, golcl_mspattern **out) {
  if (out) *out = NULL;
  if (!u || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_extract_ms: NULL");
  int64_t bx, by;
  uint64_t bw, bh;
  golcl_status st = golcl__hl_bbox(&u->hl, &bx, &by, &bw, &bh);
  if (st != GOLCL_OK) return st;
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  if (bw > lim.max_width || bh > lim.max_height || (bh && bw > lim.max_cells / bh))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_universe_extract_ms: the cells span %llu x %llu, past the pattern "
                       "limits (%u x %u, %llu cells): write macrocell or RLE instead",
                       (unsigned long long)bw, (unsigned long long)bh, lim.max_width,
                       lim.max_height, (unsigned long long)lim.max_cells);
  /* the pattern room makes patterns from text: the RLE of the cells */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  st = golcl__universe_write_ms_rle(u, f);
  if (fclose(f) != 0 && st == GOLCL_OK)
    st = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_mspattern *p = NULL;
  if (st == GOLCL_OK) st = golcl_mspattern_parse(text, len, &p);
  free(text);
  if (st == GOLCL_OK && !bw) st = golcl_mspattern_set_origin(p, 0, 0);
  if (st != GOLCL_OK) {
    golcl_mspattern_destroy(p);
    return st;
  }
  *out = p;
  return GOLCL_OK;
}
