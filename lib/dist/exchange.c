/* exchange.c — the ghost-frame exchange, and the seam between it and the local grid's cells.
 * The frame way (cl/dist/exchange.cl): one pack kernel puts every piece that leaves the rank
 * into one device buffer as bits, one read brings it to pinned host memory, one message goes
 * to each neighbour, and one write and one unpack kernel put what arrives into the frame; the
 * rank's own wrapped pieces (torus) are unpacked on the device. The RECT way moves each piece
 * with the grid's rectangle I/O (golcl_grid_read_rect/golcl_grid_write_rect) and packs its bits
 * on the host: the same messages, for layouts without frame kernels and for comparison. */
#include "dist.h"

#include <stdlib.h>
#include <string.h>

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

golcl_status golcl__dist_mark(golcl_dist_grid *g) {
  golcl__dist_wait_stepped(g); /* none is left at this point; never two */
  return golcl__dist_cl_fail(
      g->d, clEnqueueMarkerWithWaitList(golcl_context_cl_queue(g->d->ctx), 0, NULL, &g->stepped),
      "clEnqueueMarkerWithWaitList");
}

golcl_status golcl__dist_wait_stepped(golcl_dist_grid *g) {
  if (!g->stepped) return GOLCL_OK;
  double t0 = MPI_Wtime();
  cl_command_queue q = golcl_context_cl_queue(g->d->ctx);
  cl_int err = clFlush(q);
  if (err == CL_SUCCESS) err = clWaitForEvents(1, &g->stepped);
  clReleaseEvent(g->stepped);
  g->stepped = NULL;
  g->stepped_s += MPI_Wtime() - t0;
  return golcl__dist_cl_fail(g->d, err, "golcl_stepper_run (waiting for its launches)");
}

/* Work-items a work-group of the frame kernels (one a stream word): a multiple of the warps and
 * wavefronts of GPUs, and within every device's limit. */
#define FRAME_GROUP 64

static size_t piece_words(const dist_piece *p) { return ((size_t)p->w * p->h + 31) / 32; }

/* Appends the pieces of l to a table (5 uints a piece, destination or source cells), with word
 * offsets from *off on. */
static void table_add(uint32_t *t, cl_uint *n, const dist_link *l, int dest, size_t *off) {
  for (size_t i = 0; i < l->npieces; i++) {
    const dist_piece *p = &l->pieces[i];
    uint32_t *e = t + 5 * (size_t)(*n)++;
    e[0] = dest ? p->dx : p->sx;
    e[1] = dest ? p->dy : p->sy;
    e[2] = p->w;
    e[3] = p->h;
    e[4] = (uint32_t)*off;
    *off += piece_words(p);
  }
}

static golcl_status make_tables(golcl_dist_grid *g, cl_context clctx) {
  dist_frame *f = &g->frame;
  size_t n = g->plan.self.npieces * 2;
  for (size_t i = 0; i < g->plan.nsend; i++) n += g->plan.send[i].npieces;
  for (size_t i = 0; i < g->plan.nrecv; i++) n += g->plan.recv[i].npieces;
  uint32_t *t = malloc(5 * sizeof *t * (n ? n : 1));
  if (!t) return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  uint32_t *sec[3] = {t, NULL, NULL};
  size_t off = 0;
  for (size_t i = 0; i < g->plan.nsend; i++)
    table_add(sec[0], &f->ntab[0], &g->plan.send[i], 0, &off);
  table_add(sec[0], &f->ntab[0], &g->plan.self, 0, &off);
  sec[1] = sec[0] + 5 * (size_t)f->ntab[0];
  off = 0;
  table_add(sec[1], &f->ntab[1], &g->plan.self, 1, &off);
  sec[2] = sec[1] + 5 * (size_t)f->ntab[1];
  off = 0;
  for (size_t i = 0; i < g->plan.nrecv; i++)
    table_add(sec[2], &f->ntab[2], &g->plan.recv[i], 1, &off);
  golcl_status s = GOLCL_OK;
  for (int i = 0; i < 3 && s == GOLCL_OK; i++) {
    if (!f->ntab[i]) continue;
    cl_int err;
    f->tab[i] = clCreateBuffer(clctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                               5 * sizeof *t * f->ntab[i], sec[i], &err);
    s = golcl__dist_cl_fail(g->d, err, "clCreateBuffer (frame table)");
  }
  free(t);
  return s;
}

golcl_status golcl__dist_frame_create(golcl_dist_grid *g) {
  dist_frame *f = &g->frame;
  if (!g->local || (!g->plan.nsend && !g->plan.nrecv && !g->plan.self.npieces)) return GOLCL_OK;
  cl_context clctx = golcl_context_cl_context(g->d->ctx);
  cl_bool little = CL_TRUE;
  clGetDeviceInfo(golcl_context_cl_device(g->d->ctx), CL_DEVICE_ENDIAN_LITTLE, sizeof little,
                  &little, NULL);
  f->little = little == CL_TRUE;
  for (size_t i = 0; i < g->plan.nsend; i++) f->send_words += g->plan.send[i].words;
  for (size_t i = 0; i < g->plan.nrecv; i++) f->recv_words += g->plan.recv[i].words;
  f->self_words = g->plan.self.words;
  const dist_link *all[3] = {g->plan.send, g->plan.recv, &g->plan.self};
  size_t cnt[3] = {g->plan.nsend, g->plan.nrecv, 1};
  for (int k = 0; k < 3; k++)
    for (size_t i = 0; i < cnt[k]; i++)
      for (size_t j = 0; j < all[k][i].npieces; j++) {
        size_t c = (size_t)all[k][i].pieces[j].w * all[k][i].pieces[j].h;
        if (c > f->scratch_bytes) f->scratch_bytes = c;
      }
  if (f->send_words + f->self_words > UINT32_MAX || f->recv_words > UINT32_MAX)
    return golcl__dist_fail(g->d, GOLCL_E_INVALID_ARG,
                            "golcl_dist_grid_create: frames of more than 2^32 words (halo %u too "
                            "deep)",
                            (unsigned)g->dc.k);
  f->scratch = malloc(f->scratch_bytes);
  if (!f->scratch) return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  size_t words = f->send_words + f->self_words + f->recv_words,
         host = f->send_words + f->recv_words;
  cl_int err;
  f->stream = clCreateBuffer(clctx, CL_MEM_READ_WRITE, words * 4, NULL, &err);
  golcl_status s = golcl__dist_cl_fail(g->d, err, "clCreateBuffer (frame stream)");
  /* GOLCL_DIST_STAGING=pageable (a measurement switch): the host side in malloc'd memory */
  const char *staging = getenv("GOLCL_DIST_STAGING");
  if (s == GOLCL_OK && host && staging && strcmp(staging, "pageable") == 0) {
    f->host = malloc(host * 4);
    if (!f->host) s = golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  } else if (s == GOLCL_OK && host) {
    void *p = NULL;
    s = golcl__dist_pinned(g->d, host * 4, &f->pinned, &p);
    f->host = p;
  }
  if (s == GOLCL_OK) s = make_tables(g, clctx);
  if (s != GOLCL_OK) return s;
  uint32_t *p = f->host;
  for (size_t i = 0; i < g->plan.nsend; i++, p += g->plan.send[i - 1].words)
    g->plan.send[i].buf = p;
  for (size_t i = 0; i < g->plan.nrecv; i++, p += g->plan.recv[i - 1].words)
    g->plan.recv[i].buf = p;
  return GOLCL_OK;
}

void golcl__dist_frame_release(golcl_dist_grid *g) {
  dist_frame *f = &g->frame;
  golcl__dist_wait_stepped(g);
  if (f->wrote) {
    clWaitForEvents(1, &f->wrote);
    clReleaseEvent(f->wrote);
  }
  if (f->pinned)
    golcl__dist_pinned_free(g->d, f->pinned, f->host);
  else if (f->host) {
    clFinish(golcl_context_cl_queue(g->d->ctx));
    free(f->host);
  }
  if (f->stream) clReleaseMemObject(f->stream);
  for (int i = 0; i < 3; i++)
    if (f->tab[i]) clReleaseMemObject(f->tab[i]);
  for (int i = 0; i < 2; i++) {
    if (f->pack[i]) clReleaseKernel(f->pack[i]);
    if (f->unpack[i]) clReleaseKernel(f->unpack[i]);
  }
  free(f->scratch);
  memset(f, 0, sizeof *f);
}

/* ------------------------------------------------------------------ RECT */

/* Reads the pieces of a link with the rectangle I/O into its message (bits). */
static golcl_status rect_pack(golcl_dist_grid *g, const dist_link *l) {
  golcl_status s = GOLCL_OK;
  uint8_t *tmp = g->frame.scratch;
  uint32_t *out = l->buf;
  for (size_t i = 0; i < l->npieces && s == GOLCL_OK; i++) {
    const dist_piece *q = &l->pieces[i];
    size_t cells = (size_t)q->w * q->h, nw = piece_words(q);
    double t0 = MPI_Wtime();
    s = golcl__dist_rect_read(g, q->sx, q->sy, q->w, q->h, tmp, q->w);
    double t1 = MPI_Wtime();
    memset(out, 0, nw * 4);
    for (size_t c = 0; c < cells; c++) out[c / 32] |= (uint32_t)(tmp[c] != 0) << (c % 32);
    out += nw;
    g->stats.read_s += t1 - t0;
    g->stats.pack_s += MPI_Wtime() - t1;
    g->stats.bytes_host += cells;
  }
  return s;
}

/* Writes the pieces of a link from its message (bits) with the rectangle I/O. */
static golcl_status rect_unpack(golcl_dist_grid *g, const dist_link *l) {
  golcl_status s = GOLCL_OK;
  uint8_t *tmp = g->frame.scratch;
  const uint32_t *in = l->buf;
  for (size_t i = 0; i < l->npieces && s == GOLCL_OK; i++) {
    const dist_piece *q = &l->pieces[i];
    size_t cells = (size_t)q->w * q->h;
    double t0 = MPI_Wtime();
    for (size_t c = 0; c < cells; c++) tmp[c] = (uint8_t)(in[c / 32] >> (c % 32) & 1u);
    double t1 = MPI_Wtime();
    s = golcl__dist_rect_write(g, q->dx, q->dy, q->w, q->h, tmp, q->w);
    in += piece_words(q);
    g->stats.unpack_s += t1 - t0;
    g->stats.write_s += MPI_Wtime() - t1;
    g->stats.bytes_host += cells;
  }
  return s;
}

/* The rank's own wrapped pieces, through the host as bytes. */
static golcl_status rect_self(golcl_dist_grid *g) {
  golcl_status s = GOLCL_OK;
  uint8_t *tmp = g->frame.scratch;
  for (size_t i = 0; i < g->plan.self.npieces && s == GOLCL_OK; i++) {
    const dist_piece *q = &g->plan.self.pieces[i];
    double t0 = MPI_Wtime();
    s = golcl__dist_rect_read(g, q->sx, q->sy, q->w, q->h, tmp, q->w);
    double t1 = MPI_Wtime();
    if (s == GOLCL_OK) s = golcl__dist_rect_write(g, q->dx, q->dy, q->w, q->h, tmp, q->w);
    g->stats.read_s += t1 - t0;
    g->stats.write_s += MPI_Wtime() - t1;
    g->stats.bytes_host += 2 * (size_t)q->w * q->h;
  }
  return s;
}

/* ----------------------------------------------------------------- frame */

int golcl__dist_frame_kind(const golcl_dist_grid *g, const golcl_layout_info *info) {
  if (g->exchange == GOLCL_DIST_EXCHANGE_RECT) return -1;
  switch (info->layout) {
    case GOLCL_LAYOUT_BYTES:
    case GOLCL_LAYOUT_BYTES_POW2:
      return 0;
    case GOLCL_LAYOUT_BITROW:
      return g->frame.little && info->row_pitch % 4 == 0 ? 1 : -1;
    default:
      return -1;
  }
}

golcl_status golcl__dist_frame_run(golcl_dist_grid *g, int kind, int unpack, cl_mem cells,
                                   cl_ulong pitch, cl_mem tab, cl_uint ntab, size_t nwords,
                                   cl_mem stream, size_t base) {
  return golcl__dist_frame_run_on(g, NULL, kind, unpack, cells, pitch, tab, ntab, nwords, stream,
                                  base);
}

golcl_status golcl__dist_frame_run_on(golcl_dist_grid *g, cl_command_queue q, int kind, int unpack,
                                      cl_mem cells, cl_ulong pitch, cl_mem tab, cl_uint ntab,
                                      size_t nwords, cl_mem stream, size_t base) {
  dist_frame *f = &g->frame;
  if (!nwords) return GOLCL_OK;
  cl_kernel *k = unpack ? &f->unpack[kind] : &f->pack[kind];
  static const char *const names[2][2] = {{"frame_pack_bytes", "frame_pack_bitrow"},
                                          {"frame_unpack_bytes", "frame_unpack_bitrow"}};
  golcl_status s = *k ? GOLCL_OK : golcl__dist_kernel(g->d, names[unpack][kind], k);
  cl_uint nw = (cl_uint)nwords, b = (cl_uint)base;
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 0, sizeof cells, &cells);
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 1, sizeof pitch, &pitch);
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 2, sizeof tab, &tab);
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 3, sizeof ntab, &ntab);
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 4, sizeof nw, &nw);
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 5, sizeof stream, &stream);
  if (s == GOLCL_OK) s = golcl__dist_arg(g->d, *k, 6, sizeof b, &b);
  size_t local = FRAME_GROUP, global = (nwords + FRAME_GROUP - 1) / FRAME_GROUP * FRAME_GROUP;
  if (s == GOLCL_OK) s = golcl__dist_launch_on(g->d, q, *k, 1, &global, &local);
  return s;
}

/* Launches pack (unpack 0) or unpack over nwords stream words from base, with table t. */
static golcl_status frame_launch(golcl_dist_grid *g, int kind, int unpack, cl_mem cells,
                                 cl_ulong pitch, int t, size_t nwords, size_t base) {
  dist_frame *f = &g->frame;
  return golcl__dist_frame_run(g, kind, unpack, cells, pitch, f->tab[t], f->ntab[t], nwords,
                               f->stream, base);
}

/* Waits for the queue when profiling and adds the time since *t to *acc (then *t = now). */
static golcl_status lap(golcl_dist_grid *g, double *t, double *acc, int finish) {
  golcl_status s = GOLCL_OK;
  if (finish && g->profile)
    s = golcl__dist_cl_fail(g->d, clFinish(golcl_context_cl_queue(g->d->ctx)), "clFinish");
  double now = MPI_Wtime();
  *acc += now - *t;
  *t = now;
  return s;
}

/* Pack kernel (send and self pieces), the read of the send words into pinned memory, the self
 * pieces unpacked on the device; returns when the send words are on the host. */
static golcl_status frame_out(golcl_dist_grid *g, int kind, cl_mem cells, cl_ulong pitch) {
  dist_frame *f = &g->frame;
  cl_command_queue q = golcl_context_cl_queue(g->d->ctx);
  golcl_status s = g->profile ? golcl__dist_wait_stepped(g) : GOLCL_OK;
  double t = MPI_Wtime();
  if (s == GOLCL_OK)
    s = frame_launch(g, kind, 0, cells, pitch, 0, f->send_words + f->self_words, 0);
  if (s == GOLCL_OK) s = lap(g, &t, &g->stats.pack_s, 1);
  cl_event ev = NULL;
  if (s == GOLCL_OK && f->send_words) {
    s = golcl__dist_cl_fail(
        g->d,
        clEnqueueReadBuffer(q, f->stream, CL_FALSE, 0, f->send_words * 4, f->host, 0, NULL, &ev),
        "clEnqueueReadBuffer (frame)");
    g->stats.bytes_host += f->send_words * 4;
  }
  if (s == GOLCL_OK && g->profile && ev) {
    s = golcl__dist_cl_fail(g->d, clWaitForEvents(1, &ev), "clWaitForEvents (frame read)");
    lap(g, &t, &g->stats.read_s, 0);
  }
  if (s == GOLCL_OK) s = frame_launch(g, kind, 1, cells, pitch, 1, f->self_words, f->send_words);
  if (s == GOLCL_OK && g->profile) s = lap(g, &t, &g->stats.unpack_s, 1);
  if (s == GOLCL_OK) s = golcl__dist_cl_fail(g->d, clFlush(q), "clFlush");
  if (g->stepped) { /* the stepper's launches ahead of the pack kernel: compute */
    double w = g->stepped_s;
    golcl_status ws = golcl__dist_wait_stepped(g);
    if (s == GOLCL_OK) s = ws;
    t += g->stepped_s - w;
  }
  if (s == GOLCL_OK && ev) {
    s = golcl__dist_cl_fail(g->d, clWaitForEvents(1, &ev), "clWaitForEvents (frame read)");
    lap(g, &t, &g->stats.read_s, 0);
  }
  if (ev) clReleaseEvent(ev);
  return s;
}

/* The write of the received words and their unpack kernel (enqueued; waited for only when
 * profiling). */
static golcl_status frame_in(golcl_dist_grid *g, int kind, cl_mem cells, cl_ulong pitch) {
  dist_frame *f = &g->frame;
  if (!f->recv_words) return GOLCL_OK;
  cl_command_queue q = golcl_context_cl_queue(g->d->ctx);
  double t = MPI_Wtime();
  size_t base = f->send_words + f->self_words;
  golcl_status s =
      golcl__dist_cl_fail(g->d,
                          clEnqueueWriteBuffer(q, f->stream, CL_FALSE, base * 4, f->recv_words * 4,
                                               f->host + f->send_words, 0, NULL, &f->wrote),
                          "clEnqueueWriteBuffer (frame)");
  g->stats.bytes_host += f->recv_words * 4;
  if (s == GOLCL_OK) s = lap(g, &t, &g->stats.write_s, 1);
  if (s == GOLCL_OK) s = frame_launch(g, kind, 1, cells, pitch, 2, f->recv_words, base);
  if (s == GOLCL_OK) s = lap(g, &t, &g->stats.unpack_s, 1);
  return s;
}

/* Receives are posted first; the frame way packs everything at once and sends every message as
 * soon as the read is done, the RECT way sends each link as soon as it is packed; the rank's own
 * wrapped pieces are copied before the messages are waited for. Whatever happens locally,
 * every message is sent and received. */
golcl_status golcl__dist_exchange(golcl_dist_grid *g) {
  golcl_status s = GOLCL_OK;
  dist_frame *f = &g->frame;
  if (!g->plan.nsend && !g->plan.nrecv && !g->plan.self.npieces) return golcl__dist_wait_stepped(g);
  if (f->wrote) { /* the host's recv words are about to be overwritten */
    s = golcl__dist_cl_fail(g->d, clWaitForEvents(1, &f->wrote), "clWaitForEvents (frame write)");
    clReleaseEvent(f->wrote);
    f->wrote = NULL;
  }
  MPI_Request *rr = g->plan.reqs, *sr = g->plan.reqs + g->plan.nrecv;
  for (size_t i = 0; i < g->plan.nrecv; i++)
    MPI_Irecv(g->plan.recv[i].buf, (int)g->plan.recv[i].bytes, MPI_BYTE, g->plan.recv[i].peer, 0,
              g->d->comm, &rr[i]);
  golcl_layout_info info = {0};
  cl_mem cells = g->local ? golcl_grid_buffer(g->local, &info) : NULL;
  int kind = g->local ? golcl__dist_frame_kind(g, &info) : -1;
  cl_ulong pitch = info.row_pitch;
  if (kind < 0) {
    golcl_status ws = golcl__dist_wait_stepped(g);
    if (s == GOLCL_OK) s = ws;
  }
  if (kind >= 0 && s == GOLCL_OK) s = frame_out(g, kind, cells, pitch);
  double t = MPI_Wtime();
  for (size_t i = 0; i < g->plan.nsend; i++) {
    if (kind < 0 && s == GOLCL_OK) {
      s = rect_pack(g, &g->plan.send[i]);
      t = MPI_Wtime();
    }
    MPI_Isend(g->plan.send[i].buf, (int)g->plan.send[i].bytes, MPI_BYTE, g->plan.send[i].peer, 0,
              g->d->comm, &sr[i]);
    g->stats.bytes_sent += g->plan.send[i].bytes;
  }
  if (kind < 0 && s == GOLCL_OK) {
    s = rect_self(g);
    t = MPI_Wtime();
  }
  g->stats.bytes_copied += g->plan.self.words * 4;
  if (kind < 0) {
    for (size_t left = g->plan.nrecv; left > 0; left--) {
      int i = MPI_UNDEFINED;
      MPI_Waitany((int)g->plan.nrecv, rr, &i, MPI_STATUS_IGNORE);
      g->stats.mpi_s += MPI_Wtime() - t;
      if (i != MPI_UNDEFINED && s == GOLCL_OK) s = rect_unpack(g, &g->plan.recv[i]);
      t = MPI_Wtime();
    }
  } else {
    MPI_Waitall((int)g->plan.nrecv, rr, MPI_STATUSES_IGNORE);
    g->stats.mpi_s += MPI_Wtime() - t;
    if (s == GOLCL_OK) s = frame_in(g, kind, cells, pitch);
    t = MPI_Wtime();
  }
  MPI_Waitall((int)g->plan.nsend, sr, MPI_STATUSES_IGNORE);
  g->stats.mpi_s += MPI_Wtime() - t;
  g->stats.exchanges++;
  return s;
}
