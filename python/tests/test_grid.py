"""Grids and steppers against numpy references and the raw C calls."""
import ctypes
import os

import numpy as np
import pytest

import golcl
from golcl import _lib
from conftest import np_hash, np_life, np_randomize

W, H = 37, 29


def test_randomize_and_hash_follow_the_documented_formulas(ctx):
    with golcl.Grid(ctx, W, H, "torus") as g:
        g.randomize(0.37, 12345)
        want = np_randomize(W, H, 0.37, 12345)
        assert np.array_equal(g.read(), want)
        assert g.population() == int(want.sum())
        assert g.hash() == np_hash(want)


def test_hash_population_equal_the_raw_c_calls(ctx):
    with golcl.Grid(ctx, W, H, "torus") as g:
        g.randomize(0.5, 99)
        g.run(7, "naive")
        v = ctypes.c_uint64()
        assert _lib.fn("golcl_grid_hash")(g.h, ctypes.byref(v)) == 0
        assert g.hash() == v.value
        assert _lib.fn("golcl_grid_population")(g.h, ctypes.byref(v)) == 0
        assert g.population() == v.value
        raw = np.zeros((H, W), np.uint8)
        assert _lib.fn("golcl_grid_read")(g.h, raw.ctypes.data, W) == 0
        assert np.array_equal(g.read(), raw)


@pytest.mark.parametrize("name", golcl.stepper_names())
@pytest.mark.parametrize("boundary", ["torus", "dead"])
def test_every_stepper_matches_numpy_life(ctx, name, boundary):
    start = np_randomize(W, H, 0.4, 7)
    with golcl.Grid.from_array(ctx, start, boundary) as g:
        try:
            g.run(13, name)
        except golcl.Unsupported as e:  # a stepper may refuse a grid, with its reason
            pytest.skip("%s refuses a %dx%d %s grid: %s" % (name, W, H, boundary, e))
        assert g.generation == 13
        want = np_life(start, torus=(boundary == "torus"), gens=13)
        assert np.array_equal(g.read(), want)
        assert g.hash() == np_hash(want)


def test_other_rule_and_stepper_object(ctx):
    start = np_randomize(W, H, 0.3, 3)
    with golcl.Grid.from_array(ctx, start, "torus", rule="B36/S23") as g, \
            golcl.Stepper(ctx, "bitslice") as s:
        assert g.rule == "B36/S23"
        assert s.name == "bitslice"
        s.prepare(g)
        s.run(g, 5)
        assert s.stats()["generations"] == 5
        assert np.array_equal(g.read(), np_life(start, (3, 6), (2, 3), True, 5))
    with golcl.Stepper(ctx, "auto") as s, golcl.Grid(ctx, 64, 64) as g:
        s.run(g, 1)
        assert s.chosen in golcl.stepper_names()


def test_rule_names_and_tables():
    assert golcl.rule_canonical("HighLife") == "B36/S23"
    t = golcl.rule_table("B3/S23")
    assert t.shape == (512,) and t[0b000111000] == 1 and t[0] == 0  # 3 alive in a row: C lives
    with pytest.raises(golcl.ParseError):
        golcl.rule_table("B3/S2x")


def test_arrays_in_every_layout(ctx):
    base = np_randomize(W, H, 0.5, 1)
    with golcl.Grid(ctx, W, H) as g:
        for arr in (base, base.astype(bool), np.asfortranarray(base),
                    np.pad(base, ((0, 0), (0, 5)))[:, :W],    # rows at a larger stride
                    base[::-1],                               # negative row stride: one copy
                    np.repeat(base, 2, axis=1)[:, ::2]):      # columns at stride 2: one copy
            g.clear()
            g.write(arr)
            assert np.array_equal(g.read(), arr)
        out = np.zeros((H, W + 3), np.uint8)[:, :W]  # read into a view: rows at stride W+3
        assert g.read(out) is out and np.array_equal(out, base)
        assert np.array_equal(np.asarray(g), base)


def test_rectangles_and_clone(ctx):
    base = np_randomize(W, H, 0.5, 2)
    with golcl.Grid.from_array(ctx, base) as g:
        assert np.array_equal(g.read_rect(3, 4, 10, 7), base[4:11, 3:13])
        patch = np.ones((5, 6), np.uint8)
        g.write_rect(30, 20, patch)
        want = base.copy()
        want[20:25, 30:36] = 1
        assert np.array_equal(g.read(), want)
        with pytest.raises(golcl.InvalidArgument):
            g.read_rect(30, 20, 10, 2)  # past the right edge
        c = g.clone()
        assert np.array_equal(c.read(), want) and c.context is ctx
        c.close()


def test_generation_layout_bounds(ctx):
    with golcl.Grid(ctx, W, H, "torus") as g:
        g.generation = 41
        assert g.generation == 41
        assert g.layout == "bytes" and g.boundary == "torus"
        assert np.array_equal(g.rule_table, golcl.rule_table("B3/S23"))
        g.randomize(0.5, 5)
        h0 = g.hash()
        g.set_layout("bitrow")
        assert g.layout == "bitrow" and g.hash() == h0
        assert g.bounds == ":T37,29"
        g.bounds = ":T37+5,29"
        assert g.bounds == ":T37+5,29"
    # a shifted torus on naive equals the reference stepper (the definition)
    start = np_randomize(W, H, 0.4, 8)
    out = []
    for name in ("reference", "naive"):
        with golcl.Grid.from_array(ctx, start) as g:
            g.bounds = ":K37*,29"
            g.run(6, name)
            out.append(g.read())
    assert np.array_equal(out[0], out[1]) and out[0].sum() > 0


def test_place_extract_bounding_box(ctx):
    glider = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], np.uint8)
    p = golcl.Pattern.from_array(glider)
    with golcl.Grid(ctx, W, H) as g:
        g.place(p, 10, 5)
        assert g.bounding_box() == (10, 5, 3, 3)
        assert np.array_equal(g.read_rect(10, 5, 3, 3), glider)
        g.run(4, "naive")
        assert g.bounding_box() == (11, 6, 3, 3)
        e = g.extract()
        assert np.array_equal(e.to_array(), glider) and e.generation == 4


def test_repr_png_is_a_png_of_the_cells(ctx):
    import struct
    import zlib
    cells = np_randomize(W, H, 0.5, 3)
    with golcl.Grid.from_array(ctx, cells) as g:
        png = g._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", png[16:24])
    scale = w // W
    assert (w, h) == (W * scale, H * scale)
    idat = png[png.index(b"IDAT") + 4:png.index(b"IEND") - 8]
    raw = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, w + 1)[:, 1:]
    assert np.array_equal(raw[::scale, ::scale] == 255, cells == 1)


def test_devices_and_context(ctx):
    ds = golcl.devices()
    assert ds and all(":" in d["spec"] for d in ds)
    d = ctx.device
    assert d["spec"] in [x["spec"] for x in ds]
    with golcl.Context(d["spec"]) as c2:  # the same device by "P:D"
        assert c2.device["name"] == d["name"]
        c2.finish()
    with golcl.Context(d["name"].lower()) as c3:  # by name, case-insensitive
        assert c3.device["spec"] == d["spec"]
    with golcl.Context(d["type"]) as c4:  # "cpu" or "gpu"
        assert c4.device["type"] == d["type"]
    old = os.environ.get("GOLCL_DEVICE")
    os.environ["GOLCL_DEVICE"] = d["spec"]  # None: $GOLCL_DEVICE, read when the context is made
    try:
        with golcl.Context() as c5:
            assert c5.device["spec"] == d["spec"] and repr(c5).startswith("<golcl.Context")
    finally:
        if old is None:
            del os.environ["GOLCL_DEVICE"]
        else:
            os.environ["GOLCL_DEVICE"] = old
    assert ctx.errmsg == "" or isinstance(ctx.errmsg, str)
    with pytest.raises(golcl.NoDevice) as e:
        golcl.Context("no such device name xyz")
    assert "xyz" in str(e.value) and e.value.status == -2


def test_copies_are_as_documented(ctx, monkeypatch):
    """No copy for rows that are contiguous at a positive stride, one otherwise
    (docs/python.md, "Arrays: copies")."""
    from golcl import _base
    copies = []
    real = np.ascontiguousarray

    def counting(a, *args, **kw):
        copies.append(a.shape)
        return real(a, *args, **kw)
    monkeypatch.setattr(_base.np, "ascontiguousarray", counting)
    base = np_randomize(W, H, 0.5, 4)
    wide = np.zeros((H, W + 9), np.uint8)
    wide[:, 4:4 + W] = base
    with golcl.Grid(ctx, W, H) as g:
        for arr, n in ((base, 0), (base.astype(bool), 0), (wide[:, 4:4 + W], 0),
                       (np.asfortranarray(base), 1), (base[::-1], 1),
                       (np.repeat(base, 2, axis=1)[:, ::2], 1)):
            copies.clear()
            g.write(arr)
            assert len(copies) == n, (arr.strides, copies)
            assert np.array_equal(g.read(), arr)
        copies.clear()
        out = np.zeros((H, W + 3), np.uint8)[:, :W]
        g.read(out)
        g.read_rect(1, 1, 5, 5)
        assert copies == []
