"""Lifetimes and bad input: every C handle the binding obtains is destroyed
exactly once and after its children, whatever order Python drops or closes
objects in; failed calls leave objects unchanged; the interpreter exits
cleanly with objects left open."""
import gc
import os
import subprocess
import sys

import numpy as np
import pytest

import golcl
from golcl import _base, _lib

DEVICE = os.environ.get("GOLCL_TEST_DEVICE") or "cpu"
PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def ledger(monkeypatch):
    """Follows every handle the binding wraps and every C destroy, in order
    (an address may be reused once freed): a destroy must name a live
    handle with no live children, and at the end none may be left."""
    live, freed, errors = {}, set(), []  # handle -> (kind, parent handle)
    init = _base.Handle.__init__

    def spy_init(self, handle, parent=None, ctx=None):
        if handle in live:
            errors.append("%s wrapped twice" % type(self).__name__)
        live[handle] = (type(self).__name__, parent._h if parent is not None else None)
        freed.discard(handle)  # an address may be reused once freed
        init(self, handle, parent, ctx)
    monkeypatch.setattr(_base.Handle, "__init__", spy_init)
    for name in [n for n in _lib._SIGS if n.endswith("_destroy")]:
        f = _lib.fn(name)

        def spy(h, _f=f, _n=name):
            if h in live:
                kids = [k for k, (kind, p) in live.items() if p == h]
                if kids:
                    errors.append("%s before its children %s" % (_n, [live[k][0] for k in kids]))
                del live[h]
                freed.add(h)
            elif h in freed:
                errors.append("%s twice on one handle" % _n)
            # else: an object made before this test (a failed test's leftovers), not ours
            return _f(h)
        monkeypatch.setitem(_lib._funcs, name, spy)

    def check():
        gc.collect()
        assert not errors, errors
        assert not live, "leaked: %s" % [k for k, p in live.values()]
    return check


def make_family(ctx):
    g = golcl.Grid(ctx, 16, 16, "torus")
    g.randomize(0.5, 1)
    s = golcl.Stepper(ctx, "naive")
    st = golcl.Stencil.laplacian(ctx, (8, 8))
    mg = golcl.Multigrid(st)
    cg = golcl.CG(st)
    v = golcl.Vec(ctx, np.ones(64))
    gr = golcl.Graph.lattice(ctx, 8, 8)
    game = golcl.Game(gr)
    life = golcl.GraphLife(gr)
    ms = golcl.MSGrid(ctx, 8, 8, rule="345/2/4")
    u = golcl.Universe(ctx, "sparse")
    return [g, s, st, mg, cg, v, gr, game, life, ms, u]


def test_context_closed_before_its_children(ledger):
    ctx = golcl.Context(DEVICE)
    objs = make_family(ctx)
    objs[0].run(3, "naive")
    ctx.close()
    for o in objs:
        assert o.closed
        with pytest.raises(golcl.ClosedError) as e:
            o.h
        assert "Context was closed" in str(e.value)
    with pytest.raises(golcl.ClosedError):
        objs[0].population()
    with pytest.raises(golcl.ClosedError):
        golcl.Grid(ctx, 4, 4)
    ctx.close()  # twice is a no-op
    del objs
    ledger()


@pytest.mark.parametrize("order", ["context_first", "children_first", "shuffled"])
def test_dropped_in_any_order(ledger, order):
    ctx = golcl.Context(DEVICE)
    objs = make_family(ctx)
    objs[0].run(1, "naive")  # the context keeps this stepper: a cycle only gc breaks
    if order == "context_first":
        del ctx  # the children keep it alive
        gc.collect()
    elif order == "children_first":
        objs.reverse()
    else:
        np.random.default_rng(1).shuffle(objs)
    while objs:
        objs.pop()
        gc.collect()
    if order != "context_first":
        del ctx
    ledger()


def test_failed_constructors_free_what_they_made(ctx, ledger):
    with pytest.raises(golcl.ParseError):
        golcl.Grid(ctx, 8, 8, rule="B3/Sx")
    with pytest.raises(golcl.InvalidArgument):
        golcl.Game(golcl.Graph.lattice(ctx, 4, 4), payoffs=(1, 0, float("nan"), 0))
    with pytest.raises(golcl.Unsupported):  # no such rule file
        golcl.MSGrid(ctx, 8, 8, rule="nonsense rule !!")
    with pytest.raises(golcl.IOError):
        golcl.Universe.open("/nonexistent/x.rle")
    with pytest.raises(golcl.InvalidArgument):
        golcl.Grid.from_array(ctx, np.zeros((4, 4), np.float64))
    ledger()


def test_bad_input_leaves_the_grid_unchanged(ctx):
    with golcl.Grid(ctx, 20, 10, "torus") as g:
        g.randomize(0.5, 3)
        g.run(2, "naive")
        h, gen, rule = g.hash(), g.generation, g.rule
        bad = [lambda: g.write(np.zeros((10, 21), np.uint8)),       # shape
               lambda: g.write(np.zeros((10, 20), np.int32)),       # dtype
               lambda: g.write(np.zeros(200, np.uint8)),            # 1-D
               lambda: g.write([[0] * 20] * 10),                    # a list, not an array
               lambda: g.run(-1),                                   # a negative count
               lambda: g.run(1.5),
               lambda: g.run(2 ** 64),
               lambda: g.run(1, "no-such-stepper"),
               lambda: g.randomize(1.5, 1),
               lambda: g.randomize(0.5, -1),
               lambda: g.write_rect(15, 0, np.ones((2, 6), np.uint8)),
               lambda: g.read(np.zeros((10, 20), np.int64)),
               lambda: g.read(np.zeros((10, 20), np.uint8)[:, ::-1]),
               lambda: setattr(g, "rule", "B3/S23/C"),
               lambda: setattr(g, "bounds", ":T21,10"),
               lambda: setattr(g, "generation", -4),
               lambda: g.set_layout("tiles"),
               lambda: g.place(golcl.Pattern.parse("x = 1, y = 1\no!"), 2 ** 70, 0)]
        for f in bad:
            with pytest.raises(golcl.Error):
                f()
            assert (g.hash(), g.generation, g.rule) == (h, gen, rule)


def test_error_classes():
    assert issubclass(golcl.ParseError, golcl.Error) and issubclass(golcl.ParseError, ValueError)
    assert issubclass(golcl.IOError, OSError) and issubclass(golcl.OutOfMemory, MemoryError)
    for cls, st in ((golcl.InvalidArgument, -1), (golcl.NoDevice, -2), (golcl.OutOfMemory, -3),
                    (golcl.BuildError, -4), (golcl.OpenCLError, -5), (golcl.Unsupported, -6),
                    (golcl.ParseError, -7), (golcl.IOError, -8), (golcl.Mismatch, -9),
                    (golcl.Cancelled, -10)):
        assert cls.status == st
        with pytest.raises(cls) as e:
            _lib.raise_for(st, "golcl_test")
        assert golcl.strerror(st) in str(e.value) and e.value.function == "golcl_test"
    assert golcl.version() == 200 and golcl.version_string() == "0.2.0"


SHUTDOWN = r"""
import sys; sys.path.insert(0, %r)
import numpy as np, golcl
ctx = golcl.Context(%r)
g = golcl.Grid(ctx, 32, 32); g.randomize(0.5, 1); g.run(5, "naive")
v = golcl.Vec(ctx, np.ones(10))
cg = golcl.CG(golcl.Stencil.laplacian(ctx, (4, 4)))
game = golcl.Game(golcl.Graph.lattice(ctx, 4, 4))
u = golcl.Universe(); p = golcl.Pattern.parse("x = 3, y = 3\nbo$2bo$3o!")
class Cycle: pass
c = Cycle(); c.self = c; c.ctx = ctx; c.grid = golcl.Grid(ctx, 8, 8)
del ctx
%s
print("end", g.population())
"""


@pytest.mark.parametrize("tail", ["", "c.ctx.close()", "import gc; gc.collect()"])
def test_interpreter_exits_cleanly(tail):
    """Objects left open at exit, a context in a reference cycle, a context
    closed under its grids: the interpreter ends without a crash or an
    error printed by a finaliser."""
    r = subprocess.run([sys.executable, "-c", SHUTDOWN % (PKG, DEVICE, tail)], capture_output=True,
                       text=True)
    assert r.returncode == (1 if tail == "c.ctx.close()" else 0), r.stderr
    assert "Exception ignored" not in r.stderr and "Segmentation" not in r.stderr
    if tail == "c.ctx.close()":  # the grid's population raised ClosedError
        assert "ClosedError: Grid is closed (its Context was closed)" in r.stderr
    else:
        assert r.stdout.startswith("end ")


def test_loader_says_what_it_looked_for(tmp_path):
    env = dict(os.environ, GOLCL_LIBRARY=str(tmp_path / "libnothing.so"))
    r = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, %r); import golcl"
                        % PKG], capture_output=True, text=True, env=env)
    assert r.returncode != 0
    assert "LibraryNotFound" in r.stderr and "$GOLCL_LIBRARY" in r.stderr
    assert "libnothing.so" in r.stderr and "GOLCL_LIBRARY" in r.stderr
    intree = os.path.normpath(os.path.join(PKG, "..", "build", "libgolcl.so"))
    env["GOLCL_LIBRARY"] = intree
    r = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, %r); import golcl;"
                        "print(golcl.LIBRARY_PATH)" % PKG], capture_output=True, text=True,
                       env=env)
    assert r.returncode == 0 and r.stdout.strip() == intree
    if not os.environ.get("GOLCL_LIBRARY"):  # the default: the in-tree build comes first
        assert golcl.LIBRARY_PATH == intree
