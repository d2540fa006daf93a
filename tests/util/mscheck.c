/* mscheck.c — the multi-state universe suites' helpers (mscheck.h). */
#include "mscheck.h"

#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

void tu_msrule_of(const char *text, golcl_msrule *r) {
  golcl_status s = golcl_msrule_parse(text, r);
  ck_assert_msg(s == GOLCL_OK, "rule %s: %s", text, golcl_last_errmsg());
}

void tu_msrule_load(const char *name, const char *text, golcl_msrule *r) {
  golcl_status s = golcl_msrule_load(name, text, strlen(text), r);
  ck_assert_msg(s == GOLCL_OK, "rule %s: %s", name, golcl_last_errmsg());
}

static const char HEX[] =
    "@RULE HexTest\n@TABLE\nn_states:3\nneighborhood:hexagonal\n"
    "symmetries:rotate6\nvar a={0,1,2}\nvar b={0,1,2}\nvar c={0,1,2}\n"
    "var d={0,1,2}\nvar e={0,1,2}\nvar f={0,1,2}\n"
    "0,1,0,0,0,0,0,1\n0,1,2,0,0,0,0,2\n0,1,1,0,0,0,0,1\n"
    "1,2,b,c,d,e,f,2\n1,a,b,c,d,e,f,0\n2,a,b,c,d,e,f,1\n";

const char *const tu_ms_rules[TU_MS_RULES] = {
    "345/2/4",    "/2/3V",          "23/3/4H",
    "WireWorld",  "Langtons-Loops", "Codd",
    "HEX",        "BriansBrain",    "BBM-Margolus-emulated",
    "JvN29",      "Nobili32",       "Hutton32",
    "LifeHistory"};

void tu_msrule_by_name(const char *name, golcl_msrule *r) {
  if (strcmp(name, "HEX") == 0)
    tu_msrule_load("HexTest", HEX, r);
  else
    tu_msrule_of(name, r);
}

uint8_t *tu_random_states(size_t n, unsigned states, double density, uint64_t seed) {
  uint8_t *c = malloc(n);
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    double u = (double)(x >> 11) / 9007199254740992.0;
    c[i] = u < density ? (uint8_t)(1 + (x >> 3) % (states - 1)) : 0;
  }
  return c;
}

static int never_cancel(void *user, uint64_t done, uint64_t total) {
  (void)done, (void)total;
  ++*(int *)user;
  return 0;
}

golcl_universe_stats tu_ms_vs_reference(const golcl_msrule *r, golcl_universe_algo algo,
                                        uint64_t max_memory, const uint8_t *cells, uint32_t w,
                                        uint32_t h, int64_t x0, int64_t y0, const uint64_t *parts,
                                        uint32_t margin, int watched) {
  return tu_ms_vs_reference_on(NULL, r, algo, max_memory, cells, w, h, x0, y0, parts, margin,
                               watched);
}

golcl_universe_stats tu_ms_vs_reference_on(golcl_context *ctx, const golcl_msrule *r,
                                           golcl_universe_algo algo, uint64_t max_memory,
                                           const uint8_t *cells, uint32_t w, uint32_t h, int64_t x0,
                                           int64_t y0, const uint64_t *parts, uint32_t margin,
                                           int watched) {
  uint64_t gens = 0;
  for (const uint64_t *p = parts; *p; p++) gens += *p;
  const uint32_t m = margin ? margin : (uint32_t)gens + 1, gw = w + 2 * m, gh = h + 2 * m;
  uint8_t *ref = calloc((size_t)gw * gh, 1), *got = malloc((size_t)gw * gh);
  for (uint32_t y = 0; y < h; y++) memcpy(ref + (size_t)(y + m) * gw + m, cells + (size_t)y * w, w);
  TU_OK(golcl_ms_reference_run(r, GOLCL_BOUNDARY_DEAD, gw, gh, ref, gens));
  golcl_universe_opts o = {0};
  o.algo = algo;
  o.max_memory = max_memory;
  golcl_universe *u;
  TU_OK(golcl_universe_create(ctx, &o, &u));
  TU_OK(golcl_universe_set_msrule(u, r));
  TU_OK(golcl_universe_write_rect(u, x0, y0, w, h, cells, 0));
  int calls = 0;
  for (const uint64_t *p = parts; *p; p++)
    TU_OK(golcl_universe_run_progress(u, *p, watched ? never_cancel : NULL, &calls));
  if (watched) ck_assert_int_gt(calls, 0);
  ck_assert_uint_eq(golcl_universe_generation(u), gens);
  TU_OK(golcl_universe_read_rect(u, x0 - m, y0 - m, gw, gh, got, 0));
  uint64_t want[256] = {0}, census[256];
  for (size_t i = 0; i < (size_t)gw * gh; i++) {
    ck_assert_msg(got[i] == ref[i], "cell %zu,%zu after %llu: %u, the reference %u", i % gw, i / gw,
                  (unsigned long long)gens, got[i], ref[i]);
    if (ref[i]) want[ref[i]]++;
  }
  TU_OK(golcl_universe_census(u, census));
  for (int s = 0; s < 256; s++) ck_assert_uint_eq(census[s], want[s]); /* nothing outside */
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(u, &st));
  ck_assert_uint_le(st.node_bytes, st.max_node_bytes);
  golcl_universe_destroy(u);
  free(ref), free(got);
  return st;
}

void tu_ms_same_runs(golcl_universe *a, golcl_universe *b, const uint64_t *runs, size_t n,
                     const char *what) {
  for (size_t k = 0; k < n; k++) {
    TU_OK(golcl_universe_run(a, runs[k]));
    TU_OK(golcl_universe_run(b, runs[k]));
    uint64_t ha, hb, ca[256], cb[256];
    TU_OK(golcl_universe_hash(a, &ha));
    TU_OK(golcl_universe_hash(b, &hb));
    ck_assert_msg(ha == hb, "%s: the hashes differ after %llu", what,
                  (unsigned long long)golcl_universe_generation(a));
    TU_OK(golcl_universe_census(a, ca));
    TU_OK(golcl_universe_census(b, cb));
    ck_assert_mem_eq(ca, cb, sizeof ca);
  }
}

golcl_universe_stats tu_ms_vs_bgolly(const char *path, const char *algo_bg,
                                     golcl_universe_algo algo, const uint64_t *parts) {
  golcl_universe_opts o = {0};
  o.algo = algo;
  return tu_ms_vs_bgolly_opts(path, algo_bg, &o, parts);
}

golcl_universe_stats tu_ms_vs_bgolly_opts(const char *path, const char *algo_bg,
                                          const golcl_universe_opts *opts, const uint64_t *parts) {
  char bg[512], err[512];
  ck_assert_msg(bg_find(bg, sizeof bg), "bgolly is not installed");
  uint64_t gens = 0;
  for (const uint64_t *p = parts; *p; p++) gens += *p;
  char *want = NULL;
  int rc = strcmp(algo_bg, "RuleLoader") == 0
               ? bg_run_path_rules(bg, algo_bg, bg_rules_dir(), path, gens, &want, err, sizeof err)
               : bg_run_path(bg, algo_bg, path, gens, &want, err, sizeof err);
  ck_assert_msg(rc == 0, "bgolly: %s", err);
  golcl_universe *u;
  TU_OK(golcl_universe_create(NULL, opts, &u));
  golcl_status s = golcl_universe_read_file(u, path);
  ck_assert_msg(s == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
  for (const uint64_t *p = parts; *p; p++) TU_OK(golcl_universe_run(u, *p));
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  TU_OK(golcl_universe_write_rle(u, f));
  fclose(f);
  bg_mscells a, b;
  ck_assert_int_eq(bg_parse_ms_rle(text, &a), 0);
  ck_assert_int_eq(bg_parse_ms_rle(want, &b), 0);
  ck_assert_msg(a.n == b.n, "%s: %zu cells, bgolly %zu", path, a.n, b.n);
  ck_assert_msg(a.n == 0 || memcmp(a.xys, b.xys, 3 * a.n * sizeof *a.xys) == 0,
                "%s: other cells than bgolly's", path);
  bg_ms_free(&a), bg_ms_free(&b);
  free(text), free(want);
  golcl_universe_stats st;
  TU_OK(golcl_universe_get_stats(u, &st));
  golcl_universe_destroy(u);
  return st;
}
