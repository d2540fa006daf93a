/* state.c — byte states of graphs (Life cells, game strategies): their two
 * buffers, writing from the host, the counter-based random start and counting on the device. */
#include "lattice.h"

#include <math.h>
#include <stdlib.h>

#define GRAPH_FILE "lattice/graph.cl"

golcl_status golcl__state_pair(golcl_context *ctx, size_t n, cl_mem *a, cl_mem *b) {
  cl_uchar zero = 0;
  *a = *b = NULL;
  golcl_status s = golcl__buffer(ctx, n, CL_MEM_READ_WRITE, a);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, n, CL_MEM_READ_WRITE, b);
  if (s == GOLCL_OK) s = golcl__fill(ctx, *a, &zero, 1, 0, n);
  if (s == GOLCL_OK) s = golcl__fill(ctx, *b, &zero, 1, 0, n);
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  return s;
}

golcl_status golcl__state_write(golcl_context *ctx, cl_mem buf, size_t n, const uint8_t *src) {
  uint8_t *b = malloc(n);
  if (!b) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (size_t i = 0; i < n; i++) b[i] = src[i] != 0;
  golcl_status s =
      golcl__cl_fail(ctx, clEnqueueWriteBuffer(ctx->queue, buf, CL_TRUE, 0, n, b, 0, NULL, NULL),
                     "clEnqueueWriteBuffer");
  free(b);
  return s;
}

golcl_status golcl__state_randomize(golcl_graph *g, cl_mem buf, double density, uint64_t seed,
                                    const char *fn) {
  if (!(density >= 0.0 && density <= 1.0))
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "%s: %g is outside [0, 1]", fn, density);
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, GRAPH_FILE, NULL, "state_randomize", &k);
  if (s != GOLCL_OK) return s;
  cl_uint n = (cl_uint)g->n;
  cl_ulong row = g->row, seedmix = golcl__mix64(seed), threshold = (cl_ulong)ldexp(density, 32);
  s = golcl__args(g->ctx, k, GOLCL__ARG(buf), GOLCL__ARG(n), GOLCL__ARG(row), GOLCL__ARG(seedmix),
                  GOLCL__ARG(threshold), GOLCL__END);
  size_t global = g->n;
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 1, &global);
  return s;
}

golcl_status golcl__state_count(golcl_graph *g, cl_mem buf, uint8_t value, uint64_t *out) {
  golcl_context *ctx = g->ctx;
  /* A power-of-two group size the device allows, at most 256; at most 1024
   * groups, so that the host sums few partials. */
  size_t lw = 256;
  while (lw > 1 && lw > ctx->info.max_work_group_size) lw /= 2;
  size_t groups = (g->n + lw - 1) / lw;
  if (groups > 1024) groups = 1024;
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_LOCAL_W", (long long)lw);
  golcl_status s = golcl__opts_check(ctx, &o, "count_eq");
  cl_kernel k;
  if (s == GOLCL_OK) s = golcl__kernel(ctx, GRAPH_FILE, o.buf, "count_eq", &k);
  if (s != GOLCL_OK) return s;
  cl_mem part;
  s = golcl__buffer(ctx, groups * sizeof(cl_uint), CL_MEM_READ_WRITE, &part);
  if (s != GOLCL_OK) return s;
  cl_uint n = (cl_uint)g->n, v = value;
  s = golcl__args(ctx, k, GOLCL__ARG(buf), GOLCL__ARG(n), GOLCL__ARG(v), GOLCL__ARG(part),
                  GOLCL__END);
  size_t global = groups * lw;
  if (s == GOLCL_OK) s = golcl__launch(ctx, k, 1, &global, &lw);
  cl_uint sums[1024];
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, part, CL_TRUE, 0, groups * sizeof(cl_uint),
                                           sums, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  clReleaseMemObject(part);
  if (s != GOLCL_OK) return s;
  uint64_t total = 0;
  for (size_t i = 0; i < groups; i++) total += sums[i];
  *out = total;
  return GOLCL_OK;
}
