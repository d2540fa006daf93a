/* pattern_grid.c — patterns in and out of grids, through the public grid API
 * only (golcl_grid_read_rect / golcl_grid_write_rect, in the grid's own
 * layout): golcl_grid_place writes the live cells of a pattern into the
 * rectangles of the grid that its box covers (clipped, or wrapped on a
 * torus), band by band, so that only those rectangles cross to the host;
 * golcl_grid_extract and golcl_grid_bounding_box read the grid in bands of
 * rows of bounded size. */
#include "pattern.h"

#include <stdlib.h>
#include <string.h>

/* Host memory used per band or chunk. */
#define BAND_BYTES ((size_t)4 << 20)

typedef struct span {
  uint32_t a, b; /* [a, b) */
} span;

static uint32_t mod_u(int64_t v, uint32_t m) {
  int64_t r = v % (int64_t)m;
  return (uint32_t)(r < 0 ? r + m : r);
}

/* The grid columns (or rows) that a box of `len` cells starting at `pos`
 * covers: one span if clipped, up to two if it wraps. */
static int covered(int64_t pos, uint32_t len, uint32_t size, int torus, span out[2]) {
  if (len == 0) return 0;
  if (!torus) {
    if (pos >= (int64_t)size || pos + (int64_t)len <= 0) return 0;
    out[0].a = (uint32_t)(pos < 0 ? 0 : pos);
    out[0].b = (uint32_t)(pos + (int64_t)len > (int64_t)size ? size : pos + (int64_t)len);
    return 1;
  }
  if (len >= size) {
    out[0].a = 0;
    out[0].b = size;
    return 1;
  }
  uint32_t s = mod_u(pos, size);
  if ((uint64_t)s + len <= size) {
    out[0].a = s;
    out[0].b = s + len;
    return 1;
  }
  out[0].a = s;
  out[0].b = size;
  out[1].a = 0;
  out[1].b = (uint32_t)((uint64_t)s + len - size);
  return 2;
}

/* First cell with y >= row. */
static size_t lower_row(const golcl_pattern *p, uint64_t row) {
  size_t lo = 0, hi = p->ncells;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (p->cells[mid].y < row)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

typedef struct band {
  golcl_grid *g;
  uint32_t W, H; /* the grid's size */
  const golcl_pattern *p;
  int torus;
  int64_t x, y;    /* where the box goes (dead boundary) */
  uint32_t xm, ym; /* the same mod W, H (torus) */
  span cols[2];
  int ncols;
  uint8_t *buf[2];
  uint32_t g0, g1; /* grid rows of the band */
} band;

/* Sets the live cells of pattern rows [lo, hi) that fall into the band. */
static void mark_rows(band *B, uint64_t lo, uint64_t hi) {
  const golcl_pattern *p = B->p;
  uint32_t W = B->W, H = B->H;
  for (size_t i = lower_row(p, lo); i < p->ncells && p->cells[i].y < hi; i++) {
    const golcl__cell *c = &p->cells[i];
    uint64_t gx, gy;
    if (B->torus) {
      gx = ((uint64_t)B->xm + c->x) % W;
      gy = ((uint64_t)B->ym + c->y) % H;
    } else {
      int64_t sx = B->x + (int64_t)c->x;
      if (sx < 0 || sx >= (int64_t)W) continue;
      gx = (uint64_t)sx;
      gy = (uint64_t)(B->y + (int64_t)c->y);
    }
    for (int k = 0; k < B->ncols; k++) {
      const span *s = &B->cols[k];
      if (gx >= s->a && gx < s->b) {
        B->buf[k][(size_t)(gy - B->g0) * (s->b - s->a) + (gx - s->a)] = 1;
        break;
      }
    }
  }
}

/* The pattern rows that land on grid rows [g0, g1) of the band. */
static void mark_band(band *B) {
  uint32_t len = B->g1 - B->g0, ph = B->p->h, H = B->H;
  if (!B->torus) {
    int64_t lo = (int64_t)B->g0 - B->y, hi = (int64_t)B->g1 - B->y;
    if (lo < 0) lo = 0;
    if (hi > (int64_t)ph) hi = ph;
    if (lo < hi) mark_rows(B, (uint64_t)lo, (uint64_t)hi);
    return;
  }
  /* py ≡ g0 - y (mod H), in intervals of len rows, one per turn around the torus */
  int64_t base = (int64_t)(((uint64_t)B->g0 + H - B->ym) % H);
  for (int64_t start = base - (int64_t)H; start < (int64_t)ph; start += H) {
    int64_t lo = start < 0 ? 0 : start, hi = start + len;
    if (hi > (int64_t)ph) hi = ph;
    if (lo < hi) mark_rows(B, (uint64_t)lo, (uint64_t)hi);
  }
}

/* The band's rows of column span cols between the grid and buf. */
static golcl_status rect_io(golcl_grid *g, int write, uint8_t *buf, const span *cols, uint32_t g0,
                            uint32_t g1) {
  uint32_t w = cols->b - cols->a;
  return write ? golcl_grid_write_rect(g, cols->a, g0, w, g1 - g0, buf, w)
               : golcl_grid_read_rect(g, cols->a, g0, w, g1 - g0, buf, w);
}

golcl_status golcl_grid_place(golcl_grid *g, const golcl_pattern *p, int64_t x, int64_t y) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_place: grid is NULL");
  golcl_context *ctx = golcl_grid_context(g);
  if (!p) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_grid_place: pattern is NULL");
  band B = {0};
  B.g = g;
  B.W = golcl_grid_width(g);
  B.H = golcl_grid_height(g);
  B.p = p;
  B.torus = golcl_grid_boundary(g) == GOLCL_BOUNDARY_TORUS;
  B.x = x;
  B.y = y;
  B.xm = mod_u(x, B.W);
  B.ym = mod_u(y, B.H);
  span rows[2];
  B.ncols = covered(x, p->w, B.W, B.torus, B.cols);
  int nrows = covered(y, p->h, B.H, B.torus, rows);
  if (p->ncells == 0 || B.ncols == 0 || nrows == 0) return GOLCL_OK;
  golcl_status s = GOLCL_OK;
  size_t width = 0;
  for (int k = 0; k < B.ncols; k++) width += B.cols[k].b - B.cols[k].a;
  size_t band_rows = BAND_BYTES / width ? BAND_BYTES / width : 1;
  for (int k = 0; k < B.ncols && s == GOLCL_OK; k++) {
    size_t w = B.cols[k].b - B.cols[k].a, rmax = band_rows, bytes;
    uint32_t tallest = rows[0].b - rows[0].a;
    if (nrows > 1 && rows[1].b - rows[1].a > tallest) tallest = rows[1].b - rows[1].a;
    if (rmax > tallest) rmax = tallest;
    if (golcl__mul_size(w, rmax, &bytes) != 0 || !(B.buf[k] = malloc(bytes)))
      s = golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  for (int r = 0; r < nrows && s == GOLCL_OK; r++) {
    for (uint64_t g0 = rows[r].a; g0 < rows[r].b && s == GOLCL_OK; g0 += band_rows) {
      B.g0 = (uint32_t)g0;
      B.g1 = (uint32_t)(g0 + band_rows < rows[r].b ? g0 + band_rows : rows[r].b);
      for (int k = 0; k < B.ncols && s == GOLCL_OK; k++)
        s = rect_io(g, 0, B.buf[k], &B.cols[k], B.g0, B.g1);
      if (s != GOLCL_OK) break;
      mark_band(&B);
      for (int k = 0; k < B.ncols && s == GOLCL_OK; k++)
        s = rect_io(g, 1, B.buf[k], &B.cols[k], B.g0, B.g1);
    }
  }
  free(B.buf[0]);
  free(B.buf[1]);
  return s;
}

/* Reading ----------------------------------------------------------------------- */

typedef golcl_status (*run_fn)(void *ud, uint32_t x, uint32_t y, uint32_t n);

/* Calls fn for every run of live cells along a row, reading the grid in
 * bands of whole rows of at most BAND_BYTES (one row at least). */
static golcl_status scan_grid(golcl_grid *g, run_fn fn, void *ud) {
  uint32_t W = golcl_grid_width(g), H = golcl_grid_height(g);
  size_t rows = BAND_BYTES / W ? BAND_BYTES / W : 1;
  if (rows > H) rows = H;
  uint8_t *buf = malloc(rows * W + 8); /* 8 zero bytes past the end stop the word skip */
  if (!buf) return golcl__fail(golcl_grid_context(g), GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = GOLCL_OK;
  for (uint32_t y0 = 0; s == GOLCL_OK && y0 < H; y0 += (uint32_t)rows) {
    uint32_t n = H - y0 < rows ? H - y0 : (uint32_t)rows;
    s = golcl_grid_read_rect(g, 0, y0, W, n, buf, W);
    memset(buf + (size_t)n * W, 0, 8);
    for (uint32_t j = 0; s == GOLCL_OK && j < n; j++) {
      const uint8_t *row = buf + (size_t)j * W;
      for (uint32_t x = 0; s == GOLCL_OK && x < W;) {
        uint64_t word;
        memcpy(&word, row + x, 8); /* may read into the next row or the zero tail */
        if (word == 0 && x + 8 <= W) {
          x += 8;
          continue;
        }
        if (!row[x]) {
          x++;
          continue;
        }
        uint32_t k = 1;
        while (x + k < W && row[x + k]) k++;
        s = fn(ud, x, y0 + j, k);
        x += k;
      }
    }
  }
  free(buf);
  return s;
}

typedef struct bbox {
  uint32_t x0, y0, x1, y1; /* inclusive */
  int any;
} bbox;

static golcl_status bbox_run(void *ud, uint32_t x, uint32_t y, uint32_t n) {
  bbox *b = ud;
  if (!b->any) {
    b->x0 = x, b->x1 = x + n - 1, b->y0 = b->y1 = y;
    b->any = 1;
    return GOLCL_OK;
  }
  if (x < b->x0) b->x0 = x;
  if (x + n - 1 > b->x1) b->x1 = x + n - 1;
  if (y > b->y1) b->y1 = y; /* rows come in order: y0 is the first */
  return GOLCL_OK;
}

golcl_status golcl_grid_bounding_box(golcl_grid *g, uint32_t *x, uint32_t *y, uint32_t *w,
                                     uint32_t *h) {
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_bounding_box: grid is NULL");
  if (!x || !y || !w || !h)
    return golcl__fail(golcl_grid_context(g), GOLCL_E_INVALID_ARG,
                       "golcl_grid_bounding_box: NULL argument");
  bbox b = {0};
  golcl_status s = scan_grid(g, bbox_run, &b);
  if (s != GOLCL_OK) return s;
  *x = b.any ? b.x0 : 0;
  *y = b.any ? b.y0 : 0;
  *w = b.any ? b.x1 - b.x0 + 1 : 0;
  *h = b.any ? b.y1 - b.y0 + 1 : 0;
  return GOLCL_OK;
}

typedef struct gather {
  golcl_pattern *p;
  bbox b;
} gather;

static golcl_status gather_run(void *ud, uint32_t x, uint32_t y, uint32_t n) {
  gather *G = ud;
  bbox_run(&G->b, x, y, n);
  return golcl__pattern_push_run(G->p, x, y, n);
}

golcl_status golcl_grid_extract(golcl_grid *g, golcl_pattern **out) {
  golcl_context *ctx = golcl_grid_context(g);
  if (!out) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_grid_extract: out is NULL");
  *out = NULL;
  if (!g) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_grid_extract: grid is NULL");
  gather G = {golcl__pattern_new(), {0}};
  if (!G.p) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = golcl_grid_rule_table(g, &G.p->table);
  if (s == GOLCL_OK) s = golcl_grid_bounds(g, &G.p->bounds);
  if (s == GOLCL_OK) s = scan_grid(g, gather_run, &G);
  if (s == GOLCL_E_OUT_OF_MEMORY) golcl__fail(ctx, s, "out of host memory for the live cells");
  if (s != GOLCL_OK) {
    golcl_pattern_destroy(G.p);
    return s;
  }
  golcl_pattern *p = G.p;
  for (size_t i = 0; i < p->ncells; i++) {
    p->cells[i].x -= G.b.x0;
    p->cells[i].y -= G.b.y0;
  }
  uint32_t W = golcl_grid_width(g), H = golcl_grid_height(g);
  p->w = G.b.any ? G.b.x1 - G.b.x0 + 1 : 0;
  p->h = G.b.any ? G.b.y1 - G.b.y0 + 1 : 0;
  p->generation = golcl_grid_generation(g);
  if (p->bounds.topology == GOLCL_TOPOLOGY_INFINITE) { /* a dead boundary: the plane of W×H */
    memset(&p->bounds, 0, sizeof p->bounds);
    p->bounds.topology = GOLCL_TOPOLOGY_PLANE;
    p->bounds.width = W;
    p->bounds.height = H;
  }
  p->origin_x = (int64_t)G.b.x0 - (int64_t)(W / 2);
  p->origin_y = (int64_t)G.b.y0 - (int64_t)(H / 2);
  p->origin_kind = GOLCL__ORIGIN_XRLE;
  p->format = GOLCL_FORMAT_NONE;
  *out = p;
  return GOLCL_OK;
}
