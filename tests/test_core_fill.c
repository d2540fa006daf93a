/* test_core_fill.c — the core's buffer fill (lib/core: golcl__fill_with, the path of every
 * clear and fill in the library). NVIDIA's OpenCL does not fill ranges that reach past byte
 * 2^31 of a buffer, so the library fills those with its own kernel (cl/core/fill.cl). Both
 * ways are checked on small buffers by moving the bound between them (the kernel for every
 * fill, for none, and for the fills that end past the middle of the buffer): every pattern
 * size (1 to 128 bytes, widened by the kernel where offset and length allow), offsets and
 * lengths, against the bytes the definition gives (the pattern repeated from `offset`, every
 * other byte untouched). */
#include "testutil.h"

#include "../lib/core/core.h"

#include <stdio.h>
#include <string.h>

#define N 1031 /* buffer bytes: prime, so that no pattern size divides it */

static void check_fill(cl_mem buf, size_t psize, size_t offset, size_t bytes, size_t api_end) {
  uint8_t pattern[128], before[N], got[N], want[N];
  for (size_t i = 0; i < psize; i++) pattern[i] = (uint8_t)(0x11 * (i + 1) + api_end);
  for (size_t i = 0; i < N; i++) before[i] = (uint8_t)(i * 7 + 3);
  cl_command_queue q = golcl_context_cl_queue(tu_ctx);
  ck_assert_int_eq(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, N, before, 0, NULL, NULL), CL_SUCCESS);
  TU_OK(golcl__fill_with(tu_ctx, buf, pattern, psize, offset, bytes, api_end));
  ck_assert_int_eq(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, N, got, 0, NULL, NULL), CL_SUCCESS);
  memcpy(want, before, N);
  for (size_t i = 0; i < bytes; i++) want[offset + i] = pattern[i % psize];
  for (size_t i = 0; i < N; i++)
    if (got[i] != want[i])
      ck_abort_msg("psize %zu offset %zu bytes %zu api_end %zu: byte %zu is %u, want %u", psize,
                   offset, bytes, api_end, i, got[i], want[i]);
}

START_TEST(the_kernel_fills_as_clEnqueueFillBuffer) {
  cl_int err;
  cl_mem buf = clCreateBuffer(golcl_context_cl_context(tu_ctx), CL_MEM_READ_WRITE, N, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  static const size_t api_ends[] = {0, N / 2, SIZE_MAX};
  for (size_t p = 1; p <= 128; p *= 2) {
    size_t offsets[] = {0, p, 5 * p, (N / p / 2) * p};
    for (size_t b = 0; b < sizeof offsets / sizeof offsets[0]; b++) {
      size_t off = offsets[b], room = (N - off) / p;
      if (off + p > N) continue;
      size_t lens[] = {0, p, 3 * p, (room / 3) * p, room * p};
      for (size_t c = 0; c < sizeof lens / sizeof lens[0]; c++)
        for (size_t d = 0; d < sizeof api_ends / sizeof api_ends[0]; d++)
          if (lens[c] <= room * p) check_fill(buf, p, off, lens[c], api_ends[d]);
    }
  }
  clReleaseMemObject(buf);
}
END_TEST

START_TEST(the_library_bound_is_below_2_31) {
  /* NVIDIA's driver fills no range that reaches past byte 2^31 */
  ck_assert_uint_lt(GOLCL__FILL_API_END, (size_t)1 << 31);
}
END_TEST

int main(void) {
  Suite *s = suite_create("core_fill");
  TCase *tc = tcase_create("core_fill");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, the_kernel_fills_as_clEnqueueFillBuffer);
  tcase_add_test(tc, the_library_bound_is_below_2_31);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
