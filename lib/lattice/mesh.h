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

/* Threads for the linear passes over a mesh: how many for work items (at
 * most $GOLCL_THREADS or the CPUs the process may run on, and 16, one per
 * 2^16 items, at least 1), and a run of fn(arg, t, T) for t = 0..T-1 on the
 * library's pool (core/threads.h; the caller's thread runs t = 0 and any
 * share no worker took). */
unsigned golcl__mesh_threads(size_t work);
void golcl__mesh_parallel(void (*fn)(void *arg, unsigned t, unsigned T), void *arg, unsigned T);

/* The faces around each vertex, made on T threads; NULL when out of memory. */
typedef struct golcl__mesh_inc golcl__mesh_inc;
golcl__mesh_inc *golcl__mesh_inc_make(const golcl_mesh *m, unsigned T);
void golcl__mesh_inc_free(golcl__mesh_inc *inc);

/* Calls emit(arg, f, row, count) for each face f0 <= f < f1 in order with
 * its neighbours as golcl_mesh_table defines them: 4 slots (-1 on a border)
 * for GOLCL_MESH_EDGE, count faces for GOLCL_MESH_VERTEX (adjacency is one
 * of the two). Several threads may run it on different ranges. Stops at
 * emit's first status that is not GOLCL_OK and returns it.
 * @return GOLCL_OK; GOLCL_E_INVALID_ARG (an edge of more than two faces);
 *         GOLCL_E_UNSUPPORTED (more than GOLCL_GRAPH_MAX_DEGREE vertex
 *         neighbours), each with the thread's golcl_last_errmsg(). */
typedef golcl_status (*golcl__mesh_row_fn)(void *arg, size_t f, const int32_t *row, unsigned count);
golcl_status golcl__mesh_rows(const golcl_mesh *m, const golcl__mesh_inc *inc,
                              golcl_mesh_adjacency adjacency, size_t f0, size_t f1,
                              golcl__mesh_row_fn emit, void *arg);

#endif
