/* msgrid_exchange.c — the frame exchange of a distributed multi-state grid: the plan (the
 * decomposition's pieces between this rank and each peer, as bytes in one pinned host buffer)
 * and the exchange, through the local grid's rectangle I/O: states are bytes, so the pieces
 * travel as they are, with no pack kernel. */
#include "dist.h"

#include <stdlib.h>
#include <string.h>

typedef struct collect {
  dist_piece *pieces;
  size_t n, bytes;
} collect;

static void collect_piece(void *arg, const dist_piece *p) {
  collect *c = arg;
  c->pieces[c->n++] = *p;
  c->bytes += (size_t)p->w * p->h;
}

/* The pieces from rank s to rank d into a link (peer = the other rank). */
static golcl_status make_link(golcl_dist_msgrid *g, int s, int d, int peer, dist_mslink *l) {
  size_t n = golcl__dist_pieces(&g->dc, s, d, NULL, NULL);
  l->peer = peer;
  l->npieces = n;
  if (n == 0) return GOLCL_OK;
  collect c = {malloc(n * sizeof(dist_piece)), 0, 0};
  if (!c.pieces) return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl__dist_pieces(&g->dc, s, d, collect_piece, &c);
  l->pieces = c.pieces;
  l->bytes = c.bytes;
  if (l->bytes > (size_t)INT32_MAX)
    return golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG,
                            "golcl_dist_msgrid_create: a frame message of %zu bytes is above "
                            "2^31-1 (halo too deep)",
                            l->bytes);
  return GOLCL_OK;
}

static golcl_status make_links(golcl_dist_msgrid *g) {
  int me = g->d->rank, P = g->d->size;
  golcl_status s = make_link(g, me, me, me, &g->self);
  size_t ns = 0, nr = 0;
  for (int r = 0; r < P; r++) {
    if (r == me) continue;
    ns += golcl__dist_pieces(&g->dc, me, r, NULL, NULL) > 0;
    nr += golcl__dist_pieces(&g->dc, r, me, NULL, NULL) > 0;
  }
  g->send = ns ? calloc(ns, sizeof *g->send) : NULL;
  g->recv = nr ? calloc(nr, sizeof *g->recv) : NULL;
  g->reqs = ns + nr ? calloc(ns + nr, sizeof *g->reqs) : NULL;
  if ((ns && !g->send) || (nr && !g->recv) || (ns + nr && !g->reqs))
    return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (int r = 0; r < P && s == GOLCL_OK; r++) {
    if (r == me) continue;
    if (golcl__dist_pieces(&g->dc, me, r, NULL, NULL) > 0)
      s = make_link(g, me, r, r, &g->send[g->nsend++]);
    if (s == GOLCL_OK && golcl__dist_pieces(&g->dc, r, me, NULL, NULL) > 0)
      s = make_link(g, r, me, r, &g->recv[g->nrecv++]);
  }
  return s;
}

golcl_status golcl__dist_ms_plan(golcl_dist_msgrid *g) {
  golcl_status s = make_links(g);
  if (s != GOLCL_OK || !g->local) return s;
  size_t bytes = g->self.bytes;
  for (size_t i = 0; i < g->nsend; i++) bytes += g->send[i].bytes;
  for (size_t i = 0; i < g->nrecv; i++) bytes += g->recv[i].bytes;
  if (!bytes) return GOLCL_OK;
  void *p = NULL;
  s = golcl__dist_pinned(g->d, bytes, &g->pinned, &p);
  if (s != GOLCL_OK) return s;
  g->host = p;
  uint8_t *q = g->host;
  for (size_t i = 0; i < g->nsend; q += g->send[i++].bytes) g->send[i].buf = q;
  for (size_t i = 0; i < g->nrecv; q += g->recv[i++].bytes) g->recv[i].buf = q;
  g->self.buf = q;
  return GOLCL_OK;
}

static void free_links(dist_mslink *l, size_t n) {
  for (size_t i = 0; l && i < n; i++) free(l[i].pieces);
  free(l);
}

void golcl__dist_ms_plan_free(golcl_dist_msgrid *g) {
  golcl__dist_pinned_free(g->d, g->pinned, g->host);
  g->pinned = NULL;
  g->host = NULL;
  free_links(g->send, g->nsend);
  free_links(g->recv, g->nrecv);
  free(g->self.pieces);
  free(g->reqs);
  g->send = g->recv = NULL;
  g->self.pieces = NULL;
  g->reqs = NULL;
  g->nsend = g->nrecv = 0;
}

/* Reads (dest 0, source cells) or writes (dest 1) every piece of a link through its bytes. */
static golcl_status link_io(golcl_dist_msgrid *g, const dist_mslink *l, int dest) {
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
  MPI_Request *rr = g->reqs, *sr = g->reqs + g->nrecv;
  double t = MPI_Wtime(), t1;
  for (size_t i = 0; i < g->nrecv; i++)
    MPI_Irecv(g->recv[i].buf, (int)g->recv[i].bytes, MPI_BYTE, g->recv[i].peer, 1, g->d->comm,
              &rr[i]);
  for (size_t i = 0; i < g->nsend; i++) {
    if (s == GOLCL_OK) s = link_io(g, &g->send[i], 0);
    t1 = MPI_Wtime();
    g->stats.read_s += t1 - t;
    MPI_Isend(g->send[i].buf, (int)g->send[i].bytes, MPI_BYTE, g->send[i].peer, 1, g->d->comm,
              &sr[i]);
    g->stats.bytes_sent += g->send[i].bytes;
    t = MPI_Wtime();
    g->stats.mpi_s += t - t1;
  }
  if (s == GOLCL_OK) s = link_io(g, &g->self, 0);
  if (s == GOLCL_OK) s = link_io(g, &g->self, 1);
  g->stats.bytes_copied += g->self.bytes;
  t1 = MPI_Wtime();
  g->stats.write_s += t1 - t;
  t = t1;
  for (size_t left = g->nrecv; left > 0; left--) {
    int i = MPI_UNDEFINED;
    MPI_Waitany((int)g->nrecv, rr, &i, MPI_STATUS_IGNORE);
    t1 = MPI_Wtime();
    g->stats.mpi_s += t1 - t;
    if (i != MPI_UNDEFINED && s == GOLCL_OK) s = link_io(g, &g->recv[i], 1);
    t = MPI_Wtime();
    g->stats.write_s += t - t1;
  }
  MPI_Waitall((int)g->nsend, sr, MPI_STATUSES_IGNORE);
  g->stats.mpi_s += MPI_Wtime() - t;
  g->stats.exchanges++;
  return s;
}
