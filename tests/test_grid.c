/* test_grid.c — grids: creation limits, rules, host I/O with strides, clear,
 * randomize (reproducible, documented formula, density), population, hash,
 * layouts, clone, rectangle I/O in every layout against a host model, and
 * invalid arguments of every grid function. */
#include "testutil.h"

#include <math.h>
#include <string.h>

static golcl_grid *make(uint32_t w, uint32_t h, golcl_boundary b) {
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, b, &g));
  return g;
}

START_TEST(create_limits) {
  golcl_grid *g = (golcl_grid *)1;
  ck_assert_int_eq(golcl_grid_create(tu_ctx, 0, 5, GOLCL_BOUNDARY_DEAD, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
  g = (golcl_grid *)1;
  ck_assert_int_eq(golcl_grid_create(tu_ctx, 5, 0, GOLCL_BOUNDARY_DEAD, &g), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(g);
  ck_assert_int_eq(golcl_grid_create(NULL, 5, 5, GOLCL_BOUNDARY_DEAD, &g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_create(tu_ctx, 5, 5, GOLCL_BOUNDARY_DEAD, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_create(tu_ctx, 5, 5, (golcl_boundary)7, &g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_create(tu_ctx, 0x80000000u, 1, GOLCL_BOUNDARY_DEAD, &g),
                   GOLCL_E_INVALID_ARG);
  /* larger than the device: refused before anything is allocated */
  ck_assert_int_eq(golcl_grid_create(tu_ctx, 2000000000u, 2000000000u, GOLCL_BOUNDARY_TORUS, &g),
                   GOLCL_E_OUT_OF_MEMORY);
  ck_assert_ptr_null(g);
  ck_assert_uint_gt(strlen(golcl_context_errmsg(tu_ctx)), 0);

  g = make(1, 1, GOLCL_BOUNDARY_TORUS);
  ck_assert_uint_eq(golcl_grid_width(g), 1);
  ck_assert_uint_eq(golcl_grid_height(g), 1);
  ck_assert_int_eq(golcl_grid_boundary(g), GOLCL_BOUNDARY_TORUS);
  ck_assert_ptr_eq(golcl_grid_context(g), tu_ctx);
  ck_assert_uint_eq(golcl_grid_generation(g), 0);
  uint64_t pop = 1;
  TU_OK(golcl_grid_population(g, &pop));
  ck_assert_uint_eq(pop, 0);
  char rule[32];
  TU_OK(golcl_grid_get_rule(g, rule, sizeof rule));
  ck_assert_str_eq(rule, "B3/S23");
  golcl_grid_destroy(g);
  golcl_grid_destroy(NULL);
  ck_assert_uint_eq(golcl_grid_width(NULL), 0);
  ck_assert_ptr_null(golcl_grid_context(NULL));
}
END_TEST

START_TEST(rules_parse_and_format) {
  static const struct {
    const char *text;
    uint16_t birth, survive;
    const char *canonical;
  } good[] = {
      {"B3/S23", 1 << 3, 1 << 2 | 1 << 3, "B3/S23"},
      {"b36/s23", 1 << 3 | 1 << 6, 1 << 2 | 1 << 3, "B36/S23"},
      {"B36S23", 1 << 3 | 1 << 6, 1 << 2 | 1 << 3, "B36/S23"},
      {"S23/B3", 1 << 3, 1 << 2 | 1 << 3, "B3/S23"},
      {"23/3", 1 << 3, 1 << 2 | 1 << 3, "B3/S23"},
      {"  B3/S23\n", 1 << 3, 1 << 2 | 1 << 3, "B3/S23"},
      {"B2/S", 1 << 2, 0, "B2/S"},
      {"B0/S8", 1, 1 << 8, "B0/S8"},
      {"/3", 1 << 3, 0, "B3/S"},
      {"B/S", 0, 0, "B/S"},
      {"B012345678/S012345678", 0x1ff, 0x1ff, "B012345678/S012345678"},
  };
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    golcl_rule r;
    golcl_status s = golcl_rule_parse(good[i].text, &r);
    ck_assert_msg(s == GOLCL_OK, "%s: %s", good[i].text, golcl_last_errmsg());
    ck_assert_uint_eq(r.birth, good[i].birth);
    ck_assert_uint_eq(r.survive, good[i].survive);
    char buf[32];
    TU_OK(golcl_rule_format(r, buf, sizeof buf));
    ck_assert_str_eq(buf, good[i].canonical);
  }
  static const char *const bad[] = {"", "  ", "B9/S23", "X3/S23", "B3/S23/", "B3/B3", "23/3x",
                                    "B3/S23:T10,10", "23", "B3/S2-3", "Life"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    golcl_rule r = {77, 88};
    ck_assert_msg(golcl_rule_parse(bad[i], &r) == GOLCL_E_PARSE, "\"%s\" should not parse", bad[i]);
    ck_assert_uint_eq(r.birth, 77);
    ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "column"));
  }
  golcl_rule r = {1 << 3, 1 << 2};
  ck_assert_int_eq(golcl_rule_parse(NULL, &r), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_parse("B3/S23", NULL), GOLCL_E_INVALID_ARG);
  char small[4];
  ck_assert_int_eq(golcl_rule_format(r, small, sizeof small), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_rule_format(r, NULL, 10), GOLCL_E_INVALID_ARG);
  golcl_rule wide = {1 << 9, 0};
  char buf[32];
  ck_assert_int_eq(golcl_rule_format(wide, buf, sizeof buf), GOLCL_E_INVALID_ARG);
}
END_TEST

START_TEST(grid_rule_set_get) {
  golcl_grid *g = make(4, 4, GOLCL_BOUNDARY_DEAD);
  TU_OK(golcl_grid_set_rule(g, "b36/s23"));
  char buf[32];
  TU_OK(golcl_grid_get_rule(g, buf, sizeof buf));
  ck_assert_str_eq(buf, "B36/S23");
  ck_assert_int_eq(golcl_grid_set_rule(g, "B3/S2x"), GOLCL_E_PARSE);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "column 6"));
  TU_OK(golcl_grid_get_rule(g, buf, sizeof buf));
  ck_assert_str_eq(buf, "B36/S23"); /* unchanged */
  ck_assert_int_eq(golcl_grid_set_rule(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_set_rule(NULL, "B3/S23"), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_get_rule(g, buf, 3), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_get_rule(NULL, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  golcl_rule r = {1 << 2, 0};
  TU_OK(golcl_grid_set_rule_bits(g, r));
  TU_OK(golcl_grid_get_rule(g, buf, sizeof buf));
  ck_assert_str_eq(buf, "B2/S");
  golcl_rule bad = {0, 1 << 9};
  ck_assert_int_eq(golcl_grid_set_rule_bits(g, bad), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_rule(g, NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_grid_rule(g, &r));
  ck_assert_uint_eq(r.birth, 1 << 2);
  golcl_grid_destroy(g);
}
END_TEST

START_TEST(write_read_with_strides) {
  const uint32_t w = 13, h = 7;
  const size_t stride = 20;
  uint8_t *src = malloc(stride * h), *dst = malloc(stride * h);
  for (size_t i = 0; i < stride * h; i++) src[i] = (uint8_t)((i * 7919u) % 5); /* 0..4: nonzero is alive */
  golcl_grid *g = make(w, h, GOLCL_BOUNDARY_DEAD);
  TU_OK(golcl_grid_write(g, src, stride));
  memset(dst, 0xAB, stride * h);
  TU_OK(golcl_grid_read(g, dst, stride));
  for (uint32_t y = 0; y < h; y++)
    for (size_t x = 0; x < stride; x++) {
      if (x < w)
        ck_assert_uint_eq(dst[y * stride + x], src[y * stride + x] != 0);
      else
        ck_assert_uint_eq(dst[y * stride + x], 0xAB); /* bytes past the width are not touched */
    }
  uint8_t *compact = malloc(w * h);
  TU_OK(golcl_grid_read(g, compact, 0));
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) ck_assert_uint_eq(compact[y * w + x], dst[y * stride + x]);
  ck_assert_int_eq(golcl_grid_write(g, src, w - 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_read(g, dst, w - 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_write(g, NULL, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_read(g, NULL, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_write(NULL, src, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_read(NULL, dst, 0), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_grid_clear(g));
  uint64_t pop = 1;
  TU_OK(golcl_grid_population(g, &pop));
  ck_assert_uint_eq(pop, 0);
  ck_assert_int_eq(golcl_grid_clear(NULL), GOLCL_E_INVALID_ARG);
  free(src);
  free(dst);
  free(compact);
  golcl_grid_destroy(g);
}
END_TEST

/* The documented randomize formula, computed on the host. */
static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

START_TEST(randomize_follows_the_documented_formula) {
  const uint32_t w = 91, h = 45;
  const double density = 0.37;
  const uint64_t seed = 0x1234567890ULL;
  golcl_grid *g = make(w, h, GOLCL_BOUNDARY_TORUS);
  TU_OK(golcl_grid_randomize(g, density, seed));
  uint8_t *got = malloc(w * h);
  TU_OK(golcl_grid_read(g, got, 0));
  uint64_t threshold = (uint64_t)ldexp(density, 32);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint64_t r = mix64(mix64(seed) ^ ((uint64_t)y << 32 | x));
      ck_assert_uint_eq(got[y * w + x], (r >> 32) < threshold);
    }
  free(got);
  golcl_grid_destroy(g);
}
END_TEST

START_TEST(randomize_is_reproducible_with_the_right_density) {
  const uint32_t w = 256, h = 256;
  golcl_grid *a = make(w, h, GOLCL_BOUNDARY_DEAD), *b = make(w, h, GOLCL_BOUNDARY_TORUS);
  TU_OK(golcl_grid_randomize(a, 0.3, 42));
  TU_OK(golcl_grid_randomize(b, 0.3, 42));
  uint64_t ha, hb, pa;
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  TU_OK(golcl_grid_population(a, &pa));
  double n = (double)w * h, mean = 0.3 * n, sd = sqrt(n * 0.3 * 0.7);
  ck_assert_msg(fabs((double)pa - mean) < 5 * sd, "population %llu, expected %.0f ± %.0f",
                (unsigned long long)pa, mean, 5 * sd);
  TU_OK(golcl_grid_randomize(b, 0.3, 43));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_ne(ha, hb);
  TU_OK(golcl_grid_randomize(b, 0.0, 1));
  TU_OK(golcl_grid_population(b, &pa));
  ck_assert_uint_eq(pa, 0);
  TU_OK(golcl_grid_randomize(b, 1.0, 1));
  TU_OK(golcl_grid_population(b, &pa));
  ck_assert_uint_eq(pa, (uint64_t)w * h);
  /* bad densities change nothing */
  const double bad[] = {-0.01, 1.01, NAN};
  for (int i = 0; i < 3; i++)
    ck_assert_int_eq(golcl_grid_randomize(b, bad[i], 1), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_grid_population(b, &pa));
  ck_assert_uint_eq(pa, (uint64_t)w * h);
  ck_assert_int_eq(golcl_grid_randomize(NULL, 0.5, 1), GOLCL_E_INVALID_ARG);
  golcl_grid_destroy(a);
  golcl_grid_destroy(b);
}
END_TEST

START_TEST(hash_depends_on_cells_and_size_only) {
  const uint32_t w = 40, h = 30;
  uint8_t *cells = tu_random_cells(w * h, 0.5, 3);
  golcl_grid *a = make(w, h, GOLCL_BOUNDARY_DEAD), *b = make(w, h, GOLCL_BOUNDARY_TORUS);
  TU_OK(golcl_grid_write(a, cells, 0));
  TU_OK(golcl_grid_write(b, cells, 0));
  TU_OK(golcl_grid_set_rule(b, "B36/S23"));
  TU_OK(golcl_grid_set_generation(b, 99));
  uint64_t ha, hb;
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  ck_assert_uint_eq(golcl_grid_generation(b), 99);
  cells[w * h / 2] ^= 1;
  TU_OK(golcl_grid_write(b, cells, 0));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_ne(ha, hb);
  /* the same (no) cells on another size hash differently */
  golcl_grid *c = make(w, h + 1, GOLCL_BOUNDARY_DEAD), *d = make(w + 1, h, GOLCL_BOUNDARY_DEAD);
  uint64_t hc, hd;
  TU_OK(golcl_grid_hash(c, &hc));
  TU_OK(golcl_grid_hash(d, &hd));
  ck_assert_uint_ne(hc, hd);
  ck_assert_int_eq(golcl_grid_hash(NULL, &hc), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_hash(c, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_population(NULL, &hc), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_population(c, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_set_generation(NULL, 1), GOLCL_E_INVALID_ARG);
  free(cells);
  golcl_grid_destroy(a);
  golcl_grid_destroy(b);
  golcl_grid_destroy(c);
  golcl_grid_destroy(d);
}
END_TEST

START_TEST(clone_copies_everything) {
  golcl_grid *a = make(33, 17, GOLCL_BOUNDARY_TORUS), *b;
  TU_OK(golcl_grid_randomize(a, 0.5, 5));
  TU_OK(golcl_grid_set_rule(a, "B36/S23"));
  TU_OK(golcl_grid_set_generation(a, 12));
  TU_OK(golcl_grid_clone(a, &b));
  uint64_t ha, hb;
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  ck_assert_uint_eq(golcl_grid_generation(b), 12);
  ck_assert_int_eq(golcl_grid_boundary(b), GOLCL_BOUNDARY_TORUS);
  char rule[32];
  TU_OK(golcl_grid_get_rule(b, rule, sizeof rule));
  ck_assert_str_eq(rule, "B36/S23");
  /* independent cells */
  TU_OK(golcl_grid_clear(b));
  TU_OK(golcl_grid_hash(a, &hb));
  ck_assert_uint_eq(ha, hb);
  golcl_grid *c = (golcl_grid *)1;
  ck_assert_int_eq(golcl_grid_clone(NULL, &c), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(c);
  ck_assert_int_eq(golcl_grid_clone(a, NULL), GOLCL_E_INVALID_ARG);
  golcl_grid_destroy(a);
  golcl_grid_destroy(b);
}
END_TEST

/* Every layout keeps the cells, the hash (a pass over a byte view) and the
 * population (a popcount of the buffer in its own layout). */
START_TEST(every_layout_keeps_the_cells) {
  const uint32_t sizes[][2] = {{1, 1}, {5, 3}, {37, 29}, {70, 9}};
  for (size_t si = 0; si < 4; si++) {
    uint32_t w = sizes[si][0], h = sizes[si][1];
    golcl_grid *g = make(w, h, GOLCL_BOUNDARY_TORUS);
    uint8_t *cells = tu_random_cells((size_t)w * h, 0.5, si + 10), *back = malloc((size_t)w * h);
    TU_OK(golcl_grid_write(g, cells, 0));
    uint64_t h0, p0;
    TU_OK(golcl_grid_hash(g, &h0));
    TU_OK(golcl_grid_population(g, &p0));
    uint64_t live = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) live += cells[i];
    ck_assert_uint_eq(p0, live);
    golcl_layout_info info;
    ck_assert_ptr_nonnull(golcl_grid_buffer(g, &info));
    ck_assert_int_eq(info.layout, GOLCL_LAYOUT_BYTES);
    ck_assert_uint_eq(info.bytes, (size_t)w * h);
    for (int L = 0; L < GOLCL_LAYOUT_COUNT; L++) {
      ck_assert_ptr_nonnull(golcl_layout_name((golcl_layout)L));
      golcl_status s = golcl_grid_set_layout(g, (golcl_layout)L);
      if (s == GOLCL_E_UNSUPPORTED) continue; /* not built in: reported, cells untouched */
      TU_OK(s);
      ck_assert_ptr_nonnull(golcl_grid_buffer(g, &info));
      ck_assert_int_eq(info.layout, L);
      uint64_t h1, p1;
      TU_OK(golcl_grid_hash(g, &h1));
      TU_OK(golcl_grid_population(g, &p1));
      ck_assert_uint_eq(h1, h0);
      ck_assert_uint_eq(p1, p0);
      TU_OK(golcl_grid_read(g, back, 0));
      ck_assert_int_eq(memcmp(back, cells, (size_t)w * h), 0);
    }
    TU_OK(golcl_grid_set_layout(g, GOLCL_LAYOUT_BYTES));
    TU_OK(golcl_grid_read(g, back, 0));
    ck_assert_int_eq(memcmp(back, cells, (size_t)w * h), 0);
    ck_assert_int_eq(golcl_grid_set_layout(g, GOLCL_LAYOUT_COUNT), GOLCL_E_INVALID_ARG);
    ck_assert_int_eq(golcl_grid_set_layout(NULL, GOLCL_LAYOUT_BYTES), GOLCL_E_INVALID_ARG);
    ck_assert_ptr_null(golcl_grid_buffer(NULL, &info));
    free(cells);
    free(back);
    golcl_grid_destroy(g);
  }
  ck_assert_ptr_null(golcl_layout_name(GOLCL_LAYOUT_COUNT));
}
END_TEST

/* Rectangle I/O ---------------------------------------------------------------- */

/* The documented encoding of a layout, made on the host from 0/1 cells, so
 * that a test can compare the whole buffer, padding included. NULL for the
 * byte layouts' padding-free case is not needed: every layout is encoded. */
static uint8_t *encode_layout(const uint8_t *cells, uint32_t w, uint32_t h,
                              const golcl_layout_info *info) {
  uint8_t *buf = calloc(info->bytes ? info->bytes : 1, 1);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      if (!cells[(size_t)y * w + x]) continue;
      switch (info->layout) {
        case GOLCL_LAYOUT_PACK16: { /* uint16 in host order: the device's on pocl and GPUs */
          uint16_t *b = (uint16_t *)(buf + (size_t)(y / 4) * info->row_pitch) + x / 4;
          *b |= (uint16_t)(1u << (4 * (y % 4) + x % 4));
          break;
        }
        case GOLCL_LAYOUT_BITROW:
          buf[(size_t)y * info->row_pitch + x / 8] |= (uint8_t)(1u << (x % 8));
          break;
        default: /* one byte per cell */
          buf[(size_t)y * info->row_pitch + x] = 1;
      }
    }
  return buf;
}

/* The grid's buffer equals the encoding of the model, padding included. */
static void check_buffer(golcl_grid *g, const uint8_t *model, golcl_layout expect) {
  golcl_layout_info info;
  cl_mem m = golcl_grid_buffer(g, &info);
  ck_assert_ptr_nonnull(m);
  ck_assert_int_eq(info.layout, expect);
  uint8_t *raw = malloc(info.bytes), *want = encode_layout(model, info.width, info.height, &info);
  ck_assert_int_eq(clEnqueueReadBuffer(golcl_context_cl_queue(tu_ctx), m, CL_TRUE, 0, info.bytes,
                                       raw, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_msg(memcmp(raw, want, info.bytes) == 0, "buffer of layout %s differs from the model",
                golcl_layout_name(expect));
  free(raw);
  free(want);
}

typedef struct rect {
  uint32_t x, y, w, h;
} rect;

/* The rectangles of one test: 1×1, a full row, a full column, the whole
 * grid, the four corners and edges, and random ones. */
static size_t test_rects(uint32_t W, uint32_t H, uint64_t seed, rect *out) {
  size_t n = 0;
  out[n++] = (rect){W / 2, H / 2, 1, 1};
  out[n++] = (rect){0, H - 1, W, 1};
  out[n++] = (rect){W - 1, 0, 1, H};
  out[n++] = (rect){0, 0, W, H};
  out[n++] = (rect){0, 0, (W + 1) / 2, (H + 1) / 2};
  out[n++] = (rect){W / 2, H / 2, W - W / 2, H - H / 2};
  out[n++] = (rect){W - 1, H - 1, 1, 1};
  out[n++] = (rect){0, H / 3, W, H - H / 3};
  uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 7;
  while (n < 24) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    uint32_t x = (uint32_t)(s % W), y = (uint32_t)((s >> 20) % H);
    uint32_t w = 1 + (uint32_t)((s >> 40) % (W - x)), h = 1 + (uint32_t)((s >> 52) % (H - y));
    out[n++] = (rect){x, y, w, h};
  }
  return n;
}

START_TEST(rect_io_every_layout_against_a_model) {
  const uint32_t sizes[][2] = {{1, 1}, {37, 29}, {70, 9}, {5, 3}, {33, 66}};
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    uint32_t W = sizes[si][0], H = sizes[si][1];
    for (int L = 0; L < GOLCL_LAYOUT_COUNT; L++) {
      golcl_grid *g = make(W, H, si % 2 ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD);
      golcl_status st = golcl_grid_set_layout(g, (golcl_layout)L);
      if (st == GOLCL_E_UNSUPPORTED) { /* not built in */
        golcl_grid_destroy(g);
        continue;
      }
      TU_OK(st);
      uint8_t *model = tu_random_cells((size_t)W * H, 0.5, si * 10 + L);
      TU_OK(golcl_grid_write(g, model, 0));
      check_buffer(g, model, (golcl_layout)L); /* written in place, layout kept */
      rect rs[24];
      size_t nr = test_rects(W, H, si * 100 + L, rs);
      for (size_t k = 0; k < nr; k++) {
        rect r = rs[k];
        size_t stride = r.w + 3; /* bytes past w must stay as they are */
        uint8_t *buf = malloc(stride * r.h);
        memset(buf, 0xAB, stride * r.h);
        TU_OK(golcl_grid_read_rect(g, r.x, r.y, r.w, r.h, buf, stride));
        for (uint32_t j = 0; j < r.h; j++)
          for (size_t i = 0; i < stride; i++)
            ck_assert_msg(
                buf[j * stride + i] == (i < r.w ? model[(size_t)(r.y + j) * W + r.x + i] : 0xAB),
                "%ux%u %s: read (%u,%u %ux%u) cell (%zu,%u)", W, H,
                golcl_layout_name((golcl_layout)L), r.x, r.y, r.w, r.h, i, j);
        uint8_t *src = tu_random_cells(stride * r.h, 0.4, k + 1000 * si + L);
        for (size_t i = 0; i < stride * r.h; i++)
          src[i] *= (uint8_t)(1 + i % 200); /* any nonzero is alive */
        TU_OK(golcl_grid_write_rect(g, r.x, r.y, r.w, r.h, src, stride));
        for (uint32_t j = 0; j < r.h; j++)
          for (uint32_t i = 0; i < r.w; i++)
            model[(size_t)(r.y + j) * W + r.x + i] = src[j * stride + i] != 0;
        check_buffer(g, model, (golcl_layout)L);
        free(buf);
        free(src);
      }
      /* compact strides (0) and the whole grid through golcl_grid_read */
      uint8_t *all = malloc((size_t)W * H);
      TU_OK(golcl_grid_read_rect(g, 0, 0, W, H, all, 0));
      ck_assert_int_eq(memcmp(all, model, (size_t)W * H), 0);
      TU_OK(golcl_grid_read(g, all, 0));
      ck_assert_int_eq(memcmp(all, model, (size_t)W * H), 0);
      free(all);
      free(model);
      golcl_grid_destroy(g);
    }
  }
}
END_TEST

START_TEST(rect_io_invalid_arguments) {
  golcl_grid *g = make(37, 29, GOLCL_BOUNDARY_DEAD);
  uint8_t *model = tu_random_cells(37 * 29, 0.5, 3), buf[64 * 64];
  TU_OK(golcl_grid_write(g, model, 0));
  memset(buf, 1, sizeof buf);
  ck_assert_int_eq(golcl_grid_read_rect(NULL, 0, 0, 1, 1, buf, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_write_rect(NULL, 0, 0, 1, 1, buf, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_read_rect(g, 0, 0, 1, 1, NULL, 0), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_write_rect(g, 0, 0, 1, 1, NULL, 0), GOLCL_E_INVALID_ARG);
  /* outside the grid, also where x + w wraps 32 bits */
  const uint32_t bad[][4] = {
      {37, 0, 1, 1},          {0, 29, 1, 1},          {36, 0, 2, 1},
      {0, 28, 1, 2},          {0, 0, 38, 1},          {0, 0, 1, 30},
      {1, 0, 0xFFFFFFFFu, 1}, {0, 1, 1, 0xFFFFFFFFu}, {0xFFFFFFFFu, 0, 2, 1}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_int_eq(golcl_grid_read_rect(g, bad[i][0], bad[i][1], bad[i][2], bad[i][3], buf, 0),
                     GOLCL_E_INVALID_ARG);
    ck_assert_int_eq(golcl_grid_write_rect(g, bad[i][0], bad[i][1], bad[i][2], bad[i][3], buf, 0),
                     GOLCL_E_INVALID_ARG);
    ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "not inside"));
  }
  ck_assert_int_eq(golcl_grid_read_rect(g, 0, 0, 5, 2, buf, 4), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_write_rect(g, 0, 0, 5, 2, buf, 4), GOLCL_E_INVALID_ARG);
  /* (h-1)·row_stride + w beyond the address space */
  ck_assert_int_eq(golcl_grid_read_rect(g, 0, 0, 5, 3, buf, SIZE_MAX / 2 + 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_write_rect(g, 0, 0, 5, 2, buf, SIZE_MAX - 2), GOLCL_E_INVALID_ARG);
  /* empty rectangles copy nothing, cells may be NULL; at the far edge too */
  TU_OK(golcl_grid_read_rect(g, 37, 29, 0, 0, NULL, 0));
  TU_OK(golcl_grid_write_rect(g, 3, 4, 0, 5, NULL, 0));
  TU_OK(golcl_grid_write_rect(g, 3, 4, 5, 0, NULL, 0));
  ck_assert_int_eq(golcl_grid_read_rect(g, 38, 0, 0, 0, NULL, 0), GOLCL_E_INVALID_ARG);
  /* nothing of the above changed a cell */
  uint8_t back[37 * 29];
  TU_OK(golcl_grid_read(g, back, 0));
  ck_assert_int_eq(memcmp(back, model, sizeof back), 0);
  free(model);
  golcl_grid_destroy(g);
}
END_TEST

/* A write changes the grid's epoch: the lazy stepper, which skips tiles that
 * did not change in its own last step, must see cells written behind it. */
START_TEST(rect_write_wakes_a_stepper_that_keeps_state) {
  const uint32_t W = 96, H = 80;
  golcl_stepper *lazy, *ref;
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_LAZY, NULL, &lazy));
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_REFERENCE, NULL, &ref));
  golcl_grid *g = make(W, H, GOLCL_BOUNDARY_DEAD), *r;
  const uint8_t block[4] = {1, 1, 1, 1}, glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
  TU_OK(golcl_grid_write_rect(g, 2, 2, 2, 2, block, 0));
  TU_OK(golcl_stepper_run(lazy, g, 6)); /* everything settles: no tile is active */
  TU_OK(golcl_grid_write_rect(g, 60, 50, 3, 3, glider, 0));
  TU_OK(golcl_grid_clone(g, &r));
  TU_OK(golcl_stepper_run(lazy, g, 8));
  TU_OK(golcl_stepper_run(ref, r, 8));
  uint8_t *a = malloc(W * H), *b = malloc(W * H);
  TU_OK(golcl_grid_read(g, a, 0));
  TU_OK(golcl_grid_read(r, b, 0));
  ck_assert_int_eq(memcmp(a, b, W * H), 0);
  uint64_t pop;
  TU_OK(golcl_grid_population(g, &pop));
  ck_assert_uint_eq(pop, 4 + 5);
  free(a);
  free(b);
  golcl_grid_destroy(g);
  golcl_grid_destroy(r);
  golcl_stepper_destroy(lazy);
  golcl_stepper_destroy(ref);
}
END_TEST

int main(void) {
  Suite *s = suite_create("grid");
  TCase *tc = tcase_create("grid");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, create_limits);
  tcase_add_test(tc, rules_parse_and_format);
  tcase_add_test(tc, grid_rule_set_get);
  tcase_add_test(tc, write_read_with_strides);
  tcase_add_test(tc, randomize_follows_the_documented_formula);
  tcase_add_test(tc, randomize_is_reproducible_with_the_right_density);
  tcase_add_test(tc, hash_depends_on_cells_and_size_only);
  tcase_add_test(tc, clone_copies_everything);
  tcase_add_test(tc, every_layout_keeps_the_cells);
  tcase_add_test(tc, rect_io_every_layout_against_a_model);
  tcase_add_test(tc, rect_io_invalid_arguments);
  tcase_add_test(tc, rect_write_wakes_a_stepper_that_keeps_state);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
