/* ms.h — the host-only private part of the multi-state rules: rule checks,
 * the next-state function that the reference and the kernels share, the
 * pattern's internals. Text only (host.h): msrule.c, msrle.c and
 * reference.c build and fuzz without OpenCL. */
#ifndef GOLCL_MS_PRIVATE_H
#define GOLCL_MS_PRIVATE_H

#include "../core/host.h"
#include "golcl_rules.h"

/* GOLCL_OK if the rule is one golcl_msrule_parse could give, else
 * GOLCL_E_INVALID_ARG with the reason (no message set). */
golcl_status golcl__msrule_check(const golcl_msrule *r, const char **why);

/* The number of states of a rule (2 for LtL C0). */
static inline uint32_t golcl__msrule_states(const golcl_msrule *r) {
  return r->states < 2 ? 2 : r->states;
}

/* Half-width of row dy (|dy| <= R) of an LtL neighbourhood. */
uint32_t golcl__ltl_span(golcl_ltl_neighbourhood n, uint32_t range, int32_t dy);

/* The next state of a cell in state s, `on` its birth (s = 0) or survival
 * (s = 1) — the same as golcl_ms_next in cl/rules/ms.cl. */
static inline uint8_t golcl__ms_next(uint8_t s, int on, uint32_t states) {
  if (s == 0) return on ? 1 : 0;
  if (s == 1) return on ? 1 : (states > 2 ? 2 : 0);
  return (uint32_t)s + 1 < states ? (uint8_t)(s + 1) : 0;
}

/* Golly's JvN family (jvn_rule.c): whether a family is one of it; the
 * rule of a name (JvN29, Nobili32, Hutton32 or Golly's older JvN-29,
 * JvN-32, modJvN-32, any case) in *out, 0 if the text is none of them; the
 * canonical name; one generation of the host reference. */
static inline int golcl__ms_is_jvn(golcl_ms_family f) {
  return f == GOLCL_MS_JVN29 || f == GOLCL_MS_NOBILI32 || f == GOLCL_MS_HUTTON32;
}
int golcl__jvn_parse(const char *text, size_t n, golcl_msrule *out);
const char *golcl__jvn_name(golcl_ms_family f);
void golcl__jvn_once(const golcl_msrule *r, int torus, uint32_t w, uint32_t h, const uint8_t *c,
                     uint8_t *o);
/* The small tables of cl/rules/jvn.cl (GOLCL_JVN_WAY 1) for JvN29 or Nobili32
 * (GOLCL__JVN_TABLE_BYTES; offsets as jvn.cl's JVN_*). */
#define GOLCL__JVN_SIG_LO 0
#define GOLCL__JVN_SIG_HI 256
#define GOLCL__JVN_NEXT 512
#define GOLCL__JVN_TABLE_BYTES 4608
void golcl__jvn_tables(golcl_ms_family f, uint8_t *tables);

/* The next state of every (state, east, north, west, south) of a JvN rule,
 * index state·2^20 + south·2^15 + west·2^10 + north·2^5 + east, for
 * cl/rules/jvn.cl's GOLCL_JVN_WAY 2. */
#define GOLCL__JVN_FULL_BYTES (1u << 25)
void golcl__jvn_full_table(golcl_ms_family f, uint8_t *table);

/* Multi-state macrocell (msmacrocell.c) and MCell (mcell.c) texts, which
 * golcl_mspattern_parse hands over; gzip data is inflated first. */
int golcl__ms_is_gzip(const char *text, size_t len);
golcl_status golcl__ms_gunzip(const char *text, size_t len, char **out, size_t *n);
golcl_status golcl__msmacrocell_parse(const char *text, size_t len, golcl_mspattern **out);
golcl_status golcl__mcell_parse(const char *text, size_t len, golcl_mspattern **out);

/* Reads a whole file of at most `max` bytes into *text (malloc'd, *len
 * bytes): GOLCL_E_IO if it cannot be read, GOLCL_E_PARSE if it is longer. */
golcl_status golcl__ms_read_file(const char *path, size_t max, char **text, size_t *len);

/* A new w×h pattern of 0s (infinite plane, no rule yet), its fields, and
 * its cells for writing (msrle.c). */
/* The pattern object (mspattern.c); the readers fill it in place. */
struct golcl_mspattern {
  uint32_t w, h;
  uint8_t *cells; /* w·h, row-major */
  golcl_msrule rule;
  golcl_bounds bounds;
  int64_t ox, oy;
  uint64_t generation;
  char **comments;
  size_t ncomments;
};

/* An RLE text as a pattern (msrle.c; golcl_mspattern_parse dispatches). */
golcl_status golcl__msrle_parse(const char *text, size_t len, golcl_mspattern **out);

golcl_status golcl__mspattern_new(uint32_t w, uint32_t h, golcl_mspattern **out);
void golcl__mspattern_set(golcl_mspattern *p, const golcl_msrule *rule, const golcl_bounds *b,
                          int64_t ox, int64_t oy, uint64_t generation);
uint8_t *golcl__mspattern_cells(golcl_mspattern *p);
/* Appends a comment line (n bytes) to a pattern. */
golcl_status golcl__mspattern_push_comment(golcl_mspattern *p, const char *line, size_t n);

#endif
