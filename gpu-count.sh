#!/bin/bash
# gpu-count.sh — issue 21 (count) on the GPU. The 16:35 and 17:05 batches ran
# test_rules_soups (57 of 57 soups the same as the reference and bgolly on an
# H100) and the first 159 files of the count; this one runs the count's
# Self-Rep folder (the big multi-state grids: Banks, Codd, Devore, JvN tapes)
# with the batch's Golly files (beside its bgolly).
M="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS="
L="-lcheck -lsubunit -lm -lpthread -lrt"
nvidia-smi --query-gpu=name --format=csv,noheader
D=$(dirname "$(dirname "$(command -v bgolly)")")
[ -d /usr/share/golly/Patterns ] && D=/usr/share/golly
export GOLCL_GOLLY_PATTERNS=$D/Patterns GOLCL_GOLLY_RULES=$D/Rules GOLCL_RULES=$D/Rules
make build/tests/test_golly_count $M CHECK_LIBS="$L" >/tmp/build.log 2>&1 || { echo "build failed"; tail -20 /tmp/build.log; exit 1; }
export GOLCL_TEST_DEVICE=gpu GOLCL_GOLLY_ONLY=Self-Rep/
SECONDS=0
timeout 78 stdbuf -oL build/tests/test_golly_count >/tmp/count.log 2>&1
echo "test_golly_count (Self-Rep) rc=$? in $SECONDS s (78 s at most)"
echo "identical: $(grep -c '^golly-count: identical' /tmp/count.log)"
grep -v '^golly-count: identical' /tmp/count.log | cut -c1-260 | tail -22
grep '^golly-count: identical' /tmp/count.log | grep -E 'gens 7 37' |
  sed -E 's/.*identical ([^ ]+).*grids up to ([0-9]+) cells.*(\[[0-9.]+ s\])/\1 \2 \3/'
grep '^golly-count: identical' /tmp/count.log | tail -1 | cut -c1-160
