/* fill.cl — clEnqueueFillBuffer as a kernel, for the fills NVIDIA's OpenCL does not do: on an
 * H100 (2026-11-26) one fill of 2153779200 bytes never returned, and fills that reach past byte
 * 2^31 of a buffer fail the queue (CL_INVALID_COMMAND_QUEUE), in one piece or in pieces.
 * Element i of the range (FILL_T, the pattern's type: 1 to 128 bytes) gets the pattern; indices
 * are 64-bit; work-items stride over the range. */
__kernel void core_fill(__global FILL_T *buf, ulong first, ulong count, FILL_T value) {
  for (ulong i = get_global_id(0); i < count; i += get_global_size(0)) buf[first + i] = value;
}
