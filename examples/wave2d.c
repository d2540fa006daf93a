/* wave2d.c — the shallow 2-D wave equation h_tt = c²Δh by Crank–Nicolson:
 * A·h_{t+1} = M·h_t − h_{t−1} with A, M stencils from golcl_fd_wave_cn_op, one CG solve
 * a step, reflecting (h = 0) walls, a few drops as the initial
 * perturbation. Frames are rendered on the device by a kernel of our own on
 * the vector's buffer (a shaded height field: normals from finite
 * differences, one directional light) and written as PNG. A new drop falls
 * every --rain steps (added to h and h⁻ alike, so that it starts at rest).
 *
 * usage: wave2d [--size N] [--steps S] [--every K] [--out DIR] [--drops D]
 *               [--rain R] [--courant C] [--rtol R] [--dtype f32|f64]
 *               [--device SPEC] */
#include <golcl.h>
#include <golcl_la.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "args.h"
#include "clock.h"
#include "image.h"

#define CHECK(call)                                                      \
  do {                                                                   \
    golcl_status s_ = (call);                                            \
    if (s_ != GOLCL_OK) {                                                \
      fprintf(stderr, "wave2d: %s: %s\n%s\n", #call, golcl_strerror(s_), \
              golcl_context_errmsg(ctx));                                \
      exit(1);                                                           \
    }                                                                    \
  } while (0)

typedef struct opts {
  size_t size, steps, every, drops, rain;
  double courant, rtol;
  const char *out, *device;
  golcl_dtype dtype;
} opts;

static void usage(FILE *f) {
  fprintf(f,
          "usage: wave2d [--size N] [--steps S] [--every K] [--out DIR] [--drops D]\n"
          "              [--rain R] [--courant C] [--rtol R] [--dtype f32|f64]\n"
          "              [--device SPEC]\n"
          "  --size N     grid of N×N heights (default 128)\n"
          "  --steps S    time steps (default 200)\n"
          "  --every K    write a frame every K steps, 0 for none (default 10)\n"
          "  --out DIR    folder of the frames wave_NNNN.png (default wave2d_out)\n"
          "  --drops D    drops in the initial surface (default 5)\n"
          "  --rain R     a new drop every R steps, 0 for none (default 25)\n"
          "  --courant C  c·Δt/Δx; α = C²/2 (default 0.5; stable for any C, but the\n"
          "               scheme damps more the larger C is)\n"
          "  --rtol R     CG tolerance (default 1e-5)\n"
          "  --dtype T    f32 (default) or f64\n"
          "  --device S   gpu, cpu, P:D or a name substring\n");
}

static int parse(int argc, char **argv, opts *o) {
  const ex_arg args[] = {
      {"--size", EX_SIZE, &o->size},       {"--steps", EX_SIZE, &o->steps},
      {"--every", EX_SIZE, &o->every},     {"--drops", EX_SIZE, &o->drops},
      {"--rain", EX_SIZE, &o->rain},       {"--courant", EX_DOUBLE, &o->courant},
      {"--rtol", EX_DOUBLE, &o->rtol},     {"--out", EX_STRING, &o->out},
      {"--device", EX_STRING, &o->device}, {"--dtype", EX_DTYPE, &o->dtype},
  };
  if (ex_parse_args("wave2d", argc, argv, args, sizeof args / sizeof args[0], usage)) return 2;
  if (o->size < 3 || o->size > 16384 || !(o->courant > 0) || !(o->rtol > 0)) {
    fprintf(stderr, "wave2d: need 3 <= size <= 16384, courant > 0, rtol > 0\n");
    return 2;
  }
  return 0;
}

/* The renderer: one work-item a pixel. The normal of the surface z = s·h
 * comes from central differences (one-sided at the walls), the light is one
 * direction plus an ambient term and a specular highlight. */
static const char RENDER_SRC[] =
    "#ifdef GOLCL_FP64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n"
    "__kernel void shade(__global const REAL *h, int nx, int ny, float scale,\n"
    "                    __global uchar *rgb) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  if (x >= nx || y >= ny) return;\n"
    "  int xl = max(x - 1, 0), xr = min(x + 1, nx - 1);\n"
    "  int yu = max(y - 1, 0), yd = min(y + 1, ny - 1);\n"
    "  float dx = (float)(h[y * nx + xr] - h[y * nx + xl]) / (float)(xr - xl);\n"
    "  float dy = (float)(h[yd * nx + x] - h[yu * nx + x]) / (float)(yd - yu);\n"
    "  float3 n = normalize((float3)(-scale * dx, -scale * dy, 1.0f));\n"
    "  float3 l = normalize((float3)(-0.5f, -0.6f, 0.62f));\n"
    "  float diff = max(dot(n, l), 0.0f);\n"
    "  float3 hv = normalize(l + (float3)(0.0f, 0.0f, 1.0f));\n"
    "  float spec = pow(max(dot(n, hv), 0.0f), 60.0f);\n"
    "  float3 water = (float3)(0.06f, 0.28f, 0.52f);\n"
    "  float3 c = water * (0.35f + 0.75f * diff) + (float3)(0.9f) * spec;\n"
    "  c = clamp(c, 0.0f, 1.0f) * 255.0f;\n"
    "  size_t o = 3 * ((size_t)y * nx + x);\n"
    "  rgb[o] = (uchar)c.x; rgb[o + 1] = (uchar)c.y; rgb[o + 2] = (uchar)c.z;\n"
    "}\n";

typedef struct renderer {
  cl_kernel k;
  cl_mem rgb;
  unsigned char *host;
} renderer;

static int renderer_make(golcl_context *ctx, golcl_dtype dt, size_t nx, size_t ny, renderer *r) {
  cl_int err;
  const char *src = RENDER_SRC;
  cl_context c = golcl_context_cl_context(ctx);
  cl_device_id d = golcl_context_cl_device(ctx);
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram(p, 1, &d, dt == GOLCL_F64 ? "-DREAL=double -DGOLCL_FP64" : "-DREAL=float",
                         NULL, NULL);
  if (err == CL_SUCCESS) r->k = clCreateKernel(p, "shade", &err);
  if (p) clReleaseProgram(p);
  if (err == CL_SUCCESS) r->rgb = clCreateBuffer(c, CL_MEM_WRITE_ONLY, 3 * nx * ny, NULL, &err);
  r->host = malloc(3 * nx * ny);
  if (err != CL_SUCCESS || !r->host) {
    fprintf(stderr, "wave2d: cannot make the renderer (OpenCL error %d)\n", (int)err);
    return 1;
  }
  return 0;
}

static int render(golcl_context *ctx, renderer *r, golcl_vec *h, size_t nx, size_t ny,
                  const char *path) {
  cl_mem hb = golcl_vec_buffer(h);
  cl_int inx = (cl_int)nx, iny = (cl_int)ny;
  cl_float scale = 40.0f;
  cl_command_queue q = golcl_context_cl_queue(ctx);
  size_t global[2] = {nx, ny};
  cl_int err = clSetKernelArg(r->k, 0, sizeof hb, &hb);
  err |= clSetKernelArg(r->k, 1, sizeof inx, &inx);
  err |= clSetKernelArg(r->k, 2, sizeof iny, &iny);
  err |= clSetKernelArg(r->k, 3, sizeof scale, &scale);
  err |= clSetKernelArg(r->k, 4, sizeof r->rgb, &r->rgb);
  if (err == CL_SUCCESS)
    err = clEnqueueNDRangeKernel(q, r->k, 2, NULL, global, NULL, 0, NULL, NULL);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(q, r->rgb, CL_TRUE, 0, 3 * nx * ny, r->host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "wave2d: rendering failed (OpenCL error %d)\n", (int)err);
    return 1;
  }
  return ex_write_png_rgb(path, r->host, (uint32_t)nx, (uint32_t)ny, 3 * nx);
}

/* count Gaussian drops at pseudo-random places (from the state *s), as an
 * n×n field in the dtype, into buf. */
static void drops(void *buf, golcl_dtype dt, size_t n, size_t count, uint64_t *s) {
  double *h = calloc(n * n, sizeof *h);
  if (!h) exit(1);
  for (size_t d = 0; d < count; d++) {
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    double cx = (0.15 + 0.7 * (double)(*s % 1000) / 1000.0) * (double)n;
    double cy = (0.15 + 0.7 * (double)((*s >> 20) % 1000) / 1000.0) * (double)n;
    double r = 0.015 * (double)n + 1.0, amp = (*s >> 40) % 2 ? 0.5 : 1.0;
    for (size_t y = 0; y < n; y++)
      for (size_t x = 0; x < n; x++) {
        double dx = (double)x - cx, dy = (double)y - cy;
        h[y * n + x] += amp * exp(-(dx * dx + dy * dy) / (2 * r * r));
      }
  }
  for (size_t i = 0; i < n * n; i++)
    if (dt == GOLCL_F32)
      ((float *)buf)[i] = (float)h[i];
    else
      ((double *)buf)[i] = h[i];
  free(h);
}

int main(int argc, char **argv) {
  opts o = {128, 200, 10, 5, 25, 0.5, 1e-5, "wave2d_out", NULL, GOLCL_F32};
  if (parse(argc, argv, &o)) return 2;
  golcl_context *ctx = NULL;
  golcl_context_opts co = {0};
  co.device = o.device;
  CHECK(golcl_context_create(&co, &ctx));
  golcl_device_info dev;
  CHECK(golcl_context_device_info(ctx, &dev));
  if (o.every && mkdir(o.out, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "wave2d: cannot make %s: %s\n", o.out, strerror(errno));
    return 1;
  }
  const size_t N = o.size, n = N * N;
  const double alpha = 0.5 * o.courant * o.courant; /* c²Δt²/(2Δx²) */
  printf("wave2d: %zux%zu, %zu steps, alpha %.4g, %s, on %s\n", N, N, o.steps, alpha,
         o.dtype == GOLCL_F64 ? "f64" : "f32", dev.name);

  /* A·h⁺ = M·h − h⁻, with matrix-free stencil operators and one solver */
  golcl_stencil *A, *M;
  CHECK(golcl_fd_wave_cn_op(ctx, N, N, alpha, o.dtype, &A, &M));
  golcl_cg *solver;
  CHECK(golcl_cg_create(golcl_stencil_op(A), &solver));
  void *buf = malloc(n * golcl_dtype_size(o.dtype));
  if (!buf) return 1;
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  drops(buf, o.dtype, N, o.drops, &seed);
  golcl_vec *prev, *cur, *next, *b, *drop;
  CHECK(golcl_vec_create(ctx, n, o.dtype, buf, &prev)); /* at rest: h⁻ = h */
  CHECK(golcl_vec_create(ctx, n, o.dtype, buf, &cur));
  CHECK(golcl_vec_create(ctx, n, o.dtype, NULL, &next));
  CHECK(golcl_vec_create(ctx, n, o.dtype, NULL, &b));
  CHECK(golcl_vec_create(ctx, n, o.dtype, NULL, &drop));

  renderer r = {0};
  if (o.every && renderer_make(ctx, o.dtype, N, N, &r)) return 1;
  golcl_cg_opts cg = {.rtol = o.rtol};
  golcl_cg_report rep;
  size_t iters = 0, frames = 0, unconverged = 0;
  double t_solve = 0, t_render = 0, t0 = ex_now();
  for (size_t step = 0; step < o.steps; step++) {
    if (o.rain && step > 0 && step % o.rain == 0) { /* a new drop, at rest */
      drops(buf, o.dtype, N, 1, &seed);
      CHECK(golcl_vec_write(drop, 0, n, buf));
      CHECK(golcl_vec_axpby(1.0, cur, 1.0, drop, cur));
      CHECK(golcl_vec_axpby(1.0, prev, 1.0, drop, prev));
    }
    double ts = ex_now();
    CHECK(golcl_stencil_mv(M, cur, NULL, b));           /* b = M·h        */
    CHECK(golcl_vec_axpby(1.0, b, -1.0, prev, b));      /* b −= h⁻        */
    CHECK(golcl_vec_axpby(2.0, cur, -1.0, prev, next)); /* guess 2h − h⁻ */
    CHECK(golcl_cg_run(solver, b, next, &cg, &rep));    /* A·h⁺ = b       */
    t_solve += ex_now() - ts;
    iters += rep.iterations;
    unconverged += !rep.converged;
    golcl_vec *t = prev; /* rotate: h⁻ ← h ← h⁺ */
    prev = cur;
    cur = next;
    next = t;
    if (o.every && (step + 1) % o.every == 0) {
      char path[4096];
      snprintf(path, sizeof path, "%s/wave_%04zu.png", o.out, frames++);
      double tr = ex_now();
      if (render(ctx, &r, cur, N, N, path)) return 1;
      t_render += ex_now() - tr;
    }
  }
  double total = ex_now() - t0;
  printf(
      "%zu steps in %.3f s: solve %.3f s (%.2f ms a step, %.1f CG iterations a step),\n"
      "render+PNG %.3f s for %zu frames in %s/; %zu solves did not reach rtol %g\n",
      o.steps, total, t_solve, o.steps ? 1e3 * t_solve / (double)o.steps : 0.0,
      o.steps ? (double)iters / (double)o.steps : 0.0, t_render, frames, o.out, unconverged,
      o.rtol);
  /* The speed-up of the stencil over the band matrix of the same operator:
   * the last step's solve again, from the same guess, with each. */
  golcl_bandmat *Ab, *Mb;
  CHECK(golcl_fd_wave_cn(ctx, N, N, alpha, o.dtype, &Ab, &Mb));
  golcl_cg *band_solver;
  CHECK(golcl_cg_create(golcl_bandmat_op(Ab), &band_solver));
  double t_op[2] = {0, 0};
  for (int k = 0; k < 2; k++)
    for (int rep_i = 0; rep_i < 4; rep_i++) { /* the first is a warm-up */
      CHECK(golcl_vec_axpby(2.0, cur, -1.0, prev, next));
      CHECK(golcl_context_finish(ctx));
      double ts = ex_now();
      CHECK(golcl_cg_run(k ? band_solver : solver, b, next, &cg, &rep));
      if (rep_i > 0) t_op[k] += (ex_now() - ts) / 3;
    }
  printf(
      "one solve (%zu iterations): stencil %.3f ms, band matrix %.3f ms: the stencil is "
      "%.2fx as fast\n",
      rep.iterations, 1e3 * t_op[0], 1e3 * t_op[1], t_op[1] / t_op[0]);
  golcl_cg_destroy(band_solver);
  golcl_bandmat_destroy(Ab);
  golcl_bandmat_destroy(Mb);
  free(buf);
  if (r.k) clReleaseKernel(r.k);
  if (r.rgb) clReleaseMemObject(r.rgb);
  free(r.host);
  golcl_vec_destroy(prev);
  golcl_vec_destroy(cur);
  golcl_vec_destroy(next);
  golcl_vec_destroy(b);
  golcl_vec_destroy(drop);
  golcl_cg_destroy(solver);
  golcl_stencil_destroy(A);
  golcl_stencil_destroy(M);
  golcl_context_destroy(ctx);
  return 0;
}
