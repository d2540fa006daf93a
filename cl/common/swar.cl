/* swar.cl — four cells a word operation on bytes of cells (little-endian
 * words: byte k of a word is cell k of the four): bit 0 of each byte
 * gathered into 4 bits, and 4 bits spread to bit 0 of each byte, each by a
 * multiply whose partial products meet no carry. */
#ifndef GOLCL_SWAR_CL
#define GOLCL_SWAR_CL

inline uint golcl_gather4(uint x) { return (x & 0x01010101u) * 0x01020408u >> 24; }
inline uint golcl_spread4(uint n) { return (n & 15u) * 0x00204081u & 0x01010101u; }

#endif
