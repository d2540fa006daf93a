/* pattern.h — private pattern API: the pattern struct (a sorted list of live
 * cells in a box), the limits, and helpers shared by the readers, the
 * writers and grid placement. The pattern part uses core (host.h, without
 * OpenCL) and the public grid API only. */
#ifndef GOLCL_PATTERN_H
#define GOLCL_PATTERN_H

#include "../core/host.h"

/* A live cell inside the pattern's box. */
typedef struct golcl__cell {
  uint32_t x, y;
} golcl__cell;

/* Sorts cells by row, then column (pattern.c); 0, or -1 out of memory (then the cells are as
 * they were). */
int golcl__pattern_sort_cells(golcl__cell *c, size_t n);

/* How the position of the pattern was given, so that it is written back in
 * the same form. */
typedef enum golcl__origin_kind {
  GOLCL__ORIGIN_DEFAULT = 0, /* none given: centred on (0, 0) as Golly does */
  GOLCL__ORIGIN_XRLE,        /* #CXRLE Pos=x,y (also Life 1.05/1.06 and extract) */
  GOLCL__ORIGIN_P,           /* RLE #P x y */
  GOLCL__ORIGIN_R            /* RLE #R x y */
} golcl__origin_kind;

struct golcl_pattern {
  uint32_t w, h;      /* the box; every cell has x < w, y < h */
  golcl__cell *cells; /* sorted by (y, x), no duplicates */
  size_t ncells, cap;
  golcl_rule_table table; /* the rule: any two-state rule Golly runs */
  golcl_bounds bounds;    /* Golly's bounded grid; topology INFINITE for none */
  uint64_t generation;
  int64_t origin_x, origin_y; /* universe coordinates of box cell (0, 0) */
  golcl__origin_kind origin_kind;
  char **comments; /* full lines, "#C text", "#N name", ... */
  size_t ncomments, comments_cap;
  golcl_pattern_format format;
};

/* A new empty pattern (0×0, B3/S23, infinite plane); NULL if out of memory. */
golcl_pattern *golcl__pattern_new(void);

/* Appends n cells (x..x+n-1, y) at the end; the caller keeps the order.
 * GOLCL_E_OUT_OF_MEMORY if it cannot grow (no message set). */
golcl_status golcl__pattern_push_run(golcl_pattern *p, uint32_t x, uint32_t y, uint32_t n);

/* Appends a copy of a comment line of len bytes. */
golcl_status golcl__pattern_push_comment(golcl_pattern *p, const char *line, size_t len);

/* The default (Golly) position of a box of w×h: (-floor(w/2), -floor(h/2)). */
void golcl__pattern_default_origin(golcl_pattern *p);

/* The current limits (a consistent copy). */
golcl_pattern_limits golcl__pattern_limits(void);

/* Every writer's check: refuses a pattern, or a text of `bytes` (0: not
 * known yet), that the readers would refuse under the limits in force
 * (golcl_pattern_set_limits); fn names the caller in the message. */
golcl_status golcl__pattern_check_limits(const golcl_pattern *p, uint64_t bytes, const char *fn);

/* Parses a rule (golcl_rule_table_parse) with an optional bounded-grid
 * suffix (golcl_bounds_parse), text[0..len), into *table and *bounds
 * (both unchanged on failure). Messages read "line L, column C: ..." with
 * the column of text[0] given as col0 when line > 0, else "rule \"...\",
 * column C: ...". GOLCL_E_PARSE for malformed text or a side above the
 * limits, GOLCL_E_UNSUPPORTED for multi-state rule families. */
golcl_status golcl__pattern_rule_parse(const char *text, size_t len, int line, size_t col0,
                                       golcl_rule_table *table, golcl_bounds *bounds);

/* Formats the rule and its suffix ("B3/S23:T72,48") into buf. */
golcl_status golcl__pattern_rule_text(const golcl_pattern *p, char *buf, size_t cap);

/* The quadtree of a macrocell text (not gzip), for golcl_macrocell_parse_nodes. */
golcl_status golcl__macrocell_nodes(const char *text, size_t len, golcl_pattern **header,
                                    golcl_macrocell_node_fn fn, void *user);

#endif
