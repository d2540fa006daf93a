/* test_universe_mstiles_engine.c — the tiles of states' engine
 * (lib/universe/mstiles.h, private) on what the universe does not give it
 * yet: Larger than Life, whose reach R > 1 takes frames of R cells from the
 * neighbour tiles and reaches ceil(R/4) column bands, up to R 64 (a tile's
 * side), against golcl_ms_reference_run beyond the light cone; and its
 * refusals (a reach past a tile, a background that does not stay 0). */
#include "../lib/universe/mstiles.h"
#include "mscheck.h"
#include "testutil.h"

#include <string.h>

typedef struct grid_out {
  uint8_t *cells;
  int64_t x0, y0;
  uint32_t w, h;
  uint64_t tiles;
} grid_out;

/* A tile's cells into the grid (all must fall inside it). */
static golcl_status into_grid(void *user, int64_t tx, int64_t ty, const uint8_t *cells) {
  grid_out *g = user;
  g->tiles++;
  for (int r = 0; r < GOLCL__MSTILE; r++)
    for (int c = 0; c < GOLCL__MSTILE; c++) {
      uint8_t v = cells[r * GOLCL__MSTILE + c];
      if (!v) continue;
      int64_t x = tx * GOLCL__MSTILE + c - g->x0, y = ty * GOLCL__MSTILE + r - g->y0;
      ck_assert_msg(x >= 0 && y >= 0 && x < g->w && y < g->h, "a cell outside the light cone");
      g->cells[(size_t)y * g->w + (size_t)x] = v;
    }
  return GOLCL_OK;
}

/* w×h states at (x0, y0) run gens generations, in runs of `step`, by the
 * engine and by the reference with a margin of gens·R + 1. */
static void vs_reference(const char *rule, uint32_t w, uint32_t h, int64_t x0, int64_t y0,
                         uint64_t gens, uint64_t step, uint64_t seed) {
  golcl_msrule r;
  tu_msrule_of(rule, &r);
  const uint32_t R = golcl_msrule_reach(&r), m = (uint32_t)gens * R + 1;
  const uint32_t gw = w + 2 * m, gh = h + 2 * m;
  uint8_t *c = tu_random_states((size_t)w * h, r.states, 0.5, seed);
  uint8_t *ref = calloc((size_t)gw * gh, 1), *got = calloc((size_t)gw * gh, 1);
  for (uint32_t y = 0; y < h; y++) memcpy(ref + (size_t)(y + m) * gw + m, c + (size_t)y * w, w);
  TU_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_DEAD, gw, gh, ref, gens));
  golcl__mstiles *e;
  TU_OK(golcl__mstiles_create(&r, &e));
  TU_OK(golcl__mstiles_put(e, x0, y0, c, w, h));
  for (uint64_t done = 0; done < gens; done += step) {
    uint64_t n = 0;
    TU_OK(golcl__mstiles_run(e, gens - done < step ? gens - done : step, &n));
  }
  grid_out g = {got, x0 - m, y0 - m, gw, gh, 0};
  TU_OK(golcl__mstiles_get_tiles(e, into_grid, &g));
  size_t live = 0;
  for (size_t i = 0; i < (size_t)gw * gh; i++) live += ref[i] != 0;
  ck_assert_msg(live > 0, "%s: every cell died, a comparison that cannot fail", rule);
  for (size_t i = 0; i < (size_t)gw * gh; i++)
    ck_assert_msg(got[i] == ref[i], "%s: cell %zu,%zu after %llu: %u, the reference %u", rule,
                  i % gw, i / gw, (unsigned long long)gens, got[i], ref[i]);
  golcl__mstiles_destroy(e);
  free(c), free(ref), free(got);
}

START_TEST(larger_than_life_matches_the_reference) {
  /* R 3 circular over tile borders, split; R 5 Moore (Bosco's rule); R 20
   * von Neumann (5 bands); R 64, a whole tile of frame */
  vs_reference("R3,C4,M1,S5..20,B6..12,NC", 50, 41, -70, 30, 12, 5, 1);
  vs_reference("R5,C0,M1,S34..58,B34..45,NM", 90, 70, -45, -35, 8, 8, 2);
  vs_reference("R20,C3,M0,S30..200,B40..120,NN", 45, 33, 60, -10, 2, 1, 3);
  vs_reference("R64,C0,M1,S50..200,B60..150,NN", 20, 17, -10, -8, 1, 1, 4);
}
END_TEST

START_TEST(refusals) {
  golcl_msrule r;
  golcl__mstiles *e = (golcl__mstiles *)&r;
  tu_msrule_of("R65,C0,M1,S2..3,B3..3,NM", &r);
  ck_assert_int_eq(golcl__mstiles_create(&r, &e), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(e);
  tu_msrule_of("R2,C0,M1,S2..3,B0..3,NM", &r); /* a birth on 0: the plane lights up */
  ck_assert_int_eq(golcl__mstiles_create(&r, &e), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(e);
  golcl__mstiles_destroy(NULL);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_mstiles_engine");
  TCase *tc = tcase_create("universe_mstiles_engine");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, larger_than_life_matches_the_reference);
  tcase_add_test(tc, refusals);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
