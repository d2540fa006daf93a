/* apng.h — animated PNG output for `golcl run`: 8-bit palette frames of
 * one size (the palette of gif.h's frames), each deflated by zlib into
 * IDAT (the first, so that a reader without APNG shows it) or fdAT chunks,
 * looping forever. libpng has no APNG API: the chunks are written here. */
#ifndef GOLCL_APNG_H
#define GOLCL_APNG_H

#include <stdint.h>
#include <stdio.h>

typedef struct apng {
  FILE *f;
  uint32_t w, h;
  uint32_t frames, seq; /* frames written; the next sequence number */
  long actl;            /* where acTL's frame count goes */
} apng;

/* Starts an APNG of w×h pixels on f (a file that can be seeked: the frame
 * count is written at the end): signature, IHDR, PLTE, acTL. Returns 0, or
 * -1 if f cannot be seeked (nothing written). */
int apng_begin(apng *a, FILE *f, uint32_t w, uint32_t h, const uint8_t pal[256][3]);

/* One frame of w×h palette indices shown delay_cs hundredths of a second.
 * Returns 0, or -1 out of memory (write errors: ferror). */
int apng_frame(apng *a, const uint8_t *idx, unsigned delay_cs);

/* IEND, and the frame count into acTL. Returns 0, or -1 if that failed. */
int apng_end(apng *a);

#endif
