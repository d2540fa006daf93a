/* jvn.c — launches cl/rules/jvn.cl, one launch a generation, a work-item
 * four cells wide walking ROWS rows down: Hutton32 through the table of all
 * its neighbourhoods (32 MiB, built in about 0.25 s), JvN29 and Nobili32
 * (when asked) through their small tables (4.5 KB), the tables built here
 * from the reference's functions and kept in the grid until the rule
 * changes. JvN29 and Nobili32 run on bit planes (jvn_bits.c) unless
 * GOLCL_JVN_KERNEL in the environment picks a lookup, to compare them on a
 * device: "small" the small tables, "direct" computes every rule, "full"
 * looks JvN29 and Nobili32 up in their full tables too; GOLCL_JVN_ROWS sets
 * the rows (default 32 here, 16 on the planes); GOLCL_JVN_NEXT=key orders
 * the small next-state table in local memory by key rather than in the
 * host's order by state (no faster on an H200: docs/benchmarks.md). */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#define ROWS 32 /* rows a work-item walks down (four cells of each) */

/* ROWS, or GOLCL_JVN_ROWS from the environment (1..4096), to tune it on a device. */
static cl_int rows_of(void) { return (cl_int)golcl__env_long("GOLCL_JVN_ROWS", 1, 4096, ROWS); }

/* GOLCL_JVN_WAY in cl/rules/jvn.cl; BITS: jvn_bits.c's bit planes */
typedef enum way { DIRECT, SMALL, FULL, BITS } way;

static way way_of(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_JVN_KERNEL");
  if (e && strcmp(e, "direct") == 0) return DIRECT;
  if ((e && strcmp(e, "full") == 0) || g->rule.family == GOLCL_MS_HUTTON32) return FULL;
  if (e && strcmp(e, "small") == 0) return SMALL;
  return golcl__jvn_bits_fits(g) ? BITS : SMALL; /* planes past the largest buffer: bytes */
}

static golcl_status kernel(golcl_msgrid *g, way wy, cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_JVN_RULE",
                     g->rule.family == GOLCL_MS_HUTTON32   ? 2
                     : g->rule.family == GOLCL_MS_NOBILI32 ? 1
                                                           : 0);
  golcl__opts_define(&o, "GOLCL_JVN_WAY", (long long)wy);
  const char *order = getenv("GOLCL_JVN_NEXT");
  golcl__opts_define(&o, "JVN_NEXT_BY_KEY", order && strcmp(order, "key") == 0);
  golcl__opts_define(&o, "JVN_ALIGNED", g->w % 4 == 0);
  golcl_status s = golcl__opts_check(g->ctx, &o, "jvn");
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/jvn.cl", o.buf, "jvn_step", k);
}

static golcl_status tables(golcl_msgrid *g, way wy) {
  const int of = (int)g->rule.family + 64 * (int)wy;
  if (wy == DIRECT || (g->jvn_tables && g->jvn_tables_of == of)) return GOLCL_OK;
  const size_t bytes = wy == FULL ? GOLCL__JVN_FULL_BYTES : GOLCL__JVN_TABLE_BYTES;
  uint8_t *t = malloc(bytes);
  if (!t) return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (wy == FULL)
    golcl__jvn_full_table(g->rule.family, t);
  else
    golcl__jvn_tables(g->rule.family, t);
  if (g->jvn_tables) clReleaseMemObject(g->jvn_tables);
  g->jvn_tables = NULL;
  golcl_status s = golcl__buffer_copy(g->ctx, bytes, CL_MEM_READ_ONLY, t, &g->jvn_tables);
  free(t);
  if (s == GOLCL_OK) g->jvn_tables_of = of;
  return s;
}

static golcl_status prepare(golcl_msgrid *g) {
  cl_kernel k;
  const way wy = way_of(g);
  if (wy == BITS) return golcl__jvn_bits_prepare(g);
  golcl_status s = kernel(g, wy, &k);
  return s == GOLCL_OK ? tables(g, wy) : s;
}

static golcl_status step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel k;
  const way wy = way_of(g);
  if (wy == BITS) return golcl__jvn_bits_step(g, gens);
  golcl_status s = kernel(g, wy, &k);
  if (s == GOLCL_OK) s = tables(g, wy);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, rows = rows_of();
  cl_mem t = wy == DIRECT ? NULL : g->jvn_tables;
  size_t extent[2] = {(g->w + 3) / 4, (g->h + (size_t)rows - 1) / (size_t)rows};
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(rows), GOLCL__ARG(t), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 2, extent);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}

const golcl__ms_family_ops golcl__ms_jvn_ops = {"JvN", prepare, step};
