/* adders.cl — neighbour counts of 32 cells at once by full adders on whole
 * words (bit i of a word = one cell): each row's horizontal 3-sum (west,
 * centre, east: two bits) is made once and shared by the rows above and
 * below, and three of them add to the 3×3 count, centre included (0..9,
 * four bits). Used by common/bitslice.cl (two-state Life) and
 * rules/genbits.cl (Generations on bit planes). */
#ifndef GOLCL_ADDERS_CL
#define GOLCL_ADDERS_CL

/* Three-input XOR and majority, in plain logic: NVIDIA's compiler makes one
 * LOP3 of each by itself (inline lop3.b32 measured the same: docs/kernels.md). */
inline uint golcl_xor3(uint a, uint b, uint c) { return a ^ b ^ c; }
inline uint golcl_maj3(uint a, uint b, uint c) { return (a & b) | (c & (a ^ b)); }

/* Horizontal 3-sum of a row word c with its west and east neighbours. */
inline uint2 golcl_bs_h3(uint west, uint c, uint east) {
  return (uint2)(golcl_xor3(west, c, east), golcl_maj3(west, c, east));
}

/* The 3×3 count c = s0 + 2 s1 + 4 s2 + 8 s3 of the horizontal 3-sums of
 * the rows above (u), at (m) and below (d). */
inline uint4 golcl_bs_count9(uint2 u, uint2 m, uint2 d) {
  uint s0 = golcl_xor3(u.s0, m.s0, d.s0);
  uint t = golcl_maj3(u.s0, m.s0, d.s0);
  uint u0 = golcl_xor3(u.s1, m.s1, d.s1);
  uint u1 = golcl_maj3(u.s1, m.s1, d.s1);
  uint v = u0 & t;
  return (uint4)(s0, u0 ^ t, u1 ^ v, u1 & v);
}

#endif
