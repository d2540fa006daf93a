/* cmd_run_ms.h — `golcl run` for multi-state patterns (Generations, Larger
 * than Life): cmd_run.c hands such a file over to cmd_run_ms.c. */
#ifndef GOLCL_CMD_RUN_MS_H
#define GOLCL_CMD_RUN_MS_H

/* 1 if PATH is a multi-state RLE file that golcl_mspattern_read_file takes. */
int cmd_run_ms_claims(const char *path);

/* golcl run PATTERN [options] for such a file; returns the exit status. */
int cmd_run_ms(int argc, char **argv);

#endif
