/* test_stepper_contract.c — what golcl_stepper_run promises for every
 * stepper, whatever its kernel: the generation counter never wraps, a run
 * returns once its work is queued (even while the queue is held up), and the
 * memory a long run takes does not grow with the generation count. */
#include "lifecheck.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Every kind this build has, for a loop over them. */
static int next_kind(int k) {
  for (k++; k < GOLCL_STEPPER_COUNT; k++)
    if (golcl_stepper_available((golcl_stepper_kind)k)) return k;
  return -1;
}

/* A random w×h grid and its cells. */
static golcl_grid *random_grid(uint32_t w, uint32_t h, golcl_boundary b, uint64_t seed,
                               uint8_t **cells) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, b, &g));
  *cells = tu_random_cells((size_t)w * h, 0.4, seed);
  TU_OK(golcl_grid_write(g, *cells, 0));
  return g;
}

START_TEST(the_generation_counter_never_wraps) {
  for (int k = next_kind(-1); k >= 0; k = next_kind(k)) {
    const char *name = golcl_stepper_name((golcl_stepper_kind)k);
    uint8_t *want;
    golcl_grid *g = random_grid(37, 29, GOLCL_BOUNDARY_TORUS, 7, &want);
    golcl_rule rule;
    TU_OK(golcl_grid_rule(g, &rule));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, (golcl_stepper_kind)k, NULL, &st));
    TU_OK(golcl_grid_set_generation(g, UINT64_MAX - 2));
    ck_assert_msg(golcl_stepper_run(st, g, 3) == GOLCL_E_INVALID_ARG, "%s: 3 from 2^64-3", name);
    ck_assert_msg(golcl_stepper_run(st, g, UINT64_MAX) == GOLCL_E_INVALID_ARG, "%s", name);
    ck_assert_uint_eq(golcl_grid_generation(g), UINT64_MAX - 2);
    lc_assert_grid(g, want, name);      /* unchanged */
    TU_OK(golcl_stepper_run(st, g, 2)); /* lands exactly on the largest value */
    ck_assert_uint_eq(golcl_grid_generation(g), UINT64_MAX);
    lc_run(want, 37, 29, GOLCL_BOUNDARY_TORUS, rule, 2);
    lc_assert_grid(g, want, name);
    ck_assert_msg(golcl_stepper_run(st, g, 1) == GOLCL_E_INVALID_ARG, "%s: 1 from 2^64-1", name);
    TU_OK(golcl_stepper_run(st, g, 0)); /* 0 never wraps */
    ck_assert_uint_eq(golcl_grid_generation(g), UINT64_MAX);
    lc_assert_grid(g, want, name);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    free(want);
  }
}
END_TEST

/* golcl_stepper_generations_per_launch says how many launches a run makes:
 * ceil(N / g) for a device stepper (MULTI: 16 by default, and its option),
 * none for REFERENCE (which answers 1). */
START_TEST(generations_per_launch_counts_the_launches) {
  for (int k = next_kind(-1); k >= 0; k = next_kind(k)) {
    const char *name = golcl_stepper_name((golcl_stepper_kind)k);
    uint8_t *cells;
    golcl_grid *g = random_grid(37, 29, GOLCL_BOUNDARY_DEAD, 9, &cells);
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, (golcl_stepper_kind)k, NULL, &st));
    uint32_t per = 0;
    TU_OK(golcl_stepper_generations_per_launch(st, g, &per));
    ck_assert_msg(per >= 1, "%s: %u", name, per);
    TU_OK(golcl_stepper_run(st, g, 37));
    golcl_stepper_stats stats;
    TU_OK(golcl_stepper_get_stats(st, &stats));
    uint64_t want = k == GOLCL_STEPPER_REFERENCE ? 0 : (37 + per - 1) / per;
    ck_assert_msg(stats.launches == want, "%s: %llu launches for 37 generations, %u a launch", name,
                  (unsigned long long)stats.launches, per);
    uint32_t out = 7;
    ck_assert_int_eq(golcl_stepper_generations_per_launch(st, g, NULL), GOLCL_E_INVALID_ARG);
    ck_assert_int_eq(golcl_stepper_generations_per_launch(NULL, g, &out), GOLCL_E_INVALID_ARG);
    ck_assert_uint_eq(out, 0);
    out = 7;
    ck_assert_int_eq(golcl_stepper_generations_per_launch(st, NULL, &out), GOLCL_E_INVALID_ARG);
    ck_assert_uint_eq(out, 0);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    free(cells);
  }
  if (golcl_stepper_available(GOLCL_STEPPER_MULTI)) { /* the option sets it */
    uint8_t *cells;
    golcl_grid *g = random_grid(64, 40, GOLCL_BOUNDARY_TORUS, 3, &cells);
    golcl_stepper_opts o = {0};
    o.gens_per_launch = 5;
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_MULTI, &o, &st));
    uint32_t per = 0;
    TU_OK(golcl_stepper_generations_per_launch(st, g, &per));
    ck_assert_uint_eq(per, 5);
    TU_OK(golcl_stepper_run(st, g, 37));
    golcl_stepper_stats stats;
    TU_OK(golcl_stepper_get_stats(st, &stats));
    ck_assert_uint_eq(stats.launches, 8);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    free(cells);
  }
}
END_TEST

/* A watchdog that completes a user event if the test has not done so within
 * a minute: a run that waited for the queue would otherwise hang the suite
 * forever. It only breaks a deadlock; nothing is timed. */
typedef struct watchdog {
  pthread_mutex_t m;
  pthread_cond_t c;
  int done, rescued;
  cl_event gate;
} watchdog;

static void *watch(void *arg) {
  watchdog *w = arg;
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 60;
  pthread_mutex_lock(&w->m);
  while (!w->done)
    if (pthread_cond_timedwait(&w->c, &w->m, &until) != 0) break;
  if (!w->done) {
    w->rescued = 1;
    clSetUserEventStatus(w->gate, CL_COMPLETE);
  }
  pthread_mutex_unlock(&w->m);
  return NULL;
}

START_TEST(a_run_returns_while_the_queue_is_held) {
  cl_command_queue q = golcl_context_cl_queue(tu_ctx);
  cl_context clctx;
  ck_assert_int_eq(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof clctx, &clctx, NULL),
                   CL_SUCCESS);
  for (int k = next_kind(-1); k >= 0; k = next_kind(k)) {
    if (k == GOLCL_STEPPER_REFERENCE) continue; /* it computes on the host: it must wait */
    const char *name = golcl_stepper_name((golcl_stepper_kind)k);
    uint8_t *want;
    golcl_grid *g = random_grid(37, 29, GOLCL_BOUNDARY_DEAD, 11, &want);
    golcl_rule rule;
    TU_OK(golcl_grid_rule(g, &rule));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, (golcl_stepper_kind)k, NULL, &st));
    TU_OK(golcl_stepper_prepare(st, g)); /* the JIT is host work, not a wait for the queue */
    cl_int err;
    watchdog w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, NULL};
    w.gate = clCreateUserEvent(clctx, &err);
    ck_assert_int_eq(err, CL_SUCCESS);
    /* everything queued after the marker waits for the gate */
    ck_assert_int_eq(clEnqueueMarkerWithWaitList(q, 1, &w.gate, NULL), CL_SUCCESS);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, watch, &w), 0);
    golcl_status s = golcl_stepper_run(st, g, 5);
    pthread_mutex_lock(&w.m);
    w.done = 1;
    pthread_cond_signal(&w.c);
    pthread_mutex_unlock(&w.m);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    ck_assert_msg(!w.rescued, "%s: golcl_stepper_run waited for the queue", name);
    TU_OK(s);
    ck_assert_int_eq(clSetUserEventStatus(w.gate, CL_COMPLETE), CL_SUCCESS);
    clReleaseEvent(w.gate);
    /* and the queued work, once let through, is right */
    golcl_stepper_stats stats;
    TU_OK(golcl_stepper_get_stats(st, &stats));
    ck_assert_uint_eq(stats.generations, 5);
    if (k == GOLCL_STEPPER_LAZY) ck_assert_uint_gt(stats.tiles_total, 0);
    lc_run(want, 37, 29, GOLCL_BOUNDARY_DEAD, rule, 5);
    lc_assert_grid(g, want, name);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    free(want);
  }
}
END_TEST

/* Under AddressSanitizer freed memory is held in a quarantine (256 MB by
 * default) before reuse, which shows as resident growth that is not the
 * library's: the quarantine is turned off for this suite so that the flat
 * memory test measures what it means to (a no-op in normal builds). */
__attribute__((used, visibility("default"))) const char *__asan_default_options(void);
const char *__asan_default_options(void) {
  return "quarantine_size_mb=0:thread_local_quarantine_size_kb=0";
}

/* Resident memory of this process in bytes (/proc/self/statm), or 0. */
static uint64_t resident_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long long size = 0, rss = 0;
  if (!f) return 0;
  if (fscanf(f, "%llu %llu", &size, &rss) != 2) rss = 0;
  fclose(f);
  return (uint64_t)rss * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Under valgrind (its preload library in LD_PRELOAD) the resident size is no
 * measure of the library's memory: memcheck keeps 20 MB of freed blocks
 * (--freelist-vol) and shadows every byte. */
static int under_valgrind(void) {
  const char *p = getenv("LD_PRELOAD");
  return p && strstr(p, "vgpreload") != NULL;
}

START_TEST(memory_is_flat_in_the_generation_count) {
  if (resident_bytes() == 0) return; /* no /proc: nothing to measure */
  uint8_t *want;
  golcl_grid *g = random_grid(16, 16, GOLCL_BOUNDARY_TORUS, 3, &want);
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &st));
  /* warm up: kernels built, buffers made, the queue's own pools grown */
  TU_OK(golcl_stepper_run(st, g, 2000));
  TU_OK(golcl_context_finish(tu_ctx));
  uint64_t base = resident_bytes(), peak = base;
  /* 10^5 generations in chunks, never waiting: only the library's own flow
     control keeps the queue short */
  for (int i = 0; i < 100; i++) {
    TU_OK(golcl_stepper_run(st, g, 1000));
    uint64_t r = resident_bytes();
    if (r > peak) peak = r;
  }
  TU_OK(golcl_context_finish(tu_ctx));
  uint64_t end = resident_bytes();
  if (end > peak) peak = end;
  /* Unbounded, 10^5 queued launches take tens of MB on pocl; bounded, the
     queue holds a few hundred launches. 16 MB is far above the bounded case. */
  if (under_valgrind())
    printf("memory_is_flat_in_the_generation_count: under valgrind, resident memory grew by "
           "%llu kB, not bounded (memcheck's own)\n",
           (unsigned long long)((peak - base) >> 10));
  else
    ck_assert_msg(peak - base < ((uint64_t)16 << 20),
                  "resident memory grew by %llu kB over 10^5 generations",
                  (unsigned long long)((peak - base) >> 10));
  golcl_rule rule;
  TU_OK(golcl_grid_rule(g, &rule));
  lc_run(want, 16, 16, GOLCL_BOUNDARY_TORUS, rule, 102000);
  lc_assert_grid(g, want, "naive after 102000 generations");
  ck_assert_uint_eq(golcl_grid_generation(g), 102000);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  free(want);
}
END_TEST

int main(void) {
  Suite *s = suite_create("stepper contract");
  TCase *tc = tcase_create("contract");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, the_generation_counter_never_wraps);
  tcase_add_test(tc, a_run_returns_while_the_queue_is_held);
  tcase_add_test(tc, memory_is_flat_in_the_generation_count);
  tcase_add_test(tc, generations_per_launch_counts_the_launches);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
