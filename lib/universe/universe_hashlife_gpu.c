/* universe_hashlife_gpu.c — the universe's cells through device HashLife
 * (hashlife_gpu.h): the host store is loaded into the device table, the
 * jumps of a run (the binary digits of the count) run there, and the root
 * is read back into a new host store. The engine keeps its table (and its
 * memoised results) while the tree and it hold the same cells. A jump that
 * fills the table is undone; the cells are read back and loaded again (a
 * collection through the host), the jump tried again, then as two halves. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

/* A jump runs in one work-group where the last one's batches had at most
 * this many nodes (after a load: a quarter of the nodes), else a launch a
 * batch over the device (measured: docs/universe.md). */
#define HLG_NARROW 256

/* The device's root into the host store (the engine's store). */
static golcl_status to_host(golcl_universe *u, void *g) {
  golcl__hl h;
  golcl_status st = golcl__hlg_store(g, &u->hl, u->opts.max_memory, &h);
  if (st != GOLCL_OK) return st;
  uint64_t coll = u->hl.collections, res = u->hl.results_computed;
  golcl__hl_free(&u->hl);
  u->hl = h;
  u->hl.collections = coll, u->hl.results_computed = res;
  return GOLCL_OK;
}

static golcl_status reload(golcl_universe *u, golcl__hlg *g) {
  golcl_status st = to_host(u, g);
  if (st == GOLCL_OK) st = golcl__hlg_load(g, &u->hl);
  if (st == GOLCL_OK) u->hl.collections++;
  return st;
}

/* A jump of 2^k generations (two of 2^(k-1) where the table cannot hold
 * it), counted in *done. */
static golcl_status step(golcl_universe *u, golcl__hlg *g, int k, uint64_t *done) {
  golcl_status st = golcl__hlg_step(g, k);
  while (st == GOLCL_E_OUT_OF_MEMORY && golcl__hlg_grow(g)) { /* a larger table */
    golcl_status s2 = to_host(u, g);
    if (s2 == GOLCL_OK) s2 = golcl__hlg_load(g, &u->hl);
    if (s2 != GOLCL_OK) return s2;
    st = golcl__hlg_step(g, k);
  }
  if (st == GOLCL_E_OUT_OF_MEMORY) { /* collected through the host */
    golcl_status s2 = reload(u, g);
    if (s2 != GOLCL_OK) return s2;
    st = golcl__hlg_step(g, k);
    if (st == GOLCL_E_OUT_OF_MEMORY) {
      if ((s2 = reload(u, g)) != GOLCL_OK) return s2;
      if (k == 0)
        return golcl__fail(u->ctx, GOLCL_E_OUT_OF_MEMORY,
                           "device HashLife: the device table (max_memory) cannot hold one "
                           "generation of this pattern");
      st = step(u, g, k - 1, done);
      if (st == GOLCL_OK) st = step(u, g, k - 1, done);
      return st;
    }
  }
  if (st == GOLCL_OK) *done += (uint64_t)1 << k;
  return st;
}

static void destroy(void *g) { golcl__hlg_destroy(g); }

/* A new engine with the tree in its table (one kept but forgotten is made
 * again: its memo is of cells the tree has left). */
static golcl_status load(golcl_universe *u, void **engine) {
  if (!u->ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "universe: device HashLife needs a context");
  destroy(*engine);
  *engine = NULL;
  /* for measuring: GOLCL_HLG_BASE=5 (the base level, else 6),
   * GOLCL_HLG_MODE=batched|jump (always a launch a batch, or always one
   * work-group a jump),
   * GOLCL_HLG_NARROW=N (batches of at most N nodes in one work-group,
   * wider ones a launch a step),
   * GOLCL_HLG_WG=N (the work-group of a jump), GOLCL_HLG_SPLIT=0|1 (a
   * work-item a node or a square; else a square on a GPU only) */
  const char *b = getenv("GOLCL_HLG_BASE"), *mode = getenv("GOLCL_HLG_MODE"),
             *wg = getenv("GOLCL_HLG_WG"), *split = getenv("GOLCL_HLG_SPLIT");
  u->hlg_base = b && strcmp(b, "5") == 0 ? 5 : 6;
  const char *nar = getenv("GOLCL_HLG_NARROW");
  uint32_t narrow = mode && strcmp(mode, "batched") == 0 ? 0
                    : mode && strcmp(mode, "jump") == 0  ? UINT32_MAX
                    : nar                                ? (uint32_t)strtoul(nar, NULL, 10)
                                                         : HLG_NARROW;
  size_t w = wg ? (size_t)strtoul(wg, NULL, 10) : 0;
  uint64_t coll = u->hl.collections;
  golcl_status st = golcl__hl_collect(&u->hl, 1);
  u->hl.collections = coll;
  golcl__hlg *g = NULL;
  if (st == GOLCL_OK)
    st = golcl__hlg_create(u->ctx, &u->hl, u->opts.max_memory, u->hlg_base, narrow,
                           split ? atoi(split) != 0 : -1, w, &g);
  *engine = g;
  if (st == GOLCL_OK) st = golcl__hlg_load(g, &u->hl);
  return st;
}

/* The binary digits of the count, largest first, as jumps on the device;
 * the cells stay there until store reads the root back. */
static golcl_status run(golcl_universe *u, void *g, uint64_t gens, uint64_t *done) {
  golcl_status st = GOLCL_OK;
  for (int k = 63; k >= 0 && st == GOLCL_OK; k--) {
    if (!(gens >> k & 1)) continue;
    int kk = k > 60 ? 60 : k;
    uint64_t parts = (uint64_t)1 << (k - kk);
    for (uint64_t p = 0; p < parts && st == GOLCL_OK; p++) st = step(u, g, kk, done);
  }
  return st;
}

static void stats(void *g, golcl_universe_stats *out) {
  golcl__hlg_stats gs;
  golcl__hlg_get_stats(g, &gs);
  out->device_bytes += gs.device_bytes;
}

/* Kept while the tree and it hold the same cells: every run ends by
 * reading the root back (run, then store). */
const golcl__uengine golcl__uengine_hlg = {
    .algo = GOLCL_UNIVERSE_HASHLIFE_DEVICE,
    .kinds = GOLCL__UE_TWO,
    .device = 1,
    .kept = GOLCL__UK_HLG,
    .load = load,
    .run = run,
    .store = to_host,
    .stats = stats,
    .destroy = destroy,
};

/* AUTO's choice (docs/universe.md, "Choosing"), measured on an H100 against
 * the host HashLife in one process: the device wins where the batches are
 * wide, trees of many distinct squares (random soups of 256² to 2048²:
 * 2.3-50x; metapixel-p216-gun: 1.2x), and loses on narrow ones (the
 * HashLife classics ruler and wedge-grow 2-11x, c4-diag-switch-engines 3x,
 * the spacefiller 5-7x; the methuselahs are 0.7-1.2x, and AUTO gives them
 * to the sparse tiles, faster still). The tree's reachable nodes when the
 * run starts decide (a 256² soup has 1400, metapixel-p216-gun 6500,
 * c4-diag-switch-engines 700, a methuselah under 100), not a timing: the
 * choice is the same on every machine. */
#define AUTO_HLG_MIN_NODES 1024
#define AUTO_HLG_MIN_GENS 256
int golcl__universe_hlg_may_win(golcl_universe *u, uint64_t gens) {
  if (!u->ctx || gens < AUTO_HLG_MIN_GENS) return 0;
  golcl_device_info info;
  if (golcl_context_device_info(u->ctx, &info) != GOLCL_OK || info.type != GOLCL_DEVICE_GPU)
    return 0;
  uint64_t coll = u->hl.collections;
  golcl_status st = golcl__hl_collect(&u->hl, 1);
  u->hl.collections = coll;
  return st == GOLCL_OK && u->hl.n >= AUTO_HLG_MIN_NODES;
}
