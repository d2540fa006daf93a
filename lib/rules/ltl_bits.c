/* ltl_bits.c — launches cl/rules/ltl_bits.cl: Larger than Life from a bit
 * plane of the cells in state 1 (two planes in the grid, the one of the
 * current cells made by a pack launch at the start of a step, each
 * generation's written by the launch that writes its states, and on a torus
 * its outer words by a pad launch). Ranges up to LTL_BITS_RMAX; every
 * neighbourhood (the box slides its column sums, von Neumann and circular
 * popcount a window a row). The default on CPU devices (pocl, 2 cores,
 * 2048², cell updates/s against ltl.cl's sums in the same minutes: R5 box
 * 1.8e8 / 1.1e8, R20 1.5e8 / 1.1e8, R7 von Neumann 9.3e7 / 5.7e7, R4
 * circle 1.2e8 / 1.0e8) and on GPUs (an H200, 16384², dead boundary,
 * against ltl_tile.cl's 128x32 tiles, tools/gpu-ltl.sh 2026-11-28: R5 box
 * 4.9e11 / 1.8e11, R20 3.2e11 / 7.7e10, R7 von Neumann C3 2.0e11 / 8.4e10,
 * R4 circle 2.9e11 / 1.1e11). $GOLCL_LTL_KERNEL = bits, sums or tile
 * chooses; $GOLCL_LTL_RUN sets the rows a
 * work-item steps down (box: the first window sum costs 2R+1 windows, a
 * row after it two); $GOLCL_LTL_RANGE = build builds the box's range in;
 * $GOLCL_LTL_TWO = bytes applies a rule of two states byte by byte as one
 * of more (before: the word's way, ltl_bits_two, is the default);
 * the box's windows slide down by popcounts where they fit a word and by
 * their difference along the row (ltl_bits_delta) beyond, R >= 16 (pocl,
 * 2048²: R16 and R31 1.1-1.3x, R8 and R12 0.8-0.9x by difference);
 * $GOLCL_LTL_SLIDE = delta or popcount takes one way at every range. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#define LTL_BITS_RMAX 31     /* 2R+1 bits in two words of an aligned row (ltl_bits_long) */
#define LTL_BITS_RUN_MIN 32  /* rows a work-item (box), at least; 2·(2R+1) beyond */
#define LTL_BITS_RUN_SPANS 4 /* rows a work-item (spans: nothing to amortise) */

typedef struct ltl_bits_kernels {
  cl_kernel pack, pad, count;
} ltl_bits_kernels;

int golcl__ltl_bits_usable(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_LTL_KERNEL");
  if (e && strcmp(e, "bits") != 0) return 0;
  return g->rule.range <= LTL_BITS_RMAX;
}

static uint32_t pitch_of(const golcl_msgrid *g) { return (g->w + 31) / 32 + 2; }

static uint32_t run_of(const golcl_msgrid *g) {
  long v = golcl__env_long("GOLCL_LTL_RUN", 1, 1 << 16, 0);
  if (v) return (uint32_t)v;
  if (g->rule.nbhd != GOLCL_LTL_MOORE) return LTL_BITS_RUN_SPANS;
  const uint32_t two = 2 * (2 * g->rule.range + 1);
  return two < LTL_BITS_RUN_MIN ? LTL_BITS_RUN_MIN : two;
}

/* Whether the box's build holds the range ($GOLCL_LTL_RANGE = build: a
 * build a range, shifts by constants) rather than taking it as an argument. */
static int range_built(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_LTL_RANGE");
  return e && strcmp(e, "build") == 0 && g->rule.nbhd == GOLCL_LTL_MOORE;
}

static golcl_status kernels(golcl_msgrid *g, ltl_bits_kernels *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "LTL_BITS_VEC", g->w % 16 == 0);
  golcl__opts_define(&o, "LTL_BITS_R", range_built(g) ? g->rule.range : 0);
  const char *two = getenv("GOLCL_LTL_TWO");
  golcl__opts_define(&o, "LTL_BITS_TWO", !(two && strcmp(two, "bytes") == 0));
  const char *slide = getenv("GOLCL_LTL_SLIDE");
  golcl__opts_define(&o, "LTL_BITS_SLIDE",
                     !slide                       ? 2
                     : !strcmp(slide, "delta")    ? 1
                     : !strcmp(slide, "popcount") ? 0
                                                  : 2);
  golcl_status s = golcl__opts_check(g->ctx, &o, "ltl_bits");
  const char *f = "rules/ltl_bits.cl";
  const char *count = g->rule.nbhd == GOLCL_LTL_MOORE ? "ltl_bits_box" : "ltl_bits_spans";
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_bits_pack", &k->pack);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_bits_pad", &k->pad);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, count, &k->count);
  return s;
}

/* The two planes, zeroed when made (a dead boundary's outer words stay 0). */
static golcl_status planes(golcl_msgrid *g) {
  if (g->ltl_bits[0] && g->ltl_bits[1]) return GOLCL_OK;
  size_t bytes;
  if (golcl__mul_size((size_t)pitch_of(g) * 4, g->h, &bytes))
    return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY,
                       "ltl_bits: the planes of a %ux%u grid overflow", (unsigned)g->w,
                       (unsigned)g->h);
  const cl_uint zero = 0;
  golcl_status s = GOLCL_OK;
  for (int i = 0; i < 2 && s == GOLCL_OK; i++) {
    if (!g->ltl_bits[i]) s = golcl__buffer(g->ctx, bytes, CL_MEM_READ_WRITE, &g->ltl_bits[i]);
    if (s == GOLCL_OK) s = golcl__fill(g->ctx, g->ltl_bits[i], &zero, sizeof zero, 0, bytes);
  }
  return s;
}

golcl_status golcl__ltl_bits_prepare(golcl_msgrid *g) {
  ltl_bits_kernels k;
  golcl_status s = kernels(g, &k);
  return s == GOLCL_OK ? planes(g) : s;
}

static golcl_status once(golcl_msgrid *g, const ltl_bits_kernels *k, cl_mem spans) {
  const golcl_msrule *r = &g->rule;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, pitch = (cl_int)pitch_of(g);
  cl_int range = (cl_int)r->range, run = (cl_int)run_of(g);
  cl_uint middle = r->middle, smin = r->smin, smax = r->smax, bmin = r->bmin, bmax = r->bmax;
  cl_uint states = golcl__msrule_states(r);
  size_t words[2] = {(size_t)pitch - 2, (g->h + (size_t)run - 1) / (size_t)run}, rows = g->h;
  golcl_status s;
  if (r->nbhd == GOLCL_LTL_MOORE)
    s = golcl__args(g->ctx, k->count, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare),
                    GOLCL__ARG(g->ltl_bits[0]), GOLCL__ARG(g->ltl_bits[1]), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(pitch), GOLCL__ARG(range), GOLCL__ARG(run),
                    GOLCL__ARG(middle), GOLCL__ARG(smin), GOLCL__ARG(smax), GOLCL__ARG(bmin),
                    GOLCL__ARG(bmax), GOLCL__ARG(states), GOLCL__END);
  else
    s = golcl__args(g->ctx, k->count, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare),
                    GOLCL__ARG(g->ltl_bits[0]), GOLCL__ARG(g->ltl_bits[1]), GOLCL__ARG(spans),
                    GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(pitch), GOLCL__ARG(range),
                    GOLCL__ARG(run), GOLCL__ARG(middle), GOLCL__ARG(smin), GOLCL__ARG(smax),
                    GOLCL__ARG(bmin), GOLCL__ARG(bmax), GOLCL__ARG(states), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k->count, 2, words);
  if (s == GOLCL_OK && g->boundary == GOLCL_BOUNDARY_TORUS) {
    s = golcl__args(g->ctx, k->pad, GOLCL__ARG(g->ltl_bits[1]), GOLCL__ARG(w), GOLCL__ARG(h),
                    GOLCL__ARG(pitch), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k->pad, 1, &rows);
  }
  return s;
}

golcl_status golcl__ltl_bits_step(golcl_msgrid *g, cl_mem spans, uint64_t gens) {
  ltl_bits_kernels k;
  golcl_status s = kernels(g, &k);
  if (s == GOLCL_OK) s = planes(g);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, pitch = (cl_int)pitch_of(g);
  size_t words[2] = {(size_t)pitch, g->h};
  /* the cells may have been written since the last step: the plane anew */
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k.pack, GOLCL__ARG(g->cur), GOLCL__ARG(g->ltl_bits[0]), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(pitch), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k.pack, 2, words);
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = once(g, &k, spans);
    if (s != GOLCL_OK) break;
    golcl__msgrid_swap(g);
    cl_mem t = g->ltl_bits[0];
    g->ltl_bits[0] = g->ltl_bits[1];
    g->ltl_bits[1] = t;
  }
  return s;
}
