#!/bin/bash
# gpu-la.sh — issue 20's linear-algebra rows at 4096² on the GPU (under 90 s):
# copy, the 5-point product (tiles = AUTO, rows = old), CG iteration (tiles,
# rows), MG V-cycle, and the MG-preconditioned solves in f32 and f64.
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1
date -u
t0=$(date +%s)
# 1. f32: every op at 4096² (stencil tiles and rows, CG tiles and rows, V-cycle) + MG solve
timeout 40 $B bench la --sizes 4096 --reps 5 --iters 100 --op stencil --solve=mg --rtol 1e-6
echo "== elapsed $(( $(date +%s) - t0 )) s"
# 2. tile height sweep: the product and CG iteration
for ry in 1 4 16 32; do
  echo "== GOLCL_LA_TILE_RY=$ry"
  GOLCL_LA_TILE_RY=$ry timeout 15 $B bench la --sizes 4096 --reps 3 --iters 50 --op stencil 2>&1 |
    grep -E "copy |stencil_mv5|cg_stencil"
done
echo "== elapsed $(( $(date +%s) - t0 )) s"
# 3. f64: the V-cycle, the CG iteration and the MG solve to 1e-8
timeout 30 $B bench la --sizes 4096 --dtype f64 --reps 3 --iters 50 --op stencil --solve=mg --rtol 1e-8
echo "== elapsed $(( $(date +%s) - t0 )) s"
