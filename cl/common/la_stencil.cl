/* la_stencil.cl — the row product of a constant-coefficient stencil on an
 * nx×ny(×nz) grid, unknown (ix, iy, iz) at (iz·ny + iy)·nx + ix. Options:
 * STENCIL_KIND 5 (2-D: centre, −x, +x, −y, +y), 9 (2-D: c[(dy+1)·3 + dx+1])
 * or 7 (3-D: centre, ±x, ±y, ±z); STENCIL_PERIODIC 0 (zeros beyond the
 * edges) or 1 (wrap around, once per offset). LA_STENCIL_PROLOGUE(meta, c)
 * loads the sizes (meta: longs nx, ny, nz) and the coefficients into private
 * variables once a kernel; LA_STENCIL_FOR(i, n, cond) is the loop over rows
 * (LA_FOR's, with the row's coordinates); inside it LA_STENCIL_ROW_ABS needs
 * the row index and XJ(j), an expression for the j-th element of the vector
 * multiplied (so that callers can form it on the fly), and sums |terms|
 * into absacc. A file may define, before including this one, LA_ST_C0 (the
 * centre coefficient of the row at (st_ix, st_iy, st_iz) of a 5- or 7-point
 * stencil; default st_c[0]) and LA_ST_X(XJ, j, dx, dy, dz) (the element of
 * the neighbour at offset (dx, dy, dz), index j; default XJ(j)): the
 * multigrid's coarse levels change the centre on their last rows. */
#ifndef GOLCL_LA_STENCIL_CL
#define GOLCL_LA_STENCIL_CL

#define LA_STENCIL_PROLOGUE(meta, coef)                                             \
  const IDX st_nx = (IDX)(meta)[0], st_ny = (IDX)(meta)[1], st_nz = (IDX)(meta)[2]; \
  REAL st_c[STENCIL_KIND];                                                          \
  for (int c_ = 0; c_ < STENCIL_KIND; c_++) st_c[c_] = (coef)[c_];                  \
  (void)st_nz;

#ifndef LA_ST_C0
#define LA_ST_C0 st_c[0]
#endif
#ifndef LA_ST_X
#define LA_ST_X(XJ, j, dx, dy, dz) XJ(j)
#endif

#if STENCIL_KIND == 9
#define LA_STENCIL_DIAG st_c[4]
#else
#define LA_STENCIL_DIAG LA_ST_C0
#endif

/* One neighbour term at offset (dx, dy, dz) of row i_ at (st_ix, st_iy, st_iz). */
#if STENCIL_PERIODIC
#define LA_ST_WRAP(v, d, n) \
  ((v) + (d) < 0 ? (v) + (d) + (n) : (v) + (d) >= (n) ? (v) + (d) - (n) : (v) + (d))
#define LA_ST_NB(acc, ab, c, dx, dy, dz, XJ)                                                       \
  {                                                                                                \
    const IDX j_ = (LA_ST_WRAP(st_iz, dz, st_nz) * st_ny + LA_ST_WRAP(st_iy, dy, st_ny)) * st_nx + \
                   LA_ST_WRAP(st_ix, dx, st_nx);                                                   \
    const REAL t_ = (c)*LA_ST_X(XJ, j_, dx, dy, dz);                                                                    \
    acc += t_;                                                                                     \
    ab += fabs(t_);                                                                                \
  }
#else
#define LA_ST_NB(acc, ab, c, dx, dy, dz, XJ)                                                    \
  if (st_ix + (dx) >= 0 && st_ix + (dx) < st_nx && st_iy + (dy) >= 0 && st_iy + (dy) < st_ny && \
      st_iz + (dz) >= 0 && st_iz + (dz) < st_nz) {                                              \
    const IDX j_ = i_ + (dx) + (IDX)(dy)*st_nx + (IDX)(dz)*st_nx * st_ny;                       \
    const REAL t_ = (c)*LA_ST_X(XJ, j_, dx, dy, dz);                                                                 \
    acc += t_;                                                                                  \
    ab += fabs(t_);                                                                             \
  }
#endif

/* LA_FOR over the rows with the coordinates (st_ix, st_iy, st_iz) of row i
 * kept up to date by additions and one carry an axis: a division per row
 * made the H200's stencil kernels compute-bound (63 % of the copy
 * bandwidth at 4096²). Needs LA_STENCIL_PROLOGUE before it. */
#if LA_CONTIGUOUS
#define LA_ST_RUN(n) (((n) + (IDX)get_global_size(0) - 1) / (IDX)get_global_size(0))
#define LA_ST_START(n) ((IDX)get_global_id(0) * LA_ST_RUN(n))
#define LA_ST_STEP(n) ((IDX)1)
#define LA_ST_END(n) min((IDX)(n), LA_ST_START(n) + LA_ST_RUN(n))
#else
#define LA_ST_START(n) ((IDX)get_global_id(0))
#define LA_ST_STEP(n) ((IDX)get_global_size(0))
#define LA_ST_END(n) ((IDX)(n))
#endif
#define LA_STENCIL_FOR(i, n, cond)                                                                \
  const IDX i##_step = LA_ST_STEP(n), i##_end = LA_ST_END(n), i##_t = i##_step / st_nx;           \
  const IDX i##_sx = i##_step - i##_t * st_nx, i##_sy = i##_t % st_ny, i##_sz = i##_t / st_ny;    \
  IDX i = LA_ST_START(n), st_ix, st_iy, st_iz;                                                    \
  {                                                                                               \
    const IDX t_ = i / st_nx;                                                                     \
    st_ix = i - t_ * st_nx;                                                                       \
    st_iy = t_ % st_ny;                                                                           \
    st_iz = t_ / st_ny;                                                                           \
  }                                                                                               \
  for (; (cond) && i < i##_end; i += i##_step, st_ix += i##_sx, st_iy += i##_sy, st_iz += i##_sz, \
                                st_ix >= st_nx ? (void)(st_ix -= st_nx, st_iy++) : (void)0,       \
                                st_iy >= st_ny ? (void)(st_iy -= st_ny, st_iz++) : (void)0)

#define LA_ST_COORDS(i) const IDX i_ = (i);
/* The centre term, coefficient c, of the row of cell i_. */
#define LA_ST_CENTRE(acc, ab, c, XJ) \
  {                                  \
    const REAL t0_ = (c) * LA_ST_X(XJ, i_, 0, 0, 0); \
    acc += t0_;                      \
    ab += fabs(t0_);                 \
  }
/* The centre and the 4 neighbours in the plane (5- and 7-point). */
#define LA_ST_PLUS(acc, ab, XJ)            \
  LA_ST_CENTRE(acc, ab, LA_ST_C0, XJ)      \
  LA_ST_NB(acc, ab, st_c[1], -1, 0, 0, XJ) \
  LA_ST_NB(acc, ab, st_c[2], 1, 0, 0, XJ)  \
  LA_ST_NB(acc, ab, st_c[3], 0, -1, 0, XJ) \
  LA_ST_NB(acc, ab, st_c[4], 0, 1, 0, XJ)
#if STENCIL_KIND == 7
#define LA_ST_TERMS(acc, ab, XJ)           \
  LA_ST_PLUS(acc, ab, XJ)                  \
  LA_ST_NB(acc, ab, st_c[5], 0, 0, -1, XJ) \
  LA_ST_NB(acc, ab, st_c[6], 0, 0, 1, XJ)
#elif STENCIL_KIND == 5
#define LA_ST_TERMS(acc, ab, XJ) LA_ST_PLUS(acc, ab, XJ)
#else
#define LA_ST_TERMS(acc, ab, XJ)            \
  LA_ST_NB(acc, ab, st_c[0], -1, -1, 0, XJ) \
  LA_ST_NB(acc, ab, st_c[1], 0, -1, 0, XJ)  \
  LA_ST_NB(acc, ab, st_c[2], 1, -1, 0, XJ)  \
  LA_ST_NB(acc, ab, st_c[3], -1, 0, 0, XJ)  \
  LA_ST_CENTRE(acc, ab, st_c[4], XJ)        \
  LA_ST_NB(acc, ab, st_c[5], 1, 0, 0, XJ)   \
  LA_ST_NB(acc, ab, st_c[6], -1, 1, 0, XJ)  \
  LA_ST_NB(acc, ab, st_c[7], 0, 1, 0, XJ)   \
  LA_ST_NB(acc, ab, st_c[8], 1, 1, 0, XJ)
#endif

#define LA_STENCIL_ROW_ABS(acc, ab, i, XJ) \
  {                                        \
    LA_ST_COORDS(i)                        \
    LA_ST_TERMS(acc, ab, XJ)               \
  }

/* ------------------------------------------------ 2-D 5-point tiles
 * With ST_VW (1, 2 or 4: a divisor of nx) and ST_RY defined, a work-item owns
 * a tile of ST_VW consecutive unknowns of a row and ST_RY rows below one
 * another: it loads each row of its tile once as one vector (vloadN), keeps
 * the rows above and below in registers as it walks down (one new row a
 * step), and takes the two unknowns left and right of its vector as scalars
 * (their cache lines are its neighbours' vectors). Item t of a 1-D range
 * gets column block t mod (nx/ST_VW) and row block t div (nx/ST_VW), so a
 * group covers a run of one row band and neighbouring items touch
 * neighbouring memory; an item takes tiles t, t + its range's size, ... (a
 * grid-stride loop over the tiles, so that the number of groups stays
 * what the caller's reductions want), and one past the last does nothing
 * (and still reaches every barrier of the caller). The product is formed as
 * c0·x + c1·x₋ₓ + c2·x₊ₓ + c3·x₋ᵧ + c4·x₊ᵧ with explicit fma from the centre
 * term, so that the same tile formed in two kernels gives the same bits.
 * LA_ST5_TILE(XV, XS, BODY): XV(j) is the vector of ST_VW elements of the
 * multiplied vector from element j, XS(j) one element (both may form the
 * vector on the fly); BODY(j, av, xv) runs for each row of the tile with j
 * the index of its first element, av = (A·x)[j .. j+ST_VW) and xv the
 * multiplied vector there. Needs LA_STENCIL_PROLOGUE; STENCIL_KIND 5 only. */
#ifdef ST_VW
#if ST_VW == 1
#define ST_V REAL
#define ST_VLOAD(p, j) ((p)[j])
#define ST_VSTORE(v, p, j) ((p)[j] = (v))
#define ST_SHL(v, l) (l)
#define ST_SHR(v, r) (r)
#define ST_VSUM(v) (v)
#elif ST_VW == 2
#define ST_V GOLCL_CAT(REAL, 2)
#define ST_VLOAD(p, j) vload2(0, (p) + (j))
#define ST_VSTORE(v, p, j) vstore2((v), 0, (p) + (j))
#define ST_SHL(v, l) ((ST_V)((l), (v).s0))
#define ST_SHR(v, r) ((ST_V)((v).s1, (r)))
#define ST_VSUM(v) ((v).s0 + (v).s1)
#elif ST_VW == 4
#define ST_V GOLCL_CAT(REAL, 4)
#define ST_VLOAD(p, j) vload4(0, (p) + (j))
#define ST_VSTORE(v, p, j) vstore4((v), 0, (p) + (j))
#define ST_SHL(v, l) ((ST_V)((l), (v).s012))
#define ST_SHR(v, r) ((ST_V)((v).s123, (r)))
#define ST_VSUM(v) (((v).s0 + (v).s1) + ((v).s2 + (v).s3))
#else
#error "ST_VW must be 1, 2 or 4"
#endif
#define ST_VS(v) ((ST_V)(v))

/* The vector of row yy at column x0 (zero or wrapped beyond the edges), and
 * the elements left and right of the vector at j (column x0). */
#if STENCIL_PERIODIC
#define LA_ST5_ROWV(yy, x0, XV) XV(LA_ST_WRAP(yy, 0, st_ny) * st_nx + (x0))
#define LA_ST5_LEFT(j, x0, XS) XS((x0) > 0 ? (j)-1 : (j) + st_nx - 1)
#define LA_ST5_RIGHT(j, x0, XS) XS((x0) + ST_VW < st_nx ? (j) + ST_VW : (j) + ST_VW - st_nx)
#else
#define LA_ST5_ROWV(yy, x0, XV) ((yy) >= 0 && (yy) < st_ny ? XV((yy)*st_nx + (x0)) : ST_VS(0))
#define LA_ST5_LEFT(j, x0, XS) ((x0) > 0 ? XS((j)-1) : (REAL)0)
#define LA_ST5_RIGHT(j, x0, XS) ((x0) + ST_VW < st_nx ? XS((j) + ST_VW) : (REAL)0)
#endif

#define LA_ST5_TILE(XV, XS, BODY)                                                    \
  {                                                                                  \
    const IDX ncb_ = st_nx / ST_VW, nt_ = ncb_ * ((st_ny + ST_RY - 1) / ST_RY);       \
    for (IDX t_ = (IDX)get_global_id(0); t_ < nt_; t_ += (IDX)get_global_size(0)) {  \
      const IDX rb_ = t_ / ncb_, x0_ = (t_ - rb_ * ncb_) * ST_VW, y0_ = rb_ * ST_RY; \
      const IDX y1_ = min(y0_ + (IDX)ST_RY, st_ny);                                  \
      ST_V up_ = LA_ST5_ROWV(y0_ - 1, x0_, XV), cur_ = XV(y0_ * st_nx + x0_);        \
      for (IDX y_ = y0_; y_ < y1_; y_++) {                                           \
        const IDX j_ = y_ * st_nx + x0_;                                             \
        const ST_V dn_ = LA_ST5_ROWV(y_ + 1, x0_, XV);                               \
        const REAL l_ = LA_ST5_LEFT(j_, x0_, XS), r_ = LA_ST5_RIGHT(j_, x0_, XS);    \
        ST_V av_ = ST_VS(st_c[0]) * cur_;                                            \
        av_ = fma(ST_VS(st_c[1]), ST_SHL(cur_, l_), av_);                            \
        av_ = fma(ST_VS(st_c[2]), ST_SHR(cur_, r_), av_);                            \
        av_ = fma(ST_VS(st_c[3]), up_, av_);                                         \
        av_ = fma(ST_VS(st_c[4]), dn_, av_);                                         \
        BODY(j_, av_, cur_)                                                          \
        up_ = cur_;                                                                  \
        cur_ = dn_;                                                                  \
      }                                                                              \
    }                                                                                \
  }
#endif /* ST_VW */

#endif
