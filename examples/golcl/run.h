/* run.h — `golcl run`'s options, shared by cmd_run.c (grids) and
 * cmd_run_universe.c (the infinite plane as a golcl_universe). */
#ifndef GOLCL_RUN_H
#define GOLCL_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "atomic_file.h"
#include "pattern_io.h"

#define MAX_OUTS 8

typedef struct run_opts {
  const char *pattern; /* the file read (stdin's copy, for some formats) */
  const char *name;    /* the pattern as messages name it: the path, or <stdin> */
  uint64_t gens;
  int have_size, have_margin, torus, quiet;
  uint32_t size_w, size_h;
  uint64_t margin;
  const char *rule, *stepper, *device, *frames, *log;
  const char *algo;   /* --algo: auto, hashlife, sparse, hashlife-gpu, dense */
  uint64_t increment; /* -i: generations a step of the progress line (0: as it likes) */
  uint64_t memory_mb; /* --memory: HashLife's node store in MB (0: the default) */
  uint64_t every, log_every;
  const char *gif;   /* -o NAME.gif: an animated GIF of the frames */
  const char *apng;  /* -o NAME.apng: the same as an animated PNG */
  int have_viewport; /* --view X,Y,W,H: the frames' cells on the infinite plane */
  int64_t vp_x, vp_y;
  uint64_t vp_w, vp_h;
  const char *outs[MAX_OUTS];
  int nouts;
  ex_cell_view view;
  FILE *report; /* the report lines: stdout, or stderr when an output is stdout */
} run_opts;

/* Runs the pattern in a golcl_universe (HashLife or the device's sparse
 * tiles). Returns an exit status, or -1 when the universe cannot take the
 * pattern and --algo is auto (a bounded grid, or a B0 rule without S8):
 * then the growing grid runs it. */
int run_universe(const run_opts *o);

/* Opens --log's CSV before a run, so that a folder that cannot be written
 * fails early (the frames' files: frames.h); it is committed at the end
 * when the run ran (keep: to its end or to a signal's stop, whatever became
 * of the other outputs) or dropped, keeping an older one. Return 0 or 1
 * after a message; close returns rc, or 1 if the commit failed. */
int run_open_log(const run_opts *o, ex_atomic *log_file, FILE **log);
int run_close_log(ex_atomic *log_file, int keep, int rc);

/* A progress line on stderr: generations, rate and time left (final:
 * cleared right after); run_progress_clear takes a line that is up away. */
void run_progress(uint64_t done, uint64_t total, double elapsed, int final);
void run_progress_clear(void);

/* After a signal stopped the run: "golcl run: stopped by SIGINT at
 * generation N; writing A, B for it" on stderr. */
void run_say_stopped(const run_opts *o, int sig, uint64_t generation);

#endif
