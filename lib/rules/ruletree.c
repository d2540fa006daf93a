/* ruletree.c — the two sections of a .rule file that define a rule, both
 * made into one decision tree (ruletree.h): @TREE read as Golly reads it,
 * and @TABLE parsed as Golly's ruletable_algo parses it (variables, bound
 * variables, symmetries) and compiled by walking its inputs in table order
 * with the list of transitions still possible, the first one left at the
 * last input giving the new state (the cell's own state when none is),
 * equal nodes shared. Also the host reference of one generation. */
#include "ruletree.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_ENTRIES (64u << 20)    /* tree entries (ints): 256 MB */
#define MAX_TRANSITIONS (1u << 20) /* after variables and symmetries (Golly's largest: 3066) */
#define MAX_VARIABLES 4096

#define LINE_FAIL(l, i, ...) lfail((l), (i), __VA_ARGS__)

static golcl_status lfail(const rt_lines *l, size_t i, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static golcl_status lfail(const rt_lines *l, size_t i, const char *fmt, ...) {
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  return golcl__fail(NULL, GOLCL_E_PARSE, "%s, line %zu: %s", l->file, l->line0 + i, why);
}

static golcl_status oom(void) {
  return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
}

/* ------------------------------------------------------------------ @TREE */

golcl_status golcl__ruletree_from_tree(const rt_lines *l, golcl_ruletree *t) {
  int states = -1, nbrs = -1, nodes = -1, lev = 1000;
  size_t n = 0, cap = 0, count = 0;
  int32_t *a = NULL;
  uint8_t *level = NULL; /* of each node */
  for (size_t i = 0; i < l->n; i++) {
    const char *s = l->v[i];
    if (s[0] == '#' || s[0] == 0) continue;
    int v0;
    if (sscanf(s, " num_states = %d", &v0) == 1 || sscanf(s, " num_neighbors = %d", &v0) == 1 ||
        sscanf(s, " num_nodes = %d", &v0) == 1) {
      if (n) { /* Golly would read the nodes before it by other numbers */
        free(a), free(level);
        return LINE_FAIL(l, i, "num_states, num_neighbors and num_nodes come before the nodes");
      }
      if (sscanf(s, " num_states = %d", &states) != 1 &&
          sscanf(s, " num_neighbors = %d", &nbrs) != 1)
        sscanf(s, " num_nodes = %d", &nodes);
      continue;
    }
    golcl_status st = GOLCL_OK;
    if (states < 2 || states > 256 || (nbrs != 4 && nbrs != 8) || nodes < nbrs || nodes > 100000000)
      st = LINE_FAIL(l, i,
                     "bad basic values (num_states 2..256, num_neighbors 4 or 8, num_nodes at "
                     "least num_neighbors, before the first node)");
    else if (s[0] < '1' || s[0] > '0' + 1 + nbrs)
      st = LINE_FAIL(l, i, "bad line in tree data: a node starts with its level 1..%d", nbrs + 1);
    else if ((n + 1) * (size_t)states > MAX_ENTRIES)
      st = LINE_FAIL(l, i, "more than %u tree entries", MAX_ENTRIES);
    if (st != GOLCL_OK) {
      free(a), free(level);
      return st;
    }
    lev = s[0] - '0';
    if (n == cap) {
      cap = cap ? 2 * cap : 256;
      int32_t *na = realloc(a, cap * (size_t)states * sizeof *na);
      uint8_t *nl = realloc(level, cap);
      if (na) a = na;
      if (nl) level = nl;
      if (!na || !nl) {
        free(a), free(level);
        return oom();
      }
    }
    level[n] = (uint8_t)lev;
    int vcnt = 0;
    const signed char *p = (const signed char *)s + 1;
    while (*p) {
      while (*p && *p <= ' ') p++;
      if (!*p) break;
      long v = 0;
      while (*p > ' ') {
        if (*p < '0' || *p > '9') st = LINE_FAIL(l, i, "bad line in tree data: '%c'", *p);
        if (st != GOLCL_OK) break;
        if (v < 1000000000) v = v * 10 + (*p - '0');
        p++;
      }
      if (st == GOLCL_OK && vcnt >= states)
        st = LINE_FAIL(l, i, "bad number of values on tree data line (more than %d)", states);
      if (st == GOLCL_OK && lev == 1 && v >= states)
        st = LINE_FAIL(l, i, "bad state value %ld in tree data (0..%d)", v, states - 1);
      if (st == GOLCL_OK && lev > 1 && (size_t)v >= n + 1)
        st = LINE_FAIL(l, i, "bad node value %ld in tree data (nodes so far: %zu)", v, n + 1);
      if (st == GOLCL_OK && lev > 1 && level[v] != lev - 1)
        st = LINE_FAIL(l, i,
                       "node %ld is at level %d, not %d: a node's children are one level "
                       "below it",
                       v, (int)level[v], lev - 1);
      if (st != GOLCL_OK) {
        free(a), free(level);
        return st;
      }
      a[n * (size_t)states + (size_t)vcnt++] = lev == 1 ? (int32_t)v : (int32_t)(v * states);
    }
    if (vcnt != states) {
      free(a), free(level);
      return LINE_FAIL(l, i, "bad number of values on tree data line (%d, not %d)", vcnt, states);
    }
    n++, count += (size_t)vcnt;
  }
  golcl_status st = GOLCL_OK;
  size_t end = l->n ? l->n - 1 : 0;
  if (n == 0 || count != (size_t)nodes * (size_t)states)
    st =
        LINE_FAIL(l, end, "bad count of values in tree data (%zu nodes, num_nodes = %d)", n, nodes);
  else if (lev != nbrs + 1)
    st = LINE_FAIL(l, end, "bad last node (level %d, not %d)", lev, nbrs + 1);
  free(level);
  if (st != GOLCL_OK) {
    free(a);
    return st;
  }
  static const uint8_t moore[9] = {RT_NW, RT_NE, RT_SW, RT_SE, RT_N, RT_W, RT_E, RT_S, RT_C};
  static const uint8_t vn[5] = {RT_N, RT_W, RT_E, RT_S, RT_C};
  t->a = a;
  t->states = (uint32_t)states;
  t->depth = (uint32_t)nbrs + 1;
  memcpy(t->order, nbrs == 8 ? moore : vn, t->depth);
  t->nodes = (uint32_t)n;
  t->entries = (uint32_t)(n * (size_t)states);
  t->base = (uint32_t)((n - 1) * (size_t)states);
  t->nbhd = nbrs == 8 ? RT_MOORE : RT_VON_NEUMANN;
  t->from_table = 0;
  return GOLCL_OK;
}

/* ----------------------------------------------------------------- @TABLE */

/* A set of states as 256 bits. */
typedef struct sset {
  uint64_t w[4];
} sset;

static inline int sset_has(const sset *s, unsigned v) {
  return (int)(s->w[v >> 6] >> (v & 63) & 1);
}
static inline void sset_add(sset *s, unsigned v) { s->w[v >> 6] |= 1ull << (v & 63); }

/* A list of states as written (order and repeats kept: Golly's permute sorts
 * these sequences, and bound variables count through them). */
typedef struct svec {
  uint16_t n;
  uint8_t v[256 * 4]; /* a variable may repeat states; longer ones are refused */
} svec;

typedef struct variable {
  char name[64];
  svec states;
} variable;

typedef struct table {
  uint32_t states, inputs;
  rt_nbhd nbhd;
  const int (*remap)[10];
  int nremap, permute;
  char symmetries[24];
  variable *vars;
  size_t nvars;
  /* expanded transitions: inputs sets each, and the output */
  sset *in;
  uint8_t *out;
  size_t n, cap;
} table;

static const char *const nbhd_names[] = {"vonNeumann", "Moore", "hexagonal", "oneDimensional"};
static const uint32_t nbhd_inputs[] = {5, 9, 7, 3};
/* the 3×3 cell of each table input: vonNeumann c,n,e,s,w; Moore
 * c,n,ne,e,se,s,sw,w,nw; hexagonal c,n,e,se,s,w,nw; oneDimensional c,w,e */
static const uint8_t nbhd_cells[4][9] = {{RT_C, RT_N, RT_E, RT_S, RT_W},
                                         {RT_C, RT_N, RT_NE, RT_E, RT_SE, RT_S, RT_SW, RT_W, RT_NW},
                                         {RT_C, RT_N, RT_E, RT_SE, RT_S, RT_W, RT_NW},
                                         {RT_C, RT_W, RT_E}};

/* Golly 3.3's symmetries: the input each input takes its set from. */
typedef struct symmetry {
  rt_nbhd nbhd;
  const char *name;
  int n;
  int remap[16][10];
} symmetry;

static const symmetry symmetries[] = {
    {RT_VON_NEUMANN,
     "rotate4",
     4,
     {{0, 1, 2, 3, 4}, {0, 2, 3, 4, 1}, {0, 3, 4, 1, 2}, {0, 4, 1, 2, 3}}},
    {RT_VON_NEUMANN,
     "rotate4reflect",
     8,
     {{0, 1, 2, 3, 4},
      {0, 2, 3, 4, 1},
      {0, 3, 4, 1, 2},
      {0, 4, 1, 2, 3},
      {0, 4, 3, 2, 1},
      {0, 3, 2, 1, 4},
      {0, 2, 1, 4, 3},
      {0, 1, 4, 3, 2}}},
    {RT_VON_NEUMANN, "reflect_horizontal", 2, {{0, 1, 2, 3, 4}, {0, 1, 4, 3, 2}}},
    {RT_MOORE,
     "rotate4",
     4,
     {{0, 1, 2, 3, 4, 5, 6, 7, 8},
      {0, 3, 4, 5, 6, 7, 8, 1, 2},
      {0, 5, 6, 7, 8, 1, 2, 3, 4},
      {0, 7, 8, 1, 2, 3, 4, 5, 6}}},
    {RT_MOORE,
     "rotate8",
     8,
     {{0, 1, 2, 3, 4, 5, 6, 7, 8},
      {0, 2, 3, 4, 5, 6, 7, 8, 1},
      {0, 3, 4, 5, 6, 7, 8, 1, 2},
      {0, 4, 5, 6, 7, 8, 1, 2, 3},
      {0, 5, 6, 7, 8, 1, 2, 3, 4},
      {0, 6, 7, 8, 1, 2, 3, 4, 5},
      {0, 7, 8, 1, 2, 3, 4, 5, 6},
      {0, 8, 1, 2, 3, 4, 5, 6, 7}}},
    {RT_MOORE,
     "rotate4reflect",
     8,
     {{0, 1, 2, 3, 4, 5, 6, 7, 8},
      {0, 3, 4, 5, 6, 7, 8, 1, 2},
      {0, 5, 6, 7, 8, 1, 2, 3, 4},
      {0, 7, 8, 1, 2, 3, 4, 5, 6},
      {0, 1, 8, 7, 6, 5, 4, 3, 2},
      {0, 7, 6, 5, 4, 3, 2, 1, 8},
      {0, 5, 4, 3, 2, 1, 8, 7, 6},
      {0, 3, 2, 1, 8, 7, 6, 5, 4}}},
    {RT_MOORE,
     "rotate8reflect",
     16,
     {{0, 1, 2, 3, 4, 5, 6, 7, 8},
      {0, 2, 3, 4, 5, 6, 7, 8, 1},
      {0, 3, 4, 5, 6, 7, 8, 1, 2},
      {0, 4, 5, 6, 7, 8, 1, 2, 3},
      {0, 5, 6, 7, 8, 1, 2, 3, 4},
      {0, 6, 7, 8, 1, 2, 3, 4, 5},
      {0, 7, 8, 1, 2, 3, 4, 5, 6},
      {0, 8, 1, 2, 3, 4, 5, 6, 7},
      {0, 8, 7, 6, 5, 4, 3, 2, 1},
      {0, 7, 6, 5, 4, 3, 2, 1, 8},
      {0, 6, 5, 4, 3, 2, 1, 8, 7},
      {0, 5, 4, 3, 2, 1, 8, 7, 6},
      {0, 4, 3, 2, 1, 8, 7, 6, 5},
      {0, 3, 2, 1, 8, 7, 6, 5, 4},
      {0, 2, 1, 8, 7, 6, 5, 4, 3},
      {0, 1, 8, 7, 6, 5, 4, 3, 2}}},
    {RT_MOORE, "reflect_horizontal", 2, {{0, 1, 2, 3, 4, 5, 6, 7, 8}, {0, 1, 8, 7, 6, 5, 4, 3, 2}}},
    {RT_ONE_DIMENSIONAL, "reflect", 2, {{0, 1, 2}, {0, 2, 1}}},
    {RT_HEXAGONAL, "rotate2", 2, {{0, 1, 2, 3, 4, 5, 6}, {0, 4, 5, 6, 1, 2, 3}}},
    {RT_HEXAGONAL,
     "rotate3",
     3,
     {{0, 1, 2, 3, 4, 5, 6}, {0, 3, 4, 5, 6, 1, 2}, {0, 5, 6, 1, 2, 3, 4}}},
    {RT_HEXAGONAL,
     "rotate6",
     6,
     {{0, 1, 2, 3, 4, 5, 6},
      {0, 2, 3, 4, 5, 6, 1},
      {0, 3, 4, 5, 6, 1, 2},
      {0, 4, 5, 6, 1, 2, 3},
      {0, 5, 6, 1, 2, 3, 4},
      {0, 6, 1, 2, 3, 4, 5}}},
    {RT_HEXAGONAL,
     "rotate6reflect",
     12,
     {{0, 1, 2, 3, 4, 5, 6},
      {0, 2, 3, 4, 5, 6, 1},
      {0, 3, 4, 5, 6, 1, 2},
      {0, 4, 5, 6, 1, 2, 3},
      {0, 5, 6, 1, 2, 3, 4},
      {0, 6, 1, 2, 3, 4, 5},
      {0, 6, 5, 4, 3, 2, 1},
      {0, 5, 4, 3, 2, 1, 6},
      {0, 4, 3, 2, 1, 6, 5},
      {0, 3, 2, 1, 6, 5, 4},
      {0, 2, 1, 6, 5, 4, 3},
      {0, 1, 6, 5, 4, 3, 2}}},
};

/* Golly's starts_with: a case-insensitive prefix. */
static int starts(const char *s, const char *k) { return strncasecmp(s, k, strlen(k)) == 0; }

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n')) n--;
  s[n] = '\0';
  return s;
}

/* Splits s at any of `delims` (runs of them), as Golly's tokenize; at most max. */
static size_t tokenize(char *s, const char *delims, char **tok, size_t max) {
  size_t n = 0;
  for (char *p = s; *p;) {
    while (*p && strchr(delims, *p)) p++;
    if (!*p) break;
    if (n == max) return max + 1;
    tok[n++] = p;
    while (*p && !strchr(delims, *p)) p++;
    if (*p) *p++ = '\0';
  }
  return n;
}

/* sscanf("%u"): an optional sign, then digits (the rest ignored); -1 if none.
 * A negative number or one above 2^32 counts as out of range (UINT32_MAX). */
static long long unum(const char *s) {
  int neg = 0;
  if (*s == '+' || *s == '-') neg = *s++ == '-';
  if (!isdigit((unsigned char)*s)) return -1;
  unsigned long long v = 0;
  while (isdigit((unsigned char)*s)) {
    v = v * 10 + (unsigned long long)(*s++ - '0');
    if (v > UINT32_MAX) v = UINT32_MAX;
  }
  return neg && v ? UINT32_MAX : (long long)v;
}

static variable *find_var(table *tb, const char *name) {
  for (size_t i = 0; i < tb->nvars; i++)
    if (strcmp(tb->vars[i].name, name) == 0) return &tb->vars[i];
  return NULL;
}

static golcl_status add_transition(table *tb, const sset *in, uint8_t out) {
  if (tb->n == MAX_TRANSITIONS)
    return golcl__fail(NULL, GOLCL_E_PARSE,
                       "more than %u transitions after the variables and "
                       "symmetries are expanded",
                       MAX_TRANSITIONS);
  if (tb->n == tb->cap) {
    size_t cap = tb->cap ? 2 * tb->cap : 1024;
    sset *ni = realloc(tb->in, cap * tb->inputs * sizeof *ni);
    if (ni) tb->in = ni;
    uint8_t *no = realloc(tb->out, cap);
    if (no) tb->out = no;
    if (!ni || !no) return oom();
    tb->cap = cap;
  }
  memcpy(tb->in + tb->n * tb->inputs, in, tb->inputs * sizeof *in);
  tb->out[tb->n++] = out;
  return GOLCL_OK;
}

static void set_of(const svec *v, sset *s) {
  memset(s, 0, sizeof *s);
  for (unsigned k = 0; k < v->n; k++) sset_add(s, v->v[k]);
}

static int cmp_svec(const svec *a, const svec *b) {
  unsigned n = a->n < b->n ? a->n : b->n;
  for (unsigned k = 0; k < n; k++)
    if (a->v[k] != b->v[k]) return a->v[k] < b->v[k] ? -1 : 1;
  return a->n < b->n ? -1 : a->n > b->n;
}

/* std::next_permutation over ranks r[0..n-1]. */
static int next_perm(int *r, int n) {
  int i = n - 2;
  while (i >= 0 && r[i] >= r[i + 1]) i--;
  if (i < 0) return 0;
  int j = n - 1;
  while (r[j] <= r[i]) j--;
  int t = r[i];
  r[i] = r[j], r[j] = t;
  for (int a = i + 1, b = n - 1; a < b; a++, b--) t = r[a], r[a] = r[b], r[b] = t;
  return 1;
}

/* Golly's PackTransitions for one transition: each symmetry's image, or
 * every distinct permutation of the neighbours (from the sorted one). */
static golcl_status pack(table *tb, const svec *in, uint8_t out) {
  sset s[9];
  uint32_t n = tb->inputs;
  if (tb->permute) {
    int idx[9], rank[9];
    for (uint32_t i = 0; i < n; i++) idx[i] = (int)i;
    for (uint32_t i = 1; i < n; i++) /* insertion sort of the neighbours */
      for (uint32_t j = i; j > 1 && cmp_svec(&in[idx[j - 1]], &in[idx[j]]) > 0; j--) {
        int t = idx[j];
        idx[j] = idx[j - 1], idx[j - 1] = t;
      }
    const svec *byrank[9];
    int nr = 0;
    for (uint32_t i = 1; i < n; i++) {
      if (i == 1 || cmp_svec(&in[idx[i - 1]], &in[idx[i]]) != 0) byrank[nr++] = &in[idx[i]];
      rank[i - 1] = nr - 1;
    }
    set_of(&in[0], &s[0]);
    do {
      for (uint32_t i = 1; i < n; i++) set_of(byrank[rank[i - 1]], &s[i]);
      golcl_status st = add_transition(tb, s, out);
      if (st != GOLCL_OK) return st;
    } while (next_perm(rank, (int)n - 1));
    return GOLCL_OK;
  }
  for (int k = 0; k < tb->nremap; k++) {
    for (uint32_t i = 0; i < n; i++) set_of(&in[tb->remap ? tb->remap[k][i] : (int)i], &s[i]);
    golcl_status st = add_transition(tb, s, out);
    if (st != GOLCL_OK) return st;
  }
  return GOLCL_OK;
}

static golcl_status var_line(table *tb, const rt_lines *l, size_t li, char *line) {
  char copy[4096];
  snprintf(copy, sizeof copy, "%s", line);
  char *tok[1100];
  size_t nt = tokenize(line, "= {,}", tok, 1099);
  if (nt < 3 || nt > 1099) return LINE_FAIL(l, li, "%s", copy);
  svec v = {0};
  for (size_t i = 2; i < nt; i++) {
    variable *o = find_var(tb, tok[i]);
    if (o) {
      if (v.n + o->states.n > sizeof v.v) return LINE_FAIL(l, li, "%s - a variable too long", copy);
      memcpy(v.v + v.n, o->states.v, o->states.n);
      v.n = (uint16_t)(v.n + o->states.n);
      continue;
    }
    long long s = unum(tok[i]);
    if (s < 0) return LINE_FAIL(l, li, "%s", copy);
    if (s >= tb->states) return LINE_FAIL(l, li, "%s - state value out of range", copy);
    if (v.n == sizeof v.v) return LINE_FAIL(l, li, "%s - a variable too long", copy);
    v.v[v.n++] = (uint8_t)s;
  }
  if (strlen(tok[1]) >= sizeof tb->vars[0].name)
    return LINE_FAIL(l, li, "a variable name longer than %zu bytes", sizeof tb->vars[0].name - 1);
  variable *o = find_var(tb, tok[1]);
  if (!o) {
    if (tb->nvars == MAX_VARIABLES)
      return LINE_FAIL(l, li, "more than %d variables", MAX_VARIABLES);
    variable *m = realloc(tb->vars, (tb->nvars + 1) * sizeof *m);
    if (!m) return oom();
    tb->vars = m;
    o = &tb->vars[tb->nvars++];
    snprintf(o->name, sizeof o->name, "%s", tok[1]);
  }
  o->states = v;
  return GOLCL_OK;
}

static int cmp_name(const void *a, const void *b) {
  return strcmp((*(variable *const *)a)->name, (*(variable *const *)b)->name);
}

static golcl_status transition_line(table *tb, const rt_lines *l, size_t li, char *line) {
  uint32_t n = tb->inputs;
  static _Thread_local svec in[9];
  char copy[4096];
  snprintf(copy, sizeof copy, "%s", line);
  if (tb->states <= 10 && tb->nvars == 0 && !strchr(line, ',')) { /* "012345": 0,1,2,3,4 -> 5 */
    if (strlen(line) < n + 1) return LINE_FAIL(l, li, "%s - too few entries", copy);
    for (uint32_t i = 0; i <= n; i++) {
      char c = line[i];
      if (c < '0' || c > '9') return LINE_FAIL(l, li, "%s", copy);
      if ((uint32_t)(c - '0') >= tb->states)
        return LINE_FAIL(l, li, "%s - state out of range", copy);
      if (i < n) in[i].n = 1, in[i].v[0] = (uint8_t)(c - '0');
    }
    return pack(tb, in, (uint8_t)(line[n] - '0'));
  }
  char *tok[64];
  size_t nt = tokenize(line, ", #\t", tok, 63);
  if (nt < n + 1) return LINE_FAIL(l, li, "%s - too few entries", copy);
  /* bound variables: named more than once among the inputs and the output,
   * counted through in the order of their names (Golly's std::map) */
  variable *bound[10];
  size_t nb = 0;
  for (size_t v = 0; v < tb->nvars; v++) {
    int count = 0;
    for (uint32_t i = 0; i <= n; i++) count += strcmp(tok[i], tb->vars[v].name) == 0;
    if (count > 1) bound[nb++] = &tb->vars[v];
  }
  qsort(bound, nb, sizeof *bound, cmp_name);
  unsigned at[10] = {0};
  for (;;) {
    for (uint32_t i = 0; i < n; i++) {
      variable *var = find_var(tb, tok[i]);
      size_t b = 0;
      while (b < nb && bound[b] != var) b++;
      if (var && b < nb) {
        in[i].n = 1, in[i].v[0] = var->states.v[at[b]];
      } else if (var) {
        in[i] = var->states;
      } else {
        long long s = unum(tok[i]);
        if (s < 0) return LINE_FAIL(l, li, "%s", copy);
        if (s >= tb->states) return LINE_FAIL(l, li, "%s - state out of range", copy);
        in[i].n = 1, in[i].v[0] = (uint8_t)s;
      }
    }
    variable *ov = find_var(tb, tok[n]);
    size_t b = 0;
    while (b < nb && bound[b] != ov) b++;
    long long out;
    if (ov && b < nb)
      out = ov->states.v[at[b]];
    else if (ov && ov->states.n == 1)
      out = ov->states.v[0];
    else if ((out = unum(tok[n])) < 0)
      return LINE_FAIL(l, li, "%s - output must be state, single-state variable or bound variable",
                       copy);
    if (out >= tb->states) return LINE_FAIL(l, li, "%s - state out of range", copy);
    golcl_status st = pack(tb, in, (uint8_t)out);
    if (st != GOLCL_OK) return st;
    size_t k = 0; /* the next values of the bound variables */
    for (; k < nb; k++) {
      if (at[k] + 1 < bound[k]->states.n) {
        at[k]++;
        break;
      }
      at[k] = 0;
    }
    if (k >= nb) break;
  }
  return GOLCL_OK;
}

static golcl_status parse_table(table *tb, const rt_lines *l) {
  int have_states = 0, have_nbhd = 0, have_sym = 0, body = 0;
  /* Golly reads these anywhere but sizes its tables by the last n_states and applies the last
   * symmetries to every transition: libgolcl takes them only before the first variable or
   * transition (and the neighbourhood before the symmetries), where they mean one thing */
  static const char late[] =
      "%s after the first variable or transition (or a neighborhood after "
      "the symmetries): give n_states, neighborhood and symmetries once, "
      "first";
  tb->states = 8, tb->nbhd = RT_VON_NEUMANN, tb->inputs = 0;
  tb->nremap = 1;
  for (size_t li = 0; li < l->n; li++) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", l->v[li]);
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *line = trim(buf);
    golcl_status st = GOLCL_OK;
    if (!*line) continue;
    if ((starts(line, "n_states:") || starts(line, "symmetries:")) && body)
      return LINE_FAIL(l, li, late, starts(line, "n_states:") ? "n_states" : "symmetries");
    if (starts(line, "neighborhood:") && (body || have_sym))
      return LINE_FAIL(l, li, late, "neighborhood");
    if (starts(line, "n_states:")) {
      int v;
      if (sscanf(line + 9, "%d", &v) != 1) return LINE_FAIL(l, li, "%s", line);
      if (v < 2 || v > 256) return LINE_FAIL(l, li, "n_states out of range (min 2, max 256)");
      tb->states = (uint32_t)v;
      have_states = 1;
    } else if (starts(line, "neighborhood:")) {
      char *r = trim(line + 13);
      int k = 0;
      while (k < 4 && strcmp(r, nbhd_names[k]) != 0) k++;
      if (k == 4)
        return LINE_FAIL(l, li,
                         "unsupported neighborhood \"%s\" (vonNeumann, Moore, hexagonal, "
                         "oneDimensional)",
                         r);
      tb->nbhd = (rt_nbhd)k;
      tb->inputs = nbhd_inputs[k];
      have_nbhd = 1;
    } else if (starts(line, "symmetries:")) {
      if (!have_nbhd) return LINE_FAIL(l, li, "neighborhood must be declared before symmetries");
      char *r = trim(line + 11);
      tb->permute = strcmp(r, "permute") == 0;
      tb->remap = NULL, tb->nremap = 1;
      int ok = tb->permute || strcmp(r, "none") == 0;
      for (size_t k = 0; !ok && k < sizeof symmetries / sizeof *symmetries; k++)
        if (symmetries[k].nbhd == tb->nbhd && strcmp(symmetries[k].name, r) == 0)
          ok = 1, tb->remap = symmetries[k].remap, tb->nremap = symmetries[k].n;
      if (!ok)
        return LINE_FAIL(l, li, "unsupported symmetries \"%s\" for %s", r, nbhd_names[tb->nbhd]);
      memcpy(tb->symmetries, r, strlen(r) + 1); /* one of the names above */
      have_sym = 1;
    } else if (starts(line, "var ")) {
      if (!have_states || !have_nbhd || !have_sym)
        return LINE_FAIL(l, li,
                         "one or more of n_states, neighborhood or symmetries missing "
                         "before first variable");
      st = var_line(tb, l, li, line);
      body = 1;
    } else {
      if (!have_states || !have_nbhd || !have_sym)
        return LINE_FAIL(l, li,
                         "one or more of n_states, neighborhood or symmetries missing "
                         "before first transition");
      st = transition_line(tb, l, li, line);
      body = 1;
    }
    if (st != GOLCL_OK) {
      if (st == GOLCL_E_PARSE && !strstr(golcl_last_errmsg(), ", line ")) {
        char m[1024];
        snprintf(m, sizeof m, "%s", golcl_last_errmsg());
        return LINE_FAIL(l, li, "%s", m);
      }
      return st;
    }
  }
  if (!have_states || !have_nbhd || !have_sym)
    return LINE_FAIL(l, l->n ? l->n - 1 : 0,
                     "one or more of n_states, neighborhood or symmetries missing");
  return GOLCL_OK;
}

/* ------------------------------------------------------- table to tree */

/* The tree being built: nodes shared through a hash table of their
 * entries, and a memo of (input, the cell's state, transitions left). */
typedef struct builder {
  const table *tb;
  int32_t *a;
  size_t n, cap;   /* entries */
  uint32_t *slots; /* node hash: offset + 1, 0 empty */
  size_t nslots, nnodes;
  uint8_t *level_of; /* per node (by offset / states) */
  struct memo *memo;
  size_t nmemo, memo_slots;
  uint32_t *wild; /* per transition: the first input from which it takes every state */
  sset full;
  golcl_status err;
} builder;

typedef struct memo {
  uint32_t level, c, len, node;
  uint64_t hash;
  uint32_t *list; /* NULL: empty slot */
} memo;

/* FNV-1a over n 32-bit words (not bytes: a node of 256 states was 1 KB to
 * hash byte by byte, a third of a large table's compile), then mixed. */
static uint64_t hash_ints(const void *p, size_t n, uint64_t seed) {
  const uint32_t *w = p;
  uint64_t h = seed ^ 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ w[i]) * 0x100000001b3ULL;
  return golcl__mix64(h);
}

static golcl_status grow_nodes(builder *b) {
  size_t ns = b->nslots ? 2 * b->nslots : 1024;
  uint32_t *s = calloc(ns, sizeof *s);
  if (!s) return oom();
  uint32_t st = b->tb->states;
  for (size_t i = 0; i < b->nslots; i++) {
    uint32_t o = b->slots[i];
    if (!o) continue;
    uint64_t h = hash_ints(b->a + o - 1, st, b->level_of[(o - 1) / st]);
    size_t k = h & (ns - 1);
    while (s[k]) k = (k + 1) & (ns - 1);
    s[k] = o;
  }
  free(b->slots);
  b->slots = s, b->nslots = ns;
  return GOLCL_OK;
}

/* The offset of the node (level, e[states]), made if new; -1 on failure. */
static int32_t node(builder *b, uint32_t level, const int32_t *e) {
  uint32_t st = b->tb->states;
  if (b->err != GOLCL_OK) return -1;
  if ((b->nnodes + 1) * 2 > b->nslots && (b->err = grow_nodes(b)) != GOLCL_OK) return -1;
  uint64_t h = hash_ints(e, st, level);
  size_t k = h & (b->nslots - 1);
  for (; b->slots[k]; k = (k + 1) & (b->nslots - 1)) {
    uint32_t o = b->slots[k] - 1;
    if (b->level_of[o / st] == level && memcmp(b->a + o, e, st * sizeof *e) == 0) return (int32_t)o;
  }
  if (b->n + st > MAX_ENTRIES) {
    b->err =
        golcl__fail(NULL, GOLCL_E_PARSE, "the compiled tree has more than %u entries", MAX_ENTRIES);
    return -1;
  }
  if (b->n + st > b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 4096;
    while (cap < b->n + st) cap *= 2;
    int32_t *m = realloc(b->a, cap * sizeof *m);
    uint8_t *lv = realloc(b->level_of, cap / st + 1);
    if (m) b->a = m;
    if (lv) b->level_of = lv;
    if (!m || !lv) {
      b->err = oom();
      return -1;
    }
    b->cap = cap;
  }
  int32_t o = (int32_t)b->n;
  memcpy(b->a + o, e, st * sizeof *e);
  b->level_of[(size_t)o / st] = (uint8_t)level;
  b->n += st;
  b->nnodes++;
  b->slots[k] = (uint32_t)o + 1;
  return o;
}

/* A node of `level` whose every walk gives `out`. */
static int32_t constant(builder *b, uint32_t level, uint32_t out) {
  uint32_t st = b->tb->states;
  int32_t e[256];
  int32_t child = (int32_t)out;
  for (uint32_t lv = b->tb->inputs; lv-- > level;) {
    for (uint32_t s = 0; s < st; s++) e[s] = child;
    child = node(b, lv, e);
    if (child < 0) return -1;
  }
  return child;
}

static memo *memo_slot(builder *b, uint32_t level, uint32_t c, const uint32_t *list, uint32_t len,
                       uint64_t h) {
  size_t k = h & (b->memo_slots - 1);
  for (; b->memo[k].list; k = (k + 1) & (b->memo_slots - 1)) {
    memo *m = &b->memo[k];
    if (m->hash == h && m->level == level && m->c == c && m->len == len &&
        memcmp(m->list, list, len * sizeof *list) == 0)
      return m;
  }
  return &b->memo[k];
}

static golcl_status grow_memo(builder *b) {
  size_t ns = b->memo_slots ? 2 * b->memo_slots : 1024;
  memo *m = calloc(ns, sizeof *m);
  if (!m) return oom();
  for (size_t i = 0; i < b->memo_slots; i++) {
    if (!b->memo[i].list) continue;
    size_t k = b->memo[i].hash & (ns - 1);
    while (m[k].list) k = (k + 1) & (ns - 1);
    m[k] = b->memo[i];
  }
  free(b->memo);
  b->memo = m, b->memo_slots = ns;
  return GOLCL_OK;
}

static inline int takes(const table *tb, uint32_t t, uint32_t input, uint32_t s) {
  return sset_has(&tb->in[(size_t)t * tb->inputs + input], s);
}

/* The node for input `level` given the cell's state c (level 0 is the cell
 * itself, so c is known below it) and the transitions still possible. */
static int32_t build(builder *b, uint32_t level, uint32_t c, uint32_t *list, uint32_t len) {
  const table *tb = b->tb;
  if (b->err != GOLCL_OK) return -1;
  /* a transition that takes every state from here on ends the list */
  for (uint32_t i = 0; i < len; i++)
    if (b->wild[list[i]] <= level) {
      if (i == 0) return constant(b, level, tb->out[list[0]]);
      len = i + 1;
      break;
    }
  if (len == 0 && level > 0) return constant(b, level, c);
  uint64_t h = hash_ints(list, len, (uint64_t)level << 32 | c);
  if ((b->nmemo + 1) * 2 > b->memo_slots && (b->err = grow_memo(b)) != GOLCL_OK) return -1;
  memo *m = memo_slot(b, level, c, list, len, h);
  if (m->list) return (int32_t)m->node;
  uint32_t st = tb->states;
  int32_t e[256];
  uint32_t *sub = malloc((len ? len : 1) * sizeof *sub);
  if (!sub) return b->err = oom(), -1;
  for (uint32_t s = 0; s < st && b->err == GOLCL_OK; s++) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < len; i++)
      if (takes(tb, list[i], level, s)) sub[k++] = list[i];
    uint32_t cc = level == 0 ? s : c;
    if (level + 1 == tb->inputs)
      e[s] = k ? tb->out[sub[0]] : (int32_t)cc;
    else
      e[s] = build(b, level + 1, cc, sub, k);
  }
  free(sub);
  int32_t o = b->err == GOLCL_OK ? node(b, level, e) : -1;
  if (o < 0) return -1;
  if ((b->nmemo + 1) * 2 > b->memo_slots && (b->err = grow_memo(b)) != GOLCL_OK) return -1;
  m = memo_slot(b, level, c, list, len, h); /* the table may have grown */
  m->list = malloc((len ? len : 1) * sizeof *list);
  if (!m->list) return b->err = oom(), -1;
  memcpy(m->list, list, len * sizeof *list);
  m->level = level, m->c = c, m->len = len, m->node = (uint32_t)o, m->hash = h;
  b->nmemo++;
  return o;
}

static golcl_status compile(const table *tb, golcl_ruletree *t) {
  builder b;
  memset(&b, 0, sizeof b);
  b.tb = tb;
  uint32_t *all = malloc((tb->n ? tb->n : 1) * sizeof *all);
  b.wild = malloc((tb->n ? tb->n : 1) * sizeof *b.wild);
  if (!all || !b.wild) b.err = oom();
  sset full = {{0}};
  for (uint32_t s = 0; s < tb->states; s++) sset_add(&full, s);
  for (uint32_t i = 0; b.err == GOLCL_OK && i < tb->n; i++) {
    all[i] = i;
    uint32_t lv = tb->inputs;
    while (lv > 0 && memcmp(&tb->in[(size_t)i * tb->inputs + lv - 1], &full, sizeof full) == 0)
      lv--;
    b.wild[i] = lv;
  }
  int32_t root = b.err == GOLCL_OK ? build(&b, 0, 0, all, (uint32_t)tb->n) : -1;
  free(all);
  free(b.wild);
  for (size_t i = 0; i < b.memo_slots; i++) free(b.memo[i].list);
  free(b.memo);
  free(b.slots);
  free(b.level_of);
  if (root < 0) {
    free(b.a);
    return b.err != GOLCL_OK ? b.err : oom();
  }
  t->a = b.a;
  t->states = tb->states;
  t->depth = tb->inputs;
  memcpy(t->order, nbhd_cells[tb->nbhd], tb->inputs);
  t->nodes = (uint32_t)b.nnodes;
  t->entries = (uint32_t)b.n;
  t->base = (uint32_t)root;
  return GOLCL_OK;
}

golcl_status golcl__ruletree_from_table(const rt_lines *l, golcl_ruletree *t) {
  table tb;
  memset(&tb, 0, sizeof tb);
  golcl_status s = parse_table(&tb, l);
  if (s == GOLCL_OK) {
    s = compile(&tb, t);
    t->from_table = 1;
    t->nbhd = tb.nbhd;
    t->transitions = tb.n;
    memcpy(t->symmetries, tb.symmetries, sizeof t->symmetries);
  }
  free(tb.vars);
  free(tb.in);
  free(tb.out);
  return s;
}

/* --------------------------------------------------------------- reference */

void golcl__ruletree_once(const golcl_ruletree *t, int torus, uint32_t w, uint32_t h,
                          const uint8_t *c, uint8_t *o) {
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint8_t v[9];
      for (int dy = -1, k = 0; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++, k++) {
          int64_t xx = (int64_t)x + dx, yy = (int64_t)y + dy;
          if (torus) {
            xx = (xx % w + w) % w;
            yy = (yy % h + h) % h;
          } else if (xx < 0 || yy < 0 || xx >= w || yy >= h) {
            v[k] = 0;
            continue;
          }
          v[k] = c[(size_t)yy * w + (size_t)xx];
        }
      o[(size_t)y * w + x] = golcl__ruletree_next(t, v);
    }
}

/* --------------------------------------------------------------- WireWorld */

int golcl__ruletree_is_wireworld(const golcl_ruletree *t) {
  if (t->states != 4) return 0;
  uint8_t v[9];
  for (uint32_t code = 0; code < (1u << 18); code++) { /* every neighbourhood, 2 bits a cell */
    uint32_t heads = 0;
    for (int k = 0; k < 9; k++) {
      v[k] = (uint8_t)(code >> (2 * k) & 3);
      heads += k != RT_C && v[k] == 1;
    }
    uint8_t c = v[RT_C], want = c == 0                     ? 0
                                : c == 1                   ? 2
                                : c == 2                   ? 3
                                : heads == 1 || heads == 2 ? 1
                                                           : 3;
    if (golcl__ruletree_next(t, v) != want) return 0;
  }
  return 1;
}
