/* test_lattice_mesh.c — quad meshes: the OBJ reader (a box, index forms,
 * negative indices, ignored statements; malformed files give GOLCL_E_PARSE
 * with the right line number and no mesh), the generated torus, cube-sphere
 * and Klein bottle (counts, Euler characteristic, neighbour counts and
 * symmetry of the tables), every table against its definition by brute
 * force (and the graph of a mesh reads back the same), and Life on the Klein bottle against
 * bgolly's
 * ":K" bounded grid where bgolly is installed. */
#include "testutil.h"

#include <golcl_lattice.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define NOT_NULL ((void *)1)

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const char BOX[] =
    "# a unit box\n"
    "mtllib box.mtl\n"
    "o box\n"
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
    "v 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1 1.0\n"
    "vt 0 0\nvn 0 0 1\n"
    "g sides\n"
    "usemtl red\n"
    "s off\n"
    "f 1 4 3 2\n"
    "f 5/1 6/1 7/1 8/1\n"
    "f 1//1 2//1 6//1 5//1\n"
    "f 2/1/1 3/1/1 7/1/1 6/1/1\n"
    "f -5 -1 -2 -6\n" /* 3 7 8 4... with 8 vertices: -5 = 4 */
    "f 1 5 8 4\r\n";

START_TEST(obj_box_reads) {
  golcl_mesh *m;
  TU_OK(golcl_mesh_parse_obj(BOX, strlen(BOX), &m));
  ck_assert_uint_eq(golcl_mesh_vertex_count(m), 8);
  ck_assert_uint_eq(golcl_mesh_face_count(m), 6);
  uint32_t v[4];
  TU_OK(golcl_mesh_face(m, 4, v));
  ck_assert_uint_eq(v[0], 3);
  ck_assert_uint_eq(v[1], 7);
  ck_assert_uint_eq(v[2], 6);
  ck_assert_uint_eq(v[3], 2);
  double p[3];
  TU_OK(golcl_mesh_vertex(m, 6, p));
  ck_assert(p[0] == 1 && p[1] == 1 && p[2] == 1);
  ck_assert_int_eq(golcl_mesh_vertex(m, 8, p), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mesh_face(m, 6, v), GOLCL_E_INVALID_ARG);
  /* a closed box: 4 edge neighbours each, and the 4 faces around (not the
   * opposite one) as vertex neighbours */
  for (int adj = 0; adj < 2; adj++) {
    int32_t *t;
    unsigned d;
    TU_OK(golcl_mesh_table(m, (golcl_mesh_adjacency)adj, &t, &d));
    ck_assert_uint_eq(d, 4);
    for (size_t i = 0; i < 6 * 4; i++) ck_assert_int_ge(t[i], 0);
    /* faces 0 (z=0) and 1 (z=1) are opposite */
    for (unsigned k = 0; k < 4; k++) ck_assert_int_ne(t[k * 6 + 0], 1);
    free(t);
  }
  golcl_mesh_destroy(m);
}
END_TEST

typedef struct bad_obj {
  const char *text;
  size_t len; /* 0: strlen */
  int line;
  const char *says;
} bad_obj;

static const char NUL_OBJ[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1\0 0\nf 1 2 3 4\n";

static const bad_obj BAD[] = {
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3\n", 0, 4, "fewer than 4"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 2 2\nf 1 2 3 4 5\n", 0, 6, "more than 4"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 5\n", 0, 5, "out of range"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 0 1 2 3\n", 0, 5, "out of range"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf -5 1 2 3\n", 0, 5, "out of range"},
    {"f 1 2 3 4\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n", 0, 1, "not yet defined"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 99999999999999999999999\n", 0, 5, "reference"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4000000000\n", 0, 5, "out of range"},
    {"v 0 0 0\nv 1 0\n", 0, 2, "three finite"},
    {"v 0 0 0\nv nan 0 0\n", 0, 2, "three finite"},
    {"v 0 0 0\nv 1e999 0 0\n", 0, 2, "three finite"},
    {"v 0 0 0\nv 1 2 3 4 5\n", 0, 2, "more than four"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 2 4\n", 0, 5, "repeats"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 x 4\n", 0, 5, "reference"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3/a 4\n", 0, 5, "reference"},
    {"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n", 0, 4, "no face"},
    {"", 0, 0, "no face"},
    {NUL_OBJ, sizeof NUL_OBJ - 1, 4, "NUL"},
    {"v 0 0 0\nv 1 0 0\nl 1 2\n", 0, 3, "line element"},
};

START_TEST(malformed_obj_gives_parse_errors_with_lines) {
  const bad_obj *b = &BAD[_i];
  golcl_mesh *m = NOT_NULL;
  size_t len = b->len ? b->len : strlen(b->text);
  ck_assert_int_eq(golcl_mesh_parse_obj(b->text, len, &m), GOLCL_E_PARSE);
  ck_assert_ptr_null(m);
  char want[32];
  snprintf(want, sizeof want, "line %d: ", b->line);
  const char *msg = golcl_last_errmsg();
  ck_assert_msg(strncmp(msg, want, strlen(want)) == 0, "case %d: '%s' should start with '%s'", _i,
                msg, want);
  ck_assert_msg(strstr(msg, b->says) != NULL, "case %d: '%s' should say '%s'", _i, msg, b->says);
}
END_TEST

START_TEST(huge_counts_are_refused) {
  /* more vertices than the limit: a long file of "v 0 0 0" lines */
  size_t n = (size_t)GOLCL_MESH_MAX_VERTICES + 1, len = n * 8;
  char *t = malloc(len);
  ck_assert_ptr_nonnull(t);
  for (size_t i = 0; i < n; i++) memcpy(t + 8 * i, "v 0 0 0\n", 8);
  golcl_mesh *m = NOT_NULL;
  ck_assert_int_eq(golcl_mesh_parse_obj(t, len, &m), GOLCL_E_PARSE);
  ck_assert_ptr_null(m);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "limit"));
  free(t);
  ck_assert_int_eq(golcl_mesh_parse_obj(NULL, 0, &m), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mesh_parse_obj("", 0, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mesh_read_obj("/nonexistent/x.obj", &m), GOLCL_E_IO);
  ck_assert_ptr_null(m);
}
END_TEST

/* V - E + F from the face list (edges counted once). */
static long euler(const golcl_mesh *m) {
  size_t nf = golcl_mesh_face_count(m), ne = 0;
  int32_t *t;
  unsigned d;
  TU_OK(golcl_mesh_table(m, GOLCL_MESH_EDGE, &t, &d));
  for (size_t i = 0; i < 4 * nf; i++) ne += t[i] < 0 ? 2 : 1; /* shared edges seen twice */
  free(t);
  return (long)golcl_mesh_vertex_count(m) - (long)(ne / 2) + (long)nf;
}

/* Every neighbour relation is mutual; returns the histogram of counts. */
static void check_table(const golcl_mesh *m, golcl_mesh_adjacency adj, size_t hist[33]) {
  int32_t *t;
  unsigned d;
  TU_OK(golcl_mesh_table(m, adj, &t, &d));
  size_t nf = golcl_mesh_face_count(m);
  memset(hist, 0, 33 * sizeof *hist);
  for (size_t f = 0; f < nf; f++) {
    unsigned c = 0;
    for (unsigned k = 0; k < d; k++) {
      int32_t g = t[k * nf + f];
      if (g < 0) continue;
      c++;
      ck_assert_int_ne(g, (int32_t)f);
      int back = 0;
      for (unsigned j = 0; j < d; j++) back |= t[j * nf + (size_t)g] == (int32_t)f;
      ck_assert_msg(back, "face %zu has %d, but not the other way", f, g);
    }
    hist[c]++;
  }
  free(t);
}

START_TEST(generated_meshes_have_the_right_shape) {
  size_t h[33];
  golcl_mesh *m = NOT_NULL;
  ck_assert_int_eq(golcl_mesh_torus(2, 5, 3, 1, &m), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(m);
  ck_assert_int_eq(golcl_mesh_torus(5, 5, 1, 3, &m), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mesh_cube_sphere(0, &m), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mesh_klein(3, 2, &m), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_mesh_klein(3, 3, NULL), GOLCL_E_INVALID_ARG);

  TU_OK(golcl_mesh_torus(7, 5, 3, 1, &m));
  ck_assert_uint_eq(golcl_mesh_face_count(m), 35);
  ck_assert_int_eq(euler(m), 0);
  check_table(m, GOLCL_MESH_VERTEX, h);
  ck_assert_uint_eq(h[8], 35);
  check_table(m, GOLCL_MESH_EDGE, h);
  ck_assert_uint_eq(h[4], 35);
  golcl_mesh_destroy(m);

  for (uint32_t n = 1; n <= 6; n++) {
    TU_OK(golcl_mesh_cube_sphere(n, &m));
    ck_assert_uint_eq(golcl_mesh_face_count(m), 6 * n * n);
    ck_assert_uint_eq(golcl_mesh_vertex_count(m), 6 * n * n + 2);
    ck_assert_int_eq(euler(m), 2);
    check_table(m, GOLCL_MESH_EDGE, h);
    ck_assert_uint_eq(h[4], 6 * n * n);
    check_table(m, GOLCL_MESH_VERTEX, h);
    if (n >= 2) { /* 24 corner faces with 7 neighbours, the rest 8 */
      ck_assert_uint_eq(h[7], 24);
      ck_assert_uint_eq(h[8], 6 * n * n - 24);
    }
    for (size_t i = 0; i < golcl_mesh_vertex_count(m); i++) {
      double p[3];
      TU_OK(golcl_mesh_vertex(m, i, p));
      ck_assert_double_eq_tol(p[0] * p[0] + p[1] * p[1] + p[2] * p[2], 1.0, 1e-12);
    }
    golcl_mesh_destroy(m);
  }

  TU_OK(golcl_mesh_klein(8, 6, &m));
  ck_assert_int_eq(euler(m), 0);
  check_table(m, GOLCL_MESH_VERTEX, h);
  ck_assert_uint_eq(h[8], 48);
  check_table(m, GOLCL_MESH_EDGE, h);
  ck_assert_uint_eq(h[4], 48);
  golcl_mesh_destroy(m);
}
END_TEST

/* ------------------------------------------- tables against brute force */

/* 1 if face g of m has vertex v / the edge {a, b}. */
static int face_has_vertex(const golcl_mesh *m, size_t g, uint32_t v) {
  uint32_t q[4];
  TU_OK(golcl_mesh_face(m, g, q));
  return q[0] == v || q[1] == v || q[2] == v || q[3] == v;
}
static int face_has_edge(const golcl_mesh *m, size_t g, uint32_t a, uint32_t b) {
  uint32_t q[4];
  TU_OK(golcl_mesh_face(m, g, q));
  for (int c = 0; c < 4; c++)
    if ((q[c] == a && q[(c + 1) % 4] == b) || (q[c] == b && q[(c + 1) % 4] == a)) return 1;
  return 0;
}

/* The header's definitions, by brute force over all faces: row f of the
 * table (degree slots, -1 after the last), and the count. */
static unsigned brute_row(const golcl_mesh *m, golcl_mesh_adjacency adj, size_t f, int32_t *row) {
  size_t nf = golcl_mesh_face_count(m);
  uint32_t q[4];
  TU_OK(golcl_mesh_face(m, f, q));
  unsigned cnt = 0;
  for (int c = 0; c < 4; c++) {
    if (adj == GOLCL_MESH_EDGE) {
      row[c] = -1;
      for (size_t g = 0; g < nf; g++)
        if (g != f && face_has_edge(m, g, q[c], q[(c + 1) % 4])) row[c] = (int32_t)g;
      cnt = 4;
      continue;
    }
    for (size_t g = 0; g < nf; g++) {
      if (g == f || !face_has_vertex(m, g, q[c])) continue;
      unsigned k = 0;
      while (k < cnt && row[k] != (int32_t)g) k++;
      if (k == cnt) row[cnt++] = (int32_t)g;
    }
  }
  return cnt;
}

/* golcl_mesh_table against brute_row, and the graph of the mesh (kept as a
 * dictionary or a table) reads back the same table. */
static void check_against_brute_force(const golcl_mesh *m, const char *what) {
  size_t nf = golcl_mesh_face_count(m);
  for (int adj = 0; adj < 2; adj++) {
    int32_t *t, row[64];
    unsigned d, dmax = adj == GOLCL_MESH_EDGE ? 4 : 1;
    TU_OK(golcl_mesh_table(m, (golcl_mesh_adjacency)adj, &t, &d));
    for (size_t f = 0; f < nf; f++) {
      unsigned c = brute_row(m, (golcl_mesh_adjacency)adj, f, row);
      dmax = c > dmax ? c : dmax;
      ck_assert_uint_le(c, d);
      for (unsigned k = 0; k < d; k++)
        ck_assert_msg(t[k * nf + f] == (k < c ? row[k] : -1),
                      "%s, adjacency %d: face %zu slot %u is %d, by definition %d", what, adj, f, k,
                      t[k * nf + f], k < c ? row[k] : -1);
    }
    ck_assert_uint_eq(d, dmax);
    golcl_graph *g;
    TU_OK(golcl_graph_create_mesh(tu_ctx, m, (golcl_mesh_adjacency)adj, &g));
    ck_assert_uint_eq(golcl_graph_degree(g), d);
    ck_assert_uint_eq(golcl_graph_cells(g), nf);
    int32_t *back = malloc(nf * d * sizeof *back);
    TU_OK(golcl_graph_read_table(g, back));
    ck_assert_msg(memcmp(back, t, nf * d * sizeof *t) == 0,
                  "%s, adjacency %d: the graph's table differs", what, adj);
    golcl_graph_destroy(g);
    free(back);
    free(t);
  }
}

START_TEST(mesh_tables_follow_their_definition) {
  golcl_mesh *m;
  TU_OK(golcl_mesh_parse_obj(BOX, strlen(BOX), &m));
  check_against_brute_force(m, "box");
  golcl_mesh_destroy(m);
  static const uint32_t WH[][2] = {{3, 3}, {7, 5}, {4, 9}, {67, 3}};
  char what[64];
  for (size_t c = 0; c < sizeof WH / sizeof WH[0]; c++) {
    TU_OK(golcl_mesh_torus(WH[c][0], WH[c][1], 3, 1, &m));
    snprintf(what, sizeof what, "torus %ux%u", WH[c][0], WH[c][1]);
    check_against_brute_force(m, what);
    golcl_mesh_destroy(m);
    TU_OK(golcl_mesh_klein(WH[c][0], WH[c][1], &m));
    snprintf(what, sizeof what, "Klein bottle %ux%u", WH[c][0], WH[c][1]);
    check_against_brute_force(m, what);
    golcl_mesh_destroy(m);
  }
  for (uint32_t n = 1; n <= 4; n++) {
    TU_OK(golcl_mesh_cube_sphere(n, &m));
    snprintf(what, sizeof what, "cube-sphere %u", n);
    check_against_brute_force(m, what);
    golcl_mesh_destroy(m);
  }
  for (uint64_t seed = 0; seed < 3; seed++) {
    size_t len;
    char *t = tu_grid_obj(9, 7, seed, &len);
    ck_assert_ptr_nonnull(t);
    TU_OK(golcl_mesh_parse_obj(t, len, &m));
    snprintf(what, sizeof what, "open 9x7 grid, order %llu", (unsigned long long)seed);
    check_against_brute_force(m, what);
    golcl_mesh_destroy(m);
    free(t);
  }
}
END_TEST

/* Large meshes are made on several threads (where the machine has several
 * cores): the graph's table against golcl_mesh_table's (made on one thread,
 * and checked against the definition above on small meshes), and the
 * torus's vertices against their formula. */
START_TEST(large_meshes_match_the_one_thread_table) {
  golcl_mesh *m[3];
  TU_OK(golcl_mesh_torus(521, 300, 3, 1, &m[0]));
  TU_OK(golcl_mesh_klein(300, 233, &m[1]));
  size_t len;
  char *text = tu_grid_obj(211, 190, 5, &len); /* shuffled: ~40000 distinct rows */
  ck_assert_ptr_nonnull(text);
  TU_OK(golcl_mesh_parse_obj(text, len, &m[2]));
  free(text);
  for (int k = 0; k < 3; k++) {
    size_t nf = golcl_mesh_face_count(m[k]);
    for (int adj = 0; adj < 2; adj++) {
      int32_t *t;
      unsigned d;
      TU_OK(golcl_mesh_table(m[k], (golcl_mesh_adjacency)adj, &t, &d));
      golcl_graph *g;
      TU_OK(golcl_graph_create_mesh(tu_ctx, m[k], (golcl_mesh_adjacency)adj, &g));
      ck_assert_uint_eq(golcl_graph_degree(g), d);
      int32_t *back = malloc(nf * d * sizeof *back);
      TU_OK(golcl_graph_read_table(g, back));
      ck_assert_msg(memcmp(back, t, nf * d * sizeof *t) == 0, "mesh %d, adjacency %d", k, adj);
      free(back);
      free(t);
      golcl_graph_destroy(g);
    }
  }
  for (size_t i = 0; i < golcl_mesh_vertex_count(m[0]); i += 997) {
    double p[3], u = 2 * M_PI * (double)(i % 521) / 521, v = 2 * M_PI * (double)(i / 521) / 300;
    TU_OK(golcl_mesh_vertex(m[0], i, p));
    ck_assert_double_eq_tol(p[0], (3 + cos(v)) * cos(u), 1e-12);
    ck_assert_double_eq_tol(p[1], (3 + cos(v)) * sin(u), 1e-12);
    ck_assert_double_eq_tol(p[2], sin(v), 1e-12);
  }
  for (int k = 0; k < 3; k++) golcl_mesh_destroy(m[k]);
}
END_TEST

/* -------------------------------------------------- Klein bottle vs bgolly */

static int have_bgolly(void) { return system("command -v bgolly >/dev/null 2>&1") == 0; }

/* Decodes bgolly's RLE output (header "x = W, y = H, rule = ...", then
 * runs of b, o, $ up to !) into a W×H array; NULL on a format it does not
 * expect. */
static uint8_t *read_rle_box(const char *path, uint32_t *w, uint32_t *h) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char line[512];
  unsigned W = 0, H = 0;
  while (fgets(line, sizeof line, f))
    if (line[0] != '#' && sscanf(line, "x = %u, y = %u", &W, &H) == 2) break;
  uint8_t *c = calloc(W && H ? (size_t)W * H : 1, 1); /* x = 0, y = 0: all dead */
  unsigned x = 0, y = 0, run = 0;
  int ch;
  while (c && (ch = fgetc(f)) != EOF && ch != '!') {
    if (ch >= '0' && ch <= '9') {
      run = run * 10 + (unsigned)(ch - '0');
      continue;
    }
    unsigned r = run ? run : 1;
    run = 0;
    if (ch == 'b' || ch == '.')
      x += r;
    else if (ch == 'o' || ch == 'A') {
      for (unsigned k = 0; k < r && x < W && y < H; k++) c[(size_t)y * W + x++] = 1;
    } else if (ch == '$') {
      y += r;
      x = 0;
    }
  }
  fclose(f);
  *w = W;
  *h = H;
  return c;
}

START_TEST(klein_bottle_life_matches_bgolly) {
  if (!have_bgolly()) {
    fprintf(stderr, "klein_bottle_life_matches_bgolly: bgolly not installed, skipped\n");
    return;
  }
  static const uint32_t WH[][2] = {{16, 12}, {15, 11}, {9, 14}, {20, 7}};
  static const uint64_t GENS[] = {1, 5, 40};
  for (size_t c = 0; c < sizeof WH / sizeof WH[0]; c++)
    for (size_t gi = 0; gi < 3; gi++) {
      uint32_t w = WH[c][0], h = WH[c][1];
      size_t n = (size_t)w * h;
      const uint64_t gens = GENS[gi];
      golcl_mesh *m;
      TU_OK(golcl_mesh_klein(w, h, &m));
      golcl_graph *g;
      TU_OK(golcl_graph_create_mesh(tu_ctx, m, GOLCL_MESH_VERTEX, &g));
      golcl_glife *l;
      TU_OK(golcl_glife_create(g, &l));
      uint8_t *cells = tu_random_cells(n, 0.4, 31 + c), *got = malloc(n);
      /* live corners make the RLE box the whole grid, so that bgolly puts
       * the start exactly onto its bounded grid */
      cells[0] = cells[w - 1] = cells[n - w] = cells[n - 1] = 1;
      TU_OK(golcl_glife_write(l, cells));
      char in[] = "/tmp/golcl_klein_XXXXXX";
      int fd = mkstemp(in);
      ck_assert_int_ge(fd, 0);
      FILE *f = fdopen(fd, "w");
      fprintf(f, "x = %u, y = %u, rule = B3/S23:K%u*,%u\n", w, h, w, h);
      for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) fputc(cells[y * w + x] ? 'o' : 'b', f);
        fputs(y + 1 < h ? "$\n" : "!\n", f);
      }
      fclose(f);
      char out[64], cmd[256];
      snprintf(out, sizeof out, "%s.out.rle", in);
      snprintf(cmd, sizeof cmd, "bgolly -m %llu -a QuickLife -o %s %s >/dev/null 2>&1",
               (unsigned long long)gens, out, in);
      ck_assert_msg(system(cmd) == 0, "bgolly failed: %s", cmd);
      uint32_t bw, bh;
      uint8_t *want = read_rle_box(out, &bw, &bh);
      ck_assert_msg(want != NULL, "cannot read bgolly's %s", out);
      TU_OK(golcl_glife_run(l, GOLCL_LK_AUTO, gens));
      TU_OK(golcl_glife_read(l, got));
      /* bgolly writes the bounding box of the live cells, without a
       * position: compare ours with it */
      uint32_t x0 = w, y0 = h, x1 = 0, y1 = 0;
      for (size_t i = 0; i < n; i++)
        if (got[i]) {
          uint32_t x = (uint32_t)(i % w), y = (uint32_t)(i / w);
          x0 = x < x0 ? x : x0;
          y0 = y < y0 ? y : y0;
          x1 = x > x1 ? x : x1;
          y1 = y > y1 ? y : y1;
        }
      if (x0 == w) { /* all dead here: so in bgolly */
        x0 = x1 + 1;
        y0 = y1 + 1;
      }
      ck_assert_msg(x1 - x0 + 1 == bw && y1 - y0 + 1 == bh,
                    "%ux%u gen %llu: bounding box %ux%u, bgolly %ux%u", w, h,
                    (unsigned long long)gens, x1 - x0 + 1, y1 - y0 + 1, bw, bh);
      for (uint32_t y = 0; y < bh; y++)
        for (uint32_t x = 0; x < bw; x++)
          ck_assert_msg(got[(size_t)(y0 + y) * w + x0 + x] == want[(size_t)y * bw + x],
                        "%ux%u Klein bottle, generation %llu: face (%u,%u) differs from bgolly", w,
                        h, (unsigned long long)gens, x0 + x, y0 + y);
      remove(in);
      remove(out);
      free(want);
      free(cells);
      free(got);
      golcl_glife_destroy(l);
      golcl_graph_destroy(g);
      golcl_mesh_destroy(m);
    }
}
END_TEST

int main(void) {
  Suite *s = suite_create("lattice_mesh");
  TCase *t = tcase_create("mesh");
  tcase_set_timeout(t, 0);
  tcase_add_test(t, obj_box_reads);
  tcase_add_loop_test(t, malformed_obj_gives_parse_errors_with_lines, 0,
                      (int)(sizeof BAD / sizeof BAD[0]));
  tcase_add_test(t, huge_counts_are_refused);
  tcase_add_test(t, generated_meshes_have_the_right_shape);
  tcase_add_test(t, mesh_tables_follow_their_definition);
  tcase_add_test(t, large_meshes_match_the_one_thread_table);
  tcase_add_test(t, klein_bottle_life_matches_bgolly);
  suite_add_tcase(s, t);
  return tu_main(s);
}
