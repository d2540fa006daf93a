/* cmd_bench_life.c — `golcl bench`: the Life steppers side by side on one
 * device and one random grid. Each stepper runs on its own copy of the grid
 * after a warm-up that includes the JIT build; a run is timed with OpenCL
 * profiling events (markers before and after it), or with the wall clock
 * around clFinish where the queue has no profiling; every stepper must end
 * with the same hash as the first. */
#include <golcl.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomic_file.h"
#include "clock.h"
#include "cmd.h"
#include "pattern_io.h"
#include "plot.h"

/* Generations of the warm-up run (at most --gens). */
#define WARMUP_GENS 8

typedef struct bench_opts {
  const char *device, *steppers, *csv;
  uint32_t w, h;
  double density;
  uint64_t seed, gens;
  unsigned reps;
  golcl_boundary boundary;
  const char *plot;
} bench_opts;

typedef struct result {
  golcl_stepper_kind kind;
  double seconds; /* median of the reps */
  uint64_t hash;
} result;

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl bench [--device SPEC] [--size WxH] [--density P] [--seed S] [--gens N]\n"
          "                   [--steppers a,b,...|all] [--torus] [--csv FILE] [--reps R]\n"
          "                   [--plot FILE.png]\n"
          "       golcl bench la [...]   (the linear-algebra benchmark)\n"
          "\n"
          "Runs Life steppers side by side on one random grid and prints, for each,\n"
          "generations/s, cell updates/s, effective GB/s (2 bytes per cell update: one\n"
          "byte read and one written, whatever the layout) and the ratio to naive.\n"
          "Every stepper runs on a copy of the same grid after a warm-up (JIT build and\n"
          "a short run); a run is timed with OpenCL profiling events, the median of R\n"
          "runs is kept, and every stepper must end with the same grid hash as the first.\n"
          "\n"
          "  --device SPEC   gpu, cpu, P:D or a name substring (default: $GOLCL_DEVICE,\n"
          "                  else the first GPU, else the first device)\n"
          "  --size WxH      grid size (default 1024x1024)\n"
          "  --density P     share of live cells in the random grid, 0..1 (default 0.5)\n"
          "  --seed S        seed of golcl_grid_randomize (default 1)\n"
          "  --gens N        generations per timed run (default 100)\n"
          "  --steppers L    comma-separated stepper names, or all (default): every\n"
          "                  stepper of this build except reference (slow: name it)\n"
          "  --torus         toroidal boundary (default: dead)\n"
          "  --csv FILE      also write stepper,width,height,generations,seconds,\n"
          "                  gens_per_s,cells_per_s, one row per stepper\n"
          "  --reps R        timed runs per stepper, the median is reported (default 3)\n"
          "  --plot FILE.png a bar chart of cell updates/s per stepper (gnuplot)\n"
          "\n"
          "Exit status: 0; 1 if a stepper failed or ended with another hash; 2 on bad usage.\n");
}

static int parse_u64(const char *s, uint64_t *out) {
  char *end;
  errno = 0;
  if (!s || *s == '-' || *s == '\0') return -1;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end) return -1;
  *out = v;
  return 0;
}

static int parse_size(const char *s, uint32_t *w, uint32_t *h) {
  char *end;
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  unsigned long a = strtoul(s, &end, 10);
  if (errno || (*end != 'x' && *end != 'X') || end[1] < '0' || end[1] > '9') return -1;
  unsigned long b = strtoul(end + 1, &end, 10);
  if (errno || *end || a == 0 || b == 0 || a > 0x7fffffffUL || b > 0x7fffffffUL) return -1;
  *w = (uint32_t)a;
  *h = (uint32_t)b;
  return 0;
}

/* 0 on success, 2 on bad usage (message printed), 1 for --help. */
static int parse_args(int argc, char **argv, bench_opts *o) {
  enum { DEVICE = 256, STEPPERS, CSV, SIZE, DENSITY, SEED, GENS, REPS, TORUS, PLOT };
  static const struct option long_opts[] = {{"device", required_argument, NULL, DEVICE},
                                            {"steppers", required_argument, NULL, STEPPERS},
                                            {"csv", required_argument, NULL, CSV},
                                            {"size", required_argument, NULL, SIZE},
                                            {"density", required_argument, NULL, DENSITY},
                                            {"seed", required_argument, NULL, SEED},
                                            {"gens", required_argument, NULL, GENS},
                                            {"reps", required_argument, NULL, REPS},
                                            {"torus", no_argument, NULL, TORUS},
                                            {"plot", required_argument, NULL, PLOT},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
  int c;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", long_opts, NULL)) != -1) {
    const char *v = optarg;
    uint64_t u;
    if (c == 'h') {
      usage(stdout);
      return 1;
    } else if (c == '?' || c == ':') {
      return pio_bad_option("bench", c, argv);
    } else if (c == TORUS) {
      o->boundary = GOLCL_BOUNDARY_TORUS;
    } else if (c == DEVICE) {
      o->device = v;
    } else if (c == STEPPERS) {
      o->steppers = v;
    } else if (c == CSV) {
      o->csv = v;
    } else if (c == PLOT) {
      o->plot = v;
    } else if (c == SIZE) {
      if (parse_size(v, &o->w, &o->h)) {
        fprintf(stderr, "golcl bench: --size wants WxH with 1 <= W, H < 2^31, not '%s'\n", v);
        return 2;
      }
    } else if (c == DENSITY) {
      char *end;
      o->density = strtod(v, &end);
      if (*end || !(o->density >= 0.0 && o->density <= 1.0)) {
        fprintf(stderr, "golcl bench: --density wants a number in [0, 1], not '%s'\n", v);
        return 2;
      }
    } else if (c == SEED) {
      if (parse_u64(v, &o->seed)) {
        fprintf(stderr, "golcl bench: --seed wants an unsigned integer, not '%s'\n", v);
        return 2;
      }
    } else if (c == GENS) {
      if (parse_u64(v, &u) || u == 0) {
        fprintf(stderr, "golcl bench: --gens wants a positive integer, not '%s'\n", v);
        return 2;
      }
      o->gens = u;
    } else if (c == REPS) {
      if (parse_u64(v, &u) || u == 0 || u > 1000) {
        fprintf(stderr, "golcl bench: --reps wants an integer in 1..1000, not '%s'\n", v);
        return 2;
      }
      o->reps = (unsigned)u;
    }
  }
  if (optind < argc) {
    fprintf(stderr, "golcl bench: unexpected argument '%s' (see golcl bench --help)\n",
            argv[optind]);
    return 2;
  }
  return 0;
}

/* Fills want[kind] from the --steppers list; 2 on an unknown name. */
static int parse_steppers(const char *list, int want[GOLCL_STEPPER_COUNT]) {
  memset(want, 0, GOLCL_STEPPER_COUNT * sizeof *want);
  if (strcmp(list, "all") == 0) {
    for (int k = 0; k < GOLCL_STEPPER_COUNT; k++) want[k] = k != GOLCL_STEPPER_REFERENCE;
    return 0;
  }
  char *copy = strdup(list);
  if (!copy) return 2;
  int rc = 0;
  for (char *save = NULL, *name = strtok_r(copy, ",", &save); name;
       name = strtok_r(NULL, ",", &save)) {
    golcl_stepper_kind k;
    if (golcl_stepper_from_name(name, &k) != GOLCL_OK) {
      fprintf(stderr, "golcl bench: no stepper is named '%s'; the names are:", name);
      for (int j = 0; j < GOLCL_STEPPER_COUNT; j++)
        fprintf(stderr, " %s", golcl_stepper_name((golcl_stepper_kind)j));
      fprintf(stderr, "\n");
      rc = 2;
      break;
    }
    want[k] = 1;
  }
  free(copy);
  return rc;
}

/* Runs gens generations and measures them: the span between the ends of a
 * marker before and one after, from profiling; else (no profiling on the
 * queue) the wall clock from an idle queue to clFinish. */
static golcl_status timed_run(golcl_context *ctx, golcl_stepper *st, golcl_grid *g, uint64_t gens,
                              double *seconds, int *profiled) {
  cl_command_queue q = golcl_context_cl_queue(ctx);
  golcl_status s = golcl_context_finish(ctx);
  if (s != GOLCL_OK) return s;
  cl_event before = NULL, after = NULL;
  double t0 = ex_now();
  if (clEnqueueMarkerWithWaitList(q, 0, NULL, &before) != CL_SUCCESS) before = NULL;
  s = golcl_stepper_run(st, g, gens);
  if (s == GOLCL_OK && clEnqueueMarkerWithWaitList(q, 0, NULL, &after) != CL_SUCCESS) after = NULL;
  cl_int err = clFinish(q);
  double t1 = ex_now();
  cl_ulong a = 0, b = 0;
  *profiled =
      before && after &&
      clGetEventProfilingInfo(before, CL_PROFILING_COMMAND_END, sizeof a, &a, NULL) == CL_SUCCESS &&
      clGetEventProfilingInfo(after, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL) == CL_SUCCESS &&
      a != 0 && b > a;
  *seconds = *profiled ? 1e-9 * (double)(b - a) : t1 - t0;
  if (before) clReleaseEvent(before);
  if (after) clReleaseEvent(after);
  if (s == GOLCL_OK && err != CL_SUCCESS) s = GOLCL_E_OPENCL;
  return s;
}

/* Warm-up and R timed runs of one stepper on copies of base; 0 or 1. */
static int bench_one(golcl_context *ctx, golcl_grid *base, const bench_opts *o,
                     golcl_stepper_kind kind, result *r, int *profiled_all) {
  const char *name = golcl_stepper_name(kind);
  golcl_stepper *st = NULL;
  golcl_grid *g = NULL;
  double *times = calloc(o->reps, sizeof *times);
  golcl_status s = times ? golcl_stepper_create(ctx, kind, NULL, &st) : GOLCL_E_OUT_OF_MEMORY;
  /* warm-up: the JIT build, then a short run, on a copy that is thrown away */
  if (s == GOLCL_OK) s = golcl_grid_clone(base, &g);
  if (s == GOLCL_OK) s = golcl_stepper_prepare(st, g);
  if (s == GOLCL_OK) s = golcl_stepper_run(st, g, o->gens < WARMUP_GENS ? o->gens : WARMUP_GENS);
  if (s == GOLCL_OK) s = golcl_context_finish(ctx);
  for (unsigned i = 0; s == GOLCL_OK && i < o->reps; i++) {
    golcl_grid_destroy(g);
    g = NULL;
    int profiled = 1;
    s = golcl_grid_clone(base, &g);
    if (s == GOLCL_OK) s = timed_run(ctx, st, g, o->gens, &times[i], &profiled);
    if (!profiled) *profiled_all = 0;
  }
  if (s == GOLCL_OK) s = golcl_grid_hash(g, &r->hash);
  if (s == GOLCL_OK && golcl_grid_generation(g) != o->gens) {
    fprintf(stderr, "golcl bench: ERROR: %s counted %llu generations, not %llu\n", name,
            (unsigned long long)golcl_grid_generation(g), (unsigned long long)o->gens);
    s = GOLCL_E_MISMATCH;
  } else if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: ERROR: %s failed: %s: %s\n", name, golcl_strerror(s),
            golcl_context_errmsg(ctx));
  }
  if (s == GOLCL_OK) {
    r->seconds = ex_median(times, o->reps);
    r->kind = kind;
  }
  free(times);
  golcl_grid_destroy(g);
  golcl_stepper_destroy(st);
  return s == GOLCL_OK ? 0 : 1;
}

static void print_table(const bench_opts *o, const result *res, size_t n) {
  double cells = (double)o->w * (double)o->h, naive = 0;
  for (size_t i = 0; i < n; i++)
    if (res[i].kind == GOLCL_STEPPER_NAIVE) naive = res[i].seconds;
  printf("\n%-10s %12s %12s %14s %10s %10s  %s\n", "stepper", "seconds", "gens/s", "Gcell upd/s",
         "eff GB/s", "vs naive", "hash");
  for (size_t i = 0; i < n; i++) {
    double t = res[i].seconds, gps = (double)o->gens / t, cps = gps * cells;
    char ratio[32] = "-";
    if (naive > 0) snprintf(ratio, sizeof ratio, "%.2fx", naive / t);
    printf("%-10s %12.6f %12.4g %14.4g %10.4g %10s  %016llx\n", golcl_stepper_name(res[i].kind), t,
           gps, cps * 1e-9, 2.0 * cps * 1e-9, ratio, (unsigned long long)res[i].hash);
  }
}

/* The CSV, opened before the runs (a folder that cannot be written fails
 * early) and replaced whole at the end. */
static int write_csv(const bench_opts *o, ex_atomic *a, const result *res, size_t n) {
  fprintf(a->f, "stepper,width,height,generations,seconds,gens_per_s,cells_per_s\n");
  double cells = (double)o->w * (double)o->h;
  for (size_t i = 0; i < n; i++) {
    double gps = (double)o->gens / res[i].seconds;
    fprintf(a->f, "%s,%u,%u,%llu,%.9g,%.9g,%.9g\n", golcl_stepper_name(res[i].kind), (unsigned)o->w,
            (unsigned)o->h, (unsigned long long)o->gens, res[i].seconds, gps, gps * cells);
  }
  return ex_atomic_commit(a, "golcl bench") ? 1 : 0;
}

/* A bar chart of cell updates/s per stepper, log scale, labelled with the
 * ratio to naive. */
static int write_plot(const bench_opts *o, const golcl_device_info *dev, const result *res,
                      size_t n) {
  size_t cap = 4096 + n * 96, len = 0;
  char *script = malloc(cap);
  if (!script) return 1;
  double cells = (double)o->w * (double)o->h, naive = 0;
  for (size_t i = 0; i < n; i++)
    if (res[i].kind == GOLCL_STEPPER_NAIVE) naive = res[i].seconds;
  len += (size_t)snprintf(script + len, cap - len, "$data << EOD\n");
  for (size_t i = 0; i < n; i++) {
    char ratio[32] = "";
    if (naive > 0) snprintf(ratio, sizeof ratio, "%.2fx", naive / res[i].seconds);
    len += (size_t)snprintf(script + len, cap - len, "%s %.6g \"%s\"\n",
                            golcl_stepper_name(res[i].kind),
                            (double)o->gens / res[i].seconds * cells * 1e-9, ratio);
  }
  snprintf(script + len, cap - len,
           "EOD\n"
           "set title \"golcl bench: %ux%u %s, %llu generations, median of %u  (%s)\"\n"
           "set ylabel \"Gcell updates/s (log scale)\"\nset logscale y\nset grid ytics\n"
           "set style fill solid 0.8\nset boxwidth 0.6\nset key off\nset offsets 0.5, 0.5, graph "
           "0.08, 0\n"
           "plot $data using 0:2:xtic(1) with boxes lc rgb '#3070b0', \\\n"
           "     $data using 0:2:3 with labels offset 0,0.8\n",
           (unsigned)o->w, (unsigned)o->h,
           o->boundary == GOLCL_BOUNDARY_TORUS ? "torus" : "dead boundary",
           (unsigned long long)o->gens, o->reps, dev->name);
  int rc = plot_png("bench", o->plot, 1000, 600, script) ? 1 : 0;
  free(script);
  return rc;
}

int cmd_bench_life(int argc, char **argv) {
  bench_opts o = {NULL, "all", NULL, 1024, 1024, 0.5, 1, 100, 3, GOLCL_BOUNDARY_DEAD, NULL};
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  int want[GOLCL_STEPPER_COUNT];
  if (parse_steppers(o.steppers, want)) return 2;
  ex_atomic csv = {0}; /* fail before the long part, not after */
  if (o.csv && ex_atomic_open(&csv, o.csv, "golcl bench")) return 2;
  if (o.plot && !plot_check("bench")) {
    ex_atomic_abort(&csv);
    return 2;
  }

  golcl_context_opts co = {0};
  co.device = o.device;
  golcl_context *ctx;
  golcl_status s = golcl_context_create(&co, &ctx);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: %s: %s\n", golcl_strerror(s), golcl_last_errmsg());
    ex_atomic_abort(&csv);
    return 1;
  }
  golcl_device_info dev;
  golcl_context_device_info(ctx, &dev);
  printf("command:");
  for (int i = 0; i < argc; i++) printf(" %s", i == 0 ? "golcl bench" : argv[i]);
  printf("\ndevice:  %s (%s%s%s)\n", dev.name, dev.platform, dev.version[0] ? ", " : "",
         dev.version);
  printf("grid:    %ux%u %s, density %g, seed %llu; %llu generations a run, median of %u runs\n",
         (unsigned)o.w, (unsigned)o.h,
         o.boundary == GOLCL_BOUNDARY_TORUS ? "torus" : "dead boundary", o.density,
         (unsigned long long)o.seed, (unsigned long long)o.gens, o.reps);

  golcl_grid *base = NULL;
  s = golcl_grid_create(ctx, o.w, o.h, o.boundary, &base);
  if (s == GOLCL_OK) s = golcl_grid_randomize(base, o.density, o.seed);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: cannot make the grid: %s: %s\n", golcl_strerror(s),
            golcl_context_errmsg(ctx));
    golcl_grid_destroy(base);
    golcl_context_destroy(ctx);
    ex_atomic_abort(&csv);
    return 1;
  }

  result res[GOLCL_STEPPER_COUNT];
  size_t n = 0;
  int failed = 0, profiled = 1;
  for (int k = 0; k < GOLCL_STEPPER_COUNT; k++) {
    if (!want[k]) continue;
    const char *name = golcl_stepper_name((golcl_stepper_kind)k);
    if (!golcl_stepper_available((golcl_stepper_kind)k)) {
      printf("%-10s skipped: not in this build of libgolcl\n", name);
      continue;
    }
    printf("%-10s running...\n", name);
    fflush(stdout);
    if (bench_one(ctx, base, &o, (golcl_stepper_kind)k, &res[n], &profiled)) {
      failed = 1;
      continue;
    }
    if (n > 0 && res[n].hash != res[0].hash) {
      fprintf(stderr, "golcl bench: ERROR: MISMATCH: %s ends with hash %016llx, %s with %016llx\n",
              name, (unsigned long long)res[n].hash, golcl_stepper_name(res[0].kind),
              (unsigned long long)res[0].hash);
      printf("%-10s MISMATCH: ends with another grid than %s\n", name,
             golcl_stepper_name(res[0].kind));
      failed = 1;
    }
    n++;
  }
  if (n > 0) {
    print_table(&o, res, n);
    printf("\ntimer: %s; eff GB/s counts 2 bytes per cell update\n",
           profiled ? "OpenCL profiling events" : "wall clock around clFinish (no profiling)");
    if (o.csv && write_csv(&o, &csv, res, n)) failed = 1;
    if (o.plot && write_plot(&o, &dev, res, n)) failed = 1;
  }
  if (csv.f) ex_atomic_abort(&csv); /* nothing measured: the old CSV stays */
  if (failed) printf("\ngolcl bench: FAILED (see the errors above)\n");
  golcl_grid_destroy(base);
  golcl_context_destroy(ctx);
  return failed ? 1 : 0;
}
