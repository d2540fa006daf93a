/* test_rules_ruleloader.c — Golly's RuleLoader rules (.rule files):
 * - every rule file Golly ships (GOLCL_GOLLY_RULES_DIR, or a copy in
 *   $GOLCL_TEST_RULES_DIR): the kernel against
 *   the host reference on random soups of all its states (37×29 and 3×5,
 *   torus and plane, 1×1 torus) after 1, 2 and 5 generations; a few on
 *   grids of several tiles, with states beyond the rule's in the soup,
 *   through both tree kernels, steps of 1, 3 and 8 generations; and both
 *   against bgolly -a RuleLoader on 37×29 soups (:T and :P) after 1 and 7;
 * - made-up tables for what the shipped files do not use (hexagonal and
 *   oneDimensional neighbourhoods, the rotate2/3/6, reflect and permute
 *   symmetries, bound variables in every place) against bgolly the same way;
 * - the parser's refusals (line numbers), its variable semantics on small
 *   hand-checked tables, and no crash on random texts;
 * - finding rule files: golcl_msrule_set_rules_dir, $GOLCL_RULES, Golly's
 *   folder; a missing rule names the files looked for. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char bgolly[1024];
static char **names; /* the shipped rules, without ".rule" */
static size_t nnames;
static char tmpdir[64]; /* made-up rule files, ending in '/' */

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The shipped rules' folder: $GOLCL_TEST_RULES_DIR (a copy of Golly's, on
 * machines without Golly), else Golly's own. */
static const char *rules_dir(void) {
  const char *d = getenv("GOLCL_TEST_RULES_DIR");
  return d && *d ? d : GOLCL_GOLLY_RULES_DIR;
}

static void list_rules(void) {
  DIR *d = opendir(rules_dir());
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n <= 5 || strcmp(e->d_name + n - 5, ".rule") != 0) continue;
    names = realloc(names, (nnames + 1) * sizeof *names);
    names[nnames] = strdup(e->d_name);
    names[nnames++][n - 5] = '\0';
  }
  closedir(d);
  qsort(names, nnames, sizeof *names, cmp_str);
}

/* A rule by name: a shipped one from its file (Life.rule's name is the
 * two-state Life's), a made-up one through the rule folders. */
static golcl_msrule load(const char *name) {
  golcl_msrule r;
  char path[512];
  snprintf(path, sizeof path, "%s/%s.rule", rules_dir(), name);
  golcl_status s =
      strncmp(name, "MadeUp-", 7) ? golcl_msrule_load_file(path, &r) : golcl_msrule_parse(name, &r);
  ck_assert_msg(s == GOLCL_OK, "%s: %s", name, golcl_last_errmsg());
  ck_assert_int_eq(r.family, GOLCL_MS_RULELOADER);
  return r;
}

/* ------------------------------------------------ kernel against reference */

/* {w, h, torus}: odd sizes, and widths of whole 32-cell words (WireWorld's
 * bit planes wrap a torus only then) and of 4 (the kernel's 4-column path) */
static const uint32_t sizes[][3] = {{37, 29, 1}, {37, 29, 0}, {3, 5, 1}, {3, 5, 0},  {1, 1, 1},
                                    {64, 29, 1}, {96, 7, 0},  {4, 3, 1}, {260, 9, 0}};
#define NSIZES (sizeof sizes / sizeof *sizes)

START_TEST(kernel_matches_reference) {
  const char *name = names[_i / NSIZES];
  const uint32_t *sz = sizes[_i % NSIZES];
  uint32_t w = sz[0], h = sz[1];
  golcl_boundary b = sz[2] ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  golcl_msrule r = load(name);
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &r));
  TU_OK(golcl_msgrid_randomize(g, r.states, 0.6, 11 + (uint64_t)_i));
  size_t n = (size_t)w * h;
  uint8_t *ref = malloc(n), *got = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  static const uint64_t gens[] = {1, 2, 5};
  uint64_t done = 0;
  for (size_t j = 0; j < 3; j++) {
    TU_OK(golcl_ms_reference_run(&r, b, w, h, ref, gens[j] - done));
    TU_OK(golcl_msgrid_step(g, gens[j] - done));
    done = gens[j];
    TU_OK(golcl_msgrid_read(g, got, 0));
    for (size_t i = 0; i < n; i++)
      ck_assert_msg(got[i] == ref[i], "%s %ux%u %s gen %llu: cell (%zu, %zu) is %u, reference %u",
                    name, w, h, sz[2] ? "torus" : "plane", (unsigned long long)done, i % w, i / w,
                    got[i], ref[i]);
  }
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}
END_TEST

/* Grids of several tiles each way (the row kernel's tiles are 256 columns
 * by 64 rows, the packed 4-column kernel's too, the one-column kernel's 64
 * by 64, the several-generations kernel's 120 by 62), both boundaries,
 * steps of 1, 3 and 8 generations (the clamp of foreign states on a step's
 * first generation only), every tree kernel and layout (GOLCL_TREE_KERNEL
 * = packed, rows, classes, full, any; GOLCL_TREE_GENS = 2 and 3 generations a
 * launch; GOLCL_TREE_ROWREP = 16 copies of the classes' row table)
 * and WireWorld through the tree, not its bit planes (GOLCL_GENBITS=off):
 * a Moore @TABLE, a Moore @TREE and von Neumann tables; also grids smaller
 * than a tile's halo; the default kernels at width 516 and 517 (not a
 * multiple of 4: one column a work-item) in case 'tiles_default', the
 * others at 516 in case 'tiles'. */
static const char *const tiled_rules[] = {"LifeHistory", "BBM-Margolus-emulated", "WireWorld",
                                          "Devore", "Langtons-Loops"};
#define NTILED (sizeof tiled_rules / sizeof *tiled_rules)

static void run_tiled(const char *name, uint32_t w, uint32_t h, golcl_boundary b, unsigned states,
                      uint64_t seed) {
  golcl_msrule r = load(name);
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &r));
  TU_OK(golcl_msgrid_randomize(g, states, 0.6, seed));
  size_t n = (size_t)w * h;
  uint8_t *ref = malloc(n), *got = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  for (size_t i = 0; i < n; i++) /* a state not of the rule reads as 0 */
    if (ref[i] >= r.states) ref[i] = 0;
  static const uint64_t steps[] = {1, 3, 8};
  uint64_t done = 0;
  for (size_t j = 0; j < 3; j++) {
    TU_OK(golcl_ms_reference_run(&r, b, w, h, ref, steps[j]));
    TU_OK(golcl_msgrid_step(g, steps[j]));
    done += steps[j];
    TU_OK(golcl_msgrid_read(g, got, 0));
    for (size_t i = 0; i < n; i++)
      ck_assert_msg(got[i] == ref[i],
                    "%s %ux%u %s, %u states in the soup, kernel %s, %s generations a launch, gen "
                    "%llu: cell (%zu, %zu) "
                    "is %u, reference %u",
                    name, w, h, b == GOLCL_BOUNDARY_TORUS ? "torus" : "plane", states,
                    getenv("GOLCL_TREE_KERNEL") ? getenv("GOLCL_TREE_KERNEL") : "default",
                    getenv("GOLCL_TREE_GENS") ? getenv("GOLCL_TREE_GENS") : "1",
                    (unsigned long long)done,
                    i % w, i / w, got[i], ref[i]);
  }
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}

/* Case v of a rule and a boundary: the environment variants[v] (none:
 * the default), width 516 or, for the last, 517. */
static void tiled_case(const char *name, golcl_boundary b, size_t v, uint64_t seed) {
  static const char *const variants[][4] = {{NULL, NULL, NULL, NULL},
                                            {NULL, NULL, NULL, NULL},
                                            {"GOLCL_TREE_KERNEL", "packed", NULL, NULL},
                                            {"GOLCL_TREE_KERNEL", "rows", NULL, NULL},
                                            {"GOLCL_TREE_KERNEL", "classes", NULL, NULL},
                                            {"GOLCL_TREE_GENS", "2", NULL, NULL},
                                            {"GOLCL_TREE_KERNEL", "rows", "GOLCL_TREE_GENS", "3"},
                                            {"GOLCL_TREE_KERNEL", "classes", "GOLCL_TREE_GENS", "3"},
                                            {"GOLCL_TREE_KERNEL", "classes", "GOLCL_TREE_ROWREP", "16"},
                                            {"GOLCL_TREE_KERNEL", "full", NULL, NULL},
                                            {"GOLCL_TREE_KERNEL", "full", "GOLCL_TREE_GENS", "2"},
                                            {"GOLCL_TREE_KERNEL", "any", NULL, NULL}};
  uint32_t w = v == 1 ? 517 : 516;
  const char *const *e = variants[v];
  unsetenv("GOLCL_TREE_KERNEL"); /* a failed case (without fork) leaves its own set */
  unsetenv("GOLCL_TREE_GENS");
  unsetenv("GOLCL_TREE_ROWREP");
  for (int k = 0; k < 4 && e[k]; k += 2) setenv(e[k], e[k + 1], 1);
  setenv("GOLCL_GENBITS", "off", 1);
  golcl_msrule r = load(name);
  run_tiled(name, w, 133, b, r.states, 300 + seed);
  run_tiled(name, w, 133, b, 256, 400 + seed); /* and states beyond the rule's */
  run_tiled(name, w - 512, 3, b, r.states, 500 + seed);
  run_tiled(name, w - 504, 7, b, r.states, 600 + seed);
  unsetenv("GOLCL_TREE_KERNEL");
  unsetenv("GOLCL_TREE_GENS");
  unsetenv("GOLCL_TREE_ROWREP");
  unsetenv("GOLCL_GENBITS");
}
#define NVARIANTS 12

/* The default kernels (what users run; case 'tiles_default', quick enough
 * for the GPU batches): _i = rule · 4 + boundary · 2 + width. */
START_TEST(kernel_many_tiles_default) {
  tiled_case(tiled_rules[_i / 4], _i / 2 % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD,
             (size_t)(_i % 2), (uint64_t)_i);
}
END_TEST

/* The other kernels and layouts (case 'tiles'). */
START_TEST(kernel_many_tiles) {
  const size_t n = NVARIANTS - 2;
  tiled_case(tiled_rules[_i / (2 * n)],
             _i / n % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, 2 + (size_t)_i % n,
             100 + (uint64_t)_i);
}
END_TEST

/* ---------------------------------------------------------- against bgolly */

/* A soup of the rule on a w×h grid run by the kernel and by bgolly (rules
 * from `dir`) to 1 and 7 generations, compared state for state. */
static void soup_vs_bgolly(const char *name, const char *dir, uint32_t w, uint32_t h, int torus,
                           uint64_t seed) {
  golcl_msrule r = load(name);
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &r));
  TU_OK(golcl_msgrid_randomize(g, r.states, 0.5, seed));
  golcl_mspattern *p;
  TU_OK(golcl_msgrid_extract(g, &p));
  golcl_bounds b = {0};
  b.topology = torus ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  b.width = w, b.height = h;
  TU_OK(golcl_mspattern_set_bounds(p, &b));
  char *rle;
  size_t len;
  FILE *f = open_memstream(&rle, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  static const uint64_t steps[] = {1, 7};
  uint64_t done = 0;
  uint8_t *cells = malloc((size_t)w * h);
  for (size_t j = 0; j < 2; j++) {
    char *out, err[2048];
    ck_assert_msg(bg_run_text_rules(bgolly, "RuleLoader", dir, rle, "rle", steps[j], &out, err,
                                    sizeof err) == 0,
                  "%s: %s", name, err);
    bg_mscells ref;
    ck_assert_int_eq(bg_parse_ms_rle(out, &ref), 0);
    TU_OK(golcl_msgrid_step(g, steps[j] - done));
    done = steps[j];
    TU_OK(golcl_msgrid_read(g, cells, 0));
    size_t n = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) n += cells[i] != 0;
    uint32_t *t = malloc(3 * sizeof *t * (n + 1));
    for (size_t i = 0, k = 0; i < (size_t)w * h; i++)
      if (cells[i])
        t[3 * k] = (uint32_t)(i % w), t[3 * k + 1] = (uint32_t)(i / w), t[3 * k + 2] = cells[i],
              k++;
    bg_ms_normalise(t, n);
    ck_assert_msg(n == ref.n && memcmp(t, ref.xys, 3 * sizeof *t * n) == 0,
                  "%s on a %ux%u %s, generation %llu: libgolcl has %zu cells, Golly %zu (or they "
                  "differ)\n%s",
                  name, w, h, torus ? "torus" : "plane", (unsigned long long)done, n, ref.n, rle);
    free(t);
    bg_ms_free(&ref);
    free(out);
  }
  free(cells);
  free(rle);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
}

START_TEST(shipped_soup_as_bgolly) {
  if (!*bgolly) return;
  soup_vs_bgolly(names[_i / 2], GOLCL_GOLLY_RULES_DIR "/", 37, 29, _i % 2, 5 + (uint64_t)_i);
}
END_TEST

/* Made-up tables: each neighbourhood with each of its symmetries, states
 * 3..5, variables used once (any state of theirs), twice (bound) and as the
 * output (bound to an input), and transitions that overlap (first wins). */
typedef struct made_up {
  const char *nbhd, *sym;
  unsigned inputs;
} made_up;

static const made_up made[] = {
    {"vonNeumann", "none", 5},
    {"vonNeumann", "rotate4", 5},
    {"vonNeumann", "rotate4reflect", 5},
    {"vonNeumann", "reflect_horizontal", 5},
    {"vonNeumann", "permute", 5},
    {"Moore", "none", 9},
    {"Moore", "rotate4", 9},
    {"Moore", "rotate8", 9},
    {"Moore", "rotate4reflect", 9},
    {"Moore", "rotate8reflect", 9},
    {"Moore", "reflect_horizontal", 9},
    {"Moore", "permute", 9},
    {"hexagonal", "none", 7},
    {"hexagonal", "rotate2", 7},
    {"hexagonal", "rotate3", 7},
    {"hexagonal", "rotate6", 7},
    {"hexagonal", "rotate6reflect", 7},
    {"hexagonal", "permute", 7},
    {"oneDimensional", "none", 3},
    {"oneDimensional", "reflect", 3},
    {"oneDimensional", "permute", 3},
};
#define NMADE (sizeof made / sizeof *made)

static uint64_t rng(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}

/* Writes tmpdir/MadeUp-K.rule and returns its name. */
static void write_made_up(size_t k, char *name, size_t cap) {
  const made_up *m = &made[k];
  uint64_t s = 0x9e3779b97f4a7c15ULL * (k + 1);
  unsigned states = 3 + (unsigned)(rng(&s) % 3);
  snprintf(name, cap, "MadeUp-%zu", k);
  char path[256];
  snprintf(path, sizeof path, "%s%s.rule", tmpdir, name);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fprintf(f, "@RULE %s\n\n@TABLE\nn_states:%u\nneighborhood:%s\nsymmetries:%s\n", name, states,
          m->nbhd, m->sym);
  fprintf(f, "var a={0,1}\nvar b={1,2}\nvar c={0,2,%u}\nvar d={a,%u}\nvar e={0,1,2}\n", states - 1,
          states - 1);
  static const char *const vars[] = {"a", "b", "c", "d", "e"};
  for (unsigned i = 0; i <= m->inputs; i++) /* the background stays 0, as Golly needs */
    fprintf(f, "0%s", i < m->inputs ? "," : "  # the background\n");
  /* bgolly expands permute into every distinct order: few transitions there */
  int ntr = strcmp(m->sym, "permute") == 0 && m->inputs > 5 ? 4 : 40;
  for (int t = 0; t < ntr; t++) {
    char line[256] = "";
    const char *bound = NULL;
    for (unsigned i = 0; i < m->inputs; i++) {
      uint64_t r = rng(&s) % 10;
      char tok[16];
      if (r < 4)
        snprintf(tok, sizeof tok, "%u", (unsigned)(rng(&s) % states));
      else if (r < 8 || (r < 9 && !bound))
        snprintf(tok, sizeof tok, "%s", vars[rng(&s) % 5]);
      else
        snprintf(tok, sizeof tok, "%s", bound = bound ? bound : vars[rng(&s) % 5]);
      if (r == 9 && bound) snprintf(tok, sizeof tok, "%s", bound);
      strcat(line, tok);
      strcat(line, ",");
    }
    char out[16];
    if (rng(&s) % 3 == 0 && strchr(line, 'e'))
      snprintf(out, sizeof out, "e"); /* bound to an input */
    else
      snprintf(out, sizeof out, "%u", (unsigned)(rng(&s) % states));
    fprintf(f, "%s%s%s\n", line, out, t % 7 == 3 ? "  # a comment" : "");
  }
  fprintf(f, "\n@COLORS\n1 255 0 0\n");
  fclose(f);
}

START_TEST(made_up_soup_as_bgolly) {
  if (!*bgolly) return;
  char name[64];
  TU_OK(golcl_msrule_set_rules_dir(tmpdir));
  write_made_up((size_t)_i / 2, name, sizeof name);
  soup_vs_bgolly(name, tmpdir, 31, 23, _i % 2, 99 + (uint64_t)_i);
}
END_TEST

/* ------------------------------------------------------------------ parser */

static golcl_status load_text(const char *text, golcl_msrule *r) {
  return golcl_msrule_load("Test", text, strlen(text), r);
}

/* The new state of the centre of a 3×3 block (row-major) under r. */
static uint8_t next_of(const golcl_msrule *r, const uint8_t v[9]) {
  uint8_t c[9];
  memcpy(c, v, 9);
  TU_OK(golcl_ms_reference_run(r, GOLCL_BOUNDARY_DEAD, 3, 3, c, 1));
  return c[4];
}

START_TEST(table_semantics) {
  golcl_msrule r;
  /* bound variable: a,a means equal states; first match wins; else unchanged */
  const char *t =
      "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n"
      "var a={0,1,2}\nvar b={0,1,2}\n"
      "0,a,a,b,b,a\n" /* n == e and s == w: becomes n's state */
      "0,1,b,b,b,2\n" /* never reached where the first matched */
      "1,0,0,0,0,0\n";
  TU_OK(load_text(t, &r));
  /* cells: nw n ne / w c e / sw s se; inputs c,n,e,s,w */
  uint8_t v1[9] = {0, 2, 0, 1, 0, 2, 0, 1, 0}; /* n=2 e=2 s=1 w=1: rule 1 -> 2 */
  ck_assert_uint_eq(next_of(&r, v1), 2);
  uint8_t v2[9] = {0, 1, 0, 1, 0,
                   0, 0, 1, 0};          /* n=1 e=0: rule 1 fails; rule 2: e,s,w bound b=0? s=1 */
  ck_assert_uint_eq(next_of(&r, v2), 0); /* e=0,s=1: b not equal: unchanged 0 */
  uint8_t v3[9] = {0, 1, 0, 2, 0, 2, 0, 2, 0}; /* n=1 e=2 s=2 w=2: rule 2 -> 2 */
  ck_assert_uint_eq(next_of(&r, v3), 2);
  uint8_t v4[9] = {0, 0, 0, 0, 1, 0, 0, 0, 0}; /* c=1 alone: rule 3 -> 0 */
  ck_assert_uint_eq(next_of(&r, v4), 0);
  uint8_t v5[9] = {0, 1, 0, 0, 1, 0, 0, 0, 0}; /* c=1, n=1: no rule: stays 1 */
  ck_assert_uint_eq(next_of(&r, v5), 1);
  /* rotate4: 1,2,0,0,0 -> 2 also for the neighbour 2 on each other side */
  t = "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:rotate4\n0,2,0,0,0,1\n";
  TU_OK(load_text(t, &r));
  for (int side = 0; side < 4; side++) {
    static const int cell[4] = {1, 5, 7, 3};
    uint8_t v[9] = {0};
    v[cell[side]] = 2;
    ck_assert_uint_eq(next_of(&r, v), 1);
  }
  /* comma-free form and comments */
  t = "@RULE X\n@TABLE\nn_states:3 # three\nneighborhood:vonNeumann\nsymmetries:none\n"
      "012002 # c=0 n=1 e=2 s=0 w=0 -> 2\n@COLORS\n";
  TU_OK(load_text(t, &r));
  uint8_t v6[9] = {0, 1, 0, 0, 0, 2, 0, 0, 0};
  ck_assert_uint_eq(next_of(&r, v6), 2);
  /* a single-state variable as the output */
  t = "@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:none\nvar o={2}\nvar x={0,1,2}\n"
      "0,x,x,x,x,x,x,x,x,o\n";
  TU_OK(load_text(t, &r));
  uint8_t v7[9] = {1, 2, 0, 0, 0, 0, 0, 0, 1};
  ck_assert_uint_eq(next_of(&r, v7), 0); /* x is bound: all eight equal, not here */
  uint8_t v8[9] = {1, 1, 1, 1, 0, 1, 1, 1, 1};
  ck_assert_uint_eq(next_of(&r, v8), 2);
}
END_TEST

typedef struct bad_case {
  const char *text, *want;
} bad_case;

static const bad_case bads[] = {
    {"@RULE X\nno sections\n", "no @TABLE or @TREE"},
    {"@TABLE\nn_states:2\nneighborhood:Moore\n0,0,0,0,0,0,0,0,0,1\n", "line 4"},
    {"@TABLE\nn_states:300\n", "line 2: n_states out of range"},
    {"@TABLE\nn_states:3\nsymmetries:none\n", "line 3: neighborhood must be declared"},
    {"@TABLE\nn_states:3\nneighborhood:Hex\n", "line 3: unsupported neighborhood"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:rotate8\n",
     "line 4: unsupported sym"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\nvar a={0,3}\n",
     "line 5: var a={0,3} - state value out of range"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n\n\n0,1,2\n",
     "line 7: 0,1,2 - too few entries"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\nvar a={0,1}\nvar b={0,1}\n"
     "0,a,0,0,0,b\n",
     "line 7: 0,a,0,0,0,b - output must be"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n0,1,2,0,x,1\n", "line 5"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n013003\n",
     "state out of range"},
    {"@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\nvar\n", "line 5"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 0 0\n", "line 6: bad number"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 2\n", "line 5: bad state value 2"},
    {"@TREE\n1 0 1\n", "line 2: bad basic values"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 5\n", "bad node value 5"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n3 0 0\n", "not 2"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 0\n3 1 1\n4 2 2\n4 2 2\n",
     "bad last node"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 x\n", "bad line in tree data"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=2\n1 0 1\n", "line 5: bad basic values"},
    {"@TREE\nnum_states=2\nnum_neighbors=8\nnum_nodes=9\n1 0 1\n", "bad count of values"},
    {"@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\nnum_states=9\n2 0 0\n",
     "line 6: num_states, num_neighbors and num_nodes come before the nodes"},
    {"@TABLE\nn_states:7\nneighborhood:Moore\nsymmetries:none\n0,0,0,0,0,0,0,0,0,6\nn_states:4\n",
     "line 6: n_states after the first variable or transition"},
    {"@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:rotate8\nneighborhood:vonNeumann\n",
     "line 5: neighborhood after"},
    {"@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:none\nvar a={0,1}\nsymmetries:rotate4\n",
     "line 6: symmetries after"},
};
#define NBADS (sizeof bads / sizeof *bads)

START_TEST(refusals_name_the_line) {
  golcl_msrule r;
  memset(&r, 0x5a, sizeof r);
  golcl_msrule before = r;
  golcl_status s = load_text(bads[_i].text, &r);
  ck_assert_msg(s == GOLCL_E_PARSE, "case %d: %s", _i, golcl_strerror(s));
  ck_assert_msg(strstr(golcl_last_errmsg(), bads[_i].want) != NULL, "case %d: \"%s\" lacks \"%s\"",
                _i, golcl_last_errmsg(), bads[_i].want);
  ck_assert_msg(strstr(golcl_last_errmsg(), "Test.rule") != NULL, "%s", golcl_last_errmsg());
  ck_assert(memcmp(&r, &before, sizeof r) == 0);
}
END_TEST

START_TEST(random_texts_do_not_crash) {
  static const char *const pieces[] = {"@TABLE\n",
                                       "@TREE\n",
                                       "@COLORS\n",
                                       "n_states:",
                                       "neighborhood:",
                                       "symmetries:",
                                       "var ",
                                       "Moore",
                                       "vonNeumann",
                                       "hexagonal",
                                       "oneDimensional",
                                       "rotate4",
                                       "permute",
                                       "none",
                                       "{",
                                       "}",
                                       ",",
                                       "=",
                                       "a",
                                       "b",
                                       "0",
                                       "1",
                                       "2",
                                       "9",
                                       "255",
                                       "256",
                                       "\n",
                                       " ",
                                       "#",
                                       "num_states=",
                                       "num_neighbors=",
                                       "num_nodes=",
                                       "4",
                                       "8",
                                       "\r\n",
                                       "-",
                                       "x",
                                       "0,",
                                       "1,",
                                       "2,",
                                       "a,",
                                       "3\n",
                                       "0\n",
                                       "1\n"};
  uint64_t s = 12345;
  int ok = 0;
  for (int k = 0; k < 3000; k++) {
    char text[1024] = "";
    int n = (int)(rng(&s) % 30);
    static const char *const heads[] = {
        "@TABLE\nn_states:3\nneighborhood:Moore\n",
        "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:rotate4\nvar a={0,1}\n0,a,",
        "@TABLE\nn_states:4\nneighborhood:oneDimensional\nsymmetries:permute\n0,1,",
        "@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 0\n3 1 1\n4 2 2\n5 3",
        "@TREE\n",
        ""};
    strcat(text, heads[rng(&s) % 6]);
    for (int i = 0; i < n && strlen(text) < 900; i++)
      strcat(text, pieces[rng(&s) % (sizeof pieces / sizeof *pieces)]);
    golcl_msrule r;
    golcl_status st = load_text(text, &r);
    ck_assert_msg(st == GOLCL_OK || st == GOLCL_E_PARSE, "%s: %s", text, golcl_strerror(st));
    if (st == GOLCL_OK) {
      ok++;
      uint8_t v[9];
      for (int i = 0; i < 9; i++) v[i] = (uint8_t)(rng(&s) % r.states);
      ck_assert_uint_lt(next_of(&r, v), r.states);
    }
  }
  printf("ruleloader: %d of 3000 random texts parsed, the others refused\n", ok);
}
END_TEST

/* ------------------------------------------------------------------ finding */

START_TEST(finding_rule_files) {
  golcl_msrule r;
  char path[256];
  snprintf(path, sizeof path, "%sFound.rule", tmpdir);
  FILE *f = fopen(path, "w");
  fprintf(f,
          "@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 0\n3 1 1\n4 2 2\n"
          "5 3 3\n");
  fclose(f);
  ck_assert_int_eq(golcl_msrule_parse("Found", &r), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), GOLCL_GOLLY_RULES_DIR "/Found.rule"));
  TU_OK(golcl_msrule_set_rules_dir(tmpdir));
  TU_OK(golcl_msrule_parse("Found", &r));
  ck_assert_uint_eq(r.states, 2);
  char text[GOLCL_MSRULE_TEXT_CAP];
  TU_OK(golcl_msrule_format(&r, text, sizeof text));
  ck_assert_str_eq(text, "Found");
  golcl_msrule again;
  TU_OK(golcl_msrule_parse(" Found ", &again));
  ck_assert_ptr_eq(again.tree, r.tree); /* the same text: the same compiled tree */
  ck_assert_int_eq(golcl_msrule_parse("found", &r), GOLCL_E_UNSUPPORTED); /* case-sensitive */
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "found.rule"));
  TU_OK(golcl_msrule_set_rules_dir(NULL));
  setenv("GOLCL_RULES", tmpdir, 1);
  TU_OK(golcl_msrule_parse("Found", &r));
  unsetenv("GOLCL_RULES");
  ck_assert_int_eq(golcl_msrule_parse("NoSuchRule-xyz", &r), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "NoSuchRule-xyz.rule"));
  if (nnames) { /* Golly's folder, and a pattern naming its rule */
    TU_OK(golcl_msrule_parse("WireWorld", &r));
    uint8_t rgb[3];
    TU_OK(golcl_msrule_colour(&r, 1, rgb));
    ck_assert(rgb[0] == 0 && rgb[1] == 128 && rgb[2] == 255); /* WireWorld's @COLORS */
    const char *rle = "x = 3, y = 1, rule = WireWorld:T5,3\nABC!\n";
    golcl_mspattern *p;
    TU_OK(golcl_mspattern_parse(rle, strlen(rle), &p));
    golcl_msrule pr;
    TU_OK(golcl_mspattern_msrule(p, &pr));
    ck_assert_ptr_eq(pr.tree, r.tree);
    golcl_ruletree_info in;
    TU_OK(golcl_msrule_tree_info(&pr, &in));
    ck_assert_str_eq(in.neighbourhood, "Moore");
    ck_assert_int_eq(in.from_table, 1);
    golcl_mspattern_destroy(p);
  }
  golcl_msrule two;
  TU_OK(golcl_msrule_parse("/2/3", &two));
  uint8_t rgb[3];
  ck_assert_int_eq(golcl_msrule_colour(&two, 1, rgb), GOLCL_E_INVALID_ARG);
  golcl_ruletree_info in;
  ck_assert_int_eq(golcl_msrule_tree_info(&two, &in), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_load(NULL, "", 0, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_load("", "", 0, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_load_file("/nonexistent/X.rule", &r), GOLCL_E_IO);
  golcl_msrule fake = two;
  fake.family = GOLCL_MS_RULELOADER;
  fake.tree = (const golcl_ruletree *)&two;
  ck_assert_int_eq(golcl_msrule_format(&fake, text, sizeof text), GOLCL_E_INVALID_ARG);
}
END_TEST

/* Bad input changes nothing: a rule file that does not parse, a table
 * beyond the bound on transitions (40 lines of 9 distinct states under
 * permute: 40 · 8! > 2^20 after the symmetries), a rule no folder holds,
 * a pattern with a state beyond its rule's — each a clear error, and the
 * grid keeps its rule, generation and cells, and steps on as before. */
static void write_rule(const char *name, const char *text) {
  char path[256];
  snprintf(path, sizeof path, "%s%s.rule", tmpdir, name);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

START_TEST(bad_input_changes_nothing) {
  char huge[4096] = "@TABLE\nn_states:256\nneighborhood:Moore\nsymmetries:permute\n";
  for (int k = 0; k < 40; k++) {
    size_t at = strlen(huge);
    for (int j = 0; j < 9; j++) at += (size_t)sprintf(huge + at, "%d,", (k * 9 + j) % 255 + 1);
    strcat(huge, "0\n");
  }
  write_rule("Huge", huge);
  write_rule("Broken", "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n0,1,2,0,x,1\n");
  write_rule("Small", "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:rotate4\n0,1,0,0,0,2\n"
                      "1,0,0,0,0,2\n2,0,0,0,0,0\n");
  TU_OK(golcl_msrule_set_rules_dir(tmpdir));
  golcl_msgrid *g;
  enum { W = 16, H = 9 };
  TU_OK(golcl_msgrid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_rule(g, "Small"));
  TU_OK(golcl_msgrid_randomize(g, 3, 0.5, 7));
  TU_OK(golcl_msgrid_step(g, 2));
  uint8_t before[W * H], after[W * H];
  TU_OK(golcl_msgrid_read(g, before, 0));
  golcl_msrule r0, r1;
  TU_OK(golcl_msgrid_msrule(g, &r0));
  static const struct {
    const char *rule;
    golcl_status want;
    const char *msg;
  } cases[] = {{"Broken", GOLCL_E_PARSE, "Broken.rule, line 5"},
               {"Huge", GOLCL_E_PARSE, "more than 1048576 transitions"},
               {"NoSuchRule-xyz", GOLCL_E_UNSUPPORTED, "NoSuchRule-xyz.rule"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    ck_assert_int_eq(golcl_msgrid_set_rule(g, cases[i].rule), cases[i].want);
    const char *m = golcl_context_errmsg(tu_ctx);
    ck_assert_msg(strstr(m, cases[i].msg) != NULL, "%s: \"%s\" lacks \"%s\"", cases[i].rule, m,
                  cases[i].msg);
    TU_OK(golcl_msgrid_msrule(g, &r1));
    ck_assert(r1.family == r0.family && r1.tree == r0.tree && r1.states == r0.states);
    ck_assert_uint_eq(golcl_msgrid_generation(g), 2);
    TU_OK(golcl_msgrid_read(g, after, 0));
    ck_assert(memcmp(before, after, sizeof before) == 0);
  }
  const char *rle = "x = 4, y = 1, rule = Small\nAC.B!\n"; /* C: state 3 of 3 */
  golcl_mspattern *p = (golcl_mspattern *)1;
  ck_assert_int_eq(golcl_mspattern_parse(rle, strlen(rle), &p), GOLCL_E_PARSE);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(golcl_last_errmsg(), "line 2, column 2: state 3 is not a state of the "
                                            "rule (of 3 states)") != NULL,
                "%s", golcl_last_errmsg());
  /* and the grid steps on with its rule, as the reference does */
  TU_OK(golcl_msgrid_step(g, 3));
  TU_OK(golcl_ms_reference_run(&r0, GOLCL_BOUNDARY_DEAD, W, H, before, 3));
  TU_OK(golcl_msgrid_read(g, after, 0));
  ck_assert(memcmp(before, after, sizeof before) == 0);
  golcl_msgrid_destroy(g);
  TU_OK(golcl_msrule_set_rules_dir(NULL));
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf(
        "\n*** test_rules_ruleloader: bgolly NOT FOUND: rules were NOT compared with Golly "
        "***\n\n");
    *bgolly = '\0';
  }
  list_rules();
  if (!nnames) printf("\n*** test_rules_ruleloader: no rules in %s ***\n\n", rules_dir());
  snprintf(tmpdir, sizeof tmpdir, "/tmp/golcl_rl_XXXXXX");
  if (!mkdtemp(tmpdir)) return 1;
  strcat(tmpdir, "/");
  Suite *s = suite_create("rules-ruleloader");
  TCase *tp = tcase_create("parse"), *tk = tcase_create("kernels"), *tb = tcase_create("bgolly");
  TCase *tt = tcase_create("tiles"), *td = tcase_create("tiles_default");
  tcase_set_timeout(tp, 0);
  tcase_set_timeout(tk, 0);
  tcase_set_timeout(tb, 0);
  tcase_set_timeout(tt, 0);
  tcase_set_timeout(td, 0);
  tcase_add_test(tp, table_semantics);
  tcase_add_loop_test(tp, refusals_name_the_line, 0, (int)NBADS);
  tcase_add_test(tp, random_texts_do_not_crash);
  tcase_add_test(tp, finding_rule_files);
  tcase_add_test(tp, bad_input_changes_nothing);
  tcase_add_loop_test(tk, kernel_matches_reference, 0, (int)(nnames * NSIZES));
  if (nnames) tcase_add_loop_test(td, kernel_many_tiles_default, 0, (int)(NTILED * 4));
  if (nnames) tcase_add_loop_test(tt, kernel_many_tiles, 0, (int)(NTILED * 2 * (NVARIANTS - 2)));
  tcase_add_loop_test(tb, shipped_soup_as_bgolly, 0, (int)(nnames * 2));
  tcase_add_loop_test(tb, made_up_soup_as_bgolly, 0, (int)(NMADE * 2));
  suite_add_tcase(s, tp);
  suite_add_tcase(s, tk);
  suite_add_tcase(s, td);
  suite_add_tcase(s, tt);
  suite_add_tcase(s, tb);
  int rc = tu_main(s);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (system(cmd) != 0) rc = rc ? rc : 1;
  for (size_t i = 0; i < nnames; i++) free(names[i]);
  free(names);
  return rc;
}
