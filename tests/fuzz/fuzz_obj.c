/* fuzz_obj.c — libFuzzer target of the OBJ reader (`make fuzz-obj`): a text
 * either parses, and then both neighbour tables are made and every face
 * neighbour relation found is mutual and in range, or it fails with
 * GOLCL_E_PARSE ("line L: ...") and no mesh. Small limits are not needed:
 * the reader allocates only as it reads. */
#include <golcl_lattice.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_obj: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

static void check_table(const golcl_mesh *m, golcl_mesh_adjacency adj) {
  int32_t *t = NULL;
  unsigned d = 0;
  golcl_status s = golcl_mesh_table(m, adj, &t, &d);
  if (s != GOLCL_OK) {
    /* non-manifold edges and very high valences are refused, nothing else */
    if (t) fail("table not NULL after a failure", NULL);
    if (s != GOLCL_E_INVALID_ARG && s != GOLCL_E_UNSUPPORTED)
      fail("unexpected table status", golcl_strerror(s));
    return;
  }
  size_t nf = golcl_mesh_face_count(m);
  if (d == 0 || d > GOLCL_GRAPH_MAX_DEGREE) fail("bad degree", NULL);
  for (size_t f = 0; f < nf; f++)
    for (unsigned k = 0; k < d; k++) {
      int32_t g = t[k * nf + f];
      if (g < -1 || g >= (int32_t)nf || g == (int32_t)f) fail("neighbour out of range", NULL);
      if (g < 0) continue;
      int back = 0;
      for (unsigned j = 0; j < d; j++) back |= t[j * nf + (size_t)g] == (int32_t)f;
      if (!back) fail("a neighbour relation is not mutual", NULL);
    }
  free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  golcl_mesh *m = (golcl_mesh *)1;
  golcl_status s = golcl_mesh_parse_obj((const char *)data, size, &m);
  if (s != GOLCL_OK) {
    if (m) fail("out-handle not NULL after a failure", NULL);
    if (s != GOLCL_E_PARSE) fail("unexpected status", golcl_strerror(s));
    if (strncmp(golcl_last_errmsg(), "line ", 5) != 0)
      fail("parse error without a line", golcl_last_errmsg());
    return 0;
  }
  if (golcl_mesh_face_count(m) == 0) fail("a mesh without faces", NULL);
  for (size_t f = 0; f < golcl_mesh_face_count(m); f++) {
    uint32_t v[4];
    if (golcl_mesh_face(m, f, v) != GOLCL_OK) fail("face query", NULL);
    for (int c = 0; c < 4; c++)
      if (v[c] >= golcl_mesh_vertex_count(m)) fail("face vertex out of range", NULL);
  }
  check_table(m, GOLCL_MESH_EDGE);
  check_table(m, GOLCL_MESH_VERTEX);
  golcl_mesh_destroy(m);
  return 0;
}
