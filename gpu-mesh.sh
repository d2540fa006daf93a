#!/bin/bash
# gpu-mesh.sh — issue 20, mesh row: Life on a 4096² torus mesh (graph kernels,
# AUTO first) beside the naive grid stepper, the time to build the mesh and
# its graph, and two ablations of the dict kernel (rebuilt with sed: without
# the speculative main row; without it and the block ids, as before).
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
timeout 15 build/golcl bench graph --size 1024x1024 --kernels auto,table --gens 5 --reps 3 --device cpu
timeout 15 build/golcl bench graph --size 4096x4096 --kernels auto --gens 2 --reps 3 --device cpu
echo "== test_lattice, test_lattice_mesh on the GPU and 16 cores"
$MK build/tests/test_lattice build/tests/test_lattice_mesh CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" >/dev/null 2>&1 &&
  for t in test_lattice test_lattice_mesh; do
    GOLCL_TEST_DEVICE=gpu timeout 25 build/tests/$t 2>&1 | tail -2
  done
echo "== ablation: no main row (block ids, rows in constant memory: the kernel of 13:07)"
sed -i 's/^    main_row_options(g, o);/    (void)main_row_options;/' lib/lattice/glife.c
$MK build/golcl >/dev/null 2>&1 && timeout 15 build/golcl bench graph $G --kernels dict
echo "== ablation: no main row, no block ids: a row id a cell (the dict kernel before)"
sed -i 's/    blocks\[k\] = id;/    blocks[k] = -1;/' lib/lattice/graph.c
$MK build/golcl >/dev/null 2>&1 && timeout 15 build/golcl bench graph $G --kernels dict
