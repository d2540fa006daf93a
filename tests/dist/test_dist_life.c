/* test_dist_life.c — the distributed Life grid under mpirun (1..4 ranks) against one grid on
 * one device: the decomposition tiles the grid; randomize, step (every stepper of the build,
 * both boundaries, several rules, k and generation counts, awkward sizes), population, hash,
 * place, scatter, gather and extract give what one W×H grid gives; a glider crosses every
 * block boundary and the torus seam and comes home; failures on one rank (an allocation
 * limit, a bad argument only one rank sees) give the same status on every rank. */
#include "mpitest.h"

#include <stdint.h>

static golcl_stepper_kind kinds[GOLCL_STEPPER_COUNT];
static size_t nkinds;

static void find_kinds(void) {
  for (int k = 0; k < GOLCL_STEPPER_COUNT; k++)
    if (golcl_stepper_available((golcl_stepper_kind)k)) kinds[nkinds++] = (golcl_stepper_kind)k;
}

/* The reference of a case: one W×H grid stepped by the host REFERENCE stepper, computed on
 * rank 0 only (its cells stay there; hash and population are broadcast) and kept, so that the
 * cases that share a start and a generation count (every stepper on the same soup) compute it
 * once. */
typedef struct ref {
  uint32_t w, h;
  golcl_boundary b;
  char rule[16];
  double density;
  uint64_t seed, gens;
  uint8_t *cells; /* rank 0 */
  uint64_t hash, pop;
} ref;

#define REF_CAP 64
static ref refs[REF_CAP];
static size_t nrefs;

static int ref_compute(ref *r) {
  golcl_context *ctx = golcl_dist_context_local(mt_dctx);
  golcl_grid *g = NULL;
  golcl_stepper *st = NULL;
  uint32_t w = r->w, h = r->h;
  int ok =
      golcl_grid_create(ctx, w, h, r->b, &g) == GOLCL_OK &&
      golcl_grid_set_rule(g, r->rule) == GOLCL_OK &&
      golcl_grid_randomize(g, r->density, r->seed) == GOLCL_OK &&
      golcl_stepper_create(ctx, GOLCL_STEPPER_REFERENCE, NULL, &st) == GOLCL_OK &&
      golcl_stepper_run(st, g, r->gens) == GOLCL_OK && (r->cells = malloc((size_t)w * h)) != NULL &&
      golcl_grid_read(g, r->cells, 0) == GOLCL_OK && golcl_grid_hash(g, &r->hash) == GOLCL_OK &&
      golcl_grid_population(g, &r->pop) == GOLCL_OK;
  MT_CHECK(ok, "reference %ux%u: %s", (unsigned)w, (unsigned)h, golcl_context_errmsg(ctx));
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  return ok;
}

/* The reference for these arguments (collective; NULL on every rank when rank 0 failed). */
static const ref *ref_get(uint32_t w, uint32_t h, golcl_boundary b, const char *rule,
                          double density, uint64_t seed, uint64_t gens) {
  for (size_t i = 0; i < nrefs; i++) {
    ref *r = &refs[i];
    if (r->w == w && r->h == h && r->b == b && strcmp(r->rule, rule) == 0 &&
        r->density == density && r->seed == seed && r->gens == gens)
      return r;
  }
  ref *r = &refs[nrefs < REF_CAP ? nrefs++ : REF_CAP - 1];
  free(r->cells);
  memset(r, 0, sizeof *r);
  r->w = w;
  r->h = h;
  r->b = b;
  snprintf(r->rule, sizeof r->rule, "%s", rule);
  r->density = density;
  r->seed = seed;
  r->gens = gens;
  uint64_t v[3] = {0, 0, 0};
  if (mt_rank == 0) {
    v[0] = (uint64_t)ref_compute(r);
    v[1] = r->hash;
    v[2] = r->pop;
  }
  MPI_Bcast(v, 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  r->hash = v[1];
  r->pop = v[2];
  if (!v[0]) {
    free(r->cells);
    memset(r, 0, sizeof *r); /* never matches: w 0 */
    return NULL;
  }
  return r;
}

static void refs_free(void) {
  for (size_t i = 0; i < nrefs; i++) free(refs[i].cells);
  nrefs = 0;
}

/* Gathers g to rank 0 and compares with want there; names the first differing cell. */
static void check_cells(golcl_dist_grid *g, const uint8_t *want, const char *what) {
  uint32_t w = golcl_dist_grid_width(g), h = golcl_dist_grid_height(g);
  uint8_t *got = mt_rank == 0 ? malloc((size_t)w * h) : NULL;
  MT_OK(golcl_dist_grid_gather(g, 0, UINT64_MAX, got, 0));
  if (mt_rank == 0 && got) {
    for (size_t i = 0; i < (size_t)w * h; i++)
      if (got[i] != want[i]) {
        MT_CHECK(0, "%s: cell (%zu, %zu) is %d, want %d", what, i % w, i / w, got[i], want[i]);
        break;
      }
  }
  free(got);
}

/* The exchange of the cases (golcl_dist_grid_opts.exchange), -1: RECT on odd ranks and the
 * frame kernels on even ones (the messages are the same bit stream either way); and profile. */
static int case_exchange = GOLCL_DIST_EXCHANGE_AUTO, case_profile = 0;

/* One case: randomize, step, then cells, population and hash against the reference. */
static void run_case(uint32_t w, uint32_t h, golcl_boundary b, const char *rule, uint32_t k,
                     golcl_stepper_kind kind, uint64_t gens, uint64_t seed) {
  char what[160];
  snprintf(what, sizeof what, "%ux%u %s %s k=%u %s %llu gens", (unsigned)w, (unsigned)h,
           b == GOLCL_BOUNDARY_TORUS ? "torus" : "dead", rule, (unsigned)k,
           golcl_stepper_name(kind), (unsigned long long)gens);
  const ref *r = ref_get(w, h, b, rule, 0.4, seed, gens);
  if (!r) return;
  golcl_dist_grid_opts o = {0};
  o.halo = k;
  o.exchange = case_exchange >= 0
                   ? (golcl_dist_exchange)case_exchange
                   : (mt_rank % 2 ? GOLCL_DIST_EXCHANGE_RECT : GOLCL_DIST_EXCHANGE_AUTO);
  o.profile = case_profile;
  golcl_dist_grid *g = NULL;
  golcl_stepper *st = NULL;
  MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), kind, NULL, &st));
  MT_OK(golcl_dist_grid_create(mt_dctx, w, h, b, &o, &g));
  if (g) {
    MT_OK(golcl_dist_grid_set_rule(g, rule));
    MT_OK(golcl_dist_grid_randomize(g, 0.4, seed));
    MT_OK(golcl_dist_grid_step(g, st, gens));
    MT_CHECK(golcl_dist_grid_generation(g) == gens, "%s: generation %llu", what,
             (unsigned long long)golcl_dist_grid_generation(g));
    check_cells(g, r->cells, what);
    uint64_t hash = 0, pop = 0;
    MT_OK(golcl_dist_grid_hash(g, &hash));
    MT_OK(golcl_dist_grid_population(g, &pop));
    MT_CHECK(hash == r->hash, "%s: hash %016llx, want %016llx", what, (unsigned long long)hash,
             (unsigned long long)r->hash);
    MT_CHECK(pop == r->pop, "%s: population %llu, want %llu", what, (unsigned long long)pop,
             (unsigned long long)r->pop);
  }
  golcl_dist_grid_destroy(g);
  golcl_stepper_destroy(st);
}

static const uint32_t sizes[][2] = {{1, 1}, {7, 5}, {37, 29}, {200, 3}, {257, 129}};
static const char *const rules[] = {"B3/S23", "B36/S23", "B0/S8"};
static const uint32_t halos[] = {1, 3, 16};
static const uint64_t gens_list[] = {1, 17, 100};

/* The overlapped interval (the interior stepped while the frame travels, then the strips along
 * the sides) against the reference: every stepper, both boundaries, odd sizes whose blocks are
 * at least 2k a side, runs of 1, 5 and 11 generations with k = 3 (so that runs end inside an
 * interval and the next starts there), against OVERLAP_OFF as well; with more than one rank
 * the intervals after the first must have overlapped (stats.overlapped). */
static void overlap_case(golcl_stepper_kind kind, golcl_boundary b, golcl_dist_overlap ov) {
  const uint32_t w = 61, h = 47, k = 3;
  golcl_dist_grid_opts o = {0};
  o.halo = k;
  o.overlap = ov;
  golcl_dist_grid *g = NULL;
  golcl_stepper *st = NULL;
  MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), kind, NULL, &st));
  MT_OK(golcl_dist_grid_create(mt_dctx, w, h, b, &o, &g));
  if (!g || !st) {
    golcl_dist_grid_destroy(g);
    golcl_stepper_destroy(st);
    return;
  }
  MT_OK(golcl_dist_grid_set_rule(g, "B36/S23"));
  MT_OK(golcl_dist_grid_randomize(g, 0.4, 77));
  static const uint64_t runs[] = {1, 5, 11};
  uint64_t done = 0;
  for (int i = 0; i < 3; i++) {
    MT_OK(golcl_dist_grid_step(g, st, runs[i]));
    done += runs[i];
    const ref *r = ref_get(w, h, b, "B36/S23", 0.4, 77, done);
    char what[160];
    snprintf(what, sizeof what, "overlap %s: %ux%u %s %s k=%u, %llu gens",
             ov == GOLCL_DIST_OVERLAP_OFF ? "off" : "auto", (unsigned)w, (unsigned)h,
             b == GOLCL_BOUNDARY_TORUS ? "torus" : "dead", golcl_stepper_name(kind), (unsigned)k,
             (unsigned long long)done);
    if (r) check_cells(g, r->cells, what);
  }
  golcl_dist_grid_stats stats;
  MT_OK(golcl_dist_grid_stats_get(g, &stats, 0));
  golcl_dist_part part;
  MT_OK(golcl_dist_grid_part(g, &part));
  int can = mt_size > 1 && ov == GOLCL_DIST_OVERLAP_AUTO && part.w >= 2 * k && part.h >= 2 * k &&
            (part.frame_left || part.frame_right || part.frame_top || part.frame_bottom);
  golcl_layout_info li;
  golcl_grid_buffer(golcl_dist_grid_local(g), &li);
  can = can && (li.layout == GOLCL_LAYOUT_BYTES || li.layout == GOLCL_LAYOUT_BYTES_POW2 ||
                li.layout == GOLCL_LAYOUT_BITROW);
  MT_CHECK(can ? stats.overlapped > 0 : stats.overlapped == 0,
           "%s %s: %llu intervals overlapped (expected %s)", golcl_stepper_name(kind),
           ov == GOLCL_DIST_OVERLAP_OFF ? "off" : "auto", (unsigned long long)stats.overlapped,
           can ? "some" : "none");
  golcl_dist_grid_destroy(g);
  golcl_stepper_destroy(st);
}

static void test_overlap(void) {
  for (size_t i = 0; i < nkinds; i++)
    for (int b = 0; b < 2; b++) overlap_case(kinds[i], (golcl_boundary)b, GOLCL_DIST_OVERLAP_AUTO);
  overlap_case(kinds[nkinds - 1], GOLCL_BOUNDARY_TORUS, GOLCL_DIST_OVERLAP_OFF);
}

/* Blocks tile the grid: every cell owned once; frames and local grids as documented. */
static void test_decomposition(void) {
  for (size_t i = 0; i < 5; i++)
    for (int b = 0; b < 2; b++) {
      golcl_dist_grid *g = NULL;
      MT_OK(golcl_dist_grid_create(mt_dctx, sizes[i][0], sizes[i][1], (golcl_boundary)b, NULL, &g));
      if (!g) continue;
      golcl_dist_part p;
      MT_OK(golcl_dist_grid_part(g, &p));
      MT_CHECK(p.px * p.py == (uint32_t)mt_size, "px %u py %u", p.px, p.py);
      MT_CHECK(p.halo == golcl_dist_default_halo(), "halo %u", p.halo);
      uint32_t mine[4] = {p.x, p.y, p.w, p.h}, *all = malloc(16 * (size_t)mt_size);
      MPI_Allgather(mine, 4, MPI_UINT32_T, all, 4, MPI_UINT32_T, MPI_COMM_WORLD);
      uint64_t area = 0;
      for (int r = 0; r < mt_size; r++) {
        area += (uint64_t)all[4 * r + 2] * all[4 * r + 3];
        for (int q = 0; q < r; q++) { /* disjoint */
          uint32_t *A = all + 4 * r, *B = all + 4 * q;
          int meet = A[2] && A[3] && B[2] && B[3] && A[0] < B[0] + B[2] && B[0] < A[0] + A[2] &&
                     A[1] < B[1] + B[3] && B[1] < A[1] + A[3];
          MT_CHECK(!meet, "blocks of ranks %d and %d overlap", r, q);
        }
      }
      MT_CHECK(area == (uint64_t)sizes[i][0] * sizes[i][1], "blocks cover %llu cells",
               (unsigned long long)area);
      int has = p.w && p.h;
      MT_CHECK(has == (golcl_dist_grid_local(g) != NULL), "local grid iff a block");
      if (has) {
        MT_CHECK(p.local_w == p.w + p.frame_left + p.frame_right, "local width");
        MT_CHECK(golcl_grid_width(golcl_dist_grid_local(g)) == p.local_w, "local grid width");
        if (b == GOLCL_BOUNDARY_DEAD)
          MT_CHECK(p.x >= p.frame_left && p.x + p.w + p.frame_right <= sizes[i][0],
                   "a dead frame stays inside the grid");
      }
      free(all);
      golcl_dist_grid_destroy(g);
    }
}

/* Sizes × boundaries × k. Rule, generation count and soup turn with the size and boundary
 * (the ten pairs meet every rule × generation count pair), k and the stepper with the case, so
 * that every rule and count meets every k and the three k of a pair share one reference. */
static void test_matrix(void) {
  for (size_t s = 0; s < 5; s++)
    for (int b = 0; b < 2; b++) {
      size_t j = 2 * s + (size_t)b;
      for (size_t k = 0; k < 3; k++)
        run_case(sizes[s][0], sizes[s][1], (golcl_boundary)b, rules[j % 3], halos[k],
                 kinds[(3 * j + k) % nkinds], gens_list[(j + j / 3) % 3], 1000 + j);
    }
}

/* Every stepper of the build on both boundaries, from the same soups (one reference each):
 * over 17 generations with k = 3 on a grid whose blocks are uneven, and over 100 generations
 * with k = 16. */
static void test_every_stepper(void) {
  for (size_t i = 0; i < nkinds; i++)
    for (int b = 0; b < 2; b++) {
      run_case(37, 29, (golcl_boundary)b, rules[(i + (size_t)b) % 3], 3, kinds[i], 17,
               2000 + (uint64_t)b);
      run_case(257, 129, (golcl_boundary)b, "B3/S23", 16, kinds[i], 100, 3000 + (uint64_t)b);
    }
}

/* The two ways of the exchange (the frame kernels, and the rectangle I/O), alone and mixed
 * between ranks, with and without profiling: every stepper (every layout: bytes, bytes_pow2,
 * bitrow, pack16) on both boundaries, odd sizes, deep and shallow frames. */
static void test_exchange_ways(void) {
  golcl_dist_grid_opts bad = {0};
  bad.exchange = (golcl_dist_exchange)7;
  golcl_dist_grid *g = (golcl_dist_grid *)&bad;
  MT_CHECK(golcl_dist_grid_create(mt_dctx, 37, 29, GOLCL_BOUNDARY_TORUS, &bad, &g) ==
                   GOLCL_E_INVALID_ARG &&
               g == NULL,
           "exchange 7 is refused");
  for (int way = 0; way < 2; way++) {
    case_exchange = way ? -1 : GOLCL_DIST_EXCHANGE_RECT;
    case_profile = way;
    for (size_t i = 0; i < nkinds; i++)
      for (int b = 0; b < 2; b++) {
        run_case(37, 29, (golcl_boundary)b, rules[(i + (size_t)b) % 3], 3, kinds[i], 17,
                 2000 + (uint64_t)b);
        run_case(7, 5, (golcl_boundary)b, "B3/S23", 16, kinds[i], 17, 4000 + (uint64_t)b);
      }
  }
  case_exchange = GOLCL_DIST_EXCHANGE_AUTO;
  case_profile = 0;
}

/* Randomize alone equals one grid's randomize, for both boundaries and a non-default split. */
static void test_randomize(void) {
  for (int b = 0; b < 2; b++) {
    const ref *r = ref_get(257, 129, (golcl_boundary)b, "B3/S23", 0.3, 77, 0);
    if (!r) return;
    golcl_dist_grid_opts o = {0};
    o.px = 1;
    o.py = (uint32_t)mt_size;
    o.halo = 5;
    golcl_dist_grid *g = NULL;
    MT_OK(golcl_dist_grid_create(mt_dctx, 257, 129, (golcl_boundary)b, &o, &g));
    MT_OK(golcl_dist_grid_randomize(g, 0.3, 77));
    check_cells(g, r->cells, "randomize");
    uint64_t hash = 0;
    MT_OK(golcl_dist_grid_hash(g, &hash));
    MT_CHECK(hash == r->hash, "randomize hash");
    golcl_dist_grid_destroy(g);
  }
}

static const char glider[] = "x = 3, y = 3\nbo$2bo$3o!\n";

/* A glider on a 48×48 torus moves one cell diagonally every 4 generations: after 4·48 it is
 * home, having crossed every block boundary and both seams. */
static void test_glider_home(void) {
  golcl_pattern *p = NULL;
  MT_OK(golcl_pattern_parse(glider, strlen(glider), &p) == GOLCL_OK ? GOLCL_OK : GOLCL_E_PARSE);
  golcl_stepper_kind use[] = {GOLCL_STEPPER_NAIVE, GOLCL_STEPPER_LUT6X3};
  uint32_t ks[] = {3, 16};
  for (int u = 0; u < 2; u++) {
    if (!golcl_stepper_available(use[u])) continue;
    golcl_dist_grid_opts o = {0};
    o.halo = ks[u];
    golcl_dist_grid *g = NULL;
    golcl_stepper *st = NULL;
    MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), use[u], NULL, &st));
    MT_OK(golcl_dist_grid_create(mt_dctx, 48, 48, GOLCL_BOUNDARY_TORUS, &o, &g));
    MT_OK(golcl_dist_grid_place(g, p, 46, 45)); /* across the seam at the start */
    uint8_t *start = mt_rank == 0 ? malloc(48 * 48) : NULL;
    MT_OK(golcl_dist_grid_gather(g, 0, UINT64_MAX, start, 0));
    uint64_t h0 = 0, h1 = 0, pop = 0;
    MT_OK(golcl_dist_grid_hash(g, &h0));
    for (int q = 0; q < 4; q++) { /* a quarter of the way: elsewhere, still 5 cells */
      MT_OK(golcl_dist_grid_step(g, st, 48));
      MT_OK(golcl_dist_grid_population(g, &pop));
      MT_CHECK(pop == 5, "glider population %llu after %d quarters", (unsigned long long)pop,
               q + 1);
    }
    MT_OK(golcl_dist_grid_hash(g, &h1));
    MT_CHECK(h0 == h1, "%s: the glider did not come home", golcl_stepper_name(use[u]));
    if (start)
      check_cells(g, start, "glider home");
    else
      check_cells(g, NULL, "glider home");
    free(start);
    golcl_dist_grid_destroy(g);
    golcl_stepper_destroy(st);
  }
  golcl_pattern_destroy(p);
}

/* Place a pattern at positions that wrap or clip; cells and RLE of extract equal one grid's. */
static void test_place_extract(void) {
  const char *dir = getenv("GOLCL_TEST_DATA");
  char path[1024];
  snprintf(path, sizeof path, "%s/gosper-glider-gun.rle", dir ? dir : "tests/data");
  golcl_pattern *gun = NULL;
  MT_STATUS(golcl_pattern_read_file(path, &gun), GOLCL_OK);
  if (!gun) return;
  const int64_t pos[][2] = {{3, 2}, {-20, -4}, {60, 30}, {-100, 77}};
  golcl_context *ctx = golcl_dist_context_local(mt_dctx);
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 4; i++) {
      golcl_grid *one = NULL;
      golcl_dist_grid *g = NULL;
      golcl_stepper *st = NULL;
      MT_OK(golcl_grid_create(ctx, 71, 41, (golcl_boundary)b, &one) == GOLCL_OK &&
                    golcl_grid_place(one, gun, pos[i][0], pos[i][1]) == GOLCL_OK &&
                    golcl_stepper_create(ctx, GOLCL_STEPPER_NAIVE, NULL, &st) == GOLCL_OK &&
                    golcl_stepper_run(st, one, 30) == GOLCL_OK
                ? GOLCL_OK
                : GOLCL_E_OPENCL);
      golcl_dist_grid_opts o = {0};
      o.halo = 4;
      MT_OK(golcl_dist_grid_create(mt_dctx, 71, 41, (golcl_boundary)b, &o, &g));
      MT_OK(golcl_dist_grid_place(g, gun, pos[i][0], pos[i][1]));
      MT_OK(golcl_dist_grid_step(g, st, 30));
      uint8_t *want = malloc(71 * 41);
      golcl_grid_read(one, want, 0);
      check_cells(g, want, "place");
      /* extract: the same RLE text as golcl_grid_extract of one grid */
      golcl_pattern *pd = NULL, *p1 = NULL;
      golcl_grid_set_generation(one, 30);
      MT_OK(golcl_dist_grid_extract(g, 0, UINT64_MAX, &pd));
      MT_CHECK((mt_rank == 0) == (pd != NULL), "extract gives a pattern on root only");
      if (mt_rank == 0 && pd && golcl_grid_extract(one, &p1) == GOLCL_OK) {
        char *t1 = NULL, *t2 = NULL;
        size_t n1 = 0, n2 = 0;
        FILE *f1 = open_memstream(&t1, &n1), *f2 = open_memstream(&t2, &n2);
        golcl_pattern_write_rle(p1, f1);
        golcl_pattern_write_rle(pd, f2);
        fclose(f1);
        fclose(f2);
        MT_CHECK(strcmp(t1, t2) == 0, "extract:\n%s\nwant:\n%s", t2, t1);
        free(t1);
        free(t2);
      }
      golcl_pattern_destroy(pd);
      golcl_pattern_destroy(p1);
      free(want);
      golcl_dist_grid_destroy(g);
      golcl_grid_destroy(one);
      golcl_stepper_destroy(st);
    }
  golcl_pattern_destroy(gun);
}

/* Scatter from the last rank, gather to rank 0; the gather limit. */
static void test_scatter_gather(void) {
  uint32_t w = 53, h = 31;
  int root = mt_size - 1;
  uint8_t *cells = malloc((size_t)w * h), *back = malloc((size_t)w * h * 2);
  for (size_t i = 0; i < (size_t)w * h; i++) cells[i] = (uint8_t)((i * 7919u) % 5 == 0);
  golcl_dist_grid *g = NULL;
  MT_OK(golcl_dist_grid_create(mt_dctx, w, h, GOLCL_BOUNDARY_DEAD, NULL, &g));
  MT_OK(golcl_dist_grid_scatter(g, root, mt_rank == root ? cells : NULL, 0));
  memset(back, 9, (size_t)w * h * 2);
  MT_OK(golcl_dist_grid_gather(g, 0, (uint64_t)w * h, mt_rank == 0 ? back : NULL, 2 * w));
  if (mt_rank == 0)
    for (uint32_t y = 0; y < h; y++) {
      MT_CHECK(memcmp(back + (size_t)y * 2 * w, cells + (size_t)y * w, w) == 0, "row %u", y);
      MT_CHECK(back[(size_t)y * 2 * w + w] == 9, "bytes past w are not touched");
    }
  uint64_t pop = 0, want = 0;
  for (size_t i = 0; i < (size_t)w * h; i++) want += cells[i];
  MT_OK(golcl_dist_grid_population(g, &pop));
  MT_CHECK(pop == want, "population after scatter");
  /* one byte under the size: refused on every rank, nothing written */
  MT_STATUS(golcl_dist_grid_gather(g, 0, (uint64_t)w * h - 1, mt_rank == 0 ? back : NULL, 0),
            GOLCL_E_UNSUPPORTED);
  golcl_pattern *p = NULL;
  MT_STATUS(golcl_dist_grid_extract(g, 0, 100, &p), GOLCL_E_UNSUPPORTED);
  MT_CHECK(p == NULL, "no pattern on failure");
  golcl_dist_grid_destroy(g);
  free(cells);
  free(back);
}

/* Failures seen by one rank only give the same status on every rank, and leave the ranks in
 * step: the grid works afterwards. */
static void test_one_rank_fails(void) {
  int odd = mt_size - 1; /* the rank that sees the problem */
  golcl_dist_grid *g = NULL;
  golcl_stepper *st = NULL;
  MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), GOLCL_STEPPER_NAIVE, NULL, &st));
  MT_OK(golcl_dist_grid_create(mt_dctx, 40, 30, GOLCL_BOUNDARY_TORUS, NULL, &g));
  MT_OK(golcl_dist_grid_randomize(g, 0.5, 3));
  MT_STATUS(golcl_dist_grid_set_rule(g, mt_rank == odd ? "B3/S2x" : "B3/S23"), GOLCL_E_PARSE);
  char msg[64];
  snprintf(msg, sizeof msg, "rank %d:", odd);
  MT_CHECK(strncmp(golcl_dist_errmsg(mt_dctx), msg, strlen(msg)) == 0, "message '%s'",
           golcl_dist_errmsg(mt_dctx));
  MT_STATUS(golcl_dist_grid_set_rule(g, mt_rank == odd ? "B36/S23" : "B3/S23"),
            mt_size > 1 ? GOLCL_E_INVALID_ARG : GOLCL_OK);
  MT_OK(golcl_dist_grid_set_rule(g, "B3/S23"));
  MT_STATUS(golcl_dist_grid_step(g, mt_rank == odd ? NULL : st, 5), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_grid_step(g, st, mt_rank == odd ? 6 : 5),
            mt_size > 1 ? GOLCL_E_INVALID_ARG : GOLCL_OK);
  MT_STATUS(golcl_dist_grid_randomize(g, mt_rank == odd ? 1.5 : 0.5, 3), GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_grid_population(g, mt_rank == odd ? NULL : &(uint64_t){0}),
            GOLCL_E_INVALID_ARG);
  MT_STATUS(golcl_dist_grid_gather(g, mt_size, UINT64_MAX, NULL, 0), GOLCL_E_INVALID_ARG);
  golcl_dist_grid *bad = NULL;
  MT_STATUS(golcl_dist_grid_create(mt_dctx, 10, 10, GOLCL_BOUNDARY_DEAD, NULL,
                                   mt_rank == odd ? NULL : &bad),
            GOLCL_E_INVALID_ARG);
  MT_CHECK(bad == NULL, "no grid on failure");
  MT_STATUS(golcl_dist_grid_create(mt_dctx, 0, 10, GOLCL_BOUNDARY_DEAD, NULL, &bad),
            GOLCL_E_INVALID_ARG);
  golcl_dist_grid_opts o = {0};
  o.px = (uint32_t)mt_size + 1;
  o.py = 1;
  MT_STATUS(golcl_dist_grid_create(mt_dctx, 10, 10, GOLCL_BOUNDARY_DEAD, &o, &bad),
            GOLCL_E_INVALID_ARG);
  /* still in step: the same run as one grid */
  uint64_t h = 0, want = 0;
  golcl_grid *one = NULL;
  golcl_context *ctx = golcl_dist_context_local(mt_dctx);
  golcl_grid_create(ctx, 40, 30, GOLCL_BOUNDARY_TORUS, &one);
  golcl_grid_randomize(one, 0.5, 3);
  golcl_stepper_run(st, one, mt_size > 1 ? 11 : 17); /* one rank did step 6 above */
  golcl_grid_hash(one, &want);
  MT_OK(golcl_dist_grid_step(g, st, 11));
  MT_OK(golcl_dist_grid_hash(g, &h));
  MT_CHECK(h == want, "after the failures the grid steps as one grid");
  golcl_grid_destroy(one);
  golcl_dist_grid_destroy(g);
  golcl_stepper_destroy(st);
}

/* A rank whose allocation limit is too low makes every rank return GOLCL_E_OUT_OF_MEMORY. */
static void test_oom_on_one_rank(void) {
  golcl_dist_context *d = NULL;
  golcl_dist_context_opts o = {0};
  o.device = mt_device();
  int odd = mt_size / 2;
  o.max_object_bytes = mt_rank == odd ? 1000 : 0;
  MT_OK(golcl_dist_context_create(MPI_COMM_WORLD, &o, &d));
  if (!d) return;
  golcl_dist_grid *g = (golcl_dist_grid *)&o; /* must be set to NULL */
  golcl_status s = golcl_dist_grid_create(d, 300, 200, GOLCL_BOUNDARY_DEAD, NULL, &g);
  MT_CHECK(s == GOLCL_E_OUT_OF_MEMORY, "%s", golcl_strerror(s));
  MT_CHECK(g == NULL, "no grid on failure");
  char msg[64];
  snprintf(msg, sizeof msg, "rank %d:", odd);
  MT_CHECK(strncmp(golcl_dist_errmsg(d), msg, strlen(msg)) == 0, "message '%s'",
           golcl_dist_errmsg(d));
  /* small enough everywhere: fine */
  MT_STATUS(golcl_dist_grid_create(d, 10, 10, GOLCL_BOUNDARY_DEAD, NULL, &g), GOLCL_OK);
  golcl_dist_grid_destroy(g);
  golcl_dist_context_destroy(d);
  /* a device that does not exist on one rank */
  o.max_object_bytes = 0;
  o.device = mt_rank == odd ? "no such device 1234" : mt_device();
  MT_STATUS(golcl_dist_context_create(MPI_COMM_WORLD, &o, &d), GOLCL_E_NO_DEVICE);
  MT_CHECK(d == NULL, "no context on failure");
  golcl_dist_context_destroy(d);
}

static void test_devices(void) {
  golcl_dist_device *all = calloc((size_t)mt_size, sizeof *all);
  MT_OK(golcl_dist_devices(mt_dctx, all, (size_t)mt_size));
  for (int r = 0; r < mt_size; r++) {
    MT_CHECK(all[r].rank == r, "rank %d in entry %d", all[r].rank, r);
    MT_CHECK(all[r].info.name[0] != 0, "device name of rank %d", r);
  }
  MT_STATUS(golcl_dist_devices(mt_dctx, all, mt_rank == 0 ? 0 : (size_t)mt_size),
            GOLCL_E_INVALID_ARG);
  free(all);
  MT_CHECK(golcl_dist_rank(mt_dctx) == mt_rank, "rank");
  MT_CHECK(golcl_dist_size(mt_dctx) == mt_size, "size");
  MT_CHECK(golcl_dist_local_rank(mt_dctx) >= 0 &&
               golcl_dist_local_rank(mt_dctx) < golcl_dist_local_size(mt_dctx),
           "local rank");
  MT_CHECK(golcl_dist_rank(NULL) == -1 && golcl_dist_context_local(NULL) == NULL, "NULL");
  MT_CHECK(golcl_dist_grid_width(NULL) == 0 && golcl_dist_grid_local(NULL) == NULL, "NULL grid");
  MT_CHECK(golcl_dist_grid_step(NULL, NULL, 1) == GOLCL_E_INVALID_ARG, "NULL grid step");
  MT_CHECK(golcl_dist_set_default_halo(0) == GOLCL_E_INVALID_ARG, "halo 0");
  golcl_dist_grid_destroy(NULL);
  golcl_dist_context_destroy(NULL);
}

/* k: chosen from the stepper's generations per launch (whole launches an interval), the
 * default without a stepper, and opts.halo when given. */
static void test_halo_choice(void) {
  uint32_t d = golcl_dist_default_halo();
  MT_CHECK(d == GOLCL_DIST_DEFAULT_HALO, "default %u", d);
  MT_CHECK(golcl_dist_halo_for(0) == d && golcl_dist_halo_for(1) == d, "g 0, 1");
  MT_CHECK(golcl_dist_halo_for(3) == 18 && golcl_dist_halo_for(5) == 20, "g 3, 5");
  MT_CHECK(golcl_dist_halo_for(16) == 16 && golcl_dist_halo_for(40) == 40, "g 16, 40");
  MT_CHECK(golcl_dist_halo_for(1u << 25) == 1u << 24, "g above 2^24");
  MT_CHECK(golcl_dist_halo_for((1u << 24) - 1) == (1u << 24) - 1, "g just below 2^24");
  MT_OK(golcl_dist_set_default_halo(7));
  MT_CHECK(golcl_dist_halo_for(3) == 9 && golcl_dist_halo_for(1) == 7, "default 7");
  MT_OK(golcl_dist_set_default_halo(d));
  setenv("GOLCL_DIST_TUNE", "off", 1); /* the choice before the tuning (test_halo_tuned) */
  for (size_t i = 0; i < nkinds; i++) {
    golcl_stepper *st = NULL;
    MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), kinds[i], NULL, &st));
    /* g on a grid of the default k's local shape (as the creation probes it), largest over
     * the ranks */
    uint32_t g = 0, gmax = 0;
    golcl_dist_grid *probe = NULL;
    MT_OK(golcl_dist_grid_create(mt_dctx, 40, 30, GOLCL_BOUNDARY_TORUS, NULL, &probe));
    golcl_grid *loc = golcl_dist_grid_local(probe);
    if (loc) MT_OK(golcl_stepper_generations_per_launch(st, loc, &g));
    MPI_Allreduce(&g, &gmax, 1, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);
    golcl_dist_grid_destroy(probe);
    MT_CHECK(kinds[i] != GOLCL_STEPPER_MULTI || gmax > 1, "multi: %u a launch", gmax);
    g = gmax;
    for (uint32_t given = 0; given <= 5; given += 5) {
      golcl_dist_grid_opts o = {0};
      o.stepper = st;
      o.halo = given;
      golcl_dist_grid *grid = NULL;
      golcl_dist_part p = {0};
      MT_OK(golcl_dist_grid_create(mt_dctx, 40, 30, GOLCL_BOUNDARY_TORUS, &o, &grid));
      MT_OK(golcl_dist_grid_part(grid, &p));
      uint32_t want = given ? given : golcl_dist_halo_for(g);
      MT_CHECK(p.halo == want, "%s: k %u, want %u (%u generations a launch)",
               golcl_stepper_name(kinds[i]), p.halo, want, g);
      golcl_dist_grid_destroy(grid);
    }
    golcl_stepper_destroy(st);
  }
  if (golcl_stepper_available(GOLCL_STEPPER_MULTI)) { /* its option: 5 a launch gives k = 20 */
    golcl_stepper_opts so = {0};
    so.gens_per_launch = 5;
    golcl_stepper *st = NULL;
    MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), GOLCL_STEPPER_MULTI, &so, &st));
    golcl_dist_grid_opts o = {0};
    o.stepper = st;
    golcl_dist_grid *grid = NULL;
    golcl_dist_part p = {0};
    MT_OK(golcl_dist_grid_create(mt_dctx, 300, 200, GOLCL_BOUNDARY_TORUS, &o, &grid));
    MT_OK(golcl_dist_grid_part(grid, &p));
    MT_CHECK(p.halo == 20, "multi at 5 a launch: k %u", p.halo);
    /* a stepper on some ranks only: refused on every rank */
    o.stepper = mt_rank == 0 ? st : NULL;
    golcl_dist_grid *bad = NULL;
    MT_STATUS(golcl_dist_grid_create(mt_dctx, 300, 200, GOLCL_BOUNDARY_TORUS, &o, &bad),
              mt_size > 1 ? GOLCL_E_INVALID_ARG : GOLCL_OK);
    golcl_dist_grid_destroy(bad);
    golcl_dist_grid_destroy(grid);
    golcl_stepper_destroy(st);
  }
  unsetenv("GOLCL_DIST_TUNE");
}

/* The tuned frame depth (a grid made with a stepper and no halo): whatever the timings, at
 * least the untuned choice, a multiple of the stepper's generations a launch, at most half the
 * smallest block's side when above the untuned choice (GOLCL_DIST_TUNE_CAP=2 instead of the
 * 1/160 that keeps the overhead within 10 %, so that pocl's small grids tune), the same on
 * every rank; and the cells exact. */
static void test_halo_tuned(void) {
  setenv("GOLCL_DIST_TUNE_CAP", "2", 1);
  for (size_t i = 0; i < nkinds; i++) {
    if (kinds[i] != GOLCL_STEPPER_MULTI && kinds[i] != GOLCL_STEPPER_BITSLICE &&
        kinds[i] != GOLCL_STEPPER_NAIVE && kinds[i] != GOLCL_STEPPER_AUTO)
      continue; /* the GPU's steppers and the plainest (each new k builds kernels again) */
    golcl_stepper *st = NULL;
    MT_OK(golcl_stepper_create(golcl_dist_context_local(mt_dctx), kinds[i], NULL, &st));
    golcl_dist_grid_opts o = {0};
    o.stepper = st;
    golcl_dist_grid *grid = NULL;
    golcl_dist_part p = {0};
    const uint32_t w = 240, h = 160;
    MT_OK(golcl_dist_grid_create(mt_dctx, w, h, GOLCL_BOUNDARY_TORUS, &o, &grid));
    MT_OK(golcl_dist_grid_part(grid, &p));
    uint32_t g = 0, gmax = 0, kmin = 0, kmax = 0, side = p.w < p.h ? p.w : p.h, smin = 0;
    if (golcl_dist_grid_local(grid))
      MT_OK(golcl_stepper_generations_per_launch(st, golcl_dist_grid_local(grid), &g));
    MPI_Allreduce(&g, &gmax, 1, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&p.halo, &kmin, 1, MPI_UINT32_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&p.halo, &kmax, 1, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&side, &smin, 1, MPI_UINT32_T, MPI_MIN, MPI_COMM_WORLD);
    uint32_t base = golcl_dist_halo_for(gmax);
    MT_CHECK(kmin == kmax, "%s: k differs between ranks (%u..%u)", golcl_stepper_name(kinds[i]),
             kmin, kmax);
    MT_CHECK(p.halo >= base && (gmax <= 1 || p.halo % gmax == 0) &&
                 (p.halo == base || p.halo <= smin / 2),
             "%s: tuned k %u (untuned %u, %u a launch, smallest side %u)",
             golcl_stepper_name(kinds[i]), p.halo, base, gmax, smin);
    if (mt_rank == 0)
      printf("    %s: k %u (untuned %u)\n", golcl_stepper_name(kinds[i]), p.halo, base);
    const ref *r = ref_get(w, h, GOLCL_BOUNDARY_TORUS, "B3/S23", 0.4, 91, p.halo + 2);
    MT_OK(golcl_dist_grid_randomize(grid, 0.4, 91));
    MT_OK(golcl_dist_grid_step(grid, st, p.halo + 2));
    if (r) check_cells(grid, r->cells, "tuned k");
    golcl_dist_grid_destroy(grid);
    golcl_stepper_destroy(st);
  }
  unsetenv("GOLCL_DIST_TUNE_CAP");
}

int main(int argc, char **argv) {
  if (mt_init(&argc, &argv, "test_dist_life")) return 1;
  find_kinds();
  mt_run("devices", test_devices);
  mt_run("decomposition", test_decomposition);
  mt_run("halo_choice", test_halo_choice);
  mt_run("halo_tuned", test_halo_tuned);
  mt_run("exchange_ways", test_exchange_ways);
  mt_run("randomize", test_randomize);
  mt_run("matrix", test_matrix);
  mt_run("every_stepper", test_every_stepper);
  mt_run("overlap", test_overlap);
  mt_run("glider_home", test_glider_home);
  mt_run("place_extract", test_place_extract);
  mt_run("scatter_gather", test_scatter_gather);
  mt_run("one_rank_fails", test_one_rank_fails);
  mt_run("oom_on_one_rank", test_oom_on_one_rank);
  refs_free();
  return mt_finish();
}
