#!/bin/bash
# gpu-dead.sh — issue 20's 2048² row on a dead boundary: why MULTI's band
# kernel steps a dead grid 20 % slower than a torus (generations alone), in
# under 90 s. Variants by build options (GOLCL_BUILD_OPTIONS), each a
# process: the band kernel as merged (GOLCL_MB_STRAIGHT=0) and straight-line
# (=1: no branch on the warp's place, rows off a dead grid by a row mask),
# with and without the exchange (NX: cells wrong), dead and torus; the PTX
# of every band kernel built goes to $OUT/dead/ptx for ptxas here.
export GOLCL_DEVICE=${GOLCL_DEVICE:-gpu} XDG_CACHE_HOME=/tmp/deadcache
B=build/golcl
O=${OUT:-/tmp/out}/dead
mkdir -p $O/ptx
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader 2>/dev/null | head -1
date -u
echo "tools: $(ls -d /usr/local/cuda*/bin 2>/dev/null | tr '\n' ' ') $(command -v nvdisasm cuobjdump ptxas | tr '\n' ' ')"
t0=$(date +%s)
el() { echo "== elapsed $(($(date +%s) - t0)) s"; }
left() { echo $((86 - $(date +%s) + t0)); }
cap() { local l=$(left); [ $l -gt $1 ] && l=$1; [ $l -lt 1 ] && l=1; echo $l; }
R="multi:lw=32:lh=8:th=96:g=24"   # the register kernel's 2048² shape
R4="multi:lw=32:lh=8:th=128:g=24" # its 4096² shape
B4="multi:lw=32:tw=4096:lh=8:th=48:g=8" # the band kernel at 4096²
NX=-DGOLCL_MB_PROFILE_NO_EXCHANGE
# label, size, boundary flag ("" or --torus), build options, steppers
v() {
  local lab=$1 n=$2 t=$3 opt=$4 st=$5
  GOLCL_BUILD_OPTIONS="$opt" timeout $(cap 8) $B bench --size ${n}x$n --gens ${GENS:-4096} --reps ${REPS:-5} $t \
    --steppers "$st" 2>&1 | grep -E "^multi[: ].* [0-9a-f]{16}$|rror|MISMATCH" |
    awk -v l="$lab" '{printf "%-34s %-38s %10s %s\n", l, $1, $3, $NF}'
}
echo "== 2048² dead: label, stepper, gens/s, hash (default: straight, edges by masks)"
v "dead default" 2048 "" "" "multi,$R,multi,auto"
v "dead S0 (as merged)" 2048 "" "-DGOLCL_MB_STRAIGHT=0 -DGOLCL_MB_SELECT_EDGE=1" "multi,multi"
v "dead S1 edges by selects" 2048 "" "-DGOLCL_MB_SELECT_EDGE=1" "multi,multi"
v "dead S0 edges by masks" 2048 "" "-DGOLCL_MB_STRAIGHT=0" "multi"
v "dead default NX" 2048 "" "$NX" "multi,multi"
v "dead S1 NX NO_EDGE" 2048 "" "$NX -DGOLCL_MB_PROFILE_NO_EDGE" "multi"
v "dead default" 2048 "" "" "multi,$R,multi"
el
echo "== 2048² torus"
v "torus default" 2048 --torus "" "multi,$R,multi,auto"
v "torus default NX" 2048 --torus "$NX" "multi,multi"
el
echo "== 4096²"
v "dead default" 4096 "" "" "$B4,$R4,$B4,multi"
v "dead S0 (as merged)" 4096 "" "-DGOLCL_MB_STRAIGHT=0 -DGOLCL_MB_SELECT_EDGE=1" "$B4"
v "dead default NX" 4096 "" "$NX" "$B4"
v "torus default" 4096 --torus "" "$B4,$R4,$B4,multi"
v "torus S1" 4096 --torus "-DGOLCL_MB_STRAIGHT=1" "$B4,$B4"
el
echo "== PTX of the band kernels built (program cache)"
i=0
for f in $XDG_CACHE_HOME/golcl/*; do
  grep -qa "entry multi_band" "$f" 2>/dev/null || continue
  i=$((i + 1))
  cp "$f" $O/ptx/band$i.bin
done
echo "$i files"
el
echo "== band test on the GPU (many groups trading rows), then the stepper contract suite"
MK="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu"
make build/tests/test_steppers_bits build/tests/test_stepper_contract $MK CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > /tmp/mk.log 2>&1 || tail -20 /tmp/mk.log
GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands timeout $(cap 35) build/tests/test_steppers_bits 2>&1 | tail -3
GOLCL_TEST_DEVICE=gpu timeout $(cap 10) build/tests/test_stepper_contract 2>&1 | tail -2
el
