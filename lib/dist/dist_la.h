/* dist_la.h — private to lib/dist: distributed vectors and band matrices (the halo plan of a
 * product) and the rank-order sums that CG reduces with. */
#ifndef GOLCL_DIST_LA_H
#define GOLCL_DIST_LA_H

#include "dist.h"

#define DIST_MAX_SUMS 4

struct golcl_dist_vec {
  golcl_dist_context *d;
  size_t n, lo, count;
  golcl_dtype dtype;
  golcl_vec *local; /* rows [lo, lo + count); NULL when count is 0 */
};

/* A contiguous run of a halo exchange, in indices of the extended local vector. */
typedef struct dist_run {
  size_t at, len;
} dist_run;

typedef struct dist_peer {
  int rank;
  dist_run run[2]; /* up to two runs each way (below and above) */
  int nrun;
  size_t len;
  void *buf;
} dist_peer;

struct golcl_dist_bandmat {
  golcl_dist_context *d;
  size_t n, lo, count, hlo, hhi, m; /* m = hlo + count + hhi: the extended rows */
  golcl_dtype dtype;
  size_t ndiag;
  ptrdiff_t *offsets;
  golcl_bandmat *local;    /* m×m: rows hlo .. hlo+count-1 hold this rank's rows, the rest zero */
  golcl_vec *xe, *ye, *oe; /* extended work vectors of the product */
  int has_main;
  dist_peer *send, *recv;
  int nsend, nrecv;
  MPI_Request *reqs;
  int nreqs; /* posted by golcl__dist_halo_post, completed by golcl__dist_halo_finish */
  int writes_pending; /* halo writes queued from the receive buffers, not waited for */
  cl_mem pinned;      /* the halo buffers of send and recv: pinned host memory */
  void *pinned_ptr;
};

/* Sums vals[0..n-1] (n <= DIST_MAX_SUMS) over the ranks in rank order, on every rank, and
 * agrees on the status (the first failing rank's, with its message). */
golcl_status golcl__dist_allsum(golcl_dist_context *d, golcl_status local, double *vals, int n,
                                const char *fn);
golcl_status golcl__dist_sums_ready(golcl_dist_context *d);

/* Copies count elements between two vectors' buffers on the queue. */
golcl_status golcl__dist_copy(golcl_dist_context *d, golcl_vec *src, size_t so, golcl_vec *dst,
                              size_t doff, size_t count);

golcl_status golcl__dist_vec_match(golcl_dist_vec *x, golcl_dist_vec *y, const char *fn);

/* Fills the halo of an extended vector (length A->m) from the ranks that own it: every rank
 * sends and receives whatever happened locally; *ls keeps the local failure. */
void golcl__dist_halo(golcl_dist_bandmat *A, golcl_vec *ve, golcl_status *ls);
/* The same on a buffer of A->m elements (the exchange hook of CG). */
void golcl__dist_halo_buf(golcl_dist_bandmat *A, cl_mem buf, golcl_status *ls);
/* Queues (does not wait for) the reads of the rows buf sends; a blocking read queued after them
 * must follow before golcl__dist_halo_buf_read(A, buf, 1, ls), which then sends them without
 * reading again (fetched 0: golcl__dist_halo_buf). */
void golcl__dist_halo_prefetch(golcl_dist_bandmat *A, cl_mem buf, golcl_status *ls);
void golcl__dist_halo_buf_read(golcl_dist_bandmat *A, cl_mem buf, int fetched, golcl_status *ls);
/* golcl__dist_halo_buf_read in two halves: the reads (unless fetched) and the posted messages;
 * then the wait for them and the queued writes of the halo. Every rank that posts finishes. */
void golcl__dist_halo_post(golcl_dist_bandmat *A, cl_mem buf, int fetched, golcl_status *ls);
void golcl__dist_halo_finish(golcl_dist_bandmat *A, cl_mem buf, golcl_status *ls);

#endif
