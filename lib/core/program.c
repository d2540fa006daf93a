/* program.c — the per-context program and kernel cache (over the on-disk one of
 * diskcache.c), buffers and launches. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

typedef struct golcl__embedded_file {
  const char *path;
  const char *source;
} golcl__embedded_file;

/* Generated at build time from cl/ by tools/embed_cl.c (build/gen/kernels.c). */
extern const golcl__embedded_file golcl__embedded_files[];
extern const size_t golcl__embedded_count;

const char *golcl__embedded_source(const char *file) {
  for (size_t i = 0; i < golcl__embedded_count; i++)
    if (strcmp(golcl__embedded_files[i].path, file) == 0) return golcl__embedded_files[i].source;
  return NULL;
}

static char *dupstr(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

static golcl_status build_failed(golcl_context *ctx, cl_program prog, const char *file,
                                 const char *options, cl_int err) {
  size_t n = 0;
  char *log = NULL;
  if (clGetProgramBuildInfo(prog, ctx->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) == CL_SUCCESS &&
      n > 0 && (log = malloc(n + 1)) != NULL) {
    if (clGetProgramBuildInfo(prog, ctx->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) != CL_SUCCESS)
      n = 0;
    log[n] = '\0';
  }
  golcl_status s = golcl__fail(ctx, GOLCL_E_BUILD, "building %s with \"%s\" failed: %s (%d)\n%s",
                               file, options, golcl__cl_errname(err), (int)err, log ? log : "");
  free(log);
  return s;
}

static golcl_status build_from_source(golcl_context *ctx, const char *file, const char *src,
                                      const char *options, cl_program *out) {
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx->clctx, 1, &src, NULL, &err);
  if (err != CL_SUCCESS) return golcl__cl_fail(ctx, err, "clCreateProgramWithSource");
  err = clBuildProgram(prog, 1, &ctx->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    golcl_status s = build_failed(ctx, prog, file, options, err);
    clReleaseProgram(prog);
    return s;
  }
  *out = prog;
  return GOLCL_OK;
}

/* From the context's list, else from the disk cache, else from source (and
 * then into the disk cache). */
golcl_status golcl__program(golcl_context *ctx, const char *file, const char *options,
                            golcl__program_entry **out) {
  golcl_context *pc = ctx->programs_of ? ctx->programs_of : ctx; /* whose list (errors: ctx's) */
  if (!options) options = "";
  size_t n = strlen(options) + strlen(pc->build_options) + 2;
  char *full = malloc(n);
  if (!full) return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  snprintf(full, n, "%s %s", options, pc->build_options);
  for (golcl__program_entry *e = pc->programs; e; e = e->next)
    if (strcmp(e->file, file) == 0 && strcmp(e->options, full) == 0) {
      free(full);
      *out = e;
      return GOLCL_OK;
    }
  const char *src = golcl__embedded_source(file);
  if (!src) {
    free(full);
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "no embedded kernel file %s", file);
  }
  cl_program prog = golcl__diskcache_load(pc, file, src, full);
  if (!prog) {
    golcl_status s = build_from_source(pc, file, src, full, &prog);
    if (s != GOLCL_OK) {
      if (pc != ctx) golcl__fail(ctx, s, "%s", pc->errmsg);
      free(full);
      return s;
    }
    golcl__diskcache_store(pc, file, src, full, prog);
  }
  golcl__program_entry *e = calloc(1, sizeof *e);
  if (!e || !(e->file = dupstr(file))) {
    if (e) free(e);
    clReleaseProgram(prog);
    free(full);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  e->options = full;
  e->program = prog;
  e->next = pc->programs;
  pc->programs = e;
  *out = e;
  return GOLCL_OK;
}

golcl_status golcl__kernel(golcl_context *ctx, const char *file, const char *options,
                           const char *name, cl_kernel *out) {
  golcl__program_entry *p;
  golcl_status s = golcl__program(ctx, file, options, &p);
  if (s != GOLCL_OK) return s;
  for (golcl__kernel_entry *k = p->kernels; k; k = k->next)
    if (strcmp(k->name, name) == 0) {
      *out = k->kernel;
      return GOLCL_OK;
    }
  cl_int err;
  cl_kernel kern = clCreateKernel(p->program, name, &err);
  if (err != CL_SUCCESS) {
    golcl__cl_fail(ctx, err, "clCreateKernel");
    return golcl__fail(ctx, GOLCL_E_OPENCL, "clCreateKernel(%s, \"%s\") failed: %s (%d)", file,
                       name, golcl__cl_errname(err), (int)err);
  }
  golcl__kernel_entry *k = calloc(1, sizeof *k);
  if (!k || !(k->name = dupstr(name))) {
    free(k);
    clReleaseKernel(kern);
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  k->kernel = kern;
  k->next = p->kernels;
  p->kernels = k;
  *out = kern;
  return GOLCL_OK;
}

void golcl__program_cache_free(golcl_context *ctx) {
  golcl__program_entry *p = ctx->programs;
  while (p) {
    golcl__program_entry *pn = p->next;
    golcl__kernel_entry *k = p->kernels;
    while (k) {
      golcl__kernel_entry *kn = k->next;
      clReleaseKernel(k->kernel);
      free(k->name);
      free(k);
      k = kn;
    }
    clReleaseProgram(p->program);
    free(p->file);
    free(p->options);
    free(p);
    p = pn;
  }
  ctx->programs = NULL;
}

golcl_status golcl__buffer(golcl_context *ctx, size_t bytes, cl_mem_flags flags, cl_mem *out) {
  *out = NULL;
  if (bytes == 0) return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "buffer of 0 bytes");
  if ((uint64_t)bytes > ctx->info.max_alloc_bytes)
    return golcl__fail(ctx, GOLCL_E_OUT_OF_MEMORY,
                       "a buffer of %zu bytes is larger than the device allows in one "
                       "allocation (%llu bytes)",
                       bytes, (unsigned long long)ctx->info.max_alloc_bytes);
  cl_int err;
  cl_mem m = clCreateBuffer(ctx->clctx, flags, bytes, NULL, &err);
  if (err != CL_SUCCESS) return golcl__cl_fail(ctx, err, "clCreateBuffer");
  *out = m;
  return GOLCL_OK;
}

golcl_status golcl__buffer_copy(golcl_context *ctx, size_t bytes, cl_mem_flags flags,
                                const void *host, cl_mem *out) {
  golcl_status s = golcl__buffer(ctx, bytes, flags, out);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(
        ctx, clEnqueueWriteBuffer(ctx->queue, *out, CL_TRUE, 0, bytes, host, 0, NULL, NULL),
        "clEnqueueWriteBuffer");
  if (s != GOLCL_OK && *out) {
    clReleaseMemObject(*out);
    *out = NULL;
  }
  return s;
}

golcl_status golcl__args(golcl_context *ctx, cl_kernel k, ...) {
  va_list ap;
  va_start(ap, k);
  cl_uint i = 0;
  for (;;) {
    size_t size = va_arg(ap, size_t);
    if (size == 0) break;
    const void *p = va_arg(ap, const void *);
    cl_int err = clSetKernelArg(k, i, size, p);
    if (err != CL_SUCCESS) {
      va_end(ap);
      return golcl__fail(ctx, GOLCL_E_OPENCL, "clSetKernelArg(%u) failed: %s (%d)", (unsigned)i,
                         golcl__cl_errname(err), (int)err);
    }
    i++;
  }
  va_end(ap);
  return GOLCL_OK;
}

golcl_status golcl__launch(golcl_context *ctx, cl_kernel k, cl_uint dims, const size_t *global,
                           const size_t *local) {
  cl_int err = clEnqueueNDRangeKernel(ctx->queue, k, dims, NULL, global, local, 0, NULL, NULL);
  return golcl__cl_fail(ctx, err, "clEnqueueNDRangeKernel");
}

golcl_status golcl__launch_cover(golcl_context *ctx, cl_kernel k, cl_uint dims,
                                 const size_t *extent) {
  size_t local[2] = {dims == 1 ? GOLCL__COVER_W * GOLCL__COVER_H : GOLCL__COVER_W, GOLCL__COVER_H};
  size_t global[2];
  for (cl_uint d = 0; d < dims; d++) {
    if (extent[d] == 0) return GOLCL_OK; /* nothing to cover */
    global[d] = golcl__round_up(extent[d], local[d]);
  }
  return golcl__launch(ctx, k, dims, global, local);
}

/* The fill by cl/core/fill.cl: the pattern widened to 16 bytes where offset and length allow
 * (wider stores), one element of FILL_T a work-item and stride. */
static golcl_status fill_kernel(golcl_context *ctx, cl_mem buf, const void *pattern, size_t psize,
                                size_t offset, size_t bytes) {
  unsigned char pat[128];
  memcpy(pat, pattern, psize);
  while (psize < 16 && offset % (2 * psize) == 0 && bytes % (2 * psize) == 0) {
    memcpy(pat + psize, pat, psize);
    psize *= 2;
  }
  static const char *const types[] = {"uchar", "ushort", "uint", "ulong", "ulong2", "ulong4",
                                      "ulong8", "ulong16"};
  unsigned t = 0;
  while (((size_t)1 << t) < psize) t++;
  golcl__opts o;
  golcl__opts_init(&o);
  golcl__opts_define_str(&o, "FILL_T", types[t]);
  cl_kernel k;
  golcl_status s = golcl__opts_check(ctx, &o, "fill");
  if (s == GOLCL_OK) s = golcl__kernel(ctx, "core/fill.cl", o.buf, "core_fill", &k);
  if (s != GOLCL_OK) return s;
  cl_ulong first = offset / psize, count = bytes / psize;
  s = golcl__args(ctx, k, GOLCL__ARG(buf), GOLCL__ARG(first), GOLCL__ARG(count), GOLCL__END);
  if (s == GOLCL_OK)
    s = golcl__cl_fail(ctx, clSetKernelArg(k, 3, psize, pat), "clSetKernelArg");
  size_t local = GOLCL__COVER_W * GOLCL__COVER_H, groups = (size_t)((count + local - 1) / local);
  size_t cap = (size_t)(ctx->info.compute_units ? ctx->info.compute_units : 1) * 64;
  size_t global = (groups < cap ? groups : cap) * local;
  return s == GOLCL_OK ? golcl__launch(ctx, k, 1, &global, &local) : s;
}

golcl_status golcl__fill_with(golcl_context *ctx, cl_mem buf, const void *pattern, size_t psize,
                              size_t offset, size_t bytes, size_t api_end) {
  if (bytes == 0) return GOLCL_OK;
  if (offset + bytes <= api_end) {
    cl_int err = clEnqueueFillBuffer(ctx->queue, buf, pattern, psize, offset, bytes, 0, NULL, NULL);
    return golcl__cl_fail(ctx, err, "clEnqueueFillBuffer");
  }
  return fill_kernel(ctx, buf, pattern, psize, offset, bytes);
}

golcl_status golcl__fill(golcl_context *ctx, cl_mem buf, const void *pattern, size_t psize,
                         size_t offset, size_t bytes) {
  return golcl__fill_with(ctx, buf, pattern, psize, offset, bytes, GOLCL__FILL_API_END);
}
