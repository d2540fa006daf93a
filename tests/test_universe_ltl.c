/* test_universe_ltl.c — Larger than Life on the universe's plane: random
 * soups of several ranges and neighbourhoods (R 2 to 100; Moore, von
 * Neumann, circular; 2 to 4 states) on the host tiles of states (the box
 * that follows the live cells past a tile's range) against
 * golcl_ms_reference_run on a dead-boundary grid beyond the light cone
 * (gens·R + 1 cells), whole, split and watched; AUTO choosing the tiles
 * without a HashLife probe; an explicit HashLife refused with the reason
 * and the universe unchanged; range 1 on HashLife; the rules and files the
 * universe refuses (B0, Golly's bounded grids); and Golly's LtL files on
 * the unbounded plane against bgolly, its ranges of 100 and 500 included. */
#include <golcl_universe.h>

#include "mscheck.h"
#include "testutil.h"
#include "unicheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LTL "/usr/share/golly/Patterns/Larger-than-Life/"

static const char *const RULES[] = {
    "R2,C0,M1,S2..7,B3..5,NM",          /* a small Moore range */
    "R3,C4,M1,S5..20,B6..12,NC",        /* circular, decaying states */
    "R5,C0,M1,S34..58,B34..45,NM",      /* Bosco's rule */
    "R7,C3,M0,S20..60,B18..40,NN",      /* von Neumann, 3 states */
    "R32,C0,M1,S300..900,B350..700,NM", /* half a tile of frame */
    /* past a tile's side: the box */
    "R65,C0,M1,S200..800,B300..700,NM", "R80,C3,M0,S150..600,B200..500,NN",
};
#define NRULES (sizeof RULES / sizeof *RULES)

/* w×h states at (x0, y0), runs `parts`, against the reference with a
 * margin of the light cone (R cells a generation). */
static golcl_universe_stats vs_reference(const golcl_msrule *r, golcl_universe_algo algo,
                                         uint32_t w, uint32_t h, int64_t x0, int64_t y0,
                                         const uint64_t *parts, int watched, uint64_t seed) {
  uint64_t gens = 0;
  for (const uint64_t *p = parts; *p; p++) gens += *p;
  uint8_t *c = tu_random_states((size_t)w * h, r->states, 0.5, seed);
  const uint32_t margin = (uint32_t)gens * golcl_msrule_reach(r) + 1;
  golcl_universe_stats st = tu_ms_vs_reference(r, algo, 0, c, w, h, x0, y0, parts, margin, watched);
  free(c);
  return st;
}

/* The host algorithm is the box that follows the live cells for Larger
 * than Life; with GOLCL_UNIVERSE_TILES=states the host tiles of states up to
 * range 64. Each test below runs on both (_i / NRULES, _i / NFILES). */
static void on_engine(int tiles) {
  if (tiles)
    ck_assert_int_eq(setenv("GOLCL_UNIVERSE_TILES", "states", 1), 0);
  else
    ck_assert_int_eq(unsetenv("GOLCL_UNIVERSE_TILES"), 0);
}

START_TEST(soups_match_the_reference) {
  golcl_msrule r;
  on_engine(_i >= (int)NRULES);
  tu_msrule_of(RULES[_i % NRULES], &r);
  const uint32_t R = golcl_msrule_reach(&r);
  const uint64_t gens = R >= 32 ? 2 : R >= 7 ? 4 : 9;
  const uint64_t whole[] = {gens, 0}, split[] = {1, gens - 1, 0};
  if (R > 64) { /* the box alone: its frame, a split run, AUTO (the reference takes R² a cell) */
    if (_i >= (int)NRULES) return; /* the tiles' turn: the box again */
    const uint64_t one[] = {1, 0};
    golcl_universe_stats sb = vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, 45, 37, -70, 30, one, 0, 1);
    ck_assert_uint_gt(sb.host_tile_bytes, 0);
    vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, 1, 1, 63, 63, one, 0, 2);
    sb = vs_reference(&r, GOLCL_UNIVERSE_AUTO, 19, 17, 5 - 6400, 60, split, 1, 3 + _i);
    ck_assert_int_eq(sb.algo, GOLCL_UNIVERSE_HOST_TILES);
    return;
  }
  /* odd sizes across tile borders (tiles are 64 cells from 0), far away */
  golcl_universe_stats st =
      vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, 45, 37, -70, 30, whole, 0, 1 + _i);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_uint_gt(st.host_tile_bytes, 0);
  vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, 1, 1, 63, 63, whole, 0, 2);
  vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, 29, 23, 5 - 6400, 60, split, 0, 3 + _i);
  vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, 29, 23, 5 - 6400, 60, split, 1, 3 + _i);
  /* AUTO: the tiles, HashLife never asked (no results computed) */
  st = vs_reference(&r, GOLCL_UNIVERSE_AUTO, 50, 41, -25, -20, split, 0, 4 + _i);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_uint_eq(st.results_computed, 0);
}
END_TEST

/* A run of AUTO long enough for its HashLife probe on other rules (2048
 * generations and more) of a soup that settles (Griffeath's Majority, which
 * HashLife would keep): Larger than Life stays on the tiles all the way, the
 * cells those of the tiles alone. */
START_TEST(auto_never_probes_with_hashlife) {
  golcl_msrule r;
  tu_msrule_of("R4,C0,M1,S41..81,B41..81,NM", &r);
  uint8_t *c = tu_random_states(160 * 150, r.states, 0.55, 9);
  golcl_universe_opts ao = {0}, to = {0};
  ao.algo = GOLCL_UNIVERSE_AUTO;
  to.algo = GOLCL_UNIVERSE_HOST_TILES;
  golcl_universe *a, *t;
  TU_OK(golcl_universe_create(NULL, &ao, &a));
  TU_OK(golcl_universe_create(NULL, &to, &t));
  TU_OK(golcl_universe_set_msrule(a, &r));
  TU_OK(golcl_universe_set_msrule(t, &r));
  TU_OK(golcl_universe_write_rect(a, -80, -75, 160, 150, c, 0));
  TU_OK(golcl_universe_write_rect(t, -80, -75, 160, 150, c, 0));
  TU_OK(golcl_universe_run(a, 2100));
  TU_OK(golcl_universe_run(t, 2100));
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_uint_eq(st.results_computed, 0);
  tu_universes_same(a, t, "AUTO against the tiles");
  uint64_t pop;
  TU_OK(golcl_universe_population(a, &pop));
  ck_assert_uint_gt(pop, 0); /* a comparison of two empty planes could not fail */
  golcl_universe_destroy(a), golcl_universe_destroy(t);
  free(c);
}
END_TEST

START_TEST(hashlife_refuses_with_the_reason) {
  golcl_msrule r;
  tu_msrule_of("R5,C0,M1,S34..58,B34..45,NM", &r);
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HASHLIFE;
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, &o, &u));
  TU_OK(golcl_universe_set_rule(u, "R5,C0,M1,S34..58,B34..45,NM")); /* as text too */
  uint8_t *c = tu_random_states(30 * 30, r.states, 0.5, 5);
  TU_OK(golcl_universe_write_rect(u, 0, 0, 30, 30, c, 0));
  uint64_t h0, h1;
  TU_OK(golcl_universe_hash(u, &h0));
  ck_assert_int_eq(golcl_universe_run(u, 10), GOLCL_E_UNSUPPORTED);
  ck_assert_msg(strstr(golcl_last_errmsg(), "HashLife does not run Larger than Life") &&
                    strstr(golcl_last_errmsg(), "host-tiles"),
                "%s", golcl_last_errmsg());
  TU_OK(golcl_universe_hash(u, &h1));
  ck_assert_uint_eq(h0, h1);
  ck_assert_uint_eq(golcl_universe_generation(u), 0);
  /* progress callback or not */
  ck_assert_int_eq(golcl_universe_run_progress(u, 10, NULL, NULL), GOLCL_E_UNSUPPORTED);
  char text[GOLCL_MSRULE_TEXT_CAP];
  TU_OK(golcl_universe_get_rule(u, text, sizeof text));
  ck_assert_str_eq(text, "R5,C0,M1,S34..58,B34..45,NM");
  golcl_universe_destroy(u);
  free(c);
}
END_TEST

/* Range 1 (Golly's Gnarl, von Neumann) is within HashLife's reach: it runs
 * there, and AUTO keeps HashLife's policy for it. */
START_TEST(range_one_runs_on_hashlife) {
  golcl_msrule r;
  tu_msrule_of("R1,C0,M1,S1..1,B1..1,NN", &r);
  const uint64_t parts[] = {7, 9, 0};
  golcl_universe_stats st = vs_reference(&r, GOLCL_UNIVERSE_HASHLIFE, 21, 17, -11, -7, parts, 0, 6);
  ck_assert_uint_gt(st.results_computed, 0);
  st = vs_reference(&r, GOLCL_UNIVERSE_AUTO, 21, 17, -11, -7, parts, 0, 6);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HASHLIFE);
}
END_TEST

START_TEST(refusals) {
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  golcl_msrule r;
  tu_msrule_of("R3,C0,M1,S2..3,B0..3,NM", &r); /* B0: the plane lights up */
  ck_assert_int_eq(golcl_universe_set_msrule(u, &r), GOLCL_E_UNSUPPORTED);
  ck_assert_msg(strstr(golcl_last_errmsg(), "background"), "%s", golcl_last_errmsg());
  ck_assert_uint_eq(golcl_universe_states(u), 2); /* still B3/S23 */
  FILE *f = fopen(LTL "BugGun.rle", "r");
  if (f) { /* Golly's bounded grid (:P200,200) is the byte grid's */
    fclose(f);
    ck_assert_int_eq(golcl_universe_read_file(u, LTL "BugGun.rle"), GOLCL_E_UNSUPPORTED);
  }
  golcl_universe_destroy(u);
}
END_TEST

/* Golly's Larger than Life files on the unbounded plane (no suffix, a
 * range within a tile) against bgolly at a few generation counts, AUTO and
 * split runs. */
static const char *const FILES[] = {"Butterfly.rle",   "Jitterbug.rle",      "SlowShip.rle",
                                    "SoldierBugs.rle", "R100-alien-bug.rle", "R100-NN-bug.rle"};
#define NFILES (sizeof FILES / sizeof *FILES)

START_TEST(golly_files_match_bgolly) {
  char path[512];
  on_engine(_i >= (int)NFILES);
  snprintf(path, sizeof path, LTL "%s", FILES[_i % NFILES]);
  FILE *f = fopen(path, "r");
  if (!f) return; /* Golly's patterns are not installed */
  fclose(f);
  static const uint64_t runs[][3] = {{37, 0, 0}, {130, 0, 0}, {100, 200, 0}};
  for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
    golcl_universe_stats st =
        tu_ms_vs_bgolly(path, "Larger than Life", GOLCL_UNIVERSE_AUTO, runs[k]);
    ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  }
}
END_TEST

/* Range 500, Golly's largest (bgolly takes about 20 ms a generation). */
START_TEST(range_500_matches_bgolly) {
  FILE *f = fopen(LTL "R500-alien-bug.rle", "r");
  if (!f) return;
  fclose(f);
  static const uint64_t run[] = {9, 11, 0};
  golcl_universe_stats st =
      tu_ms_vs_bgolly(LTL "R500-alien-bug.rle", "Larger than Life", GOLCL_UNIVERSE_AUTO, run);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_ltl");
  TCase *tc = tcase_create("universe_ltl");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, soups_match_the_reference, 0, 2 * NRULES);
  tcase_add_test(tc, auto_never_probes_with_hashlife);
  tcase_add_test(tc, hashlife_refuses_with_the_reason);
  tcase_add_test(tc, range_one_runs_on_hashlife);
  tcase_add_test(tc, refusals);
  tcase_add_loop_test(tc, golly_files_match_bgolly, 0, 2 * NFILES);
  tcase_add_test(tc, range_500_matches_bgolly);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
