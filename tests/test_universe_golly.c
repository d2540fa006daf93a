/* test_universe_golly.c — every two-state pattern file Golly ships that runs
 * on the infinite plane, read by golcl_universe_read_file (macrocell files
 * straight into nodes, whatever their span) and run by HashLife, against
 * bgolly -a HashLife (whose macrocell output keeps the position) at
 * GENS generations: bgolly writes a macrocell file, which keeps the
 * position, and its population line is compared too. Files the universe
 * does not take (multi-state rules, bounded grids, B0 without S8, MCell,
 * scripts, archives) are counted with the reason; the counts are printed. */
#include <golcl_universe.h>

#include "bgolly.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const uint64_t GENS[] = {130, 1024};

static char bgolly[1024];
static char **files;
static size_t nfiles;

/* Runs bgolly on path to gen; its result in out (a .mc) and its last
 * population in *pop. 0 on success. */
static int run_bgolly(const char *path, uint64_t gen, const char *out, uint64_t *pop) {
  char gens[32], log[128];
  snprintf(gens, sizeof gens, "%llu", (unsigned long long)gen);
  snprintf(log, sizeof log, "%s.log", out);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    FILE *lf = freopen(log, "w", stdout);
    if (!lf || dup2(fileno(stdout), 2) < 0) _exit(126);
    execl(bgolly, bgolly, "-a", "HashLife", "-m", gens, "-o", out, path, (char *)NULL);
    _exit(127);
  }
  int st = 0;
  if (pid <= 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  FILE *f = fopen(log, "r");
  if (!f) return -1;
  char line[256];
  *pop = UINT64_MAX;
  while (fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!colon || line[0] < '0' || line[0] > '9') continue;
    uint64_t v = 0;
    for (char *c = colon + 1; *c; c++)
      if (*c >= '0' && *c <= '9') v = v * 10 + (uint64_t)(*c - '0');
    *pop = v;
  }
  fclose(f);
  remove(log);
  return *pop == UINT64_MAX ? -1 : 0;
}

/* A file as bgolly places it: macrocell straight into nodes; other formats
 * at their position, or with the box's top-left cell at (0, 0) where the
 * file gives none (bgolly's reader; Golly's window centres such a pattern,
 * which is libgolcl's default origin). */
static golcl_status load(golcl_universe *u, const char *path) {
  size_t n = strlen(path);
  if ((n > 3 && !strcmp(path + n - 3, ".mc")) || (n > 6 && !strcmp(path + n - 6, ".mc.gz")))
    return golcl_universe_read_file(u, path);
  golcl_pattern *p;
  golcl_status s = golcl_pattern_read_file(path, &p);
  if (s != GOLCL_OK) return s;
  if (!golcl_pattern_origin(p, NULL, NULL)) golcl_pattern_set_origin(p, 0, 0);
  s = golcl_universe_load(u, p);
  golcl_pattern_destroy(p);
  return s;
}

START_TEST(every_two_state_file_runs_as_bgolly_runs_it) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    fprintf(stderr,
            "test_universe_golly: bgolly not found (apt-get install golly); "
            "nothing compared\n");
    return;
  }
  const char *root = getenv("GOLCL_GOLLY_PATTERNS");
  files = bg_list_files(root ? root : "/usr/share/golly/Patterns", &nfiles);
  ck_assert_msg(nfiles > 0, "no Golly patterns found");
  int same = 0, skipped = 0, differ = 0;
  char tmp[64];
  snprintf(tmp, sizeof tmp, "/tmp/golcl_universe_golly_%d.mc", (int)getpid());
  for (size_t i = 0; i < nfiles; i++) {
    golcl_universe *u, *v;
    TU_OK(golcl_universe_create(NULL, NULL, &u));
    golcl_status s = load(u, files[i]);
    if (s != GOLCL_OK) {
      ck_assert_msg(s == GOLCL_E_UNSUPPORTED || s == GOLCL_E_PARSE, "%s: %s", files[i],
                    golcl_last_errmsg());
      skipped++;
      printf("  skipped %s: %s\n", files[i], golcl_last_errmsg());
      golcl_universe_destroy(u);
      continue;
    }
    uint64_t done = 0;
    int ok = 1;
    for (size_t g = 0; g < sizeof GENS / sizeof *GENS && ok; g++) {
      TU_OK(golcl_universe_run(u, GENS[g] - done));
      done = GENS[g];
      uint64_t bpop, pop, hu, hb;
      ck_assert_msg(run_bgolly(files[i], GENS[g], tmp, &bpop) == 0, "%s: bgolly failed", files[i]);
      TU_OK(golcl_universe_create(NULL, NULL, &v));
      s = golcl_universe_read_file(v, tmp);
      ck_assert_msg(s == GOLCL_OK, "%s: bgolly's result: %s", files[i], golcl_last_errmsg());
      TU_OK(golcl_universe_population(u, &pop));
      TU_OK(golcl_universe_hash(u, &hu));
      TU_OK(golcl_universe_hash(v, &hb));
      if (pop != bpop || hu != hb) {
        ok = 0;
        printf("  DIFFERENT %s at generation %llu: population %llu, bgolly %llu\n", files[i],
               (unsigned long long)GENS[g], (unsigned long long)pop, (unsigned long long)bpop);
      }
      golcl_universe_destroy(v);
      remove(tmp);
    }
    ok ? same++ : differ++;
    golcl_universe_destroy(u);
  }
  printf(
      "test_universe_golly: %d files identical to bgolly at generations 130 and 1024, "
      "%d different, %d not run by the universe (listed above), of %zu\n",
      same, differ, skipped, nfiles);
  ck_assert_int_eq(differ, 0);
  ck_assert_int_gt(same, 150);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
}
END_TEST

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
    golcl_universe *u, *v;
    TU_OK(golcl_universe_create(NULL, NULL, &u));
    TU_OK(golcl_universe_read_file(u, path));
    uint64_t done = 0;
    for (int k = 16; k <= runs[i].max_k; k += 4) {
      uint64_t g = (uint64_t)1 << k, bpop, pop, hu, hb;
      TU_OK(golcl_universe_run(u, g - done));
      done = g;
      ck_assert_msg(run_bgolly(path, g, tmp, &bpop) == 0, "%s: bgolly failed", path);
      TU_OK(golcl_universe_create(NULL, NULL, &v));
      TU_OK(golcl_universe_read_file(v, tmp));
      TU_OK(golcl_universe_population(u, &pop));
      TU_OK(golcl_universe_hash(u, &hu));
      TU_OK(golcl_universe_hash(v, &hb));
      ck_assert_msg(pop == bpop && hu == hb, "%s at 2^%d: population %llu, bgolly %llu", path, k,
                    (unsigned long long)pop, (unsigned long long)bpop);
      printf("  %s at 2^%d generations: %llu cells, identical\n", runs[i].file, k,
             (unsigned long long)pop);
      golcl_universe_destroy(v);
      remove(tmp);
    }
    golcl_universe_destroy(u);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("universe_golly");
  TCase *tc = tcase_create("golly");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, every_two_state_file_runs_as_bgolly_runs_it);
  tcase_add_test(tc, long_jumps_match_bgolly);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
