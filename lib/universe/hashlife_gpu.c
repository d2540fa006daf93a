/* hashlife_gpu.c — HashLife on the device (hashlife_gpu.h): the host walks
 * the recursion of a jump one batch (frame) per level and step, as
 * cl/universe/hashlife_gpu.cl's opening note describes, reading the size of
 * each listed batch (one blocking read of the counters) to carve its lists
 * from the stack buffer and to skip the batches that memoised results left
 * empty; the kernels do the hash-consing, the listing and the base case. */
#include "../core/core.h"
#include "hashlife_gpu.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_BYTES (1ull << 30)
#define DEFAULT_BASE 6
/* hlg_jump's work-group: work-items that stride over a batch */
#define DEFAULT_WG_GPU 256
#define DEFAULT_WG_CPU 64
/* device bytes a node: kids 16, level 1, memo 8, claim 4, two buckets 16,
 * eight stack entries 32 */
#define NODE_BYTES 77u
#define STACK_PER_NODE 8u
/* the first table's buckets (it grows by 4 when full, up to the bound) */
#define MIN_BUCKETS (1u << 16)

/* Must match cl/universe/hashlife_gpu.cl. */
#define HLG_NONE 0xffu
#define HLG_ANY 0xfeu
enum {
  HLG_NEXT,
  HLG_OOM,
  HLG_CNT,
  HLG_ROOT,
  HLG_ROOT_EXP,
  HLG_LEVEL,
  HLG_RANGE,
  HLG_FRAME,
  HLG_STEPS,
  HLG_LISTED,
  HLG_WIDEST,
  HLG_WIDE_NOW,
  HLG_NCTR
};

/* Levels the root may reach (as the host store). */
#define MAX_LEVEL GOLCL__HL_MAX_LEVEL

enum { K_INSERT, K_SEED, K_DONE, K_NINE, K_FOUR, K_CENTRES, K_FINISH, K_BASE, K_JUMP, K_COUNT };
static const char *const kernel_names[K_COUNT] = {"hlg_insert", "hlg_seed", "hlg_done",
                                                  "hlg_nine",   "hlg_four", "hlg_centres",
                                                  "hlg_finish", "hlg_base", "hlg_jump"};

struct golcl__hlg {
  golcl_context *ctx;
  cl_mem kids, lvl, memo, claim, bk, dctr, stack, empty, table;
  cl_kernel k[K_COUNT];              /* the engine's own: the table's arguments stay set */
  uint32_t cap, nb, stack_cap, base; /* the table now (0 before the first load) */
  uint32_t want_nb, max_nb;          /* the next load's buckets, and the bound's */
  /* batches of at most `narrow` nodes go to hlg_jump (one work-group, no
   * host round trip), wider ones are launched over the device by the host;
   * UINT32_MAX: the whole jump in hlg_jump, 0: every batch by the host */
  uint32_t narrow;
  uint32_t wide;     /* the widest batch of the last jump (after a load: a guess) */
  uint32_t delegate; /* in the host's jumps, batches of level base+delegate and below go to
                        hlg_jump with their subtrees (0: none) */
  uint64_t acc_steps, acc_listed; /* hlg_jump's counters before the last load */
  int split;                      /* hlg_jump: a work-item a square made (else a node) */
  size_t jump_wg;                 /* hlg_jump's work-group */
  uint32_t frame, sp;
  uint32_t ctr[HLG_NCTR]; /* as last read */
  golcl__hlg_stats st;
};

static void release(cl_mem *m) {
  if (*m) clReleaseMemObject(*m);
  *m = NULL;
}

void golcl__hlg_destroy(golcl__hlg *g) {
  if (!g) return;
  for (int i = 0; i < K_COUNT; i++)
    if (g->k[i]) clReleaseKernel(g->k[i]);
  cl_mem *m[] = {&g->kids, &g->lvl,   &g->memo,  &g->claim, &g->bk,
                 &g->dctr, &g->stack, &g->empty, &g->table};
  for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) release(m[i]);
  free(g);
}

static golcl_status build(golcl__hlg *g, const golcl__hl *h) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_HLG_BASE", g->base);
  golcl__opts_define(&o, "GOLCL_HLG_TABLE", !h->totalistic);
  golcl__opts_define(&o, "GOLCL_HLG_B", h->totalistic ? h->birth : 0);
  golcl__opts_define(&o, "GOLCL_HLG_S", h->totalistic ? h->survive : 0);
  golcl__opts_define(&o, "GOLCL_HLG_SPLIT", g->split);
  golcl_status st = golcl__opts_check(g->ctx, &o, "device HashLife");
  golcl__program_entry *prog = NULL;
  if (st == GOLCL_OK) st = golcl__program(g->ctx, "universe/hashlife_gpu.cl", o.buf, &prog);
  for (int i = 0; st == GOLCL_OK && i < K_COUNT; i++) {
    cl_int err;
    g->k[i] = clCreateKernel(prog->program, kernel_names[i], &err);
    st = golcl__cl_fail(g->ctx, err, "clCreateKernel");
  }
  return st;
}

/* The table's arguments (the first eight of every kernel). */
static golcl_status set_table_args(golcl__hlg *g) {
  cl_uint bmask = g->nb - 1, cap = g->cap;
  golcl_status st = GOLCL_OK;
  for (int i = 0; st == GOLCL_OK && i < K_COUNT; i++)
    st = golcl__args(g->ctx, g->k[i], GOLCL__ARG(g->kids), GOLCL__ARG(g->lvl), GOLCL__ARG(g->memo),
                     GOLCL__ARG(g->claim), GOLCL__ARG(g->bk), GOLCL__ARG(g->dctr),
                     GOLCL__ARG(bmask), GOLCL__ARG(cap), GOLCL__END);
  return st;
}

static void table_release(golcl__hlg *g) {
  cl_mem *m[] = {&g->kids, &g->lvl, &g->memo, &g->claim, &g->bk, &g->stack};
  for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) release(m[i]);
  g->nb = g->cap = g->stack_cap = 0;
}

/* A table of nb buckets (nb/2 nodes, 4·nb list entries), contents unset. */
static golcl_status table_alloc(golcl__hlg *g, uint32_t nb) {
  golcl_context *ctx = g->ctx;
  table_release(g);
  size_t n = nb / 2;
  golcl_status st = golcl__buffer(ctx, n * 16, CL_MEM_READ_WRITE, &g->kids);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, n, CL_MEM_READ_WRITE, &g->lvl);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, n * 8, CL_MEM_READ_WRITE, &g->memo);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, n * 4, CL_MEM_READ_WRITE, &g->claim);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, (size_t)nb * 8, CL_MEM_READ_WRITE, &g->bk);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, n * STACK_PER_NODE * 4, CL_MEM_READ_WRITE, &g->stack);
  if (st == GOLCL_OK) {
    g->nb = nb, g->cap = (uint32_t)n, g->stack_cap = (uint32_t)(n * STACK_PER_NODE);
    st = set_table_args(g);
  }
  /* an allocation the driver defers fails here rather than mid-run */
  if (st == GOLCL_OK) st = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
  if (st != GOLCL_OK) {
    table_release(g);
    if (st == GOLCL_E_OPENCL) {
      char msg[512];
      golcl__snprintf(msg, sizeof msg, "%s", golcl_context_errmsg(ctx));
      st = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY,
                       "device HashLife: the device cannot hold a table of %u nodes: %s",
                       (unsigned)n, msg);
    }
    return st;
  }
  g->st.cap = g->cap;
  g->st.device_bytes = (uint64_t)n * (16 + 1 + 8 + 4 + 4 * STACK_PER_NODE) + (uint64_t)nb * 8;
  return GOLCL_OK;
}

golcl_status golcl__hlg_create(golcl_context *ctx, const golcl__hl *h, uint64_t max_bytes, int base,
                               uint32_t narrow, int split, size_t wg, golcl__hlg **out) {
  *out = NULL;
  if (!base) base = DEFAULT_BASE;
  if (base != 5 && base != 6)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "device HashLife: base level %d (5 or 6)", base);
  if (!max_bytes) max_bytes = DEFAULT_MAX_BYTES;
  if (max_bytes > ctx->info.global_mem_bytes / 10 * 9)
    max_bytes = ctx->info.global_mem_bytes / 10 * 9;
  uint64_t cap0 = max_bytes / NODE_BYTES;
  if (cap0 * STACK_PER_NODE * 4 > ctx->info.max_alloc_bytes)
    cap0 = ctx->info.max_alloc_bytes / (STACK_PER_NODE * 4);
  if (cap0 > (1ull << 30)) cap0 = 1ull << 30;
  uint64_t nb = 1;
  while (nb * 2 <= 2 * cap0) nb *= 2;
  if (nb < 2048)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "device HashLife: %llu bytes hold under 1024 nodes",
                       (unsigned long long)max_bytes);
  golcl__hlg *g = calloc(1, sizeof *g);
  if (!g) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  g->ctx = ctx;
  g->base = (uint32_t)base;
  g->narrow = narrow;
  const char *dl = getenv("GOLCL_HLG_DELEGATE"); /* for measuring */
  g->delegate = dl ? (uint32_t)strtoul(dl, NULL, 10) : 0;
  g->split = split < 0 ? ctx->info.type == GOLCL_DEVICE_GPU : split;
  g->jump_wg = wg ? wg : ctx->info.type == GOLCL_DEVICE_GPU ? DEFAULT_WG_GPU : DEFAULT_WG_CPU;
  g->max_nb = (uint32_t)nb;
  g->want_nb = MIN_BUCKETS < g->max_nb ? MIN_BUCKETS : g->max_nb;
  golcl_status st = build(g, h);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, HLG_NCTR * 4, CL_MEM_READ_WRITE, &g->dctr);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, 64 * 4, CL_MEM_READ_WRITE, &g->empty);
  if (st == GOLCL_OK) st = golcl__buffer_copy(ctx, 512, CL_MEM_READ_ONLY, h->table, &g->table);
  size_t most = 0;
  if (st == GOLCL_OK)
    st = golcl__cl_fail(
        ctx,
        clGetKernelWorkGroupInfo(g->k[K_JUMP], ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof most,
                                 &most, NULL),
        "clGetKernelWorkGroupInfo");
  if (st == GOLCL_OK && most && g->jump_wg > most) g->jump_wg = most;
  if (st != GOLCL_OK) {
    golcl__hlg_destroy(g);
    return st;
  }
  *out = g;
  return GOLCL_OK;
}

int golcl__hlg_grow(golcl__hlg *g) {
  if (g->want_nb >= g->max_nb) return 0;
  uint64_t nb = (uint64_t)g->nb * 4;
  g->want_nb = (uint32_t)(nb < g->max_nb ? nb : g->max_nb);
  return 1;
}

/* Sets the arguments of kernel k from index 8 on (after the table's):
 * pairs of (size, pointer) ended by END. */
#define A(x) sizeof(x), (const void *)&(x)
#define END ((size_t)0)
static golcl_status args_from(golcl__hlg *g, int k, ...) {
  va_list ap;
  va_start(ap, k);
  cl_int err = CL_SUCCESS;
  for (cl_uint i = 8; err == CL_SUCCESS; i++) {
    size_t size = va_arg(ap, size_t);
    if (!size) break;
    const void *p = va_arg(ap, const void *);
    err = clSetKernelArg(g->k[k], i, size, p);
  }
  va_end(ap);
  return golcl__cl_fail(g->ctx, err, "clSetKernelArg");
}

static golcl_status launch(golcl__hlg *g, int k, size_t n) {
  g->st.launches++;
  return golcl__launch_cover(g->ctx, g->k[k], 1, &n);
}

static golcl_status read_ctr(golcl__hlg *g) {
  cl_int err =
      clEnqueueReadBuffer(g->ctx->queue, g->dctr, CL_TRUE, 0, sizeof g->ctr, g->ctr, 0, NULL, NULL);
  return golcl__cl_fail(g->ctx, err, "clEnqueueReadBuffer");
}

static golcl_status full(golcl__hlg *g, const char *what) {
  return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY,
                     "device HashLife: the %s is full (%u nodes, %llu device bytes)", what,
                     (unsigned)g->cap, (unsigned long long)g->st.device_bytes);
}

golcl_status golcl__hlg_load(golcl__hlg *g, const golcl__hl *h) {
  golcl_context *ctx = g->ctx;
  size_t n = h->n; /* ids 0 .. n-1, 0 unused */
  if (h->holes) /* ids never made would all be one key in the device's table */
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "device HashLife: the host store has holes (collect it first)");
  uint64_t nb = g->want_nb;
  while (nb < 4 * (uint64_t)n && nb < g->max_nb) nb *= 2; /* room to step */
  if (nb > g->max_nb) nb = g->max_nb;
  if (n > nb / 2) return full(g, "node table");
  golcl_status st0 = nb != g->nb ? table_alloc(g, (uint32_t)nb) : GOLCL_OK;
  if (st0 != GOLCL_OK) return st0;
  g->want_nb = (uint32_t)nb;
  cl_uint4 *kids = malloc(n * sizeof *kids);
  uint8_t *lvl = malloc(n);
  cl_uint2 *memo = malloc(n * sizeof *memo);
  golcl_status st = GOLCL_OK;
  if (!kids || !lvl || !memo) st = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (size_t i = 0; st == GOLCL_OK && i < n; i++) {
    const golcl__hl_node *m = &h->nodes[i];
    for (int q = 0; q < 4; q++) kids[i].s[q] = m->q[q];
    lvl[i] = m->level;
    memo[i].s[0] = m->res;
    memo[i].s[1] = m->res ? m->res_k : HLG_NONE;
  }
  if (st == GOLCL_OK) {
    for (int l = 4; l <= GOLCL__HL_MAX_LEVEL + 1; l++) {
      memo[h->empty[l]].s[0] = h->empty[l - 1];
      memo[h->empty[l]].s[1] = HLG_ANY;
    }
    cl_uint empty[64] = {0};
    for (int l = 3; l <= GOLCL__HL_MAX_LEVEL + 1 && l < 64; l++) empty[l] = h->empty[l];
    g->acc_steps += g->ctr[HLG_STEPS], g->acc_listed += g->ctr[HLG_LISTED];
    cl_uint ctr[HLG_NCTR] = {0};
    ctr[HLG_NEXT] = (cl_uint)n;
    ctr[HLG_FRAME] = 0x80000000u; /* hlg_jump's frame numbers; the host's are below */
    ctr[HLG_ROOT] = h->root;
    cl_uint zero = 0;
    uint64_t zero64 = 0;
    cl_command_queue q = ctx->queue;
    cl_int err = clEnqueueWriteBuffer(q, g->kids, CL_FALSE, 0, n * 16, kids, 0, NULL, NULL);
    if (!err) err = clEnqueueWriteBuffer(q, g->lvl, CL_FALSE, 0, n, lvl, 0, NULL, NULL);
    if (!err) err = clEnqueueWriteBuffer(q, g->memo, CL_FALSE, 0, n * 8, memo, 0, NULL, NULL);
    if (!err) err = clEnqueueWriteBuffer(q, g->dctr, CL_FALSE, 0, sizeof ctr, ctr, 0, NULL, NULL);
    if (!err)
      err = clEnqueueWriteBuffer(q, g->empty, CL_FALSE, 0, sizeof empty, empty, 0, NULL, NULL);
    if (!err) err = clEnqueueFillBuffer(q, g->claim, &zero, 4, 0, n * 4, 0, NULL, NULL);
    if (!err) err = clEnqueueFillBuffer(q, g->bk, &zero64, 8, 0, (size_t)g->nb * 8, 0, NULL, NULL);
    st = golcl__cl_fail(ctx, err, "clEnqueueWriteBuffer");
    cl_uint n0 = 1, n1 = (cl_uint)n;
    if (st == GOLCL_OK) st = args_from(g, K_INSERT, A(n0), A(n1), END);
    if (st == GOLCL_OK && n > 1) st = launch(g, K_INSERT, n - 1);
    if (st == GOLCL_OK) st = golcl__cl_fail(ctx, clFinish(q), "clFinish");
  }
  free(kids), free(lvl), free(memo);
  if (st == GOLCL_OK) st = read_ctr(g);
  if (st == GOLCL_OK && g->ctr[HLG_OOM]) st = full(g, "bucket table");
  g->st.loads++;
  g->wide = (uint32_t)(n / 4); /* the first jump's guess: a quarter of the nodes */
  g->sp = 0;
  g->frame = 0;
  return st;
}

/* Room for n list entries on the stack. */
static golcl_status push(golcl__hlg *g, uint64_t n, cl_uint *off) {
  if ((uint64_t)g->sp + n > g->stack_cap) return full(g, "list stack");
  *off = g->sp;
  g->sp += (uint32_t)n;
  return GOLCL_OK;
}

/* After a kernel that lists: the size of its batch (a blocking read). */
static golcl_status listed(golcl__hlg *g, cl_uint *m) {
  cl_uint before = g->ctr[HLG_CNT];
  golcl_status st = read_ctr(g);
  if (st != GOLCL_OK) return st;
  if (g->ctr[HLG_OOM]) return full(g, "node table");
  *m = g->ctr[HLG_CNT] - before;
  g->st.frames++;
  g->st.listed += *m;
  if (*m > g->st.max_batch) g->st.max_batch = *m;
  if (*m > g->wide) g->wide = *m;
  return GOLCL_OK;
}

/* The results after 2^k generations of the m nodes of level l listed at
 * stack[in]. */
static golcl_status solve(golcl__hlg *g, cl_uint l, cl_uint k, cl_uint in, cl_uint m) {
  if (!m) return GOLCL_OK;
  if (l == g->base) {
    golcl_status st = args_from(g, K_BASE, A(g->stack), A(in), A(m), A(k), A(g->table), END);
    return st == GOLCL_OK ? launch(g, K_BASE, m) : st;
  }
  if (l <= g->base + g->delegate) { /* its subtree in one work-group, no round trip */
    cl_uint kk = k, zero = 0, maxl = MAX_LEVEL, scap = g->stack_cap, sp0 = g->sp;
    golcl_status st = args_from(g, K_JUMP, A(g->stack), A(scap), A(g->empty), A(kk), A(zero),
                                A(maxl), A(g->table), A(l), A(in), A(m), A(sp0), END);
    size_t wg = g->jump_wg;
    if (st == GOLCL_OK) st = golcl__launch(g->ctx, g->k[K_JUMP], 1, &wg, &wg);
    g->st.launches++;
    return st;
  }
  uint32_t top = g->sp;
  cl_uint t9 = 0, u4 = 0, out = 0, m2 = 0, frame, cbase;
  golcl_status st = GOLCL_OK;
  if (k + 2 == l) {
    cl_uint kc = k - 1;
    frame = ++g->frame, cbase = g->ctr[HLG_CNT];
    if ((st = push(g, 9ull * m, &t9)) == GOLCL_OK && (st = push(g, 9ull * m, &out)) == GOLCL_OK &&
        (st = args_from(g, K_NINE, A(g->stack), A(in), A(m), A(t9), A(out), A(l), A(kc), A(frame),
                        A(cbase), END)) == GOLCL_OK &&
        (st = launch(g, K_NINE, m)) == GOLCL_OK && (st = listed(g, &m2)) == GOLCL_OK)
      st = solve(g, l - 1, kc, out, m2);
    g->sp = out;
    frame = ++g->frame, cbase = g->ctr[HLG_CNT];
    if (st == GOLCL_OK && (st = push(g, 4ull * m, &u4)) == GOLCL_OK &&
        (st = push(g, 4ull * m, &out)) == GOLCL_OK &&
        (st = args_from(g, K_FOUR, A(g->stack), A(in), A(m), A(t9), A(u4), A(out), A(l), A(kc),
                        A(frame), A(cbase), END)) == GOLCL_OK &&
        (st = launch(g, K_FOUR, m)) == GOLCL_OK && (st = listed(g, &m2)) == GOLCL_OK)
      st = solve(g, l - 1, kc, out, m2);
  } else {
    frame = ++g->frame, cbase = g->ctr[HLG_CNT];
    if ((st = push(g, 4ull * m, &u4)) == GOLCL_OK && (st = push(g, 4ull * m, &out)) == GOLCL_OK &&
        (st = args_from(g, K_CENTRES, A(g->stack), A(in), A(m), A(u4), A(out), A(l), A(k), A(frame),
                        A(cbase), END)) == GOLCL_OK &&
        (st = launch(g, K_CENTRES, m)) == GOLCL_OK && (st = listed(g, &m2)) == GOLCL_OK)
      st = solve(g, l - 1, k, out, m2);
  }
  if (st == GOLCL_OK) st = args_from(g, K_FINISH, A(g->stack), A(in), A(m), A(u4), A(l), A(k), END);
  if (st == GOLCL_OK) st = launch(g, K_FINISH, m);
  g->sp = top;
  return st;
}

/* The whole jump in one launch of one work-group (hlg_jump). */
static golcl_status step_jump(golcl__hlg *g, int k) {
  cl_uint kk = (cl_uint)k, minl = g->base - 1, maxl = MAX_LEVEL, scap = g->stack_cap;
  cl_uint zero = 0;
  golcl_status st = args_from(g, K_JUMP, A(g->stack), A(scap), A(g->empty), A(kk), A(minl), A(maxl),
                              A(g->table), A(zero), A(zero), A(zero), A(zero), END);
  size_t wg = g->jump_wg;
  if (st == GOLCL_OK) st = golcl__launch(g->ctx, g->k[K_JUMP], 1, &wg, &wg);
  g->st.launches++;
  if (st == GOLCL_OK) st = read_ctr(g);
  if (st != GOLCL_OK) return st;
  if (g->ctr[HLG_RANGE])
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED,
                       "device HashLife: the pattern reaches 2^%d cells from the origin",
                       MAX_LEVEL - 1);
  if (g->ctr[HLG_OOM]) return full(g, g->ctr[HLG_OOM] == 2 ? "list stack" : "node table");
  g->wide = g->ctr[HLG_WIDE_NOW];
  return GOLCL_OK;
}

golcl_status golcl__hlg_step(golcl__hlg *g, int k) {
  if (k < 0 || k > 60)
    return golcl__fail(g->ctx, GOLCL_E_INVALID_ARG, "device HashLife: step 2^%d", k);
  if (g->narrow == UINT32_MAX || g->wide <= g->narrow) {
    g->st.jumps_in_one++;
    return step_jump(g, k);
  }
  g->wide = 0; /* the widest batch of this jump (listed() keeps it) */
  cl_uint kk = (cl_uint)k, frame = ++g->frame, cbase = g->ctr[HLG_CNT], out, m = 0;
  cl_uint minl = g->base - 1, maxl = MAX_LEVEL;
  g->sp = 0;
  golcl_status st = push(g, 1, &out);
  if (st == GOLCL_OK)
    st = args_from(g, K_SEED, A(g->empty), A(kk), A(frame), A(g->stack), A(cbase), A(minl), A(maxl),
                   END);
  if (st == GOLCL_OK) st = launch(g, K_SEED, 1);
  if (st == GOLCL_OK) st = listed(g, &m);
  if (st == GOLCL_OK && g->ctr[HLG_RANGE])
    return golcl__fail(g->ctx, GOLCL_E_UNSUPPORTED,
                       "device HashLife: the pattern reaches 2^%d cells from the origin",
                       MAX_LEVEL - 1);
  if (st == GOLCL_OK) st = solve(g, g->ctr[HLG_LEVEL], kk, out, m);
  if (st == GOLCL_OK) st = launch(g, K_DONE, 1);
  if (st == GOLCL_OK) st = read_ctr(g);
  if (st == GOLCL_OK && g->ctr[HLG_OOM])
    st = full(g, g->ctr[HLG_OOM] == 2 ? "list stack" : "node table");
  g->sp = 0;
  return st;
}

typedef struct copy_ctx {
  golcl__hl *h;
  const cl_uint4 *kids;
  const uint8_t *lvl;
  golcl__hl_id *map;
} copy_ctx;

static golcl__hl_id copy_node(copy_ctx *c, cl_uint id) {
  if (c->map[id]) return c->map[id];
  cl_uint4 q = c->kids[id];
  golcl__hl_id r;
  if (c->lvl[id] == 3) {
    r = golcl__hl_leaf(c->h, (uint64_t)q.s[0] | (uint64_t)q.s[1] << 32);
  } else {
    golcl__hl_id a = copy_node(c, q.s[0]), b = a ? copy_node(c, q.s[1]) : 0,
                 d = b ? copy_node(c, q.s[2]) : 0, e = d ? copy_node(c, q.s[3]) : 0;
    r = e ? golcl__hl_node_of(c->h, c->lvl[id], a, b, d, e) : 0;
  }
  return c->map[id] = r;
}

golcl_status golcl__hlg_store(golcl__hlg *g, const golcl__hl *rule_of, uint64_t max_bytes,
                              golcl__hl *out) {
  golcl_context *ctx = g->ctx;
  golcl_status st = read_ctr(g);
  if (st != GOLCL_OK) return st;
  size_t n = g->ctr[HLG_NEXT] < g->cap ? g->ctr[HLG_NEXT] : g->cap;
  cl_uint4 *kids = malloc(n * sizeof *kids);
  uint8_t *lvl = malloc(n);
  golcl__hl_id *map = calloc(n, sizeof *map);
  if (!kids || !lvl || !map) {
    free(kids), free(lvl), free(map);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  cl_int err = clEnqueueReadBuffer(ctx->queue, g->kids, CL_FALSE, 0, n * 16, kids, 0, NULL, NULL);
  if (!err) err = clEnqueueReadBuffer(ctx->queue, g->lvl, CL_TRUE, 0, n, lvl, 0, NULL, NULL);
  st = golcl__cl_fail(ctx, err, "clEnqueueReadBuffer");
  if (st == GOLCL_OK) st = golcl__hl_init(out, max_bytes);
  if (st == GOLCL_OK) {
    golcl__hl_set_rule(out, rule_of->table);
    copy_ctx c = {out, kids, lvl, map};
    golcl__hl_id r = copy_node(&c, g->ctr[HLG_ROOT]);
    if (!r) {
      golcl__hl_free(out);
      st = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY,
                       "device HashLife: the host store cannot hold the device's pattern");
    } else {
      out->root = r;
    }
  }
  free(kids), free(lvl), free(map);
  return st;
}

void golcl__hlg_get_stats(const golcl__hlg *g, golcl__hlg_stats *out) {
  *out = g->st;
  out->frames += g->acc_steps + g->ctr[HLG_STEPS];
  out->listed += g->acc_listed + g->ctr[HLG_LISTED];
  if (g->ctr[HLG_WIDEST] > out->max_batch) out->max_batch = g->ctr[HLG_WIDEST];
  out->nodes = g->ctr[HLG_NEXT] < g->cap ? g->ctr[HLG_NEXT] : g->cap;
}
