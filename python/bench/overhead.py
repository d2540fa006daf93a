#!/usr/bin/env python3
"""The binding's overhead (issue 32): a stepper run of SIZE² for GENS
generations, and a whole grid read and written, from Python (golcl.Grid)
and from C (overhead.c, compiled here against the same libgolcl), median
of REPS each. A measurement, not a test.

usage: overhead.py [--device cpu] [--size 4096] [--gens 1000]
                   [--stepper bitslice] [--reps 5]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

import numpy as np  # noqa: E402

import golcl  # noqa: E402


def c_side(a):
    exe = os.path.join(tempfile.mkdtemp(), "overhead")
    lib = os.path.dirname(golcl.LIBRARY_PATH)
    subprocess.run(["cc", "-O2", "-std=c11", "-D_POSIX_C_SOURCE=200809L",
                    "-I" + os.path.join(ROOT, "include"), os.path.join(HERE, "overhead.c"),
                    "-o", exe, "-L" + lib, "-Wl,-rpath," + lib, "-lgolcl", "-lOpenCL"],
                   check=True)
    out = subprocess.run([exe, a.device, str(a.size), str(a.gens), a.stepper, str(a.reps)],
                         check=True, capture_output=True, text=True).stdout
    return {k: float(v) for k, v in (line.split() for line in out.split("\n") if line)}


def py_side(a):
    t = {"step": [], "read": [], "read_out": [], "write": []}
    with golcl.Context(a.device) as ctx, golcl.Grid(ctx, a.size, a.size, "torus") as g:
        s = golcl.Stepper(ctx, a.stepper)
        g.randomize(0.3, 1)
        s.prepare(g)
        g.run(1, s)
        cells = g.read()
        buf = np.empty_like(cells)
        g.write(cells)
        for _ in range(a.reps):
            ctx.finish()
            t0 = time.perf_counter()
            g.run(a.gens, s)
            ctx.finish()
            t["step"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            cells = g.read()          # a new array each time (its pages touched first)
            t["read"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            g.read(out=buf)           # into an array the caller keeps, as C reuses its buffer
            t["read_out"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            g.write(cells)
            ctx.finish()
            t["write"].append(time.perf_counter() - t0)
        pop = g.population()
        dev = ctx.device["name"]
    r = {k: float(np.median(v)) for k, v in t.items()}
    r["population"] = pop
    return r, dev


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--device", default="cpu")
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--gens", type=int, default=1000)
    p.add_argument("--stepper", default="bitslice")
    p.add_argument("--reps", type=int, default=5)
    a = p.parse_args()
    c = c_side(a)
    py, dev = py_side(a)
    assert int(c["population"]) == py["population"], "C and Python disagree"
    print("device %s, %d² torus, %s, %d generations, median of %d"
          % (dev, a.size, a.stepper, a.gens, a.reps))
    print("%-28s %12s %12s %8s" % ("", "C (s)", "Python (s)", "ratio"))
    for k, ck, what in (("step", "step", "run %d generations" % a.gens),
                        ("read", "read", "grid -> new array"),
                        ("read_out", "read", "grid -> array (out=)"),
                        ("write", "write", "array -> grid")):
        print("%-28s %12.6f %12.6f %8.3f" % (what, c[ck], py[k], py[k] / c[ck]))


if __name__ == "__main__":
    main()
