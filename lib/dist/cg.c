/* cg.c — distributed conjugate gradients: the one CG of golcl_la.h (golcl_cg) run on every
 * rank over its extended rows (its own rows plus the matrix's halo, in the local band matrix
 * whose halo rows are zero), with the solver's hooks supplying what makes it distributed:
 *   - exchange: fills the halo of p (and of x before a residual) from the ranks that own it;
 *   - reduce: each row of partial sums is summed in index order on this rank, the ranks' sums
 *     are gathered (MPI_Allgather) and added in rank order, and the sum goes back to the device,
 *     so every rank's kernels take the same decisions and the same rank count gives the same
 *     bits every run;
 *   - max: the global max |b| and |x0| (scaling and the non-finite test).
 * A rank without rows runs the same solve on a 1×1 stand-in (A = 1, b = x = 0) that adds
 * nothing, so that every rank calls the hooks in the same order.
 *
 * Failures: every hook starts with one round of a small protocol (an Allgather of status,
 * phase and values), and a rank whose golcl_cg_run ends keeps joining rounds (phase DONE)
 * until every rank is done. A rank that fails outside a hook (a launch, an allocation) is then
 * seen by the others at their next hook, which returns its status, so no rank waits for a
 * message that never comes, and every rank returns the first failing rank's status. */
#include "dist_la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { PHASE_HOOK = 0, PHASE_DONE = 1 };
enum { COMBINE_SUM = 0, COMBINE_MAX = 1 };
#define ROUND_VALS 4
#define ROUND_WORDS (2 + ROUND_VALS)

typedef struct dist_cg {
  golcl_dist_bandmat *A;
  golcl_dist_context *d;
  double *all;   /* size × ROUND_WORDS: one round's records */
  void *scratch; /* host room for rows of partials: pinned */
  cl_mem scratch_mem;
  size_t scratch_bytes;
  int all_done;   /* the last round: every rank was done */
  int propagated; /* a hook returned another rank's failure */
  int fused;      /* golcl_cg runs its fused kernels with the halo (golcl_cg_set_rows) */
  int reduced;    /* the last hook was a reduce whose round every rank passed */
  cl_mem last_v;  /* the vector of the last exchange (r, on the fused path) */
  cl_mem fetched; /* its send rows, read ahead by the reduce before it */
  cl_mem posted;  /* reduce_exchange posted the messages of this vector's halo */
  int spin;       /* $GOLCL_DIST_CG_SPIN: see read_wait */
} dist_cg;

/* Completes the exchange reduce_exchange posted: the wait for its messages and the writes of
 * its halo (v: that vector), or, v NULL, the messages only. */
static void finish_posted(dist_cg *c, cl_mem v, golcl_status *s) {
  if (!c->posted) return;
  golcl_status ls = GOLCL_OK;
  if (c->A->count) golcl__dist_halo_finish(c->A, v, &ls);
  c->posted = NULL;
  c->d->cg_stats.exchanges++;
  if (*s == GOLCL_OK) *s = ls;
}

/* One round: every rank gives its status, phase and n values; on every rank the first failing
 * rank's status (its message in errmsg), or GOLCL_OK with vals combined over the ranks in rank
 * order (sum, or max with NaN winning). c->all_done tells whether every rank gave PHASE_DONE. */
static golcl_status round_(dist_cg *c, int phase, golcl_status local, double *vals, int n,
                           int combine, const char *fn) {
  golcl_dist_context *d = c->d;
  double mine[ROUND_WORDS] = {(double)local, (double)phase, 0, 0, 0, 0};
  for (int i = 0; i < n; i++) mine[2 + i] = vals[i];
  double t0 = MPI_Wtime();
  MPI_Allgather(mine, ROUND_WORDS, MPI_DOUBLE, c->all, ROUND_WORDS, MPI_DOUBLE, d->comm);
  d->cg_stats.round_s += MPI_Wtime() - t0;
  d->cg_stats.rounds++;
  c->all_done = 1;
  for (int r = 0; r < d->size; r++) c->all_done &= c->all[r * ROUND_WORDS + 1] == PHASE_DONE;
  for (int r = 0; r < d->size; r++)
    if (c->all[r * ROUND_WORDS] != 0.0) { /* rank r failed: its status and message everywhere */
      char buf[DIST_MSG_CAP];
      if (d->rank == r) memcpy(buf, d->local_msg, sizeof buf);
      MPI_Bcast(buf, (int)sizeof buf, MPI_CHAR, r, d->comm);
      buf[sizeof buf - 1] = 0;
      snprintf(d->msg, sizeof d->msg, "rank %d: %s: %.900s", r, fn, buf);
      c->propagated |= phase == PHASE_HOOK && r != d->rank;
      return (golcl_status)(int)c->all[r * ROUND_WORDS];
    }
  if (phase == PHASE_HOOK && !c->all_done)
    for (int r = 0; r < d->size; r++)
      if (c->all[r * ROUND_WORDS + 1] == PHASE_DONE) /* rank r ended its solve, this one not */
        return golcl__dist_fail(d, GOLCL_E_UNSUPPORTED,
                                "%s: rank %d ended the solve while rank %d went on: the ranks' "
                                "devices took different decisions from the same sums (devices "
                                "that round differently?)",
                                fn, r, d->rank);
  for (int i = 0; i < n; i++) {
    double v = combine == COMBINE_SUM ? 0.0 : c->all[2 + i];
    for (int r = combine == COMBINE_SUM ? 0 : 1; r < d->size; r++) {
      double x = c->all[r * ROUND_WORDS + 2 + i];
      if (combine == COMBINE_SUM)
        v += x;
      else if (isnan(x) || x > v)
        v = isnan(v) ? v : x;
    }
    vals[i] = v;
  }
  return GOLCL_OK;
}

/* The blocking read of the partials into the scratch room. $GOLCL_DIST_CG_SPIN=1 (a
 * measurement switch): a non-blocking read, flushed, and the host polling its event instead of
 * the driver's wait (which may sleep). */
static cl_int read_wait(dist_cg *c, cl_command_queue q, cl_mem part, size_t at, size_t bytes) {
  if (!c->spin) return clEnqueueReadBuffer(q, part, CL_TRUE, at, bytes, c->scratch, 0, NULL, NULL);
  cl_event ev;
  cl_int err = clEnqueueReadBuffer(q, part, CL_FALSE, at, bytes, c->scratch, 0, NULL, &ev);
  if (err != CL_SUCCESS) return err;
  err = clFlush(q);
  cl_int st = CL_QUEUED;
  while (err == CL_SUCCESS && st > CL_COMPLETE)
    err = clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
  if (err == CL_SUCCESS && st < 0) err = st;
  if (err != CL_SUCCESS) clWaitForEvents(1, &ev); /* the room is not written any more */
  clReleaseEvent(ev);
  return err;
}

/* The reduce of `rows` rows of partials; pre (or NULL): a vector whose send rows are read
 * ahead, with non-blocking reads queued before the blocking read of the partials, so that one
 * wait brings both (c->fetched = pre then). */
static golcl_status reduce_(dist_cg *c, cl_command_queue q, cl_mem part, size_t offset, size_t rows,
                            size_t groups, golcl_dtype dtype, cl_mem pre, double *out) {
  golcl_dist_context *d = c->d;
  size_t es = golcl_dtype_size(dtype), bytes = rows * groups * es;
  double sums[ROUND_VALS] = {0, 0, 0, 0};
  golcl_status ls = GOLCL_OK;
  finish_posted(c, c->posted, &ls);
  if (rows > ROUND_VALS)
    ls = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "cg reduce hook: %zu rows", rows);
  if (ls == GOLCL_OK && bytes > c->scratch_bytes) {
    /* room for the most rows at once; a write queued from the old room must be done first */
    size_t cap = ROUND_VALS * groups * es;
    cap = cap > bytes ? cap : bytes;
    golcl__dist_pinned_free(d, c->scratch_mem, c->scratch); /* waits for the queue first */
    c->scratch_bytes = 0;
    ls = golcl__dist_pinned(d, cap, &c->scratch_mem, &c->scratch);
    if (ls == GOLCL_OK) c->scratch_bytes = cap;
  }
  cl_int err = CL_SUCCESS;
  double t0 = MPI_Wtime();
  c->fetched = NULL;
  if (ls == GOLCL_OK && pre && c->A->count) {
    golcl__dist_halo_prefetch(c->A, pre, &ls);
    if (ls == GOLCL_OK) c->fetched = pre;
  }
  if (ls == GOLCL_OK) err = read_wait(c, q, part, offset * es, bytes);
  d->cg_stats.device_s += MPI_Wtime() - t0;
  if (ls == GOLCL_OK && err != CL_SUCCESS)
    ls = golcl__dist_fail(d, GOLCL_E_OPENCL, "clEnqueueReadBuffer (partials): %d", (int)err);
  /* each row in index order; the rows side by side (independent chains of additions: the
   * host's sum is on the critical path of every iteration) */
  const float *pf = c->scratch;
  const double *pd = c->scratch;
  for (size_t g = 0; ls == GOLCL_OK && g < groups; g++)
    for (size_t r = 0; r < rows; r++)
      sums[r] += dtype == GOLCL_F64 ? pd[r * groups + g] : (double)pf[r * groups + g];
  golcl_status s = round_(c, PHASE_HOOK, ls, sums, (int)rows, COMBINE_SUM, "golcl_dist_cg_solve");
  if (s != GOLCL_OK) return s;
  c->reduced = 1;
  if (out) { /* the sums go to the solver's next kernel as arguments: nothing to write */
    memcpy(out, sums, rows * sizeof *sums);
    return GOLCL_OK;
  }
  memset(c->scratch, 0, bytes);
  for (size_t r = 0; r < rows; r++) {
    if (dtype == GOLCL_F64)
      ((double *)c->scratch)[r * groups] = sums[r];
    else
      ((float *)c->scratch)[r * groups] = (float)sums[r];
  }
  /* Not waited for: the next read of the partials (blocking, on this in-order queue) comes
   * after it, before the room is written again. */
  t0 = MPI_Wtime();
  err = clEnqueueWriteBuffer(q, part, CL_FALSE, offset * es, bytes, c->scratch, 0, NULL, NULL);
  d->cg_stats.write_s += MPI_Wtime() - t0;
  return err == CL_SUCCESS
             ? GOLCL_OK
             : golcl__dist_fail(d, GOLCL_E_OPENCL, "clEnqueueWriteBuffer (partials): %d", (int)err);
}

static golcl_status hook_reduce(void *user, cl_command_queue q, cl_mem part, size_t offset,
                                size_t rows, size_t groups, golcl_dtype dtype) {
  dist_cg *c = user;
  /* On the fused path the reduce of r·r and r·z is followed at once by the exchange of r: its
   * rows are read ahead, so that one wait brings both. */
  cl_mem pre = c->fused && offset == 0 && rows == 2 ? c->last_v : NULL;
  return reduce_(c, q, part, offset, rows, groups, dtype, pre, NULL);
}

static golcl_status hook_max(void *user, double *value) {
  dist_cg *c = user;
  golcl_status ls = GOLCL_OK;
  finish_posted(c, c->posted, &ls);
  if (ls != GOLCL_OK) return ls;
  c->reduced = 0;
  c->fetched = NULL;
  return round_(c, PHASE_HOOK, GOLCL_OK, value, 1, COMBINE_MAX, "golcl_dist_cg_solve");
}

static golcl_status hook_exchange(void *user, cl_command_queue q, cl_mem v) {
  (void)q; /* the context's queue, which golcl__dist_halo_buf uses */
  dist_cg *c = user;
  golcl_status s = GOLCL_OK;
  if (c->posted) { /* the second half of reduce_exchange's exchange */
    int same = c->posted == v;
    finish_posted(c, c->posted, &s);
    if (same || s != GOLCL_OK) return s;
  }
  /* On the fused path the exchange of r comes at once after a reduce (golcl_cg_set_rows):
   * every rank passed that round and nothing ran between, so its round stands for this one. */
  int joined = c->fused && c->reduced, fetched = joined && c->fetched == v;
  c->reduced = 0;
  c->fetched = NULL;
  c->last_v = v;
  if (!joined) s = round_(c, PHASE_HOOK, GOLCL_OK, NULL, 0, COMBINE_SUM, "golcl_dist_cg_solve");
  if (s != GOLCL_OK) return s; /* some rank is gone: no messages to wait for */
  if (c->A->count) golcl__dist_halo_buf_read(c->A, v, fetched, &s);
  c->d->cg_stats.exchanges++;
  return s;
}

/* The single-reduction CG's one sync an iteration: the partials and v's send rows read
 * together (non-blocking reads, one wait), one round of the protocol with the sums (given back
 * to the solver, which passes them to its next kernel: no write), and the halo messages
 * posted. The solver queues the work that does not read v's halo, then calls exchange(v),
 * which waits for the messages and queues the writes of the halo (finish_posted): the host's
 * halo traffic runs while the device works. Every rank posts once the round passed, so every
 * wait ends (a rank that fails before its exchange(v) completes its messages at the end of the
 * solve). */
static golcl_status hook_reduce_exchange(void *user, cl_command_queue q, cl_mem part, size_t offset,
                                         size_t rows, size_t groups, golcl_dtype dtype, cl_mem v,
                                         double *sums) {
  dist_cg *c = user;
  golcl_status s = reduce_(c, q, part, offset, rows, groups, dtype, v, sums);
  if (s != GOLCL_OK) return s; /* some rank failed: nothing posted */
  int fetched = c->fetched == v;
  c->reduced = 0;
  c->fetched = NULL;
  c->last_v = v;
  if (c->A->count) golcl__dist_halo_post(c->A, v, fetched, &s);
  c->posted = v; /* also on a rank without rows: its exchange(v) then joins no round either */
  return s;
}

static golcl_status check(golcl_dist_bandmat *A, golcl_dist_vec *b, golcl_dist_vec *x,
                          const golcl_cg_opts *o, golcl_cg_report *report) {
  golcl_dist_context *d = A->d;
  if (!report || b == x)
    return golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_cg_solve: NULL report or b == x");
  golcl_status s = golcl__dist_vec_match(b, x, "golcl_dist_cg_solve");
  if (s == GOLCL_OK && (b->n != A->n || b->dtype != A->dtype))
    s = golcl__dist_fail(d, GOLCL_E_MISMATCH, "golcl_dist_cg_solve: vectors and matrix differ");
  if (s == GOLCL_OK && o &&
      (!(o->rtol >= 0) || !(o->atol >= 0) ||
       (o->precond != GOLCL_PRECOND_NONE && o->precond != GOLCL_PRECOND_JACOBI)))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_cg_solve: bad tolerance or precond");
  if (s == GOLCL_OK && o && o->precond == GOLCL_PRECOND_JACOBI && !A->has_main)
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "golcl_dist_cg_solve: JACOBI without a diagonal");
  /* opts->history is per rank and left to golcl_cg_run, whose refusal on one rank the others
   * learn at their first hook (the test of that path) */
  return s;
}

/* This rank's system: the local band matrix, or the 1×1 stand-in of a rank without rows (and
 * a zero one for rows no diagonal reaches), and extended b and x (halo zero). */
typedef struct local_sys {
  golcl_bandmat *own; /* made here: the stand-in */
  const golcl_bandmat *M;
  golcl_vec *b, *x;
  size_t m;
} local_sys;

static golcl_status local_make(golcl_dist_bandmat *A, golcl_dist_vec *b, golcl_dist_vec *x,
                               local_sys *L) {
  golcl_dist_context *d = A->d;
  memset(L, 0, sizeof *L);
  L->M = A->local;
  L->m = A->count ? A->m : 1;
  golcl_status s = GOLCL_OK;
  if (!A->local) { /* no rows, or no diagonal reaches them: an identity (no rows) or zero */
    const ptrdiff_t zero = 0;
    s = golcl__dist_core(d, golcl_bandmat_create(d->ctx, L->m, 1, &zero, A->dtype, &L->own),
                         "golcl_bandmat_create");
    if (s == GOLCL_OK && !A->count) {
      const double one64 = 1.0;
      const float one32 = 1.0f;
      s = golcl__dist_core(
          d,
          golcl_bandmat_set_diag(L->own, 0, A->dtype == GOLCL_F64 ? (const void *)&one64 : &one32),
          "golcl_bandmat_set_diag");
    }
    L->M = L->own;
  }
  if (s == GOLCL_OK)
    s = golcl__dist_core(d, golcl_vec_create(d->ctx, L->m, A->dtype, NULL, &L->b),
                         "golcl_vec_create");
  if (s == GOLCL_OK)
    s = golcl__dist_core(d, golcl_vec_create(d->ctx, L->m, A->dtype, NULL, &L->x),
                         "golcl_vec_create");
  if (s == GOLCL_OK && A->count) {
    s = golcl__dist_copy(d, b->local, 0, L->b, A->hlo, A->count);
    if (s == GOLCL_OK) s = golcl__dist_copy(d, x->local, 0, L->x, A->hlo, A->count);
  }
  return s;
}

static void local_free(local_sys *L) {
  golcl_vec_destroy(L->b);
  golcl_vec_destroy(L->x);
  golcl_bandmat_destroy(L->own);
}

golcl_status golcl_dist_cg_solve(golcl_dist_bandmat *A, golcl_dist_vec *b, golcl_dist_vec *x,
                                 const golcl_cg_opts *opts, golcl_cg_report *report) {
  if (!A || !b || !x) return GOLCL_E_INVALID_ARG;
  golcl_dist_context *d = A->d;
  double t_start = MPI_Wtime();
  golcl_status s = check(A, b, x, opts, report);
  golcl_cg_opts o = {0};
  if (opts) o = *opts;
  /* the cap must be global: golcl_cg_run's default is its own (local) order */
  if (o.max_iter == 0) o.max_iter = A->n;
  /* AUTO: the single reduction where it serves (one round an iteration instead of two: faster
   * on every distributed solve measured, docs/benchmarks.md), else the standard iteration */
  if (o.method == GOLCL_DIST_CG_AUTO)
    o.method = d->size > 1 && (o.precond == GOLCL_PRECOND_NONE || o.precond == GOLCL_PRECOND_JACOBI)
                   ? GOLCL_CG_SINGLE_REDUCTION
                   : GOLCL_CG_STANDARD;
  dist_cg c = {A, d, NULL, NULL, NULL, 0, 0, 0, 0, 0, NULL, NULL, NULL, 0};
  c.spin = getenv("GOLCL_DIST_CG_SPIN") != NULL;
  local_sys L;
  memset(&L, 0, sizeof L);
  golcl_cg *cg = NULL;
  if (s == GOLCL_OK && !(c.all = malloc((size_t)d->size * ROUND_WORDS * sizeof(double))))
    s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (s == GOLCL_OK) s = local_make(A, b, x, &L);
  if (s == GOLCL_OK)
    s = golcl__dist_core(d, golcl_cg_create(golcl_bandmat_op(L.M), &cg), "golcl_cg_create");
  /* one rank: the plain (fused) solve; GOLCL_DIST_CG_HOOKS=1 (a measurement switch) sets the
   * hooks there too, so that one device shows what the rounds and waits of P ranks cost */
  int hooked = d->size > 1 || getenv("GOLCL_DIST_CG_HOOKS");
  if (s == GOLCL_OK && hooked) {
    golcl_cg_hooks h = {hook_reduce, hook_max, hook_exchange, &c, hook_reduce_exchange};
    /* $GOLCL_DIST_CG_SPLIT=1 (a measurement switch): the single reduction's reduce and
     * exchange of w as two calls (the same round, two waits for the device) */
    if (getenv("GOLCL_DIST_CG_SPLIT")) h.reduce_exchange = NULL;
    s = golcl__dist_core(d, golcl_cg_set_hooks(cg, &h), "golcl_cg_set_hooks");
    /* the fused kernels with the halo: every rank alike (a rank without rows names its 1x1
     * stand-in's row), so that all call the hooks in the same order */
    c.fused = o.precond == GOLCL_PRECOND_NONE && !getenv("GOLCL_DIST_CG_GENERAL");
    if (s == GOLCL_OK && c.fused)
      s = golcl__dist_core(d, golcl_cg_set_rows(cg, A->count ? A->hlo : 0, A->count ? A->count : 1),
                           "golcl_cg_set_rows");
  }
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(0, (uint64_t)o.max_iter), (uint64_t)o.precond);
  fp = golcl__dist_fp(fp, (uint64_t)o.method);
  fp = golcl__dist_fp_bytes(fp, &o.rtol, sizeof o.rtol);
  fp = golcl__dist_fp_bytes(fp, &o.atol, sizeof o.atol);
  s = golcl__dist_agree(d, s, fp, "golcl_dist_cg_solve");
  golcl_cg_report rep;
  memset(&rep, 0, sizeof rep);
  if (s == GOLCL_OK) {
    golcl_status ls = golcl__dist_core(d, golcl_cg_run(cg, L.b, L.x, &o, &rep), "golcl_cg_run");
    /* Join rounds until every rank is done (see the top of the file). A rank that only passed
     * on another's failure reports none of its own: the failing rank keeps reporting it. */
    if (hooked) {
      golcl_status rs, mine = c.propagated ? GOLCL_OK : ls;
      do {
        rs = round_(&c, PHASE_DONE, mine, NULL, 0, COMBINE_SUM, "golcl_dist_cg_solve");
      } while (!c.all_done);
      ls = rs;
    }
    if (hooked && ls != GOLCL_OK) {
      s = ls; /* agreed by the rounds, with the failing rank's message */
    } else {
      if (ls == GOLCL_OK && A->count) ls = golcl__dist_copy(d, L.x, A->hlo, x->local, 0, A->count);
      if (ls == GOLCL_OK)
        ls = golcl__dist_core(d, golcl_context_finish(d->ctx), "golcl_context_finish");
      s = golcl__dist_agree(d, ls, 0, "golcl_dist_cg_solve");
    }
  }
  if (s == GOLCL_OK) *report = rep;
  d->cg_stats.solves++;
  d->cg_stats.iterations += rep.iterations;
  d->cg_stats.solve_s += MPI_Wtime() - t_start;
  golcl_status fs = GOLCL_OK;
  finish_posted(&c, NULL, &fs); /* a solve that ended between reduce_exchange and exchange */
  golcl_cg_destroy(cg);         /* waits for the queue: no write from the scratch room is left */
  local_free(&L);
  free(c.all);
  golcl__dist_pinned_free(d, c.scratch_mem, c.scratch);
  return s;
}

golcl_status golcl_dist_cg_stats_get(golcl_dist_context *d, golcl_dist_cg_stats *out, int reset) {
  if (!d || (!out && !reset)) return GOLCL_E_INVALID_ARG;
  if (out) *out = d->cg_stats;
  if (reset) memset(&d->cg_stats, 0, sizeof d->cg_stats);
  return GOLCL_OK;
}
