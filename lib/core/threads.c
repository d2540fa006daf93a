/* threads.c — the library's thread count, pool of threads and clock
 * (threads.h). */
#define _GNU_SOURCE /* sched_getaffinity */
#include "threads.h"

#include "host.h"

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

/* The CPUs this process may run on (taskset, cpusets), else those online.
 * Other work on the machine is not subtracted: the load average counts a
 * benchmark's own previous runs, and the tasks runnable at one moment a
 * passing one, so that a default decided by them flipped between one
 * thread and two from run to run on pocl's 2-CPU machine (jagged2 to 2^20:
 * 3.6 s or 5.0 s); a jump whose threads lose to one thread, a busy
 * machine's among them, leaves the next jumps to one (hashlife.c). */
static long cpus(void) {
#ifdef CPU_COUNT
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
#endif
  return sysconf(_SC_NPROCESSORS_ONLN);
}

int golcl__threads(int max) {
  long n = golcl__env_long("GOLCL_THREADS", 1, LONG_MAX, 0);
  if (n < 1) n = cpus();
  return n < 1 ? 1 : n > max ? max : (int)n;
}

double golcl__now(void) {
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
 * variable (a spin of 2 ms gave pocl's JvN replicator, Langton's loops and
 * jagged2 nothing more, and kept 15 threads of a 16-CPU machine busy
 * through the end of a short run). The parts of a job are claimed one at a
 * time, by the workers and by the caller once its own part is done, so that
 * a call never waits for a worker to wake: one that wakes late finds every
 * part taken. After fork() the child has no workers: it makes its own. */
#define SPIN_S 2e-4
#define JOB_BITS 48

static struct {
  pthread_mutex_t mu, run; /* mu: the fields; run: held by the call using the pool */
  pthread_cond_t wake, done;
  pthread_t tid[GOLCL__POOL_MAX];
  int made;                       /* workers 1..made */
  uint64_t job;                   /* bumped at each call: workers wait for it to change */
  uint64_t born[GOLCL__POOL_MAX]; /* the job when each worker was made */
  /* the job's parts: its number (JOB_BITS), then its parts n, then the
   * next part to take (a byte each); a part is taken by a compare-and-swap */
  uint64_t claim;
  int finished; /* parts 1..n-1 done */
  int quit;     /* the library is being unloaded */
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

/* Takes and runs job's parts while any is left. */
static void take_parts(uint64_t job) {
  const uint64_t tag = job & ((1ull << JOB_BITS) - 1);
  uint64_t c = __atomic_load_n(&pool.claim, __ATOMIC_ACQUIRE);
  for (;;) {
    const unsigned n = c >> 8 & 0xff, next = c & 0xff;
    if (c >> 16 != tag || next >= n) return;
    if (!__atomic_compare_exchange_n(&pool.claim, &c, c + 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      continue; /* c is the claim now */
    pool.fn(pool.arg, (int)next);
    if (__atomic_add_fetch(&pool.finished, 1, __ATOMIC_ACQ_REL) == (int)n - 1) {
      pthread_mutex_lock(&pool.mu);
      pthread_cond_signal(&pool.done);
      pthread_mutex_unlock(&pool.mu);
    }
    c = __atomic_load_n(&pool.claim, __ATOMIC_ACQUIRE);
  }
}

static void *pool_worker(void *p) {
  const int index = (int)(intptr_t)p;
  pthread_mutex_lock(&pool.mu);
  uint64_t seen = pool.born[index];
  pthread_mutex_unlock(&pool.mu);
  for (;;) {
    uint64_t job;
    double until = golcl__now() + SPIN_S;
    while ((job = __atomic_load_n(&pool.job, __ATOMIC_ACQUIRE)) == seen &&
           !__atomic_load_n(&pool.quit, __ATOMIC_ACQUIRE) && golcl__now() < until)
      relax();
    if (job == seen) {
      pthread_mutex_lock(&pool.mu);
      while (pool.job == seen && !pool.quit) pthread_cond_wait(&pool.wake, &pool.mu);
      job = pool.job;
      pthread_mutex_unlock(&pool.mu);
    }
    if (__atomic_load_n(&pool.quit, __ATOMIC_ACQUIRE)) return NULL;
    seen = job;
    take_parts(job);
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

void golcl__parallel(int n, void (*fn)(void *arg, int i), void *arg) {
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
  pool.fn = fn, pool.arg = arg;
  __atomic_store_n(&pool.finished, 0, __ATOMIC_RELAXED);
  const uint64_t job = __atomic_add_fetch(&pool.job, 1, __ATOMIC_RELEASE);
  __atomic_store_n(&pool.claim, (job & ((1ull << JOB_BITS) - 1)) << 16 | (uint64_t)n << 8 | 1,
                   __ATOMIC_RELEASE);
  pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.mu);
  fn(arg, 0);
  take_parts(job); /* those no worker took yet */
  double until = golcl__now() + SPIN_S;
  while (__atomic_load_n(&pool.finished, __ATOMIC_ACQUIRE) < n - 1 && golcl__now() < until) relax();
  pthread_mutex_lock(&pool.mu);
  while (__atomic_load_n(&pool.finished, __ATOMIC_ACQUIRE) < n - 1)
    pthread_cond_wait(&pool.done, &pool.mu);
  pthread_mutex_unlock(&pool.mu);
  pthread_mutex_unlock(&pool.run);
}
