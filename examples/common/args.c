/* args.c — see args.h. */
#include "args.h"

#include <getopt.h>
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
  /* getopt_long's table: option i is args[i], then --help. */
  struct option *opts = calloc(n + 2, sizeof *opts);
  if (!opts) {
    fprintf(stderr, "%s: out of memory\n", prog);
    return 2;
  }
  for (size_t i = 0; i < n; i++) {
    opts[i].name = args[i].name + 2; /* "--size" -> "size" */
    opts[i].has_arg = required_argument;
    opts[i].val = 256 + (int)i;
  }
  opts[n].name = "help";
  opts[n].val = 'h';
  int c, rc = 0;
  opterr = 0;
  while (rc == 0 && (c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
    if (c == 'h') {
      free(opts);
      usage(stdout);
      exit(0);
    } else if (c == '?' || c == ':') {
      const char *arg = argv[optind - 1];
      fprintf(stderr, "%s: %s %.*s%s (see --help)\n", prog, c == ':' ? "option" : "unknown option",
              (int)strcspn(arg, "="), arg, c == ':' ? " needs a value" : "");
      rc = 2;
    } else if (store(&args[c - 256], optarg) != 0) {
      fprintf(stderr, "%s: bad value for %s: %s\n", prog, args[c - 256].name, optarg);
      rc = 2;
    }
  }
  if (rc == 0 && optind < argc) {
    fprintf(stderr, "%s: unexpected argument %s (see --help)\n", prog, argv[optind]);
    rc = 2;
  }
  free(opts);
  return rc;
}
