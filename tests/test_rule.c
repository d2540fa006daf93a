/* test_rule.c — the rule tables: parse and format round trips for every
 * family (totalistic with V and H, Hensel, MAP, Wolfram, named), Golly's
 * canonical spelling (checked against bgolly when it is installed), errors,
 * and the tables' dynamics against bgolly on small bounded planes and tori,
 * B0 rules included (through golcl_rule_table_at). */
#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static char bgolly[4096];
static int have_bgolly;

/* ------------------------------------------------------------ spelling */

typedef struct spelling {
  const char *in, *canon;
  golcl_rule_family family;
  golcl_neighbourhood nb;
  int golly; /* 1: bgolly reads it too (named rules are Golly's GUI only) */
} spelling;

#define MAP_LIFE \
  "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA"
static const spelling spellings[] = {
    {"B3/S23", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"b36s23", "B36/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"S23/B3", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"23/3", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"3/23", "B23/S3", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B3S23", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"S23B3", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"/3", "B3/S", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B3/", "B3/S", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"  B0123478/S01234678 ", "B0123478/S01234678", GOLCL_RULE_TOTALISTIC,
     GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2/S", "B2/S", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"b3s23v", "B3/S23V", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_VON_NEUMANN, 1},
    {"B13/S012V", "B13/S012V", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_VON_NEUMANN, 1},
    {"B245/S3H", "B245/S3H", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_HEXAGONAL, 1},
    {"B0/SV", "B0/SV", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_VON_NEUMANN, 1},
    {"B2-a/S12", "B2-a/S12", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2cekin/S12", "B2-a/S12", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2ceikn3/S", "B2-a3/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2aceikn3/S", "B23/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2-aceikn3/S", "B3/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B4-qjrtwz/S", "B4aceikny/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2nic/S", "B2cin/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2-/S", "B2/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B3-a/S", "B3-a/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B1e/S", "B1e/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B1c2c3c4c5c6c7c/S", "B1c2c3c4c5c6c7c/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B3_S23-a4ei6", "B3/S23-a4ei6", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B2cek3i_S12cei", "B2cek3i/S12cei", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B37/S2-i34q", "B37/S2-i34q", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B4aeiknqrtwyz/S", "B4-cj/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B4acejikn/S", "B4aceijkn/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"B4acejiknq/S", "B4-rtwyz/S", GOLCL_RULE_ISOTROPIC, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {MAP_LIFE, MAP_LIFE, GOLCL_RULE_MAP, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {MAP_LIFE "==", MAP_LIFE, GOLCL_RULE_MAP, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"mapARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA",
     MAP_LIFE, GOLCL_RULE_MAP, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"MAPAHAAAA", "MAPAHAAAA", GOLCL_RULE_MAP, GOLCL_NEIGHBOURHOOD_VON_NEUMANN, 1},
    {"MAPeQv8IB8hdY88yTdTxBIUFg", "MAPeQv8IB8hdY88yTdTxBIUFg", GOLCL_RULE_MAP,
     GOLCL_NEIGHBOURHOOD_HEXAGONAL, 1},
    {"W22", "W22", GOLCL_RULE_WOLFRAM, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"w30", "W30", GOLCL_RULE_WOLFRAM, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"W0", "W0", GOLCL_RULE_WOLFRAM, GOLCL_NEIGHBOURHOOD_MOORE, 1},
    {"Life", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"life", "B3/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"HIGHLIFE", "B36/S23", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"3-4 Life", "B34/S34", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"AntiLife", "B0123478/S01234678", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Life without Death", "B3/S012345678", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Plow World", "B378/S012345678", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"day and night", "B3678/S34678", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Diamoeba", "B35678/S5678", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"LongLife", "B345/S5", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Seeds", "B2/S", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Persian Rug", "B234/S", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Replicator", "B1357/S1357", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Fredkin", "B1357/S02468", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Morley", "B368/S245", GOLCL_RULE_TOTALISTIC, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Wolfram 22", "W22", GOLCL_RULE_WOLFRAM, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"Wolfram 30", "W30", GOLCL_RULE_WOLFRAM, GOLCL_NEIGHBOURHOOD_MOORE, 0},
    {"wolfram 110", "W110", GOLCL_RULE_WOLFRAM, GOLCL_NEIGHBOURHOOD_MOORE, 0},
};

/* Golly's spelling of a rule: bgolly -m 0 on a one-cell pattern. */
static int golly_canonical(const char *rule, char *out, size_t cap) {
  char rle[256], err[512];
  snprintf(rle, sizeof rle, "x = 1, y = 1, rule = %s\no!\n", rule);
  bg_cells c;
  if (bg_run(bgolly, rle, 0, &c, err, sizeof err) != 0) return -1;
  snprintf(out, cap, "%s", c.rule);
  bg_free(&c);
  return 0;
}

START_TEST(spelling_round_trip) {
  const spelling *s = &spellings[_i];
  golcl_rule_table t, u;
  TU_OK(golcl_rule_table_parse(s->in, &t));
  ck_assert_int_eq(t.family, s->family);
  ck_assert_int_eq(t.neighbourhood, s->nb);
  char buf[GOLCL_RULE_TEXT_CAP], again[GOLCL_RULE_TEXT_CAP];
  TU_OK(golcl_rule_table_format(&t, buf, sizeof buf));
  ck_assert_str_eq(buf, s->canon);
  TU_OK(golcl_rule_table_parse(buf, &u));
  ck_assert_msg(memcmp(t.next, u.next, 512) == 0 && t.neighbourhood == u.neighbourhood,
                "%s: the canonical text %s gives another table", s->in, buf);
  TU_OK(golcl_rule_table_format(&u, again, sizeof again));
  ck_assert_str_eq(again, buf);
  /* cap: exactly enough, and one short */
  TU_OK(golcl_rule_table_format(&t, again, strlen(buf) + 1));
  ck_assert_int_eq(golcl_rule_table_format(&t, again, strlen(buf)), GOLCL_E_INVALID_ARG);
  if (have_bgolly && s->golly) {
    char g[160];
    ck_assert_msg(golly_canonical(s->in, g, sizeof g) == 0, "bgolly refused %s", s->in);
    ck_assert_msg(strcmp(g, s->canon) == 0, "%s: Golly writes %s, the test expects %s", s->in, g,
                  s->canon);
  }
}
END_TEST

/* A table from the Life-like bits and back, for every rule of a sample. */
START_TEST(totalistic_bits) {
  for (uint32_t k = 0; k < 2000; k++) {
    golcl_rule r = {(uint16_t)((k * 2654435761u) >> 7 & 0x1ff),
                    (uint16_t)((k * 40503u + 17) >> 3 & 0x1ff)};
    golcl_rule_table t;
    golcl_rule back;
    TU_OK(golcl_rule_table_from_rule(r, &t));
    TU_OK(golcl_rule_table_totalistic(&t, &back));
    ck_assert_uint_eq(back.birth, r.birth);
    ck_assert_uint_eq(back.survive, r.survive);
    char a[GOLCL_RULE_TEXT_CAP], b[32];
    TU_OK(golcl_rule_table_format(&t, a, sizeof a));
    TU_OK(golcl_rule_format(r, b, sizeof b));
    ck_assert_str_eq(a, b);
  }
  golcl_rule_table t;
  golcl_rule r;
  TU_OK(golcl_rule_table_parse("B2-a/S12", &t));
  ck_assert_int_eq(golcl_rule_table_totalistic(&t, &r), GOLCL_E_UNSUPPORTED);
  TU_OK(golcl_rule_table_parse("B3/S23V", &t));
  ck_assert_int_eq(golcl_rule_table_totalistic(&t, &r), GOLCL_E_UNSUPPORTED);
  TU_OK(golcl_rule_table_parse("B2aceikn/S", &t)); /* all letters: totalistic after all */
  TU_OK(golcl_rule_table_totalistic(&t, &r));
  ck_assert_uint_eq(r.birth, 4);
}
END_TEST

static uint64_t rng = 88172645463325252ull;
static uint32_t next_rand(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

/* Random isotropic tables (random unions of 8-symmetry classes) and random
 * MAP tables of each neighbourhood survive format and parse unchanged. */
START_TEST(random_round_trip) {
  static const char *hex_ignored = "ignored by H";
  (void)hex_ignored;
  for (int k = 0; k < 300; k++) {
    golcl_rule_table t, u;
    memset(&t, 0, sizeof t);
    int kind = k % 4;
    if (kind == 0) { /* isotropic: through Hensel text */
      TU_OK(golcl_rule_table_parse("B/S", &t));
      t.family = GOLCL_RULE_ISOTROPIC;
      for (unsigned i = 0; i < 512; i++) {
        /* the class's smallest member decides */
        unsigned x = i, m = i;
        for (int f = 0; f < 2; f++) {
          for (int r = 0; r < 4; r++) {
            static const int to[9] = {2, 5, 8, 1, 4, 7, 0, 3, 6};
            unsigned y = 0;
            for (int b = 0; b < 9; b++)
              if (x >> (8 - b) & 1) y |= 1u << (8 - to[b]);
            x = y;
            if (x < m) m = x;
          }
          x = (x & 0x7) << 6 | (x & 0x1c0) >> 6 | (x & 0x38);
        }
        t.next[i] = (uint8_t)((m * 2654435761u + (unsigned)k * 97u) >> 13 & 1);
      }
    } else {
      static const unsigned masks[3] = {0x1ff, 0xba, 0x1bb};
      t.family = GOLCL_RULE_MAP;
      t.neighbourhood = (golcl_neighbourhood)(kind - 1);
      uint8_t by[512];
      for (unsigned i = 0; i < 512; i++) by[i] = (uint8_t)(next_rand() & 1);
      for (unsigned i = 0; i < 512; i++) t.next[i] = by[i & masks[kind - 1]];
    }
    char buf[GOLCL_RULE_TEXT_CAP];
    TU_OK(golcl_rule_table_format(&t, buf, sizeof buf));
    TU_OK(golcl_rule_table_parse(buf, &u));
    ck_assert_msg(memcmp(t.next, u.next, 512) == 0 && u.neighbourhood == t.neighbourhood,
                  "round trip of %s", buf);
  }
}
END_TEST

typedef struct bad_rule {
  const char *text;
  golcl_status want;
  const char *says; /* a piece of the message */
} bad_rule;

static const bad_rule bad_rules[] = {
    {"", GOLCL_E_PARSE, "empty"},
    {"   ", GOLCL_E_PARSE, "empty"},
    {"B9/S", GOLCL_E_PARSE, "column 2"},
    {"B3/S23/", GOLCL_E_PARSE, "only one"},
    {"B3/S2x", GOLCL_E_PARSE, "column 6"},
    {"B3//S23", GOLCL_E_PARSE, "column 4"},
    {"B3_S23", GOLCL_E_PARSE, "'_'"},
    {"B5/S23V", GOLCL_E_PARSE, "above 4"},
    {"B7/S23H", GOLCL_E_PARSE, "above 6"},
    {"B3/S23VH", GOLCL_E_PARSE, "goes last"},
    {"B2a/S2H", GOLCL_E_PARSE, "Moore"},
    {"B1a/S", GOLCL_E_PARSE, "'a' is no Hensel letter for 1"},
    {"B5z/S", GOLCL_E_PARSE, "'z' is no Hensel letter for 5"},
    {"B0c/S", GOLCL_E_PARSE, "0 and 8"},
    {"B2a-c/S", GOLCL_E_PARSE, "'-' must follow"},
    {"B2a2-c/S", GOLCL_E_PARSE, "plain and negated"},
    {"BB3/S", GOLCL_E_PARSE, "B given twice"},
    {"B3/B3", GOLCL_E_PARSE, "B given twice"},
    {"3", GOLCL_E_PARSE, "expected B, S"},
    {"B3/S23:T10,10", GOLCL_E_PARSE, "topology"},
    {"MAPAAA", GOLCL_E_PARSE, "86"},
    {"MAPAHAA!A", GOLCL_E_PARSE, "base64"},
    {"W23", GOLCL_E_PARSE, "odd"},
    {"W256", GOLCL_E_PARSE, "W254"},
    {"W", GOLCL_E_UNSUPPORTED, "not a rule"},
    {"LifeHistory", GOLCL_E_UNSUPPORTED, "multi-state"},
    {"wireworld", GOLCL_E_UNSUPPORTED, "multi-state"},
    {"JvN29", GOLCL_E_UNSUPPORTED, "multi-state"},
    {"345/3/6", GOLCL_E_UNSUPPORTED, "Generations"},
    {"B3/S23/C3", GOLCL_E_UNSUPPORTED, "Generations"},
    {"R5,C0,M1,S34..58,B34..45,NM", GOLCL_E_UNSUPPORTED, "Larger than Life"},
    {"Sand-Margolus-emulated", GOLCL_E_UNSUPPORTED, "RuleLoader"},
    {"Turmite_121181121020", GOLCL_E_UNSUPPORTED, "RuleLoader"},
    {"Banks-I", GOLCL_E_UNSUPPORTED, "RuleLoader"},
    {"Byl-Loop", GOLCL_E_UNSUPPORTED, "multi-state"},
    {"R5", GOLCL_E_UNSUPPORTED, "Larger than Life"},
    {"B3/Sa", GOLCL_E_PARSE, "column 5"},
};

START_TEST(errors) {
  const bad_rule *b = &bad_rules[_i];
  golcl_rule_table t;
  memset(&t, 0x5a, sizeof t);
  golcl_status s = golcl_rule_table_parse(b->text, &t);
  ck_assert_msg(s == b->want, "\"%s\": %s (%s), want %s", b->text, golcl_strerror(s),
                golcl_last_errmsg(), golcl_strerror(b->want));
  ck_assert_msg(strstr(golcl_last_errmsg(), b->says), "\"%s\": message \"%s\" lacks \"%s\"",
                b->text, golcl_last_errmsg(), b->says);
  ck_assert_uint_eq(t.next[0], 0x5a); /* unchanged */
}
END_TEST

START_TEST(invalid_args) {
  golcl_rule_table t;
  char buf[GOLCL_RULE_TEXT_CAP];
  uint8_t tab[512];
  golcl_rule r = {8, 12};
  ck_assert_int_eq(golcl_rule_table_parse(NULL, &t), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_parse("B3/S23", NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_format(NULL, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_rule_table_parse("B3/S23", &t));
  ck_assert_int_eq(golcl_rule_table_format(&t, NULL, 10), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_from_rule(r, NULL), GOLCL_E_INVALID_ARG);
  r.birth = 1 << 9;
  ck_assert_int_eq(golcl_rule_table_from_rule(r, &t), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_totalistic(NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_totalistic(&t, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_at(NULL, 0, tab), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_table_at(&t, 0, NULL), GOLCL_E_INVALID_ARG);
  /* tables that cannot be written */
  TU_OK(golcl_rule_table_parse("B3/S23", &t));
  t.next[7] = 2;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_rule_table_parse("B3/S23", &t));
  t.neighbourhood = (golcl_neighbourhood)7;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_rule_table_parse("B3/S23", &t));
  t.family = (golcl_rule_family)9;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_rule_table_parse("B3/S23", &t));
  t.next[1] ^= 1; /* not isotropic: only MAP can spell it */
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  t.family = GOLCL_RULE_WOLFRAM;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  t.family = GOLCL_RULE_MAP;
  TU_OK(golcl_rule_table_format(&t, buf, sizeof buf));
  TU_OK(golcl_rule_table_parse("B3/S23V", &t));
  t.next[256] = 1; /* reads NW, which V ignores */
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  /* one neighbour in N alone, not in W alone: not totalistic */
  TU_OK(golcl_rule_table_parse("B3/S23V", &t));
  t.next[0x80] = 1;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_rule_table_parse("B2/S34H", &t));
  t.next[0x80] = 1;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  t.next[0x80] = 0;
  TU_OK(golcl_rule_table_format(&t, buf, sizeof buf));
  ck_assert_str_eq(buf, "B2/S34H");
}
END_TEST

/* A birth on N and SE (bits 7 and 0, NW bit 8 to SE bit 0) and its quarter
 * turns only is the same under rotation but not under reflection: not
 * isotropic; with its mirror images too, it is, and spells back. */
START_TEST(rule_table_format_checks_reflections) {
  golcl_rule_table t;
  char buf[GOLCL_RULE_TEXT_CAP];
  static const unsigned turns[4] = {0x80 | 0x01, 0x08 | 0x04, 0x02 | 0x100, 0x20 | 0x40};
  static const unsigned mirrors[4] = {0x02 | 0x40, 0x08 | 0x100, 0x80 | 0x04, 0x20 | 0x01};
  TU_OK(golcl_rule_table_parse("B3/S23", &t));
  for (int i = 0; i < 4; i++) t.next[turns[i]] = 1;
  ck_assert_int_eq(golcl_rule_table_format(&t, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  for (int i = 0; i < 4; i++) t.next[mirrors[i]] = 1;
  TU_OK(golcl_rule_table_format(&t, buf, sizeof buf));
  golcl_rule_table back;
  TU_OK(golcl_rule_table_parse(buf, &back));
  ck_assert_mem_eq(back.next, t.next, sizeof t.next);
}
END_TEST

/* ------------------------------------------------------------ dynamics */

/* One generation of a host model: table lookup of each cell's 3×3 block;
 * outside a plane dead, a torus wraps. */
static void model_step(const uint8_t *in, uint8_t *out, int w, int h, int torus,
                       const uint8_t *tab) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      unsigned i = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          int xx = x + dx, yy = y + dy, v;
          if (torus)
            v = in[((yy + h) % h) * w + (xx + w) % w];
          else
            v = xx >= 0 && yy >= 0 && xx < w && yy < h ? in[yy * w + xx] : 0;
          i = i << 1 | (unsigned)v;
        }
      out[y * w + x] = tab[i];
    }
}

static void model_run(uint8_t *c, int w, int h, int torus, const golcl_rule_table *t, uint64_t g0,
                      uint64_t gens) {
  uint8_t *tmp = malloc((size_t)(w * h)), tab[512];
  for (uint64_t g = g0; g < g0 + gens; g++) {
    TU_OK(golcl_rule_table_at(t, g, tab));
    model_step(c, tmp, w, h, torus, tab);
    memcpy(c, tmp, (size_t)(w * h));
  }
  free(tmp);
}

static char *soup_rle(const uint8_t *c, int w, int h, const char *rule, const char *topo) {
  size_t cap = (size_t)(w + 4) * (size_t)h + 512;
  char *s = malloc(cap), *p = s;
  p += sprintf(p, "#CXRLE Pos=%d,%d\nx = %d, y = %d, rule = %s:%s%d,%d\n", -(w / 2), -(h / 2), w, h,
               rule, topo, w, h);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) *p++ = c[y * w + x] ? 'o' : 'b';
    *p++ = y + 1 < h ? '$' : '!';
    *p++ = '\n';
  }
  *p = '\0';
  return s;
}

/* Whether the live cells of c (w×h) are `g` up to a translation: the
 * plane needs none beyond normalising; the torus tries every shift. */
static int same_cells(const uint8_t *c, int w, int h, int torus, const bg_cells *g) {
  size_t n = 0;
  for (int i = 0; i < w * h; i++) n += c[i];
  if (n != g->n) return 0;
  if (n == 0) return 1;
  uint32_t *xy = malloc(2 * sizeof *xy * n);
  for (int i = 0, k = 0; i < w * h; i++)
    if (c[i]) xy[2 * k] = (uint32_t)(i % w), xy[2 * k + 1] = (uint32_t)(i / w), k++;
  int ok = 0;
  if (!torus) {
    bg_normalise(xy, n);
    ok = memcmp(xy, g->xy, 2 * sizeof *xy * n) == 0;
  } else {
    for (int sy = 0; sy < h && !ok; sy++)
      for (int sx = 0; sx < w && !ok; sx++) {
        uint32_t *t = malloc(2 * sizeof *t * n);
        for (size_t i = 0; i < n; i++)
          t[2 * i] = (xy[2 * i] + (uint32_t)sx) % (uint32_t)w,
                t[2 * i + 1] = (xy[2 * i + 1] + (uint32_t)sy) % (uint32_t)h;
        bg_normalise(t, n);
        ok = memcmp(t, g->xy, 2 * sizeof *t * n) == 0;
        free(t);
      }
  }
  free(xy);
  return ok;
}

/* Rules of Golly's own patterns, of each family, and B0 ones. */
static const char *dyn_rules[] = {
    "B3/S23",
    "B36/S23",
    "B2/S",
    "B3678/S34678",
    "B34568/S15678",
    "B013568/S01",
    "B1357/S1357",
    "B2-a/S12",
    "B37/S2-i34q",
    "B2ein3cijn4cnrwy5cnq6e/S1c2-ai3acny4anqy5c6ek8",
    "B3_S23-a4ei6",
    "B2cek3i_S12cei",
    "B2ak3nr4iy/S3-nr4ent5er",
    "B2aei3r4kn5jnr6k/S2ai3k4iknqr5r6ai",
    "B2-a5/S1e2-a35678",
    "B3-ej6e/S234i",
    "B2-ac3ai/S1c2-n3-aky4a",
    "B4-qjrtwz/S2-c3",
    "B13/S012V",
    "B2/S013V",
    "B1/S1V",
    "B245/S3H",
    "B2/S34H",
    "B24/S35H",
    MAP_LIFE,
    "MAPeQv8IB8hdY88yTdTxBIUFg",
    "MAPDi8x2w",
    "MAPAHAAAA",
    "W22",
    "W30",
    "W110",
    /* B0: with and without Smax, each neighbourhood */
    "B03/S23",
    "B03/S238",
    "B0123478/S01234678",
    "B0/S8",
    "B01/S1",
    "B0/S4V",
    "B0/SV",
    "B02/S6H",
    "B0/S2H",
    "B02-a/S1c3",
    "B0124-k/S1c25",
};

START_TEST(dynamics_like_golly) {
  if (!have_bgolly) {
    printf("test_rule: bgolly not found, the dynamics against Golly did NOT run\n");
    return;
  }
  const char *rule = dyn_rules[_i];
  golcl_rule_table t;
  TU_OK(golcl_rule_table_parse(rule, &t));
  static const int sizes[][2] = {{13, 11}, {7, 9}};
  static const uint64_t gens[] = {1, 2, 3, 8};
  for (int torus = 0; torus < 2; torus++)
    for (int z = 0; z < 2; z++) {
      int w = sizes[z][0], h = sizes[z][1];
      uint8_t *start = tu_random_cells((size_t)(w * h), 0.35, (uint64_t)(_i * 7 + z + 1));
      char *rle = soup_rle(start, w, h, rule, torus ? "T" : "P");
      for (size_t k = 0; k < sizeof gens / sizeof *gens; k++) {
        bg_cells g;
        char err[600];
        ck_assert_msg(bg_run(bgolly, rle, gens[k], &g, err, sizeof err) == 0, "%s: %s", rule, err);
        uint8_t *c = malloc((size_t)(w * h));
        memcpy(c, start, (size_t)(w * h));
        model_run(c, w, h, torus, &t, 0, gens[k]);
        ck_assert_msg(same_cells(c, w, h, torus, &g),
                      "%s on %s%d,%d after %llu generations: Golly has %zu cells", rule,
                      torus ? ":T" : ":P", w, h, (unsigned long long)gens[k], g.n);
        free(c);
        bg_free(&g);
      }
      free(rle);
      free(start);
    }
}
END_TEST

/* What golcl_rule_table_at means on a torus, where a rule's own evolution
 * is defined: without Smax the cells shown at odd generations are the
 * complement of it; with Smax they are the complement of the evolution of
 * the complement at every generation. */
START_TEST(b0_is_golly_emulation) {
  static const char *rules[] = {"B03/S23", "B0123478/S01234678", "B02-a/S1c3", "B0/S8"};
  for (int r = 0; r < 4; r++) {
    golcl_rule_table t;
    TU_OK(golcl_rule_table_parse(rules[r], &t));
    int smax = t.next[511];
    int w = 11, h = 9;
    uint8_t *shown = tu_random_cells((size_t)(w * h), 0.4, 5 + (uint64_t)r);
    uint8_t *own = malloc((size_t)(w * h)), *tmp = malloc((size_t)(w * h));
    for (int i = 0; i < w * h; i++) own[i] = (uint8_t)(smax ? !shown[i] : shown[i]);
    for (uint64_t g = 0; g < 12; g++) {
      uint8_t tab[512];
      TU_OK(golcl_rule_table_at(&t, g, tab));
      model_step(shown, tmp, w, h, 1, tab);
      memcpy(shown, tmp, (size_t)(w * h));
      model_step(own, tmp, w, h, 1, t.next);
      memcpy(own, tmp, (size_t)(w * h));
      int flip = smax ? 1 : (int)((g + 1) & 1);
      for (int i = 0; i < w * h; i++)
        ck_assert_msg(shown[i] == (own[i] ^ flip), "%s generation %llu cell %d", rules[r],
                      (unsigned long long)g + 1, i);
    }
    free(shown), free(own), free(tmp);
  }
}
END_TEST

int main(void) {
  have_bgolly = bg_find(bgolly, sizeof bgolly);
  if (!have_bgolly)
    printf("test_rule: bgolly NOT FOUND: Golly's spelling and dynamics are not compared\n");
  Suite *s = suite_create("rule");
  TCase *tc = tcase_create("tables");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, spelling_round_trip, 0, (int)(sizeof spellings / sizeof *spellings));
  tcase_add_test(tc, totalistic_bits);
  tcase_add_test(tc, random_round_trip);
  tcase_add_loop_test(tc, errors, 0, (int)(sizeof bad_rules / sizeof *bad_rules));
  tcase_add_test(tc, invalid_args);
  tcase_add_test(tc, rule_table_format_checks_reflections);
  tcase_add_loop_test(tc, dynamics_like_golly, 0, (int)(sizeof dyn_rules / sizeof *dyn_rules));
  tcase_add_test(tc, b0_is_golly_emulation);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
