/* test_core_fill.c — the core's buffer fill (lib/core: golcl__fill_chunked, the path of every
 * clear and fill in the library), split into fills of a bounded size because NVIDIA's OpenCL
 * hangs on one fill of 2^31 bytes or more. The split is checked on small buffers with small
 * chunks (the same arithmetic as 2^30-byte chunks of a 2.15e9-byte grid): every pattern size,
 * offsets and lengths that start and end inside a chunk, chunks that are no multiple of the
 * pattern, against the bytes the definition gives (the pattern repeated from `offset`, every
 * other byte untouched). */
#include "testutil.h"

#include "../lib/core/core.h"

#include <stdio.h>
#include <string.h>

#define N 1031 /* buffer bytes: prime, so that no chunk divides it */

static void check_fill(golcl_context *ctx, cl_mem buf, size_t psize, size_t offset, size_t bytes,
                       size_t chunk) {
  uint8_t pattern[16], before[N], got[N], want[N];
  for (size_t i = 0; i < psize; i++) pattern[i] = (uint8_t)(0x11 * (i + 1) + chunk);
  for (size_t i = 0; i < N; i++) before[i] = (uint8_t)(i * 7 + 3);
  cl_command_queue q = golcl_context_cl_queue(ctx);
  ck_assert_int_eq(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, N, before, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(golcl__fill_chunked(ctx, buf, pattern, psize, offset, bytes, chunk), GOLCL_OK);
  ck_assert_int_eq(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, N, got, 0, NULL, NULL), CL_SUCCESS);
  memcpy(want, before, N);
  for (size_t i = 0; i < bytes; i++) want[offset + i] = pattern[i % psize];
  for (size_t i = 0; i < N; i++)
    if (got[i] != want[i])
      ck_abort_msg("psize %zu offset %zu bytes %zu chunk %zu: byte %zu is %u, want %u", psize,
                   offset, bytes, chunk, i, got[i], want[i]);
}

START_TEST(fill_in_chunks_equals_one_fill) {
  golcl_context *ctx = tu_ctx;
  cl_int err;
  cl_mem buf = clCreateBuffer(golcl_context_cl_context(ctx), CL_MEM_READ_WRITE, N, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  static const size_t psizes[] = {1, 2, 4, 8, 16};
  static const size_t chunks[] = {1, 3, 7, 16, 64, 100, 1 << 30};
  for (size_t a = 0; a < sizeof psizes / sizeof psizes[0]; a++) {
    size_t p = psizes[a];
    size_t offsets[] = {0, p, 5 * p, (N / p / 2) * p};
    for (size_t b = 0; b < sizeof offsets / sizeof offsets[0]; b++) {
      size_t off = offsets[b], room = (N - off) / p;
      size_t lens[] = {0, p, 3 * p, (room / 3) * p, room * p};
      for (size_t c = 0; c < sizeof lens / sizeof lens[0]; c++)
        for (size_t d = 0; d < sizeof chunks / sizeof chunks[0]; d++)
          check_fill(ctx, buf, p, off, lens[c], chunks[d]);
    }
  }
  clReleaseMemObject(buf);
}
END_TEST

START_TEST(the_library_fills_in_chunks_below_2_31) {
  /* the bound itself: a chunk of the library's fills stays below the 2^31 bytes that NVIDIA's
   * driver does not fill, and is a multiple of every pattern size OpenCL allows (1..128) */
  ck_assert_uint_lt(GOLCL__FILL_CHUNK, (size_t)1 << 31);
  ck_assert_uint_eq(GOLCL__FILL_CHUNK % 128, 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("core_fill");
  TCase *tc = tcase_create("core_fill");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, fill_in_chunks_equals_one_fill);
  tcase_add_test(tc, the_library_fills_in_chunks_below_2_31);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
