/* ltl_tile.cl — Larger than Life in one launch a generation: a work-group
 * takes a tile of LTL_TW columns × `th` rows, loads the cells in state 1
 * of the tile and its halo of R cells (one global read a cell, flags as
 * bytes in local memory, rows `s1` bytes apart), then
 *   ltl_tile_box (Moore): each work-item slides a row window along runs of
 *     LTL_SEG cells of rows of the loaded block (the flags read four at a
 *     time; a run a work-item, so that all are busy), writing the
 *     `th + 2R` rows of LTL_TW windows (ushort, rows `s2` apart), and then
 *     slides the sum of 2R+1 windows down its column of the tile, applying
 *     the rule: the same few local reads a cell at any range;
 *   ltl_tile_spans (von Neumann, circular): each work-item writes the
 *     prefix sums of rows of the block (ushort, rows `s2` apart), and a
 *     cell adds one difference of them a row of its neighbourhood, the
 *     half-widths in `spans` (2R+1 of them).
 * The local buffers come as arguments, sized by the host for (R, th), so
 * that one build serves every range; the host picks th and falls back to
 * ltl.cl where a range leaves no room. On a torus every offset wraps by
 * itself (a narrow torus counts a cell once an offset that lands on it);
 * on a dead boundary cells outside are 0. LTL_TW is the work-group size
 * (a work-item a column), LTL_SEG divides it;
 * GOLCL_TORUS (0/1) picks the boundary. s1 is a
 * multiple of 4 whose words are odd (rows in distinct banks) and s2 is
 * even with odd words likewise. */
#include "rules/ms.cl"

/* Coordinate k of a side n, wrapped any number of times. */
inline int ltl_tile_wrap(int k, int n) {
  if (k < 0)
    k += n;
  else if (k >= n)
    k -= n;
  return k >= 0 && k < n ? k : (int)golcl_floormod(k, n);
}

/* The flags (cell in state 1) of the tile at (x0, y0) and its halo of r,
 * rows x cols of them, into f. */
inline void ltl_tile_load(__global const uchar *in, int w, int h, int x0, int y0, int r, int rows,
                          int cols, int s1, __local uchar *f) {
  const int lid = get_local_id(0);
  for (int ty = 0; ty < rows; ty++) {
    int gy = y0 - r + ty;
#if GOLCL_TORUS
    gy = ltl_tile_wrap(gy, h);
    const int inside = 1;
#else
    const int inside = gy >= 0 && gy < h;
#endif
    __global const uchar *row = in + (size_t)(inside ? gy : 0) * w;
    for (int tx = lid; tx < cols; tx += LTL_TW) {
      int gx = x0 - r + tx;
#if GOLCL_TORUS
      gx = ltl_tile_wrap(gx, w);
      f[ty * s1 + tx] = row[gx] == 1;
#else
      f[ty * s1 + tx] = inside && gx >= 0 && gx < w && row[gx] == 1;
#endif
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

inline uchar ltl_tile_rule(uint s, uint n, uint smin, uint smax, uint bmin, uint bmax,
                           uint states) {
  const int on = s == 0 ? (n >= bmin && n <= bmax) : (n >= smin && n <= smax);
  return golcl_ms_next(s, on, states);
}

/* Flag k of a row whose words are fw, from the word `word` that holds it. */
inline uint ltl_tile_flag(uint word, int k) { return (word >> ((k & 3) * 8)) & 1u; }

/* The row windows (2r+1 wide) of columns x0..x0+n-1 of the tile in one
 * row of flags (block column x0+k centred on x0+k+r) into win: the first
 * summed, the rest slid, the flags read four at a time. */
inline void ltl_tile_row_windows(__local const uchar *f, __local ushort *win, int r, int x0,
                                 int n) {
  __local const uint *fw = (__local const uint *)f;
  uint acc = 0;
  for (int k = 0; k <= 2 * r; k++) acc += f[x0 + k];
  win[x0] = (ushort)acc;
  int i = x0 + 2 * r + 1, o = x0; /* the flag that enters the window, the one that leaves */
  uint wi = fw[i >> 2], wo = fw[o >> 2];
  for (int x = x0 + 1; x < x0 + n; x++, i++, o++) {
    if ((i & 3) == 0) wi = fw[i >> 2];
    if ((o & 3) == 0) wo = fw[o >> 2];
    acc += ltl_tile_flag(wi, i) - ltl_tile_flag(wo, o);
    win[x] = (ushort)acc;
  }
}

__kernel __attribute__((reqd_work_group_size(LTL_TW, 1, 1))) void ltl_tile_box(
    __global const uchar *in, __global uchar *out, int w, int h, int r, int th, int s1, int s2,
    uint middle, uint smin, uint smax, uint bmin, uint bmax, uint states, __local uint *fbuf,
    __local uint *wbuf) {
  const int lid = get_local_id(0);
  const int x0 = get_group_id(0) * LTL_TW, y0 = get_group_id(1) * th;
  const int rows = th + 2 * r;
  __local uchar *f = (__local uchar *)fbuf;
  __local ushort *win = (__local ushort *)wbuf;
  ltl_tile_load(in, w, h, x0, y0, r, rows, LTL_TW + 2 * r, s1, f);
  /* a work-item a run of LTL_SEG windows of a row: all of them busy */
  for (int t = lid; t < rows * (LTL_TW / LTL_SEG); t += LTL_TW) {
    const int ty = t / (LTL_TW / LTL_SEG), x = t % (LTL_TW / LTL_SEG) * LTL_SEG;
    ltl_tile_row_windows(f + ty * s1, win + ty * s2, r, x, LTL_SEG);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const int x = x0 + lid;
  if (x >= w) return;
  uint acc = 0;
  for (int k = 0; k <= 2 * r; k++) acc += win[k * s2 + lid];
  const int y1 = min(y0 + th, h);
  for (int y = y0; y < y1; y++) {
    const int ty = y - y0;
    if (ty > 0) acc += (uint)win[(ty + 2 * r) * s2 + lid] - (uint)win[(ty - 1) * s2 + lid];
    const uint s = in[(size_t)y * w + x];
    const uint n = acc - (middle ? 0u : (uint)(s == 1));
    out[(size_t)y * w + x] = ltl_tile_rule(s, n, smin, smax, bmin, bmax, states);
  }
}

/* The prefix sums of one row of flags, LTL_TW + 2r + 1 of them, into p. */
inline void ltl_tile_row_prefix(__local const uchar *f, __local ushort *p, int r) {
  uint acc = 0;
  p[0] = 0;
  for (int k = 0; k < LTL_TW + 2 * r; k++) {
    acc += f[k];
    p[k + 1] = (ushort)acc;
  }
}

__kernel __attribute__((reqd_work_group_size(LTL_TW, 1, 1))) void ltl_tile_spans(
    __global const uchar *in, __global uchar *out, __global const int *spans, int w, int h, int r,
    int th, int s1, int s2, uint middle, uint smin, uint smax, uint bmin, uint bmax, uint states,
    __local uint *fbuf, __local uint *wbuf) {
  const int lid = get_local_id(0);
  const int x0 = get_group_id(0) * LTL_TW, y0 = get_group_id(1) * th;
  const int rows = th + 2 * r;
  __local uchar *f = (__local uchar *)fbuf;
  __local ushort *p = (__local ushort *)wbuf;
  ltl_tile_load(in, w, h, x0, y0, r, rows, LTL_TW + 2 * r, s1, f);
  for (int ty = lid; ty < rows; ty += LTL_TW) ltl_tile_row_prefix(f + ty * s1, p + ty * s2, r);
  barrier(CLK_LOCAL_MEM_FENCE);
  const int x = x0 + lid;
  if (x >= w) return;
  const int y1 = min(y0 + th, h);
  for (int y = y0; y < y1; y++) {
    const int ty = y - y0;
    uint n = 0;
    for (int dy = 0; dy <= 2 * r; dy++) { /* block row ty + dy is grid row y + dy - r */
      const int hw = spans[dy];
      __local const ushort *row = p + (ty + dy) * s2;
      n += (uint)row[lid + r + hw + 1] - (uint)row[lid + r - hw];
    }
    const uint s = in[(size_t)y * w + x];
    n -= middle ? 0u : (uint)(s == 1);
    out[(size_t)y * w + x] = ltl_tile_rule(s, n, smin, smax, bmin, bmax, states);
  }
}
