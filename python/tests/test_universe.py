"""The unbounded plane against a grid large enough to hold the run, and
its files, progress and pictures."""
import os

import numpy as np
import pytest

import golcl
from conftest import np_life

GENS = 300


def _gun_on_grid(ctx, data, gens):
    """The gun's cells after `gens` on a dead grid far larger than the run
    reaches (gliders travel gens/4 cells), read back around the origin."""
    p = golcl.Pattern.read(data("gosper-glider-gun.rle"))
    m = gens // 4 + 8
    with golcl.Grid(ctx, p.width + 2 * m, p.height + 2 * m) as g:
        g.place(p, m, m)
        g.run(gens, "naive")
        ox, oy = p.origin
        return g.read(), (ox - m, oy - m)


@pytest.mark.parametrize("algo", ["hashlife", "host-tiles", "sparse", "auto"])
def test_universe_matches_grid(ctx, data, algo):
    cells, (gx, gy) = _gun_on_grid(ctx, data, GENS)
    with golcl.Universe(ctx, algo) as u:
        u.read(data("gosper-glider-gun.rle"))
        assert u.population() == 36 and u.generation == 0
        u.run(GENS)
        assert u.generation == GENS
        assert u.population() == int(cells.sum())
        x, y, w, h = u.bounding_box()
        ys, xs = np.nonzero(cells)
        assert (x, y, w, h) == (gx + xs.min(), gy + ys.min(), np.ptp(xs) + 1, np.ptp(ys) + 1)
        a, (ax, ay) = u.to_array()
        assert np.array_equal(a, cells[ys.min():ys.max() + 1, xs.min():xs.max() + 1])
        assert u.stats()["algo"] in golcl.algorithms()


def test_hash_is_history_independent(ctx, data):
    with golcl.Universe() as u, golcl.Universe(ctx, "sparse") as v:
        u.read(data("gosper-glider-gun.rle"))
        v.read(data("gosper-glider-gun.rle"))
        u.run(120)
        v.run(60)
        v.run(60)
        assert u.hash() == v.hash()
        v.run(1)
        assert u.hash() != v.hash()


def test_rect_rule_load_extract(tmp_path):
    with golcl.Universe() as u:
        blinker = np.array([[1, 1, 1]], np.uint8)
        u.write_rect(-10**12, 5, blinker)  # far from the origin
        assert u.bounding_box() == (-10**12, 5, 3, 1)
        u.run(1)
        assert np.array_equal(u.read_rect(-10**12 + 1, 4, 1, 3), np.ones((3, 1), np.uint8))
        u.rule = "HighLife"
        assert u.rule == "B36/S23"
        with pytest.raises(golcl.ParseError):
            u.rule = "B3/Sx"
        assert u.rule == "B36/S23"
        glider = golcl.Pattern.parse("x = 3, y = 3\nbo$2bo$3o!\n")
        glider.origin = (100, 200)
        u.load(glider)
        assert u.bounding_box() == (100, 200, 3, 3) and u.rule == "B3/S23"
        u.generation = 7
        e = u.extract()
        assert e.origin == (100, 200) and e.generation == 7 and e.population == 5
        for ext in (".rle", ".mc"):
            path = os.path.join(tmp_path, "u" + ext)
            u.write(path)
            w = golcl.Universe.open(path)
            assert w.hash() == u.hash() and w.generation == 7
            w.close()
        assert u.to_rle().startswith("#CXRLE") and u.to_macrocell().startswith("[M2]")


def test_numpy_agrees_on_a_soup():
    rng = np.random.default_rng(4)
    soup = (rng.random((20, 20)) < 0.4).astype(np.uint8)
    with golcl.Universe() as u:
        u.write_rect(0, 0, soup)
        u.run(30)
        got = u.read_rect(-40, -40, 100, 100)
    want = np_life(np.pad(soup, 40), torus=False, gens=30)
    assert np.array_equal(got, want)


def test_errors_leave_the_universe_unchanged(tmp_path, data):
    with golcl.Universe() as u:
        u.read(data("gosper-glider-gun.rle"))
        h = u.hash()
        bad = os.path.join(tmp_path, "bad.rle")
        with open(bad, "w") as f:
            f.write("x = 3, y = 3\nbo$2bo$3o{!\n")
        with pytest.raises(golcl.ParseError) as e:
            u.read(bad)
        assert "bad.rle" in str(e.value)
        with pytest.raises(golcl.IOError):
            u.read(os.path.join(tmp_path, "none.rle"))
        with pytest.raises(golcl.InvalidArgument):
            u.run(-5)
        with pytest.raises(golcl.InvalidArgument):
            u.write_rect(0, 0, np.zeros((2, 2), np.float32))
        with pytest.raises(golcl.InvalidArgument):
            golcl.Universe(algo="no-such-algo")
        assert u.hash() == h and u.generation == 0


def test_progress_when_the_library_has_it(data):
    with golcl.Universe(algo="hashlife") as u:
        u.read(data("gosper-glider-gun.rle"))
        if not golcl.has_function("golcl_universe_run_progress"):
            with pytest.raises(golcl.Unsupported) as e:
                u.run(100, progress=lambda d, t: None)
            assert "golcl_universe_run_progress" in str(e.value)
            assert u.generation == 0
            pytest.skip("this libgolcl lacks golcl_universe_run_progress (declared in "
                        "golcl_universe.h, implemented on another branch): Unsupported checked")
        calls = []
        u.run(1 << 20, progress=lambda d, t: calls.append((d, t)))
        assert u.generation == 1 << 20
        assert calls and all(t == 1 << 20 and d <= t for d, t in calls)
        assert [d for d, t in calls] == sorted(d for d, t in calls)
        h = u.hash()
    with golcl.Universe(algo="hashlife") as v:  # the same cells as a run without progress
        v.read(data("gosper-glider-gun.rle"))
        v.run(1 << 20)
        assert v.hash() == h
    # the first chunk boundary calls back: False there stops a run of 2^40
    with golcl.Universe(algo="hashlife") as u:
        u.read(data("gosper-glider-gun.rle"))
        seen = []

        def stop(d, t):
            seen.append(d)
            return False
        with pytest.raises(golcl.Cancelled) as e:
            u.run(1 << 40, progress=stop)
        assert e.value.status == -10 and "cancelled" in str(e.value)
        assert len(seen) == 1 and u.generation == seen[0] < 1 << 40

        def boom(d, t):
            raise KeyError("from the callback")
        g0 = u.generation
        with pytest.raises(KeyError):
            u.run(1 << 40, progress=boom)
        assert g0 <= u.generation < 1 << 40


@pytest.mark.parametrize("algo", ["auto", "host-tiles", "sparse"])
def test_progress_calls_back_in_a_long_run(ctx, data, algo):
    """A run of 2^15 generations of the growing gun (about 2 s on host tiles
    on 2 shared cores) must call back; a run too quick to need a call (under
    half a second) says so and is skipped."""
    import time
    if not golcl.has_function("golcl_universe_run_progress"):
        pytest.skip("this libgolcl lacks golcl_universe_run_progress")
    with golcl.Universe(ctx, algo) as u:
        u.read(data("gosper-glider-gun.rle"))
        calls = []
        t0 = time.perf_counter()
        u.run(1 << 15, progress=lambda d, t: calls.append(d))
        took = time.perf_counter() - t0
        assert u.generation == 1 << 15
        if not calls and took < 0.5:
            pytest.skip("%s ran 2^15 generations in %.2f s: too short to require a call"
                        % (algo, took))
        assert calls, "no progress call in %.2f s of %s" % (took, algo)


def test_multistate_when_the_library_has_it(ctx):
    with golcl.Universe() as u:
        if not golcl.has_function("golcl_universe_census"):
            for call in (u.census, lambda: u.states, lambda: u.read_scaled(0, 0, 4, 4, 1)):
                with pytest.raises(golcl.Unsupported):
                    call()
            pytest.skip("this libgolcl lacks the universe's multi-state calls "
                        "(golcl_universe_census, ...): Unsupported checked")
        u.rule = "345/2/4"
        assert u.states == 4
        u.write_rect(0, 0, np.array([[1, 2, 3, 3]], np.uint8))
        c = u.census()
        assert list(c[:4]) == [0, 1, 1, 2]
        share, state = u.read_scaled(0, 0, 1, 1, 2)  # one 4x4 block: 4 of 16 cells
        assert share[0, 0] in (63, 64) and state[0, 0] == 3  # 255·4/16, rounded
        e = u.extract_ms()
        assert e.rule == "345/2/4" and list(e.to_array()[0]) == [1, 2, 3, 3]
        g = np.random.default_rng(2).integers(0, 4, (12, 12)).astype(np.uint8)
        with golcl.Universe() as v:
            v.load(golcl.MSPattern.parse(golcl.MSGrid.from_array(
                ctx, g, "345/2/4").extract().to_rle()))
            v.run(5)
            # the universe against the grid's host reference, far from any edge
            want = golcl.ms_reference_run("345/2/4", np.pad(g, 20), 5)
            x, y, w, h = v.bounding_box()
            ys, xs = np.nonzero(want)
            got = v.read_rect(x - xs.min(), y - ys.min(), 52, 52)
            assert np.array_equal(got, want)


def test_multistate_on_the_device_tiles(ctx):
    """"sparse" runs multi-state cells on the device tiles of states: the
    cells of the host tiles of states (Brian's Brain, a soup across tiles)."""
    soup = np.random.default_rng(4).integers(0, 3, (150, 130)).astype(np.uint8)
    with golcl.Universe(ctx, "sparse") as d, golcl.Universe(None, "host-tiles") as h:
        for u in (d, h):
            u.rule = "/2/3"
            u.write_rect(-70, -40, soup)
            u.run(37)
            u.run(60)
        assert d.hash() == h.hash()
        assert list(d.census()) == list(h.census())
        assert d.bounding_box() == h.bounding_box()


def test_repr_png(data):
    with golcl.Universe() as u:
        u.read(data("gosper-glider-gun.rle"))
        assert u._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
        u.write_rect(5000, 5000, np.ones((1, 1), np.uint8))  # a wide box
        assert u._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_is_soup_tells_a_soup_from_a_lattice():
    """A random soup is a soup for AUTO; a block lattice as full is not."""
    soup = (np.random.default_rng(3).random((256, 256)) < 0.5).astype(np.uint8)
    lattice = np.zeros((256, 256), np.uint8)
    lattice[np.arange(256) % 4 < 2] = 1
    lattice[:, np.arange(256) % 4 >= 2] = 0
    u, v = golcl.Universe(), golcl.Universe()
    u.write_rect(0, 0, soup)
    v.write_rect(0, 0, lattice)
    assert u.is_soup() and not u.is_soup(10**6)
    assert not v.is_soup()
