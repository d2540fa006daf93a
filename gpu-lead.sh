#!/bin/bash
# lead: issue 19 on the GPU — profile of the sparse launches (throw-away profiler)
R=$(cd ../.. && pwd)/.deps
export PROF=$R/prof GOLCL_DEVICE=gpu
rm -rf /tmp/pt && mkdir /tmp/pt && cp -r Makefile lib cl include examples tools tests /tmp/pt/ && (cd /tmp/pt && bash $PROF/apply.sh && make -j8 build/golcl MPI=0 CPPFLAGS=-isystem/opt/deps/usr/include LDFLAGS=-L/opt/deps/usr/lib/x86_64-linux-gnu >/dev/null 2>&1 || echo PROF BUILD FAILED)
for f in Life/Methuselahs/acorn.lif Life/Methuselahs/iwona.rle; do
  for a in sparse auto; do
  echo "== $f $a"
  GOLCL_PROF=1 /tmp/pt/build/golcl run $R/Patterns/$f -g 30000 --algo $a 2>&1 | grep -E "PROF|run:|tiles|population"
  done
done
F="Life/Methuselahs/acorn.lif Life/Methuselahs/rabbits.lif Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle Life/Breeders/c4-diag-switch-engines.rle Life/Breeders/spacefiller.rle:10000"
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 $F 2>&1 | tail -8
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 --algo sparse --no-bgolly $F 2>&1 | tail -7
