/* lattice.h — private API of the lattice part: the graph, Life and game
 * structs, the row dictionary, the shared launches and the C references. */
#ifndef GOLCL_LATTICE_PRIVATE_H
#define GOLCL_LATTICE_PRIVATE_H

#include "../core/core.h"
#include "golcl_lattice.h"

struct golcl_graph {
  golcl_context *ctx;
  size_t n;
  unsigned degree;
  int is_lattice;
  golcl_lattice lat;
  int offs[GOLCL_GRAPH_MAX_DEGREE][3]; /* a lattice's neighbour offsets, slot order */
  uint64_t row;                        /* key row of randomize: see golcl_glife_randomize */
  int full;                            /* no empty slot (-1) anywhere */
  /* host table, degree·n, and device table: a caller's graph has both from
   * the start; a lattice's and a mesh's (kept as a dictionary) are made on
   * demand */
  int32_t *host;
  cl_mem table;
  int dict_state; /* 0 not tried, 1 made, -1 too many rows */
  size_t dict_rows;
  cl_mem dict_ids;  /* ushort a cell */
  cl_mem dict_offs; /* dict_rows × degree int32: j - i, or INT_MIN */
  cl_mem
      dict_blocks; /* int32 a block of GOLCL__DICT_BLOCK cells: their id if all share it, else -1 */
  long dict_main;  /* the id of the most uniform blocks (the main row), -1 for none */
  int32_t dict_main_row[GOLCL_GRAPH_MAX_DEGREE];
};

/* The row dictionary: at most GOLCL__DICT_MAX distinct rows (16-bit ids);
 * blocks of GOLCL__DICT_BLOCK consecutive cells that share a row are marked
 * so, and the dict kernels then read no id a cell (a build option of theirs). */
#define GOLCL__DICT_MAX 65536
#define GOLCL__DICT_BLOCK 64

/* A dictionary being built one cell at a time, in order. */
typedef struct golcl__dict {
  size_t first, n;     /* cells first .. first + n - 1 */
  unsigned width;      /* slots a row while building (the most a cell may have) */
  unsigned degree;     /* the largest count added */
  unsigned min_filled; /* the fewest neighbours (slots not -1) of a cell */
  int32_t *rows;       /* GOLCL__DICT_MAX × width: j - i, INT32_MIN after the last neighbour */
  uint32_t *slots;     /* open addressing: id + 1, 0 empty */
  size_t count, nslots;
  uint16_t *ids; /* n: the id of cell first + k at k */
  long last;     /* the id of the row added last */
} golcl__dict;

golcl_status golcl__dict_init(golcl__dict *b, size_t n, unsigned width);
void golcl__dict_free(golcl__dict *b);
/* Adds cell i's row of count neighbours (-1: none; count <= width); 0, or -1
 * when the dictionary is full. */
int golcl__dict_add(golcl__dict *b, size_t i, const int32_t *nbrs, unsigned count);
/* Adds the rows of part (same width) to b, map[part's id] = b's id; 0, or
 * -1 when b is full. The ids of part's cells are for the caller to map. */
int golcl__dict_merge(golcl__dict *b, const golcl__dict *part, uint16_t *map);
/* A graph of b's n cells (first 0) and degree-slot rows (the largest count), kept as
 * the dictionary only (its tables are made when asked for). */
golcl_status golcl__graph_from_dict(golcl_context *ctx, golcl__dict *b, golcl_graph **out);

/* Long runs wait for their own launches every GOLCL__LATTICE_SYNC
 * generations, so that the queue stays bounded. */
#define GOLCL__LATTICE_SYNC 1024
static inline golcl_status golcl__sync(golcl_context *ctx) {
  return golcl__cl_fail(ctx, clFinish(ctx->queue), "clFinish");
}

/* The offsets of a lattice's neighbourhood in slot order into offs; their
 * count. */
unsigned golcl__lattice_offsets(const golcl_lattice *lat, int offs[][3]);

/* The host table of a graph (made now for a lattice). */
golcl_status golcl__graph_host(golcl_graph *g, const int32_t **out);

/* The device table (made now for a lattice). */
golcl_status golcl__graph_table(golcl_graph *g, cl_mem *out);

/* The row dictionary, made now if not tried yet: GOLCL_E_UNSUPPORTED when the
 * graph has more than 65536 distinct rows. */
golcl_status golcl__graph_dict(golcl_graph *g);

/* Two byte state buffers of n cells (current and previous or next), both
 * all zero when it returns (it waits); on failure the ones made are in *a,
 * *b for the caller's destroy. */
golcl_status golcl__state_pair(golcl_context *ctx, size_t n, cl_mem *a, cl_mem *b);
/* A byte state buffer of n cells: write (nonzero → 1), randomize and count. */
golcl_status golcl__state_write(golcl_context *ctx, cl_mem buf, size_t n, const uint8_t *src);
golcl_status golcl__state_randomize(golcl_graph *g, cl_mem buf, double density, uint64_t seed,
                                    const char *fn);
golcl_status golcl__state_count(golcl_graph *g, cl_mem buf, uint8_t value, uint64_t *out);

/* The build options of a table kernel: -DGOLCL_DEGREE=D, and -DGOLCL_DICT=1
 * for the dictionary variant. */
golcl_status golcl__degree_options(golcl_context *ctx, unsigned degree, int dict, golcl__opts *o);

/* The C references: gens generations of Life (rule as bit sets) or of the
 * game on the host table; in and out hold n bytes, out may not be in. The
 * game also writes the strategies of the generation before the last into
 * prev (in itself when gens is 0). */
void golcl__glife_reference(const int32_t *table, size_t n, unsigned degree, uint64_t birth,
                            uint64_t survive, uint8_t *cells, uint8_t *tmp, uint64_t gens);
void golcl__game_reference(const int32_t *table, size_t n, unsigned degree,
                           const golcl_payoffs *pay, int self, uint8_t *cur, uint8_t *prev,
                           float *scores, uint64_t gens);

/* The score of one agent and the decision, exactly as cl/lattice/payoff.cl. */
float golcl__game_score(unsigned own, unsigned nc, unsigned nd, const golcl_payoffs *pay);

#endif
