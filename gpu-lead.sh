#!/bin/bash
# lead: HashLife A/B (main's build vs this one, alternating), universe table, tiles on every Life file
R=$(cd ../.. && pwd)/.deps
export GOLCL_DEVICE=gpu
M=../main/build/golcl
F="Life/Breeders/c4-diag-switch-engines.rle Life/Methuselahs/rabbits.lif HashLife/metapixel-p216-gun.mc.gz:4096"
for r in 1 2 3; do for b in $M build/golcl; do echo "== $b"; $b bench universe --patterns $R/Patterns --algo hashlife -g 30000 --no-bgolly $F 2>&1 | grep -v "^pattern\|^ratio"; done; done
F6="Life/Methuselahs/acorn.lif Life/Methuselahs/rabbits.lif Life/Methuselahs/iwona.rle Life/Methuselahs/lidka-predecessor.rle Life/Breeders/c4-diag-switch-engines.rle Life/Breeders/spacefiller.rle:10000"
build/golcl bench universe --patterns $R/Patterns --device gpu -g 30000 $F6 2>&1 | tail -8
cd $R/Patterns && L=$(ls Life/*/*.rle Life/*/*.lif | head -80) && cd - >/dev/null
timeout 40 build/golcl bench universe --patterns $R/Patterns --device gpu --algo sparse -g 1024 $L 2>&1 | awk '{print $NF}' | sort | uniq -c
