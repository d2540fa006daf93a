/* threads.h — how many threads the universe's host engines use (private to
 * lib/universe): HashLife's steps (hashlife.c) and the box of Larger than
 * Life (ltlbox.c). */
#ifndef GOLCL_UNIVERSE_THREADS_H
#define GOLCL_UNIVERSE_THREADS_H

/* $GOLCL_THREADS, else the CPUs that other work leaves idle (a machine that
 * others keep busy gains nothing from more threads than it has free CPUs:
 * they wait for one another's CPU); at least 1, at most max. */
int golcl__universe_threads(int max);

#endif
