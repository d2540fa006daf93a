/* bounds.c — Golly's bounded grids (":P", ":T" with shifts and tubes, ":K",
 * ":C", ":S"): the suffix parsed and written as Golly does, and the cell a
 * position just outside the grid reads (the ghost frame of every step). */
#include "../core/host.h" /* text only: builds and fuzzes without OpenCL */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define BOUNDS_MAX 2000000000 /* Golly's largest side */

typedef struct bparser {
  const char *text, *p;
} bparser;

static golcl_status berr(const bparser *b, const char *at, const char *what) {
  return golcl__fail(NULL, GOLCL_E_PARSE, "bounded grid \"%s\", column %d: %s", b->text,
                     (int)(at - b->text) + 1, what);
}

static golcl_status read_side(bparser *b, uint32_t *v) {
  const char *at = b->p;
  if (!isdigit((unsigned char)*b->p)) return berr(b, at, "expected a size");
  uint64_t x = 0;
  while (isdigit((unsigned char)*b->p)) {
    x = x * 10 + (uint64_t)(*b->p++ - '0');
    if (x > BOUNDS_MAX) return berr(b, at, "a side above 2000000000, Golly's largest");
  }
  *v = (uint32_t)x;
  return GOLCL_OK;
}

/* "*" and "+n"/"-n" after a side. */
static golcl_status read_extras(bparser *b, int *twist, int64_t *shift, const char **shift_at) {
  *twist = 0, *shift = 0, *shift_at = NULL;
  if (*b->p == '*') *twist = 1, b->p++;
  if (*b->p == '+' || *b->p == '-') {
    *shift_at = b->p;
    int neg = *b->p++ == '-';
    if (!isdigit((unsigned char)*b->p)) return berr(b, b->p, "expected the shift after '+' or '-'");
    int64_t x = 0;
    while (isdigit((unsigned char)*b->p)) {
      x = x * 10 + (*b->p++ - '0');
      if (x > BOUNDS_MAX) return berr(b, *shift_at, "a shift above 2000000000");
    }
    *shift = neg ? -x : x;
  }
  return GOLCL_OK;
}

golcl_status golcl_bounds_parse(const char *text, golcl_bounds *out) {
  if (!text || !out) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_bounds_parse: NULL");
  bparser b = {text, text};
  if (*b.p == ':') b.p++;
  char kind = (char)toupper((unsigned char)*b.p);
  if (!strchr("PTKCS", kind) || !kind)
    return berr(&b, b.p,
                "expected P, T, K, C or S (plane, torus, Klein bottle, cross-surface, sphere)");
  b.p++;
  golcl_bounds r;
  memset(&r, 0, sizeof r);
  uint32_t w, h;
  int tw, th;
  int64_t sw, sh;
  const char *swat, *shat, *wat = b.p, *hat;
  golcl_status st = read_side(&b, &w);
  if (st == GOLCL_OK) st = read_extras(&b, &tw, &sw, &swat);
  if (st != GOLCL_OK) return st;
  if (kind == 'S') {
    if (*b.p) return berr(&b, b.p, "a sphere has one side (\":S30\")");
    if (tw || swat) return berr(&b, wat, "a sphere has no twist or shift");
    h = w, th = 0, sh = 0, shat = NULL, hat = wat;
  } else if (*b.p == ',') {
    b.p++;
    hat = b.p;
    st = read_side(&b, &h);
    if (st == GOLCL_OK) st = read_extras(&b, &th, &sh, &shat);
    if (st != GOLCL_OK) return st;
  } else {
    h = w, th = 0, sh = 0, shat = NULL, hat = wat; /* ":T30" is 30×30 */
  }
  if (*b.p) return berr(&b, b.p, "unexpected text after the grid size");
  if ((tw || th) && kind != 'K')
    return berr(&b, tw ? wat : hat, "only a Klein bottle has a twist ('*')");
  if (tw && th) return berr(&b, hat, "a Klein bottle twists one pair of edges");
  if ((swat || shat) && (kind == 'P' || kind == 'C' || kind == 'S'))
    return berr(&b, swat ? swat : shat, "only a torus or a Klein bottle has a shift");
  if (swat && shat) return berr(&b, shat, "a shift on one pair of edges only");
  if ((w == 0 || h == 0) && kind != 'P' && kind != 'T')
    return berr(&b, w == 0 ? wat : hat, "this topology cannot have an unbounded side");
  if ((w == 0 && swat) || (h == 0 && shat))
    return berr(&b, swat ? swat : shat, "an unbounded side cannot be shifted");
  if ((w == 0 && shat) || (h == 0 && swat))
    return berr(&b, swat ? swat : shat, "a shift needs both sides bounded");
  if (w == 0 && h == 0) {
    memset(out, 0, sizeof *out); /* the unbounded plane */
    return GOLCL_OK;
  }
  r.width = w, r.height = h;
  switch (kind) {
    case 'P':
      r.topology = GOLCL_TOPOLOGY_PLANE;
      break;
    case 'T':
      r.topology = GOLCL_TOPOLOGY_TORUS;
      r.shift_x = w ? (int32_t)(sw % (int64_t)w) : 0;
      r.shift_y = h ? (int32_t)(sh % (int64_t)h) : 0;
      break;
    case 'K':
      r.topology = GOLCL_TOPOLOGY_KLEIN;
      if (!tw && !th) th = 1; /* Golly's default */
      if (tw && !th && shat) return berr(&b, shat, "the shift goes on the twisted edges");
      if (th && swat) return berr(&b, swat, "the shift goes on the twisted edges");
      r.twist_x = tw;
      if (tw)
        r.shift_x = sw && w % 2 == 0;
      else
        r.shift_y = sh && h % 2 == 0;
      break;
    case 'C':
      r.topology = GOLCL_TOPOLOGY_CROSS;
      break;
    default:
      r.topology = GOLCL_TOPOLOGY_SPHERE;
      break;
  }
  *out = r;
  return GOLCL_OK;
}

/* Whether b is what golcl_bounds_parse gives. */
static int bounds_valid(const golcl_bounds *b) {
  int64_t w = b->width, h = b->height;
  if (w > BOUNDS_MAX || h > BOUNDS_MAX) return 0;
  switch (b->topology) {
    case GOLCL_TOPOLOGY_INFINITE:
      return !w && !h && !b->shift_x && !b->shift_y && !b->twist_x;
    case GOLCL_TOPOLOGY_PLANE:
      return (w || h) && !b->shift_x && !b->shift_y && !b->twist_x;
    case GOLCL_TOPOLOGY_TORUS:
      return (w || h) && !b->twist_x && !(b->shift_x && b->shift_y) &&
             (!b->shift_x || (w && h && b->shift_x > -w && b->shift_x < w)) &&
             (!b->shift_y || (w && h && b->shift_y > -h && b->shift_y < h));
    case GOLCL_TOPOLOGY_KLEIN:
      if (!w || !h || (unsigned)b->twist_x > 1) return 0;
      if (b->twist_x) return !b->shift_y && (b->shift_x == 0 || (b->shift_x == 1 && w % 2 == 0));
      return !b->shift_x && (b->shift_y == 0 || (b->shift_y == 1 && h % 2 == 0));
    case GOLCL_TOPOLOGY_CROSS:
      return w && h && !b->shift_x && !b->shift_y && !b->twist_x;
    case GOLCL_TOPOLOGY_SPHERE:
      return w && w == h && !b->shift_x && !b->shift_y && !b->twist_x;
  }
  return 0;
}

golcl_status golcl_bounds_format(const golcl_bounds *b, char *buf, size_t cap) {
  if (!b || !buf) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "golcl_bounds_format: NULL");
  if (!bounds_valid(b))
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_bounds_format: not a bounded grid golcl_bounds_parse gives");
  char t[GOLCL_BOUNDS_TEXT_CAP];
  static const char letter[] = " PTKCS";
  int n;
  if (b->topology == GOLCL_TOPOLOGY_INFINITE)
    n = snprintf(t, sizeof t, "%s", "");
  else if (b->topology == GOLCL_TOPOLOGY_SPHERE)
    n = snprintf(t, sizeof t, ":S%u", (unsigned)b->width);
  else {
    int kl = b->topology == GOLCL_TOPOLOGY_KLEIN;
    char ws[16] = "", hs[16] = "";
    if (b->shift_x) snprintf(ws, sizeof ws, "%+d", (int)b->shift_x);
    if (b->shift_y) snprintf(hs, sizeof hs, "%+d", (int)b->shift_y);
    n = snprintf(t, sizeof t, ":%c%u%s%s,%u%s%s", letter[b->topology], (unsigned)b->width,
                 kl && b->twist_x ? "*" : "", ws, (unsigned)b->height, kl && !b->twist_x ? "*" : "",
                 hs);
  }
  if (n < 0 || (size_t)n + 1 > cap)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "golcl_bounds_format: buffer of %zu bytes is too small", cap);
  memcpy(buf, t, (size_t)n + 1);
  return GOLCL_OK;
}

static int64_t mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

int golcl_bounds_neighbour(const golcl_bounds *b, uint32_t gw, uint32_t gh, int64_t x, int64_t y,
                           uint32_t *ox, uint32_t *oy) {
  if (!b || !ox || !oy || !gw || !gh || !bounds_valid(b)) return -1;
  if ((b->width && b->width != gw) || (b->height && b->height != gh)) return -1;
  int64_t W = gw, H = gh;
  if (x < -1 || y < -1 || x > W || y > H) return -1;
  int xo = x < 0 || x >= W, yo = y < 0 || y >= H;
  if (xo || yo) {
    switch (b->topology) {
      case GOLCL_TOPOLOGY_INFINITE:
      case GOLCL_TOPOLOGY_PLANE:
        return 0;
      case GOLCL_TOPOLOGY_TORUS:
        if ((xo && !b->width) || (yo && !b->height)) return 0;
        if (y < 0)
          y += H, x -= b->shift_x;
        else if (y >= H)
          y -= H, x += b->shift_x;
        if (x < 0)
          x += W, y -= b->shift_y;
        else if (x >= W)
          x -= W, y += b->shift_y;
        x = mod(x, W), y = mod(y, H);
        break;
      case GOLCL_TOPOLOGY_KLEIN:
        /* the shift as bgolly 3.3 applies it: Golly's help draws it the
         * other way round (W-1-x+1), its engine reflects to W-1-x-1 */
        if (b->twist_x) {
          if (yo) y = mod(y, H), x = W - 1 - x - b->shift_x;
          x = mod(x, W);
        } else {
          if (xo) x = mod(x, W), y = H - 1 - y - b->shift_y;
          y = mod(y, H);
        }
        break;
      case GOLCL_TOPOLOGY_CROSS:
        if (yo) y = mod(y, H), x = W - 1 - x;
        if (x < 0 || x >= W) x = mod(x, W), y = H - 1 - y;
        break;
      case GOLCL_TOPOLOGY_SPHERE:
        if (xo && yo) { /* the corner cell next to it */
          x = x < 0 ? 0 : W - 1, y = y < 0 ? 0 : H - 1;
        } else if (y < 0) {
          y = x, x = 0;
        } else if (y >= H) {
          y = x, x = W - 1;
        } else if (x < 0) {
          x = y, y = 0;
        } else {
          x = y, y = H - 1;
        }
        break;
    }
  }
  *ox = (uint32_t)x, *oy = (uint32_t)y;
  return 1;
}
