#!/bin/bash
# gpu-count.sh — issue 21 (count) on the GPU: the multi-state kernels on
# Golly's other bounded grids (:K, :C, :S, shifted tori, tubes) and the
# older soups against the host reference and bgolly (test_rules_soups), then
# as much of the count of Golly's files (test_golly_count) as the time allows.
M="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS="
L="-lcheck -lsubunit -lm -lpthread -lrt"
nvidia-smi --query-gpu=name --format=csv,noheader
echo "bgolly: $(command -v bgolly); golly files: $(ls /usr/share/golly 2>&1 | tr '\n' ' ')"
for t in test_rules_soups test_golly_count; do
  make build/tests/$t $M CHECK_LIBS="$L" >/tmp/build-$t.log 2>&1 || { echo "build of $t failed"; tail -20 /tmp/build-$t.log; }
done
export GOLCL_TEST_DEVICE=gpu
s0=$(date +%s.%N)
timeout 30 build/tests/test_rules_soups >/tmp/soups.log 2>&1
echo "test_rules_soups rc=$? in $(echo "$(date +%s.%N) - $s0" | bc) s"
grep -E "Checks|:F:|NOT RUN" /tmp/soups.log | head -20
grep -c "SAME" /tmp/soups.log
if [ -d /usr/share/golly/Patterns ] && [ -x build/tests/test_golly_count ]; then
  s0=$(date +%s.%N)
  timeout 45 stdbuf -oL build/tests/test_golly_count >/tmp/count.log 2>&1
  echo "test_golly_count rc=$? in $(echo "$(date +%s.%N) - $s0" | bc) s (45 s at most)"
  echo "identical so far: $(grep -c '^golly-count: identical' /tmp/count.log)"
  grep -v '^golly-count: identical' /tmp/count.log | cut -c1-300 | tail -25
  grep '^golly-count: identical' /tmp/count.log | grep -E 'Self-Rep|gens 7 37' | sed -E 's/.*identical ([^ ]+).*(\[[0-9.]+ s\])/\1 \2/' | tail -15
fi
