/* queues_probe.c — does the device run kernels of two in-order queues of one context at once?
 * The question behind golcl-dist's overlap: a rank's interior (a large grid) and its strips
 * (thin grids, few work-groups a launch) stepped k generations, one after the other on one
 * queue, then on two queues at once. Prints the three wall times (ms, median of 5).
 *   cc -O2 -Iinclude tools/queues_probe.c -Lbuild -lgolcl -lOpenCL -o build/queues_probe
 *   GOLCL_DEVICE=gpu build/queues_probe [N=32928] [STRIP=320] [K=80] [dead|torus] */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <golcl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
#define CK(x)                                                                \
  do {                                                                       \
    golcl_status s_ = (x);                                                   \
    if (s_) { fprintf(stderr, "%s: %s\n", #x, golcl_last_errmsg()); exit(1); } \
  } while (0)
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  uint32_t n = argc > 1 ? (uint32_t)atoi(argv[1]) : 32928, sw = argc > 2 ? (uint32_t)atoi(argv[2]) : 320;
  uint64_t k = argc > 3 ? (uint64_t)atoi(argv[3]) : 80;
  golcl_boundary bd = argc > 4 && argv[4][0] == 't' ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  golcl_context *c1, *c2;
  CK(golcl_context_create(NULL, &c1));
  cl_int err;
  cl_command_queue q2 = clCreateCommandQueue(golcl_context_cl_context(c1), golcl_context_cl_device(c1), 0, &err);
  if (err) return 1;
  CK(golcl_context_wrap(golcl_context_cl_context(c1), golcl_context_cl_device(c1), q2, &c2));
  golcl_grid *big, *h, *v;
  CK(golcl_grid_create(c1, n, n, bd, &big));
  CK(golcl_grid_create(c2, n, sw, GOLCL_BOUNDARY_DEAD, &h));
  CK(golcl_grid_create(c2, sw, n, GOLCL_BOUNDARY_DEAD, &v));
  CK(golcl_grid_randomize(big, 0.5, 1));
  CK(golcl_grid_randomize(h, 0.5, 2));
  CK(golcl_grid_randomize(v, 0.5, 3));
  golcl_stepper *s1, *s2;
  CK(golcl_stepper_create(c1, GOLCL_STEPPER_AUTO, NULL, &s1));
  /* STRIP_OPTS=local_w,local_h,tile_h,gens: the strips' MULTI stepper with these options */
  const char *so = getenv("STRIP_OPTS");
  golcl_stepper_opts o = {0};
  if (so && sscanf(so, "%u,%u,%u,%u", &o.local_w, &o.local_h, &o.tile_h, &o.gens_per_launch) == 4)
    CK(golcl_stepper_create(c2, GOLCL_STEPPER_MULTI, &o, &s2));
  else
    CK(golcl_stepper_create(c2, GOLCL_STEPPER_AUTO, NULL, &s2));
  double t[3][5];
  for (int r = -1; r < 5; r++) {
    double t0 = now();
    CK(golcl_stepper_run(s1, big, k));
    CK(golcl_context_finish(c1));
    double t1 = now();
    CK(golcl_stepper_run(s2, h, k));
    CK(golcl_stepper_run(s2, v, k));
    CK(golcl_context_finish(c2));
    double t2 = now();
    CK(golcl_stepper_run(s1, big, k));
    clFlush(golcl_context_cl_queue(c1));
    CK(golcl_stepper_run(s2, h, k));
    CK(golcl_stepper_run(s2, v, k));
    clFlush(q2);
    CK(golcl_context_finish(c1));
    CK(golcl_context_finish(c2));
    double t3 = now();
    if (r >= 0) t[0][r] = t1 - t0, t[1][r] = t2 - t1, t[2][r] = t3 - t2;
  }
  for (int i = 0; i < 3; i++) qsort(t[i], 5, sizeof(double), cmp);
  printf("queues_probe %s %ux%u, strips %ux%u and %ux%u, %llu generations (%s, %s):\n"
         "  interior alone %.3f ms, strips alone %.3f ms, both on two queues %.3f ms "
         "(sum %.3f)\n",
         bd == GOLCL_BOUNDARY_TORUS ? "torus" : "dead", n, n, n, sw, sw, n, (unsigned long long)k, golcl_stepper_name(golcl_stepper_chosen(s1)),
         golcl_stepper_name(golcl_stepper_chosen(s2)), t[0][2], t[1][2], t[2][2], t[0][2] + t[1][2]);
  return 0;
}
