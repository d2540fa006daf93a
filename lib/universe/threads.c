/* threads.c — the universe's thread count and clock (threads.h). */
#define _DEFAULT_SOURCE /* getloadavg */
#include "threads.h"

#include "../core/host.h"

#include <limits.h>
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
