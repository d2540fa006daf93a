/* cmd.h — what the files of the golcl-dist command share: the options, the communicator the
 * commands run on (MPI_COMM_WORLD, or a part of it for bench --ranks-report) and this rank in
 * it, and the commands' helpers. */
#ifndef GOLCL_DIST_CMD_H
#define GOLCL_DIST_CMD_H

#include <golcl_dist.h>

typedef struct opts {
  const char *pattern, *stepper, *device, *out;
  uint32_t w, h, px, py, halo;
  uint64_t gens, max_gather, seed, repeat;
  double density;
  int torus;
  uint64_t cg_nx, cg_iters;
  int cg_strong;
  golcl_cg_method cg_method; /* --cg-method: GOLCL_DIST_CG_AUTO by default */
  golcl_dist_exchange exchange;
  int profile;
  int ranks_report; /* bench --ranks-report */
} opts;

/* The last bench's figures on rank 0 of its communicator. */
typedef struct bench_result {
  double per_s;                         /* Life: generations/s; CG: iterations/s */
  double compute_s, exchange_s, wait_s; /* rank 0's, of the best run */
  uint32_t halo;
  uint64_t overlapped, intervals;
} bench_result;

extern int rank;
extern MPI_Comm comm;
extern bench_result last_result;

int fail(golcl_dist_context *d, const char *what, golcl_status s);
golcl_status make_context(const opts *o, golcl_dist_context **d);
int cmp_double(const void *a, const void *b);
int cmd_bench(opts *o);
int cmd_bench_cg(const opts *o);
int cmd_ranks_report(opts *o);                     /* ranks.c */
int cmd_run_ms(opts *o, golcl_mspattern *pattern); /* run_ms.c: takes the pattern */

#endif
