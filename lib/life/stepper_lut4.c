/* stepper_lut4.c — launches cl/life/lut4.cl: the byte layout, 2×2 cells per
 * work-item through the 4×4 table (lut.c), from a local-memory tile of
 * 2·local_w × 2·local_h cells plus a one-cell halo (common/tile.cl). */
#include "lut.h"

#include <stdlib.h>

typedef struct lut4_state {
  golcl__lut lut;
  size_t local[2];
  int chosen; /* the shape came from the device, and may shrink to fit the kernel */
} lut4_state;

static size_t tile_bytes(size_t lw, size_t lh) { return (2 * lw + 2) * (2 * lh + 2); }

/* The largest power-of-two shape, as square as may be, that the device takes. */
static golcl_status choose_shape(golcl_stepper *s, size_t local[2]) {
  size_t max[2];
  golcl_status st = golcl__max_item_sizes(s->ctx, max);
  if (st != GOLCL_OK) return st;
  const golcl_device_info *d = &s->ctx->info;
  local[0] = local[1] = 1;
  for (int grew = 1; grew;) {
    grew = 0;
    for (int i = 0; i < 2; i++) {
      size_t t[2] = {local[0], local[1]};
      t[i] *= 2;
      if (t[i] <= max[i] && t[0] * t[1] <= d->max_work_group_size &&
          tile_bytes(t[0], t[1]) <= d->local_mem_bytes) {
        local[i] = t[i];
        grew = 1;
      }
    }
  }
  return GOLCL_OK;
}

static golcl_status lut4_init(golcl_stepper *s) {
  const golcl_stepper_opts *o = &s->opts;
  golcl_context *ctx = s->ctx;
  if ((o->tile_w == 0) != (o->tile_h == 0))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "lut4: give both tile_w and tile_h, or neither");
  if (o->tile_w && (o->tile_w % 2 || o->tile_h % 2))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "lut4: a tile of %ux%u cells has an odd side; each work-item computes "
                       "2x2 cells, so tile sides are even",
                       (unsigned)o->tile_w, (unsigned)o->tile_h);
  if (o->tile_w && o->local_w && (o->tile_w != 2 * o->local_w || o->tile_h != 2 * o->local_h))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "lut4: a tile of %ux%u cells needs a %ux%u work-group, not %ux%u",
                       (unsigned)o->tile_w, (unsigned)o->tile_h, (unsigned)o->tile_w / 2,
                       (unsigned)o->tile_h / 2, (unsigned)o->local_w, (unsigned)o->local_h);
  uint32_t lw = o->local_w ? o->local_w : o->tile_w / 2;
  uint32_t lh = o->local_h ? o->local_h : o->tile_h / 2;
  golcl_status st = golcl__wg_check_local(ctx, "lut4", lw, lh);
  if (st != GOLCL_OK) return st;
  if (lw && tile_bytes(lw, lh) > ctx->info.local_mem_bytes)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "lut4: a %ux%u work-group needs %zu bytes of local memory; the device "
                       "has %llu",
                       (unsigned)lw, (unsigned)lh, tile_bytes(lw, lh),
                       (unsigned long long)ctx->info.local_mem_bytes);
  lut4_state *S = calloc(1, sizeof *S);
  if (!S) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  S->lut.kind = GOLCL__LUT4;
  s->state = S;
  S->local[0] = lw;
  S->local[1] = lh;
  if (lw == 0) {
    S->chosen = 1;
    return choose_shape(s, S->local);
  }
  return GOLCL_OK;
}

/* The kernel for this grid; a shape chosen from the device is halved until
 * the compiled kernel takes it, an explicit one is refused if it does not. */
static golcl_status lut4_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                              golcl__plan *p) {
  (void)info;
  lut4_state *S = s->state;
  for (;;) {
    golcl__opts o;
    golcl__opts_init(&o);
    golcl__opts_define(&o, "GOLCL_LOCAL_W", (long long)S->local[0]);
    golcl__opts_define(&o, "GOLCL_LOCAL_H", (long long)S->local[1]);
    golcl_status st = golcl__life_kernel(s, g, "life/lut4.cl", "lut4_step", &o, &p->kernel);
    if (st != GOLCL_OK) return st;
    st = golcl__wg_fits(s, p->kernel, S->local);
    if (st == GOLCL_OK) break;
    if (!S->chosen || S->local[0] * S->local[1] == 1) return st;
    S->local[S->local[0] >= S->local[1] ? 0 : 1] /= 2;
  }
  for (int i = 0; i < 2; i++) {
    p->local[i] = S->local[i];
    p->tile[i] = (uint32_t)(2 * S->local[i]);
    p->global[i] = golcl__round_up(((size_t)(i ? g->h : g->w) + 1) / 2, S->local[i]);
  }
  return GOLCL_OK;
}

/* The tile loader's int coordinates, with the largest tile (the shape only
 * shrinks to fit the kernel). */
static golcl_status lut4_supports(golcl_stepper *s, const golcl_grid *g) {
  lut4_state *S = s->state;
  uint32_t tile[2] = {(uint32_t)(2 * S->local[0]), (uint32_t)(2 * S->local[1])};
  return golcl__tile_coords_fit(s, g, tile);
}

static golcl_status lut4_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_mem lut;
  return golcl__lut_get(s->ctx, &((lut4_state *)s->state)->lut, golcl__grid_step_rule(g), &lut);
}

static golcl_status lut4_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                              uint32_t gens) {
  (void)gens;
  lut4_state *S = s->state;
  cl_mem lut;
  golcl_status st = golcl__lut_get(s->ctx, &S->lut, golcl__grid_step_rule(g), &lut);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h;
  if (st == GOLCL_OK)
    st = golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(lut), GOLCL__END);
  return st;
}

static void lut4_destroy(golcl_stepper *s) {
  lut4_state *S = s->state;
  if (S) golcl__lut_release(&S->lut);
  free(S);
}

const golcl__stepper_ops golcl__stepper_lut4 = {
    .kind = GOLCL_STEPPER_LUT4,
    .layout = GOLCL_LAYOUT_BYTES,
    .init = lut4_init,
    .supports = lut4_supports,
    .plan = lut4_plan,
    .prepare = lut4_prepare,
    .args = lut4_args,
    .destroy = lut4_destroy,
};
