/* golcl_lattice.h — libgolcl automata on neighbour tables: graphs of cells
 * (a caller's table, 2-D/3-D lattices, quad meshes), Life-like rules on
 * graphs and the Nowak–May spatial game. docs/lattice.md has the semantics. */
#ifndef GOLCL_LATTICE_H
#define GOLCL_LATTICE_H

#include "golcl.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Conventions of this module
 * - A graph has N cells, each with D neighbour slots (D <= GOLCL_GRAPH_MAX_DEGREE)
 *   in a structure-of-arrays table: table[d*N + i] is the d-th neighbour of
 *   cell i, or -1 for none. A neighbour may appear in several slots (a
 *   2-wide torus): it is then counted once per slot, as the grid counts it
 *   once per offset.
 * - Life and the game keep their state on the device; stepping launches
 *   kernels only (no host round trip a generation) and returns once they are
 *   queued, except that a long run waits for its own launches every 1024
 *   generations (the queue stays bounded) and the REFERENCE kernel computes
 *   on the host. Calls that return a value to the host wait for it.
 * - On failure out-handles are NULL and the objects passed in are unchanged;
 *   details are in golcl_context_errmsg() of the objects' context, or
 *   golcl_last_errmsg() for calls without one (the mesh functions). */

/** Most neighbour slots a cell of a graph may have. */
#define GOLCL_GRAPH_MAX_DEGREE 32
/** Most cells of a graph (indices are int32). */
#define GOLCL_GRAPH_MAX_CELLS 0x7fffffff

/* ----------------------------------------------------------------- kernels */

/** How Life and the game are stepped. */
typedef enum golcl_lattice_kernel {
  GOLCL_LK_AUTO = 0, /**< the fastest this graph (and game) allows: bits, fused or tiled on lattices, else dict or table */
  GOLCL_LK_REFERENCE = 1, /**< the C reference on the host (the definition) */
  GOLCL_LK_TABLE = 2,     /**< one work-item a cell, neighbours from the int32 table */
  /** The table as a dictionary: each cell has a 16-bit id of its row of
   *  neighbour offsets (j - i), the rows stored once. Available when the
   *  graph has at most 65536 distinct rows (lattices, generated meshes). */
  GOLCL_LK_DICT = 3,
  GOLCL_LK_TILED = 4, /**< lattices only: tiles with a halo in local memory (game: two launches) */
  GOLCL_LK_FUSED = 5, /**< lattices only, game only: scores and decisions in one launch */
  /** Game only, Moore and von Neumann lattices: one bit an agent,
   *  bit-sliced counts and maxima; for payoffs whose scores depend on the
   *  cooperating opponents alone and do not fall as they rise (Nowak–May
   *  with b >= 0 on any boundary; other payoffs with R >= S, T >= P on a
   *  torus). */
  GOLCL_LK_BITS = 6,
  GOLCL_LK_COUNT
} golcl_lattice_kernel;

/** The name of a kernel ("auto", "reference", "table", "dict", "tiled",
 *  "fused", "bits"), or NULL for a bad value.
 *  Host only. */
GOLCL_API const char *golcl_lattice_kernel_name(golcl_lattice_kernel kernel);

/** The kernel of a name (as golcl_lattice_kernel_name gives).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, unknown name). */
GOLCL_API golcl_status golcl_lattice_kernel_from_name(const char *name, golcl_lattice_kernel *out);

/* ------------------------------------------------------------------ graphs */

typedef struct golcl_graph golcl_graph;

/* Neighbourhoods of regular lattices: golcl_neighbourhood of golcl.h (the
 * same three kinds as Golly's rule suffixes). Neighbours are the offsets
 * (dx, dy, dz) of the 3×3(×3) box without (0,0,0), taken in the order dz, dy,
 * dx each from -1 to 1 (so in 2-D: (-1,-1), (0,-1), (1,-1), (-1,0), (1,0),
 * ...): GOLCL_NEIGHBOURHOOD_MOORE the whole box (8 in 2-D, 26 in 3-D),
 * GOLCL_NEIGHBOURHOOD_VON_NEUMANN one axis at a time (4 / 6),
 * GOLCL_NEIGHBOURHOOD_HEXAGONAL 2-D only, 6: the box without (1,-1) and
 * (-1,1) (Golly's hexagons). */

/** A regular lattice: cell (x, y, z) is index (z·ny + y)·nx + x. */
typedef struct golcl_lattice {
  unsigned dims;           /**< 2 or 3 */
  uint32_t nx, ny, nz;     /**< extents, each >= 1; nz is ignored (taken as 1) in 2-D */
  golcl_boundary boundary; /**< GOLCL_BOUNDARY_TORUS wraps each axis; DEAD: slots outside are -1 */
  golcl_neighbourhood nbhd;
} golcl_lattice;

/** Creates a graph from the caller's table (structure of arrays, copied):
 *  table[d*cells + i] for d < degree is a neighbour of cell i in 0..cells-1,
 *  or -1 for none.
 *  Blocks (copies the table to the device).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL ctx, table or out, cells 0 or
 *          above GOLCL_GRAPH_MAX_CELLS, degree 0 or above
 *          GOLCL_GRAPH_MAX_DEGREE, an entry out of range: the first one is
 *          named in errmsg); GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_graph_create(golcl_context *ctx, size_t cells, unsigned degree,
                                          const int32_t *table, golcl_graph **out);

/** Creates the graph of a regular lattice. Its table is made on the device
 *  when a kernel first needs it (the tiled kernels never do).
 *  Host only: no device work until a kernel needs the table.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, dims not 2 or 3, an
 *          extent 0, more than GOLCL_GRAPH_MAX_CELLS cells, a bad boundary
 *          or neighbourhood, GOLCL_NEIGHBOURHOOD_HEXAGONAL in 3-D); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_graph_create_lattice(golcl_context *ctx, const golcl_lattice *lattice,
                                                  golcl_graph **out);

/** Destroys a graph. Life and games made on it must be destroyed first.
 *  NULL is a no-op.
 *  Does not block. */
GOLCL_API void golcl_graph_destroy(golcl_graph *graph);

/** Cells, neighbour slots and context of a graph (0, 0, NULL for NULL).
 *  Host only. */
GOLCL_API size_t golcl_graph_cells(const golcl_graph *graph);
GOLCL_API unsigned golcl_graph_degree(const golcl_graph *graph);
GOLCL_API golcl_context *golcl_graph_context(const golcl_graph *graph);

/** 1 and the lattice in *out (if out is not NULL) when the graph was made by
 *  golcl_graph_create_lattice; else 0.
 *  Host only. */
GOLCL_API int golcl_graph_get_lattice(const golcl_graph *graph, golcl_lattice *out);

/** Copies the table (degree·cells entries, the layout of golcl_graph_create)
 *  into host memory; waits for it.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_graph_read_table(golcl_graph *graph, int32_t *table);

/** Whether a kernel can step this graph: 1 or 0 (REFERENCE, TABLE and AUTO
 *  always; DICT when the rows fit in 65536 ids; TILED on lattices; FUSED on
 *  lattices, for the game only; BITS on Moore and von Neumann lattices, for
 *  the game only, where its payoffs allow: see GOLCL_LK_BITS).
 *  Blocks the first time DICT is asked of a graph that has no dictionary yet:
 *  it is made then (on the host, copied to the device); otherwise host only. */
GOLCL_API int golcl_graph_kernel_available(golcl_graph *graph, golcl_lattice_kernel kernel);

/* ------------------------------------------------------------ quad meshes */

typedef struct golcl_mesh golcl_mesh;

/** Which faces of a quad mesh are neighbours. */
typedef enum golcl_mesh_adjacency {
  /** Faces sharing edge k (vertices k and k+1 mod 4) of the face, slot k;
   *  -1 on a border edge. An edge shared by more than two faces is refused. */
  GOLCL_MESH_EDGE = 0,
  /** Faces sharing at least one vertex, each once, the face itself excluded:
   *  around corner 0, 1, 2, 3 in turn, each corner's faces in increasing
   *  index; 8 on a regular part of a mesh, fewer or more at irregular
   *  vertices; slots beyond a face's count are -1. */
  GOLCL_MESH_VERTEX = 1
} golcl_mesh_adjacency;

/** Limits of the OBJ reader (the defaults: 2^24 vertices and 2^24 faces). */
#define GOLCL_MESH_MAX_VERTICES (1u << 24)
#define GOLCL_MESH_MAX_FACES (1u << 24)

/** Parses a Wavefront OBJ text of len bytes (not NUL-terminated): `v x y z
 *  [w]` lines and `f` lines of exactly four vertex references (`i`, `i/t`,
 *  `i//n`, `i/t/n`; negative i counts back from the last vertex). Other
 *  statements (vt, vn, o, g, s, usemtl, mtllib, comments) are ignored.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL text or out); GOLCL_E_PARSE
 *          ("line L: ..." in golcl_last_errmsg(): a face that is not a quad,
 *          a vertex index out of range or not yet defined, a repeated vertex
 *          in a face, a bad number, a NUL byte, more than the limits, no
 *          face); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_mesh_parse_obj(const char *text, size_t len, golcl_mesh **out);

/** Reads an OBJ file (as golcl_mesh_parse_obj).
 *  Host only.
 *  @return as golcl_mesh_parse_obj; GOLCL_E_IO (cannot read the file). */
GOLCL_API golcl_status golcl_mesh_read_obj(const char *path, golcl_mesh **out);

/** A w×h torus of quads (w, h >= 3), major radius R, minor r (R > r > 0):
 *  face (x, y) is index y·w + x; with vertex neighbours it is the w×h torus
 *  grid (cell (x, y) of a golcl_grid ↔ face y·w + x).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, w or h below 3, w·h above
 *          GOLCL_MESH_MAX_FACES, bad radii); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_mesh_torus(uint32_t w, uint32_t h, double R, double r,
                                        golcl_mesh **out);

/** A cube-sphere: each of the 6 faces of a cube cut into n×n quads (n >= 1),
 *  the vertices pushed onto the unit sphere; the 8 cube corners are
 *  valence-3 vertices. Face f (0..5: +x, -x, +y, -y, +z, -z) has quads
 *  f·n² + v·n + u.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, n 0, 6n² above
 *          GOLCL_MESH_MAX_FACES); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_mesh_cube_sphere(uint32_t n, golcl_mesh **out);

/** A w×h Klein bottle (w, h >= 3) as Golly's bounded grid ":Kw*,h": face
 *  (x, y) is index y·w + x, x wraps plainly, and crossing the top or bottom
 *  edge reflects x (face (x, -1) is (w-1-x, h-1)). Positions follow the
 *  figure-8 immersion.
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL out, w or h below 3, w·h above
 *          GOLCL_MESH_MAX_FACES); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_mesh_klein(uint32_t w, uint32_t h, golcl_mesh **out);

/** Destroys a mesh. NULL is a no-op.
 *  Host only. */
GOLCL_API void golcl_mesh_destroy(golcl_mesh *mesh);

/** Vertex and face counts (0 for NULL).
 *  Host only. */
GOLCL_API size_t golcl_mesh_vertex_count(const golcl_mesh *mesh);
GOLCL_API size_t golcl_mesh_face_count(const golcl_mesh *mesh);

/** The position of vertex i (xyz[3]) and the four vertices of face i (v[4]).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, i out of range). */
GOLCL_API golcl_status golcl_mesh_vertex(const golcl_mesh *mesh, size_t i, double xyz[3]);
GOLCL_API golcl_status golcl_mesh_face(const golcl_mesh *mesh, size_t i, uint32_t v[4]);

/** The neighbour table of a mesh (host side): *degree slots a face (4 for
 *  edge neighbours; the largest count for vertex neighbours) and *table, a
 *  malloc'ed degree·faces array in the layout of golcl_graph_create (free()
 *  it).
 *  Host only.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a bad adjacency, an
 *          edge of more than two faces); GOLCL_E_UNSUPPORTED (a face with more
 *          than GOLCL_GRAPH_MAX_DEGREE vertex neighbours); GOLCL_E_OUT_OF_MEMORY. */
GOLCL_API golcl_status golcl_mesh_table(const golcl_mesh *mesh, golcl_mesh_adjacency adjacency,
                                        int32_t **table, unsigned *degree);

/** Creates the graph of a mesh's faces, with golcl_mesh_table's neighbours.
 *  It is kept as its row dictionary (the DICT kernel's) when the rows fit,
 *  made in linear passes on several threads, and its table is made when
 *  first asked for; else as golcl_mesh_table, then golcl_graph_create.
 *  Blocks (copies the dictionary or the table to the device).
 *  @return as those two. */
GOLCL_API golcl_status golcl_graph_create_mesh(golcl_context *ctx, const golcl_mesh *mesh,
                                               golcl_mesh_adjacency adjacency, golcl_graph **out);

/* -------------------------------------------------------- Life on a graph */

typedef struct golcl_glife golcl_glife;

/** Creates Life on a graph: one byte a cell (0 dead, 1 alive), all dead,
 *  rule B3/S23, generation 0. The graph must outlive it.
 *  Blocks (clears the cells on the device and waits).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_glife_create(golcl_graph *graph, golcl_glife **out);

/** Destroys it. NULL is a no-op.
 *  Does not block. */
GOLCL_API void golcl_glife_destroy(golcl_glife *life);

/** Sets a Life-like rule from text ("B3/S23", as golcl_rule_parse: counts
 *  0..8).
 *  Host only: the rule is used from the next run.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_PARSE. */
GOLCL_API golcl_status golcl_glife_set_rule(golcl_glife *life, const char *rule);

/** Sets a rule over counts 0..GOLCL_GRAPH_MAX_DEGREE: a dead cell with n live
 *  neighbours is born if bit n of birth is set, a live one survives if bit n
 *  of survive is set.
 *  Host only: the rule is used from the next run.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL life, bits above
 *          GOLCL_GRAPH_MAX_DEGREE). */
GOLCL_API golcl_status golcl_glife_set_rule_bits(golcl_glife *life, uint64_t birth,
                                                 uint64_t survive);

/** Writes all cells (cells[i] nonzero: alive), or reads them as 0/1; waits.
 *  The generation counter is kept.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_glife_write(golcl_glife *life, const uint8_t *cells);
GOLCL_API golcl_status golcl_glife_read(golcl_glife *life, uint8_t *cells);

/** Cell i is alive iff the top 32 bits of mix64(mix64(seed) ^ key) are below
 *  density·2^32, with mix64 and key those of golcl_grid_randomize and key
 *  = ((i / row) << 32) | (i % row), row the lattice's nx or the generated
 *  torus or Klein bottle's w (so that they get the cells of a grid
 *  randomized with the same seed), else 2^32 (key = i).
 *  Enqueues.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL life, density outside [0, 1]);
 *          GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_glife_randomize(golcl_glife *life, double density, uint64_t seed);

/** Live cells, counted on the device; waits.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_glife_population(golcl_glife *life, uint64_t *out);

/** Advances by generations with a kernel (AUTO: DICT where available, else
 *  TABLE; TILED and FUSED are not for Life).
 *  Enqueues its launches and returns; blocks where it must wait: every 1024
 *  generations of a long run, with the REFERENCE kernel (on the host), and
 *  where the first TABLE or DICT run makes its table or dictionary.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL life, bad kernel);
 *          GOLCL_E_UNSUPPORTED (a kernel this graph or Life does not have);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_glife_run(golcl_glife *life, golcl_lattice_kernel kernel,
                                       uint64_t generations);

/** Generations run so far (0 for NULL).
 *  Host only. */
GOLCL_API uint64_t golcl_glife_generation(const golcl_glife *life);

/** The state buffer (cells bytes, 0/1), owned by the object; valid until the
 *  next run.
 *  Host only. */
GOLCL_API cl_mem golcl_glife_buffer(golcl_glife *life);

/* --------------------------------------------------------- spatial game */

typedef struct golcl_game golcl_game;

/** Strategies: one byte an agent. */
#define GOLCL_COOPERATE 0
#define GOLCL_DEFECT 1

/** The 2×2 payoffs of the row player: R (C meets C), S (C meets D), T (D
 *  meets C), P (D meets D). Nowak–May: R = 1, T = b, S = P = 0. */
typedef struct golcl_payoffs {
  float R, S, T, P;
} golcl_payoffs;

/** Creates the game on a graph: all agents cooperate, Nowak–May with b = 1.9,
 *  self-interaction on, generation 0. Each generation every agent i sums its
 *  payoffs against its neighbours (and itself, with self-interaction):
 *  score = nC·X + nD·Y in float, X, Y = R, S for a cooperator and T, P for a
 *  defector, the two products and the sum each rounded (no fma, on the host
 *  and on every device); then it takes the strategy of the best score in its
 *  neighbourhood and itself: its own if its score ties the best, else C if a
 *  best-scoring neighbour cooperates, else D.
 *  Blocks (clears both strategy buffers on the device and waits).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_game_create(golcl_graph *graph, golcl_game **out);

/** Destroys it. NULL is a no-op.
 *  Does not block. */
GOLCL_API void golcl_game_destroy(golcl_game *game);

/** Sets the payoffs, or Nowak–May's with a b; each value at most 1e30 in
 *  size (so that no score overflows).
 *  Host only: the payoffs are used from the next run.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument, a value that is not
 *          finite or above 1e30 in size). */
GOLCL_API golcl_status golcl_game_set_payoffs(golcl_game *game, const golcl_payoffs *payoffs);
GOLCL_API golcl_status golcl_game_set_b(golcl_game *game, double b);

/** Self-interaction on (nonzero) or off.
 *  Host only: used from the next run.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL game). */
GOLCL_API golcl_status golcl_game_set_self(golcl_game *game, int on);

/** Writes the strategies (nonzero: defect); the previous strategies become
 *  the same. Waits.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL argument); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_game_write(golcl_game *game, const uint8_t *strategies);

/** Reads the strategies and those of the generation before (either may be
 *  NULL), as GOLCL_COOPERATE/GOLCL_DEFECT bytes; waits.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL game, both NULL); GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_game_read(golcl_game *game, uint8_t *strategies, uint8_t *previous);

/** A random start: agent i defects iff the hash of golcl_glife_randomize is
 *  below defectors·2^32. The previous strategies become the same.
 *  Blocks (the random start is made on the device and copied to the previous
 *  strategies, then waited for).
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL game, defectors outside
 *          [0, 1]); GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_game_randomize(golcl_game *game, double defectors, uint64_t seed);

/** Cooperators, counted on the device; waits.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_game_cooperators(golcl_game *game, uint64_t *out);

/** Advances by generations with a kernel (AUTO: BITS where it serves the
 *  game, else FUSED or TILED on lattices, whichever the device runs faster
 *  by design — TILED on CPUs, FUSED on GPUs —, else DICT or TABLE).
 *  Enqueues its launches and returns; blocks where it must wait: every 1024
 *  generations of a long run, with the REFERENCE kernel (on the host), and
 *  where the first TABLE or DICT run makes its table or dictionary.
 *  @return GOLCL_OK; GOLCL_E_INVALID_ARG (NULL game, bad kernel);
 *          GOLCL_E_UNSUPPORTED (TILED/FUSED/BITS on a graph that is not a
 *          lattice, DICT on a graph with too many rows, BITS on a hexagonal
 *          lattice or with payoffs it does not serve);
 *          GOLCL_E_OUT_OF_MEMORY; GOLCL_E_BUILD; GOLCL_E_OPENCL. */
GOLCL_API golcl_status golcl_game_run(golcl_game *game, golcl_lattice_kernel kernel,
                                      uint64_t generations);

/** Generations run so far (0 for NULL).
 *  Host only. */
GOLCL_API uint64_t golcl_game_generation(const golcl_game *game);

/** The strategy buffer (one byte an agent), owned by the game; valid until
 *  the next run. After a run of the BITS kernel (which steps a packed copy)
 *  it enqueues the unpacking first; the caller may then write the buffer.
 *  Enqueues at most the unpacking; NULL for NULL or if that fails. */
GOLCL_API cl_mem golcl_game_buffer(golcl_game *game);

#ifdef __cplusplus
}
#endif

#endif
