/* msgrid_ops.c — global operations on a distributed multi-state grid: clear, randomize (on the
 * devices, in global coordinates), placing a pattern at a global position, scatter, gather,
 * and the census and hash of the whole grid (each rank's block read in row slices and added
 * on the host: sums mod 2^64 and counts are exact in any order). */
#include "dist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rows of the block read at once by the census: about this many bytes. */
#define SLICE_BYTES ((size_t)16 << 20)

golcl_status golcl_dist_msgrid_clear(golcl_dist_msgrid *g) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = g->local ? golcl_msgrid_clear(g->local) : GOLCL_OK;
  return golcl__dist_agree(g->d, golcl__dist_core(g->d, s, "golcl_msgrid_clear"), 0,
                           "golcl_dist_msgrid_clear");
}

static golcl_status randomize_local(golcl_dist_msgrid *g, unsigned states, double density,
                                    uint64_t seed) {
  golcl_dist_context *d = g->d;
  cl_mem buf = golcl_msgrid_buffer(g->local);
  cl_kernel k = NULL;
  golcl_status s = golcl__dist_kernel(d, "dist_ms_randomize", &k);
  cl_uint lw = g->blk.lw, lh = g->blk.lh, W = g->dc.W, H = g->dc.H, st = states;
  cl_long ox = g->blk.ox, oy = g->blk.oy;
  cl_ulong seedmix = golcl__dist_mix64(seed), threshold = (cl_ulong)ldexp(density, 32);
  const void *val[] = {&buf, &lw, &lh, &ox, &oy, &W, &H, &seedmix, &threshold, &st};
  const size_t size[] = {sizeof buf, sizeof lw, sizeof lh,      sizeof ox,        sizeof oy,
                         sizeof W,   sizeof H,  sizeof seedmix, sizeof threshold, sizeof st};
  for (cl_uint i = 0; s == GOLCL_OK && i < 10; i++) s = golcl__dist_arg(d, k, i, size[i], val[i]);
  size_t global[2] = {lw, lh};
  if (s == GOLCL_OK) s = golcl__dist_launch(d, k, 2, global);
  if (k) clReleaseKernel(k);
  return s;
}

golcl_status golcl_dist_msgrid_randomize(golcl_dist_msgrid *g, unsigned states, double density,
                                         uint64_t seed) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = GOLCL_OK;
  if (states < 2 || states > 256)
    s = golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG,
                         "golcl_dist_msgrid_randomize: %u states (2..256)", states);
  else if (!(density >= 0.0 && density <= 1.0))
    s = golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG,
                         "golcl_dist_msgrid_randomize: density %g is outside [0, 1]", density);
  uint64_t bits;
  memcpy(&bits, &density, sizeof bits);
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(golcl__dist_fp(0, bits), seed), states);
  s = golcl__dist_agree(g->d, s, fp, "golcl_dist_msgrid_randomize");
  if (s != GOLCL_OK) return s;
  golcl_status ls = g->local ? randomize_local(g, states, density, seed) : GOLCL_OK;
  return golcl__dist_agree(g->d, ls, 0, "golcl_dist_msgrid_randomize");
}

/* ------------------------------------------------------------ placing */

static uint64_t pattern_fp(const golcl_mspattern *p, int64_t x, int64_t y) {
  uint64_t h = golcl__dist_fp(golcl__dist_fp(0, (uint64_t)x), (uint64_t)y);
  if (!p) return golcl__dist_fp(h, 1);
  uint32_t w = golcl_mspattern_width(p), ph = golcl_mspattern_height(p);
  h = golcl__dist_fp(golcl__dist_fp(h, w), ph);
  const uint8_t *c = golcl_mspattern_cells(p);
  size_t n = (size_t)w * ph, head = n < 4096 ? n : 4096;
  h = golcl__dist_fp_bytes(h, c, head); /* the first cells and the last ones */
  return golcl__dist_fp_bytes(h, c + n - head, head);
}

/* The box [x, x + pw) × [y, y + ph) in global cells, clipped to the grid and to this rank's
 * block, written from the pattern's cells (its 0s too). */
static golcl_status place_local(golcl_dist_msgrid *g, const golcl_mspattern *p, int64_t x,
                                int64_t y) {
  const dist_block *b = &g->blk;
  int64_t pw = golcl_mspattern_width(p), ph = golcl_mspattern_height(p);
  int64_t x0 = x > b->x ? x : b->x, y0 = y > b->y ? y : b->y;
  int64_t x1 = x + pw < b->x + b->w ? x + pw : b->x + b->w;
  int64_t y1 = y + ph < b->y + b->h ? y + ph : b->y + b->h;
  if (x0 >= x1 || y0 >= y1) return GOLCL_OK;
  const uint8_t *src = golcl_mspattern_cells(p) + (size_t)(y0 - y) * (size_t)pw + (size_t)(x0 - x);
  golcl_status s =
      golcl_msgrid_write_rect(g->local, (uint32_t)(x0 - b->ox), (uint32_t)(y0 - b->oy),
                              (uint32_t)(x1 - x0), (uint32_t)(y1 - y0), src, (size_t)pw);
  return golcl__dist_core(g->d, s, "golcl_msgrid_write_rect");
}

golcl_status golcl_dist_msgrid_place(golcl_dist_msgrid *g, const golcl_mspattern *p, int64_t x,
                                     int64_t y) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = GOLCL_OK;
  if (!p)
    s = golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG, "golcl_dist_msgrid_place: pattern is NULL");
  s = golcl__dist_agree(g->d, s, pattern_fp(p, x, y), "golcl_dist_msgrid_place");
  if (s != GOLCL_OK) return s;
  golcl_status ls = g->local && golcl_mspattern_width(p) ? place_local(g, p, x, y) : GOLCL_OK;
  return golcl__dist_agree(g->d, ls, 0, "golcl_dist_msgrid_place");
}

/* ---------------------------------------------------- scatter and gather */

static golcl_status msgrid_io(void *obj, int write, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                              uint8_t *buf, size_t stride) {
  golcl_dist_msgrid *g = obj;
  if (!g->local || !w || !h) return GOLCL_OK;
  golcl_status s = write ? golcl_msgrid_write_rect(g->local, x, y, w, h, buf, stride)
                         : golcl_msgrid_read_rect(g->local, x, y, w, h, buf, stride);
  return golcl__dist_core(g->d, s, write ? "golcl_msgrid_write_rect" : "golcl_msgrid_read_rect");
}

golcl_status golcl_dist_msgrid_gather(golcl_dist_msgrid *g, int root, uint64_t max_bytes,
                                      uint8_t *cells, size_t row_stride) {
  if (!g) return GOLCL_E_INVALID_ARG;
  dist_mover m = {g->d, &g->dc, &g->blk, msgrid_io, g};
  return golcl__dist_move_all(&m, root, max_bytes, cells, row_stride, 1, GOLCL_OK,
                              "golcl_dist_msgrid_gather");
}

golcl_status golcl_dist_msgrid_scatter(golcl_dist_msgrid *g, int root, const uint8_t *cells,
                                       size_t row_stride) {
  if (!g) return GOLCL_E_INVALID_ARG;
  uint8_t *c; /* scatter only reads cells; the mover takes one pointer for both directions */
  memcpy(&c, &cells, sizeof c);
  dist_mover m = {g->d, &g->dc, &g->blk, msgrid_io, g};
  return golcl__dist_move_all(&m, root, UINT64_MAX, c, row_stride, 0, GOLCL_OK,
                              "golcl_dist_msgrid_scatter");
}

/* ------------------------------------------------------ census and hash */

/* Counts per state and the hash sum (golcl_msgrid_hash's terms) of this rank's block. */
static golcl_status census_local(golcl_dist_msgrid *g, uint64_t *counts, uint64_t *sum) {
  const dist_block *b = &g->blk;
  if (!g->local || !b->w || !b->h) return GOLCL_OK;
  uint32_t rows = (uint32_t)(SLICE_BYTES / b->w ? SLICE_BYTES / b->w : 1);
  if (rows > b->h) rows = b->h;
  uint8_t *buf = malloc((size_t)rows * b->w);
  if (!buf) return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl_status s = GOLCL_OK;
  for (uint32_t y = 0; y < b->h && s == GOLCL_OK; y += rows) {
    uint32_t n = b->h - y < rows ? b->h - y : rows;
    s = msgrid_io(g, 0, b->fl, b->ft + y, b->w, n, buf, b->w);
    for (uint32_t j = 0; j < n && s == GOLCL_OK; j++)
      for (uint32_t i = 0; i < b->w; i++) {
        uint8_t v = buf[(size_t)j * b->w + i];
        counts[v]++;
        if (!v) continue;
        uint64_t m = golcl__dist_mix64((uint64_t)(b->y + y + j) << 32 | (uint64_t)(b->x + i));
        *sum += v == 1 ? m : golcl__dist_mix64(m + v);
      }
  }
  free(buf);
  return s;
}

/* counts[0..255] and the hash sum over all ranks (collective). */
static golcl_status census_all(golcl_dist_msgrid *g, uint64_t *all, const char *fn) {
  uint64_t mine[257];
  memset(mine, 0, sizeof mine);
  golcl_status s = census_local(g, mine, &mine[256]);
  s = golcl__dist_agree(g->d, s, 0, fn);
  if (s != GOLCL_OK) return s;
  MPI_Allreduce(mine, all, 257, MPI_UINT64_T, MPI_SUM, g->d->comm);
  return GOLCL_OK;
}

golcl_status golcl_dist_msgrid_census(golcl_dist_msgrid *g, uint64_t counts[256]) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s = counts ? GOLCL_OK
                          : golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG,
                                             "golcl_dist_msgrid_census: counts is NULL");
  s = golcl__dist_agree(g->d, s, 0, "golcl_dist_msgrid_census");
  uint64_t all[257];
  if (s == GOLCL_OK) s = census_all(g, all, "golcl_dist_msgrid_census");
  if (s == GOLCL_OK) memcpy(counts, all, 256 * sizeof *counts);
  return s;
}

golcl_status golcl_dist_msgrid_hash(golcl_dist_msgrid *g, uint64_t *out) {
  if (!g) return GOLCL_E_INVALID_ARG;
  golcl_status s =
      out ? GOLCL_OK
          : golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG, "golcl_dist_msgrid_hash: out is NULL");
  s = golcl__dist_agree(g->d, s, 0, "golcl_dist_msgrid_hash");
  uint64_t all[257];
  if (s == GOLCL_OK) s = census_all(g, all, "golcl_dist_msgrid_hash");
  if (s != GOLCL_OK) return s;
  uint64_t pop = (uint64_t)g->dc.W * g->dc.H - all[0];
  *out = golcl__dist_mix64(all[256] +
                           golcl__dist_mix64(((uint64_t)g->dc.H << 32 | g->dc.W) ^ (pop << 1)));
  return GOLCL_OK;
}
