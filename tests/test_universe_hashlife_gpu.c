/* test_universe_hashlife_gpu.c — device HashLife (GOLCL_UNIVERSE_HASHLIFE_DEVICE)
 * against the CPU reference stepper (random soups at negative and positive
 * coordinates, every cell of the light cone, six rules: Life, HighLife, a
 * Hensel rule, B2/S, 34 Life, AntiLife with B0 and S8) and against the host
 * HashLife (the same cells, hash, population and box) on soups (four of the
 * rules), a gun, a
 * methuselah and a Hensel-rule gun for 2^k and other generation counts, run
 * at once or in pieces, with edits between runs; in both launch modes and
 * both base levels; a table small enough to grow and be collected; one too
 * small for a generation (a clear GOLCL_E_OUT_OF_MEMORY, the cells kept);
 * bad arguments. */
#include <golcl_universe.h>

#include "testutil.h"
#include "unicheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static golcl_universe *make(golcl_universe_algo algo, const char *rule, uint64_t max_memory) {
  golcl_universe_opts o = {0};
  o.algo = algo;
  o.max_memory = max_memory;
  golcl_universe *u = NULL;
  TU_OK(golcl_universe_create(algo == GOLCL_UNIVERSE_HASHLIFE ? NULL : tu_ctx, &o, &u));
  if (rule) TU_OK(golcl_universe_set_rule(u, rule));
  return u;
}

/* The cells of a and b are the same: hash, population and bounding box. */
static void same_cells(golcl_universe *a, golcl_universe *b, const char *what) {
  uint64_t ha, hb, pa, pb, wa, wb, hha, hhb;
  int64_t xa, xb, ya, yb;
  TU_OK(golcl_universe_hash(a, &ha));
  TU_OK(golcl_universe_hash(b, &hb));
  TU_OK(golcl_universe_population(a, &pa));
  TU_OK(golcl_universe_population(b, &pb));
  TU_OK(golcl_universe_bounding_box(a, &xa, &ya, &wa, &hha));
  TU_OK(golcl_universe_bounding_box(b, &xb, &yb, &wb, &hhb));
  ck_assert_msg(pa == pb && ha == hb && xa == xb && ya == yb && wa == wb && hha == hhb,
                "%s: host %llu cells (hash %016llx) box %lldx%lld+%llu+%llu, device %llu cells "
                "(hash %016llx) box %lldx%lld+%llu+%llu",
                what, (unsigned long long)pa, (unsigned long long)ha, (long long)xa, (long long)ya,
                (unsigned long long)wa, (unsigned long long)hha, (unsigned long long)pb,
                (unsigned long long)hb, (long long)xb, (long long)yb, (unsigned long long)wb,
                (unsigned long long)hhb);
  ck_assert_uint_eq(golcl_universe_generation(a), golcl_universe_generation(b));
}

/* w×h cells at (x0, y0), gens generations of rule: device HashLife against
 * the reference stepper on a dead-boundary grid beyond the light cone. */
static void against_reference(const uint8_t *cells, uint32_t w, uint32_t h, int64_t x0, int64_t y0,
                              const char *rule, uint64_t gens) {
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HASHLIFE_DEVICE;
  golcl_universe_stats st = tu_universe_vs_reference(tu_ctx, &o, cells, w, h, x0, y0, rule, gens);
  ck_assert_int_eq(st.algo, GOLCL_UNIVERSE_HASHLIFE_DEVICE);
  ck_assert_uint_gt(st.device_bytes, 0);
}

static const char *RULES[] = {"B3/S23", "B36/S23", "B2-a/S12",
                              "B2/S",   "B34/S34", "B0123478/S01234678" /* AntiLife */};

START_TEST(soups_match_the_reference) {
  const char *rule = RULES[_i];
  static const struct {
    uint32_t w, h;
    int64_t x, y;
  } boxes[] = {{37, 29, -20, -13}, {1, 1, 0, 0}, {70, 33, -1000, 3}};
  static const uint64_t gens[] = {1, 3, 16, 37, 100};
  for (size_t b = 0; b < sizeof boxes / sizeof *boxes; b++)
    for (size_t k = 0; k < sizeof gens / sizeof *gens; k++) {
      uint8_t *c = tu_random_cells((size_t)boxes[b].w * boxes[b].h, 0.35, 21 + b * 7 + k);
      against_reference(c, boxes[b].w, boxes[b].h, boxes[b].x, boxes[b].y, rule, gens[k]);
      free(c);
    }
}
END_TEST

/* A soup in both universes, run to each count in turn (the device keeps
 * its table between runs), compared after each. */
static uint64_t soup_against_host(const char *rule, uint32_t side, double density, uint64_t seed,
                                  const uint64_t *runs, size_t nruns, uint64_t max_memory) {
  golcl_universe *h = make(GOLCL_UNIVERSE_HASHLIFE, rule, 0);
  golcl_universe *d = make(GOLCL_UNIVERSE_HASHLIFE_DEVICE, rule, max_memory);
  uint8_t *c = tu_random_cells((size_t)side * side, density, seed);
  TU_OK(golcl_universe_write_rect(h, -7, 5, side, side, c, 0));
  TU_OK(golcl_universe_write_rect(d, -7, 5, side, side, c, 0));
  free(c);
  char what[128];
  for (size_t i = 0; i < nruns; i++) {
    TU_OK(golcl_universe_run(h, runs[i]));
    TU_OK(golcl_universe_run(d, runs[i]));
    snprintf(what, sizeof what, "%s soup %u², run %zu of %llu gens", rule, side, i,
             (unsigned long long)runs[i]);
    same_cells(h, d, what);
  }
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(d, &st));
  golcl_universe_destroy(h);
  golcl_universe_destroy(d);
  return st.collections; /* the device's reloads through the host */
}

/* rules whose soups stay small (B2/S and 34 Life fill the plane) */
static const char *CALM_RULES[] = {"B3/S23", "B36/S23", "B2-a/S12", "B0123478/S01234678"};

START_TEST(soups_match_host_hashlife) {
  static const uint64_t runs[] = {1024, 1, 333, 4096, 12345};
  soup_against_host(CALM_RULES[_i], 48, 0.4, 5 + (uint64_t)_i, runs, sizeof runs / sizeof *runs, 0);
}
END_TEST

static char *data_path(const char *name) {
  static char p[1024];
  const char *d = getenv("GOLCL_TEST_DATA");
  snprintf(p, sizeof p, "%s/%s", d ? d : "tests/data", name);
  return p;
}

/* A pattern file in both universes; runs as for soups. */
static void file_against_host(const char *name, const uint64_t *runs, size_t nruns) {
  golcl_universe *h = make(GOLCL_UNIVERSE_HASHLIFE, NULL, 0);
  golcl_universe *d = make(GOLCL_UNIVERSE_HASHLIFE_DEVICE, NULL, 0);
  TU_OK(golcl_universe_read_file(h, data_path(name)));
  TU_OK(golcl_universe_read_file(d, data_path(name)));
  char what[128];
  for (size_t i = 0; i < nruns; i++) {
    TU_OK(golcl_universe_run(h, runs[i]));
    TU_OK(golcl_universe_run(d, runs[i]));
    snprintf(what, sizeof what, "%s, run %zu of %llu gens", name, i, (unsigned long long)runs[i]);
    same_cells(h, d, what);
  }
  golcl_universe_destroy(h);
  golcl_universe_destroy(d);
}

START_TEST(gun_matches_host_hashlife) {
  static const uint64_t runs[] = {30, 1 << 12, 1 << 16, 100000};
  file_against_host("gosper-glider-gun.rle", runs, sizeof runs / sizeof *runs);
}
END_TEST

START_TEST(methuselah_matches_host_hashlife) {
  static const uint64_t runs[] = {1103, 17, 2048, 5000};
  file_against_host("r-pentomino.lif", runs, sizeof runs / sizeof *runs);
}
END_TEST

START_TEST(hensel_gun_matches_host_hashlife) {
  static const uint64_t runs[] = {1000, 1 << 13};
  file_against_host("rr14gun-hensel.rle", runs, sizeof runs / sizeof *runs);
}
END_TEST

START_TEST(macrocell_matches_host_hashlife) {
  /* a macrocell file goes straight into nodes, then to the device */
  golcl_universe *h = make(GOLCL_UNIVERSE_HASHLIFE, NULL, 0);
  golcl_universe *d = make(GOLCL_UNIVERSE_HASHLIFE_DEVICE, NULL, 0);
  uint8_t *c = tu_random_cells(50 * 50, 0.4, 3);
  TU_OK(golcl_universe_write_rect(h, -300, 200, 50, 50, c, 0));
  TU_OK(golcl_universe_run(h, 700));
  char path[] = "/tmp/golcl-test-hlg-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  FILE *f = fdopen(fd, "w");
  ck_assert_ptr_nonnull(f);
  TU_OK(golcl_universe_write_macrocell(h, f));
  fclose(f);
  TU_OK(golcl_universe_read_file(d, path));
  TU_OK(golcl_universe_read_file(h, path));
  remove(path);
  static const uint64_t runs[] = {64, 1 << 10, 777};
  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
    TU_OK(golcl_universe_run(h, runs[i]));
    TU_OK(golcl_universe_run(d, runs[i]));
    same_cells(h, d, "a macrocell file");
  }
  free(c);
  golcl_universe_destroy(h);
  golcl_universe_destroy(d);
}
END_TEST

START_TEST(edits_between_runs) {
  /* a write between runs must reach the device's table (it is reloaded) */
  golcl_universe *h = make(GOLCL_UNIVERSE_HASHLIFE, NULL, 0);
  golcl_universe *d = make(GOLCL_UNIVERSE_HASHLIFE_DEVICE, NULL, 0);
  uint8_t *c = tu_random_cells(40 * 40, 0.45, 77);
  golcl_universe *both[2] = {h, d};
  for (int i = 0; i < 2; i++) {
    TU_OK(golcl_universe_write_rect(both[i], 0, 0, 40, 40, c, 0));
    TU_OK(golcl_universe_run(both[i], 500));
    TU_OK(golcl_universe_write_rect(both[i], 100, -60, 20, 20, c, 0));
    TU_OK(golcl_universe_run(both[i], 700));
    TU_OK(golcl_universe_set_rule(both[i], "B36/S23"));
    TU_OK(golcl_universe_run(both[i], 300));
  }
  same_cells(h, d, "edits and a rule change between runs");
  free(c);
  golcl_universe_destroy(h);
  golcl_universe_destroy(d);
}
END_TEST

START_TEST(modes_and_base_levels) {
  /* one launch a batch instead of one a jump, the base case on 32×32 (in
   * phases, as on a GPU), a work-group of one, a work-item a square (the
   * GPU's way), and the two
   * modes in turn (one work-group for the jumps whose last one's batches
   * had at most 8 nodes), and the host's batches of level 8 and below
   * handed to one work-group with their subtrees */
  static const char *env[][4] = {{"GOLCL_HLG_MODE", "batched", NULL, NULL},
                                 {"GOLCL_HLG_BASE", "5", "GOLCL_HLG_SPLIT", "1"},
                                 {"GOLCL_HLG_WG", "1", NULL, NULL},
                                 {"GOLCL_HLG_SPLIT", "1", NULL, NULL},
                                 {"GOLCL_HLG_NARROW", "8", NULL, NULL},
                                 {"GOLCL_HLG_MODE", "batched", "GOLCL_HLG_DELEGATE", "2"}};
  static const uint64_t runs[] = {1000, 2048, 7};
  for (size_t i = 0; i < sizeof env / sizeof *env; i++) {
    setenv(env[i][0], env[i][1], 1);
    if (env[i][2]) setenv(env[i][2], env[i][3], 1);
    soup_against_host("B3/S23", 40, 0.4, 31 + i, runs, sizeof runs / sizeof *runs, 0);
    soup_against_host("B2-a/S12", 24, 0.3, 41 + i, runs, 1, 0);
    unsetenv(env[i][0]);
    if (env[i][2]) unsetenv(env[i][2]);
  }
}
END_TEST

START_TEST(small_table_grows_and_collects) {
  /* 256 KiB: a table of 2048 nodes at most; a 64² soup for 2000
   * generations grows it to the bound and reloads it (collects) */
  static const uint64_t runs[] = {2000, 300};
  uint64_t c =
      soup_against_host("B3/S23", 64, 0.4, 99, runs, sizeof runs / sizeof *runs, 256u << 10);
  ck_assert_uint_gt(c, 0);
}
END_TEST

START_TEST(too_little_memory_is_an_error) {
  /* 128 KiB: a device table of 1024 nodes, which holds the soup but not
   * the nodes of one generation of it */
  golcl_universe *d = make(GOLCL_UNIVERSE_HASHLIFE_DEVICE, NULL, 128u << 10);
  golcl_universe *h = make(GOLCL_UNIVERSE_HASHLIFE, NULL, 0);
  uint8_t *c = tu_random_cells(160 * 160, 0.5, 5);
  TU_OK(golcl_universe_write_rect(d, 0, 0, 160, 160, c, 0));
  TU_OK(golcl_universe_write_rect(h, 0, 0, 160, 160, c, 0));
  golcl_status s = golcl_universe_run(d, 1000);
  ck_assert_int_eq(s, GOLCL_E_OUT_OF_MEMORY);
  ck_assert_msg(strstr(golcl_last_errmsg(), "device HashLife") != NULL, "%s", golcl_last_errmsg());
  /* the cells of the last generation completed */
  ck_assert_uint_lt(golcl_universe_generation(d), 1000);
  TU_OK(golcl_universe_run(h, golcl_universe_generation(d)));
  same_cells(h, d, "after running out of device memory");
  free(c);
  golcl_universe_destroy(d);
  golcl_universe_destroy(h);
}
END_TEST

START_TEST(bad_input) {
  golcl_universe_opts o = {0};
  o.algo = GOLCL_UNIVERSE_HASHLIFE_DEVICE;
  golcl_universe *u = (golcl_universe *)&o;
  ck_assert_int_eq(golcl_universe_create(NULL, &o, &u), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(u);
  ck_assert_str_eq(golcl_universe_algo_name(GOLCL_UNIVERSE_HASHLIFE_DEVICE), "hashlife-gpu");
  golcl_universe_algo a = GOLCL_UNIVERSE_AUTO;
  TU_OK(golcl_universe_algo_from_name("hashlife-gpu", &a));
  ck_assert_int_eq(a, GOLCL_UNIVERSE_HASHLIFE_DEVICE);
  ck_assert_int_eq(golcl_universe_algo_from_name("hashlife-gpus", &a), GOLCL_E_INVALID_ARG);
  o.algo = (golcl_universe_algo)5; /* past HOST_TILES */
  ck_assert_int_eq(golcl_universe_create(tu_ctx, &o, &u), GOLCL_E_INVALID_ARG);
  /* an empty universe runs and stays empty */
  golcl_universe *d = make(GOLCL_UNIVERSE_HASHLIFE_DEVICE, NULL, 0);
  TU_OK(golcl_universe_run(d, 12345));
  uint64_t p = 1;
  TU_OK(golcl_universe_population(d, &p));
  ck_assert_uint_eq(p, 0);
  ck_assert_uint_eq(golcl_universe_generation(d), 12345);
  golcl_universe_destroy(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe hashlife-gpu");
  TCase *tc = tcase_create("hashlife-gpu");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, bad_input);
  tcase_add_loop_test(tc, soups_match_the_reference, 0, (int)(sizeof RULES / sizeof *RULES));
  tcase_add_loop_test(tc, soups_match_host_hashlife, 0,
                      (int)(sizeof CALM_RULES / sizeof *CALM_RULES));
  tcase_add_test(tc, gun_matches_host_hashlife);
  tcase_add_test(tc, methuselah_matches_host_hashlife);
  tcase_add_test(tc, hensel_gun_matches_host_hashlife);
  tcase_add_test(tc, macrocell_matches_host_hashlife);
  tcase_add_test(tc, edits_between_runs);
  tcase_add_test(tc, modes_and_base_levels);
  tcase_add_test(tc, small_table_grows_and_collects);
  tcase_add_test(tc, too_little_memory_is_an_error);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
