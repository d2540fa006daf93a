/* cmd_bench_universe.c — `golcl bench universe`: runs pattern files on the
 * infinite plane in a golcl_universe and, where bgolly is on the PATH (or
 * given with --bgolly), bgolly beside it with QuickLife and HashLife, each
 * to the same generation; prints the times, the ratio to bgolly's better
 * algorithm and whether the cells are identical (bgolly's macrocell result
 * read back and hashed). golcl's time is the stepping alone and the wall
 * time of the whole load-run-count; bgolly's is its whole process. */
#include <golcl_universe.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "cmd.h"
#include "pattern_io.h"
#include "plot.h"

/* The table of the universe issue: Golly's patterns and generations. */
static const char *const DEFAULT_RUNS[] = {"Life/Methuselahs/acorn.lif:30000",
                                           "Life/Methuselahs/rabbits.lif:30000",
                                           "Life/Methuselahs/iwona.rle:30000",
                                           "Life/Methuselahs/lidka-predecessor.rle:30000",
                                           "Life/Breeders/c4-diag-switch-engines.rle:30000",
                                           "Life/Breeders/spacefiller.rle:10000",
                                           "HashLife/metapixel-p216-gun.mc.gz:4096"};

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl bench universe [options] [FILE[:GENS] ...]\n\n"
          "Times the infinite plane (golcl_universe) on pattern files (a path, else one under\n"
          "--patterns), and bgolly beside it\n"
          "(QuickLife and HashLife) when it is found. Without files: the methuselahs and\n"
          "breeders of Golly's Patterns folder and metapixel-p216-gun.\n\n"
          "  -g N            generations where FILE has no :GENS (default 1000)\n"
          "  --algo A        auto (default: the GPU's sparse tiles where the universe\n"
          "                  chooses them, else HashLife), hashlife, sparse, hashlife-gpu\n"
          "                  (on --device), host-tiles (QuickLife's idea on the host)\n"
          "  --device SPEC   the device of --algo sparse and hashlife-gpu\n"
          "  --patterns DIR  Golly's Patterns folder (default /usr/share/golly/Patterns)\n"
          "  --bgolly PATH   bgolly to compare with (default: bgolly on the PATH)\n"
          "  --no-bgolly     golcl alone\n"
          "  --reps N        N runs of each (golcl and each bgolly), the median of each\n"
          "                  (default 1; 1..15)\n"
          "  --csv FILE      the table as CSV\n"
          "  --plot FILE.png time against generations (N/8 .. N) for golcl and bgolly\n");
}

/* Multi-state cells: more than two states, or a rule of two that is not a
 * two-state rule table (Banks-I, a RuleLoader rule). */
static int multi_state(const golcl_universe *u) {
  char text[GOLCL_MSRULE_TEXT_CAP];
  golcl_rule_table t;
  return golcl_universe_states(u) > 2 ||
         (golcl_universe_get_rule(u, text, sizeof text) == GOLCL_OK &&
          golcl_rule_table_parse(text, &t) != GOLCL_OK);
}

/* The cells of a universe as a hash: HashLife's for two states (cells and
 * positions); for multi-state cells the FNV-1a hash of the RLE body (the
 * cells up to translation: bgolly and the universe need not place a file's
 * box alike). */
static golcl_status cells_hash(golcl_universe *u, uint64_t *hash) {
  if (!multi_state(u)) return golcl_universe_hash(u, hash);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return GOLCL_E_OUT_OF_MEMORY;
  golcl_status s = golcl_universe_write_rle(u, f);
  fclose(f);
  uint64_t h = 1469598103934665603ull;
  /* the header line first in the text (no comment lines: bgolly's LtL RLE) or after them */
  const char *body = !text ? NULL : strncmp(text, "x ", 2) == 0 ? text : strstr(text, "\nx ");
  body = body ? strchr(body + 1, '\n') : NULL;
  for (const char *c = body; c && *c; c++)
    if (*c != '\n') h = (h ^ (unsigned char)*c) * 1099511628211ull;
  free(text);
  *hash = h;
  return s;
}

/* bgolly's .rule folder for -a RuleLoader (-s): $GOLCL_RULES, else Golly's. */
static const char *rules_dir(void) {
  const char *r = getenv("GOLCL_RULES");
  return r && *r ? r : "/usr/share/golly/Rules/";
}

/* Runs bgolly -a algo; its wall time, and its result's hash (0 if none).
 * Every algorithm but QuickLife and Larger than Life writes macrocell,
 * read back and hashed; Larger than Life's RLE is read back too (the
 * multi-state hash is the cells up to translation). */
static double run_bgolly(const char *bg, const char *algo, const char *path, uint64_t gens,
                         uint64_t *hash) {
  char g[32], out[64];
  /* QuickLife and Larger than Life write RLE only (bgolly: "Not yet implemented") */
  int mc = strcmp(algo, "QuickLife") != 0 && strcmp(algo, "Larger than Life") != 0;
  snprintf(g, sizeof g, "%llu", (unsigned long long)gens);
  snprintf(out, sizeof out, "/tmp/golcl-bench-bgolly-%d.%s", (int)getpid(), mc ? "mc" : "rle");
  fflush(stdout);
  double t0 = ex_now();
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stdout) || dup2(fileno(stdout), 2) < 0) _exit(126);
    if (strcmp(algo, "RuleLoader") == 0)
      execl(bg, bg, "-a", algo, "-s", rules_dir(), "-m", g, "-o", out, path, (char *)NULL);
    else
      execl(bg, bg, "-a", algo, "-m", g, "-o", out, path, (char *)NULL);
    _exit(127);
  }
  int st = 0;
  if (pid <= 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  double t = ex_now() - t0;
  *hash = 0;
  golcl_universe *u;
  /* Larger than Life's RLE too: a multi-state hash is the cells up to translation */
  int ltl = strcmp(algo, "Larger than Life") == 0;
  if ((mc || ltl) && golcl_universe_create(NULL, NULL, &u) == GOLCL_OK) {
    if (golcl_universe_read_file(u, out) == GOLCL_OK) cells_hash(u, hash);
    golcl_universe_destroy(u);
  }
  remove(out);
  return t;
}

#define MAX_REPS 15

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of n times (a failed run, below zero, counts as failed). */
static double median(double *t, int n) {
  for (int i = 0; i < n; i++)
    if (t[i] < 0) return -1;
  qsort(t, (size_t)n, sizeof *t, cmp_double);
  return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* `golcl run PATH -q -g G` as a user starts it: the wall time from the
 * process's start to its end (-1 if it failed). */
static double run_command(const char *path, uint64_t g) {
  char gs[32];
  snprintf(gs, sizeof gs, "%llu", (unsigned long long)g);
  fflush(stdout);
  double t0 = ex_now();
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stdout) || dup2(fileno(stdout), 2) < 0) _exit(126);
    execl("/proc/self/exe", "golcl", "run", path, "-q", "-g", gs, (char *)NULL);
    _exit(127);
  }
  int st = 0;
  if (pid <= 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  return ex_now() - t0;
}

/* bgolly's median of reps runs. */
static double run_bgolly_reps(const char *bg, const char *algo, const char *path, uint64_t gens,
                              uint64_t *hash, int reps) {
  double t[MAX_REPS];
  for (int r = 0; r < reps; r++) t[r] = run_bgolly(bg, algo, path, gens, hash);
  return median(t, reps);
}

/* Loads a file as bgolly places it (a text without a position at (0, 0));
 * multi-state files through the universe's own reader. */
static golcl_status load(golcl_universe *u, const char *path) {
  size_t n = strlen(path);
  if ((n > 3 && !strcmp(path + n - 3, ".mc")) || (n > 6 && !strcmp(path + n - 6, ".mc.gz")))
    return golcl_universe_read_file(u, path);
  golcl_pattern *p;
  golcl_status s = golcl_pattern_read_file(path, &p);
  if (s == GOLCL_E_UNSUPPORTED) return golcl_universe_read_file(u, path); /* multi-state */
  if (s != GOLCL_OK) return s;
  if (!golcl_pattern_origin(p, NULL, NULL)) golcl_pattern_set_origin(p, 0, 0);
  s = golcl_universe_load(u, p);
  golcl_pattern_destroy(p);
  return s;
}

/* Loads and runs path for g generations; its stepping and wall seconds, the
 * hash of the result, the algorithm that ran and the file's generation
 * (bgolly's -m is the generation to reach, not a count). */
static const char *family_algo; /* bgolly's -a for the last file timed: NULL for two states */

static golcl_status time_golcl(golcl_context *ctx, golcl_universe_algo algo, const char *path,
                               uint64_t g, double *step, double *wall, uint64_t *hash,
                               golcl_universe_algo *used, uint64_t *gen0) {
  double w0 = ex_now();
  golcl_universe_opts uo = {0};
  uo.algo = algo;
  golcl_universe *u = NULL;
  uint64_t pop = 0;
  golcl_status s = golcl_universe_create(ctx, &uo, &u);
  if (s == GOLCL_OK) s = load(u, path);
  *gen0 = golcl_universe_generation(u);
  golcl_msrule r;
  family_algo = NULL;
  if (s == GOLCL_OK && multi_state(u) && golcl_universe_get_msrule(u, &r) == GOLCL_OK)
    family_algo = r.family == GOLCL_MS_GENERATIONS  ? "Generations"
                  : r.family == GOLCL_MS_RULELOADER ? "RuleLoader"
                  : r.family == GOLCL_MS_LTL        ? "Larger than Life"
                                                    : "JvN";
  double t0 = ex_now();
  if (s == GOLCL_OK) s = golcl_universe_run(u, g);
  *step = ex_now() - t0;
  if (s == GOLCL_OK) s = golcl_universe_population(u, &pop);
  *wall = ex_now() - w0;
  golcl_universe_stats ust = {0};
  if (s == GOLCL_OK) golcl_universe_get_stats(u, &ust);
  *used = ust.algo;
  if (s == GOLCL_OK) s = cells_hash(u, hash);
  golcl_universe_destroy(u);
  return s;
}

/* --plot: time against generations (N/8, N/4, N/2, N) for golcl and bgolly's
 * better algorithm, a pair of lines a pattern, log-log. */
#define PLOT_MAX 16
typedef struct plot_row {
  char name[64];
  uint64_t gens[4];
  double golcl[4], bgolly[4];
} plot_row;

static int write_plot(const char *path, const plot_row *rows, int n) {
  char *script = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&script, &len);
  if (!f) return 1;
  for (int i = 0; i < n; i++) {
    fprintf(f, "$D%d << EOD\n", i);
    for (int j = 0; j < 4; j++)
      fprintf(f, "%llu %.6g %.6g\n", (unsigned long long)rows[i].gens[j], rows[i].golcl[j],
              rows[i].bgolly[j] > 0 ? rows[i].bgolly[j] : 0.0 / 0.0);
    fprintf(f, "EOD\n");
  }
  fprintf(f,
          "set title 'golcl universe (solid) and bgolly, the better of QuickLife and HashLife "
          "(dashed)'\nset logscale xy\nset xlabel 'generations'\nset ylabel 'seconds'\n"
          "set key outside right\nset grid\nplot ");
  for (int i = 0; i < n; i++) {
    fprintf(f, "%s$D%d using 1:2 with linespoints lt %d dt 1 title ", i ? ", " : "", i, i + 1);
    plot_quoted(f, rows[i].name);
    fprintf(f, ", $D%d using 1:3 with linespoints lt %d dt 2 notitle", i, i + 1);
  }
  fputc('\n', f);
  fclose(f);
  int rc = plot_png("bench universe", path, 1100, 650, script) ? 1 : 0;
  free(script);
  return rc;
}

int cmd_bench_universe(int argc, char **argv) {
  uint64_t gens = 1000;
  const char *dir = "/usr/share/golly/Patterns", *bg = NULL, *csv = NULL, *device = NULL,
             *plot = NULL;
  static plot_row rows[PLOT_MAX];
  int nrows = 0;
  int no_bg = 0, reps = 1;
  golcl_universe_algo algo = GOLCL_UNIVERSE_AUTO;
  static const struct option opts[] = {{"generations", required_argument, NULL, 'g'},
                                       {"algo", required_argument, NULL, 'a'},
                                       {"device", required_argument, NULL, 'd'},
                                       {"patterns", required_argument, NULL, 'p'},
                                       {"bgolly", required_argument, NULL, 'b'},
                                       {"no-bgolly", no_argument, NULL, 'n'},
                                       {"reps", required_argument, NULL, 'r'},
                                       {"csv", required_argument, NULL, 'c'},
                                       {"plot", required_argument, NULL, 'P'},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, ":g:h", opts, NULL)) != -1) {
    switch (c) {
      case 'g':
        if (pio_parse_u64(optarg, &gens) != 0) {
          fprintf(stderr, "golcl bench universe: bad -g '%s'\n", optarg);
          return 2;
        }
        break;
      case 'a':
        if (golcl_universe_algo_from_name(optarg, &algo) != GOLCL_OK) {
          fprintf(stderr,
                  "golcl bench universe: --algo auto, hashlife, sparse, hashlife-gpu or "
                  "host-tiles\n");
          return 2;
        }
        break;
      case 'd':
        device = optarg;
        break;
      case 'p':
        dir = optarg;
        break;
      case 'b':
        bg = optarg;
        break;
      case 'n':
        no_bg = 1;
        break;
      case 'r':
        reps = atoi(optarg);
        if (reps < 1 || reps > MAX_REPS) {
          fprintf(stderr, "golcl bench universe: --reps 1..%d\n", MAX_REPS);
          return 2;
        }
        break;
      case 'c':
        csv = optarg;
        break;
      case 'P':
        plot = optarg;
        break;
      case 'h':
        usage(stdout);
        return 0;
      default:
        return pio_bad_option("bench universe", c, argv);
    }
  }
  static char found[1024];
  if (!bg && !no_bg) {
    const char *path = getenv("PATH");
    for (const char *p = path; p && *p && !bg;) {
      const char *e = strchr(p, ':');
      size_t n = e ? (size_t)(e - p) : strlen(p);
      snprintf(found, sizeof found, "%.*s/bgolly", (int)n, p);
      if (access(found, X_OK) == 0) bg = found;
      p = e ? e + 1 : p + n;
    }
  }
  if (no_bg) bg = NULL;
  if (plot && !plot_check("bench universe")) return 2;
  golcl_context *ctx = NULL;
  if (algo == GOLCL_UNIVERSE_SPARSE || algo == GOLCL_UNIVERSE_HASHLIFE_DEVICE ||
      (algo == GOLCL_UNIVERSE_AUTO && (device || pio_has_gpu()))) {
    golcl_context_opts co = {0};
    co.device = device ? device : algo == GOLCL_UNIVERSE_AUTO ? "gpu" : NULL;
    if (golcl_context_create(&co, &ctx) != GOLCL_OK) {
      fprintf(stderr, "golcl bench universe: %s\n", golcl_last_errmsg());
      return 1;
    }
  }
  if (ctx) { /* the device kernels' build happens here, not in the first row's time */
    static const uint8_t glider[9] = {0, 1, 0, 0, 0, 1, 1, 1, 1};
    /* auto may take either device algorithm */
    for (int i = 0; i < 2; i++) {
      golcl_universe_opts wo = {0};
      wo.algo = i ? GOLCL_UNIVERSE_HASHLIFE_DEVICE : GOLCL_UNIVERSE_SPARSE;
      if (algo != GOLCL_UNIVERSE_AUTO && algo != wo.algo) continue;
      golcl_universe *w = NULL;
      if (golcl_universe_create(ctx, &wo, &w) != GOLCL_OK ||
          golcl_universe_write_rect(w, 0, 0, 3, 3, glider, 0) != GOLCL_OK ||
          golcl_universe_run(w, 64) != GOLCL_OK)
        fprintf(stderr, "golcl bench universe: warm-up: %s\n", golcl_last_errmsg());
      golcl_universe_destroy(w);
    }
  }
  FILE *cf = csv ? fopen(csv, "w") : NULL;
  if (csv && !cf) {
    fprintf(stderr, "golcl bench universe: cannot write %s\n", csv);
    return 1;
  }
  if (cf)
    fprintf(cf,
            "pattern,algo,generations,golcl_step_s,golcl_wall_s,golcl_run_s,bgolly_quicklife_s,"
            "bgolly_hashlife_s,ratio,identical\n");
  printf("%-35s %-12s %9s %10s %10s %10s %10s %10s %7s %s\n", "pattern", "algo", "gens", "golcl",
         "golcl wall", "golcl run", "bg Quick", "bg Hash", "ratio", "cells");
  int nruns = optind < argc ? argc - optind : (int)(sizeof DEFAULT_RUNS / sizeof *DEFAULT_RUNS);
  int rc = 0;
  for (int i = 0; i < nruns; i++) {
    char path[2048];
    const char *arg = optind < argc ? argv[optind + i] : DEFAULT_RUNS[i];
    uint64_t g = gens;
    const char *colon = strrchr(arg, ':');
    size_t n = strlen(arg);
    if (colon && colon[1] >= '0' && colon[1] <= '9') {
      n = (size_t)(colon - arg);
      g = strtoull(colon + 1, NULL, 10);
    }
    /* a file given is a path, else one under --patterns (as the defaults are) */
    snprintf(path, sizeof path, "%.*s", (int)n, arg);
    if (arg[0] != '/' && (optind >= argc || access(path, R_OK) != 0))
      snprintf(path, sizeof path, "%s/%.*s", dir, (int)n, arg);
    double step = 0, wall = 0;
    uint64_t hash = 0;
    golcl_universe_stats ust = {0};
    uint64_t gen0 = 0;
    double steps[MAX_REPS], walls[MAX_REPS];
    golcl_status s = GOLCL_OK;
    for (int r = 0; r < reps && s == GOLCL_OK; r++)
      s = time_golcl(ctx, algo, path, g, &steps[r], &walls[r], &hash, &ust.algo, &gen0);
    if (s == GOLCL_OK) {
      step = median(steps, reps);
      wall = median(walls, reps);
    }
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl bench universe: %s: %s\n", path, golcl_last_errmsg());
      rc = 1;
      continue;
    }
    double tq = -1, th = -1;
    uint64_t hq = 0, hh = 0;
    const char *hl_algo = family_algo ? family_algo : "HashLife"; /* bgolly's of the family */
    if (bg && !family_algo) tq = run_bgolly_reps(bg, "QuickLife", path, gen0 + g, &hq, reps);
    if (bg) th = run_bgolly_reps(bg, hl_algo, path, gen0 + g, &hh, reps);
    double cmd_runs[MAX_REPS];
    for (int r = 0; r < reps; r++) cmd_runs[r] = run_command(path, g);
    double wall_cmd = median(cmd_runs, reps);
    double best = tq > 0 && (th < 0 || tq < th) ? tq : th;
    const char *same = !bg || th < 0 ? "-" : hh == hash ? "identical" : "DIFFERENT";
    if (bg && th >= 0 && hh != hash) rc = 1;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("%-35s %-12s %9llu %9.4fs %9.4fs %9.4fs ", name, golcl_universe_algo_name(ust.algo),
           (unsigned long long)g, step, wall, wall_cmd);
    if (bg) {
      char q[32] = "failed", hl[32] = "failed"; /* QuickLife reads no macrocell */
      if (family_algo) snprintf(q, sizeof q, "-");
      if (family_algo && th >= 0)
        snprintf(hl, sizeof hl, "%.3fs %s", th, family_algo);
      else if (tq >= 0)
        snprintf(q, sizeof q, "%.3fs", tq);
      if (th >= 0 && !family_algo) snprintf(hl, sizeof hl, "%.3fs", th);
      printf("%10s %10s %6.2fx %s\n", q, hl, best > 0 ? best / step : 0.0, same);
    } else
      printf("%10s %10s %7s %s\n", "-", "-", "-", same);
    if (cf)
      fprintf(cf, "%s,%s,%llu,%.6f,%.6f,%.6f,%.6f,%.6f,%.3f,%s\n", name,
              golcl_universe_algo_name(ust.algo), (unsigned long long)g, step, wall, wall_cmd, tq,
              th, best > 0 ? best / step : 0.0, same);
    if (plot && nrows < PLOT_MAX) {
      plot_row *pr = &rows[nrows++];
      snprintf(pr->name, sizeof pr->name, "%.63s", name);
      for (int j = 0; j < 4; j++) {
        uint64_t gj = g >> (3 - j) ? g >> (3 - j) : 1;
        double st2 = 0, wl2 = 0, q2 = -1, h2 = -1;
        uint64_t hs2 = 0, hq2, hh2;
        golcl_universe_algo used2;
        pr->gens[j] = gj;
        if (j == 3) {
          st2 = step, q2 = tq, h2 = th;
        } else {
          time_golcl(ctx, algo, path, gj, &st2, &wl2, &hs2, &used2, &gen0);
          if (bg && !family_algo) q2 = run_bgolly(bg, "QuickLife", path, gen0 + gj, &hq2);
          if (bg)
            h2 = run_bgolly(bg, family_algo ? family_algo : "HashLife", path, gen0 + gj, &hh2);
        }
        pr->golcl[j] = st2 > 1e-6 ? st2 : 1e-6;
        pr->bgolly[j] = q2 > 0 && (h2 < 0 || q2 < h2) ? q2 : h2;
      }
    }
  }
  printf(
      "ratio: bgolly's better whole run / golcl's stepping (above 1: golcl is faster); "
      "golcl run: the command's wall time from its process start; a multi-state file's "
      "bgolly runs its family's algorithm (Generations, RuleLoader, JvN)\n");
  if (plot && nrows && write_plot(plot, rows, nrows) == 0)
    printf("wrote:      %s\n", plot);
  else if (plot)
    rc = 1;
  if (cf) fclose(cf);
  golcl_context_destroy(ctx);
  return rc;
}
