/* lut.cl — the lookup tables that lib/life/lut.c builds on the host from the
 * grid's rule, and their index layouts (the host side uses the same ones).
 *   LUT4:   65 536 bytes. Index bit 4r+c = cell (c, r) of a 4×4 window;
 *           entry bit 2r+c = next state of the inner cell (1+c, 1+r).
 *   LUT6X3: 2^18 entries of 4 bits, two per byte (even index in the low
 *           nibble). Index bit 6r+c = cell (c, r) of a 6×3 window; entry
 *           bit i = next state of the middle-row cell (1+i, 1). */
#ifndef GOLCL_LUT_CL
#define GOLCL_LUT_CL

/* Where the LUT4 table lives. Global by default: indices depend on the
 * cells, so they diverge across a warp, which constant caches serialise while
 * L1 serves them. -DGOLCL_LUT_CONSTANT=1 (e.g. in $GOLCL_BUILD_OPTIONS) moves
 * it to __constant, to compare on a device; the LUT6X3 table (128 KiB) is
 * larger than the 64 KiB that devices must offer and stays global. */
#if defined(GOLCL_LUT_CONSTANT) && GOLCL_LUT_CONSTANT
#define GOLCL_LUT4_SPACE __constant
#else
#define GOLCL_LUT4_SPACE __global
#endif

inline uint golcl_lut4(GOLCL_LUT4_SPACE const uchar *restrict lut, uint idx) { return lut[idx]; }

inline uint golcl_lut6x3(__global const uchar *restrict lut, uint idx) {
  return ((uint)lut[idx >> 1] >> ((idx & 1u) << 2)) & 15u;
}

/* The LUT4 index of the 4×4 window at bit offset sh of four rows of bits
 * (bit c of row r = column c). */
inline uint golcl_lut4_index(uint r0, uint r1, uint r2, uint r3, uint sh) {
  return ((r0 >> sh) & 15u) | ((r1 >> sh) & 15u) << 4 | ((r2 >> sh) & 15u) << 8 |
         ((r3 >> sh) & 15u) << 12;
}

/* The LUT6X3 index of the 6×3 window at bit offset sh of three rows. */
inline uint golcl_lut6x3_index(ulong r0, ulong r1, ulong r2, uint sh) {
  return (uint)((r0 >> sh) & 63u) | (uint)((r1 >> sh) & 63u) << 6 | (uint)((r2 >> sh) & 63u) << 12;
}

/* A LUT4 entry (2×2, bit 2r+c) spread to its place in a 4×4 block (bit 4r+c). */
inline uint golcl_lut4_spread(uint q) { return (q & 3u) | (q & 12u) << 2; }

#endif
