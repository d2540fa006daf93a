/* lut.c — the lookup tables of the table steppers (stepper_lut4.c,
 * stepper_pack16.c, stepper_lut6x3.c): built on the host from a Life-like
 * rule, kept on the device for the last rule. */
#include "lut.h"

#include <stdlib.h>

size_t golcl__lut_bytes(golcl__lut_kind kind) {
  return kind == GOLCL__LUT4 ? (size_t)1 << 16 : (size_t)1 << 17;
}

static unsigned popcount32(uint32_t v) {
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned)__builtin_popcount(v);
#else
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
#endif
}

/* The next state of cell (cx, cy) of a window `cols` wide, bit cols*r+c =
 * cell (c, r): the 8 neighbours are all inside the window. */
static unsigned next_state(uint32_t window, unsigned cols, unsigned cx, unsigned cy,
                           golcl_rule rule) {
  uint32_t nb = 0;
  for (unsigned dy = 0; dy < 3; dy++)
    for (unsigned dx = 0; dx < 3; dx++)
      if (dx != 1 || dy != 1) nb |= 1u << (cols * (cy + dy - 1) + cx + dx - 1);
  unsigned n = popcount32(window & nb);
  unsigned alive = (window >> (cols * cy + cx)) & 1u;
  return ((alive ? rule.survive : rule.birth) >> n) & 1u;
}

void golcl__lut_fill(golcl__lut_kind kind, golcl_rule rule, uint8_t *table) {
  if (kind == GOLCL__LUT4) {
    for (uint32_t idx = 0; idx < (1u << 16); idx++) {
      unsigned q = 0;
      for (unsigned r = 0; r < 2; r++)
        for (unsigned c = 0; c < 2; c++) q |= next_state(idx, 4, 1 + c, 1 + r, rule) << (2 * r + c);
      table[idx] = (uint8_t)q;
    }
    return;
  }
  for (uint32_t idx = 0; idx < (1u << 18); idx += 2) {
    unsigned lo = 0, hi = 0;
    for (unsigned i = 0; i < 4; i++) {
      lo |= next_state(idx, 6, 1 + i, 1, rule) << i;
      hi |= next_state(idx + 1, 6, 1 + i, 1, rule) << i;
    }
    table[idx >> 1] = (uint8_t)(lo | hi << 4);
  }
}

golcl_status golcl__lut_get(golcl_context *ctx, golcl__lut *t, golcl_rule rule, cl_mem *out) {
  if (t->buf && t->rule.birth == rule.birth && t->rule.survive == rule.survive) {
    *out = t->buf;
    return GOLCL_OK;
  }
  size_t bytes = golcl__lut_bytes(t->kind);
  uint8_t *host = malloc(bytes);
  if (!host) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl__lut_fill(t->kind, rule, host);
  /* A new buffer made from the host table, not a write into the old one:
   * creation copies the table without waiting for the queue (a run only
   * queues work), and launches still queued keep the old table, which the
   * runtime frees after them. */
  cl_int err;
  cl_mem buf =
      clCreateBuffer(ctx->clctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
  free(host);
  if (err != CL_SUCCESS) return golcl__cl_fail(ctx, err, "clCreateBuffer (lookup table)");
  golcl__lut_release(t);
  t->buf = buf;
  t->rule = rule;
  *out = t->buf;
  return GOLCL_OK;
}

void golcl__lut_release(golcl__lut *t) {
  if (t->buf) clReleaseMemObject(t->buf);
  t->buf = NULL;
}
