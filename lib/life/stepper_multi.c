/* stepper_multi.c — launches cl/life/multi.cl on the BITROW layout: up to
 * gens_per_launch generations a launch in local memory, the last launch of
 * a run taking the remainder, so a run of N lands on exactly N.
 *
 * Options (0: chosen from the device): local_w × local_h work-group, local_w
 * being the tile's width in 32-bit words with one halo word each side (≥ 3);
 * tile_w the same in cells (32·local_w); tile_h the tile's rows with the
 * halo (a multiple of local_h, more than 2·gens_per_launch); gens_per_launch
 * 1..32 (the halo depth). */
#include "bitslice.h"

#include <stdlib.h>
#include <string.h>

/* Defaults without any option, measured on an H200 (docs/benchmarks.md,
 * 2026-11-23): the register kernel with a 32×8 work-group, 768-row tiles
 * (96 rows a work-item), 32 generations a launch; on grids with fewer such
 * tiles than SMALL_TILES_PER_CU a compute unit, the register kernel with
 * 128-row tiles (16 rows a work-item), 24 generations a launch, and where
 * even those are fewer than the compute units, 96-row tiles, 24
 * generations (an H100, 2026-11-26: 1.24-1.27x the 64-row, 16-generation
 * small tiles of before at 2048² and 4096²). Where the device cannot
 * take one of these, the shape below, from the device (also used for the
 * parts the options leave 0): tiles of 16 words × 192 rows, a 16×16
 * work-group, 16 generations a launch, 64-row tiles on small grids. */
static const golcl_stepper_opts DEFAULT_LARGE = {
    .local_w = 32, .local_h = 8, .tile_h = 768, .gens_per_launch = 32};
static const golcl_stepper_opts DEFAULT_SMALL = {
    .local_w = 32, .local_h = 8, .tile_h = 128, .gens_per_launch = 24};
static const golcl_stepper_opts DEFAULT_TINY = {
    .local_w = 32, .local_h = 8, .tile_h = 96, .gens_per_launch = 24};
#define DEFAULT_MX 16
#define DEFAULT_MY 16
#define DEFAULT_MS 12
#define DEFAULT_MS_SMALL 4
#define DEFAULT_G 16
#define SMALL_TILES_PER_CU 8
#define MAX_G 32 /* a halo word is 32 cells: one spoiled cell a generation */

/* local_w = 32 (one sub-group across): the tile in registers (multi_reg). */
#define REG_MX 32

static uint64_t lmem_bytes(const golcl__multi_shape *m) {
  if (m->mx == REG_MX) /* two exchange rows a work-item, twice; or the tile once */
    return m->shfl ? 16ull * m->my * m->mx : 4ull * m->my * m->ms * m->mx;
  return 2ull * m->my * m->ms * m->mx * 4u;
}

golcl_status golcl__multi_resolve(golcl_stepper *s, const golcl_stepper_opts *o,
                                  golcl__multi_shape *m) {
  golcl_context *ctx = s->ctx;
  const char *who = golcl_stepper_name(s->kind);
  golcl_status st = golcl__wg_check_opts(s);
  if (st != GOLCL_OK) return st;
  if (o->tile_w % 32)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: tile_w %u is no multiple of 32 (the tile is whole words)", who,
                       (unsigned)o->tile_w);
  if (o->tile_w && o->local_w && o->tile_w != 32 * o->local_w)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: tile_w %u is not 32 × local_w %u (a work-item a word column)", who,
                       (unsigned)o->tile_w, (unsigned)o->local_w);
  m->g = o->gens_per_launch ? o->gens_per_launch : DEFAULT_G;
  if (m->g > MAX_G)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: gens_per_launch %u is above %d (the halo is one word)", who,
                       (unsigned)o->gens_per_launch, MAX_G);
  size_t maxwg = ctx->info.max_work_group_size, dims[2];
  st = golcl__max_item_sizes(ctx, dims);
  if (st != GOLCL_OK) return st;
  m->mx = o->local_w ? o->local_w : (o->tile_w ? o->tile_w / 32 : DEFAULT_MX);
  m->shfl = strstr(ctx->info.platform, "NVIDIA") != NULL;
  if (m->mx < 3)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: a tile %u words wide has no inner word (3 at least)", who,
                       (unsigned)m->mx);
  if (m->mx > dims[0] || m->mx > maxwg)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: a tile %u words wide needs as many work-items across; the device "
                       "has %zu", who,
                       (unsigned)m->mx, dims[0] < maxwg ? dims[0] : maxwg);
  if (o->local_h) {
    m->my = o->local_h;
  } else {
    m->my = DEFAULT_MY;
    while (m->my > 1 && ((size_t)m->my * m->mx > maxwg || m->my > dims[1])) m->my /= 2;
    if (o->tile_h)
      while (m->my > 1 && o->tile_h % m->my) m->my--;
  }
  if ((size_t)m->my * m->mx > maxwg)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: a %ux%u work-group has more than the device's %zu work-items", who,
                       (unsigned)m->mx, (unsigned)m->my, maxwg);
  if (o->tile_h) {
    if (o->tile_h % m->my)
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "%s: tile_h %u is no multiple of the work-group's %u rows", who,
                         (unsigned)o->tile_h, (unsigned)m->my);
    m->ms = o->tile_h / m->my;
  } else {
    m->ms = DEFAULT_MS;
    while ((uint64_t)m->my * m->ms <= 2ull * m->g) m->ms *= 2;
  }
  if ((uint64_t)m->my * m->ms <= 2ull * m->g)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: tile_h %u leaves no inner row after a halo of %u rows each side", who,
                       (unsigned)(m->my * m->ms), (unsigned)m->g);
  while (!o->tile_h && lmem_bytes(m) > ctx->info.local_mem_bytes && m->ms > 1 &&
         (uint64_t)m->my * (m->ms - 1) > 2ull * m->g)
    m->ms--;
  if (m->mx == REG_MX && m->ms > GOLCL__MR_MAX_ROWS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: tile_h %u is %u rows a work-item; at most %d with local_w 32 (the "
                       "rows are kept in registers)", who,
                       (unsigned)(m->my * m->ms), (unsigned)m->ms, GOLCL__MR_MAX_ROWS);
  m->ms_small = m->ms;
  if (!o->tile_h && !o->local_w && !o->tile_w && !o->gens_per_launch) {
    m->ms_small = DEFAULT_MS_SMALL;
    while ((uint64_t)m->my * m->ms_small <= 2ull * m->g) m->ms_small *= 2;
    if (m->ms_small > m->ms) m->ms_small = m->ms;
  }
  if (lmem_bytes(m) > ctx->info.local_mem_bytes)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: tile_h %u: two %ux%u-word tiles need %llu bytes of local memory; "
                       "the device has %llu", who,
                       (unsigned)(m->my * m->ms), (unsigned)m->mx, (unsigned)(m->my * m->ms),
                       (unsigned long long)lmem_bytes(m),
                       (unsigned long long)ctx->info.local_mem_bytes);
  return GOLCL_OK;
}

void golcl__multi_define(const golcl__multi_shape *m, golcl__opts *o) {
  golcl__opts_define(o, "GOLCL_MX", m->mx);
  golcl__opts_define(o, "GOLCL_MY", m->my);
  golcl__opts_define(o, "GOLCL_MS", m->ms);
  golcl__opts_define(o, "GOLCL_MG", m->g);
  golcl__opts_define(o, "GOLCL_MR_SHFL", (uint32_t)(m->shfl && m->mx == REG_MX));
}

static int no_options(const golcl_stepper_opts *o) {
  return !o->local_w && !o->local_h && !o->tile_w && !o->tile_h && !o->gens_per_launch;
}

static golcl_status multi_init(golcl_stepper *s) {
  golcl__multi_shape *m = calloc(3, sizeof *m);
  if (!m) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s->state = m;
  if (!no_options(&s->opts)) return golcl__multi_resolve(s, &s->opts, m);
  /* the measured defaults where the device takes them, else the device's */
  if (golcl__multi_resolve(s, &DEFAULT_LARGE, m) != GOLCL_OK) {
    golcl_status st = golcl__multi_resolve(s, &s->opts, m);
    if (st != GOLCL_OK) return st;
  }
  if (golcl__multi_resolve(s, &DEFAULT_SMALL, &m[1]) == GOLCL_OK) m->small = &m[1];
  if (m->small && golcl__multi_resolve(s, &DEFAULT_TINY, &m[2]) == GOLCL_OK) m[1].small = &m[2];
  golcl__clear_error(s->ctx); /* no message left from a shape refused here */
  return GOLCL_OK;
}

/* The shape for grid g: the large tiles, or the small ones where the grid
 * has too few large tiles to keep every compute unit busy. */
static uint64_t tiles_of(const golcl__multi_shape *m, const golcl_grid *g) {
  uint64_t words = ((uint64_t)g->w + 31) / 32;
  return (words + m->mx - 3) / (m->mx - 2) *
         (((uint64_t)g->h + m->my * m->ms - 2 * m->g - 1) / (m->my * m->ms - 2 * m->g));
}

static golcl__multi_shape shape_for(const golcl_stepper *s, const golcl_grid *g) {
  golcl__multi_shape m = *(const golcl__multi_shape *)s->state;
  if (tiles_of(&m, g) < (uint64_t)SMALL_TILES_PER_CU * s->ctx->info.compute_units) {
    if (!m.small) {
      m.ms = m.ms_small;
      return m;
    }
    const golcl__multi_shape *sm = m.small;
    if (sm->small && tiles_of(sm, g) < s->ctx->info.compute_units) return *sm->small;
    return *sm;
  }
  return m;
}

static golcl_status multi_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                               golcl__plan *p) {
  golcl__multi_shape m = shape_for(s, g);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__multi_define(&m, &o);
  int reg = m.mx == REG_MX;
  golcl_status st = golcl__bitslice_kernel(s, g, "life/multi.cl", reg ? "multi_reg" : "multi_step",
                                           &o, &p->kernel);
  p->local[0] = m.mx;
  p->local[1] = m.my;
  if (st == GOLCL_OK) st = golcl__wg_fits(s, p->kernel, p->local);
  if (st != GOLCL_OK) return st;
  size_t words = info->row_pitch / 4;
  size_t tiles_x = (words + m.mx - 3) / (m.mx - 2);
  size_t rows_in = (size_t)m.my * m.ms - 2u * m.g;
  p->global[0] = tiles_x * m.mx;
  p->global[1] = ((size_t)g->h + rows_in - 1) / rows_in * m.my;
  p->tile[0] = 32 * (m.mx - 2);
  p->tile[1] = (uint32_t)rows_in;
  p->gens_per_launch = m.g;
  return GOLCL_OK;
}

/* Arguments for launches of `gens` (<= gens_per_launch) generations. */
static golcl_status multi_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                               uint32_t gens) {
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  cl_int n = (cl_int)gens;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__ARG(n), GOLCL__END);
}

const golcl__stepper_ops golcl__stepper_multi = {
    .kind = GOLCL_STEPPER_MULTI,
    .layout = GOLCL_LAYOUT_BITROW,
    .supports = golcl__bitslice_supports,
    .init = multi_init,
    .plan = multi_plan,
    .prepare = golcl__bitrow_prepare,
    .args = multi_args,
};
