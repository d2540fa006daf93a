/* stepper_reference.c — the CPU reference: plain C on the host, one byte per
 * cell. It is the definition of the semantics that every kernel must match. */
#include "life.h"

#include <stdlib.h>

/* (c + d) on an axis of length n, or -1 outside a dead boundary. */
static long axis(long c, long d, long n, golcl_boundary b) {
  long v = c + d;
  if (b == GOLCL_BOUNDARY_TORUS) return ((v % n) + n) % n;
  return (v < 0 || v >= n) ? -1 : v;
}

/* One generation on a grid of Golly's bounded grids (golcl_bounds_neighbour
 * says what each position outside reads). */
static void bounds_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h,
                        const golcl_bounds *b, const uint8_t next[512]) {
  for (long y = 0; y < (long)h; y++)
    for (long x = 0; x < (long)w; x++) {
      unsigned i = 0;
      for (long dy = -1; dy <= 1; dy++)
        for (long dx = -1; dx <= 1; dx++) {
          uint32_t ox, oy;
          int r = golcl_bounds_neighbour(b, w, h, x + dx, y + dy, &ox, &oy);
          i = i << 1 | (r == 1 && in[(size_t)oy * w + ox]);
        }
      out[(size_t)y * w + (size_t)x] = next[i];
    }
}

void golcl__reference_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h,
                           golcl_boundary boundary, const uint8_t next[512]) {
  for (long y = 0; y < (long)h; y++)
    for (long x = 0; x < (long)w; x++) {
      unsigned i = 0; /* the 3×3 block, NW at bit 8 ... SE at bit 0 */
      for (long dy = -1; dy <= 1; dy++)
        for (long dx = -1; dx <= 1; dx++) {
          long nx = axis(x, dx, w, boundary), ny = axis(y, dy, h, boundary);
          i = i << 1 | (nx >= 0 && ny >= 0 && in[(size_t)ny * w + (size_t)nx]);
        }
      out[(size_t)y * w + (size_t)x] = next[i];
    }
}

static golcl_status reference_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  size_t n = (size_t)g->w * g->h;
  uint8_t *a = malloc(n), *b = malloc(n);
  golcl_status st = GOLCL_OK;
  if (!a || !b) st = golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (st == GOLCL_OK) st = golcl_grid_read(g, a, 0);
  for (uint64_t i = 0; st == GOLCL_OK && i < gens; i++) {
    const uint8_t *next = g->step[(g->generation + i) & 1].next;
    if (g->exotic)
      bounds_step(a, b, g->w, g->h, &g->bounds, next);
    else
      golcl__reference_step(a, b, g->w, g->h, g->boundary, next);
    uint8_t *t = a;
    a = b;
    b = t;
  }
  if (st == GOLCL_OK) st = golcl_grid_write(g, a, 0);
  free(a);
  free(b);
  return st;
}

/* On the host, through the public grid API (which leaves the byte layout). */
const golcl__stepper_ops golcl__stepper_reference = {
    .kind = GOLCL_STEPPER_REFERENCE,
    .any_bounds = 1,
    .layout = GOLCL_LAYOUT_BYTES,
    .host_run = reference_run,
};
