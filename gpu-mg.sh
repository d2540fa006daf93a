#!/bin/bash
# gpu-mg.sh — issue 20's MG rows on the GPU (under 90 s). f32 4096²: copy,
# CG, V-cycle (default: 2^k coarsening, launches a step with red-black on
# pairs; mg_sweeps = a launch a step, an item a point), MG-CG to 1e-6; f64
# 4096² MG-CG to 1e-8; the same with GOLCL_LA_MG=nopairs (an item a point)
# and old (the cycle before); the one-sweep smoothers (rows); the multigrid
# test case on the GPU; the V-cycle profile (each step launched twice).
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1
date -u
t0=$(date +%s)
el() { echo "== elapsed $(($(date +%s) - t0)) s"; }
G='copy |stencil_mv5|cg_stencil|mg_vcycle|mg_sweeps|mg  |MG-pre|V-cycle ='
echo "== f32 4096: copy, CG, V-cycle, MG-CG to 1e-6 (default)"
timeout 20 $B bench la --sizes 4096 --reps 5 --iters 100 --op stencil \
  --ops stencil_mv5,cg_stencil,mg_vcycle,mg_sweeps --solve=mg --rtol 1e-6 | grep -E "$G|command"
el
echo "== f32 4096, GOLCL_LA_MG=nopairs"
GOLCL_LA_MG=nopairs timeout 10 $B bench la --sizes 4096 --reps 3 --iters 50 --op stencil \
  --ops cg_stencil,mg_vcycle --solve=mg --rtol 1e-6 | grep -E "$G"
for m in "" nopairs old; do
  echo "== f64 4096 MG-CG to 1e-8, GOLCL_LA_MG=$m"
  GOLCL_LA_MG=$m timeout 12 $B bench la --sizes 4096 --dtype f64 --reps 3 --iters 50 --op stencil \
    --ops cg_stencil,mg_vcycle --solve=mg --rtol 1e-8 | grep -E "$G"
done
el
echo -n "GOLCL_LA_MG=rows f32: "
GOLCL_LA_MG=rows timeout 8 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle | grep mg_vcycle
el
echo "== test_la_ops multigrid case on the GPU (V-cycle against the host, 4 modes; iteration counts)"
timeout 15 make -j16 build/tests/test_la_ops MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include \
  LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > /dev/null 2>&1 || echo "build failed"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multigrid timeout 20 build/tests/test_la_ops 2>&1 | tail -4
el
echo "== V-cycle profile (f32 4096, default): each step launched twice (GOLCL_LA_MG_REPEAT)"
for v in black post2 pre resrestrict prolong; do
  echo -n "repeat '$v': "
  GOLCL_LA_MG_REPEAT=$v timeout 6 $B bench la --sizes 4096 --reps 3 --ops mg_vcycle 2>&1 | grep mg_vcycle
done
el
