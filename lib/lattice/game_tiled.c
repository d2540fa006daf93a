/* game_tiled.c — launches of cl/lattice/game_tiled.cl: the game on 2-D and
 * 3-D lattices with tiles in local memory (two launches a generation, or the
 * fused one). The tile shape comes from the device: a 32×8 work-group (fewer
 * rows, then columns, where the device allows fewer than 256 work-items), a
 * work-item owning 8 agents along z in 3-D. */
#include "game.h"

#define TILED_FILE "lattice/game_tiled.cl"

typedef struct tile {
  size_t tx, ty, tz;
} tile;

static tile tile_of(const golcl_context *ctx, unsigned dims) {
  size_t maxwg = ctx->info.max_work_group_size ? ctx->info.max_work_group_size : 1;
  tile t = {32, 8, dims == 3 ? 8 : 1};
  while (t.tx * t.ty > maxwg && t.ty > 1) t.ty /= 2;
  while (t.tx * t.ty > maxwg && t.tx > 1) t.tx /= 2;
  return t;
}

golcl_status golcl__game_run_tiled(golcl_game *gm, int fused, uint64_t gens) {
  golcl_graph *g = gm->g;
  golcl_context *ctx = g->ctx;
  const golcl_lattice *l = &g->lat;
  tile t = tile_of(ctx, l->dims);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_DIMS", l->dims);
  golcl__opts_define(&o, "GOLCL_NBHD", (long long)l->nbhd);
  golcl__opts_define(&o, "GOLCL_TORUS", l->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_LOCAL_W", (long long)t.tx);
  golcl__opts_define(&o, "GOLCL_LOCAL_H", (long long)t.ty);
  golcl__opts_define(&o, "GOLCL_TILE_D", (long long)t.tz);
  golcl_status s = golcl__opts_check(ctx, &o, "game_tiled");
  if (s == GOLCL_OK && !fused) s = golcl__game_scores(gm);
  const char *opts = o.buf;
  cl_kernel ks = NULL, ku = NULL;
  if (s == GOLCL_OK)
    s = golcl__kernel(ctx, TILED_FILE, opts, fused ? "game_fused" : "game_tiled_scores", &ks);
  if (s == GOLCL_OK && !fused) s = golcl__kernel(ctx, TILED_FILE, opts, "game_tiled_update", &ku);
  if (s != GOLCL_OK) return s;
  cl_int nx = (cl_int)l->nx, ny = (cl_int)l->ny, nz = (cl_int)l->nz, self = gm->self;
  cl_float4 pay = {{gm->pay.R, gm->pay.S, gm->pay.T, gm->pay.P}};
  size_t local[3] = {t.tx, t.ty, 1};
  size_t global[3] = {golcl__round_up(l->nx, t.tx), golcl__round_up(l->ny, t.ty),
                      (l->nz + t.tz - 1) / t.tz};
  for (uint64_t k = 0; k < gens && s == GOLCL_OK; k++) {
    if (k > 0 && k % GOLCL__LATTICE_SYNC == 0) s = golcl__sync(ctx);
    if (s != GOLCL_OK) break;
    if (fused) {
      s = golcl__args(ctx, ks, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->prev), GOLCL__ARG(nx),
                      GOLCL__ARG(ny), GOLCL__ARG(nz), GOLCL__ARG(pay), GOLCL__ARG(self),
                      GOLCL__END);
      if (s == GOLCL_OK) s = golcl__launch(ctx, ks, 3, global, local);
    } else {
      s = golcl__args(ctx, ks, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->scores), GOLCL__ARG(nx),
                      GOLCL__ARG(ny), GOLCL__ARG(nz), GOLCL__ARG(pay), GOLCL__ARG(self),
                      GOLCL__END);
      if (s == GOLCL_OK) s = golcl__launch(ctx, ks, 3, global, local);
      if (s == GOLCL_OK)
        s = golcl__args(ctx, ku, GOLCL__ARG(gm->cur), GOLCL__ARG(gm->scores), GOLCL__ARG(gm->prev),
                        GOLCL__ARG(nx), GOLCL__ARG(ny), GOLCL__ARG(nz), GOLCL__END);
      if (s == GOLCL_OK) s = golcl__launch(ctx, ku, 3, global, local);
    }
    if (s == GOLCL_OK) golcl__game_swap(gm);
  }
  return s;
}
