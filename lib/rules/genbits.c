/* genbits.c — launches cl/rules/genbits.cl: a Generations rule whose birth
 * and survival depend only on how many of a fixed set of neighbours are
 * in state 1 (every Moore, von Neumann and hexagonal rule of counts; not
 * Hensel letters or MAP) runs a step of several generations on bit planes:
 * the grid's bytes are packed once, stepped there, and unpacked once. */
#include "rules.h"
#include "ruletree.h"

#include <stdlib.h>
#include <string.h>

#define GB_ROWS 8 /* rows a work-item walks down (one generation a launch) */
/* several generations a launch: a work-group of 32 × GB_LY work-items, a
 * tile of 32 words × GB_TH rows, at most GB_GMAX generations (the best
 * all round on an H100 among 32..128 rows, 2..16 work-item rows and 4..16
 * generations: docs/benchmarks.md, 2026-11-26) */
#define GB_LY 8
#define GB_TH 96
#define GB_GMAX 8

/* Finds the neighbours the 512-byte table depends on and its birth and
 * survival masks over their count. 0 if the table is not such a rule. */
static int counts_of(const uint8_t next[512], unsigned *d, unsigned *b, unsigned *s) {
  unsigned dep = 0;
  for (unsigned i = 0; i < 512; i++)
    for (unsigned p = 0; p < 9; p++)
      if (p != 4 && next[i] != next[i ^ (1u << p)]) dep |= 1u << p;
  unsigned bm = 0, sm = 0, seen_b = 0, seen_s = 0;
  for (unsigned i = 0; i < 512; i++) {
    unsigned n = 0;
    for (unsigned p = 0; p < 9; p++) n += p != 4 && (dep >> p & 1u) && (i >> p & 1u);
    unsigned *m = (i >> 4 & 1u) ? &sm : &bm, *seen = (i >> 4 & 1u) ? &seen_s : &seen_b;
    unsigned bit = (unsigned)(next[i] != 0) << n;
    if ((*seen >> n & 1u) && (*m & (1u << n)) != bit) return 0; /* not by counts */
    *seen |= 1u << n;
    *m |= bit;
  }
  *d = dep;
  *b = bm;
  *s = sm;
  return 1;
}

static unsigned planes_of(uint32_t states) {
  unsigned p = 1;
  while ((1u << p) < states) p++;
  return p;
}

/* The rule as the kernels take it: neighbours, birth and survival masks,
 * states. */
typedef struct gb_rule {
  cl_uint d, b, s, states;
} gb_rule;

static gb_rule rule_of(const golcl_msgrid *g) {
  unsigned d = 0x1ef, b = 0x6, s = 0; /* WireWorld's: 1 or 2 of the Moore neighbours */
  if (g->rule.family != GOLCL_MS_RULELOADER) counts_of(g->rule.table.next, &d, &b, &s);
  gb_rule r = {d, b, s, g->rule.states};
  return r;
}

/* The kernel of a step: several generations a launch on a GPU where the
 * tile's columns need no seam inside a word and the device takes the
 * work-group; one a launch on a CPU device (pocl runs the tile's barriers
 * 8x slower than the one-generation walk). $GOLCL_GENBITS=multi or =one
 * picks either where it can run (the tests run both on pocl); =off leaves
 * every step to the byte kernel. */
typedef enum { GB_OFF, GB_ONE, GB_MULTI } gb_kernel;

static gb_kernel choice(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_GENBITS");
  if (e && !strcmp(e, "off")) return GB_OFF;
  int can = (g->boundary != GOLCL_BOUNDARY_TORUS || g->w % 32 == 0) &&
            g->ctx->info.max_work_group_size >= 32 * GB_LY;
  if (e && !strcmp(e, "multi")) return can ? GB_MULTI : GB_ONE;
  if (e && !strcmp(e, "one")) return GB_ONE;
  return can && g->ctx->info.type != GOLCL_DEVICE_CPU ? GB_MULTI : GB_ONE;
}

/* Whether the rule goes in the kernels' arguments (one build for every
 * rule) rather than their build (a build a rule, faster steps): for the
 * one-generation kernel on CPU devices, where pocl takes 3-5 s a build (2
 * cores: a new Generations rule waited 4.1-4.5 s for its first
 * generation). The tile of several generations is always built for its
 * rule (GPUs, and pocl where GOLCL_GENBITS=multi asks for it), and then
 * left out of the other build. $GOLCL_GENBITS_RULE = args or build forces
 * either for the one-generation kernel. */
static int rule_in_args(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_GENBITS_RULE");
  if (choice(g) == GB_MULTI) return 0;
  if (e && !strcmp(e, "args")) return 1;
  if (e && !strcmp(e, "build")) return 0;
  return g->ctx->info.type == GOLCL_DEVICE_CPU;
}

static golcl_status kernel(golcl_msgrid *g, const char *name, cl_kernel *k) {
  const gb_rule r = rule_of(g);
  const int ww = g->rule.family == GOLCL_MS_RULELOADER, args = rule_in_args(g);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_GB_ARGS", args);
  if (!args) {
    golcl__opts_define(&o, "GOLCL_GB_P", planes_of(g->rule.states));
    golcl__opts_define(&o, "GOLCL_GB_STATES", r.states);
    golcl__opts_define(&o, "GOLCL_GB_D", r.d);
    golcl__opts_define(&o, "GOLCL_GB_B", r.b);
    golcl__opts_define(&o, "GOLCL_GB_S", r.s);
  }
  golcl__opts_define(&o, "GOLCL_GB_ROWS", GB_ROWS);
  golcl__opts_define(&o, "GOLCL_GB_MULTI", !args);
  golcl__opts_define(&o, "GOLCL_GB_WIREWORLD", ww);
  golcl__opts_define(&o, "GOLCL_GB_SHFL", strstr(g->ctx->info.platform, "NVIDIA") != NULL);
  golcl__opts_define(&o, "GOLCL_GB_LY", GB_LY);
  golcl__opts_define(&o, "GOLCL_GB_TH", GB_TH);
  golcl_status st = golcl__opts_check(g->ctx, &o, "generations (bit planes)");
  return st != GOLCL_OK ? st : golcl__kernel(g->ctx, "rules/genbits.cl", o.buf, name, k);
}

static golcl_status planes(golcl_msgrid *g) {
  size_t ww = ((size_t)g->w + 31) / 32;
  return golcl__msgrid_planes(g, (size_t)planes_of(g->rule.states) * g->h * ww * 4);
}

int golcl__genbits_usable(golcl_msgrid *g) {
  unsigned d, b, s;
  if (choice(g) == GB_OFF) return 0;
  if (g->rule.family == GOLCL_MS_RULELOADER) return g->rule.tree && g->rule.tree->wireworld;
  return g->rule.family == GOLCL_MS_GENERATIONS && !(g->rule.table.next[0] & 1u) &&
         counts_of(g->rule.table.next, &d, &b, &s);
}

golcl_status golcl__genbits_prepare(golcl_msgrid *g) {
  cl_kernel k;
  golcl_status st = kernel(g, choice(g) == GB_MULTI ? "genbits_multi" : "genbits_step", &k);
  if (st == GOLCL_OK) st = kernel(g, "genbits_pack", &k);
  if (st == GOLCL_OK) st = kernel(g, "genbits_unpack", &k);
  return st;
}

golcl_status golcl__genbits_step(golcl_msgrid *g, uint64_t gens) {
  cl_kernel kp, ks, ku;
  const int multi = choice(g) == GB_MULTI;
  golcl_status st = kernel(g, "genbits_pack", &kp);
  if (st == GOLCL_OK) st = kernel(g, multi ? "genbits_multi" : "genbits_step", &ks);
  if (st == GOLCL_OK) st = kernel(g, "genbits_unpack", &ku);
  if (st == GOLCL_OK) st = planes(g);
  if (st != GOLCL_OK) return st;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, ww = (cl_int)((g->w + 31) / 32);
  const gb_rule r = rule_of(g);
  cl_int np = (cl_int)planes_of(g->rule.states);
  size_t words[2] = {(size_t)ww, g->h}, blocks[2] = {(size_t)ww, (g->h + GB_ROWS - 1) / GB_ROWS};
  st = golcl__args(g->ctx, kp, GOLCL__ARG(g->cur), GOLCL__ARG(g->planes[0]), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(ww), GOLCL__ARG(np), GOLCL__END);
  if (st == GOLCL_OK) st = golcl__launch_cover(g->ctx, kp, 2, words);
  int at = 0;
  for (uint64_t left = gens; multi && left && st == GOLCL_OK; at ^= 1) {
    cl_int n = left < GB_GMAX ? (cl_int)left : GB_GMAX;
    size_t outh = GB_TH - 2 * (size_t)n, local[2] = {32, GB_LY};
    size_t global[2] = {32 * ((ww + 29) / 30), GB_LY * ((g->h + outh - 1) / outh)};
    st = golcl__args(g->ctx, ks, GOLCL__ARG(g->planes[at]), GOLCL__ARG(g->planes[at ^ 1]),
                     GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(ww), GOLCL__ARG(n), GOLCL__ARG(np),
                     GOLCL__ARG(r.d), GOLCL__ARG(r.b), GOLCL__ARG(r.s), GOLCL__ARG(r.states),
                     GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(g->ctx, ks, 2, global, local);
    left -= (uint64_t)n;
  }
  for (uint64_t i = 0; !multi && i < gens && st == GOLCL_OK; i++, at ^= 1) {
    st = golcl__args(g->ctx, ks, GOLCL__ARG(g->planes[at]), GOLCL__ARG(g->planes[at ^ 1]),
                     GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(ww), GOLCL__ARG(np), GOLCL__ARG(r.d),
                     GOLCL__ARG(r.b), GOLCL__ARG(r.s), GOLCL__ARG(r.states), GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch_cover(g->ctx, ks, 2, blocks);
  }
  if (st == GOLCL_OK)
    st = golcl__args(g->ctx, ku, GOLCL__ARG(g->planes[at]), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(ww), GOLCL__ARG(np), GOLCL__END);
  if (st == GOLCL_OK) st = golcl__launch_cover(g->ctx, ku, 2, words);
  if (st == GOLCL_OK) {
    golcl__msgrid_swap(g); /* counts one generation: the rest below */
    g->generation += gens - 1;
  }
  return st;
}
