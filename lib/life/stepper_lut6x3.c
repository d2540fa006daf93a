/* stepper_lut6x3.c — launches cl/life/lut6x3.cl on the BITROW layout
 * (layout_bitrow.c): one work-item per 32-bit word of a row, eight lookups
 * in the 6×3 table (lut.c). Work-group shape from the options, else the
 * runtime's. */
#include "lut.h"

#include <stdlib.h>

typedef struct lut6x3_state {
  golcl__lut lut;
  size_t local[2]; /* 0 × 0: the runtime chooses */
} lut6x3_state;

static golcl_status lut6x3_init(golcl_stepper *s) {
  golcl_status st = golcl__lut_check_local(s->ctx, "lut6x3", s->opts.local_w, s->opts.local_h);
  if (st != GOLCL_OK) return st;
  lut6x3_state *S = calloc(1, sizeof *S);
  if (!S) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  S->lut.kind = GOLCL__LUT6X3;
  S->local[0] = s->opts.local_w;
  S->local[1] = s->opts.local_h;
  s->state = S;
  return GOLCL_OK;
}

static golcl_status lut6x3_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k) {
  lut6x3_state *S = s->state;
  char opts[64];
  golcl__life_options(g, opts, sizeof opts);
  golcl_status st = golcl__kernel(s->ctx, "life/lut6x3.cl", opts, "lut6x3_step", k);
  if (st == GOLCL_OK && S->local[0]) st = golcl__lut_check_kernel(s->ctx, "lut6x3", *k, S->local);
  return st;
}

static golcl_status lut6x3_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_kernel k;
  cl_mem lut;
  golcl__program_entry *conv; /* the layout conversion, so that a first run does no JIT */
  golcl_status st = lut6x3_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__program(s->ctx, "life/layout_bitrow.cl", "", &conv);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &((lut6x3_state *)s->state)->lut, g->rule, &lut);
  return st;
}

static golcl_status lut6x3_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  lut6x3_state *S = s->state;
  cl_kernel k;
  cl_mem lut, spare;
  golcl_status st = lut6x3_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &S->lut, g->rule, &lut);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_BITROW);
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  if (st != GOLCL_OK) return st;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_int pitch = (cl_int)g->info.row_pitch, words = pitch / 4;
  size_t global[2] = {(size_t)words, g->h};
  if (S->local[0]) {
    global[0] = golcl__round_up(global[0], S->local[0]);
    global[1] = golcl__round_up(global[1], S->local[1]);
  }
  for (uint64_t i = 0; i < gens; i++) {
    st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__ARG(pitch), GOLCL__ARG(lut),
                     GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(s->ctx, k, 2, global, S->local[0] ? S->local : NULL);
    if (st != GOLCL_OK) return st;
    golcl__grid_swap(g);
    g->generation++;
    s->stats.launches++;
  }
  return GOLCL_OK;
}

static void lut6x3_destroy(golcl_stepper *s) {
  lut6x3_state *S = s->state;
  if (S) golcl__lut_release(&S->lut);
  free(S);
}

const golcl__stepper_ops golcl__stepper_lut6x3 = {GOLCL_STEPPER_LUT6X3, lut6x3_init, lut6x3_prepare,
                                                  lut6x3_run, lut6x3_destroy};
