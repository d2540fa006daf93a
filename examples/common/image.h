/* image.h — PNG output for the examples and the golcl command (libpng). */
#ifndef EX_IMAGE_H
#define EX_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/* Writes an 8-bit grey image (pix[y*stride + x]); 0 on success, -1 with a
 * message on stderr on failure. The file is replaced whole or not at all: a
 * failed write leaves an existing file as it was (atomic_file.h). */
int ex_write_png_gray(const char *path, const uint8_t *pix, uint32_t w, uint32_t h, size_t stride);

/* Writes an 8-bit RGB image (3 bytes a pixel, rows of stride bytes). */
int ex_write_png_rgb(const char *path, const uint8_t *rgb, uint32_t w, uint32_t h, size_t stride);

#endif
