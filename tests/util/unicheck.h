/* unicheck.h — the universe suites' comparisons with the CPU reference and
 * with bgolly. */
#ifndef UNICHECK_H
#define UNICHECK_H

#include <golcl_universe.h>

/* Runs w×h cells at (x0, y0) for gens generations of rule in a universe
 * made with (ctx, opts) and in a dead-boundary grid of tu_ctx stepped by
 * the reference stepper (a margin of gens + 2: beyond the light cone), and
 * asserts that every cell of the light cone and the population agree.
 * Returns the universe's statistics after the run. */
golcl_universe_stats tu_universe_vs_reference(golcl_context *ctx, const golcl_universe_opts *opts,
                                              const uint8_t *cells, uint32_t w, uint32_t h,
                                              int64_t x0, int64_t y0, const char *rule,
                                              uint64_t gens);

/* Asserts that a and b hold the same cells (hash and population) at the
 * same generation; what names them in the message. */
void tu_universes_same(golcl_universe *a, golcl_universe *b, const char *what);

/* Runs `bgolly -a HashLife` on path to generation gen (a macrocell result
 * in tmp, which keeps the position, removed after) and asserts that u's
 * cells, positions included, and population are bgolly's. */
void tu_universe_vs_bgolly(golcl_universe *u, const char *bgolly, const char *path, uint64_t gen,
                           const char *tmp);

/* AUTO's policy alone (on): the race beside it off, as on one processor
 * (GOLCL_THREADS=1), so that the algorithm a test expects is the one that
 * runs; off: the environment as it was. */
void tu_auto_alone(int on);

#endif
