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

#endif
