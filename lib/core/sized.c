/* sized.c — options structs that grow: a caller's struct of any size read
 * into the library's own (see "ABI AND VERSIONS" in golcl.h). */
#include "core.h"

#include <string.h>

golcl_status golcl__opts_sized(const golcl_context *ctx, const void *opts, size_t size, void *own,
                               size_t own_size, size_t min_size, const char *who) {
  memset(own, 0, own_size);
  if (!opts) return GOLCL_OK;
  if (size < min_size)
    return golcl__fail(ctx, GOLCL_E_INVALID_ARG,
                       "%s: opts_size %zu is smaller than the first version of the options "
                       "(%zu bytes)",
                       who, size, min_size);
  const unsigned char *bytes = opts;
  for (size_t i = own_size; i < size; i++)
    if (bytes[i] != 0)
      return golcl__fail(ctx, GOLCL_E_UNSUPPORTED,
                         "%s: the options set a field (byte %zu of %zu) that libgolcl %s does "
                         "not have (it knows %zu bytes)",
                         who, i, size, GOLCL_VERSION_STRING, own_size);
  memcpy(own, opts, size < own_size ? size : own_size);
  return GOLCL_OK;
}
