/* planes.cl — word columns of bit planes (32 cells of a row a word, w
 * cells and ww = ceil(w/32) words a row), as the multi-state kernels on
 * planes take them (rules/genbits.cl, rules/jvn_bits.cl).
 * Build option: GOLCL_TORUS (0: dead boundary, 1: torus). */
#ifndef GOLCL_PLANES_CL
#define GOLCL_PLANES_CL

/* The bits of word column j (0..ww-1) that are cells: all but in the
 * last word of a width that is not whole words. */
inline uint golcl_plane_cells(int j, int w, int ww) {
  return (w & 31) && j == ww - 1 ? (1u << (w & 31)) - 1u : 0xffffffffu;
}

/* A tile's word column gx (any integer): wrapped into 0..ww-1 on a torus;
 * *cells, the bits of it that are cells (none outside a dead boundary). */
inline int golcl_plane_column(int gx, int w, int ww, uint *cells) {
#if GOLCL_TORUS
  gx = ((gx % ww) + ww) % ww;
  *cells = 0xffffffffu; /* a torus of whole words only: no seam inside a word */
  (void)w;
#else
  *cells = gx < 0 || gx >= ww ? 0u : golcl_plane_cells(gx, w, ww);
#endif
  return gx;
}

/* The cells west of word x's (bit i: the cell west of bit i), l the word
 * west of x; and the cells east of them, r the word east of x. A 64-bit
 * shift: the funnel shift that `x << 1 | l >> 31` becomes is an intrinsic
 * Oclgrind does not know. */
inline uint golcl_plane_west(uint x, uint l) { return (uint)(upsample(x, l) >> 31); }
inline uint golcl_plane_east(uint x, uint r) { return (uint)(upsample(r, x) >> 1); }

#endif
