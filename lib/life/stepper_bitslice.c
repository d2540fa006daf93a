/* stepper_bitslice.c — launches cl/life/bitslice.cl on the BITROW layout:
 * one generation a launch, a work-item per word column and strip of rows,
 * the rule compiled into the kernel as logic (rule_logic.c). Options:
 * local_w × local_h (work-group), tile_h (rows a work-item walks). */
#include "bitslice.h"

#include <stdio.h>

/* Rows a work-item walks when the options leave it open: the two extra
 * rows it reads (above and below its strip) cost 2/ROWS of a load a word. */
#define DEFAULT_ROWS 16
/* Longest strip accepted: beyond it too few work-items for small grids. */
#define MAX_ROWS 4096

/* Build options: boundary, rows per work-item, rule. */
golcl_status golcl__bitslice_options(golcl_stepper *s, const golcl_grid *g, const char *extra,
                                     char *buf, size_t cap) {
  char base[64], rule[512];
  golcl__life_options(g, base, sizeof base);
  golcl_status st = golcl__rule_logic_options(s->ctx, g->rule, rule, sizeof rule);
  if (st != GOLCL_OK) return st;
  int n = snprintf(buf, cap, "%s %s %s", base, rule, extra);
  if (n < 0 || (size_t)n >= cap)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG, "%s: build options longer than %zu bytes",
                       golcl_stepper_name(s->kind), cap);
  return GOLCL_OK;
}

static uint32_t rows_per_item(const golcl_stepper *s) {
  return s->opts.tile_h ? s->opts.tile_h : DEFAULT_ROWS;
}

static golcl_status bitslice_init(golcl_stepper *s) {
  if (s->opts.tile_h > MAX_ROWS)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "bitslice: tile_h (rows a work-item walks) %u is above %u",
                       (unsigned)s->opts.tile_h, MAX_ROWS);
  return golcl__wg_check_opts(s);
}

static golcl_status bitslice_kernel(golcl_stepper *s, golcl_grid *g, cl_kernel *k) {
  char extra[48], opts[768];
  snprintf(extra, sizeof extra, "-DGOLCL_BS_ROWS=%u", (unsigned)rows_per_item(s));
  golcl_status st = golcl__bitslice_options(s, g, extra, opts, sizeof opts);
  return st == GOLCL_OK ? golcl__kernel(s->ctx, "life/bitslice.cl", opts, "bitslice_step", k) : st;
}

static golcl_status bitslice_prepare(golcl_stepper *s, golcl_grid *g) {
  cl_kernel k;
  golcl__program_entry *conv;
  golcl_status st = bitslice_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__program(s->ctx, "life/layout_bitrow.cl", "", &conv);
  return st;
}

static golcl_status bitslice_run(golcl_stepper *s, golcl_grid *g, uint64_t gens) {
  cl_kernel k;
  cl_mem spare;
  golcl_status st = bitslice_kernel(s, g, &k);
  if (st == GOLCL_OK) st = golcl__grid_set_layout(g, GOLCL_LAYOUT_BITROW);
  if (st == GOLCL_OK) st = golcl__grid_spare(g, &spare); /* g->spare from here on */
  size_t local[2], global[2];
  if (st == GOLCL_OK) st = golcl__wg_shape(s, k, local);
  if (st != GOLCL_OK) return st;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  uint32_t rows = rows_per_item(s);
  global[0] = golcl__round_up((size_t)words, local[0]);
  global[1] = golcl__round_up(((size_t)g->h + rows - 1) / rows, local[1]);
  st = golcl__args(s->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                   GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__END);
  return st == GOLCL_OK ? golcl__step_loop(s, g, k, global, local, gens) : st;
}

const golcl__stepper_ops golcl__stepper_bitslice = {GOLCL_STEPPER_BITSLICE, bitslice_init,
                                                    bitslice_prepare, bitslice_run, NULL};
