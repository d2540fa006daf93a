/* cmd_info_ms.c — `golcl info PATTERN` for multi-state patterns: format,
 * size, rule (family, neighbourhood, states), bounded grid, the cells in
 * each state, generation, position and comments. */
#include <golcl_rules.h>

#include <stdio.h>
#include <string.h>

#include "cmd_ms.h"
#include "pattern_io.h"

static void describe_rule(const golcl_msrule *r, char *buf, size_t cap) {
  static const char *const hood[] = {"Moore", "von Neumann", "hexagonal"};
  static const char *const ltl[] = {"Moore box", "von Neumann diamond", "circle"};
  golcl_ruletree_info t;
  if (r->family == GOLCL_MS_RULELOADER && golcl_msrule_tree_info(r, &t) == GOLCL_OK)
    snprintf(buf, cap,
             "RuleLoader, %s neighbourhood, %u states, from @%s%s%s%s: a tree of %u nodes",
             t.neighbourhood, (unsigned)t.states, t.from_table ? "TABLE" : "TREE",
             t.from_table ? " (symmetries " : "", t.from_table ? t.symmetries : "",
             t.from_table ? ")" : "", (unsigned)t.nodes);
  else if (r->family == GOLCL_MS_JVN29 || r->family == GOLCL_MS_NOBILI32 ||
           r->family == GOLCL_MS_HUTTON32)
    snprintf(buf, cap, "Golly's JvN algorithm, von Neumann neighbourhood, %u states",
             (unsigned)r->states);
  else if (r->family == GOLCL_MS_GENERATIONS)
    snprintf(buf, cap, "Generations, %s neighbourhood, %u states",
             hood[(unsigned)r->table.neighbourhood % 3], (unsigned)r->states);
  else
    snprintf(buf, cap, "Larger than Life, range %u, %s of %u cells (%s), %u states",
             (unsigned)r->range, ltl[(unsigned)r->nbhd % 3], golcl_msrule_neighbourhood_size(r),
             r->middle ? "the cell itself counted" : "the cell itself not counted",
             (unsigned)r->states);
}

/* The format of a file from its first bytes, as golcl_mspattern_parse
 * tells them apart. */
static const char *format_of(const char *path) {
  char head[8] = {0};
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(head, 1, sizeof head, f) : 0;
  if (f) fclose(f);
  if (n >= 2 && (unsigned char)head[0] == 0x1f && (unsigned char)head[1] == 0x8b)
    return "gzip-compressed (multi-state RLE or macrocell)";
  if (n >= 4 && !memcmp(head, "[M2]", 4)) return "multi-state macrocell";
  if (n >= 6 && !memcmp(head, "#MCell", 6)) return "MCell";
  return "multi-state RLE";
}

int cmd_info_ms(const char *path, const char *name, int rle, int cells) {
  if (cells) {
    fprintf(stderr, "golcl info: %s: --cells: plaintext holds two states only (--rle does)\n",
            path);
    return 2;
  }
  golcl_mspattern *p;
  golcl_status s = golcl_mspattern_read_file(path, &p);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl info: %s\n", golcl_last_errmsg());
    return 1;
  }
  golcl_msrule r;
  golcl_bounds b;
  golcl_mspattern_msrule(p, &r);
  golcl_mspattern_bounds(p, &b);
  char text[GOLCL_MSRULE_TEXT_CAP], what[300];
  golcl_msrule_format(&r, text, sizeof text);
  describe_rule(&r, what, sizeof what);
  uint32_t w = golcl_mspattern_width(p), h = golcl_mspattern_height(p);
  uint64_t count[256] = {0};
  const uint8_t *c = golcl_mspattern_cells(p);
  for (size_t i = 0; i < (size_t)w * h; i++) count[c[i]]++;
  int64_t ox, oy;
  golcl_mspattern_origin(p, &ox, &oy);
  printf("file:        %s\n", name);
  printf("format:      %s\n", format_of(path));
  printf("size:        %u x %u\n", (unsigned)w, (unsigned)h);
  printf("rule:        %s (%s)\n", text, what);
  if (b.topology != GOLCL_TOPOLOGY_INFINITE) {
    char grid[200];
    pio_describe_bounds(&b, grid, sizeof grid);
    printf("grid:        %s\n", grid);
  }
  printf("population:  %llu\n", (unsigned long long)((uint64_t)w * h - count[0]));
  printf("states:     ");
  for (int k = 1; k < 256; k++)
    if (count[k]) printf(" %d:%llu", k, (unsigned long long)count[k]);
  printf("\n");
  printf("generation:  %llu\n", (unsigned long long)golcl_mspattern_generation(p));
  printf("position:    %lld,%lld\n", (long long)ox, (long long)oy);
  size_t n = golcl_mspattern_comment_count(p);
  printf("comments:    %zu\n", n);
  for (size_t i = 0; i < n; i++) printf("  %s\n", golcl_mspattern_comment(p, i));
  int rc = rle && golcl_mspattern_write_rle(p, stdout) != GOLCL_OK ? 1 : 0;
  golcl_mspattern_destroy(p);
  return rc;
}
