/* layout.c — the table of cell layouts and conversion between them. The byte
 * layout is the hub: every other layout packs from it and unpacks to it. */
#include "life.h"

static golcl_status bytes_describe(uint32_t w, uint32_t h, golcl_layout_info *info) {
  info->row_pitch = w;
  info->rows = h;
  info->bytes = (size_t)w * h; /* < 2^64 for 32-bit sides */
  return GOLCL_OK;
}

const golcl__layout_ops golcl__layout_bytes = {"bytes", bytes_describe, NULL, NULL};

/* Later layouts add themselves here. */
static const golcl__layout_ops *const layouts[GOLCL_LAYOUT_COUNT] = {
    [GOLCL_LAYOUT_BYTES] = &golcl__layout_bytes,
    [GOLCL_LAYOUT_PACK16] = &golcl__layout_pack16,
    [GOLCL_LAYOUT_BITROW] = &golcl__layout_bitrow,
    [GOLCL_LAYOUT_BYTES_POW2] = &golcl__layout_bytes_pow2,
};

const golcl__layout_ops *golcl__layout_get(golcl_layout layout) {
  return (unsigned)layout < GOLCL_LAYOUT_COUNT ? layouts[layout] : NULL;
}

const char *golcl_layout_name(golcl_layout layout) {
  static const char *const names[GOLCL_LAYOUT_COUNT] = {
      [GOLCL_LAYOUT_BYTES] = "bytes", [GOLCL_LAYOUT_PACK16] = "pack16",
      [GOLCL_LAYOUT_BITROW] = "bitrow", [GOLCL_LAYOUT_BYTES_POW2] = "bytes_pow2"};
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

golcl_status golcl__grid_bytes_view(golcl_grid *g, cl_mem *out, int *owned) {
  *owned = 0;
  if (g->info.layout == GOLCL_LAYOUT_BYTES) {
    *out = g->cur;
    return GOLCL_OK;
  }
  golcl_layout_info bi;
  golcl_status s = golcl__layout_describe(g, GOLCL_LAYOUT_BYTES, &bi);
  cl_mem m = NULL;
  if (s == GOLCL_OK) s = golcl__buffer(g->ctx, bi.bytes, CL_MEM_READ_WRITE, &m);
  if (s == GOLCL_OK) s = golcl__layout_get(g->info.layout)->unpack(g, g->cur, &g->info, m);
  if (s != GOLCL_OK) {
    if (m) clReleaseMemObject(m);
    return s;
  }
  *out = m;
  *owned = 1;
  return GOLCL_OK;
}

golcl_status golcl__grid_set_layout(golcl_grid *g, golcl_layout layout) {
  if (g->info.layout == layout) return GOLCL_OK;
  golcl_layout_info ni;
  golcl_status s = golcl__layout_describe(g, layout, &ni);
  if (s != GOLCL_OK) return s;
  cl_mem bytes, dst = NULL;
  int owned;
  s = golcl__grid_bytes_view(g, &bytes, &owned);
  if (s != GOLCL_OK) return s;
  if (layout == GOLCL_LAYOUT_BYTES) {
    dst = bytes; /* a fresh buffer: the grid had another layout */
  } else {
    s = golcl__buffer(g->ctx, ni.bytes, CL_MEM_READ_WRITE, &dst);
    if (s == GOLCL_OK) s = golcl__layout_get(layout)->pack(g, bytes, dst, &ni);
    if (owned) clReleaseMemObject(bytes);
  }
  if (s != GOLCL_OK) {
    if (dst) clReleaseMemObject(dst);
    return s;
  }
  if (dst != g->cur) clReleaseMemObject(g->cur);
  if (g->spare) clReleaseMemObject(g->spare);
  g->spare = NULL;
  g->cur = dst;
  g->info = ni;
  golcl__grid_touch(g);
  return GOLCL_OK;
}
