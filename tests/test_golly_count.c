/* test_golly_count.c — issue 21's count, as issue 29 asks for it: every
 * file of Golly's Patterns folder (GOLCL_GOLLY_PATTERNS, default
 * /usr/share/golly/Patterns) is run the way a user runs it, through the
 * command with its defaults (`golcl run FILE -q -g N -o OUT.rle`: the
 * universe for the infinite plane, two-state and multi-state alike, Larger
 * than Life at every range included, the grids for bounded grids, whatever
 * AUTO picks), and by
 * bgolly with the algorithm of its family (HashLife for the infinite plane,
 * QuickLife for a bounded grid, Generations, "Larger than Life", RuleLoader
 * -s Rules/, JvN) to the same generation (bgolly's -m is a generation to
 * reach: the file's own plus N, read from our output's #CXRLE Gen= or #G),
 * and the results compared: two-state files of the infinite plane as
 * macrocell (ours and bgolly -a HashLife's, read into universes: population,
 * cells and positions by HashLife's hash) at 130 and 1024 generations, the
 * others as RLE state for state up to translation at 37 and 130.
 *
 * Zip archives and scripts are not pattern files (Golly opens what they
 * hold one by one): 341 of Golly's 353 files are counted. A file is
 * IDENTICAL, TOO LARGE (the command ran out of its memory bound: said),
 * DIFFERENT or REFUSED (the command's message); the suite fails on any
 * DIFFERENT or REFUSED file and, with all files, below 341 identical. It
 * prints "N of 341 identical", the files that are not, and each family's
 * count. The command is $GOLCL_BIN, else the golcl beside the test's folder
 * (build/golcl for build/tests/test_golly_count); GOLCL_GOLLY_ONLY=TEXT
 * runs only the paths that contain TEXT; GOLCL_GOLLY_RULES names the folder
 * of Golly's .rule files for bgolly (with $GOLCL_RULES for golcl) where
 * Golly is not installed. */
#include <golcl_rules.h>
#include <golcl_universe.h>

#include "bgolly.h"
#include "testutil.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TARGET 341 /* issue 29: every one of the 341 files identical */

static char bgolly[1024], root[1024];
static char **files;
static size_t nfiles;

typedef enum family {
  F_NONE, /* not a pattern file: a zip archive or a script */
  F_TWO,  /* two-state */
  F_GEN,
  F_LTL,
  F_RL,
  F_JVN,
  F_COUNT
} family;
static const char *const family_name[F_COUNT] = {
    "zip archives and scripts", "two-state",  "Generations",
    "Larger than Life",         "RuleLoader", "JvN"};

/* O_ERROR: bgolly failed; O_RUN: being run, and left so by a check that
 * fails on the way (STOPPED) */
typedef enum outcome { O_NONE, O_SAME, O_LARGE, O_DIFF, O_REFUSED, O_ERROR, O_RUN } outcome;
static const char *const outcome_name[] = {"not counted", "identical", "TOO LARGE", "DIFFERENT",
                                           "REFUSED",     "FAILED",    "STOPPED"};

typedef struct record {
  family fam;
  const char *format; /* "RLE", "macrocell", "MCell", ... */
  outcome out;
  int b0;         /* a two-state rule with B0 (bgolly's HashLife does not run it) */
  char how[2048]; /* how it ran, or why it did not */
} record;
static record *recs;

static const char *rel(const char *path) { return path + strlen(root) + 1; }

static int ends_with(const char *s, const char *t) {
  size_t a = strlen(s), b = strlen(t);
  return a >= b && strcmp(s + a - b, t) == 0;
}

/* ------------------------------------------------------- classification */

/* The file's text through gzip -dcf (NULL if it cannot be run), at most
 * 1 MB: enough for its header. */
static char *head_of(const char *path) {
  char cmd[2200];
  snprintf(cmd, sizeof cmd, "gzip -dcf '%s' 2>/dev/null", path);
  FILE *f = popen(cmd, "r");
  if (!f) return NULL;
  size_t cap = 1 << 20, n;
  char *b = malloc(cap + 1);
  n = fread(b, 1, cap, f);
  b[n] = '\0';
  while (fread(cmd, 1, sizeof cmd, f) > 0) {
  }
  pclose(f);
  return b;
}

/* The rule a pattern text names (RLE header, macrocell #R, MCell #GOLLY
 * or #RULE), without a bounded-grid suffix, in out ("" if none). */
static void rule_named(const char *t, char *out, size_t cap) {
  *out = '\0';
  for (const char *line = t; line && *line;
       line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    const char *r = NULL;
    if (line[0] == 'x' && (line[1] == ' ' || line[1] == '=')) {
      const char *eol = strchr(line, '\n'), *rr = strstr(line, "rule");
      if (rr && (!eol || rr < eol) && (rr = strchr(rr, '='))) r = rr + 1;
      if (!r) return;
    } else if (!strncmp(line, "#R ", 3) || !strncmp(line, "#GOLLY ", 7) ||
               !strncmp(line, "#RULE ", 6)) {
      r = strchr(line, ' ');
    }
    if (!r) continue;
    while (*r == ' ') r++;
    size_t k = 0;
    while (r[k] && !isspace((unsigned char)r[k]) && r[k] != ':' && k + 1 < cap) out[k] = r[k], k++;
    out[k] = '\0';
    return;
  }
}

/* The family of a file by the rule its text names (for files no reader
 * takes, so that they are counted in their family too). */
static family family_of_text(const char *t) {
  char rule[1024];
  rule_named(t, rule, sizeof rule);
  golcl_msrule r;
  if (!*rule) return F_TWO;
  if (golcl_msrule_parse(rule, &r) == GOLCL_OK)
    return r.family == GOLCL_MS_LTL           ? F_LTL
           : r.family == GOLCL_MS_RULELOADER  ? F_RL
           : r.family == GOLCL_MS_GENERATIONS ? F_GEN
                                              : F_JVN;
  golcl_rule_table tab;
  if (golcl_rule_table_parse(rule, &tab) == GOLCL_OK) return F_TWO;
  return F_RL; /* a name: a rule file */
}

static const char *format_of(const char *path, const char *text) {
  if (ends_with(path, ".mcl")) return "MCell";
  if (!strncmp(text, "[M2]", 4)) return ends_with(path, ".gz") ? "macrocell.gz" : "macrocell";
  if (!strncmp(text, "#Life 1.05", 10)) return "Life 1.05";
  if (!strncmp(text, "#Life 1.06", 10)) return "Life 1.06";
  return ends_with(path, ".gz") ? "RLE.gz" : "RLE";
}

static const char *algo_of(family f) {
  return f == F_LTL   ? "Larger than Life"
         : f == F_RL  ? "RuleLoader"
         : f == F_GEN ? "Generations"
                      : "JvN";
}

/* ------------------------------------------------- through the command */

static char golcl[1200], tmpdir[64];

/* Runs a shell command; its exit status, and its first line of stderr in
 * err (at most cap bytes). */
static int shell(const char *cmd, char *err, size_t cap) {
  char full[4096], errpath[128];
  snprintf(errpath, sizeof errpath, "%s/err", tmpdir);
  snprintf(full, sizeof full, "%s 2>'%s'", cmd, errpath);
  int st = system(full);
  *err = '\0';
  FILE *f = fopen(errpath, "r");
  if (f) {
    if (fgets(err, (int)cap, f)) err[strcspn(err, "\n")] = '\0';
    fclose(f);
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* The whole of a file (malloc'd), NULL if it cannot be read. */
static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap + 1);
  for (size_t got; (got = fread(b + n, 1, cap - n, f)) > 0;)
    if ((n += got) == cap) b = realloc(b, (cap *= 2) + 1);
  fclose(f);
  b[n] = '\0';
  return b;
}

/* The generation a result of ours says it holds (RLE #CXRLE Gen=,
 * macrocell #G), else g. */
static uint64_t gen_of(const char *text, uint64_t g) {
  const char *at = strstr(text, "Gen="), *mc = strstr(text, "\n#G ");
  return at ? strtoull(at + 4, NULL, 10) : mc ? strtoull(mc + 4, NULL, 10) : g;
}

/* Whether two universes hold the same cells up to translation (their
 * patterns within the pattern limits; 0 if not). */
static int same_up_to_translation(golcl_universe *u, golcl_universe *v) {
  golcl_pattern *a = NULL, *b = NULL;
  int same = golcl_universe_extract(u, &a) == GOLCL_OK &&
             golcl_universe_extract(v, &b) == GOLCL_OK &&
             golcl_pattern_width(a) == golcl_pattern_width(b) &&
             golcl_pattern_height(a) == golcl_pattern_height(b) &&
             golcl_pattern_population(a) == golcl_pattern_population(b);
  for (uint64_t i = 0; same && i < golcl_pattern_population(a); i++) {
    uint32_t ax, ay, bx, by;
    golcl_pattern_live_cell(a, i, &ax, &ay);
    golcl_pattern_live_cell(b, i, &bx, &by);
    same = ax == bx && ay == by;
  }
  golcl_pattern_destroy(a);
  golcl_pattern_destroy(b);
  return same;
}

/* Two-state files of the infinite plane: our macrocell and bgolly -a
 * HashLife's, read into universes and compared by population and HashLife's
 * hash (cells and positions); macrocell keeps huge sparse results cheap.
 * 1 if the same; the record says why not. */
static int same_plane(const char *path, record *rec, const char *ours, uint64_t gen,
                      uint64_t *cells) {
  char theirs[128];
  snprintf(theirs, sizeof theirs, "%s/theirs.mc", tmpdir);
  uint64_t bpop, pop, hu, hb;
  if (bg_hashlife_mc(bgolly, path, gen, theirs, &bpop) != 0) {
    rec->out = O_ERROR;
    snprintf(rec->how, sizeof rec->how, "bgolly -a HashLife -m %llu failed",
             (unsigned long long)gen);
    return 0;
  }
  golcl_universe *u, *v;
  TU_OK(golcl_universe_create(NULL, NULL, &u));
  TU_OK(golcl_universe_create(NULL, NULL, &v));
  ck_assert_msg(golcl_universe_read_file(u, ours) == GOLCL_OK, "%s: our result: %s", rel(path),
                golcl_last_errmsg());
  ck_assert_msg(golcl_universe_read_file(v, theirs) == GOLCL_OK, "%s: bgolly's result: %s",
                rel(path), golcl_last_errmsg());
  TU_OK(golcl_universe_population(u, &pop));
  TU_OK(golcl_universe_hash(u, &hu));
  TU_OK(golcl_universe_hash(v, &hb));
  /* bgolly puts a file without a position at (0, 0), golcl run centres it
   * as Golly does: then the cells are compared up to translation */
  int same = pop == bpop && (hu == hb || same_up_to_translation(u, v));
  golcl_universe_destroy(u);
  golcl_universe_destroy(v);
  remove(theirs);
  *cells = pop;
  if (same) return 1;
  rec->out = O_DIFF;
  snprintf(rec->how, sizeof rec->how,
           "at generation %llu golcl run has %llu cells, bgolly -a HashLife %llu (or cells or "
           "positions differ)",
           (unsigned long long)gen, (unsigned long long)pop, (unsigned long long)bpop);
  return 0;
}

static int same_cells(const bg_mscells *a, const bg_mscells *b) {
  return a->n == b->n && !memcmp(a->xys, b->xys, a->n * 3 * sizeof *a->xys);
}

/* One file at one generation count: 1 on to the next, 0 when the record
 * says why not. */
static int one_count(const char *path, record *rec, uint64_t n, int bounded, uint64_t *cells) {
  char cmd[3000], err[600], out[128];
  /* bgolly's HashLife runs no B0 rule: those compare with QuickLife's RLE */
  int plane = rec->fam == F_TWO && !bounded && !rec->b0;
  snprintf(out, sizeof out, "%s/ours.%s", tmpdir, plane ? "mc" : "rle");
  snprintf(cmd, sizeof cmd, "'%s' run '%s' -q -g %llu -o '%s'", golcl, path, (unsigned long long)n,
           out);
  if (shell(cmd, err, sizeof err) != 0) {
    int large = strstr(err, "node store") || strstr(err, "out of memory");
    rec->out = large ? O_LARGE : O_REFUSED;
    snprintf(rec->how, sizeof rec->how, "golcl run -g %llu: %.400s", (unsigned long long)n,
             strncmp(err, "golcl run: ", 11) ? err : err + 11);
    return 0;
  }
  char *ours = slurp(out), *theirs = NULL;
  ck_assert_msg(ours != NULL, "%s: golcl run wrote no %s", rel(path), out);
  const char *algo =
      rec->fam == F_TWO ? (bounded || rec->b0 ? "QuickLife" : "HashLife") : algo_of(rec->fam);
  uint64_t gen = gen_of(ours, n);
  if (plane) {
    free(ours);
    return same_plane(path, rec, out, gen, cells);
  }
  if (bg_run_path_rules(bgolly, algo, rec->fam == F_RL ? bg_rules_dir() : NULL, path, gen, &theirs,
                        err, sizeof err) != 0) {
    rec->out = O_ERROR;
    snprintf(rec->how, sizeof rec->how, "bgolly -a %s -m %llu: %.300s", algo,
             (unsigned long long)gen, err);
    free(ours);
    return 0;
  }
  bg_mscells a, b;
  ck_assert_msg(bg_parse_ms_rle(ours, &a) == 0, "%s: our RLE is unreadable", rel(path));
  ck_assert_msg(bg_parse_ms_rle(theirs, &b) == 0, "%s: bgolly's RLE is unreadable", rel(path));
  int same = same_cells(&a, &b);
  if (!same) {
    rec->out = O_DIFF;
    snprintf(rec->how, sizeof rec->how,
             "at generation %llu golcl run has %zu cells, bgolly -a %s %zu (or they differ)",
             (unsigned long long)gen, a.n, algo, b.n);
  }
  *cells = a.n;
  bg_ms_free(&a);
  bg_ms_free(&b);
  free(ours);
  free(theirs);
  return same;
}

/* Runs the file through the command at its two generation counts. */
static void run_file(const char *path, record *rec, int bounded) {
  static const uint64_t plane_gens[2] = {130, 1024}, other_gens[2] = {37, 130};
  const uint64_t *gens = rec->fam == F_TWO && !bounded ? plane_gens : other_gens;
  uint64_t cells[2] = {0, 0};
  for (int j = 0; j < 2; j++)
    if (!one_count(path, rec, gens[j], bounded, &cells[j])) return;
  rec->out = O_SAME;
  snprintf(rec->how, sizeof rec->how, "golcl run, gens %llu %llu: %llu %llu cells",
           (unsigned long long)gens[0], (unsigned long long)gens[1], (unsigned long long)cells[0],
           (unsigned long long)cells[1]);
}

/* ------------------------------------------------------------ each file */

/* Whether a two-state rule text has B0 ("B0...", ".../B0...", or "S/B"
 * with B starting with 0). */
static int has_b0(const char *rule) {
  char low[1024];
  size_t i = 0;
  for (; rule[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)rule[i]);
  low[i] = '\0';
  if (!strncmp(low, "b0", 2) || strstr(low, "/b0")) return 1;
  const char *slash = strchr(low, '/');
  return !strpbrk(low, "bsvhw") && slash && slash[1] == '0';
}

/* Whether the file's rule has a bounded-grid suffix (":T", ":P", ...). */
static int has_suffix(const char *t) {
  char rule[1024], full[1024];
  rule_named(t, rule, sizeof rule);
  const char *at = strstr(t, rule);
  if (!*rule || !at) return 0;
  snprintf(full, sizeof full, "%s", at);
  return full[strlen(rule)] == ':';
}

static void one_file(const char *path, record *rec) {
  rec->out = O_RUN; /* until it has run: a failed check leaves it so */
  snprintf(rec->how, sizeof rec->how, "the test stopped: see the check's message above");
  if (ends_with(path, ".zip") || ends_with(path, ".lua") || ends_with(path, ".py")) {
    rec->fam = F_NONE;
    rec->format = ends_with(path, ".zip") ? "zip" : "script";
    rec->out = O_NONE;
    return;
  }
  char *text = head_of(path);
  ck_assert_msg(text != NULL, "%s: unreadable", rel(path));
  rec->format = format_of(path, text);
  rec->fam = family_of_text(text);
  int bounded = has_suffix(text);
  char rule[1024];
  rule_named(text, rule, sizeof rule);
  rec->b0 = rec->fam == F_TWO && has_b0(rule);
  free(text);
  run_file(path, rec, bounded);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

START_TEST(golly_file) {
  record *rec = &recs[_i];
  double t0 = now();
  one_file(files[_i], rec);
  if (rec->out != O_NONE && rec->out != O_RUN)
    printf("golly-count: %s %s (%s, %s): %s [%.1f s]\n", outcome_name[rec->out], rel(files[_i]),
           family_name[rec->fam], rec->format, rec->how, now() - t0);
}
END_TEST

/* ------------------------------------------------------------- the count */

START_TEST(the_count) {
  int counted = 0, same = 0, large = 0, bad = 0;
  int fam[F_COUNT][O_RUN + 1];
  memset(fam, 0, sizeof fam);
  for (size_t i = 0; i < nfiles; i++) {
    fam[recs[i].fam][recs[i].out]++;
    if (recs[i].out == O_NONE) continue;
    counted++;
    same += recs[i].out == O_SAME;
    large += recs[i].out == O_LARGE;
    bad += recs[i].out >= O_DIFF;
  }
  printf("\ngolly-count: the files that are not identical:\n");
  for (size_t i = 0; i < nfiles; i++)
    if (recs[i].out != O_SAME && recs[i].out != O_NONE)
      printf("  %s %s (%s, %s): %s\n", outcome_name[recs[i].out], rel(files[i]),
             family_name[recs[i].fam], recs[i].format, recs[i].how);
  printf("golly-count: by family (files: identical / too large / different or refused):\n");
  for (int f = F_TWO; f < F_COUNT; f++) {
    int tot = 0;
    for (int o = O_SAME; o <= O_RUN; o++) tot += fam[f][o];
    printf("  %-17s %3d: %3d / %d / %d\n", family_name[f], tot, fam[f][O_SAME], fam[f][O_LARGE],
           fam[f][O_DIFF] + fam[f][O_REFUSED] + fam[f][O_ERROR] + fam[f][O_RUN]);
  }
  static const char *const formats[] = {"MCell",  "macrocell", "macrocell.gz",
                                        "RLE.gz", "Life 1.05", "Life 1.06"};
  printf("  of which by format:");
  for (size_t k = 0; k < sizeof formats / sizeof *formats; k++) {
    int tot = 0, ok = 0, ms = 0;
    for (size_t i = 0; i < nfiles; i++)
      if (recs[i].format && !strcmp(recs[i].format, formats[k]))
        tot++, ok += recs[i].out == O_SAME, ms += recs[i].fam != F_TWO;
    printf(" %s %d/%d (%d multi-state);", formats[k], ok, tot, ms);
  }
  printf("\n  %s: %d\n", family_name[F_NONE], fam[F_NONE][O_NONE]);
  printf(
      "golly-count: %d of %d identical (%d too large to fit, %d different or refused); %zu "
      "files under %s, %d of them not pattern files\n\n",
      same, counted, large, bad, nfiles, root, fam[F_NONE][O_NONE]);
  ck_assert_msg(bad == 0, "%d files different or refused (listed above)", bad);
  if (counted == 341)
    ck_assert_msg(same >= TARGET, "%d of 341 identical: the target is %d", same, TARGET);
}
END_TEST

int main(void) {
  if (!bg_find(bgolly, sizeof bgolly)) {
    printf("\n*** test_golly_count: bgolly NOT FOUND: Golly's patterns were NOT compared ***\n\n");
    return 0;
  }
  const char *bin = getenv("GOLCL_BIN");
  if (bin && *bin) {
    snprintf(golcl, sizeof golcl, "%s", bin);
  } else { /* build/tests/test_golly_count: build/golcl */
    char self[1024];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    self[k > 0 ? k : 0] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) *slash = '\0';
    snprintf(golcl, sizeof golcl, "%s/../golcl", self);
  }
  if (access(golcl, X_OK) != 0) {
    printf("\n*** test_golly_count: no golcl command at %s (GOLCL_BIN): FAILED ***\n\n", golcl);
    return 1;
  }
  snprintf(tmpdir, sizeof tmpdir, "/tmp/golcl_golly_count_XXXXXX");
  if (!mkdtemp(tmpdir)) return 1;
  const char *r = getenv("GOLCL_GOLLY_PATTERNS");
  snprintf(root, sizeof root, "%s", r && *r ? r : "/usr/share/golly/Patterns");
  files = bg_list_files(root, &nfiles);
  const char *only = getenv("GOLCL_GOLLY_ONLY"); /* a part of the paths to run, for a look */
  if (only && *only) {
    size_t k = 0;
    for (size_t i = 0; i < nfiles; i++)
      if (strstr(files[i], only))
        files[k++] = files[i];
      else
        free(files[i]);
    nfiles = k;
  }
  if (!nfiles) {
    printf("\n*** test_golly_count: no files under %s: NOT compared ***\n\n", root);
    return 0;
  }
  recs = calloc(nfiles, sizeof *recs);
  Suite *s = suite_create("golly-count");
  TCase *tc = tcase_create("every file");
  tcase_set_timeout(tc, 0);
  tcase_add_loop_test(tc, golly_file, 0, (int)nfiles);
  tcase_add_test(tc, the_count);
  suite_add_tcase(s, tc);
  int rc = tu_main(s);
  for (size_t i = 0; i < nfiles; i++) free(files[i]);
  free(files);
  free(recs);
  char cmd[200];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
  if (system(cmd) != 0) rc = 1;
  return rc;
}
