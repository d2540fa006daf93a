#!/usr/bin/env bash
# ltl_row.sh — Golly's Larger than Life files on the unbounded plane: `golcl run FILE -g N -o
# OUT.rle` against `bgolly -a "Larger than Life" -m N -o OUT.rle`, wall time from process start
# (the least of REPS runs, default 3), golcl's stepping of each run beside it, and whether the
# cells are the same (both outputs read back through golcl's writer, comment lines dropped:
# bgolly's RLE has no position).
# usage: [G=N] [REPS=K] tools/ltl_row.sh GOLCL BGOLLY [FILE...]   (files default: the unbounded
# ones of Golly's Larger-than-Life folder; names relative to it or paths)
set -u
golcl=$1 bgolly=$2; shift 2
dir=${GOLLY_PATTERNS:-/usr/share/golly/Patterns}/Larger-than-Life
[ $# -gt 0 ] || set -- Butterfly.rle Jitterbug.rle SlowShip.rle SoldierBugs.rle \
  R100-alien-bug.rle R100-NN-bug.rle R500-alien-bug.rle
gens=${G:-1000} reps=${REPS:-3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ns() { date +%s%N; }
body() { "$golcl" run "$1" -g 0 -o "$tmp/n.rle" >/dev/null 2>&1 && grep -v '^#' "$tmp/n.rle" | md5sum; }
echo "file,gens,golcl_wall_s,golcl_stepping_s,bgolly_wall_s,ratio,same"
for f in "$@"; do
  [ -e "$f" ] || f=$dir/$f
  bb= bg= steps=
  for ((i = 0; i < reps; i++)); do
    t0=$(ns); "$bgolly" -a "Larger than Life" -m "$gens" -o "$tmp/b.rle" "$f" >/dev/null 2>&1
    t1=$(ns); s=$("$golcl" run "$f" -g "$gens" -o "$tmp/g.rle" 2>&1 | sed -n 's/^run: .* in \([0-9.]*\) s.*/\1/p')
    t2=$(ns)
    b=$(((t1 - t0) / 1000)) g=$(((t2 - t1) / 1000))
    [ -z "$bb" ] || [ "$b" -lt "$bb" ] && bb=$b
    [ -z "$bg" ] || [ "$g" -lt "$bg" ] && bg=$g
    steps="$steps${steps:+/}$s"
  done
  same=no; [ "$(body "$tmp/g.rle")" = "$(body "$tmp/b.rle")" ] && same=yes
  awk -v f="$(basename "$f")" -v n="$gens" -v g="$bg" -v b="$bb" -v s="$steps" -v m="$same" \
    'BEGIN { printf "%s,%s,%.4f,%s,%.4f,%.2f,%s\n", f, n, g / 1e6, s, b / 1e6, g / b, m }'
done
