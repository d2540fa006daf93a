/* grid_rule.c — a grid's rule as the tables that advance it: Golly's
 * emulation of B0 rules (golcl_rule_table_at) for even and odd generations,
 * their Life-like masks where the mask kernels can run them, and their
 * device copy for the table kernels. */
#include "life.h"

#include <stdatomic.h>
#include <string.h>

static _Atomic uint64_t rule_epochs;

static void fill_step(golcl__step_rule *r, const golcl_rule_table *t, uint64_t gen) {
  golcl_rule_table_at(t, gen, r->next);
  memset(r->bits, 0, sizeof r->bits);
  for (unsigned i = 0; i < 512; i++) r->bits[i / 32] |= (cl_uint)r->next[i] << (i % 32);
  golcl_rule_table e = *t;
  memcpy(e.next, r->next, 512);
  golcl_rule bs;
  r->bs = t->neighbourhood == GOLCL_NEIGHBOURHOOD_MOORE &&
          golcl_rule_table_totalistic(&e, &bs) == GOLCL_OK;
  r->mask = r->bs ? golcl__rule_mask(bs) : 0;
}

void golcl__grid_set_table(golcl_grid *g, const golcl_rule_table *t) {
  g->table = *t;
  fill_step(&g->step[0], t, 0);
  fill_step(&g->step[1], t, 1);
  g->alternates = memcmp(g->step[0].next, g->step[1].next, 512) != 0;
  golcl_rule r = {0, 0};
  if (t->neighbourhood != GOLCL_NEIGHBOURHOOD_MOORE ||
      golcl_rule_table_totalistic(t, &r) != GOLCL_OK)
    r.birth = r.survive = 0;
  g->rule = r;
  g->rule_epoch = atomic_fetch_add(&rule_epochs, 1) + 1;
}

golcl_status golcl__grid_needs_bs(const golcl_grid *g, const char *who) {
  if (g->step[0].bs && g->step[1].bs) return GOLCL_OK;
  char text[GOLCL_RULE_TEXT_CAP];
  if (golcl_rule_table_format(&g->table, text, sizeof text) != GOLCL_OK) strcpy(text, "?");
  return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED,
                     "the %s stepper runs outer-totalistic Moore rules (B.../S...) only, not %s; "
                     "the naive, lut4, pack16, lut6x3 and reference steppers run every rule",
                     who, text);
}

golcl_status golcl__grid_rule_buffer(golcl_grid *g, cl_mem *out) {
  if (g->rule_buf_epoch != g->rule_epoch || !g->rule_buf[0]) {
    /* new buffers rather than writes: launches still queued keep the old ones */
    cl_mem buf[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
      cl_int err;
      buf[i] = clCreateBuffer(g->ctx->clctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              sizeof g->step[i].bits, g->step[i].bits, &err);
      if (err != CL_SUCCESS) {
        if (i) clReleaseMemObject(buf[0]);
        return golcl__cl_fail(g->ctx, err, "clCreateBuffer (rule table)");
      }
    }
    for (int i = 0; i < 2; i++) {
      if (g->rule_buf[i]) clReleaseMemObject(g->rule_buf[i]);
      g->rule_buf[i] = buf[i];
    }
    g->rule_buf_epoch = g->rule_epoch;
  }
  *out = g->rule_buf[g->generation & 1];
  return GOLCL_OK;
}
