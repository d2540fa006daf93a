/* msgrid_buffers.c — the grid's two cell buffers, which every family
 * steps between: the spare made on the first step, the swap after one. */
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
