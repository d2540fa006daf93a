#!/bin/bash
# gpu-small.sh — issue 20's small-grid row (MULTI at 2048² and 4096²), under 90 s:
# MULTI's defaults (the band kernel: whole rows, persistent groups trading
# edge rows as 64-bit words tagged with the period) and AUTO against the
# register kernel's small shapes, dead and torus; the band test and the
# stepper contract suite on the GPU; the breakdown of a period (without the
# exchange, with flags, a launch a period).
export GOLCL_DEVICE=gpu XDG_CACHE_HOME=/tmp/smallcache
B=build/golcl
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1
date -u
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
bench() { # size, timeout, extra args...
  local n=$1 t=$2
  shift 2
  timeout $t $B bench --size ${n}x$n --gens 4096 --reps 5 "$@" 2>&1 |
    grep -E "^(stepper|multi|auto)|device|rror|MISMATCH"
}
for t in "" "--torus"; do
  echo "== 2048² $t (R, multi, auto, R, multi)"
  bench 2048 10 $t --steppers "$R,multi,auto,$R,multi"
  el
done
for t in "" "--torus"; do
  echo "== 4096² $t (R4, multi, auto, the band kernel's default shape, R4, multi)"
  bench 4096 10 $t --steppers "$R4,multi,auto,multi:lw=32:tw=4096:lh=8:th=48:g=8,$R4,multi"
  el
done
echo "== band test on the GPU (many groups trading rows)"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands timeout $(cap 30) build/tests/test_steppers_bits 2>&1 | tail -4
el
echo "== the stepper contract suite on the GPU"
GOLCL_TEST_DEVICE=gpu timeout $(cap 8) build/tests/test_stepper_contract 2>&1 | tail -2
el
for t in "" "--torus"; do
  echo "== profile, 2048² $t: multi; no exchange (cells wrong); flags; a launch a period"
  bench 2048 $(cap 4) $t --steppers multi | grep -E "^multi "
  GOLCL_BUILD_OPTIONS="-DGOLCL_MB_PROFILE_NO_EXCHANGE" bench 2048 $(cap 4) $t --steppers multi |
    grep -E "^multi "
  GOLCL_BUILD_OPTIONS="-DGOLCL_MB_TAGGED=0" bench 2048 $(cap 4) $t --steppers multi |
    grep -E "^multi "
  GOLCL_MULTI_PERSIST=0 bench 2048 $(cap 4) $t --steppers multi | grep -E "^multi "
  el
done
echo "== profile, 2048² dead, no exchange: without the selects at lanes 0 and 31 (cells wrong)"
GOLCL_BUILD_OPTIONS="-DGOLCL_MB_PROFILE_NO_EXCHANGE -DGOLCL_MB_PROFILE_NO_EDGE" \
  bench 2048 $(cap 4) --steppers multi | grep -E "^multi "
el
