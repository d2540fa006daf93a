/* mspattern_read.c — a multi-state pattern from text or a file, in any of
 * the formats Golly writes for these rules: gzip inflated first, then
 * macrocell ("[M2]", msmacrocell.c), MCell ("#MCell", mcell.c) or RLE
 * (msrle.c). */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */
#include "../core/rle.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* RLE, macrocell ("[M2]") or MCell ("#MCell"), inflated first if gzip. */
golcl_status golcl_mspattern_parse(const char *text, size_t len, golcl_mspattern **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_parse: out is NULL");
  *out = NULL;
  if (!text) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_parse: text is NULL");
  if (golcl__ms_is_gzip(text, len)) {
    char *plain;
    size_t n;
    golcl_status s = golcl__ms_gunzip(text, len, &plain, &n);
    if (s != GOLCL_OK) return s;
    s = golcl__ms_is_gzip(plain, n)
            ? golcl__fail(NULL, GOLCL_E_PARSE, "line 1, column 1: gzip data compressed twice")
            : golcl_mspattern_parse(plain, n, out);
    free(plain);
    return s;
  }
  int mc = len >= 4 && memcmp(text, "[M2]", 4) == 0, mcl = len >= 6 && !memcmp(text, "#MCell", 6);
  if (!mc && !mcl) return golcl__msrle_parse(text, len, out);
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  golcl_status s = golcl__text_check(text, len, &lim);
  if (s != GOLCL_OK) return s;
  return mc ? golcl__msmacrocell_parse(text, len, out) : golcl__mcell_parse(text, len, out);
}

golcl_status golcl_mspattern_read_file(const char *path, golcl_mspattern **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_read_file: out is NULL");
  *out = NULL;
  if (!path)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_read_file: path is NULL");
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  char *b = NULL;
  size_t n = 0;
  golcl_status s = golcl__ms_read_file(path, lim.max_bytes, &b, &n);
  if (s == GOLCL_OK) {
    s = golcl_mspattern_parse(b, n, out);
    if (s != GOLCL_OK) {
      char m[GOLCL__ERRMSG_CAP - 64];
      snprintf(m, sizeof m, "%s", golcl_last_errmsg());
      golcl__fail(NULL, s, "%s: %s", path, m);
    }
  }
  free(b);
  return s;
}
