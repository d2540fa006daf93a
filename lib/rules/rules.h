/* rules.h — private API of the multi-state part on the device: the grid
 * struct and the launches of the rule families (ms.h has the host-only
 * part). Uses lib/core and the public headers only. */
#ifndef GOLCL_RULES_PRIVATE_H
#define GOLCL_RULES_PRIVATE_H

#include "../core/core.h"
#include "ms.h"

struct golcl_msgrid {
  golcl_context *ctx; /* NULL: a grid on the host (msgrid_host.c), its cells in `host` */
  uint8_t *host;      /* w·h bytes */
  uint32_t w, h;
  golcl_boundary boundary;
  golcl_msrule rule;
  uint64_t generation;
  cl_mem cur, spare; /* w·h bytes each; spare made on the first step */
  cl_mem table;      /* Generations: the 512-byte table of the rule, or NULL */
  int table_stale;   /* the rule changed since `table` was written */
  cl_mem rowsum;     /* LtL N and C: (w+1)·h uint prefix sums along rows */
  cl_mem rowwin;     /* LtL Moore: w·h uint row windows */
  cl_mem spans;      /* LtL N and C: 2R+1 half-widths, one a row of the neighbourhood */
  uint32_t spans_range;
  golcl_ltl_neighbourhood spans_nbhd;
  cl_mem ltl_bits[2];              /* LtL: bit planes of the cells in state 1 (ltl_bits.c) */
  cl_mem planes[2];                /* Generations on bit planes (genbits.c), made on first use */
  size_t planes_bytes;             /* the size of each */
  cl_mem tree;                     /* RuleLoader: the rule's tree, packed (tree.c) */
  const golcl_ruletree *tree_rule; /* the tree in `tree` */
  uint32_t tree_g, tree_base, tree_entries, tree_wide; /* its packing */
  uint32_t tree_rows;       /* 0: packed; 1: by rows; 2: by classes of rows (tree.c) */
  uint32_t tree_any;        /* packed, int entries, the rule in the kernel's arguments */
  uint32_t tree_local;      /* bytes of local memory the tree takes (rows, classes) */
  golcl__opts tree_defs;    /* the build options of the tree's layout (rows, classes) */
  cl_mem jvn_tables;        /* the JvN kernel's tables, or NULL */
  int jvn_tables_of;        /* what they are: the family, 64 more for the full table */
  golcl_bounds bounds;      /* Golly's bounded grid (golcl_msgrid_set_bounds) */
  int ghost;                /* bounds that neither dead nor torus kernels give: */
  struct golcl_msgrid *pad; /* (w+2)×(h+2), dead boundary, stepped a generation */
  cl_mem ghost_map;         /* at a time after its frame is filled from `map` */
  cl_uint ghost_n;          /* (msgrid_bounds.c): frame cells in ghost_map */
};

/* A family of rules behind one table, as life's steppers are behind
 * golcl__stepper_ops: msgrid.c looks the grid's rule's family up
 * (family.c) and calls it; a family uses the grid's buffers
 * (msgrid_buffers.c) and lib/core, never msgrid.c. `prepare` builds what a
 * step needs ahead; `step` runs gens >= 1 generations of the grid's rule
 * (msgrid.c waits for the queue between chunks). */
typedef struct golcl__ms_family_ops {
  const char *name;
  golcl_status (*prepare)(golcl_msgrid *g);
  golcl_status (*step)(golcl_msgrid *g, uint64_t gens);
} golcl__ms_family_ops;

extern const golcl__ms_family_ops golcl__ms_generations_ops, golcl__ms_ltl_ops, golcl__ms_tree_ops,
    golcl__ms_jvn_ops;

/* A grid on the host (msgrid_host.c): its cells stepped through the block
 * step (golcl_msrule_step_block) with a frame of the reach (0s for the dead
 * boundary, the far side for the torus), Golly's other bounded grids
 * through golcl_ms_reference_run_bounds; its census and randomize give the
 * device's numbers. */
golcl_status golcl__msgrid_host_step(golcl_msgrid *g, uint64_t gens);
void golcl__msgrid_host_census(const golcl_msgrid *g, uint64_t counts[256], uint64_t *sum);
void golcl__msgrid_host_randomize(golcl_msgrid *g, unsigned states, double density, uint64_t seed);

/* The family that runs rule r. */
const golcl__ms_family_ops *golcl__ms_family_of(const golcl_msrule *r);

/* LtL's tile kernel (ltl_tile.c): whether it serves the grid's range and
 * neighbourhood (else ltl.c's sums), its build, a step (`spans`: the
 * half-widths for N and C, unused for M). */
int golcl__ltl_tile_usable(const golcl_msgrid *g);
golcl_status golcl__ltl_tile_prepare(golcl_msgrid *g);
golcl_status golcl__ltl_tile_step(golcl_msgrid *g, cl_mem spans, uint64_t gens);
/* LtL from bit planes (ltl_bits.c): whether it serves the grid's rule
 * (R <= 31; CPU devices, or $GOLCL_LTL_KERNEL = bits), its build, a step. */
int golcl__ltl_bits_usable(const golcl_msgrid *g);
golcl_status golcl__ltl_bits_prepare(golcl_msgrid *g);
golcl_status golcl__ltl_bits_step(golcl_msgrid *g, cl_mem spans, uint64_t gens);
golcl_status golcl__tree_step(golcl_msgrid *g, uint64_t gens);
golcl_status golcl__tree_prepare(golcl_msgrid *g);

/* Bit planes: whether the grid's rule can run there (Generations of
 * counts; a RuleLoader rule whose function is WireWorld's), its kernels
 * built, a step of gens ≥ 1. */
int golcl__genbits_usable(golcl_msgrid *g);
golcl_status golcl__genbits_prepare(golcl_msgrid *g);
golcl_status golcl__genbits_step(golcl_msgrid *g, uint64_t gens);
golcl_status golcl__jvn_step(golcl_msgrid *g, uint64_t gens);
golcl_status golcl__jvn_prepare(golcl_msgrid *g);
/* JvN29 and Nobili32 on bit planes (jvn_bits.c): whether the grid's planes
 * fit the device's largest buffer, its kernels built, a step of gens >= 1
 * (packed once, unpacked once). */
int golcl__jvn_bits_fits(const golcl_msgrid *g);
golcl_status golcl__jvn_bits_prepare(golcl_msgrid *g);
golcl_status golcl__jvn_bits_step(golcl_msgrid *g, uint64_t gens);

/* A step of a grid whose bounds need the ghost frame (msgrid_bounds.c). */
golcl_status golcl__msgrid_ghost_step(golcl_msgrid *g, uint64_t gens);
golcl_status golcl__msgrid_ghost_prepare(golcl_msgrid *g);
void golcl__msgrid_ghost_release(golcl_msgrid *g);

/* The grid's two buffers (msgrid_buffers.c): swaps cur and spare after a
 * step, counting the generation; makes the spare buffer when missing. */
void golcl__msgrid_swap(golcl_msgrid *g);
golcl_status golcl__msgrid_spare(golcl_msgrid *g);
/* The grid's plane buffers (planes[2]) of `bytes` each at least, made or
 * made again larger; what they held is lost when they grow. */
golcl_status golcl__msgrid_planes(golcl_msgrid *g, size_t bytes);

#endif
