/* args.h — the "--name value" options of the example programs, from a table
 * (getopt_long underneath). */
#ifndef EX_ARGS_H
#define EX_ARGS_H

#include <golcl_la.h>

#include <stddef.h>
#include <stdio.h>

typedef enum ex_arg_type {
  EX_SIZE,   /* size_t, decimal */
  EX_DOUBLE, /* double */
  EX_STRING, /* const char *, the argv string itself */
  EX_DTYPE   /* golcl_dtype from "f32" or "f64" */
} ex_arg_type;

typedef struct ex_arg {
  const char *name; /* "--size" */
  ex_arg_type type;
  void *dst;
} ex_arg;

/* Parses argv[1..] against the n options of args with getopt_long ("--size
 * 64", "--size=64", unique prefixes such as "--si 64"). --help or -h prints
 * usage on stdout and exits 0. Returns 0, or 2 after a one-line message on
 * stderr (prefixed by prog) for an unknown option, a missing or bad value,
 * or an argument that is not an option. */
int ex_parse_args(const char *prog, int argc, char **argv, const ex_arg *args, size_t n,
                  void (*usage)(FILE *));

#endif
