/* test_golly.c — differential test against Golly: patterns from Golly's own
 * collection (and three of tests/data) are run to several generations by
 * `bgolly -a QuickLife -m N` and by `golcl run -g N`, and the live cells must
 * be the same after normalising position (on a torus: up to a translation of
 * the torus, since bgolly writes no position). Without bgolly this says so
 * loudly and runs nothing. */
#include "testutil.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct golly_case {
  const char *file; /* below the Golly patterns folder, or "data:" + a tests/data file */
  const char *what;
  uint64_t gens[6]; /* ended by a 0 after the first entry */
} golly_case;

/* A dozen kinds of behaviour; generation counts chosen to keep the suite
 * short on a 2-core CPU device while reaching well past the start. */
static const golly_case cases[] = {
    {"Life/Guns/period-52-glider-gun.rle", "gun (p52)", {0, 1, 52, 333}},
    {"Life/Guns/gun-p165mwss.rle", "gun (p165, MWSS)", {0, 1, 165, 400}},
    {"data:gosper-glider-gun.rle", "gun (Gosper, tests/data)", {0, 30, 1000}},
    {"Life/Puffers/puffer-train.rle", "puffer", {0, 1, 77, 500}},
    {"Life/Puffers/pi-fuse-puffer.rle", "puffer", {0, 13, 256}},
    {"Life/Methuselahs/acorn.lif", "methuselah (Life 1.05)", {0, 1, 100, 1200}},
    {"Life/Methuselahs/blom.rle", "methuselah", {0, 9, 500}},
    {"data:r-pentomino.lif", "methuselah (Life 1.06, tests/data)", {0, 1, 200, 1200}},
    {"Life/Oscillators/p138.rle", "oscillator (p138)", {0, 1, 69, 138, 139}},
    {"Life/Oscillators/queen-bee-turn.rle", "oscillator", {0, 5, 150}},
    {"data:pulsar-and-lwss.cells",
     "oscillator and spaceship (plaintext, tests/data)",
     {0, 1, 3, 100}},
    {"Life/Spaceships/smallest-low-period.rle", "spaceships", {0, 1, 60, 200}},
    {"Life/Spaceships/diagonal.rle", "spaceships (diagonal)", {0, 7, 128}},
    {"Life-Like/Day-and-Night-gun-and-antigun.rle", "Life-like rule B3678/S34678", {0, 1, 40, 300}},
    {"Life-Like/Morley/growing-ship.rle", "Life-like rule B368/S245", {0, 1, 99}},
    {"Life/Bounded-Grids/herringbone-agar-p14.rle", "bounded grid :T48,48", {0, 1, 7, 100}},
    {"Life-Like/ice-nine.rle", "bounded grid B25678/S5678:T20,20", {0, 1, 10, 60}},
    {"Life/Bounded-Grids/lightspeed-bubble.rle", "bounded grid :T600,136", {0, 1, 50, 150}},
    {"Life/Bounded-Grids/pulsars-in-tube.rle", "tube :T0,68", {0, 1, 30, 100}},
    {"history:Life/Bounded-Grids/Klein-bottle.rle", "Klein bottle :K40*,20", {0, 1, 30, 100}},
    {"history:Life/Bounded-Grids/cross-surface.rle", "cross-surface :C40,20", {0, 1, 30, 100}},
    {"history:Life/Bounded-Grids/sphere.rle", "sphere :S30", {0, 1, 30, 100}},
    {"history:Life/Bounded-Grids/torus-with-shift.rle", "shifted torus :T30+7,20", {0, 1, 30, 100}},
    {"Non-Totalistic/rr14gun.rle", "Hensel rule B2-ac3ai/S1c2-n3-aky4a", {0, 1, 50, 200}},
    {"Non-Totalistic/p42-knightship.rle", "Hensel rule B37/S2-i34q", {0, 1, 42, 100}},
    {"Life-Like/p168-knightship.rle", "B0 rule on the plane, B013568/S01", {0, 1, 2, 168}},
    {"HashLife/puzzle.mc", "macrocell", {0, 1, 100}},
    {"HashLife/wolfram22.mc", "macrocell, Wolfram rule W22", {0, 1, 40}},
};

static char bgolly[PATH_MAX], golcl_bin[PATH_MAX], patterns[PATH_MAX], tmpdir[64];

/* bgolly on $PATH (or $GOLCL_BGOLLY). */
static int find_bgolly(void) {
  const char *env = getenv("GOLCL_BGOLLY");
  if (env && *env) {
    snprintf(bgolly, sizeof bgolly, "%s", env);
    return access(bgolly, X_OK) == 0;
  }
  const char *path = getenv("PATH");
  if (!path) return 0;
  char *dirs = strdup(path), *save = NULL;
  for (char *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
    snprintf(bgolly, sizeof bgolly, "%s/bgolly", *d ? d : ".");
    if (access(bgolly, X_OK) == 0) {
      free(dirs);
      return 1;
    }
  }
  free(dirs);
  return 0;
}

static void setup_paths(void) {
  const char *p = getenv("GOLCL_GOLLY_PATTERNS");
  snprintf(patterns, sizeof patterns, "%s", p && *p ? p : "/usr/share/golly/Patterns");
  /* the golcl command of the same build: build/tests/test_golly -> build/golcl */
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    self[n] = '\0';
    if (snprintf(golcl_bin, sizeof golcl_bin, "%s/../golcl", dirname(self)) >= PATH_MAX)
      golcl_bin[0] = '\0';
  }
  const char *b = getenv("GOLCL_BIN");
  if (b && *b) snprintf(golcl_bin, sizeof golcl_bin, "%s", b);
}

static const char *data_dir(void) {
  const char *d = getenv("GOLCL_TEST_DATA");
  return d && *d ? d : "tests/data";
}

/* "history:FILE" is one of Golly's LifeHistory files whose cells are all
 * in states 0 and 1: written to the temporary folder as the two-state
 * pattern it is (rule B3/S23 with the file's bounded grid, 'A' as 'o'),
 * since Golly ships :K, :C, :S and shifted tori with LifeHistory only. */
static void two_state_copy(const char *src, char *out, size_t cap) {
  FILE *f = fopen(src, "rb");
  ck_assert_msg(f != NULL, "%s is missing (Golly's patterns: set GOLCL_GOLLY_PATTERNS)", src);
  char text[8192];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  char *r = strstr(text, "LifeHistory");
  ck_assert_msg(r != NULL, "%s: no LifeHistory rule", src);
  snprintf(out, cap, "%s/%s", tmpdir, strrchr(src, '/') + 1);
  FILE *o = fopen(out, "wb");
  ck_assert_ptr_nonnull(o);
  fwrite(text, 1, (size_t)(r - text), o);
  fputs("B3/S23", o);
  int body = 0;
  for (const char *q = r + 11; *q; q++) {
    body |= *q == '\n';
    ck_assert_msg(!body || strchr("0123456789$!.A \r\n", *q), "%s: a state above 1", src);
    fputc(body && *q == 'A' ? 'o' : body && *q == '.' ? 'b' : *q, o);
  }
  fclose(o);
}

static void case_path(const golly_case *c, char *out, size_t cap) {
  int n;
  if (strncmp(c->file, "history:", 8) == 0) {
    char src[PATH_MAX];
    n = snprintf(src, sizeof src, "%s/%s", patterns, c->file + 8);
    ck_assert_msg(n > 0 && (size_t)n < sizeof src, "path too long");
    two_state_copy(src, out, cap);
    return;
  }
  n = strncmp(c->file, "data:", 5) == 0 ? snprintf(out, cap, "%s/%s", data_dir(), c->file + 5)
                                        : snprintf(out, cap, "%s/%s", patterns, c->file);
  ck_assert_msg(n > 0 && (size_t)n < cap, "path too long");
}

/* Runs argv (no shell), stdout and stderr to log; returns the exit status. */
static int run_cmd(char *const argv[], const char *log) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    FILE *f = freopen(log, "w", stdout);
    if (!f || dup2(fileno(stdout), 2) < 0) _exit(126);
    execv(argv[0], argv);
    _exit(127);
  }
  int st = 0;
  if (pid < 0 || waitpid(pid, &st, 0) < 0) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return strdup("(no log)");
  char *buf = calloc(4097, 1);
  size_t n = fread(buf, 1, 4096, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

/* Live cells, sorted row-major, shifted so that the smallest x and y are 0. */
typedef struct cellset {
  uint32_t *xy;
  uint64_t n;
} cellset;

static cellset normalised(const golcl_pattern *p) {
  cellset s = {NULL, golcl_pattern_population(p)};
  s.xy = malloc(2 * sizeof *s.xy * (s.n + 1));
  uint32_t mx = UINT32_MAX, my = UINT32_MAX;
  for (uint64_t i = 0; i < s.n; i++) {
    TU_OK(golcl_pattern_live_cell(p, i, &s.xy[2 * i], &s.xy[2 * i + 1]));
    if (s.xy[2 * i] < mx) mx = s.xy[2 * i];
    if (s.xy[2 * i + 1] < my) my = s.xy[2 * i + 1];
  }
  for (uint64_t i = 0; i < s.n; i++) s.xy[2 * i] -= mx, s.xy[2 * i + 1] -= my;
  return s;
}

/* Whether b is a on a W×H torus, shifted by some (dx, dy). */
static int torus_equal(const cellset *a, const cellset *b, uint32_t W, uint32_t H) {
  if (a->n != b->n) return 0;
  if (a->n == 0) return 1;
  uint8_t *ga = calloc((size_t)W * H, 1), *gb = calloc((size_t)W * H, 1);
  for (uint64_t i = 0; i < a->n; i++) ga[(size_t)(a->xy[2 * i + 1] % H) * W + a->xy[2 * i] % W] = 1;
  for (uint64_t i = 0; i < b->n; i++) gb[(size_t)(b->xy[2 * i + 1] % H) * W + b->xy[2 * i] % W] = 1;
  int found = 0;
  uint32_t ax = a->xy[0] % W, ay = a->xy[1] % H;
  for (uint64_t j = 0; j < b->n && !found; j++) { /* map a's first cell onto each of b's */
    uint32_t dx = (b->xy[2 * j] % W + W - ax) % W, dy = (b->xy[2 * j + 1] % H + H - ay) % H;
    uint64_t i = 0;
    for (; i < a->n; i++) {
      uint32_t x = (a->xy[2 * i] % W + dx) % W, y = (a->xy[2 * i + 1] % H + dy) % H;
      if (!gb[(size_t)y * W + x]) break;
    }
    found = i == a->n;
  }
  free(ga);
  free(gb);
  return found;
}

static golcl_pattern *load(const char *path) {
  golcl_pattern *p = NULL;
  golcl_status s = golcl_pattern_read_file(path, &p);
  ck_assert_msg(s == GOLCL_OK, "%s: %s", path, golcl_last_errmsg());
  return p;
}

START_TEST(matches_golly) {
  const golly_case *c = &cases[_i];
  char src[PATH_MAX];
  case_path(c, src, sizeof src);
  ck_assert_msg(access(src, R_OK) == 0,
                "%s is missing (Golly's patterns: set GOLCL_GOLLY_PATTERNS)", src);
  golcl_pattern *in = load(src);
  uint32_t tw, th;
  golcl_topology topo = golcl_pattern_topology(in, &tw, &th);
  const char *dev = getenv("GOLCL_TEST_DEVICE");
  char line[512] = "";
  for (int k = 0; k < 6 && (k == 0 || c->gens[k]); k++) {
    uint64_t n = c->gens[k];
    char gens[32], out_g[PATH_MAX], out_l[PATH_MAX], log_g[PATH_MAX], log_l[PATH_MAX];
    snprintf(gens, sizeof gens, "%llu", (unsigned long long)n);
    snprintf(out_g, sizeof out_g, "%s/golly.rle", tmpdir);
    /* a macrocell comes back as macrocell: `golcl run -o X.mc` */
    snprintf(out_l, sizeof out_l, "%s/golcl.%s", tmpdir, strstr(src, ".mc") ? "mc" : "rle");
    snprintf(log_g, sizeof log_g, "%s/golly.log", tmpdir);
    snprintf(log_l, sizeof log_l, "%s/golcl.log", tmpdir);
    remove(out_g);
    remove(out_l);
    char *algo = strstr(src, ".mc") ? "HashLife" : "QuickLife";
    char *gargv[] = {bgolly, "-q", "-q", "-a", algo, "-m", gens, "-o", out_g, src, NULL};
    int rc = run_cmd(gargv, log_g);
    if (rc != 0 || access(out_g, R_OK) != 0) {
      char *log = slurp(log_g);
      ck_abort_msg("bgolly -m %s %s: exit %d\n%s", gens, src, rc, log);
    }
    char *largv[] = {golcl_bin, "run", src,   "-g",       gens,
                     "--quiet", "-o",  out_l, "--device", (char *)(dev && *dev ? dev : "cpu"),
                     NULL};
    rc = run_cmd(largv, log_l);
    if (rc != 0) {
      char *log = slurp(log_l);
      ck_abort_msg("golcl run %s -g %s: exit %d\n%s", src, gens, rc, log);
    }
    golcl_pattern *pg = load(out_g), *pl = load(out_l);
    ck_assert_uint_eq(golcl_pattern_generation(pl), golcl_pattern_generation(in) + n);
    golcl_rule_table rg, rl;
    TU_OK(golcl_pattern_rule_table(pg, &rg));
    TU_OK(golcl_pattern_rule_table(pl, &rl));
    ck_assert_msg(memcmp(rg.next, rl.next, sizeof rg.next) == 0, "%s: rules differ", src);
    cellset a = normalised(pg), b = normalised(pl);
    int same;
    if (topo == GOLCL_TOPOLOGY_TORUS && tw && th)
      same = torus_equal(&a, &b, tw, th);
    else
      same = a.n == b.n && memcmp(a.xy, b.xy, 2 * sizeof *a.xy * a.n) == 0;
    ck_assert_msg(same,
                  "%s (%s) after %s generations: Golly has %llu live cells (%ux%u), golcl %llu "
                  "(%ux%u); the outputs are kept in %s",
                  src, c->what, gens, (unsigned long long)a.n, golcl_pattern_width(pg),
                  golcl_pattern_height(pg), (unsigned long long)b.n, golcl_pattern_width(pl),
                  golcl_pattern_height(pl), tmpdir);
    snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s:%llu", k ? ", " : "", gens,
             (unsigned long long)a.n);
    free(a.xy);
    free(b.xy);
    golcl_pattern_destroy(pg);
    golcl_pattern_destroy(pl);
  }
  printf("golly: %-48s %-46s same cells at generation:population %s\n", c->file, c->what, line);
  golcl_pattern_destroy(in);
}
END_TEST

int main(void) {
  if (!find_bgolly()) {
    printf(
        "\n"
        "**********************************************************************\n"
        "*  test_golly: bgolly NOT FOUND on PATH: the differential test      *\n"
        "*  against Golly did NOT run. Install it (apt-get install golly)    *\n"
        "*  or point GOLCL_BGOLLY at it.                                      *\n"
        "**********************************************************************\n\n");
    return 0;
  }
  setup_paths();
  snprintf(tmpdir, sizeof tmpdir, "/tmp/golcl_golly_XXXXXX");
  if (!mkdtemp(tmpdir)) {
    perror("test_golly: mkdtemp");
    return 1;
  }
  if (access(golcl_bin, X_OK) != 0) {
    fprintf(stderr,
            "test_golly: the golcl command %s is missing (make examples, or set GOLCL_BIN)\n",
            golcl_bin);
    return 1;
  }
  printf("test_golly: %s against %s, patterns from %s\n", bgolly, golcl_bin, patterns);
  Suite *s = suite_create("golly");
  TCase *tc = tcase_create("differential");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, matches_golly, 0, (int)(sizeof cases / sizeof cases[0]));
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  if (rc == 0) { /* keep the files of a failure for a look */
    char f[128];
    const char *names[] = {
        "golly.rle", "golcl.rle",        "golcl.mc",          "golly.log",
        "golcl.log", "Klein-bottle.rle", "cross-surface.rle", "torus-with-shift.rle",
        "sphere.rle"};
    for (int i = 0; i < 9; i++) {
      snprintf(f, sizeof f, "%s/%s", tmpdir, names[i]);
      remove(f);
    }
    rmdir(tmpdir);
  }
  return rc;
}
