/* exchange.cl — the ghost frame of a distributed grid as one bit stream: one kernel packs every
 * piece (rectangle) that leaves a rank's local grid into words, one kernel unpacks the pieces
 * that arrive. A piece of w×h cells is w·h bits, cell (i, j) at bit c % 32 of word off + c / 32
 * with c = j·w + i, each piece starting at a whole word. The piece table holds 5 uints a piece:
 * x, y, w, h in local cells (the source for pack, the destination for unpack) and off, the
 * first word, increasing. One work-item a stream word. Layouts: the byte layouts (BYTES,
 * BYTES_POW2: byte y·pitch + x) and BITROW (bit x % 32 of the little-endian word x / 32 of row
 * y); a destination word of BITROW may be shared by two pieces (a corner and an edge), so
 * unpack writes its bits with atomic and/or on disjoint masks (the host checks that the device
 * is little-endian). Every frame cell is the destination of exactly one piece. */
#include "common/bits.cl"

/* The piece whose words hold stream word `word`: the last p with off[p] <= word. */
inline uint frame_piece(__global const uint *tab, uint n, uint word) {
  uint lo = 0, hi = n;
  while (hi - lo > 1) {
    uint mid = (lo + hi) / 2;
    if (tab[5 * mid + 4] <= word) lo = mid;
    else hi = mid;
  }
  return lo;
}

inline uint frame_get_bytes(__global const uchar *g, ulong pitch, uint x, uint y) {
  return g[(ulong)y * pitch + x] != 0;
}

inline uint frame_get_bitrow(__global const uchar *g, ulong pitch, uint x, uint y) {
  return golcl_row_bit(g + (ulong)y * pitch, (int)x);
}

/* Stream words [base, base + nwords) from the pieces tab[0 .. n). */
#define FRAME_PACK(NAME, GET)                                                                      \
  __kernel void NAME(__global const uchar *g, ulong pitch, __global const uint *tab, uint n,       \
                     uint nwords, __global uint *stream, uint base) {                              \
    uint word = (uint)get_global_id(0);                                                            \
    if (word >= nwords) return;                                                                    \
    __global const uint *t = tab + 5 * frame_piece(tab, n, word);                                 \
    uint pw = t[2];                                                                                \
    ulong c = (ulong)(word - t[4]) * 32u, cells = (ulong)pw * t[3];                                \
    uint i = (uint)(c % pw), j = (uint)(c / pw), v = 0;                                            \
    for (uint b = 0; b < 32u && c + b < cells; b++) {                                              \
      v |= GET(g, pitch, t[0] + i, t[1] + j) << b;                                                 \
      if (++i == pw) {                                                                             \
        i = 0;                                                                                     \
        j++;                                                                                       \
      }                                                                                            \
    }                                                                                              \
    stream[base + word] = v;                                                                       \
  }

FRAME_PACK(frame_pack_bytes, frame_get_bytes)

/* BITROW: a stream word whose 32 cells lie in one row of the piece is one or two source words
 * shifted (the edge strips of a frame, rows of wide pieces); other words cell by cell. */
__kernel void frame_pack_bitrow(__global const uchar *g, ulong pitch, __global const uint *tab,
                                uint n, uint nwords, __global uint *stream, uint base) {
  uint word = (uint)get_global_id(0);
  if (word >= nwords) return;
  __global const uint *t = tab + 5 * frame_piece(tab, n, word);
  uint pw = t[2];
  ulong c = (ulong)(word - t[4]) * 32u, cells = (ulong)pw * t[3];
  uint i = (uint)(c % pw), j = (uint)(c / pw), v = 0;
  if (i + 32u <= pw) {
    __global const uchar *row = g + (ulong)(t[1] + j) * pitch;
    uint x = t[0] + i, k = x / 32u, sh = x % 32u;
    v = golcl_load_le32(row, (int)k) >> sh;
    if (sh) v |= golcl_load_le32(row, (int)k + 1) << (32u - sh);
  } else {
    for (uint b = 0; b < 32u && c + b < cells; b++) {
      v |= frame_get_bitrow(g, pitch, t[0] + i, t[1] + j) << b;
      if (++i == pw) {
        i = 0;
        j++;
      }
    }
  }
  stream[base + word] = v;
}

/* The piece's cells of stream word `word` into a byte layout. */
__kernel void frame_unpack_bytes(__global uchar *g, ulong pitch, __global const uint *tab, uint n,
                                 uint nwords, __global const uint *stream, uint base) {
  uint word = (uint)get_global_id(0);
  if (word >= nwords) return;
  __global const uint *t = tab + 5 * frame_piece(tab, n, word);
  uint pw = t[2], v = stream[base + word];
  ulong c = (ulong)(word - t[4]) * 32u, cells = (ulong)pw * t[3];
  uint i = (uint)(c % pw), j = (uint)(c / pw);
  for (uint b = 0; b < 32u && c + b < cells; b++) {
    g[(ulong)(t[1] + j) * pitch + t[0] + i] = (uchar)((v >> b) & 1u);
    if (++i == pw) {
      i = 0;
      j++;
    }
  }
}

/* Sets the bits `mask` of word w to those of val; other work-items may change other bits of w
 * at the same time (their masks are disjoint from this one). */
inline void frame_store_bits(__global uint *w, uint mask, uint val) {
  if (mask == 0xffffffffu) { /* the whole word is this piece's: no one else writes it */
    *w = val;
    return;
  }
  if (val != mask) atomic_and(w, ~mask | val);
  if (val) atomic_or(w, val);
}

/* The piece's cells of stream word `word` into BITROW: a word whose cells lie in one row as one
 * or two shifted words, others one destination word at a time. */
__kernel void frame_unpack_bitrow(__global uchar *g, ulong pitch, __global const uint *tab, uint n,
                                  uint nwords, __global const uint *stream, uint base) {
  uint word = (uint)get_global_id(0);
  if (word >= nwords) return;
  __global const uint *t = tab + 5 * frame_piece(tab, n, word);
  __global uint *rows = (__global uint *)g;
  ulong wpitch = pitch / 4, cur = 0;
  uint pw = t[2], v = stream[base + word], mask = 0, val = 0;
  ulong c = (ulong)(word - t[4]) * 32u, cells = (ulong)pw * t[3];
  uint i = (uint)(c % pw), j = (uint)(c / pw);
  if (i + 32u <= pw) { /* one row: bits sh.. of word k and the rest in word k + 1 */
    uint x = t[0] + i, sh = x % 32u;
    ulong at = (ulong)(t[1] + j) * wpitch + x / 32u;
    frame_store_bits(rows + at, 0xffffffffu << sh, v << sh);
    if (sh) frame_store_bits(rows + at + 1, (1u << sh) - 1u, v >> (32u - sh));
    return;
  }
  for (uint b = 0; b < 32u && c + b < cells; b++) {
    uint x = t[0] + i;
    ulong at = (ulong)(t[1] + j) * wpitch + x / 32u;
    if (mask && at != cur) {
      frame_store_bits(rows + cur, mask, val);
      mask = val = 0;
    }
    cur = at;
    mask |= 1u << (x % 32u);
    val |= ((v >> b) & 1u) << (x % 32u);
    if (++i == pw) {
      i = 0;
      j++;
    }
  }
  frame_store_bits(rows + cur, mask, val);
}
