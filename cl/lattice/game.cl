/* game.cl — the spatial game on any graph, as the report's general version:
 * one work-item an agent, neighbours from the int32 table (or its row
 * dictionary, as in glife.cl), two launches a generation: scores, then the
 * new strategies. Every neighbour costs a table read and a gather.
 * Build option: GOLCL_DEGREE (slots an agent). */
#pragma OPENCL FP_CONTRACT OFF
#include "lattice/payoff.cl"

#ifdef GOLCL_DICT
/* The j of slot d of agent i, or -1. */
#define NEIGHBOUR(d) (r[d] == INT_MIN ? -1 : (int)i + r[d])
#define TABLE_ARGS __global const ushort *ids, __global const int *rows
#define ROW_SETUP __global const int *r = rows + (uint)ids[i] * GOLCL_DEGREE
#else
#define NEIGHBOUR(d) table[(ulong)(d)*n + i]
#define TABLE_ARGS __global const int *table
#define ROW_SETUP
#endif

__kernel void game_scores(__global const uchar *cur, __global float *scores, TABLE_ARGS, uint n,
                          float4 pay, int self) {
  uint i = get_global_id(0);
  if (i >= n) return;
  ROW_SETUP;
  uint own = cur[i], nd = 0, nall = 0;
#pragma unroll
  for (uint d = 0; d < GOLCL_DEGREE; d++) {
    int j = NEIGHBOUR(d);
    if (j >= 0) {
      nd += cur[j];
      nall++;
    }
  }
  if (self) {
    nd += own;
    nall++;
  }
  scores[i] = game_score(own, nall - nd, nd, pay);
}

__kernel void game_strategies(__global const uchar *cur, __global const float *scores,
                              __global uchar *next, TABLE_ARGS, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  ROW_SETUP;
  float m = -INFINITY;
  uint coop = 0;
#pragma unroll
  for (uint d = 0; d < GOLCL_DEGREE; d++) {
    int j = NEIGHBOUR(d);
    if (j >= 0) game_best(scores[j], cur[j], &m, &coop);
  }
  next[i] = game_decide(cur[i], scores[i], m, coop);
}
