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
  int full = 1;
  for (size_t k = 0; k < entries; k++) {
    full &= table[k] >= 0;
    if (table[k] < -1 || (table[k] >= 0 && (size_t)table[k] >= cells))
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "%s: table[%zu] (slot %zu of cell %zu) is %ld, outside -1 .. %zu", fn, k,
                         k / cells, k % cells, (long)table[k], cells - 1);
  }
  golcl_graph *g = graph_new(ctx, cells, degree);
  if (g) g->host = malloc(bytes);
  if (!g || !g->host) {
    golcl_graph_destroy(g);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "%s: out of host memory", fn);
  }
  memcpy(g->host, table, bytes);
  g->full = full;
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
  g->full = lat.boundary == GOLCL_BOUNDARY_TORUS;
  *out = g;
  return GOLCL_OK;
}

void golcl_graph_destroy(golcl_graph *g) {
  if (!g) return;
  if (g->table) clReleaseMemObject(g->table);
  if (g->dict_ids) clReleaseMemObject(g->dict_ids);
  if (g->dict_offs) clReleaseMemObject(g->dict_offs);
  if (g->dict_blocks) clReleaseMemObject(g->dict_blocks);
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

/* The host table of a graph kept as a dictionary only: its ids and rows
 * read back, each cell's row added to its index. */
static golcl_status dict_host_table(golcl_graph *g) {
  golcl_context *ctx = g->ctx;
  unsigned D = g->degree;
  uint16_t *ids = malloc(g->n * sizeof *ids);
  int32_t *rows = malloc(g->dict_rows * D * sizeof *rows);
  golcl_status s =
      ids && rows ? GOLCL_OK : golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, g->dict_ids, CL_TRUE, 0, g->n * sizeof *ids,
                                           ids, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, g->dict_offs, CL_TRUE, 0,
                                           g->dict_rows * D * sizeof *rows, rows, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  if (s == GOLCL_OK)
    for (size_t i = 0; i < g->n; i++) {
      const int32_t *r = rows + (size_t)ids[i] * D;
      for (unsigned d = 0; d < D; d++)
        g->host[d * g->n + i] = r[d] == INT32_MIN ? -1 : (int32_t)((int64_t)i + r[d]);
    }
  free(ids);
  free(rows);
  return s;
}

golcl_status golcl__graph_host(golcl_graph *g, const int32_t **out) {
  if (!g->host) {
    size_t entries;
    if (golcl__mul_size(g->n, g->degree, &entries) || entries > SIZE_MAX / 4 ||
        !(g->host = malloc(entries * 4)))
      return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "the host table of %zu×%u is too large",
                         g->n, g->degree);
    if (g->is_lattice) {
      for (unsigned d = 0; d < g->degree; d++)
        for (size_t i = 0; i < g->n; i++) g->host[d * g->n + i] = lattice_neighbour(g, i, d);
    } else {
      golcl_status s = dict_host_table(g);
      if (s != GOLCL_OK) {
        free(g->host);
        g->host = NULL;
        return s;
      }
    }
  }
  *out = g->host;
  return GOLCL_OK;
}

/* Makes the device table of a lattice (from its offsets) or of a graph kept
 * as a dictionary only (from its ids and rows) with a kernel of graph.cl. */
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
  cl_kernel k;
  cl_uint D = g->degree, n = (cl_uint)g->n;
  if (g->is_lattice) {
    if (s == GOLCL_OK) s = golcl__buffer(ctx, sizeof g->offs, CL_MEM_READ_ONLY, &offs);
    if (s == GOLCL_OK)
      s = golcl__cl_fail(ctx,
                         clEnqueueWriteBuffer(ctx->queue, offs, CL_TRUE, 0, sizeof g->offs, g->offs,
                                              0, NULL, NULL),
                         "clEnqueueWriteBuffer");
    if (s == GOLCL_OK) s = golcl__kernel(ctx, "lattice/graph.cl", NULL, "lattice_table", &k);
    cl_uint nx = g->lat.nx, ny = g->lat.ny, nz = g->lat.nz;
    cl_uint torus = g->lat.boundary == GOLCL_BOUNDARY_TORUS;
    if (s == GOLCL_OK)
      s = golcl__args(ctx, k, GOLCL__ARG(tab), GOLCL__ARG(nx), GOLCL__ARG(ny), GOLCL__ARG(nz),
                      GOLCL__ARG(torus), GOLCL__ARG(offs), GOLCL__ARG(D), GOLCL__ARG(n),
                      GOLCL__END);
  } else {
    if (s == GOLCL_OK) s = golcl__kernel(ctx, "lattice/graph.cl", NULL, "dict_table", &k);
    if (s == GOLCL_OK)
      s = golcl__args(ctx, k, GOLCL__ARG(tab), GOLCL__ARG(g->dict_ids), GOLCL__ARG(g->dict_offs),
                      GOLCL__ARG(D), GOLCL__ARG(n), GOLCL__END);
  }
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

static uint64_t row_hash(const int32_t *r, unsigned len) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ len;
  for (unsigned k = 0; k < len; k++) h = (h ^ (uint32_t)r[k]) * 0x100000001b3ULL;
  return h ^ (h >> 29);
}

golcl_status golcl__dict_init(golcl__dict *b, size_t n, unsigned width) {
  memset(b, 0, sizeof *b);
  b->n = n;
  b->width = width;
  b->nslots = 2 * GOLCL__DICT_MAX;
  b->last = -1;
  b->min_filled = UINT_MAX;
  b->rows = malloc((size_t)GOLCL__DICT_MAX * width * sizeof *b->rows);
  b->slots = calloc(b->nslots, sizeof *b->slots);
  b->ids = malloc((n ? n : 1) * sizeof *b->ids);
  if (!b->rows || !b->slots || !b->ids) {
    golcl__dict_free(b);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  return GOLCL_OK;
}

void golcl__dict_free(golcl__dict *b) {
  free(b->rows);
  free(b->slots);
  free(b->ids);
  b->rows = NULL;
  b->slots = NULL;
  b->ids = NULL;
}

/* Rows are keyed without their trailing empty slots: the entries after len
 * are INT32_MIN in every stored row. */
static int row_equal(const golcl__dict *b, size_t id, const int32_t *r, unsigned len) {
  const int32_t *q = b->rows + id * b->width;
  int32_t diff = 0;
  for (unsigned d = 0; d < len; d++) diff |= q[d] ^ r[d];
  return diff == 0 && (len == b->width || q[len] == INT32_MIN);
}

/* The id of row r (len entries before its trailing empty slots), added if
 * new; -1 when the dictionary is full. */
static long dict_insert(golcl__dict *b, const int32_t *r, unsigned len) {
  if (b->last >= 0 && row_equal(b, (size_t)b->last, r, len)) return b->last;
  size_t h = (size_t)(row_hash(r, len) & (b->nslots - 1));
  for (;; h = (h + 1) & (b->nslots - 1)) {
    uint32_t e = b->slots[h];
    if (e == 0) break;
    if (row_equal(b, e - 1, r, len)) return b->last = (long)(e - 1);
  }
  if (b->count == GOLCL__DICT_MAX) return -1;
  int32_t *q = b->rows + b->count * b->width;
  memcpy(q, r, len * sizeof *r);
  for (unsigned d = len; d < b->width; d++) q[d] = INT32_MIN;
  b->slots[h] = (uint32_t)++b->count;
  return b->last = (long)(b->count - 1);
}

int golcl__dict_add(golcl__dict *b, size_t i, const int32_t *nbrs, unsigned count) {
  int32_t r[GOLCL_GRAPH_MAX_DEGREE];
  unsigned len = 0, filled = 0;
  for (unsigned d = 0; d < count; d++) {
    int32_t j = nbrs[d];
    r[d] = j < 0 ? INT32_MIN : (int32_t)((int64_t)j - (int64_t)i);
    if (j >= 0) len = d + 1;
    filled += j >= 0;
  }
  if (filled < b->min_filled) b->min_filled = filled;
  if (count > b->degree) b->degree = count;
  long id = dict_insert(b, r, len);
  if (id < 0) return -1;
  b->ids[i - b->first] = (uint16_t)id;
  return 0;
}

int golcl__dict_merge(golcl__dict *b, const golcl__dict *part, uint16_t *map) {
  if (part->degree > b->degree) b->degree = part->degree;
  if (part->min_filled < b->min_filled) b->min_filled = part->min_filled;
  for (size_t id = 0; id < part->count; id++) {
    const int32_t *r = part->rows + id * part->width;
    unsigned len = part->width;
    while (len > 0 && r[len - 1] == INT32_MIN) len--;
    long g = dict_insert(b, r, len);
    if (g < 0) return -1;
    map[id] = (uint16_t)g;
  }
  return 0;
}

/* Uploads a finished dictionary of D-slot rows to g: ids, rows (the first D
 * of each) and the block ids. Frees nothing. */
static golcl_status dict_upload(golcl_graph *g, golcl__dict *b) {
  golcl_context *ctx = g->ctx;
  unsigned D = g->degree;
  for (size_t id = 0; id < b->count; id++) /* compact the rows to D slots, in place */
    memmove(b->rows + id * D, b->rows + id * b->width, D * sizeof *b->rows);
  size_t nb = (g->n + GOLCL__DICT_BLOCK - 1) / GOLCL__DICT_BLOCK;
  int32_t *blocks = malloc(nb * sizeof *blocks);
  if (!blocks) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (size_t k = 0; k < nb; k++) {
    size_t i0 = k * GOLCL__DICT_BLOCK,
           i1 = i0 + GOLCL__DICT_BLOCK < g->n ? i0 + GOLCL__DICT_BLOCK : g->n;
    int32_t id = b->ids[i0];
    for (size_t i = i0 + 1; i < i1 && id >= 0; i++)
      if (b->ids[i] != id) id = -1;
    blocks[k] = id;
  }
  /* the main row: the id of the most uniform blocks */
  uint32_t *votes = calloc(b->count ? b->count : 1, sizeof *votes);
  if (!votes) {
    free(blocks);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  g->dict_main = -1;
  for (size_t k = 0; k < nb; k++) {
    if (blocks[k] < 0) continue;
    uint32_t v = ++votes[blocks[k]];
    if (g->dict_main < 0 || v > votes[g->dict_main]) g->dict_main = blocks[k];
  }
  free(votes);
  if (g->dict_main >= 0)
    memcpy(g->dict_main_row, b->rows + (size_t)g->dict_main * D, D * sizeof *b->rows);
  size_t ib = g->n * sizeof *b->ids, rb = b->count * D * sizeof *b->rows, bb = nb * sizeof *blocks;
  golcl_status s = golcl__buffer(ctx, ib, CL_MEM_READ_ONLY, &g->dict_ids);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, rb, CL_MEM_READ_ONLY, &g->dict_offs);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, bb, CL_MEM_READ_ONLY, &g->dict_blocks);
  cl_command_queue q = ctx->queue;
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueWriteBuffer(q, g->dict_ids, CL_FALSE, 0, ib, b->ids, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(q, g->dict_offs, CL_FALSE, 0, rb, b->rows, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(q, g->dict_blocks, CL_FALSE, 0, bb, blocks, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(q), "clFinish");
  free(blocks);
  if (s != GOLCL_OK) {
    if (g->dict_ids) clReleaseMemObject(g->dict_ids);
    if (g->dict_offs) clReleaseMemObject(g->dict_offs);
    if (g->dict_blocks) clReleaseMemObject(g->dict_blocks);
    g->dict_ids = g->dict_offs = g->dict_blocks = NULL;
    return s;
  }
  g->dict_rows = b->count;
  g->dict_state = 1;
  return GOLCL_OK;
}

golcl_status golcl__graph_from_dict(golcl_context *ctx, golcl__dict *b, golcl_graph **out) {
  golcl_graph *g = graph_new(ctx, b->n, b->degree ? b->degree : 1);
  if (!g) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  g->full = b->min_filled == g->degree;
  golcl_status s = dict_upload(g, b);
  if (s != GOLCL_OK) {
    golcl_graph_destroy(g);
    return s;
  }
  *out = g;
  return GOLCL_OK;
}

golcl_status golcl__graph_dict(golcl_graph *g) {
  if (g->dict_state == 1) return GOLCL_OK;
  if (g->dict_state == -1)
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED,
                       "the dict kernels need at most %d distinct neighbour rows; this graph has "
                       "more",
                       GOLCL__DICT_MAX);
  const int32_t *tab;
  golcl_status s = golcl__graph_host(g, &tab);
  if (s != GOLCL_OK) return s;
  unsigned D = g->degree;
  golcl__dict b;
  s = golcl__dict_init(&b, g->n, D);
  if (s != GOLCL_OK) return golcl__fail(g->ctx, s, "%s", golcl_last_errmsg());
  int32_t r[GOLCL_GRAPH_MAX_DEGREE];
  int over = 0;
  for (size_t i = 0; i < g->n && !over; i++) {
    for (unsigned d = 0; d < D; d++) r[d] = tab[d * g->n + i];
    over = golcl__dict_add(&b, i, r, D) != 0;
  }
  if (over) {
    g->dict_state = -1;
    golcl__dict_free(&b);
    return golcl__graph_dict(g);
  }
  s = dict_upload(g, &b);
  golcl__dict_free(&b);
  return s;
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
