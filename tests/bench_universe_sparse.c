/* bench_universe_sparse.c — times the universe's sparse-tile engine on a
 * pattern file or a random soup (not a test: no Check, no assertions).
 *   bench_universe_sparse FILE|soup:N GENS [DEVICE [GENS_PER_LAUNCH]]
 * prints the wall time of the run (after a warm-up run of 32 generations
 * on a copy, which builds the kernels), tiles at the end, tiles stepped,
 * tiles stepped a second, the population and device bytes.
 * Where bgolly is on $PATH (or $GOLCL_BGOLLY), it runs the pattern too and
 * says whether the cells are identical.
 * Build: make lib && cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude -Itests/util
 * tests/bench_universe_sparse.c tests/util/bgolly.c build/libgolcl.a -lclblast -lOpenCL -lz -lm
 * -pthread -o build/bench_universe_sparse */
#define _POSIX_C_SOURCE 200809L
#include "../lib/universe/sparse.h"
#include "bgolly.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define T GOLCL__TILE

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int64_t fdiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static int put_cells(golcl__sparse *s, const uint8_t *c, uint32_t w, uint32_t h, int64_t x0,
                     int64_t y0) {
  for (int64_t ty = fdiv(y0, T); ty <= fdiv(y0 + h - 1, T); ty++)
    for (int64_t tx = fdiv(x0, T); tx <= fdiv(x0 + w - 1, T); tx++) {
      uint64_t rows[T] = {0};
      for (int r = 0; r < T; r++)
        for (int k = 0; k < T; k++) {
          int64_t x = tx * T + k - x0, y = ty * T + r - y0;
          if (x >= 0 && y >= 0 && x < w && y < h && c[(size_t)y * w + (size_t)x])
            rows[r] |= 1ull << k;
        }
      if (golcl__sparse_put_tile(s, tx, ty, rows) != GOLCL_OK) return 1;
    }
  return 0;
}

typedef struct live {
  int64_t *xy;
  size_t n, cap;
} live;

static golcl_status collect(void *user, int64_t tx, int64_t ty, const uint64_t rows[T]) {
  live *l = user;
  for (int r = 0; r < T; r++)
    for (int k = 0; k < T; k++) {
      if (!((rows[r] >> k) & 1)) continue;
      if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4096;
        l->xy = realloc(l->xy, l->cap * 2 * sizeof *l->xy);
        if (!l->xy) return GOLCL_E_OUT_OF_MEMORY;
      }
      l->xy[2 * l->n] = tx * T + k;
      l->xy[2 * l->n + 1] = ty * T + r;
      l->n++;
    }
  return GOLCL_OK;
}

/* Compares the engine's cells with bgolly's, both shifted to 0. */
static void compare_bgolly(const char *rle, uint64_t gens, const live *l) {
  char path[1024], err[512];
  if (!bg_find(path, sizeof path)) {
    printf("bgolly: not found\n");
    return;
  }
  bg_cells bc = {0};
  if (bg_run(path, rle, gens, &bc, err, sizeof err) != 0) {
    printf("bgolly: %s\n", err);
    return;
  }
  int64_t mx = INT64_MAX, my = INT64_MAX;
  for (size_t i = 0; i < l->n; i++) {
    if (l->xy[2 * i] < mx) mx = l->xy[2 * i];
    if (l->xy[2 * i + 1] < my) my = l->xy[2 * i + 1];
  }
  uint32_t *xy = malloc((l->n + 1) * 2 * sizeof *xy);
  for (size_t i = 0; i < l->n; i++) {
    xy[2 * i] = (uint32_t)(l->xy[2 * i] - mx);
    xy[2 * i + 1] = (uint32_t)(l->xy[2 * i + 1] - my);
  }
  bg_normalise(xy, l->n);
  int same = bc.n == l->n && memcmp(bc.xy, xy, l->n * 2 * sizeof *xy) == 0;
  printf("bgolly: %zu cells; %s\n", bc.n, same ? "identical cells" : "CELLS DIFFER");
  free(xy);
  bg_free(&bc);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s FILE|soup:N GENS [DEVICE]\n", argv[0]);
    return 2;
  }
  uint64_t gens = strtoull(argv[2], NULL, 10);
  golcl_context_opts o = {0};
  o.device = argc > 3 ? argv[3] : NULL;
  golcl_context *ctx = NULL;
  if (golcl_context_create(&o, &ctx) != GOLCL_OK) {
    fprintf(stderr, "context: %s\n", golcl_last_errmsg());
    return 1;
  }
  uint8_t *c = NULL;
  uint32_t w, h;
  golcl_rule_table table;
  golcl_rule_table_parse("B3/S23", &table);
  if (strncmp(argv[1], "soup:", 5) == 0) {
    w = h = (uint32_t)atoi(argv[1] + 5);
    c = malloc((size_t)w * h);
    uint64_t z = 12345;
    for (size_t i = 0; i < (size_t)w * h; i++) {
      z ^= z << 13;
      z ^= z >> 7;
      z ^= z << 17;
      c[i] = (z >> 11) % 2; /* density 1/2 */
    }
  } else {
    golcl_pattern *p = NULL;
    if (golcl_pattern_read_file(argv[1], &p) != GOLCL_OK) {
      fprintf(stderr, "%s: %s\n", argv[1], golcl_last_errmsg());
      return 1;
    }
    w = golcl_pattern_width(p);
    h = golcl_pattern_height(p);
    c = malloc((size_t)w * h + 1);
    golcl_pattern_get_cells(p, c, 0);
    golcl_pattern_rule_table(p, &table);
    golcl_pattern_destroy(p);
  }
  golcl_device_info info;
  golcl_context_device_info(ctx, &info);
  golcl__sparse *s = NULL;
  double t0 = now();
  unsigned gpl = argc > 4 ? (unsigned)atoi(argv[4]) : 0;
  if (golcl__sparse_create(ctx, &table, &s) != GOLCL_OK ||
      golcl__sparse_set_gens_per_launch(s, gpl) != GOLCL_OK || put_cells(s, c, w, h, 0, 0) ||
      golcl__sparse_run(s, 32) != GOLCL_OK) {
    fprintf(stderr, "warm-up: %s\n", golcl_context_errmsg(ctx));
    return 1;
  }
  double t1 = now();
  golcl__sparse_clear(s);
  golcl__sparse_set_gens_per_launch(s, gpl);
  put_cells(s, c, w, h, 0, 0);
  uint64_t st0 = 0;
  golcl__sparse_stats(s, NULL, NULL, &st0);
  double t2 = now();
  golcl_status st = golcl__sparse_run(s, gens);
  uint64_t tiles = 0, bytes = 0, stepped = 0;
  live l = {0};
  if (st == GOLCL_OK) st = golcl__sparse_stats(s, &tiles, &bytes, &stepped);
  double t3 = now();
  if (st == GOLCL_OK) st = golcl__sparse_get_tiles(s, collect, &l);
  if (st != GOLCL_OK) {
    fprintf(stderr, "run: %s\n", golcl_context_errmsg(ctx));
    return 1;
  }
  stepped -= st0;
  printf("device: %s\npattern: %s (%ux%u)  generations: %llu\n", info.name, argv[1], w, h,
         (unsigned long long)gens);
  printf("create+warm-up: %.3f s  run: %.3f s  (%.0f gen/s)\n", t1 - t0, t3 - t2,
         (double)gens / (t3 - t2));
  printf("tiles at the end: %llu  tile launches: %llu (%.0f a second)\n", (unsigned long long)tiles,
         (unsigned long long)stepped, (double)stepped / (t3 - t2));
  uint64_t syncs = 0, rehashes = 0;
  golcl__sparse_host_stats(s, &syncs, &rehashes);
  printf("counter reads: %llu  rehashes: %llu\n", (unsigned long long)syncs,
         (unsigned long long)rehashes);
  printf("population: %llu  device bytes: %llu\n", (unsigned long long)l.n,
         (unsigned long long)bytes);
  golcl_pattern *p = NULL;
  char *rle = NULL;
  size_t rlen = 0;
  FILE *f = open_memstream(&rle, &rlen);
  if (f && golcl_pattern_from_cells(c, w, h, 0, &p) == GOLCL_OK &&
      golcl_pattern_set_rule_table(p, &table) == GOLCL_OK &&
      golcl_pattern_write_rle(p, f) == GOLCL_OK) {
    fclose(f);
    f = NULL;
    compare_bgolly(rle, gens, &l);
  }
  if (f) fclose(f);
  free(rle);
  golcl_pattern_destroy(p);
  free(l.xy);
  golcl__sparse_destroy(s);
  golcl_context_destroy(ctx);
  free(c);
  return 0;
}
