#!/bin/bash
# test_cli_options.sh — `golcl run`'s options mean what they say: unknown
# values and options that do not apply are errors that say why; bgolly's
# short options (-m, -a, -s, -M, -r) as bgolly means them; --rule of a
# multi-state rule on a two-state pattern; Golly's rule
# names as people write them, and the list in the error; no pattern: one
# line and the usage line.
#
# Usage: tests/cli/test_cli_options.sh [GOLCL]  (default build/golcl), from
# the repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
. "$(dirname "$0")/env.sh"
GUN=$D/gosper-glider-gun.rle
ACORN=$P/Life/Methuselahs/acorn.lif

body() { sed -n '/^x /,$p' "$1" | tail -n +2 | tr -d '\n\r'; }

# `golcl run ARGS` must fail with exit status $1 and a message matching $2
fails_with() {
  local want=$1 msg=$2
  shift 2
  "$G" run "$@" -o "$T/out.rle" >"$T/out" 2>"$T/err"
  local rc=$?
  [ "$rc" = "$want" ] || say "golcl run $*: exit status $rc, not $want" || return 1
  grep -q -- "$msg" "$T/err" || say "golcl run $*: message: $(cat "$T/err")"
}

t_unknown_values_are_errors() {
  fails_with 2 "no stepper 'x' in this build; there are: .*auto" "$GUN" --stepper x || return 1
  fails_with 2 "no stepper 'bogus'" "$GUN" --stepper bogus || return 1
  fails_with 2 "bad value 'quick' for --algo" "$GUN" --algo quick
}

t_options_that_do_not_apply_say_why() {
  # the gun runs on the infinite plane in a universe, which has no stepper
  fails_with 2 "--stepper naive: this pattern runs on the infinite plane in a universe" \
    "$GUN" --stepper naive || return 1
  fails_with 2 "--algo hashlife runs the infinite plane; --size makes a fixed grid" \
    "$GUN" --algo hashlife --size 64 || return 1
  fails_with 2 "--algo sparse runs the infinite plane; --margin" "$GUN" --algo sparse --margin 4 ||
    return 1
  fails_with 2 "--stepper picks the stepper of a grid; --algo hashlife" \
    "$GUN" --algo hashlife --stepper naive || return 1
  # where they apply they run
  "$G" run -q "$GUN" --stepper naive --size 64 -o "$T/a.rle" || return 1
  "$G" run -q "$GUN" --stepper naive --algo dense -o "$T/b.rle"
}

t_bgolly_short_options() {
  cd "$T" || return 1
  "$G" run -q "$ACORN" -m 300 -a HashLife -M 100 -o m.rle || return 1
  "$G" run -q "$ACORN" --generations 300 --algo hashlife --memory 100 -o g.rle || return 1
  cmp -s m.rle g.rle || say "-m 300 -a HashLife -M 100 differ from the long options" || return 1
  "$G" run -q "$ACORN" -m 300 -a QuickLife -o q.rle && cmp -s q.rle g.rle || say "-a QuickLife" ||
    return 1
  "$G" run -q "$ACORN" -m 300 -r HighLife -o r.rle || return 1
  "$BG" -q -q -a HashLife -r B36/S23 -m 300 -o bg.rle "$ACORN" >/dev/null 2>&1 || return 1
  [ "$(body r.rle)" = "$(body bg.rle)" ] || say "-r HighLife differs from bgolly's B36/S23" ||
    return 1
  # -s DIR: the rules folder, as bgolly's (a rule only that folder holds)
  mkdir -p rules && cp /usr/share/golly/Rules/WireWorld.rule rules/MyWire.rule || return 1
  printf 'x = 3, y = 1, rule = MyWire\nBCA!\n' >w.rle
  "$G" run -q w.rle -g 4 -s "$T/rules" -o w4.rle || say "-s DIR: the rule was not found" || return 1
  fails_with 2 "bad value 'Foo' for --algo" "$ACORN" -a Foo
}

t_rule_names_as_people_write_them() {
  cd "$T" || return 1
  local name rule
  while IFS='|' read -r name rule; do
    "$G" run -q "$ACORN" -g 40 --rule "$name" -o n.rle || say "--rule '$name' refused" || return 1
    "$BG" -q -q -a HashLife -r "$rule" -m 40 -o bg.rle "$ACORN" >/dev/null 2>&1 || return 1
    [ "$(body n.rle)" = "$(body bg.rle)" ] || say "--rule '$name' is not $rule" || return 1
  done <<'LIST'
Day & Night|B3678/S34678
DayAndNight|B3678/S34678
LifeWithoutDeath|B3/S012345678
2x2|B36/S125
HighLife|B36/S23
Seeds|B2/S
LIST
  fails_with 2 "not a rule libgolcl knows.*named rules: Life, .*Day & Night, .*2x2" \
    "$ACORN" --rule NoSuchName
}

# --rule naming a multi-state rule runs a two-state pattern under it (its
# cells in state 1), as bgolly -r does
t_multi_state_rule_on_a_two_state_pattern() {
  cd "$T" || return 1
  "$G" run -q "$GUN" --rule WireWorld -g 30 -o ww.rle || return 1
  "$BG" -q -q -a RuleLoader -s /usr/share/golly/Rules/ -r WireWorld -m 30 -o bgww.rle "$GUN" \
    >/dev/null 2>&1 || say "bgolly failed" || return 1
  grep -q 'rule = WireWorld$' ww.rle || say "the output's rule: $(grep '^x' ww.rle)" || return 1
  [ "$(body ww.rle)" = "$(body bgww.rle)" ] || say "WireWorld cells differ from bgolly's" || return 1
  # /2/3 (Generations): as the same cells in a file that says /2/3
  sed 's|rule = B3/S23|rule = /2/3|' "$GUN" >gen.rle
  "$G" run -q "$GUN" --rule /2/3 -g 30 -o a.rle && "$G" run -q gen.rle -g 30 -o b.rle || return 1
  [ "$(body a.rle)" = "$(body b.rle)" ] || say "--rule /2/3 differs from a /2/3 file" || return 1
  local r
  for r in Codd JvN29; do
    "$G" run -q "$GUN" --rule $r -g 5 -o r.rle || say "--rule $r refused" || return 1
    grep -q "rule = $r\$" r.rle || say "--rule $r: $(grep '^x' r.rle)" || return 1
  done
}

t_no_pattern_is_one_line_and_usage() {
  "$G" run >"$T/out" 2>"$T/err"
  [ $? = 2 ] || say "exit status not 2" || return 1
  [ ! -s "$T/out" ] || say "stdout not empty" || return 1
  [ "$(wc -l <"$T/err")" = 2 ] || say "$(wc -l <"$T/err") lines: $(cat "$T/err")" || return 1
  grep -q '^usage: golcl run PATTERN \[options\]$' "$T/err"
}

check "unknown values are errors (exit 2)" t_unknown_values_are_errors
check "options that do not apply say why" t_options_that_do_not_apply_say_why
check "bgolly's -m, -a, -M, -r, -s" t_bgolly_short_options
check "Golly's rule names as people write them" t_rule_names_as_people_write_them
check "--rule WireWorld, /2/3, Codd, JvN29 on a two-state pattern" \
  t_multi_state_rule_on_a_two_state_pattern
check "no pattern: one line and the usage line" t_no_pattern_is_one_line_and_usage
check_summary
