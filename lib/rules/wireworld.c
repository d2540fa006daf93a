/* wireworld.c — launches cl/rules/wireworld.cl: a RuleLoader rule that
 * computes WireWorld (checked on every neighbourhood of its tree when it is
 * loaded) runs on two bit planes: a step of k generations packs the byte
 * grid once, steps the planes k times and unpacks them (the planes take a
 * quarter of a byte a cell, made on first use). On a torus the width must
 * be a multiple of 32 (words wrap); otherwise tree.c's kernel runs it. */
#include "rules.h"
#include "ruletree.h"

#define WW_RUN 8 /* words a work-item walks down a column */

int golcl__wireworld_serves(const golcl_msgrid *g) {
  return g->rule.tree && g->rule.tree->wireworld &&
         (g->boundary == GOLCL_BOUNDARY_DEAD || g->w % 32 == 0);
}

static golcl_status planes(golcl_msgrid *g, size_t bytes) {
  golcl_status s = GOLCL_OK;
  for (int k = 0; k < 4 && s == GOLCL_OK; k++)
    if (!g->ww[k]) s = golcl__buffer(g->ctx, bytes, CL_MEM_READ_WRITE, &g->ww[k]);
  return s;
}

static golcl_status kernels(golcl_msgrid *g, cl_kernel k[3]) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "WW_RUN", WW_RUN);
  golcl_status s = golcl__opts_check(g->ctx, &o, "wireworld");
  const char *f = "rules/wireworld.cl";
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ww_pack", &k[0]);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ww_step", &k[1]);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ww_unpack", &k[2]);
  return s;
}

golcl_status golcl__wireworld_prepare(golcl_msgrid *g) {
  cl_kernel k[3];
  golcl_status s = kernels(g, k);
  return s == GOLCL_OK ? planes(g, (size_t)((g->w + 31) / 32) * g->h * 4) : s;
}

golcl_status golcl__wireworld_step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel k[3];
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, wp = (cl_int)((g->w + 31) / 32);
  golcl_status s = kernels(g, k);
  if (s == GOLCL_OK) s = planes(g, (size_t)wp * g->h * 4);
  size_t words[2] = {(size_t)wp, g->h}, runs[2] = {(size_t)wp, (g->h + WW_RUN - 1) / WW_RUN};
  size_t cells[2] = {g->w, g->h};
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k[0], GOLCL__ARG(g->cur), GOLCL__ARG(g->ww[0]), GOLCL__ARG(g->ww[1]),
                    GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(wp), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k[0], 2, words);
  int cur = 0; /* planes 0, 1 or 2, 3 hold the cells */
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++, cur ^= 1) {
    s = golcl__args(g->ctx, k[1], GOLCL__ARG(g->ww[2 * cur]), GOLCL__ARG(g->ww[2 * cur + 1]),
                    GOLCL__ARG(g->ww[2 - 2 * cur]), GOLCL__ARG(g->ww[3 - 2 * cur]), GOLCL__ARG(wp),
                    GOLCL__ARG(h), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k[1], 2, runs);
  }
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k[2], GOLCL__ARG(g->ww[2 * cur]), GOLCL__ARG(g->ww[2 * cur + 1]),
                    GOLCL__ARG(g->cur), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(wp), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k[2], 2, cells);
  if (s == GOLCL_OK) g->generation += gens;
  return s;
}
