#!/bin/bash
# lead: sparse tiles with two kernels a launch (profile against main), universe table, GPU tests
R=$(cd ../.. && pwd)/.deps
export PROF=$R/prof GOLCL_DEVICE=gpu
TB="MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu CHECK_CFLAGS="
make build/tests/test_universe build/tests/test_universe_sparse $TB CHECK_LIBS="-lcheck -lsubunit -lm -lpthread -lrt" > t.log 2>&1 || tail -5 t.log
GOLCL_TEST_DEVICE=gpu build/tests/test_universe_sparse 2>&1 | tail -3
GOLCL_TEST_DEVICE=gpu build/tests/test_universe 2>&1 | tail -2
for t in ../main .; do rm -rf /tmp/pt && mkdir /tmp/pt && cp -r $t/Makefile $t/lib $t/cl $t/include $t/examples $t/tools $t/tests /tmp/pt/ && (cd /tmp/pt && bash $PROF/apply.sh && make -j8 build/golcl MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu >/dev/null 2>&1 || echo PROF BUILD FAILED)
  for f in Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle; do echo "== $t $f sparse"; GOLCL_PROF=1 /tmp/pt/build/golcl run $R/Patterns/$f -g 30000 --algo sparse 2>&1 | grep -E "PROF|run:|population"; done; done
F6="Life/Methuselahs/acorn.lif Life/Methuselahs/rabbits.lif Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle Life/Breeders/c4-diag-switch-engines.rle Life/Breeders/spacefiller.rle:10000"
for b in ../main/build/golcl build/golcl; do echo "== $b sparse"; $b bench universe --patterns $R/Patterns --device gpu --algo sparse -g 30000 --no-bgolly $F6 2>&1 | grep -v "^pattern\|^ratio"; done
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 $F6 2>&1 | tail -8
cd $R/Patterns && L=$(ls Life/*/*.rle Life/*/*.lif | head -120) && cd - >/dev/null
timeout 50 build/golcl bench universe --patterns $R/Patterns --device gpu --algo sparse -g 1024 $L 2>&1 | grep -v identical | grep -v "Bounded-Grids"
