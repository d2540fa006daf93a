/* grid.c — the distributed Life grid: creation (decomposition, local grid, exchange plan),
 * accessors, rule and generation, and the step loop (exchange, k generations, agreement). */
#include "dist.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HALO (1u << 24)

static _Atomic uint32_t default_halo = GOLCL_DIST_DEFAULT_HALO;

uint32_t golcl_dist_default_halo(void) { return atomic_load(&default_halo); }

golcl_status golcl_dist_set_default_halo(uint32_t k) {
  if (k == 0 || k > MAX_HALO) return GOLCL_E_INVALID_ARG;
  atomic_store(&default_halo, k);
  return GOLCL_OK;
}

uint32_t golcl_dist_halo_for(uint32_t g) {
  uint64_t d = golcl_dist_default_halo();
  if (g <= 1) return (uint32_t)d;
  if (g >= MAX_HALO) return MAX_HALO;
  uint64_t k = (d + g - 1) / g * g;
  while (k > MAX_HALO) k -= g; /* only when d is near 2^24: the largest multiple below */
  return (uint32_t)k;
}

static void grid_free(golcl_dist_grid *g) {
  if (!g) return;
  golcl__dist_frame_release(g);
  golcl__dist_overlap_free(g);
  golcl_grid_destroy(g->local);
  golcl__dist_plan_free(&g->plan);
  free(g);
}

/* The exchange plan of this rank and the frame's buffers for it. */
static golcl_status make_plan(golcl_dist_grid *g) {
  golcl_status s = golcl__dist_plan_make(g->d, &g->dc, 1, "golcl_dist_grid_create", &g->plan);
  if (s == GOLCL_OK) s = golcl__dist_frame_create(g);
  return s;
}

static golcl_status check_create(golcl_dist_context *d, uint32_t w, uint32_t h, golcl_boundary b,
                                 const golcl_dist_grid_opts *opts, golcl_dist_grid **out,
                                 dist_decomp *dc) {
  if (!out) return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_create: out is NULL");
  if (w == 0 || h == 0 || w > INT32_MAX || h > INT32_MAX)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                            "golcl_dist_grid_create: size %ux%u outside 1..2^31-1", (unsigned)w,
                            (unsigned)h);
  if (b != GOLCL_BOUNDARY_DEAD && b != GOLCL_BOUNDARY_TORUS)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_create: bad boundary %d",
                            (int)b);
  if (opts && opts->exchange != GOLCL_DIST_EXCHANGE_AUTO &&
      opts->exchange != GOLCL_DIST_EXCHANGE_RECT)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_create: bad exchange %d",
                            (int)opts->exchange);
  uint32_t k =
      opts && opts->halo ? opts->halo : golcl_dist_default_halo(); /* stepper: see create */
  if (k > MAX_HALO)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_create: halo %u is above 2^24",
                            (unsigned)k);
  return golcl__dist_decomp_init(d, dc, w, h, b, k, opts ? opts->px : 0, opts ? opts->py : 0,
                                 "golcl_dist_grid_create");
}

/* The local grid's boundary. On a global dead boundary, dead: where the frame stops at the
 * grid's edge (depth 0) the local grid's edge is the global one. On a global torus every side
 * has a frame of depth k (or the local grid is the whole torus, one rank), so what lies beyond
 * the local grid does not matter — its errors travel one cell a generation and do not reach the
 * block in k — and the local grid is a torus: the steppers' torus kernels are the faster ones
 * (MULTI on an H100, 2026-11-26: a 32832² torus 26 343 generations/s, dead 23 148). */
static golcl_boundary local_boundary(const dist_decomp *dc) {
  return dc->boundary == GOLCL_BOUNDARY_TORUS ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
}

/* This rank's block and local grid for g->dc (none when the block is empty). */
static golcl_status make_local(golcl_dist_grid *g) {
  golcl_dist_context *d = g->d;
  golcl__dist_block(&g->dc, d->rank, &g->blk);
  uint64_t lw = g->blk.lw, lh = g->blk.lh;
  if (lw > INT32_MAX || lh > INT32_MAX)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                            "golcl_dist_grid_create: the local grid (block and frame) is above "
                            "2^31-1 a side");
  if (d->max_object_bytes && lw * lh * 2 > d->max_object_bytes)
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY,
                            "golcl_dist_grid_create: the local grid needs %llu bytes, above this "
                            "rank's max_object_bytes %llu",
                            (unsigned long long)(lw * lh * 2),
                            (unsigned long long)d->max_object_bytes);
  if (!lw) return GOLCL_OK;
  return golcl__dist_core(
      d, golcl_grid_create(d->ctx, g->blk.lw, g->blk.lh, local_boundary(&g->dc), &g->local),
      "golcl_grid_create");
}

/* k from the stepper: its generations per launch on this rank's local grid (made with the
 * default k), the largest over the ranks (collective; a rank that failed or holds no block
 * gives 0), then golcl_dist_halo_for; the local grid is made again when k changes. A stepper
 * that cannot serve the grid counts as 1 here (stepping says why). */
static golcl_status halo_from_stepper(golcl_dist_context *d, golcl_dist_grid *g, golcl_stepper *st,
                                      golcl_status s) {
  uint32_t mine = 0, all = 0;
  if (s == GOLCL_OK && st && g->local &&
      golcl_stepper_generations_per_launch(st, g->local, &mine) != GOLCL_OK)
    mine = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_UINT32_T, MPI_MAX, d->comm);
  uint32_t k = golcl_dist_halo_for(all);
  if (k != g->dc.k && s == GOLCL_OK) { /* the tuning times the local grid of this k */
    golcl_grid_destroy(g->local);
    g->local = NULL;
    g->dc.k = k;
    s = make_local(g);
  }
  k = golcl__dist_tune_halo(d, g, s == GOLCL_OK ? st : NULL, all, k, &s);
  if (s != GOLCL_OK || k == g->dc.k) return s;
  golcl_grid_destroy(g->local);
  g->local = NULL;
  g->dc.k = k;
  return make_local(g);
}

golcl_status golcl_dist_grid_create(golcl_dist_context *d, uint32_t w, uint32_t h, golcl_boundary b,
                                    const golcl_dist_grid_opts *opts, golcl_dist_grid **out) {
  if (!d) return GOLCL_E_INVALID_ARG;
  if (out) *out = NULL;
  dist_decomp dc;
  memset(&dc, 0, sizeof dc);
  golcl_status s = check_create(d, w, h, b, opts, out, &dc);
  golcl_dist_grid *g = NULL;
  if (s == GOLCL_OK) {
    g = calloc(1, sizeof *g);
    if (!g) s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  if (s == GOLCL_OK) {
    g->d = d;
    g->dc = dc;
    g->exchange = opts ? opts->exchange : GOLCL_DIST_EXCHANGE_AUTO;
    g->profile = opts ? opts->profile : 0;
    g->overlap = opts ? (int)opts->overlap : 0;
    golcl_rule_parse("B3/S23", &g->rule);
    s = make_local(g);
  }
  /* every rank takes part when any passed a stepper without a halo (the fingerprint below
   * catches ranks that disagree about it) */
  int want = opts && !opts->halo && opts->stepper, any = 0;
  MPI_Allreduce(&want, &any, 1, MPI_INT, MPI_MAX, d->comm);
  if (any) s = halo_from_stepper(d, g, want ? opts->stepper : NULL, s);
  if (s == GOLCL_OK) s = make_plan(g);
  if (g) dc.k = g->dc.k;
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(golcl__dist_fp(0, w), h), (uint64_t)b);
  fp = golcl__dist_fp(golcl__dist_fp(golcl__dist_fp(fp, dc.k), dc.px), dc.py);
  fp = golcl__dist_fp(fp, (uint64_t)want);
  s = golcl__dist_agree(d, s, fp, "golcl_dist_grid_create");
  if (s != GOLCL_OK) {
    grid_free(g);
    return s;
  }
  *out = g;
  return GOLCL_OK;
}

void golcl_dist_grid_destroy(golcl_dist_grid *g) { grid_free(g); }

uint32_t golcl_dist_grid_width(const golcl_dist_grid *g) { return g ? g->dc.W : 0; }
uint32_t golcl_dist_grid_height(const golcl_dist_grid *g) { return g ? g->dc.H : 0; }
golcl_boundary golcl_dist_grid_boundary(const golcl_dist_grid *g) {
  return g ? g->dc.boundary : GOLCL_BOUNDARY_DEAD;
}
uint64_t golcl_dist_grid_generation(const golcl_dist_grid *g) { return g ? g->generation : 0; }
golcl_grid *golcl_dist_grid_local(golcl_dist_grid *g) { return g ? g->local : NULL; }

golcl_status golcl_dist_grid_part(const golcl_dist_grid *g, golcl_dist_part *o) {
  if (!g || !o) return GOLCL_E_INVALID_ARG;
  golcl__dist_part(&g->dc, &g->blk, g->dc.k, o);
  return GOLCL_OK;
}

golcl_status golcl_dist_grid_set_rule(golcl_dist_grid *g, const char *text) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = g->d;
  golcl_rule r = {0, 0};
  golcl_status s = GOLCL_OK;
  if (!text)
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_set_rule: rule is NULL");
  else if ((s = golcl_rule_parse(text, &r)) != GOLCL_OK)
    golcl__dist_fail(d, s, "golcl_dist_grid_set_rule: %s", golcl_last_errmsg());
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(0, r.birth), r.survive);
  s = golcl__dist_agree(d, s, fp, "golcl_dist_grid_set_rule");
  if (s != GOLCL_OK) return s;
  golcl_status ls = g->local ? golcl_grid_set_rule_bits(g->local, r) : GOLCL_OK;
  s = golcl__dist_agree(d, golcl__dist_core(d, ls, "golcl_grid_set_rule_bits"), 0,
                        "golcl_dist_grid_set_rule");
  if (s == GOLCL_OK) g->rule = r;
  return s;
}

golcl_status golcl_dist_grid_get_rule(const golcl_dist_grid *g, char *buf, size_t cap) {
  if (!g) return GOLCL_E_INVALID_ARG;
  return golcl_rule_format(g->rule, buf, cap);
}

golcl_status golcl_dist_grid_set_generation(golcl_dist_grid *g, uint64_t generation) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = golcl__dist_agree(g->d, GOLCL_OK, golcl__dist_fp(0, generation),
                                     "golcl_dist_grid_set_generation");
  if (s == GOLCL_OK) g->generation = generation;
  return s;
}

/* One interval the plain way: exchange, then c generations; the agreement and the counters. */
static golcl_status plain_interval(golcl_dist_grid *g, golcl_stepper *st, uint64_t c, int last) {
  golcl_dist_context *d = g->d;
  double t0 = MPI_Wtime();
  g->stepped_s = 0;
  golcl_status ls = golcl__dist_exchange(g);
  double t1 = MPI_Wtime(), waited = g->stepped_s; /* for the last interval's launches */
  if (ls == GOLCL_OK && g->local) {
    ls = golcl__dist_core(d, golcl_stepper_run(st, g->local, c), "golcl_stepper_run");
    if (ls == GOLCL_OK) ls = golcl__dist_mark(g);
    /* submitted now, not at the next exchange's flush: the device steps while the host agrees */
    if (ls == GOLCL_OK && clFlush(golcl_context_cl_queue(d->ctx)) != CL_SUCCESS)
      ls = golcl__dist_fail(d, GOLCL_E_OPENCL, "clFlush after golcl_stepper_run");
    if (ls == GOLCL_OK && (last || g->profile)) ls = golcl__dist_wait_stepped(g);
  }
  double t2 = MPI_Wtime();
  golcl_status s = golcl__dist_agree(d, ls, 0, "golcl_dist_grid_step");
  double t3 = MPI_Wtime();
  g->stats.exchange_s += t1 - t0 - waited;
  g->stats.compute_s += t2 - t1 + waited;
  g->stats.wait_s += t3 - t2;
  return s;
}

/* One overlapped interval (overlap.c); the MPI wait counts as exchange, the rest as compute. */
static golcl_status overlapped(golcl_dist_grid *g, golcl_stepper *st, uint64_t c, int last) {
  double t0 = MPI_Wtime();
  g->ov_mpi_s = 0;
  golcl_status ls = golcl__dist_overlap_interval(g, st, c);
  if (ls == GOLCL_OK && last) ls = golcl__dist_wait_stepped(g);
  double t1 = MPI_Wtime();
  golcl_status s = golcl__dist_agree(g->d, ls, 0, "golcl_dist_grid_step");
  g->stats.exchange_s += g->ov_mpi_s;
  g->stats.overlapped++;
  g->stats.compute_s += t1 - t0 - g->ov_mpi_s;
  g->stats.wait_s += MPI_Wtime() - t1;
  return s;
}

golcl_status golcl_dist_grid_step(golcl_dist_grid *g, golcl_stepper *st, uint64_t generations) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = g->d;
  golcl_status s = GOLCL_OK;
  if (!st) s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_grid_step: stepper is NULL");
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(0, generations), (uint64_t)golcl_stepper_kind_of(st));
  s = golcl__dist_agree(d, s, fp, "golcl_dist_grid_step");
  if (s != GOLCL_OK) return s;
  /* One rank has no frame to refresh: it runs everything at once. */
  uint64_t k = d->size == 1 ? generations : g->dc.k;
  uint64_t owned = (uint64_t)g->blk.w * g->blk.h, local = (uint64_t)g->blk.lw * g->blk.lh;
  /* The stepper's launches are not waited for after each interval: a marker follows them, the
   * agreement runs while the device steps, and the next exchange enqueues its pack kernel and
   * read behind them before it waits for the marker (the time until then counts as compute).
   * The last interval, and every one when profiling, waits for its marker here. From the second
   * interval on, where it can, an interval overlaps its exchange with the interior (overlap.c;
   * ranks may differ: the messages are the same). */
  while (generations > 0) {
    uint64_t c = generations < k ? generations : k;
    if (d->size > 1 && golcl__dist_overlap_ready(g))
      s = overlapped(g, st, c, c == generations);
    else
      s = plain_interval(g, st, c, c == generations);
    if (s != GOLCL_OK) break;
    g->generation += c;
    g->intervals++;
    generations -= c;
    g->stats.generations += c;
    g->stats.cells_owned += owned * c;
    g->stats.cells_local += local * c;
  }
  if (s != GOLCL_OK) golcl__dist_wait_stepped(g); /* nothing of this step left queued */
  return s;
}

golcl_status golcl_dist_grid_stats_get(golcl_dist_grid *g, golcl_dist_grid_stats *out, int reset) {
  if (!g || (!out && !reset)) return GOLCL_E_INVALID_ARG;
  if (out) *out = g->stats;
  if (reset) memset(&g->stats, 0, sizeof g->stats);
  return GOLCL_OK;
}
