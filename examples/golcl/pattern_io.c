/* pattern_io.c — see pattern_io.h. */
#include "pattern_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

golcl_pattern *pio_load(const char *cmd, const char *path) {
  golcl_pattern *p = NULL;
  golcl_status s = golcl_pattern_read_file(path, &p);
  if (s != GOLCL_OK) {
    const char *msg = golcl_last_errmsg();
    if (strncmp(msg, path, strlen(path)) == 0)
      fprintf(stderr, "golcl %s: %s\n", cmd, msg);
    else
      fprintf(stderr, "golcl %s: %s: %s: %s\n", cmd, path, golcl_strerror(s), msg);
    return NULL;
  }
  return p;
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n > m && strcasecmp(s + n - m, suffix) == 0;
}

pio_kind pio_kind_of(const char *path) {
  if (strcmp(path, "-") == 0) return PIO_STDOUT;
  if (ends_with(path, ".rle")) return PIO_RLE;
  if (ends_with(path, ".cells")) return PIO_CELLS;
  if (ends_with(path, ".png")) return PIO_PNG;
  return PIO_BAD;
}

int pio_write_png(const char *cmd, const char *path, const uint8_t *cells, uint32_t w, uint32_t h,
                  const ex_cell_view *view) {
  if (ex_write_png_cells(path, cells, w, h, w, view) != 0) {
    fprintf(stderr, "golcl %s: %s: cannot write the image\n", cmd, path);
    return -1;
  }
  return 0;
}

int pio_write(const char *cmd, const char *path, const golcl_pattern *p, const ex_cell_view *view,
              uint32_t border) {
  golcl_status s = GOLCL_OK;
  switch (pio_kind_of(path)) {
    case PIO_STDOUT:
      s = golcl_pattern_write_rle(p, stdout);
      break;
    case PIO_RLE:
    case PIO_CELLS:
      s = golcl_pattern_write_file(p, path);
      break;
    case PIO_PNG: {
      uint64_t w = golcl_pattern_width(p), h = golcl_pattern_height(p);
      if (w && h) w += 2 * (uint64_t)border, h += 2 * (uint64_t)border;
      if (w > 1u << 20 || h > 1u << 20 || w * h > (1u << 30)) {
        fprintf(stderr, "golcl %s: %s: a %llux%llu pattern is too large for an image\n", cmd, path,
                (unsigned long long)w, (unsigned long long)h);
        return -1;
      }
      uint8_t *cells = calloc(w && h ? (size_t)(w * h) : 1, 1);
      if (!cells) {
        fprintf(stderr, "golcl %s: %s: out of memory\n", cmd, path);
        return -1;
      }
      for (uint64_t i = 0; i < golcl_pattern_population(p); i++) {
        uint32_t x, y;
        golcl_pattern_live_cell(p, i, &x, &y);
        cells[(size_t)(y + border) * w + x + border] = 1;
      }
      int rc = pio_write_png(cmd, path, cells, (uint32_t)w, (uint32_t)h, view);
      free(cells);
      return rc;
    }
    case PIO_BAD:
      fprintf(stderr, "golcl %s: %s: unknown output extension (.rle, .cells, .png or -)\n", cmd,
              path);
      return -1;
  }
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl %s: %s\n", cmd, golcl_last_errmsg());
    return -1;
  }
  return 0;
}

int pio_parse_u64(const char *s, uint64_t *out) {
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end) return -1;
  *out = v;
  return 0;
}

int pio_parse_u32(const char *s, uint32_t *out) {
  uint64_t v;
  if (pio_parse_u64(s, &v) != 0 || v > UINT32_MAX) return -1;
  *out = (uint32_t)v;
  return 0;
}

int pio_parse_size(const char *s, uint32_t *w, uint32_t *h) {
  const char *x = strpbrk(s, "xX");
  if (!x) return pio_parse_u32(s, w) == 0 ? (*h = *w, 0) : -1;
  char buf[32];
  size_t n = (size_t)(x - s);
  if (n == 0 || n >= sizeof buf) return -1;
  memcpy(buf, s, n);
  buf[n] = '\0';
  return pio_parse_u32(buf, w) == 0 && pio_parse_u32(x + 1, h) == 0 ? 0 : -1;
}

const char *pio_opt(int argc, char **argv, int *i, const char *name, int *missing) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n] != '\0') return NULL;
  if (*i + 1 >= argc) {
    fprintf(stderr, "golcl: option %s needs a value\n", name);
    *missing = 1;
    return NULL;
  }
  return argv[++*i];
}
