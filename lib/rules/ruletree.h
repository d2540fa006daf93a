/* ruletree.h — private part of Golly's RuleLoader rules: the compiled
 * decision tree that @TABLE and @TREE both become, its parsers, the host
 * lookup, and the library's cache of loaded trees. Text only (host.h):
 * builds and fuzzes without OpenCL. */
#ifndef GOLCL_RULETREE_PRIVATE_H
#define GOLCL_RULETREE_PRIVATE_H

#include "ms.h"

/* The 3×3 block of a cell, row-major: the index of each neighbour. */
enum { RT_NW, RT_N, RT_NE, RT_W, RT_C, RT_E, RT_SW, RT_S, RT_SE };

typedef enum rt_nbhd { RT_VON_NEUMANN, RT_MOORE, RT_HEXAGONAL, RT_ONE_DIMENSIONAL } rt_nbhd;

/* A tree of `depth` levels: level l reads the cell order[l] of the 3×3
 * block. Node entries are `states` ints: at levels 0..depth-2 the offset in
 * `a` of the child node, at the last level the new state. The walk:
 *   o = base; for l in 0..depth-1: o = a[o + cell[order[l]]]; o is the state.
 * @TREE files keep Golly's order (nw, ne, sw, se, n, w, e, s, c; or n, w, e,
 * s, c), compiled tables @TABLE's (c first, then its neighbours). */
struct golcl_ruletree {
  uint32_t magic;
  char name[GOLCL_RULE_NAME_CAP];
  uint32_t states, depth, nodes, entries, base;
  uint8_t order[9];
  int32_t *a;
  int from_table;
  rt_nbhd nbhd;
  char symmetries[24];
  uint64_t transitions;
  uint8_t rgb[256][3];
  uint8_t has_rgb[256];
  uint64_t text_hash; /* of the rule file's text and name: the cache's key */
  int wireworld;      /* the tree computes WireWorld: bit planes (genbits) may run it */
  struct golcl_ruletree *next;
};

#define GOLCL__RULETREE_MAGIC 0x52554c45u

/* Parses a .rule text into a new tree (not cached): the caller frees it with
 * golcl__ruletree_free. Errors as golcl_msrule_load. */
golcl_status golcl__ruletree_parse(const char *name, const char *text, size_t len,
                                   golcl_ruletree **out);
void golcl__ruletree_free(golcl_ruletree *t);

/* The section parsers (ruleloader.c calls them on the lines of a section;
 * `line0` is the file's line number of the first). Lines are NUL-terminated
 * copies without their line ends. */
typedef struct rt_lines {
  char **v;
  size_t n;
  size_t line0;
  const char *file; /* "NAME.rule", for messages */
} rt_lines;
golcl_status golcl__ruletree_from_tree(const rt_lines *l, golcl_ruletree *t);
golcl_status golcl__ruletree_from_table(const rt_lines *l, golcl_ruletree *t);

/* The new state of the cell at the centre of the 3×3 block v. */
static inline uint8_t golcl__ruletree_next(const golcl_ruletree *t, const uint8_t v[9]) {
  int32_t o = (int32_t)t->base;
  for (uint32_t l = 0; l < t->depth; l++) o = t->a[o + v[t->order[l]]];
  return (uint8_t)o;
}

/* 1 if the tree computes WireWorld on every neighbourhood: 4 states, 0
 * stays 0, 1 becomes 2, 2 becomes 3, 3 becomes 1 with 1 or 2 neighbours in
 * state 1 among the 8, else stays 3. */
int golcl__ruletree_is_wireworld(const golcl_ruletree *t);

/* A checked tree pointer (a rule value's): 1 if it is one the library made. */
int golcl__ruletree_valid(const golcl_ruletree *t);

/* The host reference of one generation (reference.c calls it). */
void golcl__ruletree_once(const golcl_ruletree *t, int torus, uint32_t w, uint32_t h,
                          const uint8_t *c, uint8_t *o);

/* Looks NAME.rule up in the rule folders, loads and caches it. */
golcl_status golcl__ruletree_find(const char *name, golcl_msrule *out);

/* The tree by rows of the 3×3 block (ruletree_rows.c). Row k (0: nw n ne,
 * 1: w c e, 2: sw s se) has a code made of the states of the cells of it
 * that the tree reads (mask[k], bit 0 the west column; the westmost digit
 * most significant), size[k] = S^(cells read) codes; a cell's new state is
 *   leaves[inner[inner[code0] + code1] + code2]:
 * inner holds the root's size[0] entries, then a node of size[1] entries
 * for each class of top rows (offsets into leaves); leaves a node of
 * size[2] states for each class of top and middle rows. */
typedef struct golcl_rowtree {
  uint16_t *inner;
  uint8_t *leaves;
  uint32_t mask[3], size[3];
  uint32_t ninner, nleaves; /* entries of inner and of leaves */
} golcl_rowtree;

/* Makes *out (golcl__rowtree_free frees it); 0 when it would take more than
 * max_entries entries in all (or 65536 in inner or in leaves), when
 * states > 40, or out of memory. */
int golcl__ruletree_rows(const golcl_ruletree *t, size_t max_entries, golcl_rowtree *out);
void golcl__rowtree_free(golcl_rowtree *rt);

/* The row tree by classes of rows: a row's code over all the cells the
 * tree reads in any row (mask) gives, in one lookup, row[code] = its class
 * as a top row (bits 0..shift1-1), as a middle row (bits shift1.., mask1
 * wide) and as a bottom row (bits shift2..); a cell's new state is then
 *   out[pair[top(row[c0]) · nmid + mid(row[c1])] · nbottom + bottom(row[c2])]
 * (pair: the class of the top and middle rows together). A row's lookup
 * serves the three cells that read it; pair and out are small where the
 * rule's rows fall in few classes (LifeHistory: 7 top, 21 middle and 7
 * bottom classes, 147 and 196 entries). row is ushort (uint where
 * row_wide), pair uchar (ushort where pair_wide). */
typedef struct golcl_rowclasses {
  void *row, *pair;
  uint8_t *out;
  uint32_t mask, nrow, npair, nout, shift1, shift2, mask1, nmid, nbottom;
  int row_wide, pair_wide;
  /* The same by one product table where it has at most 65536 entries:
   * frow[code] holds top · nmid · nbottom (bits below fshift1), middle ·
   * nbottom (from fshift1, fmask1 wide) and bottom (from fshift2), and a
   * cell's new state is full[top(frow[c0]) + middle(frow[c1]) +
   * bottom(frow[c2])]: two lookups a cell. Else full is NULL. */
  void *frow;
  uint8_t *full;
  uint32_t nfull, fshift1, fshift2, fmask1;
  int frow_wide;
} golcl_rowclasses;

/* Makes *out from a row tree of a rule of `states` states; 0 when the
 * classes do not fit the fields or out of memory. */
int golcl__rowtree_classes(const golcl_rowtree *rt, uint32_t states, golcl_rowclasses *out);
void golcl__rowclasses_free(golcl_rowclasses *rc);

/* The passes of local memory's 32 banks that a cell's lookups take on
 * average, for a warp of 32 work-items each 4 columns wide on a random
 * soup of the rule's states (a fixed seed): through rc (the classes; its
 * product table where full), or through rt where rc is NULL (the row
 * tree). Random reads of 32 lanes
 * into a table of many words take about 3 passes; a table of at most 32
 * words, 1. The lookups' bank conflicts bound these kernels on an H100. */
double golcl__rowtree_passes(const golcl_rowtree *rt, const golcl_rowclasses *rc, int full,
                             uint32_t states);

#endif
