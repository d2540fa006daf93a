#!/usr/bin/env python3
"""A Poisson solve, −∇²u = f on the unit square with u = 0 on the edge,
by CG with a multigrid preconditioner on the device, checked against numpy.

usage: poisson.py [N]   (N×N interior points)
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import golcl  # noqa: E402

n = int(sys.argv[1]) if len(sys.argv) > 1 else 63
h = 1.0 / (n + 1)
x = np.arange(1, n + 1) * h
X, Y = np.meshgrid(x, x)                     # row y, column x: unknown y*n + x
exact = np.sin(np.pi * X) * np.sin(2 * np.pi * Y)
f = 5 * np.pi ** 2 * exact                    # −∇² of exact

with golcl.Context() as ctx:
    fp64 = ctx.device["fp64"]
    dtype = np.float64 if fp64 else np.float32
    A = golcl.Stencil.laplacian(ctx, (n, n), h=h, dtype=dtype)
    u, rep = A.solve(f.reshape(-1).astype(dtype), rtol=1e-10 if fp64 else 1e-5, precond="mg")
    print("CG+MG: %d iterations, %s, relative residual %.3e"
          % (rep["iterations"], rep["stop"], rep["rel_residual"]))
    print("residual history:", " ".join("%.1e" % r for r in rep["history"][:8]), "...")

# numpy: the same 5-point operator applied to u, and the error against sin·sin
U = u.reshape(n, n).astype(np.float64)
P = np.pad(U, 1)
AU = (4 * U - P[:-2, 1:-1] - P[2:, 1:-1] - P[1:-1, :-2] - P[1:-1, 2:]) / h ** 2
res = np.linalg.norm(f - AU) / np.linalg.norm(f)
err = np.abs(U - exact).max()
print("numpy: relative residual %.3e, max error vs the exact solution %.3e (h² = %.1e)"
      % (res, err, h * h))
if n <= 40:  # small enough for a dense solve
    I = np.eye(n)
    T = 2 * I - np.eye(n, k=1) - np.eye(n, k=-1)
    dense = (np.kron(I, T) + np.kron(T, I)) / h ** 2
    ud = np.linalg.solve(dense, f.reshape(-1))
    print("numpy.linalg.solve: max difference %.3e" % np.abs(ud - u).max())
assert res < (1e-8 if dtype == np.float64 else 1e-3) and err < 10 * h * h
