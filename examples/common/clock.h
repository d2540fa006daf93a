/* clock.h — timing in the example programs: the wall clock and medians. */
#ifndef EX_CLOCK_H
#define EX_CLOCK_H

#include <stddef.h>

/* Seconds of CLOCK_MONOTONIC: differences time a piece of work. */
double ex_now(void);

/* The median of v[0..n-1] (n > 0); sorts v. */
double ex_median(double *v, size_t n);

#endif
