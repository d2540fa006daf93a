#!/bin/bash
# gpu-dist.sh — the distributed benches on the GPU machine (issue 20, the exchange rows): builds
# golcl-dist with MPI, then Life weak (32768² a rank) and strong (65536²) scaling against one
# rank, with the exchange's profile (frame kernels and the old rectangle way), and CG weak and
# strong. Two GPUs: one rank each (node-local rank i takes GPU i); one GPU: both ranks on it.
# Kept under 90 s: every run has its own timeout.
set -u
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
OUTD=${OUT:-/tmp}/dist
mkdir -p "$OUTD"
nvidia-smi -L
NGPU=$(nvidia-smi -L | wc -l)
date -u
make -j16 MPI=1 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu \
  build/golcl-dist > "$OUTD/build.log" 2>&1 || { tail -30 "$OUTD/build.log"; exit 1; }
el; echo "built; $NGPU GPU(s)"
export GOLCL_DEVICE=gpu
R="mpirun --allow-run-as-root --bind-to none --oversubscribe"
B=build/golcl-dist
# run TIMEOUT NP ARGS...: one bench, its summary lines
run() {
  local t=$1 np=$2; shift 2
  echo "--- np $np: $*"
  timeout "$t" $R -np "$np" $B bench "$@" > "$OUTD/last.log" 2>&1
  local rc=$?
  cat "$OUTD/last.log" >> "$OUTD/all.log"
  grep -E "^golcl-dist bench|^ +[0-9]+ |an exchange|^total|iterations a solve|rror" "$OUTD/last.log" | head -16
  [ $rc -ne 0 ] && echo "rc $rc" && tail -5 "$OUTD/last.log"
  el
}
L="--torus --stepper auto --repeat 3"
# weak: 32768² a rank
run 12 1 --size 32768x32768 $L -g 1024
run 12 2 --size 65536x32768 $L -g 1024
run 12 2 --size 65536x32768 $L -g 1024 --profile
run 15 2 --size 65536x32768 $L -g 256 --exchange rect --profile
# strong: 65536² on one and on two
run 15 1 --size 65536x65536 $L -g 256
run 15 2 --size 65536x65536 $L -g 256
run 15 2 --size 65536x65536 $L -g 256 --profile
# CG: 4096² a rank (weak) and 4096² on two (strong)
run 10 1 --cg 4096 --iters 100 --repeat 5
run 10 2 --cg 4096 --iters 100 --repeat 5
run 10 2 --cg 4096 --strong --iters 100 --repeat 5
el; echo done
