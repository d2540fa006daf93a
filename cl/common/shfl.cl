/* shfl.cl — the words of the lanes beside in a warp (NVIDIA, shfl.sync;
 * every lane of the warp must call it): lane 0's west and lane 31's east
 * are their own word. For GPUs whose OpenCL takes PTX. */
#ifndef GOLCL_SHFL_CL
#define GOLCL_SHFL_CL

/* The word of lane l-1 (pw) and of lane l+1 (pe). */
inline void golcl_shfl_beside(uint x, uint *pw, uint *pe) {
  uint a, b;
  asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(a) : "r"(x));
  asm volatile("shfl.sync.down.b32 %0, %1, 1, 31, 0xffffffff;" : "=r"(b) : "r"(x));
  *pw = a, *pe = b;
}

#endif
