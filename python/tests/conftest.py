"""Shared fixtures: the package from this tree, one context on the device
that $GOLCL_TEST_DEVICE names, else "cpu" (pocl), as the C suites do; the test
patterns of tests/data, and numpy references that do not use libgolcl."""
import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # python/, so `import golcl` is this tree's

import golcl  # noqa: E402

DATA = os.environ.get("GOLCL_TEST_DATA") or os.path.join(HERE, "..", "..", "tests", "data")


@pytest.fixture(scope="session")
def ctx():
    c = golcl.Context(os.environ.get("GOLCL_TEST_DEVICE") or "cpu")
    yield c
    c.close()


@pytest.fixture
def data():
    return lambda name: os.path.join(DATA, name)


M64 = (1 << 64) - 1


def mix64(z):
    """splitmix64's finaliser on numpy uint64 arrays (golcl.h's formula)."""
    z = np.asarray(z, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xbf58476d1ce4e5b9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94d049bb133111eb)
    return z ^ (z >> np.uint64(31))


def np_randomize(w, h, density, seed):
    """golcl_grid_randomize's documented formula, in numpy."""
    y, x = np.mgrid[0:h, 0:w].astype(np.uint64)
    key = (y << np.uint64(32)) | x
    r = mix64(mix64(np.uint64(seed)) ^ key) >> np.uint64(32)
    return (r < np.uint64(int(np.ldexp(density, 32)))).astype(np.uint8)


def np_hash(cells):
    """golcl_grid_hash's documented formula, in numpy."""
    h, w = cells.shape
    y, x = np.nonzero(cells)
    key = (y.astype(np.uint64) << np.uint64(32)) | x.astype(np.uint64)
    with np.errstate(over="ignore"):
        s = np.uint64(int(mix64(key).sum(dtype=np.uint64)) & M64) if len(key) else np.uint64(0)
        n = np.uint64(len(key))
        inner = mix64((np.uint64(h) << np.uint64(32) | np.uint64(w)) ^ (n << np.uint64(1)))
        return int(mix64(np.uint64((int(s) + int(inner)) & M64)))


def np_life(cells, birth=(3,), survive=(2, 3), torus=True, gens=1):
    """Life-like rules on a numpy array: the definition in golcl's DESIGN
    (torus: each of the 8 offsets counted once, wrapped)."""
    c = cells.astype(np.uint8)
    for _ in range(gens):
        if torus:
            n = sum(np.roll(np.roll(c, dy, 0), dx, 1)
                    for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
        else:
            p = np.pad(c, 1)
            H, W = c.shape
            n = sum(p[1 + dy:1 + dy + H, 1 + dx:1 + dx + W]
                    for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
        c = np.where(c == 1, np.isin(n, survive), np.isin(n, birth)).astype(np.uint8)
    return c
