/* gif.c — see gif.h. The LZW coder is the GIF variant: 8-bit symbols,
 * codes of 9 to 12 bits written least significant bit first, a clear code
 * when the 4096 codes are used up, the data in blocks of at most 255 bytes. */
#include "gif.h"

#include <stdlib.h>
#include <string.h>

static void put16(FILE *f, unsigned v) {
  fputc((int)(v & 255), f);
  fputc((int)(v >> 8 & 255), f);
}

int gif_begin(FILE *f, uint32_t w, uint32_t h, const uint8_t pal[256][3]) {
  if (!w || !h || w > GIF_MAX_SIDE || h > GIF_MAX_SIDE) return -1;
  fwrite("GIF89a", 1, 6, f);
  put16(f, w);
  put16(f, h);
  fputc(0xF7, f); /* a global table of 2^(7+1) colours, 8 bits a primary */
  fputc(0, f);    /* background: index 0 */
  fputc(0, f);    /* square pixels */
  fwrite(pal, 3, 256, f);
  /* NETSCAPE2.0: loop forever */
  fwrite("\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00", 1, 19, f);
  return 0;
}

/* Codes packed into bytes, the bytes into sub-blocks. */
typedef struct bits {
  FILE *f;
  uint32_t acc;
  unsigned nacc;
  uint8_t block[255];
  unsigned nblock;
} bits;

static void put_byte(bits *b, uint8_t v) {
  b->block[b->nblock++] = v;
  if (b->nblock == 255) {
    fputc(255, b->f);
    fwrite(b->block, 1, 255, b->f);
    b->nblock = 0;
  }
}

static void put_code(bits *b, unsigned code, unsigned size) {
  b->acc |= (uint32_t)code << b->nacc;
  b->nacc += size;
  while (b->nacc >= 8) {
    put_byte(b, (uint8_t)(b->acc & 255));
    b->acc >>= 8;
    b->nacc -= 8;
  }
}

static void flush_bits(bits *b) {
  if (b->nacc) put_byte(b, (uint8_t)(b->acc & 255));
  b->acc = 0, b->nacc = 0;
  if (b->nblock) {
    fputc((int)b->nblock, b->f);
    fwrite(b->block, 1, b->nblock, b->f);
  }
  fputc(0, b->f); /* the block terminator */
}

#define CLEAR 256
#define END 257
#define MAX_CODES 4096

int gif_frame(FILE *f, const uint8_t *idx, uint32_t w, uint32_t h, unsigned delay_cs) {
  /* The string table: child[prefix << 8 | byte] is the code of the string
   * prefix + byte (0: none; no string's code is 0), added[code] its index,
   * to clear only what was set when the table starts again. */
  uint16_t *child = calloc((size_t)MAX_CODES << 8, sizeof *child);
  uint32_t *added = malloc(MAX_CODES * sizeof *added);
  if (!child || !added) {
    free(child), free(added);
    return -1;
  }
  /* graphic control: no disposal, the delay, no transparency */
  fwrite("\x21\xF9\x04\x00", 1, 4, f);
  put16(f, delay_cs);
  fwrite("\x00\x00", 1, 2, f);
  fputc(0x2C, f); /* the image: the whole screen, no local table */
  put16(f, 0);
  put16(f, 0);
  put16(f, w);
  put16(f, h);
  fputc(0, f);
  fputc(8, f); /* LZW minimum code size */
  bits b = {.f = f};
  unsigned size = 9, next = END + 1;
  put_code(&b, CLEAR, size);
  size_t n = (size_t)w * h;
  unsigned prefix = idx[0];
  for (size_t i = 1; i < n; i++) {
    uint32_t key = (uint32_t)prefix << 8 | idx[i];
    if (child[key]) {
      prefix = child[key];
      continue;
    }
    put_code(&b, prefix, size);
    if (next < MAX_CODES) {
      if (next == 1u << size) size++;
      child[key] = (uint16_t)next;
      added[next++] = key;
    } else { /* the table is full: start again */
      put_code(&b, CLEAR, size);
      for (unsigned c = END + 1; c < next; c++) child[added[c]] = 0;
      size = 9, next = END + 1;
    }
    prefix = idx[i];
  }
  put_code(&b, prefix, size);
  put_code(&b, END, size);
  flush_bits(&b);
  free(child);
  free(added);
  return 0;
}

void gif_end(FILE *f) { fputc(0x3B, f); }
