#!/bin/bash
# gpu-mg.sh — issue 20's MG rows on the GPU (under 90 s): f64 4096² and
# 4095² MG-CG to 1e-8 (default: 2^k coarsening, red-black on pairs, the
# restriction over red points); f32 4096²: copy, CG, V-cycle (mg_sweeps =
# a launch a step, an item a point), MG-CG to 1e-6; the V-cycle profile of
# the steps not measured at 17:05 (each launched twice).
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1
date -u
t0=$(date +%s)
el() { echo "== elapsed $(($(date +%s) - t0)) s"; }
echo "== f64 4096 and 4095: MG-CG to 1e-8 (default)"
timeout 35 stdbuf -oL $B bench la --sizes 4096,4095 --dtype f64 --reps 3 --iters 50 --op stencil \
  --ops cg_stencil,mg_vcycle --solve=mg --rtol 1e-8
el
echo "== f32 4096: copy, CG, V-cycle, MG-CG to 1e-6 (default)"
timeout 25 stdbuf -oL $B bench la --sizes 4096 --reps 5 --iters 100 --op stencil \
  --ops stencil_mv5,cg_stencil,mg_vcycle,mg_sweeps --solve=mg --rtol 1e-6
el
echo "== V-cycle profile (f32 4096, default): each step launched twice (GOLCL_LA_MG_REPEAT)"
for v in "" resrestrict prolong small; do
  echo -n "repeat '$v': "
  GOLCL_LA_MG_REPEAT=$v timeout 7 stdbuf -oL $B bench la --sizes 4096 --reps 3 --ops mg_vcycle 2>&1 | grep mg_vcycle
done
el
