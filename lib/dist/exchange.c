/* exchange.c — the ghost-frame exchange, and the one seam between it and the local grid's
 * cells: rectangles read and written on the host with the grid's rectangle I/O
 * (golcl_grid_read_rect/golcl_grid_write_rect), in the grid's own layout, so that only the
 * frame strips and corners cross between device and host. */
#include "dist.h"

golcl_status golcl__dist_rect_read(golcl_dist_grid *g, uint32_t x, uint32_t y, uint32_t w,
                                   uint32_t h, uint8_t *buf, size_t stride) {
  if (!g->local || w == 0 || h == 0) return GOLCL_OK;
  return golcl__dist_core(g->d, golcl_grid_read_rect(g->local, x, y, w, h, buf, stride),
                          "golcl_grid_read_rect");
}

golcl_status golcl__dist_rect_write(golcl_dist_grid *g, uint32_t x, uint32_t y, uint32_t w,
                                    uint32_t h, const uint8_t *buf, size_t stride) {
  if (!g->local || w == 0 || h == 0) return GOLCL_OK;
  return golcl__dist_core(g->d, golcl_grid_write_rect(g->local, x, y, w, h, buf, stride),
                          "golcl_grid_write_rect");
}

/* Reads the pieces of a link out of the local grid into its buffer (or writes them back). */
static golcl_status pack(golcl_dist_grid *g, dist_link *l) {
  golcl_status s = GOLCL_OK;
  uint8_t *p = l->buf;
  for (size_t i = 0; i < l->npieces && s == GOLCL_OK; i++) {
    const dist_piece *q = &l->pieces[i];
    s = golcl__dist_rect_read(g, q->sx, q->sy, q->w, q->h, p, q->w);
    p += (size_t)q->w * q->h;
  }
  return s;
}

static golcl_status unpack(golcl_dist_grid *g, dist_link *l) {
  golcl_status s = GOLCL_OK;
  const uint8_t *p = l->buf;
  for (size_t i = 0; i < l->npieces && s == GOLCL_OK; i++) {
    const dist_piece *q = &l->pieces[i];
    s = golcl__dist_rect_write(g, q->dx, q->dy, q->w, q->h, p, q->w);
    p += (size_t)q->w * q->h;
  }
  return s;
}

/* The frames are written from blocks only (sources are block cells, destinations frame
 * cells), so the order of the pieces is free: receives are posted first, each link is sent as
 * soon as it is packed, the rank's own wrapped pieces are copied while the messages travel, and
 * each message is unpacked as it lands. Whatever happens locally, every message is sent and
 * received. */
golcl_status golcl__dist_exchange(golcl_dist_grid *g) {
  golcl_status s = GOLCL_OK;
  if (!g->nsend && !g->nrecv && !g->self.npieces) return GOLCL_OK;
  MPI_Request *rr = g->reqs, *sr = g->reqs + g->nrecv;
  for (size_t i = 0; i < g->nrecv; i++)
    MPI_Irecv(g->recv[i].buf, (int)g->recv[i].bytes, MPI_BYTE, g->recv[i].peer, 0, g->d->comm,
              &rr[i]);
  for (size_t i = 0; i < g->nsend; i++) {
    if (s == GOLCL_OK) s = pack(g, &g->send[i]);
    MPI_Isend(g->send[i].buf, (int)g->send[i].bytes, MPI_BYTE, g->send[i].peer, 0, g->d->comm,
              &sr[i]);
    g->stats.bytes_sent += g->send[i].bytes;
  }
  if (s == GOLCL_OK) s = pack(g, &g->self);
  if (s == GOLCL_OK) s = unpack(g, &g->self);
  g->stats.bytes_copied += g->self.bytes;
  for (size_t left = g->nrecv; left > 0; left--) {
    int i = MPI_UNDEFINED;
    MPI_Waitany((int)g->nrecv, rr, &i, MPI_STATUS_IGNORE);
    if (i != MPI_UNDEFINED && s == GOLCL_OK) s = unpack(g, &g->recv[i]);
  }
  MPI_Waitall((int)g->nsend, sr, MPI_STATUSES_IGNORE);
  g->stats.exchanges++;
  return s;
}
