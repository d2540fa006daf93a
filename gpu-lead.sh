#!/bin/bash
# lead: issue 19 (AUTO's probes) and the mesh row of issue 20 (dict kernel, 4 cells a work-item)
R=$(cd ../.. && pwd)/.deps
export GOLCL_DEVICE=gpu
TB="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS="
make build/tests/test_universe build/tests/test_lattice $TB CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > t.log 2>&1 || tail -5 t.log
F="Life/Methuselahs/acorn.lif Life/Methuselahs/rabbits.lif Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle Life/Breeders/c4-diag-switch-engines.rle Life/Breeders/spacefiller.rle:10000"
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 $F 2>&1 | tail -8
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 --no-bgolly $F 2>&1 | tail -7
for v in 4 1 4; do echo "== GOLCL_GLIFE_VEC=$v"; GOLCL_GLIFE_VEC=$v build/golcl bench graph --size 4096x4096 --gens 50 --reps 7 --kernels auto 2>&1 | tail -3; done
build/golcl bench --steppers naive --size 4096x4096 --torus --gens 50 --reps 7 2>&1 | tail -1
GOLCL_TEST_DEVICE=gpu build/tests/test_universe 2>&1 | tail -1
GOLCL_TEST_DEVICE=gpu build/tests/test_lattice 2>&1 | tail -2
