/* mesh_graph.c — the graph of a mesh's faces, kept as its row dictionary
 * where the rows fit (apart from mesh.c, which has no OpenCL, for the OBJ
 * fuzz target). */
#include "lattice.h"
#include "mesh.h"

#include <stdlib.h>

static golcl_status add_row(void *arg, size_t f, const int32_t *row, unsigned count) {
  return golcl__dict_add(arg, f, row, count) == 0 ? GOLCL_OK : GOLCL_E_UNSUPPORTED;
}

golcl_status golcl_graph_create_mesh(golcl_context *ctx, const golcl_mesh *mesh,
                                     golcl_mesh_adjacency adjacency, golcl_graph **out) {
  const char *fn = "golcl_graph_create_mesh";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!mesh) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: mesh is NULL", fn);
  /* one linear pass: each face's row straight into the row dictionary, no
   * table; a mesh with too many distinct rows takes the table instead */
  golcl__dict b;
  golcl_status s = golcl__dict_init(&b, mesh->nf, GOLCL_GRAPH_MAX_DEGREE);
  if (s == GOLCL_OK) s = golcl__mesh_rows(mesh, adjacency, add_row, &b);
  if (s == GOLCL_OK) {
    s = golcl__graph_from_dict(ctx, &b, out);
  } else if (s == GOLCL_E_UNSUPPORTED && b.count == GOLCL__DICT_MAX) {
    int32_t *t;
    unsigned d;
    s = golcl_mesh_table(mesh, adjacency, &t, &d);
    if (s == GOLCL_OK) {
      s = golcl_graph_create(ctx, mesh->nf, d, t, out);
      free(t);
    }
  } else {
    s = golcl__fail(ctx, s, "%s: %s", fn, golcl_last_errmsg());
  }
  golcl__dict_free(&b);
  if (s == GOLCL_OK && mesh->row) (*out)->row = mesh->row;
  return s;
}
