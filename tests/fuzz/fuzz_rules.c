/* fuzz_rules.c — libFuzzer target of the multi-state rules and patterns
 * (RLE, macrocell, MCell, gzip) and of Golly's .rule files (`make
 * fuzz-rules`): the first byte picks the parser. A .rule text that loads
 * must give states below its number of states (the reference on a small
 * soup). A rule that parses
 * must format, parse again to the same value and format to the same text;
 * a pattern that parses must write RLE and read back to the same cells, rule,
 * bounds, position and generation, and write macrocell and read back to the
 * same non-zero cells, rule and generation. Failures must be GOLCL_E_PARSE or
 * GOLCL_E_UNSUPPORTED with a message, the out-handle NULL. */
#include <golcl_rules.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_rules: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

static void refused(golcl_status s) {
  if (s != GOLCL_E_PARSE && s != GOLCL_E_UNSUPPORTED) fail("unexpected status", golcl_strerror(s));
  if (!*golcl_last_errmsg()) fail("a refusal without a message", NULL);
}

static void rule(const char *t) {
  golcl_msrule a, b;
  golcl_status s = golcl_msrule_parse(t, &a);
  if (s != GOLCL_OK) {
    refused(s);
    return;
  }
  char x[GOLCL_MSRULE_TEXT_CAP], y[GOLCL_MSRULE_TEXT_CAP];
  if (golcl_msrule_format(&a, x, sizeof x) != GOLCL_OK) fail("cannot format", t);
  if (golcl_msrule_parse(x, &b) != GOLCL_OK) fail("cannot read its own text", x);
  if (memcmp(&a, &b, sizeof a) != 0) fail("a different rule read back", x);
  if (golcl_msrule_format(&b, y, sizeof y) != GOLCL_OK || strcmp(x, y) != 0)
    fail("a different text written back", x);
}

/* The pattern written as macrocell reads back to the same non-zero cells
 * at the same places (the box shrinks to them), rule and generation. */
static void macrocell(const golcl_mspattern *p) {
  char *buf = NULL;
  size_t len = 0;
  golcl_mspattern *q = NULL;
  FILE *f = open_memstream(&buf, &len);
  golcl_status s = f ? golcl_mspattern_write_macrocell(p, f) : GOLCL_E_IO;
  if (f) fclose(f);
  if (s == GOLCL_E_INVALID_ARG) { /* cells beyond 2^61 of the origin */
    free(buf);
    return;
  }
  if (s != GOLCL_OK || golcl_mspattern_parse(buf, len, &q) != GOLCL_OK)
    fail("cannot write or read back its macrocell", buf);
  uint32_t w = golcl_mspattern_width(p), h = golcl_mspattern_height(p);
  uint32_t qw = golcl_mspattern_width(q), qh = golcl_mspattern_height(q);
  int64_t xa, ya, xb, yb;
  golcl_mspattern_origin(p, &xa, &ya);
  golcl_mspattern_origin(q, &xb, &yb);
  const uint8_t *a = golcl_mspattern_cells(p), *b = golcl_mspattern_cells(q);
  uint64_t na = 0, nb = 0;
  for (size_t i = 0; i < (size_t)qw * qh; i++) nb += b[i] != 0;
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint8_t v = a[(size_t)y * w + x];
      if (!v) continue;
      na++;
      int64_t bx = xa + x - xb, by = ya + y - yb;
      if (bx < 0 || by < 0 || bx >= qw || by >= qh || b[(size_t)by * qw + (size_t)bx] != v)
        fail("a different cell read back from macrocell", buf);
    }
  golcl_msrule ra, rb;
  golcl_mspattern_msrule(p, &ra);
  golcl_mspattern_msrule(q, &rb);
  if (na != nb || memcmp(&ra, &rb, sizeof ra) != 0 ||
      golcl_mspattern_generation(p) != golcl_mspattern_generation(q))
    fail("other cells, rule or generation read back from macrocell", buf);
  free(buf);
  golcl_mspattern_destroy(q);
}

static void rle(const char *t, size_t n) {
  golcl_mspattern *p = (golcl_mspattern *)1, *q = NULL;
  golcl_status s = golcl_mspattern_parse(t, n, &p);
  if (s != GOLCL_OK) {
    if (p) fail("out-handle not NULL", NULL);
    refused(s);
    return;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f || golcl_mspattern_write_rle(p, f) != GOLCL_OK) fail("cannot write", NULL);
  fclose(f);
  if (golcl_mspattern_parse(buf, len, &q) != GOLCL_OK) fail("cannot read its own RLE", buf);
  uint32_t w = golcl_mspattern_width(p), h = golcl_mspattern_height(p);
  const uint8_t *a = golcl_mspattern_cells(p), *b = golcl_mspattern_cells(q);
  uint32_t qw = golcl_mspattern_width(q), qh = golcl_mspattern_height(q);
  /* the box read back is the box of the cells written: it may have lost
   * empty rows and columns at the end */
  if (qw > w || qh > h) fail("a larger box read back", buf);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      if (a[(size_t)y * w + x] != (x < qw && y < qh ? b[(size_t)y * qw + x] : 0))
        fail("different cells read back", buf);
  golcl_msrule ra, rb;
  golcl_bounds ba, bb;
  golcl_mspattern_msrule(p, &ra);
  golcl_mspattern_msrule(q, &rb);
  golcl_mspattern_bounds(p, &ba);
  golcl_mspattern_bounds(q, &bb);
  if (memcmp(&ra, &rb, sizeof ra) != 0 || memcmp(&ba, &bb, sizeof ba) != 0)
    fail("a different rule or grid read back", buf);
  int64_t xa, ya, xb, yb;
  golcl_mspattern_origin(p, &xa, &ya);
  golcl_mspattern_origin(q, &xb, &yb);
  if (xa != xb || ya != yb || golcl_mspattern_generation(p) != golcl_mspattern_generation(q))
    fail("a different position or generation read back", buf);
  free(buf);
  golcl_mspattern_destroy(q);
  macrocell(p);
  golcl_mspattern_destroy(p);
}

static void rule_file(const char *t, size_t n) {
  golcl_msrule r;
  golcl_status s = golcl_msrule_load("Fuzz", t, n, &r);
  if (s != GOLCL_OK) {
    refused(s);
    return;
  }
  uint8_t c[35];
  for (int i = 0; i < 35; i++) c[i] = (uint8_t)((unsigned)(i * 7 + (int)n) % r.states);
  if (golcl_ms_reference_run(&r, GOLCL_BOUNDARY_TORUS, 7, 5, c, 3) != GOLCL_OK)
    fail("the reference refuses a loaded rule", NULL);
  for (int i = 0; i < 35; i++)
    if (c[i] >= r.states) fail("a state outside the rule", t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  char *t = malloc(size);
  memcpy(t, data + 1, size - 1);
  t[size - 1] = '\0';
  if (data[0] % 3 == 2)
    rule_file(t, size - 1);
  else if (data[0] & 1)
    rule(t);
  else
    rle(t, size - 1);
  free(t);
  return 0;
}
