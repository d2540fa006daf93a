/* test_lattice_game.c — the spatial game: the first generations of a single
 * defector worked out by hand, every kernel (table, dict, tiled, fused, bits)
 * against the C reference on awkward lattices (both boundaries, each
 * neighbourhood, b in {1.2, 1.85, 1.9999}, self-interaction on and off,
 * general payoffs), the exact symmetries of a single-defector start for 100
 * generations (8-fold in 2-D, 48-fold on a 3-D cube), and bad arguments.
 * Cases tagged "long" (make test-long) complete two sweeps whose first half
 * make test runs: the other self-interaction of every lattice, and the
 * large lattices to generation 100 (make test: 17). */
#include "testutil.h"

#include <golcl_lattice.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define NOT_NULL ((void *)1)

typedef struct lcase {
  unsigned dims;
  uint32_t nx, ny, nz;
} lcase;

static const lcase SIZES[] = {{3, 1, 1, 1},   {3, 2, 3, 5}, {3, 17, 13, 11},
                              {2, 64, 64, 1}, {2, 1, 1, 1}, {2, 37, 29, 1}};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
static const double BS[] = {1.2, 1.85, 1.9999};

static golcl_graph *lattice(unsigned dims, uint32_t nx, uint32_t ny, uint32_t nz, int b, int nb) {
  golcl_lattice l = {dims, nx, ny, nz, (golcl_boundary)b, (golcl_neighbourhood)nb};
  golcl_graph *g;
  TU_OK(golcl_graph_create_lattice(tu_ctx, &l, &g));
  return g;
}

static golcl_game *game_on(golcl_graph *g, const golcl_payoffs *p, int self) {
  golcl_game *gm;
  TU_OK(golcl_game_create(g, &gm));
  TU_OK(golcl_game_set_payoffs(gm, p));
  TU_OK(golcl_game_set_self(gm, self));
  return gm;
}

/* ----------------------------------------------------------- by hand */

START_TEST(single_defector_by_hand) {
  /* 2-D Moore, self-interaction, b = 1.9, 9×9 torus. Generation 1: the
   * defector scores 8b = 15.2 against the 9 or 8 of cooperators, so its 3×3
   * block defects. Generation 2: a cooperator next to the block sees a
   * defector scoring at least 5b = 9.5 (a block corner: 5 cooperating
   * opponents) and itself at most 9 - 1 = 8, so the block grows to 5×5,
   * while the block's own agents keep defecting (an edge middle scores
   * 3b = 5.7 but sees a corner's 9.5... and its own block neighbours). */
  golcl_graph *g = lattice(2, 9, 9, 1, 1, 0);
  golcl_payoffs p = {1, 0, 1.9f, 0};
  for (int k = 0; k < 5; k++) {
    golcl_lattice_kernel kern = k == 0   ? GOLCL_LK_REFERENCE
                                : k == 1 ? GOLCL_LK_TABLE
                                : k == 2 ? GOLCL_LK_TILED
                                : k == 3 ? GOLCL_LK_FUSED
                                         : GOLCL_LK_BITS;
    golcl_game *gm = game_on(g, &p, 1);
    uint8_t s[81] = {0}, prev[81];
    s[4 * 9 + 4] = 1;
    TU_OK(golcl_game_write(gm, s));
    TU_OK(golcl_game_run(gm, kern, 1));
    TU_OK(golcl_game_read(gm, s, prev));
    for (int y = 0; y < 9; y++)
      for (int x = 0; x < 9; x++) {
        ck_assert_int_eq(s[y * 9 + x], abs(x - 4) <= 1 && abs(y - 4) <= 1);
        ck_assert_int_eq(prev[y * 9 + x], x == 4 && y == 4);
      }
    uint64_t coop;
    TU_OK(golcl_game_cooperators(gm, &coop));
    ck_assert_uint_eq(coop, 81 - 9);
    TU_OK(golcl_game_run(gm, kern, 1));
    TU_OK(golcl_game_read(gm, s, NULL));
    for (int y = 0; y < 9; y++)
      for (int x = 0; x < 9; x++)
        ck_assert_msg(s[y * 9 + x] == (abs(x - 4) <= 2 && abs(y - 4) <= 2),
                      "%s: generation 2 cell (%d,%d)", golcl_lattice_kernel_name(kern), x, y);
    ck_assert_uint_eq(golcl_game_generation(gm), 2);
    golcl_game_destroy(gm);
  }
  golcl_graph_destroy(g);
}
END_TEST

/* ------------------------------------------------- kernels vs reference */

static const golcl_lattice_kernel KERNELS[] = {GOLCL_LK_TABLE, GOLCL_LK_DICT, GOLCL_LK_TILED,
                                               GOLCL_LK_FUSED, GOLCL_LK_BITS};
#define NK 5

/* Whether the bits kernel must serve a game: Moore and von Neumann lattices, scores that
 * depend on the cooperating opponents alone (a torus, or S = P = 0) and do
 * not fall as they rise (R >= S, T >= P: enough for the payoffs below). */
static int bits_serves(golcl_graph *g, const golcl_payoffs *p) {
  golcl_lattice l;
  if (!golcl_graph_get_lattice(g, &l) || l.nbhd == GOLCL_NEIGHBOURHOOD_HEXAGONAL) return 0;
  if (l.boundary != GOLCL_BOUNDARY_TORUS && !(p->S == 0 && p->P == 0)) return 0;
  return p->R >= p->S && p->T >= p->P;
}

/* Every kernel against the reference at generations 1, 2, 17 and 100 (the
 * first ncps of them). */
static void check_kernels_to(golcl_graph *g, const golcl_payoffs *p, int self, double defectors,
                             uint64_t seed, const char *what, int ncps) {
  static const uint64_t at[] = {1, 2, 17, 100};
  size_t n = golcl_graph_cells(g);
  int lat = golcl_graph_get_lattice(g, NULL);
  golcl_game *ref = game_on(g, p, self), *k[NK];
  TU_OK(golcl_game_randomize(ref, defectors, seed));
  uint8_t *a = malloc(n), *ap = malloc(n), *b = malloc(n), *bp = malloc(n);
  TU_OK(golcl_game_read(ref, a, NULL));
  for (int j = 0; j < NK; j++) {
    k[j] = game_on(g, p, self);
    TU_OK(golcl_game_write(k[j], a));
  }
  uint64_t done = 0;
  int bits = bits_serves(g, p);
  for (int c = 0; c < ncps; c++) {
    TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, at[c] - done));
    TU_OK(golcl_game_read(ref, a, ap));
    for (int j = 0; j < NK; j++) {
      if (!lat && (KERNELS[j] == GOLCL_LK_TILED || KERNELS[j] == GOLCL_LK_FUSED)) continue;
      if (KERNELS[j] == GOLCL_LK_BITS && !bits) {
        ck_assert_int_eq(golcl_game_run(k[j], GOLCL_LK_BITS, 1), GOLCL_E_UNSUPPORTED);
        continue;
      }
      TU_OK(golcl_game_run(k[j], KERNELS[j], at[c] - done));
      TU_OK(golcl_game_read(k[j], b, bp));
      for (size_t i = 0; i < n; i++) {
        ck_assert_msg(a[i] == b[i], "%s, %s, generation %llu: agent %zu is %d, reference %d", what,
                      golcl_lattice_kernel_name(KERNELS[j]), (unsigned long long)at[c], i, b[i],
                      a[i]);
        ck_assert_msg(ap[i] == bp[i], "%s, %s, generation %llu: previous of agent %zu differs",
                      what, golcl_lattice_kernel_name(KERNELS[j]), (unsigned long long)at[c], i);
      }
    }
    done = at[c];
  }
  uint64_t coop, want = 0;
  for (size_t i = 0; i < n; i++) want += a[i] == GOLCL_COOPERATE;
  TU_OK(golcl_game_cooperators(ref, &coop));
  ck_assert_uint_eq(coop, want);
  for (int j = 0; j < NK; j++) golcl_game_destroy(k[j]);
  golcl_game_destroy(ref);
  free(a);
  free(ap);
  free(b);
  free(bp);
}

static void check_kernels(golcl_graph *g, const golcl_payoffs *p, int self, double defectors,
                          uint64_t seed, const char *what) {
  check_kernels_to(g, p, self, defectors, seed, what, 4);
}

/* Each lattice of SIZES, both boundaries, each neighbourhood, each b of BS,
 * with self-interaction on and off: the half (part 0, make test) where
 * boundary + neighbourhood + self is even, so that each lattice meets both
 * boundaries, every neighbourhood, every b and both self settings (a kernel
 * is built for each boundary, neighbourhood and self: halving them halves
 * the builds), and the other half (part 1, tagged long). */
static void kernels_on_lattice(const lcase *c, int part) {
  for (int b = 0; b < 2; b++)
    for (int nb = 0; nb < (c->dims == 2 ? 3 : 2); nb++) {
      golcl_graph *g = lattice(c->dims, c->nx, c->ny, c->nz, b, nb);
      for (size_t bi = 0; bi < 3; bi++)
        for (int self = 0; self < 2; self++) {
          if (((b + nb + self) & 1) != part) continue;
          golcl_payoffs p = {1, 0, (float)BS[bi], 0};
          char what[128];
          snprintf(what, sizeof what, "%u-D %ux%ux%u boundary %d nbhd %d b %g self %d", c->dims,
                   c->nx, c->ny, c->nz, b, nb, BS[bi], self);
          check_kernels(g, &p, self, bi == 0 ? 0.1 : 0.5, 1000 + bi * 10 + (uint64_t)self, what);
        }
      golcl_graph_destroy(g);
    }
}

START_TEST(kernels_match_the_reference_on_lattices) { kernels_on_lattice(&SIZES[_i], 0); }
END_TEST

START_TEST(kernels_match_the_reference_on_lattices_long) { kernels_on_lattice(&SIZES[_i], 1); }
END_TEST

START_TEST(kernels_match_the_reference_with_general_payoffs) {
  /* payoffs whose products and sums round: the score must be computed in
   * the one documented way everywhere */
  golcl_payoffs p = {3.1f, -0.7f, 4.3f, 0.1f}, q = {1, 0.3f, 1.6f, 0.05f};
  golcl_graph *g3 = lattice(3, 9, 7, 6, 1, 0), *g2 = lattice(2, 41, 23, 1, 0, 2);
  check_kernels(g3, &p, 1, 0.3, 7, "3-D 9x7x6 torus, general payoffs");
  check_kernels(g3, &q, 0, 0.6, 8, "3-D 9x7x6 torus, general payoffs 2");
  check_kernels(g2, &p, 0, 0.3, 9, "2-D 41x23 dead hex, general payoffs");
  golcl_graph_destroy(g3);
  golcl_graph_destroy(g2);
}
END_TEST

START_TEST(table_kernels_match_the_reference_on_meshes_and_random_graphs) {
  golcl_mesh *m;
  TU_OK(golcl_mesh_cube_sphere(5, &m));
  golcl_graph *g;
  TU_OK(golcl_graph_create_mesh(tu_ctx, m, GOLCL_MESH_VERTEX, &g));
  golcl_payoffs p = {1, 0, 1.7f, 0};
  check_kernels(g, &p, 1, 0.2, 3, "cube-sphere 5, vertex neighbours");
  golcl_graph_destroy(g);
  golcl_mesh_destroy(m);
  const size_t n = 500;
  const unsigned D = 5;
  int32_t *t = malloc(n * D * sizeof *t);
  uint64_t s = 99;
  for (size_t k = 0; k < n * D; k++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    uint32_t r = (uint32_t)(s >> 33);
    t[k] = r % 7 == 0 ? -1 : (int32_t)(r % n);
  }
  TU_OK(golcl_graph_create(tu_ctx, n, D, t, &g));
  check_kernels(g, &p, 0, 0.4, 4, "random graph");
  golcl_game *gm;
  TU_OK(golcl_game_create(g, &gm));
  ck_assert_int_eq(golcl_game_run(gm, GOLCL_LK_TILED, 1), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_game_run(gm, GOLCL_LK_FUSED, 1), GOLCL_E_UNSUPPORTED);
  golcl_game_destroy(gm);
  golcl_graph_destroy(g);
  free(t);
}
END_TEST

/* The bits kernel decides through integer tables made from b: b matters only
 * through which ratios k/k' it exceeds. b at such ratios (ties between a
 * cooperator's k and a defector's b·k': 1, 1.25, 1.5, 4/3 rounded, 2, 9/4,
 * and 1.9 where 10·1.9f is 19 in 3-D), just beside them (the next float up
 * and down), and between them; 2-D 37×29 and 3-D 13×11×7 (words with a
 * partial last word), both boundaries, self-interaction on and off, Moore
 * and von Neumann, against
 * the reference after every one of 60 generations, previous strategies
 * included. */
static void check_bits_for_b(float b, unsigned which) {
  static const lcase cases[] = {{2, 37, 29, 1}, {3, 13, 11, 7}};
  const lcase *c = &cases[which & 1];
  int boundary = (which >> 1) & 1, self = (which >> 2) & 1, nb = (which >> 3) & 1;
  golcl_graph *g = lattice(c->dims, c->nx, c->ny, c->nz, boundary, nb);
  golcl_payoffs p = {1, 0, b, 0};
  golcl_game *ref = game_on(g, &p, self), *k = game_on(g, &p, self);
  size_t n = golcl_graph_cells(g);
  TU_OK(golcl_game_randomize(ref, 0.35, 77 + which));
  uint8_t *a = malloc(n), *ap = malloc(n), *x = malloc(n), *xp = malloc(n);
  TU_OK(golcl_game_read(ref, a, NULL));
  TU_OK(golcl_game_write(k, a));
  for (int gen = 1; gen <= 60; gen++) {
    TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, 1));
    TU_OK(golcl_game_run(k, GOLCL_LK_BITS, 1));
    TU_OK(golcl_game_read(ref, a, ap));
    TU_OK(golcl_game_read(k, x, xp));
    for (size_t i = 0; i < n; i++)
      ck_assert_msg(a[i] == x[i] && ap[i] == xp[i],
                    "bits, b %.9g, %u-D %ux%ux%u boundary %d self %d nbhd %d, generation %d: "
                    "agent %zu is %d (before %d), reference %d (%d)",
                    (double)b, c->dims, c->nx, c->ny, c->nz, boundary, self, nb, gen, i, x[i], xp[i],
                    a[i], ap[i]);
  }
  golcl_game_destroy(k);
  golcl_game_destroy(ref);
  golcl_graph_destroy(g);
  free(a);
  free(ap);
  free(x);
  free(xp);
}

START_TEST(bits_matches_the_reference_on_both_sides_of_every_tie) {
  static const float ties[] = {1.0f, 1.25f, 1.5f, 4.0f / 3.0f, 2.0f, 2.25f, 1.9f};
  unsigned which = 0;
  for (size_t t = 0; t < sizeof ties / sizeof ties[0]; t++) {
    check_bits_for_b(ties[t], which++);
    check_bits_for_b(nextafterf(ties[t], 0.0f), which++);
    check_bits_for_b(nextafterf(ties[t], 10.0f), which++);
  }
  check_bits_for_b(1.7f, which++);
  check_bits_for_b(0.0f, which++);
  check_bits_for_b(7.0f, which++);
  check_bits_for_b(2.5f, which++);
  check_bits_for_b(3.0f, which++);
  check_bits_for_b(1.125f, which++);
}
END_TEST

START_TEST(bits_matches_the_reference_with_flat_scores) {
  /* scores that stay level as k rises: R = 0 (every cooperator scores 0: a
   * defector with k = 0 ties all of them), T = 0 (every defector scores 0),
   * all zero (everything ties): the kernel's tables for a tie that lasts
   * over several k */
  static const golcl_payoffs ps[] = {{0, 0, 1.5f, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}, {0.5f, 0, 1, 0}};
  for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
    for (int c = 0; c < 2; c++) {
      golcl_graph *g = c ? lattice(3, 13, 11, 7, (int)i & 1, 0) : lattice(2, 37, 29, 1, 1, (int)i & 1);
      char what[96];
      snprintf(what, sizeof what, "payoffs %zu, %s", i, c ? "3-D 13x11x7" : "2-D 37x29");
      check_kernels(g, &ps[i], (int)(i >> 1) & 1, 0.4, 31 + i, what);
      golcl_graph_destroy(g);
    }
}
END_TEST

/* Lattices that span several work-groups and chunks of the bits kernel (and
 * rows whose last word holds one agent): 3-D rows in groups of 14 and planes
 * in chunks of 24, 2-D words in groups of 32 and rows in chunks of 8; to
 * generation 17 (ncps 3: make test) or 100 (4: tagged long). */
static void bits_across_work_groups(int ncps) {
  golcl_payoffs p = {1, 0, 1.9f, 0};
  for (int b = 0; b < 2; b++) {
    golcl_graph *g3 = lattice(3, 45, 33, 70, b, b), *g2 = lattice(2, 1100, 40, 1, b, 1 - b);
    check_kernels_to(g3, &p, b, 0.3, 21 + (uint64_t)b,
                     b ? "3-D 45x33x70 torus von Neumann" : "3-D 45x33x70 dead Moore", ncps);
    check_kernels_to(g2, &p, 1 - b, 0.3, 23 + (uint64_t)b,
                     b ? "2-D 1100x40 torus Moore" : "2-D 1100x40 dead von Neumann", ncps);
    golcl_graph_destroy(g3);
    golcl_graph_destroy(g2);
    /* a last word of one valid bit (33 = 32 + 1), each neighbourhood */
    for (int nb = 0; nb < 2; nb++) {
      golcl_graph *a = lattice(2, 33, 9, 1, b, nb), *c = lattice(3, 33, 4, 5, b, nb);
      check_kernels(a, &p, nb, 0.4, 25 + (uint64_t)b, "2-D 33x9");
      check_kernels(c, &p, 1 - nb, 0.4, 27 + (uint64_t)b, "3-D 33x4x5");
      golcl_graph_destroy(a);
      golcl_graph_destroy(c);
    }
  }
}

START_TEST(bits_matches_the_reference_across_work_groups) { bits_across_work_groups(3); }
END_TEST

START_TEST(bits_matches_the_reference_across_work_groups_long) { bits_across_work_groups(4); }
END_TEST

START_TEST(bits_keeps_the_state_across_kernels_and_writes) {
  /* the bits kernel keeps its packed state between runs and unpacks it
   * when the bytes are needed: runs of it mixed with other kernels, reads,
   * counts, writes through the buffer of golcl_game_buffer, randomize */
  golcl_graph *g = lattice(3, 21, 9, 10, 1, 0);
  golcl_payoffs p = {1, 0, 1.65f, 0};
  golcl_game *ref = game_on(g, &p, 1), *k = game_on(g, &p, 1);
  size_t n = golcl_graph_cells(g);
  uint8_t *a = malloc(n), *ap = malloc(n), *x = malloc(n), *xp = malloc(n);
  TU_OK(golcl_game_randomize(ref, 0.3, 5));
  TU_OK(golcl_game_randomize(k, 0.3, 5));
  static const golcl_lattice_kernel seq[] = {GOLCL_LK_BITS,  GOLCL_LK_BITS,  GOLCL_LK_FUSED,
                                             GOLCL_LK_BITS,  GOLCL_LK_TABLE, GOLCL_LK_AUTO,
                                             GOLCL_LK_BITS,  GOLCL_LK_TILED, GOLCL_LK_BITS};
  for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
    TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, 3));
    TU_OK(golcl_game_run(k, seq[i], 3));
    if (i % 3 == 1) continue; /* two runs in a row without a read */
    uint64_t c;
    TU_OK(golcl_game_cooperators(k, &c));
    TU_OK(golcl_game_read(ref, a, ap));
    TU_OK(golcl_game_read(k, x, xp));
    ck_assert_mem_eq(a, x, n);
    ck_assert_mem_eq(ap, xp, n);
    uint64_t want = 0;
    for (size_t j = 0; j < n; j++) want += a[j] == GOLCL_COOPERATE;
    ck_assert_uint_eq(c, want);
  }
  /* a write through the byte buffer after a bits run, then bits again */
  TU_OK(golcl_game_run(k, GOLCL_LK_BITS, 2));
  for (size_t j = 0; j < n; j++) a[j] = (uint8_t)((j * 7) % 5 == 0);
  cl_mem buf = golcl_game_buffer(k);
  ck_assert_ptr_nonnull(buf);
  ck_assert_int_eq(clEnqueueWriteBuffer(golcl_context_cl_queue(tu_ctx), buf, CL_TRUE, 0, n, a, 0,
                                        NULL, NULL),
                   CL_SUCCESS);
  TU_OK(golcl_game_write(ref, a));
  TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, 4));
  TU_OK(golcl_game_run(k, GOLCL_LK_BITS, 4));
  TU_OK(golcl_game_read(ref, a, NULL));
  TU_OK(golcl_game_read(k, x, NULL));
  ck_assert_mem_eq(a, x, n);
  /* randomize and write after a bits run replace its state */
  TU_OK(golcl_game_run(k, GOLCL_LK_BITS, 2));
  TU_OK(golcl_game_randomize(k, 0.5, 9));
  TU_OK(golcl_game_randomize(ref, 0.5, 9));
  TU_OK(golcl_game_run(k, GOLCL_LK_BITS, 1));
  TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, 1));
  TU_OK(golcl_game_read(ref, a, ap));
  TU_OK(golcl_game_read(k, x, xp));
  ck_assert_mem_eq(a, x, n);
  ck_assert_mem_eq(ap, xp, n);
  golcl_game_destroy(k);
  golcl_game_destroy(ref);
  golcl_graph_destroy(g);
  free(a);
  free(ap);
  free(x);
  free(xp);
}
END_TEST

START_TEST(bits_serves_only_what_it_can) {
  /* served: Moore and von Neumann lattices, Nowak–May on both boundaries,
   * R >= S and T >= P payoffs on a torus; refused (GOLCL_E_UNSUPPORTED, the
   * state unchanged): hexagons, S or P not 0 on a dead boundary, falling
   * scores */
  golcl_graph *hex = lattice(2, 8, 8, 1, 1, 2), *dead = lattice(3, 5, 4, 3, 0, 0),
              *torus = lattice(2, 9, 7, 1, 1, 0);
  ck_assert(golcl_graph_kernel_available(torus, GOLCL_LK_BITS));
  ck_assert(!golcl_graph_kernel_available(hex, GOLCL_LK_BITS));
  golcl_payoffs nm = {1, 0, 1.6f, 0}, sp = {1, 0.2f, 1.6f, 0.1f}, fall = {1, 2, 1.6f, 0};
  struct {
    golcl_graph *g;
    const golcl_payoffs *p;
    int ok;
  } cases[] = {{hex, &nm, 0},   {dead, &nm, 1},   {dead, &sp, 0},
               {torus, &sp, 1}, {torus, &fall, 0}, {dead, &fall, 0}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    golcl_game *gm = game_on(cases[c].g, cases[c].p, 1);
    TU_OK(golcl_game_randomize(gm, 0.4, 3));
    size_t n = golcl_graph_cells(cases[c].g);
    uint8_t before[256], after[256];
    TU_OK(golcl_game_read(gm, before, NULL));
    golcl_status s = golcl_game_run(gm, GOLCL_LK_BITS, 2);
    ck_assert_msg(s == (cases[c].ok ? GOLCL_OK : GOLCL_E_UNSUPPORTED), "case %zu: %s", c,
                  golcl_strerror(s));
    if (!cases[c].ok) {
      TU_OK(golcl_game_read(gm, after, NULL));
      ck_assert_mem_eq(before, after, n);
      ck_assert_uint_eq(golcl_game_generation(gm), 0);
      /* AUTO takes another kernel and gives the reference's cells */
      golcl_game *ref = game_on(cases[c].g, cases[c].p, 1);
      TU_OK(golcl_game_write(ref, before));
      TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, 3));
      TU_OK(golcl_game_run(gm, GOLCL_LK_AUTO, 3));
      TU_OK(golcl_game_read(ref, before, NULL));
      TU_OK(golcl_game_read(gm, after, NULL));
      ck_assert_mem_eq(before, after, n);
      golcl_game_destroy(ref);
    }
    golcl_game_destroy(gm);
  }
  golcl_graph_destroy(hex);
  golcl_graph_destroy(dead);
  golcl_graph_destroy(torus);
}
END_TEST

/* ------------------------------------------------------------ symmetry */

/* 1 if s (an n×n or n×n×n lattice) is invariant under every permutation and
 * reflection of the axes about the centre (8 maps in 2-D, 48 in 3-D). */
static int symmetric(const uint8_t *s, uint32_t n, unsigned dims, char *why, size_t cap) {
  static const int perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  static const int perm2[2][3] = {{0, 1, 2}, {1, 0, 2}};
  const int(*perm)[3] = dims == 3 ? perm3 : perm2;
  uint32_t nz = dims == 3 ? n : 1;
  for (int pi = 0; pi < (dims == 3 ? 6 : 2); pi++)
    for (int refl = 0; refl < (dims == 3 ? 8 : 4); refl++)
      for (uint32_t z = 0; z < nz; z++)
        for (uint32_t y = 0; y < n; y++)
          for (uint32_t x = 0; x < n; x++) {
            uint32_t c[3] = {x, y, z}, d[3];
            for (int k = 0; k < 3; k++) {
              d[k] = c[perm[pi][k]];
              if (refl >> k & 1) d[k] = (k < (int)dims) ? n - 1 - d[k] : d[k];
            }
            size_t i = ((size_t)z * n + y) * n + x, j = ((size_t)d[2] * n + d[1]) * n + d[0];
            if (s[i] != s[j]) {
              snprintf(why, cap, "(%u,%u,%u) != its image (%u,%u,%u)", x, y, z, d[0], d[1], d[2]);
              return 0;
            }
          }
  return 1;
}

static void check_symmetry(unsigned dims, uint32_t n, int b, int nb, double bval,
                           golcl_lattice_kernel kern) {
  golcl_graph *g = lattice(dims, n, n, n, b, nb);
  size_t cells = golcl_graph_cells(g);
  golcl_game *gm;
  TU_OK(golcl_game_create(g, &gm));
  TU_OK(golcl_game_set_b(gm, bval));
  uint8_t *s = calloc(cells, 1);
  size_t c = n / 2;
  s[dims == 3 ? (c * n + c) * n + c : c * n + c] = 1;
  TU_OK(golcl_game_write(gm, s));
  int changed = 0;
  uint8_t *before = malloc(cells);
  for (int gen = 1; gen <= 100; gen++) {
    memcpy(before, s, cells);
    TU_OK(golcl_game_run(gm, kern, 1));
    TU_OK(golcl_game_read(gm, s, NULL));
    changed |= memcmp(before, s, cells) != 0 && gen > 10;
    char why[96];
    ck_assert_msg(symmetric(s, n, dims, why, sizeof why), "%u-D n %u b %g %s gen %d: %s", dims, n,
                  bval, golcl_lattice_kernel_name(kern), gen, why);
  }
  /* the pattern must still be moving after generation 10, or the test would
   * prove little */
  ck_assert_msg(changed, "%u-D n %u b %g: the pattern froze", dims, n, bval);
  free(s);
  free(before);
  golcl_game_destroy(gm);
  golcl_graph_destroy(g);
}

START_TEST(single_defector_keeps_its_symmetry_2d) {
  /* the kaleidoscope: 99×99, b = 1.9 (and 1.85) */
  check_symmetry(2, 99, 1, 0, 1.9, GOLCL_LK_FUSED);
  check_symmetry(2, 99, 0, 0, 1.85, GOLCL_LK_TILED);
  check_symmetry(2, 99, 1, 0, 1.9, GOLCL_LK_TABLE);
  check_symmetry(2, 99, 0, 0, 1.85, GOLCL_LK_BITS);
}
END_TEST

START_TEST(single_defector_keeps_its_symmetry_3d) {
  /* b where the 15³ pattern still moves at generation 100 */
  check_symmetry(3, 15, 1, 0, 1.55, GOLCL_LK_FUSED);
  check_symmetry(3, 15, 0, 0, 1.65, GOLCL_LK_TILED);
  check_symmetry(3, 15, 1, 0, 1.45, GOLCL_LK_TABLE);
  check_symmetry(3, 15, 1, 0, 1.55, GOLCL_LK_BITS);
}
END_TEST

/* ------------------------------------------------------------ arguments */

START_TEST(arguments_are_checked_and_change_nothing) {
  golcl_graph *g = lattice(2, 6, 5, 1, 1, 0);
  golcl_game *gm = NOT_NULL;
  ck_assert_int_eq(golcl_game_create(NULL, &gm), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(gm);
  ck_assert_int_eq(golcl_game_create(g, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_game_create(g, &gm));
  TU_OK(golcl_game_randomize(gm, 0.5, 1));
  uint8_t before[30], after[30];
  TU_OK(golcl_game_read(gm, before, NULL));
  ck_assert_int_eq(golcl_game_set_b(gm, NAN), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_set_b(gm, 1e300), GOLCL_E_INVALID_ARG);
  golcl_payoffs bad = {1, 0, INFINITY, 0};
  ck_assert_int_eq(golcl_game_set_payoffs(gm, &bad), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_set_payoffs(gm, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_set_payoffs(NULL, &bad), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_set_self(NULL, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_randomize(gm, 2.0, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_randomize(gm, NAN, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_run(gm, (golcl_lattice_kernel)-1, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_run(NULL, GOLCL_LK_TABLE, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_read(gm, NULL, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_write(gm, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_game_cooperators(gm, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_game_read(gm, after, NULL));
  ck_assert_mem_eq(before, after, sizeof before);
  ck_assert_uint_eq(golcl_game_generation(gm), 0);
  /* the default game is Nowak–May with b = 1.9: the same as set_b(1.9) */
  golcl_game *gb;
  TU_OK(golcl_game_create(g, &gb));
  TU_OK(golcl_game_set_b(gb, 1.9));
  TU_OK(golcl_game_write(gb, before));
  TU_OK(golcl_game_run(gm, GOLCL_LK_AUTO, 5));
  TU_OK(golcl_game_run(gb, GOLCL_LK_REFERENCE, 5));
  TU_OK(golcl_game_read(gm, before, NULL));
  TU_OK(golcl_game_read(gb, after, NULL));
  ck_assert_mem_eq(before, after, sizeof before);
  /* a run longer than the 1024 generations after which a run waits for its
   * own launches */
  TU_OK(golcl_game_run(gm, GOLCL_LK_AUTO, 2100));
  TU_OK(golcl_game_run(gb, GOLCL_LK_REFERENCE, 2100));
  TU_OK(golcl_game_read(gm, before, NULL));
  TU_OK(golcl_game_read(gb, after, NULL));
  ck_assert_mem_eq(before, after, sizeof before);
  ck_assert_uint_eq(golcl_game_generation(gm), 2105);
  golcl_game_destroy(gb);
  golcl_game_destroy(gm);
  golcl_game_destroy(NULL);
  golcl_graph_destroy(g);
}
END_TEST

int main(void) {
  Suite *s = suite_create("lattice_game");
  TCase *t = tcase_create("game");
  tcase_set_timeout(t, 0);
  tcase_add_test(t, single_defector_by_hand);
  tcase_add_loop_test(t, kernels_match_the_reference_on_lattices, 0, NSIZES);
  tcase_add_test(t, kernels_match_the_reference_with_general_payoffs);
  tcase_add_test(t, table_kernels_match_the_reference_on_meshes_and_random_graphs);
  tcase_add_test(t, single_defector_keeps_its_symmetry_2d);
  tcase_add_test(t, single_defector_keeps_its_symmetry_3d);
  tcase_add_test(t, arguments_are_checked_and_change_nothing);
  suite_add_tcase(s, t);
  /* the bits kernel's own cases (CK_RUN_CASE=bits runs only these) */
  TCase *bits = tcase_create("bits");
  tcase_set_timeout(bits, 0);
  tcase_add_test(bits, bits_matches_the_reference_on_both_sides_of_every_tie);
  tcase_add_test(bits, bits_matches_the_reference_with_flat_scores);
  tcase_add_test(bits, bits_matches_the_reference_across_work_groups);
  tcase_add_test(bits, bits_keeps_the_state_across_kernels_and_writes);
  tcase_add_test(bits, bits_serves_only_what_it_can);
  suite_add_tcase(s, bits);
  /* the other halves of two sweeps (make test-long: CK_INCLUDE_TAGS=long) */
  TCase *lng = tcase_create("long");
  tcase_set_tags(lng, "long");
  tcase_set_timeout(lng, 0);
  tcase_add_loop_test(lng, kernels_match_the_reference_on_lattices_long, 0, NSIZES);
  tcase_add_test(lng, bits_matches_the_reference_across_work_groups_long);
  suite_add_tcase(s, lng);
  return tu_main(s);
}
