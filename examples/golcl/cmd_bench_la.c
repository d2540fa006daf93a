/* cmd_bench_la.c — placeholder while this subcommand is being written. */
#include <stdio.h>

#include "cmd.h"

int cmd_bench_la(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "golcl bench: not built yet\n");
  return 1;
}
