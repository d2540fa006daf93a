#!/bin/bash
# gpu-mg.sh — issue 20's MG rows on the GPU (under 90 s): f32 4096² copy,
# CG, V-cycle (new: 2^k coarsening + the one-sweep smoothers; mg_sweeps
# = a launch a step), MG-CG to 1e-6; f64 4096² and 4095² MG-CG to 1e-8; the
# same with GOLCL_LA_MG=old (the cycle before); the V-cycle with ystore
# (y stored between the smoothers), pre2, post3 (the old launches of the
# smoothers); tile rows; small levels; the profile (each step twice).
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1
date -u
git log --oneline -1
t0=$(date +%s)
el() { echo "== elapsed $(($(date +%s) - t0)) s"; }
echo "== f32 4096: copy, CG, V-cycle, MG-CG to 1e-6"
timeout 20 $B bench la --sizes 4096 --reps 5 --iters 100 --op stencil \
  --ops stencil_mv5,cg_stencil,mg_vcycle,mg_sweeps --solve=mg --rtol 1e-6
el
echo "== f64 4096 and 4095: MG-CG to 1e-8"
timeout 20 $B bench la --sizes 4096,4095 --dtype f64 --reps 3 --iters 50 --op stencil \
  --ops cg_stencil,mg_vcycle --solve=mg --rtol 1e-8
el
echo "== GOLCL_LA_MG=old (the cycle before: n -> (n-1)/2, launches a step), same run: f32 and f64 4096"
GOLCL_LA_MG=old timeout 10 $B bench la --sizes 4096 --reps 3 --iters 50 --op stencil \
  --ops cg_stencil,mg_vcycle --solve=mg --rtol 1e-6 | grep -E "copy |cg_stencil|mg_vcycle|mg  |MG-pre|V-cycle ="
GOLCL_LA_MG=old timeout 10 $B bench la --sizes 4096 --dtype f64 --reps 3 --iters 50 --op stencil \
  --ops cg_stencil,mg_vcycle --solve=mg --rtol 1e-8 | grep -E "copy |cg_stencil|mg_vcycle|mg  |MG-pre|V-cycle ="
el
for m in ystore pre2 post3; do
  echo -n "GOLCL_LA_MG=$m f32 4096: "
  GOLCL_LA_MG=$m timeout 6 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle | grep -E "mg_vcycle"
done
el
for th in 16 64; do
  echo -n "GOLCL_LA_MG_TH=$th: "
  GOLCL_LA_MG_TH=$th timeout 6 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle | grep -E "mg_vcycle"
done
for sm in 1024 16384; do
  echo -n "GOLCL_LA_MG_SMALL=$sm (default 4096): "
  GOLCL_LA_MG_SMALL=$sm timeout 6 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle | grep -E "mg_vcycle"
done
el
echo "== V-cycle profile (f32 4096): each step launched twice (GOLCL_LA_MG_REPEAT)"
for v in "" pre post small; do
  echo -n "repeat '$v': "
  GOLCL_LA_MG_REPEAT=$v timeout 6 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle 2>&1 | grep mg_vcycle
done
el
echo "== test_la_ops multigrid case on the GPU (V-cycle against the host, 4 modes; iteration counts)"
timeout 15 make -j16 build/tests/test_la_ops MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include \
  LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > /dev/null 2>&1 || echo "build failed"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multigrid timeout 20 build/tests/test_la_ops 2>&1 | tail -5
el
