/* test_steppers_bits.c — the bit-sliced steppers (BITSLICE, MULTI, SPARSE) against
 * the host model: the foundation matrix, word-edge widths (31 … 1000) on both
 * boundaries, heights below the tile, generation counts that are no multiple
 * of the per-launch count, random rules (with and without B0), settable
 * options, layout switches with every other layout; AUTO against the model
 * and its reported choice. Three sweeps run half in make test and the other
 * half in cases tagged "long" (make test-long): the matrix with options (each
 * size on both boundaries and all four rules either way), MULTI's register
 * shapes and its band shapes (every size under some shape either way). */
#include "lifecheck.h"

#include <stdio.h>
#include <string.h>

static const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_BITSLICE, GOLCL_STEPPER_MULTI,
                                           GOLCL_STEPPER_SPARSE};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static const char *const rules[] = {"B3/S23", "B36/S23", "B2/S", "B0/S8"};

/* Runs a random w×h grid to each checkpoint and compares with the model. */
static void check_gens(golcl_stepper *st, uint32_t w, uint32_t h, golcl_boundary b,
                       const char *rule, uint64_t seed, const uint64_t *cps, size_t ncps) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_grid_set_rule(g, rule));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  uint8_t *model = tu_random_cells((size_t)w * h, 0.4, seed);
  TU_OK(golcl_grid_write(g, model, 0));
  uint64_t done = 0;
  for (size_t i = 0; i < ncps; i++) {
    TU_OK(golcl_stepper_run(st, g, cps[i] - done));
    lc_run(model, w, h, b, r, cps[i] - done);
    done = cps[i];
    ck_assert_uint_eq(golcl_grid_generation(g), done);
    golcl_stepper_stats s;
    TU_OK(golcl_stepper_get_stats(st, &s));
    ck_assert_uint_eq(s.generations, cps[i] - (i ? cps[i - 1] : 0));
    char what[160];
    snprintf(what, sizeof what, "%s on %ux%u %s, %s, generation %llu",
             golcl_stepper_name(golcl_stepper_kind_of(st)), (unsigned)w, (unsigned)h,
             b == GOLCL_BOUNDARY_TORUS ? "torus" : "dead", rule, (unsigned long long)done);
    lc_assert_grid(g, model, what);
  }
  free(model);
  golcl_grid_destroy(g);
}

/* ------------------------------------------------------------- matrix */

START_TEST(matrix) { lc_check_matrix(kinds[_i], NULL); }
END_TEST

/* A small work-group and short strips: many groups, partial strips (half
 * of the matrix: part 0 or 1 of lc_check_matrix_part). */
static void matrix_with_options_part(int _i, int part) {
  golcl_stepper_opts o = {0};
  o.local_w = 4;
  o.local_h = 2;
  o.tile_h = 3;
  if (kinds[_i] == GOLCL_STEPPER_MULTI) {
    o.local_w = 3;
    o.tile_w = 96;
    o.tile_h = 10;
    o.gens_per_launch = 3;
  }
  if (kinds[_i] == GOLCL_STEPPER_BITSLICE) o.tile_w = 32; /* one word a work-item (else 4) */
  if (kinds[_i] == GOLCL_STEPPER_SPARSE) { /* tile_h at least 3 × gens_per_launch */
    o.tile_h = 12;
    o.gens_per_launch = 4;
  }
  lc_check_matrix_part(kinds[_i], &o, part);
}

START_TEST(matrix_with_options) { matrix_with_options_part(_i, 0); }
END_TEST

START_TEST(matrix_with_options_long) { matrix_with_options_part(_i, 1); }
END_TEST

/* Widths around the word size, both boundaries, the four rules in turn,
 * generation counts 1, 2, 15, 16, 17, 100 and 1000. */
START_TEST(word_edge_widths) {
  static const uint32_t widths[] = {31, 32, 33, 63, 64, 65, 1000};
  static const uint32_t heights[] = {7, 1, 33, 5, 2, 17, 3};
  static const uint64_t cps[] = {1, 2, 15, 16, 17, 100, 1000};
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kinds[_i], NULL, &st));
  for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
    for (int b = 0; b < 2; b++)
      check_gens(st, widths[i], heights[i], (golcl_boundary)b, rules[(i + (size_t)b) % 4],
                 300 + 2 * i + (uint64_t)b, cps, widths[i] == 1000 ? 6 : 7);
  golcl_stepper_destroy(st);
}
END_TEST

/* Heights 1..4 under tall strips or tiles, tiny widths, 1-wide columns. */
START_TEST(small_sides) {
  static const uint32_t sizes[][2] = {{1, 1}, {1, 2}, {2, 1},  {3, 3},  {5, 4},
                                      {1, 9}, {9, 1}, {40, 2}, {31, 7}, {65, 3}};
  static const uint64_t cps[] = {1, 16, 17, 33};
  golcl_stepper *st;
  golcl_stepper_opts o = {0};
  o.tile_h = 64;
  if (kinds[_i] == GOLCL_STEPPER_MULTI) o.gens_per_launch = 16;
  TU_OK(golcl_stepper_create(tu_ctx, kinds[_i], &o, &st));
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    for (int b = 0; b < 2; b++)
      check_gens(st, sizes[i][0], sizes[i][1], (golcl_boundary)b, rules[(i + (size_t)b) % 4],
                 500 + 2 * i + (uint64_t)b, cps, 4);
  golcl_stepper_destroy(st);
}
END_TEST

/* The issue's sizes for MULTI: a 1×1 torus, 31×7, 65×1000; counts that are
 * no multiple of the per-launch count. */
START_TEST(issue_sizes) {
  static const uint32_t sizes[][2] = {{1, 1}, {31, 7}, {65, 1000}};
  static const uint64_t cps[] = {1, 15, 16, 17, 100};
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kinds[_i], NULL, &st));
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    for (int b = 0; b < 2; b++)
      check_gens(st, sizes[i][0], sizes[i][1], (golcl_boundary)b, rules[(i + (size_t)b) % 4],
                 900 + 2 * i + (uint64_t)b, cps, 5);
  golcl_stepper_destroy(st);
}
END_TEST

/* MULTI's register kernel (local_w 32): shapes with 1, 3 and 16 rows a
 * work-item, 1 to 16 generations a launch; sizes with several tiles across
 * (more than 30 words), a seam word that is partial or whole (widths that are
 * multiples of 32: the seam's halo words are loaded as wrapped words), tiles cut by the bottom
 * edge, both boundaries. Part 0 (make test): the (shape, size, boundary)
 * cases where shape + size + boundary is even, every size on both
 * boundaries; part 1 (long) the others. */
static void multi_registers_part(int part) {
  static const uint32_t shapes[][4] = {/* local_h, tile_h, gens_per_launch */
                                       {4, 4, 1},
                                       {2, 6, 2},
                                       {4, 48, 16},
                                       {2, 32, 7},
                                       {2, 256, 32}}; /* 128 rows a work-item, the most */
  static const uint32_t sizes[][2] = {{1, 1},    {31, 7},   {65, 100},  {1000, 33}, {2000, 70},
                                      {961, 50}, {1025, 3}, {1024, 40}, {64, 9}};
  static const uint64_t cps[] = {1, 15, 16, 17, 40};
  for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    golcl_stepper_opts o = {0};
    o.local_w = 32;
    o.local_h = shapes[k][0];
    o.tile_h = shapes[k][1];
    o.gens_per_launch = shapes[k][2];
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_MULTI, &o, &st));
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
      for (int b = 0; b < 2; b++)
        if ((int)((k + i + (size_t)b) & 1) == part)
          check_gens(st, sizes[i][0], sizes[i][1], (golcl_boundary)b,
                     rules[(i + k + (size_t)b) % 4], 1300 + 8 * i + 2 * k + (uint64_t)b, cps, 5);
    golcl_stepper_destroy(st);
  }
}

START_TEST(multi_registers) { multi_registers_part(0); }
END_TEST

START_TEST(multi_registers_long) { multi_registers_part(1); }
END_TEST

/* MULTI's band kernel (tile_w = 1024·K: whole rows of K words a lane): bands
 * of a few rows (many groups: one period a launch on pocl; on an NVIDIA GPU
 * the groups trade edge rows between periods within a launch), a band that
 * holds the whole grid (one group, trading rows with itself on a torus);
 * torus widths that fill the lanes (2048, 3072, 4096), dead grids of any
 * width up to 32·K words, and grids it cannot take (run by the register
 * kernel instead); counts across several periods. Part 0 (make test): for
 * shape k the sizes i with (i + k) % 3 == 0, each size under one shape or
 * two; part 1 (long) the others. */
static void multi_bands_part(int part) {
  static const uint32_t shapes[][4] = {/* tile_w, local_h, tile_h, gens_per_launch */
                                       {2048, 2, 12, 3},
                                       {4096, 4, 16, 2},
                                       {3072, 2, 40, 7},
                                       {2048, 4, 64, 5},
                                       {2048, 1, 9, 1}};
  static const uint32_t sizes[][3] = {/* w, h, boundary */
                                      {2048, 29, 1}, {4096, 13, 1}, {3072, 7, 1}, {2048, 70, 1},
                                      {1500, 45, 0}, {37, 29, 0},   {2048, 33, 0}, {4000, 9, 0},
                                      {1, 1, 0},     {2000, 17, 1}, {5000, 5, 0},  {64, 9, 1}};
  static const uint64_t cps[] = {1, 6, 7, 8, 40};
  for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    golcl_stepper_opts o = {0};
    o.local_w = 32;
    o.tile_w = shapes[k][0];
    o.local_h = shapes[k][1];
    o.tile_h = shapes[k][2];
    o.gens_per_launch = shapes[k][3];
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_MULTI, &o, &st));
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
      if (((i + k) % 3 == 0) == (part == 0))
        check_gens(st, sizes[i][0], sizes[i][1], (golcl_boundary)sizes[i][2], rules[k % 4],
                   1700 + 8 * i + k, cps, 5);
    golcl_stepper_destroy(st);
  }
}

START_TEST(multi_bands) { multi_bands_part(0); }
END_TEST

START_TEST(multi_bands_long) { multi_bands_part(1); }
END_TEST

/* Random rules: half with B0 (run as Golly runs them: with S8 the
 * complemented rule every generation, the dead boundary staying dead;
 * without S8 refused), on a torus and a dead grid. */
START_TEST(random_rules) {
  static const uint64_t cps[] = {1, 5, 18};
  uint64_t x = 0x9e3779b97f4a7c15ull;
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kinds[_i], NULL, &st));
  for (int i = 0; i < 24; i++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    golcl_rule r = {(uint16_t)(x & 0x1ff), (uint16_t)((x >> 9) & 0x1ff)};
    if (i % 2 == 0) r.birth |= 1;
    if (i == 1) r.birth = r.survive = 0x1ff; /* everything is always on */
    if (i == 3) r.birth = r.survive = 0;     /* everything dies */
    char text[32];
    TU_OK(golcl_rule_format(r, text, sizeof text));
    if ((r.birth & 1) && !(r.survive & 0x100)) {
      /* B0 without S8: Golly alternates two tables, which a kernel with the
       * rule compiled in cannot follow; refused, the grid left as it was. */
      golcl_grid *g;
      TU_OK(golcl_grid_create(tu_ctx, 37, 11, GOLCL_BOUNDARY_TORUS, &g));
      TU_OK(golcl_grid_set_rule(g, text));
      ck_assert_int_eq(golcl_stepper_run(st, g, 3), GOLCL_E_UNSUPPORTED);
      ck_assert_uint_eq(golcl_grid_generation(g), 0);
      golcl_grid_destroy(g);
      continue;
    }
    check_gens(st, 37 + (uint32_t)i, 11 + (uint32_t)(i % 5), (golcl_boundary)(i % 3 != 0), text,
               700 + (uint64_t)i, cps, 3);
  }
  golcl_stepper_destroy(st);
}
END_TEST

/* ----------------------------------------------------- layout switches */

/* The stepper under test between every other stepper (every layout: bytes,
 * pack16, bitrow, bytes_pow2, lazy's own), checked after each. */
static void switch_case(golcl_stepper_kind me, uint32_t W, uint32_t H, golcl_boundary b,
                        const char *rule) {
  static const golcl_stepper_kind others[] = {
      GOLCL_STEPPER_NAIVE,  GOLCL_STEPPER_PACK16,   GOLCL_STEPPER_LUT6X3,
      GOLCL_STEPPER_BINMUL, GOLCL_STEPPER_LAZY,     GOLCL_STEPPER_LUT4,
      GOLCL_STEPPER_HALO,   GOLCL_STEPPER_BITSLICE, GOLCL_STEPPER_MULTI};
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, b, &g));
  TU_OK(golcl_grid_set_rule(g, rule));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  uint8_t *model = tu_random_cells((size_t)W * H, 0.4, W * 7 + H);
  TU_OK(golcl_grid_write(g, model, 0));
  golcl_stepper *mine;
  TU_OK(golcl_stepper_create(tu_ctx, me, NULL, &mine));
  uint64_t gen = 0;
  for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
    if (!golcl_stepper_available(others[i])) continue;
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, others[i], NULL, &st));
    TU_OK(golcl_stepper_run(st, g, 3 + i % 3));
    lc_run(model, W, H, b, r, 3 + i % 3);
    gen += 3 + i % 3;
    golcl_stepper_destroy(st);
    char what[128];
    snprintf(what, sizeof what, "%s on %ux%u", golcl_stepper_name(others[i]), (unsigned)W,
             (unsigned)H);
    lc_assert_grid(g, model, what);
    snprintf(what, sizeof what, "%s after %s on %ux%u", golcl_stepper_name(me),
             golcl_stepper_name(others[i]), (unsigned)W, (unsigned)H);
    TU_OK(golcl_stepper_run(mine, g, 17));
    lc_run(model, W, H, b, r, 17);
    gen += 17;
    ck_assert_uint_eq(golcl_grid_generation(g), gen);
    golcl_layout_info info;
    golcl_grid_buffer(g, &info);
    ck_assert_int_eq(info.layout, GOLCL_LAYOUT_BITROW);
    lc_assert_grid(g, model, what);
    /* and out again through a direct switch to the other's layout */
    TU_OK(golcl_grid_set_layout(g, (golcl_layout)(i % GOLCL_LAYOUT_COUNT)));
    lc_assert_grid(g, model, "after golcl_grid_set_layout");
  }
  golcl_stepper_destroy(mine);
  free(model);
  golcl_grid_destroy(g);
}

START_TEST(layout_switches) {
  switch_case(kinds[_i], 45, 37, GOLCL_BOUNDARY_TORUS, "B3/S23");
  switch_case(kinds[_i], 70, 9, GOLCL_BOUNDARY_DEAD, "B36/S23");
  switch_case(kinds[_i], 7, 3, GOLCL_BOUNDARY_TORUS, "B0/S8");
}
END_TEST

/* ------------------------------------------------------------- options */

START_TEST(options_are_checked) {
  golcl_stepper_kind k = kinds[_i];
  golcl_stepper *st = (golcl_stepper *)&st;
  golcl_stepper_opts one_side = {0};
  one_side.local_w = 4;
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, k, &one_side, &st), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(st);
  golcl_stepper_opts long_strip = {0};
  long_strip.tile_h = 1u << 20;
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, k, &long_strip, &st), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(st);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "tile_h"));
  /* prepare builds; a run after it gives the same cells */
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 21, 19, GOLCL_BOUNDARY_DEAD, &g));
  uint8_t *m = tu_random_cells(21 * 19, 0.5, 3);
  TU_OK(golcl_grid_write(g, m, 0));
  TU_OK(golcl_stepper_create(tu_ctx, k, NULL, &st));
  ck_assert(golcl_stepper_available(k));
  ck_assert_int_eq(golcl_stepper_kind_of(st), k);
  TU_OK(golcl_stepper_prepare(st, g));
  TU_OK(golcl_stepper_run(st, g, 5));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  lc_run(m, 21, 19, GOLCL_BOUNDARY_DEAD, r, 5);
  lc_assert_grid(g, m, golcl_stepper_name(k));
  free(m);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
}
END_TEST

/* -------------------------------------------------------------- SPARSE */

static void put_glider(uint8_t *c, uint32_t w, uint32_t h, int x, int y) {
  static const int glider[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  for (int i = 0; i < 5; i++)
    c[(size_t)((y + glider[i][1]) % (int)h) * w + (size_t)((x + glider[i][0]) % (int)w)] = 1;
}

/* A stream of gliders crossing the seams of a W×H torus whose sides are no
 * multiple of 32, in runs of awkward lengths: the same cells as the model,
 * tiles_total as given and no more tiles computed than there are. */
static void glider_stream(const golcl_stepper_opts *o, uint32_t W, uint32_t H, uint64_t total) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_TORUS, &g));
  uint8_t *m = calloc((size_t)W * H, 1);
  for (int i = 0; i < 4; i++) put_glider(m, W, H, 90 + 7 * i, 50 + 7 * i);
  TU_OK(golcl_grid_write(g, m, 0));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_SPARSE, o, &st));
  static const uint64_t runs[] = {1, 7, 16, 33, 100, 3, 240};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    TU_OK(golcl_stepper_run(st, g, runs[i]));
    lc_run(m, W, H, GOLCL_BOUNDARY_TORUS, r, runs[i]);
    lc_assert_grid(g, m, "sparse glider stream");
    golcl_stepper_stats stats;
    TU_OK(golcl_stepper_get_stats(st, &stats));
    ck_assert_uint_eq(stats.tiles_total, total);
    ck_assert_uint_le(stats.tiles_computed, stats.tiles_total);
  }
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  free(m);
}

/* The default tiles (30 words × 32 rows inside): 101×75 is 1 × 3 tiles, the
 * last 11 rows, thinner than a launch's 16 generations reach. */
START_TEST(sparse_glider_stream_across_the_seam) { glider_stream(NULL, 101, 75, 1 * 3); }
END_TEST

/* Small tiles (2 words × 16 rows inside, 4 generations a launch): 130×66 is
 * 3 × 5 tiles, the last column 2 cells wide and the last row 2 rows high,
 * both thinner than a launch's reach: gliders cross them into the tiles
 * beyond. */
START_TEST(sparse_glider_stream_thin_seams) {
  golcl_stepper_opts o = {0};
  o.local_w = 4;
  o.local_h = 2;
  o.tile_h = 24;
  o.gens_per_launch = 4;
  glider_stream(&o, 130, 66, 3 * 5);
}
END_TEST

/* Seeds (B2/S) spreads at the speed of light: a domino placed so that its
 * front crosses a thin last tile column (row) and reaches the tile beyond
 * within one launch, for every phase of the front against the launches. */
START_TEST(sparse_light_speed_across_thin_seams) {
  const uint32_t W = 194, H = 66; /* 4 × 5 tiles: the last column 2 cells, the last row 2 rows */
  golcl_stepper_opts o = {0};
  o.local_w = 4;
  o.local_h = 2;
  o.tile_h = 24;
  o.gens_per_launch = 4;
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_SPARSE, &o, &st));
  for (int axis = 0; axis < 2; axis++)
    for (int d = 2; d < 14; d++) {
      golcl_grid *g;
      TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_TORUS, &g));
      TU_OK(golcl_grid_set_rule(g, "B2/S"));
      golcl_rule r;
      TU_OK(golcl_grid_rule(g, &r));
      uint8_t *m = calloc((size_t)W * H, 1);
      if (axis == 0) /* d cells west of the thin column x = 192..193 */
        m[20 * W + 192 - d] = m[21 * W + 192 - d] = 1;
      else /* d rows above the thin row y = 64..65 */
        m[(size_t)(64 - d) * W + 30] = m[(size_t)(64 - d) * W + 31] = 1;
      TU_OK(golcl_grid_write(g, m, 0));
      for (int k = 0; k < 5; k++) {
        TU_OK(golcl_stepper_run(st, g, 4));
        lc_run(m, W, H, GOLCL_BOUNDARY_TORUS, r, 4);
        lc_assert_grid(g, m, axis ? "seeds across the thin row" : "seeds across the thin column");
      }
      free(m);
      golcl_grid_destroy(g);
    }
  golcl_stepper_destroy(st);
}
END_TEST

/* A blinker alone: its tile changes inside every launch although it looks
 * the same at the end of an even one; runs of odd lengths after even ones
 * must still flip it. */
START_TEST(sparse_oscillator_between_launches) {
  const uint32_t W = 200, H = 150;
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  uint8_t *m = calloc((size_t)W * H, 1);
  m[70 * W + 99] = m[70 * W + 100] = m[70 * W + 101] = 1;
  TU_OK(golcl_grid_write(g, m, 0));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_SPARSE, NULL, &st));
  static const uint64_t runs[] = {64, 1, 32, 31, 2, 1};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    TU_OK(golcl_stepper_run(st, g, runs[i]));
    lc_run(m, W, H, GOLCL_BOUNDARY_DEAD, r, runs[i]);
    lc_assert_grid(g, m, "sparse blinker");
  }
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  free(m);
}
END_TEST

/* Options that do not make a sparse tile are refused with the reason. */
START_TEST(sparse_refuses_shallow_tiles) {
  golcl_stepper_opts o = {0};
  o.local_w = 32;
  o.local_h = 4;
  o.tile_h = 40; /* below 3 × 16 */
  o.gens_per_launch = 16;
  golcl_stepper *st = NULL;
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_SPARSE, &o, &st),
                   GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(st);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "3 × gens_per_launch"));
}
END_TEST

/* A block alone in a large grid: after a few generations nothing changes and
 * no tile is computed; a glider written after a run (a new epoch) wakes the
 * tiles again, and the cells follow the model. */
START_TEST(sparse_follows_the_grid_epoch) {
  const uint32_t W = 300, H = 260;
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  uint8_t *m = calloc((size_t)W * H, 1);
  m[10 * W + 10] = m[10 * W + 11] = m[11 * W + 10] = m[11 * W + 11] = 1; /* block */
  TU_OK(golcl_grid_write(g, m, 0));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_SPARSE, NULL, &st));
  TU_OK(golcl_stepper_run(st, g, 5)); /* one launch, every tile */
  golcl_stepper_stats stats;
  TU_OK(golcl_stepper_get_stats(st, &stats));
  ck_assert_uint_eq(stats.tiles_total, 1 * 9); /* 30 words × 32 rows inside */
  ck_assert_uint_eq(stats.tiles_computed, 9);
  TU_OK(golcl_stepper_run(st, g, 5)); /* nothing changed: no tile */
  TU_OK(golcl_stepper_get_stats(st, &stats));
  ck_assert_uint_eq(stats.tiles_computed, 0);
  lc_assert_grid(g, m, "a block");
  /* a glider written after the run: the stepper must not trust its flags */
  put_glider(m, W, H, 200, 150);
  TU_OK(golcl_grid_write(g, m, 0));
  TU_OK(golcl_stepper_run(st, g, 50));
  lc_run(m, W, H, GOLCL_BOUNDARY_DEAD, r, 50);
  lc_assert_grid(g, m, "a glider written after a run");
  TU_OK(golcl_stepper_get_stats(st, &stats));
  ck_assert_uint_ge(stats.tiles_computed, 1);
  /* the one or two tile rows the glider is in, and those beside them */
  ck_assert_uint_le(stats.tiles_computed, 4);
  /* another stepper in between, then sparse again */
  golcl_stepper *naive;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &naive));
  TU_OK(golcl_stepper_run(naive, g, 9));
  TU_OK(golcl_stepper_run(st, g, 20));
  lc_run(m, W, H, GOLCL_BOUNDARY_DEAD, r, 29);
  lc_assert_grid(g, m, "sparse after naive");
  golcl_stepper_destroy(naive);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  free(m);
}
END_TEST

/* ---------------------------------------------------------------- AUTO */

START_TEST(auto_matrix) { lc_check_matrix(GOLCL_STEPPER_AUTO, NULL); }
END_TEST

/* AUTO reports the stepper it ran (golcl_stepper_chosen), passes on its
 * counters, and follows the grid: BITSLICE on a CPU device and MULTI on a
 * GPU for a small grid or a soup; SPARSE for a glider in 2^22 cells. */
START_TEST(auto_reports_its_choice) {
  golcl_device_info d;
  TU_OK(golcl_context_device_info(tu_ctx, &d));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_AUTO, NULL, &st));
  ck_assert_int_eq(golcl_stepper_chosen(st), GOLCL_STEPPER_AUTO);
  ck_assert_int_eq(golcl_stepper_kind_of(st), GOLCL_STEPPER_AUTO);
  ck_assert_int_eq(golcl_stepper_chosen(NULL), GOLCL_STEPPER_COUNT);
  static const uint64_t cps[] = {1, 20};
  check_gens(st, 70, 33, GOLCL_BOUNDARY_TORUS, "B3/S23", 11, cps, 2);
  ck_assert_int_eq(golcl_stepper_chosen(st),
                   d.type == GOLCL_DEVICE_CPU ? GOLCL_STEPPER_BITSLICE : GOLCL_STEPPER_MULTI);
  golcl_stepper_stats stats;
  TU_OK(golcl_stepper_get_stats(st, &stats));
  ck_assert_uint_eq(stats.generations, 19);
  ck_assert_uint_ge(stats.launches, 1);
  /* a soup of 2^24 cells: as above; the hash equals naive's */
  golcl_grid *a, *b;
  TU_OK(golcl_grid_create(tu_ctx, 4096, 4096, GOLCL_BOUNDARY_DEAD, &a));
  TU_OK(golcl_grid_randomize(a, 0.5, 9));
  TU_OK(golcl_grid_clone(a, &b));
  TU_OK(golcl_stepper_run(st, a, 3));
  ck_assert_int_eq(golcl_stepper_chosen(st),
                   d.type == GOLCL_DEVICE_CPU ? GOLCL_STEPPER_BITSLICE : GOLCL_STEPPER_MULTI);
  golcl_stepper *naive;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &naive));
  TU_OK(golcl_stepper_run(naive, b, 3));
  uint64_t ha, hb;
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  ck_assert_uint_eq(golcl_grid_generation(a), 3);
  TU_OK(golcl_stepper_prepare(st, b));
  golcl_grid_destroy(a);
  golcl_grid_destroy(b);
  /* a glider alone in 2048² (2^22 cells): SPARSE, the cells equal naive's */
  uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
  TU_OK(golcl_grid_create(tu_ctx, 2048, 2048, GOLCL_BOUNDARY_TORUS, &a));
  TU_OK(golcl_grid_write_rect(a, 1000, 1000, 3, 3, glider, 3));
  TU_OK(golcl_grid_clone(a, &b));
  TU_OK(golcl_stepper_run(st, a, 100));
  ck_assert_int_eq(golcl_stepper_chosen(st), GOLCL_STEPPER_SPARSE);
  TU_OK(golcl_stepper_run(naive, b, 100));
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  golcl_stepper_destroy(naive);
  golcl_grid_destroy(a);
  golcl_grid_destroy(b);
  golcl_stepper_destroy(st);
}
END_TEST

int main(void) {
  Suite *s = suite_create("steppers_bits");
  TCase *tc = tcase_create("steppers_bits");
  tcase_set_timeout(tc, 0);
  int n = (int)NKINDS;
  tcase_add_loop_test(tc, matrix, 0, n);
  tcase_add_loop_test(tc, matrix_with_options, 0, n);
  tcase_add_loop_test(tc, word_edge_widths, 0, n);
  tcase_add_loop_test(tc, small_sides, 0, n);
  tcase_add_loop_test(tc, issue_sizes, 0, n);
  tcase_add_loop_test(tc, random_rules, 0, n);
  tcase_add_loop_test(tc, layout_switches, 0, n);
  tcase_add_loop_test(tc, options_are_checked, 0, n);
  tcase_add_test(tc, multi_registers);
  tcase_add_test(tc, sparse_glider_stream_across_the_seam);
  tcase_add_test(tc, sparse_glider_stream_thin_seams);
  tcase_add_test(tc, sparse_light_speed_across_thin_seams);
  tcase_add_test(tc, sparse_oscillator_between_launches);
  tcase_add_test(tc, sparse_refuses_shallow_tiles);
  tcase_add_test(tc, sparse_follows_the_grid_epoch);
  tcase_add_test(tc, auto_matrix);
  tcase_add_test(tc, auto_reports_its_choice);
  suite_add_tcase(s, tc);
  TCase *band = tcase_create("multi_bands"); /* CK_RUN_CASE=multi_bands runs it alone */
  tcase_set_timeout(band, 0);
  tcase_add_test(band, multi_bands);
  suite_add_tcase(s, band);
  /* the other halves (make test-long: CK_INCLUDE_TAGS=long) */
  TCase *lng = tcase_create("long");
  tcase_set_tags(lng, "long");
  tcase_set_timeout(lng, 0);
  tcase_add_loop_test(lng, matrix_with_options_long, 0, n);
  tcase_add_test(lng, multi_registers_long);
  tcase_add_test(lng, multi_bands_long);
  suite_add_tcase(s, lng);
  return tu_main(s);
}
