/* test_kernel_paths.c — every kernel family once, on small inputs, checked
 * against a host model: the Life steppers (MULTI's portable path included on
 * devices other than NVIDIA's; its band kernel) on both boundaries, the lattice Life and game
 * kernels, the vector kernels, the band, CSR and stencil products, CG (plain,
 * Jacobi, multigrid) and a multigrid V-cycle. Small enough to run on the
 * Oclgrind simulator (`make oclgrind`), which checks every memory access,
 * data races and API calls; it runs on any device ($GOLCL_TEST_DEVICE). */
#include "lifecheck.h"

#include <golcl_la.h>
#include <golcl_lattice.h>
#include <golcl_rules.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ Life */

/* 1, 2 and 17 generations (lc_check_case's 100 would take long on a
 * simulator) on a torus and a dead grid of odd sizes, two rules. */
static void check_stepper_small(golcl_stepper_kind kind) {
  static const uint32_t sizes[][2] = {{40, 23}, {33, 17}};
  static const char *const rules[] = {"B3/S23", "B36/S23"};
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(tu_ctx, kind, NULL, &st));
  for (int b = 0; b < 2; b++) {
    uint32_t w = sizes[b][0], h = sizes[b][1];
    golcl_grid *g;
    TU_OK(golcl_grid_create(tu_ctx, w, h, b ? GOLCL_BOUNDARY_DEAD : GOLCL_BOUNDARY_TORUS, &g));
    TU_OK(golcl_grid_set_rule(g, rules[b]));
    golcl_rule r;
    TU_OK(golcl_grid_rule(g, &r));
    uint8_t *model = tu_random_cells((size_t)w * h, 0.4, 7 + (uint64_t)kind * 2 + (uint64_t)b);
    TU_OK(golcl_grid_write(g, model, w));
    static const uint64_t at[] = {1, 2, 17};
    uint64_t done = 0;
    for (int c = 0; c < 3; c++) {
      TU_OK(golcl_stepper_run(st, g, at[c] - done));
      lc_run_at(model, w, h, b ? GOLCL_BOUNDARY_DEAD : GOLCL_BOUNDARY_TORUS, r, done, at[c] - done);
      done = at[c];
      char what[128];
      snprintf(what, sizeof what, "%s, %ux%u %s, generation %llu", golcl_stepper_name(kind),
               (unsigned)w, (unsigned)h, b ? "dead" : "torus", (unsigned long long)done);
      lc_assert_grid(g, model, what);
    }
    uint64_t pop, want = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) want += model[i];
    TU_OK(golcl_grid_population(g, &pop));
    ck_assert_uint_eq(pop, want);
    free(model);
    golcl_grid_destroy(g);
  }
  golcl_stepper_destroy(st);
}

START_TEST(life_steppers) { check_stepper_small((golcl_stepper_kind)_i); }
END_TEST

/* MULTI's band kernel (whole rows, K words a lane): many groups, one period
 * a launch; one group trading rows with itself across periods on a torus. */
START_TEST(multi_band) {
  static const uint32_t shapes[][3] = {{2, 12, 3}, {2, 24, 3}}; /* local_h, tile_h, g */
  for (size_t k = 0; k < 2; k++) {
    golcl_stepper_opts o = {0};
    o.local_w = 32;
    o.tile_w = 2048;
    o.local_h = shapes[k][0];
    o.tile_h = shapes[k][1];
    o.gens_per_launch = shapes[k][2];
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_MULTI, &o, &st));
    for (int b = 0; b < 2; b++) {
      uint32_t w = b ? 1500 : 2048, h = 9;
      golcl_boundary bd = b ? GOLCL_BOUNDARY_DEAD : GOLCL_BOUNDARY_TORUS;
      golcl_grid *g;
      TU_OK(golcl_grid_create(tu_ctx, w, h, bd, &g));
      golcl_rule r;
      TU_OK(golcl_grid_rule(g, &r));
      uint8_t *model = tu_random_cells((size_t)w * h, 0.4, 40 + k * 2 + (uint64_t)b);
      TU_OK(golcl_grid_write(g, model, w));
      TU_OK(golcl_stepper_run(st, g, 7));
      lc_run_at(model, w, h, bd, r, 0, 7);
      char what[96];
      snprintf(what, sizeof what, "multi band %zu, %ux%u %s, generation 7", k, (unsigned)w,
               (unsigned)h, b ? "dead" : "torus");
      lc_assert_grid(g, model, what);
      free(model);
      golcl_grid_destroy(g);
    }
    golcl_stepper_destroy(st);
  }
}
END_TEST

/* randomize, population and hash on the device against the same on the host
 * through the reference stepper's grid. */
START_TEST(grid_services) {
  golcl_grid *g, *h;
  TU_OK(golcl_grid_create(tu_ctx, 45, 19, GOLCL_BOUNDARY_TORUS, &g));
  TU_OK(golcl_grid_create(tu_ctx, 45, 19, GOLCL_BOUNDARY_TORUS, &h));
  TU_OK(golcl_grid_randomize(g, 0.3, 5));
  uint8_t cells[45 * 19];
  TU_OK(golcl_grid_read(g, cells, 45));
  TU_OK(golcl_grid_write(h, cells, 45));
  uint64_t pg, ph, hg, hh, want = 0;
  for (size_t i = 0; i < sizeof cells; i++) want += cells[i];
  TU_OK(golcl_grid_population(g, &pg));
  TU_OK(golcl_grid_hash(g, &hg));
  TU_OK(golcl_grid_population(h, &ph));
  TU_OK(golcl_grid_hash(h, &hh));
  ck_assert_uint_eq(pg, want);
  ck_assert_uint_eq(ph, want);
  ck_assert_uint_eq(hg, hh);
  ck_assert_uint_gt(want, 0);
  golcl_grid_destroy(g);
  golcl_grid_destroy(h);
}
END_TEST

/* ------------------------------------------------------------ multi-state */

/* Golly's other bounded grids on the multi-state grid (the ghost frame's
 * kernel ms_ghost, randomize, the Generations and JvN byte kernels on the
 * frame's grid) against the host reference, 3 generations. */
START_TEST(msgrid_bounds) {
  static const char *const rules[] = {"345/2/4", "JvN29"};
  static const char *const suffixes[] = {":K13*,9", ":S11"};
  for (int i = 0; i < 2; i++) {
    golcl_bounds b;
    golcl_msrule r;
    golcl_msgrid *g;
    TU_OK(golcl_bounds_parse(suffixes[i], &b));
    TU_OK(golcl_msrule_parse(rules[i], &r));
    TU_OK(golcl_msgrid_create(tu_ctx, b.width, b.height, GOLCL_BOUNDARY_DEAD, &g));
    TU_OK(golcl_msgrid_set_msrule(g, &r));
    TU_OK(golcl_msgrid_set_bounds(g, &b));
    TU_OK(golcl_msgrid_randomize(g, r.states, 0.5, 3 + (uint64_t)i));
    size_t n = (size_t)b.width * b.height;
    uint8_t *ref = malloc(n), *got = malloc(n);
    TU_OK(golcl_msgrid_read(g, ref, 0));
    TU_OK(golcl_msgrid_step(g, 3));
    TU_OK(golcl_ms_reference_run_bounds(&r, &b, b.width, b.height, ref, 3));
    TU_OK(golcl_msgrid_read(g, got, 0));
    ck_assert_msg(memcmp(ref, got, n) == 0, "%s%s: the kernels differ from the reference", rules[i],
                  suffixes[i]);
    free(ref);
    free(got);
    golcl_msgrid_destroy(g);
  }
}
END_TEST

/* --------------------------------------------------------------- lattices */

START_TEST(lattice_life) {
  const golcl_lattice lats[] = {
      {2, 13, 11, 1, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE},
      {3, 5, 6, 4, GOLCL_BOUNDARY_DEAD, GOLCL_NEIGHBOURHOOD_VON_NEUMANN},
      {2, 9, 7, 1, GOLCL_BOUNDARY_DEAD, GOLCL_NEIGHBOURHOOD_HEXAGONAL},
  };
  static const golcl_lattice_kernel kernels[] = {GOLCL_LK_TABLE, GOLCL_LK_DICT};
  for (size_t l = 0; l < 3; l++) {
    golcl_graph *g;
    TU_OK(golcl_graph_create_lattice(tu_ctx, &lats[l], &g));
    size_t n = golcl_graph_cells(g);
    golcl_glife *ref, *k[2];
    TU_OK(golcl_glife_create(g, &ref));
    TU_OK(golcl_glife_set_rule_bits(ref, 1u << 2 | 1u << 3, 1u << 2 | 1u << 3));
    TU_OK(golcl_glife_randomize(ref, 0.4, 3 + l));
    uint8_t *a = malloc(n), *b = malloc(n);
    ck_assert(a && b);
    TU_OK(golcl_glife_read(ref, a));
    for (int j = 0; j < 2; j++) {
      TU_OK(golcl_glife_create(g, &k[j]));
      TU_OK(golcl_glife_set_rule_bits(k[j], 1u << 2 | 1u << 3, 1u << 2 | 1u << 3));
      TU_OK(golcl_glife_write(k[j], a));
    }
    TU_OK(golcl_glife_run(ref, GOLCL_LK_REFERENCE, 5));
    TU_OK(golcl_glife_read(ref, a));
    for (int j = 0; j < 2; j++) {
      TU_OK(golcl_glife_run(k[j], kernels[j], 5));
      TU_OK(golcl_glife_read(k[j], b));
      for (size_t i = 0; i < n; i++)
        ck_assert_msg(a[i] == b[i], "lattice %zu, %s: cell %zu is %d, reference %d", l,
                      golcl_lattice_kernel_name(kernels[j]), i, b[i], a[i]);
      uint64_t pop, want = 0;
      for (size_t i = 0; i < n; i++) want += a[i];
      TU_OK(golcl_glife_population(k[j], &pop));
      ck_assert_uint_eq(pop, want);
      golcl_glife_destroy(k[j]);
    }
    golcl_glife_destroy(ref);
    golcl_graph_destroy(g);
    free(a);
    free(b);
  }
}
END_TEST

START_TEST(lattice_game) {
  const golcl_lattice lats[] = {
      {2, 12, 10, 1, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE},
      {3, 6, 5, 4, GOLCL_BOUNDARY_DEAD, GOLCL_NEIGHBOURHOOD_VON_NEUMANN},
      {3, 40, 7, 5, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE},
  };
  static const golcl_lattice_kernel kernels[] = {GOLCL_LK_TABLE, GOLCL_LK_DICT, GOLCL_LK_TILED,
                                                 GOLCL_LK_FUSED, GOLCL_LK_BITS};
  for (size_t l = 0; l < 3; l++) {
    golcl_graph *g;
    TU_OK(golcl_graph_create_lattice(tu_ctx, &lats[l], &g));
    size_t n = golcl_graph_cells(g);
    golcl_game *ref, *k[5];
    TU_OK(golcl_game_create(g, &ref));
    TU_OK(golcl_game_set_b(ref, 1.65));
    TU_OK(golcl_game_randomize(ref, 0.3, 11 + l));
    uint8_t *a = malloc(n), *b = malloc(n), *ap = malloc(n), *bp = malloc(n);
    ck_assert(a && b && ap && bp);
    TU_OK(golcl_game_read(ref, a, NULL));
    for (int j = 0; j < 5; j++) {
      TU_OK(golcl_game_create(g, &k[j]));
      TU_OK(golcl_game_set_b(k[j], 1.65));
      TU_OK(golcl_game_write(k[j], a));
    }
    TU_OK(golcl_game_run(ref, GOLCL_LK_REFERENCE, 4));
    TU_OK(golcl_game_read(ref, a, ap));
    for (int j = 0; j < 5; j++) {
      TU_OK(golcl_game_run(k[j], kernels[j], 4));
      TU_OK(golcl_game_read(k[j], b, bp));
      for (size_t i = 0; i < n; i++)
        ck_assert_msg(a[i] == b[i] && ap[i] == bp[i], "lattice %zu, %s: agent %zu differs", l,
                      golcl_lattice_kernel_name(kernels[j]), i);
      uint64_t coop, want = 0;
      for (size_t i = 0; i < n; i++) want += a[i] == 0;
      TU_OK(golcl_game_cooperators(k[j], &coop));
      ck_assert_uint_eq(coop, want);
      golcl_game_destroy(k[j]);
    }
    golcl_game_destroy(ref);
    golcl_graph_destroy(g);
    free(a);
    free(b);
    free(ap);
    free(bp);
  }
}
END_TEST

/* --------------------------------------------------------- linear algebra */

#define N 777 /* not a multiple of any work-group size */

static golcl_vec *vec_of(const double *x, size_t n, golcl_dtype dt) {
  golcl_vec *v;
  if (dt == GOLCL_F64) {
    TU_OK(golcl_vec_create(tu_ctx, n, dt, x, &v));
  } else {
    float *f = malloc(n * sizeof *f);
    ck_assert_ptr_nonnull(f);
    for (size_t i = 0; i < n; i++) f[i] = (float)x[i];
    TU_OK(golcl_vec_create(tu_ctx, n, dt, f, &v));
    free(f);
  }
  return v;
}

static void read_vec(const golcl_vec *v, double *x) {
  size_t n = golcl_vec_size(v);
  if (golcl_vec_dtype(v) == GOLCL_F64) {
    TU_OK(golcl_vec_read(v, 0, n, x));
    return;
  }
  float *f = malloc(n * sizeof *f);
  ck_assert_ptr_nonnull(f);
  TU_OK(golcl_vec_read(v, 0, n, f));
  for (size_t i = 0; i < n; i++) x[i] = f[i];
  free(f);
}

static void assert_close(const double *got, const double *want, size_t n, double tol,
                         const char *what) {
  for (size_t i = 0; i < n; i++)
    ck_assert_msg(fabs(got[i] - want[i]) <= tol * (1 + fabs(want[i])), "%s[%zu] = %g, want %g",
                  what, i, got[i], want[i]);
}

static void small_ints(double *x, size_t n, uint64_t seed) {
  uint8_t *c = tu_random_cells(n * 4, 0.5, seed);
  for (size_t i = 0; i < n; i++) x[i] = c[4 * i] + 2 * c[4 * i + 1] + 4 * c[4 * i + 2] - 3.0;
  free(c);
}

/* Integer data, so that sums are exact in both dtypes. */
START_TEST(vector_kernels) {
  golcl_dtype dt = _i ? GOLCL_F64 : GOLCL_F32;
  double x[N], y[N], z[N], want[N];
  small_ints(x, N, 1);
  small_ints(y, N, 2);
  golcl_vec *vx = vec_of(x, N, dt), *vy = vec_of(y, N, dt), *vz = vec_of(y, N, dt);
  TU_OK(golcl_vec_axpby(2, vx, -1, vy, vz));
  read_vec(vz, z);
  for (size_t i = 0; i < N; i++) want[i] = 2 * x[i] - y[i];
  assert_close(z, want, N, 0, "axpby");
  TU_OK(golcl_vec_mul(vx, vy, vz));
  read_vec(vz, z);
  for (size_t i = 0; i < N; i++) want[i] = x[i] * y[i];
  assert_close(z, want, N, 0, "mul");
  double d, s = 0, sum = 0, mn = x[0], mx = x[0];
  size_t imn = 0, imx = 0, idx;
  for (size_t i = 0; i < N; i++) {
    s += x[i] * y[i];
    sum += x[i];
    if (x[i] < mn) mn = x[i], imn = i;
    if (x[i] > mx) mx = x[i], imx = i;
  }
  TU_OK(golcl_vec_dot(vx, vy, &d));
  ck_assert_double_eq(d, s);
  double xx = 0;
  for (size_t i = 0; i < N; i++) xx += x[i] * x[i];
  TU_OK(golcl_vec_nrm2(vx, &d));
  ck_assert_double_eq_tol(d, sqrt(xx), 1e-5 * sqrt(xx));
  TU_OK(golcl_vec_reduce(vx, GOLCL_REDUCE_SUM, &d, NULL));
  ck_assert_double_eq(d, sum);
  TU_OK(golcl_vec_reduce(vx, GOLCL_REDUCE_MIN, &d, &idx));
  ck_assert_double_eq(d, mn);
  ck_assert_uint_eq(idx, imn);
  TU_OK(golcl_vec_reduce(vx, GOLCL_REDUCE_MAX, &d, &idx));
  ck_assert_double_eq(d, mx);
  ck_assert_uint_eq(idx, imx);
  TU_OK(golcl_vec_scan(vx, vz));
  read_vec(vz, z);
  double acc = 0;
  for (size_t i = 0; i < N; i++) want[i] = acc, acc += x[i];
  assert_close(z, want, N, 0, "scan");
  golcl_vec_destroy(vx);
  golcl_vec_destroy(vy);
  golcl_vec_destroy(vz);
}
END_TEST

/* The 5-point Laplacian (4, −1, −1, −1, −1) on nx×ny, Dirichlet: host. */
static void lap5(const double *x, double *out, size_t nx, size_t ny) {
  for (size_t j = 0; j < ny; j++)
    for (size_t i = 0; i < nx; i++) {
      size_t k = j * nx + i;
      double v = 4 * x[k];
      if (i > 0) v -= x[k - 1];
      if (i + 1 < nx) v -= x[k + 1];
      if (j > 0) v -= x[k - nx];
      if (j + 1 < ny) v -= x[k + nx];
      out[k] = v;
    }
}

/* Band (5 diagonals), CSR and stencil products of the same Laplacian. */
START_TEST(operator_products) {
  golcl_dtype dt = _i ? GOLCL_F64 : GOLCL_F32;
  enum { NX = 21, NY = 37, M = NX * NY };
  static double x[M], want[M], got[M];
  small_ints(x, M, 3);
  lap5(x, want, NX, NY);
  golcl_vec *vx = vec_of(x, M, dt), *vo;
  TU_OK(golcl_vec_create(tu_ctx, M, dt, NULL, &vo));
  /* stencil */
  const double coef[5] = {4, -1, -1, -1, -1};
  golcl_stencil *S;
  TU_OK(
      golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, NX, NY, 1, coef, GOLCL_EDGE_DIRICHLET, dt, &S));
  TU_OK(golcl_stencil_mv(S, vx, NULL, vo));
  read_vec(vo, got);
  assert_close(got, want, M, 0, "stencil");
  /* band matrix */
  const ptrdiff_t offs[5] = {-NX, -1, 0, 1, NX};
  golcl_bandmat *A;
  TU_OK(golcl_bandmat_create(tu_ctx, M, 5, offs, dt, &A));
  static double diag[5][M];
  for (size_t k = 0; k < M; k++) {
    size_t i = k % NX;
    diag[0][k] = -1, diag[1][k] = i > 0 ? -1 : 0, diag[2][k] = 4;
    diag[3][k] = i + 1 < NX ? -1 : 0, diag[4][k] = -1;
  }
  for (int d = 0; d < 5; d++) {
    if (dt == GOLCL_F64) {
      TU_OK(golcl_bandmat_set_diag(A, offs[d], diag[d]));
    } else {
      static float f[M];
      for (size_t k = 0; k < M; k++) f[k] = (float)diag[d][k];
      TU_OK(golcl_bandmat_set_diag(A, offs[d], f));
    }
  }
  TU_OK(golcl_bandmat_mv(A, vx, NULL, vo));
  read_vec(vo, got);
  assert_close(got, want, M, 0, "band");
  /* CSR: the same rows */
  static size_t rp[M + 1], ci[5 * M];
  static double v64[5 * M];
  static float v32[5 * M];
  size_t nnz = 0;
  for (size_t k = 0; k < M; k++) {
    rp[k] = nnz;
    for (int d = 0; d < 5; d++) {
      ptrdiff_t c = (ptrdiff_t)k + offs[d];
      if (c < 0 || c >= M || diag[d][k] == 0) continue;
      ci[nnz] = (size_t)c;
      v64[nnz] = diag[d][k];
      v32[nnz] = (float)diag[d][k];
      nnz++;
    }
  }
  rp[M] = nnz;
  golcl_csrmat *C;
  TU_OK(golcl_csrmat_create(tu_ctx, M, M, rp, ci, dt == GOLCL_F64 ? (void *)v64 : (void *)v32, dt,
                            &C));
  TU_OK(golcl_csrmat_mv(C, vx, NULL, vo));
  read_vec(vo, got);
  assert_close(got, want, M, 0, "csr");
  golcl_csrmat_destroy(C);
  golcl_bandmat_destroy(A);
  golcl_stencil_destroy(S);
  golcl_vec_destroy(vx);
  golcl_vec_destroy(vo);
}
END_TEST

/* CG without, with Jacobi and with multigrid preconditioning on the
 * Laplacian of a 31×31 grid (2^5 − 1: four levels); the residual of x is
 * recomputed on the host. And one V-cycle on its own reduces the error. */
START_TEST(cg_and_multigrid) {
  golcl_dtype dt = _i ? GOLCL_F64 : GOLCL_F32;
  enum { NX = 31, M = NX * NX };
  static double b[M], x[M], ax[M];
  small_ints(b, M, 4);
  const double coef[5] = {4, -1, -1, -1, -1};
  golcl_stencil *S;
  TU_OK(
      golcl_stencil_create(tu_ctx, GOLCL_STENCIL_5, NX, NX, 1, coef, GOLCL_EDGE_DIRICHLET, dt, &S));
  golcl_vec *vb = vec_of(b, M, dt), *vx;
  TU_OK(golcl_vec_create(tu_ctx, M, dt, NULL, &vx));
  double bn = 0;
  for (size_t k = 0; k < M; k++) bn += b[k] * b[k];
  bn = sqrt(bn);
  static const golcl_precond pre[] = {GOLCL_PRECOND_NONE, GOLCL_PRECOND_JACOBI, GOLCL_PRECOND_MG};
  for (int p = 0; p < 3; p++) {
    TU_OK(golcl_vec_fill(vx, 0));
    golcl_cg_opts o = {.rtol = 1e-5, .precond = pre[p]};
    golcl_cg_report r;
    TU_OK(golcl_cg_solve_op(golcl_stencil_op(S), vb, vx, &o, &r));
    ck_assert_msg(r.converged, "precond %d: not converged (%zu iterations, %g)", p, r.iterations,
                  r.rel_residual);
    read_vec(vx, x);
    lap5(x, ax, NX, NX);
    double rn = 0;
    for (size_t k = 0; k < M; k++) rn += (b[k] - ax[k]) * (b[k] - ax[k]);
    ck_assert_msg(sqrt(rn) <= 1e-4 * bn, "precond %d: host residual %g of %g", p, sqrt(rn), bn);
  }
  /* One V-cycle: z ≈ S⁻¹ b, so that |b − S z| is well below |b|. */
  golcl_mg *mg;
  TU_OK(golcl_mg_create(S, 0, &mg));
  ck_assert_uint_ge(golcl_mg_levels(mg), 3);
  TU_OK(golcl_mg_vcycle(mg, vb, vx));
  read_vec(vx, x);
  lap5(x, ax, NX, NX);
  double rn = 0;
  for (size_t k = 0; k < M; k++) rn += (b[k] - ax[k]) * (b[k] - ax[k]);
  ck_assert_msg(sqrt(rn) <= 0.5 * bn, "V-cycle: residual %g of %g", sqrt(rn), bn);
  golcl_mg_destroy(mg);
  golcl_vec_destroy(vb);
  golcl_vec_destroy(vx);
  golcl_stencil_destroy(S);
}
END_TEST

/* Two cases: "quick" (tag quick: what `make test` runs under Oclgrind) has
 * every Life stepper, the game's kernels and the f32 algebra; "more" the
 * rest. CK_INCLUDE_TAGS=quick picks the first. */
int main(void) {
  Suite *s = suite_create("kernel_paths");
  TCase *quick = tcase_create("quick");
  tcase_set_tags(quick, "quick");
  tcase_set_timeout(quick, 0);
  tcase_add_loop_test(quick, life_steppers, GOLCL_STEPPER_NAIVE, GOLCL_STEPPER_COUNT);
  tcase_add_test(quick, lattice_game);
  tcase_add_loop_test(quick, vector_kernels, 0, 1);
  tcase_add_loop_test(quick, operator_products, 0, 1);
  tcase_add_loop_test(quick, cg_and_multigrid, 0, 1);
  suite_add_tcase(s, quick);
  TCase *more = tcase_create("more");
  tcase_set_timeout(more, 0);
  tcase_add_test(more, grid_services);
  tcase_add_test(more, lattice_life);
  tcase_add_loop_test(more, vector_kernels, 1, 2);
  tcase_add_loop_test(more, operator_products, 1, 2);
  tcase_add_loop_test(more, cg_and_multigrid, 1, 2);
  suite_add_tcase(s, more);
  TCase *band = tcase_create("band");
  tcase_set_timeout(band, 0);
  tcase_add_test(band, multi_band);
  suite_add_tcase(s, band);
  TCase *ms = tcase_create("multi-state"); /* not tagged quick */
  tcase_set_timeout(ms, 0);
  tcase_add_test(ms, msgrid_bounds);
  suite_add_tcase(s, ms);
  return tu_main(s);
}
