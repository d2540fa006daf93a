#!/usr/bin/env bash
# gpu-jvn.sh — issue 29 item 6 (JvN29 at 1e12 cell updates/s, Larger than Life at 5e11) on an
# H200 in ONE device call (under 300 s): builds, runs test_rules_jvn on the card, then
# `golcl bench rules` at 16384²
# for JvN29 and Nobili32 through each JvN kernel worth comparing: the bit planes
# (cl/rules/jvn_bits.cl, GOLCL_JVN_KERNEL=bits) one generation a launch at several rows a
# work-item (GOLCL_JVN_ROWS) and several a launch in tiles (GOLCL_JVN_GENS, _TH, _LY), and the
# small tables of cl/rules/jvn.cl (GOLCL_JVN_KERNEL=small, the default before); then Larger
# than Life R5 and R20 on the bit kernel, two states on words (now) and byte by byte
# (GOLCL_LTL_TWO=bytes, before), the box's windows slid by popcounts (GOLCL_LTL_SLIDE=popcount,
# before), by their difference (=delta) or by range (now), and test_rules_ltl on the card in
# the time left. Log in
# $OUT/jvn.log.
#   run (kind nvidia-h200, carry [".deps"]):  bash tools/gpu-jvn.sh
#   DRY=1 bash tools/gpu-jvn.sh   (here, on pocl: 1024², tests cut short; a check of the script)
set -u
mkdir -p "${OUT:=/tmp/out}"
exec > >(tee "$OUT/jvn.log") 2>&1
T0=$(date +%s)
el() { echo "[+$(($(date +%s) - T0)) s] $*"; }
late() { [ $(($(date +%s) - T0)) -gt "$1" ]; }
TESTS=(build/tests/test_rules_jvn build/tests/test_rules_ltl)
. tools/gpu-build.sh
gpu_start "${TESTS[@]}"
if [ -z "${DRY:-}" ]; then
  SIZE=16384x16384 GENS=20 REPS=3 TEST_LIMIT=90
else
  SIZE=1024x1024 GENS=4 REPS=1 TEST_LIMIT=90
fi
bench() { gpu_bench "$@"; }
echo "== JvN's tests on the device"
gpu_tests 150 build/tests/test_rules_jvn
el "tests done"
echo "== JvN29 and Nobili32, $SIZE, $GENS generations, median of $REPS: rule gen/s cells/s"
RULES="JvN29;Nobili32;/2/3" MORE=
bench "bits, one generation a launch, 16 rows a work-item (the default)" GOLCL_JVN_KERNEL=bits
RULES="JvN29;Nobili32"
for rows in 8 32 64; do
  late 150 || bench "bits, one a launch, $rows rows" GOLCL_JVN_KERNEL=bits GOLCL_JVN_ROWS=$rows
done
for gl in 4:64:8 8:64:8 16:64:8 8:128:8 16:128:16 8:96:8 10:128:16; do
  IFS=: read -r gens th ly <<<"$gl"
  late 160 || bench "bits, $gens a launch, tile of $th rows, 32x$ly work-items" GOLCL_JVN_KERNEL=bits \
    GOLCL_JVN_GENS="$gens" GOLCL_JVN_TH="$th" GOLCL_JVN_LY="$ly"
done
late 170 || bench "small tables, 32 rows (the default before)" GOLCL_JVN_KERNEL=small
MORE=--torus
late 180 || bench "torus: bits, one a launch" GOLCL_JVN_KERNEL=bits
late 185 || bench "torus: bits, 8 a launch, 64 rows" GOLCL_JVN_KERNEL=bits GOLCL_JVN_GENS=8
el "jvn benches done"
echo "== Larger than Life (bit kernel), $SIZE: rule gen/s cells/s"
RULES="R5,C0,M1,S34..58,B34..45,NM;R20,C0,M1,S400..800,B400..560,NM" MORE=
late 200 || bench "the default now: two states on words, windows by difference from R16"
late 205 || bench "before: byte by byte, windows by popcounts" GOLCL_LTL_TWO=bytes GOLCL_LTL_SLIDE=popcount
late 210 || bench "words, windows by popcounts" GOLCL_LTL_SLIDE=popcount
late 215 || bench "words, windows by difference at every range" GOLCL_LTL_SLIDE=delta
for run in 16 64 128; do late 225 || bench "the default, runs of $run rows" GOLCL_LTL_RUN=$run; done
late 230 || bench "the default, the range built in" GOLCL_LTL_RANGE=build
late 235 || bench "by difference everywhere, runs of 128 rows" GOLCL_LTL_SLIDE=delta GOLCL_LTL_RUN=128
MORE=--torus
late 240 || bench "torus: the default"
el "ltl benches done"
echo "== Larger than Life's tests on the device, in the time left"
TEST_LIMIT=200 gpu_tests 290 build/tests/test_rules_ltl
el "all done"
