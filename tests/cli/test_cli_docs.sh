#!/bin/bash
# test_cli_docs.sh — a manual that is true: every long option of each
# command's --help (run, info, bench and its la, universe, rules, game and
# graph) is in that command's part of docs/golcl.1 and docs/cli.md, and
# where either gives the option a default it is the one --help gives.
#
# Usage: tests/cli/test_cli_docs.sh [GOLCL]  (default build/golcl), from the
# repository root. Needs no device: --help opens none.
set -u
. "$(dirname "$0")/env.sh"
COMMANDS=(run info bench "bench la" "bench universe" "bench rules" "bench game" "bench graph")

# The man page's part of a command: from its .SS line to the next .SS,
# with \- as -.
man_part() {
  sed 's/\\-/-/g' "$SRC/docs/golcl.1" |
    awk -v c=".SS golcl $1 " '/^\.SS/ { on = index($0 " ", c) == 1 } on'
}
# cli.md's part: from "## golcl CMD" to the next "## " (bench: all of bench)
md_part() {
  local c=${1%% *}
  awk -v c="## golcl $c" '/^## / { on = ($0 == c) } on' "$SRC/docs/cli.md"
}

# --help's option entries, one a line: "--opt ... (default V ..." joined.
help_entries() {
  # shellcheck disable=SC2086
  "$G" $1 --help | awk '/^ +-/ { if (e) print e; e = $0; next }
    /^ {8,}/ && e { e = e " " $0; next } { if (e) print e; e = "" } END { if (e) print e }' |
    tr -s ' '
}

t_every_option_in_both() {
  local cmd opt
  for cmd in "${COMMANDS[@]}"; do
    man_part "$cmd" >"$T/man"
    md_part "$cmd" >"$T/md"
    [ -s "$T/man" ] || say "golcl.1 has no section .SS golcl $cmd" || return 1
    # shellcheck disable=SC2086
    for opt in $("$G" $cmd --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
      grep -qE -- "$opt([^a-z-]|\$)" "$T/man" || say "golcl.1 lacks golcl $cmd $opt" || return 1
      grep -qE -- "$opt([^a-z-]|\$)" "$T/md" || say "cli.md lacks golcl $cmd $opt" || return 1
    done
  done
}

# Where a doc speaks of an option's default, it is --help's.
t_defaults_agree() {
  local cmd line opt val
  for cmd in "${COMMANDS[@]}"; do
    man_part "$cmd" >"$T/man"
    md_part "$cmd" >"$T/md"
    while IFS= read -r line; do
      val=$(sed -n 's/.*(default \([^:;, )][^;, )]*\).*/\1/p' <<<"$line")
      [ -n "$val" ] || continue
      opt=$(grep -oE -- '--[a-z][a-z-]*' <<<"$line" | head -1)
      # the man page: the option's paragraph (to the next .TP); cli.md: its table row
      awk -v o="$opt" 'index($0, o) && /^\.B/ { on = 1 } /^\.(TP|SS|SH)/ && !/^\.B/ { if (on) exit }
        on' "$T/man" >"$T/mlines"
      # a paragraph that lists several options in prose gives no default of one
      if [ "$(grep -c '^\.B.* --' "$T/mlines")" -gt 1 ]; then : >"$T/mblock"; else
        tr '\n' ' ' <"$T/mlines" >"$T/mblock"; fi
      grep -E -- "^\| [^|]*\`$opt" "$T/md" | head -1 >"$T/dblock"
      local f
      for f in mblock dblock; do
        if grep -q 'default' "$T/$f" && ! grep -qF "default $val" "$T/$f" &&
          ! grep -qF "default \\fB$val" "$T/$f" && ! grep -qF "default \`$val" "$T/$f"; then
          say "golcl $cmd $opt: --help's default is $val; $([ $f = mblock ] && echo golcl.1 ||
            echo cli.md) says: $(cat "$T/$f")" || return 1
        fi
      done
    done < <(help_entries "$cmd")
  done
}

# What the man page once said and is no longer true.
t_no_stale_claims() {
  ! grep -qi 'multi-state rules are refused' "$SRC/docs/golcl.1" ||
    say "golcl.1 says multi-state rules are refused" || return 1
  ! sed 's/\\-/-/g' "$SRC/docs/golcl.1" | grep -qiE 'naive \(default|default: *naive|\(the default\)' ||
    say "golcl.1 gives --stepper a default other than auto" || return 1
  local o
  for o in --algo --memory --rules --increment; do
    man_part run | grep -qE -- "$o([^a-z-]|\$)" || say "golcl.1's run lacks $o" || return 1
  done
}

check "every option of --help in golcl.1 and cli.md, in its command's part" t_every_option_in_both
check "no default in the docs differs from --help's" t_defaults_agree
check "no stale claim in the man page" t_no_stale_claims
check_summary
