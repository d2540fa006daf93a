#!/bin/bash
# test_cli_frames.sh — `golcl run`'s pictures over time: --frames DIR,
# -o NAME.gif and -o NAME.apng give frames of one size on the infinite plane (the union of
# the frames' live boxes, or --view), in the universe (two-state and
# multi-state) and in the growing grid, and of the whole grid on a bounded
# one; frame k shows the cells of `golcl run -g k` (RLE), read back by the
# test's own GIF, PNG, APNG and RLE readers (frames_check.py); bad values are
# refused before the run.
#
# Usage: tests/cli/test_cli_frames.sh [GOLCL]  (default build/golcl), from
# the repository root; the device is $GOLCL_TEST_DEVICE, else cpu (pocl).
set -u
. "$(dirname "$0")/env.sh"
PY=/usr/bin/python3
FC=$SRC/tests/cli/frames_check.py
ACORN=$P/Life/Methuselahs/acorn.lif
DELTA=$P/Generations/Delta.rle
printf 'x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n' >"$T/glider.rle"

# RLE of `golcl run PATTERN -g k OPTS` for each k of "0 E 2E .. N" into
# $T/NAME.k.rle; prints their paths.
results() {
  local name=$1 pat=$2 n=$3 e=$4 k
  shift 4
  for ((k = 0; k <= n; k += e)); do
    "$G" run "$pat" -q -g $k "$@" -o "$T/$name.$k.rle" || return 1
    echo "$T/$name.$k.rle"
  done
}

# the PNG sizes of a folder of frames, as `file` reads them, one line each
png_sizes() { file "$1"/*.png | sed 's/.*PNG image data, \([0-9]* x [0-9]*\),.*/\1/' | sort -u; }

t_plane_frames_of_one_size() {
  "$G" run "$ACORN" -q -g 1000 --every 100 --frames "$T/af" -o "$T/a.gif" -o "$T/a.apng" ||
    return 1
  [ "$(ls "$T/af"/*.png | wc -l)" = 11 ] || say "frames: $(ls "$T/af")" || return 1
  [ "$(png_sizes "$T/af" | wc -l)" = 1 ] || say "sizes: $(png_sizes "$T/af")" || return 1
  local rles
  rles=$(results a "$ACORN" 1000 100) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/a.gif" $rles || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/af" $rles || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/a.apng" $rles || return 1
  local size
  size="$($PY "$FC" size "$T/af/00000000.png" | cut -d' ' -f1-2) 11"
  [ "$($PY "$FC" size "$T/a.gif")" = "$size" ] && [ "$($PY "$FC" size "$T/a.apng")" = "$size" ] ||
    say "the GIF, the APNG and the PNG frames differ in size" || return 1
  local f
  for f in a.gif a.apng; do
    [ "$($PY "$FC" delays "$T/$f" | tr ' ' '\n' | sort -u)" = 5 ] ||
      say "$f delays: $($PY "$FC" delays "$T/$f")" || return 1
  done
}

# the growing grid draws the same frames as the universe
t_growing_grid_frames_are_the_universes() {
  "$G" run "$ACORN" -q -g 600 --every 150 -o "$T/u.gif" --scale 2 || return 1
  "$G" run "$ACORN" -q -g 600 --every 150 -o "$T/d.gif" --scale 2 --algo dense \
    --frames "$T/df" || return 1
  cmp "$T/u.gif" "$T/d.gif" || say "the growing grid's GIF is not the universe's" || return 1
  local rles
  rles=$(results g "$ACORN" 600 150) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 2 "$T/df" $rles
}

# --view: W×H cells from (X, Y) at --scale, the cells outside cut
t_view_fixes_the_frames() {
  "$G" run "$ACORN" -q -g 300 --every 100 --view -20,-15,50,40 --scale 3 -o "$T/v.gif" \
    --frames "$T/vf" || return 1
  [ "$($PY "$FC" size "$T/v.gif")" = "150 120 4" ] || say "size: $($PY "$FC" size "$T/v.gif")" ||
    return 1
  [ "$(png_sizes "$T/vf")" = "150 x 120" ] || say "PNG sizes: $(png_sizes "$T/vf")" || return 1
  local rles
  rles=$(results v "$ACORN" 300 100) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare -20 -15 3 "$T/v.gif" $rles || return 1
  # the same window in the growing grid
  "$G" run "$ACORN" -q -g 300 --every 100 --view -20,-15,50,40 --scale 3 -o "$T/vd.gif" \
    --algo dense || return 1
  cmp "$T/v.gif" "$T/vd.gif" || say "the growing grid's window differs"
}

# multi-state cells in the universe: one colour a state, state 0 black
t_multi_state_frames() {
  "$G" run "$DELTA" -q -g 24 --every 6 -o "$T/m.gif" --frames "$T/mf" --scale 2 \
    -o "$T/m.apng" || return 1
  file "$T/mf/00000000.png" | grep -q RGB || say "frames not in colour" || return 1
  local rles
  rles=$(results m "$DELTA" 24 6) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 2 "$T/m.gif" $rles || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 2 "$T/mf" $rles || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 2 "$T/m.apng" $rles
}

# the multi-state byte grid: Larger than Life on the plane (--algo dense:
# the universe's host tiles run it by default) and on Golly's bounded grid,
# Generations as the universe draws it
t_byte_grid_frames() {
  local ltl=$P/Larger-than-Life rles
  "$G" run "$ltl/SoldierBugs.rle" -q -g 40 --every 10 -o "$T/sb.gif" --frames "$T/sbf" --algo dense ||
    return 1
  rles=$(results sb "$ltl/SoldierBugs.rle" 40 10) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/sb.gif" $rles || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/sbf" $rles || return 1
  "$G" run "$ltl/SoldierBugs.rle" -q -g 40 --every 10 --frames "$T/sbu" || return 1 # the universe
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/sbu" $rles || return 1
  "$G" run "$ltl/BugGun.rle" -q -g 40 --every 20 -o "$T/bg.gif" || return 1 # :P200,200
  [ "$($PY "$FC" size "$T/bg.gif")" = "200 200 3" ] || say "size: $($PY "$FC" size "$T/bg.gif")" ||
    return 1
  rles=$(results bg "$ltl/BugGun.rle" 40 20) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare -100 -100 1 "$T/bg.gif" $rles || return 1
  "$G" run "$DELTA" -q -g 24 --every 6 -o "$T/md.gif" --scale 2 --algo dense || return 1
  "$G" run "$DELTA" -q -g 24 --every 6 -o "$T/mu.gif" --scale 2 || return 1
  cmp "$T/mu.gif" "$T/md.gif" || say "the byte grid's GIF is not the universe's"
}

# a bounded grid's frames are the whole grid (Golly's cell (0, 0) at its centre)
t_bounded_grid_frames() {
  "$G" run "$T/glider.rle" -q --size 20x16 --torus -g 60 --every 20 -o "$T/t.gif" --scale 3 \
    --frames "$T/tf" || return 1
  [ "$($PY "$FC" size "$T/t.gif")" = "60 48 4" ] || say "size: $($PY "$FC" size "$T/t.gif")" ||
    return 1
  local rles
  rles=$(results t "$T/glider.rle" 60 20 --size 20x16 --torus) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare -10 -8 3 "$T/t.gif" $rles || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare -10 -8 3 "$T/tf" $rles || return 1
  "$G" run "$T/glider.rle" -q --rule B3/S23:T20,16 -g 60 --every 20 -o "$T/k.gif" || return 1
  rles=$(results k "$T/glider.rle" 60 20 --rule B3/S23:T20,16) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare -10 -8 1 "$T/k.gif" $rles
}

# a soup fills LZW's 4096 codes many times a frame (its clear codes)
t_gif_of_a_soup() {
  $PY -c "
import random
random.seed(7)
print('x = 300, y = 300, rule = B3/S23')
print('\$'.join(''.join('o' if random.random() < 0.5 else 'b' for _ in range(300)) for _ in range(300)) + '!')" \
    >"$T/soup.rle"
  "$G" run "$T/soup.rle" -q -g 4 --every 2 -o "$T/s.gif" || return 1
  local rles
  rles=$(results s "$T/soup.rle" 4 2) || return 1
  # shellcheck disable=SC2086
  $PY "$FC" compare union union 1 "$T/s.gif" $rles
}

# --fit: every frame within the box, all of one size
t_fit_zooms_out() {
  "$G" run "$ACORN" -q -g 1000 --every 500 --fit 64x64 --frames "$T/ff" -o "$T/f.gif" || return 1
  local s
  s=$(png_sizes "$T/ff")
  [ "$(wc -l <<<"$s")" = 1 ] || say "sizes: $s" || return 1
  read -r w _ h <<<"$s"
  [ "$w" -le 64 ] && [ "$h" -le 64 ] && [ "$h" -gt 32 ] || say "--fit 64x64 gave $s" || return 1
  "$G" run "$ACORN" -q -g 1000 --every 500 --fit 64x64 --frames "$T/fd" --algo dense || return 1
  s=$(png_sizes "$T/fd")
  read -r w _ h <<<"$s"
  [ "$(wc -l <<<"$s")" = 1 ] && [ "$w" -le 64 ] && [ "$h" -le 64 ] || say "dense: $s"
}

# SIGINT: the GIF and the frames made so far are kept, whole, and agree
t_sigint_keeps_the_frames() {
  "$G" run "$ACORN" -g 1000000000 --every 1 --view -40,-40,80,80 -o "$T/i.gif" --frames "$T/if" \
    >"$T/run.out" 2>"$T/run.err" &
  local pid=$! i=0 rc n
  while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null && [ ! -e "$T/if/00000003.png" ]; do
    sleep 0.1
    i=$((i + 1))
  done
  kill -INT $pid
  wait $pid
  rc=$?
  [ $rc = 130 ] || say "exit $rc, not 130: $(cat "$T/run.err")" || return 1
  grep -q "writing .*i.gif for it" "$T/run.err" || say "$(cat "$T/run.err")" || return 1
  n=$($PY "$FC" size "$T/i.gif" | cut -d' ' -f3) || return 1
  [ "$n" -ge 4 ] && [ "$n" = "$(ls "$T/if"/*.png | wc -l)" ] &&
    [ "$n" = "$(($(wc -l <"$T/if/frames.csv") - 1))" ] ||
    say "GIF $n frames, $(ls "$T/if" | wc -l) files, frames.csv: $(tail -1 "$T/if/frames.csv")" ||
    return 1
  ! compgen -G "$T/.golcl-tmp-*" >/dev/null && ! compgen -G "$T/if/.golcl-tmp-*" >/dev/null ||
    say "temporaries left: $(ls -A "$T" "$T/if")"
}

# bad values and outputs that cannot be written: before the run
t_bad_values_before_the_run() {
  local args rc
  mkdir "$T/dir.gif"
  while IFS='|' read -r want args; do
    # shellcheck disable=SC2086
    "$G" run "$T/glider.rle" -g 100 $args >"$T/out" 2>"$T/err"
    rc=$?
    [ $rc = "$want" ] || say "$args: exit $rc, not $want" || return 1
    [ "$(wc -l <"$T/err")" = 1 ] && grep -q '^golcl run: ' "$T/err" ||
      say "$args: $(cat "$T/err")" || return 1
    [ ! -s "$T/out" ] || say "$args: ran: $(cat "$T/out")" || return 1
  done <<EOF2
2|--every 0 -o $T/x.gif
2|--every 0 --frames $T/x
2|--every 5
1|-o $T/no/such/folder/x.gif
1|-o $T/dir.gif
2|-o $T/a.gif -o $T/b.GIF
2|-o $T/a.apng -o $T/b.APNG
1|-o $T/no/such/folder/x.apng
2|--view 1,2,3 -o $T/x.gif
2|--view 1,2,0,4 -o $T/x.gif
2|--view 1,2,-3,4 -o $T/x.gif
2|--view a,2,3,4 -o $T/x.gif
2|--view 1,2,3,4
2|--view 1,2,3,4 -o $T/x.gif --size 30
EOF2
  [ ! -e "$T/x.gif" ] || say "a GIF was written"
}

echo "golcl: $G (device: $GOLCL_DEVICE)"
check "frames of one size on the infinite plane (universe; PNG, GIF, APNG)" t_plane_frames_of_one_size
check "the growing grid's frames are the universe's" t_growing_grid_frames_are_the_universes
check "--view fixes the frames' window" t_view_fixes_the_frames
check "multi-state frames in the rule's colours (PNG, GIF, APNG)" t_multi_state_frames
check "the multi-state byte grid's frames (LtL, :P, --algo dense)" t_byte_grid_frames
check "a bounded grid's frames show all of it" t_bounded_grid_frames
check "a GIF of a soup (LZW clear codes)" t_gif_of_a_soup
check "--fit zooms the frames out" t_fit_zooms_out
check "bad values and unwritable outputs fail before the run" t_bad_values_before_the_run
check "SIGINT keeps the GIF and the frames made so far" t_sigint_keeps_the_frames
check_summary
