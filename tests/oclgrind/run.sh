#!/bin/bash
# run.sh — runs test programs on the Oclgrind simulator with its API,
# out-of-bounds and data-race checks, and fails on any report.
#
# Usage: tests/oclgrind/run.sh DIR ICD_LIBRARY PROGRAM...
# DIR gets the ICD folder (only Oclgrind is registered there, through
# OCL_ICD_VENDORS), the binary cache of these runs and one log per program.
# Oclgrind prints its reports (invalid reads and writes, races, barrier
# divergence, API errors) and has no option that turns them into an exit
# status: OCLGRIND_LOG sends them to the program's log, and a log that is not
# empty fails the program. CK_INCLUDE_TAGS from the environment picks Check
# cases (make test: quick).
set -u
dir=$1
icd=$2
shift 2
[ -f "$icd" ] || { echo "oclgrind: no $icd (apt-get install oclgrind)"; exit 1; }
mkdir -p "$dir/vendors"
echo "$icd" >"$dir/vendors/oclgrind.icd"
export OCL_ICD_VENDORS=$dir/vendors GOLCL_TEST_DEVICE=Oclgrind GOLCL_DEVICE=Oclgrind
export XDG_CACHE_HOME=$dir/cache OCLGRIND_CHECK_API=1 OCLGRIND_DATA_RACES=1
fail=0
for t in "$@"; do
  log=$dir/$(basename "$t").log
  rm -f "$log"
  echo "== $t on Oclgrind${CK_INCLUDE_TAGS:+ (cases tagged $CK_INCLUDE_TAGS)}"
  OCLGRIND_LOG=$log "$t" || fail=1
  if [ -s "$log" ]; then
    echo "Oclgrind reported (first 40 lines of $log):"
    head -40 "$log"
    fail=1
  fi
done
exit $fail
