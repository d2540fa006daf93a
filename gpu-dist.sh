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
NGPU=$(nvidia-smi -L 2>/dev/null | wc -l)
date -u
nice make -j16 MPI=1 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu \
  build/golcl-dist > "$OUTD/build.log" 2>&1 || { tail -30 "$OUTD/build.log"; exit 1; }
el; echo "built; $NGPU GPU(s)"
# sizes (a dry run elsewhere: DRY=1, small sizes on the pocl CPU device)
W=32768 S=65536 C=4096 GW=1024 GS=256
export GOLCL_DEVICE=gpu
if [ -n "${DRY:-}" ]; then W=512 S=1024 C=256 GW=64 GS=32; export GOLCL_DEVICE=cpu POCL_MAX_PTHREAD_COUNT=1; fi
R="mpirun --allow-run-as-root --bind-to none --oversubscribe"
B=build/golcl-dist
# run TIMEOUT NP ARGS...: one bench, its summary lines
run() {
  local t=$1 np=$2; shift 2
  echo "--- np $np: $* ${R##*--oversubscribe}"
  timeout "$t" $R -np "$np" $B bench "$@" > "$OUTD/last.log" 2>&1
  local rc=$?
  cat "$OUTD/last.log" >> "$OUTD/all.log"
  grep -E "^golcl-dist bench|^setup|^warm-up|^ +[0-9]+ |an exchange|an iteration|^total|iterations a solve|rror" "$OUTD/last.log" | head -28
  [ $rc -ne 0 ] && echo "rc $rc" && tail -5 "$OUTD/last.log"
  el
  return $rc
}
# MULTI, AUTO's choice on a GPU, named: AUTO reads the population at the start of every run
# (its SPARSE test), a blocking read an exchange interval
L="--torus --stepper multi --repeat 3"
# weak: 32768² a rank
run 12 1 --size ${W}x$W $L -g $GW
# the local grid of a rank of the 2-rank runs (block and a frame of 32: a torus, as the local
# grids of a global torus are), stepped alone: the stepper's own speed on it
run 12 1 --size $((W + 64))x$((W + 64)) $L -g $GW
run 12 2 --size $((2 * W))x$W $L -g $GW
run 12 2 --size $((2 * W))x$W $L -g $GW --profile
run 12 2 --size $((2 * W))x$W $L -g $GW --halo 64
R="$R --mca btl_vader_single_copy_mechanism none" run 12 2 --size $((2 * W))x$W $L -g $GW --halo 64
R="$R --mca btl_vader_single_copy_mechanism none" run 12 2 --size $((2 * W))x$W $L -g $GW
# the host side of the frame in pageable memory (malloc) instead of pinned
echo "GOLCL_DIST_STAGING=pageable:"
R="$R -x GOLCL_DIST_STAGING" GOLCL_DIST_STAGING=pageable run 12 2 --size $((2 * W))x$W $L -g $GW --profile
run 12 2 --size $((2 * W))x$W $L -g $((GS / 2)) --exchange rect --profile
# strong: 65536² on one and on two
run 15 1 --size ${S}x$S $L -g $GS
# a rank's local grid of the strong run alone (2.15e9 cells, above 2^31, width not a power of
# two): the strong 2-rank run printed nothing in 25 s in two batches
run 20 1 --size $((S + 64))x$((S / 2 + 64)) $L -g $GS && run 25 2 --size ${S}x$S $L -g $GS --profile
# CG: 4096² a rank (weak) and 4096² on two (strong)
run 10 1 --cg $C --iters 100 --repeat 5
run 10 2 --cg $C --iters 100 --repeat 5
run 10 2 --cg $C --strong --iters 100 --repeat 5
# pocl on the machine's CPU cores, if time is left: weak scaling, 8192² a rank, 2 threads a rank
P=8192
[ -n "${DRY:-}" ] && P=256
export POCL_MAX_PTHREAD_COUNT=2
for np in 1 2 4 8; do
  [ $(($(date +%s) - T0)) -gt 70 ] && { echo "pocl np $np: skipped (time)"; break; }
  case $np in 1) SZ=${P}x$P ;; 2) SZ=$((2 * P))x$P ;; 4) SZ=$((2 * P))x$((2 * P)) ;; 8) SZ=$((4 * P))x$((2 * P)) ;; esac
  run 12 $np --device cpu --size $SZ --torus --stepper bitslice --halo 16 -g 64 --repeat 3
done
el; echo done
