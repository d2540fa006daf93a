/* mg.cl — the kernels of the geometric multigrid V-cycle (lib/la/mg.c) for
 * 5-point (2-D) and 7-point (3-D) stencils (common/la_stencil.cl):
 * red-black Gauss–Seidel half-sweeps, the residual, full-weighting
 * restriction and bi-/trilinear prolongation. Points of one colour never
 * read each other, so a half-sweep gives the same bits in any order.
 * Dirichlet grids are vertex-centred: coarse point I sits on fine point
 * 2I + 1, and what lies outside either grid is zero. Periodic grids (even
 * sizes): coarse I on fine 2I, indices wrap. meta: longs nx, ny, nz.
 * A Dirichlet side of 2m points coarsens to m (coarse I on fine 2I + 1, the
 * last coarse point on the last fine point), and the coarse level's last
 * row of that axis gets a larger centre (the 1-D Galerkin operator's: the
 * edge lies half a coarse spacing or less beyond it): coef holds the
 * level's MG_NCOEF values, the stencil's then, at 9, 10, 11, what the
 * centre gains on the last row of x, y and z (0 on the finest level and on
 * periodic grids). */
#define MG_NCOEF 12
/* MG_EDGE 0: a build for levels without a gain (the centre is st_c[0]). */
#ifndef MG_EDGE
#define MG_EDGE 1
#endif
#if STENCIL_KIND == 7
#define MG_EZ(iz) +((iz) == st_nz - 1 ? mg_ez : (REAL)0)
#else
#define MG_EZ(iz)
#endif
/* The centre of the row at (ix, iy, iz). */
#if MG_EDGE
#define MG_C0_AT(ix, iy, iz) \
  (st_c[0] + ((ix) == st_nx - 1 ? mg_ex : (REAL)0) + ((iy) == st_ny - 1 ? mg_ey : (REAL)0) MG_EZ(iz))
#else
#define MG_C0_AT(ix, iy, iz) st_c[0]
#endif
#define LA_ST_C0 MG_C0_AT(st_ix, st_iy, st_iz)
#define LA_ST_X(XJ, j, dx, dy, dz) XJ(j, dx, dy, dz)
#include "common/la_real.cl"
#include "common/la_stencil.cl"

#define MG_PROLOGUE(meta, coef)                                                \
  LA_STENCIL_PROLOGUE(meta, coef)                                              \
  const REAL mg_ex = (coef)[9], mg_ey = (coef)[10], mg_ez = (coef)[11]; \
  (void)mg_ez;

#define MG_X(j, dx, dy, dz) x[j]

/* Points with (ix + iy + iz) % 2 == color: x += (b − A·x) / centre. */
inline void mg_smooth_do(IDX n, __global const long *meta, __global const REAL *coef,
                         __global const REAL *b, __global REAL *x, int color) {
  MG_PROLOGUE(meta, coef)
  LA_STENCIL_FOR(i, n, 1) {
    if ((int)((st_ix + st_iy + st_iz) & 1) != color) continue;
    REAL acc = 0, ab = 0;
    LA_STENCIL_ROW_ABS(acc, ab, i, MG_X)
    x[i] += (b[i] - acc) / LA_STENCIL_DIAG;
  }
}
LA_KERNEL void mg_smooth(IDX n, __global const long *meta, __global const REAL *coef,
                         __global const REAL *b, __global REAL *x, int color) {
  mg_smooth_do(n, meta, coef, b, x, color);
}

/* r = b − A·x. */
LA_KERNEL void mg_residual(IDX n, __global const long *meta, __global const REAL *coef,
                           __global const REAL *b, __global const REAL *x, __global REAL *r) {
  MG_PROLOGUE(meta, coef)
  LA_STENCIL_FOR(i, n, 1) {
    REAL acc = 0, ab = 0;
    LA_STENCIL_ROW_ABS(acc, ab, i, MG_X)
    r[i] = b[i] - acc;
  }
}

/* The fine index and weight of neighbour d (−1, 0, 1) of coarse point c on
 * an axis of nf fine points; weight 0 when outside. */
inline IDX mg_fine(IDX c, int d, IDX nf, REAL *w) {
#if STENCIL_PERIODIC
  IDX f = 2 * c + d;
  f = f < 0 ? f + nf : f >= nf ? f - nf : f;
  *w = d == 0 ? (REAL)0.5 : (REAL)0.25;
  return f;
#else
  const IDX f = 2 * c + 1 + d;
  *w = f >= 0 && f < nf ? (d == 0 ? (REAL)0.5 : (REAL)0.25) : (REAL)0;
  return f >= 0 && f < nf ? f : 0;
#endif
}

/* The loop of a restriction: bc = full weighting of a fine vector whose
 * element at fine index f, coordinates (xx, y, z), is RF(f, xx, y, z):
 * coarse (I, J, K) gets Σ w·w·w · RF over the 3×3(×3) fine points around it
 * (weights 1/2 centre, 1/4 sides, per axis). Needs cx, cy, fx, fy, fz. */
#if STENCIL_KIND == 7
#define MG_DZ0 (-1)
#define MG_DZ1 1
#define MG_FINE_Z(K, dz, fz, wz) mg_fine(K, dz, fz, &wz)
#else
#define MG_DZ0 0
#define MG_DZ1 0
#define MG_FINE_Z(K, dz, fz, wz) ((void)(K), (void)(fz), (IDX)0)
#endif
#define MG_RESTRICT_LOOP(nc, RF, KEEP)                          \
  LA_FOR(i, nc, 1) {                                            \
    const IDX t = i / cx, I = i - t * cx, J = t % cy, K = t / cy; \
    REAL acc = 0;                                               \
    for (int dz = MG_DZ0; dz <= MG_DZ1; dz++) {                 \
      REAL wz = 1;                                              \
      const IDX z = MG_FINE_Z(K, dz, fz, wz);                   \
      for (int dy = -1; dy <= 1; dy++) {                        \
        REAL wy;                                                \
        const IDX y = mg_fine(J, dy, fy, &wy);                  \
        for (int dx = -1; dx <= 1; dx++) {                      \
          REAL wx;                                              \
          const IDX xx = mg_fine(I, dx, fx, &wx);               \
          const REAL w = wx * wy * wz;                          \
          if (w != 0 && KEEP(xx, y, z)) acc += w * RF((z * fy + y) * fx + xx, xx, y, z); \
        }                                                       \
      }                                                         \
    }                                                           \
    bc[i] = acc;                                                \
  }

/* bc = full weighting of rf. */
#define MG_RF(f, xx, y, z) rf[f]
#define MG_ALL(xx, y, z) 1
/* The red fine points: after the pre-smoother's black sweep the residual
 * is 0 at the black ones (each black value solves its row with its red
 * neighbours, which do not change after it), so the restriction of the
 * residual formed on the fly takes the red points only (5 of the 9 in 2-D,
 * 13 of the 27 in 3-D). */
#define MG_RED(xx, y, z) ((((xx) + (y) + (z)) & 1) == 0)
LA_KERNEL void mg_restrict(IDX nc, __global const long *mc, __global const long *mf,
                           __global const REAL *rf, __global REAL *bc) {
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], fx = (IDX)mf[0], fy = (IDX)mf[1], fz = (IDX)mf[2];
  MG_RESTRICT_LOOP(nc, MG_RF, MG_ALL)
}

/* The coarse neighbours of fine point f on an axis of nc coarse points:
 * indices c0, c1 and weights w0, w1 (w1 = 0, or both 0, where there are
 * fewer). Scalars, not arrays: a private array indexed in a loop goes to
 * per-item memory on GPUs. */
inline void mg_coarse(IDX f, IDX nc, IDX *c0, REAL *w0, IDX *c1, REAL *w1) {
#if STENCIL_PERIODIC
  if ((f & 1) == 0) {
    *c0 = f / 2, *w0 = 1;
    *c1 = 0, *w1 = 0;
    return;
  }
  *c0 = (f - 1) / 2, *w0 = (REAL)0.5;
  *c1 = (f + 1) / 2 == nc ? 0 : (f + 1) / 2, *w1 = (REAL)0.5;
#else
  if (f & 1) {
    const IDX k = (f - 1) / 2;
    *c0 = k < nc ? k : 0, *w0 = k < nc ? (REAL)1 : (REAL)0;
    *c1 = 0, *w1 = 0;
    return;
  }
  const IDX lo = f / 2 - 1, hi = f / 2;
  *c0 = lo >= 0 ? lo : 0, *w0 = lo >= 0 ? (REAL)0.5 : (REAL)0;
  *c1 = hi < nc ? hi : 0, *w1 = hi < nc ? (REAL)0.5 : (REAL)0;
#endif
}

/* (P·xc) at fine point (ix, iy, iz): bi-/trilinear interpolation of the
 * coarse correction (cx × cy × cz coarse points), the terms in the order
 * z, y, x (each from its first coarse point to its second). */
#define MG_P_TERM(zz, wz, yy, wy, xx, wx)                       \
  {                                                             \
    const REAL w_ = (wx) * (wy) * (wz);                         \
    if (w_ != 0) acc += w_ * xc[((zz)*cy + (yy)) * cx + (xx)];  \
  }
#define MG_P_ROW(zz, wz)                 \
  MG_P_TERM(zz, wz, y0, wy0, x0, wx0)    \
  MG_P_TERM(zz, wz, y0, wy0, x1, wx1)    \
  MG_P_TERM(zz, wz, y1, wy1, x0, wx0)    \
  MG_P_TERM(zz, wz, y1, wy1, x1, wx1)
inline REAL mg_prolong_at(IDX ix, IDX iy, IDX iz, IDX cx, IDX cy, IDX cz,
                          __global const REAL *xc) {
  IDX x0, x1, y0, y1;
  REAL wx0, wx1, wy0, wy1, acc = 0;
  mg_coarse(ix, cx, &x0, &wx0, &x1, &wx1);
  mg_coarse(iy, cy, &y0, &wy0, &y1, &wy1);
#if STENCIL_KIND == 7
  IDX z0, z1;
  REAL wz0, wz1;
  mg_coarse(iz, cz, &z0, &wz0, &z1, &wz1);
  MG_P_ROW(z0, wz0)
  MG_P_ROW(z1, wz1)
#else
  (void)iz;
  (void)cz;
  MG_P_ROW(0, (REAL)1)
#endif
  return acc;
}

/* xf += P·xc. */
LA_KERNEL void mg_prolong(IDX nf, __global const long *mf, __global const long *mc,
                          __global const REAL *xc, __global REAL *xf) {
  const IDX fx = (IDX)mf[0], fy = (IDX)mf[1], cx = (IDX)mc[0], cy = (IDX)mc[1], cz = (IDX)mc[2];
  LA_FOR(i, nf, 1) {
    const IDX t = i / fx, ix = i - t * fx, iy = t % fy, iz = t / fy;
    xf[i] += mg_prolong_at(ix, iy, iz, cx, cy, cz, xc);
  }
}

/* ------------------------------------------------------------ fused cycle
 * The same cycle in fewer sweeps over a level (lib/la/mg.c uses these):
 * mg_pre is the pre-smoother from zero (x = 0, red: x = b/c, black from the
 * red values formed on the fly); mg_resrestrict restricts the residual
 * b − A·x formed on the fly at the 3×3(×3) fine points of a coarse point;
 * mg_post1 adds the prolonged correction and smooths black, forming the
 * corrected values of a black point's neighbours on the fly, into y (x
 * itself is read by neighbours, so the result goes elsewhere) — used by the
 * one-group small levels; large levels run it as mg_prolong_to and mg_black
 * (forming four neighbours a black point cost more than a pass on an H100);
 * mg_post2 smooths red from y into x. Each forms the values of the sweeps
 * it replaces by the same expressions (the same bits, contraction aside). */

/* x from zero after (red, black): red points b/c, black ones
 * (b − Σ neighbours' c·b/c) / c. */
#define MG_PRE_X(j, dx, dy, dz)            \
  ((dx) == 0 && (dy) == 0 && (dz) == 0 ? (REAL)0 \
                                       : b[j] / MG_C0_AT(st_ix + (dx), st_iy + (dy), st_iz + (dz)))
inline void mg_pre_do(IDX n, __global const long *meta, __global const REAL *coef,
                      __global const REAL *b, __global REAL *x) {
  MG_PROLOGUE(meta, coef)
  LA_STENCIL_FOR(i, n, 1) {
    REAL v = b[i] / LA_STENCIL_DIAG;
    if ((int)((st_ix + st_iy + st_iz) & 1)) {
      REAL acc = 0, ab = 0;
      LA_STENCIL_ROW_ABS(acc, ab, i, MG_PRE_X)
      v = (b[i] - acc) / LA_STENCIL_DIAG;
    }
    x[i] = v;
  }
}

/* b − A·x at fine index f, coordinates (xx, y, z). */
inline REAL mg_res_at(IDX f, IDX xx, IDX y, IDX z, const IDX st_nx, const IDX st_ny,
                      const IDX st_nz, const REAL *st_c, const REAL mg_ex, const REAL mg_ey,
                      const REAL mg_ez, __global const REAL *b, __global const REAL *x) {
  const IDX st_ix = xx, st_iy = y, st_iz = z;
  REAL ax = 0, ab = 0;
  LA_STENCIL_ROW_ABS(ax, ab, f, MG_X)
  (void)st_iz;
  (void)mg_ez;
  return b[f] - ax;
}
#define MG_RES(f, xx, y, z) \
  mg_res_at(f, xx, y, z, st_nx, st_ny, st_nz, st_c, mg_ex, mg_ey, mg_ez, b, x)

/* bc = full weighting of the fine residual b − A·x (fine sizes and
 * coefficients: mf, coef), each fine residual formed where it is needed. */
inline void mg_resrestrict_do(IDX nc, __global const long *mc, __global const long *mf,
                              __global const REAL *coef, __global const REAL *b,
                              __global const REAL *x, __global REAL *bc) {
  MG_PROLOGUE(mf, coef)
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], fx = st_nx, fy = st_ny, fz = st_nz;
  MG_RESTRICT_LOOP(nc, MG_RES, MG_RED)
}

/* acc += c · (x + P·xc) at the neighbour (dx, dy, dz) of the point (st_ix,
 * st_iy, st_iz) = i: LA_ST_NB's term on the corrected x, formed from the
 * neighbour's coordinates. */
#if STENCIL_PERIODIC
#define MG_X1_NB(acc, c, dx, dy, dz)                                                           \
  {                                                                                            \
    const IDX jx = LA_ST_WRAP(st_ix, dx, st_nx), jy = LA_ST_WRAP(st_iy, dy, st_ny),            \
              jz = LA_ST_WRAP(st_iz, dz, st_nz);                                               \
    acc += (c) * (x[(jz * st_ny + jy) * st_nx + jx] + mg_prolong_at(jx, jy, jz, cx, cy, cz, xc)); \
  }
#else
#define MG_X1_NB(acc, c, dx, dy, dz)                                                              \
  if (st_ix + (dx) >= 0 && st_ix + (dx) < st_nx && st_iy + (dy) >= 0 && st_iy + (dy) < st_ny &&   \
      st_iz + (dz) >= 0 && st_iz + (dz) < st_nz) {                                                \
    const IDX j = i + (dx) + (IDX)(dy)*st_nx + (IDX)(dz)*st_nx * st_ny;                           \
    acc += (c) * (x[j] + mg_prolong_at(st_ix + (dx), st_iy + (dy), st_iz + (dz), cx, cy, cz, xc)); \
  }
#endif

/* y = x + P·xc, then black points y += (b − A·y) / c. */
inline void mg_post1_do(IDX n, __global const long *meta, __global const long *mc,
                        __global const REAL *coef, __global const REAL *b, __global const REAL *xc,
                        __global const REAL *x, __global REAL *y) {
  MG_PROLOGUE(meta, coef)
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], cz = (IDX)mc[2];
  LA_STENCIL_FOR(i, n, 1) {
    REAL v = x[i] + mg_prolong_at(st_ix, st_iy, st_iz, cx, cy, cz, xc);
    if ((int)((st_ix + st_iy + st_iz) & 1)) {
      REAL acc = 0;
      acc += LA_ST_C0 * v;
      MG_X1_NB(acc, st_c[1], -1, 0, 0)
      MG_X1_NB(acc, st_c[2], 1, 0, 0)
      MG_X1_NB(acc, st_c[3], 0, -1, 0)
      MG_X1_NB(acc, st_c[4], 0, 1, 0)
#if STENCIL_KIND == 7
      MG_X1_NB(acc, st_c[5], 0, 0, -1)
      MG_X1_NB(acc, st_c[6], 0, 0, 1)
#endif
      v += (b[i] - acc) / LA_STENCIL_DIAG;
    }
    y[i] = v;
  }
}

/* x = y, then red points x += (b − A·y) / c. */
#define MG_Y(j, dx, dy, dz) y[j]
inline void mg_post2_do(IDX n, __global const long *meta, __global const REAL *coef,
                        __global const REAL *b, __global const REAL *y, __global REAL *x) {
  MG_PROLOGUE(meta, coef)
  LA_STENCIL_FOR(i, n, 1) {
    REAL v = y[i];
    if (!(int)((st_ix + st_iy + st_iz) & 1)) {
      REAL acc = 0, ab = 0;
      LA_STENCIL_ROW_ABS(acc, ab, i, MG_Y)
      v += (b[i] - acc) / LA_STENCIL_DIAG;
    }
    x[i] = v;
  }
}

/* The last level: x = 0, then `pairs` (red, black) half-sweep pairs and as
 * many (black, red), a barrier between half-sweeps (points of one colour
 * never read each other). One work-group runs it all. */
inline void mg_bottom_do(IDX n, __global const long *meta, __global const REAL *coef,
                         __global const REAL *b, __global REAL *x, int pairs) {
  for (IDX i = (IDX)get_local_id(0); i < n; i += LA_WG) x[i] = 0;
  barrier(CLK_GLOBAL_MEM_FENCE);
  for (int k = 0; k < 4 * pairs; k++) {
    mg_smooth_do(n, meta, coef, b, x, (k < 2 * pairs ? k : k + 1) & 1);
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}

/* The fused kernels take a halt word, flags[slot]: when it is not 0 they do
 * nothing (a CG that stopped: its flag of the iteration; a plain cycle
 * passes a zero). */
#define MG_HALT __global const int *flags, int slot
#define MG_GO (flags[slot] == 0)

LA_KERNEL void mg_pre(IDX n, __global const long *meta, __global const REAL *coef,
                      __global const REAL *b, __global REAL *x, MG_HALT) {
  mg_pre_do(MG_GO ? n : 0, meta, coef, b, x);
}
LA_KERNEL void mg_resrestrict(IDX nc, __global const long *mc, __global const long *mf,
                              __global const REAL *coef, __global const REAL *b,
                              __global const REAL *x, __global REAL *bc, MG_HALT) {
  mg_resrestrict_do(MG_GO ? nc : 0, mc, mf, coef, b, x, bc);
}
/* mg_post1 in two sweeps, for large levels (where forming the corrected
 * values of a black point's four neighbours costs more than a pass): y =
 * x + P·xc, then the black sweep on y in place. */
LA_KERNEL void mg_prolong_to(IDX n, __global const long *meta, __global const long *mc,
                             __global const REAL *xc, __global const REAL *x, __global REAL *y,
                             MG_HALT) {
  const IDX st_nx = (IDX)meta[0], st_ny = (IDX)meta[1], st_nz = (IDX)meta[2];
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], cz = (IDX)mc[2];
  (void)st_nz;
  const int go = MG_GO;
  LA_STENCIL_FOR(i, n, go) y[i] = x[i] + mg_prolong_at(st_ix, st_iy, st_iz, cx, cy, cz, xc);
}
LA_KERNEL void mg_black(IDX n, __global const long *meta, __global const REAL *coef,
                        __global const REAL *b, __global REAL *y, MG_HALT) {
  mg_smooth_do(MG_GO ? n : 0, meta, coef, b, y, 1);
}
LA_KERNEL void mg_post2(IDX n, __global const long *meta, __global const REAL *coef,
                        __global const REAL *b, __global const REAL *y, __global REAL *x,
                        MG_HALT) {
  mg_post2_do(MG_GO ? n : 0, meta, coef, b, y, x);
}
/* mg_post2 on the finest level of a preconditioner, with the partials of
 * b·x (the CG's r·z) into part[m + group], m the groups of the launch
 * (what cg_rz would write). */
LA_KERNEL void mg_post2_dot(IDX n, __global const long *meta, __global const REAL *coef,
                            __global const REAL *b, __global const REAL *y, __global REAL *x,
                            __global REAL *part, MG_HALT) {
  __local REAL s[LA_WG];
  MG_PROLOGUE(meta, coef)
  REAL dot = 0;
  const int go = MG_GO;
  LA_STENCIL_FOR(i, n, go) {
    REAL v = y[i];
    const REAL bi = b[i];
    if (!(int)((st_ix + st_iy + st_iz) & 1)) {
      REAL acc = 0, ab = 0;
      LA_STENCIL_ROW_ABS(acc, ab, i, MG_Y)
      v += (bi - acc) / LA_STENCIL_DIAG;
    }
    x[i] = v;
    dot += bi * v;
  }
  dot = la_group_sum(dot, s);
  if (go && get_local_id(0) == 0) part[get_num_groups(0) + get_group_id(0)] = dot;
}

/* ------------------------------------------------ red-black on pairs
 * 2-D 5-point, Dirichlet, nx even: work-item k of a grid-stride loop takes
 * the pair of points (2j, iy), (2j + 1, iy) of a row (j = k mod nx/2), one
 * red and one black, so that every item has the same work (mg_black,
 * mg_post2 and mg_pre leave half of a warp idle on the other colour's
 * points). The values are formed by the same expressions. */
#if STENCIL_KIND == 5 && !STENCIL_PERIODIC
/* The loop over the pairs (hx = nx/2 of them a row) with the row iy and the
 * pair's first column jx = 2j carried by additions. */
#define MG_PAIR_FOR(k, np, hx, cond)                                                       \
  const IDX k##_step = LA_ST_STEP(np), k##_end = LA_ST_END(np), k##_t = k##_step / (hx);     \
  const IDX k##_sx = 2 * (k##_step - k##_t * (hx)), k##_sy = k##_t;                          \
  IDX k = LA_ST_START(np), iy = k / (hx), jx = 2 * (k - iy * (hx));                          \
  for (; (cond) && k < k##_end; k += k##_step, jx += k##_sx, iy += k##_sy,                   \
                                jx >= 2 * (hx) ? (void)(jx -= 2 * (hx), iy++) : (void)0)

/* The Gauss–Seidel update at (ix, iy), index i, of x (as mg_smooth_do). */
#define MG_GS_PT(v, ix, iy, i, x)                                  \
  {                                                                \
    const REAL dg_ = MG_C0_AT(ix, iy, 0);                          \
    REAL acc_ = 0;                                                 \
    acc_ += dg_ * x[i];                                            \
    if ((ix) > 0) acc_ += st_c[1] * x[(i)-1];                      \
    if ((ix) + 1 < st_nx) acc_ += st_c[2] * x[(i) + 1];            \
    if ((iy) > 0) acc_ += st_c[3] * x[(i)-st_nx];                  \
    if ((iy) + 1 < st_ny) acc_ += st_c[4] * x[(i) + st_nx];        \
    v = x[i] + (b[i] - acc_) / dg_;                                \
  }

/* y's black points updated in place (mg_black). */
LA_KERNEL void mg_black_pairs(IDX n, __global const long *meta, __global const REAL *coef,
                              __global const REAL *b, __global REAL *y, MG_HALT) {
  MG_PROLOGUE(meta, coef)
  const IDX hx = st_nx / 2;
  MG_PAIR_FOR(k, n / 2, hx, MG_GO) {
    const IDX ix = jx + ((iy & 1) ? 0 : 1), i = iy * st_nx + ix;
    REAL v;
    MG_GS_PT(v, ix, iy, i, y)
    y[i] = v;
  }
}

/* x = y at black points, y updated at red points (mg_post2); with part,
 * also the partials of b·x (mg_post2_dot). */
inline REAL mg_post2_pairs_do(IDX n, __global const long *meta, __global const REAL *coef,
                              __global const REAL *b, __global const REAL *y, __global REAL *x,
                              int go) {
  MG_PROLOGUE(meta, coef)
  const IDX hx = st_nx / 2;
  REAL dot = 0;
  MG_PAIR_FOR(k, n / 2, hx, go) {
    const IDX odd = iy & 1, xr = jx + (odd ? 1 : 0), i0 = iy * st_nx + jx;
    const IDX ir = iy * st_nx + xr, ik = odd ? i0 : i0 + 1;
    REAL v;
    MG_GS_PT(v, xr, iy, ir, y)
    const REAL vk = y[ik];
    x[ir] = v;
    x[ik] = vk;
    dot += b[i0] * (odd ? vk : v);
    dot += b[i0 + 1] * (odd ? v : vk);
  }
  return dot;
}
LA_KERNEL void mg_post2_pairs(IDX n, __global const long *meta, __global const REAL *coef,
                              __global const REAL *b, __global const REAL *y, __global REAL *x,
                              MG_HALT) {
  mg_post2_pairs_do(n, meta, coef, b, y, x, MG_GO);
}
LA_KERNEL void mg_post2_pairs_dot(IDX n, __global const long *meta, __global const REAL *coef,
                                  __global const REAL *b, __global const REAL *y, __global REAL *x,
                                  __global REAL *part, MG_HALT) {
  __local REAL s[LA_WG];
  const int go = MG_GO;
  REAL dot = mg_post2_pairs_do(n, meta, coef, b, y, x, go);
  dot = la_group_sum(dot, s);
  if (go && get_local_id(0) == 0) part[get_num_groups(0) + get_group_id(0)] = dot;
}

/* x from zero after (red, black), as mg_pre: red b/c, black from the red
 * values b/c of its neighbours. */
LA_KERNEL void mg_pre_pairs(IDX n, __global const long *meta, __global const REAL *coef,
                            __global const REAL *b, __global REAL *x, MG_HALT) {
  MG_PROLOGUE(meta, coef)
  const IDX hx = st_nx / 2;
  MG_PAIR_FOR(k, n / 2, hx, MG_GO) {
    const IDX xr = jx + ((iy & 1) ? 1 : 0), xk = jx + ((iy & 1) ? 0 : 1);
    const IDX ir = iy * st_nx + xr, ik = iy * st_nx + xk;
    x[ir] = b[ir] / MG_C0_AT(xr, iy, 0);
    REAL acc = 0; /* the black point's own term is 0 */
    if (xk > 0) acc += st_c[1] * (b[ik - 1] / MG_C0_AT(xk - 1, iy, 0));
    if (xk + 1 < st_nx) acc += st_c[2] * (b[ik + 1] / MG_C0_AT(xk + 1, iy, 0));
    if (iy > 0) acc += st_c[3] * (b[ik - st_nx] / MG_C0_AT(xk, iy - 1, 0));
    if (iy + 1 < st_ny) acc += st_c[4] * (b[ik + st_nx] / MG_C0_AT(xk, iy + 1, 0));
    x[ik] = (b[ik] - acc) / MG_C0_AT(xk, iy, 0);
  }
}
#endif

/* Launch one group. */
LA_KERNEL void mg_bottom(IDX n, __global const long *meta, __global const REAL *coef,
                         __global const REAL *b, __global REAL *x, int pairs, MG_HALT) {
  if (MG_GO) mg_bottom_do(n, meta, coef, b, x, pairs); /* the same branch for every item */
}

/* The V-cycle of levels l0 .. l0+nl−1 in one work-group (launch one): the
 * small levels, where a launch a step would cost more than the work. Their
 * vectors lie in one pool: level k's b, x and y at pool + offs[3k + 0, 1,
 * 2]; its sizes at metas + 4k (nx, ny, nz, 0), its coefficients at coefs +
 * MG_NCOEF·k. Level l0's b is given, its x is the result. */
LA_KERNEL void mg_small(int nl, __global const long *metas, __global const REAL *coefs,
                        __global const long *offs, __global REAL *pool, int pairs, MG_HALT) {
  if (!MG_GO) nl = 0; /* every item skips it all, barriers included */
#define MG_LV(k, w) (pool + offs[3 * (k) + (w)])
#define MG_N(k) ((IDX)(metas[4 * (k)] * metas[4 * (k) + 1] * metas[4 * (k) + 2]))
  for (int k = 0; k + 1 < nl; k++) {
    mg_pre_do(MG_N(k), metas + 4 * k, coefs + MG_NCOEF * k, MG_LV(k, 0), MG_LV(k, 1));
    barrier(CLK_GLOBAL_MEM_FENCE);
    mg_resrestrict_do(MG_N(k + 1), metas + 4 * (k + 1), metas + 4 * k, coefs + MG_NCOEF * k, MG_LV(k, 0),
                      MG_LV(k, 1), MG_LV(k + 1, 0));
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  if (nl > 0)
    mg_bottom_do(MG_N(nl - 1), metas + 4 * (nl - 1), coefs + MG_NCOEF * (nl - 1), MG_LV(nl - 1, 0),
                 MG_LV(nl - 1, 1), pairs);
  for (int k = nl - 2; k >= 0; k--) {
    mg_post1_do(MG_N(k), metas + 4 * k, metas + 4 * (k + 1), coefs + MG_NCOEF * k, MG_LV(k, 0),
                MG_LV(k + 1, 1), MG_LV(k, 1), MG_LV(k, 2));
    barrier(CLK_GLOBAL_MEM_FENCE);
    mg_post2_do(MG_N(k), metas + 4 * k, coefs + MG_NCOEF * k, MG_LV(k, 0), MG_LV(k, 2), MG_LV(k, 1));
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
#undef MG_LV
#undef MG_N
}

/* ------------------------------------------------ the post-smoother, one sweep
 * mg_post_rows (2-D 5-point): x = the post-smoother of the level — y + P·xc
 * (prolongation), then black points, then red points, as mg_prolong_to,
 * mg_black and mg_post2 form them — in one sweep that writes x. y, the
 * pre-smoothed values, is read (from_b = 0: y, b and xc read, about 3.25
 * words an unknown instead of 8.25) or formed again from b as mg_pre forms
 * it (from_b = 1: y is a function of b alone, the pre-smoother starting
 * from zero; b and xc read, 2.25 words, and mg_pre_rows need not store y).
 * A work-group takes tiles of LA_WG − 6 columns by MG_TH rows and walks
 * down them, keeping three rows of each stage in local memory: at row step
 * r it forms (from_b) the red values b/c of row r, the corrected values of
 * row r − L, the black-updated values of row r − L − 1 and the final row
 * r − L − 2 (L = from_b), a barrier between stages, one value an item a
 * stage. Every point of a row computes its update and keeps it or not by
 * its colour (no divergent branch). Outside a Dirichlet grid every value is
 * 0; periodic rows and columns wrap. With dot, the partials of b·x go to
 * part[m + group] (m: the launch's groups), as mg_post2_dot. y may not be x
 * (other groups read rows of y beyond their tiles). */
#if STENCIL_KIND == 5 && MG_ROWS
#ifndef MG_TH
#define MG_TH 32
#endif
#ifndef MG_CPI
#define MG_CPI 1
#endif
/* Tile columns: the widest stage (red values) is MG_CPI values an item
 * (several independent loads an item a stage, to hide their latency). */
#define MG_TW (MG_CPI * LA_WG - 6)
/* The columns of each of the ncb tiles of a row: nx shared out evenly (even,
 * at most MG_TW), so that the last tile is not mostly empty. */
#define MG_TILE_W(ncb) ((((st_nx + (ncb)-1) / (ncb) + 1) / 2) * 2)

/* The grid index of position p on an axis of m points: wrapped (periodic),
 * or −1 outside (Dirichlet). */
inline IDX mg_axis(IDX p, IDX m) {
#if STENCIL_PERIODIC
  if (p < 0 || p >= m) {
    p %= m;
    p = p < 0 ? p + m : p;
  }
  return p;
#else
  return p >= 0 && p < m ? p : -1;
#endif
}

/* The ring slot of row q of a tile from row y0 (rows from y0 − 3). */
#define MG_SLOT(q) ((int)(((q) - y0 + 3) % 3))

/* The red values b/c of row r of the tile at x0 (zero outside a Dirichlet
 * grid), columns x0 − 3 .. x0 + tw + 2, into row[0 .. tw + 6). */
#define MG_RED_ROW(row, r)                                                     \
  {                                                                            \
    const IDX gr_ = mg_axis(r, st_ny);                                         \
    for (int k_ = lid; k_ < tw + 6; k_ += LA_WG) {                             \
      const IDX gp_ = mg_axis(x0 - 3 + k_, st_nx);                             \
      row[k_] = gr_ >= 0 && gp_ >= 0 ? b[gr_ * st_nx + gp_] / MG_C0_AT(gp_, gr_, 0) \
                                     : (REAL)0;                                \
    }                                                                          \
  }

/* The pre-smoothed value at (gp, gq) (inside) from the red values b/c of
 * its row (rv0, at column k + 1, neighbours at k and k + 2) and of the rows
 * above and below (rvm, rvp at k + 1), as mg_pre. */
#define MG_PRE_AT(v, gp, gq, rvm, rv0, rvp, k)                             \
  {                                                                        \
    REAL acc_ = 0; /* the centre's term is 0: y is 0 there */            \
    acc_ += st_c[1] * rv0[k];                                              \
    acc_ += st_c[2] * rv0[(k) + 2];                                        \
    acc_ += st_c[3] * rvm[(k) + 1];                                        \
    acc_ += st_c[4] * rvp[(k) + 1];                                        \
    const REAL u_ = (b[(gq)*st_nx + (gp)] - acc_) / MG_C0_AT(gp, gq, 0);   \
    v = ((gp) + (gq)) & 1 ? u_ : rv0[(k) + 1];                             \
  }

/* v (the value at (gp, gq), in x0[k + 1]) after a Gauss–Seidel update at
 * points of colour col (1 black, 0 red) from the values of its row (x0)
 * and of the rows above and below (xm, xp), as mg_smooth_do. */
#define MG_GS_AT(v, gp, gq, xm, x0, xp, k, bi, col)                        \
  {                                                                        \
    const REAL dg_ = MG_C0_AT(gp, gq, 0);                                  \
    REAL acc_ = 0;                                                         \
    acc_ += dg_ * v;                                                       \
    acc_ += st_c[1] * x0[k];                                               \
    acc_ += st_c[2] * x0[(k) + 2];                                         \
    acc_ += st_c[3] * xm[(k) + 1];                                         \
    acc_ += st_c[4] * xp[(k) + 1];                                         \
    const REAL u_ = v + ((bi)-acc_) / dg_;                                 \
    v = (int)(((gp) + (gq)) & 1) == (col) ? u_ : v;                        \
  }

LA_KERNEL void mg_post_rows(IDX n, __global const long *meta, __global const long *mc,
                            __global const REAL *coef, __global const REAL *b,
                            __global const REAL *xc, __global const REAL *y, __global REAL *x,
                            __global REAL *part, int dot, int from_b, MG_HALT) {
  __local REAL rv[3][MG_TW + 6], cr[3][MG_TW + 4], br[3][MG_TW + 2], s[LA_WG];
  MG_PROLOGUE(meta, coef)
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], cz = (IDX)mc[2];
  const int lid = (int)get_local_id(0);
  const IDX ncb = (st_nx + MG_TW - 1) / MG_TW, nt = ncb * ((st_ny + MG_TH - 1) / MG_TH);
  const IDX tw = MG_TILE_W(ncb);
  const IDX L = from_b ? 1 : 0;
  REAL d = 0;
  const int go = MG_GO;
  (void)n;
  for (IDX t = go ? (IDX)get_group_id(0) : nt; t < nt; t += (IDX)get_num_groups(0)) {
    const IDX rb = t / ncb, x0 = (t - rb * ncb) * tw, y0 = rb * MG_TH;
    const IDX y1 = min(y0 + (IDX)MG_TH, st_ny);
    for (IDX r = y0 - 2 - L; r <= y1 + 1 + L; r++) {
      if (from_b) {
        MG_RED_ROW(rv[MG_SLOT(r)], r)
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (r >= y0 - 2 + L) { /* corrected row q = r − L, columns x0 − 2 .. x0 + TW + 1 */
        const IDX q = r - L, gq = mg_axis(q, st_ny);
        for (int k = lid; k < tw + 4; k += LA_WG) {
          const IDX gp = mg_axis(x0 - 2 + k, st_nx);
          REAL v = 0;
          if (gq >= 0 && gp >= 0) {
            if (from_b)
              MG_PRE_AT(v, gp, gq, rv[MG_SLOT(q - 1)], rv[MG_SLOT(q)], rv[MG_SLOT(q + 1)], k)
            else
              v = y[gq * st_nx + gp];
            v += mg_prolong_at(gp, gq, 0, cx, cy, cz, xc);
          }
          cr[MG_SLOT(q)][k] = v;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (r >= y0 + L) { /* black row q = r − L − 1, columns x0 − 1 .. x0 + TW */
        const IDX q = r - L - 1, gq = mg_axis(q, st_ny);
        for (int k = lid; k < tw + 2; k += LA_WG) {
          const IDX gp = mg_axis(x0 - 1 + k, st_nx);
          REAL v = 0;
          if (gq >= 0 && gp >= 0) {
            v = cr[MG_SLOT(q)][k + 1];
            MG_GS_AT(v, gp, gq, cr[MG_SLOT(q - 1)], cr[MG_SLOT(q)], cr[MG_SLOT(q + 1)], k,
                     b[gq * st_nx + gp], 1)
          }
          br[MG_SLOT(q)][k] = v;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (r >= y0 + 2 + L) { /* red row q = r − L − 2, columns x0 .. x0 + TW − 1: x */
        const IDX q = r - L - 2;
        for (int k = lid; k < tw; k += LA_WG) {
          const IDX p = x0 + k;
          if (p < st_nx) {
            const IDX i = q * st_nx + p;
            const REAL bi = b[i];
            REAL v = br[MG_SLOT(q)][k + 1];
            MG_GS_AT(v, p, q, br[MG_SLOT(q - 1)], br[MG_SLOT(q)], br[MG_SLOT(q + 1)], k, bi, 0)
            x[i] = v;
            d += bi * v;
          }
        }
      }
    }
  }
  if (dot) { /* the same branch for every item */
    d = la_group_sum(d, s);
    if (go && lid == 0) part[get_num_groups(0) + get_group_id(0)] = d;
  }
}
#endif

/* ------------------------------------------------ the pre-smoother and the restriction, one sweep
 * mg_pre_rows (2-D 5-point): y = the pre-smoother from zero (red points
 * b/c, black ones from the red values around them, as mg_pre) and bc = the
 * full weighting of the residual b − A·y (as mg_resrestrict), in one sweep
 * that reads b and writes bc and, with store_y, y (1.25 or 2.25 words an
 * unknown instead of 4.25; mg_post_rows forms y again from b when it is not
 * stored).
 * A work-group takes tiles of LA_WG − 6 columns by MG_TH2 rows (both even, so
 * that a tile owns the coarse points whose centres lie in it) and walks
 * down them with three rows each of the red values b/c (LA_WG wide), of
 * y (LA_WG − 2) and of the residual (LA_WG − 4) in local memory; at row
 * step r it forms red row r, y row r − 1 (written where it lies in the
 * tile), residual row r − 2 and, when r − 2 is the last fine row of a
 * coarse row, that coarse row. Dirichlet: coarse I on fine 2I + 1 (o = 1);
 * periodic: on 2I (o = 0). */
#if STENCIL_KIND == 5 && MG_ROWS
#define MG_TH2 ((MG_TH + 1) / 2 * 2)
LA_KERNEL void mg_pre_rows(IDX n, __global const long *mc, __global const long *meta,
                           __global const REAL *coef, __global const REAL *b, __global REAL *y,
                           __global REAL *bc, int store_y, MG_HALT) {
  __local REAL rv[3][MG_TW + 6], yr[3][MG_TW + 4], rr[3][MG_TW + 2];
  MG_PROLOGUE(meta, coef)
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], fx = st_nx, fy = st_ny;
  const int lid = (int)get_local_id(0);
  const IDX o = STENCIL_PERIODIC ? 0 : 1;
  const IDX ncb = (st_nx + MG_TW - 1) / MG_TW, nt = ncb * ((st_ny + MG_TH2 - 1) / MG_TH2);
  const IDX tw = MG_TILE_W(ncb);
  (void)n;
  for (IDX t = MG_GO ? (IDX)get_group_id(0) : nt; t < nt; t += (IDX)get_num_groups(0)) {
    const IDX rb = t / ncb, x0 = (t - rb * ncb) * tw, y0 = rb * MG_TH2;
    const IDX y1 = min(y0 + (IDX)MG_TH2, st_ny);
    const IDX jlo = y0 / 2, jhi = min(y0 / 2 + (IDX)(MG_TH2 / 2), cy);
    const IDX ilo = x0 / 2, ihi = min(x0 / 2 + tw / 2, cx);
    for (IDX r = y0 - 3; r <= y1 + 2; r++) {
      MG_RED_ROW(rv[MG_SLOT(r)], r)
      barrier(CLK_LOCAL_MEM_FENCE);
      if (r >= y0 - 1) { /* y row q = r − 1 (from y0 − 2), columns x0 − 2 .. x0 + TW + 1 */
        const IDX q = r - 1, gq = mg_axis(q, st_ny);
        for (int k = lid; k < tw + 4; k += LA_WG) {
          const IDX p = x0 - 2 + k, gp = mg_axis(p, st_nx);
          REAL v = 0;
          if (gq >= 0 && gp >= 0) {
            MG_PRE_AT(v, gp, gq, rv[MG_SLOT(q - 1)], rv[MG_SLOT(q)], rv[MG_SLOT(q + 1)], k)
            if (store_y && q >= y0 && q < y1 && p >= x0 && p < x0 + tw && p < st_nx)
              y[gq * st_nx + gp] = v;
          }
          yr[MG_SLOT(q)][k] = v;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (r >= y0 + 1) { /* residual row q = r − 2 (from y0 − 1), columns x0 − 1 .. x0 + TW */
        const IDX q = r - 2, gq = mg_axis(q, st_ny);
        const int qm = (int)((q - y0 + 2) % 3), q0 = (int)((q - y0 + 3) % 3),
                  qp = (int)((q - y0 + 4) % 3);
        for (int k = lid; k < tw + 2; k += LA_WG) {
          const IDX gp = mg_axis(x0 - 1 + k, st_nx);
          REAL v = 0;
          if (gq >= 0 && gp >= 0) {
            REAL acc = 0;
            acc += MG_C0_AT(gp, gq, 0) * yr[q0][k + 1];
            acc += st_c[1] * yr[q0][k];
            acc += st_c[2] * yr[q0][k + 2];
            acc += st_c[3] * yr[qm][k + 1];
            acc += st_c[4] * yr[qp][k + 1];
            v = b[gq * st_nx + gp] - acc;
          }
          rr[q0][k] = v;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      /* coarse row J when r − 2 = 2J + o + 1 (its last fine row) */
      const IDX J = (r - 3 - o) / 2;
      if (r - 3 - o >= 0 && (r - 3 - o) % 2 == 0 && J >= jlo && J < jhi) {
        for (int kk = lid; kk < tw / 2 && ilo + kk < ihi; kk += LA_WG) {
          const IDX I = ilo + kk;
          REAL acc = 0;
          for (int dy = -1; dy <= 1; dy++) {
            REAL wy;
            const IDX fyi = mg_fine(J, dy, fy, &wy);
            const int s3 = (int)((2 * J + o + dy - y0 + 3) % 3);
            (void)fyi;
            for (int dx = -1; dx <= 1; dx++) {
              REAL wx;
              const IDX fxi = mg_fine(I, dx, fx, &wx);
              const REAL w = wx * wy;
              (void)fxi;
              /* fine column 2I + o + dx is at k = 2I + o + dx − (x0 − 1) */
              if (w != 0 && ((dx + dy) & 1) == 0) /* red points only (MG_RED) */
                acc += w * rr[s3][(int)(2 * I + o + dx - x0 + 1)];
            }
          }
          bc[J * cx + I] = acc;
        }
      }
    }
  }
}
#endif
