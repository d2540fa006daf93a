#!/bin/bash
# test_cli_ruleloader.sh — `golcl run` and `golcl info` on RuleLoader
# patterns: Golly's files against bgolly -a RuleLoader (unbounded, a torus),
# a rule of our own found through --rules DIR and through $GOLCL_RULES, a
# missing rule refused with the files looked for, the rule's @COLORS in PNGs.
#
# Usage: tests/cli/test_cli_ruleloader.sh [GOLCL]  (default build/golcl), from
# the repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
. "$(dirname "$0")/env.sh"
R=/usr/share/golly/Rules
unset GOLCL_RULES

body() { sed -n '/^x /,$p' "$1" | tail -n +2 | tr -d '\n\r'; }

# golcl run FILE -g N [golcl options] and bgolly -a RuleLoader -s DIR/ -m N
# write the same cells.
same_as_bgolly() {
  local file=$1 gens=$2 dir=$3
  shift 3
  "$G" run "$file" -q -g "$gens" -o "$T/ours.rle" "$@" || return 1
  "$BG" -q -q -a RuleLoader -s "$dir/" -m "$gens" -o "$T/golly.rle" "$file" >/dev/null 2>&1 ||
    say "bgolly failed" || return 1
  [ "$(body "$T/ours.rle")" = "$(body "$T/golly.rle")" ] || say "cells differ from bgolly's"
}

t_langtons_loops() { same_as_bgolly "$P/Loops/Langtons-Loops.rle" 300 "$R"; }
t_critters_torus() { same_as_bgolly "$P/Margolus/CrittersOscillators.rle" 100 "$R"; }
t_worm() { same_as_bgolly "$P/Patersons-Worms/worm-1040512.rle" 500 "$R"; }

# A rule of our own: a 1-D rule read as Golly maps it (a cell looks at W and E).
own_rule() {
  mkdir -p "$T/rules"
  printf '@RULE Mine\n@TABLE\nn_states:3\nneighborhood:oneDimensional\nsymmetries:reflect\n' \
    >"$T/rules/Mine.rule"
  printf '0,1,0,1\n0,2,1,2\n1,0,0,2\n' >>"$T/rules/Mine.rule"
  printf 'var a={0,1,2}\nvar b={0,1,2}\n2,a,b,0\n@COLORS\n1 255 0 0\n2 0 0 255\n' \
    >>"$T/rules/Mine.rule"
  printf 'x = 5, y = 3, rule = Mine\n.A.B$BA.AA$2.A!\n' >"$T/mine.rle"
}

t_rules_dir() {
  own_rule
  same_as_bgolly "$T/mine.rle" 20 "$T/rules" --rules "$T/rules"
}

t_env_rules() {
  own_rule
  GOLCL_RULES=$T/rules "$G" info "$T/mine.rle" >"$T/info" || return 1
  grep -q '^rule:        Mine (RuleLoader, oneDimensional neighbourhood, 3 states, from @TABLE' \
    "$T/info" || say "no rule line" || return 1
}

t_missing_rule() {
  printf 'x = 3, y = 1, rule = NoSuchRule\nABC!\n' >"$T/none.rle"
  "$G" run "$T/none.rle" -q -g 1 --rules "$T/nowhere" 2>"$T/err"
  [ $? = 1 ] || say "exit status is not 1" || return 1
  grep -q "looked for $T/nowhere/NoSuchRule.rule, $R/NoSuchRule.rule" "$T/err" ||
    say "the files looked for are not named: $(cat "$T/err")"
}

# A cell beyond the rule's states: the same clear error on the universe and
# on the growing grid (not the two-state reader's), exit 1, the output kept.
t_state_beyond_rule() {
  own_rule
  printf 'x = 4, y = 1, rule = Mine\nAC.B!\n' >"$T/beyond.rle"
  for a in auto dense; do
    echo old >"$T/beyond-out.rle"
    "$G" run "$T/beyond.rle" -q -g 1 --rules "$T/rules" --algo $a -o "$T/beyond-out.rle" \
      2>"$T/err"
    [ $? = 1 ] || say "--algo $a: exit status is not 1" || return 1
    grep -q "line 2, column 2: state 3 is not a state of the rule (of 3 states)" "$T/err" ||
      say "--algo $a: $(cat "$T/err")" || return 1
    [ "$(cat "$T/beyond-out.rle")" = old ] || say "--algo $a: the output changed" || return 1
  done
}

t_colours_png() {
  own_rule
  "$G" run "$T/mine.rle" -q -g 0 --rules "$T/rules" -o "$T/m.png" || return 1
  [ "$(head -c 8 "$T/m.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || say "not a PNG"
}

if [ -z "$BG" ] || [ ! -d "$P/Loops" ] || [ ! -d "$R" ]; then
  echo "*** test_cli_ruleloader: bgolly or Golly's files NOT FOUND: NOT compared with Golly ***"
  check "a missing rule names the files looked for" t_missing_rule
  check "a state beyond the rule's: a clear error, the output kept" t_state_beyond_rule
  check_summary
  exit $?
fi
echo "golcl: $G (device: $GOLCL_DEVICE; bgolly: $BG)"
check "Langtons-Loops (unbounded) at 300 as bgolly" t_langtons_loops
check "CrittersMargolus_emulated (:T50,50) at 100 as bgolly" t_critters_torus
check "worm-1040512 at 500 as bgolly" t_worm
check "a rule of our own through --rules DIR, as bgolly -s DIR" t_rules_dir
check "a rule of our own through \$GOLCL_RULES (golcl info)" t_env_rules
check "a missing rule names the files looked for" t_missing_rule
check "a state beyond the rule's: a clear error, the output kept" t_state_beyond_rule
check "a PNG in the rule's colours" t_colours_png
check_summary
