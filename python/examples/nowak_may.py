#!/usr/bin/env python3
"""Nowak and May's spatial prisoner's dilemma from numpy: the fraction of
cooperators over time on a torus, written to a CSV and plotted if
matplotlib is installed.

usage: nowak_may.py [N] [GENERATIONS] [B] [OUTDIR]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import golcl  # noqa: E402

n = int(sys.argv[1]) if len(sys.argv) > 1 else 512
gens = int(sys.argv[2]) if len(sys.argv) > 2 else 200
b = float(sys.argv[3]) if len(sys.argv) > 3 else 1.85
outdir = sys.argv[4] if len(sys.argv) > 4 else "."

rng = np.random.default_rng(1)
strategies = (rng.random((n, n)) < 0.1).astype(np.uint8)   # 10% defectors (1), 90% cooperators

with golcl.Context() as ctx:
    graph = golcl.Graph.lattice(ctx, n, n, boundary="torus", neighbourhood="moore")
    game = golcl.Game(graph, b=b)                 # R=1, T=b, S=P=0, self-interaction on
    game.write(strategies)
    frac = [game.cooperation()]
    for _ in range(gens):
        game.run(1)
        frac.append(game.cooperation())
    final = game.strategies                       # (n, n) uint8, 0 C / 1 D
    scores = game.scores()                        # (n, n) float32

csv = os.path.join(outdir, "cooperation.csv")
np.savetxt(csv, np.column_stack([np.arange(gens + 1), frac]), fmt=["%d", "%.6f"],
           delimiter=",", header="generation,cooperators", comments="")
print("b = %.3f: cooperators %.4f at the start, %.4f after %d generations; %s"
      % (b, frac[0], frac[-1], gens, csv))
print("mean score %.4f, final defectors %d" % (float(scores.mean()), int(final.sum())))
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is not installed: plot %s with any tool" % csv)
else:
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    ax[0].plot(frac)
    ax[0].set_xlabel("generation")
    ax[0].set_ylabel("fraction of cooperators")
    ax[1].imshow(final, cmap="coolwarm", interpolation="nearest")
    fig.savefig(os.path.join(outdir, "cooperation.png"), dpi=100)
    print("plot:", os.path.join(outdir, "cooperation.png"))
