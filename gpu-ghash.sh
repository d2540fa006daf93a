#!/bin/bash
# gpu-ghash.sh — device HashLife (--algo hashlife-gpu) against the host's
# HashLife and bgolly on the GPU machine (the lead's batch runs it).
P=../../.deps/Patterns; [ -d $P ] || P=/usr/share/golly/Patterns
export GOLCL_DEVICE=gpu
D=/opt/deps/usr
cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude -Ilib -isystem$D/include tests/bench_universe_hlg.c \
  build/libgolcl.a -L$D/lib/x86_64-linux-gnu -lclblast -lOpenCL -lz -lpng -lm -pthread \
  -o build/bench_universe_hlg || exit 1
L=$P/Life; H=$P/HashLife
SIX="$L/Methuselahs/acorn.lif:30000 $L/Methuselahs/rabbits.lif:30000 $L/Methuselahs/iwona.rle:30000
  $L/Methuselahs/lidka-predecessor.rle:30000 $L/Breeders/c4-diag-switch-engines.rle:30000
  $L/Breeders/spacefiller.rle:10000"
HL="$H/metapixel-p216-gun.mc.gz:4096 $H/ruler.mc:65536 $H/ruler.mc:1048576 $H/wedge-grow.mc:65536
  $H/wedge-grow.mc:1048576 $H/nick-gotts-1.mc:65536"
SOUPS="soup:256:1024 soup:1024:1024 soup:2048:256"
echo "== default (what hashlife-gpu runs): host HashLife vs device HashLife, one process"
timeout 22 build/bench_universe_hlg -d gpu $SIX $HL $SOUPS
echo "== golcl bench universe (auto), bgolly beside"
timeout 16 build/golcl bench universe --device gpu --patterns $P
echo "== golcl bench universe --algo hashlife-gpu, bgolly beside"
timeout 16 build/golcl bench universe --algo hashlife-gpu --device gpu --patterns $P
echo "== longer jumps, default"
timeout 24 build/bench_universe_hlg -d gpu $H/ruler.mc:16777216 $H/wedge-grow.mc:16777216 $H/nick-gotts-1.mc:1048576
