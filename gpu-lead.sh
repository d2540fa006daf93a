#!/bin/bash
# lead: issue 19's table (medians of 5), c4's HashLife with and without a GPU context
R=$(cd ../.. && pwd)/.deps
export GOLCL_DEVICE=gpu
F6="Life/Methuselahs/acorn.lif Life/Methuselahs/rabbits.lif Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle Life/Breeders/c4-diag-switch-engines.rle Life/Breeders/spacefiller.rle:10000"
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 --reps 5 $F6 2>&1 | tail -8
C4=Life/Breeders/c4-diag-switch-engines.rle
for r in 1 2; do
echo "== c4 auto (GPU context open, HashLife runs)"; build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 --reps 5 --no-bgolly $C4 2>&1 | grep c4
echo "== c4 --algo hashlife (no context)"; build/golcl bench universe --patterns $R/Patterns --algo hashlife -g 30000 --reps 5 --no-bgolly $C4 2>&1 | grep c4
echo "== c4 --algo hashlife, taskset -c 5"; taskset -c 5 build/golcl bench universe --patterns $R/Patterns --algo hashlife -g 30000 --reps 5 --no-bgolly $C4 2>&1 | grep c4
done
nproc; cat /sys/fs/cgroup/cpu.max 2>/dev/null
# profile: the table's load (probe lengths) against the launch kernels' times
export PROF=$R/prof
for v in base sparse-table; do rm -rf /tmp/pt && mkdir /tmp/pt && cp -r Makefile lib cl include examples tools tests /tmp/pt/ && (cd /tmp/pt && bash $PROF/apply.sh && { [ $v = base ] || sed -i 's/#define MIN_SLOTS_GPU 4096u/#define MIN_SLOTS_GPU 32768u/; s/#define ROOM 8u/#define ROOM 64u/' lib/universe/sparse.c; } && make -j8 build/golcl MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu >/dev/null 2>&1 || echo PROF BUILD FAILED)
  for f in Life/Methuselahs/iwona.rle; do echo "== $v $f sparse"; GOLCL_PROF=1 /tmp/pt/build/golcl run $R/Patterns/$f -g 30000 --algo sparse 2>&1 | grep -E "PROF|run:"; done; done
