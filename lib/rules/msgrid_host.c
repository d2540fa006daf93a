/* msgrid_host.c — a multi-state grid on the host (golcl_msgrid_create
 * without a context): for a small grid, where opening a device and building
 * its kernels would take longer than the run (a 100×100 torus of Larger than
 * Life to 1000 generations: pocl's start alone about 0.1 s, Golly's whole run
 * 8 ms). Each generation the cells are copied into a block with a frame of
 * the rule's reach (0s for the dead boundary, the cells of the far side for
 * the torus, wrapping as often as the reach needs) and stepped by the block
 * step, so that every family runs as the reference runs it (the dead
 * boundary under a rule that keeps 0 among 0s: only the live box widened
 * by the reach, as Golly steps a sparse board); Golly's other
 * bounded grids (shifted tori, Klein bottles, cross-surfaces, spheres) go
 * through golcl_ms_reference_run_bounds, their definition. The census, hash
 * and randomize are the device kernels' (cl/rules/msgrid.cl) on the host. */
#include "rules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The index of c mod n for c in [-n·k, n·(k+1)). */
static uint32_t wrap(int64_t c, uint32_t n) {
  int64_t m = c % (int64_t)n;
  return (uint32_t)(m < 0 ? m + n : m);
}

/* A rectangle of the grid, half-open; empty when x0 >= x1. */
typedef struct rect {
  uint32_t x0, y0, x1, y1;
} rect;

/* The cells not in state 0 within r: their box (empty if none). */
static rect live_in(const golcl_msgrid *g, rect r) {
  rect b = {UINT32_MAX, UINT32_MAX, 0, 0};
  for (uint32_t y = r.y0; y < r.y1; y++) {
    size_t a, e;
    golcl__nonzero_span(g->host + (size_t)y * g->w + r.x0, r.x1 - r.x0, &a, &e);
    if (a == e) continue;
    if (r.x0 + a < b.x0) b.x0 = r.x0 + (uint32_t)a;
    if (r.x0 + e > b.x1) b.x1 = r.x0 + (uint32_t)e;
    if (y < b.y0) b.y0 = y;
    b.y1 = y + 1;
  }
  if (b.x0 >= b.x1) b = (rect){0, 0, 0, 0};
  return b;
}

/* The dead boundary under a rule that keeps 0 among 0s: each generation
 * steps only the live box widened by the reach (the rest stays 0), as Golly
 * steps a sparse board. */
static golcl_status step_live(golcl_msgrid *g, uint64_t gens) {
  const uint32_t R = golcl_msrule_reach(&g->rule), w = g->w, h = g->h;
  rect L = live_in(g, (rect){0, 0, w, h});
  uint8_t *pad = NULL;
  size_t room = 0;
  golcl_status s = GOLCL_OK;
  for (uint64_t k = 0; k < gens && s == GOLCL_OK && L.x0 < L.x1; k++) {
    /* S: the cells that may change; the block: S and a frame of R (0s past the edge) */
    const rect S = {L.x0 > R ? L.x0 - R : 0, L.y0 > R ? L.y0 - R : 0,
                    L.x1 + R < w ? L.x1 + R : w, L.y1 + R < h ? L.y1 + R : h};
    const size_t bw = (size_t)(S.x1 - S.x0) + 2 * R, bh = (size_t)(S.y1 - S.y0) + 2 * R;
    if (bw * bh > room) {
      free(pad);
      room = bw * bh;
      if (!(pad = malloc(room))) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    }
    memset(pad, 0, bw * bh);
    for (size_t y = 0; y < bh; y++) {
      const int64_t gy = (int64_t)S.y0 - R + (int64_t)y;
      if (gy < 0 || gy >= (int64_t)h) continue;
      const int64_t gx0 = (int64_t)S.x0 - R, gx1 = gx0 + (int64_t)bw;
      const int64_t a = gx0 < 0 ? 0 : gx0, e = gx1 > (int64_t)w ? w : gx1;
      memcpy(pad + y * bw + (size_t)(a - gx0), g->host + (size_t)gy * w + (size_t)a, (size_t)(e - a));
    }
    s = golcl_msrule_step_block(&g->rule, pad, bw, (uint32_t)bw, (uint32_t)bh,
                                g->host + (size_t)S.y0 * w + S.x0, w);
    L = live_in(g, S);
  }
  free(pad);
  return s;
}

golcl_status golcl__msgrid_host_step(golcl_msgrid *g, uint64_t gens) {
  if (g->ghost)
    return golcl_ms_reference_run_bounds(&g->rule, &g->bounds, g->w, g->h, g->host, gens);
  if (g->boundary == GOLCL_BOUNDARY_DEAD) { /* 0 among 0s stays 0: the live box only */
    uint8_t next = 1;
    golcl_status s = golcl_msrule_background_next(&g->rule, &next);
    if (s != GOLCL_OK) return s;
    if (next == 0) return step_live(g, gens);
  }
  const uint32_t R = golcl_msrule_reach(&g->rule), w = g->w, h = g->h;
  const size_t pw = (size_t)w + 2 * R, ph = (size_t)h + 2 * R;
  uint8_t *pad = calloc(pw * ph, 1);
  if (!pad) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  const int torus = g->boundary == GOLCL_BOUNDARY_TORUS;
  golcl_status s = GOLCL_OK;
  for (uint64_t k = 0; k < gens && s == GOLCL_OK; k++) {
    for (size_t y = 0; y < ph; y++) {
      uint8_t *row = pad + y * pw;
      const int64_t gy = (int64_t)y - R;
      if (!torus && (gy < 0 || gy >= (int64_t)h)) continue; /* the dead frame stays 0 */
      const uint8_t *src = g->host + (size_t)wrap(gy, h) * w;
      memcpy(row + R, src, w);
      if (torus)
        for (uint32_t i = 0; i < R; i++) {
          row[i] = src[wrap((int64_t)i - R, w)];
          row[R + w + i] = src[wrap((int64_t)w + i, w)];
        }
    }
    s = golcl_msrule_step_block(&g->rule, pad, pw, (uint32_t)pw, (uint32_t)ph, g->host, w);
  }
  free(pad);
  return s;
}

/* cl/common/hash.cl's golcl_cell_key and cl/rules/msgrid.cl's ms_term */
static uint64_t cell_key(uint32_t x, uint32_t y) { return (uint64_t)y << 32 | x; }

static uint64_t term(uint32_t s, uint64_t key) {
  const uint64_t m = golcl__mix64(key);
  return s == 0 ? 0 : s == 1 ? m : golcl__mix64(m + s);
}

void golcl__msgrid_host_census(const golcl_msgrid *g, uint64_t counts[256], uint64_t *sum) {
  memset(counts, 0, 256 * sizeof *counts);
  *sum = 0;
  for (uint32_t y = 0; y < g->h; y++)
    for (uint32_t x = 0; x < g->w; x++) {
      const uint8_t s = g->host[(size_t)y * g->w + x];
      counts[s]++;
      if (s) *sum += term(s, cell_key(x, y));
    }
}

void golcl__msgrid_host_randomize(golcl_msgrid *g, unsigned states, double density, uint64_t seed) {
  const uint64_t seedmix = golcl__mix64(seed), threshold = (uint64_t)ldexp(density, 32);
  for (uint32_t y = 0; y < g->h; y++)
    for (uint32_t x = 0; x < g->w; x++) { /* cl/rules/msgrid.cl's ms_randomize */
      const uint64_t r = golcl__mix64(seedmix ^ cell_key(x, y));
      uint32_t s = 0;
      if ((r >> 32) < threshold) s = 1 + (uint32_t)(((r & 0xffffffffu) * (uint64_t)(states - 1)) >> 32);
      g->host[(size_t)y * g->w + x] = (uint8_t)s;
    }
}
