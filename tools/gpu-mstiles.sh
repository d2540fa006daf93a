#!/usr/bin/env bash
# gpu-mstiles.sh — issue 29 item 2 on an H200 in ONE device call (under 240 s): builds, then
# `golcl run` of Brian's Brain and WireWorld soups of 4096² (200 generations) and 8192² (60)
# (density 0.5, tools/ms_soup.py's fast soups) on the plane with --algo sparse (the device tiles
# of states), auto (the device tiles from the start, HashLife probing after 4096 generations),
# host-tiles, hashlife and dense (the growing byte grid), each run's wall time and its `run:`
# line (the stepping time), and whether its cells are the sparse run's; then the device tiles'
# rounds of 4, 8 and 16 generations (bench_universe_mstiles_gpu) and test_universe_mstiles_gpu
# on the GPU in the time left (all within 240 s of the start; a run past 25 s is cut and says
# rc=124). Log in $OUT/mstiles.log.
#   run (kind nvidia-h200, carry [".deps"]):  bash tools/gpu-mstiles.sh
#   DRY=1 bash tools/gpu-mstiles.sh   (here, on pocl: 256² and 512², fewer generations)
set -u
mkdir -p "${OUT:=/tmp/out}"
exec > >(tee "$OUT/mstiles.log") 2>&1
T0=$(date +%s)
el() { echo "[+$(($(date +%s) - T0)) s] $*"; }
late() { [ $(($(date +%s) - T0)) -gt "$1" ]; }
TESTS=(build/tests/test_universe_mstiles_gpu)
LIBS=(-lOpenCL -lz -lm -ldl -pthread)
. tools/gpu-build.sh
if [ -z "${DRY:-}" ]; then
  gpu_build "${TESTS[@]}"
  LIBS=(-L/opt/deps/usr/lib/x86_64-linux-gnu "${LIBS[@]}")
  export GOLCL_DEVICE=gpu GOLCL_TEST_DEVICE=gpu
  SIZES=(4096 8192) GENS=(200 60) LIMIT=25 BENCH=(4096 200 gpu)
else
  make -j2 lib examples "${TESTS[@]}" >/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
  SIZES=(256 512) GENS=(100 50) LIMIT=30 BENCH=(512 64 cpu)
fi
cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude tests/bench_universe_mstiles_gpu.c \
  build/libgolcl.a "${LIBS[@]}" -o build/bench_universe_mstiles_gpu || echo "bench not built"
el built; nvidia-smi -L 2>/dev/null; git log --oneline -1
G=$PWD/build/golcl
S=/tmp/mstiles_soups
mkdir -p $S
body() { sed -n '/^x /,$p' "$1" | tail -n +2 | tr -d '\n\r'; }
ms() { echo $(($(date +%s%N) / 1000000)); }
SOUPS=()
for i in 0 1; do
  for spec in "bb /2/3 3" "ww WireWorld 4"; do
    read -r name rule states <<<"$spec"
    python3 tools/ms_soup.py "$S/$name${SIZES[$i]}.rle" "$rule" "$states" "${SIZES[$i]}" 0.5 1 fast
    SOUPS+=("$name${SIZES[$i]} ${GENS[$i]}")
  done
done
el "soups written: ${SOUPS[*]} (name, generations)"
echo "== golcl run SOUP -g N --algo A -o out.rle: wall, the run: and memory: lines, cells as sparse's"
for algo in sparse auto dense host-tiles hashlife; do
  for soup in "${SOUPS[@]}"; do
    read -r name g <<<"$soup"
    late 170 && { echo "   $name $algo: no time left"; continue; }
    s0=$(ms)
    timeout "$LIMIT" "$G" run "$S/$name.rle" -g "$g" --algo "$algo" -o "$S/$algo-$name.rle" \
      >/tmp/o.txt 2>&1
    rc=$?
    same=-
    [ "$algo" != sparse ] && [ $rc = 0 ] &&
      { [ "$(body "$S/$algo-$name.rle")" = "$(body "$S/sparse-$name.rle")" ] && same=same ||
        same=DIFFERENT; }
    printf '   %-8s %-10s rc=%-3s wall %6d ms  %-9s %s\n' "$name" "$algo" "$rc" $(($(ms) - s0)) \
      "$same" "$(grep -E '^(run|memory):' /tmp/o.txt | tr '\n' ' ' | cut -c1-230)"
    [ $rc = 0 ] || tail -2 /tmp/o.txt
  done
  el "$algo done"
done
echo "== the device tiles' rounds (k generations a round: 4, 8, 16)"
late 195 || timeout 30 build/bench_universe_mstiles_gpu /2/3 "${BENCH[@]}" 4 8 16
el "bench done"
echo "== tests on the device (within 240 s of the start)"
gpu_tests 240 "${TESTS[@]}"
el "tests done"
