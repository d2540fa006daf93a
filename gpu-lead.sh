#!/bin/bash
# lead: Larger than Life on the GPU, R = 1, 5, 20, 100 (issue 21: R5 and R100 within 2x of R1)
R=$(cd ../.. && pwd)/.deps
export GOLCL_DEVICE=gpu GOLCL_RULES=$R/Rules
build/golcl bench rules --device gpu --size 16384x16384 --gens 10 --reps 3 --rules "R1,C0,M0,S2..3,B3..3,NM;R1,C0,M1,S3..4,B3..3,NM;R5,C0,M1,S34..58,B34..45,NM;R20,C0,M1,S400..800,B400..560,NM;R100,C0,M1,S10350..15740,B9350..12360,NM;R5,C0,M1,S10..30,B12..20,NN;R5,C0,M1,S20..50,B20..30,NC" 2>&1 | tail -10
build/golcl bench rules --device gpu --size 8192x8192 --gens 10 --reps 3 --rules "R1,C0,M0,S2..3,B3..3,NM;R5,C0,M1,S34..58,B34..45,NM;R100,C0,M1,S10350..15740,B9350..12360,NM" 2>&1 | tail -5
