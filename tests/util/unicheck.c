/* unicheck.c — the universe suites' comparisons with the CPU reference and
 * with bgolly (unicheck.h). */
#include "unicheck.h"

#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>

golcl_universe_stats tu_universe_vs_reference(golcl_context *ctx, const golcl_universe_opts *opts,
                                              const uint8_t *cells, uint32_t w, uint32_t h,
                                              int64_t x0, int64_t y0, const char *rule,
                                              uint64_t gens) {
  uint32_t m = (uint32_t)gens + 2, W = w + 2 * m, H = h + 2 * m;
  golcl_grid *g;
  golcl_stepper *ref;
  TU_OK(golcl_grid_create(tu_ctx, W, H, GOLCL_BOUNDARY_DEAD, &g));
  golcl_rule_table t;
  TU_OK(golcl_rule_table_parse(rule, &t));
  TU_OK(golcl_grid_set_rule_table(g, &t));
  TU_OK(golcl_grid_write_rect(g, m, m, w, h, cells, w));
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_REFERENCE, NULL, &ref));
  TU_OK(golcl_stepper_run(ref, g, gens));
  uint8_t *want = malloc((size_t)W * H), *got = malloc((size_t)W * H);
  ck_assert_ptr_nonnull(want);
  ck_assert_ptr_nonnull(got);
  TU_OK(golcl_grid_read(g, want, W));

  golcl_universe *u;
  TU_OK(golcl_universe_create(ctx, opts, &u));
  TU_OK(golcl_universe_set_rule(u, rule));
  TU_OK(golcl_universe_write_rect(u, x0, y0, w, h, cells, w));
  TU_OK(golcl_universe_run(u, gens));
  ck_assert_uint_eq(golcl_universe_generation(u), gens);
  TU_OK(golcl_universe_read_rect(u, x0 - m, y0 - m, W, H, got, W));
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < (size_t)W * H; i++)
    if (got[i] != want[i] && !bad++) first = i;
  ck_assert_msg(bad == 0,
                "%s (%s), %ux%u at (%lld, %lld), %llu gens: %zu cells differ, first (%zu, %zu)",
                rule, golcl_universe_algo_name(opts ? opts->algo : GOLCL_UNIVERSE_AUTO), w, h,
                (long long)x0, (long long)y0, (unsigned long long)gens, bad, first % W, first / W);
  /* nothing outside the light cone either */
  uint64_t pop_u, pop_g;
  TU_OK(golcl_universe_population(u, &pop_u));
  TU_OK(golcl_grid_population(g, &pop_g));
  ck_assert_uint_eq(pop_u, pop_g);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(u, &st));
  golcl_universe_destroy(u);
  golcl_stepper_destroy(ref);
  golcl_grid_destroy(g);
  free(want), free(got);
  return st;
}

void tu_universe_vs_bgolly(golcl_universe *u, const char *bgolly, const char *path, uint64_t gen,
                           const char *tmp) {
  uint64_t bpop, pop, hu, hb;
  golcl_universe *v;
  ck_assert_msg(bg_hashlife_mc(bgolly, path, gen, tmp, &bpop) == 0, "%s: bgolly failed", path);
  TU_OK(golcl_universe_create(NULL, NULL, &v));
  TU_OK(golcl_universe_read_file(v, tmp));
  TU_OK(golcl_universe_population(u, &pop));
  TU_OK(golcl_universe_hash(u, &hu));
  TU_OK(golcl_universe_hash(v, &hb));
  ck_assert_msg(pop == bpop && hu == hb, "%s at %llu: population %llu, bgolly %llu", path,
                (unsigned long long)gen, (unsigned long long)pop, (unsigned long long)bpop);
  golcl_universe_destroy(v);
  remove(tmp);
}

void tu_universes_same(golcl_universe *a, golcl_universe *b, const char *what) {
  uint64_t ha, hb, pa, pb;
  TU_OK(golcl_universe_hash(a, &ha));
  TU_OK(golcl_universe_hash(b, &hb));
  TU_OK(golcl_universe_population(a, &pa));
  TU_OK(golcl_universe_population(b, &pb));
  ck_assert_msg(ha == hb && pa == pb, "%s: %llu cells against %llu (generation %llu)", what,
                (unsigned long long)pa, (unsigned long long)pb,
                (unsigned long long)golcl_universe_generation(a));
  ck_assert_uint_eq(golcl_universe_generation(a), golcl_universe_generation(b));
}

void tu_auto_alone(int on) {
  static char saved[64];
  static int had = -1;
  if (on) {
    const char *t = getenv("GOLCL_THREADS");
    had = t != NULL;
    snprintf(saved, sizeof saved, "%s", t ? t : "");
    ck_assert_int_eq(setenv("GOLCL_THREADS", "1", 1), 0);
  } else if (had >= 0) {
    ck_assert_int_eq(had ? setenv("GOLCL_THREADS", saved, 1) : unsetenv("GOLCL_THREADS"), 0);
    had = -1;
  }
}
