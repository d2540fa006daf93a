/* test_naive.c — the reference and naive steppers against the host model on
 * the full matrix, known patterns, and agreement of population and hash. */
#include "lifecheck.h"

#include <string.h>

START_TEST(reference_matrix) { lc_check_matrix(GOLCL_STEPPER_REFERENCE, NULL); }
END_TEST

START_TEST(naive_matrix) { lc_check_matrix(GOLCL_STEPPER_NAIVE, NULL); }
END_TEST

START_TEST(naive_matrix_with_local_shape) {
  golcl_stepper_opts o = {0};
  o.local_w = 8;
  o.local_h = 4;
  lc_check_matrix(GOLCL_STEPPER_NAIVE, &o);
}
END_TEST

/* Places cells given as (x, y) pairs in a w×h host array. */
static uint8_t *cells_of(uint32_t w, uint32_t h, const int (*xy)[2], size_t n, int ox, int oy) {
  uint8_t *c = calloc((size_t)w * h, 1);
  ck_assert_ptr_nonnull(c);
  for (size_t i = 0; i < n; i++)
    c[(size_t)((oy + xy[i][1]) % (int)h) * w + (size_t)((ox + xy[i][0]) % (int)w)] = 1;
  return c;
}

static void run_kind(golcl_stepper_kind kind, golcl_grid *g, uint64_t gens) {
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kind, NULL, &st));
  TU_OK(golcl_stepper_run(st, g, gens));
  golcl_stepper_destroy(st);
}

START_TEST(blinker_has_period_2) {
  static const int xy[3][2] = {{0, 1}, {1, 1}, {2, 1}};
  const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_REFERENCE, GOLCL_STEPPER_NAIVE};
  for (int b = 0; b < 2; b++)
    for (size_t k = 0; k < 2; k++) {
      uint8_t *start = cells_of(8, 8, xy, 3, 2, 2);
      golcl_grid *g;
      TU_OK(golcl_grid_create(tu_ctx, 8, 8, (golcl_boundary)b, &g));
      TU_OK(golcl_grid_write(g, start, 0));
      run_kind(kinds[k], g, 1);
      static const int vert[3][2] = {{1, 0}, {1, 1}, {1, 2}};
      uint8_t *mid = cells_of(8, 8, vert, 3, 2, 2);
      lc_assert_grid(g, mid, "blinker after 1 generation is vertical");
      run_kind(kinds[k], g, 1);
      lc_assert_grid(g, start, "blinker after 2 generations is back");
      free(start);
      free(mid);
      golcl_grid_destroy(g);
    }
}
END_TEST

START_TEST(block_is_still) {
  static const int xy[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  uint8_t *start = cells_of(4, 4, xy, 4, 1, 1);
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 4, 4, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_grid_write(g, start, 0));
  run_kind(GOLCL_STEPPER_NAIVE, g, 25);
  lc_assert_grid(g, start, "block after 25 generations");
  free(start);
  golcl_grid_destroy(g);
}
END_TEST

/* A glider (moving +x, +y) on a W×W torus moves by (1,1) every 4
 * generations and is back at its start after 4W. */
START_TEST(glider_crosses_the_torus) {
  static const int glider[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  const uint32_t W = 13;
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, W, W, GOLCL_BOUNDARY_TORUS, &g));
  uint8_t *start = cells_of(W, W, glider, 5, 9, 9); /* near the seam */
  TU_OK(golcl_grid_write(g, start, 0));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &st));
  for (uint32_t k = 1; k <= W; k++) {
    TU_OK(golcl_stepper_run(st, g, 4));
    uint8_t *moved = cells_of(W, W, glider, 5, (int)(9 + k), (int)(9 + k));
    lc_assert_grid(g, moved, "glider after 4k generations");
    free(moved);
  }
  ck_assert_uint_eq(golcl_grid_generation(g), 4 * W);
  lc_assert_grid(g, start, "glider after 4W generations");
  golcl_stepper_destroy(st);
  free(start);
  golcl_grid_destroy(g);
}
END_TEST

START_TEST(population_and_hash_agree_across_steppers) {
  golcl_grid *a, *b;
  TU_OK(golcl_grid_create(tu_ctx, 123, 77, GOLCL_BOUNDARY_TORUS, &a));
  TU_OK(golcl_grid_randomize(a, 0.35, 99));
  TU_OK(golcl_grid_clone(a, &b));
  run_kind(GOLCL_STEPPER_REFERENCE, a, 30);
  run_kind(GOLCL_STEPPER_NAIVE, b, 30);
  uint64_t pa, pb, ha, hb;
  TU_OK(golcl_grid_population(a, &pa));
  TU_OK(golcl_grid_population(b, &pb));
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(pa, pb);
  ck_assert_uint_eq(ha, hb);
  /* and the population is that of the cells */
  uint8_t *c = malloc(123 * 77);
  TU_OK(golcl_grid_read(b, c, 0));
  uint64_t count = 0;
  for (size_t i = 0; i < 123 * 77; i++) count += c[i];
  ck_assert_uint_eq(count, pb);
  free(c);
  golcl_grid_destroy(a);
  golcl_grid_destroy(b);
}
END_TEST

START_TEST(stats_count_launches) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 16, 16, GOLCL_BOUNDARY_DEAD, &g));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &st));
  TU_OK(golcl_stepper_run(st, g, 7));
  golcl_stepper_stats s;
  TU_OK(golcl_stepper_get_stats(st, &s));
  ck_assert_uint_eq(s.generations, 7);
  ck_assert_uint_eq(s.launches, 7);
  TU_OK(golcl_stepper_run(st, g, 0));
  TU_OK(golcl_stepper_get_stats(st, &s));
  ck_assert_uint_eq(s.generations, 0);
  ck_assert_uint_eq(golcl_grid_generation(g), 7);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
}
END_TEST

int main(void) {
  Suite *s = suite_create("naive");
  TCase *tc = tcase_create("naive");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, reference_matrix);
  tcase_add_test(tc, naive_matrix);
  tcase_add_test(tc, naive_matrix_with_local_shape);
  tcase_add_test(tc, blinker_has_period_2);
  tcase_add_test(tc, block_is_still);
  tcase_add_test(tc, glider_crosses_the_torus);
  tcase_add_test(tc, population_and_hash_agree_across_steppers);
  tcase_add_test(tc, stats_count_launches);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
