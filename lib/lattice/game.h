/* game.h — the game struct, shared by game.c and game_tiled.c. */
#ifndef GOLCL_GAME_PRIVATE_H
#define GOLCL_GAME_PRIVATE_H

#include "lattice.h"

struct golcl_game {
  golcl_graph *g;
  golcl_payoffs pay;
  int self;
  cl_mem cur, prev; /* strategies now and a generation before; the step writes prev, then swaps */
  cl_mem scores;    /* float an agent, made by the first two-launch step */
  cl_mem bits[2];   /* the BITS kernel's packed strategies (now, before), made on first use */
  int packed;       /* 1: bits[] hold the newest state and cur/prev are stale */
  int bits_same;    /* 1: bits[] hold what cur/prev hold (no pack needed) */
  uint64_t gen;
};

/* Makes the score buffer if there is none. */
golcl_status golcl__game_scores(golcl_game *gm);

/* cur ↔ prev after a step wrote the new strategies into prev. */
void golcl__game_swap(golcl_game *gm);

/* gens generations with the tiled (two launches) or fused kernel of a lattice. */
golcl_status golcl__game_run_tiled(golcl_game *gm, int fused, uint64_t gens);

/* 1 if the BITS kernel serves this game (its lattice, neighbourhood and
 * payoffs); else 0 and the reason in why. */
int golcl__game_bits_serves(const golcl_game *gm, char *why, size_t cap);

/* Makes cur/prev current (unpacks bits[] after BITS runs); enqueues only. */
golcl_status golcl__game_bytes(golcl_game *gm);

/* gens generations with the bit-packed kernel (game_bits.c). */
golcl_status golcl__game_run_bits(golcl_game *gm, uint64_t gens);

#endif
