/* cmd_bench_life.c — `golcl bench`: the Life steppers side by side on one
 * device and one random grid. Each stepper runs on its own copy of the grid
 * after a warm-up that includes the JIT build; a run is timed with OpenCL
 * profiling events (markers before and after it), or with the wall clock
 * around clFinish where the queue has no profiling; every stepper must end
 * with the same hash as the first. */
#include <golcl.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "cmd.h"

/* Generations of the warm-up run (at most --gens). */
#define WARMUP_GENS 8

typedef struct bench_opts {
  const char *device, *steppers, *csv;
  uint32_t w, h;
  double density;
  uint64_t seed, gens;
  unsigned reps;
  golcl_boundary boundary;
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
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t u;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 1;
    } else if (strcmp(a, "--torus") == 0) {
      o->boundary = GOLCL_BOUNDARY_TORUS;
      continue;
    }
    if (!v) {
      fprintf(stderr, "golcl bench: %s needs a value (see golcl bench --help)\n", a);
      return 2;
    }
    i++;
    if (strcmp(a, "--device") == 0) {
      o->device = v;
    } else if (strcmp(a, "--steppers") == 0) {
      o->steppers = v;
    } else if (strcmp(a, "--csv") == 0) {
      o->csv = v;
    } else if (strcmp(a, "--size") == 0) {
      if (parse_size(v, &o->w, &o->h)) {
        fprintf(stderr, "golcl bench: --size wants WxH with 1 <= W, H < 2^31, not '%s'\n", v);
        return 2;
      }
    } else if (strcmp(a, "--density") == 0) {
      char *end;
      o->density = strtod(v, &end);
      if (*end || !(o->density >= 0.0 && o->density <= 1.0)) {
        fprintf(stderr, "golcl bench: --density wants a number in [0, 1], not '%s'\n", v);
        return 2;
      }
    } else if (strcmp(a, "--seed") == 0) {
      if (parse_u64(v, &o->seed)) {
        fprintf(stderr, "golcl bench: --seed wants an unsigned integer, not '%s'\n", v);
        return 2;
      }
    } else if (strcmp(a, "--gens") == 0) {
      if (parse_u64(v, &u) || u == 0) {
        fprintf(stderr, "golcl bench: --gens wants a positive integer, not '%s'\n", v);
        return 2;
      }
      o->gens = u;
    } else if (strcmp(a, "--reps") == 0) {
      if (parse_u64(v, &u) || u == 0 || u > 1000) {
        fprintf(stderr, "golcl bench: --reps wants an integer in 1..1000, not '%s'\n", v);
        return 2;
      }
      o->reps = (unsigned)u;
    } else {
      fprintf(stderr, "golcl bench: unknown option '%s' (see golcl bench --help)\n", a);
      return 2;
    }
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

static int write_csv(const bench_opts *o, const result *res, size_t n) {
  FILE *f = fopen(o->csv, "w");
  if (!f) {
    fprintf(stderr, "golcl bench: cannot write %s: %s\n", o->csv, strerror(errno));
    return 1;
  }
  fprintf(f, "stepper,width,height,generations,seconds,gens_per_s,cells_per_s\n");
  double cells = (double)o->w * (double)o->h;
  for (size_t i = 0; i < n; i++) {
    double gps = (double)o->gens / res[i].seconds;
    fprintf(f, "%s,%u,%u,%llu,%.9g,%.9g,%.9g\n", golcl_stepper_name(res[i].kind), (unsigned)o->w,
            (unsigned)o->h, (unsigned long long)o->gens, res[i].seconds, gps, gps * cells);
  }
  if (fclose(f) != 0) {
    fprintf(stderr, "golcl bench: cannot write %s: %s\n", o->csv, strerror(errno));
    return 1;
  }
  return 0;
}

int cmd_bench_life(int argc, char **argv) {
  bench_opts o = {NULL, "all", NULL, 1024, 1024, 0.5, 1, 100, 3, GOLCL_BOUNDARY_DEAD};
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  int want[GOLCL_STEPPER_COUNT];
  if (parse_steppers(o.steppers, want)) return 2;
  if (o.csv) { /* fail before the long part, not after */
    FILE *f = fopen(o.csv, "a");
    if (!f) {
      fprintf(stderr, "golcl bench: cannot write %s: %s\n", o.csv, strerror(errno));
      return 2;
    }
    fclose(f);
  }

  golcl_context_opts co = {0};
  co.device = o.device;
  golcl_context *ctx;
  golcl_status s = golcl_context_create(&co, &ctx);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: %s: %s\n", golcl_strerror(s), golcl_last_errmsg());
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
    if (o.csv && write_csv(&o, res, n)) failed = 1;
  }
  if (failed) printf("\ngolcl bench: FAILED (see the errors above)\n");
  golcl_grid_destroy(base);
  golcl_context_destroy(ctx);
  return failed ? 1 : 0;
}
