#!/bin/bash
# gpu-small.sh — issue 20's small-grid row (MULTI at 2048² and 4096²), under 90 s:
# the band kernel (multi_band: whole rows, persistent groups trading edge rows
# as 64-bit words tagged with the period) against the register kernel's small
# shapes, dead and torus; the band test and the stepper contract suite on the
# GPU; a profile (the exchange left out, the dead grid's row fix-up left out).
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
b() { echo "multi:lw=32:tw=$1:lh=$2:th=$3:g=$4"; }
bench() { # size, timeout, extra args...
  local n=$1 t=$2
  shift 2
  timeout $t $B bench --size ${n}x$n --gens 4096 --reps 5 "$@" 2>&1 |
    grep -E "^(stepper|multi|auto)|device|rror|MISMATCH"
}
# multi without options: the band kernel 32x8, 32 rows (2048²) or 48 (4096²), g 8
V2="$R,multi,auto,$(b 2048 8 40 12),$(b 2048 4 32 8),$(b 2048 8 24 4),$(b 2048 8 40 8)"
for t in "" "--torus"; do
  echo "== 2048² $t"
  bench 2048 12 $t --steppers "$V2"
  el
done
V4="$R4,multi,$(b 4096 8 40 4),$(b 4096 8 56 12),$(b 4096 4 48 8)"
for t in "" "--torus"; do
  echo "== 4096² $t"
  bench 4096 12 $t --steppers "$V4"
  el
done
echo "== band test on the GPU (many groups trading rows)"
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands timeout $(cap 35) build/tests/test_steppers_bits 2>&1 | tail -4
el
echo "== the stepper contract suite on the GPU"
GOLCL_TEST_DEVICE=gpu timeout $(cap 8) build/tests/test_stepper_contract 2>&1 | tail -2
el
for t in "" "--torus"; do
  echo "== profile, 2048² $t: no exchange between periods (cells wrong: timing only)"
  GOLCL_BUILD_OPTIONS="-DGOLCL_MB_PROFILE_NO_EXCHANGE" bench 2048 $(cap 4) $t --steppers multi |
    grep -E "^multi "
done
echo "== profile, 2048² and 4096² dead: no zeroing of the rows off the grid (cells wrong)"
GOLCL_BUILD_OPTIONS="-DGOLCL_MB_PROFILE_NO_FIXUP" bench 2048 $(cap 4) --steppers multi |
  grep -E "^multi "
GOLCL_BUILD_OPTIONS="-DGOLCL_MB_PROFILE_NO_FIXUP" bench 4096 $(cap 4) --steppers multi |
  grep -E "^multi "
el
for t in "" "--torus"; do
  echo "== profile, 4096² $t: no exchange between periods (cells wrong: timing only)"
  GOLCL_BUILD_OPTIONS="-DGOLCL_MB_PROFILE_NO_EXCHANGE" bench 4096 $(cap 4) $t --steppers multi |
    grep -E "^multi "
done
el
echo "== PTX of the band kernels built (from the program cache): local-memory arrays and spills"
for f in /tmp/smallcache/golcl/*; do
  grep -qa "entry multi_band" "$f" 2>/dev/null || continue
  echo "$(grep -aoE -- '-DGOLCL_MY=[0-9]+ -DGOLCL_MS=[0-9]+ -DGOLCL_MG=[0-9]+' "$f" | head -1)" \
    "$(grep -aoE -- 'GOLCL_MK=[0-9]+|GOLCL_MB_FULL=1|GOLCL_TORUS=[01]|GOLCL_MB_PROFILE_[A-Z_]+' "$f" |
      sort -u | tr '\n' ' ')" \
    "depot=$(grep -ac '__local_depot' "$f") ld.local=$(grep -ac 'ld.local' "$f")" \
    "st.local=$(grep -ac 'st.local' "$f") lines=$(grep -ac . "$f")"
done
el
