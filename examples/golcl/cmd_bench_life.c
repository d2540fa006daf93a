/* cmd_bench_life.c — `golcl bench`: the Life steppers side by side on one
 * device and one random grid. Each stepper runs on its own copy of the grid
 * after a warm-up that includes the JIT build; a run is timed with OpenCL
 * profiling events (markers before and after it), or with the wall clock
 * around clFinish where the queue has no profiling; every stepper must end
 * with the same hash as the first. */
#include <golcl.h>

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "clock.h"
#include "cmd.h"
#include "span.h"
#include "pattern_io.h"
#include "plot.h"

/* Generations of the warm-up run (at most --gens). */
#define WARMUP_GENS 8

/* Sizes of one invocation (--size takes a comma-separated list). */
#define MAX_SIZES 16
/* Stepper entries of --steppers (a kind may come several times with options). */
#define MAX_ENTRIES 48

typedef struct bench_opts {
  const char *device, *steppers, *csv, *pattern, *plot;
  uint32_t w, h;
  uint32_t sizes[MAX_SIZES][2];
  size_t nsizes;
  double bandwidth; /* GB/s of a device copy (read + write); 0: measured */
  double density;
  uint64_t seed, gens;
  unsigned reps;
  golcl_boundary boundary;
} bench_opts;

/* One stepper to run: a kind, its options, a label for the table. */
typedef struct entry {
  golcl_stepper_kind kind;
  golcl_stepper_opts opts;
  char label[40];
} entry;

typedef struct result {
  golcl_stepper_kind kind;
  const char *label;
  double seconds; /* median of the reps */
  uint64_t hash;
} result;

static void usage(FILE *f) {
  fprintf(
      f,
      "usage: golcl bench [--device SPEC] [--size WxH,...] [--density P] [--seed S] [--gens N]\n"
      "                   [--steppers a,b,...|all] [--torus] [--csv FILE] [--reps R]\n"
      "                   [--pattern FILE] [--plot FILE.png] [--bandwidth GBs]\n"
      "       golcl bench la [...]   (the linear-algebra benchmark)\n"
      "       golcl bench universe [...]   (the infinite plane, beside bgolly)\n"
      "       golcl bench rules [...]   (multi-state rules)\n"
      "       golcl bench game|graph [...]   (the spatial game, Life on a mesh)\n"
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
      "  --size WxH,...  grid sizes, one table each (default 1024x1024)\n"
      "  --density P     share of live cells in the random grid, 0..1 (default 0.5)\n"
      "  --seed S        seed of golcl_grid_randomize (default 1)\n"
      "  --gens N        generations per timed run (default 100)\n"
      "  --steppers L    comma-separated stepper names, or all (default): every\n"
      "                  stepper of this build except reference (slow: name it);\n"
      "                  a name may carry options, several times with different\n"
      "                  ones: multi:g=8:lw=32:lh=4:th=128 (g gens_per_launch,\n"
      "                  lw/lh local_w/local_h, tw/th tile_w/tile_h)\n"
      "  --torus         toroidal boundary (default: dead)\n"
      "  --csv FILE      also write stepper,width,height,generations,seconds,\n"
      "                  gens_per_s,cells_per_s, one row per stepper\n"
      "  --reps R        timed runs per stepper, the median is reported (default 3)\n"
      "  --pattern FILE  start from a pattern file (RLE, plaintext, Life 1.05/1.06)\n"
      "                  placed in the middle of the grid, with its rule, instead\n"
      "                  of a random soup; without --size the grid is its box\n"
      "  --plot FILE.png draw gens/s against grid cells, a line per stepper,\n"
      "                  from every size of this run (gnuplot, or $GNUPLOT; checked\n"
      "                  before the runs)\n"
      "  --bandwidth B   the device's copy bandwidth in GB/s (read + write) for\n"
      "                  the \"of limit\" column; default: measured by a copy\n"
      "\n"
      "\"of limit\" is gens/s against the memory limit of one generation a launch\n"
      "on one bit a cell: bandwidth / (w*h/4 bytes read and written).\n"
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

/* A comma-separated list of sizes into o->sizes. */
static int parse_sizes(const char *list, bench_opts *o) {
  char *copy = strdup(list);
  if (!copy) return -1;
  int rc = 0;
  o->nsizes = 0;
  for (char *save = NULL, *one = strtok_r(copy, ",", &save); one && !rc;
       one = strtok_r(NULL, ",", &save)) {
    if (o->nsizes == MAX_SIZES || parse_size(one, &o->sizes[o->nsizes][0], &o->sizes[o->nsizes][1]))
      rc = -1;
    else
      o->nsizes++;
  }
  free(copy);
  return rc || o->nsizes == 0 ? -1 : 0;
}

/* 0 on success, 2 on bad usage (message printed), 1 for --help. */
static int parse_args(int argc, char **argv, bench_opts *o) {
  enum {
    DEVICE = 256,
    STEPPERS,
    CSV,
    SIZE,
    DENSITY,
    SEED,
    GENS,
    REPS,
    TORUS,
    PATTERN,
    PLOT,
    BANDWIDTH
  };
  static const struct option long_opts[] = {{"device", required_argument, NULL, DEVICE},
                                            {"steppers", required_argument, NULL, STEPPERS},
                                            {"csv", required_argument, NULL, CSV},
                                            {"size", required_argument, NULL, SIZE},
                                            {"density", required_argument, NULL, DENSITY},
                                            {"seed", required_argument, NULL, SEED},
                                            {"gens", required_argument, NULL, GENS},
                                            {"reps", required_argument, NULL, REPS},
                                            {"torus", no_argument, NULL, TORUS},
                                            {"pattern", required_argument, NULL, PATTERN},
                                            {"plot", required_argument, NULL, PLOT},
                                            {"bandwidth", required_argument, NULL, BANDWIDTH},
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
    } else if (c == PATTERN) {
      o->pattern = v;
    } else if (c == PLOT) {
      o->plot = v;
    } else if (c == SIZE) {
      if (parse_sizes(v, o)) {
        fprintf(stderr,
                "golcl bench: --size wants WxH[,WxH...] with 1 <= W, H < 2^31 (at most %d), "
                "not '%s'\n",
                MAX_SIZES, v);
        return 2;
      }
    } else if (c == BANDWIDTH) {
      char *end;
      o->bandwidth = strtod(v, &end);
      if (*v == '\0' || *end || !(o->bandwidth > 0) || !isfinite(o->bandwidth)) {
        fprintf(stderr, "golcl bench: --bandwidth wants a positive number, not '%s'\n", v);
        return 2;
      }
    } else if (c == DENSITY) {
      char *end;
      o->density = strtod(v, &end);
      if (*v == '\0' || *end || !(o->density >= 0.0 && o->density <= 1.0)) {
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

/* Options of a --steppers entry: ":key=value" pairs after the name. */
static int parse_entry_opts(char *spec, entry *e) {
  for (char *save = NULL, *kv = strtok_r(spec, ":", &save); kv; kv = strtok_r(NULL, ":", &save)) {
    char *eq = strchr(kv, '=');
    uint64_t v;
    if (!eq || parse_u64(eq + 1, &v) || v > 0xffffffffu) return -1;
    *eq = '\0';
    uint32_t *field = strcmp(kv, "g") == 0    ? &e->opts.gens_per_launch
                      : strcmp(kv, "lw") == 0 ? &e->opts.local_w
                      : strcmp(kv, "lh") == 0 ? &e->opts.local_h
                      : strcmp(kv, "tw") == 0 ? &e->opts.tile_w
                      : strcmp(kv, "th") == 0 ? &e->opts.tile_h
                                              : NULL;
    if (!field) return -1;
    *field = (uint32_t)v;
  }
  return 0;
}

/* Fills e[0..*n) from the --steppers list; 2 on an unknown name. */
static int parse_steppers(const char *list, entry *e, size_t *n) {
  *n = 0;
  if (strcmp(list, "all") == 0) {
    for (int k = 0; k < GOLCL_STEPPER_COUNT; k++)
      if (k != GOLCL_STEPPER_REFERENCE) {
        memset(&e[*n], 0, sizeof e[*n]);
        e[*n].kind = (golcl_stepper_kind)k;
        snprintf(e[*n].label, sizeof e[*n].label, "%s", golcl_stepper_name(e[*n].kind));
        (*n)++;
      }
    return 0;
  }
  char *copy = strdup(list);
  if (!copy) return 2;
  int rc = 0;
  for (char *save = NULL, *name = strtok_r(copy, ",", &save); name;
       name = strtok_r(NULL, ",", &save)) {
    entry *x = &e[*n];
    memset(x, 0, sizeof *x);
    snprintf(x->label, sizeof x->label, "%s", name);
    char *colon = strchr(name, ':');
    if (colon) *colon = '\0';
    if (*n == MAX_ENTRIES) {
      fprintf(stderr, "golcl bench: at most %d steppers\n", MAX_ENTRIES);
      rc = 2;
      break;
    }
    if (golcl_stepper_from_name(name, &x->kind) != GOLCL_OK) {
      fprintf(stderr, "golcl bench: no stepper is named '%s'; the names are:", name);
      for (int j = 0; j < GOLCL_STEPPER_COUNT; j++)
        fprintf(stderr, " %s", golcl_stepper_name((golcl_stepper_kind)j));
      fprintf(stderr, "\n");
      rc = 2;
      break;
    }
    if (colon && parse_entry_opts(colon + 1, x)) {
      fprintf(stderr, "golcl bench: bad stepper options in '%s' (keys g, lw, lh, tw, th)\n",
              x->label);
      rc = 2;
      break;
    }
    (*n)++;
  }
  free(copy);
  return rc;
}

/* Runs gens generations and measures them: the span between the ends of a
 * marker before and one after, from profiling; else (no profiling on the
 * queue) the wall clock from an idle queue to clFinish. */
static golcl_status timed_run(golcl_context *ctx, golcl_stepper *st, golcl_grid *g, uint64_t gens,
                              double *seconds, int *profiled) {
  bench_span sp;
  golcl_status s = span_begin(ctx, &sp);
  return s != GOLCL_OK ? s : span_end(&sp, golcl_stepper_run(st, g, gens), seconds, profiled);
}

/* Warm-up and R timed runs of one stepper on copies of base; 0 or 1. */
static int bench_one(golcl_context *ctx, golcl_grid *base, const bench_opts *o, const entry *e,
                     result *r, int *profiled_all) {
  golcl_stepper_kind kind = e->kind;
  const char *name = e->label;
  golcl_stepper *st = NULL;
  golcl_grid *g = NULL;
  double *times = calloc(o->reps, sizeof *times);
  uint64_t base_gen = golcl_grid_generation(base);
  golcl_status s = times ? golcl_stepper_create(ctx, kind, &e->opts, &st) : GOLCL_E_OUT_OF_MEMORY;
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
  if (s == GOLCL_OK && golcl_grid_generation(g) != base_gen + o->gens) {
    fprintf(stderr, "golcl bench: ERROR: %s counted %llu generations, not %llu\n", name,
            (unsigned long long)(golcl_grid_generation(g) - base_gen), (unsigned long long)o->gens);
    s = GOLCL_E_MISMATCH;
  } else if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: ERROR: %s failed: %s: %s\n", name, golcl_strerror(s),
            golcl_context_errmsg(ctx));
  }
  if (s == GOLCL_OK) {
    r->seconds = ex_median(times, o->reps);
    r->kind = kind;
    r->label = e->label;
  }
  free(times);
  golcl_grid_destroy(g);
  golcl_stepper_destroy(st);
  return s == GOLCL_OK ? 0 : 1;
}

/* The one-generation-a-launch limit at one bit a cell: gens/s of moving
 * w*h/8 bytes in and out at bw GB/s (read + write). */
static double limit_gps(uint32_t w, uint32_t h, double bw) {
  return bw * 1e9 / ((double)w * (double)h / 4.0);
}

static void print_table(const bench_opts *o, const result *res, size_t n) {
  double cells = (double)o->w * (double)o->h, naive = 0;
  double lim = o->bandwidth > 0 ? limit_gps(o->w, o->h, o->bandwidth) : 0;
  for (size_t i = 0; i < n; i++)
    if (res[i].kind == GOLCL_STEPPER_NAIVE) naive = res[i].seconds;
  printf("\n%-24s %12s %12s %14s %10s %10s %9s  %s\n", "stepper", "seconds", "gens/s",
         "Gcell upd/s", "eff GB/s", "vs naive", "of limit", "hash");
  for (size_t i = 0; i < n; i++) {
    double t = res[i].seconds, gps = (double)o->gens / t, cps = gps * cells;
    char ratio[32] = "-", oflim[32] = "-";
    if (naive > 0) snprintf(ratio, sizeof ratio, "%.2fx", naive / t);
    if (lim > 0) snprintf(oflim, sizeof oflim, "%.2f", gps / lim);
    printf("%-24s %12.6f %12.4g %14.4g %10.4g %10s %9s  %016llx\n", res[i].label, t, gps,
           cps * 1e-9, 2.0 * cps * 1e-9, ratio, oflim, (unsigned long long)res[i].hash);
  }
  if (lim > 0)
    printf("\nlimit of one generation a launch at one bit a cell: %.4g gens/s (%.4g GB/s copy)\n",
           lim, o->bandwidth);
}

/* The rows of one size; a failed write is seen by ex_atomic_commit. */
static void write_csv(FILE *f, const bench_opts *o, const result *res, size_t n) {
  double cells = (double)o->w * (double)o->h;
  for (size_t i = 0; i < n; i++) {
    double gps = (double)o->gens / res[i].seconds;
    fprintf(f, "%s,%u,%u,%llu,%.9g,%.9g,%.9g\n", res[i].label, (unsigned)o->w, (unsigned)o->h,
            (unsigned long long)o->gens, res[i].seconds, gps, gps * cells);
  }
}

/* Copy bandwidth (GB/s, read + write) of the device: the median of three
 * copies of a 256 MiB buffer, or as large as the device allows. */
static double measure_bandwidth(golcl_context *ctx) {
  golcl_device_info d;
  golcl_context_device_info(ctx, &d);
  size_t bytes = (size_t)256 << 20;
  while (bytes > ((size_t)1 << 20) && (bytes > d.max_alloc_bytes || 2 * bytes > d.global_mem_bytes))
    bytes /= 2;
  cl_context c = golcl_context_cl_context(ctx);
  cl_command_queue q = golcl_context_cl_queue(ctx);
  cl_int err;
  cl_mem a = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &err);
  cl_mem b = err == CL_SUCCESS ? clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &err) : NULL;
  double t[3] = {0, 0, 0};
  cl_uchar zero = 0;
  if (err == CL_SUCCESS) err = clEnqueueFillBuffer(q, a, &zero, 1, 0, bytes, 0, NULL, NULL);
  if (err == CL_SUCCESS) err = clEnqueueCopyBuffer(q, a, b, 0, 0, bytes, 0, NULL, NULL);
  if (err == CL_SUCCESS) err = clFinish(q);
  for (int i = 0; i < 3 && err == CL_SUCCESS; i++) {
    cl_event ev = NULL;
    double t0 = ex_now();
    err = clEnqueueCopyBuffer(q, a, b, 0, 0, bytes, 0, NULL, &ev);
    if (err == CL_SUCCESS) err = clFinish(q);
    t[i] = ex_now() - t0;
    cl_ulong s0 = 0, s1 = 0;
    if (err == CL_SUCCESS &&
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof s0, &s0, NULL) ==
            CL_SUCCESS &&
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof s1, &s1, NULL) == CL_SUCCESS &&
        s1 > s0)
      t[i] = 1e-9 * (double)(s1 - s0);
    if (ev) clReleaseEvent(ev);
  }
  if (a) clReleaseMemObject(a);
  if (b) clReleaseMemObject(b);
  return err == CL_SUCCESS ? 2.0 * (double)bytes / ex_median(t, 3) * 1e-9 : 0;
}

/* The grid of one size: a random soup, or the pattern in its middle. */
static golcl_status make_base(golcl_context *ctx, const bench_opts *o, const golcl_pattern *pat,
                              golcl_grid **out) {
  golcl_grid *g = NULL;
  golcl_status s = golcl_grid_create(ctx, o->w, o->h, o->boundary, &g);
  if (s == GOLCL_OK && !pat) s = golcl_grid_randomize(g, o->density, o->seed);
  if (s == GOLCL_OK && pat) {
    golcl_rule_table r;
    s = golcl_pattern_rule_table(pat, &r);
    if (s == GOLCL_OK) s = golcl_grid_set_rule_table(g, &r);
    if (s == GOLCL_OK)
      s = golcl_grid_place(g, pat, ((int64_t)o->w - golcl_pattern_width(pat)) / 2,
                           ((int64_t)o->h - golcl_pattern_height(pat)) / 2);
  }
  if (s != GOLCL_OK) golcl_grid_destroy(g);
  *out = s == GOLCL_OK ? g : NULL;
  return s;
}

/* One size: every entry on a copy of the same grid; 0 or 1. gps[i] gets
 * entry i's gens/s, or NAN where it was skipped or failed; *rows counts the
 * CSV rows written. */
static int bench_size(golcl_context *ctx, const bench_opts *o, const golcl_pattern *pat,
                      const entry *e, size_t ne, FILE *csv, double *gps, size_t *rows) {
  for (size_t i = 0; i < ne; i++) gps[i] = NAN;
  printf("\ngrid:    %ux%u %s, %s; %llu generations a run, median of %u runs\n", (unsigned)o->w,
         (unsigned)o->h, o->boundary == GOLCL_BOUNDARY_TORUS ? "torus" : "dead boundary",
         pat ? "the pattern in the middle" : "a random soup", (unsigned long long)o->gens, o->reps);
  golcl_grid *base = NULL;
  golcl_status s = make_base(ctx, o, pat, &base);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: cannot make the grid: %s: %s\n", golcl_strerror(s),
            golcl_context_errmsg(ctx));
    return 1;
  }
  result res[MAX_ENTRIES];
  size_t n = 0;
  int failed = 0, profiled = 1;
  for (size_t i = 0; i < ne; i++) {
    if (!golcl_stepper_available(e[i].kind)) {
      printf("%-24s skipped: not in this build of libgolcl\n", e[i].label);
      continue;
    }
    printf("%-24s running...\n", e[i].label);
    fflush(stdout);
    if (bench_one(ctx, base, o, &e[i], &res[n], &profiled)) {
      failed = 1;
      continue;
    }
    if (n > 0 && res[n].hash != res[0].hash) {
      fprintf(stderr, "golcl bench: ERROR: MISMATCH: %s ends with hash %016llx, %s with %016llx\n",
              e[i].label, (unsigned long long)res[n].hash, res[0].label,
              (unsigned long long)res[0].hash);
      printf("%-24s MISMATCH: ends with another grid than %s\n", e[i].label, res[0].label);
      failed = 1;
    }
    gps[i] = (double)o->gens / res[n].seconds;
    n++;
  }
  if (n > 0) {
    print_table(o, res, n);
    printf("\ntimer: %s; eff GB/s counts 2 bytes per cell update\n",
           profiled ? "OpenCL profiling events" : "wall clock around clFinish (no profiling)");
    if (csv) {
      write_csv(csv, o, res, n);
      *rows += n;
    }
  }
  golcl_grid_destroy(base);
  return failed;
}

/* Writes s as a gnuplot single-quoted string (a quote is doubled). */
static void gp_quoted(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputc('\'', f);
    fputc(*s, f);
  }
  fputc('\'', f);
}

/* Draws gens/s against grid cells, a line per entry, from gps[size][entry]
 * of every size (the data goes to gnuplot as a datablock: no temporary
 * file); the PNG is written whole or not at all. 0, 1 on failure, -1 when
 * nothing was measured (no plot is drawn, the old file stays). */
static int draw_plot(const bench_opts *o, const entry *e, size_t ne, double gps[][MAX_ENTRIES],
                     const golcl_device_info *dev) {
  char *script = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&script, &len);
  if (!f) {
    fprintf(stderr, "golcl bench: --plot: %s\n", strerror(errno));
    return 1;
  }
  size_t order[MAX_SIZES]; /* the sizes by number of cells */
  for (size_t i = 0; i < o->nsizes; i++) order[i] = i;
  for (size_t i = 1; i < o->nsizes; i++)
    for (size_t j = i; j > 0; j--) {
      double a = (double)o->sizes[order[j - 1]][0] * o->sizes[order[j - 1]][1];
      double b = (double)o->sizes[order[j]][0] * o->sizes[order[j]][1];
      if (a <= b) break;
      size_t t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  fprintf(f, "$data << EOD\n");
  size_t blocks = 0;
  int in_plot[MAX_ENTRIES];
  for (size_t k = 0; k < ne; k++) {
    in_plot[k] = 0;
    for (size_t i = 0; i < o->nsizes; i++) in_plot[k] |= isfinite(gps[i][k]);
    if (!in_plot[k]) continue;
    if (blocks++) fprintf(f, "\n\n");
    for (size_t i = 0; i < o->nsizes; i++) {
      size_t z = order[i];
      if (isfinite(gps[z][k]))
        fprintf(f, "%.17g %.9g\n", (double)o->sizes[z][0] * (double)o->sizes[z][1], gps[z][k]);
    }
  }
  fprintf(f,
          "EOD\n"
          "set title \"golcl bench: %s, %llu generations a run, median of %u  (%s)\"\n"
          "set xlabel 'cells in the grid'\nset ylabel 'generations/s'\n"
          "set logscale xy\nset grid\nset key outside right\n"
          "plot ",
          o->boundary == GOLCL_BOUNDARY_TORUS ? "torus" : "dead boundary",
          (unsigned long long)o->gens, o->reps, dev->name);
  for (size_t k = 0, b = 0; k < ne; k++) {
    if (!in_plot[k]) continue;
    fprintf(f, "%s$data index %zu using 1:2 with linespoints title ", b ? ", \\\n     " : "", b);
    gp_quoted(f, e[k].label);
    b++;
  }
  fprintf(f, "\n");
  if (fclose(f) != 0 || !script) {
    fprintf(stderr, "golcl bench: --plot: out of memory\n");
    free(script);
    return 1;
  }
  int rc = blocks ? (plot_png("bench", o->plot, 1000, 600, script) ? 1 : 0) : -1;
  free(script);
  return rc;
}

int cmd_bench_life(int argc, char **argv) {
  bench_opts o = {0};
  o.steppers = "all";
  o.density = 0.5;
  o.seed = 1;
  o.gens = 100;
  o.reps = 3;
  o.boundary = GOLCL_BOUNDARY_DEAD;
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  static entry e[MAX_ENTRIES];
  size_t ne;
  if (parse_steppers(o.steppers, e, &ne)) return 2;
  /* checked before the long part, not after */
  if (o.plot && !plot_check("bench")) return 2;
  golcl_pattern *pat = NULL;
  if (o.pattern) {
    pat = pio_load("bench", o.pattern);
    if (!pat) return 2;
    if (o.nsizes == 0) {
      o.sizes[0][0] = golcl_pattern_width(pat) ? golcl_pattern_width(pat) : 1;
      o.sizes[0][1] = golcl_pattern_height(pat) ? golcl_pattern_height(pat) : 1;
      o.nsizes = 1;
    }
  }
  if (o.nsizes == 0) {
    o.sizes[0][0] = o.sizes[0][1] = 1024;
    o.nsizes = 1;
  }
  /* the CSV goes to a temporary beside it, which replaces it at the end */
  ex_atomic csv = {0};
  if (o.csv) {
    if (ex_atomic_open(&csv, o.csv, "golcl bench")) {
      golcl_pattern_destroy(pat);
      return 2;
    }
    fprintf(csv.f, "stepper,width,height,generations,seconds,gens_per_s,cells_per_s\n");
  }

  golcl_context_opts co = {0};
  co.device = o.device;
  golcl_context *ctx;
  golcl_status s = golcl_context_create(&co, &ctx);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: %s: %s\n", golcl_strerror(s), golcl_last_errmsg());
    ex_atomic_abort(&csv);
    golcl_pattern_destroy(pat);
    return 1;
  }
  golcl_device_info dev;
  golcl_context_device_info(ctx, &dev);
  printf("command:");
  for (int i = 0; i < argc; i++) printf(" %s", i == 0 ? "golcl bench" : argv[i]);
  printf("\ndevice:  %s (%s%s%s)\n", dev.name, dev.platform, dev.version[0] ? ", " : "",
         dev.version);
  if (o.bandwidth <= 0) {
    o.bandwidth = measure_bandwidth(ctx);
    printf("copy:    %.4g GB/s (read + write, clEnqueueCopyBuffer)\n", o.bandwidth);
  }
  if (pat) printf("pattern: %s\n", o.pattern);

  static double gps[MAX_SIZES][MAX_ENTRIES];
  size_t rows = 0;
  int failed = 0;
  for (size_t i = 0; i < o.nsizes; i++) {
    o.w = o.sizes[i][0];
    o.h = o.sizes[i][1];
    failed |= bench_size(ctx, &o, pat, e, ne, csv.f, gps[i], &rows);
  }
  if (csv.f && rows > 0) {
    if (ex_atomic_commit(&csv, "golcl bench")) failed = 1;
  } else if (csv.f) {
    ex_atomic_abort(&csv); /* nothing measured: the old CSV stays */
  }
  if (o.plot) {
    int p = draw_plot(&o, e, ne, gps, &dev);
    if (p > 0) failed = 1;
    if (p == 0) printf("\nplot:    %s\n", o.plot);
  }
  if (failed) printf("\ngolcl bench: FAILED (see the errors above)\n");
  golcl_context_destroy(ctx);
  golcl_pattern_destroy(pat);
  return failed ? 1 : 0;
}
