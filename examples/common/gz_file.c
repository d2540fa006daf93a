/* gz_file.c — see gz_file.h. fopencookie (glibc) lets the pattern writers,
 * which take a FILE *, write through zlib's gzFile unchanged. */
#define _GNU_SOURCE /* fopencookie */
#include "gz_file.h"

#include <errno.h>
#include <unistd.h>
#include <zlib.h>

static ssize_t gz_write(void *cookie, const char *buf, size_t n) {
  size_t done = 0;
  while (done < n) { /* gzwrite takes an unsigned count */
    unsigned part = n - done > (1u << 30) ? 1u << 30 : (unsigned)(n - done);
    int w = gzwrite((gzFile)cookie, buf + done, part);
    if (w <= 0) {
      errno = EIO;
      return done ? (ssize_t)done : -1;
    }
    done += (size_t)w;
  }
  return (ssize_t)done;
}

static int gz_close(void *cookie) {
  if (gzclose((gzFile)cookie) != Z_OK) {
    errno = EIO;
    return -1;
  }
  return 0;
}

FILE *ex_gz_open(FILE *f) {
  int fd = dup(fileno(f)); /* gzclose closes its own descriptor, not f's */
  if (fd < 0) return NULL;
  gzFile z = gzdopen(fd, "wb");
  if (!z) {
    close(fd);
    errno = ENOMEM;
    return NULL;
  }
  cookie_io_functions_t io = {NULL, gz_write, NULL, gz_close};
  FILE *out = fopencookie(z, "wb", io);
  if (!out) gzclose(z);
  return out;
}
