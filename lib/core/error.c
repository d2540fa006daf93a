/* error.c — status strings, version, per-context and per-thread messages.
 * Needs no OpenCL (host.h): the pattern fuzzer links it alone. */
#include "host.h"

#include <stdio.h>
#include <string.h>
#include <ctype.h>

static _Thread_local char last_errmsg[GOLCL__ERRMSG_CAP];

unsigned golcl_version(void) { return GOLCL_VERSION_NUMBER; }

const char *golcl_version_string(void) { return GOLCL_VERSION_STRING; }

const char *golcl_strerror(golcl_status s) {
  switch (s) {
#define GOLCL__STATUS_CASE(name, code, text) \
  case GOLCL_##name:                         \
    return text;
    GOLCL_STATUS_MAP(GOLCL__STATUS_CASE)
#undef GOLCL__STATUS_CASE
  }
  return "unknown status";
}

const char *golcl_last_errmsg(void) { return last_errmsg; }

const char *golcl_context_errmsg(const golcl_context *ctx) {
  return ctx ? (const char *)ctx : last_errmsg; /* errmsg is its first member */
}

void golcl__clear_error(golcl_context *ctx) {
  if (ctx) *(char *)ctx = '\0';
}

void golcl__snprintf(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, cap, fmt, ap);
  va_end(ap);
}

golcl_status golcl__fail(const golcl_context *ctx, golcl_status status, const char *fmt, ...) {
  /* The message buffer is logically mutable state of a const context, like
   * sqlite3_errmsg on a const connection. */
  char *buf = ctx ? (char *)(uintptr_t)ctx : last_errmsg; /* errmsg, its first member */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, GOLCL__ERRMSG_CAP, fmt, ap);
  va_end(ap);
  if (ctx) memcpy(last_errmsg, buf, GOLCL__ERRMSG_CAP);
  return status;
}

int golcl__contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  if (n == 0) return 1;
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] &&
           tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      i++;
    if (i == n) return 1;
  }
  return 0;
}
