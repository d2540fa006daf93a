/* image.c — PNG writing through libpng, shared by the examples. */
#include "image.h"

#include <png.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

static int write_png(const char *path, const uint8_t *pix, uint32_t w, uint32_t h, size_t stride,
                     int color_type) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    return -1;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    png_destroy_write_struct(&png, &info);
    fclose(f);
    fprintf(stderr, "%s: libpng could not start\n", path);
    return -1;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    fclose(f);
    fprintf(stderr, "%s: libpng failed to write\n", path);
    return -1;
  }
  png_init_io(png, f);
  png_set_IHDR(png, info, w, h, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < h; y++) png_write_row(png, (png_const_bytep)(pix + (size_t)y * stride));
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  if (fclose(f) != 0) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

int ex_write_png_gray(const char *path, const uint8_t *pix, uint32_t w, uint32_t h, size_t stride) {
  return write_png(path, pix, w, h, stride, PNG_COLOR_TYPE_GRAY);
}

int ex_write_png_rgb(const char *path, const uint8_t *rgb, uint32_t w, uint32_t h, size_t stride) {
  return write_png(path, rgb, w, h, stride, PNG_COLOR_TYPE_RGB);
}
