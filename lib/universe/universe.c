/* universe.c — golcl_universe: the unbounded plane. Its cells are always a
 * HashLife quadtree (hashlife.c); a run goes through one of the engines of
 * the table (universe_engines.c: HashLife, the device's sparse tiles, the
 * host tiles, device HashLife, the host and device tiles of states, the box
 * of Larger than Life), chosen by the universe's algorithm or by AUTO's
 * policy here; the engines with cells of their own take them from the tree
 * and give them back. Uses the public pattern and rule API. */
#include "universe.h"

#include <stdlib.h>
#include <string.h>

golcl_status golcl_universe_create(golcl_context *ctx, const golcl_universe_opts *opts,
                                   golcl_universe **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_create: out is NULL");
  *out = NULL;
  golcl_universe_opts o;
  memset(&o, 0, sizeof o);
  if (opts) o = *opts;
  if (o.algo != GOLCL_UNIVERSE_AUTO && o.algo != GOLCL_UNIVERSE_HASHLIFE &&
      o.algo != GOLCL_UNIVERSE_SPARSE && o.algo != GOLCL_UNIVERSE_HASHLIFE_DEVICE &&
      o.algo != GOLCL_UNIVERSE_HOST_TILES)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_create: algo %d", (int)o.algo);
  if (o.max_memory && o.max_memory < (128u << 10))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_universe_create: max_memory %llu is below 128 KiB",
                       (unsigned long long)o.max_memory);
  if ((o.algo == GOLCL_UNIVERSE_SPARSE || o.algo == GOLCL_UNIVERSE_HASHLIFE_DEVICE) && !ctx)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_create: the %s algorithm needs a context (a device)",
                       golcl_universe_algo_name(o.algo));
  golcl_universe *u = calloc(1, sizeof *u);
  if (!u) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status st = golcl__hl_init(&u->hl, o.max_memory);
  if (st != GOLCL_OK) {
    free(u);
    return st;
  }
  u->ctx = ctx;
  u->opts = o;
  golcl_rule life = {1u << 3, (1u << 2) | (1u << 3)};
  golcl_rule_table_from_rule(life, &u->table);
  *out = u;
  return GOLCL_OK;
}

golcl_status golcl_universe_create_sized(golcl_context *ctx, const golcl_universe_opts *opts,
                                         size_t opts_size, golcl_universe **out) {
  if (out) *out = NULL;
  golcl_universe_opts own;
  golcl_status s = golcl__opts_sized(NULL, opts, opts_size, &own, sizeof own, sizeof own,
                                     "golcl_universe_create");
  if (s != GOLCL_OK) return s;
  return golcl_universe_create(ctx, opts ? &own : NULL, out);
}

void golcl_universe_destroy(golcl_universe *u) {
  if (!u) return;
  golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
  golcl__hl_free(&u->hl);
  golcl_pattern_destroy(u->notes);
  free(u);
}

golcl_status golcl_universe_set_context(golcl_universe *u, golcl_context *ctx) {
  if (!u) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_set_context: NULL");
  if (!ctx &&
      (u->opts.algo == GOLCL_UNIVERSE_SPARSE || u->opts.algo == GOLCL_UNIVERSE_HASHLIFE_DEVICE))
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_set_context: the %s algorithm needs a context",
                       golcl_universe_algo_name(u->opts.algo));
  if (ctx != u->ctx) golcl__universe_device_engines_free(u); /* they belong to the old one */
  u->ctx = ctx;
  return GOLCL_OK;
}

golcl_status golcl__universe_run_table(const golcl_rule_table *t, uint8_t out[512]) {
  uint8_t odd[512];
  golcl_rule_table_at(t, 0, out);
  golcl_rule_table_at(t, 1, odd);
  if (memcmp(out, odd, 512) != 0) {
    char text[GOLCL_RULE_TEXT_CAP] = "?";
    golcl_rule_table_format(t, text, sizeof text);
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "rule %s: B0 without S8 alternates two rules from one generation to the "
                       "next; the universe does not run it yet (a growing grid does: golcl run "
                       "--algo dense)",
                       text);
  }
  return GOLCL_OK;
}

/* Multi-state cells to two-state ones (each in state 0 or 1). */
static golcl_status to_two_state(golcl_universe *u, const golcl_rule_table *t) {
  golcl__hl h;
  golcl_status st = golcl__hl_init(&h, u->opts.max_memory);
  if (st != GOLCL_OK) return st;
  if ((st = golcl__hl_to_two(&u->hl, &h)) != GOLCL_OK) {
    golcl__hl_free(&h);
    return st;
  }
  golcl__universe_adopt(u, &h, 0, NULL, t, u->generation, u->notes);
  return GOLCL_OK;
}

static golcl_status set_table(golcl_universe *u, const golcl_rule_table *t) {
  uint8_t tab[512];
  golcl_status st = golcl__universe_run_table(t, tab);
  if (st != GOLCL_OK) return st;
  if (u->ms && (st = to_two_state(u, t)) != GOLCL_OK) return st;
  u->table = *t;
  golcl__hl_set_rule(&u->hl, tab);
  golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE); /* built for the old rule */
  return GOLCL_OK;
}

golcl_status golcl_universe_set_rule(golcl_universe *u, const char *rule) {
  if (!u || !rule) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_set_rule: NULL");
  if (strchr(rule, ':'))
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "rule \"%s\": a bounded grid; a universe is the infinite plane (use a "
                       "golcl_grid with golcl_grid_set_bounds)",
                       rule);
  golcl_rule_table t;
  golcl_status st = golcl_rule_table_parse(rule, &t);
  if (st == GOLCL_OK) return set_table(u, &t);
  /* not two-state: a multi-state rule, or the two-state parser's error */
  char why[1024];
  snprintf(why, sizeof why, "%s", golcl_last_errmsg());
  golcl_msrule m;
  golcl_status ms = golcl_msrule_parse(rule, &m);
  if (ms == GOLCL_OK) return golcl_universe_set_msrule(u, &m);
  return ms == GOLCL_E_PARSE ? golcl__fail(NULL, st, "%s", why) : ms;
}

golcl_status golcl_universe_get_rule(const golcl_universe *u, char *buf, size_t cap) {
  if (!u || !buf) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_get_rule: NULL");
  if (u->ms) return golcl_msrule_format(&u->msrule, buf, cap);
  return golcl_rule_table_format(&u->table, buf, cap);
}

uint64_t golcl_universe_generation(const golcl_universe *u) { return u ? u->generation : 0; }

golcl_status golcl_universe_set_generation(golcl_universe *u, uint64_t generation) {
  if (!u) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_set_generation: NULL");
  u->generation = generation;
  return GOLCL_OK;
}

/* ----------------------------------------------------------------- runs */

/* In AUTO's race (below), whether this side has lost: its cells are
 * dropped, and a side in chunks stops within RACE_CHUNK_S or so. */
#define RACE_CHUNK_S 1e-4
static int lost(const golcl_universe *u) {
  return u->cancel && __atomic_load_n(u->cancel, __ATOMIC_ACQUIRE);
}

golcl_status golcl__universe_progress(golcl_universe *u, int force) {
  if (lost(u))
    return golcl__fail(NULL, GOLCL_E_CANCELLED, "golcl_universe_run: AUTO's other side has won");
  if (!u->progress) return GOLCL_OK;
  double now = golcl__now();
  if (!force && now - u->progress_last < GOLCL__PROGRESS_PERIOD) return GOLCL_OK;
  u->progress_last = now;
  uint64_t done = u->generation - u->progress_start;
  if (u->progress(u->progress_user, done, u->progress_total))
    return golcl__fail(NULL, GOLCL_E_CANCELLED,
                       "golcl_universe_run_progress: cancelled at generation %llu (%llu of %llu "
                       "done)",
                       (unsigned long long)u->generation, (unsigned long long)done,
                       (unsigned long long)u->progress_total);
  return GOLCL_OK;
}

/* HashLife on the tree, through its engine: AUTO's probes and stretches. */
static golcl_status run_hashlife(golcl_universe *u, uint64_t gens) {
  return golcl__universe_engine_run(u, &golcl__uengine_hashlife, gens, 1);
}

/* AUTO, from what was measured (docs/universe.md, benchmarks.md): on a GPU
 * the sparse tiles win on patterns that stay small and chaotic (a
 * methuselah's unique debris, where HashLife finds little to reuse: 3-4x on
 * an H100), HashLife on everything that grows or repeats (breeders,
 * spacefillers, guns, metapixels, and a methuselah once it has settled into
 * still lifes, oscillators and gliders) and on a CPU device or without one.
 * Neither can be told from the seed, so HashLife runs a probe: two jumps of
 * 512 generations, counting the results computed in each a live cell.
 * The first probe, at the start of the run, finds chaos above AUTO_CHAOS in
 * the second jump (Golly's methuselahs 17-25, the c4 switch-engine breeder
 * 4.9, a spacefiller 0.001); then the tiles run, and HashLife probes again
 * each time the tiles have run twice as many generations as the run has
 * done (so that a chaotic methuselah pays for few probes). The
 * tree the tiles give back is a fresh store, so a settled methuselah reads
 * 5.3-6.1 in the first jump and 0.4-0.8 in the second, a chaotic one 6.2-25
 * and 3-25: above AUTO_ABORT in the first jump the probe stops there (a
 * probe in chaos costs HashLife's time on the worst stretch), at most
 * AUTO_SETTLED in the second and HashLife takes the rest of the run. All in
 * hundredths of a result a live cell (ark1 reads 2.2 at generation 20 992,
 * still growing a few debris a jump: HashLife runs its last 9 000
 * generations in a third of the tiles' time; iwona 2.9 there, chaotic until
 * 28 786: the tiles' by 1.7x). The criterion counts, it does not
 * time: the choice is the same on every machine; on two processors or
 * more the race (below) runs HashLife alone beside it and keeps the
 * first to finish. */
#define AUTO_SPARSE_MAX_GENS (1u << 17)
#define AUTO_SPARSE_MAX_CELLS (1u << 14)
#define AUTO_CHAOS 1000
#define AUTO_ABORT 700
#define AUTO_SETTLED 250
#define PROBE 1024
/* The tile engine AUTO may hand chaos to: the device's sparse tiles on a GPU
 * context, the host tiles elsewhere (GOLCL_UNIVERSE_TILES=any: the device's
 * on any device, for the tests; =host: the host tiles on a GPU too); AUTO
 * (none) for a run too short or too long, too many cells, or a rule neither
 * runs. */
static golcl_universe_algo tile_engine(golcl_universe *u);
static golcl_universe_algo tiles_may_win(golcl_universe *u, uint64_t gens) {
  if (gens > AUTO_SPARSE_MAX_GENS || gens < 2 * PROBE) return GOLCL_UNIVERSE_AUTO;
  uint64_t pop = UINT64_MAX;
  if (golcl__hl_population(&u->hl, &pop) != GOLCL_OK || pop > AUTO_SPARSE_MAX_CELLS)
    return GOLCL_UNIVERSE_AUTO;
  return tile_engine(u);
}

/* The tile engine for the universe's context and rule (AUTO: none). */
static golcl_universe_algo tile_engine(golcl_universe *u) {
  /* the device's tiles on a GPU where they run the rule (the sparse tiles,
   * or the device tiles of states), else the host tiles */
  const char *env = getenv("GOLCL_UNIVERSE_TILES");
  golcl_device_info info;
  int device = u->ctx && !(env && strcmp(env, "host") == 0) &&
               golcl_context_device_info(u->ctx, &info) == GOLCL_OK &&
               (info.type == GOLCL_DEVICE_GPU || (env && strcmp(env, "any") == 0));
  if (device && golcl__universe_engine_can(u, GOLCL_UNIVERSE_SPARSE)) return GOLCL_UNIVERSE_SPARSE;
  return golcl__universe_engine_can(u, GOLCL_UNIVERSE_HOST_TILES) ? GOLCL_UNIVERSE_HOST_TILES
                                                                  : GOLCL_UNIVERSE_AUTO;
}

/* Whether HashLife computed more than `limit` hundredths of a result a live
 * cell since r0 (limit 0: no limit), or the cells are more than max_pop
 * (then: no; the tiles of a small pattern's chaos take at most
 * AUTO_SPARSE_MAX_CELLS, those of a large one any number). */
static golcl_status chaotic(golcl_universe *u, uint64_t r0, uint64_t limit, uint64_t max_pop,
                            int *chaos) {
  uint64_t pop = UINT64_MAX;
  golcl_status st = golcl__hl_population(&u->hl, &pop);
  *chaos = st == GOLCL_OK && pop <= max_pop && limit &&
           (u->hl.results_computed - r0) * 100 > limit * pop;
  return st;
}

/* HashLife's probe of PROBE generations (fewer, *done, where the first jump
 * already finds more than `abort` results a live cell; 0: no abort); *chaos:
 * more than `limit` in the second jump. A collection in the probe forgets results:
 * counted again, they only make the pattern look more chaotic. */
static golcl_status probe_jumps(golcl_universe *u, uint64_t abort, uint64_t limit, uint64_t max_pop,
                                int *chaos, uint64_t *done);
static golcl_status probe(golcl_universe *u, uint64_t abort, uint64_t limit, uint64_t max_pop,
                          int *chaos, uint64_t *done) {
  golcl__universe_engines_forget(u);
  /* the probe's jumps are whole (512 generations each) with or without a
   * progress callback, so that its counts and AUTO's choice are the same */
  golcl_universe_progress_fn fn = u->progress;
  u->progress = NULL;
  golcl_status st = probe_jumps(u, abort, limit, max_pop, chaos, done);
  u->progress = fn;
  if (st == GOLCL_OK) st = golcl__universe_progress(u, 0);
  return st;
}

static golcl_status probe_jumps(golcl_universe *u, uint64_t abort, uint64_t limit, uint64_t max_pop,
                                int *chaos, uint64_t *done) {
  uint64_t r0 = u->hl.results_computed;
  golcl_status st = run_hashlife(u, PROBE / 2);
  if (st == GOLCL_OK) st = chaotic(u, r0, abort, max_pop, chaos);
  *done += PROBE / 2;
  if (st != GOLCL_OK || *chaos) return st;
  r0 = u->probe_r2 = u->hl.results_computed;
  if ((st = run_hashlife(u, PROBE / 2)) == GOLCL_OK) st = chaotic(u, r0, limit, max_pop, chaos);
  *done += PROBE / 2;
  return st;
}

/* The first probe's second look: chaos makes HashLife's work grow with the
 * jump (a jump of 1024 generations after the probe's two of 512 computes
 * 1.7-7.6 times the results of the second on Golly's methuselahs), where a
 * gun, a breeder or a rake, whose first jumps also compute many results a
 * live cell, computes about as many or fewer (gun-p165mwss 1.21, LWSS-breeder
 * 1.14, Cordership-gun-p784 0.32): those stay with HashLife, which runs
 * them in a tenth of the tiles' time (gun-p165mwss to 30 000 generations on
 * pocl's 2-core machine, 0.03 s against 0.36 s). *chaos stays 1 where the
 * jump computes AUTO_GROWTH tenths of the second jump's results or more. */
#define AUTO_GROWTH 16
static golcl_status grows_like_chaos(golcl_universe *u, int *chaos, uint64_t *done) {
  uint64_t r2 = u->hl.results_computed - u->probe_r2, r0 = u->hl.results_computed;
  golcl_universe_progress_fn fn = u->progress; /* whole, as the probe's jumps */
  u->progress = NULL;
  golcl_status st = run_hashlife(u, PROBE);
  u->progress = fn;
  if (st == GOLCL_OK) st = golcl__universe_progress(u, 0);
  *done += PROBE;
  *chaos = st == GOLCL_OK && (u->hl.results_computed - r0) * 10 >= r2 * AUTO_GROWTH;
  return st;
}

/* A run shorter than two probes of a pattern of at most AUTO_SHORT_MAX_CELLS
 * live cells goes to the host tiles: their first generations cost little
 * where HashLife's first jumps compute every result afresh (Golly's
 * methuselahs, guns and breeders to 1000 generations on pocl's 2-core
 * machine: the tiles 0-0.05 s, HashLife 0.001-0.17 s, the tiles faster on 42
 * of the 50 files of up to 42 000 cells; HashLife's patterns of 10^5 cells
 * and more, 0.03-0.1 s, stay with HashLife: the tiles took 3.8-29 s). */
#define AUTO_SHORT_MAX_CELLS (1u << 16)
static int short_run_tiles(golcl_universe *u, uint64_t gens) {
  uint64_t pop = UINT64_MAX;
  return gens < 2 * PROBE && golcl__hl_population(&u->hl, &pop) == GOLCL_OK &&
         pop <= AUTO_SHORT_MAX_CELLS && golcl__universe_engine_can(u, GOLCL_UNIVERSE_HOST_TILES);
}

/* The short run: the host tiles, HashLife taking over after AUTO_SHORT_LOOK
 * generations where the pattern has exploded (over AUTO_SPARSE_MAX_CELLS
 * cells and AUTO_SHORT_BURST times its start: Golly's spacefiller, 200 cells
 * then 18 760, which HashLife runs to 1000 generations in a millisecond and
 * the tiles in 70; the breeders and guns grow by a few percent there). */
#define AUTO_SHORT_LOOK 256
#define AUTO_SHORT_BURST 16
static golcl_status run_tiles(golcl_universe *u, golcl_universe_algo tiles, uint64_t n, int sync);
static golcl_status run_short(golcl_universe *u, uint64_t gens) {
  uint64_t p0 = 0, p1 = 0, n = gens < AUTO_SHORT_LOOK ? gens : AUTO_SHORT_LOOK;
  u->last_algo = GOLCL_UNIVERSE_HOST_TILES;
  golcl__universe_engines_free(u, GOLCL_UNIVERSE_HOST_TILES);
  golcl_status st = golcl__hl_population(&u->hl, &p0);
  if (st == GOLCL_OK) st = run_tiles(u, GOLCL_UNIVERSE_HOST_TILES, n, n == gens);
  if (st != GOLCL_OK || n == gens) return st;
  /* counted in the tiles: the tree is made once, where the run ends (a
   * second making cost infinite-Corderships-gun a fifth of its run) */
  const golcl__uengine *e = golcl__universe_engine(u, GOLCL_UNIVERSE_HOST_TILES);
  st = golcl__universe_engine_population(u, GOLCL_UNIVERSE_HOST_TILES, &p1);
  if (st == GOLCL_OK && (p1 <= AUTO_SPARSE_MAX_CELLS || p1 < AUTO_SHORT_BURST * p0))
    return run_tiles(u, GOLCL_UNIVERSE_HOST_TILES, gens - n, 1);
  /* the tree takes the generation reached (also where the count failed) */
  golcl_status back = golcl__universe_engine_run(u, e, 0, 1);
  if (st == GOLCL_OK) st = back;
  if (st != GOLCL_OK) return st;
  u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
  return run_hashlife(u, gens - n);
}

/* A stretch of n generations on a tile engine; with a progress callback, in
 * chunks (AUTO's stretch is the same). The cells stay in the engine between
 * chunks: the tree is rebuilt from the tiles once, where the stretch ends or
 * the callback stops it (for a 2048² soup a rebuild costs more than a
 * chunk). */
static golcl_status run_tiles(golcl_universe *u, golcl_universe_algo tiles, uint64_t n, int sync) {
  const golcl__uengine *e = golcl__universe_engine(u, tiles);
  uint64_t chunk = u->progress || u->cancel ? 16 : n;
  while (n) {
    uint64_t g = n < chunk ? n : chunk;
    double t0 = golcl__now();
    golcl_status st = golcl__universe_engine_run(u, e, g, sync && g == n);
    if (st != GOLCL_OK) return st;
    n -= g;
    /* chunks of a tenth of the callback's period, of RACE_CHUNK_S in a race */
    if (golcl__now() - t0 < (u->cancel ? RACE_CHUNK_S : GOLCL__PROGRESS_PERIOD / 10)) chunk *= 2;
    if ((st = golcl__universe_progress(u, 0)) != GOLCL_OK) {
      if ((n || !sync) && !lost(u)) /* the tree takes the generation reached */
        golcl__universe_engine_run(u, e, 0, 1);
      return st;
    }
  }
  return GOLCL_OK;
}

static golcl_status run_large(golcl_universe *u, golcl_universe_algo tiles, uint64_t gens);
static golcl_universe_algo large_engine(golcl_universe *u);

/* Whether HashLife looks at a soup before the tiles run it: a multi-state
 * soup on the host tiles (below). On the device tiles of states (a GPU) a
 * soup starts on the tiles as a two-state one does, HashLife probing
 * between their stretches: HashLife's look costs what the soup's area
 * costs (1000 generations of a 1024² Brian's Brain soup: 13-14 s on pocl's
 * machine, docs/universe.md), a GPU's tiles far less than the host's. */
static int probe_first(const golcl_universe *u, golcl_universe_algo tiles) {
  return u->ms && tiles == GOLCL_UNIVERSE_HOST_TILES;
}

/* A multi-state soup's run shorter than two probes (docs/universe.md,
 * "Tiles of states"): HashLife runs two jumps of MS_SHORT_JUMP generations
 * and the tiles take the rest where the second still computes more than
 * AUTO_SETTLED hundredths of a result a live cell (a Brian's Brain soup
 * 9.7, a WireWorld soup of density 0.5 0.01: its electrons circle, and
 * HashLife runs it 11x the tiles); a run under four jumps stays on
 * HashLife. The jumps are whole with a progress callback, as the probe's. */
#define MS_SHORT_JUMP 128
static golcl_status run_ms_short(golcl_universe *u, golcl_universe_algo tiles, uint64_t gens) {
  uint64_t done = 0, r0 = 0;
  int chaos = 0;
  golcl_status st = GOLCL_OK;
  u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
  if (gens >= 4 * MS_SHORT_JUMP) {
    golcl_universe_progress_fn fn = u->progress;
    u->progress = NULL;
    st = run_hashlife(u, MS_SHORT_JUMP);
    r0 = u->hl.results_computed;
    if (st == GOLCL_OK) st = run_hashlife(u, MS_SHORT_JUMP);
    u->progress = fn;
    if (st == GOLCL_OK) st = chaotic(u, r0, AUTO_SETTLED, UINT64_MAX, &chaos);
    if (st == GOLCL_OK) st = golcl__universe_progress(u, 0);
    done = 2 * MS_SHORT_JUMP;
  }
  if (st != GOLCL_OK) return st;
  if (!chaos) return run_hashlife(u, gens - done);
  u->last_algo = tiles;
  return run_tiles(u, tiles, gens - done, 1);
}

/* The short run races on three processors or more: on two, the second
 * side takes the only other one, and the first side pays for it (pocl's
 * 2-vCPU machine, 1000 generations, medians of 7 interleaved walls,
 * 2026-11-29: without the short run's race 51 of the 65 files of the wall
 * row 5-45 % faster (metacatacryst 5.4 ms against 9.8, acorn 3.2 against
 * 3.7), totalperiodic 18 % and breeder.lif 13 % slower, the rest within
 * 5 % but for one that never races; on an H200 machine's 16 the race made totalperiodic 0.95 of
 * bgolly's wall from 1.07 and cost a tiny run 0.2-0.4 ms). The chaotic
 * stretches of a longer run race on two (ark1 to 30 000 on pocl: 53 ms
 * against 95). */
#define SHORT_RACE_CPUS 3
/* Nor does a pattern of at most SHORT_RACE_MIN_CELLS: its short run is all
 * new debris, the tiles' case (each of Golly's methuselahs and the
 * HashLife folder's small seeds, 7-71 cells, ran 3.7-6.6x faster on the
 * tiles to 1000 generations on pocl, one thread each; the patterns
 * HashLife ran faster there had 196 cells or more: totalperiodic,
 * spacefiller, jagged2, ruler, broken-lines, breeder, rake-breeder,
 * slide-breeder), and the race cost such a run 0.3 ms of 3 on an H200
 * machine (2026-11-29). */
#define SHORT_RACE_MIN_CELLS 128
static int short_race(golcl_universe *u) {
  uint64_t pop = 0;
  return golcl__threads(SHORT_RACE_CPUS) >= SHORT_RACE_CPUS &&
         golcl__hl_population(&u->hl, &pop) == GOLCL_OK && pop > SHORT_RACE_MIN_CELLS;
}
static golcl_status race(golcl_universe *u, golcl_universe_algo tiles, uint64_t gens,
                         uint64_t start);
static golcl_status run_auto(golcl_universe *u, uint64_t gens) {
  if (!golcl__universe_engine_can(u, GOLCL_UNIVERSE_HASHLIFE)) { /* LtL: no HashLife */
    /* the host's box, or the device tiles of states for a soup on a GPU */
    golcl_universe_algo tiles = large_engine(u);
    if (tiles != GOLCL_UNIVERSE_SPARSE)
      tiles = golcl__universe_engine_can(u, GOLCL_UNIVERSE_HOST_TILES) ? GOLCL_UNIVERSE_HOST_TILES
                                                                      : GOLCL_UNIVERSE_AUTO;
    if (tiles == GOLCL_UNIVERSE_AUTO) return run_hashlife(u, gens); /* says why */
    u->last_algo = tiles;
    golcl__universe_engines_free(u, tiles);
    return run_tiles(u, tiles, gens, 1);
  }
  golcl_universe_algo large = large_engine(u);
  if (large != GOLCL_UNIVERSE_AUTO) {
    golcl__universe_engines_free(u, large);
    return probe_first(u, large) && gens < 2 * PROBE ? run_ms_short(u, large, gens)
                                                     : run_large(u, large, gens);
  }
  if (u->ms) { /* the tiles of states take incompressible soups only: the
                  structured patterns (loops, replicators) are HashLife's */
    u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
    golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
    return run_hashlife(u, gens);
  }
  if (golcl__universe_hlg_may_win(u, gens)) {
    u->last_algo = GOLCL_UNIVERSE_HASHLIFE_DEVICE;
    golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE_DEVICE);
    return golcl__universe_engine_run(u, &golcl__uengine_hlg, gens, 1);
  }
  u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
  golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
  if (short_run_tiles(u, gens))
    return short_race(u) ? race(u, GOLCL_UNIVERSE_HOST_TILES, gens, 0) : run_short(u, gens);
  golcl_universe_algo tiles = tiles_may_win(u, gens);
  if (tiles == GOLCL_UNIVERSE_AUTO) return run_hashlife(u, gens);
  int chaos;
  uint64_t done = 0;
  golcl_status st = probe(u, 0, AUTO_CHAOS, AUTO_SPARSE_MAX_CELLS, &chaos, &done);
  if (st == GOLCL_OK && chaos) st = grows_like_chaos(u, &chaos, &done);
  if (st != GOLCL_OK) return st;
  if (!chaos || done >= gens) return done < gens ? run_hashlife(u, gens - done) : GOLCL_OK;
  return race(u, tiles, gens, done);
}

/* The chaotic stretches of a run of gens generations, *done of them done
 * (the first probe): the tiles for twice the generations done so far,
 * HashLife probing after each, until a probe finds the pattern settled;
 * the rest, gens - *done, is HashLife's (the caller runs it). */
static golcl_status run_chaos(golcl_universe *u, golcl_universe_algo tiles, uint64_t gens,
                              uint64_t *done) {
  int chaos = 1;
  golcl_status st = GOLCL_OK;
  while (st == GOLCL_OK && chaos && *done < gens) {
    uint64_t n = gens - *done < 2 * *done ? gens - *done : 2 * *done;
    u->last_algo = tiles;
    st = run_tiles(u, tiles, n, 1);
    *done += n;
    if (st == GOLCL_OK && gens - *done >= 2 * PROBE)
      st = probe(u, AUTO_ABORT, AUTO_SETTLED, AUTO_SPARSE_MAX_CELLS, &chaos, done);
  }
  return st;
}

/* AUTO's race. Neither the probes nor any count seen so far tells every
 * pattern HashLife runs faster than the tiles from those the tiles run
 * faster (ark1 to 30 000 generations on pocl's 2-core machine: AUTO's
 * tiles and probes 0.08 s, HashLife alone 0.036 s on one thread;
 * totalperiodic to 1000: the short run's tiles 3 ms, HashLife 2), so
 * where a second processor is free the tiles' part of a small pattern's
 * run (the short run; the chaotic stretches from the first probe that
 * finds chaos to the probe that finds the pattern settled) goes both ways
 * at once: AUTO's run as above on the calling thread, and HashLife alone
 * on a copy of the tree (a store of a quarter of the bound) on the pool's,
 * each on one thread; the first to finish stops the other and its cells
 * are the universe's (both are exact: the cells are the same, only the
 * time and stats.algo differ). HashLife's settled rest runs after the
 * race, on its threads, as do the patterns the first probe leaves to
 * HashLife (guns, breeders, jagged2): racing every run from its start
 * cost those their threads (pocl's 2-core machine, 30 000 generations:
 * 2c5-spaceship-gun-p690 1.8x, golly-ticker 1.4x, jagged2 1.26x). */
#define RACE_MIN_NODES (1u << 16) /* a smaller quarter of the bound: no race */
typedef struct race_run {
  golcl_universe *u, *alone; /* AUTO's side; HashLife's, a universe of the copy */
  golcl_universe_algo tiles; /* AUTO's side: the short run (start 0), else run_chaos */
  uint64_t gens, start, done;
  int stop[2];     /* set for a side when the other has finished first */
  int winner;      /* 0 none yet, 1 AUTO, 2 HashLife alone */
  golcl_status st; /* AUTO's */
} race_run;

/* AUTO's side: the short run, or the chaotic stretches (r->done then the
 * generations they reached: the rest is HashLife's). */
static golcl_status auto_side(race_run *r) {
  if (!r->start) {
    r->done = r->gens;
    return run_short(r->u, r->gens);
  }
  r->done = r->start;
  return run_chaos(r->u, r->tiles, r->gens, &r->done);
}

static void race_side(void *arg, int i) {
  race_run *r = arg;
  golcl_status st = GOLCL_E_CANCELLED;
  if (!__atomic_load_n(&r->stop[i], __ATOMIC_ACQUIRE))
    st = i == 0 ? auto_side(r)
                : golcl__universe_engine_run(r->alone, &golcl__uengine_hashlife, r->gens - r->start,
                                             1);
  if (i == 0) r->st = st;
  int none = 0;
  if ((st == GOLCL_OK &&
       __atomic_compare_exchange_n(&r->winner, &none, i + 1, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE)) ||
      i == 0) /* AUTO's run failing (a callback's stop, memory) stops the race */
    __atomic_store_n(&r->stop[1 - i], 1, __ATOMIC_RELEASE);
}

/* HashLife alone, a copy of u's cells beside it (NULL where it cannot be
 * made: no race). */
static golcl_universe *alone_of(golcl_universe *u) {
  golcl_universe *alone = calloc(1, sizeof *alone);
  if (!alone) return NULL;
  if (golcl__hl_init(&alone->hl, golcl__hl_max_bytes(&u->hl)) != GOLCL_OK) {
    free(alone);
    return NULL;
  }
  /* a quarter of the bound while it races, the whole if it wins */
  golcl__hl_limit(&alone->hl, golcl__hl_max_bytes(&u->hl) / 4);
  if (alone->hl.max_nodes < RACE_MIN_NODES || golcl__hl_copy(&u->hl, &alone->hl) != GOLCL_OK) {
    golcl__hl_free(&alone->hl);
    free(alone);
    return NULL;
  }
  alone->opts.algo = GOLCL_UNIVERSE_HASHLIFE;
  alone->table = u->table;
  alone->generation = u->generation;
  return alone;
}

static golcl_status race(golcl_universe *u, golcl_universe_algo tiles, uint64_t gens,
                         uint64_t start) {
  race_run r = {u, NULL, tiles, gens, start, start, {0, 0}, 0, GOLCL_OK};
  golcl_universe *alone = golcl__threads(2) < 2 ? NULL : alone_of(u);
  if (!alone) {
    golcl_status st = auto_side(&r);
    return st == GOLCL_OK && r.done < gens ? run_hashlife(u, gens - r.done) : st;
  }
  r.alone = alone;
  u->cancel = &r.stop[0], alone->cancel = &r.stop[1];
  golcl__parallel(2, race_side, &r);
  u->cancel = NULL;
  golcl_status st = r.st;
  if (r.winner == 2) { /* the tree of HashLife alone, the counts of both */
    golcl__hl *h = &alone->hl;
    golcl__hl_limit(h, 0);
    h->collections += u->hl.collections;
    h->results_computed += u->hl.results_computed;
    golcl__universe_engines_free(u, GOLCL_UNIVERSE_HASHLIFE);
    golcl__hl_free(&u->hl);
    u->hl = *h;
    memset(h, 0, sizeof *h);
    u->generation = alone->generation;
    u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
    /* a watched run hears of the generations HashLife made (its side has
     * no callback: AUTO's may not have called back yet) */
    st = golcl__universe_progress(u, 1);
  }
  u->hl.cancel = NULL;
  u->hl.threads = 0; /* decided again at the next step that may use them */
  golcl__hl_free(&alone->hl);
  free(alone);
  if (st == GOLCL_OK && r.winner == 1 && r.done < gens) /* the settled rest, on threads */
    st = run_hashlife(u, gens - r.done);
  return st;
}

/* A large pattern (more than AUTO_SPARSE_MAX_CELLS live cells: a random
 * soup, a wide chaotic area): HashLife's first jumps over it cost far more
 * than the tiles' whole run (a 2048² soup to 1000 generations on pocl's
 * 2-core machine: HashLife 10.2 s and 805 MB of nodes, the host tiles
 * 0.37 s, bgolly's QuickLife 0.7 s), so the tiles start, in stretches of
 * AUTO_LARGE_STRETCH doubling each time, and HashLife probes between them
 * (as for a small pattern's chaos, without the cap on cells) and takes the
 * rest of the run once the pattern has settled. */
#define AUTO_LARGE_STRETCH 4096
/* A large pattern is one HashLife cannot compress: more than
 * AUTO_SPARSE_MAX_CELLS live cells whose 8×8 leaves are mostly unique (a
 * random soup: every one; Golly's metapixel patterns and wide
 * self-similar ones such as demonoid-c512, which HashLife runs in
 * milliseconds where the tiles take seconds: a few percent), filling at
 * least 1/AUTO_DENSE of their box: a soup fills a third to a half of it,
 * Golly's large guns and breeders 0.2-3 % (Cordership-gun-p784, 24 976
 * cells in 1285x1065, whose leaves are mostly unique too: HashLife runs it
 * to 30 000 generations in 0.33 s on pocl's 2-core machine, the tiles in
 * 2.7 s). */
#define AUTO_DENSE 8
int golcl_universe_is_soup(golcl_universe *u, uint64_t min_cells) {
  uint64_t pop = 0, positions = 0, distinct = 0, w = 0, h = 0;
  int64_t x, y;
  if (!u) return 0;
  if (min_cells < AUTO_SPARSE_MAX_CELLS) min_cells = AUTO_SPARSE_MAX_CELLS;
  return golcl__hl_population(&u->hl, &pop) == GOLCL_OK && pop > min_cells &&
         golcl_universe_bounding_box(u, &x, &y, &w, &h) == GOLCL_OK &&
         (double)pop * AUTO_DENSE >= (double)w * (double)h &&
         golcl__hl_leaf_counts(&u->hl, &positions, &distinct) == GOLCL_OK &&
         distinct * 2 > positions;
}

static golcl_universe_algo large_engine(golcl_universe *u) {
  return golcl_universe_is_soup(u, 0) ? tile_engine(u) : GOLCL_UNIVERSE_AUTO;
}

static golcl_status run_large(golcl_universe *u, golcl_universe_algo tiles, uint64_t gens) {
  uint64_t done = 0, n = AUTO_LARGE_STRETCH;
  int chaos = 1;
  golcl_status st = GOLCL_OK;
  if (probe_first(u, tiles)) { /* HashLife probes first: a multi-state soup that
                                  settles (a WireWorld soup's electrons circle in a
                                  few hundred generations) is HashLife's, 10x the
                                  host tiles */
    u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
    st = probe(u, AUTO_ABORT, AUTO_SETTLED, UINT64_MAX, &chaos, &done);
  }
  while (st == GOLCL_OK && chaos && done < gens) {
    uint64_t m = gens - done < n ? gens - done : n;
    u->last_algo = tiles;
    st = run_tiles(u, tiles, m, 1);
    done += m;
    n *= 2;
    if (st == GOLCL_OK && gens - done >= 2 * PROBE)
      st = probe(u, AUTO_ABORT, AUTO_SETTLED, UINT64_MAX, &chaos, &done);
  }
  if (st == GOLCL_OK && done < gens) {
    if (u->ms) u->last_algo = GOLCL_UNIVERSE_HASHLIFE;
    st = run_hashlife(u, gens - done);
  }
  return st;
}

static golcl_status run(golcl_universe *u, uint64_t generations) {
  if (u->opts.algo == GOLCL_UNIVERSE_AUTO) return run_auto(u, generations);
  const golcl__uengine *e = golcl__universe_engine(u, u->opts.algo);
  if (!e) /* device HashLife runs two-state cells only */
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "golcl_universe_run: multi-state cells run on HashLife and the tiles "
                       "(auto, hashlife, host-tiles or sparse), not on %s",
                       golcl_universe_algo_name(u->opts.algo));
  u->last_algo = u->opts.algo;
  golcl__universe_engines_free(u, u->opts.algo); /* the tree moves on without the others */
  if (e->chunks) return run_tiles(u, u->opts.algo, generations, 1); /* in chunks with a callback */
  return golcl__universe_engine_run(u, e, generations, 1);
}

golcl_status golcl_universe_run(golcl_universe *u, uint64_t generations) {
  return golcl_universe_run_progress(u, generations, NULL, NULL);
}

golcl_status golcl_universe_run_progress(golcl_universe *u, uint64_t generations,
                                         golcl_universe_progress_fn fn, void *user) {
  if (!u) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_run: NULL");
  u->progress = fn;
  u->progress_user = user;
  u->progress_start = u->generation;
  u->progress_total = generations;
  u->progress_last = 0; /* the first boundary calls back */
  u->progress_kcap = GOLCL__PROGRESS_K0;
  golcl_status st = run(u, generations);
  u->progress = NULL;
  return st;
}

/* -------------------------------------------------------------- queries */

golcl_status golcl_universe_population(golcl_universe *u, uint64_t *out) {
  if (!u || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_population: NULL");
  return golcl__hl_population(&u->hl, out);
}

golcl_status golcl_universe_bounding_box(golcl_universe *u, int64_t *x, int64_t *y, uint64_t *w,
                                         uint64_t *h) {
  if (!u || !x || !y || !w || !h)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_bounding_box: NULL");
  return golcl__hl_bbox(&u->hl, x, y, w, h);
}

golcl_status golcl_universe_hash(golcl_universe *u, uint64_t *out) {
  if (!u || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_hash: NULL");
  return golcl__hl_hash(&u->hl, out);
}

golcl_status golcl_universe_get_stats(const golcl_universe *u, golcl_universe_stats *out) {
  if (!u || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_get_stats: NULL");
  memset(out, 0, sizeof *out);
  out->algo = u->last_algo;
  out->nodes = u->hl.n - 1;
  out->node_bytes = golcl__hl_bytes(&u->hl);
  out->max_node_bytes = golcl__hl_max_bytes(&u->hl);
  out->collections = u->hl.collections;
  out->results_computed = u->hl.results_computed;
  golcl__universe_engines_stats(u, out);
  return GOLCL_OK;
}

const char *golcl_universe_algo_name(golcl_universe_algo algo) {
  switch (algo) {
    case GOLCL_UNIVERSE_AUTO:
      return "auto";
    case GOLCL_UNIVERSE_HASHLIFE:
      return "hashlife";
    case GOLCL_UNIVERSE_SPARSE:
      return "sparse";
    case GOLCL_UNIVERSE_HASHLIFE_DEVICE:
      return "hashlife-gpu";
    case GOLCL_UNIVERSE_HOST_TILES:
      return "host-tiles";
  }
  return NULL;
}

golcl_status golcl_universe_algo_from_name(const char *name, golcl_universe_algo *out) {
  if (!name || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_universe_algo_from_name: NULL");
  for (int a = 0; a <= GOLCL_UNIVERSE_HOST_TILES; a++)
    if (strcmp(name, golcl_universe_algo_name((golcl_universe_algo)a)) == 0) {
      *out = (golcl_universe_algo)a;
      return GOLCL_OK;
    }
  return golcl__fail(
      NULL, GOLCL_E_INVALID_ARG,
      "unknown universe algorithm \"%s\" (auto, hashlife, sparse, hashlife-gpu, host-tiles)", name);
}
