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

/* An open w×h grid of quads (a plane patch: faces on its border have fewer
 * neighbours) as OBJ text, its faces in a shuffled order when seed is not
 * 0; free() it. NULL when out of memory. */
char *tu_grid_obj(uint32_t w, uint32_t h, uint64_t seed, size_t *len) {
  size_t nf = (size_t)w * h, cap = ((size_t)(w + 1) * (h + 1) + nf) * 64;
  char *t = malloc(cap);
  size_t *order = malloc(nf * sizeof *order);
  if (!t || !order) {
    free(t);
    free(order);
    return NULL;
  }
  size_t k = 0;
  for (uint32_t y = 0; y <= h; y++)
    for (uint32_t x = 0; x <= w; x++) k += (size_t)snprintf(t + k, cap - k, "v %u %u 0\n", x, y);
  for (size_t f = 0; f < nf; f++) order[f] = f;
  for (size_t f = nf; seed && f > 1; f--) { /* Fisher–Yates */
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    size_t j = (size_t)(seed >> 33) % f, tmp = order[f - 1];
    order[f - 1] = order[j];
    order[j] = tmp;
  }
  for (size_t f = 0; f < nf; f++) {
    uint32_t x = (uint32_t)(order[f] % w), y = (uint32_t)(order[f] / w), v = y * (w + 1) + x + 1;
    k += (size_t)snprintf(t + k, cap - k, "f %u %u %u %u\n", v, v + 1, v + w + 2, v + w + 1);
  }
  free(order);
  *len = k;
  return t;
}
