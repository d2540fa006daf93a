/* test_universe_sparse.c — the universe's device engine (lib/universe/sparse.h)
 * against the CPU reference: patterns and soups put in as 64×64 tiles, run N
 * generations (N = 1, 7, 17, 64, 100, 300: multiples of the engine's
 * generations a launch and not), read back and compared with the same cells
 * in a dead-boundary grid whose margin (N + 2) no cell can reach, stepped by
 * GOLCL_STEPPER_REFERENCE. Rules: Life, HighLife, Hensel, von Neumann,
 * hexagonal, MAP. Also: quiet tiles are not stepped, dead tiles are freed,
 * bad input and the memory bound give errors. */
#include "testutil.h"

#include "../lib/universe/sparse.h"

#include <stdio.h>
#include <string.h>

#define T GOLCL__TILE

/* A glider heading south-east: after 4 generations it is itself, one cell
 * south-east (glider_fleet checks it with the reference first). */
static const int glider_se[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};

/* Cells of a box at (x0, y0) of the plane: c[y*w + x], 0/1. */
typedef struct box {
  int64_t x0, y0;
  uint32_t w, h;
  uint8_t *c;
} box;

static box box_new(int64_t x0, int64_t y0, uint32_t w, uint32_t h) {
  box b = {x0, y0, w, h, calloc((size_t)w * h, 1)};
  ck_assert_ptr_nonnull(b.c);
  return b;
}

static int64_t fdiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static void set(box *b, int64_t x, int64_t y) {
  ck_assert(x >= b->x0 && y >= b->y0 && x < b->x0 + b->w && y < b->y0 + b->h);
  b->c[(size_t)(y - b->y0) * b->w + (size_t)(x - b->x0)] = 1;
}

static golcl__sparse *engine(const char *rule) {
  golcl_rule_table t;
  ck_assert_int_eq(golcl_rule_table_parse(rule, &t), GOLCL_OK);
  golcl__sparse *s = NULL;
  TU_OK(golcl__sparse_create(tu_ctx, &t, &s));
  ck_assert_ptr_nonnull(s);
  return s;
}

/* Puts every tile the box touches (empty ones too: they must go again). */
static void put_box(golcl__sparse *s, const box *b) {
  for (int64_t ty = fdiv(b->y0, T); ty <= fdiv(b->y0 + b->h - 1, T); ty++)
    for (int64_t tx = fdiv(b->x0, T); tx <= fdiv(b->x0 + b->w - 1, T); tx++) {
      uint64_t rows[T] = {0};
      for (int r = 0; r < T; r++)
        for (int c = 0; c < T; c++) {
          int64_t x = tx * T + c - b->x0, y = ty * T + r - b->y0;
          if (x >= 0 && y >= 0 && x < b->w && y < b->h && b->c[(size_t)y * b->w + (size_t)x])
            rows[r] |= 1ull << c;
        }
      TU_OK(golcl__sparse_put_tile(s, tx, ty, rows));
    }
}

typedef struct readback {
  box b;
  uint64_t outside, tiles;
} readback;

static golcl_status collect(void *user, int64_t tx, int64_t ty, const uint64_t rows[T]) {
  readback *rb = user;
  rb->tiles++;
  for (int r = 0; r < T; r++)
    for (int c = 0; c < T; c++) {
      if (!((rows[r] >> c) & 1)) continue;
      int64_t x = tx * T + c - rb->b.x0, y = ty * T + r - rb->b.y0;
      if (x < 0 || y < 0 || x >= rb->b.w || y >= rb->b.h)
        rb->outside++;
      else
        rb->b.c[(size_t)y * rb->b.w + (size_t)x] = 1;
    }
  return GOLCL_OK;
}

/* The box grown by m on each side, with the same cells. */
static box grown(const box *b, uint32_t m) {
  box g = box_new(b->x0 - m, b->y0 - m, b->w + 2 * m, b->h + 2 * m);
  for (uint32_t y = 0; y < b->h; y++)
    memcpy(g.c + (size_t)(y + m) * g.w + m, b->c + (size_t)y * b->w, b->w);
  return g;
}

/* The reference: b's cells after n generations of rule, in b grown by n+2. */
static box reference(const box *b, const char *rule, uint64_t n) {
  box g = grown(b, (uint32_t)n + 2);
  golcl_rule_table t;
  ck_assert_int_eq(golcl_rule_table_parse(rule, &t), GOLCL_OK);
  golcl_grid *grid = NULL;
  golcl_stepper *ref = NULL;
  TU_OK(golcl_grid_create(tu_ctx, g.w, g.h, GOLCL_BOUNDARY_DEAD, &grid));
  TU_OK(golcl_grid_set_rule_table(grid, &t));
  TU_OK(golcl_grid_write(grid, g.c, 0));
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_REFERENCE, NULL, &ref));
  TU_OK(golcl_stepper_run(ref, grid, n));
  TU_OK(golcl_grid_read(grid, g.c, 0));
  golcl_stepper_destroy(ref);
  golcl_grid_destroy(grid);
  return g;
}

/* The engine's cells, which must all lie in want's box, against want. */
static void assert_same(golcl__sparse *s, const box *want, const char *what) {
  readback rb = {box_new(want->x0, want->y0, want->w, want->h), 0, 0};
  TU_OK(golcl__sparse_get_tiles(s, collect, &rb));
  ck_assert_msg(rb.outside == 0, "%s: %llu live cells beyond any cell the rule can reach", what,
                (unsigned long long)rb.outside);
  for (uint32_t y = 0; y < want->h; y++)
    for (uint32_t x = 0; x < want->w; x++) {
      size_t i = (size_t)y * want->w + x;
      ck_assert_msg(rb.b.c[i] == want->c[i], "%s: cell (%lld, %lld) is %d, the reference says %d",
                    what, (long long)(want->x0 + x), (long long)(want->y0 + y), rb.b.c[i],
                    want->c[i]);
    }
  free(rb.b.c);
}

/* Puts b into a new engine, runs the counts of `runs` one after another
 * (so that state carried between runs is tested too), and compares after
 * each with the reference. */
static void check_runs(const box *b, const char *rule, const uint64_t *runs, size_t nruns,
                       const char *what) {
  golcl__sparse *s = engine(rule);
  put_box(s, b);
  uint64_t total = 0;
  for (size_t i = 0; i < nruns; i++) {
    TU_OK(golcl__sparse_run(s, runs[i]));
    total += runs[i];
    box want = reference(b, rule, total);
    char msg[160];
    snprintf(msg, sizeof msg, "%s, %s, generation %llu", what, rule, (unsigned long long)total);
    assert_same(s, &want, msg);
    free(want.c);
  }
  golcl__sparse_destroy(s);
}

static void check(const box *b, const char *rule, uint64_t n, const char *what) {
  check_runs(b, rule, &n, 1, what);
}

static box from_file(const char *name, int64_t x0, int64_t y0) {
  const char *d = getenv("GOLCL_TEST_DATA");
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", d && *d ? d : "tests/data", name);
  golcl_pattern *p = NULL;
  ck_assert_msg(golcl_pattern_read_file(path, &p) == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
  box b = box_new(x0, y0, golcl_pattern_width(p), golcl_pattern_height(p));
  ck_assert_int_eq(golcl_pattern_get_cells(p, b.c, 0), GOLCL_OK);
  golcl_pattern_destroy(p);
  return b;
}

static box soup(int64_t x0, int64_t y0, uint32_t w, uint32_t h, double density, uint64_t seed) {
  box b = box_new(x0, y0, w, h);
  uint8_t *c = tu_random_cells((size_t)w * h, density, seed);
  memcpy(b.c, c, (size_t)w * h);
  free(c);
  return b;
}

static const uint64_t counts[] = {1, 7, 64, 100, 300};

START_TEST(glider_across_tiles) {
  /* a glider heading south-east from just north-west of tile (0, 0) */
  box b = box_new(-3, -3, 3, 3);
  set(&b, -2, -3);
  set(&b, -1, -2);
  set(&b, -3, -1);
  set(&b, -2, -1);
  set(&b, -1, -1);
  for (size_t i = 0; i < sizeof counts / sizeof *counts; i++)
    check(&b, "B3/S23", counts[i], "glider");
  free(b.c);
}
END_TEST

START_TEST(glider_runs_in_pieces) {
  /* a glider heading north-west; runs of 17 (a launch of 15 and one of 2),
   * 1, 1, 31, 50: the state between runs carries on */
  box b = box_new(60, 60, 3, 3);
  set(&b, 60, 60);
  set(&b, 61, 60);
  set(&b, 62, 60);
  set(&b, 60, 61);
  set(&b, 61, 62);
  static const uint64_t runs[] = {17, 1, 1, 31, 50};
  check_runs(&b, "B3/S23", runs, sizeof runs / sizeof *runs, "glider north-west");
  free(b.c);
}
END_TEST

START_TEST(r_pentomino) {
  box b = from_file("r-pentomino.lif", -1, -1);
  check(&b, "B3/S23", 300, "r-pentomino");
  free(b.c);
}
END_TEST

START_TEST(gosper_gun) {
  box b = from_file("gosper-glider-gun.rle", -20, 60);
  check(&b, "B3/S23", 300, "gosper gun");
  free(b.c);
}
END_TEST

START_TEST(tile_borders) {
  /* blinkers and blocks across the edges and corners of tiles, on both
   * sides of 0 */
  box b = box_new(-70, -70, 210, 210);
  static const int64_t e[] = {-64, 0, 64, 128};
  for (size_t i = 0; i < 4; i++)
    for (size_t j = 0; j < 4; j++) {
      int64_t x = e[i], y = e[j];
      if ((i + j) % 2) { /* vertical blinker across the horizontal edge */
        set(&b, x, y - 1);
        set(&b, x, y);
        set(&b, x, y + 1);
      } else { /* block on the corner */
        set(&b, x - 1, y - 1);
        set(&b, x, y - 1);
        set(&b, x - 1, y);
        set(&b, x, y);
      }
    }
  /* a horizontal blinker across a vertical edge, and a lone cell on one */
  set(&b, 63, 30);
  set(&b, 64, 30);
  set(&b, 65, 30);
  set(&b, 127, 100);
  for (size_t i = 0; i < 3; i++) check(&b, "B3/S23", counts[i], "tile borders");
  free(b.c);
}
END_TEST

START_TEST(soup_across_origin) {
  /* a soup over tiles -2..1 in both directions */
  box b = soup(-100, -90, 190, 170, 0.35, 7);
  static const uint64_t runs[] = {7, 57, 36};
  check_runs(&b, "B3/S23", runs, sizeof runs / sizeof *runs, "soup");
  free(b.c);
}
END_TEST

START_TEST(soup_long) {
  box b = soup(1000, -3000, 100, 100, 0.4, 11);
  check(&b, "B3/S23", 300, "soup 300");
  free(b.c);
}
END_TEST

START_TEST(dies_out) {
  /* diehard vanishes at generation 130; its tiles are then freed */
  box b = box_new(62, -2, 8, 3);
  set(&b, 68, -2);
  set(&b, 62, -1);
  set(&b, 63, -1);
  set(&b, 63, 0);
  set(&b, 67, 0);
  set(&b, 68, 0);
  set(&b, 69, 0);
  check(&b, "B3/S23", 129, "diehard before it dies");
  golcl__sparse *s = engine("B3/S23");
  put_box(s, &b);
  TU_OK(golcl__sparse_run(s, 140));
  uint64_t tiles = 99, bytes = 0, stepped = 0;
  TU_OK(golcl__sparse_stats(s, &tiles, &bytes, &stepped));
  ck_assert_uint_eq(tiles, 0);
  ck_assert_uint_gt(bytes, 0);
  ck_assert_uint_gt(stepped, 0);
  readback rb = {box_new(0, 0, 1, 1), 0, 0};
  TU_OK(golcl__sparse_get_tiles(s, collect, &rb));
  ck_assert_uint_eq(rb.tiles, 0);
  free(rb.b.c);
  golcl__sparse_destroy(s);
  free(b.c);
}
END_TEST

START_TEST(quiet_tiles_skipped) {
  /* a block and a blinker, 5 tiles apart, for 1000 generations: after the
   * first launches they are still (period 1) or period 2 and no tile is
   * stepped any more */
  box b = box_new(10, 10, 400, 10);
  set(&b, 10, 10);
  set(&b, 11, 10);
  set(&b, 10, 11);
  set(&b, 11, 11);
  set(&b, 400, 15);
  set(&b, 401, 15);
  set(&b, 402, 15);
  golcl__sparse *s = engine("B3/S23");
  put_box(s, &b);
  TU_OK(golcl__sparse_run(s, 1000));
  uint64_t tiles = 0, stepped = 0;
  TU_OK(golcl__sparse_stats(s, &tiles, NULL, &stepped));
  /* 1000 generations are 63 launches; stepping every tile every launch
   * would be 63 × tiles */
  ck_assert_msg(stepped < 4 * tiles, "%llu tile steps for %llu tiles", (unsigned long long)stepped,
                (unsigned long long)tiles);
  /* the block and the blinker repeat every 2 generations */
  box want = reference(&b, "B3/S23", 2);
  assert_same(s, &want, "block and blinker");
  free(want.c);
  /* and an odd count on period 2 */
  TU_OK(golcl__sparse_run(s, 3));
  want = reference(&b, "B3/S23", 3);
  assert_same(s, &want, "block and blinker, odd");
  free(want.c);
  golcl__sparse_destroy(s);
  free(b.c);
}
END_TEST

START_TEST(puts_replace) {
  /* the last put of a tile wins; an all-zero put empties it */
  golcl__sparse *s = engine("B3/S23");
  uint64_t rows[T] = {0}, zero[T] = {0};
  rows[10] = 7ull << 20; /* a blinker */
  TU_OK(golcl__sparse_put_tile(s, 5, -5, rows));
  TU_OK(golcl__sparse_put_tile(s, 7, 7, rows));
  rows[10] = 0;
  rows[30] = rows[31] = 3ull << 62; /* a block on the east edge */
  TU_OK(golcl__sparse_put_tile(s, 5, -5, rows));
  TU_OK(golcl__sparse_put_tile(s, 7, 7, zero));
  TU_OK(golcl__sparse_run(s, 0));
  box b = box_new(5 * T, -5 * T, 2 * T, T);
  set(&b, 5 * T + 62, -5 * T + 30);
  set(&b, 5 * T + 63, -5 * T + 30);
  set(&b, 5 * T + 62, -5 * T + 31);
  set(&b, 5 * T + 63, -5 * T + 31);
  box want = grown(&b, 2);
  assert_same(s, &want, "puts");
  free(want.c);
  /* put after a run, then run again */
  TU_OK(golcl__sparse_run(s, 5));
  rows[30] = rows[31] = 0;
  rows[0] = 7; /* a blinker on the north-west corner of (6, -5) */
  TU_OK(golcl__sparse_put_tile(s, 6, -5, rows));
  set(&b, 6 * T, -5 * T);
  set(&b, 6 * T + 1, -5 * T);
  set(&b, 6 * T + 2, -5 * T);
  want = reference(&b, "B3/S23", 3);
  TU_OK(golcl__sparse_run(s, 3));
  assert_same(s, &want, "put after a run");
  free(want.c);
  free(b.c);
  golcl__sparse_destroy(s);
}
END_TEST

START_TEST(highlife) {
  /* HighLife's replicator and a soup */
  box b = box_new(-3, -3, 5, 5);
  set(&b, -1, -3);
  set(&b, 0, -3);
  set(&b, 1, -3);
  set(&b, -2, -2);
  set(&b, 1, -2);
  set(&b, -3, -1);
  set(&b, 1, -1);
  set(&b, -3, 0);
  set(&b, 0, 0);
  set(&b, -3, 1);
  set(&b, -2, 1);
  set(&b, -1, 1);
  check(&b, "B36/S23", 100, "replicator");
  free(b.c);
  b = soup(-40, 20, 90, 70, 0.4, 3);
  check(&b, "B36/S23", 100, "highlife soup");
  free(b.c);
}
END_TEST

START_TEST(table_rules) {
  /* rules that are no Life-like B/S: Hensel, von Neumann, hexagonal, MAP */
  static const char *rules[] = {"B2-a/S12", "B2/S013V", "B245/S3H", "MAPeQv8IB8hdY88yTdTxBIUFg"};
  box b = soup(-30, -50, 60, 70, 0.3, 5);
  static const uint64_t runs[] = {1, 16, 30};
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    check_runs(&b, rules[i], runs, sizeof runs / sizeof *runs, "table rule soup");
  free(b.c);
}
END_TEST

START_TEST(set_rule) {
  /* a block is still under Life; under B1/S (every cell next to one is
   * born, none survives) it is not */
  box b = box_new(0, 0, 2, 2);
  set(&b, 0, 0);
  set(&b, 1, 0);
  set(&b, 0, 1);
  set(&b, 1, 1);
  golcl__sparse *s = engine("B3/S23");
  put_box(s, &b);
  TU_OK(golcl__sparse_run(s, 40));
  golcl_rule_table t;
  ck_assert_int_eq(golcl_rule_table_parse("B36/S125", &t), GOLCL_OK);
  TU_OK(golcl__sparse_set_rule(s, &t));
  TU_OK(golcl__sparse_run(s, 20));
  box want = reference(&b, "B36/S125", 20);
  assert_same(s, &want, "block after the rule changed");
  free(want.c);
  ck_assert_int_eq(golcl_rule_table_parse("B03/S23", &t), GOLCL_OK);
  ck_assert_int_eq(golcl__sparse_set_rule(s, &t), GOLCL_E_UNSUPPORTED);
  golcl__sparse_destroy(s);
  free(b.c);
}
END_TEST

/* B0 as Golly runs it: the per-generation tables of golcl_rule_table_at,
 * against the reference grid (which runs B0 the same way); runs of odd
 * lengths carry the parity over. */
START_TEST(b0_rules) {
  static const char *rules[] = {"B03/S23", "B0123478/S01234678", "B02-a/S1c3"};
  box b = soup(-40, -30, 70, 60, 0.3, 23);
  static const uint64_t runs[] = {7, 1, 32, 21};
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
    golcl_rule_table t, even, odd;
    ck_assert_int_eq(golcl_rule_table_parse(rules[i], &t), GOLCL_OK);
    TU_OK(golcl_rule_table_at(&t, 0, even.next));
    TU_OK(golcl_rule_table_at(&t, 1, odd.next));
    even.neighbourhood = odd.neighbourhood = t.neighbourhood;
    even.family = odd.family = t.family;
    golcl__sparse *s = NULL;
    TU_OK(golcl__sparse_create(tu_ctx, &even, &s));
    TU_OK(golcl__sparse_set_rules(s, &even, &odd, 0));
    put_box(s, &b);
    uint64_t total = 0;
    for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
      TU_OK(golcl__sparse_run(s, runs[k]));
      total += runs[k];
      box want = reference(&b, rules[i], total);
      char msg[96];
      snprintf(msg, sizeof msg, "%s, generation %llu", rules[i], (unsigned long long)total);
      assert_same(s, &want, msg);
      free(want.c);
    }
    golcl__sparse_destroy(s);
  }
  free(b.c);
  /* B03/S23 from a lone cell, one generation a run (launches of one
   * generation, the parity carried from run to run) */
  golcl_rule_table t, even, odd;
  ck_assert_int_eq(golcl_rule_table_parse("B03/S23", &t), GOLCL_OK);
  TU_OK(golcl_rule_table_at(&t, 0, even.next));
  TU_OK(golcl_rule_table_at(&t, 1, odd.next));
  even.neighbourhood = odd.neighbourhood = t.neighbourhood;
  even.family = odd.family = t.family;
  golcl__sparse *s = NULL;
  TU_OK(golcl__sparse_create(tu_ctx, &even, &s));
  TU_OK(golcl__sparse_set_rules(s, &even, &odd, 0));
  box one = box_new(30, 30, 1, 1);
  set(&one, 30, 30);
  put_box(s, &one);
  for (uint64_t n = 1; n <= 3; n++) {
    TU_OK(golcl__sparse_run(s, 1));
    box want = reference(&one, "B03/S23", n);
    assert_same(s, &want, "B03/S23, a lone cell");
    free(want.c);
  }
  golcl__sparse_destroy(s);
  free(one.c);
}
END_TEST

START_TEST(bad_input) {
  golcl_rule_table t;
  ck_assert_int_eq(golcl_rule_table_parse("B3/S23", &t), GOLCL_OK);
  golcl__sparse *s = (golcl__sparse *)&t;
  ck_assert_int_eq(golcl__sparse_create(NULL, &t, &s), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(s);
  s = (golcl__sparse *)&t;
  ck_assert_int_eq(golcl__sparse_create(tu_ctx, NULL, &s), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(s);
  ck_assert_int_eq(golcl__sparse_create(tu_ctx, &t, NULL), GOLCL_E_INVALID_ARG);
  golcl_rule_table b0;
  ck_assert_int_eq(golcl_rule_table_parse("B03/S23", &b0), GOLCL_OK);
  s = (golcl__sparse *)&t;
  ck_assert_int_eq(golcl__sparse_create(tu_ctx, &b0, &s), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(s);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "B0"));
  golcl_rule_table two = t;
  two.next[100] = 2;
  ck_assert_int_eq(golcl__sparse_create(tu_ctx, &two, &s), GOLCL_E_INVALID_ARG);
  golcl__sparse_destroy(NULL);
  uint64_t rows[T] = {1};
  ck_assert_int_eq(golcl__sparse_put_tile(NULL, 0, 0, rows), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_run(NULL, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_clear(NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_stats(NULL, NULL, NULL, NULL), GOLCL_E_INVALID_ARG);
  s = engine("B3/S23");
  ck_assert_int_eq(golcl__sparse_put_tile(s, 0, 0, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_get_tiles(s, NULL, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_set_rule(s, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_set_rules(s, &t, NULL, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_set_rules(s, &t, &b0, 0), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl__sparse_set_gens_per_launch(s, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_set_gens_per_launch(s, 33), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl__sparse_set_gens_per_launch(NULL, 8), GOLCL_E_INVALID_ARG);
  /* far tiles: near ±2^40 is fine, 2^40 apart is beyond the engine */
  TU_OK(golcl__sparse_put_tile(s, (int64_t)1 << 40, -((int64_t)1 << 40), rows));
  ck_assert_int_eq(golcl__sparse_put_tile(s, -((int64_t)1 << 40), 0, rows), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl__sparse_put_tile(s, INT64_MIN, 0, rows), GOLCL_E_UNSUPPORTED);
  TU_OK(golcl__sparse_run(s, 2));
  uint64_t tiles = 1;
  TU_OK(golcl__sparse_stats(s, &tiles, NULL, NULL));
  ck_assert_uint_gt(tiles, 0);
  ck_assert_int_eq(golcl__sparse_set_gens_per_launch(s, 8), GOLCL_E_INVALID_ARG);
  TU_OK(golcl__sparse_clear(s));
  TU_OK(golcl__sparse_stats(s, &tiles, NULL, NULL));
  ck_assert_uint_eq(tiles, 0);
  golcl__sparse_destroy(s);
}
END_TEST

START_TEST(far_away) {
  /* a glider near tile (2^40, -2^40), across tile edges there */
  const int64_t far = (int64_t)1 << 40;
  box b = box_new(far * T - 2, -far * T - 2, 3, 3);
  for (int k = 0; k < 5; k++) set(&b, b.x0 + glider_se[k][0], b.y0 + glider_se[k][1]);
  static const uint64_t runs[] = {7, 64, 29};
  check_runs(&b, "B3/S23", runs, sizeof runs / sizeof *runs, "far glider");
  free(b.c);
  /* a glider heading east from the last tile a put may reach (2^31 - 4
   * tiles from the first): within 300 generations it needs a tile past the
   * engine's coordinates */
  golcl__sparse *s = engine("B3/S23");
  uint64_t rows[T] = {0};
  rows[1] = 1;
  TU_OK(golcl__sparse_put_tile(s, 0, 0, rows));
  for (int k = 0; k < 5; k++) rows[20 + glider_se[k][1]] |= 1ull << (58 + glider_se[k][0]);
  rows[1] = 0;
  TU_OK(golcl__sparse_put_tile(s, 2147483644, 0, rows));
  ck_assert_int_eq(golcl__sparse_put_tile(s, 2147483645, 0, rows), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl__sparse_run(s, 300), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "coordinates"));
  golcl__sparse_destroy(s);
}
END_TEST

static golcl_status stop_at_first(void *user, int64_t tx, int64_t ty, const uint64_t rows[T]) {
  (void)tx;
  (void)ty;
  (void)rows;
  ++*(int *)user;
  return GOLCL_E_IO;
}

START_TEST(walk_stops) {
  golcl__sparse *s = engine("B3/S23");
  uint64_t rows[T] = {0};
  rows[5] = 1ull << 40;
  for (int i = 0; i < 3; i++) TU_OK(golcl__sparse_put_tile(s, i * 10, 0, rows));
  int calls = 0;
  ck_assert_int_eq(golcl__sparse_get_tiles(s, stop_at_first, &calls), GOLCL_E_IO);
  ck_assert_int_eq(calls, 1);
  golcl__sparse_destroy(s);
}
END_TEST

START_TEST(memory_bound) {
  /* 300 tiles apart from each other need a table of 1024 slots and more:
   * beyond a bound of 1 MB, a clear error; the engine still works after */
  golcl__sparse *s = engine("B3/S23");
  TU_OK(golcl__sparse_set_limit(s, 1u << 20));
  uint64_t rows[T] = {0};
  rows[20] = 7ull << 20;
  for (int i = 0; i < 300; i++) TU_OK(golcl__sparse_put_tile(s, 3 * i, 0, rows));
  ck_assert_int_eq(golcl__sparse_run(s, 4), GOLCL_E_OUT_OF_MEMORY);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "bytes"));
  TU_OK(golcl__sparse_clear(s));
  TU_OK(golcl__sparse_set_limit(s, 0));
  box b = box_new(0, 0, 1, 3);
  set(&b, 0, 0);
  set(&b, 0, 1);
  set(&b, 0, 2);
  put_box(s, &b);
  TU_OK(golcl__sparse_run(s, 3));
  box want = reference(&b, "B3/S23", 3);
  assert_same(s, &want, "after the memory bound");
  free(want.c);
  free(b.c);
  golcl__sparse_destroy(s);
}
END_TEST

/* A list of live cells, for patterns spread too far for a box. */
typedef struct cells {
  int64_t (*xy)[2];
  size_t n, cap;
} cells;

static void cells_add(cells *c, int64_t x, int64_t y) {
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->xy = realloc(c->xy, c->cap * sizeof *c->xy);
    ck_assert_ptr_nonnull(c->xy);
  }
  c->xy[c->n][0] = x;
  c->xy[c->n][1] = y;
  c->n++;
}

static int xy_cmp(const void *a, const void *b) {
  const int64_t *p = a, *q = b;
  if (p[1] != q[1]) return p[1] < q[1] ? -1 : 1;
  return p[0] < q[0] ? -1 : (p[0] > q[0]);
}

static void cells_sort(cells *c) { qsort(c->xy, c->n, sizeof *c->xy, xy_cmp); }

/* Puts the tiles of the cells (each tile once). */
static void put_cells(golcl__sparse *s, const cells *c) {
  int64_t(*tiles)[2] = malloc((c->n + 1) * sizeof *tiles);
  uint64_t(*rows)[T] = calloc(c->n + 1, sizeof *rows);
  ck_assert(tiles && rows);
  size_t nt = 0;
  for (size_t i = 0; i < c->n; i++) {
    int64_t tx = fdiv(c->xy[i][0], T), ty = fdiv(c->xy[i][1], T);
    size_t k = 0;
    while (k < nt && (tiles[k][0] != tx || tiles[k][1] != ty)) k++;
    if (k == nt) {
      tiles[nt][0] = tx;
      tiles[nt][1] = ty;
      nt++;
    }
    rows[k][c->xy[i][1] - ty * T] |= 1ull << (c->xy[i][0] - tx * T);
  }
  for (size_t k = 0; k < nt; k++)
    TU_OK(golcl__sparse_put_tile(s, tiles[k][0], tiles[k][1], rows[k]));
  free(tiles);
  free(rows);
}

static golcl_status collect_cells(void *user, int64_t tx, int64_t ty, const uint64_t rows[T]) {
  for (int r = 0; r < T; r++)
    for (int c = 0; c < T; c++)
      if ((rows[r] >> c) & 1) cells_add(user, tx * T + c, ty * T + r);
  return GOLCL_OK;
}

START_TEST(glider_fleet) {
  box one = box_new(0, 0, 3, 3);
  for (int k = 0; k < 5; k++) set(&one, glider_se[k][0], glider_se[k][1]);
  box moved = reference(&one, "B3/S23", 4);
  for (uint32_t y = 0; y < moved.h; y++)
    for (uint32_t x = 0; x < moved.w; x++) {
      int64_t gx = moved.x0 + x - 1, gy = moved.y0 + y - 1;
      int want = gx >= 0 && gy >= 0 && gx < 3 && gy < 3 && one.c[gy * 3 + gx];
      ck_assert_int_eq(moved.c[(size_t)y * moved.w + x], want);
    }
  free(moved.c);
  free(one.c);
  /* 48 gliders 150 cells apart on an anti-diagonal, half of them turned
   * round (heading north-west), run 2000 generations: the table grows from
   * its smallest size while tiles fill up, mid-run, and tombstones pile up
   * behind the gliders */
  enum { N = 48, STEP = 150, GENS = 2000 };
  cells start = {0}, end = {0};
  for (int i = 0; i < N; i++) {
    int64_t x = (int64_t)(i - N / 2) * STEP, y = -x, d = i % 2 ? -1 : 1;
    for (int k = 0; k < 5; k++) {
      int64_t cx = d * glider_se[k][0], cy = d * glider_se[k][1];
      cells_add(&start, x + cx, y + cy);
      cells_add(&end, x + cx + d * GENS / 4, y + cy + d * GENS / 4);
    }
  }
  golcl__sparse *s = engine("B3/S23");
  put_cells(s, &start);
  TU_OK(golcl__sparse_run(s, GENS / 2));
  TU_OK(golcl__sparse_run(s, GENS / 2));
  cells got = {0};
  TU_OK(golcl__sparse_get_tiles(s, collect_cells, &got));
  cells_sort(&got);
  cells_sort(&end);
  ck_assert_uint_eq(got.n, end.n);
  for (size_t i = 0; i < got.n; i++)
    ck_assert_msg(got.xy[i][0] == end.xy[i][0] && got.xy[i][1] == end.xy[i][1],
                  "glider fleet: cell %zu is (%lld, %lld), want (%lld, %lld)", i,
                  (long long)got.xy[i][0], (long long)got.xy[i][1], (long long)end.xy[i][0],
                  (long long)end.xy[i][1]);
  golcl__sparse_destroy(s);
  free(start.xy);
  free(end.xy);
  free(got.xy);
}
END_TEST

START_TEST(launch_lengths) {
  /* 2, 5 (odd: period 2 is never skipped), 32 generations a launch */
  static const unsigned gpl[] = {2, 5, 32};
  box b = soup(-70, 30, 120, 90, 0.35, 17);
  for (size_t i = 0; i < sizeof gpl / sizeof *gpl; i++) {
    golcl__sparse *s = engine("B3/S23");
    TU_OK(golcl__sparse_set_gens_per_launch(s, gpl[i]));
    put_box(s, &b);
    static const uint64_t runs[] = {1, 40, 63};
    uint64_t total = 0;
    for (size_t k = 0; k < 3; k++) {
      TU_OK(golcl__sparse_run(s, runs[k]));
      total += runs[k];
      box want = reference(&b, "B3/S23", total);
      char msg[96];
      snprintf(msg, sizeof msg, "%u generations a launch, generation %llu", gpl[i],
               (unsigned long long)total);
      assert_same(s, &want, msg);
      free(want.c);
    }
    golcl__sparse_destroy(s);
  }
  free(b.c);
}
END_TEST

START_TEST(growth_rehashes) {
  /* a soup over 6×6 tiles grows the table from its 256 slots */
  box b = soup(-190, -190, 380, 380, 0.3, 13);
  check(&b, "B3/S23", 40, "large soup");
  free(b.c);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe sparse");
  TCase *tc = tcase_create("sparse");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, bad_input);
  tcase_add_test(tc, walk_stops);
  tcase_add_test(tc, far_away);
  tcase_add_test(tc, glider_across_tiles);
  tcase_add_test(tc, glider_runs_in_pieces);
  tcase_add_test(tc, tile_borders);
  tcase_add_test(tc, puts_replace);
  tcase_add_test(tc, dies_out);
  tcase_add_test(tc, quiet_tiles_skipped);
  tcase_add_test(tc, r_pentomino);
  tcase_add_test(tc, gosper_gun);
  tcase_add_test(tc, soup_across_origin);
  tcase_add_test(tc, soup_long);
  tcase_add_test(tc, highlife);
  tcase_add_test(tc, table_rules);
  tcase_add_test(tc, set_rule);
  tcase_add_test(tc, b0_rules);
  tcase_add_test(tc, memory_bound);
  tcase_add_test(tc, growth_rehashes);
  tcase_add_test(tc, glider_fleet);
  tcase_add_test(tc, launch_lengths);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
