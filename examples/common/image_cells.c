/* image_cells.c — see image_cells.h. */
#include "image_cells.h"

#include <stdio.h>
#include <stdlib.h>

#include "image.h"

int ex_cell_view_size(const ex_cell_view *v, uint32_t w, uint32_t h, unsigned *mag, unsigned *red,
                      uint32_t *img_w, uint32_t *img_h) {
  uint64_t m = v->scale ? v->scale : 1, r = 1;
  if (w == 0 || h == 0) {
    *mag = *red = 1;
    *img_w = *img_h = 1;
    return 0;
  }
  if (v->fit_w || v->fit_h) {
    uint64_t fw = v->fit_w ? v->fit_w : UINT32_MAX, fh = v->fit_h ? v->fit_h : UINT32_MAX;
    if (w <= fw && h <= fh) {
      m = fw / w < fh / h ? fw / w : fh / h;
    } else {
      m = 1;
      r = (w + fw - 1) / fw;
      if ((h + fh - 1) / fh > r) r = (h + fh - 1) / fh;
    }
  }
  uint64_t iw = ((uint64_t)w + r - 1) / r * m, ih = ((uint64_t)h + r - 1) / r * m;
  if (iw > 0x7fffffff || ih > 0x7fffffff || iw * ih > ((uint64_t)1 << 31)) return -1;
  *mag = (unsigned)m;
  *red = (unsigned)r;
  *img_w = (uint32_t)iw;
  *img_h = (uint32_t)ih;
  return 0;
}

int ex_write_png_cells(const char *path, const uint8_t *cells, uint32_t w, uint32_t h,
                       size_t stride, const ex_cell_view *v) {
  unsigned mag, red;
  uint32_t iw, ih;
  if (ex_cell_view_size(v, w, h, &mag, &red, &iw, &ih) != 0) {
    fprintf(stderr, "%s: a %ux%u image at this scale is too large (use --fit)\n", path, (unsigned)w,
            (unsigned)h);
    return -1;
  }
  uint8_t *img = calloc((size_t)iw * ih, 1);
  if (!img) {
    fprintf(stderr, "%s: out of memory for a %ux%u image\n", path, (unsigned)iw, (unsigned)ih);
    return -1;
  }
  if (w && h) {
    uint32_t bw = (w + red - 1) / red, bh = (h + red - 1) / red;
    for (uint32_t by = 0; by < bh; by++)
      for (uint32_t bx = 0; bx < bw; bx++) {
        unsigned live = 0, all = 0;
        for (uint32_t y = by * red; y < (by + 1) * red && y < h; y++)
          for (uint32_t x = bx * red; x < (bx + 1) * red && x < w; x++) {
            live += cells[(size_t)y * stride + x] != 0;
            all++;
          }
        uint8_t g = live == 0 ? 0 : red == 1 ? 255 : (uint8_t)(64 + 191u * live / all);
        if (!g) continue;
        for (uint32_t py = 0; py < mag; py++)
          for (uint32_t px = 0; px < mag; px++)
            img[((size_t)by * mag + py) * iw + (size_t)bx * mag + px] = g;
      }
  }
  int rc = ex_write_png_gray(path, img, iw, ih, iw);
  free(img);
  return rc;
}
