#!/bin/bash
# test_cli.sh — the golcl command as users run it: pipes and stdin, reports
# on stderr when stdout is an output, output errors (/dev/full), option forms
# (getopt_long), size messages, frames and logs, files replaced whole or not
# at all when the disk is full, gnuplot plots, and the docs naming every
# option the command has.
#
# Usage: tests/cli/test_cli.sh [GOLCL]  (default build/golcl), from the
# repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
#
# Failing writes: a small tmpfs is mounted and filled up (a full disk). That
# needs root: a user who is not root runs the script in a user namespace of
# its own (unshare -rm), where mounting a tmpfs is allowed; where neither
# works (or GOLCL_TEST_FULL_DISK=none), the full-disk check says that it is
# skipped. Everywhere, outputs through a link to /dev/full (whose writes
# fail with ENOSPC) must fail with a message. (A file-size limit, ulimit -f,
# does not serve: the OpenCL compiler writes files of its own.)
set -u
if [ "$(id -u)" != 0 ] && [ -z "${GOLCL_TEST_IN_NS:-}" ] &&
  [ "${GOLCL_TEST_FULL_DISK:-}" != none ] && unshare -rm true 2>/dev/null; then
  GOLCL_TEST_IN_NS=1 exec unshare -rm bash "$0" "$@"
fi
. "$(dirname "$0")/env.sh"
MOUNTED=""
cleanup() {
  [ -n "$MOUNTED" ] && umount "$MOUNTED" 2>/dev/null
  rm -rf "$T"
}
trap cleanup EXIT
GUN=$D/gosper-glider-gun.rle
RPENT=$D/r-pentomino.lif

# A 1100x1100 random plaintext pattern: its RLE, plaintext and PNG are
# hundreds of KiB.
big_pattern() {
  awk 'BEGIN { s = 12345; print "!Name: soup";
    for (y = 0; y < 1100; y++) { l = "";
      for (x = 0; x < 1100; x++) { s = (s * 1103515245 + 12345) % 2147483648;
        l = l (s % 100 < 40 ? "O" : ".") }
      print l } }' >"$T/soup.cells"
}

# --------------------------------------------------------------- pipes, stdin

t_pipe_run_to_info() {
  "$G" run "$GUN" -g 30 -o - 2>"$T/run.err" | "$G" info - >"$T/info.out"
  local rc=("${PIPESTATUS[@]}")
  [ "${rc[0]}" = 0 ] && [ "${rc[1]}" = 0 ] || say "exit statuses ${rc[*]}"
  grep -q '^generation:  30$' "$T/info.out" || say "info did not read generation 30" || return 1
  grep -q '^population:  ' "$T/info.out" || return 1
  grep -q '^population:' "$T/run.err" || say "the report is not on stderr" || return 1
  grep -q '^population: .* at generation 30' "$T/run.err" || return 1
  # the same pattern as through a file
  "$G" run "$GUN" -q -g 30 -o "$T/gun30.rle" && "$G" info "$T/gun30.rle" >"$T/info.file" || return 1
  diff <(grep -v '^file:' "$T/info.out") <(grep -v '^file:' "$T/info.file")
}

t_stdout_holds_only_the_output() {
  "$G" run "$GUN" -g 5 -o - 2>/dev/null >"$T/out.rle" || return 1
  ! grep -qE '^(device|pattern|grid|run|population|wrote):' "$T/out.rle" || say "report on stdout"
  grep -q '^x = ' "$T/out.rle"
  # --log - also moves the report to stderr
  "$G" run "$GUN" -g 4 --log - --log-every 2 2>/dev/null >"$T/log.out" || return 1
  [ "$(head -1 "$T/log.out")" = "generation,population,x,y,width,height" ] || return 1
  [ "$(wc -l <"$T/log.out")" = 4 ] || say "$(cat "$T/log.out")"
}

t_stdin_is_a_pattern() {
  "$G" run - -q -g 20 -o "$T/a.rle" <"$GUN" || return 1
  "$G" run "$GUN" -q -g 20 -o "$T/b.rle" || return 1
  cmp "$T/a.rle" "$T/b.rle" || return 1
  "$G" info - <"$RPENT" | grep -q '^format:      Life 1.06$' || return 1
  "$G" info - <"$RPENT" | grep -q '^file:        <stdin>$' || return 1
  # a parse error names stdin
  printf 'x = 3, y = foo\nbo!\n' | "$G" info - 2>"$T/err" && return 1
  grep -q '<stdin>: parse error: line 1, column 12' "$T/err"
}

# ------------------------------------------------------------- option forms

t_option_forms_agree() {
  "$G" run "$RPENT" -q -g 30 -o "$T/o1.rle" || return 1
  "$G" run -qg 30 "$RPENT" -o "$T/o2.rle" || return 1
  "$G" run "$RPENT" -qg30 --output="$T/o3.rle" || return 1
  "$G" run --generations=30 --quiet "$RPENT" -o "$T/o4.rle" || return 1
  "$G" run --gen 30 -q -o"$T/o5.rle" -- "$RPENT" || return 1
  for i in 2 3 4 5; do cmp "$T/o1.rle" "$T/o$i.rle" || return 1; done
  grep -q 'Gen=30' "$T/o1.rle"
}

expect_usage_error() { # CMD... : exit 2 and a one-line message naming the problem
  "$G" "$@" >/dev/null 2>"$T/err"
  local rc=$?
  [ $rc = 2 ] || say "golcl $*: exit $rc, not 2"
  [ -s "$T/err" ] || say "golcl $*: no message"
}

t_bad_options_are_usage_errors() {
  expect_usage_error run "$RPENT" --bogus || return 1
  grep -q "unknown option '--bogus'" "$T/err" || return 1
  expect_usage_error run "$RPENT" -x || return 1
  grep -q "unknown option '-x'" "$T/err" || return 1
  expect_usage_error run "$RPENT" -g || return 1
  grep -q "'-g' needs a value" "$T/err" || return 1
  expect_usage_error run "$RPENT" --size || return 1
  grep -q "'--size' needs a value" "$T/err" || return 1
  expect_usage_error run "$RPENT" -g lots || return 1
  expect_usage_error run "$RPENT" -o a.txt || return 1
  expect_usage_error run "$RPENT" -o - --log - || return 1
  expect_usage_error info --bogus "$RPENT" || return 1
  expect_usage_error devices extra || return 1
  expect_usage_error bench --bogus || return 1
  expect_usage_error bench la --bogus || return 1
  expect_usage_error nosuchcommand
}

t_sizes_past_the_largest_grid_are_explained() {
  "$G" run "$RPENT" --margin 4294967295 >/dev/null 2>"$T/err" && return 1
  grep -q -- '--margin.*larger than the largest grid (2147483647 cells a side)' "$T/err" ||
    say "$(cat "$T/err")" || return 1
  "$G" run "$RPENT" --torus -g 4294967296 >/dev/null 2>"$T/err" && return 1
  grep -q -- '--torus.*larger than the largest grid' "$T/err" || say "$(cat "$T/err")" || return 1
  ! grep -q 'zero side' "$T/err"
}

# ----------------------------------------------------------- output errors

t_full_stdout_fails() {
  local args
  for args in "info $RPENT" "devices" "info --rle $RPENT" "info --cells $RPENT" \
    "run $RPENT -q -g 5 -o -" "run $RPENT -g 5" "help" "--version"; do
    # shellcheck disable=SC2086
    "$G" $args >/dev/full 2>"$T/err"
    local rc=$?
    [ $rc = 1 ] || say "golcl $args > /dev/full: exit $rc" || return 1
    grep -q 'error writing to standard output' "$T/err" || say "golcl $args: $(cat "$T/err")" ||
      return 1
    [ "$(wc -l <"$T/err")" = 1 ] || say "golcl $args: $(cat "$T/err")" || return 1
  done
}

# ------------------------------------------------------------ frames, logs

t_frames_are_numbered_with_a_csv() {
  "$G" run "$GUN" -q -g 10 --frames "$T/fr" --every 4 || return 1
  [ "$(cd "$T/fr" && echo *)" = "00000000.png 00000001.png 00000002.png frames.csv" ] ||
    say "$(ls -a "$T/fr")" || return 1
  printf 'frame,generation\n0,0\n1,4\n2,8\n' | cmp - "$T/fr/frames.csv" || return 1
  [ "$(head -c 4 "$T/fr/00000002.png" | tail -c 3)" = PNG ]
}

t_log_has_population_and_box() {
  "$G" run "$GUN" -g 10 --log "$T/log.csv" --log-every 5 >"$T/out" || return 1
  printf 'generation,population,x,y,width,height\n0,36,-18,-4,36,9\n' |
    cmp - <(head -2 "$T/log.csv") || return 1
  [ "$(cut -d, -f1 "$T/log.csv" | tr '\n' ' ')" = "generation 0 5 10 " ] || return 1
  local last
  last=$(tail -1 "$T/log.csv" | cut -d, -f2)
  grep -q "^population: $last at generation 10" "$T/out" || say "$(cat "$T/out")" || return 1
  # the last line is written even off the interval
  "$G" run "$RPENT" -q -g 7 --log "$T/log2.csv" --log-every 3 || return 1
  [ "$(cut -d, -f1 "$T/log2.csv" | tr '\n' ' ')" = "generation 0 3 6 7 " ] ||
    say "$(cat "$T/log2.csv")"
}

# ------------------------------------------- files replaced whole or not at all

# Makes $T/full a small tmpfs (sets MODE to tmpfs), or sets MODE to none.
setup_full_disk() {
  mkdir -p "$T/full"
  MODE=none
  if [ "${GOLCL_TEST_FULL_DISK:-}" != none ] && [ "$(id -u)" = 0 ] &&
    mount -t tmpfs -o size=4m tmpfs "$T/full" 2>/dev/null; then
    MOUNTED=$T/full
    MODE=tmpfs
  fi
}

# Runs golcl on a full disk: the tmpfs filled up first.
on_full_disk() {
  dd if=/dev/zero of="$T/full/filler" bs=4k >/dev/null 2>&1
  "$G" "$@"
  local rc=$?
  rm -f "$T/full/filler"
  return $rc
}

# old_file_survives NAME ARGS...: NAME in $T/full holds old content; the
# command, on a full disk, must fail, say so, leave NAME as it was and leave
# no temporary behind.
old_file_survives() {
  local name=$1
  shift
  printf 'old content of %s\n' "$name" >"$T/full/$name"
  cp "$T/full/$name" "$T/saved"
  on_full_disk "$@" >/dev/null 2>"$T/err"
  local rc=$?
  [ $rc = 1 ] || say "$name: exit $rc on a full disk" || return 1
  cmp "$T/saved" "$T/full/$name" || say "$name: the old file was changed" || return 1
  [ -z "$(ls -A "$T/full" | grep golcl-tmp)" ] || say "$name: a temporary was left" || return 1
  grep -q 'unchanged' "$T/err" || say "$name: $(cat "$T/err")"
}

t_failed_writes_keep_the_old_file() {
  if [ "$MODE" = none ]; then
    echo "SKIPPED: no tmpfs can be mounted (not root, no user namespaces)"
    return 0
  fi
  old_file_survives r.rle run "$T/soup.cells" -q -g 0 -o "$T/full/r.rle" || return 1
  old_file_survives r.cells run "$T/soup.cells" -q -g 0 -o "$T/full/r.cells" || return 1
  old_file_survives r.png run "$T/soup.cells" -q -g 0 --scale 2 -o "$T/full/r.png" || return 1
  old_file_survives l.csv run "$RPENT" -q -g 20 --log "$T/full/l.csv" || return 1
  mkdir -p "$T/full/fr"
  old_file_survives fr/frames.csv run "$RPENT" -q -g 20 --frames "$T/full/fr" || return 1
  old_file_survives b.csv bench --size 16x16 --gens 2 --reps 1 --steppers naive \
    --csv "$T/full/b.csv" || return 1
  # and when the disk has room, the file is replaced, keeping its permissions
  chmod 640 "$T/full/r.rle"
  "$G" run "$T/soup.cells" -q -g 0 -o "$T/full/r.rle" || return 1
  "$G" info "$T/full/r.rle" | grep -q '^size:        1100 x 1100$' || return 1
  [ "$(stat -c %a "$T/full/r.rle")" = 640 ] || say "mode $(stat -c %a "$T/full/r.rle")"
}

# Writes that fail on a device (a link to /dev/full) are seen and reported.
t_failed_writes_are_reported() {
  local ext
  for ext in rle cells png; do
    ln -sf /dev/full "$T/dev-full.$ext"
    "$G" run "$RPENT" -q -g 3 -o "$T/dev-full.$ext" >/dev/null 2>"$T/err"
    [ $? = 1 ] || say "-o .$ext on /dev/full: exit 0" || return 1
    grep -qE 'write failed|No space left' "$T/err" || say "$(cat "$T/err")" || return 1
  done
  "$G" run "$RPENT" -q -g 3 --log /dev/full 2>"$T/err"
  [ $? = 1 ] && grep -q 'No space left' "$T/err"
}

t_links_and_devices_are_written_through() {
  "$G" run "$RPENT" -q -g 3 -o "$T/real.rle" || return 1
  ln -s real.rle "$T/link.rle"
  "$G" run "$RPENT" -q -g 9 -o "$T/link.rle" || return 1
  [ -L "$T/link.rle" ] || say "the link was replaced by a file" || return 1
  grep -q 'Gen=9' "$T/real.rle" || return 1
  "$G" run "$RPENT" -q -g 3 --log /dev/null || return 1
  [ -c /dev/null ] || say "/dev/null is no longer a device"
}

# ----------------------------------------------------------------- plots

t_bench_plot_and_csv() {
  if ! command -v gnuplot >/dev/null; then
    echo "gnuplot is not installed: the plot is not checked"
    return 0
  fi
  "$G" bench --size 32x32 --gens 4 --reps 1 --steppers naive,lut6x3 --plot "$T/b.png" \
    --csv "$T/b.csv" >/dev/null || return 1
  [ "$(head -c 4 "$T/b.png" | tail -c 3)" = PNG ] || return 1
  [ "$(wc -l <"$T/b.csv")" = 3 ] || return 1
  # several sizes, stepper options and a pattern: one CSV row a stepper and size, one plot,
  # no temporary left beside the outputs
  "$G" bench --size 16x16,40x24 --gens 3 --reps 1 --steppers naive,multi:g=2 --pattern "$RPENT" \
    --plot "$T/m.png" --csv "$T/m.csv" >"$T/m.out" || return 1
  [ "$(head -c 4 "$T/m.png" | tail -c 3)" = PNG ] || return 1
  [ "$(cut -d, -f1-3 "$T/m.csv" | tr '\n' ' ')" = \
    "stepper,width,height naive,16,16 multi:g=2,16,16 naive,40,24 multi:g=2,40,24 " ] ||
    say "$(cat "$T/m.csv")" || return 1
  [ -z "$(ls -A "$T" | grep golcl-tmp)" ] || say "a temporary was left" || return 1
  # without gnuplot: refused before the runs, the old CSV kept
  echo old >"$T/keep.csv"
  GNUPLOT=/nonexistent/gnuplot "$G" bench --size 8x8 --gens 1 --reps 1 --steppers naive \
    --plot "$T/c.png" --csv "$T/keep.csv" >/dev/null 2>"$T/err"
  [ $? = 2 ] && grep -q 'needs gnuplot' "$T/err" && [ "$(cat "$T/keep.csv")" = old ] &&
    [ ! -e "$T/c.png" ] && [ -z "$(ls -A "$T" | grep golcl-tmp)" ]
}

# ------------------------------------------------- Golly's rules, grids, .mc

# Golly's rule families and bounded grids, end to end: info names them, run
# keeps them in its outputs (RLE and macrocell agree), a stepper that cannot
# serve a grid says why and auto picks one that can.
t_golly_rules_and_grids() {
  printf '#C rr14gun\nx = 4, y = 6, rule = B2-ac3ai/S1c2-n3-aky4a\n3o$ob2o$ob2o$2bo$3bo$2b2o!\n' \
    >"$T/hensel.rle"
  "$G" info "$T/hensel.rle" >"$T/hensel.info" || return 1
  grep -q '^rule:        B2-ac3ai/S1c2-n3-aky4a (isotropic non-totalistic' "$T/hensel.info" ||
    say "info does not name the Hensel rule" || return 1
  "$G" run "$T/hensel.rle" -q -g 50 -o "$T/h50.rle" -o "$T/h50.mc" || return 1
  grep -q 'rule = B2-ac3ai/S1c2-n3-aky4a$' "$T/h50.rle" || say "the rule is not in the RLE" || return 1
  grep -q '^#R B2-ac3ai/S1c2-n3-aky4a$' "$T/h50.mc" || say "the rule is not in the .mc" || return 1
  "$G" info "$T/h50.mc" >"$T/h50mc.info" && "$G" info "$T/h50.rle" >"$T/h50rle.info" || return 1
  grep -q '^format:      macrocell$' "$T/h50mc.info" || say "info: not macrocell" || return 1
  grep -q '^population:  92$' "$T/h50mc.info" || say "not the 92 cells Golly has" || return 1
  diff <(grep '^population\|^generation\|^rule' "$T/h50mc.info") \
    <(grep '^population\|^generation\|^rule' "$T/h50rle.info") || return 1
  # the .mc read back and run on equals the RLE run on, and the reference
  "$G" run "$T/h50.mc" -q -g 30 -o "$T/h80a.rle" && "$G" run "$T/h50.rle" -q -g 30 -o "$T/h80b.rle" &&
    "$G" run "$T/hensel.rle" -q -g 80 --algo dense --stepper reference -o "$T/h80c.rle" || return 1
  diff <(grep -v '^#' "$T/h80a.rle") <(grep -v '^#' "$T/h80b.rle") || return 1
  diff <(grep -v '^#' "$T/h80b.rle") <(grep -v '^#' "$T/h80c.rle") || return 1
  # a named rule is spelt as Golly writes it
  printf 'x = 3, y = 1, rule = HighLife\n3o!\n' >"$T/named.rle"
  "$G" info "$T/named.rle" | grep -q '^rule:        B36/S23 ' || say "HighLife is not B36/S23" || return 1
  # a Klein bottle: lut4 cannot run it and says so, auto falls back, and the
  # bounded grid is in the output
  printf 'x = 20, y = 6, rule = B3/S23:K40*,20\n16b3o$16bo2bo$16bo$3o13bo$o16bobo$bo!\n' >"$T/klein.rle"
  "$G" info "$T/klein.rle" | grep -q '^grid:        40x20 Klein bottle (top and bottom edges twisted)' ||
    say "info does not describe the Klein bottle" || return 1
  "$G" run "$T/klein.rle" -g 10 --stepper lut4 -o "$T/k.rle" 2>"$T/k.err"
  [ $? = 1 ] || say "lut4 ran a Klein bottle" || return 1
  grep -q 'the lut4 stepper cannot run this pattern: .*--stepper auto' "$T/k.err" || return 1
  [ ! -e "$T/k.rle" ] || say "an output was written" || return 1
  "$G" run "$T/klein.rle" -q -g 100 -o "$T/k.rle" && "$G" run "$T/klein.rle" -q -g 100 \
    --stepper reference -o "$T/kref.rle" || return 1
  grep -q 'rule = B3/S23:K40\*,20$' "$T/k.rle" || say "the Klein bottle is not in the output" || return 1
  grep -q '^population:  14$' <("$G" info "$T/k.rle") || say "not the 14 cells Golly has" || return 1
  diff "$T/k.rle" "$T/kref.rle" || return 1
  # a tube: the open side gets room, the positions stay Golly's
  printf '#CXRLE Pos=100,1\nx = 3, y = 1, rule = B3/S23:T0,5\n3o!\n' >"$T/tube.rle"
  "$G" run "$T/tube.rle" -q -g 1 -o "$T/tube1.rle" || return 1
  grep -q '^#CXRLE Pos=101,0 Gen=1$' "$T/tube1.rle" && grep -q 'rule = B3/S23:T0,5$' "$T/tube1.rle" ||
    say "the tube's blinker is not at Golly's place" || return 1
  # multi-state rules are refused by name
  # a multi-state rule of Golly's Rules folder runs (RuleLoader: a lone live
  # cell of LifeHistory dies into its history state B); a rule no folder
  # holds is refused, naming the file looked for
  printf 'x = 1, y = 1, rule = LifeHistory\nA!\n' >"$T/history.rle"
  if [ -e /usr/share/golly/Rules/LifeHistory.rule ]; then
    "$G" run "$T/history.rle" -q -g 1 -o "$T/hist1.rle" && grep -q '^B!$' "$T/hist1.rle" ||
      say "LifeHistory did not run as Golly runs it" || return 1
  else
    echo "  (no /usr/share/golly/Rules: the LifeHistory run is not checked)"
  fi
  printf 'x = 1, y = 1, rule = NoSuchRule\nA!\n' >"$T/nosuch.rle"
  "$G" run "$T/nosuch.rle" -q -g 1 2>"$T/nosuch.err"
  [ $? = 1 ] && grep -q 'looked for .*NoSuchRule.rule' "$T/nosuch.err" ||
    say "an unknown rule is not refused with the file looked for" || return 1
}

# bench la --plot: the residual histories of the --solve solves. gnuplot runs
# through a wrapper that keeps its script, so that the data drawn are checked:
# a line per preconditioner and size, iterations + 1 points each (as the
# table says), from log10 1 = 0 at k = 0 down to the tolerance 1e-6. Then a
# full disk and a missing gnuplot.
# The infinite plane in a universe: a gun to 2^27 generations (a line of
# gliders 2^25 cells long, past the pattern limits) as .mc, described by
# info from its nodes, read back by run, and its population against the
# gliders it must hold; --algo dense refuses what does not fit a grid.
t_universe_past_the_limits() {
  "$G" run "$GUN" -g 134217728 -o "$T/long.mc" >"$T/long.out" || return 1
  grep -q '^run:  .* with hashlife' "$T/long.out" || say "not run by HashLife" || return 1
  grep -q '^memory: ' "$T/long.out" || say "no memory line" || return 1
  "$G" info "$T/long.mc" >"$T/long.info" || return 1
  grep -q 'read as a quadtree' "$T/long.info" || say "info expanded the .mc" || return 1
  local pop
  pop=$(sed -n 's/^population:  //p' "$T/long.info")
  # 134217728 / 30 = 4473924 gliders of 5 cells, and the gun (36 to 60 cells by phase)
  [ "$pop" -gt $((4473924 * 5)) ] && [ "$pop" -lt $((4473924 * 5 + 100)) ] ||
    say "population $pop" || return 1
  "$G" run "$T/long.mc" -g 30 -q -o "$T/long2.mc" || return 1
  # --memory: a store of 1 MB is collected again and again, the cells the same
  awk 'BEGIN { s = 99; for (y = 0; y < 100; y++) { l = "";
      for (x = 0; x < 100; x++) { s = (s * 1103515245 + 12345) % 2147483648;
        l = l (s % 100 < 40 ? "O" : ".") }
      print l } }' >"$T/small.cells"
  "$G" run "$T/small.cells" -g 3000 --memory 1 >"$T/m1.out" || return 1
  "$G" run "$T/small.cells" -g 3000 >"$T/m0.out" || return 1
  grep -q 'of at most 1 MB, [1-9][0-9]* collections' "$T/m1.out" || say "--memory 1: no collection" || return 1
  [ "$(grep '^population' "$T/m1.out")" = "$(grep '^population' "$T/m0.out")" ] ||
    say "--memory 1 changed the cells" || return 1
  # a pattern that does not fit is a clear error, not a crash
  "$G" run "$T/soup.cells" -g 10 --memory 1 -q 2>"$T/m2.err"
  [ $? = 1 ] && grep -q 'node store' "$T/m2.err" || say "--memory 1 on a big soup" || return 1
  # bench universe: the table, the CSV and the plot (bgolly beside it when installed)
  "$G" bench universe --csv "$T/u.csv" --plot "$T/u.png" "$GUN:512" "$T/long2.mc:64" \
    >"$T/bu.out" || say "bench universe failed" || return 1
  [ "$(wc -l <"$T/u.csv")" = 3 ] || say "bench universe --csv" || return 1
  head -c 8 "$T/u.png" | grep -q PNG || say "bench universe --plot" || return 1
  ! grep -q DIFFERENT "$T/bu.out" || say "bench universe: cells differ from bgolly" || return 1
  "$G" run "$GUN" -g 100 --algo dense -o "$T/dense.rle" >"$T/dense.out" || return 1
  "$G" run "$GUN" -g 100 -o "$T/hl.rle" >"$T/hl.out" || return 1
  cmp -s "$T/dense.rle" "$T/hl.rle" || say "hashlife and the growing grid differ" || return 1
  "$G" run "$GUN" -g 100 --algo hashlife-gpu -o "$T/hlg.rle" >"$T/hlg.out" || return 1
  cmp -s "$T/hlg.rle" "$T/hl.rle" || say "hashlife on the device and on the host differ" || return 1
  grep -q "with hashlife-gpu" "$T/hlg.out" || say "--algo hashlife-gpu not reported" || return 1
  "$G" run "$GUN" -g 100 --algo host-tiles -o "$T/ht.rle" >"$T/ht.out" || return 1
  cmp -s "$T/ht.rle" "$T/hl.rle" || say "the host tiles and hashlife differ" || return 1
  grep -q "with host-tiles" "$T/ht.out" && grep -q "host tiles, " "$T/ht.out" ||
    say "--algo host-tiles not reported" || return 1
  # the growing grid reports its final size and the final live box, as the universe does
  local box
  box=$(sed -n 's/^live box:   \([0-9]*x[0-9]*\) at \(([-0-9, ]*)\).*/\1 at \2/p' "$T/hl.out")
  grep -q "at the end, .* MB on the device .*; live box $box" "$T/dense.out" ||
    say "the growing grid's report lacks its final box ($box)" || return 1
}

# golcl-dist (beside golcl in the build, when MPI is there) steps with auto by
# default, as golcl does, and its cells are golcl's.
t_dist_defaults_to_auto() {
  local D
  D="$(dirname "$G")/golcl-dist"
  if [ ! -x "$D" ] || ! command -v mpirun >/dev/null; then
    echo "        (golcl-dist or mpirun not built here: nothing checked)"
    return 0
  fi
  local root=""
  [ "$(id -u)" = 0 ] && root=--allow-run-as-root
  mpirun $root --oversubscribe -np 1 "$D" run "$GUN" -g 30 --device cpu >"$T/dist.out" 2>&1 ||
    say "golcl-dist failed: $(tail -2 "$T/dist.out")" || return 1
  grep -q ' 1 ranks, auto: ' "$T/dist.out" || say "golcl-dist's stepper is not auto" || return 1
  "$G" run "$GUN" -g 30 --size 1024x1024 >"$T/d1.out" || return 1
  local p1 p2
  p1=$(sed -n 's/^population: \([0-9]*\) .*/\1/p' "$T/d1.out")
  p2=$(sed -n 's/.*population \([0-9]*\),.*/\1/p' "$T/dist.out")
  [ -n "$p1" ] && [ "$p1" = "$p2" ] || say "golcl-dist population $p2, golcl $p1" || return 1
}

t_bench_la_plot() {
  if ! command -v gnuplot >/dev/null; then
    echo "gnuplot is not installed: the plot is not checked"
    return 0
  fi
  printf '#!/bin/sh\ntee "%s/la.gp" | gnuplot\n' "$T" >"$T/gp" && chmod +x "$T/gp" || return 1
  GNUPLOT=$T/gp "$G" bench la --sizes 8,13 --reps 1 --iters 2 --op stencil \
    --plot "$T/la.png" >"$T/la.out" || return 1
  [ "$(head -c 4 "$T/la.png" | tail -c 3)" = PNG ] || say "no PNG" || return 1
  grep -q "^plot: *$T/la.png\$" "$T/la.out" || say "no plot line" || return 1
  local want got
  want=$(awk '$1 ~ /^(none|jacobi|mg)$/ && $3 == "iterations" { printf "%d ", $2 + 1 }' "$T/la.out")
  got=$(awk 'function done() { printf "%d ", n; if (last > -6 + 1e-9) bad = 1; n = 0 }
    /^\$data << EOD/ { on = 1; next }
    on && /^EOD/ { if (n) done(); on = 0; next }
    on && NF == 0 { if (n) done(); next }
    on && NF == 2 { if ($1 != n || (n == 0 && ($2 > 1e-5 || $2 < -1e-5))) bad = 1; n++; last = $2 }
    END { if (bad) printf "BAD" }' "$T/la.gp")
  [ "$(echo $want)" = "$(echo $got)" ] || say "points per line $got, table $want" || return 1
  [ "$(echo $want | wc -w)" = 6 ] || say "not 6 lines: $want" || return 1
  # on a full disk gnuplot still exits 0: the cut PNG must not replace the old file (the Life
  # bench's --plot goes through the same helper)
  if [ "$MODE" != none ]; then
    old_file_survives la.png bench la --sizes 8 --reps 1 --iters 2 --op stencil \
      --plot "$T/full/la.png" || return 1
    old_file_survives b.png bench --size 16x16 --gens 2 --reps 1 --steppers naive \
      --plot "$T/full/b.png" || return 1
  fi
  # without gnuplot: refused before the runs (exit 2), the old CSV kept, no plot
  echo old >"$T/keep.csv"
  GNUPLOT=/nonexistent/gnuplot "$G" bench la --sizes 8 --reps 1 --iters 2 --plot "$T/nola.png" \
    --csv "$T/keep.csv" >"$T/nola.out" 2>"$T/err"
  [ $? = 2 ] || say "exit status not 2 without gnuplot" || return 1
  grep -q 'golcl bench la: --plot needs gnuplot' "$T/err" && [ "$(cat "$T/keep.csv")" = old ] &&
    [ ! -e "$T/nola.png" ] && [ ! -s "$T/nola.out" ] && [ -z "$(ls -A "$T" | grep golcl-tmp)" ]
}

# ------------------------------------------------------------------ docs

# Every long option of a command's --help is in docs/cli.md and golcl.1.
t_docs_name_every_option() {
  local cmd opt
  for cmd in run info bench "bench la" "bench universe"; do
    # shellcheck disable=SC2086
    for opt in $("$G" $cmd --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
      grep -qE -- "$opt([^a-z-]|\$)" "$SRC/docs/cli.md" ||
        say "docs/cli.md lacks golcl $cmd $opt" || return 1
      sed 's/\\-/-/g' "$SRC/docs/golcl.1" | grep -qE -- "$opt([^a-z-]|\$)" ||
        say "golcl.1 lacks golcl $cmd $opt" || return 1
    done
  done
  "$G" help run | grep -q -- '--log' && "$G" --version | grep -q '^golcl [0-9]'
}

big_pattern
setup_full_disk
echo "golcl: $G (device: $GOLCL_DEVICE; failing writes: $MODE)"
check "golcl run ... -o - | golcl info -" t_pipe_run_to_info
check "stdout holds only the output" t_stdout_holds_only_the_output
check "'-' reads the pattern from stdin" t_stdin_is_a_pattern
check "option forms agree (-qg 30, -g30, --generations=30, --gen 30)" t_option_forms_agree
check "bad options are usage errors (exit 2)" t_bad_options_are_usage_errors
check "sizes past the largest grid are explained" t_sizes_past_the_largest_grid_are_explained
check "a full stdout fails with a message" t_full_stdout_fails
check "frames numbered %08d with frames.csv" t_frames_are_numbered_with_a_csv
check "--log: population and bounding box" t_log_has_population_and_box
check "failed writes keep the old file (a full disk)" t_failed_writes_keep_the_old_file
check "failed writes on a device are reported" t_failed_writes_are_reported
check "links and devices are written through" t_links_and_devices_are_written_through
check "bench --plot and --csv" t_bench_plot_and_csv
check "Golly's rules, bounded grids and .mc files" t_golly_rules_and_grids
check "the infinite plane past the pattern limits (universe)" t_universe_past_the_limits
check "golcl-dist steps with auto by default" t_dist_defaults_to_auto
check "bench la --plot: CG residual histories" t_bench_la_plot
check "docs name every option" t_docs_name_every_option
check_summary
