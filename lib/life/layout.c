/* layout.c — the table of cell layouts and the launchers of their conversion
 * kernels. The byte layout is the hub: every other layout packs from it and
 * unpacks to it. The bit layouts are table rows (golcl__bit_layout): one
 * launcher here runs the rectangle kernels of all of them. layout.c works on
 * buffers and never changes a grid; grid.c owns that. */
#include "life.h"

static golcl_status bytes_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  info->row_pitch = w;
  info->rows = h;
  info->bytes = (size_t)w * h; /* < 2^64 for 32-bit sides */
  return GOLCL_OK;
}

const golcl__layout_ops golcl__layout_bytes = {"bytes", bytes_describe, NULL, NULL};

/* Later layouts add themselves here (and, for a bit layout, to `bits`). */
static const golcl__layout_ops *const layouts[GOLCL_LAYOUT_COUNT] = {
    [GOLCL_LAYOUT_BYTES] = &golcl__layout_bytes,
    [GOLCL_LAYOUT_PACK16] = &golcl__layout_pack16,
    [GOLCL_LAYOUT_BITROW] = &golcl__layout_bitrow,
    [GOLCL_LAYOUT_BYTES_POW2] = &golcl__layout_bytes_pow2,
};

static const golcl__bit_layout bits[] = {
    {GOLCL_LAYOUT_PACK16, "life/layout_pack16.cl", "pack16_read_rect", "pack16_write_rect", 4, 4},
    {GOLCL_LAYOUT_BITROW, "life/layout_bitrow.cl", "bitrow_read_rect", "bitrow_write_rect", 32, 1},
};

const golcl__layout_ops *golcl__layout_get(golcl_layout layout) {
  return (unsigned)layout < GOLCL_LAYOUT_COUNT ? layouts[layout] : NULL;
}

int golcl__layout_is_bytes(golcl_layout layout) {
  return layout == GOLCL_LAYOUT_BYTES || layout == GOLCL_LAYOUT_BYTES_POW2;
}

const golcl__bit_layout *golcl__layout_bits(golcl_layout layout) {
  for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
    if (bits[i].layout == layout) return &bits[i];
  return NULL;
}

const char *golcl_layout_name(golcl_layout layout) {
  static const char *const names[GOLCL_LAYOUT_COUNT] = {[GOLCL_LAYOUT_BYTES] = "bytes",
                                                        [GOLCL_LAYOUT_PACK16] = "pack16",
                                                        [GOLCL_LAYOUT_BITROW] = "bitrow",
                                                        [GOLCL_LAYOUT_BYTES_POW2] = "bytes_pow2"};
  return (unsigned)layout < GOLCL_LAYOUT_COUNT ? names[layout] : NULL;
}

golcl_status golcl__layout_describe(const golcl_grid *g, golcl_layout layout,
                                    golcl_layout_info *info) {
  const golcl__layout_ops *L = golcl__layout_get(layout);
  if (!L)
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED, "layout %s is not built into this library",
                       golcl_layout_name(layout) ? golcl_layout_name(layout) : "?");
  info->layout = layout;
  info->width = g->w;
  info->height = g->h;
  golcl_status s = L->describe(g->w, g->h, info);
  if (s != GOLCL_OK)
    return golcl__fail(g->ctx, s, "a %ux%u grid is too large for the %s layout", (unsigned)g->w,
                       (unsigned)g->h, L->name);
  return GOLCL_OK;
}

/* The bit layouts ------------------------------------------------------------------ */

/* Runs the read (write = 0) or write kernel of info's layout on buffer `cells`
 * over rectangle r, with the byte buffer `bytes` of pitch r->w. */
static golcl_status bits_launch(golcl_grid *g, cl_mem cells, const golcl_layout_info *info,
                                const golcl__rect *r, cl_mem bytes, int write, cl_int keep) {
  const golcl__bit_layout *B = golcl__layout_bits(info->layout);
  if (!B)
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED, "layout %s has no rectangle kernels",
                       golcl_layout_name(info->layout));
  cl_kernel k;
  golcl_status s = golcl__kernel(g->ctx, B->file, "", write ? B->write_rect : B->read_rect, &k);
  /* Every size fits an int: sides are below 2^31 and so is a row's pitch. */
  cl_int pitch = (cl_int)info->row_pitch, gw = (cl_int)g->w, gh = (cl_int)g->h;
  cl_int x0 = (cl_int)r->x, y0 = (cl_int)r->y, rw = (cl_int)r->w, rh = (cl_int)r->h;
  if (s == GOLCL_OK)
    s = golcl__args(g->ctx, k, GOLCL__ARG(cells), GOLCL__ARG(pitch), GOLCL__ARG(gw), GOLCL__ARG(gh),
                    GOLCL__ARG(x0), GOLCL__ARG(y0), GOLCL__ARG(rw), GOLCL__ARG(rh),
                    GOLCL__ARG(bytes), GOLCL__ARG(rw), GOLCL__END);
  enum { ARG_KEEP = 10 }; /* the write kernel's one more argument */
  if (s == GOLCL_OK && write)
    s = golcl__cl_fail(g->ctx, clSetKernelArg(k, ARG_KEEP, sizeof keep, &keep), "clSetKernelArg");
  size_t global[2] = {r->w, r->h};
  if (write) { /* the units that the rectangle touches */
    global[0] = (r->x + r->w - 1) / B->unit_w - r->x / B->unit_w + 1;
    global[1] = (r->y + r->h - 1) / B->unit_h - r->y / B->unit_h + 1;
  }
  return s == GOLCL_OK ? golcl__launch_cover(g->ctx, k, 2, global) : s;
}

golcl_status golcl__bits_pack(golcl_grid *g, cl_mem bytes, cl_mem dst,
                              const golcl_layout_info *dst_info) {
  golcl__rect all = {0, 0, g->w, g->h};
  return bits_launch(g, dst, dst_info, &all, bytes, 1, 0);
}

golcl_status golcl__bits_unpack(golcl_grid *g, cl_mem src, const golcl_layout_info *src_info,
                                cl_mem bytes) {
  golcl__rect all = {0, 0, g->w, g->h};
  return bits_launch(g, src, src_info, &all, bytes, 0, 0);
}

golcl_status golcl__bits_read_rect(golcl_grid *g, const golcl__rect *r, cl_mem bytes) {
  return bits_launch(g, g->cur, &g->info, r, bytes, 0, 0);
}

golcl_status golcl__bits_write_rect(golcl_grid *g, const golcl__rect *r, cl_mem bytes, int keep) {
  return bits_launch(g, g->cur, &g->info, r, bytes, 1, keep != 0);
}
