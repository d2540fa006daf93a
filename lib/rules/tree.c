/* tree.c — launches cl/rules/tree.cl: a RuleLoader rule's tree in a device
 * buffer (written when the rule changes; ushort entries when they fit), the
 * kernel built for the tree's shape (depth, order, states, root) and the
 * grid's boundary, one launch a generation. */
#include "rules.h"
#include "ruletree.h"

#include <stdlib.h>

#define TREE_RUN 8            /* cells a work-item walks down a column */
#define TREE_LOCAL_BYTES 16384 /* trees up to this size are copied to local memory */

static int narrow(const golcl_ruletree *t) { return t->entries < 65536; }

static golcl_status kernel(golcl_msgrid *g, cl_kernel *k) {
  const golcl_ruletree *t = g->rule.tree;
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "TREE_DEPTH", t->depth);
  golcl__opts_define(&o, "TREE_STATES", t->states);
  golcl__opts_define(&o, "TREE_BASE", t->base);
  golcl__opts_define(&o, "TREE_ENTRIES", t->entries);
  golcl__opts_define(&o, "TREE_RUN", TREE_RUN);
  golcl__opts_define_str(&o, "TREE_T", narrow(t) ? "ushort" : "int");
  size_t bytes = (size_t)t->entries * (narrow(t) ? 2 : 4);
  if (bytes <= TREE_LOCAL_BYTES && bytes * 2 <= g->ctx->info.local_mem_bytes)
    golcl__opts_define(&o, "TREE_LOCAL", 1);
  for (uint32_t l = 0; l < 9; l++) {
    char name[16];
    snprintf(name, sizeof name, "TREE_O%u", (unsigned)l);
    golcl__opts_define(&o, name, l < t->depth ? t->order[l] : 0);
  }
  golcl_status s = golcl__opts_check(g->ctx, &o, "tree");
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/tree.cl", o.buf, "tree_step", k);
}

/* The tree on the device, written once a rule. */
static golcl_status tree(golcl_msgrid *g) {
  const golcl_ruletree *t = g->rule.tree;
  if (g->tree && g->tree_rule == t) return GOLCL_OK;
  if (g->tree) clReleaseMemObject(g->tree);
  g->tree = NULL, g->tree_rule = NULL;
  size_t each = narrow(t) ? 2 : 4, bytes = (size_t)t->entries * each;
  void *host = malloc(bytes);
  if (!host) return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (uint32_t i = 0; i < t->entries; i++)
    if (each == 2)
      ((cl_ushort *)host)[i] = (cl_ushort)t->a[i];
    else
      ((cl_int *)host)[i] = t->a[i];
  golcl_status s = golcl__buffer(g->ctx, bytes, CL_MEM_READ_ONLY, &g->tree);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        g->ctx, clEnqueueWriteBuffer(g->ctx->queue, g->tree, CL_TRUE, 0, bytes, host, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  free(host);
  if (s == GOLCL_OK) g->tree_rule = t;
  return s;
}

golcl_status golcl__tree_prepare(golcl_msgrid *g) {
  cl_kernel k;
  golcl_status s = kernel(g, &k);
  if (s == GOLCL_OK && golcl__genbits_usable(g)) s = golcl__genbits_prepare(g);
  return s == GOLCL_OK ? tree(g) : s;
}

golcl_status golcl__tree_step(golcl_msgrid *g, uint64_t gens) {
  /* WireWorld's function on bit planes (genbits.c) */
  if (gens >= 2 && golcl__genbits_usable(g)) return golcl__genbits_step(g, gens);
  cl_kernel k;
  golcl_status s = kernel(g, &k);
  if (s == GOLCL_OK) s = tree(g);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  size_t extent[2] = {g->w, (g->h + TREE_RUN - 1) / TREE_RUN};
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(g->tree), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(g->ctx, k, 2, extent);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}
