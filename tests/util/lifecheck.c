/* lifecheck.c — see lifecheck.h. */
#include "lifecheck.h"

#include <stdio.h>
#include <string.h>

void lc_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h, golcl_boundary b,
             golcl_rule rule) {
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      int n = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          int64_t nx = (int64_t)x + dx, ny = (int64_t)y + dy;
          if (b == GOLCL_BOUNDARY_TORUS) {
            nx = (nx + w) % w;
            ny = (ny + h) % h;
          } else if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
            continue;
          }
          n += in[(size_t)ny * w + (size_t)nx] != 0;
        }
      int alive = in[(size_t)y * w + x] != 0;
      out[(size_t)y * w + x] = (uint8_t)(((alive ? rule.survive : rule.birth) >> n) & 1);
    }
}

/* Golly's emulation of B0, in B/S terms: with S8 every generation runs
 * NOT rule(NOT x) (birth n <- not survive 8-n, survival n <- not birth
 * 8-n); without, an even generation runs NOT rule(x) and an odd one
 * rule(NOT x) (birth n <- survive 8-n, survival n <- birth 8-n). */
golcl_rule lc_rule_at(golcl_rule r, uint64_t gen) {
  if (!(r.birth & 1)) return r;
  int smax = r.survive >> 8 & 1;
  golcl_rule m = {0, 0};
  for (int n = 0; n <= 8; n++) {
    unsigned b, s;
    if (smax) { /* NOT rule(NOT x) */
      b = !(r.survive >> (8 - n) & 1), s = !(r.birth >> (8 - n) & 1);
    } else if (gen & 1) { /* rule(NOT x) */
      b = r.survive >> (8 - n) & 1, s = r.birth >> (8 - n) & 1;
    } else { /* NOT rule(x) */
      b = !(r.birth >> n & 1), s = !(r.survive >> n & 1);
    }
    m.birth |= (uint16_t)(b << n);
    m.survive |= (uint16_t)(s << n);
  }
  return m;
}

void lc_run(uint8_t *cells, uint32_t w, uint32_t h, golcl_boundary b, golcl_rule rule,
            uint64_t gens) {
  lc_run_at(cells, w, h, b, rule, 0, gens);
}

void lc_run_at(uint8_t *cells, uint32_t w, uint32_t h, golcl_boundary b, golcl_rule rule,
               uint64_t gen0, uint64_t gens) {
  size_t n = (size_t)w * h;
  uint8_t *tmp = malloc(n);
  ck_assert_ptr_nonnull(tmp);
  for (uint64_t i = 0; i < gens; i++) {
    lc_step(cells, tmp, w, h, b, lc_rule_at(rule, gen0 + i));
    memcpy(cells, tmp, n);
  }
  free(tmp);
}

void lc_assert_grid(golcl_grid *g, const uint8_t *want, const char *what) {
  uint32_t w = golcl_grid_width(g), h = golcl_grid_height(g);
  uint8_t *got = malloc((size_t)w * h);
  ck_assert_ptr_nonnull(got);
  TU_OK(golcl_grid_read(g, got, w));
  for (size_t i = 0; i < (size_t)w * h; i++)
    if (got[i] != want[i]) {
      uint32_t x = (uint32_t)(i % w), y = (uint32_t)(i / w);
      free(got);
      ck_abort_msg("%s: cell (%u,%u) is %d, the model says %d", what, (unsigned)x, (unsigned)y,
                   !want[i], want[i]);
    }
  free(got);
}

void lc_check_case(golcl_stepper *st, uint32_t w, uint32_t h, golcl_boundary b, const char *rule,
                   uint64_t seed) {
  static const uint64_t checkpoints[] = {1, 2, 17, 100};
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_grid_set_rule(g, rule));
  golcl_rule r;
  TU_OK(golcl_grid_rule(g, &r));
  uint8_t *model = tu_random_cells((size_t)w * h, 0.4, seed);
  TU_OK(golcl_grid_write(g, model, w));
  uint64_t done = 0;
  for (size_t i = 0; i < sizeof checkpoints / sizeof checkpoints[0]; i++) {
    uint64_t n = checkpoints[i] - done;
    TU_OK(golcl_stepper_run(st, g, n));
    lc_run_at(model, w, h, b, r, done, n);
    done = checkpoints[i];
    ck_assert_uint_eq(golcl_grid_generation(g), done);
    char what[160];
    snprintf(what, sizeof what, "%s on %ux%u %s, %s, generation %llu",
             golcl_stepper_name(golcl_stepper_kind_of(st)), (unsigned)w, (unsigned)h,
             b == GOLCL_BOUNDARY_TORUS ? "torus" : "dead boundary", rule, (unsigned long long)done);
    lc_assert_grid(g, model, what);
  }
  free(model);
  golcl_grid_destroy(g);
}

void lc_check_matrix_part(golcl_stepper_kind kind, const golcl_stepper_opts *opts, int part) {
  static const uint32_t sizes[][2] = {{1, 1},   {2, 2},     {3, 5},   {37, 29},
                                      {64, 64}, {257, 129}, {1000, 7}};
  static const char *const rules[] = {"B3/S23", "B36/S23", "B2/S", "B0/S8"};
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kind, opts, &st));
  uint64_t seed = 1;
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
    for (int b = 0; b < 2; b++)
      for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++, seed++)
        if (part < 0 || (int)((si + (size_t)b + ri) & 1) == part)
          lc_check_case(st, sizes[si][0], sizes[si][1], (golcl_boundary)b, rules[ri], seed);
  golcl_stepper_destroy(st);
}

void lc_check_matrix(golcl_stepper_kind kind, const golcl_stepper_opts *opts) {
  lc_check_matrix_part(kind, opts, -1);
}
