/* plot.h — PNG plots through gnuplot (the `gnuplot` command, or $GNUPLOT),
 * written whole or not at all, for `golcl bench --plot`. */
#ifndef GOLCL_PLOT_H
#define GOLCL_PLOT_H

#include <stdio.h>

/* 1 if gnuplot can be run, else 0 after "golcl CMD: --plot needs gnuplot
 * ..." on stderr (call it before a long run). */
int plot_check(const char *cmd);

/* Writes s to f as a gnuplot single-quoted string (a quote is doubled): for
 * titles and labels in a script. */
void plot_quoted(FILE *f, const char *s);

/* Runs gnuplot on `script` (plot commands, with any data as a datablock)
 * after setting a PNG terminal of w×h pixels whose output is a temporary
 * file beside `path`, which replaces path when gnuplot succeeded. Returns 0,
 * or -1 with a message on stderr (the old file is then unchanged). */
int plot_png(const char *cmd, const char *path, unsigned w, unsigned h, const char *script);

#endif
