/* jvn.c — launches cl/rules/jvn.cl, one launch a generation: JvN29 and
 * Nobili32 through their tables (built here from the reference's functions,
 * kept in the grid until the rule changes), Hutton32 computed cell by cell.
 * GOLCL_JVN_KERNEL=direct in the environment computes JvN29 and Nobili32
 * cell by cell too (to compare the two on a device). */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#define ROWS 32 /* cells a work-item of the table kernel walks down its column */

static int use_tables(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_JVN_KERNEL");
  return g->rule.family != GOLCL_MS_HUTTON32 && !(e && strcmp(e, "direct") == 0);
}

static golcl_status kernel(golcl_msgrid *g, cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_JVN_RULE",
                     g->rule.family == GOLCL_MS_HUTTON32    ? 2
                     : g->rule.family == GOLCL_MS_NOBILI32 ? 1
                                                            : 0);
  golcl_status s = golcl__opts_check(g->ctx, &o, "jvn");
  return s != GOLCL_OK ? s
                       : golcl__kernel(g->ctx, "rules/jvn.cl", o.buf,
                                       use_tables(g) ? "jvn_table_step" : "jvn_step", k);
}

static golcl_status tables(golcl_msgrid *g) {
  if (g->jvn_tables && g->jvn_tables_of == g->rule.family) return GOLCL_OK;
  uint8_t t[GOLCL__JVN_TABLE_BYTES];
  golcl__jvn_tables(g->rule.family, t);
  golcl_status s = GOLCL_OK;
  if (!g->jvn_tables) s = golcl__buffer(g->ctx, sizeof t, CL_MEM_READ_ONLY, &g->jvn_tables);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(g->ctx,
                       clEnqueueWriteBuffer(g->ctx->queue, g->jvn_tables, CL_TRUE, 0, sizeof t, t,
                                            0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  if (s == GOLCL_OK) g->jvn_tables_of = g->rule.family;
  return s;
}

golcl_status golcl__jvn_prepare(golcl_msgrid *g) {
  cl_kernel k;
  golcl_status s = kernel(g, &k);
  return s == GOLCL_OK && use_tables(g) ? tables(g) : s;
}

golcl_status golcl__jvn_step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel k;
  const int table = use_tables(g);
  golcl_status s = kernel(g, &k);
  if (s == GOLCL_OK && table) s = tables(g);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, rows = ROWS;
  size_t extent[2] = {g->w, table ? (g->h + ROWS - 1) / ROWS : g->h};
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    if (table)
      s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                      GOLCL__ARG(h), GOLCL__ARG(rows), GOLCL__ARG(g->jvn_tables), GOLCL__END);
    else
      s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                      GOLCL__ARG(h), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 2, extent);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}
