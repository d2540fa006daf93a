/* cmd_run_universe.c — `golcl run` on the infinite plane: the pattern in a
 * golcl_universe (HashLife on the host, or 64×64 tiles on the device with
 * --algo sparse), stepped -i generations at a time, with the same outputs,
 * --log and --frames as a grid run, and a report of the final live box and
 * the memory the run held. */
#define _DEFAULT_SOURCE /* mkstemps */
#include <golcl_universe.h>

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "clock.h"
#include "image.h"
#include "cmd_ms.h"
#include "frames.h"
#include "run.h"
#include "stop.h"

typedef struct urun {
  const run_opts *o;
  golcl_context *ctx;
  golcl_universe *u;
  ex_atomic log_file;
  FILE *log;
  film film;     /* --frames, the GIF */
  int dry;       /* the first pass: the frames' live boxes, nothing written */
  uint64_t done; /* generations run: o->gens, or fewer when a signal stopped the run */
} urun;

static int fail(const char *what) {
  fprintf(stderr, "golcl run: %s: %s\n", what, golcl_last_errmsg());
  return 1;
}

static int write_log(urun *r) {
  uint64_t pop, w, h;
  int64_t x, y;
  if (golcl_universe_population(r->u, &pop) != GOLCL_OK ||
      golcl_universe_bounding_box(r->u, &x, &y, &w, &h) != GOLCL_OK)
    return fail("--log");
  fprintf(r->log, "%llu,%llu,%lld,%lld,%llu,%llu\n",
          (unsigned long long)golcl_universe_generation(r->u), (unsigned long long)pop,
          (long long)x, (long long)y, (unsigned long long)w, (unsigned long long)h);
  return 0;
}

static golcl_status write_mc(const void *u, FILE *f, pio_kind kind) {
  (void)kind;
  return golcl_universe_write_macrocell((golcl_universe *)u, f);
}

static golcl_status write_rle(const void *u, FILE *f, pio_kind kind) {
  (void)kind;
  return golcl_universe_write_rle((golcl_universe *)u, f);
}

/* Multi-state cells: RLE and macrocell from the tree, PNG in the rule's
 * colours; plaintext is two-state. */
static int write_out_ms(urun *r, const char *path) {
  pio_kind k = pio_plain_kind(pio_kind_of(path));
  if (k == PIO_MC) return pio_write_text("run", path, write_mc, r->u) ? 1 : 0;
  if (k == PIO_RLE || k == PIO_STDOUT) return pio_write_text("run", path, write_rle, r->u) ? 1 : 0;
  if (k == PIO_CELLS) {
    fprintf(stderr, "golcl run: %s: plaintext holds two states; write .rle or .mc\n", path);
    return 1;
  }
  golcl_msrule rule;
  golcl_mspattern *p = NULL;
  if (golcl_universe_get_msrule(r->u, &rule) != GOLCL_OK ||
      golcl_universe_extract_ms(r->u, &p) != GOLCL_OK)
    return fail(path);
  int rc = cmd_ms_write_png(&rule, p, path, r->o->view.scale);
  golcl_mspattern_destroy(p);
  return rc;
}

/* An output by its extension: .mc straight from the nodes, the others
 * through a pattern of the live cells (within the pattern limits). */
/* Whether the universe holds multi-state cells: more than two states, or a
 * rule of two states that is not a two-state rule table (Banks-I, a
 * RuleLoader rule of two states). */
static int multi_state(const golcl_universe *u) {
  char rule[GOLCL_MSRULE_TEXT_CAP];
  golcl_rule_table t;
  return golcl_universe_states(u) > 2 ||
         (golcl_universe_get_rule(u, rule, sizeof rule) == GOLCL_OK &&
          golcl_rule_table_parse(rule, &t) != GOLCL_OK);
}

/* --fit of a box larger than the picture: drawn from the quadtree at the
 * scale asked (golcl_universe_read_scaled), each pixel the share of cells
 * alive in its 2^k x 2^k block, as Golly zooms out; the cost follows the
 * tree, not the box. 1 if drawn (rc in *rc), 0 if the cells path draws it
 * (no --fit, or a box within it). */
static int write_scaled_png(urun *r, const char *path, int *rc) {
  const ex_cell_view *v = &r->o->view;
  int64_t x, y;
  uint64_t w, h;
  if (!v->fit_w || golcl_universe_bounding_box(r->u, &x, &y, &w, &h) != GOLCL_OK) return 0;
  if (w <= v->fit_w && h <= v->fit_h) return 0;
  unsigned k = 0;
  while (((w - 1) >> k) + 1 > v->fit_w || ((h - 1) >> k) + 1 > v->fit_h) k++;
  uint32_t iw = (uint32_t)(((w - 1) >> k) + 1), ih = (uint32_t)(((h - 1) >> k) + 1);
  uint8_t *share = malloc((size_t)iw * ih);
  if (!share) {
    fprintf(stderr, "golcl run: %s: out of memory for a %ux%u image\n", path, iw, ih);
    return *rc = 1, 1;
  }
  golcl_status s = golcl_universe_read_scaled(r->u, x, y, iw, ih, k, share, NULL, iw);
  for (size_t i = 0; i < (size_t)iw * ih; i++) /* any live cell shows, as the cells path draws */
    if (share[i]) share[i] = (uint8_t)(64 + share[i] * 191 / 255);
  *rc = s != GOLCL_OK ? fail(path) : ex_write_png_gray(path, share, iw, ih, iw) ? 1 : 0;
  free(share);
  return 1;
}

static int write_out(urun *r, const char *path) {
  int drawn;
  if (pio_kind_of(path) == PIO_PNG && write_scaled_png(r, path, &drawn)) return drawn;
  if (multi_state(r->u)) return write_out_ms(r, path);
  pio_kind k = pio_plain_kind(pio_kind_of(path));
  if (k == PIO_MC) return pio_write_text("run", path, write_mc, r->u) ? 1 : 0;
  /* RLE has no limit on the span or the count (bgolly writes a glider 10^8
   * cells from home, and the spacefiller's 2.3e8 cells): the universe's
   * writer goes straight from the tree past the pattern limits */
  if (k == PIO_RLE || k == PIO_STDOUT) return pio_write_text("run", path, write_rle, r->u) ? 1 : 0;
  /* plaintext: the writers' box limits are raised to the most a pattern
   * holds for this write only, so that reading untrusted files keeps them */
  golcl_pattern_limits keep, wide;
  golcl_pattern_get_limits(&keep);
  wide = keep;
  if (pio_kind_of(path) != PIO_PNG) wide.max_width = wide.max_height = UINT32_MAX;
  golcl_pattern_set_limits(&wide);
  golcl_pattern *p = NULL;
  golcl_status s = golcl_universe_extract(r->u, &p);
  int rc = s != GOLCL_OK ? fail(path) : pio_write("run", path, p, &r->o->view, 2) ? 1 : 0;
  golcl_pattern_set_limits(&keep);
  golcl_pattern_destroy(p);
  return rc;
}

/* A frame: the viewport drawn from the quadtree at the frames' scale; the
 * first pass only takes the live box. */
static int write_frame(urun *r) {
  film *f = &r->film;
  if (r->dry) {
    int64_t x, y;
    uint64_t w, h;
    if (golcl_universe_bounding_box(r->u, &x, &y, &w, &h) != GOLCL_OK) return fail("frames");
    film_union(f, x, y, w, h);
    return 0;
  }
  /* a cell a block: the cells themselves (read_scaled descends from the
   * root for each pixel, about 40x slower on acorn's 2227x2398 box) */
  golcl_status s = f->shift == 0
                       ? golcl_universe_read_rect(r->u, f->x, f->y, f->bw, f->bh, f->state, f->bw)
                       : golcl_universe_read_scaled(r->u, f->x, f->y, f->bw, f->bh, f->shift,
                                                    f->share, f->state, f->bw);
  if (s != GOLCL_OK) return fail("a frame");
  if (f->shift == 0)
    for (size_t i = 0; i < (size_t)f->bw * f->bh; i++) f->share[i] = f->state[i] ? 255 : 0;
  return film_add(f, golcl_universe_generation(r->u));
}

static uint64_t to_next(uint64_t done, uint64_t k) { return k ? k - done % k : UINT64_MAX; }

typedef struct progress {
  const urun *r;
  uint64_t base, total; /* generations done before this call, and in all */
  double t0, last;
  int bar;
} progress;

/* Between chunks: the progress line, and a signal's stop. */
static int on_progress(void *user, uint64_t done, uint64_t total) {
  progress *p = user;
  (void)total;
  if (p->bar && ex_now() - p->last > 0.1) {
    run_progress(p->base + done, p->total, ex_now() - p->t0, 0);
    p->last = ex_now();
  }
  return ex_stop_requested() != 0;
}

/* One run of the library with its progress callback, which shows the line
 * and stops at a signal between chunks (golcl_universe_run_progress keeps
 * AUTO's choices and HashLife's jump sizes, which chunks of
 * golcl_universe_run would not: a chunk under 2^11 generations never gives
 * chaos to the tiles). */
static golcl_status run_some(urun *r, uint64_t gens, progress *p) {
  return golcl_universe_run_progress(r->u, gens, on_progress, p);
}

static int step_all(urun *r, double *seconds) {
  const run_opts *o = r->o;
  progress pr = {r, 0, o->gens, ex_now(), ex_now(), !o->quiet && isatty(2)};
  uint64_t done = 0;
  if (o->log && !r->dry && write_log(r)) return 1;
  if (film_wanted(o) && write_frame(r)) return 1;
  while (done < o->gens && !ex_stop_requested()) {
    uint64_t want = o->gens - done;
    if (o->increment && want > o->increment) want = o->increment;
    if (to_next(done, o->every) < want) want = to_next(done, o->every);
    if (to_next(done, o->log_every) < want) want = to_next(done, o->log_every);
    uint64_t g0 = golcl_universe_generation(r->u);
    pr.base = done;
    golcl_status s = run_some(r, want, &pr);
    done += golcl_universe_generation(r->u) - g0;
    if (s == GOLCL_E_CANCELLED) break;
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl run: stepping (stopped at generation %llu): %s: %s\n",
              (unsigned long long)golcl_universe_generation(r->u), golcl_strerror(s),
              golcl_last_errmsg());
      return 1;
    }
    if (film_wanted(o) && done % o->every == 0 && write_frame(r)) return 1;
    if (o->log && !r->dry && (done % o->log_every == 0 || done == o->gens) && write_log(r))
      return 1;
    if (pr.bar && (ex_now() - pr.last > 0.1 || done == o->gens)) {
      run_progress(done, o->gens, ex_now() - pr.t0, 0);
      pr.last = ex_now();
    }
  }
  *seconds = ex_now() - pr.t0;
  r->done = done;
  if (pr.bar && o->gens) run_progress(done, o->gens, *seconds, 1);
  if (o->log && !r->dry && done < o->gens && done % o->log_every && write_log(r)) return 1;
  return 0;
}

/* A copy of the universe (cells, rule, generation) through a macrocell
 * file, which holds any span and both kinds of cells. */
static int copy_universe(urun *r, const golcl_universe_opts *uo, golcl_universe **out) {
  const char *dir = getenv("TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/golcl-frames-XXXXXX.mc", dir && *dir ? dir : "/tmp");
  int fd = mkstemps(path, 3);
  FILE *f = fd >= 0 ? fdopen(fd, "w+b") : NULL;
  if (!f) {
    fprintf(stderr, "golcl run: frames: a temporary file: %s\n", strerror(errno));
    if (fd >= 0) close(fd), unlink(path);
    return 1;
  }
  ex_stop_register_tmp(path);
  golcl_status s = golcl_universe_write_macrocell(r->u, f);
  if (fclose(f) != 0 && s == GOLCL_OK) s = GOLCL_E_IO;
  if (s == GOLCL_OK) s = golcl_universe_create(r->ctx, uo, out);
  if (s == GOLCL_OK) s = golcl_universe_read_file(*out, path);
  unlink(path);
  ex_stop_unregister_tmp(path);
  if (s != GOLCL_OK) {
    golcl_universe_destroy(*out);
    *out = NULL;
    return fail("frames: copying the pattern for the second pass");
  }
  return 0;
}

/* The frames' viewport: --view, or the union of the frames' live boxes
 * from a first pass over the run on the universe, which a copy made
 * before it then replaces. */
static int frames_view(urun *r, const golcl_universe_opts *uo) {
  if (!r->o->have_viewport) {
    golcl_universe *start;
    double secs;
    if (copy_universe(r, uo, &start)) return 1;
    r->dry = 1;
    int rc = step_all(r, &secs);
    r->dry = 0, r->done = 0;
    golcl_universe_destroy(r->u);
    r->u = start;
    if (rc) return rc;
  }
  uint8_t pal[256][3];
  golcl_msrule rule;
  int ms = multi_state(r->u);
  if (ms && golcl_universe_get_msrule(r->u, &rule) != GOLCL_OK) return fail("frames");
  if (ms) cmd_ms_palette(&rule, pal);
  return film_set_view(&r->film, 1, ms ? (const uint8_t(*)[3])pal : NULL, FILM_BORDER);
}

/* Loads the pattern into r->u; -1 (nothing printed) when the universe cannot
 * take it and another way may (auto). */
static int load(urun *r, int may_fall_back) {
  const run_opts *o = r->o;
  golcl_status s;
  if (strcmp(o->pattern, "-") == 0) {
    golcl_pattern *p = pio_load("run", o->pattern);
    if (!p) return 1;
    s = golcl_universe_load(r->u, p);
    golcl_pattern_destroy(p);
  } else {
    /* the universe holds any span: the pattern limits guard the parsers'
     * boxes, and a multi-state RLE is read through one of width x height
     * bytes (Golly's JvN-loop-replicator: 1048753 x 151), so a file a user
     * runs may have a box up to 2^28 cells here (bgolly reads them all) */
    golcl_pattern_limits keep, wide;
    golcl_pattern_get_limits(&keep);
    wide = keep;
    if (wide.max_cells < (1u << 28)) wide.max_cells = 1u << 28;
    golcl_pattern_set_limits(&wide);
    s = golcl_universe_read_file(r->u, o->pattern);
    golcl_pattern_set_limits(&keep);
  }
  if (s == GOLCL_OK && o->rule) {
    if (strchr(o->rule, ':')) return -1; /* a bounded grid: not a universe */
    s = golcl_universe_set_rule(r->u, o->rule);
    if (s == GOLCL_E_PARSE) {
      fprintf(stderr, "golcl run: --rule: %s\n", golcl_last_errmsg());
      return 2;
    }
  }
  if (s == GOLCL_E_UNSUPPORTED && may_fall_back) return -1;
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl run: %s\n", golcl_last_errmsg());
    return 1;
  }
  if (strcmp(o->stepper, "auto")) { /* it would pick nothing here: said, not ignored */
    fprintf(stderr,
            "golcl run: --stepper %s: this pattern runs on the infinite plane in a universe, "
            "which has no stepper (--algo dense, --size or --margin run it on a grid)\n",
            o->stepper);
    return 2;
  }
  return 0;
}

static void report(const urun *r, double secs, double wall) {
  const run_opts *o = r->o;
  FILE *f = o->report;
  char rule[GOLCL_RULE_TEXT_CAP] = "?";
  golcl_universe_get_rule(r->u, rule, sizeof rule);
  golcl_universe_stats st;
  golcl_universe_get_stats(r->u, &st);
  uint64_t pop = 0, w = 0, h = 0, hash = 0;
  int64_t x = 0, y = 0;
  golcl_universe_population(r->u, &pop);
  golcl_universe_hash(r->u, &hash);
  golcl_universe_bounding_box(r->u, &x, &y, &w, &h);
  const char *algo =
      golcl_universe_algo_name(st.algo == GOLCL_UNIVERSE_AUTO ? GOLCL_UNIVERSE_HASHLIFE : st.algo);
  if (r->done)
    fprintf(f, "run:        %llu generations with %s in %.3f s: %.1f gen/s (%.3f s since start)\n",
            (unsigned long long)r->done, algo, secs, secs > 0 ? (double)r->done / secs : 0.0, wall);
  fprintf(f, "population: %llu at generation %llu (hash %016llx)\n", (unsigned long long)pop,
          (unsigned long long)golcl_universe_generation(r->u), (unsigned long long)hash);
  if (w)
    fprintf(f, "live box:   %llux%llu at (%lld, %lld), rule %s, the infinite plane\n",
            (unsigned long long)w, (unsigned long long)h, (long long)x, (long long)y, rule);
  else
    fprintf(f, "live box:   empty, rule %s, the infinite plane\n", rule);
  fprintf(f, "memory:     %llu HashLife nodes, %.1f MB of at most %.0f MB, %llu collections",
          (unsigned long long)st.nodes, (double)st.node_bytes / 1e6,
          (double)st.max_node_bytes / 1e6, (unsigned long long)st.collections);
  if (st.algo == GOLCL_UNIVERSE_HASHLIFE_DEVICE)
    fprintf(f, "; %.1f MB on the device", (double)st.device_bytes / 1e6);
  if (st.algo == GOLCL_UNIVERSE_SPARSE)
    fprintf(f, "; %llu device tiles, %.1f MB on the device", (unsigned long long)st.tiles,
            (double)st.device_bytes / 1e6);
  if (st.host_tile_bytes)
    fprintf(f, "; %llu host tiles, %.1f MB", (unsigned long long)st.tiles,
            (double)st.host_tile_bytes / 1e6);
  fputc('\n', f);
}

/* AUTO's device, opened in a thread: a run never waits for the platform
 * (about 0.2 s for pocl, 0.2-0.4 s for NVIDIA's) unless its pattern is a
 * large soup (take_device), where the device's tiles pay for it; the others
 * run on the host engines. The thread starts before the loading where the
 * file is large enough to hold such a soup (EARLY_BYTES: a 4096x4096 soup's
 * RLE is about 12 MB), so that the two overlap; else once the loaded pattern
 * is one: any other pattern opens no device at all (opening pocl's costs
 * more CPU time than the whole run of a methuselah to 1000 generations, and
 * on an H200 machine a gun of 67 kB to 1000 generations took 0.2 s with the
 * device opening beside it, 0.1 s without: 2026-11-28). */
#define EARLY_BYTES (8u << 20)
/* A soup for the device: over 2^22 live cells that AUTO calls a soup
 * (golcl_universe_is_soup: a box at least 1/8 full, the leaves mostly
 * distinct). On an H200 machine, 1000 generations of
 * a 2048x2048 soup (2.1 M cells) took 1.97 s through the device against
 * 0.64 s on the host tiles and bgolly's 1.09; of an 8192x8192 soup (33.5 M)
 * 11.2 s through the device against 16.7 and 19.5 (2026-11-28). */
#define SOUP_CELLS (1u << 22)
typedef struct opener {
  pthread_t thread;
  int started;
  atomic_int done;
  const char *device;
  golcl_context *ctx;
} opener;

static void *open_device(void *p) {
  opener *op = p;
  if (op->device || pio_has_gpu()) {
    golcl_context_opts copts = {0};
    copts.device = op->device ? op->device : "gpu";
    if (golcl_context_create(&copts, &op->ctx) != GOLCL_OK) op->ctx = NULL; /* host then */
  }
  atomic_store(&op->done, 1);
  return NULL;
}

static void start_opener(opener *op, const run_opts *o) {
  op->device = o->device;
  op->started = pthread_create(&op->thread, NULL, open_device, op) == 0;
}

/* The device for a loaded pattern, where it is a large soup (SOUP_CELLS),
 * which the device's tiles step fastest (two-state cells, and multi-state
 * ones on the device tiles of states); the thread is started
 * here if the file was small. Wide sparse patterns (demonoid-c512: 106 639 cells
 * in 272 449 x 268 312), metapixels and Golly's large guns and breeders
 * (0.2-3 % of their box) stay on the host's HashLife: on an H200 machine
 * demonoid-c512 to 1000 generations took 7.5 s through the device against
 * 0.07 s on the host (2026-11-28). */
static void take_device(urun *r, opener *op) {
  if (!golcl_universe_is_soup(r->u, SOUP_CELLS)) return;
  if (!op->started) start_opener(op, r->o);
  if (!op->started) return;
  pthread_join(op->thread, NULL);
  op->started = 0;
  if (op->ctx && golcl_universe_set_context(r->u, op->ctx) == GOLCL_OK)
    r->ctx = op->ctx;
  else
    golcl_context_destroy(op->ctx);
  op->ctx = NULL;
}

/* Whether the pattern's file may hold a soup for the device (stdin: decided once loaded). */
static int large_input(const run_opts *o) {
  struct stat sb;
  return strcmp(o->pattern, "-") != 0 && stat(o->pattern, &sb) == 0 &&
         (uint64_t)sb.st_size >= EARLY_BYTES;
}

int run_universe(const run_opts *o) {
  double start = ex_now();
  urun r;
  memset(&r, 0, sizeof r);
  r.o = o;
  golcl_universe_opts uo = {0};
  uo.max_memory = o->memory_mb << 20;
  int may_fall_back = strcmp(o->algo, "auto") == 0;
  if (strcmp(o->algo, "sparse") == 0 || strcmp(o->algo, "hashlife-gpu") == 0) {
    golcl_context_opts copts = {0};
    copts.device = o->device;
    if (golcl_context_create(&copts, &r.ctx) != GOLCL_OK) return fail("opening the device");
    uo.algo =
        strcmp(o->algo, "sparse") == 0 ? GOLCL_UNIVERSE_SPARSE : GOLCL_UNIVERSE_HASHLIFE_DEVICE;
  } else if (strcmp(o->algo, "hashlife") == 0) {
    uo.algo = GOLCL_UNIVERSE_HASHLIFE;
  } else if (strcmp(o->algo, "host-tiles") == 0) {
    uo.algo = GOLCL_UNIVERSE_HOST_TILES;
  }
  static opener op; /* static: a thread still opening at exit is left to it */
  memset(&op, 0, sizeof op);
  /* below 256 generations AUTO uses no device (golcl_universe.h) */
  int may_open = uo.algo == GOLCL_UNIVERSE_AUTO && o->gens >= 256;
  if (may_open && large_input(o)) start_opener(&op, o);
  int rc = golcl_universe_create(r.ctx, &uo, &r.u) != GOLCL_OK ? fail("universe") : 0;
  if (rc == 0) rc = load(&r, may_fall_back);
  if (rc == 0 && may_open) take_device(&r, &op);
  if (rc == 0 && !o->quiet) {
    if (r.ctx) {
      golcl_device_info dev;
      golcl_context_device_info(r.ctx, &dev);
      fprintf(o->report, "device:     %s (%s)\n", dev.name, dev.platform);
    }
    uint64_t pop = 0;
    golcl_universe_population(r.u, &pop);
    fprintf(o->report, "pattern:    %s (%llu cells, generation %llu)\n", o->name,
            (unsigned long long)pop, (unsigned long long)golcl_universe_generation(r.u));
  }
  for (int i = 0; i < o->nouts && rc == 0 && multi_state(r.u); i++)
    if (pio_kind_of(o->outs[i]) == PIO_CELLS) { /* said before the run, not after it */
      fprintf(stderr, "golcl run: %s: plaintext holds two states; write .rle or .mc\n", o->outs[i]);
      rc = 2;
    }
  if (rc == 0) rc = run_open_log(o, &r.log_file, &r.log);
  if (rc == 0 && film_wanted(o)) rc = film_open(&r.film, o);
  if (rc == 0 && film_wanted(o)) rc = frames_view(&r, &uo);
  double secs = 0;
  if (rc == 0) rc = step_all(&r, &secs);
  if (rc == 0 && !o->quiet) report(&r, secs, ex_now() - start);
  if (rc == 0 && ex_stop_requested())
    run_say_stopped(o, ex_stop_requested(), golcl_universe_generation(r.u));
  int ran = rc == 0;
  for (int i = 0; i < o->nouts && ran; i++) { /* one that fails does not cost the others */
    int bad = write_out(&r, o->outs[i]);
    if (bad == 0 && !o->quiet && strcmp(o->outs[i], "-") != 0)
      fprintf(o->report, "wrote:      %s\n", o->outs[i]);
    if (bad) rc = 1;
  }
  if (rc >= 0) rc = run_close_log(&r.log_file, ran, film_close(&r.film, ran, rc));
  golcl_universe_destroy(r.u);
  golcl_context_destroy(r.ctx);
  /* rc < 0: another way runs the pattern, which opens its device anyway */
  if (rc >= 0 && op.started && !atomic_load(&op.done)) { /* not waited for: end without it */
    fflush(NULL);
    ex_stop_remove_tmps(); /* the stdin copy: its remover is not reached */
    run_progress_clear();
    _exit(ex_stop_requested() ? ex_stop_status(ex_stop_requested()) : rc); /* as cmd_run's */
  }
  if (op.started) pthread_join(op.thread, NULL);
  golcl_context_destroy(op.ctx);
  return rc;
}
