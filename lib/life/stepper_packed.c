/* stepper_packed.c — the launcher that pack16 and lut6x3 share: a table from
 * the rule (lut.c), the grid switched to the stepper's packed layout, one
 * kernel launch a generation, double-buffered in the grid. */
#include "lut.h"

#include <stdlib.h>

typedef struct packed_state {
  const golcl__packed_desc *d;
  golcl__lut lut;
  size_t local[2]; /* 0 × 0: the runtime chooses */
} packed_state;

golcl_status golcl__packed_init(golcl_stepper *s, const golcl__packed_desc *d) {
  golcl_status st = golcl__wg_check_opts(s);
  if (st != GOLCL_OK) return st;
  packed_state *S = calloc(1, sizeof *S);
  if (!S) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  S->d = d;
  S->lut.kind = d->lut;
  S->local[0] = s->opts.local_w;
  S->local[1] = s->opts.local_h;
  s->state = S;
  return GOLCL_OK;
}

static golcl_status packed_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k) {
  packed_state *S = s->state;
  char opts[64];
  golcl__life_options(g, opts, sizeof opts);
  golcl_status st = golcl__kernel(s->ctx, S->d->file, opts, S->d->kernel, k);
  if (st == GOLCL_OK && S->local[0]) st = golcl__wg_fits(s, *k, S->local);
  return st;
}

golcl_status golcl__packed_prepare(golcl_stepper *s, golcl_grid *g) {
  packed_state *S = s->state;
  cl_kernel k;
  cl_mem lut;
  golcl__program_entry *conv;
  golcl_status st = packed_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__program(s->ctx, S->d->layout_file, "", &conv);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &S->lut, g->rule, &lut);
  return st;
}

golcl_status golcl__packed_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  packed_state *S = s->state;
  cl_kernel k;
  cl_mem lut, spare;
  golcl_status st = packed_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &S->lut, g->rule, &lut);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, S->d->layout);
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare); /* g->spare from here on */
  if (st != GOLCL_OK) return st;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, ab[2];
  size_t global[2];
  S->d->range(g, ab, global);
  if (S->local[0]) {
    global[0] = golcl__round_up(global[0], S->local[0]);
    global[1] = golcl__round_up(global[1], S->local[1]);
  }
  st =
      golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w), GOLCL__ARG(h),
                  GOLCL__ARG(ab[0]), GOLCL__ARG(ab[1]), GOLCL__ARG(lut), GOLCL__END);
  return st == GOLCL_OK ? golcl__step_loop(s, g, k, global, S->local[0] ? S->local : NULL, gens)
                        : st;
}

void golcl__packed_destroy(golcl_stepper *s) {
  packed_state *S = s->state;
  if (S) golcl__lut_release(&S->lut);
  free(S);
}
