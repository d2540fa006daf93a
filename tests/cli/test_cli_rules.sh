#!/bin/bash
# test_cli_rules.sh — `golcl run` on multi-state patterns (Generations,
# Larger than Life, JvN; RLE, macrocell, MCell, gzip): the result's cells as
# bgolly writes them (unbounded
# patterns whose grid follows them, a bounded plane, a torus, a Klein bottle, a
# cross-surface, a sphere, a shifted torus), PNG output, and
# the options that are not for multi-state patterns refused as usage errors,
# --frames and --log where the universe runs them, --algo sparse on the
# device tiles of states.
#
# Usage: tests/cli/test_cli_rules.sh [GOLCL]  (default build/golcl), from the
# repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
. "$(dirname "$0")/env.sh"

# The cells of an RLE file: the text after the header, without line breaks.
body() { sed -n '/^x /,$p' "$1" | tail -n +2 | tr -d '\n\r'; }
rule_of() { sed -n 's/^x .*rule = \([^ ]*\).*/\1/p' "$1"; }

# golcl run FILE -g N and bgolly -a ALGO -m N write the same cells and rule
# (a fourth argument: bgolly's rules folder, -s, for RuleLoader).
same_as_bgolly() {
  local file=$1 algo=$2 gens=$3
  local rules=()
  [ $# -ge 4 ] && rules=(-s "$4")
  "$G" run "$file" -q -g "$gens" -o "$T/ours.rle" || return 1
  "$BG" -q -q -a "$algo" "${rules[@]}" -m "$gens" -o "$T/golly.rle" "$file" >/dev/null 2>&1 ||
    say "bgolly failed" || return 1
  [ "$(body "$T/ours.rle")" = "$(body "$T/golly.rle")" ] || say "cells differ from bgolly's" || return 1
  [ "$(rule_of "$T/ours.rle")" = "$(rule_of "$T/golly.rle")" ] || say "rule differs" || return 1
}

t_delta_unbounded() { same_as_bgolly "$P/Generations/Delta.rle" Generations 130; }
t_delta_long() { same_as_bgolly "$P/Generations/Delta.rle" Generations 3000; }
t_sawfish_unbounded() { same_as_bgolly "$P/Generations/Sawfish.rle" Generations 300; }
t_buggun_plane() { same_as_bgolly "$P/Larger-than-Life/BugGun.rle" "Larger than Life" 130; }
t_bugcollection_torus() { same_as_bgolly "$P/Larger-than-Life/BugCollection.rle" "Larger than Life" 37; }
t_soldierbugs_unbounded() { same_as_bgolly "$P/Larger-than-Life/SoldierBugs.rle" "Larger than Life" 200; }

# Larger than Life on the unbounded plane runs in the universe on the host
# tiles (the report says so); --algo dense on the byte grid gives the same
# cells; --algo hashlife is refused with the reason; range 100 (past the
# tiles' frame) runs in the universe too (its box), with the byte grid's cells
t_ltl_in_the_universe() {
  local f=$P/Larger-than-Life/SlowShip.rle
  "$G" run "$f" -g 130 -o "$T/u.rle" >"$T/out" || return 1
  grep -q '^run: .* with host-tiles' "$T/out" || say "not the host tiles: $(cat "$T/out")" || return 1
  "$G" run "$f" -q -g 130 -a dense -o "$T/d.rle" || return 1
  [ "$(body "$T/u.rle")" = "$(body "$T/d.rle")" ] || say "the byte grid's cells differ" || return 1
  "$G" run "$f" -q -g 10 -a hashlife 2>"$T/err"
  [ $? = 1 ] || say "--algo hashlife: not refused" || return 1
  grep -q 'HashLife does not run Larger than Life of range 10' "$T/err" || say "$(cat "$T/err")" ||
    return 1
  local r=$P/Larger-than-Life/R100-NN-bug.rle
  "$G" run "$r" -g 3 -o "$T/r.rle" >"$T/out" || return 1
  grep -q '^run: .* with host-tiles' "$T/out" || say "R100 not in the universe: $(cat "$T/out")" ||
    return 1
  "$G" run "$r" -q -g 3 -a dense -o "$T/rd.rle" || return 1
  [ "$(body "$T/r.rle")" = "$(body "$T/rd.rle")" ] || say "R100: the byte grid's cells differ"
}

# bench universe on a Larger than Life file: bgolly's own algorithm beside it (its RLE, which
# has no comment lines, read back), the cells identical
t_bench_universe_ltl() {
  "$G" bench universe "$P/Larger-than-Life/SoldierBugs.rle:300" >"$T/bu.out" || {
    say "bench universe failed: $(cat "$T/bu.out")"
    return 1
  }
  grep -q 'Larger than Life .* identical' "$T/bu.out" || say "$(cat "$T/bu.out")"
}

# --algo sparse: multi-state cells on the device tiles of states (the report
# says so), bgolly's cells: Generations (rounds of 8), Larger than Life R7
# (rounds of 2), a @TABLE rule on von Neumann (WireWorld)
t_sparse_device_tiles() {
  local f algo gens
  while IFS='|' read -r f algo gens; do
    "$G" run "$P/$f" -g "$gens" -a sparse -o "$T/s.rle" >"$T/out" || return 1
    grep -q '^run: .* with sparse' "$T/out" || say "$f: not sparse: $(cat "$T/out")" || return 1
    "$BG" -q -q -a "$algo" -s "$R" -m "$gens" -o "$T/golly.rle" "$P/$f" >/dev/null 2>&1 ||
      say "$f: bgolly failed" || return 1
    [ "$(body "$T/s.rle")" = "$(body "$T/golly.rle")" ] || say "$f: cells differ from bgolly's" ||
      return 1
  done <<LIST
Generations/Sawfish.rle|Generations|300
Larger-than-Life/SoldierBugs.rle|Larger than Life|100
WireWorld/primes.mc|RuleLoader|150
LIST
}

# JvN (unbounded; gzip; macrocell) and MCell (a plane board: the place matters) files
t_jvn_counter() { same_as_bgolly "$P/Self-Rep/JvN/counter-demo.rle" JvN 300; }
t_hutton_constructor() { same_as_bgolly "$P/Self-Rep/JvN/golly-constructor.rle" JvN 200; }
t_jvn_mc_gz() { same_as_bgolly "$P/Self-Rep/JvN/partial-constructor.mc.gz" JvN 60; }
t_mcell_plane() { same_as_bgolly "$P/Generations/Fireworks.mcl" Generations 50; }

# Golly's other bounded grids: the LifeHistory files of Life/Bounded-Grids
R=${GOLCL_GOLLY_RULES:-/usr/share/golly/Rules}/
t_klein() { same_as_bgolly "$P/Life/Bounded-Grids/Klein-bottle.rle" RuleLoader 100 "$R"; }
t_cross() { same_as_bgolly "$P/Life/Bounded-Grids/cross-surface.rle" RuleLoader 100 "$R"; }
t_sphere() { same_as_bgolly "$P/Life/Bounded-Grids/sphere.rle" RuleLoader 100 "$R"; }
t_shifted() { same_as_bgolly "$P/Life/Bounded-Grids/torus-with-shift.rle" RuleLoader 100 "$R"; }

# A JvN run written as macrocell reads back (bgolly) to the same cells as its RLE.
t_jvn_mc_output() {
  "$G" run "$P/Self-Rep/JvN/read-arm-demo.rle" -q -g 40 -o "$T/r.mc" -o "$T/r.rle" || return 1
  head -1 "$T/r.mc" | grep -q '^\[M2\]' || say "not a macrocell" || return 1
  "$BG" -q -q -a JvN -m 0 -o "$T/back.rle" "$T/r.mc" >/dev/null 2>&1 || say "bgolly refused it" || return 1
  [ "$(body "$T/back.rle")" = "$(body "$T/r.rle")" ] || say "cells differ" || return 1
  "$G" info "$T/r.mc" >"$T/info" || return 1
  grep -q "^rule:        JvN29 (Golly's JvN algorithm, von Neumann neighbourhood, 29 states)$" \
    "$T/info" || say "no rule line" || return 1
  grep -q '^format:      multi-state macrocell$' "$T/info" || say "no format line"
}

t_png_and_report() {
  "$G" run "$P/Generations/Delta.rle" -g 10 -o "$T/d.png" --scale 2 >"$T/out" || return 1
  grep -q '^population: .* at generation 10\( \|$\)' "$T/out" || say "no population line" || return 1
  [ "$(head -c 8 "$T/d.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || say "not a PNG"
}

t_info() {
  "$G" info "$P/Generations/Sawfish.rle" --rle >"$T/info" || return 1
  grep -q '^rule:        3458/37/4 (Generations, Moore neighbourhood, 4 states)$' "$T/info" ||
    say "no rule line" || return 1
  grep -q '^states:      1:27 2:4 3:7$' "$T/info" || say "no states line" || return 1
  grep -q '^4.CA\$4.B3A' "$T/info" || say "no RLE" || return 1
  "$G" info "$P/Generations/Sawfish.rle" --cells 2>/dev/null
  [ $? = 2 ] || say "--cells is not a usage error"
}

t_refused_options() {
  local f=$P/Generations/Delta.rle rc
  # the universe takes --frames and --log; the byte grid (--algo dense) takes --frames, not yet --fit or --log
  for opts in "--stepper lut4" "-o $T/x.cells" "--algo dense --fit 64x64" \
    "--algo dense --log $T/l.csv"; do
    # shellcheck disable=SC2086
    "$G" run "$f" -q -g 1 $opts 2>"$T/err"
    rc=$?
    [ $rc = 2 ] || say "$opts: exit $rc, not 2" || return 1
    grep -q 'golcl run: ' "$T/err" || say "$opts: no message" || return 1
  done
}

# multi-state files on the infinite plane run in the universe: --frames and --log
t_frames_and_log_in_the_universe() {
  "$G" run "$P/Generations/Delta.rle" -q -g 4 --frames "$T/dfr" --log "$T/d.csv" || return 1
  [ "$(ls "$T/dfr"/*.png | wc -l)" = 5 ] || say "frames: $(ls "$T/dfr")" || return 1
  [ "$(wc -l <"$T/d.csv")" = 6 ] || say "log: $(cat "$T/d.csv")"
}

# issue 29's long tapes: a box of 1048753 x 151 cells is read (the count
# runs them through golcl run against bgolly)
t_info_of_a_long_tape() {
  "$G" info "$P/Self-Rep/JvN/JvN-loop-replicator.rle.gz" >"$T/tape" || return 1
  grep -q '^size:        1048753 x 151$' "$T/tape" && grep -q '^rule:        JvN29 ' "$T/tape" ||
    say "$(head -5 "$T/tape")"
}

if [ -z "$BG" ] || [ ! -d "$P/Generations" ]; then
  echo "*** test_cli_rules: bgolly or Golly's patterns NOT FOUND: golcl run NOT compared with Golly ***"
  check "PNG and report" t_png_and_report
  check_summary
  exit $?
fi
echo "golcl: $G (device: $GOLCL_DEVICE; bgolly: $BG)"
check "Delta (345/3/6, unbounded) at 130 as bgolly" t_delta_unbounded
check "Delta at 3000 (a growing grid, runs past 1024 generations) as bgolly" t_delta_long
check "Sawfish (3458/37/4, unbounded) at 300 as bgolly" t_sawfish_unbounded
check "BugGun (Bosco :P200,200) at 130 as bgolly" t_buggun_plane
check "BugCollection (Bosco :T400,400) at 37 as bgolly" t_bugcollection_torus
check "SoldierBugs (R7, unbounded) at 200 as bgolly" t_soldierbugs_unbounded
check "Larger than Life on the plane: the universe's host tiles, HashLife refused" t_ltl_in_the_universe
check "bench universe on a Larger than Life file: bgolly's algorithm, the same cells" t_bench_universe_ltl
check "--algo sparse: the device tiles of states, bgolly's cells" t_sparse_device_tiles
check "counter-demo (JvN29, unbounded) at 300 as bgolly" t_jvn_counter
check "golly-constructor (Hutton32, unbounded) at 200 as bgolly" t_hutton_constructor
check "partial-constructor.mc.gz (JvN29 macrocell, gzip) at 60 as bgolly" t_jvn_mc_gz
check "Fireworks.mcl (MCell, plane board) at 50 as bgolly" t_mcell_plane
check "Klein-bottle.rle (LifeHistory :K40*,20) at 100 as bgolly" t_klein
check "cross-surface.rle (LifeHistory :C40,20) at 100 as bgolly" t_cross
check "sphere.rle (LifeHistory :S30) at 100 as bgolly" t_sphere
check "torus-with-shift.rle (LifeHistory :T30+7,20) at 100 as bgolly" t_shifted
check "a JvN run written as macrocell (.mc), read by bgolly and golcl info" t_jvn_mc_output
check "PNG and report" t_png_and_report
check "golcl info: rule, states, --rle" t_info
check "options not for multi-state patterns are usage errors" t_refused_options
check "--frames and --log of a multi-state pattern (universe)" t_frames_and_log_in_the_universe
check "info of JvN-loop-replicator (1048753 x 151)" t_info_of_a_long_tape
check_summary
