/* cmd.h — the subcommands of the golcl command, one file each. Each takes
 * argv with argv[0] the subcommand name and returns the exit status. */
#ifndef GOLCL_CMD_H
#define GOLCL_CMD_H

int cmd_devices(int argc, char **argv);
int cmd_run(int argc, char **argv);  /* cmd_run.c: golcl run PATTERN [options] */
int cmd_info(int argc, char **argv); /* cmd_info.c: golcl info PATTERN */
int cmd_bench(int argc, char **argv);      /* cmd_bench.c: `bench la` or the Life bench */
int cmd_bench_life(int argc, char **argv); /* cmd_bench_life.c: golcl bench [options] */
int cmd_bench_la(int argc, char **argv);   /* cmd_bench_la.c: golcl bench la [options] */
int cmd_bench_game(int argc, char **argv);  /* cmd_bench_lattice.c: golcl bench game */
int cmd_bench_graph(int argc, char **argv); /* cmd_bench_lattice.c: golcl bench graph */
int cmd_bench_universe(int argc, char **argv); /* cmd_bench_universe.c: golcl bench universe */
int cmd_bench_rules(int argc, char **argv); /* cmd_bench_rules.c: golcl bench rules */

#endif
