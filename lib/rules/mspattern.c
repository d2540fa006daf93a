/* mspattern.c — the multi-state pattern object (a box of bytes with rule,
 * bounds, position, generation and comments; ms.h has its struct): its
 * accessors, the makers the readers use, and reading a file's bytes. The
 * readers (msrle.c, msmacrocell.c, mcell.c) and the rule files
 * (ruleloader.c) use it; it uses none of them. */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void golcl_mspattern_destroy(golcl_mspattern *p) {
  if (!p) return;
  for (size_t i = 0; i < p->ncomments; i++) free(p->comments[i]);
  free(p->comments);
  free(p->cells);
  free(p);
}

uint32_t golcl_mspattern_width(const golcl_mspattern *p) { return p ? p->w : 0; }
uint32_t golcl_mspattern_height(const golcl_mspattern *p) { return p ? p->h : 0; }
const uint8_t *golcl_mspattern_cells(const golcl_mspattern *p) { return p ? p->cells : NULL; }
uint64_t golcl_mspattern_generation(const golcl_mspattern *p) { return p ? p->generation : 0; }

void golcl_mspattern_origin(const golcl_mspattern *p, int64_t *x, int64_t *y) {
  if (x) *x = p ? p->ox : 0;
  if (y) *y = p ? p->oy : 0;
}

golcl_status golcl_mspattern_msrule(const golcl_mspattern *p, golcl_msrule *out) {
  if (!p || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_msrule: NULL argument");
  *out = p->rule;
  return GOLCL_OK;
}

size_t golcl_mspattern_comment_count(const golcl_mspattern *p) { return p ? p->ncomments : 0; }

const char *golcl_mspattern_comment(const golcl_mspattern *p, size_t i) {
  return p && i < p->ncomments ? p->comments[i] : NULL;
}

golcl_status golcl_mspattern_set_origin(golcl_mspattern *p, int64_t x, int64_t y) {
  if (!p)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_set_origin: pattern is NULL");
  p->ox = x, p->oy = y;
  return GOLCL_OK;
}

golcl_status golcl_mspattern_set_bounds(golcl_mspattern *p, const golcl_bounds *b) {
  char t[GOLCL_BOUNDS_TEXT_CAP];
  if (!p || !b)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_set_bounds: NULL argument");
  if (b->topology != GOLCL_TOPOLOGY_INFINITE && golcl_bounds_format(b, t, sizeof t) != GOLCL_OK)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_set_bounds: %s",
                       golcl_last_errmsg());
  p->bounds = *b;
  return GOLCL_OK;
}

golcl_status golcl_mspattern_bounds(const golcl_mspattern *p, golcl_bounds *out) {
  if (!p || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mspattern_bounds: NULL argument");
  *out = p->bounds;
  return GOLCL_OK;
}

golcl_status golcl__mspattern_push_comment(golcl_mspattern *p, const char *s, size_t n) {
  char **c = realloc(p->comments, (p->ncomments + 1) * sizeof *c);
  if (!c) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  p->comments = c;
  if (!(c[p->ncomments] = malloc(n + 1)))
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  memcpy(c[p->ncomments], s, n);
  c[p->ncomments++][n] = '\0';
  return GOLCL_OK;
}

golcl_status golcl__mspattern_new(uint32_t w, uint32_t h, golcl_mspattern **out) {
  golcl_mspattern *p = calloc(1, sizeof *p);
  if (p) p->cells = calloc((size_t)w * h + 1, 1);
  if (!p || !p->cells) {
    free(p);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  p->w = w, p->h = h;
  p->bounds.topology = GOLCL_TOPOLOGY_INFINITE;
  *out = p;
  return GOLCL_OK;
}

void golcl__mspattern_set(golcl_mspattern *p, const golcl_msrule *rule, const golcl_bounds *b,
                          int64_t ox, int64_t oy, uint64_t generation) {
  p->rule = *rule;
  p->bounds = *b;
  p->ox = ox, p->oy = oy;
  p->generation = generation;
}

uint8_t *golcl__mspattern_cells(golcl_mspattern *p) { return p->cells; }

golcl_status golcl__ms_read_file(const char *path, size_t max, char **text, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return golcl__fail(NULL, GOLCL_E_IO, "%s: %s", path, strerror(errno));
  size_t cap = 1 << 16, n = 0, k;
  char *b = malloc(cap);
  golcl_status s = b ? GOLCL_OK : golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  while (s == GOLCL_OK && (k = fread(b + n, 1, cap - n, f)) > 0) {
    n += k;
    if (n > max) {
      s = golcl__fail(NULL, GOLCL_E_PARSE, "%s: longer than the limit %llu bytes", path,
                      (unsigned long long)max);
    } else if (n == cap) {
      char *m = realloc(b, cap *= 2);
      if (!m)
        s = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      else
        b = m;
    }
  }
  if (s == GOLCL_OK && ferror(f)) s = golcl__fail(NULL, GOLCL_E_IO, "%s: read error", path);
  fclose(f);
  if (s != GOLCL_OK) {
    free(b);
    return s;
  }
  *text = b, *len = n;
  return GOLCL_OK;
}
