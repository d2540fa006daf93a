/* testutil.h — shared helpers of the Check suites: one context per test
 * program on the test device, random host grids, a suite runner. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <check.h>
#include <golcl.h>

#include <stdint.h>
#include <stdlib.h>

/* The context every test of the program uses: created by tu_main on the
 * device named by $GOLCL_TEST_DEVICE, else "cpu" (pocl). */
extern golcl_context *tu_ctx;

/* Asserts a status is GOLCL_OK, printing the context's message if not. */
#define TU_OK(call)                                                                       \
  do {                                                                                    \
    golcl_status tu_s_ = (call);                                                          \
    ck_assert_msg(tu_s_ == GOLCL_OK, "%s -> %s: %s", #call, golcl_strerror(tu_s_),       \
                  golcl_context_errmsg(tu_ctx));                                          \
  } while (0)

/* A deterministic pseudo-random 0/1 array of n cells (xorshift on seed). */
uint8_t *tu_random_cells(size_t n, double density, uint64_t seed);

/* An open w×h grid of quads as Wavefront OBJ text (*len bytes; faces on its
 * border have fewer neighbours), its faces in a shuffled order when seed is
 * not 0; free() it. NULL when out of memory. */
char *tu_grid_obj(uint32_t w, uint32_t h, uint64_t seed, size_t *len);

/* Runs the suite without forking (one OpenCL context per process) and
 * returns the process exit status. Creates and destroys tu_ctx. */
int tu_main(Suite *suite);

#endif
