/* test_golly_count.c — issue 21's count: every file of Golly's Patterns
 * folder (GOLCL_GOLLY_PATTERNS, default /usr/share/golly/Patterns) is
 * classified, run by libgolcl the way `golcl run` runs it and by bgolly
 * with the algorithm of its family, and compared at two generation counts
 * (from the file's own generation: bgolly's -m is a generation to reach):
 *
 * - multi-state files (RLE, .rle.gz, macrocell, MCell; Generations, Larger
 *   than Life, RuleLoader, JvN), read by golcl_mspattern_read_file, run by
 *   golcl_msgrid_step on the file's bounded grid (golcl_msgrid_set_bounds:
 *   planes, tori, Klein bottles, cross-surfaces, spheres; an LtL side below
 *   2R raised to 2R as Golly raises it) or, for the unbounded plane, on a
 *   dead-boundary grid around the cells that is rebuilt before any cell
 *   comes within the rule's range of its edge; against bgolly -a
 *   Generations / "Larger than Life" / RuleLoader -s Rules/ / JvN, state
 *   for state up to translation, at 37 and 130 generations (grids above
 *   MAX_CELLS: 7 and 37, up to BIG_CELLS);
 * - two-state files of the infinite plane, read by the universe
 *   (golcl_universe_read_file, golcl_universe_load) and run by HashLife,
 *   against bgolly -a HashLife at 130 and 1024 generations: population,
 *   cells and positions (the universe's hash of bgolly's macrocell);
 * - two-state files the universe does not take (bounded grids, B0 without
 *   S8), read by golcl_pattern_read_file and run on a golcl_grid with the
 *   file's bounds by the AUTO stepper (as `golcl run` runs them), against
 *   bgolly -a QuickLife at 37 and 130 generations, cells up to translation.
 *
 * Zip archives and scripts are not pattern files (Golly opens what they
 * hold one by one): 341 of Golly's 353 files are counted. A file is
 * IDENTICAL, TOO LARGE (its universe cannot fit: the size is named),
 * DIFFERENT or REFUSED (with the reason); the suite fails on any DIFFERENT
 * or REFUSED file and, with the default caps, below 330 identical. It
 * prints "N of 341 identical", the files that are not, and each family's
 * count. GOLCL_GOLLY_MAX_CELLS (or GOLCL_RULES_GOLLY_MAX_CELLS) caps the
 * grids (make valgrind's; no larger grids then), GOLCL_GOLLY_BIG_CELLS sets
 * BIG_CELLS, GOLCL_GOLLY_ONLY=TEXT runs only the paths that contain TEXT;
 * GOLCL_GOLLY_RULES names the folder of Golly's .rule files for bgolly
 * (with $GOLCL_RULES for libgolcl) where Golly is not installed. */
#include <golcl_rules.h>
#include <golcl_universe.h>

#include "bgolly.h"
#include "testutil.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TARGET 330 /* issue 21: identical files of the 341 */

static char bgolly[1024], root[1024];
static char **files;
static size_t nfiles;
static uint64_t max_cells = 1u << 24, big_cells = 1u << 28;
static int capped; /* a cap from the environment: the target is not asserted */

typedef enum family {
  F_NONE, /* not a pattern file: a zip archive or a script */
  F_TWO,  /* two-state */
  F_GEN,
  F_LTL,
  F_RL,
  F_JVN,
  F_COUNT
} family;
static const char *const family_name[F_COUNT] = {
    "zip archives and scripts", "two-state",  "Generations",
    "Larger than Life",         "RuleLoader", "JvN"};

/* O_ERROR: bgolly failed; O_RUN: being run, and left so by a check that
 * fails on the way (STOPPED) */
typedef enum outcome { O_NONE, O_SAME, O_LARGE, O_DIFF, O_REFUSED, O_ERROR, O_RUN } outcome;
static const char *const outcome_name[] = {"not counted", "identical", "TOO LARGE", "DIFFERENT",
                                           "REFUSED",     "FAILED",    "STOPPED"};

typedef struct record {
  family fam;
  const char *format; /* "RLE", "macrocell", "MCell", ... */
  outcome out;
  char how[2048]; /* how it ran, or why it did not */
} record;
static record *recs;

static const char *rel(const char *path) { return path + strlen(root) + 1; }

static int ends_with(const char *s, const char *t) {
  size_t a = strlen(s), b = strlen(t);
  return a >= b && strcmp(s + a - b, t) == 0;
}

/* ------------------------------------------------------- classification */

/* The file's text through gzip -dcf (NULL if it cannot be run), at most
 * 1 MB: enough for its header. */
static char *head_of(const char *path) {
  char cmd[2200];
  snprintf(cmd, sizeof cmd, "gzip -dcf '%s' 2>/dev/null", path);
  FILE *f = popen(cmd, "r");
  if (!f) return NULL;
  size_t cap = 1 << 20, n;
  char *b = malloc(cap + 1);
  n = fread(b, 1, cap, f);
  b[n] = '\0';
  while (fread(cmd, 1, sizeof cmd, f) > 0) {
  }
  pclose(f);
  return b;
}

/* The rule a pattern text names (RLE header, macrocell #R, MCell #GOLLY
 * or #RULE), without a bounded-grid suffix, in out ("" if none). */
static void rule_named(const char *t, char *out, size_t cap) {
  *out = '\0';
  for (const char *line = t; line && *line;
       line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    const char *r = NULL;
    if (line[0] == 'x' && (line[1] == ' ' || line[1] == '=')) {
      const char *eol = strchr(line, '\n'), *rr = strstr(line, "rule");
      if (rr && (!eol || rr < eol) && (rr = strchr(rr, '='))) r = rr + 1;
      if (!r) return;
    } else if (!strncmp(line, "#R ", 3) || !strncmp(line, "#GOLLY ", 7) ||
               !strncmp(line, "#RULE ", 6)) {
      r = strchr(line, ' ');
    }
    if (!r) continue;
    while (*r == ' ') r++;
    size_t k = 0;
    while (r[k] && !isspace((unsigned char)r[k]) && r[k] != ':' && k + 1 < cap) out[k] = r[k], k++;
    out[k] = '\0';
    return;
  }
}

/* The family of a file by the rule its text names (for files no reader
 * takes, so that they are counted in their family too). */
static family family_of_text(const char *t) {
  char rule[1024];
  rule_named(t, rule, sizeof rule);
  golcl_msrule r;
  if (!*rule) return F_TWO;
  if (golcl_msrule_parse(rule, &r) == GOLCL_OK)
    return r.family == GOLCL_MS_LTL           ? F_LTL
           : r.family == GOLCL_MS_RULELOADER  ? F_RL
           : r.family == GOLCL_MS_GENERATIONS ? F_GEN
                                              : F_JVN;
  golcl_rule_table tab;
  if (golcl_rule_table_parse(rule, &tab) == GOLCL_OK) return F_TWO;
  return F_RL; /* a name: a rule file */
}

static family family_of(const golcl_msrule *r) {
  return r->family == GOLCL_MS_LTL           ? F_LTL
         : r->family == GOLCL_MS_RULELOADER  ? F_RL
         : r->family == GOLCL_MS_GENERATIONS ? F_GEN
                                             : F_JVN;
}

static const char *format_of(const char *path, const char *text) {
  if (ends_with(path, ".mcl")) return "MCell";
  if (!strncmp(text, "[M2]", 4)) return ends_with(path, ".gz") ? "macrocell.gz" : "macrocell";
  if (!strncmp(text, "#Life 1.05", 10)) return "Life 1.05";
  if (!strncmp(text, "#Life 1.06", 10)) return "Life 1.06";
  return ends_with(path, ".gz") ? "RLE.gz" : "RLE";
}

/* ----------------------------------------------------- multi-state files */

/* A grid on the plane: the cells, its size. */
typedef struct plane {
  golcl_msgrid *g;
  uint8_t *c;
  uint32_t w, h;
} plane;

/* Reads the grid; the distance of the nearest non-zero cell to an edge
 * (UINT32_MAX if none) and the box of those cells. */
static uint32_t clearance(plane *p, uint32_t box[4]) {
  TU_OK(golcl_msgrid_read(p->g, p->c, 0));
  uint32_t x0 = p->w, y0 = p->h, x1 = 0, y1 = 0;
  for (uint32_t y = 0; y < p->h; y++) {
    const uint8_t *row = p->c + (size_t)y * p->w;
    uint32_t a = 0, b = p->w;
    while (a < p->w && !row[a]) a++;
    if (a == p->w) continue;
    while (!row[b - 1]) b--;
    if (a < x0) x0 = a;
    if (b > x1) x1 = b;
    if (y < y0) y0 = y;
    y1 = y + 1;
  }
  box[0] = x0, box[1] = y0, box[2] = x1, box[3] = y1;
  if (x0 >= x1) return UINT32_MAX;
  uint32_t d = x0 < y0 ? x0 : y0;
  if (p->w - x1 < d) d = p->w - x1;
  if (p->h - y1 < d) d = p->h - y1;
  return d;
}

/* A new grid of the box's cells with m cells of margin around them; 0 and
 * the size in *big if above cap. */
static int rebuild(plane *p, const uint32_t box[4], uint32_t m, uint64_t cap, uint64_t *big) {
  uint64_t w = (uint64_t)(box[2] - box[0]) + 2 * m, h = (uint64_t)(box[3] - box[1]) + 2 * m;
  if (w * h > cap) return *big = w * h, 0;
  golcl_msgrid *n;
  golcl_msrule r;
  TU_OK(golcl_msgrid_create(tu_ctx, (uint32_t)w, (uint32_t)h, GOLCL_BOUNDARY_DEAD, &n));
  TU_OK(golcl_msgrid_msrule(p->g, &r));
  TU_OK(golcl_msgrid_set_msrule(n, &r));
  if (box[2] > box[0])
    TU_OK(golcl_msgrid_write_rect(n, m, m, box[2] - box[0], box[3] - box[1],
                                  p->c + (size_t)box[1] * p->w + box[0], p->w));
  golcl_msgrid_destroy(p->g);
  free(p->c);
  p->g = n, p->w = (uint32_t)w, p->h = (uint32_t)h;
  p->c = malloc((size_t)w * h);
  return 1;
}

static const char *algo_of(family f) {
  return f == F_LTL   ? "Larger than Life"
         : f == F_RL  ? "RuleLoader"
         : f == F_GEN ? "Generations"
                      : "JvN";
}

/* bgolly's cells of the file at generation gen. 0, or -1 with the reason. */
static int golly_ms(const char *path, family f, uint64_t gen, bg_mscells *out, char *err,
                    size_t cap) {
  char *t;
  const char *rules = f == F_RL ? bg_rules_dir() : NULL;
  if (bg_run_path_rules(bgolly, algo_of(f), rules, path, gen, &t, err, cap) != 0) return -1;
  int rc = bg_parse_ms_rle(t, out);
  if (rc != 0) snprintf(err, cap, "bgolly's RLE is unreadable");
  free(t);
  return rc;
}

static void run_ms(const char *path, golcl_mspattern *pat, record *rec) {
  golcl_msrule rule;
  golcl_bounds b;
  TU_OK(golcl_mspattern_msrule(pat, &rule));
  TU_OK(golcl_mspattern_bounds(pat, &b));
  rec->fam = family_of(&rule);
  char rt[GOLCL_MSRULE_TEXT_CAP], bt[GOLCL_BOUNDS_TEXT_CAP] = "", err[2048];
  TU_OK(golcl_msrule_format(&rule, rt, sizeof rt));
  if (b.topology != GOLCL_TOPOLOGY_INFINITE) TU_OK(golcl_bounds_format(&b, bt, sizeof bt));
  const uint32_t R = rule.family == GOLCL_MS_LTL ? rule.range : 1;
  const uint32_t pw = golcl_mspattern_width(pat), ph = golcl_mspattern_height(pat);
  const uint64_t g0 = golcl_mspattern_generation(pat);
  int64_t ox, oy;
  golcl_mspattern_origin(pat, &ox, &oy);
  /* the grid: the bounded one, or the plane's around the cells */
  int unbounded = b.topology == GOLCL_TOPOLOGY_INFINITE;
  uint32_t W = 0, H = 0, m = 0;
  uint64_t need;
  if (!unbounded) {
    if (!b.width || !b.height) {
      rec->out = O_REFUSED;
      snprintf(rec->how, sizeof rec->how, "%s%s: a tube (a side of 0) on a multi-state grid", rt,
               bt);
      return;
    }
    W = b.width, H = b.height;
    if (rule.family == GOLCL_MS_LTL) { /* Golly raises a side below 2R */
      if (W < 2 * R) W = 2 * R;
      if (H < 2 * R) H = 2 * R;
    }
    need = (uint64_t)W * H;
  } else {
    m = 2 * R + 16 > 48 ? 2 * R + 16 : 48;
    need = ((uint64_t)pw + 2 * m) * ((uint64_t)ph + 2 * m);
    if (need > max_cells) { /* a long tape: a narrower margin */
      m = R + 7;
      need = ((uint64_t)pw + 2 * m) * ((uint64_t)ph + 2 * m);
    }
  }
  const int big = need > max_cells;
  const uint64_t cap = big ? big_cells : max_cells;
  const uint64_t steps[2] = {big ? 7 : 37, big ? 37 : 130};
  if (need > cap) {
    rec->out = O_LARGE;
    snprintf(rec->how, sizeof rec->how,
             "%s%s, %ux%u cells: a grid of %llu cells would be needed, above this test's %llu", rt,
             bt, pw, ph, (unsigned long long)need, (unsigned long long)cap);
    return;
  }
  bg_mscells ref[2];
  for (int j = 0; j < 2; j++)
    if (golly_ms(path, rec->fam, g0 + steps[j], &ref[j], err, sizeof err) != 0) {
      rec->out = O_ERROR;
      snprintf(rec->how, sizeof rec->how, "bgolly: %.380s", err);
      for (int i = 0; i < j; i++) bg_ms_free(&ref[i]);
      return;
    }
  plane p = {NULL, NULL, unbounded ? pw + 2 * m : W, unbounded ? ph + 2 * m : H};
  p.c = malloc((size_t)p.w * p.h);
  golcl_boundary bd = !unbounded && b.topology == GOLCL_TOPOLOGY_TORUS && W == b.width &&
                              H == b.height && !b.shift_x && !b.shift_y
                          ? GOLCL_BOUNDARY_TORUS
                          : GOLCL_BOUNDARY_DEAD;
  if (rule.family == GOLCL_MS_LTL && b.topology == GOLCL_TOPOLOGY_TORUS)
    bd = GOLCL_BOUNDARY_TORUS; /* a raised side wraps too */
  TU_OK(golcl_msgrid_create(tu_ctx, p.w, p.h, bd, &p.g));
  TU_OK(golcl_msgrid_set_msrule(p.g, &rule));
  if (!unbounded && bd == GOLCL_BOUNDARY_DEAD && b.topology != GOLCL_TOPOLOGY_PLANE) {
    golcl_status s = golcl_msgrid_set_bounds(p.g, &b);
    if (s != GOLCL_OK) {
      rec->out = O_REFUSED;
      snprintf(rec->how, sizeof rec->how, "%s%s: %.300s", rt, bt, golcl_last_errmsg());
      golcl_msgrid_destroy(p.g);
      free(p.c);
      for (int j = 0; j < 2; j++) bg_ms_free(&ref[j]);
      return;
    }
  }
  /* Golly's bounded grid spans -floor(W/2) .. W-1-floor(W/2) */
  TU_OK(golcl_msgrid_place(p.g, pat, unbounded ? m : ox + W / 2, unbounded ? m : oy + H / 2));
  uint64_t pop, want = 0;
  const uint8_t *pc = golcl_mspattern_cells(pat);
  for (size_t i = 0; i < (size_t)pw * ph; i++) want += pc[i] != 0;
  TU_OK(golcl_msgrid_population(p.g, &pop));
  ck_assert_msg(pop == want, "%s: %llu of %llu cells inside the grid", rel(path),
                (unsigned long long)pop, (unsigned long long)want);
  uint64_t done = 0, most = (uint64_t)p.w * p.h, large = 0;
  size_t n[2] = {0, 0};
  for (int j = 0; j < 2 && rec->out == O_RUN; j++) {
    while (done < steps[j]) {
      uint64_t k = steps[j] - done;
      if (unbounded) {
        uint32_t box[4], d = clearance(&p, box);
        if (d / R == 0) {
          if (!rebuild(&p, box, m, cap, &large)) break;
          d = m;
        }
        if (d / R < k) k = d / R;
        if ((uint64_t)p.w * p.h > most) most = (uint64_t)p.w * p.h;
      }
      TU_OK(golcl_msgrid_step(p.g, k));
      done += k;
    }
    if (large) {
      rec->out = O_LARGE;
      snprintf(rec->how, sizeof rec->how,
               "%s, %ux%u cells: a grid of %llu cells would be needed at generation %llu, above "
               "this test's %llu",
               rt, pw, ph, (unsigned long long)large, (unsigned long long)(g0 + done),
               (unsigned long long)cap);
      break;
    }
    TU_OK(golcl_msgrid_read(p.g, p.c, 0));
    if (!bg_ms_same(p.c, p.w, p.h, &ref[j], &n[j])) {
      rec->out = O_DIFF;
      snprintf(rec->how, sizeof rec->how,
               "%s%s: after %llu generations libgolcl has %zu cells, Golly %zu (or states or "
               "places differ)",
               rt, bt, (unsigned long long)done, n[j], ref[j].n);
    }
  }
  if (rec->out == O_RUN) {
    rec->out = O_SAME;
    if (unbounded)
      snprintf(rec->how, sizeof rec->how,
               "%s, unbounded (grids up to %llu cells), gens %llu %llu: %zu %zu cells", rt,
               (unsigned long long)most, (unsigned long long)steps[0], (unsigned long long)steps[1],
               n[0], n[1]);
    else
      snprintf(rec->how, sizeof rec->how, "%s%s, a %ux%u grid, gens %llu %llu: %zu %zu cells", rt,
               bt, W, H, (unsigned long long)steps[0], (unsigned long long)steps[1], n[0], n[1]);
  }
  golcl_msgrid_destroy(p.g);
  free(p.c);
  for (int j = 0; j < 2; j++) bg_ms_free(&ref[j]);
}

/* ------------------------------------------------- two-state: universe */

static const uint64_t UNIVERSE_GENS[2] = {130, 1024};

/* A file into the universe as bgolly places it: macrocell straight into
 * nodes; other formats at their position, or with the box's top-left cell
 * at (0, 0) where the file gives none (bgolly's reader). */
static golcl_status universe_load(golcl_universe *u, const char *path, const char *format) {
  if (!strncmp(format, "macrocell", 9)) return golcl_universe_read_file(u, path);
  golcl_pattern *p;
  golcl_status s = golcl_pattern_read_file(path, &p);
  if (s != GOLCL_OK) return s;
  if (!golcl_pattern_origin(p, NULL, NULL)) golcl_pattern_set_origin(p, 0, 0);
  s = golcl_universe_load(u, p);
  golcl_pattern_destroy(p);
  return s;
}

/* 1 if the universe took the file (the record then says how it ran), 0
 * if it did not (why in why). */
static int run_universe(const char *path, record *rec, char *why, size_t cap) {
  golcl_universe *u, *v;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  golcl_status s = universe_load(u, path, rec->format);
  if (s != GOLCL_OK) {
    snprintf(why, cap, "%s", golcl_last_errmsg());
    golcl_universe_destroy(u);
    return 0;
  }
  char tmp[64];
  snprintf(tmp, sizeof tmp, "/tmp/golcl_golly_count_%d.mc", (int)getpid());
  uint64_t done = 0, pops[2] = {0, 0};
  for (int j = 0; j < 2 && rec->out == O_RUN; j++) {
    TU_OK(golcl_universe_run(u, UNIVERSE_GENS[j] - done));
    done = UNIVERSE_GENS[j];
    uint64_t bpop, pop, hu, hb;
    if (bg_hashlife_mc(bgolly, path, UNIVERSE_GENS[j], tmp, &bpop) != 0) {
      rec->out = O_ERROR;
      snprintf(rec->how, sizeof rec->how, "bgolly -a HashLife failed at %llu",
               (unsigned long long)done);
      break;
    }
    TU_OK(golcl_universe_create(NULL, NULL, &v));
    s = golcl_universe_read_file(v, tmp);
    ck_assert_msg(s == GOLCL_OK, "%s: bgolly's result: %s", rel(path), golcl_last_errmsg());
    TU_OK(golcl_universe_population(u, &pop));
    TU_OK(golcl_universe_hash(u, &hu));
    TU_OK(golcl_universe_hash(v, &hb));
    if (pop != bpop || hu != hb) {
      rec->out = O_DIFF;
      snprintf(rec->how, sizeof rec->how,
               "HashLife at generation %llu: population %llu, bgolly %llu (or cells differ)",
               (unsigned long long)done, (unsigned long long)pop, (unsigned long long)bpop);
    }
    pops[j] = pop;
    golcl_universe_destroy(v);
    remove(tmp);
  }
  if (rec->out == O_RUN) {
    rec->out = O_SAME;
    snprintf(rec->how, sizeof rec->how,
             "the universe (HashLife), gens %llu %llu: %llu %llu cells, positions too",
             (unsigned long long)UNIVERSE_GENS[0], (unsigned long long)UNIVERSE_GENS[1],
             (unsigned long long)pops[0], (unsigned long long)pops[1]);
  }
  golcl_universe_destroy(u);
  return 1;
}

/* ----------------------------------------------------- two-state: grid */

static void run_grid(const char *path, golcl_pattern *p, record *rec, const char *why_not) {
  static const uint64_t steps[2] = {37, 130};
  golcl_rule_table table;
  golcl_bounds bounds;
  TU_OK(golcl_pattern_rule_table(p, &table));
  TU_OK(golcl_pattern_bounds(p, &bounds));
  char rule[GOLCL_PATTERN_RULE_CAP], err[2048];
  TU_OK(golcl_pattern_rule_text(p, rule, sizeof rule));
  uint32_t pw = golcl_pattern_width(p), ph = golcl_pattern_height(p);
  uint64_t g0 = golcl_pattern_generation(p), pop = golcl_pattern_population(p);
  int64_t ox, oy;
  golcl_pattern_origin(p, &ox, &oy);
  /* Golly's bounded grid, or the pattern with room to grow for 130 generations */
  uint32_t W = bounds.width, H = bounds.height, grow = (uint32_t)steps[1] + 2;
  int64_t gx, gy; /* Golly's coordinates of grid cell (0, 0) */
  if (W)
    gx = -(int64_t)(W / 2);
  else
    W = pw + 2 * grow, gx = ox - grow;
  if (H)
    gy = -(int64_t)(H / 2);
  else
    H = ph + 2 * grow, gy = oy - grow;
  if ((uint64_t)W * H > max_cells) {
    rec->out = O_LARGE;
    snprintf(rec->how, sizeof rec->how, "%s: a %ux%u grid, above this test's %llu cells", rule, W,
             H, (unsigned long long)max_cells);
    return;
  }
  bg_cells ref[2];
  for (int j = 0; j < 2; j++) {
    char *t;
    if (bg_run_path(bgolly, "QuickLife", path, g0 + steps[j], &t, err, sizeof err) != 0 ||
        bg_parse_rle(t, &ref[j]) != 0) {
      rec->out = O_ERROR;
      snprintf(rec->how, sizeof rec->how, "bgolly -a QuickLife: %.300s", err);
      for (int i = 0; i < j; i++) bg_free(&ref[i]);
      return;
    }
    free(t);
  }
  golcl_grid *g;
  golcl_stepper *st;
  TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  if (bounds.topology != GOLCL_TOPOLOGY_INFINITE) TU_OK(golcl_grid_set_bounds(g, &bounds));
  TU_OK(golcl_grid_set_rule_table(g, &table));
  TU_OK(golcl_grid_place(g, p, ox - gx, oy - gy));
  uint64_t placed;
  TU_OK(golcl_grid_population(g, &placed));
  ck_assert_msg(placed == pop, "%s: %llu of %llu cells inside the grid", rel(path),
                (unsigned long long)placed, (unsigned long long)pop);
  TU_OK(golcl_grid_set_generation(g, g0));
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_AUTO, NULL, &st));
  uint8_t *got = malloc((size_t)W * H);
  uint64_t done = 0;
  size_t n[2] = {0, 0};
  for (int j = 0; j < 2 && rec->out == O_RUN; j++) {
    TU_OK(golcl_stepper_run(st, g, steps[j] - done));
    done = steps[j];
    TU_OK(golcl_grid_read(g, got, 0));
    if (!bg_same_cells(got, W, H, &ref[j], &n[j])) {
      rec->out = O_DIFF;
      snprintf(rec->how, sizeof rec->how,
               "%s on a %ux%u grid: after %llu generations libgolcl has %zu cells, Golly %zu (or "
               "they differ)",
               rule, W, H, (unsigned long long)done, n[j], ref[j].n);
    }
  }
  if (rec->out == O_RUN) {
    rec->out = O_SAME;
    snprintf(rec->how, sizeof rec->how, "%s, a %ux%u grid (%s), gens 37 130: %zu %zu cells", rule,
             W, H, why_not, n[0], n[1]);
  }
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  free(got);
  for (int j = 0; j < 2; j++) bg_free(&ref[j]);
}

/* ------------------------------------------------------------ each file */

static void one_file(const char *path, record *rec) {
  rec->out = O_RUN; /* until it has run: a failed check leaves it so */
  snprintf(rec->how, sizeof rec->how, "the test stopped: see the check's message above");
  if (ends_with(path, ".zip") || ends_with(path, ".lua") || ends_with(path, ".py")) {
    rec->fam = F_NONE;
    rec->format = ends_with(path, ".zip") ? "zip" : "script";
    rec->out = O_NONE;
    return;
  }
  char *text = head_of(path);
  ck_assert_msg(text != NULL, "%s: unreadable", rel(path));
  rec->format = format_of(path, text);
  rec->fam = family_of_text(text);
  free(text);
  rec->out = O_RUN;
  /* as golcl run: a multi-state file, else a two-state one (the universe
   * for the infinite plane where it takes it, else a grid) */
  golcl_mspattern *mp;
  golcl_status s = golcl_mspattern_read_file(path, &mp);
  char ms_why[600];
  snprintf(ms_why, sizeof ms_why, "%s", golcl_last_errmsg());
  if (s == GOLCL_OK) {
    run_ms(path, mp, rec);
    golcl_mspattern_destroy(mp);
    return;
  }
  if (s == GOLCL_E_PARSE && strstr(ms_why, "above the")) { /* the pattern limits */
    rec->out = O_LARGE;
    const char *at = strstr(ms_why, "line ");
    snprintf(rec->how, sizeof rec->how, "%s", at ? at : ms_why);
    return;
  }
  char why[600] = "";
  if (run_universe(path, rec, why, sizeof why)) {
    rec->fam = F_TWO;
    return;
  }
  golcl_pattern *p;
  s = golcl_pattern_read_file(path, &p);
  if (s != GOLCL_OK) {
    rec->out = O_REFUSED;
    snprintf(rec->how, sizeof rec->how, "multi-state reader: %.180s; two-state reader: %.180s",
             strncmp(ms_why, path, strlen(path)) ? ms_why : ms_why + strlen(path) + 2,
             strncmp(golcl_last_errmsg(), path, strlen(path))
                 ? golcl_last_errmsg()
                 : golcl_last_errmsg() + strlen(path) + 2);
    return;
  }
  rec->fam = F_TWO;
  char *colon = strstr(why, ": ");
  char reason[120];
  snprintf(reason, sizeof reason, "%s", colon ? colon + 2 : why);
  char *stop = strpbrk(reason, ";(");
  if (stop) *stop = '\0';
  run_grid(path, p, rec, reason);
  golcl_pattern_destroy(p);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

START_TEST(golly_file) {
  record *rec = &recs[_i];
  double t0 = now();
  one_file(files[_i], rec);
  if (rec->out != O_NONE && rec->out != O_RUN)
    printf("golly-count: %s %s (%s, %s): %s [%.1f s]\n", outcome_name[rec->out], rel(files[_i]),
           family_name[rec->fam], rec->format, rec->how, now() - t0);
}
END_TEST

/* ------------------------------------------------------------- the count */

START_TEST(the_count) {
  int counted = 0, same = 0, large = 0, bad = 0;
  int fam[F_COUNT][O_RUN + 1];
  memset(fam, 0, sizeof fam);
  for (size_t i = 0; i < nfiles; i++) {
    fam[recs[i].fam][recs[i].out]++;
    if (recs[i].out == O_NONE) continue;
    counted++;
    same += recs[i].out == O_SAME;
    large += recs[i].out == O_LARGE;
    bad += recs[i].out >= O_DIFF;
  }
  printf("\ngolly-count: the files that are not identical:\n");
  for (size_t i = 0; i < nfiles; i++)
    if (recs[i].out != O_SAME && recs[i].out != O_NONE)
      printf("  %s %s (%s, %s): %s\n", outcome_name[recs[i].out], rel(files[i]),
             family_name[recs[i].fam], recs[i].format, recs[i].how);
  printf("golly-count: by family (files: identical / too large / different or refused):\n");
  for (int f = F_TWO; f < F_COUNT; f++) {
    int tot = 0;
    for (int o = O_SAME; o <= O_RUN; o++) tot += fam[f][o];
    printf("  %-17s %3d: %3d / %d / %d\n", family_name[f], tot, fam[f][O_SAME], fam[f][O_LARGE],
           fam[f][O_DIFF] + fam[f][O_REFUSED] + fam[f][O_ERROR] + fam[f][O_RUN]);
  }
  static const char *const formats[] = {"MCell",  "macrocell", "macrocell.gz",
                                        "RLE.gz", "Life 1.05", "Life 1.06"};
  printf("  of which by format:");
  for (size_t k = 0; k < sizeof formats / sizeof *formats; k++) {
    int tot = 0, ok = 0, ms = 0;
    for (size_t i = 0; i < nfiles; i++)
      if (recs[i].format && !strcmp(recs[i].format, formats[k]))
        tot++, ok += recs[i].out == O_SAME, ms += recs[i].fam != F_TWO;
    printf(" %s %d/%d (%d multi-state);", formats[k], ok, tot, ms);
  }
  printf("\n  %s: %d\n", family_name[F_NONE], fam[F_NONE][O_NONE]);
  printf(
      "golly-count: %d of %d identical (%d too large to fit, %d different or refused); %zu "
      "files under %s, %d of them not pattern files\n\n",
      same, counted, large, bad, nfiles, root, fam[F_NONE][O_NONE]);
  ck_assert_msg(bad == 0, "%d files different or refused (listed above)", bad);
  if (!capped && counted == 341)
    ck_assert_msg(same >= TARGET, "%d of 341 identical: the target is %d", same, TARGET);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf("\n*** test_golly_count: bgolly NOT FOUND: Golly's patterns were NOT compared ***\n\n");
    return 0;
  }
  const char *mcs = getenv("GOLCL_RULES_GOLLY_MAX_CELLS");
  if (!mcs || !*mcs) mcs = getenv("GOLCL_GOLLY_MAX_CELLS"); /* tests/valgrind/run.sh sets it */
  if (mcs && *mcs) max_cells = strtoull(mcs, NULL, 10), big_cells = max_cells, capped = 1;
  const char *bcs = getenv("GOLCL_GOLLY_BIG_CELLS");
  if (bcs && *bcs) big_cells = strtoull(bcs, NULL, 10);
  if (big_cells < max_cells) big_cells = max_cells;
  golcl_pattern_limits lim; /* the long tapes: boxes up to big_cells */
  golcl_pattern_get_limits(&lim);
  if (lim.max_cells < big_cells) lim.max_cells = big_cells;
  golcl_pattern_set_limits(&lim);
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  snprintf(root, sizeof root, "%s", r && *r ? r : "/usr/share/golly/Patterns");
  files = bg_list_files(root, &nfiles);
  const char *only = getenv("GOLCL_GOLLY_ONLY"); /* a part of the paths to run, for a look */
  if (only && *only) {
    size_t k = 0;
    for (size_t i = 0; i < nfiles; i++)
      if (strstr(files[i], only))
        files[k++] = files[i];
      else
        free(files[i]);
    nfiles = k;
  }
  if (!nfiles) {
    printf("\n*** test_golly_count: no files under %s: NOT compared ***\n\n", root);
    return 0;
  }
  recs = calloc(nfiles, sizeof *recs);
  Suite *s = suite_create("golly-count");
  TCase *tc = tcase_create("every file");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, golly_file, 0, (int)nfiles);
  tcase_add_test(tc, the_count);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
  free(recs);
  return rc;
}
