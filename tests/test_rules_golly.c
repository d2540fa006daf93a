/* test_rules_golly.c — every file of Golly's Generations and
 * Larger-than-Life folders, and of the folders of RuleLoader rules (Loops,
 * Margolus, Other-Rules, Patersons-Worms, Self-Rep/{Banks,Codd,Devore},
 * Turmites, WireWorld), run by bgolly (-a Generations / "Larger than Life"
 * / RuleLoader -s Rules/) and by golcl_msgrid_step to 37 and 130
 * generations, compared state for state up to translation. Gzip-compressed
 * RLE is inflated by gzip first; files of other families or formats
 * (macrocell, zip archives, two-state rules) are refused by name. RLE files are read by golcl_mspattern_parse;
 * MCell (.mcl) files, whose reader comes later, are first written as RLE by
 * bgolly (-m 0) and both sides run from that text. A bounded grid (:P, :T)
 * is the file's (LtL sides raised to 2R as Golly raises them), placed as
 * Golly places the pattern; an unbounded pattern runs on a dead-boundary
 * grid that is checked every generation (no cell in state 1 within R of the
 * edge, so the edge never matters) and rebuilt around the cells when they
 * come closer (LtL bugs travel up to R cells a generation). Files too large are skipped with their
 * size; every skip is listed and the counts are printed. GOLCL_RULES_GOLLY_MAX_CELLS raises the
 * size of the universes run (default 2^24 cells). */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FILE (4u << 20)

static char bgolly[1024], root[1024];
static char **files;
static size_t nfiles;
static int n_same, n_same_mcl, n_same_rl, n_skipped;
static uint64_t max_cells = 1u << 24;
static char skipped[16384], *skipped_end = skipped;
static const uint64_t steps[] = {37, 130};
#define NSTEPS (sizeof steps / sizeof *steps)

static int ends_with(const char *s, const char *t) {
  size_t a = strlen(s), b = strlen(t);
  return a >= b && strcmp(s + a - b, t) == 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[2048];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) walk(p);
    if (stat(p, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    files = realloc(files, (nfiles + 1) * sizeof *files);
    files[nfiles++] = strdup(p);
  }
  closedir(d);
}

static char *slurp(const char *path) {
  char cmd[2200];
  snprintf(cmd, sizeof cmd, "gzip -dc '%s'", path);
  int gz = ends_with(path, ".gz");
  FILE *f = gz ? popen(cmd, "r") : fopen(path, "rb");
  if (!f) return NULL;
  char *b = malloc(MAX_FILE + 1);
  size_t n = fread(b, 1, MAX_FILE, f);
  b[n] = '\0';
  if (gz ? pclose(f) != 0 : fclose(f) != 0) b[0] = '\0';
  return b;
}

static const char *rel(const char *path) { return path + strlen(root) + 1; }

static void skip(const char *path, const char *why) {
  n_skipped++;
  int left = (int)(skipped + sizeof skipped - skipped_end);
  if (left > 1) {
    int n = snprintf(skipped_end, (size_t)left, "  %s: %s\n", rel(path), why);
    skipped_end += n > 0 && n < left ? n : 0;
  }
  printf("rules-golly: SKIP %s: %s\n", rel(path), why);
}

/* Whether n cells hold one that can grow: state 1 (Generations, LtL), or
 * any state but 0 (RuleLoader: `any`). */
static int grows(const uint8_t *c, size_t n, int any) {
  if (!any) return memchr(c, 1, n) != NULL;
  for (size_t i = 0; i < n; i++)
    if (c[i]) return 1;
  return 0;
}

/* No cell that can grow within `r` of the edge: the dead boundary then
 * acts as the unbounded plane for the next generation (no B0). */
static int clear_of_edge(const uint8_t *c, uint32_t w, uint32_t h, uint32_t r, int any) {
  for (uint32_t y = 0; y < h; y++) {
    const uint8_t *row = c + (size_t)y * w;
    if (y < r || y >= h - r) {
      if (grows(row, w, any)) return 0;
    } else if (grows(row, r, any) || grows(row + w - r, r, any)) {
      return 0;
    }
  }
  return 1;
}

/* A new grid around the non-zero cells of c (W×H, read from g), with m
 * cells of margin, at the same generation, g destroyed; NULL (and *big
 * set) if it would be larger than max_cells. */
static golcl_msgrid *recentre(golcl_msgrid *g, const uint8_t *c, uint32_t *W, uint32_t *H,
                              uint32_t m, uint64_t *big) {
  uint32_t x0 = *W, y0 = *H, x1 = 0, y1 = 0;
  for (uint32_t y = 0; y < *H; y++)
    for (uint32_t x = 0; x < *W; x++)
      if (c[(size_t)y * *W + x]) {
        if (x < x0) x0 = x;
        if (x >= x1) x1 = x + 1;
        if (y < y0) y0 = y;
        y1 = y + 1;
      }
  if (x0 >= x1) x0 = x1 = y0 = y1 = 0;
  uint64_t nw = (uint64_t)(x1 - x0) + 2 * m, nh = (uint64_t)(y1 - y0) + 2 * m;
  if (nw * nh > max_cells) {
    *big = nw * nh;
    golcl_msgrid_destroy(g);
    return NULL;
  }
  golcl_msgrid *n;
  golcl_msrule rule;
  TU_OK(golcl_msgrid_create(tu_ctx, (uint32_t)nw, (uint32_t)nh, GOLCL_BOUNDARY_DEAD, &n));
  TU_OK(golcl_msgrid_msrule(g, &rule));
  TU_OK(golcl_msgrid_set_msrule(n, &rule));
  TU_OK(golcl_msgrid_set_generation(n, golcl_msgrid_generation(g)));
  if (x1 > x0)
    TU_OK(golcl_msgrid_write_rect(n, m, m, x1 - x0, y1 - y0, c + (size_t)y0 * *W + x0, *W));
  golcl_msgrid_destroy(g);
  *W = (uint32_t)nw, *H = (uint32_t)nh;
  return n;
}

/* Runs the pattern on a grid and compares every step with Golly's; fails
 * the test on a difference. An unbounded pattern's grid is rebuilt around
 * its cells (margin 2R + 16) whenever a cell in state 1 comes within R of
 * the edge. Returns 1, or 0 (with the size in *big) if a grid would be
 * larger than max_cells. */
static int run_grid(const char *path, const golcl_mspattern *p, const golcl_msrule *rule,
                    golcl_boundary b, uint32_t W, uint32_t H, int64_t px, int64_t py, int unbounded,
                    const bg_mscells *ref, uint64_t *big, uint32_t *most) {
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, W, H, b, &g));
  TU_OK(golcl_msgrid_set_msrule(g, rule));
  TU_OK(golcl_msgrid_place(g, p, px, py));
  uint64_t pop, want = 0;
  const uint8_t *pc = golcl_mspattern_cells(p);
  for (size_t i = 0; i < (size_t)golcl_mspattern_width(p) * golcl_mspattern_height(p); i++)
    want += pc[i] != 0;
  TU_OK(golcl_msgrid_population(g, &pop));
  ck_assert_msg(pop == want, "%s: %llu of %llu cells inside the grid", path,
                (unsigned long long)pop, (unsigned long long)want);
  uint32_t r = rule->family == GOLCL_MS_LTL ? rule->range : 1;
  uint8_t *c = malloc((size_t)W * H);
  uint64_t done = 0;
  *most = W > H ? W : H;
  for (size_t j = 0; j < NSTEPS && g; j++) {
    while (done < steps[j] && g) {
      if (unbounded) {
        TU_OK(golcl_msgrid_read(g, c, 0));
        if (!clear_of_edge(c, W, H, r, rule->family == GOLCL_MS_RULELOADER)) {
          g = recentre(g, c, &W, &H, 2 * r + 16, big);
          if (!g) break;
          free(c);
          c = malloc((size_t)W * H);
          if (W > *most) *most = W;
          if (H > *most) *most = H;
        }
      }
      TU_OK(golcl_msgrid_step(g, unbounded ? 1 : steps[j] - done));
      done = unbounded ? done + 1 : steps[j];
    }
    if (!g) break;
    TU_OK(golcl_msgrid_read(g, c, 0));
    size_t n;
    ck_assert_msg(bg_ms_same(c, W, H, &ref[j], &n),
                  "%s: after %llu generations libgolcl has %zu cells, Golly %zu (or states differ)",
                  path, (unsigned long long)done, n, ref[j].n);
  }
  free(c);
  if (!g) return 0;
  golcl_msgrid_destroy(g);
  return 1;
}

/* The folders of Golly's RuleLoader patterns (below the Patterns folder). */
static const char *const loader_dirs[] = {"Loops",          "Margolus",        "Other-Rules",
                                          "Patersons-Worms", "Self-Rep/Banks",  "Self-Rep/Codd",
                                          "Self-Rep/Devore", "Turmites",        "WireWorld"};
#define RULES_DIR GOLCL_GOLLY_RULES_DIR "/"

START_TEST(golly_file) {
  const char *path = files[_i];
  int mcl = ends_with(path, ".mcl");
  int loader = !strstr(path, "/Generations/") && !strstr(path, "/Larger-than-Life/");
  /* an MCell file's algorithm by its folder, an RLE file's by its rule (below) */
  const char *algo = strstr(path, "Larger-than-Life") ? "Larger than Life" : "Generations";
  const char *rules = loader ? RULES_DIR : NULL;
  if (loader) algo = "RuleLoader";
  if (!mcl && !ends_with(path, ".rle") && !ends_with(path, ".rle.gz")) {
    skip(path, ends_with(path, ".zip")     ? "a zip archive (Golly opens its files one by one)"
               : strstr(path, ".mc")       ? "multi-state macrocell (read by another part)"
                                           : "neither RLE nor MCell");
    return;
  }
  char *text = slurp(path), err[2048];
  ck_assert_msg(text != NULL && *text, "%s: unreadable", path);
  if (mcl) { /* bgolly writes the MCell file as RLE at generation 0 */
    char *conv;
    ck_assert_msg(bg_run_text_rules(bgolly, algo, rules, text, "mcl", 0, &conv, err, sizeof err) == 0,
                  "%s: %s", path, err);
    free(text);
    text = conv;
  }
  golcl_mspattern *p;
  golcl_status s = golcl_mspattern_parse(text, strlen(text), &p);
  if (loader && s != GOLCL_OK) { /* a rule of another family (two-state, JvN) */
    char why[600];
    snprintf(why, sizeof why, "refused: %.560s", golcl_last_errmsg());
    skip(path, why);
    free(text);
    return;
  }
  ck_assert_msg(s == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
  golcl_msrule rule;
  golcl_bounds bounds;
  TU_OK(golcl_mspattern_msrule(p, &rule));
  TU_OK(golcl_mspattern_bounds(p, &bounds));
  if (!mcl) { /* bgolly's algorithm: the rule's family */
    algo = rule.family == GOLCL_MS_LTL ? "Larger than Life" : "Generations";
    rules = rule.family == GOLCL_MS_RULELOADER ? RULES_DIR : NULL;
    if (rules) algo = "RuleLoader";
  }
  char rt[GOLCL_MSRULE_TEXT_CAP], bt[GOLCL_BOUNDS_TEXT_CAP] = "";
  TU_OK(golcl_msrule_format(&rule, rt, sizeof rt));
  if (bounds.topology != GOLCL_TOPOLOGY_INFINITE) golcl_bounds_format(&bounds, bt, sizeof bt);
  uint32_t r = rule.family == GOLCL_MS_LTL ? rule.range : 1;
  int unbounded = bounds.topology == GOLCL_TOPOLOGY_INFINITE;
  if (!unbounded && (bounds.topology > GOLCL_TOPOLOGY_TORUS || bounds.shift_x || bounds.shift_y ||
                     !bounds.width || !bounds.height)) {
    char why[160];
    snprintf(why, sizeof why, "the bounded grid %s: only plain planes and tori so far", bt);
    skip(path, why);
    golcl_mspattern_destroy(p);
    free(text);
    return;
  }
  uint32_t pw = golcl_mspattern_width(p), ph = golcl_mspattern_height(p);
  int64_t ox, oy;
  golcl_mspattern_origin(p, &ox, &oy);
  bg_mscells ref[NSTEPS];
  for (size_t j = 0; j < NSTEPS; j++) {
    char *out;
    ck_assert_msg(
        bg_run_text_rules(bgolly, algo, rules, text, "rle", steps[j], &out, err, sizeof err) == 0,
        "%s: %s", path, err);
    ck_assert_msg(bg_parse_ms_rle(out, &ref[j]) == 0, "%s: bgolly's RLE is unreadable", path);
    free(out);
  }
  char how[200];
  int ran = 0;
  uint64_t big = 0;
  uint32_t most = 0;
  if (!unbounded) {
    uint32_t W = bounds.width, H = bounds.height;
    if (rule.family == GOLCL_MS_LTL) { /* Golly raises a side below 2R */
      if (W < 2 * r) W = 2 * r;
      if (H < 2 * r) H = 2 * r;
    }
    golcl_boundary b =
        bounds.topology == GOLCL_TOPOLOGY_TORUS ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
    if ((uint64_t)W * H > max_cells) {
      big = (uint64_t)W * H;
    } else { /* Golly's bounded grid spans -floor(W/2) .. W-1-floor(W/2) */
      ran = run_grid(path, p, &rule, b, W, H, ox + W / 2, oy + H / 2, 0, ref, &big, &most);
      snprintf(how, sizeof how, "%ux%u %s", W, H, b ? "torus" : "plane");
    }
  } else {
    uint32_t m = 2 * r + 16;
    if (((uint64_t)pw + 2 * m) * ((uint64_t)ph + 2 * m) > max_cells)
      big = ((uint64_t)pw + 2 * m) * ((uint64_t)ph + 2 * m);
    else
      ran = run_grid(path, p, &rule, GOLCL_BOUNDARY_DEAD, pw + 2 * m, ph + 2 * m, m, m, 1, ref,
                     &big, &most);
    snprintf(how, sizeof how, "unbounded, grids up to %u cells a side following the cells", most);
  }
  if (!ran) {
    snprintf(how, sizeof how, "a grid of %llu cells would be needed, above this test's %llu",
             (unsigned long long)big, (unsigned long long)max_cells);
    skip(path, how);
  }
  if (ran) {
    if (rule.family == GOLCL_MS_RULELOADER)
      n_same_rl++;
    else if (mcl)
      n_same_mcl++;
    else
      n_same++;
    printf("rules-golly: SAME %s%s (%s%s, %s, gens 37 130: %zu and %zu cells)\n", rel(path),
           mcl ? " (MCell)" : "", rt, bt, how, ref[0].n, ref[1].n);
  }
  for (size_t j = 0; j < NSTEPS; j++) bg_ms_free(&ref[j]);
  golcl_mspattern_destroy(p);
  free(text);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf("\n*** test_rules_golly: bgolly NOT FOUND: Golly's patterns were NOT compared ***\n\n");
    return 0;
  }
  const char *mcs = getenv("GOLCL_RULES_GOLLY_MAX_CELLS");
  if (!mcs || !*mcs) mcs = getenv("GOLCL_GOLLY_MAX_CELLS"); /* tests/valgrind/run.sh sets it */
  if (mcs && *mcs) max_cells = strtoull(mcs, NULL, 10);
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  snprintf(root, sizeof root, "%s", r && *r ? r : "/usr/share/golly/Patterns");
  char dir[1100];
  snprintf(dir, sizeof dir, "%s/Generations", root);
  walk(dir);
  snprintf(dir, sizeof dir, "%s/Larger-than-Life", root);
  walk(dir);
  for (size_t i = 0; i < sizeof loader_dirs / sizeof *loader_dirs; i++) {
    snprintf(dir, sizeof dir, "%s/%s", root, loader_dirs[i]);
    walk(dir);
  }
  if (!nfiles) {
    printf("\n*** test_rules_golly: no files under %s: NOT compared ***\n\n", root);
    return 0;
  }
  qsort(files, nfiles, sizeof *files, cmp_str);
  Suite *s = suite_create("rules-golly");
  TCase *tc = tcase_create("every file");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, golly_file, 0, (int)nfiles);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  printf(
      "rules-golly: %zu files under %s/{Generations,Larger-than-Life} and the RuleLoader "
      "folders: %d Generations/LtL RLE files read by golcl_mspattern_parse, %d MCell files (as "
      "bgolly writes them) and %d RuleLoader files run identically at 37 and 130 generations; "
      "%d skipped%s\n%s",
      nfiles, root, n_same, n_same_mcl, n_same_rl, n_skipped, n_skipped ? ":" : "",
      skipped);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
  return rc;
}
