/* wireworld.cl — WireWorld (any RuleLoader rule that computes it: 0 empty,
 * 1 head, 2 tail, 3 conductor; a conductor with 1 or 2 heads among its 8
 * neighbours becomes a head) on two bit planes, 32 cells a word along rows:
 * p0 = state & 1, p1 = state >> 1, so head = p0 & ~p1, tail = ~p0 & p1,
 * conductor = p0 & p1. A word of row y holds cells 32i .. 32i+31 (bit k is
 * x = 32i + k); wp words a row, the bits past the width 0 (empty cells stay
 * empty, so they stay 0 and act as the dead boundary). A work-item takes
 * WW_RUN words down a column: the head counts of its 8 neighbours through a
 * bit-sliced adder (count mod 4 and a flag for 4 or more). GOLCL_TORUS wraps
 * rows, and words when the width is a multiple of 32 (the host sees to it).
 * ww_pack and ww_unpack move cells between the byte grid and the planes. */

__kernel void ww_pack(__global const uchar *in, __global uint *p0, __global uint *p1, int w,
                      int h, int wp) {
  const int i = get_global_id(0), y = get_global_id(1);
  if (i >= wp || y >= h) return;
  __global const uchar *row = in + (size_t)y * w;
  uint a = 0, b = 0;
  for (int k = 0; k < 32; k++) {
    const int x = 32 * i + k;
    const uint s = x < w ? row[x] : 0u;
    a |= (s & 1u) << k;
    b |= ((s >> 1) & 1u) << k;
  }
  p0[(size_t)y * wp + i] = a;
  p1[(size_t)y * wp + i] = b;
}

__kernel void ww_unpack(__global const uint *p0, __global const uint *p1, __global uchar *out,
                        int w, int h, int wp) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  const size_t at = (size_t)y * wp + x / 32;
  const int k = x % 32;
  out[(size_t)y * w + x] = (uchar)(((p0[at] >> k) & 1u) | (((p1[at] >> k) & 1u) << 1));
}

/* Adds one bit plane to the count (c0, c1: count mod 4; c2: count >= 4). */
#define WW_ADD(x)        \
  do {                   \
    uint t0 = c0 & (x);  \
    c0 ^= (x);           \
    c2 |= c1 & t0;       \
    c1 ^= t0;            \
  } while (0)

/* The heads of the word at column i of row y (0 outside a dead boundary). */
inline uint ww_heads(__global const uint *p0, __global const uint *p1, int wp, int h, int i, int y) {
#if GOLCL_TORUS
  y = y < 0 ? y + h : y >= h ? y - h : y;
  i = i < 0 ? i + wp : i >= wp ? i - wp : i;
#else
  if (y < 0 || y >= h || i < 0 || i >= wp) return 0u;
#endif
  const size_t at = (size_t)y * wp + i;
  return p0[at] & ~p1[at];
}

__kernel void ww_step(__global const uint *a0, __global const uint *a1, __global uint *b0,
                      __global uint *b1, int wp, int h) {
  const int i = get_global_id(0), y0 = get_global_id(1) * WW_RUN;
  if (i >= wp || y0 >= h) return;
  const int y1 = min(y0 + WW_RUN, h);
  uint l[3], c[3], r[3]; /* heads of rows y-1, y, y+1: left word, word, right word */
  for (int k = 0; k < 2; k++) {
    l[k + 1] = ww_heads(a0, a1, wp, h, i - 1, y0 - 1 + k);
    c[k + 1] = ww_heads(a0, a1, wp, h, i, y0 - 1 + k);
    r[k + 1] = ww_heads(a0, a1, wp, h, i + 1, y0 - 1 + k);
  }
  for (int y = y0; y < y1; y++) {
    l[0] = l[1], c[0] = c[1], r[0] = r[1];
    l[1] = l[2], c[1] = c[2], r[1] = r[2];
    l[2] = ww_heads(a0, a1, wp, h, i - 1, y + 1);
    c[2] = ww_heads(a0, a1, wp, h, i, y + 1);
    r[2] = ww_heads(a0, a1, wp, h, i + 1, y + 1);
    uint c0 = 0, c1 = 0, c2 = 0;
    for (int k = 0; k < 3; k++) {
      const uint west = (c[k] << 1) | (l[k] >> 31), east = (c[k] >> 1) | (r[k] << 31);
      WW_ADD(west);
      WW_ADD(east);
      if (k != 1) WW_ADD(c[k]);
    }
    const size_t at = (size_t)y * wp + i;
    const uint p0 = a0[at], p1 = a1[at];
    const uint head = p0 & ~p1, tail = ~p0 & p1, cond = p0 & p1;
    const uint born = cond & ~c2 & (c0 ^ c1);
    b0[at] = tail | cond;
    b1[at] = head | tail | (cond & ~born);
  }
}
