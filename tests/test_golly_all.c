/* test_golly_all.c — every two-state pattern file Golly ships, read by
 * golcl_pattern_read_file (RLE, Life 1.05/1.06, macrocell, gzipped or not:
 * rule table, bounded grid, cells, generation, position), placed in a grid
 * with golcl_grid_set_bounds, golcl_grid_set_rule_table and golcl_grid_place,
 * and run by bgolly and by libgolcl's table steppers (reference, naive,
 * lut4, pack16, lut6x3; those that support the grid) to a few generation
 * counts, compared cell for cell up to translation (bgolly writes no
 * position). Files of other families (multi-state rules, MCell, scripts,
 * archives) and files too large for a short test are listed with the
 * reason; the counts are printed. GOLCL_GOLLY_MAX_CELLS raises the size
 * of the universes run (default 2^21 cells). */
#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#define MAX_CELLS (1u << 21) /* grid cells (the universe of the run) */
#define MAX_REF_CELLS (1u << 17)
#define MAX_FILE (4u << 20)

static char bgolly[1024], root[1024];
static char **files;
static size_t nfiles;
static int n_same, n_skipped, n_derived;
static uint64_t max_cells = MAX_CELLS;
static char skipped[65536], *skipped_end = skipped;


static int ends_with(const char *s, const char *t) {
  size_t a = strlen(s), b = strlen(t);
  return a >= b && strcmp(s + a - b, t) == 0;
}

/* The file's text, gunzipped where it ends in .gz; NULL if unreadable. */
static char *read_text(const char *path, size_t *len) {
  char cmd[2200];
  FILE *f;
  int pipe = ends_with(path, ".gz");
  if (pipe) {
    snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
    f = popen(cmd, "r");
  } else {
    f = fopen(path, "rb");
  }
  if (!f) return NULL;
  if (pipe) { /* a .gz that is not gzip (Golly reads it as it is) */
    int c = fgetc(f);
    if (c == EOF) {
      pclose(f);
      pipe = 0;
      f = fopen(path, "rb");
      if (!f) return NULL;
    } else {
      ungetc(c, f);
    }
  }
  size_t cap = 1 << 16, n = 0, k;
  char *b = malloc(cap);
  while ((k = fread(b + n, 1, cap - n - 1, f)) > 0) {
    n += k;
    if (n + 1 >= cap) {
      if (cap >= MAX_FILE) break;
      b = realloc(b, cap *= 2);
    }
  }
  b[n] = '\0';
  if (pipe)
    pclose(f);
  else
    fclose(f);
  *len = n;
  return b;
}

static void skip(const char *path, const char *why) {
  n_skipped++;
  int left = (int)(skipped + sizeof skipped - skipped_end);
  if (left > 1) {
    int n = snprintf(skipped_end, (size_t)left, "  %s: %s\n", path + strlen(root) + 1, why);
    skipped_end += n > 0 && n < left ? n : 0;
  }
  printf("golly-all: SKIP %s: %s\n", path + strlen(root) + 1, why);
}

/* The rule text of an RLE header or a macrocell #R line, and where it is. */
static int find_rule(const char *t, int mc, const char **at, size_t *len) {
  const char *p = t;
  while (*p) {
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) : strlen(p);
    if (mc && n > 3 && p[0] == '#' && p[1] == 'R' && p[2] == ' ') {
      const char *r = p + 3;
      while (*r == ' ') r++;
      *at = r;
      *len = 0;
      while (r + *len < p + n && r[*len] != ' ' && r[*len] != '\r') (*len)++;
      return 1;
    }
    if (!mc && p[0] == 'x') {
      const char *r = strstr(p, "rule");
      if (!r || r > p + n) return 0;
      r = strchr(r, '=');
      if (!r || r > p + n) return 0;
      r++;
      while (*r == ' ') r++;
      *at = r;
      *len = 0;
      while (r + *len < p + n && r[*len] != ' ' && r[*len] != '\r') (*len)++; /* to the end */
      return 1;
    }
    if (!mc && p[0] != '#' && n > 0) return 0;
    if (!eol) break;
    p = eol + 1;
  }
  return 0;
}

/* A LifeHistory file whose cells are all in states 0 and 1 ('.' and 'A')
 * is a two-state pattern under a multi-state rule: the same text with
 * "B3/S23" and 'b'/'o' lets Golly's bounded grids of those files (:K, :C,
 * :S, shifted tori) be compared. NULL if the file is something else. */
static char *two_state_history(const char *text, const char *rat, size_t rlen) {
  if (!rat || rlen < 11 || strncmp(rat, "LifeHistory", 11) != 0) return NULL;
  const char *body = strchr(rat, '\n');
  if (!body) return NULL;
  for (const char *q = body; *q; q++)
    if (!strchr("0123456789$!.A \r\n", *q)) return NULL;
  size_t len = strlen(text), a = (size_t)(rat - text);
  char *t = malloc(len + 16);
  memcpy(t, text, a);
  memcpy(t + a, "B3/S23", 6);
  snprintf(t + a + 6, len + 10 - a, "%s", rat + 11);
  for (char *q = strchr(t + a, '\n'); q && *q; q++) *q = *q == 'A' ? 'o' : *q == '.' ? 'b' : *q;
  return t;
}

START_TEST(golly_file) {
  const char *path = files[_i];
  if (ends_with(path, ".zip")) {
    skip(path, "a zip archive (Golly's scripts and patterns)");
    return;
  }
  if (ends_with(path, ".lua") || ends_with(path, ".py")) {
    skip(path, "a script");
    return;
  }
  if (ends_with(path, ".mcl")) {
    skip(path, "MCell format, a multi-state rule");
    return;
  }
  size_t len;
  char *text = read_text(path, &len);
  if (!text) {
    skip(path, "unreadable");
    return;
  }
  int mc = strncmp(text, "[M2]", 4) == 0;
  const char *rat = NULL;
  size_t rlen = 0;
  find_rule(text, mc, &rat, &rlen);
  /* the pattern, its rule and its bounded grid, all from the file */
  golcl_pattern *p = NULL;
  golcl_status s = golcl_pattern_read_file(path, &p);
  char *derived = NULL; /* a LifeHistory file as the two-state pattern it is */
  if (s == GOLCL_E_UNSUPPORTED && (derived = two_state_history(text, rat, rlen))) {
    free(text);
    text = derived;
    len = strlen(text);
    s = golcl_pattern_parse(text, len, &p);
    ck_assert_msg(s == GOLCL_OK, "%s (as B3/S23): %s", path, golcl_last_errmsg());
  }
  if (s != GOLCL_OK) {
    char why[400];
    snprintf(why, sizeof why, "%s", golcl_last_errmsg());
    free(text);
    ck_assert_msg(s == GOLCL_E_UNSUPPORTED || (s == GOLCL_E_PARSE && strstr(why, "limit")),
                  "%s: %s", path, why);
    skip(path, strncmp(why, path, strlen(path)) == 0 ? why + strlen(path) + 2 : why);
    return;
  }
  golcl_rule_table table;
  golcl_bounds bounds;
  TU_OK(golcl_pattern_rule_table(p, &table));
  TU_OK(golcl_pattern_bounds(p, &bounds));
  char rule[GOLCL_PATTERN_RULE_CAP];
  TU_OK(golcl_pattern_rule_text(p, rule, sizeof rule));
  uint32_t pw = golcl_pattern_width(p), ph = golcl_pattern_height(p);
  uint64_t gen0 = golcl_pattern_generation(p), pop = golcl_pattern_population(p);
  int64_t ox, oy;
  golcl_pattern_origin(p, &ox, &oy);
  static const uint64_t steps[] = {1, 5, 24};
  uint64_t most = steps[2];
  /* the universe: Golly's bounded grid, or the pattern with room to grow */
  uint32_t W = bounds.width, H = bounds.height;
  int64_t gx, gy; /* Golly's coordinates of grid cell (0, 0) */
  if (W)
    gx = -(int64_t)(W / 2);
  else
    W = pw + 2 * (uint32_t)most + 4, gx = ox - (int64_t)most - 2;
  if (H)
    gy = -(int64_t)(H / 2);
  else
    H = ph + 2 * (uint32_t)most + 4, gy = oy - (int64_t)most - 2;
  if ((uint64_t)W * H > max_cells) {
    char why[200];
    snprintf(why, sizeof why, "%ux%u cells to run (%llu alive): above this test's %llu", W, H,
             (unsigned long long)pop, (unsigned long long)max_cells);
    golcl_pattern_destroy(p);
    free(text);
    skip(path, why);
    return;
  }
  static const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_REFERENCE, GOLCL_STEPPER_NAIVE,
                                             GOLCL_STEPPER_LUT4, GOLCL_STEPPER_PACK16,
                                             GOLCL_STEPPER_LUT6X3};
  char ran[128] = "";
  uint8_t *got = malloc((size_t)W * H);
  bg_cells ref[3];
  for (size_t j = 0; j < 3; j++) {
    char err[800];
    ck_assert_msg(bg_run(bgolly, text, gen0 + steps[j], &ref[j], err, sizeof err) == 0, "%s: %s",
                  path, err);
  }
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    if (kinds[k] == GOLCL_STEPPER_REFERENCE && (uint64_t)W * H > MAX_REF_CELLS) continue;
    golcl_grid *g;
    golcl_stepper *st;
    TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
    if (bounds.topology != GOLCL_TOPOLOGY_INFINITE) TU_OK(golcl_grid_set_bounds(g, &bounds));
    TU_OK(golcl_grid_set_rule_table(g, &table));
    TU_OK(golcl_grid_place(g, p, ox - gx, oy - gy));
    uint64_t placed;
    TU_OK(golcl_grid_population(g, &placed));
    ck_assert_msg(placed == pop, "%s: %llu of %llu cells inside the grid", path,
                  (unsigned long long)placed, (unsigned long long)pop);
    TU_OK(golcl_grid_set_generation(g, gen0));
    TU_OK(golcl_stepper_create(tu_ctx, kinds[k], NULL, &st));
    uint64_t done = 0;
    for (size_t j = 0; j < 3; j++) {
      s = golcl_stepper_run(st, g, steps[j] - done);
      if (s == GOLCL_E_UNSUPPORTED) break; /* this stepper cannot run this grid: said why */
      TU_OK(s);
      done = steps[j];
      TU_OK(golcl_grid_read(g, got, 0));
      ck_assert_msg(bg_same_cells(got, W, H, &ref[j], NULL),
                    "%s (%s) with %s after %llu generations: Golly has %zu cells", path, rule,
                    golcl_stepper_name(kinds[k]), (unsigned long long)done, ref[j].n);
    }
    if (done)
      snprintf(ran + strlen(ran), sizeof ran - strlen(ran), "%s%s", *ran ? "," : "",
               golcl_stepper_name(kinds[k]));
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
  }
  golcl_pattern_destroy(p);
  for (size_t j = 0; j < 3; j++) bg_free(&ref[j]);
  ck_assert_msg(*ran, "%s: no stepper ran it", path);
  if (derived)
    n_derived++;
  else
    n_same++;
  printf("golly-all: SAME %s%s (%s, %ux%u, gens 1 5 24: %s)\n", path + strlen(root) + 1,
         derived ? " as B3/S23" : "", rule, W, H, ran);
  free(got);
  free(text);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf("\n*** test_golly_all: bgolly NOT FOUND: Golly's patterns were NOT compared ***\n\n");
    return 0;
  }
  const char *mcs = getenv("GOLCL_GOLLY_MAX_CELLS"); /* a larger universe for a full count */
  if (mcs && *mcs) max_cells = strtoull(mcs, NULL, 10);
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  snprintf(root, sizeof root, "%s", r && *r ? r : "/usr/share/golly/Patterns");
  files = bg_list_files(root, &nfiles);
  if (!nfiles) {
    printf("\n*** test_golly_all: no files under %s: NOT compared ***\n\n", root);
    return 0;
  }
  Suite *s = suite_create("golly-all");
  TCase *tc = tcase_create("every file");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, golly_file, 0, (int)nfiles);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  printf(
      "golly-all: %zu files under %s: %d load through golcl_pattern_read_file and run "
      "identically, %d more (LifeHistory files of states 0 and 1) as B3/S23; %d skipped:\n%s",
      nfiles, root, n_same, n_derived, n_skipped, skipped);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
  return rc;
}
