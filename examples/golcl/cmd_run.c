/* cmd_run.c — `golcl run PATTERN`: loads a pattern, places it in a grid,
 * runs it and writes the result by extension (.rle, .cells, .png).
 *
 * Without --size or --margin the grid stands for Golly's infinite plane: it
 * starts as the pattern's bounding box plus a margin and is rebuilt larger
 * (around the live cells) whenever they come closer to an edge than the next
 * step could reach. Since nothing travels faster than one cell a generation,
 * k generations with at least k dead cells between the live cells and every
 * edge are exactly those of the infinite plane. */
#include <golcl.h>
#include <golcl_rules.h>

#include <errno.h>
#include <signal.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "clock.h"
#include "cmd.h"
#include "cmd_ms.h"
#include "frames.h"
#include "pattern_io.h"
#include "run.h"
#include "stop.h"

#define MIN_STEP 32          /* rebuild an infinite-plane grid rather than step fewer generations */
#define MAX_SIDE 2147483647u /* the largest side of a grid (golcl_grid_create) */

/* The grid and where it sits in the pattern's universe. */
typedef struct run_state {
  golcl_context *ctx;
  golcl_stepper *stepper;
  golcl_grid *grid;
  int infinite;            /* the grid stands for the infinite plane and grows */
  int64_t ux, uy;          /* universe coordinates of grid cell (0, 0) */
  uint32_t bx, by, bw, bh; /* bounding box of the live cells (infinite mode) */
  int fix_x, fix_y;        /* an unbounded side of a tube or strip: positions from ux, uy */
  golcl_rule_table rule;   /* the pattern's (or --rule's) */
  golcl_bounds bounds;     /* the pattern's bounded grid, INFINITE for none */
  const run_opts *o;
  film film; /* --frames, the GIF */
  int dry;   /* the first pass: the frames' live boxes, nothing written */
  FILE *log;            /* --log: the CSV being written (a temporary, or stdout) */
  ex_atomic log_file;
  uint64_t done; /* generations run: o->gens, or fewer when a signal stopped the run */
  int ran;       /* the run reached o->gens or a signal's stop: the log and frames are kept */
} run_state;

static void usage(FILE *f) {
  fprintf(f,
          "usage: golcl run PATTERN [options]\n\n"
          "Runs a pattern (RLE, .cells, Life 1.05/1.06, macrocell .mc, MCell .mcl, gzip or\n"
          "not; '-' reads stdin, in any of them) and\n"
          "prints the device, generations/s and the final population (on stderr when an\n"
          "output is stdout). Any two-state rule Golly runs (B/S, Hensel, MAP, V, H, W,\n"
          "named rules; B0 as Golly runs it), the multi-state ones (Generations, Larger\n"
          "than Life, RuleLoader .rule files, JvN) and any of Golly's bounded grids (:P, :T\n"
          "with shifts and tubes, :K, :C, :S). SIGINT or SIGTERM stops the run at a\n"
          "generation and writes every output for it (exit status 128 + the signal).\n\n"
          "  -g, -m, --generations N  generations to run (default 100; -m as bgolly's)\n"
          "  --size WxH           a fixed grid of W×H cells, the pattern centred in it\n"
          "  --margin M           a fixed grid: the live cells' bounding box plus M cells on\n"
          "                       each side\n"
          "  --torus              wrap around the edges (of --size, of --margin, else of the\n"
          "                       bounding box plus N cells on each side)\n"
          "                       Default: the bounded grid of the rule's suffix (:P, :T, :K,\n"
          "                       :C, :S; an unbounded side of a tube or strip gets -g N\n"
          "                       cells of room), else the infinite plane (a grid that grows\n"
          "                       with the pattern). --size and --margin drop the suffix.\n"
          "  -r, --rule R         run rule R instead of the pattern's (B3/S23, B2-a/S12,\n"
          "                       MAP..., Life, Day & Night; with a suffix it also replaces\n"
          "                       the bounded grid; a multi-state rule such as WireWorld\n"
          "                       runs a two-state pattern as that rule)\n"
          "  -s, --rules DIR      the folder of Golly .rule files a multi-state pattern's rule\n"
          "                       is looked for in first (then $GOLCL_RULES, then\n"
          "                       /usr/share/golly/Rules)\n"
          "  -a, --algo A         the infinite plane: auto (default: the host tiles for short\n"
          "                       runs and chaos, HashLife for the rest, the device's tiles\n"
          "                       for a soup of over 4 M cells on a GPU; the growing grid\n"
          "                       where the universe cannot run the rule), hashlife, sparse\n"
          "                       (64x64 tiles on the device, of bits or of states),\n"
          "                       hashlife-gpu (HashLife's node table and batches on the\n"
          "                       device), host-tiles (64x64 tiles on the host, QuickLife's\n"
          "                       idea) or dense (a grid that grows)\n"
          "  -i, --increment N    the infinite plane: step N generations at a time (the\n"
          "                       progress line and --log follow it), as bgolly's -i\n"
          "  -M, --memory MB      the infinite plane: HashLife's node store, in MB (default\n"
          "                       1024; collected when full, as bgolly's -M)\n"
          "  --stepper KIND       auto (default: the fastest that can serve the rule and the\n"
          "                       grid), naive, reference, or another stepper of this build\n"
          "  --device SPEC        gpu, cpu, P:D or part of a device name (default:\n"
          "                       $GOLCL_DEVICE, else the first GPU)\n");
  fprintf(f,
          "  -o, --output OUT     write the result to OUT by extension: .rle, .rle.gz,\n"
          "                       .cells, .mc, .mc.gz, .png; .gif or .apng: an animated\n"
          "                       GIF or PNG of the start and of every K-th generation\n"
          "                       (the frames of --frames);\n"
          "                       '-' writes RLE to stdout; may be given up to %d times\n"
          "  --scale S            PNG: S×S pixels per cell (default 1)\n"
          "  --fit WxH            PNG: the largest image within W×H pixels (magnified or\n"
          "                       reduced by whole factors)\n"
          "  --frames DIR         write a PNG of the start and of every K-th generation into\n"
          "                       DIR, numbered 00000000.png, 00000001.png, ..., with\n"
          "                       DIR/frames.csv giving the generation of each; all of one\n"
          "                       size (the infinite plane: the union of the frames' live\n"
          "                       boxes, found by a first pass, or --view)\n"
          "  --every K            the frame interval (default 1 with --frames or .gif)\n"
          "  --view X,Y,W,H       the infinite plane: the frames show the W×H cells from\n"
          "                       (X, Y) (the RLE output's coordinates), no first pass\n"
          "  --log FILE.csv       write generation,population,x,y,width,height (the live\n"
          "                       cells' bounding box) at the start and every K generations;\n"
          "                       '-' writes it to stdout\n"
          "  --log-every K        the log interval (default 1 with --log)\n"
          "  -q, --quiet          print nothing but errors\n"
          "  -h, --help           this text\n\n"
          "A PNG shows the whole grid when its size is fixed, else the live cells' box.\n"
          "Files are replaced whole or not at all: a failed write keeps the old file.\n",
          MAX_OUTS);
}

/* Options -------------------------------------------------------------------- */

static int bad_value(const char *opt, const char *v) {
  fprintf(stderr, "golcl run: bad value '%s' for %s\n", v, opt);
  return 2;
}

enum {
  OPT_SIZE = 256,
  OPT_MARGIN,
  OPT_TORUS,
  OPT_RULE,
  OPT_STEPPER,
  OPT_DEVICE,
  OPT_SCALE,
  OPT_FIT,
  OPT_FRAMES,
  OPT_EVERY,
  OPT_LOG,
  OPT_LOG_EVERY,
  OPT_ALGO,
  OPT_MEMORY,
  OPT_RULES,
  OPT_VIEW
};

static const struct option long_opts[] = {{"generations", required_argument, NULL, 'g'},
                                          {"size", required_argument, NULL, OPT_SIZE},
                                          {"margin", required_argument, NULL, OPT_MARGIN},
                                          {"torus", no_argument, NULL, OPT_TORUS},
                                          {"rule", required_argument, NULL, OPT_RULE},
                                          {"rules", required_argument, NULL, OPT_RULES},
                                          {"stepper", required_argument, NULL, OPT_STEPPER},
                                          {"device", required_argument, NULL, OPT_DEVICE},
                                          {"output", required_argument, NULL, 'o'},
                                          {"scale", required_argument, NULL, OPT_SCALE},
                                          {"fit", required_argument, NULL, OPT_FIT},
                                          {"frames", required_argument, NULL, OPT_FRAMES},
                                          {"every", required_argument, NULL, OPT_EVERY},
                                          {"view", required_argument, NULL, OPT_VIEW},
                                          {"log", required_argument, NULL, OPT_LOG},
                                          {"log-every", required_argument, NULL, OPT_LOG_EVERY},
                                          {"algo", required_argument, NULL, OPT_ALGO},
                                          {"increment", required_argument, NULL, 'i'},
                                          {"memory", required_argument, NULL, OPT_MEMORY},
                                          {"quiet", no_argument, NULL, 'q'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};

static int take_option(int c, const char *v, run_opts *o);

/* An animated output: &o->gif for .gif, &o->apng for .apng, else NULL. */
static const char **animated(const char *path, run_opts *o) {
  size_t n = strlen(path);
  if (n > 4 && strcasecmp(path + n - 4, ".gif") == 0) return &o->gif;
  if (n > 5 && strcasecmp(path + n - 5, ".apng") == 0) return &o->apng;
  return NULL;
}

/* -o NAME.gif, -o NAME.apng: one of each, the folder checked before the run. */
static int take_animated(const char *v, const char **slot) {
  if (*slot) {
    fprintf(stderr, "golcl run: one %s output ('%s' and '%s')\n", strrchr(v, '.'), *slot, v);
    return 2;
  }
  if (pio_check_output("run", v)) return 1;
  *slot = v;
  return -1;
}

/* --view X,Y,W,H: X and Y signed, W and H at least 1, all within 2^60. */
static int parse_view(const char *v, run_opts *o) {
  long long n[4];
  const long long lim = (long long)1 << 60;
  for (int i = 0; i < 4; i++) {
    char *end;
    errno = 0;
    n[i] = strtoll(v, &end, 10);
    if (end == v || errno || *end != (i < 3 ? ',' : '\0') || n[i] > lim || n[i] < -lim ||
        (i >= 2 && n[i] < 1))
      return -1;
    v = end + 1;
  }
  o->vp_x = n[0], o->vp_y = n[1], o->vp_w = (uint64_t)n[2], o->vp_h = (uint64_t)n[3];
  return 0;
}

/* bgolly's -a: its algorithm names, or this command's --algo values. The
 * multi-state families (Generations, JvN, RuleLoader, LargerThanLife) come
 * from the rule here, so their names leave the choice to auto. */
static int take_bgolly_algo(const char *v, run_opts *o) {
  static const char *const family[] = {"Generations", "JvN", "RuleLoader", "LargerThanLife"};
  if (strcasecmp(v, "HashLife") == 0) return take_option(OPT_ALGO, "hashlife", o);
  if (strcasecmp(v, "QuickLife") == 0) return take_option(OPT_ALGO, "host-tiles", o);
  for (size_t i = 0; i < sizeof family / sizeof *family; i++)
    if (strcasecmp(v, family[i]) == 0) return take_option(OPT_ALGO, "auto", o);
  if (take_option(OPT_ALGO, v, o) == -1) return -1;
  return 2; /* the message named --algo's values; bgolly's are these: */
}

/* One option; -1 to go on, else an exit status. */
static int take_option(int c, const char *v, run_opts *o) {
  switch (c) {
    case 'h':
      usage(stdout);
      return 0;
    case 'q':
      o->quiet = 1;
      break;
    case OPT_TORUS:
      o->torus = 1;
      break;
    case OPT_RULES: /* RuleLoader's folder, looked in before $GOLCL_RULES and Golly's */
      if (golcl_msrule_set_rules_dir(v) != GOLCL_OK) {
        fprintf(stderr, "golcl run: --rules: %s\n", golcl_last_errmsg());
        return 2;
      }
      break;
    case 'g':
    case 'm': /* bgolly's -m: how far to run */
      if (pio_parse_u64(v, &o->gens) != 0) return bad_value(c == 'g' ? "-g" : "-m", v);
      break;
    case 'a':
      return take_bgolly_algo(v, o);
    case 's':
      return take_option(OPT_RULES, v, o);
    case 'M':
      return take_option(OPT_MEMORY, v, o);
    case 'r':
      return take_option(OPT_RULE, v, o);
    case OPT_SIZE:
      if (pio_parse_size(v, &o->size_w, &o->size_h) != 0 || !o->size_w || !o->size_h)
        return bad_value("--size", v);
      o->have_size = 1;
      break;
    case OPT_MARGIN:
      if (pio_parse_u64(v, &o->margin) != 0) return bad_value("--margin", v);
      o->have_margin = 1;
      break;
    case OPT_RULE:
      o->rule = v;
      break;
    case OPT_ALGO:
      if (strcmp(v, "auto") && strcmp(v, "hashlife") && strcmp(v, "sparse") &&
          strcmp(v, "hashlife-gpu") && strcmp(v, "host-tiles") && strcmp(v, "dense"))
        return bad_value(
            "--algo (auto, hashlife, sparse, hashlife-gpu, host-tiles, dense; or "
            "bgolly's -a HashLife, QuickLife, Generations, JvN, RuleLoader, "
            "LargerThanLife)",
            v);
      o->algo = v;
      break;
    case 'i':
      if (pio_parse_u64(v, &o->increment) != 0 || o->increment == 0) return bad_value("-i", v);
      break;
    case OPT_MEMORY:
      if (pio_parse_u64(v, &o->memory_mb) != 0 || o->memory_mb == 0 ||
          o->memory_mb > ((uint64_t)1 << 40))
        return bad_value("--memory", v);
      break;
    case OPT_STEPPER: {
      golcl_stepper_kind kind;
      if (golcl_stepper_from_name(v, &kind) != GOLCL_OK || !golcl_stepper_available(kind)) {
        fprintf(stderr, "golcl run: no stepper '%s' in this build; there are:", v);
        for (int k = 0; k < GOLCL_STEPPER_COUNT; k++)
          if (golcl_stepper_available((golcl_stepper_kind)k))
            fprintf(stderr, " %s", golcl_stepper_name((golcl_stepper_kind)k));
        fputc('\n', stderr);
        return 2;
      }
      o->stepper = v;
      break;
    }
    case OPT_DEVICE:
      o->device = v;
      break;
    case 'o':
      if (animated(v, o)) return take_animated(v, animated(v, o));
      if (o->nouts == MAX_OUTS) {
        fprintf(stderr, "golcl run: at most %d outputs\n", MAX_OUTS);
        return 2;
      }
      if (pio_kind_of(v) == PIO_BAD) {
        fprintf(stderr, "golcl run: %s: unknown output extension (" PIO_EXTENSIONS ")\n", v);
        return 2;
      }
      if (pio_check_output("run", v)) return 1; /* before the run, not after it */
      o->outs[o->nouts++] = v;
      break;
    case OPT_SCALE: {
      uint32_t sc;
      if (pio_parse_u32(v, &sc) != 0 || sc == 0 || sc > 4096) return bad_value("--scale", v);
      o->view.scale = sc;
      break;
    }
    case OPT_FIT:
      if (pio_parse_size(v, &o->view.fit_w, &o->view.fit_h) != 0 || !o->view.fit_w ||
          !o->view.fit_h)
        return bad_value("--fit", v);
      break;
    case OPT_FRAMES:
      o->frames = v;
      break;
    case OPT_EVERY:
      if (pio_parse_u64(v, &o->every) != 0 || o->every == 0) return bad_value("--every", v);
      break;
    case OPT_VIEW:
      if (parse_view(v, o)) return bad_value("--view (X,Y,W,H)", v);
      o->have_viewport = 1;
      break;
    case OPT_LOG:
      o->log = v;
      break;
    case OPT_LOG_EVERY:
      if (pio_parse_u64(v, &o->log_every) != 0 || o->log_every == 0)
        return bad_value("--log-every", v);
      break;
  }
  return -1;
}

/* Returns -1 to go on, else an exit status. */
static int parse_args(int argc, char **argv, run_opts *o) {
  memset(o, 0, sizeof *o);
  o->gens = 100;
  o->stepper = "auto";
  o->algo = "auto";
  o->view.scale = 1;
  opterr = 0;
  int c;
  /* bgolly's short options too: -m N (-g), -a ALGO (--algo), -s DIR
   * (--rules), -M MB (--memory), -r RULE (--rule); its -h (HashLife) is
   * this command's help, said in the usage */
  while ((c = getopt_long(argc, argv, ":g:o:i:qhm:a:s:M:r:", long_opts, NULL)) != -1) {
    if (c == '?' || c == ':') return pio_bad_option("run", c, argv);
    int rc = take_option(c, optarg, o);
    if (rc >= 0) return rc;
  }
  for (int i = optind; i < argc; i++) {
    if (o->pattern) {
      fprintf(stderr, "golcl run: one pattern at a time ('%s' and '%s')\n", o->pattern, argv[i]);
      return 2;
    }
    o->pattern = argv[i];
  }
  if (!o->pattern) {
    fprintf(stderr,
            "golcl run: no pattern file (golcl run --help)\n"
            "usage: golcl run PATTERN [options]\n");
    return 2;
  }
  int fixed = o->have_size || o->have_margin || o->torus;
  if (fixed && strcmp(o->algo, "auto") && strcmp(o->algo, "dense")) {
    fprintf(stderr,
            "golcl run: --algo %s runs the infinite plane; --%s makes a fixed grid (one or the "
            "other)\n",
            o->algo,
            o->have_size     ? "size"
            : o->have_margin ? "margin"
                             : "torus");
    return 2;
  }
  if (strcmp(o->stepper, "auto") && strcmp(o->algo, "auto") && strcmp(o->algo, "dense")) {
    fprintf(stderr,
            "golcl run: --stepper picks the stepper of a grid; --algo %s does not step a grid "
            "(--algo dense or --size does)\n",
            o->algo);
    return 2;
  }
  if (o->have_size && o->have_margin) {
    fprintf(stderr, "golcl run: --size and --margin exclude each other\n");
    return 2;
  }
  if (o->every && !film_wanted(o)) {
    fprintf(stderr, "golcl run: --every needs --frames DIR or a .gif or .apng output\n");
    return 2;
  }
  if (o->have_viewport && !film_wanted(o)) {
    fprintf(stderr, "golcl run: --view needs --frames DIR or a .gif or .apng output\n");
    return 2;
  }
  if (o->have_viewport && fixed) {
    fprintf(stderr,
            "golcl run: --view places the frames on the infinite plane; --%s makes a fixed grid, "
            "whose frames show all of it\n",
            o->have_size ? "size" : o->have_margin ? "margin" : "torus");
    return 2;
  }
  if (o->log_every && !o->log) {
    fprintf(stderr, "golcl run: --log-every needs --log FILE.csv\n");
    return 2;
  }
  if (film_wanted(o) && !o->every) o->every = 1;
  if (o->log && !o->log_every) o->log_every = 1;
  int to_stdout = o->log && strcmp(o->log, "-") == 0;
  for (int i = 0; i < o->nouts; i++) to_stdout += pio_kind_of(o->outs[i]) == PIO_STDOUT;
  if (to_stdout > 1) {
    fprintf(stderr, "golcl run: only one output may go to stdout ('-')\n");
    return 2;
  }
  o->report = to_stdout ? stderr : stdout;
  if (!to_stdout) setvbuf(stdout, NULL, _IOLBF, 0); /* a report a pipe or a file sees as it comes */
  return -1;
}

/* Messages ------------------------------------------------------------------- */

static int lib_error(const run_state *st, const char *what, golcl_status s) {
  fprintf(stderr, "golcl run: %s: %s: %s\n", what, golcl_strerror(s),
          st->ctx ? golcl_context_errmsg(st->ctx) : golcl_last_errmsg());
  return 1;
}

static int progress_shown; /* a progress line is on the terminal */

void run_progress_clear(void) {
  if (progress_shown) fputs("\r\033[K", stderr);
  progress_shown = 0;
  fflush(stderr);
}

/* A progress line on stderr: generations, rate and time left. */
void run_progress(uint64_t done, uint64_t total, double elapsed, int final) {
  double rate = elapsed > 0 ? (double)done / elapsed : 0;
  double eta = rate > 0 ? (double)(total - done) / rate : 0;
  int width = 30, fill = total ? (int)((double)width * (double)done / (double)total) : width;
  char bar[64];
  for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
  bar[width] = '\0';
  fprintf(stderr, "\r[%s] %llu/%llu gens  %.0f gen/s  ETA %02d:%02d:%02d ", bar,
          (unsigned long long)done, (unsigned long long)total, rate, (int)(eta / 3600),
          (int)(eta / 60) % 60, (int)eta % 60);
  progress_shown = 1;
  if (final) run_progress_clear();
  fflush(stderr);
}

/* Grids --------------------------------------------------------------------------- */

/* The bounding box of the live cells of a pattern (within its box). */
static void live_box(const golcl_pattern *p, uint32_t *x, uint32_t *y, uint32_t *w, uint32_t *h) {
  uint64_t n = golcl_pattern_population(p);
  *x = *y = *w = *h = 0;
  if (n == 0) return;
  uint32_t x0 = UINT32_MAX, x1 = 0, y0, y1, cx, cy;
  golcl_pattern_live_cell(p, 0, &cx, &y0);
  golcl_pattern_live_cell(p, n - 1, &cx, &y1);
  for (uint64_t i = 0; i < n; i++) {
    golcl_pattern_live_cell(p, i, &cx, &cy);
    if (cx < x0) x0 = cx;
    if (cx > x1) x1 = cx;
  }
  *x = x0, *y = y0, *w = x1 - x0 + 1, *h = y1 - y0 + 1;
}

/* A side of the live box plus `margin` on both ends, or 0 if that is above
 * the largest grid side. */
static uint64_t side_with(uint32_t live, uint64_t margin) {
  if (margin > MAX_SIDE) return 0;
  uint64_t side = live + 2 * margin;
  return side == 0 ? 1 : side <= MAX_SIDE ? side : 0;
}

/* Makes the grid for a pattern whose live box must sit with `margin` dead
 * cells around it, and places the pattern there. `why` names where the
 * margin comes from, for the message when the grid would be too large.
 * Returns 0, or 1 after a message. */
static int grid_around(run_state *st, const golcl_pattern *p, uint64_t margin, golcl_boundary b,
                       uint64_t generation, const char *why, golcl_grid **out) {
  uint32_t lx, ly, lw, lh;
  live_box(p, &lx, &ly, &lw, &lh);
  uint64_t w = side_with(lw, margin), h = side_with(lh, margin);
  if (w == 0 || h == 0) {
    fprintf(stderr,
            "golcl run: %s: the live cells' %ux%u box plus %llu cells on each side is larger "
            "than the largest grid (%u cells a side)\n",
            why, lw, lh, (unsigned long long)margin, MAX_SIDE);
    return 1;
  }
  golcl_status s = golcl_grid_create(st->ctx, (uint32_t)w, (uint32_t)h, b, out);
  if (s != GOLCL_OK) return lib_error(st, "creating the grid", s);
  int64_t px = (int64_t)margin - lx, py = (int64_t)margin - ly;
  s = golcl_grid_place(*out, p, px, py);
  if (s == GOLCL_OK) s = golcl_grid_set_rule_table(*out, &st->rule);
  if (s == GOLCL_OK) s = golcl_grid_set_generation(*out, generation);
  if (s != GOLCL_OK) {
    golcl_grid_destroy(*out);
    *out = NULL;
    return lib_error(st, "placing the pattern", s);
  }
  int64_t ox, oy;
  golcl_pattern_origin(p, &ox, &oy);
  st->ux = ox - px;
  st->uy = oy - py;
  st->bx = lw ? (uint32_t)margin : 0, st->by = lh ? (uint32_t)margin : 0;
  st->bw = lw, st->bh = lh;
  return 0;
}

/* Golly's bounded grid of the pattern: a side of the bounds, or for an
 * unbounded side (a tube or strip) the live cells plus `margin` on both
 * ends (nothing reaches the dead edge within the run). Sets the grid cell
 * of Golly's (0, 0) through st->ux, st->uy. Returns 0, or 1 after a message. */
static int bounded_grid(run_state *st, const golcl_pattern *p, golcl_boundary b) {
  const run_opts *o = st->o;
  const golcl_bounds *bd = &st->bounds;
  uint32_t lx, ly, lw, lh;
  live_box(p, &lx, &ly, &lw, &lh);
  int64_t ox, oy;
  golcl_pattern_origin(p, &ox, &oy);
  uint64_t margin = o->gens ? o->gens + 1 : 1, w = bd->width, h = bd->height;
  if (!w) w = side_with(lw, margin), st->fix_x = 1;
  if (!h) h = side_with(lh, margin), st->fix_y = 1;
  if (w == 0 || h == 0) {
    fprintf(stderr,
            "golcl run: %s: the unbounded side of the grid needs the live cells plus %llu cells "
            "on each side, more than the largest grid (%u cells a side); run fewer generations\n",
            o->pattern, (unsigned long long)margin, MAX_SIDE);
    return 1;
  }
  golcl_status s = golcl_grid_create(st->ctx, (uint32_t)w, (uint32_t)h, b, &st->grid);
  if (s != GOLCL_OK) {
    fprintf(stderr, "golcl run: %s: a grid of %llux%llu cells: %s: %s\n", o->pattern,
            (unsigned long long)w, (unsigned long long)h, golcl_strerror(s),
            golcl_context_errmsg(st->ctx));
    return 1;
  }
  /* Golly's bounded grid has its top-left cell at (-floor(W/2), -floor(H/2)) */
  st->ux = st->fix_x ? ox + lx - (int64_t)margin : -(int64_t)(w / 2);
  st->uy = st->fix_y ? oy + ly - (int64_t)margin : -(int64_t)(h / 2);
  if (!o->torus) s = golcl_grid_set_bounds(st->grid, bd);
  if (s == GOLCL_OK) s = golcl_grid_place(st->grid, p, ox - st->ux, oy - st->uy);
  if (s == GOLCL_OK) s = golcl_grid_set_rule_table(st->grid, &st->rule);
  if (s == GOLCL_OK) s = golcl_grid_set_generation(st->grid, golcl_pattern_generation(p));
  return s == GOLCL_OK ? 0 : lib_error(st, "placing the pattern", s);
}

/* The first grid: fixed (size, margin, torus, rule suffix) or infinite. */
static int make_grid(run_state *st, const golcl_pattern *p) {
  const run_opts *o = st->o;
  golcl_topology topo = st->bounds.topology;
  golcl_boundary b = o->torus || (!o->have_size && !o->have_margin && topo == GOLCL_TOPOLOGY_TORUS)
                         ? GOLCL_BOUNDARY_TORUS
                         : GOLCL_BOUNDARY_DEAD;
  golcl_status s;
  uint64_t gen = golcl_pattern_generation(p);
  if (o->have_margin) return grid_around(st, p, o->margin, b, gen, "--margin", &st->grid);
  if (o->torus && !o->have_size && topo == GOLCL_TOPOLOGY_INFINITE)
    return grid_around(st, p, o->gens ? o->gens : 1, b, gen,
                       "--torus without --size or --margin (a margin of -g N cells)", &st->grid);
  if (!o->have_size && topo != GOLCL_TOPOLOGY_INFINITE) {
    if (!o->torus && topo == GOLCL_TOPOLOGY_TORUS && (!st->bounds.width || !st->bounds.height))
      b = GOLCL_BOUNDARY_DEAD; /* a tube: golcl_grid_set_bounds wraps the bounded side */
    return bounded_grid(st, p, b);
  }
  if (o->have_size) {
    uint32_t w = o->size_w, h = o->size_h;
    s = golcl_grid_create(st->ctx, w, h, b, &st->grid);
    if (s != GOLCL_OK) return lib_error(st, "creating the grid", s);
    /* centre the box */
    int64_t x = ((int64_t)w - golcl_pattern_width(p)) / 2;
    int64_t y = ((int64_t)h - golcl_pattern_height(p)) / 2;
    s = golcl_grid_place(st->grid, p, x, y);
    if (s == GOLCL_OK) s = golcl_grid_set_rule_table(st->grid, &st->rule);
    if (s == GOLCL_OK) s = golcl_grid_set_generation(st->grid, gen);
    return s == GOLCL_OK ? 0 : lib_error(st, "placing the pattern", s);
  }
  /* A rule with B0 runs as Golly runs it (golcl_rule_table_at): the cells
   * shown never turn the background on, so the growing grid serves it too. */
  st->infinite = 1;
  uint64_t m = o->gens < MIN_STEP ? (o->gens ? o->gens : 1) : MIN_STEP;
  return grid_around(st, p, m, b, gen, "the infinite plane", &st->grid);
}

/* Infinite mode: before stepping, make sure there is room for `want`
 * generations (rebuilding the grid if there is less than MIN_STEP); sets
 * how many can be run now. Returns 0, or 1 after a message. */
static int room(run_state *st, uint64_t want, uint64_t remaining, uint64_t *can) {
  golcl_grid *g = st->grid;
  uint32_t W = golcl_grid_width(g), H = golcl_grid_height(g);
  if (st->bw == 0) { /* nothing alive stays nothing (B0 too, as Golly shows it) */
    *can = want;
    return 0;
  }
  uint64_t d = st->bx;
  if (st->by < d) d = st->by;
  if (W - (st->bx + st->bw) < d) d = W - (st->bx + st->bw);
  if (H - (st->by + st->bh) < d) d = H - (st->by + st->bh);
  uint64_t need = remaining < MIN_STEP ? remaining : MIN_STEP;
  if (d >= need || d >= want) {
    *can = d < want ? d : want;
    return 0;
  }
  /* Rebuild around the live cells with a margin that grows with the pattern. */
  golcl_pattern *p;
  golcl_status s = golcl_grid_extract(g, &p);
  if (s != GOLCL_OK) return lib_error(st, "growing the grid", s);
  uint64_t side = st->bw > st->bh ? st->bw : st->bh;
  uint64_t m = side / 2 > MIN_STEP ? side / 2 : MIN_STEP;
  if (m > remaining) m = remaining;
  int64_t old_ux = st->ux + st->bx, old_uy = st->uy + st->by; /* universe of the live box */
  golcl_grid *ng;
  golcl_pattern_set_origin(p, old_ux, old_uy);
  int rc = grid_around(st, p, m, GOLCL_BOUNDARY_DEAD, golcl_grid_generation(g),
                       "the infinite plane (the pattern has grown)", &ng);
  golcl_pattern_destroy(p);
  if (rc) return rc;
  golcl_grid_destroy(g);
  st->grid = ng;
  *can = m < want ? m : want;
  return 0;
}

/* Outputs --------------------------------------------------------------------------- */

/* The result as a pattern: the live box with the infinite plane's position,
 * or the grid's own topology when it is fixed. */
static golcl_status result_pattern(run_state *st, const golcl_pattern *in, golcl_pattern **out) {
  golcl_status s = golcl_grid_extract(st->grid, out);
  if (s != GOLCL_OK) return s;
  if (st->infinite) {
    golcl_pattern_set_topology(*out, GOLCL_TOPOLOGY_INFINITE, 0, 0);
    golcl_pattern_set_origin(*out, st->ux + st->bx, st->uy + st->by);
  } else if (st->fix_x || st->fix_y) { /* a tube or strip: Golly's coordinates there */
    int64_t ox, oy;
    golcl_pattern_origin(*out, &ox, &oy);
    uint32_t W = golcl_grid_width(st->grid), H = golcl_grid_height(st->grid);
    if (st->fix_x) ox = ox + W / 2 + st->ux;
    if (st->fix_y) oy = oy + H / 2 + st->uy;
    golcl_pattern_set_origin(*out, ox, oy);
    golcl_pattern_set_bounds(*out, &st->bounds);
  }
  for (size_t i = 0; i < golcl_pattern_comment_count(in); i++)
    golcl_pattern_add_comment(*out, golcl_pattern_comment(in, i));
  return GOLCL_OK;
}

/* A PNG of the grid (fixed) or of the live box with a border (infinite). */
static int write_png(run_state *st, const char *path) {
  if (st->infinite) {
    golcl_pattern *p;
    golcl_status s = golcl_grid_extract(st->grid, &p);
    if (s != GOLCL_OK) return lib_error(st, path, s);
    int rc = pio_write("run", path, p, &st->o->view, 2);
    golcl_pattern_destroy(p);
    return rc ? 1 : 0;
  }
  uint32_t w = golcl_grid_width(st->grid), h = golcl_grid_height(st->grid);
  uint8_t *cells = malloc((size_t)w * h);
  if (!cells) {
    fprintf(stderr, "golcl run: %s: out of memory for a %ux%u image\n", path, w, h);
    return 1;
  }
  golcl_status s = golcl_grid_read(st->grid, cells, w);
  int rc = s != GOLCL_OK ? lib_error(st, path, s)
                         : (pio_write_png("run", path, cells, w, h, &st->o->view) ? 1 : 0);
  free(cells);
  return rc;
}

/* A frame: the viewport's cells from the grid (a fixed grid: all of it);
 * the first pass only takes the live box. */
static int write_frame(run_state *st) {
  if (st->dry) {
    if (st->bw) film_union(&st->film, st->ux + st->bx, st->uy + st->by, st->bw, st->bh);
    return 0;
  }
  uint32_t w = golcl_grid_width(st->grid), h = golcl_grid_height(st->grid);
  uint8_t *cells = malloc((size_t)w * h);
  if (!cells) {
    fprintf(stderr, "golcl run: a frame: out of memory for a %ux%u grid\n", w, h);
    return 1;
  }
  golcl_status s = golcl_grid_read(st->grid, cells, w);
  if (s == GOLCL_OK)
    film_blocks_from_cells(&st->film, cells, w, st->infinite ? st->ux : 0,
                           st->infinite ? st->uy : 0, w, h);
  free(cells);
  if (s != GOLCL_OK) return lib_error(st, "a frame", s);
  return film_add(&st->film, golcl_grid_generation(st->grid));
}

/* The frames' viewport: --view, the whole of a fixed grid, or on the
 * infinite plane the union of the frames' live boxes, from a first pass
 * over the run (the grid then made again from the pattern). */
static int step_all(run_state *st, double *seconds);
static int frames_view(run_state *st, const golcl_pattern *p) {
  if (!st->infinite) {
    int rc = film_bounded(&st->film, golcl_grid_width(st->grid), golcl_grid_height(st->grid));
    if (rc) return rc;
  } else if (!st->o->have_viewport) {
    double secs;
    st->dry = 1;
    int rc = step_all(st, &secs);
    st->dry = 0, st->done = 0, st->ran = 0;
    golcl_grid_destroy(st->grid);
    st->grid = NULL;
    if (rc == 0) rc = make_grid(st, p);
    if (rc) return rc;
  }
  return film_set_view(&st->film, 0, NULL, st->infinite ? FILM_BORDER : 0);
}

/* One line of the --log CSV: the generation, the population and the live
 * cells' bounding box in the coordinates of the RLE output (the pattern's
 * own in the infinite plane, Golly's of the grid when it is fixed). */
static int write_log(run_state *st) {
  uint64_t pop;
  golcl_status s = golcl_grid_population(st->grid, &pop);
  int64_t x = 0, y = 0;
  uint32_t w = 0, h = 0;
  if (s == GOLCL_OK && st->infinite) {
    w = st->bw, h = st->bh;
    if (w) x = st->ux + st->bx, y = st->uy + st->by;
  } else if (s == GOLCL_OK) {
    uint32_t bx, by;
    s = golcl_grid_bounding_box(st->grid, &bx, &by, &w, &h);
    if (w) {
      x = st->fix_x ? st->ux + bx : (int64_t)bx - golcl_grid_width(st->grid) / 2;
      y = st->fix_y ? st->uy + by : (int64_t)by - golcl_grid_height(st->grid) / 2;
    }
  }
  if (s != GOLCL_OK) return lib_error(st, "--log", s);
  fprintf(st->log, "%llu,%llu,%lld,%lld,%u,%u\n",
          (unsigned long long)golcl_grid_generation(st->grid), (unsigned long long)pop,
          (long long)x, (long long)y, w, h);
  return 0;
}

/* The run -------------------------------------------------------------------------- */

/* Generations from `done` to the next multiple of k (k = 0: none). */
static uint64_t to_next(uint64_t done, uint64_t k) { return k ? k - done % k : UINT64_MAX; }

static int step_all(run_state *st, double *seconds) {
  const run_opts *o = st->o;
  int bar = !o->quiet && isatty(2);
  uint64_t done = 0, chunk = 1;
  if (film_wanted(o) && write_frame(st)) return 1;
  if (o->log && !st->dry && write_log(st)) return 1;
  double t0 = ex_now(), last_bar = t0;
  golcl_status s;
  while (done < o->gens) {
    if (ex_stop_requested()) break; /* a generation boundary: the outputs are of it */
    uint64_t want = o->gens - done;
    /* chunks of a tenth of a second or so, for the progress bar and a
     * signal's stop; the infinite plane steps as far as its room allows
     * (room: no nearer an edge than a step reaches) */
    want = want < chunk ? want : chunk;
    if (to_next(done, o->every) < want) want = to_next(done, o->every);
    if (to_next(done, o->log_every) < want) want = to_next(done, o->log_every);
    uint64_t k = want;
    if (st->infinite && room(st, want, o->gens - done, &k)) return 1;
    double c0 = ex_now();
    s = golcl_stepper_run(st->stepper, st->grid, k);
    if (s != GOLCL_OK) return lib_error(st, "stepping", s);
    if (st->infinite)
      s = golcl_grid_bounding_box(st->grid, &st->bx, &st->by, &st->bw, &st->bh);
    else
      s = golcl_context_finish(st->ctx);
    if (s != GOLCL_OK) return lib_error(st, "stepping", s);
    done += k;
    double dt = ex_now() - c0;
    if (k == chunk && dt < 0.1 && chunk < ((uint64_t)1 << 40)) chunk *= 2;
    if (dt > 0.5 && chunk > 1) chunk /= 2;
    if (film_wanted(o) && done % o->every == 0 && write_frame(st)) return 1;
    if (o->log && !st->dry && (done % o->log_every == 0 || done == o->gens) && write_log(st))
      return 1;
    if (bar && (ex_now() - last_bar > 0.1 || done == o->gens)) {
      run_progress(done, o->gens, ex_now() - t0, 0);
      last_bar = ex_now();
    }
  }
  s = golcl_context_finish(st->ctx);
  if (s != GOLCL_OK) return lib_error(st, "stepping", s);
  *seconds = ex_now() - t0;
  if (bar && o->gens) run_progress(done, o->gens, *seconds, 1);
  if (o->log && !st->dry && done < o->gens && done % o->log_every && write_log(st)) return 1;
  st->done = done;
  st->ran = 1;
  return 0;
}

int run_open_log(const run_opts *o, ex_atomic *log_file, FILE **log) {
  if (!o->log) return 0;
  if (strcmp(o->log, "-") == 0) {
    *log = stdout;
  } else {
    if (ex_atomic_open(log_file, o->log, "golcl run")) return 1;
    *log = log_file->f;
  }
  fprintf(*log, "generation,population,x,y,width,height\n");
  return 0;
}

int run_close_log(ex_atomic *log_file, int keep, int rc) {
  if (!log_file->f) return rc;
  if (keep && ex_atomic_commit(log_file, "golcl run")) rc = 1;
  if (log_file->f) ex_atomic_abort(log_file);
  return rc;
}

static int run(run_state *st, golcl_pattern *p) {
  const run_opts *o = st->o;
  golcl_stepper_kind kind;
  if (golcl_stepper_from_name(o->stepper, &kind) != GOLCL_OK || !golcl_stepper_available(kind)) {
    fprintf(stderr, "golcl run: no stepper '%s' in this build; there are:", o->stepper);
    for (int k = 0; k < GOLCL_STEPPER_COUNT; k++)
      if (golcl_stepper_available((golcl_stepper_kind)k))
        fprintf(stderr, " %s", golcl_stepper_name((golcl_stepper_kind)k));
    fputc('\n', stderr);
    return 2;
  }
  golcl_context_opts copts = {0};
  copts.device = o->device;
  golcl_status s = golcl_context_create(&copts, &st->ctx);
  if (s != GOLCL_OK) return lib_error(st, "opening the device", s);
  golcl_device_info dev;
  golcl_context_device_info(st->ctx, &dev);
  if (!o->quiet) fprintf(o->report, "device:     %s (%s)\n", dev.name, dev.platform);
  s = golcl_stepper_create(st->ctx, kind, NULL, &st->stepper);
  if (s != GOLCL_OK) return lib_error(st, o->stepper, s);
  int rc = make_grid(st, p);
  if (rc) return rc;
  s = golcl_stepper_prepare(st->stepper, st->grid); /* JIT outside the timing */
  if (s == GOLCL_E_UNSUPPORTED) {
    fprintf(stderr,
            "golcl run: the %s stepper cannot run this pattern: %s (--stepper auto picks "
            "one that can)\n",
            golcl_stepper_name(kind), golcl_context_errmsg(st->ctx));
    return 1;
  }
  if (s != GOLCL_OK) return lib_error(st, "building the kernels", s);
  if (!o->quiet) {
    char rule[GOLCL_PATTERN_RULE_CAP];
    golcl_pattern_rule_text(p, rule, sizeof rule);
    fprintf(o->report, "pattern:    %s (%s, %ux%u, %llu cells, rule %s)\n", o->name,
            golcl_pattern_format_name(golcl_pattern_get_format(p)), golcl_pattern_width(p),
            golcl_pattern_height(p), (unsigned long long)golcl_pattern_population(p), rule);
    if (st->infinite)
      ; /* reported after the run, when its final size is known */
    else if (st->bounds.topology != GOLCL_TOPOLOGY_INFINITE && !o->have_size && !o->torus) {
      char what[200];
      pio_describe_bounds(&st->bounds, what, sizeof what);
      fprintf(o->report, "grid:       %ux%u, %s\n", golcl_grid_width(st->grid),
              golcl_grid_height(st->grid), what);
    } else
      fprintf(o->report, "grid:       %ux%u, %s\n", golcl_grid_width(st->grid),
              golcl_grid_height(st->grid),
              golcl_grid_boundary(st->grid) == GOLCL_BOUNDARY_TORUS ? "torus" : "dead boundary");
  }
  if (film_wanted(o) && (rc = frames_view(st, p)) != 0) return rc;
  double secs = 0;
  rc = step_all(st, &secs);
  if (rc) return rc;
  uint64_t pop;
  s = golcl_grid_population(st->grid, &pop);
  if (s != GOLCL_OK) return lib_error(st, "counting", s);
  if (!o->quiet && st->infinite) {
    golcl_layout_info li = {0};
    golcl_grid_buffer(st->grid, &li);
    fprintf(o->report,
            "grid:       infinite plane (a dead-boundary grid that grows): %ux%u at the end, "
            "%.1f MB on the device (%s); live box %ux%u at (%lld, %lld)\n",
            golcl_grid_width(st->grid), golcl_grid_height(st->grid), (double)li.bytes / 1e6,
            golcl_layout_name(li.layout), st->bw, st->bh, (long long)(st->ux + st->bx),
            (long long)(st->uy + st->by));
  }
  if (!o->quiet) {
    if (st->done)
      fprintf(o->report, "run:        %llu generations with the %s stepper in %.3f s: %.1f gen/s\n",
              (unsigned long long)st->done, golcl_stepper_name(golcl_stepper_chosen(st->stepper)),
              secs, secs > 0 ? (double)st->done / secs : 0.0);
    fprintf(o->report, "population: %llu at generation %llu\n", (unsigned long long)pop,
            (unsigned long long)golcl_grid_generation(st->grid));
  }
  if (ex_stop_requested()) run_say_stopped(o, ex_stop_requested(), golcl_grid_generation(st->grid));
  golcl_pattern *result = NULL;
  for (int i = 0; i < o->nouts; i++) { /* one that fails does not cost the others */
    int bad;
    if (pio_kind_of(o->outs[i]) == PIO_PNG) {
      bad = write_png(st, o->outs[i]);
    } else if (!result && (s = result_pattern(st, p, &result)) != GOLCL_OK) {
      bad = lib_error(st, "reading the result", s);
    } else {
      bad = pio_write("run", o->outs[i], result, &o->view, 2) ? 1 : 0;
    }
    if (bad == 0 && !o->quiet && strcmp(o->outs[i], "-") != 0)
      fprintf(o->report, "wrote:      %s\n", o->outs[i]);
    if (bad) rc = 1;
  }
  golcl_pattern_destroy(result);
  return rc;
}

void run_say_stopped(const run_opts *o, int sig, uint64_t generation) {
  run_progress_clear();
  fprintf(stderr, "golcl run: stopped by %s at generation %llu",
          sig == SIGINT ? "SIGINT" : "SIGTERM", (unsigned long long)generation);
  int files = 0;
  for (int i = 0; i < o->nouts; i++)
    fprintf(stderr, "%s%s", files++ ? ", " : "; writing ",
            strcmp(o->outs[i], "-") ? o->outs[i] : "stdout");
  if (o->log)
    fprintf(stderr, "%s%s", files++ ? ", " : "; writing ",
            strcmp(o->log, "-") ? o->log : "the log");
  if (o->frames) fprintf(stderr, "%s%s/frames.csv", files++ ? ", " : "; writing ", o->frames);
  if (o->gif) fprintf(stderr, "%s%s", files++ ? ", " : "; writing ", o->gif);
  if (o->apng) fprintf(stderr, "%s%s", files++ ? ", " : "; writing ", o->apng);
  fprintf(stderr, "%s\n", files ? " for it" : "");
}

static int run_the_pattern(run_opts *o);

int cmd_run(int argc, char **argv) {
  run_opts o;
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0) return rc;
  ex_stop_install(1); /* SIGINT, SIGTERM: stop at a generation, write the outputs */
  rc = run_the_pattern(&o);
  run_progress_clear();
  if (ex_stop_requested()) return ex_stop_status(ex_stop_requested());
  return rc;
}

static int run_loaded(run_opts *o_);

/* --rule names a multi-state rule (WireWorld, Codd, JvN29, /2/3): a
 * two-state pattern then runs under it, its cells in state 1. */
static int names_multi_state(const char *rule) {
  golcl_rule_table t;
  golcl_msrule m;
  return rule && golcl_rule_table_parse(rule, &t) != GOLCL_OK &&
         golcl_msrule_parse(rule, &m) == GOLCL_OK;
}

/* The pattern from its file, or from stdin (copied into a temporary file for
 * the formats only the path readers take). */
static int run_the_pattern(run_opts *o) {
  char *spool = NULL;
  o->name = strcmp(o->pattern, "-") ? o->pattern : "<stdin>";
  if (strcmp(o->pattern, "-") == 0 ? pio_stdin_file("run", &spool)
                                   : pio_refuse_zip_file("run", o->pattern))
    return 1;
  if (spool) o->pattern = spool;
  int rc = run_loaded(o);
  pio_stdin_file_done(spool);
  return rc;
}

static int run_loaded(run_opts *o_) {
  run_opts o = *o_;
  int rc;
  /* the infinite plane: a universe (two-state and multi-state cells), unless
   * a fixed grid or the growing grid is asked for, or the universe does not
   * take the pattern (a bounded grid, a oneDimensional rule, B0
   * without S8) */
  if (strcmp(o.algo, "dense") && !o.have_size && !o.have_margin && !o.torus) {
    rc = run_universe(&o);
    if (rc >= 0) return rc;
  }
  if (cmd_run_ms_claims(o.pattern) || names_multi_state(o.rule))
    return cmd_run_ms(&o); /* the multi-state grid: Generations, LtL, RuleLoader, JvN */
  golcl_pattern *p = pio_load("run", o.pattern);
  if (!p) return 1;
  if (o.rule) {
    golcl_bounds file_bounds;
    golcl_pattern_bounds(p, &file_bounds);
    golcl_status s = golcl_pattern_set_rule(p, o.rule);
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl run: --rule: %s\n", golcl_last_errmsg());
      golcl_pattern_destroy(p);
      return 2;
    }
    if (!strchr(o.rule, ':')) golcl_pattern_set_bounds(p, &file_bounds); /* keep the file's grid */
  }
  run_state st = {0};
  st.o = &o;
  golcl_pattern_rule_table(p, &st.rule);
  golcl_pattern_bounds(p, &st.bounds);
  rc = run_open_log(&o, &st.log_file, &st.log);
  if (rc == 0 && film_wanted(&o)) rc = film_open(&st.film, &o);
  if (rc == 0) rc = run(&st, p);
  rc = film_close(&st.film, st.ran, rc);
  rc = run_close_log(&st.log_file, st.ran, rc);
  golcl_grid_destroy(st.grid);
  golcl_stepper_destroy(st.stepper);
  golcl_context_destroy(st.ctx);
  golcl_pattern_destroy(p);
  return rc;
}
