/* golcl_rules.h — libgolcl multi-state automata: a grid of one byte a cell
 * (up to 256 states) and the rule families Golly runs with its other
 * algorithms — Generations, Larger than Life and JvN (JvN29, Nobili32,
 * Hutton32) so far — with their host references, device kernels and
 * Golly's multi-state files (RLE, macrocell, MCell). docs/rules.md has the
 * semantics. */
#ifndef GOLCL_RULES_H
#define GOLCL_RULES_H

#include "golcl.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Conventions of this module
 * - A cell is a byte: 0 is dead (the background), 1 alive, 2..states-1 the
 *   family's other states. Cell (x, y) is byte y*width + x; y grows south.
 * - Generations and Larger than Life count only the neighbours in state 1.
 *   A cell in state 0 becomes 1 where the rule gives a birth; a cell in
 *   state 1 stays 1 where it survives, else becomes 2 (0 when the rule has
 *   2 states); a cell in state k >= 2 becomes k+1, or 0 from the last state
 *   (and from any state >= the rule's number of states).
 * - Boundaries as the two-state grid's: dead (cells outside are 0) or torus
 *   ((x + dx) mod W, (y + dy) mod H for each offset of the neighbourhood,
 *   counted once per offset, so a torus narrower than the neighbourhood
 *   counts a cell once for every offset that lands on it); and Golly's
 *   other bounded grids (golcl_msgrid_set_bounds: shifted tori, tubes,
 *   Klein bottles, cross-surfaces, spheres) for every family but LtL.
 * - The host reference (golcl_ms_reference_run) is the definition; the
 *   device kernels give the same cells.
 * - On failure out-handles are NULL and the objects passed in are unchanged;
 *   details in golcl_context_errmsg() of the object's context, or
 *   golcl_last_errmsg() for the host-only calls. */

/* ------------------------------------------------------------------ rules */

/** The rule families of this module. */
typedef enum golcl_ms_family {
  GOLCL_MS_GENERATIONS = 0, /**< Golly's "Generations": "345/2/4", "/2/3V", "23/3/4H" */
  GOLCL_MS_LTL = 1,         /**< Larger than Life: "R5,C0,M1,S34..58,B34..45,NM" */
  GOLCL_MS_RULELOADER = 3,  /**< Golly's RuleLoader: a NAME.rule file's @TABLE or @TREE */
  /* Golly's JvN algorithm (von Neumann neighbourhood, docs/rules.md): */
  GOLCL_MS_JVN29 = 16,    /**< "JvN29": von Neumann's 29 states */
  GOLCL_MS_NOBILI32 = 17, /**< "Nobili32": Nobili and Pesavento's 32 (crossings) */
  GOLCL_MS_HUTTON32 = 18  /**< "Hutton32": Hutton's 32-state variant */
} golcl_ms_family;

/** A RuleLoader rule compiled to a decision tree (opaque; the library keeps
 *  every tree it loads, shared by the rules that name it, until exit). */
typedef struct golcl_ruletree golcl_ruletree;

/** The neighbourhoods of Larger than Life (Golly's N letter). */
typedef enum golcl_ltl_neighbourhood {
  GOLCL_LTL_MOORE = 0,       /**< NM: the (2R+1)² box */
  GOLCL_LTL_VON_NEUMANN = 1, /**< NN: the diamond |dx| + |dy| <= R */
  GOLCL_LTL_CIRCULAR = 2     /**< NC: dx² + dy² < (R + 1/2)², i.e. <= R² + R */
} golcl_ltl_neighbourhood;

/** Largest range of Larger than Life (Golly's limit). */
#define GOLCL_LTL_MAX_RANGE 500

/** Room for the longest text of golcl_msrule_format, NUL included. */
#define GOLCL_MSRULE_TEXT_CAP 112

/** A multi-state rule, a plain value. */
typedef struct golcl_msrule {
  golcl_ms_family family;
  uint32_t states; /**< 2..256 (LtL: ltl_c, or 2 for C0) */
  /** Generations: the birth (centre 0) and survival (centre 1) of the
   *  two-state rule over the neighbours in state 1, in the form of
   *  golcl_rule_table (Moore, von Neumann or hexagonal; totalistic,
   *  Hensel or MAP). Unused by LtL. */
  golcl_rule_table table;
  /* Larger than Life (unused by Generations) */
  uint32_t range;  /**< R, 1..GOLCL_LTL_MAX_RANGE */
  uint32_t ltl_c;  /**< C as Golly writes it: 0 (two states; C1 and C2 read as C0) or 3..256 */
  uint32_t middle; /**< M: 1 if the cell itself is counted */
  golcl_ltl_neighbourhood nbhd;    /**< N */
  uint32_t smin, smax, bmin, bmax; /**< survival and birth counts, inclusive */
  /** RuleLoader: the compiled rule (states is its number of states); NULL
   *  for the other families. */
  const golcl_ruletree *tree;
} golcl_msrule;

/** Parses a multi-state rule as Golly 3.3 does (no bounded-grid suffix):
 *  - Generations "S/B/C": survival and birth counts and the number of
 *    states 2..256 ("345/2/4", "/2/3"), with "V" (counts 0..4) or "H"
 *    (0..6) at the very end for the von Neumann or hexagonal
 *    neighbourhood; the survival/birth part also as "B3/S23" ("B3/S23/4"),
 *    in Hensel notation ("2-a3/3/4") or as "MAP..." ("MAP<base64>/3"); the
 *    "C" of the later spelling "B3/S23/C4" is accepted too. B0 is refused
 *    (Golly refuses it).
 *  - Larger than Life "Rr,Cc,Mm,Ssmin..smax,Bbmin..bmax,Nn" exactly
 *    (upper case, no spaces): r 1..500, c 0..256, m 0 or 1, n M, N or C,
 *    min <= max, counts up to the neighbourhood's size (less 1 for M0);
 *    and Evans's "r,bmin,bmax,smin,smax" (Moore, middle counted). A single
 *    range each for S and B, as Golly 3.3 takes them.
 *  - Any other text is a RuleLoader rule name, as Golly takes it: the file
 *    NAME.rule ('/' and '\\' in the name read as '_'; case-sensitive) looked
 *    for in the rule folders (golcl_msrule_set_rules_dir), read and
 *    compiled by golcl_msrule_load; a name no folder holds is
 *    GOLCL_E_UNSUPPORTED naming every file looked for.
 *  - Golly's JvN algorithm: "JvN29", "Nobili32", "Hutton32" (any case; the
 *    old names "JvN-29", "JvN-32", "modJvN-32" too): states 29, 32, 32, the
 *    other fields 0. The next states are Golly's (docs/rules.md).
 *  Leading and trailing spaces are ignored.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE
 *          (malformed: "rule \"...\", column C: reason" in
 *          golcl_last_errmsg()); GOLCL_E_UNSUPPORTED (a family of Golly's
 *          this module does not run yet, named). *out unchanged on failure. */
GOLCL_API golcl_status golcl_msrule_parse(const char *text, golcl_msrule *out);

/** Writes a rule as Golly writes it: "345/2/4", "34/2/4V", "2-a3/3/4",
 *  "MAP.../3", "R5,C0,M1,S34..58,B34..45,NM" (C0 for two states), "JvN29",
 *  the name of a RuleLoader rule ("WireWorld").
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cap too small
 *          (GOLCL_MSRULE_TEXT_CAP always suffices), a rule that
 *          golcl_msrule_parse would not give). */
GOLCL_API golcl_status golcl_msrule_format(const golcl_msrule *rule, char *buf, size_t cap);

/** The number of cells an LtL cell counts when all are in state 1 (its
 *  neighbourhood, itself included when middle is 1); 9 for Generations
 *  Moore, 5 von Neumann (and JvN), 7 hexagonal (the cell included). 0 for
 *  NULL. */
GOLCL_API uint32_t golcl_msrule_neighbourhood_size(const golcl_msrule *rule);

/** The host reference: advances w×h cells (row stride w) by `generations`
 *  under `rule` and `boundary`, in place. Plain C, one offset at a time: the
 *  definition the kernels are tested against (slow for large ranges).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, zero side, bad
 *          boundary, a rule golcl_msrule_format refuses);
 *          GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_ms_reference_run(const golcl_msrule *rule, golcl_boundary boundary,
                                              uint32_t w, uint32_t h, uint8_t *cells,
                                              uint64_t generations);

/** The host reference on one of Golly's bounded grids (golcl_bounds):
 *  planes and tori of both sides as golcl_ms_reference_run; the others
 *  (shifted tori, tubes, Klein bottles, cross-surfaces, spheres) as Golly
 *  makes them, with a frame of ghost cells one cell wide around the grid
 *  filled before each generation (golcl_bounds_neighbour) and a dead
 *  boundary outside it. A side of the bounds that is not 0 must be the
 *  grid's. Larger than Life runs on planes and tori only (Golly refuses
 *  the others for it).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, zero side, bounds
 *          golcl_bounds_format refuses, a bad rule); GOLCL_E_MISMATCH (a
 *          side that is not the grid's); GOLCL_E_UNSUPPORTED (LtL on other
 *          bounds); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_ms_reference_run_bounds(const golcl_msrule *rule,
                                                     const golcl_bounds *bounds, uint32_t w,
                                                     uint32_t h, uint8_t *cells,
                                                     uint64_t generations);

/** The reach of a rule: how far a cell's neighbourhood extends in x and in
 *  y (R for Larger than Life, 1 for every other family); 0 for NULL. */
GOLCL_API uint32_t golcl_msrule_reach(const golcl_msrule *rule);

/** One generation of the inner cells of a block, for engines that step a
 *  plane in pieces (the universe's HashLife and tiles): `in` holds w×h
 *  cells (row stride in_stride); out gets the (w-2r)×(h-2r) inner cells
 *  (row stride out_stride), r = golcl_msrule_reach, each computed from its
 *  neighbourhood inside the block exactly as golcl_ms_reference_run
 *  computes it. No allocation; safe from several threads at once.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a side of at most
 *          2r, a stride below its width, a rule golcl_msrule_format
 *          refuses). */
GOLCL_API golcl_status golcl_msrule_step_block(const golcl_msrule *rule, const uint8_t *in,
                                               size_t in_stride, uint32_t w, uint32_t h,
                                               uint8_t *out, size_t out_stride);

/** The state a cell in state 0 takes when its whole neighbourhood is in
 *  state 0, in *out: 0 where an empty background stays empty, as every
 *  engine of an unbounded plane needs (Larger than Life with B0 gives 1).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a rule
 *          golcl_msrule_step_block refuses); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_msrule_background_next(const golcl_msrule *rule, uint8_t *out);
/* ------------------------------------------------------------ RuleLoader */

/** Largest rule name of a RuleLoader rule, in bytes. */
#define GOLCL_RULE_NAME_CAP 100

/** Where RuleLoader rule files are looked for, in order: the folder given
 *  here (the golcl command's --rules DIR; NULL or "" for none), the folder
 *  in $GOLCL_RULES, then Golly's installed folder /usr/share/golly/Rules
 *  (GOLCL_GOLLY_RULES_DIR) when present. Process-wide, as the pattern
 *  limits; the text is copied.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (a folder longer than 4000 bytes). */
GOLCL_API golcl_status golcl_msrule_set_rules_dir(const char *dir);

/** The folder of Golly's own rule files, the last one looked in. */
#define GOLCL_GOLLY_RULES_DIR "/usr/share/golly/Rules"

/** Parses the text of a Golly .rule file under the rule name `name`: the
 *  first @TABLE or @TREE section (as Golly, the one that comes first) is
 *  the rule, @COLORS gives the colours of its states, @RULE, @ICONS and
 *  other sections are skipped. @TABLE: n_states, neighborhood (vonNeumann,
 *  Moore, hexagonal, oneDimensional), symmetries (none, rotate4, rotate8,
 *  rotate4reflect, rotate8reflect, reflect_horizontal, rotate2, rotate3,
 *  rotate6, rotate6reflect, reflect, permute: those Golly 3.3 accepts for
 *  the neighbourhood), variables ("var a={0,1,2}"; one named twice in a
 *  transition takes the same value at both places) and transitions, tried
 *  in order, the first that matches wins, a cell none matches keeps its
 *  state; compiled into a decision tree. @TREE: num_states, num_neighbors
 *  (4 or 8), num_nodes and the node lines. A compiled rule is kept by the
 *  library and shared by every rule value that names the same text.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a name empty or
 *          longer than GOLCL_RULE_NAME_CAP - 1); GOLCL_E_PARSE ("NAME.rule,
 *          line L: reason"); GOLCL_E_OUT_OF_MEMORY. *out unchanged on
 *          failure. */
GOLCL_API golcl_status golcl_msrule_load(const char *name, const char *text, size_t len,
                                         golcl_msrule *out);

/** Reads PATH (a .rule file) and loads it under the name of its file less
 *  ".rule" (golcl_msrule_load). @return as golcl_msrule_load; GOLCL_E_IO. */
GOLCL_API golcl_status golcl_msrule_load_file(const char *path, golcl_msrule *out);

/** What a RuleLoader rule is. */
typedef struct golcl_ruletree_info {
  int from_table;          /**< 1: compiled from @TABLE; 0: read from @TREE */
  const char *neighbourhood; /**< "vonNeumann", "Moore", "hexagonal", "oneDimensional" */
  const char *symmetries;  /**< @TABLE's symmetries ("" for @TREE) */
  uint32_t states;         /**< the number of states */
  uint32_t inputs;         /**< the cells a cell reads, itself included: 3, 5, 7 or 9 */
  uint64_t transitions;    /**< @TABLE: after variables and symmetries are expanded */
  uint32_t nodes;          /**< nodes of the tree */
  uint32_t entries;        /**< the tree's size: nodes times states */
} golcl_ruletree_info;

/** Describes a RuleLoader rule.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, not RuleLoader). */
GOLCL_API golcl_status golcl_msrule_tree_info(const golcl_msrule *rule, golcl_ruletree_info *out);

/** The colour of a state of a RuleLoader rule for pictures: the rule
 *  file's @COLORS where it gives one, else Golly's default for RuleLoader
 *  (state 0 black; 1 .. N-1 a gradient from red to yellow). rgb gets red,
 *  green, blue.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, not RuleLoader). */
GOLCL_API golcl_status golcl_msrule_colour(const golcl_msrule *rule, unsigned state,
                                           uint8_t rgb[3]);

/* ------------------------------------------------------------------- grid */

typedef struct golcl_msgrid golcl_msgrid;

/** A w×h grid of bytes on the context's device, all 0, rule "23/3/2"
 *  (Life as Generations), generation 0. Without a context (ctx NULL), a grid
 *  on the host: the same cells, census, hash and randomize, stepped through
 *  golcl_msrule_step_block (Golly's other bounded grids through
 *  golcl_ms_reference_run_bounds), no device opened: for a small grid, where
 *  opening a device and building kernels would take longer than the run;
 *  golcl_msgrid_buffer and golcl_msgrid_context give NULL for it.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, zero side, a side above
 *          2^31-1, bad boundary); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_msgrid_create(golcl_context *ctx, uint32_t w, uint32_t h,
                                           golcl_boundary boundary, golcl_msgrid **out);
GOLCL_API void golcl_msgrid_destroy(golcl_msgrid *grid); /**< NULL is a no-op */

GOLCL_API uint32_t golcl_msgrid_width(const golcl_msgrid *grid);  /**< 0 for NULL */
GOLCL_API uint32_t golcl_msgrid_height(const golcl_msgrid *grid); /**< 0 for NULL */
GOLCL_API golcl_boundary golcl_msgrid_boundary(const golcl_msgrid *grid);
GOLCL_API uint64_t golcl_msgrid_generation(const golcl_msgrid *grid); /**< 0 for NULL */
GOLCL_API golcl_context *golcl_msgrid_context(const golcl_msgrid *grid);
/** @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid). */
GOLCL_API golcl_status golcl_msgrid_set_generation(golcl_msgrid *grid, uint64_t generation);

/** Sets the rule from text (golcl_msrule_parse) or from a value.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a value
 *          golcl_msrule_format refuses); GOLCL_E_PARSE; GOLCL_E_UNSUPPORTED. */
GOLCL_API golcl_status golcl_msgrid_set_rule(golcl_msgrid *grid, const char *rule);
GOLCL_API golcl_status golcl_msgrid_set_msrule(golcl_msgrid *grid, const golcl_msrule *rule);
/** The grid's rule. @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_msgrid_msrule(const golcl_msgrid *grid, golcl_msrule *out);

/** Gives the grid one of Golly's bounded grids (golcl_bounds), as
 *  golcl_grid_set_bounds does for two-state grids: PLANE (or INFINITE) is
 *  the dead boundary, a TORUS of both sides without a shift the torus; the
 *  others — shifted tori, tubes (":T0,20": dead beyond the unbounded side),
 *  KLEIN, CROSS, SPHERE — step as Golly steps them (golcl_ms_reference_run_bounds
 *  is the definition): each generation the grid's cells are read through a
 *  frame of ghost cells (a (w+2)×(h+2) grid more on the device, one
 *  generation a launch; the bit planes are not used there). A side of the
 *  bounds that is not 0 must be the grid's. golcl_msgrid_boundary then says
 *  DEAD for those; golcl_msgrid_bounds gives them back, and
 *  golcl_msgrid_extract puts them in the pattern.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, bounds
 *          golcl_bounds_format refuses); GOLCL_E_MISMATCH (a side that is
 *          not the grid's); GOLCL_E_UNSUPPORTED (a Larger than Life rule on
 *          bounds other than a plane or torus of both sides, which Golly
 *          refuses too; golcl_msgrid_step says the same if the rule comes
 *          later). */
GOLCL_API golcl_status golcl_msgrid_set_bounds(golcl_msgrid *grid, const golcl_bounds *bounds);
/** The grid's bounds: those of golcl_msgrid_set_bounds, else PLANE or
 *  TORUS of the grid's size from its boundary.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_msgrid_bounds(const golcl_msgrid *grid, golcl_bounds *out);

/** Writes or reads all cells (bytes; row_stride 0 means width).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, stride below the
 *          width); GOLCL_E_OPENCL. Reads block; writes are done on return. */
GOLCL_API golcl_status golcl_msgrid_write(golcl_msgrid *grid, const uint8_t *cells,
                                          size_t row_stride);
GOLCL_API golcl_status golcl_msgrid_read(golcl_msgrid *grid, uint8_t *cells, size_t row_stride);

/** Writes or reads the rectangle of rw×rh cells at (x, y).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, an empty
 *          rectangle or one outside the grid, stride below rw);
 *          GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_msgrid_write_rect(golcl_msgrid *grid, uint32_t x, uint32_t y,
                                               uint32_t rw, uint32_t rh, const uint8_t *cells,
                                               size_t row_stride);
GOLCL_API golcl_status golcl_msgrid_read_rect(golcl_msgrid *grid, uint32_t x, uint32_t y,
                                              uint32_t rw, uint32_t rh, uint8_t *cells,
                                              size_t row_stride);

/** Sets every cell to 0. @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_msgrid_clear(golcl_msgrid *grid);

/** A random soup, the same on every device: with r = mix64(mix64(seed) ^
 *  (y << 32 | x)) (splitmix64's finaliser, as golcl_grid_randomize), cell
 *  (x, y) is non-zero iff r >> 32 < density·2^32, and then its state is
 *  1 + ((r mod 2^32)·(states - 1) >> 32): states 1..states-1 about equally.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid, states outside 2..256,
 *          density outside [0, 1]); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_msgrid_randomize(golcl_msgrid *grid, unsigned states, double density,
                                              uint64_t seed);

/** The number of cells in each state: counts[s] for s = 0..255, reduced on
 *  the device. @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_BUILD;
 *  GOLCL_E_OPENCL; GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_msgrid_census(golcl_msgrid *grid, uint64_t counts[256]);

/** The number of cells in a state other than 0. Errors as census. */
GOLCL_API golcl_status golcl_msgrid_population(golcl_msgrid *grid, uint64_t *out);

/** A 64-bit hash of size and cells, independent of the device:
 *  mix64(S + mix64((H << 32 | W) ^ (P << 1))) with P the cells not in
 *  state 0 and S the sum (mod 2^64) of the terms of those cells, m =
 *  mix64(y << 32 | x) for state 1 and mix64(m + s) for a state s >= 2; so
 *  cells in states 0 and 1 only hash as golcl_grid_hash hashes the same
 *  cells of a two-state grid. Errors as census. */
GOLCL_API golcl_status golcl_msgrid_hash(golcl_msgrid *grid, uint64_t *out);

/** Advances the grid by `generations` under its rule on the device
 *  (Generations: one work-item a cell over the 3×3 block; RuleLoader: the
 *  rule's tree walked from local memory; Larger than Life:
 *  for the Moore box, window sums slid along rows, then down columns, so
 *  that a cell costs about the same at any range; for N and C, row prefix
 *  sums and one row span per row of the neighbourhood; JvN29 and Nobili32:
 *  bit planes of a code of the state (two sets of 6, 12 bits a cell
 *  more on the device), stepped by logic on words; Hutton32: the table of
 *  all its neighbourhoods, 32 MiB more on the device). Returns once the
 *  launches are queued (a long run waits for its launches every 1024
 *  generations). On failure the grid holds the last generation completed
 *  (and its number).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL grid); GOLCL_E_BUILD;
 *          GOLCL_E_OPENCL; GOLCL_E_OUT_OF_MEMORY (the LtL sums need
 *          4 bytes a cell more). */
GOLCL_API golcl_status golcl_msgrid_step(golcl_msgrid *grid, uint64_t generations);

/** Builds the kernels of the grid's rule ahead of the first step.
 *  @return as golcl_msgrid_step. */
GOLCL_API golcl_status golcl_msgrid_prepare(golcl_msgrid *grid);

/** The device buffer of the cells (width·height bytes, row-major); the grid
 *  keeps owning it. NULL for NULL and for a grid on the host. */
GOLCL_API cl_mem golcl_msgrid_buffer(golcl_msgrid *grid);

/* ----------------------------------------------------------- patterns */

typedef struct golcl_mspattern golcl_mspattern;

/** Parses a multi-state RLE text as Golly writes it: "#" lines (#CXRLE
 *  with Pos= and Gen=, comments kept), the header "x = W, y = H, rule =
 *  RULE[:SUFFIX]" (a rule of golcl_msrule_parse and a bounded grid of
 *  golcl_bounds_parse), then runs of '.' (0), 'A'..'X' (1..24), 'p'..'y'
 *  followed by 'A'..'X' (25..255: 24·(p - 'p' + 1) + letter), 'b' and 'o'
 *  (0 and 1), '$' and '!'. Cells beyond the header's box widen it. The box
 *  is held to the pattern limits (golcl_pattern_get_limits: max_width,
 *  max_height, max_bytes, and max_cells for its area); a state at or above
 *  the rule's number of states is refused.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_PARSE ("line L, column
 *          C: ..."); GOLCL_E_UNSUPPORTED (a rule of another family: the
 *          two-state ones are golcl_pattern_parse's); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_mspattern_parse(const char *text, size_t len, golcl_mspattern **out);
/* golcl_mspattern_parse also takes, recognised from the content:
 *  - gzip data (inflated first, the text held to max_bytes);
 *  - Golly's multi-state macrocell, "[M2]" then "#R RULE[:SUFFIX]" (before
 *    the nodes), "#G gen", "#C"/"#N"/"#O" comments, and nodes "1 nw ne sw
 *    se" of four states or "L nw ne sw se" (L >= 2) of earlier nodes; the
 *    cells' box is held to the pattern limits; the root of level d has its
 *    top-left cell at (-2^(d-1), 1-2^(d-1)), as Golly places it;
 *  - MCell files ("#MCell"), docs/formats.md: #GAME, #RULE, #BOARD, #L,
 *    #D, #CCOLORS and #WRAP lines, each game mapped to a rule of this
 *    module or refused with GOLCL_E_UNSUPPORTED naming it. */

/** Reads a file and parses it (golcl_mspattern_parse); GOLCL_E_IO if it
 *  cannot be read; the path heads the message. */
GOLCL_API golcl_status golcl_mspattern_read_file(const char *path, golcl_mspattern **out);
GOLCL_API void golcl_mspattern_destroy(golcl_mspattern *pattern); /**< NULL is a no-op */

GOLCL_API uint32_t golcl_mspattern_width(const golcl_mspattern *pattern);
GOLCL_API uint32_t golcl_mspattern_height(const golcl_mspattern *pattern);
/** The box's cells, width·height bytes, row-major; NULL for NULL. */
GOLCL_API const uint8_t *golcl_mspattern_cells(const golcl_mspattern *pattern);
/** The rule. @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_mspattern_msrule(const golcl_mspattern *pattern, golcl_msrule *out);
/** The bounded grid of the rule's suffix (topology INFINITE for none).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument). */
GOLCL_API golcl_status golcl_mspattern_bounds(const golcl_mspattern *pattern, golcl_bounds *out);
/** Golly's coordinates of box cell (0, 0): #CXRLE Pos= (0,0 on a #CXRLE
 *  line without it), else the box centred as Golly places it,
 *  (-floor(w/2), -floor(h/2)). */
GOLCL_API void golcl_mspattern_origin(const golcl_mspattern *pattern, int64_t *x, int64_t *y);
/** The generation of #CXRLE Gen=, else 0. */
GOLCL_API uint64_t golcl_mspattern_generation(const golcl_mspattern *pattern);

/** The number of comment lines ("#" lines other than #CXRLE, kept whole and
 *  in order), and line i of them (NULL when i is out of range). */
GOLCL_API size_t golcl_mspattern_comment_count(const golcl_mspattern *pattern);
GOLCL_API const char *golcl_mspattern_comment(const golcl_mspattern *pattern, size_t i);

/** Sets the position (Golly's coordinates of box cell (0, 0)) or the
 *  bounded grid (topology INFINITE, PLANE or TORUS without shifts; the
 *  writer adds it to the rule) of a pattern.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, bounds
 *          golcl_bounds_format refuses). */
GOLCL_API golcl_status golcl_mspattern_set_origin(golcl_mspattern *pattern, int64_t x, int64_t y);
GOLCL_API golcl_status golcl_mspattern_set_bounds(golcl_mspattern *pattern,
                                                  const golcl_bounds *bounds);

/** Places the pattern's box with its cell (0, 0) at grid cell (x, y),
 *  writing every cell of the box (its 0s too) that falls inside the grid.
 *  A pattern with a bounded grid of its own (a rule suffix such as
 *  ":P60,60" or ":T60,60") whose sides are the grid's gives the grid those
 *  bounds first (golcl_msgrid_set_bounds); a grid of other sides keeps its
 *  own (the suffix dropped, as `golcl run --size` does).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_UNSUPPORTED
 *          (bounds the grid's rule cannot take, see golcl_msgrid_set_bounds;
 *          nothing changes); GOLCL_E_OPENCL; GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_msgrid_place(golcl_msgrid *grid, const golcl_mspattern *pattern,
                                          int64_t x, int64_t y);

/** The grid's cells in the bounding box of its non-zero cells, with its
 *  rule, bounds (":T" for a torus, none for a dead boundary), generation
 *  and position (Pos= of the box in grid coordinates). An empty grid gives
 *  a 0×0 pattern. @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_OPENCL;
 *  GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_msgrid_extract(golcl_msgrid *grid, golcl_mspattern **out);

/** Writes the pattern as RLE as Golly does: "#CXRLE Pos=x,y Gen=g" when
 *  not at Golly's default place or generation 0, the header with the rule
 *  (golcl_msrule_format) and bounds, runs of 'b'/'o' for two-state rules
 *  and '.'/'A'.. otherwise, lines of at most 70 characters.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_IO. */
GOLCL_API golcl_status golcl_mspattern_write_rle(const golcl_mspattern *pattern, FILE *f);

/** The letters of a state in Golly's RLE, for writers of other stores (the
 *  universe's): with two_state 'b' (0) and 'o' (any other); else '.' for 0,
 *  'A'..'X' for 1..24, then "pA".."pX", "qA".. up to 255. out gets one or
 *  two letters and a NUL. */
GOLCL_API void golcl_mspattern_rle_symbol(uint8_t state, int two_state, char out[3]);

/** Writes the pattern as Golly's multi-state macrocell: "[M2] (libgolcl
 *  VERSION)", "#R" with the rule and bounds, "#G" when the generation is
 *  not 0, the comments (as "#C" lines unless they are #C, #N or #O lines),
 *  then nodes "1 nw ne sw se" of states and "L ..." above them, equal
 *  subtrees written once, the smallest root that holds the box at its
 *  position (none for an empty pattern).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, cells beyond 2^61
 *          from the origin); GOLCL_E_IO (a write failed or out of memory). */
GOLCL_API golcl_status golcl_mspattern_write_macrocell(const golcl_mspattern *pattern, FILE *f);

#ifdef __cplusplus
}
#endif

#endif
