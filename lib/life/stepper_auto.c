/* stepper_auto.c — AUTO: hands each run to the stepper that is fastest for
 * the device and the grid, by a rule drawn from `golcl bench` runs
 * (docs/benchmarks.md): MULTI, except on a CPU device for grids below
 * CPU_MULTI_CELLS cells, where BITSLICE's single pass wins; the next
 * candidate whenever one cannot serve the grid (its supports hook), down to
 * NAIVE. The steppers are created on first use and kept; the choice of the
 * last run is golcl_stepper_chosen. */
#include "life.h"

#include <stdlib.h>

/* pocl on the development machine: bitslice 4× multi at 1024×512, multi
 * 1.45× bitslice at 8192² (docs/benchmarks.md). */
#define CPU_MULTI_CELLS ((uint64_t)1 << 24)

typedef struct auto_state {
  golcl_stepper *inner[GOLCL_STEPPER_COUNT];
  golcl_stepper_kind chosen;
} auto_state;

static golcl_status auto_init(golcl_stepper *s) {
  auto_state *A = calloc(1, sizeof *A);
  if (!A) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  A->chosen = GOLCL_STEPPER_AUTO;
  s->state = A;
  return GOLCL_OK;
}

static golcl_status auto_delegate(golcl_stepper *s, const golcl_grid *g, golcl_stepper **out) {
  auto_state *A = s->state;
  golcl_stepper_kind order[] = {GOLCL_STEPPER_MULTI, GOLCL_STEPPER_BITSLICE, GOLCL_STEPPER_LUT6X3,
                                GOLCL_STEPPER_NAIVE};
  if (s->ctx->info.type == GOLCL_DEVICE_CPU && (uint64_t)g->w * g->h < CPU_MULTI_CELLS) {
    order[0] = GOLCL_STEPPER_BITSLICE;
    order[1] = GOLCL_STEPPER_MULTI;
  }
  golcl_status st = GOLCL_E_UNSUPPORTED;
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
    golcl_stepper_kind k = order[i];
    if (!golcl_stepper_available(k)) continue;
    if (!A->inner[k]) {
      st = golcl_stepper_create(s->ctx, k, &s->opts, &A->inner[k]);
      if (st == GOLCL_E_OUT_OF_MEMORY) return st;
      if (st != GOLCL_OK) continue; /* options this kind cannot take */
    }
    st = golcl__stepper_supports(A->inner[k], g);
    if (st == GOLCL_OK) {
      A->chosen = k;
      *out = A->inner[k];
      return GOLCL_OK;
    }
  }
  return golcl__fail(s->ctx, st, "auto: no stepper of this build can serve a %ux%u grid",
                     (unsigned)g->w, (unsigned)g->h);
}

static golcl_stepper_kind auto_chosen(const golcl_stepper *s) {
  return ((const auto_state *)s->state)->chosen;
}

static void auto_destroy(golcl_stepper *s) {
  auto_state *A = s->state;
  if (!A) return;
  for (int k = 0; k < GOLCL_STEPPER_COUNT; k++) golcl_stepper_destroy(A->inner[k]);
  free(A);
}

const golcl__stepper_ops golcl__stepper_auto = {
    .kind = GOLCL_STEPPER_AUTO,
    .init = auto_init,
    .delegate = auto_delegate,
    .chosen = auto_chosen,
    .destroy = auto_destroy,
};
