# shellcheck shell=bash
# gpu-build.sh — what the one-call GPU scripts (tools/gpu-ltl.sh, tools/gpu-mstiles.sh) share,
# sourced after they set T0 (their start, date +%s):
#   gpu_build TEST...   on the H200 machine: NVIDIA's ICD, the .deps packages under /opt/deps,
#                       make lib examples, then the test binaries (Check without libsubunit
#                       where the machine lacks it: no-op stand-ins); log in /tmp/build.log;
#                       exits where the library does not build
#   gpu_start TEST...   gpu_build and the GPU chosen for the command and the tests, or with DRY
#                       set (here, on pocl) a plain make; then says what it built on; sets
#                       G, the command
#   gpu_tests END TEST...   each test binary, all within END seconds of T0: its Checks line,
#                       its first failures
#   gpu_bench LABEL [VAR=VALUE...]   `golcl bench rules` ($G) of $RULES at $SIZE, $GENS
#                       generations, the median of $REPS, with $MORE options and the given
#                       environment: each rule's gen/s and cell updates/s under the label
gpu_build() {
  echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  mkdir -p /opt/deps
  for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
  export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
  local M=(MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include
           LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS=)
  make -j16 lib examples "${M[@]}" >/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
  # Check wants libsubunit, which the machine may lack: no-op stand-ins (the suites print no
  # subunit stream) where the link fails with it
  if ! make -j16 "$@" "${M[@]}" CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" \
    >>/tmp/build.log 2>&1; then
    printf 'void subunit_test_start(void){}\nvoid subunit_test_pass(void){}\nvoid subunit_test_fail(void){}\nvoid subunit_test_error(void){}\n' >/tmp/subunit.c
    gcc -c -o /tmp/subunit.o /tmp/subunit.c
    make -j16 "$@" "${M[@]}" CHECK_LIBS="-lcheck /tmp/subunit.o -lm -lpthread -lrt" \
      >>/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; echo "tests not built"; }
  fi
}

gpu_start() {
  if [ -z "${DRY:-}" ]; then
    gpu_build "$@"
    export GOLCL_DEVICE=gpu GOLCL_TEST_DEVICE=gpu
  else
    make -j2 lib examples "$@" >/tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
  fi
  echo "[+$(($(date +%s) - T0)) s] built"
  nvidia-smi -L 2>/dev/null
  git log --oneline -1
  G=$PWD/build/golcl
}

gpu_tests() {
  local end=$1 t left s0
  shift
  for t in "$@"; do
    [ -x "$t" ] || { echo "$t: not built"; continue; }
    left=$((end - $(date +%s) + T0))
    [ "$left" -gt 10 ] || { echo "$t: no time left"; continue; }
    s0=$(date +%s)
    timeout "$((left < ${TEST_LIMIT:-$left} ? left : ${TEST_LIMIT:-$left}))" "$t" >/tmp/t.log 2>&1
    echo "$t rc=$? in $(($(date +%s) - s0)) s: $(grep -E 'Checks' /tmp/t.log)"
    grep -E ':F:|:E:' /tmp/t.log | cut -c1-300 | head -5
  done
}

gpu_bench() {
  local label=$1
  shift
  echo "-- $label"
  # shellcheck disable=SC2086 # MORE is a list of options
  env "$@" "$G" bench rules --size "$SIZE" --gens "$GENS" --reps "$REPS" --rules "$RULES" ${MORE:-} |
    tail -n +3 | awk '{printf "   %-40s %10s %12s\n", $1, $3, $4}'
}
