/* cmd.h — the subcommands of the golcl command, one file each. Each takes
 * argv with argv[0] the subcommand name and returns the exit status. */
#ifndef GOLCL_CMD_H
#define GOLCL_CMD_H

int cmd_devices(int argc, char **argv);

#endif
