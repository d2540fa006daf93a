/* payoff.cl — the spatial game's two rules, shared by every game kernel:
 * the score (counts × payoffs, each product and the sum rounded to float:
 * files that include this one set FP_CONTRACT OFF, so no fma, as on the
 * host) and the decision with its tie rule. Strategies: 0 C, 1 D. */
#ifndef GOLCL_PAYOFF_CL
#define GOLCL_PAYOFF_CL

/* pay = (R, S, T, P); nc, nd the cooperating and defecting opponents. */
inline float game_score(uint own, uint nc, uint nd, float4 pay) {
  float x = own ? pay.z : pay.x;
  float y = own ? pay.w : pay.y;
  float a = (float)nc * x;
  float b = (float)nd * y;
  return a + b;
}

/* Best of the neighbours so far (m, and whether a cooperator has it) updated
 * with a neighbour of score s and strategy t. */
inline void game_best(float s, uint t, float *m, uint *coop) {
  if (s > *m) {
    *m = s;
    *coop = t == 0;
  } else if (s == *m) {
    *coop |= t == 0;
  }
}

/* Keep your own strategy if your score ties the best of the neighbours (or
 * beats it); else cooperate if a best-scoring neighbour does, else defect. */
inline uchar game_decide(uint own, float score, float m, uint coop) {
  return score >= m ? (uchar)own : (uchar)(coop ? 0 : 1);
}

#endif
