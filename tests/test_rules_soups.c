/* test_rules_soups.c — random soups of every state against bgolly, for the
 * rules and grids Golly's pattern folders do not cover: von Neumann and
 * hexagonal Generations, Hensel and MAP tables, many states, LtL with M0,
 * the N and C neighbourhoods, decaying LtL states, and Golly's bounded
 * grids (:P and :T) down to the smallest sides it takes (an LtL torus of 2R
 * cells, where the box wraps onto itself). A soup is made on a grid
 * (golcl_msgrid_randomize), written as RLE with its grid and position
 * (golcl_msgrid_extract, golcl_mspattern_write_rle), run by bgolly and by
 * golcl_msgrid_step, and compared state for state after 1, 7 and 25
 * generations. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <string.h>

static char bgolly[1024];

typedef struct soup_case {
  const char *rule;
  uint32_t w, h;
  int torus;
} soup_case;

static const soup_case cases[] = {
    {"/2/3", 3, 3, 1},
    {"/2/3", 37, 29, 0},
    {"345/2/4", 41, 23, 1},
    {"23/3/8", 5, 4, 1},
    {"/12/4V", 30, 31, 1},
    {"12/34/3H", 33, 20, 1},
    {"12/34/3H", 33, 20, 0},
    {"2-a3/3-e4/5", 40, 40, 1},
    {"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA/3",
     40, 40, 1},
    {"1456/2356/16", 50, 40, 0},
    {"0235678/3468/255", 60, 60, 1},
    {"R1,C0,M0,S2..3,B3..3,NM", 20, 20, 1},
    {"R3,C0,M0,S8..30,B9..14,NM", 6, 6, 1}, /* 2R: the box wraps onto itself */
    {"R3,C0,M0,S8..20,B9..14,NM", 7, 9, 1},
    {"R3,C0,M0,S8..20,B9..14,NM", 40, 30, 0},
    {"R5,C0,M1,S34..58,B34..45,NM", 10, 10, 1},
    {"R5,C0,M1,S34..58,B34..45,NM", 61, 47, 1},
    {"R4,C5,M1,S12..40,B12..30,NM", 50, 50, 1},
    {"R3,C0,M1,S5..12,B4..9,NN", 40, 40, 1},
    {"R3,C0,M1,S3..20,B4..9,NN", 6, 6, 1},
    {"R6,C4,M0,S20..60,B18..40,NN", 45, 45, 0},
    {"R4,C0,M1,S18..40,B15..30,NC", 40, 33, 1},
    {"R4,C0,M1,S10..50,B15..30,NC", 8, 8, 1},
    {"R7,C3,M0,S40..110,B40..80,NC", 50, 50, 0},
    {"R2,C0,M1,S0..8,B0..5,NM", 30, 30, 0}, /* B0 on a bounded plane */
    {"R2,C0,M1,S0..8,B0..5,NM", 30, 30, 1},
};
#define NCASES (sizeof cases / sizeof *cases)

START_TEST(soup_as_bgolly) {
  if (!*bgolly) return;
  const soup_case *c = &cases[_i];
  golcl_msrule rule;
  ck_assert_msg(golcl_msrule_parse(c->rule, &rule) == GOLCL_OK, "%s: %s", c->rule,
                golcl_last_errmsg());
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, c->w, c->h,
                            c->torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  TU_OK(golcl_msgrid_randomize(g, rule.states, 0.45, 77 + (uint64_t)_i));
  golcl_mspattern *p;
  TU_OK(golcl_msgrid_extract(g, &p));
  golcl_bounds b = {0};
  b.topology = c->torus ? GOLCL_TOPOLOGY_TORUS : GOLCL_TOPOLOGY_PLANE;
  b.width = c->w, b.height = c->h;
  TU_OK(golcl_mspattern_set_bounds(p, &b));
  char *rle;
  size_t len;
  FILE *f = open_memstream(&rle, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  const char *algo = rule.family == GOLCL_MS_LTL ? "Larger than Life" : "Generations";
  static const uint64_t steps[] = {1, 7, 25};
  uint64_t done = 0;
  size_t last = 0;
  uint8_t *cells = malloc((size_t)c->w * c->h);
  for (size_t j = 0; j < 3; j++) {
    char *out, err[2048];
    ck_assert_msg(bg_run_text(bgolly, algo, rle, "rle", steps[j], &out, err, sizeof err) == 0,
                  "%s: %s", c->rule, err);
    bg_mscells ref;
    ck_assert_int_eq(bg_parse_ms_rle(out, &ref), 0);
    TU_OK(golcl_msgrid_step(g, steps[j] - done));
    done = steps[j];
    TU_OK(golcl_msgrid_read(g, cells, 0));
    size_t n = 0;
    for (size_t i = 0; i < (size_t)c->w * c->h; i++) n += cells[i] != 0;
    uint32_t *t = malloc(3 * sizeof *t * (n + 1));
    for (size_t i = 0, k = 0; i < (size_t)c->w * c->h; i++)
      if (cells[i])
        t[3 * k] = (uint32_t)(i % c->w), t[3 * k + 1] = (uint32_t)(i / c->w),
              t[3 * k + 2] = cells[i], k++;
    bg_ms_normalise(t, n);
    ck_assert_msg(n == ref.n && memcmp(t, ref.xys, 3 * sizeof *t * n) == 0,
                  "%s on a %ux%u %s, generation %llu: libgolcl has %zu cells, Golly %zu (or they "
                  "differ)",
                  c->rule, c->w, c->h, c->torus ? "torus" : "plane", (unsigned long long)done, n,
                  ref.n);
    last = n;
    free(t);
    bg_ms_free(&ref);
    free(out);
  }
  printf("rules-soups: SAME %s on a %ux%u %s at generations 1 7 25 (%zu cells at 25)\n", c->rule,
         c->w, c->h, c->torus ? "torus" : "plane", last);
  free(cells);
  free(rle);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf("\n*** test_rules_soups: bgolly NOT FOUND: soups were NOT compared with Golly ***\n\n");
    *bgolly = '\0';
    return 0;
  }
  Suite *s = suite_create("rules-soups");
  TCase *tc = tcase_create("soups");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, soup_as_bgolly, 0, (int)NCASES);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
