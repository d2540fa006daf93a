/* tiletable.h — the hash table of the host tile engines (private to
 * lib/universe; hosttiles.c for two states, mstiles.c for states): tiles by
 * their coordinates, each linked to its 8 neighbours (an engine's shared
 * zero tile where there is none), kept in one array, with the engines' two
 * lists of tiles (active, todo) sized with it and a few freed tiles kept
 * for reuse. An engine's tile holds a golcl__tile_node at a fixed offset. */
#ifndef GOLCL_UNIVERSE_TILETABLE_H
#define GOLCL_UNIVERSE_TILETABLE_H

#include <stddef.h>
#include <stdint.h>

enum { GOLCL__N, GOLCL__NE, GOLCL__E, GOLCL__SE, GOLCL__S, GOLCL__SW, GOLCL__W, GOLCL__NW };
extern const int golcl__tile_dx[8], golcl__tile_dy[8];

typedef struct golcl__tile_node {
  struct golcl__tile_node *nb[8]; /* by direction; the zero tile where there is none */
  struct golcl__tile_node *hnext; /* hash chain; the spare list */
  int64_t tx, ty;
  size_t index; /* in all[] */
} golcl__tile_node;

typedef struct golcl__tile_table {
  golcl__tile_node *zero; /* the engine's zero tile */
  size_t bytes;           /* of an engine's tile, a multiple of 64 */
  size_t offset;          /* of the node in it */
  golcl__tile_node **buckets;
  size_t nbuckets; /* a power of two */
  golcl__tile_node **all, **active, **todo;
  size_t n, cap, nactive, ntodo;
  golcl__tile_node *spare;
  size_t nspare, max_spare;
  uint64_t freed;
} golcl__tile_table;

/* An empty table of tiles of `bytes` bytes, 64-aligned, with their node at
 * `offset` (zero: the engine's zero tile's node, linked to itself here),
 * keeping at most max_spare freed tiles. */
void golcl__tile_table_init(golcl__tile_table *t, golcl__tile_node *zero, size_t bytes,
                            size_t offset, size_t max_spare);
/* Frees every tile and the arrays: empty again. */
void golcl__tile_table_clear(golcl__tile_table *t);
golcl__tile_node *golcl__tile_find(const golcl__tile_table *t, int64_t tx, int64_t ty);
/* The node of a new tile of 0 bytes at (tx, ty), linked to its neighbours;
 * NULL if out of memory. */
golcl__tile_node *golcl__tile_make(golcl__tile_table *t, int64_t tx, int64_t ty);
void golcl__tile_unmake(golcl__tile_table *t, golcl__tile_node *n);
/* qsort's order of an array of golcl__tile_node pointers: north to south by
 * rows of tiles, west to east within one (the tiles of states' walks). */
int golcl__tile_by_position(const void *a, const void *b);

#endif
