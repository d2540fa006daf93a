/* main.c — the golcl command: dispatches to its subcommands. */
#include <golcl.h>

#include <stdio.h>
#include <string.h>

#include "atomic_file.h"
#include "cmd.h"
#include "stop.h"

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
    {"run", cmd_run, "run a pattern file and write the result (.rle, .cells, .png)"},
    {"info", cmd_info, "describe a pattern file: format, size, rule, population, comments"},
    {"devices", cmd_devices, "list every OpenCL platform and device"},
    {"bench", cmd_bench,
     "benchmark the steppers side by side (`bench la`: linear algebra; `bench universe`: the "
     "infinite plane against bgolly; `bench rules`: multi-state rules; `bench game`, `bench "
     "graph`: lattices)"},
};

static void usage(FILE *f) {
  fprintf(f, "usage: golcl COMMAND [ARGS...]   (libgolcl %s)\n\ncommands:\n",
          golcl_version_string());
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(f, "  %-10s %s\n", "help", "this text; `golcl help COMMAND` or `golcl COMMAND --help`");
}

static const command *find(const char *name) {
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(commands[i].name, name) == 0) return &commands[i];
  return NULL;
}

/* Runs the command, then makes sure stdout reached its file: an output error
 * (a full disk, /dev/full, a closed pipe) fails the command with a message. */
static int dispatch(int argc, char **argv);

int main(int argc, char **argv) {
  ex_stop_install(0); /* `run` asks for a graceful stop instead */
  int rc = dispatch(argc, argv);
  if (ex_stdout_close("golcl") != 0 && rc == 0) rc = 1;
  return rc;
}

static int dispatch(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *name = argv[1];
  if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    if (argc > 2 && find(argv[2])) {
      char *help_argv[] = {argv[2], "--help", NULL};
      return find(argv[2])->run(2, help_argv);
    }
    usage(stdout);
    return 0;
  }
  if (strcmp(name, "--version") == 0) {
    printf("golcl %s\n", golcl_version_string());
    return 0;
  }
  const command *c = find(name);
  if (!c) {
    fprintf(stderr, "golcl: unknown command '%s'\n", name);
    usage(stderr);
    return 2;
  }
  return c->run(argc - 1, argv + 1);
}
