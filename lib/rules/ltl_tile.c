/* ltl_tile.c — launches cl/rules/ltl_tile.cl: Larger than Life a
 * generation a launch, a work-group a tile whose cells and halo sit in
 * local memory (ltl.c's sums through global memory cost 4 bytes a cell
 * more each pass). The tile's height is the tallest up to LTL_TH_MAX whose
 * flags and sums fit the local memory budget (an H200, 16384², R5 and R20:
 * 128 × 32 gave 1.75e11 and 7.8e10 cell updates/s, 64 × 226 4.2e10 and
 * 3.1e10: a work-group of many rows holds local memory that other groups
 * could run in); a range that leaves fewer
 * rows than itself keeps ltl.c, and CPU devices take ltl_bits.c (pocl,
 * 2 cores, 1024², R5: the sums 188 generations/s, the tile 52). One build a boundary and work-group width
 * serves every rule and range: the rule and the sizes are arguments.
 * $GOLCL_LTL_KERNEL = sums, tile or bits forces a path (tile: where it fits;
 * the tests run it on pocl so);
 * $GOLCL_LTL_TW, _TH and _LOCAL set the width, the height and the budget,
 * to tune them on a device. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#define LTL_TW_MAX 128 /* work-items a group (a column each), at most */
#define LTL_TH_MAX 32  /* rows of a tile, at most: more groups resident beat a smaller halo */
#define LTL_LOCAL_BUDGET 49152 /* bytes of local memory a group, at most */
#define LTL_SEG 16             /* row windows a work-item slides over, at most */

typedef struct ltl_plan {
  size_t tw, th; /* the tile */
  size_t seg;    /* row windows a work-item slides over (divides tw) */
  size_t s1, s2; /* row strides: flags (bytes), sums (ushorts) */
  size_t fb, wb; /* local bytes: flags, sums */
} ltl_plan;

/* The largest power of two at most n. */
static size_t pow2_floor(size_t n) {
  size_t p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

/* A stride of at least n units of `unit` bytes whose 4-byte words are odd
 * (rows that work-items walk side by side fall in distinct banks). */
static size_t odd_words(size_t n, size_t unit) {
  size_t per = 4 / unit, s = (n + per - 1) / per * per;
  return (s / per) % 2 ? s : s + per;
}

/* Whether the tile kernel serves the grid's rule; its sizes in *p. */
static int plan(const golcl_msgrid *g, ltl_plan *p) {
  const char *e = getenv("GOLCL_LTL_KERNEL");
  const golcl_device_info *d = &g->ctx->info;
  if (e ? strcmp(e, "tile") != 0 : d->type == GOLCL_DEVICE_CPU) return 0;
  const size_t r = g->rule.range;
  size_t tw = (size_t)golcl__env_long("GOLCL_LTL_TW", 1, 1024, 0);
  if (!tw)
    tw = pow2_floor(d->max_work_group_size < LTL_TW_MAX ? d->max_work_group_size : LTL_TW_MAX);
  size_t budget = (size_t)golcl__env_long("GOLCL_LTL_LOCAL", 1024, 1 << 30, 0);
  if (!budget) budget = LTL_LOCAL_BUDGET;
  if (budget > d->local_mem_bytes) budget = (size_t)d->local_mem_bytes;
  p->tw = tw;
  p->seg = tw % LTL_SEG == 0 ? LTL_SEG : tw;
  p->s1 = odd_words(tw + 2 * r, 1);
  p->s2 = odd_words(g->rule.nbhd == GOLCL_LTL_MOORE ? tw : tw + 2 * r + 1, 2);
  const size_t row = p->s1 + 2 * p->s2, rows = budget / row;
  if (rows <= 3 * r) return 0; /* fewer rows than R: the halo would cost most */
  size_t th = rows - 2 * r;
  if (th > LTL_TH_MAX) th = LTL_TH_MAX;
  const size_t forced = (size_t)golcl__env_long("GOLCL_LTL_TH", 1, LTL_TH_MAX, 0);
  if (forced && forced < th) th = forced;
  p->th = th;
  p->fb = (th + 2 * r) * p->s1;
  p->wb = (th + 2 * r) * p->s2 * 2;
  return 1;
}

int golcl__ltl_tile_usable(const golcl_msgrid *g) {
  ltl_plan p;
  return plan(g, &p);
}

static golcl_status kernel(golcl_msgrid *g, const ltl_plan *p, cl_kernel *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "LTL_TW", (long long)p->tw);
  golcl__opts_define(&o, "LTL_SEG", (long long)p->seg);
  golcl_status s = golcl__opts_check(g->ctx, &o, "ltl_tile");
  const char *name = g->rule.nbhd == GOLCL_LTL_MOORE ? "ltl_tile_box" : "ltl_tile_spans";
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/ltl_tile.cl", o.buf, name, k);
}

golcl_status golcl__ltl_tile_prepare(golcl_msgrid *g) {
  ltl_plan p;
  cl_kernel k;
  if (!plan(g, &p)) return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED, "ltl_tile: no room");
  return kernel(g, &p, &k);
}

golcl_status golcl__ltl_tile_step(golcl_msgrid *g, cl_mem spans, uint64_t gens) {
  ltl_plan p;
  cl_kernel k;
  if (!plan(g, &p)) return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED, "ltl_tile: no room");
  golcl_status s = kernel(g, &p, &k);
  const golcl_msrule *r = &g->rule;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, range = (cl_int)r->range, th = (cl_int)p.th;
  cl_int s1 = (cl_int)p.s1, s2 = (cl_int)p.s2;
  cl_uint middle = r->middle, smin = r->smin, smax = r->smax, bmin = r->bmin, bmax = r->bmax;
  cl_uint states = golcl__msrule_states(r);
  const int moore = r->nbhd == GOLCL_LTL_MOORE;
  size_t local[2] = {p.tw, 1};
  size_t global[2] = {(g->w + p.tw - 1) / p.tw * p.tw, (g->h + p.th - 1) / p.th};
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    if (moore)
      s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                      GOLCL__ARG(h), GOLCL__ARG(range), GOLCL__ARG(th), GOLCL__ARG(s1),
                      GOLCL__ARG(s2), GOLCL__ARG(middle), GOLCL__ARG(smin), GOLCL__ARG(smax),
                      GOLCL__ARG(bmin), GOLCL__ARG(bmax), GOLCL__ARG(states), GOLCL__LOCAL(p.fb),
                      GOLCL__LOCAL(p.wb), GOLCL__END);
    else
      s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(spans),
                      GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(range), GOLCL__ARG(th),
                      GOLCL__ARG(s1), GOLCL__ARG(s2), GOLCL__ARG(middle), GOLCL__ARG(smin),
                      GOLCL__ARG(smax), GOLCL__ARG(bmin), GOLCL__ARG(bmax), GOLCL__ARG(states),
                      GOLCL__LOCAL(p.fb), GOLCL__LOCAL(p.wb), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch(g->ctx, k, 2, global, local);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}
