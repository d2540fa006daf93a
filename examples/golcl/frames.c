/* frames.c — see frames.h. */
#include "frames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gif.h"
#include "image.h"

#define MAX_PIXELS ((uint64_t)1 << 28) /* a frame's picture (and a GIF's) */

int film_wanted(const run_opts *o) { return o->frames || o->gif || o->apng; }

int film_open(film *f, const run_opts *o) {
  memset(f, 0, sizeof *f);
  f->o = o;
  if (o->frames) {
    if (mkdir(o->frames, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "golcl run: %s: %s\n", o->frames, strerror(errno));
      return 1;
    }
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/frames.csv", o->frames);
    if (n < 0 || (size_t)n >= sizeof path) {
      fprintf(stderr, "golcl run: --frames %s: the folder name is too long\n", o->frames);
      return 1;
    }
    if (ex_atomic_open(&f->csv, path, "golcl run")) return 1;
    fprintf(f->csv.f, "frame,generation\n");
  }
  if (o->gif && ex_atomic_open(&f->gif, o->gif, "golcl run")) return 1;
  if (o->apng && ex_atomic_open(&f->apng_file, o->apng, "golcl run")) return 1;
  if (o->apng && fseek(f->apng_file.f, 0, SEEK_CUR) != 0) {
    fprintf(stderr, "golcl run: %s: an APNG is written to a file (its frame count comes last)\n",
            o->apng);
    return 1;
  }
  return 0;
}

void film_union(film *f, int64_t x, int64_t y, uint64_t w, uint64_t h) {
  if (!w || !h) return;
  int64_t x1 = x + (int64_t)w, y1 = y + (int64_t)h;
  if (!f->have_union || x < f->ux0) f->ux0 = x;
  if (!f->have_union || y < f->uy0) f->uy0 = y;
  if (!f->have_union || x1 > f->ux1) f->ux1 = x1;
  if (!f->have_union || y1 > f->uy1) f->uy1 = y1;
  f->have_union = 1;
}

int film_bounded(film *f, uint64_t w, uint64_t h) {
  if (f->o->have_viewport) {
    fprintf(stderr,
            "golcl run: --view places the frames on the infinite plane; %s runs in a bounded "
            "grid, whose frames show all of it\n",
            f->o->name);
    return 2;
  }
  film_union(f, 0, 0, w, h);
  return 0;
}

static uint64_t ceil_div(uint64_t a, uint64_t b) { return a ? (a - 1) / b + 1 : 0; }

/* The scale of the picture: --scale, or --fit (magnified or reduced to
 * fit), a picture larger than FILM_MAX_SIDE a side reduced as --fit to it. */
static int pick_scale(film *f, int pow2) {
  const ex_cell_view *v = &f->o->view;
  uint64_t m = v->scale ? v->scale : 1, fw = v->fit_w, fh = v->fit_h, red = 1;
  if (!fw && (f->w > FILM_MAX_SIDE / m || f->h > FILM_MAX_SIDE / m)) fw = fh = FILM_MAX_SIDE;
  f->shift = 0;
  if (fw && f->w <= fw && f->h <= fh) {
    m = fw / f->w < fh / f->h ? fw / f->w : fh / f->h;
  } else if (fw) {
    m = 1;
    if (pow2) {
      while (ceil_div(f->w, (uint64_t)1 << f->shift) > fw ||
             ceil_div(f->h, (uint64_t)1 << f->shift) > fh)
        f->shift++;
      red = (uint64_t)1 << f->shift;
    } else {
      red = ceil_div(f->w, fw);
      if (ceil_div(f->h, fh) > red) red = ceil_div(f->h, fh);
    }
  }
  uint64_t bw = ceil_div(f->w, red), bh = ceil_div(f->h, red);
  if (bw * m > UINT32_MAX || bh * m > UINT32_MAX || bw * m * bh * m > MAX_PIXELS) {
    fprintf(stderr,
            "golcl run: frames of %llux%llu cells at %llu pixels a cell are too large a "
            "picture (--fit WxH)\n",
            (unsigned long long)f->w, (unsigned long long)f->h, (unsigned long long)m);
    return 1;
  }
  f->mag = (unsigned)m, f->red = (unsigned)red;
  f->bw = (uint32_t)bw, f->bh = (uint32_t)bh;
  f->iw = (uint32_t)(bw * m), f->ih = (uint32_t)(bh * m);
  return 0;
}

int film_set_view(film *f, int pow2, const uint8_t pal[256][3], unsigned border) {
  const run_opts *o = f->o;
  if (o->have_viewport) {
    f->x = o->vp_x, f->y = o->vp_y, f->w = o->vp_w, f->h = o->vp_h;
  } else if (f->have_union) {
    f->x = f->ux0 - border, f->y = f->uy0 - border;
    f->w = (uint64_t)(f->ux1 - f->ux0) + 2 * border;
    f->h = (uint64_t)(f->uy1 - f->uy0) + 2 * border;
  } else {
    f->x = f->y = 0, f->w = f->h = 1;
  }
  if (pick_scale(f, pow2)) return 1;
  if (o->gif && (f->iw > GIF_MAX_SIDE || f->ih > GIF_MAX_SIDE)) {
    fprintf(stderr, "golcl run: %s: a %ux%u picture is larger than a GIF holds (%u a side; --fit)\n",
            o->gif, f->iw, f->ih, GIF_MAX_SIDE);
    return 1;
  }
  f->colour = pal != NULL;
  for (int i = 0; i < 256; i++)
    for (int c = 0; c < 3; c++) f->pal[i][c] = pal ? pal[i][c] : (uint8_t)i;
  f->img = malloc((size_t)f->iw * f->ih);
  f->share = calloc((size_t)f->bw * f->bh, 1);
  f->state = calloc((size_t)f->bw * f->bh, 1);
  if (!f->img || !f->share || !f->state) {
    fprintf(stderr, "golcl run: out of memory for frames of %ux%u pixels\n", f->iw, f->ih);
    return 1;
  }
  if (o->gif) gif_begin(f->gif.f, f->iw, f->ih, (const uint8_t(*)[3])f->pal);
  if (o->apng) apng_begin(&f->apng, f->apng_file.f, f->iw, f->ih, (const uint8_t(*)[3])f->pal);
  return 0;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* One block: the share of live cells in the rectangle [x0, x1) × [y0, y1)
 * of the cells (the block's part inside them) over the block's cells in
 * the viewport (`all`), and its most common live state. */
static void block_of_cells(film *f, size_t b, const uint8_t *cells, size_t stride, int64_t x0,
                           int64_t y0, int64_t x1, int64_t y1, uint64_t all) {
  uint64_t *hist = f->hist;
  uint8_t seen[256];
  unsigned nseen = 0;
  uint64_t live = 0;
  for (int64_t y = y0; y < y1; y++)
    for (int64_t x = x0; x < x1; x++) {
      uint8_t v = cells[(size_t)y * stride + (size_t)x];
      if (!v) continue;
      live++;
      if (!hist[v]++) seen[nseen++] = v;
    }
  uint8_t best = 0;
  for (unsigned i = 0; i < nseen; i++) {
    if (!best || hist[seen[i]] > hist[best]) best = seen[i];
  }
  for (unsigned i = 0; i < nseen; i++) hist[seen[i]] = 0;
  unsigned sh = live ? (unsigned)(255 * live / all) : 0;
  f->share[b] = (uint8_t)(live && !sh ? 1 : sh);
  f->state[b] = best;
}

void film_blocks_from_cells(film *f, const uint8_t *cells, size_t stride, int64_t cx, int64_t cy,
                            uint32_t cw, uint32_t ch) {
  memset(f->share, 0, (size_t)f->bw * f->bh);
  memset(f->state, 0, (size_t)f->bw * f->bh);
  /* the cells' part inside the viewport, and the blocks it touches */
  int64_t ix0 = max64(cx, f->x), iy0 = max64(cy, f->y);
  int64_t ix1 = min64(cx + cw, f->x + (int64_t)f->w), iy1 = min64(cy + ch, f->y + (int64_t)f->h);
  if (ix0 >= ix1 || iy0 >= iy1) return;
  int64_t red = f->red;
  int64_t bx0 = (ix0 - f->x) / red, bx1 = (ix1 - 1 - f->x) / red + 1;
  int64_t by0 = (iy0 - f->y) / red, by1 = (iy1 - 1 - f->y) / red + 1;
  for (int64_t by = by0; by < by1; by++)
    for (int64_t bx = bx0; bx < bx1; bx++) {
      int64_t x0 = f->x + bx * red, y0 = f->y + by * red; /* the block in the plane */
      uint64_t all = (uint64_t)(min64(red, (int64_t)f->w - bx * red) *
                                min64(red, (int64_t)f->h - by * red));
      block_of_cells(f, (size_t)by * f->bw + (size_t)bx, cells, stride, max64(x0, ix0) - cx,
                     max64(y0, iy0) - cy, min64(x0 + red, ix1) - cx, min64(y0 + red, iy1) - cy,
                     all);
    }
}

/* The palette index of a block: the rule's state, or a grey level (live
 * white; zoomed out, 64..255 with the share of live cells). */
static uint8_t block_index(const film *f, size_t b) {
  uint8_t s = f->share[b];
  if (f->colour) return s ? f->state[b] : 0;
  return s == 0 ? 0 : f->red == 1 ? 255 : (uint8_t)(64 + s * 191 / 255);
}

static void draw(film *f) {
  if (f->mag == 1) {
    for (size_t b = 0; b < (size_t)f->bw * f->bh; b++) f->img[b] = block_index(f, b);
    return;
  }
  for (uint32_t by = 0; by < f->bh; by++) {
    uint8_t *row = f->img + (size_t)by * f->mag * f->iw;
    for (uint32_t bx = 0; bx < f->bw; bx++)
      memset(row + (size_t)bx * f->mag, block_index(f, (size_t)by * f->bw + bx), f->mag);
    for (unsigned k = 1; k < f->mag; k++) memcpy(row + (size_t)k * f->iw, row, f->iw);
  }
}

static int write_png(const film *f, const char *path) {
  if (!f->colour) return ex_write_png_gray(path, f->img, f->iw, f->ih, f->iw);
  uint8_t *rgb = malloc((size_t)f->iw * f->ih * 3);
  if (!rgb) {
    fprintf(stderr, "golcl run: %s: out of memory for a %ux%u image\n", path, f->iw, f->ih);
    return -1;
  }
  for (size_t i = 0; i < (size_t)f->iw * f->ih; i++) memcpy(rgb + 3 * i, f->pal[f->img[i]], 3);
  int rc = ex_write_png_rgb(path, rgb, f->iw, f->ih, (size_t)f->iw * 3);
  free(rgb);
  return rc;
}

int film_add(film *f, uint64_t generation) {
  const run_opts *o = f->o;
  draw(f);
  if (o->frames) {
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%08llu.png", o->frames, (unsigned long long)f->frame);
    if (n < 0 || (size_t)n >= sizeof path) {
      fprintf(stderr, "golcl run: --frames %s: the folder name is too long\n", o->frames);
      return 1;
    }
    if (write_png(f, path)) return 1;
    fprintf(f->csv.f, "%llu,%llu\n", (unsigned long long)f->frame, (unsigned long long)generation);
  }
  if ((o->gif && gif_frame(f->gif.f, f->img, f->iw, f->ih, FILM_DELAY_CS)) ||
      (o->apng && apng_frame(&f->apng, f->img, FILM_DELAY_CS))) {
    fprintf(stderr, "golcl run: %s: out of memory\n", o->gif ? o->gif : o->apng);
    return 1;
  }
  f->frame++;
  return 0;
}

int film_close(film *f, int keep, int rc) {
  if (!f->o) return rc; /* never opened */
  if (f->gif.f && f->img) gif_end(f->gif.f);
  int apng_ok = f->apng_file.f && f->img && apng_end(&f->apng) == 0;
  if (keep && f->apng_file.f && f->img && !apng_ok) {
    fprintf(stderr, "golcl run: %s: cannot write the frame count\n", f->o->apng);
    rc = 1;
  }
  ex_atomic *files[3] = {&f->csv, &f->gif, &f->apng_file};
  /* an animation without its header or frame count: the old file stays */
  int kept[3] = {keep, keep && f->img, keep && apng_ok};
  const char *names[3] = {f->o->frames, f->o->gif, f->o->apng};
  for (int i = 0; i < 3; i++) {
    if (!files[i]->f) continue;
    if (kept[i] && ex_atomic_commit(files[i], "golcl run")) {
      rc = 1;
    } else if (kept[i] && !f->o->quiet) {
      fprintf(f->o->report, "wrote:      %s (%llu frames of %ux%u pixels)\n",
              names[i], (unsigned long long)f->frame, f->iw, f->ih);
    }
    if (files[i]->f) ex_atomic_abort(files[i]);
  }
  free(f->img), free(f->share), free(f->state);
  f->img = f->share = f->state = NULL;
  return rc;
}
