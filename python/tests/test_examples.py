"""The examples of docs/python.md run, on small sizes, and say what they should."""
import os
import subprocess
import sys

import numpy as np

import golcl

EX = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


def run(name, *args):
    env = dict(os.environ)
    if os.environ.get("GOLCL_TEST_DEVICE"):
        env["GOLCL_DEVICE"] = os.environ["GOLCL_TEST_DEVICE"]
    else:
        env["GOLCL_DEVICE"] = "cpu"
    r = subprocess.run([sys.executable, os.path.join(EX, name)] + [str(a) for a in args],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_golly_script(tmp_path, data):
    out = tmp_path / "gun.rle"
    text = run("golly_script.py", data("gosper-glider-gun.rle"), 300, out)
    with golcl.Universe() as u:
        u.read(data("gosper-glider-gun.rle"))
        u.run(300)
        assert "generation 300: %d cells" % u.population() in text
        with golcl.Universe.open(out) as w:
            assert w.hash() == u.hash() and w.generation == 300


def test_nowak_may(tmp_path):
    text = run("nowak_may.py", 64, 20, 1.85, tmp_path)
    rows = np.loadtxt(tmp_path / "cooperation.csv", delimiter=",", skiprows=1)
    assert rows.shape == (21, 2) and list(rows[:, 0]) == list(range(21))
    start = 1 - (np.random.default_rng(1).random((64, 64)) < 0.1).mean()
    assert abs(rows[0, 1] - start) < 1e-6
    assert "after 20 generations" in text


def test_poisson():
    text = run("poisson.py", 31)  # it checks itself against numpy
    assert "numpy.linalg.solve: max difference" in text and "converged" in text
