/* cmd_bench_rules.c — `golcl bench rules`: multi-state rules (Generations,
 * Larger than Life) on a random soup of each rule's states (density 0.5,
 * states 1.. about equal), one after the other on one device and grid size.
 * A time is the device span of --gens back-to-back generations after a
 * warm-up generation (the JIT build), the median of --reps runs; printed as
 * generations/s and cell updates/s, with the ratio to the first rule. */
#include <golcl.h>
#include <golcl_rules.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cmd.h"
#include "pattern_io.h"
#include "span.h"

#define MAX_RULES 16
#define DEFAULT_RULES "/2/3;345/2/4;R5,C0,M1,S34..58,B34..45,NM;R20,C0,M1,S400..800,B400..560,NM"

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl bench rules [--rules 'R1;R2;...'] [--size WxH] [--gens N] [--reps N]\n"
          "                         [--torus] [--seed S] [--device SPEC] [--rules-dir DIR]\n\n"
          "  --rules   multi-state rules separated by ';' (default: Brian's Brain /2/3,\n"
          "            Star Wars 345/2/4, Bosco's rule R5 and an R20 rule); a RuleLoader\n"
          "            rule by its name (WireWorld, LifeHistory: NAME.rule)\n"
          "  --rules-dir  the folder of .rule files looked in first (then $GOLCL_RULES,\n"
          "            then /usr/share/golly/Rules)\n"
          "  --size    the grid (default 2048x2048)\n"
          "  --gens    generations a timed run (default 20)\n"
          "  --reps    timed runs a rule, the median reported (default 3)\n");
}

int cmd_bench_rules(int argc, char **argv) {
  const char *rules = DEFAULT_RULES, *device = NULL;
  uint32_t w = 2048, h = 2048, reps = 3;
  uint64_t gens = 20, seed = 1;
  int torus = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int bad = 0;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--torus")) {
      torus = 1;
      continue;
    } else if (!v) {
      bad = 1;
    } else if (!strcmp(a, "--rules")) {
      rules = v;
    } else if (!strcmp(a, "--size")) {
      bad = pio_parse_size(v, &w, &h) != 0;
    } else if (!strcmp(a, "--gens")) {
      bad = pio_parse_u64(v, &gens) != 0 || gens == 0;
    } else if (!strcmp(a, "--reps")) {
      bad = pio_parse_u32(v, &reps) != 0 || reps == 0 || reps > 1000;
    } else if (!strcmp(a, "--seed")) {
      bad = pio_parse_u64(v, &seed) != 0;
    } else if (!strcmp(a, "--device")) {
      device = v;
    } else if (!strcmp(a, "--rules-dir")) {
      bad = golcl_msrule_set_rules_dir(v) != GOLCL_OK;
    } else {
      bad = 1;
    }
    if (bad) {
      fprintf(stderr, "golcl bench rules: bad option '%s'%s%s\n", a, v ? " " : "", v ? v : "");
      usage(stderr);
      return 2;
    }
    i++;
  }
  char *list = strdup(rules), *save = NULL, *names[MAX_RULES];
  golcl_msrule parsed[MAX_RULES];
  int n = 0;
  for (char *r = strtok_r(list, ";", &save); r; r = strtok_r(NULL, ";", &save)) {
    if (n == MAX_RULES || golcl_msrule_parse(r, &parsed[n]) != GOLCL_OK) {
      fprintf(stderr, "golcl bench rules: %s\n",
              n == MAX_RULES ? "at most 16 rules" : golcl_last_errmsg());
      free(list);
      return 2;
    }
    names[n++] = r;
  }
  golcl_context *ctx;
  golcl_context_opts copts = {0};
  copts.device = device;
  golcl_status s = golcl_context_create(&copts, &ctx);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench rules: %s\n", golcl_last_errmsg());
    free(list);
    return 1;
  }
  golcl_device_info dev;
  golcl_context_device_info(ctx, &dev);
  printf("device: %s (%s); grid %ux%u %s; %llu generations a run, median of %u\n", dev.name,
         dev.platform, w, h, torus ? "torus" : "dead boundary", (unsigned long long)gens, reps);
  printf("%-44s %7s %10s %12s %8s\n", "rule", "states", "gen/s", "cells/s", "ratio");
  double first = 0;
  int rc = 0;
  golcl_msgrid *g = NULL;
  s = golcl_msgrid_create(ctx, w, h, torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &g);
  for (int k = 0; k < n && s == GOLCL_OK; k++) {
    double *t = calloc(reps, sizeof *t);
    s = golcl_msgrid_set_msrule(g, &parsed[k]);
    if (s == GOLCL_OK) s = golcl_msgrid_randomize(g, parsed[k].states, 0.5, seed);
    /* warm-up: a whole untimed run of the timed length, so that every
     * kernel the timed runs launch is built (a run of one generation does
     * not build the multi-generation kernels: --reps 1 was 100-400x off) */
    if (s == GOLCL_OK) s = golcl_msgrid_step(g, gens);
    for (uint32_t r = 0; r < reps && s == GOLCL_OK; r++) {
      bench_span sp;
      s = span_begin(ctx, &sp);
      if (s == GOLCL_OK) s = span_end(&sp, golcl_msgrid_step(g, gens), &t[r], NULL);
    }
    if (s == GOLCL_OK) {
      double secs = ex_median(t, reps), gps = (double)gens / secs;
      double cups = gps * (double)w * h;
      if (k == 0) first = cups;
      printf("%-44s %7u %10.2f %12.4g %8.3f\n", names[k], parsed[k].states, gps, cups,
             cups / first);
    }
    free(t);
  }
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl bench rules: %s: %s\n", golcl_strerror(s), golcl_context_errmsg(ctx));
    rc = 1;
  }
  golcl_msgrid_destroy(g);
  golcl_context_destroy(ctx);
  free(list);
  return rc;
}
