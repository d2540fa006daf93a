/* mpitest.h — a small test harness for suites that run under mpirun. Check cannot be used
 * there: a failed assertion leaves its test early on one rank while the others wait in a
 * collective. Here a failed check is counted and the test goes on; after each test the ranks
 * add up their failures, and rank 0 reports. */
#ifndef MPITEST_H
#define MPITEST_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_NOLOAD, RTLD_NODELETE, dl_iterate_phdr */
#endif

#include <golcl_dist.h>

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mt_rank, mt_size, mt_failed, mt_tests_failed;
static golcl_dist_context *mt_dctx;

/* Counts a failure (with rank, line and message on stderr) when cond is false. */
#define MT_CHECK(cond, ...)                                               \
  do {                                                                    \
    if (!(cond)) {                                                        \
      mt_failed++;                                                        \
      fprintf(stderr, "  rank %d: %s:%d: ", mt_rank, __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                                       \
      fputc('\n', stderr);                                                \
    }                                                                     \
  } while (0)

/* Checks that a call returns the status want (GOLCL_OK, ...). */
#define MT_STATUS(call, want)                                                        \
  do {                                                                               \
    golcl_status mt_s_ = (call);                                                     \
    MT_CHECK(mt_s_ == (want), "%s -> %s, want %s: %s", #call, golcl_strerror(mt_s_), \
             golcl_strerror(want), golcl_dist_errmsg(mt_dctx));                      \
  } while (0)
#define MT_OK(call) MT_STATUS(call, GOLCL_OK)

/* The device of the tests: $GOLCL_TEST_DEVICE, else "cpu" (pocl). */
static const char *mt_device(void) {
  const char *d = getenv("GOLCL_TEST_DEVICE");
  return d && *d ? d : "cpu";
}

/* Runs one test and reports it on rank 0; $MT_ONLY (a test name) runs that one alone. */
static void mt_run(const char *name, void (*fn)(void)) {
  const char *only = getenv("MT_ONLY");
  if (only && *only && strcmp(only, name) != 0) return;
  mt_failed = 0;
  double t = MPI_Wtime();
  fn();
  int total = 0;
  MPI_Allreduce(&mt_failed, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (mt_rank == 0) printf("  %-40s %s (%.1f s)\n", name, total ? "FAILED" : "ok", MPI_Wtime() - t);
  fflush(stdout);
  mt_tests_failed += total != 0;
}

/* Keeps every shared object loaded now to the end of the process. MPI_Finalize dlcloses Open
 * MPI's components (mca_*.so, PMIx's, ...), and what they keep past it was then reported by
 * LeakSanitizer at exit with "<unknown module>" frames that tests/dist/lsan.supp cannot name;
 * kept loaded, the frames carry their library's name and are suppressed by it. Open MPI 4.1 has
 * no MCA parameter that keeps components loaded; glibc's dlopen(RTLD_NOLOAD | RTLD_NODELETE)
 * marks an object that is already loaded as never to be unloaded. */
struct mt_objects {
  char *name[1024];
  size_t n;
};

static int mt_list_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct mt_objects *o = data;
  if (info->dlpi_name && info->dlpi_name[0] && o->n < sizeof o->name / sizeof o->name[0])
    o->name[o->n++] = strdup(info->dlpi_name);
  return 0;
}

static void mt_keep_loaded(void) {
  static struct mt_objects o;
  o.n = 0;
  dl_iterate_phdr(mt_list_object, &o); /* no dlopen inside the walk: it holds the loader's lock */
  for (size_t i = 0; i < o.n; i++) {
    if (o.name[i]) dlopen(o.name[i], RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
    free(o.name[i]);
  }
}

/* MPI_Init, the shared context on the test device, and the ranks' count. */
static int mt_init(int *argc, char ***argv, const char *suite) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &mt_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mt_size);
  golcl_dist_context_opts o = {0};
  o.device = mt_device();
  golcl_status s = golcl_dist_context_create(MPI_COMM_WORLD, &o, &mt_dctx);
  if (s != GOLCL_OK) {
    if (mt_rank == 0)
      fprintf(stderr, "%s: no context on \"%s\": %s: %s\n", suite, o.device, golcl_strerror(s),
              golcl_dist_last_errmsg());
    mt_keep_loaded();
    MPI_Finalize();
    return 1;
  }
  if (mt_rank == 0) printf("%s, %d rank%s\n", suite, mt_size, mt_size > 1 ? "s" : "");
  return 0;
}

static int mt_finish(void) {
  golcl_dist_context_destroy(mt_dctx);
  if (mt_rank == 0)
    printf("  %d test%s failed\n", mt_tests_failed, mt_tests_failed == 1 ? "" : "s");
  mt_keep_loaded();
  MPI_Finalize();
  return mt_tests_failed ? 1 : 0;
}

#endif
