/* ltl.c — launches cl/rules/ltl.cl: a generation of Larger than Life is
 * the row prefix sums, then for the Moore box the column sums of the row
 * windows and a difference a cell (the same work at any range), or for the
 * von Neumann and circular neighbourhoods one row window a row (2R+1 reads
 * a cell, half-widths from `spans`). The sums live in the grid, made on
 * first use (8 bytes a cell). */
#include "rules.h"

#include <stdlib.h>

typedef struct ltl_kernels {
  cl_kernel rows, cols, box, spans;
} ltl_kernels;

static golcl_status kernels(golcl_msgrid *g, ltl_kernels *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl_status s = golcl__opts_check(g->ctx, &o, "ltl");
  const char *f = "rules/ltl.cl";
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_rows", &k->rows);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_cols", &k->cols);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_box", &k->box);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_spans", &k->spans);
  return s;
}

/* The sums and, for N and C, the half-widths of the rule's rows. */
static golcl_status buffers(golcl_msgrid *g) {
  golcl_context *ctx = g->ctx;
  size_t rowsum, colsum;
  if (golcl__mul_size((size_t)g->w + 1, g->h, &rowsum) || golcl__mul_size(rowsum, 4, &rowsum) ||
      golcl__mul_size((size_t)g->h + 1, g->w, &colsum) || golcl__mul_size(colsum, 4, &colsum))
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "ltl: the sums of a %ux%u grid overflow",
                       (unsigned)g->w, (unsigned)g->h);
  golcl_status s = GOLCL_OK;
  if (!g->rowsum) s = golcl__buffer(ctx, rowsum, CL_MEM_READ_WRITE, &g->rowsum);
  int box = g->rule.nbhd == GOLCL_LTL_MOORE;
  if (s == GOLCL_OK && box && !g->colsum)
    s = golcl__buffer(ctx, colsum, CL_MEM_READ_WRITE, &g->colsum);
  if (s != GOLCL_OK || box) return s;
  if (g->spans && g->spans_range == g->rule.range && g->spans_nbhd == g->rule.nbhd) return s;
  if (g->spans) clReleaseMemObject(g->spans);
  g->spans = NULL;
  uint32_t r = g->rule.range, n = 2 * r + 1;
  cl_int *hw = malloc(n * sizeof *hw);
  if (!hw) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (uint32_t i = 0; i < n; i++)
    hw[i] = (cl_int)golcl__ltl_span(g->rule.nbhd, r, (int32_t)i - (int32_t)r);
  s = golcl__buffer(ctx, n * sizeof *hw, CL_MEM_READ_ONLY, &g->spans);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx,
        clEnqueueWriteBuffer(ctx->queue, g->spans, CL_TRUE, 0, n * sizeof *hw, hw, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  free(hw);
  if (s == GOLCL_OK) g->spans_range = r, g->spans_nbhd = g->rule.nbhd;
  return s;
}

golcl_status golcl__ltl_prepare(golcl_msgrid *g) {
  ltl_kernels k;
  golcl_status s = kernels(g, &k);
  return s == GOLCL_OK ? buffers(g) : s;
}

static golcl_status once(golcl_msgrid *g, const ltl_kernels *k) {
  golcl_context *ctx = g->ctx;
  const golcl_msrule *r = &g->rule;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, range = (cl_int)r->range;
  cl_uint middle = r->middle, smin = r->smin, smax = r->smax, bmin = r->bmin, bmax = r->bmax;
  cl_uint states = golcl__msrule_states(r);
  size_t rows = g->h, cols = g->w, cells[2] = {g->w, g->h};
  golcl_status s = golcl__args(ctx, k->rows, GOLCL__ARG(g->cur), GOLCL__ARG(g->rowsum),
                               GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->rows, 1, &rows);
  if (s != GOLCL_OK) return s;
  if (r->nbhd == GOLCL_LTL_MOORE) {
    s = golcl__args(ctx, k->cols, GOLCL__ARG(g->rowsum), GOLCL__ARG(g->colsum), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(range), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->cols, 1, &cols);
    if (s == GOLCL_OK)
      s = golcl__args(ctx, k->box, GOLCL__ARG(g->cur), GOLCL__ARG(g->colsum), GOLCL__ARG(g->spare),
                      GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(range), GOLCL__ARG(middle),
                      GOLCL__ARG(smin), GOLCL__ARG(smax), GOLCL__ARG(bmin), GOLCL__ARG(bmax),
                      GOLCL__ARG(states), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->box, 2, cells);
  } else {
    s = golcl__args(ctx, k->spans, GOLCL__ARG(g->cur), GOLCL__ARG(g->rowsum), GOLCL__ARG(g->spans),
                    GOLCL__ARG(g->spare), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(range),
                    GOLCL__ARG(middle), GOLCL__ARG(smin), GOLCL__ARG(smax), GOLCL__ARG(bmin),
                    GOLCL__ARG(bmax), GOLCL__ARG(states), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->spans, 2, cells);
  }
  return s;
}

golcl_status golcl__ltl_step(golcl_msgrid *g, uint64_t gens) {
  ltl_kernels k;
  golcl_status s = kernels(g, &k);
  if (s == GOLCL_OK) s = buffers(g);
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = once(g, &k);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}
