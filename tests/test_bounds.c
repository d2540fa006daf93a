/* test_bounds.c — Golly's bounded grids: the suffix parsed and written as
 * Golly writes it (checked against bgolly), errors, every diagram of
 * Golly's help ("Bounded Grids") reproduced cell for cell by
 * golcl_bounds_neighbour, and the dynamics on odd sizes of every topology
 * against bgolly (a host step over a ghost frame, with the rule tables). */
#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static char bgolly[1024];
static int have_bgolly;

typedef struct suffix {
  const char *in, *canon;
} suffix;

static const suffix suffixes[] = {
    {":P30,20", ":P30,20"},
    {"P30,0", ":P30,0"},
    {":T0,20", ":T0,20"},
    {":T30,0", ":T30,0"},
    {":T30", ":T30,30"},
    {":t30,30", ":T30,30"},
    {":T30+5,20", ":T30+5,20"},
    {":T30,20-2", ":T30,20-2"},
    {":T30+0,20", ":T30,20"},
    {":T30+31,20", ":T30+1,20"},
    {":T30+30,20", ":T30,20"},
    {":T30-35,20", ":T30-5,20"},
    {":K30*,20", ":K30*,20"},
    {":k30,20*", ":K30,20*"},
    {":K30,20", ":K30,20*"},
    {":K30*+1,20", ":K30*+1,20"},
    {":K30*+3,20", ":K30*+1,20"},
    {":K31*+1,20", ":K31*,20"},
    {":K30*-1,20", ":K30*+1,20"},
    {":K30,20*+1", ":K30,20*+1"},
    {":K30,21*+1", ":K30,21*"},
    {":C30,20", ":C30,20"},
    {":S30", ":S30"},
    {":P0,0", ""},
    {":T0", ""},
    {":T2000000000,1", ":T2000000000,1"},
};

static int golly_suffix(const char *in, char *out, size_t cap) {
  char rle[256], err[600];
  snprintf(rle, sizeof rle, "x = 1, y = 1, rule = B3/S23%s%s\no!\n", in[0] == ':' ? "" : ":", in);
  bg_cells c;
  if (bg_run(bgolly, rle, 0, &c, err, sizeof err) != 0) return -1;
  const char *colon = strchr(c.rule, ':');
  snprintf(out, cap, "%s", colon ? colon : "");
  bg_free(&c);
  return 0;
}

START_TEST(spelling) {
  const suffix *s = &suffixes[_i];
  golcl_bounds b, c;
  TU_OK(golcl_bounds_parse(s->in, &b));
  char buf[GOLCL_BOUNDS_TEXT_CAP], again[GOLCL_BOUNDS_TEXT_CAP];
  TU_OK(golcl_bounds_format(&b, buf, sizeof buf));
  ck_assert_str_eq(buf, s->canon);
  if (*buf) {
    TU_OK(golcl_bounds_parse(buf, &c));
    ck_assert(memcmp(&b, &c, sizeof b) == 0);
    TU_OK(golcl_bounds_format(&c, again, sizeof again));
    ck_assert_str_eq(again, buf);
  }
  ck_assert_int_eq(golcl_bounds_format(&b, again, strlen(buf)), GOLCL_E_INVALID_ARG);
  if (have_bgolly) {
    char g[160];
    ck_assert_msg(golly_suffix(s->in, g, sizeof g) == 0, "bgolly refused %s", s->in);
    ck_assert_msg(strcmp(g, s->canon) == 0, "%s: Golly writes \"%s\"", s->in, g);
  }
}
END_TEST

/* Golly refuses these too, except where marked lax: bgolly 3.3 reads ":T"
 * as no bounds, ":T3," as 3×3 and clamps a side above 2000000000. */
static const struct {
  const char *text, *says;
  int lax;
} bad[] = {
    {"", "expected P, T", 1},
    {":X3,3", "expected P, T", 0},
    {":T", "expected a size", 1},
    {":T3,", "expected a size", 1},
    {":T3,3x", "unexpected text", 0},
    {":S30,30", "one side", 0},
    {":S30,20", "one side", 0},
    {":T0+3,20", "unbounded", 0},
    {":C0,20", "unbounded side", 0},
    {":K0,20*", "unbounded side", 0},
    {":T30*,20", "Klein", 0},
    {":P30+1,20", "only a torus or a Klein", 0},
    {":T30+1,20+1", "one pair", 0},
    {":T30+-5,20", "expected the shift", 0},
    {":K30*,20*", "twists one pair", 0},
    {":K30*,20+1", "twisted edges", 0},
    {":T2000000001,5", "2000000000", 1},
};

START_TEST(errors) {
  golcl_bounds b;
  memset(&b, 0x33, sizeof b);
  golcl_status s = golcl_bounds_parse(bad[_i].text, &b);
  ck_assert_msg(s == GOLCL_E_PARSE, "\"%s\": %s", bad[_i].text, golcl_strerror(s));
  ck_assert_msg(strstr(golcl_last_errmsg(), bad[_i].says), "\"%s\": %s", bad[_i].text,
                golcl_last_errmsg());
  ck_assert_int_eq(b.width, 0x33333333);
  if (have_bgolly && !bad[_i].lax) {
    char g[160];
    ck_assert_msg(golly_suffix(bad[_i].text, g, sizeof g) != 0, "Golly takes %s as %s",
                  bad[_i].text, g);
  }
}
END_TEST

START_TEST(invalid_args) {
  golcl_bounds b;
  char buf[GOLCL_BOUNDS_TEXT_CAP];
  uint32_t x, y;
  ck_assert_int_eq(golcl_bounds_parse(NULL, &b), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_bounds_parse(":T3,3", NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_bounds_format(NULL, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_bounds_parse(":T3,3", &b));
  ck_assert_int_eq(golcl_bounds_format(&b, NULL, 9), GOLCL_E_INVALID_ARG);
  b.shift_x = 1, b.shift_y = 1;
  ck_assert_int_eq(golcl_bounds_format(&b, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_bounds_parse(":S5", &b));
  b.height = 6;
  ck_assert_int_eq(golcl_bounds_format(&b, buf, sizeof buf), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_bounds_parse(":T3,3", &b));
  ck_assert_int_eq(golcl_bounds_neighbour(NULL, 3, 3, 0, 0, &x, &y), -1);
  ck_assert_int_eq(golcl_bounds_neighbour(&b, 3, 3, 0, 0, NULL, &y), -1);
  ck_assert_int_eq(golcl_bounds_neighbour(&b, 4, 3, 0, 0, &x, &y), -1); /* size disagrees */
  ck_assert_int_eq(golcl_bounds_neighbour(&b, 3, 3, -2, 0, &x, &y), -1);
  ck_assert_int_eq(golcl_bounds_neighbour(&b, 3, 3, 0, 4, &x, &y), -1);
  ck_assert_int_eq(golcl_bounds_neighbour(&b, 3, 3, 1, 2, &x, &y), 1);
  ck_assert(x == 1 && y == 2);
}
END_TEST

/* Golly's help draws each topology as the grid (letters) inside a frame of
 * the cells its edges read; '0' is dead. Rows top to bottom. */
static const struct {
  const char *suffix;
  int w, h;
  const char *frame;
} diagrams[] = {
    {":P4,3", 4, 3, "000000 0ABCD0 0EFGH0 0IJKL0 000000"},
    {":T4,3", 4, 3, "LIJKLI DABCDA HEFGHE LIJKLI DABCDA"},
    {":T4+1,3", 4, 3, "KLIJKL DABCDA HEFGHE LIJKLI ABCDAB"},
    {":T4,3+1", 4, 3, "HIJKLA LABCDE DEFGHI HIJKLA LABCDE"},
    {":K4*,3", 4, 3, "ILKJIL DABCDA HEFGHE LIJKLI ADCBAD"},
    {":K4,3*", 4, 3, "DIJKLA LABCDI HEFGHE DIJKLA LABCDI"},
    /* the shifted Klein bottles as bgolly 3.3 runs them: the help draws
     * "JILKJI DABCDA HEFGHE LIJKLI BADCBA" and "FJKLD CABCA LDEFJ IGHIG
     * FJKLD CABCA", the shift the other way round */
    {":K4*+1,3", 4, 3, "LKJILK DABCDA HEFGHE LIJKLI DCBADC"},
    {":K3,4*+1", 3, 4, "LJKLJ IABCG FDEFD CGHIA LJKLJ IABCG"},
    {":C4,3", 4, 3, "ALKJID LABCDI HEFGHE DIJKLA IDCBAL"},
    {":S3", 3, 3, "AADGC AABCG BDEFH CGHII GCFII"},
};

START_TEST(golly_diagrams) {
  golcl_bounds b;
  TU_OK(golcl_bounds_parse(diagrams[_i].suffix, &b));
  int w = diagrams[_i].w, h = diagrams[_i].h;
  const char *f = diagrams[_i].frame;
  for (int y = -1; y <= h; y++)
    for (int x = -1; x <= w; x++) {
      char want = f[(y + 1) * (w + 3) + x + 1], got = '0';
      uint32_t ox, oy;
      int r = golcl_bounds_neighbour(&b, (uint32_t)w, (uint32_t)h, x, y, &ox, &oy);
      ck_assert_int_ge(r, 0);
      if (r) got = (char)('A' + oy * (uint32_t)w + ox);
      ck_assert_msg(got == want, "%s: position (%d, %d) reads %c, Golly's help says %c",
                    diagrams[_i].suffix, x, y, got, want);
    }
}
END_TEST

/* One generation over the ghost frame that golcl_bounds_neighbour gives. */
static void frame_step(const uint8_t *in, uint8_t *out, int w, int h, const golcl_bounds *b,
                       const uint8_t *tab) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      unsigned i = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          uint32_t ox, oy;
          int r = golcl_bounds_neighbour(b, (uint32_t)w, (uint32_t)h, x + dx, y + dy, &ox, &oy);
          i = i << 1 | (unsigned)(r == 1 ? in[oy * (uint32_t)w + ox] : 0);
        }
      out[y * w + x] = tab[i];
    }
}

static const char *dyn_suffix[] = {
    ":P13,11",  ":T13,11",    ":T13+3,11",  ":T13,11-4", ":T13-6,11", ":K13*,11",
    ":K13,11*", ":K14*+1,11", ":K13,12*+1", ":C13,11",   ":C12,9",    ":S13",
    ":S8",      ":T0,11",     ":T13,0",     ":P0,11",    ":P13,0",
};
static const char *dyn_rule[] = {
    "B3/S23", "B36/S23", "B2-a/S12", "B03/S23",
    /* an anisotropic MAP rule: a wrong reflection cannot hide */
    "MAPApTyGJMuHbEL31IeL2HPcHyGcFRl1SPnXNYvMIHa/2o76umfXfKm/r5kJP1VrT+1FJors/6ILi8IHn5kxsC7tA"};

START_TEST(dynamics_like_golly) {
  if (!have_bgolly) {
    printf("test_bounds: bgolly not found, the dynamics against Golly did NOT run\n");
    return;
  }
  golcl_bounds b;
  TU_OK(golcl_bounds_parse(dyn_suffix[_i], &b));
  /* an unbounded side gets a finite grid with room around the soup */
  int sw = 13, sh = 11;
  if (b.topology == GOLCL_TOPOLOGY_SPHERE) sw = sh = (int)b.width;
  int w = b.width ? (int)b.width : 61, h = b.height ? (int)b.height : 61;
  if (b.width) sw = w;
  if (b.height) sh = h;
  for (size_t r = 0; r < sizeof dyn_rule / sizeof *dyn_rule; r++) {
    golcl_rule_table t;
    TU_OK(golcl_rule_table_parse(dyn_rule[r], &t));
    uint8_t *soup = tu_random_cells((size_t)(sw * sh), 0.4, 100 + (uint64_t)(_i * 11 + r));
    uint8_t *grid = calloc((size_t)(w * h), 1), *tmp = malloc((size_t)(w * h));
    int x0 = (w - sw) / 2, y0 = (h - sh) / 2;
    for (int y = 0; y < sh; y++) memcpy(grid + (y + y0) * w + x0, soup + y * sw, (size_t)sw);
    /* the soup at Golly's coordinates of the grid */
    char *rle = malloc((size_t)(sw + 4) * (size_t)sh + 400), *p = rle;
    p += sprintf(p, "#CXRLE Pos=%d,%d\nx = %d, y = %d, rule = %s%s\n", x0 - w / 2, y0 - h / 2, sw,
                 sh, dyn_rule[r], dyn_suffix[_i]);
    for (int y = 0; y < sh; y++) {
      for (int x = 0; x < sw; x++) *p++ = soup[y * sw + x] ? 'o' : 'b';
      *p++ = y + 1 < sh ? '$' : '!';
      *p++ = '\n';
    }
    *p = '\0';
    uint64_t done = 0;
    static const uint64_t gens[] = {1, 2, 5, 9};
    for (size_t k = 0; k < 4; k++) {
      for (; done < gens[k]; done++) {
        uint8_t tab[512];
        TU_OK(golcl_rule_table_at(&t, done, tab));
        frame_step(grid, tmp, w, h, &b, tab);
        memcpy(grid, tmp, (size_t)(w * h));
      }
      bg_cells g;
      char err[600];
      ck_assert_msg(bg_run(bgolly, rle, gens[k], &g, err, sizeof err) == 0, "%s", err);
      size_t n = 0;
      for (int i = 0; i < w * h; i++) n += grid[i];
      uint32_t *xy = malloc(2 * sizeof *xy * (n + 1));
      for (int i = 0, j = 0; i < w * h; i++)
        if (grid[i]) xy[2 * j] = (uint32_t)(i % w), xy[2 * j + 1] = (uint32_t)(i / w), j++;
      bg_normalise(xy, n);
      ck_assert_msg(n == g.n && memcmp(xy, g.xy, 2 * sizeof *xy * n) == 0,
                    "%s%s after %llu generations: Golly has %zu cells, the frame step %zu",
                    dyn_rule[r], dyn_suffix[_i], (unsigned long long)gens[k], g.n, n);
      free(xy);
      bg_free(&g);
    }
    free(soup), free(grid), free(tmp), free(rle);
  }
}
END_TEST

/* The steppers on every topology: naive and reference against the frame
 * model, the others refuse the grids they cannot run and say why. */
START_TEST(steppers_on_bounds) {
  golcl_bounds b;
  TU_OK(golcl_bounds_parse(dyn_suffix[_i], &b));
  uint32_t w = b.width ? b.width : 19, h = b.height ? b.height : 15;
  static const char *rules[] = {"B3/S23", "B03/S23", "B2-a/S12"};
  for (int r = 0; r < 3; r++)
    for (int k = 0; k < 2; k++) {
      golcl_stepper_kind kind = k ? GOLCL_STEPPER_NAIVE : GOLCL_STEPPER_REFERENCE;
      golcl_grid *g;
      golcl_stepper *st;
      TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_DEAD, &g));
      TU_OK(golcl_grid_set_bounds(g, &b));
      TU_OK(golcl_grid_set_rule(g, rules[r]));
      golcl_rule_table t;
      TU_OK(golcl_grid_rule_table(g, &t));
      TU_OK(golcl_stepper_create(tu_ctx, kind, NULL, &st));
      uint8_t *model = tu_random_cells((size_t)w * h, 0.4, 7 + (uint64_t)(_i * 3 + r));
      uint8_t *tmp = malloc((size_t)w * h), *got = malloc((size_t)w * h);
      TU_OK(golcl_grid_write(g, model, 0));
      for (uint64_t gen = 0; gen < 7; gen++) {
        TU_OK(golcl_stepper_run(st, g, 1));
        uint8_t tab[512];
        TU_OK(golcl_rule_table_at(&t, gen, tab));
        frame_step(model, tmp, (int)w, (int)h, &b, tab);
        memcpy(model, tmp, (size_t)w * h);
        TU_OK(golcl_grid_read(g, got, 0));
        for (size_t i = 0; i < (size_t)w * h; i++)
          ck_assert_msg(got[i] == model[i], "%s on %s %s, generation %llu: cell (%zu,%zu)",
                        golcl_stepper_name(kind), rules[r], dyn_suffix[_i],
                        (unsigned long long)gen + 1, i % w, i / w);
      }
      free(model), free(tmp), free(got);
      golcl_stepper_destroy(st);
      golcl_grid_destroy(g);
    }
  /* the others: plain planes and tori run, the rest is refused with a reason */
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, w, h, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_grid_set_bounds(g, &b));
  golcl_bounds back;
  TU_OK(golcl_grid_bounds(g, &back));
  ck_assert(memcmp(&back, &b, sizeof b) == 0);
  int plain =
      b.topology == GOLCL_TOPOLOGY_PLANE ||
      (b.topology == GOLCL_TOPOLOGY_TORUS && b.width && b.height && !b.shift_x && !b.shift_y);
  ck_assert_int_eq(golcl_grid_boundary(g), b.topology == GOLCL_TOPOLOGY_TORUS && plain
                                               ? GOLCL_BOUNDARY_TORUS
                                               : GOLCL_BOUNDARY_DEAD);
  static const golcl_stepper_kind others[] = {GOLCL_STEPPER_LUT4,    GOLCL_STEPPER_PACK16,
                                              GOLCL_STEPPER_LUT6X3,  GOLCL_STEPPER_HALO,
                                              GOLCL_STEPPER_TWOCELL, GOLCL_STEPPER_BINMUL};
  for (size_t k = 0; k < sizeof others / sizeof *others; k++) {
    golcl_stepper *st;
    TU_OK(golcl_stepper_create(tu_ctx, others[k], NULL, &st));
    golcl_status s = golcl_stepper_run(st, g, 1);
    if (plain) {
      ck_assert_msg(s == GOLCL_OK, "%s on %s: %s", golcl_stepper_name(others[k]), dyn_suffix[_i],
                    golcl_context_errmsg(tu_ctx));
    } else {
      ck_assert_int_eq(s, GOLCL_E_UNSUPPORTED);
      ck_assert_msg(strstr(golcl_context_errmsg(tu_ctx), "naive and reference"), "%s",
                    golcl_context_errmsg(tu_ctx));
    }
    golcl_stepper_destroy(st);
  }
  golcl_bounds wrong = b;
  wrong.width = b.width ? b.width + 1 : 0;
  if (b.width && (b.topology == GOLCL_TOPOLOGY_PLANE || b.topology == GOLCL_TOPOLOGY_TORUS))
    ck_assert_int_eq(golcl_grid_set_bounds(g, &wrong), GOLCL_E_MISMATCH);
  ck_assert_int_eq(golcl_grid_set_bounds(g, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_set_bounds(NULL, &b), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_grid_bounds(g, NULL), GOLCL_E_INVALID_ARG);
  golcl_grid_destroy(g);
}
END_TEST

int main(void) {
  have_bgolly = bg_find(bgolly, sizeof bgolly);
  if (!have_bgolly) printf("test_bounds: bgolly NOT FOUND: Golly's behaviour is not compared\n");
  Suite *s = suite_create("bounds");
  TCase *tc = tcase_create("bounds");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, spelling, 0, (int)(sizeof suffixes / sizeof *suffixes));
  tcase_add_loop_test(tc, errors, 0, (int)(sizeof bad / sizeof *bad));
  tcase_add_test(tc, invalid_args);
  tcase_add_loop_test(tc, golly_diagrams, 0, (int)(sizeof diagrams / sizeof *diagrams));
  tcase_add_loop_test(tc, dynamics_like_golly, 0, (int)(sizeof dyn_suffix / sizeof *dyn_suffix));
  tcase_add_loop_test(tc, steppers_on_bounds, 0, (int)(sizeof dyn_suffix / sizeof *dyn_suffix));
  suite_add_tcase(s, tc);
  return tu_main(s);
}
