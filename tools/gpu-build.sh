# gpu-build.sh — sourced by tools/gpu-jvn.sh and tools/gpu-ltl.sh: builds the library, the
# command and the test binaries given as arguments. On the device machine (DRY unset): NVIDIA's
# ICD named, the .deps packages unpacked under /opt/deps, Check linked without libsubunit where
# the machine lacks it (no-op stand-ins: the suites print no subunit stream), and the GPU chosen
# for the command and the tests (GOLCL_DEVICE, GOLCL_TEST_DEVICE). Here (DRY=1) a plain build.
# Leaves the build's log in /tmp/build.log; exits the script when the library does not build.
# Then says what it built on, and defines bench (a `golcl bench rules` of $RULES at $SIZE, $GENS
# generations, median of $REPS, $MORE options; its label first, then env assignments).
if [ -z "${DRY:-}" ]; then
  echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  mkdir -p /opt/deps
  for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
  export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
  M=(MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu
     CHECK_CFLAGS=)
  make -j16 lib examples "${M[@]}" >/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
  if ! make -j16 "$@" "${M[@]}" CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" \
    >>/tmp/build.log 2>&1; then
    printf 'void subunit_test_start(void){}\nvoid subunit_test_pass(void){}\nvoid subunit_test_fail(void){}\nvoid subunit_test_error(void){}\n' >/tmp/subunit.c
    gcc -c -o /tmp/subunit.o /tmp/subunit.c
    make -j16 "$@" "${M[@]}" CHECK_LIBS="-lcheck /tmp/subunit.o -lm -lpthread -lrt" \
      >>/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; echo "tests not built"; }
  fi
  export GOLCL_DEVICE=gpu GOLCL_TEST_DEVICE=gpu
else
  make -j2 lib examples "$@" >/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
fi
el built
nvidia-smi -L 2>/dev/null
git log --oneline -1
G=$PWD/build/golcl
bench() { # label, then env assignments; the rules in $RULES, more options in $MORE
  local label=$1
  shift
  echo "-- $label"
  # shellcheck disable=SC2086 # MORE is a list of options
  env "$@" "$G" bench rules --size "$SIZE" --gens "$GENS" --reps "$REPS" --rules "$RULES" ${MORE:-} |
    tail -n +3 | awk '{printf "   %-40s %10s %12s\n", $1, $3, $4}'
}
