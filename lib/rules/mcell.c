/* mcell.c — MCell files (placeholder). */
#include "ms.h"

golcl_status golcl__mcell_parse(const char *text, size_t len, golcl_mspattern **out) {
  (void)text, (void)len, (void)out;
  return golcl__fail(NULL, GOLCL_E_UNSUPPORTED, "MCell files are not read yet");
}
