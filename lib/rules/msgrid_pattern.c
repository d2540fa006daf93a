/* msgrid_pattern.c — a multi-state pattern into a grid (its box, clipped)
 * and the grid's non-zero cells out as a pattern. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

/* Whether the pattern's bounded grid is the grid's: each side it bounds
 * (a tube leaves one side 0) is the grid's side. */
static int bounds_fit(const golcl_bounds *b, const golcl_msgrid *g) {
  return b->topology != GOLCL_TOPOLOGY_INFINITE && (b->width == 0 || b->width == g->w) &&
         (b->height == 0 || b->height == g->h);
}

golcl_status golcl_msgrid_place(golcl_msgrid *g, const golcl_mspattern *p, int64_t x, int64_t y) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msgrid_place: grid is NULL");
  if (!p) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "golcl_msgrid_place: pattern is NULL");
  golcl_bounds b;
  golcl_status s = golcl_mspattern_bounds(p, &b);
  if (s == GOLCL_OK && bounds_fit(&b, g))
    s = golcl_msgrid_set_bounds(g, &b); /* changes nothing on failure */
  if (s != GOLCL_OK) return s;
  uint32_t pw = golcl_mspattern_width(p), ph = golcl_mspattern_height(p);
  int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
  int64_t x1 = x + pw < (int64_t)g->w ? x + pw : g->w, y1 = y + ph < (int64_t)g->h ? y + ph : g->h;
  if (x0 >= x1 || y0 >= y1) return GOLCL_OK; /* nothing inside */
  const uint8_t *src = golcl_mspattern_cells(p) + (size_t)(y0 - y) * pw + (size_t)(x0 - x);
  return golcl_msgrid_write_rect(g, (uint32_t)x0, (uint32_t)y0, (uint32_t)(x1 - x0),
                                 (uint32_t)(y1 - y0), src, pw);
}

golcl_status golcl_msgrid_extract(golcl_msgrid *g, golcl_mspattern **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msgrid_extract: out is NULL");
  *out = NULL;
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msgrid_extract: grid is NULL");
  size_t n = (size_t)g->w * g->h;
  uint8_t *c = malloc(n);
  if (!c) return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = golcl_msgrid_read(g, c, 0);
  uint32_t bx0 = g->w, by0 = g->h, bx1 = 0, by1 = 0;
  for (uint32_t y = 0; s == GOLCL_OK && y < g->h; y++)
    for (uint32_t x = 0; x < g->w; x++)
      if (c[(size_t)y * g->w + x]) {
        if (x < bx0) bx0 = x;
        if (x + 1 > bx1) bx1 = x + 1;
        if (y < by0) by0 = y;
        by1 = y + 1;
      }
  if (bx0 > bx1) bx0 = bx1 = by0 = by1 = 0;
  golcl_mspattern *p = NULL;
  if (s == GOLCL_OK) s = golcl__mspattern_new(bx1 - bx0, by1 - by0, &p);
  if (s == GOLCL_OK) {
    uint8_t *d = golcl__mspattern_cells(p);
    for (uint32_t y = by0; y < by1; y++)
      memcpy(d + (size_t)(y - by0) * (bx1 - bx0), c + (size_t)y * g->w + bx0, bx1 - bx0);
    golcl_bounds b;
    memset(&b, 0, sizeof b);
    b.topology = GOLCL_TOPOLOGY_INFINITE;
    if (g->bounds.topology != GOLCL_TOPOLOGY_INFINITE) /* golcl_msgrid_set_bounds's */
      b = g->bounds;
    else if (g->boundary == GOLCL_BOUNDARY_TORUS)
      b.topology = GOLCL_TOPOLOGY_TORUS, b.width = g->w, b.height = g->h;
    /* Golly's coordinates: grid cell (x, y) is (x - floor(W/2), y - floor(H/2)) */
    golcl__mspattern_set(p, &g->rule, &b, (int64_t)bx0 - g->w / 2, (int64_t)by0 - g->h / 2,
                         g->generation);
  }
  free(c);
  if (s != GOLCL_OK) {
    golcl_mspattern_destroy(p);
    return s == GOLCL_E_OUT_OF_MEMORY ? golcl__fail(g->ctx, s, "out of host memory") : s;
  }
  *out = p;
  return GOLCL_OK;
}
