/* host.h — the private core that needs no OpenCL: error messages, size
 * arithmetic, printf into buffers. core.h includes it; code that includes it
 * first (pattern text, rule text, error.c) gets golcl.h without the OpenCL
 * headers, so that the parsers build and fuzz without OpenCL. */
#ifndef GOLCL_HOST_H
#define GOLCL_HOST_H

#ifndef GOLCL_H
#define GOLCL_NO_OPENCL_HEADERS 1
#endif
#include "golcl.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h> /* getenv, strtol */
#include <string.h> /* memcpy */

#define GOLCL__ERRMSG_CAP 8192

/* Records a printf-style message in ctx (or, for NULL ctx, the thread's last
 * message) and returns status, so that callers write
 *   return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "width is 0");
 * A context's message buffer is the first member of struct golcl_context
 * (core.h), so that this works without the struct's OpenCL members. */
golcl_status golcl__fail(const golcl_context *ctx, golcl_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Clears the context's message (called at the start of public calls that
 * should not show an old message after success; optional). */
void golcl__clear_error(golcl_context *ctx);

/* The 64-bit finaliser of SplitMix64: the same as golcl_mix64 in
 * cl/common/hash.cl, for the host side of the seeds and hashes that the
 * kernels make (randomize, grid hashes). */
static inline uint64_t golcl__mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* $name as a whole number in lo..hi, else def (unset, empty, not a
 * number, out of range): the knobs that tune a kernel's shape on a device
 * (GOLCL_JVN_ROWS, GOLCL_TREE_TW, ...) and GOLCL_THREADS. */
static inline long golcl__env_long(const char *name, long lo, long hi, long def) {
  const char *e = getenv(name);
  char *end;
  long v = e && *e ? strtol(e, &end, 10) : 0;
  return e && *e && *end == '\0' && v >= lo && v <= hi ? v : def;
}

/* a / b rounded towards minus infinity (b > 0): the tile, or leaf, that
 * holds cell a of the plane. */
static inline int64_t golcl__floor_div(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((b - 1 - a) / b);
}

/* The bytes not 0 of a row of n: the first at *first, the last before
 * *end (*first = *end = n: none), words of 8 skipped at a time. */
static inline void golcl__nonzero_span(const uint8_t *row, size_t n, size_t *first, size_t *end) {
  size_t i = 0, e = n;
  uint64_t v;
  while (i + 8 <= n && (memcpy(&v, row + i, 8), v == 0)) i += 8;
  while (i < n && !row[i]) i++;
  *first = i;
  if (i == n) {
    *end = n;
    return;
  }
  while (e >= i + 8 && (memcpy(&v, row + e - 8, 8), v == 0)) e -= 8;
  while (!row[e - 1]) e--;
  *end = e;
}

/* Rounds n up to a multiple of m (m > 0). */
static inline size_t golcl__round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

/* a*b with overflow check: 0 on success, -1 on overflow. */
static inline int golcl__mul_size(size_t a, size_t b, size_t *out) {
  if (a != 0 && b > (size_t)-1 / a) return -1;
  *out = a * b;
  return 0;
}

/* printf into a fixed buffer, truncating. */
void golcl__snprintf(char *buf, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Case-insensitive substring search (ASCII). */
int golcl__contains_nocase(const char *hay, const char *needle);

#endif
