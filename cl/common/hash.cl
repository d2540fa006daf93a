/* hash.cl — the 64-bit mixer (splitmix64's finaliser) behind randomize and
 * the grid hash; lib/life/grid.c has the same function for the host side. */
#ifndef GOLCL_HASH_CL
#define GOLCL_HASH_CL

inline ulong golcl_mix64(ulong z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
  return z ^ (z >> 31);
}

/* The key of cell (x, y), the same in every layout. */
inline ulong golcl_cell_key(uint x, uint y) { return ((ulong)y << 32) | (ulong)x; }

#endif
