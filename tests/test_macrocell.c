/* test_macrocell.c — the macrocell [M2] reader and writer: round trips of
 * random patterns at random positions, Golly's own .mc files against
 * bgolly's reading of them, the position convention both ways (bgolly
 * writes .mc of a placed RLE; bgolly reads our .mc), errors and limits. */
#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static char bgolly[1024];
static int have_bgolly;

static golcl_pattern *parse_mc(const char *text) {
  golcl_pattern *p = NULL;
  golcl_status s = golcl_pattern_parse_macrocell(text, strlen(text), &p);
  ck_assert_msg(s == GOLCL_OK, "%s: %s", golcl_strerror(s), golcl_last_errmsg());
  return p;
}

static char *write_mc(const golcl_pattern *p) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ck_assert_ptr_nonnull(f);
  TU_OK(golcl_pattern_write_macrocell(p, f));
  fclose(f);
  return buf;
}

static void assert_same_pattern(const golcl_pattern *a, const golcl_pattern *b) {
  ck_assert_uint_eq(golcl_pattern_population(a), golcl_pattern_population(b));
  int64_t ax, ay, bx, by;
  golcl_pattern_origin(a, &ax, &ay);
  golcl_pattern_origin(b, &bx, &by);
  for (uint64_t i = 0; i < golcl_pattern_population(a); i++) {
    uint32_t x1, y1, x2, y2;
    TU_OK(golcl_pattern_live_cell(a, i, &x1, &y1));
    TU_OK(golcl_pattern_live_cell(b, i, &x2, &y2));
    ck_assert_msg(ax + x1 == bx + x2 && ay + y1 == by + y2,
                  "cell %llu: (%lld, %lld) against (%lld, %lld)", (unsigned long long)i,
                  (long long)(ax + x1), (long long)(ay + y1), (long long)(bx + x2),
                  (long long)(by + y2));
  }
}

/* Random sparse patterns far from and near the origin survive a write and a
 * read, with rule, generation and comments. */
START_TEST(round_trip) {
  static const int64_t where[][2] = {{0, 0},         {-1, -1}, {-8, -7},
                                     {7, 8},         {-20, 5}, {1000, -3000},
                                     {-77777, 1234}, {3, 9},   {1 << 20, -(1 << 21)}};
  for (int k = 0; k < (int)(sizeof where / sizeof *where); k++) {
    uint32_t w = 1 + (uint32_t)(k * 37 % 90), h = 1 + (uint32_t)(k * 53 % 70);
    uint8_t *cells = tu_random_cells((size_t)w * h, k % 3 == 0 ? 0.5 : 0.05, 40 + (uint64_t)k);
    golcl_pattern *p = NULL;
    TU_OK(golcl_pattern_from_cells(cells, w, h, 0, &p));
    TU_OK(golcl_pattern_set_origin(p, where[k][0], where[k][1]));
    TU_OK(golcl_pattern_set_generation(p, (uint64_t)k * 1000003));
    TU_OK(golcl_pattern_set_rule(p, k & 1 ? "B36/S23" : "B3/S23:T300,200"));
    TU_OK(golcl_pattern_add_comment(p, "#N a name"));
    TU_OK(golcl_pattern_add_comment(p, "some words"));
    char *text = write_mc(p);
    golcl_pattern *q = parse_mc(text);
    if (golcl_pattern_population(p)) assert_same_pattern(p, q);
    ck_assert_uint_eq(golcl_pattern_generation(q), golcl_pattern_generation(p));
    char r1[GOLCL_PATTERN_RULE_CAP], r2[GOLCL_PATTERN_RULE_CAP];
    TU_OK(golcl_pattern_rule_text(p, r1, sizeof r1));
    TU_OK(golcl_pattern_rule_text(q, r2, sizeof r2));
    ck_assert_str_eq(r1, r2);
    ck_assert_uint_eq(golcl_pattern_comment_count(q), 2);
    ck_assert_str_eq(golcl_pattern_comment(q, 0), "#N a name");
    ck_assert_str_eq(golcl_pattern_comment(q, 1), "#C some words");
    /* writing again gives the same text */
    char *again = write_mc(q);
    ck_assert_str_eq(text, again);
    free(text), free(again), free(cells);
    golcl_pattern_destroy(p);
    golcl_pattern_destroy(q);
  }
}
END_TEST

START_TEST(shared_subtrees) {
  /* 64 blocks in a row: one leaf line, shared nodes, few lines in all */
  uint32_t w = 64 * 16, h = 2;
  uint8_t *cells = calloc((size_t)w * h, 1);
  for (uint32_t b = 0; b < 64; b++)
    for (int i = 0; i < 4; i++) cells[(i / 2) * w + b * 16 + (i % 2)] = 1;
  golcl_pattern *p = NULL;
  TU_OK(golcl_pattern_from_cells(cells, w, h, 0, &p));
  TU_OK(golcl_pattern_set_origin(p, 0, 0));
  char *text = write_mc(p);
  int lines = 0;
  for (const char *c = text; *c; c++) lines += *c == '\n';
  ck_assert_msg(lines < 40, "%d lines: subtrees are not shared\n%s", lines, text);
  golcl_pattern *q = parse_mc(text);
  assert_same_pattern(p, q);
  free(text), free(cells);
  golcl_pattern_destroy(p);
  golcl_pattern_destroy(q);
}
END_TEST

/* What bgolly writes for a placed cell, and how our reader places it. */
START_TEST(positions_like_golly) {
  if (!have_bgolly) return;
  static const int64_t where[][2] = {{0, 0}, {-1, -1}, {-20, 5}, {9, -9}, {-300, 170}};
  for (int k = 0; k < 5; k++) {
    char rle[256], path[] = "/tmp/golcl_mc_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    snprintf(rle, sizeof rle, "#CXRLE Pos=%lld,%lld Gen=3\nx = 3, y = 2, rule = B3/S23\nobo$2bo!\n",
             (long long)where[k][0], (long long)where[k][1]);
    FILE *f = fdopen(fd, "w");
    fputs(rle, f);
    fclose(f);
    char out[64];
    snprintf(out, sizeof out, "%s.mc", path);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s -a HashLife -q -q -m 3 -o %s %s >/dev/null 2>&1", bgolly, out,
             path);
    ck_assert_int_eq(system(cmd), 0);
    FILE *g = fopen(out, "rb");
    ck_assert_ptr_nonnull(g);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, g);
    text[n] = '\0';
    fclose(g);
    golcl_pattern *q = parse_mc(text);
    int64_t x, y;
    ck_assert_int_eq(golcl_pattern_origin(q, &x, &y), 1);
    ck_assert_msg(x == where[k][0] && y == where[k][1], "Pos=%lld,%lld read back at %lld,%lld",
                  (long long)where[k][0], (long long)where[k][1], (long long)x, (long long)y);
    ck_assert_uint_eq(golcl_pattern_population(q), 3);
    ck_assert_uint_eq(golcl_pattern_generation(q), 3);
    golcl_pattern_destroy(q);
    remove(path), remove(out);
  }
}
END_TEST

/* Our .mc is read by bgolly as the same cells. */
START_TEST(golly_reads_ours) {
  if (!have_bgolly) return;
  uint8_t *cells = tu_random_cells(61 * 43, 0.3, 9);
  golcl_pattern *p = NULL;
  TU_OK(golcl_pattern_from_cells(cells, 61, 43, 0, &p));
  TU_OK(golcl_pattern_set_origin(p, -100, 37));
  char path[] = "/tmp/golcl_mc_XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  FILE *f = fdopen(fd, "w");
  TU_OK(golcl_pattern_write_macrocell(p, f));
  fclose(f);
  char out[64], cmd[4096];
  snprintf(out, sizeof out, "%s.rle", path);
  snprintf(cmd, sizeof cmd, "%s -a HashLife -q -q -m 0 -o %s %s >/dev/null 2>&1", bgolly, out,
           path);
  ck_assert_int_eq(system(cmd), 0);
  FILE *g = fopen(out, "rb");
  ck_assert_ptr_nonnull(g);
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, g);
  text[n] = '\0';
  fclose(g);
  bg_cells c;
  ck_assert_int_eq(bg_parse_rle(text, &c), 0);
  ck_assert_uint_eq(c.n, golcl_pattern_population(p));
  uint32_t *xy = malloc(2 * sizeof *xy * (c.n + 1));
  for (uint64_t i = 0; i < c.n; i++)
    TU_OK(golcl_pattern_live_cell(p, i, &xy[2 * i], &xy[2 * i + 1]));
  bg_normalise(xy, c.n);
  ck_assert(memcmp(xy, c.xy, 2 * sizeof *xy * c.n) == 0);
  free(xy), free(cells);
  bg_free(&c);
  golcl_pattern_destroy(p);
  remove(path), remove(out);
}
END_TEST

/* Every plain .mc file of Golly's HashLife folder: the same live cells as
 * bgolly reads (up to translation: bgolly's RLE has no position), or a
 * stated reason. */
static const char *golly_mc[] = {
    "broken-lines.mc",     "catacryst.mc", "gotts-dots.mc",    "hashlife-oddity1.mc",
    "hashlife-oddity2.mc", "jagged.mc",    "jagged2.mc",       "logarithmic-width.mc",
    "metacatacryst.mc",    "mosquito5.mc", "nick-gotts-1.mc",  "nick-gotts-2.mc",
    "puzzle.mc",           "ruler.mc",     "totalperiodic.mc", "unlimited-novelty.mc",
    "wedge-grow.mc",       "wolfram22.mc"};

START_TEST(golly_files) {
  const char *dir = getenv("GOLCL_GOLLY_PATTERNS");
  char path[1024];
  snprintf(path, sizeof path, "%s/HashLife/%s", dir && *dir ? dir : "/usr/share/golly/Patterns",
           golly_mc[_i]);
  FILE *f = fopen(path, "rb");
  if (!f) {
    printf("macrocell: %s missing, skipped\n", path);
    return;
  }
  static char text[1 << 22];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose(f);
  golcl_pattern *p = NULL;
  golcl_status s = golcl_pattern_parse_macrocell(text, n, &p); /* W22 included */
  ck_assert_msg(s == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
  printf("macrocell: %-24s %llu cells in %u x %u\n", golly_mc[_i],
         (unsigned long long)golcl_pattern_population(p), golcl_pattern_width(p),
         golcl_pattern_height(p));
  if (have_bgolly && golcl_pattern_population(p) < 2000000) {
    char out[] = "/tmp/golcl_mc_XXXXXX", cmd[4096];
    int fd = mkstemp(out);
    ck_assert_int_ge(fd, 0);
    snprintf(cmd, sizeof cmd, "%s -a HashLife -q -q -m 0 -o %s.rle %s >/dev/null 2>&1", bgolly, out,
             path);
    ck_assert_int_eq(system(cmd), 0);
    char rle[1100];
    snprintf(rle, sizeof rle, "%s.rle", out);
    FILE *g = fopen(rle, "rb");
    ck_assert_ptr_nonnull(g);
    fseek(g, 0, SEEK_END);
    long sz = ftell(g);
    fseek(g, 0, SEEK_SET);
    char *t = malloc((size_t)sz + 1);
    ck_assert_uint_eq(fread(t, 1, (size_t)sz, g), (size_t)sz);
    t[sz] = '\0';
    fclose(g);
    bg_cells c;
    ck_assert_int_eq(bg_parse_rle(t, &c), 0);
    ck_assert_uint_eq(c.n, golcl_pattern_population(p));
    uint32_t *xy = malloc(2 * sizeof *xy * (c.n + 1));
    for (uint64_t i = 0; i < c.n; i++)
      TU_OK(golcl_pattern_live_cell(p, i, &xy[2 * i], &xy[2 * i + 1]));
    bg_normalise(xy, c.n);
    ck_assert_msg(memcmp(xy, c.xy, 2 * sizeof *xy * c.n) == 0, "%s: cells differ from Golly's",
                  path);
    free(xy), free(t);
    bg_free(&c);
    remove(rle), remove(out);
  }
  golcl_pattern_destroy(p);
}
END_TEST

typedef struct bad_mc {
  const char *text;
  golcl_status want;
  const char *says;
} bad_mc;

static const bad_mc bad[] = {
    {"", GOLCL_E_PARSE, "line 1, column 1"},
    {"x = 1, y = 1\no!\n", GOLCL_E_PARSE, "[M2]"},
    {"[M2]\n$$*$\n4 0 2 0 0\n", GOLCL_E_PARSE, "line 3, column 1: a node refers"},
    {"[M2]\n$$*$\n5 0 1 0 0\n", GOLCL_E_PARSE, "one below"},
    {"[M2]\n$$*x$\n", GOLCL_E_PARSE, "line 2, column 4"},
    {"[M2]\n.........*$\n", GOLCL_E_PARSE, "8×8"},
    {"[M2]\n$$$$$$$$*$\n", GOLCL_E_PARSE, "8×8"},
    {"[M2]\n4 0 0\n", GOLCL_E_PARSE, "level nw ne sw se"},
    {"[M2]\n4 0 0 0 0 7\n", GOLCL_E_PARSE, "unexpected"},
    {"[M2]\n63 0 0 0 0\n", GOLCL_E_PARSE, "1..62"},
    {"[M2]\n1 0 2 0 1\n", GOLCL_E_UNSUPPORTED, "multi-state"},
    {"[M2]\n#R Codd\n", GOLCL_E_UNSUPPORTED, "line 2"},
    {"[M2]\n#G x\n", GOLCL_E_PARSE, "#G"},
    {"[M2]\nhello\n", GOLCL_E_PARSE, "line 2, column 1"},
};

START_TEST(errors) {
  const bad_mc *b = &bad[_i];
  golcl_pattern *p = (golcl_pattern *)1;
  golcl_status s = golcl_pattern_parse_macrocell(b->text, strlen(b->text), &p);
  ck_assert_msg(s == b->want, "%s -> %s (%s)", b->text, golcl_strerror(s), golcl_last_errmsg());
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(golcl_last_errmsg(), b->says), "message \"%s\" lacks \"%s\"",
                golcl_last_errmsg(), b->says);
}
END_TEST

START_TEST(limits_and_level1) {
  /* a two-state tree of level-1 nodes: a 4×4 glider-ish shape */
  golcl_pattern *p = parse_mc("[M2]\n1 0 1 1 1\n1 1 0 0 0\n2 1 2 0 1\n");
  ck_assert_uint_eq(golcl_pattern_population(p), 7);
  golcl_pattern_destroy(p);
  /* two cells 2^40 apart: a clear error with the span */
  const char *far =
      "[M2]\n*$\n4 1 0 0 0\n5 2 0 0 0\n6 3 0 0 0\n7 4 0 0 0\n8 5 0 0 0\n9 6 0 0 0\n10 7 0 0 0\n"
      "11 8 0 0 0\n12 9 0 0 0\n13 10 0 0 0\n14 11 0 0 0\n15 12 0 0 0\n16 13 0 0 0\n"
      "17 14 0 0 0\n18 15 0 0 0\n19 16 0 0 0\n20 17 0 0 0\n21 18 0 0 0\n22 19 0 0 0\n"
      "23 20 0 0 0\n24 21 0 0 0\n25 22 0 0 0\n26 23 0 0 0\n27 24 0 0 0\n27 0 0 0 24\n"
      "28 25 26 0 0\n";
  golcl_status s = golcl_pattern_parse_macrocell(far, strlen(far), &p);
  ck_assert_int_eq(s, GOLCL_E_PARSE);
  ck_assert_msg(strstr(golcl_last_errmsg(), "span 201326593 x 67108865"), "%s",
                golcl_last_errmsg());
  /* an empty macrocell */
  p = parse_mc("[M2] (golly 3.3)\n#R B3/S23\n");
  ck_assert_uint_eq(golcl_pattern_population(p), 0);
  char *text = write_mc(p);
  golcl_pattern *q = parse_mc(text);
  ck_assert_uint_eq(golcl_pattern_population(q), 0);
  free(text);
  golcl_pattern_destroy(p);
  golcl_pattern_destroy(q);
}
END_TEST

START_TEST(invalid_args) {
  golcl_pattern *p = NULL;
  ck_assert_int_eq(golcl_pattern_parse_macrocell(NULL, 3, &p), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_parse_macrocell("[M2]\n", 5, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_macrocell(NULL, stdout), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_from_cells(NULL, 0, 0, 0, &p));
  ck_assert_int_eq(golcl_pattern_write_macrocell(p, NULL), GOLCL_E_INVALID_ARG);
  golcl_pattern_destroy(p);
}
END_TEST

int main(void) {
  have_bgolly = bg_find(bgolly, sizeof bgolly);
  if (!have_bgolly) printf("test_macrocell: bgolly NOT FOUND: Golly's reading is not compared\n");
  Suite *s = suite_create("macrocell");
  TCase *tc = tcase_create("macrocell");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, round_trip);
  tcase_add_test(tc, shared_subtrees);
  tcase_add_test(tc, positions_like_golly);
  tcase_add_test(tc, golly_reads_ours);
  tcase_add_loop_test(tc, golly_files, 0, (int)(sizeof golly_mc / sizeof *golly_mc));
  tcase_add_loop_test(tc, errors, 0, (int)(sizeof bad / sizeof *bad));
  tcase_add_test(tc, limits_and_level1);
  tcase_add_test(tc, invalid_args);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
