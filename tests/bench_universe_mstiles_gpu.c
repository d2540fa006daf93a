/* bench_universe_mstiles_gpu.c — times the device tiles of states
 * (lib/universe/mstiles_gpu.h) on a random soup (not a test: no Check, no
 * assertions).
 *   bench_universe_mstiles_gpu RULE N GENS [DEVICE [K...]]
 * an N×N soup of density 0.5 (golcl_msgrid_randomize's cells, read back)
 * run GENS generations with rounds of each K (0: the default), after a
 * warm-up of 16 generations on another engine (the kernels built); prints
 * the wall time, rounds, tiles stepped, atlases made and device bytes; then
 * the same count of cells as one golcl_msgrid stepped GENS generations
 * (what the atlas costs without the copies and the planning), and the cost
 * of a new atlas size (a grid created, its rule set, one generation: the
 * rule's programs come from the context's cache).
 * Build: make lib && cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude
 * tests/bench_universe_mstiles_gpu.c build/libgolcl.a -lOpenCL -lz -lm -ldl -pthread
 * -o build/bench_universe_mstiles_gpu */
#define _POSIX_C_SOURCE 200809L
#include "../lib/universe/mstiles_gpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int ok(golcl_status s, golcl_context *ctx, const char *what) {
  if (s == GOLCL_OK) return 1;
  fprintf(stderr, "%s: %s: %s\n", what, golcl_strerror(s),
          ctx ? golcl_context_errmsg(ctx) : golcl_last_errmsg());
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s RULE N GENS [DEVICE [K...]]\n", argv[0]);
    return 2;
  }
  const uint32_t n = (uint32_t)atoi(argv[2]);
  const uint64_t gens = (uint64_t)atoll(argv[3]);
  golcl_context_opts co = {0};
  co.device = argc > 4 ? argv[4] : NULL;
  golcl_context *ctx;
  golcl_msrule r;
  golcl_msgrid *g;
  if (!ok(golcl_context_create(&co, &ctx), NULL, "context") ||
      !ok(golcl_msrule_parse(argv[1], &r), NULL, "rule") ||
      !ok(golcl_msgrid_create(ctx, n, n, GOLCL_BOUNDARY_DEAD, &g), ctx, "grid"))
    return 1;
  uint8_t *cells = malloc((size_t)n * n);
  if (!cells || !ok(golcl_msgrid_randomize(g, r.states, 0.5, 1), ctx, "randomize") ||
      !ok(golcl_msgrid_read(g, cells, 0), ctx, "read"))
    return 1;
  golcl_msgrid_destroy(g);
  golcl_device_info info;
  golcl_context_device_info(ctx, &info);
  printf("%s, %s %ux%u soup, %llu generations\n", info.name, argv[1], (unsigned)n, (unsigned)n,
         (unsigned long long)gens);
  golcl__mstiles_gpu *e;
  uint64_t done;
  if (!ok(golcl__mstiles_gpu_create(ctx, &r, &e), ctx, "engine") ||
      !ok(golcl__mstiles_gpu_put(e, 0, 0, cells, 64, 64), ctx, "put") ||
      !ok(golcl__mstiles_gpu_run(e, 16, &done), ctx, "warm-up"))
    return 1;
  golcl__mstiles_gpu_destroy(e);
  uint64_t atlas_cells = 0;
  for (int i = 5; i < (argc > 5 ? argc : 6); i++) {
    const unsigned k = argc > 5 ? (unsigned)atoi(argv[i]) : 0;
    if (!ok(golcl__mstiles_gpu_create(ctx, &r, &e), ctx, "engine") ||
        !ok(golcl__mstiles_gpu_set_round(e, k), ctx, "round") ||
        !ok(golcl__mstiles_gpu_put(e, -(int64_t)n / 2, -(int64_t)n / 2, cells, n, n), ctx, "put"))
      return 1;
    double t0 = now();
    if (!ok(golcl__mstiles_gpu_run(e, gens, &done), ctx, "run")) return 1;
    double t = now() - t0;
    golcl__mstiles_gpu_stats st;
    golcl__mstiles_gpu_get_stats(e, &st);
    const uint64_t side = 64 + 2 * (uint64_t)st.k * golcl_msrule_reach(&r);
    printf(
        "k %2u: %8.3f s, %6llu rounds, %9llu tiles stepped (%.1f a round), %llu tiles, "
        "%llu atlases, %.1f MB on the device, %.3g atlas cell updates/s\n",
        st.k, t, (unsigned long long)st.rounds, (unsigned long long)st.tiles_stepped,
        (double)st.tiles_stepped / (double)(st.rounds ? st.rounds : 1),
        (unsigned long long)st.tiles, (unsigned long long)st.atlases_made,
        (double)st.device_bytes / 1e6, (double)st.tiles_stepped * (double)(side * side) * st.k / t);
    atlas_cells = st.tiles_stepped * side * side / (st.rounds ? st.rounds : 1);
    golcl__mstiles_gpu_destroy(e);
  }
  /* a grid of the last atlas's mean cells, stepped alone */
  const uint32_t a = (uint32_t)sqrt((double)atlas_cells) + 1;
  if (!ok(golcl_msgrid_create(ctx, a, a, GOLCL_BOUNDARY_DEAD, &g), ctx, "grid") ||
      !ok(golcl_msgrid_set_msrule(g, &r), ctx, "rule") ||
      !ok(golcl_msgrid_randomize(g, r.states, 0.5, 2), ctx, "randomize") ||
      !ok(golcl_msgrid_step(g, 1), ctx, "step"))
    return 1;
  uint64_t pop;
  double t0 = now();
  if (!ok(golcl_msgrid_step(g, gens), ctx, "step") ||
      !ok(golcl_msgrid_population(g, &pop), ctx, "population"))
    return 1;
  printf("one %ux%u grid (the last atlas's mean cells) alone: %.3f s\n", (unsigned)a, (unsigned)a,
         now() - t0);
  golcl_msgrid_destroy(g);
  /* a new size: creation, rule and a first generation */
  for (uint32_t s = 512; s <= 2048; s *= 2) {
    t0 = now();
    if (!ok(golcl_msgrid_create(ctx, s + 8, s - 8, GOLCL_BOUNDARY_DEAD, &g), ctx, "grid") ||
        !ok(golcl_msgrid_set_msrule(g, &r), ctx, "rule") ||
        !ok(golcl_msgrid_step(g, 8), ctx, "step") ||
        !ok(golcl_msgrid_population(g, &pop), ctx, "population"))
      return 1;
    printf("a new %ux%u atlas, 8 generations: %.3f s\n", (unsigned)s + 8, (unsigned)s - 8,
           now() - t0);
    golcl_msgrid_destroy(g);
  }
  free(cells);
  golcl_context_destroy(ctx);
  return 0;
}
