/* test_rules_soups.c — random soups of every state against bgolly, for the
 * rules and grids Golly's pattern folders do not cover: von Neumann and
 * hexagonal Generations, Hensel and MAP tables, many states, LtL with M0,
 * the N and C neighbourhoods, decaying LtL states, and Golly's bounded
 * grids (:P and :T) down to the smallest sides it takes (an LtL torus of 2R
 * cells, where the box wraps onto itself). A soup is made on a grid
 * (golcl_msgrid_randomize), written as RLE with its grid and position
 * (golcl_msgrid_extract, golcl_mspattern_write_rle), run by bgolly and by
 * golcl_msgrid_step, and compared state for state after 1, 7 and 25
 * generations. Golly's other bounded grids (shifted tori, Klein bottles,
 * cross-surfaces, spheres; golcl_msgrid_set_bounds) for Generations,
 * RuleLoader and JvN rules: the kernels against the host reference
 * (golcl_ms_reference_run_bounds) and both against bgolly; Larger than
 * Life on them is refused by both. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char bgolly[1024];

typedef struct soup_case {
  const char *rule;
  uint32_t w, h;
  int torus;
  const char *bounds; /* Golly's suffix, for the other bounded grids */
} soup_case;

static const soup_case cases[] = {
    {"/2/3", 3, 3, 1, NULL},
    {"/2/3", 37, 29, 0, NULL},
    {"345/2/4", 41, 23, 1, NULL},
    {"23/3/8", 5, 4, 1, NULL},
    {"/12/4V", 30, 31, 1, NULL},
    {"12/34/3H", 33, 20, 1, NULL},
    {"12/34/3H", 33, 20, 0, NULL},
    {"2-a3/3-e4/5", 40, 40, 1, NULL},
    {"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA/3",
     40, 40, 1, NULL},
    {"1456/2356/16", 50, 40, 0, NULL},
    {"0235678/3468/255", 60, 60, 1, NULL},
    {"R1,C0,M0,S2..3,B3..3,NM", 20, 20, 1, NULL},
    {"R3,C0,M0,S8..30,B9..14,NM", 6, 6, 1, NULL}, /* 2R: the box wraps onto itself */
    {"R3,C0,M0,S8..20,B9..14,NM", 7, 9, 1, NULL},
    {"R3,C0,M0,S8..20,B9..14,NM", 40, 30, 0, NULL},
    {"R5,C0,M1,S34..58,B34..45,NM", 10, 10, 1, NULL},
    {"R5,C0,M1,S34..58,B34..45,NM", 61, 47, 1, NULL},
    {"R4,C5,M1,S12..40,B12..30,NM", 50, 50, 1, NULL},
    {"R3,C0,M1,S5..12,B4..9,NN", 40, 40, 1, NULL},
    {"R3,C0,M1,S3..20,B4..9,NN", 6, 6, 1, NULL},
    {"R6,C4,M0,S20..60,B18..40,NN", 45, 45, 0, NULL},
    {"R4,C0,M1,S18..40,B15..30,NC", 40, 33, 1, NULL},
    {"R4,C0,M1,S10..50,B15..30,NC", 8, 8, 1, NULL},
    {"R7,C3,M0,S40..110,B40..80,NC", 50, 50, 0, NULL},
    {"R2,C0,M1,S0..8,B0..5,NM", 30, 30, 0, NULL}, /* B0 on a bounded plane */
    {"R2,C0,M1,S0..8,B0..5,NM", 30, 30, 1, NULL},
    /* Golly's other bounded grids (odd and even sides, both twists, shifts) */
    {"/2/3", 20, 15, 0, ":K20*,15"},
    {"/2/3", 21, 14, 0, ":K21,14*"},
    {"345/2/4", 20, 17, 0, ":K20*+1,17"},
    {"345/2/4", 19, 16, 0, ":K19,16*+1"},
    {"23/3/8", 17, 13, 0, ":C17,13"},
    {"23/3/8", 16, 16, 0, ":C16,16"},
    {"/2/3", 19, 19, 0, ":S19"},
    {"345/2/4", 12, 12, 0, ":S12"},
    {"345/2/4", 20, 15, 0, ":T20+3,15"},
    {"/2/3", 20, 15, 0, ":T20,15-4"},
    {"/12/4V", 18, 13, 0, ":K18*,13"},
    {"12/34/3H", 17, 17, 0, ":S17"},
    {"12/34/3H", 15, 14, 0, ":C15,14"},
    {"2-a3/3-e4/5", 20, 20, 0, ":K20,20*+1"},
    {"LifeHistory", 23, 17, 0, ":K23*,17"},
    {"LifeHistory", 22, 18, 0, ":C22,18"},
    {"LifeHistory", 21, 21, 0, ":S21"},
    {"LifeHistory", 30, 20, 0, ":T30+7,20"},
    {"WireWorld", 20, 16, 0, ":K20,16*"},
    {"Codd", 19, 15, 0, ":C19,15"},
    {"Devore", 16, 16, 0, ":S16"},
    {"Langtons-Ant", 18, 14, 0, ":K18*+1,14"},
    {"JvN29", 21, 15, 0, ":K21*,15"},
    {"JvN29", 17, 17, 0, ":S17"},
    {"Nobili32", 18, 13, 0, ":C18,13"},
    {"Hutton32", 20, 14, 0, ":T20,14+5"},
    {"Hutton32", 15, 15, 0, ":S15"},
};
#define NCASES (sizeof cases / sizeof *cases)

/* Whether Golly's Rules folder is there (the RuleLoader cases need it). */
static int have_rules(void) {
  char path[1100];
  snprintf(path, sizeof path, "%sLifeHistory.rule", bg_rules_dir());
  return access(path, R_OK) == 0;
}

static const char *algo_of(const golcl_msrule *r) {
  return r->family == GOLCL_MS_LTL           ? "Larger than Life"
         : r->family == GOLCL_MS_RULELOADER  ? "RuleLoader"
         : r->family == GOLCL_MS_GENERATIONS ? "Generations"
                                             : "JvN";
}

/* Whether w×h cells are bgolly's up to translation; their number in *n. */
static int same_as(const uint8_t *cells, uint32_t w, uint32_t h, const bg_mscells *ref, size_t *n) {
  return bg_ms_same(cells, w, h, ref, n);
}

/* Case _i: the device's grid, then (from NCASES) the host's. */
START_TEST(soup_as_bgolly) {
  const int on_host = _i >= (int)NCASES;
  const soup_case *c = &cases[_i % (int)NCASES];
  golcl_msrule rule;
  golcl_status ps = golcl_msrule_parse(c->rule, &rule);
  if (ps == GOLCL_E_UNSUPPORTED &&
      !have_rules()) { /* a machine without Golly's Rules/ (the GPU's) */
    printf("rules-soups: NOT RUN %s: %s\n", c->rule, golcl_last_errmsg());
    return;
  }
  ck_assert_msg(ps == GOLCL_OK, "%s: %s", c->rule, golcl_last_errmsg());
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(on_host ? NULL : tu_ctx, c->w, c->h,
                            c->torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  golcl_bounds b = {0};
  b.topology = c->torus ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  b.width = c->w, b.height = c->h;
  if (c->bounds) TU_OK(golcl_bounds_parse(c->bounds, &b));
  TU_OK(golcl_msgrid_set_bounds(g, &b));
  if (c->bounds) TU_OK(golcl_msgrid_prepare(g)); /* the frame's grid and kernels, ahead */
  TU_OK(golcl_msgrid_randomize(g, rule.states < 2 ? 2 : rule.states, 0.45,
                               77 + (uint64_t)(_i % (int)NCASES)));
  golcl_mspattern *p;
  TU_OK(golcl_msgrid_extract(g, &p));
  golcl_bounds pb;
  TU_OK(golcl_mspattern_bounds(p, &pb));
  ck_assert_msg(!memcmp(&pb, &b, sizeof b), "%s: the extracted pattern lost its bounds", c->rule);
  char *rle;
  size_t len;
  FILE *f = open_memstream(&rle, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  const char *algo = algo_of(&rule);
  const char *rules = rule.family == GOLCL_MS_RULELOADER ? bg_rules_dir() : NULL;
  static const uint64_t steps[] = {1, 7, 25};
  uint64_t done = 0;
  size_t last = 0, n = (size_t)c->w * c->h;
  uint8_t *cells = malloc(n), *ref = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  for (size_t j = 0; j < 3; j++) {
    char *out = NULL, err[2048];
    bg_mscells golly = {0};
    if (*bgolly) {
      ck_assert_msg(
          bg_run_text_rules(bgolly, algo, rules, rle, "rle", steps[j], &out, err, sizeof err) == 0,
          "%s%s: %s", c->rule, c->bounds ? c->bounds : "", err);
      ck_assert_int_eq(bg_parse_ms_rle(out, &golly), 0);
    }
    TU_OK(golcl_msgrid_step(g, steps[j] - done));
    TU_OK(golcl_ms_reference_run_bounds(&rule, &b, c->w, c->h, ref, steps[j] - done));
    done = steps[j];
    TU_OK(golcl_msgrid_read(g, cells, 0));
    ck_assert_msg(memcmp(cells, ref, n) == 0,
                  "%s%s on a %ux%u grid (%s), generation %llu: the grid differs from the "
                  "reference",
                  c->rule, c->bounds ? c->bounds : "", c->w, c->h, on_host ? "host" : "device",
                  (unsigned long long)done);
    last = 0;
    for (size_t i = 0; i < n; i++) last += cells[i] != 0;
    ck_assert_msg(!*bgolly || same_as(cells, c->w, c->h, &golly, &last),
                  "%s%s on a %ux%u grid, generation %llu: libgolcl has %zu cells, Golly %zu (or "
                  "they differ)",
                  c->rule, c->bounds ? c->bounds : "", c->w, c->h, (unsigned long long)done, last,
                  golly.n);
    ck_assert_uint_eq(golcl_msgrid_generation(g), done);
    bg_ms_free(&golly);
    free(out);
  }
  printf("rules-soups: %s %s on a %ux%u %s (%s) at generations 1 7 25 (%zu cells at 25)\n",
         *bgolly ? "SAME as bgolly and the reference:" : "SAME as the reference (no bgolly):",
         c->rule, c->w, c->h,
         c->bounds  ? c->bounds
         : c->torus ? "torus"
                    : "plane",
         on_host ? "host" : "device", last);
  free(cells);
  free(ref);
  free(rle);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
}
END_TEST

/* Tubes (":T0,15": a torus of height 15, unbounded along x; ":T15,0" the
 * other way): a soup of 20 cells along the unbounded side, placed in the
 * middle of a grid 60 cells longer (dead beyond, never reached in 20
 * generations: a cell a generation at most), at its place along the wrapped
 * side; the kernels against the reference and both against bgolly's tube. */
static const struct {
  const char *rule, *bounds;
} tubes[] = {
    {"345/2/4", ":T0,15"}, {"/2/3", ":T13,0"}, {"LifeHistory", ":T0,14"}, {"Nobili32", ":T16,0"}};

START_TEST(tube_as_bgolly) {
  golcl_msrule rule;
  golcl_status ps = golcl_msrule_parse(tubes[_i].rule, &rule);
  if (ps == GOLCL_E_UNSUPPORTED && !have_rules()) {
    printf("rules-soups: NOT RUN %s: %s\n", tubes[_i].rule, golcl_last_errmsg());
    return;
  }
  ck_assert_msg(ps == GOLCL_OK, "%s: %s", tubes[_i].rule, golcl_last_errmsg());
  golcl_bounds b;
  TU_OK(golcl_bounds_parse(tubes[_i].bounds, &b));
  const int along_x = b.width == 0; /* the unbounded side */
  const uint32_t side = along_x ? b.height : b.width, sw = along_x ? 20 : side,
                 sh = along_x ? side : 20, W = along_x ? 80 : side, H = along_x ? side : 80;
  golcl_msgrid *soup, *g;
  TU_OK(golcl_msgrid_create(tu_ctx, sw, sh, GOLCL_BOUNDARY_DEAD, &soup));
  TU_OK(golcl_msgrid_set_msrule(soup, &rule));
  TU_OK(golcl_msgrid_randomize(soup, rule.states, 0.45, 300 + (uint64_t)_i));
  golcl_mspattern *p;
  TU_OK(golcl_msgrid_extract(soup, &p));
  TU_OK(golcl_mspattern_set_bounds(p, &b));
  int64_t ox, oy;
  golcl_mspattern_origin(p, &ox, &oy);
  TU_OK(golcl_msgrid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  TU_OK(golcl_msgrid_set_bounds(g, &b));
  /* Golly's wrapped side spans -floor(n/2) .. n-1-floor(n/2) */
  TU_OK(golcl_msgrid_place(g, p, along_x ? 30 : ox + W / 2, along_x ? oy + H / 2 : 30));
  char *rle;
  size_t len;
  FILE *f = open_memstream(&rle, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  const char *rules = rule.family == GOLCL_MS_RULELOADER ? bg_rules_dir() : NULL;
  size_t n = (size_t)W * H;
  uint8_t *cells = malloc(n), *ref = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  static const uint64_t steps[] = {1, 7, 20};
  uint64_t done = 0;
  size_t last = 0;
  for (size_t j = 0; j < 3; j++) {
    TU_OK(golcl_msgrid_step(g, steps[j] - done));
    TU_OK(golcl_ms_reference_run_bounds(&rule, &b, W, H, ref, steps[j] - done));
    done = steps[j];
    TU_OK(golcl_msgrid_read(g, cells, 0));
    ck_assert_msg(memcmp(cells, ref, n) == 0,
                  "%s%s, generation %llu: the kernel differs from the reference", tubes[_i].rule,
                  tubes[_i].bounds, (unsigned long long)done);
    if (!*bgolly) continue;
    char *out, err[2048];
    bg_mscells golly;
    ck_assert_msg(bg_run_text_rules(bgolly, algo_of(&rule), rules, rle, "rle", steps[j], &out, err,
                                    sizeof err) == 0,
                  "%s%s: %s", tubes[_i].rule, tubes[_i].bounds, err);
    ck_assert_int_eq(bg_parse_ms_rle(out, &golly), 0);
    ck_assert_msg(same_as(cells, W, H, &golly, &last),
                  "%s%s, generation %llu: libgolcl has %zu cells, Golly %zu (or they differ)",
                  tubes[_i].rule, tubes[_i].bounds, (unsigned long long)done, last, golly.n);
    bg_ms_free(&golly);
    free(out);
  }
  printf("rules-soups: SAME %s on the tube %s at generations 1 7 20 (%zu cells at 20)\n",
         tubes[_i].rule, tubes[_i].bounds, last);
  free(cells);
  free(ref);
  free(rle);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(soup);
  golcl_msgrid_destroy(g);
}
END_TEST

/* Larger than Life on Golly's other bounded grids: refused by the grid and
 * the reference, and by bgolly ("must be torus or plane"), except the tube
 * (":T0,20"), which bgolly runs and libgolcl refuses (its grid is finite
 * and its frame one cell wide); planes and tori taken. */
START_TEST(ltl_other_bounds_refused) {
  static const char *const suffixes[] = {":K20*,20", ":C20,20", ":S20", ":T20+3,20", ":T0,20"};
  golcl_msrule rule;
  TU_OK(golcl_msrule_parse("R2,C0,M1,S3..8,B3..6,NM", &rule));
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, 20, 20, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  uint8_t cells[400] = {0};
  for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
    golcl_bounds b;
    TU_OK(golcl_bounds_parse(suffixes[i], &b));
    ck_assert_int_eq(golcl_msgrid_set_bounds(g, &b), GOLCL_E_UNSUPPORTED);
    ck_assert_int_eq(golcl_ms_reference_run_bounds(&rule, &b, 20, 20, cells, 1),
                     GOLCL_E_UNSUPPORTED);
    if (*bgolly && b.width && b.height) {
      char rle[200], *out, err[2048];
      snprintf(rle, sizeof rle, "x = 2, y = 1, rule = R2,C0,M1,S3..8,B3..6,NM%s\n2A!\n",
               suffixes[i]);
      ck_assert_msg(
          bg_run_text(bgolly, "Larger than Life", rle, "rle", 1, &out, err, sizeof err) != 0,
          "bgolly ran LtL on %s", suffixes[i]);
    }
  }
  /* a rule set after the bounds: the step refuses it */
  golcl_bounds k;
  TU_OK(golcl_bounds_parse(":K20*,20", &k));
  TU_OK(golcl_msgrid_set_rule(g, "/2/3"));
  TU_OK(golcl_msgrid_set_bounds(g, &k));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  ck_assert_int_eq(golcl_msgrid_step(g, 1), GOLCL_E_UNSUPPORTED);
  ck_assert_uint_eq(golcl_msgrid_generation(g), 0);
  /* sizes that disagree; a plane and a torus of the grid's size */
  golcl_bounds bad;
  TU_OK(golcl_bounds_parse(":K21*,20", &bad));
  TU_OK(golcl_msgrid_set_rule(g, "/2/3"));
  ck_assert_int_eq(golcl_msgrid_set_bounds(g, &bad), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_msgrid_set_bounds(NULL, &bad), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_set_bounds(g, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_bounds_parse(":T20,20", &k));
  TU_OK(golcl_msgrid_set_bounds(g, &k));
  ck_assert_int_eq(golcl_msgrid_boundary(g), GOLCL_BOUNDARY_TORUS);
  golcl_bounds back;
  TU_OK(golcl_msgrid_bounds(g, &back));
  ck_assert(!memcmp(&back, &k, sizeof k));
  golcl_msgrid_destroy(g);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf(
        "\n*** test_rules_soups: bgolly NOT FOUND: soups compared with the host reference "
        "only, NOT with Golly ***\n\n");
    *bgolly = '\0';
  }
  Suite *s = suite_create("rules-soups");
  TCase *tc = tcase_create("soups");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, soup_as_bgolly, 0, (int)(2 * NCASES));
  tcase_add_test(tc, ltl_other_bounds_refused);
  tcase_add_loop_test(tc, tube_as_bgolly, 0, (int)(sizeof tubes / sizeof *tubes));
  suite_add_tcase(s, tc);
  return tu_main(s);
}
