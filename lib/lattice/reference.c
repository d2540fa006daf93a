/* reference.c — the C references of graph Life and of the spatial game: the
 * definitions every kernel matches bit for bit. Scores are float products
 * and a float sum in separate statements (no contraction into fma: the build
 * is ISO C, where GCC does not contract, and clang contracts only within one
 * expression), as cl/lattice/payoff.cl computes them with FP_CONTRACT OFF. */
#include "lattice.h"

#include <math.h>
#include <string.h>

void golcl__glife_reference(const int32_t *table, size_t n, unsigned degree, uint64_t birth,
                            uint64_t survive, uint8_t *cells, uint8_t *tmp, uint64_t gens) {
  for (uint64_t g = 0; g < gens; g++) {
    for (size_t i = 0; i < n; i++) {
      unsigned c = 0;
      for (unsigned d = 0; d < degree; d++) {
        int32_t j = table[d * n + i];
        if (j >= 0) c += cells[j];
      }
      tmp[i] = (uint8_t)(((cells[i] ? survive : birth) >> c) & 1u);
    }
    memcpy(cells, tmp, n);
  }
}

float golcl__game_score(unsigned own, unsigned nc, unsigned nd, const golcl_payoffs *pay) {
  float x = own ? pay->T : pay->R;
  float y = own ? pay->P : pay->S;
  float a = (float)nc * x;
  float b = (float)nd * y;
  float s = a + b;
  return s;
}

void golcl__game_reference(const int32_t *table, size_t n, unsigned degree,
                           const golcl_payoffs *pay, int self, uint8_t *cur, uint8_t *prev,
                           float *scores, uint64_t gens) {
  if (gens == 0) return;
  for (uint64_t g = 0; g < gens; g++) {
    for (size_t i = 0; i < n; i++) {
      unsigned own = cur[i], nd = 0, nall = 0;
      for (unsigned d = 0; d < degree; d++) {
        int32_t j = table[d * n + i];
        if (j >= 0) {
          nd += cur[j];
          nall++;
        }
      }
      if (self) {
        nd += own;
        nall++;
      }
      scores[i] = golcl__game_score(own, nall - nd, nd, pay);
    }
    memcpy(prev, cur, n);
    for (size_t i = 0; i < n; i++) {
      float m = -INFINITY;
      int coop = 0;
      for (unsigned d = 0; d < degree; d++) {
        int32_t j = table[d * n + i];
        if (j < 0) continue;
        if (scores[j] > m) {
          m = scores[j];
          coop = prev[j] == 0;
        } else if (scores[j] == m) {
          coop |= prev[j] == 0;
        }
      }
      cur[i] = scores[i] >= m ? prev[i] : (uint8_t)(coop ? 0 : 1);
    }
  }
}
