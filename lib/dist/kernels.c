/* kernels.c — the kernels of cl/dist/, embedded at build time (tools/embed_cl under other
 * symbol names) and built once per distributed context through the public OpenCL handles of
 * its golcl_context. */
#include "dist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *path;
  const char *source;
} embedded_file;
extern const embedded_file golcl__dist_embedded_files[];

static const char *source_of(const char *path) {
  for (const embedded_file *f = golcl__dist_embedded_files; f->path; f++)
    if (strcmp(f->path, path) == 0) return f->source;
  return NULL;
}

/* "-cl-std=CL1.2 " where the device compiles OpenCL C 1.2 or later, as the
 * core library builds its own kernels (lib/core/context.c); else "". */
static const char *std_option(cl_device_id dev) {
  char v[64] = "";
  unsigned major = 0, minor = 0;
  if (clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_VERSION, sizeof v - 1, v, NULL) != CL_SUCCESS ||
      sscanf(v, "OpenCL C %u.%u", &major, &minor) != 2)
    return "";
  return major > 1 || (major == 1 && minor >= 2) ? "-cl-std=CL1.2 " : "";
}

/* The files of d->program, in order; a kernel is in exchange.cl when its name starts with
 * "frame_". */
static const char *const files[2] = {"dist/grid.cl", "dist/exchange.cl"};

static golcl_status build(golcl_dist_context *d, int f) {
  cl_context clctx = golcl_context_cl_context(d->ctx);
  cl_device_id dev = golcl_context_cl_device(d->ctx);
  const char *src = source_of(files[f]);
  if (!src) return golcl__dist_fail(d, GOLCL_E_BUILD, "%s is not embedded", files[f]);
  cl_int err;
  cl_program p = clCreateProgramWithSource(clctx, 1, &src, NULL, &err);
  if (err != CL_SUCCESS)
    return golcl__dist_fail(d,
                            err == CL_OUT_OF_HOST_MEMORY ? GOLCL_E_OUT_OF_MEMORY : GOLCL_E_OPENCL,
                            "clCreateProgramWithSource: %d", (int)err);
  const char *env = getenv("GOLCL_BUILD_OPTIONS"), *std = std_option(dev);
  size_t n = strlen(std) + (env ? strlen(env) : 0) + 1;
  char *options = malloc(n);
  if (!options) {
    clReleaseProgram(p);
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  snprintf(options, n, "%s%s", std, env ? env : "");
  err = clBuildProgram(p, 1, &dev, options, NULL, NULL);
  free(options);
  if (err != CL_SUCCESS) {
    char log[768] = "";
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    clReleaseProgram(p);
    return golcl__dist_fail(d, GOLCL_E_BUILD, "building %s (%d): %s", files[f], (int)err, log);
  }
  d->program[f] = p;
  return GOLCL_OK;
}

golcl_status golcl__dist_kernel(golcl_dist_context *d, const char *name, cl_kernel *out) {
  *out = NULL;
  int f = strncmp(name, "frame_", 6) == 0;
  if (!d->program[f]) {
    golcl_status s = build(d, f);
    if (s != GOLCL_OK) return s;
  }
  cl_int err;
  *out = clCreateKernel(d->program[f], name, &err);
  if (err != CL_SUCCESS)
    return golcl__dist_fail(d, GOLCL_E_OPENCL, "clCreateKernel(%s): %d", name, (int)err);
  return GOLCL_OK;
}

golcl_status golcl__dist_arg(golcl_dist_context *d, cl_kernel k, cl_uint i, size_t size,
                             const void *value) {
  cl_int err = clSetKernelArg(k, i, size, value);
  if (err != CL_SUCCESS)
    return golcl__dist_fail(d, GOLCL_E_OPENCL, "clSetKernelArg(%u): %d", (unsigned)i, (int)err);
  return GOLCL_OK;
}

golcl_status golcl__dist_launch(golcl_dist_context *d, cl_kernel k, cl_uint dims,
                                const size_t *global) {
  return golcl__dist_launch_on(d, NULL, k, dims, global, NULL);
}

golcl_status golcl__dist_launch_on(golcl_dist_context *d, cl_command_queue q, cl_kernel k,
                                   cl_uint dims, const size_t *global, const size_t *local) {
  cl_int err = clEnqueueNDRangeKernel(q ? q : golcl_context_cl_queue(d->ctx), k, dims, NULL, global,
                                      local, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    return golcl__dist_fail(d,
                            err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES
                                ? GOLCL_E_OUT_OF_MEMORY
                                : GOLCL_E_OPENCL,
                            "clEnqueueNDRangeKernel: %d", (int)err);
  return GOLCL_OK;
}

golcl_status golcl__dist_pinned(golcl_dist_context *d, size_t bytes, cl_mem *mem, void **ptr) {
  *mem = NULL;
  *ptr = NULL;
  cl_int err;
  cl_mem m =
      clCreateBuffer(golcl_context_cl_context(d->ctx), CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                     bytes ? bytes : 1, NULL, &err);
  if (err != CL_SUCCESS)
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "clCreateBuffer (pinned, %zu bytes): %d",
                            bytes, (int)err);
  void *p =
      clEnqueueMapBuffer(golcl_context_cl_queue(d->ctx), m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                         bytes ? bytes : 1, 0, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    clReleaseMemObject(m);
    return golcl__dist_fail(d, GOLCL_E_OUT_OF_MEMORY, "clEnqueueMapBuffer (pinned): %d", (int)err);
  }
  *mem = m;
  *ptr = p;
  return GOLCL_OK;
}

void golcl__dist_pinned_free(golcl_dist_context *d, cl_mem mem, void *ptr) {
  if (!mem) return;
  cl_command_queue q = golcl_context_cl_queue(d->ctx);
  clFinish(q); /* no transfer from or to it is left */
  clEnqueueUnmapMemObject(q, mem, ptr, 0, NULL, NULL);
  clFinish(q);
  clReleaseMemObject(mem);
}
