/* generations.c — launches cl/rules/generations.cl: the rule's 512-byte
 * table in a device buffer (rewritten when the rule changes), one launch a
 * generation over the cells, built for the grid's boundary. A step of
 * several generations of a rule of counts goes to the bit planes
 * (genbits.c) instead: they pay for their packing from two on. */
#include "rules.h"

static golcl_status kernel(golcl_msgrid *g, cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl_status s = golcl__opts_check(g->ctx, &o, "generations");
  return s != GOLCL_OK
             ? s
             : golcl__kernel(g->ctx, "rules/generations.cl", o.buf, "generations_step", k);
}

static golcl_status table(golcl_msgrid *g) {
  golcl_status s = GOLCL_OK;
  if (!g->table) s = golcl__buffer(g->ctx, 512, CL_MEM_READ_ONLY, &g->table);
  if (s == GOLCL_OK && g->table_stale)
    s = golcl__cl_fail(g->ctx,
                       clEnqueueWriteBuffer(g->ctx->queue, g->table, CL_TRUE, 0, 512,
                                            g->rule.table.next, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  if (s == GOLCL_OK) g->table_stale = 0;
  return s;
}

static golcl_status prepare(golcl_msgrid *g) {
  cl_kernel k;
  golcl_status s = kernel(g, &k);
  if (s == GOLCL_OK && golcl__genbits_usable(g)) s = golcl__genbits_prepare(g);
  return s == GOLCL_OK ? table(g) : s;
}

static golcl_status step(golcl_msgrid *g, uint64_t gens) {
  if (gens >= 2 && golcl__genbits_usable(g)) return golcl__genbits_step(g, gens);
  cl_kernel k;
  golcl_status s = kernel(g, &k);
  if (s == GOLCL_OK) s = table(g);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_uint states = g->rule.states;
  size_t extent[2] = {g->w, g->h};
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(g->table), GOLCL__ARG(states), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 2, extent);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}

const golcl__ms_family_ops golcl__ms_generations_ops = {"Generations", prepare, step};
