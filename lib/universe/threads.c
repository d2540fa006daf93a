/* threads.c — the universe's thread count and clock (threads.h). */
#define _DEFAULT_SOURCE /* getloadavg */
#include "threads.h"

#include "../core/host.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* CPUs busy with other work: the fewer of the 1-minute load average and
 * the tasks runnable now but this one (Linux's /proc/loadavg), so that the
 * builds and runs that just ended do not count, nor a moment's burst. */
static long busy_cpus(void) {
  double load;
  long avg = getloadavg(&load, 1) == 1 ? (long)(load + 0.5) : 0, now = -1, total;
  double l1, l5, l15;
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (fscanf(f, "%lf %lf %lf %ld/%ld", &l1, &l5, &l15, &now, &total) != 5) now = -1;
    fclose(f);
  }
  return now >= 1 && now - 1 < avg ? now - 1 : avg;
}

int golcl__universe_threads(int max) {
  long n = golcl__env_long("GOLCL_THREADS", 1, LONG_MAX, 0);
  if (n < 1) n = sysconf(_SC_NPROCESSORS_ONLN) - busy_cpus();
  return n < 1 ? 1 : n > max ? max : (int)n;
}

double golcl__universe_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ------------------------------------------------------------ the pool
 * Threads made once and kept: a thread made for each parallel step cost
 * that step 1-3 ms before it ran on a 2-CPU virtual machine (the new thread
 * waits on its parent's CPU until the scheduler moves it), more than a
 * whole jump of HashLife on Langton's loops; a parked thread wakes in about
 * 50 µs there, and one still spinning from its last job at once. A worker
 * spins SPIN_S seconds after a job for the next (HashLife's jumps and the
 * box's generations come one after another), then parks on a condition
 * variable. After fork() the child has no workers: it makes its own. */
#define SPIN_S 2e-3

static struct {
  pthread_mutex_t mu, run; /* mu: the fields; run: held by the call using the pool */
  pthread_cond_t wake, done;
  pthread_t tid[GOLCL__POOL_MAX];
  int made;      /* workers 1..made */
  uint64_t job;  /* bumped at each call: workers wait for it to change */
  uint64_t born[GOLCL__POOL_MAX]; /* the job when each worker was made */
  int want;      /* workers 1..want-1 take part in the job */
  int left;      /* of them, those still running it */
  int quit;      /* the library is being unloaded */
  void (*fn)(void *, int);
  void *arg;
} pool = {.mu = PTHREAD_MUTEX_INITIALIZER,
          .run = PTHREAD_MUTEX_INITIALIZER,
          .wake = PTHREAD_COND_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

static inline void relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static void *pool_worker(void *p) {
  const int index = (int)(intptr_t)p;
  pthread_mutex_lock(&pool.mu);
  uint64_t seen = pool.born[index];
  pthread_mutex_unlock(&pool.mu);
  for (;;) {
    uint64_t job;
    double until = golcl__universe_now() + SPIN_S;
    while ((job = __atomic_load_n(&pool.job, __ATOMIC_ACQUIRE)) == seen &&
           !__atomic_load_n(&pool.quit, __ATOMIC_ACQUIRE) && golcl__universe_now() < until)
      relax();
    if (job == seen) {
      pthread_mutex_lock(&pool.mu);
      while (pool.job == seen && !pool.quit) pthread_cond_wait(&pool.wake, &pool.mu);
      job = pool.job;
      pthread_mutex_unlock(&pool.mu);
    }
    if (__atomic_load_n(&pool.quit, __ATOMIC_ACQUIRE)) return NULL;
    seen = job;
    if (index >= pool.want) continue;
    pool.fn(pool.arg, index);
    if (__atomic_sub_fetch(&pool.left, 1, __ATOMIC_ACQ_REL) == 0) {
      pthread_mutex_lock(&pool.mu);
      pthread_cond_signal(&pool.done);
      pthread_mutex_unlock(&pool.mu);
    }
  }
}

/* The child of a fork() has the calling thread only. */
static void pool_child(void) {
  pthread_mutex_init(&pool.mu, NULL);
  pthread_mutex_init(&pool.run, NULL);
  pthread_cond_init(&pool.wake, NULL);
  pthread_cond_init(&pool.done, NULL);
  pool.made = 0;
}

static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static void pool_init(void) { pthread_atfork(NULL, NULL, pool_child); }

/* The workers end with the library (dlclose, exit), not running its code after it. */
__attribute__((destructor)) static void pool_end(void) {
  pthread_mutex_lock(&pool.mu);
  __atomic_store_n(&pool.quit, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&pool.wake);
  int made = pool.made;
  pool.made = 0;
  pthread_mutex_unlock(&pool.mu);
  for (int i = 1; i <= made; i++) pthread_join(pool.tid[i], NULL);
}

typedef struct fresh_job {
  void (*fn)(void *, int);
  void *arg;
  int index;
} fresh_job;

static void *fresh_main(void *p) {
  fresh_job *j = p;
  j->fn(j->arg, j->index);
  return NULL;
}

/* Threads of the call's own, while another call holds the pool. */
static void parallel_fresh(int n, void (*fn)(void *, int), void *arg) {
  fresh_job j[GOLCL__POOL_MAX];
  pthread_t tid[GOLCL__POOL_MAX];
  int started = 1;
  for (int i = 1; i < n; i++, started++) {
    j[i] = (fresh_job){fn, arg, i};
    if (pthread_create(&tid[i], NULL, fresh_main, &j[i]) != 0) break;
  }
  fn(arg, 0);
  for (int i = started; i < n; i++) fn(arg, i); /* threads not made: here */
  for (int i = 1; i < started; i++) pthread_join(tid[i], NULL);
}

void golcl__universe_parallel(int n, void (*fn)(void *arg, int i), void *arg) {
  if (n > GOLCL__POOL_MAX) n = GOLCL__POOL_MAX;
  if (n <= 1) {
    fn(arg, 0);
    return;
  }
  pthread_once(&pool_once, pool_init);
  if (pthread_mutex_trylock(&pool.run) != 0) {
    parallel_fresh(n, fn, arg);
    return;
  }
  pthread_mutex_lock(&pool.mu);
  while (pool.made < n - 1 && !pool.quit) {
    const int i = pool.made + 1;
    pool.born[i] = pool.job;
    if (pthread_create(&pool.tid[i], NULL, pool_worker, (void *)(intptr_t)i) != 0) break;
    pool.made = i;
  }
  const int m = pool.made + 1 < n ? pool.made + 1 : n; /* the pool's part: 0..m-1 */
  pool.fn = fn, pool.arg = arg;
  pool.want = m;
  __atomic_store_n(&pool.left, m - 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&pool.job, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.mu);
  fn(arg, 0);
  for (int i = m; i < n; i++) fn(arg, i); /* workers not made: here */
  double until = golcl__universe_now() + SPIN_S;
  while (__atomic_load_n(&pool.left, __ATOMIC_ACQUIRE) > 0 && golcl__universe_now() < until)
    relax();
  pthread_mutex_lock(&pool.mu);
  while (__atomic_load_n(&pool.left, __ATOMIC_ACQUIRE) > 0) pthread_cond_wait(&pool.done, &pool.mu);
  pthread_mutex_unlock(&pool.mu);
  pthread_mutex_unlock(&pool.run);
}
