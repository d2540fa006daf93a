#!/bin/bash
# gpu-dist2.sh — issue 20's two-GPU rows on the GPU machine: (1) the strong 65536² Life run,
# whose local grid (65600x32832, 2.15e9 cells) never came back from setup: a probe of
# clEnqueueFillBuffer across 2^31 bytes on the card, the local grid alone, the strong run;
# (2) distributed CG, fused with the halo against the general path, weak and strong.
# One GPU: both ranks on it (node-local rank i takes GPU i mod count). Two GPUs: one each.
# DRY=1: small sizes on pocl (a check of the script). Every run has its own timeout.
set -u
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
left() { [ $(($(date +%s) - T0)) -lt "$1" ]; }
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
OUTD=${OUT:-/tmp}/dist2
mkdir -p "$OUTD"
nvidia-smi -L 2>/dev/null
NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
date -u
BUDGET=85
[ "$NGPU" -ge 2 ] && BUDGET=145
nice make -j16 MPI=1 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu \
  build/golcl-dist > "$OUTD/build.log" 2>&1 || { tail -30 "$OUTD/build.log"; exit 1; }
el; echo "built; $NGPU GPU(s)"
S=65536 C=4096
export GOLCL_DEVICE=gpu
if [ -n "${DRY:-}" ]; then S=1024 C=256; export GOLCL_DEVICE=cpu POCL_MAX_PTHREAD_COUNT=1; fi
R="mpirun --allow-run-as-root --bind-to none --oversubscribe"
B=build/golcl-dist
run() { # run TIMEOUT NP ARGS...: one bench, its summary lines
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

L="--torus --stepper multi --repeat 3"
# (1) Life at 65536²: one GPU (the baseline; its grid now cleared by the fill kernel: the hash
# must stay 0a0c7a2170af7e02, the 14:17 batch's), then on two GPUs the strong run (a rank's
# local grid 65600x32832 alone: 13 796 gen/s in the 16:35 batch), plain and profiled
run 15 1 --size ${S}x$S $L -g 256
if [ "$NGPU" -ge 2 ] || [ -n "${DRY:-}" ]; then
  run 20 2 --size ${S}x$S $L -g 256
  run 20 2 --size ${S}x$S $L -g 256 --profile
else
  run 15 1 --size $((S + 64))x$((S / 2 + 64)) $L -g 256
fi
# (2) CG, 4096² a rank (weak) and 4096² on two (strong): the halo of r (default: general
# kernels, two rounds), the same with the fused kernels (GOLCL_LA_CG_HALO_KERNELS=fused) and
# the halo of p (GOLCL_DIST_CG_GENERAL=1, the path before: three rounds), same run. One rank
# with the hooks (GOLCL_DIST_CG_HOOKS=1): what the rounds and device waits cost without a
# second rank.
G="-x GOLCL_DIST_CG_GENERAL=1" H="-x GOLCL_DIST_CG_HOOKS=1" K="-x GOLCL_LA_CG_HALO_KERNELS=fused"
NR=5
[ "$NGPU" -lt 2 ] && NR=9
left $((BUDGET - 10)) && run 8 1 --cg $C --iters 100 --repeat $NR
left $((BUDGET - 10)) && R="$R $H" run 8 1 --cg $C --iters 100 --repeat $NR
left $((BUDGET - 10)) && R="$R $H $K" run 8 1 --cg $C --iters 100 --repeat $NR
left $((BUDGET - 10)) && R="$R $H $G" run 8 1 --cg $C --iters 100 --repeat $NR
if [ "$NGPU" -ge 2 ] || [ -n "${DRY:-}" ]; then
  left $((BUDGET - 10)) && run 8 2 --cg $C --iters 100 --repeat 5
  left $((BUDGET - 10)) && R="$R $K" run 8 2 --cg $C --iters 100 --repeat 5
  left $((BUDGET - 10)) && R="$R $G" run 8 2 --cg $C --iters 100 --repeat 5
  left $((BUDGET - 10)) && run 8 2 --cg $C --strong --iters 100 --repeat 5
  left $((BUDGET - 10)) && R="$R $K" run 8 2 --cg $C --strong --iters 100 --repeat 5
  left $((BUDGET - 10)) && R="$R $G" run 8 2 --cg $C --strong --iters 100 --repeat 5
else
  left $((BUDGET - 10)) && run 8 2 --cg $C --strong --iters 100 --repeat 5
fi
# two GPUs: the weak Life rows again (halo 32 and 64), for the table in the same batch
if [ "$NGPU" -ge 2 ]; then
  W=32768
  left $((BUDGET - 12)) && run 10 1 --size ${W}x$W $L -g 1024
  left $((BUDGET - 10)) && run 10 2 --size $((2 * W))x$W $L -g 1024
  left $((BUDGET - 10)) && run 10 2 --size $((2 * W))x$W $L -g 1024 --halo 64
  left $((BUDGET - 10)) && run 12 2 --size ${S}x$S $L -g 256 --halo 64
fi
# (3) clEnqueueFillBuffer on the card (16:06 batch: one fill of 2147479552 bytes works, one of
# 2153779200 never returns): 2153779200 bytes in fills of 2^30 (offsets past 2^31), one fill of
# 2^32 bytes; the library fills such ranges with its own kernel now.
if [ -z "${DRY:-}" ] && [ "$NGPU" -lt 2 ]; then
  cat > "$OUTD/fillprobe.c" <<'EOF'
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
  size_t bytes = strtoull(argv[1], NULL, 0), chunk = strtoull(argv[2], NULL, 0);
  cl_platform_id ps[8]; cl_uint np = 0; clGetPlatformIDs(8, ps, &np);
  cl_device_id dev = NULL;
  for (cl_uint i = 0; i < np && !dev; i++) if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS) dev = NULL;
  if (!dev) { printf("no gpu\n"); return 1; }
  cl_int e; cl_context c = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue(c, dev, 0, &e);
  cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &e);
  if (e) { printf("alloc %d\n", e); return 1; }
  unsigned char pat = 0xA5;
  double t0 = now();
  e = 0;
  if (!chunk) e = clEnqueueFillBuffer(q, b, &pat, 1, 0, bytes, 0, NULL, NULL);
  else for (size_t o = 0; o < bytes && !e; o += chunk) e = clEnqueueFillBuffer(q, b, &pat, 1, o, bytes - o < chunk ? bytes - o : chunk, 0, NULL, NULL);
  printf("fill %zu bytes, chunk %zu: enqueued (%d) ", bytes, chunk, e); fflush(stdout);
  cl_int f = clFinish(q);
  double t1 = now();
  size_t at[4] = {0, bytes / 2, bytes > ((size_t)1 << 31) + 4096 ? ((size_t)1 << 31) - 2048 : 0, bytes - 4096};
  unsigned char buf[4096]; size_t bad = 0;
  for (int i = 0; i < 4; i++) { clEnqueueReadBuffer(q, b, CL_TRUE, at[i], 4096, buf, 0, NULL, NULL); for (int j = 0; j < 4096; j++) bad += buf[j] != pat; }
  printf("finish %d, %.4f s, %zu of 16384 sampled bytes not filled\n", f, t1 - t0, bad);
  return 0;
}
EOF
  gcc -O2 -o "$OUTD/fillprobe" "$OUTD/fillprobe.c" -lOpenCL 2>&1 | tail -3
  for c in "2153779200 1073741824" "4294967296 0"; do
    left $((BUDGET - 6)) && { timeout 5 "$OUTD/fillprobe" $c || echo " -> rc $? (5 s timeout: 124)"; }
  done
  el
fi

el; echo done
