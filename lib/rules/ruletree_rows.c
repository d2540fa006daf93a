/* ruletree_rows.c — a rule's tree re-ordered by the rows of the 3×3 block
 * (nw n ne | w c e | sw s se), for the device's row kernel (tree.c): the
 * tree becomes three levels of nodes of S³ entries, each indexed by the
 * code of one row of three cells (nw·S² + n·S + ne), so a cell takes three
 * lookups and a row's code, made once, serves the three cells that read
 * that row. Made through a hash-consed multi-valued decision diagram of the
 * rule's function: the tree is imported with equal nodes shared, then
 * restricted by each top row and each middle row; equal restrictions (the
 * diagram is canonical: every path passes every free level) share a node.
 * Text only, like ruletree.c. */
#include "ruletree.h"

#include <stdlib.h>
#include <string.h>

typedef struct dd {
  uint32_t s;      /* states: ids 0..s-1 are the leaves (a state) */
  uint8_t *lvl;    /* per node (id - s): its level in the tree */
  int32_t *ch;     /* per node: s children */
  size_t n, cap;   /* nodes */
  int32_t *slots;  /* hash table of node ids, -1 empty */
  size_t nslots;   /* a power of two */
  int32_t *memo;   /* restrict's: per node, result */
  uint32_t *stamp; /* restrict's: per node, the stamp of memo */
  uint32_t now;    /* the current stamp */
  int8_t fix[9];   /* per level: the fixed value, or -1 */
  int err;
} dd;

static uint64_t node_hash(uint32_t level, const int32_t *c, uint32_t s) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ level;
  for (uint32_t i = 0; i < s; i++) {
    h ^= (uint64_t)(uint32_t)c[i];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h;
}

static int grow(dd *d) {
  size_t cap = d->cap ? 2 * d->cap : 1024;
  uint8_t *l = realloc(d->lvl, cap);
  if (l) d->lvl = l;
  int32_t *c = realloc(d->ch, cap * d->s * sizeof *c);
  if (c) d->ch = c;
  int32_t *m = realloc(d->memo, cap * sizeof *m);
  if (m) d->memo = m;
  uint32_t *st = realloc(d->stamp, cap * sizeof *st);
  if (st) d->stamp = st;
  if (!l || !c || !m || !st) return d->err = 1, 0;
  memset(d->stamp + d->cap, 0, (cap - d->cap) * sizeof *st);
  d->cap = cap;
  size_t ns = 4 * cap;
  int32_t *sl = malloc(ns * sizeof *sl);
  if (!sl) return d->err = 1, 0;
  memset(sl, 0xff, ns * sizeof *sl);
  for (size_t i = 0; i < d->n; i++) {
    size_t k = node_hash(d->lvl[i], d->ch + i * d->s, d->s) & (ns - 1);
    while (sl[k] >= 0) k = (k + 1) & (ns - 1);
    sl[k] = (int32_t)i;
  }
  free(d->slots);
  d->slots = sl, d->nslots = ns;
  return 1;
}

/* The node (level, children c), shared with an equal one made before. */
static int32_t mk(dd *d, uint32_t level, const int32_t *c) {
  if (d->n == d->cap && !grow(d)) return -1;
  size_t k = node_hash(level, c, d->s) & (d->nslots - 1);
  for (; d->slots[k] >= 0; k = (k + 1) & (d->nslots - 1)) {
    size_t i = (size_t)d->slots[k];
    if (d->lvl[i] == level && !memcmp(d->ch + i * d->s, c, d->s * sizeof *c))
      return (int32_t)(i + d->s);
  }
  size_t i = d->n++;
  d->lvl[i] = (uint8_t)level;
  memcpy(d->ch + i * d->s, c, d->s * sizeof *c);
  d->slots[k] = (int32_t)i;
  return (int32_t)(i + d->s);
}

/* The tree's node at offset o, level l, as a diagram node (memo by offset). */
static int32_t import(dd *d, const golcl_ruletree *t, int32_t *memo, uint32_t l, int32_t o) {
  if (l == t->depth) return (uint32_t)o < t->states ? o : (d->err = 1, -1);
  if (memo[o] >= 0) return memo[o];
  int32_t c[256];
  for (uint32_t v = 0; v < t->states && !d->err; v++)
    c[v] = import(d, t, memo, l + 1, t->a[o + (int32_t)v]);
  return d->err ? -1 : (memo[o] = mk(d, l, c));
}

/* Node id with the levels of d->fix fixed (memo valid for this stamp). */
static int32_t restrict_(dd *d, int32_t id) {
  if (id < (int32_t)d->s || d->err) return id;
  size_t i = (size_t)id - d->s;
  if (d->stamp[i] == d->now) return d->memo[i];
  uint32_t l = d->lvl[i];
  int32_t r;
  if (d->fix[l] >= 0) {
    r = restrict_(d, d->ch[i * d->s + (size_t)d->fix[l]]);
  } else {
    int32_t c[256];
    for (uint32_t v = 0; v < d->s; v++) c[v] = restrict_(d, d->ch[i * d->s + v]);
    r = mk(d, l, c);
  }
  /* mk may have moved the arrays, not node i */
  d->memo[i] = r, d->stamp[i] = d->now;
  return r;
}

/* The columns (bit 0: west) of row `row` of the block that the tree reads. */
static uint32_t row_mask(const golcl_ruletree *t, uint32_t row) {
  uint32_t m = 0;
  for (uint32_t l = 0; l < t->depth; l++)
    if (t->order[l] / 3 == row) m |= 1u << (t->order[l] % 3);
  return m;
}

/* Fixes the cells the tree reads in row `row` (0..2) of the block to the
 * digits of code (the westmost most significant). */
static int32_t restrict_row(dd *d, const golcl_ruletree *t, int32_t id, uint32_t row,
                            uint32_t code) {
  memset(d->fix, -1, sizeof d->fix);
  uint32_t v[3] = {0, 0, 0};
  for (int x = 2; x >= 0; x--)
    if (row_mask(t, row) >> x & 1) v[x] = code % d->s, code /= d->s;
  for (uint32_t l = 0; l < t->depth; l++)
    if (t->order[l] / 3 == row) d->fix[l] = (int8_t)v[t->order[l] % 3];
  d->now++;
  return restrict_(d, id);
}

/* Index of id in list (appended when new). */
static int32_t class_of(int32_t **list, size_t *n, int32_t id) {
  for (size_t i = 0; i < *n; i++)
    if ((*list)[i] == id) return (int32_t)i;
  int32_t *l = realloc(*list, (*n + 1) * sizeof *l);
  if (!l) return -1;
  *list = l;
  l[*n] = id;
  return (int32_t)(*n)++;
}

int golcl__ruletree_rows(const golcl_ruletree *t, size_t max_entries, golcl_rowtree *out) {
  memset(out, 0, sizeof *out);
  uint32_t s = t->states, r[3];
  if (s < 2 || s > 40) return 0;
  for (uint32_t k = 0; k < 3; k++) {
    out->mask[k] = row_mask(t, k);
    r[k] = 1;
    for (uint32_t x = 0; x < 3; x++)
      if (out->mask[k] >> x & 1) r[k] *= s;
  }
  if ((size_t)r[0] + r[1] + r[2] > max_entries) return 0;
  dd d;
  memset(&d, 0, sizeof d);
  d.s = s;
  int32_t *memo = malloc(t->entries * sizeof *memo), *top = NULL, *mid = NULL;
  int32_t *rootc = malloc(r[0] * sizeof *rootc), *midc = NULL;
  size_t ntop = 0, nmid = 0, ninner = 0, nleaves = 0;
  uint16_t *inner = NULL;
  uint8_t *leaves = NULL;
  int ok = 0;
  if (!memo || !rootc) goto done;
  memset(memo, 0xff, t->entries * sizeof *memo);
  int32_t root = import(&d, t, memo, 0, (int32_t)t->base);
  if (d.err || root < 0) goto done;
  for (uint32_t c = 0; c < r[0] && !d.err; c++) {
    int32_t k = class_of(&top, &ntop, restrict_row(&d, t, root, 0, c));
    if (k < 0 || r[0] + ntop * r[1] > max_entries) d.err = 1;
    rootc[c] = k;
  }
  if (!d.err) midc = malloc(ntop * r[1] * sizeof *midc);
  for (size_t k = 0; midc && k < ntop && !d.err; k++)
    for (uint32_t c = 0; c < r[1] && !d.err; c++) {
      int32_t m = class_of(&mid, &nmid, restrict_row(&d, t, top[k], 1, c));
      if (m < 0 || r[0] + ntop * r[1] + nmid * r[2] > max_entries) d.err = 1;
      midc[k * r[1] + c] = m;
    }
  ninner = r[0] + ntop * r[1], nleaves = nmid * r[2];
  if (!d.err && midc && ninner <= 65536 && nleaves <= 65536) {
    inner = malloc(ninner * sizeof *inner);
    leaves = malloc(nleaves);
  }
  if (inner && leaves) {
    for (uint32_t c = 0; c < r[0]; c++) inner[c] = (uint16_t)(r[0] + r[1] * (size_t)rootc[c]);
    for (size_t k = 0; k < ntop; k++)
      for (uint32_t c = 0; c < r[1]; c++)
        inner[r[0] + r[1] * k + c] = (uint16_t)(r[2] * (size_t)midc[k * r[1] + c]);
    for (size_t m = 0; m < nmid && !d.err; m++)
      for (uint32_t c = 0; c < r[2] && !d.err; c++) {
        int32_t id = restrict_row(&d, t, mid[m], 2, c);
        if (id < 0 || id >= (int32_t)s) d.err = 1; /* every cell fixed: a state */
        leaves[m * r[2] + c] = (uint8_t)id;
      }
    ok = !d.err;
  }
done:
  if (ok) {
    out->inner = inner, out->leaves = leaves;
    memcpy(out->size, r, sizeof r);
    out->ninner = (uint32_t)ninner, out->nleaves = (uint32_t)nleaves;
  } else {
    free(inner), free(leaves);
  }
  free(rootc), free(midc);
  free(memo), free(top), free(mid);
  free(d.lvl), free(d.ch), free(d.slots), free(d.memo), free(d.stamp);
  return ok;
}

void golcl__rowtree_free(golcl_rowtree *rt) {
  if (!rt) return;
  free(rt->inner), free(rt->leaves);
  memset(rt, 0, sizeof *rt);
}

/* The class of code c among the codes before it whose column of `tab`
 * (n rows of `stride`, from `at`) is the same: cls[c] (new classes numbered
 * in order); returns the number of classes. */
static uint32_t classes(uint32_t codes, uint32_t n, size_t stride, const void *tab, int wide,
                        size_t at, uint32_t *cls, uint32_t *rep) {
  uint32_t nc = 0;
  for (uint32_t c = 0; c < codes; c++) {
    uint32_t k;
    for (k = 0; k < nc; k++) {
      uint32_t d = rep[k], t;
      for (t = 0; t < n; t++) {
        size_t i = at + t * stride;
        uint32_t x = wide ? ((const uint16_t *)tab)[i + c] : ((const uint8_t *)tab)[i + c];
        uint32_t y = wide ? ((const uint16_t *)tab)[i + d] : ((const uint8_t *)tab)[i + d];
        if (x != y) break;
      }
      if (t == n) break;
    }
    if (k == nc) rep[nc++] = c;
    cls[c] = k;
  }
  return nc;
}

static uint32_t bits(uint32_t v) { /* bits to hold 0..v */
  uint32_t b = 0;
  while (b < 32 && (v >> b)) b++;
  return b;
}

/* The digits of the cells of mask `m` out of code c of mask u (the
 * westmost most significant in both). */
static uint32_t sub_code(uint32_t s, uint32_t u, uint32_t m, uint32_t c) {
  uint32_t v[3] = {0, 0, 0}, r = 0;
  for (int x = 2; x >= 0; x--)
    if (u >> x & 1) v[x] = c % s, c /= s;
  for (int x = 0; x < 3; x++)
    if (m >> x & 1) r = r * s + v[x];
  return r;
}

int golcl__rowtree_classes(const golcl_rowtree *rt, uint32_t states, golcl_rowclasses *out) {
  memset(out, 0, sizeof *out);
  uint32_t s = states, r0 = rt->size[0], r1 = rt->size[1], r2 = rt->size[2];
  uint32_t u = rt->mask[0] | rt->mask[1] | rt->mask[2], codes = 1;
  for (int x = 0; x < 3; x++)
    if (u >> x & 1) codes *= s;
  uint32_t ntop = (rt->ninner - r0) / r1, nleaf = rt->nleaves / r2;
  uint32_t *mid = malloc(r1 * sizeof *mid), *bot = malloc(r2 * sizeof *bot);
  uint32_t *rep = malloc((r1 > r2 ? r1 : r2) * sizeof *rep);
  int ok = 0;
  if (!mid || !bot || !rep) goto done;
  uint32_t m = classes(r1, ntop, r1, rt->inner, 1, r0, mid, rep);
  uint32_t mid_rep[65536 / 8]; /* a mid code of each class (M <= r1 <= 64000) */
  if (m > sizeof mid_rep / sizeof *mid_rep) goto done;
  for (uint32_t c = r1; c-- > 0;) mid_rep[mid[c]] = c;
  uint32_t b = classes(r2, nleaf, r2, rt->leaves, 0, 0, bot, rep);
  uint32_t bot_rep[256];
  if (b > 256) goto done;
  for (uint32_t c = r2; c-- > 0;) bot_rep[bot[c]] = c;
  uint32_t ta = bits(ntop - 1), tb = bits(m - 1), tc = bits(b - 1);
  if (ta + tb + tc > 32 || (size_t)ntop * m > 65536 || (size_t)nleaf * b > 65536) goto done;
  out->shift1 = ta, out->shift2 = ta + tb;
  out->mask1 = (1u << tb) - 1;
  out->row_wide = ta + tb + tc > 16;
  out->pair_wide = nleaf - 1 > 255;
  out->nmid = m, out->nbottom = b;
  out->nrow = codes, out->npair = ntop * m, out->nout = nleaf * b;
  out->row = malloc((size_t)codes * (out->row_wide ? 4 : 2));
  out->pair = malloc((size_t)out->npair * (out->pair_wide ? 2 : 1));
  out->out = malloc(out->nout);
  if (!out->row || !out->pair || !out->out) goto done;
  for (uint32_t c = 0; c < codes; c++) {
    uint32_t c0 = sub_code(s, u, rt->mask[0], c), c1 = sub_code(s, u, rt->mask[1], c);
    uint32_t c2 = sub_code(s, u, rt->mask[2], c);
    uint32_t k = (rt->inner[c0] - r0) / r1;
    uint32_t e = k | mid[c1] << out->shift1 | bot[c2] << out->shift2;
    if (out->row_wide)
      ((uint32_t *)out->row)[c] = e;
    else
      ((uint16_t *)out->row)[c] = (uint16_t)e;
  }
  for (uint32_t k = 0; k < ntop; k++)
    for (uint32_t mc = 0; mc < m; mc++) {
      uint32_t lc = rt->inner[r0 + k * r1 + mid_rep[mc]] / r2;
      if (out->pair_wide)
        ((uint16_t *)out->pair)[k * m + mc] = (uint16_t)lc;
      else
        ((uint8_t *)out->pair)[k * m + mc] = (uint8_t)lc;
    }
  for (uint32_t lc = 0; lc < nleaf; lc++)
    for (uint32_t bc = 0; bc < b; bc++) out->out[lc * b + bc] = rt->leaves[lc * r2 + bot_rep[bc]];
  out->mask = u;
  ok = 1;
  /* the product table: the state of each (top, middle, bottom) class */
  uint32_t fa = bits((ntop - 1) * m * b), fb = bits((m - 1) * b);
  if ((size_t)ntop * m * b <= 65536 && fa + fb + tc <= 32) {
    out->nfull = ntop * m * b;
    out->fshift1 = fa, out->fshift2 = fa + fb, out->fmask1 = (1u << fb) - 1;
    out->frow_wide = fa + fb + tc > 16;
    out->frow = malloc((size_t)codes * (out->frow_wide ? 4 : 2));
    out->full = malloc(out->nfull);
    if (!out->frow || !out->full) ok = 0;
    for (uint32_t c = 0; ok && c < codes; c++) {
      uint32_t e = out->row_wide ? ((uint32_t *)out->row)[c] : ((uint16_t *)out->row)[c];
      uint32_t k = e & ((1u << out->shift1) - 1), mc = e >> out->shift1 & out->mask1,
               bc = e >> out->shift2;
      uint32_t f = k * m * b | mc * b << fa | bc << out->fshift2;
      if (out->frow_wide)
        ((uint32_t *)out->frow)[c] = f;
      else
        ((uint16_t *)out->frow)[c] = (uint16_t)f;
    }
    for (uint32_t k = 0; ok && k < ntop; k++)
      for (uint32_t mc = 0; mc < m; mc++) {
        uint32_t lc = out->pair_wide ? ((uint16_t *)out->pair)[k * m + mc]
                                     : ((uint8_t *)out->pair)[k * m + mc];
        memcpy(out->full + ((size_t)k * m + mc) * b, out->out + (size_t)lc * b, b);
      }
  }
done:
  free(mid), free(bot), free(rep);
  if (!ok) golcl__rowclasses_free(out);
  return ok;
}

void golcl__rowclasses_free(golcl_rowclasses *rc) {
  if (!rc) return;
  free(rc->row), free(rc->pair), free(rc->out), free(rc->frow), free(rc->full);
  memset(rc, 0, sizeof *rc);
}

/* ------------------------------------------------------------ bank passes */

/* Passes of 32 banks of 4-byte words that a warp's 32 reads (byte
 * addresses) take: the most distinct words any bank holds (reads of one
 * word are served together). */
static uint32_t passes(const uint32_t *addr) {
  uint32_t w[32], cnt[32] = {0}, worst = 0;
  for (int i = 0; i < 32; i++) { /* insertion sort of the words */
    uint32_t v = addr[i] / 4;
    int j = i;
    for (; j > 0 && w[j - 1] > v; j--) w[j] = w[j - 1];
    w[j] = v;
  }
  for (int i = 0; i < 32; i++)
    if (i == 0 || w[i] != w[i - 1])
      if (++cnt[w[i] % 32] > worst) worst = cnt[w[i] % 32];
  return worst;
}

static uint32_t row_code(uint32_t s, uint32_t m, const uint8_t *r) {
  uint32_t c = 0;
  for (int x = 0; x < 3; x++)
    if (m >> x & 1) c = c * s + r[x];
  return c;
}

double golcl__rowtree_passes(const golcl_rowtree *rt, const golcl_rowclasses *rc, int full,
                             uint32_t states) {
  uint64_t z = 0x243f6a8885a308d3ull, total = 0;
  const int warps = 64;
  for (int wv = 0; wv < warps; wv++) {
    uint8_t c[3][130];
    for (int y = 0; y < 3; y++)
      for (int x = 0; x < 130; x++) {
        z ^= z << 13, z ^= z >> 7, z ^= z << 17;
        c[y][x] = (uint8_t)(z % states);
      }
    for (int j = 0; j < 4; j++) { /* the warp's reads for the j-th of its lanes' 4 columns */
      uint32_t a[3][32];
      for (int l = 0; l < 32; l++) {
        const uint8_t *r0 = &c[0][4 * l + j], *r1 = &c[1][4 * l + j], *r2 = &c[2][4 * l + j];
        if (rc) {
          uint32_t e[3], ew = rc->row_wide ? 4 : 2;
          const uint8_t *rr[3] = {r0, r1, r2};
          for (int k = 0; k < 3; k++) {
            uint32_t cd = row_code(states, rc->mask, rr[k]);
            e[k] = rc->row_wide ? ((const uint32_t *)rc->row)[cd] : ((const uint16_t *)rc->row)[cd];
            if (k == 0) a[0][l] = cd * ew;
          }
          if (full) { /* the product table's row entries, then one lookup */
            uint32_t f[3];
            for (int k = 0; k < 3; k++) {
              uint32_t cd = row_code(states, rc->mask, rr[k]);
              f[k] = rc->frow_wide ? ((const uint32_t *)rc->frow)[cd] : ((const uint16_t *)rc->frow)[cd];
              if (k == 0) a[0][l] = cd * (rc->frow_wide ? 4 : 2);
            }
            a[1][l] = 65536 * 4 + (f[0] & ((1u << rc->fshift1) - 1)) +
                      (f[1] >> rc->fshift1 & rc->fmask1) + (f[2] >> rc->fshift2);
            continue;
          }
          uint32_t pi = (e[0] & ((1u << rc->shift1) - 1)) * rc->nmid + (e[1] >> rc->shift1 & rc->mask1);
          uint32_t lc = rc->pair_wide ? ((const uint16_t *)rc->pair)[pi] : ((const uint8_t *)rc->pair)[pi];
          a[1][l] = 65536 * 4 + pi * (rc->pair_wide ? 2 : 1);
          a[2][l] = 65536 * 8 + lc * rc->nbottom + (e[2] >> rc->shift2);
        } else {
          uint32_t c0 = row_code(states, rt->mask[0], r0), c1 = row_code(states, rt->mask[1], r1);
          uint32_t c2 = row_code(states, rt->mask[2], r2), top = rt->inner[c0];
          a[0][l] = 2 * c0, a[1][l] = 2 * (top + c1);
          a[2][l] = 65536 * 4 + rt->inner[top + c1] + c2;
        }
      }
      total += passes(a[0]) + passes(a[1]) + (rc && full ? 0 : passes(a[2]));
    }
  }
  return (double)total / (warps * 4);
}
