/* tree.cl — Golly's RuleLoader rules (@TABLE compiled, or @TREE): a
 * work-item takes a run of TREE_RUN cells down a column, keeps the 3×3
 * block of the current cell in registers (one new row of 3 bytes a step)
 * and walks the rule's decision tree: TREE_DEPTH lookups, level l reading
 * the cell TREE_Ok (k = l) of the block (0..8 row-major: nw n ne w c e sw
 * s se), each node TREE_STATES entries (child offsets; the new state at the
 * last level), the root at TREE_BASE. Entries are TREE_T (ushort when the
 * tree has fewer than 65536, else int). The tree is read through the
 * cache, or from a copy in local memory with TREE_LOCAL (then every
 * work-item of the group reaches the barrier). A state at or above
 * TREE_STATES (not one of the rule's) is read as 0. Any size; GOLCL_TORUS
 * (0/1) picks the boundary. */

#ifndef TREE_LOCAL
#define TREE_LOCAL 0
#endif
#ifdef TREE_NO_LOCAL /* GOLCL_BUILD_OPTIONS=-DTREE_NO_LOCAL: read the tree through the cache */
#undef TREE_LOCAL
#define TREE_LOCAL 0
#endif

#define TREE_IN(v) ((uint)(v) < TREE_STATES ? (uint)(v) : 0u)

/* The cell at (x, y) on the grid's boundary. */
inline uint tree_cell(__global const uchar *in, int w, int h, int x, int y) {
#if GOLCL_TORUS
  x = x < 0 ? x + w : x >= w ? x - w : x;
  y = y < 0 ? y + h : y >= h ? y - h : y;
#else
  if (x < 0 || y < 0 || x >= w || y >= h) return 0;
#endif
  return TREE_IN(in[(size_t)y * w + x]);
}

#define TREE_STEP(k) if (k < TREE_DEPTH) o = T[o + v[TREE_O##k]];

__kernel void tree_step(__global const uchar *in, __global uchar *out, int w, int h,
                        __global const TREE_T *restrict tree) {
#if TREE_LOCAL
  __local TREE_T T[TREE_ENTRIES];
  const int l = get_local_id(1) * get_local_size(0) + get_local_id(0);
  const int nl = get_local_size(0) * get_local_size(1);
  for (int i = l; i < TREE_ENTRIES; i += nl) T[i] = tree[i];
  barrier(CLK_LOCAL_MEM_FENCE);
#else
  __global const TREE_T *restrict T = tree;
#endif
  const int x = get_global_id(0), y0 = get_global_id(1) * TREE_RUN;
  if (x >= w || y0 >= h) return;
  const int y1 = min(y0 + TREE_RUN, h);
  const int inner = x > 0 && x < w - 1;
  uint v[9];
  for (int k = 0; k < 6; k++) /* rows y0-1 and y0 */
    v[k + 3] = tree_cell(in, w, h, x - 1 + k % 3, y0 - 1 + k / 3);
  for (int y = y0; y < y1; y++) {
    v[0] = v[3], v[1] = v[4], v[2] = v[5];
    v[3] = v[6], v[4] = v[7], v[5] = v[8];
    if (inner && y + 1 < h) {
      __global const uchar *r = in + (size_t)(y + 1) * w + x;
      v[6] = TREE_IN(r[-1]), v[7] = TREE_IN(r[0]), v[8] = TREE_IN(r[1]);
    } else {
      v[6] = tree_cell(in, w, h, x - 1, y + 1);
      v[7] = tree_cell(in, w, h, x, y + 1);
      v[8] = tree_cell(in, w, h, x + 1, y + 1);
    }
    uint o = TREE_BASE;
    TREE_STEP(0) TREE_STEP(1) TREE_STEP(2) TREE_STEP(3) TREE_STEP(4)
    TREE_STEP(5) TREE_STEP(6) TREE_STEP(7) TREE_STEP(8)
    out[(size_t)y * w + x] = (uchar)o;
  }
}
