#!/bin/bash
# gpu-mesh.sh — issue 20, mesh row: Life on a 4096² torus mesh (graph kernels,
# AUTO first) beside the naive grid stepper, the time to build the mesh and
# its graph, and ablations of the graph kernels (rebuilt with sed): work-groups
# of 1024; of 256 without the speculative main row; of 64 without it.
# Run from the repository root after `make lib examples`.
set -u
export GOLCL_DEVICE=gpu
MK="make -j16 MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu"
date -u
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null; echo "host: $(nproc) cores"
G="--size 4096x4096 --gens 50 --reps 7"
echo "== default build"
timeout 25 build/golcl bench graph $G --kernels auto,dict,table
timeout 15 build/golcl bench --steppers naive --size 4096x4096 --torus --gens 50 --reps 7
echo "== pocl (the machine's CPU)"
timeout 15 build/golcl bench graph --size 4096x4096 --kernels auto,table --gens 2 --reps 3 --device cpu
echo "== test_lattice on the GPU"
$MK build/tests/test_lattice CHECK_CFLAGS= CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" >/dev/null 2>&1 &&
  GOLCL_TEST_DEVICE=gpu timeout 25 build/tests/test_lattice 2>&1 | tail -2
echo "== ablation: work-groups of 1024"
sed -i 's/^#define GPU_GROUP 256/#define GPU_GROUP 1024/' lib/lattice/glife.c
$MK build/golcl >/dev/null 2>&1 && timeout 15 build/golcl bench graph $G --kernels dict,table
echo "== ablation: work-groups of 256, no main row"
sed -i 's/^#define GPU_GROUP 1024/#define GPU_GROUP 256/' lib/lattice/glife.c
sed -i 's/^    main_row_options(g, o);/    (void)main_row_options;/' lib/lattice/glife.c
$MK build/golcl >/dev/null 2>&1 && timeout 15 build/golcl bench graph $G --kernels dict
echo "== ablation: work-groups of 64 (the cover's, as at 13:07 and 13:38), no main row"
sed -i 's/^#define GPU_GROUP 256/#define GPU_GROUP 64/' lib/lattice/glife.c
$MK build/golcl >/dev/null 2>&1 && timeout 15 build/golcl bench graph $G --kernels dict
