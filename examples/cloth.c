/* cloth.c — a Verlet cloth falling onto a sphere, hung by two corners.
 * Positions and previous positions are device vectors (one per coordinate,
 * nx·ny particles); the Verlet step x⁺ = (2−d)·x − (1−d)·x⁻ (+ g·Δt² for y)
 * is golcl_vec_axpby. The distance constraints to the 4 grid neighbours are
 * relaxed k times a step (red-black Gauss–Seidel with over-relaxation, the
 * sphere pushing particles out, the two pinned corners fixed), then the
 * sphere's friction; those kernels are our own, built with the plain OpenCL
 * API on the context and run on the vectors' buffers. Frames are drawn on the host (flat-shaded
 * triangles with a z-buffer over a ray-cast sphere) and written as PNG.
 *
 * usage: cloth [--size N] [--steps S] [--every K] [--iters K] [--out DIR]
 *              [--dtype f32|f64] [--device SPEC] */
#include <golcl.h>
#include <golcl_la.h>

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "args.h"
#include "clock.h"
#include "image.h"

#define CHECK(call)                                                     \
  do {                                                                  \
    golcl_status s_ = (call);                                           \
    if (s_ != GOLCL_OK) {                                               \
      fprintf(stderr, "cloth: %s: %s\n%s\n", #call, golcl_strerror(s_), \
              golcl_context_errmsg(ctx));                               \
      exit(1);                                                          \
    }                                                                   \
  } while (0)

/* The scene. */
#define CLOTH_SIZE 2.0   /* side of the square cloth */
#define CLOTH_HEIGHT 1.0 /* where it starts, flat */
#define GRAVITY 9.81
#define DT (1.0 / 60.0)
#define DAMPING 0.01 /* d of the Verlet step */
#define OMEGA 1.0    /* relaxation factor of the Gauss–Seidel constraint sweeps */
#define FRICTION 0.3 /* share of the velocity a particle on the sphere loses */
static const double SPHERE[4] = {0.0, 0.0, 0.2, 0.5}; /* centre, radius */
#define MARGIN 1.03 /* the cloth keeps this ratio of the radius from the centre */
#define IMG_W 480
#define IMG_H 360

typedef struct opts {
  size_t size, steps, every, iters;
  const char *out, *device;
  golcl_dtype dtype;
} opts;

static void usage(FILE *f) {
  fprintf(f,
          "usage: cloth [--size N] [--steps S] [--every K] [--iters K] [--out DIR]\n"
          "             [--dtype f32|f64] [--device SPEC]\n"
          "  --size N    N×N particles (default 40)\n"
          "  --steps S   time steps of 1/60 s (default 150)\n"
          "  --every K   write a frame every K steps, 0 for none (default 10)\n"
          "  --iters K   red-black constraint sweeps a step (default 40)\n"
          "  --out DIR   folder of the frames cloth_NNNN.png (default cloth_out)\n"
          "  --dtype T   f32 (default) or f64\n"
          "  --device S  gpu, cpu, P:D or a name substring\n");
}

static int parse(int argc, char **argv, opts *o) {
  const ex_arg args[] = {
      {"--size", EX_SIZE, &o->size},
      {"--steps", EX_SIZE, &o->steps},
      {"--every", EX_SIZE, &o->every},
      {"--iters", EX_SIZE, &o->iters},
      {"--out", EX_STRING, &o->out},
      {"--device", EX_STRING, &o->device},
      {"--dtype", EX_DTYPE, &o->dtype},
  };
  if (ex_parse_args("cloth", argc, argv, args, sizeof args / sizeof args[0], usage)) return 2;
  if (o->size < 2 || o->size > 4096) {
    fprintf(stderr, "cloth: need 2 <= size <= 4096\n");
    return 2;
  }
  return 0;
}

/* relax: one colour of a red-black Gauss–Seidel sweep over the constraints,
 * in place: a particle of that colour ((i + j) % 2 == colour) sees only
 * neighbours of the other colour, so no two work-items write what another
 * reads. It moves by ω times the mean of its constraints' corrections, then
 * out of the sphere; the two pinned corners are put back on their pins.
 * collide: after the sweeps, particles touching the sphere lose a share of
 * their velocity (x⁻ moves toward x): friction. */
static const char RELAX_SRC[] =
    "#ifdef GOLCL_FP64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n"
    "#define P(k) ((REAL3)(x[k], y[k], z[k]))\n"
    "__kernel void relax(int nx, int ny, REAL rest, REAL omega, int colour,\n"
    "                    __global REAL *x, __global REAL *y, __global REAL *z,\n"
    "                    REAL cx, REAL cy, REAL cz, REAL radius,\n"
    "                    REAL p0x, REAL p0y, REAL p0z, REAL p1x, REAL p1y, REAL p1z) {\n"
    "  int i = get_global_id(0), j = get_global_id(1);\n"
    "  if (i >= nx || j >= ny || (i + j) % 2 != colour) return;\n"
    "  int k = j * nx + i;\n"
    "  if (k == 0 || k == nx - 1) { /* pinned: back to the pin */\n"
    "    x[k] = k ? p1x : p0x; y[k] = k ? p1y : p0y; z[k] = k ? p1z : p0z;\n"
    "    return;\n"
    "  }\n"
    "  REAL3 p = P(k), corr = (REAL3)(0);\n"
    "  int nb[4] = {i > 0 ? k - 1 : -1, i + 1 < nx ? k + 1 : -1,\n"
    "               j > 0 ? k - nx : -1, j + 1 < ny ? k + nx : -1}, cnt = 0;\n"
    "  for (int m = 0; m < 4; m++) {\n"
    "    if (nb[m] < 0) continue;\n"
    "    REAL3 d = P(nb[m]) - p;\n"
    "    REAL len = length(d);\n"
    "    cnt++;\n"
    "    if (len > (REAL)1e-12) corr += d * ((len - rest) / len);\n"
    "  }\n"
    "  p += corr * (omega / (REAL)cnt);\n"
    "  REAL3 c = (REAL3)(cx, cy, cz), d = p - c;\n"
    "  REAL len = length(d);\n"
    "  if (len < radius && len > 0) p = c + d * (radius / len);\n"
    "  x[k] = p.x; y[k] = p.y; z[k] = p.z;\n"
    "}\n"
    "__kernel void collide(int n, __global const REAL *x, __global const REAL *y,\n"
    "                      __global const REAL *z, __global REAL *xp, __global REAL *yp,\n"
    "                      __global REAL *zp, REAL cx, REAL cy, REAL cz, REAL radius,\n"
    "                      REAL friction) {\n"
    "  int k = get_global_id(0);\n"
    "  if (k >= n) return;\n"
    "  REAL3 p = P(k), c = (REAL3)(cx, cy, cz);\n"
    "  if (length(p - c) > radius * (REAL)1.001) return;\n"
    "  REAL3 q = (REAL3)(xp[k], yp[k], zp[k]);\n"
    "  q += (p - q) * friction;\n"
    "  xp[k] = q.x; yp[k] = q.y; zp[k] = q.z;\n"
    "}\n";

static cl_program make_program(golcl_context *ctx, golcl_dtype dt) {
  cl_int err;
  const char *src = RELAX_SRC;
  cl_context c = golcl_context_cl_context(ctx);
  cl_device_id d = golcl_context_cl_device(ctx);
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram(p, 1, &d,
                         dt == GOLCL_F64 ? "-DREAL=double -DREAL3=double3 -DGOLCL_FP64"
                                         : "-DREAL=float -DREAL3=float3",
                         NULL, NULL);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "cloth: cannot build the kernels (OpenCL error %d)\n", (int)err);
    exit(1);
  }
  return p;
}

static cl_kernel make_kernel(cl_program p, const char *name) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "cloth: no kernel %s (OpenCL error %d)\n", name, (int)err);
    exit(1);
  }
  return k;
}

/* A REAL kernel argument from a double. */
static cl_int arg_real(cl_kernel k, cl_uint i, golcl_dtype dt, double v) {
  cl_float f = (cl_float)v;
  return dt == GOLCL_F64 ? clSetKernelArg(k, i, sizeof v, &v) : clSetKernelArg(k, i, sizeof f, &f);
}

/* ------------------------------------------------------------ rendering */

typedef struct camera {
  double eye[3], f[3], r[3], u[3], focal;
} camera;

static void normalize3(double *v) {
  double l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  for (int i = 0; i < 3; i++) v[i] /= l;
}

static double dot3(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static camera make_camera(void) {
  camera c = {{0.4, 1.7, 3.3}, {0}, {0}, {0}, 0};
  const double target[3] = {0.0, 0.1, 0.0};
  for (int i = 0; i < 3; i++) c.f[i] = target[i] - c.eye[i];
  normalize3(c.f);
  c.r[0] = -c.f[2], c.r[1] = 0, c.r[2] = c.f[0]; /* f × (0,1,0) */
  normalize3(c.r);
  c.u[0] = c.r[1] * c.f[2] - c.r[2] * c.f[1];
  c.u[1] = c.r[2] * c.f[0] - c.r[0] * c.f[2];
  c.u[2] = c.r[0] * c.f[1] - c.r[1] * c.f[0];
  c.focal = IMG_H / (2 * tan(0.5 * 45.0 * 3.14159265358979 / 180.0)); /* 45° field of view */
  return c;
}

/* Screen position (sx, sy) and depth of a point. */
static void project(const camera *c, const double *p, double *s) {
  double v[3] = {p[0] - c->eye[0], p[1] - c->eye[1], p[2] - c->eye[2]};
  double z = dot3(v, c->f);
  s[0] = IMG_W / 2.0 + c->focal * dot3(v, c->r) / z;
  s[1] = IMG_H / 2.0 - c->focal * dot3(v, c->u) / z;
  s[2] = z;
}

static const double LIGHT[3] = {-0.45, 0.8, 0.4};

/* Background and the ray-cast sphere, with depth. */
static void draw_sphere(const camera *c, unsigned char *rgb, double *zbuf) {
  double l[3] = {LIGHT[0], LIGHT[1], LIGHT[2]};
  normalize3(l);
  for (int py = 0; py < IMG_H; py++)
    for (int px = 0; px < IMG_W; px++) {
      unsigned char *o = rgb + 3 * (py * IMG_W + px);
      double g = 0.25 + 0.35 * py / IMG_H;
      o[0] = (unsigned char)(255 * g * 0.8), o[1] = (unsigned char)(255 * g * 0.85);
      o[2] = (unsigned char)(255 * g);
      zbuf[py * IMG_W + px] = DBL_MAX;
      double d[3];
      for (int i = 0; i < 3; i++)
        d[i] = c->f[i] + (px - IMG_W / 2.0) / c->focal * c->r[i] -
               (py - IMG_H / 2.0) / c->focal * c->u[i];
      normalize3(d);
      double oc[3] = {c->eye[0] - SPHERE[0], c->eye[1] - SPHERE[1], c->eye[2] - SPHERE[2]};
      double bq = dot3(oc, d), cq = dot3(oc, oc) - SPHERE[3] * SPHERE[3], disc = bq * bq - cq;
      if (disc < 0) continue;
      double t = -bq - sqrt(disc);
      if (t <= 0) continue;
      double n[3];
      for (int i = 0; i < 3; i++) n[i] = (c->eye[i] + t * d[i] - SPHERE[i]) / SPHERE[3];
      double sh = 0.25 + 0.75 * fmax(0.0, dot3(n, l));
      o[0] = (unsigned char)(255 * sh * 0.85), o[1] = (unsigned char)(255 * sh * 0.75);
      o[2] = (unsigned char)(255 * sh * 0.3);
      zbuf[py * IMG_W + px] = t * dot3(d, c->f);
    }
}

/* A flat-shaded triangle into rgb with the z-buffer. */
static void draw_triangle(const double *a, const double *b, const double *cc,
                          const unsigned char *col, unsigned char *rgb, double *zbuf) {
  int x0 = (int)fmax(0, floor(fmin(a[0], fmin(b[0], cc[0]))));
  int x1 = (int)fmin(IMG_W - 1, ceil(fmax(a[0], fmax(b[0], cc[0]))));
  int y0 = (int)fmax(0, floor(fmin(a[1], fmin(b[1], cc[1]))));
  int y1 = (int)fmin(IMG_H - 1, ceil(fmax(a[1], fmax(b[1], cc[1]))));
  double area = (b[0] - a[0]) * (cc[1] - a[1]) - (b[1] - a[1]) * (cc[0] - a[0]);
  if (fabs(area) < 1e-12) return;
  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++) {
      double px = x + 0.5, py = y + 0.5;
      double w0 = ((b[0] - px) * (cc[1] - py) - (b[1] - py) * (cc[0] - px)) / area;
      double w1 = ((cc[0] - px) * (a[1] - py) - (cc[1] - py) * (a[0] - px)) / area;
      double w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      double z = w0 * a[2] + w1 * b[2] + w2 * cc[2];
      double *zb = &zbuf[y * IMG_W + x];
      if (z >= *zb) continue;
      *zb = z;
      memcpy(rgb + 3 * (y * IMG_W + x), col, 3);
    }
}

/* The cloth as two triangles a quad, two-sided flat shading, checkered. */
static void draw_cloth(const camera *c, const double *pos, size_t nx, size_t ny, unsigned char *rgb,
                       double *zbuf) {
  double l[3] = {LIGHT[0], LIGHT[1], LIGHT[2]};
  normalize3(l);
  for (size_t j = 0; j + 1 < ny; j++)
    for (size_t i = 0; i + 1 < nx; i++) {
      size_t k[4] = {j * nx + i, j * nx + i + 1, (j + 1) * nx + i + 1, (j + 1) * nx + i};
      const double *p[4];
      double s[4][3];
      for (int m = 0; m < 4; m++) {
        p[m] = pos + 3 * k[m];
        project(c, p[m], s[m]);
      }
      for (int t = 0; t < 2; t++) {
        const double *A = p[0], *B = p[1 + t], *C = p[2 + t];
        double e1[3], e2[3], n[3];
        for (int m = 0; m < 3; m++) e1[m] = B[m] - A[m], e2[m] = C[m] - A[m];
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        if (dot3(n, n) == 0) continue;
        normalize3(n);
        double sh = 0.2 + 0.8 * fabs(dot3(n, l));
        int check = ((i * 8 / nx) + (j * 8 / ny)) % 2;
        unsigned char col[3] = {(unsigned char)(255 * sh * (check ? 0.85 : 0.95)),
                                (unsigned char)(255 * sh * (check ? 0.2 : 0.92)),
                                (unsigned char)(255 * sh * (check ? 0.25 : 0.9))};
        draw_triangle(s[0], s[1 + t], s[2 + t], col, rgb, zbuf);
      }
    }
}

/* Reads the three coordinate vectors into pos (x, y, z interleaved). */
static void read_positions(golcl_context *ctx, golcl_vec *const v[3], size_t n, double *pos,
                           void *tmp) {
  for (int c = 0; c < 3; c++) {
    CHECK(golcl_vec_read(v[c], 0, n, tmp));
    for (size_t i = 0; i < n; i++)
      pos[3 * i + c] =
          golcl_vec_dtype(v[c]) == GOLCL_F64 ? ((double *)tmp)[i] : (double)((float *)tmp)[i];
  }
}

int main(int argc, char **argv) {
  opts o = {40, 150, 10, 40, "cloth_out", NULL, GOLCL_F32};
  if (parse(argc, argv, &o)) return 2;
  golcl_context *ctx = NULL;
  golcl_context_opts co = {0};
  co.device = o.device;
  CHECK(golcl_context_create(&co, &ctx));
  golcl_device_info dev;
  CHECK(golcl_context_device_info(ctx, &dev));
  if (o.every && mkdir(o.out, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "cloth: cannot make %s: %s\n", o.out, strerror(errno));
    return 1;
  }
  const size_t N = o.size, n = N * N;
  const double rest = CLOTH_SIZE / (double)(N - 1);
  const golcl_dtype dt = o.dtype;
  printf("cloth: %zux%zu particles, %zu steps of 1/60 s, %zu relaxations a step, %s, on %s\n", N, N,
         o.steps, o.iters, dt == GOLCL_F64 ? "f64" : "f32", dev.name);

  /* The flat cloth: particle (i, j) at x = −1 + i·rest, z = −1 + j·rest. */
  double *init = malloc(3 * n * sizeof *init), *pos = malloc(3 * n * sizeof *pos);
  void *tmp = malloc(n * sizeof(double));
  unsigned char *rgb = malloc(3 * IMG_W * IMG_H);
  double *zbuf = malloc(IMG_W * IMG_H * sizeof *zbuf);
  if (!init || !pos || !tmp || !rgb || !zbuf) return 1;
  golcl_vec *x[3], *xp[3], *xn[3], *gdt2; /* xn: the Verlet step's output */
  for (int c = 0; c < 3; c++) {
    for (size_t k = 0; k < n; k++) {
      double v = c == 0   ? -0.5 * CLOTH_SIZE + (double)(k % N) * rest
                 : c == 1 ? CLOTH_HEIGHT
                          : -0.5 * CLOTH_SIZE + (double)(k / N) * rest;
      init[3 * k + c] = v;
      if (dt == GOLCL_F64)
        ((double *)tmp)[k] = v;
      else
        ((float *)tmp)[k] = (float)v;
    }
    CHECK(golcl_vec_create(ctx, n, dt, tmp, &x[c]));
    CHECK(golcl_vec_create(ctx, n, dt, tmp, &xp[c])); /* at rest */
    CHECK(golcl_vec_create(ctx, n, dt, NULL, &xn[c]));
  }
  CHECK(golcl_vec_create(ctx, n, dt, NULL, &gdt2));
  CHECK(golcl_vec_fill(gdt2, -GRAVITY * DT * DT));

  cl_program prog = make_program(ctx, dt);
  cl_kernel relax = make_kernel(prog, "relax"), collide = make_kernel(prog, "collide");
  clReleaseProgram(prog);
  cl_command_queue q = golcl_context_cl_queue(ctx);
  cl_int nx = (cl_int)N, ny = (cl_int)N, nn = (cl_int)n, err = CL_SUCCESS;
  err |= clSetKernelArg(relax, 0, sizeof nx, &nx);
  err |= clSetKernelArg(relax, 1, sizeof ny, &ny);
  err |= arg_real(relax, 2, dt, rest);
  err |= arg_real(relax, 3, dt, OMEGA);
  err |= clSetKernelArg(collide, 0, sizeof nn, &nn);
  for (int c = 0; c < 4; c++) {
    double v = c < 3 ? SPHERE[c] : SPHERE[3] * MARGIN;
    err |= arg_real(relax, 8 + c, dt, v);
    err |= arg_real(collide, 7 + c, dt, v);
  }
  err |= arg_real(collide, 11, dt, FRICTION);
  for (int c = 0; c < 3; c++) {
    err |= arg_real(relax, 12 + c, dt, init[c]);               /* pinned: particle 0 */
    err |= arg_real(relax, 15 + c, dt, init[3 * (N - 1) + c]); /* and particle N−1 */
  }
  if (err != CL_SUCCESS) {
    fprintf(stderr, "cloth: cannot set the kernels' arguments\n");
    return 1;
  }

  camera cam = make_camera();
  size_t frames = 0;
  double t_verlet = 0, t_relax = 0, t_render = 0, t0 = ex_now();
  for (size_t step = 0; step <= o.steps; step++) {
    if (o.every && step % o.every == 0) {
      double tr = ex_now();
      read_positions(ctx, x, n, pos, tmp);
      draw_sphere(&cam, rgb, zbuf);
      draw_cloth(&cam, pos, N, N, rgb, zbuf);
      char path[4096];
      snprintf(path, sizeof path, "%s/cloth_%04zu.png", o.out, frames++);
      if (ex_write_png_rgb(path, rgb, IMG_W, IMG_H, 3 * IMG_W)) return 1;
      t_render += ex_now() - tr;
    }
    if (step == o.steps) break;
    double tv = ex_now();
    for (int c = 0; c < 3; c++) { /* x⁺ = (2−d)·x − (1−d)·x⁻ (+ g·Δt² for y) */
      CHECK(golcl_vec_axpby(2.0 - DAMPING, x[c], -(1.0 - DAMPING), xp[c], xn[c]));
      if (c == 1) CHECK(golcl_vec_axpby(1.0, xn[c], 1.0, gdt2, xn[c]));
      golcl_vec *t = xp[c]; /* x⁻ ← x ← x⁺ */
      xp[c] = x[c];
      x[c] = xn[c];
      xn[c] = t;
    }
    CHECK(golcl_context_finish(ctx));
    double tk = ex_now();
    t_verlet += tk - tv;
    size_t global[2] = {N, N}, gn = n;
    for (int c = 0; c < 3; c++) {
      cl_mem b = golcl_vec_buffer(x[c]), bp = golcl_vec_buffer(xp[c]);
      err |= clSetKernelArg(relax, 5 + c, sizeof b, &b);
      err |= clSetKernelArg(collide, 1 + c, sizeof b, &b);
      err |= clSetKernelArg(collide, 4 + c, sizeof bp, &bp);
    }
    for (size_t it = 0; it < 2 * o.iters && err == CL_SUCCESS; it++) {
      cl_int colour = (cl_int)(it % 2);
      err = clSetKernelArg(relax, 4, sizeof colour, &colour);
      if (err == CL_SUCCESS)
        err = clEnqueueNDRangeKernel(q, relax, 2, NULL, global, NULL, 0, NULL, NULL);
    }
    if (err == CL_SUCCESS)
      err = clEnqueueNDRangeKernel(q, collide, 1, NULL, &gn, NULL, 0, NULL, NULL);
    if (err == CL_SUCCESS) err = clFinish(q);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "cloth: the relaxation failed (OpenCL error %d)\n", (int)err);
      return 1;
    }
    t_relax += ex_now() - tk;
  }
  double total = ex_now() - t0;
  read_positions(ctx, x, n, pos, tmp);
  double lowest = DBL_MAX;
  for (size_t k = 0; k < n; k++) lowest = fmin(lowest, pos[3 * k + 1]);
  printf(
      "%zu steps in %.3f s: Verlet (axpby) %.3f s, relaxation %.3f s (%.1f us a sweep),\n"
      "render+PNG %.3f s for %zu frames in %s/; lowest particle at y = %.3f\n",
      o.steps, total, t_verlet, t_relax,
      o.steps && o.iters ? 1e6 * t_relax / (double)(o.steps * o.iters) : 0.0, t_render, frames,
      o.out, lowest);
  clReleaseKernel(relax);
  clReleaseKernel(collide);
  for (int c = 0; c < 3; c++) {
    golcl_vec_destroy(x[c]);
    golcl_vec_destroy(xp[c]);
    golcl_vec_destroy(xn[c]);
  }
  golcl_vec_destroy(gdt2);
  free(init);
  free(pos);
  free(tmp);
  free(rgb);
  free(zbuf);
  golcl_context_destroy(ctx);
  return 0;
}
