#!/bin/sh
# test_dist_cmd.sh — the golcl-dist command on pocl ranks: `run` of multi-state patterns
# (Generations on its own torus, Larger than Life, a RuleLoader @TABLE from a rule folder) gives
# the same population, hash and written RLE on 1 and 3 ranks; a two-state pattern's bounded
# grid is taken; a Klein bottle is refused; `bench --ranks-report` prints its table for 1 and
# 2 ranks. Usage: test_dist_cmd.sh GOLCL_DIST MPIRUN [MPIRUN_FLAGS...]
set -u
D=$1
shift
MPIRUN="$*"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export GOLCL_DEVICE=cpu POCL_MAX_PTHREAD_COUNT=1
fails=0
say() {
  echo "  FAILED: $*"
  fails=$((fails + 1))
}

cat >"$T/gens.rle" <<'EOF'
x = 5, y = 4, rule = 345/2/4:T23,19
.ABC.$A.C.B$BCA.A$2.AA!
EOF
cat >"$T/ltl.rle" <<'EOF'
x = 6, y = 6, rule = R2,C3,M1,S5..9,B6..8,NM
A.AA.A$.AAA.A$AA.AA.$A.AAA.$.A.A.A$AAA.AA!
EOF
mkdir -p "$T/rules"
cat >"$T/rules/WW.rule" <<'EOF'
@RULE WW
@TABLE
n_states:4
neighborhood:Moore
symmetries:permute
var a={0,1,2,3}
var b={a}
var c={a}
var d={a}
var e={a}
var f={a}
var g={a}
var h={a}
var i={0,2,3}
var j={i}
var k={i}
var l={i}
var m={i}
var n={i}
var o={i}
1,a,b,c,d,e,f,g,h,2
2,a,b,c,d,e,f,g,h,3
3,1,i,j,k,l,m,n,o,1
3,1,1,i,j,k,l,m,n,1
EOF
cat >"$T/ww.rle" <<'EOF'
x = 8, y = 3, rule = WW
.CCCCCC.$C......A$.BCCCCC.!
EOF
cat >"$T/torus.rle" <<'EOF'
x = 3, y = 3, rule = B3/S23:T17,13
.o.$..o$3o!
EOF
cat >"$T/klein.rle" <<'EOF'
x = 3, y = 3, rule = B3/S23:K17*,13
.o.$..o$3o!
EOF

# the summary line's population and hash
summary() { sed -n 's/.*population \([0-9]*\), hash \([0-9a-f]*\).*/\1 \2/p' "$1"; }

for p in gens ltl ww; do
  for np in 1 3; do
    GOLCL_RULES=$T/rules $MPIRUN -x GOLCL_RULES -np $np "$D" run "$T/$p.rle" --size 31x27 -g 23 \
      -o "$T/$p.$np.rle" >"$T/$p.$np.out" 2>&1 || say "$p on $np ranks: $(tail -2 "$T/$p.$np.out")"
  done
  [ -n "$(summary "$T/$p.1.out")" ] || say "$p: no summary: $(head -2 "$T/$p.1.out")"
  [ "$(summary "$T/$p.1.out")" = "$(summary "$T/$p.3.out")" ] ||
    say "$p: 1 rank '$(summary "$T/$p.1.out")', 3 ranks '$(summary "$T/$p.3.out")'"
  cmp -s "$T/$p.1.rle" "$T/$p.3.rle" || say "$p: the written RLE differs between 1 and 3 ranks"
done
# the Generations pattern's own torus (23x19) is its grid when --size is not given
$MPIRUN -np 2 "$D" run "$T/gens.rle" -g 5 >"$T/g.out" 2>&1 || say "gens torus: $(tail -1 "$T/g.out")"
grep -q '^23x19 torus' "$T/g.out" || say "gens: not on its 23x19 torus: $(head -1 "$T/g.out")"
$MPIRUN -np 2 "$D" run "$T/torus.rle" -g 68 >"$T/t.out" 2>&1 || say "torus: $(tail -1 "$T/t.out")"
grep -q '^17x13 torus.* population 5,' "$T/t.out" ||
  say "the glider's torus: $(head -1 "$T/t.out")"
if $MPIRUN -np 2 "$D" run "$T/klein.rle" -g 5 >"$T/k.out" 2>&1; then
  say "a Klein bottle was run"
fi
grep -q 'only planes and tori are distributed' "$T/k.out" || say "klein: $(head -1 "$T/k.out")"
# the scaling table
$MPIRUN -np 2 "$D" bench --ranks-report --size 64x48 -g 8 --repeat 1 >"$T/r.out" 2>&1 ||
  say "ranks-report: $(tail -2 "$T/r.out")"
grep -q '^ranks report: Life, 64x48 a rank' "$T/r.out" && grep -q '^| 1 | ' "$T/r.out" &&
  grep -q '^| 2 | ' "$T/r.out" || say "ranks-report: no table: $(tail -3 "$T/r.out")"
echo "  $fails failed"
[ "$fails" -eq 0 ]
