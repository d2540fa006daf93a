/* cmd_bench.c — `golcl bench`: the Life steppers, or `golcl bench la` for the
 * linear-algebra module. */
#include <string.h>

#include "cmd.h"

int cmd_bench(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "la") == 0) return cmd_bench_la(argc - 1, argv + 1);
  if (argc > 1 && strcmp(argv[1], "game") == 0) return cmd_bench_game(argc - 1, argv + 1);
  if (argc > 1 && strcmp(argv[1], "graph") == 0) return cmd_bench_graph(argc - 1, argv + 1);
  if (argc > 1 && strcmp(argv[1], "universe") == 0)
    return cmd_bench_universe(argc - 1, argv + 1);
  if (argc > 1 && strcmp(argv[1], "rules") == 0) return cmd_bench_rules(argc - 1, argv + 1);
  return cmd_bench_life(argc, argv);
}
