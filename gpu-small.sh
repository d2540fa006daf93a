#!/bin/bash
# gpu-small.sh — issue 20's small-grid row (MULTI at 2048² and 4096²), under 90 s:
# the band kernel (multi_band: whole rows, persistent groups trading edge rows
# as 64-bit words tagged with the period)
# against the register kernel's small shapes, dead and torus; a profile (one
# period a launch; the exchange left out; flags); the band test and the
# stepper contract suite on the GPU (the whole bit-sliced suite takes more
# than the 90 s).
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1
date -u
git log --oneline -1
t0=$(date +%s)
el() { echo "== elapsed $(($(date +%s) - t0)) s"; }
left() { echo $((86 - $(date +%s) + t0)); }
cap() { local l=$(left); [ $l -gt $1 ] && l=$1; [ $l -lt 1 ] && l=1; echo $l; }
MK="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu"
make build/tests/test_steppers_bits build/tests/test_stepper_contract $MK CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > /tmp/mk.log 2>&1 || tail -20 /tmp/mk.log
el
R="multi:lw=32:lh=8:th=96:g=24"   # the register kernel's 2048² shape before (1.44e6 dead)
R4="multi:lw=32:lh=8:th=128:g=24" # its 4096² shape before
b() { echo "multi:lw=32:tw=$1:lh=$2:th=$3:g=$4"; }
bench() { # size, timeout, extra args...
  local n=$1 t=$2
  shift 2
  timeout $t $B bench --size ${n}x$n --gens 4096 --reps 5 "$@" 2>&1 |
    grep -E "^(stepper|multi)|device|rror"
}
# multi without options at 2048² is the band kernel 32x8, 32 rows, 8 generations a period
V2="$R,multi,$(b 2048 8 24 4),$(b 2048 8 40 12),$(b 2048 8 48 16),$(b 2048 4 32 8),$(b 2048 8 32 4)"
V2="$V2,$(b 2048 16 32 8),$(b 2048 16 48 16),$(b 2048 16 32 4),$(b 2048 16 64 24)"
echo "== 2048² dead"
out=$(bench 2048 20 --steppers "$V2")
echo "$out"
el
for o in -DGOLCL_MB_TAGGED=0 "-DGOLCL_MB_TAGGED=0 -DGOLCL_MB_NO_PTX_FENCE"; do
  echo "$out" | grep -qE "MISMATCH|ERROR: multi failed" || break
  echo "== 2048² dead again, GOLCL_BUILD_OPTIONS=$o"
  export GOLCL_BUILD_OPTIONS="$o"
  out=$(bench 2048 10 --steppers "$R,multi,$(b 2048 8 24 4),$(b 2048 8 48 16)")
  echo "$out"
  el
done
echo "== band test on the GPU (many groups trading rows)"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands timeout 15 build/tests/test_steppers_bits 2>&1 | tail -4
el
echo "== 2048² torus"
bench 2048 18 --torus --steppers "$V2"
el
# multi at 4096²: the band kernel 32x8, 48 rows, 8 generations a period
V4="$R4,multi,$(b 4096 8 40 4),$(b 4096 8 56 12),$(b 4096 8 64 16),$(b 4096 8 64 8)"
V4="$V4,$(b 4096 16 48 8),$(b 4096 16 64 16),$(b 4096 16 80 24)"
for t in "" "--torus"; do
  echo "== 4096² $t"
  bench 4096 $(cap 14) $t --steppers "$V4"
  el
done
echo "== profile, 2048² dead: flags instead of tagged words (GOLCL_MB_TAGGED=0)"
GOLCL_BUILD_OPTIONS="-DGOLCL_MB_TAGGED=0" bench 2048 $(cap 6) \
  --steppers "$R,multi,$(b 2048 8 48 16)" | grep -E "^multi|rror"
el
echo "== profile, 2048² dead: no exchange between periods (cells wrong: timing only)"
GOLCL_BUILD_OPTIONS="$GOLCL_BUILD_OPTIONS -DGOLCL_MB_PROFILE_NO_EXCHANGE" \
  bench 2048 $(cap 7) --steppers "multi,$(b 2048 8 24 4),$(b 2048 8 48 16),$(b 2048 16 32 8)" |
  grep -E "^multi"
el
echo "== profile, 2048² dead: one period a launch (GOLCL_MULTI_PERSIST=0); 512 periods a launch"
GOLCL_MULTI_PERSIST=0 bench 2048 $(cap 5) --steppers "$R,multi" | grep -E "^multi"
GOLCL_MULTI_PERIODS=512 bench 2048 $(cap 5) --steppers "$R,multi" | grep -E "^multi"
el
echo "== the stepper contract suite on the GPU"
GOLCL_TEST_DEVICE=gpu timeout $(cap 10) build/tests/test_stepper_contract 2>&1 | tail -3
el
