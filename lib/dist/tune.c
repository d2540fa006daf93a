/* tune.c — the frame depth k of a grid created without one, from measured costs. With the
 * exchange overlapped (overlap.c), an interval of k generations costs the block's k steps, the
 * frame's and the strips' extra cells (about 16k/N of a block's step, N the block's shorter
 * side) and a fixed part L that the overlap does not hide: some forty small launches (packs,
 * copies, the strips' steps) and one agreement. Per generation that is
 * t·(1 + 16k/N) + L/k, least at k = sqrt(L·N / (16·t)). t is timed on the local grid with the
 * stepper, L from a one-cell launch and an MPI_Allreduce; the largest k over
 * the ranks is taken, within [base, N/160] (16k/N within 10 %) and a multiple of
 * the stepper's generations a launch. GOLCL_DIST_TUNE=off (a measurement switch) keeps base. */
#include "dist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Launches of an overlapped interval besides the steps of the block (see overlap.c): the
 * pack, the copies in and out, and on the second queue the runs into the bands, the pairs of
 * copies into the strips and the strips' steps, some forty in all, which a GPU runs mostly
 * after the interior's launches (no queue priorities on NVIDIA's OpenCL). With 16 here k came
 * out 80 for a 32768² block on 4 H200s, 84.6 % weak; --halo 128 gave 87.8 % and --halo 192
 * 81.7 % (2026-11-28, docs/distributed.md). */
#define FIXED_LAUNCHES 40
/* Timed repetitions of a launch and of the agreement. */
#define PROBE_RUNS 8
#define MAX_TUNED 1024u
/* k at most N/160: the frame's and strips' 16k/N stays within 10 % of a block's step whatever
 * the timings say (a noisy agreement, a device shared with others) */
#define MAX_OVERHEAD_SIDES 160

static double now(void) { return MPI_Wtime(); }

/* Seconds a generation of the stepper on grid, over n generations (after one warm-up run). */
static golcl_status time_gens(golcl_dist_context *d, golcl_stepper *st, golcl_grid *grid,
                              uint64_t n, int runs, double *out) {
  cl_command_queue q = golcl_context_cl_queue(d->ctx);
  golcl_status s = golcl_stepper_run(st, grid, n);
  if (s == GOLCL_OK && clFinish(q) != CL_SUCCESS) s = GOLCL_E_OPENCL;
  double t0 = now();
  for (int i = 0; i < runs && s == GOLCL_OK; i++) s = golcl_stepper_run(st, grid, n);
  if (s == GOLCL_OK && clFinish(q) != CL_SUCCESS) s = GOLCL_E_OPENCL;
  *out = (now() - t0) / ((double)n * runs);
  return golcl__dist_core(d, s, "golcl_stepper_run (halo tuning)");
}

/* Seconds a small launch takes on this rank's queue: dist_randomize over one cell of the new
 * (all dead) local grid at density 0, which writes the 0 that is there. */
static golcl_status time_launch(golcl_dist_context *d, golcl_dist_grid *g, double *out) {
  golcl_status s = golcl_grid_set_layout(g->local, GOLCL_LAYOUT_BYTES);
  s = golcl__dist_core(d, s, "golcl_grid_set_layout (halo tuning)");
  golcl_layout_info info;
  cl_mem buf = golcl_grid_buffer(g->local, &info);
  cl_kernel k = NULL;
  if (s == GOLCL_OK) s = golcl__dist_kernel(d, "dist_randomize", &k);
  cl_ulong pitch = info.row_pitch, zero = 0;
  cl_uint one = 1, W = g->dc.W, H = g->dc.H;
  cl_long ox = g->blk.ox, oy = g->blk.oy;
  const void *val[] = {&buf, &pitch, &one, &one, &ox, &oy, &W, &H, &zero, &zero};
  const size_t size[] = {sizeof buf, sizeof pitch, sizeof one, sizeof one,  sizeof ox,
                         sizeof oy,  sizeof W,     sizeof H,   sizeof zero, sizeof zero};
  for (cl_uint i = 0; s == GOLCL_OK && i < 10; i++) s = golcl__dist_arg(d, k, i, size[i], val[i]);
  size_t global[2] = {1, 1};
  cl_command_queue q = golcl_context_cl_queue(d->ctx);
  if (s == GOLCL_OK) s = golcl__dist_launch(d, k, 2, global);
  if (s == GOLCL_OK && clFinish(q) != CL_SUCCESS) s = GOLCL_E_OPENCL;
  double t0 = now();
  for (int i = 0; i < PROBE_RUNS && s == GOLCL_OK; i++) s = golcl__dist_launch(d, k, 2, global);
  if (s == GOLCL_OK && clFinish(q) != CL_SUCCESS) s = GOLCL_E_OPENCL;
  *out = (now() - t0) / PROBE_RUNS;
  if (k) clReleaseKernel(k);
  return s;
}

/* This rank's t (a generation of its block's local grid, timed on a soup: steppers that skip
 * dead regions would time an empty grid as nothing) and L's launches; the grid is cleared
 * again (a new grid is all dead). */
static golcl_status measure(golcl_dist_context *d, golcl_dist_grid *g, golcl_stepper *st,
                            uint32_t gpl, double *t, double *L) {
  uint64_t n = gpl > 1 ? gpl : 1;
  while (n < 8) n += gpl > 1 ? gpl : 1;
  double launch = 0;
  golcl_status s = time_launch(d, g, &launch);
  if (s == GOLCL_OK)
    s = golcl__dist_core(d, golcl_grid_randomize(g->local, 0.5, 1), "golcl_grid_randomize");
  if (s == GOLCL_OK) s = time_gens(d, st, g->local, n, 1, t);
  if (s == GOLCL_OK) s = golcl__dist_core(d, golcl_grid_clear(g->local), "golcl_grid_clear");
  *L = FIXED_LAUNCHES * launch;
  return s;
}

uint32_t golcl__dist_tune_halo(golcl_dist_context *d, golcl_dist_grid *g, golcl_stepper *st,
                               uint32_t gpl, uint32_t base, golcl_status *s) {
  const char *env = getenv("GOLCL_DIST_TUNE");
  int off = env && strcmp(env, "off") == 0, any_off = 0;
  MPI_Allreduce(&off, &any_off, 1, MPI_INT, MPI_MAX, d->comm);
  if (any_off || d->size == 1) return base;
  double t = 0, L = 0;
  uint32_t side = g && g->local ? (g->blk.w < g->blk.h ? g->blk.w : g->blk.h) : UINT32_MAX;
  if (*s == GOLCL_OK && g && g->local && st) *s = measure(d, g, st, gpl, &t, &L);
  MPI_Barrier(d->comm); /* the ranks measured for different times: time the agreement alone */
  double t0 = now();    /* the agreement's latency, on every rank */
  int one = 1, all = 0;
  for (int i = 0; i < PROBE_RUNS; i++) MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_SUM, d->comm);
  L += (now() - t0) / PROBE_RUNS;
  double k = *s == GOLCL_OK && t > 0 && side != UINT32_MAX ? sqrt(L * side / (16.0 * t)) : 0;
  uint32_t mine = k >= MAX_TUNED ? MAX_TUNED : (uint32_t)k, best = 0, cap = 0, step = gpl ? gpl : 1;
  const char *cap_env = getenv("GOLCL_DIST_TUNE_CAP"); /* tests: another divisor than 160 */
  uint32_t div = cap_env && atoi(cap_env) > 0 ? (uint32_t)atoi(cap_env) : MAX_OVERHEAD_SIDES;
  uint32_t half = side / div;
  MPI_Allreduce(&mine, &best, 1, MPI_UINT32_T, MPI_MAX, d->comm);
  MPI_Allreduce(&half, &cap, 1, MPI_UINT32_T, MPI_MIN, d->comm);
  if (best > cap) best = cap;
  best = (best + step - 1) / step * step;
  if (best > cap && best >= step) best -= step;
  return best > base ? best : base;
}
