/* gif.h — animated GIF (GIF89a) output for `golcl run`: one 256-colour
 * palette, full-screen frames of palette indices, each LZW-compressed here
 * (no library), looping forever. */
#ifndef GOLCL_GIF_H
#define GOLCL_GIF_H

#include <stdint.h>
#include <stdio.h>

#define GIF_MAX_SIDE 65535u /* a GIF's sides are 16-bit */

/* Starts a GIF of w×h pixels on f: the header, the palette (256 RGB
 * triples) and the loop extension. Returns 0, or -1 if a side is 0 or
 * above GIF_MAX_SIDE (nothing written). */
int gif_begin(FILE *f, uint32_t w, uint32_t h, const uint8_t pal[256][3]);

/* One frame: w×h palette indices (rows of w bytes), shown for delay_cs
 * hundredths of a second. Returns 0, or -1 out of memory (write errors are
 * left to the stream: ferror). */
int gif_frame(FILE *f, const uint8_t *idx, uint32_t w, uint32_t h, unsigned delay_cs);

/* The trailer. */
void gif_end(FILE *f);

#endif
