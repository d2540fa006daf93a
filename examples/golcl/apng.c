/* apng.c — see apng.h (the APNG specification: acTL, fcTL, fdAT). */
#include "apng.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* A chunk: length, type, data, CRC of type and data. */
static void chunk(FILE *f, const char *type, const uint8_t *data, uint32_t n) {
  uint8_t b[4];
  be32(b, n);
  fwrite(b, 1, 4, f);
  fwrite(type, 1, 4, f);
  if (n) fwrite(data, 1, n, f);
  uLong crc = crc32(0, (const Bytef *)type, 4);
  if (n) crc = crc32(crc, data, n); /* (a NULL buffer would restart it) */
  be32(b, (uint32_t)crc);
  fwrite(b, 1, 4, f);
}

static void actl(uint8_t d[8], uint32_t frames) {
  be32(d, frames);
  be32(d + 4, 0); /* plays: forever */
}

int apng_begin(apng *a, FILE *f, uint32_t w, uint32_t h, const uint8_t pal[256][3]) {
  memset(a, 0, sizeof *a);
  if (fseek(f, 0, SEEK_CUR) != 0) return -1;
  a->f = f, a->w = w, a->h = h;
  fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
  uint8_t ihdr[13];
  be32(ihdr, w);
  be32(ihdr + 4, h);
  ihdr[8] = 8, ihdr[9] = 3; /* 8 bits, a palette */
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  chunk(f, "IHDR", ihdr, 13);
  chunk(f, "PLTE", &pal[0][0], 768);
  a->actl = ftell(f);
  uint8_t d[8];
  actl(d, 0);
  chunk(f, "acTL", d, 8);
  return 0;
}

int apng_frame(apng *a, const uint8_t *idx, unsigned delay_cs) {
  size_t raw_n = (size_t)(a->w + 1) * a->h;
  uLongf z_n = compressBound((uLong)raw_n);
  uint8_t *raw = malloc(raw_n), *z = malloc(4 + (size_t)z_n);
  if (!raw || !z) {
    free(raw), free(z);
    return -1;
  }
  for (uint32_t y = 0; y < a->h; y++) { /* filter 0 (none) on each row */
    raw[(size_t)y * (a->w + 1)] = 0;
    memcpy(raw + (size_t)y * (a->w + 1) + 1, idx + (size_t)y * a->w, a->w);
  }
  int zrc = compress2(z + 4, &z_n, raw, (uLong)raw_n, 6);
  free(raw);
  if (zrc != Z_OK) {
    free(z);
    return -1;
  }
  uint8_t fc[26];
  be32(fc, a->seq++);
  be32(fc + 4, a->w);
  be32(fc + 8, a->h);
  be32(fc + 12, 0), be32(fc + 16, 0);                  /* at (0, 0) */
  fc[20] = (uint8_t)(delay_cs >> 8), fc[21] = (uint8_t)delay_cs; /* delay_cs / 100 s */
  fc[22] = 0, fc[23] = 100;
  fc[24] = 0, fc[25] = 0; /* no disposal, no blending: each frame whole */
  chunk(a->f, "fcTL", fc, 26);
  if (a->frames == 0) {
    chunk(a->f, "IDAT", z + 4, (uint32_t)z_n);
  } else {
    be32(z, a->seq++);
    chunk(a->f, "fdAT", z, (uint32_t)z_n + 4);
  }
  free(z);
  a->frames++;
  return 0;
}

int apng_end(apng *a) {
  chunk(a->f, "IEND", NULL, 0);
  long end = ftell(a->f);
  uint8_t d[8];
  actl(d, a->frames);
  if (end < 0 || fseek(a->f, a->actl, SEEK_SET) != 0) return -1;
  chunk(a->f, "acTL", d, 8);
  return fseek(a->f, end, SEEK_SET) == 0 ? 0 : -1;
}
