/* lut.c — the lookup tables of the table steppers (stepper_lut4.c,
 * stepper_pack16.c, stepper_lut6x3.c): built on the host from a rule table
 * of the 3×3 block, kept on the device for the last two tables. */
#include "lut.h"

#include <stdlib.h>
#include <string.h>

size_t golcl__lut_bytes(golcl__lut_kind kind) {
  return kind == GOLCL__LUT4 ? (size_t)1 << 16 : (size_t)1 << 17;
}

/* The next state of cell (cx, cy) of a window `cols` wide, bit cols*r+c =
 * cell (c, r): its 3×3 block is inside the window. */
static unsigned next_state(uint32_t window, unsigned cols, unsigned cx, unsigned cy,
                           const uint8_t *next) {
  unsigned i = 0;
  for (unsigned dy = 0; dy < 3; dy++)
    for (unsigned dx = 0; dx < 3; dx++)
      i = i << 1 | ((window >> (cols * (cy + dy - 1) + cx + dx - 1)) & 1u);
  return next[i];
}

void golcl__lut_fill(golcl__lut_kind kind, const uint8_t *next, uint8_t *table) {
  if (kind == GOLCL__LUT4) {
    for (uint32_t idx = 0; idx < (1u << 16); idx++) {
      unsigned q = 0;
      for (unsigned r = 0; r < 2; r++)
        for (unsigned c = 0; c < 2; c++) q |= next_state(idx, 4, 1 + c, 1 + r, next) << (2 * r + c);
      table[idx] = (uint8_t)q;
    }
    return;
  }
  for (uint32_t idx = 0; idx < (1u << 18); idx += 2) {
    unsigned lo = 0, hi = 0;
    for (unsigned i = 0; i < 4; i++) {
      lo |= next_state(idx, 6, 1 + i, 1, next) << i;
      hi |= next_state(idx + 1, 6, 1 + i, 1, next) << i;
    }
    table[idx >> 1] = (uint8_t)(lo | hi << 4);
  }
}

golcl_status golcl__lut_get(golcl_context *ctx, golcl__lut *t, const golcl__step_rule *r,
                            cl_mem *out) {
  for (int k = 0; k < 2; k++)
    if (t->buf[k] && memcmp(t->bits[k], r->bits, sizeof r->bits) == 0) {
      *out = t->buf[k];
      return GOLCL_OK;
    }
  size_t bytes = golcl__lut_bytes(t->kind);
  uint8_t *host = malloc(bytes);
  if (!host) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl__lut_fill(t->kind, r->next, host);
  /* A new buffer made from the host table, not a write into the old one:
   * creation copies the table without waiting for the queue (a run only
   * queues work), and launches still queued keep the old table, which the
   * runtime frees after them. */
  cl_int err;
  cl_mem buf =
      clCreateBuffer(ctx->clctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
  free(host);
  if (err != CL_SUCCESS) return golcl__cl_fail(ctx, err, "clCreateBuffer (lookup table)");
  /* two slots: a B0 rule without Smax alternates two tables */
  int k = t->next_slot;
  t->next_slot = 1 - k;
  if (t->buf[k]) clReleaseMemObject(t->buf[k]);
  t->buf[k] = buf;
  memcpy(t->bits[k], r->bits, sizeof r->bits);
  *out = buf;
  return GOLCL_OK;
}

void golcl__lut_release(golcl__lut *t) {
  for (int k = 0; k < 2; k++) {
    if (t->buf[k]) clReleaseMemObject(t->buf[k]);
    t->buf[k] = NULL;
  }
}
