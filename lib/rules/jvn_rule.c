/* jvn_rule.c — Golly's JvN algorithm on the host: the rule names
 * (JvN29, Nobili32, Hutton32) and one generation of the reference, with
 * the next-state function of cl/rules/jvn_rule.cl (the kernel's own
 * source, compiled here as C). */
#include "ms.h" /* text only: builds and fuzzes without OpenCL */

#include <string.h>
#include <strings.h>

#include "../../cl/rules/jvn_rule.cl"

static const struct {
  const char *name, *old; /* the old name Golly still takes */
  golcl_ms_family family;
  uint32_t states;
} names[] = {{"JvN29", "JvN-29", GOLCL_MS_JVN29, 29},
             {"Nobili32", "JvN-32", GOLCL_MS_NOBILI32, 32},
             {"Hutton32", "modJvN-32", GOLCL_MS_HUTTON32, 32}};

static int same(const char *text, size_t n, const char *name) {
  return strlen(name) == n && strncasecmp(text, name, n) == 0;
}

int golcl__jvn_parse(const char *text, size_t n, golcl_msrule *out) {
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (same(text, n, names[i].name) || same(text, n, names[i].old)) {
      memset(out, 0, sizeof *out);
      out->family = names[i].family;
      out->states = names[i].states;
      return 1;
    }
  return 0;
}

const char *golcl__jvn_name(golcl_ms_family f) {
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].family == f) return names[i].name;
  return NULL;
}

static int variant(golcl_ms_family f) {
  return f == GOLCL_MS_HUTTON32   ? GOLCL_HUTTON32
         : f == GOLCL_MS_NOBILI32 ? GOLCL_NOBILI32
                                  : GOLCL_JVN29;
}

/* Cell (x, y): 0 outside a dead boundary, wrapped once on a torus (the
 * neighbourhood reaches one cell). */
static int cell(const uint8_t *c, uint32_t w, uint32_t h, int torus, int64_t x, int64_t y) {
  if (torus) {
    x = x < 0 ? x + w : x >= (int64_t)w ? x - w : x;
    y = y < 0 ? y + h : y >= (int64_t)h ? y - h : y;
  } else if (x < 0 || y < 0 || x >= (int64_t)w || y >= (int64_t)h) {
    return 0;
  }
  return c[(size_t)y * w + (size_t)x];
}

void golcl__jvn_once(const golcl_msrule *r, int torus, uint32_t w, uint32_t h, const uint8_t *c,
                     uint8_t *o) {
  const int v = variant(r->family);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      const int64_t X = x, Y = y;
      o[(size_t)y * w + x] = (uint8_t)golcl_jvn_next(
          v, c[(size_t)y * w + x], cell(c, w, h, torus, X + 1, Y), cell(c, w, h, torus, X, Y - 1),
          cell(c, w, h, torus, X - 1, Y), cell(c, w, h, torus, X, Y + 1));
    }
}

void golcl__jvn_tables(golcl_ms_family f, uint8_t *t) {
  const int nobili = f == GOLCL_MS_NOBILI32;
  for (int d = 0; d < 4; d++)
    for (int toward = 0; toward < 2; toward++)
      for (int v = 0; v < 32; v++) { /* a cell that points at d, or one that does not */
        const int k = (d * 2 + toward) * 32 + v;
        const int m = jvn_signal(toward ? JVN_OTS | d : 0, jvn_internal(v), d);
        t[GOLCL__JVN_SIG_LO + k] = (uint8_t)(m & 255);
        t[GOLCL__JVN_SIG_HI + k] = (uint8_t)(m >> 8);
      }
  for (int c = 0; c < 32; c++)
    for (int k = 0; k < 128; k++)
      t[GOLCL__JVN_NEXT + c * 128 + k] =
          (uint8_t)jvn_decide(nobili, jvn_internal(c), jvn_signal_of_key(k));
}

void golcl__jvn_full_table(golcl_ms_family f, uint8_t *t) {
  const int v = variant(f);
  for (uint32_t i = 0; i < GOLCL__JVN_FULL_BYTES; i++)
    t[i] = (uint8_t)golcl_jvn_next(v, (int)(i >> 20), (int)(i & 31), (int)(i >> 5 & 31),
                                   (int)(i >> 10 & 31), (int)(i >> 15 & 31));
}
