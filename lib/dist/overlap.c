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

/* ------------------------------------------------------------- copies */

typedef struct rect {
  uint32_t x, y, w, h;
} rect;

/* A table of the non-empty rectangles of r (local cells, less the origin (ox, oy)), 5 uints
 * each: x, y, w, h, first word (from 0); NULL and 0 words when none. */
static golcl_status make_table(golcl_dist_grid *g, const rect *r, size_t n, uint32_t ox,
                               uint32_t oy, cl_mem *out, cl_uint *count, size_t *words) {
  uint32_t t[5 * 16];
  size_t off = 0, m = 0;
  for (size_t i = 0; i < n && m < 16; i++) {
    if (!r[i].w || !r[i].h) continue;
    uint32_t *e = t + 5 * m++;
    e[0] = r[i].x - ox;
    e[1] = r[i].y - oy;
    e[2] = r[i].w;
    e[3] = r[i].h;
    e[4] = (uint32_t)off;
    off += ((size_t)r[i].w * r[i].h + 31) / 32;
  }
  *words = off;
  *count = (cl_uint)m;
  *out = NULL;
  if (!m) return GOLCL_OK;
  cl_int err;
  *out = clCreateBuffer(golcl_context_cl_context(g->d->ctx),
                        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 5 * sizeof *t * m, t, &err);
  return golcl__dist_cl_fail(g->d, err, "clCreateBuffer (overlap table)");
}

/* The copy of up to 4 rectangles a strip (local cells): strip i lies in strip grid i / 2 with
 * its region's origin reg[i] at at[i]. */
static golcl_status make_copy(golcl_dist_grid *g, rect r[4][4], const rect *reg, const rect *at,
                              dist_copy *c) {
  rect all[16];
  size_t n = 0;
  golcl_status s = GOLCL_OK;
  for (int gi = 0; gi < 2 && s == GOLCL_OK; gi++) {
    rect part[8];
    size_t m = 0;
    for (int i = 2 * gi; i < 2 * gi + 2; i++)
      for (int j = 0; j < 4; j++) {
        rect q = r[i][j];
        if (!q.w || !q.h) continue;
        all[n++] = q;
        q.x = q.x - reg[i].x + at[i].x;
        q.y = q.y - reg[i].y + at[i].y;
        part[m++] = q;
      }
    s = make_table(g, part, m, 0, 0, &c->part[gi], &c->npart[gi], &c->words[gi]);
    c->base[gi] = c->total;
    c->total += c->words[gi];
  }
  size_t words = 0;
  if (s == GOLCL_OK) s = make_table(g, all, n, 0, 0, &c->whole, &c->nwhole, &words);
  return s;
}

static void free_copy(dist_copy *c) {
  if (c->whole) clReleaseMemObject(c->whole);
  for (int i = 0; i < 2; i++)
    if (c->part[i]) clReleaseMemObject(c->part[i]);
  memset(c, 0, sizeof *c);
}

/* The frame kernels' kind for a grid's layout, its buffer and pitch. A grid whose stepper left
 * it in a layout without frame kernels (AUTO may pick another stepper for a thin strip than
 * for the block) is converted to bytes first, on the device; the stepper converts it back. */
static golcl_status grid_side(golcl_dist_grid *g, golcl_grid *grid, cl_mem *mem, cl_ulong *pitch,
                              int *kind) {
  golcl_layout_info info;
  *mem = golcl_grid_buffer(grid, &info);
  *kind = golcl__dist_frame_kind(g, &info);
  if (*kind < 0) {
    golcl_status s = golcl_grid_set_layout(grid, GOLCL_LAYOUT_BYTES);
    if (s != GOLCL_OK) return golcl__dist_core(g->d, s, "golcl_grid_set_layout (overlap)");
    *mem = golcl_grid_buffer(grid, &info);
    *kind = golcl__dist_frame_kind(g, &info);
  }
  *pitch = info.row_pitch;
  if (*kind >= 0) return GOLCL_OK;
  return golcl__dist_fail(g->d, GOLCL_E_UNSUPPORTED,
                          "golcl_dist_grid_step: no frame kernels for the byte layout");
}

/* Enqueues a copy: to the strips (to 1: one pack on the local grid, one unpack a strip grid)
 * or from them (one pack a strip grid, one unpack on the local grid). */
static golcl_status run_copy(golcl_dist_grid *g, const dist_copy *c, int to) {
  if (!c->total) return GOLCL_OK;
  cl_mem lm, sm;
  cl_ulong lp, sp;
  int lk, sk;
  golcl_status s = grid_side(g, g->local, &lm, &lp, &lk);
  if (s == GOLCL_OK && to)
    s = golcl__dist_frame_run(g, lk, 0, lm, lp, c->whole, c->nwhole, c->total, g->ov.scratch, 0);
  for (int i = 0; i < 2 && s == GOLCL_OK; i++) {
    if (!c->npart[i]) continue;
    s = grid_side(g, g->ov.strip[i], &sm, &sp, &sk);
    if (s == GOLCL_OK)
      s = golcl__dist_frame_run(g, sk, to, sm, sp, c->part[i], c->npart[i], c->words[i],
                                g->ov.scratch, c->base[i]);
  }
  if (s == GOLCL_OK && !to)
    s = golcl__dist_frame_run(g, lk, 1, lm, lp, c->whole, c->nwhole, c->total, g->ov.scratch, 0);
  return s;
}

/* ------------------------------------------------------------- strips */

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

/* The strip grids: top and bottom strips stacked in one (lw wide), left and right side by side
 * in the other (lh tall), at[i] being strip i's place there. Stacked, two strips meet at their
 * inner k cells, whose errors travel k in the k generations of an interval: the ring cells
 * they give back stay exact. */
static golcl_status make_strip_grids(golcl_dist_grid *g, golcl_context *ctx, golcl_layout layout,
                                     const rect *reg, rect *at) {
  uint32_t size[2][2] = {{g->blk.lw, reg[0].h + reg[1].h}, {reg[2].w + reg[3].w, g->blk.lh}};
  for (int i = 0; i < 4; i++) {
    at[i].x = i == 3 ? reg[2].w : 0;
    at[i].y = i == 1 ? reg[0].h : 0;
  }
  golcl_status s = GOLCL_OK;
  for (int gi = 0; gi < 2 && s == GOLCL_OK; gi++) {
    if (!reg[2 * gi].w && !reg[2 * gi + 1].w) continue;
    golcl_grid **sg = &g->ov.strip[gi];
    golcl_grid_destroy(*sg);
    *sg = NULL;
    s = golcl_grid_create(ctx, size[gi][0], size[gi][1], GOLCL_BOUNDARY_DEAD, sg);
    if (s == GOLCL_OK) s = golcl_grid_set_rule_bits(*sg, g->rule);
    if (s == GOLCL_OK) s = golcl_grid_set_layout(*sg, layout);
    s = golcl__dist_core(g->d, s, "golcl_grid_create (overlap strip)");
  }
  return s;
}

/* The strips and the three copies: the regions in, the frame's cells of each region (the rows
 * above and below the block, and its sides) in, the rings out. */
/* The four frame bands of the local grid: the rows above and below the block (its width and
 * the corners), and its sides (the block's rows). */
static void frame_bands(const dist_block *b, rect frame[4]) {
  rect blk = {b->fl, b->ft, b->w, b->h};
  rect f[4] = {{0, 0, b->lw, blk.y},
               {0, blk.y + blk.h, b->lw, b->fb},
               {0, blk.y, blk.x, blk.h},
               {blk.x + blk.w, blk.y, b->fr, blk.h}};
  memcpy(frame, f, sizeof f);
}

/* The regions of the strips, their rings, and each region's cells of each frame band. */
static void strip_geometry(const golcl_dist_grid *g, rect reg[4], rect ring[4], rect fr[4][4]) {
  rect frame[4], none = {0, 0, 0, 0};
  frame_bands(&g->blk, frame);
  for (int i = 0; i < 4; i++) {
    strip_rects(&g->blk, g->dc.k, i, &reg[i], &ring[i]);
    for (int j = 0; j < 4; j++) fr[i][j] = reg[i].w ? meet(reg[i], frame[j]) : none;
  }
}

static golcl_status make_strips(golcl_dist_grid *g, golcl_layout layout) {
  rect reg[4], at[4], ring[4], in[4][4], fr[4][4], out[4][4], none = {0, 0, 0, 0};
  strip_geometry(g, reg, ring, fr);
  for (int i = 0; i < 4; i++) {
    in[i][0] = reg[i];
    out[i][0] = ring[i];
    for (int j = 1; j < 4; j++) in[i][j] = out[i][j] = none;
  }
  golcl_status s = make_strip_grids(g, g->d->ctx, layout, reg, at);
  if (s == GOLCL_OK) s = make_copy(g, in, reg, at, &g->ov.in);
  if (s == GOLCL_OK) s = make_copy(g, fr, reg, at, &g->ov.frame);
  if (s == GOLCL_OK) s = make_copy(g, out, reg, at, &g->ov.out);
  size_t words = g->ov.in.total;
  if (g->ov.frame.total > words) words = g->ov.frame.total;
  if (g->ov.out.total > words) words = g->ov.out.total;
  cl_int err = CL_SUCCESS;
  if (s == GOLCL_OK && words)
    g->ov.scratch = clCreateBuffer(golcl_context_cl_context(g->d->ctx), CL_MEM_READ_WRITE,
                                   words * 4, NULL, &err);
  if (s == GOLCL_OK) s = golcl__dist_cl_fail(g->d, err, "clCreateBuffer (overlap scratch)");
  g->ov.rule = g->rule;
  return s;
}

static void free_two(dist_overlap *o) {
  for (size_t i = 0; i < o->nruns; i++)
    if (o->runs[i].tab) clReleaseMemObject(o->runs[i].tab);
  free(o->runs);
  o->runs = NULL;
  o->nruns = 0;
  for (size_t i = 0; i < o->npairs; i++) {
    if (o->pairs[i].src) clReleaseMemObject(o->pairs[i].src);
    if (o->pairs[i].dst) clReleaseMemObject(o->pairs[i].dst);
  }
  o->npairs = 0;
  for (int i = 0; i < 2; i++) {
    if (o->band[i]) clReleaseMemObject(o->band[i]);
    o->band[i] = NULL;
  }
  golcl_stepper_destroy(o->st2);
  o->st2 = NULL;
}

void golcl__dist_overlap_free(golcl_dist_grid *g) {
  dist_overlap *o = &g->ov;
  free_two(o);
  for (int i = 0; i < 2; i++) golcl_grid_destroy(o->strip[i]);
  golcl_context_destroy(o->ctx2); /* after its grids and stepper */
  free_copy(&o->in);
  free_copy(&o->frame);
  free_copy(&o->out);
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
           !g->profile && (g->plan.nsend || g->plan.nrecv) && g->blk.w >= 2 * k &&
           g->blk.h >= 2 * k && golcl__dist_frame_kind(g, &info) >= 0 &&
           !(env && strcmp(env, "off") == 0);
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

/* Posts the receives and enqueues the pack and the read of the words that leave (event *ev):
 * the read on queue rq after the pack (two queues), or on the context's (rq NULL). */
static golcl_status send_side(golcl_dist_grid *g, cl_command_queue rq, cl_event *ev) {
  dist_frame *f = &g->frame;
  golcl_status s = GOLCL_OK;
  if (f->wrote) { /* the host's recv words are about to be overwritten */
    s = golcl__dist_cl_fail(g->d, clWaitForEvents(1, &f->wrote), "clWaitForEvents (frame write)");
    clReleaseEvent(f->wrote);
    f->wrote = NULL;
  }
  for (size_t i = 0; i < g->plan.nrecv; i++)
    MPI_Irecv(g->plan.recv[i].buf, (int)g->plan.recv[i].bytes, MPI_BYTE, g->plan.recv[i].peer, 0,
              g->d->comm, &g->plan.reqs[i]);
  cl_mem cells = NULL;
  cl_ulong pitch = 0;
  int kind = -1;
  if (s == GOLCL_OK) s = grid_side(g, g->local, &cells, &pitch, &kind);
  if (s == GOLCL_OK)
    s = golcl__dist_frame_run(g, kind, 0, cells, pitch, f->tab[0], f->ntab[0],
                              f->send_words + f->self_words, f->stream, 0);
  cl_command_queue q = golcl_context_cl_queue(g->d->ctx);
  cl_event packed = NULL;
  if (s == GOLCL_OK && rq && f->send_words)
    s = golcl__dist_cl_fail(g->d, clEnqueueMarkerWithWaitList(q, 0, NULL, &packed),
                            "clEnqueueMarker");
  if (s == GOLCL_OK && f->send_words)
    s = golcl__dist_cl_fail(
        g->d,
        clEnqueueReadBuffer(rq ? rq : q, f->stream, CL_FALSE, 0, f->send_words * 4, f->host,
                            packed ? 1 : 0, packed ? &packed : NULL, ev),
        "clEnqueueReadBuffer (frame)");
  if (packed) clReleaseEvent(packed);
  g->stats.bytes_host += f->send_words * 4;
  return s;
}

/* The strips take the grid's rule where it changed since their last interval. */
static golcl_status strips_rule(golcl_dist_grid *g) {
  dist_overlap *o = &g->ov;
  golcl_status s = GOLCL_OK;
  if (o->rule.birth == g->rule.birth && o->rule.survive == g->rule.survive) return s;
  for (int i = 0; i < 2 && s == GOLCL_OK; i++)
    if (o->strip[i]) s = golcl_grid_set_rule_bits(o->strip[i], g->rule);
  s = golcl__dist_core(g->d, s, "golcl_grid_set_rule_bits (overlap strip)");
  if (s == GOLCL_OK) o->rule = g->rule;
  return s;
}

/* Waits for the words that leave, sends them and waits for the neighbours' (every message is
 * sent and received whatever happened locally). */
static golcl_status mpi_side(golcl_dist_grid *g, cl_event ev, golcl_status s) {
  double t0 = MPI_Wtime();
  cl_command_queue q = golcl_context_cl_queue(g->d->ctx);
  golcl_status fs = golcl__dist_cl_fail(g->d, clFlush(q), "clFlush");
  if (s == GOLCL_OK) s = fs;
  if (ev) {
    golcl_status ws =
        golcl__dist_cl_fail(g->d, clWaitForEvents(1, &ev), "clWaitForEvents (frame read)");
    if (s == GOLCL_OK) s = ws;
    clReleaseEvent(ev);
  }
  /* the device's work up to the read (the last interval's strips, this pack and read): compute,
   * kept apart in read_s for the timeline */
  double t1 = MPI_Wtime();
  g->stats.read_s += t1 - t0;
  MPI_Request *sr = g->plan.reqs + g->plan.nrecv;
  for (size_t i = 0; i < g->plan.nsend; i++) {
    MPI_Isend(g->plan.send[i].buf, (int)g->plan.send[i].bytes, MPI_BYTE, g->plan.send[i].peer, 0,
              g->d->comm, &sr[i]);
    g->stats.bytes_sent += g->plan.send[i].bytes;
  }
  MPI_Waitall((int)(g->plan.nrecv + g->plan.nsend), g->plan.reqs, MPI_STATUSES_IGNORE);
  g->stats.mpi_s += MPI_Wtime() - t1;
  g->stats.bytes_copied += g->plan.self.words * 4;
  g->stats.exchanges++;
  return s;
}

/* Writes the received words and unpacks them and the rank's own wrapped pieces (enqueued after
 * the interior's launches, over the stale frame). */
static golcl_status recv_side(golcl_dist_grid *g) {
  dist_frame *f = &g->frame;
  cl_mem cells;
  cl_ulong pitch;
  int kind;
  golcl_status ks = grid_side(g, g->local, &cells, &pitch, &kind);
  if (ks != GOLCL_OK) return ks;
  size_t base = f->send_words + f->self_words;
  golcl_status s = golcl__dist_frame_run(g, kind, 1, cells, pitch, f->tab[1], f->ntab[1],
                                         f->self_words, f->stream, f->send_words);
  if (s == GOLCL_OK && f->recv_words)
    s = golcl__dist_cl_fail(
        g->d,
        clEnqueueWriteBuffer(golcl_context_cl_queue(g->d->ctx), f->stream, CL_FALSE, base * 4,
                             f->recv_words * 4, f->host + f->send_words, 0, NULL, &f->wrote),
        "clEnqueueWriteBuffer (frame)");
  g->stats.bytes_host += f->recv_words * 4;
  if (s == GOLCL_OK)
    s = golcl__dist_frame_run(g, kind, 1, cells, pitch, f->tab[2], f->ntab[2], f->recv_words,
                              f->stream, base);
  return s;
}

/* ------------------------------------------------------------ two queues */

/* Why a second queue (measured on an H200, tools/queues_probe.c, 2026-11-28): on one queue the
 * strips' launches (few work-groups, latency-bound: 0.32-0.47 ms for the strips of a 32768²
 * block, k = 80, whatever their tile shape) and the frame's transfers and copies follow the
 * block's interior (3.2 ms) and add to it: an interval of 3.82 ms where one GPU takes 3.03 for
 * as many generations. On a queue of their own they run beside the interior, which leaves
 * room for them between its launches (the strips with 64-row tiles of 16 generations: 0.15 ms
 * of the 0.32 still shows). */

static int band_of(const dist_block *b, rect r, rect *at) {
  /* band buffer 0: the top rows at their own rows, the bottom rows below them; band buffer 1:
   * the left columns at their own columns, the right ones beside them; both from the block's
   * first row */
  uint32_t ft = b->ft, fl = b->fl, w = b->w, h = b->h;
  *at = r;
  if (r.y + r.h <= ft) return 0;
  if (r.y >= ft + h) {
    at->y = r.y - h;
    return 0;
  }
  if (r.y < ft || r.y + r.h > ft + h) return -1; /* across a band's edge */
  at->y = r.y - ft;
  if (r.x + r.w <= fl) return 1;
  if (r.x >= fl + w) {
    at->x = r.x - w;
    return 1;
  }
  return -1;
}

/* Appends the runs of a section's pieces (destination cells) bound for the band buffers. */
static golcl_status add_runs(golcl_dist_grid *g, const dist_link *l, size_t nl, size_t base,
                             dist_band_run **runs, size_t *nruns, size_t *cap) {
  size_t off = 0;
  rect cur[16];
  size_t m = 0, first = 0;
  int band = -1;
  golcl_status s = GOLCL_OK;
  for (size_t li = 0; li < nl && s == GOLCL_OK; li++)
    for (size_t pi = 0; pi <= l[li].npieces && s == GOLCL_OK; pi++) {
      int last = pi == l[li].npieces && li + 1 == nl;
      rect at = {0, 0, 0, 0};
      int bd = -2;
      size_t words = 0;
      if (pi < l[li].npieces) {
        const dist_piece *p = &l[li].pieces[pi];
        rect r = {p->dx, p->dy, p->w, p->h};
        bd = band_of(&g->blk, r, &at);
        if (bd < 0) return GOLCL_E_UNSUPPORTED;
        words = ((size_t)p->w * p->h + 31) / 32;
      } else if (!last) {
        continue;
      }
      if (m && (bd != band || m == 16)) { /* the run so far */
        if (*nruns == *cap) {
          size_t nc = *cap ? 2 * *cap : 8;
          dist_band_run *nr = realloc(*runs, nc * sizeof *nr);
          if (!nr) return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
          *runs = nr;
          *cap = nc;
        }
        dist_band_run *r = &(*runs)[(*nruns)++];
        memset(r, 0, sizeof *r);
        r->band = band;
        r->base = base + first;
        s = make_table(g, cur, m, 0, 0, &r->tab, &r->n, &r->words);
        m = 0;
      }
      if (bd >= 0) {
        if (!m) first = off, band = bd;
        cur[m++] = at;
        off += words;
      }
    }
  return s;
}

/* The copies of the frame's cells from the band buffers into the strip grids: one pair of
 * tables a band buffer and strip grid that meet. */
static golcl_status make_pairs(golcl_dist_grid *g, const rect reg[4], const rect at[4],
                               rect fr[4][4]) {
  dist_overlap *o = &g->ov;
  size_t base = 0;
  golcl_status s = GOLCL_OK;
  for (int bd = 0; bd < 2 && s == GOLCL_OK; bd++)
    for (int gi = 0; gi < 2 && s == GOLCL_OK; gi++) {
      rect src[8], dst[8];
      size_t m = 0;
      for (int i = 2 * gi; i < 2 * gi + 2; i++)
        for (int j = 2 * bd; j < 2 * bd + 2; j++) {
          rect q = fr[i][j], b;
          if (!q.w || !q.h) continue;
          if (band_of(&g->blk, q, &b) != bd) return GOLCL_E_UNSUPPORTED;
          src[m] = b;
          dst[m] = q;
          dst[m].x = q.x - reg[i].x + at[i].x;
          dst[m].y = q.y - reg[i].y + at[i].y;
          m++;
        }
      if (!m) continue;
      dist_pair *p = &o->pairs[o->npairs++];
      size_t w2;
      p->band = bd;
      p->strip = gi;
      p->base = base;
      s = make_table(g, src, m, 0, 0, &p->src, &p->n, &p->words);
      if (s == GOLCL_OK) s = make_table(g, dst, m, 0, 0, &p->dst, &p->n, &w2);
      base += p->words;
    }
  return s;
}

/* The second queue: of high priority where the device has cl_khr_priority_hints, so that
 * the strips' few work-groups go ahead of the interior's waiting ones (OpenCL 2.0's
 * clCreateCommandQueueWithProperties, declared here: the library's headers target 1.2). */
#define DIST_QUEUE_PRIORITY_KHR 0x1096
#define DIST_QUEUE_PRIORITY_HIGH_KHR 1u
extern CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(
    cl_context context, cl_device_id device, const cl_ulong *properties, cl_int *errcode_ret);

static cl_command_queue second_queue(cl_context clctx, cl_device_id dev, cl_int *err) {
  char ext[8192] = "";
  size_t n = 0;
  if (clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, &n) == CL_SUCCESS &&
      strstr(ext, "cl_khr_priority_hints")) {
    const cl_ulong props[] = {DIST_QUEUE_PRIORITY_KHR, DIST_QUEUE_PRIORITY_HIGH_KHR, 0};
    cl_command_queue q = clCreateCommandQueueWithProperties(clctx, dev, props, err);
    if (*err == CL_SUCCESS) return q;
  }
  return clCreateCommandQueue(clctx, dev, 0, err);
}

/* The second queue, the strips there, the band buffers and the tables; GOLCL_E_UNSUPPORTED
 * (quietly: one queue then) where the frame's pieces do not fall into the bands. */
static golcl_status setup_two(golcl_dist_grid *g, golcl_stepper *st) {
  dist_overlap *o = &g->ov;
  golcl_context *ctx = g->d->ctx;
  const dist_block *b = &g->blk;
  golcl_layout_info info;
  golcl_grid_buffer(g->local, &info);
  o->kind = golcl__dist_frame_kind(g, &info);
  if (o->kind < 0) return GOLCL_E_UNSUPPORTED;
  cl_int err;
  cl_command_queue q2 =
      second_queue(golcl_context_cl_context(ctx), golcl_context_cl_device(ctx), &err);
  if (err != CL_SUCCESS) return GOLCL_E_UNSUPPORTED;
  golcl_status s = golcl_context_with_queue(ctx, q2, &o->ctx2); /* ctx's programs, built once */
  clReleaseCommandQueue(q2); /* the context holds its own reference */
  if (s != GOLCL_OK) return GOLCL_E_UNSUPPORTED;
  /* the strips' stepper: the block's algorithm; on a GPU, MULTI's small tiles (64 rows, 16
   * generations a launch: the most of the strips hidden, tools/queues_probe.c) */
  golcl_stepper_kind kind = golcl_stepper_chosen(st);
  golcl_device_info dev;
  golcl_stepper_opts so = {32, 8, 0, 64, 16};
  int small = kind == GOLCL_STEPPER_MULTI && golcl_context_device_info(ctx, &dev) == GOLCL_OK &&
              dev.type == GOLCL_DEVICE_GPU;
  s = golcl_stepper_create(o->ctx2, kind, small ? &so : NULL, &o->st2);
  if (s != GOLCL_OK && small) s = golcl_stepper_create(o->ctx2, kind, NULL, &o->st2);
  if (s != GOLCL_OK) return golcl__dist_core(g->d, s, "golcl_stepper_create (overlap strips)");
  rect reg[4], at[4], ring[4], fr[4][4];
  strip_geometry(g, reg, ring, fr);
  s = make_strip_grids(g, o->ctx2, info.layout, reg, at);
  if (s != GOLCL_OK) return s;
  /* the band buffers */
  uint32_t bw[2] = {b->lw, b->fl + b->fr}, bh[2] = {b->ft + b->fb, b->h};
  for (int i = 0; i < 2; i++) {
    o->bpitch[i] = o->kind == 0 ? bw[i] : ((cl_ulong)bw[i] + 31) / 32 * 4;
    size_t bytes = (size_t)o->bpitch[i] * bh[i];
    if (!bytes) continue;
    o->band[i] =
        clCreateBuffer(golcl_context_cl_context(ctx), CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
      return golcl__dist_fail(g->d, GOLCL_E_OUT_OF_MEMORY, "clCreateBuffer (overlap bands): %d",
                              (int)err);
  }
  size_t cap = 0;
  const dist_frame *f = &g->frame;
  s = add_runs(g, &g->plan.self, 1, f->send_words, &o->runs, &o->nruns, &cap);
  if (s == GOLCL_OK && g->plan.nrecv)
    s = add_runs(g, g->plan.recv, g->plan.nrecv, f->send_words + f->self_words, &o->runs, &o->nruns,
                 &cap);
  if (s == GOLCL_OK) s = make_pairs(g, reg, at, fr);
  return s;
}

/* One interval on two queues. Q1: pack, copy in, the interior, [wait: strips] copy out. Q2:
 * [wait: pack] read; after MPI: write, [wait: copy in] unpack into the bands, copy into the
 * strips, the strips. */
static golcl_status interval_two(golcl_dist_grid *g, golcl_stepper *st, uint64_t c) {
  dist_overlap *o = &g->ov;
  dist_frame *f = &g->frame;
  cl_command_queue q1 = golcl_context_cl_queue(g->d->ctx), q2 = golcl_context_cl_queue(o->ctx2);
  if (g->stepped) {
    clReleaseEvent(g->stepped);
    g->stepped = NULL;
  }
  cl_event e_read = NULL, e_in = NULL, e_strips = NULL;
  golcl_status s = send_side(g, q2, &e_read);
  if (s == GOLCL_OK) s = strips_rule(g);
  if (s == GOLCL_OK) s = run_copy(g, &o->in, 1);
  if (s == GOLCL_OK)
    s = golcl__dist_cl_fail(g->d, clEnqueueMarkerWithWaitList(q1, 0, NULL, &e_in),
                            "clEnqueueMarker");
  if (s == GOLCL_OK)
    s = golcl__dist_core(g->d, golcl_stepper_run(st, g->local, c), "golcl_stepper_run");
  clFlush(q1);
  clFlush(q2);
  double m0 = g->stats.mpi_s;
  s = mpi_side(g, e_read, s); /* releases e_read */
  g->ov_mpi_s = g->stats.mpi_s - m0;
  size_t base = f->send_words + f->self_words;
  if (s == GOLCL_OK && f->recv_words)
    s = golcl__dist_cl_fail(
        g->d,
        clEnqueueWriteBuffer(q2, f->stream, CL_FALSE, base * 4, f->recv_words * 4,
                             f->host + f->send_words, 0, NULL, &f->wrote),
        "clEnqueueWriteBuffer (frame)");
  g->stats.bytes_host += f->recv_words * 4;
  if (s == GOLCL_OK)
    s = golcl__dist_cl_fail(g->d, clEnqueueBarrierWithWaitList(q2, 1, &e_in, NULL),
                            "clEnqueueBarrier");
  for (size_t i = 0; i < o->nruns && s == GOLCL_OK; i++) {
    const dist_band_run *r = &o->runs[i];
    s = golcl__dist_frame_run_on(g, q2, o->kind, 1, o->band[r->band], o->bpitch[r->band], r->tab,
                                 r->n, r->words, f->stream, r->base);
  }
  for (size_t i = 0; i < o->npairs && s == GOLCL_OK; i++) {
    const dist_pair *p = &o->pairs[i];
    cl_mem sm;
    cl_ulong sp;
    int sk;
    s = golcl__dist_frame_run_on(g, q2, o->kind, 0, o->band[p->band], o->bpitch[p->band], p->src,
                                 p->n, p->words, o->scratch, p->base);
    if (s == GOLCL_OK) s = grid_side(g, o->strip[p->strip], &sm, &sp, &sk);
    if (s == GOLCL_OK)
      s = golcl__dist_frame_run_on(g, q2, sk, 1, sm, sp, p->dst, p->n, p->words, o->scratch,
                                   p->base);
  }
  for (int i = 0; i < 2 && s == GOLCL_OK; i++)
    if (o->strip[i])
      s = golcl__dist_core(g->d, golcl_stepper_run(o->st2, o->strip[i], c),
                           "golcl_stepper_run (overlap strip)");
  if (s == GOLCL_OK)
    s = golcl__dist_cl_fail(g->d, clEnqueueMarkerWithWaitList(q2, 0, NULL, &e_strips),
                            "clEnqueueMarker");
  clFlush(q2);
  if (s == GOLCL_OK)
    s = golcl__dist_cl_fail(g->d, clEnqueueBarrierWithWaitList(q1, 1, &e_strips, NULL),
                            "clEnqueueBarrier");
  if (s == GOLCL_OK) s = run_copy(g, &o->out, 0);
  if (s == GOLCL_OK) s = golcl__dist_mark(g);
  if (s == GOLCL_OK) s = golcl__dist_cl_fail(g->d, clFlush(q1), "clFlush");
  if (e_in) clReleaseEvent(e_in);
  if (e_strips) clReleaseEvent(e_strips);
  return s;
}

golcl_status golcl__dist_overlap_interval(golcl_dist_grid *g, golcl_stepper *st, uint64_t c) {
  dist_overlap *o = &g->ov;
  if (o->two == 0) { /* a second queue, unless GOLCL_DIST_QUEUES=1 (a measurement switch) */
    const char *env = getenv("GOLCL_DIST_QUEUES");
    golcl_status s = env && strcmp(env, "1") == 0 ? GOLCL_E_UNSUPPORTED : setup_two(g, st);
    o->two = s == GOLCL_OK ? 1 : -1;
    if (s != GOLCL_OK) { /* one queue: the strips back on the rank's context */
      free_two(o);
      rect reg[4], at[4], ring[4], fr[4][4];
      strip_geometry(g, reg, ring, fr);
      golcl_layout_info info;
      golcl_grid_buffer(g->local, &info);
      if (o->ctx2) s = make_strip_grids(g, g->d->ctx, info.layout, reg, at);
      golcl_context_destroy(o->ctx2);
      o->ctx2 = NULL;
      if (s != GOLCL_OK && s != GOLCL_E_UNSUPPORTED) return s;
    }
  }
  if (o->two > 0) return interval_two(g, st, c);
  if (g->stepped) { /* the last interval's launches: the read below waits for them */
    clReleaseEvent(g->stepped);
    g->stepped = NULL;
  }
  cl_event ev = NULL;
  golcl_status s = send_side(g, NULL, &ev);
  if (s == GOLCL_OK) s = strips_rule(g);
  if (s == GOLCL_OK) s = run_copy(g, &o->in, 1);
  if (s == GOLCL_OK)
    s = golcl__dist_core(g->d, golcl_stepper_run(st, g->local, c), "golcl_stepper_run");
  double m0 = g->stats.mpi_s;
  s = mpi_side(g, ev, s);
  g->ov_mpi_s = g->stats.mpi_s - m0;
  if (s == GOLCL_OK) s = recv_side(g);
  if (s == GOLCL_OK) s = run_copy(g, &o->frame, 1);
  for (int i = 0; i < 2 && s == GOLCL_OK; i++)
    if (o->strip[i])
      s = golcl__dist_core(g->d, golcl_stepper_run(st, o->strip[i], c),
                           "golcl_stepper_run (overlap strip)");
  if (s == GOLCL_OK) s = run_copy(g, &o->out, 0);
  if (s == GOLCL_OK) s = golcl__dist_mark(g);
  /* submitted now: the device goes on to the strips while the host agrees */
  if (s == GOLCL_OK)
    s = golcl__dist_cl_fail(g->d, clFlush(golcl_context_cl_queue(g->d->ctx)), "clFlush");
  return s;
}
