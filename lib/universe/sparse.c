/* sparse.c — the universe's device engine (sparse.h): 64×64 tiles in an
 * open-addressing hash table on the device, stepped by cl/universe/sparse.cl
 * (whose opening note gives the table, the launch sequence and why skipping
 * and freeing are exact). The host enqueues launches of up to 16 (CPU) or
 * 32 (GPU) generations, three kernels each, and reads the table's counters
 * only every few launches (up to 64; fewer after a launch found the table
 * full). When the table is half full of tiles and tombstones, or a launch
 * found it full, it rehashes into a fresh one of ROOM times the live tiles
 * (blocking), and a launch that found it full is finished then. */
#include "sparse.h"

#include "../core/core.h"

#include <stdlib.h>
#include <string.h>

/* Generations a launch at most, the halo (≤ 32: one word each side).
 * Measured (docs/universe.md, sparse tiles): on a GPU a launch costs about the
 * same for 16 or 32, so 32 halves the launches; on pocl, 32 costs more per
 * tile (and allocates more neighbours) than it saves. */
#define GMAX_GPU 32
#define GMAX_CPU 16
/* The smallest table: on a GPU a table of 4096 slots (4.4 MB) spares small
 * patterns every rehash (each one blocks); on a CPU device, 64. */
#define MIN_SLOTS_GPU 4096u
#define MIN_SLOTS_CPU 64u
/* A rehash makes the table this many times the live tiles (a power of two):
 * tombstones then fill a quarter of it before the next. */
#define ROOM 8u
#define STEP_GROUPS_PER_CU 8
#define MAX_BATCH 64 /* launches between counter reads, at most */
/* Tiles from the origin a put may be (keys are 32 bits a coordinate; the
 * device refuses to grow past 2^31 - 3, see sp_key_at). */
#define COORD_LIMIT 2147483644LL

/* Must match cl/universe/sparse.cl. */
#define SP_EMPTY UINT64_MAX
#define SP_TOMB (UINT64_MAX - 1)
#define SP_PAR 8u
enum { SP_CNT, SP_CLAIMED, SP_LIVE, SP_OVF, SP_RANGE, SP_HALT, SP_NCTR };

/* Device bytes a slot takes: key, both copies of the rows, flags, new
 * flags, 9 neighbour slots, a list entry. */
#define SLOT_BYTES (8u + 2u * 8u * GOLCL__TILE + 4u + 4u + 36u + 4u)

typedef struct table_bufs {
  cl_mem keys, cells, flags, nflags, nb, list;
  uint32_t slots; /* a power of two */
} table_bufs;

struct golcl__sparse {
  golcl_context *ctx;
  golcl_rule_table table[2]; /* of even and odd generations (the same: alt 0) */
  int alt;
  unsigned base; /* parity of the generation of the cells when stat[0] is 0 */
  cl_kernel k_put, k_grow, k_rehash, k_unquiet; /* the context's: arguments set at each use */
  /* the launch's kernels, the engine's own (created from the cached program),
   * so that their arguments stay set from launch to launch */
  cl_kernel k_plan, k_step, k_settle;
  uint64_t epoch;      /* bumped when the table's buffers change */
  uint64_t args_epoch; /* the table the launch kernels' arguments are for; 0: none */
  cl_int args_g, args_par0;
  table_bufs t;
  cl_mem ctr, stat, tbl;
  uint64_t limit; /* bytes; 0: the device's */
  size_t groups;  /* work-groups of sp_step */
  unsigned batch; /* launches between counter reads */
  cl_int gmax;    /* generations a launch at most: the halo */
  uint32_t min_slots;
  int64_t ox, oy; /* origin of the keys */
  int have_origin;
  uint64_t *pkeys, *prows; /* tiles put and not yet on the device */
  size_t npend, cappend;
  uint64_t syncs, rehashes; /* counter reads and rehashes, for measuring */
};

static void release(cl_mem *m) {
  if (*m) clReleaseMemObject(*m);
  *m = NULL;
}

static void table_release(table_bufs *t) {
  release(&t->keys);
  release(&t->cells);
  release(&t->flags);
  release(&t->nflags);
  release(&t->nb);
  release(&t->list);
}

static uint64_t table_bytes(uint32_t slots) { return (uint64_t)slots * SLOT_BYTES; }

/* An empty table of `slots` slots: keys SP_EMPTY, flags zero. */
static golcl_status table_alloc(golcl__sparse *s, uint32_t slots, table_bufs *t) {
  golcl_context *ctx = s->ctx;
  memset(t, 0, sizeof *t);
  uint64_t limit = s->limit ? s->limit : ctx->info.global_mem_bytes;
  if (table_bytes(slots) + (s->t.keys ? table_bytes(s->t.slots) : 0) > limit)
    return golcl__fail(
        ctx, GOLCL_E_OUT_OF_MEMORY,
        "sparse universe: a table of %u tiles needs %llu bytes of device memory "
        "(with the old one while it is copied); the bound is %llu bytes",
        (unsigned)slots,
        (unsigned long long)(table_bytes(slots) + (s->t.keys ? table_bytes(s->t.slots) : 0)),
        (unsigned long long)limit);
  t->slots = slots;
  golcl_status st;
  size_t n = slots;
  if ((st = golcl__buffer(ctx, n * 8, CL_MEM_READ_WRITE, &t->keys)) != GOLCL_OK ||
      (st = golcl__buffer(ctx, n * 2 * 8 * GOLCL__TILE, CL_MEM_READ_WRITE, &t->cells)) !=
          GOLCL_OK ||
      (st = golcl__buffer(ctx, n * 4, CL_MEM_READ_WRITE, &t->flags)) != GOLCL_OK ||
      (st = golcl__buffer(ctx, n * 4, CL_MEM_READ_WRITE, &t->nflags)) != GOLCL_OK ||
      (st = golcl__buffer(ctx, n * 36, CL_MEM_READ_WRITE, &t->nb)) != GOLCL_OK ||
      (st = golcl__buffer(ctx, n * 4, CL_MEM_READ_WRITE, &t->list)) != GOLCL_OK)
    goto fail;
  uint64_t empty = SP_EMPTY;
  uint32_t zero = 0;
  if ((st = golcl__fill(ctx, t->keys, &empty, 8, 0, n * 8)) != GOLCL_OK ||
      (st = golcl__fill(ctx, t->flags, &zero, 4, 0, n * 4)) != GOLCL_OK ||
      (st = golcl__fill(ctx, t->nflags, &zero, 4, 0, n * 4)) != GOLCL_OK)
    goto fail;
  /* an allocation the driver defers fails here rather than mid-run */
  if ((st = golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish")) != GOLCL_OK) goto fail;
  return GOLCL_OK;
fail:
  table_release(t);
  if (st == GOLCL_E_OPENCL || st == GOLCL_E_OUT_OF_MEMORY) {
    char msg[512];
    golcl__snprintf(msg, sizeof msg, "%s", golcl_context_errmsg(ctx));
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY,
                       "sparse universe: the device cannot hold a table of %u tiles (%llu "
                       "bytes): %s",
                       (unsigned)slots, (unsigned long long)table_bytes(slots), msg);
  }
  return st;
}

static golcl_status read_ctr(golcl__sparse *s, uint32_t ctr[SP_NCTR], uint64_t stat[2]) {
  s->syncs++;
  cl_int err =
      clEnqueueReadBuffer(s->ctx->queue, s->ctr, CL_FALSE, 0, SP_NCTR * 4, ctr, 0, NULL, NULL);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(s->ctx->queue, s->stat, CL_TRUE, 0, 2 * 8, stat, 0, NULL, NULL);
  return golcl__cl_fail(s->ctx, err, "clEnqueueReadBuffer");
}

static golcl_status launch1(golcl__sparse *s, cl_kernel k, size_t n) {
  return golcl__launch_cover(s->ctx, k, 1, &n);
}

/* Moves every tile into a new table of `slots` slots (blocking). On
 * failure the old table is kept. */
static golcl_status rehash(golcl__sparse *s, uint32_t slots) {
  table_bufs nt;
  golcl_status st = table_alloc(s, slots, &nt);
  if (st != GOLCL_OK) return st;
  golcl_context *ctx = s->ctx;
  uint32_t zero[SP_NCTR] = {0};
  cl_uint omask = s->t.slots - 1, hmask = slots - 1;
  cl_int err =
      clEnqueueWriteBuffer(ctx->queue, s->ctr, CL_FALSE, 0, sizeof zero, zero, 0, NULL, NULL);
  st = golcl__cl_fail(ctx, err, "clEnqueueWriteBuffer");
  if (st == GOLCL_OK)
    st = golcl__args(ctx, s->k_rehash, GOLCL__ARG(s->t.keys), GOLCL__ARG(s->t.cells),
                     GOLCL__ARG(s->t.flags), GOLCL__ARG(omask), GOLCL__ARG(nt.keys),
                     GOLCL__ARG(nt.cells), GOLCL__ARG(nt.flags), GOLCL__ARG(s->ctr),
                     GOLCL__ARG(hmask), GOLCL__END);
  if (st == GOLCL_OK) st = launch1(s, s->k_rehash, s->t.slots);
  uint32_t ctr[SP_NCTR];
  uint64_t stat[2];
  if (st == GOLCL_OK) st = read_ctr(s, ctr, stat);
  if (st == GOLCL_OK && ctr[SP_OVF])
    st = golcl__fail(ctx, GOLCL_E_OPENCL, "sparse universe: rehash into %u slots overflowed",
                     (unsigned)slots);
  if (st != GOLCL_OK) {
    table_release(&nt);
    return st;
  }
  table_release(&s->t);
  s->t = nt;
  s->epoch++;
  s->rehashes++;
  return GOLCL_OK;
}

static uint32_t pow2_at_least(const golcl__sparse *s, uint64_t n) {
  uint64_t p = s->min_slots;
  while (p < n && p < (1ull << 31)) p <<= 1;
  return (uint32_t)p;
}

/* Makes the table at most half full with room for `more` new tiles. */
static golcl_status make_room(golcl__sparse *s, const uint32_t ctr[SP_NCTR], uint64_t more) {
  uint64_t claimed = ctr[SP_CLAIMED] + more, live = ctr[SP_LIVE] + more;
  if (!ctr[SP_OVF] && 2 * claimed <= s->t.slots) return GOLCL_OK;
  uint64_t want = ROOM * live;
  if (ctr[SP_OVF] && want < 2ull * s->t.slots) want = 2ull * s->t.slots;
  if (want > (1ull << 31))
    return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY,
                       "sparse universe: %llu tiles are beyond the engine's table (2^31 slots)",
                       (unsigned long long)live);
  return rehash(s, pow2_at_least(s, want));
}

/* Enqueues sp_grow: the neighbours that live cells reach exist. */
static golcl_status enqueue_grow(golcl__sparse *s) {
  cl_uint hmask = s->t.slots - 1;
  golcl_status st =
      golcl__args(s->ctx, s->k_grow, GOLCL__ARG(s->t.keys), GOLCL__ARG(s->t.cells),
                  GOLCL__ARG(s->t.flags), GOLCL__ARG(s->ctr), GOLCL__ARG(hmask), GOLCL__END);
  return st == GOLCL_OK ? launch1(s, s->k_grow, s->t.slots) : st;
}

/* Sets the arguments of the launch kernels that follow the table. */
static golcl_status launch_args(golcl__sparse *s) {
  golcl_context *ctx = s->ctx;
  table_bufs *t = &s->t;
  cl_uint hmask = t->slots - 1;
  cl_int g = 1, par0 = 0;
  golcl_status st = golcl__args(ctx, s->k_plan, GOLCL__ARG(t->keys), GOLCL__ARG(t->flags),
                                GOLCL__ARG(t->nflags), GOLCL__ARG(t->nb), GOLCL__ARG(t->list),
                                GOLCL__ARG(s->ctr), GOLCL__ARG(hmask), GOLCL__ARG(g), GOLCL__END);
  if (st == GOLCL_OK)
    st = golcl__args(ctx, s->k_step, GOLCL__ARG(t->cells), GOLCL__ARG(t->flags),
                     GOLCL__ARG(t->nflags), GOLCL__ARG(t->nb), GOLCL__ARG(t->list),
                     GOLCL__ARG(s->ctr), GOLCL__ARG(g), GOLCL__ARG(s->tbl), GOLCL__ARG(par0),
                     GOLCL__END);
  if (st == GOLCL_OK)
    st = golcl__args(ctx, s->k_settle, GOLCL__ARG(t->keys), GOLCL__ARG(t->cells),
                     GOLCL__ARG(t->flags), GOLCL__ARG(t->nflags), GOLCL__ARG(s->ctr),
                     GOLCL__ARG(s->stat), GOLCL__ARG(hmask), GOLCL__ARG(g), GOLCL__END);
  s->args_epoch = st == GOLCL_OK ? s->epoch : 0;
  s->args_g = g;
  s->args_par0 = par0;
  return st;
}

/* One launch of g generations: plan, step, settle. Only the arguments that
 * changed are set again. */
static golcl_status enqueue_launch(golcl__sparse *s, cl_int g, cl_int par0) {
  golcl_context *ctx = s->ctx;
  table_bufs *t = &s->t;
  golcl_status st = GOLCL_OK;
  if (s->args_epoch != s->epoch) st = launch_args(s);
  cl_int err = CL_SUCCESS;
  if (st == GOLCL_OK && g != s->args_g) {
    err = clSetKernelArg(s->k_plan, 7, sizeof g, &g);
    if (err == CL_SUCCESS) err = clSetKernelArg(s->k_step, 6, sizeof g, &g);
    if (err == CL_SUCCESS) err = clSetKernelArg(s->k_settle, 7, sizeof g, &g);
    s->args_g = err == CL_SUCCESS ? g : -1;
  }
  if (st == GOLCL_OK && err == CL_SUCCESS && par0 != s->args_par0) {
    err = clSetKernelArg(s->k_step, 8, sizeof par0, &par0);
    s->args_par0 = err == CL_SUCCESS ? par0 : -1;
  }
  if (st == GOLCL_OK) st = golcl__cl_fail(ctx, err, "clSetKernelArg");
  if (st == GOLCL_OK) st = launch1(s, s->k_plan, t->slots);
  if (st == GOLCL_OK) {
    size_t local = GOLCL__TILE + 2 * (size_t)s->gmax, groups = s->groups;
    if (groups > t->slots) groups = t->slots;
    size_t global = groups * local;
    st = golcl__launch(ctx, s->k_step, 1, &global, &local);
  }
  if (st == GOLCL_OK) st = launch1(s, s->k_settle, t->slots);
  return st;
}

/* Build options: the halo and the rule (its B/S masks for the bit-sliced
 * count, or the tables looked up in constant memory). */
static golcl_status build(golcl__sparse *s) {
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_SP_GMAX", s->gmax);
  golcl__opts_define(&o, "GOLCL_SP_ALT", s->alt);
  golcl_rule rule[2];
  int bs = golcl_rule_table_totalistic(&s->table[0], &rule[0]) == GOLCL_OK &&
           golcl_rule_table_totalistic(&s->table[1], &rule[1]) == GOLCL_OK;
  golcl__opts_define(&o, "GOLCL_SP_TABLE", !bs);
  for (int i = 0; bs && i < 2; i++) {
    char name[16];
    golcl__snprintf(name, sizeof name, "GOLCL_SP_B%d", i);
    golcl__opts_define(&o, name, rule[i].birth);
    golcl__snprintf(name, sizeof name, "GOLCL_SP_S%d", i);
    golcl__opts_define(&o, name, rule[i].survive);
  }
  golcl_status st = golcl__opts_check(s->ctx, &o, "sparse universe");
  const char *f = "universe/sparse.cl";
  struct {
    const char *name;
    cl_kernel *k;
  } ks[] = {{"sp_put", &s->k_put},
            {"sp_grow", &s->k_grow},
            {"sp_rehash", &s->k_rehash},
            {"sp_unquiet", &s->k_unquiet}},
    own[] = {{"sp_plan", &s->k_plan}, {"sp_step", &s->k_step}, {"sp_settle", &s->k_settle}};
  for (size_t i = 0; st == GOLCL_OK && i < sizeof ks / sizeof ks[0]; i++)
    st = golcl__kernel(s->ctx, f, o.buf, ks[i].name, ks[i].k);
  golcl__program_entry *prog = NULL;
  if (st == GOLCL_OK) st = golcl__program(s->ctx, f, o.buf, &prog);
  for (size_t i = 0; st == GOLCL_OK && i < sizeof own / sizeof own[0]; i++) {
    cl_int err;
    cl_kernel k = clCreateKernel(prog->program, own[i].name, &err);
    st = golcl__cl_fail(s->ctx, err, "clCreateKernel");
    if (st != GOLCL_OK) break;
    if (*own[i].k) clReleaseKernel(*own[i].k);
    *own[i].k = k;
  }
  s->args_epoch = 0;
  cl_int err = CL_SUCCESS;
  for (int i = 0; st == GOLCL_OK && err == CL_SUCCESS && i < 2; i++)
    err = clEnqueueWriteBuffer(s->ctx->queue, s->tbl, CL_TRUE, 512 * (size_t)i, 512,
                               s->table[i].next, 0, NULL, NULL);
  if (st == GOLCL_OK) st = golcl__cl_fail(s->ctx, err, "clEnqueueWriteBuffer");
  return st;
}

static golcl_status check_table(golcl_context *ctx, const golcl_rule_table *table) {
  for (int i = 0; i < 512; i++)
    if (table->next[i] > 1)
      return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                         "sparse universe: rule table entry %d is %u (0 or 1)", i,
                         (unsigned)table->next[i]);
  if (table->next[0])
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "sparse universe: the rule has B0 (an empty neighbourhood comes alive); "
                       "give the engine the per-generation tables of golcl_rule_table_at");
  return GOLCL_OK;
}

golcl_status golcl__sparse_create(golcl_context *ctx, const golcl_rule_table *table,
                                  golcl__sparse **out) {
  if (out) *out = NULL;
  if (!ctx || !table || !out)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  golcl_status st = check_table(ctx, table);
  if (st != GOLCL_OK) return st;
  cl_int gmax = ctx->info.type == GOLCL_DEVICE_GPU ? GMAX_GPU : GMAX_CPU;
  while (gmax > 2 && ctx->info.max_work_group_size < (size_t)(GOLCL__TILE + 2 * gmax)) gmax /= 2;
  if (ctx->info.max_work_group_size < (size_t)(GOLCL__TILE + 2 * gmax))
    return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                       "sparse universe: needs work-groups of %d work-items; the device allows "
                       "%zu",
                       GOLCL__TILE + 2 * gmax, ctx->info.max_work_group_size);
  golcl__sparse *s = calloc(1, sizeof *s);
  if (!s) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  s->gmax = gmax;
  s->epoch = 1;
  s->min_slots = ctx->info.type == GOLCL_DEVICE_GPU ? MIN_SLOTS_GPU : MIN_SLOTS_CPU;
  s->ctx = ctx;
  s->table[0] = s->table[1] = *table;
  s->groups = (size_t)(ctx->info.compute_units ? ctx->info.compute_units : 1) * STEP_GROUPS_PER_CU;
  s->batch = 1;
  if ((st = golcl__buffer(ctx, SP_NCTR * 4, CL_MEM_READ_WRITE, &s->ctr)) == GOLCL_OK &&
      (st = golcl__buffer(ctx, 2 * 8, CL_MEM_READ_WRITE, &s->stat)) == GOLCL_OK &&
      (st = golcl__buffer(ctx, 1024, CL_MEM_READ_ONLY, &s->tbl)) == GOLCL_OK &&
      (st = build(s)) == GOLCL_OK && (st = table_alloc(s, s->min_slots, &s->t)) == GOLCL_OK) {
    uint32_t zero = 0;
    st = golcl__fill(ctx, s->ctr, &zero, 4, 0, SP_NCTR * 4);
    if (st == GOLCL_OK) st = golcl__fill(ctx, s->stat, &zero, 4, 0, 16);
  }
  if (st != GOLCL_OK) {
    golcl__sparse_destroy(s);
    return st;
  }
  *out = s;
  return GOLCL_OK;
}

void golcl__sparse_destroy(golcl__sparse *s) {
  if (!s) return;
  table_release(&s->t);
  release(&s->ctr);
  release(&s->stat);
  release(&s->tbl);
  free(s->pkeys);
  free(s->prows);
  if (s->k_plan) clReleaseKernel(s->k_plan);
  if (s->k_step) clReleaseKernel(s->k_step);
  if (s->k_settle) clReleaseKernel(s->k_settle);
  free(s); /* the other kernels belong to the context's cache */
}

/* Forgets that any tile was quiet (the rule changed). */
static golcl_status unquiet(golcl__sparse *s) {
  cl_uint hmask = s->t.slots - 1;
  golcl_status st = golcl__args(s->ctx, s->k_unquiet, GOLCL__ARG(s->t.keys), GOLCL__ARG(s->t.flags),
                                GOLCL__ARG(hmask), GOLCL__END);
  return st == GOLCL_OK ? launch1(s, s->k_unquiet, s->t.slots) : st;
}

static golcl_status settle(golcl__sparse *s, uint64_t *done, int *grew);
static golcl_status flush(golcl__sparse *s);

golcl_status golcl__sparse_set_rules(golcl__sparse *s, const golcl_rule_table *even,
                                     const golcl_rule_table *odd, uint64_t generation) {
  if (!s || !even || !odd)
    return golcl__fail(s ? s->ctx : NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  golcl_status st = check_table(s->ctx, even);
  if (st == GOLCL_OK) st = check_table(s->ctx, odd);
  uint64_t done = 0;
  if (st == GOLCL_OK) st = flush(s);
  if (st == GOLCL_OK) st = settle(s, &done, NULL);
  if (st != GOLCL_OK) return st;
  golcl_rule_table old[2] = {s->table[0], s->table[1]};
  int old_alt = s->alt;
  s->table[0] = *even;
  s->table[1] = *odd;
  s->alt = memcmp(even->next, odd->next, sizeof even->next) != 0;
  if ((st = build(s)) != GOLCL_OK) {
    s->table[0] = old[0];
    s->table[1] = old[1];
    s->alt = old_alt;
    (void)build(s); /* the old kernels are cached: this cannot fail to build */
    return st;
  }
  s->base = (unsigned)((generation - done) & 1u);
  return unquiet(s);
}

golcl_status golcl__sparse_set_rule(golcl__sparse *s, const golcl_rule_table *table) {
  return golcl__sparse_set_rules(s, table, table, 0);
}

golcl_status golcl__sparse_set_gens_per_launch(golcl__sparse *s, unsigned gens) {
  if (!s) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  if (s->have_origin)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "sparse universe: generations a launch change only while the engine is "
                       "empty (after create or clear)");
  if (gens == 0) gens = s->ctx->info.type == GOLCL_DEVICE_GPU ? GMAX_GPU : GMAX_CPU;
  if (gens < 2 || gens > 32 || s->ctx->info.max_work_group_size < GOLCL__TILE + 2 * gens)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG,
                       "sparse universe: %u generations a launch: 2 .. 32, and 64 + 2 × that "
                       "work-items a group (the device allows %zu)",
                       gens, s->ctx->info.max_work_group_size);
  cl_int old = s->gmax;
  s->gmax = (cl_int)gens;
  golcl_status st = build(s);
  if (st != GOLCL_OK) {
    s->gmax = old;
    (void)build(s); /* cached */
  }
  return st;
}

golcl_status golcl__sparse_set_limit(golcl__sparse *s, uint64_t bytes) {
  if (!s) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  s->limit = bytes;
  return GOLCL_OK;
}

golcl_status golcl__sparse_clear(golcl__sparse *s) {
  if (!s) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  uint64_t empty = SP_EMPTY;
  uint32_t zero = 0;
  size_t n = s->t.slots;
  golcl_status st = golcl__fill(s->ctx, s->t.keys, &empty, 8, 0, n * 8);
  if (st == GOLCL_OK) st = golcl__fill(s->ctx, s->t.flags, &zero, 4, 0, n * 4);
  if (st == GOLCL_OK) st = golcl__fill(s->ctx, s->t.nflags, &zero, 4, 0, n * 4);
  if (st == GOLCL_OK) st = golcl__fill(s->ctx, s->ctr, &zero, 4, 0, SP_NCTR * 4);
  if (st != GOLCL_OK) return st;
  s->npend = 0;
  s->have_origin = 0;
  return GOLCL_OK;
}

golcl_status golcl__sparse_put_tile(golcl__sparse *s, int64_t tx, int64_t ty,
                                    const uint64_t rows[GOLCL__TILE]) {
  if (!s || !rows) return golcl__fail(s ? s->ctx : NULL, GOLCL_E_INVALID_ARG, "NULL argument");
  const int64_t far = (int64_t)1 << 62;
  if (tx > far || tx < -far || ty > far || ty < -far ||
      (s->have_origin && (tx > s->ox + COORD_LIMIT || tx < s->ox - COORD_LIMIT ||
                          ty > s->oy + COORD_LIMIT || ty < s->oy - COORD_LIMIT)))
    return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                       "sparse universe: tile (%lld, %lld) is more than %lld tiles from the "
                       "first tile put (%lld, %lld)",
                       (long long)tx, (long long)ty, COORD_LIMIT, (long long)s->ox,
                       (long long)s->oy);
  if (!s->have_origin) {
    s->ox = tx;
    s->oy = ty;
    s->have_origin = 1;
  }
  if (s->npend == s->cappend) {
    size_t cap = s->cappend ? 2 * s->cappend : 64, rb;
    if (golcl__mul_size(cap, 8 * GOLCL__TILE, &rb))
      return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    uint64_t *k = realloc(s->pkeys, cap * 8);
    if (k) s->pkeys = k;
    uint64_t *r = k ? realloc(s->prows, rb) : NULL;
    if (!r) return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    s->prows = r;
    s->cappend = cap;
  }
  uint64_t xb = (uint64_t)(tx - s->ox) + (1ull << 31), yb = (uint64_t)(ty - s->oy) + (1ull << 31);
  s->pkeys[s->npend] = xb << 32 | yb;
  memcpy(s->prows + s->npend * GOLCL__TILE, rows, 8 * GOLCL__TILE);
  s->npend++;
  return GOLCL_OK;
}

typedef struct put_ref {
  uint64_t key;
  size_t i;
} put_ref;

static int put_cmp(const void *a, const void *b) {
  const put_ref *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return x->i < y->i ? -1 : (x->i > y->i);
}

/* Reads the counters and repairs what the launches could not do: a table
 * that filled up is grown and the launch's tiles allocated again; a table
 * half full of tiles or tombstones is rehashed. *done: generations run
 * since the engine was created. */
static golcl_status settle(golcl__sparse *s, uint64_t *done, int *grew) {
  for (;;) {
    uint32_t ctr[SP_NCTR];
    uint64_t stat[2];
    golcl_status st = read_ctr(s, ctr, stat);
    if (st != GOLCL_OK) return st;
    if (ctr[SP_RANGE])
      return golcl__fail(s->ctx, GOLCL_E_UNSUPPORTED,
                         "sparse universe: the pattern grew past %lld tiles from the first "
                         "tile put (the engine's coordinates end there); the engine's cells "
                         "are no longer exact: clear it",
                         COORD_LIMIT + 1);
    if (ctr[SP_OVF] || 2ull * ctr[SP_CLAIMED] > s->t.slots) {
      if (grew && ctr[SP_OVF]) *grew = 1;
      if ((st = make_room(s, ctr, 0)) != GOLCL_OK) return st;
      if (ctr[SP_OVF]) {
        if ((st = enqueue_grow(s)) != GOLCL_OK) return st;
        continue;
      }
    }
    if (done) *done = stat[0];
    return GOLCL_OK;
  }
}

/* Puts the pending tiles on the device (the last put of a tile wins). */
static golcl_status flush(golcl__sparse *s) {
  if (!s->npend) return GOLCL_OK;
  golcl_context *ctx = s->ctx;
  size_t n = s->npend, m = 0;
  put_ref *ref = malloc(n * sizeof *ref);
  uint64_t *keys = malloc(n * 8), *rows = malloc(n * 8 * GOLCL__TILE);
  golcl_status st = GOLCL_OK;
  if (!ref || !keys || !rows) st = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  if (st == GOLCL_OK) {
    for (size_t i = 0; i < n; i++) ref[i] = (put_ref){s->pkeys[i], i};
    qsort(ref, n, sizeof *ref, put_cmp);
    for (size_t i = 0; i < n; i++) {
      if (i + 1 < n && ref[i + 1].key == ref[i].key) continue;
      keys[m] = ref[i].key;
      memcpy(rows + m * GOLCL__TILE, s->prows + ref[i].i * GOLCL__TILE, 8 * GOLCL__TILE);
      m++;
    }
  }
  uint32_t ctr[SP_NCTR];
  uint64_t stat[2];
  cl_mem pk = NULL, pr = NULL;
  if (st == GOLCL_OK) st = settle(s, NULL, NULL);
  if (st == GOLCL_OK) st = read_ctr(s, ctr, stat);
  if (st == GOLCL_OK) st = make_room(s, ctr, m);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, m * 8, CL_MEM_READ_ONLY, &pk);
  if (st == GOLCL_OK) st = golcl__buffer(ctx, m * 8 * GOLCL__TILE, CL_MEM_READ_ONLY, &pr);
  if (st == GOLCL_OK)
    st = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, pk, CL_TRUE, 0, m * 8, keys, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (st == GOLCL_OK)
    st = golcl__cl_fail(
        ctx,
        clEnqueueWriteBuffer(ctx->queue, pr, CL_TRUE, 0, m * 8 * GOLCL__TILE, rows, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  cl_uint hmask = s->t.slots - 1, cm = (cl_uint)m;
  if (st == GOLCL_OK)
    st = golcl__args(ctx, s->k_put, GOLCL__ARG(s->t.keys), GOLCL__ARG(s->t.cells),
                     GOLCL__ARG(s->t.flags), GOLCL__ARG(s->ctr), GOLCL__ARG(hmask), GOLCL__ARG(pk),
                     GOLCL__ARG(pr), GOLCL__ARG(cm), GOLCL__END);
  if (st == GOLCL_OK) st = launch1(s, s->k_put, m);
  if (st == GOLCL_OK) st = enqueue_grow(s);
  if (st == GOLCL_OK) st = settle(s, NULL, NULL);
  if (pk) clReleaseMemObject(pk);
  if (pr) clReleaseMemObject(pr);
  free(ref);
  free(keys);
  free(rows);
  if (st == GOLCL_OK) s->npend = 0;
  return st;
}

/* Generations of the next launch when `left` remain: GMAX, and never a
 * last launch of 1 after a full one (P2 needs two generations). */
static cl_int next_g(uint64_t left, cl_int gmax) {
  if (left > (uint64_t)gmax) return left == (uint64_t)gmax + 1 ? gmax - 1 : gmax;
  return (cl_int)left;
}

golcl_status golcl__sparse_run(golcl__sparse *s, uint64_t gens) {
  if (!s) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  /* the bound holds for the table there is, too (a GPU starts with 4096 slots) */
  if (s->limit && s->t.keys && table_bytes(s->t.slots) > s->limit)
    return golcl__fail(s->ctx, GOLCL_E_OUT_OF_MEMORY,
                       "sparse universe: its table of %u tiles holds %llu bytes of device "
                       "memory; the bound is %llu bytes",
                       (unsigned)s->t.slots, (unsigned long long)table_bytes(s->t.slots),
                       (unsigned long long)s->limit);
  golcl_status st = flush(s);
  uint64_t done, target;
  if (st != GOLCL_OK || gens == 0) return st;
  if ((st = settle(s, &done, NULL)) != GOLCL_OK) return st;
  if (gens > UINT64_MAX - done)
    return golcl__fail(s->ctx, GOLCL_E_INVALID_ARG, "sparse universe: %llu generations is too many",
                       (unsigned long long)gens);
  target = done + gens;
  while (done < target) {
    uint64_t left = target - done;
    for (unsigned b = 0; b < s->batch && left && st == GOLCL_OK; b++) {
      cl_int g = next_g(left, s->gmax);
      cl_int par0 = (cl_int)((s->base + (target - left)) & 1u);
      st = enqueue_launch(s, g, par0);
      left -= (uint64_t)g;
    }
    int grew = 0;
    if (st == GOLCL_OK) st = settle(s, &done, &grew);
    if (st != GOLCL_OK) return st;
    s->batch = grew ? (s->batch > 1 ? s->batch / 2 : 1)
                    : (s->batch < MAX_BATCH ? 2 * s->batch : MAX_BATCH);
  }
  return GOLCL_OK;
}

golcl_status golcl__sparse_get_tiles(golcl__sparse *s, golcl__tile_fn fn, void *user) {
  if (!s || !fn) return golcl__fail(s ? s->ctx : NULL, GOLCL_E_INVALID_ARG, "NULL argument");
  golcl_status st = flush(s);
  if (st != GOLCL_OK) return st;
  golcl_context *ctx = s->ctx;
  size_t n = s->t.slots;
  uint64_t *keys = malloc(n * 8), *cells = malloc(n * 2 * 8 * GOLCL__TILE);
  uint32_t *flags = malloc(n * 4);
  if (!keys || !cells || !flags) st = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  cl_int err = CL_SUCCESS;
  if (st == GOLCL_OK) {
    err = clEnqueueReadBuffer(ctx->queue, s->t.keys, CL_FALSE, 0, n * 8, keys, 0, NULL, NULL);
    if (err == CL_SUCCESS)
      err = clEnqueueReadBuffer(ctx->queue, s->t.flags, CL_FALSE, 0, n * 4, flags, 0, NULL, NULL);
    if (err == CL_SUCCESS)
      err = clEnqueueReadBuffer(ctx->queue, s->t.cells, CL_TRUE, 0, n * 2 * 8 * GOLCL__TILE, cells,
                                0, NULL, NULL);
    st = golcl__cl_fail(ctx, err, "clEnqueueReadBuffer");
  }
  for (size_t i = 0; st == GOLCL_OK && i < n; i++) {
    if (keys[i] >= SP_TOMB) continue;
    const uint64_t *rows = cells + (i * 2 + ((flags[i] & SP_PAR) ? 1 : 0)) * GOLCL__TILE;
    uint64_t any = 0;
    for (int r = 0; r < GOLCL__TILE; r++) any |= rows[r];
    if (!any) continue;
    int64_t tx = (int64_t)(keys[i] >> 32) - ((int64_t)1 << 31) + s->ox;
    int64_t ty = (int64_t)(keys[i] & 0xffffffffu) - ((int64_t)1 << 31) + s->oy;
    st = fn(user, tx, ty, rows);
  }
  free(keys);
  free(cells);
  free(flags);
  return st;
}

golcl_status golcl__sparse_host_stats(const golcl__sparse *s, uint64_t *syncs, uint64_t *rehashes) {
  if (!s) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  if (syncs) *syncs = s->syncs;
  if (rehashes) *rehashes = s->rehashes;
  return GOLCL_OK;
}

golcl_status golcl__sparse_stats(golcl__sparse *s, uint64_t *tiles, uint64_t *device_bytes,
                                 uint64_t *tiles_stepped) {
  if (!s) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "sparse universe: NULL argument");
  golcl_status st = flush(s);
  uint32_t ctr[SP_NCTR];
  uint64_t stat[2];
  if (st == GOLCL_OK) st = read_ctr(s, ctr, stat);
  if (st != GOLCL_OK) return st;
  if (tiles) *tiles = ctr[SP_LIVE];
  if (device_bytes) *device_bytes = table_bytes(s->t.slots) + SP_NCTR * 4 + 16 + 512;
  if (tiles_stepped) *tiles_stepped = stat[1];
  return GOLCL_OK;
}
