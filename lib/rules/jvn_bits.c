/* jvn_bits.c — launches cl/rules/jvn_bits.cl: JvN29 and Nobili32 on bit
 * planes, the grid's bytes packed once a step, stepped there one
 * generation a launch (a work-item a word column of GOLCL_JVN_ROWS rows,
 * default ROWS), unpacked once. */
#include "rules.h"

#include <stdlib.h>

#define ROWS 16 /* rows a work-item walks down */
#define PLANES 6 /* 5 of the code and 1 of the states of 32 or more */

static cl_int rows_of(void) {
  const char *e = getenv("GOLCL_JVN_ROWS");
  long r = e ? strtol(e, NULL, 10) : 0;
  return r >= 1 && r <= 4096 ? (cl_int)r : ROWS;
}

static golcl_status kernel(golcl_msgrid *g, const char *name, cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_JVN_RULE", g->rule.family == GOLCL_MS_NOBILI32);
  golcl_status s = golcl__opts_check(g->ctx, &o, "jvn (bit planes)");
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/jvn_bits.cl", o.buf, name, k);
}

golcl_status golcl__jvn_bits_prepare(golcl_msgrid *g) {
  static const char *const names[] = {"jvn_bits_pack", "jvn_bits_step", "jvn_bits_unpack"};
  golcl_status s = GOLCL_OK;
  cl_kernel k;
  for (int i = 0; i < 3 && s == GOLCL_OK; i++) s = kernel(g, names[i], &k);
  return s;
}

golcl_status golcl__jvn_bits_step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel kp, ks, ku;
  golcl_status s = kernel(g, "jvn_bits_pack", &kp);
  if (s == GOLCL_OK) s = kernel(g, "jvn_bits_step", &ks);
  if (s == GOLCL_OK) s = kernel(g, "jvn_bits_unpack", &ku);
  const size_t ww = ((size_t)g->w + 31) / 32, plane = ww * g->h * 4;
  if (s == GOLCL_OK) s = golcl__msgrid_planes(g, PLANES * plane + 4); /* and the flag */
  if (s != GOLCL_OK) return s;
  const cl_uint zero = 0;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, cww = (cl_int)ww, rows = rows_of();
  size_t words[2] = {ww, g->h}, cols[2] = {ww, (g->h + (size_t)rows - 1) / (size_t)rows};
  s = golcl__fill(g->ctx, g->planes[0], &zero, 4, PLANES * plane, 4);
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, kp, GOLCL__ARG(g->cur), GOLCL__ARG(g->planes[0]), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(cww), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, kp, 2, words);
  int at = 0;
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++, at ^= 1) {
    s = golcl__args(g->ctx, ks, GOLCL__ARG(g->planes[at]), GOLCL__ARG(g->planes[at ^ 1]),
                    GOLCL__ARG(g->planes[0]), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(cww),
                    GOLCL__ARG(rows), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, ks, 2, cols);
  }
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, ku, GOLCL__ARG(g->planes[at]), GOLCL__ARG(g->planes[0]),
                    GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w), GOLCL__ARG(h),
                    GOLCL__ARG(cww), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, ku, 2, words);
  if (s == GOLCL_OK) {
    golcl__msgrid_swap(g); /* counts one generation: the rest below */
    g->generation += gens - 1;
  }
  return s;
}
