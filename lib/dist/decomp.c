/* decomp.c — the 2-D block decomposition of a W×H grid over px×py ranks, each block's ghost
 * frame, and the exchange plan: which rectangles of which rank's block fill whose frame (with
 * the periodic images of a torus, so that frames deeper than a neighbour's block still fill). */
#include "dist.h"

/* Halo cells a rank moves per exchange for a px×py split, up to a constant factor. */
static double traffic(uint32_t W, uint32_t H, golcl_boundary b, uint32_t px, uint32_t py) {
  double bw = (double)W / px, bh = (double)H / py, t = 0;
  if (px > 1 || b == GOLCL_BOUNDARY_TORUS) t += 2 * bh;
  if (py > 1 || b == GOLCL_BOUNDARY_TORUS) t += 2 * bw;
  return t;
}

void golcl__dist_choose_grid(uint32_t W, uint32_t H, golcl_boundary b, int P, uint32_t *px,
                             uint32_t *py) {
  uint32_t best_x = (uint32_t)P, best_y = 1;
  int best_empty = 1;
  double best_t = 0;
  for (uint32_t x = 1; x <= (uint32_t)P; x++) {
    if ((uint32_t)P % x) continue;
    uint32_t y = (uint32_t)P / x;
    int empty = x > W || y > H;
    double t = traffic(W, H, b, x, y);
    if (x == 1 || empty < best_empty || (empty == best_empty && t < best_t)) {
      best_x = x;
      best_y = y;
      best_empty = empty;
      best_t = t;
    }
  }
  *px = best_x;
  *py = best_y;
}

void golcl__dist_block(const dist_decomp *dc, int r, dist_block *o) {
  uint64_t x, w, y, h;
  golcl__dist_split(dc->W, dc->px, (uint64_t)r % dc->px, &x, &w);
  golcl__dist_split(dc->H, dc->py, (uint64_t)r / dc->px, &y, &h);
  o->x = (int64_t)x;
  o->y = (int64_t)y;
  o->w = (uint32_t)w;
  o->h = (uint32_t)h;
  o->fl = o->fr = o->ft = o->fb = 0;
  if (w && h && !dc->native_torus) {
    uint32_t k = dc->k;
    if (dc->boundary == GOLCL_BOUNDARY_TORUS) {
      o->fl = o->fr = o->ft = o->fb = k;
    } else { /* the frame stops at the global edge, whose dead cells the local grid's edge gives */
      o->fl = (uint32_t)(x < k ? x : k);
      o->fr = (uint32_t)(dc->W - x - w < k ? dc->W - x - w : k);
      o->ft = (uint32_t)(y < k ? y : k);
      o->fb = (uint32_t)(dc->H - y - h < k ? dc->H - y - h : k);
    }
  }
  o->ox = o->x - o->fl;
  o->oy = o->y - o->ft;
  o->lw = w && h ? (uint32_t)(w + o->fl + o->fr) : 0;
  o->lh = w && h ? (uint32_t)(h + o->ft + o->fb) : 0;
}

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

void golcl__dist_images(int64_t lo, int64_t len, int64_t a, int64_t b, int64_t n, int wrap,
                        int64_t *m0, int64_t *m1) {
  if (!wrap) {
    int meets = lo < b && lo + len > a;
    *m0 = 0;
    *m1 = meets ? 0 : -1;
    return;
  }
  /* lo + m·n < b  and  lo + len + m·n > a */
  *m1 = floordiv(b - lo - 1, n);
  *m0 = floordiv(a - lo - len, n) + 1;
}

size_t golcl__dist_pieces(const dist_decomp *dc, int s, int d,
                          void (*fn)(void *arg, const dist_piece *p), void *arg) {
  dist_block src, dst;
  golcl__dist_block(dc, s, &src);
  golcl__dist_block(dc, d, &dst);
  if (!src.lw || !dst.lw || dc->native_torus) return 0;
  int wrap = dc->boundary == GOLCL_BOUNDARY_TORUS;
  int64_t mx0, mx1, my0, my1;
  golcl__dist_images(src.x, src.w, dst.ox, dst.ox + dst.lw, dc->W, wrap, &mx0, &mx1);
  golcl__dist_images(src.y, src.h, dst.oy, dst.oy + dst.lh, dc->H, wrap, &my0, &my1);
  size_t n = 0;
  for (int64_t my = my0; my <= my1; my++)
    for (int64_t mx = mx0; mx <= mx1; mx++) {
      if (s == d && mx == 0 && my == 0) continue; /* the block itself */
      int64_t ix = src.x + mx * dc->W, iy = src.y + my * dc->H;
      int64_t x0 = ix > dst.ox ? ix : dst.ox, y0 = iy > dst.oy ? iy : dst.oy;
      int64_t x1 = ix + src.w < dst.ox + dst.lw ? ix + src.w : dst.ox + dst.lw;
      int64_t y1 = iy + src.h < dst.oy + dst.lh ? iy + src.h : dst.oy + dst.lh;
      if (x0 >= x1 || y0 >= y1) continue;
      dist_piece p;
      p.sx = (uint32_t)(x0 - ix + src.fl);
      p.sy = (uint32_t)(y0 - iy + src.ft);
      p.dx = (uint32_t)(x0 - dst.ox);
      p.dy = (uint32_t)(y0 - dst.oy);
      p.w = (uint32_t)(x1 - x0);
      p.h = (uint32_t)(y1 - y0);
      if (fn) fn(arg, &p);
      n++;
    }
  return n;
}

golcl_status golcl__dist_decomp_init(golcl_dist_context *d, dist_decomp *dc, uint32_t W, uint32_t H,
                                     golcl_boundary b, uint32_t k, uint32_t px, uint32_t py,
                                     const char *fn) {
  dc->W = W;
  dc->H = H;
  dc->boundary = b;
  dc->k = k;
  if (px || py) {
    dc->px = px;
    dc->py = py;
    if ((uint64_t)px * py != (uint64_t)d->size)
      return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "%s: %ux%u ranks given, %d running", fn,
                              (unsigned)px, (unsigned)py, d->size);
  } else {
    golcl__dist_choose_grid(W, H, b, d->size, &dc->px, &dc->py);
  }
  dc->native_torus = d->size == 1 && b == GOLCL_BOUNDARY_TORUS;
  return GOLCL_OK;
}

void golcl__dist_part(const dist_decomp *dc, const dist_block *blk, uint32_t halo,
                      golcl_dist_part *o) {
  o->px = dc->px;
  o->py = dc->py;
  o->halo = halo;
  o->x = (uint32_t)blk->x;
  o->y = (uint32_t)blk->y;
  o->w = blk->w;
  o->h = blk->h;
  o->frame_left = blk->fl;
  o->frame_right = blk->fr;
  o->frame_top = blk->ft;
  o->frame_bottom = blk->fb;
  o->local_w = blk->lw;
  o->local_h = blk->lh;
}
