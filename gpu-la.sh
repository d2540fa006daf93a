#!/bin/bash
# gpu-la.sh — issue 20's linear-algebra rows at 4096² on the GPU (under 90 s):
# copy, the 5-point product (tiles = AUTO, rows = old), CG iteration (tiles,
# rows), MG V-cycle (fused, sweeps = old), the MG-preconditioned solves in
# f32 and f64 (true residual, time), sweeps of the tile shape, the local
# size and the one-group small levels, and the V-cycle by level.
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
timeout 25 $B bench la --sizes 4096,4095 --dtype f64 --reps 3 --iters 50 --op stencil \
  --ops stencil_mv5,stencil_rows,mg_vcycle,mg_sweeps,cg_stencil,cg_st_rows --solve=mg --rtol 1e-8
el
S="--sizes 4096 --reps 3 --iters 50 --op stencil --ops stencil_mv5,cg_stencil,mg_vcycle"
for v in "GOLCL_LA_TILE_RY=4" "GOLCL_LA_TILE_RY=16" "GOLCL_LA_LOCAL=512" "GOLCL_LA_MG=split"; do
  echo "== $v (f32 4096)"
  env $v timeout 8 $B bench la $S 2>&1 | grep -E "copy |stencil_mv5|cg_stencil|mg_vcycle"
done
el
echo "== V-cycle profile (f32 4096): each fused step launched twice (GOLCL_LA_MG_REPEAT)"
for v in "" pre resrestrict prolong black post2 small; do
  echo -n "repeat '$v': "
  GOLCL_LA_MG_REPEAT=$v timeout 8 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle 2>&1 | grep mg_vcycle
done
el
echo "== V-cycle by level (f32): V at each side"
timeout 10 $B bench la --sizes 2047,255 --reps 3 --iters 20 --op stencil \
  --ops stencil_mv5,mg_vcycle,mg_sweeps,cg_stencil 2>&1 | grep -E "^[0-9]+x|mg_|stencil_mv5|cg_stencil "
el
