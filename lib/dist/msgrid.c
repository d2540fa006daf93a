/* msgrid.c — the distributed multi-state grid (golcl_rules.h's byte grids: Generations, Larger
 * than Life, RuleLoader, JvN): creation (decomposition with a frame of halo·R cells, the local
 * golcl_msgrid, the exchange plan), accessors and the step loop. The decomposition and its
 * pieces are the two-state grid's (decomp.c), with the frame depth in cells as its k. */
#include "dist.h"

#include <stdlib.h>
#include <string.h>

#define MAX_FRAME (1u << 24)

uint32_t golcl_dist_ms_halo_for(uint32_t reach) {
  uint32_t d = golcl_dist_default_halo(), r = reach ? reach : 1;
  return d / r ? d / r : 1;
}

static void msgrid_free(golcl_dist_msgrid *g) {
  if (!g) return;
  golcl__dist_ms_plan_free(g);
  golcl_msgrid_destroy(g->local);
  free(g);
}

static golcl_status fail_arg(golcl_dist_context *d, const char *what) {
  return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_msgrid_create: %s", what);
}

/* The rule, the decomposition and the frame depth from the arguments. */
static golcl_status check_create(golcl_dist_context *d, uint32_t w, uint32_t h, golcl_boundary b,
                                 const golcl_msrule *rule, const golcl_dist_msgrid_opts *opts,
                                 golcl_dist_msgrid *g) {
  if (w == 0 || h == 0 || w > INT32_MAX || h > INT32_MAX)
    return fail_arg(d, "a side is 0 or above 2^31-1");
  if (b != GOLCL_BOUNDARY_DEAD && b != GOLCL_BOUNDARY_TORUS) return fail_arg(d, "bad boundary");
  if (!rule) return fail_arg(d, "rule is NULL");
  char text[GOLCL_MSRULE_TEXT_CAP];
  if (golcl_msrule_format(rule, text, sizeof text) != GOLCL_OK) return fail_arg(d, "a bad rule");
  g->rule = *rule;
  uint32_t reach = golcl_msrule_reach(&g->rule);
  g->gens = opts && opts->halo ? opts->halo : golcl_dist_ms_halo_for(reach);
  if ((uint64_t)g->gens * reach > MAX_FRAME) return fail_arg(d, "a frame above 2^24 cells");
  return golcl__dist_decomp_init(d, &g->dc, w, h, b, g->gens * reach, opts ? opts->px : 0,
                                 opts ? opts->py : 0, "golcl_dist_msgrid_create");
}

/* This rank's block and local grid: a torus for one rank on a torus, else dead (the frame
 * holds the neighbours' and the wrapped cells; at a dead edge the local edge is the global). */
static golcl_status make_local(golcl_dist_msgrid *g) {
  golcl_dist_context *d = g->d;
  golcl__dist_block(&g->dc, d->rank, &g->blk);
  uint64_t lw = g->blk.lw, lh = g->blk.lh;
  if (lw > INT32_MAX || lh > INT32_MAX)
    return fail_arg(d, "the local grid (block and frame) is above 2^31-1 a side");
  if (d->max_object_bytes && lw * lh > d->max_object_bytes)
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY,
                            "golcl_dist_msgrid_create: the local grid needs %llu bytes, above "
                            "this rank's max_object_bytes %llu",
                            (unsigned long long)(lw * lh), (unsigned long long)d->max_object_bytes);
  if (!lw) return GOLCL_OK;
  golcl_boundary lb = g->dc.native_torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  golcl_status s = golcl_msgrid_create(d->ctx, g->blk.lw, g->blk.lh, lb, &g->local);
  if (s == GOLCL_OK) s = golcl_msgrid_set_msrule(g->local, &g->rule);
  return golcl__dist_core(d, s, "golcl_msgrid_create");
}

golcl_status golcl_dist_msgrid_create(golcl_dist_context *d, uint32_t w, uint32_t h,
                                      golcl_boundary b, const golcl_msrule *rule,
                                      const golcl_dist_msgrid_opts *opts, golcl_dist_msgrid **out) {
  if (!d) return GOLCL_E_INVALID_ARG;
  if (out) *out = NULL;
  golcl_dist_msgrid *g = calloc(1, sizeof *g);
  golcl_status s = GOLCL_OK;
  if (!g)
    s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  else if (!out)
    s = fail_arg(d, "out is NULL");
  if (s == GOLCL_OK) {
    g->d = d;
    s = check_create(d, w, h, b, rule, opts, g);
  }
  if (s == GOLCL_OK) s = make_local(g);
  if (s == GOLCL_OK) s = golcl__dist_ms_plan(g);
  char text[GOLCL_MSRULE_TEXT_CAP] = "";
  if (g && s == GOLCL_OK) golcl_msrule_format(&g->rule, text, sizeof text);
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(golcl__dist_fp(0, w), h), (uint64_t)b);
  if (g) fp = golcl__dist_fp(golcl__dist_fp(golcl__dist_fp(fp, g->gens), g->dc.px), g->dc.py);
  fp = golcl__dist_fp_bytes(fp, text, strlen(text));
  s = golcl__dist_agree(d, s, fp, "golcl_dist_msgrid_create");
  if (s != GOLCL_OK) {
    msgrid_free(g);
    return s;
  }
  *out = g;
  return GOLCL_OK;
}

void golcl_dist_msgrid_destroy(golcl_dist_msgrid *g) { msgrid_free(g); }

uint32_t golcl_dist_msgrid_width(const golcl_dist_msgrid *g) { return g ? g->dc.W : 0; }
uint32_t golcl_dist_msgrid_height(const golcl_dist_msgrid *g) { return g ? g->dc.H : 0; }
golcl_boundary golcl_dist_msgrid_boundary(const golcl_dist_msgrid *g) {
  return g ? g->dc.boundary : GOLCL_BOUNDARY_DEAD;
}
uint64_t golcl_dist_msgrid_generation(const golcl_dist_msgrid *g) { return g ? g->generation : 0; }
golcl_msgrid *golcl_dist_msgrid_local(golcl_dist_msgrid *g) { return g ? g->local : NULL; }

golcl_status golcl_dist_msgrid_msrule(const golcl_dist_msgrid *g, golcl_msrule *out) {
  if (!g || !out) return GOLCL_E_INVALID_ARG;
  *out = g->rule;
  return GOLCL_OK;
}

golcl_status golcl_dist_msgrid_part(const golcl_dist_msgrid *g, golcl_dist_part *o) {
  if (!g || !o) return GOLCL_E_INVALID_ARG;
  golcl__dist_part(&g->dc, &g->blk, g->gens, o);
  return GOLCL_OK;
}

golcl_status golcl_dist_msgrid_set_generation(golcl_dist_msgrid *g, uint64_t generation) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = golcl__dist_agree(g->d, GOLCL_OK, golcl__dist_fp(0, generation),
                                     "golcl_dist_msgrid_set_generation");
  if (s == GOLCL_OK) g->generation = generation;
  return s;
}

/* One interval: the exchange, then c generations on the local grid (waited for, so that the
 * compute time is the device's). */
static golcl_status interval(golcl_dist_msgrid *g, uint64_t c) {
  golcl_dist_context *d = g->d;
  double t0 = MPI_Wtime();
  golcl_status ls = d->size > 1 ? golcl__dist_ms_exchange(g) : GOLCL_OK;
  double t1 = MPI_Wtime();
  if (ls == GOLCL_OK && g->local) {
    ls = golcl__dist_core(d, golcl_msgrid_step(g->local, c), "golcl_msgrid_step");
    if (ls == GOLCL_OK)
      ls = clFinish(golcl_context_cl_queue(d->ctx)) == CL_SUCCESS
               ? GOLCL_OK
               : golcl__dist_fail(d, GOLCL_E_OPENCL, "clFinish after golcl_msgrid_step");
  }
  double t2 = MPI_Wtime();
  golcl_status s = golcl__dist_agree(d, ls, 0, "golcl_dist_msgrid_step");
  g->stats.exchange_s += t1 - t0;
  g->stats.compute_s += t2 - t1;
  g->stats.wait_s += MPI_Wtime() - t2;
  return s;
}

golcl_status golcl_dist_msgrid_step(golcl_dist_msgrid *g, uint64_t generations) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s =
      golcl__dist_agree(g->d, GOLCL_OK, golcl__dist_fp(0, generations), "golcl_dist_msgrid_step");
  uint64_t k = g->d->size == 1 ? generations : g->gens;
  uint64_t owned = (uint64_t)g->blk.w * g->blk.h, local = (uint64_t)g->blk.lw * g->blk.lh;
  while (s == GOLCL_OK && generations > 0) {
    uint64_t c = generations < k ? generations : k;
    s = interval(g, c);
    if (s != GOLCL_OK) break;
    g->generation += c;
    generations -= c;
    g->stats.generations += c;
    g->stats.cells_owned += owned * c;
    g->stats.cells_local += local * c;
  }
  return s;
}

golcl_status golcl_dist_msgrid_stats_get(golcl_dist_msgrid *g, golcl_dist_grid_stats *out,
                                         int reset) {
  if (!g || (!out && !reset)) return GOLCL_E_INVALID_ARG;
  if (out) *out = g->stats;
  if (reset) memset(&g->stats, 0, sizeof g->stats);
  return GOLCL_OK;
}
