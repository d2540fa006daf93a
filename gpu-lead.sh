#!/bin/bash
# lead: issue 19 on the GPU — AUTO's stretches of tiles and HashLife probes
R=../../.deps
make build/tests/test_universe MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS= CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > t.log 2>&1 || tail -5 t.log
F="Life/Methuselahs/acorn.lif Life/Methuselahs/rabbits.lif Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle Life/Breeders/c4-diag-switch-engines.rle Life/Breeders/spacefiller.rle:10000"
export GOLCL_DEVICE=gpu
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 $F 2>&1 | tail -9
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 --no-bgolly $F 2>&1 | tail -8
build/golcl bench universe --patterns $R/Patterns --algo hashlife -g 30000 --no-bgolly $F 2>&1 | tail -8
GOLCL_TEST_DEVICE=gpu build/tests/test_universe 2>&1 | tail -3
