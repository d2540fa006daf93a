#!/bin/bash
# suite.sh — runs one test of `make test` with its output in a log: the
# log in DIR/NAME.log, the result in DIR/NAME.ok or DIR/NAME.fail (CPU and
# wall seconds), and one line on stdout. Always exits 0, so that make runs
# every suite; tests/run/summary.sh gives the verdict.
#
# Usage: tests/run/suite.sh DIR NAME COMMAND [ARGS...]
dir=$1
name=$2
shift 2
log=$dir/$name.log
t0=$(date +%s)
"$@" >"$log" 2>&1 </dev/null
rc=$?
wall=$(($(date +%s) - t0))
# the CPU seconds (user + system) of the command and everything it waited for
times >"$dir/$name.times"
cpu=$(awk 'NR == 2 {
  n = 0
  for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60 + a[2] }
  printf "%.1f", n }' "$dir/$name.times")
rm -f "$dir/$name.times"
# the suite's own count: Check's "100%: Checks: N, ..." or the scripts' "N of M checks passed"
count=$(grep -E '^[0-9]+%: Checks: |checks passed$' "$log" | tail -1)
if [ $rc = 0 ]; then
  res=ok
else
  res=FAIL
fi
line=$(printf '%-4s %-34s %7s s CPU %5s s wall  %s' "$res" "$name" "$cpu" "$wall" "$count")
if [ $rc = 0 ]; then
  echo "$line" >"$dir/$name.ok"
else
  echo "$line (exit $rc)" >"$dir/$name.fail"
fi
echo "$line"
exit 0
