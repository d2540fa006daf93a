/* testutil.c — see testutil.h. */
#include "testutil.h"

#include <stdio.h>

golcl_context *tu_ctx;

uint8_t *tu_random_cells(size_t n, double density, uint64_t seed) {
  uint8_t *c = malloc(n ? n : 1);
  ck_assert_ptr_nonnull(c);
  uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (size_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    c[i] = (double)(s >> 11) / 9007199254740992.0 < density;
  }
  return c;
}

int tu_main(Suite *suite) {
  const char *dev = getenv("GOLCL_TEST_DEVICE");
  golcl_context_opts opts = {0};
  opts.device = dev && *dev ? dev : "cpu";
  golcl_status s = golcl_context_create(&opts, &tu_ctx);
  if (s != GOLCL_OK) {
    fprintf(stderr, "cannot create a context on \"%s\": %s: %s\n", opts.device,
            golcl_strerror(s), golcl_last_errmsg());
    return 1;
  }
  SRunner *sr = srunner_create(suite);
  srunner_set_fork_status(sr, CK_NOFORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  golcl_context_destroy(tu_ctx);
  return failed == 0 ? 0 : 1;
}
