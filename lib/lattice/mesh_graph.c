/* mesh_graph.c — the graph of a mesh's faces (kept apart from mesh.c, which
 * has no OpenCL, for the OBJ fuzz target). */
#include "lattice.h"
#include "mesh.h"

#include <stdlib.h>

golcl_status golcl_graph_create_mesh(golcl_context *ctx, const golcl_mesh *mesh,
                                     golcl_mesh_adjacency adjacency, golcl_graph **out) {
  const char *fn = "golcl_graph_create_mesh";
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: ctx is NULL", fn);
  if (!mesh) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: mesh is NULL", fn);
  int32_t *t;
  unsigned d;
  golcl_status s = golcl_mesh_table(mesh, adjacency, &t, &d);
  if (s != GOLCL_OK) return golcl__fail(ctx, s, "%s", golcl_last_errmsg());
  s = golcl_graph_create(ctx, mesh->nf, d, t, out);
  free(t);
  if (s == GOLCL_OK && mesh->row) (*out)->row = mesh->row;
  return s;
}
