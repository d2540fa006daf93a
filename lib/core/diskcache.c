/* diskcache.c — program binaries on disk, so that a new process starts from
 * the binary a former one built instead of compiling the source again.
 *
 * One file per (library version, kernel file and its source text, platform,
 * device, device and driver versions, build options), named by a hash of that
 * key, under $XDG_CACHE_HOME/golcl (else $HOME/.cache/golcl); GOLCL_CACHE=0
 * turns it off, GOLCL_CACHE=1 on. pocl keeps a kernel cache of its own, and
 * asking it for a program's binary makes it compile every kernel of the
 * program: a first `golcl run` on pocl took 3.06 s with this cache instead of
 * 0.16 s without (docs/benchmarks.md), so on pocl it is off unless
 * GOLCL_CACHE=1. A file is
 *
 *   "GOLCLBIN" | format u32 | key length u32 | payload length u64 | crc u32 | 0 u32
 *   | key text | payload (the device binary)
 *
 * (integers little-endian; the CRC-32 covers the three fields before it, the
 * key and the payload). A file is used only if all of it checks out and its
 * key is the whole key of the build wanted; anything else — a missing,
 * truncated, bit-flipped or foreign file, a binary the driver refuses — falls
 * back to the source, and the new binary replaces the file atomically (a
 * temporary file renamed over it). The cache is an optimisation only: no
 * failure of it ever fails a build. */
#include "core.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define MAGIC "GOLCLBIN"
#define FORMAT 1u
#define HEADER 32u
#define KEY_MAX (64u * 1024u)
#define PAYLOAD_MAX (1024ull * 1024u * 1024u)

static char *join(const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 1;
  char *s = malloc(n);
  if (s) snprintf(s, n, "%s%s", a, b);
  return s;
}

char *golcl__diskcache_dir(int device_caches_itself) {
  const char *env = getenv("GOLCL_CACHE");
  if (env && strcmp(env, "0") == 0) return NULL;
  if (device_caches_itself && !(env && strcmp(env, "1") == 0)) return NULL;
  const char *xdg = getenv("XDG_CACHE_HOME");
  if (xdg && xdg[0] == '/') return join(xdg, "/golcl"); /* relative: ignored (XDG spec) */
  const char *home = getenv("HOME");
  if (home && home[0] == '/') return join(home, "/.cache/golcl");
  return NULL;
}

static uint64_t fnv1a(const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

static void put32(unsigned char *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static void put64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static uint32_t get32(const unsigned char *p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; i--) v = v << 8 | p[i];
  return v;
}
static uint64_t get64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

/* CRC-32 of header bytes 8..24, the key and the payload (zlib's crc32 takes
 * uInt lengths: fed in pieces). */
static uint32_t checksum(const unsigned char *header, const unsigned char *rest, size_t n) {
  uLong c = crc32(0L, Z_NULL, 0);
  c = crc32(c, header + 8, 16);
  while (n > 0) {
    uInt k = n > (1u << 30) ? (1u << 30) : (uInt)n;
    c = crc32(c, rest, k);
    rest += k;
    n -= k;
  }
  return (uint32_t)c;
}

/* The whole key of a build, and the file that holds it. */
typedef struct entry_name {
  char *key;
  char *path;
} entry_name;

static int name_entry(const golcl_context *ctx, const char *file, const char *src,
                      const char *options, entry_name *e) {
  const golcl_device_info *d = &ctx->info;
  e->key = e->path = NULL;
  const char *fmt =
      "libgolcl %s\nformat %u\nfile %s\nsource %016llx %zu\nplatform %s\n"
      "platform version %s\ndevice %s\nvendor %s\ndevice version %s\n"
      "driver %s\noptions %s\n";
  size_t srclen = strlen(src);
  unsigned long long sh = (unsigned long long)fnv1a(src, srclen);
  int n = snprintf(NULL, 0, fmt, GOLCL_VERSION_STRING, FORMAT, file, sh, srclen, d->platform,
                   d->platform_version, d->name, d->vendor, d->version, d->driver_version, options);
  if (n < 0 || (size_t)n >= KEY_MAX || !(e->key = malloc((size_t)n + 1))) return -1;
  snprintf(e->key, (size_t)n + 1, fmt, GOLCL_VERSION_STRING, FORMAT, file, sh, srclen, d->platform,
           d->platform_version, d->name, d->vendor, d->version, d->driver_version, options);
  size_t pn = strlen(ctx->cache_dir) + 1 + 16 + sizeof ".bin";
  if (!(e->path = malloc(pn))) {
    free(e->key);
    e->key = NULL;
    return -1;
  }
  snprintf(e->path, pn, "%s/%016llx.bin", ctx->cache_dir,
           (unsigned long long)fnv1a(e->key, (size_t)n));
  return 0;
}

static void entry_free(entry_name *e) {
  free(e->key);
  free(e->path);
}

/* Reads the whole file if it is a valid entry for `key`; returns the buffer
 * and sets *payload / *len, else NULL. */
static unsigned char *read_entry(const char *path, const char *key, const unsigned char **payload,
                                 size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  unsigned char *buf = NULL;
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)HEADER ||
      (uint64_t)st.st_size > PAYLOAD_MAX + KEY_MAX + HEADER)
    goto bad;
  size_t size = (size_t)st.st_size;
  if (!(buf = malloc(size)) || fread(buf, 1, size, f) != size) goto bad;
  size_t keylen = strlen(key);
  uint64_t paylen = get64(buf + 16);
  if (memcmp(buf, MAGIC, 8) != 0 || get32(buf + 8) != FORMAT || get32(buf + 12) != keylen ||
      get32(buf + 28) != 0 || size - HEADER < keylen || paylen == 0 ||
      paylen != size - HEADER - keylen || memcmp(buf + HEADER, key, keylen) != 0 ||
      checksum(buf, buf + HEADER, size - HEADER) != get32(buf + 24))
    goto bad;
  fclose(f);
  *payload = buf + HEADER + keylen;
  *len = (size_t)paylen;
  return buf;
bad:
  free(buf);
  fclose(f);
  return NULL;
}

cl_program golcl__diskcache_load(golcl_context *ctx, const char *file, const char *src,
                                 const char *options) {
  if (!ctx->cache_dir) return NULL;
  entry_name e;
  if (name_entry(ctx, file, src, options, &e) != 0) return NULL;
  const unsigned char *bin;
  size_t len;
  unsigned char *buf = read_entry(e.path, e.key, &bin, &len);
  entry_free(&e);
  if (!buf) return NULL;
  cl_int err, status = CL_SUCCESS;
  cl_program prog =
      clCreateProgramWithBinary(ctx->clctx, 1, &ctx->device, &len, &bin, &status, &err);
  free(buf);
  if (err != CL_SUCCESS || status != CL_SUCCESS) {
    if (prog && err == CL_SUCCESS) clReleaseProgram(prog);
    return NULL;
  }
  if (clBuildProgram(prog, 1, &ctx->device, options, NULL, NULL) != CL_SUCCESS) {
    clReleaseProgram(prog);
    return NULL;
  }
  return prog;
}

/* mkdir -p of an absolute path (0700: the cache is the user's). */
static int make_dirs(const char *dir) {
  char *p = join(dir, "");
  if (!p) return -1;
  int rc = 0;
  for (char *s = p + 1;; s++) {
    if (*s != '/' && *s != '\0') continue;
    char c = *s;
    *s = '\0';
    if (mkdir(p, 0700) != 0 && errno != EEXIST) rc = -1;
    *s = c;
    if (c == '\0' || rc != 0) break;
  }
  free(p);
  return rc;
}

static int write_all(int fd, const unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Writes the file under a temporary name beside it, then renames it over the
 * old one, so that a reader sees the old file or the new one, never half. */
static void write_entry(const char *dir, const char *path, const char *key,
                        const unsigned char *bin, size_t len) {
  size_t keylen = strlen(key);
  unsigned char *buf = malloc(HEADER + keylen + len);
  char *tmp = join(path, ".XXXXXX");
  if (!buf || !tmp || make_dirs(dir) != 0) goto out;
  memcpy(buf, MAGIC, 8);
  put32(buf + 8, FORMAT);
  put32(buf + 12, (uint32_t)keylen);
  put64(buf + 16, len);
  put32(buf + 28, 0);
  memcpy(buf + HEADER, key, keylen);
  memcpy(buf + HEADER + keylen, bin, len);
  put32(buf + 24, checksum(buf, buf + HEADER, keylen + len));
  int fd = mkstemp(tmp);
  if (fd < 0) goto out;
  int ok = write_all(fd, buf, HEADER + keylen + len) == 0;
  ok = close(fd) == 0 && ok;
  if (!ok || rename(tmp, path) != 0) unlink(tmp);
out:
  free(tmp);
  free(buf);
}

void golcl__diskcache_store(golcl_context *ctx, const char *file, const char *src,
                            const char *options, cl_program prog) {
  if (!ctx->cache_dir) return;
  size_t len = 0;
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof len, &len, NULL) != CL_SUCCESS ||
      len == 0 || len > PAYLOAD_MAX)
    return;
  unsigned char *bin = malloc(len);
  entry_name e;
  if (bin && clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) == CL_SUCCESS &&
      name_entry(ctx, file, src, options, &e) == 0) {
    write_entry(ctx->cache_dir, e.path, e.key, bin, len);
    entry_free(&e);
  }
  free(bin);
}
