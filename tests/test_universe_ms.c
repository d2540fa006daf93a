/* test_universe_ms.c — multi-state cells in golcl_universe: the block step
 * of every family against the host reference; random soups of every family
 * the universe takes, run by multi-state HashLife and compared cell for cell
 * with golcl_ms_reference_run on a dead-boundary grid with a margin beyond
 * the light cone; split runs, collections, round trips through RLE and
 * macrocell, refusals, switching between two-state and multi-state cells,
 * Golly's files against bgolly, progress and cancelling, and the issue-30
 * promises (the minimum memory bound holds, jumps of 2^59 and more). */
#include <golcl_universe.h>

#include "bgolly.h"
#include "mscheck.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PATTERNS "/usr/share/golly/Patterns/"

/* ------------------------------------------------------------ block step */

START_TEST(block_step_is_the_reference) {
  golcl_msrule r;
  tu_msrule_by_name(tu_ms_rules[_i], &r);
  const uint32_t w = 13, h = 11;
  for (uint64_t seed = 1; seed <= 20; seed++) {
    uint8_t *c = tu_random_states((size_t)w * h, r.states, 0.6, seed), ref[13 * 11], out[11 * 9];
    memcpy(ref, c, sizeof ref);
    TU_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_DEAD, w, h, ref, 1));
    TU_OK(golcl_msrule_step_block(&r, c, w, w, h, out, w - 2));
    for (uint32_t y = 1; y + 1 < h; y++)
      for (uint32_t x = 1; x + 1 < w; x++)
        ck_assert_msg(out[(y - 1) * (w - 2) + x - 1] == ref[y * w + x], "%s: cell %u,%u",
                      tu_ms_rules[_i], x, y);
    free(c);
  }
  ck_assert_uint_eq(golcl_msrule_reach(&r), 1);
}
END_TEST

START_TEST(block_step_of_larger_than_life) {
  golcl_msrule r;
  tu_msrule_of("R3,C4,M1,S5..20,B6..12,NC", &r);
  ck_assert_uint_eq(golcl_msrule_reach(&r), 3);
  const uint32_t w = 20, h = 17;
  uint8_t *c = tu_random_states((size_t)w * h, 4, 0.5, 7), ref[20 * 17], out[14 * 11];
  memcpy(ref, c, sizeof ref);
  TU_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_DEAD, w, h, ref, 1));
  TU_OK(golcl_msrule_step_block(&r, c, w, w, h, out, 14));
  for (uint32_t y = 3; y + 3 < h; y++)
    for (uint32_t x = 3; x + 3 < w; x++)
      ck_assert_uint_eq(out[(y - 3) * 14 + x - 3], ref[y * w + x]);
  ck_assert_int_eq(golcl_msrule_step_block(&r, c, w, 6, h, out, 14), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_step_block(&r, c, 5, w, h, out, 14), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_step_block(NULL, c, w, w, h, out, 14), GOLCL_E_INVALID_ARG);
  golcl_msrule bad = r;
  bad.states = 1;
  ck_assert_int_eq(golcl_msrule_step_block(&bad, c, w, w, h, out, 14), GOLCL_E_INVALID_ARG);
  ck_assert_uint_eq(golcl_msrule_reach(NULL), 0);
  free(c);
  /* the background: a cell among 0s stays 0, but for birth from nothing */
  uint8_t next = 9;
  TU_OK(golcl_msrule_background_next(&r, &next));
  ck_assert_uint_eq(next, 0);
  tu_msrule_of("R3,C0,M1,S2..3,B0..3,NM", &r);
  TU_OK(golcl_msrule_background_next(&r, &next));
  ck_assert_uint_eq(next, 1);
  ck_assert_int_eq(golcl_msrule_background_next(NULL, &next), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_background_next(&r, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msrule_background_next(&bad, &next), GOLCL_E_INVALID_ARG);
}
END_TEST

/* Every neighbourhood at ranges where the block step counts otherwise (the
 * von Neumann diamond from R 4 on a block turned by 45 degrees), on blocks
 * wider than tall and taller than wide, against the reference. */
START_TEST(block_step_of_every_neighbourhood) {
  static const char *rules[] = {
      "R4,C0,M1,S10..25,B9..20,NN",   "R5,C3,M0,S8..30,B7..18,NN", "R12,C0,M1,S40..160,B50..90,NN",
      "R9,C0,M1,S60..150,B50..100,NM", "R6,C5,M0,S30..70,B25..50,NC", "R2,C0,M1,S3..7,B4..6,NN"};
  static const uint32_t sizes[][2] = {{61, 29}, {27, 70}, {40, 40}};
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
      golcl_msrule r;
      tu_msrule_of(rules[i], &r);
      const uint32_t R = golcl_msrule_reach(&r), w = sizes[k][0], h = sizes[k][1];
      if (w <= 2 * R || h <= 2 * R) continue;
      const uint32_t ow = w - 2 * R, oh = h - 2 * R;
      uint8_t *c = tu_random_states((size_t)w * h, r.states, 0.55, 11 + i * 3 + k);
      uint8_t *ref = malloc((size_t)w * h), *out = malloc((size_t)ow * oh);
      ck_assert_ptr_nonnull(ref);
      ck_assert_ptr_nonnull(out);
      memcpy(ref, c, (size_t)w * h);
      TU_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_DEAD, w, h, ref, 1));
      TU_OK(golcl_msrule_step_block(&r, c, w, w, h, out, ow));
      for (uint32_t y = R; y + R < h; y++)
        for (uint32_t x = R; x + R < w; x++)
          ck_assert_msg(out[(y - R) * ow + x - R] == ref[y * w + x], "%s %ux%u: cell %u,%u",
                        rules[i], w, h, x, y);
      free(c), free(ref), free(out);
    }
}
END_TEST

/* ------------------------------------------------------------- exactness */

/* w×h states at (x0, y0) run in a universe (AUTO, max_memory) against
 * the reference beyond the light cone (mscheck.h). */
static golcl_universe_stats vs_reference(const golcl_msrule *r, const uint8_t *cells, uint32_t w,
                                         uint32_t h, int64_t x0, int64_t y0, const uint64_t *parts,
                                         uint64_t max_memory) {
  return tu_ms_vs_reference(r, GOLCL_UNIVERSE_AUTO, max_memory, cells, w, h, x0, y0, parts, 0, 0);
}

START_TEST(soups_match_the_reference) {
  golcl_msrule r;
  tu_msrule_by_name(tu_ms_rules[_i], &r);
  static const struct {
    uint32_t w, h;
    int64_t x, y;
  } boxes[] = {{21, 17, -11, -7}, {1, 1, 0, 0}, {16, 16, -1000, 3}, {9, 23, 5, -77}};
  static const uint64_t gens[] = {1, 2, 3, 7, 40};
  for (size_t b = 0; b < sizeof boxes / sizeof *boxes; b++)
    for (size_t k = 0; k < sizeof gens / sizeof *gens; k++) {
      uint8_t *c = tu_random_states((size_t)boxes[b].w * boxes[b].h, r.states, 0.5, 31 + b * 7 + k);
      uint64_t parts[2] = {gens[k], 0};
      vs_reference(&r, c, boxes[b].w, boxes[b].h, boxes[b].x, boxes[b].y, parts, 0);
      free(c);
    }
}
END_TEST

START_TEST(split_runs) {
  golcl_msrule r;
  tu_msrule_by_name(tu_ms_rules[_i], &r);
  uint8_t *c = tu_random_states(24 * 24, r.states, 0.5, 77);
  const uint64_t split[] = {37, 63, 0};
  vs_reference(&r, c, 24, 24, -12, -12, split, 0);
  free(c);
}
END_TEST

/* Rules whose soups keep growing, so that a small store must collect
 * (LifeHistory's on a larger soup: a 40² one's 150 generations take 2432
 * nodes, since a load makes each node once). */
static const char *GROWING[] = {"/2/3", "HEX", "LifeHistory"};
static const uint64_t GROWING_BYTES[] = {192u << 10, 256u << 10, 192u << 10};
static const uint32_t GROWING_SIDE[] = {40, 40, 64};

START_TEST(collections_keep_the_cells) {
  golcl_msrule r;
  tu_msrule_by_name(GROWING[_i], &r);
  const uint32_t side = GROWING_SIDE[_i];
  uint8_t *c = tu_random_states((size_t)side * side, r.states, 0.5, 78);
  /* 192 KiB hold about 4600 nodes: 150 generations of a growing soup collect */
  const uint64_t whole[] = {150, 0};
  golcl_universe_stats st = vs_reference(&r, c, side, side, -12, -12, whole, GROWING_BYTES[_i]);
  ck_assert_uint_gt(st.collections, 0);
  free(c);
}
END_TEST

/* ---------------------------------------------------------- round trips */

static char *tmp_path(const char *ext) {
  static char p[128];
  snprintf(p, sizeof p, "/tmp/golcl_test_universe_ms_%d.%s", (int)getpid(), ext);
  return p;
}

START_TEST(round_trips_keep_cells_and_place) {
  golcl_msrule r;
  tu_msrule_of("JvN29", &r);
  golcl_universe *u, *v;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_set_msrule(u, &r));
  uint8_t *c = tu_random_states(40 * 30, 29, 0.3, 5);
  TU_OK(golcl_universe_write_rect(u, -100003, 77, 40, 30, c, 0));
  TU_OK(golcl_universe_write_rect(u, 5000, -20, 40, 30, c, 0)); /* far apart */
  TU_OK(golcl_universe_set_generation(u, 1234));
  uint64_t hu, hv;
  TU_OK(golcl_universe_hash(u, &hu));
  for (int i = 0; i < 2; i++) {
    const char *path = tmp_path(i ? "rle" : "mc");
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    TU_OK(i ? golcl_universe_write_rle(u, f) : golcl_universe_write_macrocell(u, f));
    fclose(f);
    TU_OK(golcl_universe_create(NULL, NULL, &v));
    TU_OK(golcl_universe_read_file(v, path));
    ck_assert_uint_eq(golcl_universe_states(v), 29);
    TU_OK(golcl_universe_hash(v, &hv));
    ck_assert_uint_eq(hu, hv);
    ck_assert_uint_eq(golcl_universe_generation(v), 1234);
    golcl_universe_destroy(v);
    /* the rules room's own reader finds the same cells at the same place */
    golcl_mspattern *p;
    golcl_status ps = golcl_mspattern_read_file(path, &p);
    ck_assert_msg(ps == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
    int64_t ox, oy;
    golcl_mspattern_origin(p, &ox, &oy);
    uint32_t pw = golcl_mspattern_width(p), ph = golcl_mspattern_height(p);
    uint8_t *got = malloc((size_t)pw * ph);
    TU_OK(golcl_universe_read_rect(u, ox, oy, pw, ph, got, 0));
    ck_assert_mem_eq(got, golcl_mspattern_cells(p), (size_t)pw * ph);
    free(got);
    golcl_mspattern_destroy(p);
    unlink(path);
  }
  /* extract_ms and load_ms */
  golcl_mspattern *p;
  TU_OK(golcl_universe_extract_ms(u, &p));
  ck_assert_uint_eq(golcl_mspattern_width(p), 5040 + 100003);
  ck_assert_uint_eq(golcl_mspattern_generation(p), 1234);
  TU_OK(golcl_universe_create(NULL, NULL, &v));
  TU_OK(golcl_universe_load_ms(v, p));
  TU_OK(golcl_universe_hash(v, &hv));
  ck_assert_uint_eq(hu, hv);
  golcl_mspattern_destroy(p);
  golcl_universe_destroy(v);
  golcl_universe_destroy(u);
  free(c);
}
END_TEST

/* ------------------------------------------------------------- kinds */

START_TEST(two_state_and_multi_state_cells) {
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  uint8_t *c = tu_random_cells(30 * 30, 0.4, 3);
  TU_OK(golcl_universe_write_rect(u, -7, 4, 30, 30, c, 0));
  uint64_t h2, hm, pop;
  TU_OK(golcl_universe_hash(u, &h2));
  ck_assert_uint_eq(golcl_universe_states(u), 2);
  /* to multi-state: the same cells in state 1 hash as two-state cells */
  TU_OK(golcl_universe_set_rule(u, "WireWorld"));
  ck_assert_uint_eq(golcl_universe_states(u), 4);
  TU_OK(golcl_universe_hash(u, &hm));
  ck_assert_uint_eq(h2, hm);
  char text[GOLCL_RULE_TEXT_CAP];
  TU_OK(golcl_universe_get_rule(u, text, sizeof text));
  ck_assert_str_eq(text, "WireWorld");
  /* Life as Generations of 2 states under multi-state HashLife is Life */
  TU_OK(golcl_universe_set_rule(u, "23/3/2"));
  ck_assert_uint_eq(golcl_universe_states(u), 2);
  golcl_universe *v;
  TU_OK(golcl_universe_create(NULL, NULL, &v));
  TU_OK(golcl_universe_write_rect(v, -7, 4, 30, 30, c, 0));
  TU_OK(golcl_universe_run(u, 300));
  TU_OK(golcl_universe_run(v, 300));
  TU_OK(golcl_universe_hash(u, &hm));
  TU_OK(golcl_universe_hash(v, &h2));
  ck_assert_uint_eq(h2, hm);
  TU_OK(golcl_universe_population(u, &pop));
  ck_assert_uint_gt(pop, 0);
  /* back to two-state cells: all are 0/1 */
  TU_OK(golcl_universe_set_rule(u, "B3/S23"));
  ck_assert_uint_eq(golcl_universe_states(u), 2);
  TU_OK(golcl_universe_hash(u, &hm));
  ck_assert_uint_eq(h2, hm);
  /* a state-2 cell cannot go to two states; the universe is unchanged */
  TU_OK(golcl_universe_set_rule(u, "/2/3"));
  const uint8_t two = 2;
  TU_OK(golcl_universe_write_rect(u, 1000, 1000, 1, 1, &two, 0));
  TU_OK(golcl_universe_hash(u, &hm));
  ck_assert_int_eq(golcl_universe_set_rule(u, "B3/S23"), GOLCL_E_UNSUPPORTED);
  ck_assert_uint_eq(golcl_universe_states(u), 3);
  TU_OK(golcl_universe_hash(u, &h2));
  ck_assert_uint_eq(h2, hm);
  /* census */
  uint64_t counts[256];
  TU_OK(golcl_universe_census(u, counts));
  ck_assert_uint_eq(counts[2], 1);
  ck_assert_uint_eq(counts[0], 0);
  golcl_universe_destroy(u);
  golcl_universe_destroy(v);
  free(c);
}
END_TEST

START_TEST(refusals_leave_the_universe_unchanged) {
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_set_rule(u, "Codd"));
  const uint8_t seven = 7;
  TU_OK(golcl_universe_write_rect(u, 3, 3, 1, 1, &seven, 0));
  uint64_t h0, h1;
  TU_OK(golcl_universe_hash(u, &h0));
  golcl_msrule r;
  tu_msrule_load("OneDTest",
                 "@RULE OneDTest\n@TABLE\nn_states:2\nneighborhood:oneDimensional\n"
                 "symmetries:none\n0,1,0,1\n",
                 &r);
  ck_assert_int_eq(golcl_universe_set_msrule(u, &r), GOLCL_E_UNSUPPORTED);
  ck_assert(strstr(golcl_last_errmsg(), "oneDimensional") != NULL);
  tu_msrule_load("BornOfNothing",
                 "@RULE BornOfNothing\n@TABLE\nn_states:2\nneighborhood:Moore\n"
                 "symmetries:none\n0,0,0,0,0,0,0,0,0,1\n",
                 &r);
  ck_assert_int_eq(golcl_universe_set_msrule(u, &r), GOLCL_E_UNSUPPORTED);
  ck_assert(strstr(golcl_last_errmsg(), "background") != NULL);
  tu_msrule_of("345/2/4", &r); /* 4 states: a cell in state 7 does not fit */
  ck_assert_int_eq(golcl_universe_set_msrule(u, &r), GOLCL_E_INVALID_ARG);
  const uint8_t big = 8; /* Codd has 8 states */
  ck_assert_int_eq(golcl_universe_write_rect(u, 0, 0, 1, 1, &big, 0), GOLCL_E_INVALID_ARG);
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HASHLIFE_DEVICE; /* device HashLife is two-state (the tiles take states) */
  golcl_universe *t;
  TU_OK(golcl_universe_create(tu_ctx, &o, &t));
  TU_OK(golcl_universe_set_rule(t, "WireWorld"));
  ck_assert_int_eq(golcl_universe_run(t, 1), GOLCL_E_UNSUPPORTED);
  golcl_universe_destroy(t);
  golcl_pattern *p;
  ck_assert_int_eq(golcl_universe_extract(u, &p), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_universe_set_rule(u, "NoSuchRuleAnywhere"), GOLCL_E_UNSUPPORTED);
  TU_OK(golcl_universe_hash(u, &h1));
  ck_assert_uint_eq(h0, h1);
  char text[GOLCL_RULE_TEXT_CAP];
  TU_OK(golcl_universe_get_rule(u, text, sizeof text));
  ck_assert_str_eq(text, "Codd");
  ck_assert_int_eq(golcl_universe_set_msrule(NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_universe_load_ms(u, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_universe_census(u, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_uint_eq(golcl_universe_states(NULL), 0);
  golcl_universe_destroy(u);
}
END_TEST

/* ------------------------------------------------------------- bgolly */

static void vs_bgolly(const char *file, const char *algo, uint64_t gens) {
  char path[512];
  snprintf(path, sizeof path, PATTERNS "%s", file);
  const uint64_t parts[] = {gens, 0};
  tu_ms_vs_bgolly(path, algo, GOLCL_UNIVERSE_AUTO, parts);
}

START_TEST(golly_files_match_bgolly) {
  vs_bgolly("Loops/Langtons-Loops.rle", "RuleLoader", 1000);
  vs_bgolly("Loops/Evoloop.rle", "RuleLoader", 500);
  vs_bgolly("Self-Rep/JvN/small-JvN-self-replicator.rle", "JvN", 300);
  vs_bgolly("Generations/Delta.rle", "Generations", 300);
  vs_bgolly("WireWorld/primes.mc", "RuleLoader", 300);
}
END_TEST

/* HashLife's steps on threads (one goes on them once it has computed 1024
 * results on one): Golly's growing files on 1, 2 and 9 threads, the last
 * in a store small enough to collect (and to fill during a step on
 * threads), against bgolly. */
START_TEST(threads_match_bgolly) {
  static const struct {
    const char *file, *algo;
    uint64_t gens, small;
  } f[] = {{"Loops/Langtons-Loops.rle", "RuleLoader", 1500, 1u << 20},
           {"Self-Rep/JvN/small-JvN-self-replicator.rle", "JvN", 600, 4u << 20},
           {"Loops/Evoloop.rle", "RuleLoader", 2500, 1u << 20}};
  static const char *threads[] = {"1", "2", "9"};
  for (int t = 0; t < 3; t++) {
    setenv("GOLCL_THREADS", threads[t], 1);
    golcl_universe_opts o = {0};
    o.algo = GOLCL_UNIVERSE_HASHLIFE;
    o.max_memory = t == 2 ? f[_i].small : 0;
    char path[512];
    snprintf(path, sizeof path, PATTERNS "%s", f[_i].file);
    const uint64_t parts[] = {f[_i].gens, 0};
    golcl_universe_stats st = tu_ms_vs_bgolly_opts(path, f[_i].algo, &o, parts);
    ck_assert_uint_gt(st.results_computed, 16384);
    if (t == 2) ck_assert_uint_gt(st.collections, 0);
  }
  unsetenv("GOLCL_THREADS");
}
END_TEST

START_TEST(files_wider_than_a_pattern_load_and_run) {
  /* 7.5 M x 819 cells: straight into nodes, and out as RLE from the tree */
  vs_bgolly("Self-Rep/Codd/Goucher-replicator.mc.gz", "RuleLoader", 64);
  /* RLE boxes past the pattern limits: straight into leaves */
  vs_bgolly("Self-Rep/JvN/JvN-loop-replicator.rle.gz", "JvN", 100);
  vs_bgolly("Self-Rep/Banks/Banks-IV-constructor.rle.gz", "RuleLoader", 100);
}
END_TEST

/* ------------------------------------------------------------- scaled */

START_TEST(scaled_pictures_count_the_blocks) {
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  if (!_i) TU_OK(golcl_universe_set_rule(u, "JvN29"));
  const uint32_t W = 70, H = 50;
  uint8_t *c = _i ? tu_random_cells(W * H, 0.4, 12) : tu_random_states(W * H, 29, 0.4, 12);
  TU_OK(golcl_universe_write_rect(u, -33, 17, W, H, c, 0));
  for (unsigned shift = 0; shift <= 4; shift++) {
    const int64_t x0 = -40 + (int64_t)shift, y0 = 11 - (int64_t)shift;
    const uint32_t pw = (W + 20) >> shift, ph = (H + 20) >> shift;
    uint8_t share[90 * 70], state[90 * 70];
    TU_OK(golcl_universe_read_scaled(u, x0, y0, pw, ph, shift, share, state, 0));
    const int64_t side = (int64_t)1 << shift;
    uint8_t *block = malloc((size_t)side * side);
    for (uint32_t r = 0; r < ph; r++)
      for (uint32_t k = 0; k < pw; k++) {
        TU_OK(golcl_universe_read_rect(u, x0 + (int64_t)k * side, y0 + (int64_t)r * side,
                                       (uint32_t)side, (uint32_t)side, block, 0));
        unsigned n[256] = {0}, pop = 0, top = 0;
        for (int64_t i = 0; i < side * side; i++) n[block[i]]++;
        for (unsigned s = 1; s < 256; s++) {
          pop += n[s];
          if (n[s] > n[top] || (!top && n[s])) top = s;
        }
        unsigned want = pop ? (unsigned)(pop * 255 / (side * side)) : 0;
        if (pop && !want) want = 1;
        ck_assert_uint_eq(share[r * pw + k], want);
        ck_assert_uint_eq(state[r * pw + k], top);
      }
    free(block);
  }
  ck_assert_int_eq(golcl_universe_read_scaled(u, 0, 0, 2, 2, 63, NULL, NULL, 0),
                   GOLCL_E_INVALID_ARG);
  free(c);
  golcl_universe_destroy(u);
}
END_TEST

/* ---------------------------------------------------------- progress */

typedef struct watch {
  int calls, stop_at;
  uint64_t done, total;
} watch;

static int on_progress(void *user, uint64_t done, uint64_t total) {
  watch *w = user;
  ck_assert_uint_ge(done, w->done); /* generations only grow */
  w->calls++, w->done = done, w->total = total;
  return w->calls == w->stop_at;
}

START_TEST(progress_and_cancel) {
  uint8_t *c = _i ? tu_random_cells(40 * 40, 0.4, 8) : tu_random_states(40 * 40, 4, 0.4, 8);
  golcl_universe *u, *v;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_create(NULL, NULL, &v));
  TU_OK(golcl_universe_set_rule(u, _i ? "B3/S23" : "WireWorld"));
  TU_OK(golcl_universe_set_rule(v, _i ? "B3/S23" : "WireWorld"));
  TU_OK(golcl_universe_write_rect(u, 0, 0, 40, 40, c, 0));
  TU_OK(golcl_universe_write_rect(v, 0, 0, 40, 40, c, 0));
  watch w = {0, 1, 0, 0};
  /* the first boundary calls back; stopping there leaves that generation */
  ck_assert_int_eq(golcl_universe_run_progress(u, 3000, on_progress, &w), GOLCL_E_CANCELLED);
  ck_assert_int_eq(w.calls, 1);
  ck_assert_uint_eq(w.total, 3000);
  ck_assert_uint_gt(w.done, 0);
  ck_assert_uint_eq(golcl_universe_generation(u), w.done);
  /* the rest in a run that is never stopped: the cells of one whole run */
  watch w2 = {0, 0, 0, 0};
  TU_OK(golcl_universe_run_progress(u, 3000 - w.done, on_progress, &w2));
  ck_assert_int_ge(w2.calls, 1);
  TU_OK(golcl_universe_run(v, 3000));
  uint64_t hu, hv;
  TU_OK(golcl_universe_hash(u, &hu));
  TU_OK(golcl_universe_hash(v, &hv));
  ck_assert_uint_eq(hu, hv);
  ck_assert_uint_eq(golcl_universe_generation(u), 3000);
  golcl_universe_destroy(u);
  golcl_universe_destroy(v);
  free(c);
}
END_TEST

/* ------------------------------------------------------------ issue 30 */

START_TEST(the_minimum_memory_bound_holds) {
  golcl_universe_opts o = {0};
  o.max_memory = 128u << 10;
  for (int ms = 0; ms < 2; ms++) {
    golcl_universe *u;
    TU_OK(golcl_universe_create(NULL, &o, &u));
    if (ms) TU_OK(golcl_universe_set_rule(u, "WireWorld"));
    golcl_universe_stats st;
    TU_OK(golcl_universe_get_stats(u, &st));
    ck_assert_uint_eq(st.max_node_bytes, 128u << 10);
    ck_assert_uint_le(st.node_bytes, st.max_node_bytes);
    uint8_t *c = ms ? tu_random_states(32 * 32, 4, 0.3, 2) : tu_random_cells(32 * 32, 0.4, 2);
    TU_OK(golcl_universe_write_rect(u, 0, 0, 32, 32, c, 0));
    golcl_status s = golcl_universe_run(u, 200);
    ck_assert(s == GOLCL_OK || s == GOLCL_E_OUT_OF_MEMORY);
    TU_OK(golcl_universe_get_stats(u, &st));
    ck_assert_uint_le(st.node_bytes, st.max_node_bytes);
    free(c);
    golcl_universe_destroy(u);
  }
}
END_TEST

START_TEST(rle_past_the_pattern_limits) {
  /* two gliders 2^25 apart: past the pattern limits, written from the tree */
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  const uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
  TU_OK(golcl_universe_write_rect(u, -5, 7, 3, 3, glider, 0));
  TU_OK(golcl_universe_write_rect(u, ((int64_t)1 << 25) - 5, 7, 3, 3, glider, 0));
  golcl_pattern *p;
  ck_assert_int_eq(golcl_universe_extract(u, &p), GOLCL_E_INVALID_ARG);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  TU_OK(golcl_universe_write_rle(u, f));
  fclose(f);
  ck_assert(strstr(text, "#CXRLE Pos=-5,7") != NULL);
  ck_assert(strstr(text, "rule = B3/S23") != NULL);
  bg_cells c;
  ck_assert_int_eq(bg_parse_rle(text, &c), 0);
  ck_assert_uint_eq(c.n, 10);
  const uint32_t want[20] = {1,
                             0,
                             (1u << 25) + 1,
                             0,
                             2,
                             1,
                             (1u << 25) + 2,
                             1,
                             0,
                             2,
                             1,
                             2,
                             2,
                             2,
                             1u << 25,
                             2,
                             (1u << 25) + 1,
                             2,
                             (1u << 25) + 2,
                             2};
  ck_assert_mem_eq(c.xy, want, sizeof want);
  bg_free(&c);
  free(text);
  golcl_universe_destroy(u);
}
END_TEST

START_TEST(jumps_of_2_to_the_59_and_more) {
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  const uint8_t block[4] = {1, 1, 1, 1};
  TU_OK(golcl_universe_write_rect(u, 10, -3, 2, 2, block, 0));
  TU_OK(golcl_universe_run(u, 1ull << 59));
  TU_OK(golcl_universe_run(u, (1ull << 62) + 12345));
  int64_t x, y;
  uint64_t w, h;
  TU_OK(golcl_universe_bounding_box(u, &x, &y, &w, &h));
  ck_assert(x == 10 && y == -3 && w == 2 && h == 2);
  ck_assert_uint_eq(golcl_universe_generation(u), (1ull << 59) + (1ull << 62) + 12345);
  golcl_universe_destroy(u);
  /* a glider travels 2^57 cells in 2^59 generations: still in the plane */
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  const uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
  TU_OK(golcl_universe_write_rect(u, 0, 0, 3, 3, glider, 0));
  TU_OK(golcl_universe_run(u, 1ull << 59));
  TU_OK(golcl_universe_bounding_box(u, &x, &y, &w, &h));
  ck_assert(x == (int64_t)1 << 57 && y == (int64_t)1 << 57 && w == 3 && h == 3);
  golcl_universe_destroy(u);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_ms");
  TCase *tc = tcase_create("universe_ms");
  tcase_set_timeout(tc, 0);
  const int nr = TU_MS_RULES;
  tcase_add_loop_test(tc, block_step_is_the_reference, 0, nr);
  tcase_add_test(tc, block_step_of_larger_than_life);
  tcase_add_test(tc, block_step_of_every_neighbourhood);
  tcase_add_loop_test(tc, soups_match_the_reference, 0, nr);
  tcase_add_loop_test(tc, split_runs, 0, nr);
  tcase_add_loop_test(tc, collections_keep_the_cells, 0, 3);
  tcase_add_test(tc, round_trips_keep_cells_and_place);
  tcase_add_test(tc, two_state_and_multi_state_cells);
  tcase_add_test(tc, refusals_leave_the_universe_unchanged);
  tcase_add_test(tc, golly_files_match_bgolly);
  tcase_add_loop_test(tc, threads_match_bgolly, 0, 3);
  tcase_add_test(tc, files_wider_than_a_pattern_load_and_run);
  tcase_add_loop_test(tc, progress_and_cancel, 0, 2);
  tcase_add_loop_test(tc, scaled_pictures_count_the_blocks, 0, 2);
  tcase_add_test(tc, the_minimum_memory_bound_holds);
  tcase_add_test(tc, jumps_of_2_to_the_59_and_more);
  tcase_add_test(tc, rle_past_the_pattern_limits);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
