#!/bin/bash
# gpu-small.sh — issue 20's small-grid row (MULTI at 2048² and 4096²), under 90 s:
# the band kernel (multi_band: whole rows, persistent groups trading edge rows
# as 64-bit words tagged with the period)
# against the register kernel's small shapes, dead and torus; a profile (one
# period a launch; the exchange left out); the band test and the whole
# bit-sliced suite on the GPU.
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
make build/tests/test_steppers_bits $MK CHECK_CFLAGS= \
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
# multi without options at 2048² is the band kernel 32x4, 32 rows, 8 generations a period
V2="$R,multi,$(b 2048 4 24 4),$(b 2048 8 32 8),$(b 2048 2 32 8),$(b 2048 4 40 12),$(b 2048 4 48 16),$(b 2048 4 48 8)"
echo "== 2048² dead"
out=$(bench 2048 16 --steppers "$V2")
echo "$out"
el
for o in -DGOLCL_MB_TAGGED=0 "-DGOLCL_MB_TAGGED=0 -DGOLCL_MB_NO_PTX_FENCE"; do
  echo "$out" | grep -q rror || break
  echo "== 2048² dead again, GOLCL_BUILD_OPTIONS=$o"
  export GOLCL_BUILD_OPTIONS="$o"
  out=$(bench 2048 10 --steppers "$R,multi,$(b 2048 4 24 4),$(b 2048 4 48 16)")
  echo "$out"
  el
done
echo "== band test on the GPU (many groups trading rows)"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands timeout 15 build/tests/test_steppers_bits 2>&1 | tail -4
el
echo "== 2048² torus"
bench 2048 14 --torus --steppers "$V2"
el
V4="$R4,multi,$(b 4096 4 48 8),$(b 4096 8 48 8),$(b 4096 4 40 4),$(b 4096 4 64 16)"
for t in "" "--torus"; do
  echo "== 4096² $t"
  bench 4096 $(cap 12) $t --steppers "$V4"
  el
done
echo "== profile, 2048² dead: one period a launch (GOLCL_MULTI_PERSIST=0)"
GOLCL_MULTI_PERSIST=0 bench 2048 $(cap 8) \
  --steppers "$R,$(b 2048 4 32 8),$(b 2048 4 48 16)" | grep -E "^multi"
el
for n in 512 4; do
  echo "== profile, 2048² dead: GOLCL_MULTI_PERIODS=$n (periods a launch; 32 by default)"
  GOLCL_MULTI_PERIODS=$n bench 2048 $(cap 5) --steppers multi | grep -E "^multi"
done
el
echo "== profile, 2048² dead: flags instead of tagged words (GOLCL_MB_TAGGED=0)"
GOLCL_BUILD_OPTIONS="-DGOLCL_MB_TAGGED=0" bench 2048 $(cap 6) \
  --steppers "$R,multi,$(b 2048 4 24 4)" | grep -E "^multi|rror"
el
echo "== profile, 2048² dead: no exchange between periods (cells wrong: timing only)"
GOLCL_BUILD_OPTIONS="$GOLCL_BUILD_OPTIONS -DGOLCL_MB_PROFILE_NO_EXCHANGE" \
  bench 2048 $(cap 8) \
  --steppers "$(b 2048 4 32 8),$(b 2048 4 24 4),$(b 2048 4 48 16)" | grep -E "^multi"
el
if [ $(left) -gt 4 ]; then
  echo "== the whole bit-sliced suite on the GPU ($(left) s left)"
  GOLCL_TEST_DEVICE=gpu timeout $(left) build/tests/test_steppers_bits 2>&1 | tail -8
  el
fi
