#!/bin/bash
# gpu-small.sh — issue 20's small-grid row (MULTI at 2048² and 4096²), under 90 s:
# the band kernel (multi_band: whole rows, persistent groups trading edge rows)
# against the register kernel's small shapes, dead and torus; the band test and
# the whole bit-sliced suite on the GPU.
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1
date -u
git log --oneline -1
t0=$(date +%s)
el() { echo "== elapsed $(($(date +%s) - t0)) s"; }
MK="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu"
make build/tests/test_steppers_bits $MK CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > /tmp/mk.log 2>&1 || tail -20 /tmp/mk.log
echo "== band test on the GPU (many groups trading rows)"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands timeout 25 build/tests/test_steppers_bits 2>&1 | tail -5
el
R="multi:lw=32:lh=8:th=96:g=24"   # the register kernel's 2048² shape before (1.44e6 dead)
R4="multi:lw=32:lh=8:th=128:g=24" # its 4096² shape before
b() { echo "multi:lw=32:tw=$1:lh=$2:th=$3:g=$4"; }
# multi without options at 2048² is the band kernel 32x4, 32 rows, 8 generations a period
V2="$R,multi,$(b 2048 4 24 4),$(b 2048 8 32 8),$(b 2048 2 32 8),$(b 2048 4 40 12),$(b 2048 4 48 16),$(b 2048 4 48 8)"
for t in "" "--torus"; do
  echo "== 2048² $t"
  timeout 16 $B bench --size 2048x2048 --gens 4096 --reps 5 $t --steppers "$V2" 2>&1 |
    grep -E "^(stepper|multi)|device|copy:|rror"
  el
done
echo "== 2048² dead, GOLCL_MULTI_PERSIST=0 (one period a launch)"
GOLCL_MULTI_PERSIST=0 timeout 8 $B bench --size 2048x2048 --gens 4096 --reps 5 \
  --steppers "$R,$(b 2048 4 32 8),$(b 2048 4 48 16)" 2>&1 | grep -E "^multi"
el
V4="$R4,multi,$(b 4096 4 48 8),$(b 4096 8 48 8),$(b 4096 4 40 4),$(b 4096 4 64 16),$(b 4096 8 64 8)"
for t in "" "--torus"; do
  echo "== 4096² $t"
  timeout 12 $B bench --size 4096x4096 --gens 4096 --reps 5 $t --steppers "$V4" 2>&1 |
    grep -E "^(stepper|multi)|rror"
  el
done
left=$((86 - $(date +%s) + t0))
if [ $left -gt 4 ]; then
  echo "== the whole bit-sliced suite on the GPU (${left} s left)"
  GOLCL_TEST_DEVICE=gpu timeout $left build/tests/test_steppers_bits 2>&1 | tail -8
  el
fi
