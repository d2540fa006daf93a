/* universe_engines.c — the universe's engines behind one table (universe.h,
 * golcl__uengine): which engine runs an algorithm for the universe's kind
 * of cells, the run that loads an engine, runs it and stores its cells back
 * into the tree, and what is done to all of them at once (freed, forgotten,
 * counted). */
#include "universe.h"

/* Every engine, in the order the statistics add them. */
static const golcl__uengine *const engines[] = {
    &golcl__uengine_hashlife, &golcl__uengine_sparse,  &golcl__uengine_htiles,
    &golcl__uengine_mstiles,  &golcl__uengine_hlg,
};
#define NENGINES (sizeof engines / sizeof *engines)

const golcl__uengine *golcl__universe_engine(const golcl_universe *u, golcl_universe_algo algo) {
  const unsigned kind = u->ms ? GOLCL__UE_MS : GOLCL__UE_TWO;
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->algo == algo && (engines[i]->kinds & kind)) return engines[i];
  return NULL;
}

int golcl__universe_engine_can(const golcl_universe *u, golcl_universe_algo algo) {
  const golcl__uengine *e = golcl__universe_engine(u, algo);
  return e && (!e->can || e->can(u));
}

golcl_status golcl__universe_engine_run(golcl_universe *u, const golcl__uengine *e, uint64_t gens,
                                        int sync) {
  uint64_t done = 0;
  if (!e->store) return e->run(u, gens, &done); /* on the tree */
  golcl_status st = e->holds(u) ? GOLCL_OK : e->load(u);
  if (st == GOLCL_OK) st = e->run(u, gens, &done);
  if (st != GOLCL_OK && !done) return st;
  if (st == GOLCL_OK && !sync) { /* the next chunk goes on from the engine */
    u->generation += done;
    return GOLCL_OK;
  }
  golcl_status back = e->store(u); /* the cells of the generation reached */
  if (back != GOLCL_OK) {
    e->free(u); /* the engine is ahead of the tree now */
    return back;
  }
  u->generation += done;
  return st;
}

void golcl__universe_engines_free(golcl_universe *u, golcl_universe_algo keep) {
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->free && engines[i]->algo != keep) engines[i]->free(u);
}

void golcl__universe_device_engines_free(golcl_universe *u) {
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->free && engines[i]->device) engines[i]->free(u);
}

void golcl__universe_engines_forget(golcl_universe *u) {
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->forget) engines[i]->forget(u);
}

void golcl__universe_engines_stats(const golcl_universe *u, golcl_universe_stats *out) {
  for (size_t i = 0; i < NENGINES; i++)
    if (engines[i]->stats) engines[i]->stats(u, out);
}
