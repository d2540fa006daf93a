/* graph.c — the graph object: a caller's table or a lattice, its host and
 * device tables (a lattice's made on demand, on the device), the row
 * dictionary of the DICT kernels, and kernel names. */
#include "lattice.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *const KERNEL_NAMES[GOLCL_LK_COUNT] = {"auto", "reference", "table",
                                                         "dict", "tiled",     "fused",
                                                         "bits"};

const char *golcl_lattice_kernel_name(golcl_lattice_kernel kernel) {
  return (unsigned)kernel < GOLCL_LK_COUNT ? KERNEL_NAMES[kernel] : NULL;
}

golcl_status golcl_lattice_kernel_from_name(const char *name, golcl_lattice_kernel *out) {
  if (!name || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_lattice_kernel_from_name: NULL argument");
  for (int k = 0; k < GOLCL_LK_COUNT; k++)
    if (strcmp(name, KERNEL_NAMES[k]) == 0) {
      *out = (golcl_lattice_kernel)k;
      return GOLCL_OK;
    }
  return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                     "golcl_lattice_kernel_from_name: unknown kernel '%s' (auto, reference, "
                     "table, dict, tiled, fused, bits)",
                     name);
}

unsigned golcl__lattice_offsets(const golcl_lattice *lat, int offs[][3]) {
  unsigned n = 0;
  int zr = lat->dims == 3 ? 1 : 0;
  for (int dz = -zr; dz <= zr; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        if (dx == 0 && dy == 0 && dz == 0) continue;
        if (lat->nbhd == GOLCL_NEIGHBOURHOOD_VON_NEUMANN && abs(dx) + abs(dy) + abs(dz) != 1) continue;
        if (lat->nbhd == GOLCL_NEIGHBOURHOOD_HEXAGONAL && ((dx == 1 && dy == -1) || (dx == -1 && dy == 1))) continue;
        offs[n][0] = dx;
        offs[n][1] = dy;
        offs[n][2] = dz;
        n++;
      }
  return n;
}

static golcl_graph *graph_new(golcl_context *ctx, size_t n, unsigned degree) {
  golcl_graph *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->ctx = ctx;
  g->n = n;
  g->degree = degree;
  g->row = (uint64_t)1 << 32;
  return g;
}

golcl_status golcl_graph_create(golcl_context *ctx, size_t cells, unsigned degree,
                                const int32_t *table, golcl_graph **out) {
  const char *fn = "golcl_graph_create";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!table) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: table is NULL", fn);
  if (cells == 0 || cells > GOLCL_GRAPH_MAX_CELLS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: %zu cells (1 .. %d allowed)", fn, cells,
                       GOLCL_GRAPH_MAX_CELLS);
  if (degree == 0 || degree > GOLCL_GRAPH_MAX_DEGREE)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: degree %u (1 .. %d allowed)", fn, degree,
                       GOLCL_GRAPH_MAX_DEGREE);
  size_t entries, bytes;
  if (golcl__mul_size(cells, degree, &entries) || golcl__mul_size(entries, 4, &bytes))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: the table overflows", fn);
  for (size_t k = 0; k < entries; k++)
    if (table[k] < -1 || (table[k] >= 0 && (size_t)table[k] >= cells))
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "%s: table[%zu] (slot %zu of cell %zu) is %ld, outside -1 .. %zu", fn, k,
                         k / cells, k % cells, (long)table[k], cells - 1);
  golcl_graph *g = graph_new(ctx, cells, degree);
  if (g) g->host = malloc(bytes);
  if (!g || !g->host) {
    golcl_graph_destroy(g);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "%s: out of host memory", fn);
  }
  memcpy(g->host, table, bytes);
  golcl_status s = golcl__buffer(ctx, bytes, CL_MEM_READ_ONLY, &g->table);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, g->table, CL_TRUE, 0, bytes, table, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s != GOLCL_OK) {
    golcl_graph_destroy(g);
    return s;
  }
  *out = g;
  return GOLCL_OK;
}

golcl_status golcl_graph_create_lattice(golcl_context *ctx, const golcl_lattice *lattice,
                                        golcl_graph **out) {
  const char *fn = "golcl_graph_create_lattice";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!lattice) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: lattice is NULL", fn);
  golcl_lattice lat = *lattice;
  if (lat.dims != 2 && lat.dims != 3)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: dims %u (2 or 3)", fn, lat.dims);
  if (lat.dims == 2) lat.nz = 1;
  if (lat.nx == 0 || lat.ny == 0 || lat.nz == 0)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: an extent is 0", fn);
  uint64_t n = (uint64_t)lat.nx * lat.ny * lat.nz;
  if ((uint64_t)lat.nx * lat.ny > GOLCL_GRAPH_MAX_CELLS || n > GOLCL_GRAPH_MAX_CELLS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: %u×%u×%u is more than %d cells", fn, lat.nx,
                       lat.ny, lat.nz, GOLCL_GRAPH_MAX_CELLS);
  if (lat.boundary != GOLCL_BOUNDARY_DEAD && lat.boundary != GOLCL_BOUNDARY_TORUS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad boundary %d", fn, (int)lat.boundary);
  if (lat.nbhd != GOLCL_NEIGHBOURHOOD_MOORE && lat.nbhd != GOLCL_NEIGHBOURHOOD_VON_NEUMANN && lat.nbhd != GOLCL_NEIGHBOURHOOD_HEXAGONAL)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad neighbourhood %d", fn, (int)lat.nbhd);
  if (lat.nbhd == GOLCL_NEIGHBOURHOOD_HEXAGONAL && lat.dims == 3)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: the hexagonal neighbourhood is 2-D only", fn);
  int offs[GOLCL_GRAPH_MAX_DEGREE][3];
  unsigned degree = golcl__lattice_offsets(&lat, offs);
  golcl_graph *g = graph_new(ctx, (size_t)n, degree);
  if (!g) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "%s: out of host memory", fn);
  g->is_lattice = 1;
  g->lat = lat;
  memcpy(g->offs, offs, sizeof offs);
  g->row = lat.nx;
  *out = g;
  return GOLCL_OK;
}

void golcl_graph_destroy(golcl_graph *g) {
  if (!g) return;
  if (g->table) clReleaseMemObject(g->table);
  if (g->dict_ids) clReleaseMemObject(g->dict_ids);
  if (g->dict_offs) clReleaseMemObject(g->dict_offs);
  free(g->host);
  free(g);
}

size_t golcl_graph_cells(const golcl_graph *g) { return g ? g->n : 0; }
unsigned golcl_graph_degree(const golcl_graph *g) { return g ? g->degree : 0; }
golcl_context *golcl_graph_context(const golcl_graph *g) { return g ? g->ctx : NULL; }

int golcl_graph_get_lattice(const golcl_graph *g, golcl_lattice *out) {
  if (!g || !g->is_lattice) return 0;
  if (out) *out = g->lat;
  return 1;
}

/* Neighbour d of cell i of a lattice, as lattice_table in graph.cl. */
static int32_t lattice_neighbour(const golcl_graph *g, size_t i, unsigned d) {
  const golcl_lattice *l = &g->lat;
  int64_t x = (int64_t)(i % l->nx), t = (int64_t)(i / l->nx);
  int64_t y = t % l->ny, z = t / l->ny;
  int64_t a = x + g->offs[d][0], b = y + g->offs[d][1], c = z + g->offs[d][2];
  if (l->boundary == GOLCL_BOUNDARY_TORUS) {
    a = (a + l->nx) % l->nx;
    b = (b + l->ny) % l->ny;
    c = (c + l->nz) % l->nz;
  } else if (a < 0 || b < 0 || c < 0 || a >= l->nx || b >= l->ny || c >= l->nz) {
    return -1;
  }
  return (int32_t)((c * l->ny + b) * l->nx + a);
}

golcl_status golcl__graph_host(golcl_graph *g, const int32_t **out) {
  if (!g->host) {
    size_t entries;
    if (golcl__mul_size(g->n, g->degree, &entries) || entries > SIZE_MAX / 4 ||
        !(g->host = malloc(entries * 4)))
      return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "the host table of %zu×%u is too large",
                         g->n, g->degree);
    for (unsigned d = 0; d < g->degree; d++)
      for (size_t i = 0; i < g->n; i++) g->host[d * g->n + i] = lattice_neighbour(g, i, d);
  }
  *out = g->host;
  return GOLCL_OK;
}

golcl_status golcl__graph_table(golcl_graph *g, cl_mem *out) {
  if (g->table) {
    *out = g->table;
    return GOLCL_OK;
  }
  golcl_context *ctx = g->ctx;
  size_t bytes;
  if (golcl__mul_size(g->n * 4, g->degree, &bytes))
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "the table overflows");
  cl_mem tab = NULL, offs = NULL;
  golcl_status s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &tab);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, sizeof g->offs, CL_MEM_READ_ONLY, &offs);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx,
        clEnqueueWriteBuffer(ctx->queue, offs, CL_TRUE, 0, sizeof g->offs, g->offs, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  cl_kernel k;
  if (s == GOLCL_OK)
    s = golcl__kernel(ctx, "lattice/graph.cl", NULL, "lattice_table", &k);
  cl_uint nx = g->lat.nx, ny = g->lat.ny, nz = g->lat.nz, D = g->degree, n = (cl_uint)g->n;
  cl_uint torus = g->lat.boundary == GOLCL_BOUNDARY_TORUS;
  if (s == GOLCL_OK)
    s = golcl__args(ctx, k, GOLCL__ARG(tab), GOLCL__ARG(nx), GOLCL__ARG(ny), GOLCL__ARG(nz),
                    GOLCL__ARG(torus), GOLCL__ARG(offs), GOLCL__ARG(D), GOLCL__ARG(n), GOLCL__END);
  size_t global = g->n;
  if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k, 1, &global);
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (offs) clReleaseMemObject(offs);
  if (s != GOLCL_OK) {
    if (tab) clReleaseMemObject(tab);
    return s;
  }
  g->table = tab;
  *out = tab;
  return GOLCL_OK;
}

golcl_status golcl_graph_read_table(golcl_graph *g, int32_t *table) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_graph_read_table: graph is NULL");
  if (!table)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_graph_read_table: table is NULL");
  cl_mem t;
  golcl_status s = golcl__graph_table(g, &t);
  if (s != GOLCL_OK) return s;
  return golcl__cl_fail(
      g->ctx,
      clEnqueueReadBuffer(g->ctx->queue, t, CL_TRUE, 0, g->n * g->degree * sizeof(int32_t), table,
                          0, NULL, NULL),
      "clEnqueueReadBuffer");
}

/* ------------------------------------------------------------ dictionary */

#define DICT_MAX 65536

typedef struct dict_build {
  int32_t *rows;   /* cap × degree */
  uint32_t *slots; /* hash table of row ids + 1, 0 empty */
  size_t count, nslots;
} dict_build;

static uint64_t row_hash(const int32_t *r, unsigned d) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (unsigned k = 0; k < d; k++) h = (h ^ (uint32_t)r[k]) * 0x100000001b3ULL;
  return h ^ (h >> 29);
}

/* The id of row r, added if new; -1 when the dictionary is full. */
static long dict_id(dict_build *b, const int32_t *r, unsigned d) {
  size_t h = (size_t)(row_hash(r, d) & (b->nslots - 1));
  for (;; h = (h + 1) & (b->nslots - 1)) {
    uint32_t e = b->slots[h];
    if (e == 0) break;
    if (memcmp(b->rows + (size_t)(e - 1) * d, r, d * sizeof *r) == 0) return (long)(e - 1);
  }
  if (b->count == DICT_MAX) return -1;
  memcpy(b->rows + b->count * d, r, d * sizeof *r);
  b->slots[h] = (uint32_t)++b->count;
  return (long)(b->count - 1);
}

golcl_status golcl__graph_dict(golcl_graph *g) {
  if (g->dict_state == 1) return GOLCL_OK;
  if (g->dict_state == -1)
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED,
                       "the dict kernels need at most %d distinct neighbour rows; this graph has "
                       "more",
                       DICT_MAX);
  const int32_t *tab;
  golcl_status s = golcl__graph_host(g, &tab);
  if (s != GOLCL_OK) return s;
  unsigned D = g->degree;
  dict_build b = {0};
  b.nslots = 2 * DICT_MAX;
  b.rows = malloc((size_t)DICT_MAX * D * sizeof *b.rows);
  b.slots = calloc(b.nslots, sizeof *b.slots);
  uint16_t *ids = malloc(g->n * sizeof *ids);
  if (!b.rows || !b.slots || !ids) {
    free(b.rows);
    free(b.slots);
    free(ids);
    return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  int32_t r[GOLCL_GRAPH_MAX_DEGREE];
  for (size_t i = 0; i < g->n && s == GOLCL_OK; i++) {
    for (unsigned d = 0; d < D; d++) {
      int32_t j = tab[d * g->n + i];
      r[d] = j < 0 ? INT32_MIN : (int32_t)((int64_t)j - (int64_t)i);
    }
    long id = dict_id(&b, r, D);
    if (id < 0)
      s = GOLCL_E_UNSUPPORTED;
    else
      ids[i] = (uint16_t)id;
  }
  if (s == GOLCL_E_UNSUPPORTED) {
    g->dict_state = -1;
    free(b.rows);
    free(b.slots);
    free(ids);
    return golcl__graph_dict(g);
  }
  golcl_context *ctx = g->ctx;
  s = golcl__buffer(ctx, g->n * sizeof *ids, CL_MEM_READ_ONLY, &g->dict_ids);
  if (s == GOLCL_OK)
    s = golcl__buffer(ctx, b.count * D * sizeof *b.rows, CL_MEM_READ_ONLY, &g->dict_offs);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueWriteBuffer(ctx->queue, g->dict_ids, CL_TRUE, 0, g->n * sizeof *ids,
                                            ids, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueWriteBuffer(ctx->queue, g->dict_offs, CL_TRUE, 0,
                                            b.count * D * sizeof *b.rows, b.rows, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  free(b.rows);
  free(b.slots);
  free(ids);
  if (s != GOLCL_OK) {
    if (g->dict_ids) clReleaseMemObject(g->dict_ids);
    if (g->dict_offs) clReleaseMemObject(g->dict_offs);
    g->dict_ids = g->dict_offs = NULL;
    return s;
  }
  g->dict_rows = b.count;
  g->dict_state = 1;
  return GOLCL_OK;
}

int golcl_graph_kernel_available(golcl_graph *g, golcl_lattice_kernel kernel) {
  if (!g) return 0;
  switch (kernel) {
    case GOLCL_LK_AUTO:
    case GOLCL_LK_REFERENCE:
    case GOLCL_LK_TABLE:
      return 1;
    case GOLCL_LK_DICT:
      return golcl__graph_dict(g) == GOLCL_OK;
    case GOLCL_LK_TILED:
    case GOLCL_LK_FUSED:
      return g->is_lattice;
    case GOLCL_LK_BITS:
      return g->is_lattice && g->lat.nbhd != GOLCL_NEIGHBOURHOOD_HEXAGONAL;
    case GOLCL_LK_COUNT:
      break;
  }
  return 0;
}

golcl_status golcl__degree_options(golcl_context *ctx, unsigned degree, int dict, golcl__opts *o) {
  golcl__opts_init(o);
  golcl__opts_define(o, "GOLCL_DEGREE", degree);
  if (dict) golcl__opts_define(o, "GOLCL_DICT", 1);
  return golcl__opts_check(ctx, o, "lattice table kernel");
}
