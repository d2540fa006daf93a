/* pack16.cl — PACK16: one uint16 per 4×4 block (bit 4r+c = cell (4bx+c,
 * 4by+r); blocks row by row, bw = ceil(w/4) per row; cells beyond the grid
 * are 0). A work-item updates one block: it reads its 3×3 blocks, assembles
 * the 6×6 cells around the block as six 6-bit rows (bit p = column 4bx-1+p),
 * and looks up the four 2×2 quadrants in the LUT4 table (common/lut.cl).
 *
 * Edges, by true cell coordinates: on a torus whose width is not a multiple
 * of 4, the last column w-1 sits inside block bw-1, so the left neighbour of
 * column 0 is bit (w-1)%4 of that block (not bit 3, which is padding), and
 * the right neighbour of column w-1, column 0, goes to position w-4bx+1 of
 * the row (a padding position) instead of 5. Rows likewise: the row above
 * row 0 is row (h-1)%4 of block row bh-1, and row 0 goes to position h-4by+1
 * of the last block row. Padding columns and rows of the result are masked
 * to 0, so padding is never alive and never read as a neighbour.
 * Build option: GOLCL_TORUS. */
#include "common/bits.cl"
#include "common/lut.cl"

/* Block (bx, by), 0 when either is -1 (outside a dead boundary). */
inline uint block_at(__global const ushort *g, int bx, int by, int bw) {
  return (bx < 0 || by < 0) ? 0u : (uint)g[(ulong)by * (ulong)bw + (ulong)bx];
}

/* Row r (0..3) of blocks L, C, R as a 6-bit row: C's four cells at 1..4,
 * bit lbit of L's row at 0, bit 0 of R's row at rpos. */
inline uint seg6(uint L, uint C, uint R, int r, int lbit, int rpos) {
  int s = 4 * r;
  return ((C >> s) & 15u) << 1 | ((L >> (s + lbit)) & 1u) | ((R >> s) & 1u) << rpos;
}

__kernel void pack16_step(__global const ushort *in, __global ushort *out, int w, int h, int bw,
                          int bh, GOLCL_LUT4_SPACE const uchar *restrict lut) {
  int bx = (int)get_global_id(0), by = (int)get_global_id(1);
  if (bx >= bw || by >= bh) return;
  int bxl = golcl_edge(bx - 1, bw), bxr = golcl_edge(bx + 1, bw);
  int byu = golcl_edge(by - 1, bh), byd = golcl_edge(by + 1, bh);
  uint nw = block_at(in, bxl, byu, bw), n = block_at(in, bx, byu, bw),
       ne = block_at(in, bxr, byu, bw);
  uint wl = block_at(in, bxl, by, bw), c = block_at(in, bx, by, bw), e = block_at(in, bxr, by, bw);
  uint sw = block_at(in, bxl, byd, bw), s = block_at(in, bx, byd, bw),
       se = block_at(in, bxr, byd, bw);

  int lbit = 3, rpos = 5, top = 3;
#if GOLCL_TORUS
  if (bx == 0) lbit = (w - 1) & 3;
  if (bx == bw - 1) rpos = w - 4 * bx + 1;
  if (by == 0) top = (h - 1) & 3;
#endif
  uint rows[6];
  rows[0] = seg6(nw, n, ne, top, lbit, rpos);
  for (int r = 0; r < 4; r++) rows[1 + r] = seg6(wl, c, e, r, lbit, rpos);
  rows[5] = seg6(sw, s, se, 0, lbit, rpos);
#if GOLCL_TORUS
  int below = by == bh - 1 ? h - 4 * by + 1 : 5; /* where row 0 goes after row h-1 */
  for (int r = 2; r < 5; r++) /* constant indices once unrolled: rows stays in registers */
    if (r == below) rows[r] = rows[5];
#endif

  uint next = 0;
  for (int qy = 0; qy < 2; qy++)
    for (int qx = 0; qx < 2; qx++) {
      uint idx = golcl_lut4_index(rows[2 * qy], rows[2 * qy + 1], rows[2 * qy + 2],
                                  rows[2 * qy + 3], 2 * qx);
      next |= golcl_lut4_spread(golcl_lut4(lut, idx)) << (8 * qy + 2 * qx);
    }
  next &= golcl_pack16_mask(w - 4 * bx, h - 4 * by);
  out[(ulong)by * (ulong)bw + (ulong)bx] = (ushort)next;
}
