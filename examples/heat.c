/* heat.c — implicit (backward Euler) diffusion of hot spots on a plate whose
 * edges are held at 0: (I − sΔ)·u_{t+1} = u_t with s = κΔt/Δx², the matrix
 * a matrix-free stencil (golcl_fd_stencil5_op) and one CG solve a step with
 * the multigrid V-cycle as preconditioner (the
 * previous u as the guess). Frames are the temperature through a colour map,
 * written as PNG; the total heat Σu (a dot product with a vector of ones)
 * is printed as it leaks out through the edges.
 *
 * usage: heat [--size N] [--steps S] [--every K] [--out DIR] [--s S]
 *             [--rtol R] [--dtype f32|f64] [--device SPEC] */
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

#define CHECK(call)                                                                                \
  do {                                                                                             \
    golcl_status s_ = (call);                                                                      \
    if (s_ != GOLCL_OK) {                                                                          \
      fprintf(stderr, "heat: %s: %s\n%s\n", #call, golcl_strerror(s_), golcl_context_errmsg(ctx)); \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

typedef struct opts {
  size_t size, steps, every;
  double s, rtol;
  const char *out, *device;
  golcl_dtype dtype;
} opts;

static void usage(FILE *f) {
  fprintf(f,
          "usage: heat [--size N] [--steps S] [--every K] [--out DIR] [--s S]\n"
          "            [--rtol R] [--dtype f32|f64] [--device SPEC]\n"
          "  --size N    plate of N×N cells (default 128)\n"
          "  --steps S   time steps (default 60)\n"
          "  --every K   write a frame every K steps, 0 for none (default 5)\n"
          "  --out DIR   folder of the frames heat_NNNN.png (default heat_out)\n"
          "  --s S       κΔt/Δx², any size: the scheme is implicit (default 2)\n"
          "  --rtol R    CG tolerance (default 1e-5)\n"
          "  --dtype T   f32 (default) or f64\n"
          "  --device S  gpu, cpu, P:D or a name substring\n");
}

static int parse(int argc, char **argv, opts *o) {
  const ex_arg args[] = {
      {"--size", EX_SIZE, &o->size},       {"--steps", EX_SIZE, &o->steps},
      {"--every", EX_SIZE, &o->every},     {"--s", EX_DOUBLE, &o->s},
      {"--rtol", EX_DOUBLE, &o->rtol},     {"--out", EX_STRING, &o->out},
      {"--device", EX_STRING, &o->device}, {"--dtype", EX_DTYPE, &o->dtype},
  };
  if (ex_parse_args("heat", argc, argv, args, sizeof args / sizeof args[0], usage)) return 2;
  if (o->size < 3 || o->size > 16384 || !(o->s > 0) || !(o->rtol > 0)) {
    fprintf(stderr, "heat: need 3 <= size <= 16384, s > 0, rtol > 0\n");
    return 2;
  }
  return 0;
}

/* A black–red–yellow–white ramp for t in [0, 1]. */
static void colour(double t, unsigned char *rgb) {
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  double r = fmin(1.0, 3 * t), g = fmin(1.0, fmax(0.0, 3 * t - 1)), b = fmax(0.0, 3 * t - 2);
  rgb[0] = (unsigned char)(255 * r);
  rgb[1] = (unsigned char)(255 * g);
  rgb[2] = (unsigned char)(255 * b);
}

/* Three discs and a ring of temperature 1 on a cold plate, as the dtype. */
static void hot_spots(void *buf, golcl_dtype dt, size_t n) {
  const double c[3][3] = {{0.3, 0.35, 0.12}, {0.7, 0.3, 0.08}, {0.45, 0.72, 0.1}};
  for (size_t y = 0; y < n; y++)
    for (size_t x = 0; x < n; x++) {
      double fx = (x + 0.5) / (double)n, fy = (y + 0.5) / (double)n, u = 0;
      for (int k = 0; k < 3; k++) {
        double dx = fx - c[k][0], dy = fy - c[k][1];
        if (dx * dx + dy * dy < c[k][2] * c[k][2]) u = 1;
      }
      double rr = hypot(fx - 0.75, fy - 0.75);
      if (rr > 0.1 && rr < 0.13) u = 1;
      if (dt == GOLCL_F32)
        ((float *)buf)[y * n + x] = (float)u;
      else
        ((double *)buf)[y * n + x] = u;
    }
}

static int write_frame(const golcl_vec *u, size_t n, const char *path, void *host,
                       unsigned char *rgb) {
  if (golcl_vec_read(u, 0, n * n, host) != GOLCL_OK) return 1;
  int f64 = golcl_vec_dtype(u) == GOLCL_F64;
  for (size_t i = 0; i < n * n; i++)
    colour(f64 ? ((double *)host)[i] : (double)((float *)host)[i], rgb + 3 * i);
  return ex_write_png_rgb(path, rgb, (uint32_t)n, (uint32_t)n, 3 * n);
}

int main(int argc, char **argv) {
  opts o = {128, 60, 5, 2.0, 1e-5, "heat_out", NULL, GOLCL_F32};
  if (parse(argc, argv, &o)) return 2;
  golcl_context *ctx = NULL;
  golcl_context_opts co = {0};
  co.device = o.device;
  CHECK(golcl_context_create(&co, &ctx));
  golcl_device_info dev;
  CHECK(golcl_context_device_info(ctx, &dev));
  if (o.every && mkdir(o.out, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "heat: cannot make %s: %s\n", o.out, strerror(errno));
    return 1;
  }
  const size_t N = o.size, n = N * N;
  printf("heat: %zux%zu plate, %zu steps, s = %g, %s, on %s\n", N, N, o.steps, o.s,
         o.dtype == GOLCL_F64 ? "f64" : "f32", dev.name);

  /* I − sΔ: (1 + 4s) on the diagonal, −s for each neighbour, as a stencil;
   * CG with the multigrid V-cycle as its preconditioner */
  golcl_stencil *A;
  CHECK(golcl_fd_stencil5_op(ctx, N, N, 1 + 4 * o.s, -o.s, o.dtype, &A));
  golcl_cg *solver;
  CHECK(golcl_cg_create(golcl_stencil_op(A), &solver));
  void *host = malloc(n * golcl_dtype_size(o.dtype));
  unsigned char *rgb = malloc(3 * n);
  if (!host || !rgb) return 1;
  hot_spots(host, o.dtype, N);
  golcl_vec *u, *next, *ones;
  CHECK(golcl_vec_create(ctx, n, o.dtype, host, &u));
  CHECK(golcl_vec_create(ctx, n, o.dtype, NULL, &next));
  CHECK(golcl_vec_create(ctx, n, o.dtype, NULL, &ones));
  CHECK(golcl_vec_fill(ones, 1.0));

  golcl_cg_opts cg = {.rtol = o.rtol, .precond = GOLCL_PRECOND_MG};
  golcl_cg_report rep;
  size_t iters = 0, frames = 0, unconverged = 0;
  double heat0, heat, t_solve = 0, t_frames = 0, t0 = ex_now();
  CHECK(golcl_vec_dot(u, ones, &heat0));
  char path[4096];
  if (o.every) {
    snprintf(path, sizeof path, "%s/heat_%04zu.png", o.out, frames++);
    if (write_frame(u, N, path, host, rgb)) return 1;
  }
  for (size_t step = 1; step <= o.steps; step++) {
    double ts = ex_now();
    CHECK(golcl_vec_copy(u, next));                  /* guess: the last u */
    CHECK(golcl_cg_run(solver, u, next, &cg, &rep)); /* (I − sΔ)·u⁺ = u */
    t_solve += ex_now() - ts;
    iters += rep.iterations;
    unconverged += !rep.converged;
    if (!rep.converged)
      printf("  step %4zu: CG stopped after %zu iterations at a relative residual of %.3g\n", step,
             rep.iterations, rep.rel_residual);
    golcl_vec *t = u;
    u = next;
    next = t;
    if (o.every && step % o.every == 0) {
      double tf = ex_now();
      CHECK(golcl_vec_dot(u, ones, &heat));
      printf("  step %4zu: total heat %.6g (%.1f%% of the start)\n", step, heat,
             100 * heat / heat0);
      snprintf(path, sizeof path, "%s/heat_%04zu.png", o.out, frames++);
      if (write_frame(u, N, path, host, rgb)) return 1;
      t_frames += ex_now() - tf;
    }
  }
  double total = ex_now() - t0;
  printf(
      "%zu steps in %.3f s: solve %.3f s (%.2f ms a step, %.1f MG-PCG iterations a step),\n"
      "frames %.3f s for %zu PNGs in %s/; %zu solves did not reach rtol %g\n",
      o.steps, total, t_solve, o.steps ? 1e3 * t_solve / (double)o.steps : 0.0,
      o.steps ? (double)iters / (double)o.steps : 0.0, t_frames, frames, o.out, unconverged,
      o.rtol);
  /* The speed-up over the band matrix with Jacobi (what this example did
   * before): the last step's solve again, from the same guess, with each. */
  golcl_bandmat *Ab;
  CHECK(golcl_fd_stencil5(ctx, N, N, 1 + 4 * o.s, -o.s, o.dtype, &Ab));
  golcl_cg *band_solver;
  CHECK(golcl_cg_create(golcl_bandmat_op(Ab), &band_solver));
  golcl_cg_opts jac = {.rtol = o.rtol, .precond = GOLCL_PRECOND_JACOBI};
  double t_op[2] = {0, 0};
  size_t its[2] = {0, 0};
  for (int k = 0; k < 2; k++)
    for (int r = 0; r < 4; r++) { /* the first is a warm-up */
      CHECK(golcl_vec_copy(next, u));
      CHECK(golcl_context_finish(ctx));
      double ts = ex_now();
      CHECK(golcl_cg_run(k ? band_solver : solver, next, u, k ? &jac : &cg, &rep));
      if (r > 0) t_op[k] += (ex_now() - ts) / 3;
      its[k] = rep.iterations;
    }
  printf(
      "one solve: stencil + MG %.3f ms (%zu iterations), band + Jacobi %.3f ms (%zu "
      "iterations): %.2fx as fast\n",
      1e3 * t_op[0], its[0], 1e3 * t_op[1], its[1], t_op[1] / t_op[0]);
  golcl_cg_destroy(band_solver);
  golcl_bandmat_destroy(Ab);
  free(host);
  free(rgb);
  golcl_vec_destroy(u);
  golcl_vec_destroy(next);
  golcl_vec_destroy(ones);
  golcl_cg_destroy(solver);
  golcl_stencil_destroy(A);
  golcl_context_destroy(ctx);
  return 0;
}
