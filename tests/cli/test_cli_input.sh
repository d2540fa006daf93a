#!/bin/bash
# test_cli_input.sh — files from anywhere: standard input ('-') takes every
# format the path takes (MCell, gzip macrocell, gzip RLE, multi-state RLE)
# and leaves no temporary behind; Golly's .zip bundles are named as such.
#
# Usage: tests/cli/test_cli_input.sh [GOLCL]  (default build/golcl), from
# the repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
. "$(dirname "$0")/env.sh"
mkdir -p "$T/tmp"
export TMPDIR=$T/tmp # where a copy of stdin would be left behind

# `golcl run FILE` and `... | golcl run -` write the same file
same_through_stdin() {
  local file=$1 gens=$2 feed=${3:-cat}
  "$G" run -q "$file" -g "$gens" -o "$T/path.rle" || return 1
  $feed "$file" | "$G" run -q - -g "$gens" -o "$T/stdin.rle" || say "$file through stdin failed" ||
    return 1
  cmp -s "$T/path.rle" "$T/stdin.rle" || say "$file: stdin gives other cells" || return 1
  [ -z "$(ls -A "$T/tmp")" ] || say "left in TMPDIR: $(ls -A "$T/tmp")"
}

t_stdin_mcell() { same_through_stdin "$P/Generations/Fireworks.mcl" 30; }
t_stdin_gzip_macrocell() {
  local f="$P/HashLife/hexadecimal.mc.gz"
  same_through_stdin "$f" 1000 || return 1
  # info of the inflated text: what the path says of it
  "$G" info "$f" | grep -v '^file:' >"$T/info.path" || return 1
  zcat "$f" | "$G" info - >"$T/info.stdin" || say "zcat | golcl info - failed" || return 1
  grep -q '^file:        <stdin>$' "$T/info.stdin" || return 1
  diff <(grep -v '^\(file\|format\):' "$T/info.path") <(grep -v '^\(file\|format\):' "$T/info.stdin")
}
t_stdin_gzip_rle() {
  gzip -c "$SRC/tests/data/gosper-glider-gun.rle" >"$T/gun.rle.gz" || return 1
  same_through_stdin "$T/gun.rle.gz" 100
}
t_stdin_multistate_rle() { same_through_stdin "$P/Loops/Langtons-Loops.rle" 50; }

t_zip_is_named() {
  printf 'PK\003\004\024\000\000\000' >"$T/bundle.zip"
  "$G" run "$T/bundle.zip" 2>"$T/err" && return 1
  grep -q 'zip archives are not read' "$T/err" || say "$(cat "$T/err")" || return 1
  "$G" info - <"$T/bundle.zip" 2>"$T/err" && return 1
  grep -q '<stdin>: a zip archive; zip archives are not read' "$T/err" || say "$(cat "$T/err")"
}

check "stdin: MCell as the path" t_stdin_mcell
check "stdin: gzip macrocell (run, info) as the path" t_stdin_gzip_macrocell
check "stdin: gzip RLE as the path" t_stdin_gzip_rle
check "stdin: multi-state RLE as the path" t_stdin_multistate_rle
check "zip archives are named as such" t_zip_is_named
check_summary
