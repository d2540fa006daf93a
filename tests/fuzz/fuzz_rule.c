/* fuzz_rule.c — libFuzzer target of the rule tables, the bounded-grid
 * suffixes and the macrocell reader (`make fuzz`): the first byte picks the
 * parser. A rule or suffix that parses must format, parse again to the same
 * value and format to the same text; a macrocell that parses must write and
 * read back to the same cells. Failures must be GOLCL_E_PARSE or
 * GOLCL_E_UNSUPPORTED with a message, the out-handle NULL. */
#include <golcl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_rule: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

static void refused(golcl_status s) {
  if (s != GOLCL_E_PARSE && s != GOLCL_E_UNSUPPORTED) fail("unexpected status", golcl_strerror(s));
  if (!*golcl_last_errmsg()) fail("a refusal without a message", NULL);
}

static void rule(const char *t) {
  golcl_rule_table a, b;
  golcl_status s = golcl_rule_table_parse(t, &a);
  if (s != GOLCL_OK) {
    refused(s);
    return;
  }
  char x[GOLCL_RULE_TEXT_CAP], y[GOLCL_RULE_TEXT_CAP];
  if (golcl_rule_table_format(&a, x, sizeof x) != GOLCL_OK) fail("format", golcl_last_errmsg());
  if (golcl_rule_table_parse(x, &b) != GOLCL_OK) fail("the canonical text does not parse", x);
  if (memcmp(a.next, b.next, 512) || a.neighbourhood != b.neighbourhood)
    fail("the canonical text is another rule", x);
  if (golcl_rule_table_format(&b, y, sizeof y) != GOLCL_OK || strcmp(x, y))
    fail("formatting twice differs", x);
}

static void bounds(const char *t) {
  golcl_bounds a, b;
  golcl_status s = golcl_bounds_parse(t, &a);
  if (s != GOLCL_OK) {
    refused(s);
    return;
  }
  char x[GOLCL_BOUNDS_TEXT_CAP];
  if (golcl_bounds_format(&a, x, sizeof x) != GOLCL_OK) fail("format", golcl_last_errmsg());
  if (!*x) return; /* the unbounded plane */
  if (golcl_bounds_parse(x, &b) != GOLCL_OK || memcmp(&a, &b, sizeof a))
    fail("the canonical suffix is another grid", x);
  if (a.width && a.height && a.width < 64 && a.height < 64) /* every frame position maps inside */
    for (int64_t yy = -1; yy <= (int64_t)a.height; yy++)
      for (int64_t xx = -1; xx <= (int64_t)a.width; xx++) {
        uint32_t ox, oy;
        int r = golcl_bounds_neighbour(&a, a.width, a.height, xx, yy, &ox, &oy);
        if (r < 0 || (r == 1 && (ox >= a.width || oy >= a.height))) fail("a neighbour outside", x);
      }
}

static void macrocell(const char *t, size_t n) {
  golcl_pattern *p = (golcl_pattern *)1;
  golcl_status s = golcl_pattern_parse_macrocell(t, n, &p);
  if (s != GOLCL_OK) {
    if (p) fail("out-handle not NULL on failure", NULL);
    refused(s);
    return;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f || golcl_pattern_write_macrocell(p, f) != GOLCL_OK) fail("write", golcl_last_errmsg());
  fclose(f);
  golcl_pattern *q = NULL;
  if (golcl_pattern_parse_macrocell(buf, len, &q) != GOLCL_OK) fail("re-read", golcl_last_errmsg());
  if (golcl_pattern_population(p) != golcl_pattern_population(q)) fail("population changed", NULL);
  int64_t px, py, qx, qy;
  golcl_pattern_origin(p, &px, &py);
  golcl_pattern_origin(q, &qx, &qy);
  for (uint64_t i = 0; i < golcl_pattern_population(p); i++) {
    uint32_t ax, ay, bx, by;
    golcl_pattern_live_cell(p, i, &ax, &ay);
    golcl_pattern_live_cell(q, i, &bx, &by);
    if (px + ax != qx + bx || py + ay != qy + by) fail("a cell moved", NULL);
  }
  free(buf);
  golcl_pattern_destroy(p);
  golcl_pattern_destroy(q);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  static int once;
  if (!once) {
    golcl_pattern_limits lim = {1u << 12, 1u << 12, 1u << 16, 1u << 16};
    golcl_pattern_set_limits(&lim);
    once = 1;
  }
  if (size < 1) return 0;
  char *t = malloc(size);
  memcpy(t, data + 1, size - 1);
  t[size - 1] = '\0';
  switch (data[0] % 3) {
    case 0:
      rule(t);
      break;
    case 1:
      bounds(t);
      break;
    default:
      macrocell(t, size - 1);
      break;
  }
  free(t);
  return 0;
}
