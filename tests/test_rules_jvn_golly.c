/* test_rules_jvn_golly.c — every file of Golly's Patterns whose rule is
 * JvN29, Nobili32 or Hutton32 (RLE or macrocell, gzip or not; chosen by
 * the rule its text names, read through gzip -dcf, not by libgolcl's
 * reader) run by bgolly -a JvN and by golcl_msgrid_step to 37, 130 and 400
 * generations from the file's own (#G: bgolly's -m is the generation to reach)
 * (37 only where the grid is above GOLCL_RULES_GOLLY_MAX_CELLS,
 * up to GOLCL_RULES_JVN_BIG_CELLS, default 2^27 unless a cap was set, the
 * pattern limits raised to it), compared state for state up to translation. The file is
 * read by golcl_mspattern_read_file. An unbounded pattern runs on a
 * dead-boundary grid around its cells: nothing in these rules travels
 * faster than a cell a generation, so a grid whose nearest non-zero cell
 * is d cells from the edge runs d generations as the plane would, then is
 * rebuilt around the cells. A larger grid is skipped and named with its
 * size; the counts are printed. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <string.h>

#define MARGIN 48

static char bgolly[1024], root[1024];
static char **files;
static size_t nfiles;
static int n_same, n_same_first, n_skipped;
static uint64_t max_cells = 1u << 24, big_cells = 1u << 27;
static char large[2048], *large_end = large;
static char skipped[8192], *skipped_end = skipped;
static const uint64_t steps[] = {37, 130, 400};
#define NSTEPS (sizeof steps / sizeof *steps)

/* The file's text through gzip -dcf (NULL if it cannot be run). */
static char *inflated(const char *path) {
  char cmd[2200];
  snprintf(cmd, sizeof cmd, "gzip -dcf '%s' 2>/dev/null", path);
  FILE *f = popen(cmd, "r");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0, k;
  char *b = malloc(cap + 1);
  while ((k = fread(b + n, 1, cap - n, f)) > 0)
    if ((n += k) == cap) b = realloc(b, (cap *= 2) + 1);
  b[n] = '\0';
  pclose(f);
  return b;
}

/* Whether the text names a rule of the JvN family: the RLE header's
 * "rule = NAME" or a macrocell's "#R NAME". */
static int names_jvn(const char *t) {
  static const char *const names[] = {"JvN29", "Nobili32", "Hutton32"};
  for (const char *line = t; line && *line;
       line = strchr(line, '\n') ? strchr(line, '\n') + 1 : 0) {
    const char *r = NULL;
    if (line[0] == 'x') {
      const char *eol = strchr(line, '\n'), *rr = strstr(line, "rule");
      if (rr && (!eol || rr < eol) && (rr = strchr(rr, '='))) r = rr + 1;
    } else if (!strncmp(line, "#R", 2)) {
      r = line + 2;
    }
    if (!r) continue;
    while (*r == ' ') r++;
    for (int i = 0; i < 3; i++)
      if (!strncmp(r, names[i], strlen(names[i]))) return 1;
    return 0;
  }
  return 0;
}

static void skip(const char *path, const char *why) {
  n_skipped++;
  int left = (int)(skipped + sizeof skipped - skipped_end);
  int n = snprintf(skipped_end, (size_t)left, "  %s: %s\n", path + strlen(root) + 1, why);
  skipped_end += n > 0 && n < left ? n : 0;
  printf("rules-jvn-golly: SKIP %s: %s\n", path + strlen(root) + 1, why);
}

/* A grid on the plane: the cells, its size and the distance of the nearest
 * non-zero cell to an edge. */
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
  for (uint32_t y = 0; y < p->h; y++)
    for (uint32_t x = 0; x < p->w; x++)
      if (p->c[(size_t)y * p->w + x]) {
        if (x < x0) x0 = x;
        if (x + 1 > x1) x1 = x + 1;
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

/* A new grid of the box's cells with MARGIN around them; 0 and the size
 * in *big if above cap. */
static int rebuild(plane *p, const uint32_t box[4], uint64_t cap, uint64_t *big) {
  uint64_t w = (uint64_t)(box[2] - box[0]) + 2 * MARGIN,
           h = (uint64_t)(box[3] - box[1]) + 2 * MARGIN;
  if (w * h > cap) return *big = w * h, 0;
  golcl_msgrid *n;
  golcl_msrule r;
  TU_OK(golcl_msgrid_create(tu_ctx, (uint32_t)w, (uint32_t)h, GOLCL_BOUNDARY_DEAD, &n));
  TU_OK(golcl_msgrid_msrule(p->g, &r));
  TU_OK(golcl_msgrid_set_msrule(n, &r));
  TU_OK(golcl_msgrid_write_rect(n, MARGIN, MARGIN, box[2] - box[0], box[3] - box[1],
                                p->c + (size_t)box[1] * p->w + box[0], p->w));
  golcl_msgrid_destroy(p->g);
  free(p->c);
  p->g = n, p->w = (uint32_t)w, p->h = (uint32_t)h;
  p->c = malloc((size_t)w * h);
  return 1;
}

START_TEST(golly_file) {
  const char *path = files[_i], *name = path + strlen(root) + 1;
  char err[2048], why[400];
  golcl_mspattern *pat;
  golcl_status s = golcl_mspattern_read_file(path, &pat);
  if (s == GOLCL_E_PARSE && strstr(golcl_last_errmsg(), "above the")) { /* the pattern limits */
    skip(path, strstr(golcl_last_errmsg(), "line "));
    return;
  }
  ck_assert_msg(s == GOLCL_OK, "%s: %s", name, golcl_last_errmsg());
  golcl_msrule rule;
  golcl_bounds b;
  TU_OK(golcl_mspattern_msrule(pat, &rule));
  TU_OK(golcl_mspattern_bounds(pat, &b));
  ck_assert_msg(b.topology == GOLCL_TOPOLOGY_INFINITE, "%s: a bounded grid (none expected)", name);
  char rt[GOLCL_MSRULE_TEXT_CAP];
  TU_OK(golcl_msrule_format(&rule, rt, sizeof rt));
  uint32_t pw = golcl_mspattern_width(pat), ph = golcl_mspattern_height(pat);
  uint64_t big = ((uint64_t)pw + 2 * MARGIN) * ((uint64_t)ph + 2 * MARGIN), done = 0;
  /* a grid above max_cells runs to the first count only, up to big_cells */
  const size_t nsteps = big <= max_cells ? NSTEPS : 1;
  const uint64_t cap = big <= max_cells ? max_cells : big_cells;
  if (big > cap) {
    snprintf(why, sizeof why,
             "%s, %ux%u cells: a grid of %llu cells would be needed, above this "
             "test's %llu",
             rt, pw, ph, (unsigned long long)big, (unsigned long long)cap);
    skip(path, why);
    golcl_mspattern_destroy(pat);
    return;
  }
  bg_mscells ref[NSTEPS];
  const uint64_t g0 = golcl_mspattern_generation(pat); /* bgolly's -m is a generation to reach */
  for (size_t j = 0; j < nsteps; j++) {
    char *out;
    ck_assert_msg(bg_run_path(bgolly, "JvN", path, g0 + steps[j], &out, err, sizeof err) == 0,
                  "%s: %s", name, err);
    ck_assert_msg(bg_parse_ms_rle(out, &ref[j]) == 0, "%s: bgolly's RLE is unreadable", name);
    free(out);
  }
  uint64_t most = 0;
  plane p = {NULL, NULL, pw + 2 * MARGIN, ph + 2 * MARGIN};
  p.c = malloc((size_t)p.w * p.h);
  TU_OK(golcl_msgrid_create(tu_ctx, p.w, p.h, GOLCL_BOUNDARY_DEAD, &p.g));
  TU_OK(golcl_msgrid_set_msrule(p.g, &rule));
  TU_OK(golcl_msgrid_place(p.g, pat, MARGIN, MARGIN));
  big = 0;
  size_t j = 0;
  for (; j < nsteps && !big; j++) {
    while (done < steps[j]) {
      uint32_t box[4], d = clearance(&p, box);
      if (d == 0) {
        if (!rebuild(&p, box, cap, &big)) break;
        d = MARGIN;
      }
      uint64_t k = d < steps[j] - done ? d : steps[j] - done;
      TU_OK(golcl_msgrid_step(p.g, k));
      done += k;
      most = p.w * (uint64_t)p.h > most ? p.w * (uint64_t)p.h : most;
    }
    if (big) break;
    size_t n;
    TU_OK(golcl_msgrid_read(p.g, p.c, 0));
    ck_assert_msg(bg_ms_same(p.c, p.w, p.h, &ref[j], &n),
                  "%s: after %llu generations libgolcl has %zu cells, Golly %zu (or states differ)",
                  name, (unsigned long long)done, n, ref[j].n);
  }
  if (big) {
    snprintf(why, sizeof why,
             "%s, %ux%u cells: a grid of %llu cells would be needed (generation "
             "%llu), above this test's %llu",
             rt, pw, ph, (unsigned long long)big, (unsigned long long)done,
             (unsigned long long)cap);
    skip(path, why);
  } else if (nsteps == NSTEPS) {
    n_same++;
    printf(
        "rules-jvn-golly: SAME %s (%s, %ux%u, grids up to %llu cells; gens 37 130 400: %zu %zu "
        "%zu cells)\n",
        name, rt, pw, ph, (unsigned long long)most, ref[0].n, ref[1].n, ref[2].n);
  } else {
    n_same_first++;
    int left = (int)(large + sizeof large - large_end);
    int k = snprintf(large_end, (size_t)left, "  %s: %ux%u, a grid of %llu cells\n", name, pw, ph,
                     (unsigned long long)most);
    large_end += k > 0 && k < left ? k : 0;
    printf("rules-jvn-golly: SAME %s (%s, %ux%u, a grid of %llu cells; gen 37 only: %zu cells)\n",
           name, rt, pw, ph, (unsigned long long)most, ref[0].n);
  }
  golcl_msgrid_destroy(p.g);
  free(p.c);
  for (size_t i = 0; i < nsteps; i++) bg_ms_free(&ref[i]);
  golcl_mspattern_destroy(pat);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf(
        "\n*** test_rules_jvn_golly: bgolly NOT FOUND: Golly's patterns were NOT compared ***\n\n");
    return 0;
  }
  const char *mcs = getenv("GOLCL_RULES_GOLLY_MAX_CELLS");
  if (!mcs || !*mcs) mcs = getenv("GOLCL_GOLLY_MAX_CELLS");
  if (mcs && *mcs) max_cells = strtoull(mcs, NULL, 10);
  const char *bcs = getenv("GOLCL_RULES_JVN_BIG_CELLS");
  if (bcs && *bcs)
    big_cells = strtoull(bcs, NULL, 10);
  else if (mcs && *mcs) /* a cap set for the whole run (make valgrind's): no larger grids */
    big_cells = max_cells;
  if (big_cells < max_cells) big_cells = max_cells;
  golcl_pattern_limits lim; /* the long tapes: read boxes up to big_cells */
  golcl_pattern_get_limits(&lim);
  if (lim.max_cells < big_cells) lim.max_cells = big_cells;
  golcl_pattern_set_limits(&lim);
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  snprintf(root, sizeof root, "%s", r && *r ? r : "/usr/share/golly/Patterns");
  size_t n = 0;
  char **all = bg_list_files(root, &n);
  files = malloc((n + 1) * sizeof *files);
  for (size_t i = 0; i < n; i++) {
    char *t = strstr(all[i], ".zip") ? NULL : inflated(all[i]);
    if (t && names_jvn(t))
      files[nfiles++] = all[i];
    else
      free(all[i]);
    free(t);
  }
  free(all);
  if (!nfiles) {
    printf("\n*** test_rules_jvn_golly: no JvN files under %s: NOT compared ***\n\n", root);
    return 0;
  }
  Suite *s = suite_create("rules-jvn-golly");
  TCase *tc = tcase_create("every JvN file");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, golly_file, 0, (int)nfiles);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  printf(
      "rules-jvn-golly: %zu files under %s name JvN29, Nobili32 or Hutton32: %d run identically "
      "at 37, 130 and 400 generations; %d larger ones (grids above %llu cells) identically at "
      "37%s\n%s%d skipped%s\n%s",
      nfiles, root, n_same, n_same_first, (unsigned long long)max_cells, n_same_first ? ":" : "",
      large, n_skipped, n_skipped ? ":" : "", skipped);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
  return rc;
}
