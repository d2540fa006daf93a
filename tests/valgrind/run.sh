#!/bin/bash
# tests/valgrind/run.sh OUT JOBS SUITE... — `make valgrind`: every Check suite
# under valgrind's memcheck; any error or definite leak fails its suite.
#
# pocl compiles each kernel with LLVM inside the test process, and under
# valgrind that is about a hundred times slower (a suite that runs in a
# second natively took over 40 minutes). Its kernel cache cannot help by
# itself: valgrind's CPU has no AVX-512, so pocl compiles for another CPU
# there, under another cache key. So each suite first runs natively with pocl
# told to compile for the CPU that valgrind presents (POCL_LLVM_CPU_NAME,
# POCL_KERNELLIB_NAME) into a cache of its own, OUT/pocl-cache; the valgrind
# pass then finds its kernels compiled and runs them. Without AVX2 on this
# machine pocl is left to choose, and the valgrind pass compiles (slowly).
#
# Suites run JOBS at a time; each leaves OUT/NAME.native.log and
# OUT/NAME.valgrind.log. Exit status 1 if any suite failed under valgrind.
set -u
out=$1 jobs=$2
shift 2
mkdir -p "$out"
export POCL_CACHE_DIR="$out/pocl-cache"
if grep -qw avx2 /proc/cpuinfo; then
  export POCL_LLVM_CPU_NAME=haswell POCL_KERNELLIB_NAME=avx2
fi
# test_golly_all reads every Golly file but steps under valgrind only those
# of up to 2^16 cells (natively 2^21): the host code it runs is the same for
# every size, and stepping large patterns through valgrind's CPU took most of
# its 16 minutes. Files above the cap are listed as SKIP in its log.
export GOLCL_GOLLY_MAX_CELLS=${GOLCL_GOLLY_MAX_CELLS:-65536}
here=$(cd "$(dirname "$0")" && pwd)
VALGRIND=${VALGRIND:-valgrind}
VALGRIND_FLAGS=${VALGRIND_FLAGS:---error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
--show-leak-kinds=definite --num-callers=40}
export out here VALGRIND VALGRIND_FLAGS

one() { # one suite: the native pass, then valgrind
  t=$1 n=$(basename "$1")
  start=$(date +%s)
  "$t" >"$out/$n.native.log" 2>&1 # its result is make test's business
  if $VALGRIND $VALGRIND_FLAGS --suppressions="$here/../valgrind.supp" "$t" \
    >"$out/$n.valgrind.log" 2>&1; then
    echo "ok   $n ($(($(date +%s) - start)) s)"
  else
    echo "FAIL $n: $out/$n.valgrind.log"
    grep -E '^==[0-9]+== (ERROR SUMMARY|.*definitely lost)' "$out/$n.valgrind.log" | head -n 3
    return 1
  fi
}
export -f one

echo "make valgrind: $# suites, $jobs at a time, logs in $out"
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'one "$1"' _ {}
status=$?
if [ $status -ne 0 ]; then
  echo "make valgrind: FAILED"
  exit 1
fi
echo "make valgrind: all suites passed"
