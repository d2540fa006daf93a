"""Graphs, Life on graphs and the Nowak–May game against numpy references."""
import numpy as np
import pytest

import golcl
from conftest import np_life

NX, NY = 37, 29


def np_moore_table(nx, ny, torus=True):
    """The documented lattice table: offsets in the order dy, dx from -1 to 1."""
    y, x = np.mgrid[0:ny, 0:nx]
    rows = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) == (0, 0):
                continue
            xx, yy = x + dx, y + dy
            if torus:
                idx = (yy % ny) * nx + (xx % nx)
            else:
                idx = np.where((xx >= 0) & (xx < nx) & (yy >= 0) & (yy < ny), yy * nx + xx, -1)
            rows.append(idx.reshape(-1))
    return np.array(rows, np.int32)


def np_game(s, table, payoffs, self_int, gens):
    """Nowak–May as golcl_lattice.h defines it, in float32 without fma."""
    R, S, T, P = (np.float32(v) for v in payoffs)
    s = s.reshape(-1).astype(bool)
    valid = table >= 0
    safe = np.where(valid, table, 0)
    for _ in range(gens):
        nd = (valid & s[safe]).sum(0).astype(np.float32)
        nc = (valid & ~s[safe]).sum(0).astype(np.float32)
        if self_int:
            nd += s
            nc += ~s
        X = np.where(s, T, R).astype(np.float32)
        Y = np.where(s, P, S).astype(np.float32)
        score = (nc * X).astype(np.float32) + (nd * Y).astype(np.float32)
        nb_score = np.where(valid, score[safe], -np.inf)
        best = np.maximum(nb_score.max(0), score)
        c_best = (valid & (nb_score == best) & ~s[safe]).any(0)
        new = np.where(score == best, s, ~c_best)
        s = new
    return s.astype(np.uint8)


def test_lattice_table_is_the_documented_one(ctx):
    for torus in (True, False):
        with golcl.Graph.lattice(ctx, NX, NY, boundary="torus" if torus else "dead") as g:
            assert g.cells == NX * NY and g.degree == 8 and g.shape == (NY, NX)
            assert np.array_equal(g.table(), np_moore_table(NX, NY, torus))
    with golcl.Graph.lattice(ctx, 4, 5, 6, neighbourhood="von_neumann") as g3:
        assert g3.degree == 6 and g3.shape == (6, 5, 4)


@pytest.mark.parametrize("kernel", golcl.kernel_names())
def test_graph_life_matches_numpy(ctx, kernel):
    s = (np.random.default_rng(2).random((NY, NX)) < 0.4).astype(np.uint8)
    with golcl.Graph.lattice(ctx, NX, NY) as g, golcl.GraphLife(g, "B3/S23") as life:
        if not g.kernel_available(kernel):
            pytest.skip("kernel %s does not run Life on a lattice graph" % kernel)
        life.write(s)
        try:
            life.run(11, kernel)
        except golcl.Unsupported as e:
            pytest.skip("kernel %s: %s" % (kernel, e))
        assert life.generation == 11
        want = np_life(s, torus=True, gens=11)
        assert np.array_equal(life.read(), want)
        assert life.population() == int(want.sum())


def test_graph_from_own_table_life(ctx):
    # a ring of 50 cells, each with its two neighbours: rule B1/S1 on a table
    n = 50
    i = np.arange(n)
    table = np.array([(i - 1) % n, (i + 1) % n], np.int32)
    with golcl.Graph(ctx, table) as g, golcl.GraphLife(g) as life:
        life.set_rule("B1/S")
        s = np.zeros(n, np.uint8)
        s[10] = 1
        life.write(s)
        life.run(1)
        want = np.zeros(n, np.uint8)
        want[[9, 11]] = 1
        assert np.array_equal(life.read(), want)
        life.randomize(0.5, 9)
        assert 0 < life.population() < n
    with pytest.raises(golcl.InvalidArgument):
        golcl.Graph(ctx, np.array([[0, 99]], np.int32))  # an entry out of range
    with pytest.raises(golcl.InvalidArgument):
        golcl.Graph(ctx, table.astype(np.int64))


@pytest.mark.parametrize("kernel", golcl.kernel_names())
@pytest.mark.parametrize("boundary", ["torus", "dead"])
def test_game_matches_numpy(ctx, kernel, boundary):
    s = (np.random.default_rng(5).random((NY, NX)) < 0.3).astype(np.uint8)
    with golcl.Graph.lattice(ctx, NX, NY, boundary=boundary) as g, golcl.Game(g, b=1.85) as game:
        if not g.kernel_available(kernel):
            pytest.skip("kernel %s does not run the game on this lattice" % kernel)
        game.write(s)
        try:
            game.run(7, kernel)
        except golcl.Unsupported as e:
            pytest.skip("kernel %s: %s" % (kernel, e))
        want = np_game(s, np_moore_table(NX, NY, boundary == "torus"), game.payoffs, True, 7)
        strat, prev = game.read()
        assert np.array_equal(strat, want.reshape(NY, NX))
        assert np.array_equal(prev, np_game(s, np_moore_table(NX, NY, boundary == "torus"),
                                            game.payoffs, True, 6).reshape(NY, NX))
        assert game.cooperators() == int((want == 0).sum())
        assert game.generation == 7


def test_game_calls(ctx):
    with golcl.Graph.lattice(ctx, NX, NY) as g, golcl.Game(g) as game:
        game.payoffs = (1.0, -0.1, 1.6, 0.05)
        assert game.payoffs == (1.0, np.float32(-0.1), np.float32(1.6), np.float32(0.05))
        assert game.b is None
        assert game.self_interaction is True
        game.self_interaction = False
        assert game.self_interaction is False
        game.randomize(0.25, 11)
        s0 = game.strategies
        assert 0.1 < s0.mean() < 0.4 and game.cooperation() == 1 - s0.mean()
        sc = game.scores()
        assert sc.dtype == np.float32 and sc.shape == (NY, NX)
        # a cooperator among 8 cooperators scores 8R; a defector among 8 cooperators 8T
        t = np_moore_table(NX, NY)
        nd = s0.reshape(-1)[t].sum(0).reshape(NY, NX)
        assert np.all(sc[(s0 == 0) & (nd == 0)] == np.float32(8.0))
        assert np.all(sc[(s0 == 1) & (nd == 0)] == np.float32(8) * np.float32(1.6))
        game.run(3)
        want = np_game(s0, t, game.payoffs, False, 3)
        assert np.array_equal(game.strategies.reshape(-1), want)
        with pytest.raises(golcl.InvalidArgument):
            game.payoffs = (1, 0, float("inf"), 0)
        with pytest.raises(golcl.InvalidArgument):
            game.write(np.zeros((NX, NY), np.uint8))  # transposed shape
        with pytest.raises(golcl.InvalidArgument):
            game.run(-1)
        assert np.array_equal(game.strategies.reshape(-1), want)  # unchanged


def test_meshes(ctx, tmp_path):
    with golcl.Mesh.torus(NX, NY) as m:
        assert m.face_count == NX * NY and m.vertex_count == NX * NY
        t = m.table("vertex")
        assert t.shape == (8, NX * NY)
        # the torus grid: each face's 8 vertex neighbours are its Moore cells
        assert np.array_equal(np.sort(t, 0), np.sort(np_moore_table(NX, NY), 0))
        assert m.table("edge").shape == (4, NX * NY)
        v, f = m.vertices(), m.faces()
        assert v.shape == (NX * NY, 3) and f.shape == (NX * NY, 4) and f.max() < NX * NY
        r = np.hypot(np.hypot(v[:, 0], v[:, 1]) - 2.0, v[:, 2])  # R = 2, r = 1
        assert np.allclose(r, 1.0)
        s = (np.random.default_rng(3).random((NY, NX)) < 0.4).astype(np.uint8)
        with golcl.Graph.from_mesh(ctx, m) as g, golcl.GraphLife(g, "B3/S23") as life:
            assert np.array_equal(g.table(), t)
            life.write(s.reshape(-1))
            life.run(9)
            assert np.array_equal(life.read().reshape(NY, NX), np_life(s, torus=True, gens=9))
    with golcl.Mesh.cube_sphere(3) as cs:
        assert cs.face_count == 54 and np.allclose(np.linalg.norm(cs.vertices(), axis=1), 1)
    with golcl.Mesh.klein(5, 4) as k:
        assert k.face_count == 20
    obj = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0 0\nv 2 1 0\nf 1 2 3 4\nf 2 5 6 3\n"
    with golcl.Mesh.parse_obj(obj) as two:
        assert two.table("edge").tolist() == [[-1, -1], [1, -1], [-1, -1], [-1, 0]]
        assert np.array_equal(two.faces(), [[0, 1, 2, 3], [1, 4, 5, 2]])
    (tmp_path / "q.obj").write_text(obj)
    with golcl.Mesh.read_obj(tmp_path / "q.obj") as again:
        assert again.face_count == 2
    with pytest.raises(golcl.ParseError):
        golcl.Mesh.parse_obj("v 0 0 0\nf 1 2 3\n")
    with pytest.raises(golcl.InvalidArgument):
        golcl.Mesh.torus(2, 5)
