#!/bin/bash
# gpu-game.sh — the bit-packed game kernel beside the fused one on the GPU
# (lead's batch; at most 90 s): 512³ and 4096² at the defaults, a few
# launch shapes of the bits kernel, then the game suite on the GPU with
# whatever time is left.
export GOLCL_DEVICE=gpu
B=build/golcl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
date -u
echo "== 512^3 torus (bench default)"
$B bench game --kernels bits,fused
echo "== 4096^2 torus"
$B bench game --size 4096x4096 --kernels bits,fused
echo "== 8192^2 torus, 512^3 dead, 512^3 von Neumann"
$B bench game --size 8192x8192 --kernels bits,fused --reps 3 | tail -2
$B bench game --boundary dead --kernels bits --reps 3 | tail -1
$B bench game --nbhd vn --kernels bits,fused --reps 3 | tail -2
echo "== without always_inline [$SECONDS s]"
GOLCL_BUILD_OPTIONS=-DGB_NO_ALWAYS_INLINE $B bench game --kernels bits --reps 3 | tail -1
GOLCL_BUILD_OPTIONS=-DGB_NO_ALWAYS_INLINE $B bench game --size 4096x4096 --kernels bits --reps 3 | tail -1
echo "== shapes 3-D (chunk, group rows) [$SECONDS s]"
for v in "8 16" "24 16"; do
  set -- $v
  echo "chunk $1 gy $2: $(GOLCL_GAME_BITS_CHUNK=$1 GOLCL_GAME_BITS_GY=$2 $B bench game --kernels bits --reps 3 | tail -1)"
done
echo "== shapes 2-D (chunk, groups) [$SECONDS s]"
for v in "4 8" "16 8"; do
  set -- $v
  echo "chunk $1 gy $2: $(GOLCL_GAME_BITS_CHUNK=$1 GOLCL_GAME_BITS_GY=$2 $B bench game --size 4096x4096 --kernels bits --reps 3 | tail -1)"
done
echo "== test_lattice_game, case bits, on the GPU [$SECONDS s]"
make -j16 build/tests/test_lattice_game MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include \
  LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS= \
  CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" >/dev/null 2>&1 || echo "test build failed"
left=$((86 - SECONDS))
[ $left -gt 5 ] && CK_RUN_CASE=bits CK_VERBOSITY=verbose GOLCL_TEST_DEVICE=gpu timeout $left build/tests/test_lattice_game 2>&1 | grep -v "warnings gen" | tail -8
echo "[$SECONDS s]"; date -u
