/* context.c — the distributed context: one device a rank chosen from the node-local rank, the
 * status agreement that ends every collective, and the messages of failures. */
#include "dist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static _Thread_local char last_msg[DIST_MSG_CAP];

const char *golcl_dist_last_errmsg(void) { return last_msg; }

static void set_last(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_msg, sizeof last_msg, fmt, ap);
  va_end(ap);
}

golcl_status golcl__dist_fail(golcl_dist_context *d, golcl_status s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->local_msg, sizeof d->local_msg, fmt, ap);
  va_end(ap);
  return s;
}

golcl_status golcl__dist_core(golcl_dist_context *d, golcl_status s, const char *what) {
  if (s != GOLCL_OK)
    snprintf(d->local_msg, sizeof d->local_msg, "%s: %s: %s", what, golcl_strerror(s),
             golcl_context_errmsg(d->ctx));
  return s;
}

golcl_status golcl__dist_cl_fail(golcl_dist_context *d, cl_int err, const char *what) {
  if (err == CL_SUCCESS) return GOLCL_OK;
  return golcl__dist_fail(d,
                          err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES ||
                                  err == CL_OUT_OF_HOST_MEMORY
                              ? GOLCL_E_OUT_OF_MEMORY
                              : GOLCL_E_OPENCL,
                          "%s: %d", what, (int)err);
}

uint64_t golcl__dist_mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t golcl__dist_fp(uint64_t h, uint64_t v) {
  return golcl__dist_mix64(h ^ golcl__dist_mix64(v + 0x9e3779b97f4a7c15ULL));
}

uint64_t golcl__dist_fp_bytes(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t w = 0;
  size_t i;
  for (i = 0; i < n; i++) {
    w = w << 8 | b[i];
    if (i % 8 == 7) {
      h = golcl__dist_fp(h, w);
      w = 0;
    }
  }
  return golcl__dist_fp(golcl__dist_fp(h, w), n);
}

void golcl__dist_split(uint64_t n, uint64_t parts, uint64_t i, uint64_t *lo, uint64_t *len) {
  uint64_t q = n / parts, r = n % parts;
  *lo = i * q + (i < r ? i : r);
  *len = q + (i < r ? 1 : 0);
}

/* One MPI_Allreduce(MIN) of three words: the first failing rank with its status
 * (rank·256 + −status, or INT64_MAX), the fingerprint and its negation (so that min and max
 * come out of one call). Then the failing rank broadcasts its message. */
golcl_status golcl__dist_agree(golcl_dist_context *d, golcl_status local, uint64_t fp,
                               const char *fn) {
  const int64_t mask = INT64_C(0x3fffffffffffffff);
  int64_t v[3], r[3];
  v[0] = local == GOLCL_OK ? INT64_MAX : (int64_t)d->rank * 256 + (-(int64_t)local & 255);
  v[1] = (int64_t)fp & mask;
  v[2] = -v[1];
  MPI_Allreduce(v, r, 3, MPI_INT64_T, MPI_MIN, d->comm);
  if (r[0] != INT64_MAX) {
    int root = (int)(r[0] / 256);
    golcl_status s = (golcl_status)(-(int)(r[0] % 256));
    char buf[DIST_MSG_CAP];
    if (d->rank == root) memcpy(buf, d->local_msg, sizeof buf);
    MPI_Bcast(buf, (int)sizeof buf, MPI_CHAR, root, d->comm);
    buf[sizeof buf - 1] = 0;
    snprintf(d->msg, sizeof d->msg, "rank %d: %.1000s", root, buf);
    return s;
  }
  if (r[1] != -r[2]) {
    snprintf(d->msg, sizeof d->msg, "%s: the ranks passed different arguments", fn);
    return GOLCL_E_INVALID_ARG;
  }
  return GOLCL_OK;
}

/* ------------------------------------------------------------- device */

/* The spec of this rank's device (see golcl_dist_context_opts.device) into buf. */
static golcl_status choose_device(const char *spec, int local_rank, char *buf, size_t cap) {
  if (!spec || !*spec) spec = getenv("GOLCL_DEVICE");
  if (!spec || !*spec) spec = "gpu";
  if (strchr(spec, ',')) { /* a list, dealt out by node-local rank */
    size_t n = 1;
    for (const char *p = spec; *p; p++) n += *p == ',';
    size_t want = (size_t)local_rank % n;
    const char *p = spec;
    for (size_t i = 0; i < want; i++) p = strchr(p, ',') + 1;
    size_t len = strcspn(p, ",");
    if (len == 0 || len >= cap) {
      set_last("golcl_dist_context_create: bad entry in device list '%s'", spec);
      return GOLCL_E_INVALID_ARG;
    }
    memcpy(buf, p, len);
    buf[len] = 0;
    return GOLCL_OK;
  }
  if (strcasecmp(spec, "gpu") != 0) {
    snprintf(buf, cap, "%s", spec);
    return GOLCL_OK;
  }
  size_t count = 0;
  golcl_status s = golcl_devices(NULL, 0, &count);
  if (s != GOLCL_OK) {
    set_last("golcl_devices: %s", golcl_last_errmsg());
    return s;
  }
  golcl_device_info *info = count ? calloc(count, sizeof *info) : NULL;
  if (count && !info) {
    set_last("out of host memory");
    return GOLCL_E_OUT_OF_MEMORY;
  }
  if (count) s = golcl_devices(info, count, &count);
  size_t ngpu = 0;
  for (size_t i = 0; s == GOLCL_OK && i < count; i++) ngpu += info[i].type == GOLCL_DEVICE_GPU;
  if (s == GOLCL_OK && ngpu > 0) {
    size_t want = (size_t)local_rank % ngpu, seen = 0;
    for (size_t i = 0; i < count; i++)
      if (info[i].type == GOLCL_DEVICE_GPU && seen++ == want) {
        snprintf(buf, cap, "%u:%u", info[i].platform_index, info[i].device_index);
        break;
      }
  } else if (s == GOLCL_OK) {
    snprintf(buf, cap, "%s", count ? "0:0" : "gpu"); /* no GPU: the first device */
  }
  free(info);
  return s;
}

golcl_status golcl_dist_context_create(MPI_Comm comm, const golcl_dist_context_opts *opts,
                                       golcl_dist_context **out) {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (!init || fin) {
    if (out) *out = NULL;
    set_last("golcl_dist_context_create: MPI is not initialised (or already finalised)");
    return GOLCL_E_INVALID_ARG;
  }
  if (out) *out = NULL;
  golcl_dist_context *d = calloc(1, sizeof *d);
  /* Every rank must reach the collectives below, so local failures are carried to the end. */
  golcl_status s = GOLCL_OK;
  char msg[DIST_MSG_CAP] = "";
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm dup = MPI_COMM_NULL, node = MPI_COMM_NULL;
  MPI_Comm_dup(comm, &dup);
  MPI_Comm_split_type(dup, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int local_rank, local_size;
  MPI_Comm_rank(node, &local_rank);
  MPI_Comm_size(node, &local_size);
  MPI_Comm_free(&node);
  if (!out) {
    s = GOLCL_E_INVALID_ARG;
    snprintf(msg, sizeof msg, "golcl_dist_context_create: out is NULL");
  } else if (!d) {
    s = GOLCL_E_OUT_OF_MEMORY;
    snprintf(msg, sizeof msg, "out of host memory");
  }
  char spec[32] = "";
  if (s == GOLCL_OK) {
    s = choose_device(opts ? opts->device : NULL, local_rank, spec, sizeof spec);
    if (s != GOLCL_OK) snprintf(msg, sizeof msg, "%s", last_msg);
  }
  if (s == GOLCL_OK) {
    golcl_context_opts co = {0};
    co.device = spec;
    co.build_options = opts ? opts->build_options : NULL;
    s = golcl_context_create(&co, &d->ctx);
    if (s != GOLCL_OK)
      snprintf(msg, sizeof msg, "device '%s': %s: %s", spec, golcl_strerror(s),
               golcl_last_errmsg());
  }
  /* Agree (by hand: d may be NULL here). */
  int64_t v = s == GOLCL_OK ? INT64_MAX : (int64_t)rank * 256 + (-(int64_t)s & 255), r;
  MPI_Allreduce(&v, &r, 1, MPI_INT64_T, MPI_MIN, dup);
  if (r != INT64_MAX) {
    int root = (int)(r / 256);
    MPI_Bcast(msg, (int)sizeof msg, MPI_CHAR, root, dup);
    msg[sizeof msg - 1] = 0;
    set_last("rank %d: %.1000s", root, msg);
    if (d) golcl_context_destroy(d->ctx);
    free(d);
    MPI_Comm_free(&dup);
    return (golcl_status)(-(int)(r % 256));
  }
  d->comm = dup;
  d->rank = rank;
  d->size = size;
  d->local_rank = local_rank;
  d->local_size = local_size;
  d->max_object_bytes = opts ? opts->max_object_bytes : 0;
  snprintf(d->spec, sizeof d->spec, "%s", spec);
  *out = d;
  return GOLCL_OK;
}

void golcl_dist_context_destroy(golcl_dist_context *d) {
  if (!d) return;
  for (int i = 0; i < 2; i++)
    if (d->program[i]) clReleaseProgram(d->program[i]);
  free(d->sums);
  golcl_context_destroy(d->ctx);
  MPI_Comm_free(&d->comm);
  free(d);
}

golcl_context *golcl_dist_context_local(const golcl_dist_context *d) { return d ? d->ctx : NULL; }
MPI_Comm golcl_dist_context_comm(const golcl_dist_context *d) {
  return d ? d->comm : MPI_COMM_NULL;
}
int golcl_dist_rank(const golcl_dist_context *d) { return d ? d->rank : -1; }
int golcl_dist_size(const golcl_dist_context *d) { return d ? d->size : -1; }
int golcl_dist_local_rank(const golcl_dist_context *d) { return d ? d->local_rank : -1; }
int golcl_dist_local_size(const golcl_dist_context *d) { return d ? d->local_size : -1; }

const char *golcl_dist_errmsg(const golcl_dist_context *d) { return d ? d->msg : last_msg; }

golcl_status golcl_dist_devices(golcl_dist_context *d, golcl_dist_device *out, size_t cap) {
  if (!d) {
    set_last("golcl_dist_devices: dctx is NULL");
    return GOLCL_E_INVALID_ARG;
  }
  golcl_status s = GOLCL_OK;
  golcl_dist_device mine;
  memset(&mine, 0, sizeof mine);
  mine.rank = d->rank;
  mine.local_rank = d->local_rank;
  char host[MPI_MAX_PROCESSOR_NAME];
  int len = 0;
  MPI_Get_processor_name(host, &len);
  snprintf(mine.host, sizeof mine.host, "%.*s", len, host);
  snprintf(mine.spec, sizeof mine.spec, "%s", d->spec);
  golcl_context_device_info(d->ctx, &mine.info);
  if (!out || cap < (size_t)d->size)
    s = golcl__dist_fail(d, GOLCL_E_INVALID_ARG,
                         "golcl_dist_devices: out is NULL or holds fewer than %d entries", d->size);
  s = golcl__dist_agree(d, s, 0, "golcl_dist_devices");
  if (s != GOLCL_OK) return s;
  MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, out, (int)sizeof mine, MPI_BYTE, d->comm);
  return GOLCL_OK;
}
