#!/usr/bin/env bash
# gpu-wall.sh — issue 29's multi-state rows and issue 30's wall rows in ONE device call on an
# H200 machine: golcl against bgolly on the same machine (bgolly on one core of its CPU), wall
# time from process start with the output written, cells compared. Log in $OUT/wall.log.
# Needs, beside the tree (name them in carry): .deps (DEVICE.md), .bgolly/bgolly (a copy of
# /usr/bin/bgolly) and .gpu/golly (cp -r /usr/share/golly/Patterns /usr/share/golly/Rules
# .gpu/golly/): the GPU machine has no Golly.
#   run (kind nvidia-h200, carry [".deps", ".bgolly", ".gpu"]):  bash tools/gpu-wall.sh
#   DRY=1 bash tools/gpu-wall.sh   (here, on pocl: a check of the script; GOLLY=/usr/share/golly)
#   ONLY=ms: the start-up, multi-state rows (each by default, HashLife on the free CPUs, and
#   with GOLCL_THREADS=1) and tree kernels; ONLY=wall: the start-up, soups and the two-state
#   wall rows (two shorter calls); ONLY=threads: the start-up, then Evoloop, the JvN
#   replicator and Langton's loops on 1, 2, 4, 8 and all threads (about a minute);
#   ONLY=rows30: the soups of 2048² and 8192² at 1000 generations and the 30 000-generation
#   row of Golly's four folders; ONLY=rows20: their 2^20-generation row (bgolly's limit
#   BG_LIMIT, default 10 s)
set -u
mkdir -p "${OUT:=/tmp/out}"
exec > >(tee "$OUT/wall.log") 2>&1
T0=$(date +%s)
el() { echo "[+$(($(date +%s) - T0)) s] $*"; }
late() { [ $(($(date +%s) - T0)) -gt "$1" ]; }
if [ -z "${DRY:-}" ]; then
  . tools/gpu-build.sh
  gpu_build
  BG=$PWD/.bgolly/bgolly GOLLY=$PWD/.gpu/golly
else
  make -j2 lib examples >/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
  BG=$(command -v bgolly) GOLLY=${GOLLY:-/usr/share/golly}
fi
el built; nvidia-smi -L 2>/dev/null; lscpu | grep 'Model name'; git log --oneline -1
G=$PWD/build/golcl R=$GOLLY/Rules P=$GOLLY/Patterns
export GOLCL_RULES=$R
tm() {
  local t0 rc
  t0=$(date +%s.%N)
  "$@" >/tmp/o.txt 2>&1
  rc=$?
  awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.3f", b-a}'
  [ $rc = 0 ] || printf ' (rc %d: %s)' $rc "$(tail -1 /tmp/o.txt)"
}
body() { "$G" run "$1" -g 0 -o /tmp/n.rle >/dev/null 2>&1 && grep -v '^#' /tmp/n.rle | md5sum; }
echo "== start-up: golcl run acorn -g 1 -o x.rle against bgolly -m 1, ten each (s)"
for _ in 1 2 3 4 5 6 7 8 9 10; do
  echo "golcl $(tm "$G" run "$P/Life/Methuselahs/acorn.lif" -g 1 -o /tmp/s.rle) bgolly $(tm "$BG" -m 1 -o /tmp/sb.rle "$P/Life/Methuselahs/acorn.lif")"
done
want() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }
if want ms; then
echo "== multi-state rows: pattern gens golcl_wall (one thread a CPU) golcl_wall (GOLCL_THREADS=1) bgolly_wall | golcl's run lines"
for spec in "Loops/Langtons-Loops.rle 20000 RuleLoader" "Loops/Evoloop.rle 20000 RuleLoader" \
  "Self-Rep/JvN/small-JvN-self-replicator.rle 20000 JvN" "Self-Rep/Devore/Devore-rep.rle 20000 RuleLoader" \
  "Generations/Fireworks.mcl 2000 Generations" "Loops/Langtons-Loops.rle 3000 RuleLoader"; do
  # shellcheck disable=SC2086 # the spec is three words
  set -- $spec
  tg1=$(tm env GOLCL_THREADS=1 "$G" run "$P/$1" -g "$2" -o /tmp/g.rle)
  run1=$(grep '^run:' /tmp/o.txt | head -1)
  tg=$(tm "$G" run "$P/$1" -g "$2" -o /tmp/g.rle)
  run=$(grep '^run:' /tmp/o.txt | head -1)
  tb=$(tm "$BG" -a "$3" -s "$R/" -m "$2" -o /tmp/b.rle "$P/$1")
  same=no
  [ "$(body /tmp/g.rle)" = "$(body /tmp/b.rle)" ] && same=yes
  echo "$1 $2 golcl $tg one-thread $tg1 bgolly $tb identical $same | $run | $run1"
done
el "multi-state rows done"
fi
if want wall; then
echo "== soups (1000 generations): AUTO, then --algo host-tiles"
python3 tools/soup.py 2048 1 /tmp/soup2048.rle
python3 tools/soup.py 8192 2 /tmp/soup8192.rle
bash tools/wall_row.sh "$G" "$BG" 1000 /tmp/soup2048.rle /tmp/soup8192.rle
for s in 2048 8192; do echo "host-tiles $s: $(tm "$G" run /tmp/soup$s.rle -g 1000 --algo host-tiles -o /tmp/h.rle) | $(grep '^run:' /tmp/o.txt)"; done
el "soups done"
echo "== wall row, 1000 generations"
GOLLY_PATTERNS=$P BG_LIMIT=20 bash tools/wall_row.sh "$G" "$BG" 1000
el "1000 done"
late 400 && { el "no time for 30000"; exit 0; }
echo "== wall row, 30000 generations (Methuselahs, Guns, Breeders)"
GOLLY_PATTERNS=$P BG_LIMIT=10 bash tools/wall_row.sh "$G" "$BG" 30000 "$P"/Life/Methuselahs/* "$P"/Life/Guns/* "$P"/Life/Breeders/*
el "30000 done"
late 480 && { el "no time for 2^20"; exit 0; }
echo "== wall row, 2^20 generations (guns)"
GOLLY_PATTERNS=$P BG_LIMIT=10 bash tools/wall_row.sh "$G" "$BG" 1048576 "$P"/Life/Guns/*
el "2^20 done"
fi
if [ "${ONLY:-}" = rows30 ]; then
echo "== soups (1000 generations, AUTO)"
python3 tools/soup.py 2048 1 /tmp/soup2048.rle
python3 tools/soup.py 8192 2 /tmp/soup8192.rle
bash tools/wall_row.sh "$G" "$BG" 1000 /tmp/soup2048.rle /tmp/soup8192.rle
el "soups done"
echo "== wall row, 30000 generations (Methuselahs, Breeders, Guns, HashLife)"
GOLLY_PATTERNS=$P BG_LIMIT=10 bash tools/wall_row.sh "$G" "$BG" 30000
el "30000 done"
exit 0
fi
if [ "${ONLY:-}" = rows20 ]; then
echo "== wall row, 2^20 generations (Methuselahs, Breeders, Guns, HashLife)"
GOLLY_PATTERNS=$P BG_LIMIT=${BG_LIMIT:-10} bash tools/wall_row.sh "$G" "$BG" 1048576
el "2^20 done"
exit 0
fi
if [ "${ONLY:-}" = threads ]; then
echo "== HashLife's threads: stepping (s) of the multi-state rows on N threads (GOLCL_THREADS)"
ncpu=$(nproc)
for spec in "Loops/Evoloop.rle 20000" "Self-Rep/JvN/small-JvN-self-replicator.rle 20000" \
  "Loops/Langtons-Loops.rle 3000" "Loops/Langtons-Loops.rle 20000"; do
  # shellcheck disable=SC2086 # the spec is two words
  set -- $spec
  line="$1 $2:"
  for n in 1 2 4 8 "$ncpu"; do
    GOLCL_THREADS=$n "$G" run "$P/$1" -g "$2" -o "/tmp/t$n.rle" >/tmp/o.txt 2>&1
    st=$(sed -n 's/^run:.* in \([0-9.]*\) s.*/\1/p' /tmp/o.txt)
    cmp -s /tmp/t1.rle "/tmp/t$n.rle" || st="$st(DIFFERENT)"
    line="$line $n:$st"
  done
  echo "$line"
done
el "threads done"
exit 0
fi
want ms || exit 0
echo "== re-check (ONLY=ms): the 1000-generation losers of the last wall row and the 2048² soup"
python3 tools/soup.py 2048 1 /tmp/soup2048.rle
BG_LIMIT=20 bash tools/wall_row.sh "$G" "$BG" 1000 "$P"/Life/Breeders/spacefiller.rle \
  "$P"/Life/Guns/Cordership-gun-p784.rle "$P"/Life/Guns/2c5-spaceship-gun-p416.rle \
  "$P"/Life/Guns/7-in-a-row-Cordership-V-gun.rle "$P"/Life/Methuselahs/blom.rle /tmp/soup2048.rle
"$G" run "$P"/Life/Breeders/spacefiller.rle -g 1000 -o /tmp/sf.rle
el "re-check done"
late 540 && { el "no time for the tree kernels"; exit 0; }
echo "== RuleLoader's tree kernels: the rule in the arguments against the rule's own build"
[ -f tools/tree_any_gpu.sh ] && GOLLY_PATTERNS=$P timeout 50 sh tools/tree_any_gpu.sh
el "tree kernels done"
