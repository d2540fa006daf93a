/* leaf.c — HashLife's base case: a 16×16 square in four 64-bit words,
 * word i holding rows 4i..4i+3 as 16-bit lanes (cell x of row y at bit
 * 16·(y mod 4) + x). One generation of an outer-totalistic rule is
 * bit-sliced: the eight neighbours of all 64 cells of a word are shifted
 * copies of it and its neighbours, summed by full adders into four bit
 * planes and matched against the rule's counts. Other tables (Hensel,
 * MAP, V, H) look each cell's 3×3 block up in the rule's 512 entries.
 * Each generation leaves the outermost ring wrong, so 4 generations leave
 * the centre 8×8 exact. */
#include "leaf.h"

#define LANE_NOT_LOW 0xFFFEFFFEFFFEFFFEull  /* drops what crossed into bit 0 of a lane */
#define LANE_NOT_HIGH 0x7FFF7FFF7FFF7FFFull /* drops what crossed into bit 15 */

/* The four bytes of x (rows) into the low bytes of four 16-bit lanes. */
static inline uint64_t spread(uint32_t x) {
  uint64_t v = x;
  v = (v | v << 16) & 0x0000ffff0000ffffull;
  return (v | v << 8) & 0x00ff00ff00ff00ffull;
}

/* The low bytes of four 16-bit lanes back into four bytes. */
static inline uint32_t gather(uint64_t v) {
  v &= 0x00ff00ff00ff00ffull;
  v = (v | v >> 8) & 0x0000ffff0000ffffull;
  return (uint32_t)(v | v >> 16);
}

static void to_words(uint64_t nw, uint64_t ne, uint64_t sw, uint64_t se, uint64_t w[4]) {
  w[0] = spread((uint32_t)nw) | spread((uint32_t)ne) << 8;
  w[1] = spread((uint32_t)(nw >> 32)) | spread((uint32_t)(ne >> 32)) << 8;
  w[2] = spread((uint32_t)sw) | spread((uint32_t)se) << 8;
  w[3] = spread((uint32_t)(sw >> 32)) | spread((uint32_t)(se >> 32)) << 8;
}

/* rows 4..11, cells 4..11 */
static uint64_t centre_of(const uint64_t w[4]) {
  return (uint64_t)gather(w[1] >> 4) | (uint64_t)gather(w[2] >> 4) << 32;
}

uint64_t golcl__leaf_centre(uint64_t nw, uint64_t ne, uint64_t sw, uint64_t se) {
  uint64_t w[4];
  to_words(nw, ne, sw, se, w);
  return centre_of(w);
}

static void step_totalistic(const golcl__hl *h, uint64_t w[4]) {
  uint64_t out[4];
  for (int i = 0; i < 4; i++) {
    uint64_t mid = w[i];
    uint64_t up = mid << 16 | (i > 0 ? w[i - 1] >> 48 : 0);
    uint64_t dn = mid >> 16 | (i < 3 ? w[i + 1] << 48 : 0);
    uint64_t nw = up << 1 & LANE_NOT_LOW, ne = up >> 1 & LANE_NOT_HIGH;
    uint64_t ww = mid << 1 & LANE_NOT_LOW, ee = mid >> 1 & LANE_NOT_HIGH;
    uint64_t sw = dn << 1 & LANE_NOT_LOW, se = dn >> 1 & LANE_NOT_HIGH;
    /* three-cell sums of the rows above and below, two-cell of the middle */
    uint64_t ua = nw ^ up, us = ua ^ ne, uc = (nw & up) | (ua & ne);
    uint64_t da = sw ^ dn, ds = da ^ se, dc = (sw & dn) | (da & se);
    uint64_t ms = ww ^ ee, mc = ww & ee;
    /* ones: us + ds + ms */
    uint64_t oa = us ^ ds, b0 = oa ^ ms, oc = (us & ds) | (oa & ms);
    /* twos: uc + dc + mc + oc (four bits of weight 2) */
    uint64_t p = uc ^ dc, q = mc ^ oc, b1 = p ^ q;
    uint64_t a12 = uc & dc, a34 = mc & oc, pq = p & q;
    uint64_t b2 = a12 ^ a34 ^ pq, b3 = a12 & a34;
    uint64_t next = 0;
    if (h->birth == 1u << 3 && h->survive == ((1u << 2) | (1u << 3))) {
      next = b1 & ~b2 & ~b3 & (b0 | mid); /* Life: 3, or 2 and alive */
    } else {
      for (int n = 0; n <= 8; n++) {
        int born = h->birth >> n & 1, stay = h->survive >> n & 1;
        if (!born && !stay) continue;
        uint64_t eq =
            (n & 1 ? b0 : ~b0) & (n & 2 ? b1 : ~b1) & (n & 4 ? b2 : ~b2) & (n & 8 ? b3 : ~b3);
        next |= eq & (born && stay ? ~0ull : born ? ~mid : mid);
      }
    }
    out[i] = next;
  }
  for (int i = 0; i < 4; i++) w[i] = out[i];
}

static int cell(const uint64_t w[4], int x, int y) {
  if (x < 0 || x > 15 || y < 0 || y > 15) return 0;
  return (int)(w[y >> 2] >> (16 * (y & 3) + x) & 1);
}

static void step_table(const golcl__hl *h, uint64_t w[4]) {
  uint64_t out[4] = {0, 0, 0, 0};
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      unsigned i = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) i = i << 1 | (unsigned)cell(w, x + dx, y + dy);
      if (h->table[i]) out[y >> 2] |= 1ull << (16 * (y & 3) + x);
    }
  for (int i = 0; i < 4; i++) w[i] = out[i];
}

uint64_t golcl__leaf_step(const golcl__hl *h, uint64_t nw, uint64_t ne, uint64_t sw, uint64_t se,
                          int gens) {
  uint64_t w[4];
  to_words(nw, ne, sw, se, w);
  for (int g = 0; g < gens; g++) {
    if (h->totalistic)
      step_totalistic(h, w);
    else
      step_table(h, w);
  }
  return centre_of(w);
}
