/* cmd_bench_lattice.c — `golcl bench game` and `golcl bench graph`: the
 * spatial game's kernels on a 2-D or 3-D lattice beside a float4 copy kernel
 * (the bandwidth reference), and Life on a generated W×H torus mesh (vertex
 * neighbours) beside the naive grid stepper on the same torus. Times are
 * device spans between profiling markers around --gens back-to-back
 * generations (after a warm-up with the JIT build), the median of --reps
 * runs. Effective bytes: the game moves about 10 bytes an agent a generation
 * (strategies read once, scores written and read once, strategies written);
 * Life on a graph and the grid move 2 bytes a cell (read and written once). */
#include <golcl.h>
#include <golcl_lattice.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cmd.h"
#include "span.h"

#define MAX_KERNELS 8

typedef struct bench_opts {
  const char *device, *csv;
  golcl_lattice lat;
  double b;
  unsigned reps;
  unsigned long long gens;
  golcl_lattice_kernel kernels[MAX_KERNELS];
  size_t nkernels;
  int graph; /* bench graph */
} bench_opts;

static void usage(FILE *f, int graph) {
  if (graph)
    fprintf(
        f,
        "usage: golcl bench graph [--size WxH] [--kernels auto,dict,table] [--gens N] [--reps N]\n"
        "                         [--device SPEC] [--csv FILE]\n"
        "\n"
        "Life (B3/S23) on a generated WxH torus mesh with vertex neighbours (the\n"
        "torus grid as a graph: 8 neighbours from a table), each kernel beside the\n"
        "naive byte-per-cell grid stepper on the same WxH torus (default 4096x4096).\n"
        "Prints generations/s, cell updates/s, effective GB/s (2 bytes a cell) and the\n"
        "time against naive.\n");
  else
    fprintf(f,
            "usage: golcl bench game [--size WxH|WxHxD] [--kernels bits,fused,tiled,table,dict]\n"
            "                        [--boundary torus|dead] [--nbhd moore|vn|hex] [--b B]\n"
            "                        [--gens N] [--reps N] [--device SPEC] [--csv FILE]\n"
            "\n"
            "The Nowak-May game (b = 1.9, self-interaction, a 10%% random start) on a\n"
            "lattice (default 512x512x512), each kernel beside a float4 copy kernel.\n"
            "Prints agent updates/s, effective GB/s (10 bytes an agent a generation)\n"
            "and the share of the copy kernel's bandwidth (read + write).\n");
  fprintf(f,
          "\n  --gens N      generations a timed run (default 20)\n"
          "  --reps N      timed runs, the median is kept (default 5)\n"
          "  --csv FILE    also write what,size,kernel,seconds_per_gen,updates_per_s,gb_per_s,"
          "ratio\n"
          "Exit status: 0; 1 if a kernel failed; 2 on bad usage.\n");
}

static int parse_size(const char *v, golcl_lattice *l, int allow3) {
  unsigned long long a, b, c = 1;
  char x1, x2, extra;
  int n = sscanf(v, "%llu%c%llu%c%llu%c", &a, &x1, &b, &x2, &c, &extra);
  if (!(n == 3 && x1 == 'x') && !(allow3 && n == 5 && x1 == 'x' && x2 == 'x')) return -1;
  if (!a || !b || !c || a > 65536 || b > 65536 || c > 65536) return -1;
  l->dims = n == 5 ? 3 : 2;
  l->nx = (uint32_t)a;
  l->ny = (uint32_t)b;
  l->nz = (uint32_t)c;
  return 0;
}

static int parse_kernels(const char *list, bench_opts *o) {
  char *copy = strdup(list);
  if (!copy) return -1;
  o->nkernels = 0;
  int rc = 0;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
    if (o->nkernels == MAX_KERNELS ||
        golcl_lattice_kernel_from_name(t, &o->kernels[o->nkernels++]) != GOLCL_OK)
      rc = -1;
  free(copy);
  return rc || o->nkernels == 0 ? -1 : 0;
}

static int parse_args(int argc, char **argv, bench_opts *o) {
  const char *prog = o->graph ? "golcl bench graph" : "golcl bench game";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout, o->graph);
      return 1;
    }
    if (!v) {
      fprintf(stderr, "%s: %s needs a value (see --help)\n", prog, a);
      return 2;
    }
    i++;
    char *end = NULL;
    int bad = 0;
    if (!strcmp(a, "--device"))
      o->device = v;
    else if (!strcmp(a, "--csv"))
      o->csv = v;
    else if (!strcmp(a, "--size"))
      bad = parse_size(v, &o->lat, !o->graph);
    else if (!strcmp(a, "--kernels"))
      bad = parse_kernels(v, o);
    else if (!strcmp(a, "--gens")) {
      o->gens = strtoull(v, &end, 10);
      bad = *end || o->gens == 0 || o->gens > 100000;
    } else if (!strcmp(a, "--reps")) {
      o->reps = (unsigned)strtoul(v, &end, 10);
      bad = *end || o->reps == 0 || o->reps > 1000;
    } else if (!strcmp(a, "--b") && !o->graph) {
      o->b = strtod(v, &end);
      bad = *end || end == v;
    } else if (!strcmp(a, "--boundary") && !o->graph) {
      bad = strcmp(v, "torus") && strcmp(v, "dead");
      o->lat.boundary = strcmp(v, "dead") ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
    } else if (!strcmp(a, "--nbhd") && !o->graph) {
      bad = strcmp(v, "moore") && strcmp(v, "vn") && strcmp(v, "hex");
      o->lat.nbhd = !strcmp(v, "vn")    ? GOLCL_NEIGHBOURHOOD_VON_NEUMANN
                    : !strcmp(v, "hex") ? GOLCL_NEIGHBOURHOOD_HEXAGONAL
                                        : GOLCL_NEIGHBOURHOOD_MOORE;
    } else {
      fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, a);
      return 2;
    }
    if (bad) {
      fprintf(stderr, "%s: bad value for %s: %s\n", prog, a, v);
      return 2;
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ timing */

typedef golcl_status (*step_fn)(void *obj, int kernel, uint64_t gens);

/* Device seconds of one generation: a span of gens generations between two
 * profiling markers (wall clock around clFinish without profiling). */
static golcl_status time_gens(golcl_context *ctx, step_fn f, void *obj, int kernel, uint64_t gens,
                              double *seconds) {
  bench_span sp;
  golcl_status s = span_begin(ctx, &sp);
  if (s != GOLCL_OK) return s;
  s = span_end(&sp, f(obj, kernel, gens), seconds, NULL);
  *seconds /= (double)gens;
  return s;
}

/* The median over reps of time_gens, after a warm-up generation. */
static golcl_status median_gens(golcl_context *ctx, step_fn f, void *obj, int kernel,
                                const bench_opts *o, double *out) {
  double t[1000], once;
  golcl_status s = time_gens(ctx, f, obj, kernel, 1, &once);
  for (unsigned r = 0; r < o->reps && s == GOLCL_OK; r++)
    s = time_gens(ctx, f, obj, kernel, o->gens, &t[r]);
  if (s == GOLCL_OK) *out = ex_median(t, o->reps);
  return s;
}

static golcl_status step_game(void *obj, int kernel, uint64_t gens) {
  return golcl_game_run(obj, (golcl_lattice_kernel)kernel, gens);
}
static golcl_status step_glife(void *obj, int kernel, uint64_t gens) {
  return golcl_glife_run(obj, (golcl_lattice_kernel)kernel, gens);
}
static golcl_status step_grid(void *obj, int kernel, uint64_t gens) {
  golcl_grid **gs = obj; /* grid, stepper */
  (void)kernel;
  return golcl_stepper_run((golcl_stepper *)gs[1], gs[0], gens);
}

/* The float4 copy kernel: 2·bytes moved a call. */
static const char COPY_SRC[] =
    "__kernel void copy4(__global const float4 *a, __global float4 *b) {\n"
    "  size_t i = get_global_id(0);\n"
    "  b[i] = a[i];\n"
    "}\n";

typedef struct copy_bench {
  cl_kernel k;
  cl_mem a, b;
  size_t n4;
} copy_bench;

static golcl_context *g_ctx; /* for copy_run */
static golcl_status copy_run(void *obj, int kernel, uint64_t gens) {
  copy_bench *c = obj;
  (void)kernel;
  cl_command_queue q = golcl_context_cl_queue(g_ctx);
  for (uint64_t i = 0; i < gens; i++)
    if (clEnqueueNDRangeKernel(q, c->k, 1, NULL, &c->n4, NULL, 0, NULL, NULL) != CL_SUCCESS)
      return GOLCL_E_OPENCL;
  return GOLCL_OK;
}

/* Copy bandwidth (GB/s, read + write) over a buffer of bytes. */
static int copy_bandwidth(golcl_context *ctx, size_t bytes, const bench_opts *o, double *gbs) {
  cl_int err;
  cl_context c = golcl_context_cl_context(ctx);
  cl_device_id d = golcl_context_cl_device(ctx);
  const char *src = COPY_SRC;
  copy_bench cb = {0};
  cb.n4 = bytes / 16;
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &err);
  if (err == CL_SUCCESS) err = clBuildProgram(p, 1, &d, "", NULL, NULL);
  if (err == CL_SUCCESS) cb.k = clCreateKernel(p, "copy4", &err);
  if (p) clReleaseProgram(p);
  if (err == CL_SUCCESS) cb.a = clCreateBuffer(c, CL_MEM_READ_WRITE, cb.n4 * 16, NULL, &err);
  if (err == CL_SUCCESS) cb.b = clCreateBuffer(c, CL_MEM_READ_WRITE, cb.n4 * 16, NULL, &err);
  if (err == CL_SUCCESS) err = clSetKernelArg(cb.k, 0, sizeof cb.a, &cb.a);
  if (err == CL_SUCCESS) err = clSetKernelArg(cb.k, 1, sizeof cb.b, &cb.b);
  double t = 0;
  g_ctx = ctx;
  golcl_status s = err == CL_SUCCESS ? median_gens(ctx, copy_run, &cb, 0, o, &t) : GOLCL_E_OPENCL;
  if (cb.a) clReleaseMemObject(cb.a);
  if (cb.b) clReleaseMemObject(cb.b);
  if (cb.k) clReleaseKernel(cb.k);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench: the copy kernel failed (OpenCL error %d)\n", (int)err);
    return 1;
  }
  *gbs = 2.0 * (double)(cb.n4 * 16) / t / 1e9;
  return 0;
}

static void row(FILE *csv, const char *what, const char *size, const char *name, double sec,
                double n, double bytes, double ratio, const char *ratio_note) {
  printf("  %-10s %10.3f ms %12.3f G/s %10.1f GB/s   %s %.3f\n", name, sec * 1e3, n / sec / 1e9,
         bytes / sec / 1e9, ratio_note, ratio);
  if (csv)
    fprintf(csv, "%s,%s,%s,%.9g,%.6g,%.6g,%.4f\n", what, size, name, sec, n / sec,
            bytes / sec / 1e9, ratio);
}

static golcl_context *open_ctx(const bench_opts *o) {
  golcl_context_opts co = {0};
  co.device = o->device;
  golcl_context *ctx;
  if (golcl_context_create(&co, &ctx) != GOLCL_OK) {
    fprintf(stderr, "golcl bench: no device: %s\n", golcl_last_errmsg());
    return NULL;
  }
  golcl_device_info info;
  if (golcl_context_device_info(ctx, &info) == GOLCL_OK) printf("device: %s\n", info.name);
  return ctx;
}

/* ----------------------------------------------------------------- game */

static int bench_game(const bench_opts *o) {
  golcl_context *ctx = open_ctx(o);
  if (!ctx) return 1;
  FILE *csv = o->csv ? fopen(o->csv, "w") : NULL;
  if (o->csv && !csv) {
    fprintf(stderr, "golcl bench game: cannot write %s\n", o->csv);
    return 1;
  }
  if (csv) fprintf(csv, "what,size,kernel,seconds_per_gen,updates_per_s,gb_per_s,ratio\n");
  golcl_graph *g;
  golcl_status s = golcl_graph_create_lattice(ctx, &o->lat, &g);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench game: %s\n", golcl_context_errmsg(ctx));
    return 1;
  }
  double n = (double)golcl_graph_cells(g), gbs_copy;
  char size[64];
  if (o->lat.dims == 3)
    snprintf(size, sizeof size, "%ux%ux%u", o->lat.nx, o->lat.ny, o->lat.nz);
  else
    snprintf(size, sizeof size, "%ux%u", o->lat.nx, o->lat.ny);
  size_t cbytes = (size_t)(n * 4) < ((size_t)256 << 20) ? (size_t)256 << 20 : (size_t)(n * 4);
  if (copy_bandwidth(ctx, cbytes, o, &gbs_copy)) return 1;
  printf("game on %s (%s, %s), b %g, %llu generations a run, median of %u\n", size,
         o->lat.boundary == GOLCL_BOUNDARY_TORUS ? "torus" : "dead",
         o->lat.nbhd == GOLCL_NEIGHBOURHOOD_MOORE ? "Moore"
         : o->lat.nbhd == GOLCL_NEIGHBOURHOOD_HEXAGONAL ? "hex"
                                    : "von Neumann",
         o->b, o->gens, o->reps);
  printf("  %-10s %13s %16s %15s   %s\n", "kernel", "per gen", "agent updates", "effective",
         "of copy");
  printf("  %-10s %13s %16s %10.1f GB/s   (float4 copy, %zu MiB, read + write)\n", "copy", "", "",
         gbs_copy, cbytes >> 20);
  if (csv) fprintf(csv, "game,%s,copy,0,0,%.6g,1\n", size, gbs_copy);
  int rc = 0;
  for (size_t k = 0; k < o->nkernels; k++) {
    golcl_game *gm;
    double t;
    s = golcl_game_create(g, &gm);
    if (s == GOLCL_OK) s = golcl_game_set_b(gm, o->b);
    if (s == GOLCL_OK) s = golcl_game_randomize(gm, 0.1, 1);
    if (s == GOLCL_OK) s = median_gens(ctx, step_game, gm, o->kernels[k], o, &t);
    if (s != GOLCL_OK) {
      printf("  %-10s failed: %s: %s\n", golcl_lattice_kernel_name(o->kernels[k]),
             golcl_strerror(s), golcl_context_errmsg(ctx));
      rc = 1;
    } else {
      double bytes = 10 * n;
      row(csv, "game", size, golcl_lattice_kernel_name(o->kernels[k]), t, n, bytes,
          bytes / t / 1e9 / gbs_copy, "of copy");
    }
    golcl_game_destroy(gm);
  }
  golcl_graph_destroy(g);
  if (csv) fclose(csv);
  golcl_context_destroy(ctx);
  return rc;
}

/* ----------------------------------------------------------------- graph */

static int bench_graph(const bench_opts *o) {
  golcl_context *ctx = open_ctx(o);
  if (!ctx) return 1;
  FILE *csv = o->csv ? fopen(o->csv, "w") : NULL;
  if (o->csv && !csv) {
    fprintf(stderr, "golcl bench graph: cannot write %s\n", o->csv);
    return 1;
  }
  if (csv) fprintf(csv, "what,size,kernel,seconds_per_gen,updates_per_s,gb_per_s,ratio\n");
  uint32_t w = o->lat.nx, h = o->lat.ny;
  char size[64];
  snprintf(size, sizeof size, "%ux%u", w, h);
  double n = (double)w * h, t_naive = 0;
  /* the naive grid stepper on the same torus */
  golcl_grid *grid;
  golcl_stepper *st;
  golcl_status s = golcl_grid_create(ctx, w, h, GOLCL_BOUNDARY_TORUS, &grid);
  if (s == GOLCL_OK) s = golcl_stepper_create(ctx, GOLCL_STEPPER_NAIVE, NULL, &st);
  if (s == GOLCL_OK) s = golcl_grid_randomize(grid, 0.3, 1);
  void *pair[2] = {grid, st};
  if (s == GOLCL_OK) s = median_gens(ctx, step_grid, pair, 0, o, &t_naive);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench graph: naive grid: %s\n", golcl_context_errmsg(ctx));
    return 1;
  }
  golcl_stepper_destroy(st);
  golcl_grid_destroy(grid);
  golcl_mesh *m;
  golcl_graph *g;
  double t0 = ex_now(), t1 = t0;
  s = golcl_mesh_torus(w, h, 3.0, 1.0, &m);
  if (s == GOLCL_OK) {
    t1 = ex_now();
    s = golcl_graph_create_mesh(ctx, m, GOLCL_MESH_VERTEX, &g);
  }
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench graph: %s\n", golcl_last_errmsg());
    return 1;
  }
  double t2 = ex_now();
  printf(
      "Life on a %s torus mesh (vertex neighbours, %u slots), %llu generations a run, median "
      "of %u\n",
      size, golcl_graph_degree(g), o->gens, o->reps);
  printf("  built in %.3f s: mesh %.3f s, graph (neighbour rows, on the device) %.3f s\n", t2 - t0,
         t1 - t0, t2 - t1);
  printf("  %-10s %13s %16s %15s   %s\n", "kernel", "per gen", "cell updates", "effective",
         "time / naive");
  row(csv, "graph", size, "naive-grid", t_naive, n, 2 * n, 1.0, "time / naive");
  int rc = 0;
  for (size_t k = 0; k < o->nkernels; k++) {
    golcl_glife *l;
    double t;
    s = golcl_glife_create(g, &l);
    if (s == GOLCL_OK) s = golcl_glife_randomize(l, 0.3, 1);
    if (s == GOLCL_OK) s = median_gens(ctx, step_glife, l, o->kernels[k], o, &t);
    if (s != GOLCL_OK) {
      printf("  %-10s failed: %s: %s\n", golcl_lattice_kernel_name(o->kernels[k]),
             golcl_strerror(s), golcl_context_errmsg(ctx));
      rc = 1;
    } else {
      row(csv, "graph", size, golcl_lattice_kernel_name(o->kernels[k]), t, n, 2 * n, t / t_naive,
          "time / naive");
    }
    golcl_glife_destroy(l);
  }
  golcl_graph_destroy(g);
  golcl_mesh_destroy(m);
  if (csv) fclose(csv);
  golcl_context_destroy(ctx);
  return rc;
}

int cmd_bench_game(int argc, char **argv) {
  bench_opts o = {.lat = {3, 512, 512, 512, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE},
                  .b = 1.9,
                  .reps = 5,
                  .gens = 20,
                  .kernels = {GOLCL_LK_BITS, GOLCL_LK_FUSED, GOLCL_LK_TILED, GOLCL_LK_TABLE},
                  .nkernels = 4};
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  return bench_game(&o);
}

int cmd_bench_graph(int argc, char **argv) {
  bench_opts o = {.lat = {2, 4096, 4096, 1, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE},
                  .reps = 5,
                  .gens = 20,
                  .kernels = {GOLCL_LK_AUTO, GOLCL_LK_DICT, GOLCL_LK_TABLE},
                  .nkernels = 3,
                  .graph = 1};
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc == 1 ? 0 : rc;
  if (o.lat.nx < 3 || o.lat.ny < 3) {
    fprintf(stderr, "golcl bench graph: a torus mesh needs sides of at least 3\n");
    return 2;
  }
  return bench_graph(&o);
}
