/* stepper_pack16.c — launches cl/life/pack16.cl on the PACK16 layout
 * (layout_pack16.c): one work-item per 4×4 block, four lookups in the 4×4
 * table (lut.c). Work-group shape from the options, else the runtime's. */
#include "lut.h"

#include <stdlib.h>

typedef struct pack16_state {
  golcl__lut lut;
  size_t local[2]; /* 0 × 0: the runtime chooses */
} pack16_state;

static golcl_status pack16_init(golcl_stepper *s) {
  golcl_status st = golcl__lut_check_local(s->ctx, "pack16", s->opts.local_w, s->opts.local_h);
  if (st != GOLCL_OK) return st;
  pack16_state *S = calloc(1, sizeof *S);
  if (!S) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  S->lut.kind = GOLCL__LUT4;
  S->local[0] = s->opts.local_w;
  S->local[1] = s->opts.local_h;
  s->state = S;
  return GOLCL_OK;
}

static golcl_status pack16_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k) {
  pack16_state *S = s->state;
  char opts[64];
  golcl__life_options(g, opts, sizeof opts);
  golcl_status st = golcl__kernel(s->ctx, "life/pack16.cl", opts, "pack16_step", k);
  if (st == GOLCL_OK && S->local[0]) st = golcl__lut_check_kernel(s->ctx, "pack16", *k, S->local);
  return st;
}

static golcl_status pack16_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_kernel k;
  cl_mem lut;
  golcl__program_entry *conv; /* the layout conversion, so that a first run does no JIT */
  golcl_status st = pack16_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__program(s->ctx, "life/layout_pack16.cl", "", &conv);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &((pack16_state *)s->state)->lut, g->rule, &lut);
  return st;
}

static golcl_status pack16_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  pack16_state *S = s->state;
  cl_kernel k;
  cl_mem lut, spare;
  golcl_status st = pack16_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &S->lut, g->rule, &lut);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_PACK16);
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare);
  if (st != GOLCL_OK) return st;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  cl_int bw = (cl_int)(g->info.row_pitch / sizeof(cl_ushort)), bh = (cl_int)g->info.rows;
  size_t global[2] = {(size_t)bw, (size_t)bh};
  if (S->local[0]) {
    global[0] = golcl__round_up(global[0], S->local[0]);
    global[1] = golcl__round_up(global[1], S->local[1]);
  }
  for (uint64_t i = 0; i < gens; i++) {
    st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(bw), GOLCL__ARG(bh), GOLCL__ARG(lut), GOLCL__END);
    if (st == GOLCL_OK) st = golcl__launch(s->ctx, k, 2, global, S->local[0] ? S->local : NULL);
    if (st != GOLCL_OK) return st;
    golcl__grid_swap(g);
    g->generation++;
    s->stats.launches++;
  }
  return GOLCL_OK;
}

static void pack16_destroy(golcl_stepper *s) {
  pack16_state *S = s->state;
  if (S) golcl__lut_release(&S->lut);
  free(S);
}

const golcl__stepper_ops golcl__stepper_pack16 = {GOLCL_STEPPER_PACK16, pack16_init, pack16_prepare,
                                                  pack16_run, pack16_destroy};
