/* test_rules_kernels.c — the multi-state kernels against the host
 * reference (golcl_ms_reference_run): random soups of all the rule's
 * states from golcl_msgrid_randomize (itself checked against its formula),
 * dead and torus boundaries, sizes 1×1, 3×5, 37×29, 257×129 and 100×67,
 * Generations (Moore, V, H, Hensel, MAP) and Larger than Life (R = 1, 5,
 * 20; M, N and C neighbourhoods; C > 2), cells compared after 1, 2, 5 and
 * 9 generations; LtL's box on grids of many sliding runs and on lines of
 * one cell. Also census, hash and rectangle I/O against host sums. */
#include "testutil.h"

#include <golcl_rules.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const rules[] = {
    "/2/3",         /* Brian's Brain */
    "345/2/4",      /* Star Wars */
    "23/3/2",       /* Life */
    "3458/37/4",    /* Sawfish's */
    "2-a3/3/5",     /* Hensel letters */
    "34/2/4V",      /* von Neumann */
    "12/34/3H",     /* hexagonal */
    "1456/2356/16", /* Xtasy: many states */
    "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA/3",
    "R1,C0,M0,S2..3,B3..3,NM",          /* Life as LtL */
    "R5,C0,M1,S34..58,B34..45,NM",      /* Bosco */
    "R3,C5,M1,S10..30,B12..20,NM",      /* decaying states */
    "R20,C0,M1,S400..800,B400..560,NM", /* a large range */
    "R3,C0,M1,S5..12,B4..9,NN",         /* von Neumann diamond */
    "R7,C3,M0,S20..60,B18..40,NN",
    "R4,C0,M1,S18..40,B15..30,NC", /* circular */
    "R1,C0,M1,S1..1,B1..1,NN",     /* Gnarl */
    "2,4,9,6,12",                  /* Evans's notation */
    "JvN29",                       /* Golly's JvN algorithm */
    "Nobili32",
    "Hutton32",
};
#define NRULES (sizeof rules / sizeof *rules)

static const uint32_t sizes[][2] = {{1, 1}, {3, 5}, {37, 29}, {257, 129}, {100, 67}};
#define NSIZES (sizeof sizes / sizeof *sizes)

static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* golcl_msgrid_randomize's documented formula, on the host. */
static uint8_t soup_cell(unsigned states, double density, uint64_t seed, uint32_t x, uint32_t y) {
  uint64_t r = mix64(mix64(seed) ^ ((uint64_t)y << 32 | x));
  if ((r >> 32) >= (uint64_t)ldexp(density, 32)) return 0;
  return (uint8_t)(1 + (((r & 0xffffffffu) * (uint64_t)(states - 1)) >> 32));
}

/* Case _i: the device's grid, then the host's (no context: msgrid_host.c);
 * rule, boundary and size from the rest. */
START_TEST(kernel_matches_reference) {
  const int on_host = _i >= (int)(NRULES * 2 * NSIZES);
  const int i = _i % (int)(NRULES * 2 * NSIZES);
  const char *text = rules[i / (2 * NSIZES)];
  golcl_boundary b = (i / NSIZES) % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  uint32_t w = sizes[i % NSIZES][0], h = sizes[i % NSIZES][1];
  golcl_msrule rule;
  ck_assert_msg(golcl_msrule_parse(text, &rule) == GOLCL_OK, "%s: %s", text, golcl_last_errmsg());
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(on_host ? NULL : tu_ctx, w, h, b, &g));
  ck_assert_ptr_eq(golcl_msgrid_context(g), on_host ? NULL : tu_ctx);
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  unsigned states = rule.states < 2 ? 2 : rule.states;
  uint64_t seed = 1000 + (uint64_t)i;
  TU_OK(golcl_msgrid_randomize(g, states, 0.5, seed));
  size_t n = (size_t)w * h;
  uint8_t *ref = malloc(n), *got = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  int seen[256] = {0};
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint8_t want = soup_cell(states, 0.5, seed, x, y);
      ck_assert_msg(ref[(size_t)y * w + x] == want, "soup (%u, %u): %u, formula %u", x, y,
                    ref[(size_t)y * w + x], want);
      seen[want] = 1;
    }
  static const uint64_t checks[] = {1, 2, 5, 9};
  uint64_t done = 0;
  for (size_t c = 0; c < sizeof checks / sizeof *checks; c++) {
    TU_OK(golcl_msgrid_step(g, checks[c] - done));
    TU_OK(golcl_ms_reference_run(&rule, b, w, h, ref, checks[c] - done));
    done = checks[c];
    TU_OK(golcl_msgrid_read(g, got, 0));
    for (size_t j = 0; j < n; j++)
      ck_assert_msg(got[j] == ref[j],
                    "%s, %s %ux%u, gen %llu, %s: cell (%zu, %zu) is %u, the reference has %u",
                    text, b ? "torus" : "dead", w, h, (unsigned long long)done,
                    on_host ? "host" : "device", j % w, j / w, got[j], ref[j]);
  }
  ck_assert_uint_eq(golcl_msgrid_generation(g), done);
  if (n > 1000) { /* the soup had every state and the run is not trivially empty */
    for (unsigned s = 0; s < states && s < 16; s++)
      ck_assert_msg(seen[s], "%s: no state %u", text, s);
  }
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}
END_TEST

/* Generations of counts run a step of two or more generations on bit
 * planes, 32 cells a word: widths at and around word edges (the torus's
 * seam inside a word, on a word's end, one word across), grids of several
 * tiles each way (63 words: three tile columns), one long step of
 * 23 generations and one of 2, against the reference, with each of the two
 * plane kernels ($GOLCL_GENBITS: the tile of several generations a launch,
 * a GPU's default, and the walk of one, a CPU's). Case _i: kernel, rule,
 * boundary, size. */
static const char *const plane_rules[] = {"/2/3",         "345/2/4", "34/2/4V", "12/34/3H",
                                          "1456/2356/16", "23/3/2",  "3/2/8",   "/2/256"};
static const uint32_t plane_sizes[][2] = {{32, 7},  {64, 33}, {31, 5},     {96, 1},
                                          {33, 40}, {1, 9},   {2016, 100}, {1000, 85}};
#define NPSIZES (sizeof plane_sizes / sizeof *plane_sizes)
/* Steps a soup of `rule` on the plane kernel `kernel` ($GOLCL_GENBITS) by
 * 23 and then 2 generations, each against the reference. */
static void planes_check(const char *label, const golcl_msrule *rule, const char *kernel,
                         golcl_boundary b, uint32_t w, uint32_t h, double density, uint64_t seed) {
  setenv("GOLCL_GENBITS", kernel, 1);
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_msgrid_set_msrule(g, rule));
  TU_OK(golcl_msgrid_randomize(g, rule->states, density, seed));
  size_t n = (size_t)w * h;
  uint8_t *ref = malloc(n), *got = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  static const uint64_t steps[] = {23, 2};
  uint64_t done = 0;
  for (size_t c = 0; c < 2; c++) {
    TU_OK(golcl_msgrid_step(g, steps[c]));
    TU_OK(golcl_ms_reference_run(rule, b, w, h, ref, steps[c]));
    done += steps[c];
    TU_OK(golcl_msgrid_read(g, got, 0));
    for (size_t i = 0; i < n; i++)
      ck_assert_msg(got[i] == ref[i],
                    "%s (%s), %s %ux%u, gen %llu: cell (%zu, %zu) is %u, the reference has %u",
                    label, kernel, b ? "torus" : "dead", w, h, (unsigned long long)done, i % w,
                    i / w, got[i], ref[i]);
  }
  ck_assert_uint_eq(golcl_msgrid_generation(g), done);
  unsetenv("GOLCL_GENBITS");
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}

START_TEST(planes_match_reference) {
  const char *kernel = _i % 2 ? "multi" : "one";
  int cs = _i / 2;
  const char *text = plane_rules[cs / (2 * NPSIZES)];
  golcl_boundary b = (cs / NPSIZES) % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  uint32_t w = plane_sizes[cs % NPSIZES][0], h = plane_sizes[cs % NPSIZES][1];
  golcl_msrule rule;
  ck_assert_msg(golcl_msrule_parse(text, &rule) == GOLCL_OK, "%s: %s", text, golcl_last_errmsg());
  planes_check(text, &rule, kernel, b, w, h, 0.6, 77 + (uint64_t)_i);
}
END_TEST

/* The one-generation plane kernel takes the rule either in its arguments
 * (CPUs: one build for every rule) or in its build (GPUs);
 * planes_match_reference runs the device's way, this the build's: each
 * rule of plane_rules, both boundaries, at 33x40 and 1000x85. (The tile of
 * several generations is always built for its rule.) Case _i: rule,
 * boundary, size. */
START_TEST(planes_rule_in_the_build) {
  const char *text = plane_rules[_i / 4];
  const golcl_boundary b = _i / 2 % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  const uint32_t w = _i % 2 ? 1000 : 33, h = _i % 2 ? 85 : 40;
  golcl_msrule rule;
  ck_assert_msg(golcl_msrule_parse(text, &rule) == GOLCL_OK, "%s: %s", text, golcl_last_errmsg());
  setenv("GOLCL_GENBITS_RULE", "build", 1);
  planes_check(text, &rule, "one", b, w, h, 0.6, 300 + (uint64_t)_i);
  unsetenv("GOLCL_GENBITS_RULE");
}
END_TEST

/* A RuleLoader rule that computes WireWorld's function runs on the bit
 * planes too (genbits.c checks the function on all 4^9 blocks): a table of
 * our own (permute symmetry) against the reference, both plane kernels,
 * both boundaries, word-edge widths. Case _i: kernel, boundary, size. */
static const char ww_rule[] =
    "@RULE WW\n@TABLE\nn_states:4\nneighborhood:Moore\nsymmetries:permute\n"
    "var a={0,1,2,3}\nvar b={a}\nvar c={a}\nvar d={a}\nvar e={a}\nvar f={a}\nvar g={a}\n"
    "var h={a}\nvar i={0,2,3}\nvar j={i}\nvar k={i}\nvar l={i}\nvar m={i}\nvar n={i}\n"
    "var o={i}\n1,a,b,c,d,e,f,g,h,2\n2,a,b,c,d,e,f,g,h,3\n3,1,i,j,k,l,m,n,o,1\n"
    "3,1,1,i,j,k,l,m,n,1\n";
START_TEST(wireworld_planes_match_reference) {
  const char *kernel = _i % 2 ? "multi" : "one";
  golcl_boundary b = (_i / 2) % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  uint32_t w = plane_sizes[_i / 4][0], h = plane_sizes[_i / 4][1];
  golcl_msrule rule;
  ck_assert_msg(golcl_msrule_load("WW", ww_rule, sizeof ww_rule - 1, &rule) == GOLCL_OK, "%s",
                golcl_last_errmsg());
  planes_check("WireWorld", &rule, kernel, b, w, h, 0.7, 500 + (uint64_t)_i);
}
END_TEST

/* Larger than Life's box slides its windows over runs of at least 128
 * cells: grids of many runs a row and a column, and lines of one cell. */
START_TEST(ltl_long_runs) {
  static const uint32_t dims[][2] = {{700, 450}, {1000, 3}, {3, 1000}, {1, 300}, {300, 1}};
  static const char *const lr[] = {"R1,C0,M0,S2..3,B3..3,NM", "R3,C4,M1,S9..24,B10..16,NM"};
  const uint32_t w = dims[_i / 4][0], h = dims[_i / 4][1];
  const char *text = lr[_i % 2];
  golcl_boundary b = (_i / 2) % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  golcl_msrule rule;
  TU_OK(golcl_msrule_parse(text, &rule));
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, b, &g));
  TU_OK(golcl_msgrid_set_msrule(g, &rule));
  TU_OK(golcl_msgrid_randomize(g, rule.states, 0.4, 5 + (uint64_t)_i));
  size_t n = (size_t)w * h;
  uint8_t *ref = malloc(n), *got = malloc(n);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  TU_OK(golcl_msgrid_step(g, 4));
  TU_OK(golcl_ms_reference_run(&rule, b, w, h, ref, 4));
  TU_OK(golcl_msgrid_read(g, got, 0));
  for (size_t i = 0; i < n; i++)
    ck_assert_msg(got[i] == ref[i], "%s, %s %ux%u: cell (%zu, %zu) is %u, the reference has %u",
                  text, b ? "torus" : "dead", w, h, i % w, i / w, got[i], ref[i]);
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}
END_TEST

/* The same rule run by the kernel on a grid whose rule changes between
 * families keeps exact: the table and the sums are redone. */
START_TEST(rule_changes_between_steps) {
  const uint32_t w = 61, h = 43;
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, GOLCL_BOUNDARY_TORUS, &g));
  TU_OK(golcl_msgrid_randomize(g, 4, 0.4, 7));
  uint8_t *ref = malloc(w * h), *got = malloc(w * h);
  TU_OK(golcl_msgrid_read(g, ref, 0));
  static const char *const seq[] = {"345/2/4", "R2,C4,M1,S3..9,B4..7,NM", "/2/4",
                                    "R3,C4,M0,S4..12,B5..9,NC", "34/2/4V"};
  for (size_t k = 0; k < sizeof seq / sizeof *seq; k++) {
    golcl_msrule r;
    TU_OK(golcl_msrule_parse(seq[k], &r));
    TU_OK(golcl_msgrid_set_rule(g, seq[k]));
    TU_OK(golcl_msgrid_step(g, 3));
    TU_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_TORUS, w, h, ref, 3));
    TU_OK(golcl_msgrid_read(g, got, 0));
    ck_assert_msg(memcmp(got, ref, w * h) == 0, "after %s", seq[k]);
  }
  free(ref);
  free(got);
  golcl_msgrid_destroy(g);
}
END_TEST

/* Census, population and hash against sums made here from the cells;
 * 0/1 cells hash as the two-state grid hashes them. Case 0: the device's
 * grid; 1: the host's. */
START_TEST(census_and_hash) {
  const uint32_t w = 301, h = 77;
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(_i ? NULL : tu_ctx, w, h, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_msgrid_randomize(g, 256, 0.7, 99));
  uint8_t *c = malloc(w * h);
  TU_OK(golcl_msgrid_read(g, c, 0));
  uint64_t want[256] = {0}, got[256], pop, h1, h2;
  for (size_t i = 0; i < (size_t)w * h; i++) want[c[i]]++;
  TU_OK(golcl_msgrid_census(g, got));
  for (int s = 0; s < 256; s++) ck_assert_uint_eq(got[s], want[s]);
  TU_OK(golcl_msgrid_population(g, &pop));
  ck_assert_uint_eq(pop, (uint64_t)w * h - want[0]);
  TU_OK(golcl_msgrid_hash(g, &h1));
  /* the documented hash, made here: the terms of the cells, the two-state
   * grid's final mix */
  uint64_t sum = 0, live = 0;
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint8_t v = c[(size_t)y * w + x];
      uint64_t m = mix64((uint64_t)y << 32 | x);
      sum += v == 0 ? 0 : v == 1 ? m : mix64(m + v);
      live += v != 0;
    }
  ck_assert_uint_eq(h1, mix64(sum + mix64(((uint64_t)h << 32 | w) ^ (live << 1))));
  c[5 * w + 7] = (uint8_t)(c[5 * w + 7] == 3 ? 4 : 3); /* one state changed */
  TU_OK(golcl_msgrid_write(g, c, 0));
  TU_OK(golcl_msgrid_hash(g, &h2));
  ck_assert(h1 != h2);
  /* two states: the two-state grid's hash */
  for (size_t i = 0; i < (size_t)w * h; i++) c[i] = c[i] & 1;
  TU_OK(golcl_msgrid_write(g, c, 0));
  golcl_grid *two;
  TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_DEAD, &two));
  TU_OK(golcl_grid_write(two, c, 0));
  TU_OK(golcl_msgrid_hash(g, &h1));
  TU_OK(golcl_grid_hash(two, &h2));
  ck_assert_uint_eq(h1, h2);
  golcl_grid_destroy(two);
  free(c);
  golcl_msgrid_destroy(g);
}
END_TEST

START_TEST(rect_io) {
  const uint32_t w = 40, h = 30;
  golcl_msgrid *g;
  TU_OK(golcl_msgrid_create(tu_ctx, w, h, GOLCL_BOUNDARY_DEAD, &g));
  uint8_t block[7 * 5], all[40 * 30], back[7 * 5 * 2];
  for (int i = 0; i < 35; i++) block[i] = (uint8_t)(i * 7 + 1);
  TU_OK(golcl_msgrid_write_rect(g, 33, 25, 7, 5, block, 0));
  TU_OK(golcl_msgrid_read(g, all, 0));
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint8_t want = x >= 33 && y >= 25 ? block[(y - 25) * 7 + (x - 33)] : 0;
      ck_assert_uint_eq(all[y * w + x], want);
    }
  memset(back, 0xee, sizeof back);
  TU_OK(golcl_msgrid_read_rect(g, 33, 25, 7, 5, back, 14)); /* a wider stride */
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 14; x++)
      ck_assert_uint_eq(back[y * 14 + x], x < 7 ? block[y * 7 + x] : 0xee);
  ck_assert_int_eq(golcl_msgrid_read_rect(g, 34, 25, 7, 5, back, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_read_rect(g, 0, 0, 0, 5, back, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_write_rect(g, 0, 0, 7, 5, block, 6), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_write(g, NULL, 0), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_msgrid_clear(g));
  uint64_t pop;
  TU_OK(golcl_msgrid_population(g, &pop));
  ck_assert_uint_eq(pop, 0);
  golcl_msgrid_destroy(g);
}
END_TEST

START_TEST(invalid_arguments) {
  golcl_msgrid *g = (golcl_msgrid *)1;
  /* no context: a grid on the host */
  TU_OK(golcl_msgrid_create(NULL, 4, 4, GOLCL_BOUNDARY_DEAD, &g));
  ck_assert_ptr_null(golcl_msgrid_buffer(g));
  golcl_msgrid_destroy(g);
  ck_assert_int_eq(golcl_msgrid_create(tu_ctx, 0, 4, GOLCL_BOUNDARY_DEAD, &g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_create(tu_ctx, 4, 4, (golcl_boundary)7, &g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_create(tu_ctx, 4, 4, GOLCL_BOUNDARY_DEAD, NULL),
                   GOLCL_E_INVALID_ARG);
  TU_OK(golcl_msgrid_create(tu_ctx, 4, 4, GOLCL_BOUNDARY_DEAD, &g));
  ck_assert_int_eq(golcl_msgrid_randomize(g, 1, 0.5, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_randomize(g, 257, 0.5, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_randomize(g, 3, 1.5, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_set_rule(g, "B3/S23"), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_msgrid_set_rule(g, "345/2/1"), GOLCL_E_PARSE);
  ck_assert_int_eq(golcl_msgrid_set_rule(g, NULL), GOLCL_E_INVALID_ARG);
  golcl_msrule r;
  TU_OK(golcl_msgrid_msrule(g, &r));
  r.states = 300;
  ck_assert_int_eq(golcl_msgrid_set_msrule(g, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_census(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_population(NULL, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_hash(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_step(NULL, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_place(g, NULL, 0, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_msgrid_extract(g, NULL), GOLCL_E_INVALID_ARG);
  uint8_t c[16];
  ck_assert_int_eq(golcl_ms_reference_run(NULL, GOLCL_BOUNDARY_DEAD, 4, 4, c, 1),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_DEAD, 4, 4, c, 1),
                   GOLCL_E_INVALID_ARG); /* 300 states */
  ck_assert_ptr_null(golcl_msgrid_buffer(NULL));
  ck_assert_uint_eq(golcl_msgrid_width(NULL), 0);
  golcl_msgrid_destroy(g);
  golcl_msgrid_destroy(NULL);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules-kernels");
  TCase *tc = tcase_create("kernels");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, kernel_matches_reference, 0, (int)(2 * NRULES * 2 * NSIZES));
  tcase_add_loop_test(tc, planes_match_reference, 0,
                      (int)(sizeof plane_rules / sizeof *plane_rules * 2 * NPSIZES * 2));
  tcase_add_loop_test(tc, wireworld_planes_match_reference, 0, (int)(4 * NPSIZES));
  tcase_add_loop_test(tc, planes_rule_in_the_build, 0,
                      (int)(sizeof plane_rules / sizeof *plane_rules * 4));
  tcase_add_loop_test(tc, ltl_long_runs, 0, 20);
  tcase_add_test(tc, rule_changes_between_steps);
  tcase_add_loop_test(tc, census_and_hash, 0, 2);
  tcase_add_test(tc, rect_io);
  tcase_add_test(tc, invalid_arguments);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
