#!/bin/bash
# gpu-la.sh — issue 20's linear-algebra rows at 4096² on the GPU (under 90 s):
# copy, the 5-point product (tiles = AUTO, rows = old), CG iteration (tiles,
# rows), MG V-cycle (fused, sweeps = old), the MG-preconditioned solves in
# f32 and f64 (true residual, time), the tile height, the one-group small
# levels, and the V-cycle's cost by level (V(n) − V(coarser n)).
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1
date -u
t0=$(date +%s)
el() { echo "== elapsed $(( $(date +%s) - t0 )) s"; }
echo "== f32 4096: every op, CG tiles/rows, V-cycle fused/sweeps, MG solve to 1e-6"
timeout 25 $B bench la --sizes 4096 --reps 5 --iters 100 --op stencil --solve=mg --rtol 1e-6
el
echo "== f64 4096 and 4095: MG solve to 1e-8"
timeout 25 $B bench la --sizes 4096,4095 --dtype f64 --reps 3 --iters 50 --op stencil --solve=mg --rtol 1e-8
el
for ry in 4 16; do
  echo "== GOLCL_LA_TILE_RY=$ry (f32 4096)"
  GOLCL_LA_TILE_RY=$ry timeout 10 $B bench la --sizes 4096 --reps 3 --iters 50 --op stencil 2>&1 |
    grep -E "copy |stencil_mv5|cg_stencil"
done
el
echo "== GOLCL_LA_MG_SMALL=0 (f32 4096)"
GOLCL_LA_MG_SMALL=0 timeout 10 $B bench la --sizes 4096 --reps 3 --iters 50 --op stencil 2>&1 |
  grep -E "mg_vcycle|cg_stencil|V-cycle ="
el
echo "== V-cycle by level (f32): V at each side"
timeout 15 $B bench la --sizes 2047,1023,255 --reps 3 --iters 20 --op stencil 2>&1 |
  grep -E "^[0-9]+x|mg_vcycle|mg_sweeps|stencil_mv5|cg_stencil "
el
