/* ruleloader.c — Golly's .rule files: the sections of the text (the first
 * @TABLE or @TREE is the rule, @COLORS the colours; the rest skipped), the
 * rule folders looked in, and the library's cache of compiled rules (a tree
 * is shared by every rule value that names the same text, and kept until
 * exit, so that golcl_msrule stays a plain value). */
#include "ruletree.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RULE_FILE (16u << 20) /* bytes: Golly's largest is 61 KB */
#define MAX_DIR 4000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static golcl_ruletree *cache; /* every tree made by golcl_msrule_load, never freed */
static char user_dir[MAX_DIR + 1];

/* ------------------------------------------------------------ the text */

static void free_lines(rt_lines *l) {
  for (size_t i = 0; i < l->n; i++) free(l->v[i]);
  free(l->v);
  l->v = NULL;
  l->n = 0;
}

/* Splits text into lines at \n, \r\n or \r (Golly's linereader). */
static golcl_status split(const char *text, size_t len, rt_lines *out) {
  size_t cap = 64;
  out->v = malloc(cap * sizeof *out->v);
  out->n = 0;
  if (!out->v) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && text[j] != '\n' && text[j] != '\r') j++;
    if (out->n == cap) {
      char **m = realloc(out->v, (cap *= 2) * sizeof *m);
      if (!m)
        return free_lines(out), golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
      out->v = m;
    }
    char *s = malloc(j - i + 1);
    if (!s) return free_lines(out), golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
    memcpy(s, text + i, j - i);
    s[j - i] = '\0';
    out->v[out->n++] = s;
    if (j < len && text[j] == '\r' && j + 1 < len && text[j + 1] == '\n') j++;
    i = j + 1;
  }
  return GOLCL_OK;
}

/* Golly's default colours of RuleLoader: a gradient from red (state 1) to
 * yellow (the last state); state 0 black. */
static void default_colours(golcl_ruletree *t) {
  memset(t->rgb, 0, sizeof t->rgb);
  uint32_t n = t->states;
  for (uint32_t s = 1; s < n; s++) {
    t->rgb[s][0] = 255;
    t->rgb[s][1] = n > 2 ? (uint8_t)((255 * (s - 1)) / (n - 2)) : 0;
    t->rgb[s][2] = 0;
  }
}

/* Up to `max` numbers at the start of a line (after spaces); returns how many. */
static int numbers(const char *s, long *v, int max) {
  int k = 0;
  while (k < max) {
    while (*s == ' ' || *s == '\t') s++;
    if (!isdigit((unsigned char)*s)) break;
    long x = 0;
    while (isdigit((unsigned char)*s) && x < 100000) x = x * 10 + (*s++ - '0');
    v[k++] = x;
  }
  return k;
}

/* @COLORS: "state r g b" lines, or "r1 g1 b1 r2 g2 b2" for a gradient over
 * states 1..N-1; anything else (comments, names after the numbers) skipped. */
static void colours(const rt_lines *l, size_t from, size_t to, golcl_ruletree *t) {
  for (size_t i = from; i < to; i++) {
    long v[6];
    int k = numbers(l->v[i], v, 6);
    int bad = 0;
    for (int j = 0; j < k; j++) bad |= v[j] > 255 && !(k == 4 && j == 0);
    if (bad) continue;
    if (k == 6) {
      for (uint32_t s = 1; s < t->states; s++) {
        double f = t->states > 2 ? (double)(s - 1) / (t->states - 2) : 0;
        for (int c = 0; c < 3; c++) t->rgb[s][c] = (uint8_t)(v[c] + (v[c + 3] - v[c]) * f + 0.5);
        t->has_rgb[s] = 1;
      }
    } else if (k == 4 && v[0] < (long)t->states) {
      for (int c = 0; c < 3; c++) t->rgb[v[0]][c] = (uint8_t)v[c + 1];
      t->has_rgb[v[0]] = 1;
    }
  }
}

void golcl__ruletree_free(golcl_ruletree *t) {
  if (!t) return;
  free(t->a);
  free(t);
}

golcl_status golcl__ruletree_parse(const char *name, const char *text, size_t len,
                                   golcl_ruletree **out) {
  *out = NULL;
  if (!name || !text)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_load: NULL argument");
  size_t nl = strlen(name);
  if (!nl || nl >= GOLCL_RULE_NAME_CAP)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_load: a rule name of %zu bytes (1..%d)", nl,
                       GOLCL_RULE_NAME_CAP - 1);
  if (len > MAX_RULE_FILE)
    return golcl__fail(NULL, GOLCL_E_PARSE, "%s.rule: longer than %u bytes", name, MAX_RULE_FILE);
  rt_lines l = {0};
  golcl_status s = split(text, len, &l);
  if (s != GOLCL_OK) return s;
  golcl_ruletree *t = calloc(1, sizeof *t);
  char file[GOLCL_RULE_NAME_CAP + 8];
  snprintf(file, sizeof file, "%s.rule", name);
  if (!t) s = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t sec = l.n; /* the first @TABLE or @TREE line */
  for (size_t i = 0; s == GOLCL_OK && i < l.n && sec == l.n; i++)
    if (strcmp(l.v[i], "@TABLE") == 0 || strcmp(l.v[i], "@TREE") == 0) sec = i;
  if (s == GOLCL_OK && sec == l.n)
    s = golcl__fail(NULL, GOLCL_E_PARSE, "%s: no @TABLE or @TREE section", file);
  if (s == GOLCL_OK) {
    size_t end = sec + 1;
    while (end < l.n && l.v[end][0] != '@') end++;
    memcpy(t->name, name, nl + 1);
    t->magic = GOLCL__RULETREE_MAGIC;
    rt_lines part = {l.v + sec + 1, end - sec - 1, sec + 2, file};
    s = l.v[sec][2] == 'A' ? golcl__ruletree_from_table(&part, t)
                           : golcl__ruletree_from_tree(&part, t);
  }
  if (s == GOLCL_OK) {
    t->wireworld = golcl__ruletree_is_wireworld(t);
    default_colours(t);
    for (size_t i = 0; i < l.n; i++)
      if (strcmp(l.v[i], "@COLORS") == 0) {
        size_t end = i + 1;
        while (end < l.n && l.v[end][0] != '@') end++;
        colours(&l, i + 1, end, t);
      }
  }
  free_lines(&l);
  if (s != GOLCL_OK) {
    golcl__ruletree_free(t);
    return s;
  }
  *out = t;
  return GOLCL_OK;
}

/* ----------------------------------------------------------------- cache */

static uint64_t text_hash(const char *name, const char *text, size_t len) {
  uint64_t h = 0x6a09e667f3bcc909ULL;
  for (const char *p = name; *p; p++) h = golcl__mix64(h ^ (uint8_t)*p);
  h = golcl__mix64(h ^ 0x100);
  for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)text[i]) * 0x100000001b3ULL;
  return golcl__mix64(h ^ len);
}

int golcl__ruletree_valid(const golcl_ruletree *t) {
  if (!t) return 0;
  pthread_mutex_lock(&lock);
  const golcl_ruletree *c = cache;
  while (c && c != t) c = c->next;
  pthread_mutex_unlock(&lock);
  return c != NULL;
}

static void rule_of(const golcl_ruletree *t, golcl_msrule *out) {
  memset(out, 0, sizeof *out);
  out->family = GOLCL_MS_RULELOADER;
  out->states = t->states;
  out->tree = t;
}

golcl_status golcl_msrule_load(const char *name, const char *text, size_t len, golcl_msrule *out) {
  if (!name || !text || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_load: NULL argument");
  uint64_t h = text_hash(name, text, len);
  pthread_mutex_lock(&lock);
  golcl_ruletree *c = cache;
  while (c && !(c->text_hash == h && strcmp(c->name, name) == 0)) c = c->next;
  pthread_mutex_unlock(&lock);
  if (c) {
    rule_of(c, out);
    return GOLCL_OK;
  }
  golcl_ruletree *t;
  golcl_status s = golcl__ruletree_parse(name, text, len, &t);
  if (s != GOLCL_OK) return s;
  t->text_hash = h;
  pthread_mutex_lock(&lock);
  for (c = cache; c && !(c->text_hash == h && strcmp(c->name, name) == 0);) c = c->next;
  if (!c) { /* another thread may have made it meanwhile */
    t->next = cache;
    cache = c = t;
    t = NULL;
  }
  pthread_mutex_unlock(&lock);
  golcl__ruletree_free(t);
  rule_of(c, out);
  return GOLCL_OK;
}

/* --------------------------------------------------------------- files */

golcl_status golcl_msrule_load_file(const char *path, golcl_msrule *out) {
  if (!path || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_load_file: NULL argument");
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".rule") == 0) n -= 5;
  if (!n || n >= GOLCL_RULE_NAME_CAP)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_load_file: %s: a rule name of %zu bytes", path, n);
  char name[GOLCL_RULE_NAME_CAP];
  memcpy(name, base, n);
  name[n] = '\0';
  char *text;
  size_t len;
  golcl_status s = golcl__ms_read_file(path, MAX_RULE_FILE, &text, &len);
  if (s == GOLCL_OK) {
    s = golcl_msrule_load(name, text, len, out);
    free(text);
  }
  return s;
}

golcl_status golcl_msrule_set_rules_dir(const char *dir) {
  if (dir && strlen(dir) > MAX_DIR)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_set_rules_dir: a folder of %zu bytes", strlen(dir));
  pthread_mutex_lock(&lock);
  snprintf(user_dir, sizeof user_dir, "%s", dir ? dir : "");
  pthread_mutex_unlock(&lock);
  return GOLCL_OK;
}

/* The folders looked in, in order (empty ones left out). */
static int dirs(char d[3][MAX_DIR + 1]) {
  int n = 0;
  pthread_mutex_lock(&lock);
  if (user_dir[0]) snprintf(d[n++], MAX_DIR + 1, "%s", user_dir);
  pthread_mutex_unlock(&lock);
  const char *env = getenv("GOLCL_RULES");
  if (env && *env && strlen(env) <= MAX_DIR) snprintf(d[n++], MAX_DIR + 1, "%s", env);
  snprintf(d[n++], MAX_DIR + 1, "%s", GOLCL_GOLLY_RULES_DIR);
  return n;
}

golcl_status golcl__ruletree_find(const char *name, golcl_msrule *out) {
  size_t nl = strlen(name);
  if (!nl || nl >= GOLCL_RULE_NAME_CAP)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "rule \"%s\": no rule of that name (%zu bytes)",
                       name, nl);
  char file[GOLCL_RULE_NAME_CAP + 8];
  snprintf(file, sizeof file, "%s.rule", name);
  for (char *p = file; *p; p++) /* Golly's "dangerous" characters */
    if (*p == '/' || *p == '\\') *p = '_';
  static _Thread_local char d[3][MAX_DIR + 1];
  int nd = dirs(d);
  char looked[3 * (MAX_DIR + GOLCL_RULE_NAME_CAP + 16)] = "";
  size_t ll = 0, fl = strlen(file);
  for (int i = 0; i < nd; i++) {
    char path[MAX_DIR + GOLCL_RULE_NAME_CAP + 16]; /* DIR/NAME.rule, lengths checked */
    size_t dl = strnlen(d[i], MAX_DIR), pl = dl;
    memcpy(path, d[i], dl);
    if (dl && path[dl - 1] != '/') path[pl++] = '/';
    memcpy(path + pl, file, fl + 1);
    pl += fl;
    if (ll + pl + 3 < sizeof looked) { /* the list of the paths looked for */
      if (ll) memcpy(looked + ll, ", ", 2), ll += 2;
      memcpy(looked + ll, path, pl + 1);
      ll += pl;
    }
    char *text;
    size_t len;
    if (golcl__ms_read_file(path, MAX_RULE_FILE, &text, &len) != GOLCL_OK) continue;
    int has = 0; /* Golly goes on to the next folder if a file has neither section */
    for (size_t k = 0; k + 5 <= len && !has; k++)
      has = (k == 0 || text[k - 1] == '\n' || text[k - 1] == '\r') && text[k] == '@' &&
            (strncmp(text + k, "@TABLE", 6) == 0 || strncmp(text + k, "@TREE", 5) == 0);
    if (!has && i + 1 < nd) {
      free(text);
      continue;
    }
    golcl_status s = golcl_msrule_load(name, text, len, out);
    free(text);
    if (s != GOLCL_OK) {
      char m[GOLCL__ERRMSG_CAP - 64];
      snprintf(m, sizeof m, "%s", golcl_last_errmsg());
      return golcl__fail(NULL, s, "%s: %s", path, m);
    }
    return GOLCL_OK;
  }
  return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "rule \"%s\": not a rule of Generations, Larger than Life or two states, and "
                     "no rule file of that name: looked for %s (golcl --rules DIR or "
                     "$GOLCL_RULES name another folder)",
                     name, looked);
}

/* ------------------------------------------------------------- queries */

golcl_status golcl_msrule_tree_info(const golcl_msrule *r, golcl_ruletree_info *out) {
  if (!r || !out || r->family != GOLCL_MS_RULELOADER || !golcl__ruletree_valid(r->tree))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_tree_info: NULL argument or not a RuleLoader rule");
  static const char *const nb[] = {"vonNeumann", "Moore", "hexagonal", "oneDimensional"};
  const golcl_ruletree *t = r->tree;
  memset(out, 0, sizeof *out);
  out->from_table = t->from_table;
  out->neighbourhood = nb[t->nbhd];
  out->symmetries = t->symmetries;
  out->states = t->states;
  out->inputs = t->depth;
  out->transitions = t->transitions;
  out->nodes = t->nodes;
  out->entries = t->entries;
  return GOLCL_OK;
}

golcl_status golcl_msrule_colour(const golcl_msrule *r, unsigned state, uint8_t rgb[3]) {
  if (!r || !rgb || r->family != GOLCL_MS_RULELOADER || !golcl__ruletree_valid(r->tree))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_colour: NULL argument or not a RuleLoader rule");
  const golcl_ruletree *t = r->tree;
  if (state >= 256) state = 0;
  memcpy(rgb, t->rgb[state], 3);
  return GOLCL_OK;
}
