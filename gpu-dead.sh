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
for t in "" "--torus"; do
  b=${t:+torus}; b=${b:-dead}
  echo "== 2048² $b: label, stepper, gens/s, hash"
  v "$b S0" 2048 "$t" "-DGOLCL_MB_STRAIGHT=0" "multi,$R,multi"
  v "$b S1" 2048 "$t" "-DGOLCL_MB_STRAIGHT=1" "multi,$R,multi"
  v "$b S0 NX" 2048 "$t" "-DGOLCL_MB_STRAIGHT=0 $NX" "multi,multi"
  v "$b S1 NX" 2048 "$t" "-DGOLCL_MB_STRAIGHT=1 $NX" "multi,multi"
  v "$b S1 NX KEEP_WY" 2048 "$t" "-DGOLCL_MB_STRAIGHT=1 $NX -DGOLCL_MB_PROFILE_KEEP_WY" "multi"
  if [ -z "$t" ]; then
    v "$b S1 NX NO_ROWMASK NO_EDGE" 2048 "$t" \
      "-DGOLCL_MB_STRAIGHT=1 $NX -DGOLCL_MB_PROFILE_NO_ROWMASK -DGOLCL_MB_PROFILE_NO_EDGE" "multi,multi"
    v "$b S1 NX NO_EDGE" 2048 "$t" "-DGOLCL_MB_STRAIGHT=1 $NX -DGOLCL_MB_PROFILE_NO_EDGE" "multi"
  fi
  el
done
for t in "" "--torus"; do
  b=${t:+torus}; b=${b:-dead}
  echo "== 4096² $b: label, stepper, gens/s, hash"
  v "$b S0" 4096 "$t" "-DGOLCL_MB_STRAIGHT=0" "$B4,$R4,$B4"
  v "$b S1" 4096 "$t" "-DGOLCL_MB_STRAIGHT=1" "$B4,$R4,$B4"
  v "$b S0 NX" 4096 "$t" "-DGOLCL_MB_STRAIGHT=0 $NX" "$B4"
  v "$b S1 NX" 4096 "$t" "-DGOLCL_MB_STRAIGHT=1 $NX" "$B4"
  el
done
echo "== per-group records at 2048² (GOLCL_MB_PROFILE_SMID: SM, cycles; cells in $O/*.cells)"
printf 'x = 3, y = 1, rule = B3/S23\n3o!\n' > /tmp/blinker.rle
for t in "" "--torus"; do
  b=${t:+torus}; b=${b:-dead}
  for s in 0 1; do
    for nx in "" "$NX"; do
      f=$O/smid-$b-S$s${nx:+-NX}.cells
      GOLCL_BUILD_OPTIONS="-DGOLCL_MB_STRAIGHT=$s $nx -DGOLCL_MB_PROFILE_SMID" timeout $(cap 6) \
        $B run /tmp/blinker.rle --size 2048x2048 $t -g 2048 --stepper multi -o $f 2>&1 | grep -E "^run:|rror"
    done
  done
done
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
echo "== band test on the GPU with GOLCL_MB_STRAIGHT=1 (many groups trading rows)"
MK="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu"
make build/tests/test_steppers_bits $MK CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > /tmp/mk.log 2>&1 || tail -20 /tmp/mk.log
GOLCL_BUILD_OPTIONS=-DGOLCL_MB_STRAIGHT=1 GOLCL_TEST_DEVICE=gpu CK_RUN_CASE=multi_bands \
  timeout $(cap 40) build/tests/test_steppers_bits 2>&1 | tail -3
el
