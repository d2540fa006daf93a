/* rule_logic.c — a Life-like rule as a minimal sum of products of the
 * bit-sliced count bits, for the bit-sliced kernels (cl/common/bitslice.cl).
 *
 * Variables: bit 0 = a (the cell alive), bits 1..4 = s0..s3, the bits of the
 * 3×3 count c9 = n + a. The rule is on where a ? S(n) : B(n); pairs (a, c9)
 * that cannot occur (c9 > 9, a dead cell with c9 = 9, a live one with c9 =
 * 0) are don't-cares. Quine–McCluskey by brute force over the 3^5 terms,
 * then a greedy cover: a handful of terms for every rule. */
#include "bitslice.h"

/* Minterm index of (a, c9). */
static unsigned minterm(unsigned a, unsigned c9) { return a | c9 << 1; }

/* on[i] = 1 where the rule is on, dc[i] = 1 where the input cannot occur. */
static void truth_table(golcl_rule r, uint8_t on[32], uint8_t dc[32]) {
  for (unsigned i = 0; i < 32; i++) {
    on[i] = 0;
    dc[i] = 1;
  }
  for (unsigned a = 0; a < 2; a++)
    for (unsigned n = 0; n <= 8; n++) {
      unsigned i = minterm(a, n + a);
      dc[i] = 0;
      on[i] = (uint8_t)((((a ? r.survive : r.birth) >> n) & 1u) != 0);
    }
}

/* Term (care, value): covers minterm i iff (i & care) == value. */
static int covers(unsigned care, unsigned value, unsigned i) { return (i & care) == value; }

/* A term is an implicant if it covers no off-minterm and at least one on. */
static int implicant(const uint8_t on[32], const uint8_t dc[32], unsigned care, unsigned value) {
  int any = 0;
  for (unsigned i = 0; i < 32; i++)
    if (covers(care, value, i)) {
      if (!on[i] && !dc[i]) return 0;
      any |= on[i];
    }
  return any;
}

static int popcount5(unsigned v) {
  int n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

int golcl__rule_terms(golcl_rule r, uint16_t terms[GOLCL__RULE_MAX_TERMS]) {
  uint8_t on[32], dc[32], done[32] = {0};
  truth_table(r, on, dc);
  /* prime implicants: implicants none of whose literals can be dropped */
  unsigned pcare[243], pval[243];
  int np = 0;
  for (unsigned care = 0; care < 32; care++)
    for (unsigned value = 0; value < 32; value++) {
      if ((value & ~care) || !implicant(on, dc, care, value)) continue;
      int prime = 1;
      for (unsigned b = 0; b < 5 && prime; b++)
        if ((care >> b) & 1u) prime = !implicant(on, dc, care & ~(1u << b), value & ~(1u << b));
      if (prime) {
        pcare[np] = care;
        pval[np] = value;
        np++;
      }
    }
  /* greedy cover: the prime covering most uncovered on-minterms, then the
   * one with fewer literals */
  int nt = 0;
  for (;;) {
    int best = -1, best_gain = 0;
    for (int p = 0; p < np; p++) {
      int gain = 0;
      for (unsigned i = 0; i < 32; i++) gain += on[i] && !done[i] && covers(pcare[p], pval[p], i);
      if (gain > best_gain ||
          (gain == best_gain && gain > 0 && popcount5(pcare[p]) < popcount5(pcare[best]))) {
        best = p;
        best_gain = gain;
      }
    }
    if (best < 0) break;
    if (nt == GOLCL__RULE_MAX_TERMS) return -1; /* cannot happen for 18 on-minterms/2 */
    terms[nt++] = (uint16_t)(pcare[best] | pval[best] << 5);
    for (unsigned i = 0; i < 32; i++)
      if (covers(pcare[best], pval[best], i)) done[i] = 1;
  }
  return nt;
}

golcl_status golcl__rule_logic_options(golcl_context *ctx, golcl_rule r, golcl__opts *o) {
  uint16_t terms[GOLCL__RULE_MAX_TERMS];
  int nt = golcl__rule_terms(r, terms);
  if (nt < 0)
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED, "the rule needs more than %d product terms",
                       GOLCL__RULE_MAX_TERMS);
  golcl__opts_define(o, "GOLCL_RULE_N", nt);
  for (int i = 0; i < nt; i++) golcl__opts_add(o, "-DGOLCL_RULE_T%d=%u", i, (unsigned)terms[i]);
  return GOLCL_OK;
}
