/* lifecheck.h — checks a Life stepper against an independent host model of
 * the semantics (written here, apart from the library's own reference). */
#ifndef LIFECHECK_H
#define LIFECHECK_H

#include "testutil.h"

/* One generation of the model: dead or torus boundary, rule as bits. */
void lc_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h, golcl_boundary b,
             golcl_rule rule);

/* The Life-like rule that advances generation gen as Golly runs B0 rules
 * (see golcl_rule_table_at): the rule itself without B0. */
golcl_rule lc_rule_at(golcl_rule rule, uint64_t gen);

/* Advances cells by gens generations in place, from generation gen0 (its
 * parity matters only to a B0 rule without S8); lc_run starts at 0. */
void lc_run_at(uint8_t *cells, uint32_t w, uint32_t h, golcl_boundary b, golcl_rule rule,
               uint64_t gen0, uint64_t gens);
void lc_run(uint8_t *cells, uint32_t w, uint32_t h, golcl_boundary b, golcl_rule rule,
            uint64_t gens);

/* Reads the grid and asserts it equals `want` cell for cell, naming the
 * first differing cell and the case. */
void lc_assert_grid(golcl_grid *g, const uint8_t *want, const char *what);

/* The matrix of the foundation issue: random grids of 1×1, 2×2, 3×5, 37×29,
 * 64×64, 257×129 and 1000×7, both boundaries, rules B3/S23, B36/S23, B2/S and
 * B0/S8, compared after 1, 2, 17 and 100 generations. */
void lc_check_matrix(golcl_stepper_kind kind, const golcl_stepper_opts *opts);
/* Half of that matrix: part 0 the (size, boundary, rule) cases where size
 * index + boundary + rule index is even (every size on both boundaries and
 * all four rules, every rule on both boundaries), part 1 the others; -1
 * the whole matrix. */
void lc_check_matrix_part(golcl_stepper_kind kind, const golcl_stepper_opts *opts, int part);

/* The same on one size, boundary and rule. */
void lc_check_case(golcl_stepper *st, uint32_t w, uint32_t h, golcl_boundary b, const char *rule,
                   uint64_t seed);

#endif
