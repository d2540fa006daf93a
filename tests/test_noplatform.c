/* test_noplatform.c — with no OpenCL platform at all (the ICD loader pointed
 * at an empty vendor folder), creation fails with GOLCL_E_NO_DEVICE and says
 * which package provides a CPU device. Its own process: the loader reads
 * OCL_ICD_VENDORS once. */
#include <check.h>
#include <golcl.h>

#include <stdlib.h>
#include <string.h>

START_TEST(no_platform_is_no_device) {
  golcl_context *ctx = (golcl_context *)1;
  ck_assert_int_eq(golcl_context_create(NULL, &ctx), GOLCL_E_NO_DEVICE);
  ck_assert_ptr_null(ctx);
  ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), "pocl-opencl-icd"));
  size_t n = 99;
  ck_assert_int_eq(golcl_devices(NULL, 0, &n), GOLCL_OK);
  ck_assert_uint_eq(n, 0);
}
END_TEST

int main(void) {
  setenv("OCL_ICD_VENDORS", "/nonexistent-golcl-test-vendors", 1);
  Suite *s = suite_create("noplatform");
  TCase *tc = tcase_create("noplatform");
  tcase_add_test(tc, no_platform_is_no_device);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_set_fork_status(sr, CK_NOFORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
