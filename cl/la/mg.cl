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

/* xf += P·xc: bi-/trilinear interpolation of the coarse correction. */
LA_KERNEL void mg_prolong(IDX nf, __global const long *mf, __global const long *mc,
                          __global const REAL *xc, __global REAL *xf) {
  const IDX fx = (IDX)mf[0], fy = (IDX)mf[1], cx = (IDX)mc[0], cy = (IDX)mc[1], cz = (IDX)mc[2];
  LA_FOR(i, nf, 1) {
    const IDX t = i / fx, ix = i - t * fx, iy = t % fy, iz = t / fy;
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
    xf[i] += acc;
  }
}
