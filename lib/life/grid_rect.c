/* grid_rect.c — rectangles of cells between host memory and a grid, in the
 * grid's own layout, never converting the whole grid: buffer-rect copies on
 * the byte layouts, the layout's rectangle kernels (layout.c) through a
 * bounded device buffer on the bit layouts. golcl_grid_read and
 * golcl_grid_write are the rectangle of the whole grid. */
#include "life.h"

#include <stdlib.h>

/* Host or device memory staged per band of rows, so that a large rectangle
 * needs a bounded amount of it; a band is at least one row. */
#define STAGE_BYTES ((size_t)4 << 20)

/* Checks the arguments of a rectangle call named fn; sets *row_stride (0 →
 * w) and *empty (nothing to copy). */
static golcl_status check_rect(golcl_grid *g, const char *fn, uint32_t x, uint32_t y, uint32_t w,
                               uint32_t h, const void *cells, size_t *row_stride, int *empty) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: grid is NULL", fn);
  if ((uint64_t)x + w > g->w || (uint64_t)y + h > g->h)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "%s: the rectangle at (%u, %u) of %ux%u cells is not inside the %ux%u grid",
                       fn, (unsigned)x, (unsigned)y, (unsigned)w, (unsigned)h, (unsigned)g->w,
                       (unsigned)g->h);
  if (*row_stride == 0) *row_stride = w;
  if (*row_stride < w)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "%s: row_stride %zu is less than the width %u",
                       fn, *row_stride, (unsigned)w);
  *empty = w == 0 || h == 0;
  if (*empty) return GOLCL_OK;
  if (!cells) return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "%s: cells is NULL", fn);
  size_t last;
  if (golcl__mul_size(h - 1, *row_stride, &last) || last > SIZE_MAX - w)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG,
                       "%s: %u rows of stride %zu overflow the address space", fn, (unsigned)h,
                       *row_stride);
  return GOLCL_OK;
}

/* Rows per band of a rectangle w cells wide and h tall. */
static uint32_t band_rows(uint32_t w, uint32_t h) {
  size_t rows = STAGE_BYTES / w;
  if (rows == 0) rows = 1;
  return rows < h ? (uint32_t)rows : h;
}

/* The host side of a band b: its rows from src (write) or to dst (read),
 * of pitch stride, to or from the staging buffer `tmp` of pitch b->w. */
static golcl_status stage_io(golcl_grid *g, cl_mem tmp, const golcl__rect *b, const uint8_t *src,
                             uint8_t *dst, size_t stride) {
  size_t zero[3] = {0, 0, 0}, region[3] = {b->w, b->h, 1};
  cl_int err = src ? clEnqueueWriteBufferRect(g->ctx->queue, tmp, CL_TRUE, zero, zero, region, b->w,
                                              0, stride, 0, src, 0, NULL, NULL)
                   : clEnqueueReadBufferRect(g->ctx->queue, tmp, CL_TRUE, zero, zero, region, b->w,
                                             0, stride, 0, dst, 0, NULL, NULL);
  return golcl__cl_fail(g->ctx, err, src ? "clEnqueueWriteBufferRect" : "clEnqueueReadBufferRect");
}

/* The rectangle through the layout's kernels, band by band: from src
 * (write) or to dst (read). */
static golcl_status bits_rect(golcl_grid *g, const golcl__rect *r, const uint8_t *src, uint8_t *dst,
                              size_t stride) {
  uint32_t rows = band_rows(r->w, r->h);
  cl_mem tmp = NULL;
  golcl_status s = golcl__buffer(g->ctx, (size_t)rows * r->w, CL_MEM_READ_WRITE, &tmp);
  for (uint32_t j = 0; s == GOLCL_OK && j < r->h; j += rows) {
    golcl__rect b = {r->x, r->y + j, r->w, r->h - j < rows ? r->h - j : rows};
    size_t at = (size_t)j * stride;
    if (src) {
      s = stage_io(g, tmp, &b, src + at, NULL, stride);
      if (s == GOLCL_OK) s = golcl__bits_write_rect(g, &b, tmp, 1);
    } else {
      s = golcl__bits_read_rect(g, &b, tmp);
      if (s == GOLCL_OK) s = stage_io(g, tmp, &b, NULL, dst + at, stride);
    }
  }
  if (tmp) clReleaseMemObject(tmp);
  return s;
}

/* Byte layouts, reading: one copy straight into the caller's memory. */
static golcl_status bytes_read(golcl_grid *g, const golcl__rect *r, uint8_t *cells, size_t stride) {
  size_t origin[3] = {r->x, r->y, 0}, zero[3] = {0, 0, 0}, region[3] = {r->w, r->h, 1};
  return golcl__cl_fail(
      g->ctx,
      clEnqueueReadBufferRect(g->ctx->queue, g->cur, CL_TRUE, origin, zero, region,
                              g->info.row_pitch, 0, stride, 0, cells, 0, NULL, NULL),
      "clEnqueueReadBufferRect");
}

/* Byte layouts, writing: through a host band that makes every cell 0 or 1. */
static golcl_status bytes_write(golcl_grid *g, const golcl__rect *r, const uint8_t *cells,
                                size_t stride) {
  uint32_t rows = band_rows(r->w, r->h);
  uint8_t *tmp = malloc((size_t)rows * r->w);
  if (!tmp) return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = GOLCL_OK;
  for (uint32_t j = 0; s == GOLCL_OK && j < r->h; j += rows) {
    uint32_t n = r->h - j < rows ? r->h - j : rows;
    for (uint32_t b = 0; b < n; b++)
      for (uint32_t i = 0; i < r->w; i++)
        tmp[(size_t)b * r->w + i] = cells[(size_t)(j + b) * stride + i] != 0;
    size_t origin[3] = {r->x, (size_t)r->y + j, 0}, zero[3] = {0, 0, 0}, region[3] = {r->w, n, 1};
    s = golcl__cl_fail(
        g->ctx,
        clEnqueueWriteBufferRect(g->ctx->queue, g->cur, CL_TRUE, origin, zero, region,
                                 g->info.row_pitch, 0, r->w, 0, tmp, 0, NULL, NULL),
        "clEnqueueWriteBufferRect");
  }
  free(tmp);
  return s;
}

/* Copies rectangle (x, y, w, h) from src into the grid (write) or from the
 * grid to dst (read); one of src and dst is NULL. */
static golcl_status rect_io(golcl_grid *g, const char *fn, uint32_t x, uint32_t y, uint32_t w,
                            uint32_t h, const uint8_t *src, uint8_t *dst, size_t row_stride) {
  int empty;
  golcl_status s =
      check_rect(g, fn, x, y, w, h, src ? (const void *)src : dst, &row_stride, &empty);
  if (s != GOLCL_OK || empty) return s;
  golcl__rect r = {x, y, w, h};
  if (src) golcl__grid_touch(g);
  if (golcl__layout_is_bytes(g->info.layout))
    return src ? bytes_write(g, &r, src, row_stride) : bytes_read(g, &r, dst, row_stride);
  return bits_rect(g, &r, src, dst, row_stride);
}

golcl_status golcl_grid_read_rect(golcl_grid *g, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                  uint8_t *cells, size_t row_stride) {
  return rect_io(g, "golcl_grid_read_rect", x, y, w, h, NULL, cells, row_stride);
}

golcl_status golcl_grid_write_rect(golcl_grid *g, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                   const uint8_t *cells, size_t row_stride) {
  return rect_io(g, "golcl_grid_write_rect", x, y, w, h, cells, NULL, row_stride);
}

golcl_status golcl_grid_read(golcl_grid *g, uint8_t *cells, size_t row_stride) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_read: grid is NULL");
  return rect_io(g, "golcl_grid_read", 0, 0, g->w, g->h, NULL, cells, row_stride);
}

golcl_status golcl_grid_write(golcl_grid *g, const uint8_t *cells, size_t row_stride) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_write: grid is NULL");
  return rect_io(g, "golcl_grid_write", 0, 0, g->w, g->h, cells, NULL, row_stride);
}
