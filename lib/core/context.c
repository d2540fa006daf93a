/* context.c — device enumeration and choice, context creation and wrapping.
 *
 * Discovery (platforms, devices, their properties, context creation) runs
 * under one process-wide mutex: OpenCL platforms and ICD loaders initialise
 * themselves lazily on the first of these calls, and some (pocl, ocl-icd)
 * crash or report no platform when several threads do that at once. */
#include "core.h"

#include <ctype.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PLATFORMS 32
#define MAX_DEVICES 64

static const char NO_PLATFORM_HINT[] =
    "no OpenCL platform found; for a CPU device install the Debian package "
    "pocl-opencl-icd (apt-get install pocl-opencl-icd), or your GPU vendor's OpenCL driver";

static pthread_mutex_t discovery = PTHREAD_MUTEX_INITIALIZER;

/* Copies a string property into buf (cap bytes), truncated if longer, never
 * left empty because it is long: OpenCL refuses a too-small buffer outright
 * (CL_INVALID_VALUE), so the whole string is fetched first. */
static void copy_truncated(char *buf, size_t cap, const char *s, size_t n) {
  while (n > 0 && s[n - 1] == '\0') n--;
  if (n >= cap) n = cap - 1;
  memcpy(buf, s, n);
  buf[n] = '\0';
}

static void get_str(cl_device_id d, cl_device_info what, char *buf, size_t cap) {
  buf[0] = '\0';
  size_t n = 0;
  if (clGetDeviceInfo(d, what, 0, NULL, &n) != CL_SUCCESS || n == 0) return;
  if (n <= cap) {
    if (clGetDeviceInfo(d, what, cap, buf, NULL) != CL_SUCCESS) buf[0] = '\0';
    buf[cap - 1] = '\0';
    return;
  }
  char *all = malloc(n);
  if (all && clGetDeviceInfo(d, what, n, all, NULL) == CL_SUCCESS) copy_truncated(buf, cap, all, n);
  free(all);
}

static void get_platform_str(cl_platform_id p, cl_platform_info what, char *buf, size_t cap) {
  buf[0] = '\0';
  size_t n = 0;
  if (clGetPlatformInfo(p, what, 0, NULL, &n) != CL_SUCCESS || n == 0) return;
  char *all = malloc(n);
  if (all && clGetPlatformInfo(p, what, n, all, NULL) == CL_SUCCESS)
    copy_truncated(buf, cap, all, n);
  free(all);
}

golcl_status golcl__device_info_fill(cl_device_id dev, cl_platform_id plat, unsigned pi,
                                     unsigned di, golcl_device_info *out) {
  memset(out, 0, sizeof *out);
  get_str(dev, CL_DEVICE_NAME, out->name, sizeof out->name);
  get_str(dev, CL_DEVICE_VENDOR, out->vendor, sizeof out->vendor);
  get_str(dev, CL_DEVICE_VERSION, out->version, sizeof out->version);
  get_str(dev, CL_DRIVER_VERSION, out->driver_version, sizeof out->driver_version);
  if (plat) {
    get_platform_str(plat, CL_PLATFORM_NAME, out->platform, sizeof out->platform);
    get_platform_str(plat, CL_PLATFORM_VERSION, out->platform_version,
                     sizeof out->platform_version);
  }
  out->platform_index = pi;
  out->device_index = di;
  cl_device_type t = 0;
  clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof t, &t, NULL);
  out->type = (t & CL_DEVICE_TYPE_GPU)           ? GOLCL_DEVICE_GPU
              : (t & CL_DEVICE_TYPE_CPU)         ? GOLCL_DEVICE_CPU
              : (t & CL_DEVICE_TYPE_ACCELERATOR) ? GOLCL_DEVICE_ACCELERATOR
                                                 : GOLCL_DEVICE_OTHER;
  cl_uint cu = 0;
  cl_ulong gm = 0, ma = 0, lm = 0;
  size_t wg = 0;
  clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof gm, &gm, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof ma, &ma, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
  out->compute_units = cu;
  out->global_mem_bytes = gm;
  out->max_alloc_bytes = ma;
  out->local_mem_bytes = lm;
  out->max_work_group_size = wg;
  size_t n = 0;
  if (clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, 0, NULL, &n) == CL_SUCCESS && n > 0) {
    char *ext = malloc(n + 1);
    if (ext && clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, n, ext, NULL) == CL_SUCCESS) {
      ext[n] = '\0';
      out->fp64 = strstr(ext, "cl_khr_fp64") != NULL;
    }
    free(ext);
  }
  return GOLCL_OK;
}

/* Every device of every platform, flattened in "P:D" order. */
typedef struct device_list {
  size_t n;
  cl_platform_id plat[MAX_DEVICES];
  cl_device_id dev[MAX_DEVICES];
  unsigned pi[MAX_DEVICES], di[MAX_DEVICES];
} device_list;

static golcl_status list_devices(device_list *L) {
  cl_platform_id plats[MAX_PLATFORMS];
  cl_uint np = 0;
  L->n = 0;
  cl_int err = clGetPlatformIDs(MAX_PLATFORMS, plats, &np);
  if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */ || (err == CL_SUCCESS && np == 0))
    return GOLCL_OK;
  if (err != CL_SUCCESS) return golcl__cl_fail(NULL, err, "clGetPlatformIDs");
  if (np > MAX_PLATFORMS) np = MAX_PLATFORMS;
  for (cl_uint p = 0; p < np; p++) {
    cl_device_id devs[MAX_DEVICES];
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, devs, &nd) != CL_SUCCESS)
      continue; /* a platform without devices is not an error */
    if (nd > MAX_DEVICES) nd = MAX_DEVICES;
    for (cl_uint d = 0; d < nd && L->n < MAX_DEVICES; d++) {
      L->plat[L->n] = plats[p];
      L->dev[L->n] = devs[d];
      L->pi[L->n] = p;
      L->di[L->n] = d;
      L->n++;
    }
  }
  return GOLCL_OK;
}

golcl_status golcl_devices(golcl_device_info *out, size_t cap, size_t *count) {
  if (!count || (!out && cap > 0))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_devices: NULL argument");
  device_list L;
  pthread_mutex_lock(&discovery);
  golcl_status s = list_devices(&L);
  if (s == GOLCL_OK) {
    for (size_t i = 0; i < L.n && i < cap; i++)
      golcl__device_info_fill(L.dev[i], L.plat[i], L.pi[i], L.di[i], &out[i]);
    *count = L.n;
  }
  pthread_mutex_unlock(&discovery);
  return s;
}

static cl_device_type type_of(cl_device_id d) {
  cl_device_type t = 0;
  clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL);
  return t;
}

/* Parses "P:D"; returns 1 and the indices if spec has that form. */
static int parse_index_spec(const char *spec, unsigned *p, unsigned *d) {
  char *end;
  if (!isdigit((unsigned char)spec[0])) return 0;
  unsigned long a = strtoul(spec, &end, 10);
  if (*end != ':' || !isdigit((unsigned char)end[1])) return 0;
  unsigned long b = strtoul(end + 1, &end, 10);
  if (*end != '\0' || a > 1000 || b > 1000) return 0;
  *p = (unsigned)a;
  *d = (unsigned)b;
  return 1;
}

/* Picks a device by spec (NULL/"" → GPU first, else first). -1 if none. */
static long choose_device(const device_list *L, const char *spec) {
  if (!spec || !*spec) {
    for (size_t i = 0; i < L->n; i++)
      if (type_of(L->dev[i]) & CL_DEVICE_TYPE_GPU) return (long)i;
    return L->n > 0 ? 0 : -1;
  }
  unsigned p, d;
  if (parse_index_spec(spec, &p, &d)) {
    for (size_t i = 0; i < L->n; i++)
      if (L->pi[i] == p && L->di[i] == d) return (long)i;
    return -1;
  }
  cl_device_type want = 0;
  if (strcmp(spec, "gpu") == 0 || strcmp(spec, "GPU") == 0) want = CL_DEVICE_TYPE_GPU;
  if (strcmp(spec, "cpu") == 0 || strcmp(spec, "CPU") == 0) want = CL_DEVICE_TYPE_CPU;
  for (size_t i = 0; i < L->n; i++) {
    if (want) {
      if (type_of(L->dev[i]) & want) return (long)i;
      continue;
    }
    char name[256];
    get_str(L->dev[i], CL_DEVICE_NAME, name, sizeof name);
    if (golcl__contains_nocase(name, spec)) return (long)i;
  }
  return -1;
}

/* "-cl-std=CL1.2" where the device compiles OpenCL C 1.2 or later, so that
 * every kernel is held to 1.2 on every device (and a 3.0 compiler does not
 * take liberties that a 1.2 one refuses); else "" (the 1.0/1.1 default). */
static const char *std_option(cl_device_id dev) {
  char v[64];
  get_str(dev, CL_DEVICE_OPENCL_C_VERSION, v, sizeof v);
  unsigned major = 0, minor = 0;
  if (sscanf(v, "OpenCL C %u.%u", &major, &minor) != 2) return "";
  return major > 1 || (major == 1 && minor >= 2) ? "-cl-std=CL1.2" : "";
}

/* A context for `dev` with its build options (the language standard, then
 * $GOLCL_BUILD_OPTIONS, then the caller's, so that later ones win) and the
 * folder of the on-disk binary cache. */
static golcl_status context_alloc(cl_device_id dev, const char *extra_options,
                                  golcl_context **out) {
  golcl_context *ctx = calloc(1, sizeof *ctx);
  if (!ctx) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  const char *std = std_option(dev);
  const char *env = getenv("GOLCL_BUILD_OPTIONS");
  size_t n =
      strlen(std) + (env ? strlen(env) : 0) + (extra_options ? strlen(extra_options) : 0) + 3;
  ctx->build_options = malloc(n);
  if (!ctx->build_options) {
    free(ctx);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "out of host memory");
  }
  snprintf(ctx->build_options, n, "%s %s %s", std, env ? env : "",
           extra_options ? extra_options : "");
  char version[256] = "";
  clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof version - 1, version, NULL);
  /* NULL (no cache) also when out of memory */
  ctx->cache_dir = golcl__diskcache_dir(strstr(version, "PoCL") != NULL);
  *out = ctx;
  return GOLCL_OK;
}

static int queue_has_profiling(cl_command_queue q) {
  cl_command_queue_properties props = 0;
  if (clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL) != CL_SUCCESS)
    return 0;
  return (props & CL_QUEUE_PROFILING_ENABLE) != 0;
}

static golcl_status context_create(const golcl_context_opts *opts, golcl_context **out) {
  const char *spec = opts && opts->device && *opts->device ? opts->device : getenv("GOLCL_DEVICE");
  device_list L;
  golcl_status s = list_devices(&L);
  if (s != GOLCL_OK) return s;
  if (L.n == 0) return golcl__fail(NULL, GOLCL_E_NO_DEVICE, "%s", NO_PLATFORM_HINT);
  long i = choose_device(&L, spec);
  if (i < 0)
    return golcl__fail(NULL, GOLCL_E_NO_DEVICE,
                       "no OpenCL device matches \"%s\" (try gpu, cpu, P:D or part of a "
                       "name; `golcl devices` lists them)",
                       spec);
  golcl_context *ctx;
  s = context_alloc(L.dev[i], opts ? opts->build_options : NULL, &ctx);
  if (s != GOLCL_OK) return s;
  cl_int err;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)L.plat[i], 0};
  ctx->clctx = clCreateContext(props, 1, &L.dev[i], NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    s = golcl__cl_fail(NULL, err, "clCreateContext");
    golcl_context_destroy(ctx);
    return s;
  }
  ctx->device = L.dev[i];
  clRetainDevice(ctx->device);
  ctx->queue = clCreateCommandQueue(ctx->clctx, ctx->device, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err != CL_SUCCESS) {
    s = golcl__cl_fail(NULL, err, "clCreateCommandQueue");
    golcl_context_destroy(ctx);
    return s;
  }
  ctx->profiling = 1;
  golcl__device_info_fill(ctx->device, L.plat[i], L.pi[i], L.di[i], &ctx->info);
  *out = ctx;
  return GOLCL_OK;
}

golcl_status golcl_context_create(const golcl_context_opts *opts, golcl_context **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_context_create: out is NULL");
  *out = NULL;
  pthread_mutex_lock(&discovery);
  golcl_status s = context_create(opts, out);
  pthread_mutex_unlock(&discovery);
  return s;
}

/* The size of golcl_context_opts in its first version (libgolcl 0.2). */
#define CONTEXT_OPTS_V1_SIZE (offsetof(golcl_context_opts, build_options) + sizeof(const char *))

golcl_status golcl_context_create_sized(const golcl_context_opts *opts, size_t opts_size,
                                        golcl_context **out) {
  if (out) *out = NULL;
  golcl_context_opts own;
  golcl_status s = golcl__opts_sized(NULL, opts, opts_size, &own, sizeof own, CONTEXT_OPTS_V1_SIZE,
                                     "golcl_context_create");
  if (s != GOLCL_OK) return s;
  return golcl_context_create(opts ? &own : NULL, out);
}

/* Finds the "P:D" indices of a device, for the info of a wrapped context. */
static void find_indices(cl_device_id dev, unsigned *pi, unsigned *di, cl_platform_id *plat) {
  device_list L;
  *pi = *di = 0;
  *plat = NULL;
  clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof *plat, plat, NULL);
  if (list_devices(&L) != GOLCL_OK) return;
  for (size_t i = 0; i < L.n; i++)
    if (L.dev[i] == dev) {
      *pi = L.pi[i];
      *di = L.di[i];
    }
}

golcl_status golcl_context_wrap(cl_context clctx, cl_device_id device, cl_command_queue queue,
                                golcl_context **out) {
  if (!out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_context_wrap: out is NULL");
  *out = NULL;
  if (!clctx || !device || !queue)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_context_wrap: NULL OpenCL object");
  cl_context qctx = NULL;
  cl_device_id qdev = NULL;
  cl_int err = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL);
  if (err == CL_SUCCESS)
    err = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof qdev, &qdev, NULL);
  if (err != CL_SUCCESS) return golcl__cl_fail(NULL, err, "clGetCommandQueueInfo");
  if (qctx != clctx || qdev != device)
    return golcl__fail(NULL, GOLCL_E_MISMATCH,
                       "golcl_context_wrap: the queue belongs to another context or device");
  golcl_context *ctx;
  golcl_status s = context_alloc(device, NULL, &ctx);
  if (s != GOLCL_OK) return s;
  clRetainContext(clctx);
  clRetainDevice(device);
  clRetainCommandQueue(queue);
  ctx->clctx = clctx;
  ctx->device = device;
  ctx->queue = queue;
  ctx->profiling = queue_has_profiling(queue);
  unsigned pi, di;
  cl_platform_id plat;
  pthread_mutex_lock(&discovery);
  find_indices(device, &pi, &di, &plat);
  golcl__device_info_fill(device, plat, pi, di, &ctx->info);
  pthread_mutex_unlock(&discovery);
  *out = ctx;
  return GOLCL_OK;
}

golcl_status golcl_context_with_queue(golcl_context *ctx, cl_command_queue queue,
                                      golcl_context **out) {
  if (!ctx) {
    if (out) *out = NULL;
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_context_with_queue: ctx is NULL");
  }
  golcl_status s = golcl_context_wrap(ctx->clctx, ctx->device, queue, out);
  if (s == GOLCL_OK) (*out)->programs_of = ctx->programs_of ? ctx->programs_of : ctx;
  return s;
}

void golcl__program_cache_free(golcl_context *ctx);

void golcl_context_destroy(golcl_context *ctx) {
  if (!ctx) return;
  if (ctx->queue) clFinish(ctx->queue);
  golcl__program_cache_free(ctx);
  if (ctx->queue) clReleaseCommandQueue(ctx->queue);
  if (ctx->device) clReleaseDevice(ctx->device);
  if (ctx->clctx) clReleaseContext(ctx->clctx);
  free(ctx->build_options);
  free(ctx->cache_dir);
  free(ctx);
}

golcl_status golcl_context_device_info(const golcl_context *ctx, golcl_device_info *out) {
  if (!ctx || !out)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG, "golcl_context_device_info: NULL argument");
  *out = ctx->info;
  return GOLCL_OK;
}

cl_context golcl_context_cl_context(const golcl_context *ctx) { return ctx ? ctx->clctx : NULL; }
cl_device_id golcl_context_cl_device(const golcl_context *ctx) { return ctx ? ctx->device : NULL; }
cl_command_queue golcl_context_cl_queue(const golcl_context *ctx) {
  return ctx ? ctx->queue : NULL;
}

golcl_status golcl_context_finish(golcl_context *ctx) {
  if (!ctx) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_context_finish: ctx is NULL");
  return golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
}
