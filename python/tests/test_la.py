"""Vectors, operators, multigrid and CG against numpy and the raw C calls."""
import ctypes

import numpy as np
import pytest

import golcl
from golcl import _lib

NX, NY = 15, 13
N = NX * NY


def dense_laplacian(nx, ny, periodic=False):
    A = np.zeros((nx * ny, nx * ny))
    for y in range(ny):
        for x in range(nx):
            i = y * nx + x
            A[i, i] = 4
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                xx, yy = x + dx, y + dy
                if periodic:
                    A[i, (yy % ny) * nx + xx % nx] -= 1
                elif 0 <= xx < nx and 0 <= yy < ny:
                    A[i, yy * nx + xx] = -1
    return A


def rhs(n, seed=0, dtype=np.float64):
    return np.random.default_rng(seed).standard_normal(n).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_vectors(ctx, dtype):
    a, b = rhs(100, 1, dtype), rhs(100, 2, dtype)
    with golcl.Vec(ctx, a) as x, golcl.Vec(ctx, b) as y, golcl.Vec(ctx, 100, dtype) as z:
        assert len(x) == 100 and x.dtype == np.dtype(dtype)
        assert np.array_equal(x.read(), a) and np.array_equal(np.asarray(z), np.zeros(100))
        tol = dict(rtol=1e-5 if dtype == np.float32 else 1e-12)
        d = x.dot(y)
        raw = ctypes.c_double()
        assert _lib.fn("golcl_vec_dot")(x.h, y.h, ctypes.byref(raw)) == 0
        assert d == raw.value  # the C call's value, bit for bit
        assert np.isclose(d, np.dot(a.astype(np.float64), b), **tol)
        assert np.isclose(x.norm(), np.linalg.norm(a.astype(np.float64)), **tol)
        z.axpby(2.0, x, -3.0, y)
        assert np.allclose(z.read(), 2 * a - 3 * b, **tol)
        z.mul(x, y)
        assert np.allclose(z.read(), a * b, **tol)
        assert x.reduce("max") == (pytest.approx(float(a.max())), int(a.argmax()))
        assert x.reduce("amax")[1] == int(np.abs(a).argmax())
        z.fill(1.5)
        assert np.all(z.read() == 1.5)
        z.copy_from(x)
        z.write(np.array([7, 8], dtype), offset=98)
        assert np.array_equal(z.read()[:98], a[:98]) and list(z.read()[98:]) == [7, 8]
        with pytest.raises(golcl.InvalidArgument):
            z.write(np.zeros(3, np.int32))
        with pytest.raises(golcl.InvalidArgument):
            z.reduce("median")


def test_operators_match_numpy(ctx):
    A = dense_laplacian(NX, NY)
    x = rhs(N, 3)
    want = A @ x
    diags = {o: np.array([A[i, i + o] if 0 <= i + o < N else 0.0 for i in range(N)])
             for o in (-NX, -1, 0, 1, NX)}
    with golcl.BandMatrix(ctx, N, diags) as band, \
            golcl.Stencil.laplacian(ctx, (NY, NX)) as st:
        assert np.allclose(band @ x, want, rtol=1e-13, atol=1e-13)
        assert np.allclose(st @ x, want, rtol=1e-13, atol=1e-13)
        assert band.n == N and st.n == N
        with golcl.Vec(ctx, x) as vx, golcl.Vec(ctx, x) as vy, golcl.Vec(ctx, N) as vo:
            band.mv(vx, vy, vo)  # out = A·x + y
            assert np.allclose(vo.read(), want + x, rtol=1e-13, atol=1e-13)
    rp = [0]
    cols, vals = [], []
    for i in range(N):
        nz = np.nonzero(A[i])[0]
        cols += list(nz)
        vals += list(A[i, nz])
        rp.append(len(cols))
    with golcl.CSRMatrix(ctx, (N, N), rp, cols, np.array(vals)) as csr:
        assert csr.nnz == np.count_nonzero(A)
        assert np.allclose(csr @ x, want, rtol=1e-13, atol=1e-13)
    with golcl.Stencil.laplacian(ctx, (NY, NX), edge="periodic") as per:
        assert np.allclose(per @ x, dense_laplacian(NX, NY, True) @ x, rtol=1e-13, atol=1e-13)
    c9 = np.arange(9, dtype=np.float64)
    with golcl.Stencil(ctx, c9, (NY, NX)) as s9:
        f = x.reshape(NY, NX)
        p = np.pad(f, 1)
        w9 = sum(c9[(dy + 1) * 3 + dx + 1] * p[1 + dy:1 + dy + NY, 1 + dx:1 + dx + NX]
                 for dy in (-1, 0, 1) for dx in (-1, 0, 1))
        assert np.allclose(s9 @ x, w9.reshape(-1), rtol=1e-12, atol=1e-12)
    with golcl.Stencil.laplacian(ctx, (3, 4, 5)) as s7:
        assert s7.n == 60
        e = np.zeros(60)
        e[(1 * 4 + 1) * 5 + 2] = 1
        out = (s7 @ e).reshape(3, 4, 5)
        assert out[1, 1, 2] == 6 and out[0, 1, 2] == -1 and out[1, 1, 3] == -1
        assert np.count_nonzero(out) == 7


def test_scipy_sparse(ctx):
    sp = pytest.importorskip("scipy.sparse", reason="scipy is not installed: the "
                             "CSRMatrix.from_scipy path is not tested here")
    A = sp.csr_matrix(dense_laplacian(NX, NY))
    x = rhs(N, 4)
    with golcl.CSRMatrix.from_scipy(ctx, A.tocoo()) as m:
        assert np.allclose(m @ x, A @ x, rtol=1e-13, atol=1e-13)


def test_dense_matrix(ctx):
    a = np.random.default_rng(6).standard_normal((7, 7))
    try:
        m = golcl.DenseMatrix(ctx, a)
    except golcl.Unsupported as e:
        pytest.skip("dense matrices need CLBlast in this build: %s" % e)
    with m:
        x = rhs(7, 7)
        assert np.allclose(m @ x, a @ x, rtol=1e-12, atol=1e-12)


def raw_cg(op, b, x0, rtol, precond, cap, method=0):
    """The same solve through the raw C calls: (x, report, history)."""
    ctx = op._ctx
    vb, vx = golcl.Vec(ctx, b), golcl.Vec(ctx, x0)
    cg = ctypes.c_void_p()
    assert _lib.fn("golcl_cg_create")(op.op, ctypes.byref(cg)) == 0
    hist = (ctypes.c_double * cap)()
    o = _lib.CGOpts(rtol, 0.0, 0, precond, hist, cap, method)
    r = _lib.CGReport()
    assert _lib.fn("golcl_cg_run")(cg, vb.h, vx.h, ctypes.byref(o), ctypes.byref(r)) == 0
    _lib.fn("golcl_cg_destroy")(cg)
    x = vx.read()
    vb.close()
    vx.close()
    return x, r, np.array(hist[:r.history_len])


@pytest.mark.parametrize("kind,precond", [("band", "none"), ("band", "jacobi"),
                                          ("stencil", "mg"), ("csr", "jacobi"),
                                          ("stencil", "none")])
def test_cg_identical_to_c_and_correct(ctx, kind, precond):
    A = dense_laplacian(NX, NY)
    b = rhs(N, 8)
    if kind == "band":
        diags = {o: np.array([A[i, i + o] if 0 <= i + o < N else 0.0 for i in range(N)])
                 for o in (-NX, -1, 0, 1, NX)}
        op = golcl.BandMatrix(ctx, N, diags)
    elif kind == "stencil":
        op = golcl.Stencil.laplacian(ctx, (NY, NX))
    else:
        rows, cols = np.nonzero(A)
        op = golcl.CSRMatrix(ctx, (N, N), np.searchsorted(rows, np.arange(N + 1)), cols,
                             A[rows, cols])
    with op:
        x, rep = op.solve(b, rtol=1e-10, precond=precond)
        xr, rr, hr = raw_cg(op, b, np.zeros(N), 1e-10, {"none": 0, "jacobi": 1, "mg": 2}[precond],
                            N + 1)
        assert rep["converged"] and rep["stop"] == "converged"
        assert np.array_equal(x, xr)                       # bit for bit
        assert rep["iterations"] == rr.iterations
        assert rep["rel_residual"] == rr.rel_residual
        assert np.array_equal(rep["history"], hr)
        assert len(rep["history"]) == rep["iterations"] + 1 and rep["history"][0] == 1.0
        # against numpy: the residual the report gives, and the solution
        res = np.linalg.norm(b - A @ x) / np.linalg.norm(b)
        assert res == pytest.approx(rep["rel_residual"], rel=1e-3, abs=1e-15)
        assert res < 1e-9
        assert np.allclose(x, np.linalg.solve(A, b), rtol=1e-7, atol=1e-8)


def test_multigrid_and_cg_object(ctx):
    with golcl.Stencil.laplacian(ctx, (33, 33)) as st:
        mg = golcl.Multigrid(st)
        assert mg.levels >= 2
        b = rhs(33 * 33, 9)
        with golcl.Vec(ctx, b) as r, golcl.Vec(ctx, 33 * 33) as z:
            mg.vcycle(r, z)
            zz = z.read()
            assert np.dot(zz, b) > 0  # an SPD approximation of A⁻¹
        with st.cg() as cg:
            _, plain = cg.solve(b, rtol=1e-8)
            _, pre = cg.solve(b, rtol=1e-8, precond="mg")
            _, single = cg.solve(b, rtol=1e-8, method="single_reduction")
            _, capped = cg.solve(b, rtol=1e-12, max_iter=5)
        assert pre["iterations"] < plain["iterations"] / 3
        assert single["converged"] and capped["stop"] == "max_iter" and capped["iterations"] == 5
        mg.close()


def test_la_errors(ctx):
    with golcl.Stencil.laplacian(ctx, (NY, NX)) as st:
        with pytest.raises(golcl.InvalidArgument):
            st.solve(np.zeros(N, np.float64), precond="ilu")
        with pytest.raises(golcl.Mismatch):
            st.solve(np.ones(N, np.float32))  # an f32 vector for an f64 operator
        with pytest.raises(golcl.Mismatch):
            st.solve(np.ones(N + 1))
        _, rep = st.solve(np.zeros(N))
        assert rep["stop"] == "zero_rhs"
        with pytest.raises(golcl.InvalidArgument):
            golcl.Multigrid(st, levels=-2)
    with pytest.raises(golcl.InvalidArgument):
        golcl.Stencil(ctx, [1, 2, 3], (4, 4))
    with pytest.raises(golcl.InvalidArgument):
        golcl.Vec(ctx, np.zeros(4, np.int32))
    with pytest.raises(golcl.InvalidArgument):
        golcl.Vec(ctx, -3)
    with pytest.raises(golcl.InvalidArgument):
        golcl.BandMatrix(ctx, 4, {0: np.ones(3)})
    with pytest.raises(golcl.InvalidArgument):
        golcl.CSRMatrix(ctx, (2, 2), [0, 1, 2], [0, 5], np.ones(2))  # column out of range
