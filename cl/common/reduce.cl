/* reduce.cl — the one work-group reduction tree. GOLCL_DEFINE_GROUP_REDUCE
 * defines `T name(T v, __local T *s, int wg)`: the COMBINE of the values of
 * all wg work-items of a 1-D group (wg a power of two, the group's size),
 * given to every work-item. s holds wg elements of local memory and may be
 * reused after the call. The tree pairs item l with l + h for h = wg/2, wg/4,
 * ..., 1: a fixed order, so that a floating-point sum gives the same bits
 * every time on one device. */
#ifndef GOLCL_REDUCE_CL
#define GOLCL_REDUCE_CL

#define GOLCL_RED_ADD(a, b) ((a) + (b))
#define GOLCL_RED_MIN(a, b) (min((a), (b)))
#define GOLCL_RED_MAX(a, b) (max((a), (b)))
#define GOLCL_RED_OR(a, b) ((a) | (b))

#define GOLCL_DEFINE_GROUP_REDUCE(name, T, COMBINE)    \
  inline T name(T v, __local T *s, const int wg) {     \
    const int l = (int)get_local_id(0);                \
    s[l] = v;                                          \
    barrier(CLK_LOCAL_MEM_FENCE);                      \
    for (int h = wg / 2; h > 0; h >>= 1) {             \
      if (l < h) s[l] = COMBINE(s[l], s[l + h]);       \
      barrier(CLK_LOCAL_MEM_FENCE);                    \
    }                                                  \
    const T r = s[0];                                  \
    barrier(CLK_LOCAL_MEM_FENCE);                      \
    return r;                                          \
  }

#endif
