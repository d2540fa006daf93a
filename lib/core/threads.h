/* threads.h — how many threads the library's host code uses (private to
 * lib): HashLife's steps and the box of Larger than Life (lib/universe),
 * the making of meshes and their graphs (lib/lattice); the pool that runs
 * them; and the clock they time their work by. */
#ifndef GOLCL_CORE_THREADS_H
#define GOLCL_CORE_THREADS_H

/* $GOLCL_THREADS, else the CPUs the process may run on; at least 1, at
 * most max. */
int golcl__threads(int max);

/* Runs fn(arg, i) for each i of 0..n-1 at once: i = 0 on the calling
 * thread, the others on the library's pool of threads (made as the first
 * call needs them and kept, parked, for the next; a call made while another
 * uses the pool starts threads of its own); returns when every fn has
 * returned. n ≤ GOLCL__POOL_MAX. */
#define GOLCL__POOL_MAX 64
void golcl__parallel(int n, void (*fn)(void *arg, int i), void *arg);

/* Seconds on a monotonic clock (the progress callback's period, AUTO's
 * stretches, HashLife's judge of its threads). */
double golcl__now(void);

#endif
