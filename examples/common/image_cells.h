/* image_cells.h — Life cells (0/1 bytes) as a PNG, magnified or fitted to a
 * maximum size (golcl run, frames). */
#ifndef EX_IMAGE_CELLS_H
#define EX_IMAGE_CELLS_H

#include <stddef.h>
#include <stdint.h>

/* How cells become pixels. */
typedef struct ex_cell_view {
  unsigned scale;        /* pixels per cell side, >= 1 (used when fit is 0×0) */
  uint32_t fit_w, fit_h; /* if not 0: the largest image within fit_w×fit_h */
} ex_cell_view;

/* Picks the scale for a w×h box: *mag pixels per cell (>= 1) and *red cells
 * per pixel side (>= 1; one of the two is 1), and the image size. Returns 0,
 * or -1 if the image would exceed 2^31 pixels or a side 2^31-1. */
int ex_cell_view_size(const ex_cell_view *v, uint32_t w, uint32_t h, unsigned *mag, unsigned *red,
                      uint32_t *img_w, uint32_t *img_h);

/* Writes cells[y*stride + x] (nonzero alive) as a grey PNG: live cells white
 * on black; when reduced, a pixel's grey level grows with the share of live
 * cells in its block (any live cell shows). An empty box gives one black
 * pixel. Returns 0, or -1 with a message on stderr. */
int ex_write_png_cells(const char *path, const uint8_t *cells, uint32_t w, uint32_t h,
                       size_t stride, const ex_cell_view *v);

#endif
