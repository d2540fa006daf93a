/* bench_universe_hlg.c — times HashLife on the host and on the device on
 * pattern files (not a test: no Check, no assertions).
 *   bench_universe_hlg [-d DEVICE] [-m MB] FILE:GENS|soup:N:GENS ...
 * For each file: the host HashLife's run (golcl_universe_run), the device
 * HashLife's run through the universe (load into the device table, the
 * jumps, the root read back), and its profile: seconds of the load, the
 * jumps and the read-back; batches (one blocking counter read each),
 * kernels enqueued, results computed, the widest batch, nodes in the device
 * table. "same" compares the hashes of the two results. The device's
 * kernels are built by a warm-up run first.
 * Build: make lib && cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude -Ilib
 * tests/bench_universe_hlg.c build/libgolcl.a -lclblast -lOpenCL -lz -lm -pthread
 * -o build/bench_universe_hlg */
#define _POSIX_C_SOURCE 200809L
#include "../lib/universe/universe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int run(golcl_context *ctx, golcl_universe_algo algo, uint64_t mb, const char *path,
               uint64_t gens, double *secs, uint64_t *hash, uint64_t *pop, golcl__hlg_stats *gs) {
  golcl_universe_opts o = {0};
  o.algo = algo;
  o.max_memory = mb << 20;
  golcl_universe *u = NULL;
  golcl_status s = golcl_universe_create(ctx, &o, &u);
  if (s == GOLCL_OK && strncmp(path, "soup:", 5) == 0) { /* soup:N, an N×N soup of density 1/2 */
    uint32_t n = (uint32_t)strtoul(path + 5, NULL, 10);
    uint8_t *c = malloc((size_t)n * n);
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; c && i < (size_t)n * n; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      c[i] = (uint8_t)(x >> 63);
    }
    s = c ? golcl_universe_write_rect(u, 0, 0, n, n, c, 0) : GOLCL_E_OUT_OF_MEMORY;
    free(c);
  } else if (s == GOLCL_OK) {
    s = golcl_universe_read_file(u, path);
  }
  double t0 = now();
  if (s == GOLCL_OK) s = golcl_universe_run(u, gens);
  *secs = now() - t0;
  if (s == GOLCL_OK) s = golcl_universe_hash(u, hash);
  if (s == GOLCL_OK) s = golcl_universe_population(u, pop);
  if (gs) memset(gs, 0, sizeof *gs);
  if (s == GOLCL_OK && gs && golcl__universe_kept(u, GOLCL__UK_HLG))
    golcl__hlg_get_stats(golcl__universe_kept(u, GOLCL__UK_HLG), gs);
  if (s != GOLCL_OK)
    fprintf(stderr, "%s (%s): %s\n", path, golcl_universe_algo_name(algo), golcl_last_errmsg());
  golcl_universe_destroy(u);
  return s == GOLCL_OK ? 0 : 1;
}

int main(int argc, char **argv) {
  const char *dev = "gpu";
  uint64_t mb = 0;
  int a = 1;
  for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
    if (!strcmp(argv[a], "-d")) dev = argv[a + 1];
    if (!strcmp(argv[a], "-m")) mb = strtoull(argv[a + 1], NULL, 10);
  }
  golcl_context_opts co = {0};
  co.device = dev;
  golcl_context *ctx;
  if (golcl_context_create(&co, &ctx) != GOLCL_OK) {
    fprintf(stderr, "context: %s\n", golcl_last_errmsg());
    return 1;
  }
  golcl_device_info info;
  golcl_context_device_info(ctx, &info);
  printf("device: %s\n", info.name);
  { /* warm-up: the kernels' build */
    static const uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
    golcl_universe_opts o = {0};
    o.algo = GOLCL_UNIVERSE_HASHLIFE_DEVICE;
    golcl_universe *w = NULL;
    double t0 = now();
    if (golcl_universe_create(ctx, &o, &w) != GOLCL_OK ||
        golcl_universe_write_rect(w, 0, 0, 3, 3, glider, 0) != GOLCL_OK ||
        golcl_universe_run(w, 64) != GOLCL_OK)
      fprintf(stderr, "warm-up: %s\n", golcl_last_errmsg());
    golcl_universe_destroy(w);
    printf("warm-up (build, table): %.3f s\n", now() - t0);
  }
  printf("%-32s %9s %9s %9s %7s %5s %8s %9s %10s %9s %9s\n", "pattern", "gens", "host s",
         "device s", "dev/host", "same", "batches", "launches", "results", "widest", "nodes");
  int rc = 0;
  for (; a < argc; a++) {
    char path[2048];
    snprintf(path, sizeof path, "%s", argv[a]);
    char *colon = strrchr(path, ':');
    uint64_t gens = 1024;
    if (colon) *colon = 0, gens = strtoull(colon + 1, NULL, 10);
    double th = 0, td = 0;
    uint64_t hh = 0, hd = 0, ph = 0, pd = 0;
    golcl__hlg_stats gs;
    if (run(NULL, GOLCL_UNIVERSE_HASHLIFE, mb, path, gens, &th, &hh, &ph, NULL) ||
        run(ctx, GOLCL_UNIVERSE_HASHLIFE_DEVICE, mb, path, gens, &td, &hd, &pd, &gs)) {
      rc = 1;
      continue;
    }
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("%-32s %9llu %9.4f %9.4f %7.2f %5s %8llu %9llu %10llu %9llu %9llu\n", name,
           (unsigned long long)gens, th, td, td / (th > 1e-9 ? th : 1e-9),
           hh == hd && ph == pd ? "yes" : "NO", (unsigned long long)gs.frames,
           (unsigned long long)gs.launches, (unsigned long long)gs.listed,
           (unsigned long long)gs.max_batch, (unsigned long long)gs.nodes);
    fflush(stdout);
    if (hh != hd || ph != pd) rc = 1;
  }
  golcl_context_destroy(ctx);
  return rc;
}
