/* generations.cl — Golly's Generations: one work-item a cell reads its 3×3
 * block, makes the index of golcl_rule_table (the neighbours in state 1,
 * NW at bit 8 ... SE at bit 0) and looks the birth or survival up in the
 * rule's 512-byte table (von Neumann and hexagonal tables ignore the cells
 * they do not read). Any size; GOLCL_TORUS (0/1) picks the boundary. */
#include "rules/ms.cl"

__kernel void generations_step(__global const uchar *in, __global uchar *out, int w, int h,
                               __constant uchar *table, uint states) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  uint idx = 0;
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) { /* the interior: no boundary */
    __global const uchar *r = in + (size_t)(y - 1) * w + (x - 1);
    for (int dy = 0; dy < 3; dy++, r += w)
      idx = idx << 3 | (uint)(r[0] == 1) << 2 | (uint)(r[1] == 1) << 1 | (uint)(r[2] == 1);
    out[(size_t)y * w + x] = golcl_ms_next(in[(size_t)y * w + x], table[idx], states);
    return;
  }
  for (int dy = -1; dy <= 1; dy++) {
    int yy = y + dy;
#if GOLCL_TORUS
    yy = yy < 0 ? yy + h : yy >= h ? yy - h : yy;
#endif
    for (int dx = -1; dx <= 1; dx++) {
      int xx = x + dx;
#if GOLCL_TORUS
      xx = xx < 0 ? xx + w : xx >= w ? xx - w : xx;
      const uint one = in[(size_t)yy * w + xx] == 1;
#else
      const uint one = xx >= 0 && yy >= 0 && xx < w && yy < h && in[(size_t)yy * w + xx] == 1;
#endif
      idx = idx << 1 | one;
    }
  }
  const uint s = in[(size_t)y * w + x];
  out[(size_t)y * w + x] = golcl_ms_next(s, table[idx], states);
}
