/* game.c — the Nowak–May spatial game on a graph: the object, host I/O, the
 * C reference and the table / dict kernels of cl/lattice/game.cl (the tiled
 * lattice kernels are in game_tiled.c). */
#include "game.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GAME_FILE "lattice/game.cl"

#define CHECK_GAME(g, fn) \
  if (!(g)) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: game is NULL", fn)

golcl_status golcl_game_create(golcl_graph *graph, golcl_game **out) {
  const char *fn = "golcl_game_create";
  golcl_context *ctx = graph ? graph->ctx : NULL;
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!graph) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: graph is NULL", fn);
  golcl_game *gm = calloc(1, sizeof *gm);
  if (!gm) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "%s: out of host memory", fn);
  gm->g = graph;
  gm->pay = (golcl_payoffs){1.0f, 0.0f, 1.9f, 0.0f};
  gm->self = 1;
  golcl_status s = golcl__state_pair(ctx, graph->n, &gm->cur, &gm->prev);
  if (s != GOLCL_OK) {
    golcl_game_destroy(gm);
    return s;
  }
  *out = gm;
  return GOLCL_OK;
}

void golcl_game_destroy(golcl_game *gm) {
  if (!gm) return;
  if (gm->cur) clReleaseMemObject(gm->cur);
  if (gm->prev) clReleaseMemObject(gm->prev);
  if (gm->scores) clReleaseMemObject(gm->scores);
  for (int i = 0; i < 2; i++)
    if (gm->bits[i]) clReleaseMemObject(gm->bits[i]);
  free(gm);
}

golcl_status golcl_game_set_payoffs(golcl_game *gm, const golcl_payoffs *p) {
  CHECK_GAME(gm, "golcl_game_set_payoffs");
  if (!p)
    return golcl__fail(gm->g->ctx, GOLCL_E_INVALID_ARG, "golcl_game_set_payoffs: payoffs is NULL");
  /* |payoff| <= 1e30 keeps 33 × payoff finite, so no score is inf or NaN */
  if (!(fabsf(p->R) <= 1e30f && fabsf(p->S) <= 1e30f && fabsf(p->T) <= 1e30f &&
        fabsf(p->P) <= 1e30f))
    return golcl__fail(gm->g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_game_set_payoffs: a payoff is not finite or above 1e30 in size");
  gm->pay = *p;
  return GOLCL_OK;
}

golcl_status golcl_game_set_b(golcl_game *gm, double b) {
  CHECK_GAME(gm, "golcl_game_set_b");
  if (!(fabs(b) <= 1e30))
    return golcl__fail(gm->g->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_game_set_b: b %g is not finite or above 1e30 in size", b);
  gm->pay = (golcl_payoffs){1.0f, 0.0f, (float)b, 0.0f};
  return GOLCL_OK;
}

golcl_status golcl_game_set_self(golcl_game *gm, int on) {
  CHECK_GAME(gm, "golcl_game_set_self");
  gm->self = on != 0;
  return GOLCL_OK;
}

static golcl_status copy_to_prev(golcl_game *gm) {
  golcl_context *ctx = gm->g->ctx;
  golcl_status s = golcl__cl_fail(
      ctx, clEnqueueCopyBuffer(ctx->queue, gm->cur, gm->prev, 0, 0, gm->g->n, 0, NULL, NULL),
      "clEnqueueCopyBuffer");
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  return s;
}

golcl_status golcl_game_write(golcl_game *gm, const uint8_t *strategies) {
  CHECK_GAME(gm, "golcl_game_write");
  if (!strategies)
    return golcl__fail(gm->g->ctx, GOLCL_E_INVALID_ARG, "golcl_game_write: strategies is NULL");
  golcl_status s = golcl__state_write(gm->g->ctx, gm->cur, gm->g->n, strategies);
  if (s == GOLCL_OK) gm->packed = gm->bits_same = 0; /* the bytes are the newest now */
  return s == GOLCL_OK ? copy_to_prev(gm) : s;
}

golcl_status golcl_game_read(golcl_game *gm, uint8_t *strategies, uint8_t *previous) {
  CHECK_GAME(gm, "golcl_game_read");
  golcl_context *ctx = gm->g->ctx;
  if (!strategies && !previous)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_game_read: both outputs are NULL");
  golcl_status s = golcl__game_bytes(gm);
  if (s == GOLCL_OK && strategies)
    s = golcl__cl_fail(
        ctx,
        clEnqueueReadBuffer(ctx->queue, gm->cur, CL_TRUE, 0, gm->g->n, strategies, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  if (s == GOLCL_OK && previous)
    s = golcl__cl_fail(
        ctx,
        clEnqueueReadBuffer(ctx->queue, gm->prev, CL_TRUE, 0, gm->g->n, previous, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  return s;
}

golcl_status golcl_game_randomize(golcl_game *gm, double defectors, uint64_t seed) {
  CHECK_GAME(gm, "golcl_game_randomize");
  golcl_status s = golcl__state_randomize(gm->g, gm->cur, defectors, seed, "golcl_game_randomize");
  if (s == GOLCL_OK) gm->packed = gm->bits_same = 0; /* the bytes are the newest now */
  return s == GOLCL_OK ? copy_to_prev(gm) : s;
}

golcl_status golcl_game_cooperators(golcl_game *gm, uint64_t *out) {
  CHECK_GAME(gm, "golcl_game_cooperators");
  if (!out)
    return golcl__fail(gm->g->ctx, GOLCL_E_INVALID_ARG, "golcl_game_cooperators: out is NULL");
  golcl_status s = golcl__game_bytes(gm);
  return s == GOLCL_OK ? golcl__state_count(gm->g, gm->cur, 0, out) : s;
}

uint64_t golcl_game_generation(const golcl_game *gm) { return gm ? gm->gen : 0; }
cl_mem golcl_game_buffer(golcl_game *gm) {
  if (!gm || golcl__game_bytes(gm) != GOLCL_OK) return NULL;
  gm->bits_same = 0; /* the caller may write it */
  return gm->cur;
}

golcl_status golcl__game_scores(golcl_game *gm) {
  if (gm->scores) return GOLCL_OK;
  size_t bytes;
  if (golcl__mul_size(gm->g->n, sizeof(cl_float), &bytes))
    return golcl__fail(gm->g->ctx, GOLCL_E_OUT_OF_MEMORY, "the score buffer overflows");
  return golcl__buffer(gm->g->ctx, bytes, CL_MEM_READ_WRITE, &gm->scores);
}

void golcl__game_swap(golcl_game *gm) {
  cl_mem t = gm->cur;
  gm->cur = gm->prev;
  gm->prev = t;
}

static golcl_status run_reference(golcl_game *gm, uint64_t gens) {
  golcl_graph *g = gm->g;
  const int32_t *tab;
  golcl_status s = golcl__graph_host(g, &tab);
  if (s != GOLCL_OK) return s;
  uint8_t *cur = malloc(g->n), *prev = malloc(g->n);
  float *scores = malloc(g->n * sizeof *scores);
  if (!cur || !prev || !scores)
    s = golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) s = golcl_game_read(gm, cur, NULL);
  if (s == GOLCL_OK) {
    golcl__game_reference(tab, g->n, g->degree, &gm->pay, gm->self, cur, prev, scores, gens);
    s = golcl__state_write(g->ctx, gm->cur, g->n, cur);
  }
  if (s == GOLCL_OK) s = golcl__state_write(g->ctx, gm->prev, g->n, prev);
  free(cur);
  free(prev);
  free(scores);
  return s;
}

static golcl_status run_table(golcl_game *gm, int dict, uint64_t gens) {
  golcl_graph *g = gm->g;
  golcl_context *ctx = g->ctx;
  cl_mem tab = NULL;
  golcl_status s = dict ? golcl__graph_dict(g) : golcl__graph_table(g, &tab);
  if (s == GOLCL_OK) s = golcl__game_scores(gm);
  if (s != GOLCL_OK) return s;
  golcl__opts o;
  s = golcl__degree_options(ctx, g->degree, dict, &o);
  cl_kernel ks, ku;
  if (s == GOLCL_OK) s = golcl__kernel(ctx, GAME_FILE, o.buf, "game_scores", &ks);
  if (s == GOLCL_OK) s = golcl__kernel(ctx, GAME_FILE, o.buf, "game_strategies", &ku);
  if (s != GOLCL_OK) return s;
  cl_uint n = (cl_uint)g->n;
  cl_float4 pay = {{gm->pay.R, gm->pay.S, gm->pay.T, gm->pay.P}};
  cl_int self = gm->self;
  size_t global = g->n;
  for (uint64_t t = 0; t < gens && s == GOLCL_OK; t++) {
    if (t > 0 && t % GOLCL__LATTICE_SYNC == 0) s = golcl__sync(ctx);
    if (s != GOLCL_OK) break;
    if (dict)
      s = golcl__args(ctx, ks, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->scores), GOLCL__ARG(g->dict_ids),
                      GOLCL__ARG(g->dict_offs), GOLCL__ARG(n), GOLCL__ARG(pay), GOLCL__ARG(self),
                      GOLCL__END);
    else
      s = golcl__args(ctx, ks, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->scores), GOLCL__ARG(tab),
                      GOLCL__ARG(n), GOLCL__ARG(pay), GOLCL__ARG(self), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, ks, 1, &global);
    if (s != GOLCL_OK) break;
    if (dict)
      s = golcl__args(ctx, ku, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->scores), GOLCL__ARG(gm->prev),
                      GOLCL__ARG(g->dict_ids), GOLCL__ARG(g->dict_offs), GOLCL__ARG(n), GOLCL__END);
    else
      s = golcl__args(ctx, ku, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->scores), GOLCL__ARG(gm->prev),
                      GOLCL__ARG(tab), GOLCL__ARG(n), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, ku, 1, &global);
    if (s == GOLCL_OK) golcl__game_swap(gm);
  }
  return s;
}

golcl_status golcl_game_run(golcl_game *gm, golcl_lattice_kernel kernel, uint64_t generations) {
  CHECK_GAME(gm, "golcl_game_run");
  golcl_context *ctx = gm->g->ctx;
  if ((unsigned)kernel >= GOLCL_LK_COUNT)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_game_run: bad kernel %d", (int)kernel);
  if (kernel == GOLCL_LK_AUTO) {
    char why[160];
    if (golcl__game_bits_serves(gm, why, sizeof why))
      kernel = GOLCL_LK_BITS;
    else if (gm->g->is_lattice)
      kernel = ctx->info.type == GOLCL_DEVICE_CPU ? GOLCL_LK_TILED : GOLCL_LK_FUSED;
    else
      kernel = golcl_graph_kernel_available(gm->g, GOLCL_LK_DICT) ? GOLCL_LK_DICT : GOLCL_LK_TABLE;
  }
  if ((kernel == GOLCL_LK_TILED || kernel == GOLCL_LK_FUSED || kernel == GOLCL_LK_BITS) &&
      !gm->g->is_lattice)
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "golcl_game_run: the %s kernel needs a lattice graph "
                       "(golcl_graph_create_lattice)",
                       golcl_lattice_kernel_name(kernel));
  if (generations == 0) return GOLCL_OK;
  golcl_status s = GOLCL_OK;
  if (kernel != GOLCL_LK_BITS) {
    s = golcl__game_bytes(gm); /* the other kernels step the bytes */
    if (s != GOLCL_OK) return s;
    gm->bits_same = 0;
  }
  if (kernel == GOLCL_LK_REFERENCE)
    s = run_reference(gm, generations);
  else if (kernel == GOLCL_LK_TABLE || kernel == GOLCL_LK_DICT)
    s = run_table(gm, kernel == GOLCL_LK_DICT, generations);
  else if (kernel == GOLCL_LK_BITS)
    s = golcl__game_run_bits(gm, generations);
  else
    s = golcl__game_run_tiled(gm, kernel == GOLCL_LK_FUSED, generations);
  if (s == GOLCL_OK) gm->gen += generations;
  return s;
}
