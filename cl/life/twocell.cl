/* twocell.cl — each work-item computes the two horizontally adjacent cells
 * (2i, y) and (2i + 1, y) of the byte layout. It reads a 4 × 3 window (12
 * bytes instead of 2 × 9), the middle pair of each row as one uchar2, and
 * writes the pair as one uchar2; consecutive work-items take consecutive
 * pairs, so a work-group's reads and writes along a row are contiguous. With
 * an odd width the last work-item of a row has one cell. Pairs off the border
 * read each row's 4 bytes with one vload4 and no boundary rule (on pocl
 * 0.7-0.8x the time of the bordered reads); the others take the boundary rule
 * of common/life.cl. */
#include "common/life.cl"

/* Columns x - 1, x, x + 1, x + 2 of the row at byte offset row (-1: outside):
 * xl and xr are x - 1 and x + 2 by the boundary rule, two says that x + 1 is
 * inside; if not, .z is the cell right of x by the boundary rule (xb) and .w
 * is unused. */
inline uint4 twocell_row(__global const uchar *g, long row, int xl, int x, int xb, int xr,
                         int two) {
  if (row < 0) return (uint4)(0u);
  uint a = golcl_cell(g, row, xl), b, c, d = 0;
  if (two) {
    uchar2 p = vload2(0, g + row + x);
    b = p.x;
    c = p.y;
    d = golcl_cell(g, row, xr);
  } else {
    b = g[row + x];
    c = golcl_cell(g, row, xb);
  }
  return (uint4)(a, b, c, d);
}

__kernel void twocell_step(__global const uchar *in, __global uchar *out, int w, int h, uint rule) {
  int x = 2 * (int)get_global_id(0), y = (int)get_global_id(1);
  if (x >= w || y >= h) return;
  int two = x + 1 < w;
  long mid = (long)y * (long)w;
  uint4 u, m, d;
  if (x > 0 && y > 0 && x + 2 < w && y < h - 1) { /* off the border: no boundary rule */
    __global const uchar *p = in + mid + (x - 1);
    u = convert_uint4(vload4(0, p - w));
    m = convert_uint4(vload4(0, p));
    d = convert_uint4(vload4(0, p + w));
  } else {
    int xl = golcl_edge(x - 1, w), xb = golcl_edge(x + 1, w);
    int xr = two ? golcl_edge(x + 2, w) : -1;
    int yu = golcl_edge(y - 1, h), yd = golcl_edge(y + 1, h);
    u = twocell_row(in, yu < 0 ? -1L : (long)yu * w, xl, x, xb, xr, two);
    m = twocell_row(in, mid, xl, x, xb, xr, two);
    d = twocell_row(in, yd < 0 ? -1L : (long)yd * w, xl, x, xb, xr, two);
  }
  uint4 s = u + d; /* column sums of the rows above and below */
  uint n0 = s.x + s.y + s.z + m.x + m.z;
  uint c0 = golcl_rule_apply(rule, m.y, n0);
  if (two) {
    uint n1 = s.y + s.z + s.w + m.y + m.w;
    uint c1 = golcl_rule_apply(rule, m.z, n1);
    vstore2((uchar2)((uchar)c0, (uchar)c1), 0, out + mid + x);
  } else {
    out[mid + x] = (uchar)c0;
  }
}
