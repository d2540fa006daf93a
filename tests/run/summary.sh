#!/bin/bash
# summary.sh — the verdict of `make test` from the logs tests/run/suite.sh
# left in DIR: every test that ran, slowest (CPU) first, in
# DIR/summary.txt; each failure with the tail of its log. Exits 1 when a
# test failed or an expected one left no result.
#
# Usage: tests/run/summary.sh DIR NAME...   (the names of the expected tests)
dir=$1
shift
missing=""
for n in "$@"; do
  [ -f "$dir/$n.ok" ] || [ -f "$dir/$n.fail" ] || missing="$missing $n"
done
cat "$dir"/*.ok "$dir"/*.fail 2>/dev/null | sort -k3,3 -g -r >"$dir/summary.txt"
cpu=$(awk '{ n += $3 } END { printf "%.0f", n }' "$dir/summary.txt")
nok=$(ls "$dir" | grep -c '\.ok$')
nfail=$(ls "$dir" | grep -c '\.fail$')
echo "${TEST_LABEL:-make test}: $nok passed, $nfail failed, $cpu s of CPU in all (logs and $dir/summary.txt)"
for f in "$dir"/*.fail; do
  [ -f "$f" ] || continue
  n=$(basename "$f" .fail)
  echo
  echo "==== FAILED: $(cat "$f")"
  echo "==== the last 40 lines of $dir/$n.log:"
  tail -n 40 "$dir/$n.log"
done
if [ -n "$missing" ]; then
  echo
  echo "${TEST_LABEL:-make test}: no result from:$missing"
fi
[ "$nfail" = 0 ] && [ -z "$missing" ]
