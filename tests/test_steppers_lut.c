/* test_steppers_lut.c — the table-driven steppers (LUT4, PACK16, LUT6X3)
 * against the host model: the full matrix, sizes that stress packing on both
 * boundaries, rule changes, the PACK16 and BITROW layouts (documented bit
 * order and padding, round trips), layout switches in the middle of a run,
 * and option checks. */
#include "lifecheck.h"

#include <stdio.h>
#include <string.h>

static const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_LUT4, GOLCL_STEPPER_PACK16,
                                           GOLCL_STEPPER_LUT6X3};
#define NKINDS (sizeof kinds / sizeof kinds[0])

/* ------------------------------------------------------------- matrix */

START_TEST(lut4_matrix) { lc_check_matrix(GOLCL_STEPPER_LUT4, NULL); }
END_TEST

START_TEST(lut4_matrix_with_local_shape) {
  golcl_stepper_opts o = {0};
  o.local_w = 4;
  o.local_h = 2;
  lc_check_matrix(GOLCL_STEPPER_LUT4, &o);
}
END_TEST

START_TEST(lut4_matrix_with_tile) {
  golcl_stepper_opts o = {0};
  o.tile_w = 2; /* a 1×3 work-group: the narrowest tile */
  o.tile_h = 6;
  lc_check_matrix(GOLCL_STEPPER_LUT4, &o);
}
END_TEST

START_TEST(pack16_matrix) { lc_check_matrix(GOLCL_STEPPER_PACK16, NULL); }
END_TEST

START_TEST(pack16_matrix_with_local_shape) {
  golcl_stepper_opts o = {0};
  o.local_w = 8;
  o.local_h = 4;
  lc_check_matrix(GOLCL_STEPPER_PACK16, &o);
}
END_TEST

START_TEST(lut6x3_matrix) { lc_check_matrix(GOLCL_STEPPER_LUT6X3, NULL); }
END_TEST

START_TEST(lut6x3_matrix_with_local_shape) {
  golcl_stepper_opts o = {0};
  o.local_w = 2;
  o.local_h = 8;
  lc_check_matrix(GOLCL_STEPPER_LUT6X3, &o);
}
END_TEST

/* Sizes around the block sizes (4×4 blocks, 2×2 work-items, 32-bit words),
 * widths below them, 1-wide and 1-high tori; both boundaries, the four
 * rules in turn. */
static const uint32_t packing_sizes[][2] = {
    {5, 3},  {9, 9}, {17, 33}, {1, 40}, {40, 1}, {63, 65}, {100, 100},
    {2, 7},  {3, 1}, {7, 5},   {1, 2},  {2, 1},  {31, 33}, {33, 31},
    {65, 3}, {4, 4}, {32, 3},  {6, 10}, {1, 5},  {5, 1},   {97, 2}};

static void check_packing_sizes(golcl_stepper_kind kind) {
  static const char *const rules[] = {"B3/S23", "B36/S23", "B2/S", "B0/S8"};
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kind, NULL, &st));
  size_t n = sizeof packing_sizes / sizeof packing_sizes[0];
  for (size_t i = 0; i < n; i++)
    for (int b = 0; b < 2; b++)
      lc_check_case(st, packing_sizes[i][0], packing_sizes[i][1], (golcl_boundary)b,
                    rules[(2 * i + (size_t)b) % 4], 1000 + 2 * i + (uint64_t)b);
  golcl_stepper_destroy(st);
}

START_TEST(lut4_packing_sizes) { check_packing_sizes(GOLCL_STEPPER_LUT4); }
END_TEST
START_TEST(pack16_packing_sizes) { check_packing_sizes(GOLCL_STEPPER_PACK16); }
END_TEST
START_TEST(lut6x3_packing_sizes) { check_packing_sizes(GOLCL_STEPPER_LUT6X3); }
END_TEST

/* ------------------------------------------------- known patterns, rules */

static void put(uint8_t *c, uint32_t w, uint32_t h, int x, int y) {
  c[(size_t)(((y % (int)h) + (int)h) % (int)h) * w + (size_t)(((x % (int)w) + (int)w) % (int)w)] =
      1;
}

/* A glider crossing the seams of a torus whose sides are no multiple of 4
 * or 32: after 4k generations it has moved by (k, k). */
START_TEST(glider_crosses_the_seams) {
  static const int glider[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  const uint32_t W = 13, H = 11;
  for (size_t ki = 0; ki < NKINDS; ki++) {
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_TORUS, &g));
    uint8_t *c = calloc(W * H, 1);
    for (int i = 0; i < 5; i++) put(c, W, H, 10 + glider[i][0], 8 + glider[i][1]);
    TU_OK(golcl_grid_write(g, c, 0));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, kinds[ki], NULL, &st));
    for (int k = 1; k <= 20; k++) {
      TU_OK(golcl_stepper_run(st, g, 4));
      memset(c, 0, W * H);
      for (int i = 0; i < 5; i++) put(c, W, H, 10 + k + glider[i][0], 8 + k + glider[i][1]);
      char what[64];
      snprintf(what, sizeof what, "%s glider after %d generations", golcl_stepper_name(kinds[ki]),
               4 * k);
      lc_assert_grid(g, c, what);
    }
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    free(c);
  }
}
END_TEST

/* One stepper, one grid, the rule changed between runs: the cached table
 * must follow the grid's rule. Two grids of different rules alternate too. */
START_TEST(table_follows_the_rule) {
  static const char *const rules[] = {"B3/S23", "B36/S23", "B3/S23",
                                      "B2/S",   "B0/S8",   "B1357/S1357"};
  const uint32_t W = 29, H = 23;
  for (size_t ki = 0; ki < NKINDS; ki++) {
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, kinds[ki], NULL, &st));
    golcl_grid *a, *b;
    TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_TORUS, &a));
    TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &b));
    uint8_t *ma = tu_random_cells(W * H, 0.4, 7), *mb = tu_random_cells(W * H, 0.3, 8);
    TU_OK(golcl_grid_write(a, ma, 0));
    TU_OK(golcl_grid_write(b, mb, 0));
    TU_OK(golcl_grid_set_rule(b, "B34/S34"));
    golcl_rule rb;
    TU_OK(golcl_grid_rule(b, &rb));
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
      TU_OK(golcl_grid_set_rule(a, rules[i]));
      golcl_rule ra;
      TU_OK(golcl_grid_rule(a, &ra));
      TU_OK(golcl_stepper_run(st, a, 3));
      lc_run(ma, W, H, GOLCL_BOUNDARY_TORUS, ra, 3);
      TU_OK(golcl_stepper_run(st, b, 2));
      lc_run(mb, W, H, GOLCL_BOUNDARY_DEAD, rb, 2);
      char what[96];
      snprintf(what, sizeof what, "%s after rule %s", golcl_stepper_name(kinds[ki]), rules[i]);
      lc_assert_grid(a, ma, what);
      lc_assert_grid(b, mb, "the other grid, B34/S34");
    }
    free(ma);
    free(mb);
    golcl_grid_destroy(a);
    golcl_grid_destroy(b);
    golcl_stepper_destroy(st);
  }
}
END_TEST

START_TEST(prepare_and_stats) {
  for (size_t ki = 0; ki < NKINDS; ki++) {
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, 21, 19, GOLCL_BOUNDARY_DEAD, &g));
    uint8_t *m = tu_random_cells(21 * 19, 0.5, 3);
    TU_OK(golcl_grid_write(g, m, 0));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, kinds[ki], NULL, &st));
    ck_assert_int_eq(golcl_stepper_kind_of(st), kinds[ki]);
    ck_assert(golcl_stepper_available(kinds[ki]));
    TU_OK(golcl_stepper_prepare(st, g));
    TU_OK(golcl_stepper_run(st, g, 5));
    golcl_stepper_stats s;
    TU_OK(golcl_stepper_get_stats(st, &s));
    ck_assert_uint_eq(s.generations, 5);
    ck_assert_uint_eq(s.launches, 5);
    ck_assert_uint_eq(golcl_grid_generation(g), 5);
    golcl_rule r;
    TU_OK(golcl_grid_rule(g, &r));
    lc_run(m, 21, 19, GOLCL_BOUNDARY_DEAD, r, 5);
    lc_assert_grid(g, m, golcl_stepper_name(kinds[ki]));
    free(m);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
  }
}
END_TEST

/* ------------------------------------------------------------- layouts */

/* The documented geometry of a layout for a w×h grid. */
static void expected_info(golcl_layout L, uint32_t w, uint32_t h, size_t *pitch, size_t *rows) {
  if (L == GOLCL_LAYOUT_PACK16) {
    *pitch = 2 * (((size_t)w + 3) / 4);
    *rows = ((size_t)h + 3) / 4;
  } else if (L == GOLCL_LAYOUT_BITROW) {
    *pitch = 4 * (((size_t)w + 31) / 32);
    *rows = h;
  } else {
    *pitch = w;
    *rows = h;
  }
}

/* Cell (x, y) decoded from a raw buffer by the documented bit order; cells
 * beyond the grid are decoded too, to check that padding is 0. */
static int raw_cell(golcl_layout L, const uint8_t *raw, size_t pitch, size_t x, size_t y) {
  if (L == GOLCL_LAYOUT_PACK16) {
    uint16_t v;
    memcpy(&v, raw + (y / 4) * pitch + (x / 4) * 2, 2); /* device order = host order here */
    return (v >> (4 * (y % 4) + x % 4)) & 1;
  }
  return (raw[y * pitch + x / 8] >> (x % 8)) & 1;
}

/* Checks the raw buffer of a grid in layout L against cells: the documented
 * geometry, every cell at its documented bit, every padding bit 0. */
static void check_raw(golcl_grid *g, golcl_layout L, const uint8_t *cells) {
  uint32_t w = golcl_grid_width(g), h = golcl_grid_height(g);
  golcl_layout_info info;
  cl_mem buf = golcl_grid_buffer(g, &info);
  ck_assert_ptr_nonnull(buf);
  size_t pitch, rows;
  expected_info(L, w, h, &pitch, &rows);
  ck_assert_int_eq(info.layout, L);
  ck_assert_uint_eq(info.row_pitch, pitch);
  ck_assert_uint_eq(info.rows, rows);
  ck_assert_uint_eq(info.bytes, pitch * rows);
  ck_assert_uint_eq(info.width, w);
  ck_assert_uint_eq(info.height, h);
  uint8_t *raw = malloc(info.bytes);
  ck_assert_ptr_nonnull(raw);
  ck_assert_int_eq(clEnqueueReadBuffer(golcl_context_cl_queue(tu_ctx), buf, CL_TRUE, 0, info.bytes,
                                       raw, 0, NULL, NULL),
                   CL_SUCCESS);
  size_t cols = L == GOLCL_LAYOUT_PACK16 ? pitch / 2 * 4 : pitch * 8;
  size_t cell_rows = L == GOLCL_LAYOUT_PACK16 ? rows * 4 : rows;
  for (size_t y = 0; y < cell_rows; y++)
    for (size_t x = 0; x < cols; x++) {
      int want = (x < w && y < h) ? cells[y * w + x] : 0;
      int got = raw_cell(L, raw, pitch, x, y);
      if (got != want) {
        free(raw);
        ck_abort_msg("%s layout of %ux%u: bit of cell (%zu,%zu) is %d, want %d%s",
                     golcl_layout_name(L), (unsigned)w, (unsigned)h, x, y, got, want,
                     (x < w && y < h) ? "" : " (padding)");
      }
    }
  free(raw);
}

static const uint32_t layout_sizes[][2] = {{1, 1},  {5, 3},   {9, 9},     {17, 33}, {1, 40},
                                           {40, 1}, {63, 65}, {100, 100}, {31, 2},  {32, 5},
                                           {33, 4}, {4, 7},   {64, 3}};

START_TEST(layout_round_trips) {
  const golcl_layout packed[] = {GOLCL_LAYOUT_PACK16, GOLCL_LAYOUT_BITROW};
  for (size_t si = 0; si < sizeof layout_sizes / sizeof layout_sizes[0]; si++) {
    uint32_t w = layout_sizes[si][0], h = layout_sizes[si][1];
    uint8_t *cells = tu_random_cells((size_t)w * h, 0.45, 50 + si);
    uint8_t *back = malloc((size_t)w * h);
    for (size_t li = 0; li < 2; li++) {
      golcl_grid *g;
      TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_TORUS, &g));
      TU_OK(golcl_grid_write(g, cells, 0));
      uint64_t pop0, hash0, pop1, hash1;
      TU_OK(golcl_grid_population(g, &pop0));
      TU_OK(golcl_grid_hash(g, &hash0));
      golcl_layout L = packed[li], other = packed[1 - li];
      TU_OK(golcl_grid_set_layout(g, L));
      check_raw(g, L, cells);
      TU_OK(golcl_grid_population(g, &pop1));
      TU_OK(golcl_grid_hash(g, &hash1));
      ck_assert_uint_eq(pop1, pop0);
      ck_assert_uint_eq(hash1, hash0);
      memset(back, 7, (size_t)w * h);
      TU_OK(golcl_grid_read(g, back, 0));
      ck_assert_int_eq(memcmp(back, cells, (size_t)w * h), 0);
      /* reading does not change the layout */
      golcl_layout_info info;
      golcl_grid_buffer(g, &info);
      ck_assert_int_eq(info.layout, L);
      /* packed → packed directly, then back to bytes */
      TU_OK(golcl_grid_set_layout(g, other));
      check_raw(g, other, cells);
      TU_OK(golcl_grid_hash(g, &hash1));
      ck_assert_uint_eq(hash1, hash0);
      TU_OK(golcl_grid_set_layout(g, GOLCL_LAYOUT_BYTES));
      memset(back, 7, (size_t)w * h);
      TU_OK(golcl_grid_read(g, back, 0));
      ck_assert_int_eq(memcmp(back, cells, (size_t)w * h), 0);
      golcl_grid_destroy(g);
    }
    free(cells);
    free(back);
  }
}
END_TEST

START_TEST(randomize_then_switch) {
  const golcl_layout packed[] = {GOLCL_LAYOUT_PACK16, GOLCL_LAYOUT_BITROW};
  for (size_t si = 0; si < sizeof layout_sizes / sizeof layout_sizes[0]; si++) {
    uint32_t w = layout_sizes[si][0], h = layout_sizes[si][1];
    golcl_grid *ref;
    TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_DEAD, &ref));
    TU_OK(golcl_grid_randomize(ref, 0.5, 1234 + si));
    uint8_t *want = malloc((size_t)w * h), *got = malloc((size_t)w * h);
    TU_OK(golcl_grid_read(ref, want, 0));
    uint64_t hw, pw;
    TU_OK(golcl_grid_hash(ref, &hw));
    TU_OK(golcl_grid_population(ref, &pw));
    for (size_t li = 0; li < 2; li++) {
      golcl_grid *g;
      TU_OK(golcl_grid_clone(ref, &g));
      TU_OK(golcl_grid_set_layout(g, packed[li]));
      check_raw(g, packed[li], want);
      uint64_t hg, pg;
      TU_OK(golcl_grid_hash(g, &hg));
      TU_OK(golcl_grid_population(g, &pg));
      ck_assert_uint_eq(hg, hw);
      ck_assert_uint_eq(pg, pw);
      TU_OK(golcl_grid_read(g, got, 0));
      ck_assert_int_eq(memcmp(got, want, (size_t)w * h), 0);
      /* randomize while packed: the same cells again, in the byte layout */
      TU_OK(golcl_grid_randomize(g, 0.5, 1234 + si));
      TU_OK(golcl_grid_set_layout(g, packed[li]));
      TU_OK(golcl_grid_read(g, got, 0));
      ck_assert_int_eq(memcmp(got, want, (size_t)w * h), 0);
      /* a clone of a packed grid keeps layout and cells */
      golcl_grid *c;
      TU_OK(golcl_grid_clone(g, &c));
      golcl_layout_info info;
      golcl_grid_buffer(c, &info);
      ck_assert_int_eq(info.layout, packed[li]);
      TU_OK(golcl_grid_read(c, got, 0));
      ck_assert_int_eq(memcmp(got, want, (size_t)w * h), 0);
      golcl_grid_destroy(c);
      golcl_grid_destroy(g);
    }
    free(want);
    free(got);
    golcl_grid_destroy(ref);
  }
}
END_TEST

/* Clearing a packed grid leaves it empty and in its layout; a step after that
 * sees no stale padding (B1 would give birth next to a stale live cell). B0
 * rules cannot light an empty grid: they run as Golly runs them. */
START_TEST(clear_in_every_layout) {
  for (size_t ki = 0; ki < NKINDS; ki++) {
    const uint32_t W = 11, H = 6;
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_TORUS, &g));
    TU_OK(golcl_grid_randomize(g, 0.6, 5));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, kinds[ki], NULL, &st));
    TU_OK(golcl_stepper_run(st, g, 1));
    TU_OK(golcl_grid_clear(g));
    uint64_t pop;
    TU_OK(golcl_grid_population(g, &pop));
    ck_assert_uint_eq(pop, 0);
    TU_OK(golcl_grid_set_rule(g, "B1/S"));
    TU_OK(golcl_stepper_run(st, g, 1));
    TU_OK(golcl_grid_population(g, &pop));
    ck_assert_uint_eq(pop, 0);
    TU_OK(golcl_grid_set_rule(g, "B0/S"));
    TU_OK(golcl_stepper_run(st, g, 2));
    TU_OK(golcl_grid_population(g, &pop));
    ck_assert_uint_eq(pop, 0);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
  }
}
END_TEST

/* The layout switch: NAIVE, PACK16, LUT6X3, LAZY, NAIVE on the same
 * grid, then LUT4 and BINMUL (its own padded layout) between the packed
 * ones, the cells checked against the model after each. */
static void switch_case(uint32_t W, uint32_t H, golcl_boundary b, const char *rule) {
  static const struct {
    golcl_stepper_kind kind;
    uint64_t gens;
    golcl_layout layout;
  } plan[] = {{GOLCL_STEPPER_NAIVE, 5, GOLCL_LAYOUT_BYTES},
              {GOLCL_STEPPER_PACK16, 7, GOLCL_LAYOUT_PACK16},
              {GOLCL_STEPPER_LUT6X3, 6, GOLCL_LAYOUT_BITROW},
              {GOLCL_STEPPER_LAZY, 5, GOLCL_LAYOUT_COUNT /* its own */},
              {GOLCL_STEPPER_NAIVE, 3, GOLCL_LAYOUT_BYTES},
              {GOLCL_STEPPER_LUT6X3, 2, GOLCL_LAYOUT_BITROW},
              {GOLCL_STEPPER_LUT4, 4, GOLCL_LAYOUT_BYTES},
              {GOLCL_STEPPER_BINMUL, 3, GOLCL_LAYOUT_COUNT /* its own */},
              {GOLCL_STEPPER_PACK16, 3, GOLCL_LAYOUT_PACK16},
              {GOLCL_STEPPER_BINMUL, 2, GOLCL_LAYOUT_COUNT},
              {GOLCL_STEPPER_LUT6X3, 2, GOLCL_LAYOUT_BITROW}};
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, H, b, &g));
  TU_OK(golcl_grid_set_rule(g, rule));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  uint8_t *model = tu_random_cells((size_t)W * H, 0.4, W * 131 + H);
  TU_OK(golcl_grid_write(g, model, 0));
  uint64_t gen = 0;
  for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++) {
    ck_assert_msg(golcl_stepper_available(plan[i].kind),
                  "the %s stepper is not available: the layout switch test needs it",
                  golcl_stepper_name(plan[i].kind));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, plan[i].kind, NULL, &st));
    TU_OK(golcl_stepper_run(st, g, plan[i].gens));
    golcl_stepper_destroy(st);
    gen += plan[i].gens;
    ck_assert_uint_eq(golcl_grid_generation(g), gen);
    if (plan[i].layout != GOLCL_LAYOUT_COUNT) {
      golcl_layout_info info;
      golcl_grid_buffer(g, &info);
      ck_assert_int_eq(info.layout, plan[i].layout);
    }
    lc_run(model, W, H, b, r, plan[i].gens);
    char what[128];
    snprintf(what, sizeof what, "step %zu (%s) of the switch on %ux%u %s %s", i,
             golcl_stepper_name(plan[i].kind), (unsigned)W, (unsigned)H,
             b == GOLCL_BOUNDARY_TORUS ? "torus" : "dead", rule);
    lc_assert_grid(g, model, what);
  }
  free(model);
  golcl_grid_destroy(g);
}

START_TEST(layout_switch_in_a_run) {
  switch_case(45, 37, GOLCL_BOUNDARY_TORUS, "B3/S23");
  switch_case(45, 37, GOLCL_BOUNDARY_DEAD, "B36/S23");
  switch_case(70, 9, GOLCL_BOUNDARY_TORUS, "B2/S");
  switch_case(7, 3, GOLCL_BOUNDARY_TORUS, "B3/S23");
}
END_TEST

/* -------------------------------------------------------------- options */

static void device_limits(size_t *max_wg, size_t sides[2]) {
  golcl_device_info d;
  TU_OK(golcl_context_device_info(tu_ctx, &d));
  *max_wg = d.max_work_group_size;
  size_t all[3] = {0, 0, 0};
  ck_assert_int_eq(clGetDeviceInfo(golcl_context_cl_device(tu_ctx), CL_DEVICE_MAX_WORK_ITEM_SIZES,
                                   sizeof all, all, NULL),
                   CL_SUCCESS);
  sides[0] = all[0];
  sides[1] = all[1];
}

#define EXPECT_REFUSED(kind, opts, want_text)                                                      \
  do {                                                                                             \
    golcl_stepper *st_ = (golcl_stepper *)&st_;                                                    \
    golcl_status s_ = golcl_stepper_create(tu_ctx, (kind), &(opts), &st_);                         \
    ck_assert_msg(s_ == GOLCL_E_INVALID_ARG || s_ == GOLCL_E_UNSUPPORTED, "%s: %s accepted: %s",   \
                  golcl_stepper_name(kind), #opts, golcl_strerror(s_));                            \
    ck_assert_ptr_null(st_);                                                                       \
    ck_assert_msg(strstr(golcl_context_errmsg(tu_ctx), (want_text)) != NULL,                       \
                  "errmsg \"%s\" does not say \"%s\"", golcl_context_errmsg(tu_ctx), (want_text)); \
  } while (0)

START_TEST(options_are_checked) {
  size_t max_wg, sides[2];
  device_limits(&max_wg, sides);
  for (size_t ki = 0; ki < NKINDS; ki++) {
    golcl_stepper_kind k = kinds[ki];
    golcl_stepper_opts one_side = {0};
    one_side.local_w = 4;
    EXPECT_REFUSED(k, one_side, "local_w and local_h");
    golcl_stepper_opts too_wide = {0};
    too_wide.local_w = (uint32_t)sides[0] + 1;
    too_wide.local_h = 1;
    EXPECT_REFUSED(k, too_wide, "largest sides");
    golcl_stepper_opts too_tall = {0};
    too_tall.local_w = 1;
    too_tall.local_h = (uint32_t)sides[1] + 1;
    EXPECT_REFUSED(k, too_tall, "largest sides");
    golcl_stepper_opts too_many = {0};
    too_many.local_w = (uint32_t)(sides[0] < max_wg ? sides[0] : max_wg);
    too_many.local_h = (uint32_t)(max_wg / too_many.local_w + 1);
    EXPECT_REFUSED(k, too_many, "work-group");
    /* what a kind does not use is ignored */
    golcl_stepper_opts unused = {0};
    unused.gens_per_launch = 3;
    if (k != GOLCL_STEPPER_LUT4) unused.tile_w = 3;
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, k, &unused, &st));
    golcl_stepper_destroy(st);
  }
  golcl_stepper_opts half_tile = {0};
  half_tile.tile_w = 8;
  EXPECT_REFUSED(GOLCL_STEPPER_LUT4, half_tile, "tile_w and tile_h");
  golcl_stepper_opts odd_tile = {0};
  odd_tile.tile_w = 3;
  odd_tile.tile_h = 4;
  EXPECT_REFUSED(GOLCL_STEPPER_LUT4, odd_tile, "odd side");
  golcl_stepper_opts mismatch = {0};
  mismatch.tile_w = 8;
  mismatch.tile_h = 8;
  mismatch.local_w = 2;
  mismatch.local_h = 2;
  EXPECT_REFUSED(GOLCL_STEPPER_LUT4, mismatch, "needs a 4x4 work-group");
  golcl_stepper_opts big_tile = {0};
  big_tile.tile_w = (uint32_t)(2 * max_wg);
  big_tile.tile_h = 4;
  EXPECT_REFUSED(GOLCL_STEPPER_LUT4, big_tile, "work-group");
  /* a tile alone sets the work-group shape */
  golcl_stepper_opts tile_only = {0};
  tile_only.tile_w = 8;
  tile_only.tile_h = 4;
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LUT4, &tile_only, &st));
  lc_check_case(st, 19, 13, GOLCL_BOUNDARY_TORUS, "B3/S23", 77);
  golcl_stepper_destroy(st);
}
END_TEST

int main(void) {
  Suite *s = suite_create("steppers_lut");
  TCase *tc = tcase_create("steppers_lut");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, lut4_matrix);
  tcase_add_test(tc, lut4_matrix_with_local_shape);
  tcase_add_test(tc, lut4_matrix_with_tile);
  tcase_add_test(tc, pack16_matrix);
  tcase_add_test(tc, pack16_matrix_with_local_shape);
  tcase_add_test(tc, lut6x3_matrix);
  tcase_add_test(tc, lut6x3_matrix_with_local_shape);
  tcase_add_test(tc, lut4_packing_sizes);
  tcase_add_test(tc, pack16_packing_sizes);
  tcase_add_test(tc, lut6x3_packing_sizes);
  tcase_add_test(tc, glider_crosses_the_seams);
  tcase_add_test(tc, table_follows_the_rule);
  tcase_add_test(tc, prepare_and_stats);
  tcase_add_test(tc, layout_round_trips);
  tcase_add_test(tc, randomize_then_switch);
  tcase_add_test(tc, clear_in_every_layout);
  tcase_add_test(tc, layout_switch_in_a_run);
  tcase_add_test(tc, options_are_checked);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
