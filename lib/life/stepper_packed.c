/* stepper_packed.c — the hooks that pack16 and lut6x3 share: a table from
 * the rule (lut.c), one kernel launch a generation on the stepper's packed
 * layout, the range from the layout's description. */
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

golcl_status golcl__packed_plan(golcl_stepper *s, const golcl_grid *g,
                                const golcl_layout_info *info, golcl__plan *p) {
  packed_state *S = s->state;
  golcl_status st = golcl__life_kernel(s, g, S->d->file, S->d->kernel, NULL, &p->kernel);
  if (st == GOLCL_OK && S->local[0]) st = golcl__wg_fits(s, p->kernel, S->local);
  if (st != GOLCL_OK) return st;
  cl_int ab[2];
  S->d->range(info, ab, p->global);
  for (int i = 0; i < 2; i++) {
    p->local[i] = S->local[i];
    if (S->local[i]) p->global[i] = golcl__round_up(p->global[i], S->local[i]);
  }
  return GOLCL_OK;
}

golcl_status golcl__packed_prepare(golcl_stepper *s, golcl_grid *g) {
  packed_state *S = s->state;
  cl_mem lut;
  golcl__program_entry *conv;
  golcl_status st = golcl__program(s->ctx, S->d->layout_file, "", &conv);
  if (st == GOLCL_OK) st = golcl__lut_get(s->ctx, &S->lut, golcl__grid_step_rule(g), &lut);
  return st;
}

golcl_status golcl__packed_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                uint32_t gens) {
  (void)gens;
  packed_state *S = s->state;
  cl_mem lut;
  golcl_status st = golcl__lut_get(s->ctx, &S->lut, golcl__grid_step_rule(g), &lut);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, ab[2];
  size_t global[2];
  S->d->range(&g->info, ab, global);
  if (st == GOLCL_OK)
    st = golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(ab[0]), GOLCL__ARG(ab[1]), GOLCL__ARG(lut),
                     GOLCL__END);
  return st;
}

void golcl__packed_destroy(golcl_stepper *s) {
  packed_state *S = s->state;
  if (S) golcl__lut_release(&S->lut);
  free(S);
}
