/* rle.h — pattern text shared by the readers and writers of every room
 * (pattern: two-state; rules: multi-state): lines with their numbers,
 * messages "line L, column C: ...", numbers, the one RLE tokenizer, and the
 * RLE writers' line wrap. In core because the pattern and rules rooms both
 * read RLE and neither may include the other's private headers. Text only
 * (host.h): builds and fuzzes without OpenCL. */
#ifndef GOLCL_RLE_H
#define GOLCL_RLE_H

#include "host.h"

#include <stdio.h>

/* The hint that ends every message about a limit. */
#define GOLCL__LIMIT_HINT " (golcl_pattern_set_limits)"

/* One line of a text, without its line end ("\n", "\r\n" or "\r"). */
typedef struct golcl__line {
  const char *s;
  size_t len;
  int no; /* 1-based */
} golcl__line;

/* A text read line by line: s[0..n), i the next byte, no the number of the
 * last line returned. */
typedef struct golcl__text {
  const char *s;
  size_t n, i;
  int no;
} golcl__text;

/* The next line in *L: 0 at the end of the text. */
int golcl__text_line(golcl__text *t, golcl__line *L);

/* Refuses a text longer than lim->max_bytes or holding a NUL byte, with the
 * line and column of the NUL. */
golcl_status golcl__text_check(const char *s, size_t n, const golcl_pattern_limits *lim);

/* "line L, column C: message" (col 0-based inside the line), returns st. */
golcl_status golcl__line_fail(const golcl__line *L, size_t col, golcl_status st, const char *fmt,
                              ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The byte at col described for a message: 'c' or byte 0xNN. */
const char *golcl__line_char(const golcl__line *L, size_t col, char *buf, size_t cap);

int golcl__is_ws(char c); /* space, tab, \v, \f */
size_t golcl__line_skip_ws(const golcl__line *L, size_t k);
size_t golcl__line_trim_end(const golcl__line *L); /* the length without trailing blanks */
int golcl__line_starts(const golcl__line *L, size_t k, const char *prefix);

/* A signed decimal at *k, |v| <= 2^62; `what` names it in messages. */
golcl_status golcl__line_int(const golcl__line *L, size_t *k, int64_t *out, const char *what);

/* An unsigned decimal at *k, at most max; a non-NULL hint follows the limit
 * in the message (GOLCL__LIMIT_HINT). */
golcl_status golcl__line_uint(const golcl__line *L, size_t *k, uint64_t max, uint64_t *out,
                              const char *what, const char *hint);

/* "out of host memory" (no line: the text is not at fault). */
golcl_status golcl__text_oom(void);

/* Calls keep(user, text, len) with "prefix" + s[0..n) (a copy made for the call): how the
 * readers keep a comment line under another tag. */
golcl_status golcl__text_keep(const char *prefix, const char *s, size_t n,
                              golcl_status (*keep)(void *user, const char *text, size_t len),
                              void *user);

/* A '#' line at column k that, written first, would be read as the header of another format
 * ("#Life", "#MCell"): the readers keep it as "#C " text. */
int golcl__line_other_header(const golcl__line *L, size_t k);

/* RLE reading ---------------------------------------------------------------- */

/* Where a position was given: none (Golly centres the box on 0,0),
 * #CXRLE Pos=x,y, or a "#P x y" / "#R x y" line. */
typedef enum golcl__rle_pos {
  GOLCL__RLE_POS_NONE = 0,
  GOLCL__RLE_POS_XRLE,
  GOLCL__RLE_POS_P,
  GOLCL__RLE_POS_R
} golcl__rle_pos;

typedef struct golcl__rle golcl__rle;

/* What a reader does with the tokens: each callback returns GOLCL_OK or a
 * status with its message set. */
typedef struct golcl__rle_sink {
  /* Called once the header is read: where r->rule_given, the rule starts at column col
   * (0-based) of L and runs to the end of the line; else col is L->len. Sets r->states (the
   * rule's number of states, 2..256) for the cells that follow. */
  golcl_status (*rule)(golcl__rle *r, const golcl__line *L, size_t col);
  /* A comment line to keep (lines that another format would read as its
   * header come with "#C " before them). */
  golcl_status (*comment)(golcl__rle *r, const char *s, size_t n);
  /* n cells of state s >= 1 from (x, y) on, in reading order. */
  golcl_status (*run)(golcl__rle *r, uint32_t x, uint32_t y, uint32_t n, uint8_t s);
} golcl__rle_sink;

struct golcl__rle {
  /* in */
  golcl_pattern_limits lim;
  const golcl__rle_sink *sink;
  void *user;
  uint32_t states; /* 2 until the rule callback says otherwise */
  /* out */
  int rule_given;      /* the header had "rule =" */
  uint64_t hw, hh;     /* the header's x and y */
  uint64_t w, h;       /* the extent of the cells read: at least hw, hh */
  uint64_t live;       /* cells of a state other than 0 */
  golcl__rle_pos pos;  /* and, where given: */
  int64_t ox, oy;      /* the position of the box's cell (0, 0) */
  uint64_t generation; /* #CXRLE Gen= */
};

/* Reads an RLE text (lines of the text t from its current line on: '#'
 * lines, the header "x = m, y = n[, rule = ...]", then the cells up to '!'
 * or the end of the text) into the sink. The letters are Golly's: 'b' and
 * '.' state 0, 'o' 1, 'A'..'X' 1..24, 'p'..'x' + 'A'..'X' and 'y' +
 * 'A'..'O' 25..255; for a rule of two states any other lower-case letter
 * is a live cell, as Golly reads it. Every malformed text, a state the
 * rule lacks and every limit give GOLCL_E_PARSE with line and column. */
golcl_status golcl__rle_read(golcl__rle *r, golcl__text *t);

/* RLE writing ---------------------------------------------------------------- */

/* Tokens into lines of at most 70 characters; f NULL counts the bytes
 * only. err is set when a write fails. */
typedef struct golcl__rle_wrap {
  FILE *f;
  uint64_t bytes;
  size_t col;
  int err;
} golcl__rle_wrap;

/* Writes s[0..n) as it is (no wrap). */
void golcl__rle_put(golcl__rle_wrap *w, const char *s, size_t n);

/* Writes the token "<n><sym>" ("<sym>" for n = 1), first breaking the line
 * if it would pass 70 characters. */
void golcl__rle_emit(golcl__rle_wrap *w, uint64_t n, const char *sym);

#endif
