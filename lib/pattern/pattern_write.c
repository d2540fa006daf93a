/* pattern_write.c — writers: RLE (Golly's layout: #CXRLE line, comments,
 * header with the rule, cells in lines of at most 70 characters) and
 * plaintext .cells, to a FILE or to a file chosen by extension. */
#include "pattern.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define RLE_LINE_MAX 70

typedef struct rle_out {
  FILE *f;
  size_t col; /* characters on the current line */
} rle_out;

static void rle_token(rle_out *o, uint64_t n, char tag) {
  char tok[32];
  int len = n > 1 ? snprintf(tok, sizeof tok, "%llu%c", (unsigned long long)n, tag)
                  : snprintf(tok, sizeof tok, "%c", tag);
  if (o->col + (size_t)len > RLE_LINE_MAX) {
    fputc('\n', o->f);
    o->col = 0;
  }
  fputs(tok, o->f);
  o->col += (size_t)len;
}

static golcl_status finish(FILE *f) {
  if (fflush(f) != 0 || ferror(f))
    return golcl__fail(NULL, GOLCL_E_IO, "writing the pattern failed: %s", strerror(errno));
  return GOLCL_OK;
}

golcl_status golcl_pattern_write_rle(const golcl_pattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_rle: NULL argument");
  int xrle = p->origin_kind == GOLCL__ORIGIN_XRLE || p->generation != 0;
  if (xrle) {
    fprintf(f, "#CXRLE Pos=%lld,%lld", (long long)p->origin_x, (long long)p->origin_y);
    if (p->generation) fprintf(f, " Gen=%llu", (unsigned long long)p->generation);
    fputc('\n', f);
  }
  for (size_t i = 0; i < p->ncomments; i++) fprintf(f, "%s\n", p->comments[i]);
  if (!xrle && (p->origin_kind == GOLCL__ORIGIN_P || p->origin_kind == GOLCL__ORIGIN_R))
    fprintf(f, "#%c %lld %lld\n", p->origin_kind == GOLCL__ORIGIN_P ? 'P' : 'R',
            (long long)p->origin_x, (long long)p->origin_y);
  char rule[GOLCL_PATTERN_RULE_CAP];
  golcl_status s = golcl__pattern_rule_text(p, rule, sizeof rule);
  if (s != GOLCL_OK) return s;
  fprintf(f, "x = %u, y = %u, rule = %s\n", (unsigned)p->w, (unsigned)p->h, rule);
  rle_out o = {f, 0};
  uint32_t cur_y = 0;
  for (size_t i = 0; i < p->ncells;) {
    uint32_t y = p->cells[i].y, x = 0;
    if (y > cur_y) rle_token(&o, y - cur_y, '$');
    cur_y = y;
    while (i < p->ncells && p->cells[i].y == y) {
      uint32_t sx = p->cells[i].x, n = 1;
      while (i + n < p->ncells && p->cells[i + n].y == y && p->cells[i + n].x == sx + n) n++;
      if (sx > x) rle_token(&o, sx - x, 'b');
      rle_token(&o, n, 'o');
      x = sx + n;
      i += n;
    }
  }
  rle_token(&o, 1, '!');
  fputc('\n', f);
  return finish(f);
}

static void dots(FILE *f, uint64_t n) {
  static const char many[64] = "................................................................";
  while (n > 0) {
    size_t k = n > sizeof many ? sizeof many : (size_t)n;
    fwrite(many, 1, k, f);
    n -= k;
  }
}

/* An RLE comment line as a plaintext "!" line. */
static void plaintext_comment(FILE *f, const char *c) {
  int tag_alone = c[0] == '#' && c[1] && (c[2] == ' ' || c[2] == '\0');
  if (tag_alone && c[1] == 'N')
    fprintf(f, "!Name: %s\n", c[2] == ' ' ? c + 3 : c + 2);
  else if (tag_alone && c[1] == 'O')
    fprintf(f, "!Author: %s\n", c[2] == ' ' ? c + 3 : c + 2);
  else if (c[0] == '#' && (c[1] == 'C' || c[1] == 'c'))
    fprintf(f, "!%s\n", c[2] == ' ' ? c + 3 : c + 2);
  else
    fprintf(f, "!%s\n", c);
}

golcl_status golcl_pattern_write_plaintext(const golcl_pattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_plaintext: NULL argument");
  for (size_t i = 0; i < p->ncomments; i++) plaintext_comment(f, p->comments[i]);
  size_t i = 0;
  for (uint32_t y = 0; y < p->h; y++) {
    uint32_t x = 0;
    for (; i < p->ncells && p->cells[i].y == y; i++) {
      dots(f, p->cells[i].x - x);
      fputc('O', f);
      x = p->cells[i].x + 1;
    }
    dots(f, p->w - x);
    fputc('\n', f);
  }
  return finish(f);
}

static int ends_with_nocase(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

golcl_status golcl_pattern_write_file(const golcl_pattern *p, const char *path) {
  if (!p || !path)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_file: NULL argument");
  int rle = ends_with_nocase(path, ".rle"), cells = ends_with_nocase(path, ".cells");
  if (!rle && !cells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: unknown pattern extension (.rle or .cells)",
                       path);
  FILE *f = fopen(path, "wb");
  if (!f) return golcl__fail(NULL, GOLCL_E_IO, "%s: %s", path, strerror(errno));
  golcl_status s = rle ? golcl_pattern_write_rle(p, f) : golcl_pattern_write_plaintext(p, f);
  if (fclose(f) != 0 && s == GOLCL_OK)
    s = golcl__fail(NULL, GOLCL_E_IO, "%s: %s", path, strerror(errno));
  else if (s == GOLCL_E_IO)
    golcl__fail(NULL, s, "%s: write failed", path);
  return s;
}
