/* test_rule_steppers.c — every rule family on the steppers that run rule
 * tables (reference, naive, lut4, pack16, lut6x3) against a host model of
 * the table (with Golly's B0 emulation, golcl_rule_table_at), on awkward
 * sizes and both boundaries, across rule changes and generation parities;
 * the mask steppers (binmul, halo, twocell, lazy) say GOLCL_E_UNSUPPORTED,
 * with the reason, for rules they cannot run, and run the B/S ones. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static const golcl_stepper_kind table_kinds[] = {GOLCL_STEPPER_REFERENCE, GOLCL_STEPPER_NAIVE,
                                                 GOLCL_STEPPER_LUT4, GOLCL_STEPPER_PACK16,
                                                 GOLCL_STEPPER_LUT6X3};
#define NTABLE (sizeof table_kinds / sizeof *table_kinds)

static const char *rules[] = {
    "B2-a/S12",                                       /* Hensel */
    "B2ein3cijn4cnrwy5cnq6e/S1c2-ai3acny4anqy5c6ek8", /* Hensel, all counts */
    "B37/S2-i34q",
    "B2/S013V",                  /* von Neumann */
    "B245/S3H",                  /* hexagonal */
    "W30",                       /* Wolfram */
    "MAPeQv8IB8hdY88yTdTxBIUFg", /* hexagonal MAP */
    "MAPDi8x2w",                 /* von Neumann MAP */
    "B03/S23",                   /* B0 without Smax: alternating */
    "B0123478/S01234678",        /* B0 with Smax */
    "B02-a/S1c3",                /* Hensel B0 */
    "Day and Night",             /* named */
};

/* One generation of the model: the table of the generation's parity on the
 * 3×3 block, dead or wrapped outside. */
static void model_run(uint8_t *c, uint32_t w, uint32_t h, golcl_boundary b,
                      const golcl_rule_table *t, uint64_t g0, uint64_t gens) {
  uint8_t *o = malloc((size_t)w * h), tab[512];
  for (uint64_t g = g0; g < g0 + gens; g++) {
    TU_OK(golcl_rule_table_at(t, g, tab));
    for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++) {
        unsigned i = 0;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) {
            int64_t xx = (int64_t)x + dx, yy = (int64_t)y + dy;
            int v;
            if (b == GOLCL_BOUNDARY_TORUS)
              v = c[(size_t)((yy + h) % h) * w + (size_t)((xx + w) % w)];
            else
              v = xx >= 0 && yy >= 0 && xx < w && yy < h ? c[(size_t)yy * w + (size_t)xx] : 0;
            i = i << 1 | (unsigned)v;
          }
        o[(size_t)y * w + x] = tab[i];
      }
    memcpy(c, o, (size_t)w * h);
  }
  free(o);
}

static void assert_cells(golcl_grid *g, const uint8_t *want, const char *what) {
  uint32_t w = golcl_grid_width(g), h = golcl_grid_height(g);
  uint8_t *got = malloc((size_t)w * h);
  TU_OK(golcl_grid_read(g, got, 0));
  for (size_t i = 0; i < (size_t)w * h; i++)
    ck_assert_msg(got[i] == want[i], "%s: cell (%zu,%zu) is %d, the model says %d", what, i % w,
                  i / w, got[i], want[i]);
  free(got);
}

START_TEST(table_steppers) {
  static const uint32_t sizes[][2] = {{1, 1}, {3, 5}, {37, 29}, {70, 9}};
  static const uint64_t steps[] = {1, 2, 5, 1};
  golcl_stepper_kind kind = table_kinds[_i];
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kind, NULL, &st));
  for (size_t r = 0; r < sizeof rules / sizeof *rules; r++)
    for (size_t z = 0; z < 4; z++)
      for (int b = 0; b < 2; b++) {
        uint32_t w = sizes[z][0], h = sizes[z][1];
        golcl_boundary bd = b ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
        golcl_grid *g;
        TU_OK(golcl_grid_create(tu_ctx, w, h, bd, &g));
        TU_OK(golcl_grid_set_rule(g, rules[r]));
        golcl_rule_table t;
        TU_OK(golcl_grid_rule_table(g, &t));
        uint8_t *model = tu_random_cells((size_t)w * h, 0.4, 17 * r + 5 * z + (uint64_t)b);
        TU_OK(golcl_grid_write(g, model, 0));
        uint64_t gen = 0;
        for (size_t k = 0; k < sizeof steps / sizeof *steps; k++) {
          TU_OK(golcl_stepper_run(st, g, steps[k]));
          model_run(model, w, h, bd, &t, gen, steps[k]);
          gen += steps[k];
          char what[200];
          snprintf(what, sizeof what, "%s, %s on %ux%u %s, generation %llu",
                   golcl_stepper_name(kind), rules[r], (unsigned)w, (unsigned)h,
                   b ? "torus" : "dead", (unsigned long long)gen);
          assert_cells(g, model, what);
        }
        free(model);
        golcl_grid_destroy(g);
      }
  golcl_stepper_destroy(st);
}
END_TEST

/* A rule change between runs of one stepper on one grid, and an odd start
 * (golcl_grid_set_generation) for the alternating B0 rule. */
START_TEST(rule_changes_and_parity) {
  golcl_stepper_kind kind = table_kinds[_i];
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kind, NULL, &st));
  const uint32_t w = 23, h = 17;
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_TORUS, &g));
  uint8_t *model = tu_random_cells(w * h, 0.5, 99);
  TU_OK(golcl_grid_write(g, model, 0));
  TU_OK(golcl_grid_set_generation(g, 7));
  uint64_t gen = 7;
  static const char *seq[] = {"B03/S23", "B3/S23", "B2-a/S12", "B03/S23", "MAPDi8x2w", "B03/S23"};
  for (size_t i = 0; i < sizeof seq / sizeof *seq; i++) {
    golcl_rule_table t;
    TU_OK(golcl_grid_set_rule(g, seq[i]));
    TU_OK(golcl_rule_table_parse(seq[i], &t));
    TU_OK(golcl_stepper_run(st, g, 3));
    model_run(model, w, h, GOLCL_BOUNDARY_TORUS, &t, gen, 3);
    gen += 3;
    char what[160];
    snprintf(what, sizeof what, "%s after %s to generation %llu", golcl_stepper_name(kind), seq[i],
             (unsigned long long)gen);
    assert_cells(g, model, what);
  }
  free(model);
  golcl_grid_destroy(g);
  golcl_stepper_destroy(st);
}
END_TEST

/* The mask steppers: every rule that is not B/S over 8 neighbours is
 * refused with a reason naming the stepper; B/S rules (B0 ones too, lazy
 * excepted for B0 without Smax) run as the reference does. */
START_TEST(mask_steppers_say_why) {
  static const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_BINMUL, GOLCL_STEPPER_HALO,
                                             GOLCL_STEPPER_TWOCELL, GOLCL_STEPPER_LAZY};
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kinds[_i], NULL, &st));
  const char *name = golcl_stepper_name(kinds[_i]);
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 32, 16, GOLCL_BOUNDARY_TORUS, &g));
  TU_OK(golcl_grid_randomize(g, 0.4, 3));
  for (size_t r = 0; r < sizeof rules / sizeof *rules; r++) {
    TU_OK(golcl_grid_set_rule(g, rules[r]));
    golcl_rule_table t;
    golcl_rule bs;
    TU_OK(golcl_grid_rule_table(g, &t));
    int is_bs = t.neighbourhood == GOLCL_NEIGHBOURHOOD_MOORE &&
                golcl_rule_table_totalistic(&t, &bs) == GOLCL_OK;
    int alternating = t.next[0] && !t.next[511];
    uint64_t before = golcl_grid_generation(g);
    golcl_status s = golcl_stepper_run(st, g, 2);
    if (is_bs && !(alternating && kinds[_i] == GOLCL_STEPPER_LAZY)) {
      ck_assert_msg(s == GOLCL_OK, "%s on %s: %s", name, rules[r], golcl_context_errmsg(tu_ctx));
    } else {
      ck_assert_msg(s == GOLCL_E_UNSUPPORTED, "%s on %s: %s", name, rules[r], golcl_strerror(s));
      ck_assert_msg(strstr(golcl_context_errmsg(tu_ctx), name), "%s", golcl_context_errmsg(tu_ctx));
      ck_assert_uint_eq(golcl_grid_generation(g), before); /* nothing ran */
      ck_assert_int_eq(golcl_stepper_prepare(st, g), GOLCL_E_UNSUPPORTED);
    }
  }
  /* and the B/S rules give the reference's cells, B0 included */
  static const char *bs_rules[] = {"B36/S23", "B0123478/S01234678", "B03/S23"};
  for (size_t r = 0; r < 3; r++) {
    if (kinds[_i] == GOLCL_STEPPER_LAZY && r == 2) continue;
    golcl_grid *a, *b;
    TU_OK(golcl_grid_create(tu_ctx, 37, 29, GOLCL_BOUNDARY_DEAD, &a));
    TU_OK(golcl_grid_set_rule(a, bs_rules[r]));
    TU_OK(golcl_grid_randomize(a, 0.45, 8 + r));
    TU_OK(golcl_grid_set_generation(a, 3));
    TU_OK(golcl_grid_clone(a, &b));
    golcl_stepper *ref;
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_REFERENCE, NULL, &ref));
    TU_OK(golcl_stepper_run(ref, a, 9));
    TU_OK(golcl_stepper_run(st, b, 9));
    uint8_t *want = malloc(37 * 29);
    TU_OK(golcl_grid_read(a, want, 0));
    char what[128];
    snprintf(what, sizeof what, "%s on %s from generation 3", name, bs_rules[r]);
    assert_cells(b, want, what);
    free(want);
    golcl_stepper_destroy(ref);
    golcl_grid_destroy(a);
    golcl_grid_destroy(b);
  }
  golcl_grid_destroy(g);
  golcl_stepper_destroy(st);
}
END_TEST

START_TEST(grid_rule_api) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 4, 4, GOLCL_BOUNDARY_DEAD, &g));
  char buf[GOLCL_RULE_TEXT_CAP];
  TU_OK(golcl_grid_set_rule(g, "b2cekin/s12"));
  TU_OK(golcl_grid_get_rule(g, buf, sizeof buf));
  ck_assert_str_eq(buf, "B2-a/S12");
  golcl_rule r;
  ck_assert_int_eq(golcl_grid_rule(g, &r), GOLCL_E_UNSUPPORTED);
  TU_OK(golcl_grid_set_rule(g, "Life"));
  TU_OK(golcl_grid_rule(g, &r));
  ck_assert_uint_eq(r.birth, 8);
  ck_assert_int_eq(golcl_grid_set_rule(g, "LifeHistory"), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_grid_set_rule(g, "B2a/S2H"), GOLCL_E_PARSE);
  TU_OK(golcl_grid_get_rule(g, buf, sizeof buf)); /* unchanged */
  ck_assert_str_eq(buf, "B3/S23");
  golcl_rule_table t;
  TU_OK(golcl_rule_table_parse("MAPDi8x2w", &t));
  TU_OK(golcl_grid_set_rule_table(g, &t));
  TU_OK(golcl_grid_get_rule(g, buf, sizeof buf));
  ck_assert_str_eq(buf, "MAPDi8x2w");
  t.next[3] = 7;
  ck_assert_int_eq(golcl_grid_set_rule_table(g, &t), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_set_rule_table(NULL, &t), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_set_rule_table(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_rule_table(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_rule_table(NULL, &t), GOLCL_E_INVALID_ARG);
  golcl_grid *c;
  TU_OK(golcl_grid_clone(g, &c));
  TU_OK(golcl_grid_get_rule(c, buf, sizeof buf));
  ck_assert_str_eq(buf, "MAPDi8x2w");
  golcl_grid_destroy(c);
  golcl_grid_destroy(g);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rule steppers");
  TCase *tc = tcase_create("tables");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, table_steppers, 0, (int)NTABLE);
  tcase_add_loop_test(tc, rule_changes_and_parity, 0, (int)NTABLE);
  tcase_add_loop_test(tc, mask_steppers_say_why, 0, 4);
  tcase_add_test(tc, grid_rule_api);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
