/* mesh_life.c — Life on the faces of a quad mesh: a generated torus,
 * cube-sphere or Klein bottle, or a Wavefront OBJ file (quads). Each face is
 * a cell; its neighbours are the faces sharing a vertex (8 on a regular
 * part) or an edge. Writes the state as legacy VTK polydata with the state as
 * cell data (opens in ParaView) and a PNG render: a small orthographic
 * rasteriser with a z-buffer and flat, two-sided shading.
 *
 * usage: mesh_life [--mesh torus|sphere|klein|FILE.obj] [--size WxH|N]
 *                  [--adjacency vertex|edge] [--rule B3/S23] [-g N]
 *                  [--density D] [--seed S] [--every K] [--out DIR]
 *                  [--png FILE] [--vtk FILE] [--view YAW,PITCH] [--image PX]
 *                  [--kernel K] [--device SPEC] */
#include <golcl.h>
#include <golcl_lattice.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "image.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static golcl_context *ctx;

#define CHECK(call)                                                         \
  do {                                                                      \
    golcl_status s_ = (call);                                               \
    if (s_ != GOLCL_OK) {                                                   \
      fprintf(stderr, "mesh_life: %s: %s\n%s\n", #call, golcl_strerror(s_), \
              golcl_context_errmsg(ctx));                                   \
      exit(1);                                                              \
    }                                                                       \
  } while (0)

typedef struct opts {
  const char *mesh, *rule, *out, *png, *vtk, *device;
  unsigned long w, h;
  golcl_mesh_adjacency adj;
  unsigned long long gens, every, seed;
  double density, yaw, pitch;
  unsigned image;
  golcl_lattice_kernel kernel;
} opts;

static void usage(FILE *f) {
  fprintf(f,
          "usage: mesh_life [options]\n"
          "  --mesh M            torus (default), sphere (cube-sphere), klein, or FILE.obj\n"
          "  --size WxH|N        torus / Klein bottle WxH (default 96x48), cube-sphere N (24)\n"
          "  --adjacency A       vertex (default: faces sharing a vertex) or edge\n"
          "  --rule R            a Life-like rule (default B3/S23)\n"
          "  -g N                generations (default 100)\n"
          "  --density D         random start density (default 0.35)\n"
          "  --seed S            seed (default 1)\n"
          "  --every K           with --out: a VTK and PNG every K generations\n"
          "  --out DIR           write DIR/life_NNNNNN.vtk and .png\n"
          "  --png FILE          the final state rendered\n"
          "  --vtk FILE          the final state as legacy VTK polydata\n"
          "  --view YAW,PITCH    view angles in degrees (default 30,35)\n"
          "  --image PX          image side (default 512)\n"
          "  --kernel K          auto|table|dict|reference (default auto)\n"
          "  --device SPEC       gpu, cpu, P:D or a name substring\n");
}

static int parse(int argc, char **argv, opts *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    }
    if (!v) {
      fprintf(stderr, "mesh_life: %s needs a value (see --help)\n", a);
      return 2;
    }
    i++;
    int bad = 0;
    char *end = NULL;
    if (!strcmp(a, "--mesh"))
      o->mesh = v;
    else if (!strcmp(a, "--size")) {
      char x;
      int n = sscanf(v, "%lu%c%lu", &o->w, &x, &o->h);
      if (n == 1) o->h = o->w;
      bad = !(n == 1 || (n == 3 && x == 'x')) || o->w == 0 || o->h == 0 || o->w > 65536 ||
            o->h > 65536;
    } else if (!strcmp(a, "--adjacency")) {
      bad = strcmp(v, "vertex") && strcmp(v, "edge");
      o->adj = strcmp(v, "edge") ? GOLCL_MESH_VERTEX : GOLCL_MESH_EDGE;
    } else if (!strcmp(a, "--rule"))
      o->rule = v;
    else if (!strcmp(a, "-g"))
      o->gens = strtoull(v, &end, 10), bad = *end != 0;
    else if (!strcmp(a, "--every"))
      o->every = strtoull(v, &end, 10), bad = *end != 0 || o->every == 0;
    else if (!strcmp(a, "--seed"))
      o->seed = strtoull(v, &end, 10), bad = *end != 0;
    else if (!strcmp(a, "--density"))
      o->density = strtod(v, &end), bad = *end != 0 || !(o->density >= 0 && o->density <= 1);
    else if (!strcmp(a, "--view"))
      bad = sscanf(v, "%lf,%lf", &o->yaw, &o->pitch) != 2;
    else if (!strcmp(a, "--image"))
      o->image = (unsigned)strtoul(v, &end, 10),
      bad = *end != 0 || o->image < 16 || o->image > 8192;
    else if (!strcmp(a, "--out"))
      o->out = v;
    else if (!strcmp(a, "--png"))
      o->png = v;
    else if (!strcmp(a, "--vtk"))
      o->vtk = v;
    else if (!strcmp(a, "--kernel"))
      bad = golcl_lattice_kernel_from_name(v, &o->kernel) != GOLCL_OK;
    else if (!strcmp(a, "--device"))
      o->device = v;
    else {
      fprintf(stderr, "mesh_life: unknown option %s (see --help)\n", a);
      return 2;
    }
    if (bad) {
      fprintf(stderr, "mesh_life: bad value for %s: %s\n", a, v);
      return 2;
    }
  }
  return 0;
}

/* Legacy VTK polydata: the quads, and the state as cell data. */
static int write_vtk(const char *path, const golcl_mesh *m, const uint8_t *cells, uint64_t gen) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "mesh_life: cannot write %s: %s\n", path, strerror(errno));
    return -1;
  }
  size_t nv = golcl_mesh_vertex_count(m), nf = golcl_mesh_face_count(m);
  fprintf(f, "# vtk DataFile Version 3.0\nlibgolcl mesh_life generation %llu\nASCII\n",
          (unsigned long long)gen);
  fprintf(f, "DATASET POLYDATA\nPOINTS %zu double\n", nv);
  for (size_t i = 0; i < nv; i++) {
    double p[3];
    golcl_mesh_vertex(m, i, p);
    fprintf(f, "%.9g %.9g %.9g\n", p[0], p[1], p[2]);
  }
  fprintf(f, "POLYGONS %zu %zu\n", nf, nf * 5);
  for (size_t i = 0; i < nf; i++) {
    uint32_t v[4];
    golcl_mesh_face(m, i, v);
    fprintf(f, "4 %u %u %u %u\n", v[0], v[1], v[2], v[3]);
  }
  fprintf(f, "CELL_DATA %zu\nSCALARS state unsigned_char 1\nLOOKUP_TABLE default\n", nf);
  for (size_t i = 0; i < nf; i++) fprintf(f, "%d\n", cells[i]);
  int rc = fclose(f) == 0 ? 0 : -1;
  if (rc) fprintf(stderr, "mesh_life: cannot write %s\n", path);
  return rc;
}

/* ------------------------------------------------------------- rendering */

typedef struct view {
  double r[3][3]; /* rotation */
  double scale, cx, cy;
  unsigned side;
} view;

static void project(const view *v, const double p[3], double q[3]) {
  for (int k = 0; k < 3; k++) q[k] = v->r[k][0] * p[0] + v->r[k][1] * p[1] + v->r[k][2] * p[2];
}

static view make_view(const golcl_mesh *m, double yaw, double pitch, unsigned side) {
  view v;
  double a = yaw * M_PI / 180, b = pitch * M_PI / 180;
  /* yaw about z, then pitch about x: z points up on the screen */
  double rz[3][3] = {{cos(a), -sin(a), 0}, {sin(a), cos(a), 0}, {0, 0, 1}};
  double rx[3][3] = {{1, 0, 0}, {0, cos(b), -sin(b)}, {0, sin(b), cos(b)}};
  double up[3][3] = {{1, 0, 0}, {0, 0, 1}, {0, -1, 0}}; /* screen y down = -z, depth = y */
  double t[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      t[i][j] = 0;
      for (int k = 0; k < 3; k++) t[i][j] += rx[i][k] * rz[k][j];
    }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      v.r[i][j] = 0;
      for (int k = 0; k < 3; k++) v.r[i][j] += up[i][k] * t[k][j];
    }
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (size_t i = 0; i < golcl_mesh_vertex_count(m); i++) {
    double p[3], q[3];
    golcl_mesh_vertex(m, i, p);
    project(&v, p, q);
    for (int k = 0; k < 2; k++) {
      lo[k] = q[k] < lo[k] ? q[k] : lo[k];
      hi[k] = q[k] > hi[k] ? q[k] : hi[k];
    }
  }
  double ext = fmax(hi[0] - lo[0], hi[1] - lo[1]);
  v.scale = ext > 0 ? 0.92 * side / ext : 1;
  v.cx = (lo[0] + hi[0]) / 2;
  v.cy = (lo[1] + hi[1]) / 2;
  v.side = side;
  return v;
}

/* Fills the triangle a, b, c (screen x, y and depth) with colour rgb where
 * it is nearer than the z-buffer (depth grows away from the viewer). */
static void triangle(const double *a, const double *b, const double *c, const uint8_t rgb[3],
                     uint8_t *img, double *zb, unsigned side) {
  double x0 = fmax(0, floor(fmin(a[0], fmin(b[0], c[0])))),
         x1 = fmin(side - 1, ceil(fmax(a[0], fmax(b[0], c[0]))));
  double y0 = fmax(0, floor(fmin(a[1], fmin(b[1], c[1])))),
         y1 = fmin(side - 1, ceil(fmax(a[1], fmax(b[1], c[1]))));
  double area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (fabs(area) < 1e-12) return;
  for (double y = y0; y <= y1; y++)
    for (double x = x0; x <= x1; x++) {
      double px = x + 0.5, py = y + 0.5;
      double w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
      double w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
      double w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      double z = w0 * a[2] + w1 * b[2] + w2 * c[2];
      size_t i = (size_t)y * side + (size_t)x;
      if (z >= zb[i]) continue;
      zb[i] = z;
      memcpy(img + 3 * i, rgb, 3);
    }
}

static int render_png(const char *path, const golcl_mesh *m, const uint8_t *cells, const view *v) {
  unsigned side = v->side;
  size_t np = (size_t)side * side;
  uint8_t *img = malloc(3 * np);
  double *zb = malloc(np * sizeof *zb);
  if (!img || !zb) return -1;
  for (size_t i = 0; i < np; i++) {
    img[3 * i] = img[3 * i + 1] = img[3 * i + 2] = 250;
    zb[i] = INFINITY;
  }
  const double light[3] = {-0.4, -0.5, -0.77}; /* towards the viewer, from the upper left */
  for (size_t f = 0; f < golcl_mesh_face_count(m); f++) {
    uint32_t vi[4];
    golcl_mesh_face(m, f, vi);
    double s[4][3], w[4][3];
    for (int c = 0; c < 4; c++) {
      golcl_mesh_vertex(m, vi[c], w[c]);
      double q[3];
      project(v, w[c], q);
      s[c][0] = (q[0] - v->cx) * v->scale + side / 2.0;
      s[c][1] = (q[1] - v->cy) * v->scale + side / 2.0;
      s[c][2] = q[2];
    }
    /* the face normal in view space, for flat two-sided shading */
    double e1[3], e2[3], nrm[3];
    for (int k = 0; k < 3; k++) {
      e1[k] = s[2][k] - s[0][k];
      e2[k] = s[3][k] - s[1][k];
    }
    nrm[0] = e1[1] * e2[2] - e1[2] * e2[1];
    nrm[1] = e1[2] * e2[0] - e1[0] * e2[2];
    nrm[2] = e1[0] * e2[1] - e1[1] * e2[0];
    double len = sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
    double lam =
        len > 0 ? fabs(nrm[0] * light[0] + nrm[1] * light[1] + nrm[2] * light[2]) / len : 0.5;
    double shade = 0.35 + 0.65 * lam;
    const double alive[3] = {255, 200, 40}, dead[3] = {40, 70, 140};
    const double *base = cells[f] ? alive : dead;
    uint8_t rgb[3];
    for (int k = 0; k < 3; k++) rgb[k] = (uint8_t)fmin(255, base[k] * shade);
    triangle(s[0], s[1], s[2], rgb, img, zb, side);
    triangle(s[0], s[2], s[3], rgb, img, zb, side);
  }
  int rc = ex_write_png_rgb(path, img, side, side, 3 * (size_t)side);
  free(img);
  free(zb);
  return rc;
}

static int write_outputs(const opts *o, const golcl_mesh *m, golcl_glife *l, uint8_t *cells,
                         const view *v, uint64_t gen, int final) {
  CHECK(golcl_glife_read(l, cells));
  char path[4096];
  if (o->out && !final) {
    snprintf(path, sizeof path, "%s/life_%06llu.vtk", o->out, (unsigned long long)gen);
    if (write_vtk(path, m, cells, gen)) return -1;
    snprintf(path, sizeof path, "%s/life_%06llu.png", o->out, (unsigned long long)gen);
    if (render_png(path, m, cells, v)) return -1;
  }
  if (final && o->vtk && write_vtk(o->vtk, m, cells, gen)) return -1;
  if (final && o->png && render_png(o->png, m, cells, v)) return -1;
  return 0;
}

int main(int argc, char **argv) {
  opts o = {"torus", "B3/S23", NULL, NULL, NULL, NULL,         0, 0, GOLCL_MESH_VERTEX, 100, 0,
            1,       0.35,     30,   35,   512,  GOLCL_LK_AUTO};
  int rc = parse(argc, argv, &o);
  if (rc) return rc;
  golcl_mesh *m = NULL;
  golcl_status s;
  if (!strcmp(o.mesh, "torus"))
    s = golcl_mesh_torus(o.w ? (uint32_t)o.w : 96, o.h ? (uint32_t)o.h : 48, 3.0, 1.2, &m);
  else if (!strcmp(o.mesh, "klein"))
    s = golcl_mesh_klein(o.w ? (uint32_t)o.w : 96, o.h ? (uint32_t)o.h : 48, &m);
  else if (!strcmp(o.mesh, "sphere"))
    s = golcl_mesh_cube_sphere(o.w ? (uint32_t)o.w : 24, &m);
  else
    s = golcl_mesh_read_obj(o.mesh, &m);
  if (s != GOLCL_OK) {
    fprintf(stderr, "mesh_life: %s: %s\n", o.mesh, golcl_last_errmsg());
    return 1;
  }
  golcl_context_opts co = {0};
  co.device = o.device;
  if (golcl_context_create(&co, &ctx) != GOLCL_OK) {
    fprintf(stderr, "mesh_life: no device: %s\n", golcl_last_errmsg());
    return 1;
  }
  if (o.out && mkdir(o.out, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "mesh_life: cannot make %s: %s\n", o.out, strerror(errno));
    return 1;
  }
  golcl_graph *g;
  golcl_glife *l;
  CHECK(golcl_graph_create_mesh(ctx, m, o.adj, &g));
  CHECK(golcl_glife_create(g, &l));
  CHECK(golcl_glife_set_rule(l, o.rule));
  CHECK(golcl_glife_randomize(l, o.density, o.seed));
  size_t nf = golcl_mesh_face_count(m);
  uint8_t *cells = malloc(nf);
  if (!cells) return 1;
  view v = make_view(m, o.yaw, o.pitch, o.image);
  double tstep = 0;
  for (uint64_t gen = 0;; gen++) {
    if (o.out && o.every && gen % o.every == 0 && write_outputs(&o, m, l, cells, &v, gen, 0))
      return 1;
    if (gen == o.gens) break;
    double t = ex_now();
    CHECK(golcl_glife_run(l, o.kernel, 1));
    CHECK(golcl_context_finish(ctx));
    tstep += ex_now() - t;
  }
  if (write_outputs(&o, m, l, cells, &v, o.gens, 1)) return 1;
  uint64_t pop;
  CHECK(golcl_glife_population(l, &pop));
  printf(
      "%s: %zu faces, %zu vertices, %u neighbour slots (%s); %llu generations in %.3f s; "
      "population %llu\n",
      o.mesh, nf, golcl_mesh_vertex_count(m), golcl_graph_degree(g),
      o.adj == GOLCL_MESH_VERTEX ? "vertex" : "edge", o.gens, tstep, (unsigned long long)pop);
  free(cells);
  golcl_glife_destroy(l);
  golcl_graph_destroy(g);
  golcl_mesh_destroy(m);
  golcl_context_destroy(ctx);
  return 0;
}
