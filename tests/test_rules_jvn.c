/* test_rules_jvn.c — Golly's JvN family and the multi-state macrocell:
 * the rule names; random soups of every state of JvN29, Nobili32 and
 * Hutton32 run by bgolly -a JvN and by the host reference and the kernels
 * (small tables, direct, full table, from the reference's functions; test_rules_kernels
 * compares them on more sizes and both boundaries), compared state for state after 1, 2, 5
 * and 17 generations (the soups hit the cases no pattern reaches: Hutton32's
 * unsigned-char wraps); macrocell written and read back (cells, position,
 * rule and bounds, generation, comments), Golly's JvN macrocells read,
 * written and read again, and malformed macrocells refused at their line
 * and column. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <string.h>

static const char *const jvn_rules[] = {"JvN29", "Nobili32", "Hutton32"};

START_TEST(names) {
  static const struct {
    const char *text, *canon;
    uint32_t states;
  } ok[] = {{"JvN29", "JvN29", 29},       {" jvn29 ", "JvN29", 29},   {"JvN-29", "JvN29", 29},
            {"NOBILI32", "Nobili32", 32}, {"JvN-32", "Nobili32", 32}, {"Hutton32", "Hutton32", 32},
            {"modjvn-32", "Hutton32", 32}};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    golcl_msrule r;
    char t[GOLCL_MSRULE_TEXT_CAP];
    ck_assert_msg(golcl_msrule_parse(ok[i].text, &r) == GOLCL_OK, "%s: %s", ok[i].text,
                  golcl_last_errmsg());
    ck_assert_uint_eq(r.states, ok[i].states);
    ck_assert_uint_eq(golcl_msrule_neighbourhood_size(&r), 5);
    TU_OK(golcl_msrule_format(&r, t, sizeof t));
    ck_assert_str_eq(t, ok[i].canon);
    r.states = 30; /* no JvN rule has 30 states */
    ck_assert_int_eq(golcl_msrule_format(&r, t, sizeof t), GOLCL_E_INVALID_ARG);
  }
  golcl_msrule r;
  ck_assert_int_ne(golcl_msrule_parse("JvN30", &r), GOLCL_OK);
  ck_assert_int_ne(golcl_msrule_parse("Hutton", &r), GOLCL_OK);
  /* a state beyond the rule's in RLE */
  golcl_mspattern *p;
  const char *rle = "x = 2, y = 1, rule = JvN29\n.pE!\n"; /* pE = 29 */
  ck_assert_int_eq(golcl_mspattern_parse(rle, strlen(rle), &p), GOLCL_E_PARSE);
  rle = "x = 2, y = 1, rule = Nobili32\n.pE!\n";
  TU_OK(golcl_mspattern_parse(rle, strlen(rle), &p));
  ck_assert_uint_eq(golcl_mspattern_cells(p)[1], 29);
  golcl_mspattern_destroy(p);
}
END_TEST

/* The pattern written by `write` (RLE or macrocell), malloc'd. */
static char *text_of(const golcl_mspattern *p,
                     golcl_status (*write)(const golcl_mspattern *, FILE *)) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  TU_OK(write(p, f));
  fclose(f);
  return buf;
}

/* Case _i: rule _i % 3, density and seed from _i / 3. */
START_TEST(soups_against_golly) {
  char bgolly[1024], err[2048];
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf("*** test_rules_jvn: bgolly NOT FOUND: soups not compared with Golly ***\n");
    return;
  }
  const char *name = jvn_rules[_i % 3];
  const double density = _i / 3 % 2 ? 0.2 : 0.6;
  const uint32_t sw = 41, sh = 23, gens[] = {1, 2, 5, 17}, m = 18; /* margin > 17 */
  golcl_msrule rule;
  TU_OK(golcl_msrule_parse(name, &rule));
  golcl_msgrid *soup;
  TU_OK(golcl_msgrid_create(tu_ctx, sw, sh, GOLCL_BOUNDARY_DEAD, &soup));
  TU_OK(golcl_msgrid_set_msrule(soup, &rule));
  TU_OK(golcl_msgrid_randomize(soup, rule.states, density, 77 + (uint64_t)_i));
  golcl_mspattern *p;
  TU_OK(golcl_msgrid_extract(soup, &p));
  char *text = text_of(p, golcl_mspattern_write_rle);
  const uint32_t W = golcl_mspattern_width(p) + 2 * m, H = golcl_mspattern_height(p) + 2 * m;
  uint8_t *ref = calloc((size_t)W * H, 1), *got = malloc((size_t)W * H);
  for (uint32_t y = 0; y < golcl_mspattern_height(p); y++)
    memcpy(ref + (size_t)(y + m) * W + m,
           golcl_mspattern_cells(p) + (size_t)y * golcl_mspattern_width(p),
           golcl_mspattern_width(p));
  golcl_msgrid *g, *g2; /* g2: GOLCL_JVN_KERNEL=direct and full, the other lookups */
  TU_OK(golcl_msgrid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  TU_OK(golcl_msgrid_write(g, ref, 0));
  TU_OK(golcl_msgrid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g2));
  TU_OK(golcl_msgrid_set_msrule(g2, &rule));
  TU_OK(golcl_msgrid_write(g2, ref, 0));
  uint32_t done = 0;
  for (size_t j = 0; j < sizeof gens / sizeof *gens; j++) {
    char *out;
    bg_mscells gc;
    ck_assert_msg(bg_run_text(bgolly, "JvN", text, "rle", gens[j], &out, err, sizeof err) == 0,
                  "%s: %s", name, err);
    ck_assert_int_eq(bg_parse_ms_rle(out, &gc), 0);
    free(out);
    TU_OK(golcl_ms_reference_run(&rule, GOLCL_BOUNDARY_DEAD, W, H, ref, gens[j] - done));
    TU_OK(golcl_msgrid_step(g, gens[j] - done));
    TU_OK(golcl_msgrid_read(g, got, 0));
    done = gens[j];
    ck_assert_msg(bg_ms_same(ref, W, H, &gc, NULL),
                  "%s, soup %d: the reference differs from Golly at %u", name, _i, done);
    ck_assert_msg(!memcmp(ref, got, (size_t)W * H), "%s: the kernel differs from the reference",
                  name);
    static const char *const other[] = {"direct", "full"};
    setenv("GOLCL_JVN_KERNEL", other[j % 2], 1); /* g2 steps with each, in turn */
    TU_OK(golcl_msgrid_step(g2, gens[j] - (j ? gens[j - 1] : 0)));
    unsetenv("GOLCL_JVN_KERNEL");
    TU_OK(golcl_msgrid_read(g2, got, 0));
    ck_assert_msg(!memcmp(ref, got, (size_t)W * H), "%s: the %s kernel differs from the reference",
                  name, other[j % 2]);
    bg_ms_free(&gc);
  }
  free(text);
  free(ref);
  free(got);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
  golcl_msgrid_destroy(g2);
  golcl_msgrid_destroy(soup);
}
END_TEST

/* Each lookup of JvN29 and Nobili32 (GOLCL_JVN_KERNEL) against the
 * reference on soups of all their states and a few beyond (which keep
 * and read as 0), awkward sizes (1-row and 1-column grids, widths of whole
 * and partial words), both boundaries, 1 and 4 generations. Case _i: rule
 * (_i % 2), boundary (_i / 2 % 2), way (_i / 4: the small tables also with
 * GOLCL_JVN_NEXT=key; the bit planes one generation a launch, and several
 * in tiles of 64 and of 16 rows, which a torus of partial words leaves to
 * the one-generation kernel). */
START_TEST(lookups_match_reference) {
  static const struct {
    const char *kernel, *next, *gens, *th, *ly;
  } way[] = {{"full", "state", "1", "64", "8"},   {"small", "state", "1", "64", "8"},
             {"direct", "state", "1", "64", "8"}, {"small", "key", "1", "64", "8"},
             {"bits", "state", "1", "64", "8"},   {"bits", "state", "3", "64", "8"},
             {"bits", "state", "2", "16", "4"}};
  static const uint32_t sizes[][2] = {{37, 29}, {100, 67}, {3, 5},  {1, 1},  {6, 2}, {1, 9},
                                      {40, 1},  {96, 41},  {64, 3}, {32, 1}, {80, 3}};
  golcl_msrule rule;
  TU_OK(golcl_msrule_parse(_i % 2 ? "Nobili32" : "JvN29", &rule));
  const golcl_boundary b = _i / 2 % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  setenv("GOLCL_JVN_KERNEL", way[_i / 4].kernel, 1);
  setenv("GOLCL_JVN_NEXT", way[_i / 4].next, 1);
  setenv("GOLCL_JVN_GENS", way[_i / 4].gens, 1);
  setenv("GOLCL_JVN_TH", way[_i / 4].th, 1);
  setenv("GOLCL_JVN_LY", way[_i / 4].ly, 1);
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    const uint32_t w = sizes[k][0], h = sizes[k][1];
    golcl_msgrid *g;
    TU_OK(golcl_msgrid_create(tu_ctx, w, h, b, &g));
    TU_OK(golcl_msgrid_set_msrule(g, &rule));
    TU_OK(golcl_msgrid_randomize(g, 40, 0.7, 900 + (uint64_t)_i * 10 + k));
    size_t n = (size_t)w * h;
    uint8_t *ref = malloc(n), *got = malloc(n);
    TU_OK(golcl_msgrid_read(g, ref, 0));
    for (uint64_t step = 1; step <= 3; step += 2) {
      TU_OK(golcl_msgrid_step(g, step));
      TU_OK(golcl_ms_reference_run(&rule, b, w, h, ref, step));
      TU_OK(golcl_msgrid_read(g, got, 0));
      for (size_t i = 0; i < n; i++)
        ck_assert_msg(got[i] == ref[i], "%s (%s), %s %ux%u: cell (%zu, %zu) is %u, reference %u",
                      _i % 2 ? "Nobili32" : "JvN29", way[_i / 4].kernel, b ? "torus" : "dead", w, h,
                      i % w, i / w, got[i], ref[i]);
    }
    free(ref);
    free(got);
    golcl_msgrid_destroy(g);
  }
  unsetenv("GOLCL_JVN_KERNEL");
  unsetenv("GOLCL_JVN_NEXT");
  unsetenv("GOLCL_JVN_GENS");
  unsetenv("GOLCL_JVN_TH");
  unsetenv("GOLCL_JVN_LY");
}
END_TEST

static void assert_same_pattern(const golcl_mspattern *a, const golcl_mspattern *b) {
  ck_assert_uint_eq(golcl_mspattern_width(a), golcl_mspattern_width(b));
  ck_assert_uint_eq(golcl_mspattern_height(a), golcl_mspattern_height(b));
  ck_assert(!memcmp(golcl_mspattern_cells(a), golcl_mspattern_cells(b),
                    (size_t)golcl_mspattern_width(a) * golcl_mspattern_height(a)));
  int64_t ax, ay, bx, by;
  golcl_mspattern_origin(a, &ax, &ay);
  golcl_mspattern_origin(b, &bx, &by);
  ck_assert_int_eq(ax, bx);
  ck_assert_int_eq(ay, by);
  ck_assert_uint_eq(golcl_mspattern_generation(a), golcl_mspattern_generation(b));
  golcl_msrule ra, rb;
  char ta[GOLCL_MSRULE_TEXT_CAP], tb[GOLCL_MSRULE_TEXT_CAP];
  golcl_mspattern_msrule(a, &ra), golcl_mspattern_msrule(b, &rb);
  TU_OK(golcl_msrule_format(&ra, ta, sizeof ta));
  TU_OK(golcl_msrule_format(&rb, tb, sizeof tb));
  ck_assert_str_eq(ta, tb);
  golcl_bounds ba, bb;
  golcl_mspattern_bounds(a, &ba), golcl_mspattern_bounds(b, &bb);
  ck_assert_int_eq(ba.topology, bb.topology);
  ck_assert_uint_eq(ba.width, bb.width);
  ck_assert_uint_eq(ba.height, bb.height);
}

/* Soups of several rules and places written as macrocell and read back. */
START_TEST(macrocell_round_trip) {
  static const char *const rules[] = {"Hutton32", "/2/3", "R3,C5,M1,S10..30,B12..20,NM", "JvN29"};
  static const int64_t places[][2] = {{-20, 7}, {3, -100}, {-1, 1}, {1000, 2000}};
  const char *text =
      "#N soup\n#C a comment\n#CXRLE Pos=-20,7 Gen=12\nx = 2, y = 2, rule = /2/3:T40,30\nAB$BA!\n";
  golcl_mspattern *p, *q;
  TU_OK(golcl_mspattern_parse(text, strlen(text), &p)); /* bounds, generation, comments */
  char *mc = text_of(p, golcl_mspattern_write_macrocell);
  ck_assert_ptr_nonnull(strstr(mc, "#R /2/3:T40,30\n#G 12\n#N soup\n#C a comment\n"));
  TU_OK(golcl_mspattern_parse(mc, strlen(mc), &q));
  assert_same_pattern(p, q);
  ck_assert_uint_eq(golcl_mspattern_comment_count(q), 2);
  ck_assert_str_eq(golcl_mspattern_comment(q, 1), "#C a comment");
  free(mc);
  golcl_mspattern_destroy(p);
  golcl_mspattern_destroy(q);
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
    golcl_msgrid *g;
    golcl_msrule r;
    TU_OK(golcl_msrule_parse(rules[i], &r));
    TU_OK(golcl_msgrid_create(tu_ctx, 37 + 10 * (uint32_t)i, 29, GOLCL_BOUNDARY_DEAD, &g));
    TU_OK(golcl_msgrid_set_msrule(g, &r));
    TU_OK(golcl_msgrid_randomize(g, r.states, 0.3, 9 + i));
    TU_OK(golcl_msgrid_extract(g, &p));
    TU_OK(golcl_mspattern_set_origin(p, places[i][0], places[i][1]));
    mc = text_of(p, golcl_mspattern_write_macrocell);
    TU_OK(golcl_mspattern_parse(mc, strlen(mc), &q));
    assert_same_pattern(p, q);
    free(mc);
    golcl_mspattern_destroy(p);
    golcl_mspattern_destroy(q);
    golcl_msgrid_destroy(g);
  }
  /* an empty pattern */
  text = "x = 0, y = 0, rule = Nobili32\n!\n";
  TU_OK(golcl_mspattern_parse(text, strlen(text), &p));
  mc = text_of(p, golcl_mspattern_write_macrocell);
  TU_OK(golcl_mspattern_parse(mc, strlen(mc), &q));
  ck_assert_uint_eq(golcl_mspattern_width(q), 0);
  free(mc);
  golcl_mspattern_destroy(p);
  golcl_mspattern_destroy(q);
}
END_TEST

/* Golly's JvN macrocells (gzip) read, written and read back, and checked
 * against bgolly's RLE of the same file at generation 0. */
START_TEST(golly_macrocells) {
  static const char *const mcs[] = {"Self-Rep/JvN/partial-constructor.mc.gz",
                                    "Self-Rep/JvN/sphinx.mc.gz"};
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  char path[2048], bgolly[1024], err[2048];
  snprintf(path, sizeof path, "%s/%s", r && *r ? r : "/usr/share/golly/Patterns", mcs[_i]);
  FILE *f = fopen(path, "rb");
  if (!f) {
    printf("*** test_rules_jvn: %s not found: not read ***\n", path);
    return;
  }
  fclose(f);
  golcl_mspattern *p, *q;
  golcl_status s = golcl_mspattern_read_file(path, &p);
  ck_assert_msg(s == GOLCL_OK, "%s", golcl_last_errmsg());
  char *mc = text_of(p, golcl_mspattern_write_macrocell);
  TU_OK(golcl_mspattern_parse(mc, strlen(mc), &q));
  assert_same_pattern(p, q);
  if (bg_find(bgolly, sizeof bgolly)) {
    char *out;
    bg_mscells gc;
    ck_assert_msg(bg_run_path(bgolly, "JvN", path, 0, &out, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(bg_parse_ms_rle(out, &gc), 0);
    ck_assert_msg(bg_ms_same(golcl_mspattern_cells(p), golcl_mspattern_width(p),
                             golcl_mspattern_height(p), &gc, NULL),
                  "%s: the cells differ from bgolly's", path);
    free(out);
    bg_ms_free(&gc);
  }
  free(mc);
  golcl_mspattern_destroy(p);
  golcl_mspattern_destroy(q);
}
END_TEST

START_TEST(macrocell_errors) {
  static const struct {
    const char *text;
    golcl_status s;
    const char *msg;
  } bad[] = {
      {"[M2]\n1 0 0 0 1\n", GOLCL_E_PARSE, "line 2, column 1: a node before \"#R rule\""},
      {"[M2] (x)\n#R JvN29\n1 0 0 0 29\n", GOLCL_E_PARSE, "line 3, column 1: state 29 is not"},
      {"[M2]\n#R JvN29\n1 0 0 0 1\n3 1 0 0 0\n", GOLCL_E_PARSE,
       "line 4, column 1: a child's level"},
      {"[M2]\n#R JvN29\n2 0 0 0 1\n", GOLCL_E_PARSE, "line 3, column 1: a node refers"},
      {"[M2]\n#R JvN29\n1 0 0 x 1\n", GOLCL_E_PARSE, "line 3, column 7: a node line is"},
      {"[M2]\n#R JvN29\n1 0 0 0 1 2\n", GOLCL_E_PARSE, "line 3, column 11: unexpected text"},
      {"[M2]\n#R JvN29\n0 0 0 0 1\n", GOLCL_E_PARSE, "line 3, column 1: a node level is 1..62"},
      {"[M2]\n#R JvN29\nq\n", GOLCL_E_PARSE, "line 3, column 1: expected '#'"},
      {"[M2]\n#R JvN29\n..*x\n", GOLCL_E_PARSE, "line 3, column 4: a leaf line"},
      {"[M2]\n#R JvN29\n#G x\n", GOLCL_E_PARSE, "line 3, column 4: #G needs"},
      {"[M2]\n#R  R5,C0,M1,S34..58,B34..45,NQ\n", GOLCL_E_PARSE, "line 2, column 5: "},
      {"[M2]\n#R B3/S23\n1 0 1 0 1\n", GOLCL_E_UNSUPPORTED, "line 2, column 4: "},
      {"[M2]\n#C no rule\n", GOLCL_E_UNSUPPORTED, "no \"#R rule\""},
      {"[M2]\n#R JvN29:Q9\n", GOLCL_E_PARSE, "line 2, column 9: "},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    golcl_mspattern *p = (golcl_mspattern *)&p;
    golcl_status s = golcl_mspattern_parse(bad[i].text, strlen(bad[i].text), &p);
    ck_assert_msg(s == bad[i].s, "case %zu: status %d, message %s", i, s, golcl_last_errmsg());
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(golcl_last_errmsg(), bad[i].msg), "case %zu: \"%s\" lacks \"%s\"", i,
                  golcl_last_errmsg(), bad[i].msg);
  }
  /* the span of the cells against the pattern limits: two cells 2^9 - 1 apart */
  char text[512] = "[M2]\n#R Hutton32\n1 31 0 0 0\n1 0 0 0 31\n";
  for (int l = 2; l <= 9; l++) {
    char line[64];
    snprintf(line, sizeof line, l == 2 ? "2 1 0 0 2\n" : "%d %d 0 0 %d\n", l, l, l);
    strcat(text, line);
  }
  golcl_pattern_limits lim, small;
  golcl_pattern_get_limits(&lim);
  small = lim;
  small.max_width = 300;
  TU_OK(golcl_pattern_set_limits(&small));
  golcl_mspattern *p;
  ck_assert_int_eq(golcl_mspattern_parse(text, strlen(text), &p), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "line 12, column 1: the cells span 512 x 512"));
  TU_OK(golcl_pattern_set_limits(NULL));
  TU_OK(golcl_mspattern_parse(text, strlen(text), &p));
  ck_assert_uint_eq(golcl_mspattern_width(p), 512);
  ck_assert_uint_eq(golcl_mspattern_cells(p)[0], 31);
  ck_assert_uint_eq(golcl_mspattern_cells(p)[512 * 512 - 1], 31);
  golcl_mspattern_destroy(p);
  /* gzip data cut short */
  static const char gz[] = {0x1f, (char)0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0x4b, 0x4c};
  ck_assert_int_eq(golcl_mspattern_parse(gz, sizeof gz, &p), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "gzip data"));
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules-jvn");
  TCase *tc = tcase_create("jvn");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, names);
  tcase_add_loop_test(tc, soups_against_golly, 0, 6);
  tcase_add_loop_test(tc, lookups_match_reference, 0, 28);
  tcase_add_test(tc, macrocell_round_trip);
  tcase_add_loop_test(tc, golly_macrocells, 0, 2);
  tcase_add_test(tc, macrocell_errors);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
