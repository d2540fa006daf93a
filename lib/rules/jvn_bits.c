/* jvn_bits.c — launches cl/rules/jvn_bits.cl: JvN29 and Nobili32 on bit
 * planes, the grid's bytes packed once a step, stepped there, unpacked
 * once. One generation a launch (a work-item a word column of ROWS rows),
 * or with $GOLCL_JVN_GENS = g > 1 up to g a launch in a tile of 32 words ×
 * $GOLCL_JVN_TH rows (default TH) held by 32 × $GOLCL_JVN_LY work-items
 * (default LY), where the boundary allows (dead, or a torus of whole
 * words); $GOLCL_JVN_ROWS sets the rows of the one-generation kernel. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#define ROWS 16  /* rows a work-item walks down */
#define PLANES 6 /* 5 of the code and 1 of the states of 32 or more */
#define TH 64    /* the tile's rows (several generations a launch) */
#define LY 8     /* its work-items' rows */
#define GMAX 32  /* generations a launch at most (the tile's halo word) */

/* The tile's shape and generations a launch (0: one a launch). */
typedef struct tile {
  int gens, th, ly;
} tile;

static tile tile_of(const golcl_msgrid *g) {
  tile t = {(int)golcl__env_long("GOLCL_JVN_GENS", 1, GMAX, 1),
            (int)golcl__env_long("GOLCL_JVN_TH", 8, 512, TH),
            (int)golcl__env_long("GOLCL_JVN_LY", 1, 32, LY)};
  if (t.th % t.ly || t.th - 2 * t.gens < 2) t.th = TH, t.ly = LY;
  const size_t lmem = (size_t)4 * 32 * PLANES * (size_t)t.th; /* the portable path's most */
  if (t.gens < 2 || (g->boundary == GOLCL_BOUNDARY_TORUS && g->w % 32) ||
      g->ctx->info.max_work_group_size < (size_t)32 * t.ly || g->ctx->info.local_mem_bytes < lmem ||
      t.th - 2 * t.gens < 2)
    t.gens = 0;
  return t;
}

static golcl_status kernel(golcl_msgrid *g, const char *name, cl_kernel *k) {
  const tile t = tile_of(g);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_JVN_RULE", g->rule.family == GOLCL_MS_NOBILI32);
  golcl__opts_define(&o, "GOLCL_JB_MULTI", t.gens > 0);
  if (t.gens) {
    golcl__opts_define(&o, "GOLCL_JB_TH", t.th);
    golcl__opts_define(&o, "GOLCL_JB_LY", t.ly);
    golcl__opts_define(&o, "GOLCL_JB_SHFL", strstr(g->ctx->info.platform, "NVIDIA") != NULL);
  }
  golcl_status s = golcl__opts_check(g->ctx, &o, "jvn (bit planes)");
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/jvn_bits.cl", o.buf, name, k);
}

/* The bytes of each of the two plane buffers: 6 planes and the flag. */
static size_t planes_bytes(const golcl_msgrid *g) {
  return PLANES * (((size_t)g->w + 31) / 32) * g->h * 4 + 4;
}

int golcl__jvn_bits_fits(const golcl_msgrid *g) {
  return planes_bytes(g) <= g->ctx->info.max_alloc_bytes;
}

static const char *step_name(const golcl_msgrid *g) {
  return tile_of(g).gens ? "jvn_bits_multi" : "jvn_bits_step";
}

golcl_status golcl__jvn_bits_prepare(golcl_msgrid *g) {
  const char *const names[] = {"jvn_bits_pack", step_name(g), "jvn_bits_unpack"};
  golcl_status s = GOLCL_OK;
  cl_kernel k;
  for (int i = 0; i < 3 && s == GOLCL_OK; i++) s = kernel(g, names[i], &k);
  return s;
}

golcl_status golcl__jvn_bits_step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel kp, ks, ku;
  const tile t = tile_of(g);
  golcl_status s = kernel(g, "jvn_bits_pack", &kp);
  if (s == GOLCL_OK) s = kernel(g, step_name(g), &ks);
  if (s == GOLCL_OK) s = kernel(g, "jvn_bits_unpack", &ku);
  const size_t ww = ((size_t)g->w + 31) / 32, plane = ww * g->h * 4;
  if (s == GOLCL_OK) s = golcl__msgrid_planes(g, planes_bytes(g));
  if (s != GOLCL_OK) return s;
  const cl_uint zero = 0;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, cww = (cl_int)ww;
  cl_int rows = (cl_int)golcl__env_long("GOLCL_JVN_ROWS", 1, 4096, ROWS);
  size_t words[2] = {ww, g->h}, cols[2] = {ww, (g->h + (size_t)rows - 1) / (size_t)rows};
  s = golcl__fill(g->ctx, g->planes[0], &zero, 4, PLANES * plane, 4);
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, kp, GOLCL__ARG(g->cur), GOLCL__ARG(g->planes[0]), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(cww), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, kp, 2, words);
  int at = 0;
  for (uint64_t left = gens; t.gens && left && s == GOLCL_OK; at ^= 1) {
    cl_int n = left < (uint64_t)t.gens ? (cl_int)left : t.gens;
    size_t outh = (size_t)(t.th - 2 * n), local[2] = {32, (size_t)t.ly};
    size_t global[2] = {32 * ((ww + 29) / 30), (size_t)t.ly * ((g->h + outh - 1) / outh)};
    s = golcl__args(g->ctx, ks, GOLCL__ARG(g->planes[at]), GOLCL__ARG(g->planes[at ^ 1]),
                    GOLCL__ARG(g->planes[0]), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(cww),
                    GOLCL__ARG(n), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch(g->ctx, ks, 2, global, local);
    left -= (uint64_t)n;
  }
  for (uint64_t i = 0; !t.gens && i < gens && s == GOLCL_OK; i++, at ^= 1) {
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
