/* overhead.c — the C side of python/bench/overhead.py: times a stepper run
 * and the whole-grid reads and writes through the C API directly.
 * usage: overhead DEVICE SIZE GENS STEPPER REPS; prints "name seconds" lines
 * (the median of REPS). */
#include <golcl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

#define CHECK(e)                                                              \
  do {                                                                        \
    golcl_status s_ = (e);                                                    \
    if (s_ != GOLCL_OK) {                                                     \
      fprintf(stderr, "%s: %s\n", #e, golcl_strerror(s_));                    \
      return 1;                                                               \
    }                                                                         \
  } while (0)

int main(int argc, char **argv) {
  if (argc != 6) return 2;
  uint32_t n = (uint32_t)atoi(argv[2]);
  uint64_t gens = strtoull(argv[3], NULL, 10);
  int reps = atoi(argv[5]);
  golcl_context_opts o = {0};
  o.device = argv[1];
  golcl_context *ctx;
  CHECK(golcl_context_create(&o, &ctx));
  golcl_grid *g;
  CHECK(golcl_grid_create(ctx, n, n, GOLCL_BOUNDARY_TORUS, &g));
  golcl_stepper_kind k;
  CHECK(golcl_stepper_from_name(argv[4], &k));
  golcl_stepper *st;
  CHECK(golcl_stepper_create(ctx, k, NULL, &st));
  uint8_t *cells = malloc((size_t)n * n);
  double *t[3];
  for (int i = 0; i < 3; i++) t[i] = calloc((size_t)reps, sizeof(double));
  uint64_t pop;
  CHECK(golcl_grid_randomize(g, 0.3, 1));
  CHECK(golcl_stepper_prepare(st, g));
  CHECK(golcl_stepper_run(st, g, 1)); /* warm: layouts, first launch */
  CHECK(golcl_grid_read(g, cells, 0));
  CHECK(golcl_grid_write(g, cells, 0));
  for (int r = 0; r < reps; r++) {
    CHECK(golcl_context_finish(ctx));
    double t0 = now();
    CHECK(golcl_stepper_run(st, g, gens));
    CHECK(golcl_context_finish(ctx));
    t[0][r] = now() - t0;
    t0 = now();
    CHECK(golcl_grid_read_rect(g, 0, 0, n, n, cells, 0));
    t[1][r] = now() - t0;
    t0 = now();
    CHECK(golcl_grid_write_rect(g, 0, 0, n, n, cells, 0));
    CHECK(golcl_context_finish(ctx));
    t[2][r] = now() - t0;
  }
  CHECK(golcl_grid_population(g, &pop));
  const char *names[3] = {"step", "read", "write"};
  for (int i = 0; i < 3; i++) {
    qsort(t[i], (size_t)reps, sizeof(double), cmp);
    printf("%s %.6f\n", names[i], t[i][reps / 2]);
  }
  printf("population %llu\n", (unsigned long long)pop);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  golcl_context_destroy(ctx);
  free(cells);
  for (int i = 0; i < 3; i++) free(t[i]);
  return 0;
}
