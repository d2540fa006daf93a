/* test_rules_parse.c — multi-state rule text and RLE: Golly's spellings
 * parsed and written back as Golly writes them (checked against bgolly's
 * own canonical rule where bgolly is found), malformed text refused with
 * its column, neighbourhood sizes, RLE read and written (all 256 states,
 * 'b'/'o', Pos and Gen, comments), placed in and extracted from a grid, and
 * arbitrary bytes refused without harm. */
#include "bgolly.h"
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct spelling {
  const char *text, *canonical; /* canonical NULL: refused */
  golcl_status status;
  int bgolly_refuses; /* an extension of libgolcl's (Golly 3.3 refuses it) */
} spelling;

static const spelling spellings[] = {
    {"345/3/6", "345/3/6", GOLCL_OK, 0},
    {"23/3/4", "23/3/4", GOLCL_OK, 0},
    {"/2/3", "/2/3", GOLCL_OK, 0},
    {"/2/3V", "/2/3V", GOLCL_OK, 0},
    {"34/2/4v", "34/2/4V", GOLCL_OK, 0},
    {"23/3/4H", "23/3/4H", GOLCL_OK, 0},
    {"B3/S23/4", "23/3/4", GOLCL_OK, 0},
    {"B3/S23/C4", "23/3/4", GOLCL_OK, 1},
    {"023/3/5", "023/3/5", GOLCL_OK, 0},
    {"23/3/256", "23/3/256", GOLCL_OK, 0},
    {"2-a3/3/4", "2-a3/3/4", GOLCL_OK, 0},
    {" 345/2/4 ", "345/2/4", GOLCL_OK, 0},
    {"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA/3",
     "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA/3",
     GOLCL_OK, 0},
    {"R5,C0,M1,S34..58,B34..45,NM", "R5,C0,M1,S34..58,B34..45,NM", GOLCL_OK, 0},
    {"R2,C2,M0,S2..3,B3..3,NC", "R2,C0,M0,S2..3,B3..3,NC", GOLCL_OK, 0},
    {"R2,C1,M0,S2..20,B3..3,NC", "R2,C0,M0,S2..20,B3..3,NC", GOLCL_OK, 0},
    {"R2,C0,M0,S2..12,B3..3,NN", "R2,C0,M0,S2..12,B3..3,NN", GOLCL_OK, 0},
    {"R1,C0,M1,S2..9,B3..3,NM", "R1,C0,M1,S2..9,B3..3,NM", GOLCL_OK, 0},
    {"R10,C255,M1,S2..3,B3..3,NM", "R10,C255,M1,S2..3,B3..3,NM", GOLCL_OK, 0},
    {"R5,C256,M0,S34..58,B34..45,NM", "R5,C256,M0,S34..58,B34..45,NM", GOLCL_OK, 0},
    {"1,3,3,3,4", "R1,C0,M1,S3..4,B3..3,NM", GOLCL_OK, 0},
    {"23/3/1", NULL, GOLCL_E_PARSE, 0},
    {"23/3/257", NULL, GOLCL_E_PARSE, 0},
    {"23/03/5", NULL, GOLCL_E_PARSE, 0},
    {"345/2V/4", NULL, GOLCL_E_PARSE, 0},
    {"345/2/4V", NULL, GOLCL_E_PARSE, 0},
    {"S23/B3/C4", "23/3/4", GOLCL_OK, 1},
    {"B3/S23C4", NULL, GOLCL_E_PARSE, 0},
    {"r5,c0,m1,s34..58,b34..45,nm", NULL, GOLCL_E_PARSE, 0},
    {"R5,C0,M1,S34..58,B34..45", NULL, GOLCL_E_PARSE, 0},
    {"R5,C0,M1,S34,B34..45,NM", NULL, GOLCL_E_PARSE, 0},
    {"R5,C0,M1,S34..58,B34..45,NH", NULL, GOLCL_E_PARSE, 0},
    {"R5,C257,M0,S34..58,B34..45,NM", NULL, GOLCL_E_PARSE, 0},
    {"R501,C0,M0,S34..58,B34..45,NM", NULL, GOLCL_E_PARSE, 0},
    {"R0,C0,M0,S34..58,B34..45,NM", NULL, GOLCL_E_PARSE, 0},
    {"R1,C0,M0,S3..2,B3..3,NM", NULL, GOLCL_E_PARSE, 0},
    {"R1,C0,M0,S2..9,B3..3,NM", NULL, GOLCL_E_PARSE, 0},
    {"R2,C0,M0,S2..21,B3..3,NC", NULL, GOLCL_E_PARSE, 0},
    {"R2,C0,M0,S2..13,B3..3,NN", NULL, GOLCL_E_PARSE, 0},
    {"R5,C0,M2,S34..58,B34..45,NM", NULL, GOLCL_E_PARSE, 0},
    {"R1,C0,M0,S2..3,B3..3,NM,X", NULL, GOLCL_E_PARSE, 0},
};
#define NSPELL (sizeof spellings / sizeof *spellings)

START_TEST(rule_spelling) {
  const spelling *t = &spellings[_i];
  golcl_msrule r;
  memset(&r, 0x5a, sizeof r);
  golcl_status s = golcl_msrule_parse(t->text, &r);
  ck_assert_msg(s == t->status, "\"%s\": %s (%s)", t->text, golcl_strerror(s),
                s ? golcl_last_errmsg() : "");
  if (s != GOLCL_OK) {
    if (s == GOLCL_E_PARSE)
      ck_assert_msg(strstr(golcl_last_errmsg(), ", column "), "%s", golcl_last_errmsg());
    return;
  }
  char buf[GOLCL_MSRULE_TEXT_CAP];
  TU_OK(golcl_msrule_format(&r, buf, sizeof buf));
  ck_assert_str_eq(buf, t->canonical);
  golcl_msrule again;
  TU_OK(golcl_msrule_parse(buf, &again));
  ck_assert(memcmp(&again, &r, sizeof r) == 0);
}
END_TEST

/* bgolly takes or refuses each spelling as the table says, and writes the
 * same canonical rule. */
START_TEST(rule_spelling_as_bgolly) {
  char bg[1024];
  if (!bg_find(bg, sizeof bg)) {
    printf("*** test_rules_parse: bgolly NOT FOUND: rule spellings NOT compared with Golly ***\n");
    return;
  }
  const spelling *t = &spellings[_i];
  const char *algo = t->text[0] == 'R' || t->text[0] == 'r' || strchr(t->text, ',')
                         ? "Larger than Life"
                         : "Generations";
  char rle[512], err[2048], *out = NULL;
  snprintf(rle, sizeof rle, "x = 1, y = 1, rule = %s\no!\n", t->text);
  int ok = bg_run_text(bg, algo, rle, "rle", 1, &out, err, sizeof err) == 0;
  int want = t->status == GOLCL_OK && !t->bgolly_refuses;
  if (t->status == GOLCL_E_UNSUPPORTED) want = ok; /* a two-state rule: not Generations' business */
  ck_assert_msg(ok == want, "\"%s\": bgolly %s it, libgolcl %s", t->text, ok ? "takes" : "refuses",
                want ? "takes" : "refuses");
  if (ok && t->canonical) {
    bg_mscells c;
    ck_assert_int_eq(bg_parse_ms_rle(out, &c), 0);
    ck_assert_str_eq(c.rule, t->canonical);
    bg_ms_free(&c);
  }
  free(out);
}
END_TEST

START_TEST(rule_errors_have_columns) {
  golcl_msrule r;
  ck_assert_int_eq(golcl_msrule_parse("R5,C0,M1,S34..58,B34..45,NH", &r), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "column 27"));
  ck_assert_int_eq(golcl_msrule_parse("  345/2V/4", &r), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "column 8"));
  ck_assert_int_eq(golcl_msrule_parse("23/3/1", &r), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "column 6"));
  ck_assert_int_eq(golcl_msrule_parse("NoSuchRuleFile", &r),
                   GOLCL_E_UNSUPPORTED); /* no NAME.rule */
  ck_assert_int_eq(golcl_msrule_parse("", &r), GOLCL_E_PARSE);
  ck_assert_int_eq(golcl_msrule_parse(NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_parse("/2/3", NULL), GOLCL_E_INVALID_ARG);
  char small[4];
  TU_OK(golcl_msrule_parse("/2/3", &r));
  ck_assert_int_eq(golcl_msrule_format(&r, small, sizeof small), GOLCL_E_INVALID_ARG);
  r.table.next[0] = 1; /* B0 */
  ck_assert_int_eq(golcl_msrule_format(&r, small, 64), GOLCL_E_INVALID_ARG);
}
END_TEST

START_TEST(neighbourhood_sizes) {
  golcl_msrule r;
  TU_OK(golcl_msrule_parse("R3,C0,M1,S0..0,B1..1,NC", &r));
  ck_assert_uint_eq(golcl_msrule_neighbourhood_size(&r), 37); /* rows 3 5 7 7 7 5 3 */
  TU_OK(golcl_msrule_parse("R3,C0,M0,S0..0,B1..1,NN", &r));
  ck_assert_uint_eq(golcl_msrule_neighbourhood_size(&r), 24); /* 2·3·4 + 1, less the middle */
  TU_OK(golcl_msrule_parse("R500,C0,M1,S0..0,B1..1,NM", &r));
  ck_assert_uint_eq(golcl_msrule_neighbourhood_size(&r), 1001u * 1001u);
  TU_OK(golcl_msrule_parse("/2/3H", &r));
  ck_assert_uint_eq(golcl_msrule_neighbourhood_size(&r), 7);
  ck_assert_uint_eq(golcl_msrule_neighbourhood_size(NULL), 0);
}
END_TEST

/* ------------------------------------------------------------------- RLE */

static golcl_mspattern *parse_ok(const char *t) {
  golcl_mspattern *p;
  golcl_status s = golcl_mspattern_parse(t, strlen(t), &p);
  ck_assert_msg(s == GOLCL_OK, "%s: %s", t, golcl_last_errmsg());
  return p;
}

START_TEST(rle_states) {
  golcl_mspattern *p = parse_ok(
      "#C a comment\nx = 5, y = 3, rule = 23/3/256\n"
      "A.XpA2yO$\n$3.bo!\n");
  ck_assert_uint_eq(golcl_mspattern_width(p), 6); /* widened past the header's 5 */
  ck_assert_uint_eq(golcl_mspattern_height(p), 3);
  const uint8_t want[18] = {1, 0, 24, 25, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0};
  ck_assert(memcmp(golcl_mspattern_cells(p), want, 18) == 0);
  int64_t x, y;
  golcl_mspattern_origin(p, &x, &y);
  ck_assert_int_eq(x, -3);
  ck_assert_int_eq(y, -1);
  ck_assert_uint_eq(golcl_mspattern_comment_count(p), 1);
  ck_assert_str_eq(golcl_mspattern_comment(p, 0), "#C a comment");
  ck_assert_ptr_null(golcl_mspattern_comment(p, 1));
  ck_assert_ptr_null(golcl_mspattern_comment(NULL, 0));
  /* written and read back: the same cells, rule and comment */
  char *buf;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  ck_assert_ptr_nonnull(strstr(buf, "#C a comment\n"));
  ck_assert_ptr_nonnull(strstr(buf, "rule = 23/3/256\n"));
  ck_assert_ptr_nonnull(strstr(buf, "A.XpA2yO2$4.A!"));
  golcl_mspattern *q = parse_ok(buf);
  ck_assert_uint_eq(golcl_mspattern_width(q), 6);
  ck_assert(memcmp(golcl_mspattern_cells(q), want, 18) == 0);
  free(buf);
  golcl_mspattern_destroy(q);
  golcl_mspattern_destroy(p);
}
END_TEST

START_TEST(rle_two_states_pos_gen_bounds) {
  golcl_mspattern *p = parse_ok(
      "#CXRLE Pos=-7,12 Gen=40\nx = 3, y = 2, rule = R2,C0,M1,S2..5,B3..4,NN:T50,40\n"
      "3o$bo!");
  int64_t x, y;
  golcl_mspattern_origin(p, &x, &y);
  ck_assert_int_eq(x, -7);
  ck_assert_int_eq(y, 12);
  ck_assert_uint_eq(golcl_mspattern_generation(p), 40);
  golcl_bounds b;
  TU_OK(golcl_mspattern_bounds(p, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_TORUS);
  ck_assert_uint_eq(b.width, 50);
  char *buf;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  ck_assert_str_eq(buf,
                   "#CXRLE Pos=-7,12 Gen=40\n"
                   "x = 3, y = 2, rule = R2,C0,M1,S2..5,B3..4,NN:T50,40\n3o$bo!\n");
  free(buf);
  golcl_mspattern_destroy(p);
}
END_TEST

/* A #CXRLE line without Pos= puts the box at 0,0; a generation alone is
 * written with the position, so that it reads back. */
START_TEST(rle_gen_without_pos) {
  golcl_mspattern *p = parse_ok("#CXRLE Gen=7\nx = 4, y = 2, rule = /2/3\nAB$.A!");
  int64_t x, y;
  golcl_mspattern_origin(p, &x, &y);
  ck_assert_int_eq(x, 0);
  ck_assert_int_eq(y, 0);
  golcl_mspattern_destroy(p);
  p = parse_ok("x = 4, y = 2, rule = /2/3\nAB$.A!");
  golcl_mspattern_origin(p, &x, &y);
  ck_assert_int_eq(x, -2);
  ck_assert_int_eq(y, -1);
  golcl_msgrid *g;
  golcl_mspattern *q, *r;
  TU_OK(golcl_msgrid_create(tu_ctx, 9, 6, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_rule(g, "/2/3"));
  TU_OK(golcl_msgrid_place(g, p, 4 - 2, 3 - 1)); /* the box where Golly puts it: (-2, -1) */
  TU_OK(golcl_msgrid_set_generation(g, 3));
  TU_OK(golcl_msgrid_extract(g, &q));
  char *buf;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  TU_OK(golcl_mspattern_write_rle(q, f));
  fclose(f);
  ck_assert_str_eq(buf, "#CXRLE Pos=-2,-1 Gen=3\nx = 2, y = 2, rule = /2/3\nAB$.A!\n");
  r = parse_ok(buf);
  golcl_mspattern_origin(r, &x, &y);
  ck_assert_int_eq(x, -2);
  ck_assert_int_eq(y, -1);
  ck_assert_uint_eq(golcl_mspattern_generation(r), 3);
  free(buf);
  golcl_mspattern_destroy(r);
  golcl_mspattern_destroy(q);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
}
END_TEST

START_TEST(rle_long_lines_wrap) {
  char text[4096] = "x = 600, y = 1, rule = /2/3\n";
  for (int i = 0; i < 300; i++) strcat(text, "AB");
  strcat(text, "!");
  golcl_mspattern *p = parse_ok(text);
  char *buf;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  TU_OK(golcl_mspattern_write_rle(p, f));
  fclose(f);
  for (char *l = strchr(buf, '\n') + 1; *l; l = strchr(l, '\n') + 1)
    ck_assert_int_le((int)(strchr(l, '\n') - l), 70);
  golcl_mspattern *q = parse_ok(buf);
  ck_assert(memcmp(golcl_mspattern_cells(p), golcl_mspattern_cells(q), 600) == 0);
  free(buf);
  golcl_mspattern_destroy(p);
  golcl_mspattern_destroy(q);
}
END_TEST

typedef struct bad_rle {
  const char *text;
  golcl_status status;
  const char *where; /* in the message */
} bad_rle;

static const bad_rle bad[] = {
    {"x = 3, y = 1, rule = /2/3\nABC!", GOLCL_E_PARSE, "line 2, column 3"}, /* state 3 of 3 */
    {"x = 3, y = 1, rule = /2/3\nA?B!", GOLCL_E_PARSE, "line 2, column 2"},
    {"x = 3, y = 1, rule = 23/3/256\nyP!", GOLCL_E_PARSE, "line 2, column 1"},
    {"x = 3, y = 1, rule = 23/3/256\n2p!", GOLCL_E_PARSE, "line 2, column 2"},
    {"x = 3, y = 1, rule = /2/3:Q4,4\nA!", GOLCL_E_PARSE, "line 1, column 26"},
    {"x = 3, y = 1, rule = /2\nA!", GOLCL_E_UNSUPPORTED, "line 1, column 22"},
    {"x = 3, y = 1\no!", GOLCL_E_UNSUPPORTED, "line 1"},
    {"x = 3, y = 1, rule = R1,C0,M0,S2..3,B3..3,NQ\no!", GOLCL_E_PARSE, "line 1, column 44"},
    {"#C only a comment\n", GOLCL_E_PARSE, "header"},
    {"y = 3, x = 1, rule = /2/3\nA!", GOLCL_E_PARSE, "line 1, column 1"},
    {"x = 99999999999, y = 1, rule = /2/3\nA!", GOLCL_E_PARSE, "line 1"},
    {"x = 3, y = 1, rule = /2/3\n99999999999A!", GOLCL_E_PARSE, "line 2"},
};

START_TEST(rle_errors) {
  golcl_mspattern *p = (golcl_mspattern *)1;
  golcl_status s = golcl_mspattern_parse(bad[_i].text, strlen(bad[_i].text), &p);
  ck_assert_msg(s == bad[_i].status, "%s: %s %s", bad[_i].text, golcl_strerror(s),
                golcl_last_errmsg());
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(golcl_last_errmsg(), bad[_i].where), "%s: \"%s\" lacks \"%s\"", bad[_i].text,
                golcl_last_errmsg(), bad[_i].where);
}
END_TEST

/* Arbitrary bytes: a status, never a crash (the sanitizer builds check). */
START_TEST(rle_arbitrary_bytes) {
  uint64_t s = 12345;
  static const char alphabet[] = "xy=,rule 0123456789.ABXpyoOb$!#\n:/RCMSBN";
  for (int k = 0; k < 2000; k++) {
    char t[96] = "x = 4, y = 3, rule = ";
    size_t n = strlen(t), len = n + (size_t)(k % 60);
    for (size_t i = n; i < len; i++) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      t[i] = (k & 1) ? (char)(s >> 56) : alphabet[(s >> 40) % (sizeof alphabet - 1)];
    }
    golcl_mspattern *p;
    golcl_status st = golcl_mspattern_parse(t, len, &p);
    if (st == GOLCL_OK)
      golcl_mspattern_destroy(p);
    else
      ck_assert_ptr_null(p);
  }
}
END_TEST

START_TEST(place_and_extract) {
  golcl_mspattern *p = parse_ok("x = 4, y = 3, rule = 345/2/4\n.AB$C2.A$3A!");
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, 20, 10, GOLCL_BOUNDARY_TORUS, &g));
  TU_OK(golcl_msgrid_set_rule(g, "345/2/4"));
  TU_OK(golcl_msgrid_place(g, p, 5, 6));
  TU_OK(golcl_msgrid_place(g, p, 18, -1)); /* clipped: only its part inside is written */
  uint8_t c[200];
  TU_OK(golcl_msgrid_read(g, c, 0));
  ck_assert_uint_eq(c[6 * 20 + 6], 1);
  ck_assert_uint_eq(c[6 * 20 + 7], 2);
  ck_assert_uint_eq(c[7 * 20 + 5], 3);
  ck_assert_uint_eq(c[0 * 20 + 18], 3);
  ck_assert_uint_eq(c[1 * 20 + 18], 1);
  ck_assert_uint_eq(c[1 * 20 + 19], 1);
  uint64_t pop;
  TU_OK(golcl_msgrid_population(g, &pop));
  ck_assert_uint_eq(pop, 7 + 3);
  golcl_mspattern *q;
  TU_OK(golcl_msgrid_clear(g));
  TU_OK(golcl_msgrid_place(g, p, 5, 6));
  TU_OK(golcl_msgrid_set_generation(g, 9));
  TU_OK(golcl_msgrid_extract(g, &q));
  ck_assert_uint_eq(golcl_mspattern_width(q), 4);
  ck_assert_uint_eq(golcl_mspattern_height(q), 3);
  ck_assert(memcmp(golcl_mspattern_cells(q), golcl_mspattern_cells(p), 12) == 0);
  ck_assert_uint_eq(golcl_mspattern_generation(q), 9);
  int64_t x, y;
  golcl_mspattern_origin(q, &x, &y);
  ck_assert_int_eq(x, 5 - 10);
  ck_assert_int_eq(y, 6 - 5);
  golcl_bounds b;
  TU_OK(golcl_mspattern_bounds(q, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_TORUS);
  golcl_mspattern_destroy(q);
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
}
END_TEST

START_TEST(read_file_errors) {
  golcl_mspattern *p;
  ck_assert_int_eq(golcl_mspattern_read_file("/nonexistent/x.rle", &p), GOLCL_E_IO);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "/nonexistent/x.rle"));
  ck_assert_int_eq(golcl_mspattern_read_file(NULL, &p), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mspattern_parse("x", 1, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mspattern_write_rle(NULL, stdout), GOLCL_E_INVALID_ARG);
  golcl_mspattern_destroy(NULL);
  ck_assert_uint_eq(golcl_mspattern_width(NULL), 0);
}
END_TEST

/* A pattern's own bounded grid (the rule's suffix) is the grid's where the
 * sides agree: a :P60,60 file on a 60x60 torus makes it a plane, a
 * :T60,60 file a dead 60x60 grid a torus; a grid of other sides keeps its
 * own. */
START_TEST(place_takes_the_bounded_grid) {
  golcl_mspattern *pp = parse_ok("x = 3, y = 1, rule = /2/3:P60,60\nABA!");
  golcl_mspattern *pt = parse_ok("x = 3, y = 1, rule = /2/3:T60,60\nABA!");
  golcl_msgrid *g, *h;
  golcl_bounds b;
  TU_OK(golcl_msgrid_create(tu_ctx, 60, 60, GOLCL_BOUNDARY_TORUS, &g));
  TU_OK(golcl_msgrid_set_rule(g, "/2/3"));
  TU_OK(golcl_msgrid_place(g, pp, 29, 30));
  TU_OK(golcl_msgrid_bounds(g, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_PLANE);
  ck_assert_uint_eq(b.width, 60);
  ck_assert_int_eq(golcl_msgrid_boundary(g), GOLCL_BOUNDARY_DEAD);
  TU_OK(golcl_msgrid_place(g, pt, 29, 30));
  TU_OK(golcl_msgrid_bounds(g, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_TORUS);
  ck_assert_int_eq(golcl_msgrid_boundary(g), GOLCL_BOUNDARY_TORUS);
  TU_OK(golcl_msgrid_create(tu_ctx, 80, 60, GOLCL_BOUNDARY_TORUS, &h));
  TU_OK(golcl_msgrid_place(h, pp, 39, 30)); /* another width: its own torus stays */
  TU_OK(golcl_msgrid_bounds(h, &b));
  ck_assert_int_eq(b.topology, GOLCL_TOPOLOGY_TORUS);
  ck_assert_uint_eq(b.width, 80);
  uint64_t pop;
  TU_OK(golcl_msgrid_population(h, &pop));
  ck_assert_uint_eq(pop, 3);
  golcl_msgrid_destroy(h);
  golcl_msgrid_destroy(g);
  golcl_mspattern_destroy(pt);
  golcl_mspattern_destroy(pp);
}
END_TEST

/* Both writers of multi-state patterns report a write that fails when the
 * buffer goes out (a 37x23 pattern to /dev/full) as GOLCL_E_IO. */
START_TEST(writes_to_a_full_disk_fail) {
  golcl_msgrid *g;
  golcl_mspattern *p;
  TU_OK(golcl_msgrid_create(tu_ctx, 37, 23, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_set_rule(g, "345/2/4"));
  TU_OK(golcl_msgrid_randomize(g, 4, 0.5, 7));
  TU_OK(golcl_msgrid_extract(g, &p));
  ck_assert_uint_eq(golcl_mspattern_width(p), 37);
  for (int k = 0; k < 2; k++) {
    FILE *f = fopen("/dev/full", "w");
    ck_assert_msg(f != NULL, "/dev/full cannot be opened");
    golcl_status s = k ? golcl_mspattern_write_macrocell(p, f) : golcl_mspattern_write_rle(p, f);
    ck_assert_msg(s == GOLCL_E_IO, "%s to /dev/full: %s", k ? "macrocell" : "RLE",
                  golcl_strerror(s));
    fclose(f);
  }
  golcl_mspattern_destroy(p);
  golcl_msgrid_destroy(g);
}
END_TEST

/* "a/b" is no Generations rule, so it names a_b.rule ('/' reads as '_'),
 * as Golly takes it; a name no folder holds keeps the Generations error. */
START_TEST(rule_name_with_a_slash) {
  char dir[] = "/tmp/golcl_rulesXXXXXX", path[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/a_b.rule", dir);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(
      "@RULE a_b\n@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:permute\n"
      "var a={0,1,2}\nvar b={a}\nvar c={a}\nvar d={a}\nvar e={a}\nvar f={a}\nvar g={a}\n"
      "var h={a}\n1,a,b,c,d,e,f,g,h,2\n2,a,b,c,d,e,f,g,h,0\n",
      f);
  fclose(f);
  TU_OK(golcl_msrule_set_rules_dir(dir));
  golcl_msrule r;
  ck_assert_msg(golcl_msrule_parse("a/b", &r) == GOLCL_OK, "%s", golcl_last_errmsg());
  ck_assert_int_eq(r.family, GOLCL_MS_RULELOADER);
  ck_assert_uint_eq(r.states, 3);
  ck_assert_int_eq(golcl_msrule_parse("x/y", &r), GOLCL_E_PARSE);
  TU_OK(golcl_msrule_set_rules_dir(""));
  remove(path);
  rmdir(dir);
}
END_TEST

/* Golly's RLE letters of a state (its docs: '.', A..X, then pA..pX, qA..,
 * up to yO for 255; b and o for two states). */
/* Both RLE readers read the text with one tokenizer (lib/core/rle.c): a text read by each (%s:
 * the rule, Life for both, B3/S23 for the two-state reader and Larger than Life's spelling of
 * it for the multi-state one) gives the same cells, position, generation and comments, and a
 * malformed one the same message. */
static const char *const two_readers_ok[] = {
    "#C a\r\n#P -3 4\r\nx = 3, y = 2, rule = %s\r\nbo$\r\n#C inside\r\n2o!\r\n",
    "#CXRLE Gen=9\rx = 2, y = 1, rule = %s\r2o!",
    "x = 30, y = 1, rule = %s\n1\n3o2 o!", /* Golly's counts: 13o, then o */
    "#C x\n#Life 1.05 as a comment\nX = 4, Y = 2, rule = %s\n4$!", /* the body taller than the box
                                                                    */
};

static const char *const two_readers_bad[] = {
    "x = 3, y = 1, rule = %s\no%%!",
    "x = 3, y = 1, rule = %s\n0o!",
    "x = 3, y = 1, rule = %s\no2",
    "x = 3, y = 1, rule = %s\noB!",
    "x = 3, y = 1, rule = %s\nyP!",
    "x = 3, y = 1, rule = %s\n2pA!",
    "x = 3, x = 1, rule = %s\no!",
    "#CXRLE Pos=1;2\nx = 3, y = 1, rule = %s\no!",
    "#P 1\nx = 3, y = 1, rule = %s\no!",
    "x = 3, y = 1, rule = %s\n99999999999o!",
    "#C no header %s\n",
    "x = 3, y = 1, rule = %s\no\0!", /* last: a NUL byte (its length is given below) */
};

/* text with the rule of each reader: [0] two-state, [1] multi-state; the lengths in n */
static void two_texts(const char *fmt, char t[2][256], size_t n[2]) {
  static const char *const rule[2] = {"B3/S23", "R1,C0,M1,S2..3,B3..3,NM"};
  for (int k = 0; k < 2; k++) {
    int len = snprintf(t[k], 256, fmt, rule[k]);
    n[k] = (size_t)len;
  }
}

START_TEST(rle_two_readers_one_tokenizer) {
  char t[2][256];
  size_t n[2];
  for (size_t i = 0; i < sizeof two_readers_ok / sizeof *two_readers_ok; i++) {
    two_texts(two_readers_ok[i], t, n);
    golcl_mspattern *m = parse_ok(t[1]);
    golcl_pattern *p;
    ck_assert_msg(golcl_pattern_parse(t[0], n[0], &p) == GOLCL_OK, "%s", golcl_last_errmsg());
    uint32_t w = golcl_pattern_width(p), h = golcl_pattern_height(p);
    ck_assert_uint_eq(golcl_mspattern_width(m), w);
    ck_assert_uint_eq(golcl_mspattern_height(m), h);
    uint8_t *cells = calloc((size_t)w * h + 1, 1);
    TU_OK(golcl_pattern_get_cells(p, cells, w));
    ck_assert(memcmp(cells, golcl_mspattern_cells(m), (size_t)w * h) == 0);
    int64_t px, py, mx, my;
    golcl_pattern_origin(p, &px, &py);
    golcl_mspattern_origin(m, &mx, &my);
    ck_assert_int_eq(px, mx);
    ck_assert_int_eq(py, my);
    ck_assert_uint_eq(golcl_pattern_generation(p), golcl_mspattern_generation(m));
    ck_assert_uint_eq(golcl_pattern_comment_count(p), golcl_mspattern_comment_count(m));
    for (size_t c = 0; c < golcl_pattern_comment_count(p); c++)
      ck_assert_str_eq(golcl_pattern_comment(p, c), golcl_mspattern_comment(m, c));
    free(cells);
    golcl_pattern_destroy(p);
    golcl_mspattern_destroy(m);
  }
  size_t nbad = sizeof two_readers_bad / sizeof *two_readers_bad;
  for (size_t i = 0; i < nbad; i++) {
    two_texts(two_readers_bad[i], t, n);
    for (int k = 0; i + 1 == nbad && k < 2; k++) /* "\0!": the format ended at the NUL */
      t[k][n[k]] = '\0', t[k][n[k] + 1] = '!', n[k] += 2;
    golcl_pattern *p;
    golcl_mspattern *m;
    char two[2048];
    ck_assert_int_eq(golcl_pattern_parse(t[0], n[0], &p), GOLCL_E_PARSE);
    snprintf(two, sizeof two, "%s", golcl_last_errmsg());
    ck_assert_int_eq(golcl_mspattern_parse(t[1], n[1], &m), GOLCL_E_PARSE);
    ck_assert_msg(strcmp(two, golcl_last_errmsg()) == 0, "%s: \"%s\" and \"%s\"", t[0], two,
                  golcl_last_errmsg());
  }
}
END_TEST

START_TEST(rle_symbols_of_states) {
  static const struct {
    uint8_t s;
    int two;
    const char *want;
  } cases[] = {{0, 0, "."},   {1, 0, "A"},    {24, 0, "X"}, {25, 0, "pA"}, {48, 0, "pX"},
               {49, 0, "qA"}, {255, 0, "yO"}, {0, 1, "b"},  {1, 1, "o"},   {7, 1, "o"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char got[3] = "??";
    golcl_mspattern_rle_symbol(cases[i].s, cases[i].two, got);
    ck_assert_str_eq(got, cases[i].want);
  }
  golcl_mspattern_rle_symbol(1, 0, NULL); /* no crash */
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules-parse");
  TCase *tc = tcase_create("parse");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, rule_spelling, 0, (int)NSPELL);
  tcase_add_loop_test(tc, rule_spelling_as_bgolly, 0, (int)NSPELL);
  tcase_add_test(tc, rule_errors_have_columns);
  tcase_add_test(tc, neighbourhood_sizes);
  tcase_add_test(tc, rle_states);
  tcase_add_test(tc, rle_two_states_pos_gen_bounds);
  tcase_add_test(tc, rle_gen_without_pos);
  tcase_add_test(tc, rle_long_lines_wrap);
  tcase_add_loop_test(tc, rle_errors, 0, (int)(sizeof bad / sizeof *bad));
  tcase_add_test(tc, rle_arbitrary_bytes);
  tcase_add_test(tc, place_and_extract);
  tcase_add_test(tc, place_takes_the_bounded_grid);
  tcase_add_test(tc, writes_to_a_full_disk_fail);
  tcase_add_test(tc, rule_name_with_a_slash);
  tcase_add_test(tc, read_file_errors);
  tcase_add_test(tc, rle_symbols_of_states);
  tcase_add_test(tc, rle_two_readers_one_tokenizer);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
