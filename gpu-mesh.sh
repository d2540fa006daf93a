#!/bin/bash
# gpu-mesh.sh — issue 20, mesh row: Life on a 4096² torus mesh (graph kernels,
# AUTO included) beside the naive grid stepper, and the time to build the mesh
# and its table. Run from the repository root after `make lib examples`.
set -u
export GOLCL_DEVICE=gpu
date -u
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null
git log -1 --format='commit %h %s' 2>/dev/null
K=table,dict,auto
timeout 40 build/golcl bench graph --size 4096x4096 --kernels $K --gens 50 --reps 7
timeout 15 build/golcl bench --steppers naive --size 4096x4096 --torus --gens 50 --reps 7
# pocl (the machine's CPU) for the record: a smaller torus, few generations
timeout 20 build/golcl bench graph --size 1024x1024 --kernels $K --gens 5 --reps 3 --device cpu
