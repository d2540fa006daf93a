/* cg.c — the conjugate-gradient solver: the workspace kept in the matrix,
 * the launch sequence of cl/la/cg.cl (two fused kernels an iteration), the
 * look at the device's flags every CG_BATCH iterations, and the report. */
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
 * launch each and do nothing. */
#define CG_BATCH 32
#define CG_RING (2 * (CG_BATCH + 1)) /* slots of hist and flags, by k mod CG_RING */
#define CG_MAX_RESTARTS 2
#define CG_FLOOR 1 /* see the restart test in golcl_cg_solve */

struct golcl__cg_ws {
  golcl__la_geom g;
  int wide;                      /* IDX is long */
  cl_mem xw, r, q, p[2];         /* x (copied back on success), residual, A·p, directions */
  cl_mem part;                   /* 4 rows of g.groups partials: r·r, r·z, b·b, p·Ap */
  cl_mem hist;                   /* 4 REALs a slot: r·r, r·z, p·Ap */
  cl_mem st;                     /* tol², b·b, and the final r·r, b·b, error scale² */
  cl_mem flags;                  /* 2 ints a slot: B's and A's decision */
  cl_mem hbuf;                   /* pinned host memory for the two copies of flags */
  cl_int (*hflags)[2 * CG_RING]; /* hbuf mapped: hflags[0], hflags[1] */
  cl_command_queue queue;        /* to unmap hbuf */
};

void golcl__cg_ws_free(golcl__cg_ws *ws) {
  if (!ws) return;
  if (ws->hflags) {
    clEnqueueUnmapMemObject(ws->queue, ws->hbuf, ws->hflags, 0, NULL, NULL);
    clFinish(ws->queue);
  }
  if (ws->hbuf) clReleaseMemObject(ws->hbuf);
  cl_mem *m[] = {&ws->xw,   &ws->r,    &ws->q,  &ws->p[0], &ws->p[1],
                 &ws->part, &ws->hist, &ws->st, &ws->flags};
  for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
    if (*m[i]) clReleaseMemObject(*m[i]);
  free(ws);
}

/* The workspace of A, made on the first solve (n and dtype never change). */
static golcl_status ws_get(const golcl_bandmat *A, golcl__cg_ws **out) {
  if (A->ws) {
    *out = A->ws;
    return GOLCL_OK;
  }
  golcl_context *ctx = A->ctx;
  golcl__cg_ws *ws = calloc(1, sizeof *ws);
  if (!ws) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  ws->g = golcl__la_geometry(ctx, A->n, GOLCL__LA_FUSED);
  ws->wide = golcl__la_idx_long(A->ndiag * A->n, &ws->g);
  size_t es = golcl_dtype_size(A->dtype), vb = A->n * es;
  golcl_status s = GOLCL_OK;
  cl_mem *vecs[] = {&ws->xw, &ws->r, &ws->q, &ws->p[0], &ws->p[1]};
  for (size_t i = 0; i < 5 && s == GOLCL_OK; i++)
    s = golcl__buffer(ctx, vb, CL_MEM_READ_WRITE, vecs[i]);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, 4 * ws->g.groups * es, CL_MEM_READ_WRITE, &ws->part);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, 4 * CG_RING * es, CL_MEM_READ_WRITE, &ws->hist);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, 8 * es, CL_MEM_READ_WRITE, &ws->st);
  size_t fb = 2 * CG_RING * sizeof(cl_int);
  if (s == GOLCL_OK) s = golcl__buffer(ctx, fb, CL_MEM_READ_WRITE, &ws->flags);
  /* Reads into pinned memory stay asynchronous on GPU drivers that would
   * otherwise stage (and wait for) a copy to pageable memory. */
  if (s == GOLCL_OK)
    s = golcl__buffer(ctx, 2 * fb, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, &ws->hbuf);
  if (s == GOLCL_OK) {
    cl_int err;
    void *p = clEnqueueMapBuffer(ctx->queue, ws->hbuf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                 2 * fb, 0, NULL, NULL, &err);
    s = golcl__cl_fail(ctx, err, "clEnqueueMapBuffer");
    if (s == GOLCL_OK) {
      ws->hflags = p;
      ws->queue = ctx->queue;
    }
  }
  if (s != GOLCL_OK) {
    golcl__cg_ws_free(ws);
    return s;
  }
  ((golcl_bandmat *)A)->ws = ws; /* a cache of the matrix: mutable through const */
  *out = ws;
  return GOLCL_OK;
}

typedef struct cg_kernels {
  cl_kernel init, dir_mv, update, final;
} cg_kernels;

static golcl_status get_kernels(const golcl_bandmat *A, const golcl__cg_ws *ws, int jacobi,
                                cg_kernels *k) {
  char extra[200], opts[320];
  golcl__snprintf(extra, sizeof extra,
                  "-DNDIAG=%zu -DLA_JACOBI=%d -DCG_RUNNING=%d -DCG_CONVERGED=%d "
                  "-DCG_BREAKDOWN=%d -DCG_MAXITER=%d -DCG_STOPPED=%d -DCG_ZERO_RHS=%d",
                  A->ndiag, jacobi, CG_RUNNING, CG_CONVERGED, CG_BREAKDOWN, CG_MAXITER, CG_STOPPED,
                  CG_ZERO_RHS);
  golcl__la_options(A->dtype, ws->wide, &ws->g, extra, opts, sizeof opts);
  golcl_status s = golcl__kernel(A->ctx, "la/cg.cl", opts, "cg_init", &k->init);
  if (s == GOLCL_OK) s = golcl__kernel(A->ctx, "la/cg.cl", opts, "cg_dir_mv", &k->dir_mv);
  if (s == GOLCL_OK) s = golcl__kernel(A->ctx, "la/cg.cl", opts, "cg_update", &k->update);
  if (s == GOLCL_OK) s = golcl__kernel(A->ctx, "la/cg.cl", opts, "cg_final", &k->final);
  return s;
}

/* Scalars in the kernels' REAL and IDX types. */
typedef struct cg_scalars {
  union {
    cl_int i;
    cl_long l;
  } n, dmain;
  size_t idx_size;
  union {
    cl_float f;
    cl_double d;
  } rtol2, atol2;
  size_t real_size;
} cg_scalars;

static golcl_status setarg(golcl_context *ctx, cl_kernel k, cl_uint i, size_t size, const void *p) {
  cl_int err = clSetKernelArg(k, i, size, p);
  if (err == CL_SUCCESS) return GOLCL_OK;
  return golcl__fail(ctx, GOLCL_E_OPENCL, "cg: clSetKernelArg(%u) failed: %s (%d)", (unsigned)i,
                     golcl__cl_errname(err), (int)err);
}

/* The solve in progress. */
typedef struct cg_run {
  const golcl_bandmat *A;
  golcl__cg_ws *ws;
  cg_kernels k;
  cg_scalars sc;
  size_t max_iter;
} cg_run;

/* Sets the arguments of B and A that stay the same for a round. */
static golcl_status set_fixed_args(cg_run *c) {
  golcl_context *ctx = c->A->ctx;
  golcl__cg_ws *ws = c->ws;
  const cg_scalars *sc = &c->sc;
  golcl_status s = golcl__args(
      ctx, c->k.dir_mv, sc->idx_size, (const void *)&sc->n, GOLCL__ARG(c->A->offs),
      GOLCL__ARG(c->A->vals), sc->idx_size, (const void *)&sc->dmain, GOLCL__ARG(ws->r),
      GOLCL__ARG(ws->p[1]), GOLCL__ARG(ws->p[0]), GOLCL__ARG(ws->q), GOLCL__ARG(ws->part),
      GOLCL__ARG(ws->hist), GOLCL__ARG(ws->st), GOLCL__ARG(ws->flags), GOLCL__END);
  if (s == GOLCL_OK) s = setarg(ctx, c->k.dir_mv, 16, sc->real_size, &sc->rtol2);
  if (s == GOLCL_OK) s = setarg(ctx, c->k.dir_mv, 17, sc->real_size, &sc->atol2);
  if (s == GOLCL_OK)
    s = golcl__args(ctx, c->k.update, sc->idx_size, (const void *)&sc->n, GOLCL__ARG(c->A->vals),
                    sc->idx_size, (const void *)&sc->dmain, GOLCL__ARG(ws->xw), GOLCL__ARG(ws->r),
                    GOLCL__ARG(ws->p[0]), GOLCL__ARG(ws->q), GOLCL__ARG(ws->part),
                    GOLCL__ARG(ws->hist), GOLCL__ARG(ws->flags), GOLCL__END);
  return s;
}

/* Launches a grid-stride CG kernel over the workspace's geometry. */
static golcl_status launch(cg_run *c, cl_kernel k) {
  size_t global = c->ws->g.groups * c->ws->g.local, local = c->ws->g.local;
  return golcl__launch(c->A->ctx, k, 1, &global, &local);
}

/* B_j: p_new = p[j&1], p_old = p[(j+1)&1]. */
static golcl_status launch_dir_mv(cg_run *c, size_t j, int first, int check_only) {
  golcl_context *ctx = c->A->ctx;
  cl_kernel k = c->k.dir_mv;
  cl_int slot = (cl_int)(j % CG_RING), prev = (cl_int)((j + CG_RING - 1) % CG_RING);
  cl_int f = first, co = check_only;
  golcl_status s = setarg(ctx, k, 5, sizeof(cl_mem), &c->ws->p[(j + 1) & 1]);
  if (s == GOLCL_OK) s = setarg(ctx, k, 6, sizeof(cl_mem), &c->ws->p[j & 1]);
  if (s == GOLCL_OK) s = setarg(ctx, k, 12, sizeof slot, &slot);
  if (s == GOLCL_OK) s = setarg(ctx, k, 13, sizeof prev, &prev);
  if (s == GOLCL_OK) s = setarg(ctx, k, 14, sizeof f, &f);
  if (s == GOLCL_OK) s = setarg(ctx, k, 15, sizeof co, &co);
  return s == GOLCL_OK ? launch(c, k) : s;
}

static golcl_status launch_update(cg_run *c, size_t j) {
  golcl_context *ctx = c->A->ctx;
  cl_kernel k = c->k.update;
  cl_int slot = (cl_int)(j % CG_RING);
  golcl_status s = setarg(ctx, k, 5, sizeof(cl_mem), &c->ws->p[j & 1]);
  if (s == GOLCL_OK) s = setarg(ctx, k, 10, sizeof slot, &slot);
  return s == GOLCL_OK ? launch(c, k) : s;
}

/* out = b − A·x with partials of r·r, r·z, b·b (cg_init). */
static golcl_status launch_init(cg_run *c, cl_mem b, cl_mem x, cl_mem out) {
  const cg_scalars *sc = &c->sc;
  golcl_status s =
      golcl__args(c->A->ctx, c->k.init, sc->idx_size, (const void *)&sc->n, GOLCL__ARG(c->A->offs),
                  GOLCL__ARG(c->A->vals), sc->idx_size, (const void *)&sc->dmain, GOLCL__ARG(b),
                  GOLCL__ARG(x), GOLCL__ARG(out), GOLCL__ARG(c->ws->part), GOLCL__END);
  return s == GOLCL_OK ? launch(c, c->k.init) : s;
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

/* Waits for a pending read of the flags and releases its event. */
static golcl_status wait_read(golcl_context *ctx, cl_event *ev) {
  cl_int err = clWaitForEvents(1, ev);
  clReleaseEvent(*ev);
  *ev = NULL;
  return golcl__cl_fail(ctx, err, "clWaitForEvents");
}

/* Runs iterations from k0 (the residual and its partials are ready) until a
 * kernel stops: *at is the iteration k where it did, *why the flag. */
static golcl_status iterate(cg_run *c, size_t k0, size_t *at, int *why) {
  golcl_context *ctx = c->A->ctx;
  golcl__cg_ws *ws = c->ws;
  cl_event ev[2] = {NULL, NULL};
  cg_batch batch[2];
  int cur = 0, first = 1, found = 0;
  size_t k = k0;
  golcl_status s = set_fixed_args(c);
  while (s == GOLCL_OK && !found) {
    size_t hi = c->max_iter - k < CG_BATCH ? c->max_iter : k + CG_BATCH;
    for (size_t j = k; j < hi && s == GOLCL_OK; j++) {
      s = launch_dir_mv(c, j, first, 0);
      if (s == GOLCL_OK) s = launch_update(c, j);
      first = 0;
    }
    int check = hi == c->max_iter;
    if (s == GOLCL_OK && check) s = launch_dir_mv(c, hi, first, 1);
    if (s == GOLCL_OK)
      s = golcl__cl_fail(
          ctx,
          clEnqueueReadBuffer(ctx->queue, ws->flags, CL_FALSE, 0, sizeof ws->hflags[0],
                              ws->hflags[cur], 0, NULL, &ev[cur]),
          "clEnqueueReadBuffer");
    if (s != GOLCL_OK) break;
    batch[cur] = (cg_batch){k, hi, check};
    int other = 1 - cur;
    if (ev[other]) {
      s = wait_read(ctx, &ev[other]);
      if (s == GOLCL_OK) found = scan_batch(ws->hflags[other], &batch[other], at, why);
    }
    if (s == GOLCL_OK && !found && check) {
      s = wait_read(ctx, &ev[cur]);
      if (s == GOLCL_OK) found = scan_batch(ws->hflags[cur], &batch[cur], at, why);
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

/* ||b − A·x||², ||b||² and the error scale || |b| + |A|·|x| ||² of the
 * current x into *rr, *bb, *ee (host doubles); leaves b − A·x in ws->q with
 * its partials. */
static golcl_status true_residual(cg_run *c, cl_mem b, double *rr, double *bb, double *ee) {
  golcl_context *ctx = c->A->ctx;
  golcl__cg_ws *ws = c->ws;
  golcl_status s = launch_init(c, b, ws->xw, ws->q);
  cl_int m = (cl_int)ws->g.groups;
  if (s == GOLCL_OK)
    s = golcl__args(ctx, c->k.final, GOLCL__ARG(ws->part), GOLCL__ARG(m), GOLCL__ARG(ws->st),
                    GOLCL__END);
  size_t local = ws->g.local;
  if (s == GOLCL_OK) s = golcl__launch(ctx, c->k.final, 1, &local, &local);
  union {
    cl_float f[5];
    cl_double d[5];
  } st;
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueReadBuffer(ctx->queue, ws->st, CL_TRUE, 0,
                                           5 * golcl_dtype_size(c->A->dtype), &st, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
  if (s != GOLCL_OK) return s;
  int f64 = c->A->dtype == GOLCL_F64;
  *rr = f64 ? st.d[2] : (double)st.f[2];
  *bb = f64 ? st.d[3] : (double)st.f[3];
  *ee = f64 ? st.d[4] : (double)st.f[4];
  return GOLCL_OK;
}

static golcl_status check_args(const golcl_bandmat *A, const golcl_vec *b, const golcl_vec *x,
                               const golcl_cg_opts *o, const golcl_cg_report *report) {
  static const char fn[] = "golcl_cg_solve";
  if (!A) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "%s: A is NULL", fn);
  if (!b || !x || !report)
    return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG, "%s: b, x or report is NULL", fn);
  golcl_status s = golcl__vec_match(A->ctx, b, A->dtype, A->n, fn, "b");
  if (s == GOLCL_OK) s = golcl__vec_match(A->ctx, x, A->dtype, A->n, fn, "x");
  if (s != GOLCL_OK) return s;
  if (b == x) return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG, "%s: b and x are one vector", fn);
  if (!(o->rtol >= 0) || !(o->atol >= 0))
    return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG,
                       "%s: tolerances must be >= 0 (rtol %g, atol %g)", fn, o->rtol, o->atol);
  if (o->precond != GOLCL_PRECOND_NONE && o->precond != GOLCL_PRECOND_JACOBI)
    return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG, "%s: bad precond %d", fn, (int)o->precond);
  if (o->precond == GOLCL_PRECOND_JACOBI && A->dmain < 0)
    return golcl__fail(A->ctx, GOLCL_E_INVALID_ARG,
                       "%s: the Jacobi preconditioner needs a main diagonal (offset 0)", fn);
  return GOLCL_OK;
}

golcl_status golcl_cg_solve(const golcl_bandmat *A, const golcl_vec *b, golcl_vec *x,
                            const golcl_cg_opts *opts, golcl_cg_report *report) {
  golcl_cg_opts o = {0};
  if (opts) o = *opts;
  golcl_status s = check_args(A, b, x, &o, report);
  if (s != GOLCL_OK) return s;
  memset(report, 0, sizeof *report);
  if (o.rtol == 0 && o.atol == 0) o.rtol = 1e-6;
  if (o.max_iter == 0) o.max_iter = A->n;
  golcl_context *ctx = A->ctx;
  cg_run c = {.A = A, .max_iter = o.max_iter};
  s = ws_get(A, &c.ws);
  if (s == GOLCL_OK) s = get_kernels(A, c.ws, o.precond == GOLCL_PRECOND_JACOBI, &c.k);
  if (s != GOLCL_OK) return s;
  int wide = c.ws->wide, f64 = A->dtype == GOLCL_F64;
  cl_long dm = A->dmain < 0 ? 0 : A->dmain;
  if (wide) {
    c.sc.n.l = (cl_long)A->n;
    c.sc.dmain.l = dm;
    c.sc.idx_size = sizeof(cl_long);
  } else {
    c.sc.n.i = (cl_int)A->n;
    c.sc.dmain.i = (cl_int)dm;
    c.sc.idx_size = sizeof(cl_int);
  }
  double rtol2 = o.rtol * o.rtol, atol2 = o.atol * o.atol;
  if (f64) {
    c.sc.rtol2.d = rtol2;
    c.sc.atol2.d = atol2;
    c.sc.real_size = sizeof(cl_double);
  } else {
    c.sc.rtol2.f = (cl_float)rtol2;
    c.sc.atol2.f = (cl_float)atol2;
    c.sc.real_size = sizeof(cl_float);
  }
  golcl__cg_ws *ws = c.ws;
  size_t bytes = A->n * golcl_dtype_size(A->dtype);
  s = golcl__cl_fail(ctx,
                     clEnqueueCopyBuffer(ctx->queue, x->buf, ws->xw, 0, 0, bytes, 0, NULL, NULL),
                     "clEnqueueCopyBuffer");
  if (s == GOLCL_OK) s = launch_init(&c, b->buf, ws->xw, ws->r);
  size_t k = 0, at = 0;
  int why = CG_BREAKDOWN, restarts = 0;
  double rr = 0, bb = 0, ee = 0;
  const double eps = f64 ? 2.220446049250313e-16 : 1.1920929e-7;
  while (s == GOLCL_OK) {
    s = iterate(&c, k, &at, &why);
    if (s != GOLCL_OK || why == CG_ZERO_RHS) break;
    s = true_residual(&c, b->buf, &rr, &bb, &ee);
    if (s != GOLCL_OK) break;
    double tol = fmax(o.rtol * sqrt(bb), o.atol);
    int ok = sqrt(rr) <= tol;
    /* The recomputed residual carries rounding of about eps·|| |b| + |A|·|x| ||
     * (CG_FLOOR times that): when that alone exceeds the tolerance, no
     * restart can meet it, so do not spend iterations on one. */
    int attainable = CG_FLOOR * eps * sqrt(ee) < tol;
    if (why == CG_CONVERGED && !ok && attainable && restarts < CG_MAX_RESTARTS && at < o.max_iter) {
      /* The iterated residual drifted from the true one: go on from the true
       * one (now in q, with its partials), as a fresh start. */
      cl_mem t = ws->r;
      ws->r = ws->q;
      ws->q = t;
      restarts++;
      k = at;
      continue;
    }
    report->iterations = at;
    report->rel_residual = sqrt(rr) / sqrt(bb);
    report->converged = (why == CG_CONVERGED || why == CG_MAXITER) && ok;
    break;
  }
  if (s == GOLCL_OK && why == CG_ZERO_RHS) {
    report->iterations = 0;
    report->rel_residual = 0;
    report->converged = 1;
    s = golcl_vec_fill(x, 0.0);
    return s;
  }
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx,
                       clEnqueueCopyBuffer(ctx->queue, ws->xw, x->buf, 0, 0, bytes, 0, NULL, NULL),
                       "clEnqueueCopyBuffer");
  if (s != GOLCL_OK) memset(report, 0, sizeof *report);
  return s;
}
