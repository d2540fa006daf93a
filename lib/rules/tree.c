/* tree.c — launches cl/rules/tree.cl for a RuleLoader rule. Where the
 * width is a multiple of 4 and the rule is of Moore neighbourhood, the
 * tree by rows of the block (ruletree_rows.c) in one of three layouts —
 * the row tree, the classes of rows, their product table — the one whose
 * lookups take fewest passes of local memory's banks on a random soup
 * ($GOLCL_TREE_KERNEL = packed, rows, classes or full forces one); a
 * work-group a tile, each copying the layout's small tables to local
 * memory; $GOLCL_TREE_GENS > 1 runs several generations a launch. Else the
 * tree packed in groups of G levels (a node then has states^G entries, so
 * that a cell takes depth/G lookups; G the largest whose nodes have at most
 * 128 entries and whose tree fits the local-memory budget;
 * $GOLCL_TREE_GROUP forces one, 1..9), ushort entries when they fit, a few
 * work-groups a compute unit each copying the tree to local memory once
 * and then taking tiles in turn; a work-item takes 4 adjacent columns where
 * the width is a multiple of 4 ($GOLCL_TREE_VEC=1: one). $GOLCL_TREE_RUN,
 * _LW and _LH change the rows a work-item walks and the work-group's
 * shape, for tuning. The tree is written when the rule changes; the kernel
 * is built for its layout and the grid's boundary, with the clamp of
 * foreign states for a step's first generation only. On CPU devices
 * (GOLCL_TREE_KERNEL=any anywhere) the row tree of a Moore rule or the
 * packed tree go to kernels that take the rule in their arguments (root or
 * leaves' offset, states, clamp) and read the tree from global memory,
 * built only for the shape of the walk: a new rule costs pocl no build.
 * (A rule that computes
 * WireWorld is marked in its tree, `wireworld`, for the bit-plane kernels
 * of genbits.c.) */
#include "rules.h"
#include "ruletree.h"

#include <stdlib.h>
#include <string.h>

#define TREE_RUN 16      /* cells a work-item walks down a column, packed */
#define TREE_RUN_ROWS 32 /* the same, by rows */
#define TREE_UNROLL 3    /* the walk's loop unrolled, by rows ($GOLCL_TREE_UNROLL) */
#define TREE_LW 64       /* work-group: columns */
#define TREE_LH 4        /* work-group: runs down */
#define TREE_GROUPS_PER_CU \
  8 /* work-groups a compute unit, packed ($GOLCL_TREE_GPC1; 0: a tile each) */
#define TREE_LOCAL_BUDGET 32768    /* bytes of local memory for the tree */
#define TREE_MAX_PACKED (1u << 24) /* entries of a packed tree at most */
#define TREE_NODE_MAX 128          /* entries of a packed node, at most, unless forced */

typedef struct packer {
  const golcl_ruletree *t;
  uint32_t g;
  int32_t *memo; /* per original offset: packed offset + 1 */
  int32_t *a;
  size_t n, cap;
  int full;
} packer;

/* The packed node of the original node at offset `off`, level `level`. */
static int32_t pack(packer *p, uint32_t level, int32_t off) {
  const golcl_ruletree *t = p->t;
  if (p->memo[off]) return p->memo[off] - 1;
  uint32_t k = t->depth - level < p->g ? t->depth - level : p->g;
  size_t m = 1;
  for (uint32_t j = 0; j < k; j++)
    if ((m *= t->states) > TREE_MAX_PACKED) return p->full = 1, -1;
  int32_t *e = malloc(m * sizeof *e);
  if (!e) return p->full = 1, -1;
  for (size_t idx = 0; idx < m && !p->full; idx++) {
    int32_t o = off;
    size_t div = m;
    for (uint32_t j = 0; j < k; j++) {
      div /= t->states;
      o = t->a[o + (int32_t)(idx / div % t->states)];
    }
    e[idx] = level + k == t->depth ? o : pack(p, level + k, o);
  }
  if (p->full || p->n + m > TREE_MAX_PACKED) {
    free(e);
    return p->full = 1, -1;
  }
  if (p->n + m > p->cap) {
    size_t cap = p->cap ? p->cap : 1024;
    while (cap < p->n + m) cap *= 2;
    int32_t *na = realloc(p->a, cap * sizeof *na);
    if (!na) {
      free(e);
      return p->full = 1, -1;
    }
    p->a = na, p->cap = cap;
  }
  memcpy(p->a + p->n, e, m * sizeof *e);
  free(e);
  int32_t at = (int32_t)p->n;
  p->n += m;
  p->memo[off] = at + 1;
  return at;
}

/* The tree packed in groups of g levels: *a (malloc'd), its entries and root. */
static int packed(const golcl_ruletree *t, uint32_t g, int32_t **a, uint32_t *n, uint32_t *base) {
  packer p = {t, g, calloc(t->entries, sizeof(int32_t)), NULL, 0, 0, 0};
  if (!p.memo) return 0;
  int32_t root = pack(&p, 0, (int32_t)t->base);
  free(p.memo);
  if (p.full || root < 0) {
    free(p.a);
    return 0;
  }
  *a = p.a, *n = (uint32_t)p.n, *base = (uint32_t)root;
  return 1;
}

static size_t local_budget(const golcl_msgrid *g) {
  size_t b = TREE_LOCAL_BUDGET, dev = (size_t)g->ctx->info.local_mem_bytes;
  return dev > 1024 && dev - 1024 < b ? dev - 1024 : b;
}

static int cols(const golcl_msgrid *g);
static size_t knob(const char *name, size_t def, size_t lo, size_t hi);

/* Appends n entries of `each` bytes to a host image at *at (4-aligned). */
static void put(uint8_t *host, size_t *at, const void *src, size_t n, size_t each) {
  memcpy(host + *at, src, n * each);
  *at = (*at + n * each + 3) & ~(size_t)3;
}

/* The layouts by rows (ruletree_rows.c): 1 the row tree, 2 the classes of
 * rows, 3 the classes with their product table; 4 the rule in the kernel's
 * arguments (the row tree or the packed tree); 5 the rule's own build, in
 * the default layout. */
enum { L_PACKED, L_ROWS, L_CLASSES, L_FULL, L_ANY, L_BUILD };

/* The layout $GOLCL_TREE_KERNEL forces (packed, rows, classes, full, any or
 * build), or -1 for the default. */
static int forced(void) {
  static const char *const names[] = {"packed", "rows", "classes", "full", "any", "build"};
  const char *e = getenv("GOLCL_TREE_KERNEL");
  for (int i = 0; e && i < 6; i++)
    if (!strcmp(e, names[i])) return i;
  return -1;
}

/* Whether the grid runs its rule through the kernels that take it in their
 * arguments (one build a boundary for every rule) rather than through a
 * build of the rule's own: by default on CPU devices, where pocl takes
 * 1.5-4 s a build and a rule's first generation waited for two; the
 * generic walks also ran as fast there (docs/rules.md). $GOLCL_TREE_KERNEL
 * = any forces it anywhere; build, or a layout, the rule's own build. */
static int any_wanted(const golcl_msgrid *g) {
  int want = forced();
  return want == L_ANY || (want < 0 && g->ctx->info.type == GOLCL_DEVICE_CPU);
}

/* The fields of a row entry: the top class below bit sh1, the middle one
 * from sh1 (mb wide), the bottom one from sh2. */
static void define_fields(golcl__opts *o, uint32_t sh1, uint32_t sh2, uint32_t mb) {
  golcl__opts_define(o, "TREE_SH1", sh1);
  golcl__opts_define(o, "TREE_SH2", sh2);
  golcl__opts_define(o, "TREE_MA", (1ll << sh1) - 1);
  golcl__opts_define(o, "TREE_MB", mb);
}

/* The host image and build options of layout l (2 or 3) of rc. */
static void classes_image(const golcl_rowclasses *rc, int l, size_t rep, uint8_t *host,
                          golcl__opts *o) {
  size_t at = 0, rw = l == L_FULL ? (rc->frow_wide ? 4 : 2) : (rc->row_wide ? 4 : 2);
  put(host, &at, l == L_FULL ? rc->frow : rc->row, rc->nrow, rw);
  golcl__opts_add(o, "-DTREE_CLASSES");
  golcl__opts_define(o, "TREE_MU", rc->mask);
  golcl__opts_define(o, "TREE_NROW", rc->nrow);
  golcl__opts_define_str(o, "TREE_ROW_T", rw == 4 ? "uint" : "ushort");
  if (rep > 1) golcl__opts_define(o, "TREE_ROWREP", (long long)rep);
  if (l == L_FULL) {
    golcl__opts_add(o, "-DTREE_FULL");
    golcl__opts_define(o, "TREE_FULL_AT", (long long)at);
    golcl__opts_define(o, "TREE_NFULL", rc->nfull);
    put(host, &at, rc->full, rc->nfull, 1);
    define_fields(o, rc->fshift1, rc->fshift2, rc->fmask1);
    return;
  }
  golcl__opts_define(o, "TREE_PAIR_AT", (long long)at);
  golcl__opts_define(o, "TREE_NPAIR", rc->npair);
  golcl__opts_define_str(o, "TREE_PAIR_T", rc->pair_wide ? "ushort" : "uchar");
  put(host, &at, rc->pair, rc->npair, rc->pair_wide ? 2 : 1);
  golcl__opts_define(o, "TREE_OUT_AT", (long long)at);
  golcl__opts_define(o, "TREE_NOUT", rc->nout);
  put(host, &at, rc->out, rc->nout, 1);
  define_fields(o, rc->shift1, rc->shift2, rc->mask1);
  golcl__opts_define(o, "TREE_NMID", rc->nmid);
  golcl__opts_define(o, "TREE_NBOT", rc->nbottom);
}

/* Bytes of the host image of layout l. */
static size_t image_bytes(const golcl_rowtree *rt, const golcl_rowclasses *rc, int l) {
  size_t a4 = 3 * 4;
  if (l == L_ROWS) return a4 + (size_t)rt->ninner * 2 + rt->nleaves;
  if (l == L_FULL) return a4 + (size_t)rc->nrow * (rc->frow_wide ? 4 : 2) + rc->nfull;
  return a4 + (size_t)rc->nrow * (rc->row_wide ? 4 : 2) +
         (size_t)rc->npair * (rc->pair_wide ? 2 : 1) + rc->nout;
}

/* The tree by rows of the block where the width is a multiple of 4 and a
 * layout fits the local-memory budget: by default, of the row tree, the
 * classes and their product table, the one whose lookups take fewest
 * passes of local memory's banks on a random soup (golcl__rowtree_passes),
 * Moore trees only (the von Neumann loops ran faster packed on an H100:
 * Devore 7.1e11 packed, 6.4e11 by rows, 2026-11-26); $GOLCL_TREE_KERNEL
 * forces one. 1 if written (or failed: *s), 0 to pack instead. */
static int rows(golcl_msgrid *g, int any, golcl_status *s) {
  int want = any ? L_ROWS : forced();
  if (want == L_BUILD) want = -1;
  uint32_t states = g->rule.tree->states;
  if (cols(g) != 4 || want == L_PACKED || ((any || want < 0) && g->rule.tree->depth < 9)) return 0;
  golcl_rowtree rt;
  golcl_rowclasses rc;
  size_t budget = any ? 2 * 65536 * 3 : local_budget(g); /* any: read from global memory */
  if (!golcl__ruletree_rows(g->rule.tree, budget, &rt)) return 0;
  int l = L_ROWS, have = want != L_ROWS && golcl__rowtree_classes(&rt, states, &rc);
  if (have && want == L_CLASSES)
    l = L_CLASSES;
  else if (have && want == L_FULL)
    l = rc.full ? L_FULL : L_CLASSES;
  else if (have && want < 0) {
    double p[4] = {0, golcl__rowtree_passes(&rt, NULL, 0, states),
                   golcl__rowtree_passes(&rt, &rc, 0, states),
                   rc.full ? golcl__rowtree_passes(&rt, &rc, 1, states) : 1e9};
    /* (the product table within 5 %: it takes a lookup a cell fewer) */
    for (int k = L_CLASSES; k <= L_FULL; k++)
      if (p[k] <= p[l] * (k == L_FULL ? 1.05 : 1.0) && image_bytes(&rt, &rc, k) <= budget) l = k;
  }
  /* $GOLCL_TREE_ROWREP = K (a power of two to 32): K copies of the classes' row
   * table in local memory, interleaved so that lanes of other copies never meet
   * in a bank (a measurement knob) */
  size_t rep = l >= L_CLASSES ? knob("GOLCL_TREE_ROWREP", 1, 1, 32) : 1;
  size_t bytes = image_bytes(&rt, &rc, l);
  size_t local = bytes + (rep > 1 ? (size_t)rc.nrow * 4 * rep : 0);
  uint8_t *host = local <= budget || any ? calloc(1, bytes) : NULL;
  golcl__opts *o = &g->tree_defs;
  golcl__opts_init(o);
  if (host && l >= L_CLASSES) {
    classes_image(&rc, l, rep, host, o);
  } else if (host) {
    size_t at = 0;
    put(host, &at, rt.inner, rt.ninner, 2);
    g->tree_base = (uint32_t)at; /* where the leaves start, for the kernel's arguments */
    if (!any) golcl__opts_define(o, "TREE_LEAF_AT", (long long)at);
    put(host, &at, rt.leaves, rt.nleaves, 1);
    if (!any) golcl__opts_define(o, "TREE_NINNER", rt.ninner);
    if (!any) golcl__opts_define(o, "TREE_NLEAVES", rt.nleaves);
    golcl__opts_define(o, "TREE_M0", rt.mask[0]);
    golcl__opts_define(o, "TREE_M1", rt.mask[1]);
    golcl__opts_define(o, "TREE_M2", rt.mask[2]);
  }
  if (host) {
    golcl__opts_add(o, "-DTREE_ROWS");
    *s = golcl__opts_check(g->ctx, o, "tree");
    if (*s == GOLCL_OK) *s = golcl__buffer_copy(g->ctx, bytes, CL_MEM_READ_ONLY, host, &g->tree);
    if (*s == GOLCL_OK)
      g->tree_rule = g->rule.tree, g->tree_rows = (uint32_t)l, g->tree_local = (uint32_t)local,
      g->tree_any = (uint32_t)any;
  }
  free(host);
  if (have) golcl__rowclasses_free(&rc);
  golcl__rowtree_free(&rt);
  return host != NULL;
}

/* Packs the grid's tree and writes it to the device, once a rule. */
static golcl_status tree(golcl_msgrid *g) {
  const golcl_ruletree *t = g->rule.tree;
  if (g->tree && g->tree_rule == t) return GOLCL_OK;
  if (g->tree) clReleaseMemObject(g->tree);
  g->tree = NULL, g->tree_rule = NULL, g->tree_rows = 0;
  int any = any_wanted(g);
  golcl_status rs = GOLCL_OK;
  if (rows(g, any, &rs)) return rs;
  const char *env = getenv("GOLCL_TREE_GROUP");
  uint32_t want = env && *env >= '1' && *env <= '9' && !env[1] ? (uint32_t)(*env - '0') : 0;
  if (want > t->depth) want = t->depth;
  int32_t *a = NULL;
  uint32_t n = 0, base = 0, gs = 0;
  if (want) { /* forced: that packing if it can be made, else the next smaller */
    for (uint32_t k = want; k >= 1 && !a; k--)
      if (packed(t, k, &a, &n, &base)) gs = k;
  } else { /* nodes of at most TREE_NODE_MAX entries (the fastest on an H100, 2026-11-26:
            * larger nodes, fewer lookups, ran slower), the tree within the budget */
    size_t budget = local_budget(g) / 2; /* ushort entries */
    uint32_t k = 1;
    size_t node = t->states;
    while (k < t->depth && node * t->states <= TREE_NODE_MAX) node *= t->states, k++;
    for (; k >= 1 && !a; k--) {
      if (!packed(t, k, &a, &n, &base)) continue;
      if (k > 1 && (size_t)n > budget && !any) { /* (any: read from global memory) */
        free(a);
        a = NULL;
        continue;
      }
      gs = k;
    }
  }
  if (!a) return golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory (the rule's tree)");
  const char *ew = getenv("GOLCL_TREE_WIDE"); /* 1: int entries even where ushort would do */
  int wide = n >= 65536 || (ew && *ew == '1');
  size_t each = wide ? 4 : 2, bytes = (size_t)n * each;
  void *host = malloc(bytes);
  golcl_status s =
      host ? GOLCL_OK : golcl__fail(g->ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (uint32_t i = 0; host && i < n; i++)
    if (wide)
      ((cl_int *)host)[i] = a[i];
    else
      ((cl_ushort *)host)[i] = (cl_ushort)a[i];
  free(a);
  if (s == GOLCL_OK) s = golcl__buffer_copy(g->ctx, bytes, CL_MEM_READ_ONLY, host, &g->tree);
  free(host);
  if (s == GOLCL_OK)
    g->tree_rule = t, g->tree_g = gs, g->tree_base = base, g->tree_entries = n,
    g->tree_wide = (uint32_t)wide, g->tree_any = (uint32_t)any;
  return s;
}

/* The columns a work-item takes: 4 where the width is a multiple of 4 (a
 * row as one uchar4), else 1; $GOLCL_TREE_VEC=1 keeps 1. (8 columns through
 * vload8 ran slower on an H100, 2026-11-26.) */
static int cols(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_TREE_VEC");
  return g->w % 4 == 0 && !(e && *e == '1') ? 4 : 1;
}

/* A tuning knob from the environment: a power of two in lo..hi, else def. */
static size_t knob(const char *name, size_t def, size_t lo, size_t hi) {
  size_t v = (size_t)golcl__env_long(name, (long)lo, (long)hi, 0);
  return v && (v & (v - 1)) == 0 ? v : def;
}

/* Rows a work-item walks down ($GOLCL_TREE_RUN, 1..256): 32 by rows, 16
 * packed (an H100, 2026-11-26: by rows 32 ran 2-3 % faster than 16, 8 8 %
 * slower). */
static size_t run_rows(const golcl_msgrid *g) {
  return knob("GOLCL_TREE_RUN", g->tree_rows ? TREE_RUN_ROWS : TREE_RUN, 1, 256);
}

/* The work-group's shape: TREE_LW × TREE_LH ($GOLCL_TREE_LW, $GOLCL_TREE_LH),
 * less where the device allows less. */
static void shape(const golcl_msgrid *g, size_t *lw, size_t *lh) {
  size_t max = g->ctx->info.max_work_group_size;
  size_t w = knob("GOLCL_TREE_LW", TREE_LW, 1, 1024);
  *lw = w < max ? w : max;
  *lh = knob("GOLCL_TREE_LH", TREE_LH, 1, 1024);
  while (*lh > 1 && *lw * *lh > max) *lh /= 2;
}

/* Temporal blocking (tree_rows4_gens): generations a launch
 * ($GOLCL_TREE_GENS, 1..4), the tile ($GOLCL_TREE_TW: 56, 120 or 248
 * columns, so that the work-group splits into whole columns of 4 with the
 * halo's 8; $GOLCL_TREE_TH rows, 8..256) and work-groups a compute unit
 * ($GOLCL_TREE_GPC; 0, the default: one a tile). 1 where the tree is not by rows or the tile and
 * the tree do not fit the device's local memory. */
#define TREE_GENS 1
#define TREE_TW 120
#define TREE_TH 62

/* A number from the environment in lo..hi, else def. */
static size_t number(const char *name, size_t def, size_t lo, size_t hi) {
  return (size_t)golcl__env_long(name, (long)lo, (long)hi, (long)def);
}

static size_t tile_w(const golcl_msgrid *g) {
  size_t lw, lh, tw = number("GOLCL_TREE_TW", TREE_TW, 8, 1016);
  shape(g, &lw, &lh);
  return tw >= 8 && tw % 4 == 0 && (lw * lh) % ((tw + 8) / 4) == 0 ? tw : TREE_TW;
}

static size_t tile_h(void) { return number("GOLCL_TREE_TH", TREE_TH, 8, 256); }

static uint32_t gens_a_launch(const golcl_msgrid *g) {
  const char *e = getenv("GOLCL_TREE_GENS");
  uint32_t k = e && *e >= '1' && *e <= '4' && !e[1] ? (uint32_t)(*e - '0') : TREE_GENS;
  if (k < 2 || !g->tree_rows || g->tree_any) return 1;
  size_t lw, lh, tw = tile_w(g), th = tile_h();
  shape(g, &lw, &lh);
  if ((lw * lh) % ((tw + 8) / 4) != 0) return 1;
  size_t bytes = g->tree_local + 2 * (tw + 8) * (th + 2 * k);
  return bytes + 1024 <= (size_t)g->ctx->info.local_mem_bytes ? k : 1;
}

/* The kernel for the grid's tree and boundary; clamp: read states at or
 * above the rule's as 0 (a step's first generation; after it every cell is
 * one of the rule's states). */
static golcl_status kernel(golcl_msgrid *g, int clamp, uint32_t gens, cl_kernel *k) {
  const golcl_ruletree *t = g->rule.tree;
  size_t lw, lh;
  shape(g, &lw, &lh);
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define(&o, "GOLCL_TORUS", g->boundary == GOLCL_BOUNDARY_TORUS);
  golcl__opts_define(&o, "TREE_RUN", (long long)run_rows(g));
  golcl__opts_define(&o, "TREE_LW", (long long)lw);
  golcl__opts_define(&o, "TREE_LH", (long long)lh);
  if (g->tree_any) { /* the shape of the walk only: launch() passes the rest */
    golcl__opts_add(&o, "-DTREE_ANY");
  } else {
    golcl__opts_define(&o, "TREE_CLAMP", clamp);
    golcl__opts_define(&o, "TREE_STATES", t->states);
  }
  if (g->tree_rows) {
    golcl__opts_add(&o, "%s", g->tree_defs.buf);
    /* the walk unrolled 3 times: the rows' roles come back round without
     * register moves (2 % faster than none on an H100, 2026-11-26) */
    size_t un = number("GOLCL_TREE_UNROLL", TREE_UNROLL, 1, 8);
    if (un > 1) golcl__opts_define(&o, "TREE_UNROLL", (long long)un);
    if (gens > 1) {
      golcl__opts_define(&o, "TREE_GENS", gens);
      golcl__opts_define(&o, "TREE_TW", (long long)tile_w(g));
      golcl__opts_define(&o, "TREE_TH", (long long)tile_h());
    }
  } else {
    golcl__opts_define(&o, "TREE_DEPTH", t->depth);
    golcl__opts_define(&o, "TREE_G", g->tree_g);
    /* (ushort entries where they fit: int ones ran 2.7x slower on pocl) */
    golcl__opts_define_str(&o, "TREE_T", g->tree_wide ? "int" : "ushort");
    if (!g->tree_any) {
      golcl__opts_define(&o, "TREE_BASE", g->tree_base);
      golcl__opts_define(&o, "TREE_ENTRIES", g->tree_entries);
      if ((size_t)g->tree_entries * (g->tree_wide ? 4 : 2) > local_budget(g))
        golcl__opts_add(&o, "-DTREE_NO_LOCAL");
    }
    for (uint32_t l = 0; l < 9; l++) {
      char name[16];
      snprintf(name, sizeof name, "TREE_O%u", (unsigned)l);
      golcl__opts_define(&o, name, l < t->depth ? t->order[l] : 0);
    }
  }
  golcl_status s = golcl__opts_check(g->ctx, &o, "tree");
  const char *name = gens > 1       ? "tree_rows4_gens"
                     : g->tree_rows ? "tree_rows4"
                     : cols(g) > 1  ? "tree_step4"
                                    : "tree_step";
  return s != GOLCL_OK ? s : golcl__kernel(g->ctx, "rules/tree.cl", o.buf, name, k);
}

static golcl_status prepare(golcl_msgrid *g) {
  cl_kernel k;
  golcl_status s = tree(g);
  if (s == GOLCL_OK) s = kernel(g, 1, 1, &k);
  if (s == GOLCL_OK) s = kernel(g, 0, 1, &k);
  if (s == GOLCL_OK && gens_a_launch(g) > 1) s = kernel(g, 1, gens_a_launch(g), &k);
  if (s == GOLCL_OK && golcl__genbits_usable(g)) s = golcl__genbits_prepare(g);
  return s;
}

/* Launches k over `groups` work-groups of the tile loop (tiles_x × tiles_y);
 * clamp: the step's first generation (states beyond the rule's read as 0),
 * for the kernels that take the rule in their arguments. */
static golcl_status launch(golcl_msgrid *g, cl_kernel k, size_t tx, size_t ty, size_t per_cu,
                           int clamp) {
  size_t lw, lh;
  shape(g, &lw, &lh);
  cl_int w = (cl_int)g->w, h = (cl_int)g->h, tiles_x = (cl_int)tx, tiles = (cl_int)(tx * ty);
  size_t groups = (size_t)g->ctx->info.compute_units * per_cu;
  if (groups > tx * ty || per_cu == 0) groups = tx * ty;
  if (groups == 0) groups = 1;
  size_t global[2] = {groups * lw, lh}, local[2] = {lw, lh};
  cl_uint base = g->tree_base, states = g->rule.tree->states, lim = clamp ? states : 256;
  golcl_status s =
      g->tree_any
          ? golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                        GOLCL__ARG(h), GOLCL__ARG(tiles_x), GOLCL__ARG(tiles), GOLCL__ARG(g->tree),
                        GOLCL__ARG(base), GOLCL__ARG(states), GOLCL__ARG(lim), GOLCL__END)
          : golcl__args(g->ctx, k, GOLCL__ARG(g->cur), GOLCL__ARG(g->spare), GOLCL__ARG(w),
                        GOLCL__ARG(h), GOLCL__ARG(tiles_x), GOLCL__ARG(tiles), GOLCL__ARG(g->tree),
                        GOLCL__END);
  if (s == GOLCL_OK) s = golcl__launch(g->ctx, k, 2, global, local);
  if (s == GOLCL_OK) golcl__msgrid_swap(g);
  return s;
}

static golcl_status step(golcl_msgrid *g, uint64_t gens) {
  /* WireWorld's function on bit planes (genbits.c) */
  if (gens >= 2 && golcl__genbits_usable(g)) return golcl__genbits_step(g, gens);
  cl_kernel first = NULL, rest = NULL, multi = NULL;
  golcl_status s = tree(g);
  uint32_t per = s == GOLCL_OK ? gens_a_launch(g) : 1;
  uint64_t launches = per > 1 ? gens / per : 0, left = gens - launches * per;
  /* the launches of several generations first (they read foreign states as
   * 0 too), then the generations left one a launch */
  if (s == GOLCL_OK && launches) s = kernel(g, 1, per, &multi);
  if (s == GOLCL_OK && left && !launches) s = kernel(g, 1, 1, &first);
  if (s == GOLCL_OK && left > (launches ? 0u : 1u)) s = kernel(g, 0, 1, &rest);
  if (s != GOLCL_OK) return s;
  size_t lw, lh;
  shape(g, &lw, &lh);
  size_t rows = lh * run_rows(g), span = lw * (size_t)cols(g);
  size_t tx = (g->w + span - 1) / span, ty = (g->h + rows - 1) / rows;
  /* work-groups: a tile each for the row layouts (their tables are small to
   * copy; on an H100 a tile each ran 1.3x faster than 8 work-groups a compute
   * unit taking tiles in turn, 2026-11-26), 8 a compute unit for the packed tree */
  size_t tw = tile_w(g), th = tile_h(), gpc = number("GOLCL_TREE_GPC", 0, 0, 1u << 20);
  size_t gpc1 = number("GOLCL_TREE_GPC1", g->tree_rows ? 0 : TREE_GROUPS_PER_CU, 0, 1u << 20);
  for (uint64_t i = 0; i < launches && s == GOLCL_OK; i++)
    s = launch(g, multi, (g->w + tw - 1) / tw, (g->h + th - 1) / th, gpc, 1);
  for (uint64_t i = 0; i < left && s == GOLCL_OK; i++) {
    int clamp = i == 0 && !launches;
    s = launch(g, clamp ? first : rest, tx, ty, gpc1, clamp);
  }
  return s;
}

const golcl__ms_family_ops golcl__ms_tree_ops = {"RuleLoader", prepare, step};
