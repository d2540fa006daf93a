#!/bin/bash
# test_generated.sh — the files made by a tool and checked in are what their
# tool makes now: cl/rules/jvn_bits_rule.cl (JvN29's and Nobili32's next
# state as bitselect chains) from tools/jvn_bits_gen.c, which derives it from
# the reference's own jvn_decide (cl/rules/jvn_rule.cl). A change to the rule
# or to the generator that is not carried into the file fails here.
#
# Usage: tests/generated/test_generated.sh, from the repository root; CC and
# CFLAGS come from the environment.
set -u
CC=${CC:-cc}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/../util/check.sh"

t_jvn_bits_rule() {
  $CC -O2 -o "$T/jvn_bits_gen" tools/jvn_bits_gen.c || return 1
  "$T/jvn_bits_gen" >"$T/jvn_bits_rule.cl" || say "the generator failed" || return 1
  diff -u cl/rules/jvn_bits_rule.cl "$T/jvn_bits_rule.cl" | head -20
  cmp -s cl/rules/jvn_bits_rule.cl "$T/jvn_bits_rule.cl" ||
    say "cl/rules/jvn_bits_rule.cl is not what tools/jvn_bits_gen.c makes: run it again"
}

check "cl/rules/jvn_bits_rule.cl is tools/jvn_bits_gen.c's output" t_jvn_bits_rule
check_summary
