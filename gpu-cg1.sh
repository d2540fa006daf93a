#!/bin/bash
# gpu-cg1.sh — issue 20's two-GPU CG rows with the single-reduction CG (GOLCL_CG_SINGLE_REDUCTION,
# Chronopoulos–Gear: one round an iteration, the sums and w's halo together) against the
# standard CG (two rounds), weak 4096² a rank and strong 4096² on two, in one run; and the
# one-device iteration (golcl bench la, stencil and band, 4096² f32) with and without it.
# Parts and their limits: build (≤ 40 s), bench la (≤ 2 × 12 s), golcl-dist runs (≤ 10 s each,
# started only while the budget allows: 85 s on one GPU, 145 s on two).
# One GPU: both ranks of -np 2 on it. DRY=1: small sizes on pocl (a check of the script).
set -u
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
left() { [ $(($(date +%s) - T0)) -lt "$1" ]; }
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
OUTD=${OUT:-/tmp}/cg1
mkdir -p "$OUTD"
nvidia-smi -L 2>/dev/null
NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
date -u
BUDGET=85
[ "$NGPU" -ge 2 ] && BUDGET=145
timeout 40 nice make -j16 MPI=1 CPPFLAGS=-isystem/opt/deps/usr/include \
  LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu build/golcl-dist build/golcl > "$OUTD/build.log" 2>&1 ||
  { tail -30 "$OUTD/build.log"; exit 1; }
el; echo "built; $NGPU GPU(s)"
C=4096 LA=4096
export GOLCL_DEVICE=gpu
if [ -n "${DRY:-}" ]; then C=256 LA=256; export GOLCL_DEVICE=cpu POCL_MAX_PTHREAD_COUNT=1; fi
# (1) one device: the CG iteration rows, standard and single reduction, in one process each
for m in standard single; do
  echo "--- golcl bench la --sizes $LA --ops cg_stencil,cg_band --cg-method $m"
  timeout 12 build/golcl bench la --sizes $LA --ops cg_stencil,cg_band --reps 5 --cg-method $m \
    2>&1 | grep -E "^device|^ +(copy|cg_)|rror" ; el
done
R="mpirun --allow-run-as-root --bind-to none --oversubscribe"
B=build/golcl-dist
run() { # run TIMEOUT NP ARGS...: one bench, its summary lines
  local t=$1 np=$2; shift 2
  echo "--- np $np: $* ${R##*--oversubscribe}"
  timeout "$t" $R -np "$np" $B bench "$@" > "$OUTD/last.log" 2>&1
  local rc=$?
  cat "$OUTD/last.log" >> "$OUTD/all.log"
  grep -E "^golcl-dist bench|iterations a solve|an iteration|rror" "$OUTD/last.log" | head -12
  [ $rc -ne 0 ] && echo "rc $rc" && tail -5 "$OUTD/last.log"
  el
  return $rc
}
S="--cg-method single" H="-x GOLCL_DIST_CG_HOOKS=1" SP="-x GOLCL_DIST_CG_SPLIT=1"
NR=5
# (2) one rank: the baselines, then with the hooks (the rounds and waits without a second rank)
left $((BUDGET - 10)) && run 10 1 --cg $C --iters 100 --repeat $NR
left $((BUDGET - 10)) && run 10 1 --cg $C --iters 100 --repeat $NR $S
left $((BUDGET - 10)) && R="$R $H" run 10 1 --cg $C --iters 100 --repeat $NR $S
# (3) two ranks (one GPU each on the two-GPU machine): weak, strong; single, standard, split
left $((BUDGET - 10)) && run 10 2 --cg $C --iters 100 --repeat $NR $S
left $((BUDGET - 10)) && run 10 2 --cg $C --strong --iters 100 --repeat $NR $S
left $((BUDGET - 10)) && run 10 2 --cg $C --iters 100 --repeat $NR
left $((BUDGET - 10)) && run 10 2 --cg $C --strong --iters 100 --repeat $NR
left $((BUDGET - 10)) && R="$R -x GOLCL_LA_CG_OVERLAP=0" run 10 2 --cg $C --iters 100 --repeat $NR $S
left $((BUDGET - 10)) && R="$R -x GOLCL_DIST_CG_SPIN=1" run 10 2 --cg $C --iters 100 --repeat $NR $S
left $((BUDGET - 10)) && R="$R $SP" run 10 2 --cg $C --iters 100 --repeat $NR $S
left $((BUDGET - 10)) && R="$R $H" run 10 1 --cg $C --iters 100 --repeat $NR
el; echo done
