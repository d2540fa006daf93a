/* mesh.h — the quad mesh struct (host only: mesh.c and mesh_obj.c need no
 * OpenCL headers, so that the OBJ fuzz target builds and links without). */
#ifndef GOLCL_MESH_PRIVATE_H
#define GOLCL_MESH_PRIVATE_H

#include "../core/host.h"
#include "golcl_lattice.h"

struct golcl_mesh {
  size_t nv, nf;
  double *pos;     /* 3·nv */
  uint32_t *faces; /* 4·nf */
  uint32_t row;    /* faces a row of a generated torus or Klein bottle, else 0 */
};

/* An empty mesh with room for nv vertices and nf faces, or NULL. */
golcl_mesh *golcl__mesh_alloc(size_t nv, size_t nf);

/* Calls emit(arg, f, row, count) for each face f in order with its
 * neighbours as golcl_mesh_table defines them: 4 slots (-1 on a border) for
 * GOLCL_MESH_EDGE, count faces for GOLCL_MESH_VERTEX. Linear in the faces.
 * Stops at emit's first status that is not GOLCL_OK and returns it.
 * @return GOLCL_OK; GOLCL_E_INVALID_ARG (a bad adjacency, an edge of more
 *         than two faces); GOLCL_E_UNSUPPORTED (more than
 *         GOLCL_GRAPH_MAX_DEGREE vertex neighbours); GOLCL_E_OUT_OF_MEMORY. */
typedef golcl_status (*golcl__mesh_row_fn)(void *arg, size_t f, const int32_t *row,
                                           unsigned count);
golcl_status golcl__mesh_rows(const golcl_mesh *m, golcl_mesh_adjacency adjacency,
                              golcl__mesh_row_fn emit, void *arg);

#endif
