/* stepper_multi.c — launches cl/life/multi.cl on the BITROW layout: up to
 * gens_per_launch generations a launch in local memory, the last launch of
 * a run taking the remainder, so a run of N lands on exactly N.
 *
 * Options (0: chosen from the device): local_w × local_h work-group, local_w
 * being the tile's width in 32-bit words with one halo word each side (≥ 3);
 * tile_w the same in cells (32·local_w); tile_h the tile's rows with the
 * halo (a multiple of local_h, more than 2·gens_per_launch); gens_per_launch
 * 1..32 (the halo depth).
 *
 * The band kernel (multi_band: whole rows of up to 4096 cells, no halo
 * column): tile_w = 1024·K (K = 2..4 words a lane, 32 lanes) with local_w 32
 * or 0; tile_h the rows a group holds, gens_per_launch (1..64) the halo rows
 * and the generations between two exchanges. Where every group of the grid
 * can be resident at once (nb ≤ the compute units of an NVIDIA GPU, or one
 * group), a launch runs BAND_RUN_PERIODS periods, the groups trading edge
 * rows through global memory between them (cl/life/multi.cl); elsewhere
 * gens_per_launch a launch. A grid it cannot take (wider rows; a torus
 * whose width is not 1024·K) runs the register kernel with the same rows
 * and generations. Without options, NVIDIA GPUs run tori of 2048, 3072 or
 * 4096 columns and dead grids of 1025 to 2048 whose rows spread over the
 * compute units in bands of at most BAND_MAX_ROWS with this kernel.
 * GOLCL_MULTI_PERSIST=0 in the environment keeps it to one period a launch. */
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

/* The band kernel: words a lane at most; halo rows at most; default work-group
 * rows, halo rows and own rows a group at most; generations a launch where
 * the groups trade rows (a few ms at 2048²). */
#define BAND_MAX_MK 4
#define BAND_MAX_G 64
#define BAND_MY 8
#define BAND_G 8
#define BAND_MAX_ROWS 64
/* Periods a launch where the groups trade rows: enough to hide the launch,
 * few enough that golcl_stepper_generations_per_launch (a distributed
 * grid's ghost-frame depth follows it) stays small: 256 generations at
 * g = 8. GOLCL_MULTI_PERIODS in the environment sets another count. */
#define BAND_RUN_PERIODS 32u

typedef struct multi_state {
  golcl__multi_shape shape[3]; /* large, small, tiny (or the options' shape) */
  int defaults;                /* no options: the band kernel where it pays */
  cl_mem flags, xbuf;          /* band kernel: flags[0] error, flags[1+i] group i */
  size_t flags_n, xbuf_bytes;
  uint32_t epoch;       /* periods numbered so far (the flags' values) */
  uint32_t k, gens;     /* the band launch's halo rows and generations */
  int band, persistent; /* the plan of the current arguments */
  int check;            /* a launch of several groups trading rows ran */
} multi_state;

static uint64_t lmem_bytes(const golcl__multi_shape *m) {
  if (m->mx == REG_MX) /* two exchange rows a work-item, twice; or the tile once */
    return m->shfl ? 16ull * m->my * m->mx : 4ull * m->my * m->ms * m->mx;
  return 2ull * m->my * m->ms * m->mx * 4u;
}

static int is_band(const golcl_stepper *s, const golcl_stepper_opts *o) {
  return s->kind == GOLCL_STEPPER_MULTI && o->tile_w >= 2048 && o->tile_w % 1024 == 0 &&
         (o->local_w == 0 || o->local_w == REG_MX);
}

static uint64_t band_lmem(const golcl__multi_shape *m) {
  uint64_t row = 4ull * 32 * m->mk;
  return m->shfl ? 4ull * m->my * row : (uint64_t)m->my * m->ms * row;
}

/* The band kernel's shape from options with tile_w = 1024·K. */
static golcl_status band_resolve(golcl_stepper *s, const golcl_stepper_opts *o,
                                 golcl__multi_shape *m) {
  golcl_context *ctx = s->ctx;
  memset(m, 0, sizeof *m);
  m->mk = o->tile_w / 1024;
  m->mx = REG_MX;
  m->shfl = strstr(ctx->info.platform, "NVIDIA") != NULL;
  if (m->mk > BAND_MAX_MK)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: tile_w %u: a band row is at most %d cells (%d words a lane)",
                       (unsigned)o->tile_w, 1024 * BAND_MAX_MK, BAND_MAX_MK);
  m->g = o->gens_per_launch ? o->gens_per_launch : BAND_G;
  if (m->g > BAND_MAX_G)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: gens_per_launch %u is above %d for the band kernel",
                       (unsigned)m->g, BAND_MAX_G);
  size_t maxwg = ctx->info.max_work_group_size, dims[2];
  golcl_status st = golcl__max_item_sizes(ctx, dims);
  if (st != GOLCL_OK) return st;
  m->my = o->local_h ? o->local_h : BAND_MY;
  while (!o->local_h && m->my > 1 && (32u * m->my > maxwg || m->my > dims[1])) m->my /= 2;
  if (REG_MX > dims[0] || 32u * m->my > maxwg || m->my > dims[1])
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: a 32x%u work-group is more than the device takes (%zu)",
                       (unsigned)m->my, maxwg);
  if (o->tile_h && o->tile_h % m->my)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: tile_h %u is no multiple of the work-group's %u rows",
                       (unsigned)o->tile_h, (unsigned)m->my);
  m->ms = o->tile_h ? o->tile_h / m->my : (16 + 2 * m->g + m->my - 1) / m->my;
  if ((uint64_t)m->my * m->ms <= 2ull * m->g)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: tile_h %u leaves no own row after %u halo rows each side",
                       (unsigned)(m->my * m->ms), (unsigned)m->g);
  if ((uint64_t)m->ms * m->mk > GOLCL__MR_MAX_ROWS)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: %u rows of %u words a work-item; at most %d words (registers)",
                       (unsigned)m->ms, (unsigned)m->mk, GOLCL__MR_MAX_ROWS);
  if (band_lmem(m) > ctx->info.local_mem_bytes)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "multi: the band kernel needs %llu bytes of local memory; the device has "
                       "%llu",
                       (unsigned long long)band_lmem(m),
                       (unsigned long long)ctx->info.local_mem_bytes);
  m->ms_small = m->ms;
  return GOLCL_OK;
}

golcl_status golcl__multi_resolve(golcl_stepper *s, const golcl_stepper_opts *o,
                                  golcl__multi_shape *m) {
  golcl_context *ctx = s->ctx;
  const char *who = golcl_stepper_name(s->kind);
  golcl_status st = golcl__wg_check_opts(s);
  if (st != GOLCL_OK) return st;
  m->mk = 0;
  if (is_band(s, o)) return band_resolve(s, o, m);
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
  if (m->mk) golcl__opts_define(o, "GOLCL_MK", m->mk);
}

static int no_options(const golcl_stepper_opts *o) {
  return !o->local_w && !o->local_h && !o->tile_w && !o->tile_h && !o->gens_per_launch;
}

static golcl_status multi_init(golcl_stepper *s) {
  multi_state *z = calloc(1, sizeof *z);
  if (!z) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s->state = z;
  golcl__multi_shape *m = z->shape;
  if (!no_options(&s->opts)) return golcl__multi_resolve(s, &s->opts, m);
  z->defaults = 1;
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

/* Whether the band kernel of words-a-lane mk takes grid g. */
static int band_fits(uint32_t mk, const golcl_grid *g) {
  uint64_t words = ((uint64_t)g->w + 31) / 32;
  if (words > 32ull * mk) return 0;
  return g->boundary != GOLCL_BOUNDARY_TORUS || g->w == 1024u * mk;
}

/* The default band shape for g (no options, NVIDIA): K words a lane, the
 * rows spread over the compute units in bands of at least BAND_G rows. On
 * a dead grid only up to 2048 columns: at 4096² dead it ran 0.97-0.99× the
 * register kernel's small tiles (H100, docs/benchmarks.md), the torus
 * 1.12-1.15×. */
static int default_band(golcl_stepper *s, const golcl_grid *g, golcl__multi_shape *out) {
  uint32_t mk = (g->w + 1023) / 1024, cu = s->ctx->info.compute_units;
  if (g->w <= 1024 || mk > BAND_MAX_MK || !band_fits(mk, g) || cu == 0) return 0;
  if (g->boundary != GOLCL_BOUNDARY_TORUS && mk > 2) return 0;
  uint32_t b = (g->h + cu - 1) / cu;
  if (b < BAND_G) b = BAND_G;
  if (b > BAND_MAX_ROWS) return 0;
  uint32_t tr = (b + 2 * BAND_G + BAND_MY - 1) / BAND_MY * BAND_MY;
  golcl_stepper_opts o = {.local_w = REG_MX, .local_h = BAND_MY, .tile_w = 1024 * mk,
                          .tile_h = tr, .gens_per_launch = BAND_G};
  int ok = band_resolve(s, &o, out) == GOLCL_OK && out->shfl;
  golcl__clear_error(s->ctx);
  return ok;
}

static golcl__multi_shape shape_for(golcl_stepper *s, const golcl_grid *g) {
  const multi_state *z = s->state;
  golcl__multi_shape m = z->shape[0];
  if (z->defaults && default_band(s, g, &m)) return m;
  if (m.mk) {
    if (band_fits(m.mk, g)) return m;
    /* the register kernel with the same rows and generations */
    m.mk = 0;
    if (m.g > MAX_G) m.g = MAX_G;
    if (m.my * m.ms <= 2 * m.g) m.g = (m.my * m.ms - 1) / 2;
    return m;
  }
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

/* Bands of the band kernel for g, and whether a launch may run many periods
 * (every group resident at once: see cl/life/multi.cl). */
static uint32_t band_count(const golcl_stepper *s, const golcl__multi_shape *m,
                           const golcl_grid *g, int *persistent) {
  uint32_t b = m->my * m->ms - 2 * m->g, nb = (g->h + b - 1) / b;
  uint32_t resident = m->shfl ? s->ctx->info.compute_units : 1;
  const char *e = getenv("GOLCL_MULTI_PERSIST");
  *persistent = nb <= resident && g->h / nb >= m->g && !(e && strcmp(e, "0") == 0);
  return nb;
}

static uint32_t band_run_gens(const golcl__multi_shape *m) {
  uint32_t periods = (uint32_t)golcl__env_long("GOLCL_MULTI_PERIODS", 1, 65536, BAND_RUN_PERIODS);
  return periods * m->g;
}

static golcl_status multi_plan(golcl_stepper *s, const golcl_grid *g, const golcl_layout_info *info,
                               golcl__plan *p) {
  golcl__multi_shape m = shape_for(s, g);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__multi_define(&m, &o);
  if (m.mk) {
    if (g->w == 1024u * m.mk) golcl__opts_define(&o, "GOLCL_MB_FULL", 1); /* no column mask */
    int persistent;
    uint32_t nb = band_count(s, &m, g, &persistent);
    golcl_status st = golcl__bitslice_kernel(s, g, "life/multi.cl", "multi_band", &o, &p->kernel);
    p->local[0] = REG_MX;
    p->local[1] = m.my;
    if (st == GOLCL_OK) st = golcl__wg_fits(s, p->kernel, p->local);
    if (st != GOLCL_OK) return st;
    p->global[0] = REG_MX;
    p->global[1] = (size_t)m.my * nb;
    p->tile[0] = g->w;
    p->tile[1] = m.my * m.ms - 2 * m.g;
    p->gens_per_launch = persistent ? band_run_gens(&m) : m.g;
    return GOLCL_OK;
  }
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

/* A buffer of at least `bytes`, made anew (zeroed) when it is smaller. */
static golcl_status band_buffer(golcl_stepper *s, cl_mem *buf, size_t *have, size_t bytes) {
  if (*buf && *have >= bytes) return GOLCL_OK;
  if (*buf) clReleaseMemObject(*buf);
  *buf = NULL;
  *have = 0;
  cl_uchar zero = 0;
  golcl_status st = golcl__buffer(s->ctx, bytes, CL_MEM_READ_WRITE, buf);
  if (st == GOLCL_OK) st = golcl__fill(s->ctx, *buf, &zero, 1, 0, bytes);
  if (st == GOLCL_OK) *have = bytes;
  return st;
}

/* The band kernel's arguments: flags and exchange rows for nb groups. */
static golcl_status band_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                              const golcl__multi_shape *m, uint32_t gens) {
  multi_state *z = s->state;
  int persistent;
  cl_int nb = (cl_int)band_count(s, m, g, &persistent);
  /* new buffers are 0: below every period number (1 .. 2^30 + a launch) */
  golcl_status st = band_buffer(s, &z->flags, &z->flags_n, 4 * (1 + (size_t)nb));
  if (st == GOLCL_OK) /* 2 parities × 2 sides × g rows of 64-bit (word, period) */
    st = band_buffer(s, &z->xbuf, &z->xbuf_bytes, (size_t)32 * nb * m->g * 32 * m->mk);
  if (st != GOLCL_OK) return st;
  z->band = 1;
  z->persistent = persistent && nb > 1;
  z->k = m->g;
  z->gens = gens;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  cl_int n = (cl_int)gens;
  cl_uint epoch = z->epoch;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__ARG(n), GOLCL__ARG(nb),
                     GOLCL__ARG(epoch), GOLCL__ARG(z->flags), GOLCL__ARG(z->xbuf), GOLCL__END);
}

/* Arguments for launches of `gens` (<= gens_per_launch) generations. */
static golcl_status multi_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                               uint32_t gens) {
  multi_state *z = s->state;
  golcl__multi_shape m = shape_for(s, g);
  z->band = 0;
  if (m.mk) return band_args(s, g, p, &m, gens);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  cl_int n = (cl_int)gens;
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__ARG(n), GOLCL__END);
}

/* Before each band launch: its first period's number; the flags start
 * again from 0 long before the numbers could wrap. */
static golcl_status multi_each(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  (void)g;
  multi_state *z = s->state;
  if (!z->band) return GOLCL_OK;
  if (z->epoch > (1u << 30)) { /* numbers from 1 again, in buffers of 0 */
    cl_uchar zero = 0;
    golcl_status st = golcl__fill(s->ctx, z->flags, &zero, 1, 0, z->flags_n);
    if (st == GOLCL_OK) st = golcl__fill(s->ctx, z->xbuf, &zero, 1, 0, z->xbuf_bytes);
    if (st != GOLCL_OK) return st;
    z->epoch = 0;
  }
  cl_uint epoch = z->epoch;
  cl_int err = clSetKernelArg(p->kernel, 7, sizeof epoch, &epoch);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clSetKernelArg (multi epoch)");
  z->epoch += (z->gens + z->k - 1) / z->k;
  if (z->persistent && z->gens > z->k) z->check = 1;
  return GOLCL_OK;
}

/* After a run whose band launches traded rows between groups: whether a
 * group gave up waiting for a neighbour (the groups were not all resident). */
static golcl_status multi_done(golcl_stepper *s, golcl_grid *g, const golcl__plan *p) {
  (void)g;
  (void)p;
  multi_state *z = s->state;
  if (!z->check) return GOLCL_OK;
  z->check = 0;
  cl_uint bad = 0;
  cl_int err = clEnqueueReadBuffer(s->ctx->queue, z->flags, CL_TRUE, 0, 4, &bad, 0, NULL, NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(s->ctx, err, "clEnqueueReadBuffer (multi flags)");
  if (!bad) return GOLCL_OK;
  cl_uchar zero = 0;
  golcl__fill(s->ctx, z->flags, &zero, 1, 0, 4);
  return golcl__fail(s->ctx, GOLCL_E_OPENCL,
                     "multi: the band kernel's work-groups did not all run at once (the "
                     "device is shared?); the grid's cells are not valid");
}

static void multi_destroy(golcl_stepper *s) {
  multi_state *z = s->state;
  if (z && z->flags) clReleaseMemObject(z->flags);
  if (z && z->xbuf) clReleaseMemObject(z->xbuf);
  free(z);
}

const golcl__stepper_ops golcl__stepper_multi = {
    .kind = GOLCL_STEPPER_MULTI,
    .layout = GOLCL_LAYOUT_BITROW,
    .supports = golcl__bitslice_supports,
    .init = multi_init,
    .plan = multi_plan,
    .prepare = golcl__bitrow_prepare,
    .args = multi_args,
    .each = multi_each,
    .done = multi_done,
    .destroy = multi_destroy,
};
