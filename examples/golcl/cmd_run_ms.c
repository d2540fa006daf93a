/* cmd_run_ms.c — `golcl run PATTERN` for multi-state patterns (Generations,
 * Larger than Life, RuleLoader): reads the file with golcl_mspattern_read_file, runs it
 * on a golcl_msgrid and writes RLE (.rle, "-") or PNG. The grid is the
 * file's bounded grid (:P, :T; an LtL side below 2R raised to 2R as Golly
 * does), --size or --margin, else it stands for the infinite plane: a dead
 * grid rebuilt around the cells whenever a cell in state 1 (RuleLoader and
 * JvN: any state but 0) could come within R cells of an edge (R a
 * generation is the fastest anything travels). */
#include <golcl_rules.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cmd_ms.h"
#include "frames.h"
#include "image.h"
#include "pattern_io.h"
#include "run.h"

#define MIN_STEP 32 /* rebuild an infinite-plane grid rather than step fewer generations */

typedef struct ms_opts {
  const char *pattern, *name, *rule, *device;
  uint64_t gens, margin;
  int have_size, have_margin, torus, quiet;
  uint32_t size_w, size_h, scale;
  const char *outs[MAX_OUTS];
  int nouts;
  FILE *report;
  const run_opts *r; /* all of them: the frames' */
} ms_opts;

typedef struct ms_run {
  golcl_context *ctx;
  golcl_msgrid *grid;
  golcl_msrule rule;
  golcl_bounds bounds; /* of the result: the file's grid, or none */
  int infinite;
  int64_t ux, uy;  /* infinite plane: universe coordinates of grid cell (0, 0) */
  uint32_t reach;  /* cells a generation: R, or 1 for Generations */
  int any_state;   /* every non-zero state reaches out (JvN, RuleLoader), not state 1 alone */
  uint64_t margin; /* infinite plane: the margin of a new grid, margin / reach generations */
  film film;       /* --frames, the GIF */
  int dry;         /* the first pass: the frames' live boxes, nothing written */
} ms_run;

/* A bounded grid whose cells times generations are at most this runs on the
 * host (golcl_msgrid without a context): opening a device and building its
 * kernels takes longer than such a run (pocl about 0.1-0.2 s, NVIDIA
 * 0.2-0.4 s; the host's block step 1-15 ns a cell: Golly's Blinkers.mcl, a
 * 100×100 torus of Larger than Life, to 1000 generations, 0.2 s on pocl's
 * device, 0.02 s on the host). Not more: Fireworks.mcl's 200² board to 2000
 * generations (8e7) took 0.72 s on an H200 machine's host against 0.43 s
 * through its GPU (2026-11-29). --device asks for a device. */
#define HOST_CELL_GENS ((uint64_t)1 << 26)

/* Room for MIN_STEP generations, held to MAX_MARGIN cells unless that is
 * less than two generations' reach (LtL at large ranges). */
#define MAX_MARGIN 512
static uint64_t plane_margin(uint32_t reach) {
  uint64_t m = (uint64_t)reach * MIN_STEP;
  if (m > MAX_MARGIN) m = MAX_MARGIN;
  if (m < 2ull * reach) m = 2ull * reach;
  return m + 16;
}

int cmd_run_ms_claims(const char *path) {
  golcl_mspattern *p = NULL;
  if (!path || strcmp(path, "-") == 0) return 0;
  int ok = golcl_mspattern_read_file(path, &p) == GOLCL_OK;
  /* a RuleLoader rule no folder holds, a rule file it cannot read, or a
   * cell beyond the rule's states: this command says which files it looked
   * for, or what is wrong in the file (not the two-state reader's "runs
   * two-state rules only") */
  ok = ok || strstr(golcl_last_errmsg(), ".rule") != NULL ||
       strstr(golcl_last_errmsg(), "is not a state of the rule") != NULL;
  golcl_mspattern_destroy(p);
  return ok;
}

static int fail(const char *what, golcl_status s, const golcl_context *ctx) {
  fprintf(stderr, "golcl run: %s: %s: %s\n", what, golcl_strerror(s),
          ctx ? golcl_context_errmsg(ctx) : golcl_last_errmsg());
  return 1;
}

/* The options cmd_run.c parsed (run.h), as this command takes them: a
 * stepper other than auto, the universe's options and the outputs of a grid
 * run that are not here yet are usage errors. Returns -1 to go on. */
static int take_opts(const run_opts *r, ms_opts *o) {
  memset(o, 0, sizeof *o);
  if (strcmp(r->stepper, "auto") != 0) {
    fprintf(stderr,
            "golcl run: --stepper %s: a multi-state pattern has one kernel a family "
            "(--stepper auto)\n",
            r->stepper);
    return 2;
  }
  const char *later = r->view.fit_w                                         ? "fit"
                      : r->log                                              ? "log"
                      : strcmp(r->algo, "auto") && strcmp(r->algo, "dense") ? "algo"
                      : r->increment                                        ? "increment"
                      : r->memory_mb                                        ? "memory"
                                                                            : NULL;
  if (later) {
    fprintf(stderr, "golcl run: --%s is not available for multi-state patterns yet\n", later);
    return 2;
  }
  if (r->have_margin && r->margin > 1000000000) {
    fprintf(stderr, "golcl run: bad value for --margin\n");
    return 2;
  }
  o->pattern = r->pattern, o->name = r->name, o->rule = r->rule, o->device = r->device;
  o->gens = r->gens, o->margin = r->margin;
  o->have_size = r->have_size, o->have_margin = r->have_margin;
  o->torus = r->torus, o->quiet = r->quiet;
  o->size_w = r->size_w, o->size_h = r->size_h, o->scale = r->view.scale;
  for (int i = 0; i < r->nouts; i++) o->outs[i] = r->outs[i];
  o->nouts = r->nouts;
  o->report = r->report;
  o->r = r;
  return -1;
}

/* The grid for the pattern: --size, --margin, the file's bounded grid, or the
 * infinite plane (the box with a margin of a few steps' reach). */
static int make_grid(ms_run *st, const ms_opts *o, const golcl_mspattern *p) {
  uint32_t pw = golcl_mspattern_width(p), ph = golcl_mspattern_height(p);
  int64_t ox, oy;
  golcl_mspattern_origin(p, &ox, &oy);
  golcl_bounds b;
  golcl_mspattern_bounds(p, &b);
  uint64_t W, H;
  int64_t px, py;
  golcl_boundary bd = o->torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
  memset(&st->bounds, 0, sizeof st->bounds);
  st->bounds.topology = GOLCL_TOPOLOGY_INFINITE;
  if (o->have_size) {
    W = o->size_w, H = o->size_h;
    px = ((int64_t)W - pw) / 2, py = ((int64_t)H - ph) / 2;
  } else if (o->have_margin || (o->torus && b.topology == GOLCL_TOPOLOGY_INFINITE)) {
    uint64_t m = o->margin; /* --torus alone: a margin of -g N generations' reach */
    if (!o->have_margin)
      m = o->gens > (uint64_t)INT32_MAX / st->reach ? (uint64_t)INT32_MAX : o->gens * st->reach;
    W = pw + 2 * m, H = ph + 2 * m;
    px = py = (int64_t)m;
  } else if (b.topology != GOLCL_TOPOLOGY_INFINITE) {
    if (!b.width || !b.height) {
      char what[200];
      pio_describe_bounds(&b, what, sizeof what);
      fprintf(stderr,
              "golcl run: %s: the bounded grid %s has an unbounded side, which a multi-state "
              "grid does not have (--size or --margin run it on one)\n",
              o->name, what);
      return 1;
    }
    W = b.width, H = b.height;
    if (st->rule.family == GOLCL_MS_LTL) { /* Golly raises a side below 2R */
      if (W < 2 * st->reach) W = 2 * st->reach;
      if (H < 2 * st->reach) H = 2 * st->reach;
    }
    if (o->torus) { /* the file's size, wrapped */
      memset(&b, 0, sizeof b);
      b.topology = GOLCL_TOPOLOGY_TORUS;
    }
    b.width = (uint32_t)W, b.height = (uint32_t)H;
    st->bounds = b;
    bd = b.topology == GOLCL_TOPOLOGY_TORUS && !b.shift_x && !b.shift_y ? GOLCL_BOUNDARY_TORUS
                                                                        : GOLCL_BOUNDARY_DEAD;
    px = ox + (int64_t)(W / 2), py = oy + (int64_t)(H / 2); /* Golly centres its grid */
  } else {
    if (st->rule.family == GOLCL_MS_LTL && st->rule.bmin == 0) {
      fprintf(stderr,
              "golcl run: %s: B0 is not allowed on the infinite plane (Golly refuses it "
              "too); give a bounded grid, --size or --margin\n",
              o->name);
      return 1;
    }
    uint64_t m = st->margin = plane_margin(st->reach);
    W = pw + 2 * m, H = ph + 2 * m;
    px = py = (int64_t)m;
    st->infinite = 1;
    st->ux = ox - (int64_t)m, st->uy = oy - (int64_t)m;
  }
  if (W == 0 || H == 0 || W > INT32_MAX || H > INT32_MAX) {
    fprintf(stderr, "golcl run: a %llux%llu grid is not possible\n", (unsigned long long)W,
            (unsigned long long)H);
    return 1;
  }
  /* a small bounded grid on the host, else the device (--device: always) */
  if (st->infinite || o->device || W * H > HOST_CELL_GENS / (o->gens ? o->gens : 1)) {
    golcl_context_opts copts = {0};
    copts.device = o->device;
    golcl_status cs = golcl_context_create(&copts, &st->ctx);
    if (cs != GOLCL_OK) return fail("opening the device", cs, NULL);
  }
  golcl_status s = golcl_msgrid_create(st->ctx, (uint32_t)W, (uint32_t)H, bd, &st->grid);
  if (s == GOLCL_OK) s = golcl_msgrid_set_msrule(st->grid, &st->rule);
  /* shifted tori, Klein bottles, cross-surfaces, spheres */
  if (s == GOLCL_OK && st->bounds.topology > GOLCL_TOPOLOGY_PLANE && bd == GOLCL_BOUNDARY_DEAD)
    s = golcl_msgrid_set_bounds(st->grid, &st->bounds);
  if (s == GOLCL_OK) s = golcl_msgrid_place(st->grid, p, px, py);
  if (s == GOLCL_OK) s = golcl_msgrid_set_generation(st->grid, golcl_mspattern_generation(p));
  return s == GOLCL_OK ? 0 : fail("making the grid", s, st->ctx);
}

/* Infinite plane: how many generations may run before the edge matters
 * (the distance of the nearest cell in state 1 to an edge, over the reach);
 * rebuilds the grid around the cells when that is below half of what a new
 * grid gives. */
static int room(ms_run *st, uint64_t *k) {
  golcl_msgrid *g = st->grid;
  uint32_t W = golcl_msgrid_width(g), H = golcl_msgrid_height(g);
  uint8_t *c = malloc((size_t)W * H);
  if (!c) return fail("reading the grid", GOLCL_E_OUT_OF_MEMORY, NULL);
  golcl_status s = golcl_msgrid_read(g, c, 0);
  uint32_t x0 = W, y0 = H, x1 = 0, y1 = 0, d = UINT32_MAX;
  for (uint32_t y = 0; s == GOLCL_OK && y < H; y++)
    for (uint32_t x = 0; x < W; x++) {
      uint8_t v = c[(size_t)y * W + x];
      if (!v) continue;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      y1 = y + 1;
      if (v == 1 || st->any_state) { /* what can grow */
        uint32_t e = x < W - 1 - x ? x : W - 1 - x;
        if (y < e) e = y;
        if (H - 1 - y < e) e = H - 1 - y;
        if (e < d) d = e;
      }
    }
  *k = d == UINT32_MAX ? UINT64_MAX : d / st->reach;
  uint64_t fresh = st->margin / st->reach;     /* the generations a new grid gives */
  if (s == GOLCL_OK && *k < (fresh + 1) / 2) { /* rebuild around the cells */
    uint64_t m = st->margin;
    uint64_t nw = (uint64_t)(x1 - x0) + 2 * m, nh = (uint64_t)(y1 - y0) + 2 * m;
    golcl_msgrid *n = NULL;
    if (nw > INT32_MAX || nh > INT32_MAX) s = GOLCL_E_OUT_OF_MEMORY;
    if (s == GOLCL_OK)
      s = golcl_msgrid_create(st->ctx, (uint32_t)nw, (uint32_t)nh, GOLCL_BOUNDARY_DEAD, &n);
    if (s == GOLCL_OK) s = golcl_msgrid_set_msrule(n, &st->rule);
    if (s == GOLCL_OK) s = golcl_msgrid_set_generation(n, golcl_msgrid_generation(g));
    if (s == GOLCL_OK && x1 > x0)
      s = golcl_msgrid_write_rect(n, (uint32_t)m, (uint32_t)m, x1 - x0, y1 - y0,
                                  c + (size_t)y0 * W + x0, W);
    if (s == GOLCL_OK) {
      golcl_msgrid_destroy(g);
      st->grid = n;
      st->ux += (int64_t)x0 - (int64_t)m, st->uy += (int64_t)y0 - (int64_t)m;
      *k = fresh;
    } else {
      golcl_msgrid_destroy(n);
    }
  }
  free(c);
  return s == GOLCL_OK ? 0 : fail("growing the grid", s, st->ctx);
}

/* A frame: the viewport's cells from the grid (a fixed grid: all of it);
 * the first pass only takes the box of the cells not in state 0. */
static int write_frame(ms_run *st) {
  golcl_msgrid *g = st->grid;
  uint32_t w = golcl_msgrid_width(g), h = golcl_msgrid_height(g);
  uint8_t *c = malloc((size_t)w * h);
  if (!c) return fail("a frame", GOLCL_E_OUT_OF_MEMORY, NULL);
  golcl_status s = golcl_msgrid_read(g, c, 0);
  int64_t gx = st->infinite ? st->ux : 0, gy = st->infinite ? st->uy : 0;
  if (s == GOLCL_OK && st->dry) {
    uint32_t x0 = w, y0 = h, x1 = 0, y1 = 0;
    for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++)
        if (c[(size_t)y * w + x]) {
          if (x < x0) x0 = x;
          if (x >= x1) x1 = x + 1;
          if (y < y0) y0 = y;
          y1 = y + 1;
        }
    if (x1 > x0) film_union(&st->film, gx + x0, gy + y0, x1 - x0, y1 - y0);
  } else if (s == GOLCL_OK) {
    film_blocks_from_cells(&st->film, c, w, gx, gy, w, h);
  }
  free(c);
  if (s != GOLCL_OK) return fail("a frame", s, st->ctx);
  return st->dry ? 0 : film_add(&st->film, golcl_msgrid_generation(g));
}

static int step_all(ms_run *st, const ms_opts *o, double *secs) {
  double t0 = ex_now();
  int frames = film_wanted(o->r);
  uint64_t every = o->r->every, done = 0;
  if (frames && write_frame(st)) return 1;
  for (uint64_t left = o->gens; left > 0;) {
    uint64_t k = left;
    if (frames && k > every - done % every) k = every - done % every;
    if (st->infinite) {
      uint64_t room_k = k;
      int rc = room(st, &room_k);
      if (rc) return rc;
      if (k > room_k) k = room_k;
    }
    golcl_status s = golcl_msgrid_step(st->grid, k);
    if (s != GOLCL_OK) return fail("stepping", s, st->ctx);
    left -= k, done += k;
    if (frames && done % every == 0 && write_frame(st)) return 1;
  }
  golcl_status s = st->ctx ? golcl_context_finish(st->ctx) : GOLCL_OK; /* host: done */
  *secs = ex_now() - t0;
  return s == GOLCL_OK ? 0 : fail("stepping", s, st->ctx);
}

/* The frames' viewport: --view (the infinite plane), the whole of a fixed
 * grid, or on the infinite plane the union of the frames' live boxes, from
 * a first pass over the run (the grid then made again from the pattern). */
static int frames_view(ms_run *st, const ms_opts *o, const golcl_mspattern *p) {
  if (!st->infinite) {
    int rc = film_bounded(&st->film, golcl_msgrid_width(st->grid), golcl_msgrid_height(st->grid));
    if (rc) return rc;
  } else if (!o->r->have_viewport) {
    double secs;
    st->dry = 1;
    int rc = step_all(st, o, &secs);
    st->dry = 0;
    golcl_msgrid_destroy(st->grid);
    st->grid = NULL;
    if (rc == 0) rc = make_grid(st, o, p);
    if (rc) return rc;
  }
  uint8_t pal[256][3];
  cmd_ms_palette(&st->rule, pal);
  return film_set_view(&st->film, 0, (const uint8_t(*)[3])pal, st->infinite ? FILM_BORDER : 0);
}

/* RuleLoader: the rule's @COLORS (Golly's gradient where it gives none).
 * Others: state 0 black; with two states 1 white; else 1 white and 2..N-1
 * from yellow to dark red. */
static void colour(const golcl_msrule *r, uint8_t s, uint32_t states, uint8_t rgb[3]) {
  if (r->family == GOLCL_MS_RULELOADER && golcl_msrule_colour(r, s, rgb) == GOLCL_OK) return;
  if (s == 0) {
    rgb[0] = rgb[1] = rgb[2] = 0;
  } else if (s == 1 || s >= states) {
    rgb[0] = rgb[1] = rgb[2] = 255;
  } else {
    double t = states > 3 ? (double)(s - 2) / (states - 3) : 0.0;
    rgb[0] = (uint8_t)(255 - 127 * t), rgb[1] = (uint8_t)(255 * (1 - t)), rgb[2] = 0;
  }
}

/* JvN's states by kind, as Golly tells them apart: ground dark grey,
 * sensitised red to yellow, ordinary transmission blue, special red,
 * confluent green, crossings cyan; excited states lighter. */
static void jvn_colour(uint8_t s, uint8_t rgb[3]) {
  static const uint8_t kind[][3] = {{48, 48, 48},   {90, 90, 255}, {150, 150, 255}, {220, 40, 40},
                                    {255, 110, 90}, {30, 170, 30}, {110, 230, 110}, {30, 200, 200}};
  int k = s == 0    ? 0
          : s <= 8  ? -1
          : s <= 12 ? 1
          : s <= 16 ? 2
          : s <= 20 ? 3
          : s <= 24 ? 4
          : s == 25 ? 5
          : s <= 28 ? 6
                    : 7;
  if (k < 0) { /* sensitised 1..8 */
    rgb[0] = 255, rgb[1] = (uint8_t)(32 * (s - 1)), rgb[2] = 0;
    return;
  }
  memcpy(rgb, kind[k], 3);
}

static int write_png(const ms_run *st, const ms_opts *o, const golcl_mspattern *r,
                     const char *path) {
  return cmd_ms_write_png(&st->rule, r, path, o->scale);
}

void cmd_ms_palette(const golcl_msrule *rule, uint8_t pal[256][3]) {
  int jvn = rule->family == GOLCL_MS_JVN29 || rule->family == GOLCL_MS_NOBILI32 ||
            rule->family == GOLCL_MS_HUTTON32;
  for (int s = 0; s < 256; s++)
    if (jvn)
      jvn_colour((uint8_t)s, pal[s]);
    else
      colour(rule, (uint8_t)s, rule->states, pal[s]);
}

int cmd_ms_write_png(const golcl_msrule *rule, const golcl_mspattern *r, const char *path,
                     uint32_t sc) {
  uint8_t pal[256][3];
  cmd_ms_palette(rule, pal);
  uint32_t w = golcl_mspattern_width(r), h = golcl_mspattern_height(r);
  if (!w || !h) w = h = 1;
  if ((uint64_t)w * sc * h * sc > (1u << 30)) {
    fprintf(stderr, "golcl run: %s: a %ux%u image at scale %u is too large\n", path, w, h, sc);
    return 1;
  }
  uint32_t iw = w * sc, ih = h * sc;
  uint8_t *img = calloc((size_t)iw * ih, 3);
  if (!img) return fail(path, GOLCL_E_OUT_OF_MEMORY, NULL);
  const uint8_t *c = golcl_mspattern_cells(r);
  for (uint32_t y = 0; y < ih && golcl_mspattern_width(r); y++)
    for (uint32_t x = 0; x < iw; x++)
      memcpy(img + ((size_t)y * iw + x) * 3, pal[c[(size_t)(y / sc) * w + x / sc]], 3);
  int rc = ex_write_png_rgb(path, img, iw, ih, (size_t)iw * 3) ? 1 : 0;
  free(img);
  return rc;
}

static golcl_status write_ms(const void *obj, FILE *f, pio_kind kind) {
  return kind == PIO_MC ? golcl_mspattern_write_macrocell(obj, f)
                        : golcl_mspattern_write_rle(obj, f);
}

static int write_outputs(ms_run *st, const ms_opts *o) {
  golcl_mspattern *r;
  golcl_status s = golcl_msgrid_extract(st->grid, &r);
  if (s != GOLCL_OK) return fail("reading the result", s, st->ctx);
  if (st->infinite) { /* extract gives the box's place in a grid centred on 0 */
    int64_t x, y;
    golcl_mspattern_origin(r, &x, &y);
    golcl_mspattern_set_origin(r, x + golcl_msgrid_width(st->grid) / 2 + st->ux,
                               y + golcl_msgrid_height(st->grid) / 2 + st->uy);
  }
  if (st->bounds.topology != GOLCL_TOPOLOGY_INFINITE) golcl_mspattern_set_bounds(r, &st->bounds);
  int rc = 0;
  for (int i = 0; i < o->nouts; i++) { /* one that fails does not cost the others */
    const char *path = o->outs[i];
    pio_kind kind = pio_plain_kind(pio_kind_of(path));
    int bad;
    if (kind == PIO_PNG) {
      bad = write_png(st, o, r, path);
    } else if (kind == PIO_RLE || kind == PIO_STDOUT || kind == PIO_MC) {
      bad = pio_write_text("run", path, write_ms, r) ? 1 : 0;
    } else {
      fprintf(stderr,
              "golcl run: %s: multi-state results are written as .rle, .rle.gz, .mc, "
              ".mc.gz, .png or '-'\n",
              path);
      bad = 2;
    }
    if (bad == 0 && !o->quiet && kind != PIO_STDOUT) fprintf(o->report, "wrote:      %s\n", path);
    if (bad > rc) rc = bad;
  }
  golcl_mspattern_destroy(r);
  return rc;
}

/* A two-state pattern's cells as state 1 of a multi-state rule, through
 * the multi-state RLE text (its position and generation kept). */
static golcl_status two_state_as(const golcl_pattern *p, const char *rule, golcl_mspattern **out) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return GOLCL_E_OUT_OF_MEMORY;
  int64_t ox = 0, oy = 0;
  golcl_pattern_origin(p, &ox, &oy);
  fprintf(f, "#CXRLE Pos=%lld,%lld Gen=%llu\nx = %u, y = %u, rule = %s\n", (long long)ox,
          (long long)oy, (unsigned long long)golcl_pattern_generation(p), golcl_pattern_width(p),
          golcl_pattern_height(p), rule);
  uint32_t cx = 0, cy = 0, x, y;
  for (uint64_t i = 0; i < golcl_pattern_population(p); i++) {
    golcl_pattern_live_cell(p, i, &x, &y); /* sorted by row, then column */
    if (y > cy) fprintf(f, "%u$\n", y - cy), cy = y, cx = 0;
    if (x > cx) fprintf(f, "%u.", x - cx);
    fputc('A', f);
    cx = x + 1;
  }
  fputs("!\n", f);
  if (fclose(f) != 0) {
    free(text);
    return GOLCL_E_OUT_OF_MEMORY;
  }
  golcl_status s = golcl_mspattern_parse(text, len, out);
  free(text);
  return s;
}

/* The pattern of the file; a two-state one under --rule's multi-state rule
 * (--rule WireWorld on a Life pattern runs it as WireWorld). */
static golcl_status read_pattern(const ms_opts *o, golcl_mspattern **out) {
  golcl_status s = golcl_mspattern_read_file(o->pattern, out);
  if (s != GOLCL_E_UNSUPPORTED || !o->rule) return s;
  golcl_pattern *p = pio_load("run", o->pattern);
  if (!p) return GOLCL_E_PARSE;
  s = two_state_as(p, o->rule, out);
  golcl_pattern_destroy(p);
  return s;
}

int cmd_run_ms(const run_opts *opts) {
  ms_opts o;
  int rc = take_opts(opts, &o);
  if (rc >= 0) return rc;
  golcl_mspattern *p;
  golcl_status s = read_pattern(&o, &p);
  if (s != GOLCL_OK) return fail("reading the pattern", s, NULL);
  ms_run st;
  memset(&st, 0, sizeof st);
  golcl_mspattern_msrule(p, &st.rule);
  if (o.rule && (s = golcl_msrule_parse(o.rule, &st.rule)) != GOLCL_OK) {
    fprintf(stderr, "golcl run: --rule: %s\n", golcl_last_errmsg());
    golcl_mspattern_destroy(p);
    return 2;
  }
  st.reach = st.rule.family == GOLCL_MS_LTL ? st.rule.range : 1;
  st.any_state = st.rule.family == GOLCL_MS_JVN29 || st.rule.family == GOLCL_MS_NOBILI32 ||
                 st.rule.family == GOLCL_MS_HUTTON32 || st.rule.family == GOLCL_MS_RULELOADER;
  rc = make_grid(&st, &o, p);
  if (rc == 0 && (s = golcl_msgrid_prepare(st.grid)) != GOLCL_OK)
    rc = fail("building the kernels", s, st.ctx);
  if (rc == 0 && !o.quiet) {
    golcl_device_info dev;
    char rule[GOLCL_MSRULE_TEXT_CAP];
    golcl_msrule_format(&st.rule, rule, sizeof rule);
    if (st.ctx && golcl_context_device_info(st.ctx, &dev) == GOLCL_OK)
      fprintf(o.report, "device:     %s (%s)\n", dev.name, dev.platform);
    else
      fprintf(o.report, "device:     none: the host (a bounded grid of at most %llu cell "
                        "generations)\n", (unsigned long long)HOST_CELL_GENS);
    fprintf(o.report, "pattern:    %s (multi-state, %ux%u, rule %s)\n", o.name,
            golcl_mspattern_width(p), golcl_mspattern_height(p), rule);
    char what[200] = "dead boundary";
    if (st.infinite)
      snprintf(what, sizeof what, "%s",
               "infinite plane (a dead-boundary grid rebuilt around the cells)");
    else if (st.bounds.topology > GOLCL_TOPOLOGY_PLANE)
      pio_describe_bounds(&st.bounds, what, sizeof what);
    else if (golcl_msgrid_boundary(st.grid) == GOLCL_BOUNDARY_TORUS)
      snprintf(what, sizeof what, "%s", "torus");
    fprintf(o.report, "grid:       %ux%u, %s\n", golcl_msgrid_width(st.grid),
            golcl_msgrid_height(st.grid), what);
  }
  if (rc == 0 && film_wanted(opts)) rc = film_open(&st.film, opts);
  if (rc == 0 && film_wanted(opts)) rc = frames_view(&st, &o, p);
  double secs = 0;
  if (rc == 0) rc = step_all(&st, &o, &secs);
  int ran = rc == 0;
  uint64_t pop = 0;
  if (rc == 0 && (s = golcl_msgrid_population(st.grid, &pop)) != GOLCL_OK)
    rc = fail("counting", s, st.ctx);
  if (rc == 0 && !o.quiet) {
    if (o.gens)
      fprintf(o.report, "run:        %llu generations in %.3f s: %.1f gen/s\n",
              (unsigned long long)o.gens, secs, secs > 0 ? (double)o.gens / secs : 0.0);
    fprintf(o.report, "population: %llu (cells not in state 0) at generation %llu\n",
            (unsigned long long)pop, (unsigned long long)golcl_msgrid_generation(st.grid));
  }
  if (rc == 0) rc = write_outputs(&st, &o);
  rc = film_close(&st.film, ran, rc);
  golcl_msgrid_destroy(st.grid);
  golcl_context_destroy(st.ctx);
  golcl_mspattern_destroy(p);
  return rc;
}
