#!/bin/bash
# gpu-qtiles.sh — the host tiles (--algo host-tiles) against the device's
# sparse tiles and bgolly on the GPU machine (the lead's batch runs it).
P=../../.deps/Patterns; [ -d $P ] || P=/usr/share/golly/Patterns
M=Life/Methuselahs
METH="$M/acorn.lif:30000 $M/rabbits.lif:30000 $M/iwona.rle:30000 $M/lidka-predecessor.rle:30000"
nvidia-smi -L 2>/dev/null | head -1; lscpu | grep -m1 "Model name"
echo "== auto on the GPU context (sparse tiles for chaos), bgolly beside, medians of 3"
timeout 35 build/golcl bench universe --patterns $P --reps 3
echo "== auto on the GPU context, GOLCL_UNIVERSE_TILES=host (host tiles for chaos), medians of 3"
GOLCL_UNIVERSE_TILES=host timeout 12 build/golcl bench universe --no-bgolly --patterns $P --reps 3
echo "== auto on pocl (GOLCL_DEVICE=cpu: the host tiles for chaos), medians of 3"
GOLCL_DEVICE=cpu timeout 22 build/golcl bench universe --no-bgolly --device cpu --patterns $P --reps 3
echo "== --algo host-tiles alone, medians of 3"
timeout 8 build/golcl bench universe --no-bgolly --algo host-tiles --patterns $P --reps 3 $METH
