/* span.h — the device time of a span of queued work, for the golcl bench
 * commands: from the end of a profiling marker enqueued before the work to
 * the end of one enqueued after it; where the queue has no profiling, the
 * wall clock from an idle queue to clFinish. */
#ifndef GOLCL_SPAN_H
#define GOLCL_SPAN_H

#include <golcl.h>

typedef struct bench_span {
  cl_command_queue q;
  cl_event before; /* NULL if the marker could not be enqueued */
  double t0;       /* wall clock at the start, the queue idle */
} bench_span;

/* Waits until the context's queue is idle and opens a span. */
golcl_status span_begin(golcl_context *ctx, bench_span *sp);

/* Closes the span after the work was enqueued with status s: enqueues the
 * second marker (if s is GOLCL_OK), waits, and sets *seconds and, if
 * profiled is not NULL, whether profiling timed it. Returns s, or
 * GOLCL_E_OPENCL if clFinish failed. */
golcl_status span_end(bench_span *sp, golcl_status s, double *seconds, int *profiled);

#endif
