/* glife.c — Life-like rules on a graph: the object, host I/O, and the steps
 * (the C reference, or the table / dict kernels of cl/lattice/glife.cl). */
#include "lattice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLIFE_FILE "lattice/glife.cl"

struct golcl_glife {
  golcl_graph *g;
  cl_mem cur, next;
  uint64_t birth, survive, gen;
};

#define CHECK_LIFE(l, fn) \
  if (!(l)) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: life is NULL", fn)

golcl_status golcl_glife_create(golcl_graph *graph, golcl_glife **out) {
  const char *fn = "golcl_glife_create";
  golcl_context *ctx = graph ? graph->ctx : NULL;
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!graph) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: graph is NULL", fn);
  golcl_glife *l = calloc(1, sizeof *l);
  if (!l) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "%s: out of host memory", fn);
  l->g = graph;
  l->birth = 1u << 3;
  l->survive = (1u << 2) | (1u << 3);
  golcl_status s = golcl__state_pair(ctx, graph->n, &l->cur, &l->next);
  if (s != GOLCL_OK) {
    golcl_glife_destroy(l);
    return s;
  }
  *out = l;
  return GOLCL_OK;
}

void golcl_glife_destroy(golcl_glife *l) {
  if (!l) return;
  if (l->cur) clReleaseMemObject(l->cur);
  if (l->next) clReleaseMemObject(l->next);
  free(l);
}

golcl_status golcl_glife_set_rule(golcl_glife *l, const char *rule) {
  CHECK_LIFE(l, "golcl_glife_set_rule");
  if (!rule)
    return golcl__fail(l->g->ctx, GOLCL_E_INVALID_ARG, "golcl_glife_set_rule: rule is NULL");
  golcl_rule r;
  golcl_status s = golcl_rule_parse(rule, &r);
  if (s != GOLCL_OK)
    return golcl__fail(l->g->ctx, s, "golcl_glife_set_rule: %s", golcl_last_errmsg());
  l->birth = r.birth;
  l->survive = r.survive;
  return GOLCL_OK;
}

golcl_status golcl_glife_set_rule_bits(golcl_glife *l, uint64_t birth, uint64_t survive) {
  CHECK_LIFE(l, "golcl_glife_set_rule_bits");
  uint64_t above = ~(((uint64_t)2 << GOLCL_GRAPH_MAX_DEGREE) - 1);
  if ((birth | survive) & above)
    return golcl__fail(l->g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_glife_set_rule_bits: bits above count %d are set",
                       GOLCL_GRAPH_MAX_DEGREE);
  l->birth = birth;
  l->survive = survive;
  return GOLCL_OK;
}

golcl_status golcl_glife_write(golcl_glife *l, const uint8_t *cells) {
  CHECK_LIFE(l, "golcl_glife_write");
  if (!cells)
    return golcl__fail(l->g->ctx, GOLCL_E_INVALID_ARG, "golcl_glife_write: cells is NULL");
  return golcl__state_write(l->g->ctx, l->cur, l->g->n, cells);
}

golcl_status golcl_glife_read(golcl_glife *l, uint8_t *cells) {
  CHECK_LIFE(l, "golcl_glife_read");
  if (!cells) return golcl__fail(l->g->ctx, GOLCL_E_INVALID_ARG, "golcl_glife_read: cells is NULL");
  golcl_context *ctx = l->g->ctx;
  return golcl__cl_fail(
      ctx, clEnqueueReadBuffer(ctx->queue, l->cur, CL_TRUE, 0, l->g->n, cells, 0, NULL, NULL),
      "clEnqueueReadBuffer");
}

golcl_status golcl_glife_randomize(golcl_glife *l, double density, uint64_t seed) {
  CHECK_LIFE(l, "golcl_glife_randomize");
  return golcl__state_randomize(l->g, l->cur, density, seed, "golcl_glife_randomize");
}

golcl_status golcl_glife_population(golcl_glife *l, uint64_t *out) {
  CHECK_LIFE(l, "golcl_glife_population");
  if (!out)
    return golcl__fail(l->g->ctx, GOLCL_E_INVALID_ARG, "golcl_glife_population: out is NULL");
  return golcl__state_count(l->g, l->cur, 1, out);
}

uint64_t golcl_glife_generation(const golcl_glife *l) { return l ? l->gen : 0; }
cl_mem golcl_glife_buffer(golcl_glife *l) { return l ? l->cur : NULL; }

static golcl_status run_reference(golcl_glife *l, uint64_t gens) {
  golcl_graph *g = l->g;
  const int32_t *tab;
  golcl_status s = golcl__graph_host(g, &tab);
  if (s != GOLCL_OK) return s;
  uint8_t *cells = malloc(g->n), *tmp = malloc(g->n);
  if (!cells || !tmp) s = golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) s = golcl_glife_read(l, cells);
  if (s == GOLCL_OK) {
    golcl__glife_reference(tab, g->n, g->degree, l->birth, l->survive, cells, tmp, gens);
    s = golcl__state_write(g->ctx, l->cur, g->n, cells);
  }
  free(cells);
  free(tmp);
  return s;
}

/* The rows of the dict kernel go to constant memory when they fit in the
 * smallest constant buffer OpenCL promises (64 KiB). */
#define CONST_ROWS_MAX ((size_t)64 << 10)

/* The main row of the dict kernel as build options (see glife.cl): its
 * offsets, and the cells whose neighbours through it are in the buffer. */
static void main_row_options(const golcl_graph *g, golcl__opts *o) {
  if (g->dict_main < 0) return;
  char list[GOLCL_GRAPH_MAX_DEGREE * 13 + 1];
  size_t len = 0;
  unsigned cnt = 0;
  int64_t lo = 0, hi = (int64_t)g->n;
  for (unsigned d = 0; d < g->degree; d++) {
    int32_t off = g->dict_main_row[d];
    if (off == INT32_MIN) continue;
    len += (size_t)snprintf(list + len, sizeof list - len, "%s%ld", cnt ? "," : "", (long)off);
    cnt++;
    if (-(int64_t)off > lo) lo = -(int64_t)off;
    if ((int64_t)g->n - off < hi) hi = (int64_t)g->n - off;
  }
  if (cnt == 0) return;
  golcl__opts_define(o, "GOLCL_MAIN_ID", g->dict_main);
  golcl__opts_define(o, "GOLCL_MAIN_N", cnt);
  golcl__opts_define_str(o, "GOLCL_MAIN_ROW", list);
  golcl__opts_define(o, "GOLCL_MAIN_LO", lo);
  golcl__opts_define(o, "GOLCL_MAIN_HI", hi > lo ? hi : lo);
}

/* Cells a work-item of the dict kernel: 4 (GOLCL_GLIFE_VEC=1 gives the
 * kernel of a cell a work-item, for measuring). */
static unsigned dict_vec(void) {
  const char *e = getenv("GOLCL_GLIFE_VEC");
  return e && strcmp(e, "1") == 0 ? 1u : 4u;
}

static golcl_status life_options(golcl_graph *g, int dict, golcl__opts *o) {
  golcl__opts_init(o);
  golcl__opts_define(o, "GOLCL_DEGREE", g->degree);
  golcl__opts_define(o, "GOLCL_FULL", g->full);
  golcl__opts_define(o, "GOLCL_IDX32", (uint64_t)g->n * g->degree <= UINT32_MAX);
  if (dict) {
    golcl__opts_define(o, "GOLCL_DICT_BLOCK", GOLCL__DICT_BLOCK);
    golcl__opts_define(o, "GOLCL_DICT_VEC", dict_vec());
    golcl__opts_define(o, "GOLCL_DICT_CONST", g->dict_rows * g->degree * 4 <= CONST_ROWS_MAX);
    main_row_options(g, o);
  }
  return golcl__opts_check(g->ctx, o, "graph Life kernel");
}

/* Work-groups of GPU_GROUP work-items on GPUs: with the house's 64 (one
 * cell a work-item, 262 144 groups at 4096²) the H100 ran every graph kernel
 * at the same 0.161 ms whatever it read, the groups' start-up the limit;
 * naive's grid kernel runs rows of 256. CPUs keep golcl__launch_cover's. */
#define GPU_GROUP 256

/* The work-group size of a graph Life kernel, 0 for golcl__launch_cover. */
static golcl_status group_size(golcl_context *ctx, cl_kernel k, size_t *local) {
  *local = 0;
  if (ctx->info.type != GOLCL_DEVICE_GPU) return GOLCL_OK;
  size_t kmax = 0;
  golcl_status s = golcl__cl_fail(
      ctx,
      clGetKernelWorkGroupInfo(k, ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL),
      "clGetKernelWorkGroupInfo");
  size_t want =
      GPU_GROUP < ctx->info.max_work_group_size ? GPU_GROUP : ctx->info.max_work_group_size;
  if (s == GOLCL_OK) *local = want < kmax ? want : kmax;
  return s;
}

static golcl_status run_kernel(golcl_glife *l, int dict, uint64_t gens) {
  golcl_graph *g = l->g;
  golcl_context *ctx = g->ctx;
  cl_mem tab = NULL;
  golcl_status s = dict ? golcl__graph_dict(g) : golcl__graph_table(g, &tab);
  if (s != GOLCL_OK) return s;
  golcl__opts o;
  s = life_options(g, dict, &o);
  cl_kernel k;
  if (s == GOLCL_OK)
    s = golcl__kernel(ctx, GLIFE_FILE, o.buf, dict ? "life_dict" : "life_table", &k);
  if (s != GOLCL_OK) return s;
  cl_uint n = (cl_uint)g->n;
  cl_ulong birth = l->birth, survive = l->survive;
  size_t items = dict ? (g->n + dict_vec() - 1) / dict_vec() : g->n, global = items, local = 0;
  if (s == GOLCL_OK) s = group_size(ctx, k, &local);
  if (s == GOLCL_OK && local) global = golcl__round_up(items, local);
  for (uint64_t t = 0; t < gens && s == GOLCL_OK; t++) {
    if (t > 0 && t % GOLCL__LATTICE_SYNC == 0) s = golcl__sync(ctx);
    if (s != GOLCL_OK) break;
    if (dict)
      s = golcl__args(ctx, k, GOLCL__ARG(l->cur), GOLCL__ARG(l->next), GOLCL__ARG(g->dict_ids),
                      GOLCL__ARG(g->dict_offs), GOLCL__ARG(g->dict_blocks), GOLCL__ARG(n),
                      GOLCL__ARG(birth), GOLCL__ARG(survive), GOLCL__END);
    else
      s = golcl__args(ctx, k, GOLCL__ARG(l->cur), GOLCL__ARG(l->next), GOLCL__ARG(tab),
                      GOLCL__ARG(n), GOLCL__ARG(birth), GOLCL__ARG(survive), GOLCL__END);
    if (s == GOLCL_OK)
      s = local ? golcl__launch(ctx, k, 1, &global, &local)
                : golcl__launch_cover(ctx, k, 1, &global);
    if (s == GOLCL_OK) {
      cl_mem t2 = l->cur;
      l->cur = l->next;
      l->next = t2;
    }
  }
  return s;
}

golcl_status golcl_glife_run(golcl_glife *l, golcl_lattice_kernel kernel, uint64_t generations) {
  CHECK_LIFE(l, "golcl_glife_run");
  golcl_context *ctx = l->g->ctx;
  if ((unsigned)kernel >= GOLCL_LK_COUNT)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_glife_run: bad kernel %d", (int)kernel);
  if (kernel == GOLCL_LK_AUTO)
    kernel = golcl_graph_kernel_available(l->g, GOLCL_LK_DICT) ? GOLCL_LK_DICT : GOLCL_LK_TABLE;
  if (kernel == GOLCL_LK_TILED || kernel == GOLCL_LK_FUSED || kernel == GOLCL_LK_BITS)
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "golcl_glife_run: the %s kernel is for the game only (Life has "
                       "reference, table, dict)",
                       golcl_lattice_kernel_name(kernel));
  if (generations == 0) return GOLCL_OK;
  golcl_status s;
  switch (kernel) {
    case GOLCL_LK_REFERENCE:
      s = run_reference(l, generations);
      break;
    case GOLCL_LK_TABLE:
    case GOLCL_LK_DICT:
      s = run_kernel(l, kernel == GOLCL_LK_DICT, generations);
      break;
    default:
      return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                         "golcl_glife_run: the %s kernel is for the game only (Life has "
                         "reference, table, dict)",
                         golcl_lattice_kernel_name(kernel));
  }
  if (s == GOLCL_OK) l->gen += generations;
  return s;
}
