/* bgolly.h — runs Golly's bgolly on a pattern text and reads back its cells,
 * for the tests that compare with Golly (without using libgolcl's parser,
 * so that rules it cannot read yet still compare). */
#ifndef BGOLLY_H
#define BGOLLY_H

#include <stddef.h>
#include <stdint.h>

/* Whether bgolly is on $PATH (or at $GOLCL_BGOLLY); its path in *path. */
int bg_find(char *path, size_t cap);

/* The folder of Golly's .rule files for bgolly's -s, ending in '/':
 * $GOLCL_GOLLY_RULES, else Golly's installed one (GOLCL_GOLLY_RULES_DIR). */
const char *bg_rules_dir(void);

/* Live cells of an RLE result, shifted so that the smallest x and y are 0,
 * sorted row-major. */
typedef struct bg_cells {
  uint32_t *xy; /* n pairs */
  size_t n;
  char rule[160]; /* the header's rule, "" if none */
} bg_cells;

/* Writes `rle` to a temporary file, runs `bgolly -a QuickLife -m gen` on it
 * (HashLife for a macrocell text) and reads the result. Returns 0 on success, else -1 with the
 * reason in err (bgolly's message). */
int bg_run(const char *bgolly, const char *rle, uint64_t gen, bg_cells *out, char *err,
           size_t errcap);

/* Parses the cells of an RLE text (comments and header skipped, states
 * other than 'b'/'.' alive). Returns 0, or -1 on a malformed body. */
int bg_parse_rle(const char *text, bg_cells *out);

/* Normalises an array of n (x, y) pairs in place: shifts to 0 and sorts. */
void bg_normalise(uint32_t *xy, size_t n);

void bg_free(bg_cells *c);

/* Whether the live cells of a w×h grid (a byte a cell, non-zero alive) are
 * g's up to translation; their number in *n_out (may be NULL). */
int bg_same_cells(const uint8_t *c, uint32_t w, uint32_t h, const bg_cells *g, size_t *n_out);

/* Every file below dir (Golly's Patterns folder), sorted by path: *n paths
 * in a new array of new strings (free them and it). */
char **bg_list_files(const char *dir, size_t *n);
/* Writes `text` to a temporary file in.EXT, runs `bgolly -a algo -m gen`
 * on it and gives the RLE text bgolly wrote (malloc'd) in *result. Returns
 * 0, or -1 with the reason in err (bgolly's message). */
int bg_run_text(const char *bgolly, const char *algo, const char *text, const char *ext,
                uint64_t gen, char **result, char *err, size_t errcap);
/* The same with `-s rules` (the folder of .rule files, ending in '/') when
 * rules is not NULL: for -a RuleLoader. */
int bg_run_text_rules(const char *bgolly, const char *algo, const char *rules, const char *text,
                      const char *ext, uint64_t gen, char **result, char *err, size_t errcap);

/* The same on an existing file (any format and compression bgolly reads),
 * left in place. */
int bg_run_path(const char *bgolly, const char *algo, const char *path, uint64_t gen, char **result,
                char *err, size_t errcap);
/* The same with `-s rules` where rules is not NULL (-a RuleLoader). */
int bg_run_path_rules(const char *bgolly, const char *algo, const char *rules, const char *path,
                      uint64_t gen, char **result, char *err, size_t errcap);

/* Cells of a multi-state RLE result: non-zero cells as (x, y, state)
 * triples, shifted so that the smallest x and y are 0, sorted row-major.
 * States: 'b' and '.' 0, 'o' 1, 'A'..'X' 1..24, 'p'..'y' then 'A'..'X'
 * 25..255, as Golly writes them. */
typedef struct bg_mscells {
  uint32_t *xys; /* n triples */
  size_t n;
  char rule[160]; /* the header's rule, "" if none */
} bg_mscells;

/* Parses an RLE text into triples. Returns 0, or -1 on a malformed body. */
int bg_parse_ms_rle(const char *text, bg_mscells *out);

/* Normalises n (x, y, state) triples in place: shifts to 0 and sorts. */
void bg_ms_normalise(uint32_t *xys, size_t n);

void bg_ms_free(bg_mscells *c);

/* Whether the non-zero cells of w×h bytes (row-major) are Golly's, up to
 * translation; their number in *n (n may be NULL). */
int bg_ms_same(const uint8_t *cells, uint32_t w, uint32_t h, const bg_mscells *golly, size_t *n);

/* Runs `bgolly -a HashLife -m gen -o out path` (out a .mc: it keeps the
 * position) and reads the last population bgolly printed into *pop.
 * Returns 0, or -1 where bgolly failed or printed none. */
int bg_hashlife_mc(const char *bgolly, const char *path, uint64_t gen, const char *out,
                   uint64_t *pop);

#endif
