/* rule.c — Life-like rule text: "B3/S23", "b36s23", "S23/B3" and the older
 * survival/birth form "23/3". */
#include "../core/host.h"

#include <ctype.h>
#include <string.h>

/* Reads digits 0..8 into *mask; returns the position after them. */
static const char *digits(const char *p, uint16_t *mask, const char *text, int *bad) {
  while (isdigit((unsigned char)*p)) {
    if (*p == '9') {
      golcl__fail(NULL, GOLCL_E_PARSE, "rule \"%s\", column %d: neighbour count 9 is impossible",
                  text, (int)(p - text) + 1);
      *bad = 1;
      return p;
    }
    *mask |= (uint16_t)(1u << (*p - '0'));
    p++;
  }
  return p;
}

static golcl_status parse_error(const char *text, const char *p, const char *what) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "rule \"%s\", column %d: %s", text,
                     (int)(p - text) + 1, what);
}

golcl_status golcl_rule_parse(const char *text, golcl_rule *out) {
  if (!text || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_parse: NULL");
  const char *p = text;
  while (isspace((unsigned char)*p)) p++;
  const char *end = p + strlen(p);
  while (end > p && isspace((unsigned char)end[-1])) end--;
  if (p == end) return parse_error(text, p, "empty rule");
  golcl_rule r = {0, 0};
  int bad = 0;
  char c0 = (char)toupper((unsigned char)*p);
  if (c0 == 'B' || c0 == 'S') {
    int seen_b = 0, seen_s = 0;
    while (p < end) {
      char c = (char)toupper((unsigned char)*p);
      if ((c == 'B' && !seen_b) || (c == 'S' && !seen_s)) {
        if (c == 'B') seen_b = 1; else seen_s = 1;
        p = digits(p + 1, c == 'B' ? &r.birth : &r.survive, text, &bad);
        if (bad) return GOLCL_E_PARSE;
        if (p < end && *p == '/') {
          p++;
          if (p == end) return parse_error(text, p, "expected B or S after '/'");
        }
        continue;
      }
      return parse_error(text, p, (c == 'B' || c == 'S') ? "B or S given twice"
                                                         : "expected B<digits> or S<digits>");
    }
  } else if (isdigit((unsigned char)*p) || *p == '/') {
    p = digits(p, &r.survive, text, &bad);
    if (bad) return GOLCL_E_PARSE;
    if (p == end || *p != '/') return parse_error(text, p, "expected '/' in survival/birth form");
    p = digits(p + 1, &r.birth, text, &bad);
    if (bad) return GOLCL_E_PARSE;
    if (p != end) return parse_error(text, p, "unexpected character");
  } else {
    return parse_error(text, p, "expected B, S or a digit");
  }
  *out = r;
  return GOLCL_OK;
}

golcl_status golcl_rule_format(golcl_rule rule, char *buf, size_t cap) {
  if (!buf || (rule.birth | rule.survive) >> 9)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_format: bad argument");
  char tmp[24], *p = tmp;
  *p++ = 'B';
  for (int i = 0; i <= 8; i++)
    if (rule.birth >> i & 1) *p++ = (char)('0' + i);
  *p++ = '/';
  *p++ = 'S';
  for (int i = 0; i <= 8; i++)
    if (rule.survive >> i & 1) *p++ = (char)('0' + i);
  *p = '\0';
  if ((size_t)(p - tmp) + 1 > cap)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_format: buffer of %zu bytes is too small",
                       cap);
  memcpy(buf, tmp, (size_t)(p - tmp) + 1);
  return GOLCL_OK;
}
