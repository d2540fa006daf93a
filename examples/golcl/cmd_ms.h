/* cmd_ms.h — the golcl subcommands on multi-state patterns (Generations,
 * Larger than Life): cmd_run.c and cmd_info.c hand such a file over to
 * cmd_run_ms.c and cmd_info_ms.c. */
#ifndef GOLCL_CMD_MS_H
#define GOLCL_CMD_MS_H

/* 1 if PATH is a multi-state RLE file that golcl_mspattern_read_file takes
 * (or one whose RuleLoader rule file is missing or malformed: said there). */
int cmd_run_ms_claims(const char *path);

/* golcl run PATTERN [options] for such a file, with the options cmd_run.c
 * parsed; returns the exit status. */
struct run_opts;
int cmd_run_ms(const struct run_opts *opts);

/* A PNG of multi-state cells in the rule's colours (a RuleLoader rule's
 * @COLORS, JvN's kinds, else Golly's gradient), sc pixels a cell; 1 after
 * a message on failure. */
#include <golcl_rules.h>
int cmd_ms_write_png(const golcl_msrule *rule, const golcl_mspattern *r, const char *path,
                     uint32_t sc);

/* The colour of each state, as cmd_ms_write_png draws it. */
void cmd_ms_palette(const golcl_msrule *rule, uint8_t pal[256][3]);

/* golcl info for such a file (name: as the report names it), with --rle (rle) or --cells (cells,
 * refused: plaintext is two-state); returns the exit status. */
int cmd_info_ms(const char *path, const char *name, int rle, int cells);

#endif
