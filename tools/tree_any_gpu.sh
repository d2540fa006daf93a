#!/bin/sh
# tree_any_gpu.sh — issue 29 item 5 on a GPU: RuleLoader rules stepped by
# the kernels that take the rule in their arguments (GOLCL_TREE_KERNEL=any,
# the default on CPU devices) against the rule's own build (the default on
# GPUs), and the wall time of a new rule's first generation both ways (the
# library's disk cache in a fresh folder, warmed by another rule of the same
# class). Run from the repository root after `make lib examples`; prints
# the two tables that docs/rules.md asks for.
set -e
B=${GOLCL_BIN:-build/golcl}
P=${GOLLY_PATTERNS:-/usr/share/golly/Patterns}
SIZE=${SIZE:-16384x16384}
RULES='Langtons-Loops;Devore;Evoloop;LifeHistory;BBM-Margolus-emulated;WireWorld;Perrier'
run() { # $1: any or build; the rest: the command
  k=$1
  shift
  GOLCL_TREE_KERNEL=$k "$@"
}
for k in build any build any; do
  echo "== stepping, $k ($SIZE, 40 generations a run, GOLCL_GENBITS=off)"
  run $k env GOLCL_GENBITS=off "$B" bench rules --rules "$RULES" --size "$SIZE" --gens 40 --reps 3
done
for k in build any; do
  d=$(mktemp -d)
  echo "== a new rule's first generation, $k (disk cache in $d)"
  run $k env XDG_CACHE_HOME="$d" GOLCL_CACHE=1 "$B" run "$P/Self-Rep/Devore/Devore-rep.rle" \
    -g 1 --algo dense -q
  for f in Loops/Langtons-Loops.rle Loops/Langtons-Loops.rle; do
    s=$(date +%s.%N)
    run $k env XDG_CACHE_HOME="$d" GOLCL_CACHE=1 "$B" run "$P/$f" -g 1 --algo dense -q
    echo "$f -g 1 --algo dense: $(echo "$(date +%s.%N) - $s" | bc) s"
  done
  rm -rf "$d"
done
