/* mstiles_defs.cl — what the device tiles of states' kernels
 * (cl/universe/mstiles.cl) and their host (lib/universe/mstiles_gpu.c)
 * share, in the C that OpenCL C and C11 both compile: mst_scatter's flags
 * of a tile's round and mst_gather's run of cells a work-item. */
#ifndef GOLCL_MSTILES_DEFS_CL
#define GOLCL_MSTILES_DEFS_CL

/* A cell changed; one within P cells of the north, south, west or east
 * side, or of a corner (both); a cell not 0 now. */
#define MST_CHG 1u
#define MST_N 2u
#define MST_S 4u
#define MST_W 8u
#define MST_E 16u
#define MST_NW 32u
#define MST_NE 64u
#define MST_SW 128u
#define MST_SE 256u
#define MST_LIVE 512u

/* Cells of a row a work-item of mst_gather copies (200 generations of a
 * 1024² Brian's Brain soup on pocl: 1 cell 1.24 s, 16 cells 0.56 s). */
#define MST_RUN 16

#endif
