/* image.c — PNG writing through libpng, shared by the examples. The file is
 * written whole or not at all (atomic_file.h). */
#include "image.h"

#include <png.h>
#include <stdio.h>
#include <string.h>

#include "atomic_file.h"

/* libpng's errors come back to us (msg, 128 bytes) instead of its own line
 * on stderr beside ours; its warnings are not for the user. */
static void on_error(png_structp png, png_const_charp msg) {
  snprintf((char *)png_get_error_ptr(png), 128, "%s", msg);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
  (void)png;
  (void)msg;
}

/* libpng's part, apart so that setjmp does not clobber the caller's locals. */
static int encode(FILE *f, const uint8_t *pix, uint32_t w, uint32_t h, size_t stride,
                  int color_type, char *msg) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, msg, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    png_destroy_write_struct(&png, &info);
    return -1;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return -1;
  }
  png_init_io(png, f);
  png_set_IHDR(png, info, w, h, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < h; y++) png_write_row(png, (png_const_bytep)(pix + (size_t)y * stride));
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return 0;
}

static int write_png(const char *path, const uint8_t *pix, uint32_t w, uint32_t h, size_t stride,
                     int color_type) {
  ex_atomic a;
  if (ex_atomic_open(&a, path, NULL) != 0) return -1;
  char msg[128] = "out of memory";
  if (encode(a.f, pix, w, h, stride, color_type, msg) != 0) {
    fprintf(stderr, "%s: %s (the old file, if any, is unchanged)\n", path,
            strcmp(msg, "Write Error") ? msg : "write failed");
    ex_atomic_abort(&a);
    return -1;
  }
  return ex_atomic_commit(&a, NULL);
}

int ex_write_png_gray(const char *path, const uint8_t *pix, uint32_t w, uint32_t h, size_t stride) {
  return write_png(path, pix, w, h, stride, PNG_COLOR_TYPE_GRAY);
}

int ex_write_png_rgb(const char *path, const uint8_t *rgb, uint32_t w, uint32_t h, size_t stride) {
  return write_png(path, rgb, w, h, stride, PNG_COLOR_TYPE_RGB);
}
