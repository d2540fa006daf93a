/* test_diskcache.c — the on-disk program-binary cache: a fresh context finds
 * the files a former one wrote and leaves them alone; after each file is
 * truncated, bit-flipped, replaced by garbage or by another build's file, a
 * fresh context still gives the model's cells and writes a valid file again;
 * GOLCL_CACHE=0 writes nothing.
 *
 * The cache folder is a fresh temporary one, set in XDG_CACHE_HOME before any
 * context exists. The file format is checked here from its description in
 * lib/core/diskcache.c, with a CRC-32 of our own. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "lifecheck.h"

#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];     /* XDG_CACHE_HOME */
static char cachedir[300]; /* root/golcl */

#define MAX_FILES 64
#define MAX_BYTES (64u * 1024u * 1024u)

typedef struct cache_file {
  char path[600];
  unsigned char *bytes;
  size_t size;
  ino_t ino;
} cache_file;

/* Bitwise CRC-32 (the zlib polynomial), independent of the library's. */
static uint32_t crc32_of(uint32_t crc, const unsigned char *p, size_t n) {
  crc = ~crc;
  for (size_t i = 0; i < n; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++) crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
  }
  return ~crc;
}

static uint64_t le(const unsigned char *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static unsigned char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  unsigned char *b = malloc(MAX_BYTES);
  ck_assert_ptr_nonnull(b);
  *size = fread(b, 1, MAX_BYTES, f);
  ck_assert_msg(*size < MAX_BYTES, "%s is too large for the test", path);
  fclose(f);
  return b;
}

static void spit(const char *path, const unsigned char *b, size_t n) {
  FILE *f = fopen(path, "wb");
  ck_assert_msg(f != NULL, "cannot write %s", path);
  ck_assert_uint_eq(fwrite(b, 1, n, f), n);
  ck_assert_int_eq(fclose(f), 0);
}

/* Asserts that a cache file is whole: magic, format 1, lengths that add up
 * to the file's size, a key that names the library, the CRC. */
static void assert_valid(const cache_file *c) {
  const unsigned char *b = c->bytes;
  ck_assert_msg(c->size >= 32, "%s: %zu bytes", c->path, c->size);
  ck_assert_msg(memcmp(b, "GOLCLBIN", 8) == 0, "%s: no magic", c->path);
  ck_assert_uint_eq(le(b + 8, 4), 1);
  uint64_t keylen = le(b + 12, 4), paylen = le(b + 16, 8);
  ck_assert_msg(32 + keylen + paylen == c->size, "%s: lengths %llu + %llu, file %zu", c->path,
                (unsigned long long)keylen, (unsigned long long)paylen, c->size);
  ck_assert_uint_gt(paylen, 0);
  ck_assert_uint_eq(le(b + 28, 4), 0);
  ck_assert_msg(memcmp(b + 32, "libgolcl ", 9) == 0, "%s: key does not name the library", c->path);
  uint32_t crc = crc32_of(0, b + 8, 16);
  crc = crc32_of(crc, b + 32, c->size - 32);
  ck_assert_msg(crc == (uint32_t)le(b + 24, 4), "%s: CRC mismatch", c->path);
}

/* Reads every file of the cache folder; only "*.bin" files may be there (no
 * temporary file is left behind). */
static size_t read_cache(cache_file *out) {
  DIR *d = opendir(cachedir);
  if (!d) return 0;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    size_t len = strlen(e->d_name);
    ck_assert_msg(len > 4 && strcmp(e->d_name + len - 4, ".bin") == 0, "stray file %s", e->d_name);
    ck_assert_uint_lt(n, MAX_FILES);
    cache_file *c = &out[n++];
    snprintf(c->path, sizeof c->path, "%s/%s", cachedir, e->d_name);
    struct stat st;
    ck_assert_int_eq(stat(c->path, &st), 0);
    c->ino = st.st_ino;
    c->bytes = slurp(c->path, &c->size);
  }
  closedir(d);
  return n;
}

static void free_cache(cache_file *c, size_t n) {
  for (size_t i = 0; i < n; i++) free(c[i].bytes);
}

/* In a fresh context: a random 37×29 torus, 17 generations of B3/S23 with
 * each of two steppers (bytes and bit-sliced), against the model. */
static void run_fresh_context(void) {
  const char *dev = getenv("GOLCL_TEST_DEVICE");
  golcl_context_opts o = {0};
  o.device = dev && *dev ? dev : "cpu";
  golcl_context *ctx = NULL;
  golcl_status s = golcl_context_create(&o, &ctx);
  ck_assert_msg(s == GOLCL_OK, "context: %s", golcl_last_errmsg());
  const golcl_stepper_kind kinds[] = {GOLCL_STEPPER_NAIVE, GOLCL_STEPPER_BITSLICE};
  for (size_t k = 0; k < 2; k++) {
    const uint32_t w = 37, h = 29;
    uint8_t *cells = tu_random_cells((size_t)w * h, 0.35, 22 + k);
    golcl_grid *g = NULL;
    golcl_stepper *st = NULL;
    s = golcl_grid_create(ctx, w, h, GOLCL_BOUNDARY_TORUS, &g);
    if (s == GOLCL_OK) s = golcl_grid_write(g, cells, w);
    if (s == GOLCL_OK) s = golcl_stepper_create(ctx, kinds[k], NULL, &st);
    if (s == GOLCL_OK) s = golcl_stepper_run(st, g, 17);
    ck_assert_msg(s == GOLCL_OK, "%s: %s", golcl_stepper_name(kinds[k]), golcl_context_errmsg(ctx));
    golcl_rule life;
    ck_assert_int_eq(golcl_rule_parse("B3/S23", &life), GOLCL_OK);
    lc_run(cells, w, h, GOLCL_BOUNDARY_TORUS, life, 17);
    lc_assert_grid(g, cells, golcl_stepper_name(kinds[k]));
    golcl_stepper_destroy(st);
    golcl_grid_destroy(g);
    free(cells);
  }
  golcl_context_destroy(ctx);
}

/* Empties the cache folder. */
static void clear_cache(void) {
  DIR *d = opendir(cachedir);
  if (!d) return;
  struct dirent *e;
  char path[600];
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", cachedir, e->d_name);
    unlink(path);
  }
  closedir(d);
}

/* Fills the cache from empty and returns its files, all valid. */
static size_t fill_cache(cache_file *files) {
  clear_cache();
  run_fresh_context();
  size_t n = read_cache(files);
  ck_assert_msg(n >= 2, "%zu files in %s after a run", n, cachedir);
  for (size_t i = 0; i < n; i++) assert_valid(&files[i]);
  return n;
}

/* After the damage done to the files: a fresh context gives the model's
 * cells, and every file is valid again, with the same names. */
static void assert_repaired(const cache_file *before, size_t n) {
  run_fresh_context();
  cache_file after[MAX_FILES];
  size_t m = read_cache(after);
  ck_assert_uint_eq(m, n);
  for (size_t i = 0; i < m; i++) {
    assert_valid(&after[i]);
    int found = 0;
    for (size_t j = 0; j < n; j++) found |= strcmp(after[i].path, before[j].path) == 0;
    ck_assert_msg(found, "new file %s", after[i].path);
  }
  free_cache(after, m);
}

START_TEST(files_are_written_then_reused_untouched) {
  cache_file first[MAX_FILES], second[MAX_FILES];
  size_t n = fill_cache(first);
  run_fresh_context();
  size_t m = read_cache(second);
  ck_assert_uint_eq(m, n);
  for (size_t i = 0; i < n; i++) {
    size_t j = 0;
    while (j < m && strcmp(first[i].path, second[j].path) != 0) j++;
    ck_assert_msg(j < m, "%s is gone", first[i].path);
    /* A valid file is read, not written again (a rewrite is a new inode). */
    ck_assert_msg(second[j].ino == first[i].ino, "%s was rewritten", first[i].path);
    ck_assert_uint_eq(second[j].size, first[i].size);
    ck_assert(memcmp(second[j].bytes, first[i].bytes, first[i].size) == 0);
  }
  free_cache(first, n);
  free_cache(second, m);
}
END_TEST

/* Truncated to nothing, into the header, into the key, and short of the
 * payload's last byte. */
START_TEST(truncated_files_are_rebuilt) {
  cache_file files[MAX_FILES];
  size_t n = fill_cache(files);
  for (size_t i = 0; i < n; i++) {
    size_t keep[] = {0, 20, 40, files[i].size - 1};
    ck_assert_int_eq(truncate(files[i].path, (off_t)keep[i % 4]), 0);
  }
  assert_repaired(files, n);
  free_cache(files, n);
}
END_TEST

/* One bit flipped: in the magic, the format, the lengths, the CRC, the key,
 * the first and the last byte of the payload (each file one place a pass). */
START_TEST(bit_flips_are_caught) {
  cache_file files[MAX_FILES];
  size_t n = fill_cache(files);
  for (size_t pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < n; i++) {
      cache_file *c = &files[i];
      size_t keylen = (size_t)le(c->bytes + 12, 4);
      size_t at[] = {3, 9, 13, 17, 25, 32 + keylen / 2, 32 + keylen, c->size - 1};
      unsigned char *b = malloc(c->size);
      ck_assert_ptr_nonnull(b);
      memcpy(b, c->bytes, c->size);
      b[at[(2 * i + pass) % 8]] ^= (unsigned char)(1u << (i % 8));
      spit(c->path, b, c->size);
      free(b);
    }
    assert_repaired(files, n);
  }
  free_cache(files, n);
}
END_TEST

/* Random bytes, of the file's size and shorter; and a header that claims
 * more than the file holds. */
START_TEST(garbage_is_replaced) {
  cache_file files[MAX_FILES];
  size_t n = fill_cache(files);
  for (size_t i = 0; i < n; i++) {
    size_t size = i % 2 ? files[i].size : 1000;
    uint8_t *bits = tu_random_cells(size * 8, 0.5, 100 + i);
    unsigned char *b = calloc(size, 1);
    ck_assert_ptr_nonnull(b);
    for (size_t k = 0; k < size * 8; k++) b[k / 8] |= (unsigned char)(bits[k] << (k % 8));
    if (i % 3 == 0) { /* a plausible header over garbage */
      memcpy(b, files[i].bytes, 32);
      b[16] = 0xff;
    }
    spit(files[i].path, b, size);
    free(b);
    free(bits);
  }
  assert_repaired(files, n);
  free_cache(files, n);
}
END_TEST

/* A whole, valid file of another build under this build's name: its key
 * does not match, so it is rebuilt (and the file then holds its own key). */
START_TEST(another_builds_file_is_not_used) {
  cache_file files[MAX_FILES];
  size_t n = fill_cache(files);
  for (size_t i = 0; i < n; i++) {
    const cache_file *other = &files[(i + 1) % n];
    spit(files[i].path, other->bytes, other->size);
  }
  run_fresh_context();
  cache_file after[MAX_FILES];
  size_t m = read_cache(after);
  ck_assert_uint_eq(m, n);
  for (size_t i = 0; i < m; i++) {
    assert_valid(&after[i]);
    for (size_t j = 0; j < n; j++)
      if (strcmp(after[i].path, files[j].path) == 0) {
        size_t keylen = (size_t)le(files[j].bytes + 12, 4);
        ck_assert_uint_eq(le(after[i].bytes + 12, 4), keylen);
        ck_assert(memcmp(after[i].bytes + 32, files[j].bytes + 32, keylen) == 0);
      }
  }
  free_cache(after, m);
  free_cache(files, n);
}
END_TEST

START_TEST(cache_off_writes_nothing) {
  clear_cache();
  setenv("GOLCL_CACHE", "0", 1);
  run_fresh_context();
  cache_file files[MAX_FILES];
  size_t n = read_cache(files);
  ck_assert_uint_eq(n, 0);
  /* unset: off on pocl, which caches its kernels itself, on elsewhere */
  unsetenv("GOLCL_CACHE");
  run_fresh_context();
  n = read_cache(files);
  golcl_device_info info;
  TU_OK(golcl_context_device_info(tu_ctx, &info));
  if (strstr(info.version, "PoCL"))
    ck_assert_uint_eq(n, 0);
  else
    ck_assert_uint_gt(n, 0);
  free_cache(files, n);
  /* and on again */
  setenv("GOLCL_CACHE", "1", 1);
  run_fresh_context();
  n = read_cache(files);
  ck_assert_uint_gt(n, 0);
  free_cache(files, n);
}
END_TEST

/* Removes what nftw walks (the OpenCL platform's own cache under
 * XDG_CACHE_HOME included: pocl keeps its kernels there). */
static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

int main(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(root, sizeof root, "%s/golcl-diskcache-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(root)) {
    perror("mkdtemp");
    return 1;
  }
  snprintf(cachedir, sizeof cachedir, "%s/golcl", root);
  setenv("XDG_CACHE_HOME", root, 1);
  setenv("GOLCL_CACHE", "1", 1); /* on, on pocl too (see diskcache.c) */
  Suite *s = suite_create("diskcache");
  TCase *tc = tcase_create("diskcache");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, files_are_written_then_reused_untouched);
  tcase_add_test(tc, truncated_files_are_rebuilt);
  tcase_add_test(tc, bit_flips_are_caught);
  tcase_add_test(tc, garbage_is_replaced);
  tcase_add_test(tc, another_builds_file_is_not_used);
  tcase_add_test(tc, cache_off_writes_nothing);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  return rc;
}
