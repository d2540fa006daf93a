/* mesh_graph.c — the graph of a mesh's faces, kept as its row dictionary
 * where the rows fit, made in linear passes on several threads (apart from
 * mesh.c, which has no OpenCL, for the OBJ fuzz target). */
#include "lattice.h"
#include "mesh.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PARTS 16

/* Each thread makes the rows of a range of faces into a dictionary of its
 * own; the parts are merged, then each thread maps its cells' ids. */
typedef struct parts_job {
  const golcl_mesh *m;
  const golcl__mesh_inc *inc;
  golcl_mesh_adjacency adjacency;
  int phase; /* 0 rows, 1 ids */
  golcl__dict part[MAX_PARTS], *all;
  golcl_status status[MAX_PARTS];
  int full[MAX_PARTS]; /* its dictionary overflowed */
  char msg[MAX_PARTS][256];
  uint16_t *map[MAX_PARTS];
} parts_job;

static golcl_status add_row(void *arg, size_t f, const int32_t *row, unsigned count) {
  return golcl__dict_add(arg, f, row, count) == 0 ? GOLCL_OK : GOLCL_E_UNSUPPORTED;
}

static void parts_work(void *arg, unsigned t, unsigned T) {
  parts_job *j = arg;
  size_t nf = j->m->nf, f0 = nf * t / T, f1 = nf * (t + 1) / T;
  golcl__dict *p = &j->part[t];
  if (j->phase == 1) {
    for (size_t k = 0; k < f1 - f0; k++) j->all->ids[f0 + k] = j->map[t][p->ids[k]];
    return;
  }
  golcl_status s = golcl__dict_init(p, f1 - f0, GOLCL_GRAPH_MAX_DEGREE);
  if (s == GOLCL_OK) {
    p->first = f0;
    s = golcl__mesh_rows(j->m, j->inc, j->adjacency, f0, f1, add_row, p);
    j->full[t] = s == GOLCL_E_UNSUPPORTED && p->count == GOLCL__DICT_MAX;
  }
  if (s != GOLCL_OK) golcl__snprintf(j->msg[t], sizeof j->msg[t], "%s", golcl_last_errmsg());
  j->status[t] = s;
}

/* The whole mesh's dictionary into *all (made here); GOLCL_E_UNSUPPORTED
 * with *full set when the rows do not fit. */
static golcl_status mesh_dict(const golcl_mesh *m, golcl_mesh_adjacency adjacency, golcl__dict *all,
                              int *full) {
  unsigned T = golcl__mesh_threads(4 * m->nf);
  if (T > MAX_PARTS) T = MAX_PARTS;
  parts_job *j = calloc(1, sizeof *j);
  golcl__mesh_inc *inc = golcl__mesh_inc_make(m, T);
  golcl_status s = j && inc ? GOLCL_OK : GOLCL_E_OUT_OF_MEMORY;
  if (s == GOLCL_OK) {
    *j = (parts_job){.m = m, .inc = inc, .adjacency = adjacency, .all = all};
    golcl__mesh_parallel(parts_work, j, T);
  }
  golcl__mesh_inc_free(inc);
  for (unsigned t = 0; t < T && s == GOLCL_OK; t++) {
    if (j->full[t]) *full = 1;
    if (j->status[t] != GOLCL_OK && !j->full[t])
      s = golcl__fail(NULL, j->status[t], "%s", j->msg[t]);
  }
  if (s == GOLCL_OK && *full) s = GOLCL_E_UNSUPPORTED;
  if (s == GOLCL_OK) s = golcl__dict_init(all, m->nf, GOLCL_GRAPH_MAX_DEGREE);
  for (unsigned t = 0; t < T && s == GOLCL_OK; t++) {
    j->map[t] = malloc(GOLCL__DICT_MAX * sizeof *j->map[t]);
    if (!j->map[t])
      s = GOLCL_E_OUT_OF_MEMORY;
    else if (golcl__dict_merge(all, &j->part[t], j->map[t]) != 0)
      *full = 1, s = GOLCL_E_UNSUPPORTED;
  }
  if (s == GOLCL_OK) {
    j->phase = 1;
    golcl__mesh_parallel(parts_work, j, T);
  }
  for (unsigned t = 0; j && t < T; t++) {
    golcl__dict_free(&j->part[t]);
    free(j->map[t]);
  }
  free(j);
  if (s == GOLCL_E_OUT_OF_MEMORY)
    return golcl__fail(NULL, s, "golcl_graph_create_mesh: out of host memory");
  return s;
}

golcl_status golcl_graph_create_mesh(golcl_context *ctx, const golcl_mesh *mesh,
                                     golcl_mesh_adjacency adjacency, golcl_graph **out) {
  const char *fn = "golcl_graph_create_mesh";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!mesh) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: mesh is NULL", fn);
  if (adjacency != GOLCL_MESH_EDGE && adjacency != GOLCL_MESH_VERTEX)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad adjacency %d", fn, (int)adjacency);
  /* each face's row straight into the row dictionary, no table; a mesh with
   * too many distinct rows takes the table instead */
  golcl__dict all = {0};
  int full = 0;
  golcl_status s = mesh_dict(mesh, adjacency, &all, &full);
  if (s == GOLCL_OK) {
    s = golcl__graph_from_dict(ctx, &all, out);
  } else if (full) {
    int32_t *t;
    unsigned d;
    s = golcl_mesh_table(mesh, adjacency, &t, &d);
    if (s == GOLCL_OK) {
      s = golcl_graph_create(ctx, mesh->nf, d, t, out);
      free(t);
    } else {
      s = golcl__fail(ctx, s, "%s: %s", fn, golcl_last_errmsg());
    }
  } else {
    s = golcl__fail(ctx, s, "%s: %s", fn, golcl_last_errmsg());
  }
  golcl__dict_free(&all);
  if (s == GOLCL_OK && mesh->row) (*out)->row = mesh->row;
  return s;
}
