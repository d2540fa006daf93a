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

void golcl__reference_step(const uint8_t *in, uint8_t *out, uint32_t w, uint32_t h,
                           golcl_boundary boundary, golcl_rule rule) {
  for (long y = 0; y < (long)h; y++)
    for (long x = 0; x < (long)w; x++) {
      unsigned n = 0;
      for (long dy = -1; dy <= 1; dy++)
        for (long dx = -1; dx <= 1; dx++) {
          if (dx == 0 && dy == 0) continue;
          long nx = axis(x, dx, w, boundary), ny = axis(y, dy, h, boundary);
          if (nx >= 0 && ny >= 0) n += in[(size_t)ny * w + (size_t)nx];
        }
      unsigned alive = in[(size_t)y * w + (size_t)x];
      unsigned set = alive ? rule.survive : rule.birth;
      out[(size_t)y * w + (size_t)x] = (uint8_t)((set >> n) & 1u);
    }
}

static golcl_status reference_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  size_t n = (size_t)g->w * g->h;
  uint8_t *a = malloc(n), *b = malloc(n);
  golcl_status st = GOLCL_OK;
  if (!a || !b) st = golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (st == GOLCL_OK) st = golcl_grid_read(g, a, 0);
  for (uint64_t i = 0; st == GOLCL_OK && i < gens; i++) {
    golcl__reference_step(a, b, g->w, g->h, g->boundary, g->rule);
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
    .layout = GOLCL_LAYOUT_BYTES,
    .host_run = reference_run,
};
