/* frames.h — the pictures of a `golcl run` over time: --frames DIR (a PNG
 * a frame, DIR/frames.csv), an animated GIF (-o NAME.gif) and an animated
 * PNG (-o NAME.apng), every frame of one size: a viewport of the plane
 * fixed for the whole run (--view, or the union of the live boxes of the
 * frames' generations, found by a first pass; a bounded grid: all of it),
 * drawn at --scale, or zoomed out to --fit as the PNG output is. */
#ifndef GOLCL_FRAMES_H
#define GOLCL_FRAMES_H

#include <stdint.h>

#include "apng.h"
#include "atomic_file.h"
#include "run.h"

#define FILM_MAX_SIDE 8192 /* without --fit, a larger picture is zoomed out to this */
#define FILM_DELAY_CS 5    /* a GIF or APNG frame shows 1/20 s */
#define FILM_BORDER 2      /* dead cells around the union box, as the PNG output has */

typedef struct film {
  const run_opts *o;
  ex_atomic csv, gif, apng_file; /* DIR/frames.csv, the GIF, the APNG */
  apng apng;
  uint64_t frame;     /* the number of the next frame */
  int64_t x, y;       /* the viewport: its top-left cell and size, in cells */
  uint64_t w, h;
  unsigned mag, red; /* pixels a cell side, cells a pixel side (one of them 1) */
  unsigned shift;    /* red = 2^shift where the drawing zooms by powers of two */
  uint32_t bw, bh;   /* blocks of red×red cells across and down: ceil(w/red), ceil(h/red) */
  uint32_t iw, ih;   /* the picture: bw*mag × bh*mag pixels */
  int colour;        /* the palette is the rule's colours, else grey levels */
  uint8_t pal[256][3];
  uint8_t *img;             /* iw×ih palette indices */
  uint8_t *share, *state;   /* bw×bh blocks: share of live cells 0..255, main state */
  uint64_t hist[256];       /* a block's states, counted (zero between blocks) */
  int have_union;           /* the first pass's union of live boxes */
  int64_t ux0, uy0, ux1, uy1; /* its corners, the second exclusive */
} film;

/* 1 if the run writes frames, a GIF or an APNG. */
int film_wanted(const run_opts *o);

/* Before the run: makes DIR and opens DIR/frames.csv, the GIF and the APNG as
 * temporaries, so that what cannot be written fails early. Returns 0, or 1
 * after a message. */
int film_open(film *f, const run_opts *o);

/* The first pass: adds a live box (w = 0: none). */
void film_union(film *f, int64_t x, int64_t y, uint64_t w, uint64_t h);

/* A bounded grid of w×h cells: its frames show all of it, the grid's cell
 * (0, 0) at the top left (--view is refused: 2 after a message). */
int film_bounded(film *f, uint64_t w, uint64_t h);

/* Fixes the viewport: --view when given, else the union box with `border`
 * dead cells around it (one cell at (0, 0) when nothing lived);
 * pow2: the drawing zooms out by powers of two (the universe's quadtree),
 * else by whole factors (a grid's cells). pal: the rule's colours, NULL for
 * grey levels (live white, a zoomed-out block lighter as more of it lives).
 * Starts the GIF and the APNG. Returns 0, or 1 after a message. */
int film_set_view(film *f, int pow2, const uint8_t pal[256][3], unsigned border);

/* Draws the frame from f->share and f->state (bw×bh blocks; state unused
 * for grey levels) and writes it: DIR/%08u.png, a GIF frame, an APNG
 * frame, a line of frames.csv. Returns 0, or 1 after a message. */
int film_add(film *f, uint64_t generation);

/* Fills f->share and f->state from a grid's cells: cells[r*stride + c] (a
 * state, nonzero alive) is the plane's cell (cx + c, cy + r), for a cw×ch
 * rectangle; cells of the viewport outside it are dead. A block's state is
 * its most common live one. */
void film_blocks_from_cells(film *f, const uint8_t *cells, size_t stride, int64_t cx, int64_t cy,
                            uint32_t cw, uint32_t ch);

/* Commits the files (keep) or drops them, frees the rest; returns rc, or 1
 * if a commit failed. */
int film_close(film *f, int keep, int rc);

#endif
