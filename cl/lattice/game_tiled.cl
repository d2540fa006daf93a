/* game_tiled.cl — the spatial game on a 2-D or 3-D lattice, as the report's
 * fast version: a work-group owns a tile of TX×TY(×TZ) agents (a work-item
 * TZ agents along z) and loads the strategies it needs, with a halo, into
 * local memory once.
 *   game_tiled_scores    tile + 1-cell halo of strategies → scores (global)
 *   game_tiled_update    tile + halo of strategies and scores → strategies
 *   game_fused           tile + 2-cell halo of strategies → scores of the
 *                        tile and its 1-cell halo in local memory → strategies:
 *                        one launch a generation, no score buffer.
 * Halo cells are wrapped on a torus (any extent, 1 included: the same cell
 * may then fill several halo places, as the table repeats it) and ABSENT on
 * a dead boundary. Build options: GOLCL_DIMS (2 or 3), GOLCL_NBHD (0 Moore,
 * 1 von Neumann, 2 hex), GOLCL_TORUS, GOLCL_LOCAL_W × GOLCL_LOCAL_H (the
 * work-group shape, TX × TY below), GOLCL_TILE_D (TZ: agents a work-item
 * along z; 1 in 2-D).
 *
 * Moore neighbourhoods take a separable path: a work-item walks its column
 * along z keeping sums (or maxima) of 3×3 planes, so that an agent costs
 * about 9 local reads a pass instead of 26. Counts come from one byte a cell,
 * present + 32·defector, summed over the closed box; decisions from the
 * largest score of the box's cooperators (MC) and defectors (MD), own
 * included: keep your own strategy if your score is max(MC, MD), else
 * cooperate iff MC is the max — the same rule as game_decide. */
#pragma OPENCL FP_CONTRACT OFF
#include "common/life.cl"
#include "lattice/payoff.cl"

#if GOLCL_DIMS == 3
#define HZ 1
#else
#define HZ 0
#endif
#define TX GOLCL_LOCAL_W
#define TY GOLCL_LOCAL_H
#define TZ GOLCL_TILE_D
#define ABSENT 2
/* Index type of global cells: a graph has fewer than 2^31 cells. */
#define IDX uint

inline int in_nbhd(int dx, int dy, int dz) {
#if GOLCL_NBHD == 1
  return abs(dx) + abs(dy) + abs(dz) == 1;
#elif GOLCL_NBHD == 2
  return !((dx == 1 && dy == -1) || (dx == -1 && dy == 1));
#else
  return 1;
#endif
}

/* c (at most 2 outside 0..len-1) on an axis of len cells, or -1: the
 * house's boundary step (common/life.cl) twice, since the fused kernel's
 * halo is two cells deep and an axis may be 1 cell long (on a dead boundary
 * the second step keeps -1). */
inline int axis(int c, int len) { return golcl_edge(golcl_edge(c, len), len); }

/* Strategies of the box of the tile at (x0, y0, z0) grown by h on every side
 * (not along z in 2-D) into loc, x fastest; with enc, as the Moore path's
 * bytes (0 absent, 1 cooperator, 33 defector). */
inline void load_box(__local uchar *loc, __global const uchar *cur, int h, int x0, int y0, int z0,
                     int nx, int ny, int nz, int enc) {
  const int lx = TX + 2 * h, ly = TY + 2 * h, lz = TZ + 2 * h * HZ;
  /* a row of the box at a time: its wrap and base index found once, the
   * work-items of a group row reading consecutive bytes */
  for (int r = get_local_id(1); r < ly * lz; r += TY) {
    int b = r % ly, c = r / ly;
    int gy = axis(y0 - h + b, ny), gz = HZ ? axis(z0 - h * HZ + c, nz) : 0;
    IDX base = gy < 0 || gz < 0 ? 0 : ((IDX)gz * ny + gy) * nx;
    for (int a = get_local_id(0); a < lx; a += TX) {
      int gx = axis(x0 - h + a, nx);
      uint v = (gx < 0 || gy < 0 || gz < 0) ? ABSENT : cur[base + gx];
      loc[r * lx + a] = enc ? (uchar)(v == ABSENT ? 0 : 1 + 32 * v) : (uchar)v;
    }
  }
}

/* The score of the agent at loc[k] of a box lx wide and ly high; -INFINITY
 * for an absent one. */
inline float box_score(__local const uchar *loc, int k, int lx, int ly, float4 pay, int self) {
  uint own = loc[k];
  if (own == ABSENT) return -INFINITY;
  uint nc = 0, nd = 0;
#pragma unroll
  for (int dz = -HZ; dz <= HZ; dz++)
#pragma unroll
    for (int dy = -1; dy <= 1; dy++)
#pragma unroll
      for (int dx = -1; dx <= 1; dx++) {
        if ((dx | dy | dz) == 0 || !in_nbhd(dx, dy, dz)) continue;
        uint t = loc[k + (dz * ly + dy) * lx + dx];
        nc += t == 0;
        nd += t == 1;
      }
  if (self) {
    nc += own == 0;
    nd += own == 1;
  }
  return game_score(own, nc, nd, pay);
}

/* The new strategy of the agent at strategies s[ks] (a box sx × sy) and
 * scores f[kf] (a box fx × fy). */
inline uchar box_decide(__local const uchar *s, int ks, int sx, int sy, __local const float *f,
                        int kf, int fx, int fy) {
  float m = -INFINITY;
  uint coop = 0;
#pragma unroll
  for (int dz = -HZ; dz <= HZ; dz++)
#pragma unroll
    for (int dy = -1; dy <= 1; dy++)
#pragma unroll
      for (int dx = -1; dx <= 1; dx++) {
        if ((dx | dy | dz) == 0 || !in_nbhd(dx, dy, dz)) continue;
        uint t = s[ks + (dz * sy + dy) * sx + dx];
        if (t != ABSENT) game_best(f[kf + (dz * fy + dy) * fx + dx], t, &m, &coop);
      }
  return game_decide(s[ks], f[kf], m, coop);
}

#define SX1 (TX + 2)
#define SY1 (TY + 2)
#define SZ1 (TZ + 2 * HZ)
#define SX2 (TX + 4)
#define SY2 (TY + 4)
#define SZ2 (TZ + 4 * HZ)

/* Index in a box of sides (sx, sy) with halo h of the tile's cell (a, b, c). */
#define AT(a, b, c, h, sx, sy) ((((c) + (h)*HZ) * (sy) + (b) + (h)) * (sx) + (a) + (h))

#if GOLCL_NBHD == 0
/* A cell's byte for the Moore counts: 0 absent, 1 cooperator, 33 defector. */
#define ENC(t) ((t) == ABSENT ? 0 : 1 + 32 * (t))

/* Σ of the 3×3 plane around k (x fastest, rows sx apart). */
inline uint plane_sum(__local const uchar *e, int k, int sx) {
  return (uint)e[k - sx - 1] + e[k - sx] + e[k - sx + 1] + e[k - 1] + e[k] + e[k + 1] +
         e[k + sx - 1] + e[k + sx] + e[k + sx + 1];
}

/* Max of the 3×3 plane around k. */
inline float plane_max(__local const float *f, int k, int sx) {
  float a = fmax(fmax(f[k - sx - 1], f[k - sx]), f[k - sx + 1]);
  float b = fmax(fmax(f[k - 1], f[k]), f[k + 1]);
  float c = fmax(fmax(f[k + sx - 1], f[k + sx]), f[k + sx + 1]);
  return fmax(fmax(a, b), c);
}

/* The score from the closed-box sum s (present + 32·defectors) and own byte e. */
inline float enc_score(uint s, uint e, float4 pay, int self) {
  uint opp = self ? s : s - e;
  uint nd = opp >> 5, nall = opp & 31u;
  return game_score(e >> 5, nall - nd, nd, pay);
}

/* Scores of a column of n cells of the box (sx, sy) of bytes e, starting at
 * index k (plane stride sx·sy), as (C score or -INF, D score or -INF) into
 * lc/ld at kf (plane stride fz); absent cells get -INF in both. */
inline void column_scores(__local const uchar *e, int k, int sx, int sy, int n, float4 pay,
                          int self, __local float *lc, __local float *ld, int kf, int fz) {
  const int pz = sx * sy;
  uint p0 = HZ ? plane_sum(e, k - pz, sx) : 0, p1 = plane_sum(e, k, sx);
#pragma unroll
  for (int c = 0; c < SZ1; c++, k += pz, kf += fz) {
    uint p2 = HZ ? plane_sum(e, k + pz, sx) : 0;
    uint own = e[k];
    float sc = own ? enc_score(p0 + p1 + p2, own, pay, self) : -INFINITY;
    lc[kf] = own == 1 ? sc : -INFINITY;
    ld[kf] = own == 33 ? sc : -INFINITY;
    p0 = p1;
    p1 = p2;
  }
}

/* New strategies of a column of n agents of the (lc, ld) box (sx, sy) from
 * index k, into next from global index g (stride gz). */
inline void column_decide(__local const float *lc, __local const float *ld, int k, int sx, int sy,
                          int n, __global uchar *next, IDX g, IDX gz) {
  const int pz = sx * sy;
  float c0 = HZ ? plane_max(lc, k - pz, sx) : -INFINITY, c1 = plane_max(lc, k, sx);
  float d0 = HZ ? plane_max(ld, k - pz, sx) : -INFINITY, d1 = plane_max(ld, k, sx);
#pragma unroll
  for (int c = 0; c < TZ; c++, k += pz, g += gz) {
    float c2 = HZ ? plane_max(lc, k + pz, sx) : -INFINITY;
    float d2 = HZ ? plane_max(ld, k + pz, sx) : -INFINITY;
    float mc = fmax(fmax(c0, c1), c2), md = fmax(fmax(d0, d1), d2), m = fmax(mc, md);
    float oc = lc[k], od = ld[k];
    uint own = oc > -INFINITY ? 0u : 1u;
    if (c < n) next[g] = fmax(oc, od) == m ? (uchar)own : (uchar)(mc == m ? 0 : 1);
    c0 = c1;
    c1 = c2;
    d0 = d1;
    d1 = d2;
  }
}
#endif

__kernel __attribute__((reqd_work_group_size(TX, TY, 1))) void game_tiled_scores(
    __global const uchar *cur, __global float *scores, int nx, int ny, int nz, float4 pay,
    int self) {
  __local uchar loc[SX1 * SY1 * SZ1];
  const int x0 = get_group_id(0) * TX, y0 = get_group_id(1) * TY, z0 = get_group_id(2) * TZ;
  load_box(loc, cur, 1, x0, y0, z0, nx, ny, nz, GOLCL_NBHD == 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  const int a = get_local_id(0), b = get_local_id(1), x = x0 + a, y = y0 + b;
  if (x >= nx || y >= ny) return;
  const int n = min(TZ, nz - z0);
  IDX g = ((IDX)z0 * ny + y) * nx + x;
#if GOLCL_NBHD == 0
  const int pz = SX1 * SY1;
  int k = AT(a, b, 0, 1, SX1, SY1);
  uint p0 = HZ ? plane_sum(loc, k - pz, SX1) : 0, p1 = plane_sum(loc, k, SX1);
  for (int c = 0; c < n; c++, k += pz, g += (IDX)nx * ny) {
    uint p2 = HZ ? plane_sum(loc, k + pz, SX1) : 0;
    scores[g] = enc_score(p0 + p1 + p2, loc[k], pay, self);
    p0 = p1;
    p1 = p2;
  }
#else
  for (int c = 0; c < n; c++, g += (IDX)nx * ny)
    scores[g] = box_score(loc, AT(a, b, c, 1, SX1, SY1), SX1, SY1, pay, self);
#endif
}

__kernel __attribute__((reqd_work_group_size(TX, TY, 1))) void game_tiled_update(
    __global const uchar *cur, __global const float *scores, __global uchar *next, int nx, int ny,
    int nz) {
#if GOLCL_NBHD == 0
  __local float lc[SX1 * SY1 * SZ1], ld[SX1 * SY1 * SZ1];
#else
  __local uchar ls[SX1 * SY1 * SZ1];
  __local float lf[SX1 * SY1 * SZ1];
#endif
  const int x0 = get_group_id(0) * TX, y0 = get_group_id(1) * TY, z0 = get_group_id(2) * TZ;
  for (int r = get_local_id(1); r < SY1 * SZ1; r += TY) {
    int b = r % SY1, c = r / SY1;
    int gy = axis(y0 - 1 + b, ny), gz = HZ ? axis(z0 - 1 + c, nz) : 0;
    IDX base = gy < 0 || gz < 0 ? 0 : ((IDX)gz * ny + gy) * nx;
    for (int a = get_local_id(0); a < SX1; a += TX) {
      int gx = axis(x0 - 1 + a, nx), k = r * SX1 + a;
      int out = gx < 0 || gy < 0 || gz < 0;
      IDX g = out ? 0 : base + gx;
      uint st = out ? ABSENT : cur[g];
      float sc = out ? -INFINITY : scores[g];
#if GOLCL_NBHD == 0
      lc[k] = st == 0 ? sc : -INFINITY;
      ld[k] = st == 1 ? sc : -INFINITY;
#else
      ls[k] = st;
      lf[k] = sc;
#endif
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const int a = get_local_id(0), b = get_local_id(1), x = x0 + a, y = y0 + b;
  if (x >= nx || y >= ny) return;
  const int n = min(TZ, nz - z0);
  IDX g = ((IDX)z0 * ny + y) * nx + x;
#if GOLCL_NBHD == 0
  column_decide(lc, ld, AT(a, b, 0, 1, SX1, SY1), SX1, SY1, n, next, g, (IDX)nx * ny);
#else
  for (int c = 0; c < n; c++, g += (IDX)nx * ny) {
    int k = AT(a, b, c, 1, SX1, SY1);
    next[g] = box_decide(ls, k, SX1, SY1, lf, k, SX1, SY1);
  }
#endif
}

__kernel __attribute__((reqd_work_group_size(TX, TY, 1))) void game_fused(__global const uchar *cur,
                                                                          __global uchar *next,
                                                                          int nx, int ny, int nz,
                                                                          float4 pay, int self) {
  __local uchar ls[SX2 * SY2 * SZ2];
  const int x0 = get_group_id(0) * TX, y0 = get_group_id(1) * TY, z0 = get_group_id(2) * TZ;
  const int lid = get_local_id(1) * TX + get_local_id(0);
  load_box(ls, cur, 2, x0, y0, z0, nx, ny, nz, GOLCL_NBHD == 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  /* scores of the tile and its 1-cell halo: box-1 cell (a, b, c) is box-2
   * cell (a+1, b+1, c+HZ) */
#if GOLCL_NBHD == 0
  __local float lc[SX1 * SY1 * SZ1], ld[SX1 * SY1 * SZ1];
  for (int k = lid; k < SX1 * SY1; k += TX * TY) {
    int a = k % SX1, b = k / SX1;
    column_scores(ls, (HZ * SY2 + b + 1) * SX2 + a + 1, SX2, SY2, SZ1, pay, self, lc, ld, k,
                  SX1 * SY1);
  }
#else
  __local float lf[SX1 * SY1 * SZ1];
  for (int k = lid; k < SX1 * SY1 * SZ1; k += TX * TY) {
    int a = k % SX1, t = k / SX1, b = t % SY1, c = t / SY1;
    lf[k] = box_score(ls, ((c + HZ) * SY2 + b + 1) * SX2 + a + 1, SX2, SY2, pay, self);
  }
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  const int a = get_local_id(0), b = get_local_id(1), x = x0 + a, y = y0 + b;
  if (x >= nx || y >= ny) return;
  const int n = min(TZ, nz - z0);
  IDX g = ((IDX)z0 * ny + y) * nx + x;
#if GOLCL_NBHD == 0
  column_decide(lc, ld, AT(a, b, 0, 1, SX1, SY1), SX1, SY1, n, next, g, (IDX)nx * ny);
#else
  for (int c = 0; c < n; c++, g += (IDX)nx * ny)
    next[g] =
        box_decide(ls, AT(a, b, c, 2, SX2, SY2), SX2, SY2, lf, AT(a, b, c, 1, SX1, SY1), SX1, SY1);
#endif
}
