/* test_universe.c — golcl_universe against the CPU reference: random soups
 * and known patterns placed at negative and positive coordinates, run by
 * HashLife for several generation counts and rules, compared cell for cell
 * with the same cells in a dead-boundary grid (margin beyond the light
 * cone) stepped by GOLCL_STEPPER_REFERENCE; macrocell and RLE round trips;
 * the RLE written from the tree against the pattern writer's;
 * a node store small enough to force collections, and one too small for a
 * generation; bad arguments. */
#include <golcl_universe.h>

#include "testutil.h"
#include "unicheck.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Runs w×h cells at (x0, y0) for gens generations of rule in a host
 * universe (with max_memory) and in a reference grid, and compares the
 * cells of the whole light cone. */
static void compare_with_reference(const uint8_t *cells, uint32_t w, uint32_t h, int64_t x0,
                                   int64_t y0, const char *rule, uint64_t gens,
                                   uint64_t max_memory) {
  golcl_universe_opts o = {0};
  o.max_memory = max_memory;
  tu_universe_vs_reference(NULL, &o, cells, w, h, x0, y0, rule, gens);
}

static const char *RULES[] = {"B3/S23",  "B36/S23",           "B2-a/S12", "B3/S23V",
                              "B34/S34", "B0123478/S01234678" /* B0 with S8: AntiLife */};

START_TEST(soups_match_the_reference) {
  const char *rule = RULES[_i];
  static const struct {
    uint32_t w, h;
    int64_t x, y;
  } boxes[] = {{37, 29, -20, -13}, {1, 1, 0, 0}, {64, 64, -1000, 3}, {17, 40, 5, -77}};
  static const uint64_t gens[] = {1, 2, 3, 7, 64, 100};
  for (size_t b = 0; b < sizeof boxes / sizeof *boxes; b++)
    for (size_t k = 0; k < sizeof gens / sizeof *gens; k++) {
      uint8_t *c = tu_random_cells((size_t)boxes[b].w * boxes[b].h, 0.35, 11 + b * 7 + k);
      compare_with_reference(c, boxes[b].w, boxes[b].h, boxes[b].x, boxes[b].y, rule, gens[k], 0);
      free(c);
    }
}
END_TEST

START_TEST(collection_keeps_the_cells) {
  /* 256 KiB hold about 7000 nodes: a 64×64 soup for 300 generations
   * collects many times and must still give the reference's cells */
  uint8_t *c = tu_random_cells(64 * 64, 0.4, 99);
  compare_with_reference(c, 64, 64, -31, 9, "B3/S23", 300, 256u << 10);
  free(c);
}
END_TEST

START_TEST(too_little_memory_is_an_error) {
  /* HashLife's store (AUTO would run this short run on the host tiles, and
   * the soup's write now fits: each node made once) */
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HASHLIFE;
  o.max_memory = 128u << 10;
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, &o, &u));
  uint8_t *c = tu_random_cells(256 * 256, 0.5, 5);
  golcl_status s = golcl_universe_write_rect(u, 0, 0, 256, 256, c, 0);
  if (s == GOLCL_OK) s = golcl_universe_run(u, 1000);
  ck_assert_int_eq(s, GOLCL_E_OUT_OF_MEMORY);
  ck_assert(strstr(golcl_last_errmsg(), "node store") != NULL);
  ck_assert_uint_lt(golcl_universe_generation(u), 1000);
  free(c);
  golcl_universe_destroy(u);
}
END_TEST

/* A load makes each node of the new tree once: a lattice of blocks over
 * 4096² (2^20 cells in 2^18 leaves of one kind) holds a few dozen distinct
 * nodes, and loads into the smallest store (made a leaf at a time, each
 * leaf's path of nodes afresh, it filled that store). */
START_TEST(a_large_regular_load_fits_a_small_store) {
  const uint32_t side = 4096;
  const size_t n = (size_t)side * side / 4;
  uint32_t *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  ck_assert(x && y);
  size_t k = 0;
  for (uint32_t r = 0; r < side; r += 4)
    for (uint32_t c = 0; c < side; c += 4)
      for (int d = 0; d < 4; d++) x[k] = c + (d & 1), y[k++] = r + (d >> 1);
  golcl_pattern *p;
  TU_OK(golcl_pattern_from_live_cells(x, y, k, side, side, &p));
  golcl_universe_opts o = {0};
  o.max_memory = 128u << 10;
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, &o, &u));
  TU_OK(golcl_universe_load(u, p));
  uint64_t pop;
  TU_OK(golcl_universe_population(u, &pop));
  ck_assert_uint_eq(pop, k);
  TU_OK(golcl_universe_run(u, 8)); /* blocks are still */
  TU_OK(golcl_universe_population(u, &pop));
  ck_assert_uint_eq(pop, k);
  golcl_universe_destroy(u);
  golcl_pattern_destroy(p);
  free(x), free(y);
}
END_TEST

/* golcl_universe_is_soup: a random soup is one, a lattice of blocks as
 * large and as full is not (its leaves repeat), nor a soup under the count
 * asked. */
START_TEST(soups_are_told_from_lattices) {
  ck_assert_int_eq(golcl_universe_is_soup(NULL, 0), 0);
  const uint32_t side = 256;
  uint8_t *c = tu_random_cells(side * side, 0.5, 9), *b = calloc(side * side, 1);
  ck_assert(b);
  for (uint32_t r = 0; r < side; r++)
    for (uint32_t k = 0; k < side; k++) b[r * side + k] = r % 4 < 2 && k % 4 < 2;
  golcl_universe *u, *v;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_create(NULL, NULL, &v));
  TU_OK(golcl_universe_write_rect(u, 0, 0, side, side, c, 0));
  TU_OK(golcl_universe_write_rect(v, 0, 0, side, side, b, 0));
  ck_assert_int_eq(golcl_universe_is_soup(u, 0), 1);
  ck_assert_int_eq(golcl_universe_is_soup(u, (uint64_t)side * side), 0);
  ck_assert_int_eq(golcl_universe_is_soup(v, 0), 0);
  golcl_universe_destroy(u), golcl_universe_destroy(v);
  free(c), free(b);
}
END_TEST

static char *data_path(const char *name) {
  static char p[1024];
  const char *d = getenv("GOLCL_TEST_DATA");
  snprintf(p, sizeof p, "%s/%s", d ? d : "tests/data", name);
  return p;
}

START_TEST(gun_matches_the_reference_and_round_trips) {
  golcl_pattern *p;
  TU_OK(golcl_pattern_read_file(data_path("gosper-glider-gun.rle"), &p));
  uint32_t w = golcl_pattern_width(p), h = golcl_pattern_height(p);
  uint8_t *c = malloc((size_t)w * h);
  TU_OK(golcl_pattern_get_cells(p, c, w));
  compare_with_reference(c, w, h, -3, -100, "B3/S23", 500, 0);
  free(c);

  golcl_universe *u, *v;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_load(u, p));
  TU_OK(golcl_universe_run(u, 1000));
  uint64_t hu, hv, pop;
  TU_OK(golcl_universe_hash(u, &hu));
  TU_OK(golcl_universe_population(u, &pop));
  ck_assert_uint_gt(pop, 5 * 33); /* the gun and its 33 gliders of 1000 generations */
  /* macrocell and RLE round trips keep every cell and the position */
  const char *fmt[2] = {"mc", "rle"};
  for (int i = 0; i < 2; i++) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/golcl_test_universe_%d.%s", (int)getpid(), fmt[i]);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    TU_OK(i ? golcl_universe_write_rle(u, f) : golcl_universe_write_macrocell(u, f));
    fclose(f);
    TU_OK(golcl_universe_create(NULL, NULL, &v));
    TU_OK(golcl_universe_read_file(v, path));
    TU_OK(golcl_universe_hash(v, &hv));
    ck_assert_uint_eq(hu, hv);
    ck_assert_uint_eq(golcl_universe_generation(v), 1000);
    golcl_universe_destroy(v);
    remove(path);
  }
  /* the live box and extract agree */
  int64_t x, y;
  uint64_t bw, bh;
  golcl_pattern *q;
  TU_OK(golcl_universe_bounding_box(u, &x, &y, &bw, &bh));
  TU_OK(golcl_universe_extract(u, &q));
  int64_t qx, qy;
  golcl_pattern_origin(q, &qx, &qy);
  ck_assert_int_eq(qx, x);
  ck_assert_int_eq(qy, y);
  ck_assert_uint_eq(golcl_pattern_width(q), bw);
  ck_assert_uint_eq(golcl_pattern_height(q), bh);
  ck_assert_uint_eq(golcl_pattern_population(q), pop);
  golcl_pattern_destroy(q);
  golcl_universe_destroy(u);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(long_runs_of_a_gun_grow_with_its_gliders) {
  /* 2^20 generations of the Gosper gun: 34 952 gliders in a line; HashLife
   * holds them in few nodes, and the hash equals a run made in two halves */
  golcl_pattern *p;
  TU_OK(golcl_pattern_read_file(data_path("gosper-glider-gun.rle"), &p));
  golcl_universe *a, *b;
  TU_OK(golcl_universe_create(NULL, NULL, &a));
  TU_OK(golcl_universe_create(NULL, NULL, &b));
  TU_OK(golcl_universe_load(a, p));
  TU_OK(golcl_universe_load(b, p));
  TU_OK(golcl_universe_run(a, 1u << 20));
  TU_OK(golcl_universe_run(b, 1000));
  TU_OK(golcl_universe_run(b, (1u << 20) - 1000));
  uint64_t ha, hb, pop;
  TU_OK(golcl_universe_hash(a, &ha));
  TU_OK(golcl_universe_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  TU_OK(golcl_universe_population(a, &pop));
  /* the gun's 36 cells (its phase at a multiple of 30 plus 16) and 5 a glider */
  ck_assert_uint_gt(pop, 5 * 34900);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_uint_lt(st.nodes, 200000);
  golcl_universe_destroy(a);
  golcl_universe_destroy(b);
  golcl_pattern_destroy(p);
}
END_TEST

START_TEST(sparse_tiles_match_hashlife) {
  /* the device engine through the universe: runs of several lengths on the
   * same universe (the engine keeps its tiles between them), a rectangle
   * written between runs (the engine takes the new cells), three rules */
  static const char *rules[] = {"B3/S23", "B36/S23", "B2-a/S12"};
  uint8_t *c = tu_random_cells(100 * 80, 0.4, 77);
  static const uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
  for (int r = 0; r < 3; r++) {
    golcl_universe_opts oh = {0}, os = {0};
    oh.algo = GOLCL_UNIVERSE_HASHLIFE, os.algo = GOLCL_UNIVERSE_SPARSE;
    golcl_universe *a, *b;
    TU_OK(golcl_universe_create(NULL, &oh, &a));
    TU_OK(golcl_universe_create(tu_ctx, &os, &b));
    golcl_universe *both[2] = {a, b};
    for (int i = 0; i < 2; i++) {
      TU_OK(golcl_universe_set_rule(both[i], rules[r]));
      TU_OK(golcl_universe_write_rect(both[i], -50, -40, 100, 80, c, 0));
    }
    static const uint64_t runs[] = {1, 37, 100, 65};
    for (size_t k = 0; k < 4; k++) {
      if (k == 3)
        for (int i = 0; i < 2; i++)
          TU_OK(golcl_universe_write_rect(both[i], 300, -200, 3, 3, glider, 0));
      uint64_t ha, hb;
      TU_OK(golcl_universe_run(a, runs[k]));
      TU_OK(golcl_universe_run(b, runs[k]));
      TU_OK(golcl_universe_hash(a, &ha));
      TU_OK(golcl_universe_hash(b, &hb));
      ck_assert_msg(ha == hb, "%s: sparse and HashLife differ after run %zu", rules[r], k);
      ck_assert_uint_eq(golcl_universe_generation(a), golcl_universe_generation(b));
    }
    golcl_universe_stats st;
    TU_OK(golcl_universe_get_stats(b, &st));
    ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_SPARSE);
    ck_assert_uint_gt(st.tiles, 0);
    golcl_universe_destroy(a);
    golcl_universe_destroy(b);
  }
  free(c);
}
END_TEST

START_TEST(auto_moves_between_tiles_and_hashlife) {
  /* AUTO on acorn, let onto the tiles on pocl (GOLCL_UNIVERSE_TILES=any):
   * HashLife's probe finds chaos, the tiles run to 3072, HashLife's probe
   * stops at 3584 (chaos), the kept engine gets the cells again and runs to
   * 10752, and the probe finds it settled at 11776: HashLife takes the rest.
   * A second run of the settled acorn stays with HashLife. The cells are
   * HashLife's alone at the end of each run. */
  static const char *acorn = "x = 7, y = 3\nbo5b$3bo3b$2o2b3o!\n";
  golcl_pattern *p;
  TU_OK(golcl_pattern_parse(acorn, strlen(acorn), &p));
  golcl_universe_opts oh = {0}, oa = {0};
  oh.algo = GOLCL_UNIVERSE_HASHLIFE, oa.algo = GOLCL_UNIVERSE_AUTO;
  golcl_universe *h, *a;
  TU_OK(golcl_universe_create(NULL, &oh, &h));
  TU_OK(golcl_universe_create(tu_ctx, &oa, &a));
  TU_OK(golcl_universe_load(h, p));
  TU_OK(golcl_universe_load(a, p));
  ck_assert_int_eq(setenv("GOLCL_UNIVERSE_TILES", "any", 1), 0);
  tu_auto_alone(1);
  static const uint64_t runs[] = {16000, 3000};
  for (int k = 0; k < 2; k++) {
    TU_OK(golcl_universe_run(h, runs[k]));
    TU_OK(golcl_universe_run(a, runs[k]));
    tu_universes_same(a, h, k ? "run 1, AUTO against HashLife" : "run 0, AUTO against HashLife");
    golcl_universe_stats st;
    TU_OK(golcl_universe_get_stats(a, &st));
    /* the tiles took part in the first run only */
    ck_assert_int_eq(st.algo, k == 0 ? GOLCL_UNIVERSE_SPARSE : GOLCL_UNIVERSE_HASHLIFE);
  }
  ck_assert_int_eq(unsetenv("GOLCL_UNIVERSE_TILES"), 0);
  tu_auto_alone(0);
  golcl_universe_destroy(h);
  golcl_universe_destroy(a);
  golcl_pattern_destroy(p);
}
END_TEST

/* The whole text a write function gives u (open_memstream). */
static char *text_of(golcl_universe *u, golcl_status (*fn)(golcl_universe *, FILE *)) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ck_assert_ptr_nonnull(f);
  TU_OK(fn(u, f));
  fclose(f);
  return buf;
}

/* The pattern path: golcl_universe_extract then golcl_pattern_write_rle. */
static golcl_status extract_and_write(golcl_universe *u, FILE *f) {
  golcl_pattern *p = NULL;
  golcl_status st = golcl_universe_extract(u, &p);
  if (st == GOLCL_OK) st = golcl_pattern_write_rle(p, f);
  golcl_pattern_destroy(p);
  return st;
}

/* golcl_universe_write_rle writes from the tree, band by band: the same
 * text as the pattern golcl_universe_extract makes, written by the pattern
 * writer (soups of several rules, places and generations, comments, an
 * empty plane); and past the pattern limits, a text the universe reads
 * back to the same cells, two-state. */
START_TEST(rle_from_the_tree_is_the_patterns_text) {
  static const struct {
    uint32_t w, h;
    int64_t x, y;
    double density;
    uint64_t gens;
  } cases[] = {{37, 29, -20, -13, 0.35, 0},     {1, 1, 0, 0, 1.0, 0},
               {64, 64, -1000, 3, 0.5, 7},      {17, 40, 5, -77, 0.3, 100},
               {150, 9, -75, 4, 0.2, 33},       {9, 130, 70, -9, 0.6, 1},
               {200, 200, -100, -100, 0.4, 300}};
  for (size_t r = 0; r < sizeof RULES / sizeof *RULES; r++)
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
      golcl_universe *u;
      TU_OK(golcl_universe_create(NULL, NULL, &u));
      TU_OK(golcl_universe_set_rule(u, RULES[r]));
      uint8_t *c = tu_random_cells((size_t)cases[k].w * cases[k].h, cases[k].density, 3 + k);
      TU_OK(golcl_universe_write_rect(u, cases[k].x, cases[k].y, cases[k].w, cases[k].h, c, 0));
      free(c);
      TU_OK(golcl_universe_run(u, cases[k].gens));
      char *a = text_of(u, golcl_universe_write_rle), *b = text_of(u, extract_and_write);
      if (strcmp(a, b) != 0)
        ck_abort_msg("rule %s, case %zu: the tree's RLE differs from the pattern's:\n%s\n%s",
                     RULES[r], k, a, b);
      free(a), free(b);
      golcl_universe_destroy(u);
    }
  /* an empty plane, and comments with a generation (read from a file) */
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  char *a = text_of(u, golcl_universe_write_rle), *b = text_of(u, extract_and_write);
  ck_assert_str_eq(a, b);
  free(a), free(b);
  char path[64];
  snprintf(path, sizeof path, "/tmp/golcl_univ_rle_%d.rle", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(
      "#N glider\n#C a comment\n#CXRLE Pos=-5,7 Gen=12\nx = 3, y = 3, rule = B3/S23\n"
      "bo$2bo$3o!\n",
      f);
  fclose(f);
  TU_OK(golcl_universe_read_file(u, path));
  TU_OK(golcl_universe_run(u, 5));
  a = text_of(u, golcl_universe_write_rle), b = text_of(u, extract_and_write);
  ck_assert_str_eq(a, b);
  ck_assert_ptr_nonnull(strstr(a, "Gen=17"));
  free(a), free(b);
  /* two blocks 3x10^7 cells apart: past the pattern limits, written and read back */
  static const uint8_t block[4] = {1, 1, 1, 1};
  golcl_universe *far, *back;
  TU_OK(golcl_universe_create(NULL, NULL, &far));
  TU_OK(golcl_universe_create(NULL, NULL, &back));
  TU_OK(golcl_universe_write_rect(far, -3, 2, 2, 2, block, 0));
  TU_OK(golcl_universe_write_rect(far, 30000000, -20000000, 2, 2, block, 0));
  ck_assert_int_ne(golcl_universe_extract(far, &(golcl_pattern *){NULL}), GOLCL_OK);
  f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  TU_OK(golcl_universe_write_rle(far, f));
  fclose(f);
  TU_OK(golcl_universe_read_file(back, path));
  ck_assert_uint_eq(golcl_universe_states(back), 2);
  tu_universes_same(far, back, "two blocks 3x10^7 apart, through RLE");
  unlink(path);
  golcl_universe_destroy(far);
  golcl_universe_destroy(back);
  golcl_universe_destroy(u);
}
END_TEST

START_TEST(bad_arguments) {
  golcl_universe *u = (golcl_universe *)1;
  golcl_universe_opts o = {0};
  ck_assert_int_eq(golcl_universe_create(NULL, NULL, NULL), GOLCL_E_INVALID_ARG);
  o.algo = (golcl_universe_algo)7;
  ck_assert_int_eq(golcl_universe_create(NULL, &o, &u), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(u);
  o.algo = GOLCL_UNIVERSE_SPARSE;
  ck_assert_int_eq(golcl_universe_create(NULL, &o, &u), GOLCL_E_UNSUPPORTED);
  o.algo = GOLCL_UNIVERSE_AUTO, o.max_memory = 1000;
  ck_assert_int_eq(golcl_universe_create(NULL, &o, &u), GOLCL_E_INVALID_ARG);
  o.max_memory = 0;
  ck_assert_int_eq(golcl_universe_create_sized(NULL, &o, 4, &u), GOLCL_E_INVALID_ARG);
  golcl_universe_destroy(NULL);
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  ck_assert_int_eq(golcl_universe_set_rule(u, "B3/S23:T20,20"), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_universe_set_rule(u, "B03/S23"), GOLCL_E_UNSUPPORTED); /* B0, no S8 */
  TU_OK(golcl_universe_set_rule(u, "B3/S23/C4")); /* Generations: multi-state cells */
  ck_assert_uint_eq(golcl_universe_states(u), 4);
  TU_OK(golcl_universe_set_rule(u, "B3/S23"));
  ck_assert_int_eq(golcl_universe_set_rule(u, "B3/S2q"), GOLCL_E_PARSE);
  ck_assert_int_eq(golcl_universe_set_rule(u, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_universe_run(NULL, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_universe_read_file(u, "/nonexistent/x.rle"), GOLCL_E_IO);
  ck_assert_int_eq(golcl_universe_read_file(u, "/nonexistent/x.mc"), GOLCL_E_IO);
  ck_assert_int_eq(golcl_universe_read_rect(u, 0, 0, 4, 4, NULL, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_universe_read_rect(u, (int64_t)1 << 62, 0, 4, 4, (uint8_t[16]){0}, 0),
                   GOLCL_E_INVALID_ARG);
  uint64_t pop = 1;
  TU_OK(golcl_universe_population(u, &pop));
  ck_assert_uint_eq(pop, 0);
  int64_t x = 1, y = 1;
  uint64_t w = 1, h = 1;
  TU_OK(golcl_universe_bounding_box(u, &x, &y, &w, &h));
  ck_assert(x == 0 && y == 0 && w == 0 && h == 0);
  TU_OK(golcl_universe_run(u, 1000000)); /* empty stays empty */
  golcl_universe_algo a;
  ck_assert_int_eq(golcl_universe_algo_from_name("bogus", &a), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_universe_algo_from_name("sparse", &a));
  ck_assert_int_eq(a, GOLCL_UNIVERSE_SPARSE);
  ck_assert_str_eq(golcl_universe_algo_name(GOLCL_UNIVERSE_HASHLIFE), "hashlife");
  ck_assert_ptr_null(golcl_universe_algo_name((golcl_universe_algo)9));
  golcl_universe_destroy(u);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe");
  TCase *tc = tcase_create("hashlife");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, soups_match_the_reference, 0, (int)(sizeof RULES / sizeof *RULES));
  tcase_add_test(tc, collection_keeps_the_cells);
  tcase_add_test(tc, too_little_memory_is_an_error);
  tcase_add_test(tc, a_large_regular_load_fits_a_small_store);
  tcase_add_test(tc, soups_are_told_from_lattices);
  tcase_add_test(tc, gun_matches_the_reference_and_round_trips);
  tcase_add_test(tc, long_runs_of_a_gun_grow_with_its_gliders);
  tcase_add_test(tc, sparse_tiles_match_hashlife);
  tcase_add_test(tc, auto_moves_between_tiles_and_hashlife);
  tcase_add_test(tc, rle_from_the_tree_is_the_patterns_text);
  tcase_add_test(tc, bad_arguments);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
