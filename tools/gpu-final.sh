#!/usr/bin/env bash
# gpu-final.sh — one device call on an H200 machine for issues 29 and 30 after a merge: the
# multi-state rows (default threads and one thread) and the threads' sweep (tools/gpu-wall.sh
# ONLY=ms, ONLY=threads), the two-state wall rows at 1000 and 30 000 generations
# (tools/wall_row.sh), then the universe's multi-state tests on the machine's CPU (HashLife's
# threads on its 16 cores) in the time left. Logs under $OUT (ms/, threads/, rows.log,
# tests.log). Needs .deps, .bgolly and .gpu as tools/gpu-wall.sh says.
#   run (kind nvidia-h200, carry [".deps", ".bgolly", ".gpu"]):  bash tools/gpu-final.sh
set -u
mkdir -p "${OUT:=/tmp/out}"
T0=$(date +%s)
el() { echo "[+$(($(date +%s) - T0)) s] $*"; }
late() { [ $(($(date +%s) - T0)) -gt "$1" ]; }
OUT=$OUT/ms ONLY=ms bash tools/gpu-wall.sh | grep -v '^golcl 0.0' | tail -25
el "ms done"
OUT=$OUT/threads ONLY=threads bash tools/gpu-wall.sh | tail -6
el "threads done"
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
G=$PWD/build/golcl BG=$PWD/.bgolly/bgolly P=$PWD/.gpu/golly/Patterns
{
  echo "== wall row, 1000 generations"
  GOLLY_PATTERNS=$P BG_LIMIT=20 bash tools/wall_row.sh "$G" "$BG" 1000
  el "1000 done"
  late 330 || {
    echo "== wall row, 30000 generations (Methuselahs, Guns, Breeders)"
    GOLLY_PATTERNS=$P BG_LIMIT=10 bash tools/wall_row.sh "$G" "$BG" 30000 "$P"/Life/Methuselahs/* \
      "$P"/Life/Guns/* "$P"/Life/Breeders/*
    el "30000 done"
  }
} >"$OUT/rows.log" 2>&1
awk -F, 'NR > 1 && $6 != "" { n++; if ($6 <= 1.0) ok++; if ($7 != "yes") bad++ }
  /^== / { if (n) print hdr ": " ok + 0 " of " n " at or under bgolly, " bad + 0 " not identical"; hdr = $0; n = ok = bad = 0 }
  END { if (n) print hdr ": " ok + 0 " of " n " at or under bgolly, " bad + 0 " not identical" }' "$OUT/rows.log"
awk -F, 'NR > 1 && $6 > 1.0' "$OUT/rows.log"
el "rows done"
late 480 && { el "no time for the tests"; exit 0; }
M=(CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS=)
TESTS=(build/tests/test_universe_ms build/tests/test_universe_ltl build/tests/test_universe_mstiles)
printf 'void subunit_test_start(void){}\nvoid subunit_test_pass(void){}\nvoid subunit_test_fail(void){}\nvoid subunit_test_error(void){}\n' >/tmp/subunit.c
gcc -c -o /tmp/subunit.o /tmp/subunit.c
make -j16 "${TESTS[@]}" "${M[@]}" CHECK_LIBS="-lcheck /tmp/subunit.o -lm -lpthread -lrt" >/tmp/tb.log 2>&1 ||
  make -j16 "${TESTS[@]}" "${M[@]}" CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" >>/tmp/tb.log 2>&1 ||
  { tail -20 /tmp/tb.log; exit 0; }
# the tests read Golly's files where Debian puts them
mkdir -p /usr/share/golly && ln -sfn "$P" /usr/share/golly/Patterns &&
  ln -sfn "$PWD/.gpu/golly/Rules" /usr/share/golly/Rules
export GOLCL_GOLLY_PATTERNS=$P GOLCL_RULES=$PWD/.gpu/golly/Rules GOLCL_BGOLLY=$BG
for t in "${TESTS[@]}"; do
  late 560 && break
  t0=$(date +%s)
  timeout $((585 - ($(date +%s) - T0))) "$t" >"$OUT/tests.log" 2>&1
  echo "$t rc=$? in $(($(date +%s) - t0)) s: $(tail -1 "$OUT/tests.log")"
done
el "tests done"
