/* cg.c — the conjugate-gradient solver object: its workspace, the launch
 * sequence of cl/la/cg.cl (fused for band and stencil operators, general for
 * any other), the look at the device's flags every few iterations, the
 * scaling of b, the hooks of a distributed solve, and the report. */
#include "la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What a kernel decided at iteration k; passed to cg.cl as -D options. */
enum {
  CG_RUNNING = 0,
  CG_CONVERGED = 1, /* B_k: ||r_k||² <= tol² */
  CG_BREAKDOWN = 2, /* B_k: r·z <= 0 or not finite; A_k: p·Ap <= 0 or not finite */
  CG_MAXITER = 3,   /* B_max_iter, the check-only launch: not converged */
  CG_STOPPED = 4,   /* an earlier kernel stopped: nothing done */
  CG_ZERO_RHS = 5   /* B_0: b = 0 */
};

/* Iterations queued between two looks at the flags. The look is a
 * non-blocking read queued behind the batch and waited for one batch later,
 * so the device never idles for the host; iterations past convergence cost a
 * launch each and do nothing. With the MG preconditioner (a dozen launches
 * that do not look at the flags) the batch is short. */
#define CG_BATCH 32
#define CG_BATCH_MG 2
#define CG_RING (2 * (CG_BATCH + 1)) /* slots of hist and flags, by k mod CG_RING */
#define CG_MAX_RESTARTS 2
#define CG_FLOOR 1 /* see the restart test in golcl_cg_run */
/* b is scaled by 2^-e when its largest |element| is 2^e with |e| above
 * this: squares of f32 then stay far from overflow and underflow. */
#define CG_SCALE_F32 16
#define CG_SCALE_F64 256

/* cg.cl's LA_OP and LA_PREC. */
enum { LA_OP_BAND = 0, LA_OP_STENCIL = 1, LA_OP_GENERAL = 2 };
enum { LA_PREC_NONE = 0, LA_PREC_JACOBI = 1, LA_PREC_STORED = 2 };

struct golcl_cg {
  const golcl_op *op;
  golcl_context *ctx;
  size_t n;
  golcl_dtype dtype;
  golcl_cg_hooks hooks;
  size_t own_lo, own_n; /* golcl_cg_set_rows: the rows of this process (own_n 0: all) */
  golcl__la_geom g;     /* g.groups: groups_band on the fused band path, else groups_fused */
  size_t groups_fused, groups_band;
  golcl__st_tile tile;   /* 2-D 5-point stencils: the tile kernels (vw 0: rows) */
  int wide;              /* IDX is long */
  cl_mem xw, r, q, p[2]; /* x (copied back on success), residual, A·p, directions */
  cl_mem z, bs;          /* stored z (MG) and the scaled b: made when needed */
  cl_mem part;           /* 4 rows of g.groups partials: r·r, r·z, b·b, p·Ap */
  cl_mem hist;           /* 4 REALs a slot: r·r, r·z, p·Ap */
  cl_mem st;             /* tol², b·b, and the final r·r, b·b, error scale² */
  cl_mem flags;          /* 2 ints a slot: B's and A's decision */
  cl_mem hbuf;           /* pinned host memory: two copies of flags, two of hist */
  cl_int (*hflags)[2 * CG_RING];
  unsigned char *hhist[2]; /* the two copies of hist in hbuf */
  golcl_mg *mg;            /* GOLCL_PRECOND_MG */
};

void golcl_cg_destroy(golcl_cg *cg) {
  if (!cg) return;
  if (cg->hflags) {
    clEnqueueUnmapMemObject(cg->ctx->queue, cg->hbuf, cg->hflags, 0, NULL, NULL);
    clFinish(cg->ctx->queue);
  }
  cl_mem *m[] = {&cg->hbuf, &cg->xw, &cg->r,    &cg->q,    &cg->p[0], &cg->p[1],
                 &cg->z,    &cg->bs, &cg->part, &cg->hist, &cg->st,   &cg->flags};
  for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
    if (*m[i]) clReleaseMemObject(*m[i]);
  golcl_mg_destroy(cg->mg);
  free(cg);
}

static size_t most_groups(const golcl_cg *cg) {
  return cg->groups_band > cg->groups_fused ? cg->groups_band : cg->groups_fused;
}

golcl_status golcl_cg_create(const golcl_op *A, golcl_cg **out) {
  if (!out)
    return golcl__fail(A ? A->ctx : NULL, GOLCL_E_INVALID_ARG, "golcl_cg_create: out is NULL");
  *out = NULL;
  if (!A) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_cg_create: A is NULL");
  golcl_context *ctx = A->ctx;
  golcl_cg *cg = calloc(1, sizeof *cg);
  if (!cg) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  cg->op = A;
  cg->ctx = ctx;
  cg->n = A->n;
  cg->dtype = A->dtype;
  cg->g = golcl__la_geometry(ctx, A->n, GOLCL__LA_FUSED);
  /* the fused band kernels' own count (a run of another path, such as the general kernels
   * of a distributed band solve, keeps the FUSED one: op_args picks) */
  cg->groups_band = A->kind == GOLCL__OP_BAND
                        ? golcl__la_geometry(ctx, A->n, GOLCL__LA_FUSED_BAND).groups
                        : cg->g.groups;
  size_t extent = A->n;
  if (A->kind == GOLCL__OP_STENCIL) {
    /* Every kernel of a solve launches the same groups (each re-reduces the
     * partials of the one before): the fused geometry's, at most what the
     * tiles fill; the tile kernels loop over their tiles. */
    cg->tile = golcl__stencil_tile(A->obj, 1);
    if (cg->tile.vw) golcl__stencil_tile_geometry(A->obj, cg->tile, &cg->g);
  }
  if (A->kind == GOLCL__OP_BAND) {
    const golcl_bandmat *B = A->obj;
    extent = B->ndiag * B->n;
  }
  cg->groups_fused = cg->g.groups;
  golcl__la_geom most = cg->g; /* the index type and the partials fit either count */
  most.groups = most_groups(cg);
  cg->wide = golcl__la_idx_long(extent, &most);
  *out = cg;
  return GOLCL_OK;
}

golcl_status golcl_cg_set_hooks(golcl_cg *cg, const golcl_cg_hooks *hooks) {
  if (!cg) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_cg_set_hooks: cg is NULL");
  memset(&cg->hooks, 0, sizeof cg->hooks);
  if (hooks) cg->hooks = *hooks;
  return GOLCL_OK;
}

golcl_status golcl_cg_set_rows(golcl_cg *cg, size_t lo, size_t count) {
  if (!cg) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_cg_set_rows: cg is NULL");
  if (lo > cg->n || count > cg->n - lo)
    return golcl__fail(cg->ctx, GOLCL_E_INVALID_ARG,
                       "golcl_cg_set_rows: rows [%zu, %zu) are outside the %zu rows", lo,
                       lo + count, cg->n);
  cg->own_lo = count ? lo : 0;
  cg->own_n = count;
  return GOLCL_OK;
}

/* The workspace, made on the first run (n and dtype never change). */
static golcl_status ws_make(golcl_cg *cg) {
  if (cg->hflags) return GOLCL_OK;
  golcl_context *ctx = cg->ctx;
  size_t es = golcl_dtype_size(cg->dtype), vb = cg->n * es;
  golcl_status s = GOLCL_OK;
  cl_mem *vecs[] = {&cg->xw, &cg->r, &cg->q, &cg->p[0], &cg->p[1]};
  for (size_t i = 0; i < 5 && s == GOLCL_OK; i++)
    if (!*vecs[i]) s = golcl__buffer(ctx, vb, CL_MEM_READ_WRITE, vecs[i]);
  if (s == GOLCL_OK && !cg->part)
    s = golcl__buffer(ctx, 4 * most_groups(cg) * es, CL_MEM_READ_WRITE, &cg->part);
  size_t hb = 4 * CG_RING * es, fb = 2 * CG_RING * sizeof(cl_int);
  if (s == GOLCL_OK && !cg->hist) s = golcl__buffer(ctx, hb, CL_MEM_READ_WRITE, &cg->hist);
  if (s == GOLCL_OK && !cg->st) s = golcl__buffer(ctx, 8 * es, CL_MEM_READ_WRITE, &cg->st);
  if (s == GOLCL_OK && !cg->flags) s = golcl__buffer(ctx, fb, CL_MEM_READ_WRITE, &cg->flags);
  /* Reads into pinned memory stay asynchronous on GPU drivers that would
   * otherwise stage (and wait for) a copy to pageable memory. */
  if (s == GOLCL_OK && !cg->hbuf)
    s = golcl__buffer(ctx, 2 * fb + 2 * hb, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, &cg->hbuf);
  if (s == GOLCL_OK) {
    cl_int err;
    void *p = clEnqueueMapBuffer(ctx->queue, cg->hbuf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                 2 * fb + 2 * hb, 0, NULL, NULL, &err);
    s = golcl__cl_fail(ctx, err, "clEnqueueMapBuffer");
    if (s == GOLCL_OK) {
      cg->hflags = p;
      cg->hhist[0] = (unsigned char *)p + 2 * fb;
      cg->hhist[1] = cg->hhist[0] + hb;
    }
  }
  return s;
}

typedef struct cg_kernels {
  cl_kernel init, dir, update, final, pq, rz;
  cl_kernel step, mv, prec; /* GOLCL_CG_SINGLE_REDUCTION: cgs_step, cgs_mv or cgs_dots, cgs_prec */
} cg_kernels;

/* The solve in progress. */
typedef struct cg_run {
  golcl_cg *cg;
  const golcl_op *op;
  int la_op, prec, batch;
  int halo;   /* fused band kernels with the exchange hook: see golcl_cg_set_rows */
  int single; /* GOLCL_CG_SINGLE_REDUCTION */
  cg_kernels k;
  golcl__idx_arg n, dmain, lo, hi; /* lo, hi: the rows the sums count (single reduction) */
  int given;      /* the reduce_exchange hook left the sums of the last W in sums[] */
  int pending;    /* ... and started w's exchange: S on the own rows, exchange, S on the halo */
  int no_overlap; /* $GOLCL_LA_CG_OVERLAP=0: the exchange of w completed before S */
  double sums[3];
  size_t idx_size;
  golcl__real_arg rtol2, atol2;
  size_t real_size;
  cl_mem meta, vals, zarg; /* the operator's arguments (a workspace buffer where unused) */
  size_t max_iter;
  double *hist_rr; /* r·r of iteration k (host), when a history was asked for */
  size_t hist_cap;
} cg_run;

static golcl_status get_kernels(cg_run *c) {
  golcl_cg *cg = c->cg;
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__la_options(&o, cg->dtype, cg->wide, &cg->g);
  golcl__opts_define(&o, "LA_OP", c->la_op);
  golcl__opts_define(&o, "LA_PREC", c->prec);
  golcl__opts_define(&o, "LA_DIAG_CONST", c->op->kind == GOLCL__OP_STENCIL);
  if (c->la_op == LA_OP_BAND) {
    const golcl_bandmat *B = c->op->obj;
    golcl__opts_define(&o, "NDIAG", (long long)B->ndiag);
    golcl__opts_define(&o, "LA_BAND_WRAP", B->wrap);
  }
  if (c->la_op == LA_OP_STENCIL) {
    const golcl_stencil *S = c->op->obj;
    golcl__stencil_options(&o, S->kind, S->edge);
    if (cg->tile.vw) golcl__stencil_tile_options(&o, cg->tile);
  }
  golcl__opts_define(&o, "CG_RUNNING", CG_RUNNING);
  golcl__opts_define(&o, "CG_CONVERGED", CG_CONVERGED);
  golcl__opts_define(&o, "CG_BREAKDOWN", CG_BREAKDOWN);
  golcl__opts_define(&o, "CG_MAXITER", CG_MAXITER);
  golcl__opts_define(&o, "CG_STOPPED", CG_STOPPED);
  golcl__opts_define(&o, "CG_ZERO_RHS", CG_ZERO_RHS);
  static const char F[] = "la/cg.cl";
  golcl_context *ctx = cg->ctx;
  int gen = c->la_op == LA_OP_GENERAL;
  golcl_status s = golcl__la_kernel(ctx, F, &o, "cg_init", &c->k.init);
  if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "cg_final", &c->k.final);
  if (c->single) {
    if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "cgs_step", &c->k.step);
    if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, gen ? "cgs_dots" : "cgs_mv", &c->k.mv);
    if (s == GOLCL_OK && gen && c->prec == LA_PREC_JACOBI)
      s = golcl__la_kernel(ctx, F, &o, "cgs_prec", &c->k.prec);
    return s;
  }
  if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, gen ? "cg_dir" : "cg_dir_mv", &c->k.dir);
  if (s == GOLCL_OK) s = golcl__la_kernel(ctx, F, &o, "cg_update", &c->k.update);
  if (s == GOLCL_OK && gen) s = golcl__la_kernel(ctx, F, &o, "cg_pq", &c->k.pq);
  if (s == GOLCL_OK && c->prec == LA_PREC_STORED)
    s = golcl__la_kernel(ctx, F, &o, "cg_rz", &c->k.rz);
  return s;
}

/* The reduce hook on rows [row, row + rows) of the partials. */
static golcl_status hook_reduce(cg_run *c, size_t row, size_t rows) {
  golcl_cg *cg = c->cg;
  if (!cg->hooks.reduce) return GOLCL_OK;
  return cg->hooks.reduce(cg->hooks.user, cg->ctx->queue, cg->part, row * cg->g.groups, rows,
                          cg->g.groups, cg->dtype);
}

/* out = A·v through the operator (general path), after the exchange hook. */
static golcl_status apply_op(cg_run *c, cl_mem v, cl_mem out) {
  golcl_cg *cg = c->cg;
  golcl_status s = GOLCL_OK;
  if (cg->hooks.exchange) s = cg->hooks.exchange(cg->hooks.user, cg->ctx->queue, v);
  return s == GOLCL_OK ? golcl__op_apply(c->op, v, out) : s;
}

/* Launches a grid-stride CG kernel over the workspace's geometry. */
static golcl_status launch(cg_run *c, cl_kernel k) {
  size_t global = c->cg->g.groups * c->cg->g.local, local = c->cg->g.local;
  return golcl__launch(c->cg->ctx, k, 1, &global, &local);
}

/* Sets every argument of B (cg_dir_mv / cg_dir) and A (cg_update), in the
 * order of cg.cl; the leading ones that change every launch are set again
 * by launch_dir and launch_update. */
static golcl_status set_fixed_args(cg_run *c) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  cl_int zero = 0;
  golcl_status s =
      golcl__args(ctx, c->k.dir,
                  /* p_old, p_new, slot, prev, first, check_only: per launch */
                  GOLCL__ARG(cg->p[1]), GOLCL__ARG(cg->p[0]), GOLCL__ARG(zero), GOLCL__ARG(zero),
                  GOLCL__ARG(zero), GOLCL__ARG(zero),
                  /* n, meta, vals, dmain, z */
                  c->idx_size, (const void *)&c->n, GOLCL__ARG(c->meta), GOLCL__ARG(c->vals),
                  c->idx_size, (const void *)&c->dmain, GOLCL__ARG(c->zarg),
                  /* r, q, part, hist, st, flags, rtol2, atol2 */
                  GOLCL__ARG(cg->r), GOLCL__ARG(cg->q), GOLCL__ARG(cg->part), GOLCL__ARG(cg->hist),
                  GOLCL__ARG(cg->st), GOLCL__ARG(cg->flags), c->real_size, (const void *)&c->rtol2,
                  c->real_size, (const void *)&c->atol2, GOLCL__END);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, c->k.update,
                    /* p, slot: per launch */
                    GOLCL__ARG(cg->p[0]), GOLCL__ARG(zero),
                    /* n, meta, vals, dmain, z */
                    c->idx_size, (const void *)&c->n, GOLCL__ARG(c->meta), GOLCL__ARG(c->vals),
                    c->idx_size, (const void *)&c->dmain, GOLCL__ARG(c->zarg),
                    /* x, r, q, part, hist, flags */
                    GOLCL__ARG(cg->xw), GOLCL__ARG(cg->r), GOLCL__ARG(cg->q), GOLCL__ARG(cg->part),
                    GOLCL__ARG(cg->hist), GOLCL__ARG(cg->flags), GOLCL__END);
  if (s == GOLCL_OK && c->k.pq)
    s = golcl__args(ctx, c->k.pq, /* p, slot: per launch; n, q, part, flags */
                    GOLCL__ARG(cg->p[0]), GOLCL__ARG(zero), c->idx_size, (const void *)&c->n,
                    GOLCL__ARG(cg->q), GOLCL__ARG(cg->part), GOLCL__ARG(cg->flags), GOLCL__END);
  return s;
}

/* B_j: p_new = p[j&1], p_old = p[(j+1)&1]. */
static golcl_status launch_dir(cg_run *c, size_t j, int first, int check_only) {
  golcl_cg *cg = c->cg;
  cl_int slot = (cl_int)(j % CG_RING), prev = (cl_int)((j + CG_RING - 1) % CG_RING);
  cl_int f = first, co = check_only;
  golcl_status s =
      golcl__args(cg->ctx, c->k.dir, GOLCL__ARG(cg->p[(j + 1) & 1]), GOLCL__ARG(cg->p[j & 1]),
                  GOLCL__ARG(slot), GOLCL__ARG(prev), GOLCL__ARG(f), GOLCL__ARG(co), GOLCL__END);
  return s == GOLCL_OK ? launch(c, c->k.dir) : s;
}

/* z = M⁻¹·r (MG) and the partials of r·z: in the cycle's last launch where
 * it can, else cg_rz after it. After A_j (j >= 0) the cycle does nothing
 * once A_j's flag says stop (the iterations queued past the stop). */
static golcl_status mg_rz(cg_run *c, long j) {
  golcl_cg *cg = c->cg;
  golcl_status s = GOLCL_OK;
  int slot = j < 0 ? 0 : (int)(2 * ((size_t)j % CG_RING) + 1);
  if (golcl__mg_apply_dot(cg->mg, cg->r, cg->z, cg->part, cg->g.groups, cg->g.local,
                          j < 0 ? NULL : cg->flags, slot, &s))
    return s;
  s = golcl__mg_apply(cg->mg, cg->r, cg->z);
  if (s == GOLCL_OK)
    s = golcl__args(cg->ctx, c->k.rz, c->idx_size, (const void *)&c->n, GOLCL__ARG(cg->r),
                    GOLCL__ARG(cg->z), GOLCL__ARG(cg->part), GOLCL__END);
  if (s == GOLCL_OK) s = launch(c, c->k.rz);
  return s;
}

/* Zeroes v outside the process's rows (the fused path with a halo): after B_j has read r's
 * halo, so that A_j, which updates every row, leaves r zero there and its sums count the
 * process's rows only. */
static golcl_status clear_halo(cg_run *c, cl_mem v) {
  golcl_cg *cg = c->cg;
  size_t es = golcl_dtype_size(cg->dtype), hi = cg->own_lo + cg->own_n;
  cl_uchar zero[8] = {0};
  golcl_status s = GOLCL_OK;
  if (cg->own_lo) s = golcl__fill(cg->ctx, v, zero, es, 0, cg->own_lo * es);
  if (s == GOLCL_OK && hi < cg->n)
    s = golcl__fill(cg->ctx, v, zero, es, hi * es, (cg->n - hi) * es);
  return s;
}

/* The rest of iteration j after B_j: the product and p·q (general path), A_j,
 * the stored preconditioner and r·z, with the reduce hook after each kernel
 * that leaves partials. */
static golcl_status launch_rest(cg_run *c, size_t j) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  cl_int slot = (cl_int)(j % CG_RING);
  cl_mem p = cg->p[j & 1];
  golcl_status s = GOLCL_OK;
  if (c->la_op == LA_OP_GENERAL) {
    /* with the halo of r, cg_dir formed p on the halo rows too: no exchange of p */
    s = c->halo ? golcl__op_apply(c->op, p, cg->q) : apply_op(c, p, cg->q);
    if (s == GOLCL_OK) s = golcl__args(ctx, c->k.pq, GOLCL__ARG(p), GOLCL__ARG(slot), GOLCL__END);
    if (s == GOLCL_OK) s = launch(c, c->k.pq);
  }
  if (s == GOLCL_OK && c->halo) s = clear_halo(c, cg->r);
  if (s == GOLCL_OK) s = hook_reduce(c, 3, 1);
  if (s == GOLCL_OK) s = golcl__args(ctx, c->k.update, GOLCL__ARG(p), GOLCL__ARG(slot), GOLCL__END);
  if (s == GOLCL_OK) s = launch(c, c->k.update);
  if (s == GOLCL_OK && c->prec == LA_PREC_STORED) s = mg_rz(c, (long)j);
  if (s == GOLCL_OK) s = hook_reduce(c, 0, 2);
  /* r's halo for B_{j+1}, right after the reduce (a hook may join the two in one round) */
  if (s == GOLCL_OK && c->halo) s = cg->hooks.exchange(cg->hooks.user, ctx->queue, cg->r);
  return s;
}

/* out = b − A·x with the partials of r·r, r·z, b·b and the error scale;
 * with a stored preconditioner and out = r, also z and r·z. */
static golcl_status residual(cg_run *c, cl_mem b, cl_mem x, cl_mem out) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  golcl_status s = GOLCL_OK;
  cl_mem xin = x;
  if (c->la_op == LA_OP_GENERAL) {
    s = apply_op(c, x, out);
    xin = out;
  } else if (c->halo) { /* cg_init reads x's halo rows */
    s = cg->hooks.exchange(cg->hooks.user, ctx->queue, x);
  }
  if (s == GOLCL_OK)
    s = golcl__args(ctx, c->k.init, c->idx_size, (const void *)&c->n, GOLCL__ARG(c->meta),
                    GOLCL__ARG(c->vals), c->idx_size, (const void *)&c->dmain, GOLCL__ARG(c->zarg),
                    GOLCL__ARG(b), GOLCL__ARG(xin), GOLCL__ARG(out), GOLCL__ARG(cg->part),
                    GOLCL__END);
  if (s == GOLCL_OK) s = launch(c, c->k.init);
  if (s == GOLCL_OK) s = hook_reduce(c, 0, 4);
  if (s == GOLCL_OK && c->halo) s = cg->hooks.exchange(cg->hooks.user, ctx->queue, out);
  return s;
}

/* z = M⁻¹·r and the partials of r·z (stored preconditioner only). */
static golcl_status precondition(cg_run *c) {
  if (c->prec != LA_PREC_STORED) return GOLCL_OK;
  golcl_status s = mg_rz(c, -1);
  if (s == GOLCL_OK) s = hook_reduce(c, 1, 1);
  return s;
}

/* ---------------------------------------------- GOLCL_CG_SINGLE_REDUCTION
 * Iteration j: S_j (cgs_step), W_j (cgs_mv, or the operator and cgs_dots),
 * then the one sync: the reduce of W_j's three rows and, with the halo, the
 * exchange of w (in one call when the hooks have reduce_exchange). */

/* u: what the operator multiplies on the general path (r, or stored r/diag). */
static cl_mem cgs_u(cg_run *c) { return c->prec == LA_PREC_JACOBI ? c->cg->z : c->cg->r; }

/* The arguments of S and W that stay for a whole iterate() (r and q may have been swapped by
 * a restart before it). */
static golcl_status cgs_fixed_args(cg_run *c) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  cl_int zero = 0;
  cl_mem u = c->la_op == LA_OP_GENERAL && c->prec == LA_PREC_JACOBI ? cg->z : cg->st;
  golcl_status s = golcl__args(
      ctx, c->k.step,
      /* slot, prev, first, check_only, given, g0, g1, g2, a0, c0, a1, cnt, record: per launch */
      GOLCL__ARG(zero), GOLCL__ARG(zero), GOLCL__ARG(zero), GOLCL__ARG(zero), GOLCL__ARG(zero),
      c->real_size, (const void *)&c->rtol2, c->real_size, (const void *)&c->rtol2, c->real_size,
      (const void *)&c->rtol2, c->idx_size, (const void *)&c->n, c->idx_size, (const void *)&c->n,
      c->idx_size, (const void *)&c->n, c->idx_size, (const void *)&c->n, GOLCL__ARG(zero),
      /* n, meta, vals, dmain, z */
      c->idx_size, (const void *)&c->n, GOLCL__ARG(c->meta), GOLCL__ARG(c->vals), c->idx_size,
      (const void *)&c->dmain, GOLCL__ARG(c->zarg),
      /* x, r, p, s, w, u, part, hist, st, flags, rtol2, atol2 */
      GOLCL__ARG(cg->xw), GOLCL__ARG(cg->r), GOLCL__ARG(cg->p[0]), GOLCL__ARG(cg->p[1]),
      GOLCL__ARG(cg->q), GOLCL__ARG(u), GOLCL__ARG(cg->part), GOLCL__ARG(cg->hist),
      GOLCL__ARG(cg->st), GOLCL__ARG(cg->flags), c->real_size, (const void *)&c->rtol2,
      c->real_size, (const void *)&c->atol2, GOLCL__END);
  if (s != GOLCL_OK) return s;
  cl_mem ug = cgs_u(c);
  if (c->la_op == LA_OP_GENERAL)
    return golcl__args(ctx, c->k.mv, /* slot, start: per launch; n, u, r, w, part, flags, lo, hi */
                       GOLCL__ARG(zero), GOLCL__ARG(zero), c->idx_size, (const void *)&c->n,
                       GOLCL__ARG(ug), GOLCL__ARG(cg->r), GOLCL__ARG(cg->q), GOLCL__ARG(cg->part),
                       GOLCL__ARG(cg->flags), c->idx_size, (const void *)&c->lo, c->idx_size,
                       (const void *)&c->hi, GOLCL__END);
  return golcl__args(ctx, c->k.mv, /* slot, start: per launch */
                     GOLCL__ARG(zero), GOLCL__ARG(zero),
                     /* n, meta, vals, dmain, z */
                     c->idx_size, (const void *)&c->n, GOLCL__ARG(c->meta), GOLCL__ARG(c->vals),
                     c->idx_size, (const void *)&c->dmain, GOLCL__ARG(c->zarg),
                     /* r, w, part, flags, lo, hi */
                     GOLCL__ARG(cg->r), GOLCL__ARG(cg->q), GOLCL__ARG(cg->part),
                     GOLCL__ARG(cg->flags), c->idx_size, (const void *)&c->lo, c->idx_size,
                     (const void *)&c->hi, GOLCL__END);
}

/* S_j over rows (CGS_ALL, CGS_OWN: [own_lo, own_lo + own_n), CGS_HALO: the others);
 * check_only: the launch at the iteration cap, which decides and does nothing. */
enum { CGS_ALL, CGS_OWN, CGS_HALO };
static golcl_status cgs_launch_rows(cg_run *c, size_t j, int first, int check_only, int rows) {
  golcl_cg *cg = c->cg;
  cl_int slot = (cl_int)(j % CG_RING), prev = (cl_int)((j + CG_RING - 1) % CG_RING);
  cl_int f = first, co = check_only, given = c->given, record = rows != CGS_HALO;
  golcl__real_arg g[3];
  for (int i = 0; i < 3; i++) golcl__real_set(cg->dtype, c->given ? c->sums[i] : 0, &g[i]);
  size_t lo = cg->own_lo, hi = cg->own_lo + cg->own_n;
  size_t v[4] = {0, cg->n, 0, cg->n}; /* a0, c0, a1, cnt */
  if (rows == CGS_OWN) v[0] = lo, v[1] = hi - lo, v[3] = hi - lo;
  if (rows == CGS_HALO) v[1] = lo, v[2] = hi, v[3] = lo + cg->n - hi;
  golcl__idx_arg a[4];
  for (int i = 0; i < 4; i++) golcl__idx_set(cg->wide, v[i], &a[i]);
  size_t is = c->idx_size, rs = c->real_size;
  golcl_status s = golcl__args(
      cg->ctx, c->k.step, GOLCL__ARG(slot), GOLCL__ARG(prev), GOLCL__ARG(f), GOLCL__ARG(co),
      GOLCL__ARG(given), rs, (const void *)&g[0], rs, (const void *)&g[1], rs, (const void *)&g[2],
      is, (const void *)&a[0], is, (const void *)&a[1], is, (const void *)&a[2], is,
      (const void *)&a[3], GOLCL__ARG(record), GOLCL__END);
  if (s != GOLCL_OK || rows != CGS_HALO) return s == GOLCL_OK ? launch(c, c->k.step) : s;
  /* the halo rows (a few rows of the grid): only the groups they fill, since S with the sums
   * given reads no partials (nothing at all without halo rows) */
  size_t local = cg->g.local, groups = (v[3] + local - 1) / local;
  if (groups > cg->g.groups) groups = cg->g.groups;
  size_t global = groups * local;
  return groups ? golcl__launch(cg->ctx, c->k.step, 1, &global, &local) : GOLCL_OK;
}

/* S_j; after a reduce_exchange that started w's exchange: S on the process's rows (flushed,
 * so that the device works while the host waits for the halo), the exchange hook, which
 * completes it, then S on the halo rows. */
static golcl_status cgs_launch_step(cg_run *c, size_t j, int first, int check_only) {
  golcl_cg *cg = c->cg;
  if (!c->pending) return cgs_launch_rows(c, j, first, check_only, CGS_ALL);
  c->pending = 0;
  golcl_status s = cgs_launch_rows(c, j, first, check_only, CGS_OWN);
  if (s == GOLCL_OK) s = golcl__cl_fail(cg->ctx, clFlush(cg->ctx->queue), "clFlush");
  if (s == GOLCL_OK) s = cg->hooks.exchange(cg->hooks.user, cg->ctx->queue, cg->q);
  if (s == GOLCL_OK) s = cgs_launch_rows(c, j, first, check_only, CGS_HALO);
  return s;
}

/* W_j (start: W_{-1}), then the sync. */
static golcl_status cgs_product(cg_run *c, size_t j, int start) {
  golcl_cg *cg = c->cg;
  cl_int slot = (cl_int)(j % CG_RING), st = start;
  golcl_status s = GOLCL_OK;
  if (c->la_op == LA_OP_GENERAL) s = apply_op(c, cgs_u(c), cg->q);
  if (s == GOLCL_OK)
    s = golcl__args(cg->ctx, c->k.mv, GOLCL__ARG(slot), GOLCL__ARG(st), GOLCL__END);
  if (s == GOLCL_OK) s = launch(c, c->k.mv);
  if (s != GOLCL_OK) return s;
  c->given = c->pending = 0;
  if (c->halo && cg->hooks.reduce_exchange) {
    s = cg->hooks.reduce_exchange(cg->hooks.user, cg->ctx->queue, cg->part, 0, 3, cg->g.groups,
                                  cg->dtype, cg->q, c->sums);
    c->given = c->pending = s == GOLCL_OK;
    if (s == GOLCL_OK && c->no_overlap) {
      c->pending = 0;
      s = cg->hooks.exchange(cg->hooks.user, cg->ctx->queue, cg->q);
    }
    return s;
  }
  s = hook_reduce(c, 0, 3);
  if (s == GOLCL_OK && c->halo) s = cg->hooks.exchange(cg->hooks.user, cg->ctx->queue, cg->q);
  return s;
}

/* Before S_0 (a solve's or a restart's): b·b into st[3] from cg_init's partials, u = M⁻¹·r
 * where it is stored, W_{-1}. */
static golcl_status cgs_start(cg_run *c) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  cl_int m = (cl_int)cg->g.groups;
  golcl_status s = golcl__args(ctx, c->k.final, GOLCL__ARG(cg->part), GOLCL__ARG(m),
                               GOLCL__ARG(cg->st), GOLCL__END);
  size_t local = cg->g.local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, c->k.final, 1, &local, &local);
  if (s == GOLCL_OK && c->k.prec)
    s = golcl__args(ctx, c->k.prec, c->idx_size, (const void *)&c->n, GOLCL__ARG(c->meta),
                    GOLCL__ARG(c->vals), c->idx_size, (const void *)&c->dmain, GOLCL__ARG(c->zarg),
                    GOLCL__ARG(cg->r), GOLCL__ARG(cg->z), GOLCL__END);
  if (s == GOLCL_OK && c->k.prec) s = launch(c, c->k.prec);
  if (s == GOLCL_OK) s = cgs_product(c, 0, 1);
  return s;
}

/* A batch [lo, hi) and whether B_hi ran as the check-only launch. */
typedef struct cg_batch {
  size_t lo, hi;
  int check;
} cg_batch;

/* The first stop in a batch's flags: 1 with *at and *why set, else 0. */
static int scan_batch(const cl_int *fl, const cg_batch *b, size_t *at, int *why) {
  for (size_t j = b->lo; j < b->hi; j++) {
    size_t sl = j % CG_RING;
    int fb = fl[2 * sl], fa = fl[2 * sl + 1];
    if (fb != CG_RUNNING || fa != CG_RUNNING) {
      *at = j;
      *why = fb != CG_RUNNING ? fb : fa;
      /* A kernel that found an earlier stop cannot come first here; if it
       * did, the state is not to be trusted: call it a breakdown. */
      if (*why == CG_STOPPED) *why = CG_BREAKDOWN;
      return 1;
    }
  }
  if (b->check) {
    *at = b->hi;
    *why = fl[2 * (b->hi % CG_RING)];
    if (*why == CG_STOPPED || *why == CG_RUNNING) *why = CG_BREAKDOWN;
    return 1;
  }
  return 0;
}

/* Copies r·r of the batch's iterations out of a hist copy. */
static void take_history(cg_run *c, const unsigned char *h, const cg_batch *b) {
  if (!c->hist_rr) return;
  int f64 = c->cg->dtype == GOLCL_F64;
  for (size_t j = b->lo; j <= b->hi && j < c->hist_cap; j++) {
    size_t sl = j % CG_RING;
    c->hist_rr[j] = f64 ? ((const cl_double *)h)[4 * sl] : (double)((const cl_float *)h)[4 * sl];
  }
}

/* Waits for a pending read of the flags and releases its event. */
static golcl_status wait_read(golcl_context *ctx, cl_event *ev) {
  cl_int err = clWaitForEvents(1, ev);
  clReleaseEvent(*ev);
  *ev = NULL;
  return golcl__cl_fail(ctx, err, "clWaitForEvents");
}

/* Queues the non-blocking reads of the flags (and hist) into copy i. */
static golcl_status read_flags(cg_run *c, int i, cl_event *ev) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  golcl_status s = GOLCL_OK;
  if (c->hist_rr) {
    size_t hb = 4 * CG_RING * golcl_dtype_size(cg->dtype);
    s = golcl__cl_fail(
        ctx,
        clEnqueueReadBuffer(ctx->queue, cg->hist, CL_FALSE, 0, hb, cg->hhist[i], 0, NULL, NULL),
        "clEnqueueReadBuffer");
  }
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, cg->flags, CL_FALSE, 0, sizeof cg->hflags[0],
                                           cg->hflags[i], 0, NULL, ev),
                       "clEnqueueReadBuffer");
  return s;
}

/* Runs iterations from k0 (the residual and its partials are ready) until a
 * kernel stops: *at is the iteration k where it did, *why the flag. */
static golcl_status iterate(cg_run *c, size_t k0, size_t *at, int *why) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  cl_event ev[2] = {NULL, NULL};
  cg_batch batch[2];
  int cur = 0, first = 1, found = 0;
  size_t k = k0;
  golcl_status s = c->single ? cgs_fixed_args(c) : set_fixed_args(c);
  if (s == GOLCL_OK && c->single) s = cgs_start(c);
  while (s == GOLCL_OK && !found) {
    size_t B = (size_t)c->batch;
    size_t hi = c->max_iter - k < B ? c->max_iter : k + B;
    for (size_t j = k; j < hi && s == GOLCL_OK; j++) {
      if (c->single) {
        s = cgs_launch_step(c, j, first, 0);
        if (s == GOLCL_OK) s = cgs_product(c, j, 0);
      } else {
        s = launch_dir(c, j, first, 0);
        if (s == GOLCL_OK) s = launch_rest(c, j);
      }
      first = 0;
    }
    int check = hi == c->max_iter;
    if (s == GOLCL_OK && check)
      s = c->single ? cgs_launch_step(c, hi, first, 1) : launch_dir(c, hi, first, 1);
    if (s == GOLCL_OK) s = read_flags(c, cur, &ev[cur]);
    if (s != GOLCL_OK) break;
    batch[cur] = (cg_batch){k, hi, check};
    int other = 1 - cur;
    if (ev[other]) {
      s = wait_read(ctx, &ev[other]);
      if (s == GOLCL_OK) {
        take_history(c, cg->hhist[other], &batch[other]);
        found = scan_batch(cg->hflags[other], &batch[other], at, why);
      }
    }
    if (s == GOLCL_OK && !found && check) {
      s = wait_read(ctx, &ev[cur]);
      if (s == GOLCL_OK) {
        take_history(c, cg->hhist[cur], &batch[cur]);
        found = scan_batch(cg->hflags[cur], &batch[cur], at, why);
      }
      if (s == GOLCL_OK && !found)
        s = golcl__fail(ctx, GOLCL_E_OPENCL, "cg: no decision at the iteration cap");
    }
    cur = other;
    k = hi;
  }
  /* Let the batch still queued (no-ops past the stop) finish. */
  for (int i = 0; i < 2; i++)
    if (ev[i]) {
      golcl_status w = wait_read(ctx, &ev[i]);
      if (s == GOLCL_OK) s = w;
    }
  return s;
}

/* ||b − A·x||², ||b||² and the error scale² of the current x into *rr, *bb,
 * *ee (host doubles); leaves b − A·x in q with its partials. */
static golcl_status true_residual(cg_run *c, cl_mem b, double *rr, double *bb, double *ee) {
  golcl_cg *cg = c->cg;
  golcl_context *ctx = cg->ctx;
  golcl_status s = residual(c, b, cg->xw, cg->q);
  cl_int m = (cl_int)cg->g.groups;
  if (s == GOLCL_OK)
    s = golcl__args(ctx, c->k.final, GOLCL__ARG(cg->part), GOLCL__ARG(m), GOLCL__ARG(cg->st),
                    GOLCL__END);
  size_t local = cg->g.local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, c->k.final, 1, &local, &local);
  union {
    cl_float f[5];
    cl_double d[5];
  } st;
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, cg->st, CL_TRUE, 0,
                                           5 * golcl_dtype_size(cg->dtype), &st, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  if (s != GOLCL_OK) return s;
  int f64 = cg->dtype == GOLCL_F64;
  *rr = f64 ? st.d[2] : (double)st.f[2];
  *bb = f64 ? st.d[3] : (double)st.f[3];
  *ee = f64 ? st.d[4] : (double)st.f[4];
  return GOLCL_OK;
}

static golcl_status check_args(golcl_cg *cg, const golcl_vec *b, const golcl_vec *x,
                               const golcl_cg_opts *o, const golcl_cg_report *report) {
  static const char fn[] = "golcl_cg_run";
  if (!cg) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: cg is NULL", fn);
  golcl_context *ctx = cg->ctx;
  if (!b || !x || !report)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: b, x or report is NULL", fn);
  golcl_status s = golcl__vec_match(ctx, b, cg->dtype, cg->n, fn, "b");
  if (s == GOLCL_OK) s = golcl__vec_match(ctx, x, cg->dtype, cg->n, fn, "x");
  if (s != GOLCL_OK) return s;
  if (b == x) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: b and x are one vector", fn);
  if (!(o->rtol >= 0) || !(o->atol >= 0))
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: tolerances must be >= 0 (rtol %g, atol %g)",
                       fn, o->rtol, o->atol);
  if (o->history_cap > 0 && !o->history)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: history_cap %zu with a NULL history", fn,
                       o->history_cap);
  if (o->method != GOLCL_CG_STANDARD && o->method != GOLCL_CG_SINGLE_REDUCTION)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad method %d", fn, (int)o->method);
  if (o->method == GOLCL_CG_SINGLE_REDUCTION && o->precond == GOLCL_PRECOND_MG)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: the single-reduction CG takes the NONE or JACOBI preconditioner", fn);
  const golcl_op *A = cg->op;
  switch (o->precond) {
    case GOLCL_PRECOND_NONE:
      return GOLCL_OK;
    case GOLCL_PRECOND_JACOBI:
      if (A->kind == GOLCL__OP_BAND && ((const golcl_bandmat *)A->obj)->dmain < 0)
        return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                           "%s: the Jacobi preconditioner needs a main diagonal (offset 0)", fn);
      if (A->kind == GOLCL__OP_DENSE || A->kind == GOLCL__OP_USER ||
          (A->kind == GOLCL__OP_CSR && !((const golcl_csrmat *)A->obj)->diag))
        return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                           "%s: the Jacobi preconditioner needs a band, stencil or square CSR "
                           "operator",
                           fn);
      return GOLCL_OK;
    case GOLCL_PRECOND_MG:
      if (A->kind != GOLCL__OP_STENCIL || ((const golcl_stencil *)A->obj)->kind == GOLCL_STENCIL_9)
        return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                           "%s: the MG preconditioner needs a 5- or 7-point stencil operator", fn);
      return GOLCL_OK;
  }
  return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "%s: bad precond %d", fn, (int)o->precond);
}

/* The operator's kernel arguments (meta, vals, dmain) and the path. */
static void op_args(cg_run *c, const golcl_cg_opts *o) {
  golcl_cg *cg = c->cg;
  const golcl_op *A = c->op;
  size_t dmain = 0;
  c->meta = cg->st;
  c->vals = cg->st;
  c->la_op = LA_OP_GENERAL;
  if (A->kind == GOLCL__OP_BAND) {
    const golcl_bandmat *B = A->obj;
    c->meta = B->offs;
    c->vals = B->vals;
    dmain = B->dmain < 0 ? 0 : (size_t)B->dmain;
    c->la_op = LA_OP_BAND;
  } else if (A->kind == GOLCL__OP_STENCIL) {
    const golcl_stencil *S = A->obj;
    c->meta = S->meta;
    c->vals = S->vals;
    dmain = S->kind == GOLCL_STENCIL_9 ? 4 : 0;
    c->la_op = LA_OP_STENCIL;
  } else if (A->kind == GOLCL__OP_CSR && ((const golcl_csrmat *)A->obj)->diag) {
    c->vals = ((const golcl_csrmat *)A->obj)->diag;
  }
  c->prec = o->precond == GOLCL_PRECOND_JACOBI ? LA_PREC_JACOBI
            : o->precond == GOLCL_PRECOND_MG   ? LA_PREC_STORED
                                               : LA_PREC_NONE;
  /* A stored z (MG) runs fused on a stencil: B forms p from z. With an exchange hook, a band
   * operator without preconditioner whose rows golcl_cg_set_rows gave stays fused (the halo
   * of r filled before each B, see golcl_cg_set_rows); anything else takes the general path. */
  c->single = o->method == GOLCL_CG_SINGLE_REDUCTION;
  /* $GOLCL_LA_CG_OVERLAP=0 (a measurement switch): the single reduction completes w's exchange
   * right after the reduce, before S on every row (no S on the own rows meanwhile) */
  const char *ov = getenv("GOLCL_LA_CG_OVERLAP");
  c->no_overlap = ov && strcmp(ov, "0") == 0;
  c->halo = cg->hooks.exchange && cg->own_n && c->la_op == LA_OP_BAND && c->prec == LA_PREC_NONE;
  if ((cg->hooks.exchange && !c->halo) || (c->prec == LA_PREC_STORED && c->la_op != LA_OP_STENCIL))
    c->la_op = LA_OP_GENERAL;
  /* the single reduction with the halo keeps the fused band product (cgs_mv reads r, which
   * cgs_step formed on the halo rows, as it is: nothing formed again for each diagonal) */
  /* With the halo, the general kernels: cg_dir forms p on every row, the halo's too (so p is
   * not exchanged), then the band product and cg_pq. On an H100 at 4096² (2026-11-26) they
   * take less device time an iteration than the fused band kernels (456 against 514 µs: the
   * fused B_k forms p again for each of the five diagonals). $GOLCL_LA_CG_HALO_KERNELS=fused
   * (a measurement switch) runs the fused ones: the same rounds and the same bits. */
  const char *hk = getenv("GOLCL_LA_CG_HALO_KERNELS");
  if (c->halo && !c->single && !(hk && strcmp(hk, "fused") == 0)) c->la_op = LA_OP_GENERAL;
  c->batch = c->prec == LA_PREC_STORED ? CG_BATCH_MG : CG_BATCH;
  /* $GOLCL_LA_CG_BATCH (1 .. CG_BATCH) overrides, for measurements */
  const char *eb = getenv("GOLCL_LA_CG_BATCH");
  int b = eb ? atoi(eb) : 0;
  if (b >= 1 && b <= CG_BATCH) c->batch = b;
  c->zarg = c->prec == LA_PREC_STORED ? cg->z : cg->st;
  cg->g.groups = c->la_op == LA_OP_BAND ? cg->groups_band : cg->groups_fused;
  c->idx_size = golcl__idx_set(cg->wide, cg->n, &c->n);
  golcl__idx_set(cg->wide, dmain, &c->dmain);
  golcl__idx_set(cg->wide, c->halo ? cg->own_lo : 0, &c->lo);
  golcl__idx_set(cg->wide, c->halo ? cg->own_lo + cg->own_n : cg->n, &c->hi);
}

/* Largest |element| of b and x into *mb, *mx (NaN or Inf when there is one),
 * combined over ranks by the max hook. */
static golcl_status amax_inputs(golcl_cg *cg, const golcl_vec *b, const golcl_vec *x, double *mb,
                                double *mx) {
  golcl_status s = golcl_vec_reduce(b, GOLCL_REDUCE_AMAX, mb, NULL);
  if (s == GOLCL_OK) s = golcl_vec_reduce(x, GOLCL_REDUCE_AMAX, mx, NULL);
  if (s == GOLCL_OK && cg->hooks.max) s = cg->hooks.max(cg->hooks.user, mb);
  if (s == GOLCL_OK && cg->hooks.max) s = cg->hooks.max(cg->hooks.user, mx);
  return s;
}

/* dst = 2^e·src on raw buffers of the solver's size (exact). */
static golcl_status scale_buf(golcl_cg *cg, cl_mem src, cl_mem dst, int e) {
  golcl_vec vs = {.ctx = cg->ctx, .n = cg->n, .dtype = cg->dtype, .buf = src};
  golcl_vec vd = {.ctx = cg->ctx, .n = cg->n, .dtype = cg->dtype, .buf = dst};
  return golcl_vec_axpby(ldexp(1.0, e), &vs, 0.0, NULL, &vd);
}

golcl_status golcl_cg_run(golcl_cg *cg, const golcl_vec *b, golcl_vec *x, const golcl_cg_opts *opts,
                          golcl_cg_report *report) {
  golcl_cg_opts o = {0};
  if (opts) o = *opts;
  golcl_status s = check_args(cg, b, x, &o, report);
  if (s != GOLCL_OK) return s;
  memset(report, 0, sizeof *report);
  if (o.rtol == 0 && o.atol == 0) o.rtol = 1e-6;
  if (o.max_iter == 0) o.max_iter = cg->n;
  golcl_context *ctx = cg->ctx;
  const int f64 = cg->dtype == GOLCL_F64;
  /* Non-finite inputs stop the solve; b far from 1 is scaled by 2^-e. */
  double mb = 0, mx = 0;
  s = amax_inputs(cg, b, x, &mb, &mx);
  if (s != GOLCL_OK) return s;
  if (!isfinite(mb) || !isfinite(mx)) {
    report->stop = GOLCL_CG_NONFINITE;
    report->rel_residual = NAN;
    return GOLCL_OK;
  }
  int e = 0;
  if (mb > 0) {
    int eb = ilogb(mb);
    if (eb > (f64 ? CG_SCALE_F64 : CG_SCALE_F32) || eb < -(f64 ? CG_SCALE_F64 : CG_SCALE_F32))
      e = eb;
  }
  cg_run c = {.cg = cg, .op = cg->op, .max_iter = o.max_iter};
  op_args(&c, &o);
  s = ws_make(cg);
  int store_u = c.single && c.la_op == LA_OP_GENERAL && c.prec == LA_PREC_JACOBI;
  if (s == GOLCL_OK && (c.prec == LA_PREC_STORED || store_u) && !cg->z)
    s = golcl__buffer(ctx, cg->n * golcl_dtype_size(cg->dtype), CL_MEM_READ_WRITE, &cg->z);
  if (s == GOLCL_OK && c.prec == LA_PREC_STORED && !cg->mg)
    s = golcl_mg_create(cg->op->obj, 0, &cg->mg);
  if (s == GOLCL_OK && e != 0 && !cg->bs)
    s = golcl__buffer(ctx, cg->n * golcl_dtype_size(cg->dtype), CL_MEM_READ_WRITE, &cg->bs);
  if (s != GOLCL_OK) return s;
  c.zarg = c.prec == LA_PREC_STORED ? cg->z : cg->st;
  s = get_kernels(&c);
  if (s != GOLCL_OK) return s;
  double rtol2 = o.rtol * o.rtol, atol = ldexp(o.atol, -e), atol2 = atol * atol;
  c.real_size = golcl__real_set(cg->dtype, rtol2, &c.rtol2);
  golcl__real_set(cg->dtype, atol2, &c.atol2);
  if (o.history && o.history_cap > 0) {
    c.hist_rr = calloc(o.history_cap, sizeof *c.hist_rr);
    if (!c.hist_rr) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    c.hist_cap = o.history_cap;
  }
  size_t bytes = cg->n * golcl_dtype_size(cg->dtype);
  cl_mem bb_buf = b->buf;
  if (e != 0) {
    s = scale_buf(cg, b->buf, cg->bs, -e);
    if (s == GOLCL_OK) s = scale_buf(cg, x->buf, cg->xw, -e);
    bb_buf = cg->bs;
  } else {
    s = golcl__cl_fail(ctx,
                       clEnqueueCopyBuffer(ctx->queue, x->buf, cg->xw, 0, 0, bytes, 0, NULL, NULL),
                       "clEnqueueCopyBuffer");
  }
  if (s == GOLCL_OK) s = residual(&c, bb_buf, cg->xw, cg->r);
  if (s == GOLCL_OK) s = precondition(&c);
  size_t k = 0, at = 0;
  int why = CG_BREAKDOWN, restarts = 0;
  double rr = 0, bb = 0, ee = 0;
  const double eps = f64 ? 2.220446049250313e-16 : 1.1920929e-7;
  while (s == GOLCL_OK) {
    s = iterate(&c, k, &at, &why);
    if (s != GOLCL_OK || why == CG_ZERO_RHS) break;
    s = true_residual(&c, bb_buf, &rr, &bb, &ee);
    if (s != GOLCL_OK) break;
    double tol = fmax(o.rtol * sqrt(bb), atol);
    int ok = sqrt(rr) <= tol;
    /* The recomputed residual carries rounding of about eps·|| |b| + |A|·|x| ||
     * (CG_FLOOR times that): when that alone exceeds the tolerance, no
     * restart can meet it, so do not spend iterations on one. */
    int attainable = CG_FLOOR * eps * sqrt(ee) < tol;
    if (why == CG_CONVERGED && !ok && attainable && restarts < CG_MAX_RESTARTS && at < o.max_iter) {
      /* The iterated residual drifted from the true one: go on from the true
       * one (now in q, with its partials), as a fresh start. */
      cl_mem t = cg->r;
      cg->r = cg->q;
      cg->q = t;
      s = precondition(&c);
      restarts++;
      k = at;
      continue;
    }
    report->iterations = at;
    report->rel_residual = sqrt(rr) / sqrt(bb);
    report->converged = (why == CG_CONVERGED || why == CG_MAXITER) && ok;
    report->stop = ok                    ? GOLCL_CG_CONVERGED
                   : why == CG_CONVERGED ? GOLCL_CG_INACCURATE
                   : why == CG_MAXITER   ? GOLCL_CG_MAX_ITER
                                         : GOLCL_CG_BREAKDOWN;
    if (why == CG_BREAKDOWN) report->converged = 0, report->stop = GOLCL_CG_BREAKDOWN;
    break;
  }
  if (s == GOLCL_OK && c.hist_rr && why != CG_ZERO_RHS) {
    size_t len = at + 1 < c.hist_cap ? at + 1 : c.hist_cap;
    for (size_t j = 0; j < len; j++) o.history[j] = sqrt(c.hist_rr[j]) / sqrt(bb);
    report->history_len = len;
  }
  free(c.hist_rr);
  if (s == GOLCL_OK && why == CG_ZERO_RHS) {
    report->iterations = 0;
    report->rel_residual = 0;
    report->converged = 1;
    report->stop = GOLCL_CG_ZERO_RHS;
    if (o.history && o.history_cap > 0) {
      o.history[0] = 0;
      report->history_len = 1;
    }
    return golcl_vec_fill(x, 0.0);
  }
  if (s == GOLCL_OK) {
    if (e != 0) {
      s = scale_buf(cg, cg->xw, x->buf, e);
    } else {
      s = golcl__cl_fail(
          ctx, clEnqueueCopyBuffer(ctx->queue, cg->xw, x->buf, 0, 0, bytes, 0, NULL, NULL),
          "clEnqueueCopyBuffer");
    }
  }
  if (s == GOLCL_OK) s = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (s != GOLCL_OK) memset(report, 0, sizeof *report);
  return s;
}

golcl_status golcl_cg_solve_op(const golcl_op *A, const golcl_vec *b, golcl_vec *x,
                               const golcl_cg_opts *opts, golcl_cg_report *report) {
  golcl_cg *cg;
  golcl_status s = golcl_cg_create(A, &cg);
  if (s != GOLCL_OK) return s;
  s = golcl_cg_run(cg, b, x, opts, report);
  golcl_cg_destroy(cg);
  return s;
}

golcl_status golcl_cg_solve(const golcl_bandmat *A, const golcl_vec *b, golcl_vec *x,
                            const golcl_cg_opts *opts, golcl_cg_report *report) {
  if (!A) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_cg_solve: A is NULL");
  return golcl_cg_solve_op(&A->op, b, x, opts, report);
}
