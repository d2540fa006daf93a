/* universe_hashlife.c — the universe's cells through HashLife on the tree
 * itself (hashlife.c), both kinds of cells: a run is the binary digits of
 * its count as jumps of 2^k generations, each done as two of half the size
 * where the store cannot hold it; with a progress callback, jumps small
 * enough for the callback to come about on time. */
#include "universe.h"

/* One HashLife step of 2^k generations (two of 2^(k-1) if it does not fit). */
static golcl_status universe_step(golcl_universe *u, int k) {
  golcl_status st = golcl__hl_step_pow2(&u->hl, k);
  if (st == GOLCL_E_OUT_OF_MEMORY && k > 0) {
    st = universe_step(u, k - 1);
    if (st == GOLCL_OK) st = universe_step(u, k - 1);
    return st;
  }
  if (st == GOLCL_OK) u->generation += (uint64_t)1 << k;
  return st;
}

/* The largest jump: a root of level 62 holds a step of 2^58 generations
 * (the step needs a root of level k+4 around cells within its centre), so
 * a longer run of a small pattern is made of such steps. */
#define MAX_JUMP 58

/* HashLife's base case steps an 8×8 node to its centre 4×4 in two
 * generations, so it runs rules of reach 1 only: Larger than Life of range
 * 2 and more runs on the host tiles of states. */
static int can(const golcl_universe *u) { return !u->ms || golcl_msrule_reach(&u->msrule) <= 1; }

static golcl_status refuse(const golcl_universe *u) {
  char text[GOLCL_MSRULE_TEXT_CAP] = "?";
  golcl_msrule_format(&u->msrule, text, sizeof text);
  return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "rule %s: HashLife does not run Larger than Life of range %u (its base case "
                     "computes a cell from the cells one away, this rule from %u away); the "
                     "host tiles do (algorithm auto or host-tiles)",
                     text, (unsigned)golcl_msrule_reach(&u->msrule),
                     (unsigned)golcl_msrule_reach(&u->msrule));
}

/* The binary digits of the count, smallest first, as bgolly steps: the
 * small jumps on the pattern while it is small (the JvN replicator to
 * 20 000 generations: 11 % less CPU than largest first on one thread, 0.42 s
 * of stepping against 0.45 on pocl's two; Evoloop, Langton's and Devore's
 * loops, two-state patterns: the same), in jumps of at most 2^MAX_JUMP. A
 * digit above the cap is jumps of 2^cap, which leave the count's lowest
 * digit at the cap or above. With a progress callback the cap is
 * u->progress_kcap, starting at GOLCL__PROGRESS_K0, growing while a jump
 * takes under half the period and shrinking when one takes more than two,
 * so that the callback comes about on time; any split gives the same cells.
 * That cap moves rarely: HashLife keeps its results for one jump size at a
 * time, and a pattern as wide as demonoid-c512 costs as much a jump of 1
 * generation as one of 1024 (a cap that started at 0 and grew only under a
 * tenth of the period took 30 s where one run takes 0.3 s). GOLCL_E_UNSUPPORTED
 * with the reason for a rule of a reach past one cell. */
static golcl_status run(golcl_universe *u, void *engine, uint64_t gens, uint64_t *done) {
  (void)engine, (void)done; /* the tree and the generation move on jump by jump */
  if (!can(u)) return refuse(u);
  u->hl.cancel = u->cancel;
  if (u->cancel) u->hl.threads = 1; /* AUTO's race: one thread a side */
  while (gens) {
    int k = __builtin_ctzll(gens);
    const int cap = u->progress ? u->progress_kcap : MAX_JUMP;
    if (k > cap) k = cap;
    double t0 = golcl__now();
    golcl_status st = universe_step(u, k);
    if (st != GOLCL_OK) return st;
    gens -= (uint64_t)1 << k;
    if (!u->progress) continue;
    double dt = golcl__now() - t0;
    if (dt < GOLCL__PROGRESS_PERIOD / 2 && u->progress_kcap < MAX_JUMP) u->progress_kcap++;
    if (dt > 2 * GOLCL__PROGRESS_PERIOD && u->progress_kcap > 0) u->progress_kcap--;
    if ((st = golcl__universe_progress(u, 0)) != GOLCL_OK) return st;
  }
  return GOLCL_OK;
}

const golcl__uengine golcl__uengine_hashlife = {
    .algo = GOLCL_UNIVERSE_HASHLIFE,
    .kinds = GOLCL__UE_TWO | GOLCL__UE_MS,
    .can = can,
    .run = run,
};
