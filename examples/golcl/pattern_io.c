/* pattern_io.c — see pattern_io.h. */
#define _DEFAULT_SOURCE /* dirname, mkstemps */
#include "pattern_io.h"

#include <errno.h>
#include <libgen.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <golcl_rules.h>

#include "atomic_file.h"
#include "gz_file.h"
#include "stop.h"

/* All of stdin, up to the parser's byte limit; NULL with a message. */
static char *read_stdin_once(const char *cmd, size_t *len);

/* stdin is read once: pio_stdin_file looks at it before pio_load parses it. */
static char *stdin_text;
static size_t stdin_len;

/* A copy of stdin's text (read once, kept); NULL with a message. */
static char *read_stdin(const char *cmd, size_t *len) {
  if (!stdin_text && !(stdin_text = read_stdin_once(cmd, &stdin_len))) return NULL;
  char *copy = malloc(stdin_len ? stdin_len : 1);
  if (!copy) {
    fprintf(stderr, "golcl %s: <stdin>: out of memory\n", cmd);
    return NULL;
  }
  memcpy(copy, stdin_text, stdin_len);
  *len = stdin_len;
  return copy;
}

static char *read_stdin_once(const char *cmd, size_t *len) {
  golcl_pattern_limits lim;
  golcl_pattern_get_limits(&lim);
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    if (n == cap) {
      char *bigger = cap < (size_t)lim.max_bytes + 1 ? realloc(buf, cap * 2) : NULL;
      if (!bigger) break;
      buf = bigger;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, stdin);
    n += got;
    if (n > lim.max_bytes) {
      fprintf(stderr, "golcl %s: <stdin>: longer than the limit of %llu bytes\n", cmd,
              (unsigned long long)lim.max_bytes);
      free(buf);
      return NULL;
    }
    if (got == 0) {
      if (ferror(stdin)) {
        fprintf(stderr, "golcl %s: <stdin>: %s\n", cmd, strerror(errno));
        free(buf);
        return NULL;
      }
      *len = n;
      return buf;
    }
  }
  free(buf);
  fprintf(stderr, "golcl %s: <stdin>: out of memory\n", cmd);
  return NULL;
}

golcl_pattern *pio_load(const char *cmd, const char *path) {
  golcl_pattern *p = NULL;
  golcl_status s;
  if (strcmp(path, "-") == 0) {
    size_t len = 0;
    char *text = read_stdin(cmd, &len);
    if (!text) return NULL;
    s = golcl_pattern_parse(text, len, &p);
    free(text);
    path = "<stdin>";
  } else {
    s = golcl_pattern_read_file(path, &p);
  }
  if (s != GOLCL_OK) {
    const char *msg = golcl_last_errmsg();
    if (strncmp(msg, path, strlen(path)) == 0)
      fprintf(stderr, "golcl %s: %s\n", cmd, msg);
    else
      fprintf(stderr, "golcl %s: %s: %s: %s\n", cmd, path, golcl_strerror(s), msg);
    return NULL;
  }
  return p;
}

/* The first bytes of a text, inflated if it is gzip data. */
static size_t head_of(const char *text, size_t len, char *head, size_t cap) {
  if (len < 2 || (unsigned char)text[0] != 0x1f || (unsigned char)text[1] != 0x8b) {
    size_t n = len < cap ? len : cap;
    memcpy(head, text, n);
    return n;
  }
  z_stream z = {0};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return 0;
  z.next_in = (unsigned char *)text;
  z.avail_in = len > UINT32_MAX ? UINT32_MAX : (unsigned)len;
  z.next_out = (unsigned char *)head;
  z.avail_out = (unsigned)cap;
  inflate(&z, Z_SYNC_FLUSH);
  size_t n = cap - z.avail_out;
  inflateEnd(&z);
  return n;
}

int pio_refuse_zip(const char *cmd, const char *name, const char *head, size_t n) {
  if (n < 4 || memcmp(head, "PK\3\4", 4) != 0) return 0;
  fprintf(stderr,
          "golcl %s: %s: a zip archive; zip archives are not read (unzip it: Golly's .zip "
          "bundles hold pattern and .rule files)\n",
          cmd, name);
  return -1;
}

int pio_refuse_zip_file(const char *cmd, const char *path) {
  char head[4];
  FILE *f = fopen(path, "rb");
  if (!f) return 0; /* the reader says why it cannot be read */
  size_t n = fread(head, 1, sizeof head, f);
  fclose(f);
  return pio_refuse_zip(cmd, path, head, n);
}

/* Whether stdin's text is what only the path readers take: gzip, macrocell,
 * MCell, or a multi-state RLE (the two-state parser takes the rest). */
static int needs_a_file(const char *text, size_t len) {
  char head[64];
  size_t n = head_of(text, len, head, sizeof head);
  if ((unsigned char)text[0] == 0x1f) return 1;
  if (n >= 4 && (memcmp(head, "[M2]", 4) == 0 || memcmp(head, "#MCell", n < 6 ? n : 6) == 0))
    return 1;
  golcl_mspattern *p = NULL;
  golcl_status s = golcl_mspattern_parse(text, len, &p);
  golcl_mspattern_destroy(p);
  /* a rule file the rules folders lack is said by the path's reader; any
   * other error is the two-state parser's to tell, naming <stdin> */
  return s == GOLCL_OK || strstr(golcl_last_errmsg(), ".rule") != NULL;
}

int pio_stdin_file(const char *cmd, char **path) {
  *path = NULL;
  size_t len;
  char *text = read_stdin(cmd, &len);
  if (!text) return -1;
  char head[64];
  size_t n = head_of(text, len, head, sizeof head);
  int rc = pio_refuse_zip(cmd, "<stdin>", head, n);
  if (rc == 0 && len && needs_a_file(text, len)) {
    const char *dir = getenv("TMPDIR");
    size_t cap = strlen(dir && *dir ? dir : "/tmp") + 40;
    int gz = (unsigned char)text[0] == 0x1f, mc = n >= 4 && memcmp(head, "[M2]", 4) == 0;
    const char *suffix = mc && gz ? ".mc.gz" : mc ? ".mc" : gz ? ".rle.gz" : ".rle";
    *path = malloc(cap);
    int fd = -1;
    if (*path) {
      snprintf(*path, cap, "%s/golcl-stdin-XXXXXX%s", dir && *dir ? dir : "/tmp", suffix);
      fd = mkstemps(*path, (int)strlen(suffix));
    }
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (f) ex_stop_register_tmp(*path);
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
      fprintf(stderr, "golcl %s: <stdin>: cannot keep it in a temporary file: %s\n", cmd,
              strerror(errno));
      if (f)
        pio_stdin_file_done(*path);
      else
        free(*path);
      *path = NULL;
      rc = -1;
    }
  }
  free(text);
  return rc;
}

void pio_stdin_file_done(char *path) {
  if (!path) return;
  unlink(path);
  ex_stop_unregister_tmp(path);
  free(path);
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n > m && strcasecmp(s + n - m, suffix) == 0;
}

pio_kind pio_kind_of(const char *path) {
  if (strcmp(path, "-") == 0) return PIO_STDOUT;
  if (ends_with(path, ".rle")) return PIO_RLE;
  if (ends_with(path, ".cells")) return PIO_CELLS;
  if (ends_with(path, ".png")) return PIO_PNG;
  if (ends_with(path, ".mc")) return PIO_MC;
  if (ends_with(path, ".rle.gz")) return PIO_RLE_GZ;
  if (ends_with(path, ".mc.gz")) return PIO_MC_GZ;
  return PIO_BAD;
}

pio_kind pio_plain_kind(pio_kind k) {
  return k == PIO_RLE_GZ ? PIO_RLE : k == PIO_MC_GZ ? PIO_MC : k;
}

int pio_check_output(const char *cmd, const char *path) {
  if (strcmp(path, "-") == 0) return 0;
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      fprintf(stderr, "golcl %s: %s: is a folder\n", cmd, path);
      return -1;
    }
    if (!S_ISREG(st.st_mode)) return 0; /* a device or a pipe: written in place */
  }
  char *copy = strdup(path);
  if (!copy) return -1;
  const char *dir = dirname(copy);
  int ok = access(dir, W_OK | X_OK) == 0;
  int err = errno;
  if (!ok)
    fprintf(stderr, "golcl %s: %s: cannot write in the folder %s: %s\n", cmd, path, dir,
            strerror(err));
  free(copy);
  return ok ? 0 : -1;
}

int pio_write_text(const char *cmd, const char *path, pio_text_writer write, const void *obj) {
  char prog[64];
  snprintf(prog, sizeof prog, "golcl %s", cmd);
  pio_kind kind = pio_kind_of(path);
  if (kind == PIO_STDOUT) /* a failed write is reported by main's check of stdout */
    return write(obj, stdout, PIO_RLE) == GOLCL_OK ? 0 : -1;
  ex_atomic a;
  if (ex_atomic_open(&a, path, prog) != 0) return -1;
  FILE *f = a.f;
  if (kind == PIO_RLE_GZ || kind == PIO_MC_GZ) f = ex_gz_open(a.f);
  golcl_status s = f ? write(obj, f, pio_plain_kind(kind)) : GOLCL_E_OUT_OF_MEMORY;
  int err = errno;
  if (f && f != a.f && fclose(f) != 0 && s == GOLCL_OK) s = GOLCL_E_IO, err = errno;
  if (s != GOLCL_OK) {
    fprintf(stderr, "%s: %s: write failed: %s (the old file, if any, is unchanged)\n", prog, path,
            err ? strerror(err) : golcl_strerror(s));
    ex_atomic_abort(&a);
    return -1;
  }
  return ex_atomic_commit(&a, prog);
}

int pio_write_png(const char *cmd, const char *path, const uint8_t *cells, uint32_t w, uint32_t h,
                  const ex_cell_view *view) {
  if (ex_write_png_cells(path, cells, w, h, w, view) != 0) {
    fprintf(stderr, "golcl %s: %s: cannot write the image\n", cmd, path);
    return -1;
  }
  return 0;
}

static golcl_status write_pattern(const void *obj, FILE *f, pio_kind kind) {
  const golcl_pattern *p = obj;
  return kind == PIO_CELLS ? golcl_pattern_write_plaintext(p, f)
         : kind == PIO_MC  ? golcl_pattern_write_macrocell(p, f)
                           : golcl_pattern_write_rle(p, f);
}

int pio_write(const char *cmd, const char *path, const golcl_pattern *p, const ex_cell_view *view,
              uint32_t border) {
  switch (pio_kind_of(path)) {
    case PIO_STDOUT:
    case PIO_RLE:
    case PIO_CELLS:
    case PIO_MC:
    case PIO_RLE_GZ:
    case PIO_MC_GZ:
      return pio_write_text(cmd, path, write_pattern, p);
    case PIO_PNG: {
      uint64_t w = golcl_pattern_width(p), h = golcl_pattern_height(p);
      if (w && h) w += 2 * (uint64_t)border, h += 2 * (uint64_t)border;
      if (w > 1u << 20 || h > 1u << 20 || w * h > (1u << 30)) {
        fprintf(stderr, "golcl %s: %s: a %llux%llu pattern is too large for an image\n", cmd, path,
                (unsigned long long)w, (unsigned long long)h);
        return -1;
      }
      uint8_t *cells = calloc(w && h ? (size_t)(w * h) : 1, 1);
      if (!cells) {
        fprintf(stderr, "golcl %s: %s: out of memory\n", cmd, path);
        return -1;
      }
      for (uint64_t i = 0; i < golcl_pattern_population(p); i++) {
        uint32_t x, y;
        golcl_pattern_live_cell(p, i, &x, &y);
        cells[(size_t)(y + border) * w + x + border] = 1;
      }
      int rc = pio_write_png(cmd, path, cells, (uint32_t)w, (uint32_t)h, view);
      free(cells);
      return rc;
    }
    case PIO_BAD:
      break;
  }
  fprintf(stderr, "golcl %s: %s: unknown output extension (" PIO_EXTENSIONS ")\n", cmd, path);
  return -1;
}

void pio_describe_bounds(const golcl_bounds *b, char *buf, size_t cap) {
  unsigned w = b->width, h = b->height;
  char shift[96] = "";
  if (b->topology == GOLCL_TOPOLOGY_TORUS && b->shift_x)
    snprintf(shift, sizeof shift, ", shifted by %d along x across the top and bottom edges",
             (int)b->shift_x);
  else if (b->topology == GOLCL_TOPOLOGY_TORUS && b->shift_y)
    snprintf(shift, sizeof shift, ", shifted by %d along y across the left and right edges",
             (int)b->shift_y);
  else if (b->topology == GOLCL_TOPOLOGY_KLEIN && (b->shift_x || b->shift_y))
    snprintf(shift, sizeof shift, ", the reflection shifted by 1");
  switch (b->topology) {
    case GOLCL_TOPOLOGY_INFINITE:
      snprintf(buf, cap, "the infinite plane");
      return;
    case GOLCL_TOPOLOGY_PLANE:
      if (w && h)
        snprintf(buf, cap, "%ux%u plane (dead outside)", w, h);
      else
        snprintf(buf, cap, "%ux%u strip (unbounded %s, dead beyond its %s edges)", w, h,
                 w ? "up and down" : "across", w ? "left and right" : "top and bottom");
      return;
    case GOLCL_TOPOLOGY_TORUS:
      if (w && h)
        snprintf(buf, cap, "%ux%u torus%s", w, h, shift);
      else
        snprintf(buf, cap, "%ux%u tube (unbounded %s, wrapping %s)", w, h,
                 w ? "up and down" : "across", w ? "left to right" : "top to bottom");
      return;
    case GOLCL_TOPOLOGY_KLEIN:
      snprintf(buf, cap, "%ux%u Klein bottle (%s edges twisted%s)", w, h,
               b->twist_x ? "top and bottom" : "left and right", shift);
      return;
    case GOLCL_TOPOLOGY_CROSS:
      snprintf(buf, cap, "%ux%u cross-surface (both pairs of edges twisted)", w, h);
      return;
    case GOLCL_TOPOLOGY_SPHERE:
      snprintf(buf, cap, "%ux%u sphere (top edge joined to left, right to bottom)", w, h);
      return;
  }
  snprintf(buf, cap, "an unknown grid");
}

int pio_parse_u64(const char *s, uint64_t *out) {
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end) return -1;
  *out = v;
  return 0;
}

int pio_parse_u32(const char *s, uint32_t *out) {
  uint64_t v;
  if (pio_parse_u64(s, &v) != 0 || v > UINT32_MAX) return -1;
  *out = (uint32_t)v;
  return 0;
}

int pio_parse_size(const char *s, uint32_t *w, uint32_t *h) {
  const char *x = strpbrk(s, "xX");
  if (!x) return pio_parse_u32(s, w) == 0 ? (*h = *w, 0) : -1;
  char buf[32];
  size_t n = (size_t)(x - s);
  if (n == 0 || n >= sizeof buf) return -1;
  memcpy(buf, s, n);
  buf[n] = '\0';
  return pio_parse_u32(buf, w) == 0 && pio_parse_u32(x + 1, h) == 0 ? 0 : -1;
}

int pio_bad_option(const char *cmd, int c, char **argv) {
  const char *arg = optind > 0 ? argv[optind - 1] : "";
  char name[64];
  if (strncmp(arg, "--", 2) == 0) /* a long option, shown without its =value */
    snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
  else
    snprintf(name, sizeof name, "-%c", optopt > 32 && optopt < 127 ? optopt : '?');
  fprintf(stderr, "golcl %s: %s '%s'%s (golcl %s --help)\n", cmd,
          c == ':' ? "option" : "unknown option", name, c == ':' ? " needs a value" : "", cmd);
  return 2;
}

int pio_has_gpu(void) {
  golcl_device_info dev[16];
  size_t n = 0;
  if (golcl_devices(dev, 16, &n) != GOLCL_OK) return 0;
  for (size_t i = 0; i < n && i < 16; i++)
    if (dev[i].type == GOLCL_DEVICE_GPU) return 1;
  return 0;
}
