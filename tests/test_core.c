/* test_core.c — versions, status strings, device choice, contexts (created
 * and wrapped), build errors and invalid arguments of the core API. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

START_TEST(version_matches_header) {
  ck_assert_uint_eq(golcl_version(), GOLCL_VERSION_NUMBER);
  ck_assert_str_eq(golcl_version_string(), GOLCL_VERSION_STRING);
  char want[32];
  snprintf(want, sizeof want, "%d.%d.%d", GOLCL_VERSION_MAJOR, GOLCL_VERSION_MINOR,
           GOLCL_VERSION_PATCH);
  ck_assert_str_eq(golcl_version_string(), want);
}
END_TEST

START_TEST(every_status_has_a_distinct_text) {
  const golcl_status all[] = {GOLCL_OK,         GOLCL_E_INVALID_ARG, GOLCL_E_NO_DEVICE,
                              GOLCL_E_OUT_OF_MEMORY, GOLCL_E_BUILD, GOLCL_E_OPENCL,
                              GOLCL_E_UNSUPPORTED,   GOLCL_E_PARSE, GOLCL_E_IO,
                              GOLCL_E_MISMATCH, GOLCL_E_CANCELLED};
  const size_t n = sizeof all / sizeof all[0];
  for (size_t i = 0; i < n; i++) {
    ck_assert_str_ne(golcl_strerror(all[i]), "unknown status");
    for (size_t j = 0; j < i; j++) ck_assert_str_ne(golcl_strerror(all[i]), golcl_strerror(all[j]));
  }
  ck_assert_str_eq(golcl_strerror((golcl_status)12345), "unknown status");
  ck_assert_int_eq(GOLCL_E_MISMATCH, -9);
  ck_assert_int_eq(GOLCL_E_CANCELLED, -10);
}
END_TEST

START_TEST(devices_are_listed) {
  size_t n = 0;
  TU_OK(golcl_devices(NULL, 0, &n));
  ck_assert_uint_ge(n, 1);
  golcl_device_info *info = calloc(n, sizeof *info);
  size_t n2 = 0;
  TU_OK(golcl_devices(info, n, &n2));
  ck_assert_uint_eq(n, n2);
  int has_cpu = 0;
  for (size_t i = 0; i < n; i++) {
    ck_assert_uint_gt(strlen(info[i].name), 0);
    ck_assert_uint_gt(info[i].compute_units, 0);
    has_cpu |= info[i].type == GOLCL_DEVICE_CPU;
  }
  ck_assert(has_cpu);
  /* capacity smaller than the count: fills what fits, reports all */
  golcl_device_info one;
  TU_OK(golcl_devices(&one, 1, &n2));
  ck_assert_uint_eq(n2, n);
  ck_assert_str_eq(one.name, info[0].name);
  free(info);
  ck_assert_int_eq(golcl_devices(NULL, 0, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_devices(NULL, 3, &n2), GOLCL_E_INVALID_ARG);
}
END_TEST

START_TEST(device_specs_choose_devices) {
  golcl_device_info first;
  size_t n;
  TU_OK(golcl_devices(&first, 1, &n));
  char spec[32];
  snprintf(spec, sizeof spec, "%u:%u", first.platform_index, first.device_index);
  const char *good[] = {"cpu", spec, first.name};
  for (size_t i = 0; i < 3; i++) {
    golcl_context_opts o = {0};
    o.device = good[i];
    golcl_context *c = NULL;
    golcl_status s = golcl_context_create(&o, &c);
    ck_assert_msg(s == GOLCL_OK, "spec %s: %s", good[i], golcl_last_errmsg());
    golcl_device_info di;
    TU_OK(golcl_context_device_info(c, &di));
    ck_assert_int_eq(di.type, GOLCL_DEVICE_CPU);
    golcl_context_destroy(c);
  }
  const char *bad[] = {"99:0", "no-such-device-name-xyz"};
  for (size_t i = 0; i < 2; i++) {
    golcl_context_opts o = {0};
    o.device = bad[i];
    golcl_context *c = (golcl_context *)&o; /* must be set to NULL */
    ck_assert_int_eq(golcl_context_create(&o, &c), GOLCL_E_NO_DEVICE);
    ck_assert_ptr_null(c);
    ck_assert_ptr_nonnull(strstr(golcl_last_errmsg(), bad[i]));
  }
  ck_assert_int_eq(golcl_context_create(NULL, NULL), GOLCL_E_INVALID_ARG);
}
END_TEST

/* Each string of the device info is the whole OpenCL string when it fits,
 * else its first GOLCL_DEVICE_STRING_CAP - 1 bytes: never empty because it is
 * long (pocl's CL_DEVICE_VERSION is longer than 64 bytes). */
static void expect_string(const char *got, const char *cl_value) {
  size_t n = strlen(cl_value);
  ck_assert_uint_gt(strlen(got), 0);
  if (n < GOLCL_DEVICE_STRING_CAP)
    ck_assert_str_eq(got, cl_value);
  else
    ck_assert(strlen(got) == GOLCL_DEVICE_STRING_CAP - 1 &&
              memcmp(got, cl_value, GOLCL_DEVICE_STRING_CAP - 1) == 0);
}

START_TEST(device_strings_are_whole_or_truncated) {
  golcl_device_info di;
  TU_OK(golcl_context_device_info(tu_ctx, &di));
  cl_device_id dev = golcl_context_cl_device(tu_ctx);
  cl_platform_id plat;
  ck_assert_int_eq(clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL), CL_SUCCESS);
  static char value[8192];
  const cl_device_info what[] = {CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DEVICE_VERSION,
                                 CL_DRIVER_VERSION};
  const char *got[] = {di.name, di.vendor, di.version, di.driver_version};
  for (int i = 0; i < 4; i++) {
    ck_assert_int_eq(clGetDeviceInfo(dev, what[i], sizeof value, value, NULL), CL_SUCCESS);
    expect_string(got[i], value);
  }
  ck_assert_int_eq(clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof value, value, NULL),
                   CL_SUCCESS);
  expect_string(di.platform, value);
  ck_assert_int_eq(clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof value, value, NULL),
                   CL_SUCCESS);
  expect_string(di.platform_version, value);
  ck_assert(strncmp(di.version, "OpenCL ", 7) == 0);
  /* the same strings through golcl_devices */
  size_t n;
  golcl_device_info all[16];
  TU_OK(golcl_devices(all, 16, &n));
  int found = 0;
  for (size_t i = 0; i < n && i < 16; i++)
    if (all[i].platform_index == di.platform_index && all[i].device_index == di.device_index) {
      ck_assert_str_eq(all[i].version, di.version);
      ck_assert_str_eq(all[i].platform_version, di.platform_version);
      found = 1;
    }
  ck_assert(found);
}
END_TEST

START_TEST(context_info_and_accessors) {
  golcl_device_info di;
  TU_OK(golcl_context_device_info(tu_ctx, &di));
  ck_assert_ptr_nonnull(golcl_context_cl_context(tu_ctx));
  ck_assert_ptr_nonnull(golcl_context_cl_device(tu_ctx));
  ck_assert_ptr_nonnull(golcl_context_cl_queue(tu_ctx));
  ck_assert_ptr_null(golcl_context_cl_context(NULL));
  ck_assert_ptr_null(golcl_context_cl_queue(NULL));
  ck_assert_int_eq(golcl_context_device_info(NULL, &di), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_context_device_info(tu_ctx, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_context_finish(NULL), GOLCL_E_INVALID_ARG);
  TU_OK(golcl_context_finish(tu_ctx));
  ck_assert_ptr_nonnull(golcl_context_errmsg(NULL));
  golcl_context_destroy(NULL); /* no-op */
}
END_TEST

static cl_uint refcount_ctx(cl_context c) {
  cl_uint n = 0;
  ck_assert_int_eq(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, NULL), CL_SUCCESS);
  return n;
}

START_TEST(wrapped_context_works_and_keeps_callers_objects) {
  cl_device_id dev = golcl_context_cl_device(tu_ctx);
  cl_int err;
  cl_context c = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueue(c, dev, 0, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_uint before = refcount_ctx(c);

  golcl_context *w;
  TU_OK(golcl_context_wrap(c, dev, q, &w));
  golcl_grid *g;
  TU_OK(golcl_grid_create(w, 20, 10, GOLCL_BOUNDARY_TORUS, &g));
  TU_OK(golcl_grid_randomize(g, 0.5, 7));
  golcl_stepper *st;
  TU_OK(golcl_stepper_create(w, GOLCL_STEPPER_NAIVE, NULL, &st));
  TU_OK(golcl_stepper_run(st, g, 5));
  uint64_t pop;
  TU_OK(golcl_grid_population(g, &pop));
  ck_assert_ptr_eq(golcl_context_cl_context(w), c);
  ck_assert_ptr_eq(golcl_context_cl_queue(w), q);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  golcl_context_destroy(w);

  /* the caller's objects are alive and usable, with their own references */
  ck_assert_uint_eq(refcount_ctx(c), before);
  cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clFinish(q), CL_SUCCESS);
  clReleaseMemObject(m);
  clReleaseCommandQueue(q);
  clReleaseContext(c);
}
END_TEST

START_TEST(wrap_rejects_bad_arguments) {
  cl_device_id dev = golcl_context_cl_device(tu_ctx);
  cl_int err;
  cl_context c = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  golcl_context *w = (golcl_context *)1;
  ck_assert_int_eq(golcl_context_wrap(NULL, dev, golcl_context_cl_queue(tu_ctx), &w),
                   GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(w);
  ck_assert_int_eq(golcl_context_wrap(c, dev, NULL, &w), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_context_wrap(c, NULL, golcl_context_cl_queue(tu_ctx), &w),
                   GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_context_wrap(c, dev, golcl_context_cl_queue(tu_ctx), NULL),
                   GOLCL_E_INVALID_ARG);
  /* tu_ctx's queue belongs to another cl_context */
  ck_assert_int_eq(golcl_context_wrap(c, dev, golcl_context_cl_queue(tu_ctx), &w),
                   GOLCL_E_MISMATCH);
  ck_assert_ptr_null(w);
  clReleaseContext(c);
}
END_TEST

/* golcl_context_with_queue: a context on a second queue of ctx's that
 * steps as ctx does and takes ctx's programs (here ctx's build options,
 * which fail: the second context's launch reports ctx's build, where a
 * context of its own would build with the default options and run). */
START_TEST(a_second_queue_shares_the_programs) {
  cl_int err;
  cl_command_queue q2 = clCreateCommandQueue(golcl_context_cl_context(tu_ctx),
                                             golcl_context_cl_device(tu_ctx), 0, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  golcl_context *w = (golcl_context *)1;
  ck_assert_int_eq(golcl_context_with_queue(NULL, q2, &w), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(w);
  TU_OK(golcl_context_with_queue(tu_ctx, q2, &w));
  ck_assert_ptr_eq(golcl_context_cl_queue(w), q2);
  ck_assert_ptr_eq(golcl_context_cl_context(w), golcl_context_cl_context(tu_ctx));
  golcl_grid *a, *b;
  golcl_stepper *sa, *sb;
  TU_OK(golcl_grid_create(tu_ctx, 37, 29, GOLCL_BOUNDARY_TORUS, &a));
  TU_OK(golcl_grid_create(w, 37, 29, GOLCL_BOUNDARY_TORUS, &b));
  TU_OK(golcl_grid_randomize(a, 0.4, 11));
  TU_OK(golcl_grid_randomize(b, 0.4, 11));
  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &sa));
  TU_OK(golcl_stepper_create(w, GOLCL_STEPPER_NAIVE, NULL, &sb));
  TU_OK(golcl_stepper_run(sa, a, 9));
  TU_OK(golcl_stepper_run(sb, b, 9));
  uint64_t ha, hb;
  TU_OK(golcl_grid_hash(a, &ha));
  TU_OK(golcl_grid_hash(b, &hb));
  ck_assert_uint_eq(ha, hb);
  golcl_stepper_destroy(sa), golcl_stepper_destroy(sb);
  golcl_grid_destroy(a), golcl_grid_destroy(b);
  golcl_context_destroy(w);

  golcl_context_opts o = {0};
  o.device = "cpu";
  o.build_options = "-DGOLCL_TORUS=( -Werror -DX=\"";
  golcl_context *bad, *w2;
  TU_OK(golcl_context_create(&o, &bad));
  cl_command_queue q3 = clCreateCommandQueue(golcl_context_cl_context(bad),
                                             golcl_context_cl_device(bad), 0, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  TU_OK(golcl_context_with_queue(bad, q3, &w2));
  golcl_grid *g;
  golcl_stepper *st;
  TU_OK(golcl_grid_create(w2, 8, 8, GOLCL_BOUNDARY_DEAD, &g));
  TU_OK(golcl_stepper_create(w2, GOLCL_STEPPER_NAIVE, NULL, &st));
  ck_assert_int_eq(golcl_stepper_run(st, g, 1), GOLCL_E_BUILD);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(w2), "life/naive.cl"));
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  golcl_context_destroy(w2);
  golcl_context_destroy(bad);
  clReleaseCommandQueue(q3);
  clReleaseCommandQueue(q2);
}
END_TEST

START_TEST(build_failure_reports_the_log) {
  golcl_context_opts o = {0};
  o.device = "cpu";
  o.build_options = "-DGOLCL_TORUS=( -Werror -DX=\"";
  golcl_context *c;
  TU_OK(golcl_context_create(&o, &c));
  golcl_grid *g;
  ck_assert_int_eq(golcl_grid_create(c, 8, 8, GOLCL_BOUNDARY_DEAD, &g), GOLCL_OK);
  golcl_stepper *st;
  ck_assert_int_eq(golcl_stepper_create(c, GOLCL_STEPPER_NAIVE, NULL, &st), GOLCL_OK);
  ck_assert_int_eq(golcl_stepper_run(st, g, 1), GOLCL_E_BUILD);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(c), "life/naive.cl"));
  ck_assert_uint_eq(golcl_grid_generation(g), 0); /* a failed step changes nothing */
  ck_assert_int_eq(golcl_stepper_prepare(st, g), GOLCL_E_BUILD);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
  golcl_context_destroy(c);
}
END_TEST

START_TEST(stepper_names_round_trip) {
  for (int k = 0; k < GOLCL_STEPPER_COUNT; k++) {
    const char *name = golcl_stepper_name((golcl_stepper_kind)k);
    ck_assert_ptr_nonnull(name);
    golcl_stepper_kind back;
    TU_OK(golcl_stepper_from_name(name, &back));
    ck_assert_int_eq(back, k);
  }
  golcl_stepper_kind kind;
  TU_OK(golcl_stepper_from_name("NAIVE", &kind));
  ck_assert_int_eq(kind, GOLCL_STEPPER_NAIVE);
  ck_assert_str_eq(golcl_stepper_name(GOLCL_STEPPER_LUT6X3), "lut6x3");
  ck_assert_ptr_null(golcl_stepper_name(GOLCL_STEPPER_COUNT));
  ck_assert_ptr_null(golcl_stepper_name((golcl_stepper_kind)-1));
  ck_assert_int_eq(golcl_stepper_from_name("nope", &kind), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_from_name(NULL, &kind), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_from_name("naive", NULL), GOLCL_E_INVALID_ARG);
  ck_assert(golcl_stepper_available(GOLCL_STEPPER_NAIVE));
  ck_assert(golcl_stepper_available(GOLCL_STEPPER_REFERENCE));
  ck_assert(!golcl_stepper_available(GOLCL_STEPPER_COUNT));
}
END_TEST

/* Option structs of another size than the library's: a longer one (from a
 * newer header) is fine while its extra bytes are zero, refused when they
 * set something; one shorter than the first version is refused. */
START_TEST(option_structs_of_other_sizes) {
  struct {
    golcl_stepper_opts o;
    uint32_t newer[4];
  } big;
  memset(&big, 0, sizeof big);
  big.o.local_w = 4;
  big.o.local_h = 2;
  golcl_stepper *st = (golcl_stepper *)1;
  TU_OK(golcl_stepper_create_sized(tu_ctx, GOLCL_STEPPER_NAIVE, &big.o, sizeof big, &st));
  ck_assert_ptr_nonnull(st);
  golcl_stepper_destroy(st);
  big.newer[2] = 7;
  st = (golcl_stepper *)1;
  ck_assert_int_eq(golcl_stepper_create_sized(tu_ctx, GOLCL_STEPPER_NAIVE, &big.o, sizeof big, &st),
                   GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(st);
  ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "does not have"));
  ck_assert_int_eq(golcl_stepper_create_sized(tu_ctx, GOLCL_STEPPER_NAIVE, &big.o, 4, &st),
                   GOLCL_E_INVALID_ARG);
  /* NULL options need no size */
  TU_OK(golcl_stepper_create_sized(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, 0, &st));
  golcl_stepper_destroy(st);

  struct {
    golcl_context_opts o;
    void *newer[2];
  } cbig;
  memset(&cbig, 0, sizeof cbig);
  cbig.o.device = "cpu";
  golcl_context *c = (golcl_context *)1;
  ck_assert_int_eq(golcl_context_create_sized(&cbig.o, sizeof cbig, &c), GOLCL_OK);
  golcl_device_info di;
  TU_OK(golcl_context_device_info(c, &di));
  ck_assert_int_eq(di.type, GOLCL_DEVICE_CPU);
  golcl_context_destroy(c);
  cbig.newer[1] = &cbig;
  ck_assert_int_eq(golcl_context_create_sized(&cbig.o, sizeof cbig, &c), GOLCL_E_UNSUPPORTED);
  ck_assert_ptr_null(c);
  ck_assert_int_eq(golcl_context_create_sized(&cbig.o, 1, &c), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_context_create_sized(&cbig.o, sizeof cbig.o, NULL), GOLCL_E_INVALID_ARG);
}
END_TEST

START_TEST(stepper_invalid_arguments) {
  golcl_stepper *st = (golcl_stepper *)1;
  ck_assert_int_eq(golcl_stepper_create(NULL, GOLCL_STEPPER_NAIVE, NULL, &st), GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(st);
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, NULL),
                   GOLCL_E_INVALID_ARG);
  st = (golcl_stepper *)1;
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_COUNT, NULL, &st),
                   GOLCL_E_INVALID_ARG);
  ck_assert_ptr_null(st);
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, (golcl_stepper_kind)-3, NULL, &st),
                   GOLCL_E_INVALID_ARG);
  /* kinds without an implementation say so */
  for (int k = 0; k < GOLCL_STEPPER_COUNT; k++)
    if (!golcl_stepper_available((golcl_stepper_kind)k)) {
      ck_assert_int_eq(golcl_stepper_create(tu_ctx, (golcl_stepper_kind)k, NULL, &st),
                       GOLCL_E_UNSUPPORTED);
      ck_assert_ptr_nonnull(strstr(golcl_context_errmsg(tu_ctx), "not implemented"));
    }
  /* a work-group larger than the device allows */
  golcl_device_info di;
  TU_OK(golcl_context_device_info(tu_ctx, &di));
  golcl_stepper_opts o = {0};
  o.local_w = (uint32_t)di.max_work_group_size;
  o.local_h = 2;
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, &o, &st), GOLCL_E_INVALID_ARG);
  o.local_h = 0;
  ck_assert_int_eq(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, &o, &st), GOLCL_E_INVALID_ARG);

  TU_OK(golcl_stepper_create(tu_ctx, GOLCL_STEPPER_NAIVE, NULL, &st));
  golcl_grid *g;
  TU_OK(golcl_grid_create(tu_ctx, 4, 4, GOLCL_BOUNDARY_DEAD, &g));
  ck_assert_int_eq(golcl_stepper_run(NULL, g, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_run(st, NULL, 1), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_prepare(NULL, g), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_prepare(st, NULL), GOLCL_E_INVALID_ARG);
  golcl_stepper_stats stats;
  ck_assert_int_eq(golcl_stepper_get_stats(NULL, &stats), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_get_stats(st, NULL), GOLCL_E_INVALID_ARG);
  ck_assert_int_eq(golcl_stepper_kind_of(NULL), GOLCL_STEPPER_COUNT);
  ck_assert_int_eq(golcl_stepper_kind_of(st), GOLCL_STEPPER_NAIVE);

  /* a grid of another context */
  golcl_context_opts co = {0};
  co.device = "cpu";
  golcl_context *other;
  TU_OK(golcl_context_create(&co, &other));
  golcl_grid *og;
  TU_OK(golcl_grid_create(other, 4, 4, GOLCL_BOUNDARY_DEAD, &og));
  ck_assert_int_eq(golcl_stepper_run(st, og, 1), GOLCL_E_MISMATCH);
  ck_assert_uint_eq(golcl_grid_generation(og), 0);
  golcl_grid_destroy(og);
  golcl_context_destroy(other);

  golcl_stepper_destroy(NULL);
  golcl_stepper_destroy(st);
  golcl_grid_destroy(g);
}
END_TEST

int main(void) {
  Suite *s = suite_create("core");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, version_matches_header);
  tcase_add_test(tc, every_status_has_a_distinct_text);
  tcase_add_test(tc, devices_are_listed);
  tcase_add_test(tc, device_specs_choose_devices);
  tcase_add_test(tc, context_info_and_accessors);
  tcase_add_test(tc, device_strings_are_whole_or_truncated);
  tcase_add_test(tc, wrapped_context_works_and_keeps_callers_objects);
  tcase_add_test(tc, wrap_rejects_bad_arguments);
  tcase_add_test(tc, a_second_queue_shares_the_programs);
  tcase_add_test(tc, build_failure_reports_the_log);
  tcase_add_test(tc, stepper_names_round_trip);
  tcase_add_test(tc, stepper_invalid_arguments);
  tcase_add_test(tc, option_structs_of_other_sizes);
  suite_add_tcase(s, tc);
  return tu_main(s);
}
