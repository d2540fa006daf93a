/* run_ms.c — `golcl-dist run` of a multi-state pattern (Generations, Larger than Life,
 * RuleLoader, JvN: whatever golcl_mspattern_read_file reads) on a distributed byte grid: the
 * pattern's bounded grid (or --size, dead boundary unless --torus), its box centred, stepped,
 * and the census, hash and (with -o) the result gathered to rank 0 and written as RLE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* The grid of the pattern's bounds where it gives one (a plane or torus of both sides), else
 * --size (default 1024²). Other bounded grids are not distributed: 1. */
static int grid_of(opts *o, const golcl_mspattern *p) {
  golcl_bounds b;
  golcl_mspattern_bounds(p, &b);
  if (b.topology != GOLCL_TOPOLOGY_INFINITE && b.topology != GOLCL_TOPOLOGY_PLANE &&
      b.topology != GOLCL_TOPOLOGY_TORUS) {
    if (rank == 0)
      fprintf(stderr, "golcl-dist: %s: only planes and tori are distributed\n", o->pattern);
    return 1;
  }
  if (!o->w && b.topology != GOLCL_TOPOLOGY_INFINITE && b.width && b.height) {
    o->w = b.width;
    o->h = b.height;
    o->torus = b.topology == GOLCL_TOPOLOGY_TORUS;
  }
  if (!o->w) o->w = o->h = 1024;
  return 0;
}

/* Rank 0 writes the gathered cells as RLE through a one-rank grid of them. */
static int write_rle(golcl_dist_context *d, golcl_dist_msgrid *g, const opts *o) {
  uint64_t n = (uint64_t)o->w * o->h;
  uint8_t *cells = rank == 0 && n <= o->max_gather ? malloc((size_t)n) : NULL;
  golcl_status s = golcl_dist_msgrid_gather(g, 0, o->max_gather, cells, 0);
  if (s != GOLCL_OK) {
    free(cells);
    return fail(d, "gather", s);
  }
  int rc = 0;
  if (rank == 0) {
    golcl_msgrid *one = NULL;
    golcl_mspattern *p = NULL;
    golcl_msrule r;
    golcl_dist_msgrid_msrule(g, &r);
    FILE *f = fopen(o->out, "w");
    s = golcl_msgrid_create(golcl_dist_context_local(d), o->w, o->h,
                            o->torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &one);
    if (s == GOLCL_OK) s = golcl_msgrid_set_msrule(one, &r);
    if (s == GOLCL_OK) s = golcl_msgrid_write(one, cells, 0);
    if (s == GOLCL_OK) s = golcl_msgrid_set_generation(one, golcl_dist_msgrid_generation(g));
    if (s == GOLCL_OK) s = golcl_msgrid_extract(one, &p);
    if (s == GOLCL_OK) s = f ? golcl_mspattern_write_rle(p, f) : GOLCL_E_IO;
    if (f && fclose(f) != 0 && s == GOLCL_OK) s = GOLCL_E_IO;
    if (s != GOLCL_OK) {
      fprintf(stderr, "golcl-dist: %s: %s\n", o->out, golcl_strerror(s));
      rc = 1;
    }
    golcl_mspattern_destroy(p);
    golcl_msgrid_destroy(one);
  }
  free(cells);
  return rc;
}

static int run(golcl_dist_context *d, opts *o, const golcl_mspattern *p) {
  golcl_msrule r;
  golcl_mspattern_msrule(p, &r);
  golcl_dist_msgrid_opts mo = {0};
  mo.px = o->px;
  mo.py = o->py;
  mo.halo = o->halo;
  golcl_dist_msgrid *g = NULL;
  golcl_status s = golcl_dist_msgrid_create(
      d, o->w, o->h, o->torus ? GOLCL_BOUNDARY_TORUS : GOLCL_BOUNDARY_DEAD, &r, &mo, &g);
  if (s != GOLCL_OK) return fail(d, "grid", s);
  s = golcl_dist_msgrid_place(g, p, ((int64_t)o->w - golcl_mspattern_width(p)) / 2,
                              ((int64_t)o->h - golcl_mspattern_height(p)) / 2);
  int rc = s != GOLCL_OK ? fail(d, "placing the pattern", s) : 0;
  if (!rc) s = golcl_dist_msgrid_set_generation(g, golcl_mspattern_generation(p));
  MPI_Barrier(comm);
  double t0 = MPI_Wtime();
  if (!rc && (s = golcl_dist_msgrid_step(g, o->gens)) != GOLCL_OK) rc = fail(d, "step", s);
  double t = MPI_Wtime() - t0;
  uint64_t counts[256], hash = 0;
  if (!rc && (s = golcl_dist_msgrid_census(g, counts)) != GOLCL_OK) rc = fail(d, "census", s);
  if (!rc && (s = golcl_dist_msgrid_hash(g, &hash)) != GOLCL_OK) rc = fail(d, "hash", s);
  char rule[GOLCL_MSRULE_TEXT_CAP];
  golcl_msrule_format(&r, rule, sizeof rule);
  golcl_dist_part part;
  golcl_dist_msgrid_part(g, &part);
  if (!rc && rank == 0)
    printf(
        "%ux%u %s, %s, %d ranks (%ux%u), halo %u: %llu generations in %.3f s (%.1f gen/s); "
        "population %llu, hash %016llx\n",
        (unsigned)o->w, (unsigned)o->h, o->torus ? "torus" : "dead boundary", rule,
        golcl_dist_size(d), (unsigned)part.px, (unsigned)part.py, (unsigned)part.halo,
        (unsigned long long)o->gens, t, t > 0 ? (double)o->gens / t : 0.0,
        (unsigned long long)((uint64_t)o->w * o->h - counts[0]), (unsigned long long)hash);
  if (!rc && o->out) rc = write_rle(d, g, o);
  golcl_dist_msgrid_destroy(g);
  return rc;
}

int cmd_run_ms(opts *o, golcl_mspattern *p) {
  int rc = grid_of(o, p);
  golcl_dist_context *d = NULL;
  if (!rc && make_context(o, &d) != GOLCL_OK) rc = 1;
  if (!rc) rc = run(d, o, p);
  golcl_dist_context_destroy(d);
  golcl_mspattern_destroy(p);
  return rc;
}
