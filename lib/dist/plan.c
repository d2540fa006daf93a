/* plan.c — the exchange plan that the two-state and multi-state distributed grids share: the
 * decomposition's pieces between this rank and each peer, gathered into links whose message
 * is bits (two-state, each piece from a whole 32-bit word) or bytes (multi-state). */
#include "dist.h"

#include <stdlib.h>

typedef struct collect {
  dist_piece *pieces;
  size_t n, words, bytes;
} collect;

static void collect_piece(void *arg, const dist_piece *p) {
  collect *c = arg;
  c->pieces[c->n++] = *p;
  c->words += ((size_t)p->w * p->h + 31) / 32;
  c->bytes += (size_t)p->w * p->h;
}

/* The pieces from rank s to rank d into a link (peer = the other rank). */
static golcl_status make_link(golcl_dist_context *g, const dist_decomp *dc, int bits,
                              const char *fn, int s, int d, int peer, dist_link *l) {
  size_t n = golcl__dist_pieces(dc, s, d, NULL, NULL);
  l->peer = peer;
  l->npieces = n;
  if (n == 0) return GOLCL_OK;
  collect c = {malloc(n * sizeof(dist_piece)), 0, 0, 0};
  if (!c.pieces) return golcl__dist_fail(g, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  golcl__dist_pieces(dc, s, d, collect_piece, &c);
  l->pieces = c.pieces;
  l->words = bits ? c.words : 0;
  l->bytes = bits ? c.words * 4 : c.bytes;
  if (l->bytes > (size_t)INT32_MAX)
    return golcl__dist_fail(g, GOLCL_E_INVALID_ARG,
                            "%s: a frame message of %zu bytes is above 2^31-1 (a frame of %u "
                            "cells is too deep)",
                            fn, l->bytes, (unsigned)dc->k);
  return GOLCL_OK;
}

golcl_status golcl__dist_plan_make(golcl_dist_context *d, const dist_decomp *dc, int bits,
                                   const char *fn, dist_plan *p) {
  int me = d->rank, P = d->size;
  golcl_status s = make_link(d, dc, bits, fn, me, me, me, &p->self);
  if (s != GOLCL_OK) return s;
  size_t ns = 0, nr = 0;
  for (int r = 0; r < P; r++) {
    if (r == me) continue;
    ns += golcl__dist_pieces(dc, me, r, NULL, NULL) > 0;
    nr += golcl__dist_pieces(dc, r, me, NULL, NULL) > 0;
  }
  p->send = ns ? calloc(ns, sizeof *p->send) : NULL;
  p->recv = nr ? calloc(nr, sizeof *p->recv) : NULL;
  p->reqs = ns + nr ? calloc(ns + nr, sizeof *p->reqs) : NULL;
  if ((ns && !p->send) || (nr && !p->recv) || (ns + nr && !p->reqs))
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  for (int r = 0; r < P && s == GOLCL_OK; r++) {
    if (r == me) continue;
    if (golcl__dist_pieces(dc, me, r, NULL, NULL) > 0)
      s = make_link(d, dc, bits, fn, me, r, r, &p->send[p->nsend++]);
    if (s == GOLCL_OK && golcl__dist_pieces(dc, r, me, NULL, NULL) > 0)
      s = make_link(d, dc, bits, fn, r, me, r, &p->recv[p->nrecv++]);
  }
  return s;
}

static void free_links(dist_link *l, size_t n) {
  for (size_t i = 0; l && i < n; i++) free(l[i].pieces);
  free(l);
}

void golcl__dist_plan_free(dist_plan *p) {
  free_links(p->send, p->nsend);
  free_links(p->recv, p->nrecv);
  free(p->self.pieces);
  free(p->reqs);
  p->send = p->recv = NULL;
  p->self.pieces = NULL;
  p->reqs = NULL;
  p->nsend = p->nrecv = 0;
}
