/* mg.c — a geometric multigrid V-cycle for 5- and 7-point stencils: the
 * level hierarchy (coarse operators by rediscretisation), the buffers of
 * each level, and the launch sequence of cl/la/mg.cl. One cycle from a zero
 * guess: red-black Gauss–Seidel (red, black), residual, restriction, the
 * coarser cycle, prolongation, (black, red); on the last level
 * MG_COARSE_SWEEPS symmetric sweep pairs. The fused launches (default) run
 * a level in 5 kernels: mg_pre (fill and both pre-sweeps), mg_resrestrict
 * (the residual at the red points, where it is not 0),
 * mg_prolong_to, mg_black, mg_post2 (red); the small levels in one
 * work-group, one launch (mg_small), and the last level in one work-group
 * (mg_bottom); the kernels do nothing once the CG that runs the cycle has
 * stopped (its flag, MG_HALT of mg.cl); $GOLCL_LA_MG=sweeps at creation
 * keeps a launch a step (fill, 2 sweeps, residual, restriction, prolongation,
 * 2 sweeps; 32 at the bottom), for comparison. The whole cycle is a fixed linear
 * map, symmetric (the post-smoother is the adjoint of the pre-smoother,
 * restriction is a multiple of the transposed prolongation), so CG can use
 * it as a preconditioner. A Dirichlet side of 2m points coarsens to m
 * points, the last on the last fine point; that level's last row of the
 * axis gets the centre that puts the edge where it is (see coarser()), so
 * that 2^k sides converge like 2^k − 1 sides; mg.cl is built twice, for the
 * levels without such a gain and for those with one (mg->k[edge]). 2-D
 * 5-point Dirichlet levels of even nx run mg_pre, mg_black and mg_post2 as
 * their *_pairs kernels (an item a red-black pair); $GOLCL_LA_MG=rows runs
 * the one-sweep smoothers (mg_pre_rows, mg_post_rows: slower on an H100),
 * =nopairs an item a point, =old the cycle before the 2^k coarsening. */
#include "la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MG_MAX_LEVELS 32
#define MG_COARSE_SWEEPS 8 /* (red, black) this often, then (black, red) as often */
#define MG_COARSEST 4      /* stop when a side is at most this */
/* Levels of at most this many points run in one work-group, one launch
 * for all of them ($GOLCL_LA_MG_SMALL overrides; 0 turns it off). */
#define MG_SMALL 4096
#define MG_SMALL_WG 1024 /* work-items of that group, at most the device's limit */
enum { MG_PRE, MG_RESRESTRICT, MG_PROLONG, MG_BLACK, MG_POST2, MG_SMALL_K, MG_POST, MG_STEPS };
#define MG_TH 16 /* rows of a tile of the rows kernels ($GOLCL_LA_MG_TH overrides) */
#define MG_CPI 2 /* their columns an item ($GOLCL_LA_MG_CPI) */

/* A level's coefficients on the device (MG_NCOEF of the dtype): the
 * stencil's (5 or 7), zeros, then at 9, 10, 11 what the centre gains on the
 * last row of x, y and z (mg.cl's MG_C0_AT). */
#define MG_NCOEF 12

/* The kernels of a level (the program cache owns them). */
typedef struct mg_kernels {
  cl_kernel smooth, residual, restrict_, prolong;
  cl_kernel pre, resrestrict, prolong_to, black, post2, post2_dot, bottom;
  cl_kernel post_rows; /* 2-D 5-point: the post-smoother in one sweep (NULL: 3 launches) */
  cl_kernel pre_rows;  /* and the pre-smoother with the restriction (NULL: 2 launches) */
  /* 2-D 5-point Dirichlet, levels of even nx: an item a pair of points */
  cl_kernel pre_pairs, black_pairs, post2_pairs, post2_pairs_dot;
} mg_kernels;

typedef struct mg_level {
  golcl_stencil *S; /* level 0: the caller's (not owned) */
  cl_mem b, x, r;   /* level 0: b and x are the caller's, given per cycle */
  double e[3];      /* the centre's gain on the last row of each axis, in units of |c| */
  int edge;         /* any gain: its kernels are mg->k[1] (MG_EDGE), else mg->k[0] */
  cl_mem coef;      /* MG_NCOEF values (see above) */
} mg_level;

struct golcl_mg {
  golcl_context *ctx;
  const golcl_stencil *S;
  size_t nlev;
  int wide;
  golcl__la_geom g;
  mg_level lev[MG_MAX_LEVELS];
  int sweeps; /* $GOLCL_LA_MG=sweeps: a launch a step */
  int split;  /* $GOLCL_LA_MG=split: the residual stored, then restricted (for measurements) */
  int times[MG_STEPS]; /* launches of each fused step ($GOLCL_LA_MG_REPEAT) */
  mg_kernels k[2];     /* [level's edge]: built without (0) and with (1) MG_EDGE */
  size_t th;           /* its tiles' rows */
  size_t cpi;          /* and columns an item ($GOLCL_LA_MG_CPI, 1 ... 8) */
  int nopairs;         /* $GOLCL_LA_MG=nopairs (or old): red-black an item a point on every level */
  int ystore; /* $GOLCL_LA_MG=rows-ystore: mg_pre_rows stores y, mg_post_rows reads it (else: formed
                 again) */
  size_t small;                    /* first level of the one-group launch (mg_small), or 0 */
  size_t small_wg;                 /* its work-items */
  cl_mem pool, metas, coefs, offs; /* the small levels' vectors and tables */
  cl_mem zero;                     /* one cl_int 0: the halt word of a plain cycle */
  cl_kernel small_k;
};

size_t golcl_mg_levels(const golcl_mg *mg) { return mg ? mg->nlev : 0; }
const golcl_stencil *golcl__mg_stencil(const golcl_mg *mg) { return mg->S; }

void golcl_mg_destroy(golcl_mg *mg) {
  if (!mg) return;
  for (size_t l = 0; l < mg->nlev; l++) {
    mg_level *L = &mg->lev[l];
    if (l > 0) {
      golcl_stencil_destroy(L->S);
      if (L->b) clReleaseMemObject(L->b);
      if (L->x) clReleaseMemObject(L->x);
    }
    if (L->r) clReleaseMemObject(L->r);
    if (L->coef) clReleaseMemObject(L->coef);
  }
  cl_mem m[] = {mg->pool, mg->metas, mg->coefs, mg->offs, mg->zero};
  for (int i = 0; i < 5; i++)
    if (m[i]) clReleaseMemObject(m[i]);
  free(mg);
}

/* A device buffer filled from host memory (blocking). */
static golcl_status buffer_from(golcl_context *ctx, size_t bytes, const void *src, cl_mem *out) {
  golcl_status s = golcl__buffer(ctx, bytes, CL_MEM_READ_ONLY, out);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, *out, CL_TRUE, 0, bytes, src, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  return s;
}

/* The next coarser side, or 0 when this side does not coarsen, and *e2,
 * the gain of the coarse centre on the axis's last row (units of the
 * coarse neighbour coefficient's magnitude) from e, the fine one's. A gain
 * e puts the edge d = 1/(1 + e) spacings beyond the last point (the row's
 * ghost value is the last value extrapolated linearly to 0 at the edge:
 * centre 2 + e for the 3-point row (−1, 2, −1); e = 0: one spacing, the
 * plain zero). Dirichlet, coarse I on fine 2I + 1: n odd gives (n − 1)/2
 * points, the last on fine n − 2, so d' = (1 + d)/2 and e2 = e/(2 + e); n
 * even gives n/2, the last on the last fine point, so d' = d/2 and e2 =
 * 1 + 2e (the 1-D Galerkin operator RAP's too). The coarse stencils use
 * that centre, axis by axis. With the edge where the coarse grid put it
 * (one coarse spacing away, and n even coarsened to n/2 − 1), 2^k sides
 * took twice the iterations of 2^k − 1 sides. The first row never changes
 * (coarse 0 on fine 1: the edge one coarse spacing away). */
static size_t coarser(size_t n, golcl_edge edge, double e, double *e2, int old) {
  *e2 = 0;
  if (edge == GOLCL_EDGE_PERIODIC) return n % 4 == 0 ? n / 2 : 0; /* stays even */
  if (n <= MG_COARSEST) return 0;
  if (old) return (n - 1) / 2; /* $GOLCL_LA_MG=old: as before, for measurements */
  *e2 = n % 2 ? e / (2 + e) : 1 + 2 * e;
  return n % 2 ? (n - 1) / 2 : n / 2;
}

/* Level L's MG_NCOEF coefficients in its dtype into out, from its stencil
 * and e. */
static void level_coefs(const mg_level *L, void *out) {
  const golcl_stencil *S = L->S;
  for (int c = 0; c < MG_NCOEF; c++) {
    double v = c < (int)S->kind ? S->coef[c] : 0;
    if (c >= 9 && c < 9 + (S->kind == GOLCL_STENCIL_7 ? 3 : 2))
      v = L->e[c - 9] * fabs(S->coef[1 + 2 * (c - 9)]);
    if (S->dtype == GOLCL_F64)
      ((cl_double *)out)[c] = v;
    else
      ((cl_float *)out)[c] = (cl_float)v;
  }
}

/* $GOLCL_LA_MG_REPEAT=pre,resrestrict,post1,post2,small (any of them):
 * those fused steps are launched twice. Each is idempotent (it reads
 * nothing it writes), so the result is the same and the time grows by the
 * step's cost: a profile of the cycle through the public API (golcl bench
 * la with and without it). */
static void repeats(golcl_mg *mg) {
  static const char *const NAMES[MG_STEPS] = {"pre",   "resrestrict", "prolong", "black",
                                              "post2", "small",       "post"};
  const char *e = getenv("GOLCL_LA_MG_REPEAT");
  for (int k = 0; k < MG_STEPS; k++) {
    mg->times[k] = 1;
    if (!e) continue;
    size_t len = strlen(NAMES[k]);
    for (const char *p = strstr(e, NAMES[k]); p; p = strstr(p + 1, NAMES[k]))
      if ((p == e || p[-1] == ',') && (p[len] == '\0' || p[len] == ',')) mg->times[k] = 2;
  }
}

/* The small levels (from the first level l >= 1 of at most MG_SMALL points
 * to the last, at least two of them): their b, x and r as sub-buffers of
 * one pool, and the tables of sizes, coefficients and offsets that
 * mg_small reads. Nothing when there are none. */
static golcl_status small_levels(golcl_mg *mg) {
  golcl_context *ctx = mg->ctx;
  size_t limit = MG_SMALL;
  const char *e = getenv("GOLCL_LA_MG_SMALL");
  if (e && *e) limit = (size_t)strtoull(e, NULL, 10);
  size_t l0 = 1;
  while (l0 < mg->nlev && mg->lev[l0].S->n > limit) l0++;
  if (l0 + 2 > mg->nlev) return GOLCL_OK;
  size_t nl = mg->nlev - l0, es = golcl_dtype_size(mg->S->dtype);
  cl_uint align_bits = 0;
  golcl_status s = golcl__cl_fail(ctx,
                                  clGetDeviceInfo(ctx->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                                  sizeof align_bits, &align_bits, NULL),
                                  "clGetDeviceInfo");
  if (s != GOLCL_OK) return s;
  size_t align = align_bits / 8 > es ? align_bits / 8 : es; /* bytes, a multiple of es */
  cl_long offs[3 * MG_MAX_LEVELS], metas[4 * MG_MAX_LEVELS];
  char *coefs = malloc(MG_NCOEF * nl * es); /* each level's MG_NCOEF */
  if (!coefs) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t at = 0; /* bytes */
  for (size_t k = 0; k < nl; k++) {
    const golcl_stencil *L = mg->lev[l0 + k].S;
    for (int w = 0; w < 3; w++) {
      offs[3 * k + w] = (cl_long)(at / es);
      at += (L->n * es + align - 1) / align * align;
    }
    metas[4 * k] = (cl_long)L->nx, metas[4 * k + 1] = (cl_long)L->ny;
    metas[4 * k + 2] = (cl_long)L->nz, metas[4 * k + 3] = 0;
    level_coefs(&mg->lev[l0 + k], coefs + MG_NCOEF * k * es);
  }
  if (s == GOLCL_OK) s = golcl__buffer(ctx, at, CL_MEM_READ_WRITE, &mg->pool);
  if (s == GOLCL_OK) s = buffer_from(ctx, 3 * nl * sizeof offs[0], offs, &mg->offs);
  if (s == GOLCL_OK) s = buffer_from(ctx, 4 * nl * sizeof metas[0], metas, &mg->metas);
  if (s == GOLCL_OK) s = buffer_from(ctx, MG_NCOEF * nl * es, coefs, &mg->coefs);
  free(coefs);
  for (size_t k = 0; k < nl && s == GOLCL_OK; k++) {
    mg_level *L = &mg->lev[l0 + k];
    cl_mem *m[3] = {&L->b, &L->x, &L->r};
    for (int w = 0; w < 3 && s == GOLCL_OK; w++) {
      cl_buffer_region r = {(size_t)offs[3 * k + (size_t)w] * es, L->S->n * es};
      cl_int err;
      *m[w] =
          clCreateSubBuffer(mg->pool, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
      s = golcl__cl_fail(ctx, err, "clCreateSubBuffer");
    }
  }
  if (s != GOLCL_OK) return s;
  size_t wg = MG_SMALL_WG,
         maxwg = ctx->info.max_work_group_size ? ctx->info.max_work_group_size : 1;
  if (wg > maxwg) wg = maxwg;
  while (wg & (wg - 1)) wg &= wg - 1; /* a power of two */
  mg->small = l0;
  mg->small_wg = wg;
  return GOLCL_OK;
}

static golcl_status check_stencil(const golcl_stencil *S) {
  static const char fn[] = "golcl_mg_create";
  const double *c = S->coef;
  int dims = S->kind == GOLCL_STENCIL_7 ? 3 : 2;
  if (S->kind == GOLCL_STENCIL_9)
    return golcl__fail(S->ctx, GOLCL_E_UNSUPPORTED, "%s: no multigrid for 9-point stencils", fn);
  double sigma = c[0];
  for (int d = 0; d < dims; d++) {
    if (c[1 + 2 * d] != c[2 + 2 * d] || c[1 + 2 * d] > 0)
      return golcl__fail(S->ctx, GOLCL_E_UNSUPPORTED,
                         "%s: neighbour coefficients must be equal in pairs and <= 0", fn);
    sigma += 2 * c[1 + 2 * d];
  }
  if (!(sigma >= 0) || !(c[0] > 0))
    return golcl__fail(S->ctx, GOLCL_E_UNSUPPORTED,
                       "%s: the centre must be > 0 and >= the sum of the neighbours' magnitudes",
                       fn);
  if (S->edge == GOLCL_EDGE_PERIODIC && (S->nx % 2 || S->ny % 2 || (dims == 3 && S->nz % 2)))
    return golcl__fail(S->ctx, GOLCL_E_UNSUPPORTED,
                       "%s: red-black smoothing on a periodic grid needs even sides", fn);
  return GOLCL_OK;
}

golcl_status golcl_mg_create(const golcl_stencil *S, size_t levels, golcl_mg **out) {
  static const char fn[] = "golcl_mg_create";
  if (!out) return golcl__fail(S ? S->ctx : NULL, GOLCL_E_INVALID_ARG, "%s: out is NULL", fn);
  *out = NULL;
  if (!S) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: S is NULL", fn);
  golcl_status s = check_stencil(S);
  if (s != GOLCL_OK) return s;
  golcl_context *ctx = S->ctx;
  golcl_mg *mg = calloc(1, sizeof *mg);
  if (!mg) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  mg->ctx = ctx;
  mg->S = S;
  mg->g = golcl__la_geometry(ctx, S->n, GOLCL__LA_STREAM);
  mg->wide = golcl__la_idx_long(S->n, &mg->g);
  if (levels == 0 || levels > MG_MAX_LEVELS) levels = MG_MAX_LEVELS;
  int three = S->kind == GOLCL_STENCIL_7;
  size_t es = golcl_dtype_size(S->dtype);
  mg->lev[0].S = (golcl_stencil *)S; /* never destroyed nor written through */
  mg->nlev = 1;
  const char *e = getenv("GOLCL_LA_MG");
  /* old: the cycle before 2026-11-26 (n -> (n - 1)/2, no edge gain, the
   * smoothers in launches a step), for measurements */
  int old = e && strcmp(e, "old") == 0;
  s = golcl__buffer(ctx, S->n * es, CL_MEM_READ_WRITE, &mg->lev[0].r);
  while (s == GOLCL_OK && mg->nlev < levels) {
    const golcl_stencil *F = mg->lev[mg->nlev - 1].S;
    const double *ef = mg->lev[mg->nlev - 1].e;
    double e2[3] = {0, 0, 0};
    size_t cx = coarser(F->nx, S->edge, ef[0], &e2[0], old);
    size_t cy = coarser(F->ny, S->edge, ef[1], &e2[1], old);
    size_t cz = three ? coarser(F->nz, S->edge, ef[2], &e2[2], old) : 1;
    if (cx == 0 || cy == 0 || cz == 0) break;
    /* Rediscretisation: the neighbours (the Laplacian part) ÷ 4, the
     * identity part σ = centre + Σ neighbours kept. */
    double c[7], sigma = F->coef[0];
    int nc = three ? 7 : 5;
    for (int k = 1; k < nc; k++) {
      c[k] = F->coef[k] / 4;
      sigma += F->coef[k];
    }
    c[0] = sigma;
    for (int k = 1; k < nc; k++) c[0] -= c[k];
    mg_level *L = &mg->lev[mg->nlev];
    s = golcl_stencil_create(ctx, S->kind, cx, cy, cz, c, S->edge, S->dtype, &L->S);
    if (s != GOLCL_OK) break;
    memcpy(L->e, e2, sizeof e2);
    mg->nlev++;
  }
  for (size_t l = 0; l < mg->nlev && s == GOLCL_OK; l++) {
    cl_double cv[MG_NCOEF]; /* room for either dtype */
    level_coefs(&mg->lev[l], cv);
    s = buffer_from(ctx, MG_NCOEF * es, cv, &mg->lev[l].coef);
  }
  mg->sweeps = e && strcmp(e, "sweeps") == 0;
  mg->split = e && strcmp(e, "split") == 0;
  /* $GOLCL_LA_MG=rows: the one-sweep smoothers (mg_pre_rows, mg_post_rows);
   * rows-ystore: with y stored between them; rows-pre2: only the
   * post-smoother in one sweep. Not the default: on an H100 they were
   * slower than the launches a step (docs/linear-algebra.md). */
  int rows_on = e && strncmp(e, "rows", 4) == 0;
  int pre2 = e && strcmp(e, "rows-pre2") == 0;
  mg->ystore = e && strcmp(e, "rows-ystore") == 0;
  mg->nopairs = old || (e && strcmp(e, "nopairs") == 0);
  const char *th = getenv("GOLCL_LA_MG_TH");
  mg->th = th && atoi(th) > 0 && atoi(th) <= 1024 ? (size_t)atoi(th) : MG_TH;
  const char *cpi = getenv("GOLCL_LA_MG_CPI");
  mg->cpi = cpi && atoi(cpi) > 0 && atoi(cpi) <= 8 ? (size_t)atoi(cpi) : MG_CPI;
  repeats(mg);
  if (s == GOLCL_OK && !mg->sweeps) s = small_levels(mg);
  cl_int zero = 0;
  if (s == GOLCL_OK && !mg->sweeps) s = buffer_from(ctx, sizeof zero, &zero, &mg->zero);
  for (size_t l = 1; l < mg->nlev && s == GOLCL_OK; l++) {
    mg_level *L = &mg->lev[l];
    size_t n = L->S->n;
    if (!L->b) s = golcl__buffer(ctx, n * es, CL_MEM_READ_WRITE, &L->b);
    if (s == GOLCL_OK && !L->x) s = golcl__buffer(ctx, n * es, CL_MEM_READ_WRITE, &L->x);
    if (s == GOLCL_OK && !L->r) s = golcl__buffer(ctx, n * es, CL_MEM_READ_WRITE, &L->r);
  }
  /* the one-sweep smoothers: 2-D 5-point, groups wide enough for tiles,
   * and their local memory (9 rows of MG_CPI·LA_WG values and one of LA_WG
   * each) within the device's for both; only then are they in the program
   * (MG_ROWS), since some implementations (Oclgrind) refuse every kernel
   * of a program whose local arrays, added up, exceed it */
  while (mg->cpi > 1 && (18 * mg->cpi + 4) * mg->g.local * es > ctx->info.local_mem_bytes)
    mg->cpi--; /* fewer columns an item where the local memory is short (f64) */
  int rows = rows_on && S->kind == GOLCL_STENCIL_5 && !mg->split && !mg->sweeps &&
             mg->g.local >= 16 &&
             (18 * mg->cpi + 4) * mg->g.local * es <= ctx->info.local_mem_bytes;
  int any_edge = 0;
  for (size_t l = 0; l < mg->nlev; l++) {
    mg_level *L = &mg->lev[l];
    L->edge = L->e[0] != 0 || L->e[1] != 0 || L->e[2] != 0;
    any_edge |= L->edge;
  }
  static const char F[] = "la/mg.cl";
  /* Two builds: levels without an edge gain (the finest, periodic grids)
   * run kernels whose centre is the stencil's, without the tests of the
   * last rows (MG_EDGE 0). */
  for (int v = 0; v < 2 && s == GOLCL_OK; v++) {
    mg_kernels *K = &mg->k[v];
    if (v == 1 && !any_edge) {
      *K = mg->k[0];
      break;
    }
    golcl__opts o;
    golcl__opts_init(&o);
    golcl__la_options(&o, S->dtype, mg->wide, &mg->g);
    golcl__stencil_options(&o, S->kind, S->edge);
    golcl__opts_define(&o, "MG_EDGE", v);
    if (rows) {
      golcl__opts_define(&o, "MG_ROWS", 1);
      golcl__opts_define(&o, "MG_TH", (long long)mg->th);
      golcl__opts_define(&o, "MG_CPI", (long long)mg->cpi);
    }
    if (mg->split) {
      s = golcl__la_kernel(ctx, F, &o, "mg_residual", &K->residual);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_restrict", &K->restrict_);
    }
    if (s == GOLCL_OK && mg->sweeps) {
      s = golcl__la_kernel(ctx, F, &o, "mg_smooth", &K->smooth);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_residual", &K->residual);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_restrict", &K->restrict_);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_prolong", &K->prolong);
    } else if (s == GOLCL_OK) {
      s = golcl__la_kernel(ctx, F, &o, "mg_pre", &K->pre);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_resrestrict", &K->resrestrict);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_prolong_to", &K->prolong_to);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_black", &K->black);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_post2", &K->post2);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_post2_dot", &K->post2_dot);
      if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_bottom", &K->bottom);
      if (s == GOLCL_OK && S->kind == GOLCL_STENCIL_5 && S->edge == GOLCL_EDGE_DIRICHLET &&
          !mg->nopairs) {
        s = golcl__la_kernel(ctx, F, &o, "mg_pre_pairs", &K->pre_pairs);
        if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_black_pairs", &K->black_pairs);
        if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "mg_post2_pairs", &K->post2_pairs);
        if (s == GOLCL_OK)
          s = golcl__la_kernel(ctx, F, &o, "mg_post2_pairs_dot", &K->post2_pairs_dot);
      }
      if (s == GOLCL_OK && rows) s = golcl__la_kernel(ctx, F, &o, "mg_post_rows", &K->post_rows);
      if (s == GOLCL_OK && rows && !pre2)
        s = golcl__la_kernel(ctx, F, &o, "mg_pre_rows", &K->pre_rows);
    }
  }
  if (s == GOLCL_OK) {
    if (s == GOLCL_OK && mg->small) {
      golcl__la_geom g1 = mg->g;
      g1.local = mg->small_wg;
      g1.groups = 1;
      golcl__opts o1;
      golcl__opts_init(&o1);
      golcl__la_options(&o1, S->dtype, mg->wide, &g1);
      golcl__stencil_options(&o1, S->kind, S->edge);
      s = golcl__la_kernel(ctx, F, &o1, "mg_small", &mg->small_k);
    }
  }
  if (s != GOLCL_OK) {
    golcl_mg_destroy(mg);
    return s;
  }
  *out = mg;
  return GOLCL_OK;
}

static golcl_status launch_n(golcl_mg *mg, cl_kernel k, size_t n) {
  size_t groups = (n + mg->g.local - 1) / mg->g.local;
  if (groups > mg->g.groups) groups = mg->g.groups;
  size_t global = groups * mg->g.local, local = mg->g.local;
  return golcl__launch(mg->ctx, k, 1, &global, &local);
}

static golcl_status smooth(golcl_mg *mg, size_t l, cl_mem b, cl_mem x, int color) {
  const golcl_stencil *S = mg->lev[l].S;
  const mg_kernels *K = &mg->k[mg->lev[l].edge];
  golcl__idx_arg n;
  size_t ns = golcl__idx_set(mg->wide, S->n, &n);
  cl_int c = color;
  golcl_status s = golcl__args(mg->ctx, K->smooth, ns, (const void *)&n, GOLCL__ARG(S->meta),
                               GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(x),
                               GOLCL__ARG(c), GOLCL__END);
  return s == GOLCL_OK ? launch_n(mg, K->smooth, S->n) : s;
}

/* Level l: x = V(b) from zero, 4 launches a level (see the file's note);
 * with dot (level 0 only), the last launch also leaves the partials of b·x
 * in dot->part (mg_post2_dot over dot->groups groups). */
typedef struct mg_dot {
  cl_mem part;
  size_t groups;
} mg_dot;
/* Every fused kernel does nothing when flags[slot] is not 0 (MG_HALT). */
typedef struct mg_halt {
  cl_mem flags;
  cl_int slot;
} mg_halt;
/* Level l: r = b − A·x, then the coarse b = the restriction of r (two
 * launches: GOLCL_LA_MG=sweeps and split). */
static golcl_status residual_restrict(golcl_mg *mg, size_t l, cl_mem b, cl_mem x, cl_mem r) {
  const golcl_stencil *S = mg->lev[l].S, *C = mg->lev[l + 1].S;
  const mg_kernels *K = &mg->k[mg->lev[l].edge];
  golcl__idx_arg n, nc;
  size_t ns = golcl__idx_set(mg->wide, S->n, &n);
  golcl__idx_set(mg->wide, C->n, &nc);
  golcl_status s = golcl__args(mg->ctx, K->residual, ns, (const void *)&n, GOLCL__ARG(S->meta),
                               GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(x),
                               GOLCL__ARG(r), GOLCL__END);
  if (s == GOLCL_OK) s = launch_n(mg, K->residual, S->n);
  if (s == GOLCL_OK)
    s = golcl__args(mg->ctx, K->restrict_, ns, (const void *)&nc, GOLCL__ARG(C->meta),
                    GOLCL__ARG(S->meta), GOLCL__ARG(r), GOLCL__ARG(mg->lev[l + 1].b), GOLCL__END);
  if (s == GOLCL_OK) s = launch_n(mg, K->restrict_, C->n);
  return s;
}

/* Level l's post-smoother in one launch: x from y (the pre-smoothed
 * values), the coarse correction and b. */
static golcl_status post_rows(golcl_mg *mg, size_t l, cl_mem b, cl_mem y, cl_mem x,
                              const mg_dot *dot, const mg_halt *h) {
  const golcl_stencil *S = mg->lev[l].S, *C = mg->lev[l + 1].S;
  const mg_kernels *K = &mg->k[mg->lev[l].edge];
  golcl__idx_arg n;
  size_t ns = golcl__idx_set(mg->wide, S->n, &n), local = mg->g.local;
  size_t tw = mg->cpi * local - 6; /* mg.cl's MG_TW */
  size_t tiles = (S->nx + tw - 1) / tw * ((S->ny + mg->th - 1) / mg->th);
  size_t groups = dot ? dot->groups : tiles, global = groups * local;
  cl_int with_dot = dot != NULL, from_b = K->pre_rows && !mg->ystore;
  cl_mem part = dot ? dot->part : y;
  golcl_status s = golcl__args(mg->ctx, K->post_rows, ns, (const void *)&n, GOLCL__ARG(S->meta),
                               GOLCL__ARG(C->meta), GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b),
                               GOLCL__ARG(mg->lev[l + 1].x), GOLCL__ARG(y), GOLCL__ARG(x),
                               GOLCL__ARG(part), GOLCL__ARG(with_dot), GOLCL__ARG(from_b),
                               GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
  for (int t = 0; t < mg->times[MG_POST] && s == GOLCL_OK; t++)
    s = golcl__launch(mg->ctx, K->post_rows, 1, &global, &local);
  return s;
}

static golcl_status vcycle_fused(golcl_mg *mg, size_t l, cl_mem b, cl_mem x, const mg_dot *dot,
                                 const mg_halt *h) {
  golcl_context *ctx = mg->ctx;
  const golcl_stencil *S = mg->lev[l].S;
  const mg_kernels *K = &mg->k[mg->lev[l].edge];
  golcl__idx_arg n;
  size_t ns = golcl__idx_set(mg->wide, S->n, &n);
  golcl_status s;
  if (mg->small && l == mg->small) {
    cl_int nl = (cl_int)(mg->nlev - l), pairs = MG_COARSE_SWEEPS;
    size_t one = mg->small_wg;
    s = golcl__args(ctx, mg->small_k, GOLCL__ARG(nl), GOLCL__ARG(mg->metas), GOLCL__ARG(mg->coefs),
                    GOLCL__ARG(mg->offs), GOLCL__ARG(mg->pool), GOLCL__ARG(pairs),
                    GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
    for (int t = 0; t < mg->times[MG_SMALL_K] && s == GOLCL_OK; t++)
      s = golcl__launch(ctx, mg->small_k, 1, &one, &one);
    return s;
  }
  if (l + 1 == mg->nlev) {
    cl_int pairs = MG_COARSE_SWEEPS;
    size_t one = mg->g.local;
    s = golcl__args(ctx, K->bottom, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(x), GOLCL__ARG(pairs),
                    GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
    return s == GOLCL_OK ? golcl__launch(ctx, K->bottom, 1, &one, &one) : s;
  }
  mg_level *C = &mg->lev[l + 1];
  cl_mem y = mg->lev[l].r;
  golcl__idx_arg nc;
  golcl__idx_set(mg->wide, C->S->n, &nc);
  /* with mg_post_rows the pre-smoother goes to y, and the post-smoother
   * reads y and writes x */
  cl_mem xs = K->post_rows ? y : x;
  const int pairs = K->pre_pairs && S->nx % 2 == 0; /* an item a red-black pair */
  cl_kernel kpre = pairs ? K->pre_pairs : K->pre, kblack = pairs ? K->black_pairs : K->black;
  cl_kernel kpost2 = pairs ? K->post2_pairs : K->post2;
  cl_kernel kpost2_dot = pairs ? K->post2_pairs_dot : K->post2_dot;
  const size_t items = pairs ? S->n / 2 : S->n;
  if (K->pre_rows) {
    size_t local = mg->g.local, th2 = (mg->th + 1) / 2 * 2, tw = mg->cpi * local - 6; /* MG_TW */
    size_t global = (S->nx + tw - 1) / tw * ((S->ny + th2 - 1) / th2) * local;
    cl_int store_y = mg->ystore;
    s = golcl__args(ctx, K->pre_rows, ns, (const void *)&n, GOLCL__ARG(C->S->meta),
                    GOLCL__ARG(S->meta), GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(y),
                    GOLCL__ARG(C->b), GOLCL__ARG(store_y), GOLCL__ARG(h->flags),
                    GOLCL__ARG(h->slot), GOLCL__END);
    for (int t = 0; t < mg->times[MG_PRE] && s == GOLCL_OK; t++)
      s = golcl__launch(ctx, K->pre_rows, 1, &global, &local);
  } else {
    s = golcl__args(ctx, kpre, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(xs),
                    GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
    for (int t = 0; t < mg->times[MG_PRE] && s == GOLCL_OK; t++) s = launch_n(mg, kpre, items);
    if (s == GOLCL_OK && mg->split) {
      s = residual_restrict(mg, l, b, x, y);
    } else if (s == GOLCL_OK) {
      s = golcl__args(ctx, K->resrestrict, ns, (const void *)&nc, GOLCL__ARG(C->S->meta),
                      GOLCL__ARG(S->meta), GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b),
                      GOLCL__ARG(xs), GOLCL__ARG(C->b), GOLCL__ARG(h->flags), GOLCL__ARG(h->slot),
                      GOLCL__END);
      for (int t = 0; t < mg->times[MG_RESRESTRICT] && s == GOLCL_OK; t++)
        s = launch_n(mg, K->resrestrict, C->S->n);
    }
  }
  if (s == GOLCL_OK) s = vcycle_fused(mg, l + 1, C->b, C->x, NULL, h);
  if (s == GOLCL_OK && K->post_rows) return post_rows(mg, l, b, y, x, dot, h);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, K->prolong_to, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(C->S->meta), GOLCL__ARG(C->x), GOLCL__ARG(x), GOLCL__ARG(y),
                    GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
  for (int t = 0; t < mg->times[MG_PROLONG] && s == GOLCL_OK; t++)
    s = launch_n(mg, K->prolong_to, S->n);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, kblack, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(y), GOLCL__ARG(h->flags),
                    GOLCL__ARG(h->slot), GOLCL__END);
  for (int t = 0; t < mg->times[MG_BLACK] && s == GOLCL_OK; t++) s = launch_n(mg, kblack, items);
  if (s == GOLCL_OK && dot) {
    s = golcl__args(ctx, kpost2_dot, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(y), GOLCL__ARG(x),
                    GOLCL__ARG(dot->part), GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
    size_t global = dot->groups * mg->g.local, local = mg->g.local;
    for (int t = 0; t < mg->times[MG_POST2] && s == GOLCL_OK; t++)
      s = golcl__launch(ctx, kpost2_dot, 1, &global, &local);
    return s;
  }
  if (s == GOLCL_OK)
    s = golcl__args(ctx, kpost2, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(mg->lev[l].coef), GOLCL__ARG(b), GOLCL__ARG(y), GOLCL__ARG(x),
                    GOLCL__ARG(h->flags), GOLCL__ARG(h->slot), GOLCL__END);
  for (int t = 0; t < mg->times[MG_POST2] && s == GOLCL_OK; t++) s = launch_n(mg, kpost2, items);
  return s;
}

/* Level l: x = V(b) from zero, a launch a step. */
static golcl_status vcycle(golcl_mg *mg, size_t l, cl_mem b, cl_mem x) {
  golcl_context *ctx = mg->ctx;
  const golcl_stencil *S = mg->lev[l].S;
  const mg_kernels *K = &mg->k[mg->lev[l].edge];
  cl_double zero = 0;
  size_t es = golcl_dtype_size(S->dtype);
  golcl_status s = golcl__fill(ctx, x, &zero, es, 0, S->n * es);
  if (l + 1 == mg->nlev) {
    for (int k = 0; k < 2 * MG_COARSE_SWEEPS && s == GOLCL_OK; k++) {
      int first = k < MG_COARSE_SWEEPS ? 0 : 1; /* (red, black) then (black, red) */
      s = smooth(mg, l, b, x, first);
      if (s == GOLCL_OK) s = smooth(mg, l, b, x, 1 - first);
    }
    return s;
  }
  if (s == GOLCL_OK) s = smooth(mg, l, b, x, 0);
  if (s == GOLCL_OK) s = smooth(mg, l, b, x, 1);
  mg_level *C = &mg->lev[l + 1];
  cl_mem r = mg->lev[l].r;
  golcl__idx_arg n;
  size_t ns = golcl__idx_set(mg->wide, S->n, &n);
  if (s == GOLCL_OK) s = residual_restrict(mg, l, b, x, r);
  if (s == GOLCL_OK) s = vcycle(mg, l + 1, C->b, C->x);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, K->prolong, ns, (const void *)&n, GOLCL__ARG(S->meta),
                    GOLCL__ARG(C->S->meta), GOLCL__ARG(C->x), GOLCL__ARG(x), GOLCL__END);
  if (s == GOLCL_OK) s = launch_n(mg, K->prolong, S->n);
  if (s == GOLCL_OK) s = smooth(mg, l, b, x, 1);
  if (s == GOLCL_OK) s = smooth(mg, l, b, x, 0);
  return s;
}

golcl_status golcl__mg_apply(golcl_mg *mg, cl_mem r, cl_mem z) {
  mg_halt h = {mg->zero, 0};
  return mg->sweeps ? vcycle(mg, 0, r, z) : vcycle_fused(mg, 0, r, z, NULL, &h);
}

int golcl__mg_apply_dot(golcl_mg *mg, cl_mem r, cl_mem z, cl_mem part, size_t groups, size_t local,
                        cl_mem flags, int slot, golcl_status *s) {
  /* the partials' layout is the CG's: its groups of its work-items */
  if (mg->sweeps || mg->nlev < 2 || local != mg->g.local) return 0;
  mg_dot d = {part, groups};
  mg_halt h = {flags ? flags : mg->zero, flags ? (cl_int)slot : 0};
  *s = vcycle_fused(mg, 0, r, z, &d, &h);
  return 1;
}

golcl_status golcl_mg_vcycle(golcl_mg *mg, const golcl_vec *r, golcl_vec *z) {
  static const char fn[] = "golcl_mg_vcycle";
  if (!mg) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: mg is NULL", fn);
  if (!r || !z || r == z)
    return golcl__fail(mg->ctx, GOLCL_E_INVALID_ARG, "%s: r or z is NULL, or z is r", fn);
  const golcl_stencil *S = mg->S;
  golcl_status s = golcl__vec_match(mg->ctx, r, S->dtype, S->n, fn, "r");
  if (s == GOLCL_OK) s = golcl__vec_match(mg->ctx, z, S->dtype, S->n, fn, "z");
  return s == GOLCL_OK ? golcl__mg_apply(mg, r->buf, z->buf) : s;
}
