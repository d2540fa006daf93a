#!/bin/bash
# gpu-dist.sh — issue 31's table in ONE device call on 2 or 4 H200s (kind nvidia-h200-x2 or
# nvidia-h200-x4), every row with golcl-dist's default options (stepper auto, halo tuned at
# creation, overlapped intervals, CG method auto): `golcl-dist bench --ranks-report` on 1, 2
# (and 4) GPUs from one mpirun — Life weak at 65536² and 32768² a rank with strong 65536² and
# 32768² in all (torus, soups), CG weak at 4096² and 8192² unknowns a rank with strong; then,
# time permitting, the controls on every GPU (overlap off, tuning off) for the timeline.
# Writes everything to $OUT/gpu-dist.log (the tables are its "ranks report" blocks). About
# 4-6 minutes; every command has its own timeout and none starts after 7.5 minutes.
#
#   run (device call, from the repository root, carry [".deps"]):  bash tools/gpu-dist.sh
#   DRY=1 bash tools/gpu-dist.sh   (here: small sizes on pocl, a check of the script)
set -u
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
left() { [ $(($(date +%s) - T0)) -lt "$1" ]; }
OUTD=${OUT:-/tmp}
LOG=$OUTD/gpu-dist.log
exec > >(tee "$LOG") 2>&1
date -u
git log --oneline -1 2>/dev/null
if [ -z "${DRY:-}" ]; then
  [ -e /usr/lib/libnvidia-opencl.so.1 ] &&
    echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  mkdir -p /opt/deps
  for f in .deps/*.deb; do [ -e "$f" ] && dpkg -x "$f" /opt/deps; done
  export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
  nvidia-smi -L
  NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
  make -j"$(nproc)" MPI=1 CPPFLAGS=-isystem/opt/deps/usr/include \
    LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu build/golcl-dist > "$OUTD/build.log" 2>&1 ||
    { tail -30 "$OUTD/build.log"; exit 1; }
  export GOLCL_DEVICE=gpu
  S=65536 W=32768 C1=4096 C2=8192 GS=2048 GW=8192 IT=200
else
  NGPU=2
  make -j2 build/golcl-dist > "$OUTD/build.log" 2>&1 || { tail -30 "$OUTD/build.log"; exit 1; }
  export GOLCL_DEVICE=cpu POCL_MAX_PTHREAD_COUNT=1
  S=1024 W=512 C1=128 C2=256 GS=128 GW=256 IT=20
fi
el
echo "built; $NGPU GPU(s)"
R="mpirun --allow-run-as-root --bind-to none --oversubscribe -np $NGPU"
B=build/golcl-dist
run() { # run TIMEOUT ARGS...: one golcl-dist command under mpirun, its whole output
  local t=$1
  shift
  echo "--- ${R##*-np } $*"
  timeout "$t" $R "$@"
  local rc=$?
  [ $rc -ne 0 ] && echo "rc $rc"
  el
  return 0
}
run 30 $B devices
# the table: default options throughout
# (each guarded so that the whole call stays under 8 minutes: left T runs it only before T s)
run 150 $B bench --ranks-report --size ${S}x$S --torus -g $GS --repeat 3
left 300 && run 120 $B bench --ranks-report --size ${W}x$W --torus -g $GW --repeat 3
left 370 && run 60 $B bench --ranks-report --cg $C1 --iters $IT --repeat 5
left 410 && run 60 $B bench --ranks-report --cg $C2 --iters $IT --repeat 5
# controls on every GPU (weak, a rank's block as above), for the timeline and to see what the
# overlap and the tuning each gave: the overlap on one queue (GOLCL_DIST_QUEUES=1), the plain
# interval (overlap off) with the tuned k, the
# overlap with the untuned k, both off, and the hand-tuned plain --halo 64 of the table
PX=$NGPU PY=1
[ "$NGPU" -eq 4 ] && PX=2 PY=2
WW="--size $((W * PX))x$((W * PY)) --torus -g $GW --repeat 3"
SS="--size $((S * PX))x$((S * PY)) --torus -g $GS --repeat 3"
OFF="-x GOLCL_DIST_OVERLAP=off" UNT="-x GOLCL_DIST_TUNE=off" ONEQ="-x GOLCL_DIST_QUEUES=1"
clinfo 2>/dev/null | grep -o -m1 cl_khr_priority_hints || echo "no cl_khr_priority_hints"
left 410 && run 25 $B bench $WW --halo 128
left 412 && run 25 $B bench $WW --halo 192
left 415 && R="$R $ONEQ" run 25 $B bench $WW
left 418 && R="$R $ONEQ" run 25 $B bench $SS
left 420 && R="$R $OFF" run 25 $B bench $WW
left 430 && R="$R $UNT" run 25 $B bench $WW
left 440 && R="$R $OFF" run 25 $B bench $WW --halo 64
left 445 && R="$R $OFF" run 25 $B bench $SS
left 450 && R="$R $UNT $OFF" run 25 $B bench $WW
echo "done"
el
