/* test_rules_ltl.c — Larger than Life's three kernels against the host
 * reference (golcl_ms_reference_run): the tile kernel (cl/rules/ltl_tile.cl,
 * forced with GOLCL_LTL_KERNEL=tile, since CPU devices take the bits by
 * default), the sums (ltl.cl, GOLCL_LTL_KERNEL=sums) and the bit planes
 * (ltl_bits.cl, GOLCL_LTL_KERNEL=bits), on every range 1..24 of the Moore
 * box and 1..12 of the von Neumann and circular neighbourhoods (1..31, all
 * the bit kernel takes, for it), both boundaries, on awkward sizes (37×29,
 * 100×67, 3×5, 1×1: torus wraps of many turns; 80×9, whose rows the bit
 * kernel moves 16 bytes at a time but for a last word of 16 cells), with the device's tile and with tiles
 * of 16 columns × 7 rows (many tiles each way), the bit kernel with its
 * runs of rows and, on ranges either side of its word widths, with runs of
 * 3 and the range built in; and a range (60) that leaves the tile
 * and the bits no room, which falls back to the sums; rules of two states
 * on the bit kernel both ways (the rule on words, byte by byte). Cells
 * compared after 1 and 3 generations. */
#include "testutil.h"

#include <golcl_rules.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint32_t sizes[][2] = {{37, 29}, {100, 67}, {3, 5}, {1, 1}, {80, 9}};
#define NSIZES (sizeof sizes / sizeof *sizes)
static const char nbhds[] = {'M', 'N', 'C'};
static const uint32_t max_range[] = {24, 12, 12};
#define BITS_MAX_RANGE 31
#define KINDS 7

/* A rule of range r whose counts fall about half in its ranges on a soup
 * of density 0.5, with decay (C4) on odd ranges and the middle on even. */
static void rule_text(char *buf, size_t cap, char nb, uint32_t r) {
  golcl_msrule probe;
  char t[96];
  snprintf(t, sizeof t, "R%u,C0,M0,S1..1,B1..1,N%c", (unsigned)r, nb);
  ck_assert(golcl_msrule_parse(t, &probe) == GOLCL_OK);
  const uint32_t n = golcl_msrule_neighbourhood_size(&probe);
  snprintf(buf, cap, "R%u,C%u,M%u,S%u..%u,B%u..%u,N%c", (unsigned)r, r % 2 ? 4u : 0u,
           (unsigned)(r % 2 == 0), (unsigned)(n * 3 / 10), (unsigned)(n * 6 / 10),
           (unsigned)(n * 35 / 100 + 1), (unsigned)(n * 55 / 100), nb);
}

static void check(const char *text, golcl_boundary b, uint32_t w, uint32_t h, uint64_t seed) {
  golcl_msrule rule;
  ck_assert_msg(golcl_msrule_parse(text, &rule) == GOLCL_OK, "%s: %s", text, golcl_last_errmsg());
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  TU_OK(golcl_msgrid_randomize(g, rule.states, 0.5, seed));
  size_t n = (size_t)w * h;
  uint8_t *ref = malloc(n), *got = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  uint64_t done = 0;
  for (uint64_t at = 1; at <= 3; at += 2) {
    TU_OK(golcl_msgrid_step(g, at - done));
    TU_OK(golcl_ms_reference_run(&rule, b, w, h, ref, at - done));
    done = at;
    TU_OK(golcl_msgrid_read(g, got, 0));
    for (size_t i = 0; i < n; i++)
      ck_assert_msg(got[i] == ref[i],
                    "%s (%s, %s %ux%u, TW %s TH %s RUN %s), gen %llu: cell (%zu, %zu) is %u, the "
                    "reference has %u",
                    text, getenv("GOLCL_LTL_KERNEL"), b ? "torus" : "dead", w, h,
                    getenv("GOLCL_LTL_TW") ? getenv("GOLCL_LTL_TW") : "-",
                    getenv("GOLCL_LTL_TH") ? getenv("GOLCL_LTL_TH") : "-",
                    getenv("GOLCL_LTL_RUN") ? getenv("GOLCL_LTL_RUN") : "-",
                    (unsigned long long)done, i % w, i / w, got[i], ref[i]);
  }
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}

/* Case _i: neighbourhood (_i / 14), boundary (_i / 7 % 2), kernel and
 * tile (_i % 7: tile as the device gives it, tile 16×7, sums, sums again
 * with the small tile's variables set, which the sums ignore, bits, bits
 * in runs of 3 rows with the box's range built in, bits with the box's
 * windows slid by their difference at every range, GOLCL_LTL_SLIDE=delta;
 * the bits by default slide by difference beyond R = 15, and by popcounts
 * elsewhere). */
START_TEST(ltl_kernels_match_reference) {
  const int nb = _i / (2 * KINDS), kind = _i % KINDS;
  const golcl_boundary b = (_i / KINDS) % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  static const char *const names[KINDS] = {"tile", "tile", "sums", "sums", "bits", "bits", "bits"};
  setenv("GOLCL_LTL_KERNEL", names[kind], 1);
  unsetenv("GOLCL_LTL_TW");
  unsetenv("GOLCL_LTL_TH");
  unsetenv("GOLCL_LTL_RUN");
  if (kind == 1 || kind == 3) {
    setenv("GOLCL_LTL_TW", "16", 1);
    setenv("GOLCL_LTL_TH", "7", 1);
  }
  unsetenv("GOLCL_LTL_RANGE");
  unsetenv("GOLCL_LTL_SLIDE");
  setenv("GOLCL_LTL_SLIDE", kind == 6 ? "delta" : "popcount", 1);
  if (kind == 4) unsetenv("GOLCL_LTL_SLIDE"); /* the default: each by its range */
  if (kind == 5) {
    setenv("GOLCL_LTL_RUN", "3", 1);
    setenv("GOLCL_LTL_RANGE", "build", 1);
  }
  /* a build a range (kind 5): the ranges either side of the bit kernel's widths */
  static const uint32_t built[] = {1, 2, 5, 15, 16, 20, 31};
  char text[96];
  const uint32_t top = kind == 5   ? sizeof built / sizeof *built
                       : kind >= 4 ? BITS_MAX_RANGE
                                   : max_range[nb];
  for (uint32_t t = 1; t <= top; t++) {
    const uint32_t r = kind == 5 ? built[t - 1] : t;
    rule_text(text, sizeof text, nbhds[nb], r);
    for (size_t k = 0; k < NSIZES; k++)
      check(text, b, sizes[k][0], sizes[k][1], 77 + r * 16 + k + (uint64_t)_i * 1000);
  }
  unsetenv("GOLCL_LTL_SLIDE");
}
END_TEST

/* A range whose tile does not fit local memory, or beyond the bit kernel's
 * 31, runs on the sums, and exactly, with the tile (_i < 2) or the bits
 * asked for. */
START_TEST(ltl_large_range_falls_back) {
  setenv("GOLCL_LTL_KERNEL", _i < 2 ? "tile" : "bits", 1);
  unsetenv("GOLCL_LTL_RUN");
  unsetenv("GOLCL_LTL_TW");
  unsetenv("GOLCL_LTL_TH");
  char text[96];
  rule_text(text, sizeof text, 'M', 60);
  check(text, _i % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, 130, 71, 5 + (uint64_t)_i);
}
END_TEST

/* Rules of two states (C0 and C2) on the bit kernel, the rule applied on
 * words (the default) and byte by byte (GOLCL_LTL_TWO=bytes): ranges either
 * side of the word widths, every neighbourhood, the middle counted or not.
 * Case _i: boundary (_i % 2), middle (_i / 2 % 2), way (_i / 4). */
START_TEST(ltl_bits_two_states) {
  setenv("GOLCL_LTL_KERNEL", "bits", 1);
  setenv("GOLCL_LTL_TWO", _i / 4 ? "bytes" : "word", 1);
  unsetenv("GOLCL_LTL_RUN");
  unsetenv("GOLCL_LTL_RANGE");
  static const uint32_t ranges[] = {1, 2, 5, 15, 16, 20, 31};
  for (size_t t = 0; t < sizeof ranges / sizeof *ranges; t++) {
    const uint32_t r = ranges[t];
    char probe[96], text[96];
    golcl_msrule p;
    snprintf(probe, sizeof probe, "R%u,C0,M0,S1..1,B1..1,N%c", (unsigned)r, nbhds[t % 3]);
    ck_assert(golcl_msrule_parse(probe, &p) == GOLCL_OK);
    const uint32_t n = golcl_msrule_neighbourhood_size(&p);
    snprintf(text, sizeof text, "R%u,C%u,M%d,S%u..%u,B%u..%u,N%c", (unsigned)r, t % 2 ? 2u : 0u,
             _i / 2 % 2, (unsigned)(n * 3 / 10), (unsigned)(n * 6 / 10),
             (unsigned)(n * 35 / 100 + 1), (unsigned)(n * 55 / 100), nbhds[t % 3]);
    for (size_t k = 0; k < NSIZES; k++)
      check(text, _i % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, sizes[k][0], sizes[k][1],
            300 + r * 16 + k + (uint64_t)_i * 1000);
  }
  unsetenv("GOLCL_LTL_TWO");
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules-ltl");
  TCase *tc = tcase_create("ltl");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, ltl_kernels_match_reference, 0, 6 * KINDS);
  tcase_add_loop_test(tc, ltl_large_range_falls_back, 0, 4);
  tcase_add_loop_test(tc, ltl_bits_two_states, 0, 8);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
