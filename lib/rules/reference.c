/* reference.c — the host reference of the multi-state families: the
 * definition, one neighbour offset at a time (O(R²) a cell for Larger than
 * Life), that every kernel is tested against. */
#include "ruletree.h" /* text only: builds and fuzzes without OpenCL */

#include <stdlib.h>
#include <string.h>

/* The cell at (x + dx, y + dy): 0 outside a dead boundary, wrapped on a
 * torus (any number of times, so each offset reads one cell). */
static uint8_t at(const uint8_t *c, uint32_t w, uint32_t h, int torus, int64_t x, int64_t y) {
  if (torus) {
    x %= (int64_t)w, y %= (int64_t)h;
    if (x < 0) x += w;
    if (y < 0) y += h;
  } else if (x < 0 || y < 0 || x >= (int64_t)w || y >= (int64_t)h) {
    return 0;
  }
  return c[(size_t)y * w + (size_t)x];
}

static void generations_once(const golcl_msrule *r, int torus, uint32_t w, uint32_t h,
                             const uint8_t *c, uint8_t *o) {
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      unsigned idx = 0; /* Golly's MAP order: NW is bit 8, SE bit 0 */
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          idx = idx << 1 | (at(c, w, h, torus, (int64_t)x + dx, (int64_t)y + dy) == 1);
      uint8_t s = c[(size_t)y * w + x];
      o[(size_t)y * w + x] = golcl__ms_next(s, r->table.next[idx], r->states);
    }
}

static void ltl_once(const golcl_msrule *r, int torus, uint32_t w, uint32_t h, const uint8_t *c,
                     uint8_t *o) {
  int32_t R = (int32_t)r->range;
  uint32_t states = golcl__msrule_states(r);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint32_t n = 0;
      for (int32_t dy = -R; dy <= R; dy++) {
        int32_t sp = (int32_t)golcl__ltl_span(r->nbhd, r->range, dy);
        for (int32_t dx = -sp; dx <= sp; dx++)
          if ((dx || dy || r->middle) && at(c, w, h, torus, (int64_t)x + dx, (int64_t)y + dy) == 1)
            n++;
      }
      uint8_t s = c[(size_t)y * w + x];
      int on = s == 0 ? (n >= r->bmin && n <= r->bmax) : (n >= r->smin && n <= r->smax);
      o[(size_t)y * w + x] = golcl__ms_next(s, on, states);
    }
}

golcl_status golcl_ms_reference_run(const golcl_msrule *rule, golcl_boundary boundary, uint32_t w,
                                    uint32_t h, uint8_t *cells, uint64_t generations) {
  const char *why;
  if (!rule || !cells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run: NULL argument");
  if (!w || !h)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run: a zero side");
  if (boundary != GOLCL_BOUNDARY_DEAD && boundary != GOLCL_BOUNDARY_TORUS)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run: bad boundary %d",
                       (int)boundary);
  if (golcl__msrule_check(rule, &why) != GOLCL_OK)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run: %s", why);
  size_t n;
  if (golcl__mul_size(w, h, &n) != 0)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_ms_reference_run: size overflows");
  uint8_t *tmp = malloc(n);
  if (!tmp) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  int torus = boundary == GOLCL_BOUNDARY_TORUS;
  for (uint64_t g = 0; g < generations; g++) {
    if (rule->family == GOLCL_MS_RULELOADER)
      golcl__ruletree_once(rule->tree, torus, w, h, cells, tmp);
    else if (golcl__ms_is_jvn(rule->family))
      golcl__jvn_once(rule, torus, w, h, cells, tmp);
    else if (rule->family == GOLCL_MS_GENERATIONS)
      generations_once(rule, torus, w, h, cells, tmp);
    else
      ltl_once(rule, torus, w, h, cells, tmp);
    memcpy(cells, tmp, n);
  }
  free(tmp);
  return GOLCL_OK;
}
