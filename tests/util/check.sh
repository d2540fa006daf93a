# check.sh — the harness of the shell-driven tests (tests/cli, tests/install),
# sourced after $T (a scratch folder) is set: `check NAME CMD...` runs one
# check with its output kept for a failure, `say MESSAGE` fails the running
# check with a reason, `check_summary` prints the count and gives the status.
fails=0
total=0

check() {
  local name=$1
  shift
  total=$((total + 1))
  if "$@" >"$T/check.log" 2>&1; then
    echo "  ok    $name"
  else
    echo "  FAIL  $name"
    sed 's/^/        /' "$T/check.log"
    fails=$((fails + 1))
  fi
}

say() {
  echo "$*"
  return 1
}

check_summary() {
  echo "$((total - fails)) of $total checks passed"
  [ $fails = 0 ]
}
