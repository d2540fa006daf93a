/* mscheck.h — the multi-state universe suites' helpers: rules by name
 * (every family the universe takes), random soups of states, and the
 * comparison of a universe's run with golcl_ms_reference_run. */
#ifndef MSCHECK_H
#define MSCHECK_H

#include <golcl_universe.h>

/* Parses text (asserting success); loads a @TABLE rule from text. */
void tu_msrule_of(const char *text, golcl_msrule *r);
void tu_msrule_load(const char *name, const char *text, golcl_msrule *r);

/* Every family the universe takes: Generations (Moore, V, H); WireWorld,
 * Langtons-Loops and Codd on von Neumann, "HEX" (a hexagonal @TABLE,
 * tu_msrule_by_name loads it), BriansBrain and BBM-Margolus-emulated as
 * @TREE, LifeHistory; JvN29, Nobili32, Hutton32. */
#define TU_MS_RULES 13
extern const char *const tu_ms_rules[TU_MS_RULES];
void tu_msrule_by_name(const char *name, golcl_msrule *r);

/* n states 0..states-1 (malloc'd), nonzero with probability density. */
uint8_t *tu_random_states(size_t n, unsigned states, double density, uint64_t seed);

/* Runs w×h states at (x0, y0) in a universe (algo, max_memory), in runs
 * of the counts in parts (0-terminated; with a progress callback that never
 * cancels where watched), and in the reference on a dead-boundary grid
 * with a margin of `margin` cells (0: beyond the light cone, gens + 1);
 * asserts every cell of the grid and the census agree, and the store within
 * its bound. Returns the universe's statistics. */
golcl_universe_stats tu_ms_vs_reference(const golcl_msrule *r, golcl_universe_algo algo,
                                        uint64_t max_memory, const uint8_t *cells, uint32_t w,
                                        uint32_t h, int64_t x0, int64_t y0, const uint64_t *parts,
                                        uint32_t margin, int watched);

/* The same on context ctx (the device's engines; NULL: none). */
golcl_universe_stats tu_ms_vs_reference_on(golcl_context *ctx, const golcl_msrule *r,
                                           golcl_universe_algo algo, uint64_t max_memory,
                                           const uint8_t *cells, uint32_t w, uint32_t h, int64_t x0,
                                           int64_t y0, const uint64_t *parts, uint32_t margin,
                                           int watched);

/* Runs universes a and b (the same cells) by each count of runs (n of
 * them) in turn and asserts that they hold the same cells (hash, census)
 * after each; `what` names them in a failure. */
void tu_ms_same_runs(golcl_universe *a, golcl_universe *b, const uint64_t *runs, size_t n,
                     const char *what);

/* Runs Golly's file `path` in a universe (algo) in runs of the counts in
 * parts (0-terminated) and with bgolly (algo_bg; RuleLoader with Golly's
 * rules) to the same generation, and asserts the cells agree through the
 * RLE each writes (parsed by the test's own reader, up to translation).
 * Returns the universe's statistics. */
golcl_universe_stats tu_ms_vs_bgolly(const char *path, const char *algo_bg,
                                     golcl_universe_algo algo, const uint64_t *parts);
/* The same with the universe's options (algo, max_memory). */
golcl_universe_stats tu_ms_vs_bgolly_opts(const char *path, const char *algo_bg,
                                          const golcl_universe_opts *opts, const uint64_t *parts);

#endif
