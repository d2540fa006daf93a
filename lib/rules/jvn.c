/* jvn.c — launches cl/rules/jvn.cl: one launch a generation over the
 * cells, the kernel built for the grid's boundary and JvN rule. */
#include "rules.h"

static golcl_status kernel(golcl_msgrid *g, cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_JVN_RULE",
                     g->rule.family == GOLCL_MS_HUTTON32    ? 2
                     : g->rule.family == GOLCL_MS_NOBILI32 ? 1
                                                            : 0);
  golcl_status s = golcl__opts_check(g->ctx, &o, "jvn");
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/jvn.cl", o.buf, "jvn_step", k);
}

golcl_status golcl__jvn_prepare(golcl_msgrid *g) {
  cl_kernel k;
  return kernel(g, &k);
}

golcl_status golcl__jvn_step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel k;
  golcl_status s = kernel(g, &k);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  size_t extent[2] = {g->w, g->h};
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 2, extent);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}
