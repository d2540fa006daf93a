"""Multi-state grids and rules against a numpy Generations reference and
the library's host reference."""
import numpy as np
import pytest

import golcl

W, H = 37, 29


def np_generations(cells, survive, birth, states, torus, gens):
    """Golly's Generations (rules.h conventions): neighbours in state 1 count."""
    c = cells.astype(np.int64)
    for _ in range(gens):
        one = (c == 1).astype(np.int64)
        if torus:
            n = sum(np.roll(np.roll(one, dy, 0), dx, 1)
                    for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
        else:
            p = np.pad(one, 1)
            n = sum(p[1 + dy:1 + dy + H, 1 + dx:1 + dx + W]
                    for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
        nxt = np.zeros_like(c)
        nxt[(c == 0) & np.isin(n, birth)] = 1
        nxt[(c == 1) & np.isin(n, survive)] = 1
        nxt[(c == 1) & ~np.isin(n, survive)] = 2 if states > 2 else 0
        old = c >= 2
        nxt[old] = np.where(c[old] + 1 >= states, 0, c[old] + 1)
        c = nxt
    return c.astype(np.uint8)


def start(states, seed=1):
    return np.random.default_rng(seed).integers(0, states, (H, W)).astype(np.uint8)


@pytest.mark.parametrize("boundary", ["torus", "dead"])
@pytest.mark.parametrize("rule,survive,birth,states", [("345/2/4", (3, 4, 5), (2,), 4),
                                                       ("/2/3", (), (2,), 3)])
def test_generations_match_numpy(ctx, boundary, rule, survive, birth, states):
    s = start(states)
    with golcl.MSGrid.from_array(ctx, s, rule, boundary) as g:
        assert g.states == states
        g.run(9)
        assert g.generation == 9
        want = np_generations(s, survive, birth, states, boundary == "torus", 9)
        assert np.array_equal(g.read(), want)
        assert np.array_equal(golcl.ms_reference_run(rule, s, 9, boundary), want)
        c = g.census()
        assert [int(c[k]) for k in range(states)] == [int((want == k).sum())
                                                      for k in range(states)]
        assert g.population() == int((want != 0).sum())


def test_msgrid_calls(ctx):
    with golcl.MSGrid(ctx, W, H, "torus", rule="345/2/4") as g:
        assert g.rule == "345/2/4" and g.states == 4 and g.shape == (H, W)
        assert g.boundary == "torus" and g.bounds == ":T37,29"
        g.bounds = ":T37+3,29"
        assert g.bounds == ":T37+3,29"
        g.bounds = ":T37,29"
        g.randomize(0.5, 3)
        a = g.read()
        assert a.max() < 4 and a.sum() > 0
        h = g.hash()
        g.clear()
        assert g.population() == 0 and g.hash() != h
        g.write(a)
        assert g.hash() == h and np.array_equal(np.asarray(g), a)
        g.write_rect(2, 3, np.full((2, 4), 3, np.uint8))
        assert np.array_equal(g.read_rect(2, 3, 4, 2), np.full((2, 4), 3, np.uint8))
        g.generation = 5
        assert g.generation == 5
        e = g.extract()
        assert e.rule == "345/2/4" and e.generation == 5
        g2 = golcl.MSGrid(ctx, W, H, "torus", rule="345/2/4")
        g2.place(e, 0, 0)
        g.place(e, 0, 0)
        assert g2.read().sum() > 0 and g._repr_png_()[:4] == b"\x89PNG"
        g2.close()
        with pytest.raises(golcl.ParseError):
            g.rule = "345/2/x"
        assert g.rule == "345/2/4"


def test_msgrid_on_the_host(ctx):
    """MSGrid(None, ...): a grid without a device, the device's soup, cells
    and hash after a run, on a torus and a shifted torus (the reference's)."""
    for bounds in (None, ":T37+3,29"):
        with golcl.MSGrid(None, W, H, "torus", rule="345/2/4") as h, \
                golcl.MSGrid(ctx, W, H, "torus", rule="345/2/4") as d:
            for g in (h, d):
                if bounds:
                    g.bounds = bounds
                g.randomize(0.5, 11)
                g.step(17)
            assert np.array_equal(h.read(), d.read()) and h.hash() == d.hash()
            assert h.population() > 0


def test_mspattern_and_rule_info(tmp_path):
    text = "x = 4, y = 1, rule = 345/2/4\n.ABC!\n"
    p = golcl.MSPattern.parse(text)
    assert p.shape == (1, 4) and p.rule == "345/2/4"
    assert list(p.to_array()[0]) == [0, 1, 2, 3]
    assert "345/2/4" in p.to_rle() and "[M2]" in p.to_macrocell()
    assert p.generation == 0 and isinstance(p.origin, tuple)
    path = tmp_path / "ww.rle"
    path.write_text(p.to_rle())
    assert np.array_equal(golcl.MSPattern.read(path).to_array(), p.to_array())
    info = golcl.msrule_info("/2/3")
    assert info["states"] == 3 and info["family"] == "generations"
    with pytest.raises(golcl.ParseError):
        golcl.MSPattern.parse("x = 2, y = 1, rule = 345/2/4\n.A{!\n")
