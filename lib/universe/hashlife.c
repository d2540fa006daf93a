/* hashlife.c — the node store (hash-consing, collection) and the HashLife
 * recursion. A node of level L ≥ 4 asked for its result after 2^k
 * generations (k ≤ L-2) forms the nine overlapping sub-squares of level
 * L-1; for k = L-2 it advances each 2^(L-3) generations, else it takes
 * their centres; the four squares of level L-1 made of those nine are
 * then advanced 2^min(k, L-3) generations and their results are the
 * answer. Level 4 (16×16 of four leaves) is the base case (leaf.c). */
#define _DEFAULT_SOURCE /* madvise */
#include "hashlife.h"
#include "leaf.h"
#include "../core/threads.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define DEFAULT_MAX_BYTES (1ull << 30)
/* A new store's table: 2 * INITIAL_NODES slots, 8 KB (with 8192 slots, the
 * first probes' read and write faults over its 16 pages made a store's
 * creation and release 55 us against 25, three times in a short run of the
 * command: 3 % of acorn's 1000 generations on pocl, 2026-11-29). */
#define INITIAL_NODES 512

static uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

static uint64_t key_hash(int level, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ull + (uint64_t)b * 0xC2B2AE3D27D4EB4Full +
               (uint64_t)c * 0x165667B19E3779F9ull + (uint64_t)d * 0x27D4EB2F165667C5ull +
               (uint64_t)level;
  return mix(h);
}

/* The node and bucket arrays: zeroed pages of their own, on huge pages
 * where the system gives them (madvise), since the lookups are random
 * reads over hundreds of MB and each would otherwise miss the TLB too
 * (Evoloop to 20 000 generations: a sixth less CPU time). `reserve`: address
 * space only, pages made as they are first touched. */
#define HUGE_PAGE ((size_t)2 << 20)
#define HUGE_FROM ((size_t)32 << 20)

static void *big_alloc(size_t bytes, int reserve) {
  if (bytes < HUGE_PAGE) return calloc(1, bytes);
  size_t len = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  int flags = MAP_PRIVATE | MAP_ANONYMOUS | (reserve ? MAP_NORESERVE : 0);
  char *p = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, flags, -1, 0);
  if (p == MAP_FAILED) return NULL;
  size_t lead = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
  if (lead) munmap(p, lead);
  munmap(p + lead + len, HUGE_PAGE - lead);
#ifdef MADV_HUGEPAGE
  /* past the first HUGE_FROM bytes only: a small run's store then touches 4 KB pages (every
   * store's first huge pages cost a 1000-generation methuselah 1-3 ms of the kernel clearing
   * them, a third of its run on an H200 machine, 2026-11-28) */
  if (len > HUGE_FROM) madvise(p + lead + HUGE_FROM, len - HUGE_FROM, MADV_HUGEPAGE);
#endif
  return p + lead;
}

static void big_free(void *p, size_t bytes) {
  if (!p) return;
  if (bytes < HUGE_PAGE) {
    free(p);
    return;
  }
  munmap(p, (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
}

/* Open addressing: a slot holds the upper half of the key's hash (a tag,
 * so that most probes touch no node) and the node's id; 0 is empty. */

/* Places the nodes of ids [lo, hi) in the slots b of a table of nb; by
 * compare-and-swap where other threads place others at once. The slots of
 * the nodes REHASH_AHEAD further on are loaded meanwhile, so that the
 * slots' cache misses overlap (a sixth of a store's making was its
 * rehashes, each slot a miss after the last). */
#define REHASH_AHEAD 16
static void place(const golcl__hl *h, uint64_t *b, size_t nb, size_t lo, size_t hi, int atomic) {
  uint64_t ks[REHASH_AHEAD];
  for (size_t i = lo; i < hi + REHASH_AHEAD; i++) {
    if (i >= lo + REHASH_AHEAD && h->nodes[i - REHASH_AHEAD].level) { /* not a hole */
      const size_t id = i - REHASH_AHEAD;
      const uint64_t k = ks[id % REHASH_AHEAD], v = (k & 0xffffffff00000000ull) | id;
      size_t j = k & (nb - 1);
      if (atomic) {
        uint64_t e = 0;
        while (!__atomic_compare_exchange_n(&b[j], &e, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
          j = (j + 1) & (nb - 1), e = 0;
      } else {
        while (b[j]) j = (j + 1) & (nb - 1);
        b[j] = v;
      }
    }
    if (i < hi) {
      const golcl__hl_node *m = &h->nodes[i];
      ks[i % REHASH_AHEAD] = key_hash(m->level, m->q[0], m->q[1], m->q[2], m->q[3]);
      __builtin_prefetch(&b[ks[i % REHASH_AHEAD] & (nb - 1)], 1);
    }
  }
}

/* A rehash on the store's threads: the slots cleared, then the nodes placed,
 * each thread a part (the JvN replicator to 20 000 on pocl's two threads:
 * its nine rehashes 38 ms, against 54 ms on one thread, of a run of about
 * 430 ms). */
#define PAR_REHASH (1u << 16) /* nodes */
typedef struct rehash_job {
  golcl__hl *h;
  uint64_t *b;
  size_t nb;
  int parts;
} rehash_job;

static void clear_part(void *arg, int i) {
  const rehash_job *j = arg;
  const size_t lo = j->nb * (size_t)i / (size_t)j->parts,
               hi = j->nb * (size_t)(i + 1) / (size_t)j->parts;
  memset(j->b + lo, 0, (hi - lo) * sizeof *j->b);
}

static void place_part(void *arg, int i) {
  const rehash_job *j = arg;
  const size_t n = j->h->n - 1;
  place(j->h, j->b, j->nb, 1 + n * (size_t)i / (size_t)j->parts,
        1 + n * (size_t)(i + 1) / (size_t)j->parts, 1);
}

static int rehash(golcl__hl *h, size_t nb) {
  uint64_t *b = h->buckets;
  rehash_job job = {h, NULL, nb, h->threads > 1 && h->n >= PAR_REHASH ? h->threads : 1};
  if (nb <= h->broom) { /* in place: the slots are made again from the nodes */
    job.b = b;
    golcl__parallel(job.parts, clear_part, &job);
    size_t from = (nb * sizeof *b + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    size_t to = h->nbuckets * sizeof *b;
    if (to > from && to >= HUGE_PAGE) madvise((char *)b + from, to - from, MADV_DONTNEED);
  } else if (!(b = job.b = big_alloc(nb * sizeof *b, 0))) {
    return -1;
  }
  if (job.parts > 1)
    golcl__parallel(job.parts, place_part, &job);
  else
    place(h, b, nb, 1, h->n, 0);
  if (b != h->buckets) big_free(h->buckets, h->broom * sizeof *b), h->broom = nb;
  h->buckets = b;
  h->nbuckets = nb;
  return 0;
}

/* ------------------------------------------------ lookups on several threads
 * While a step runs on threads, lookups and insertions go on at once: a
 * free slot is claimed by a compare-and-swap to the key's tag and BUSY
 * (one looking for the same key waits the few instructions until it holds
 * the id), the node takes the next id of its thread's chunk of ID_CHUNK
 * and is written, then the slot gets its id (release: a thread that reads
 * the id sees the node). A chunk of its own keeps a thread's nodes off
 * the cache lines of the others' and the shared count of ids off most
 * insertions (pocl's two threads: the JvN replicator to 20 000 and
 * nick-gotts-1 to 2^20 10-15 % faster than with one count for all); ids
 * no longer follow the order in which nodes were made, and the ids of a
 * chunk that a step leaves unused are holes (level 0) until the next
 * collection. The table does not
 * grow during such a step: past a load of three quarters the step stops
 * (regrow), the table grows and the step starts again, its results kept;
 * a full store stops it too (the slot then marked DEAD, so that no probe
 * chain breaks). */
#define TAG_MASK 0xffffffff00000000ull
#define BUSY 0xffffffffu
#define DEAD 0xfffffffeu

static inline uint64_t load_acquire(const uint64_t *p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

#define ID_CHUNK 64
static _Thread_local size_t tl_next, tl_end; /* this thread's chunk of ids */

static golcl__hl_id find_or_make_par(golcl__hl *h, int level, uint32_t a, uint32_t b, uint32_t c,
                                     uint32_t d, uint64_t k) {
  const uint64_t tag = k & TAG_MASK;
  const size_t mask = h->nbuckets - 1;
  for (size_t j = k & mask;;) {
    uint64_t e = load_acquire(&h->buckets[j]);
    if (e == 0) {
      if (!__atomic_compare_exchange_n(&h->buckets[j], &e, tag | BUSY, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE))
        continue; /* taken meanwhile: look at it again */
      if (tl_next == tl_end) {
        tl_next = __atomic_fetch_add(&h->n, ID_CHUNK, __ATOMIC_RELAXED);
        tl_end = tl_next + ID_CHUNK;
      }
      size_t id = tl_next++;
      if (id >= h->max_nodes) {
        __atomic_store_n(&h->buckets[j], tag | DEAD, __ATOMIC_RELEASE);
        __atomic_store_n(&h->oom, 1, __ATOMIC_RELAXED);
        return 0;
      }
      golcl__hl_node *m = &h->nodes[id];
      memset(m, 0, sizeof *m);
      m->q[0] = a, m->q[1] = b, m->q[2] = c, m->q[3] = d;
      m->level = (uint8_t)level;
      __atomic_store_n(&h->buckets[j], tag | id, __ATOMIC_RELEASE);
      if ((id + 1) * 4 > h->nbuckets * 3 && h->nbuckets < h->max_buckets)
        __atomic_store_n(&h->regrow, 1, __ATOMIC_RELAXED);
      return (golcl__hl_id)id;
    }
    if ((e & TAG_MASK) == tag) {
      golcl__hl_id id = (golcl__hl_id)e;
      if (id == BUSY) { /* being made: look again */
        sched_yield();
        continue;
      }
      const golcl__hl_node *m = &h->nodes[id];
      if (id != DEAD && m->q[0] == a && m->q[1] == b && m->q[2] == c && m->q[3] == d &&
          m->level == level)
        return id;
    }
    j = (j + 1) & mask;
  }
}

/* The node of a key whose hash k is known. */
static golcl__hl_id find_or_make_k(golcl__hl *h, int level, uint32_t a, uint32_t b, uint32_t c,
                                   uint32_t d, uint64_t k) {
  const uint64_t tag = k & 0xffffffff00000000ull;
  if (h->par) return find_or_make_par(h, level, a, b, c, d, k);
  size_t mask = h->nbuckets - 1, j = k & mask;
  for (uint64_t e; (e = h->buckets[j]) != 0; j = (j + 1) & mask) {
    if ((e & 0xffffffff00000000ull) != tag) continue;
    golcl__hl_id id = (golcl__hl_id)e;
    const golcl__hl_node *m = &h->nodes[id];
    if (m->q[0] == a && m->q[1] == b && m->q[2] == c && m->q[3] == d && m->level == level)
      return id;
  }
  if (h->n == h->cap) {
    size_t cap = h->cap * 2;
    if (cap > h->max_nodes) cap = h->max_nodes;
    if (cap > h->room) { /* the array was not reserved for the bound: a larger copy */
      golcl__hl_node *nn = big_alloc(cap * sizeof *nn, 0);
      if (!nn) {
        h->oom = 1;
        return 0;
      }
      memcpy(nn, h->nodes, h->n * sizeof *nn);
      big_free(h->nodes, h->room * sizeof *nn);
      h->nodes = nn, h->room = cap;
    }
    if (cap == h->cap) {
      h->oom = 1;
      return 0;
    }
    h->cap = cap;
  }
  golcl__hl_id id = (golcl__hl_id)h->n++;
  golcl__hl_node *m = &h->nodes[id];
  memset(m, 0, sizeof *m);
  m->q[0] = a, m->q[1] = b, m->q[2] = c, m->q[3] = d;
  m->level = (uint8_t)level;
  h->buckets[j] = tag | id;
  /* a load of three quarters at most (a half measured slower: a larger table, more pages) */
  if (h->n * 4 > h->nbuckets * 3 && h->nbuckets < h->max_buckets &&
      rehash(h, h->nbuckets * 2) != 0) {
    h->n--; /* no room to keep the load at three quarters: as full */
    h->buckets[j] = 0;
    h->oom = 1;
    return 0;
  }
  return id;
}

static golcl__hl_id find_or_make(golcl__hl *h, int level, uint32_t a, uint32_t b, uint32_t c,
                                 uint32_t d) {
  return find_or_make_k(h, level, a, b, c, d, key_hash(level, a, b, c, d));
}

/* A key of level `level` whose hash is computed once, and the load of the
 * slot where its probe begins started (the lookups of a result are
 * independent, so their cache misses can overlap); node_of_key then looks
 * it up (hashing once: the JvN replicator to 20 000 on pocl 2-6 % faster
 * than hashing for the load and again for the lookup). */
typedef struct hl_key {
  uint32_t q[4];
  uint64_t hash;
} hl_key;

static inline hl_key key_ahead(const golcl__hl *h, int level, uint32_t a, uint32_t b, uint32_t c,
                               uint32_t d) {
  const hl_key k = {{a, b, c, d}, key_hash(level, a, b, c, d)};
  __builtin_prefetch(&h->buckets[k.hash & (h->nbuckets - 1)]);
  return k;
}

static inline golcl__hl_id node_of_key(golcl__hl *h, int level, const hl_key *k) {
  if (!k->q[0] || !k->q[1] || !k->q[2] || !k->q[3]) return 0;
  return find_or_make_k(h, level, k->q[0], k->q[1], k->q[2], k->q[3], k->hash);
}

golcl__hl_id golcl__hl_leaf(golcl__hl *h, uint64_t bits) {
  return find_or_make(h, 3, (uint32_t)bits, (uint32_t)(bits >> 32), 0, 0);
}

golcl__hl_id golcl__hl_node_of(golcl__hl *h, int level, golcl__hl_id nw, golcl__hl_id ne,
                               golcl__hl_id sw, golcl__hl_id se) {
  if (!nw || !ne || !sw || !se) return 0;
  return find_or_make(h, level, nw, ne, sw, se);
}

static uint64_t leaf_bits(const golcl__hl *h, golcl__hl_id id) {
  const golcl__hl_node *m = &h->nodes[id];
  return (uint64_t)m->q[0] | (uint64_t)m->q[1] << 32;
}

golcl__hl_id golcl__hl_leaf4(golcl__hl *h, const uint8_t cells[16]) {
  uint32_t q[4];
  memcpy(q, cells, 16);
  return find_or_make(h, 2, q[0], q[1], q[2], q[3]);
}

static golcl_status make_empties(golcl__hl *h) {
  static const uint8_t zero[16];
  h->empty[h->leaf_level] = h->leaf_level == 2 ? golcl__hl_leaf4(h, zero) : golcl__hl_leaf(h, 0);
  for (int l = h->leaf_level + 1; l <= GOLCL__HL_MAX_LEVEL + 1; l++) {
    golcl__hl_id e = h->empty[l - 1];
    h->empty[l] = golcl__hl_node_of(h, l, e, e, e, e);
  }
  if (h->oom) return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  return GOLCL_OK;
}

/* The most nodes max_bytes holds with their buckets: a table of a power of
 * two of 8-byte buckets, at most three quarters full, and 32 bytes a node;
 * so that the store's bytes never pass the bound. */
static void size_store(golcl__hl *h, uint64_t max_bytes) {
  uint64_t b = 1;
  while (b * 2 * 32 <= max_bytes) b *= 2; /* 8 bytes a bucket and 24 for 3/4 of a node */
  uint64_t maxn = (max_bytes - 8 * b) / sizeof(golcl__hl_node);
  if (maxn > b / 4 * 3) maxn = b / 4 * 3;
  if (maxn > UINT32_MAX - 1) maxn = UINT32_MAX - 1;
  h->max_nodes = (size_t)maxn;
  h->max_buckets = (size_t)b;
}

static golcl_status init(golcl__hl *h, uint64_t max_bytes, int leaf_level) {
  memset(h, 0, sizeof *h);
  if (!max_bytes) max_bytes = DEFAULT_MAX_BYTES;
  size_store(h, max_bytes);
  if (h->max_nodes < 1024)
    return golcl__fail(NULL, GOLCL_E_INVALID_ARG,
                       "HashLife: a node store of %llu bytes holds under 1024 nodes",
                       (unsigned long long)max_bytes);
  h->max_bytes = max_bytes;
  h->leaf_level = leaf_level;
  h->cap = h->max_nodes < INITIAL_NODES ? h->max_nodes : INITIAL_NODES;
  /* the nodes' array reserved for the bound (pages made as nodes are), so
   * that it grows without copies; else as needed */
  h->room = h->max_nodes;
  h->nodes = big_alloc(h->room * sizeof *h->nodes, 1);
  if (!h->nodes) h->nodes = big_alloc((h->room = h->cap) * sizeof *h->nodes, 0);
  h->nbuckets = h->max_buckets < 2 * INITIAL_NODES ? h->max_buckets : 2 * INITIAL_NODES;
  h->broom = h->max_buckets; /* as the nodes' array */
  h->buckets = big_alloc(h->broom * sizeof *h->buckets, 1);
  if (!h->buckets) h->buckets = big_alloc((h->broom = h->nbuckets) * sizeof *h->buckets, 0);
  if (!h->nodes || !h->buckets) {
    golcl__hl_free(h);
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  }
  h->n = 1;
  memset(&h->nodes[0], 0, sizeof h->nodes[0]);
  golcl_status st = make_empties(h);
  if (st != GOLCL_OK) {
    golcl__hl_free(h);
    return st;
  }
  h->root = h->empty[4];
  return GOLCL_OK;
}

golcl_status golcl__hl_init(golcl__hl *h, uint64_t max_bytes) {
  golcl_status st = init(h, max_bytes, 3);
  if (st != GOLCL_OK) return st;
  uint8_t life[512];
  for (int i = 0; i < 512; i++) {
    int n = __builtin_popcount((unsigned)i & ~16u), c = i >> 4 & 1;
    life[i] = (uint8_t)(n == 3 || (c && n == 2));
  }
  golcl__hl_set_rule(h, life);
  return GOLCL_OK;
}

golcl_status golcl__hl_init_ms(golcl__hl *h, uint64_t max_bytes, const golcl_msrule *rule) {
  golcl_status st = init(h, max_bytes, 2);
  if (st == GOLCL_OK) h->msrule = *rule;
  return st;
}

void golcl__hl_set_msrule(golcl__hl *h, const golcl_msrule *rule) {
  h->msrule = *rule;
  for (size_t i = 1; i < h->n; i++) h->nodes[i].res = 0; /* another rule's */
}

uint64_t golcl__hl_bytes(const golcl__hl *h) {
  return (uint64_t)h->cap * sizeof(golcl__hl_node) + (uint64_t)h->nbuckets * sizeof(uint64_t);
}

uint64_t golcl__hl_max_bytes(const golcl__hl *h) { return h->max_bytes; }

void golcl__hl_limit(golcl__hl *h, uint64_t bytes) {
  size_store(h, bytes && bytes < h->max_bytes ? bytes : h->max_bytes);
}

void golcl__hl_free(golcl__hl *h) {
  big_free(h->nodes, h->room * sizeof *h->nodes);
  big_free(h->buckets, h->broom * sizeof *h->buckets);
  memset(h, 0, sizeof *h);
}

void golcl__hl_set_rule(golcl__hl *h, const uint8_t table[512]) {
  memcpy(h->table, table, 512);
  /* outer totalistic over the Moore neighbourhood? */
  uint16_t b = 0, s = 0;
  int tot = 1;
  int seen[2][9];
  memset(seen, -1, sizeof seen);
  for (int i = 0; i < 512 && tot; i++) {
    int n = __builtin_popcount((unsigned)i & ~16u), c = i >> 4 & 1;
    if (seen[c][n] < 0)
      seen[c][n] = table[i];
    else if (seen[c][n] != table[i])
      tot = 0;
  }
  if (tot)
    for (int n = 0; n <= 8; n++) {
      if (seen[0][n] == 1) b |= (uint16_t)(1u << n);
      if (seen[1][n] == 1) s |= (uint16_t)(1u << n);
    }
  h->totalistic = tot;
  h->birth = b, h->survive = s;
  /* results of another rule are not this rule's */
  for (size_t i = 1; i < h->n; i++) h->nodes[i].res = 0;
}

/* ------------------------------------------------------------ the recursion */

/* The centre (level L-1) of a node of level L ≥ 4. */
/* The 8×8 states of a multi-state node of level 3 (four 4×4 leaves). */
static void ms_block(const golcl__hl *h, const golcl__hl_node *m, uint8_t b[64]) {
  for (int q = 0; q < 4; q++) {
    uint8_t c[16];
    golcl__hl_leaf4_cells(h, m->q[q], c);
    for (int r = 0; r < 4; r++) memcpy(b + 8 * (4 * (q >> 1) + r) + 4 * (q & 1), c + 4 * r, 4);
  }
}

/* The 4×4 leaf of the centre of an 8×8 block at (x0, y0) of row stride s. */
static golcl__hl_id ms_leaf_at(golcl__hl *h, const uint8_t *b, size_t s) {
  uint8_t c[16];
  for (int r = 0; r < 4; r++) memcpy(c + 4 * r, b + (size_t)r * s, 4);
  return golcl__hl_leaf4(h, c);
}

/* The multi-state base case: the centre 4×4 of a level-3 node after 2^k
 * (1 or 2) generations, by the rules room's block step. */
static golcl__hl_id ms_result(golcl__hl *h, const golcl__hl_node *m, int k) {
  uint8_t b[64], s1[36], s2[16];
  ms_block(h, m, b);
  if (golcl_msrule_step_block(&h->msrule, b, 8, 8, 8, s1, 6) != GOLCL_OK) return 0;
  if (k == 0) return ms_leaf_at(h, s1 + 7, 6);
  if (golcl_msrule_step_block(&h->msrule, s1, 6, 6, 6, s2, 4) != GOLCL_OK) return 0;
  return golcl__hl_leaf4(h, s2);
}

static golcl__hl_id centre(golcl__hl *h, golcl__hl_id id) {
  golcl__hl_node m; /* its key only: threads may be writing its result */
  memcpy(m.q, h->nodes[id].q, sizeof m.q);
  m.level = h->nodes[id].level;
  if (m.level == 3 && h->leaf_level == 2) {
    uint8_t b[64];
    ms_block(h, &m, b);
    return ms_leaf_at(h, b + 18, 8);
  }
  if (m.level == 4 && h->leaf_level == 3)
    return golcl__hl_leaf(h, golcl__leaf_centre(leaf_bits(h, m.q[0]), leaf_bits(h, m.q[1]),
                                                leaf_bits(h, m.q[2]), leaf_bits(h, m.q[3])));
  return golcl__hl_node_of(h, m.level - 1, h->nodes[m.q[0]].q[3], h->nodes[m.q[1]].q[2],
                           h->nodes[m.q[2]].q[1], h->nodes[m.q[3]].q[0]);
}

/* The recursion on several threads: each runs the whole of it from the
 * root, the squares of each level in an order of its own, first those no
 * other thread is computing (a node's mark says one is), then the others
 * beside the thread that computes them. The first thread takes the squares
 * in order (west to east, north to south), the second in reverse, the
 * others from a random start: one thread's neighbouring squares share
 * nodes it has just read (on one thread, random starts cost the JvN
 * replicator to 20 000 a tenth of its time against the order; on pocl's two
 * threads, the order and its reverse 0.46-0.48 s against 0.50-0.53 with two
 * random starts, five runs each, 2026-11-29). The
 * results memoised by one serve all, so that the threads share the work
 * (Langton's loops, Evoloop, the JvN replicator: at most 0.6 % of the
 * results computed twice, on 16 threads), and the first that holds the root's result
 * stops the others. No thread waits for another (but for the few
 * instructions of a node being made), so that none idles while another
 * waits for a CPU. */
static _Thread_local uint64_t tl_results; /* results computed by this thread */
static _Thread_local int tl_order;        /* its order: 0 in order, 1 reversed, 2 rotated */
static _Thread_local uint32_t tl_rng;     /* the rotations */
#define RES_BUSY 0xffffffffu              /* another thread is computing it */

static inline int cancelled(const golcl__hl *h) {
  return h->cancel && __atomic_load_n(h->cancel, __ATOMIC_ACQUIRE);
}

static inline int halted(const golcl__hl *h) {
  return __atomic_load_n(&h->oom, __ATOMIC_RELAXED) | __atomic_load_n(&h->stop, __ATOMIC_RELAXED) |
         __atomic_load_n(&h->regrow, __ATOMIC_RELAXED) | cancelled(h);
}

static inline golcl__hl_id memo_of(const golcl__hl_node *m, int k) {
  golcl__hl_node v;
  v.rk = __atomic_load_n(&m->rk, __ATOMIC_ACQUIRE);
  return v.res && v.res_k == (uint32_t)k ? v.res : 0;
}

static inline void memo_set(golcl__hl_node *m, golcl__hl_id r, int k) {
  golcl__hl_node v;
  v.res = r, v.res_k = (uint32_t)k;
  __atomic_store_n(&m->rk, v.rk, __ATOMIC_RELEASE);
}

/* On threads: memo_set, and the result counted where no other thread set
 * it first. The count is then the number of distinct results, however many
 * threads computed one beside another (AUTO decides by it: counting every
 * computation, 16 threads made a short probe of 2c5-spaceship-gun-p690
 * look chaotic, and AUTO ran it on the tiles at 4x HashLife's time). */
static inline void memo_set_par(golcl__hl_node *m, golcl__hl_id r, int k) {
  golcl__hl_node v, old;
  v.res = r, v.res_k = (uint32_t)k;
  old.rk = __atomic_exchange_n(&m->rk, v.rk, __ATOMIC_ACQ_REL);
  if (!old.res || old.res_k != (uint32_t)k) tl_results++;
}

static golcl__hl_id result_of(golcl__hl *h, golcl__hl_id id, int k, int beside);

/* The results of n nodes (n ≤ 9) after 2^k generations into out; 0 on failure. */
static int results_of(golcl__hl *h, const golcl__hl_id *ids, int n, int k, golcl__hl_id *out) {
  if (!h->par) {
    for (int i = 0; i < n; i++)
      if (!(out[i] = result_of(h, ids[i], k, 1))) return 0;
    return 1;
  }
  unsigned later = 0;
  int i = 0, step = 1;
  if (tl_order == 1) {
    i = n - 1, step = n - 1;
  } else if (tl_order == 2) {
    tl_rng ^= tl_rng << 13, tl_rng ^= tl_rng >> 17, tl_rng ^= tl_rng << 5;
    i = (int)(((uint64_t)tl_rng * (unsigned)n) >> 32);
  }
  for (int j = 0; j < n; j++, i = i + step < n ? i + step : i + step - n) {
    out[i] = result_of(h, ids[i], k, 0);
    if (out[i] == RES_BUSY)
      later |= 1u << i;
    else if (!out[i])
      return 0;
  }
  for (i = 0; i < n; i++)
    if (later >> i & 1 && !(out[i] = result_of(h, ids[i], k, 1))) return 0;
  return 1;
}

/* A node's result, not memoised yet. */
static golcl__hl_id compute(golcl__hl *h, golcl__hl_id id, int k) {
  const golcl__hl_node *mp = &h->nodes[id];
  const int L = mp->level;
  const golcl__hl_id q[4] = {mp->q[0], mp->q[1], mp->q[2], mp->q[3]};
  golcl__hl_id r;
  if (!h->par) {
    h->results_computed++;
    if (h->budget && !--h->budget) { /* long enough for threads: stop, and start them */
      h->stop = 1;
      return 0;
    }
  }
  if (L == 3) {
    r = ms_result(h, mp, k);
  } else if (L == 4 && h->leaf_level == 3) {
    r = golcl__hl_leaf(h, golcl__leaf_step(h, leaf_bits(h, q[0]), leaf_bits(h, q[1]),
                                           leaf_bits(h, q[2]), leaf_bits(h, q[3]), 1 << k));
  } else {
    /* copies: a lookup may move the nodes (where their array could not be reserved) */
    golcl__hl_node a_, b_, c_, d_;
    memcpy(a_.q, h->nodes[q[0]].q, 16), memcpy(b_.q, h->nodes[q[1]].q, 16);
    memcpy(c_.q, h->nodes[q[2]].q, 16), memcpy(d_.q, h->nodes[q[3]].q, 16);
    const golcl__hl_node *a = &a_, *b = &b_, *c = &c_, *d = &d_;
    const hl_key k1 = key_ahead(h, L - 1, a->q[1], b->q[0], a->q[3], b->q[2]),
                 k3 = key_ahead(h, L - 1, a->q[2], a->q[3], c->q[0], c->q[1]),
                 k4 = key_ahead(h, L - 1, a->q[3], b->q[2], c->q[1], d->q[0]),
                 k5 = key_ahead(h, L - 1, b->q[2], b->q[3], d->q[0], d->q[1]),
                 k7 = key_ahead(h, L - 1, c->q[1], d->q[0], c->q[3], d->q[2]);
    const golcl__hl_id t[9] = {q[0],
                               node_of_key(h, L - 1, &k1),
                               q[1],
                               node_of_key(h, L - 1, &k3),
                               node_of_key(h, L - 1, &k4),
                               node_of_key(h, L - 1, &k5),
                               q[2],
                               node_of_key(h, L - 1, &k7),
                               q[3]};
    if (halted(h) || !t[1] || !t[3] || !t[4] || !t[5] || !t[7]) return 0;
    golcl__hl_id s[9];
    if (k == L - 2) {
      if (!results_of(h, t, 9, L - 3, s)) return 0;
    } else {
      for (int i = 0; i < 9; i++)
        if (!(s[i] = centre(h, t[i]))) return 0;
    }
    const hl_key u0 = key_ahead(h, L - 1, s[0], s[1], s[3], s[4]),
                 u1 = key_ahead(h, L - 1, s[1], s[2], s[4], s[5]),
                 u2 = key_ahead(h, L - 1, s[3], s[4], s[6], s[7]),
                 u3 = key_ahead(h, L - 1, s[4], s[5], s[7], s[8]);
    golcl__hl_id u[4] = {node_of_key(h, L - 1, &u0), node_of_key(h, L - 1, &u1),
                         node_of_key(h, L - 1, &u2), node_of_key(h, L - 1, &u3)};
    if (halted(h) || !u[0] || !u[1] || !u[2] || !u[3]) return 0;
    golcl__hl_id v[4];
    if (!results_of(h, u, 4, k == L - 2 ? L - 3 : k, v)) return 0;
    r = golcl__hl_node_of(h, L - 1, v[0], v[1], v[2], v[3]);
  }
  return r;
}

/* A node's result after 2^k generations (k ≤ L-2), memoised in it; on
 * threads, RES_BUSY if another computes it and beside is 0 (else computed
 * beside it), 0 when the step stops. */
static golcl__hl_id result_of(golcl__hl *h, golcl__hl_id id, int k, int beside) {
  golcl__hl_node *m = &h->nodes[id];
  const int L = m->level;
  if (id == h->empty[L]) return h->empty[L - 1];
  golcl__hl_id r = memo_of(m, k);
  if (r) return r;
  if (!h->par) {
    if ((r = compute(h, id, k)) != 0) memo_set(&h->nodes[id], r, k);
    return r;
  }
  if (__atomic_load_n(&m->mark, __ATOMIC_RELAXED)) {
    /* another thread computes it: later, or now beside it (the two then
     * take its squares in different orders, each skipping those the
     * other holds, so that they share it rather than repeat it) */
    if (!beside) return RES_BUSY;
    if ((r = memo_of(m, k)) == 0 && (r = compute(h, id, k)) != 0) memo_set_par(m, r, k);
    return r;
  }
  /* the mark is a hint, not a lock: two threads that both find it clear
   * both compute the result, as beside one another, and the memo's
   * exchange counts it once (an exchange here, a locked instruction a
   * result, cost the JvN replicator to 20 000 5 % on pocl's two threads) */
  __atomic_store_n(&m->mark, 1, __ATOMIC_RELAXED);
  if ((r = memo_of(m, k)) == 0 && (r = compute(h, id, k)) != 0) memo_set_par(m, r, k);
  __atomic_store_n(&m->mark, 0, __ATOMIC_RELEASE);
  return r;
}

static golcl__hl_id result(golcl__hl *h, golcl__hl_id id, int k) { return result_of(h, id, k, 1); }

/* ------------------------------------------------------- steps on threads */

/* A step starts on one thread, and goes on threads once it has computed
 * PAR_AFTER results (about 0.3 ms), so that the small steps of a small
 * pattern do not wake the threads, and a long step loses nothing: it
 * starts again from the root, through the results memoised so far. With
 * threads made for each step, pocl's two cores needed 16 384 (a new thread
 * started 1-3 ms late there) and an H200 machine's 16 took 1024 (the JvN
 * replicator to 20 000 0.49-0.50 s against 0.57-0.68); with the pool
 * (core/threads.h), 1024 on both: on pocl (2026-11-29, stepping, five runs
 * each, 1024 / 16 384) the JvN replicator 0.44-0.47 / 0.46-0.48 s,
 * Devore-rep 0.056-0.058 / 0.061-0.062, Langton's loops to 3000
 * 0.032-0.034 / 0.034-0.042, jagged2 to 30 000 0.044-0.048 / 0.045-0.050,
 * ark1 the same. */
#define PAR_AFTER 1024
#define REGROW4_FROM ((size_t)1 << 20) /* slots */

/* The threads of a store's steps, decided at its first step long enough
 * for them (core/threads.h). */
static int threads_of(golcl__hl *h) {
  if (!h->threads) h->threads = golcl__threads(GOLCL__POOL_MAX);
  return h->threads;
}

typedef struct worker {
  golcl__hl *h;
  int k;
  golcl__hl_id r;
  uint64_t results;
} worker;

static void work(void *arg, int index) {
  worker *w = (worker *)arg + index;
  golcl__hl *h = w->h;
  tl_results = 0;
  tl_next = tl_end = 0;
  tl_rng = 0x9E3779B9u * (uint32_t)(index + 1) | 1u;
  tl_order = index < 2 ? index : 2;
  w->r = result(h, h->root, w->k);
  if (w->r) __atomic_store_n(&h->stop, 1, __ATOMIC_RELAXED);
  w->results = tl_results;
  /* the chunk's unused ids: holes (their slots may hold nodes a
   * collection moved away, which must not come back) */
  for (size_t id = tl_next; id < tl_end && id < h->max_nodes; id++)
    memset(&h->nodes[id], 0, sizeof h->nodes[id]);
}

/* A jump whose threads computed results more slowly than its start on one
 * thread (rp in tp s against rs in ts s, with a fifth to spare: the start
 * of a jump is not its average): a pattern that leaves them little to
 * share (a thin one, or few results a jump), whose next jumps then run on
 * one thread until the store has doubled. On pocl's two threads
 * (2026-11-29, stepping): broken-lines to 30 000 0.018-0.019 s against
 * 0.020, jagged2 0.047-0.049 against 0.048-0.052, the JvN replicator and
 * nick-gotts-1 to 2^20 unchanged; on an H200 machine's 16,
 * logarithmic-width to 2^20 0.76 of bgolly's wall against 1.21. */
static void judge_threads(golcl__hl *h, double ts, uint64_t rs, double tp, uint64_t rp) {
  if ((double)rp * ts < 0.8 * (double)rs * tp) h->solo_until = 2 * h->n;
}

/* The root's result after 2^k generations, on threads where it pays. */
static golcl__hl_id root_result(golcl__hl *h, int k) {
  if (h->threads == 1 || h->n < h->solo_until || h->room < h->max_nodes ||
      h->broom < h->max_buckets)
    return result(h, h->root, k);
  double t0 = golcl__now();
  uint64_t c0 = h->results_computed;
  h->budget = PAR_AFTER; /* on one thread first: stops after this many results */
  golcl__hl_id r0 = result(h, h->root, k);
  h->budget = 0;
  const int more = !r0 && !h->oom && h->stop;
  h->stop = 0;
  if (!more) return r0;
  int nt = threads_of(h);
  if (nt < 2) return result(h, h->root, k); /* on one thread, from the results made so far */
  const double t1 = golcl__now(), ts = t1 - t0;
  const uint64_t c1 = h->results_computed, rs = c1 - c0;
  worker w[GOLCL__POOL_MAX];
  for (;;) {
    h->stop = h->regrow = 0;
    h->par = 1;
    for (int i = 0; i < nt; i++) w[i] = (worker){h, k, 0, 0};
    golcl__parallel(nt, work, w);
    h->par = 0;
    h->holes = 1;
    golcl__hl_id r = 0;
    for (int i = 0; i < nt; i++) {
      h->results_computed += w[i].results;
      if (w[i].r) r = w[i].r;
    }
    if (h->n > h->max_nodes) h->n = h->max_nodes; /* the ids past the bound were never made */
    while (h->cap < h->n) h->cap = h->cap * 2 < h->max_nodes ? h->cap * 2 : h->max_nodes;
    int regrow = h->regrow;
    h->stop = h->regrow = 0;
    if (r) judge_threads(h, ts, rs, golcl__now() - t1, h->results_computed - c1);
    if (r || h->oom) return r;
    if (!regrow) return 0;
    /* a large table grows four times at once: each growth stops the
     * threads and places every node again (pocl's two threads, stepping,
     * three runs each: Evoloop to 20 000 4.61-4.95 s against 4.92-5.22,
     * jagged2 to 2^20 4.53-4.60 against 4.73-4.79, nick-gotts-1 to 2^20
     * 0.77-0.79 against 0.78-0.86). One thread's growths stop nothing and
     * stay at two: four there gave Evoloop 4 % and cost the JvN replicator
     * 6 %. */
    const size_t nb =
        h->nbuckets * (h->nbuckets >= REGROW4_FROM && h->nbuckets * 4 <= h->max_buckets ? 4 : 2);
    if (rehash(h, nb) != 0) {
      h->oom = 1;
      return 0;
    }
  }
}

/* ------------------------------------------------------------- the root */

void golcl__hl_root_origin(const golcl__hl *h, int64_t *x, int64_t *y) {
  int64_t half = (int64_t)1 << (h->nodes[h->root].level - 1);
  *x = -half, *y = 1 - half;
}

golcl_status golcl__hl_expand(golcl__hl *h) {
  golcl__hl_node r = h->nodes[h->root];
  int L = r.level;
  if (L >= GOLCL__HL_MAX_LEVEL)
    return golcl__fail(NULL, GOLCL_E_UNSUPPORTED,
                       "HashLife: the pattern reaches 2^%d cells from the origin", L - 1);
  golcl__hl_id e = h->empty[L - 1];
  golcl__hl_id n = golcl__hl_node_of(
      h, L + 1, golcl__hl_node_of(h, L, e, e, e, r.q[0]), golcl__hl_node_of(h, L, e, e, r.q[1], e),
      golcl__hl_node_of(h, L, e, r.q[2], e, e), golcl__hl_node_of(h, L, r.q[3], e, e, e));
  if (!n) {
    h->oom = 0;
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: the node store is full (%zu nodes)",
                       h->max_nodes);
  }
  h->root = n;
  return GOLCL_OK;
}

/* 1 if every live cell of the root lies in its centre (level L-1, half the
 * side): the twelve outer grandchildren are empty. */
int golcl__hl_in_centre(const golcl__hl *h) {
  const golcl__hl_node *r = &h->nodes[h->root];
  int L = r->level;
  if (L < 5) return h->root == h->empty[L];
  golcl__hl_id e = h->empty[L - 2];
  const golcl__hl_node *a = &h->nodes[r->q[0]], *b = &h->nodes[r->q[1]], *c = &h->nodes[r->q[2]],
                       *d = &h->nodes[r->q[3]];
  return a->q[0] == e && a->q[1] == e && a->q[2] == e && b->q[0] == e && b->q[1] == e &&
         b->q[3] == e && c->q[0] == e && c->q[2] == e && c->q[3] == e && d->q[1] == e &&
         d->q[2] == e && d->q[3] == e;
}

static golcl_status step_once(golcl__hl *h, int k) {
  /* room: the cells within the centre square of a quarter of the side, and
   * 2^k at most an eighth of it, so that nothing can leave the result (the
   * centre half): cells in the centre half of a root of level ≥ k+3, then
   * one expansion more */
  while (h->nodes[h->root].level < k + 3 || !golcl__hl_in_centre(h)) {
    golcl_status st = golcl__hl_expand(h);
    if (st != GOLCL_OK) return st;
  }
  golcl_status st0 = golcl__hl_expand(h);
  if (st0 != GOLCL_OK) return st0;
  golcl__hl_id r = root_result(h, k);
  if (!r) return GOLCL_E_OUT_OF_MEMORY;
  h->root = r;
  return GOLCL_OK;
}

golcl_status golcl__hl_step_pow2(golcl__hl *h, int k) {
  if (k < 0 || k > 60) return golcl__fail(NULL, GOLCL_E_INVALID_ARG, "HashLife: step 2^%d", k);
  /* collect before the store is nearly full */
  if (h->n > h->max_nodes / 4 * 3) {
    golcl_status st = golcl__hl_collect(h, 1);
    if (st == GOLCL_OK && h->n > h->max_nodes / 2) st = golcl__hl_collect(h, 0);
    if (st != GOLCL_OK) return st;
  }
  golcl__hl_id saved = h->root;
  golcl_status st = step_once(h, k);
  if (st != GOLCL_OK && cancelled(h)) {
    h->oom = 0;
    h->root = saved;
    return golcl__fail(NULL, GOLCL_E_CANCELLED, "HashLife: stopped");
  }
  if (st == GOLCL_OK || !h->oom) return st;
  /* full: collect everything but the cells and the empty nodes, try again */
  for (int attempt = 0; attempt < 2; attempt++) {
    h->oom = 0;
    h->root = saved;
    st = golcl__hl_collect(h, 0);
    if (st != GOLCL_OK) return st;
    if (attempt) break;
    saved = h->root;
    st = step_once(h, k);
    if (st == GOLCL_OK || !h->oom) return st;
  }
  return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY,
                     "HashLife: the node store (%zu nodes, %llu bytes) cannot hold a step of 2^%d "
                     "generations of this pattern",
                     h->max_nodes, (unsigned long long)h->max_bytes, k);
}

/* ------------------------------------------------------------ collection */

static void mark(golcl__hl *h, golcl__hl_id id, int keep_results) {
  golcl__hl_node *m = &h->nodes[id];
  if (m->mark) return;
  m->mark = 1;
  if (m->level > h->leaf_level)
    for (int i = 0; i < 4; i++) mark(h, m->q[i], keep_results);
  if (keep_results && m->res) mark(h, m->res, keep_results);
}

golcl_status golcl__hl_collect(golcl__hl *h, int keep_results) {
  mark(h, h->root, keep_results);
  for (int l = h->leaf_level; l <= GOLCL__HL_MAX_LEVEL + 1; l++) mark(h, h->empty[l], keep_results);
  size_t m = 1;
  for (size_t i = 1; i < h->n; i++)
    if (h->nodes[i].mark) h->nodes[i].aux = (uint32_t)m++;
  h->root = h->nodes[h->root].aux;
  for (int l = h->leaf_level; l <= GOLCL__HL_MAX_LEVEL + 1; l++)
    h->empty[l] = h->nodes[h->empty[l]].aux;
  /* new ids keep the order, so each node moves down (or stays): children
   * and results are renamed from the old slots, which are read before any
   * of them is overwritten only if they come later; so rename first */
  for (size_t i = 1; i < h->n; i++) {
    golcl__hl_node *x = &h->nodes[i];
    if (!x->mark) continue;
    if (x->level > h->leaf_level)
      for (int q = 0; q < 4; q++) x->q[q] = h->nodes[x->q[q]].aux;
    x->res = keep_results && x->res && h->nodes[x->res].mark ? h->nodes[x->res].aux : 0;
  }
  for (size_t i = 1; i < h->n; i++) {
    golcl__hl_node x = h->nodes[i];
    if (!x.mark) continue;
    x.mark = 0;
    h->nodes[x.aux] = x; /* aux ≤ i */
  }
  h->n = m;
  h->holes = 0;
  h->collections++;
  size_t nb = h->nbuckets;
  while (nb > 8192 && nb / 4 > m) nb /= 2;
  if (rehash(h, nb) != 0)
    return golcl__fail(NULL, GOLCL_E_OUT_OF_MEMORY, "HashLife: out of host memory");
  return GOLCL_OK;
}
