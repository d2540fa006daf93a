/* test_rules_mcell.c — MCell files: every .mcl of Golly's Patterns read by
 * golcl_mspattern_parse and either mapped to a family of golcl_rules.h (its
 * cells then compared with bgolly's reading of the same file, up to
 * translation; test_golly_count runs them against bgolly) or refused with
 * GOLCL_E_UNSUPPORTED naming the rule (WireWorld: a RuleLoader rule, for
 * now); the counts are printed. Then small texts: the mapping of each kind
 * of rule, Golly's placing on a board, states beyond the rule's, comments,
 * and malformed lines refused at their line and column. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <string.h>

static char **files;
static size_t nfiles;
static int n_mapped, n_refused;
static char refused[4096], *refused_end = refused;

static const char *root(void) {
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  return r && *r ? r : "/usr/share/golly/Patterns";
}

START_TEST(golly_mcl) {
  const char *path = files[_i], *name = path + strlen(root()) + 1;
  golcl_mspattern *p;
  golcl_status s = golcl_mspattern_read_file(path, &p);
  if (s == GOLCL_E_UNSUPPORTED) {
    ck_assert_msg(strstr(golcl_last_errmsg(), "RuleLoader"), "%s: %s", name, golcl_last_errmsg());
    n_refused++;
    int left = (int)(refused + sizeof refused - refused_end);
    int n = snprintf(refused_end, (size_t)left, "  %s: %s\n", name, golcl_last_errmsg());
    refused_end += n > 0 && n < left ? n : 0;
    printf("rules-mcell: REFUSED %s: %s\n", name, golcl_last_errmsg());
    return;
  }
  ck_assert_msg(s == GOLCL_OK, "%s: %s", name, golcl_last_errmsg());
  golcl_msrule r;
  TU_OK(golcl_mspattern_msrule(p, &r));
  char rt[GOLCL_MSRULE_TEXT_CAP], bgolly[1024], err[2048];
  TU_OK(golcl_msrule_format(&r, rt, sizeof rt));
  if (r.family != GOLCL_MS_LTL && r.family != GOLCL_MS_GENERATIONS) { /* RuleLoader's, later */
    printf("rules-mcell: MAPPED %s: %s (not compared here)\n", name, rt);
  } else if (bg_find(bgolly, sizeof bgolly)) {
    const char *algo = r.family == GOLCL_MS_LTL ? "Larger than Life" : "Generations";
    char *out;
    bg_mscells g;
    ck_assert_msg(bg_run_path(bgolly, algo, path, 0, &out, err, sizeof err) == 0, "%s: %s", name,
                  err);
    ck_assert_int_eq(bg_parse_ms_rle(out, &g), 0);
    size_t k;
    ck_assert_msg(bg_ms_same(golcl_mspattern_cells(p), golcl_mspattern_width(p),
                             golcl_mspattern_height(p), &g, &k),
                  "%s: %zu cells, Golly %zu, or the cells differ", name, k, g.n);
    free(out);
    bg_ms_free(&g);
  }
  n_mapped++;
  printf("rules-mcell: MAPPED %s: %s\n", name, rt);
  golcl_mspattern_destroy(p);
}
END_TEST

static golcl_mspattern *parse(const char *text) {
  golcl_mspattern *p;
  golcl_status s = golcl_mspattern_parse(text, strlen(text), &p);
  ck_assert_msg(s == GOLCL_OK, "%s\n-> %s", text, golcl_last_errmsg());
  return p;
}

static void rule_is(const golcl_mspattern *p, const char *want) {
  golcl_msrule r;
  char t[GOLCL_MSRULE_TEXT_CAP];
  TU_OK(golcl_mspattern_msrule(p, &r));
  TU_OK(golcl_msrule_format(&r, t, sizeof t));
  ck_assert_str_eq(t, want);
}

START_TEST(small_texts) {
  /* Life-like as Generations of two states; no rule is Life; MCell's Life table */
  golcl_mspattern *p = parse("#MCell 4.00\n#GAME Life\n#RULE 23/36\n#L A.A$.A\n");
  rule_is(p, "23/36/2");
  ck_assert_uint_eq(golcl_mspattern_width(p), 3);
  ck_assert_uint_eq(golcl_mspattern_height(p), 2);
  int64_t x, y;
  golcl_mspattern_origin(p, &x, &y);
  ck_assert_int_eq(x, 0); /* no board: the cells start at (0, 0) */
  ck_assert_int_eq(y, 0);
  golcl_mspattern_destroy(p);
  p = parse("#MCell 4.00\n#L 2A\n");
  rule_is(p, "23/3/2");
  golcl_mspattern_destroy(p);
  p = parse("#MCell 4.00\n#GAME Rules table\n#RULE 1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1,9\n#L A\n");
  rule_is(p, "23/3/2");
  golcl_mspattern_destroy(p);
  /* Generations, states with prefixes, a state beyond the rule's is 1, comments */
  p = parse(
      "#MCell 4.00\n#GAME Generations\n#RULE 345/2/50\n#D hello\n#D\n"
      "#L 2.bC$aX.D3$E\n#L .F\n");
  rule_is(p, "345/2/50");
  const uint8_t *c = golcl_mspattern_cells(p);
  ck_assert_uint_eq(golcl_mspattern_width(p), 3);
  ck_assert_uint_eq(golcl_mspattern_height(p), 5);
  ck_assert_uint_eq(c[2], 1);       /* bC = 51: beyond 50 states */
  ck_assert_uint_eq(c[3], 24 + 24); /* aX */
  ck_assert_uint_eq(c[5], 4);       /* D */
  ck_assert_uint_eq(c[12], 5);      /* E, three rows down */
  ck_assert_uint_eq(c[14], 6);      /* F on the next #L line, the same row */
  ck_assert_uint_eq(golcl_mspattern_comment_count(p), 2);
  ck_assert_str_eq(golcl_mspattern_comment(p, 0), "#D hello");
  golcl_mspattern_destroy(p);
  /* a board: cells from (-(W/2), -(H/2)), then shifted by ((W+1-w)/2, (H+1-h)/2) */
  p = parse("#MCell 4.00\n#GAME Generations\n#RULE /2/3\n#BOARD 20x11\n#WRAP 0\n#L .A$AB\n");
  golcl_bounds b;
  TU_OK(golcl_mspattern_bounds(p, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_PLANE);
  ck_assert_uint_eq(b.width, 20);
  ck_assert_uint_eq(b.height, 11);
  golcl_mspattern_origin(p, &x, &y);
  ck_assert_int_eq(x, -10 + (20 + 1 - 2) / 2);
  ck_assert_int_eq(y, -5 + (11 + 1 - 2) / 2);
  golcl_mspattern_destroy(p);
  p = parse(
      "#MCell 4.00\n#GAME Larger than Life\n#RULE R2,C3,M1,S2..8,B3..5,NN\n"
      "#BOARD 9x9\n#WRAP 1\n#L B\n");
  rule_is(p, "R2,C3,M1,S2..8,B3..5,NN");
  TU_OK(golcl_mspattern_bounds(p, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_TORUS);
  golcl_mspattern_destroy(p);

  static const struct {
    const char *text;
    golcl_status s;
    const char *msg;
  } bad[] = {
      {"#MCell\n#GAME Weighted Life\n#RULE NW5,NN1,NE5\n", GOLCL_E_UNSUPPORTED, "line 3, column 7"},
      {"#MCell\n#RULE B3/S23\n#L 3A$o\n", GOLCL_E_PARSE, "line 3, column 7: a state is"},
      {"#MCell\n#RULE /2/3\n#L aZ\n", GOLCL_E_PARSE, "line 3, column 5: a state is"},
      {"#MCell\n#RULE /2/3\n#BOARD tall\n", GOLCL_E_PARSE, "line 3, column 8: #BOARD"},
      {"#MCell\n#RULE B0/S23\n#L A\n", GOLCL_E_UNSUPPORTED,
       "line 2, column 7: a Life-like rule with B0"},
      {"#MCell\n#GAME Larger than Life\n#RULE R2,C0,M1,S2..8,B3..5,NM\n#L A\n", GOLCL_E_UNSUPPORTED,
       "without #BOARD"},
      {"#MCell\n#RULE 3/2/300\n", GOLCL_E_PARSE, "line 2, column 7: rule \"3/2/300\", column 5"},
  };
  /* RuleLoader's rules: refused, named, until golcl_msrule_parse takes them */
  static const struct {
    const char *text, *rule, *msg;
  } loader[] = {
      {"#MCell\n#GOLLY WireWorld\n#L A\n", "WireWorld", "line 2, column 8: rule \"WireWorld\""},
      {"#MCell\n#RULE 1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2\n#L A\n",
       "LifeHistory", "line 2, column 1: rule \"LifeHistory\": a rule Golly runs with RuleLoader"},
  };
  for (size_t i = 0; i < sizeof loader / sizeof *loader; i++) {
    golcl_msrule r;
    const int runs = golcl_msrule_parse(loader[i].rule, &r) == GOLCL_OK; /* RuleLoader has come */
    golcl_status s = golcl_mspattern_parse(loader[i].text, strlen(loader[i].text), &p);
    if (runs) {
      ck_assert_msg(s == GOLCL_OK, "%s: %s", loader[i].rule, golcl_last_errmsg());
      rule_is(p, loader[i].rule);
      golcl_mspattern_destroy(p);
      continue;
    }
    ck_assert_msg(s == GOLCL_E_UNSUPPORTED, "%s: %d %s", loader[i].rule, s, golcl_last_errmsg());
    ck_assert_msg(strstr(golcl_last_errmsg(), loader[i].msg), "\"%s\" lacks \"%s\"",
                  golcl_last_errmsg(), loader[i].msg);
  }
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    golcl_status s = golcl_mspattern_parse(bad[i].text, strlen(bad[i].text), &p);
    ck_assert_msg(s == bad[i].s, "case %zu: %d %s", i, s, golcl_last_errmsg());
    ck_assert_msg(strstr(golcl_last_errmsg(), bad[i].msg), "case %zu: \"%s\" lacks \"%s\"", i,
                  golcl_last_errmsg(), bad[i].msg);
  }
}
END_TEST

static int ends_mcl(const char *s) {
  size_t n = strlen(s);
  return n > 4 && !strcmp(s + n - 4, ".mcl");
}

int main(void) {
  size_t n = 0;
  char **all = bg_list_files(root(), &n);
  files = malloc((n + 1) * sizeof *files);
  for (size_t i = 0; i < n; i++)
    if (ends_mcl(all[i]))
      files[nfiles++] = all[i];
    else
      free(all[i]);
  free(all);
  Suite *s = suite_create("rules-mcell");
  TCase *tc = tcase_create("mcell");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, small_texts);
  if (nfiles) tcase_add_loop_test(tc, golly_mcl, 0, (int)nfiles);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  if (!nfiles) printf("\n*** test_rules_mcell: no .mcl files under %s: NOT read ***\n\n", root());
  printf(
      "rules-mcell: %zu MCell files under %s: %d mapped (cells as bgolly reads them), %d "
      "refused%s\n%s",
      nfiles, root(), n_mapped, n_refused, n_refused ? ":" : "", refused);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
  return rc;
}
