/* test_steppers_bytes.c — the byte-layout course steppers (BINMUL, HALO,
 * TWOCELL, LAZY) against the host model: the full matrix with default and
 * explicit options, awkward sizes, the bytes_pow2 layout, option checks,
 * LAZY on sparse patterns (cells checked every generation, tiles computed
 * counted) and LAZY noticing every change made behind its back. */
#include "lifecheck.h"

#include <stdio.h>
#include <string.h>

static const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_BINMUL, GOLCL_STEPPER_HALO,
                                           GOLCL_STEPPER_TWOCELL, GOLCL_STEPPER_LAZY};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static golcl_stepper_opts shape(uint32_t lw, uint32_t lh, uint32_t tw, uint32_t th) {
  golcl_stepper_opts o = {0};
  o.local_w = lw;
  o.local_h = lh;
  o.tile_w = tw;
  o.tile_h = th;
  return o;
}

/* ------------------------------------------------------------- matrix */

START_TEST(binmul_matrix) { lc_check_matrix(GOLCL_STEPPER_BINMUL, NULL); }
END_TEST

START_TEST(binmul_matrix_with_local_shape) {
  golcl_stepper_opts o = shape(8, 4, 0, 0);
  lc_check_matrix(GOLCL_STEPPER_BINMUL, &o);
}
END_TEST

START_TEST(halo_matrix) { lc_check_matrix(GOLCL_STEPPER_HALO, NULL); }
END_TEST

START_TEST(halo_matrix_with_tile_and_local_shape) {
  golcl_stepper_opts o = shape(4, 3, 12, 6); /* 3 columns and 2 rows per work-item */
  lc_check_matrix(GOLCL_STEPPER_HALO, &o);
}
END_TEST

START_TEST(halo_matrix_with_tile_only) {
  golcl_stepper_opts o = shape(0, 0, 7, 5); /* the group is chosen to divide it */
  lc_check_matrix(GOLCL_STEPPER_HALO, &o);
}
END_TEST

START_TEST(twocell_matrix) { lc_check_matrix(GOLCL_STEPPER_TWOCELL, NULL); }
END_TEST

START_TEST(twocell_matrix_with_local_shape) {
  golcl_stepper_opts o = shape(5, 3, 0, 0);
  lc_check_matrix(GOLCL_STEPPER_TWOCELL, &o);
}
END_TEST

START_TEST(lazy_matrix) { lc_check_matrix(GOLCL_STEPPER_LAZY, NULL); }
END_TEST

START_TEST(lazy_matrix_with_small_tiles) {
  golcl_stepper_opts o = shape(2, 2, 4, 6);
  lc_check_matrix(GOLCL_STEPPER_LAZY, &o);
}
END_TEST

/* 1-wide and 1-high grids, sizes just off powers of two and off the tile
 * sizes, both boundaries, for every stepper with its default options. */
START_TEST(awkward_sizes) {
  static const uint32_t sizes[][2] = {{1, 9},   {9, 1},  {1, 2},   {2, 1},   {2, 3},
                                      {33, 17}, {65, 3}, {31, 33}, {129, 10}};
  static const char *const rules[] = {"B3/S23", "B36/S23", "B0/S8"};
  uint64_t seed = 500;
  for (size_t k = 0; k < NKINDS; k++) {
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, kinds[k], NULL, &st));
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
      for (int b = 0; b < 2; b++)
        lc_check_case(st, sizes[i][0], sizes[i][1], (golcl_boundary)b, rules[(i + b) % 3], seed++);
    golcl_stepper_destroy(st);
  }
}
END_TEST

START_TEST(prepare_then_run) {
  for (size_t k = 0; k < NKINDS; k++) {
    golcl_grid *g;
    golcl_stepper *st;
    TU_OK(golcl_grid_create(tu_ctx, 20, 11, GOLCL_BOUNDARY_TORUS, &g));
    TU_OK(golcl_stepper_create(tu_ctx, kinds[k], NULL, &st));
    TU_OK(golcl_stepper_prepare(st, g));
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    TU_OK(golcl_stepper_create(tu_ctx, kinds[k], NULL, &st));
    lc_check_case(st, 20, 11, GOLCL_BOUNDARY_TORUS, "B3/S23", 77 + k);
    golcl_stepper_destroy(st);
  }
}
END_TEST

/* ------------------------------------------------ the bytes_pow2 layout */

/* binmul leaves a 37-wide grid in bytes_pow2 with pitch 64 and dead
 * padding, and a 64-wide grid in the plain byte layout. */
START_TEST(binmul_layout_is_padded_to_a_power_of_two) {
  ck_assert_str_eq(golcl_layout_name(GOLCL_LAYOUT_BYTES_POW2), "bytes_pow2");
  static const uint32_t widths[] = {37, 64, 1, 3};
  for (size_t i = 0; i < 4; i++) {
    uint32_t w = widths[i], h = 9;
    golcl_grid *g;
    golcl_stepper *st;
    TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_TORUS, &g));
    uint8_t *model = tu_random_cells((size_t)w * h, 0.5, 3 + i);
    TU_OK(golcl_grid_write(g, model, 0));
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_BINMUL, NULL, &st));
    TU_OK(golcl_stepper_run(st, g, 3)); /* odd: the spare buffer ends up as cur */
    golcl_rule r;
    TU_OK(golcl_grid_rule(g, &r));
    lc_run(model, w, h, GOLCL_BOUNDARY_TORUS, r, 3);
    golcl_layout_info info;
    cl_mem m = golcl_grid_buffer(g, &info);
    size_t pitch = 1;
    while (pitch < w) pitch *= 2;
    ck_assert_int_eq(info.layout, pitch == w ? GOLCL_LAYOUT_BYTES : GOLCL_LAYOUT_BYTES_POW2);
    ck_assert_uint_eq(info.row_pitch, pitch);
    ck_assert_uint_eq(info.rows, h);
    ck_assert_uint_eq(info.bytes, pitch * h);
    uint8_t *raw = malloc(info.bytes);
    ck_assert_int_eq(clEnqueueReadBuffer(golcl_context_cl_queue(tu_ctx), m, CL_TRUE, 0, info.bytes,
                                         raw, 0, NULL, NULL),
                     CL_SUCCESS);
    for (size_t y = 0; y < h; y++)
      for (size_t x = 0; x < pitch; x++)
        ck_assert_msg(raw[y * pitch + x] == (x < w ? model[y * w + x] : 0),
                      "width %u: byte (%zu,%zu) of the buffer", (unsigned)w, x, y);
    lc_assert_grid(g, model, "binmul grid read through its layout");
    /* hash and population are those of the cells, whatever the layout */
    golcl_grid *copy;
    uint64_t h1, h2, p1, p2;
    TU_OK(golcl_grid_clone(g, &copy));
    TU_OK(golcl_grid_set_layout(copy, GOLCL_LAYOUT_BYTES));
    TU_OK(golcl_grid_hash(g, &h1));
    TU_OK(golcl_grid_hash(copy, &h2));
    TU_OK(golcl_grid_population(g, &p1));
    TU_OK(golcl_grid_population(copy, &p2));
    ck_assert_uint_eq(h1, h2);
    ck_assert_uint_eq(p1, p2);
    free(raw);
    free(model);
    golcl_grid_destroy(copy);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
  }
}
END_TEST

/* ------------------------------------------------------- option checks */

static void expect_refused(golcl_stepper_kind kind, golcl_stepper_opts o, const char *why) {
  golcl_stepper *st = (golcl_stepper *)&st; /* not NULL: create must clear it */
  golcl_status s = golcl_stepper_create(tu_ctx, kind, &o, &st);
  ck_assert_msg(s == GOLCL_E_INVALID_ARG || s == GOLCL_E_UNSUPPORTED, "%s with %s: got %s",
                golcl_stepper_name(kind), why, golcl_strerror(s));
  ck_assert_ptr_null(st);
  const char *msg = golcl_context_errmsg(tu_ctx);
  ck_assert_msg(strstr(msg, golcl_stepper_name(kind)) != NULL,
                "%s with %s: the message \"%s\" does not name the stepper",
                golcl_stepper_name(kind), why, msg);
}

START_TEST(options_are_checked) {
  golcl_device_info d;
  TU_OK(golcl_context_device_info(tu_ctx, &d));
  uint32_t too_many = (uint32_t)(d.max_work_group_size + 1);
  uint32_t side = 2;
  while ((uint64_t)(side + 2) * (side + 2) <= d.local_mem_bytes) side *= 2;
  for (size_t k = 0; k < NKINDS; k++) {
    expect_refused(kinds[k], shape(8, 0, 0, 0), "local_w without local_h");
    expect_refused(kinds[k], shape(0, 4, 0, 0), "local_h without local_w");
    expect_refused(kinds[k], shape(too_many, 1, 0, 0), "a group above the device's limit");
    expect_refused(kinds[k], shape(1, too_many, 0, 0), "a group above the device's limit");
  }
  for (golcl_stepper_kind k = GOLCL_STEPPER_HALO; k <= GOLCL_STEPPER_LAZY; k++) {
    if (k == GOLCL_STEPPER_TWOCELL) continue;
    expect_refused(k, shape(0, 0, 16, 0), "tile_w without tile_h");
    expect_refused(k, shape(0, 0, 0, 16), "tile_h without tile_w");
    expect_refused(k, shape(4, 4, 10, 8), "a tile that is not a multiple of the group");
    expect_refused(k, shape(4, 4, 8, 6), "a tile that is not a multiple of the group");
    expect_refused(k, shape(0, 0, side, side), "a tile larger than local memory");
    expect_refused(k, shape(0, 0, 1, side * side), "a tile larger than local memory");
  }
  /* what the steppers that take no tile ignore, and valid shapes, pass */
  for (size_t k = 0; k < NKINDS; k++) {
    golcl_stepper *st;
    golcl_stepper_opts o = shape(4, 2, 8, 8);
    o.gens_per_launch = 7;
    TU_OK(golcl_stepper_create(tu_ctx, kinds[k], &o, &st));
    golcl_stepper_destroy(st);
  }
  golcl_stepper *st;
  golcl_stepper_opts o = shape(0, 0, side, side);
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_TWOCELL, &o, &st)); /* tile ignored */
  golcl_stepper_destroy(st);
}
END_TEST

/* ------------------------------------------------------ lazy, sparse */

static uint8_t *cells_of(uint32_t w, uint32_t h, const int (*xy)[2], size_t n, int ox, int oy) {
  uint8_t *c = calloc((size_t)w * h, 1);
  ck_assert_ptr_nonnull(c);
  for (size_t i = 0; i < n; i++)
    c[(size_t)((oy + xy[i][1]) % (int)h) * w + (size_t)((ox + xy[i][0]) % (int)w)] = 1;
  return c;
}

static const int glider[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};

/* Runs lazy one generation at a time on g from `model`, checking every cell
 * after each, and returns the largest tiles_computed after the first. */
static uint64_t lazy_follow(golcl_stepper *st, golcl_grid *g, uint8_t *model, uint64_t gens,
                            uint64_t *total) {
  uint32_t w = golcl_grid_width(g), h = golcl_grid_height(g);
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  uint64_t most = 0;
  for (uint64_t i = 1; i <= gens; i++) {
    TU_OK(golcl_stepper_run(st, g, 1));
    lc_run(model, w, h, golcl_grid_boundary(g), r, 1);
    char what[96];
    snprintf(what, sizeof what, "lazy on a sparse %ux%u grid, generation %llu", (unsigned)w,
             (unsigned)h, (unsigned long long)i);
    lc_assert_grid(g, model, what);
    golcl_stepper_stats s;
    TU_OK(golcl_stepper_get_stats(st, &s));
    *total = s.tiles_total;
    ck_assert_uint_le(s.tiles_computed, s.tiles_total);
    if (i == 1)
      ck_assert_uint_eq(s.tiles_computed, s.tiles_total); /* a fresh start computes all */
    else if (s.tiles_computed > most)
      most = s.tiles_computed;
  }
  return most;
}

/* A glider crossing 8×8 tile borders and the torus seam in both directions:
 * it changes at most 2×2 tiles a generation, so at most 4×4 are computed. */
START_TEST(lazy_glider_crosses_tiles_and_the_seam) {
  golcl_stepper_opts o = shape(4, 2, 8, 8);
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LAZY, &o, &st));
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 64, 44, GOLCL_BOUNDARY_TORUS, &g)); /* 8×6 tiles */
  uint8_t *model = cells_of(64, 44, glider, 5, 50, 30);
  TU_OK(golcl_grid_write(g, model, 0));
  uint64_t total, most = lazy_follow(st, g, model, 300, &total);
  ck_assert_uint_eq(total, 48);
  ck_assert_uint_le(most, 16);
  ck_assert_uint_ge(most, 1);
  free(model);
  golcl_grid_destroy(g);
  golcl_stepper_destroy(st);
}
END_TEST

/* The same with the tile chosen from the device, on a dead boundary too
 * (where the glider ends as a block in the corner). */
START_TEST(lazy_glider_default_tiles) {
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LAZY, NULL, &st));
  for (int b = 0; b < 2; b++) {
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, 150, 130, (golcl_boundary)b, &g));
    uint8_t *model = cells_of(150, 130, glider, 5, 120, 100);
    TU_OK(golcl_grid_write(g, model, 0));
    uint64_t total, most = lazy_follow(st, g, model, 200, &total);
    /* The glider spans at most 2×2 tiles, so at most those and their
       neighbours, 4×4 tiles, are computed, whatever tile the device chose. */
    ck_assert_uint_ge(total, 4);
    ck_assert_msg(most <= 16 && most < total, "%llu of %llu tiles computed",
                  (unsigned long long)most, (unsigned long long)total);
    free(model);
    golcl_grid_destroy(g);
  }
  golcl_stepper_destroy(st);
}
END_TEST

/* A block (still) beside a blinker (period 2) across a tile border, and a
 * lone block far away: only the tiles around the blinker stay active. */
START_TEST(lazy_still_life_next_to_an_oscillator) {
  static const int things[][2] = {{0, 0},   {1, 0},   {0, 1},   {1, 1}, /* block at (6,6) */
                                  {4, 1},   {5, 1},   {6, 1},           /* blinker across y = 8 */
                                  {30, 30}, {31, 30}, {30, 31}, {31, 31}}; /* block */
  golcl_stepper_opts o = shape(2, 4, 8, 8);
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LAZY, &o, &st));
  for (int b = 0; b < 2; b++) {
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, 48, 48, (golcl_boundary)b, &g)); /* 6×6 tiles */
    uint8_t *model = cells_of(48, 48, things, sizeof things / sizeof things[0], 6, 6);
    TU_OK(golcl_grid_write(g, model, 0));
    uint64_t total, most = lazy_follow(st, g, model, 200, &total);
    ck_assert_uint_eq(total, 36);
    /* the blinker (x 10..12, y 6..8) changes tiles (1,0) and (1,1): the 3×4
       tiles around them are computed, the two blocks' tiles are not */
    ck_assert_uint_le(most, 12);
    golcl_stepper_stats s;
    TU_OK(golcl_stepper_get_stats(st, &s));
    ck_assert_uint_ge(s.tiles_computed, 1);
    free(model);
    golcl_grid_destroy(g);
  }
  golcl_stepper_destroy(st);
}
END_TEST

/* A larger soup that dies down: every 25 generations the cells match. */
START_TEST(lazy_soup_settles) {
  const uint32_t w = 200, h = 170;
  golcl_stepper_opts o = shape(8, 8, 8, 8); /* 25×22 tiles on every device */
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LAZY, &o, &st));
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_TORUS, &g));
  uint8_t *model = calloc((size_t)w * h, 1);
  uint8_t *patch = tu_random_cells(40 * 40, 0.4, 123);
  for (int y = 0; y < 40; y++) memcpy(model + (size_t)(60 + y) * w + 70, patch + y * 40, 40);
  TU_OK(golcl_grid_write(g, model, 0));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  for (int i = 0; i < 16; i++) {
    TU_OK(golcl_stepper_run(st, g, 25));
    lc_run(model, w, h, GOLCL_BOUNDARY_TORUS, r, 25);
    lc_assert_grid(g, model, "lazy on a soup in a corner of the grid");
  }
  golcl_stepper_stats s;
  TU_OK(golcl_stepper_get_stats(st, &s));
  ck_assert_uint_eq(s.generations, 25);
  ck_assert_uint_eq(s.launches, 25);
  ck_assert_msg(s.tiles_computed * 2 < s.tiles_total, "%llu of %llu tiles computed",
                (unsigned long long)s.tiles_computed, (unsigned long long)s.tiles_total);
  free(patch);
  free(model);
  golcl_grid_destroy(g);
  golcl_stepper_destroy(st);
}
END_TEST

/* ------------------------------------- lazy notices outside changes */

typedef struct scene {
  golcl_grid *g;
  uint8_t *model;
  golcl_rule rule;
  golcl_stepper *lazy, *naive;
} scene;

/* 64×64 torus, 8×8 tiles: a blinker in the top-left tile and a glider in
 * the middle, so that stale flags would leave the glider frozen. */
static scene scene_new(void) {
  static const int blinker[3][2] = {{0, 0}, {1, 0}, {2, 0}};
  scene s;
  TU_OK(golcl_grid_create(tu_ctx, 64, 64, GOLCL_BOUNDARY_TORUS, &s.g));
  s.model = cells_of(64, 64, blinker, 3, 2, 3);
  uint8_t *gl = cells_of(64, 64, glider, 5, 30, 30);
  for (size_t i = 0; i < 64 * 64; i++) s.model[i] |= gl[i];
  free(gl);
  TU_OK(golcl_grid_write(s.g, s.model, 0));
  TU_OK(golcl_grid_rule(s.g, &s.rule));
  golcl_stepper_opts o = shape(4, 4, 8, 8);
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LAZY, &o, &s.lazy));
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &s.naive));
  return s;
}

static void scene_run(scene *s, golcl_stepper *st, uint64_t gens, const char *what) {
  TU_OK(golcl_stepper_run(st, s->g, gens));
  lc_run(s->model, 64, 64, GOLCL_BOUNDARY_TORUS, s->rule, gens);
  lc_assert_grid(s->g, s->model, what);
}

static void scene_free(scene *s) {
  golcl_stepper_destroy(s->lazy);
  golcl_stepper_destroy(s->naive);
  golcl_grid_destroy(s->g);
  free(s->model);
}

START_TEST(lazy_alternating_with_naive) {
  scene s = scene_new();
  scene_run(&s, s.lazy, 6, "lazy first");
  scene_run(&s, s.naive, 80, "then naive (the glider moves 20 cells)");
  scene_run(&s, s.lazy, 9, "then lazy again");
  scene_run(&s, s.naive, 41, "then naive, an odd count");
  scene_run(&s, s.lazy, 30, "then lazy once more");
  scene_free(&s);
}
END_TEST

/* Naive runs an even count (so that the buffers are where lazy left them)
 * and the generation is set back: lazy must still see the change. */
START_TEST(lazy_notices_the_generation_set_back) {
  scene s = scene_new();
  scene_run(&s, s.lazy, 4, "lazy first");
  uint64_t gen = golcl_grid_generation(s.g);
  scene_run(&s, s.naive, 80, "then naive (the glider moves 20 cells)");
  TU_OK(golcl_grid_set_generation(s.g, gen));
  scene_run(&s, s.lazy, 12, "then lazy from the same generation number");
  scene_free(&s);
}
END_TEST

/* Cells written in place (the grid keeps its buffers and generation), a
 * randomize, a clear, a rule change, a layout switch by binmul, and a write
 * through the exposed buffer: each time lazy recomputes everything. */
START_TEST(lazy_notices_writes_and_switches) {
  scene s = scene_new();
  scene_run(&s, s.lazy, 5, "lazy first");
  /* a glider elsewhere, written in place */
  uint8_t *gl = cells_of(64, 64, glider, 5, 45, 10);
  memcpy(s.model, gl, 64 * 64);
  free(gl);
  TU_OK(golcl_grid_write(s.g, s.model, 0));
  scene_run(&s, s.lazy, 20, "lazy after a write");
  /* randomize: compare with what the grid reads back */
  TU_OK(golcl_grid_randomize(s.g, 0.3, 5));
  TU_OK(golcl_grid_read(s.g, s.model, 0));
  scene_run(&s, s.lazy, 7, "lazy after a randomize");
  TU_OK(golcl_grid_clear(s.g));
  memset(s.model, 0, 64 * 64);
  scene_run(&s, s.lazy, 3, "lazy after a clear");
  /* B2/S makes an empty grid stay empty; write a seed, run, then change rule */
  gl = cells_of(64, 64, glider, 5, 20, 20);
  memcpy(s.model, gl, 64 * 64);
  free(gl);
  TU_OK(golcl_grid_write(s.g, s.model, 0));
  scene_run(&s, s.lazy, 8, "lazy before the rule change");
  TU_OK(golcl_grid_set_rule(s.g, "B36/S125"));
  TU_OK(golcl_grid_rule(s.g, &s.rule));
  scene_run(&s, s.lazy, 6, "lazy after a rule change");
  golcl_stepper *binmul;
  golcl_grid *odd;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_BINMUL, NULL, &binmul));
  scene_run(&s, binmul, 2, "binmul in between");
  scene_run(&s, s.lazy, 6, "lazy after binmul");
  /* through the exposed buffer: set one cell far from everything */
  cl_uchar one = 1;
  golcl_layout_info info;
  cl_mem m = golcl_grid_buffer(s.g, &info);
  ck_assert_int_eq(info.layout, GOLCL_LAYOUT_BYTES);
  size_t at = 60 * info.row_pitch + 3;
  ck_assert_int_eq(
      clEnqueueWriteBuffer(golcl_context_cl_queue(tu_ctx), m, CL_TRUE, at, 1, &one, 0, NULL, NULL),
      CL_SUCCESS);
  s.model[60 * 64 + 3] = 1;
  scene_run(&s, s.lazy, 1, "lazy after a write through golcl_grid_buffer");
  scene_run(&s, s.lazy, 5, "and on");
  /* a non-power-of-two width switches layouts both ways */
  TU_OK(golcl_grid_create(tu_ctx, 45, 30, GOLCL_BOUNDARY_DEAD, &odd));
  uint8_t *m2 = tu_random_cells(45 * 30, 0.3, 8);
  golcl_rule r;
  TU_OK(golcl_grid_write(odd, m2, 0));
  TU_OK(golcl_grid_rule(odd, &r));
  for (int i = 0; i < 3; i++) {
    TU_OK(golcl_stepper_run(s.lazy, odd, 5));
    TU_OK(golcl_stepper_run(binmul, odd, 5));
    lc_run(m2, 45, 30, GOLCL_BOUNDARY_DEAD, r, 10);
    lc_assert_grid(odd, m2, "lazy and binmul (bytes_pow2) in turn");
  }
  free(m2);
  golcl_grid_destroy(odd);
  golcl_stepper_destroy(binmul);
  scene_free(&s);
}
END_TEST

/* A pattern placed in place (golcl_grid_place writes into the grid's own
 * buffer) where lazy's flags say nothing moves. */
START_TEST(lazy_notices_a_placed_pattern) {
  static const char rle[] = "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"; /* a glider */
  scene s = scene_new();
  scene_run(&s, s.lazy, 6, "lazy first");
  golcl_pattern *p;
  TU_OK(golcl_pattern_parse(rle, sizeof rle - 1, &p));
  TU_OK(golcl_grid_place(s.g, p, 50, 8));
  golcl_pattern_destroy(p);
  uint8_t *gl = cells_of(64, 64, glider, 5, 50, 8);
  for (size_t i = 0; i < 64 * 64; i++) s.model[i] |= gl[i];
  free(gl);
  lc_assert_grid(s.g, s.model, "the placed glider");
  scene_run(&s, s.lazy, 1, "lazy after golcl_grid_place");
  scene_run(&s, s.lazy, 20, "and on");
  scene_free(&s);
}
END_TEST

/* One lazy stepper on two grids in turn, and two lazy steppers on one. */
START_TEST(lazy_with_two_grids_and_two_steppers) {
  scene a = scene_new(), b = scene_new();
  scene_run(&b, b.naive, 13, "b moves ahead");
  for (int i = 0; i < 3; i++) {
    scene_run(&a, a.lazy, 5, "lazy on a");
    scene_run(&b, a.lazy, 5, "the same lazy on b");
    scene_run(&a, b.lazy, 4, "the other lazy on a");
  }
  scene_free(&a);
  scene_free(&b);
}
END_TEST

int main(void) {
  Suite *s = suite_create("steppers_bytes");
  TCase *tc = tcase_create("bytes");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, binmul_matrix);
  tcase_add_test(tc, binmul_matrix_with_local_shape);
  tcase_add_test(tc, halo_matrix);
  tcase_add_test(tc, halo_matrix_with_tile_and_local_shape);
  tcase_add_test(tc, halo_matrix_with_tile_only);
  tcase_add_test(tc, twocell_matrix);
  tcase_add_test(tc, twocell_matrix_with_local_shape);
  tcase_add_test(tc, lazy_matrix);
  tcase_add_test(tc, lazy_matrix_with_small_tiles);
  tcase_add_test(tc, awkward_sizes);
  tcase_add_test(tc, prepare_then_run);
  tcase_add_test(tc, binmul_layout_is_padded_to_a_power_of_two);
  tcase_add_test(tc, options_are_checked);
  tcase_add_test(tc, lazy_glider_crosses_tiles_and_the_seam);
  tcase_add_test(tc, lazy_glider_default_tiles);
  tcase_add_test(tc, lazy_still_life_next_to_an_oscillator);
  tcase_add_test(tc, lazy_soup_settles);
  tcase_add_test(tc, lazy_alternating_with_naive);
  tcase_add_test(tc, lazy_notices_the_generation_set_back);
  tcase_add_test(tc, lazy_notices_writes_and_switches);
  tcase_add_test(tc, lazy_notices_a_placed_pattern);
  tcase_add_test(tc, lazy_with_two_grids_and_two_steppers);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
