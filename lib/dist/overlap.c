/* overlap.c — an exchange interval that hides the frame's trip behind the block's interior.
 * After k generations on a local grid whose frame is stale, every cell at least k from the
 * stale frame is exact (errors travel one cell a generation), so the whole local grid is
 * stepped while MPI moves the frame. The cells within k of a side with a frame are then made
 * again in a strip along that side: the strip is copied from the local grid at the interval's
 * start (the block's border, 2k deep), the new frame is copied in when it has arrived, the
 * strip is stepped k generations (its own dead edges are k from the cells it gives back) and
 * its k border cells are copied back. Copies are the frame kernels' pack and unpack with tables
 * of our own rectangles; everything runs on the one in-order queue. */
#include "dist.h"

#include <stdlib.h>
#include <string.h>

static golcl_status cl_fail(golcl_dist_context *d, cl_int err, const char *what) {
  if (err == CL_SUCCESS) return GOLCL_OK;
  return golcl__dist_fail(d,
                          err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES ||
                                  err == CL_OUT_OF_HOST_MEMORY
                              ? GOLCL_E_OUT_OF_MEMORY
                              : GOLCL_E_OPENCL,
                          "%s: %d", what, (int)err);
}

/* ------------------------------------------------------------- copies */

typedef struct rect {
  uint32_t x, y, w, h;
} rect;

/* A table of n pieces (5 uints each: x, y, w, h, first word), source or destination side. */
static golcl_status make_table(golcl_dist_grid *g, const dist_piece *p, size_t n, int dest,
                               cl_mem *out, size_t *words) {
  uint32_t t[5 * 8];
  size_t off = 0;
  for (size_t i = 0; i < n; i++) {
    t[5 * i + 0] = dest ? p[i].dx : p[i].sx;
    t[5 * i + 1] = dest ? p[i].dy : p[i].sy;
    t[5 * i + 2] = p[i].w;
    t[5 * i + 3] = p[i].h;
    t[5 * i + 4] = (uint32_t)off;
    off += ((size_t)p[i].w * p[i].h + 31) / 32;
  }
  *words = off;
  cl_int err;
  *out = clCreateBuffer(golcl_context_cl_context(g->d->ctx),
                        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 5 * sizeof *t * n, t, &err);
  return cl_fail(g->d, err, "clCreateBuffer (overlap table)");
}

/* The copy of up to 8 pieces (empty ones left out). */
static golcl_status make_copy(golcl_dist_grid *g, const dist_piece *p, size_t n, dist_copy *c) {
  dist_piece q[8];
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (p[i].w && p[i].h) q[m++] = p[i];
  c->n = (cl_uint)m;
  if (!m) return GOLCL_OK;
  golcl_status s = make_table(g, q, m, 0, &c->src, &c->words);
  if (s == GOLCL_OK) s = make_table(g, q, m, 1, &c->dst, &c->words);
  return s;
}

static void free_copy(dist_copy *c) {
  if (c->src) clReleaseMemObject(c->src);
  if (c->dst) clReleaseMemObject(c->dst);
  memset(c, 0, sizeof *c);
}

/* Enqueues the copy from grid a to grid b through the scratch stream. */
static golcl_status run_copy(golcl_dist_grid *g, const dist_copy *c, golcl_grid *a, golcl_grid *b) {
  if (!c->n) return GOLCL_OK;
  golcl_layout_info ia, ib;
  cl_mem ma = golcl_grid_buffer(a, &ia), mb = golcl_grid_buffer(b, &ib);
  int ka = golcl__dist_frame_kind(g, &ia), kb = golcl__dist_frame_kind(g, &ib);
  if (ka < 0 || kb < 0)
    return golcl__dist_fail(g->d, GOLCL_E_UNSUPPORTED,
                            "golcl_dist_grid_step: a strip's layout changed to one without frame "
                            "kernels (set overlap to GOLCL_DIST_OVERLAP_OFF)");
  golcl_status s =
      golcl__dist_frame_run(g, ka, 0, ma, ia.row_pitch, c->src, c->n, c->words, g->ov.scratch, 0);
  if (s == GOLCL_OK)
    s = golcl__dist_frame_run(g, kb, 1, mb, ib.row_pitch, c->dst, c->n, c->words, g->ov.scratch, 0);
  return s;
}

/* ------------------------------------------------------------- strips */

static dist_piece piece(rect r, uint32_t ox, uint32_t oy, int into_strip) {
  dist_piece p;
  p.w = r.w;
  p.h = r.h;
  p.sx = into_strip ? r.x : r.x - ox;
  p.sy = into_strip ? r.y : r.y - oy;
  p.dx = into_strip ? r.x - ox : r.x;
  p.dy = into_strip ? r.y - oy : r.y;
  return p;
}

/* The intersection of two rectangles (w or h 0 when empty). */
static rect meet(rect a, rect b) {
  uint32_t x0 = a.x > b.x ? a.x : b.x, y0 = a.y > b.y ? a.y : b.y;
  uint32_t x1 = a.x + a.w < b.x + b.w ? a.x + a.w : b.x + b.w;
  uint32_t y1 = a.y + a.h < b.y + b.h ? a.y + a.h : b.y + b.h;
  rect r = {x0, y0, x1 > x0 ? x1 - x0 : 0, y1 > y0 ? y1 - y0 : 0};
  return r;
}

/* Strip i (0 top, 1 bottom, 2 left, 3 right) of the local grid, and the block's cells within k
 * of that side; w 0 where the side has no frame. */
static void strip_rects(const dist_block *b, uint32_t k, int i, rect *region, rect *ring) {
  uint32_t lw = b->lw, lh = b->lh, bx = b->fl, by = b->ft;
  const uint32_t depth[4] = {b->ft, b->fb, b->fl, b->fr};
  rect none = {0, 0, 0, 0}, r[4] = {{0, 0, lw, by + 2 * k},
                                    {0, by + b->h - 2 * k, lw, b->fb + 2 * k},
                                    {0, 0, bx + 2 * k, lh},
                                    {bx + b->w - 2 * k, 0, b->fr + 2 * k, lh}};
  rect o[4] = {{bx, by, b->w, k},
               {bx, by + b->h - k, b->w, k},
               {bx, by, k, b->h},
               {bx + b->w - k, by, k, b->h}};
  *region = depth[i] ? r[i] : none;
  *ring = depth[i] ? o[i] : none;
}

/* Strip i's grid and its three copies. */
static golcl_status make_strip(golcl_dist_grid *g, int i, golcl_layout layout) {
  const dist_block *b = &g->blk;
  rect reg, ring;
  strip_rects(b, g->dc.k, i, &reg, &ring);
  if (!reg.w) return GOLCL_OK;
  golcl_status s = golcl_grid_create(g->d->ctx, reg.w, reg.h, GOLCL_BOUNDARY_DEAD, &g->ov.strip[i]);
  if (s == GOLCL_OK) s = golcl_grid_set_rule_bits(g->ov.strip[i], g->rule);
  if (s == GOLCL_OK) s = golcl_grid_set_layout(g->ov.strip[i], layout);
  s = golcl__dist_core(g->d, s, "golcl_grid_create (overlap strip)");
  dist_piece in = piece(reg, reg.x, reg.y, 1), out = piece(ring, reg.x, reg.y, 0);
  /* the frame's cells in the region: the rows above and below the block, and its sides */
  rect blk = {b->fl, b->ft, b->w, b->h};
  rect fr[4] = {{0, 0, b->lw, blk.y},
                {0, blk.y + blk.h, b->lw, b->fb},
                {0, blk.y, blk.x, blk.h},
                {blk.x + blk.w, blk.y, b->fr, blk.h}};
  dist_piece fp[4];
  for (int j = 0; j < 4; j++) fp[j] = piece(meet(reg, fr[j]), reg.x, reg.y, 1);
  if (s == GOLCL_OK) s = make_copy(g, &in, 1, &g->ov.in[i]);
  if (s == GOLCL_OK) s = make_copy(g, fp, 4, &g->ov.frame[i]);
  if (s == GOLCL_OK) s = make_copy(g, &out, 1, &g->ov.out[i]);
  return s;
}

static golcl_status make_strips(golcl_dist_grid *g, golcl_layout layout) {
  golcl_status s = GOLCL_OK;
  size_t words = 0;
  for (int i = 0; i < 4 && s == GOLCL_OK; i++) {
    s = make_strip(g, i, layout);
    const dist_copy *c[3] = {&g->ov.in[i], &g->ov.frame[i], &g->ov.out[i]};
    for (int j = 0; j < 3; j++)
      if (c[j]->words > words) words = c[j]->words;
  }
  cl_int err = CL_SUCCESS;
  if (s == GOLCL_OK && words)
    g->ov.scratch = clCreateBuffer(golcl_context_cl_context(g->d->ctx), CL_MEM_READ_WRITE,
                                   words * 4, NULL, &err);
  if (s == GOLCL_OK) s = cl_fail(g->d, err, "clCreateBuffer (overlap scratch)");
  g->ov.rule = g->rule;
  return s;
}

void golcl__dist_overlap_free(golcl_dist_grid *g) {
  dist_overlap *o = &g->ov;
  for (int i = 0; i < 4; i++) {
    golcl_grid_destroy(o->strip[i]);
    free_copy(&o->in[i]);
    free_copy(&o->frame[i]);
    free_copy(&o->out[i]);
  }
  if (o->scratch) clReleaseMemObject(o->scratch);
  memset(o, 0, sizeof *o);
}

/* Overlap needs the frame kernels for the local grid's layout (the stepper's, known after its
 * first interval), frames to receive, and blocks of at least 2k a side. */
int golcl__dist_overlap_ready(golcl_dist_grid *g) {
  dist_overlap *o = &g->ov;
  if (o->state) return o->state > 0;
  if (!g->local || g->intervals == 0) return 0;
  const char *env = getenv("GOLCL_DIST_OVERLAP"); /* a measurement switch: "off" */
  golcl_layout_info info;
  golcl_grid_buffer(g->local, &info);
  uint32_t k = g->dc.k;
  int ok = g->overlap == GOLCL_DIST_OVERLAP_AUTO && g->exchange == GOLCL_DIST_EXCHANGE_AUTO &&
           !g->profile && (g->nsend || g->nrecv) && g->blk.w >= 2 * k && g->blk.h >= 2 * k &&
           golcl__dist_frame_kind(g, &info) >= 0 && !(env && strcmp(env, "off") == 0);
  o->state = -1;
  if (!ok) return 0;
  if (make_strips(g, info.layout) != GOLCL_OK) { /* then the plain way, which needs no more */
    golcl__dist_overlap_free(g);
    o->state = -1;
    return 0;
  }
  o->state = 1;
  return 1;
}

/* --------------------------------------------------------------- interval */

/* Posts the receives and enqueues the pack and the read of the words that leave (event *ev). */
static golcl_status send_side(golcl_dist_grid *g, cl_event *ev) {
  dist_frame *f = &g->frame;
  golcl_status s = GOLCL_OK;
  if (f->wrote) { /* the host's recv words are about to be overwritten */
    s = cl_fail(g->d, clWaitForEvents(1, &f->wrote), "clWaitForEvents (frame write)");
    clReleaseEvent(f->wrote);
    f->wrote = NULL;
  }
  for (size_t i = 0; i < g->nrecv; i++)
    MPI_Irecv(g->recv[i].buf, (int)g->recv[i].bytes, MPI_BYTE, g->recv[i].peer, 0, g->d->comm,
              &g->reqs[i]);
  golcl_layout_info info;
  cl_mem cells = golcl_grid_buffer(g->local, &info);
  int kind = golcl__dist_frame_kind(g, &info);
  if (s == GOLCL_OK)
    s = golcl__dist_frame_run(g, kind, 0, cells, info.row_pitch, f->tab[0], f->ntab[0],
                              f->send_words + f->self_words, f->stream, 0);
  if (s == GOLCL_OK && f->send_words)
    s = cl_fail(g->d,
                clEnqueueReadBuffer(golcl_context_cl_queue(g->d->ctx), f->stream, CL_FALSE, 0,
                                    f->send_words * 4, f->host, 0, NULL, ev),
                "clEnqueueReadBuffer (frame)");
  g->stats.bytes_host += f->send_words * 4;
  return s;
}

/* Waits for the words that leave, sends them and waits for the neighbours' (every message is
 * sent and received whatever happened locally). */
static golcl_status mpi_side(golcl_dist_grid *g, cl_event ev, golcl_status s) {
  double t0 = MPI_Wtime();
  cl_command_queue q = golcl_context_cl_queue(g->d->ctx);
  golcl_status fs = cl_fail(g->d, clFlush(q), "clFlush");
  if (s == GOLCL_OK) s = fs;
  if (ev) {
    golcl_status ws = cl_fail(g->d, clWaitForEvents(1, &ev), "clWaitForEvents (frame read)");
    if (s == GOLCL_OK) s = ws;
    clReleaseEvent(ev);
  }
  double t1 = MPI_Wtime();
  g->stats.read_s += t1 - t0;
  MPI_Request *sr = g->reqs + g->nrecv;
  for (size_t i = 0; i < g->nsend; i++) {
    MPI_Isend(g->send[i].buf, (int)g->send[i].bytes, MPI_BYTE, g->send[i].peer, 0, g->d->comm,
              &sr[i]);
    g->stats.bytes_sent += g->send[i].bytes;
  }
  MPI_Waitall((int)(g->nrecv + g->nsend), g->reqs, MPI_STATUSES_IGNORE);
  g->stats.mpi_s += MPI_Wtime() - t1;
  g->stats.bytes_copied += g->self.words * 4;
  g->stats.exchanges++;
  return s;
}

/* Writes the received words and unpacks them and the rank's own wrapped pieces (enqueued after
 * the interior's launches, over the stale frame). */
static golcl_status recv_side(golcl_dist_grid *g) {
  dist_frame *f = &g->frame;
  golcl_layout_info info;
  cl_mem cells = golcl_grid_buffer(g->local, &info);
  int kind = golcl__dist_frame_kind(g, &info);
  if (kind < 0)
    return golcl__dist_fail(g->d, GOLCL_E_UNSUPPORTED,
                            "golcl_dist_grid_step: the local grid's layout changed to one without "
                            "frame kernels (set overlap to GOLCL_DIST_OVERLAP_OFF)");
  size_t base = f->send_words + f->self_words;
  golcl_status s = golcl__dist_frame_run(g, kind, 1, cells, info.row_pitch, f->tab[1], f->ntab[1],
                                         f->self_words, f->stream, f->send_words);
  if (s == GOLCL_OK && f->recv_words)
    s = cl_fail(
        g->d,
        clEnqueueWriteBuffer(golcl_context_cl_queue(g->d->ctx), f->stream, CL_FALSE, base * 4,
                             f->recv_words * 4, f->host + f->send_words, 0, NULL, &f->wrote),
        "clEnqueueWriteBuffer (frame)");
  g->stats.bytes_host += f->recv_words * 4;
  if (s == GOLCL_OK)
    s = golcl__dist_frame_run(g, kind, 1, cells, info.row_pitch, f->tab[2], f->ntab[2],
                              f->recv_words, f->stream, base);
  return s;
}

golcl_status golcl__dist_overlap_interval(golcl_dist_grid *g, golcl_stepper *st, uint64_t c) {
  dist_overlap *o = &g->ov;
  if (g->stepped) { /* the last interval's launches: the read below waits for them */
    clReleaseEvent(g->stepped);
    g->stepped = NULL;
  }
  cl_event ev = NULL;
  double t0 = MPI_Wtime();
  golcl_status s = send_side(g, &ev);
  if (s == GOLCL_OK && (o->rule.birth != g->rule.birth || o->rule.survive != g->rule.survive)) {
    for (int i = 0; i < 4 && s == GOLCL_OK; i++)
      if (o->strip[i]) s = golcl_grid_set_rule_bits(o->strip[i], g->rule);
    s = golcl__dist_core(g->d, s, "golcl_grid_set_rule_bits (overlap strip)");
    if (s == GOLCL_OK) o->rule = g->rule;
  }
  for (int i = 0; i < 4 && s == GOLCL_OK; i++)
    if (o->strip[i]) s = run_copy(g, &o->in[i], g->local, o->strip[i]);
  if (s == GOLCL_OK)
    s = golcl__dist_core(g->d, golcl_stepper_run(st, g->local, c), "golcl_stepper_run");
  double t1 = MPI_Wtime();
  g->stats.pack_s += t1 - t0;
  double m0 = g->stats.mpi_s;
  s = mpi_side(g, ev, s);
  g->ov_mpi_s = g->stats.mpi_s - m0;
  double t2 = MPI_Wtime();
  if (s == GOLCL_OK) s = recv_side(g);
  for (int i = 0; i < 4 && s == GOLCL_OK; i++) {
    if (!o->strip[i]) continue;
    s = run_copy(g, &o->frame[i], g->local, o->strip[i]);
    if (s == GOLCL_OK)
      s = golcl__dist_core(g->d, golcl_stepper_run(st, o->strip[i], c),
                           "golcl_stepper_run (overlap strip)");
    if (s == GOLCL_OK) s = run_copy(g, &o->out[i], o->strip[i], g->local);
  }
  if (s == GOLCL_OK) s = golcl__dist_mark(g);
  g->stats.unpack_s += MPI_Wtime() - t2;
  return s;
}
