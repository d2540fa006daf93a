/* rule_table.c — every two-state rule family Golly runs (totalistic B/S with
 * V and H, Hensel's isotropic notation, MAP, Wolfram, named rules) parsed into
 * one 512-entry table of the 3×3 neighbourhood, and written back as Golly
 * spells it. */
#include "../core/host.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Bits of the neighbourhood index (golcl.h): NW 256 ... SE 1, centre 16. */
enum { NW = 256, N_ = 128, NE = 64, W_ = 32, C_ = 16, E_ = 8, SW = 4, S_ = 2, SE = 1 };

/* The cells each neighbourhood reads, centre included. */
static const unsigned nb_mask[3] = {0x1ff, N_ | W_ | C_ | E_ | S_, 0x1ff & ~(NE | SW)};
static const int nb_max[3] = {8, 4, 6};

/* Hensel's letters, and for counts 1..4 one configuration of each (the
 * other members of a letter's class are its rotations and reflections);
 * counts 5..7 use the complement of count 8-n. Order of the letters as
 * Golly numbers them. */
static const char hensel_letters[] = "ceaiknjqrytwz";
static const unsigned hensel_rep[4][13] = {
    /* 1 */ {SE, S_},
    /* 2 */ {SW | SE, E_ | S_, S_ | SE, W_ | E_, W_ | SE, NE | SW},
    /* 3 */
    {NE | SW | SE, W_ | E_ | S_, E_ | S_ | SE, SW | S_ | SE, NE | W_ | S_, E_ | SW | SE,
     E_ | SW | S_, NE | SW | S_, W_ | E_ | SE, NE | W_ | SE},
    /* 4 */
    {NW | NE | SW | SE, N_ | W_ | E_ | S_, E_ | SW | S_ | SE, W_ | E_ | SW | SE, NE | W_ | S_ | SE,
     NE | SW | S_ | SE, NE | W_ | E_ | S_, NE | W_ | SW | S_, W_ | E_ | S_ | SE, NE | W_ | SW | SE,
     NE | W_ | E_ | SE, NE | E_ | SW | S_, NE | W_ | E_ | SW},
};
static const int hensel_count[9] = {0, 2, 6, 10, 13, 10, 6, 2, 0};

/* Golly's named two-state rules (its rule dialog), and the multi-state
 * families refused by name. */
static const struct {
  const char *name, *rule;
} named_rules[] = {
    {"Life", "B3/S23"},
    {"3-4 Life", "B34/S34"},
    {"HighLife", "B36/S23"},
    {"AntiLife", "B0123478/S01234678"},
    {"Life without Death", "B3/S012345678"},
    {"Plow World", "B378/S012345678"},
    {"Day & Night", "B3678/S34678"},
    {"Diamoeba", "B35678/S5678"},
    {"LongLife", "B345/S5"},
    {"Seeds", "B2/S"},
    {"Persian Rug", "B234/S"},
    {"Replicator", "B1357/S1357"},
    {"Fredkin", "B1357/S02468"},
    {"Morley", "B368/S245"},
    {"Wolfram 22", "W22"},
    {"Wolfram 30", "W30"},
    {"Wolfram 110", "W110"},
    /* names of LifeWiki's rule lists that bgolly users write */
    {"2x2", "B36/S125"},
    {"Maze", "B3/S12345"},
    {"Mazectric", "B3/S1234"},
    {"Coral", "B3/S45678"},
    {"Amoeba", "B357/S1358"},
    {"Assimilation", "B345/S4567"},
    {"Coagulations", "B378/S235678"},
    {"Gnarl", "B1/S1"},
    {"Move", "B368/S245"},
    {"Stains", "B3678/S235678"},
    {"Walled Cities", "B45678/S2345"},
    {"Serviettes", "B234/S"},
    {"DotLife", "B3/S023"},
    {"Flakes", "B3/S012345678"},
};
static const char *const multi_state[] = {
    "LifeHistory", "WireWorld",   "JvN29",    "Nobili32",       "Hutton32", "Codd",     "Codd2",
    "Devore",      "BriansBrain", "StarWars", "Langtons-Loops", "Evoloop",  "Byl-Loop", "Perrier"};

/* The cells of a MAP string's index, its highest bit first: Golly's
 * documented order for Moore and von Neumann; for the hexagonal one the
 * order bgolly 3.3 reads (measured: the rows from the south, each from the
 * west), which is not the NW N W C E S SE of Golly's help. */
static const unsigned map_order[3][9] = {
    {NW, N_, NE, W_, C_, E_, SW, S_, SE}, {N_, W_, C_, E_, S_}, {S_, SE, W_, C_, E_, NW, N_}};
static const int map_cells[3] = {9, 5, 7};

static unsigned map_index(int nb, unsigned i) {
  unsigned k = 0;
  for (int j = 0; j < map_cells[nb]; j++) k = k << 1 | ((i & map_order[nb][j]) != 0);
  return k;
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

typedef struct parser {
  const char *text; /* the whole text, for messages */
  golcl_rule_table t;
} parser;

static golcl_status perr(const parser *p, const char *at, const char *what) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "rule \"%s\", column %d: %s", p->text,
                     (int)(at - p->text) + 1, what);
}

static int popcount9(unsigned v) {
  int n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

/* The 8 images of a configuration under rotation and reflection. */
static unsigned rot90(unsigned x) {
  /* (r, c) -> (c, 2 - r): NW->NE->SE->SW, N->E->S->W */
  static const int to[9] = {2, 5, 8, 1, 4, 7, 0, 3, 6};
  unsigned y = 0;
  for (int k = 0; k < 9; k++)
    if (x >> (8 - k) & 1) y |= 1u << (8 - to[k]);
  return y;
}
static unsigned flip(unsigned x) { return (x & 0x7) << 6 | (x & 0x1c0) >> 6 | (x & 0x38); }

static void set_class(uint8_t *next, unsigned x, uint8_t v) {
  for (int f = 0; f < 2; f++, x = flip(x))
    for (int r = 0; r < 4; r++, x = rot90(x)) next[x] = v;
}

/* A representative of letter l at count n (1..7), centre dead. */
static unsigned hensel_config(int n, int l) {
  return n <= 4 ? hensel_rep[n - 1][l] : hensel_rep[8 - n - 1][l] ^ 0x1ef;
}

static int letter_index(int n, char c) {
  const char *q = strchr(hensel_letters, c);
  if (!q || !c) return -1;
  int l = (int)(q - hensel_letters);
  return n >= 1 && n <= 7 && l < hensel_count[n] ? l : -1;
}

/* Sets every configuration of n live neighbours (within the neighbourhood),
 * centre `centre`, to v. */
static void set_count(golcl_rule_table *t, int n, unsigned centre, uint8_t v) {
  unsigned m = nb_mask[t->neighbourhood] & ~(unsigned)C_;
  for (unsigned i = 0; i < 512; i++)
    if ((i & C_) == centre && popcount9(i & m) == n) t->next[i] = v;
}

/* One part of a B/S rule, [s, e): counts, each with optional letters. */
static golcl_status parse_part(parser *p, const char *s, const char *e, unsigned centre) {
  int max = nb_max[p->t.neighbourhood];
  int sign[9] = {0}; /* +1 plain letters seen, -1 negated */
  while (s < e) {
    if (!isdigit((unsigned char)*s))
      return perr(p, s,
                  *s == '-' ? "'-' must follow a neighbour count" : "expected a neighbour count");
    int n = *s - '0';
    if (n > max) {
      char m[96];
      snprintf(m, sizeof m, "neighbour count %d is above %d, the most this neighbourhood has", n,
               max);
      return perr(p, s, m);
    }
    s++;
    int neg = 0;
    if (s < e && *s == '-') neg = 1, s++;
    const char *l0 = s;
    while (s < e && isalpha((unsigned char)*s)) s++;
    if (l0 == s) { /* a bare count ("2-" too, as Golly takes it) */
      set_count(&p->t, n, centre, 1);
      continue;
    }
    if (p->t.neighbourhood != GOLCL_NEIGHBOURHOOD_MOORE)
      return perr(p, l0, "Hensel letters need the Moore neighbourhood (no V or H)");
    if (n == 0 || n == 8) return perr(p, l0, "counts 0 and 8 take no letters");
    if (sign[n] && sign[n] != (neg ? -1 : 1))
      return perr(p, l0, "plain and negated letters for the same count");
    if (neg && !sign[n]) {
      set_count(&p->t, n, centre, 1);
    }
    sign[n] = neg ? -1 : 1;
    for (const char *q = l0; q < s; q++) {
      int l = letter_index(n, *q);
      if (l < 0) {
        char m[96];
        snprintf(m, sizeof m, "'%c' is no Hensel letter for %d neighbours", *q, n);
        return perr(p, q, m);
      }
      set_class(p->t.next, hensel_config(n, l) | centre, (uint8_t)!neg);
    }
  }
  return GOLCL_OK;
}

/* "B3/S23", "b36s23", "S23/B3", "23/3", "B2-a_S12", "B2/S013V". [s, e) is
 * the trimmed text. */
static golcl_status parse_bs(parser *p, const char *s, const char *e) {
  char low[256];
  if (e - s >= (long)sizeof low) return perr(p, s, "rule text too long");
  size_t n = (size_t)(e - s);
  for (size_t i = 0; i < n; i++) low[i] = (char)tolower((unsigned char)s[i]);
  const char *sep = NULL, *bp = NULL, *sp = NULL;
  int letters = 0;
  p->t.neighbourhood = GOLCL_NEIGHBOURHOOD_MOORE;
  for (size_t i = 0; i < n; i++) {
    char c = low[i];
    const char *at = s + i;
    if (c == 'h' || c == 'v') {
      if (i + 1 != n) return perr(p, at, "the neighbourhood letter (V or H) goes last");
      p->t.neighbourhood =
          c == 'v' ? GOLCL_NEIGHBOURHOOD_VON_NEUMANN : GOLCL_NEIGHBOURHOOD_HEXAGONAL;
      e--;
    } else if (c == '/' || c == '_') {
      if (sep) return perr(p, at, "only one '/' (or '_') between birth and survival");
      sep = at;
    } else if (c == 'b') {
      if (bp) return perr(p, at, "B given twice");
      bp = at;
    } else if (c == 's') {
      if (sp) return perr(p, at, "S given twice");
      sp = at;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      if (c == '-') letters = 1;
      if (c == '9') return perr(p, at, "neighbour count 9 is impossible");
    } else if (strchr(hensel_letters, c)) {
      letters = 1;
    } else {
      return perr(p, at, "unexpected character");
    }
  }
  if (sep && *sep == '_' && !letters)
    return perr(p, sep, "'_' only in non-totalistic rules (Golly's rule); use '/'");
  const char *b0, *b1, *s0, *s1; /* the birth and survival digits */
  if (sep) {
    int birth_first;
    if (bp && sp && ((bp < sep) == (sp < sep))) return perr(p, sp, "B and S on one side of '/'");
    if (bp || sp)
      birth_first = (bp && bp < sep) || (sp && sp > sep);
    else
      birth_first = 0; /* "23/3": survival, then birth */
    const char *l0 = s, *l1 = sep, *r0 = sep + 1, *r1 = e;
    if (birth_first)
      b0 = l0, b1 = l1, s0 = r0, s1 = r1;
    else
      s0 = l0, s1 = l1, b0 = r0, b1 = r1;
    if (bp && bp != b0) return perr(p, bp, "B must start its part");
    if (sp && sp != s0) return perr(p, sp, "S must start its part");
    if (bp) b0++;
    if (sp) s0++;
  } else if (bp && sp) {
    if (bp != s && sp != s) return perr(p, s, "a rule starts with B or S");
    if (bp < sp)
      b0 = bp + 1, b1 = sp, s0 = sp + 1, s1 = e;
    else
      s0 = sp + 1, s1 = bp, b0 = bp + 1, b1 = e;
  } else if (bp || sp) {
    const char *x = bp ? bp : sp;
    if (x != s) return perr(p, x, "a rule starts with B or S");
    if (bp)
      b0 = bp + 1, b1 = e, s0 = s1 = e;
    else
      s0 = sp + 1, s1 = e, b0 = b1 = e;
  } else {
    return perr(p, s, "expected B, S or '/' (\"B3/S23\", \"23/3\")");
  }
  p->t.family = letters ? GOLCL_RULE_ISOTROPIC : GOLCL_RULE_TOTALISTIC;
  golcl_status st = parse_part(p, b0, b1, 0);
  if (st == GOLCL_OK) st = parse_part(p, s0, s1, C_);
  return st;
}

static golcl_status parse_map(parser *p, const char *s, const char *e) {
  const char *d = s + 3;
  size_t n = (size_t)(e - d);
  if (n > 2 && e[-1] == '=' && e[-2] == '=') n -= 2;
  int nb;
  if (n == 86)
    nb = GOLCL_NEIGHBOURHOOD_MOORE;
  else if (n == 22)
    nb = GOLCL_NEIGHBOURHOOD_HEXAGONAL;
  else if (n == 6)
    nb = GOLCL_NEIGHBOURHOOD_VON_NEUMANN;
  else
    return perr(p, d, "MAP needs 86 (Moore), 22 (hexagonal) or 6 (von Neumann) base64 characters");
  uint8_t bits[516] = {0};
  for (size_t i = 0; i < n; i++) {
    const char *q = d[i] ? strchr(b64, d[i]) : NULL;
    if (!q) return perr(p, d + i, "not a base64 character");
    int v = (int)(q - b64);
    for (int b = 0; b < 6; b++) bits[6 * i + (size_t)b] = (uint8_t)(v >> (5 - b) & 1);
  }
  p->t.neighbourhood = (golcl_neighbourhood)nb;
  p->t.family = GOLCL_RULE_MAP;
  for (unsigned i = 0; i < 512; i++) p->t.next[i] = bits[map_index(nb, i)];
  return GOLCL_OK;
}

static golcl_status parse_wolfram(parser *p, const char *s, const char *e) {
  int w = 0;
  for (const char *q = s + 1; q < e; q++) {
    if (!isdigit((unsigned char)*q)) return perr(p, q, "a Wolfram rule is W and a number");
    w = w * 10 + (*q - '0');
    if (w > 254) return perr(p, q, "Wolfram rules go up to W254");
  }
  if (e == s + 1) return perr(p, e, "a Wolfram rule is W and a number");
  if (w & 1)
    return perr(p, s + 1, "odd Wolfram rules (a B0 rule in 1-D) are not supported, as in Golly");
  p->t.neighbourhood = GOLCL_NEIGHBOURHOOD_MOORE;
  p->t.family = GOLCL_RULE_WOLFRAM;
  /* a cell stays alive; a dead one is born from the row above, NW N NE
   * read as a 3-bit number (Golly's orientation) */
  for (unsigned i = 0; i < 512; i++)
    p->t.next[i] = (uint8_t)((i >> 4 & 1) | (w >> (i >> 6 & 7) & 1));
  return GOLCL_OK;
}

/* A named rule as people spell it: case, spaces, '-' and '_' aside, '&' as
 * "and" ("Day & Night", "DayAndNight", "day_and_night", "LifeWithoutDeath"). */
static int name_eq(const char *a, size_t n, const char *b) {
  size_t i = 0;
  for (;;) {
    while (i < n && strchr(" -_", a[i])) i++;
    while (*b && strchr(" -_", *b)) b++;
    if (i == n || !*b) return i == n && !*b;
    if (a[i] == '&' || *b == '&') {
      const char *w = a[i] == '&' ? b : a + i; /* the other side must say "and" */
      size_t left = a[i] == '&' ? strlen(b) : n - i;
      if (a[i] == '&' && *b == '&') {
        i++, b++;
        continue;
      }
      if (left < 3 || tolower((unsigned char)w[0]) != 'a' || tolower((unsigned char)w[1]) != 'n' ||
          tolower((unsigned char)w[2]) != 'd')
        return 0;
      if (a[i] == '&')
        i++, b += 3;
      else
        i += 3, b++;
      continue;
    }
    if (tolower((unsigned char)a[i]) != tolower((unsigned char)*b)) return 0;
    i++, b++;
  }
}

static int ieq(const char *a, size_t n, const char *b) {
  if (strlen(b) != n) return 0;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i])) return 0;
  return 1;
}

/* Generations ("345/3/6", "B3/S23/C3"), Larger than Life ("R5,C0,..."),
 * known multi-state names and other RuleLoader names. */
static golcl_status refuse_family(const parser *p, const char *s, const char *e) {
  size_t n = (size_t)(e - s);
  int slashes = 0, comma = 0;
  const char *last = s;
  for (const char *q = s; q < e; q++) {
    if (*q == '/') slashes++, last = q + 1;
    comma += *q == ',';
  }
  if (slashes == 2 &&
      (last == e || !(isdigit((unsigned char)*last) || tolower((unsigned char)*last) == 'c')))
    slashes = 0; /* "B3/S23/": malformed, said by the B/S parser */
  for (size_t i = 0; i < sizeof multi_state / sizeof *multi_state; i++)
    if (ieq(s, n, multi_state[i]))
      return golcl__fail(
          NULL, GOLCL_E_UNSUPPORTED,
          "rule \"%s\": %s is a multi-state rule; libgolcl runs two-state rules only", p->text,
          multi_state[i]);
  if (slashes == 2 || (n > 1 && toupper((unsigned char)*s) == 'G' && isdigit((unsigned char)s[1])))
    return golcl__fail(
        NULL, GOLCL_E_UNSUPPORTED,
        "rule \"%s\": a Generations rule (multi-state); libgolcl runs two-state rules only",
        p->text);
  if (toupper((unsigned char)*s) == 'R' && n > 1 && isdigit((unsigned char)s[1]) &&
      (comma || strspn(s + 1, "0123456789") == n - 1))
    return golcl__fail(
        NULL, GOLCL_E_UNSUPPORTED,
        "rule \"%s\": a Larger than Life rule; libgolcl runs the 3x3 neighbourhood only", p->text);
  return GOLCL_OK;
}

static int looks_named(const char *s, const char *e) {
  /* a name: what B/S cannot start with, or a word without any count that
   * has letters B/S rules never use ("Sand-Margolus-emulated") or a letter
   * or '-' that follows no count ("Banks-I") */
  char c0 = (char)tolower((unsigned char)*s);
  if (!strchr("bs/_", c0) && !isdigit((unsigned char)c0)) return 1;
  int digits = 0, odd = 0, after_count = 0;
  for (const char *q = s; q < e; q++) {
    char c = (char)tolower((unsigned char)*q);
    if (isdigit((unsigned char)c)) {
      digits++, after_count = 1;
    } else if (c == '-' || (isalpha((unsigned char)c) && strchr(hensel_letters, c))) {
      if (!after_count) odd++;
    } else {
      after_count = 0;
      odd += c == ' ' || (isalpha((unsigned char)c) && !strchr("bsvh", c));
    }
  }
  return odd && !digits; /* with a count, a malformed B/S rule: a parse error */
}

/* An unknown name: the message lists every name there is. */
static golcl_status unknown_name(const char *text) {
  char names[1024] = "";
  size_t len = 0;
  for (size_t i = 0; i < sizeof named_rules / sizeof *named_rules && len < sizeof names; i++) {
    int n = snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", named_rules[i].name);
    if (n > 0) len += (size_t)n;
  }
  return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                     "rule \"%s\": not a rule libgolcl knows (a RuleLoader .rule name, or a "
                     "multi-state family?); two-state rules are B/S, Hensel, MAP, W or one of "
                     "the named rules: %s",
                     text, names);
}

golcl_status golcl_rule_table_parse(const char *text, golcl_rule_table *out) {
  if (!text || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_table_parse: NULL");
  parser p;
  memset(&p, 0, sizeof p);
  p.text = text;
  const char *s = text, *e = text + strlen(text);
  while (isspace((unsigned char)*s)) s++;
  while (e > s && isspace((unsigned char)e[-1])) e--;
  if (s == e) return perr(&p, s, "empty rule");
  for (const char *q = s; q < e; q++)
    if (*q == ':')
      return perr(&p, q, "a topology suffix (\":T10,10\") belongs to a pattern's rule");
  for (size_t i = 0; i < sizeof named_rules / sizeof *named_rules; i++)
    if (name_eq(s, (size_t)(e - s), named_rules[i].name)) {
      golcl_rule_table t;
      golcl_status st = golcl_rule_table_parse(named_rules[i].rule, &t);
      if (st == GOLCL_OK) *out = t;
      return st;
    }
  golcl_status st = GOLCL_OK;
  if (e - s >= 3 && ieq(s, 3, "map") && !(e - s > 3 && !strchr(b64, s[3]))) {
    st = parse_map(&p, s, e);
    if (st == GOLCL_OK) *out = p.t;
    return st;
  }
  st = refuse_family(&p, s, e);
  if (st != GOLCL_OK) return st;
  if ((*s == 'W' || *s == 'w') && e - s > 1 && isdigit((unsigned char)s[1]))
    st = parse_wolfram(&p, s, e);
  else if (looks_named(s, e))
    return unknown_name(text);
  else
    st = parse_bs(&p, s, e);
  if (st == GOLCL_OK) *out = p.t;
  return st;
}

/* Formatting ----------------------------------------------------------------- */

typedef struct sbuf {
  char s[GOLCL_RULE_TEXT_CAP + 8];
  size_t n;
} sbuf;

static void put(sbuf *b, char c) {
  if (b->n + 1 < sizeof b->s) b->s[b->n++] = c;
}

static int table_valid(const golcl_rule_table *t) {
  if ((unsigned)t->neighbourhood > 2 || (unsigned)t->family > 3) return 0;
  unsigned ign = 0x1ff & ~nb_mask[t->neighbourhood];
  for (unsigned i = 0; i < 512; i++)
    if (t->next[i] > 1 || t->next[i] != t->next[i & ~ign]) return 0;
  return 1;
}

/* Whether a table is isotropic (Moore) or totalistic (V, H). Isotropic:
 * unchanged by a quarter turn and by a reflection, which make the other
 * six symmetries (each call of the eight images of every configuration was
 * a sixth of a 1000-generation run of acorn, which formats its rule four
 * times). Totalistic: each configuration's entry that of the first one
 * with its centre and its count of neighbours. */
static int spellable_bs(const golcl_rule_table *t) {
  if (t->neighbourhood == GOLCL_NEIGHBOURHOOD_MOORE) {
    for (unsigned i = 0; i < 512; i++)
      if (t->next[rot90(i)] != t->next[i] || t->next[flip(i)] != t->next[i]) return 0;
    return 1;
  }
  unsigned m = nb_mask[t->neighbourhood] & ~(unsigned)C_;
  int first[2][10];
  memset(first, -1, sizeof first);
  for (unsigned i = 0; i < 512; i++) {
    int *f = &first[(i & C_) != 0][popcount9(i & m)];
    if (*f < 0)
      *f = (int)i;
    else if (t->next[i] != t->next[*f])
      return 0;
  }
  return 1;
}

/* The counts of a totalistic table (each configuration's entry that of
 * every other with its centre and its count of neighbours) into bs[0]
 * (birth) and bs[1] (survival); 0 where it is not totalistic. The common
 * case, whose digits alone are its text: no symmetry to check, no Hensel
 * letters (five texts a 1000-generation run of a small pattern, each of
 * 15 µs through those, 2026-11-29). */
static int totalistic_parts(const golcl_rule_table *t, uint16_t bs[2]) {
  const unsigned nb = nb_mask[t->neighbourhood], m = nb & ~(unsigned)C_;
  int first[2][10];
  memset(first, -1, sizeof first);
  bs[0] = bs[1] = 0;
  for (unsigned i = 0; i < 512; i++) {
    if (i & ~nb) continue; /* a cell the neighbourhood ignores: the same entry (table_valid) */
    const int c = (i & C_) != 0, n = popcount9(i & m);
    if (first[c][n] < 0) {
      first[c][n] = t->next[i];
      bs[c] |= (uint16_t)(t->next[i] << n);
    } else if (first[c][n] != t->next[i]) {
      return 0;
    }
  }
  return 1;
}

/* One part ("B..." or "S...") in Golly's canonical Hensel form. */
static void format_part(sbuf *b, const golcl_rule_table *t, unsigned centre) {
  int max = nb_max[t->neighbourhood];
  unsigned m = nb_mask[t->neighbourhood] & ~(unsigned)C_;
  for (int n = 0; n <= max; n++) {
    if (t->neighbourhood != GOLCL_NEIGHBOURHOOD_MOORE || n == 0 || n == 8) {
      for (unsigned i = 0; i < 512; i++)
        if ((i & C_) == centre && popcount9(i & m) == n) {
          if (t->next[i]) put(b, (char)('0' + n));
          break;
        }
      continue;
    }
    int cnt = hensel_count[n], have[13], k = 0;
    for (int l = 0; l < cnt; l++) k += have[l] = t->next[hensel_config(n, l) | centre];
    if (k == 0) continue;
    put(b, (char)('0' + n));
    if (k == cnt) continue;
    int neg = k > cnt / 2 && !(k == 7 && cnt == 13);
    if (neg) put(b, '-');
    for (char c = 'a'; c <= 'z'; c++) { /* alphabetical */
      int l = letter_index(n, c);
      if (l >= 0 && have[l] != neg) put(b, c);
    }
  }
}

golcl_status golcl_rule_table_format(const golcl_rule_table *t, char *buf, size_t cap) {
  if (!t || !buf) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_table_format: NULL");
  if (!table_valid(t))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_rule_table_format: a bad neighbourhood or family, an entry not 0 "
                       "or 1, or a table that reads cells its neighbourhood ignores");
  sbuf b = {{0}, 0};
  uint16_t bs[2];
  if (t->family == GOLCL_RULE_MAP) {
    static const int nbits[3] = {512, 32, 128};
    int len = nbits[t->neighbourhood];
    uint8_t bits[516] = {0};
    for (unsigned i = 0; i < 512; i++) bits[map_index(t->neighbourhood, i)] = t->next[i];
    put(&b, 'M'), put(&b, 'A'), put(&b, 'P');
    for (int i = 0; i < len; i += 6) {
      int v = 0;
      for (int j = 0; j < 6; j++) v = v << 1 | (i + j < len ? bits[i + j] : 0);
      put(&b, b64[v]);
    }
  } else if (t->family == GOLCL_RULE_WOLFRAM) {
    int w = 0;
    for (unsigned i = 0; i < 512; i++)
      if (t->next[i] != ((i >> 4 & 1) | t->next[(i >> 6 & 7) << 6])) w = -1;
    for (int k = 0; k < 8 && w >= 0; k++) w |= t->next[(unsigned)k << 6] << k;
    if (w < 0 || (w & 1))
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_rule_table_format: the table is no even Wolfram rule");
    b.n = (size_t)snprintf(b.s, sizeof b.s, "W%d", w);
  } else if (totalistic_parts(t, bs)) {
    for (int c = 0; c < 2; c++) {
      if (c) put(&b, '/');
      put(&b, c ? 'S' : 'B');
      for (int n = 0; n <= nb_max[t->neighbourhood]; n++)
        if (bs[c] >> n & 1) put(&b, (char)('0' + n));
    }
    if (t->neighbourhood == GOLCL_NEIGHBOURHOOD_VON_NEUMANN) put(&b, 'V');
    if (t->neighbourhood == GOLCL_NEIGHBOURHOOD_HEXAGONAL) put(&b, 'H');
  } else {
    if (!spellable_bs(t))
      return golcl__fail(
          NULL, GOLCL_E_INVALID_ARG,
          "golcl_rule_table_format: the table is not %s; spell it as MAP",
          t->neighbourhood == GOLCL_NEIGHBOURHOOD_MOORE ? "isotropic" : "totalistic");
    put(&b, 'B');
    format_part(&b, t, 0);
    put(&b, '/');
    put(&b, 'S');
    format_part(&b, t, C_);
    if (t->neighbourhood == GOLCL_NEIGHBOURHOOD_VON_NEUMANN) put(&b, 'V');
    if (t->neighbourhood == GOLCL_NEIGHBOURHOOD_HEXAGONAL) put(&b, 'H');
  }
  if (b.n + 1 > cap)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_rule_table_format: %zu bytes needed, buffer of %zu", b.n + 1, cap);
  memcpy(buf, b.s, b.n);
  buf[b.n] = '\0';
  return GOLCL_OK;
}

golcl_status golcl_rule_table_from_rule(golcl_rule r, golcl_rule_table *out) {
  if (!out || (r.birth | r.survive) >> 9)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_table_from_rule: bad argument");
  for (unsigned i = 0; i < 512; i++) {
    int n = popcount9(i & ~(unsigned)C_);
    out->next[i] = (uint8_t)(((i & C_) ? r.survive : r.birth) >> n & 1);
  }
  out->neighbourhood = GOLCL_NEIGHBOURHOOD_MOORE;
  out->family = GOLCL_RULE_TOTALISTIC;
  return GOLCL_OK;
}

golcl_status golcl_rule_table_totalistic(const golcl_rule_table *t, golcl_rule *out) {
  if (!t || !out)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_table_totalistic: NULL");
  golcl_rule r = {0, 0};
  for (unsigned i = 0; i < 512; i++) {
    int n = popcount9(i & ~(unsigned)C_);
    uint16_t *m = (i & C_) ? &r.survive : &r.birth;
    if (t->next[i] > 1)
      return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                         "golcl_rule_table_totalistic: entry not 0 or 1");
    if (t->next[i]) *m |= (uint16_t)(1u << n);
  }
  for (unsigned i = 0; i < 512; i++) {
    int n = popcount9(i & ~(unsigned)C_);
    if (t->next[i] != (((i & C_) ? r.survive : r.birth) >> n & 1))
      return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                         "the rule is not outer totalistic over the Moore neighbourhood");
  }
  *out = r;
  return GOLCL_OK;
}

golcl_status golcl_rule_table_at(const golcl_rule_table *t, uint64_t generation, uint8_t out[512]) {
  if (!t || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_rule_table_at: NULL");
  int b0 = t->next[0] & 1, smax = t->next[511] & 1;
  for (unsigned i = 0; i < 512; i++) {
    uint8_t v = t->next[i] & 1, r = t->next[511 - i] & 1;
    if (!b0)
      out[i] = v;
    else if (smax)
      out[i] = (uint8_t)!r; /* NOT rule(NOT x) */
    else if (generation & 1)
      out[i] = r; /* rule(NOT x) */
    else
      out[i] = (uint8_t)!v; /* NOT rule(x) */
  }
  return GOLCL_OK;
}
