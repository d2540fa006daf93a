#!/bin/bash
# gpu-count.sh — issue 21 (count) on the GPU: the multi-state kernels on
# Golly's other bounded grids (:K, :C, :S, shifted tori, tubes) and the
# older soups against the host reference and bgolly (test_rules_soups), then
# as much of the count of Golly's files (test_golly_count) as the time allows.
# Golly's Patterns and Rules are the batch's (beside its bgolly).
M="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS="
L="-lcheck -lsubunit -lm -lpthread -lrt"
nvidia-smi --query-gpu=name --format=csv,noheader
D=$(dirname "$(dirname "$(command -v bgolly)")")
[ -d /usr/share/golly/Patterns ] && D=/usr/share/golly
export GOLCL_GOLLY_PATTERNS=$D/Patterns GOLCL_GOLLY_RULES=$D/Rules GOLCL_RULES=$D/Rules
echo "bgolly: $(command -v bgolly); Golly's files: $(ls -d $D/Patterns $D/Rules 2>&1 | tr '\n' ' ')"
for t in test_rules_soups test_golly_count; do
  make build/tests/$t $M CHECK_LIBS="$L" >/tmp/build-$t.log 2>&1 || { echo "build of $t failed"; tail -20 /tmp/build-$t.log; }
done
export GOLCL_TEST_DEVICE=gpu
SECONDS=0
timeout 25 build/tests/test_rules_soups >/tmp/soups.log 2>&1
echo "test_rules_soups rc=$? in $SECONDS s; SAME: $(grep -c SAME /tmp/soups.log)"
grep -E "Checks|:F:|NOT RUN" /tmp/soups.log | cut -c1-200 | head -12
if [ -d "$GOLCL_GOLLY_PATTERNS" ] && [ -x build/tests/test_golly_count ]; then
  SECONDS=0
  timeout 50 stdbuf -oL build/tests/test_golly_count >/tmp/count.log 2>&1
  echo "test_golly_count rc=$? in $SECONDS s (50 s at most)"
  echo "identical so far: $(grep -c '^golly-count: identical' /tmp/count.log)"
  grep -v '^golly-count: identical' /tmp/count.log | cut -c1-300 | tail -25
  grep '^golly-count: identical' /tmp/count.log | grep -E 'gens 7 37|R500|R100' |
    sed -E 's/.*identical ([^ ]+).*(\[[0-9.]+ s\])/\1 \2/' | tail -12
  grep '^golly-count: identical' /tmp/count.log | tail -1 | cut -c1-200
fi
