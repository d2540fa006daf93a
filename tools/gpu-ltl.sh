#!/usr/bin/env bash
# gpu-ltl.sh — issue 29 item 6 on an H200 in ONE device call (under 300 s): builds, then
# `golcl bench rules` at 16384² for each Larger than Life kernel worth comparing (the tile
# kernel, today's GPU default; the bit planes of ltl_bits.cl with runs of 16..128 rows a
# work-item, and with the range built in; the sums once) and JvN (its next states by state in
# local memory, as before, and by key), then test_rules_ltl, test_rules_jvn and
# test_rules_kernels on the GPU in the time left. Log in $OUT/ltl.log.
#   run (kind nvidia-h200, carry [".deps"]):  bash tools/gpu-ltl.sh
#   DRY=1 bash tools/gpu-ltl.sh   (here, on pocl: 1024², tests cut short; a check of the script)
set -u
mkdir -p "${OUT:=/tmp/out}"
exec > >(tee "$OUT/ltl.log") 2>&1
T0=$(date +%s)
el() { echo "[+$(($(date +%s) - T0)) s] $*"; }
late() { [ $(($(date +%s) - T0)) -gt "$1" ]; }
TESTS=(build/tests/test_rules_ltl build/tests/test_rules_jvn build/tests/test_rules_kernels)
. tools/gpu-build.sh
gpu_start "${TESTS[@]}"
if [ -z "${DRY:-}" ]; then
  SIZE=16384x16384 GENS=20 REPS=3 TEST_LIMIT=120
else
  SIZE=1024x1024 GENS=4 REPS=1 TEST_LIMIT=10
fi
LTL="R5,C0,M1,S34..58,B34..45,NM;R20,C0,M1,S400..800,B400..560,NM;R7,C3,M0,S20..60,B18..40,NN;R4,C0,M1,S18..40,B15..30,NC"
bench() { gpu_bench "$@"; }
echo "== Larger than Life, $SIZE, $GENS generations, median of $REPS: rule gen/s cells/s"
RULES=$LTL MORE=
bench "tile 128x32 (the GPU default)" GOLCL_LTL_KERNEL=tile
bench "bits, runs as chosen (2(2R+1), 32 at least)" GOLCL_LTL_KERNEL=bits
for run in 16 32 64 128; do bench "bits, runs of $run rows" GOLCL_LTL_KERNEL=bits GOLCL_LTL_RUN=$run; done
bench "bits, the range built in (a build a range)" GOLCL_LTL_KERNEL=bits GOLCL_LTL_RANGE=build
el "ltl dead done"
RULES="R5,C0,M1,S34..58,B34..45,NM;R20,C0,M1,S400..800,B400..560,NM" MORE=--torus
bench "torus: tile" GOLCL_LTL_KERNEL=tile
bench "torus: bits" GOLCL_LTL_KERNEL=bits
late 170 || bench "torus: sums (ltl.cl, the old two launches)" GOLCL_LTL_KERNEL=sums
el "ltl torus done"
echo "== JvN29, Nobili32 and Brian's Brain, $SIZE"
RULES="JvN29;Nobili32;/2/3" MORE=
late 180 || bench "JvN: small tables, next states by state, 32 rows" GOLCL_JVN_KERNEL=small
RULES="JvN29;Nobili32"
late 190 || bench "JvN: next states by key, 32 rows" GOLCL_JVN_KERNEL=small GOLCL_JVN_NEXT=key
late 200 || bench "JvN: by key, 128 rows" GOLCL_JVN_KERNEL=small GOLCL_JVN_NEXT=key GOLCL_JVN_ROWS=128
el "benches done"
echo "== tests on the device (each ${TEST_LIMIT} s at most, all within 290 s of the start)"
gpu_tests 290 "${TESTS[@]}"
el "tests done"
