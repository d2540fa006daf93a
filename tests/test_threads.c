/* test_threads.c — start-up from several threads at once: contexts created
 * and devices listed concurrently in a process that has not touched OpenCL
 * yet (the first discovery is where OpenCL platforms were seen to crash), and
 * then contexts used side by side, one per thread.
 *
 * Each loop iteration is a fresh forked process (CK_FORK), so that every
 * iteration starts before the OpenCL platforms are initialised; before the
 * library serialised discovery, pocl crashed in clGetDeviceInfo in about one
 * process in three with 4 threads. */
#include <check.h>
#include <golcl.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define PROCESSES 24

/* Under AddressSanitizer: a thread that built a kernel with pocl has LLVM's
 * alternate signal stack (malloc'ed), which ASan's thread exit then fails
 * to unmap ("unable to unmap", an ASan CHECK): keep ASan off sigaltstack.
 * Unused in other builds. */
__attribute__((used, visibility("default"))) const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "use_sigaltstack=0"; }

static const char *test_device(void) {
  const char *dev = getenv("GOLCL_TEST_DEVICE");
  return dev && *dev ? dev : "cpu";
}

typedef struct job {
  pthread_barrier_t *start;
  int index;
  golcl_status status;
  char errmsg[256];
  uint64_t population; /* of a small grid stepped in this thread's context */
} job;

/* Creates a context (even threads) or lists the devices and then creates one
 * (odd threads), all released by one barrier; then steps a glider on its own
 * grid, to show that the contexts work side by side. */
static void *start_up(void *arg) {
  job *j = arg;
  golcl_context_opts o = {0};
  o.device = test_device();
  pthread_barrier_wait(j->start);
  golcl_status s = GOLCL_OK;
  if (j->index % 2) {
    size_t n = 0;
    s = golcl_devices(NULL, 0, &n);
    golcl_device_info info[4];
    if (s == GOLCL_OK) s = golcl_devices(info, 4, &n);
  }
  golcl_context *ctx = NULL;
  if (s == GOLCL_OK) s = golcl_context_create(&o, &ctx);
  golcl_grid *g = NULL;
  golcl_stepper *st = NULL;
  static const uint8_t glider[5 * 5] = {0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1,
                                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  if (s == GOLCL_OK) s = golcl_grid_create(ctx, 5, 5, GOLCL_BOUNDARY_TORUS, &g);
  if (s == GOLCL_OK) s = golcl_grid_write(g, glider, 5);
  if (s == GOLCL_OK)
    s = golcl_stepper_create(ctx, j->index % 2 ? GOLCL_STEPPER_REFERENCE : GOLCL_STEPPER_NAIVE,
                             NULL, &st);
  if (s == GOLCL_OK) s = golcl_stepper_run(st, g, 20 + (uint64_t)j->index);
  if (s == GOLCL_OK) s = golcl_grid_population(g, &j->population);
  j->status = s;
  snprintf(j->errmsg, sizeof j->errmsg, "%s",
           ctx ? golcl_context_errmsg(ctx) : golcl_last_errmsg());
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  golcl_context_destroy(ctx);
  return NULL;
}

START_TEST(contexts_created_at_once) {
  pthread_barrier_t start;
  ck_assert_int_eq(pthread_barrier_init(&start, NULL, THREADS), 0);
  pthread_t t[THREADS];
  job jobs[THREADS];
  memset(jobs, 0, sizeof jobs);
  for (int i = 0; i < THREADS; i++) {
    jobs[i].start = &start;
    jobs[i].index = i;
    ck_assert_int_eq(pthread_create(&t[i], NULL, start_up, &jobs[i]), 0);
  }
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  pthread_barrier_destroy(&start);
  for (int i = 0; i < THREADS; i++) {
    ck_assert_msg(jobs[i].status == GOLCL_OK, "process %d, thread %d: %s: %s", _i, i,
                  golcl_strerror(jobs[i].status), jobs[i].errmsg);
    ck_assert_uint_eq(jobs[i].population, 5); /* a glider on a 5×5 torus stays a glider */
  }
}
END_TEST

/* The failure message of a context creation is per thread: a thread's
 * failure does not show in another thread's golcl_last_errmsg. */
typedef struct msg_job {
  pthread_barrier_t *start;
  const char *device;
  golcl_status status;
  char msg[256];
} msg_job;

static void *create_and_keep_message(void *arg) {
  msg_job *j = arg;
  golcl_context_opts o = {0};
  o.device = j->device;
  golcl_context *ctx = NULL;
  pthread_barrier_wait(j->start);
  j->status = golcl_context_create(&o, &ctx);
  pthread_barrier_wait(j->start); /* every thread has failed or succeeded */
  snprintf(j->msg, sizeof j->msg, "%s", golcl_last_errmsg());
  golcl_context_destroy(ctx);
  return NULL;
}

START_TEST(failure_messages_stay_in_their_thread) {
  pthread_barrier_t start;
  ck_assert_int_eq(pthread_barrier_init(&start, NULL, 4), 0);
  msg_job jobs[4] = {{&start, "no-such-device-a", 0, ""},
                     {&start, test_device(), 0, ""},
                     {&start, "no-such-device-b", 0, ""},
                     {&start, test_device(), 0, ""}};
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    ck_assert_int_eq(pthread_create(&t[i], NULL, create_and_keep_message, &jobs[i]), 0);
  for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
  pthread_barrier_destroy(&start);
  ck_assert_int_eq(jobs[0].status, GOLCL_E_NO_DEVICE);
  ck_assert_int_eq(jobs[2].status, GOLCL_E_NO_DEVICE);
  ck_assert_ptr_nonnull(strstr(jobs[0].msg, "no-such-device-a"));
  ck_assert_ptr_nonnull(strstr(jobs[2].msg, "no-such-device-b"));
  ck_assert_int_eq(jobs[1].status, GOLCL_OK);
  ck_assert_int_eq(jobs[3].status, GOLCL_OK);
  ck_assert_ptr_null(strstr(jobs[1].msg, "no-such-device"));
  ck_assert_ptr_null(strstr(jobs[3].msg, "no-such-device"));
}
END_TEST

int main(void) {
  Suite *s = suite_create("threads");
  TCase *tc = tcase_create("start-up");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, contexts_created_at_once, 0, PROCESSES);
  tcase_add_test(tc, failure_messages_stay_in_their_thread);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_set_fork_status(sr, CK_FORK); /* every iteration in a fresh process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
