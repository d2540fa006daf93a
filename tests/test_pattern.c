/* test_pattern.c — pattern formats: RLE (everything Golly writes and reads),
 * plaintext, Life 1.05 and 1.06; the writers and round trips; malformed
 * input (line:column), limits; placing and extracting with both boundaries,
 * clipping and wrapping, against host references written here. */
#include "testutil.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* Helpers ------------------------------------------------------------------------ */

static golcl_pattern *parse(const char *text) {
  golcl_pattern *p = NULL;
  golcl_status s = golcl_pattern_parse(text, strlen(text), &p);
  ck_assert_msg(s == GOLCL_OK, "parse of \"%s\" -> %s: %s", text, golcl_strerror(s),
                golcl_last_errmsg());
  ck_assert_ptr_nonnull(p);
  return p;
}

/* The box as rows of '.' and 'O' separated by '\n', from golcl_pattern_cell. */
static char *rows_of(const golcl_pattern *p) {
  uint32_t w = golcl_pattern_width(p), h = golcl_pattern_height(p);
  char *s = malloc((size_t)(w + 1) * h + 1), *q = s;
  for (uint32_t y = 0; y < h; y++) {
    for (uint32_t x = 0; x < w; x++) *q++ = golcl_pattern_cell(p, x, y) ? 'O' : '.';
    *q++ = '\n';
  }
  *q = '\0';
  return s;
}

static void expect_rows(const golcl_pattern *p, const char *rows) {
  char *got = rows_of(p);
  ck_assert_msg(strcmp(got, rows) == 0, "cells:\n%s\nexpected:\n%s", got, rows);
  free(got);
  /* live_cell and get_cells agree with cell() */
  uint32_t w = golcl_pattern_width(p), h = golcl_pattern_height(p);
  uint8_t *buf = malloc((size_t)w * h + 1);
  TU_OK(golcl_pattern_get_cells(p, buf, 0));
  uint64_t n = 0;
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      ck_assert_int_eq(buf[(size_t)y * w + x], golcl_pattern_cell(p, x, y));
      n += buf[(size_t)y * w + x];
    }
  ck_assert_uint_eq(n, golcl_pattern_population(p));
  for (uint64_t i = 0; i < n; i++) {
    uint32_t x, y;
    TU_OK(golcl_pattern_live_cell(p, i, &x, &y));
    ck_assert(golcl_pattern_cell(p, x, y));
  }
  free(buf);
}

static char *rule_text(const golcl_pattern *p) {
  static char buf[GOLCL_PATTERN_RULE_CAP];
  TU_OK(golcl_pattern_rule_text(p, buf, sizeof buf));
  return buf;
}

/* Everything a pattern carries must be equal. */
static void same_pattern(const golcl_pattern *a, const golcl_pattern *b) {
  ck_assert_uint_eq(golcl_pattern_width(a), golcl_pattern_width(b));
  ck_assert_uint_eq(golcl_pattern_height(a), golcl_pattern_height(b));
  ck_assert_uint_eq(golcl_pattern_population(a), golcl_pattern_population(b));
  for (uint64_t i = 0; i < golcl_pattern_population(a); i++) {
    uint32_t ax, ay, bx, by;
    TU_OK(golcl_pattern_live_cell(a, i, &ax, &ay));
    TU_OK(golcl_pattern_live_cell(b, i, &bx, &by));
    ck_assert_uint_eq(ax, bx);
    ck_assert_uint_eq(ay, by);
  }
  char ra[GOLCL_PATTERN_RULE_CAP], rb[GOLCL_PATTERN_RULE_CAP];
  TU_OK(golcl_pattern_rule_text(a, ra, sizeof ra));
  TU_OK(golcl_pattern_rule_text(b, rb, sizeof rb));
  ck_assert_str_eq(ra, rb);
  golcl_rule_table ta, tb;
  TU_OK(golcl_pattern_rule_table(a, &ta));
  TU_OK(golcl_pattern_rule_table(b, &tb));
  ck_assert_mem_eq(ta.next, tb.next, sizeof ta.next);
  ck_assert_int_eq(ta.neighbourhood, tb.neighbourhood);
  ck_assert_int_eq(ta.family, tb.family);
  golcl_bounds ba, bb;
  TU_OK(golcl_pattern_bounds(a, &ba));
  TU_OK(golcl_pattern_bounds(b, &bb));
  ck_assert_int_eq(ba.topology, bb.topology);
  ck_assert_uint_eq(ba.width, bb.width);
  ck_assert_uint_eq(ba.height, bb.height);
  ck_assert_int_eq(ba.shift_x, bb.shift_x);
  ck_assert_int_eq(ba.shift_y, bb.shift_y);
  ck_assert_int_eq(ba.twist_x, bb.twist_x);
  ck_assert_uint_eq(golcl_pattern_generation(a), golcl_pattern_generation(b));
  int64_t ax, ay, bx, by;
  golcl_pattern_origin(a, &ax, &ay);
  golcl_pattern_origin(b, &bx, &by);
  ck_assert_int_eq(ax, bx);
  ck_assert_int_eq(ay, by);
  ck_assert_uint_eq(golcl_pattern_comment_count(a), golcl_pattern_comment_count(b));
  for (size_t i = 0; i < golcl_pattern_comment_count(a); i++)
    ck_assert_str_eq(golcl_pattern_comment(a, i), golcl_pattern_comment(b, i));
}

typedef golcl_status (*writer)(const golcl_pattern *, FILE *);

static char *write_to_string(const golcl_pattern *p, writer fn) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ck_assert_ptr_nonnull(f);
  TU_OK(fn(p, f));
  fclose(f);
  return buf;
}

static golcl_pattern *rle_round_trip(const golcl_pattern *p) {
  char *text = write_to_string(p, golcl_pattern_write_rle);
  golcl_pattern *q = parse(text);
  free(text);
  return q;
}

/* Expects a status and, for parse errors, "line L, column C:" at the start. */
static void expect_fail(const char *text, size_t len, golcl_status want, int line, int col,
                        const char *needle) {
  golcl_pattern *p = (golcl_pattern *)1;
  golcl_status s = golcl_pattern_parse(text, len, &p);
  ck_assert_msg(s == want, "\"%.*s\": got %s (%s), want %s", (int)len, text, golcl_strerror(s),
                golcl_last_errmsg(), golcl_strerror(want));
  ck_assert_ptr_null(p);
  const char *msg = golcl_last_errmsg();
  if (line > 0) {
    char prefix[64];
    snprintf(prefix, sizeof prefix, "line %d, column %d:", line, col);
    ck_assert_msg(strncmp(msg, prefix, strlen(prefix)) == 0, "\"%.*s\": message \"%s\", want %s",
                  (int)len, text, msg, prefix);
  }
  if (needle)
    ck_assert_msg(strstr(msg, needle) != NULL, "\"%.*s\": message \"%s\" lacks \"%s\"", (int)len,
                  text, msg, needle);
}

static const char *GLIDER_ROWS = ".O.\n..O\nOOO\n";

/* RLE ------------------------------------------------------------------------------ */

START_TEST(rle_basic) {
  golcl_pattern *p = parse("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
  ck_assert_uint_eq(golcl_pattern_width(p), 3);
  ck_assert_uint_eq(golcl_pattern_height(p), 3);
  ck_assert_uint_eq(golcl_pattern_population(p), 5);
  expect_rows(p, GLIDER_ROWS);
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_RLE);
  ck_assert_str_eq(rule_text(p), "B3/S23");
  ck_assert_uint_eq(golcl_pattern_generation(p), 0);
  int64_t x, y;
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 0); /* Golly centres: -(3/2) */
  ck_assert_int_eq(x, -1);
  ck_assert_int_eq(y, -1);
  ck_assert_int_eq(golcl_pattern_topology(p, NULL, NULL), GOLCL_TOPOLOGY_INFINITE);
  ck_assert_uint_eq(golcl_pattern_comment_count(p), 0);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(rle_header_spacing_and_case) {
  static const char *const texts[] = {
      "x=3,y=3,rule=B3/S23\nbo$2bo$3o!",         "x = 3 ,  y=3,rule = b3/s23   \nbo$2bo$3o!",
      "  x  =  3,\ty = 3\nbo$2bo$3o!",           "x = 3, y = 3, rule = 23/3\nbo$2bo$3o!",
      "X = 3, Y = 3, RULE = B3/S23\nbo$2bo$3o!", "x = 3, y = 3,\nbo$2bo$3o!",
      "\n\n   \nx = 3, y = 3\nbo$2bo$3o!",       "\xEF\xBB\xBFx = 3, y = 3\nbo$2bo$3o!",
  };
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    golcl_pattern *p = parse(texts[i]);
    expect_rows(p, GLIDER_ROWS);
    ck_assert_str_eq(rule_text(p), "B3/S23");
    golcl_pattern_destroy(p);
  }
}
END_TEST

START_TEST(rle_tags_and_counts) {
  /* '.' and 'A' for dead and alive, other lower-case letters alive, 'b' dead ('B'..'X' are
   * states a two-state rule lacks: see malformed_inputs_report_line_and_column) */
  golcl_pattern *p = parse("x = 9, y = 2\n.A2zbA.x$3A2.o!");
  expect_rows(p, ".OOO.O.O.\nOOO..O...\n");
  golcl_pattern_destroy(p);
  /* counts across a line break, spaces between tokens, long counts */
  p = parse("x = 12, y = 1\n12\n  o  \n");
  expect_rows(p, "OOOOOOOOOOOO\n");
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(rle_blank_rows) {
  golcl_pattern *p = parse("x = 2, y = 5\n2$o$3$!");
  ck_assert_uint_eq(golcl_pattern_height(p), 5);
  expect_rows(p, "..\n..\nO.\n..\n..\n");
  golcl_pattern_destroy(p);
  p = parse("x = 1, y = 1\no3$o!"); /* the body is taller than the header */
  expect_rows(p, "O\n.\n.\nO\n");
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(rle_end_of_pattern) {
  golcl_pattern *a = parse("x = 3, y = 3\nbo$2bo$3o"); /* no '!' */
  golcl_pattern *b = parse("x = 3, y = 3\nbo$2bo$3o! trailing 99 % $$ text\n#C no\n7z");
  expect_rows(a, GLIDER_ROWS);
  expect_rows(b, GLIDER_ROWS);
  ck_assert_uint_eq(golcl_pattern_comment_count(b), 0);
  golcl_pattern_destroy(a);
  golcl_pattern_destroy(b);
}
END_TEST

START_TEST(rle_line_ends) {
  static const char *const ends[] = {"\n", "\r\n", "\r"};
  for (int i = 0; i < 3; i++) {
    char text[256];
    snprintf(text, sizeof text, "#C c%sx = 3, y = 3%sbo$%s2bo$3o!%s", ends[i], ends[i], ends[i],
             ends[i]);
    golcl_pattern *p = parse(text);
    expect_rows(p, GLIDER_ROWS);
    ck_assert_str_eq(golcl_pattern_comment(p, 0), "#C c");
    golcl_pattern_destroy(p);
    /* errors count lines the same way */
    snprintf(text, sizeof text, "#C c%sx = 3, y = 3%sbo$%s2bo%%$3o!%s", ends[i], ends[i], ends[i],
             ends[i]);
    expect_fail(text, strlen(text), GOLCL_E_PARSE, 4, 4, "'%'");
  }
  /* a mix, and CR LF as one line end */
  golcl_pattern *p = parse("x = 3, y = 3\r\n\r\nbo$\n2bo$\r3o!");
  expect_rows(p, GLIDER_ROWS);
  golcl_pattern_destroy(p);
  /* counts as bgolly 3.3 reads them (its output for each text: 13o, 23o, 3o, o): a line end
   * inside a count continues it, a space or tab after one drops it */
  static const struct {
    const char *text;
    uint64_t live;
  } counts[] = {{"x = 30, y = 1\n1\n3o!", 13},
                {"x = 30, y = 1\n2\r\n3o!", 23},
                {"x = 30, y = 1\n2 3o!", 3},
                {"x = 30, y = 1\n2\to!", 1}};
  for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
    p = parse(counts[i].text);
    ck_assert_uint_eq(golcl_pattern_population(p), counts[i].live);
    golcl_pattern_destroy(p);
  }
}
END_TEST

START_TEST(rle_long_lines) {
  /* 400 alternating cells on one 800-character line, and the same as a run */
  char *text = malloc(2000);
  strcpy(text, "x = 800, y = 2\n");
  for (int i = 0; i < 400; i++) strcat(text, "ob");
  strcat(text, "$800o!");
  golcl_pattern *p = parse(text);
  ck_assert_uint_eq(golcl_pattern_width(p), 800);
  ck_assert_uint_eq(golcl_pattern_population(p), 1200);
  for (uint32_t x = 0; x < 800; x++) {
    ck_assert_int_eq(golcl_pattern_cell(p, x, 0), x % 2 == 0);
    ck_assert_int_eq(golcl_pattern_cell(p, x, 1), 1);
  }
  golcl_pattern_destroy(p);
  free(text);
}
END_TEST

START_TEST(rle_header_size_mismatch) {
  golcl_pattern *p = parse("x = 10, y = 7\nbo$2bo$3o!"); /* header larger: kept */
  ck_assert_uint_eq(golcl_pattern_width(p), 10);
  ck_assert_uint_eq(golcl_pattern_height(p), 7);
  ck_assert_uint_eq(golcl_pattern_population(p), 5);
  golcl_pattern_destroy(p);
  p = parse("x = 1, y = 1\nbo$2bo$3o!"); /* header smaller: the body counts */
  expect_rows(p, GLIDER_ROWS);
  golcl_pattern_destroy(p);
  p = parse("x = 0, y = 0\n!");
  ck_assert_uint_eq(golcl_pattern_width(p), 0);
  ck_assert_uint_eq(golcl_pattern_population(p), 0);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(rle_positions_generation_comments) {
  golcl_pattern *p = parse(
      "#N Glider\n#O Richard K. Guy\n#CXRLE Pos=-5,7 Gen=123\n#C first\n"
      "#c second  \nx = 3, y = 3, rule = B3/S23\nbo$\n#C inside\n2bo$3o!");
  int64_t x, y;
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, -5);
  ck_assert_int_eq(y, 7);
  ck_assert_uint_eq(golcl_pattern_generation(p), 123);
  ck_assert_uint_eq(golcl_pattern_comment_count(p), 5);
  ck_assert_str_eq(golcl_pattern_comment(p, 0), "#N Glider");
  ck_assert_str_eq(golcl_pattern_comment(p, 1), "#O Richard K. Guy");
  ck_assert_str_eq(golcl_pattern_comment(p, 2), "#C first");
  ck_assert_str_eq(golcl_pattern_comment(p, 3), "#c second  ");
  ck_assert_str_eq(golcl_pattern_comment(p, 4), "#C inside");
  ck_assert_ptr_null(golcl_pattern_comment(p, 5));
  expect_rows(p, GLIDER_ROWS);
  golcl_pattern_destroy(p);

  p = parse("#P 3 -4\nx = 1, y = 1\no!");
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, 3);
  ck_assert_int_eq(y, -4);
  golcl_pattern_destroy(p);
  p = parse("#R -1 2\nx = 1, y = 1\no!");
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, -1);
  ck_assert_int_eq(y, 2);
  golcl_pattern_destroy(p);
  /* #CXRLE without Pos is at 0,0 (as in Golly); other keys are ignored */
  p = parse("#CXRLE Gen=9 Future=1\nx = 4, y = 4\no!");
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, 0);
  ck_assert_int_eq(y, 0);
  ck_assert_uint_eq(golcl_pattern_generation(p), 9);
  golcl_pattern_destroy(p);
}
END_TEST

/* A rule as written in an RLE header, its canonical text and the bounded
 * grid it names (topology, width, height; 0 x 0 for the infinite plane). */
typedef struct rule_case {
  const char *rule, *canonical;
  golcl_topology topo;
  uint32_t w, h;
} rule_case;

/* p, parsed from a header with c's rule, has c's canonical rule and grid. */
static void expect_rule_case(const golcl_pattern *p, const rule_case *c) {
  ck_assert_str_eq(rule_text(p), c->canonical);
  uint32_t w = 9, h = 9;
  ck_assert_int_eq(golcl_pattern_topology(p, &w, &h), c->topo);
  ck_assert_uint_eq(w, c->w);
  ck_assert_uint_eq(h, c->h);
}

START_TEST(rle_rule_suffixes) {
  static const rule_case cases[] = {
      {"B3/S23:T72,48", "B3/S23:T72,48", GOLCL_TOPOLOGY_TORUS, 72, 48},
      {"B3/S23:P30,20", "B3/S23:P30,20", GOLCL_TOPOLOGY_PLANE, 30, 20},
      {"b36/s23:t10,5", "B36/S23:T10,5", GOLCL_TOPOLOGY_TORUS, 10, 5},
      {"B25678/S5678:T20", "B25678/S5678:T20,20", GOLCL_TOPOLOGY_TORUS, 20, 20},
      {"S245/B368", "B368/S245", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"B3/S23", "B3/S23", GOLCL_TOPOLOGY_INFINITE, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[128];
    snprintf(text, sizeof text, "x = 1, y = 1, rule = %s\no!", cases[i].rule);
    golcl_pattern *p = parse(text);
    expect_rule_case(p, &cases[i]);
    golcl_pattern_destroy(p);
  }
  golcl_pattern *p = parse("x = 1, y = 1, rule = B36/S23\no!");
  golcl_rule r;
  TU_OK(golcl_pattern_rule(p, &r));
  ck_assert_uint_eq(r.birth, 1u << 3 | 1u << 6);
  ck_assert_uint_eq(r.survive, 1u << 2 | 1u << 3);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(unsupported_rules_and_formats) {
  static const struct {
    const char *rule, *needle;
  } cases[] = {
      {"LifeHistory:T31,20", "LifeHistory is a multi-state rule"},
      {"WireWorld", "WireWorld is a multi-state rule"},
      {"23/3/3", "Generations"},
      {"B2/S/C3", "Generations"},
      {"R2,C0,M1,S2..3,B3..3", "Larger than Life"},
      {"Langtons-Loops", "multi-state"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "x = 1, y = 1, rule = %s\no!", cases[i].rule);
    expect_fail(text, strlen(text), GOLCL_E_UNSUPPORTED, 0, 0, cases[i].needle);
  }
  static const char multi[] = "[M2] (golly 3.3)\n#R B3/S23\n1 0 2 0 0\n";
  expect_fail(multi, strlen(multi), GOLCL_E_UNSUPPORTED, 3, 1, "multi-state");
  expect_fail("[M3]\n", 5, GOLCL_E_UNSUPPORTED, 1, 1, "[M2]");
  expect_fail("#MCell 4.20\n#GAME Life\n", strlen("#MCell 4.20\n#GAME Life\n"), GOLCL_E_UNSUPPORTED,
              0, 0, "MCell");
  expect_fail("\x1f\x8b\x08\x00", 4, GOLCL_E_PARSE, 1, 1, "gzip data: truncated");
}
END_TEST

/* The column of a refused rule is that of the rule text in its line. */
START_TEST(unsupported_rule_column) {
  expect_fail("x = 1, y = 1, rule = LifeHistory\no!",
              strlen("x = 1, y = 1, rule = LifeHistory\no!"), GOLCL_E_UNSUPPORTED, 1, 22,
              "LifeHistory");
  expect_fail("x = 1, y = 1, rule = B3/S23:K4*,4*\no!",
              strlen("x = 1, y = 1, rule = B3/S23:K4*,4*\no!"), GOLCL_E_PARSE, 1, 33,
              "twists one pair");
  expect_fail("x = 1, y = 1, rule = B2-q/S1:T10+2,5-1\no!",
              strlen("x = 1, y = 1, rule = B2-q/S1:T10+2,5-1\no!"), GOLCL_E_PARSE, 1, 25,
              "Hensel letter");
}
END_TEST

/* Every rule family and bounded grid Golly has, in an RLE header: read in
 * Golly's spellings, written back canonically, and read again to the same
 * table, bounds and cells through RLE and macrocell. */
START_TEST(rule_families_round_trip) {
  static const rule_case cases[] = {
      {"Life", "B3/S23", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"highlife:T40,30", "B36/S23:T40,30", GOLCL_TOPOLOGY_TORUS, 40, 30},
      {"Day and Night:P50,40", "B3678/S34678:P50,40", GOLCL_TOPOLOGY_PLANE, 50, 40},
      {"Life without Death", "B3/S012345678", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"B2-a/S12", "B2-a/S12", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"B37/S2-i34q", "B37/S2-i34q", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"B3_S23-a4ei6", "B3/S23-a4ei6", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"b2ce/s12:K30*,20", "B2ce/S12:K30*,20", GOLCL_TOPOLOGY_KLEIN, 30, 20},
      {"B2/S34H:C21,19", "B2/S34H:C21,19", GOLCL_TOPOLOGY_CROSS, 21, 19},
      {"B2/S013V:S25", "B2/S013V:S25", GOLCL_TOPOLOGY_SPHERE, 25, 25},
      {"23/3:T30+5,20", "B3/S23:T30+5,20", GOLCL_TOPOLOGY_TORUS, 30, 20},
      {"B3/S23:T30,20-2", "B3/S23:T30,20-2", GOLCL_TOPOLOGY_TORUS, 30, 20},
      {"B3/S23:T0,20", "B3/S23:T0,20", GOLCL_TOPOLOGY_TORUS, 0, 20},
      {"B3/S23:P30,0", "B3/S23:P30,0", GOLCL_TOPOLOGY_PLANE, 30, 0},
      {"B3/S23:K30,20*", "B3/S23:K30,20*", GOLCL_TOPOLOGY_KLEIN, 30, 20},
      {"B3/S23:K30*+1,20", "B3/S23:K30*+1,20", GOLCL_TOPOLOGY_KLEIN, 30, 20},
      {"W110", "W110", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"B0123478/S01234678", "B0123478/S01234678", GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA",
       "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA",
       GOLCL_TOPOLOGY_INFINITE, 0, 0},
      {"MAPBCh+6GCA6IBoAOiAgACAAGiA6ICAAIAAAACAAAAAAABogOiAAACAAIAAgAAAAAAAAACAAAAAAAAAAAAAAAAAAA=="
       ":T9,8",
       "MAPBCh+6GCA6IBoAOiAgACAAGiA6ICAAIAAAACAAAAAAABogOiAAACAAIAAgAAAAAAAAACAAAAAAAAAAAAAAAAAAA:"
       "T9,8",
       GOLCL_TOPOLOGY_TORUS, 9, 8},
      {"MAPFgFoF2gXgH5oF4B+gH4A6A:S10", "MAPFgFoF2gXgH5oF4B+gH4A6A:S10", GOLCL_TOPOLOGY_SPHERE, 10,
       10},
      {"MAPHmlphg", "MAPHmlphg", GOLCL_TOPOLOGY_INFINITE, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "#CXRLE Pos=-1,-1 Gen=3\n#C c\nx = 3, y = 3, rule = %s\nbo$2bo$3o!",
             cases[i].rule);
    golcl_pattern *p = parse(text);
    expect_rule_case(p, &cases[i]);
    golcl_pattern *q = rle_round_trip(p);
    same_pattern(p, q);
    char *mc = write_to_string(p, golcl_pattern_write_macrocell);
    golcl_pattern *m = parse(mc);
    ck_assert_int_eq(golcl_pattern_get_format(m), GOLCL_FORMAT_MACROCELL);
    same_pattern(p, m);
    free(mc);
    golcl_pattern_destroy(m);
    golcl_pattern_destroy(q);
    golcl_pattern_destroy(p);
  }
}
END_TEST

START_TEST(malformed_inputs_report_line_and_column) {
  static const struct {
    const char *text;
    int line, col;
    const char *needle;
  } cases[] = {
      /* format */
      {"", 1, 1, "empty"},
      {"  \n\t\n", 1, 1, "empty"},
      {"hello", 1, 1, "'h'"},
      {"\n\n  3o$!", 3, 3, "'3'"},
      /* RLE header */
      {"#C only comments\n", 2, 1, "before the header"},
      {"#C c\nbo$2bo$3o!", 2, 1, "header"},
      {"x = a, y = 3\no!", 1, 5, "number"},
      {"x = 3 y = 3\no!", 1, 7, "','"},
      {"x = 3\no!", 1, 6, "y = height"},
      {"y = 3\no!", 1, 1, "format"},
      {"x = 3, x = 4, y = 1\no!", 1, 8, "twice"},
      {"x = 3, z = 4\no!", 1, 8, "unknown header field"},
      {"x 3, y = 3\no!", 1, 3, "'='"},
      {"x = 3, y = -3\no!", 1, 12, "number"},
      {"x = 3, y = 3, rule =\no!", 1, 21, "empty rule"},
      {"x = 3, y = 3, rule = B9/S23\no!", 1, 23, "9"},
      {"x = 3, y = 3, rule = B3/S23 extra\no!", 1, 28, "unexpected character"},
      {"x = 3, y = 3, rule = B3/S23:Q3\no!", 1, 29, "expected P, T, K, C or S"},
      {"x = 3, y = 3, rule = B3/S23:T\no!", 1, 30, "size"},
      {"x = 3, y = 3, rule = B3/S23:T4,\no!", 1, 32, "size"},
      {"x = 3, y = 3, rule = B3/S23:\no!", 1, 29, "bounded grid"},
      {"x = 3, y = 3, rule = B2e-q/S\no!", 1, 25, "'-'"},
      {"#Life 1.05\n#R 23/3:S4,5\n#P 0 0\n*\n", 2, 11, "a sphere has one side"},
      {"x = 3, y = 3, rule = B3/S23:T4,4x\no!", 1, 33, "after the grid size"},
      {"x = 3, y = 3, rule = B3/S23!\no!", 1, 28, "unexpected character"},
      /* RLE position lines */
      {"#CXRLE Pos=a,1\nx = 1, y = 1\no!", 1, 12, "x of Pos"},
      {"#CXRLE Pos=1;1\nx = 1, y = 1\no!", 1, 13, "','"},
      {"#CXRLE Pos=1,\nx = 1, y = 1\no!", 1, 14, "y of Pos"},
      {"#CXRLE Gen=-1\nx = 1, y = 1\no!", 1, 12, "generation"},
      {"#CXRLE Pos=1,2x\nx = 1, y = 1\no!", 1, 15, "#CXRLE"},
      {"#P 3\nx = 1, y = 1\no!", 1, 5, "y of the position"},
      {"#P\nx = 1, y = 1\no!", 1, 3, "x of the position"},
      {"#R 1 2 3\nx = 1, y = 1\no!", 1, 8, "after #R"},
      {"#P 99999999999999999999 0\nx = 1, y = 1\no!", 1, 4, "out of range"},
      /* RLE cells */
      {"x = 3, y = 3\nbo$2bo$3o%!", 2, 10, "'%'"},
      {"x = 3, y = 3\nbo$2b\x01o!", 2, 6, "0x01"},
      {"x = 3, y = 3\n0o!", 2, 1, "run count of 0"},
      {"x = 3, y = 3\n00$o!", 2, 1, "run count of 0"},
      {"x = 3, y = 3\n3!", 2, 1, "without a state or $"},
      /* states of more than two (bgolly 3.3: "Cell state out of range for this algorithm") */
      {"x = 3, y = 1\noB!", 2, 2, "state 2 is not a state of the rule (of 2 states)"},
      {"x = 3, y = 1\nopA!", 2, 2, "state 25 is not"},
      {"x = 3, y = 1, rule = B3/S23\n2X!", 2, 2, "state 24 is not"},
      {"x = 3, y = 3\nbo$2bo$3o$\n  12", 3, 3, "end of the input"},
      {"x = 3, y = 3\n2\n#C c\no!", 3, 1, "'#'"},
      {"x = 3, y = 3\nbo$o\x7f!", 2, 5, "0x7F"},
      /* plaintext */
      {"!Name: x\n.O.\nO.X\n", 3, 3, "'X'"},
      {".O\n O\n", 2, 1, "0x20"},
      {"O\tO\n", 1, 2, "0x09"},
      {"!c\n..O\n\n..!\n", 4, 3, "'!'"},
      /* Life 1.05 */
      {"#Life 1.05\n#P 0 0\n.*.\n.x\n", 4, 2, "'x'"},
      {"#Life 1.05\n#P 0\n*\n", 2, 5, "block's y"},
      {"#Life 1.05\n#P a 0\n*\n", 2, 4, "block's x"},
      {"#Life 1.05\n#P 1 2 3\n*\n", 2, 8, "after #P"},
      {"#Life 1.05\n#R\n*\n", 2, 3, "rule"},
      {"#Life 1.05\n#R 23/3/3\n*\n", 2, 0, "Generations"},
      /* Life 1.06 */
      {"#Life 1.06\n0 0\n1 x\n", 3, 3, "y"},
      {"#Life 1.06\n0 0\n1 2 3\n", 3, 5, "'3'"},
      {"#Life 1.06\n0,0\n", 2, 2, "','"},
      {"#Life 1.06\n-\n", 2, 2, "x"},
      {"#Life 1.06\n0 0\n5000000000000000000 1\n", 3, 1, "out of range"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    golcl_status want =
        strcmp(cases[i].needle, "Generations") == 0 ? GOLCL_E_UNSUPPORTED : GOLCL_E_PARSE;
    expect_fail(cases[i].text, strlen(cases[i].text), want, cases[i].col ? cases[i].line : 0,
                cases[i].col, cases[i].needle);
  }
  /* a NUL byte anywhere (here inside a comment) */
  static const char nul1[] = "#C a\0b\nx = 1, y = 1\no!", nul2[] = "x = 1, y = 1\no\0!";
  expect_fail(nul1, sizeof nul1 - 1, GOLCL_E_PARSE, 1, 5, "NUL");
  expect_fail(nul2, sizeof nul2 - 1, GOLCL_E_PARSE, 2, 2, "NUL");
}
END_TEST

START_TEST(limits) {
  golcl_pattern_limits d, l;
  golcl_pattern_get_limits(&d);
  ck_assert_uint_eq(d.max_width, 1u << 24);
  ck_assert_uint_eq(d.max_height, 1u << 24);
  ck_assert_uint_eq(d.max_cells, (uint64_t)1 << 26);
  ck_assert_uint_eq(d.max_bytes, (uint64_t)1 << 30);
  golcl_pattern_get_limits(NULL);
  /* under the defaults, absurd sizes are refused before anything is allocated */
  expect_fail("x = 4000000000, y = 1\no!", strlen("x = 4000000000, y = 1\no!"), GOLCL_E_PARSE, 1, 5,
              "limit");
  expect_fail("x = 1, y = 1\n99999999999999999999999999o!",
              strlen("x = 1, y = 1\n99999999999999999999999999o!"), GOLCL_E_PARSE, 2, 1, "limit");
  expect_fail("x = 1, y = 1\n16777216b16777216o!", strlen("x = 1, y = 1\n16777216b16777216o!"),
              GOLCL_E_PARSE, 2, 10, "limit");
  expect_fail("x = 1, y = 1\n16000000$16000000$o!", strlen("x = 1, y = 1\n16000000$16000000$o!"),
              GOLCL_E_PARSE, 2, 10, "limit");
  expect_fail("x = 1, y = 1, rule = B3/S23:T2000000000,4\no!",
              strlen("x = 1, y = 1, rule = B3/S23:T2000000000,4\no!"), GOLCL_E_PARSE, 1, 30,
              "limit");
  expect_fail("#Life 1.06\n0 0\n20000000 0\n", strlen("#Life 1.06\n0 0\n20000000 0\n"),
              GOLCL_E_PARSE, 3, 1, "wider");

  l.max_width = 10;
  l.max_height = 8;
  l.max_cells = 20;
  l.max_bytes = 200;
  TU_OK(golcl_pattern_set_limits(&l));
  golcl_pattern_limits got;
  golcl_pattern_get_limits(&got);
  ck_assert_uint_eq(got.max_width, 10);
  ck_assert_uint_eq(got.max_cells, 20);
  expect_fail("x = 11, y = 1\no!", strlen("x = 11, y = 1\no!"), GOLCL_E_PARSE, 1, 5, "limit 10");
  expect_fail("x = 1, y = 9\no!", strlen("x = 1, y = 9\no!"), GOLCL_E_PARSE, 1, 12, "limit 8");
  expect_fail("x = 1, y = 1\n5b6o!", strlen("x = 1, y = 1\n5b6o!"), GOLCL_E_PARSE, 2, 3, "limit");
  expect_fail("x = 1, y = 1\n11b!", strlen("x = 1, y = 1\n11b!"), GOLCL_E_PARSE, 2, 1, "limit 10");
  expect_fail("x = 1, y = 1\n8$o!", strlen("x = 1, y = 1\n8$o!"), GOLCL_E_PARSE, 2, 3, "limit");
  expect_fail("x = 1, y = 1\n10o$10o$o!", strlen("x = 1, y = 1\n10o$10o$o!"), GOLCL_E_PARSE, 2, 9,
              "20 live cells");
  expect_fail("x = 1, y = 1, rule = B3/S23:T11,5\no!",
              strlen("x = 1, y = 1, rule = B3/S23:T11,5\no!"), GOLCL_E_PARSE, 1, 30, "limit");
  expect_fail("x = 1, y = 1, rule = B3/S23:T5,9\no!",
              strlen("x = 1, y = 1, rule = B3/S23:T5,9\no!"), GOLCL_E_PARSE, 1, 32, "limit");
  expect_fail("OOOOOOOOOOO\n", strlen("OOOOOOOOOOO\n"), GOLCL_E_PARSE, 1, 11, "limit");
  expect_fail("O\nO\nO\nO\nO\nO\nO\nO\nO\n", strlen("O\nO\nO\nO\nO\nO\nO\nO\nO\n"), GOLCL_E_PARSE,
              9, 1, "limit");
  expect_fail("#Life 1.06\n0 0\n0 8\n", strlen("#Life 1.06\n0 0\n0 8\n"), GOLCL_E_PARSE, 3, 1,
              "taller");
  expect_fail("#Life 1.05\n#P -5 0\n.....*..........*\n",
              strlen("#Life 1.05\n#P -5 0\n.....*..........*\n"), GOLCL_E_PARSE, 3, 17, "wider");
  char big[300];
  memset(big, '.', sizeof big);
  expect_fail(big, sizeof big, GOLCL_E_PARSE, 1, 1, "200 bytes");
  golcl_pattern *p = parse("x = 10, y = 8\n10o$10o!"); /* at the limits */
  ck_assert_uint_eq(golcl_pattern_population(p), 20);
  golcl_pattern_destroy(p);
  /* read_file refuses a larger file */
  char path[] = "/tmp/golcl_test_limit_XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  FILE *f = fdopen(fd, "w");
  fwrite(big, 1, sizeof big, f);
  fclose(f);
  ck_assert_int_eq(golcl_pattern_read_file(path, &p), GOLCL_E_IO);
  ck_assert_ptr_null(p);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), path));
  remove(path);

  /* a zero field is refused and changes nothing */
  l.max_cells = 0;
  ck_assert_int_eq(golcl_pattern_set_limits(&l), GOLCL_E_INVALID_ARG);
  golcl_pattern_get_limits(&got);
  ck_assert_uint_eq(got.max_cells, 20);
  TU_OK(golcl_pattern_set_limits(NULL));
  golcl_pattern_get_limits(&got);
  ck_assert_mem_eq(&got, &d, sizeof d);
}
END_TEST

/* Other formats ------------------------------------------------------------------- */

START_TEST(plaintext) {
  golcl_pattern *p = parse(
      "!Name: Glider\n!Author: Richard K. Guy\n! a comment\n!\n.O\n..O  \n"
      "O*o\n\n\n..\n\n");
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_PLAINTEXT);
  expect_rows(p, ".O.\n..O\nOOO\n...\n...\n...\n");
  ck_assert_uint_eq(golcl_pattern_comment_count(p), 4);
  ck_assert_str_eq(golcl_pattern_comment(p, 0), "#N Glider");
  ck_assert_str_eq(golcl_pattern_comment(p, 1), "#O Richard K. Guy");
  ck_assert_str_eq(golcl_pattern_comment(p, 2), "#C  a comment");
  ck_assert_str_eq(golcl_pattern_comment(p, 3), "#C");
  ck_assert_str_eq(rule_text(p), "B3/S23");
  golcl_pattern_destroy(p);
  p = parse("OO\r\nOO\r\n");
  expect_rows(p, "OO\nOO\n");
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(life105) {
  golcl_pattern *p = parse(
      "#Life 1.05\n#D Two blocks and a glider\n#D\n#R 23/36\n#X kept\n"
      "#P -3 -2\n**\n**\n#P 2 0\n.*\n..*\n***\n#P -2 -1\n*\n");
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_LIFE105);
  ck_assert_str_eq(rule_text(p), "B36/S23");
  /* blocks at (-3,-2) and (2,0): cells at x -3..4, y -2..2; the last block
   * (-2,-1) repeats a cell of the first */
  ck_assert_uint_eq(golcl_pattern_width(p), 8);
  ck_assert_uint_eq(golcl_pattern_height(p), 5);
  expect_rows(p, "OO......\nOO......\n......O.\n.......O\n.....OOO\n");
  int64_t x, y;
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, -3);
  ck_assert_int_eq(y, -2);
  ck_assert_uint_eq(golcl_pattern_comment_count(p), 3);
  ck_assert_str_eq(golcl_pattern_comment(p, 0), "#C Two blocks and a glider");
  ck_assert_str_eq(golcl_pattern_comment(p, 1), "#C");
  ck_assert_str_eq(golcl_pattern_comment(p, 2), "#X kept");
  golcl_pattern_destroy(p);
  /* "#N" is B3/S23; "#P" alone is 0 0 */
  p = parse("#Life 1.05\n#R B36/S23\n#N\n#P\n.*\n");
  ck_assert_str_eq(rule_text(p), "B3/S23");
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, 1);
  ck_assert_int_eq(y, 0);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(life106) {
  golcl_pattern *p = parse("#Life 1.06\n#D glider\n 0 -1\n1 0\n-1 1\n0 1\n\n1 1  \n1 1\n");
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_LIFE106);
  expect_rows(p, GLIDER_ROWS);
  int64_t x, y;
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, -1);
  ck_assert_int_eq(y, -1);
  ck_assert_str_eq(golcl_pattern_comment(p, 0), "#C glider");
  golcl_pattern_destroy(p);
  p = parse("#Life 1.06\n");
  ck_assert_uint_eq(golcl_pattern_width(p), 0);
  ck_assert_uint_eq(golcl_pattern_population(p), 0);
  golcl_pattern_destroy(p);
  /* the extreme coordinates, alone and 2^63 apart (a signed overflow under
   * UBSan before; the fuzz corpus has them too: tests/data/fuzz-*2pow62*) */
  p = parse("#Life 1.06\n4611686018427387904 -4611686018427387904\n");
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert(x == (int64_t)1 << 62 && y == -((int64_t)1 << 62));
  golcl_pattern_destroy(p);
  const char *apart_x = "#Life 1.06\n4611686018427387904 0\n-4611686018427387904 0\n";
  expect_fail(apart_x, strlen(apart_x), GOLCL_E_PARSE, 3, 1, "wider than the limit");
  const char *apart_y = "#Life 1.06\n0 -4611686018427387904\n0 4611686018427387904\n";
  expect_fail(apart_y, strlen(apart_y), GOLCL_E_PARSE, 3, 1, "taller than the limit");
  const char *blocks = "#Life 1.05\n#P 4611686018427387904 0\n*\n#P -4611686018427387904 0\n*\n";
  expect_fail(blocks, strlen(blocks), GOLCL_E_PARSE, 5, 1, "wider than the limit");
}
END_TEST

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

START_TEST(format_from_content_not_extension) {
  write_file("/tmp/golcl_test_rle.cells", "x = 3, y = 3\nbo$2bo$3o!\n");
  write_file("/tmp/golcl_test_cells.rle", ".O\n..O\nOOO\n");
  write_file("/tmp/golcl_test_106.txt", "#Life 1.06\n0 0\n1 1\n");
  golcl_pattern *p;
  TU_OK(golcl_pattern_read_file("/tmp/golcl_test_rle.cells", &p));
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_RLE);
  expect_rows(p, GLIDER_ROWS);
  golcl_pattern_destroy(p);
  TU_OK(golcl_pattern_read_file("/tmp/golcl_test_cells.rle", &p));
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_PLAINTEXT);
  expect_rows(p, GLIDER_ROWS);
  golcl_pattern_destroy(p);
  TU_OK(golcl_pattern_read_file("/tmp/golcl_test_106.txt", &p));
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_LIFE106);
  golcl_pattern_destroy(p);
  /* errors of a file name it */
  write_file("/tmp/golcl_test_bad.rle", "x = 3, y = 3\nbo$2bo$3o%!\n");
  ck_assert_int_eq(golcl_pattern_read_file("/tmp/golcl_test_bad.rle", &p), GOLCL_E_PARSE);
  ck_assert_str_eq(golcl_last_errmsg(),
                   "/tmp/golcl_test_bad.rle: line 2, column 10: unexpected '%' in the RLE cells "
                   "(expected a number, a state (b, o, '.', 'A'..'X', 'pA'..'yO'), $ or !)");
  ck_assert_int_eq(golcl_pattern_read_file("/tmp/golcl_no_such_file.rle", &p), GOLCL_E_IO);
  ck_assert_ptr_null(p);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "/tmp/golcl_no_such_file.rle"));
  ck_assert_int_eq(golcl_pattern_read_file("/tmp", &p), GOLCL_E_IO); /* a directory */
  remove("/tmp/golcl_test_rle.cells");
  remove("/tmp/golcl_test_cells.rle");
  remove("/tmp/golcl_test_106.txt");
  remove("/tmp/golcl_test_bad.rle");
}
END_TEST

/* Writers ---------------------------------------------------------------------------- */

START_TEST(write_rle_exact) {
  golcl_pattern *p = parse("x = 3, y = 3\nbo$2bo$3o!");
  char *t = write_to_string(p, golcl_pattern_write_rle);
  ck_assert_str_eq(t, "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
  free(t);
  golcl_pattern_destroy(p);

  p = parse(
      "#N Glider\n#CXRLE Pos=-5,7 Gen=123\n#C c\nx = 5, y = 4, rule = B36/S23:T10,8\n"
      "bo$2bo$3o!");
  t = write_to_string(p, golcl_pattern_write_rle);
  ck_assert_str_eq(t,
                   "#CXRLE Pos=-5,7 Gen=123\n#N Glider\n#C c\n"
                   "x = 5, y = 4, rule = B36/S23:T10,8\nbo$2bo$3o!\n");
  free(t);
  golcl_pattern_destroy(p);

  p = parse("#R 3 4\nx = 1, y = 1\no!"); /* the position is written in its own form */
  t = write_to_string(p, golcl_pattern_write_rle);
  ck_assert_str_eq(t, "#R 3 4\nx = 1, y = 1, rule = B3/S23\no!\n");
  free(t);
  TU_OK(golcl_pattern_set_generation(p, 2)); /* a generation needs #CXRLE */
  t = write_to_string(p, golcl_pattern_write_rle);
  ck_assert_str_eq(t, "#CXRLE Pos=3,4 Gen=2\nx = 1, y = 1, rule = B3/S23\no!\n");
  free(t);
  golcl_pattern_destroy(p);

  p = parse("x = 0, y = 0\n!");
  t = write_to_string(p, golcl_pattern_write_rle);
  ck_assert_str_eq(t, "x = 0, y = 0, rule = B3/S23\n!\n");
  free(t);
  golcl_pattern_destroy(p);

  /* blank rows and long runs */
  p = parse("x = 200, y = 9\n200o5$o198bo!");
  t = write_to_string(p, golcl_pattern_write_rle);
  ck_assert_str_eq(t, "x = 200, y = 9, rule = B3/S23\n200o5$o198bo!\n");
  free(t);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(write_rle_lines_at_most_70) {
  uint8_t *cells = tu_random_cells(300 * 50, 0.3, 7);
  golcl_pattern *p;
  TU_OK(golcl_pattern_from_cells(cells, 300, 50, 0, &p));
  char *t = write_to_string(p, golcl_pattern_write_rle);
  size_t lines = 0;
  for (char *a = t, *e; *a; a = e + 1) {
    e = strchr(a, '\n');
    ck_assert_ptr_nonnull(e);
    ck_assert_int_le(e - a, 70);
    lines++;
  }
  ck_assert_uint_gt(lines, 50);
  golcl_pattern *q = parse(t);
  same_pattern(p, q);
  free(t);
  golcl_pattern_destroy(q);
  golcl_pattern_destroy(p);
  free(cells);
}
END_TEST

START_TEST(write_plaintext_exact) {
  golcl_pattern *p = parse(
      "#N Glider\n#O Richard K. Guy\n#C the first\n#C\n#D other\n"
      "x = 4, y = 3, rule = B36/S23\nbo$2bo$3o!");
  char *t = write_to_string(p, golcl_pattern_write_plaintext);
  ck_assert_str_eq(t,
                   "!Name: Glider\n!Author: Richard K. Guy\n!the first\n!\n!#D other\n"
                   ".O..\n..O.\nOOO.\n");
  golcl_pattern *q = parse(t);
  expect_rows(q, ".O..\n..O.\nOOO.\n");
  ck_assert_str_eq(golcl_pattern_comment(q, 0), "#N Glider");
  ck_assert_str_eq(golcl_pattern_comment(q, 1), "#O Richard K. Guy");
  ck_assert_str_eq(golcl_pattern_comment(q, 2), "#C the first");
  ck_assert_str_eq(golcl_pattern_comment(q, 3), "#C");
  ck_assert_str_eq(golcl_pattern_comment(q, 4), "#C #D other");
  free(t);
  golcl_pattern_destroy(q);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(write_file_by_extension) {
  golcl_pattern *p = parse("x = 3, y = 3\nbo$2bo$3o!"), *q;
  TU_OK(golcl_pattern_write_file(p, "/tmp/golcl_test_out.RLE"));
  TU_OK(golcl_pattern_read_file("/tmp/golcl_test_out.RLE", &q));
  ck_assert_int_eq(golcl_pattern_get_format(q), GOLCL_FORMAT_RLE);
  same_pattern(p, q);
  golcl_pattern_destroy(q);
  TU_OK(golcl_pattern_write_file(p, "/tmp/golcl_test_out.cells"));
  TU_OK(golcl_pattern_read_file("/tmp/golcl_test_out.cells", &q));
  ck_assert_int_eq(golcl_pattern_get_format(q), GOLCL_FORMAT_PLAINTEXT);
  expect_rows(q, GLIDER_ROWS);
  golcl_pattern_destroy(q);
  ck_assert_int_eq(golcl_pattern_write_file(p, "/tmp/golcl_test_out.txt"), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_file(p, "/no/such/dir/x.rle"), GOLCL_E_IO);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "/no/such/dir/x.rle"));
  ck_assert_int_eq(golcl_pattern_write_file(NULL, "/tmp/x.rle"), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_file(p, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_rle(NULL, stdout), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_rle(p, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_plaintext(NULL, stdout), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_plaintext(p, NULL), GOLCL_E_INVALID_ARG);
  remove("/tmp/golcl_test_out.RLE");
  remove("/tmp/golcl_test_out.cells");
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(round_trips_random) {
  static const uint32_t sizes[][2] = {{1, 1},   {1, 7},  {7, 1},   {3, 5},
                                      {37, 29}, {71, 3}, {140, 2}, {64, 64}};
  static const double dens[] = {0.0, 0.05, 0.5, 0.95, 1.0};
  uint64_t seed = 1;
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    for (size_t j = 0; j < sizeof dens / sizeof dens[0]; j++) {
      uint32_t w = sizes[i][0], h = sizes[i][1];
      uint8_t *cells = tu_random_cells((size_t)w * h, dens[j], seed++);
      golcl_pattern *p;
      TU_OK(golcl_pattern_from_cells(cells, w, h, 0, &p));
      size_t bad = 0;
      for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
          bad += golcl_pattern_cell(p, x, y) != cells[(size_t)y * w + x];
      ck_assert_uint_eq(bad, 0);
      TU_OK(golcl_pattern_set_generation(p, seed * 1000));
      TU_OK(golcl_pattern_set_origin(p, -(int64_t)seed, (int64_t)seed * 3));
      TU_OK(golcl_pattern_set_rule(p, seed % 2 ? "B36/S23:T100,90" : "B2/S"));
      TU_OK(golcl_pattern_add_comment(p, "a comment"));
      golcl_pattern *q = rle_round_trip(p);
      same_pattern(p, q);
      golcl_pattern_destroy(q);
      /* plaintext keeps the box and the cells */
      char *t = write_to_string(p, golcl_pattern_write_plaintext);
      q = parse(t);
      uint8_t *back = malloc((size_t)w * h);
      TU_OK(golcl_pattern_get_cells(q, back, 0));
      ck_assert_uint_eq(golcl_pattern_width(q), w);
      ck_assert_uint_eq(golcl_pattern_height(q), h);
      ck_assert_mem_eq(back, cells, (size_t)w * h);
      free(back);
      free(t);
      golcl_pattern_destroy(q);
      golcl_pattern_destroy(p);
      free(cells);
    }
}
END_TEST

START_TEST(accessors_setters_and_null) {
  const uint8_t cells[] = {0, 1, 0, 9, 0, 0, 9, 9, 1, 2, 1, 9}; /* 3×3, stride 4 */
  golcl_pattern *p = (golcl_pattern *)1;
  ck_assert_int_eq(golcl_pattern_from_cells(cells, 3, 3, 2, &p), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(p);
  ck_assert_int_eq(golcl_pattern_from_cells(NULL, 3, 3, 0, &p), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_from_cells(cells, 3, 3, 4, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_from_cells(NULL, 0, 5, 0, &p)); /* an empty box */
  ck_assert_uint_eq(golcl_pattern_width(p), 0);
  ck_assert_uint_eq(golcl_pattern_height(p), 5);
  golcl_pattern_destroy(p);
  TU_OK(golcl_pattern_from_cells(cells, 3, 3, 4, &p));
  expect_rows(p, GLIDER_ROWS);
  ck_assert_int_eq(golcl_pattern_get_format(p), GOLCL_FORMAT_NONE);
  int64_t x, y;
  ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
  ck_assert_int_eq(x, 0);
  ck_assert_int_eq(y, 0);
  ck_assert_int_eq(golcl_pattern_cell(p, 3, 0), 0);
  ck_assert_int_eq(golcl_pattern_cell(p, 0, 99), 0);
  uint32_t cx, cy;
  ck_assert_int_eq(golcl_pattern_live_cell(p, 5, &cx, &cy), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_live_cell(p, 0, NULL, &cy), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_live_cell(p, 4, &cx, &cy));
  ck_assert_uint_eq(cx, 2);
  ck_assert_uint_eq(cy, 2);
  uint8_t buf[3 * 5];
  memset(buf, 7, sizeof buf);
  TU_OK(golcl_pattern_get_cells(p, buf, 5));
  ck_assert_int_eq(buf[1], 1);
  ck_assert_int_eq(buf[3], 7); /* bytes beyond the width are not touched */
  ck_assert_int_eq(golcl_pattern_get_cells(p, buf, 2), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_get_cells(p, NULL, 0), GOLCL_E_INVALID_ARG);

  /* rule and topology: set together, unchanged on failure */
  TU_OK(golcl_pattern_set_rule(p, "B36/S23:P20,10"));
  ck_assert_str_eq(rule_text(p), "B36/S23:P20,10");
  ck_assert_int_eq(golcl_pattern_set_rule(p, "B3/S23:K4*,4*"), GOLCL_E_PARSE);
  ck_assert_int_eq(golcl_pattern_set_rule(p, "B3/Sx"), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "column 5"));
  ck_assert_int_eq(golcl_pattern_set_rule(p, "LifeHistory"), GOLCL_E_UNSUPPORTED);
  ck_assert_str_eq(rule_text(p), "B36/S23:P20,10");
  char small[8];
  ck_assert_int_eq(golcl_pattern_rule_text(p, small, sizeof small), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_TORUS, 7, 9));
  ck_assert_str_eq(rule_text(p), "B36/S23:T7,9");
  ck_assert_int_eq(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_PLANE, 0, 9), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_set_topology(p, (golcl_topology)9, 1, 1), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_INFINITE, 7, 9));
  uint32_t tw = 1, th = 1;
  ck_assert_int_eq(golcl_pattern_topology(p, &tw, &th), GOLCL_TOPOLOGY_INFINITE);
  ck_assert_uint_eq(tw, 0);
  TU_OK(golcl_pattern_set_rule(p, "B3/S23"));
  ck_assert_str_eq(rule_text(p), "B3/S23");
  /* every bounded grid through set_topology (no shifts) and set_bounds */
  TU_OK(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_KLEIN, 6, 5));
  ck_assert_str_eq(rule_text(p), "B3/S23:K6,5*");
  TU_OK(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_CROSS, 6, 5));
  ck_assert_str_eq(rule_text(p), "B3/S23:C6,5");
  TU_OK(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_SPHERE, 7, 7));
  ck_assert_str_eq(rule_text(p), "B3/S23:S7");
  ck_assert_int_eq(golcl_pattern_set_topology(p, GOLCL_TOPOLOGY_SPHERE, 7, 6), GOLCL_E_INVALID_ARG);
  ck_assert_str_eq(rule_text(p), "B3/S23:S7");
  golcl_bounds b;
  TU_OK(golcl_bounds_parse(":T30+5,20", &b));
  TU_OK(golcl_pattern_set_bounds(p, &b));
  ck_assert_str_eq(rule_text(p), "B3/S23:T30+5,20");
  golcl_bounds got;
  TU_OK(golcl_pattern_bounds(p, &got));
  ck_assert_int_eq(got.shift_x, 5);
  ck_assert_int_eq(golcl_pattern_topology(p, &tw, &th), GOLCL_TOPOLOGY_TORUS);
  ck_assert_uint_eq(tw, 30);
  ck_assert_uint_eq(th, 20);
  b.shift_y = 3; /* a shift on both axes: no grid golcl_bounds_parse gives */
  ck_assert_int_eq(golcl_pattern_set_bounds(p, &b), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_set_bounds(p, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_bounds(p, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_set_rule(p, "B3/S23:T0,20"));
  ck_assert_int_eq(golcl_pattern_topology(p, &tw, &th), GOLCL_TOPOLOGY_TORUS);
  ck_assert_uint_eq(tw, 0);
  ck_assert_uint_eq(th, 20);
  /* rules beyond Life-like: golcl_pattern_rule says so, the table has them */
  TU_OK(golcl_pattern_set_rule(p, "B2-a/S12"));
  ck_assert_str_eq(rule_text(p), "B2-a/S12"); /* no suffix: the infinite plane */
  golcl_rule lr = {7, 7};
  ck_assert_int_eq(golcl_pattern_rule(p, &lr), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "B2-a/S12"));
  ck_assert_uint_eq(lr.birth, 7);
  golcl_rule_table tab;
  TU_OK(golcl_pattern_rule_table(p, &tab));
  ck_assert_int_eq(tab.family, GOLCL_RULE_ISOTROPIC);
  TU_OK(golcl_rule_table_parse("Day and Night", &tab));
  TU_OK(golcl_pattern_set_rule_table(p, &tab));
  TU_OK(golcl_pattern_rule(p, &lr));
  ck_assert_uint_eq(lr.birth, (1u << 3) | (1u << 6) | (1u << 7) | (1u << 8));
  tab.next[3] = 2;
  ck_assert_int_eq(golcl_pattern_set_rule_table(p, &tab), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_set_rule_table(p, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_rule_table(NULL, &tab), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_set_rule(p, "B3/S23"));

  /* comments */
  TU_OK(golcl_pattern_add_comment(p, "#N name"));
  TU_OK(golcl_pattern_add_comment(p, "plain text"));
  TU_OK(golcl_pattern_add_comment(p, "#P 1 2"));
  ck_assert_int_eq(golcl_pattern_add_comment(p, "two\nlines"), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_add_comment(p, "#CXRLE Pos=1,1"), GOLCL_E_INVALID_ARG);
  ck_assert_uint_eq(golcl_pattern_comment_count(p), 3);
  ck_assert_str_eq(golcl_pattern_comment(p, 0), "#N name");
  ck_assert_str_eq(golcl_pattern_comment(p, 1), "#C plain text");
  ck_assert_str_eq(golcl_pattern_comment(p, 2), "#C #P 1 2");

  TU_OK(golcl_pattern_set_generation(p, 42));
  ck_assert_uint_eq(golcl_pattern_generation(p), 42);
  TU_OK(golcl_pattern_set_origin(p, INT64_MIN / 4, 5));
  golcl_pattern *q = rle_round_trip(p);
  same_pattern(p, q);
  golcl_pattern_destroy(q);
  golcl_pattern_destroy(p);

  /* NULL everywhere */
  golcl_pattern_destroy(NULL);
  ck_assert_uint_eq(golcl_pattern_width(NULL), 0);
  ck_assert_uint_eq(golcl_pattern_height(NULL), 0);
  ck_assert_uint_eq(golcl_pattern_population(NULL), 0);
  ck_assert_int_eq(golcl_pattern_cell(NULL, 0, 0), 0);
  ck_assert_int_eq(golcl_pattern_live_cell(NULL, 0, &cx, &cy), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_get_cells(NULL, buf, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_get_format(NULL), GOLCL_FORMAT_NONE);
  ck_assert_str_eq(golcl_pattern_format_name(GOLCL_FORMAT_LIFE106), "Life 1.06");
  ck_assert_str_eq(golcl_pattern_format_name(GOLCL_FORMAT_RLE), "RLE");
  ck_assert_ptr_null(golcl_pattern_format_name((golcl_pattern_format)99));
  golcl_rule r;
  ck_assert_int_eq(golcl_pattern_rule(NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_rule_text(NULL, small, 8), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_set_rule(NULL, "B3/S23"), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_topology(NULL, &tw, &th), GOLCL_TOPOLOGY_INFINITE);
  ck_assert_int_eq(golcl_pattern_set_topology(NULL, GOLCL_TOPOLOGY_INFINITE, 0, 0),
                   GOLCL_E_INVALID_ARG);
  ck_assert_uint_eq(golcl_pattern_generation(NULL), 0);
  ck_assert_int_eq(golcl_pattern_set_generation(NULL, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_origin(NULL, &x, &y), 0);
  ck_assert_int_eq(golcl_pattern_set_origin(NULL, 1, 1), GOLCL_E_INVALID_ARG);
  ck_assert_uint_eq(golcl_pattern_comment_count(NULL), 0);
  ck_assert_ptr_null(golcl_pattern_comment(NULL, 0));
  ck_assert_int_eq(golcl_pattern_add_comment(NULL, "x"), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_parse("o", 1, NULL), GOLCL_E_INVALID_ARG);
  p = (golcl_pattern *)1;
  ck_assert_int_eq(golcl_pattern_parse(NULL, 1, &p), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(p);
  ck_assert_int_eq(golcl_pattern_read_file(NULL, &p), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_read_file("/tmp/x", NULL), GOLCL_E_INVALID_ARG);
}
END_TEST

/* Grids ------------------------------------------------------------------------------ */

static int64_t mod64(int64_t v, int64_t m) {
  int64_t r = v % m;
  return r < 0 ? r + m : r;
}

/* Places p at (x, y) on the host: OR, clipped or wrapped. */
static void place_ref(uint8_t *g, uint32_t W, uint32_t H, golcl_boundary b, const uint8_t *pc,
                      uint32_t pw, uint32_t ph, int64_t x, int64_t y) {
  for (uint32_t py = 0; py < ph; py++)
    for (uint32_t px = 0; px < pw; px++) {
      if (!pc[(size_t)py * pw + px]) continue;
      if (b == GOLCL_BOUNDARY_TORUS) {
        /* wrap the offset first: x + px may overflow int64 for huge x */
        int64_t gx = mod64(mod64(x, W) + px, W), gy = mod64(mod64(y, H) + py, H);
        g[gy * W + gx] = 1;
      } else {
        if (x >= (int64_t)W || y >= (int64_t)H || x < -(int64_t)pw || y < -(int64_t)ph) continue;
        int64_t gx = x + px, gy = y + py;
        if (gx >= 0 && gx < (int64_t)W && gy >= 0 && gy < (int64_t)H) g[gy * W + gx] = 1;
      }
    }
}

static void check_place(uint32_t W, uint32_t H, golcl_boundary b, uint32_t pw, uint32_t ph,
                        int64_t x, int64_t y, uint64_t seed) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, b, &g));
  uint8_t *grid = tu_random_cells((size_t)W * H, 0.1, seed);
  TU_OK(golcl_grid_write(g, grid, 0));
  uint8_t *pc = tu_random_cells((size_t)pw * ph, 0.4, seed + 1000);
  golcl_pattern *p;
  TU_OK(golcl_pattern_from_cells(pc, pw, ph, 0, &p));
  TU_OK(golcl_grid_set_generation(g, 17));
  TU_OK(golcl_grid_place(g, p, x, y));
  ck_assert_uint_eq(golcl_grid_generation(g), 17);
  place_ref(grid, W, H, b, pc, pw, ph, x, y);
  uint8_t *got = malloc((size_t)W * H);
  TU_OK(golcl_grid_read(g, got, 0));
  size_t i = 0, n = (size_t)W * H; /* one assertion: Check logs every one it passes */
  while (i < n && got[i] == grid[i]) i++;
  ck_assert_msg(i == n, "%ux%u %s, %ux%u pattern at (%lld, %lld): cell (%zu, %zu) is %d, want %d",
                W, H, b ? "torus" : "dead", pw, ph, (long long)x, (long long)y, i % W, i / W,
                i < n ? got[i] : 0, i < n ? grid[i] : 0);
  free(got);
  free(pc);
  free(grid);
  golcl_pattern_destroy(p);
  golcl_grid_destroy(g);
}

START_TEST(place_dead_boundary_clips) {
  static const int64_t pos[][2] = {{5, 4},
                                   {0, 0},
                                   {-3, -2},
                                   {17, 12},
                                   {15, -4},
                                   {-6, 11},
                                   {-7, 0},
                                   {20, 3},
                                   {3, 15},
                                   {-100, -100},
                                   {INT64_MAX, 0},
                                   {0, INT64_MIN},
                                   {INT64_MIN, INT64_MIN}};
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++)
    check_place(20, 15, GOLCL_BOUNDARY_DEAD, 7, 6, pos[i][0], pos[i][1], 10 + i);
  check_place(20, 15, GOLCL_BOUNDARY_DEAD, 30, 25, -4, -6, 3); /* larger than the grid */
  check_place(1, 1, GOLCL_BOUNDARY_DEAD, 3, 3, -1, -1, 4);
}
END_TEST

START_TEST(place_torus_wraps) {
  static const int64_t pos[][2] = {{5, 4},      {-3, -2}, {10, 8},        {-13, 22},
                                   {130, -111}, {7, 0},   {INT64_MAX, 5}, {INT64_MIN, INT64_MIN}};
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++)
    check_place(13, 11, GOLCL_BOUNDARY_TORUS, 7, 6, pos[i][0], pos[i][1], 20 + i);
  check_place(13, 11, GOLCL_BOUNDARY_TORUS, 30, 25, -5, 3, 5); /* folds onto the grid */
  check_place(13, 11, GOLCL_BOUNDARY_TORUS, 13, 11, 6, 5, 6);  /* exactly the grid */
  check_place(1, 1, GOLCL_BOUNDARY_TORUS, 2, 3, 0, 0, 7);
}
END_TEST

START_TEST(place_large_in_bands) {
  /* more rows than one band of 4 MiB holds, on both boundaries */
  check_place(2100, 2300, GOLCL_BOUNDARY_DEAD, 2050, 2250, 30, -20, 8);
  check_place(2100, 2300, GOLCL_BOUNDARY_TORUS, 2050, 2250, 1000, 1900, 9);
}
END_TEST

START_TEST(place_in_every_layout) {
  for (int l = 0; l < GOLCL_LAYOUT_COUNT; l++) {
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, 37, 29, GOLCL_BOUNDARY_TORUS, &g));
    golcl_status s = golcl_grid_set_layout(g, (golcl_layout)l);
    if (s == GOLCL_E_UNSUPPORTED) {
      fprintf(stderr, "test_pattern: layout %s is not in this build; not placed there\n",
              golcl_layout_name((golcl_layout)l));
      golcl_grid_destroy(g);
      continue;
    }
    TU_OK(s);
    golcl_pattern *p = parse("x = 3, y = 3\nbo$2bo$3o!");
    uint8_t want[37 * 29] = {0};
    want[10 * 37 + 20] = want[27 * 37 + 36] = 1; /* already alive: an "Or" paste keeps them */
    TU_OK(golcl_grid_write(g, want, 0));
    TU_OK(golcl_grid_place(g, p, 35, 28));
    uint8_t cells[37 * 29];
    TU_OK(golcl_grid_read(g, cells, 0));
    want[28 * 37 + 36] = want[0 * 37 + 0] = want[1 * 37 + 35] = want[1 * 37 + 36] =
        want[1 * 37 + 0] = 1;
    ck_assert_mem_eq(cells, want, sizeof want);
    golcl_layout_info info; /* placed in the grid's own layout */
    ck_assert_ptr_nonnull(golcl_grid_buffer(g, &info));
    ck_assert_int_eq(info.layout, l);
    uint32_t bx, by, bw, bh;
    TU_OK(golcl_grid_bounding_box(g, &bx, &by, &bw, &bh));
    ck_assert_uint_eq(bx, 0);
    ck_assert_uint_eq(by, 0);
    ck_assert_uint_eq(bw, 37);
    ck_assert_uint_eq(bh, 29);
    golcl_pattern *e;
    TU_OK(golcl_grid_extract(g, &e));
    ck_assert_uint_eq(golcl_pattern_population(e), 7);
    ck_assert(golcl_pattern_cell(e, 20, 10) && golcl_pattern_cell(e, 36, 27));
    ck_assert_int_eq(golcl_grid_buffer(g, &info) != NULL && info.layout == (golcl_layout)l, 1);
    golcl_pattern_destroy(e);
    golcl_pattern_destroy(p);
    golcl_grid_destroy(g);
  }
}
END_TEST

START_TEST(extract_bbox_rule_generation) {
  for (int b = 0; b < 2; b++) {
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, 40, 30, (golcl_boundary)b, &g));
    uint8_t cells[40 * 30] = {0};
    cells[5 * 40 + 7] = cells[5 * 40 + 9] = cells[12 * 40 + 8] = cells[20 * 40 + 31] = 1;
    TU_OK(golcl_grid_write(g, cells, 0));
    TU_OK(golcl_grid_set_rule(g, "B36/S23"));
    TU_OK(golcl_grid_set_generation(g, 77));
    golcl_pattern *p = (golcl_pattern *)1;
    TU_OK(golcl_grid_extract(g, &p));
    ck_assert_uint_eq(golcl_pattern_width(p), 25);
    ck_assert_uint_eq(golcl_pattern_height(p), 16);
    ck_assert_uint_eq(golcl_pattern_population(p), 4);
    ck_assert(golcl_pattern_cell(p, 0, 0) && golcl_pattern_cell(p, 2, 0) &&
              golcl_pattern_cell(p, 1, 7) && golcl_pattern_cell(p, 24, 15));
    ck_assert_str_eq(rule_text(p), b ? "B36/S23:T40,30" : "B36/S23:P40,30");
    ck_assert_uint_eq(golcl_pattern_generation(p), 77);
    int64_t x, y;
    ck_assert_int_eq(golcl_pattern_origin(p, &x, &y), 1);
    ck_assert_int_eq(x, 7 - 20); /* Golly's coordinates of the grid: top-left is (-20, -15) */
    ck_assert_int_eq(y, 5 - 15);
    uint32_t bx, by, bw, bh;
    TU_OK(golcl_grid_bounding_box(g, &bx, &by, &bw, &bh));
    ck_assert_uint_eq(bx, 7);
    ck_assert_uint_eq(by, 5);
    ck_assert_uint_eq(bw, 25);
    ck_assert_uint_eq(bh, 16);
    /* placing it back where it was gives the same grid */
    golcl_grid *g2;
    TU_OK(golcl_grid_create(tu_ctx, 40, 30, (golcl_boundary)b, &g2));
    TU_OK(golcl_grid_place(g2, p, x + 20, y + 15));
    uint8_t back[40 * 30];
    TU_OK(golcl_grid_read(g2, back, 0));
    ck_assert_mem_eq(back, cells, sizeof cells);
    golcl_grid_destroy(g2);
    golcl_pattern_destroy(p);
    /* an empty grid */
    TU_OK(golcl_grid_clear(g));
    TU_OK(golcl_grid_extract(g, &p));
    ck_assert_uint_eq(golcl_pattern_width(p), 0);
    ck_assert_uint_eq(golcl_pattern_height(p), 0);
    ck_assert_uint_eq(golcl_pattern_population(p), 0);
    golcl_pattern_destroy(p);
    TU_OK(golcl_grid_bounding_box(g, &bx, &by, &bw, &bh));
    ck_assert_uint_eq(bw, 0);
    ck_assert_uint_eq(bh, 0);
    golcl_grid_destroy(g);
  }
}
END_TEST

START_TEST(extract_reads_in_chunks) {
  /* 3000×2000 bytes are more than one 4 MiB chunk; a run crosses the chunk
   * boundary at byte 4194304 = row 1398, column 304 */
  uint32_t W = 3000, H = 2000;
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  uint8_t *cells = tu_random_cells((size_t)W * H, 0.002, 99);
  for (uint32_t x = 295; x < 315; x++) cells[1398 * (size_t)W + x] = 1;
  cells[0] = cells[(size_t)W * H - 1] = 1;
  TU_OK(golcl_grid_write(g, cells, 0));
  golcl_pattern *p;
  TU_OK(golcl_grid_extract(g, &p));
  ck_assert_uint_eq(golcl_pattern_width(p), W);
  ck_assert_uint_eq(golcl_pattern_height(p), H);
  uint8_t *back = malloc((size_t)W * H);
  TU_OK(golcl_pattern_get_cells(p, back, 0));
  ck_assert_mem_eq(back, cells, (size_t)W * H);
  free(back);
  free(cells);
  golcl_pattern_destroy(p);
  golcl_grid_destroy(g);
}
END_TEST

START_TEST(grid_functions_invalid_arguments) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 8, 8, GOLCL_BOUNDARY_DEAD, &g));
  golcl_pattern *p = parse("x = 1, y = 1\no!"), *q = (golcl_pattern *)1;
  ck_assert_int_eq(golcl_grid_place(NULL, p, 0, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_place(g, NULL, 0, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_extract(NULL, &q), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(q);
  ck_assert_int_eq(golcl_grid_extract(g, NULL), GOLCL_E_INVALID_ARG);
  uint32_t v;
  ck_assert_int_eq(golcl_grid_bounding_box(NULL, &v, &v, &v, &v), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_bounding_box(g, &v, NULL, &v, &v), GOLCL_E_INVALID_ARG);
  uint64_t pop;
  TU_OK(golcl_grid_population(g, &pop));
  ck_assert_uint_eq(pop, 0); /* nothing was placed */
  golcl_pattern_destroy(p);
  golcl_grid_destroy(g);
}
END_TEST

/* Files of tests/data, fuzzer finds included ---------------------------------------- */

static const char *data_dir(void) {
  const char *d = getenv("GOLCL_TEST_DATA");
  return d && *d ? d : "tests/data";
}

START_TEST(data_files_parse_or_fail_cleanly) {
  DIR *dir = opendir(data_dir());
  ck_assert_msg(dir != NULL, "cannot open %s (set GOLCL_TEST_DATA)", data_dir());
  struct dirent *e;
  int files = 0, regressions = 0;
  while ((e = readdir(dir))) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", data_dir(), e->d_name);
    golcl_pattern *p = NULL;
    golcl_status s = golcl_pattern_read_file(path, &p);
    files++;
    if (strncmp(e->d_name, "fuzz-", 5) == 0) {
      /* fuzzer finds: whatever they are, a clean status and no crash */
      regressions++;
      ck_assert_msg(s == GOLCL_OK || s == GOLCL_E_PARSE || s == GOLCL_E_UNSUPPORTED, "%s: %s", path,
                    golcl_strerror(s));
      if (s != GOLCL_OK) ck_assert_uint_gt(strlen(golcl_last_errmsg()), strlen(path) + 2);
    } else {
      ck_assert_msg(s == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
    }
    if (s == GOLCL_OK) {
      golcl_pattern *q = rle_round_trip(p);
      same_pattern(p, q);
      golcl_pattern_destroy(q);
    }
    golcl_pattern_destroy(p);
  }
  closedir(dir);
  ck_assert_int_gt(files, 0);
  printf("test_pattern: %d data files, %d of them fuzzer regressions\n", files, regressions);
}
END_TEST

START_TEST(gosper_gun_file) {
  char path[4096];
  snprintf(path, sizeof path, "%s/gosper-glider-gun.rle", data_dir());
  golcl_pattern *p;
  TU_OK(golcl_pattern_read_file(path, &p));
  ck_assert_uint_eq(golcl_pattern_width(p), 36);
  ck_assert_uint_eq(golcl_pattern_height(p), 9);
  ck_assert_uint_eq(golcl_pattern_population(p), 36);
  ck_assert_str_eq(golcl_pattern_comment(p, 0), "#N Gosper glider gun");
  golcl_pattern_destroy(p);
}
END_TEST

/* Issue 14: writes that fail, writers' limits, gzip ------------------------------ */

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
  char *buf = malloc(1 << 20);
  *n = fread(buf, 1, 1 << 20, f);
  fclose(f);
  return buf;
}

static int files_in(const char *dir) {
  DIR *d = opendir(dir);
  ck_assert_ptr_nonnull(d);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
  closedir(d);
  return n;
}

/* A pattern whose RLE is far above 64 KiB (random cells, ~2 bytes a run). */
static golcl_pattern *big_pattern(void) {
  uint8_t *cells = tu_random_cells(600 * 600, 0.5, 99);
  golcl_pattern *p;
  TU_OK(golcl_pattern_from_cells(cells, 600, 600, 0, &p));
  free(cells);
  return p;
}

/* Writes `old` to dir/out.rle, then the big pattern over it, which must fail
 * with GOLCL_E_IO and leave out.rle as it was and nothing else in dir. */
static void failed_write_keeps_the_old_file(const char *dir, golcl_status *got, int *same,
                                            int *files) {
  char path[512];
  snprintf(path, sizeof path, "%s/out.rle", dir);
  golcl_pattern *old = parse("#N the old file\nx = 3, y = 3\nbo$2bo$3o!"), *big = big_pattern();
  *got = golcl_pattern_write_file(old, path);
  size_t n0 = 0, n1 = 0;
  char *before = *got == GOLCL_OK ? slurp(path, &n0) : NULL;
  if (*got == GOLCL_OK) *got = golcl_pattern_write_file(big, path);
  char *after = before ? slurp(path, &n1) : NULL;
  *same = before && after && n0 == n1 && memcmp(before, after, n0) == 0;
  *files = files_in(dir);
  free(before);
  free(after);
  golcl_pattern_destroy(old);
  golcl_pattern_destroy(big);
}

/* A full disk: a 64 KiB tmpfs when the test runs as root (and may mount);
 * for everyone, a file-size limit (RLIMIT_FSIZE), under which writes past
 * 16 KiB fail with EFBIG as on a full disk. Either way the write must fail
 * with GOLCL_E_IO, the old file must be unchanged and no temporary left. */
START_TEST(write_file_failure_keeps_the_old_file) {
  char dir[] = "/tmp/golcl-full-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  golcl_status got;
  int same, files;
  if (geteuid() == 0 && mount("tmpfs", dir, "tmpfs", 0, "size=64k") == 0) {
    failed_write_keeps_the_old_file(dir, &got, &same, &files);
    char path[512];
    snprintf(path, sizeof path, "%s/out.rle", dir);
    remove(path);
    int um = umount2(dir, MNT_DETACH);
    printf("test_pattern: failed write on a full 64 KiB tmpfs\n");
    ck_assert_int_eq(um, 0);
    ck_assert_int_eq(got, GOLCL_E_IO);
    ck_assert_msg(strstr(golcl_last_errmsg(), "out.rle") != NULL, "%s", golcl_last_errmsg());
    ck_assert_msg(same, "the old file changed");
    ck_assert_int_eq(files, 1);
  } else {
    printf("test_pattern: not root (or no mount): the full tmpfs is not tried\n");
  }
  struct rlimit old_lim, lim;
  ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old_lim), 0);
  lim = old_lim;
  lim.rlim_cur = 16 << 10;
  void (*old_sig)(int) = signal(SIGXFSZ, SIG_IGN);
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
  failed_write_keeps_the_old_file(dir, &got, &same, &files);
  setrlimit(RLIMIT_FSIZE, &old_lim);
  signal(SIGXFSZ, old_sig);
  printf("test_pattern: failed write past a 16 KiB file-size limit\n");
  ck_assert_int_eq(got, GOLCL_E_IO);
  ck_assert_msg(same, "the old file changed");
  ck_assert_int_eq(files, 1);
  /* the same pattern writes when nothing stops it, and replaces the file */
  char path[512];
  snprintf(path, sizeof path, "%s/out.rle", dir);
  golcl_pattern *big = big_pattern(), *back;
  TU_OK(golcl_pattern_write_file(big, path));
  TU_OK(golcl_pattern_read_file(path, &back));
  same_pattern(big, back);
  ck_assert_int_eq(files_in(dir), 1);
  golcl_pattern_destroy(back);
  golcl_pattern_destroy(big);
  remove(path);
  ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* A FILE whose writes fail (/dev/full): GOLCL_E_IO from both writers. */
START_TEST(writers_report_a_failing_descriptor) {
  FILE *f = fopen("/dev/full", "wb");
  if (!f) {
    printf("test_pattern: no /dev/full; skipped\n");
    return;
  }
  golcl_pattern *p = big_pattern();
  ck_assert_int_eq(golcl_pattern_write_rle(p, f), GOLCL_E_IO);
  clearerr(f);
  ck_assert_int_eq(golcl_pattern_write_plaintext(p, f), GOLCL_E_IO);
  fclose(f);
  golcl_pattern_destroy(p);
}
END_TEST

/* Writers refuse, before writing a byte, what the readers would refuse. */
START_TEST(writers_have_the_readers_limits) {
  golcl_pattern *huge = parse("x = 16777216, y = 16777216\n!"),
                *glider = parse("x = 3, y = 3\nbo$2bo$3o!");
  FILE *f = tmpfile();
  ck_assert_ptr_nonnull(f);
  /* 2^48 bytes of plaintext: refused; its RLE is one line */
  ck_assert_int_eq(golcl_pattern_write_plaintext(huge, f), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "golcl_pattern_set_limits"));
  ck_assert_int_eq(ftell(f), 0);
  TU_OK(golcl_pattern_write_rle(huge, f));
  rewind(f);
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  golcl_pattern_limits small = lim;
  small.max_width = 2;
  TU_OK(golcl_pattern_set_limits(&small));
  ck_assert_int_eq(golcl_pattern_write_rle(glider, f), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_macrocell(glider, f), GOLCL_E_INVALID_ARG);
  small = lim;
  small.max_cells = 4;
  TU_OK(golcl_pattern_set_limits(&small));
  ck_assert_int_eq(golcl_pattern_write_rle(glider, f), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_macrocell(glider, f), GOLCL_E_INVALID_ARG);
  small = lim;
  small.max_bytes = 20; /* "x = 3, y = 3, rule = B3/S23\n" alone is longer */
  TU_OK(golcl_pattern_set_limits(&small));
  ck_assert_int_eq(golcl_pattern_write_rle(glider, f), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_pattern_write_plaintext(glider, f), 0); /* 12 bytes */
  ck_assert_int_eq(golcl_pattern_write_file(glider, "/tmp/golcl_test_limits.rle"),
                   GOLCL_E_INVALID_ARG);
  TU_OK(golcl_pattern_set_limits(NULL));
  ck_assert_int_eq(ftell(f), 12);
  fclose(f);
  golcl_pattern_destroy(huge);
  golcl_pattern_destroy(glider);
}
END_TEST

/* golcl_pattern_from_live_cells orders its cells by row then column and drops
 * repeats at every size its sort treats apart (a few, 8-bit digits, 16-bit
 * digits), with coordinates past 2^8 and 2^16, against qsort of a copy. */
static int cell_cmp(const void *a, const void *b) {
  const uint64_t *p = a, *q = b;
  return *p < *q ? -1 : *p > *q;
}

START_TEST(live_cells_sorted_at_every_size) {
  static const size_t sizes[] = {2, 255, 256, 4000, 65535, 65536, 200000};
  uint64_t seed = 12345;
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    size_t n = sizes[k];
    uint32_t w = k & 1 ? 70000u : 16000000u, h = k & 1 ? 16000000u : 300u;
    uint32_t *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    uint64_t *key = malloc(n * sizeof *key);
    ck_assert(x && y && key);
    for (size_t i = 0; i < n; i++) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      x[i] = (uint32_t)(seed >> 33) % w;
      y[i] = (uint32_t)(seed >> 13) % h;
      if (i % 7 == 3) x[i] = x[i - 1], y[i] = y[i - 1]; /* repeats */
      key[i] = (uint64_t)y[i] << 32 | x[i];
    }
    qsort(key, n, sizeof *key, cell_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
      if (!m || key[m - 1] != key[i]) key[m++] = key[i];
    golcl_pattern *p = NULL;
    TU_OK(golcl_pattern_from_live_cells(x, y, n, w, h, &p));
    ck_assert_uint_eq(golcl_pattern_population(p), m);
    for (size_t i = 0; i < m; i++) {
      uint32_t cx, cy;
      TU_OK(golcl_pattern_live_cell(p, i, &cx, &cy));
      ck_assert_uint_eq((uint64_t)cy << 32 | cx, key[i]);
    }
    golcl_pattern_destroy(p);
    free(x), free(y), free(key);
  }
}
END_TEST

START_TEST(gzip_patterns_through_zlib) {
  char gz[4096], rle[4096];
  snprintf(gz, sizeof gz, "%s/gosper-glider-gun.rle.gz", data_dir());
  snprintf(rle, sizeof rle, "%s/gosper-glider-gun.rle", data_dir());
  golcl_pattern *a, *b, *c;
  TU_OK(golcl_pattern_read_file(gz, &a));
  TU_OK(golcl_pattern_read_file(rle, &b));
  same_pattern(a, b);
  ck_assert_uint_eq(golcl_pattern_population(a), 36);
  size_t n;
  char *bytes = slurp(gz, &n);
  TU_OK(golcl_pattern_parse(bytes, n, &c));
  same_pattern(b, c);
  golcl_pattern_destroy(c);
  /* two members, as `cat a.gz b.gz` makes: the texts one after the other */
  char *two = malloc(2 * n);
  memcpy(two, bytes, n);
  memcpy(two + n, bytes, n);
  TU_OK(golcl_pattern_parse(two, 2 * n, &c)); /* text after '!' is ignored */
  same_pattern(b, c);
  golcl_pattern_destroy(c);
  two[n] = 'x'; /* not a second member */
  expect_fail(two, 2 * n, GOLCL_E_PARSE, 1, 1, "after the compressed data");
  free(two);
  expect_fail(bytes, n - 5, GOLCL_E_PARSE, 1, 1, "gzip data: truncated");
  bytes[n / 2] ^= 0x55;
  expect_fail(bytes, n, GOLCL_E_PARSE, 1, 1, "gzip data");
  bytes[n / 2] ^= 0x55;
  golcl_pattern_limits lim, small;
  golcl_pattern_get_limits(&lim);
  small = lim;
  small.max_bytes = 300; /* the file is smaller, its text is not */
  ck_assert_uint_lt(n, 300);
  TU_OK(golcl_pattern_set_limits(&small));
  expect_fail(bytes, n, GOLCL_E_PARSE, 1, 1, "inflates past the limit of 300 bytes");
  TU_OK(golcl_pattern_set_limits(NULL));
  free(bytes);
  golcl_pattern_destroy(a);
  golcl_pattern_destroy(b);
}
END_TEST

int main(void) {
  Suite *s = suite_create("pattern");
  TCase *tc = tcase_create("formats");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, rle_basic);
  tcase_add_test(tc, rle_header_spacing_and_case);
  tcase_add_test(tc, rle_tags_and_counts);
  tcase_add_test(tc, rle_blank_rows);
  tcase_add_test(tc, rle_end_of_pattern);
  tcase_add_test(tc, rle_line_ends);
  tcase_add_test(tc, rle_long_lines);
  tcase_add_test(tc, rle_header_size_mismatch);
  tcase_add_test(tc, rle_positions_generation_comments);
  tcase_add_test(tc, rle_rule_suffixes);
  tcase_add_test(tc, rule_families_round_trip);
  tcase_add_test(tc, unsupported_rules_and_formats);
  tcase_add_test(tc, unsupported_rule_column);
  tcase_add_test(tc, malformed_inputs_report_line_and_column);
  tcase_add_test(tc, limits);
  tcase_add_test(tc, plaintext);
  tcase_add_test(tc, life105);
  tcase_add_test(tc, life106);
  tcase_add_test(tc, format_from_content_not_extension);
  tcase_add_test(tc, write_rle_exact);
  tcase_add_test(tc, write_rle_lines_at_most_70);
  tcase_add_test(tc, write_plaintext_exact);
  tcase_add_test(tc, write_file_by_extension);
  tcase_add_test(tc, round_trips_random);
  tcase_add_test(tc, accessors_setters_and_null);
  tcase_add_test(tc, data_files_parse_or_fail_cleanly);
  tcase_add_test(tc, gosper_gun_file);
  tcase_add_test(tc, write_file_failure_keeps_the_old_file);
  tcase_add_test(tc, writers_report_a_failing_descriptor);
  tcase_add_test(tc, writers_have_the_readers_limits);
  tcase_add_test(tc, gzip_patterns_through_zlib);
  suite_add_tcase(s, tc);
  TCase *tg = tcase_create("grids");
  tcase_set_timeout(tg, 0);
  tcase_add_test(tg, place_dead_boundary_clips);
  tcase_add_test(tg, place_torus_wraps);
  tcase_add_test(tg, place_large_in_bands);
  tcase_add_test(tg, place_in_every_layout);
  tcase_add_test(tg, extract_bbox_rule_generation);
  tcase_add_test(tg, extract_reads_in_chunks);
  tcase_add_test(tg, live_cells_sorted_at_every_size);
  tcase_add_test(tg, grid_functions_invalid_arguments);
  suite_add_tcase(s, tg);
  return tu_main(s);
}
