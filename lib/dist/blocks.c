/* blocks.c — scatter and gather of every rank's block between the ranks and one rank's W×H
 * host array, in row slices of about CHUNK_BYTES, for either kind of grid (through its
 * rectangle I/O). */
#include "dist.h"

#include <stdlib.h>
#include <string.h>

/* Rows of one gather/scatter message: about this many bytes. */
#define CHUNK_BYTES ((size_t)16 << 20)

/* Rows of a block per message, so that a message stays near CHUNK_BYTES. */
static uint32_t chunk_rows(uint32_t w) {
  size_t r = w ? CHUNK_BYTES / w : 1;
  return (uint32_t)(r < 1 ? 1 : r > UINT32_MAX ? UINT32_MAX : r);
}

/* Moves every block between root's cells and the ranks: to_root = 1 gathers, 0 scatters.
 * Each rank's failures are kept in *ls; every message is still sent. */
static void move_blocks(const dist_mover *g, int root, uint8_t *cells, size_t stride, int to_root,
                        uint8_t *chunk, golcl_status *ls) {
  golcl_dist_context *d = g->d;
  const int tag = 1;
  if (d->rank == root) {
    for (int r = 0; r < d->size; r++) {
      dist_block b;
      golcl__dist_block(g->dc, r, &b);
      if (!b.lw) continue;
      uint32_t step = chunk_rows(b.w);
      for (uint32_t y = 0; y < b.h; y += step) {
        uint32_t n = b.h - y < step ? b.h - y : step;
        uint8_t *at = cells + (size_t)(b.y + y) * stride + (size_t)b.x;
        if (r == root) {
          if (*ls != GOLCL_OK) continue;
          *ls = g->io(g->obj, !to_root, b.fl, b.ft + y, b.w, n, at, stride);
          continue;
        }
        if (to_root) {
          MPI_Recv(chunk, (int)((size_t)n * b.w), MPI_BYTE, r, tag, d->comm, MPI_STATUS_IGNORE);
          for (uint32_t i = 0; i < n; i++) memcpy(at + i * stride, chunk + (size_t)i * b.w, b.w);
        } else {
          for (uint32_t i = 0; i < n; i++) memcpy(chunk + (size_t)i * b.w, at + i * stride, b.w);
          MPI_Send(chunk, (int)((size_t)n * b.w), MPI_BYTE, r, tag, d->comm);
        }
      }
    }
    return;
  }
  const dist_block *b = g->blk;
  if (!b->lw) return;
  uint32_t step = chunk_rows(b->w);
  for (uint32_t y = 0; y < b->h; y += step) {
    uint32_t n = b->h - y < step ? b->h - y : step;
    if (to_root) {
      if (*ls == GOLCL_OK) *ls = g->io(g->obj, 0, b->fl, b->ft + y, b->w, n, chunk, b->w);
      MPI_Send(chunk, (int)((size_t)n * b->w), MPI_BYTE, root, tag, d->comm);
    } else {
      MPI_Recv(chunk, (int)((size_t)n * b->w), MPI_BYTE, root, tag, d->comm, MPI_STATUS_IGNORE);
      if (*ls == GOLCL_OK) *ls = g->io(g->obj, 1, b->fl, b->ft + y, b->w, n, chunk, b->w);
    }
  }
}

/* Gather (to_root) or scatter. pre is root's own earlier failure (allocation of cells). */
golcl_status golcl__dist_move_all(const dist_mover *g, int root, uint64_t max_bytes, uint8_t *cells,
                                  size_t stride, int to_root, golcl_status pre, const char *fn) {
  golcl_dist_context *d = g->d;
  golcl_status s = pre;
  uint64_t total = (uint64_t)g->dc->W * g->dc->H;
  if (stride == 0) stride = g->dc->W;
  if (s == GOLCL_OK && (root < 0 || root >= d->size))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "%s: root %d is not a rank", fn, root);
  else if (s == GOLCL_OK && to_root && total > max_bytes)
    s = golcl__dist_fail(d, GOLCL_E_UNSUPPORTED,
                         "%s: the grid's %llu cells are above the limit of %llu bytes", fn,
                         (unsigned long long)total, (unsigned long long)max_bytes);
  else if (s == GOLCL_OK && d->rank == root && (!cells || stride < g->dc->W))
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG, "%s: cells NULL or row_stride < %u on root", fn,
                         (unsigned)g->dc->W);
  size_t chunk_cap = g->blk->lw || d->rank == root ? CHUNK_BYTES + g->dc->W : 0;
  uint8_t *chunk = NULL;
  if (s == GOLCL_OK && chunk_cap && !(chunk = malloc(chunk_cap)))
    s = golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  uint64_t fp = golcl__dist_fp(golcl__dist_fp(0, (uint64_t)root), to_root ? max_bytes : 0);
  s = golcl__dist_agree(d, s, fp, fn);
  if (s != GOLCL_OK) {
    free(chunk);
    return s;
  }
  golcl_status ls = GOLCL_OK;
  move_blocks(g, root, cells, stride, to_root, chunk, &ls);
  free(chunk);
  return golcl__dist_agree(d, ls, 0, fn);
}
