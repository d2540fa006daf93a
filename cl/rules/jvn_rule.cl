/* jvn_rule.cl — the next state of a cell under Golly's JvN algorithm
 * (JvN29, Nobili32, Hutton32), from the cell and its four von Neumann
 * neighbours. Written in the C that OpenCL C and C11 both compile: the
 * kernel (cl/rules/jvn.cl) and the host reference (lib/rules/jvn_rule.c)
 * include this one definition; the tests compare both with bgolly -a JvN.
 *
 * States as Golly numbers them: 0 ground; 1..8 sensitised; 9..24
 * transmission (ordinary 9..16, special 17..24; quiescent then excited; in
 * each four the direction east, north, west, south); 25..28 confluent
 * (quiescent, next-excited, excited, both); 29..31 Nobili's crossing
 * confluent states (horizontal, vertical, both) and, under Hutton32, its
 * crossing states. nb[d] is the neighbour in direction d (0 east, 1
 * north = the row above, 2 west, 3 south). JvN29 and Nobili32 follow
 * Golly's bit-coded "internal" states; Hutton32 follows Tim Hutton's rules
 * as Golly codes them, including what its unsigned-char arithmetic gives
 * where no signal arrives (a state wraps modulo 256). A cell in a state
 * of 32 or more keeps it and reads as 0 to its neighbours. */
#ifndef GOLCL_JVN_RULE_CL
#define GOLCL_JVN_RULE_CL

#ifdef __OPENCL_VERSION__
#define GOLCL_JVN_FN inline
#else
#define GOLCL_JVN_FN static inline
#endif

#define GOLCL_JVN29 0
#define GOLCL_NOBILI32 1
#define GOLCL_HUTTON32 2

/* ---------------------------------------------- JvN29 and Nobili32 */

/* Golly's internal code of a state: bit 0x10 confluent, 0x20 ordinary and
 * 0x40 special transmission, 0x80 excited, low two bits a direction;
 * sensitised states are 1..8 themselves. */
#define JVN_CONF 0x10
#define JVN_OTS 0x20
#define JVN_STS 0x40
#define JVN_EXC 0x80

GOLCL_JVN_FN int jvn_internal(int s) {
  if (s <= 8) return s;
  if (s <= 24) {
    int k = s - 9;
    return ((k & 8) ? JVN_STS : JVN_OTS) | ((k & 4) ? JVN_EXC : 0) | (k & 3);
  }
  if (s <= 28) return JVN_CONF | (((s - 25) & 1) ? JVN_EXC : 0) | ((s - 25) >> 1);
  return JVN_CONF | JVN_EXC | ((s - 28) << 1); /* crossings: 2, 4, 6 */
}

GOLCL_JVN_FN int jvn_external(int i) {
  if (i <= 8) return i;
  if (i & (JVN_OTS | JVN_STS))
    return 9 + ((i & JVN_STS) ? 8 : 0) + ((i & JVN_EXC) ? 4 : 0) + (i & 3);
  if (i & 6) return 28 + ((i & 6) >> 1);
  return 25 + ((i & JVN_EXC) ? 1 : 0) + ((i & 1) ? 2 : 0);
}

/* What a neighbour of internal code `code` in direction d tells a cell of
 * internal code `me`: the signal bits below. */
#define JVN_ORD 1     /* a quiescent ordinary arrow points in */
#define JVN_OEXC_EW 2 /* an excited ordinary arrow points in, east-west */
#define JVN_OEXC_NS 4 /* ... north-south */
#define JVN_OEXC 6
#define JVN_SEXC 8     /* an excited special arrow points in */
#define JVN_CEXC 16    /* an excited confluent cell */
#define JVN_NS_IN 32   /* an ordinary arrow points in, north-south */
#define JVN_EW_IN 64   /* ... east-west */
#define JVN_NS_OUT 128 /* a transmission neighbour points elsewhere, north-south */
#define JVN_EW_OUT 256 /* ... east-west */
#define JVN_CROSS 480  /* all four of the above */
#define JVN_ANY_OUT 384
#define JVN_OEXC_PASS 512 /* an excited ordinary arrow, not head to head with me */
#define JVN_SEXC_PASS 1024

GOLCL_JVN_FN int jvn_signal(int me, int code, int d) {
  const int in = (d + 2) & 3; /* the direction of an arrow at d that points at me */
  if (code & JVN_CONF) {
    if ((me & (JVN_OTS | JVN_STS)) && (me & 3) == d) return 0; /* I point at it */
    if ((code & 2) && !(in & 1)) return JVN_CEXC;
    if ((code & 4) && (in & 1)) return JVN_CEXC;
    return (code & 1) ? JVN_CEXC : 0;
  }
  if (!(code & (JVN_OTS | JVN_STS))) return 0;
  if ((code & 3) != in) return (in & 1) ? JVN_NS_OUT : JVN_EW_OUT;
  int r = 0;
  if (code & JVN_OTS)
    r = ((in & 1) ? JVN_NS_IN : JVN_EW_IN) |
        ((code & JVN_EXC) ? ((in & 1) ? JVN_OEXC_NS : JVN_OEXC_EW) : JVN_ORD);
  else if (code & JVN_EXC)
    r = JVN_SEXC;
  const int head_to_head = (me & (JVN_OTS | JVN_STS)) && (me & 3) == d;
  if (!head_to_head) {
    if (r & JVN_OEXC) r |= JVN_OEXC_PASS;
    if (r & JVN_SEXC) r |= JVN_SEXC_PASS;
  }
  return r;
}

/* The next state of a cell of internal code c that receives the signals m. */
GOLCL_JVN_FN int jvn_decide(int nobili, int c, int m) {
  if (c < JVN_CONF) { /* ground and sensitised: a bit of the code to build */
    c = 2 * c + ((m & (JVN_OEXC | JVN_SEXC)) ? 1 : 0);
    if (c > 8) { /* the code is complete: the state it names */
      const int done = c - 9;
      c = done < 2    ? JVN_OTS | (2 + done)
          : done < 6  ? JVN_STS | (done - 2)
          : done == 6 ? JVN_CONF
                      : JVN_OTS | (done - 7);
    }
  } else if (c & JVN_CONF) {
    if (m & JVN_SEXC) {
      c = 0;
    } else if (nobili && (m & JVN_CROSS) == JVN_CROSS) {
      c = (m & JVN_OEXC) ? (m & JVN_OEXC) | JVN_CONF | JVN_EXC : JVN_CONF;
    } else {
      if (c & 6) c &= ~(6 | JVN_EXC); /* was a crossing */
      if ((m & JVN_OEXC) && !(m & JVN_ORD))
        c = ((c & JVN_EXC) ? 1 : 0) | JVN_EXC | JVN_CONF;
      else if ((m & JVN_ANY_OUT) || !nobili)
        c = ((c & JVN_EXC) ? 1 : 0) | JVN_CONF;
    }
  } else if (((c & JVN_OTS) && (m & JVN_SEXC)) || ((c & JVN_STS) && (m & JVN_OEXC))) {
    c = 0;
  } else if (m & (JVN_SEXC_PASS | JVN_OEXC_PASS | JVN_CEXC)) {
    c |= JVN_EXC;
  } else {
    c &= ~JVN_EXC;
  }
  return jvn_external(c);
}

GOLCL_JVN_FN int jvn_next_classic(int nobili, int s, const int *nb) {
  const int c = jvn_internal(s);
  int m = 0;
  for (int d = 0; d < 4; d++) m |= jvn_signal(c, jvn_internal(nb[d]), d);
  return jvn_decide(nobili, c, m);
}

/* What jvn_decide reads of the signals, in 7 bits (the key of the kernel's
 * tables): excited ordinary east-west and north-south, excited special,
 * quiescent ordinary, the four crossing bits all set, any transmission
 * neighbour pointing elsewhere, an excitation passed on. */
GOLCL_JVN_FN int jvn_signal_key(int m) {
  return (m & JVN_OEXC_EW ? 1 : 0) | (m & JVN_OEXC_NS ? 2 : 0) | (m & JVN_SEXC ? 4 : 0) |
         (m & JVN_ORD ? 8 : 0) | ((m & JVN_CROSS) == JVN_CROSS ? 16 : 0) |
         (m & JVN_ANY_OUT ? 32 : 0) | (m & (JVN_SEXC_PASS | JVN_OEXC_PASS | JVN_CEXC) ? 64 : 0);
}

/* Signals with that key. */
GOLCL_JVN_FN int jvn_signal_of_key(int k) {
  return (k & 1 ? JVN_OEXC_EW : 0) | (k & 2 ? JVN_OEXC_NS : 0) | (k & 4 ? JVN_SEXC : 0) |
         (k & 8 ? JVN_ORD : 0) | (k & 16 ? JVN_CROSS : 0) | (k & 32 ? JVN_NS_OUT : 0) |
         (k & 64 ? JVN_OEXC_PASS : 0);
}

/* The direction a transmission state points (0..3), else 4. */
GOLCL_JVN_FN int jvn_points(int s) { return s >= 9 && s <= 24 ? (s - 9) & 3 : 4; }

/* ------------------------------------------------------------ Hutton32 */

GOLCL_JVN_FN int hut_ots(int s) { return s >= 9 && s <= 16; }
GOLCL_JVN_FN int hut_sts(int s) { return s >= 17 && s <= 24; }
GOLCL_JVN_FN int hut_ts(int s) { return s >= 9 && s <= 24; }
GOLCL_JVN_FN int hut_exc(int s) { return (s >= 13 && s <= 16) || (s >= 21 && s <= 24); }
/* Whether s is a transmission state pointing in direction d. */
GOLCL_JVN_FN int hut_points(int s, int d) { return hut_ts(s) && ((s - 9) & 3) == d; }
GOLCL_JVN_FN int hut_quiet(int s) { return hut_exc(s) ? s - 4 : (s >= 26 && s <= 31) ? 25 : s; }

/* The neighbour the transmission cell s points at (0 if s is not one). */
GOLCL_JVN_FN int hut_output(int s, const int *nb) { return hut_ts(s) ? nb[(s - 9) & 3] : 0; }

/* The first excited arrow pointing at the cell, looking west, south, east,
 * north in turn; 0 if none. */
GOLCL_JVN_FN int hut_input(const int *nb) {
  for (int k = 0; k < 4; k++) {
    const int d = (k + 2) & 3; /* 2 3 0 1 */
    if (hut_points(nb[d], (d + 2) & 3) && hut_exc(nb[d])) return nb[d];
  }
  return 0;
}

/* An excited ordinary (sts = 0) or special (sts = 1) arrow pointing at the
 * cell s, ignoring one it points back at (only an arrow of the same kind
 * masks it); with `conf`, excited confluent states that feed that side
 * count too. */
GOLCL_JVN_FN int hut_hit(int s, const int *nb, int sts, int conf) {
  const int base = sts ? 17 : 9;
  for (int d = 0; d < 4; d++) {
    const int v = nb[d];
    if (s >= base && s < base + 8 && ((s - base) & 3) == d) continue; /* I point at it */
    if (v == base + 4 + ((d + 2) & 3)) return 1;
    if (conf && (v == 27 || v == 28 || v == 31 || v == ((d & 1) ? 30 : 29))) return 1;
  }
  return 0;
}

GOLCL_JVN_FN int hut_ots_arrow_in(const int *nb) {
  for (int d = 0; d < 4; d++)
    if (hut_ots(nb[d]) && hut_points(nb[d], (d + 2) & 3)) return 1;
  return 0;
}

/* Every arrow pointing in is an excited ordinary one, and one does. */
GOLCL_JVN_FN int hut_all_in(const int *nb) {
  int any = 0;
  for (int d = 0; d < 4; d++) {
    const int in = (d + 2) & 3;
    if (nb[d] == 9 + in) return 0;
    if (nb[d] == 13 + in) any = 1;
  }
  return any;
}

GOLCL_JVN_FN int hut_crossing(const int *nb) {
  int ins = 0, outs = 0;
  for (int d = 0; d < 4; d++) {
    if (hut_points(nb[d], (d + 2) & 3))
      ins++;
    else if (hut_ts(nb[d]))
      outs++;
  }
  return ins == 2 && outs == 2;
}

/* The crossing state for the excited ordinary arrows pointing in. */
GOLCL_JVN_FN int hut_cross_state(const int *nb) {
  const int v = nb[1] == 16 || nb[3] == 14, h = nb[0] == 15 || nb[2] == 13;
  return v && h ? 31 : v ? 30 : h ? 29 : 25;
}

GOLCL_JVN_FN int hut_will_ots(int s, int out) {
  return out == 8 || (out == 4 && hut_exc(s)) || (out == 5 && !hut_exc(s));
}
GOLCL_JVN_FN int hut_will_sens(int s, int out) {
  return (out == 0 && hut_exc(s)) || (out >= 1 && out <= 3) || (out == 4 && !hut_ots(s));
}

/* The direction code of a state as Golly's dir() gives it: (s - 9) mod 4
 * with C's remainder, as an unsigned char. */
GOLCL_JVN_FN int hut_dir(int s) { return ((s & 255) - 9) % 4 & 255; }

GOLCL_JVN_FN int hut_next(int s, const int *nb) {
  const int ots_in = hut_hit(s, nb, 0, 0), sts_in = hut_hit(s, nb, 1, 0);
  if (hut_ots(s)) {
    const int out = hut_output(s, nb);
    if (sts_in) return 0;
    if (hut_hit(s, nb, 0, 1)) {
      if (hut_will_ots(s, out) || (hut_sts(out) && !hut_exc(out))) return 0; /* retract */
      if (out == 7 && hut_exc(s)) return 1;
      return hut_quiet(s) + 4;
    }
    if (out == 7 && hut_exc(s)) return 0;
    if (hut_exc(s) && hut_will_sens(s, out)) return hut_quiet(s) + 12;
    return hut_quiet(s);
  }
  if (hut_sts(s)) {
    const int out = hut_output(s, nb);
    if (hut_exc(s) && out >= 1 && out <= 8 && hut_ots_arrow_in(nb)) {
      if (hut_will_sens(s, out)) return ots_in ? s - 8 : s;
      return ots_in ? 0 : hut_quiet(s) - 8;
    }
    if (hut_exc(s) && out == 0) return sts_in ? s : hut_quiet(s);
    if (ots_in) return 0;
    return hut_hit(s, nb, 1, 1) ? hut_quiet(s) + 4 : hut_quiet(s);
  }
  const int in = hut_quiet(hut_input(nb));
  switch (s) {
    case 0:
      return ots_in ? 1 : sts_in ? in - 8 : 0;
    case 1:
      return ots_in ? 3 : 2;
    case 2:
      return ots_in ? 5 : 4;
    case 3:
      return ots_in ? 7 : 6;
    case 4:
      return ots_in ? (in - 7) % 4 + 9 : 8;
    case 5:
      return ots_in ? in + 8 : (in - 6) % 4 + 9;
    case 6:
      return ots_in ? (in - 7) % 4 + 17 : (in - 8) % 4 + 17;
    case 7:
      return ots_in ? 25 : (in - 6) % 4 + 17;
    case 8: /* Golly takes dir() of the unquieted input (one more when turning) */
      return (9 + (ots_in ? hut_dir(hut_input(nb) + 1) : hut_dir(hut_input(nb)))) & 255;
    case 25:
      if (sts_in) return 0;
      if (hut_crossing(nb)) return hut_cross_state(nb);
      return hut_all_in(nb) ? 26 : 25;
    case 26:
    case 28:
      return sts_in ? 0 : hut_all_in(nb) ? 28 : 27;
    case 27:
      return sts_in ? 0 : hut_all_in(nb) ? 26 : 25;
    case 29:
    case 30:
    case 31:
      return sts_in ? 0 : hut_cross_state(nb);
    default:
      return s;
  }
}

/* ------------------------------------------------------------------ all */

/* The next state of a cell in state s with neighbours nb[4] (east, north,
 * west, south) under rule GOLCL_JVN29, GOLCL_NOBILI32 or GOLCL_HUTTON32. */
GOLCL_JVN_FN int golcl_jvn_next(int rule, int s, int e, int n, int w, int so) {
  if (s >= 32) return s;
  int nb[4];
  nb[0] = e < 32 ? e : 0;
  nb[1] = n < 32 ? n : 0;
  nb[2] = w < 32 ? w : 0;
  nb[3] = so < 32 ? so : 0;
  return rule == GOLCL_HUTTON32 ? hut_next(s, nb) & 255
                                : jvn_next_classic(rule == GOLCL_NOBILI32, s, nb);
}

#endif
