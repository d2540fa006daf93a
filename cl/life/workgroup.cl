/* workgroup.cl — a probe with the shape of the byte-layout Life kernels (byte
 * loads, byte store), built once per context so that the launchers can ask
 * the runtime for its preferred work-group multiple (the warp or wavefront
 * width on GPUs) and the largest group such a kernel can have. Never run. */
__kernel void golcl_probe(__global const uchar *in, __global uchar *out, int n) {
  int i = (int)get_global_id(0);
  if (i < n) out[i] = (uchar)(in[i] + in[(i + 1) % n]);
}
