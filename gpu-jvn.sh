#!/bin/bash
# gpu-jvn.sh — issue 21, JvN row: golcl bench rules for JvN29, Nobili32 and
# Hutton32 on a 16384² random soup of each rule's states (Brian's Brain /2/3
# first: the ratio column is against it) with the default lookups (JvN29 and
# Nobili32: small tables in local memory; Hutton32: the 32 MiB table of all
# neighbourhoods; a work-item four cells wide walking 32 rows down), then the
# other lookups and row counts (GOLCL_JVN_KERNEL, GOLCL_JVN_ROWS), an 8192² torus, the copy kernel's
# bandwidth for the share (a JvN generation reads and writes a byte a cell),
# and the multi-state kernels (JvN included) against the host reference on
# this card. Under 90 s.
set -u
export GOLCL_DEVICE=gpu
T0=$(date +%s)
date -u
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null
B="build/golcl bench rules --size 16384x16384 --gens 40 --reps 5"
timeout 15 $B --rules '/2/3;JvN29;Nobili32;Hutton32'
for v in GOLCL_JVN_KERNEL=direct GOLCL_JVN_KERNEL=full GOLCL_JVN_ROWS=8 GOLCL_JVN_ROWS=128; do
  echo "--- $v"
  env "$v" timeout 7 $B --rules 'JvN29;Hutton32' | tail -2
done
timeout 8 build/golcl bench rules --rules 'JvN29;Hutton32' --size 8192x8192 --gens 40 --reps 5 \
  --torus | tail -3
timeout 12 build/golcl bench la --sizes 4096 --reps 5 2>&1 | grep -E "^ +(op|copy) " | head -3
echo "[$(($(date +%s) - T0)) s]"
M="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu"
timeout 15 make -j16 $M CHECK_CFLAGS= CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" \
  build/tests/test_rules_kernels > /tmp/jvn-build.log 2>&1 || tail -5 /tmp/jvn-build.log
GOLCL_TEST_DEVICE=gpu timeout $((85 - $(date +%s) + T0)) build/tests/test_rules_kernels 2>&1 | tail -3
echo "[$(($(date +%s) - T0)) s]"
