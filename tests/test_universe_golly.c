/* test_universe_golly.c — Golly's HashLife showcases run by the universe's
 * HashLife in long jumps (2^16 to 2^24 generations) against bgolly -a
 * HashLife, whose macrocell output keeps the position; its population line
 * is compared too. Every two-state file of Golly's Patterns that runs on
 * the infinite plane is run by the universe at 130 and 1024 generations in
 * test_golly_count (the count of every file Golly ships). */
#include <golcl_universe.h>

#include "bgolly.h"
#include "testutil.h"
#include "unicheck.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char bgolly[1024];

/* Golly's HashLife showcases to 2^16, 2^20 and 2^24 generations in jumps
 * (nick-gotts-1 to 2^20 only: its 2^24 takes bgolly 23 s), cells and
 * positions against bgolly -a HashLife. */
START_TEST(long_jumps_match_bgolly) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    fprintf(stderr, "test_universe_golly: bgolly not found; nothing compared\n");
    return;
  }
  const char *root = getenv("GOLCL_GOLLY_PATTERNS");
  static const struct {
    const char *file;
    int max_k;
  } runs[] = {
      {"HashLife/ruler.mc", 24}, {"HashLife/wedge-grow.mc", 24}, {"HashLife/nick-gotts-1.mc", 20}};
  char tmp[64];
  snprintf(tmp, sizeof tmp, "/tmp/golcl_universe_jump_%d.mc", (int)getpid());
  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root ? root : "/usr/share/golly/Patterns", runs[i].file);
    golcl_universe *u;
    TU_OK(golcl_universe_create(NULL, NULL, &u));
    TU_OK(golcl_universe_read_file(u, path));
    uint64_t done = 0;
    for (int k = 16; k <= runs[i].max_k; k += 4) {
      uint64_t g = (uint64_t)1 << k, pop;
      TU_OK(golcl_universe_run(u, g - done));
      done = g;
      tu_universe_vs_bgolly(u, bgolly, path, g, tmp);
      TU_OK(golcl_universe_population(u, &pop));
      printf("  %s at 2^%d generations: %llu cells, identical\n", runs[i].file, k,
             (unsigned long long)pop);
    }
    golcl_universe_destroy(u);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_golly");
  TCase *tc = tcase_create("golly");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, long_jumps_match_bgolly);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
