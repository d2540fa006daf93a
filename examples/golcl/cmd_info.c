/* cmd_info.c — `golcl info PATTERN`: format, size, rule, population,
 * generation, position and comments of a pattern file. */
#include <golcl.h>

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "pattern_io.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl info PATTERN [--rle | --cells]\n\n"
          "Describes a pattern file (RLE, plaintext .cells, Life 1.05 or 1.06; the format is\n"
          "recognised from the content): format, size of its box, rule (with a :T or :P\n"
          "bounded-grid suffix), population, generation, position and comments.\n\n"
          "  --rle     also print the pattern as RLE\n"
          "  --cells   also print the pattern as plaintext\n");
}

int cmd_info(int argc, char **argv) {
  const char *path = NULL;
  int rle = 0, cells = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(argv[i], "--rle") == 0) {
      rle = 1;
    } else if (strcmp(argv[i], "--cells") == 0) {
      cells = 1;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "golcl info: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    } else if (path) {
      fprintf(stderr, "golcl info: one pattern at a time ('%s' and '%s')\n", path, argv[i]);
      return 2;
    } else {
      path = argv[i];
    }
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
  printf("file:        %s\n", path);
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
  int rc = 0;
  if (rle && golcl_pattern_write_rle(p, stdout) != GOLCL_OK) rc = 1;
  if (cells && golcl_pattern_write_plaintext(p, stdout) != GOLCL_OK) rc = 1;
  golcl_pattern_destroy(p);
  return rc;
}
