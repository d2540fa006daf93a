/* bgolly.c — see bgolly.h. */
#include "bgolly.h"

#include <dirent.h>
#include <sys/stat.h>

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int bg_find(char *path, size_t cap) {
  const char *env = getenv("GOLCL_BGOLLY");
  if (env && *env) {
    snprintf(path, cap, "%s", env);
    return access(path, X_OK) == 0;
  }
  const char *p = getenv("PATH");
  if (!p) return 0;
  char *dirs = strdup(p), *save = NULL;
  int found = 0;
  for (char *d = strtok_r(dirs, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
    snprintf(path, cap, "%s/bgolly", *d ? d : ".");
    found = access(path, X_OK) == 0;
  }
  free(dirs);
  return found;
}

const char *bg_rules_dir(void) {
  static char dir[1024];
  const char *env = getenv("GOLCL_GOLLY_RULES");
  snprintf(dir, sizeof dir, "%s/", env && *env ? env : "/usr/share/golly/Rules");
  return dir;
}

static int cmp_yx(const void *a, const void *b) {
  const uint32_t *p = a, *q = b;
  if (p[1] != q[1]) return p[1] < q[1] ? -1 : 1;
  return p[0] < q[0] ? -1 : p[0] > q[0];
}

/* n records of `stride` words, (x, y, ...): shifted to 0 and sorted (y, x). */
static void normalise(uint32_t *v, size_t n, size_t stride) {
  uint32_t mx = UINT32_MAX, my = UINT32_MAX;
  for (size_t i = 0; i < n; i++) {
    if (v[stride * i] < mx) mx = v[stride * i];
    if (v[stride * i + 1] < my) my = v[stride * i + 1];
  }
  for (size_t i = 0; i < n; i++) v[stride * i] -= mx, v[stride * i + 1] -= my;
  qsort(v, n, stride * sizeof *v, cmp_yx);
}

void bg_normalise(uint32_t *xy, size_t n) { normalise(xy, n, 2); }

int bg_parse_rle(const char *t, bg_cells *out) {
  memset(out, 0, sizeof *out);
  size_t cap = 64;
  out->xy = malloc(2 * sizeof *out->xy * cap);
  const char *p = t;
  while (*p) { /* comments and header */
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    if (*p == '#' || len == 0 || *p == '\r') {
      p += len + (eol != NULL);
      continue;
    }
    if (*p == 'x') {
      const char *r = strstr(p, "rule");
      if (r && r < p + len) {
        r = strchr(r, '=');
        if (r && r < p + len) {
          r++;
          while (*r == ' ') r++;
          size_t k = 0;
          while (r < p + len && !isspace((unsigned char)*r) && k + 1 < sizeof out->rule)
            out->rule[k++] = *r++;
          out->rule[k] = '\0';
        }
      }
      p += len + (eol != NULL);
    }
    break;
  }
  uint32_t x = 0, y = 0;
  uint64_t run = 0;
  for (; *p && *p != '!'; p++) {
    char c = *p;
    if (isdigit((unsigned char)c)) {
      run = run * 10 + (uint64_t)(c - '0');
      if (run > (1u << 30)) return -1;
      continue;
    }
    if (isspace((unsigned char)c)) continue;
    uint64_t n = run ? run : 1;
    run = 0;
    if (c == '$') {
      y += (uint32_t)n, x = 0;
    } else if (c == 'b' || c == '.') {
      x += (uint32_t)n;
    } else if (isalpha((unsigned char)c)) {
      for (uint64_t i = 0; i < n; i++) {
        if (out->n == cap) {
          cap *= 2;
          out->xy = realloc(out->xy, 2 * sizeof *out->xy * cap);
        }
        out->xy[2 * out->n] = x++;
        out->xy[2 * out->n + 1] = y;
        out->n++;
      }
    } else {
      return -1;
    }
  }
  bg_normalise(out->xy, out->n);
  return 0;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  size_t k;
  while ((k = fread(b + n, 1, cap - n - 1, f)) > 0) {
    n += k;
    if (cap - n < 2) b = realloc(b, cap *= 2);
  }
  b[n] = '\0';
  fclose(f);
  return b;
}

static int run_in(const char *bgolly, const char *algo, const char *rules, const char *in,
                  const char *dir, uint64_t gen, char **result, char *err, size_t errcap);

int bg_run_text(const char *bgolly, const char *algo, const char *text, const char *ext,
                uint64_t gen, char **result, char *err, size_t errcap) {
  return bg_run_text_rules(bgolly, algo, NULL, text, ext, gen, result, err, errcap);
}

int bg_run_text_rules(const char *bgolly, const char *algo, const char *rules, const char *text,
                      const char *ext, uint64_t gen, char **result, char *err, size_t errcap) {
  char dir[] = "/tmp/golcl_bg_XXXXXX";
  *result = NULL;
  if (!mkdtemp(dir)) {
    snprintf(err, errcap, "mkdtemp failed");
    return -1;
  }
  char in[64];
  snprintf(in, sizeof in, "%s/in.%s", dir, ext);
  FILE *f = fopen(in, "w");
  if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
    snprintf(err, errcap, "cannot write %s", in);
    return -1;
  }
  int rc = run_in(bgolly, algo, rules, in, dir, gen, result, err, errcap);
  remove(in), rmdir(dir);
  return rc;
}

int bg_run_path(const char *bgolly, const char *algo, const char *path, uint64_t gen, char **result,
                char *err, size_t errcap) {
  return bg_run_path_rules(bgolly, algo, NULL, path, gen, result, err, errcap);
}

int bg_run_path_rules(const char *bgolly, const char *algo, const char *rules, const char *path,
                      uint64_t gen, char **result, char *err, size_t errcap) {
  char dir[] = "/tmp/golcl_bg_XXXXXX";
  *result = NULL;
  if (!mkdtemp(dir)) {
    snprintf(err, errcap, "mkdtemp failed");
    return -1;
  }
  int rc = run_in(bgolly, algo, rules, path, dir, gen, result, err, errcap);
  rmdir(dir);
  return rc;
}

/* Runs bgolly on the file `in` (with `-s rules` where rules is not NULL),
 * its result and log in `dir`. */
static int run_in(const char *bgolly, const char *algo, const char *rules, const char *in,
                  const char *dir, uint64_t gen, char **result, char *err, size_t errcap) {
  char res[64], log[64], gens[32];
  snprintf(res, sizeof res, "%s/out.rle", dir);
  snprintf(log, sizeof log, "%s/log", dir);
  snprintf(gens, sizeof gens, "%llu", (unsigned long long)gen);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    FILE *lf = freopen(log, "w", stdout);
    if (!lf || dup2(fileno(stdout), 2) < 0) _exit(126);
    if (rules)
      execl(bgolly, bgolly, "-q", "-q", "-a", algo, "-s", rules, "-m", gens, "-o", res, in,
            (char *)NULL);
    else
      execl(bgolly, bgolly, "-q", "-q", "-a", algo, "-m", gens, "-o", res, in, (char *)NULL);
    _exit(127);
  }
  int st = 0, rc = -1;
  if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
    *result = slurp(res);
    if (*result)
      rc = 0;
    else
      snprintf(err, errcap, "bgolly wrote no %s", res);
  } else {
    char *t = slurp(log);
    snprintf(err, errcap, "bgolly failed: %s", t ? t : "(no log)");
    free(t);
  }
  remove(res), remove(log);
  return rc;
}

int bg_run(const char *bgolly, const char *rle, uint64_t gen, bg_cells *out, char *err,
           size_t errcap) {
  memset(out, 0, sizeof *out);
  /* QuickLife for RLE (B0 rules, bounded grids); macrocell needs HashLife */
  const char *algo = strncmp(rle, "[M2]", 4) == 0 ? "HashLife" : "QuickLife";
  char *t;
  if (bg_run_text(bgolly, algo, rle, "rle", gen, &t, err, errcap) != 0) return -1;
  int rc = bg_parse_rle(t, out);
  if (rc != 0) snprintf(err, errcap, "bgolly wrote no readable RLE");
  free(t);
  return rc;
}

void bg_ms_normalise(uint32_t *xys, size_t n) { normalise(xys, n, 3); }

int bg_parse_ms_rle(const char *t, bg_mscells *out) {
  memset(out, 0, sizeof *out);
  size_t cap = 64;
  out->xys = malloc(3 * sizeof *out->xys * cap);
  const char *p = t;
  while (*p && (*p == '#' || *p == '\n' || *p == '\r')) { /* comments */
    const char *eol = strchr(p, '\n');
    p = eol ? eol + 1 : p + strlen(p);
  }
  if (*p == 'x') { /* the header */
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    const char *r = strstr(p, "rule");
    if (r && r < p + len && (r = strchr(r, '=')) && r < p + len) {
      for (r++; *r == ' '; r++) {
      }
      size_t k = 0;
      while (r < p + len && !isspace((unsigned char)*r) && k + 1 < sizeof out->rule)
        out->rule[k++] = *r++;
      out->rule[k] = '\0';
    }
    p += len + (eol != NULL);
  }
  uint32_t x = 0, y = 0;
  uint64_t run = 0;
  for (; *p && *p != '!'; p++) {
    char c = *p;
    if (isdigit((unsigned char)c)) {
      run = run * 10 + (uint64_t)(c - '0');
      if (run > (1u << 30)) return -1;
      continue;
    }
    if (isspace((unsigned char)c)) continue;
    uint64_t n = run ? run : 1;
    run = 0;
    uint32_t s;
    if (c == '$') {
      y += (uint32_t)n, x = 0;
      continue;
    } else if (c == 'b' || c == '.') {
      x += (uint32_t)n;
      continue;
    } else if (c == 'o') {
      s = 1;
    } else if (c >= 'A' && c <= 'X') {
      s = (uint32_t)(c - 'A' + 1);
    } else if (c >= 'p' && c <= 'y' && p[1] >= 'A' && p[1] <= 'X') {
      s = 24 * (uint32_t)(c - 'p' + 1) + (uint32_t)(*++p - 'A' + 1);
    } else {
      return -1;
    }
    for (uint64_t i = 0; i < n; i++) {
      if (out->n == cap) {
        cap *= 2;
        out->xys = realloc(out->xys, 3 * sizeof *out->xys * cap);
      }
      out->xys[3 * out->n] = x++;
      out->xys[3 * out->n + 1] = y;
      out->xys[3 * out->n + 2] = s;
      out->n++;
    }
  }
  bg_ms_normalise(out->xys, out->n);
  return 0;
}

int bg_ms_same(const uint8_t *c, uint32_t w, uint32_t h, const bg_mscells *g, size_t *n_out) {
  size_t n = 0;
  for (size_t i = 0; i < (size_t)w * h; i++) n += c[i] != 0;
  if (n_out) *n_out = n;
  if (n != g->n) return 0;
  uint32_t *t = malloc(3 * sizeof *t * (n + 1));
  for (size_t i = 0, j = 0; i < (size_t)w * h; i++)
    if (c[i]) t[3 * j] = (uint32_t)(i % w), t[3 * j + 1] = (uint32_t)(i / w), t[3 * j++ + 2] = c[i];
  bg_ms_normalise(t, n);
  int same = memcmp(t, g->xys, 3 * sizeof *t * n) == 0;
  free(t);
  return same;
}

void bg_ms_free(bg_mscells *c) {
  free(c->xys);
  c->xys = NULL;
  c->n = 0;
}

void bg_free(bg_cells *c) {
  free(c->xy);
  c->xy = NULL;
  c->n = 0;
}

typedef struct file_list {
  char **v;
  size_t n, cap;
} file_list;

static void list_walk(const char *dir, file_list *l) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[2048];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(p, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      list_walk(p, l);
      continue;
    }
    if (l->n == l->cap) {
      l->cap = l->cap ? 2 * l->cap : 512;
      l->v = realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = strdup(p);
  }
  closedir(d);
}

static int cmp_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

char **bg_list_files(const char *dir, size_t *n) {
  file_list l = {NULL, 0, 0};
  list_walk(dir, &l);
  if (l.n) qsort(l.v, l.n, sizeof *l.v, cmp_path);
  *n = l.n;
  return l.v;
}

int bg_hashlife_mc(const char *bgolly, const char *path, uint64_t gen, const char *out,
                   uint64_t *pop) {
  char gens[32], log[128];
  snprintf(gens, sizeof gens, "%llu", (unsigned long long)gen);
  snprintf(log, sizeof log, "%s.log", out);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    FILE *lf = freopen(log, "w", stdout);
    if (!lf || dup2(fileno(stdout), 2) < 0) _exit(126);
    execl(bgolly, bgolly, "-a", "HashLife", "-m", gens, "-o", out, path, (char *)NULL);
    _exit(127);
  }
  int st = 0;
  if (pid <= 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  FILE *f = fopen(log, "r");
  if (!f) return -1;
  char line[256];
  *pop = UINT64_MAX;
  while (fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!colon || line[0] < '0' || line[0] > '9') continue;
    uint64_t v = 0;
    for (char *c = colon + 1; *c; c++)
      if (*c >= '0' && *c <= '9') v = v * 10 + (uint64_t)(*c - '0');
    *pop = v;
  }
  fclose(f);
  remove(log);
  return *pop == UINT64_MAX ? -1 : 0;
}

int bg_same_cells(const uint8_t *c, uint32_t w, uint32_t h, const bg_cells *g, size_t *n_out) {
  size_t n = 0;
  for (size_t i = 0; i < (size_t)w * h; i++) n += c[i] != 0;
  if (n_out) *n_out = n;
  if (n != g->n) return 0;
  uint32_t *xy = malloc(2 * sizeof *xy * (n + 1));
  if (!xy) return 0;
  for (size_t i = 0, j = 0; i < (size_t)w * h; i++)
    if (c[i]) xy[2 * j] = (uint32_t)(i % w), xy[2 * j + 1] = (uint32_t)(i / w), j++;
  bg_normalise(xy, n);
  int same = memcmp(xy, g->xy, 2 * sizeof *xy * n) == 0;
  free(xy);
  return same;
}
