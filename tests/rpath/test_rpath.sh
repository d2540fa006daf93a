#!/bin/bash
# test_rpath.sh — the suites test this tree's library whatever LD_LIBRARY_PATH
# says: every test binary carries the build folder as DT_RPATH (searched
# before LD_LIBRARY_PATH; a DT_RUNPATH is searched after it), and a suite
# still passes with LD_LIBRARY_PATH naming a folder of decoy libgolcl
# libraries that export nothing. A program linked with a DT_RUNPATH is run
# against the same decoy and must fail, to show that the decoy bites.
#
# Usage: tests/rpath/test_rpath.sh, from the repository root, after
# `make tests`; BUILD, CC, CFLAGS and LDFLAGS come from the environment.
set -u
BUILD=${BUILD:-build}
CC=${CC:-cc}
CFLAGS=${CFLAGS:-}
LDFLAGS=${LDFLAGS:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/../util/check.sh"
build=$(cd "$BUILD" && pwd)

minor=$(sed -n 's/^#define GOLCL_VERSION_MINOR \([0-9]*\).*/\1/p' include/golcl.h)
major=$(sed -n 's/^#define GOLCL_VERSION_MAJOR \([0-9]*\).*/\1/p' include/golcl.h)
if [ "$major" = 0 ]; then soname=libgolcl.so.0.$minor; else soname=libgolcl.so.$major; fi

make_decoy() {
  mkdir -p "$T/decoy"
  echo 'int golcl_decoy_library = 1;' >"$T/decoy.c"
  # shellcheck disable=SC2086
  $CC $CFLAGS $LDFLAGS -shared -fPIC -Wl,-soname,$soname -o "$T/decoy/$soname" "$T/decoy.c" ||
    return 1
  cp "$T/decoy/$soname" "$T/decoy/${soname/libgolcl/libgolcl_dist}"
}

t_binaries_have_rpath() {
  local n=0 b
  for b in "$build"/tests/test_* "$build"/tests/dist/test_*; do
    [ -x "$b" ] || continue
    # a suite of private parts links the static library and loads no libgolcl
    readelf -d "$b" | grep -q "(NEEDED).*\[libgolcl" || continue
    n=$((n + 1))
    readelf -d "$b" | grep -q "(RPATH).*\[$build\]" || say "$b: no RPATH $build" || return 1
    ! readelf -d "$b" | grep -q "(RUNPATH)" || say "$b: has a RUNPATH" || return 1
  done
  [ $n -gt 0 ] || say "no test binary in $build/tests"
}

t_runpath_program_takes_the_decoy() {
  printf '#include <golcl.h>\n#include <stdio.h>\nint main(void) { printf("%%s\\n", golcl_version_string()); return 0; }\n' \
    >"$T/prog.c"
  # shellcheck disable=SC2086
  $CC $CFLAGS -Iinclude $LDFLAGS -o "$T/prog" "$T/prog.c" -L"$build" \
    -Wl,--enable-new-dtags,-rpath,"$build" -lgolcl || return 1
  # (without LD_LIBRARY_PATH at all: make test itself may run under a hostile one)
  env -u LD_LIBRARY_PATH "$T/prog" >/dev/null || say "the program does not run without the decoy" ||
    return 1
  ! LD_LIBRARY_PATH=$T/decoy "$T/prog" >/dev/null 2>&1 || say "the decoy was not loaded"
}

t_suite_passes_with_the_decoy() {
  LD_LIBRARY_PATH=$T/decoy:${LD_LIBRARY_PATH:-} LD_DEBUG=libs "$build/tests/test_rule" \
    2>"$T/ld.log" || return 1
  grep -q "calling init: $build/$soname" "$T/ld.log" || say "$build/$soname was not loaded" ||
    return 1
  ! grep -q "calling init: $T/decoy" "$T/ld.log" || say "the decoy was loaded"
}

echo "decoy $soname in $T/decoy"
make_decoy || { echo "cannot build the decoy library"; exit 1; }
check "every test binary has DT_RPATH to $build, no DT_RUNPATH" t_binaries_have_rpath
check "a DT_RUNPATH program loads the decoy (the decoy bites)" t_runpath_program_takes_the_decoy
check "test_rule passes with LD_LIBRARY_PATH at the decoy, on $soname of $build" \
  t_suite_passes_with_the_decoy
check_summary
