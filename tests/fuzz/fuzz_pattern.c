/* fuzz_pattern.c — libFuzzer target of the pattern parsers (`make fuzz`):
 * parse → write RLE → parse must give the same pattern, writing it again the
 * same text, and plaintext of a small box the same cells; failures must be
 * GOLCL_E_PARSE ("line L, column C: ...") or GOLCL_E_UNSUPPORTED with the
 * out-handle NULL. Small limits keep every input fast. */
#include <golcl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_pattern: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

static char *to_text(const golcl_pattern *p, int rle, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f) fail("open_memstream", NULL);
  golcl_status s = rle ? golcl_pattern_write_rle(p, f) : golcl_pattern_write_plaintext(p, f);
  fclose(f);
  if (s != GOLCL_OK) fail("writing failed", golcl_last_errmsg());
  return buf;
}

static void same_cells(const golcl_pattern *a, const golcl_pattern *b) {
  if (golcl_pattern_width(a) != golcl_pattern_width(b) ||
      golcl_pattern_height(a) != golcl_pattern_height(b))
    fail("the box changed", NULL);
  if (golcl_pattern_population(a) != golcl_pattern_population(b)) fail("population changed", NULL);
  for (uint64_t i = 0; i < golcl_pattern_population(a); i++) {
    uint32_t ax, ay, bx, by;
    if (golcl_pattern_live_cell(a, i, &ax, &ay) != GOLCL_OK ||
        golcl_pattern_live_cell(b, i, &bx, &by) != GOLCL_OK || ax != bx || ay != by)
      fail("a cell changed", NULL);
  }
}

static void same_pattern(const golcl_pattern *a, const golcl_pattern *b) {
  same_cells(a, b);
  char ra[GOLCL_PATTERN_RULE_CAP], rb[GOLCL_PATTERN_RULE_CAP];
  if (golcl_pattern_rule_text(a, ra, sizeof ra) || golcl_pattern_rule_text(b, rb, sizeof rb) ||
      strcmp(ra, rb) != 0)
    fail("the rule changed", ra);
  if (golcl_pattern_generation(a) != golcl_pattern_generation(b)) fail("generation changed", NULL);
  int64_t ax, ay, bx, by;
  int ga = golcl_pattern_origin(a, &ax, &ay), gb = golcl_pattern_origin(b, &bx, &by);
  if (ax != bx || ay != by) fail("position changed", NULL);
  if (ga != gb && golcl_pattern_generation(a) == 0) fail("position given/default changed", NULL);
  if (golcl_pattern_comment_count(a) != golcl_pattern_comment_count(b))
    fail("comment count changed", NULL);
  for (size_t i = 0; i < golcl_pattern_comment_count(a); i++)
    if (strcmp(golcl_pattern_comment(a, i), golcl_pattern_comment(b, i)) != 0)
      fail("a comment changed", golcl_pattern_comment(a, i));
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  golcl_pattern_limits l = {4096, 4096, (uint64_t)1 << 18, (uint64_t)1 << 20};
  if (golcl_pattern_set_limits(&l) != GOLCL_OK) fail("set_limits", NULL);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  golcl_pattern *p = (golcl_pattern *)1;
  golcl_status s = golcl_pattern_parse((const char *)data, size, &p);
  if (s != GOLCL_OK) {
    if (p) fail("out-handle not NULL after a failure", NULL);
    if (s == GOLCL_E_PARSE && strncmp(golcl_last_errmsg(), "line ", 5) != 0)
      fail("parse error without line and column", golcl_last_errmsg());
    if (s != GOLCL_E_PARSE && s != GOLCL_E_UNSUPPORTED)
      fail("unexpected status", golcl_strerror(s));
    return 0;
  }
  size_t n1, n2;
  char *t1 = to_text(p, 1, &n1);
  golcl_pattern *q = NULL;
  if (golcl_pattern_parse(t1, n1, &q) != GOLCL_OK)
    fail("written RLE does not parse", golcl_last_errmsg());
  same_pattern(p, q);
  char *t2 = to_text(q, 1, &n2);
  if (n1 != n2 || memcmp(t1, t2, n1) != 0) fail("RLE written twice differs", NULL);
  uint64_t area = (uint64_t)golcl_pattern_width(p) * golcl_pattern_height(p);
  if (area > 0 && area <= (1u << 16)) {
    size_t n3;
    char *t3 = to_text(p, 0, &n3);
    golcl_pattern *r = NULL;
    if (golcl_pattern_parse(t3, n3, &r) != GOLCL_OK)
      fail("written plaintext does not parse", golcl_last_errmsg());
    same_cells(p, r);
    golcl_pattern_destroy(r);
    free(t3);
  }
  free(t1);
  free(t2);
  golcl_pattern_destroy(q);
  golcl_pattern_destroy(p);
  return 0;
}
