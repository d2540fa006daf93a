/* mesh_obj.c — the Wavefront OBJ reader: `v` and quad `f` lines, every
 * malformed input a GOLCL_E_PARSE with its line number. The text is not
 * NUL-terminated and may hold anything: every read is bounded by its length,
 * numbers are copied into a small buffer before strtod/strtol. */
#include "mesh.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
  const char *p, *end; /* the current line: [p, end) */
  size_t line;
} reader;

typedef struct growing {
  void *data;
  size_t count, cap, elem;
} growing;

static int grow(growing *g, size_t max) {
  if (g->count < g->cap) return 0;
  size_t cap = g->cap ? g->cap * 2 : 1024;
  if (cap > max) cap = max;
  if (cap <= g->count) return -1;
  void *d = realloc(g->data, cap * g->elem);
  if (!d) return -2;
  g->data = d;
  g->cap = cap;
  return 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/* The next blank-separated token of the line into [*s, *e); 0 at the end. */
static int token(reader *r, const char **s, const char **e) {
  while (r->p < r->end && is_space(*r->p)) r->p++;
  if (r->p == r->end) return 0;
  *s = r->p;
  while (r->p < r->end && !is_space(*r->p)) r->p++;
  *e = r->p;
  return 1;
}

static golcl_status perr(const reader *r, const char *what) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "line %zu: %s", r->line, what);
}

static int parse_double(const char *s, const char *e, double *out) {
  char buf[64];
  size_t n = (size_t)(e - s);
  if (n == 0 || n >= sizeof buf) return -1;
  memcpy(buf, s, n);
  buf[n] = '\0';
  char *end;
  errno = 0;
  double v = strtod(buf, &end);
  if (*end || errno == ERANGE || !isfinite(v)) return -1;
  *out = v;
  return 0;
}

/* A vertex reference "i", "i/t", "i//n" or "i/t/n" → 0-based index among the
 * nv vertices defined so far. */
static int parse_ref(const char *s, const char *e, size_t nv, uint32_t *out) {
  const char *slash = memchr(s, '/', (size_t)(e - s));
  const char *ie = slash ? slash : e;
  char buf[24];
  size_t n = (size_t)(ie - s);
  if (n == 0 || n >= sizeof buf) return -1;
  memcpy(buf, s, n);
  buf[n] = '\0';
  char *end;
  errno = 0;
  long long v = strtoll(buf, &end, 10);
  if (*end || errno == ERANGE) return -1;
  /* what follows the index: digits and slashes only */
  for (const char *q = ie; q < e; q++)
    if (*q != '/' && *q != '-' && (*q < '0' || *q > '9')) return -1;
  long long idx = v > 0 ? v - 1 : (long long)nv + v;
  if (v == 0 || idx < 0 || (unsigned long long)idx >= nv) return -2;
  *out = (uint32_t)idx;
  return 0;
}

static golcl_status parse_v(reader *r, growing *pos) {
  double xyz[3];
  const char *s, *e;
  for (int k = 0; k < 3; k++)
    if (!token(r, &s, &e) || parse_double(s, e, &xyz[k]) != 0)
      return perr(r, "a vertex needs three finite numbers");
  double w;
  if (token(r, &s, &e) && parse_double(s, e, &w) != 0) return perr(r, "a bad vertex weight");
  if (token(r, &s, &e)) return perr(r, "more than four numbers on a vertex line");
  int g = grow(pos, GOLCL_MESH_MAX_VERTICES);
  if (g == -1) return perr(r, "more vertices than the limit (GOLCL_MESH_MAX_VERTICES)");
  if (g == -2) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "line %zu: out of memory", r->line);
  memcpy((double *)pos->data + 3 * pos->count++, xyz, sizeof xyz);
  return GOLCL_OK;
}

static golcl_status parse_f(reader *r, growing *faces, size_t nv) {
  uint32_t q[4];
  int n = 0;
  const char *s, *e;
  while (token(r, &s, &e)) {
    if (n == 4) return perr(r, "a face with more than 4 vertices (only quads are read)");
    int rc = parse_ref(s, e, nv, &q[n]);
    if (rc == -1) return perr(r, "a bad vertex reference");
    if (rc == -2) return perr(r, "a vertex index out of range (or not yet defined)");
    n++;
  }
  if (n != 4) return perr(r, "a face with fewer than 4 vertices (only quads are read)");
  for (int a = 0; a < 4; a++)
    for (int b = a + 1; b < 4; b++)
      if (q[a] == q[b]) return perr(r, "a face repeats a vertex");
  int g = grow(faces, GOLCL_MESH_MAX_FACES);
  if (g == -1) return perr(r, "more faces than the limit (GOLCL_MESH_MAX_FACES)");
  if (g == -2) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "line %zu: out of memory", r->line);
  memcpy((uint32_t *)faces->data + 4 * faces->count++, q, sizeof q);
  return GOLCL_OK;
}

golcl_status golcl_mesh_parse_obj(const char *text, size_t len, golcl_mesh **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_parse_obj: out is NULL");
  *out = NULL;
  if (!text) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_parse_obj: text is NULL");
  growing pos = {NULL, 0, 0, 3 * sizeof(double)}, faces = {NULL, 0, 0, 4 * sizeof(uint32_t)};
  golcl_status s = GOLCL_OK;
  reader r = {text, text, 0};
  const char *end = text + len;
  for (const char *line = text; line < end && s == GOLCL_OK;) {
    const char *nl = memchr(line, '\n', (size_t)(end - line));
    r.p = line;
    r.end = nl ? nl : end;
    r.line++;
    line = nl ? nl + 1 : end;
    if (memchr(r.p, '\0', (size_t)(r.end - r.p))) {
      s = perr(&r, "a NUL byte");
      break;
    }
    const char *ts, *te;
    if (!token(&r, &ts, &te) || *ts == '#') continue;
    size_t tl = (size_t)(te - ts);
    if (tl == 1 && *ts == 'v')
      s = parse_v(&r, &pos);
    else if (tl == 1 && *ts == 'f')
      s = parse_f(&r, &faces, pos.count);
    else if (tl == 1 && *ts == 'l')
      s = perr(&r, "a line element (only quad faces are read)");
    /* vt, vn, vp, o, g, s, usemtl, mtllib and others are ignored */
  }
  if (s == GOLCL_OK && faces.count == 0)
    s = golcl__fail(NULL, GOLCL_E_PARSE, "line %zu: no face in the file", r.line);
  golcl_mesh *m = NULL;
  if (s == GOLCL_OK && !(m = calloc(1, sizeof *m)))
    s = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "golcl_mesh_parse_obj: out of memory");
  if (s != GOLCL_OK) {
    free(pos.data);
    free(faces.data);
    return s;
  }
  m->nv = pos.count;
  m->nf = faces.count;
  m->pos = pos.data;
  m->faces = faces.data;
  *out = m;
  return GOLCL_OK;
}

golcl_status golcl_mesh_read_obj(const char *path, golcl_mesh **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_read_obj: out is NULL");
  *out = NULL;
  if (!path) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_mesh_read_obj: path is NULL");
  FILE *f = fopen(path, "rb");
  if (!f) return golcl__fail(NULL, GOLCL_E_IO, "cannot open %s: %s", path, strerror(errno));
  char *buf = NULL;
  size_t n = 0, cap = 0;
  golcl_status s = GOLCL_OK;
  for (;;) {
    if (n == cap) {
      cap = cap ? cap * 2 : 65536;
      char *b = realloc(buf, cap);
      if (!b) {
        s = golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "%s: out of memory", path);
        break;
      }
      buf = b;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      if (ferror(f)) s = golcl__fail(NULL, GOLCL_E_IO, "cannot read %s", path);
      break;
    }
  }
  fclose(f);
  if (s == GOLCL_OK) s = golcl_mesh_parse_obj(buf ? buf : "", n, out);
  free(buf);
  return s;
}
