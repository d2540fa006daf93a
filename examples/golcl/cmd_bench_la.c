/* cmd_bench_la.c — `golcl bench la`: the linear-algebra kernels on s×s
 * grids (n = s² elements): a copy kernel for the bandwidth reference, axpby,
 * dot, the 5-diagonal band product, one CG iteration on the 5-point Poisson
 * matrix, and CLBlast's axpy and dot beside ours. Times are device spans
 * between profiling markers (after a warm-up with the JIT build), the median
 * of --reps runs; one CG iteration is the difference of two solves of N and
 * 2N iterations divided by N, which cancels the set-up and final check. */
#include <golcl.h>
#include <golcl_la.h>

#include <clblast_c.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomic_file.h"
#include "clock.h"
#include "cmd.h"
#include "pattern_io.h"

#define MAX_SIZES 16
/* A timed run repeats an operation until it spans about this long. */
#define RUN_SECONDS 0.05
#define MAX_REPEAT 1000

typedef struct la_opts {
  const char *device, *csv;
  size_t sizes[MAX_SIZES], nsizes;
  golcl_dtype dtype;
  unsigned reps;
  size_t iters;
} la_opts;

enum { OP_COPY, OP_AXPBY, OP_DOT, OP_CLB_AXPY, OP_CLB_DOT, OP_BANDMV, OP_CG, OP_COUNT };
static const char *const OP_NAME[OP_COUNT] = {"copy",        "axpby",    "dot",    "clblast_axpy",
                                              "clblast_dot", "band_mv5", "cg_iter"};
/* Bytes an operation must move per element, in elements (the model). */
static const double OP_ELEMS[OP_COUNT] = {2, 3, 2, 3, 2, 7, 15};
static const char *const OP_NOTE[OP_COUNT] = {
    "y = x, own float4 kernel",
    "z = a·x + b·y (golcl_vec_axpby)",
    "x·y, two-stage (golcl_vec_dot_to)",
    "y = a·x + y (CLBlast)",
    "x·y (CLBlast)",
    "out = A·x, 5 diagonals (golcl_bandmat_mv)",
    "CG on 5-point Poisson, 2 fused kernels (golcl_cg_solve)"};

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl bench la [--device SPEC] [--sizes 256,1024,4096] [--dtype f32|f64]\n"
          "                      [--reps N] [--iters N] [--csv FILE] [--local L] [--groups G]\n"
          "\n"
          "Times the linear-algebra kernels on s×s grids (n = s² elements) and prints, per\n"
          "operation, µs per call, effective GB/s (the bytes the operation must move:\n"
          "copy 2n, axpby 3n, dot 2n, band mv 7n, CG iteration 15n elements) and the\n"
          "share of the copy kernel's bandwidth. CLBlast's axpy and dot run beside ours.\n"
          "\n"
          "  --device SPEC  gpu, cpu, P:D or a name substring (default: $GOLCL_DEVICE,\n"
          "                 else the first GPU)\n"
          "  --sizes LIST   grid sides, comma-separated (default 256,1024,4096)\n"
          "  --dtype T      f32 (default) or f64\n"
          "  --reps N       timed runs per operation, the median is kept (default 5)\n"
          "  --iters N      CG iterations of the shorter solve (default 100)\n"
          "  --csv FILE     also write size,n,dtype,op,seconds,bytes,gb_per_s,pct_copy\n"
          "  --local L      work-group size of the linear-algebra kernels\n"
          "                 (sets $GOLCL_LA_LOCAL; default from the device)\n"
          "  --groups G     most work-groups of their grid-stride kernels\n"
          "                 (sets $GOLCL_LA_GROUPS; default from the device)\n"
          "\n"
          "Exit status: 0; 1 if an operation failed or a result was wrong; 2 on bad usage.\n");
}

static int parse_size_t(const char *s, size_t *out) {
  char *end;
  errno = 0;
  if (!s || *s < '0' || *s > '9') return -1;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v == 0 || v > (1ull << 32)) return -1;
  *out = (size_t)v;
  return 0;
}

static int parse_sizes(const char *list, la_opts *o) {
  char *copy = strdup(list);
  if (!copy) return -1;
  o->nsizes = 0;
  int rc = 0;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    size_t s;
    if (o->nsizes == MAX_SIZES || parse_size_t(t, &s) || s > 65536) {
      rc = -1;
      break;
    }
    o->sizes[o->nsizes++] = s;
  }
  free(copy);
  return rc || o->nsizes == 0 ? -1 : 0;
}

/* 0 on success, 2 on bad usage (message printed), 1 for --help. */
static int parse_args(int argc, char **argv, la_opts *o) {
  enum { DEVICE = 256, CSV, SIZES, DTYPE, REPS, ITERS, LOCAL, GROUPS };
  static const struct option long_opts[] = {{"device", required_argument, NULL, DEVICE},
                                            {"csv", required_argument, NULL, CSV},
                                            {"sizes", required_argument, NULL, SIZES},
                                            {"dtype", required_argument, NULL, DTYPE},
                                            {"reps", required_argument, NULL, REPS},
                                            {"iters", required_argument, NULL, ITERS},
                                            {"local", required_argument, NULL, LOCAL},
                                            {"groups", required_argument, NULL, GROUPS},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
  int c;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", long_opts, NULL)) != -1) {
    const char *v = optarg;
    size_t u;
    if (c == 'h') {
      usage(stdout);
      return 1;
    } else if (c == '?' || c == ':') {
      return pio_bad_option("bench la", c, argv);
    } else if (c == DEVICE) {
      o->device = v;
    } else if (c == CSV) {
      o->csv = v;
    } else if (c == SIZES) {
      if (parse_sizes(v, o)) {
        fprintf(stderr, "golcl bench la: --sizes wants up to %d sides in 1..65536, not '%s'\n",
                MAX_SIZES, v);
        return 2;
      }
    } else if (c == DTYPE) {
      if (strcmp(v, "f32") == 0)
        o->dtype = GOLCL_F32;
      else if (strcmp(v, "f64") == 0)
        o->dtype = GOLCL_F64;
      else {
        fprintf(stderr, "golcl bench la: --dtype wants f32 or f64, not '%s'\n", v);
        return 2;
      }
    } else if (c == REPS) {
      if (parse_size_t(v, &u) || u > 1000) {
        fprintf(stderr, "golcl bench la: --reps wants an integer in 1..1000, not '%s'\n", v);
        return 2;
      }
      o->reps = (unsigned)u;
    } else if (c == ITERS) {
      if (parse_size_t(v, &u) || u > 100000) {
        fprintf(stderr, "golcl bench la: --iters wants an integer in 1..100000, not '%s'\n", v);
        return 2;
      }
      o->iters = u;
    } else if (c == LOCAL || c == GROUPS) {
      if (parse_size_t(v, &u) || u > (1u << 20)) {
        fprintf(stderr, "golcl bench la: --%s wants a positive integer, not '%s'\n",
                c == LOCAL ? "local" : "groups", v);
        return 2;
      }
      setenv(c == LOCAL ? "GOLCL_LA_LOCAL" : "GOLCL_LA_GROUPS", v, 1);
    }
  }
  if (optind < argc) {
    fprintf(stderr, "golcl bench la: unexpected argument '%s' (see golcl bench la --help)\n",
            argv[optind]);
    return 2;
  }
  return 0;
}

/* What one size needs. */
typedef struct la_bench {
  golcl_context *ctx;
  cl_command_queue q;
  golcl_dtype dt;
  size_t n;
  golcl_vec *x, *y, *z, *res;
  golcl_bandmat *A;
  cl_kernel copy;
  int profiled;
} la_bench;

/* Runs op once. */
static golcl_status run_op(la_bench *b, int op) {
  cl_mem xb = golcl_vec_buffer(b->x), yb = golcl_vec_buffer(b->y), zb = golcl_vec_buffer(b->z),
         rb = golcl_vec_buffer(b->res);
  CLBlastStatusCode cs = CLBlastSuccess;
  switch (op) {
    case OP_COPY: {
      size_t global = (b->n + 3) / 4; /* the runtime picks the work-group size */
      cl_int err = clEnqueueNDRangeKernel(b->q, b->copy, 1, NULL, &global, NULL, 0, NULL, NULL);
      return err == CL_SUCCESS ? GOLCL_OK : GOLCL_E_OPENCL;
    }
    case OP_AXPBY:
      return golcl_vec_axpby(1.5, b->x, -0.5, b->y, b->z);
    case OP_DOT:
      return golcl_vec_dot_to(b->x, b->y, b->res, 0);
    case OP_BANDMV:
      return golcl_bandmat_mv(b->A, b->x, NULL, b->z);
    case OP_CLB_AXPY:
      cs = b->dt == GOLCL_F64 ? CLBlastDaxpy(b->n, 1.5, xb, 0, 1, zb, 0, 1, &b->q, NULL)
                              : CLBlastSaxpy(b->n, 1.5f, xb, 0, 1, zb, 0, 1, &b->q, NULL);
      break;
    case OP_CLB_DOT:
      cs = b->dt == GOLCL_F64 ? CLBlastDdot(b->n, rb, 1, xb, 0, 1, yb, 0, 1, &b->q, NULL)
                              : CLBlastSdot(b->n, rb, 1, xb, 0, 1, yb, 0, 1, &b->q, NULL);
      break;
  }
  if (cs != CLBlastSuccess) {
    fprintf(stderr, "golcl bench la: CLBlast status %d\n", (int)cs);
    return GOLCL_E_OPENCL;
  }
  return GOLCL_OK;
}

/* The device time of `repeat` back-to-back runs of op, from the end of a
 * marker before them to the end of one after (wall clock around clFinish
 * where the queue has no profiling). */
static golcl_status time_ops(la_bench *b, int op, unsigned repeat, double *seconds) {
  golcl_status s = golcl_context_finish(b->ctx);
  if (s != GOLCL_OK) return s;
  cl_event before = NULL, after = NULL;
  double t0 = ex_now();
  if (clEnqueueMarkerWithWaitList(b->q, 0, NULL, &before) != CL_SUCCESS) before = NULL;
  for (unsigned i = 0; i < repeat && s == GOLCL_OK; i++) s = run_op(b, op);
  if (s == GOLCL_OK && clEnqueueMarkerWithWaitList(b->q, 0, NULL, &after) != CL_SUCCESS)
    after = NULL;
  cl_int err = clFinish(b->q);
  double t1 = ex_now();
  cl_ulong e0 = 0, e1 = 0;
  int prof = before && after &&
             clGetEventProfilingInfo(before, CL_PROFILING_COMMAND_END, sizeof e0, &e0, NULL) ==
                 CL_SUCCESS &&
             clGetEventProfilingInfo(after, CL_PROFILING_COMMAND_END, sizeof e1, &e1, NULL) ==
                 CL_SUCCESS &&
             e1 > e0;
  if (!prof) b->profiled = 0;
  *seconds = (prof ? 1e-9 * (double)(e1 - e0) : t1 - t0) / repeat;
  if (before) clReleaseEvent(before);
  if (after) clReleaseEvent(after);
  return s == GOLCL_OK && err != CL_SUCCESS ? GOLCL_E_OPENCL : s;
}

/* Median seconds per call of op over reps runs, after a warm-up. */
static golcl_status bench_op(la_bench *b, int op, unsigned reps, double *out) {
  double once;
  golcl_status s = time_ops(b, op, 1, &once); /* warm-up: JIT build */
  if (s == GOLCL_OK) s = time_ops(b, op, 1, &once);
  unsigned repeat = once > 0 ? (unsigned)(RUN_SECONDS / once) : MAX_REPEAT;
  if (repeat < 1) repeat = 1;
  if (repeat > MAX_REPEAT) repeat = MAX_REPEAT;
  double *t = calloc(reps, sizeof *t);
  if (!t) return GOLCL_E_OUT_OF_MEMORY;
  for (unsigned r = 0; r < reps && s == GOLCL_OK; r++) s = time_ops(b, op, repeat, &t[r]);
  if (s == GOLCL_OK) *out = ex_median(t, reps);
  free(t);
  return s;
}

/* Wall seconds of one solve of exactly `iters` iterations from x = 0. */
static golcl_status time_cg(la_bench *b, size_t iters, double *seconds) {
  golcl_cg_opts o = {.rtol = 1e-30, .max_iter = iters};
  golcl_cg_report rep;
  golcl_status s = golcl_vec_fill(b->z, 0.0);
  if (s == GOLCL_OK) s = golcl_context_finish(b->ctx);
  double t0 = ex_now();
  if (s == GOLCL_OK) s = golcl_cg_solve(b->A, b->y, b->z, &o, &rep);
  if (s == GOLCL_OK) s = golcl_context_finish(b->ctx);
  *seconds = ex_now() - t0;
  if (s == GOLCL_OK && rep.iterations != iters) {
    fprintf(stderr,
            "golcl bench la: the CG solve stopped after %zu of %zu iterations (converged %d): "
            "use a smaller --iters for this size\n",
            rep.iterations, iters, rep.converged);
    return GOLCL_E_MISMATCH;
  }
  return s;
}

/* One CG iteration: (t(2N) − t(N)) / N, medians of reps. */
static golcl_status bench_cg(la_bench *b, size_t iters, unsigned reps, double *out) {
  double t1, t2;
  golcl_status s = time_cg(b, 2, &t1); /* warm-up: JIT build, workspace */
  double *a = calloc(reps, sizeof *a), *c = calloc(reps, sizeof *c);
  if (!a || !c) s = GOLCL_E_OUT_OF_MEMORY;
  for (unsigned r = 0; r < reps && s == GOLCL_OK; r++) {
    s = time_cg(b, iters, &a[r]);
    if (s == GOLCL_OK) s = time_cg(b, 2 * iters, &c[r]);
  }
  if (s == GOLCL_OK) {
    t1 = ex_median(a, reps);
    t2 = ex_median(c, reps);
    *out = (t2 - t1) / (double)iters;
  }
  free(a);
  free(c);
  return s;
}

static const char COPY_SRC[] =
    "#ifdef GOLCL_FP64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n"
    "__kernel void copy4(ulong n, __global const REAL *a, __global REAL *b) {\n"
    "  ulong i = get_global_id(0);\n"
    "  if (4 * i + 3 < n) vstore4(vload4(i, a), i, b);\n"
    "  else for (ulong j = 4 * i; j < n; j++) b[j] = a[j];\n"
    "}\n";

static golcl_status make_copy_kernel(la_bench *b) {
  cl_int err;
  const char *src = COPY_SRC;
  cl_context c = golcl_context_cl_context(b->ctx);
  cl_device_id d = golcl_context_cl_device(b->ctx);
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &err);
  if (err != CL_SUCCESS) return GOLCL_E_OPENCL;
  err = clBuildProgram(p, 1, &d, b->dt == GOLCL_F64 ? "-DREAL=double -DGOLCL_FP64" : "-DREAL=float",
                       NULL, NULL);
  if (err == CL_SUCCESS) b->copy = clCreateKernel(p, "copy4", &err);
  clReleaseProgram(p);
  if (err != CL_SUCCESS) return GOLCL_E_BUILD;
  cl_ulong n = b->n;
  cl_mem xb = golcl_vec_buffer(b->x), zb = golcl_vec_buffer(b->z);
  clSetKernelArg(b->copy, 0, sizeof n, &n);
  clSetKernelArg(b->copy, 1, sizeof xb, &xb);
  clSetKernelArg(b->copy, 2, sizeof zb, &zb);
  return GOLCL_OK;
}

/* Checks that our dot and CLBlast's agree (a wrong kernel would otherwise
 * look fast). */
static int check_dots(la_bench *b) {
  double ours, theirs;
  union {
    float f[2];
    double d[2];
  } r;
  /* ours on the device into res[0], CLBlast's into res[1], ours blocking */
  if (golcl_vec_dot_to(b->x, b->y, b->res, 0) != GOLCL_OK || run_op(b, OP_CLB_DOT) != GOLCL_OK ||
      golcl_vec_read(b->res, 0, 2, &r) != GOLCL_OK ||
      golcl_vec_dot(b->x, b->y, &ours) != GOLCL_OK) {
    fprintf(stderr, "golcl bench la: ERROR: the dot check failed: %s\n",
            golcl_context_errmsg(b->ctx));
    return 1;
  }
  double dev = b->dt == GOLCL_F64 ? r.d[0] : r.f[0];
  theirs = b->dt == GOLCL_F64 ? r.d[1] : r.f[1];
  double tol = (b->dt == GOLCL_F64 ? 1e-10 : 1e-3) * fabs(theirs) + 1e-6;
  if (!(fabs(ours - theirs) <= tol) || ours != dev) {
    fprintf(stderr, "golcl bench la: ERROR: dot %.9g (on the device %.9g), CLBlast %.9g\n", ours,
            dev, theirs);
    return 1;
  }
  return 0;
}

static void destroy(la_bench *b) {
  golcl_vec_destroy(b->x);
  golcl_vec_destroy(b->y);
  golcl_vec_destroy(b->z);
  golcl_vec_destroy(b->res);
  golcl_bandmat_destroy(b->A);
  if (b->copy) clReleaseKernel(b->copy);
}

/* All operations on one s×s grid; results into secs[OP_COUNT] (NAN = failed). */
static int bench_size(golcl_context *ctx, const la_opts *o, size_t side, double *secs,
                      int *profiled) {
  la_bench b = {.ctx = ctx, .q = golcl_context_cl_queue(ctx), .dt = o->dtype, .profiled = 1};
  b.n = side * side;
  golcl_status s = golcl_vec_create(ctx, b.n, o->dtype, NULL, &b.x);
  if (s == GOLCL_OK) s = golcl_vec_create(ctx, b.n, o->dtype, NULL, &b.y);
  if (s == GOLCL_OK) s = golcl_vec_create(ctx, b.n, o->dtype, NULL, &b.z);
  if (s == GOLCL_OK) s = golcl_vec_create(ctx, 2, o->dtype, NULL, &b.res);
  if (s == GOLCL_OK) s = golcl_vec_fill(b.x, 0.5);
  if (s == GOLCL_OK) s = golcl_vec_fill(b.y, 1.0);
  if (s == GOLCL_OK) s = golcl_fd_stencil5(ctx, side, side, 4, -1, o->dtype, &b.A);
  if (s == GOLCL_OK) s = make_copy_kernel(&b);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench la: %zux%zu: set-up failed: %s: %s\n", side, side,
            golcl_strerror(s), golcl_context_errmsg(ctx));
    destroy(&b);
    return 1;
  }
  int failed = check_dots(&b);
  for (int op = 0; op < OP_COUNT; op++) {
    secs[op] = NAN;
    s = op == OP_CG ? bench_cg(&b, o->iters, o->reps, &secs[op])
                    : bench_op(&b, op, o->reps, &secs[op]);
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl bench la: %zux%zu %s failed: %s: %s\n", side, side, OP_NAME[op],
              golcl_strerror(s), golcl_context_errmsg(ctx));
      secs[op] = NAN;
      failed = 1;
    }
  }
  if (!b.profiled) *profiled = 0;
  destroy(&b);
  return failed;
}

int cmd_bench_la(int argc, char **argv) {
  la_opts o = {
      .dtype = GOLCL_F32, .reps = 5, .iters = 100, .nsizes = 3, .sizes = {256, 1024, 4096}};
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  ex_atomic csv_file = {0}; /* replaced whole at the end, or left as it was */
  if (o.csv && ex_atomic_open(&csv_file, o.csv, "golcl bench la")) return 2;
  FILE *csv = csv_file.f;
  golcl_context_opts co = {0};
  co.device = o.device;
  golcl_context *ctx;
  golcl_status s = golcl_context_create(&co, &ctx);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench la: %s: %s\n", golcl_strerror(s), golcl_last_errmsg());
    ex_atomic_abort(&csv_file);
    return 1;
  }
  golcl_device_info dev;
  golcl_context_device_info(ctx, &dev);
  const char *dts = o.dtype == GOLCL_F64 ? "f64" : "f32";
  printf("command: golcl bench");
  for (int i = 0; i < argc; i++) printf(" %s", argv[i]);
  printf("\ndevice:  %s (%s%s%s)\n", dev.name, dev.platform, dev.version[0] ? ", " : "",
         dev.version);
  const char *el = getenv("GOLCL_LA_LOCAL"), *eg = getenv("GOLCL_LA_GROUPS");
  printf(
      "dtype:   %s; median of %u runs; CG iteration = (t(%zu) - t(%zu)) / %zu; "
      "GOLCL_LA_LOCAL=%s GOLCL_LA_GROUPS=%s\n",
      dts, o.reps, 2 * o.iters, o.iters, o.iters, el ? el : "(device)", eg ? eg : "(device)");
  if (csv) fprintf(csv, "size,n,dtype,op,seconds,bytes,gb_per_s,pct_copy\n");
  int failed = 0, profiled = 1;
  size_t es = golcl_dtype_size(o.dtype);
  for (size_t si = 0; si < o.nsizes; si++) {
    size_t side = o.sizes[si], n = side * side;
    double secs[OP_COUNT];
    printf("\n%zux%zu (n = %zu):\n", side, side, n);
    fflush(stdout);
    failed |= bench_size(ctx, &o, side, secs, &profiled);
    double copy_bw = (double)n * es * OP_ELEMS[OP_COPY] / secs[OP_COPY];
    printf("  %-13s %12s %10s %8s  %s\n", "op", "us/call", "GB/s", "%copy", "what");
    for (int op = 0; op < OP_COUNT; op++) {
      double bytes = (double)n * es * OP_ELEMS[op], bw = bytes / secs[op];
      double pct = 100.0 * bw / copy_bw;
      printf("  %-13s %12.2f %10.1f %7.0f%%  %s\n", OP_NAME[op], secs[op] * 1e6, bw * 1e-9, pct,
             OP_NOTE[op]);
      if (csv)
        fprintf(csv, "%zu,%zu,%s,%s,%.9g,%.0f,%.6g,%.4g\n", side, n, dts, OP_NAME[op], secs[op],
                bytes, bw * 1e-9, pct);
    }
    fflush(stdout);
  }
  printf("\ntimer: %s; CG iteration by wall clock (solves are blocking)\n",
         profiled ? "OpenCL profiling events" : "wall clock around clFinish (no profiling)");
  if (csv && ex_atomic_commit(&csv_file, "golcl bench la")) failed = 1;
  if (failed) printf("\ngolcl bench la: FAILED (see the errors above)\n");
  golcl_context_destroy(ctx);
  return failed ? 1 : 0;
}
