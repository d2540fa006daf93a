/* stepper_auto.c — AUTO: hands each run to the stepper that is fastest for
 * the device, the grid and its density, by a rule drawn from `golcl bench`
 * runs (docs/benchmarks.md): SPARSE for a grid of SPARSE_MIN_CELLS cells or
 * more with at most one live cell in SPARSE_CELLS_PER_LIVE (the population
 * is read at the start of such a run); else MULTI on a GPU, BITSLICE on a
 * CPU; the next candidate whenever one cannot serve the grid (its supports
 * hook), down to NAIVE. The steppers are created on first use and kept; the
 * choice of the last run is golcl_stepper_chosen. */
#include "life.h"

#include <stdlib.h>

/* A glider gun in a 32768² torus: SPARSE 21× MULTI on the H200; in an 8192²
 * torus 2.5× BITSLICE on pocl; a 50 % soup: SPARSE 0.47× MULTI. */
#define SPARSE_MIN_CELLS ((uint64_t)1 << 20)
#define SPARSE_CELLS_PER_LIVE 4096

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
  golcl_stepper_kind order[] = {GOLCL_STEPPER_SPARSE, GOLCL_STEPPER_MULTI, GOLCL_STEPPER_BITSLICE,
                                GOLCL_STEPPER_LUT6X3, GOLCL_STEPPER_NAIVE};
  size_t first = 1; /* no SPARSE unless the grid is large and sparse */
  uint64_t cells = (uint64_t)g->w * g->h, live;
  if (cells >= SPARSE_MIN_CELLS) {
    golcl_status st = golcl_grid_population((golcl_grid *)g, &live);
    if (st != GOLCL_OK) return st;
    if (live <= cells / SPARSE_CELLS_PER_LIVE) first = 0;
  }
  /* pocl on the development machine, 8192² soup: BITSLICE (four words a
   * work-item) 9.3× MULTI; the H200: MULTI 2.1–2.3× BITSLICE at every size. */
  if (s->ctx->info.type == GOLCL_DEVICE_CPU) {
    order[1] = GOLCL_STEPPER_BITSLICE;
    order[2] = GOLCL_STEPPER_MULTI;
  }
  golcl_status st = GOLCL_E_UNSUPPORTED;
  for (size_t i = first; i < sizeof order / sizeof order[0]; i++) {
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
