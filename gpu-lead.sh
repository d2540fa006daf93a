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
