/* cmd_info.c — `golcl info PATTERN`: format, size, rule, population,
 * generation, position and comments of a pattern file. */
#include <golcl.h>

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "pattern_io.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl info PATTERN [--rle | --cells]\n\n"
          "Describes a pattern file (RLE, plaintext .cells, Life 1.05 or 1.06; the format is\n"
          "recognised from the content; '-' reads stdin): format, size of its box, rule (with\n"
          "a :T or :P bounded-grid suffix), population, generation, position and comments.\n\n"
          "  --rle     also print the pattern as RLE\n"
          "  --cells   also print the pattern as plaintext\n");
}

int cmd_info(int argc, char **argv) {
  static const struct option long_opts[] = {{"rle", no_argument, NULL, 'r'},
                                            {"cells", no_argument, NULL, 'c'},
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
  golcl_pattern *p = pio_load("info", path);
  if (!p) return 1;
  char rule[GOLCL_PATTERN_RULE_CAP];
  golcl_pattern_rule_text(p, rule, sizeof rule);
  int64_t ox, oy;
  int given = golcl_pattern_origin(p, &ox, &oy);
  uint32_t tw, th;
  golcl_topology t = golcl_pattern_topology(p, &tw, &th);
  printf("file:        %s\n", strcmp(path, "-") ? path : "<stdin>");
  printf("format:      %s\n", golcl_pattern_format_name(golcl_pattern_get_format(p)));
  printf("size:        %u x %u\n", (unsigned)golcl_pattern_width(p),
         (unsigned)golcl_pattern_height(p));
  printf("rule:        %s\n", rule);
  if (t != GOLCL_TOPOLOGY_INFINITE)
    printf("grid:        %ux%u %s\n", (unsigned)tw, (unsigned)th,
           t == GOLCL_TOPOLOGY_TORUS ? "torus" : "plane (dead outside)");
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
