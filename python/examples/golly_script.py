#!/usr/bin/env python3
"""A Golly-style script: read a pattern, run it, count it, write it.

usage: golly_script.py PATTERN [GENERATIONS] [OUT.rle|OUT.mc]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import golcl  # noqa: E402

path = sys.argv[1]
gens = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
out = sys.argv[3] if len(sys.argv) > 3 else "out.rle"

with golcl.Universe.open(path) as u:          # HashLife on the host: no device needed
    print("%s: rule %s, %d cells" % (path, u.rule, u.population()))
    u.run(gens)
    x, y, w, h = u.bounding_box()
    print("generation %d: %d cells in %dx%d at (%d, %d)"
          % (u.generation, u.population(), w, h, x, y))
    u.write(out)                               # RLE, or macrocell for .mc
    print("wrote", out)

# the same on a bounded grid of the device, read back as a numpy array
with golcl.Context() as ctx:
    pat = golcl.Pattern.read(path)
    with golcl.Grid(ctx, 512, 512, "dead", rule=pat.rule.split(":")[0]) as g:
        g.place(pat, 256 - pat.width // 2, 256 - pat.height // 2)
        g.run(min(gens, 200))
        cells = g.read()                       # (512, 512) uint8
        print("grid after %d generations: %d cells (numpy says %d), hash %016x"
              % (g.generation, g.population(), cells.sum(), g.hash()))
