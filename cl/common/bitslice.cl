/* bitslice.cl — Life on 32 cells at once: one bit per cell in a 32-bit word
 * (bit i = cell 32k+i of a BITROW row), neighbour counts by full adders on
 * whole words, the rule as a boolean function of the count bits.
 *
 * The count is the 3×3 sum c9 = n + alive (0..9): each row's horizontal
 * 3-sum (west, centre, east: two bits h0, h1) is computed once and reused for
 * the rows above and below, then three 2-bit sums are added (s0..s3).
 *
 * The rule comes as build options made on the host (lib/life/rule_logic.c):
 * GOLCL_RULE_N product terms GOLCL_RULE_T0.. (bits 0..4: which of a, s0, s1,
 * s2, s3 enter; bits 5..9: whether each enters true or negated), a minimal
 * sum of products of the rule's truth table with the impossible counts as
 * don't-cares. The terms are compile-time constants, so the compiler folds
 * every literal away: for B3/S23 what is left is (s0 & s1 & ~s2) | (a & s2 &
 * ~s1 & ~s0). */
#ifndef GOLCL_BITSLICE_CL
#define GOLCL_BITSLICE_CL

#include "common/adders.cl"

#ifndef GOLCL_RULE_N
#error "GOLCL_RULE_N (the rule's product terms) must be defined"
#endif

/* Literal i of term t on word v: all ones if the term does not use it. */
#define GOLCL_BS_LIT(t, i, v) \
  ((((t) >> (i)) & 1) ? ((((t) >> (5 + (i))) & 1) ? (v) : ~(v)) : 0xffffffffu)
#define GOLCL_BS_TERM(t)                                                     \
  (GOLCL_BS_LIT(t, 0, a) & GOLCL_BS_LIT(t, 1, s0) & GOLCL_BS_LIT(t, 2, s1) & \
   GOLCL_BS_LIT(t, 3, s2) & GOLCL_BS_LIT(t, 4, s3))

/* The next state of the 32 cells of word a, given the horizontal 3-sums of
 * the rows above (u), at (m) and below (d). */
inline uint golcl_bs_next(uint a, uint2 u, uint2 m, uint2 d) {
  uint4 c = golcl_bs_count9(u, m, d);
  uint s0 = c.s0, s1 = c.s1, s2 = c.s2, s3 = c.s3;
  uint r = 0;
#if GOLCL_RULE_N > 0
  r |= GOLCL_BS_TERM(GOLCL_RULE_T0);
#endif
#if GOLCL_RULE_N > 1
  r |= GOLCL_BS_TERM(GOLCL_RULE_T1);
#endif
#if GOLCL_RULE_N > 2
  r |= GOLCL_BS_TERM(GOLCL_RULE_T2);
#endif
#if GOLCL_RULE_N > 3
  r |= GOLCL_BS_TERM(GOLCL_RULE_T3);
#endif
#if GOLCL_RULE_N > 4
  r |= GOLCL_BS_TERM(GOLCL_RULE_T4);
#endif
#if GOLCL_RULE_N > 5
  r |= GOLCL_BS_TERM(GOLCL_RULE_T5);
#endif
#if GOLCL_RULE_N > 6
  r |= GOLCL_BS_TERM(GOLCL_RULE_T6);
#endif
#if GOLCL_RULE_N > 7
  r |= GOLCL_BS_TERM(GOLCL_RULE_T7);
#endif
#if GOLCL_RULE_N > 8
  r |= GOLCL_BS_TERM(GOLCL_RULE_T8);
#endif
#if GOLCL_RULE_N > 9
  r |= GOLCL_BS_TERM(GOLCL_RULE_T9);
#endif
#if GOLCL_RULE_N > 10
  r |= GOLCL_BS_TERM(GOLCL_RULE_T10);
#endif
#if GOLCL_RULE_N > 11
  r |= GOLCL_BS_TERM(GOLCL_RULE_T11);
#endif
#if GOLCL_RULE_N > 12
  r |= GOLCL_BS_TERM(GOLCL_RULE_T12);
#endif
#if GOLCL_RULE_N > 13
  r |= GOLCL_BS_TERM(GOLCL_RULE_T13);
#endif
#if GOLCL_RULE_N > 14
  r |= GOLCL_BS_TERM(GOLCL_RULE_T14);
#endif
#if GOLCL_RULE_N > 15
  r |= GOLCL_BS_TERM(GOLCL_RULE_T15);
#endif
#if GOLCL_RULE_N > 16
  r |= GOLCL_BS_TERM(GOLCL_RULE_T16);
#endif
#if GOLCL_RULE_N > 17
  r |= GOLCL_BS_TERM(GOLCL_RULE_T17);
#endif
#if GOLCL_RULE_N > 18
#error "at most 18 product terms (one per on-minterm)"
#endif
  return r;
}

/* Words of a BITROW buffer as uints: bit i = cell 32k+i on any byte order. */
inline uint golcl_bs_load(__global const uint *p, size_t i) {
#ifdef __ENDIAN_LITTLE__
  return p[i];
#else
  uchar4 b = vload4(i, (__global const uchar *)p);
  return (uint)b.s0 | (uint)b.s1 << 8 | (uint)b.s2 << 16 | (uint)b.s3 << 24;
#endif
}

inline void golcl_bs_store(__global uint *p, size_t i, uint v) {
#ifdef __ENDIAN_LITTLE__
  p[i] = v;
#else
  vstore4((uchar4)((uchar)v, (uchar)(v >> 8), (uchar)(v >> 16), (uchar)(v >> 24)), i,
          (__global uchar *)p);
#endif
}

/* Words 4q .. 4q+3 of a BITROW buffer (16-byte aligned: rows of a multiple
 * of 4 words), as golcl_bs_load gives them. */
inline uint4 golcl_bs_load4(__global const uint *p, size_t q) {
#ifdef __ENDIAN_LITTLE__
  return ((__global const uint4 *)p)[q];
#else
  return (uint4)(golcl_bs_load(p, 4 * q), golcl_bs_load(p, 4 * q + 1), golcl_bs_load(p, 4 * q + 2),
                 golcl_bs_load(p, 4 * q + 3));
#endif
}

inline void golcl_bs_store4(__global uint *p, size_t q, uint4 v) {
#ifdef __ENDIAN_LITTLE__
  ((__global uint4 *)p)[q] = v;
#else
  golcl_bs_store(p, 4 * q, v.s0);
  golcl_bs_store(p, 4 * q + 1, v.s1);
  golcl_bs_store(p, 4 * q + 2, v.s2);
  golcl_bs_store(p, 4 * q + 3, v.s3);
#endif
}

/* The horizontal 3-sum of word k of row y of a BITROW grid (y < 0: a dead
 * row); *centre gets the word. On a torus the west neighbour of cell 0 is
 * bit (w-1)&31 of the row's last word and cell 0 is put in as the east
 * neighbour of cell w-1, so any width wraps exactly (needs GOLCL_TORUS). */
inline uint2 golcl_bs_row(__global const uint *in, int y, int k, int words, int w, uint *centre) {
  if (y < 0) {
    *centre = 0;
    return (uint2)(0, 0);
  }
  size_t row = (size_t)y * (size_t)words;
  uint c = golcl_bs_load(in, row + (size_t)k);
  uint west = c << 1, east = c >> 1;
  if (k > 0) west |= golcl_bs_load(in, row + (size_t)k - 1) >> 31;
#if GOLCL_TORUS
  else
    west |= (golcl_bs_load(in, row + (size_t)words - 1) >> ((w - 1) & 31)) & 1u;
#endif
  if (k + 1 < words) east |= golcl_bs_load(in, row + (size_t)k + 1) << 31;
#if GOLCL_TORUS
  else
    east |= (golcl_bs_load(in, row) & 1u) << ((w - 1) & 31);
#endif
  *centre = c;
  return golcl_bs_h3(west, c, east);
}

/* The valid bits of word k of a row of w cells in `words` words. */
inline uint golcl_bs_colmask(int k, int words, int w) {
  int valid = w - 32 * k;
  return valid >= 32 ? 0xffffffffu : (valid <= 0 ? 0u : (1u << valid) - 1u);
}

#endif
