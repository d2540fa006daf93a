/* la_band.cl — the row product of a band matrix stored by diagonals:
 * vals[d*n + i] = A[i][i + offs[d]] for the NDIAG diagonals (-DNDIAG=k), zero
 * where the column is outside; offs holds longs. XJ(j) is an expression for the j-th element
 * of the vector multiplied, so that callers can form it on the fly. Offsets
 * are read from a small buffer that every row shares (cached). */
#ifndef GOLCL_LA_BAND_CL
#define GOLCL_LA_BAND_CL

#ifndef LA_BAND_WRAP
#define LA_BAND_WRAP 0
#endif

/* The column of row i on the diagonal at offset o (|o| < n): i + o, or with
 * LA_BAND_WRAP (i + o) mod n; inside 0..n-1 or the entry is skipped. */
#if LA_BAND_WRAP
#define LA_BAND_COL(i, o, n) \
  ((i) + (o) < 0 ? (i) + (o) + (n) : (i) + (o) >= (n) ? (i) + (o) - (n) : (i) + (o))
#else
#define LA_BAND_COL(i, o, n) ((i) + (o))
#endif

#define LA_BAND_ROW(acc, i, n, offs, vals, XJ)                          \
  for (int d_ = 0; d_ < NDIAG; d_++) {                                  \
    const IDX j_ = LA_BAND_COL(i, (IDX)offs[d_], n);                    \
    if (j_ >= 0 && j_ < (n)) acc += vals[(IDX)d_ * (n) + (i)] * XJ(j_); \
  }

/* The same, also summing |A[i][j]·x_j| into absacc. */
#define LA_BAND_ROW_ABS(acc, absacc, i, n, offs, vals, XJ) \
  for (int d_ = 0; d_ < NDIAG; d_++) {                     \
    const IDX j_ = LA_BAND_COL(i, (IDX)offs[d_], n);       \
    if (j_ >= 0 && j_ < (n)) {                             \
      const REAL t_ = vals[(IDX)d_ * (n) + (i)] * XJ(j_);  \
      acc += t_;                                           \
      absacc += fabs(t_);                                  \
    }                                                      \
  }

#endif
