/* spatial_game.c — the Nowak–May spatial game on a 2-D or 3-D lattice:
 * a random start or a single defector, any kernel of golcl_lattice.h, the
 * cooperator fraction a generation as CSV (and a gnuplot plot), PNG frames
 * in the four classic colours (C→C blue, D→D red, C→D yellow, D→C green;
 * 3-D: the middle z slice). A single defector in a 99×99 lattice of
 * cooperators with b = 1.9 draws the symmetric "kaleidoscope".
 *
 * usage: spatial_game [--size WxH | WxHxD] [--b B] [--defectors F | --single]
 *                     [--seed S] [-g N] [--kernel K] [--boundary torus|dead]
 *                     [--nbhd moore|vn|hex] [--no-self] [--csv FILE]
 *                     [--plot FILE.png] [--frames DIR] [--every K] [--scale P]
 *                     [--device SPEC] */
#include <golcl.h>
#include <golcl_lattice.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "image.h"

static golcl_context *ctx;

#define CHECK(call)                                                            \
  do {                                                                         \
    golcl_status s_ = (call);                                                  \
    if (s_ != GOLCL_OK) {                                                      \
      fprintf(stderr, "spatial_game: %s: %s\n%s\n", #call, golcl_strerror(s_), \
              golcl_context_errmsg(ctx));                                      \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

typedef struct opts {
  golcl_lattice lat;
  double b, defectors;
  int single, self;
  unsigned long long seed, gens, every, scale;
  golcl_lattice_kernel kernel;
  const char *csv, *plot, *frames, *device;
} opts;

static void usage(FILE *f) {
  fprintf(f,
          "usage: spatial_game [options]\n"
          "  --size WxH|WxHxD    lattice extents (default 99x99)\n"
          "  --b B               temptation T = b of Nowak-May (R=1, S=P=0; default 1.9)\n"
          "  --defectors F       random start, each agent defects with probability F\n"
          "  --single            one defector in the centre (the default start)\n"
          "  --seed S            seed of the random start (default 1)\n"
          "  -g N                generations (default 100)\n"
          "  --kernel K          auto|bits|tiled|fused|table|dict|reference (default auto)\n"
          "  --boundary B        torus (default) or dead\n"
          "  --nbhd N            moore (default), vn (von Neumann) or hex (2-D)\n"
          "  --no-self           agents do not play themselves\n"
          "  --csv FILE          generation,cooperators,fraction from generation 0\n"
          "  --plot FILE.png     the fraction against the generation, by gnuplot (needs --csv)\n"
          "  --frames DIR        PNG frames DIR/frame_NNNNNN.png (3-D: the middle z slice)\n"
          "  --every K           a frame every K generations (default 1)\n"
          "  --scale P           pixels per agent side in frames (default 4)\n"
          "  --device SPEC       gpu, cpu, P:D or a name substring\n");
}

static int parse_size(const char *v, golcl_lattice *l) {
  unsigned long long a, b, c = 1;
  char x1, x2, extra;
  int n = sscanf(v, "%llu%c%llu%c%llu%c", &a, &x1, &b, &x2, &c, &extra);
  if (!(n == 3 && x1 == 'x') && !(n == 5 && x1 == 'x' && x2 == 'x')) return -1;
  if (!a || !b || !c || a > 0x7fffffff || b > 0x7fffffff || c > 0x7fffffff) return -1;
  l->dims = n == 5 ? 3 : 2;
  l->nx = (uint32_t)a;
  l->ny = (uint32_t)b;
  l->nz = (uint32_t)c;
  return 0;
}

static int parse_ull(const char *v, unsigned long long *out) {
  char *end;
  errno = 0;
  if (*v < '0' || *v > '9') return -1;
  *out = strtoull(v, &end, 10);
  return errno || *end ? -1 : 0;
}

static int parse_double(const char *v, double *out) {
  char *end;
  *out = strtod(v, &end);
  return end == v || *end ? -1 : 0;
}

static int parse(int argc, char **argv, opts *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int bad = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--single")) {
      o->single = 1;
      continue;
    } else if (!strcmp(a, "--no-self")) {
      o->self = 0;
      continue;
    }
    if (!v) {
      fprintf(stderr, "spatial_game: %s needs a value or is unknown (see --help)\n", a);
      return 2;
    }
    i++;
    if (!strcmp(a, "--size"))
      bad = parse_size(v, &o->lat);
    else if (!strcmp(a, "--b"))
      bad = parse_double(v, &o->b);
    else if (!strcmp(a, "--defectors")) {
      bad = parse_double(v, &o->defectors) || !(o->defectors >= 0 && o->defectors <= 1);
      o->single = 0;
    } else if (!strcmp(a, "--seed"))
      bad = parse_ull(v, &o->seed);
    else if (!strcmp(a, "-g"))
      bad = parse_ull(v, &o->gens);
    else if (!strcmp(a, "--every"))
      bad = parse_ull(v, &o->every) || o->every == 0;
    else if (!strcmp(a, "--scale"))
      bad = parse_ull(v, &o->scale) || o->scale == 0 || o->scale > 64;
    else if (!strcmp(a, "--kernel"))
      bad = golcl_lattice_kernel_from_name(v, &o->kernel) != GOLCL_OK;
    else if (!strcmp(a, "--boundary")) {
      bad = strcmp(v, "torus") && strcmp(v, "dead");
      o->lat.boundary = strcmp(v, "dead") ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD;
    } else if (!strcmp(a, "--nbhd")) {
      bad = strcmp(v, "moore") && strcmp(v, "vn") && strcmp(v, "hex");
      o->lat.nbhd = !strcmp(v, "vn")    ? GOLCL_NEIGHBOURHOOD_VON_NEUMANN
                    : !strcmp(v, "hex") ? GOLCL_NEIGHBOURHOOD_HEXAGONAL
                                        : GOLCL_NEIGHBOURHOOD_MOORE;
    } else if (!strcmp(a, "--csv"))
      o->csv = v;
    else if (!strcmp(a, "--plot"))
      o->plot = v;
    else if (!strcmp(a, "--frames"))
      o->frames = v;
    else if (!strcmp(a, "--device"))
      o->device = v;
    else {
      fprintf(stderr, "spatial_game: unknown option %s (see --help)\n", a);
      return 2;
    }
    if (bad) {
      fprintf(stderr, "spatial_game: bad value for %s: %s\n", a, v);
      return 2;
    }
  }
  if (o->plot && !o->csv) {
    fprintf(stderr, "spatial_game: --plot needs --csv\n");
    return 2;
  }
  return 0;
}

/* The four colours: index prev*2 + now (C 0, D 1). */
static const uint8_t COLOUR[4][3] = {{40, 80, 230},  /* C→C blue */
                                     {240, 220, 40}, /* C→D yellow */
                                     {40, 190, 60},  /* D→C green */
                                     {220, 40, 40}}; /* D→D red */

static int write_frame(const opts *o, golcl_game *gm, uint64_t gen, uint8_t *cur, uint8_t *prev,
                       uint8_t *rgb) {
  CHECK(golcl_game_read(gm, cur, prev));
  const golcl_lattice *l = &o->lat;
  size_t slice = l->dims == 3 ? (size_t)(l->nz / 2) * l->nx * l->ny : 0;
  size_t W = l->nx * o->scale, H = l->ny * o->scale;
  for (size_t y = 0; y < H; y++)
    for (size_t x = 0; x < W; x++) {
      size_t i = slice + (y / o->scale) * l->nx + x / o->scale;
      memcpy(rgb + 3 * (y * W + x), COLOUR[prev[i] * 2 + cur[i]], 3);
    }
  char path[4096];
  snprintf(path, sizeof path, "%s/frame_%06llu.png", o->frames, (unsigned long long)gen);
  return ex_write_png_rgb(path, rgb, (uint32_t)W, (uint32_t)H, 3 * W);
}

int main(int argc, char **argv) {
  opts o = {{2, 99, 99, 1, GOLCL_BOUNDARY_TORUS, GOLCL_NEIGHBOURHOOD_MOORE},
            1.9,
            0,
            1,
            1,
            1,
            100,
            1,
            4,
            GOLCL_LK_AUTO,
            NULL,
            NULL,
            NULL,
            NULL};
  int rc = parse(argc, argv, &o);
  if (rc) return rc;
  golcl_context_opts co = {0};
  co.device = o.device;
  if (golcl_context_create(&co, &ctx) != GOLCL_OK) {
    fprintf(stderr, "spatial_game: no device: %s\n", golcl_last_errmsg());
    return 1;
  }
  golcl_graph *g;
  golcl_game *gm;
  CHECK(golcl_graph_create_lattice(ctx, &o.lat, &g));
  CHECK(golcl_game_create(g, &gm));
  CHECK(golcl_game_set_b(gm, o.b));
  CHECK(golcl_game_set_self(gm, o.self));
  size_t n = golcl_graph_cells(g);
  uint8_t *cur = calloc(n, 1), *prev = calloc(n, 1), *rgb = NULL;
  if (!cur || !prev) return 1;
  if (o.single) {
    const golcl_lattice *l = &o.lat;
    size_t z = l->dims == 3 ? l->nz / 2 : 0;
    cur[(z * l->ny + l->ny / 2) * l->nx + l->nx / 2] = GOLCL_DEFECT;
    CHECK(golcl_game_write(gm, cur));
  } else {
    CHECK(golcl_game_randomize(gm, o.defectors, o.seed));
  }
  FILE *csv = NULL;
  if (o.csv && !(csv = fopen(o.csv, "w"))) {
    fprintf(stderr, "spatial_game: cannot write %s: %s\n", o.csv, strerror(errno));
    return 1;
  }
  if (o.frames) {
    if (mkdir(o.frames, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "spatial_game: cannot make %s: %s\n", o.frames, strerror(errno));
      return 1;
    }
    rgb = malloc(3 * (size_t)o.lat.nx * o.scale * o.lat.ny * o.scale);
    if (!rgb) return 1;
  }
  if (csv) fprintf(csv, "generation,cooperators,fraction\n");
  double tstep = 0;
  for (uint64_t gen = 0;; gen++) {
    uint64_t coop;
    if (csv || gen == o.gens || o.lat.dims == 3) CHECK(golcl_game_cooperators(gm, &coop));
    if (csv)
      fprintf(csv, "%llu,%llu,%.6f\n", (unsigned long long)gen, (unsigned long long)coop,
              (double)coop / n);
    if (o.lat.dims == 3 && (gen % o.every == 0 || gen == o.gens))
      printf("generation %llu: cooperator fraction %.6f\n", (unsigned long long)gen,
             (double)coop / n);
    if (o.frames && gen % o.every == 0 && write_frame(&o, gm, gen, cur, prev, rgb) != 0) return 1;
    if (gen == o.gens) {
      char size[64];
      if (o.lat.dims == 3)
        snprintf(size, sizeof size, "%ux%ux%u", o.lat.nx, o.lat.ny, o.lat.nz);
      else
        snprintf(size, sizeof size, "%ux%u", o.lat.nx, o.lat.ny);
      printf(
          "%s, b %g, %s kernel: %llu generations in %.3f s (stepping only); cooperators %llu "
          "(%.4f)\n",
          size, o.b, golcl_lattice_kernel_name(o.kernel), (unsigned long long)o.gens, tstep,
          (unsigned long long)coop, (double)coop / n);
      break;
    }
    double t = ex_now();
    CHECK(golcl_game_run(gm, o.kernel, 1));
    CHECK(golcl_context_finish(ctx));
    tstep += ex_now() - t;
  }
  if (csv) fclose(csv);
  if (o.plot) {
    char cmd[8192];
    snprintf(cmd, sizeof cmd,
             "gnuplot -e \"set terminal pngcairo size 640,400; set output '%s'; set datafile "
             "separator ','; set key off; set xlabel 'generation'; set ylabel 'cooperator "
             "fraction'; set yrange [0:1]; plot '%s' every ::1 using 1:3 with lines lw 2\"",
             o.plot, o.csv);
    if (system(cmd) != 0) fprintf(stderr, "spatial_game: gnuplot failed (is it installed?)\n");
  }
  free(cur);
  free(prev);
  free(rgb);
  golcl_game_destroy(gm);
  golcl_graph_destroy(g);
  golcl_context_destroy(ctx);
  return 0;
}
