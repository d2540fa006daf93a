/* cmd_bench_la.c — `golcl bench la`: the linear-algebra kernels on s×s
 * grids (n = s² elements): a copy kernel for the bandwidth reference, axpby,
 * dot, the 5-point product as a band matrix, a stencil and CSR, one CG
 * iteration on the 5-point Poisson problem with each operator (--op) and
 * preconditioner (--precond), whole solves to 1e-6 (--solve: plain, Jacobi,
 * MG; --plot draws their residual histories), the thesis's 12-diagonal
 * wrapping band product (--thesis), and CLBlast's axpy and dot beside ours.
 * Times are device spans between profiling markers (after a warm-up with the
 * JIT build), the median of --reps runs; one CG iteration is the difference
 * of two solves of N and 2N iterations divided by N, which cancels the set-up
 * and final check. */
#include <golcl.h>
#include <golcl_la.h>

#ifndef GOLCL_HAVE_CLBLAST
#define GOLCL_HAVE_CLBLAST 1
#endif
#if GOLCL_HAVE_CLBLAST
#include <clblast_c.h>
#endif
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
#include "span.h"
#include "pattern_io.h"
#include "plot.h"

#define MAX_SIZES 16
/* A timed run repeats an operation until it spans about this long. */
#define RUN_SECONDS 0.05
#define MAX_REPEAT 1000

typedef struct la_opts {
  const char *device, *csv, *plot;
  size_t sizes[MAX_SIZES], nsizes;
  golcl_dtype dtype;
  unsigned reps;
  size_t iters;
  int cg_ops;   /* bit k: CG with operator k (OPK_*) */
  unsigned ops; /* bit k: op k runs (--ops; all by default) */
  golcl_precond precond;
  int solve, thesis;      /* solve: bit k, the solve with preconditioner k (none, jacobi, mg) */
  double rtol;            /* of the solves */
  golcl_cg_method method; /* of the CG iteration rows and the solves */
} la_opts;

/* --cg-method, for time_cg and the solves */
static golcl_cg_method cg_method = GOLCL_CG_STANDARD;

enum { OPK_STENCIL, OPK_BAND, OPK_CSR, OPK_COUNT };
static const char *const OPK_NAME[OPK_COUNT] = {"stencil", "band", "csr"};

enum {
  OP_COPY,
  OP_AXPBY,
  OP_DOT,
  OP_CLB_AXPY,
  OP_CLB_DOT,
  OP_BANDMV,
  OP_STENCILMV,
  OP_STENCILMV_ROWS,
  OP_CSRMV,
  OP_MG_VCYCLE,
  OP_MG_SWEEPS,
  OP_CG_STENCIL,
  OP_CG_BAND,
  OP_CG_CSR,
  OP_CG_STENCIL_ROWS,
  OP_COUNT
};
static const char *const OP_NAME[OP_COUNT] = {
    "copy",      "axpby",       "dot",          "clblast_axpy", "clblast_dot",
    "band_mv5",  "stencil_mv5", "stencil_rows", "csr_mv5",      "mg_vcycle",
    "mg_sweeps", "cg_stencil",  "cg_band",      "cg_csr",       "cg_st_rows"};
/* Bytes an operation must move per element, in f32 words (the model): a CG
 * iteration on a stencil moves r, p_old, p (first kernel) and x, r twice,
 * p (second): 8 with the tile kernels (q formed twice, never stored), 10
 * with the row kernels (q stored and read); the band adds its 5 diagonals
 * to 10; CSR (general path) reads r, p_old, writes p, multiplies (5 values,
 * 5 columns, a row pointer, x, out), sums p·q and updates: 24. A V-cycle
 * (2-D, from zero): what its fine level must move, about 8 words (b, x
 * twice, the residual's restriction, the post-smoother), the coarser
 * levels a third more. */
static const double OP_ELEMS[OP_COUNT] = {2, 3, 2, 3, 2, 7, 2, 2, 13, 10.7, 10.7, 8, 15, 24, 10};
static const char *const OP_NOTE[OP_COUNT] = {
    "y = x, own float4 kernel",
    "z = a·x + b·y (golcl_vec_axpby)",
    "x·y, two-stage (golcl_vec_dot_to)",
    "y = a·x + y (CLBlast)",
    "x·y (CLBlast)",
    "out = A·x, 5 diagonals (golcl_bandmat_mv)",
    "out = A·x, matrix-free 5-point (golcl_stencil_mv, AUTO)",
    "out = A·x, 5-point, the row kernel ($GOLCL_LA_STENCIL=rows)",
    "out = A·x, CSR of the 5-point matrix (golcl_csrmat_mv)",
    "z = V(r), one MG V-cycle from zero (golcl_mg_vcycle, fused)",
    "the same V-cycle, a launch a step (GOLCL_LA_MG=sweeps)",
    "CG iteration, stencil operator (fused, 2 kernels, AUTO)",
    "CG iteration, band matrix (fused, 2 kernels)",
    "CG iteration, CSR (general path, 4 launches)",
    "CG iteration, stencil, the row kernels (GOLCL_LA_STENCIL=rows)"};

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl bench la [--device SPEC] [--sizes 256,1024,4096] [--dtype f32|f64]\n"
          "                      [--reps N] [--iters N] [--csv FILE] [--local L] [--groups G]\n"
          "                      [--op stencil|band|csr|all] [--precond none|jacobi|mg]\n"
          "                      [--solve[=none,jacobi,mg]] [--rtol R] [--thesis]\n"
          "                      [--ops LIST] [--plot FILE.png] [--cg-method standard|single]\n"
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
          "  --op K         the operator(s) of the CG iteration rows (default all)\n"
          "  --precond P    preconditioner of the CG iteration rows (default none; mg\n"
          "                 applies to the stencil only and is timed per solve)\n"
          "  --solve[=LIST] also solve the 5-point Poisson problem (b = 1) to --rtol with\n"
          "                 the stencil and each of none, jacobi and mg (or those listed):\n"
          "                 iterations, ms to the solution, the true relative residual\n"
          "                 ||b - A·x||/||b|| recomputed on the device, µs a V-cycle\n"
          "  --rtol R       the relative tolerance of those solves (default 1e-6)\n"
          "  --ops LIST     only these rows of the table (names as printed; copy always)\n"
          "  --cg-method M  standard (default) or single: the single-reduction CG\n"
          "                 (Chronopoulos-Gear) in the CG rows and the solves\n"
          "  --plot FILE.png draw the residual history of those solves, log10 ||r_k||/||b||\n"
          "                 against iteration k, a line per solve and size (implies\n"
          "                 --solve; gnuplot, or $GNUPLOT; checked before the runs)\n"
          "  --thesis       also the 12-diagonal wrapping band product at n = 4·s², s =\n"
          "                 64..1024 (the sizes of the thesis's Table 4.3)\n"
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

/* --ops's list of row names into o->ops (copy always runs: the reference);
 * -1 on a bad name. */
static int parse_ops(const char *list, la_opts *o) {
  char *copy = strdup(list);
  if (!copy) return -1;
  int rc = 0;
  o->ops = 1u << OP_COPY;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    int found = 0;
    for (int k = 0; k < OP_COUNT; k++)
      if (strcmp(t, OP_NAME[k]) == 0) o->ops |= 1u << k, found = 1;
    if (!found) rc = -1;
  }
  free(copy);
  return rc;
}

/* --solve's list (NULL: all three) into o->solve; -1 on a bad name. */
static int parse_solve(const char *list, la_opts *o) {
  static const char *const NAMES[3] = {"none", "jacobi", "mg"};
  o->solve = list ? 0 : 7;
  if (!list) return 0;
  char *copy = strdup(list);
  if (!copy) return -1;
  int rc = 0;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    int bit = 0;
    for (int k = 0; k < 3; k++)
      if (strcmp(t, NAMES[k]) == 0) bit = 1 << k;
    if (!bit) rc = -1;
    o->solve |= bit;
  }
  free(copy);
  return rc || !o->solve ? -1 : 0;
}

/* 0 on success, 2 on bad usage (message printed), 1 for --help. */
static int parse_args(int argc, char **argv, la_opts *o) {
  enum {
    DEVICE = 256,
    CSV,
    SIZES,
    DTYPE,
    REPS,
    ITERS,
    LOCAL,
    GROUPS,
    OP,
    PRECOND,
    SOLVE,
    THESIS,
    PLOT,
    RTOL,
    OPS,
    CG_METHOD
  };
  static const struct option long_opts[] = {{"device", required_argument, NULL, DEVICE},
                                            {"csv", required_argument, NULL, CSV},
                                            {"sizes", required_argument, NULL, SIZES},
                                            {"dtype", required_argument, NULL, DTYPE},
                                            {"reps", required_argument, NULL, REPS},
                                            {"iters", required_argument, NULL, ITERS},
                                            {"local", required_argument, NULL, LOCAL},
                                            {"groups", required_argument, NULL, GROUPS},
                                            {"op", required_argument, NULL, OP},
                                            {"precond", required_argument, NULL, PRECOND},
                                            {"solve", optional_argument, NULL, SOLVE},
                                            {"rtol", required_argument, NULL, RTOL},
                                            {"ops", required_argument, NULL, OPS},
                                            {"cg-method", required_argument, NULL, CG_METHOD},
                                            {"thesis", no_argument, NULL, THESIS},
                                            {"plot", required_argument, NULL, PLOT},
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
    } else if (c == THESIS) {
      o->thesis = 1;
    } else if (c == SOLVE) {
      if (parse_solve(v, o)) {
        fprintf(stderr, "golcl bench la: --solve wants none, jacobi, mg or a list, not '%s'\n", v);
        return 2;
      }
    } else if (c == OPS) {
      if (parse_ops(v, o)) {
        fprintf(stderr, "golcl bench la: --ops wants names of the table's rows, not '%s'\n", v);
        return 2;
      }
    } else if (c == RTOL) {
      char *end;
      double r = strtod(v, &end);
      if (*end || !(r > 0 && r < 1)) {
        fprintf(stderr, "golcl bench la: --rtol wants a number in (0, 1), not '%s'\n", v);
        return 2;
      }
      o->rtol = r;
    } else if (c == DEVICE) {
      o->device = v;
    } else if (c == CSV) {
      o->csv = v;
    } else if (c == PLOT) {
      o->plot = v;
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
    } else if (c == OP) {
      o->cg_ops = 0;
      for (int k = 0; k < OPK_COUNT; k++)
        if (strcmp(v, OPK_NAME[k]) == 0 || strcmp(v, "all") == 0) o->cg_ops |= 1 << k;
      if (!o->cg_ops) {
        fprintf(stderr, "golcl bench la: --op wants stencil, band, csr or all, not '%s'\n", v);
        return 2;
      }
    } else if (c == CG_METHOD) {
      if (strcmp(v, "standard") != 0 && strcmp(v, "single") != 0) {
        fprintf(stderr, "golcl bench la: --cg-method wants standard or single, not '%s'\n", v);
        return 2;
      }
      o->method = strcmp(v, "single") == 0 ? GOLCL_CG_SINGLE_REDUCTION : GOLCL_CG_STANDARD;
      cg_method = o->method;
    } else if (c == PRECOND) {
      if (strcmp(v, "none") == 0)
        o->precond = GOLCL_PRECOND_NONE;
      else if (strcmp(v, "jacobi") == 0)
        o->precond = GOLCL_PRECOND_JACOBI;
      else if (strcmp(v, "mg") == 0)
        o->precond = GOLCL_PRECOND_MG;
      else {
        fprintf(stderr, "golcl bench la: --precond wants none, jacobi or mg, not '%s'\n", v);
        return 2;
      }
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
  golcl_stencil *S;
  golcl_csrmat *C;
  golcl_mg *mg, *mg_sweeps;
  cl_kernel copy;
  int profiled;
} la_bench;

/* Sets $GOLCL_LA_STENCIL to "rows" (on) or back to what it was (off): the
 * row kernels of the 5-point stencil, for the old-against-new rows. */
static void force_rows(int on) {
  static char saved[32];
  static int had, forced;
  if (on && !forced) {
    const char *e = getenv("GOLCL_LA_STENCIL");
    had = e != NULL;
    snprintf(saved, sizeof saved, "%s", e ? e : "");
    setenv("GOLCL_LA_STENCIL", "rows", 1);
    forced = 1;
  } else if (!on && forced) {
    if (had)
      setenv("GOLCL_LA_STENCIL", saved, 1);
    else
      unsetenv("GOLCL_LA_STENCIL");
    forced = 0;
  }
}

#if GOLCL_HAVE_CLBLAST
/* CLBlast's axpy and dot, from the library's loader (golcl_clblast_symbol). */
typedef CLBlastStatusCode (*saxpy_fn)(const size_t, const float, const cl_mem, const size_t,
                                      const size_t, cl_mem, const size_t, const size_t,
                                      cl_command_queue *, cl_event *);
typedef CLBlastStatusCode (*daxpy_fn)(const size_t, const double, const cl_mem, const size_t,
                                      const size_t, cl_mem, const size_t, const size_t,
                                      cl_command_queue *, cl_event *);
typedef CLBlastStatusCode (*dot_fn)(const size_t, cl_mem, const size_t, const cl_mem, const size_t,
                                    const size_t, const cl_mem, const size_t, const size_t,
                                    cl_command_queue *, cl_event *);
static struct {
  saxpy_fn saxpy;
  daxpy_fn daxpy;
  dot_fn sdot, ddot;
} clb;
#endif

/* 1 where CLBlast's routines are there to run beside ours. */
static int have_clblast(void) {
#if GOLCL_HAVE_CLBLAST
  void *p[4] = {golcl_clblast_symbol("CLBlastSaxpy"), golcl_clblast_symbol("CLBlastDaxpy"),
                golcl_clblast_symbol("CLBlastSdot"), golcl_clblast_symbol("CLBlastDdot")};
  if (!p[0] || !p[1] || !p[2] || !p[3]) return 0;
  memcpy(&clb.saxpy, &p[0], sizeof p[0]);
  memcpy(&clb.daxpy, &p[1], sizeof p[1]);
  memcpy(&clb.sdot, &p[2], sizeof p[2]);
  memcpy(&clb.ddot, &p[3], sizeof p[3]);
  return 1;
#else
  return 0;
#endif
}

/* Runs op once. */
static golcl_status run_op(la_bench *b, int op) {
  cl_mem xb = golcl_vec_buffer(b->x), yb = golcl_vec_buffer(b->y), zb = golcl_vec_buffer(b->z),
         rb = golcl_vec_buffer(b->res);
#if GOLCL_HAVE_CLBLAST
  CLBlastStatusCode cs = CLBlastSuccess;
#else
  (void)xb, (void)yb, (void)zb, (void)rb;
#endif
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
    case OP_STENCILMV:
      return golcl_stencil_mv(b->S, b->x, NULL, b->z);
    case OP_STENCILMV_ROWS: {
      force_rows(1);
      golcl_status st = golcl_stencil_mv(b->S, b->x, NULL, b->z);
      force_rows(0);
      return st;
    }
    case OP_MG_VCYCLE:
      return golcl_mg_vcycle(b->mg, b->y, b->z);
    case OP_MG_SWEEPS:
      return golcl_mg_vcycle(b->mg_sweeps, b->y, b->z);
    case OP_CSRMV:
      return golcl_csrmat_mv(b->C, b->x, NULL, b->z);
#if GOLCL_HAVE_CLBLAST
    case OP_CLB_AXPY:
      cs = b->dt == GOLCL_F64 ? clb.daxpy(b->n, 1.5, xb, 0, 1, zb, 0, 1, &b->q, NULL)
                              : clb.saxpy(b->n, 1.5f, xb, 0, 1, zb, 0, 1, &b->q, NULL);
      break;
    case OP_CLB_DOT:
      cs = b->dt == GOLCL_F64 ? clb.ddot(b->n, rb, 1, xb, 0, 1, yb, 0, 1, &b->q, NULL)
                              : clb.sdot(b->n, rb, 1, xb, 0, 1, yb, 0, 1, &b->q, NULL);
      break;
  }
  if (cs != CLBlastSuccess) {
    fprintf(stderr, "golcl bench la: CLBlast status %d\n", (int)cs);
    return GOLCL_E_OPENCL;
  }
  return GOLCL_OK;
#else
    default:
      return GOLCL_E_UNSUPPORTED;
  }
#endif
}

/* The device time of `repeat` back-to-back runs of op, from the end of a
 * marker before them to the end of one after (wall clock around clFinish
 * where the queue has no profiling). */
static golcl_status time_ops(la_bench *b, int op, unsigned repeat, double *seconds) {
  bench_span sp;
  golcl_status s = span_begin(b->ctx, &sp);
  if (s != GOLCL_OK) return s;
  for (unsigned i = 0; i < repeat && s == GOLCL_OK; i++) s = run_op(b, op);
  int prof;
  s = span_end(&sp, s, seconds, &prof);
  if (!prof) b->profiled = 0;
  *seconds /= repeat;
  return s;
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

/* The operator k of b. */
static const golcl_op *bench_operator(const la_bench *b, int k) {
  return k == OPK_STENCIL || k == OPK_COUNT ? golcl_stencil_op(b->S)
         : k == OPK_BAND                    ? golcl_bandmat_op(b->A)
                                            : golcl_csrmat_op(b->C);
}

/* Wall seconds of one solve of exactly `iters` iterations from x = 0. */
static golcl_status time_cg(la_bench *b, golcl_cg *cg, golcl_precond pc, size_t iters,
                            double *seconds) {
  golcl_cg_opts o = {.rtol = 1e-30, .max_iter = iters, .precond = pc, .method = cg_method};
  golcl_cg_report rep;
  golcl_status s = golcl_vec_fill(b->z, 0.0);
  if (s == GOLCL_OK) s = golcl_context_finish(b->ctx);
  double t0 = ex_now();
  if (s == GOLCL_OK) s = golcl_cg_run(cg, b->y, b->z, &o, &rep);
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

/* One CG iteration with operator k: (t(2N) − t(N)) / N, medians of reps. */
static golcl_status bench_cg(la_bench *b, int k, golcl_precond pc, size_t iters, unsigned reps,
                             double *out) {
  double t1, t2;
  golcl_cg *cg;
  force_rows(k == OPK_COUNT); /* the solver picks its kernels when made */
  golcl_status s = golcl_cg_create(bench_operator(b, k), &cg);
  force_rows(0);
  if (s != GOLCL_OK) return s;
  s = time_cg(b, cg, pc, 2, &t1); /* warm-up: JIT build, workspace */
  double *a = calloc(reps, sizeof *a), *c = calloc(reps, sizeof *c);
  if (!a || !c) s = GOLCL_E_OUT_OF_MEMORY;
  for (unsigned r = 0; r < reps && s == GOLCL_OK; r++) {
    s = time_cg(b, cg, pc, iters, &a[r]);
    if (s == GOLCL_OK) s = time_cg(b, cg, pc, 2 * iters, &c[r]);
  }
  golcl_cg_destroy(cg);
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
  golcl_stencil_destroy(b->S);
  golcl_csrmat_destroy(b->C);
  golcl_mg_destroy(b->mg);
  golcl_mg_destroy(b->mg_sweeps);
  if (b->copy) clReleaseKernel(b->copy);
}

/* The 5-point matrix (4, −1) on side² unknowns as CSR. */
static golcl_status make_csr(la_bench *b, size_t side) {
  size_t n = b->n, *rp = malloc((n + 1) * sizeof *rp), *ci = malloc(5 * n * sizeof *ci), k = 0;
  double *v = malloc(5 * n * sizeof *v);
  golcl_status s = GOLCL_E_OUT_OF_MEMORY;
  if (rp && ci && v) {
    rp[0] = 0;
    for (size_t i = 0; i < n; i++) {
      size_t ix = i % side, iy = i / side;
      if (iy > 0) ci[k] = i - side, v[k++] = -1;
      if (ix > 0) ci[k] = i - 1, v[k++] = -1;
      ci[k] = i, v[k++] = 4;
      if (ix + 1 < side) ci[k] = i + 1, v[k++] = -1;
      if (iy + 1 < side) ci[k] = i + side, v[k++] = -1;
      rp[i + 1] = k;
    }
    if (b->dt == GOLCL_F32) {
      float *f = (float *)v;
      for (size_t j = 0; j < k; j++) f[j] = (float)v[j];
    }
    s = golcl_csrmat_create(b->ctx, n, n, rp, ci, v, b->dt, &b->C);
  }
  free(rp), free(ci), free(v);
  return s;
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
  if (s == GOLCL_OK) s = golcl_fd_stencil5_op(ctx, side, side, 4, -1, o->dtype, &b.S);
  if (s == GOLCL_OK) s = make_csr(&b, side);
  if (s == GOLCL_OK) s = golcl_mg_create(b.S, 0, &b.mg);
  if (s == GOLCL_OK) {
    const char *e = getenv("GOLCL_LA_MG");
    char *saved = e ? strdup(e) : NULL;
    setenv("GOLCL_LA_MG", "sweeps", 1);
    s = golcl_mg_create(b.S, 0, &b.mg_sweeps);
    if (saved)
      setenv("GOLCL_LA_MG", saved, 1);
    else
      unsetenv("GOLCL_LA_MG");
    free(saved);
  }
  if (s == GOLCL_OK) s = make_copy_kernel(&b);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench la: %zux%zu: set-up failed: %s: %s\n", side, side,
            golcl_strerror(s), golcl_context_errmsg(ctx));
    destroy(&b);
    return 1;
  }
  int clblast = have_clblast();
  int failed = clblast ? check_dots(&b) : 0;
  for (int op = 0; op < OP_COUNT; op++) {
    secs[op] = NAN;
    int cgk = op >= OP_CG_STENCIL ? op - OP_CG_STENCIL : -1;
    if (!(o->ops & (1u << op)) ||
        (cgk >= 0 && !(o->cg_ops & (1 << (cgk == OPK_COUNT ? OPK_STENCIL : cgk)))) ||
        (!clblast && (op == OP_CLB_AXPY || op == OP_CLB_DOT)))
      continue;
    golcl_precond pc = o->precond;
    if (pc == GOLCL_PRECOND_MG) pc = GOLCL_PRECOND_NONE; /* MG: per solve, see --solve */
    s = cgk >= 0 ? bench_cg(&b, cgk, pc, o->iters, o->reps, &secs[op])
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

/* The residual histories of the --solve solves, for --plot: one curve a
 * preconditioner and size. */
typedef struct la_curve {
  char label[64];
  double *h; /* ||r_k||/||b||, k = 0 .. len-1 */
  size_t len;
  int size, precond; /* the colour (a size) and the dash (a preconditioner) */
} la_curve;
typedef struct la_curves {
  la_curve c[3 * MAX_SIZES];
  size_t n;
  int size; /* index of the size being solved */
} la_curves;

/* Solves of the 5-point Poisson problem (4, −1) with b = 1 from x = 0 to
 * rtol 1e-6 on the stencil operator: none, Jacobi, MG; wall time of the
 * whole solve (median of reps), iterations, the recomputed residual. With
 * curves, the warm-up solve (untimed) also records its residual history. */
static int solve_table(golcl_context *ctx, const la_opts *o, size_t side, const double *cg_iter,
                       FILE *csv, la_curves *curves) {
  size_t n = side * side;
  golcl_stencil *S = NULL;
  golcl_vec *b = NULL, *x = NULL;
  golcl_status s = golcl_fd_stencil5_op(ctx, side, side, 4, -1, o->dtype, &S);
  if (s == GOLCL_OK) s = golcl_vec_create(ctx, n, o->dtype, NULL, &b);
  if (s == GOLCL_OK) s = golcl_vec_create(ctx, n, o->dtype, NULL, &x);
  if (s == GOLCL_OK) s = golcl_vec_fill(b, 1.0);
  static const golcl_precond PC[3] = {GOLCL_PRECOND_NONE, GOLCL_PRECOND_JACOBI, GOLCL_PRECOND_MG};
  static const char *const PN[3] = {"none", "jacobi", "mg"};
  double t_none = NAN;
  int failed = 0;
  printf(
      "  solve to %g (b = 1, x0 = 0, stencil; ms: the whole golcl_cg_run, median; residual:\n"
      "  the true ||b - A·x||/||b|| of the returned x, recomputed on the device in %s):\n",
      o->rtol, o->dtype == GOLCL_F64 ? "f64" : "f32");
  for (int k = 0; k < 3 && s == GOLCL_OK; k++) {
    if (!(o->solve & (1 << k))) continue;
    golcl_cg *cg;
    s = golcl_cg_create(golcl_stencil_op(S), &cg);
    if (s != GOLCL_OK) break;
    golcl_cg_opts co = {.rtol = o->rtol, .max_iter = 50000, .precond = PC[k], .method = o->method};
    golcl_cg_report rep = {0};
    double *t = calloc(o->reps, sizeof *t), *hist = NULL;
    size_t hist_len = 0;
    if (curves && curves->n < sizeof curves->c / sizeof curves->c[0]) {
      hist = malloc((co.max_iter + 1) * sizeof *hist);
      if (!hist) s = GOLCL_E_OUT_OF_MEMORY;
    }
    for (unsigned r = 0; r <= o->reps && s == GOLCL_OK; r++) { /* run 0: warm-up */
      co.history = r == 0 ? hist : NULL;
      co.history_cap = r == 0 && hist ? co.max_iter + 1 : 0;
      s = golcl_vec_fill(x, 0.0);
      if (s == GOLCL_OK) s = golcl_context_finish(ctx);
      double t0 = ex_now();
      if (s == GOLCL_OK) s = golcl_cg_run(cg, b, x, &co, &rep);
      if (r > 0 && t) t[r - 1] = ex_now() - t0;
      if (r == 0 && s == GOLCL_OK) hist_len = rep.history_len;
    }
    golcl_cg_destroy(cg);
    if (s != GOLCL_OK || !t) {
      free(t);
      free(hist);
      if (s == GOLCL_OK) s = GOLCL_E_OUT_OF_MEMORY;
      break;
    }
    if (hist && hist_len > 0) {
      la_curve *cv = &curves->c[curves->n++];
      double *h = realloc(hist, hist_len * sizeof *h);
      cv->h = h ? h : hist;
      cv->len = hist_len;
      cv->size = curves->size;
      cv->precond = k;
      snprintf(cv->label, sizeof cv->label, "%s, %zux%zu", PN[k], side, side);
    } else {
      free(hist);
    }
    double med = ex_median(t, o->reps);
    free(t);
    if (k == 0) t_none = med;
    /* the speed-up over the plain solve, where it ran (--solve=LIST may leave it out) */
    char speedup[16] = "-";
    if (isfinite(t_none)) snprintf(speedup, sizeof speedup, "%.1f", t_none / med);
    printf("    %-7s %6zu iterations %10.2f ms  %8.1f us/iteration  x%-6s true residual %.2e  %s\n",
           PN[k], rep.iterations, med * 1e3,
           med * 1e6 / (double)(rep.iterations ? rep.iterations : 1), speedup, rep.rel_residual,
           rep.converged                     ? "converged"
           : rep.stop == GOLCL_CG_INACCURATE ? "tol met by the iterated residual (rounding floor)"
                                             : "NOT converged");
    for (int c = 0; c < 2; c++)
      if (PC[k] == GOLCL_PRECOND_MG && isfinite(cg_iter[c]) && rep.iterations)
        printf("    an MG-preconditioned iteration = %.2f plain CG iterations (%s, %.1f us)\n",
               med / (double)rep.iterations / cg_iter[c], c ? "the row kernels" : "AUTO",
               cg_iter[c] * 1e6);
    if (csv)
      fprintf(csv, "%zu,%zu,%s,solve_%s,%.9g,%zu,,\n", side, n,
              o->dtype == GOLCL_F64 ? "f64" : "f32", PN[k], med, rep.iterations);
  }
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench la: %zux%zu solve failed: %s: %s\n", side, side, golcl_strerror(s),
            golcl_context_errmsg(ctx));
    failed = 1;
  }
  golcl_stencil_destroy(S);
  golcl_vec_destroy(b);
  golcl_vec_destroy(x);
  return failed;
}

/* The thesis's 12-diagonal band product with wrapping diagonals at n = 4·s²
 * (its vectors filled RGBA textures of s×s texels), s = 64 .. 1024. Its
 * Table 4.3 (GeForce 6600): 0.33 ms at 64²·4, 71 ms at 1024²·4. */
static int thesis_table(golcl_context *ctx, const la_opts *o, FILE *csv) {
  static const size_t SIDES[5] = {64, 128, 256, 512, 1024};
  static const double THESIS_MS[5] = {0.33, NAN, NAN, NAN, 71};
  printf("\nthesis: 12 wrapping diagonals, n = 4·s² (golcl_bandmat_create_ex, GOLCL_BAND_WRAP):\n");
  printf("  %-6s %10s %12s %10s %12s %8s\n", "s", "n", "us/product", "GB/s", "thesis ms", "factor");
  int failed = 0;
  for (int i = 0; i < 5; i++) {
    size_t side = SIDES[i], n = 4 * side * side;
    ptrdiff_t s_ = (ptrdiff_t)side;
    const ptrdiff_t offs[12] = {0, 1, -1, 2, -2, s_, -s_, 2 * s_, -2 * s_, s_ + 1, -s_ - 1, s_ - 1};
    la_bench b = {
        .ctx = ctx, .q = golcl_context_cl_queue(ctx), .dt = o->dtype, .n = n, .profiled = 1};
    golcl_status s = golcl_bandmat_create_ex(ctx, n, 12, offs, o->dtype, GOLCL_BAND_WRAP, &b.A);
    if (s == GOLCL_OK) s = golcl_vec_create(ctx, n, o->dtype, NULL, &b.x);
    if (s == GOLCL_OK) s = golcl_vec_create(ctx, n, o->dtype, NULL, &b.z);
    void *d = malloc(n * golcl_dtype_size(o->dtype));
    if (!d) s = GOLCL_E_OUT_OF_MEMORY;
    for (int k = 0; k < 12 && s == GOLCL_OK; k++) {
      for (size_t j = 0; j < n; j++) {
        double v = k == 0 ? 12.0 : -1.0 / (double)(k + (int)(j % 3));
        if (o->dtype == GOLCL_F64)
          ((double *)d)[j] = v;
        else
          ((float *)d)[j] = (float)v;
      }
      s = golcl_bandmat_set_diag(b.A, offs[k], d);
    }
    free(d);
    double sec = NAN;
    if (s == GOLCL_OK) s = golcl_vec_fill(b.x, 0.5);
    if (s == GOLCL_OK) s = bench_op(&b, OP_BANDMV, o->reps, &sec);
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl bench la: thesis %zu failed: %s: %s\n", side, golcl_strerror(s),
              golcl_context_errmsg(ctx));
      failed = 1;
    }
    double bytes = (double)n * golcl_dtype_size(o->dtype) * 14; /* 12 diagonals, x, out */
    printf("  %-6zu %10zu %12.2f %10.1f %12.2f %8.1f\n", side, n, sec * 1e6, bytes / sec * 1e-9,
           THESIS_MS[i], THESIS_MS[i] * 1e-3 / sec);
    if (csv)
      fprintf(csv, "%zu,%zu,%s,thesis_band12,%.9g,%.0f,%.6g,\n", side, n,
              o->dtype == GOLCL_F64 ? "f64" : "f32", sec, bytes, bytes / sec * 1e-9);
    destroy(&b);
  }
  return failed;
}

/* Draws log10 ||r_k||/||b|| against k, a line per curve (a colour a size,
 * a dash pattern a preconditioner: none and Jacobi coincide where the
 * diagonal is constant), with the tolerance 1e-6 as a grey line; the data
 * go to gnuplot as a datablock, the PNG is written whole or not at all.
 * 0, 1 on failure, -1 when no solve gave a history (no plot is drawn, the
 * old file stays). */
static int draw_residuals(const la_opts *o, const la_curves *cv, const golcl_device_info *dev) {
  if (cv->n == 0) return -1;
  char *script = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&script, &len);
  if (!f) {
    fprintf(stderr, "golcl bench la: --plot: %s\n", strerror(errno));
    return 1;
  }
  fprintf(f, "$data << EOD\n");
  for (size_t i = 0; i < cv->n; i++) {
    if (i) fprintf(f, "\n\n");
    for (size_t k = 0; k < cv->c[i].len; k++)
      if (isfinite(cv->c[i].h[k]) && cv->c[i].h[k] > 0)
        fprintf(f, "%zu %.9g\n", k, log10(cv->c[i].h[k]));
  }
  fprintf(f, "EOD\nset title ");
  char title[512];
  snprintf(title, sizeof title,
           "golcl bench la: CG on the 5-point Poisson problem, b = 1, x0 = 0, %s  (%s)",
           o->dtype == GOLCL_F64 ? "f64" : "f32", dev->name);
  plot_quoted(f, title);
  fprintf(f, " . \"\\n\" . ");
  plot_quoted(f, "(the constant diagonal makes Jacobi's lines those without a preconditioner)");
  fprintf(f,
          "\nset xlabel 'iteration k'\nset ylabel 'log10 ||r_k|| / ||b||  (iterated residual)'\n"
          "set grid\nset key outside right\nset xrange [0:*]\n"
          "plot ");
  static const int DASH[3] = {1, 2, 3}; /* none: solid, jacobi: dashes, mg: dots */
  for (size_t i = 0; i < cv->n; i++) {
    fprintf(f, "%s$data index %zu using 1:2 with lines lw 1.5 lc %d dt %d title ",
            i ? ", \\\n     " : "", i, cv->c[i].size + 1, DASH[cv->c[i].precond]);
    plot_quoted(f, cv->c[i].label);
  }
  fprintf(f, ", \\\n     %g with lines lc 'gray50' title 'rtol %g'\n", log10(o->rtol), o->rtol);
  if (fclose(f) != 0 || !script) {
    fprintf(stderr, "golcl bench la: --plot: out of memory\n");
    free(script);
    return 1;
  }
  int rc = plot_png("bench la", o->plot, 1000, 600, script) ? 1 : 0;
  free(script);
  return rc;
}

int cmd_bench_la(int argc, char **argv) {
  la_opts o = {.dtype = GOLCL_F32,
               .reps = 5,
               .iters = 100,
               .nsizes = 3,
               .sizes = {256, 1024, 4096},
               .cg_ops = (1 << OPK_COUNT) - 1,
               .rtol = 1e-6,
               .ops = ~0u};
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  if (o.plot) {
    /* the histories come from the solves; gnuplot is looked for before the
     * long part, not after */
    if (!o.solve) o.solve = 7;
    if (!plot_check("bench la")) return 2;
  }
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
      "dtype:   %s; median of %u runs; CG iteration = (t(%zu) - t(%zu)) / %zu, precond %s%s; "
      "GOLCL_LA_LOCAL=%s GOLCL_LA_GROUPS=%s\n",
      dts, o.reps, 2 * o.iters, o.iters, o.iters,
      o.precond == GOLCL_PRECOND_JACOBI ? "jacobi" : "none",
      o.method == GOLCL_CG_SINGLE_REDUCTION ? ", single reduction" : "", el ? el : "(device)",
      eg ? eg : "(device)");
  if (csv) fprintf(csv, "size,n,dtype,op,seconds,bytes,gb_per_s,pct_copy\n");
  int failed = 0, profiled = 1;
  size_t es = golcl_dtype_size(o.dtype);
  static la_curves curves;
  for (size_t si = 0; si < o.nsizes; si++) {
    size_t side = o.sizes[si], n = side * side;
    double secs[OP_COUNT];
    printf("\n%zux%zu (n = %zu):\n", side, side, n);
    fflush(stdout);
    failed |= bench_size(ctx, &o, side, secs, &profiled);
    double copy_bw = (double)n * es * OP_ELEMS[OP_COPY] / secs[OP_COPY];
    printf("  %-13s %12s %10s %8s  %s\n", "op", "us/call", "GB/s", "%copy", "what");
    for (int op = 0; op < OP_COUNT; op++) {
      if (isnan(secs[op]) && (op >= OP_CG_STENCIL || !(o.ops & (1u << op))))
        continue; /* not asked for */
      double bytes = (double)n * es * OP_ELEMS[op], bw = bytes / secs[op];
      double pct = 100.0 * bw / copy_bw;
      printf("  %-13s %12.2f %10.1f %7.0f%%  %s\n", OP_NAME[op], secs[op] * 1e6, bw * 1e-9, pct,
             OP_NOTE[op]);
      if (csv)
        fprintf(csv, "%zu,%zu,%s,%s,%.9g,%.0f,%.6g,%.4g\n", side, n, dts, OP_NAME[op], secs[op],
                bytes, bw * 1e-9, pct);
    }
    curves.size = (int)si;
    for (int c = 0; c < 2; c++) {
      double it = secs[c ? OP_CG_STENCIL_ROWS : OP_CG_STENCIL];
      if (isfinite(secs[OP_MG_VCYCLE]) && isfinite(it))
        printf("  a V-cycle = %.2f CG iterations (stencil, %s)\n", secs[OP_MG_VCYCLE] / it,
               c ? "the row kernels" : "AUTO");
    }
    const double cg_iter[2] = {secs[OP_CG_STENCIL], secs[OP_CG_STENCIL_ROWS]};
    if (o.solve) failed |= solve_table(ctx, &o, side, cg_iter, csv, o.plot ? &curves : NULL);
    fflush(stdout);
  }
  if (o.thesis) failed |= thesis_table(ctx, &o, csv);
  printf("\ntimer: %s; CG iteration by wall clock (solves are blocking)\n",
         profiled ? "OpenCL profiling events" : "wall clock around clFinish (no profiling)");
  if (csv && ex_atomic_commit(&csv_file, "golcl bench la")) failed = 1;
  if (o.plot) {
    int p = draw_residuals(&o, &curves, &dev);
    if (p > 0) failed = 1;
    if (p == 0) printf("\nplot:    %s\n", o.plot);
  }
  for (size_t i = 0; i < curves.n; i++) free(curves.c[i].h);
  if (failed) printf("\ngolcl bench la: FAILED (see the errors above)\n");
  golcl_context_destroy(ctx);
  return failed ? 1 : 0;
}
