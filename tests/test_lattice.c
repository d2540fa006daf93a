/* test_lattice.c — graphs and Life on graphs: the caller's table (checked,
 * invalid ones refused), lattice tables against their definition (every
 * neighbourhood, both boundaries, awkward extents), the table and dict
 * kernels against the C reference (on lattices, a random graph, and meshes:
 * torus, Klein bottle, cube-sphere, open grids in row and shuffled order,
 * edge and vertex neighbours), and the generated torus mesh with vertex
 * neighbours against the torus golcl_grid for 200 generations. */
#include "testutil.h"

#include <golcl_lattice.h>

#include <stdio.h>
#include <string.h>

#define NOT_NULL ((void *)1)

typedef struct lcase {
  unsigned dims;
  uint32_t nx, ny, nz;
} lcase;

static const lcase SIZES[] = {{3, 1, 1, 1}, {3, 2, 3, 5},   {3, 17, 13, 11}, {2, 64, 64, 1},
                              {2, 1, 1, 1}, {2, 37, 29, 1}, {2, 2, 7, 1}};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])

/* ---------------------------------------------------------- graph tables */

START_TEST(caller_table_is_checked) {
  int32_t t[6] = {1, 2, 0, -1, -1, 1};
  golcl_graph *g = NOT_NULL;
  ck_assert_int_eq(golcl_graph_create(NULL, 3, 2, t, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
  g = NOT_NULL;
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 3, 2, NULL, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 3, 2, t, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 0, 2, t, &g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 3, 0, t, &g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 3, GOLCL_GRAPH_MAX_DEGREE + 1, t, &g),
                   GOLCL_E_INVALID_ARG);
  int32_t bad1[6] = {1, 2, 3, -1, -1, 1}, bad2[6] = {1, 2, 0, -2, -1, 1};
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 3, 2, bad1, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "table[2]"));
  ck_assert_int_eq(golcl_graph_create(tu_ctx, 3, 2, bad2, &g), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_graph_create(tu_ctx, 3, 2, t, &g));
  ck_assert_uint_eq(golcl_graph_cells(g), 3);
  ck_assert_uint_eq(golcl_graph_degree(g), 2);
  ck_assert_int_eq(golcl_graph_get_lattice(g, NULL), 0);
  int32_t back[6];
  TU_OK(golcl_graph_read_table(g, back));
  ck_assert_mem_eq(back, t, sizeof t);
  ck_assert_int_eq(golcl_graph_read_table(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_graph_kernel_available(g, GOLCL_LK_TILED), 0);
  ck_assert_int_eq(golcl_graph_kernel_available(g, GOLCL_LK_DICT), 1);
  golcl_graph_destroy(g);
  golcl_graph_destroy(NULL);
}
END_TEST

START_TEST(lattice_arguments_are_checked) {
  golcl_graph *g = NOT_NULL;
  golcl_lattice l = {2, 4, 4, 1, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE};
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, NULL, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
  golcl_lattice bad = l;
  bad.dims = 4;
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, &bad, &g), GOLCL_E_INVALID_ARG);
  bad = l;
  bad.nx = 0;
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, &bad, &g), GOLCL_E_INVALID_ARG);
  bad = l;
  bad.dims = 3;
  bad.nbhd = GOLCL_NEIGHBOURHOOD_HEXAGONAL;
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, &bad, &g), GOLCL_E_INVALID_ARG);
  bad = l;
  bad.boundary = (golcl_boundary)7;
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, &bad, &g), GOLCL_E_INVALID_ARG);
  bad = l;
  bad.nbhd = (golcl_neighbourhood)9;
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, &bad, &g), GOLCL_E_INVALID_ARG);
  bad = l;
  bad.dims = 3;
  bad.nx = bad.ny = bad.nz = 2000;
  ck_assert_int_eq(golcl_graph_create_lattice(tu_ctx, &bad, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
}
END_TEST

/* The definition: offsets of the box in order dz, dy, dx; wrapped or -1. */
static int32_t model_neighbour(const golcl_lattice *l, size_t i, unsigned slot) {
  unsigned k = 0;
  int zr = l->dims == 3;
  uint32_t nz = l->dims == 3 ? l->nz : 1;
  long x = (long)(i % l->nx), y = (long)(i / l->nx % l->ny), z = (long)(i / l->nx / l->ny);
  for (int dz = -zr; dz <= zr; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        if (!dx && !dy && !dz) continue;
        if (l->nbhd == GOLCL_NEIGHBOURHOOD_VON_NEUMANN && abs(dx) + abs(dy) + abs(dz) != 1) continue;
        if (l->nbhd == GOLCL_NEIGHBOURHOOD_HEXAGONAL && dx == -dy && dx != 0) continue;
        if (k++ != slot) continue;
        long a = x + dx, b = y + dy, c = z + dz;
        if (l->boundary == GOLCL_BOUNDARY_TORUS) {
          a = (a + l->nx) % l->nx;
          b = (b + l->ny) % l->ny;
          c = (c + nz) % nz;
        } else if (a < 0 || b < 0 || c < 0 || a >= (long)l->nx || b >= (long)l->ny ||
                   c >= (long)nz) {
          return -1;
        }
        return (int32_t)((c * l->ny + b) * l->nx + a);
      }
  return -2;
}

static const unsigned DEGREE[2][3] = {{8, 4, 6}, {26, 6, 0}};

START_TEST(lattice_tables_follow_the_definition) {
  for (size_t si = 0; si < NSIZES; si++)
    for (int b = 0; b < 2; b++)
      for (int nb = 0; nb < (SIZES[si].dims == 2 ? 3 : 2); nb++) {
        golcl_lattice l = {SIZES[si].dims, SIZES[si].nx,      SIZES[si].ny,
                           SIZES[si].nz,   (golcl_boundary)b, (golcl_neighbourhood)nb};
        golcl_graph *g;
        TU_OK(golcl_graph_create_lattice(tu_ctx, &l, &g));
        size_t n = golcl_graph_cells(g);
        unsigned D = golcl_graph_degree(g);
        ck_assert_uint_eq(D, DEGREE[l.dims - 2][nb]);
        ck_assert_uint_eq(n, (size_t)l.nx * l.ny * (l.dims == 3 ? l.nz : 1));
        golcl_lattice back;
        ck_assert_int_eq(golcl_graph_get_lattice(g, &back), 1);
        ck_assert_uint_eq(back.nx, l.nx);
        int32_t *t = malloc(n * D * sizeof *t);
        TU_OK(golcl_graph_read_table(g, t));
        for (unsigned d = 0; d < D; d++)
          for (size_t i = 0; i < n; i++)
            ck_assert_msg(t[d * n + i] == model_neighbour(&l, i, d),
                          "%ux%ux%u b%d nb%d: cell %zu slot %u is %d, want %d", l.nx, l.ny, l.nz, b,
                          nb, i, d, t[d * n + i], model_neighbour(&l, i, d));
        free(t);
        golcl_graph_destroy(g);
      }
}
END_TEST

/* ------------------------------------------------------------ graph Life */

/* Rules over 0..D that keep a random start alive a while. */
static void rule_for(unsigned D, uint64_t *birth, uint64_t *survive) {
  if (D >= 26) { /* 3-D Moore: B5-7/S5-8 style */
    *birth = (1u << 5) | (1u << 6) | (1u << 7);
    *survive = (1u << 5) | (1u << 6) | (1u << 7) | (1u << 8);
  } else if (D == 8) { /* Life */
    *birth = 1u << 3;
    *survive = (1u << 2) | (1u << 3);
  } else { /* small neighbourhoods: B1/S12-ish, B2/S013 */
    *birth = (1u << 2) | (1u << 1 << (D & 1));
    *survive = 1u | (1u << 1) | (1u << 3);
  }
}

/* Each kernel on g against the reference on gref (the same cells and
 * table, made apart) after 1, 2, 17 and 100 generations. */
static void check_life_kernels_against(golcl_graph *gref, golcl_graph *g, uint64_t birth,
                                       uint64_t survive, uint64_t seed, const char *what) {
  static const uint64_t at[] = {1, 2, 17, 100};
  static const golcl_lattice_kernel kernels[] = {GOLCL_LK_TABLE, GOLCL_LK_DICT, GOLCL_LK_AUTO};
  size_t n = golcl_graph_cells(g);
  golcl_glife *ref, *k[3];
  TU_OK(golcl_glife_create(gref, &ref));
  TU_OK(golcl_glife_set_rule_bits(ref, birth, survive));
  TU_OK(golcl_glife_randomize(ref, 0.4, seed));
  uint8_t *a = malloc(n), *b = malloc(n);
  TU_OK(golcl_glife_read(ref, a));
  for (int j = 0; j < 3; j++) {
    TU_OK(golcl_glife_create(g, &k[j]));
    TU_OK(golcl_glife_set_rule_bits(k[j], birth, survive));
    TU_OK(golcl_glife_write(k[j], a));
  }
  uint64_t done = 0;
  for (int c = 0; c < 4; c++) {
    TU_OK(golcl_glife_run(ref, GOLCL_LK_REFERENCE, at[c] - done));
    TU_OK(golcl_glife_read(ref, a));
    for (int j = 0; j < 3; j++) {
      if (!golcl_graph_kernel_available(g, kernels[j])) {
        ck_assert_int_eq(golcl_glife_run(k[j], kernels[j], 1), GOLCL_E_UNSUPPORTED);
        continue;
      }
      TU_OK(golcl_glife_run(k[j], kernels[j], at[c] - done));
      TU_OK(golcl_glife_read(k[j], b));
      ck_assert_uint_eq(golcl_glife_generation(k[j]), at[c]);
      for (size_t i = 0; i < n; i++)
        ck_assert_msg(a[i] == b[i], "%s, %s kernel, generation %llu: cell %zu is %d, reference %d",
                      what, golcl_lattice_kernel_name(kernels[j]), (unsigned long long)at[c], i,
                      b[i], a[i]);
    }
    done = at[c];
  }
  uint64_t pop, want = 0;
  for (size_t i = 0; i < n; i++) want += a[i];
  TU_OK(golcl_glife_population(ref, &pop));
  ck_assert_uint_eq(pop, want);
  for (int j = 0; j < 3; j++) golcl_glife_destroy(k[j]);
  golcl_glife_destroy(ref);
  free(a);
  free(b);
}

static void check_life_kernels(golcl_graph *g, uint64_t birth, uint64_t survive, uint64_t seed,
                               const char *what) {
  check_life_kernels_against(g, g, birth, survive, seed, what);
}

START_TEST(graph_life_kernels_match_the_reference_on_lattices) {
  for (size_t si = 0; si < NSIZES; si++)
    for (int b = 0; b < 2; b++)
      for (int nb = 0; nb < (SIZES[si].dims == 2 ? 3 : 2); nb++) {
        golcl_lattice l = {SIZES[si].dims, SIZES[si].nx,      SIZES[si].ny,
                           SIZES[si].nz,   (golcl_boundary)b, (golcl_neighbourhood)nb};
        golcl_graph *g;
        TU_OK(golcl_graph_create_lattice(tu_ctx, &l, &g));
        uint64_t birth, survive;
        rule_for(golcl_graph_degree(g), &birth, &survive);
        char what[96];
        snprintf(what, sizeof what, "%u-D %ux%ux%u boundary %d nbhd %d", l.dims, l.nx, l.ny, l.nz,
                 b, nb);
        check_life_kernels(g, birth, survive, 100 + si * 7 + (uint64_t)b * 3 + (uint64_t)nb, what);
        golcl_graph_destroy(g);
      }
}
END_TEST

START_TEST(graph_life_kernels_match_the_reference_on_a_random_graph) {
  /* 1000 cells, 7 and 32 slots (the widest: 64-bit rule words), random
   * neighbours with holes and repeats; B2/S34, and with 32 slots births and
   * survivals at counts up to 32 */
  const size_t n = 1000;
  static const unsigned DS[] = {7, 32};
  for (int k = 0; k < 2; k++) {
    const unsigned D = DS[k];
    int32_t *t = malloc(n * D * sizeof *t);
    uint64_t s = 12345 + (uint64_t)k;
    for (size_t e = 0; e < n * D; e++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      uint32_t r = (uint32_t)(s >> 33);
      t[e] = r % 10 == 0 ? -1 : (int32_t)(r % n);
    }
    golcl_graph *g;
    TU_OK(golcl_graph_create(tu_ctx, n, D, t, &g));
    /* many distinct rows, few enough for the dictionary */
    ck_assert_int_eq(golcl_graph_kernel_available(g, GOLCL_LK_DICT), 1);
    uint64_t birth = 1u << 2, survive = (1u << 3) | (1u << 4);
    if (D == 32) {
      birth |= (1ull << 14) | (1ull << 15) | (1ull << 31) | (1ull << 32);
      survive |= (1ull << 13) | (1ull << 16) | (1ull << 32);
    }
    check_life_kernels(g, birth, survive, 5 + (uint64_t)k,
                       D == 7 ? "random graph" : "random graph, 32 slots");
    golcl_graph_destroy(g);
    free(t);
  }
}
END_TEST

START_TEST(glife_arguments_are_checked_and_change_nothing) {
  golcl_lattice l = {2, 5, 4, 1, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE};
  golcl_graph *g;
  TU_OK(golcl_graph_create_lattice(tu_ctx, &l, &g));
  golcl_glife *lf = NOT_NULL;
  ck_assert_int_eq(golcl_glife_create(NULL, &lf), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(lf);
  ck_assert_int_eq(golcl_glife_create(g, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_glife_create(g, &lf));
  TU_OK(golcl_glife_randomize(lf, 0.5, 3));
  uint8_t before[20], after[20];
  TU_OK(golcl_glife_read(lf, before));
  ck_assert_int_eq(golcl_glife_randomize(lf, 1.5, 3), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_randomize(lf, -0.1, 3), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_set_rule(lf, "B9/S"), GOLCL_E_PARSE);
  ck_assert_int_eq(golcl_glife_set_rule(lf, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_set_rule_bits(lf, 1ull << 33, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_run(lf, GOLCL_LK_TILED, 1), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_glife_run(lf, GOLCL_LK_FUSED, 1), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_glife_run(lf, GOLCL_LK_BITS, 1), GOLCL_E_UNSUPPORTED);
  ck_assert_int_eq(golcl_glife_run(lf, (golcl_lattice_kernel)42, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_run(NULL, GOLCL_LK_TABLE, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_read(lf, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_write(lf, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_glife_population(lf, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_glife_read(lf, after));
  ck_assert_mem_eq(before, after, sizeof before);
  ck_assert_uint_eq(golcl_glife_generation(lf), 0);
  /* a rule as text */
  TU_OK(golcl_glife_set_rule(lf, "B36/S23"));
  golcl_glife_destroy(lf);
  golcl_glife_destroy(NULL);
  golcl_graph_destroy(g);
  golcl_lattice_kernel k;
  TU_OK(golcl_lattice_kernel_from_name("fused", &k));
  ck_assert_int_eq(k, GOLCL_LK_FUSED);
  TU_OK(golcl_lattice_kernel_from_name("bits", &k));
  ck_assert_int_eq(k, GOLCL_LK_BITS);
  ck_assert_str_eq(golcl_lattice_kernel_name(GOLCL_LK_BITS), "bits");
  ck_assert_int_eq(golcl_lattice_kernel_from_name("nope", &k), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(golcl_lattice_kernel_name(GOLCL_LK_COUNT));
}
END_TEST

/* ------------------------------------------------------- mesh graphs */

/* Life on the graph of a mesh (kept as a row dictionary, or as a table when
 * its rows do not fit) against the reference on a graph made from
 * golcl_mesh_table (tests/test_lattice_mesh.c checks that table against its
 * definition). */
static void check_mesh_life(const golcl_mesh *m, golcl_mesh_adjacency adj, uint64_t seed,
                            const char *what) {
  int32_t *t;
  unsigned d;
  TU_OK(golcl_mesh_table(m, adj, &t, &d));
  golcl_graph *gref, *g;
  TU_OK(golcl_graph_create(tu_ctx, golcl_mesh_face_count(m), d, t, &gref));
  TU_OK(golcl_graph_create_mesh(tu_ctx, m, adj, &g));
  ck_assert_uint_eq(golcl_graph_degree(g), d);
  uint64_t birth, survive;
  rule_for(d, &birth, &survive);
  check_life_kernels_against(gref, g, birth, survive, seed, what);
  golcl_graph_destroy(g);
  golcl_graph_destroy(gref);
  free(t);
}

START_TEST(graph_life_kernels_match_the_reference_on_meshes) {
  char what[80];
  golcl_mesh *m;
  /* odd sizes; 131 and 257 wide: blocks of 64 cells that share a row (the
   * main row's, taken speculatively, and others) and blocks that do not */
  static const uint32_t WH[][2] = {{3, 3}, {37, 29}, {67, 5}, {131, 9}, {257, 6}};
  for (size_t c = 0; c < sizeof WH / sizeof WH[0]; c++)
    for (int adj = 0; adj < 2; adj++) {
      TU_OK(golcl_mesh_torus(WH[c][0], WH[c][1], 3, 1, &m));
      snprintf(what, sizeof what, "torus mesh %ux%u, adjacency %d", WH[c][0], WH[c][1], adj);
      check_mesh_life(m, (golcl_mesh_adjacency)adj, 40 + c, what);
      golcl_mesh_destroy(m);
      TU_OK(golcl_mesh_klein(WH[c][0], WH[c][1], &m));
      snprintf(what, sizeof what, "Klein bottle %ux%u, adjacency %d", WH[c][0], WH[c][1], adj);
      check_mesh_life(m, (golcl_mesh_adjacency)adj, 50 + c, what);
      golcl_mesh_destroy(m);
    }
  /* valence-3 corners: 7 neighbours there, 8 elsewhere */
  for (uint32_t n = 1; n <= 9; n += 4) {
    TU_OK(golcl_mesh_cube_sphere(n, &m));
    snprintf(what, sizeof what, "cube-sphere %u", n);
    check_mesh_life(m, GOLCL_MESH_VERTEX, 60 + n, what);
    golcl_mesh_destroy(m);
  }
  /* a plane patch (not a torus: fewer neighbours on the border), in row
   * order and shuffled; 300x300 shuffled has more distinct rows than the
   * dictionary holds, so its graph is kept as a table */
  static const uint32_t OPEN[][3] = {{37, 23, 0}, {37, 23, 7}, {300, 300, 9}};
  for (size_t c = 0; c < 3; c++)
    for (int adj = 0; adj < 2; adj++) {
      size_t len;
      char *text = tu_grid_obj(OPEN[c][0], OPEN[c][1], OPEN[c][2], &len);
      ck_assert_ptr_nonnull(text);
      TU_OK(golcl_mesh_parse_obj(text, len, &m));
      free(text);
      snprintf(what, sizeof what, "open grid %ux%u, order %u, adjacency %d", OPEN[c][0], OPEN[c][1],
               OPEN[c][2], adj);
      check_mesh_life(m, (golcl_mesh_adjacency)adj, 70 + c, what);
      golcl_mesh_destroy(m);
    }
}
END_TEST

/* ---------------------------------------------- torus mesh = torus grid */

START_TEST(torus_mesh_equals_torus_grid_for_200_generations) {
  static const uint32_t WH[][2] = {{37, 29}, {64, 64}, {3, 3}, {5, 11}};
  for (size_t c = 0; c < sizeof WH / sizeof WH[0]; c++) {
    uint32_t w = WH[c][0], h = WH[c][1];
    size_t n = (size_t)w * h;
    golcl_mesh *m;
    TU_OK(golcl_mesh_torus(w, h, 3.0, 1.0, &m));
    golcl_graph *g;
    TU_OK(golcl_graph_create_mesh(tu_ctx, m, GOLCL_MESH_VERTEX, &g));
    ck_assert_uint_eq(golcl_graph_degree(g), 8);
    golcl_grid *grid;
    TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_TORUS, &grid));
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &st));
    golcl_glife *lt, *ld;
    TU_OK(golcl_glife_create(g, &lt));
    TU_OK(golcl_glife_create(g, &ld));
    /* the same seed gives the same cells: face y·w + x is cell (x, y) */
    TU_OK(golcl_grid_randomize(grid, 0.35, 77 + c));
    TU_OK(golcl_glife_randomize(lt, 0.35, 77 + c));
    TU_OK(golcl_glife_randomize(ld, 0.35, 77 + c));
    uint8_t *a = malloc(n), *b = malloc(n), *d = malloc(n);
    for (int gen = 0; gen <= 200; gen++) {
      TU_OK(golcl_grid_read(grid, a, w));
      TU_OK(golcl_glife_read(lt, b));
      TU_OK(golcl_glife_read(ld, d));
      for (size_t i = 0; i < n; i++) {
        ck_assert_msg(a[i] == b[i], "%ux%u gen %d: face %zu table %d, grid %d", w, h, gen, i, b[i],
                      a[i]);
        ck_assert_msg(a[i] == d[i], "%ux%u gen %d: face %zu dict %d, grid %d", w, h, gen, i, d[i],
                      a[i]);
      }
      TU_OK(golcl_stepper_run(st, grid, 1));
      TU_OK(golcl_glife_run(lt, GOLCL_LK_TABLE, 1));
      TU_OK(golcl_glife_run(ld, GOLCL_LK_DICT, 1));
    }
    free(a);
    free(b);
    free(d);
    golcl_glife_destroy(lt);
    golcl_glife_destroy(ld);
    golcl_stepper_destroy(st);
    golcl_grid_destroy(grid);
    golcl_graph_destroy(g);
    golcl_mesh_destroy(m);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("lattice");
  TCase *t = tcase_create("graph");
  tcase_set_timeout(t, 0);
  tcase_add_test(t, caller_table_is_checked);
  tcase_add_test(t, lattice_arguments_are_checked);
  tcase_add_test(t, lattice_tables_follow_the_definition);
  tcase_add_test(t, graph_life_kernels_match_the_reference_on_lattices);
  tcase_add_test(t, graph_life_kernels_match_the_reference_on_a_random_graph);
  tcase_add_test(t, graph_life_kernels_match_the_reference_on_meshes);
  tcase_add_test(t, glife_arguments_are_checked_and_change_nothing);
  tcase_add_test(t, torus_mesh_equals_torus_grid_for_200_generations);
  suite_add_tcase(s, t);
  return tu_main(s);
}
