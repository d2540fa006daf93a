/* msgrid_exchange.c — the frame exchange of a distributed multi-state grid: the plan (the
 * decomposition's pieces between this rank and each peer, as bytes in one pinned host buffer)
 * and the exchange, through the local grid's rectangle I/O: states are bytes, so the pieces
 * travel as they are, with no pack kernel. */
#include "dist.h"

#include <stdlib.h>
#include <string.h>

golcl_status golcl__dist_ms_plan(golcl_dist_msgrid *g) {
  golcl_status s = golcl__dist_plan_make(g->d, &g->dc, 0, "golcl_dist_msgrid_create", &g->plan);
  if (s != GOLCL_OK || !g->local) return s;
  size_t bytes = g->plan.self.bytes;
  for (size_t i = 0; i < g->plan.nsend; i++) bytes += g->plan.send[i].bytes;
  for (size_t i = 0; i < g->plan.nrecv; i++) bytes += g->plan.recv[i].bytes;
  if (!bytes) return GOLCL_OK;
  void *p = NULL;
  s = golcl__dist_pinned(g->d, bytes, &g->pinned, &p);
  if (s != GOLCL_OK) return s;
  g->host = p;
  uint8_t *q = g->host;
  for (size_t i = 0; i < g->plan.nsend; q += g->plan.send[i++].bytes) g->plan.send[i].buf = q;
  for (size_t i = 0; i < g->plan.nrecv; q += g->plan.recv[i++].bytes) g->plan.recv[i].buf = q;
  g->plan.self.buf = q;
  return GOLCL_OK;
}

void golcl__dist_ms_plan_free(golcl_dist_msgrid *g) {
  golcl__dist_pinned_free(g->d, g->pinned, g->host);
  g->pinned = NULL;
  g->host = NULL;
  golcl__dist_plan_free(&g->plan);
}

/* Reads (dest 0, source cells) or writes (dest 1) every piece of a link through its bytes. */
static golcl_status link_io(golcl_dist_msgrid *g, const dist_link *l, int dest) {
  golcl_status s = GOLCL_OK;
  uint8_t *p = l->buf;
  for (size_t i = 0; i < l->npieces && s == GOLCL_OK && g->local; i++) {
    const dist_piece *q = &l->pieces[i];
    if (dest)
      s = golcl_msgrid_write_rect(g->local, q->dx, q->dy, q->w, q->h, p, q->w);
    else
      s = golcl_msgrid_read_rect(g->local, q->sx, q->sy, q->w, q->h, p, q->w);
    s = golcl__dist_core(g->d, s, dest ? "golcl_msgrid_write_rect" : "golcl_msgrid_read_rect");
    p += (size_t)q->w * q->h;
    g->stats.bytes_host += (size_t)q->w * q->h;
  }
  return s;
}

/* Receives are posted first, each link is read and sent at once, the rank's own wrapped
 * pieces are copied while the messages travel, and each arrival is written as it comes.
 * Whatever happens locally, every message is sent and received. */
golcl_status golcl__dist_ms_exchange(golcl_dist_msgrid *g) {
  golcl_status s = GOLCL_OK;
  MPI_Request *rr = g->plan.reqs, *sr = g->plan.reqs + g->plan.nrecv;
  double t = MPI_Wtime(), t1;
  for (size_t i = 0; i < g->plan.nrecv; i++)
    MPI_Irecv(g->plan.recv[i].buf, (int)g->plan.recv[i].bytes, MPI_BYTE, g->plan.recv[i].peer, 1,
              g->d->comm, &rr[i]);
  for (size_t i = 0; i < g->plan.nsend; i++) {
    if (s == GOLCL_OK) s = link_io(g, &g->plan.send[i], 0);
    t1 = MPI_Wtime();
    g->stats.read_s += t1 - t;
    MPI_Isend(g->plan.send[i].buf, (int)g->plan.send[i].bytes, MPI_BYTE, g->plan.send[i].peer, 1,
              g->d->comm, &sr[i]);
    g->stats.bytes_sent += g->plan.send[i].bytes;
    t = MPI_Wtime();
    g->stats.mpi_s += t - t1;
  }
  if (s == GOLCL_OK) s = link_io(g, &g->plan.self, 0);
  if (s == GOLCL_OK) s = link_io(g, &g->plan.self, 1);
  g->stats.bytes_copied += g->plan.self.bytes;
  t1 = MPI_Wtime();
  g->stats.write_s += t1 - t;
  t = t1;
  for (size_t left = g->plan.nrecv; left > 0; left--) {
    int i = MPI_UNDEFINED;
    MPI_Waitany((int)g->plan.nrecv, rr, &i, MPI_STATUS_IGNORE);
    t1 = MPI_Wtime();
    g->stats.mpi_s += t1 - t;
    if (i != MPI_UNDEFINED && s == GOLCL_OK) s = link_io(g, &g->plan.recv[i], 1);
    t = MPI_Wtime();
    g->stats.write_s += t - t1;
  }
  MPI_Waitall((int)g->plan.nsend, sr, MPI_STATUSES_IGNORE);
  g->stats.mpi_s += MPI_Wtime() - t;
  g->stats.exchanges++;
  return s;
}
