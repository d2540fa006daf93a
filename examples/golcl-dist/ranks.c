/* ranks.c — `golcl-dist bench --ranks-report`: the scaling table from one mpirun. The bench
 * runs on the first n ranks (a communicator split from MPI_COMM_WORLD) for n = 1, 2, 4, ... up
 * to every rank: weak (the --size grid, or --cg NX² unknowns, a rank) and strong (the same in
 * all); rank 0 prints each bench as it goes and then the table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

#define MAX_STEPS 16

/* The rank counts of the report: powers of two below P, and P. */
static int rank_counts(int P, int *n) {
  int k = 0;
  for (int c = 1; c < P && k < MAX_STEPS - 1; c *= 2) n[k++] = c;
  n[k++] = P;
  return k;
}

/* The process grid of a weak run on n ranks: py the largest divisor of n up to sqrt(n). */
static void weak_grid(int n, uint32_t *px, uint32_t *py) {
  int y = 1;
  for (int d = 1; d * d <= n; d++)
    if (n % d == 0) y = d;
  *py = (uint32_t)y;
  *px = (uint32_t)(n / y);
}

/* Runs one bench on the first n ranks of MPI_COMM_WORLD; its result on world rank 0. */
static int bench_on(int n, opts *o, int weak, bench_result *out) {
  int world_rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, world_rank < n ? 0 : MPI_UNDEFINED, world_rank, &sub);
  int rc = 0;
  memset(&last_result, 0, sizeof last_result);
  if (sub != MPI_COMM_NULL) {
    opts run = *o;
    run.ranks_report = 0;
    if (run.cg_nx) {
      run.cg_strong = !weak;
    } else if (weak) {
      weak_grid(n, &run.px, &run.py);
      run.w = o->w * run.px;
      run.h = o->h * run.py;
    }
    comm = sub;
    MPI_Comm_rank(sub, &rank);
    if (rank == 0) {
      printf("\n== %d rank%s, %s\n", n, n > 1 ? "s" : "", weak ? "weak" : "strong");
      fflush(stdout);
    }
    rc = run.cg_nx ? cmd_bench_cg(&run) : cmd_bench(&run);
    comm = MPI_COMM_WORLD;
    rank = world_rank;
    MPI_Comm_free(&sub);
  }
  *out = last_result;
  int any = 0;
  MPI_Allreduce(&rc, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return any;
}

static void print_life(const opts *o, const int *n, int k, const bench_result *weak,
                       const bench_result *strong) {
  printf(
      "\nranks report: Life, %ux%u a rank (weak) and in all (strong), %s, stepper %s, "
      "%llu generations, median of %llu\n",
      (unsigned)o->w, (unsigned)o->h, o->torus ? "torus" : "dead boundary", o->stepper,
      (unsigned long long)o->gens, (unsigned long long)o->repeat);
  printf(
      "| ranks | weak gen/s | weak efficiency | halo | overlapped | exchange_s | "
      "strong gen/s | speed-up | halo |\n| --- | --- | --- | --- | --- | --- | --- | --- | "
      "--- |\n");
  for (int i = 0; i < k; i++) {
    const bench_result *w = &weak[i], *s = &strong[i];
    printf("| %d | %.1f | %.1f %% | %u | %llu/%llu | %.4f | %.1f | %.2fx | %u |\n", n[i], w->per_s,
           100 * w->per_s / weak[0].per_s, (unsigned)w->halo, (unsigned long long)w->overlapped,
           (unsigned long long)w->intervals, w->exchange_s, s->per_s, s->per_s / weak[0].per_s,
           (unsigned)s->halo);
  }
}

static void print_cg(const opts *o, const int *n, int k, const bench_result *weak,
                     const bench_result *strong) {
  printf(
      "\nranks report: CG (f32 Poisson), %llux%llu unknowns a rank (weak) and in all "
      "(strong), %llu iterations, median of %llu\n",
      (unsigned long long)o->cg_nx, (unsigned long long)o->cg_nx, (unsigned long long)o->cg_iters,
      (unsigned long long)o->repeat);
  printf(
      "| ranks | weak us/iteration | weak efficiency | strong us/iteration | speed-up |\n"
      "| --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < k; i++)
    printf("| %d | %.1f | %.1f %% | %.1f | %.2fx |\n", n[i], 1e6 / weak[i].per_s,
           100 * weak[i].per_s / weak[0].per_s, 1e6 / strong[i].per_s,
           strong[i].per_s / weak[0].per_s);
}

int cmd_ranks_report(opts *o) {
  int P;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  if (!o->cg_nx && !o->w) o->w = o->h = 4096;
  int n[MAX_STEPS], k = rank_counts(P, n), rc = 0;
  bench_result weak[MAX_STEPS], strong[MAX_STEPS];
  memset(weak, 0, sizeof weak);
  memset(strong, 0, sizeof strong);
  for (int i = 0; i < k && !rc; i++) {
    rc = bench_on(n[i], o, 1, &weak[i]);
    if (!rc && n[i] == 1)
      strong[i] = weak[i]; /* one rank: the same run */
    else if (!rc)
      rc = bench_on(n[i], o, 0, &strong[i]);
  }
  if (rc || rank != 0) return rc;
  if (o->cg_nx)
    print_cg(o, n, k, weak, strong);
  else
    print_life(o, n, k, weak, strong);
  return 0;
}
