/* threads.h — how many threads the universe's host engines use (private to
 * lib/universe): HashLife's steps (hashlife.c) and the box of Larger than
 * Life (ltlbox.c); and the clock they and the universe time work by. */
#ifndef GOLCL_UNIVERSE_THREADS_H
#define GOLCL_UNIVERSE_THREADS_H

/* $GOLCL_THREADS, else the CPUs that other work leaves idle (a machine that
 * others keep busy gains nothing from more threads than it has free CPUs:
 * they wait for one another's CPU); at least 1, at most max. */
int golcl__universe_threads(int max);

/* Seconds on a monotonic clock (the progress callback's period, AUTO's
 * stretches, HashLife's judge of its threads). */
double golcl__universe_now(void);

#endif
