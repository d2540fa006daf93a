/* mcell.c — Mirek Wojtowicz's MCell files (.mcl) as Golly reads them:
 * "#MCell" first; "#GAME", "#RULE" or "#GOLLY" (the first of the two
 * names the rule), "#BOARD WxH", "#WRAP 0|1", "#D" comments, and "#L"
 * lines of cells: runs of '.', '$' and states 'A'..'X' (1..24) with a
 * prefix 'a'..'j' adding 24 each, a run count before any of them. Each
 * rule is mapped to a family of this module: a Life-like rule to
 * Generations of 2 states, Generations ("S/B/C") and Larger than Life
 * as they are, MCell's rule table of Life to B3/S23, its HistoricalLife
 * table to "LifeHistory" (Golly's renumbering of the extended tables'
 * states included); a rule golcl_msrule_parse does not take (RuleLoader's
 * WireWorld and LifeHistory, until that part runs them) and MCell games
 * Golly does not map are refused with GOLCL_E_UNSUPPORTED, named. As in Golly: cells start
 * at (-(W/2), -(H/2)) of the board, a state beyond the rule's becomes 1,
 * and on a board the pattern is then shifted by ((W + 1 - w) / 2, (H + 1 -
 * h) / 2) when either is positive (w, h the extent of its cells). */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* MCell's rule tables that Golly recognises (prefixes of the #RULE line). */
#define MCL_HISTORY "#RULE 1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2"
#define MCL_LIFE "#RULE 1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1"

typedef struct mrun {
  int64_t x, y, n;
  uint32_t s;
} mrun;

typedef struct mcl {
  size_t line;
  int have_rule, ltl, wrap;
  int64_t wd, ht, x, y, count;
  golcl_msrule rule;
  mrun *runs;
  size_t nruns, cap;
  uint64_t cells;
  golcl_pattern_limits lim;
  golcl_mspattern *p;   /* the comments */
  char game[64];        /* #GAME */
  int extended_history; /* states 8, 3, 5 read as LifeHistory's 4, 5, 3 */
} mcl;

/* The MCell games whose rules Golly maps (the others' rules it cannot set). */
static int mapped_game(const char *g) {
  static const char *const ok[] = {"", "Life", "Generations", "Larger than Life", "Rules table"};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
    if (!strcmp(g, ok[i])) return 1;
  return 0;
}

static golcl_status lerr(const mcl *m, size_t col, golcl_status s, const char *why) {
  return golcl__fail(NULL, s, "line %zu, column %zu: %s", m->line, col + 1, why);
}

/* The rule of text (n bytes at column col): this module's, or a Life-like
 * one as Generations of 2 states. */
static golcl_status set_rule(mcl *m, const char *text, size_t n, size_t col) {
  char rule[256], why[600];
  if (n >= sizeof rule - 3) return lerr(m, col, GOLCL_E_PARSE, "rule too long");
  memcpy(rule, text, n);
  rule[n] = '\0';
  golcl_status s = golcl_msrule_parse(rule, &m->rule);
  if (s == GOLCL_E_UNSUPPORTED) {
    golcl_rule_table t;
    if (golcl_rule_table_parse(rule, &t) == GOLCL_OK && t.family != GOLCL_RULE_WOLFRAM &&
        t.neighbourhood == GOLCL_NEIGHBOURHOOD_MOORE) { /* Life-like: as Generations "S/B/2" */
      char canon[GOLCL_RULE_TEXT_CAP], gen[GOLCL_RULE_TEXT_CAP + 8];
      golcl_rule_table_format(&t, canon, sizeof canon);
      char *sl = strchr(canon, '/');
      if (t.next[0])
        return lerr(m, col, GOLCL_E_UNSUPPORTED,
                    "a Life-like rule with B0: the two-state grid runs it "
                    "(golcl_pattern_parse), not the multi-state one");
      if (canon[0] == 'B' && sl && sl[1] == 'S') {
        *sl = '\0';
        snprintf(gen, sizeof gen, "%s/%s/2", sl + 2, canon + 1);
        s = golcl_msrule_parse(gen, &m->rule);
      }
    }
  }
  if (s == GOLCL_E_UNSUPPORTED && isalpha((unsigned char)rule[0]) && !strchr(rule, '/')) {
    snprintf(
        why, sizeof why,
        "rule \"%.200s\": a rule Golly runs with RuleLoader (its Rules/%.200s.rule), which this "
        "build of libgolcl does not run yet",
        rule, rule);
    return lerr(m, col, s, why);
  }
  if (s != GOLCL_OK && !mapped_game(m->game)) {
    snprintf(why, sizeof why,
             "rule \"%.200s\" of MCell's game \"%s\", which Golly does not map to a rule of "
             "its own (Life, Generations, Larger than Life and WireWorld are)",
             rule, m->game);
    return lerr(m, col, GOLCL_E_UNSUPPORTED, why);
  }
  if (s != GOLCL_OK) {
    snprintf(why, sizeof why, "%s", golcl_last_errmsg());
    return lerr(m, col, s, why);
  }
  m->have_rule = 1;
  return GOLCL_OK;
}

static golcl_status rule_line(mcl *m, const char *t, size_t n) {
  if (n >= strlen(MCL_HISTORY) && !memcmp(t, MCL_HISTORY, strlen(MCL_HISTORY))) {
    /* Golly: LifeHistory; Brice Due's extended tables (a ',' more) renumber states */
    m->extended_history = n > strlen(MCL_HISTORY) && t[strlen(MCL_HISTORY)] == ',';
    return set_rule(m, "LifeHistory", 11, 0);
  }
  if (n >= strlen(MCL_LIFE) && !memcmp(t, MCL_LIFE, strlen(MCL_LIFE)))
    return set_rule(m, "B3/S23", 6, 0);
  size_t a = t[1] == 'G' ? 6 : 5, e;
  while (a < n && (unsigned char)t[a] <= ' ') a++;
  for (e = a; e < n && (unsigned char)t[e] > ' ';) e++;
  return set_rule(m, t + a, e - a, a);
}

static golcl_status push(mcl *m, int64_t n, uint32_t s, size_t col) {
  if (m->x < -(int64_t)m->lim.max_width * 2 || m->x + n > (int64_t)m->lim.max_width * 2 ||
      m->y > (int64_t)m->lim.max_height * 2)
    return lerr(m, col, GOLCL_E_PARSE, "cells beyond the pattern limits");
  if ((m->cells += (uint64_t)n) > m->lim.max_cells)
    return lerr(m, col, GOLCL_E_PARSE, "more cells than the pattern limits");
  if (m->nruns == m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 256;
    mrun *r = realloc(m->runs, cap * sizeof *r);
    if (!r) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    m->runs = r, m->cap = cap;
  }
  m->runs[m->nruns++] = (mrun){m->x, m->y, n, s};
  return GOLCL_OK;
}

static golcl_status cells_line(mcl *m, const char *t, size_t len) {
  if (!m->have_rule) { /* Golly takes Conway's Life when no rule came first */
    golcl_status s = set_rule(m, "B3/S23", 6, 0);
    if (s != GOLCL_OK) return s;
  }
  for (size_t i = 3; i < len; i++) {
    char c = t[i];
    if (isdigit((unsigned char)c)) {
      m->count = m->count * 10 + (c - '0');
      if (m->count > (int64_t)m->lim.max_width + m->lim.max_height)
        return lerr(m, i, GOLCL_E_PARSE, "a run count above the pattern limits");
      continue;
    }
    if ((unsigned char)c <= ' ') continue;
    const int64_t n = m->count ? m->count : 1;
    const size_t at = i;
    m->count = 0;
    if (c == '.') {
      m->x += n;
      continue;
    }
    if (c == '$') {
      m->x = -(m->wd / 2), m->y += n;
      continue;
    }
    uint32_t s = 0;
    if (c >= 'a' && c <= 'j') {
      s = 24u * (uint32_t)(c - 'a' + 1);
      c = ++i < len ? t[i] : '\0';
    }
    if (c < 'A' || c > 'X') return lerr(m, i, GOLCL_E_PARSE, "a state is [a-j]A..X");
    s += (uint32_t)(c - 'A' + 1);
    if (m->extended_history) s = s == 8 ? 4 : s == 3 ? 5 : s == 5 ? 3 : s;
    golcl_status st = push(m, n, s, at);
    if (st != GOLCL_OK) return st;
    m->x += n;
  }
  return GOLCL_OK;
}

static golcl_status line(mcl *m, const char *t, size_t n) {
  if (n == 0 || t[0] != '#') return GOLCL_OK; /* Golly reads "#" lines only */
  if (n >= 3 && t[1] == 'L' && t[2] == ' ') return cells_line(m, t, n);
  if (n >= 22 && !memcmp(t, "#GAME Larger than Life", 22)) m->ltl = 1;
  if (n >= 6 && !memcmp(t, "#GAME ", 6)) {
    size_t e = n;
    while (e > 6 && (unsigned char)t[e - 1] <= ' ') e--;
    snprintf(m->game, sizeof m->game, "%.*s", (int)(e - 6), t + 6);
  }
  if (n >= 7 && !memcmp(t, "#BOARD ", 7)) {
    char b[64];
    long long w = 0, h = 0;
    snprintf(b, sizeof b, "%.*s", (int)(n - 7 < 63 ? n - 7 : 63), t + 7);
    if (sscanf(b, "%lldx%lld", &w, &h) != 2 || w < 0 || h < 0 || w > (long long)m->lim.max_width ||
        h > (long long)m->lim.max_height)
      return lerr(m, 7, GOLCL_E_PARSE, "#BOARD is WxH within the pattern limits");
    m->wd = w, m->ht = h, m->x = -(w / 2), m->y = -(h / 2);
  }
  if (n >= 6 && !memcmp(t, "#WRAP ", 6)) m->wrap = atoi(t + 6) != 0;
  if (!m->have_rule && ((n >= 6 && !memcmp(t, "#GOLLY", 6)) || (n >= 5 && !memcmp(t, "#RULE", 5))))
    return rule_line(m, t, n);
  if (n >= 2 && t[1] == 'D' && (n == 2 || t[2] == ' '))
    return golcl__mspattern_push_comment(m->p, t, n);
  return GOLCL_OK; /* #SPEED, #CCOLORS, #PALETTE, #NOTE, ... */
}

/* The pattern of the runs: their box, shifted onto the board as Golly does. */
static golcl_status build(mcl *m, golcl_mspattern **out) {
  int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
  for (size_t k = 0; k < m->nruns; k++) {
    const mrun *r = &m->runs[k];
    if (r->x < x0) x0 = r->x;
    if (r->x + r->n > x1) x1 = r->x + r->n;
    if (r->y < y0) y0 = r->y;
    if (r->y + 1 > y1) y1 = r->y + 1;
  }
  if (!m->nruns) x0 = x1 = y0 = y1 = 0;
  const uint64_t w = (uint64_t)(x1 - x0), h = (uint64_t)(y1 - y0);
  if (w > m->lim.max_width || h > m->lim.max_height || w * h > m->lim.max_cells)
    return golcl__fail(NULL, GOLCL_E_PARSE,
                       "line %zu: the cells span %llu x %llu, above the pattern limits", m->line,
                       (unsigned long long)w, (unsigned long long)h);
  golcl_bounds b;
  memset(&b, 0, sizeof b);
  b.topology = GOLCL_TOPOLOGY_INFINITE;
  int64_t ox = x0, oy = y0;
  if (m->wd > 0 || m->ht > 0) {
    b.topology = m->wrap ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
    b.width = (uint32_t)m->wd, b.height = (uint32_t)m->ht;
    const int64_t sx = (m->wd + 1 - (int64_t)w) / 2, sy = (m->ht + 1 - (int64_t)h) / 2;
    if (m->nruns && (sx > 0 || sy > 0)) ox += sx, oy += sy;
  } else if (m->ltl) {
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "line %zu: Larger than Life without #BOARD: Golly's default grid is not "
                       "taken here",
                       m->line);
  }
  golcl_mspattern *p;
  golcl_status s = golcl__mspattern_new((uint32_t)w, (uint32_t)h, &p);
  if (s != GOLCL_OK) return s;
  uint8_t *c = golcl__mspattern_cells(p);
  const uint32_t states = golcl__msrule_states(&m->rule);
  for (size_t k = 0; k < m->nruns; k++) { /* Golly: a state beyond the rule's becomes 1 */
    const mrun *r = &m->runs[k];
    memset(c + (size_t)(r->y - y0) * w + (size_t)(r->x - x0), r->s < states ? (int)r->s : 1,
           (size_t)r->n);
  }
  golcl__mspattern_set(p, &m->rule, &b, ox, oy, 0);
  for (size_t i = 0; i < golcl_mspattern_comment_count(m->p) && s == GOLCL_OK; i++) {
    const char *t = golcl_mspattern_comment(m->p, i);
    s = golcl__mspattern_push_comment(p, t, strlen(t));
  }
  if (s != GOLCL_OK) {
    golcl_mspattern_destroy(p);
    return s;
  }
  *out = p;
  return GOLCL_OK;
}

golcl_status golcl__mcell_parse(const char *text, size_t len, golcl_mspattern **out) {
  mcl m;
  memset(&m, 0, sizeof m);
  golcl_pattern_get_limits(&m.lim);
  golcl_status s = golcl__mspattern_new(0, 0, &m.p);
  for (size_t pos = 0; s == GOLCL_OK && pos < len;) {
    size_t n = 0;
    while (pos + n < len && text[pos + n] != '\n' && text[pos + n] != '\r') n++;
    m.line++;
    s = line(&m, text + pos, n);
    pos += n;
    if (pos < len) pos += text[pos] == '\r' && pos + 1 < len && text[pos + 1] == '\n' ? 2 : 1;
  }
  if (s == GOLCL_OK && !m.have_rule) s = set_rule(&m, "B3/S23", 6, 0);
  if (s == GOLCL_OK) s = build(&m, out);
  free(m.runs);
  golcl_mspattern_destroy(m.p);
  return s;
}
