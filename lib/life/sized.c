/* sized.c — golcl_stepper_create_sized: stepper options of the caller's size
 * (see "ABI AND VERSIONS" in golcl.h). */
#include "life.h"

#include <stddef.h>

/* The size of golcl_stepper_opts in its first version (libgolcl 0.2). */
#define STEPPER_OPTS_V1_SIZE (offsetof(golcl_stepper_opts, gens_per_launch) + sizeof(uint32_t))

golcl_status golcl_stepper_create_sized(golcl_context *ctx, golcl_stepper_kind kind,
                                        const golcl_stepper_opts *opts, size_t opts_size,
                                        golcl_stepper **out) {
  if (out) *out = NULL;
  golcl_stepper_opts own;
  golcl_status s = golcl__opts_sized(ctx, opts, opts_size, &own, sizeof own, STEPPER_OPTS_V1_SIZE,
                                     "golcl_stepper_create");
  if (s != GOLCL_OK) return s;
  return golcl_stepper_create(ctx, kind, opts ? &own : NULL, out);
}
