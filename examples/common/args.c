/* args.c — see args.h. */
#include "args.h"

#include <stdlib.h>
#include <string.h>

/* Stores v into a by its type; 0, or -1 if v is not a value of that type. */
static int store(const ex_arg *a, const char *v) {
  char *end = NULL;
  switch (a->type) {
    case EX_SIZE:
      if (*v == '-') return -1;
      *(size_t *)a->dst = (size_t)strtoull(v, &end, 10);
      break;
    case EX_DOUBLE:
      *(double *)a->dst = strtod(v, &end);
      break;
    case EX_STRING:
      *(const char **)a->dst = v;
      return 0;
    case EX_DTYPE:
      if (strcmp(v, "f32") && strcmp(v, "f64")) return -1;
      *(golcl_dtype *)a->dst = v[1] == '6' ? GOLCL_F64 : GOLCL_F32;
      return 0;
  }
  return end == v || *end ? -1 : 0;
}

int ex_parse_args(const char *prog, int argc, char **argv, const ex_arg *args, size_t n,
                  void (*usage)(FILE *)) {
  for (int i = 1; i < argc; i++) {
    const char *name = argv[i];
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
      usage(stdout);
      exit(0);
    }
    const ex_arg *a = NULL;
    for (size_t j = 0; j < n && !a; j++)
      if (!strcmp(name, args[j].name)) a = &args[j];
    if (!a) {
      fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, name);
      return 2;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "%s: %s needs a value (see --help)\n", prog, name);
      return 2;
    }
    const char *v = argv[++i];
    if (store(a, v) != 0) {
      fprintf(stderr, "%s: bad value for %s: %s\n", prog, name, v);
      return 2;
    }
  }
  return 0;
}
