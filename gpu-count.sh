#!/bin/bash
# gpu-count.sh — issue 21 (count): the multi-state kernels on Golly's other
# bounded grids (:K, :C, :S, shifted tori) and the older soups, on the GPU,
# against the host reference (no bgolly there: test_rules_soups then
# compares with the reference only; RuleLoader cases need Golly's Rules/).
M="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS="
make build/tests/test_rules_soups $M CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" >/dev/null 2>&1 ||
  { echo "build failed"; make build/tests/test_rules_soups $M CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" 2>&1 | tail -20; exit 1; }
nvidia-smi --query-gpu=name --format=csv,noheader
GOLCL_TEST_DEVICE=gpu timeout 80 build/tests/test_rules_soups 2>&1 | tail -40
