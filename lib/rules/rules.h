/* rules.h — private API of the multi-state part: the grid struct, the rule
 * checks and next-state function that the reference and the kernels share,
 * and the launches of the rule families. Uses lib/core and the public
 * headers only. */
#ifndef GOLCL_RULES_PRIVATE_H
#define GOLCL_RULES_PRIVATE_H

#include "../core/core.h"
#include "golcl_rules.h"

struct golcl_msgrid {
  golcl_context *ctx;
  uint32_t w, h;
  golcl_boundary boundary;
  golcl_msrule rule;
  uint64_t generation;
  cl_mem cur, spare; /* w·h bytes each; spare made on the first step */
  cl_mem table;      /* Generations: the 512-byte table of the rule, or NULL */
  int table_stale;   /* the rule changed since `table` was written */
  cl_mem rowsum;     /* LtL: (w+1)·h uint prefix sums along rows */
  cl_mem colsum;     /* LtL Moore: (h+1)·w uint prefix sums of row windows */
  cl_mem spans;      /* LtL N and C: 2R+1 half-widths, one a row of the neighbourhood */
  uint32_t spans_range;
  golcl_ltl_neighbourhood spans_nbhd;
};

/* GOLCL_OK if the rule is one golcl_msrule_parse could give, else
 * GOLCL_E_INVALID_ARG with the reason (no message set). */
golcl_status golcl__msrule_check(const golcl_msrule *r, const char **why);

/* The number of states of a rule (LtL C0 and C1: 2). */
static inline uint32_t golcl__msrule_states(const golcl_msrule *r) {
  return r->states < 2 ? 2 : r->states;
}

/* Half-width of row dy (|dy| <= R) of an LtL neighbourhood. */
uint32_t golcl__ltl_span(golcl_ltl_neighbourhood n, uint32_t range, int32_t dy);

/* The next state of a cell in state s, `on` its birth (s = 0) or survival
 * (s = 1) — the same as golcl_ms_next in cl/rules/ms.cl. */
static inline uint8_t golcl__ms_next(uint8_t s, int on, uint32_t states) {
  if (s == 0) return on ? 1 : 0;
  if (s == 1) return on ? 1 : (states > 2 ? 2 : 0);
  return (uint32_t)s + 1 < states ? (uint8_t)(s + 1) : 0;
}

/* The steppers of the families (step.c dispatches). */
golcl_status golcl__generations_step(golcl_msgrid *g, uint64_t gens);
golcl_status golcl__ltl_step(golcl_msgrid *g, uint64_t gens);
golcl_status golcl__generations_prepare(golcl_msgrid *g);
golcl_status golcl__ltl_prepare(golcl_msgrid *g);

/* Swaps cur and spare after a step, counting the generation. */
void golcl__msgrid_swap(golcl_msgrid *g);

/* Makes the spare buffer when missing. */
golcl_status golcl__msgrid_spare(golcl_msgrid *g);

/* The key mixer of randomize and hash (cl/common/hash.cl's golcl_mix64). */
uint64_t golcl__ms_mix64(uint64_t z);

/* A new w×h pattern of 0s (infinite plane, no rule yet), its fields, and
 * its cells for writing (msrle.c). */
golcl_status golcl__mspattern_new(uint32_t w, uint32_t h, golcl_mspattern **out);
void golcl__mspattern_set(golcl_mspattern *p, const golcl_msrule *rule, const golcl_bounds *b,
                          int64_t ox, int64_t oy, uint64_t generation);
uint8_t *golcl__mspattern_cells(golcl_mspattern *p);

#endif
