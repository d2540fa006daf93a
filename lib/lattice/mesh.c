/* mesh.c — quad meshes on the host: the generated torus, cube-sphere and
 * Klein bottle, queries, and the face neighbour tables (edge and vertex). */
#include "mesh.h"

#include "../core/threads.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

golcl_mesh *golcl__mesh_alloc(size_t nv, size_t nf) {
  golcl_mesh *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->nv = nv;
  m->nf = nf;
  m->pos = malloc((nv ? nv : 1) * 3 * sizeof *m->pos);
  m->faces = malloc((nf ? nf : 1) * 4 * sizeof *m->faces);
  if (!m->pos || !m->faces) {
    golcl_mesh_destroy(m);
    return NULL;
  }
  return m;
}

void golcl_mesh_destroy(golcl_mesh *m) {
  if (!m) return;
  free(m->pos);
  free(m->faces);
  free(m);
}

size_t golcl_mesh_vertex_count(const golcl_mesh *m) { return m ? m->nv : 0; }
size_t golcl_mesh_face_count(const golcl_mesh *m) { return m ? m->nf : 0; }

golcl_status golcl_mesh_vertex(const golcl_mesh *m, size_t i, double xyz[3]) {
  if (!m || !xyz || i >= m->nv)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_vertex: NULL argument or index");
  memcpy(xyz, m->pos + 3 * i, 3 * sizeof *xyz);
  return GOLCL_OK;
}

golcl_status golcl_mesh_face(const golcl_mesh *m, size_t i, uint32_t v[4]) {
  if (!m || !v || i >= m->nf)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_face: NULL argument or index");
  memcpy(v, m->faces + 4 * i, 4 * sizeof *v);
  return GOLCL_OK;
}

/* Checks a w×h generated grid of quads. */
static golcl_status check_wh(uint32_t w, uint32_t h, golcl_mesh **out, const char *fn) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (w < 3 || h < 3)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: %u×%u, each side must be at least 3", fn, w,
                       h);
  if ((uint64_t)w * h > GOLCL_MESH_MAX_FACES)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: %u×%u is more than %u faces", fn, w, h,
                       GOLCL_MESH_MAX_FACES);
  return GOLCL_OK;
}

/* The torus's rows y0 .. y1 - 1 of a thread's share; cos and sin of the
 * angles of its columns (u) and rows (v) from tables. */
typedef struct torus_job {
  golcl_mesh *m;
  uint32_t w, h;
  double R, r, *cu, *su, *cv, *sv;
} torus_job;

static void torus_rows(void *arg, unsigned t, unsigned T) {
  const torus_job *j = arg;
  uint32_t w = j->w, h = j->h, y0 = (uint32_t)((uint64_t)h * t / T);
  uint32_t y1 = (uint32_t)((uint64_t)h * (t + 1) / T);
  golcl_mesh *m = j->m;
  for (uint32_t y = y0; y < y1; y++)
    for (uint32_t x = 0; x < w; x++) {
      size_t i = (size_t)y * w + x;
      m->pos[3 * i] = (j->R + j->r * j->cv[y]) * j->cu[x];
      m->pos[3 * i + 1] = (j->R + j->r * j->cv[y]) * j->su[x];
      m->pos[3 * i + 2] = j->r * j->sv[y];
      uint32_t x1 = x + 1 < w ? x + 1 : 0, yn = y + 1 < h ? y + 1 : 0;
      uint32_t *f = m->faces + 4 * i;
      f[0] = y * w + x;
      f[1] = y * w + x1;
      f[2] = yn * w + x1;
      f[3] = yn * w + x;
    }
}

golcl_status golcl_mesh_torus(uint32_t w, uint32_t h, double R, double r, golcl_mesh **out) {
  golcl_status s = check_wh(w, h, out, "golcl_mesh_torus");
  if (s != GOLCL_OK) return s;
  if (!(r > 0 && R > r && isfinite(R)))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_torus: radii R %g, r %g (R > r > 0)",
                       R, r);
  golcl_mesh *m = golcl__mesh_alloc((size_t)w * h, (size_t)w * h);
  double *tab = malloc(2 * ((size_t)w + h) * sizeof *tab);
  if (!m || !tab) {
    golcl_mesh_destroy(m);
    free(tab);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "golcl_mesh_torus: out of memory");
  }
  torus_job j = {m, w, h, R, r, tab, tab + w, tab + 2 * (size_t)w, tab + 2 * (size_t)w + h};
  for (uint32_t x = 0; x < w; x++) {
    double u = 2 * M_PI * x / w;
    j.cu[x] = cos(u);
    j.su[x] = sin(u);
  }
  for (uint32_t y = 0; y < h; y++) {
    double v = 2 * M_PI * y / h;
    j.cv[y] = cos(v);
    j.sv[y] = sin(v);
  }
  m->row = w;
  unsigned T = golcl__mesh_threads(m->nf);
  if (T > h) T = h;
  golcl__mesh_parallel(torus_rows, &j, T);
  free(tab);
  *out = m;
  return GOLCL_OK;
}

golcl_status golcl_mesh_klein(uint32_t w, uint32_t h, golcl_mesh **out) {
  golcl_status s = check_wh(w, h, out, "golcl_mesh_klein");
  if (s != GOLCL_OK) return s;
  golcl_mesh *m = golcl__mesh_alloc((size_t)w * h, (size_t)w * h);
  if (!m) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "golcl_mesh_klein: out of memory");
  m->row = w;
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      size_t i = (size_t)y * w + x;
      /* figure-8 immersion: crossing u = 2π maps v to -v, as row h maps
       * vertex x of row 0 to w - x */
      double u = 2 * M_PI * y / h, v = 2 * M_PI * x / w, a = 2.5;
      double c = a + cos(u / 2) * sin(v) - sin(u / 2) * sin(2 * v);
      m->pos[3 * i] = c * cos(u);
      m->pos[3 * i + 1] = c * sin(u);
      m->pos[3 * i + 2] = sin(u / 2) * sin(v) + cos(u / 2) * sin(2 * v);
      uint32_t x1 = (x + 1) % w, *f = m->faces + 4 * i;
      f[0] = y * w + x;
      f[1] = y * w + x1;
      if (y + 1 < h) {
        f[2] = (y + 1) * w + x1;
        f[3] = (y + 1) * w + x;
      } else { /* the twist: vertex (i, h) is (w - i mod w, 0) */
        f[2] = (w - x1) % w;
        f[3] = (w - x) % w;
      }
    }
  *out = m;
  return GOLCL_OK;
}

/* Cube-sphere vertices deduplicated through an open-addressing map from the
 * integer cube point to the vertex index. */
typedef struct vmap {
  uint64_t *keys; /* key + 1, 0 empty */
  uint32_t *idx;
  size_t cap;
} vmap;

static long vmap_get(vmap *vm, golcl_mesh *m, uint64_t key, const double p[3], uint32_t n) {
  size_t h = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (vm->cap - 1);
  while (vm->keys[h] && vm->keys[h] != key + 1) h = (h + 1) & (vm->cap - 1);
  if (vm->keys[h]) return vm->idx[h];
  size_t i = m->nv++;
  double q[3], len = 0;
  for (int k = 0; k < 3; k++) {
    q[k] = 2.0 * p[k] / n - 1.0;
    len += q[k] * q[k];
  }
  len = sqrt(len);
  for (int k = 0; k < 3; k++) m->pos[3 * i + k] = q[k] / len;
  vm->keys[h] = key + 1;
  vm->idx[h] = (uint32_t)i;
  return (long)i;
}

golcl_status golcl_mesh_cube_sphere(uint32_t n, golcl_mesh **out) {
  const char *fn = "golcl_mesh_cube_sphere";
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (n == 0 || 6 * (uint64_t)n * n > GOLCL_MESH_MAX_FACES)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: n %u (1 .. %u faces)", fn, n,
                       GOLCL_MESH_MAX_FACES);
  /* origin and axes of the 6 faces in the integer cube [0, n]³, A × B outward */
  static const int O[6][3] = {{1, 0, 0}, {0, 0, 0}, {0, 1, 0}, {0, 0, 0}, {0, 0, 1}, {0, 0, 0}};
  static const int A[6][3] = {{0, 1, 0}, {0, 0, 1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  static const int B[6][3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  size_t nf = 6 * (size_t)n * n, nvmax = 6 * (size_t)(n + 1) * (n + 1);
  golcl_mesh *m = golcl__mesh_alloc(nvmax, nf);
  vmap vm = {0};
  vm.cap = 1;
  while (vm.cap < 2 * nvmax) vm.cap *= 2;
  vm.keys = calloc(vm.cap, sizeof *vm.keys);
  vm.idx = malloc(vm.cap * sizeof *vm.idx);
  if (!m || !vm.keys || !vm.idx) {
    golcl_mesh_destroy(m);
    free(vm.keys);
    free(vm.idx);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "%s: out of memory", fn);
  }
  m->nv = 0;
  for (int f = 0; f < 6; f++)
    for (uint32_t v = 0; v < n; v++)
      for (uint32_t u = 0; u < n; u++) {
        static const int du[4] = {0, 1, 1, 0}, dv[4] = {0, 0, 1, 1};
        uint32_t *q = m->faces + 4 * ((size_t)f * n * n + (size_t)v * n + u);
        for (int c = 0; c < 4; c++) {
          double p[3];
          uint64_t key = 0;
          for (int k = 0; k < 3; k++) {
            p[k] =
                (double)O[f][k] * n + (double)A[f][k] * (u + du[c]) + (double)B[f][k] * (v + dv[c]);
            key = key * (n + 1) + (uint64_t)p[k];
          }
          q[c] = (uint32_t)vmap_get(&vm, m, key, p, n);
        }
      }
  free(vm.keys);
  free(vm.idx);
  *out = m;
  return GOLCL_OK;
}

/* ----------------------------------------------------------- threads */

/* The parts of a mesh's making run on the library's pool (core/threads.h):
 * $GOLCL_THREADS, else the CPUs the process may run on, at most
 * MAX_THREADS, and none for less than MIN_WORK faces a thread. */
#define MAX_THREADS 16
#define MIN_WORK (1u << 16)
#define ATOMIC_INC(p) __atomic_fetch_add((p), 1u, __ATOMIC_RELAXED)

unsigned golcl__mesh_threads(size_t work) {
  size_t T = (size_t)golcl__threads(MAX_THREADS);
  if (T > work / MIN_WORK) T = work / MIN_WORK;
  return T ? (unsigned)T : 1;
}

typedef struct mesh_job {
  void (*fn)(void *, unsigned, unsigned);
  void *arg;
  unsigned T;
} mesh_job;

static void mesh_part(void *p, int t) {
  const mesh_job *j = p;
  j->fn(j->arg, (unsigned)t, j->T);
}

void golcl__mesh_parallel(void (*fn)(void *arg, unsigned t, unsigned T), void *arg, unsigned T) {
  mesh_job j = {fn, arg, T};
  golcl__parallel((int)T, mesh_part, &j);
}

/* ----------------------------------------------------------- neighbours */

/* Faces around each vertex, in increasing face index (CSR; 4·nf < 2^32).
 * Counted and filled by face ranges on several threads (atomic cursors),
 * then each vertex's few faces sorted: linear. */
struct golcl__mesh_inc {
  uint32_t *start; /* nv + 2: start[v] .. start[v + 1] */
  uint32_t *face;  /* 4·nf */
};

typedef struct inc_job {
  const golcl_mesh *m;
  golcl__mesh_inc *inc;
  int phase; /* 0 count, 1 fill, 2 sort */
} inc_job;

static void inc_work(void *arg, unsigned t, unsigned T) {
  inc_job *j = arg;
  const golcl_mesh *m = j->m;
  uint32_t *st = j->inc->start, *face = j->inc->face;
  if (j->phase == 2) {
    size_t v0 = m->nv * t / T, v1 = m->nv * (t + 1) / T;
    for (size_t v = v0; v < v1; v++)
      for (uint32_t a = st[v] + 1; a < st[v + 1]; a++) { /* insertion sort: a few faces */
        uint32_t x = face[a], b = a;
        for (; b > st[v] && face[b - 1] > x; b--) face[b] = face[b - 1];
        face[b] = x;
      }
    return;
  }
  size_t f0 = m->nf * t / T, f1 = m->nf * (t + 1) / T;
  for (size_t f = f0; f < f1; f++)
    for (int c = 0; c < 4; c++) {
      uint32_t v = m->faces[4 * f + c];
      if (T == 1 && j->phase == 0)
        st[v + 2]++;
      else if (T == 1)
        face[st[v + 1]++] = (uint32_t)f;
      else if (j->phase == 0)
        ATOMIC_INC(&st[v + 2]);
      else
        face[ATOMIC_INC(&st[v + 1])] = (uint32_t)f;
    }
}

void golcl__mesh_inc_free(golcl__mesh_inc *inc) {
  if (!inc) return;
  free(inc->start);
  free(inc->face);
  free(inc);
}

golcl__mesh_inc *golcl__mesh_inc_make(const golcl_mesh *m, unsigned T) {
  /* an atomic increment costs about three plain ones (measured): a few
   * threads would lose */
  if (T < 4) T = 1;
  golcl__mesh_inc *inc = calloc(1, sizeof *inc);
  if (!inc) return NULL;
  inc->start = calloc(m->nv + 2, sizeof *inc->start);
  inc->face = malloc(4 * m->nf * sizeof *inc->face);
  if (!inc->start || !inc->face) {
    golcl__mesh_inc_free(inc);
    return NULL;
  }
  /* counts at start[v + 2], offsets at start[v + 1], then filled through
   * start[v + 1] so that start[v] ends as v's first entry */
  inc_job j = {m, inc, 0};
  golcl__mesh_parallel(inc_work, &j, T);
  uint32_t *st = inc->start;
  for (size_t v = 2; v < m->nv + 2; v++) st[v] += st[v - 1];
  j.phase = 1;
  golcl__mesh_parallel(inc_work, &j, T);
  if (T > 1) { /* filled out of order */
    j.phase = 2;
    golcl__mesh_parallel(inc_work, &j, T);
  }
  return inc;
}

/* 1 if face g has the edge {a, b}. */
static int has_edge(const golcl_mesh *m, size_t g, uint32_t a, uint32_t b) {
  const uint32_t *q = m->faces + 4 * g;
  for (int c = 0; c < 4; c++) {
    uint32_t p = q[c], r = q[(c + 1) % 4];
    if ((p == a && r == b) || (p == b && r == a)) return 1;
  }
  return 0;
}

/* The 4 edge neighbours of face f into row (-1 on a border edge). */
static golcl_status edge_row(const golcl_mesh *m, const golcl__mesh_inc *inc, size_t f,
                             int32_t *row) {
  for (int k = 0; k < 4; k++) {
    uint32_t a = m->faces[4 * f + k], b = m->faces[4 * f + (k + 1) % 4];
    int32_t other = -1;
    for (size_t e = inc->start[a]; e < inc->start[a + 1]; e++) {
      uint32_t g = inc->face[e];
      if (g == f || (e > inc->start[a] && inc->face[e - 1] == g) || !has_edge(m, g, a, b)) continue;
      if (other >= 0)
        return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                           "golcl_mesh_table: the edge %u-%u is shared by more than two faces", a,
                           b);
      other = (int32_t)g;
    }
    row[k] = other;
  }
  return GOLCL_OK;
}

/* The vertex neighbours of face f into row (the first GOLCL_GRAPH_MAX_DEGREE
 * of them; row has one slot more, written past them); their count. Repeats
 * are dropped in constant time through the caller's marks (seen[g] = f + 1:
 * g is in f's row), without branches: they follow no pattern a predictor
 * learns. */
static unsigned vertex_row(const golcl_mesh *m, const golcl__mesh_inc *inc, size_t f,
                           uint32_t *seen, int32_t *row) {
  unsigned cnt = 0;
  uint32_t mark = (uint32_t)f + 1;
  seen[f] = mark; /* the face itself is not its neighbour */
  for (int c = 0; c < 4; c++) {
    uint32_t v = m->faces[4 * f + c];
    for (uint32_t e = inc->start[v]; e < inc->start[v + 1]; e++) {
      uint32_t g = inc->face[e];
      unsigned fresh = seen[g] != mark;
      seen[g] = mark;
      row[cnt < GOLCL_GRAPH_MAX_DEGREE ? cnt : GOLCL_GRAPH_MAX_DEGREE] = (int32_t)g;
      cnt += fresh;
    }
  }
  return cnt;
}

golcl_status golcl__mesh_rows(const golcl_mesh *m, const golcl__mesh_inc *inc,
                              golcl_mesh_adjacency adjacency, size_t f0, size_t f1,
                              golcl__mesh_row_fn emit, void *arg) {
  /* marks of this call's own (zero pages until touched: a range of a mesh
   * in a good order touches about its own faces' share) */
  uint32_t *seen = adjacency == GOLCL_MESH_VERTEX ? calloc(m->nf, sizeof *seen) : NULL;
  if (adjacency == GOLCL_MESH_VERTEX && !seen)
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "golcl_mesh_table: out of memory");
  golcl_status s = GOLCL_OK;
  int32_t row[GOLCL_GRAPH_MAX_DEGREE + 1];
  for (size_t f = f0; f < f1 && s == GOLCL_OK; f++) {
    unsigned c = 4;
    if (adjacency == GOLCL_MESH_EDGE) {
      s = edge_row(m, inc, f, row);
    } else {
      c = vertex_row(m, inc, f, seen, row);
      if (c > GOLCL_GRAPH_MAX_DEGREE)
        s = golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                        "golcl_mesh_table: face %zu has %u vertex neighbours (at most %d)", f, c,
                        GOLCL_GRAPH_MAX_DEGREE);
    }
    if (s == GOLCL_OK) s = emit(arg, f, row, c);
  }
  free(seen);
  return s;
}

/* golcl_mesh_table's two passes: the largest count, then the rows. */
typedef struct table_fill {
  int32_t *t;
  size_t nf;
  unsigned degree;
} table_fill;

static golcl_status count_max(void *arg, size_t f, const int32_t *row, unsigned count) {
  table_fill *tf = arg;
  (void)f;
  (void)row;
  if (count > tf->degree) tf->degree = count;
  return GOLCL_OK;
}

static golcl_status fill_row(void *arg, size_t f, const int32_t *row, unsigned count) {
  table_fill *tf = arg;
  for (unsigned d = 0; d < tf->degree; d++) tf->t[(size_t)d * tf->nf + f] = d < count ? row[d] : -1;
  return GOLCL_OK;
}

golcl_status golcl_mesh_table(const golcl_mesh *m, golcl_mesh_adjacency adjacency, int32_t **table,
                              unsigned *degree) {
  const char *fn = "golcl_mesh_table";
  if (!m || !table || !degree)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: NULL argument", fn);
  *table = NULL;
  if (adjacency != GOLCL_MESH_EDGE && adjacency != GOLCL_MESH_VERTEX)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: bad adjacency %d", fn, (int)adjacency);
  /* on this thread (golcl_graph_create_mesh takes several) */
  table_fill tf = {NULL, m->nf, adjacency == GOLCL_MESH_EDGE ? 4 : 1};
  golcl__mesh_inc *inc = golcl__mesh_inc_make(m, 1);
  golcl_status s =
      inc ? GOLCL_OK : golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "%s: out of memory", fn);
  if (s == GOLCL_OK && adjacency == GOLCL_MESH_VERTEX)
    s = golcl__mesh_rows(m, inc, adjacency, 0, m->nf, count_max, &tf);
  if (s == GOLCL_OK && !(tf.t = malloc((size_t)tf.degree * m->nf * sizeof *tf.t)))
    s = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "%s: out of memory", fn);
  if (s == GOLCL_OK) s = golcl__mesh_rows(m, inc, adjacency, 0, m->nf, fill_row, &tf);
  golcl__mesh_inc_free(inc);
  if (s != GOLCL_OK) {
    free(tf.t);
    return s;
  }
  *table = tf.t;
  *degree = tf.degree;
  return GOLCL_OK;
}
