/* msrule.c — multi-state rules as Golly 3.3 spells them: Generations
 * ("S/B/C" over any two-state table of golcl_rule_table_parse, V or H at
 * the end) and Larger than Life (MCell's "R,C,M,S..,B..,N" and Evans's five
 * numbers); parse with the column of the fault, format as Golly writes. */
#include "ruletree.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cursor {
  const char *orig; /* the caller's text, for messages */
  const char *s;    /* trimmed text */
  size_t n, i, lead;
} cursor;

static golcl_status perr(const cursor *c, size_t at, const char *why) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "rule \"%s\", column %zu: %s", c->orig, c->lead + at + 1,
                     why);
}

uint32_t golcl__ltl_span(golcl_ltl_neighbourhood n, uint32_t range, int32_t dy) {
  uint32_t a = (uint32_t)(dy < 0 ? -dy : dy);
  if (a > range) return 0;
  if (n == GOLCL_LTL_MOORE) return range;
  if (n == GOLCL_LTL_VON_NEUMANN) return range - a;
  /* circular: dx² + dy² < (R + 1/2)², i.e. dx² + dy² <= R² + R in integers */
  uint64_t lim = (uint64_t)range * range + range - (uint64_t)a * a, d = 0;
  while ((d + 1) * (d + 1) <= lim) d++;
  return (uint32_t)d;
}

uint32_t golcl_msrule_neighbourhood_size(const golcl_msrule *r) {
  if (!r) return 0;
  if (r->family == GOLCL_MS_RULELOADER) return golcl__ruletree_valid(r->tree) ? r->tree->depth : 0;
  if (golcl__ms_is_jvn(r->family)) return 5;
  if (r->family == GOLCL_MS_GENERATIONS) {
    if (r->table.neighbourhood == GOLCL_NEIGHBOURHOOD_VON_NEUMANN) return 5;
    if (r->table.neighbourhood == GOLCL_NEIGHBOURHOOD_HEXAGONAL) return 7;
    return 9;
  }
  if (r->range < 1 || r->range > GOLCL_LTL_MAX_RANGE) return 0;
  uint32_t size = 0;
  for (int32_t dy = -(int32_t)r->range; dy <= (int32_t)r->range; dy++)
    size += 2 * golcl__ltl_span(r->nbhd, r->range, dy) + 1;
  return r->middle ? size : size - 1;
}

golcl_status golcl__msrule_check(const golcl_msrule *r, const char **why) {
  if (golcl__ms_is_jvn(r->family)) /* 29 or 32 states, nothing else */
    return r->states == (r->family == GOLCL_MS_JVN29 ? 29u : 32u)
               ? GOLCL_OK
               : (*why = "states is not the JvN rule's (29 or 32)", GOLCL_E_INVALID_ARG);
  if (r->family == GOLCL_MS_GENERATIONS) {
    if (r->states < 2 || r->states > 256)
      return *why = "states outside 2..256", GOLCL_E_INVALID_ARG;
    char buf[GOLCL_RULE_TEXT_CAP];
    if (golcl_rule_table_format(&r->table, buf, sizeof buf) != GOLCL_OK ||
        r->table.family == GOLCL_RULE_WOLFRAM)
      return *why = "a table golcl_rule_table_format refuses, or Wolfram's", GOLCL_E_INVALID_ARG;
    if (r->table.next[0]) return *why = "B0 (Generations does not allow it)", GOLCL_E_INVALID_ARG;
    return GOLCL_OK;
  }
  if (r->family == GOLCL_MS_RULELOADER) {
    if (!golcl__ruletree_valid(r->tree))
      return *why = "a RuleLoader rule without a tree golcl_msrule_load made", GOLCL_E_INVALID_ARG;
    if (r->states != r->tree->states) return *why = "states is not the tree's", GOLCL_E_INVALID_ARG;
    return GOLCL_OK;
  }
  if (r->family != GOLCL_MS_LTL) return *why = "bad family", GOLCL_E_INVALID_ARG;
  if (r->range < 1 || r->range > GOLCL_LTL_MAX_RANGE)
    return *why = "range outside 1..500", GOLCL_E_INVALID_ARG;
  if (r->ltl_c > 256) return *why = "C above 256", GOLCL_E_INVALID_ARG;
  if (r->ltl_c == 1 || r->ltl_c == 2 || r->states != (r->ltl_c ? r->ltl_c : 2))
    return *why = "ltl_c is not 0 or 3..256, or states is not ltl_c (2 for 0)", GOLCL_E_INVALID_ARG;
  if (r->middle > 1) return *why = "M is not 0 or 1", GOLCL_E_INVALID_ARG;
  if ((unsigned)r->nbhd > GOLCL_LTL_CIRCULAR)
    return *why = "bad neighbourhood", GOLCL_E_INVALID_ARG;
  uint32_t size = golcl_msrule_neighbourhood_size(r);
  if (r->smin > r->smax || r->bmin > r->bmax || r->smax > size || r->bmax > size)
    return *why = "S or B limits out of order or above the neighbourhood's size",
           GOLCL_E_INVALID_ARG;
  return GOLCL_OK;
}

/* --------------------------------------------------------- Larger than Life */

static int num(cursor *c, uint32_t *out) {
  size_t k = 0;
  uint64_t v = 0;
  while (c->i < c->n && isdigit((unsigned char)c->s[c->i])) {
    if (++k > 9) return 0;
    v = v * 10 + (uint64_t)(c->s[c->i++] - '0');
  }
  *out = (uint32_t)v;
  return k > 0;
}

static int lit(cursor *c, const char *t) {
  size_t k = strlen(t);
  if (c->i + k > c->n || strncmp(c->s + c->i, t, k) != 0) return 0;
  c->i += k;
  return 1;
}

#define BAD(c) perr(c, (c)->i, "bad syntax in Larger than Life rule")

static golcl_status ltl_limits(cursor *c, golcl_msrule *r) {
  if (r->range < 1) return perr(c, 1, "R value is too small (1..500)");
  if (r->range > GOLCL_LTL_MAX_RANGE) return perr(c, 1, "R value is too big (1..500)");
  if (r->ltl_c > 256) return perr(c, 0, "C value must be from 0 to 256");
  if (r->middle > 1) return perr(c, 0, "M value must be 0 or 1");
  if (r->smin > r->smax) return perr(c, 0, "S minimum must be <= S maximum");
  if (r->bmin > r->bmax) return perr(c, 0, "B minimum must be <= B maximum");
  r->states = r->ltl_c < 2 ? 2 : r->ltl_c;
  if (r->ltl_c <= 2) r->ltl_c = 0; /* C0, C1 and C2 are Golly's C0 */
  uint32_t size = golcl_msrule_neighbourhood_size(r);
  char why[96];
  if (r->smax > size || r->bmax > size) {
    snprintf(why, sizeof why, "%s value must be from 0 to %u (the neighbourhood's size%s)",
             r->smax > size ? "S" : "B", (unsigned)size, r->middle ? "" : " less the middle");
    return perr(c, 0, why);
  }
  return GOLCL_OK;
}

static golcl_status parse_ltl(cursor *c, golcl_msrule *r) {
  memset(r, 0, sizeof *r);
  r->family = GOLCL_MS_LTL;
  if (c->s[0] == 'r') return perr(c, 0, "bad syntax in Larger than Life rule (upper case only)");
  if (c->s[0] != 'R') { /* Evans: r,bmin,bmax,smin,smax */
    uint32_t v[5];
    for (int k = 0; k < 5; k++)
      if ((k && !lit(c, ",")) || !num(c, &v[k])) return BAD(c);
    if (c->i != c->n) return BAD(c);
    r->range = v[0], r->bmin = v[1], r->bmax = v[2], r->smin = v[3], r->smax = v[4];
    r->middle = 1, r->nbhd = GOLCL_LTL_MOORE;
    return ltl_limits(c, r);
  }
  c->i = 1;
  if (!num(c, &r->range) || !lit(c, ",C") || !num(c, &r->ltl_c) || !lit(c, ",M") ||
      !num(c, &r->middle) || !lit(c, ",S") || !num(c, &r->smin) || !lit(c, "..") ||
      !num(c, &r->smax) || !lit(c, ",B") || !num(c, &r->bmin) || !lit(c, "..") ||
      !num(c, &r->bmax) || !lit(c, ",N"))
    return BAD(c);
  if (c->i >= c->n) return BAD(c);
  char n = c->s[c->i];
  if (n != 'M' && n != 'N' && n != 'C') return perr(c, c->i, "N must be followed by M or N or C");
  r->nbhd = n == 'M' ? GOLCL_LTL_MOORE : n == 'N' ? GOLCL_LTL_VON_NEUMANN : GOLCL_LTL_CIRCULAR;
  if (++c->i != c->n) return perr(c, c->i, "bad suffix");
  return ltl_limits(c, r);
}

/* -------------------------------------------------------------- Generations */

/* golcl_rule_table_parse's message for the text `part` (which starts at
 * column 0 of the trimmed text) moved to the caller's text. */
static golcl_status table_fail(const cursor *c, golcl_status s) {
  const char *m = golcl_last_errmsg();
  const char *at = m ? strstr(m, ", column ") : NULL;
  int col = 0, off = 0;
  if (s == GOLCL_E_PARSE && at && sscanf(at, ", column %d: %n", &col, &off) == 1 && off > 0) {
    char why[400];
    snprintf(why, sizeof why, "%s", at + off);
    return perr(c, col > 0 ? (size_t)col - 1 : 0, why);
  }
  if (s == GOLCL_E_UNSUPPORTED) {
    char why[400];
    snprintf(why, sizeof why, "%s", m ? m : "");
    return golcl__fail(NULL, s, "%s", why);
  }
  return perr(c, 0, "not a Generations rule");
}

static golcl_status parse_generations(cursor *c, golcl_msrule *r) {
  size_t n = c->n;
  char nb = 0;
  if (n && strchr("VvHh", c->s[n - 1])) nb = (char)toupper((unsigned char)c->s[--n]);
  size_t slash = n;
  while (slash > 0 && c->s[slash - 1] != '/') slash--;
  if (slash == 0) return perr(c, 0, "rule must contain two slashes");
  size_t i = slash;
  if (i < n && (c->s[i] == 'C' || c->s[i] == 'c')) i++; /* "B3/S23/C4" */
  uint32_t states = 0;
  size_t d = i;
  while (i < n && isdigit((unsigned char)c->s[i]) && i - d < 4)
    states = states * 10 + (uint32_t)(c->s[i++] - '0');
  if (i == d || i != n) return perr(c, i, "the number of states must end the rule (digits)");
  if (states < 2) return perr(c, d, "number of states too low (2..256)");
  if (states > 256) return perr(c, d, "number of states too high (2..256)");
  size_t rest = slash - 1; /* the two-state part, without the last '/' */
  int map = rest >= 3 && strncmp(c->s, "MAP", 3) == 0;
  const char *first = memchr(c->s, '/', rest);
  if (!map && (!first || memchr(first + 1, '/', rest - (size_t)(first + 1 - c->s))))
    return perr(c, first ? rest : slash - 1, "rule must contain two slashes");
  for (size_t k = 0; k < rest && !map; k++) {
    if (strchr("VvHh", c->s[k])) return perr(c, k, "neighbourhood must be at end of rule");
    if (isalpha((unsigned char)c->s[k]) && !strchr("BbSs", c->s[k]) &&
        !(k > 0 &&
          (isdigit((unsigned char)c->s[k - 1]) || islower((unsigned char)c->s[k - 1]) ||
           c->s[k - 1] == '-') &&
          islower((unsigned char)c->s[k])))
      return perr(c, k, "not a Generations rule (a letter that is neither B, S nor Hensel's)");
  }
  char part[1024];
  if (rest + 2 > sizeof part) return perr(c, 0, "rule too long");
  memcpy(part, c->s, rest);
  part[rest] = nb;
  part[rest + (nb != 0)] = '\0';
  golcl_rule_table t;
  golcl_status s = golcl_rule_table_parse(part, &t);
  if (s != GOLCL_OK) return table_fail(c, s);
  if (t.family == GOLCL_RULE_WOLFRAM) return perr(c, 0, "not a Generations rule (Wolfram's)");
  char canon[GOLCL_RULE_TEXT_CAP]; /* the family of the canonical text ("3a3" is "3") */
  if (golcl_rule_table_format(&t, canon, sizeof canon) == GOLCL_OK)
    golcl_rule_table_parse(canon, &t);
  if (t.next[0]) return perr(c, 0, "Generations does not support B0");
  memset(r, 0, sizeof *r);
  r->family = GOLCL_MS_GENERATIONS;
  r->states = states;
  r->table = t;
  return GOLCL_OK;
}

/* Text with a '/' that is not Generations may still name a rule file
 * (Golly reads "a/b" as a_b.rule): that rule, or the Generations error
 * `s` where no folder holds one (a file that fails to load says so). */
static golcl_status name_with_slash(const char *name, golcl_msrule *r, golcl_status s) {
  char why[GOLCL__ERRMSG_CAP];
  snprintf(why, sizeof why, "%s", golcl_last_errmsg());
  golcl_status f = golcl__ruletree_find(name, r);
  return f == GOLCL_E_UNSUPPORTED ? golcl__fail(NULL, s, "%s", why) : f;
}

golcl_status golcl_msrule_parse(const char *text, golcl_msrule *out) {
  if (!text || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_parse: NULL argument");
  cursor c = {text, text, strlen(text), 0, 0};
  while (c.n && isspace((unsigned char)c.s[0])) c.s++, c.n--, c.lead++;
  while (c.n && isspace((unsigned char)c.s[c.n - 1])) c.n--;
  if (!c.n) return perr(&c, 0, "empty rule");
  golcl_msrule r;
  golcl_status s;
  if (golcl__jvn_parse(c.s, c.n, &r)) { /* Golly's JvN algorithm */
    *out = r;
    return GOLCL_OK;
  }
  int ltl = ((c.s[0] == 'R' || c.s[0] == 'r') && c.n > 1 && isdigit((unsigned char)c.s[1])) ||
            (isdigit((unsigned char)c.s[0]) && memchr(c.s, ',', c.n) && !memchr(c.s, '/', c.n));
  if (ltl) {
    s = parse_ltl(&c, &r);
  } else {
    char copy[1024];
    golcl_rule_table t;
    snprintf(copy, sizeof copy, "%.*s", (int)c.n, c.s);
    s = golcl_rule_table_parse(copy, &t);
    if (s == GOLCL_OK)
      return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                         "rule \"%s\": a two-state rule (golcl_rule_table_parse and the "
                         "two-state grid run it); as Generations it needs the number of states, "
                         "\"S/B/2\"",
                         text);
    if (memchr(c.s, '/', c.n)) { /* the two-state parser names Generations unsupported */
      s = parse_generations(&c, &r);
      if (s == GOLCL_E_PARSE) s = name_with_slash(copy, &r, s);
    } else {
      golcl_status two = s;
      s = golcl__ruletree_find(copy, &r); /* NAME.rule in the rule folders */
      if (s == GOLCL_E_UNSUPPORTED && two != GOLCL_E_UNSUPPORTED)
        return perr(&c, 0,
                    "neither Generations (S/B/C) nor Larger than Life (R,C,M,S,B,N), and no "
                    "rule file of that name");
    }
  }
  if (s == GOLCL_OK) *out = r;
  return s;
}

/* ------------------------------------------------------------------ format */

golcl_status golcl_msrule_format(const golcl_msrule *r, char *buf, size_t cap) {
  if (!r || !buf)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_format: NULL argument");
  const char *why;
  if (golcl__msrule_check(r, &why) != GOLCL_OK)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_format: %s", why);
  char text[GOLCL_MSRULE_TEXT_CAP];
  if (r->family == GOLCL_MS_RULELOADER) {
    snprintf(text, sizeof text, "%s", r->tree->name);
  } else if (golcl__ms_is_jvn(r->family)) {
    snprintf(text, sizeof text, "%s", golcl__jvn_name(r->family));
  } else if (r->family == GOLCL_MS_LTL) {
    static const char nl[] = "MNC";
    snprintf(text, sizeof text, "R%u,C%u,M%u,S%u..%u,B%u..%u,N%c", (unsigned)r->range,
             (unsigned)r->ltl_c, (unsigned)r->middle, (unsigned)r->smin, (unsigned)r->smax,
             (unsigned)r->bmin, (unsigned)r->bmax, nl[r->nbhd]);
  } else {
    char t[GOLCL_RULE_TEXT_CAP];
    golcl_rule_table_format(&r->table, t, sizeof t);
    size_t n = strlen(t);
    if (r->table.family == GOLCL_RULE_MAP) {
      snprintf(text, sizeof text, "%s/%u", t, (unsigned)r->states);
    } else { /* "B<b>/S<s>[V|H]" -> "<s>/<b>/<states>[V|H]" */
      char suffix[2] = {0, 0};
      if (n && (t[n - 1] == 'V' || t[n - 1] == 'H')) suffix[0] = t[--n];
      t[n] = '\0';
      char *sl = strstr(t, "/S");
      if (t[0] != 'B' || !sl)
        return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_msrule_format: table text \"%s\"", t);
      *sl = '\0';
      snprintf(text, sizeof text, "%s/%s/%u%s", sl + 2, t + 1, (unsigned)r->states, suffix);
    }
  }
  if (strlen(text) + 1 > cap)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_msrule_format: %zu bytes needed, %zu given", strlen(text) + 1, cap);
  memcpy(buf, text, strlen(text) + 1);
  return GOLCL_OK;
}
