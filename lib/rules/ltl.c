/* ltl.c — Larger than Life: the bit planes of ltl_bits.c on CPU devices
 * (R <= 31), the tile kernel of ltl_tile.c on GPUs where its local memory
 * holds the range, else cl/rules/ltl.cl: a generation with
 * the Moore box is two launches — row windows slid along runs of cells,
 * then the sum of 2R+1 of them slid down runs of each column and the rule
 * (the same work a cell at any range, after the first window of a run) —
 * and with the von Neumann and circular neighbourhoods the row prefix sums
 * and one row window a row of the neighbourhood (2R+1 reads a cell,
 * half-widths from `spans`). The sums live in the grid, made on first use
 * (4 bytes a cell more for the box, about 4 for the others). */
#include "rules.h"

#include <stdlib.h>

#define MIN_RUN 128 /* cells a work-item slides a window over, at least */

typedef struct ltl_kernels {
  cl_kernel rows, spans, row_windows, box_cols;
} ltl_kernels;

static golcl_status kernels(golcl_msgrid *g, ltl_kernels *k) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl_status s = golcl__opts_check(g->ctx, &o, "ltl");
  const char *f = "rules/ltl.cl";
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_rows", &k->rows);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_spans", &k->spans);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_row_windows", &k->row_windows);
  if (s == GOLCL_OK) s = golcl__kernel(g->ctx, f, o.buf, "ltl_box_cols", &k->box_cols);
  return s;
}

/* The run of cells a work-item slides a window over: long enough that the
 * first window of a run (2R+1 reads) costs little beside the run. */
static uint32_t run_length(uint32_t range) {
  uint64_t run = 4ull * (2ull * range + 1);
  return run < MIN_RUN ? MIN_RUN : (uint32_t)run;
}

static golcl_status spans(golcl_msgrid *g) {
  golcl_context *ctx = g->ctx;
  if (g->spans && g->spans_range == g->rule.range && g->spans_nbhd == g->rule.nbhd) return GOLCL_OK;
  if (g->spans) clReleaseMemObject(g->spans);
  g->spans = NULL;
  uint32_t r = g->rule.range, n = 2 * r + 1;
  cl_int *hw = malloc(n * sizeof *hw);
  if (!hw) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (uint32_t i = 0; i < n; i++)
    hw[i] = (cl_int)golcl__ltl_span(g->rule.nbhd, r, (int32_t)i - (int32_t)r);
  golcl_status s = golcl__buffer_copy(ctx, n * sizeof *hw, CL_MEM_READ_ONLY, hw, &g->spans);
  free(hw);
  if (s == GOLCL_OK) g->spans_range = r, g->spans_nbhd = g->rule.nbhd;
  return s;
}

/* The sums of the rule's neighbourhood. */
static golcl_status buffers(golcl_msgrid *g) {
  golcl_context *ctx = g->ctx;
  size_t bytes;
  if (g->rule.nbhd == GOLCL_LTL_MOORE) {
    if (g->rowwin) return GOLCL_OK;
    if (golcl__mul_size((size_t)g->w * g->h, 4, &bytes))
      return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "ltl: the sums of a %ux%u grid overflow",
                         (unsigned)g->w, (unsigned)g->h);
    return golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &g->rowwin);
  }
  if (!g->rowsum) {
    if (golcl__mul_size((size_t)g->w + 1, g->h, &bytes) || golcl__mul_size(bytes, 4, &bytes))
      return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "ltl: the sums of a %ux%u grid overflow",
                         (unsigned)g->w, (unsigned)g->h);
    golcl_status s = golcl__buffer(ctx, bytes, CL_MEM_READ_WRITE, &g->rowsum);
    if (s != GOLCL_OK) return s;
  }
  return spans(g);
}

static golcl_status prepare(golcl_msgrid *g) {
  if (golcl__ltl_bits_usable(g)) {
    golcl_status s = golcl__ltl_bits_prepare(g);
    return s == GOLCL_OK && g->rule.nbhd != GOLCL_LTL_MOORE ? spans(g) : s;
  }
  if (golcl__ltl_tile_usable(g)) {
    golcl_status s = golcl__ltl_tile_prepare(g);
    return s == GOLCL_OK && g->rule.nbhd != GOLCL_LTL_MOORE ? spans(g) : s;
  }
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
  golcl_status s;
  if (r->nbhd == GOLCL_LTL_MOORE) {
    cl_int run = (cl_int)run_length(r->range);
    size_t rows[2] = {(g->w + (size_t)run - 1) / (size_t)run, g->h};
    size_t cols[2] = {g->w, (g->h + (size_t)run - 1) / (size_t)run};
    s = golcl__args(ctx, k->row_windows, GOLCL__ARG(g->cur), GOLCL__ARG(g->rowwin), GOLCL__ARG(w),
                    GOLCL__ARG(h), GOLCL__ARG(range), GOLCL__ARG(run), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->row_windows, 2, rows);
    if (s == GOLCL_OK)
      s = golcl__args(ctx, k->box_cols, GOLCL__ARG(g->cur), GOLCL__ARG(g->rowwin),
                      GOLCL__ARG(g->spare), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(range),
                      GOLCL__ARG(run), GOLCL__ARG(middle), GOLCL__ARG(smin), GOLCL__ARG(smax),
                      GOLCL__ARG(bmin), GOLCL__ARG(bmax), GOLCL__ARG(states), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->box_cols, 2, cols);
    return s;
  }
  size_t rows = g->h, cells[2] = {g->w, g->h};
  s = golcl__args(ctx, k->rows, GOLCL__ARG(g->cur), GOLCL__ARG(g->rowsum), GOLCL__ARG(w),
                  GOLCL__ARG(h), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->rows, 1, &rows);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, k->spans, GOLCL__ARG(g->cur), GOLCL__ARG(g->rowsum), GOLCL__ARG(g->spans),
                    GOLCL__ARG(g->spare), GOLCL__ARG(w), GOLCL__ARG(h), GOLCL__ARG(range),
                    GOLCL__ARG(middle), GOLCL__ARG(smin), GOLCL__ARG(smax), GOLCL__ARG(bmin),
                    GOLCL__ARG(bmax), GOLCL__ARG(states), GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k->spans, 2, cells);
  return s;
}

static golcl_status step(golcl_msgrid *g, uint64_t gens) {
  if (golcl__ltl_bits_usable(g)) {
    golcl_status s = g->rule.nbhd == GOLCL_LTL_MOORE ? GOLCL_OK : spans(g);
    return s == GOLCL_OK ? golcl__ltl_bits_step(g, g->spans, gens) : s;
  }
  if (golcl__ltl_tile_usable(g)) {
    golcl_status s = g->rule.nbhd == GOLCL_LTL_MOORE ? GOLCL_OK : spans(g);
    return s == GOLCL_OK ? golcl__ltl_tile_step(g, g->spans, gens) : s;
  }
  ltl_kernels k;
  golcl_status s = kernels(g, &k);
  if (s == GOLCL_OK) s = buffers(g);
  for (uint64_t i = 0; i < gens && s == GOLCL_OK; i++) {
    s = once(g, &k);
    if (s == GOLCL_OK) golcl__msgrid_swap(g);
  }
  return s;
}

const golcl__ms_family_ops golcl__ms_ltl_ops = {"Larger than Life", prepare, step};
