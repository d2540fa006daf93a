/* hashlife_gpu.h — HashLife on the device (private to lib/universe): the
 * node table, the memoised results and the level batches of a jump live on
 * the context's device (cl/universe/hashlife_gpu.cl); the host store
 * (hashlife.h) is loaded into it and a root is read back from it. */
#ifndef GOLCL_UNIVERSE_HASHLIFE_GPU_H
#define GOLCL_UNIVERSE_HASHLIFE_GPU_H

#include <golcl.h> /* with the OpenCL headers, before hashlife.h's host.h */

#include "hashlife.h"

typedef struct golcl__hlg golcl__hlg;

/* What the engine did (for measuring). */
typedef struct golcl__hlg_stats {
  uint64_t nodes, cap;   /* ids in use (with garbage since the load) and the bound */
  uint64_t device_bytes; /* the table, buckets and list stack */
  uint64_t frames;       /* batches listed (one blocking counter read each) */
  uint64_t launches;     /* kernels enqueued */
  uint64_t listed;       /* results computed (nodes listed in batches) */
  uint64_t max_batch;    /* the widest batch */
  uint64_t loads;        /* loads of a host store (the first, and each collection) */
  uint64_t jumps_in_one; /* jumps run in one launch of one work-group */
} golcl__hlg_stats;

/* An engine on ctx's device holding at most max_bytes (0: 1 GiB; capped by
 * the device's global memory) of table, buckets and lists; the rule is h's
 * (its table: no B0). base: the level of the base case (5 or 6; 0: 6).
 * A jump runs in one launch of one work-group of wg work-items (0: 256 on
 * a GPU, 64 elsewhere, at most what the kernel allows), in which a
 * work-item makes one square (split: 1) or one node's (0; -1: split on a
 * GPU only), where the widest batch of the last jump had at most `narrow`
 * nodes (after a load: a quarter of the nodes loaded); else a launch over
 * the device a batch step, the host reading each batch's size. narrow =
 * UINT32_MAX: always one launch; 0: always the host. Loads nothing yet. */
golcl_status golcl__hlg_create(golcl_context *ctx, const golcl__hl *h, uint64_t max_bytes, int base,
                               uint32_t narrow, int split, size_t wg, golcl__hlg **out);
void golcl__hlg_destroy(golcl__hlg *g); /* NULL is a no-op */

/* Replaces the device table with h's store (its nodes, memoised results and
 * root), in a table of 4 times its nodes at least (within the bound).
 * GOLCL_E_OUT_OF_MEMORY if the store does not fit the bound. */
golcl_status golcl__hlg_load(golcl__hlg *g, const golcl__hl *h);

/* Makes the next load's table 4 times larger, within the bound; 0 if it
 * is at the bound already. */
int golcl__hlg_grow(golcl__hlg *g);

/* Advances the device root 2^k generations (k ≤ 60), growing it around the
 * same centre as the host store does. GOLCL_E_OUT_OF_MEMORY when the table
 * (or the list stack) fills: the root is then unchanged, and the table
 * holds garbage (load it again before the next step). */
golcl_status golcl__hlg_step(golcl__hlg *g, int k);

/* Reads the device root into `out`, a fresh store (max_bytes as
 * golcl__hl_init) with h's rule. */
golcl_status golcl__hlg_store(golcl__hlg *g, const golcl__hl *rule_of, uint64_t max_bytes,
                              golcl__hl *out);

void golcl__hlg_get_stats(const golcl__hlg *g, golcl__hlg_stats *out);

#endif
