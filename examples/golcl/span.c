/* span.c — see span.h. */
#include "span.h"

#include "clock.h"

golcl_status span_begin(golcl_context *ctx, bench_span *sp) {
  sp->q = golcl_context_cl_queue(ctx);
  sp->before = NULL;
  golcl_status s = golcl_context_finish(ctx);
  if (s != GOLCL_OK) return s;
  sp->t0 = ex_now();
  if (clEnqueueMarkerWithWaitList(sp->q, 0, NULL, &sp->before) != CL_SUCCESS) sp->before = NULL;
  return GOLCL_OK;
}

golcl_status span_end(bench_span *sp, golcl_status s, double *seconds, int *profiled) {
  cl_event after = NULL;
  if (s == GOLCL_OK && clEnqueueMarkerWithWaitList(sp->q, 0, NULL, &after) != CL_SUCCESS)
    after = NULL;
  cl_int err = clFinish(sp->q);
  double t1 = ex_now();
  cl_ulong a = 0, b = 0;
  int prof =
      sp->before && after &&
      clGetEventProfilingInfo(sp->before, CL_PROFILING_COMMAND_END, sizeof a, &a, NULL) ==
          CL_SUCCESS &&
      clGetEventProfilingInfo(after, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL) == CL_SUCCESS &&
      a != 0 && b > a;
  *seconds = prof ? 1e-9 * (double)(b - a) : t1 - sp->t0;
  if (profiled) *profiled = prof;
  if (sp->before) clReleaseEvent(sp->before);
  if (after) clReleaseEvent(after);
  sp->before = NULL;
  return s == GOLCL_OK && err != CL_SUCCESS ? GOLCL_E_OPENCL : s;
}
