/* test_universe_hosttiles.c — the universe's host tiles (GOLCL_UNIVERSE_HOST_TILES)
 * against the CPU reference (random soups over tile borders and negative
 * coordinates, several rules, the vector bricks and the portable rows),
 * against host HashLife (longer soups run in pieces, spaceships crossing
 * many tiles in every direction), its memory (a glider's stays bounded
 * however far it flies), its refusals, AUTO's switching between HashLife and
 * the host tiles, and Golly's methuselahs against bgolly. */
#include <golcl_universe.h>

#include "bgolly.h"
#include "testutil.h"
#include "unicheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *RULES[] = {
    "B3/S23",        "B36/S23", "B2/S" /* explosive */,
    "B3/S012345678", "B34/S34", "B0123478/S01234678" /* B0 with S8: AntiLife */};
#define NRULES (int)(sizeof RULES / sizeof *RULES)

/* The loop index: rule × (vector bricks, portable rows). */
static void set_path(int scalar) {
  if (scalar)
    ck_assert_int_eq(setenv("GOLCL_HTILES_SCALAR", "1", 1), 0);
  else
    ck_assert_int_eq(unsetenv("GOLCL_HTILES_SCALAR"), 0);
}

START_TEST(soups_match_the_reference) {
  const char *rule = RULES[_i % NRULES];
  set_path(_i / NRULES);
  static const struct {
    uint32_t w, h;
    int64_t x, y;
  } boxes[] = {
      {37, 29, -20, -13}, {1, 1, 63, 63}, {64, 64, -1000, 3}, {70, 66, -3, -67}, {17, 40, 60, -77}};
  static const uint64_t gens[] = {1, 2, 3, 7, 64, 100};
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HOST_TILES;
  for (size_t b = 0; b < sizeof boxes / sizeof *boxes; b++)
    for (size_t k = 0; k < sizeof gens / sizeof *gens; k++) {
      uint8_t *c = tu_random_cells((size_t)boxes[b].w * boxes[b].h, 0.35, 31 + b * 7 + k);
      golcl_universe_stats st = tu_universe_vs_reference(NULL, &o, c, boxes[b].w, boxes[b].h,
                                                         boxes[b].x, boxes[b].y, rule, gens[k]);
      ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
      free(c);
    }
  set_path(0);
}
END_TEST

/* Runs a and b (HashLife) by the same pieces, comparing after each. */
static void same_runs(golcl_universe *a, golcl_universe *b, const uint64_t *runs, int n,
                      const char *what) {
  for (int k = 0; k < n; k++) {
    char msg[128];
    TU_OK(golcl_universe_run(a, runs[k]));
    TU_OK(golcl_universe_run(b, runs[k]));
    snprintf(msg, sizeof msg, "%s, host tiles against HashLife after run %d", what, k);
    tu_universes_same(a, b, msg);
  }
}

static void make_pair(const char *rule, golcl_universe **a, golcl_universe **b) {
  golcl_universe_opts ot = {0}, oh = {0};
  ot.algo = GOLCL_UNIVERSE_HOST_TILES, oh.algo = GOLCL_UNIVERSE_HASHLIFE;
  TU_OK(golcl_universe_create(NULL, &ot, a));
  TU_OK(golcl_universe_create(NULL, &oh, b));
  TU_OK(golcl_universe_set_rule(*a, rule));
  TU_OK(golcl_universe_set_rule(*b, rule));
}

START_TEST(long_soups_match_hashlife) {
  /* a 150×110 soup across the origin, run in pieces (the engine kept between
   * them), a glider written between two runs (the engine takes the new
   * cells) */
  const char *rule = RULES[_i % NRULES];
  set_path(_i / NRULES);
  /* B2/S explodes (a ring growing at c): fewer generations */
  int explosive = strcmp(rule, "B2/S") == 0;
  uint8_t *c = tu_random_cells(150 * 110, 0.4, 5 + (uint64_t)_i);
  static const uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
  golcl_universe *a, *b;
  make_pair(rule, &a, &b);
  TU_OK(golcl_universe_write_rect(a, -77, -50, 150, 110, c, 0));
  TU_OK(golcl_universe_write_rect(b, -77, -50, 150, 110, c, 0));
  static const uint64_t runs[] = {1, 37, 200, 262}, short_runs[] = {1, 6, 20, 33};
  same_runs(a, b, explosive ? short_runs : runs, 3, rule);
  TU_OK(golcl_universe_write_rect(a, 200, -300, 3, 3, glider, 0));
  TU_OK(golcl_universe_write_rect(b, 200, -300, 3, 3, glider, 0));
  same_runs(a, b, explosive ? short_runs + 3 : runs + 3, 1, rule);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_uint_gt(st.tiles, 0);
  ck_assert_uint_gt(st.host_tile_bytes, 0);
  golcl_universe_destroy(a);
  golcl_universe_destroy(b);
  free(c);
  set_path(0);
}
END_TEST

/* A glider (c/4 diagonal) and a lightweight spaceship (c/2 orthogonal) in
 * each of the four directions, from the same box; (fx, fy) flip it. */
static void ship(golcl_universe *u, int which, int fx, int fy, int64_t x, int64_t y) {
  static const char *const ships[2] = {".o.\n..o\nooo\n", "o..o.\n....o\no...o\n.oooo\n"};
  const uint32_t sw[2] = {3, 5}, sh[2] = {3, 4};
  uint8_t cells[20];
  const char *p = ships[which];
  for (uint32_t r = 0; r < sh[which]; r++, p++)
    for (uint32_t q = 0; q < sw[which]; q++, p++) {
      uint32_t rr = fy ? sh[which] - 1 - r : r, qq = fx ? sw[which] - 1 - q : q;
      cells[rr * sw[which] + qq] = *p == 'o';
    }
  TU_OK(golcl_universe_write_rect(u, x, y, sw[which], sh[which], cells, 0));
}

START_TEST(small_soups_on_tile_corners) {
  /* where four tiles meet, a change in one tile's corner cell alone must
   * wake the diagonal tile: many small soups on a corner, each for 60
   * generations, against HashLife */
  set_path(_i);
  for (int k = 0; k < 300; k++) {
    uint8_t *c = tu_random_cells(6 * 6, 0.45, 1000 + (uint64_t)k);
    golcl_universe *a, *b;
    make_pair(k % 3 == 2 ? "B36/S23" : "B3/S23", &a, &b);
    int64_t x = (k & 1 ? 64 : -128) - 3 + k % 5 - 2, y = (k & 2 ? -64 : 192) - 3 + k / 5 % 5 - 2;
    TU_OK(golcl_universe_write_rect(a, x, y, 6, 6, c, 0));
    TU_OK(golcl_universe_write_rect(b, x, y, 6, 6, c, 0));
    static const uint64_t runs[] = {3, 17, 40};
    same_runs(a, b, runs, 3, "a soup on a corner");
    golcl_universe_destroy(a);
    golcl_universe_destroy(b);
    free(c);
  }
  /* gliders through a corner in every direction and phase: for a few
   * generations only one tile's corner cell changes beside the diagonal tile */
  for (int d = 0; d < 4; d++)
    for (int dy = -4; dy <= 4; dy++)
      for (int dx = -4; dx <= 4; dx++) {
        golcl_universe *a, *b;
        make_pair("B3/S23", &a, &b);
        /* heading away from (or toward) the corner at (64, -64) */
        int64_t x = 64 + dx + (d & 1 ? -8 : 5), y = -64 + dy + (d & 2 ? -8 : 5);
        ship(a, 0, d & 1, d >> 1 & 1, x, y);
        ship(b, 0, d & 1, d >> 1 & 1, x, y);
        static const uint64_t runs[] = {9, 10, 21};
        same_runs(a, b, runs, 3, "a glider by a corner");
        golcl_universe_destroy(a);
        golcl_universe_destroy(b);
      }
  set_path(0);
}
END_TEST

START_TEST(spaceships_cross_tiles_in_every_direction) {
  set_path(_i);
  for (int which = 0; which < 2; which++)
    for (int d = 0; d < 4; d++) {
      golcl_universe *a, *b;
      make_pair("B3/S23", &a, &b);
      /* on a tile's corner, and at negative coordinates far from the origin */
      int64_t x = which ? -70000 : 62, y = which ? 130 : -2;
      ship(a, which, d & 1, d >> 1 & 1, x, y);
      ship(b, which, d & 1, d >> 1 & 1, x, y);
      static const uint64_t runs[] = {5, 123, 700, 1172};
      same_runs(a, b, runs, 4, which ? "lightweight spaceship" : "glider");
      uint64_t w, h, pop;
      int64_t bx, by;
      TU_OK(golcl_universe_bounding_box(a, &bx, &by, &w, &h));
      TU_OK(golcl_universe_population(a, &pop));
      ck_assert_uint_eq(pop, which ? 9 : 5);
      /* it flew: 2000 generations are 500 cells (glider) or 1000 (LWSS) */
      ck_assert(llabs(bx - x) + llabs(by - y) >= 500);
      golcl_universe_destroy(a);
      golcl_universe_destroy(b);
    }
  set_path(0);
}
END_TEST

START_TEST(a_glider_keeps_few_tiles) {
  /* 40 000 generations: 10 000 cells, 156 tiles along its diagonal; the
   * tiles it left are freed, so the engine holds a handful whatever the
   * distance */
  golcl_universe *a, *b;
  make_pair("B3/S23", &a, &b);
  ship(a, 0, 0, 0, -5, -5);
  ship(b, 0, 0, 0, -5, -5);
  uint64_t most = 0, bytes = 0;
  for (int k = 0; k < 40; k++) {
    TU_OK(golcl_universe_run(a, 1000));
    golcl_universe_stats st;
    TU_OK(golcl_universe_get_stats(a, &st));
    if (st.tiles > most) most = st.tiles;
    if (k == 4) bytes = st.host_tile_bytes;
    if (k > 4) ck_assert_uint_le(st.host_tile_bytes, bytes + bytes / 2);
  }
  ck_assert_uint_le(most, 8);
  TU_OK(golcl_universe_run(b, 40000));
  uint64_t ha, hb;
  TU_OK(golcl_universe_hash(a, &ha));
  TU_OK(golcl_universe_hash(b, &hb));
  ck_assert(ha == hb);
  golcl_universe_destroy(a);
  golcl_universe_destroy(b);
}
END_TEST

START_TEST(other_rules_are_refused) {
  /* not outer totalistic (Hensel letters, von Neumann, hexagonal) */
  static const char *rules[] = {"B2-a/S12", "B3/S23V", "B2/S34H"};
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HOST_TILES;
  for (int r = 0; r < 3; r++) {
    golcl_universe *u;
    TU_OK(golcl_universe_create(NULL, &o, &u));
    TU_OK(golcl_universe_set_rule(u, rules[r]));
    static const uint8_t block[4] = {1, 1, 1, 1};
    TU_OK(golcl_universe_write_rect(u, 0, 0, 2, 2, block, 0));
    ck_assert_int_eq(golcl_universe_run(u, 5), GOLCL_E_UNSUPPORTED);
    ck_assert_msg(strstr(golcl_last_errmsg(), "totalistic") != NULL, "%s", golcl_last_errmsg());
    ck_assert_uint_eq(golcl_universe_generation(u), 0);
    uint64_t pop;
    TU_OK(golcl_universe_population(u, &pop));
    ck_assert_uint_eq(pop, 4);
    golcl_universe_destroy(u);
  }
}
END_TEST

/* A universe of the RLE text for AUTO (no context) and one for HashLife. */
static void auto_pair(const char *rle, const char *rule, golcl_universe **a, golcl_universe **h) {
  golcl_pattern *p;
  TU_OK(golcl_pattern_parse(rle, strlen(rle), &p));
  golcl_universe_opts oh = {0};
  oh.algo = GOLCL_UNIVERSE_HASHLIFE;
  TU_OK(golcl_universe_create(NULL, NULL, a));
  TU_OK(golcl_universe_create(NULL, &oh, h));
  TU_OK(golcl_universe_load(*a, p));
  TU_OK(golcl_universe_load(*h, p));
  if (rule) {
    TU_OK(golcl_universe_set_rule(*a, rule));
    TU_OK(golcl_universe_set_rule(*h, rule));
  }
  golcl_pattern_destroy(p);
}

START_TEST(auto_moves_between_host_tiles_and_hashlife) {
  /* AUTO without a context on acorn: HashLife's probe finds chaos, the host
   * tiles run the chaotic stretches, HashLife the settled rest; a second run
   * of the settled acorn stays with HashLife. */
  tu_auto_alone(1);
  golcl_universe *a, *h;
  auto_pair("x = 7, y = 3\nbo5b$3bo3b$2o2b3o!\n", NULL, &a, &h);
  static const uint64_t runs[] = {16000, 3000};
  for (int k = 0; k < 2; k++) {
    TU_OK(golcl_universe_run(h, runs[k]));
    TU_OK(golcl_universe_run(a, runs[k]));
    tu_universes_same(a, h, "acorn, AUTO against HashLife");
    golcl_universe_stats st;
    TU_OK(golcl_universe_get_stats(a, &st));
    ck_assert_int_eq(st.algo, k == 0 ? GOLCL_UNIVERSE_HOST_TILES : GOLCL_UNIVERSE_HASHLIFE);
  }
  golcl_universe_destroy(a);
  golcl_universe_destroy(h);
  /* a rule the tiles do not run: AUTO keeps HashLife (the R-pentomino in
   * B2-a/S12, a chaotic rule with Hensel letters) */
  auto_pair("x = 3, y = 3\nb2o$2ob$bo!\n", "B2-a/S12", &a, &h);
  TU_OK(golcl_universe_run(h, 3000));
  TU_OK(golcl_universe_run(a, 3000));
  tu_universes_same(a, h, "B2-a/S12, AUTO against HashLife");
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HASHLIFE);
  golcl_universe_destroy(a);
  golcl_universe_destroy(h);
  tu_auto_alone(0);
}
END_TEST

/* A universe (AUTO, no context) and a HashLife one holding the same w×h
 * cells at the origin. */
static void auto_pair_cells(const uint8_t *c, uint32_t w, uint32_t h, golcl_universe **a,
                            golcl_universe **hl) {
  golcl_universe_opts oh = {0};
  oh.algo = GOLCL_UNIVERSE_HASHLIFE;
  TU_OK(golcl_universe_create(NULL, NULL, a));
  TU_OK(golcl_universe_create(NULL, &oh, hl));
  TU_OK(golcl_universe_write_rect(*a, 0, 0, w, h, c, 0));
  TU_OK(golcl_universe_write_rect(*hl, 0, 0, w, h, c, 0));
}

START_TEST(auto_gives_a_large_soup_to_the_tiles) {
  /* A 400x400 soup (about 64 000 cells, every leaf its own): the host tiles
   * from the start, the cells of HashLife. A pattern as large that HashLife
   * compresses (blocks on a lattice, 40 000 cells in a few nodes) stays
   * with HashLife. */
  tu_auto_alone(1);
  uint8_t *c = tu_random_cells(400 * 400, 0.4, 77);
  golcl_universe *a, *h;
  auto_pair_cells(c, 400, 400, &a, &h);
  TU_OK(golcl_universe_run(h, 300));
  TU_OK(golcl_universe_run(a, 300));
  tu_universes_same(a, h, "a 400x400 soup, AUTO against HashLife");
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HOST_TILES);
  golcl_universe_destroy(a);
  golcl_universe_destroy(h);
  memset(c, 0, 400 * 400);
  for (int y = 0; y < 400; y += 4)
    for (int x = 0; x < 400; x += 4)
      c[y * 400 + x] = c[y * 400 + x + 1] = 1, c[(y + 1) * 400 + x] = c[(y + 1) * 400 + x + 1] = 1;
  auto_pair_cells(c, 400, 400, &a, &h); /* past the short run's tiles */
  TU_OK(golcl_universe_run(h, 3000));
  TU_OK(golcl_universe_run(a, 3000));
  tu_universes_same(a, h, "blocks, AUTO against HashLife");
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HASHLIFE);
  golcl_universe_destroy(a);
  golcl_universe_destroy(h);
  free(c);
  tu_auto_alone(0);
}
END_TEST

static int stop_at_third(void *user, uint64_t done, uint64_t total) {
  (void)done, (void)total;
  return ++*(int *)user == 3;
}

/* AUTO on one of Golly's files against HashLife: the cells, and the
 * algorithm of the run. */
static void auto_on_file(const char *file, uint64_t gens, golcl_universe_algo want) {
  const char *root = getenv("GOLCL_GOLLY_PATTERNS");
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", root ? root : "/usr/share/golly/Patterns", file);
  golcl_universe *a, *h;
  golcl_universe_opts oh = {0};
  oh.algo = GOLCL_UNIVERSE_HASHLIFE;
  TU_OK(golcl_universe_create(NULL, NULL, &a));
  TU_OK(golcl_universe_create(NULL, &oh, &h));
  TU_OK(golcl_universe_read_file(a, path));
  TU_OK(golcl_universe_read_file(h, path));
  TU_OK(golcl_universe_run(h, gens));
  TU_OK(golcl_universe_run(a, gens));
  tu_universes_same(a, h, file);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_msg(st.algo == want, "%s to %llu: AUTO ran %s, not %s", file, (unsigned long long)gens,
                golcl_universe_algo_name(st.algo), golcl_universe_algo_name(want));
  golcl_universe_destroy(a);
  golcl_universe_destroy(h);
}

START_TEST(auto_short_runs_guns_and_breeders) {
  /* a short run of a small pattern: the host tiles (HashLife's first jumps
   * cost more there), unless it explodes (the spacefiller: HashLife takes
   * over after 256 generations) */
  tu_auto_alone(1);
  auto_on_file("Life/Methuselahs/acorn.lif", 1000, GOLCL_UNIVERSE_HOST_TILES);
  auto_on_file("Life/Guns/p59-gun-with-Snark-reflectors.rle", 1000, GOLCL_UNIVERSE_HOST_TILES);
  auto_on_file("Life/Breeders/spacefiller.rle", 1000, GOLCL_UNIVERSE_HASHLIFE);
  /* a gun whose first jumps look chaotic but whose work does not grow with
   * the jump, and a breeder of 17 352 cells (mostly unique leaves, 1.7 % of
   * its box): HashLife, not the tiles */
  auto_on_file("Life/Guns/gun-p165mwss.rle", 8000, GOLCL_UNIVERSE_HASHLIFE);
  auto_on_file("Life/Breeders/LWSS-breeder.rle", 3000, GOLCL_UNIVERSE_HASHLIFE);
  tu_auto_alone(0);
}
END_TEST

START_TEST(a_cancelled_tile_run_holds_the_generation_reached) {
  /* The host tiles keep the cells between the chunks of a watched run; a
   * stop must leave the universe's tree at the generation it reached. */
  uint8_t *c = tu_random_cells(300 * 200, 0.4, 78);
  golcl_universe_opts ot = {0};
  ot.algo = GOLCL_UNIVERSE_HOST_TILES;
  golcl_universe *t, *h, *unused;
  auto_pair_cells(c, 300, 200, &unused, &h);
  golcl_universe_destroy(unused);
  TU_OK(golcl_universe_create(NULL, &ot, &t));
  TU_OK(golcl_universe_write_rect(t, 0, 0, 300, 200, c, 0));
  int calls = 0;
  ck_assert_int_eq(golcl_universe_run_progress(t, 1u << 30, stop_at_third, &calls),
                   GOLCL_E_CANCELLED);
  uint64_t g = golcl_universe_generation(t);
  ck_assert(g > 0 && g < (1u << 30));
  TU_OK(golcl_universe_run(h, g));
  tu_universes_same(t, h, "host tiles stopped by the callback, against HashLife");
  golcl_universe_destroy(t);
  golcl_universe_destroy(h);
  free(c);
}
END_TEST

/* AUTO's race on two processors: its run on the calling thread, HashLife
 * alone on a copy beside it. Whichever wins, the cells are HashLife's, the
 * universe goes on from them (a second run, a write), and the store keeps
 * its bound. ark1 to 30 000 is HashLife's on most machines, acorn to
 * 30 000 and a small soup to 1000 the tiles'; each side's win is reported,
 * not assumed. */
static void race_on(golcl_universe *a, golcl_universe *h, uint64_t gens, const char *what) {
  golcl_universe_stats st;
  TU_OK(golcl_universe_run(h, gens));
  TU_OK(golcl_universe_run(a, gens));
  tu_universes_same(a, h, what);
  TU_OK(golcl_universe_get_stats(a, &st));
  ck_assert_uint_eq(st.max_node_bytes, 64u << 20);
  ck_assert_uint_le(st.node_bytes, st.max_node_bytes);
  fprintf(stderr, "race, %s to %llu: stats.algo %s\n", what, (unsigned long long)gens,
          golcl_universe_algo_name(st.algo));
}

START_TEST(auto_races_hashlife_alone) {
  /* three: the short run (the 1500 and the soup's 1000) races on three
   * processors or more, the chaotic stretches (30 000) on two */
  ck_assert_int_eq(setenv("GOLCL_THREADS", "3", 1), 0);
  const char *root = getenv("GOLCL_GOLLY_PATTERNS");
  static const char *files[] = {"Life/Methuselahs/ark1.rle", "Life/Methuselahs/acorn.lif"};
  golcl_universe_opts o = {0}, oh = {0};
  o.max_memory = 64u << 20, oh.algo = GOLCL_UNIVERSE_HASHLIFE;
  for (size_t i = 0; i < 2; i++) {
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root ? root : "/usr/share/golly/Patterns", files[i]);
    golcl_universe *a, *h;
    TU_OK(golcl_universe_create(NULL, &o, &a));
    TU_OK(golcl_universe_create(NULL, &oh, &h));
    TU_OK(golcl_universe_read_file(a, path));
    TU_OK(golcl_universe_read_file(h, path));
    race_on(a, h, 30000, files[i]);
    race_on(a, h, 1500, files[i]); /* a second race from where the first ended */
    golcl_universe_destroy(a);
    golcl_universe_destroy(h);
  }
  uint8_t *c = tu_random_cells(37 * 29, 0.4, 79);
  golcl_universe *a, *h;
  TU_OK(golcl_universe_create(NULL, &o, &a));
  TU_OK(golcl_universe_create(NULL, &oh, &h));
  TU_OK(golcl_universe_write_rect(a, -18, -14, 37, 29, c, 0));
  TU_OK(golcl_universe_write_rect(h, -18, -14, 37, 29, c, 0));
  race_on(a, h, 1000, "a 37x29 soup");
  /* stopped by the callback in a race: the generation reached, the cells
   * of that generation */
  int calls = 0;
  golcl_status st = golcl_universe_run_progress(a, 100000, stop_at_third, &calls);
  ck_assert(st == GOLCL_E_CANCELLED || st == GOLCL_OK);
  uint64_t g = golcl_universe_generation(a);
  TU_OK(golcl_universe_run(h, g - golcl_universe_generation(h)));
  tu_universes_same(a, h, "a 37x29 soup stopped in a race");
  golcl_universe_destroy(a);
  golcl_universe_destroy(h);
  free(c);
}
END_TEST

START_TEST(methuselahs_match_bgolly) {
  char bgolly[1024];
  if (!bg_find(bgolly, sizeof bgolly)) {
    fprintf(stderr, "test_universe_hosttiles: bgolly not found; nothing compared\n");
    return;
  }
  const char *root = getenv("GOLCL_GOLLY_PATTERNS");
  static const char *files[] = {"Life/Methuselahs/rabbits.lif", "Life/Methuselahs/iwona.rle",
                                "Life/Methuselahs/lidka-predecessor.rle"};
  char tmp[64];
  snprintf(tmp, sizeof tmp, "/tmp/golcl_hosttiles_%d.mc", (int)getpid());
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root ? root : "/usr/share/golly/Patterns", files[i]);
    golcl_pattern *p;
    TU_OK(golcl_pattern_read_file(path, &p));
    if (!golcl_pattern_origin(p, NULL, NULL)) golcl_pattern_set_origin(p, 0, 0); /* as bgolly */
    golcl_universe_opts o = {0};
    o.algo = GOLCL_UNIVERSE_HOST_TILES;
    golcl_universe *u;
    TU_OK(golcl_universe_create(NULL, &o, &u));
    TU_OK(golcl_universe_load(u, p));
    golcl_pattern_destroy(p);
    TU_OK(golcl_universe_run(u, 6000));
    tu_universe_vs_bgolly(u, bgolly, path, 6000, tmp);
    golcl_universe_destroy(u);
  }
}
END_TEST

START_TEST(names) {
  ck_assert_str_eq(golcl_universe_algo_name(GOLCL_UNIVERSE_HOST_TILES), "host-tiles");
  golcl_universe_algo a;
  TU_OK(golcl_universe_algo_from_name("host-tiles", &a));
  ck_assert_int_eq(a, GOLCL_UNIVERSE_HOST_TILES);
  ck_assert_ptr_null(golcl_universe_algo_name((golcl_universe_algo)5));
  golcl_universe *u;
  golcl_universe_opts o = {0};
  o.algo = (golcl_universe_algo)5;
  ck_assert_int_eq(golcl_universe_create(NULL, &o, &u), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(u);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_hosttiles");
  TCase *tc = tcase_create("hosttiles");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, names);
  tcase_add_loop_test(tc, soups_match_the_reference, 0, 2 * NRULES);
  tcase_add_loop_test(tc, long_soups_match_hashlife, 0, 2 * NRULES);
  tcase_add_loop_test(tc, small_soups_on_tile_corners, 0, 2);
  tcase_add_loop_test(tc, spaceships_cross_tiles_in_every_direction, 0, 2);
  tcase_add_test(tc, a_glider_keeps_few_tiles);
  tcase_add_test(tc, other_rules_are_refused);
  tcase_add_test(tc, auto_moves_between_host_tiles_and_hashlife);
  tcase_add_test(tc, auto_gives_a_large_soup_to_the_tiles);
  tcase_add_test(tc, auto_short_runs_guns_and_breeders);
  tcase_add_test(tc, a_cancelled_tile_run_holds_the_generation_reached);
  tcase_add_test(tc, auto_races_hashlife_alone);
  tcase_add_test(tc, methuselahs_match_bgolly);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
