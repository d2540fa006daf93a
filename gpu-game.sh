#!/bin/bash
# gpu-game.sh — the bit-packed game kernel (bits) beside the fused one on the
# GPU (lead's batch; at most 90 s): 512³ and 4096² at the defaults, other
# sizes, boundaries, neighbourhoods and b, two launch shapes, then the bits
# cases of the game suite on the GPU with whatever time is left.
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
date -u
echo "== 512^3 torus (bench default)"
$B bench game --kernels bits,fused
echo "== 4096^2 torus"
$B bench game --size 4096x4096 --kernels bits,fused
echo "== 8192^2 torus; 4095x4097 torus; 512^3 dead; 512^3 von Neumann; b 1.5 at 512^3 and 4096^2"
$B bench game --size 8192x8192 --kernels bits,fused --reps 3 | tail -2
$B bench game --size 4095x4097 --kernels bits --reps 3 | tail -1
$B bench game --boundary dead --kernels bits --reps 3 | tail -1
$B bench game --nbhd vn --kernels bits,fused --reps 3 | tail -2
$B bench game --b 1.5 --kernels bits --reps 3 | tail -1
$B bench game --size 4096x4096 --b 1.5 --kernels bits --reps 3 | tail -1
echo "== 3-D chunks of 16 planes (the default is 24), 2-D chunks of 16 rows (8) [$SECONDS s]"
GOLCL_GAME_BITS_CHUNK=16 $B bench game --kernels bits | tail -1
GOLCL_GAME_BITS_CHUNK=16 $B bench game --size 4096x4096 --kernels bits | tail -1
echo "== test_lattice_game, case bits, on the GPU [$SECONDS s]"
make -j16 build/tests/test_lattice_game MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include \
  LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" >/dev/null 2>&1 || echo "test build failed"
left=$((86 - SECONDS))
[ $left -gt 5 ] && CK_RUN_CASE=bits GOLCL_TEST_DEVICE=gpu timeout $left build/tests/test_lattice_game 2>&1 | grep -v "warnings gen" | tail -4
echo "[$SECONDS s]"; date -u
