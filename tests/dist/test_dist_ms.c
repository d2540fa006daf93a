/* test_dist_ms.c — the distributed multi-state grid under mpirun (1..4 ranks) against the host
 * reference (golcl_ms_reference_run) of one W×H grid: every family (Generations Moore, von
 * Neumann and hexagonal, Larger than Life of range 2 on the box, the diamond and the circle,
 * JvN29, a RuleLoader @TABLE and a @TREE), odd sizes (one smaller than the process grid, where
 * frames reach over several blocks), both boundaries, halos of 1 generation to the default, and
 * runs that stop inside an exchange interval; randomize, census, hash, place, scatter and gather
 * give what one grid gives; bad arguments fail alike on every rank. */
#include "mpitest.h"

#include <stdint.h>

/* WireWorld as a @TABLE (permute symmetry), and Golly's StarWars.rule as a @TREE. */
static const char ww_rule[] =
    "@RULE WW\n@TABLE\nn_states:4\nneighborhood:Moore\nsymmetries:permute\n"
    "var a={0,1,2,3}\nvar b={a}\nvar c={a}\nvar d={a}\nvar e={a}\nvar f={a}\nvar g={a}\n"
    "var h={a}\nvar i={0,2,3}\nvar j={i}\nvar k={i}\nvar l={i}\nvar m={i}\nvar n={i}\n"
    "var o={i}\n1,a,b,c,d,e,f,g,h,2\n2,a,b,c,d,e,f,g,h,3\n3,1,i,j,k,l,m,n,o,1\n"
    "3,1,1,i,j,k,l,m,n,1\n";
static const char sw_rule[] =
    "@RULE StarWarsTree\n@TREE\nnum_states=4\nnum_neighbors=8\nnum_nodes=36\n"
    "1 0 2 3 0\n2 0 0 0 0\n1 1 2 3 0\n2 0 2 0 0\n3 1 3 1 1\n1 0 1 3 0\n2 2 5 2 2\n3 3 6 3 3\n"
    "4 4 7 4 4\n2 5 5 5 5\n3 6 9 6 6\n4 7 10 7 7\n5 8 11 8 8\n3 9 9 9 9\n4 10 13 10 10\n"
    "5 11 14 11 11\n6 12 15 12 12\n2 5 0 5 5\n3 9 17 9 9\n4 13 18 13 13\n5 14 19 14 14\n"
    "6 15 20 15 15\n7 16 21 16 16\n3 17 1 17 17\n4 18 23 18 18\n5 19 24 19 19\n6 20 25 20 20\n"
    "7 21 26 21 21\n8 22 27 22 22\n3 1 1 1 1\n4 23 29 23 23\n5 24 30 24 24\n6 25 31 25 25\n"
    "7 26 32 26 26\n8 27 33 27 27\n9 28 34 28 28\n";

static const char *const rules[] = {"345/2/4",
                                    "1234/3/5V",
                                    "2/24/4H",
                                    "R2,C3,M1,S5..9,B6..8,NM",
                                    "R2,C0,M0,S2..4,B3..4,NN",
                                    "R2,C4,M1,S3..6,B4..5,NC",
                                    "JvN29",
                                    "WW",
                                    "StarWarsTree"};
#define NRULES (sizeof rules / sizeof *rules)

static int get_rule(const char *name, golcl_msrule *r) {
  golcl_status s;
  if (strcmp(name, "WW") == 0)
    s = golcl_msrule_load("WW", ww_rule, sizeof ww_rule - 1, r);
  else if (strcmp(name, "StarWarsTree") == 0)
    s = golcl_msrule_load("StarWarsTree", sw_rule, sizeof sw_rule - 1, r);
  else
    s = golcl_msrule_parse(name, r);
  MT_CHECK(s == GOLCL_OK, "rule %s: %s", name, golcl_last_errmsg());
  return s == GOLCL_OK;
}

/* The soup of golcl_msgrid_randomize on one W×H grid (rank 0; NULL elsewhere or on failure). */
static uint8_t *soup(uint32_t w, uint32_t h, unsigned states, double density, uint64_t seed) {
  if (mt_rank != 0) return NULL;
  golcl_msgrid *g = NULL;
  uint8_t *c = malloc((size_t)w * h);
  int ok = c &&
           golcl_msgrid_create(golcl_dist_context_local(mt_dctx), w, h, GOLCL_BOUNDARY_DEAD, &g) ==
               GOLCL_OK &&
           golcl_msgrid_randomize(g, states, density, seed) == GOLCL_OK &&
           golcl_msgrid_read(g, c, 0) == GOLCL_OK;
  MT_CHECK(ok, "soup %ux%u", (unsigned)w, (unsigned)h);
  golcl_msgrid_destroy(g);
  if (!ok) {
    free(c);
    return NULL;
  }
  return c;
}

/* Gathers the grid to rank 0 and compares it with want (rank 0), naming the case. */
static void expect_cells(golcl_dist_msgrid *g, const uint8_t *want, const char *what) {
  uint32_t w = golcl_dist_msgrid_width(g), h = golcl_dist_msgrid_height(g);
  uint8_t *got = mt_rank == 0 ? malloc((size_t)w * h) : NULL;
  MT_OK(golcl_dist_msgrid_gather(g, 0, UINT64_MAX, got, 0));
  if (mt_rank == 0 && got && want) {
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
      if (got[i] != want[i] && bad++ == 0) first = i;
    MT_CHECK(bad == 0, "%s, gen %llu: %zu cells differ, first (%zu, %zu) %u, reference %u", what,
             (unsigned long long)golcl_dist_msgrid_generation(g), bad, first % w, first / w,
             got[first], want[first]);
  }
  free(got);
}

/* Census and hash against one grid holding want (rank 0's result broadcast). */
static void expect_hash(golcl_dist_msgrid *g, const golcl_msrule *r, const uint8_t *want,
                        const char *what) {
  uint32_t w = golcl_dist_msgrid_width(g), h = golcl_dist_msgrid_height(g);
  uint64_t ref[257] = {0}, got[256], hash = 0;
  if (mt_rank == 0) {
    golcl_msgrid *one = NULL;
    int ok = golcl_msgrid_create(golcl_dist_context_local(mt_dctx), w, h, GOLCL_BOUNDARY_DEAD,
                                 &one) == GOLCL_OK &&
             golcl_msgrid_set_msrule(one, r) == GOLCL_OK &&
             golcl_msgrid_write(one, want, 0) == GOLCL_OK &&
             golcl_msgrid_census(one, ref) == GOLCL_OK &&
             golcl_msgrid_hash(one, &ref[256]) == GOLCL_OK;
    MT_CHECK(ok, "%s: one grid's census", what);
    golcl_msgrid_destroy(one);
  }
  MPI_Bcast(ref, 257, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  MT_OK(golcl_dist_msgrid_census(g, got));
  MT_OK(golcl_dist_msgrid_hash(g, &hash));
  MT_CHECK(memcmp(got, ref, sizeof got) == 0, "%s: census differs", what);
  MT_CHECK(hash == ref[256], "%s: hash %016llx, one grid %016llx", what, (unsigned long long)hash,
           (unsigned long long)ref[256]);
}

/* One case: a soup stepped in runs of 1, halo + 1 and 2·halo + 3 generations (so that runs
 * end inside an interval), each compared with the reference. */
static void run_case(const char *name, uint32_t w, uint32_t h, golcl_boundary b, uint32_t halo,
                     int hash) {
  golcl_msrule r;
  if (!get_rule(name, &r)) return;
  char what[160];
  snprintf(what, sizeof what, "%s %ux%u %s halo %u", name, (unsigned)w, (unsigned)h,
           b == GOLCL_BOUNDARY_TORUS ? "torus" : "dead", (unsigned)halo);
  golcl_dist_msgrid_opts o = {0};
  o.halo = halo;
  golcl_dist_msgrid *g = NULL;
  MT_OK(golcl_dist_msgrid_create(mt_dctx, w, h, b, &r, &o, &g));
  if (!g) return;
  uint64_t seed = 7 + w * 31 + h + (uint64_t)b;
  uint8_t *ref = soup(w, h, r.states, 0.45, seed);
  MT_OK(golcl_dist_msgrid_randomize(g, r.states, 0.45, seed));
  expect_cells(g, ref, what);
  golcl_dist_part part;
  MT_OK(golcl_dist_msgrid_part(g, &part));
  uint64_t k = part.halo, runs[3] = {1, k + 1, 2 * k + 3};
  for (int i = 0; i < 3; i++) {
    if (ref) MT_OK(golcl_ms_reference_run(&r, b, w, h, ref, runs[i]));
    MT_OK(golcl_dist_msgrid_step(g, runs[i]));
    expect_cells(g, ref, what);
  }
  if (hash) expect_hash(g, &r, ref, what);
  free(ref);
  golcl_dist_msgrid_destroy(g);
}

/* Every family, odd sizes, both boundaries, the default halo and one of 1 generation. */
static void test_families(void) {
  static const uint32_t sizes[][2] = {{37, 29}, {3, 5}};
  for (size_t i = 0; i < NRULES; i++)
    for (int b = 0; b < 2; b++)
      for (size_t z = 0; z < 2; z++)
        run_case(rules[i], sizes[z][0], sizes[z][1], (golcl_boundary)b, z ? 1 : 0, z == 0);
}

/* Halos deeper than the blocks, and taller grids (one row of ranks, frames of 3 ranges). */
static void test_halos(void) {
  run_case("R2,C3,M1,S5..9,B6..8,NM", 11, 41, GOLCL_BOUNDARY_TORUS, 3, 0);
  run_case("R2,C3,M1,S5..9,B6..8,NM", 11, 41, GOLCL_BOUNDARY_DEAD, 3, 0);
  run_case("345/2/4", 61, 17, GOLCL_BOUNDARY_TORUS, 5, 1);
  run_case("JvN29", 61, 17, GOLCL_BOUNDARY_DEAD, 7, 0);
}

/* A pattern placed across block boundaries (and clipped at the grid's edge), scatter and
 * gather round trips, against one grid. */
static void test_place_scatter(void) {
  golcl_msrule r;
  if (!get_rule("345/2/4", &r)) return;
  const char rle[] = "x = 5, y = 3, rule = 345/2/4\n.ABC.$A.C.B$BCA.A!\n";
  golcl_mspattern *p = NULL;
  MT_OK(golcl_mspattern_parse(rle, sizeof rle - 1, &p));
  uint32_t w = 23, h = 19;
  golcl_dist_msgrid *g = NULL;
  MT_OK(golcl_dist_msgrid_create(mt_dctx, w, h, GOLCL_BOUNDARY_TORUS, &r, NULL, &g));
  if (!g || !p) {
    golcl_mspattern_destroy(p);
    golcl_dist_msgrid_destroy(g);
    return;
  }
  uint8_t *want = calloc((size_t)w * h, 1);
  const int64_t at[][2] = {{9, 7}, {20, 17}, {-2, -1}};
  for (int i = 0; i < 3; i++) {
    MT_OK(golcl_dist_msgrid_place(g, p, at[i][0], at[i][1]));
    for (uint32_t y = 0; y < 3; y++)
      for (uint32_t x = 0; x < 5; x++) {
        int64_t gx = at[i][0] + x, gy = at[i][1] + y;
        if (gx >= 0 && gy >= 0 && gx < w && gy < h)
          want[gy * w + gx] = golcl_mspattern_cells(p)[y * 5 + x];
      }
  }
  expect_cells(g, want, "place");
  for (size_t i = 0; i < (size_t)w * h; i++) want[i] = (uint8_t)((i * 7 + i / w) % 4);
  MT_OK(golcl_dist_msgrid_scatter(g, mt_size - 1, mt_rank == mt_size - 1 ? want : NULL, 0));
  expect_cells(g, mt_rank == 0 ? want : NULL, "scatter");
  MT_OK(golcl_dist_msgrid_step(g, 9));
  if (mt_rank == 0) MT_OK(golcl_ms_reference_run(&r, GOLCL_BOUNDARY_TORUS, w, h, want, 9));
  expect_cells(g, want, "scatter, then 9 generations");
  MT_OK(golcl_dist_msgrid_clear(g));
  memset(want, 0, (size_t)w * h);
  expect_cells(g, want, "clear");
  free(want);
  golcl_mspattern_destroy(p);
  golcl_dist_msgrid_destroy(g);
}

/* Bad arguments: every rank gets the same status; a rule that differs on one rank too. */
static void test_bad_args(void) {
  golcl_msrule r, other;
  if (!get_rule("345/2/4", &r) || !get_rule("JvN29", &other)) return;
  golcl_dist_msgrid *g = (golcl_dist_msgrid *)&r;
  MT_STATUS(golcl_dist_msgrid_create(mt_dctx, 0, 5, GOLCL_BOUNDARY_DEAD, &r, NULL, &g),
            GOLCL_E_INVALID_ARG);
  MT_CHECK(g == NULL, "out not NULL after a failure");
  MT_STATUS(golcl_dist_msgrid_create(mt_dctx, 5, 5, (golcl_boundary)7, &r, NULL, &g),
            GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_create(mt_dctx, 5, 5, GOLCL_BOUNDARY_DEAD, NULL, NULL, &g),
            GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_create(mt_dctx, 5, 5, GOLCL_BOUNDARY_DEAD,
                                     mt_rank == mt_size - 1 && mt_size > 1 ? &other : &r, NULL, &g),
            mt_size > 1 ? GOLCL_E_INVALID_ARG : GOLCL_OK);
  golcl_dist_msgrid_destroy(g);
  g = NULL;
  MT_OK(golcl_dist_msgrid_create(mt_dctx, 9, 7, GOLCL_BOUNDARY_DEAD, &r, NULL, &g));
  MT_STATUS(golcl_dist_msgrid_randomize(g, 1, 0.5, 1), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_randomize(g, 4, 1.5, 1), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_step(g, mt_rank == 0 ? 3 : 4),
            mt_size > 1 ? GOLCL_E_INVALID_ARG : GOLCL_OK);
  MT_STATUS(golcl_dist_msgrid_census(g, NULL), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_hash(g, NULL), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_place(g, NULL, 0, 0), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_gather(g, mt_size, UINT64_MAX, NULL, 0), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_gather(g, 0, 62, NULL, 0), GOLCL_E_UNSUPPORTED);
  MT_STATUS(golcl_dist_msgrid_part(g, NULL), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_msgrid_step(NULL, 1), GOLCL_E_INVALID_ARG);
  MT_CHECK(golcl_dist_msgrid_width(NULL) == 0 && golcl_dist_msgrid_local(NULL) == NULL,
           "NULL accessors");
  golcl_dist_msgrid_destroy(g);
  golcl_dist_msgrid_destroy(NULL);
}

int main(int argc, char **argv) {
  if (mt_init(&argc, &argv, "test_dist_ms")) return 1;
  mt_run("families", test_families);
  mt_run("halos", test_halos);
  mt_run("place_scatter", test_place_scatter);
  mt_run("bad_args", test_bad_args);
  return mt_finish();
}
