/* test_universe_mstiles_gpu.c — the device tiles of states
 * (GOLCL_UNIVERSE_SPARSE on multi-state cells, lib/universe/mstiles_gpu.h)
 * on the test device: random soups of every family the universe takes
 * (Generations of the three neighbourhoods, @TABLE and @TREE rules, JvN,
 * Larger than Life of R 1, 2, 5 and one past half a tile) against
 * golcl_ms_reference_run beyond the light cone; split runs, runs in chunks,
 * runs that are not a multiple of a round; the same cells as the host
 * tiles of states; a pattern that moves across tile sides and corners at
 * negative coordinates; still and period-2 areas not stepped (the engine's
 * counts); AUTO's choice; bad input. */
#include "../lib/universe/mstiles_gpu.h"
#include "mscheck.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

static golcl_universe *make(const golcl_msrule *r, golcl_universe_algo algo) {
  golcl_universe_opts o = {0};
  o.algo = algo;
  golcl_universe *u;
  TU_OK(golcl_universe_create(tu_ctx, &o, &u));
  TU_OK(golcl_universe_set_msrule(u, r));
  return u;
}

/* w×h states at (x0, y0) run on the device tiles against the reference
 * (margin: the light cone, gens·R + 1). */
static golcl_universe_stats vs_reference(const golcl_msrule *r, const uint8_t *cells, uint32_t w,
                                         uint32_t h, int64_t x0, int64_t y0, const uint64_t *parts,
                                         int watched) {
  uint64_t gens = 0;
  for (const uint64_t *p = parts; *p; p++) gens += *p;
  const uint32_t margin = (uint32_t)gens * golcl_msrule_reach(r) + 1;
  golcl_universe_stats st = tu_ms_vs_reference_on(tu_ctx, r, GOLCL_UNIVERSE_SPARSE, 0, cells, w, h,
                                                  x0, y0, parts, margin, watched);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_SPARSE);
  return st;
}

/* Every family, and Larger than Life of R 1, 2 (a round of 4), 5 (of 2)
 * and 40 (of 1: a frame of 40 cells, two rings of tiles within reach). */
#define NLTL 4
static const char *const LTL[NLTL] = {"R1,C0,M1,S2..3,B3..3,NM", "R2,C3,M1,S3..9,B4..7,NN",
                                      "R5,C0,M1,S34..58,B34..45,NM",
                                      "R40,C0,M1,S10..300,B15..150,NM"};

static void rule_of(int i, golcl_msrule *r) {
  if (i < TU_MS_RULES)
    tu_msrule_by_name(tu_ms_rules[i], r);
  else
    tu_msrule_of(LTL[i - TU_MS_RULES], r);
}

START_TEST(soups_match_the_reference) {
  golcl_msrule r;
  rule_of(_i, &r);
  const uint32_t R = golcl_msrule_reach(&r);
  /* odd sizes, across tile borders (tiles are 64 cells from 0), far away */
  static const struct {
    uint32_t w, h;
    int64_t x, y;
  } boxes[] = {{21, 17, -11, -7}, {70, 66, -67, -1}, {9, 23, 5 - 640, 60}};
  /* the reference's cost grows with the light cone: fewer generations for a wide reach */
  const uint64_t gens[3] = {1, R > 5 ? 2 : 9, 40};
  for (size_t b = 0; b < sizeof boxes / sizeof *boxes; b++)
    for (size_t k = 0; k < (R > 1 ? 2u : 3u); k++) {
      uint8_t *c = tu_random_states((size_t)boxes[b].w * boxes[b].h, r.states, 0.5, 31 + b * 7 + k);
      uint64_t parts[2] = {gens[k], 0};
      vs_reference(&r, c, boxes[b].w, boxes[b].h, boxes[b].x, boxes[b].y, parts, 0);
      free(c);
    }
}
END_TEST

/* Runs in parts, one of them not a multiple of a round (the next round
 * steps every tile), and in chunks with a progress callback. */
START_TEST(split_runs_and_chunks) {
  golcl_msrule r;
  rule_of(_i, &r);
  const uint32_t R = golcl_msrule_reach(&r);
  uint8_t *c = tu_random_states(45 * 37, r.states, 0.5, 77);
  /* R 1: rounds of 8 (37 = 4·8 + 5), R 2: of 4, R 5: of 2, R 40: of 1 */
  const uint64_t whole[] = {R > 5 ? 3 : R > 1 ? 12 : 100, 0};
  const uint64_t split[] = {R > 5 ? 1 : R > 1 ? 5 : 37, R > 5 ? 2 : R > 1 ? 7 : 63, 0};
  vs_reference(&r, c, 45, 37, -20, -30, whole, 0);
  vs_reference(&r, c, 45, 37, -20, -30, split, 0);
  vs_reference(&r, c, 45, 37, -20, -30, split, 1);
  free(c);
}
END_TEST

/* The same soups on the device tiles and on the host tiles of states: the
 * same cells (hash, census) after each of several runs, the device's engine
 * kept between them. */
START_TEST(device_tiles_against_host_tiles) {
  static const char *const rules[] = {"/2/3", "345/2/4", "WireWorld"};
  golcl_msrule r;
  tu_msrule_of(rules[_i], &r);
  uint8_t *c = tu_random_states(300 * 200, r.states, 0.5, 5);
  golcl_universe *d = make(&r, GOLCL_UNIVERSE_SPARSE), *h = make(&r, GOLCL_UNIVERSE_HOST_TILES);
  TU_OK(golcl_universe_write_rect(d, -165, 3, 300, 200, c, 0));
  TU_OK(golcl_universe_write_rect(h, -165, 3, 300, 200, c, 0));
  static const uint64_t runs[] = {1, 64, 101, 200};
  tu_ms_same_runs(d, h, runs, sizeof runs / sizeof *runs, rules[_i]);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(d, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_SPARSE);
  ck_assert_uint_gt(st.device_bytes, 0);
  ck_assert_uint_gt(st.tiles, 0);
  golcl_universe_destroy(d), golcl_universe_destroy(h);
  free(c);
}
END_TEST

/* A glider of Life as Generations ("23/3/2") flying north-west from
 * (-3, -3) for 400 generations crosses 1-2 tile sides and corners at
 * negative coordinates; a WireWorld electron runs along 300 cells of wire
 * across four tiles. Both against the reference, in chunks. */
START_TEST(patterns_that_move) {
  golcl_msrule r;
  tu_msrule_of("23/3/2", &r);
  const uint8_t glider[9] = {1, 1, 1, 1, 0, 0, 0, 1, 0}; /* moves (-1, -1) every 4 */
  const uint64_t parts[] = {128, 272, 0};
  vs_reference(&r, glider, 3, 3, -3, -3, parts, 0);
  golcl_universe *u = make(&r, GOLCL_UNIVERSE_SPARSE);
  TU_OK(golcl_universe_write_rect(u, -3, -3, 3, 3, glider, 0));
  TU_OK(golcl_universe_run(u, 400));
  int64_t x, y;
  uint64_t w, h;
  TU_OK(golcl_universe_bounding_box(u, &x, &y, &w, &h));
  ck_assert_int_eq(x, -103); /* 100 cells away: it moved */
  ck_assert_int_eq(y, -103);
  golcl_universe_destroy(u);
  tu_msrule_of("WireWorld", &r);
  uint8_t wire[3 * 300];
  memset(wire, 0, sizeof wire);
  for (int i = 0; i < 300; i++) wire[300 + i] = 3;
  wire[300 + 1] = 1, wire[300 + 0] = 2; /* an electron heading east */
  const uint64_t run[] = {100, 150, 0};
  vs_reference(&r, wire, 300, 3, -170, -65, run, 0);
}
END_TEST

typedef struct grid_out {
  uint8_t *cells;
  int64_t x0, y0;
  uint32_t w, h;
} grid_out;

static golcl_status into_grid(void *user, int64_t tx, int64_t ty, const uint8_t *cells) {
  grid_out *g = user;
  for (int r = 0; r < GOLCL__MSTILE; r++)
    for (int c = 0; c < GOLCL__MSTILE; c++) {
      uint8_t v = cells[r * GOLCL__MSTILE + c];
      int64_t x = tx * GOLCL__MSTILE + c - g->x0, y = ty * GOLCL__MSTILE + r - g->y0;
      if (!v) continue;
      ck_assert_msg(x >= 0 && y >= 0 && x < g->w && y < g->h, "a cell outside the light cone");
      g->cells[(size_t)y * g->w + (size_t)x] = v;
    }
  return GOLCL_OK;
}

/* Still lifes and blinkers of Life as Generations in 20 tiles, and one
 * glider in a column of its own: after the first round only the glider's
 * tiles are stepped (the blinkers return to their phase every round of 8).
 * Against the reference. */
START_TEST(still_and_period_two_tiles_are_not_stepped) {
  golcl_msrule r;
  tu_msrule_of("23/3/2", &r);
  const uint32_t W = 5 * 64, H = 5 * 64;
  uint8_t *c = calloc((size_t)W * H, 1);
  for (int ty = 0; ty < 5; ty++)
    for (int tx = 0; tx < 4; tx++) {
      uint8_t *o = c + (size_t)(ty * 64 + 20) * W + (size_t)tx * 64 + 20;
      o[0] = o[1] = o[2] = 1;              /* a blinker */
      o[10 * W + 10] = o[10 * W + 11] = 1; /* a block */
      o[11 * W + 10] = o[11 * W + 11] = 1;
      o[20 * W + 0] = o[21 * W + 0] = o[22 * W + 0] = 1; /* one more, upright */
    }
  uint8_t *g = c + (size_t)10 * W + 4 * 64 + 10; /* a glider south-east */
  g[1] = 1, g[W + 2] = 1, g[2 * W] = g[2 * W + 1] = g[2 * W + 2] = 1;
  const int64_t x0 = -150, y0 = -170;
  golcl__mstiles_gpu *e;
  TU_OK(golcl__mstiles_gpu_create(tu_ctx, &r, &e));
  TU_OK(golcl__mstiles_gpu_put(e, x0, y0, c, W, H));
  uint64_t done = 0;
  TU_OK(golcl__mstiles_gpu_run(e, 8, &done));
  golcl__mstiles_gpu_stats a, b;
  golcl__mstiles_gpu_get_stats(e, &a);
  ck_assert_uint_eq(a.k, 8);
  ck_assert_uint_ge(a.tiles_stepped, 25); /* the first round: every tile */
  const uint64_t gens = 8 + 96;
  TU_OK(golcl__mstiles_gpu_run(e, 96, &done));
  ck_assert_uint_eq(done, 96);
  golcl__mstiles_gpu_get_stats(e, &b);
  ck_assert_uint_eq(b.rounds, 13);
  /* the glider's tiles and their neighbours, at most 9 a round (2 on
   * pocl, 2026-11-29), not the 20 tiles of the oscillators nor the 11 or
   * so around them (the first round stepped 55) */
  ck_assert_msg(b.tiles_stepped - a.tiles_stepped <= 12 * 9 && b.tiles >= 25,
                "%llu tiles stepped in 12 rounds, %llu tiles",
                (unsigned long long)(b.tiles_stepped - a.tiles_stepped),
                (unsigned long long)b.tiles);
  const uint32_t m = (uint32_t)gens + 1, gw = W + 2 * m, gh = H + 2 * m;
  uint8_t *ref = calloc((size_t)gw * gh, 1), *got = calloc((size_t)gw * gh, 1);
  for (uint32_t y = 0; y < H; y++) memcpy(ref + (size_t)(y + m) * gw + m, c + (size_t)y * W, W);
  TU_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_DEAD, gw, gh, ref, gens));
  grid_out go = {got, x0 - m, y0 - m, gw, gh};
  TU_OK(golcl__mstiles_gpu_get_tiles(e, into_grid, &go));
  ck_assert_mem_eq(got, ref, (size_t)gw * gh);
  golcl__mstiles_gpu_destroy(e);
  free(c), free(ref), free(got);
}
END_TEST

/* Many tiles, then few: the atlas grows and shrinks (a new grid a size,
 * the programs of the rule built once: a second engine makes atlases
 * without a build), and the tiles that died are freed. */
START_TEST(atlases_grow_and_shrink) {
  golcl_msrule r;
  tu_msrule_of("23/3/2", &r); /* Life: a thin soup leaves a few still lifes and blinkers */
  uint8_t *c = tu_random_states(600 * 500, r.states, 0.05, 9);
  golcl__mstiles_gpu *e;
  TU_OK(golcl__mstiles_gpu_create(tu_ctx, &r, &e));
  TU_OK(golcl__mstiles_gpu_put(e, -300, -250, c, 600, 500));
  uint64_t done;
  TU_OK(golcl__mstiles_gpu_run(e, 8, &done));
  golcl__mstiles_gpu_stats a, b;
  golcl__mstiles_gpu_get_stats(e, &a);
  TU_OK(golcl__mstiles_gpu_run(e, 800, &done));
  golcl__mstiles_gpu_get_stats(e, &b);
  ck_assert_uint_lt(b.tiles, a.tiles);
  ck_assert_uint_gt(b.atlases_made, a.atlases_made);
  golcl__mstiles_gpu_destroy(e);
  free(c);
}
END_TEST

/* AUTO hands a multi-state soup to the device tiles where it may use the
 * device (GOLCL_UNIVERSE_TILES=any stands for a GPU), from the start as a
 * two-state soup (no HashLife look first), and keeps the host tiles on
 * pocl, after HashLife's two jumps of 128; the same cells as the host
 * tiles either way. */
START_TEST(auto_takes_the_device_tiles_for_a_soup) {
  golcl_msrule r;
  tu_msrule_of("/2/3", &r);
  uint8_t *c = tu_random_states(200 * 150, r.states, 0.8, 12);
  golcl_universe *t = make(&r, GOLCL_UNIVERSE_HOST_TILES);
  TU_OK(golcl_universe_write_rect(t, -100, -75, 200, 150, c, 0));
  TU_OK(golcl_universe_run(t, 600));
  uint64_t want;
  TU_OK(golcl_universe_hash(t, &want));
  golcl_universe_destroy(t);
  for (int any = 1; any >= 0; any--) {
    if (any) ck_assert_int_eq(setenv("GOLCL_UNIVERSE_TILES", "any", 1), 0);
    golcl_universe *a = make(&r, GOLCL_UNIVERSE_AUTO);
    TU_OK(golcl_universe_write_rect(a, -100, -75, 200, 150, c, 0));
    ck_assert(golcl_universe_is_soup(a, 0));
    TU_OK(golcl_universe_run(a, 600));
    if (any) ck_assert_int_eq(unsetenv("GOLCL_UNIVERSE_TILES"), 0);
    golcl_universe_stats st;
    TU_OK(golcl_universe_get_stats(a, &st));
    ck_assert_int_eq(st.algo, any ? GOLCL_UNIVERSE_SPARSE : GOLCL_UNIVERSE_HOST_TILES);
    if (any)
      ck_assert_uint_eq(st.results_computed, 0);
    else
      ck_assert_uint_gt(st.results_computed, 0);
    uint64_t got;
    TU_OK(golcl_universe_hash(a, &got));
    ck_assert_uint_eq(got, want);
    golcl_universe_destroy(a);
  }
  free(c);
}
END_TEST

/* What the engine cannot run is refused with the reason, the universe
 * unchanged: a reach past a tile, a background that does not stay 0, no
 * device, a round that does not fit. */
START_TEST(bad_input) {
  golcl_msrule r;
  golcl__mstiles_gpu *e = (golcl__mstiles_gpu *)&r;
  tu_msrule_of("R65,C0,M1,S2..3,B3..3,NM", &r);
  ck_assert_int_eq(golcl__mstiles_gpu_create(tu_ctx, &r, &e), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(e);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "reach of 65"));
  tu_msrule_of("R2,C0,M1,S2..3,B0..3,NM", &r); /* a birth on 0: the plane lights up */
  ck_assert_int_eq(golcl__mstiles_gpu_create(tu_ctx, &r, &e), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(e);
  ck_assert_int_eq(golcl__mstiles_gpu_create(NULL, &r, &e), GOLCL_E_INVALID_ARG);
  golcl__mstiles_gpu_destroy(NULL);
  tu_msrule_of("R20,C0,M1,S2..3,B3..3,NM", &r);
  TU_OK(golcl__mstiles_gpu_create(tu_ctx, &r, &e));
  ck_assert_int_eq(golcl__mstiles_gpu_set_round(e, 4), GOLCL_E_INVALID_ARG); /* 80 > 64 */
  TU_OK(golcl__mstiles_gpu_set_round(e, 3));
  golcl__mstiles_gpu_destroy(e);
  /* the universe: SPARSE needs a context; a multi-state universe keeps its
   * cells when a run is refused */
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_SPARSE;
  golcl_universe *u = NULL;
  ck_assert_int_eq(golcl_universe_create(NULL, &o, &u), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(u);
  tu_msrule_of("/2/3", &r);
  u = make(&r, GOLCL_UNIVERSE_SPARSE);
  const uint8_t two[2] = {1, 1};
  TU_OK(golcl_universe_write_rect(u, 0, 0, 2, 1, two, 0));
  ck_assert_int_eq(golcl_universe_set_context(u, NULL), GOLCL_E_UNSUPPORTED);
  uint64_t pop;
  TU_OK(golcl_universe_run(u, 3));
  TU_OK(golcl_universe_population(u, &pop));
  ck_assert_uint_gt(pop, 0);
  golcl_universe_destroy(u);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_mstiles_gpu");
  TCase *tc = tcase_create("universe_mstiles_gpu");
  tcase_set_timeout(tc, 0);
  const int nr = TU_MS_RULES + NLTL;
  tcase_add_loop_test(tc, soups_match_the_reference, 0, nr);
  tcase_add_loop_test(tc, split_runs_and_chunks, 0, nr);
  tcase_add_loop_test(tc, device_tiles_against_host_tiles, 0, 3);
  tcase_add_test(tc, patterns_that_move);
  tcase_add_test(tc, still_and_period_two_tiles_are_not_stepped);
  tcase_add_test(tc, atlases_grow_and_shrink);
  tcase_add_test(tc, auto_takes_the_device_tiles_for_a_soup);
  tcase_add_test(tc, bad_input);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
