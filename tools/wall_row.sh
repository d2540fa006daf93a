#!/usr/bin/env bash
# wall_row.sh — issue 30's wall-time row: `golcl run FILE -g N -o OUT.rle` against bgolly's
# better algorithm (QuickLife, HashLife) on the same machine, wall time from process start with
# the output written, cells compared up to translation
# (bgolly's RLE has no position).
# usage: tools/wall_row.sh GOLCL BGOLLY GENS [FILE...]   (files default: Golly's Life/Methuselahs,
# Life/Breeders, Life/Guns and HashLife folders). A bgolly run over $BG_LIMIT s (60) is skipped.
# BG_ALGOS: bgolly's algorithms to try (default "QuickLife HashLife"; multi-state files:
# BG_ALGOS=RuleLoader, or JvN for the JvN files; rule files from $GOLLY_RULES).
# REPS (default 1): runs of each, the median of them (a run of a few milliseconds varies by one
# or two between runs; times are printed to 0.1 ms).
# Prints one CSV line a file: file,gens,golcl_s,bgolly_best_s,bgolly_algo,ratio,same
set -u
golcl=$1 bgolly=$2 gens=$3; shift 3
pat=${GOLLY_PATTERNS:-/usr/share/golly/Patterns}
lim=${BG_LIMIT:-60}
[ $# -gt 0 ] || set -- "$pat"/Life/Methuselahs/* "$pat"/Life/Breeders/* "$pat"/Life/Guns/* "$pat"/HashLife/*
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }
reps=${REPS:-1}
# the median of `reps` wall times of a command (its output and status from the last run)
median_of() {
  local i t0 rc=0 ts=()
  for ((i = 0; i < reps; i++)); do
    t0=$(now)
    "$@" >/dev/null || rc=$?
    ts+=("$(secs "$t0" "$(now)")")
    [ $rc = 0 ] || return $rc
  done
  printf '%s\n' "${ts[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
# the cells up to translation: both files through golcl's writer, comment lines dropped
body() { "$golcl" run "$1" -g 0 -o "$tmp/n.rle" >/dev/null 2>&1 && grep -v '^#' "$tmp/n.rle" | md5sum; }
echo "file,gens,golcl_s,bgolly_best_s,bgolly_algo,ratio,same"
for f in "$@"; do
  best=; balgo=
  for a in ${BG_ALGOS:-QuickLife HashLife}; do
    t=$(median_of timeout "$lim" "$bgolly" -a "$a" -s "${GOLLY_RULES:-/usr/share/golly/Rules}/" \
      -m "$gens" -o "$tmp/b-$a.rle" "$f" 2>/dev/null) || continue
    if [ -z "$best" ] || awk -v x="$t" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$t balgo=$a; fi
  done
  [ -n "$best" ] || { echo "$(basename "$f"),$gens,,,bgolly over ${lim}s,,"; continue; }
  tg=$(median_of timeout $((lim * 4)) "$golcl" run "$f" -g "$gens" -o "$tmp/g.rle" 2>"$tmp/err") || {
    echo "$(basename "$f"),$gens,failed: $(tail -1 "$tmp/err" | tr , ' '),$best,$balgo,,"; continue; }
  same=no; [ "$(body "$tmp/g.rle")" = "$(body "$tmp/b-$balgo.rle")" ] && same=yes
  echo "$(basename "$f"),$gens,$tg,$best,$balgo,$(awk -v a="$tg" -v b="$best" 'BEGIN { printf "%.2f", a / b }'),$same"
done
