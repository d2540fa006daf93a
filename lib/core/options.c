/* options.c — the one builder of kernel build options: "-DNAME=value" and
 * free-form flags appended to a buffer that reports overflow instead of
 * truncating. */
#include "core.h"

#include <stdio.h>
#include <string.h>

void golcl__opts_init(golcl__opts *o) {
  o->buf[0] = '\0';
  o->len = 0;
  o->overflow = 0;
}

void golcl__opts_add(golcl__opts *o, const char *fmt, ...) {
  if (o->overflow) return;
  size_t room = sizeof o->buf - o->len;
  const char *sep = o->len ? " " : "";
  int n = snprintf(o->buf + o->len, room, "%s", sep);
  va_list ap;
  va_start(ap, fmt);
  int m =
      n < 0 || (size_t)n >= room ? -1 : vsnprintf(o->buf + o->len + n, room - (size_t)n, fmt, ap);
  va_end(ap);
  if (m < 0 || (size_t)(n + m) >= room) {
    o->overflow = 1;
    o->buf[o->len] = '\0'; /* drop the partial piece */
    return;
  }
  o->len += (size_t)(n + m);
}

void golcl__opts_define(golcl__opts *o, const char *name, long long value) {
  golcl__opts_add(o, "-D%s=%lld", name, value);
}

void golcl__opts_define_str(golcl__opts *o, const char *name, const char *value) {
  golcl__opts_add(o, "-D%s=%s", name, value);
}

golcl_status golcl__opts_check(const golcl_context *ctx, const golcl__opts *o, const char *who) {
  if (!o->overflow) return GOLCL_OK;
  return golcl__fail(ctx, GOLCL_E_BUILD,
                     "%s: the kernel build options are longer than %zu bytes (\"%s...\")", who,
                     sizeof o->buf - 1, o->buf);
}
