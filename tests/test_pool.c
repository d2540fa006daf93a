/* test_pool.c — the library's pool of threads
 * (lib/core/threads.h, private): every part of a call runs once and the
 * call returns after all of them, however many parts and however often;
 * calls from two threads at once (one on the pool, one on threads of its
 * own), a call from inside a part, and a call in the child of a fork()
 * after the parent's pool has run. */
#include "../lib/core/threads.h"
#include "testutil.h"

#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct count {
  int runs[GOLCL__POOL_MAX];
  int nested; /* parts that call the pool themselves */
} count;

static void count_part(void *arg, int i) {
  count *c = arg;
  __atomic_add_fetch(&c->runs[i], 1, __ATOMIC_RELAXED);
  if (c->nested && i == 1) {
    count inner;
    memset(&inner, 0, sizeof inner);
    golcl__parallel(3, count_part, &inner);
    for (int j = 0; j < 3; j++) ck_assert_int_eq(inner.runs[j], 1);
  }
}

/* Each part of n once, checked after the call returns. */
static void check_call(int n, int nested) {
  count c;
  memset(&c, 0, sizeof c);
  c.nested = nested;
  golcl__parallel(n, count_part, &c);
  const int parts = n < 1 ? 1 : n > GOLCL__POOL_MAX ? GOLCL__POOL_MAX : n;
  for (int i = 0; i < GOLCL__POOL_MAX; i++) ck_assert_int_eq(c.runs[i], i < parts ? 1 : 0);
}

START_TEST(every_part_runs_once) {
  for (int round = 0; round < 500; round++) check_call(round % 10, 0);
  for (int round = 0; round < 5; round++)
    for (int n = 0; n <= GOLCL__POOL_MAX + 1; n++) check_call(n, 0);
}
END_TEST

START_TEST(a_part_calls_the_pool) {
  for (int round = 0; round < 50; round++) check_call(4, 1);
}
END_TEST

static void *caller(void *arg) {
  (void)arg;
  for (int round = 0; round < 300; round++) check_call(2 + round % 7, 0);
  return NULL;
}

START_TEST(two_threads_call_at_once) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) ck_assert_int_eq(pthread_create(&t[i], NULL, caller, NULL), 0);
  for (int i = 0; i < 2; i++) ck_assert_int_eq(pthread_join(t[i], NULL), 0);
}
END_TEST

START_TEST(a_forked_child_makes_its_own) {
  check_call(4, 0); /* the parent's workers exist now */
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    count c;
    memset(&c, 0, sizeof c);
    golcl__parallel(4, count_part, &c);
    _exit(c.runs[0] == 1 && c.runs[1] == 1 && c.runs[2] == 1 && c.runs[3] == 1 ? 0 : 1);
  }
  int status = 0;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  ck_assert(WIFEXITED(status));
  ck_assert_int_eq(WEXITSTATUS(status), 0);
  check_call(4, 0); /* and the parent's pool still works */
}
END_TEST

int main(void) {
  Suite *s = suite_create("pool");
  TCase *tc = tcase_create("pool");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, every_part_runs_once);
  tcase_add_test(tc, a_part_calls_the_pool);
  tcase_add_test(tc, two_threads_call_at_once);
  tcase_add_test(tc, a_forked_child_makes_its_own);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
