/* universe_engines.c — the universe's engines behind one table (universe.h,
 * golcl__uengine): which engine runs an algorithm for the universe's kind
 * of cells, the run that loads an engine, runs it and stores its cells back
 * into the tree, and what is done to all of them at once (freed, forgotten,
 * counted). */
#include "universe.h"

/* Every engine, in the order the statistics add them (of two engines of one
 * algorithm, the one asked first). */
static const golcl__uengine *const engines[] = {
    &golcl__uengine_hashlife, &golcl__uengine_sparse,  &golcl__uengine_htiles,
    &golcl__uengine_ltlbox,   &golcl__uengine_mstiles, &golcl__uengine_mstiles_gpu,
    &golcl__uengine_hlg,
};
#define NENGINES (sizeof engines / sizeof *engines)

/* The engine of an algorithm for the universe's cells: of two (the host
 * tiles of states and the box of Larger than Life), the one that runs the
 * rule; else the first, which says why it cannot. */
const golcl__uengine *golcl__universe_engine(const golcl_universe *u, golcl_universe_algo algo) {
  const unsigned kind = u->ms ? GOLCL__UE_MS : GOLCL__UE_TWO;
  const golcl__uengine *first = NULL;
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->algo == algo && (engines[i]->kinds & kind)) {
      if (!engines[i]->can || engines[i]->can(u)) return engines[i];
      if (!first) first = engines[i];
    }
  return first;
}

int golcl__universe_engine_can(const golcl_universe *u, golcl_universe_algo algo) {
  const golcl__uengine *e = golcl__universe_engine(u, algo);
  return e && (!e->can || e->can(u));
}

golcl_status golcl__universe_engine_population(const golcl_universe *u, golcl_universe_algo algo,
                                               uint64_t *out) {
  const golcl__uengine *e = golcl__universe_engine(u, algo);
  *out = 0;
  const golcl__ukept *k = e && e->kept != GOLCL__UK_NONE ? &u->kept[e->kept] : NULL;
  if (!k || !k->engine || k->stale || !e->population)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "universe: the %s engine holds no run to count",
                       golcl_universe_algo_name(algo));
  return e->population(k->engine, out);
}

/* Frees the engine e keeps (if any). */
static void free_kept(golcl_universe *u, const golcl__uengine *e) {
  golcl__ukept *k = &u->kept[e->kept];
  if (e->kept == GOLCL__UK_NONE || !k->engine) return;
  e->destroy(k->engine);
  k->engine = NULL;
  k->stale = 0;
}

golcl_status golcl__universe_engine_run(golcl_universe *u, const golcl__uengine *e, uint64_t gens,
                                        int sync) {
  uint64_t done = 0;
  if (e->kept == GOLCL__UK_NONE) return e->run(u, NULL, gens, &done); /* on the tree */
  golcl__ukept *k = &u->kept[e->kept];
  if (!k->engine || k->stale) { /* the tree's cells into it */
    golcl_status st = e->load(u, &k->engine);
    if (st != GOLCL_OK) {
      free_kept(u, e);
      return st;
    }
    k->stale = 0;
  }
  golcl_status st = e->run(u, k->engine, gens, &done);
  if (st != GOLCL_OK && !done) return st;
  if (st == GOLCL_OK && !sync) { /* the next chunk goes on from the engine */
    u->generation += done;
    return GOLCL_OK;
  }
  golcl_status back = e->store(u, k->engine); /* the cells of the generation reached */
  if (back != GOLCL_OK) {
    free_kept(u, e); /* the engine is ahead of the tree now */
    return back;
  }
  u->generation += done;
  return st;
}

void golcl__universe_engines_free(golcl_universe *u, golcl_universe_algo keep) {
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->algo != keep) free_kept(u, engines[i]);
}

void golcl__universe_device_engines_free(golcl_universe *u) {
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->device) free_kept(u, engines[i]);
}

void golcl__universe_engines_forget(golcl_universe *u) {
  for (int k = 0; k < GOLCL__UK_COUNT; k++) u->kept[k].stale = u->kept[k].engine != NULL;
}

void golcl__universe_engines_stats(const golcl_universe *u, golcl_universe_stats *out) {
  for (size_t i = 0; i < NENGINES; i++) {
    void *engine = u->kept[engines[i]->kept].engine;
    if (engines[i]->kept != GOLCL__UK_NONE && engine && engines[i]->stats)
      engines[i]->stats(engine, out);
  }
}

void golcl__universe_take_store(golcl_universe *u, golcl__hl *h) {
  h->collections = u->hl.collections; /* the universe's counts go on */
  h->results_computed = u->hl.results_computed;
  golcl__hl_free(&u->hl);
  u->hl = *h;
}
