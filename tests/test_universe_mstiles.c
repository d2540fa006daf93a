/* test_universe_mstiles.c — the universe's host tiles of states
 * (GOLCL_UNIVERSE_HOST_TILES on multi-state cells): random soups of every
 * family the universe takes, on boxes of odd sizes across tile borders,
 * against golcl_ms_reference_run on a dead-boundary grid with a margin
 * beyond the light cone; split runs; runs in chunks with a progress
 * callback; tiles against HashLife; AUTO's choice (HashLife's probe, then
 * the tiles for a chaotic soup and HashLife for a settled one; the
 * structured patterns of Golly on HashLife). */
#include <golcl_universe.h>

#include "mscheck.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#define PATTERNS "/usr/share/golly/Patterns/"

static golcl_universe *make(const golcl_msrule *r, golcl_universe_algo algo) {
  golcl_universe_opts o = {0};
  o.algo = algo;
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, &o, &u));
  TU_OK(golcl_universe_set_msrule(u, r));
  return u;
}

/* w×h states at (x0, y0) run in a universe of algorithm algo against the
 * reference (mscheck.h). */
static golcl_universe_stats vs_reference(const golcl_msrule *r, golcl_universe_algo algo,
                                         const uint8_t *cells, uint32_t w, uint32_t h, int64_t x0,
                                         int64_t y0, const uint64_t *parts, uint32_t margin,
                                         int watched) {
  return tu_ms_vs_reference(r, algo, 0, cells, w, h, x0, y0, parts, margin, watched);
}

START_TEST(soups_match_the_reference) {
  golcl_msrule r;
  tu_msrule_by_name(tu_ms_rules[_i], &r);
  /* odd sizes, across tile borders (tiles are 64 cells from 0), far away */
  static const struct {
    uint32_t w, h;
    int64_t x, y;
  } boxes[] = {{21, 17, -11, -7}, {1, 1, 63, 63}, {70, 66, -67, -1}, {9, 23, 5 - 640, 60}};
  static const uint64_t gens[] = {1, 2, 7, 40};
  for (size_t b = 0; b < sizeof boxes / sizeof *boxes; b++)
    for (size_t k = 0; k < sizeof gens / sizeof *gens; k++) {
      uint8_t *c = tu_random_states((size_t)boxes[b].w * boxes[b].h, r.states, 0.5, 31 + b * 7 + k);
      uint64_t parts[2] = {gens[k], 0};
      golcl_universe_stats st = vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, c, boxes[b].w,
                                             boxes[b].h, boxes[b].x, boxes[b].y, parts, 0, 0);
      ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
      free(c);
    }
}
END_TEST

START_TEST(split_runs_and_chunks) {
  golcl_msrule r;
  tu_msrule_by_name(tu_ms_rules[_i], &r);
  uint8_t *c = tu_random_states(45 * 37, r.states, 0.5, 77);
  const uint64_t whole[] = {100, 0}, split[] = {37, 63, 0};
  vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, c, 45, 37, -20, -30, whole, 0, 0);
  vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, c, 45, 37, -20, -30, split, 0, 0);
  vs_reference(&r, GOLCL_UNIVERSE_HOST_TILES, c, 45, 37, -20, -30, split, 0, 1);
  free(c);
}
END_TEST

/* The same soup by the tiles and by HashLife: the same cells (hash,
 * census, box) after each of several runs, the tiles' engine kept between
 * them. */
START_TEST(tiles_against_hashlife) {
  golcl_msrule r;
  tu_msrule_by_name(tu_ms_rules[_i], &r);
  uint8_t *c = tu_random_states(130 * 100, r.states, 0.4, 5);
  golcl_universe *t = make(&r, GOLCL_UNIVERSE_HOST_TILES), *h = make(&r, GOLCL_UNIVERSE_HASHLIFE);
  TU_OK(golcl_universe_write_rect(t, -65, 3, 130, 100, c, 0));
  TU_OK(golcl_universe_write_rect(h, -65, 3, 130, 100, c, 0));
  static const uint64_t runs[] = {1, 64, 100, 135};
  tu_ms_same_runs(t, h, runs, sizeof runs / sizeof *runs, tu_ms_rules[_i]);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(t, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_uint_gt(st.host_tile_bytes, 0);
  golcl_universe_destroy(t), golcl_universe_destroy(h);
  free(c);
}
END_TEST

/* AUTO on WireWorld soups wider than 2^14 cells, for 2148 generations:
 * HashLife probes the first 512-1024, then a soup still chaotic (density
 * 0.8: the copper is one network whose electrons never settle) goes to the
 * tiles for the rest, one that settled (density 0.5: the electrons circle
 * in small loops) stays on HashLife. WireWorld's state 0 stays 0, so the
 * reference needs a margin of one cell. */
START_TEST(auto_probes_a_soup_and_picks) {
  const uint64_t parts[] = {2048 + 100, 0};
  golcl_msrule r;
  tu_msrule_of("WireWorld", &r);
  static const double density[] = {0.8, 0.5};
  static const golcl_universe_algo want[] = {GOLCL_UNIVERSE_HOST_TILES, GOLCL_UNIVERSE_HASHLIFE};
  for (int k = 0; k < 2; k++) {
    uint8_t *c = tu_random_states(160 * 150, r.states, density[k], 11);
    golcl_universe_stats st =
        vs_reference(&r, GOLCL_UNIVERSE_AUTO, c, 160, 150, -80, -75, parts, 1, 0);
    ck_assert_msg(st.algo == want[k], "density %.1f: %s", density[k],
                  golcl_universe_algo_name(st.algo));
    ck_assert_uint_gt(st.results_computed, 0); /* HashLife probed */
    free(c);
  }
}
END_TEST

/* A run shorter than two probes: HashLife's two jumps of 128 generations,
 * then the tiles for a soup still chaotic (Brian's Brain: compared with the
 * tiles alone), HashLife for one that settled (WireWorld at density 0.5:
 * against the reference); a run under 512 generations stays on HashLife. */
START_TEST(auto_on_short_runs) {
  golcl_msrule r;
  tu_msrule_of("/2/3", &r);
  uint8_t *c = tu_random_states(160 * 150, r.states, 0.8, 12);
  golcl_universe *a = make(&r, GOLCL_UNIVERSE_AUTO), *t = make(&r, GOLCL_UNIVERSE_HOST_TILES);
  TU_OK(golcl_universe_write_rect(a, -80, -75, 160, 150, c, 0));
  TU_OK(golcl_universe_write_rect(t, -80, -75, 160, 150, c, 0));
  TU_OK(golcl_universe_run(a, 600));
  TU_OK(golcl_universe_run(t, 600));
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_uint_gt(st.results_computed, 0); /* HashLife probed */
  uint64_t ha, ht;
  TU_OK(golcl_universe_hash(a, &ha));
  TU_OK(golcl_universe_hash(t, &ht));
  ck_assert_uint_eq(ha, ht);
  golcl_universe_destroy(a), golcl_universe_destroy(t);
  const uint64_t short_run[] = {50, 0};
  st = vs_reference(&r, GOLCL_UNIVERSE_AUTO, c, 160, 150, -80, -75, short_run, 0, 0);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HASHLIFE);
  free(c);
  tu_msrule_of("WireWorld", &r);
  c = tu_random_states(160 * 150, r.states, 0.5, 11);
  const uint64_t parts[] = {600, 0};
  st = vs_reference(&r, GOLCL_UNIVERSE_AUTO, c, 160, 150, -80, -75, parts, 1, 0);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HASHLIFE);
  free(c);
}
END_TEST

/* The structured patterns the speed rows time stay on HashLife. */
static const char *STRUCTURED[] = {"Loops/Langtons-Loops.rle", "Loops/Evoloop.rle",
                                   "Self-Rep/JvN/small-JvN-self-replicator.rle",
                                   "Self-Rep/Devore/Devore-rep.rle"};

START_TEST(structured_patterns_stay_on_hashlife) {
  char path[512];
  snprintf(path, sizeof path, PATTERNS "%s", STRUCTURED[_i]);
  FILE *f = fopen(path, "r");
  if (!f) return; /* Golly's patterns are not installed */
  fclose(f);
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_read_file(u, path));
  TU_OK(golcl_universe_run(u, 64));
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(u, &st));
  ck_assert_msg(st.algo == GOLCL_UNIVERSE_HASHLIFE, "%s ran on %s", STRUCTURED[_i],
                golcl_universe_algo_name(st.algo));
  golcl_universe_destroy(u);
}
END_TEST

static int stop_at_third(void *user, uint64_t done, uint64_t total) {
  (void)total;
  uint64_t *at = user;
  at[0]++, at[1] = done;
  return at[0] == 3;
}

/* A tile run stopped by its progress callback leaves the generation it
 * reached, whose cells are those of a run to it; the rest of the run then
 * gives the cells of one whole run. */
START_TEST(cancelled_tile_runs_keep_their_generation) {
  golcl_msrule r;
  tu_msrule_of("/2/3", &r);
  uint8_t *c = tu_random_states(100 * 90, r.states, 0.5, 21);
  golcl_universe *u = make(&r, GOLCL_UNIVERSE_HOST_TILES), *v = make(&r, GOLCL_UNIVERSE_HOST_TILES);
  TU_OK(golcl_universe_write_rect(u, -50, -45, 100, 90, c, 0));
  TU_OK(golcl_universe_write_rect(v, -50, -45, 100, 90, c, 0));
  uint64_t at[2] = {0, 0};
  ck_assert_int_eq(golcl_universe_run_progress(u, 100000, stop_at_third, at), GOLCL_E_CANCELLED);
  ck_assert_uint_eq(golcl_universe_generation(u), at[1]);
  ck_assert_uint_gt(at[1], 0);
  TU_OK(golcl_universe_run(v, at[1]));
  uint64_t hu, hv;
  TU_OK(golcl_universe_hash(u, &hu));
  TU_OK(golcl_universe_hash(v, &hv));
  ck_assert_uint_eq(hu, hv);
  TU_OK(golcl_universe_run(u, 300));
  TU_OK(golcl_universe_run(v, 300));
  TU_OK(golcl_universe_hash(u, &hu));
  TU_OK(golcl_universe_hash(v, &hv));
  ck_assert_uint_eq(hu, hv);
  golcl_universe_destroy(u), golcl_universe_destroy(v);
  free(c);
}
END_TEST

/* Still and period-2 areas cost nothing: a WireWorld wire with no electron
 * is still, and the tiles keep it without stepping it. */
START_TEST(still_cells_are_kept) {
  golcl_msrule r;
  tu_msrule_of("WireWorld", &r);
  uint8_t wire[200];
  memset(wire, 3, sizeof wire);
  golcl_universe *u = make(&r, GOLCL_UNIVERSE_HOST_TILES);
  TU_OK(golcl_universe_write_rect(u, -100, 0, 200, 1, wire, 0));
  TU_OK(golcl_universe_run(u, 500));
  uint64_t census[256];
  TU_OK(golcl_universe_census(u, census));
  ck_assert_uint_eq(census[3], 200);
  ck_assert_uint_eq(census[1] + census[2], 0);
  golcl_universe_destroy(u);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_mstiles");
  TCase *tc = tcase_create("universe_mstiles");
  tcase_set_timeout(tc, 0);
  const int nr = TU_MS_RULES;
  tcase_add_loop_test(tc, soups_match_the_reference, 0, nr);
  tcase_add_loop_test(tc, split_runs_and_chunks, 0, nr);
  tcase_add_loop_test(tc, tiles_against_hashlife, 0, nr);
  tcase_add_test(tc, auto_probes_a_soup_and_picks);
  tcase_add_test(tc, auto_on_short_runs);
  tcase_add_loop_test(tc, structured_patterns_stay_on_hashlife, 0,
                      (int)(sizeof STRUCTURED / sizeof *STRUCTURED));
  tcase_add_test(tc, still_cells_are_kept);
  tcase_add_test(tc, cancelled_tile_runs_keep_their_generation);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
