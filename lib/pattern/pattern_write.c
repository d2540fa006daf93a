/* pattern_write.c — writers: RLE (Golly's layout: #CXRLE line, comments,
 * header with the rule, cells in lines of at most 70 characters) and
 * plaintext .cells, to a FILE or to a file chosen by extension (.mc goes
 * to macrocell.c). Each writer
 * first counts what it would write (the same code with no FILE), so that a
 * text that the readers' limits would refuse is refused before a byte is
 * written; a file is written whole to a temporary beside it, then renamed. */
#include "pattern.h"
#include "../core/rle.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Where text goes: a FILE, or nowhere (f NULL) to count it; RLE tokens
 * wrap at 70 characters (the core's golcl__rle_emit). */
typedef golcl__rle_wrap sink;

static void put(sink *o, const char *s, size_t n) { golcl__rle_put(o, s, n); }

static void putf(sink *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void putf(sink *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = o->f ? vfprintf(o->f, fmt, ap) : vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n > 0) o->bytes += (uint64_t)n;
}

static void rle_token(sink *o, uint64_t n, char tag) {
  char sym[2] = {tag, '\0'};
  golcl__rle_emit(o, n, sym);
}

golcl_status golcl__pattern_check_limits(const golcl_pattern *p, uint64_t bytes, const char *fn) {
  golcl_pattern_limits lim = golcl__pattern_limits();
  const char *hint = "the limits of golcl_pattern_set_limits: it could not be read back";
  if (p->w > lim.max_width || p->h > lim.max_height || p->bounds.width > lim.max_width ||
      p->bounds.height > lim.max_height)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: a %ux%u pattern (grid %ux%u) is past %s", fn,
                       (unsigned)p->w, (unsigned)p->h, (unsigned)p->bounds.width,
                       (unsigned)p->bounds.height, hint);
  if (p->ncells > lim.max_cells)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: %zu live cells are past %s", fn, p->ncells,
                       hint);
  if (bytes > lim.max_bytes)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: %llu bytes of text are past %s", fn,
                       (unsigned long long)bytes, hint);
  return GOLCL_OK;
}

static golcl_status finish(FILE *f) {
  if (fflush(f) != 0 || ferror(f))
    return golcl__fail(NULL, GOLCL_E_IO, "writing the pattern failed: %s", strerror(errno));
  return GOLCL_OK;
}

/* RLE ------------------------------------------------------------------------------ */

static void rle_text(const golcl_pattern *p, const char *rule, sink *o) {
  int xrle = p->origin_kind == GOLCL__ORIGIN_XRLE || p->generation != 0;
  if (xrle) {
    putf(o, "#CXRLE Pos=%lld,%lld", (long long)p->origin_x, (long long)p->origin_y);
    if (p->generation) putf(o, " Gen=%llu", (unsigned long long)p->generation);
    put(o, "\n", 1);
  }
  for (size_t i = 0; i < p->ncomments; i++) putf(o, "%s\n", p->comments[i]);
  if (!xrle && (p->origin_kind == GOLCL__ORIGIN_P || p->origin_kind == GOLCL__ORIGIN_R))
    putf(o, "#%c %lld %lld\n", p->origin_kind == GOLCL__ORIGIN_P ? 'P' : 'R',
         (long long)p->origin_x, (long long)p->origin_y);
  putf(o, "x = %u, y = %u, rule = %s\n", (unsigned)p->w, (unsigned)p->h, rule);
  o->col = 0;
  uint32_t cur_y = 0;
  for (size_t i = 0; i < p->ncells;) {
    uint32_t y = p->cells[i].y, x = 0;
    if (y > cur_y) rle_token(o, y - cur_y, '$');
    cur_y = y;
    while (i < p->ncells && p->cells[i].y == y) {
      uint32_t sx = p->cells[i].x, n = 1;
      while (i + n < p->ncells && p->cells[i + n].y == y && p->cells[i + n].x == sx + n) n++;
      if (sx > x) rle_token(o, sx - x, 'b');
      rle_token(o, n, 'o');
      x = sx + n;
      i += n;
    }
  }
  rle_token(o, 1, '!');
  put(o, "\n", 1);
}

golcl_status golcl_pattern_write_rle(const golcl_pattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_rle: NULL argument");
  char rule[GOLCL_PATTERN_RULE_CAP];
  golcl_status s = golcl__pattern_rule_text(p, rule, sizeof rule);
  if (s != GOLCL_OK) return s;
  sink count = {NULL, 0, 0, 0}, out = {f, 0, 0, 0};
  rle_text(p, rule, &count);
  s = golcl__pattern_check_limits(p, count.bytes, "golcl_pattern_write_rle");
  if (s != GOLCL_OK) return s;
  rle_text(p, rule, &out);
  return finish(f);
}

/* Plaintext ---------------------------------------------------------------------- */

static void dots(sink *o, uint64_t n) {
  static const char many[64] = "................................................................";
  if (!o->f) {
    o->bytes += n;
    return;
  }
  while (n > 0) {
    size_t k = n > sizeof many ? sizeof many : (size_t)n;
    put(o, many, k);
    n -= k;
  }
}

/* An RLE comment line as a plaintext "!" line. */
static void plaintext_comment(sink *o, const char *c) {
  int tag_alone = c[0] == '#' && c[1] && (c[2] == ' ' || c[2] == '\0');
  if (tag_alone && c[1] == 'N')
    putf(o, "!Name: %s\n", c[2] == ' ' ? c + 3 : c + 2);
  else if (tag_alone && c[1] == 'O')
    putf(o, "!Author: %s\n", c[2] == ' ' ? c + 3 : c + 2);
  else if (c[0] == '#' && (c[1] == 'C' || c[1] == 'c'))
    putf(o, "!%s\n", c[2] == ' ' ? c + 3 : c + 2);
  else
    putf(o, "!%s\n", c);
}

static void plaintext_text(const golcl_pattern *p, sink *o) {
  for (size_t i = 0; i < p->ncomments; i++) plaintext_comment(o, p->comments[i]);
  size_t i = 0;
  for (uint32_t y = 0; y < p->h; y++) {
    uint32_t x = 0;
    for (; i < p->ncells && p->cells[i].y == y; i++) {
      dots(o, p->cells[i].x - x);
      put(o, "O", 1);
      x = p->cells[i].x + 1;
    }
    dots(o, p->w - x);
    put(o, "\n", 1);
  }
}

golcl_status golcl_pattern_write_plaintext(const golcl_pattern *p, FILE *f) {
  if (!p || !f)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_plaintext: NULL argument");
  /* the size first: rows are counted one by one, so the box must be in bounds */
  golcl_status s = golcl__pattern_check_limits(p, 0, "golcl_pattern_write_plaintext");
  sink count = {NULL, 0, 0, 0}, out = {f, 0, 0, 0};
  if (s == GOLCL_OK) plaintext_text(p, &count);
  if (s == GOLCL_OK) s = golcl__pattern_check_limits(p, count.bytes, "golcl_pattern_write_plaintext");
  if (s != GOLCL_OK) return s;
  plaintext_text(p, &out);
  return finish(f);
}

/* Files ------------------------------------------------------------------------------ */

static int ends_with_nocase(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* Creates a new file ".NAME.XXXXXX-golcl" beside path (O_EXCL, so never an
 * existing one), with the permissions of the file at path if there is one,
 * else 0666 less the umask. *tmp receives its malloc'd name. */
static int create_temp(const char *path, char **tmp) {
  static _Atomic unsigned counter;
  const char *slash = strrchr(path, '/');
  size_t dir = slash ? (size_t)(slash - path) + 1 : 0, n = strlen(path) + 40;
  char *name = malloc(n);
  if (!name) {
    errno = ENOMEM;
    return -1;
  }
  int fd = -1;
  for (int tries = 0; fd < 0 && tries < 100; tries++) {
    unsigned r =
        atomic_fetch_add(&counter, 1) * 2654435761u ^ (unsigned)getpid() ^ (unsigned)time(NULL);
    snprintf(name, n, "%.*s.%s.%06x-golcl", (int)dir, path, path + dir, r & 0xffffffu);
    fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    free(name);
    return -1;
  }
  struct stat st;
  if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) (void)fchmod(fd, st.st_mode & 07777);
  *tmp = name;
  return fd;
}

golcl_status golcl_pattern_write_file(const golcl_pattern *p, const char *path) {
  if (!p || !path)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_pattern_write_file: NULL argument");
  int rle = ends_with_nocase(path, ".rle"), cells = ends_with_nocase(path, ".cells");
  int mc = ends_with_nocase(path, ".mc");
  if (!rle && !cells && !mc)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "%s: unknown pattern extension (.rle, .cells or .mc)", path);
  char *tmp = NULL;
  int fd = create_temp(path, &tmp);
  if (fd < 0)
    return golcl__fail(NULL, GOLCL_E_IO, "%s: cannot create a file beside it: %s", path,
                       strerror(errno));
  FILE *f = fdopen(fd, "wb");
  if (!f) {
    golcl_status s = golcl__fail(NULL, GOLCL_E_IO, "%s: %s", path, strerror(errno));
    close(fd);
    unlink(tmp);
    free(tmp);
    return s;
  }
  golcl_status s = rle  ? golcl_pattern_write_rle(p, f)
                   : mc ? golcl_pattern_write_macrocell(p, f)
                        : golcl_pattern_write_plaintext(p, f);
  if (s == GOLCL_E_IO) golcl__fail(NULL, s, "%s: write failed: %s", path, strerror(errno));
  if (s == GOLCL_OK && fsync(fd) != 0)
    s = golcl__fail(NULL, GOLCL_E_IO, "%s: fsync: %s", path, strerror(errno));
  if (fclose(f) != 0 && s == GOLCL_OK)
    s = golcl__fail(NULL, GOLCL_E_IO, "%s: close: %s", path, strerror(errno));
  if (s == GOLCL_OK && rename(tmp, path) != 0)
    s = golcl__fail(NULL, GOLCL_E_IO, "%s: %s", path, strerror(errno));
  if (s != GOLCL_OK) unlink(tmp); /* the old file at path stays as it was */
  free(tmp);
  return s;
}
