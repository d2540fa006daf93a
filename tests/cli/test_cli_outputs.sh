#!/bin/bash
# test_cli_outputs.sh — `golcl run`'s outputs as a user meets them: a run
# stopped by SIGINT or SIGTERM writes every output for the generation it
# reached and leaves no temporary file; one output that cannot be written
# costs no other (nor the --log CSV); outputs that cannot be written are
# found before the run; .rle.gz and .mc.gz as bgolly writes them; RLE of a
# pattern past the pattern limits (span or count), as bgolly writes it; --fit of such a
# pattern drawn from the quadtree.
#
# Usage: tests/cli/test_cli_outputs.sh [GOLCL]  (default build/golcl), from
# the repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
. "$(dirname "$0")/env.sh"
GUN=$D/gosper-glider-gun.rle
ACORN=$P/Life/Methuselahs/acorn.lif

body() { sed -n '/^x /,$p' "$1" | tail -n +2 | tr -d '\n\r'; }
gen_of() { sed -n 's/^#CXRLE.*Gen=\([0-9]*\).*/\1/p' "$1"; }
no_temporaries() {
  ! ls -A "$1" | grep -q '^\.golcl-tmp-' || say "temporary files left: $(ls -A "$1")"
}

# Starts `golcl run ARGS` in the background with its report in $T/run.out
# and its messages in $T/run.err, waits until the run has begun (its report
# names the grid or the pattern), then sends SIG; sets rc to the exit status.
run_and_signal() {
  local sig=$1
  shift
  "$G" run "$@" >"$T/run.out" 2>"$T/run.err" &
  local pid=$! i=0
  while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null && ! grep -q '^\(grid\|pattern\):' "$T/run.out"; do
    sleep 0.2
    i=$((i + 1))
  done
  sleep 1
  kill -"$sig" $pid
  wait $pid
  rc=$?
}

# ------------------------------------------------------------------ signals

t_sigint_writes_every_output() {
  mkdir -p "$T/int" && cd "$T/int" || return 1
  run_and_signal INT "$GUN" --size 256 -g 1000000000 -o gun.rle -o gun.mc.gz -o gun.png \
    --log gun.csv --log-every 1000
  [ "$rc" = 130 ] || say "exit status $rc, not 130 (128 + SIGINT)" || return 1
  local g
  g=$(sed -n 's/.*stopped by SIGINT at generation \([0-9]*\); writing gun.rle, gun.mc.gz, gun.png, gun.csv for it$/\1/p' "$T/run.err")
  [ -n "$g" ] || say "no stop message: $(cat "$T/run.err")" || return 1
  [ "$g" -gt 0 ] || say "stopped at generation 0" || return 1
  [ "$(gen_of gun.rle)" = "$g" ] || say "gun.rle is of generation $(gen_of gun.rle), not $g" || return 1
  zcat gun.mc.gz | grep -q "^#G $g\$" || say "gun.mc.gz is not of generation $g" || return 1
  [ -s gun.png ] || say "no gun.png" || return 1
  [ "$(tail -1 gun.csv | cut -d, -f1)" = "$g" ] || say "the log ends at $(tail -1 gun.csv)" || return 1
  # the cells are those of an uninterrupted run to that generation
  "$G" run -q "$GUN" --size 256 -g "$g" -o whole.rle || return 1
  [ "$(body gun.rle)" = "$(body whole.rle)" ] || say "cells differ from a run of $g generations" || return 1
  no_temporaries .
}

t_sigterm_stops_the_infinite_plane() {
  mkdir -p "$T/term" && cd "$T/term" || return 1
  run_and_signal TERM "$GUN" --algo dense -g 1000000000 -o gun.rle --log gun.csv --log-every 100000
  [ "$rc" = 143 ] || say "exit status $rc, not 143 (128 + SIGTERM)" || return 1
  grep -q 'stopped by SIGTERM at generation [0-9]*; writing gun.rle, gun.csv for it' "$T/run.err" ||
    say "no stop message: $(cat "$T/run.err")" || return 1
  local g
  g=$(gen_of gun.rle)
  "$G" run -q "$GUN" -g "$g" -o whole.rle || return 1
  [ "$(body gun.rle)" = "$(body whole.rle)" ] || say "cells differ from a run of $g generations" || return 1
  no_temporaries .
}

# The universe stops between its chunks: a 512² soup on the host tiles
# (HashLife would settle it and reach any count within the second)
t_sigint_stops_the_universe() {
  mkdir -p "$T/uni" && cd "$T/uni" || return 1
  awk 'BEGIN { s = 12345; for (y = 0; y < 512; y++) { l = "";
    for (x = 0; x < 512; x++) { s = (s * 1103515245 + 12345) % 2147483648;
      l = l (s % 100 < 40 ? "O" : ".") } print l } }' >soup.cells
  run_and_signal INT soup.cells --algo host-tiles -g 1000000000 -o s.rle -o s.mc
  [ "$rc" = 130 ] || say "exit status $rc, not 130: $(cat "$T/run.err")" || return 1
  local g
  g=$(sed -n 's/.*stopped by SIGINT at generation \([0-9]*\); writing s.rle, s.mc for it$/\1/p' "$T/run.err")
  [ -n "$g" ] || say "no stop message: $(cat "$T/run.err")" || return 1
  [ "$(gen_of s.rle)" = "$g" ] && grep -q "^#G $g\$" s.mc || say "outputs not of generation $g" ||
    return 1
  "$G" run -q soup.cells -g "$g" -o whole.rle || return 1
  [ "$(body s.rle)" = "$(body whole.rle)" ] || say "cells differ from a run of $g generations" ||
    return 1
  no_temporaries .
}

# ------------------------------------------------------------------ outputs

t_a_failed_output_costs_no_other() {
  mkdir -p "$T/fail" && cd "$T/fail" || return 1
  ln -s /dev/full full.rle
  "$G" run "$ACORN" -g 1000 -o full.rle -o ok.rle -o ok.mc --log ok.csv --log-every 100 \
    >run.out 2>run.err
  [ $? = 1 ] || say "exit status not 1" || return 1
  grep -q 'full.rle' run.err || say "no message for full.rle" || return 1
  [ -s ok.rle ] && [ -s ok.mc ] || say "the other outputs are missing" || return 1
  [ "$(wc -l <ok.csv)" = 12 ] || say "the log has $(wc -l <ok.csv) lines, not 12" || return 1
  grep -q '^wrote:      ok.rle$' run.out && grep -q '^wrote:      ok.mc$' run.out
}

t_unwritable_outputs_fail_before_the_run() {
  cd "$T" || return 1
  # a run that would take days fails at once, before its report begins
  for out in "$T/no/such/folder/x.rle" "$T"; do
    "$G" run "$ACORN" -g 1000000000000 --algo dense -o "$T/ok.rle" -o "$out" >run.out 2>run.err
    [ $? != 0 ] || say "-o $out: exit status 0" || return 1
    [ ! -s run.out ] || say "-o $out: the run began: $(cat run.out)" || return 1
    grep -q "$out" run.err || say "-o $out: no message naming it" || return 1
  done
  "$G" run "$ACORN" -o x.rle.bz2 2>run.err
  [ $? = 2 ] && grep -q 'unknown output extension (.rle, .rle.gz, .cells, .mc, .mc.gz, .png or -)' run.err
}

t_gzip_outputs_as_bgolly() {
  mkdir -p "$T/gz" && cd "$T/gz" || return 1
  "$G" run -q "$ACORN" -g 5000 -o a.rle.gz -o a.mc.gz -o a.rle -o a.mc || return 1
  gzip -t a.rle.gz a.mc.gz || say "not gzip files" || return 1
  zcat a.rle.gz | cmp -s - a.rle || say "a.rle.gz is not a.rle compressed" || return 1
  zcat a.mc.gz | cmp -s - a.mc || say "a.mc.gz is not a.mc compressed" || return 1
  "$BG" -q -q -a HashLife -m 5000 -o b.rle.gz "$ACORN" >/dev/null 2>&1 || say "bgolly failed" || return 1
  zcat b.rle.gz >b.rle
  [ "$(body a.rle)" = "$(body b.rle)" ] || say "cells differ from bgolly's .rle.gz" || return 1
  # and what we write, we (and bgolly) read back
  "$G" run -q a.mc.gz -g 0 -o back.rle && [ "$(body back.rle)" = "$(body b.rle)" ] ||
    say "a.mc.gz does not read back" || return 1
  "$BG" -q -q -m 0 -o bback.rle a.rle.gz >/dev/null 2>&1 && [ "$(body bback.rle)" = "$(body b.rle)" ] ||
    say "bgolly does not read a.rle.gz back"
}

# issue 30: acorn at 10^8 spans 5x10^7 cells; bgolly writes its RLE
t_rle_past_the_pattern_limits() {
  mkdir -p "$T/big" && cd "$T/big" || return 1
  "$G" run -q "$ACORN" -g 100000000 -o big.rle -o big.mc --log big.csv --log-every 10000000 ||
    return 1
  [ -s big.mc ] && [ "$(wc -l <big.csv)" = 12 ] || say "big.mc or big.csv missing" || return 1
  "$BG" -q -q -a HashLife -m 100000000 -o bg.rle "$ACORN" >/dev/null 2>&1 || say "bgolly failed" || return 1
  grep -q '^x = 49999723, y = 49999894' big.rle || say "header: $(grep '^x' big.rle)" || return 1
  [ "$(body big.rle)" = "$(body bg.rle)" ] || say "cells differ from bgolly's" || return 1
  # and golcl reads it back: the same cells, run on as a two-state pattern
  "$G" run big.rle -g 100 -o on.rle >on.out || say "big.rle not read back: $(cat on.out)" || return 1
  "$G" run -q "$ACORN" -g 100000100 -o direct.rle || return 1
  [ "$(body on.rle)" = "$(body direct.rle)" ] || say "read back and run on, the cells differ"
}

# past the pattern limits' cell count too: the spacefiller at 17 000
# generations holds 72 394 700 cells (the limit is 2^26 = 67 108 864)
t_rle_past_the_cell_limit() {
  mkdir -p "$T/count" && cd "$T/count" || return 1
  "$G" run -q "$P/Life/Breeders/spacefiller.rle" -g 17000 -o sf.rle || return 1
  "$BG" -q -q -a HashLife -m 17000 -o bg.rle "$P/Life/Breeders/spacefiller.rle" >/dev/null 2>&1 ||
    say "bgolly failed" || return 1
  [ "$(body sf.rle)" = "$(body bg.rle)" ] || say "cells differ from bgolly's"
}

# --fit of a box past any image: drawn from the quadtree at 2^k cells a
# pixel, the smallest k whose picture fits (acorn at 10^8: 49999723 x
# 49999894 cells at 2^18 a pixel is 191 x 191)
t_fit_of_a_huge_pattern() {
  cd "$T" || return 1
  "$G" run "$ACORN" -g 100000000 -o huge.png --fit 400x300 >fit.out || return 1
  local wh box_w box_h k=0 w h
  wh=$(od -An -tu1 -j16 -N8 huge.png | tr -s ' ' | sed 's/^ //')
  set -- $wh
  w=$(($1 * 16777216 + $2 * 65536 + $3 * 256 + $4)) h=$(($5 * 16777216 + $6 * 65536 + $7 * 256 + $8))
  box_w=$(sed -n 's/^live box:   \([0-9]*\)x\([0-9]*\) .*/\1/p' fit.out)
  box_h=$(sed -n 's/^live box:   \([0-9]*\)x\([0-9]*\) .*/\2/p' fit.out)
  while [ $(((box_w - 1) / (1 << k) + 1)) -gt 400 ] || [ $(((box_h - 1) / (1 << k) + 1)) -gt 300 ]; do
    k=$((k + 1))
  done
  [ "$w" = $(((box_w - 1) / (1 << k) + 1)) ] && [ "$h" = $(((box_h - 1) / (1 << k) + 1)) ] ||
    say "a ${w}x$h image for a ${box_w}x$box_h box at --fit 400x300 (2^$k a pixel)"
}

check "SIGINT: every output for the generation reached, exit 130" t_sigint_writes_every_output
check "SIGTERM on the infinite plane: outputs, exit 143" t_sigterm_stops_the_infinite_plane
check "SIGINT stops the universe between chunks, outputs for the generation reached" \
  t_sigint_stops_the_universe
check "a failed output costs no other, nor the log" t_a_failed_output_costs_no_other
check "unwritable outputs fail before the run" t_unwritable_outputs_fail_before_the_run
check ".rle.gz and .mc.gz as bgolly writes them" t_gzip_outputs_as_bgolly
check "RLE past the pattern limits, as bgolly writes it" t_rle_past_the_pattern_limits
check "RLE past the pattern limits' cell count, as bgolly writes it" t_rle_past_the_cell_limit
check "PNG --fit of a huge pattern, from the quadtree" t_fit_of_a_huge_pattern
check_summary
