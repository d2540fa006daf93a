/* mg.cl — the kernels of the geometric multigrid V-cycle (lib/la/mg.c) for
 * 5-point (2-D) and 7-point (3-D) stencils (common/la_stencil.cl):
 * red-black Gauss–Seidel half-sweeps, the residual, full-weighting
 * restriction and bi-/trilinear prolongation. Points of one colour never
 * read each other, so a half-sweep gives the same bits in any order.
 * Dirichlet grids are vertex-centred: coarse point I sits on fine point
 * 2I + 1, and what lies outside either grid is zero. Periodic grids (even
 * sizes): coarse I on fine 2I, indices wrap. meta: longs nx, ny, nz. */
#include "common/la_real.cl"
#include "common/la_stencil.cl"

#define MG_X(j) x[j]

/* Points with (ix + iy + iz) % 2 == color: x += (b − A·x) / centre. */
LA_KERNEL void mg_smooth(IDX n, __global const long *meta, __global const REAL *coef,
                         __global const REAL *b, __global REAL *x, int color) {
  LA_STENCIL_PROLOGUE(meta, coef)
  LA_STENCIL_FOR(i, n, 1) {
    if ((int)((st_ix + st_iy + st_iz) & 1) != color) continue;
    REAL acc = 0, ab = 0;
    LA_STENCIL_ROW_ABS(acc, ab, i, MG_X)
    x[i] += (b[i] - acc) / LA_STENCIL_DIAG;
  }
}

/* r = b − A·x. */
LA_KERNEL void mg_residual(IDX n, __global const long *meta, __global const REAL *coef,
                           __global const REAL *b, __global const REAL *x, __global REAL *r) {
  LA_STENCIL_PROLOGUE(meta, coef)
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

/* bc = full weighting of rf: coarse (I, J, K) gets Σ w·w·w · rf over the
 * 3×3(×3) fine points around it (weights 1/2 centre, 1/4 sides, per axis). */
LA_KERNEL void mg_restrict(IDX nc, __global const long *mc, __global const long *mf,
                           __global const REAL *rf, __global REAL *bc) {
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], fx = (IDX)mf[0], fy = (IDX)mf[1], fz = (IDX)mf[2];
#if STENCIL_KIND == 7
  const int dz0 = -1, dz1 = 1;
#else
  const int dz0 = 0, dz1 = 0;
#endif
  LA_FOR(i, nc, 1) {
    const IDX t = i / cx, I = i - t * cx, J = t % cy, K = t / cy;
    REAL acc = 0;
    for (int dz = dz0; dz <= dz1; dz++) {
      REAL wz = 1;
#if STENCIL_KIND == 7
      const IDX z = mg_fine(K, dz, fz, &wz);
#else
      const IDX z = 0;
      (void)K;
      (void)fz;
#endif
      for (int dy = -1; dy <= 1; dy++) {
        REAL wy;
        const IDX y = mg_fine(J, dy, fy, &wy);
        for (int dx = -1; dx <= 1; dx++) {
          REAL wx;
          const IDX xx = mg_fine(I, dx, fx, &wx);
          const REAL w = wx * wy * wz;
          if (w != 0) acc += w * rf[(z * fy + y) * fx + xx];
        }
      }
    }
    bc[i] = acc;
  }
}

/* The coarse neighbours of fine point f on an axis of nc coarse points: k
 * (1 or 2) indices into c[] and weights into w[]. */
inline int mg_coarse(IDX f, IDX nc, IDX *c, REAL *w) {
#if STENCIL_PERIODIC
  if ((f & 1) == 0) {
    c[0] = f / 2;
    w[0] = 1;
    return 1;
  }
  c[0] = (f - 1) / 2;
  c[1] = (f + 1) / 2 == nc ? 0 : (f + 1) / 2;
  w[0] = w[1] = (REAL)0.5;
  return 2;
#else
  if (f & 1) {
    const IDX k = (f - 1) / 2;
    c[0] = k < nc ? k : 0;
    w[0] = k < nc ? (REAL)1 : (REAL)0;
    return 1;
  }
  const IDX lo = f / 2 - 1, hi = f / 2;
  c[0] = lo >= 0 ? lo : 0;
  w[0] = lo >= 0 ? (REAL)0.5 : (REAL)0;
  c[1] = hi < nc ? hi : 0;
  w[1] = hi < nc ? (REAL)0.5 : (REAL)0;
  return 2;
#endif
}

/* (P·xc) at fine point (ix, iy, iz): bi-/trilinear interpolation of the
 * coarse correction (cx × cy × cz coarse points). */
inline REAL mg_prolong_at(IDX ix, IDX iy, IDX iz, IDX cx, IDX cy, IDX cz,
                          __global const REAL *xc) {
  {
    IDX ci[2], cj[2], ck[2] = {0, 0};
    REAL wi[2], wj[2], wk[2] = {1, 0};
    const int ni = mg_coarse(ix, cx, ci, wi), nj = mg_coarse(iy, cy, cj, wj);
#if STENCIL_KIND == 7
    const int nk = mg_coarse(iz, cz, ck, wk);
#else
    const int nk = 1;
    (void)iz;
    (void)cz;
#endif
    REAL acc = 0;
    for (int c = 0; c < nk; c++)
      for (int b = 0; b < nj; b++)
        for (int a = 0; a < ni; a++) {
          const REAL w = wi[a] * wj[b] * wk[c];
          if (w != 0) acc += w * xc[(ck[c] * cy + cj[b]) * cx + ci[a]];
        }
    return acc;
  }
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
 * itself is read by neighbours, so the result goes elsewhere); mg_post2
 * smooths red from y into x. Each forms the values of the sweeps it
 * replaces by the same expressions (the same bits, contraction aside). */

/* x from zero after (red, black): red points b/c, black ones
 * (b − Σ neighbours' c·b/c) / c. */
#define MG_PRE_X(j) ((j) == i_ ? (REAL)0 : b[j] / LA_STENCIL_DIAG)
LA_KERNEL void mg_pre(IDX n, __global const long *meta, __global const REAL *coef,
                      __global const REAL *b, __global REAL *x) {
  LA_STENCIL_PROLOGUE(meta, coef)
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

/* bc = full weighting of the fine residual b − A·x (fine sizes and
 * coefficients: mf, coef), each fine residual formed where it is needed. */
LA_KERNEL void mg_resrestrict(IDX nc, __global const long *mc, __global const long *mf,
                              __global const REAL *coef, __global const REAL *b,
                              __global const REAL *x, __global REAL *bc) {
  LA_STENCIL_PROLOGUE(mf, coef)
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], fx = st_nx, fy = st_ny, fz = st_nz;
#if STENCIL_KIND == 7
  const int dz0 = -1, dz1 = 1;
#else
  const int dz0 = 0, dz1 = 0;
#endif
  LA_FOR(i, nc, 1) {
    const IDX t = i / cx, I = i - t * cx, J = t % cy, K = t / cy;
    REAL acc = 0;
    for (int dz = dz0; dz <= dz1; dz++) {
      REAL wz = 1;
#if STENCIL_KIND == 7
      const IDX z = mg_fine(K, dz, fz, &wz);
#else
      const IDX z = 0;
      (void)K;
      (void)fz;
#endif
      for (int dy = -1; dy <= 1; dy++) {
        REAL wy;
        const IDX y = mg_fine(J, dy, fy, &wy);
        for (int dx = -1; dx <= 1; dx++) {
          REAL wx;
          const IDX xx = mg_fine(I, dx, fx, &wx);
          const REAL w = wx * wy * wz;
          if (w != 0) {
            const IDX st_ix = xx, st_iy = y, st_iz = z, f = (z * fy + y) * fx + xx;
            REAL ax = 0, ab = 0;
            LA_STENCIL_ROW_ABS(ax, ab, f, MG_X)
            (void)st_iz;
            acc += w * (b[f] - ax);
          }
        }
      }
    }
    bc[i] = acc;
  }
}

/* x + P·xc at fine index j (its coordinates taken apart). */
#define MG_X1(j) (x[j] + mg_prolong_j((j), st_nx, st_ny, cx, cy, cz, xc))
inline REAL mg_prolong_j(IDX j, IDX fx, IDX fy, IDX cx, IDX cy, IDX cz, __global const REAL *xc) {
  const IDX t = j / fx;
  return mg_prolong_at(j - t * fx, t % fy, t / fy, cx, cy, cz, xc);
}

/* y = x + P·xc, then black points y += (b − A·y) / c. */
LA_KERNEL void mg_post1(IDX n, __global const long *meta, __global const long *mc,
                        __global const REAL *coef, __global const REAL *b, __global const REAL *xc,
                        __global const REAL *x, __global REAL *y) {
  LA_STENCIL_PROLOGUE(meta, coef)
  const IDX cx = (IDX)mc[0], cy = (IDX)mc[1], cz = (IDX)mc[2];
  LA_STENCIL_FOR(i, n, 1) {
    REAL v = x[i] + mg_prolong_at(st_ix, st_iy, st_iz, cx, cy, cz, xc);
    if ((int)((st_ix + st_iy + st_iz) & 1)) {
      REAL acc = 0, ab = 0;
      LA_STENCIL_ROW_ABS(acc, ab, i, MG_X1)
      v += (b[i] - acc) / LA_STENCIL_DIAG;
    }
    y[i] = v;
  }
}

/* x = y, then red points x += (b − A·y) / c. */
#define MG_Y(j) y[j]
LA_KERNEL void mg_post2(IDX n, __global const long *meta, __global const REAL *coef,
                        __global const REAL *b, __global const REAL *y, __global REAL *x) {
  LA_STENCIL_PROLOGUE(meta, coef)
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

/* The last level in one work-group: x = 0, then `pairs` (red, black)
 * half-sweep pairs and as many (black, red), a barrier between half-sweeps
 * (points of one colour never read each other). Launch one group. */
LA_KERNEL void mg_bottom(IDX n, __global const long *meta, __global const REAL *coef,
                         __global const REAL *b, __global REAL *x, int pairs) {
  LA_STENCIL_PROLOGUE(meta, coef)
  const IDX l = (IDX)get_local_id(0);
  for (IDX i = l; i < n; i += LA_WG) x[i] = 0;
  barrier(CLK_GLOBAL_MEM_FENCE);
  for (int k = 0; k < 4 * pairs; k++) {
    const int color = (k < 2 * pairs ? k : k + 1) & 1;
    for (IDX i = l; i < n; i += LA_WG) {
      const IDX t = i / st_nx, st_ix = i - t * st_nx, st_iy = t % st_ny, st_iz = t / st_ny;
      if ((int)((st_ix + st_iy + st_iz) & 1) != color) continue;
      REAL acc = 0, ab = 0;
      LA_STENCIL_ROW_ABS(acc, ab, i, MG_X)
      x[i] += (b[i] - acc) / LA_STENCIL_DIAG;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
