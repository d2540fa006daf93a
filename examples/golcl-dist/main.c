/* main.c — the golcl-dist command, under mpirun: `run` a pattern on a grid distributed over the
 * ranks, list every rank's `devices`, `bench` the distributed Life step (per-rank and total
 * figures, the time spent in halo exchange). Rank 0 prints; every rank parses the same argv. */
#include <golcl_dist.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../golcl/pattern_io.h"

#include "cmd.h"

#define MAX_GATHER_DEFAULT ((uint64_t)1 << 30)

int rank;
MPI_Comm comm;
bench_result last_result;

static void usage(FILE *f) {
  fprintf(f,
          "usage: mpirun -np P golcl-dist COMMAND [options]\n\n"
          "  run PATTERN    run a pattern (RLE, .cells, ...) centred in a distributed grid\n"
          "  run --random D run a random soup of density D instead\n"
          "  devices        every rank's host and device\n"
          "  bench          time the distributed step: per rank and in total\n\n"
          "options:\n"
          "  --size WxH        the global grid (run: default 1024x1024; bench: 4096x4096)\n"
          "  -g N              generations (default 100)\n"
          "  --stepper S       auto, naive, lut6x3, ... (default auto: the fastest for this\n"
          "                    device and each rank's part of the grid, as in golcl)\n"
          "  --torus           wrap the edges (default: dead boundary)\n"
          "  --halo K          ghost frame depth = generations between exchanges (default:\n"
          "                    tuned from the measured step and launch costs)\n"
          "  --grid PXxPY      the process grid (default: chosen)\n"
          "  --device SPEC     this node's devices: gpu (dealt by node-local rank), cpu, a list\n"
          "                    0:0,0:1, ... (default $GOLCL_DEVICE, else gpu)\n"
          "  --seed N          soup seed (default 1)\n"
          "  --repeat N        bench: timed runs, the median is printed (default 3)\n"
          "  -o FILE           run: write the result, .rle or .png (gathered on rank 0)\n"
          "  --max-gather N    refuse to gather more than N cells (default 2^30)\n"
          "  --cg NX           bench: distributed CG (f32 Poisson) instead of Life, NX x (NX·P)\n"
          "                    unknowns (NX² a rank: weak scaling); --strong: NX x NX in all\n"
          "  --iters N         bench --cg: iterations timed (default 100)\n"
          "  --cg-method M     bench --cg: auto (default: single on more than one rank),\n"
          "                    standard (two reductions an iteration) or single\n"
          "                    (Chronopoulos-Gear: one reduction and one round)\n"
          "  --ranks-report    bench: the scaling table on 1, 2, 4, ... of the ranks: weak\n"
          "                    (--size, or --cg NX, a rank) and strong (the same in all)\n"
          "  --exchange WAY    frame (default: one pack kernel, one read, one message a\n"
          "                    neighbour) or rect (each piece through the rectangle I/O)\n"
          "  --profile         bench: wait for the device at each phase of an exchange and\n"
          "                    print where an exchange's time goes (pack, read, MPI, write,\n"
          "                    unpack)\n");
}

/* Parses argv[1..] (argv[0] is the command) with getopt_long, as golcl does. */
static int parse(int argc, char **argv, opts *o) {
  enum {
    CG = 256,
    ITERS,
    SIZE,
    STEPPER,
    DEVICE,
    HALO,
    GRID,
    SEED,
    REPEAT,
    MAX_GATHER,
    RANDOM,
    TORUS,
    STRONG,
    EXCHANGE,
    PROFILE,
    CG_METHOD,
    RANKS_REPORT
  };
  static const struct option long_opts[] = {{"cg", required_argument, NULL, CG},
                                            {"iters", required_argument, NULL, ITERS},
                                            {"size", required_argument, NULL, SIZE},
                                            {"generations", required_argument, NULL, 'g'},
                                            {"stepper", required_argument, NULL, STEPPER},
                                            {"device", required_argument, NULL, DEVICE},
                                            {"halo", required_argument, NULL, HALO},
                                            {"grid", required_argument, NULL, GRID},
                                            {"seed", required_argument, NULL, SEED},
                                            {"repeat", required_argument, NULL, REPEAT},
                                            {"max-gather", required_argument, NULL, MAX_GATHER},
                                            {"output", required_argument, NULL, 'o'},
                                            {"random", required_argument, NULL, RANDOM},
                                            {"torus", no_argument, NULL, TORUS},
                                            {"strong", no_argument, NULL, STRONG},
                                            {"exchange", required_argument, NULL, EXCHANGE},
                                            {"profile", no_argument, NULL, PROFILE},
                                            {"cg-method", required_argument, NULL, CG_METHOD},
                                            {"ranks-report", no_argument, NULL, RANKS_REPORT},
                                            {NULL, 0, NULL, 0}};
  memset(o, 0, sizeof *o);
  o->gens = 100;
  o->stepper = "auto";
  o->max_gather = MAX_GATHER_DEFAULT;
  o->seed = 1;
  o->repeat = 3;
  o->density = -1;
  o->cg_iters = 100;
  o->cg_method = GOLCL_DIST_CG_AUTO;
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, ":g:o:", long_opts, NULL)) != -1) {
    const char *v = optarg;
    int bad = 0;
    char *end;
    switch (c) {
      case '?':
      case ':':
        if (rank == 0)
          fprintf(stderr, "golcl-dist: %s '%s'\n",
                  c == ':' ? "option needs a value:" : "unknown option", argv[optind - 1]);
        return 2;
      case TORUS:
        o->torus = 1;
        break;
      case STRONG:
        o->cg_strong = 1;
        break;
      case PROFILE:
        o->profile = 1;
        break;
      case EXCHANGE:
        bad = strcmp(v, "frame") != 0 && strcmp(v, "rect") != 0;
        o->exchange = strcmp(v, "rect") == 0 ? GOLCL_DIST_EXCHANGE_RECT : GOLCL_DIST_EXCHANGE_AUTO;
        break;
      case CG_METHOD:
        bad = strcmp(v, "single") != 0 && strcmp(v, "standard") != 0 && strcmp(v, "auto") != 0;
        o->cg_method = strcmp(v, "single") == 0     ? GOLCL_CG_SINGLE_REDUCTION
                       : strcmp(v, "standard") == 0 ? GOLCL_CG_STANDARD
                                                    : GOLCL_DIST_CG_AUTO;
        break;
      case RANKS_REPORT:
        o->ranks_report = 1;
        break;
      case CG:
        bad = pio_parse_u64(v, &o->cg_nx);
        break;
      case ITERS:
        bad = pio_parse_u64(v, &o->cg_iters) || o->cg_iters == 0;
        break;
      case SIZE:
        bad = pio_parse_size(v, &o->w, &o->h);
        break;
      case 'g':
        bad = pio_parse_u64(v, &o->gens);
        break;
      case STEPPER:
        o->stepper = v;
        break;
      case DEVICE:
        o->device = v;
        break;
      case HALO:
        bad = pio_parse_u32(v, &o->halo);
        break;
      case GRID:
        bad = pio_parse_size(v, &o->px, &o->py);
        break;
      case SEED:
        bad = pio_parse_u64(v, &o->seed);
        break;
      case REPEAT:
        bad = pio_parse_u64(v, &o->repeat) || o->repeat == 0;
        break;
      case MAX_GATHER:
        bad = pio_parse_u64(v, &o->max_gather);
        break;
      case 'o':
        o->out = v;
        break;
      case RANDOM:
        o->density = strtod(v, &end);
        bad = *end || !(o->density >= 0 && o->density <= 1);
        break;
    }
    if (bad) {
      if (rank == 0) fprintf(stderr, "golcl-dist: bad value '%s' for %s\n", v, argv[optind - 1]);
      return 2;
    }
  }
  for (int i = optind; i < argc; i++) {
    if (o->pattern) {
      if (rank == 0) fprintf(stderr, "golcl-dist: unexpected argument '%s'\n", argv[i]);
      return 2;
    }
    o->pattern = argv[i];
  }
  return 0;
}

/* Prints a failed collective (on rank 0) and returns 1. */
int fail(golcl_dist_context *d, const char *what, golcl_status s) {
  if (rank == 0)
    fprintf(stderr, "golcl-dist: %s: %s: %s\n", what, golcl_strerror(s), golcl_dist_errmsg(d));
  return 1;
}

golcl_status make_context(const opts *o, golcl_dist_context **d) {
  golcl_dist_context_opts co = {0};
  co.device = o->device;
  golcl_status s = golcl_dist_context_create(comm, &co, d);
  if (s != GOLCL_OK && rank == 0)
    fprintf(stderr, "golcl-dist: %s: %s\n", golcl_strerror(s), golcl_dist_last_errmsg());
  return s;
}

static int cmd_devices(const opts *o) {
  golcl_dist_context *d;
  if (make_context(o, &d) != GOLCL_OK) return 1;
  int n = golcl_dist_size(d);
  golcl_dist_device *all = calloc((size_t)n, sizeof *all);
  golcl_status s = golcl_dist_devices(d, all, all ? (size_t)n : 0);
  if (s != GOLCL_OK) return fail(d, "devices", s);
  if (rank == 0)
    for (int r = 0; r < n; r++)
      printf("rank %d (node-local %d) on %s: %s [%s], %s, %u compute units, %.1f GiB\n", r,
             all[r].local_rank, all[r].host, all[r].info.name, all[r].spec, all[r].info.platform,
             all[r].info.compute_units, (double)all[r].info.global_mem_bytes / (1 << 30));
  free(all);
  golcl_dist_context_destroy(d);
  return 0;
}

/* The context, the grid (cells set by the pattern or a soup) and the stepper of run/bench. */
/* bench: rank 0 prints how long each stage of setup took, at once (a stage that never ends
 * shows where). */
static int print_stages;

static void stage(const char *what, double *t) {
  double now = MPI_Wtime();
  if (rank == 0 && print_stages) {
    printf("setup: %s %.2f s\n", what, now - *t);
    fflush(stdout);
  }
  *t = now;
}

static int setup(const opts *o, golcl_dist_context **d, golcl_dist_grid **g, golcl_stepper **st) {
  *g = NULL;
  *st = NULL;
  double t = MPI_Wtime();
  if (make_context(o, d) != GOLCL_OK) return 1;
  stage("context", &t);
  golcl_stepper_kind kind;
  if (golcl_stepper_from_name(o->stepper, &kind) != GOLCL_OK) {
    if (rank == 0) fprintf(stderr, "golcl-dist: no stepper '%s'\n", o->stepper);
    return 2;
  }
  golcl_status s = golcl_stepper_create(golcl_dist_context_local(*d), kind, NULL, st);
  /* a local call: agree on it before the grid, whose k it may choose */
  int bad = s != GOLCL_OK, any = 0;
  MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, comm);
  if (any) {
    if (rank == 0) fprintf(stderr, "golcl-dist: stepper '%s' not available\n", o->stepper);
    return 1;
  }
  golcl_dist_grid_opts go = {0};
  go.px = o->px;
  go.py = o->py;
  go.halo = o->halo; /* 0: chosen from the stepper's generations per launch */
  go.stepper = *st;
  go.exchange = o->exchange;
  go.profile = o->profile;
  golcl_status gs = golcl_dist_grid_create(
      *d, o->w, o->h, o->torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &go, g);
  if (gs != GOLCL_OK) return fail(*d, "grid", gs);
  stage("grid (local grid, halo probe, exchange plan)", &t);
  if (o->pattern) {
    golcl_pattern *p = pio_load("golcl-dist", o->pattern);
    int ok = p != NULL, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (!all_ok) return 1;
    golcl_rule r;
    char rule[24];
    s = golcl_pattern_rule(p, &r); /* the same file on every rank: all fail alike */
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl-dist: %s: %s (distributed grids run Life-like rules)\n", o->pattern,
              golcl_last_errmsg());
      golcl_pattern_destroy(p);
      return 1;
    }
    golcl_rule_format(r, rule, sizeof rule);
    s = golcl_dist_grid_set_rule(*g, rule);
    if (s == GOLCL_OK)
      s = golcl_dist_grid_place(*g, p, ((int64_t)o->w - golcl_pattern_width(p)) / 2,
                                ((int64_t)o->h - golcl_pattern_height(p)) / 2);
    golcl_pattern_destroy(p);
    if (s != GOLCL_OK) return fail(*d, "placing the pattern", s);
  } else {
    s = golcl_dist_grid_randomize(*g, o->density >= 0 ? o->density : 0.5, o->seed);
    if (s != GOLCL_OK) return fail(*d, "randomize", s);
  }
  stage("cells (enqueued)", &t);
  return 0;
}

static void teardown(golcl_dist_context *d, golcl_dist_grid *g, golcl_stepper *st) {
  golcl_dist_grid_destroy(g);
  golcl_stepper_destroy(st);
  golcl_dist_context_destroy(d);
}

static int write_out(golcl_dist_context *d, golcl_dist_grid *g, const opts *o) {
  pio_kind k = pio_kind_of(o->out);
  uint32_t w = o->w, h = o->h;
  golcl_status s;
  int rc = 0;
  if (k == PIO_PNG) {
    uint64_t n = (uint64_t)w * h;
    uint8_t *cells = rank == 0 && n <= o->max_gather ? malloc((size_t)n) : NULL;
    s = golcl_dist_grid_gather(g, 0, o->max_gather, cells, 0);
    if (s != GOLCL_OK) rc = fail(d, "gather", s);
    ex_cell_view view = {1, 4096, 4096};
    if (rc == 0 && rank == 0) rc = pio_write_png("golcl-dist", o->out, cells, w, h, &view) ? 1 : 0;
    free(cells);
    return rc;
  }
  golcl_pattern *p = NULL;
  s = golcl_dist_grid_extract(g, 0, o->max_gather, &p);
  if (s != GOLCL_OK) return fail(d, "extract", s);
  ex_cell_view view = {1, 0, 0};
  if (rank == 0) rc = pio_write("golcl-dist", o->out, p, &view, 2) ? 1 : 0;
  golcl_pattern_destroy(p);
  return rc;
}

/* What the pattern file is, the same on every rank: 1 multi-state (golcl_mspattern_read_file
 * reads it), 0 two-state (then its bounded grid, a plane or torus of both sides, is the grid
 * unless --size is given), -1 neither (said on rank 0). */
static int pattern_kind(opts *o) {
  golcl_mspattern *msp = NULL;
  int ms = golcl_mspattern_read_file(o->pattern, &msp) == GOLCL_OK, all = 0;
  golcl_mspattern_destroy(msp);
  MPI_Allreduce(&ms, &all, 1, MPI_INT, MPI_MIN, comm);
  if (all) return 1;
  golcl_pattern *p = pio_load("golcl-dist", o->pattern);
  int ok = p != NULL, all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
  uint32_t bw = 0, bh = 0;
  golcl_topology t = p ? golcl_pattern_topology(p, &bw, &bh) : GOLCL_TOPOLOGY_INFINITE;
  if (!o->w && (t == GOLCL_TOPOLOGY_PLANE || t == GOLCL_TOPOLOGY_TORUS) && bw && bh) {
    o->w = bw;
    o->h = bh;
    o->torus = t == GOLCL_TOPOLOGY_TORUS;
  }
  golcl_pattern_destroy(p);
  if (all_ok && t != GOLCL_TOPOLOGY_INFINITE && t != GOLCL_TOPOLOGY_PLANE &&
      t != GOLCL_TOPOLOGY_TORUS) {
    if (rank == 0)
      fprintf(stderr, "golcl-dist: %s: only planes and tori are distributed\n", o->pattern);
    return -1;
  }
  return all_ok ? 0 : -1;
}

static int cmd_run(opts *o) {
  if (!o->pattern && o->density < 0) {
    if (rank == 0) fprintf(stderr, "golcl-dist run: a pattern file or --random D\n");
    return 2;
  }
  if (o->pattern) {
    int kind = pattern_kind(o);
    if (kind < 0) return 1;
    if (kind == 1) {
      golcl_mspattern *msp = NULL;
      golcl_mspattern_read_file(o->pattern, &msp);
      return cmd_run_ms(o, msp);
    }
  }
  if (!o->w) o->w = o->h = 1024;
  golcl_dist_context *d;
  golcl_dist_grid *g;
  golcl_stepper *st;
  int rc = setup(o, &d, &g, &st);
  if (rc) {
    teardown(d, g, st);
    return rc;
  }
  double t0 = MPI_Wtime();
  golcl_status s = golcl_dist_grid_step(g, st, o->gens);
  double t = MPI_Wtime() - t0;
  if (s != GOLCL_OK) rc = fail(d, "step", s);
  uint64_t pop = 0, hash = 0;
  if (!rc && (s = golcl_dist_grid_population(g, &pop)) != GOLCL_OK) rc = fail(d, "population", s);
  if (!rc && (s = golcl_dist_grid_hash(g, &hash)) != GOLCL_OK) rc = fail(d, "hash", s);
  if (!rc && rank == 0)
    printf(
        "%ux%u %s, %d ranks, %s: %llu generations in %.3f s (%.1f gen/s); population %llu, "
        "hash %016llx\n",
        (unsigned)o->w, (unsigned)o->h, o->torus ? "torus" : "dead boundary", golcl_dist_size(d),
        o->stepper, (unsigned long long)o->gens, t, t > 0 ? (double)o->gens / t : 0.0,
        (unsigned long long)pop, (unsigned long long)hash);
  if (!rc && o->out) rc = write_out(d, g, o);
  teardown(d, g, st);
  return rc;
}

int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int cmd_bench(opts *o) {
  if (!o->w) o->w = o->h = 4096;
  print_stages = 1;
  golcl_dist_context *d;
  golcl_dist_grid *g;
  golcl_stepper *st;
  double t_start = MPI_Wtime();
  int rc = setup(o, &d, &g, &st);
  golcl_status s = GOLCL_OK;
  golcl_dist_part part;
  if (!rc) golcl_dist_grid_part(g, &part);
  double t_setup = MPI_Wtime();
  if (rank == 0 && !rc) {
    printf("setup (context, grid, soup): %.2f s\n", t_setup - t_start);
    fflush(stdout);
  }
  /* warm-up: JIT and layout conversion, three exchange intervals (the second builds the
   * overlap's strips and their kernels) */
  uint64_t warm = 3 * (uint64_t)part.halo;
  if (!rc && (s = golcl_dist_grid_step(g, st, warm)) != GOLCL_OK) rc = fail(d, "step", s);
  if (rank == 0 && !rc) {
    printf("warm-up (%llu generations, the kernels built): %.2f s\n", (unsigned long long)warm,
           MPI_Wtime() - t_setup);
    fflush(stdout);
  }
  double *times = calloc(o->repeat, sizeof *times);
  golcl_dist_grid_stats stats = {0}, best = {0};
  for (uint64_t i = 0; !rc && i < o->repeat; i++) {
    golcl_dist_grid_stats_get(g, NULL, 1);
    MPI_Barrier(comm);
    double t0 = MPI_Wtime();
    s = golcl_dist_grid_step(g, st, o->gens);
    times[i] = MPI_Wtime() - t0;
    if (s != GOLCL_OK) rc = fail(d, "step", s);
    golcl_dist_grid_stats_get(g, &stats, 0);
    if (i == 0 || times[i] <= times[0]) best = stats;
  }
  uint64_t hash = 0;
  if (!rc && (s = golcl_dist_grid_hash(g, &hash)) != GOLCL_OK) rc = fail(d, "hash", s);
  if (!rc) {
    int n = golcl_dist_size(d);
    enum { NV = 15 };
    double mine[NV] = {best.exchange_s,
                       best.compute_s,
                       best.wait_s,
                       (double)best.bytes_sent,
                       (double)part.w,
                       (double)part.h,
                       (double)part.local_w,
                       (double)part.local_h,
                       best.pack_s,
                       best.read_s,
                       best.mpi_s,
                       best.write_s,
                       best.unpack_s,
                       (double)best.exchanges,
                       (double)best.bytes_host};
    double *all = rank == 0 ? malloc(sizeof mine * (size_t)n) : NULL;
    MPI_Gather(mine, NV, MPI_DOUBLE, all, NV, MPI_DOUBLE, 0, comm);
    qsort(times, o->repeat, sizeof *times, cmp_double);
    double med = times[o->repeat / 2];
    if (rank == 0) {
      golcl_device_info info;
      golcl_context_device_info(golcl_dist_context_local(d), &info);
      printf(
          "golcl-dist bench: %ux%u %s, %s (%s), halo %u, %dx%d ranks on %s; %llu generations, "
          "median of %llu; exchange %s%s\n",
          (unsigned)o->w, (unsigned)o->h, o->torus ? "torus" : "dead", o->stepper,
          golcl_stepper_name(golcl_stepper_chosen(st)), (unsigned)part.halo, (int)part.px,
          (int)part.py, info.name, (unsigned long long)o->gens, (unsigned long long)o->repeat,
          o->exchange == GOLCL_DIST_EXCHANGE_RECT ? "rect" : "frame",
          o->profile ? ", profiled" : "");
      printf("%5s %12s %12s %10s %10s %10s %12s\n", "rank", "block", "local", "compute_s",
             "exchange_s", "wait_s", "sent_MB");
      for (int r = 0; r < n; r++) {
        double *a = all + NV * r;
        char blk[32], loc[32];
        snprintf(blk, sizeof blk, "%.0fx%.0f", a[4], a[5]);
        snprintf(loc, sizeof loc, "%.0fx%.0f", a[6], a[7]);
        printf("%5d %12s %12s %10.4f %10.4f %10.4f %12.2f\n", r, blk, loc, a[1], a[0], a[2],
               a[3] / 1e6);
      }
      printf("an exchange (us): %5s %9s %9s %9s %9s %9s %9s %9s %10s\n", "rank", "total", "pack",
             "read", "mpi", "write", "unpack", "other", "host_KB");
      for (int r = 0; r < n; r++) {
        double *a = all + NV * r, x = a[13] > 0 ? a[13] : 1;
        double other = a[0] - a[8] - a[9] - a[10] - a[11] - a[12];
        printf("an exchange (us): %5d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %10.1f\n", r,
               a[0] / x * 1e6, a[8] / x * 1e6, a[9] / x * 1e6, a[10] / x * 1e6, a[11] / x * 1e6,
               a[12] / x * 1e6, other / x * 1e6, a[14] / x / 1e3);
      }
      double cells = (double)o->w * o->h * (double)o->gens;
      last_result.per_s = (double)o->gens / med;
      last_result.compute_s = all[1];
      last_result.exchange_s = all[0];
      last_result.wait_s = all[2];
      last_result.halo = part.halo;
      last_result.overlapped = best.overlapped;
      last_result.intervals = (uint64_t)all[13];
      printf("total: %.4f s, %.1f generations/s, %.3e cell updates/s; hash %016llx\n", med,
             (double)o->gens / med, cells / med, (unsigned long long)hash);
      printf("csv: ranks,w,h,stepper,halo,gens,seconds,gen_per_s,cells_per_s,exchange_s_rank0\n");
      printf("csv: %d,%u,%u,%s,%u,%llu,%.6f,%.3f,%.6e,%.6f\n", n, (unsigned)o->w, (unsigned)o->h,
             o->stepper, (unsigned)part.halo, (unsigned long long)o->gens, med,
             (double)o->gens / med, cells / med, all[0]);
    }
    free(all);
  }
  free(times);
  teardown(d, g, st);
  return rc;
}

/* Distributed CG on the 5-point Poisson matrix (f32): a fixed number of iterations (the
 * tolerance is out of reach), the median time an iteration. */
int cmd_bench_cg(const opts *o) {
  golcl_dist_context *d;
  if (make_context(o, &d) != GOLCL_OK) return 1;
  int P = golcl_dist_size(d), rc = 0;
  size_t nx = (size_t)o->cg_nx, ny = o->cg_strong ? nx : nx * (size_t)P, n = nx * ny;
  golcl_dist_bandmat *A = NULL;
  golcl_dist_vec *b = NULL, *x = NULL;
  golcl_status s = golcl_dist_fd_stencil5(d, nx, ny, 4, -1, GOLCL_F32, &A);
  if (s == GOLCL_OK) s = golcl_dist_vec_create(d, n, GOLCL_F32, &b);
  if (s == GOLCL_OK) s = golcl_dist_vec_create(d, n, GOLCL_F32, &x);
  if (s == GOLCL_OK) s = golcl_vec_fill(golcl_dist_vec_local(b), 1.0) == GOLCL_OK ? GOLCL_OK : s;
  if (s != GOLCL_OK) rc = fail(d, "cg setup", s);
  golcl_cg_opts co = {0};
  co.atol = 1e-30;
  co.rtol = 1e-30;
  co.method = o->cg_method;
  int single =
      o->cg_method == GOLCL_CG_SINGLE_REDUCTION || (o->cg_method == GOLCL_DIST_CG_AUTO && P > 1);
  double *t = calloc(o->repeat, sizeof *t);
  golcl_cg_report rep = {0};
  for (uint64_t i = 0; !rc && i <= o->repeat; i++) { /* run 0: warm-up */
    co.max_iter = i == 0 ? 2 : (size_t)o->cg_iters;
    golcl_vec_fill(golcl_dist_vec_local(x), 0);
    MPI_Barrier(comm);
    double t0 = MPI_Wtime();
    s = golcl_dist_cg_solve(A, b, x, &co, &rep);
    if (s != GOLCL_OK) rc = fail(d, "cg", s);
    if (i > 0) t[i - 1] = (MPI_Wtime() - t0) / (double)(rep.iterations ? rep.iterations : 1);
    if (i == 0) golcl_dist_cg_stats_get(d, NULL, 1); /* the warm-up does not count */
  }
  golcl_dist_cg_stats cs = {0};
  golcl_dist_cg_stats_get(d, &cs, 0);
  double it = cs.iterations ? (double)cs.iterations : 1,
         mine[6] = {cs.solve_s / it * 1e6, cs.device_s / it * 1e6, cs.round_s / it * 1e6,
                    cs.halo_s / it * 1e6,  cs.write_s / it * 1e6,  (double)cs.rounds / it};
  double *all = rank == 0 ? malloc(sizeof mine * (size_t)P) : NULL;
  MPI_Gather(mine, 6, MPI_DOUBLE, all, 6, MPI_DOUBLE, 0, comm);
  if (!rc) {
    qsort(t, o->repeat, sizeof *t, cmp_double);
    if (rank == 0) {
      golcl_device_info info;
      golcl_context_device_info(golcl_dist_context_local(d), &info);
      printf("golcl-dist bench --cg: %zux%zu unknowns (%s), f32 Poisson, %d ranks on %s; %s%s\n",
             nx, ny, o->cg_strong ? "strong" : "weak", P, info.name,
             single ? "single reduction, " : "",
             P == 1 && !getenv("GOLCL_DIST_CG_HOOKS") ? "fused (one rank)"
             : getenv("GOLCL_DIST_CG_GENERAL")        ? "halo of p (GOLCL_DIST_CG_GENERAL)"
             : getenv("GOLCL_LA_CG_HALO_KERNELS")     ? "halo of r, fused kernels"
             : single                                 ? "halo of w with the sums"
                                                      : "halo of r");
      printf("%zu iterations a solve, median of %llu: %.1f us an iteration (%.3e unknowns/s)\n",
             rep.iterations, (unsigned long long)o->repeat, t[o->repeat / 2] * 1e6,
             (double)n / t[o->repeat / 2]);
      last_result.per_s = 1 / t[o->repeat / 2];
      last_result.compute_s = all[1] * 1e-6;
      last_result.exchange_s = (all[2] + all[3] + all[4]) * 1e-6;
      printf("csv: ranks,nx,ny,iters,us_per_iter\ncsv: %d,%zu,%zu,%zu,%.3f\n", P, nx, ny,
             rep.iterations, t[o->repeat / 2] * 1e6);
      printf("an iteration (us, mean): %5s %9s %9s %9s %9s %9s %9s %7s\n", "rank", "solve",
             "device", "rounds", "halo", "writes", "other", "rounds");
      for (int r = 0; r < P; r++) {
        double *a = all + 6 * r;
        printf("an iteration (us, mean): %5d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %7.2f\n", r, a[0],
               a[1], a[2], a[3], a[4], a[0] - a[1] - a[2] - a[3] - a[4], a[5]);
      }
    }
  }
  free(all);
  free(t);
  golcl_dist_vec_destroy(b);
  golcl_dist_vec_destroy(x);
  golcl_dist_bandmat_destroy(A);
  golcl_dist_context_destroy(d);
  return rc;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  comm = MPI_COMM_WORLD;
  MPI_Comm_rank(comm, &rank);
  int rc;
  opts o;
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
    if (rank == 0) usage(argc < 2 ? stderr : stdout);
    rc = argc < 2 ? 2 : 0;
  } else if ((rc = parse(argc - 1, argv + 1, &o)) != 0) {
  } else if (strcmp(argv[1], "devices") == 0) {
    rc = cmd_devices(&o);
  } else if (strcmp(argv[1], "run") == 0) {
    rc = cmd_run(&o);
  } else if (strcmp(argv[1], "bench") == 0) {
    rc = o.ranks_report ? cmd_ranks_report(&o) : o.cg_nx ? cmd_bench_cg(&o) : cmd_bench(&o);
  } else {
    if (rank == 0) fprintf(stderr, "golcl-dist: unknown command '%s'\n", argv[1]);
    rc = 2;
  }
  MPI_Finalize();
  return rc;
}
