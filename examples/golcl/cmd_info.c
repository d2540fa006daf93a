/* cmd_info.c — `golcl info PATTERN`: format, size, rule, population,
 * generation, position and comments of a pattern file. */
#include <golcl.h>
#include <golcl_rules.h>
#include <golcl_universe.h>

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "cmd_ms.h"
#include "pattern_io.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl info PATTERN [--rle | --cells] [--rules DIR]\n\n"
          "Describes a pattern file (RLE, plaintext .cells, Life 1.05 or 1.06, macrocell .mc;\n"
          "the format is recognised from the content; '-' reads stdin): format, size of its\n"
          "box, rule (any two-state rule Golly runs, with its bounded-grid suffix :P, :T, :K,\n"
          ":C or :S), population, generation, position and comments.\n\n"
          "  --rle     also print the pattern as RLE\n"
          "  --cells   also print the pattern as plaintext\n"
          "  --rules   the folder of Golly .rule files looked in first (then $GOLCL_RULES,\n"
          "            then /usr/share/golly/Rules)\n");
}

/* A macrocell file past the pattern limits (a metapixel pattern spans 2^20
 * cells and more): described from its quadtree, without a dense
 * expansion. Returns -1 when the universe cannot read it either. */
static int info_macrocell(const char *path, const char *name) {
  size_t n = strlen(path);
  int mc = (n > 3 && !strcmp(path + n - 3, ".mc")) || (n > 6 && !strcmp(path + n - 6, ".mc.gz"));
  golcl_pattern *p = NULL;
  if (!mc || golcl_pattern_read_file(path, &p) != GOLCL_E_PARSE) {
    golcl_pattern_destroy(p);
    return -1;
  }
  golcl_universe *u;
  if (golcl_universe_create(NULL, NULL, &u) != GOLCL_OK) return -1;
  if (golcl_universe_read_file(u, path) != GOLCL_OK) {
    golcl_universe_destroy(u);
    return -1;
  }
  char rule[GOLCL_RULE_TEXT_CAP] = "?";
  uint64_t pop = 0, w = 0, h = 0;
  int64_t x = 0, y = 0;
  golcl_universe_stats st;
  golcl_universe_get_rule(u, rule, sizeof rule);
  golcl_universe_population(u, &pop);
  golcl_universe_bounding_box(u, &x, &y, &w, &h);
  golcl_universe_get_stats(u, &st);
  printf("file:        %s\n", name);
  printf("format:      macrocell (read as a quadtree: past the pattern limits for a box)\n");
  printf("size:        %llu x %llu\n", (unsigned long long)w, (unsigned long long)h);
  printf("rule:        %s\n", rule);
  printf("population:  %llu\n", (unsigned long long)pop);
  printf("generation:  %llu\n", (unsigned long long)golcl_universe_generation(u));
  printf("position:    %lld,%lld\n", (long long)x, (long long)y);
  printf("nodes:       %llu\n", (unsigned long long)st.nodes);
  golcl_universe_destroy(u);
  return 0;
}

static int info_of(const char *path, const char *name, int rle, int cells);

int cmd_info(int argc, char **argv) {
  static const struct option long_opts[] = {{"rle", no_argument, NULL, 'r'},
                                            {"cells", no_argument, NULL, 'c'},
                                            {"rules", required_argument, NULL, 'R'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
  const char *path = NULL;
  int rle = 0, cells = 0, c;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":h", long_opts, NULL)) != -1) {
    if (c == 'h') {
      usage(stdout);
      return 0;
    } else if (c == 'r') {
      rle = 1;
    } else if (c == 'c') {
      cells = 1;
    } else if (c == 'R') { /* RuleLoader's folder */
      if (golcl_msrule_set_rules_dir(optarg) != GOLCL_OK) {
        fprintf(stderr, "golcl info: --rules: %s\n", golcl_last_errmsg());
        return 2;
      }
    } else {
      return pio_bad_option("info", c, argv);
    }
  }
  for (int i = optind; i < argc; i++) {
    if (path) {
      fprintf(stderr, "golcl info: one pattern at a time ('%s' and '%s')\n", path, argv[i]);
      return 2;
    }
    path = argv[i];
  }
  if (!path) {
    usage(stderr);
    return 2;
  }
  /* stdin: a temporary copy for the formats only the path readers take */
  char *spool = NULL;
  if (strcmp(path, "-") == 0 ? pio_stdin_file("info", &spool) : pio_refuse_zip_file("info", path))
    return 1;
  /* a user's file may have a box up to 2^28 cells, as golcl run reads it
   * (Golly's JvN-loop-replicator: 1048753 x 151) */
  golcl_pattern_limits keep, wide;
  golcl_pattern_get_limits(&keep);
  wide = keep;
  if (wide.max_cells < (1u << 28)) wide.max_cells = 1u << 28;
  golcl_pattern_set_limits(&wide);
  int rc = info_of(spool ? spool : path, strcmp(path, "-") ? path : "<stdin>", rle, cells);
  golcl_pattern_set_limits(&keep);
  pio_stdin_file_done(spool);
  return rc;
}

static int info_of(const char *path, const char *name, int rle, int cells) {
  if (cmd_run_ms_claims(path)) return cmd_info_ms(path, name, rle, cells); /* Generations, LtL */
  if (!rle && !cells && strcmp(path, "-") && info_macrocell(path, name) == 0) return 0;
  golcl_pattern *p = pio_load("info", path);
  if (!p) return 1;
  char rule[GOLCL_PATTERN_RULE_CAP];
  golcl_pattern_rule_text(p, rule, sizeof rule);
  int64_t ox, oy;
  int given = golcl_pattern_origin(p, &ox, &oy);
  golcl_bounds bounds;
  golcl_rule_table table;
  golcl_pattern_bounds(p, &bounds);
  golcl_pattern_rule_table(p, &table);
  static const char *const family[] = {"totalistic", "isotropic non-totalistic (Hensel)", "MAP",
                                       "Wolfram 1-D"};
  static const char *const hood[] = {"Moore", "von Neumann", "hexagonal"};
  printf("file:        %s\n", name);
  printf("format:      %s\n", golcl_pattern_format_name(golcl_pattern_get_format(p)));
  printf("size:        %u x %u\n", (unsigned)golcl_pattern_width(p),
         (unsigned)golcl_pattern_height(p));
  printf("rule:        %s (%s, %s neighbourhood%s)\n", rule, family[(unsigned)table.family % 4],
         hood[(unsigned)table.neighbourhood % 3],
         table.next[0] ? "; B0: run as Golly does, the background never comes alive" : "");
  if (bounds.topology != GOLCL_TOPOLOGY_INFINITE) {
    char grid[200];
    pio_describe_bounds(&bounds, grid, sizeof grid);
    printf("grid:        %s\n", grid);
  }
  printf("population:  %llu\n", (unsigned long long)golcl_pattern_population(p));
  printf("generation:  %llu\n", (unsigned long long)golcl_pattern_generation(p));
  printf("position:    %lld,%lld%s\n", (long long)ox, (long long)oy,
         given ? "" : " (none given: centred)");
  size_t n = golcl_pattern_comment_count(p);
  printf("comments:    %zu\n", n);
  for (size_t i = 0; i < n; i++) printf("  %s\n", golcl_pattern_comment(p, i));
  /* A failed write to stdout is reported once, by main's check of stdout. */
  int rc = 0;
  if (rle && golcl_pattern_write_rle(p, stdout) != GOLCL_OK) rc = 1;
  if (cells && golcl_pattern_write_plaintext(p, stdout) != GOLCL_OK) rc = 1;
  golcl_pattern_destroy(p);
  return rc;
}
