/* game_bits.c — launches of cl/lattice/game_bits.cl: the game with one bit an
 * agent on Moore and von Neumann lattices. Which games it serves, the decision tables made
 * from the payoffs (the only place b enters), the packed buffers (packed
 * from the byte strategies when a run starts, unpacked into both byte
 * buffers when it ends, so that users see the same cells) and the launch
 * shape. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>

#define BITS_FILE "lattice/game_bits.cl"

/* Cooperating opponents of an agent at most (its box less itself, and itself
 * with self-interaction). */
static unsigned max_opponents(const golcl_game *gm) {
  const golcl_lattice *l = &gm->g->lat;
  unsigned d = l->nbhd == GOLCL_NEIGHBOURHOOD_MOORE ? (l->dims == 3 ? 26u : 8u)
                                                    : (l->dims == 3 ? 6u : 4u);
  return d + (gm->self ? 1u : 0u);
}

/* The score of a cooperator (own 0) or defector (own 1) with k cooperating
 * opponents: the float score of the reference. */
static float score_k(const golcl_game *gm, unsigned own, unsigned k) {
  unsigned all = max_opponents(gm);
  return golcl__game_score(own, k, all - k, &gm->pay);
}

int golcl__game_bits_serves(const golcl_game *gm, char *why, size_t cap) {
  const golcl_graph *g = gm->g;
  if (!g->is_lattice) {
    snprintf(why, cap, "the bits kernel needs a lattice graph (golcl_graph_create_lattice)");
    return 0;
  }
  if (g->lat.nbhd == GOLCL_NEIGHBOURHOOD_HEXAGONAL) {
    snprintf(why, cap, "the bits kernel serves Moore and von Neumann neighbourhoods only");
    return 0;
  }
  /* A score must depend on the count of cooperating opponents alone: true
   * on a torus (every agent has all its neighbours), and with S = P = 0
   * (defecting opponents score nothing) on any boundary. */
  if (g->lat.boundary != GOLCL_BOUNDARY_TORUS && !(gm->pay.S == 0.0f && gm->pay.P == 0.0f)) {
    snprintf(why, cap, "the bits kernel needs a torus, or payoffs with S = P = 0");
    return 0;
  }
  for (unsigned own = 0; own < 2; own++)
    for (unsigned k = 0; k < max_opponents(gm); k++)
      if (!(score_k(gm, own, k + 1) >= score_k(gm, own, k))) {
        snprintf(why, cap,
                 "the bits kernel needs scores that do not fall as cooperating opponents "
                 "rise (R >= S, T >= P)");
        return 0;
      }
  return 1;
}

/* The decision tables over eD (e = k + 1, 0 for none): GE[eD] the least eC
 * with sC(eC - 1) >= sD(eD - 1) (K + 2 if none), GT likewise with >, HE[eD]
 * the least e with sD(e - 1) == sD(eD - 1); as bit masks: bit v of ge[i] is
 * bit i of GE[v], bit v of *tie is set where GT[v] != GE[v], *gt_step1
 * whether GT[v] - GE[v] <= 1 everywhere (else the kernel takes the GT table),
 * *he_id whether HE[v] = v everywhere. Returns whether any tie exists. */
static int tables(const golcl_game *gm, unsigned eb, uint32_t ge[], uint32_t gt[], uint32_t he[],
                  uint32_t *tie, int *gt_step1, int *he_id) {
  unsigned K = max_opponents(gm), never = K + 2;
  for (unsigned i = 0; i < eb; i++) ge[i] = gt[i] = he[i] = 0;
  *tie = 0;
  *gt_step1 = *he_id = 1;
  for (unsigned ed = 1; ed <= K + 1; ed++) {
    float md = score_k(gm, 1, ed - 1);
    unsigned vge = never, vgt = never, vhe = ed;
    for (unsigned ec = K + 1; ec >= 1; ec--) {
      float mc = score_k(gm, 0, ec - 1);
      if (mc >= md) vge = ec;
      if (mc > md) vgt = ec;
    }
    for (unsigned e = ed; e >= 1; e--)
      if (score_k(gm, 1, e - 1) == md) vhe = e;
    if (vge != vgt) *tie |= 1u << ed;
    if (vgt > vge + 1) *gt_step1 = 0;
    if (vhe != ed) *he_id = 0;
    for (unsigned i = 0; i < eb; i++) {
      ge[i] |= ((vge >> i) & 1u) << ed;
      gt[i] |= ((vgt >> i) & 1u) << ed;
      he[i] |= ((vhe >> i) & 1u) << ed;
    }
  }
  return *tie != 0;
}

static size_t pow2_at_least(size_t n, size_t cap) {
  size_t p = 1;
  while (p < n && p < cap) p *= 2;
  return p;
}

/* A tuning knob for the device runs: $name if set to 1..4096, else def. */
static size_t env_size(const char *name, size_t def) {
  return (size_t)golcl__env_long(name, 1, 4096, (long)def);
}

typedef struct shape {
  size_t gx, gy, chunk;
} shape;

/* Local memory of a 3-D group (game_bits.cl: lx0, lx1, lxe and lm). */
static size_t local_bytes(size_t gx, size_t gy, unsigned eb) {
  return sizeof(cl_uint) * gx * (3 * (gy + 2) + (2 * eb + 1) * gy);
}

/* Work-group: GX words (a power of two up to 32, no wider than the row
 * needs) × GY; in 3-D GY rows of which two are halo (at least 3), in 2-D GY
 * chunks; within the device's work-group size and, in 3-D, local memory.
 * 0 in gx if none fits. */
static shape shape_of(const golcl_context *ctx, unsigned dims, size_t nwx, unsigned eb) {
  size_t maxwg = ctx->info.max_work_group_size ? ctx->info.max_work_group_size : 1;
  size_t lmem = ctx->info.local_mem_bytes ? (size_t)ctx->info.local_mem_bytes : 16384;
  shape s;
  s.gx = pow2_at_least(nwx, 32);
  if (dims == 3) {
    s.gy = env_size("GOLCL_GAME_BITS_GY", 16);
    s.chunk = env_size("GOLCL_GAME_BITS_CHUNK", 24);
    if (s.gy < 3) s.gy = 3;
    while ((s.gx * s.gy > maxwg || local_bytes(s.gx, s.gy, eb) > lmem) && s.gy / 2 >= 3)
      s.gy /= 2;
    while ((s.gx * s.gy > maxwg || local_bytes(s.gx, s.gy, eb) > lmem) && s.gx > 1) s.gx /= 2;
    if (s.gx * s.gy > maxwg || local_bytes(s.gx, s.gy, eb) > lmem) s.gx = 0;
  } else {
    s.gy = env_size("GOLCL_GAME_BITS_GY", 256 / s.gx);
    s.chunk = env_size("GOLCL_GAME_BITS_CHUNK", 8);
    while (s.gx * s.gy > maxwg && s.gy > 1) s.gy /= 2;
    while (s.gx * s.gy > maxwg && s.gx > 1) s.gx /= 2;
  }
  return s;
}

static golcl_status bits_buffers(golcl_game *gm, size_t words) {
  for (int i = 0; i < 2; i++)
    if (!gm->bits[i]) {
      golcl_status s =
          golcl__buffer(gm->g->ctx, words * sizeof(cl_uint), CL_MEM_READ_WRITE, &gm->bits[i]);
      if (s != GOLCL_OK) return s;
    }
  return GOLCL_OK;
}

/* Packs the byte strategies into bits (pack) or unpacks bits into bytes. */
static golcl_status convert(golcl_game *gm, int pack, cl_mem bytes, cl_mem bits, cl_int nwx) {
  golcl_context *ctx = gm->g->ctx;
  const golcl_lattice *l = &gm->g->lat;
  cl_kernel k;
  golcl_status s = golcl__kernel(ctx, BITS_FILE, NULL, pack ? "game_pack" : "game_unpack", &k);
  cl_int nx = (cl_int)l->nx, rows = (cl_int)((size_t)l->ny * (l->dims == 3 ? l->nz : 1));
  if (s == GOLCL_OK)
    s = pack ? golcl__args(ctx, k, GOLCL__ARG(bytes), GOLCL__ARG(bits), GOLCL__ARG(nx),
                           GOLCL__ARG(rows), GOLCL__ARG(nwx), GOLCL__END)
             : golcl__args(ctx, k, GOLCL__ARG(bits), GOLCL__ARG(bytes), GOLCL__ARG(nx),
                           GOLCL__ARG(rows), GOLCL__ARG(nwx), GOLCL__END);
  size_t extent[2] = {pack ? (size_t)nwx : (size_t)nx, (size_t)rows};
  if (s == GOLCL_OK) s = golcl__launch_cover(ctx, k, 2, extent);
  return s;
}

golcl_status golcl__game_run_bits(golcl_game *gm, uint64_t gens) {
  golcl_graph *g = gm->g;
  golcl_context *ctx = g->ctx;
  const golcl_lattice *l = &g->lat;
  char why[160];
  if (!golcl__game_bits_serves(gm, why, sizeof why))
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED, "golcl_game_run: %s", why);
  unsigned dims = l->dims, K = max_opponents(gm);
  unsigned eb = 1;
  while ((1u << eb) <= K + 2) eb++;
  uint32_t ge[5], gt[5], he[5], tie;
  int gt_step1, he_id, ties = tables(gm, eb, ge, gt, he, &tie, &gt_step1, &he_id);
  size_t nwx = (l->nx + 31) / 32, nz = dims == 3 ? l->nz : 1;
  shape sh = shape_of(ctx, dims, nwx, eb);
  if (!sh.gx)
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "golcl_game_run: the bits kernel needs work-groups of at least 3 "
                       "work-items and %zu bytes of local memory",
                       local_bytes(1, 3, eb));
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_DIMS", dims);
  golcl__opts_define(&o, "GOLCL_TORUS", l->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "GOLCL_NBHD", l->nbhd == GOLCL_NEIGHBOURHOOD_VON_NEUMANN);
  golcl__opts_define(&o, "GOLCL_LOCAL_W", (long long)sh.gx);
  golcl__opts_define(&o, "GOLCL_LOCAL_H", (long long)sh.gy);
  golcl__opts_define(&o, "GAME_CHUNK", (long long)sh.chunk);
  golcl__opts_define(&o, "GAME_SELF", gm->self);
  golcl__opts_define(&o, "GAME_EB", eb);
  golcl__opts_define(&o, "GAME_TIES", ties);
  golcl__opts_define(&o, "GAME_TIE", tie);
  golcl__opts_define(&o, "GAME_GT_TABLE", !gt_step1);
  golcl__opts_define(&o, "GAME_HE_ID", he_id);
  static const char *const GE[] = {"GAME_GE0", "GAME_GE1", "GAME_GE2", "GAME_GE3", "GAME_GE4"};
  static const char *const GT[] = {"GAME_GT0", "GAME_GT1", "GAME_GT2", "GAME_GT3", "GAME_GT4"};
  static const char *const HE[] = {"GAME_HE0", "GAME_HE1", "GAME_HE2", "GAME_HE3", "GAME_HE4"};
  for (unsigned i = 0; i < eb; i++) {
    golcl__opts_define(&o, GE[i], ge[i]);
    if (!gt_step1) golcl__opts_define(&o, GT[i], gt[i]);
    if (!he_id) golcl__opts_define(&o, HE[i], he[i]);
  }
  golcl_status s = golcl__opts_check(ctx, &o, "game_bits");
  cl_kernel k = NULL;
  if (s == GOLCL_OK) s = golcl__kernel(ctx, BITS_FILE, o.buf, "game_bits", &k);
  if (s == GOLCL_OK) s = bits_buffers(gm, nwx * l->ny * nz);
  if (s != GOLCL_OK) return s;
  cl_int nx = (cl_int)l->nx, ny = (cl_int)l->ny, cnz = (cl_int)nz, cnwx = (cl_int)nwx;
  size_t local[3] = {sh.gx, sh.gy, 1}, global[3];
  global[0] = golcl__round_up(nwx, sh.gx);
  if (dims == 3) {
    size_t rows_out = sh.gy - 2;
    global[1] = (l->ny + rows_out - 1) / rows_out * sh.gy;
    global[2] = (nz + sh.chunk - 1) / sh.chunk;
  } else {
    global[1] = golcl__round_up((l->ny + sh.chunk - 1) / sh.chunk, sh.gy);
    global[2] = 1;
  }
  if (!gm->packed && !gm->bits_same) s = convert(gm, 1, gm->cur, gm->bits[0], cnwx);
  for (uint64_t t = 0; t < gens && s == GOLCL_OK; t++) {
    if (t > 0 && t % GOLCL__LATTICE_SYNC == 0) s = golcl__sync(ctx);
    if (s != GOLCL_OK) break;
    if (dims == 3)
      s = golcl__args(ctx, k, GOLCL__ARG(gm->bits[0]), GOLCL__ARG(gm->bits[1]), GOLCL__ARG(nx),
                      GOLCL__ARG(ny), GOLCL__ARG(cnz), GOLCL__ARG(cnwx), GOLCL__END);
    else
      s = golcl__args(ctx, k, GOLCL__ARG(gm->bits[0]), GOLCL__ARG(gm->bits[1]), GOLCL__ARG(nx),
                      GOLCL__ARG(ny), GOLCL__ARG(cnwx), GOLCL__END);
    if (s == GOLCL_OK) s = golcl__launch(ctx, k, dims == 3 ? 3 : 2, global, local);
    if (s == GOLCL_OK) {
      cl_mem tmp = gm->bits[0];
      gm->bits[0] = gm->bits[1];
      gm->bits[1] = tmp;
    }
  }
  /* bits[0] now, bits[1] a generation before (the run has at least one);
   * the byte buffers are unpacked when next needed */
  if (s == GOLCL_OK) gm->packed = 1;
  gm->bits_same = 0;
  return s;
}

golcl_status golcl__game_bytes(golcl_game *gm) {
  if (!gm->packed) return GOLCL_OK;
  cl_int nwx = (cl_int)((gm->g->lat.nx + 31) / 32);
  golcl_status s = convert(gm, 0, gm->cur, gm->bits[0], nwx);
  if (s == GOLCL_OK) s = convert(gm, 0, gm->prev, gm->bits[1], nwx);
  if (s == GOLCL_OK) gm->packed = 0, gm->bits_same = 1;
  return s;
}
