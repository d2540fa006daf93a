/* stepper_bitslice.c — launches cl/life/bitslice.cl on the BITROW layout:
 * one generation a launch, a work-item per strip of rows of four words
 * (bitslice_step4: one 16-byte load a row where rows are a multiple of 4
 * words, else four loads) or of one word (bitslice_step, tile_w = 32); the
 * rule compiled into the kernel as logic (rule_logic.c). Options: local_w ×
 * local_h (work-group), tile_w (cells a work-item covers across: 32 or 128,
 * 0 = 128), tile_h (rows a work-item walks). */
#include "bitslice.h"

/* Rows a work-item walks when the options leave it open: the two extra
 * rows it reads (above and below its strip) cost 2/ROWS of a load a word;
 * 32 measured best on an H200 (docs/benchmarks.md). */
#define DEFAULT_ROWS 32
/* Longest strip accepted: beyond it too few work-items for small grids. */
#define MAX_ROWS 4096

golcl_status golcl__bitslice_kernel(golcl_stepper *s, const golcl_grid *g, const char *file,
                                    const char *name, golcl__opts *o, cl_kernel *k) {
  golcl_status st = golcl__rule_logic_options(s->ctx, golcl__bitslice_rule(g), o);
  return st == GOLCL_OK ? golcl__life_kernel(s, g, file, name, o, k) : st;
}

golcl_status golcl__bitslice_supports(golcl_stepper *s, const golcl_grid *g) {
  const char *who = golcl_stepper_name(s->kind);
  golcl_status st = golcl__grid_needs_bs(g, who);
  if (st == GOLCL_OK && g->alternates)
    st = golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                     "the %s stepper compiles the rule into its kernel; a B0 rule without Smax "
                     "changes its table every generation (Golly's emulation of B0)",
                     who);
  return st;
}

static uint32_t rows_per_item(const golcl_stepper *s) {
  return s->opts.tile_h ? s->opts.tile_h : DEFAULT_ROWS;
}

static golcl_status bitslice_init(golcl_stepper *s) {
  if (s->opts.tile_w != 0 && s->opts.tile_w != 32 && s->opts.tile_w != 128)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "bitslice: tile_w %u is not 32 or 128 (cells a work-item covers across)",
                       (unsigned)s->opts.tile_w);
  if (s->opts.tile_h > MAX_ROWS)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "bitslice: tile_h (rows a work-item walks) %u is above %u",
                       (unsigned)s->opts.tile_h, MAX_ROWS);
  return golcl__wg_check_opts(s);
}

/* The kernel for the grid's rule and boundary, a work-item a word column
 * and strip, the work-group shape from the options or the device. */
static golcl_status bitslice_plan(golcl_stepper *s, const golcl_grid *g,
                                  const golcl_layout_info *info, golcl__plan *p) {
  golcl__opts o;
  golcl__opts_init(&o);
  uint32_t rows = rows_per_item(s);
  size_t words = info->row_pitch / 4;
  int four = s->opts.tile_w != 32;
  golcl__opts_define(&o, "GOLCL_BS_ROWS", rows);
  if (four) golcl__opts_define(&o, "GOLCL_BS_ALIGNED", words % 4 == 0);
  golcl_status st = golcl__bitslice_kernel(s, g, "life/bitslice.cl",
                                           four ? "bitslice_step4" : "bitslice_step", &o, &p->kernel);
  if (st == GOLCL_OK) st = golcl__wg_shape(s, p->kernel, p->local);
  if (st != GOLCL_OK) return st;
  p->global[0] = golcl__round_up(four ? (words + 3) / 4 : words, p->local[0]);
  p->global[1] = golcl__round_up(((size_t)g->h + rows - 1) / rows, p->local[1]);
  return GOLCL_OK;
}

golcl_status golcl__bitrow_prepare(golcl_stepper *s, golcl_grid *g) {
  golcl__program_entry *conv;
  (void)g;
  return golcl__program(s->ctx, "life/layout_bitrow.cl", "", &conv);
}

static golcl_status bitslice_args(golcl_stepper *s, golcl_grid *g, const golcl__plan *p,
                                  uint32_t gens) {
  (void)gens;
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, words = (cl_int)(g->info.row_pitch / 4);
  return golcl__args(s->ctx, p->kernel, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                     GOLCL__ARG(h), GOLCL__ARG(words), GOLCL__END);
}

const golcl__stepper_ops golcl__stepper_bitslice = {
    .kind = GOLCL_STEPPER_BITSLICE,
    .layout = GOLCL_LAYOUT_BITROW,
    .supports = golcl__bitslice_supports,
    .init = bitslice_init,
    .plan = bitslice_plan,
    .prepare = golcl__bitrow_prepare,
    .args = bitslice_args,
};
