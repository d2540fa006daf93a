/* msgrid_buffers.c — the grid's two cell buffers, which every family
 * steps between: the spare made on the first step, the swap after one;
 * the two plane buffers of the families that step on bit planes. */
#include "rules.h"

golcl_status golcl__msgrid_spare(golcl_msgrid *g) {
  if (g->spare) return GOLCL_OK;
  return golcl__buffer(g->ctx, (size_t)g->w * g->h, CL_MEM_READ_WRITE, &g->spare);
}

void golcl__msgrid_swap(golcl_msgrid *g) {
  cl_mem t = g->cur;
  g->cur = g->spare;
  g->spare = t;
  g->generation++;
}

golcl_status golcl__msgrid_planes(golcl_msgrid *g, size_t bytes) {
  golcl_status st = GOLCL_OK;
  if (g->planes[0] && g->planes_bytes < bytes) {
    clReleaseMemObject(g->planes[0]);
    clReleaseMemObject(g->planes[1]);
    g->planes[0] = g->planes[1] = NULL;
  }
  for (int i = 0; i < 2 && st == GOLCL_OK; i++)
    if (!g->planes[i]) st = golcl__buffer(g->ctx, bytes, CL_MEM_READ_WRITE, &g->planes[i]);
  if (st == GOLCL_OK) g->planes_bytes = bytes;
  return st;
}
